//! Battlefront: WW2: what the umpire sets up beyond the rosters and charts, each box once
//! "left to the table": scheduled reinforcements (free, on their day, counting against their
//! row's limits, the side's own secret); who moves first when one side attacks (the text's
//! order unless the umpire rules otherwise), said by the rules; the map, terrain and weather
//! notes, table rules every seat reads.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::DecideError;
use field_desk::systems::bfww2_campaign::charts::LimitProblem;
use field_desk::systems::bfww2_campaign::describe::order_of_play;
use field_desk::systems::bfww2_campaign::roster::{Me, Scheduled};
use field_desk::systems::bfww2_campaign::sample::{sample_setup, GERMAN, RUSSIAN};
use field_desk::systems::bfww2_campaign::seats::{seat, UMPIRE};
use field_desk::systems::bfww2_campaign::tables::MeClass;
use field_desk::systems::bfww2_campaign::{
    setup_check, Decision, MoveOrder, NewElement, Rating, RuleError, Setup, SetupProblem,
};

#[path = "support/bfww2_play.rs"]
mod play;
use play::*;
use Decision as D;

fn element(id: &str, rg: &str) -> Me {
    Me {
        id: s(id),
        name: s("Kampfgruppe Hünersdorff"),
        class: MeClass::Infantry,
        unit_type: s("Panzergrenadier battalion"),
        stands: 12,
        vehicles: 0,
        rating: Rating::Veteran,
        rg: Some(s(rg)),
    }
}

/// The sample with a German Panzergrenadier battalion scheduled for the second day (24
/// December): with PG-1 and PG-2 it fills the PG row's campaign limit of 3; the Germans start
/// with 20 CPP, so a refusal is the limit's, not the price's.
fn with_pg3() -> Setup {
    let mut setup = sample_setup();
    let german = &mut setup.sides[GERMAN as usize];
    german.cpp = 20;
    german.scheduled.push(Scheduled { day: 1, me: element("PG-3", "PG") });
    setup
}

fn buy(side: u8, rg: &str) -> D {
    let element =
        NewElement { name: s("Bought"), class: MeClass::Infantry, unit_type: s("Battalion"), stands: 10, vehicles: 0 };
    D::Reinforce { side, rg: s(rg), element }
}

#[test]
fn a_scheduled_reinforcement_arrives_free_on_its_day_and_counts_against_its_rows_limits() {
    let setup = with_pg3();
    assert_eq!(setup_check(&setup), []);
    let c = C::new(setup.clone()).unwrap();
    let st = c.state().side(GERMAN);
    assert!(st.element("PG-3").is_none(), "not before its day");
    assert_eq!(st.had("PG"), 3, "it counts against the campaign limit from the start");
    // The campaign limit is reached with it: a purchase is refused, whatever the CPP.
    let mut c = C::new(setup.clone()).unwrap();
    play(&mut c, D::RollCpp { side: GERMAN }, &[5]);
    assert_eq!(
        c.check(&buy(GERMAN, "PG"), &[]),
        Err(DecideError::Rules(RuleError::Limit(LimitProblem::CampaignLimit { limit: 3, already: 3 })))
    );
    // The next day it is on the roster, at full strength, free.
    let mut c = through_the_first_battle_of(setup);
    let spent = c.state().side(GERMAN).cpp.spent;
    into_the_second_refit(&mut c);
    let st = c.state().side(GERMAN);
    let pg3 = st.element("PG-3").expect("arrived on 24 December");
    assert_eq!((pg3.me.stands, pg3.strength, pg3.full, pg3.me.rating), (12, 12, 12, Rating::Veteran));
    assert_eq!(st.cpp.spent, spent, "free");
    let line = st.cpp.lines.iter().find(|l| l.what.contains("PG-3")).unwrap();
    assert_eq!((line.what.as_str(), line.amount), ("PG-3 Kampfgruppe Hünersdorff arrived (scheduled), free", 0));
    assert_eq!(st.had("PG"), 3, "counted once");
    // The per-scenario limit of 2 counts it like any element of the row.
    play(&mut c, D::EndRefit { side: RUSSIAN }, &[]);
    play(&mut c, D::EndRefit { side: GERMAN }, &[]);
    play(&mut c, D::RevealPostures, &[]);
    assert_eq!(
        c.check(&forces(GERMAN, &["PG-1", "PG-2", "PG-3"]), &[]),
        Err(DecideError::Rules(RuleError::Limit(LimitProblem::ScenarioLimit { limit: 2, already: 0 })))
    );
    play(&mut c, forces(GERMAN, &["PG-3", "PZ-1"]), &[]);
}

