//! What the dice widget shows before each roll: the modifiers of both sides and the exact
//! chance of every result, by enumerating the dice.

use super::rules::{
    close_combat_area, close_combat_modifiers, in_cover, reactive_modifiers, scout_in_play, spotting_modifiers,
    Decision, Opposed,
};
use super::state::{Phase, State};
use super::tables::{self, CloseCombatWinner, FireResult, SpotOutcome};
use super::team::Setup;
use crate::engine::odds::{tally, Chance};
use crate::engine::{DiceSpec, Die, Modifier, RollPreview};

/// Chance that a spotter with `spotter` total modifier beats a hider with `hider`: a strictly
/// higher total on 1d6 each (36 outcomes).
pub fn spot_chance(spotter: i32, hider: i32) -> Chance {
    let two = DiceSpec::pool(2, Die::D6);
    tally(&two, |d| tables::spots(d[0] as i32 + spotter, d[1] as i32 + hider))
        .into_iter()
        .find(|(seen, _)| *seen)
        .map_or(Chance::zero(), |(_, c)| c)
}

/// Chances of no hits, one hit and two or more from one unit's volley.
pub fn hit_odds(target_in_cover: bool) -> [Chance; 3] {
    let spec = tables::fire_dice(target_in_cover);
    let odds = tally(&spec, |d| tables::hits(&spec, d).min(2));
    let get = |k: u8| odds.iter().find(|(h, _)| *h == k).map_or(Chance::zero(), |(_, c)| *c);
    [get(0), get(1), get(2)]
}

/// Chances of each result of one round of close combat: scout wins, defender wins, tie.
pub fn close_combat_odds(m: &Opposed) -> [Chance; 3] {
    let two = DiceSpec::pool(2, Die::D6);
    let odds =
        tally(&two, |d| tables::close_combat_winner(d[0] as i32 + m.scout_total(), d[1] as i32 + m.defender_total()));
    let get = |w: Option<CloseCombatWinner>| odds.iter().find(|(x, _)| *x == w).map_or(Chance::zero(), |(_, c)| *c);
    [get(Some(CloseCombatWinner::Scout)), get(Some(CloseCombatWinner::Defender)), get(None)]
}

fn labelled(side: &str, mods: &[Modifier]) -> Vec<Modifier> {
    mods.iter().map(|m| Modifier { label: format!("{side}: {}", m.label), value: m.value }).collect()
}

