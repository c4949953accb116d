//! Who sits at the table: the scouting player (seat 0) and the defender (seat 1). Nothing in
//! the journal is hidden: the defender's troops stay on his own map, off the app, and a
//! reaction he declines reads the same as one he could not make.

use super::rules::{waiting_for, Actor};
use super::state::State;
use super::team::Setup;
use crate::engine::Seat;

pub const SCOUTS: Seat = Seat(0);
pub const DEFENDER: Seat = Seat(1);

pub fn seats(_setup: &Setup) -> Vec<Seat> {
    vec![SCOUTS, DEFENDER]
}

pub fn seat_name(_setup: &Setup, seat: Seat) -> String {
    match seat {
        SCOUTS => "Scouting player".into(),
        DEFENDER => "Defender".into(),
        other => format!("seat {}", other.0),
    }
}

pub fn to_act(_setup: &Setup, s: &State) -> Vec<Seat> {
    match waiting_for(s) {
        Actor::ScoutingPlayer => vec![SCOUTS],
        Actor::Defender => vec![DEFENDER],
        Actor::Either | Actor::Nobody => Vec::new(),
    }
}

/// The seat the step waits for takes its decision; a roll either may make is the table's.
pub fn actor(setup: &Setup, s: &State) -> Option<Seat> {
    to_act(setup, s).first().copied()
}