#[test]
fn a_purchase_never_takes_the_id_of_a_scheduled_reinforcement_still_to_come() {
    let mut setup = sample_setup();
    let russian = &mut setup.sides[RUSSIAN as usize];
    russian.cpp = 20;
    russian.rg_chart.iter_mut().find(|r| r.id == "TB").unwrap().per_campaign = 4;
    russian.scheduled.push(Scheduled { day: 3, me: element("TB-4", "TB") });
    let mut c = C::new(setup).unwrap();
    play(&mut c, D::RollCpp { side: RUSSIAN }, &[5]);
    play(&mut c, buy(RUSSIAN, "TB"), &[]);
    let ids: Vec<&str> = c.state().side(RUSSIAN).roster.iter().map(|e| e.me.id.as_str()).collect();
    assert_eq!(ids, ["TB-1", "TB-2", "MR-1", "MR-2", "TB-5"]);
    assert_eq!(
        c.check(&buy(RUSSIAN, "TB"), &[]),
        Err(DecideError::Rules(RuleError::Limit(LimitProblem::CampaignLimit { limit: 4, already: 4 })))
    );
}

#[test]
fn scheduled_reinforcements_are_their_sides_own() {
    let mut c = through_the_first_battle_of(with_pg3());
    into_the_second_refit(&mut c);
    for reader in [None, Some(seat(RUSSIAN))] {
        let link = c.seat_view(reader);
        assert!(link.setup.sides[GERMAN as usize].scheduled.is_empty(), "{reader:?}'s setup tells the schedule");
        assert!(link.state.side(GERMAN).element("PG-3").is_none(), "{reader:?} sees PG-3 off the table");
        assert!(link.state.side(GERMAN).cpp.lines.is_empty());
        assert!(c.history_for(reader).iter().all(|l| !l.text.contains("PG-3")));
    }
    for reader in [Some(UMPIRE), Some(seat(GERMAN))] {
        let link = c.seat_view(reader);
        assert_eq!(link.setup.sides[GERMAN as usize].scheduled.len(), 1, "{reader:?} reads the schedule");
        assert!(link.state.side(GERMAN).element("PG-3").is_some());
    }
}

#[test]
fn a_scheduled_reinforcement_needs_a_day_of_the_calendar_and_a_manoeuvre_row() {
    fn pg3(x: &mut Setup) -> &mut Scheduled {
        &mut x.sides[GERMAN as usize].scheduled[0]
    }
    let german = || s("German 6th Panzer Division");
    let check = |change: &dyn Fn(&mut Setup), want: &[SetupProblem]| {
        let mut setup = with_pg3();
        change(&mut setup);
        assert_eq!(setup_check(&setup), want);
    };
    check(&|x| pg3(x).day = 5, &[SetupProblem::ScheduledDay { side: german(), id: s("PG-3"), day: 5 }]);
    check(&|x| pg3(x).me.rg = None, &[SetupProblem::ScheduledRow { side: german(), id: s("PG-3") }]);
    check(&|x| pg3(x).me.rg = Some(s("O3")), &[SetupProblem::ScheduledRow { side: german(), id: s("PG-3") }]);
    check(&|x| pg3(x).me.rg = Some(s("PX")), &[SetupProblem::UnknownRg { side: german(), me: s("PG-3"), rg: s("PX") }]);
    check(&|x| pg3(x).me.id = s("PG-1"), &[SetupProblem::DuplicateMe { side: german(), id: s("PG-1") }]);
    check(&|x| pg3(x).me.vehicles = 13, &[SetupProblem::VehiclesOverStands { side: german(), id: s("PG-3") }]);
    check(
        &|x| {
            let mut pg4 = pg3(x).clone();
            pg4.me.id = s("PG-4");
            x.sides[GERMAN as usize].scheduled.push(pg4);
        },
        &[SetupProblem::BaseForceOverLimit { side: german(), rg: s("PG"), count: 4, limit: 3 }],
    );
    let msg = SetupProblem::ScheduledDay { side: german(), id: s("PG-3"), day: 5 }.to_string();
    assert_eq!(
        msg,
        "German 6th Panzer Division's scheduled element PG-3 arrives on day 6, which the calendar does not have."
    );
}

