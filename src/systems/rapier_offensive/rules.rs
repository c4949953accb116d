//! Rapier Offensive's rules: one pure `apply` over (setup, state, decision, dice), with the
//! readings taken where the text is damaged or silent (listed in `readings.rs`). Movement is in
//! `movement.rs`.

pub use super::readings::READINGS;

use super::errors::RuleError;
use super::grid::{Frontage, Sector};
use super::setup::{setup_check, Setup, ATTACKING_DIVISIONS};
use super::state::{Counter, CounterPlace, Orders, Phase, Place, Recon, State, Target, UnitRef};
use super::tables::{self, recon_target, Event, KILL, STACKING};
use super::turn_end::{self, HqChoice};
use super::units::Piece;
use super::{combat, defender, fire, movement};
use crate::engine::{DiceSpec, Die};
use serde::{Deserialize, Serialize};

/// Where a Division Commander puts a unit at deployment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Deployment {
    /// The L1 sector of this axis.
    Line1 { axis: u8 },
    /// The Division Reserve (R1).
    Reserve,
}

/// One step of play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// The umpire's face-down deployment: every counter and its sector (secret).
    DeployDefenders {
        counters: Vec<(Piece, Sector)>,
    },
    /// 1d6 for the axis, 1d6 for the line.
    RollRecon,
    /// The Staff Officer looks at these counters of the recon sector.
    Examine {
        counters: Vec<u16>,
    },
    /// At the command post.
    IssueOrders {
        /// Required unless the scenario names it.
        break_through: Option<u8>,
        corps_reserve: Vec<UnitRef>,
        frontages: [Option<Frontage>; ATTACKING_DIVISIONS],
        intentions: String,
    },
    /// One division's units not in R2: each to L1 in the frontage or to R1.
    DeployDivision {
        division: u8,
        placements: Vec<(u16, Deployment)>,
    },
    /// The Corps Commander's four target registration points (secret).
    PlotTrps {
        sectors: [Sector; tables::TRPS],
    },
    /// One pre-battle fire mission: 1d6 per defending counter in the sector.
    FireMission {
        sector: Sector,
    },
    /// The Corps Commander keeps the fire missions left.
    EndBombardment,
    /// 1d6 on the random-event table.
    RollEvent,
    /// A unit moves along `path` (sectors in order), leaving the table from L6 if `exit`.
    Move {
        unit: UnitRef,
        path: Vec<Sector>,
        exit: bool,
    },
    /// From the Division Reserve to an L1 sector: a full move.
    Enter {
        unit: UnitRef,
        sector: Sector,
    },
    /// From the Corps Reserve to a division's reserve: a full move. A division gets a frontage
    /// when the first of its units arrives if it has none.
    Release {
        unit: UnitRef,
        division: u8,
        frontage: Option<Frontage>,
    },
    EndMovement,
    /// 1d6 (1d3 with the HQ gone): how many units the defender may move.
    RollDefenderMovers,
    /// A defending counter moves (and is turned face up); out of contact, the attackers'
    /// free shot is thrown first.
    DefenderMove {
        counter: u16,
        path: Vec<Sector>,
    },
    EndDefenderMovement,
    /// One on-call fire mission on a TRP: 1d6 for everything in it, friends included.
    CallFire {
        sector: Sector,
    },
    EndOnCall,
    /// One battery fires at one enemy unit: 1d6 (2d6 with the extra ammunition).
    SupportFire {
        battery: Target,
        target: Target,
        extra_ammo: bool,
    },
    /// This turn's air strike: one die at one enemy unit anywhere.
    AirStrike {
        target: Target,
    },
    /// The side firing support has done.
    EndSupport,
    /// The next throw of ground combat (the sector and round follow from the position).
    CombatRoll,
    /// The umpire names the units lost to the waiting hits.
    AllocateLosses {
        losses: Vec<Target>,
    },
    /// Engineers lift the minefields they may.
    ClearMinefields,
    /// The Corps Commander deals with a division without an HQ: `unit` becomes it.
    ReplaceHq {
        division: u8,
        choice: HqChoice,
        unit: UnitRef,
    },
    EndTurn,
}

