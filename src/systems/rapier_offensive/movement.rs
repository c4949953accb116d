//! Attacker movement: along the axis of attack (division assets also sideways within the
//! frontage), no diagonals, stacking six at every step, into an enemy sector but not through,
//! and the reserves coming forward with the Corps Commander's leave.

use super::combat::{free_shot, Side};
use super::errors::RuleError;
use super::grid::{Frontage, Sector, LINES};
use super::optional::kill_target;
use super::setup::{Setup, ATTACKING_DIVISIONS, READINGS_FIXED_ENEMY, READINGS_RESERVE_OVERLAP};
use super::state::{CounterPlace, Place, State, UnitRef};
use super::tables::{self, STACKING};
use super::terrain;
use super::units::{Piece, UnitKind};

fn find(s: &State, r: UnitRef) -> Result<usize, RuleError> {
    s.index_of(r).ok_or(RuleError::UnknownUnit(r))
}

/// Friendly units in `sector` other than unit `i`.
fn others_in(s: &State, sector: Sector, i: usize) -> usize {
    s.units.iter().enumerate().filter(|(k, u)| *k != i && u.place == Place::On(sector)).count()
}

/// A division without an HQ this turn: its units moved so far, the most that may move (half
/// its units, rounded down) and its units; `None` for a division with its HQ.
pub fn headless_moves(setup: &Setup, s: &State, d: u8) -> Option<(usize, usize, usize)> {
    if !s.hq_lost(setup, d) {
        return None;
    }
    let mine = s.units.iter().filter(|u| u.division == Some(d) && !matches!(u.place, Place::Killed | Place::Exited));
    let (alive, moved) = mine.fold((0, 0), |(a, m), u| (a + 1, m + u.moved as usize));
    Some((moved, tables::headless_movers(alive), alive))
}

/// A division without an HQ moves at most half its units (rounded down).
fn check_headless(setup: &Setup, s: &State, division: Option<u8>) -> Result<(), RuleError> {
    let Some(d) = division else { return Ok(()) };
    match headless_moves(setup, s, d) {
        Some((moved, max, _)) if moved >= max => Err(RuleError::HeadlessLimit { division: d, max }),
        _ => Ok(()),
    }
}

/// Turns the counters of a sector face up; dummies are lifted.
pub fn reveal(s: &mut State, sector: Sector) {
    let turn = s.turn;
    for c in s.counters.iter_mut().filter(|c| c.place == CounterPlace::On(sector)) {
        if !c.revealed {
            c.revealed_turn = turn;
        }
        c.revealed = true;
        if c.piece == Some(Piece::Dummy) {
            c.place = CounterPlace::Gone;
        }
    }
}

/// Where a unit withdrawing from contact must step first: back the way it came, or to the
/// rear if it came from nowhere (it was stationary); `None` off the back of the table.
pub fn way_back(s: &State, i: usize, from: Sector) -> Option<Sector> {
    s.units[i].came_from.or_else(|| Sector::new(from.axis, from.line.wrapping_sub(1)))
}

/// The free-shot dice the defender throws at unit `r` if it leaves its sector now: the best
/// enemy unit's ground-combat dice against its type (reading); none out of contact.
pub fn withdrawal_dice(setup: &Setup, s: &State, r: UnitRef) -> u8 {
    match s.index_of(r).map(|i| s.units[i].place) {
        Some(Place::On(from)) if s.defended(from) => free_shot(setup, s, from, Side::Defender, s.unit(setup, r).kind),
        _ => 0,
    }
}

/// Bogging: the sectors of `path` a unit of `kind` throws a die to enter, by their place in
/// the path, each with the least score it needs; none with the option off. Since
/// `READINGS_FIXED_ENEMY` a sector the table lets it enter on any score ("Moves as ordered"
/// for sure) takes no die; games stored before threw one for every sector entered.
pub fn bog_rolls(setup: &Setup, s: &State, kind: UnitKind, path: &[Sector]) -> Vec<(usize, u16)> {
    if !setup.options.bogging {
        return Vec::new();
    }
    let every = setup.readings < READINGS_FIXED_ENEMY;
    path.iter()
        .enumerate()
        .map(|(k, &x)| (k, terrain::bog_target(setup, s, x, kind)))
        .filter(|&(_, least)| every || least > 1)
        .collect()
}

/// Bogging dice a move takes (`kind` `None`: a mover the setup does not hold, which the move
/// refuses; one per sector entered as games before `READINGS_FIXED_ENEMY` threw them).
pub fn bog_dice(setup: &Setup, s: &State, kind: Option<UnitKind>, path: &[Sector]) -> usize {
    match kind {
        Some(k) => bog_rolls(setup, s, k, path).len(),
        None if setup.options.bogging && setup.readings < READINGS_FIXED_ENEMY => path.len(),
        None => 0,
    }
}

