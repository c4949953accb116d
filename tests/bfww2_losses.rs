//! Battlefront: WW2 armour losses and what is left of them (issue 28): every knocked-out or
//! abandoned vehicle gets its repair roll, a success not counting twice; an armour element's
//! vehicle abandoned on an escape roll stays on its roster awaiting repair; a removal roll says
//! its result and needs a revealed obstacle; a repair the nation and date rule out is refused
//! before any roll; a vehicle's escape for an element with none says so. Each against the
//! readings of campaigns stored before, which replay as they were played.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::DecideError;
use field_desk::systems::bfww2_campaign::eligibility::Posture;
use field_desk::systems::bfww2_campaign::refit::{repair_lawful, repair_nation_allows};
use field_desk::systems::bfww2_campaign::sample::{sample_setup, GERMAN, RUSSIAN};
use field_desk::systems::bfww2_campaign::setup::{SECOND_READINGS, THIRD_READINGS};
use field_desk::systems::bfww2_campaign::tables::{EscapeMod, Month, Nation, Status};
use field_desk::systems::bfww2_campaign::{Decision as D, Obstacle, Phase, RuleError as E, Setup};

#[path = "support/bfww2_play.rs"]
mod play;
use play::*;

fn read_by(readings: u8) -> Setup {
    let mut setup = sample_setup();
    setup.readings = readings;
    setup
}

/// The sample's first scenario to its cleanup (day 1, the repair time of a one-scenario day),
/// with PZ-1's result as given; the Russians first buy wire at the Bridge when `wire`.
fn first_cleanup(setup: Setup, pz1: D, wire: bool) -> C {
    let mut c = C::new(setup).expect("the sample starts");
    play(&mut c, D::RollCpp { side: RUSSIAN }, &[7]);
    play(&mut c, D::RollCpp { side: GERMAN }, &[5]);
    if wire {
        play(&mut c, D::BuyFpp { side: RUSSIAN, rg: s("F"), count: 1 }, &[]);
        play(&mut c, D::BuyFortification { side: RUSSIAN, kind: s("Wire"), place: s("Bridge") }, &[]);
    }
    play(&mut c, D::EndRefit { side: RUSSIAN }, &[]);
    play(&mut c, D::EndRefit { side: GERMAN }, &[]);
    play(&mut c, D::RevealPostures, &[]);
    play(&mut c, forces(RUSSIAN, &["TB-1", "MR-1"]), &[]);
    play(&mut c, forces(GERMAN, &["PZ-1"]), &[]);
    play(&mut c, D::EndBattle { turns: 12 }, &[]);
    play(&mut c, result(RUSSIAN, "TB-1", 5, 4, 1), &[]);
    play(&mut c, result(RUSSIAN, "MR-1", 2, 0, 0), &[]);
    play(&mut c, pz1, &[]);
    play(&mut c, D::EndResults, &[]);
    assert_eq!(c.state().phase, Phase::Cleanup);
    c
}

fn repair(abandoned: bool, spend_cpp: bool) -> D {
    D::RepairArmour { side: GERMAN, me: s("PZ-1"), abandoned, in_minefield: false, spend_cpp }
}

fn pz1(c: &C) -> (u16, u16, u16) {
    let e = c.state().side(GERMAN).element("PZ-1").unwrap();
    (e.me.vehicles, e.wrecks, e.abandoned)
}

fn last_line(c: &C) -> String {
    c.history().last().map(|l| l.text.clone()).unwrap_or_default()
}

/// The issue's day: PZ-1 loses 6 vehicles (4 knocked out, 2 abandoned); abandoned + 1 CPP 5
/// (9, repaired), abandoned + 1 CPP 1 (5, failed), knocked out 9 (repaired), knocked out 8.
fn the_four_rolls(c: &mut C) {
    assert_eq!(pz1(c), (3, 4, 2));
    play(c, repair(true, true), &[5]);
    assert!(last_line(c).ends_with("repaired."), "{}", last_line(c));
    play(c, repair(true, true), &[1]);
    play(c, repair(false, false), &[9]);
    play(c, repair(false, false), &[8]);
    assert_eq!(pz1(c), (5, 3, 1), "two repaired, three wrecks and one abandoned left");
}

#[test]
fn every_vehicle_gets_its_repair_roll_and_a_success_does_not_count_twice() {
    let mut c = first_cleanup(sample_setup(), result(GERMAN, "PZ-1", 6, 4, 2), false);
    the_four_rolls(&mut c);
    let (setup, s) = (c.setup().clone(), c.state().clone());
    let e = s.side(GERMAN).element("PZ-1").unwrap();
    assert!(e.repair_waiting(), "two knocked-out vehicles were never tried");
    assert_eq!(repair_lawful(&setup, &s, GERMAN, "PZ-1", false), Ok(()));
    assert_eq!(repair_lawful(&setup, &s, GERMAN, "PZ-1", true), Err(E::NoRepair), "the abandoned one left has failed");
    play(&mut c, repair(false, false), &[9]);
    play(&mut c, repair(false, false), &[2]);
    assert_eq!(pz1(&c), (6, 2, 1));
    assert!(!c.state().side(GERMAN).element("PZ-1").unwrap().repair_waiting(), "six vehicles, six rolls");
    assert_eq!(c.check(&repair(false, false), &[9]).map(|_| ()), Err(DecideError::Rules(E::NoRepair)));
    // The next repair time tries them again.
    play(&mut c, D::EndCleanup, &[]);
    assert!(c.state().side(GERMAN).element("PZ-1").unwrap().repair_waiting());
}

