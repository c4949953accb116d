//! Sealed choices' formats are a promise, as links are (issue 31): a seal reply, a reveal
//! reply and a stored campaign holding a seal line and a salted entry, written once to
//! `tests/fixtures/sealed/` (`FIELD_DESK_NEW_FIXTURES=1`), must read back the same: the same
//! seal, the same salt and decision, the same position and history.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::fair::{Seal, Secret};
use field_desk::engine::{Action, Campaign, DiceInput, HistoryKind, Seat};
use field_desk::share::link::{self, Received, ReplyKind};
use field_desk::share::reply::{reveal_to, seal_to, take};
use field_desk::systems::race_for_x::tables::OffensiveAction;
use field_desk::systems::race_for_x::{Decision, RaceForX, Side};
use field_desk::systems::Descriptor;

const ID: &str = "0123456789abcdef";
const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/sealed/");

/// The fixture's text: written when missing and asked for, else read.
fn fixture(name: &str, made: &str) -> String {
    let path = format!("{DIR}{name}");
    if std::env::var_os("FIELD_DESK_NEW_FIXTURES").is_some() && !std::path::Path::new(&path).exists() {
        std::fs::create_dir_all(DIR).unwrap();
        std::fs::write(&path, made).unwrap();
    }
    std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("{path} missing: FIELD_DESK_NEW_FIXTURES=1 writes it"))
}

/// A Race for X turn played sealed: Boris (seat 1) seals by reply, Anna (seat 0, the keeper's
/// own) decides sealed, Boris reveals.
fn played() -> (Campaign<RaceForX>, String, String) {
    let mut c = Campaign::<RaceForX>::new(RaceForX::sample()).unwrap();
    let boris = Decision::ChooseAction { side: Side::B, action: OffensiveAction::Regroup };
    let anna = Decision::ChooseAction { side: Side::A, action: OffensiveAction::Attack };
    let salt_b = Secret([0xb0; 16]);
    let (seal, _) = seal_to::<RaceForX>(ID, &c.seat_view(Some(Seat(1))), &(boris.clone(), vec![]), &salt_b).unwrap();
    let read = |t: &str| match link::read(t).unwrap() {
        Received::Reply(r) => r,
        other => panic!("{other:?}"),
    };
    take(&mut c, ID, &read(&seal)).unwrap();
    c.decide_sealed(anna, DiceInput::Typed(vec![]), Secret([0xa0; 16])).unwrap();
    let reveal = reveal_to::<RaceForX>(ID, &c.seat_view(Some(Seat(1))), &(boris, vec![]), &salt_b).unwrap();
    take(&mut c, ID, &read(&reveal)).unwrap();
    (c, seal, reveal)
}

#[test]
fn sealed_replies_and_a_sealed_campaign_read_as_when_written() {
    let (c, seal, reveal) = played();
    let seal = fixture("race-for-x-seal.txt", &seal);
    let reveal = fixture("race-for-x-reveal.txt", &reveal);
    let part =
        field_desk::share::reply::part_to::<RaceForX>(ID, &c.seat_view(Some(Seat(1))), &Secret([0xc0; 16])).unwrap();
    let part = fixture("race-for-x-part.txt", &part);
    let Ok(Received::Reply(r)) = link::read(part.trim()) else { panic!("the part reads") };
    assert_eq!(r.kind().unwrap(), ReplyKind::Part(Secret([0xc0; 16])), "a joint roll's part reads as written");
    let json = serde_json::to_string_pretty(&(c.setup(), c.journal())).unwrap();
    let stored = fixture("race-for-x-journal.json", &json);

    let boris = Decision::ChooseAction { side: Side::B, action: OffensiveAction::Regroup };
    let Ok(Received::Reply(r)) = link::read(seal.trim()) else { panic!("the seal reads") };
    let want = Seal::of(&serde_json::to_vec(&boris).unwrap(), &Secret([0xb0; 16]));
    assert_eq!(r.kind().unwrap(), ReplyKind::Seal(want), "the seal reads as written");
    assert_eq!((r.head.campaign.as_str(), r.head.seat), (ID, Seat(1)));
    let Ok(Received::Reply(r)) = link::read(reveal.trim()) else { panic!("the reveal reads") };
    assert_eq!(r.kind().unwrap(), ReplyKind::Reveal(Secret([0xb0; 16])));

    let (setup, journal): (_, Vec<Action<Decision>>) = serde_json::from_str(&stored).unwrap();
    let back = Campaign::<RaceForX>::replay(setup, journal).expect("the stored campaign replays");
    assert_eq!(back.state(), c.state(), "the same position");
    let history = back.history();
    let sealed = history.iter().find(|l| l.kind == HistoryKind::Seal).expect("its seal line");
    assert_eq!(sealed.seal.as_ref().unwrap().seal(), Some(want));
    // Both choices carry their decisions and salts; Boris's works out to the seal he sent.
    let opened: Vec<_> = history.iter().filter_map(|l| l.seal.as_ref()).filter(|s| s.open.is_some()).collect();
    assert_eq!(opened.len(), 2);
    assert!(opened.iter().any(|s| s.by == Seat(1) && s.seal() == Some(want)));
    let anna = Decision::ChooseAction { side: Side::A, action: OffensiveAction::Attack };
    let anna = Seal::of(&serde_json::to_vec(&anna).unwrap(), &Secret([0xa0; 16]));
    assert!(opened.iter().any(|s| s.by == Seat(0) && s.seal() == Some(anna)));
}