pub fn start(setup: &Setup) -> Result<State, RuleError> {
    if let Some(p) = setup_check(setup).into_iter().next() {
        return Err(RuleError::Setup(p));
    }
    Ok(State::new(setup))
}

/// The dice a decision takes here.
pub fn dice(setup: &Setup, state: &State, decision: &Decision) -> Option<DiceSpec> {
    match decision {
        Decision::RollRecon => Some(DiceSpec::pool(2, Die::D6)),
        Decision::FireMission { sector } => match state.counter_count(*sector) {
            0 => None,
            n => Some(DiceSpec::pool(n as u16, Die::D6)),
        },
        Decision::RollEvent => Some(DiceSpec::one(Die::D6)),
        Decision::Move { unit, path, .. } => {
            let kind = movement::attacker_kind(setup, *unit);
            pool(movement::withdrawal_dice(setup, state, *unit) as usize + movement::bog_dice(setup, state, kind, path))
        }
        Decision::RollDefenderMovers => Some(DiceSpec::one(tables::defender_movers_die(state.defender_hq_lost(setup)))),
        Decision::DefenderMove { counter, path } if (*counter as usize) < state.counters.len() => {
            let kind = defender::mover_kind(setup, state.counters[*counter as usize].piece);
            pool(
                defender::withdrawal_dice(setup, state, *counter) as usize
                    + movement::bog_dice(setup, state, kind, path),
            )
        }
        Decision::CallFire { sector } => pool(fire::on_call_targets(state, *sector).len()),
        Decision::SupportFire { extra_ammo, .. } => pool(1 + *extra_ammo as usize),
        Decision::AirStrike { .. } => pool(1),
        Decision::CombatRoll => pool(combat::stage_dice(setup, state).len()),
        Decision::ReplaceHq { choice: HqChoice::ChainOfCommand, .. } => pool(1),
        _ => None,
    }
}

fn pool(n: usize) -> Option<DiceSpec> {
    (n > 0).then(|| DiceSpec::pool(n as u16, Die::D6))
}

fn expect(state: &State, phase: Phase) -> Result<(), RuleError> {
    if state.phase == phase {
        Ok(())
    } else {
        Err(RuleError::NotNow { phase: state.phase })
    }
}

