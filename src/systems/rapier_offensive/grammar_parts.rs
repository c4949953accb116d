//! Rapier Offensive's grammar, its other parts: what the position holds to fire at, call on or
//! name, and the parts picked among it (orders, deployments, losses).

use super::combat::{choices, Side};
use super::fire::{battery_at, check_target, may_call_fire, may_fire_mission, may_take_bonus, ready_batteries};
use super::grammar::{BREAK_THROUGH_SAID, CORPS_RESERVE, IN_ORDER, LOSSES_IN_ORDER, TO_RESERVE};
use super::grid::{Frontage, Sector, AXES};
use super::rules::{Decision, Deployment};
use super::setup::{Setup, ATTACKING_DIVISIONS};
use super::state::{Place, State, Target, UnitRef};
use super::tables::STACKING;
use super::units::Piece;
use crate::engine::grammar::one_of;
use crate::engine::Chooser;

// ---------------------------------------------------------------------------------------
// What the position holds
// ---------------------------------------------------------------------------------------

/// Every frontage: A1, A1-A2... A4.
pub(super) fn frontages() -> Vec<Frontage> {
    (1..=AXES).flat_map(|first| (first..=AXES).map(move |last| Frontage { first, last })).collect()
}

/// Sectors with a pre-battle fire mission left (`fire::may_fire_mission`).
pub(super) fn mission_sectors(s: &State) -> Vec<Sector> {
    Sector::all().filter(|&x| may_fire_mission(s, x).is_ok()).collect()
}

/// TRPs an on-call fire mission may fall on now (`fire::may_call_fire`).
pub(super) fn call_sectors(s: &State) -> Vec<Sector> {
    s.trps.iter().flatten().copied().filter(|&x| may_call_fire(s, x).is_ok()).collect()
}

/// Whether `side` holds this turn's air strike (`fire::may_take_bonus`).
pub(super) fn air_point(s: &State, side: Side) -> bool {
    may_take_bonus(s, side, true).is_ok()
}

/// What `side`'s support fire may aim at (`fire::check_target`), with where it stands.
pub(super) fn targets(setup: &Setup, s: &State, side: Side) -> Vec<(Target, Sector)> {
    let all: Vec<Target> = match side {
        Side::Defender => s.units.iter().map(|u| Target::Unit(u.origin)).collect(),
        Side::Attacker => s.counters.iter().map(|c| Target::Counter(c.id)).collect(),
    };
    all.into_iter().filter_map(|t| check_target(setup, s, side, t).ok().map(|x| (t, x))).collect()
}

/// `side`'s batteries that may fire now (`fire::ready_batteries`), each with the targets in
/// its range (`fire::battery_at`).
pub(super) fn batteries(setup: &Setup, s: &State, side: Side) -> Vec<(Target, Vec<Target>)> {
    let aims = targets(setup, s, side);
    let mut out = Vec::new();
    for b in ready_batteries(setup, s, side) {
        let Ok((from, range)) = battery_at(setup, s, side, b) else { continue };
        let within: Vec<Target> = aims.iter().filter(|(_, at)| from.steps_to(*at) <= range).map(|(t, _)| *t).collect();
        if !within.is_empty() {
            out.push((b, within));
        }
    }
    out
}

/// `items` in the order given: a flag "in the order of `items`", otherwise each in turn
/// among those left. Writing, refused unless `given` holds each item once.
pub(super) fn order<C: Chooser, T: PartialEq + Clone>(
    c: &mut C,
    ctx: u16,
    items: &[T],
    given: Option<&[T]>,
) -> Result<Vec<T>, C::Error> {
    if let Some(g) = given {
        if g.len() != items.len() || items.iter().any(|x| g.iter().filter(|y| *y == x).count() != 1) {
            return Err(c.refuse());
        }
    }
    if items.len() < 2 || c.flag(ctx, given.map(|g| g == items))? {
        return Ok(items.to_vec());
    }
    let mut left = items.to_vec();
    let mut out = Vec::with_capacity(items.len());
    for i in 0..items.len() {
        let x = one_of(c, &left, given.map(|g| &g[i]))?;
        left.retain(|y| *y != x);
        out.push(x);
    }
    Ok(out)
}

