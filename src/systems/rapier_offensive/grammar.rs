//! Rapier Offensive's decisions as choices (`engine::Grammar`): per step, the decisions the
//! position may take there (a kind it cannot take now is left out: no movers left, no support
//! point, losses due), the most usual first; then their parts picked among what the position
//! holds: units and counters that may act, sectors of the grid (paths step by step, only the
//! steps the rules' movement checks allow: `grammar_moves.rs`), the setup's pieces and units,
//! the lawful sets of losses (`grammar_parts.rs`). Frozen with the link format that codes it (link version 4): the variant lists, their
//! order, the codes and contexts below, and the lists' contents and order.

use super::combat::Side;
use super::fire::{firing_side, may_take_bonus};
use super::grammar_moves::{attacker_move, counter_movers, defender_path, entrants, entry_sectors, movers, releasable};
use super::grammar_parts::{
    air_point, allocate, batteries, call_sectors, deploy_division, deployment, distinct, frontages, issue_orders,
    mission_sectors, targets,
};
use super::grid::Sector;
use super::rules::Decision;
use super::sample::sample_at;
use super::setup::{Setup, ATTACKING_DIVISIONS, READINGS_FIXED_ENEMY, READINGS_RESERVE_OVERLAP};
use super::state::{Phase, State, Target};
use super::tables;
use super::turn_end::{hq_due, on_hand_units, HqChoice};
use crate::engine::grammar::one_of;
use crate::engine::Chooser;

// Contexts (0 is the setup's "the sample" flag, `setup`).
pub(super) const BREAK_THROUGH_SAID: u16 = 1;
pub(super) const CORPS_RESERVE: u16 = 2;
pub(super) const IN_ORDER: u16 = 3;
pub(super) const TO_RESERVE: u16 = 4;
pub(super) const PATH: u16 = 5; // to 8: "the path ends here", by step
pub(super) const DEFENDER_PATH: u16 = 15; // to 18
pub(super) const AHEAD: u16 = 9;
pub(super) const EXIT: u16 = 10;
pub(super) const KEEP_FRONTAGE: u16 = 11;
pub(super) const EXTRA_AMMO: u16 = 12;
pub(super) const LOSSES_IN_ORDER: u16 = 13;
pub(super) const STAFF_OFFICER: u16 = 14;
/// The variant chains, 4 contexts per step.
pub(super) const VARIANT: u16 = 32;
// The parts' contexts stay below the chains, and the chains (17 steps) below the 1,024 a
// grammar may name.
const _: () = assert!(STAFF_OFFICER < DEFENDER_PATH && DEFENDER_PATH + 3 < VARIANT && VARIANT + 4 * 17 <= 1024);

// Codes of the decisions, fixed here.
pub(super) const DEPLOY_DEFENDERS: u16 = 0;
pub(super) const ROLL_RECON: u16 = 1;
pub(super) const EXAMINE: u16 = 2;
pub(super) const ISSUE_ORDERS: u16 = 3;
pub(super) const DEPLOY_DIVISION: u16 = 4;
pub(super) const PLOT_TRPS: u16 = 5;
pub(super) const FIRE_MISSION: u16 = 6;
pub(super) const END_BOMBARDMENT: u16 = 7;
pub(super) const ROLL_EVENT: u16 = 8;
pub(super) const MOVE: u16 = 9;
pub(super) const ENTER: u16 = 10;
pub(super) const RELEASE: u16 = 11;
pub(super) const END_MOVEMENT: u16 = 12;
pub(super) const ROLL_MOVERS: u16 = 13;
pub(super) const DEFENDER_MOVE: u16 = 14;
pub(super) const END_DEFENDER: u16 = 15;
pub(super) const CALL_FIRE: u16 = 16;
pub(super) const END_ON_CALL: u16 = 17;
pub(super) const SUPPORT_FIRE: u16 = 18;
pub(super) const AIR_STRIKE: u16 = 19;
pub(super) const END_SUPPORT: u16 = 20;
pub(super) const COMBAT_ROLL: u16 = 21;
pub(super) const ALLOCATE: u16 = 22;
pub(super) const CLEAR_MINEFIELDS: u16 = 23;
pub(super) const REPLACE_HQ: u16 = 24;
pub(super) const END_TURN: u16 = 25;

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
                (MOVE, movers(setup, s).next().is_some()),
                (END_MOVEMENT, true),
                (ENTER, entrants(setup, s).next().is_some()),
                (RELEASE, !releasable(s).is_empty()),
            ],
        ),
        Phase::DefenderMovement => {
            let rolled = s.defender_movers;
            let moves = rolled.is_some_and(|n| s.defender_moved < n) && counter_movers(setup, s).next().is_some();
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
            let (here, n) = s.to_examine();
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
            let unit = one_of(c, &movers(setup, s).collect::<Vec<_>>(), g.map(|g| g.0))?;
            let i = s.index_of(unit).ok_or_else(|| c.refuse())?;
            let (path, exit) = attacker_move(setup, s, c, i, g.map(|g| (g.1, g.2)))?;
            Decision::Move { unit, path, exit }
        }
        (ENTER, g) => {
            let g = match g {
                Some(Decision::Enter { unit, sector }) => Some((unit, sector)),
                _ => None,
            };
            let unit = one_of(c, &entrants(setup, s).collect::<Vec<_>>(), g.map(|g| g.0))?;
            Decision::Enter { unit, sector: one_of(c, &entry_sectors(setup, s, unit), g.map(|g| g.1))? }
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
            let counter = one_of(c, &counter_movers(setup, s).collect::<Vec<_>>(), g.map(|g| g.0))?;
            Decision::DefenderMove { counter, path: defender_path(setup, s, c, counter, g.map(|g| g.1))? }
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
            let extra = may_take_bonus(s, side, false).is_ok();
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
            Decision::ReplaceHq { division, choice, unit: one_of(c, &on_hand_units(s, division), g.map(|g| g.2))? }
        }
        (END_TURN, _) => Decision::EndTurn,
        _ => return Err(c.refuse()),
    })
}

/// The setup: a flag "the sample" (as games made before `READINGS_FIXED_ENEMY` took it, so
/// links written then open to the same game), else a text, empty for the sample under
/// `READINGS_FIXED_ENEMY` (no setup's JSON is empty), otherwise the setup as JSON.
pub(super) fn setup<C: Chooser>(c: &mut C, given: Option<&Setup>) -> Result<Setup, C::Error> {
    let before = sample_at(READINGS_RESERVE_OVERLAP);
    let fixed = sample_at(READINGS_FIXED_ENEMY);
    if c.flag(0, given.map(|g| *g == before))? {
        return Ok(before);
    }
    let json =
        given.map(|g| if *g == fixed { String::new() } else { serde_json::to_string(g).expect("setups serialise") });
    let text = c.text(json.as_deref())?;
    if text.is_empty() {
        return Ok(fixed);
    }
    let setup: Setup = crate::engine::json::from_str(&text).map_err(|_| c.refuse())?;
    if setup == before || setup == fixed {
        // The writer sends either sample as such.
        return Err(c.refuse());
    }
    Ok(setup)
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