pub fn apply(setup: &Setup, state: &State, decision: &Decision, dice: &[u16]) -> Result<State, RuleError> {
    let mut s = state.clone();
    match decision {
        Decision::DeployDefenders { counters } => {
            expect(state, Phase::DeployDefenders)?;
            deploy_defenders(setup, &mut s, counters)?;
            s.phase = Phase::Recon;
        }
        Decision::RollRecon => {
            expect(state, Phase::Recon)?;
            let target = recon_target(dice[0], dice[1]);
            s.recon.push(Recon { target, examined: Vec::new() });
            if target.is_some_and(|t| s.counter_count(t) > 0) {
                s.phase = Phase::Examine;
            } else if s.recon.len() == tables::RECON_ATTEMPTS {
                s.phase = Phase::InitialOrders;
            }
        }
        Decision::Examine { counters } => {
            expect(state, Phase::Examine)?;
            examine(&mut s, counters)?;
            if s.recon.len() == tables::RECON_ATTEMPTS {
                s.phase = Phase::InitialOrders;
            } else {
                s.phase = Phase::Recon;
            }
        }
        Decision::IssueOrders { break_through, corps_reserve, frontages, intentions } => {
            expect(state, Phase::InitialOrders)?;
            issue_orders(setup, &mut s, *break_through, corps_reserve, frontages, intentions)?;
            s.phase = Phase::DeployAttackers;
            mark_empty_divisions(&mut s);
        }
        Decision::DeployDivision { division, placements } => {
            expect(state, Phase::DeployAttackers)?;
            deploy_division(&mut s, *division, placements)?;
            if s.deployed.iter().all(|&d| d) {
                s.phase = Phase::FirePlan;
            }
        }
        Decision::PlotTrps { sectors } => {
            expect(state, Phase::FirePlan)?;
            for (i, a) in sectors.iter().enumerate() {
                if !a.is_on_table() {
                    return Err(RuleError::OutsideDeploymentArea(*a));
                }
                if sectors[..i].contains(a) {
                    return Err(RuleError::TrpTwice(*a));
                }
            }
            s.trps = sectors.iter().map(|&t| Some(t)).collect();
            s.phase = Phase::Bombardment;
        }
        Decision::FireMission { sector } => {
            expect(state, Phase::Bombardment)?;
            fire::may_fire_mission(&s, *sector)?;
            let ids: Vec<u16> = s.counters_in(*sector).map(|c| c.id).collect();
            for (id, &die) in ids.iter().zip(dice) {
                if die >= KILL {
                    s.counters[*id as usize].place = CounterPlace::Gone;
                }
            }
            s.pre_battle_fm.push(*sector);
            if s.pre_battle_fm.len() == tables::PRE_BATTLE_FM as usize {
                begin_battle(&mut s);
            }
        }
        Decision::EndBombardment => {
            expect(state, Phase::Bombardment)?;
            begin_battle(&mut s);
        }
        Decision::RollEvent => {
            expect(state, Phase::RandomEvent)?;
            let event = setup.events[dice[0] as usize - 1];
            if event == Event::ThickFog {
                s.fog = !s.fog;
            }
            s.event = Some(event);
            new_turn(&mut s);
            s.phase = Phase::AttackerMovement;
        }
        Decision::Move { unit, path, exit } => {
            expect(state, Phase::AttackerMovement)?;
            movement::move_unit(setup, &mut s, *unit, path, *exit, dice)?;
        }
        Decision::Enter { unit, sector } => {
            expect(state, Phase::AttackerMovement)?;
            movement::enter(setup, &mut s, *unit, *sector)?;
        }
        Decision::Release { unit, division, frontage } => {
            expect(state, Phase::AttackerMovement)?;
            movement::release(&mut s, *unit, *division, *frontage)?;
        }
        Decision::EndMovement => {
            expect(state, Phase::AttackerMovement)?;
            s.phase = Phase::DefenderMovement;
        }
        Decision::RollDefenderMovers => {
            expect(state, Phase::DefenderMovement)?;
            if s.defender_movers.is_some() {
                return Err(RuleError::MoversRolled);
            }
            s.defender_movers = Some(dice[0] as u8);
        }
        Decision::DefenderMove { counter, path } => {
            expect(state, Phase::DefenderMovement)?;
            defender::move_counter(setup, &mut s, *counter, path, dice)?;
        }
        Decision::EndDefenderMovement => {
            expect(state, Phase::DefenderMovement)?;
            s.phase = Phase::OnCallBombardment;
        }
        Decision::CallFire { sector } => {
            expect(state, Phase::OnCallBombardment)?;
            fire::call_fire(setup, &mut s, *sector, dice)?;
        }
        Decision::EndOnCall => {
            expect(state, Phase::OnCallBombardment)?;
            s.phase = Phase::DefenderSupport;
        }
        Decision::SupportFire { battery, target, extra_ammo } => {
            fire::support(setup, &mut s, Some(*battery), *target, *extra_ammo, dice)?;
        }
        Decision::AirStrike { target } => {
            fire::support(setup, &mut s, None, *target, false, dice)?;
        }
        Decision::EndSupport => match state.phase {
            Phase::DefenderSupport => s.phase = Phase::AttackerSupport,
            Phase::AttackerSupport => {
                s.phase = Phase::GroundCombat;
                combat::settle(setup, &mut s);
            }
            phase => return Err(RuleError::NotNow { phase }),
        },
        Decision::CombatRoll => {
            expect(state, Phase::GroundCombat)?;
            let c = combat::under_way(&mut s)?;
            combat::roll(setup, &mut s, c, dice)?;
        }
        Decision::AllocateLosses { losses } => {
            expect(state, Phase::GroundCombat)?;
            let c = combat::under_way(&mut s)?;
            combat::allocate(setup, &mut s, c, losses)?;
        }
        Decision::ClearMinefields => {
            expect(state, Phase::ClearMinefields)?;
            turn_end::clear_minefields(setup, &mut s);
            s.phase = Phase::ReplaceHq;
        }
        Decision::ReplaceHq { division, choice, unit } => {
            expect(state, Phase::ReplaceHq)?;
            turn_end::replace_hq(setup, &mut s, *division, *choice, *unit, dice)?;
        }
        Decision::EndTurn => {
            expect(state, Phase::ReplaceHq)?;
            turn_end::end_turn(setup, &mut s)?;
        }
    }
    // A sector the attackers held stops being theirs once none of their units is in it.
    let gone: Vec<Sector> = s.attackers_hold.iter().copied().filter(|&x| s.attackers_in(x) == 0).collect();
    s.attackers_hold.retain(|x| !gone.contains(x));
    Ok(s)
}

