//! Rapier Offensive's decisions as choices (`engine::Grammar`): per step, the decisions the
//! position may take there (a kind it cannot take now is left out: no movers left, no support
//! point, losses due), the most usual first; then their parts picked among what the position
//! holds: units and counters that may act, sectors of the grid (neighbours step by step along a
//! path, the first forced when withdrawing), the setup's pieces and units, the lawful sets of
//! losses. Frozen with the link format that codes it (link version 4): the variant lists, their
//! order, the codes and contexts below, and the lists' contents and order.

use super::combat::{choices, Side};
use super::fire::{firing_side, fog_allows};
use super::grid::{Frontage, Sector, AXES, LINES};
use super::rules::{Decision, Deployment};
use super::setup::{Setup, ATTACKING_DIVISIONS, READINGS_RESERVE_OVERLAP};
use super::state::{AttackerUnit, Phase, Place, State, Target, UnitRef};
use super::tables::{self, support_range, Event, STACKING};
use super::turn_end::{headless, HqChoice};
use super::units::Piece;
use super::{defender, movement};
use crate::engine::grammar::one_of;
use crate::engine::Chooser;

// Contexts (0 is the setup's "the sample" flag).
const BREAK_THROUGH_SAID: u16 = 1;
const CORPS_RESERVE: u16 = 2;
const IN_ORDER: u16 = 3;
const TO_RESERVE: u16 = 4;
const PATH: u16 = 5; // and 6: not withdrawing, withdrawing
const DEFENDER_PATH: u16 = 7; // and 8
const AHEAD: u16 = 9;
const EXIT: u16 = 10;
const KEEP_FRONTAGE: u16 = 11;
const EXTRA_AMMO: u16 = 12;
const LOSSES_IN_ORDER: u16 = 13;
const STAFF_OFFICER: u16 = 14;
/// The variant chains, 4 contexts per step.
const VARIANT: u16 = 32;
// The parts' contexts stay below the chains, and the chains (17 steps) below the 1,024 a
// grammar may name.
const _: () = assert!(STAFF_OFFICER < VARIANT && VARIANT + 4 * 17 <= 1024);

// Codes of the decisions, fixed here.
const DEPLOY_DEFENDERS: u16 = 0;
const ROLL_RECON: u16 = 1;
const EXAMINE: u16 = 2;
const ISSUE_ORDERS: u16 = 3;
const DEPLOY_DIVISION: u16 = 4;
const PLOT_TRPS: u16 = 5;
const FIRE_MISSION: u16 = 6;
const END_BOMBARDMENT: u16 = 7;
const ROLL_EVENT: u16 = 8;
const MOVE: u16 = 9;
const ENTER: u16 = 10;
const RELEASE: u16 = 11;
const END_MOVEMENT: u16 = 12;
const ROLL_MOVERS: u16 = 13;
const DEFENDER_MOVE: u16 = 14;
const END_DEFENDER: u16 = 15;
const CALL_FIRE: u16 = 16;
const END_ON_CALL: u16 = 17;
const SUPPORT_FIRE: u16 = 18;
const AIR_STRIKE: u16 = 19;
const END_SUPPORT: u16 = 20;
const COMBAT_ROLL: u16 = 21;
const ALLOCATE: u16 = 22;
const CLEAR_MINEFIELDS: u16 = 23;
const REPLACE_HQ: u16 = 24;
const END_TURN: u16 = 25;

fn code(d: &Decision) -> u16 {
    match d {
        Decision::DeployDefenders { .. } => DEPLOY_DEFENDERS,
        Decision::RollRecon => ROLL_RECON,
        Decision::Examine { .. } => EXAMINE,
        Decision::IssueOrders { .. } => ISSUE_ORDERS,
        Decision::DeployDivision { .. } => DEPLOY_DIVISION,
        Decision::PlotTrps { .. } => PLOT_TRPS,
        Decision::FireMission { .. } => FIRE_MISSION,
        Decision::EndBombardment => END_BOMBARDMENT,
        Decision::RollEvent => ROLL_EVENT,
        Decision::Move { .. } => MOVE,
        Decision::Enter { .. } => ENTER,
        Decision::Release { .. } => RELEASE,
        Decision::EndMovement => END_MOVEMENT,
        Decision::RollDefenderMovers => ROLL_MOVERS,
        Decision::DefenderMove { .. } => DEFENDER_MOVE,
        Decision::EndDefenderMovement => END_DEFENDER,
        Decision::CallFire { .. } => CALL_FIRE,
        Decision::EndOnCall => END_ON_CALL,
        Decision::SupportFire { .. } => SUPPORT_FIRE,
        Decision::AirStrike { .. } => AIR_STRIKE,
        Decision::EndSupport => END_SUPPORT,
        Decision::CombatRoll => COMBAT_ROLL,
        Decision::AllocateLosses { .. } => ALLOCATE,
        Decision::ClearMinefields => CLEAR_MINEFIELDS,
        Decision::ReplaceHq { .. } => REPLACE_HQ,
        Decision::EndTurn => END_TURN,
    }
}

