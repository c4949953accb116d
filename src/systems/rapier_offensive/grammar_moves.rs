//! Rapier Offensive's grammar, its movement: the units and counters that may move or come on,
//! and their paths sector by sector.

use super::grammar::{AHEAD, DEFENDER_PATH, PATH};
use super::grid::Sector;
use super::setup::{Setup, READINGS_RESERVE_OVERLAP};
use super::state::{AttackerUnit, Place, State, UnitRef};
use super::tables::{self, STACKING};
use super::units::Piece;
use super::{defender, movement};
use crate::engine::grammar::one_of;
use crate::engine::Chooser;

/// The most sectors any unit moves in one go (the exit counted).
pub(super) fn most_steps() -> usize {
    tables::MOVEMENT.iter().map(|r| r.2.max(r.3)).max().unwrap_or(0) as usize
}

/// On-table units that have not moved (and, in contact, have a way back).
pub(super) fn movers(s: &State) -> Vec<UnitRef> {
    (0..s.units.len())
        .filter(|&i| match s.units[i].place {
            Place::On(from) => !s.units[i].moved && (!s.defended(from) || movement::way_back(s, i, from).is_some()),
            _ => false,
        })
        .map(|i| s.units[i].origin)
        .collect()
}

/// The L1 sectors a unit of the Division Reserve may enter.
pub(super) fn entry_sectors(setup: &Setup, s: &State, u: &AttackerUnit) -> Vec<Sector> {
    let Some(d) = u.division else { return Vec::new() };
    let Some(f) = s.frontage(d) else { return Vec::new() };
    if setup.readings >= READINGS_RESERVE_OVERLAP && s.overlapping_on_table(d).is_some() {
        return Vec::new();
    }
    f.axes().filter_map(|a| Sector::new(a, 1)).filter(|&x| s.attackers_in(x) < STACKING).collect()
}

pub(super) fn entrants(setup: &Setup, s: &State) -> Vec<UnitRef> {
    s.units
        .iter()
        .filter(|u| u.place == Place::DivisionReserve && !u.moved && !entry_sectors(setup, s, u).is_empty())
        .map(|u| u.origin)
        .collect()
}

pub(super) fn releasable(s: &State) -> Vec<UnitRef> {
    s.units.iter().filter(|u| u.place == Place::CorpsReserve && !u.moved).map(|u| u.origin).collect()
}

/// Defending counters that may move: units and dummies on the table that have not moved
/// (and, in contact, have a way back).
pub(super) fn counter_movers(s: &State) -> Vec<u16> {
    s.counters
        .iter()
        .filter(|c| matches!(c.piece, Some(Piece::Unit(_) | Piece::Dummy)) && !c.moved)
        .filter(|c| match c.sector() {
            Some(from) => s.attackers_in(from) == 0 || defender::way_back(s, c.id, from).is_some(),
            None => false,
        })
        .map(|c| c.id)
        .collect()
}

/// An attacking unit's path from `from`: its length, then each sector (the way back first when
/// withdrawing; otherwise a flag "straight ahead", or one of the other neighbours).
pub(super) fn attacker_path<C: Chooser>(
    s: &State,
    c: &mut C,
    i: usize,
    from: Sector,
    given: Option<&[Sector]>,
) -> Result<Vec<Sector>, C::Error> {
    let back = if s.defended(from) { Some(movement::way_back(s, i, from).ok_or_else(|| c.refuse())?) } else { None };
    let least = back.is_some() as usize;
    let n = c.number(PATH + least as u16, given.map(|g| g.len().saturating_sub(least) as u64))?;
    let n = usize::try_from(n).ok().and_then(|n| n.checked_add(least)).ok_or_else(|| c.refuse())?;
    if n > most_steps() || given.is_some_and(|g| g.len() < least) {
        return Err(c.refuse());
    }
    let mut path = Vec::with_capacity(n);
    let mut at = from;
    for k in 0..n {
        let g = given.map(|g| g[k]);
        let next = match (k, back) {
            (0, Some(b)) => {
                if g.is_some_and(|g| g != b) {
                    return Err(c.refuse());
                }
                b
            }
            _ => {
                let ahead = Sector::new(at.axis, at.line + 1);
                if ahead.is_some() && c.flag(AHEAD, g.map(|g| Some(g) == ahead))? {
                    ahead.unwrap_or(at)
                } else {
                    let others: Vec<Sector> = at.neighbours().into_iter().filter(|&x| Some(x) != ahead).collect();
                    one_of(c, &others, g.as_ref())?
                }
            }
        };
        path.push(next);
        at = next;
    }
    Ok(path)
}

/// A defending counter's path: its length (at least one), then each neighbour in turn, the way
/// back first when withdrawing.
pub(super) fn defender_path<C: Chooser>(
    s: &State,
    c: &mut C,
    id: u16,
    from: Sector,
    given: Option<&[Sector]>,
) -> Result<Vec<Sector>, C::Error> {
    let back =
        if s.attackers_in(from) > 0 { Some(defender::way_back(s, id, from).ok_or_else(|| c.refuse())?) } else { None };
    if given.is_some_and(|g| g.is_empty()) {
        return Err(c.refuse());
    }
    let n = c.number(DEFENDER_PATH + back.is_some() as u16, given.map(|g| g.len() as u64 - 1))?;
    let n = usize::try_from(n).ok().and_then(|n| n.checked_add(1)).ok_or_else(|| c.refuse())?;
    if n > most_steps() {
        return Err(c.refuse());
    }
    let mut path = Vec::with_capacity(n);
    let mut at = from;
    for k in 0..n {
        let g = given.map(|g| g[k]);
        let next = match (k, back) {
            (0, Some(b)) => {
                if g.is_some_and(|g| g != b) {
                    return Err(c.refuse());
                }
                b
            }
            _ => one_of(c, &at.neighbours(), g.as_ref())?,
        };
        path.push(next);
        at = next;
    }
    Ok(path)
}