pub fn preview(setup: &Setup, state: &State, decision: &Decision) -> Option<RollPreview> {
    match decision {
        Decision::AttemptSpot { scout, area } => {
            setup.scout(*scout)?;
            setup.area(*area)?;
            let n = setup.name(*scout);
            let m = spotting_modifiers(setup, state, *scout, *area);
            let dice = DiceSpec::pool(4, Die::D6);
            let (s, d) = (m.scout_total(), m.defender_total());
            let odds = tally(&dice, |x| {
                SpotOutcome::of(
                    tables::spots(x[0] as i32 + s, x[1] as i32 + d),
                    tables::spots(x[2] as i32 + d, x[3] as i32 + s),
                )
            });
            let odds = SpotOutcome::ALL
                .iter()
                .map(|o| {
                    let c = odds.iter().find(|(k, _)| k == o).map_or(Chance::zero(), |(_, c)| *c);
                    (format!("{}: {}", o.name(), o.next()), c)
                })
                .collect();
            let mut modifiers = labelled(&n, &m.scout);
            modifiers.extend(labelled("Sentries", &m.defender));
            Some(RollPreview {
                title: format!("{n} spots {}", setup.area_name(*area)),
                dice,
                modifiers,
                odds,
                note: Some(format!(
                    "Dice in order: {n}'s, the sentries' against it, the sentries', {n}'s against it. {n} sees into it {}; the sentries see him {}. A tie fails. A clock roll follows.",
                    spot_chance(s, d).percent(),
                    spot_chance(d, s).percent()
                )),
            })
        }
        Decision::ReactiveSpot => {
            let scout = scout_in_play(state)?;
            let n = setup.name(scout);
            let m = reactive_modifiers(setup, scout);
            let seen = spot_chance(m.defender_total(), m.scout_total());
            let missed = Chance::new(seen.den - seen.num, seen.den);
            let mut modifiers = labelled("Sentries", &m.defender);
            modifiers.extend(labelled(&n, &m.scout));
            Some(RollPreview {
                title: format!("Reactive spotting at {n}"),
                dice: DiceSpec::pool(2, Die::D6),
                modifiers,
                odds: vec![
                    ("Seen: the defender must fire".to_string(), seen),
                    ("Not seen: he carries on".to_string(), missed),
                ],
                note: Some(format!("Dice in order: the sentries', then {n}'s. A tie fails.")),
            })
        }
        Decision::Fire { .. } | Decision::Volley => {
            let scout = scout_in_play(state)?;
            let n = setup.name(scout);
            let cover = in_cover(setup, state.figure(scout));
            let [zero, one, more] = hit_odds(cover);
            let units_after = match (decision, state.phase) {
                (Decision::Fire { units, .. }, _) => units.saturating_sub(1),
                (_, Phase::Fire { units_left, .. }) => units_left - 1,
                _ => 0,
            };
            let note = if units_after > 0 {
                format!(
                    "{} more unit{} will fire after this one; each volley is read alone and the worst result stands.",
                    units_after,
                    if units_after == 1 { "" } else { "s" }
                )
            } else {
                "Each 5 or 6 among the dice kept is a hit.".to_string()
            };
            Some(RollPreview {
                title: format!("Fire at {n} ({})", if cover { "in cover" } else { "in the open" }),
                dice: tables::fire_dice(cover),
                modifiers: vec![],
                odds: vec![
                    (format!("No hits: {}", FireResult::CarryOn.next()), zero),
                    (format!("1 hit: {}", FireResult::Retreat.next()), one),
                    (format!("2 or more hits: {}", FireResult::Killed.next()), more),
                ],
                note: Some(note),
            })
        }
        Decision::CloseCombat { scout_other, defender_other } => {
            let scout = scout_in_play(state)?;
            let area = close_combat_area(setup, state, scout)?;
            let ambush = state.figure(scout).ambushes.contains(&area);
            let m = close_combat_modifiers(setup, scout, ambush, *scout_other, *defender_other);
            Some(close_combat_preview(setup, scout, area, &m))
        }
        Decision::RollAgain => match state.phase {
            Phase::CloseCombatTie { scout, area, ambush, scout_other, defender_other } => {
                let m = close_combat_modifiers(setup, scout, ambush, scout_other, defender_other);
                Some(close_combat_preview(setup, scout, area, &m))
            }
            _ => None,
        },
        Decision::ClockRoll => {
            let d6 = tables::clock_die();
            let next = tables::clock_text(state.clock + tables::CLOCK_STEP_MINUTES);
            let odds = tally(&d6, |d| tables::clock_advance(d[0]) > 0)
                .into_iter()
                .map(|(moves, c)| {
                    let label = if moves {
                        format!("20 minutes pass (to {next})")
                    } else {
                        format!("No time passes (still {})", tables::clock_text(state.clock))
                    };
                    (label, c)
                })
                .collect();
            Some(RollPreview {
                title: "Clock roll".into(),
                dice: d6,
                modifiers: vec![],
                odds,
                note: Some(format!(
                    "The clock moves on a {} or more. The scouts must be back by {}.",
                    tables::CLOCK_TARGET,
                    tables::clock_text(tables::DEADLINE_MINUTES)
                )),
            })
        }
        _ => None,
    }
}

fn close_combat_preview(setup: &Setup, scout: super::team::ScoutRef, area: u16, m: &Opposed) -> RollPreview {
    let n = setup.name(scout);
    let [win, lose, tie] = close_combat_odds(m);
    // With ties rolled again, the scout's chance over the whole fight.
    let decided = win.num * lose.den + lose.num * win.den;
    let overall = if decided == 0 { Chance::zero() } else { Chance::new(win.num * lose.den, decided) };
    let mut modifiers = labelled(&n, &m.scout);
    modifiers.extend(labelled("Defenders", &m.defender));
    RollPreview {
        title: format!("Close combat: {n} in {}", setup.area_name(area)),
        dice: DiceSpec::pool(2, Die::D6),
        modifiers,
        odds: vec![
            (format!("{n} wins: the troops are shown to him"), win),
            (format!("{n} loses: killed, the troops stay hidden"), lose),
            ("Tie: roll again".to_string(), tie),
        ],
        note: Some(format!(
            "Dice in order: {n}'s, then the defenders'. Counting re-rolls, {n} wins {} of fights. Defending officers add no bonus.",
            overall.percent()
        )),
    }
}
