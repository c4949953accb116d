//! Rapier Offensive's grammar, its other parts: what the position holds to fire at, call on or
//! name, and the parts picked among it (orders, deployments, losses).

use super::combat::{choices, Side};
use super::fire::{battery_in_contact, fog_allows};
use super::grammar::{BREAK_THROUGH_SAID, CORPS_RESERVE, IN_ORDER, LOSSES_IN_ORDER, TO_RESERVE};
use super::grid::{Frontage, Sector, AXES};
use super::rules::{Decision, Deployment};
use super::setup::{Setup, ATTACKING_DIVISIONS};
use super::state::{Place, State, Target, UnitRef};
use super::tables::{self, support_range, Event, STACKING};
use super::turn_end::headless;
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

/// Sectors with a pre-battle fire mission left.
pub(super) fn mission_sectors(s: &State) -> Vec<Sector> {
    let fired = |x: Sector| s.pre_battle_fm.iter().filter(|&&f| f == x).count();
    Sector::all().filter(|&x| fired(x) < tables::PRE_BATTLE_FM_PER_SECTOR as usize).collect()
}

/// TRPs an on-call fire mission may fall on now.
pub(super) fn call_sectors(s: &State) -> Vec<Sector> {
    if s.on_call.len() >= tables::ON_CALL_FM as usize || s.on_call_this_turn() >= tables::ON_CALL_FM_PER_TURN as usize {
        return Vec::new();
    }
    let here = |x: Sector| s.on_call.iter().filter(|f| f.0 == s.turn && f.1 == x).count();
    s.trps
        .iter()
        .flatten()
        .copied()
        .filter(|&x| here(x) < tables::ON_CALL_FM_PER_TRP_PER_TURN as usize && fog_allows(s, x, Side::Attacker))
        .collect()
}

/// Whether `side` holds this turn's air strike.
pub(super) fn air_point(s: &State, side: Side) -> bool {
    let wanted = match side {
        Side::Attacker => Event::AttackerAirStrike,
        Side::Defender => Event::DefenderAirStrike,
    };
    s.event == Some(wanted) && !s.support_bonus_used
}

/// What `side`'s support fire may aim at, with where it stands.
pub(super) fn targets(setup: &Setup, s: &State, side: Side) -> Vec<(Target, Sector)> {
    match side {
        Side::Defender => s
            .units
            .iter()
            .filter_map(|u| match u.place {
                Place::On(x) if fog_allows(s, x, side) => Some((Target::Unit(u.origin), x)),
                _ => None,
            })
            .collect(),
        Side::Attacker => s
            .counters
            .iter()
            .filter(|c| !(c.revealed && c.revealed_turn == s.turn && battery_piece(setup, c.piece)))
            .filter_map(|c| c.sector().filter(|&x| fog_allows(s, x, side)).map(|x| (Target::Counter(c.id), x)))
            .collect(),
    }
}

pub(super) fn battery_piece(setup: &Setup, piece: Option<Piece>) -> bool {
    matches!(piece, Some(Piece::Unit(i)) if setup.defender.units.get(i as usize).is_some_and(|u| u.kind.battery().is_some()))
}

/// `side`'s batteries that may fire now, each with the targets in its range.
pub(super) fn batteries(setup: &Setup, s: &State, side: Side) -> Vec<(Target, Vec<Target>)> {
    let aims = targets(setup, s, side);
    let within = |from: Sector, range: u8| -> Vec<Target> {
        aims.iter().filter(|(_, at)| from.steps_to(*at) <= range).map(|(t, _)| *t).collect()
    };
    let mut out = Vec::new();
    match side {
        Side::Defender => {
            for c in &s.counters {
                let kind = match c.piece {
                    Some(Piece::Unit(i)) => setup.defender.units.get(i as usize).and_then(|u| u.kind.battery()),
                    _ => None,
                };
                if let (Some(from), Some(kind), false) = (c.sector(), kind, c.fired) {
                    if !battery_in_contact(setup, s, side, from) {
                        out.push((Target::Counter(c.id), within(from, support_range(kind).unwrap_or(0))));
                    }
                }
            }
        }
        Side::Attacker => {
            for u in &s.units {
                let kind = s.unit(setup, u.origin).kind.battery();
                if let (Place::On(from), Some(kind), false) = (u.place, kind, u.fired) {
                    if !battery_in_contact(setup, s, side, from) {
                        out.push((Target::Unit(u.origin), within(from, support_range(kind).unwrap_or(0))));
                    }
                }
            }
        }
    }
    out.retain(|b| !b.1.is_empty());
    out
}

/// Headless divisions the Corps Commander has still to deal with.
pub(super) fn hq_due(setup: &Setup, s: &State) -> Vec<u8> {
    headless(setup, s).into_iter().filter(|d| !s.hq_handled.contains(d)).collect()
}

/// A division's units that may be made its HQ.
pub(super) fn on_hand(s: &State, d: u8) -> Vec<UnitRef> {
    s.units
        .iter()
        .filter(|u| u.division == Some(d) && !matches!(u.place, Place::Killed | Place::Exited | Place::Undeployed))
        .map(|u| u.origin)
        .collect()
}

// ---------------------------------------------------------------------------------------
// Parts
// ---------------------------------------------------------------------------------------

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
    left.sort();
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
