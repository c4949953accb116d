//! Who sits at the table and what each may see. The two players are seats 0 (A) and 1 (B);
//! the only secret is each turn's offensive action, hidden until both have chosen.

use super::orbat::Setup;
use super::rules::Decision;
use super::stage::{Part, Stage, Step};
use super::state::{Side, State};
use crate::engine::{Entry, Reader, Readers, Seat, TwoSides};

impl TwoSides for Side {
    const SIDES: [Side; 2] = Side::BOTH;
}

pub fn seats(_setup: &Setup) -> Vec<Seat> {
    Side::seats()
}

pub fn seat_name(setup: &Setup, seat: Seat) -> String {
    Side::seat_name(setup.players.each_ref().map(|p| p.name.as_str()), seat)
}

/// The players still to choose, or the player whose part of the turn it is when he alone
/// decides (fielding forces, replacing commanders); empty when both sit over a roll.
pub fn to_act(_setup: &Setup, s: &State) -> Vec<Seat> {
    match &s.stage {
        Stage::Choosing(actions) => {
            Side::BOTH.iter().filter(|side| actions[side.index()].is_none()).map(|side| side.seat()).collect()
        }
        Stage::Part(Part { step: Step::FieldForces(_) | Step::ReplaceCommanders, battle, .. }) => vec![battle.side.seat()],
        Stage::Part(_) | Stage::Finished { .. } => Vec::new(),
    }
}

pub fn actor(_setup: &Setup, s: &State, d: &Decision) -> Option<Seat> {
    match d {
        Decision::ChooseAction { side, .. } => Some(side.seat()),
        Decision::FieldForces { .. } | Decision::ReplaceCommander { .. } => s.offensive_side().map(Side::seat),
        _ => None,
    }
}

/// The offensive actions are two secret choices made in turn (`Readers::simultaneous`).
pub fn audience(_setup: &Setup, at: &State, e: &Entry<Decision>, now: &State, active: bool) -> Readers {
    let Decision::ChooseAction { side, .. } = &e.decision else { return Readers::EVERYONE };
    let revealed = now.turn > at.turn || now.both_chosen() || now.outcome().is_some();
    Readers::simultaneous(side.seat(), active, revealed, at.actions()[side.other().index()].is_some())
}

/// The position without a choice the reader may not see yet.
pub fn view(_setup: &Setup, s: &State, reader: Reader) -> State {
    let mut v = s.clone();
    if let Stage::Choosing(actions) = &mut v.stage {
        for side in Side::hidden_from(reader) {
            actions[side.index()] = None;
        }
    }
    v
}