/// What each turn starts afresh: moves, fire, the defender's movers, the step records.
fn new_turn(s: &mut State) {
    for u in &mut s.units {
        u.moved = false;
        u.fired = false;
        u.start = match u.place {
            Place::On(x) => Some(x),
            _ => None,
        };
    }
    for c in &mut s.counters {
        c.moved = false;
        c.fired = false;
    }
    s.defender_movers = None;
    s.defender_moved = 0;
    s.support_bonus_used = false;
    s.fought.clear();
    s.hq_handled.clear();
    s.combat = None;
    s.turn_base = s.tallies();
}

fn begin_battle(s: &mut State) {
    s.pre_battle_done = true;
    s.turn = 1;
    s.phase = Phase::RandomEvent;
}

fn deploy_defenders(setup: &Setup, s: &mut State, counters: &[(Piece, Sector)]) -> Result<(), RuleError> {
    let mut want = setup.defender_pieces();
    let mut got: Vec<Piece> = counters.iter().map(|c| c.0).collect();
    crate::engine::order::sort(&mut want);
    crate::engine::order::sort(&mut got);
    if want != got {
        return Err(RuleError::WrongPieces);
    }
    for &(_, sector) in counters {
        if !sector.is_on_table() || !sector.is_defender_deployment() {
            return Err(RuleError::OutsideDeploymentArea(sector));
        }
        if counters.iter().filter(|c| c.1 == sector).count() > STACKING {
            return Err(RuleError::Overstacked(sector));
        }
    }
    let mut sorted: Vec<(Piece, Sector)> = counters.to_vec();
    crate::engine::order::sort_by_key(&mut sorted, |c| (c.1.line, c.1.axis));
    s.counters = sorted
        .into_iter()
        .enumerate()
        .map(|(i, (piece, sector))| Counter {
            id: i as u16,
            piece: Some(piece),
            place: CounterPlace::On(sector),
            revealed: false,
            revealed_turn: 0,
            moved: false,
            fired: false,
            came_from: None,
        })
        .collect();
    Ok(())
}

fn examine(s: &mut State, counters: &[u16]) -> Result<(), RuleError> {
    let (here, expected) = s.to_examine();
    let recon = s.recon.last_mut().ok_or(RuleError::NothingToExamine)?;
    let sector = recon.target.ok_or(RuleError::NothingToExamine)?;
    if counters.len() != expected {
        return Err(RuleError::ExamineCount { expected, got: counters.len() });
    }
    for (i, &c) in counters.iter().enumerate() {
        if counters[..i].contains(&c) {
            return Err(RuleError::CounterTwice(c));
        }
        if !here.contains(&c) {
            return Err(RuleError::CounterNotThere { counter: c, sector });
        }
    }
    recon.examined = counters.to_vec();
    Ok(())
}

