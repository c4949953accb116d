//! What the dice widget shows before each roll: modifiers in force and exact odds.

use super::orbat::Setup;
use super::rules::{battle_type_modifiers, Decision};
use super::state::State;
use super::tables::{self, BattleResult};
use crate::engine::odds::{at_least, binomial, tally_faced, Chance};
use crate::engine::{DiceSpec, Die, Modifier, RollPreview};

pub fn preview(_setup: &Setup, state: &State, decision: &Decision) -> Option<RollPreview> {
    let d6 = DiceSpec::one(Die::D6);
    let b = state.current()?;
    let p = state.player(b.side);
    match decision {
        Decision::RollBattleType => {
            let modifiers: Vec<Modifier> =
                battle_type_modifiers(p).into_iter().map(|(label, value)| Modifier { label, value }).collect();
            let m: i32 = modifiers.iter().map(|x| x.value).sum();
            let (odds, faces) = tally_faced(&d6, |d| tables::battle_type(d[0] as i32 + m, b.action))
                .label(|t| t.map_or("No battle".to_string(), |t| t.name().to_string()));
            Some(RollPreview { title: "Type of battle".into(), dice: d6, modifiers, odds, faces, note: None })
        }
        Decision::RollDefence => {
            let size = tables::defence_size(b.battle?, b.from.zone_number().unwrap_or(5));
            let (odds, faces) = tally_faced(&d6, |d| tables::defence_option(d[0]))
                .label(|o| format!("{} option {}", size.name(), o.name()));
            Some(RollPreview { title: "Defending orbat".into(), dice: d6, modifiers: vec![], odds, faces, note: None })
        }
        Decision::ClockRoll => {
            let (odds, faces) = tally_faced(&d6, |d| d[0] >= tables::CLOCK_TARGET)
                .label(|tick| if tick { "Clock ticks" } else { "No tick" }.to_string());
            Some(RollPreview { title: "Moving clock".into(), dice: d6, modifiers: vec![], odds, faces, note: None })
        }
        Decision::RollBattleResult => {
            let vp = b.vp?;
            let m = tables::vp_modifier(vp);
            let modifiers = vec![Modifier { label: format!("{vp} VP"), value: m }];
            let (odds, faces) = tally_faced(&d6, |d| tables::battle_result(d[0] as i32 + m, b.action)).label(|r| {
                let to = b.from.moved(r.zones());
                if r == BattleResult::Retreat1 && to == b.from {
                    format!("{} (already in zone 1: stays)", r.name())
                } else {
                    format!("{} ({})", r.name(), to.name())
                }
            });
            Some(RollPreview { title: "Battle result".into(), dice: d6, modifiers, odds, faces, note: None })
        }
        Decision::RollRecovery => {
            let n = p.lost_count();
            let target = b.recovery_target? as i32;
            let each = at_least(&d6, target);
            let dist = binomial(n, each);
            let mut odds: Vec<(String, Chance)> = Vec::new();
            // Exact per-count chances are shown as rounded figures beyond small pools.
            for (k, pk) in dist.iter().enumerate().take(4) {
                odds.push((format!("{k} back"), approx(*pk)));
            }
            if n > 3 {
                let rest: f64 = dist[4..].iter().sum();
                odds.push(("4 or more back".into(), approx(rest)));
            }
            Some(RollPreview {
                title: "Recover losses".into(),
                dice: DiceSpec::pool(n as u16, Die::D6),
                modifiers: vec![],
                odds,
                faces: None,
                note: Some(format!("Each lost stand comes back on {target}+ ({} a die).", each.percent())),
            })
        }
        _ => None,
    }
}

/// A rounded probability as a chance out of a million, for pools too large to show as exact
/// fractions; the percentage text is what players see.
fn approx(p: f64) -> Chance {
    Chance::new((p * 1_000_000.0).round() as u64, 1_000_000)
}
