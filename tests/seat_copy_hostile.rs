//! A seat copy read from outside (a link, a file) holds a position that was never replayed on
//! this device, so nothing vouches for its indices or its shape. Each number in each system's
//! copies is changed in turn to values a hostile or damaged copy could hold, and each part of
//! its position and setup changed in structure (a list emptied, lengthened or with two items
//! swapped, a value made null or of another type, two fields' values swapped): the copy is
//! refused with a reason (`System::check_view`, the setup's own check), or everything the list
//! and the copy's screen ask of the rules runs without a panic (a panic in the browser kills
//! the page, and a stored copy would kill the list at every start). `tests/wasm_seat_copies.rs`
//! draws the accepted ones.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/reshape.rs"]
mod reshape;
#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::ViewProblem;
use field_desk::engine::{Campaign, DiceInput, Grammar, Reader, SeatView, System};
use field_desk::share::seat::SeatCopy;
use field_desk::share::{LoadError, Meta};
use field_desk::systems::race_for_x::tables::OffensiveAction;
use field_desk::systems::race_for_x::{Decision as RfxDecision, RaceForX, Side};
use field_desk::systems::rapier_offensive::RapierOffensive;
use field_desk::systems::{AnyCampaign, Listed, SystemId, Visit};
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
    struct Exercise<'a>(&'a SeatCopy);
    impl Visit for Exercise<'_> {
        type Out = ();
        fn visit<S: Listed>(self) {
            exercise(S::of_view(&self.0.view).expect("the copy is of its system"))
        }
    }
    let _ = copy.view.status();
    let _ = copy.view.reader_name();
    copy.system().visit(Exercise(copy));
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

/// Changes each part of each copy's position and setup in structure (`support/reshape.rs`), at most
/// `budget` changes per copy spread over all of them; returns (changed copies, refused).
fn check_shapes(copies: &[SeatCopy], budget: usize) -> (usize, usize) {
    let (mut tried, mut refused) = (0, 0);
    for copy in copies {
        let json: Value = serde_json::from_str(&copy.to_json()).unwrap();
        let mut changes = Vec::new();
        reshape::reshaped(&json["view"]["state"], "/view/state".into(), &mut changes);
        reshape::reshaped(&json["view"]["setup"], "/view/setup".into(), &mut changes);
        let stride = changes.len().div_ceil(budget).max(1);
        for (path, new) in changes.into_iter().step_by(stride) {
            let mut bad = json.clone();
            *bad.pointer_mut(&path).unwrap() = new.clone();
            tried += 1;
            let Ok(copy) = SeatCopy::from_json(&bad.to_string()) else {
                refused += 1;
                continue;
            };
            let outcome = catch_unwind(AssertUnwindSafe(|| exercise_any(&copy)));
            let shown = new.to_string().chars().take(80).collect::<String>();
            assert!(outcome.is_ok(), "{:?} copy with {path} = {shown} was accepted and panics", copy.system());
        }
    }
    (tried, refused)
}

/// Race for X, played from the grammar into its battles: copies that name stands and units.
fn race_for_x_copies() -> Vec<SeatCopy> {
    let start = || Campaign::<RaceForX>::new(field_desk::systems::race_for_x::sample::sample_setup()).unwrap();
    let mut c = start();
    let mut all = copies(&AnyCampaign::RaceForX(c.clone()), 2);
    for (side, action) in [(Side::A, OffensiveAction::Attack), (Side::B, OffensiveAction::Regroup)] {
        c.decide(RfxDecision::ChooseAction { side, action }, DiceInput::Typed(vec![])).unwrap();
    }
    all.extend(copies(&AnyCampaign::RaceForX(c), 2));
    for (steps, seed) in [(25, 4), (60, 5)] {
        all.extend(copies(&AnyCampaign::RaceForX(played(start(), steps, seed)), 2));
    }
    all
}