/// Where bogging stops a move: the place in `path` of the first sector the unit fails to
/// enter with the bogging dice `bog`, if any.
pub fn bogged_at(setup: &Setup, s: &State, kind: UnitKind, path: &[Sector], bog: &[u16]) -> Option<usize> {
    bog_rolls(setup, s, kind, path).into_iter().zip(bog).find(|&((_, least), &d)| d < least).map(|((k, _), _)| k)
}

/// The kind an attacking unit moves as, if the setup holds it.
pub fn attacker_kind(setup: &Setup, r: UnitRef) -> Option<UnitKind> {
    setup.attackers.get(r.division as usize)?.units.get(r.unit as usize).map(|u| u.kind)
}

/// The checks of one step of unit `i`'s path, from `at` into `next`, `last` if the unit stops
/// there (an enemy sector or halting ground may end a path, never be passed through). With
/// `check_move`, what the grammar asks to offer only the steps the rules allow.
pub fn check_step(setup: &Setup, s: &State, i: usize, at: Sector, next: Sector, last: bool) -> Result<(), RuleError> {
    let u = s.units[i];
    let r = u.origin;
    let unit = s.unit(setup, r);
    if next.line == 0 && next.axis == at.axis {
        return Err(RuleError::OffTheBack);
    }
    if !next.is_on_table() || !at.is_next_to(next) {
        return Err(RuleError::NotNextTo(at, next));
    }
    if next.axis != at.axis {
        let ahead = Sector::new(at.axis, at.line + 1);
        let sidestep = ahead.is_some_and(|a| terrain::impassable(setup, a, unit.kind));
        if !unit.division_asset && !sidestep {
            // Its axis of attack, else the axis it stands on.
            let here = match u.place {
                Place::On(from) => from.axis,
                _ => at.axis,
            };
            let axis = u.axis.unwrap_or(here);
            return Err(RuleError::OffAxis { unit: r, axis });
        }
        if !u.division.and_then(|d| s.frontage(d)).is_some_and(|f| f.contains(next.axis)) {
            return Err(RuleError::OutsideFrontage { unit: r, axis: next.axis });
        }
    }
    if !last && s.defended(next) {
        return Err(RuleError::PassesThroughEnemy(next));
    }
    if terrain::impassable(setup, next, unit.kind) {
        return Err(RuleError::Impassable(next));
    }
    if !last && terrain::halts(setup, s, next, unit.kind) {
        return Err(RuleError::Halted(next));
    }
    if others_in(s, next, i) >= STACKING {
        return Err(RuleError::Overstacked(next));
    }
    Ok(())
}

/// Whether unit `r` may move along `path` now, then off the far edge if `exit`: everything
/// `move_unit` checks before it moves the unit (the grammar asks it too). The unit's index.
pub fn check_move(setup: &Setup, s: &State, r: UnitRef, path: &[Sector], exit: bool) -> Result<usize, RuleError> {
    let i = find(s, r)?;
    let u = s.units[i];
    let Place::On(from) = u.place else { return Err(RuleError::NotOnTable(r)) };
    if u.moved {
        return Err(RuleError::AlreadyMoved(r));
    }
    check_headless(setup, s, u.division)?;
    if path.is_empty() && !exit {
        return Err(RuleError::EmptyPath);
    }
    if s.defended(from) {
        match way_back(s, i, from) {
            None => return Err(RuleError::OffTheBack),
            Some(back) if path.first() != Some(&back) => return Err(RuleError::WrongWayBack(Some(back))),
            Some(_) => {}
        }
    }
    let mut at = from;
    for (k, &next) in path.iter().enumerate() {
        check_step(setup, s, i, at, next, k + 1 == path.len() && !exit)?;
        at = next;
    }
    if exit && at.line != LINES {
        return Err(RuleError::ExitNotFromL6);
    }
    let steps = path.len() + exit as usize;
    let into_contact = !exit && s.defended(at);
    let allowance = tables::allowance(tables::move_class(s.unit(setup, r).kind), into_contact);
    if steps > allowance as usize {
        return Err(RuleError::TooFar { allowance, steps });
    }
    Ok(i)
}