/// `n` distinct items of `from`, in the order given.
pub(super) fn distinct<C: Chooser, T: PartialEq + Clone>(
    c: &mut C,
    from: &[T],
    n: usize,
    given: Option<&[T]>,
) -> Result<Vec<T>, C::Error> {
    if given.is_some_and(|g| g.len() != n) || n > from.len() {
        return Err(c.refuse());
    }
    let mut left = from.to_vec();
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let x = one_of(c, &left, given.map(|g| &g[i]))?;
        left.retain(|y| *y != x);
        out.push(x);
    }
    Ok(out)
}

/// The umpire's deployment: each counter in the order given, its piece among the kinds left
/// of the setup's, its sector among L2-L5 with room.
pub(super) fn deployment<C: Chooser>(
    c: &mut C,
    setup: &Setup,
    given: Option<&[(Piece, Sector)]>,
) -> Result<Vec<(Piece, Sector)>, C::Error> {
    let mut left = setup.defender_pieces();
    crate::engine::order::sort(&mut left);
    if given.is_some_and(|g| g.len() != left.len()) {
        return Err(c.refuse());
    }
    let area: Vec<Sector> = Sector::all().filter(|x| x.is_defender_deployment()).collect();
    let mut held = vec![0usize; area.len()];
    let mut out = Vec::with_capacity(left.len());
    for i in 0..left.len() {
        let g = given.map(|g| g[i]);
        let mut kinds = left.clone();
        kinds.dedup();
        let piece = one_of(c, &kinds, g.as_ref().map(|g| &g.0))?;
        let at = left.iter().position(|&p| p == piece).ok_or_else(|| c.refuse())?;
        left.remove(at);
        let open: Vec<Sector> = area.iter().zip(&held).filter(|(_, &n)| n < STACKING).map(|(x, _)| *x).collect();
        let sector = one_of(c, &open, g.as_ref().map(|g| &g.1))?;
        if let Some(k) = area.iter().position(|&x| x == sector) {
            held[k] += 1;
        }
        out.push((piece, sector));
    }
    Ok(out)
}

pub(super) fn issue_orders<C: Chooser>(
    setup: &Setup,
    c: &mut C,
    given: Option<&Decision>,
) -> Result<Decision, C::Error> {
    let g = match given {
        Some(Decision::IssueOrders { break_through, corps_reserve, frontages, intentions }) => {
            Some((*break_through, &corps_reserve[..], frontages, &**intentions))
        }
        _ => None,
    };
    let break_through = match setup.break_through {
        Some(fixed) => {
            if c.flag(BREAK_THROUGH_SAID, g.map(|g| g.0.is_some()))? {
                if g.is_some_and(|g| g.0 != Some(fixed)) {
                    return Err(c.refuse());
                }
                Some(fixed)
            } else {
                None
            }
        }
        None => {
            if g.is_some_and(|g| g.0.is_none()) {
                return Err(c.refuse());
            }
            let divisions: Vec<u8> = (0..ATTACKING_DIVISIONS as u8).collect();
            Some(one_of(c, &divisions, g.and_then(|g| g.0).as_ref())?)
        }
    };
    let all: Vec<UnitRef> = setup
        .attackers
        .iter()
        .enumerate()
        .flat_map(|(d, div)| (0..div.units.len()).map(move |u| UnitRef { division: d as u8, unit: u as u16 }))
        .collect();
    let n = c.count(CORPS_RESERVE, g.map(|g| g.1.len()), all.len())?;
    let corps_reserve = distinct(c, &all, n, g.map(|g| g.1))?;
    let every = frontages();
    let mut out = [None; ATTACKING_DIVISIONS];
    for (d, f) in out.iter_mut().enumerate() {
        let held = corps_reserve.iter().filter(|r| r.division as usize == d).count();
        let mut options: Vec<Option<Frontage>> = Vec::new();
        if held == setup.attackers[d].units.len() {
            options.push(None);
        }
        options.extend(every.iter().copied().map(Some));
        *f = one_of(c, &options, g.map(|g| &g.2[d]))?;
    }
    let intentions = c.text(g.map(|g| g.3))?;
    Ok(Decision::IssueOrders { break_through, corps_reserve, frontages: out, intentions })
}

