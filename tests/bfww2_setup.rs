//! The campaign setup: the built-in Advance to Rostov sample is playable and carries the text's
//! chart, and each way a setup can go wrong is named by `setup_check`. One `check` helper: a
//! change to the sample and the problems it must raise.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::Die;
use field_desk::systems::bfww2_campaign::calendar::{Day, Slot};
use field_desk::systems::bfww2_campaign::modifier::Band;
use field_desk::systems::bfww2_campaign::roster::Me;
use field_desk::systems::bfww2_campaign::sample::{sample_setup, GERMAN, ILLUSTRATIVE, RUSSIAN};
use field_desk::systems::bfww2_campaign::tables::{HistoricalDrm, MeClass};
use field_desk::systems::bfww2_campaign::{setup_check, Rating, Setup, SetupProblem};

use HistoricalDrm::{Drm, NoCpp};
use Slot::{Afternoon, Morning, Night};

fn check(change: impl FnOnce(&mut Setup), want: &[SetupProblem]) {
    let mut setup = sample_setup();
    change(&mut setup);
    assert_eq!(setup_check(&setup), want);
}

fn s(x: &str) -> String {
    x.to_string()
}

#[test]
fn rostov_sample_is_playable_with_the_texts_chart() {
    check(|_| (), &[]);
    let setup = sample_setup();
    let names: Vec<&str> = setup.days.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, ["23 December", "24 December", "25 December", "26 December", "27 December"]);
    assert!(setup.days.iter().all(|d| d.slots == [Morning] && !d.has_night()));
    let drm: Vec<[HistoricalDrm; 2]> = setup.days.iter().map(|d| d.drm).collect();
    assert_eq!(
        drm,
        [[Drm(0), Drm(-2)], [Drm(0), Drm(0)], [Drm(-3), Drm(2)], [Drm(-5), Drm(4)], [NoCpp, Drm(5)]],
        "Russian / German, day by day"
    );
    assert_eq!(setup.die, Die::D10);
    assert_eq!(setup.sides[GERMAN as usize].name, "German 6th Panzer Division");
    assert_eq!(setup.first_attacker, RUSSIAN);
    let o3 = setup.sides[GERMAN as usize].rg_chart.iter().find(|r| r.id == "O3").expect("the German O3");
    assert_eq!((o3.per_day, o3.per_campaign), (Some(2), 4));
    assert!(ILLUSTRATIVE.contains("illustrative"));
    assert_eq!(setup.days[0].scenario_label(Morning), "23 December, full day");
}

#[test]
fn day_slots() {
    let day = |slots: Vec<Slot>| Day { name: s("D"), slots, drm: [Drm(0), Drm(0)] };
    for (slots, lawful) in [
        (vec![Morning], true),
        (vec![Morning, Afternoon], true),
        (vec![Morning, Night], true),
        (vec![Morning, Afternoon, Night], true),
        (vec![], false),
        (vec![Afternoon], false),
        (vec![Morning, Morning], false),
        (vec![Morning, Night, Afternoon], false),
        (vec![Morning, Afternoon, Night, Night], false),
    ] {
        assert_eq!(day(slots.clone()).slots_lawful(), lawful, "{slots:?}");
    }
    assert_eq!(day(vec![Morning, Afternoon]).scenario_label(Afternoon), "D, Afternoon");
}

#[test]
fn every_setup_problem() {
    check(|x| x.name = s(" "), &[SetupProblem::EmptyName { what: s("campaign") }]);
    check(|x| x.days.clear(), &[SetupProblem::NoDays]);
    check(|x| x.days[1].slots = vec![Afternoon], &[SetupProblem::DaySlots { day: s("24 December") }]);
    check(|x| x.days[2].name = s(""), &[SetupProblem::EmptyName { what: s("day 3") }]);
    check(|x| x.first_attacker = 2, &[SetupProblem::FirstAttackerUnknown(2)]);
    check(|x| x.sides[1].name = s(""), &[SetupProblem::EmptyName { what: s("side 2") }]);
    let german = || s("German 6th Panzer Division");
    let russian = || s("Soviet 24th Tank Corps");
    check(|x| x.sides[1].roster[2].id = s("PG-1"), &[SetupProblem::DuplicateMe { side: german(), id: s("PG-1") }]);
    check(
        |x| x.sides[0].roster[0].stands = 0,
        &[
            SetupProblem::EmptyMe { side: russian(), id: s("TB-1") },
            SetupProblem::VehiclesOverStands { side: russian(), id: s("TB-1") },
        ],
    );
    check(
        |x| x.sides[0].roster[2].vehicles = 13,
        &[SetupProblem::VehiclesOverStands { side: russian(), id: s("MR-1") }],
    );
    check(
        |x| x.sides[1].roster[0].rg = Some(s("PZX")),
        &[SetupProblem::UnknownRg { side: german(), me: s("PZ-1"), rg: s("PZX") }],
    );
    check(
        |x| {
            let row = x.sides[1].rg_chart[0].clone();
            x.sides[1].rg_chart.push(row);
        },
        &[SetupProblem::DuplicateRg { side: german(), id: s("PZ") }],
    );
    check(|x| x.sides[1].rg_chart[0].per_scenario = 3, &[SetupProblem::RgLimits { side: german(), id: s("PZ") }]);
    check(|x| x.sides[1].rg_chart[2].per_day = Some(5), &[SetupProblem::RgLimits { side: german(), id: s("O3") }]);
    check(
        |x| {
            let pz = x.sides[1].roster[0].clone();
            x.sides[1].roster.push(Me { id: s("PZ-2"), ..pz.clone() });
            x.sides[1].roster.push(Me { id: s("PZ-3"), ..pz });
        },
        &[SetupProblem::BaseForceOverLimit { side: german(), rg: s("PZ"), count: 3, limit: 2 }],
    );
    let low_gaps: Vec<SetupProblem> = (-40..=0).map(SetupProblem::CppTableGap).collect();
    check(
        |x| {
            x.cpp_table.pop();
        },
        &low_gaps,
    );
    check(|x| x.cpp_table[1] = Band::range(8, 10, 16), &[SetupProblem::CppTableOverlap(8)]);
    check(|x| x.die = Die::D100, &[SetupProblem::UnsuitableDie(Die::D100)]);
    check(|x| x.die = Die::D6, &[]);
    assert_eq!(SetupProblem::UnsuitableDie(Die::D3).to_string(), "The roll tables need a d6 or a d10, not a d3.");
}

#[test]
fn roster_vocabulary() {
    let setup = sample_setup();
    let tanks = &setup.sides[RUSSIAN as usize].roster[0];
    assert_eq!((tanks.class, tanks.stands, tanks.vehicles, tanks.rating), (MeClass::Armour, 10, 10, Rating::Trained));
    assert!(tanks.armour_only());
    assert!(!setup.sides[RUSSIAN as usize].roster[2].armour_only());
    assert!(setup.sides[RUSSIAN as usize].armour_withdrawal);
    assert!(!setup.sides[GERMAN as usize].armour_withdrawal);
}
