//! Rapier Offensive's grammar, its movement: the units and counters that may move or come on,
//! and their paths sector by sector. Only what the rules allow is offered: each path is walked
//! through the rules' own checks (`movement::check_step` and `check_move`, `defender::
//! check_counter_step` and `check_counter_move`, `movement::check_enter`), so a path drawn from
//! the grammar is one the rules take, and ends where no further step is allowed.

use super::grammar::{AHEAD, DEFENDER_PATH, EXIT, PATH};
use super::grid::{Sector, AXES};
use super::setup::Setup;
use super::state::{Place, State, UnitRef};
use super::tables;
use super::units::UnitKind;
use super::{defender, movement};
use crate::engine::grammar::one_of;
use crate::engine::Chooser;

/// The most sectors any unit moves in one go (the exit counted).
pub(super) fn most_steps() -> usize {
    tables::MOVEMENT.iter().map(|r| r.2.max(r.3)).max().unwrap_or(0) as usize
}

/// A move: its path, and a mark (an attacker's exit off the far edge; always false for a
/// defending counter).
type Move = (Vec<Sector>, bool);

/// How a search for lawful moves goes: the most sectors a path takes, the sector its first step
/// must enter (the way back out of contact), the marks tried.
struct Bounds<'a> {
    depth: usize,
    first: Option<Sector>,
    marks: &'a [bool],
}

/// The most sectors a unit of `kind` enters in one move (in contact or not).
fn depth(kind: UnitKind) -> usize {
    let class = tables::move_class(kind);
    tables::allowance(class, false).max(tables::allowance(class, true)) as usize
}

/// Lawful moves from `at` on, depth first in the order of `Sector::neighbours`: `path` with each
/// of the marks that `lawful` allows, then each neighbour `step(at, next, last)` lets the path
/// enter (and, past it, go on from when entered as not the last). With `first_only`, stops at
/// the first move found (true then).
#[allow(clippy::too_many_arguments)]
fn grow(
    path: &mut Vec<Sector>,
    at: Sector,
    go_on: bool,
    b: &Bounds,
    lawful: &dyn Fn(&[Sector], bool) -> bool,
    step: &dyn Fn(Sector, Sector, bool) -> bool,
    first_only: bool,
    out: &mut Vec<Move>,
) -> bool {
    for &m in b.marks {
        if lawful(path, m) {
            out.push((path.clone(), m));
            if first_only {
                return true;
            }
        }
    }
    if !go_on || path.len() >= b.depth.min(most_steps()) {
        return false;
    }
    for next in at.neighbours() {
        if (path.is_empty() && b.first.is_some_and(|f| f != next)) || !step(at, next, true) {
            continue;
        }
        path.push(next);
        let found = grow(path, next, step(at, next, false), b, lawful, step, first_only, out);
        path.pop();
        if found {
            return true;
        }
    }
    false
}

/// Every move on-table unit `i` may make now, as the rules check it; with `first_only`, the
/// first found.
pub(super) fn attacker_moves(setup: &Setup, s: &State, i: usize, first_only: bool) -> Vec<Move> {
    let Place::On(from) = s.units[i].place else { return Vec::new() };
    let r = s.units[i].origin;
    let first = if s.defended(from) { movement::way_back(s, i, from) } else { None };
    let b = Bounds { depth: depth(s.unit(setup, r).kind), first, marks: &[false, true] };
    let lawful = |path: &[Sector], exit: bool| movement::check_move(setup, s, r, path, exit).is_ok();
    let step = |at: Sector, next: Sector, last: bool| movement::check_step(setup, s, i, at, next, last).is_ok();
    let mut out = Vec::new();
    grow(&mut Vec::new(), from, true, &b, &lawful, &step, first_only, &mut out);
    out
}

/// Every move counter `id` may make now, as the rules check it; with `first_only`, the first
/// found.
pub(super) fn counter_moves(setup: &Setup, s: &State, id: u16, first_only: bool) -> Vec<Move> {
    let Some(c) = s.counters.get(id as usize) else { return Vec::new() };
    let (Some(from), Some(kind)) = (c.sector(), defender::mover_kind(setup, c.piece)) else { return Vec::new() };
    let first = if s.attackers_in(from) > 0 { defender::way_back(s, id, from) } else { None };
    let b = Bounds { depth: depth(kind), first, marks: &[false] };
    let lawful = |path: &[Sector], _: bool| defender::check_counter_move(setup, s, id, path).is_ok();
    let step =
        |at: Sector, next: Sector, last: bool| defender::check_counter_step(setup, s, id, kind, at, next, last).is_ok();
    let mut out = Vec::new();
    grow(&mut Vec::new(), from, true, &b, &lawful, &step, first_only, &mut out);
    out
}

/// On-table units with a move the rules allow now.
pub(super) fn movers<'a>(setup: &'a Setup, s: &'a State) -> impl Iterator<Item = UnitRef> + 'a {
    (0..s.units.len())
        .filter(|&i| matches!(s.units[i].place, Place::On(_)) && !s.units[i].moved)
        .filter(move |&i| !attacker_moves(setup, s, i, true).is_empty())
        .map(|i| s.units[i].origin)
}