/// What each step takes, the most usual first, each with whether the position may take it
/// now; the step's number names its contexts.
fn variants(setup: &Setup, s: &State) -> (u16, Vec<(u16, bool)>) {
    let only = |step: u16, code: u16| (step, vec![(code, true)]);
    match s.phase {
        Phase::DeployDefenders => only(0, DEPLOY_DEFENDERS),
        Phase::Recon => only(1, ROLL_RECON),
        Phase::Examine => only(2, EXAMINE),
        Phase::InitialOrders => only(3, ISSUE_ORDERS),
        Phase::DeployAttackers => only(4, DEPLOY_DIVISION),
        Phase::FirePlan => only(5, PLOT_TRPS),
        Phase::Bombardment => (6, vec![(FIRE_MISSION, !mission_sectors(s).is_empty()), (END_BOMBARDMENT, true)]),
        Phase::RandomEvent => only(7, ROLL_EVENT),
        Phase::AttackerMovement => (
            8,
            vec![
                (MOVE, !movers(s).is_empty()),
                (END_MOVEMENT, true),
                (ENTER, !entrants(setup, s).is_empty()),
                (RELEASE, !releasable(s).is_empty()),
            ],
        ),
        Phase::DefenderMovement => {
            let rolled = s.defender_movers;
            let moves = rolled.is_some_and(|n| s.defender_moved < n) && !counter_movers(s).is_empty();
            (9, vec![(DEFENDER_MOVE, moves), (ROLL_MOVERS, rolled.is_none()), (END_DEFENDER, true)])
        }
        Phase::OnCallBombardment => (10, vec![(CALL_FIRE, !call_sectors(s).is_empty()), (END_ON_CALL, true)]),
        Phase::DefenderSupport | Phase::AttackerSupport => {
            let (step, side) = match s.phase {
                Phase::DefenderSupport => (11, Side::Defender),
                _ => (12, Side::Attacker),
            };
            let fire = !batteries(setup, s, side).is_empty();
            let air = air_point(s, side) && !targets(setup, s, side).is_empty();
            (step, vec![(SUPPORT_FIRE, fire), (END_SUPPORT, true), (AIR_STRIKE, air)])
        }
        Phase::GroundCombat => {
            let due = s.combat.as_ref().is_some_and(|c| !c.pending.is_empty());
            (13, vec![(COMBAT_ROLL, !due), (ALLOCATE, due)])
        }
        Phase::ClearMinefields => only(14, CLEAR_MINEFIELDS),
        Phase::ReplaceHq => {
            let due = !hq_due(setup, s).is_empty();
            (15, vec![(REPLACE_HQ, due), (END_TURN, !due)])
        }
        Phase::GameOver => (16, vec![]),
    }
}

/// The decision's code among those the position may take: a flag "not this one" for each
/// open one but the last, by the step's context and the code's place in the step's list.
fn which<C: Chooser>(c: &mut C, ctx: u16, list: &[(u16, bool)], given: Option<u16>) -> Result<u16, C::Error> {
    let open: Vec<(u16, u16)> = list.iter().enumerate().filter(|(_, x)| x.1).map(|(i, x)| (i as u16, x.0)).collect();
    if given.is_some_and(|g| !open.iter().any(|x| x.1 == g)) {
        return Err(c.refuse());
    }
    let Some((last, rest)) = open.split_last() else { return Err(c.refuse()) };
    for &(i, code) in rest {
        if !c.flag(ctx + i, given.map(|g| g != code))? {
            return Ok(code);
        }
    }
    Ok(last.1)
}

// ---------------------------------------------------------------------------------------
// What the position holds
// ---------------------------------------------------------------------------------------

/// Every frontage: A1, A1-A2... A4.
fn frontages() -> Vec<Frontage> {
    (1..=AXES).flat_map(|first| (first..=AXES).map(move |last| Frontage { first, last })).collect()
}

