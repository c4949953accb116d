//! Who sits at the table and what each may see. West is seat 0, East seat 1; the only secret
//! is each game's force list, hidden until both are in (or the game is conceded).

use super::company::Setup;
use super::rules::Decision;
use super::state::{At, Side, State, Step, TurnRecord};
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

/// The players still to hand in a force list; otherwise the table (empty).
pub fn to_act(_setup: &Setup, s: &State) -> Vec<Seat> {
    match &s.step {
        Step::Turn { at: At::Forces, record: t } => {
            Side::BOTH.iter().filter(|side| t.forces[side.index()].is_none()).map(|side| side.seat()).collect()
        }
        _ => Vec::new(),
    }
}

/// The player a decision names; rolls and agreed entries are the table's.
pub fn actor(_setup: &Setup, _s: &State, d: &Decision) -> Option<Seat> {
    match d {
        Decision::ChangeMission { side, .. }
        | Decision::SubmitForce { side, .. }
        | Decision::Concede { side }
        | Decision::RecordCasualties { side, .. }
        | Decision::Reinforce { side, .. }
        | Decision::ExchangeSupport { side, .. }
        | Decision::DoneExchanging { side }
        | Decision::TopUp { side, .. } => Some(side.seat()),
        _ => None,
    }
}

/// Lists are shown once both are in, or once the game is conceded (the winner's list then
/// counts for his recon bonus), and of course once the turn is over.
fn shown(t: &TurnRecord) -> bool {
    t.revealed || t.conceded.is_some()
}

fn revealed(at: &State, now: &State) -> bool {
    now.turn > at.turn || now.outcome().is_some() || now.current().is_some_and(shown)
}

/// The force lists are two secret choices made in turn (`Readers::simultaneous`).
pub fn audience(_setup: &Setup, at: &State, e: &Entry<Decision>, now: &State, active: bool) -> Readers {
    let Decision::SubmitForce { side, .. } = &e.decision else { return Readers::EVERYONE };
    let other_in = at.current().is_some_and(|t| t.forces[side.other().index()].is_some());
    Readers::simultaneous(side.seat(), active, revealed(at, now), other_in)
}

/// The position without a force list the reader may not see yet.
pub fn view(_setup: &Setup, s: &State, reader: Reader) -> State {
    let mut v = s.clone();
    if let Some(t) = v.current_mut().filter(|t| !shown(t)) {
        for side in Side::hidden_from(reader) {
            t.forces[side.index()] = None;
        }
    }
    v
}
