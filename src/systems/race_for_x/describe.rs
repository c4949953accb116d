//! Log lines in the players' words. A secret choice is never revealed before both are in.

use super::orbat::Setup;
use super::rules::{stand_name, Decision};
use super::state::{Outcome, Phase, Side, State};
use super::tables;

fn name(setup: &Setup, side: Side) -> &str {
    &setup.players[side.index()].name
}

fn signed(v: i32) -> String {
    if v >= 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

pub fn describe(setup: &Setup, before: &State, decision: &Decision, dice: &[u16], after: &State) -> String {
    let side = before.offensive_side().unwrap_or(Side::A);
    let who = name(setup, side);
    let orbat = &setup.players[side.index()].orbat;
    let mut line = match decision {
        Decision::ChooseAction { side, .. } => {
            if after.both_chosen() {
                format!(
                    "Turn {}: {} chose {}; {} chose {}.",
                    before.turn,
                    name(setup, Side::A),
                    after.actions()[0].map_or("?", |a| a.name()),
                    name(setup, Side::B),
                    after.actions()[1].map_or("?", |a| a.name())
                )
            } else {
                format!(
                    "Turn {}: {} has chosen an action (kept hidden until both have chosen).",
                    before.turn,
                    name(setup, *side)
                )
            }
        }
        Decision::RollBattleType => {
            let b = after.current().or(after.battles.last());
            match b {
                Some(b) => {
                    let (die, total) = b.type_roll.unwrap_or((dice[0], dice[0] as i32));
                    let what = b.battle.map_or("no battle".to_string(), |t| t.name().to_string());
                    if total != die as i32 {
                        format!(
                            "{who}: type of battle: rolled {die}, {} = {total}: {what}.",
                            signed(total - die as i32)
                        )
                    } else {
                        format!("{who}: type of battle: rolled {die}: {what}.")
                    }
                }
                None => format!("{who}: type of battle rolled."),
            }
        }
        Decision::FieldForces { units } => {
            let names: Vec<&str> =
                units.iter().filter_map(|&u| orbat.units.get(u as usize)).map(|u| u.name.as_str()).collect();
            let fielded = format!("{who} fields {} of {} units: {}.", units.len(), orbat.units.len(), names.join(", "));
            match after.current().filter(|_| after.phase() == Phase::Fight).and_then(|b| b.defence) {
                Some((size, option)) => format!(
                    "{fielded} Only option {} of {} is prepared, so there is no roll: {} defends with it.",
                    option.name(),
                    size.name(),
                    name(setup, side.other())
                ),
                None => fielded,
            }
        }
        Decision::RollDefence => match after.current().and_then(|b| b.defence) {
            Some((size, option)) => format!(
                "{} defends with {} option {} (rolled {}).",
                name(setup, side.other()),
                size.name(),
                option.name(),
                dice[0]
            ),
            None => "Defence rolled.".into(),
        },
        Decision::ClockRoll => {
            let clock = after.current().map_or(0, |b| b.clock);
            if dice[0] >= tables::CLOCK_TARGET {
                format!("Clock: rolled {}: it ticks to {clock} of {}.", dice[0], tables::CLOCK_TICKS)
            } else {
                format!("Clock: rolled {}: no tick ({clock} of {}).", dice[0], tables::CLOCK_TICKS)
            }
        }
        Decision::NameObjectives { names } => format!("Objectives: {} and {}.", names[0].trim(), names[1].trim()),
        Decision::Note { text } => format!("Note: {}", text.trim()),
        Decision::RecordOutcome(o) => {
            let vp = after.current().and_then(|b| b.vp).unwrap_or(0);
            let killed: Vec<String> = o.killed.iter().map(|r| stand_name(orbat, *r)).collect();
            format!(
                "{who}'s battle: {} objective{} held, {} stand{} exited, {} lost{}: {vp} VP (result modifier {}).",
                o.objectives,
                if o.objectives == 1 { "" } else { "s" },
                o.exited,
                if o.exited == 1 { "" } else { "s" },
                killed.len(),
                if killed.is_empty() { String::new() } else { format!(" ({})", killed.join(", ")) },
                signed(tables::vp_modifier(vp))
            )
        }
        Decision::RollBattleResult => match after.current() {
            Some(b) => {
                let (die, total) = b.result_roll.unwrap_or((dice[0], dice[0] as i32));
                format!(
                    "{who}: battle result: rolled {die}, {} = {total}: {} ({} to {}).",
                    signed(total - die as i32),
                    b.result.map_or("", |r| r.name()),
                    b.from.name(),
                    b.to.map_or(String::new(), |p| p.name())
                )
            }
            None => "Battle result rolled.".into(),
        },
        Decision::ConfirmMovement => {
            let p = after.player(side).place;
            let from = before.player(side).place;
            if p == from {
                format!("{who} stays in {}.", p.name())
            } else {
                format!("{who} moves from {} to {}.", from.name(), p.name())
            }
        }
        Decision::ReplaceCommander { commander, replacement } => format!(
            "{who}: {} takes over from the killed {}.",
            stand_name(orbat, *replacement),
            stand_name(orbat, *commander)
        ),
        Decision::RollRecovery => {
            let b = after.battles.iter().rev().find(|b| b.side == side && b.recovery_rolled);
            match b {
                Some(b) if !dice.is_empty() => format!(
                    "{who}: recovery at {}+: {} of {} lost stand{} back{}.",
                    b.recovery_target.unwrap_or(6),
                    b.recovered.len(),
                    dice.len(),
                    if dice.len() == 1 { "" } else { "s" },
                    if b.recovered.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " ({})",
                            b.recovered.iter().map(|r| stand_name(orbat, *r)).collect::<Vec<_>>().join(", ")
                        )
                    }
                ),
                _ => format!("{who}: no lost stands to recover."),
            }
        }
    };
    if before.outcome().is_none() {
        match after.outcome() {
            Some(Outcome::Win(s)) => line.push_str(&format!(" {} takes X and wins the campaign!", name(setup, s))),
            Some(Outcome::Draw) => line.push_str(" Both players reached X this turn: the campaign is a draw."),
            None => {}
        }
    }
    line
}