/// Moves an on-table unit along `path`, then off the far edge if `exit`. Out of an enemy
/// sector the first step is the way back, and the free shot (`dice`) is thrown first.
pub fn move_unit(
    setup: &Setup,
    s: &mut State,
    r: UnitRef,
    path: &[Sector],
    exit: bool,
    dice: &[u16],
) -> Result<(), RuleError> {
    let i = check_move(setup, s, r, path, exit)?;
    let Place::On(from) = s.units[i].place else { return Err(RuleError::NotOnTable(r)) };
    let withdrawing = s.defended(from);
    let unit = s.unit(setup, r);
    let kill = kill_target(setup.options.moving_targets, true, unit.kind);
    let (shot, bog) = dice.split_at(dice.len().saturating_sub(bog_dice(setup, s, Some(unit.kind), path)));
    let bogged = bogged_at(setup, s, unit.kind, path, bog);
    s.units[i].moved = true;
    if withdrawing && shot.iter().any(|&d| d >= kill) {
        s.units[i].place = Place::Killed;
        return Ok(());
    }
    // Bogging: a die per sector entered; a unit that fails stops where it is (reading).
    let mut path = path;
    let mut exit = exit;
    if let Some(k) = bogged {
        path = &path[..k];
        exit = false;
    }
    for &x in path {
        terrain::crush_wire(s, x, unit.kind);
    }
    let at = path.last().copied().unwrap_or(from);
    let into_contact = !exit && at != from && s.defended(at);
    let moved = &mut s.units[i];
    if exit {
        moved.place = Place::Exited;
        moved.came_from = Some(at);
    } else if at != from {
        moved.place = Place::On(at);
        moved.came_from = Some(if path.len() >= 2 { path[path.len() - 2] } else { from });
    }
    if into_contact {
        reveal(s, at);
    }
    Ok(())
}

/// Whether unit `r` may come on from the Division Reserve into `sector` now: everything `enter`
/// checks before it moves the unit (the grammar asks it too). The unit's index.
pub fn check_enter(setup: &Setup, s: &State, r: UnitRef, sector: Sector) -> Result<usize, RuleError> {
    let i = find(s, r)?;
    let u = s.units[i];
    if u.place != Place::DivisionReserve {
        return Err(RuleError::NotInDivisionReserve(r));
    }
    if u.moved {
        return Err(RuleError::AlreadyMoved(r));
    }
    check_headless(setup, s, u.division)?;
    if !sector.is_on_table() || sector.line != 1 {
        return Err(RuleError::NotOnLine1(sector));
    }
    if !u.division.and_then(|d| s.frontage(d)).is_some_and(|f| f.contains(sector.axis)) {
        return Err(RuleError::OutsideFrontage { unit: r, axis: sector.axis });
    }
    // A division wholly off the table may overlap front-line frontages; coming on, it may not.
    if let (Some(d), true) = (u.division, setup.readings >= READINGS_RESERVE_OVERLAP) {
        if let Some(other) = s.overlapping_on_table(d) {
            return Err(RuleError::FrontagesOverlap(other, d));
        }
    }
    if others_in(s, sector, i) >= STACKING {
        return Err(RuleError::Overstacked(sector));
    }
    Ok(i)
}

/// From the Division Reserve to an L1 sector within the frontage: a full move, refused while a
/// division whose frontage overlaps this one is on the table. The sector fixes the unit's axis
/// of attack if it has none yet.
pub fn enter(setup: &Setup, s: &mut State, r: UnitRef, sector: Sector) -> Result<(), RuleError> {
    let i = check_enter(setup, s, r, sector)?;
    let u = &mut s.units[i];
    u.place = Place::On(sector);
    u.axis = Some(u.axis.unwrap_or(sector.axis));
    u.moved = true;
    u.came_from = None;
    if s.counter_count(sector) > 0 {
        reveal(s, sector);
    }
    Ok(())
}

/// Whether unit `r` may be released from the Corps Reserve now, or why not: in it and not
/// moved this turn; its index. The grammar's list (`releasable`) and `release` both ask it.
pub fn may_release(s: &State, r: UnitRef) -> Result<usize, RuleError> {
    let i = find(s, r)?;
    if s.units[i].place != Place::CorpsReserve {
        return Err(RuleError::NotInCorpsReserve(r));
    }
    if s.units[i].moved {
        return Err(RuleError::AlreadyMoved(r));
    }
    Ok(i)
}

/// From the Corps Reserve to a division's reserve: a full move. The Corps Commander names the
/// division; one without a frontage gets one now, which may overlap any other (it is wholly off
/// the table: `enter` refuses the overlap when it comes on).
pub fn release(s: &mut State, r: UnitRef, division: u8, frontage: Option<Frontage>) -> Result<(), RuleError> {
    let i = may_release(s, r)?;
    if division as usize >= ATTACKING_DIVISIONS {
        return Err(RuleError::UnknownDivision(division));
    }
    match (s.frontage(division), frontage) {
        (None, None) => return Err(RuleError::FrontageMissing(division)),
        (None, Some(f)) if f.is_valid() => {
            let orders = s.orders.as_mut().ok_or(RuleError::OrdersNotIssued)?;
            orders.frontages[division as usize] = Some(f);
        }
        (Some(have), Some(f)) if have != f => return Err(RuleError::BadFrontage),
        (None, Some(_)) => return Err(RuleError::BadFrontage),
        _ => {}
    }
    let u = &mut s.units[i];
    u.division = Some(division);
    u.place = Place::DivisionReserve;
    u.axis = None;
    u.moved = true;
    Ok(())
}
