//! Sentries of different units, and opposed rolls shown side by side.
//!
//! Sample areas: 0 Edge wood (cover, own edge), 1 Second wood, 2 Field, 3 Open ground (open),
//! 4 Far wood, 5 Farmhouse, 6 Orchard, 7 Hedgerow. Team 0: Sgt Wilson (regular, leader),
//! Atkins (veteran), Baker (regular), Cole (green). The usual sentries are regular.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{Campaign, DiceInput};
use field_desk::systems::crossfire_scouting::preview::{contests, preview};
use field_desk::systems::crossfire_scouting::rules::{self, decision_modifiers};
use field_desk::systems::crossfire_scouting::sample::*;
use field_desk::systems::crossfire_scouting::{
    CrossfireScouting, Decision, FindStatus, Phase, Place, Quality, ScoutRef, Sentries, Sighting, Status,
};

type Game = Campaign<CrossfireScouting>;

const WILSON: ScoutRef = ScoutRef::new(0, 0);
const ATKINS: ScoutRef = ScoutRef::new(0, 1);

fn ok(c: &mut Game, d: Decision, dice: &[u16]) {
    if let Err(e) = c.decide(d.clone(), DiceInput::Typed(dice.to_vec())) {
        panic!("{d:?} with {dice:?} was refused: {e} (phase {:?})", c.state().phase);
    }
}

fn walk(c: &mut Game, scout: ScoutRef, to: u16, in_open: bool) {
    ok(c, Decision::Move { scout, to: Place::Area(to), in_open }, &[]);
    if matches!(c.state().phase, Phase::Reaction { .. }) {
        ok(c, Decision::LetPass, &[]);
    }
    if matches!(c.state().phase, Phase::Clock { .. }) {
        ok(c, Decision::ClockRoll, &[1]);
    }
}

/// Atkins (veteran) in the field, next to the orchard.
fn atkins_in_field() -> Game {
    let mut c = Game::new(sample_setup()).unwrap();
    walk(&mut c, ATKINS, EDGE_WOOD, false);
    walk(&mut c, ATKINS, SECOND_WOOD, false);
    walk(&mut c, ATKINS, FIELD, false);
    c
}

const VETERAN_TRAINED: Sentries = Sentries { quality: Quality::Veteran, trained: true };
const GREEN: Sentries = Sentries { quality: Quality::Green, trained: false };

fn spot(sentries: Option<Sentries>) -> Decision {
    Decision::AttemptSpot { scout: ATKINS, area: ORCHARD, sentries }
}

#[test]
fn a_units_own_sentries_change_the_spotting_rolls() {
    let c = atkins_in_field();
    // Usual (regular) sentries: 0, -1 for Atkins in cover. This unit's: veteran +1, trained +1.
    let usual = decision_modifiers(c.setup(), c.state(), &spot(None)).unwrap();
    let own = decision_modifiers(c.setup(), c.state(), &spot(Some(VETERAN_TRAINED))).unwrap();
    assert_eq!((usual.scout_total(), usual.defender_total()), (0, -1));
    assert_eq!((own.scout_total(), own.defender_total()), (0, 1));
    assert!(own.defender.iter().any(|m| m.label == "This unit's sentries are veteran"), "{own:?}");
    // Dice: Atkins 4 +1 veteran -1 orchard in cover = 4 against 4 +1 = 5 of veteran trained
    // sentries: not seen. With the usual sentries (4 -1 = 3) he would have seen.
    let mut c1 = atkins_in_field();
    ok(&mut c1, spot(Some(VETERAN_TRAINED)), &[4, 4, 1, 6]);
    assert!(c1.state().finds.is_empty());
    let mut c2 = atkins_in_field();
    ok(&mut c2, spot(None), &[4, 4, 1, 6]);
    assert!(matches!(c2.state().phase, Phase::Reveal { .. }));
    // The log names the unit's own sentries and their totals.
    let line = c1.history().last().unwrap().text.clone();
    assert!(line.contains("4 +1 +1 -1 = 5"), "{line}");
}

#[test]
fn reactive_spotting_by_a_units_own_sentries() {
    let mut c = atkins_in_field();
    ok(&mut c, Decision::Move { scout: ATKINS, to: Place::Area(FAR_WOOD), in_open: true }, &[]);
    // Sentries 3 -1 green = 2 against Atkins 1 +1 = 2: not higher, he slips past; usual
    // regular sentries (3) would have seen him.
    let d = Decision::ReactiveSpotBy { sentries: GREEN };
    assert_eq!(c.dice_for(&d), c.dice_for(&Decision::ReactiveSpot));
    let before = c.clone();
    ok(&mut c, d, &[3, 1]);
    assert!(!matches!(c.state().phase, Phase::SentriesSpotted { .. }));
    let mut usual = before;
    ok(&mut usual, Decision::ReactiveSpot, &[3, 1]);
    assert!(matches!(usual.state().phase, Phase::SentriesSpotted { reactive: true, .. }));
}