fn issue_orders(
    setup: &Setup,
    s: &mut State,
    break_through: Option<u8>,
    corps_reserve: &[UnitRef],
    frontages: &[Option<Frontage>; ATTACKING_DIVISIONS],
    intentions: &str,
) -> Result<(), RuleError> {
    let break_through = match (setup.break_through, break_through) {
        (Some(fixed), None) => fixed,
        (Some(fixed), Some(b)) if b == fixed => fixed,
        (Some(_), Some(_)) => return Err(RuleError::BreakThroughFixed),
        (None, None) => return Err(RuleError::BreakThroughMissing),
        (None, Some(b)) if (b as usize) < ATTACKING_DIVISIONS => b,
        (None, Some(b)) => return Err(RuleError::UnknownDivision(b)),
    };
    for (i, r) in corps_reserve.iter().enumerate() {
        if setup.attackers.get(r.division as usize).is_none_or(|d| d.units.len() <= r.unit as usize) {
            return Err(RuleError::UnknownUnit(*r));
        }
        if corps_reserve[..i].contains(r) {
            return Err(RuleError::UnitTwice(*r));
        }
    }
    for (d, f) in frontages.iter().enumerate() {
        let held = corps_reserve.iter().filter(|r| r.division as usize == d).count();
        let wholly_in_r2 = held == setup.attackers[d].units.len();
        match f {
            Some(f) if !f.is_valid() => return Err(RuleError::BadFrontage),
            None if !wholly_in_r2 => return Err(RuleError::FrontageMissing(d as u8)),
            _ => {}
        }
    }
    for r in corps_reserve {
        let i = s.index_of(*r).ok_or(RuleError::UnknownUnit(*r))?;
        s.units[i].place = Place::CorpsReserve;
    }
    s.orders = Some(Orders { break_through, frontages: *frontages, intentions: intentions.trim().to_string() });
    Ok(())
}

/// A division held wholly in R2 has nothing to deploy.
fn mark_empty_divisions(s: &mut State) {
    for d in 0..ATTACKING_DIVISIONS {
        let left = s.units.iter().any(|u| u.origin.division as usize == d && u.place == Place::Undeployed);
        if !left {
            s.deployed[d] = true;
        }
    }
    if s.deployed.iter().all(|&d| d) {
        s.phase = Phase::FirePlan;
    }
}

fn deploy_division(s: &mut State, division: u8, placements: &[(u16, Deployment)]) -> Result<(), RuleError> {
    let d = division as usize;
    if d >= ATTACKING_DIVISIONS {
        return Err(RuleError::UnknownDivision(division));
    }
    if s.deployed[d] {
        return Err(RuleError::AlreadyDeployed(division));
    }
    let mut want: Vec<u16> = s
        .units
        .iter()
        .filter(|u| u.origin.division == division && u.place == Place::Undeployed)
        .map(|u| u.origin.unit)
        .collect();
    let mut got: Vec<u16> = placements.iter().map(|p| p.0).collect();
    crate::engine::order::sort(&mut want);
    crate::engine::order::sort(&mut got);
    if want != got {
        return Err(RuleError::DeploymentIncomplete(division));
    }
    let frontage = s.frontage(division);
    let on_table = placements.iter().any(|p| matches!(p.1, Deployment::Line1 { .. }));
    if let Some(other) = s.overlapping_on_table(division).filter(|_| on_table) {
        return Err(RuleError::FrontagesOverlap(other, division));
    }
    for &(unit, where_) in placements {
        let r = UnitRef { division, unit };
        let i = s.index_of(r).ok_or(RuleError::UnknownUnit(r))?;
        match where_ {
            Deployment::Reserve => s.units[i].place = Place::DivisionReserve,
            Deployment::Line1 { axis } => {
                let sector = Sector::new(axis, 1).ok_or(RuleError::BadFrontage)?;
                if !frontage.is_some_and(|f| f.contains(axis)) {
                    return Err(RuleError::OutsideFrontage { unit: r, axis });
                }
                if s.attackers_in(sector) >= STACKING {
                    return Err(RuleError::Overstacked(sector));
                }
                s.units[i].place = Place::On(sector);
                s.units[i].axis = Some(axis);
            }
        }
    }
    s.deployed[d] = true;
    Ok(())
}