#[test]
fn campaigns_stored_before_keep_the_attempts_as_they_counted_them() {
    let mut c = first_cleanup(read_by(SECOND_READINGS), result(GERMAN, "PZ-1", 6, 4, 2), false);
    the_four_rolls(&mut c);
    assert!(!c.state().side(GERMAN).element("PZ-1").unwrap().repair_waiting());
    assert_eq!(c.check(&repair(false, false), &[9]).map(|_| ()), Err(DecideError::Rules(E::NoRepair)));
}

fn escape_pz1() -> D {
    D::RollEscape { side: GERMAN, me: s("PZ-1"), vehicle: true, group: 1, mods: vec![EscapeMod::FullyTrackedAfv] }
}

fn isolate_one_tank(c: &mut C) {
    play(c, D::SetStatus { side: GERMAN, me: s("PZ-1"), status: Status::Isolated, stands: 1 }, &[]);
}

#[test]
fn an_armour_vehicle_abandoned_on_its_escape_roll_stays_on_the_roster_awaiting_repair() {
    let mut c = first_cleanup(sample_setup(), result(GERMAN, "PZ-1", 3, 3, 0), false);
    isolate_one_tank(&mut c);
    let odds = c.preview(&escape_pz1()).expect("odds before the roll").odds;
    assert!(odds.iter().any(|(what, _)| what == "Abandoned"), "{odds:?}");
    // 1 + 2 (fully tracked) = 3: abandoned in the AFV column.
    play(&mut c, escape_pz1(), &[1]);
    assert!(last_line(&c).contains("abandoned"), "{}", last_line(&c));
    assert!(!last_line(&c).contains("lost"), "{}", last_line(&c));
    let e = c.state().side(GERMAN).element("PZ-1").unwrap();
    assert!(e.active(), "still on the roster");
    assert_eq!((e.me.stands, e.me.vehicles, e.wrecks, e.abandoned), (5, 5, 3, 1), "not deployable, awaiting repair");
    assert_eq!(e.status, Status::Normal, "its pocket has rolled");
    // Its own side may try to repair it, at this repair time.
    assert_eq!(repair_lawful(c.setup(), c.state(), GERMAN, "PZ-1", true), Ok(()));
    play(&mut c, repair(true, false), &[9]);
    assert_eq!(pz1(&c), (6, 3, 0));
}

#[test]
fn an_eliminated_vehicle_still_leaves_and_the_log_says_eliminated() {
    let mut c = first_cleanup(sample_setup(), result(GERMAN, "PZ-1", 3, 3, 0), false);
    play(&mut c, D::SetStatus { side: GERMAN, me: s("PZ-1"), status: Status::CutOff, stands: 1 }, &[]);
    // 1 + 2 - 2 (cut off) = 1: eliminated.
    play(&mut c, escape_pz1(), &[1]);
    assert!(last_line(&c).ends_with("eliminated."), "{}", last_line(&c));
    assert_eq!(pz1(&c), (5, 3, 0));
}

#[test]
fn before_issue_28_an_abandoned_escaper_left_the_roster() {
    let mut c = first_cleanup(read_by(SECOND_READINGS), result(GERMAN, "PZ-1", 3, 3, 0), false);
    isolate_one_tank(&mut c);
    play(&mut c, escape_pz1(), &[1]);
    assert!(last_line(&c).contains("abandoned"), "the log says what happened: {}", last_line(&c));
    assert_eq!(pz1(&c), (5, 3, 0));
}

#[test]
fn a_vehicle_escape_for_an_element_with_no_vehicle_says_so() {
    let mut c = first_cleanup(sample_setup(), result(GERMAN, "PZ-1", 3, 3, 0), false);
    play(&mut c, D::SetStatus { side: RUSSIAN, me: s("MR-1"), status: Status::Isolated, stands: 2 }, &[]);
    let d = D::RollEscape { side: RUSSIAN, me: s("MR-1"), vehicle: true, group: 1, mods: vec![] };
    let e = c.check(&d, &[5]).map(|_| ()).unwrap_err();
    assert_eq!(e, DecideError::Rules(E::NoVehicle(s("MR-1"))));
    assert!(e.to_string().contains("no vehicle"), "{e}");
    // An element in no pocket is still told it has none.
    let d = D::RollEscape { side: RUSSIAN, me: s("MR-2"), vehicle: true, group: 1, mods: vec![] };
    assert_eq!(c.check(&d, &[5]).map(|_| ()), Err(DecideError::Rules(E::NoEscape)));
}

