//! A Race for X position read from outside (a seat copy) whose parts disagree is refused as it
//! is read, with its reason: a battle step with no battle, or without what the step implies; a
//! battle while the players choose or after the end; a part without both choices; a result
//! before the end or an end without one. (The copies are those of `race_for_x_seat_fixtures.rs`.)

#![cfg(not(target_arch = "wasm32"))]

use field_desk::share::seat::SeatCopy;
use serde_json::{json, Value};

fn fixture(point: &str) -> Value {
    let path = format!("{}/tests/fixtures/seat/race-for-x-{point}-a.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// `point`'s copy with the state's fields set as given: refused, saying `reason`.
fn refused(point: &str, changes: &[(&str, Value)], reason: &str) {
    let mut v = fixture(point);
    assert!(SeatCopy::from_json(&v.to_string()).is_ok(), "{point} opens as stored");
    for (field, value) in changes {
        v["view"]["state"][*field] = value.clone();
    }
    let e = SeatCopy::from_json(&v.to_string()).expect_err(point).to_string();
    assert!(e.contains(reason), "{point} {changes:?}: {e}");
}

#[test]
fn a_position_whose_step_battle_choices_and_result_disagree_is_refused() {
    refused("fight", &[("current", Value::Null)], "with no battle under way");
    refused("fight", &[("phase", json!("ChooseActions"))], "a battle is under way");
    refused("fight", &[("phase", json!("Finished")), ("outcome", json!("Draw"))], "a battle is under way");
    refused("fight", &[("phase", json!("BattleResult"))], "no victory points");
    refused("fight", &[("phase", json!("Movement"))], "no place to move to");
    refused("b-type-of-battle", &[("phase", json!("FieldForces"))], "no battle type");
    refused("b-type-of-battle", &[("phase", json!("DefenceRoll"))], "no battle type");
    refused("fight", &[("actions", json!(["Attack", null]))], "without both players' choices");
    refused("fight", &[("actions", json!(["Regroup", "Regroup"]))], "not what its player chose");
    refused("fight", &[("outcome", json!({"Win": "A"}))], "has a result");
    refused("finished", &[("outcome", Value::Null)], "over with no result");
    refused("finished", &[("actions", json!([null, null]))], "without both players' choices");
    refused("a-chose", &[("actions", json!(["Attack", "Attack"]))], "still choosing");
}
