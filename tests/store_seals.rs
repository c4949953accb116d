//! What a seat's device keeps for sealed choices and joint rolls (`store::seals`), on the
//! store the app uses (values must be JSON text, as localStorage holds them here).

use field_desk::engine::fair::{Seal, Secret};
use field_desk::engine::Seat;
use field_desk::store::{seals, Backend, Memory};

#[test]
fn a_salt_is_kept_until_forgotten_and_sending_plainly_is_kept_too() {
    let mut b = Memory::default();
    assert_eq!(seals::current_salt(&b, "1", "c"), None);
    let s = seals::salt(&mut b, "1", "c", || Secret([1; 16])).unwrap();
    assert_eq!(s, Some(Secret([1; 16])));
    assert_eq!(seals::salt(&mut b, "1", "c", || Secret([2; 16])).unwrap(), s, "the same salt until forgotten");
    assert_eq!(seals::current_salt(&b, "1", "c"), s);
    seals::send_plainly(&mut b, "1", "c").unwrap();
    // The app's store (gloo's localStorage) takes JSON text only.
    assert!(b.map.values().all(|v| serde_json::from_str::<serde_json::Value>(v).is_ok()), "{:?}", b.map);
    assert_eq!(seals::current_salt(&b, "1", "c"), None);
    assert_eq!(seals::salt(&mut b, "1", "c", || Secret([3; 16])).unwrap(), None, "sent plainly stays plain");
    seals::forget_salt(&mut b, "1", "c").unwrap();
    assert_eq!(seals::salt(&mut b, "1", "c", || Secret([4; 16])).unwrap(), Some(Secret([4; 16])), "a fresh salt");
}

#[test]
fn seals_seen_are_remembered_once_with_when_and_a_part_belongs_to_its_roll() {
    let mut b = Memory::default();
    let (x, y) = (Seal::of(b"x", &Secret([0; 16])), Seal::of(b"y", &Secret([0; 16])));
    seals::remember(&mut b, "1", "c", &[(Seat(0), x)], 10.0).unwrap();
    seals::remember(&mut b, "1", "c", &[(Seat(0), x), (Seat(0), y)], 20.0).unwrap();
    let seen = seals::seen(&b, "1", "c");
    assert_eq!(seen.iter().map(|s| (s.seal, s.at)).collect::<Vec<_>>(), vec![(x, 10.0), (y, 20.0)]);
    let p = seals::part(&mut b, "1", "c", x, || Secret([5; 16])).unwrap();
    assert_eq!(seals::part(&mut b, "1", "c", x, || Secret([6; 16])).unwrap(), p, "the same roll, the same part");
    assert_eq!(
        seals::part(&mut b, "1", "c", y, || Secret([7; 16])).unwrap(),
        Secret([7; 16]),
        "a new roll, a new part"
    );
    assert_eq!(
        seals::sent_parts(&b, "1", "c"),
        vec![(x, Secret([5; 16])), (y, Secret([7; 16]))],
        "every part sent is kept, with the seal it answered"
    );
    assert_eq!(seals::part(&mut b, "1", "c", x, || Secret([8; 16])).unwrap(), p, "an older roll keeps its part");
}

/// A device from before kept only its last part, as one pair: it still reads, as a list of one,
/// and the next part joins it.
#[test]
fn a_part_kept_alone_by_an_older_device_still_reads() {
    let mut b = Memory::default();
    let x = Seal::of(b"x", &Secret([0; 16]));
    let old = serde_json::to_string(&(x, Secret([5; 16]))).unwrap();
    b.set(&format!("{}1.c", seals::PART_PREFIX), &old).unwrap();
    assert_eq!(seals::sent_parts(&b, "1", "c"), vec![(x, Secret([5; 16]))]);
    assert_eq!(seals::part(&mut b, "1", "c", x, || Secret([9; 16])).unwrap(), Secret([5; 16]));
    let y = Seal::of(b"y", &Secret([0; 16]));
    seals::part(&mut b, "1", "c", y, || Secret([7; 16])).unwrap();
    assert_eq!(seals::sent_parts(&b, "1", "c").len(), 2);
}
