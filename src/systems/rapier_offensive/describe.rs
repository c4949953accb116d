//! Log lines, in our own words. A line may be shown to seats that cannot read its decision
//! (secret entries are announced), so no line tells a hidden identity, a TRP, an order or a
//! reserve.

use super::combat;
use super::grid::Sector;
use super::movement;
use super::rules::Decision;
use super::setup::Setup;
use super::state::{CounterPlace, Phase, Place, State, Target, UnitRef};
use super::tables::{self, recon_target};
use super::turn_end::HqChoice;
use super::units::Piece;

fn unit_name(setup: &Setup, r: UnitRef) -> String {
    setup
        .attackers
        .get(r.division as usize)
        .and_then(|d| d.units.get(r.unit as usize))
        .map_or("A unit".into(), |u| u.name.clone())
}

pub fn describe(setup: &Setup, before: &State, decision: &Decision, dice: &[u16], after: &State) -> String {
    match decision {
        Decision::DeployDefenders { counters } => {
            format!("The umpire deploys {} counters face down on lines L2 to L5.", counters.len())
        }
        Decision::RollRecon => {
            let n = after.recon.len();
            match dice.get(..2).and_then(|d| recon_target(d[0], d[1])) {
                None => format!("Recon attempt {n} lands off the table: wasted."),
                Some(t) => match before.counter_count(t) {
                    0 => format!("Recon attempt {n} lands on {t}: nothing there, wasted."),
                    k => format!(
                        "Recon attempt {n} lands on {t}: {} for the Staff Officer to examine.",
                        count(k, "counter", "counters")
                    ),
                },
            }
        }
        Decision::Examine { counters } => {
            format!(
                "The Staff Officer examines {} and will report to the team.",
                count(counters.len(), "counter", "counters")
            )
        }
        Decision::IssueOrders { .. } => "The Corps Commander issues the initial orders at the command post.".into(),
        Decision::DeployDivision { division, .. } => {
            let name = setup.attackers.get(*division as usize).map_or("A division", |d| d.name.as_str());
            format!("{name} deploys.")
        }
        Decision::PlotTrps { .. } => "The Corps Commander plots four target registration points.".into(),
        Decision::FireMission { sector } => {
            let killed = before.counters.len()
                - after.counters.iter().filter(|c| c.place != CounterPlace::Gone).count()
                - before.counters.iter().filter(|c| c.place == CounterPlace::Gone).count();
            let n = after.pre_battle_fm.len();
            let hit = match (before.counter_count(*sector), killed) {
                (0, _) => "no counters there".to_string(),
                (_, 0) => "no counter destroyed".to_string(),
                (_, 1) => "one counter destroyed".to_string(),
                (_, k) => format!("{k} counters destroyed"),
            };
            format!("Fire mission {n} of {} on {sector}: {hit}.", tables::PRE_BATTLE_FM)
        }
        Decision::EndBombardment => format!(
            "The Corps Commander ends the bombardment with {} fire missions unused.",
            tables::PRE_BATTLE_FM as usize - before.pre_battle_fm.len()
        ),
        Decision::RollEvent => {
            let event = after.event.map_or("No effect", |e| e.name());
            let fog = match (before.fog, after.fog) {
                (false, true) => " Fog settles on the battlefield.",
                (true, false) => " The fog lifts.",
                _ => "",
            };
            format!("Turn {}: {event}.{fog}", after.turn)
        }
        Decision::Move { unit, path, exit } => {
            let name = unit_name(setup, *unit);
            let i = after.index_of(*unit).expect("a unit that moved");
            if after.units[i].place == Place::Killed {
                return format!("{name} is destroyed by the enemy's free shot as it withdraws from contact.");
            }
            let (was, now) = (before.units[i].place, after.units[i].place);
            if was == now {
                return format!("{name} bogs down and stays where it is.");
            }
            let wire = match wire_crushed(before, after).as_slice() {
                [] => String::new(),
                [x] => format!(" It crushes the wire in {x}: the wire is removed."),
                xs => format!(
                    " It crushes the wire in {}: the wire is removed.",
                    xs.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" and ")
                ),
            };
            if movement::withdrawal_dice(setup, before, *unit) > 0 {
                return format!("{name} withdraws from contact under the enemy's free shot, unharmed.{wire}");
            }
            let path = match now {
                Place::On(x) => &path[..=path.iter().position(|&p| p == x).unwrap_or(path.len() - 1)],
                _ => &path[..],
            };
            let line = match (*exit && now == Place::Exited, path.last()) {
                (true, _) => format!("{name} leaves the table for the objective."),
                (false, Some(to)) if before.counter_count(*to) > 0 => {
                    format!("{name} moves into {to} and makes contact: the counters there are turned over.")
                }
                (false, Some(to)) => format!("{name} moves to {to}."),
                (false, None) => format!("{name} stays put."),
            };
            format!("{line}{wire}")
        }
        Decision::Enter { unit, sector } => {
            format!("{} comes up from the Division Reserve to {sector}.", unit_name(setup, *unit))
        }
        Decision::Release { .. } => "The Corps Commander releases a unit from the Corps Reserve.".into(),
        Decision::EndMovement => "The attackers end their movement.".into(),
        Decision::RollDefenderMovers => {
            format!("The defender may move {} units this turn.", after.defender_movers.unwrap_or(0))
        }
        Decision::DefenderMove { counter, path } => {
            let stayed = before.counters[*counter as usize].place == after.counters[*counter as usize].place;
            let who = counter_name(setup, after, *counter);
            let to = after.counters[*counter as usize]
                .sector()
                .or(path.last().copied())
                .map_or(String::new(), |t| t.to_string());
            match after.counters[*counter as usize].place {
                CounterPlace::Gone if !is_dummy(after, *counter) => {
                    format!("{who} withdraws from contact and is destroyed by the attackers' free shot.")
                }
                CounterPlace::Gone => format!("A counter moves and is turned over: a dummy, lifted from {to}."),
                _ if stayed => format!("{who} is turned face up and bogs down where it is."),
                _ => format!("{who} is turned face up and moves to {to}."),
            }
        }
        Decision::EndDefenderMovement => "The defender ends its movement.".into(),
        Decision::CallFire { sector } => {
            let (counters, units) = losses(before, after);
            format!(
                "On-call fire mission {} of {} on {sector}: {}, {} of our units lost.",
                after.on_call.len(),
                tables::ON_CALL_FM,
                count(counters.len(), "counter destroyed", "counters destroyed"),
                units.len()
            )
        }
        Decision::EndOnCall => "The Corps Commander calls no more fire this turn.".into(),
        Decision::SupportFire { battery, target, extra_ammo } => {
            let by = target_name(setup, after, *battery);
            let extra = if *extra_ammo { " with the extra ammunition" } else { "" };
            format!("{by} fires{extra} at {}: {}.", target_name(setup, before, *target), hit(before, after, *target))
        }
        Decision::AirStrike { target } => {
            format!("An air strike on {}: {}.", target_name(setup, before, *target), hit(before, after, *target))
        }
        Decision::EndSupport => match before.phase {
            Phase::DefenderSupport => "The umpire ends the defender's support fire.".into(),
            _ => "The attackers end their support fire.".into(),
        },
        Decision::CombatRoll => {
            let Some(c) = before.combat.as_ref() else { return "Ground combat.".into() };
            let who = combat::stage_words(before, c);
            let (counters, units) = losses(before, after);
            let waiting = after.combat.as_ref().filter(|n| n.sector == c.sector).map_or(0, |n| n.pending.len());
            let wait = if waiting > 0 { " The umpire names the losses." } else { "" };
            format!(
                "Ground combat in {}, round {}: {who}. Lost: {}.{wait}",
                c.sector,
                c.round,
                named(setup, before, &counters, &units)
            )
        }
        Decision::AllocateLosses { .. } => {
            let (counters, units) = losses(before, after);
            format!("The umpire names the losses: {}.", named(setup, before, &counters, &units))
        }
        Decision::ClearMinefields => {
            let (counters, _) = losses(before, after);
            match counters.len() {
                0 => "No minefield is lifted this turn.".into(),
                n => format!("Engineers lift {}.", count(n, "minefield", "minefields")),
            }
        }
        Decision::ReplaceHq { division, choice, unit } => {
            let div = setup.attackers.get(*division as usize).map_or("A division", |d| d.name.as_str());
            let made = after.index_of(*unit).is_some_and(|i| after.units[i].made_hq);
            match (choice, made) {
                (HqChoice::StaffOfficer, _) => format!(
                    "The Staff Officer takes command of {div} and its commander becomes Staff Officer; {} becomes the HQ.",
                    unit_name(setup, *unit)
                ),
                (HqChoice::ChainOfCommand, true) => {
                    format!("In {div} a subordinate takes command: {} becomes the HQ.", unit_name(setup, *unit))
                }
                (HqChoice::ChainOfCommand, false) => {
                    format!("{div} stays without an HQ and will move at most half its units.")
                }
            }
        }
        Decision::EndTurn => match &after.result {
            Some(r) => format!(
                "The battle ends: {}. {} of the break-through division's units left the table.",
                r.victory.name(),
                tables::share_words(r.exited, r.total)
            ),
            None => format!("Turn {} ends.", before.turn),
        },
    }
}

