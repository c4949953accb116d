//! A seat copy read from outside (a link, a file) holds a position that was never replayed on
//! this device, so nothing vouches for its indices. Each number in each system's copies is
//! changed in turn to values a hostile or damaged copy could hold: the copy is refused with a
//! reason (`System::check_view`), or everything the list and the copy's screen ask of the rules
//! runs without a panic (a panic in the browser kills the page, and a stored copy would kill the
//! list at every start).

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::{Campaign, DiceInput, Grammar, Reader, SeatView, System};
use field_desk::share::seat::SeatCopy;
use field_desk::share::Meta;
use field_desk::systems::axis_of_attack::AxisOfAttack;
use field_desk::systems::crossfire_scouting::CrossfireScouting;
use field_desk::systems::race_for_x::tables::OffensiveAction;
use field_desk::systems::race_for_x::{Decision as RfxDecision, RaceForX, Side};
use field_desk::systems::rapier_offensive::RapierOffensive;
use field_desk::systems::{AnyCampaign, SystemId, ViewBody};
use rng::Rng;
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};

fn meta() -> Meta {
    Meta { id: "0123456789abcdef".into(), name: "Hostile".into(), created: 1.0e12, updated: 1.0e12 }
}

/// Every reader's copy of a campaign.
fn copies(any: &AnyCampaign, seats: usize) -> Vec<SeatCopy> {
    let mut readers: Vec<Reader> = (0..seats).map(|s| Some(field_desk::engine::Seat(s as u8))).collect();
    readers.push(None);
    readers.into_iter().map(|r| SeatCopy::new(meta(), 1.7e12, any.seat_view(r))).collect()
}

fn played<S: Grammar>(mut c: Campaign<S>, steps: usize, seed: u64) -> Campaign<S>
where
    S::Decision: std::fmt::Debug,
{
    let mut rng = Rng::new(seed);
    let mut tally = grammar_walk::Tally::default();
    for _ in 0..steps {
        if S::over(c.setup(), c.state()) || !grammar_walk::step(&mut c, &mut rng, 2_000, &mut tally) {
            break;
        }
    }
    c
}

/// Everything the list and a copy's screen ask of the rules about the copy's position.
fn exercise<S: System>(v: &SeatView<S>) {
    let (setup, state) = (&v.setup, &v.state);
    let _ = S::status(setup, state);
    let _ = S::turn(state);
    let _ = S::players(setup);
    let _ = S::to_act(setup, state);
    let _ = S::share_hold(setup, state);
    for seat in S::seats(setup) {
        let _ = S::seat_name(setup, state, seat);
        let _ = S::view(setup, state, Some(seat));
    }
    let _ = S::view(setup, state, None);
}

fn exercise_any(copy: &SeatCopy) {
    let _ = copy.view.status();
    let _ = copy.view.reader_name();
    match &copy.view {
        ViewBody::RaceForX(v) => exercise(v),
        ViewBody::CrossfireScouting(v) => exercise(v),
        ViewBody::AxisOfAttack(v) => exercise(v),
        ViewBody::RapierOffensive(v) => exercise(v),
        ViewBody::Bfww2Campaign(v) => exercise(v),
    }
}

