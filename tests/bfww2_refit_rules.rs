//! Battlefront: WW2 refit rules of issue 11's second pass (`Setup::readings` 2, kept by the later
//! readings; issue 28's own are in `bfww2_losses.rs`), each against
//! the first readings that campaigns stored before keep: the rating roll reads the previous
//! scenario only; the per-day limits of every chart row at purchase; one removal attempt per
//! item and place; an enemy wreck removable only from an armour element not in a pocket.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::DecideError;
use field_desk::systems::bfww2_campaign::calendar::Slot;
use field_desk::systems::bfww2_campaign::charts::LimitProblem;
use field_desk::systems::bfww2_campaign::eligibility::Posture;
use field_desk::systems::bfww2_campaign::sample::{sample_setup, GERMAN, RUSSIAN};
use field_desk::systems::bfww2_campaign::setup::{FIRST_READINGS, READINGS, SECOND_READINGS};
use field_desk::systems::bfww2_campaign::tables::Status;
use field_desk::systems::bfww2_campaign::{Decision, Obstacle, Rating, Report, RuleError, Setup};

#[path = "support/bfww2_play.rs"]
mod play;
use play::*;
use Decision as D;

fn refused(c: &C, d: D, dice: &[u16], e: RuleError) {
    assert_eq!(c.check(&d, dice), Err(DecideError::Rules(e)), "{d:?}");
}

fn with_readings(readings: u8) -> Setup {
    let mut setup = sample_setup();
    setup.readings = readings;
    setup
}

/// A result with `kills` enemy stands knocked out by fire and nothing else.
fn kills(side: u8, me: &str, kills: u16) -> D {
    D::Result { side, me: s(me), report: Report { enemy_knocked_out: kills, ..Report::default() } }
}

/// Refits ended, postures shown, TB-1 against PZ-1, PZ-1 knocking out `german_kills`: the
/// battle fought and its results entered.
fn fight(c: &mut C, german_kills: u16) {
    play(c, D::EndRefit { side: RUSSIAN }, &[]);
    play(c, D::EndRefit { side: GERMAN }, &[]);
    play(c, D::RevealPostures, &[]);
    play(c, forces(RUSSIAN, &["TB-1"]), &[]);
    play(c, forces(GERMAN, &["PZ-1"]), &[]);
    play(c, D::EndBattle { turns: 12 }, &[]);
    play(c, kills(RUSSIAN, "TB-1", 0), &[]);
    play(c, kills(GERMAN, "PZ-1", german_kills), &[]);
    play(c, D::EndResults, &[]);
}

/// A scenario after the first: postures (Russians attack), CPP, the rolls due with no change,
/// PZ-1 against TB-1, each with `kills`, to the end of its cleanup.
fn scenario(c: &mut C, kills_each: u16) {
    play(c, D::ChoosePosture { side: RUSSIAN, posture: Posture::Attack }, &[]);
    play(c, D::ChoosePosture { side: GERMAN, posture: Posture::Defend }, &[]);
    play(c, D::RollCpp { side: RUSSIAN }, &[5]);
    play(c, D::RollCpp { side: GERMAN }, &[5]);
    play(c, D::EndRefit { side: RUSSIAN }, &[]);
    play(c, D::EndRefit { side: GERMAN }, &[]);
    play(c, D::RevealPostures, &[]);
    play(c, forces(RUSSIAN, &["TB-1"]), &[]);
    play(c, forces(GERMAN, &["PZ-1"]), &[]);
    play(c, D::EndBattle { turns: 12 }, &[]);
    play(c, kills(RUSSIAN, "TB-1", kills_each), &[]);
    play(c, kills(GERMAN, "PZ-1", kills_each), &[]);
    play(c, D::EndResults, &[]);
    play(c, D::EndCleanup, &[]);
}

