//! What the dice widget shows before each roll: the modifiers of both sides and the exact
//! chance of every result, by enumerating the dice.

use super::rules::{close_combat_area, decision_modifiers, in_cover, scout_in_play, Decision, Opposed};
use super::state::{Phase, State};
use super::tables::{self, CloseCombatWinner, FireResult, SpotOutcome};
use super::team::Setup;
use crate::engine::odds::{tally, tally_faced, Chance};
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

/// One side of an opposed roll: who rolls, which of the decision's dice is his, and his own
/// modifiers. Each side's total is his die plus his modifiers, never the other side's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollSide {
    pub who: String,
    /// Index of this side's die among the decision's dice.
    pub die: usize,
    pub modifiers: Vec<Modifier>,
}

impl RollSide {
    pub fn modifier(&self) -> i32 {
        self.modifiers.iter().map(|m| m.value).sum()
    }
    /// "4 +1 -1 = 4": the die, each modifier, the total; just "4" with no modifiers.
    pub fn line(&self, dice: &[u16]) -> Option<String> {
        let die = *dice.get(self.die)?;
        if self.modifiers.is_empty() {
            return Some(die.to_string());
        }
        let mods: Vec<String> = self.modifiers.iter().map(|m| format!("{:+}", m.value)).collect();
        Some(format!("{die} {} = {}", mods.join(" "), self.total(dice)?))
    }
    /// Die plus modifiers, once the dice are known.
    pub fn total(&self, dice: &[u16]) -> Option<i32> {
        dice.get(self.die).map(|d| *d as i32 + self.modifier())
    }
}

/// One opposed roll: `first` tries to beat `second`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contest {
    /// "Atkins looks into the Farmhouse".
    pub what: String,
    pub first: RollSide,
    pub second: RollSide,
    /// What winning takes: "a strictly higher total sees".
    pub wins: String,
}

impl Contest {
    /// The line under a roll made: "Atkins 3 +1 = 4 against the sentries 5 -1 = 4".
    pub fn outcome(&self, dice: &[u16]) -> Option<String> {
        Some(format!(
            "{} {} against {} {}",
            self.first.who,
            self.first.line(dice)?,
            self.second.who,
            self.second.line(dice)?
        ))
    }
}

/// The opposed rolls a decision makes, each side apart, with the modifiers that apply in
/// `state`: two for a spotting attempt (the scout's, then the sentries'), one for reactive
/// spotting and close combat. Empty for any other decision.
pub fn contests(setup: &Setup, state: &State, decision: &Decision) -> Vec<Contest> {
    let Some(m) = decision_modifiers(setup, state, decision) else { return vec![] };
    let side =
        |who: &str, die: usize, mods: &[Modifier]| RollSide { who: who.to_string(), die, modifiers: mods.to_vec() };
    match decision {
        Decision::AttemptSpot { scout, area, sentries } => {
            let n = setup.name(*scout);
            let a = setup.area_name(*area);
            let watchers = if sentries.is_some() { "this unit's sentries" } else { "the sentries" };
            vec![
                Contest {
                    what: format!("{n} looks into {a}"),
                    first: side(&n, 0, &m.scout),
                    second: side(watchers, 1, &m.defender),
                    wins: format!("{n} sees on a strictly higher total"),
                },
                Contest {
                    what: format!("The sentries look for {n}"),
                    first: side(watchers, 2, &m.defender),
                    second: side(&n, 3, &m.scout),
                    wins: "the sentries see him on a strictly higher total".into(),
                },
            ]
        }
        Decision::ReactiveSpot | Decision::ReactiveSpotBy { .. } => {
            let Some(scout) = scout_in_play(state) else { return vec![] };
            let n = setup.name(scout);
            vec![Contest {
                what: format!("The sentries look for {n} moving in the open"),
                first: side("the sentries", 0, &m.defender),
                second: side(&n, 1, &m.scout),
                wins: "the sentries see him on a strictly higher total".into(),
            }]
        }
        _ => {
            let Some(scout) = scout_in_play(state) else { return vec![] };
            let n = setup.name(scout);
            vec![Contest {
                what: format!("Close combat: {n} against the defenders"),
                first: side(&n, 0, &m.scout),
                second: side("the defenders", 1, &m.defender),
                wins: "the higher total wins; a tie is rolled again".into(),
            }]
        }
    }
}

pub fn preview(setup: &Setup, state: &State, decision: &Decision) -> Option<RollPreview> {
    match decision {
        Decision::AttemptSpot { scout, area, .. } => {
            setup.scout(*scout)?;
            setup.area(*area)?;
            let n = setup.name(*scout);
            let m = decision_modifiers(setup, state, decision)?;
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
            // Each side's modifiers are shown apart (`contests`): no total adds up both sides.
            Some(RollPreview {
                title: format!("{n} spots {}", setup.area_name(*area)),
                dice,
                modifiers: vec![],
                odds,
                faces: None,
                note: Some(format!(
                    "Dice in order: {n}'s, the sentries' against it, the sentries', {n}'s against it. {n} sees into it {}; the sentries see him {}. A tie fails. A clock roll follows.",
                    spot_chance(s, d).percent(),
                    spot_chance(d, s).percent()
                )),
            })
        }
        Decision::ReactiveSpot | Decision::ReactiveSpotBy { .. } => {
            let scout = scout_in_play(state)?;
            let n = setup.name(scout);
            let m = decision_modifiers(setup, state, decision)?;
            let seen = spot_chance(m.defender_total(), m.scout_total());
            let missed = Chance::new(seen.den - seen.num, seen.den);
            Some(RollPreview {
                title: format!("Reactive spotting at {n}"),
                dice: DiceSpec::pool(2, Die::D6),
                modifiers: vec![],
                odds: vec![
                    ("Seen: the defender must fire".to_string(), seen),
                    ("Not seen: he carries on".to_string(), missed),
                ],
                faces: None,
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
                faces: None,
                note: Some(note),
            })
        }
        Decision::CloseCombat { .. } => {
            let scout = scout_in_play(state)?;
            let area = close_combat_area(setup, state, scout)?;
            Some(close_combat_preview(setup, scout, area, &decision_modifiers(setup, state, decision)?))
        }
        Decision::RollAgain => match state.phase {
            Phase::CloseCombatTie { scout, area, .. } => {
                Some(close_combat_preview(setup, scout, area, &decision_modifiers(setup, state, decision)?))
            }
            _ => None,
        },
        Decision::ClockRoll => {
            let d6 = tables::clock_die();
            let next = tables::clock_text(state.clock + tables::CLOCK_STEP_MINUTES);
            let (odds, faces) = tally_faced(&d6, |d| tables::clock_advance(d[0]) > 0).label(|moves| {
                if moves {
                    format!("20 minutes pass (to {next})")
                } else {
                    format!("No time passes (still {})", tables::clock_text(state.clock))
                }
            });
            Some(RollPreview {
                title: "Clock roll".into(),
                dice: d6,
                modifiers: vec![],
                odds,
                faces,
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
    RollPreview {
        title: format!("Close combat: {n} in {}", setup.area_name(area)),
        dice: DiceSpec::pool(2, Die::D6),
        modifiers: vec![],
        odds: vec![
            (format!("{n} wins: the troops are shown to him"), win),
            (format!("{n} loses: killed, the troops stay hidden"), lose),
            ("Tie: roll again".to_string(), tie),
        ],
        faces: None,
        note: Some(format!(
            "Dice in order: {n}'s, then the defenders'. Counting re-rolls, {n} wins {} of fights. Defending officers add no bonus.",
            overall.percent()
        )),
    }
}