/// Boris's device checks Anna's revealed choice against the seal it saw before he revealed:
/// it matches; a copy with her choice changed after sealing, or her salt changed, does not.
#[test]
fn a_seat_s_device_checks_each_revealed_choice_against_the_seal_it_saw() {
    use field_desk::share::seals::{checks, sending, shown, Check, Seen, Sending};
    let mut c = Campaign::<RaceForX>::new(RaceForX::sample()).unwrap();
    let boris = Decision::ChooseAction { side: Side::B, action: OffensiveAction::Regroup };
    let salt_b = Secret([0xb1; 16]);
    // Both to choose: Boris's step goes as a seal.
    let first = c.seat_view(Some(Seat(1)));
    assert_eq!(sending(&first, &(boris.clone(), vec![]), &salt_b), Sending::Seal);
    let (seal, _) = seal_to::<RaceForX>(ID, &first, &(boris.clone(), vec![]), &salt_b).unwrap();
    let Ok(Received::Reply(r)) = link::read(&seal) else { panic!() };
    take(&mut c, ID, &r).unwrap();
    // Anna not sealed yet: Boris waits for her.
    let waiting = c.seat_view(Some(Seat(1)));
    assert_eq!(sending(&waiting, &(boris.clone(), vec![]), &salt_b), Sending::Waiting(vec![Seat(0)]));
    c.decide_sealed(
        Decision::ChooseAction { side: Side::A, action: OffensiveAction::Attack },
        DiceInput::Typed(vec![]),
        Secret([0xa1; 16]),
    )
    .unwrap();
    let before = c.seat_view(Some(Seat(1)));
    assert_eq!(sending(&before, &(boris.clone(), vec![]), &salt_b), Sending::Reveal);
    assert!(!serde_json::to_string(&before.history).unwrap().contains("Attack"), "Anna's choice stays hidden");
    let seen: Vec<Seen> = shown(&before.history).into_iter().map(|(by, seal)| Seen { by, seal, at: 5.0 }).collect();
    assert!(seen.iter().any(|s| s.by == Seat(0)), "Boris's device sees Anna's seal");
    let reveal = reveal_to::<RaceForX>(ID, &before, &(boris, vec![]), &salt_b).unwrap();
    let Ok(Received::Reply(r)) = link::read(&reveal) else { panic!() };
    take(&mut c, ID, &r).unwrap();
    let after = c.seat_view(Some(Seat(1)));
    assert_eq!(checks(&after.history, Some(Seat(1)), &seen), vec![Check::Matches { by: Seat(0), at: 5.0 }]);
    // Anna's choice changed after sealing (a forged copy): the seal Boris saw is opened by nothing.
    let mut forged = after.history.clone();
    for line in &mut forged {
        if let Some(s) = line.seal.as_mut().filter(|s| s.by == Seat(0)) {
            let (json, _) = s.open.as_mut().unwrap();
            *json = json.replace("Attack", "Regroup");
        }
    }
    assert_eq!(checks(&forged, Some(Seat(1)), &seen), vec![Check::Broken { by: Seat(0), at: Some(5.0) }]);
    // Nothing seen before: nothing to check against.
    assert_eq!(checks(&after.history, Some(Seat(1)), &[]), vec![Check::Unseen { by: Seat(0) }]);
}