fn count(n: usize, one: &str, many: &str) -> String {
    match n {
        0 => format!("no {many}"),
        1 => format!("one {one}"),
        n => format!("{n} {many}"),
    }
}

/// The sectors where wire was removed between two positions (armour entering it crushes it).
fn wire_crushed(before: &State, after: &State) -> Vec<Sector> {
    let mut at: Vec<Sector> = before
        .counters
        .iter()
        .zip(&after.counters)
        .filter(|(b, a)| b.piece == Some(Piece::Wire) && a.place == CounterPlace::Gone)
        .filter_map(|(b, _)| b.sector())
        .collect();
    at.dedup();
    at
}

fn is_dummy(s: &State, id: u16) -> bool {
    s.counters[id as usize].piece == Some(Piece::Dummy)
}

/// A counter as this line may name it: a face-up unit by name, a face-down one only by place.
fn counter_name(setup: &Setup, s: &State, id: u16) -> String {
    let c = &s.counters[id as usize];
    match (c.revealed, c.piece) {
        (true, Some(Piece::Unit(i))) => setup.defender.units[i as usize].name.clone(),
        (true, Some(Piece::Fortification)) => "A fortification".into(),
        (true, Some(Piece::Minefield)) => "A minefield".into(),
        (true, Some(Piece::Wire)) => "Wire".into(),
        (true, Some(Piece::AtObstacle)) => "Anti-tank obstacles".into(),
        _ => match c.sector() {
            Some(x) => format!("a face-down counter in {x}"),
            None => "a face-down counter".into(),
        },
    }
}

