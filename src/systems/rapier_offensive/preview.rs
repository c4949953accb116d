//! What the dice widget shows before each roll: exact odds through `engine::odds`.

use super::combat::{self, Reach, Side};
use super::grid::Sector;
use super::optional::kill_target;
use super::rules::{dice, Decision};
use super::setup::Setup;
use super::state::{State, Target};
use super::tables::{self, recon_target, Event, KILL};
use super::units::{Piece, UnitKind};
use super::{fire, movement};
use crate::engine::odds::{tally_faced, Chance, Faced};
use crate::engine::{DiceSpec, RollPreview};

pub fn preview(setup: &Setup, state: &State, decision: &Decision) -> Option<RollPreview> {
    let spec = dice(setup, state, decision)?;
    match decision {
        Decision::RollRecon => {
            let Faced { odds, faces } = tally_faced(&spec, |d| match recon_target(d[0], d[1]) {
                None => "Off the table (wasted)".to_string(),
                Some(t) if state.counter_count(t) == 0 => "An empty sector (wasted)".to_string(),
                Some(_) => "Counters to examine".to_string(),
            });
            Some(RollPreview {
                title: "Reconnaissance".into(),
                dice: spec,
                modifiers: vec![],
                odds,
                faces,
                note: Some("First die: the axis (5 or 6 is off the table). Second die: the line.".into()),
            })
        }
        Decision::FireMission { sector } => {
            let Faced { odds, faces } = tally_faced(&spec, |d| {
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
                faces,
                note: Some(format!(
                    "One die for each of the {} counters; a 6 destroys it. {}",
                    spec.count,
                    expected(&vec![KILL; spec.count as usize], "counters destroyed")
                )),
            })
        }
        Decision::RollEvent => {
            let Faced { odds, faces } = tally_faced(&spec, |d| {
                let e = setup.events[d[0] as usize - 1];
                if e == Event::ThickFog && state.fog {
                    "Thick fog again: the fog lifts".to_string()
                } else {
                    e.name().to_string()
                }
            });
            Some(RollPreview { title: "Random event".into(), dice: spec, modifiers: vec![], odds, faces, note: None })
        }
        Decision::Move { unit, path, .. } => {
            let kind = state.unit(setup, *unit).kind;
            Some(moving(setup, state, spec, kind, path, "Moving"))
        }
        Decision::DefenderMove { counter, path } => {
            let kind = match state.counters.get(*counter as usize).and_then(|c| c.piece) {
                Some(Piece::Unit(i)) => setup.defender.units[i as usize].kind,
                _ => UnitKind::RIFLES,
            };
            Some(moving(setup, state, spec, kind, path, "Defender moving"))
        }
        Decision::RollDefenderMovers => {
            let Faced { odds, faces } = tally_faced(&spec, |d| format!("{} units may move", d[0]));
            Some(RollPreview {
                title: "Defender movement".into(),
                dice: spec,
                modifiers: vec![],
                odds,
                faces,
                note: None,
            })
        }
        Decision::SupportFire { target, .. } | Decision::AirStrike { target } => {
            let kill = match fire::sector_of(state, *target) {
                Some(_) => fire::kill_number(setup, state, *target).unwrap_or(KILL),
                None => KILL,
            };
            Some(shot(spec, kill, "Support fire"))
        }
        Decision::ReplaceHq { .. } => {
            let Faced { odds, faces } = tally_faced(&spec, |d| {
                if d[0] >= tables::SUBORDINATE_TAKES_OVER {
                    "A subordinate takes command".to_string()
                } else {
                    "The division stays without an HQ".to_string()
                }
            });
            Some(RollPreview {
                title: "Chain of command".into(),
                dice: spec,
                modifiers: vec![],
                odds,
                faces,
                note: None,
            })
        }
        Decision::CallFire { sector } => {
            let targets = fire::on_call_targets(state, *sector);
            let counters = targets.iter().filter(|t| matches!(t, Target::Counter(_))).count();
            let kills: Vec<u16> =
                targets.into_iter().map(|t| fire::kill_number(setup, state, t)).collect::<Result<_, _>>().ok()?;
            let odds = each_die(&kills).into_iter().enumerate().map(|(k, c)| (format!("{k} destroyed"), c)).collect();
            Some(RollPreview {
                title: format!("On-call fire mission on {sector}"),
                dice: spec,
                modifiers: vec![],
                odds,
                faces: None,
                note: Some(format!(
                    "One die for everything in the sector, our own units included. {} {}",
                    expected(&kills[..counters], "counters destroyed"),
                    expected(&kills[counters..], "of our units lost")
                )),
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
                faces: None,
                note: Some("The defender's dice come first. Each side's losses are shown apart; a 6 kills.".into()),
            })
        }
        _ => None,
    }
}

/// A move's dice: the free shot's first (any die at the kill number destroys), then one
/// bogging die per sector entered, below the least score the unit stops.
fn moving(setup: &Setup, state: &State, spec: DiceSpec, kind: UnitKind, path: &[Sector], title: &str) -> RollPreview {
    let kill = kill_target(setup.options.moving_targets, true, kind);
    let bogs = movement::bog_rolls(setup, state, kind, path);
    let shots = spec.count as usize - bogs.len();
    let Faced { odds, faces } = tally_faced(&spec, |d| {
        if d[..shots].iter().any(|&x| x >= kill) {
            return "Destroyed".to_string();
        }
        match d[shots..].iter().zip(&bogs).find(|(&x, &(_, least))| x < least) {
            Some((_, &(0, _))) => "Bogs down where it is".to_string(),
            Some((_, &(k, _))) => format!("Bogs down in {}", path[k - 1]),
            None if shots > 0 => "Withdraws unharmed".to_string(),
            None => "Moves as ordered".to_string(),
        }
    });
    let note = match (shots, bogs.is_empty()) {
        (0, _) => "One die for each sector entered: below the least score, the unit stops.".to_string(),
        (_, true) => format!("The free shot kills on {kill} or more."),
        (_, false) => format!("The free shot first (kills on {kill} or more), then a die for each sector entered."),
    };
    RollPreview { title: title.into(), dice: spec, modifiers: vec![], odds, faces, note: Some(note) }
}

fn shot(spec: DiceSpec, kill: u16, title: &str) -> RollPreview {
    let Faced { odds, faces } =
        tally_faced(&spec, |d| if d.iter().any(|&x| x >= kill) { "Destroyed" } else { "No effect" }.to_string());
    RollPreview {
        title: title.into(),
        dice: spec,
        modifiers: vec![],
        odds,
        faces,
        note: Some(format!("Kills on {kill} or more.")),
    }
}

/// The expected number of kills when die `i` kills on `kills[i]` or more: "Expected: 0.67
/// counters destroyed."
pub fn expected(kills: &[u16], what: &str) -> String {
    let sixths: u64 = kills.iter().map(|&k| 7u64.saturating_sub(k.clamp(1, 7) as u64)).sum();
    // Hundredths, rounded to the nearest (sixths never fall half way): worked out in whole
    // numbers, as float formatting brings its digit-generation code into the chunk (issue 32).
    let hundredths = (sixths * 100 + 3) / 6;
    format!("Expected: {}.{:02} {what}.", hundredths / 100, hundredths % 100)
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