/// The L1 sectors unit `r` of the Division Reserve may enter now.
pub(super) fn entry_sectors(setup: &Setup, s: &State, r: UnitRef) -> Vec<Sector> {
    (1..=AXES).filter_map(|a| Sector::new(a, 1)).filter(|&x| movement::check_enter(setup, s, r, x).is_ok()).collect()
}

pub(super) fn entrants<'a>(setup: &'a Setup, s: &'a State) -> impl Iterator<Item = UnitRef> + 'a {
    s.units
        .iter()
        .filter(|u| u.place == Place::DivisionReserve && !u.moved)
        .filter(move |u| !entry_sectors(setup, s, u.origin).is_empty())
        .map(|u| u.origin)
}

/// Units of the Corps Reserve that may be released now (`movement::may_release`).
pub(super) fn releasable(s: &State) -> Vec<UnitRef> {
    s.units.iter().map(|u| u.origin).filter(|&r| movement::may_release(s, r).is_ok()).collect()
}

/// Defending counters with a move the rules allow now (none before the movers are rolled or
/// once they have all moved).
pub(super) fn counter_movers<'a>(setup: &'a Setup, s: &'a State) -> impl Iterator<Item = u16> + 'a {
    s.counters
        .iter()
        .filter(|c| !c.moved && c.sector().is_some())
        .filter(move |c| !counter_moves(setup, s, c.id, true).is_empty())
        .map(|c| c.id)
}

/// One of `moves`, sector by sector: at each step where the path may both end and go on, a
/// flag "it ends here" (context `stop` plus the step, the fourth and on sharing one); then the
/// next sector among those that lead on to one of `moves`: with `ahead`, a flag "straight
/// ahead" first when that is among them and others are too; then the mark, a flag (`EXIT`)
/// when the path allows both. Writing, refused unless `given` is one of `moves`.
fn walk<C: Chooser>(
    c: &mut C,
    moves: &[Move],
    from: Sector,
    stop: u16,
    ahead: bool,
    given: Option<(&[Sector], bool)>,
) -> Result<Move, C::Error> {
    if given.is_some_and(|(p, e)| !moves.iter().any(|m| m.0 == p && m.1 == e)) {
        return Err(c.refuse());
    }
    let mut path: Vec<Sector> = Vec::new();
    loop {
        let k = path.len();
        let (mut ends, mut nexts) = (false, Vec::new());
        for m in moves.iter().filter(|m| m.0.starts_with(&path)) {
            match m.0.get(k) {
                Some(x) if !nexts.contains(x) => nexts.push(*x),
                Some(_) => {}
                None => ends = true,
            }
        }
        let g = given.map(|g| g.0.get(k).copied());
        if nexts.is_empty() || (ends && c.flag(stop + k.min(3) as u16, g.map(|g| g.is_none()))?) {
            break;
        }
        let g = g.flatten();
        let at = path.last().copied().unwrap_or(from);
        let straight = Sector::new(at.axis, at.line + 1).filter(|x| ahead && nexts.len() > 1 && nexts.contains(x));
        let next = match straight {
            Some(x) if c.flag(AHEAD, g.map(|g| g == x))? => x,
            Some(x) => {
                let others: Vec<Sector> = nexts.iter().copied().filter(|&y| y != x).collect();
                one_of(c, &others, g.as_ref())?
            }
            None => one_of(c, &nexts, g.as_ref())?,
        };
        path.push(next);
    }
    let mut marks: Vec<bool> = moves.iter().filter(|m| m.0 == path).map(|m| m.1).collect();
    marks.dedup();
    let mark = match marks[..] {
        [only] => only,
        [_, _] => c.flag(EXIT, given.map(|g| g.1))?,
        _ => return Err(c.refuse()),
    };
    Ok((path, mark))
}

/// An attacking unit's move (`attacker_moves`): its path (the way back first when withdrawing;
/// "straight ahead" by a flag), then the exit.
pub(super) fn attacker_move<C: Chooser>(
    setup: &Setup,
    s: &State,
    c: &mut C,
    i: usize,
    given: Option<(&[Sector], bool)>,
) -> Result<Move, C::Error> {
    let Place::On(from) = s.units[i].place else { return Err(c.refuse()) };
    walk(c, &attacker_moves(setup, s, i, false), from, PATH, true, given)
}

/// A defending counter's path (`counter_moves`, at least one sector, the way back first when
/// withdrawing).
pub(super) fn defender_path<C: Chooser>(
    setup: &Setup,
    s: &State,
    c: &mut C,
    id: u16,
    given: Option<&[Sector]>,
) -> Result<Vec<Sector>, C::Error> {
    let from = s.counters.get(id as usize).and_then(|x| x.sector()).ok_or_else(|| c.refuse())?;
    Ok(walk(c, &counter_moves(setup, s, id, false), from, DEFENDER_PATH, false, given.map(|g| (g, false)))?.0)
}
