//! What the dice widget shows before each roll: the modifiers in force and the exact odds of
//! every result, through `engine::odds`, from the same tables `apply` reads.

use super::apply::{dice, escape_mods};
use super::decision::Decision;
use super::modifier::{lookup, Modifier as TableMod};
use super::refit::repair_mods;
use super::setup::Setup;
use super::state::State;
use super::tables::{self, Escape, MissionMod, RatingMod, Removal, Repair, Withdrawal};
use crate::engine::odds::{tally_faced, Faced};
use crate::engine::{Modifier, RollPreview};

/// The modifiers that apply, each counted `n` times, as the widget lists them.
fn listed<K: PartialEq + Copy>(table: &[TableMod<K>], applying: &[(K, u16)]) -> Vec<Modifier> {
    applying
        .iter()
        .filter(|(_, n)| *n > 0)
        .filter_map(|&(k, n)| table.iter().find(|m| m.key == k).map(|m| (m, n)))
        .map(|(m, n)| Modifier {
            label: if n > 1 { format!("{} (x{n})", m.text) } else { m.text.to_string() },
            value: m.value as i32 * n as i32,
        })
        .collect()
}

fn once<K: Copy>(mods: &[K]) -> Vec<(K, u16)> {
    mods.iter().map(|&k| (k, 1)).collect()
}

