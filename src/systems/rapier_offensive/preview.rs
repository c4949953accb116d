//! What the dice widget shows before each roll: exact odds through `engine::odds`.

use super::combat::{self, Reach, Side};
use super::fire;
use super::optional::kill_target;
use super::rules::{dice, Decision};
use super::setup::Setup;
use super::state::State;
use super::tables::{self, recon_target, Event, KILL};
use crate::engine::odds::{tally, Chance};
use crate::engine::RollPreview;

pub fn preview(setup: &Setup, state: &State, decision: &Decision) -> Option<RollPreview> {
    let spec = dice(setup, state, decision)?;
    match decision {
        Decision::RollRecon => {
            let odds = tally(&spec, |d| match recon_target(d[0], d[1]) {
                None => "Off the table (wasted)".to_string(),
                Some(t) if state.counter_count(t) == 0 => "An empty sector (wasted)".to_string(),
                Some(_) => "Counters to examine".to_string(),
            });
            Some(RollPreview {
                title: "Reconnaissance".into(),
                dice: spec,
                modifiers: vec![],
                odds,
                note: Some("First die: the axis (5 or 6 is off the table). Second die: the line.".into()),
            })
        }
        Decision::FireMission { sector } => {
            let odds = tally(&spec, |d| {
                let k = d.iter().filter(|&&x| x >= KILL).count();
                match k {
                    0 => "No counter destroyed".to_string(),
                    1 => "1 counter destroyed".to_string(),
                    k => format!("{k} counters destroyed"),
                }
            });
            Some(RollPreview {
                title: format!("Fire mission on {sector}"),
                dice: spec,
                modifiers: vec![],
                odds,
                note: Some(format!("One die for each of the {} counters; a 6 destroys it.", spec.count)),
            })
        }
        Decision::RollEvent => {
            let odds = tally(&spec, |d| {
                let e = setup.events[d[0] as usize - 1];
                if e == Event::ThickFog && state.fog {
                    "Thick fog again: the fog lifts".to_string()
                } else {
                    e.name().to_string()
                }
            });
            Some(RollPreview { title: "Random event".into(), dice: spec, modifiers: vec![], odds, note: None })
        }
        Decision::Move { unit, .. } => {
            let kind = state.unit(setup, *unit).kind;
            Some(shot(spec, kill_target(setup.options.moving_targets, true, kind), "Free shot at the withdrawing unit"))
        }
        Decision::DefenderMove { .. } => Some(shot(
            spec,
            if setup.options.moving_targets { 5 } else { KILL },
            "Free shot at the withdrawing counter",
        )),
        Decision::RollDefenderMovers => {
            let odds = tally(&spec, |d| format!("{} units may move", d[0]));
            Some(RollPreview { title: "Defender movement".into(), dice: spec, modifiers: vec![], odds, note: None })
        }
        Decision::SupportFire { target, .. } | Decision::AirStrike { target } => {
            let kill = match fire::sector_of(state, *target) {
                Some(_) => fire::kill_number(setup, state, *target),
                None => KILL,
            };
            Some(shot(spec, kill, "Support fire"))
        }
        Decision::ReplaceHq { .. } => {
            let odds = tally(&spec, |d| {
                if d[0] >= tables::SUBORDINATE_TAKES_OVER {
                    "A subordinate takes command".to_string()
                } else {
                    "The division stays without an HQ".to_string()
                }
            });
            Some(RollPreview { title: "Chain of command".into(), dice: spec, modifiers: vec![], odds, note: None })
        }
        Decision::CallFire { sector } => {
            let kills: Vec<u16> =
                fire::on_call_targets(state, *sector).into_iter().map(|t| fire::kill_number(setup, state, t)).collect();
            let odds = each_die(&kills).into_iter().enumerate().map(|(k, c)| (format!("{k} destroyed"), c)).collect();
            Some(RollPreview {
                title: format!("On-call fire mission on {sector}"),
                dice: spec,
                modifiers: vec![],
                odds,
                note: Some("One die for everything in the sector, our own units included.".into()),
            })
        }
        Decision::CombatRoll => {
            let c = state.combat.as_ref()?;
            let tags = combat::stage_dice(setup, state);
            let mut odds = Vec::new();
            for (loser, label) in [(Side::Attacker, "Attackers lose"), (Side::Defender, "Defender loses")] {
                let reaches: Vec<Reach> = tags.iter().filter(|t| t.0 != loser).map(|t| t.1).collect();
                if reaches.is_empty() {
                    continue;
                }
                let marks = combat::marks(setup, state, c.sector, loser);
                for (k, ch) in combat::kill_odds(&reaches, &marks).into_iter().enumerate() {
                    if ch.num > 0 {
                        odds.push((format!("{label} {k}"), ch));
                    }
                }
            }
            Some(RollPreview {
                title: format!("Ground combat in {}, round {}", c.sector, c.round),
                dice: spec,
                modifiers: vec![],
                odds,
                note: Some("The defender's dice come first. Each side's losses are shown apart; a 6 kills.".into()),
            })
        }
        _ => None,
    }
}

fn shot(spec: crate::engine::DiceSpec, kill: u16, title: &str) -> RollPreview {
    let odds = tally(&spec, |d| if d.iter().any(|&x| x >= kill) { "Destroyed" } else { "No effect" }.to_string());
    RollPreview {
        title: title.into(),
        dice: spec,
        modifiers: vec![],
        odds,
        note: Some(format!("Kills on {kill} or more.")),
    }
}

/// Exact chance of each number of kills when die `i` kills on `kills[i]` or more.
fn each_die(kills: &[u16]) -> Vec<Chance> {
    let mut dist = vec![1u128];
    for &k in kills {
        let hit = (7 - k.min(7)) as u128;
        let mut next = vec![0u128; dist.len() + 1];
        for (n, &w) in dist.iter().enumerate() {
            next[n] += w * (6 - hit);
            next[n + 1] += w * hit;
        }
        dist = next;
    }
    let den = 6u128.pow(kills.len() as u32);
    dist.into_iter().map(|n| Chance::new(n as u64, den as u64)).collect()
}