#[test]
fn close_combat_uses_the_quality_of_the_unit_fighting() {
    let cc = |defenders| Decision::CloseCombat { scout_other: 0, defender_other: 0, defenders };
    let mut c = atkins_in_field();
    ok(&mut c, Decision::Move { scout: ATKINS, to: Place::Area(ORCHARD), in_open: false }, &[]);
    let m = decision_modifiers(c.setup(), c.state(), &cc(Some(Quality::Veteran))).unwrap();
    assert_eq!(m.defender_total(), 1);
    // Atkins 3 +1 = 4 against 3 +1 veteran = 4: a tie, and the tie keeps the veteran quality.
    ok(&mut c, cc(Some(Quality::Veteran)), &[3, 3]);
    assert!(matches!(c.state().phase, Phase::CloseCombatTie { defenders: Some(Quality::Veteran), .. }));
    let again = decision_modifiers(c.setup(), c.state(), &Decision::RollAgain).unwrap();
    assert_eq!(again.defender_total(), 1);
    // Against the usual regular sentries the same dice win.
    let mut usual = atkins_in_field();
    ok(&mut usual, Decision::Move { scout: ATKINS, to: Place::Area(ORCHARD), in_open: false }, &[]);
    ok(&mut usual, cc(None), &[3, 3]);
    assert_eq!(usual.state().figure(ATKINS).status, Status::Active);
    // Old journals (no `defenders`, no `sentries`) read as the usual sentries.
    let old: Decision = serde_json::from_str(r#"{"CloseCombat":{"scout_other":1,"defender_other":0}}"#).unwrap();
    assert_eq!(old, Decision::CloseCombat { scout_other: 1, defender_other: 0, defenders: None });
    let old: Decision = serde_json::from_str(r#"{"AttemptSpot":{"scout":{"team":0,"member":1},"area":6}}"#).unwrap();
    assert_eq!(old, spot(None));
    assert_eq!(
        serde_json::to_string(&spot(None)).unwrap(),
        r#"{"AttemptSpot":{"scout":{"team":0,"member":1},"area":6}}"#
    );
}

#[test]
fn opposed_rolls_show_each_side_apart() {
    let c = atkins_in_field();
    let d = spot(Some(VETERAN_TRAINED));
    let rolls = contests(c.setup(), c.state(), &d);
    assert_eq!(rolls.len(), 2);
    // Atkins's roll: his die (0) and modifiers against the sentries' die (1) and theirs.
    assert_eq!((rolls[0].first.die, rolls[0].second.die), (0, 1));
    assert_eq!((rolls[0].first.modifier(), rolls[0].second.modifier()), (0, 1));
    assert_eq!((rolls[1].first.die, rolls[1].second.die), (2, 3));
    assert_eq!((rolls[1].first.modifier(), rolls[1].second.modifier()), (1, 0));
    let dice = [4, 4, 1, 6];
    assert_eq!(rolls[0].first.total(&dice), Some(4));
    assert_eq!(rolls[0].second.total(&dice), Some(5));
    assert_eq!(rolls[0].outcome(&dice).unwrap(), "Atkins 4 +1 -1 = 4 against this unit's sentries 4 +1 +1 -1 = 5");
    // The dice widget gets no modifiers to add up across the two sides.
    assert!(preview(c.setup(), c.state(), &d).unwrap().modifiers.is_empty());
    // Reactive spotting and close combat are one contest each.
    let mut r = atkins_in_field();
    ok(&mut r, Decision::Move { scout: ATKINS, to: Place::Area(FAR_WOOD), in_open: true }, &[]);
    let one = contests(r.setup(), r.state(), &Decision::ReactiveSpot);
    assert_eq!(one.len(), 1);
    assert_eq!((one[0].first.who.as_str(), one[0].second.who.as_str()), ("the sentries", "Atkins"));
    assert!(preview(r.setup(), r.state(), &Decision::ReactiveSpot).unwrap().modifiers.is_empty());
    assert!(contests(r.setup(), r.state(), &Decision::LetPass).is_empty());
}

#[test]
fn a_leader_spotting_for_himself_banks_at_once() {
    assert!(rules::READINGS.iter().any(|r| r.contains("his own leader") && r.contains("banked at once")));
    assert!(rules::READINGS.iter().any(|r| r.contains("line of sight")));
    let mut c = Game::new(sample_setup()).unwrap();
    walk(&mut c, WILSON, EDGE_WOOD, false);
    walk(&mut c, WILSON, SECOND_WOOD, false);
    walk(&mut c, WILSON, FIELD, false);
    // Sgt Wilson sees into the orchard and is not seen.
    ok(&mut c, Decision::AttemptSpot { scout: WILSON, area: ORCHARD, sentries: None }, &[6, 1, 1, 6]);
    ok(&mut c, Decision::Reveal { what: Sighting::Troops("an MG".into()) }, &[]);
    assert_eq!(c.state().finds[0].status, FindStatus::Banked);
}

#[test]
fn a_spot_where_the_scout_stands_without_its_area_is_refused_not_a_panic() {
    // A position from outside (a seat copy) may hold a sentries' spot, not reactive, that names
    // no area: `apply` refuses the cat and holding fire with typed errors.
    use field_desk::systems::crossfire_scouting::RuleError;
    let c = atkins_in_field();
    let mut at = c.state().clone();
    at.phase = Phase::SentriesSpotted { scout: ATKINS, area: None, scout_spots: true, reactive: false };
    let phase = at.phase;
    assert_eq!(rules::apply(c.setup(), &at, &Decision::Cat, &[]), Err(RuleError::NotNow { phase }));
    assert!(matches!(rules::apply(c.setup(), &at, &Decision::HoldFire, &[]), Err(RuleError::MustFire(_))));
}