/// A morning and an afternoon on 23 December: PZ-1 knocks out two stands in the morning and
/// none in the afternoon; then the 24 December morning's refit, to PZ-1's rating roll.
fn to_the_second_morning(readings: u8) -> C {
    let mut setup = with_readings(readings);
    setup.days[0].slots = vec![Slot::Morning, Slot::Afternoon];
    let mut c = C::new(setup).expect("the setup starts");
    play(&mut c, D::RollCpp { side: RUSSIAN }, &[5]);
    play(&mut c, D::RollCpp { side: GERMAN }, &[5]);
    fight(&mut c, 2);
    play(&mut c, D::EndCleanup, &[]);
    scenario(&mut c, 0);
    play(&mut c, D::ChoosePosture { side: RUSSIAN, posture: Posture::Attack }, &[]);
    play(&mut c, D::ChoosePosture { side: GERMAN, posture: Posture::Defend }, &[]);
    play(&mut c, D::RollCpp { side: GERMAN }, &[5]);
    c
}

#[test]
fn the_rating_roll_reads_the_previous_scenario_only() {
    // The afternoon's record: no kills, no losses. A roll of 00 (100) needs a +1 to improve.
    let c = to_the_second_morning(READINGS);
    let pz = c.state().side(GERMAN).element("PZ-1").unwrap();
    assert_eq!(pz.record.enemy_knocked_out, 0, "the morning's two kills are not the previous scenario's");
    let mut c2 = c.clone();
    play(&mut c2, D::RollRating { side: GERMAN, me: s("PZ-1") }, &[100]);
    assert_eq!(c2.state().side(GERMAN).element("PZ-1").unwrap().me.rating, Rating::Veteran, "100: no change");
    // Campaigns stored before keep the record summed since the last roll: +2, so 102 improves.
    let mut old = to_the_second_morning(FIRST_READINGS);
    assert_eq!(old.state().side(GERMAN).element("PZ-1").unwrap().record.enemy_knocked_out, 2);
    play(&mut old, D::RollRating { side: GERMAN, me: s("PZ-1") }, &[100]);
    assert_eq!(old.state().side(GERMAN).element("PZ-1").unwrap().me.rating, Rating::Elite);
}

#[test]
fn the_isolated_and_cut_off_counts_still_add_up_across_scenarios() {
    let mut c = C::new(with_readings(SECOND_READINGS)).expect("the sample starts");
    play(&mut c, D::RollCpp { side: RUSSIAN }, &[5]);
    play(&mut c, D::RollCpp { side: GERMAN }, &[5]);
    fight(&mut c, 1);
    // MR-1 stays cut off (not fielded): it starts the next two scenarios so.
    play(&mut c, D::SetStatus { side: RUSSIAN, me: s("MR-1"), status: Status::CutOff, stands: 3 }, &[]);
    play(&mut c, D::EndCleanup, &[]);
    play(&mut c, D::ChoosePosture { side: RUSSIAN, posture: Posture::Attack }, &[]);
    play(&mut c, D::ChoosePosture { side: GERMAN, posture: Posture::Defend }, &[]);
    play(&mut c, D::RollCpp { side: RUSSIAN }, &[5]);
    play(&mut c, D::RollCpp { side: GERMAN }, &[5]);
    for (side, me) in [(RUSSIAN, "TB-1"), (GERMAN, "PZ-1")] {
        play(&mut c, D::RollRating { side, me: s(me) }, &[50]);
    }
    // MR-1 begins this scenario cut off: its roll is due; it waits for the next refit here.
    play(&mut c, D::RollRating { side: RUSSIAN, me: s("MR-1") }, &[50]);
    play(&mut c, D::EndRefit { side: RUSSIAN }, &[]);
    play(&mut c, D::EndRefit { side: GERMAN }, &[]);
    play(&mut c, D::RevealPostures, &[]);
    play(&mut c, forces(RUSSIAN, &["TB-1"]), &[]);
    play(&mut c, forces(GERMAN, &["PZ-1"]), &[]);
    assert_eq!(c.state().side(RUSSIAN).element("MR-1").unwrap().record.scenarios_started_cut_off, 1);
    play(&mut c, D::EndBattle { turns: 12 }, &[]);
    play(&mut c, kills(RUSSIAN, "TB-1", 0), &[]);
    play(&mut c, kills(GERMAN, "PZ-1", 0), &[]);
    play(&mut c, D::EndResults, &[]);
    let mr1 = c.state().side(RUSSIAN).element("MR-1").unwrap();
    assert_eq!(mr1.record.scenarios_started_cut_off, 1, "a new scenario's results keep the cut-off count");
    assert_eq!(c.state().side(GERMAN).element("PZ-1").unwrap().record.enemy_knocked_out, 0);
}