#[test]
fn a_repair_the_nation_and_date_rule_out_is_refused_before_any_roll() {
    // Russians repair from July 1944: not in December 1942, whatever waits.
    let c = first_cleanup(sample_setup(), result(GERMAN, "PZ-1", 3, 3, 0), false);
    let d = D::RepairArmour { side: RUSSIAN, me: s("TB-1"), abandoned: false, in_minefield: false, spend_cpp: false };
    let why = E::RepairNotAllowed { nation: Nation::Russian, month: Month::new(1942, 12) };
    assert_eq!(repair_nation_allows(c.setup(), RUSSIAN), Err(why.clone()));
    assert_eq!(c.check(&d, &[9]).map(|_| ()), Err(DecideError::Rules(why.clone())));
    assert!(c.preview(&d).is_none(), "no odds for a roll that cannot be made");
    let words = why.to_string();
    assert!(words.contains("Russian") && words.contains("December 1942"), "{words}");
    // Germans repair to the end of 1944: not in 1945.
    let mut setup = sample_setup();
    setup.month = Month::new(1945, 1);
    let c = first_cleanup(setup, result(GERMAN, "PZ-1", 3, 3, 0), false);
    let why = E::RepairNotAllowed { nation: Nation::German, month: Month::new(1945, 1) };
    assert_eq!(c.check(&repair(false, false), &[9]).map(|_| ()), Err(DecideError::Rules(why)));
    assert!(c.preview(&repair(false, false)).is_none());
}

/// Into the second morning's refit with the Russian wire at the Bridge revealed, the German
/// side holding 2 FPP.
fn to_the_removal(setup: Setup) -> C {
    let mut c = first_cleanup(setup, result(GERMAN, "PZ-1", 3, 3, 0), true);
    play(&mut c, D::RevealFortification { side: RUSSIAN, index: 0 }, &[]);
    play(&mut c, D::EndCleanup, &[]);
    play(&mut c, D::ChoosePosture { side: RUSSIAN, posture: Posture::Attack }, &[]);
    play(&mut c, D::ChoosePosture { side: GERMAN, posture: Posture::Defend }, &[]);
    play(&mut c, D::RollCpp { side: RUSSIAN }, &[7]);
    play(&mut c, D::RollCpp { side: GERMAN }, &[5]);
    play(&mut c, D::BuyFpp { side: GERMAN, rg: s("F"), count: 1 }, &[]);
    assert_eq!(c.state().side(GERMAN).fpp.balance(), 2);
    c
}

fn remove(obstacle: Obstacle, place: &str) -> D {
    D::RemoveObstacle { side: GERMAN, obstacle, place: s(place), mods: vec![] }
}

#[test]
fn a_removal_roll_says_its_result_and_needs_a_revealed_obstacle() {
    let mut c = to_the_removal(sample_setup());
    let none = E::NoObstacle { what: s("Wire"), place: s("Hill 5") };
    assert_eq!(c.check(&remove(Obstacle::Wire, "Hill 5"), &[6]).map(|_| ()), Err(DecideError::Rules(none)));
    let roadblock = c.check(&remove(Obstacle::Roadblock, "Bridge"), &[6]).map(|_| ());
    assert!(matches!(roadblock, Err(DecideError::Rules(E::NoObstacle { .. }))), "wire is there, not a roadblock");
    assert_eq!(c.state().side(GERMAN).fpp.balance(), 2, "nothing spent on a refusal");
    play(&mut c, remove(Obstacle::Wire, "Bridge"), &[5]);
    assert_eq!(last_line(&c), "German 6th Panzer Division: removal roll against wire at Bridge, 5: no effect.");
    assert_eq!(c.state().side(RUSSIAN).forts.len(), 1);
    // One attempt per item and place in a refit; the next refit tries again.
    let tried = c.check(&remove(Obstacle::Wire, "Bridge"), &[6]).map(|_| ());
    assert!(matches!(tried, Err(DecideError::Rules(E::RemovalTried { .. }))), "{tried:?}");
}

#[test]
fn a_successful_removal_roll_says_eliminated() {
    let mut c = to_the_removal(sample_setup());
    play(&mut c, remove(Obstacle::Wire, "Bridge"), &[6]);
    assert_eq!(last_line(&c), "German 6th Panzer Division: removal roll against wire at Bridge, 6: eliminated.");
    assert!(c.state().side(RUSSIAN).forts.is_empty());
    assert_eq!(c.state().side(GERMAN).fpp.balance(), 1);
}

#[test]
fn before_issue_28_a_removal_roll_at_an_empty_place_was_made() {
    let mut c = to_the_removal(read_by(SECOND_READINGS));
    play(&mut c, remove(Obstacle::Wire, "Hill 5"), &[6]);
    assert!(last_line(&c).ends_with("Hill 5, 6: eliminated."), "{}", last_line(&c));
    assert_eq!(c.state().side(GERMAN).fpp.balance(), 1, "the FPP went on nothing");
    assert_eq!(c.state().side(RUSSIAN).forts.len(), 1);
}

#[test]
fn new_campaigns_and_the_sample_play_by_issue_28s_readings() {
    assert_eq!(sample_setup().readings, THIRD_READINGS);
    assert!(sample_setup().readings_v3() && sample_setup().readings_v2());
    assert!(!read_by(SECOND_READINGS).readings_v3());
}