pub fn preview(setup: &Setup, s: &State, d: &Decision) -> Option<RollPreview> {
    if d.named_side().is_some_and(|x| x > 1) {
        return None;
    }
    let spec = dice(setup, s, d)?;
    let total = |m: &[Modifier]| m.iter().map(|m| m.value).sum::<i32>() as i16;
    let (title, modifiers, odds, note): (String, Vec<Modifier>, Faced<String>, Option<String>) = match d {
        Decision::RollCpp { side } => {
            let day = setup.days.get(s.day)?;
            let mut mods = Vec::new();
            if let tables::HistoricalDrm::Drm(v) = day.drm[*side as usize] {
                mods.push(Modifier { label: format!("Historical modifier, {}", day.name), value: v as i32 });
            }
            if s.attacked_at_night(*side) {
                mods.push(Modifier { label: "Attacked at night".into(), value: tables::NIGHT_ATTACK_DRM as i32 });
            }
            let m = total(&mods);
            let odds =
                tally_faced(&spec, |x| format!("+{} CPP", lookup(&setup.cpp_table, x[0] as i16 + m).unwrap_or(0)));
            ("CPP replenishment".into(), mods, odds, Some("Secret: only this side and the umpire see it.".into()))
        }
        Decision::RepairArmour { side, abandoned, in_minefield, spend_cpp, .. } => {
            // No odds for a repair the nation and date rule out: there is no roll to make.
            super::refit::repair_nation_allows(setup, *side).ok()?;
            let nation = setup.sides.get(*side as usize)?.nation;
            let rm = repair_mods(nation, *abandoned, *in_minefield, *spend_cpp);
            let odds = tally_faced(&spec, |x| match tables::armour_repair(x[0], &rm) {
                Repair::Repaired => "Repaired".to_string(),
                Repair::NoEffect => "No effect".to_string(),
            });
            ("Armour repair".into(), listed(&tables::REPAIR_MODIFIERS, &once(&rm)), odds, None)
        }
        Decision::RollWithdrawal { .. } => {
            let odds = tally_faced(&spec, |x| match tables::armour_withdrawal(x[0]) {
                Withdrawal::Retained => "Retained".to_string(),
                Withdrawal::Withdraws => "Withdrawn from the campaign".to_string(),
            });
            ("Armour withdrawal".into(), vec![], odds, None)
        }
        Decision::RollRating { side, me } => {
            let e = s.side(*side).element(me)?;
            let r = e.record;
            let mut applying = vec![
                (RatingMod::PanickedStand, r.panicked),
                (RatingMod::EnemyKnockedOut, r.enemy_knocked_out),
                (RatingMod::CloseCombatWin, r.close_combat_wins),
                (RatingMod::CloseCombatLoss, r.close_combat_losses),
                (RatingMod::StartedIsolated, r.scenarios_started_isolated),
                (RatingMod::StartedCutOff, r.scenarios_started_cut_off),
            ];
            applying.extend(tables::casualties_mod(r.stands, r.lost).map(|m| (m, 1)));
            let rating = e.me.rating;
            let odds = tally_faced(&spec, |x| {
                let v = x[0];
                tables::rating_change(rating, (v / 10) % 10, v % 10, &r).1.name().to_string()
            });
            let note = Some("Percentile: two d10, 00 is 100.".to_string());
            (format!("Rating change, {me}"), listed(&tables::RATING_MODIFIERS, &applying), odds, note)
        }
        Decision::RollSmoke { extra_cpp, .. } => {
            let odds = tally_faced(&spec, |x| format!("{} smoke missions", tables::missions(x[0], *extra_cpp, None)));
            (
                "Smoke missions".into(),
                listed(&tables::MISSION_MODIFIERS, &[(MissionMod::ExtraCpp, *extra_cpp)]),
                odds,
                None,
            )
        }
        Decision::BuyAircraft { side, extra_cpp, .. } => {
            let nation = setup.sides.get(*side as usize)?.nation;
            let mut applying = vec![(MissionMod::ExtraCpp, *extra_cpp)];
            applying.extend(tables::aircraft_date_mod(nation, setup.month).map(|m| (m, 1)));
            let when = Some((nation, setup.month));
            let odds = tally_faced(&spec, |x| format!("A flight of {}", tables::missions(x[0], *extra_cpp, when)));
            ("Aircraft".into(), listed(&tables::MISSION_MODIFIERS, &applying), odds, None)
        }
        Decision::RemoveObstacle { mods, .. } => {
            let mut mods = mods.clone();
            crate::engine::order::sort_by_key(&mut mods, |m| *m as u8);
            mods.dedup();
            let odds = tally_faced(&spec, |x| match tables::fortification_removal(x[0], &mods) {
                Removal::Eliminated => "Eliminated".to_string(),
                Removal::NoEffect => "No effect".to_string(),
            });
            ("Fortification removal".into(), listed(&tables::REMOVAL_MODIFIERS, &once(&mods)), odds, None)
        }
        Decision::RollEscape { side, me, vehicle, mods, .. } => {
            let em = escape_mods(setup, s, *side, me, mods).ok()?;
            let col = super::eligibility::escape_column(*vehicle);
            let odds = tally_faced(&spec, |x| match tables::escape(x[0], col, &em) {
                Escape::Escape => "Escapes".to_string(),
                Escape::Abandon => "Abandoned".to_string(),
                Escape::Eliminated => "Eliminated".to_string(),
            });
            (format!("Escape, {me}"), listed(&tables::ESCAPE_MODIFIERS, &once(&em)), odds, None)
        }
        Decision::RollAmmo { side, me } => {
            let a = s.side(*side).element(me)?.ammo;
            let odds = tally_faced(&spec, |x| format!("{:?}", a.after_firing(x[0])));
            ("Ammunition".into(), vec![], odds, Some("A 1 lowers the ammunition one step.".into()))
        }
        Decision::RollOff => {
            let odds = tally_faced(&spec, |x| match tables::attack_roll_off(x[0], x[1]) {
                tables::RollOff::FirstAttacks => format!("{} attacks", setup.sides[0].name),
                tables::RollOff::SecondAttacks => format!("{} attacks", setup.sides[1].name),
                tables::RollOff::Reroll => "A tie: roll again".to_string(),
            });
            ("Both attack: roll-off".into(), vec![], odds, None)
        }
        Decision::CheckTurn { turn } => {
            let odds = tally_faced(&spec, |x| {
                if tables::scenario_ends(*turn, x[0]) { "The scenario ends" } else { "The battle goes on" }.to_string()
            });
            (format!("Turn record, turn {turn}"), vec![], odds, None)
        }
        _ => return None,
    };
    // Each result with the faces of the die that give it (none for the roll-off's two dice).
    Some(RollPreview { title, dice: spec, modifiers, odds: odds.odds, faces: odds.faces, note })
}
