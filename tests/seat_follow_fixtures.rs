//! Following seat copies (`fd6.`) sent before the compact form (flags 0 and 1) keep opening to
//! the same whole copy: for Race for X and Rapier Offensive, a first copy (following the
//! sample's fresh view) and one following it 14 steps of random play later, written by the
//! app of stop 29.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::share::link::{self, Received};
use field_desk::share::seat::SeatCopy;

fn read(dir: &str, name: &str) -> String {
    std::fs::read_to_string(format!("tests/fixtures/seat/follow-v1/{dir}/{name}")).expect("fixture")
}

fn follow(text: &str) -> field_desk::share::follow::FollowLink {
    match link::read(text.trim()).expect("an old following copy reads") {
        Received::Follow(f) => f,
        other => panic!("read as {other:?}"),
    }
}

#[test]
fn following_copies_of_the_first_form_open_as_they_did() {
    for dir in ["race-for-x", "rapier-offensive"] {
        let held = SeatCopy::from_json(&read(dir, "held.json")).expect("the held copy opens");
        let first = follow(&read(dir, "fresh.txt")).open(None).expect("a first copy of the first form opens");
        assert_eq!(first.view, held.view, "{dir}: the first copy");
        assert_eq!((&first.meta, first.made), (&held.meta, held.made), "{dir}: its meta");
        let next = follow(&read(dir, "after.txt")).open(Some(&held)).expect("a following copy of the first form opens");
        assert_eq!(next.to_json(), SeatCopy::from_json(&read(dir, "after.expected.json")).unwrap().to_json(), "{dir}");
        // Against nothing, or the wrong copy: refused.
        assert!(follow(&read(dir, "after.txt")).open(None).is_err());
        assert!(follow(&read(dir, "after.txt")).open(Some(&next)).is_err());
    }
}