/// The paths of every number under `/view/state` in a copy's JSON.
fn numbers(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Number(_) => out.push(at),
        Value::Array(xs) => xs.iter().enumerate().for_each(|(i, x)| numbers(x, format!("{at}/{i}"), out)),
        Value::Object(m) => {
            m.iter().for_each(|(k, x)| numbers(x, format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")), out))
        }
        _ => {}
    }
}

/// Changes each number of each copy's position in turn; returns (changed copies, refused).
fn check(copies: &[SeatCopy]) -> (usize, usize) {
    let (mut tried, mut refused) = (0, 0);
    for copy in copies {
        // A copy the rules produced is never refused.
        assert_eq!(SeatCopy::from_json(&copy.to_json()).as_ref(), Ok(copy), "a true copy is refused");
        exercise_any(copy);
        let json: Value = serde_json::from_str(&copy.to_json()).unwrap();
        let mut paths = Vec::new();
        numbers(&json["view"]["state"], "/view/state".into(), &mut paths);
        for path in &paths {
            let old = json.pointer(path).unwrap().as_i64().unwrap_or(0);
            for new in [old + 1, 255, 65_535, -1] {
                let mut bad = json.clone();
                *bad.pointer_mut(path).unwrap() = Value::from(new);
                let Ok(copy) = SeatCopy::from_json(&bad.to_string()) else {
                    refused += 1;
                    tried += 1;
                    continue;
                };
                tried += 1;
                let outcome = catch_unwind(AssertUnwindSafe(|| exercise_any(&copy)));
                assert!(
                    outcome.is_ok(),
                    "{:?} copy with {path} = {new} (was {old}) was accepted and panics",
                    copy.system()
                );
            }
        }
    }
    (tried, refused)
}

#[test]
fn race_for_x_copies_with_changed_numbers_are_refused_or_harmless() {
    let mut c = Campaign::<RaceForX>::new(field_desk::systems::race_for_x::sample::sample_setup()).unwrap();
    let mut all = copies(&AnyCampaign::RaceForX(c.clone()), 2);
    for (side, action) in [(Side::A, OffensiveAction::Attack), (Side::B, OffensiveAction::Regroup)] {
        c.decide(RfxDecision::ChooseAction { side, action }, DiceInput::Typed(vec![])).unwrap();
    }
    all.extend(copies(&AnyCampaign::RaceForX(c), 2));
    let (tried, refused) = check(&all);
    println!("Race for X: {tried} changed copies, {refused} refused");
}

#[test]
fn axis_of_attack_copies_with_changed_numbers_are_refused_or_harmless() {
    let start = || Campaign::<AxisOfAttack>::new(field_desk::systems::axis_of_attack::sample::sample_setup()).unwrap();
    let mut all = Vec::new();
    for (steps, seed) in [(12, 2), (40, 3)] {
        all.extend(copies(&AnyCampaign::AxisOfAttack(played(start(), steps, seed)), 2));
    }
    let (tried, refused) = check(&all);
    println!("Axis of Attack: {tried} changed copies, {refused} refused");
}

#[test]
fn night_scouting_copies_with_changed_numbers_are_refused_or_harmless() {
    let start =
        || Campaign::<CrossfireScouting>::new(field_desk::systems::crossfire_scouting::sample::sample_setup()).unwrap();
    let mut all = Vec::new();
    for (steps, seed) in [(0, 1), (5, 2), (9, 3)] {
        all.extend(copies(&AnyCampaign::CrossfireScouting(played(start(), steps, seed)), 2));
    }
    let (tried, refused) = check(&all);
    println!("Night scouting: {tried} changed copies, {refused} refused");
}

#[test]
fn rapier_copies_with_changed_numbers_are_refused_or_harmless() {
    let any = SystemId::RapierOffensive.sample().unwrap();
    let AnyCampaign::RapierOffensive(c) = &any else { unreachable!() };
    let seats = RapierOffensive::seats(c.setup()).len();
    let (tried, refused) = check(&copies(&any, seats));
    println!("Rapier Offensive: {tried} changed copies, {refused} refused");
}

#[test]
fn bfww2_copies_with_changed_numbers_are_refused_or_harmless() {
    let any = SystemId::Bfww2Campaign.sample().unwrap();
    let AnyCampaign::Bfww2Campaign(c) = &any else { unreachable!() };
    let seats = field_desk::systems::bfww2_campaign::Bfww2Campaign::seats(c.setup()).len();
    let (tried, refused) = check(&copies(&any, seats));
    println!("Battlefront: WW2: {tried} changed copies, {refused} refused");
}

/// Rapier's copies name units, counters and sectors by number: one naming what the setup does
/// not hold is refused with the reason, before any screen indexes the setup with it.
#[test]
fn rapier_copies_naming_what_is_not_there_are_refused() {
    let any = SystemId::RapierOffensive.sample().unwrap();
    let AnyCampaign::RapierOffensive(c) = &any else { unreachable!() };
    let seats = RapierOffensive::seats(c.setup()).len();
    let json: Value = serde_json::from_str(&copies(&any, seats)[0].to_json()).unwrap();
    let units = json["view"]["state"]["units"].as_array().unwrap().len();
    assert!(units > 0, "the sample has attacking units");
    for (path, value, reason) in [
        ("/view/state/units/0/origin/division", 3, "division 4"),
        ("/view/state/units/0/origin/unit", 999, "not in its division's list"),
        ("/view/state/staff_swaps", 7, "division 8"),
    ] {
        let mut bad = json.clone();
        if path.ends_with("staff_swaps") {
            *bad.pointer_mut(path).unwrap() = Value::from(vec![value]);
        } else {
            *bad.pointer_mut(path).unwrap() = Value::from(value);
        }
        let e = SeatCopy::from_json(&bad.to_string()).expect_err(path);
        assert!(e.to_string().contains(reason), "{path}: {e}");
    }
}
