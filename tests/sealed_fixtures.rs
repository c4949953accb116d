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
    let json = serde_json::to_string_pretty(&(c.setup(), c.journal())).unwrap();
    let stored = fixture("race-for-x-journal.json", &json);

    let boris = Decision::ChooseAction { side: Side::B, action: OffensiveAction::Regroup };
    let Ok(Received::Reply(r)) = link::read(seal.trim()) else { panic!("the seal reads") };
    let want = Seal::of(&serde_json::to_vec(&boris).unwrap(), &Secret([0xb0; 16]));
    assert_eq!(r.kind, ReplyKind::Seal(want), "the seal reads as written");
    assert_eq!((r.head.campaign.as_str(), r.head.seat), (ID, Seat(1)));
    let Ok(Received::Reply(r)) = link::read(reveal.trim()) else { panic!("the reveal reads") };
    assert_eq!(r.kind, ReplyKind::Reveal(Secret([0xb0; 16])));

    let (setup, journal): (_, Vec<Action<Decision>>) = serde_json::from_str(&stored).unwrap();
    let back = Campaign::<RaceForX>::replay(setup, journal).expect("the stored campaign replays");
    assert_eq!(back.state(), c.state(), "the same position");
    let history = back.history();
    let sealed = history.iter().find(|l| l.kind == HistoryKind::Seal).expect("its seal line");
    assert_eq!(sealed.seal.as_ref().unwrap().seal, want);
    // Both choices carry their seals, and open them.
    let opened: Vec<_> = history
        .iter()
        .filter_map(|l| l.seal.as_ref()?.open.as_ref().map(|o| (l.seal.as_ref().unwrap().seal, o)))
        .collect();
    assert_eq!(opened.len(), 2);
    assert!(opened.iter().all(|(s, (json, salt))| s.opens(json.as_bytes(), salt)));
}