/// A system's copies, every reader's: of its sample, and after random play from it of each
/// `(steps, seed)` of `plays`.
struct Played(&'static [(usize, u64)]);

impl Visit for Played {
    type Out = Vec<SeatCopy>;
    fn visit<S: Listed>(self) -> Vec<SeatCopy> {
        let start = || Campaign::<S>::new(S::sample()).unwrap();
        let seats = S::seats(&S::sample()).len();
        let mut all = Vec::new();
        for &(steps, seed) in self.0 {
            all.extend(copies(&S::any(played(start(), steps, seed)), seats));
        }
        all
    }
}

/// Every system in the list, in shape: its sample's copies and those of a random campaign.
#[test]
fn every_system_s_copies_changed_in_shape_are_refused_or_harmless() {
    for system in SystemId::ALL {
        let all = system.visit(Played(&[(0, 1), (40, 3)]));
        let (tried, refused) = check_shapes(&all, 300);
        assert!(tried > 0, "{system:?}: no copy changed");
        println!("{}: {tried} reshaped copies, {refused} refused", system.name());
    }
}

/// Every system in the list, in structure, kind by kind: fields of the position missing, values
/// null, lists emptied, one item short or one too long (at most 120 of each kind per copy,
/// spread over the position), in every reader's copy of a played campaign. Each kind is tried in every system; a change serde
/// takes is refused by the system's `check_view` (`LoadError::View`) or harmless.
#[test]
fn every_system_s_copies_with_missing_fields_nulls_or_wrong_lengths_are_refused_or_harmless() {
    use reshape::Kind;
    use std::collections::BTreeMap;
    let kinds = [Kind::Missing, Kind::Null, Kind::Emptied, Kind::Shorter, Kind::Longer];
    for system in SystemId::ALL {
        // (tried, refused by the system's check, refused as unreadable) per kind.
        let mut seen: BTreeMap<Kind, (usize, usize, usize)> = BTreeMap::new();
        for copy in system.visit(Played(&[(40, 3)])) {
            let json: Value = serde_json::from_str(&copy.to_json()).unwrap();
            let mut changes = Vec::new();
            reshape::reshaped_by_kind(&json["view"]["state"], "/view/state".into(), &mut changes);
            // At most 120 changes of each kind per copy, spread over the whole position.
            let mut by_kind: BTreeMap<Kind, Vec<(String, Value)>> = BTreeMap::new();
            for (kind, path, new) in changes.into_iter().filter(|(k, _, _)| kinds.contains(k)) {
                by_kind.entry(kind).or_default().push((path, new));
            }
            let spread = by_kind.into_iter().flat_map(|(kind, all)| {
                let stride = all.len().div_ceil(120).max(1);
                all.into_iter().step_by(stride).map(move |(path, new)| (kind, path, new))
            });
            for (kind, path, new) in spread {
                let mut bad = json.clone();
                *bad.pointer_mut(&path).unwrap() = new;
                let tally = seen.entry(kind).or_default();
                tally.0 += 1;
                match SeatCopy::from_json(&bad.to_string()) {
                    Err(LoadError::View(_)) => tally.1 += 1,
                    Err(_) => tally.2 += 1,
                    Ok(copy) => {
                        let outcome = catch_unwind(AssertUnwindSafe(|| exercise_any(&copy)));
                        assert!(outcome.is_ok(), "{system:?} copy with {path} {kind:?} was accepted and panics");
                    }
                }
            }
        }
        for kind in kinds {
            assert!(seen.get(&kind).is_some_and(|t| t.0 > 0), "{system:?}: no {kind:?} change tried");
        }
        println!("{}: (tried, refused by its check, unreadable) {seen:?}", system.name());
    }
}

/// Every system in the list, number by number: its sample's copies (Race for X's played ones
/// below).
#[test]
fn every_system_s_copies_with_changed_numbers_are_refused_or_harmless() {
    for system in SystemId::ALL {
        let all = system.visit(Played(&[(0, 1)]));
        let (tried, refused) = check(&all);
        assert!(tried > 0, "{system:?}: no copy changed");
        println!("{}: {tried} changed copies, {refused} refused", system.name());
    }
}

/// The copy of issue 28: one inner list of `players[1].lost` emptied. Its roster indexed the
/// list by the orbat's stands and aborted the app at every opening of the stored copy.
#[test]
fn a_race_for_x_copy_whose_losses_do_not_match_its_orbat_is_refused() {
    let json: Value = serde_json::from_str(&race_for_x_copies()[0].to_json()).unwrap();
    for (path, new) in [
        ("/view/state/players/1/lost/0", Value::Array(vec![])),
        ("/view/state/players/1/lost", Value::Array(vec![])),
        ("/view/state/players/0/lost/2", {
            let mut longer = json["view"]["state"]["players"][0]["lost"][2].as_array().unwrap().clone();
            longer.push(Value::Bool(false));
            Value::Array(longer)
        }),
    ] {
        let mut bad = json.clone();
        *bad.pointer_mut(path).unwrap() = new;
        let e = SeatCopy::from_json(&bad.to_string()).expect_err(path);
        // Typed up to the words: the system's check says what is wrong, the load error words it.
        assert!(
            matches!(&e, LoadError::View(ViewProblem::Shape { like, .. }) if like == "their orbat"),
            "{path}: {e:?}"
        );
        assert!(e.to_string().contains("not shaped as their orbat"), "{path}: {e}");
        // Sent as a link, the same copy is refused too.
        let text = field_desk::share::link::encode_seat(&serde_json::from_str::<SeatCopy>(&bad.to_string()).unwrap());
        assert!(field_desk::share::link::read(&text).is_err(), "{path} as a link");
    }
}

/// A copy's campaign id becomes part of its storage key and its address: one that is not a
/// campaign id is refused, so nothing is kept that the router cannot open or the list remove.
#[test]
fn copies_whose_id_is_not_a_campaign_id_are_refused() {
    let good = &race_for_x_copies()[0];
    for id in ["", "a/b/../c", "<b>x</b>", "a.b", "x y", &"a".repeat(65)] {
        let mut bad = good.clone();
        bad.meta.id = id.to_string();
        let e = SeatCopy::from_json(&bad.to_json()).expect_err(id);
        assert!(e.to_string().contains("campaign id"), "{id:?}: {e}");
        let mut b = field_desk::store::Memory::default();
        assert!(field_desk::store::keep_seat_copy(&mut b, &bad).is_err(), "{id:?} is not kept");
        assert!(field_desk::store::seat_copies(&b).unwrap().is_empty());
    }
    for id in ["0123456789abcdef", "fixture1", "a-b_C"] {
        let mut ok = good.clone();
        ok.meta.id = id.to_string();
        assert!(SeatCopy::from_json(&ok.to_json()).is_ok(), "{id}");
    }
}

/// A copy dated far in the future never outranks a copy of the same campaign and seat that is
/// further on: the steps come first, the sender's clock only between copies as far on.
#[test]
fn a_copy_dated_ahead_does_not_outrank_one_further_on() {
    use field_desk::store::{keep_seat_copy, load_seat_copy, Kept, Memory};
    let mut c = Campaign::<RaceForX>::new(field_desk::systems::race_for_x::sample::sample_setup()).unwrap();
    let reader = Some(field_desk::engine::Seat(1));
    let ahead = SeatCopy::new(meta(), 9.0e15, AnyCampaign::RaceForX(c.clone()).seat_view(reader));
    c.decide(RfxDecision::ChooseAction { side: Side::A, action: OffensiveAction::Attack }, DiceInput::Typed(vec![]))
        .unwrap();
    let later = SeatCopy::new(meta(), 1.7e12, AnyCampaign::RaceForX(c).seat_view(reader));
    let mut b = Memory::default();
    assert_eq!(keep_seat_copy(&mut b, &ahead), Ok(Kept::New));
    assert_eq!(keep_seat_copy(&mut b, &later), Ok(Kept::Replaced), "the copy further on replaces it");
    assert_eq!(keep_seat_copy(&mut b, &ahead), Ok(Kept::HadNewer));
    assert_eq!(load_seat_copy(&b, "1", &meta().id).unwrap().view.steps(), 1);
}

/// A copy for a seat the setup does not have is refused (its name would be asked of the rules).
#[test]
fn a_copy_for_a_seat_not_at_the_table_is_refused() {
    let mut json: Value = serde_json::from_str(&race_for_x_copies()[0].to_json()).unwrap();
    json["view"]["reader"] = Value::from(9);
    let e = SeatCopy::from_json(&json.to_string()).expect_err("seat 10");
    assert_eq!(e, LoadError::View(ViewProblem::NoSuchSeat { seat: 9 }));
    assert!(e.to_string().contains("seat 10, not one at this table"), "{e}");
}

#[test]
fn race_for_x_copies_with_changed_numbers_are_refused_or_harmless() {
    let (tried, refused) = check(&race_for_x_copies());
    println!("Race for X: {tried} changed copies, {refused} refused");
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
        assert!(
            matches!(&e, LoadError::View(ViewProblem::NotThere { what, .. }) if reason.contains(what.as_str()) || what.starts_with("unit")),
            "{path}: {e:?}"
        );
        assert!(e.to_string().contains(reason), "{path}: {e}");
    }
}