/// Stored setups from before scheduled reinforcements open with none, and a setup without any
/// is written as before (no new key).
#[test]
fn setups_stored_before_scheduled_reinforcements_open() {
    let json = serde_json::to_string(&sample_setup()).unwrap();
    assert!(!json.contains("scheduled"));
    let back: Setup = serde_json::from_str(&json).unwrap();
    assert!(back.sides.iter().all(|x| x.scheduled.is_empty()));
    let json = serde_json::to_string(&with_pg3()).unwrap();
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), with_pg3());
}

/// Removing a day in the setup form keeps each scheduled reinforcement on its day.
#[test]
fn removing_a_day_keeps_the_schedule_on_its_days() {
    let mut setup = with_pg3();
    setup.sides[RUSSIAN as usize].scheduled.push(Scheduled { day: 4, me: element("MR-3", "MR") });
    setup.remove_day(0);
    assert_eq!(setup.days[0].name, "24 December");
    let days: Vec<usize> = setup.sides.iter().flat_map(|s| s.scheduled.iter().map(|a| a.day)).collect();
    assert_eq!(days, [3, 0], "27 December is now the fourth day, 24 December the first");
    setup.remove_day(3);
    assert!(setup_check(&setup).contains(&SetupProblem::ScheduledDay {
        side: s("Soviet 24th Tank Corps"),
        id: s("MR-3"),
        day: 3
    }));
}

/// The first scenario of `setup` to the force choice (the Russians attack).
fn to_forces(setup: Setup) -> C {
    let mut c = C::new(setup).unwrap();
    for side in [RUSSIAN, GERMAN] {
        play(&mut c, D::RollCpp { side }, &[5]);
        play(&mut c, D::EndRefit { side }, &[]);
    }
    play(&mut c, D::RevealPostures, &[]);
    c
}

/// Attack against defend: who sets up and who moves first is said by the rules (the forces
/// and battle steps draw this line), by the campaign's move order: the text's unless the
/// umpire rules otherwise.
#[test]
fn who_sets_up_and_moves_first_follows_the_move_order() {
    let c = C::new(sample_setup()).unwrap();
    assert_eq!(order_of_play(c.setup(), c.state()), None, "no attacker yet");
    let c = to_forces(sample_setup());
    assert_eq!(
        order_of_play(c.setup(), c.state()).unwrap(),
        "German 6th Panzer Division, defending, sets up first and moves first; Soviet 24th Tank Corps, attacking, sets up second and moves second (as the text says)."
    );
    let mut setup = sample_setup();
    setup.move_order = MoveOrder::AttackerMovesFirst;
    let c = to_forces(setup.clone());
    assert_eq!(
        order_of_play(c.setup(), c.state()).unwrap(),
        "German 6th Panzer Division, defending, sets up first; Soviet 24th Tank Corps, attacking, sets up second and moves first (the umpire's ruling)."
    );
    assert!(MoveOrder::AttackerMovesFirst.words().contains("moves first, by the umpire's ruling"));
    // Stored setups from before the option play by the text; the text's order is not written.
    assert_eq!(sample_setup().move_order, MoveOrder::AttackerMovesSecond);
    assert!(!serde_json::to_string(&sample_setup()).unwrap().contains("move_order"));
    let json = serde_json::to_string(&setup).unwrap();
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
}

/// The map and terrain rules and the weather chart are the umpire's notes in the setup: table
/// rules, in every seat's setup (and link); absent from stored setups before them.
#[test]
fn the_map_terrain_and_weather_notes_are_table_rules_every_seat_reads() {
    let mut setup = sample_setup();
    setup.terrain = s("Snow-covered steppe: all open ground is rough.\nThe Aksay is frozen.");
    setup.weather = s("Each morning a d10: 1-3 blizzard, no aircraft; 4-10 clear.");
    let c = C::new(setup.clone()).unwrap();
    for reader in [None, Some(UMPIRE), Some(seat(RUSSIAN)), Some(seat(GERMAN))] {
        let link = c.seat_view(reader);
        assert_eq!((&link.setup.terrain, &link.setup.weather), (&setup.terrain, &setup.weather), "{reader:?}");
    }
    let json = serde_json::to_string(&sample_setup()).unwrap();
    assert!(!json.contains("terrain") && !json.contains("weather"));
    assert_eq!(serde_json::from_str::<Setup>(&serde_json::to_string(&setup).unwrap()).unwrap(), setup);
}