fn target_name(setup: &Setup, s: &State, t: Target) -> String {
    match t {
        Target::Counter(id) if (id as usize) < s.counters.len() => counter_name(setup, s, id),
        Target::Counter(id) => format!("counter {}", id + 1),
        Target::Unit(r) => unit_name(setup, r),
    }
}

fn hit(before: &State, after: &State, t: Target) -> &'static str {
    let (c, u) = losses(before, after);
    if c.contains(&t) || u.contains(&t) {
        "destroyed"
    } else {
        "no effect"
    }
}

/// Counters and units removed between two positions.
fn losses(before: &State, after: &State) -> (Vec<Target>, Vec<Target>) {
    let counters = (0..before.counters.len())
        .filter(|&k| before.counters[k].place != CounterPlace::Gone && after.counters[k].place == CounterPlace::Gone)
        .map(|k| Target::Counter(k as u16))
        .collect();
    let units = (0..before.units.len())
        .filter(|&k| before.units[k].place != Place::Killed && after.units[k].place == Place::Killed)
        .map(|k| Target::Unit(before.units[k].origin))
        .collect();
    (counters, units)
}

fn named(setup: &Setup, s: &State, counters: &[Target], units: &[Target]) -> String {
    let names: Vec<String> = counters.iter().chain(units).map(|&t| target_name(setup, s, t)).collect();
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}
