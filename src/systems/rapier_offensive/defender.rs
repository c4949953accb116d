//! Defender movement: 1d6 mobile units (1d3 with the HQ gone), each turned face up as it
//! moves; otherwise as attacker movement, in any orthogonal direction (reading).

use super::combat::{free_shot, Side};
use super::errors::RuleError;
use super::grid::Sector;
use super::movement::{bog_dice, bogged_at, reveal};
use super::optional::kill_target;
use super::setup::{Setup, READINGS_SECTOR_HOLDER};
use super::state::{CounterPlace, State};
use super::tables::{self, STACKING};
use super::terrain;
use super::units::{Piece, UnitKind};

/// What a counter moves as: its unit's type, or a dummy (which moves as infantry).
pub fn mover_kind(setup: &Setup, piece: Option<Piece>) -> Option<UnitKind> {
    match piece {
        Some(Piece::Unit(i)) => Some(setup.defender.units[i as usize].kind),
        Some(Piece::Dummy) => Some(UnitKind::RIFLES),
        _ => None,
    }
}

/// The sector a defending counter withdraws to first: where it came from, else its rear.
pub fn way_back(s: &State, id: u16, from: Sector) -> Option<Sector> {
    s.counters[id as usize].came_from.or_else(|| Sector::new(from.axis, from.line + 1))
}

/// The free-shot dice the attackers throw at counter `id` if it leaves its sector now.
pub fn withdrawal_dice(setup: &Setup, s: &State, id: u16) -> u8 {
    let c = &s.counters[id as usize];
    match (c.sector(), mover_kind(setup, c.piece)) {
        (Some(from), Some(kind)) if s.attackers_in(from) > 0 => free_shot(setup, s, from, Side::Attacker, kind),
        _ => 0,
    }
}

/// The checks of one step of counter `id`'s path (moving as `kind`), from `at` into `next`,
/// `last` if it stops there. With `check_counter_move`, what the grammar asks to offer only the
/// steps the rules allow.
pub fn check_counter_step(
    setup: &Setup,
    s: &State,
    id: u16,
    kind: UnitKind,
    at: Sector,
    next: Sector,
    last: bool,
) -> Result<(), RuleError> {
    if !next.is_on_table() || !at.is_next_to(next) {
        return Err(RuleError::NotNextTo(at, next));
    }
    if !last && s.attackers_in(next) > 0 {
        return Err(RuleError::PassesThroughEnemy(next));
    }
    if terrain::impassable(setup, next, kind) {
        return Err(RuleError::Impassable(next));
    }
    if !last && terrain::halts(setup, s, next, kind) {
        return Err(RuleError::Halted(next));
    }
    if s.counters_in(next).filter(|x| x.id != id).count() >= STACKING {
        return Err(RuleError::Overstacked(next));
    }
    Ok(())
}

/// Whether counter `id` may move along `path` now: everything `move_counter` checks before it
/// moves the counter (the grammar asks it too). The kind it moves as.
pub fn check_counter_move(setup: &Setup, s: &State, id: u16, path: &[Sector]) -> Result<UnitKind, RuleError> {
    let movers = s.defender_movers.ok_or(RuleError::MoversNotRolled)?;
    if s.defender_moved >= movers {
        return Err(RuleError::NoMoversLeft(movers));
    }
    let c = *s.counters.get(id as usize).ok_or(RuleError::UnknownCounter(id))?;
    let from = c.sector().ok_or(RuleError::UnknownCounter(id))?;
    let kind = mover_kind(setup, c.piece).ok_or(RuleError::CannotMove(id))?;
    if c.moved {
        return Err(RuleError::CounterMoved(id));
    }
    let Some(&first) = path.first() else { return Err(RuleError::EmptyPath) };
    if s.attackers_in(from) > 0 && Some(first) != way_back(s, id, from) {
        return Err(RuleError::WrongWayBack(way_back(s, id, from)));
    }
    let mut at = from;
    for (k, &next) in path.iter().enumerate() {
        check_counter_step(setup, s, id, kind, at, next, k + 1 == path.len())?;
        at = next;
    }
    let into_contact = s.attackers_in(at) > 0;
    let allowance = tables::allowance(tables::move_class(kind), into_contact);
    if path.len() > allowance as usize {
        return Err(RuleError::TooFar { allowance, steps: path.len() });
    }
    Ok(kind)
}

pub fn move_counter(setup: &Setup, s: &mut State, id: u16, path: &[Sector], dice: &[u16]) -> Result<(), RuleError> {
    let kind = check_counter_move(setup, s, id, path)?;
    let from = s.counters[id as usize].sector().ok_or(RuleError::UnknownCounter(id))?;
    let withdrawing = s.attackers_in(from) > 0;
    let bog_count = bog_dice(setup, s, Some(kind), path);
    let bogged = bogged_at(setup, s, kind, path, &dice[dice.len().saturating_sub(bog_count)..]);
    s.defender_moved += 1;
    let turn = s.turn;
    let m = &mut s.counters[id as usize];
    m.moved = true;
    if !m.revealed {
        m.revealed = true;
        m.revealed_turn = turn;
    }
    let kill = kill_target(setup.options.moving_targets, true, kind);
    let shot = &dice[..dice.len().saturating_sub(bog_count)];
    if withdrawing && shot.iter().any(|&d| d >= kill) {
        m.place = CounterPlace::Gone;
        return Ok(());
    }
    // Bogging: the counter stops before the first sector it fails to enter.
    let path = match bogged {
        Some(k) => &path[..k],
        None => path,
    };
    let Some(&at) = path.last() else { return Ok(()) };
    let into_contact = s.attackers_in(at) > 0;
    // Moving in on attacking units that hold the sector alone: they are its defender.
    let on_their_ground = into_contact && !s.counters_in(at).any(|x| x.id != id && x.holds());
    if on_their_ground && setup.readings >= READINGS_SECTOR_HOLDER && !s.attackers_hold.contains(&at) {
        s.attackers_hold.push(at);
    }
    let m = &mut s.counters[id as usize];
    m.place = CounterPlace::On(at);
    m.came_from = Some(if path.len() >= 2 { path[path.len() - 2] } else { from });
    if m.piece == Some(Piece::Dummy) {
        m.place = CounterPlace::Gone;
    }
    if into_contact {
        reveal(s, at);
    }
    Ok(())
}
