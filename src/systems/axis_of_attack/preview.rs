//! What the dice widget shows before each roll: modifiers in force and exact odds.

use super::company::Setup;
use super::rules::{adjuster, mission_modifiers, platoon_name, player_name, reinforcement_dice, Decision};
use super::state::{Side, State};
use super::tables::{self, Mission};
use crate::engine::odds::{tally, tally_faced, Chance};
use crate::engine::{DiceSpec, Die, Modifier, RollPreview};

/// What the mission roll can give: the mission and who attacks (`None`: tied, or an Encounter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MissionOdds {
    pub mission: Mission,
    pub attacker: Option<Side>,
}

/// Exact chances of every (mission, attacker) from the two dice, before any shift or change.
pub fn mission_odds(state: &State) -> Vec<(MissionOdds, Chance)> {
    let m = [Side::West, Side::East].map(|s| mission_modifiers(state, s).iter().map(|x| x.1).sum::<i32>());
    tally(&DiceSpec::pool(2, Die::D6), |d| {
        let totals = [d[0] as i32 + m[0], d[1] as i32 + m[1]];
        let mission = tables::mission_for(totals[0].max(totals[1]));
        let attacker = match totals[0].cmp(&totals[1]) {
            _ if mission.fair_fight() => None,
            std::cmp::Ordering::Greater => Some(Side::West),
            std::cmp::Ordering::Less => Some(Side::East),
            std::cmp::Ordering::Equal => None,
        };
        MissionOdds { mission, attacker }
    })
}

/// Chance that at least one of `dice` d6 shows `needs` or more.
/// Exact up to 24 dice; rounded to a millionth beyond (6^25 overflows the fraction).
pub fn reinforcement_chance(dice: u32, needs: u16) -> Chance {
    let fail = (needs.clamp(1, 7) as u64 - 1).min(6);
    if dice <= 24 {
        let all = 6u64.pow(dice);
        Chance::new(all - fail.pow(dice), all)
    } else {
        let p = 1.0 - (fail as f64 / 6.0).powi(dice as i32);
        Chance::new((p * 1_000_000.0).round() as u64, 1_000_000)
    }
}

pub fn preview(setup: &Setup, state: &State, decision: &Decision) -> Option<RollPreview> {
    let name = |s: Side| player_name(setup, s);
    match decision {
        Decision::RollMission => {
            let mut modifiers = Vec::new();
            for s in Side::BOTH {
                for (label, value) in mission_modifiers(state, s) {
                    modifiers.push(Modifier { label: format!("{}: {label}", name(s)), value });
                }
            }
            let odds = mission_odds(state)
                .into_iter()
                .map(|(o, c)| {
                    let label = match (o.mission.fair_fight(), o.attacker) {
                        (true, _) => format!("{} (both attack)", o.mission.name()),
                        (false, Some(a)) => format!("{}, {} attacks", o.mission.name(), name(a)),
                        (false, None) => format!("{}, level totals", o.mission.name()),
                    };
                    (label, c)
                })
                .collect();
            let range = |s: Side| {
                let m: i32 = mission_modifiers(state, s).iter().map(|x| x.1).sum();
                format!("{} totals {} to {}", name(s), 1 + m, 6 + m)
            };
            let mut note = format!(
                "First die {}, second die {}; {}, {}. The higher total picks the mission and attacks.",
                name(Side::West),
                name(Side::East),
                range(Side::West),
                range(Side::East)
            );
            if let Some(a) = adjuster(state) {
                note.push_str(&format!(" {} may then move the higher total by 1.", name(a)));
            }
            Some(RollPreview {
                title: "Next mission".into(),
                dice: DiceSpec::pool(2, Die::D6),
                modifiers,
                odds,
                // Two dice read against each other: no one number gives a mission.
                faces: None,
                note: Some(note),
            })
        }
        Decision::RollWeather => {
            let d6 = DiceSpec::one(Die::D6);
            let last = state.weather;
            let (odds, faces) = tally_faced(&d6, |d| tables::weather(d[0], last)).label(|w| {
                format!("{} (ground {})", w.name(), state.mud.changed(w.mud_change()).name().to_ascii_lowercase())
            });
            let defender = state.current().and_then(|t| t.defender());
            let who = defender.map_or("Either player rolls".to_string(), |d| format!("{} rolls as defender", name(d)));
            Some(RollPreview {
                title: "Weather".into(),
                dice: d6,
                modifiers: vec![],
                odds,
                faces,
                note: Some(format!(
                    "{who}. Last game's weather: {}; the ground is {} now.",
                    last.name().to_ascii_lowercase(),
                    state.mud.name().to_ascii_lowercase()
                )),
            })
        }
        Decision::Reinforce { side, vp, assign } => {
            let n: u32 = assign.iter().map(|a| a.dice as u32).sum();
            if n == 0 {
                return None;
            }
            let mut odds = Vec::new();
            for a in assign {
                let p = state.platoon(*side, a.platoon)?;
                let needs = p.platoon.reinforcement_needs();
                let target = tables::reinforcement_target(p.platoon.role);
                let tank = if p.platoon.all_tank { format!(" ({target}+, -1 all tanks)") } else { String::new() };
                odds.push((
                    format!(
                        "{}: {} at {needs}+{tank}, up to {}",
                        platoon_name(state, *side, a.platoon),
                        if a.dice == 1 { "1 die".to_string() } else { format!("{} dice", a.dice) },
                        p.platoon.step_up(p.strength).min(p.start).name().to_ascii_lowercase()
                    ),
                    reinforcement_chance(a.dice as u32, needs),
                ));
            }
            Some(RollPreview {
                title: format!("{}'s reinforcements", name(*side)),
                dice: DiceSpec::pool(n.min(u16::MAX as u32) as u16, Die::D6),
                modifiers: vec![],
                odds,
                faces: None,
                note: Some(format!(
                    "Each line is the chance that platoon goes up a level. {} of {} dice assigned.",
                    n,
                    reinforcement_dice(state, *side, *vp)
                )),
            })
        }
        _ => None,
    }
}