/// The most sectors any unit moves in one go (the exit counted).
fn most_steps() -> usize {
    tables::MOVEMENT.iter().map(|r| r.2.max(r.3)).max().unwrap_or(0) as usize
}

/// Sectors with a pre-battle fire mission left.
fn mission_sectors(s: &State) -> Vec<Sector> {
    let fired = |x: Sector| s.pre_battle_fm.iter().filter(|&&f| f == x).count();
    Sector::all().filter(|&x| fired(x) < tables::PRE_BATTLE_FM_PER_SECTOR as usize).collect()
}

/// On-table units that have not moved (and, in contact, have a way back).
fn movers(s: &State) -> Vec<UnitRef> {
    (0..s.units.len())
        .filter(|&i| match s.units[i].place {
            Place::On(from) => !s.units[i].moved && (!s.defended(from) || movement::way_back(s, i, from).is_some()),
            _ => false,
        })
        .map(|i| s.units[i].origin)
        .collect()
}

/// The L1 sectors a unit of the Division Reserve may enter.
fn entry_sectors(setup: &Setup, s: &State, u: &AttackerUnit) -> Vec<Sector> {
    let Some(d) = u.division else { return Vec::new() };
    let Some(f) = s.frontage(d) else { return Vec::new() };
    if setup.readings >= READINGS_RESERVE_OVERLAP && s.overlapping_on_table(d).is_some() {
        return Vec::new();
    }
    f.axes().filter_map(|a| Sector::new(a, 1)).filter(|&x| s.attackers_in(x) < STACKING).collect()
}

fn entrants(setup: &Setup, s: &State) -> Vec<UnitRef> {
    s.units
        .iter()
        .filter(|u| u.place == Place::DivisionReserve && !u.moved && !entry_sectors(setup, s, u).is_empty())
        .map(|u| u.origin)
        .collect()
}

fn releasable(s: &State) -> Vec<UnitRef> {
    s.units.iter().filter(|u| u.place == Place::CorpsReserve && !u.moved).map(|u| u.origin).collect()
}