#[test]
fn per_day_limits_hold_at_purchase_for_every_row() {
    let mut setup = with_readings(SECOND_READINGS);
    setup.sides[GERMAN as usize].cpp = 60;
    for row in &mut setup.sides[GERMAN as usize].rg_chart {
        if row.id == "PG" || row.id == "F" {
            row.per_day = Some(1);
            row.per_campaign = 5;
        }
    }
    let mut c = through_the_first_battle_of(setup.clone());
    into_the_second_refit(&mut c);
    let new_pg = || D::Reinforce {
        side: GERMAN,
        rg: s("PG"),
        element: field_desk::systems::bfww2_campaign::NewElement {
            name: s("III./Pz.Gren.Rgt. 4"),
            class: field_desk::systems::bfww2_campaign::tables::MeClass::Infantry,
            unit_type: s("Panzergrenadier battalion"),
            stands: 12,
            vehicles: 0,
        },
    };
    let day_limit = |already| RuleError::Limit(LimitProblem::DayLimit { limit: 1, already });
    // The sample's Stuka flight A1: one a day.
    play(&mut c, D::BuyAircraft { side: GERMAN, rg: s("A1"), extra_cpp: 0 }, &[5]);
    refused(&c, D::BuyAircraft { side: GERMAN, rg: s("A1"), extra_cpp: 0 }, &[5], day_limit(1));
    play(&mut c, new_pg(), &[]);
    refused(&c, new_pg(), &[], day_limit(1));
    refused(&c, D::BuyFpp { side: GERMAN, rg: s("F"), count: 2 }, &[], day_limit(0));
    play(&mut c, D::BuyFpp { side: GERMAN, rg: s("F"), count: 1 }, &[]);
    refused(&c, D::BuyFpp { side: GERMAN, rg: s("F"), count: 1 }, &[], day_limit(1));
    // The next day's refit may buy again.
    let mut next = c.clone();
    fight(&mut next, 0);
    play(&mut next, D::EndCleanup, &[]);
    play(&mut next, D::ChoosePosture { side: RUSSIAN, posture: Posture::Attack }, &[]);
    play(&mut next, D::ChoosePosture { side: GERMAN, posture: Posture::Defend }, &[]);
    play(&mut next, D::RollCpp { side: GERMAN }, &[5]);
    play(&mut next, D::RollRating { side: GERMAN, me: s("PZ-1") }, &[50]);
    play(&mut next, D::BuyAircraft { side: GERMAN, rg: s("A1"), extra_cpp: 0 }, &[5]);
    play(&mut next, new_pg(), &[]);
    play(&mut next, D::BuyFpp { side: GERMAN, rg: s("F"), count: 1 }, &[]);
    // Campaigns stored before kept per-day limits for artillery fired only.
    setup.readings = FIRST_READINGS;
    let mut old = through_the_first_battle_of(setup);
    into_the_second_refit(&mut old);
    for _ in 0..2 {
        play(&mut old, D::BuyAircraft { side: GERMAN, rg: s("A1"), extra_cpp: 0 }, &[5]);
        play(&mut old, new_pg(), &[]);
    }
}

