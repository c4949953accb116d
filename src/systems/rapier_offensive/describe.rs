//! Log lines, in our own words. A line may be shown to seats that cannot read its decision
//! (secret entries are announced), so no line tells a hidden identity, a TRP, an order or a
//! reserve.

use super::rules::Decision;
use super::setup::Setup;
use super::state::{CounterPlace, State, UnitRef};
use super::tables::{self, recon_target};

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
                    k => format!("Recon attempt {n} lands on {t}: {k} counters for the Staff Officer to examine."),
                },
            }
        }
        Decision::Examine { counters } => {
            format!("The Staff Officer examines {} counters and will report to the team.", counters.len())
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
            match (exit, path.last()) {
                (true, _) => format!("{name} leaves the table for the objective."),
                (false, Some(to)) if before.counter_count(*to) > 0 => {
                    format!("{name} moves into {to} and makes contact: the counters there are turned over.")
                }
                (false, Some(to)) => format!("{name} moves to {to}."),
                (false, None) => format!("{name} stays put."),
            }
        }
        Decision::Enter { unit, sector } => {
            format!("{} comes up from the Division Reserve to {sector}.", unit_name(setup, *unit))
        }
        Decision::Release { .. } => "The Corps Commander releases a unit from the Corps Reserve.".into(),
        Decision::EndMovement => "The attackers end their movement.".into(),
    }
}