pub(super) fn deploy_division<C: Chooser>(
    s: &State,
    c: &mut C,
    given: Option<&Decision>,
) -> Result<Decision, C::Error> {
    let g = match given {
        Some(Decision::DeployDivision { division, placements }) => Some((division, &placements[..])),
        _ => None,
    };
    let open: Vec<u8> = (0..ATTACKING_DIVISIONS as u8).filter(|&d| !s.deployed[d as usize]).collect();
    let division = one_of(c, &open, g.map(|g| g.0))?;
    let want: Vec<u16> = s
        .units
        .iter()
        .filter(|u| u.origin.division == division && u.place == Place::Undeployed)
        .map(|u| u.origin.unit)
        .collect();
    let given_units: Option<Vec<u16>> = g.map(|g| g.1.iter().map(|p| p.0).collect());
    let units = order(c, IN_ORDER, &want, given_units.as_deref())?;
    let axes: Vec<u8> = match s.frontage(division) {
        Some(f) if s.overlapping_on_table(division).is_none() => f.axes().collect(),
        _ => Vec::new(),
    };
    let mut held: Vec<usize> =
        axes.iter().map(|&a| Sector::new(a, 1).map_or(STACKING, |x| s.attackers_in(x))).collect();
    let mut placements = Vec::with_capacity(units.len());
    for (i, unit) in units.into_iter().enumerate() {
        let to = g.map(|g| g.1[i].1);
        let room: Vec<u8> = axes.iter().zip(&held).filter(|(_, &n)| n < STACKING).map(|(a, _)| *a).collect();
        let reserve = room.is_empty() || c.flag(TO_RESERVE, to.map(|t| t == Deployment::Reserve))?;
        let deployment = if reserve {
            if to.is_some_and(|t| t != Deployment::Reserve) {
                return Err(c.refuse());
            }
            Deployment::Reserve
        } else {
            let axis = match to {
                Some(Deployment::Line1 { axis }) => Some(axis),
                _ => None,
            };
            let axis = one_of(c, &room, axis.as_ref())?;
            if let Some(k) = axes.iter().position(|&a| a == axis) {
                held[k] += 1;
            }
            Deployment::Line1 { axis }
        };
        placements.push((unit, deployment));
    }
    Ok(Decision::DeployDivision { division, placements })
}

pub(super) fn allocate<C: Chooser>(s: &State, c: &mut C, given: Option<&[Target]>) -> Result<Vec<Target>, C::Error> {
    let Some(l) = s.combat.as_ref().and_then(|x| x.pending.first()) else { return Err(c.refuse()) };
    let mask = match given {
        Some(g) => {
            let mut mask = 0u32;
            for t in g {
                let k = l.marks.iter().position(|m| m.target == *t).ok_or_else(|| c.refuse())?;
                if k >= 32 || mask & (1 << k) != 0 {
                    return Err(c.refuse());
                }
                mask |= 1 << k;
            }
            Some(mask)
        }
        None => None,
    };
    let options = choices(&l.hits, &l.marks);
    let mask = one_of(c, &options, mask.as_ref())?;
    let chosen: Vec<Target> =
        (0..l.marks.len().min(32)).filter(|&k| mask & (1 << k) != 0).map(|k| l.marks[k].target).collect();
    order(c, LOSSES_IN_ORDER, &chosen, given)
}