#[test]
fn one_removal_attempt_per_item_and_place_in_a_refit() {
    let mut setup = with_readings(SECOND_READINGS);
    setup.sides[GERMAN as usize].fpp = 12;
    let mut c = through_the_first_battle_of(setup.clone());
    into_the_second_refit(&mut c);
    let remove = |obstacle, place: &str| D::RemoveObstacle { side: GERMAN, obstacle, place: s(place), mods: vec![] };
    play(&mut c, remove(Obstacle::Wire, "Farm"), &[3]);
    let tried = RuleError::RemovalTried { what: s("Wire"), place: s("farm") };
    refused(&c, remove(Obstacle::Wire, " farm"), &[9], tried);
    play(&mut c, remove(Obstacle::Minefield, "Farm"), &[3]);
    play(&mut c, remove(Obstacle::Wire, "Bridge"), &[3]);
    // TB-1's wrecks (four knocked out, one abandoned): one attempt each; one destroyed is gone.
    play(&mut c, remove(Obstacle::Wreck, "TB-1"), &[9]);
    for _ in 0..4 {
        play(&mut c, remove(Obstacle::Wreck, "TB-1"), &[3]);
    }
    let tried = RuleError::RemovalTried { what: s("Enemy wreck"), place: s("tb-1") };
    refused(&c, remove(Obstacle::Wreck, "tb-1"), &[9], tried);
    assert_eq!(c.state().side(GERMAN).fpp.balance(), 4);
    // Campaigns stored before allowed a second attempt.
    setup.readings = FIRST_READINGS;
    let mut old = through_the_first_battle_of(setup);
    into_the_second_refit(&mut old);
    play(&mut old, remove(Obstacle::Wire, "Farm"), &[3]);
    play(&mut old, remove(Obstacle::Wire, "Farm"), &[9]);
}

#[test]
fn an_enemy_wreck_is_removed_only_from_an_armour_element_outside_a_pocket() {
    let mut setup = with_readings(SECOND_READINGS);
    setup.sides[GERMAN as usize].fpp = 6;
    let mut c = through_the_first_battle_of(setup.clone());
    // TB-2 (armour, not fielded) is cut off with a pocket; TB-1 (four wrecks) is not.
    play(&mut c, D::SetStatus { side: RUSSIAN, me: s("TB-2"), status: Status::CutOff, stands: 2 }, &[]);
    into_the_second_refit(&mut c);
    let wreck =
        |place: &str| D::RemoveObstacle { side: GERMAN, obstacle: Obstacle::Wreck, place: s(place), mods: vec![] };
    for id in ["MR-1", "TB-2", "TB-9"] {
        refused(&c, wreck(id), &[9], RuleError::WreckNotRemovable(s(id)));
    }
    play(&mut c, wreck("TB-1"), &[9]);
    assert_eq!(c.state().side(RUSSIAN).element("TB-1").unwrap().wrecks, 3, "a 9 destroys one of four");
    // Campaigns stored before: the roll was made (and did nothing) whatever was named.
    setup.readings = FIRST_READINGS;
    let mut old = through_the_first_battle_of(setup);
    play(&mut old, D::SetStatus { side: RUSSIAN, me: s("TB-2"), status: Status::CutOff, stands: 2 }, &[]);
    into_the_second_refit(&mut old);
    play(&mut old, wreck("MR-1"), &[9]);
}

#[test]
fn a_setup_stored_without_readings_plays_by_the_first_and_a_new_one_says_so() {
    let json = serde_json::to_string(&with_readings(FIRST_READINGS)).unwrap();
    assert!(!json.contains("readings"), "the first readings are not written: stored setups stay as they were");
    let back: Setup = serde_json::from_str(&json).unwrap();
    assert_eq!(back.readings, FIRST_READINGS);
    let new = serde_json::to_string(&sample_setup()).unwrap();
    assert!(new.contains(&format!("\"readings\":{READINGS}")), "{new}");
}
