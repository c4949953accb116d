//! An Axis of Attack seat copy whose position does not fit together is refused as it is read
//! (issue 29): a step of a turn carries the turn's record, the end an outcome and no turn, the
//! defender's shift its mission roll, a mission change a player it is offered to, a
//! breakthrough a winner. The copies are the released fixtures (`axis_of_attack_seat_fixtures.rs`)
//! with one part of the position changed.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::share::seat::SeatCopy;
use field_desk::share::LoadError;
use serde_json::{json, Value};

fn fixture(file: &str) -> Value {
    let path = format!("{}/tests/fixtures/seat/axis-of-attack-{file}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// The fixture with its position changed by `change`: refused as damaged, saying why.
fn refused(file: &str, change: impl FnOnce(&mut Value), why: &str) {
    let mut copy = fixture(file);
    assert!(SeatCopy::from_json(&copy.to_string()).is_ok(), "{file} opens as it is");
    change(&mut copy["view"]["state"]);
    match SeatCopy::from_json(&copy.to_string()) {
        Err(LoadError::Damaged(e)) => assert!(e.contains(why), "{file}: {e}"),
        other => panic!("{file}: {other:?}"),
    }
}

#[test]
fn a_step_of_a_turn_without_its_record_is_refused() {
    refused("casualties-west", |s| s["current"] = Value::Null, "no turn under way");
    refused("forces-east", |s| s["outcome"] = json!({ "Victory": "West" }), "an outcome already");
}

#[test]
fn the_end_with_a_turn_under_way_or_without_an_outcome_is_refused() {
    refused("finished-west", |s| s["outcome"] = Value::Null, "the campaign is over");
    refused(
        "finished-east",
        |s| s["current"] = s["turns"].as_array().unwrap().last().unwrap().clone(),
        "the campaign is over",
    );
    refused("exchanges-east", |s| s["phase"] = json!("Finished"), "the campaign is over");
}

#[test]
fn a_step_without_what_it_implies_is_refused() {
    refused("mission-adjust-west", |s| s["current"]["selection"] = Value::Null, "no mission roll");
    refused("breakthrough-west", |s| s["current"]["result"]["winner"] = Value::Null, "no winner");
    // Nobody left to offer the change to: the player offered has passed.
    refused("mission-change-east", |s| s["current"]["declined"] = json!(["West", "East"]), "offered to nobody");
}