/// Defending counters that may move: units and dummies on the table that have not moved
/// (and, in contact, have a way back).
fn counter_movers(s: &State) -> Vec<u16> {
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

/// TRPs an on-call fire mission may fall on now.
fn call_sectors(s: &State) -> Vec<Sector> {
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
fn air_point(s: &State, side: Side) -> bool {
    let wanted = match side {
        Side::Attacker => Event::AttackerAirStrike,
        Side::Defender => Event::DefenderAirStrike,
    };
    s.event == Some(wanted) && !s.support_bonus_used
}

/// What `side`'s support fire may aim at, with where it stands.
fn targets(setup: &Setup, s: &State, side: Side) -> Vec<(Target, Sector)> {
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

fn battery_piece(setup: &Setup, piece: Option<Piece>) -> bool {
    matches!(piece, Some(Piece::Unit(i)) if setup.defender.units.get(i as usize).is_some_and(|u| u.kind.battery().is_some()))
}

/// `side`'s batteries that may fire now, each with the targets in its range.
fn batteries(setup: &Setup, s: &State, side: Side) -> Vec<(Target, Vec<Target>)> {
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
                    if s.attackers_in(from) == 0 {
                        out.push((Target::Counter(c.id), within(from, support_range(kind).unwrap_or(0))));
                    }
                }
            }
        }
        Side::Attacker => {
            for u in &s.units {
                let kind = s.unit(setup, u.origin).kind.battery();
                if let (Place::On(from), Some(kind), false) = (u.place, kind, u.fired) {
                    if s.defenders_in(from).next().is_none() {
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
fn hq_due(setup: &Setup, s: &State) -> Vec<u8> {
    headless(setup, s).into_iter().filter(|d| !s.hq_handled.contains(d)).collect()
}

/// A division's units that may be made its HQ.
fn on_hand(s: &State, d: u8) -> Vec<UnitRef> {
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
fn order<C: Chooser, T: PartialEq + Clone>(
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
fn distinct<C: Chooser, T: PartialEq + Clone>(
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
fn deployment<C: Chooser>(
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

fn issue_orders<C: Chooser>(setup: &Setup, c: &mut C, given: Option<&Decision>) -> Result<Decision, C::Error> {
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

fn deploy_division<C: Chooser>(s: &State, c: &mut C, given: Option<&Decision>) -> Result<Decision, C::Error> {
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

/// An attacking unit's path from `from`: its length, then each sector (the way back first when
/// withdrawing; otherwise a flag "straight ahead", or one of the other neighbours).
fn attacker_path<C: Chooser>(
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
fn defender_path<C: Chooser>(
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

fn allocate<C: Chooser>(s: &State, c: &mut C, given: Option<&[Target]>) -> Result<Vec<Target>, C::Error> {
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

pub(super) fn decision<C: Chooser>(
    setup: &Setup,
    s: &State,
    c: &mut C,
    given: Option<&Decision>,
) -> Result<Decision, C::Error> {
    let (step, list) = variants(setup, s);
    let code = which(c, VARIANT + 4 * step, &list, given.map(self::code))?;
    Ok(match (code, given) {
        (DEPLOY_DEFENDERS, g) => {
            let g = match g {
                Some(Decision::DeployDefenders { counters }) => Some(&counters[..]),
                _ => None,
            };
            Decision::DeployDefenders { counters: deployment(c, setup, g)? }
        }
        (ROLL_RECON, _) => Decision::RollRecon,
        (EXAMINE, g) => {
            let g = match g {
                Some(Decision::Examine { counters }) => Some(&counters[..]),
                _ => None,
            };
            let here: Vec<u16> = match s.recon.last().and_then(|r| r.target) {
                Some(x) => s.counters_in(x).map(|x| x.id).collect(),
                None => Vec::new(),
            };
            let n = here.len().min(tables::RECON_EXAMINE);
            Decision::Examine { counters: distinct(c, &here, n, g)? }
        }
        (ISSUE_ORDERS, g) => issue_orders(setup, c, g)?,
        (DEPLOY_DIVISION, g) => deploy_division(s, c, g)?,
        (PLOT_TRPS, g) => {
            let g = match g {
                Some(Decision::PlotTrps { sectors }) => Some(&sectors[..]),
                _ => None,
            };
            let all: Vec<Sector> = Sector::all().collect();
            let v = distinct(c, &all, tables::TRPS, g)?;
            Decision::PlotTrps { sectors: v.try_into().map_err(|_| c.refuse())? }
        }
        (FIRE_MISSION, g) => {
            let g = match g {
                Some(Decision::FireMission { sector }) => Some(sector),
                _ => None,
            };
            Decision::FireMission { sector: one_of(c, &mission_sectors(s), g)? }
        }
        (END_BOMBARDMENT, _) => Decision::EndBombardment,
        (ROLL_EVENT, _) => Decision::RollEvent,
        (MOVE, g) => {
            let g = match g {
                Some(Decision::Move { unit, path, exit }) => Some((unit, &path[..], *exit)),
                _ => None,
            };
            let unit = one_of(c, &movers(s), g.map(|g| g.0))?;
            let i = s.index_of(unit).ok_or_else(|| c.refuse())?;
            let Place::On(from) = s.units[i].place else { return Err(c.refuse()) };
            let path = attacker_path(s, c, i, from, g.map(|g| g.1))?;
            let at = path.last().copied().unwrap_or(from);
            let exit = if at.line == LINES {
                c.flag(EXIT, g.map(|g| g.2))?
            } else if g.is_some_and(|g| g.2) {
                return Err(c.refuse());
            } else {
                false
            };
            Decision::Move { unit, path, exit }
        }
        (ENTER, g) => {
            let g = match g {
                Some(Decision::Enter { unit, sector }) => Some((unit, sector)),
                _ => None,
            };
            let unit = one_of(c, &entrants(setup, s), g.map(|g| g.0))?;
            let u = s.index_of(unit).map(|i| s.units[i]).ok_or_else(|| c.refuse())?;
            Decision::Enter { unit, sector: one_of(c, &entry_sectors(setup, s, &u), g.map(|g| g.1))? }
        }
        (RELEASE, g) => {
            let g = match g {
                Some(Decision::Release { unit, division, frontage }) => Some((unit, division, *frontage)),
                _ => None,
            };
            let unit = one_of(c, &releasable(s), g.map(|g| g.0))?;
            let divisions: Vec<u8> = (0..ATTACKING_DIVISIONS as u8).collect();
            let division = one_of(c, &divisions, g.map(|g| g.1))?;
            let frontage = match s.frontage(division) {
                Some(have) => {
                    if g.is_some_and(|g| g.2.is_some_and(|f| f != have)) {
                        return Err(c.refuse());
                    }
                    c.flag(KEEP_FRONTAGE, g.map(|g| g.2.is_some()))?.then_some(have)
                }
                None => {
                    if g.is_some_and(|g| g.2.is_none()) {
                        return Err(c.refuse());
                    }
                    Some(one_of(c, &frontages(), g.and_then(|g| g.2).as_ref())?)
                }
            };
            Decision::Release { unit, division, frontage }
        }
        (END_MOVEMENT, _) => Decision::EndMovement,
        (ROLL_MOVERS, _) => Decision::RollDefenderMovers,
        (DEFENDER_MOVE, g) => {
            let g = match g {
                Some(Decision::DefenderMove { counter, path }) => Some((counter, &path[..])),
                _ => None,
            };
            let counter = one_of(c, &counter_movers(s), g.map(|g| g.0))?;
            let from = s.counters.get(counter as usize).and_then(|x| x.sector()).ok_or_else(|| c.refuse())?;
            Decision::DefenderMove { counter, path: defender_path(s, c, counter, from, g.map(|g| g.1))? }
        }
        (END_DEFENDER, _) => Decision::EndDefenderMovement,
        (CALL_FIRE, g) => {
            let g = match g {
                Some(Decision::CallFire { sector }) => Some(sector),
                _ => None,
            };
            Decision::CallFire { sector: one_of(c, &call_sectors(s), g)? }
        }
        (END_ON_CALL, _) => Decision::EndOnCall,
        (SUPPORT_FIRE, g) => {
            let g = match g {
                Some(Decision::SupportFire { battery, target, extra_ammo }) => Some((battery, target, *extra_ammo)),
                _ => None,
            };
            let side = firing_side(s).ok_or_else(|| c.refuse())?;
            let all = batteries(setup, s, side);
            let names: Vec<Target> = all.iter().map(|b| b.0).collect();
            let battery = one_of(c, &names, g.map(|g| g.0))?;
            let aims = all.iter().find(|b| b.0 == battery).map(|b| b.1.clone()).unwrap_or_default();
            let target = one_of(c, &aims, g.map(|g| g.1))?;
            let extra = side == Side::Attacker && s.event == Some(Event::ExtraAmmo) && !s.support_bonus_used;
            let extra_ammo = if extra {
                c.flag(EXTRA_AMMO, g.map(|g| g.2))?
            } else if g.is_some_and(|g| g.2) {
                return Err(c.refuse());
            } else {
                false
            };
            Decision::SupportFire { battery, target, extra_ammo }
        }
        (AIR_STRIKE, g) => {
            let g = match g {
                Some(Decision::AirStrike { target }) => Some(target),
                _ => None,
            };
            let side = firing_side(s).ok_or_else(|| c.refuse())?;
            let aims: Vec<Target> = targets(setup, s, side).into_iter().map(|t| t.0).collect();
            Decision::AirStrike { target: one_of(c, &aims, g)? }
        }
        (END_SUPPORT, _) => Decision::EndSupport,
        (COMBAT_ROLL, _) => Decision::CombatRoll,
        (ALLOCATE, g) => {
            let g = match g {
                Some(Decision::AllocateLosses { losses }) => Some(&losses[..]),
                _ => None,
            };
            Decision::AllocateLosses { losses: allocate(s, c, g)? }
        }
        (CLEAR_MINEFIELDS, _) => Decision::ClearMinefields,
        (REPLACE_HQ, g) => {
            let g = match g {
                Some(Decision::ReplaceHq { division, choice, unit }) => Some((division, *choice, unit)),
                _ => None,
            };
            let division = one_of(c, &hq_due(setup, s), g.map(|g| g.0))?;
            let staff = c.flag(STAFF_OFFICER, g.map(|g| g.1 == HqChoice::StaffOfficer))?;
            let choice = if staff { HqChoice::StaffOfficer } else { HqChoice::ChainOfCommand };
            Decision::ReplaceHq { division, choice, unit: one_of(c, &on_hand(s, division), g.map(|g| g.2))? }
        }
        (END_TURN, _) => Decision::EndTurn,
        _ => return Err(c.refuse()),
    })
}

/// Whether the game is over: no decision is possible.
pub(super) fn over(s: &State) -> bool {
    s.phase == Phase::GameOver
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_frontage_is_listed_once() {
        let all = frontages();
        assert_eq!(all.len(), 10);
        assert!(all.iter().all(|f| f.is_valid()));
    }
}
