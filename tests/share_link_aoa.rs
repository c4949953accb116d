//! Axis of Attack links: the committed links keep opening to the positions they held. A version
//! 2 link (system code 3, `fd2.`) of the sample played into its third turn, with undos and a
//! redo, typed and app dice.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/aoa_legal.rs"]
mod aoa_legal;
#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::{Action, Campaign, DiceInput, Roller};
use field_desk::share::link;
use field_desk::share::{Document, Meta};
use field_desk::systems::axis_of_attack::sample::sample_setup;
use field_desk::systems::axis_of_attack::{AxisOfAttack, Phase, Side};
use field_desk::systems::{AnyCampaign, Body};
use rng::Rng;

type C = Campaign<AxisOfAttack>;

/// The campaign of the fixtures: the sample played by the suites' legal random play (seed 5)
/// until turn 3's force lists, half the dice typed and half the app's; the 12th decision undone
/// and redone, the 20th (a roll) undone and taken again, its dice given back as a redo, and the last undone.
fn fixture_document() -> Document {
    let setup = sample_setup();
    let mut c = C::new(setup.clone()).unwrap();
    let mut rng = Rng::new(5);
    let mut taken = 0;
    while !(c.state().turn == 3 && c.state().phase == Phase::Forces) {
        let d = aoa_legal::legal_decision(&setup, c.state(), &mut rng);
        let count = c.dice_for(&d).map_or(0, |spec| spec.count as usize);
        let input = if rng.one_in(1, 2) { DiceInput::Typed(rng.d6s(count)) } else { DiceInput::App(&mut rng) };
        c.decide(d.clone(), input).unwrap();
        taken += 1;
        if taken == 12 {
            c.undo();
            c.redo().unwrap();
        }
        if taken == 20 {
            c.undo();
            // Taken again: a roll's dice come back (the journal says redo).
            c.decide(d, DiceInput::App(&mut rng)).unwrap();
        }
    }
    c.undo();
    let meta = Meta {
        id: "a0a05e7c19d3b264".into(),
        name: "Sample: Axis of Attack".into(),
        created: 1_763_800_000_000.0,
        updated: 1_763_812_345_678.0,
    };
    Document::new(meta, &AnyCampaign::AxisOfAttack(c))
}

const V2_FIXTURE: &str = "tests/fixtures/links/axis-of-attack-v2-sample-played.txt";

/// Writes the link of `fixture_document` as the code of the day writes it (`fd2.` before link
/// version 4 had Axis of Attack). Run once by hand: `cargo test --test share_link_aoa
/// write_aoa_link_fixture -- --ignored`. Never rewrite the fixture of a released version.
#[test]
#[ignore]
fn write_aoa_v2_link_fixture() {
    let text = link::encode(&fixture_document());
    assert!(text.starts_with("fd2."), "version 2 is no longer what the app writes");
    std::fs::write(V2_FIXTURE, format!("{text}\n")).unwrap();
    println!("{V2_FIXTURE}: {} characters", text.len());
}

fn opened(text: &str) -> (Document, C) {
    let d = link::decode(text.trim()).unwrap_or_else(|e| panic!("a released link no longer opens: {e}"));
    let Body::AxisOfAttack { setup, journal } = d.body.clone() else { panic!("not an Axis of Attack campaign") };
    let c = C::replay(setup, journal).unwrap();
    (d, c)
}

const V2_TEXT: &str = include_str!("fixtures/links/axis-of-attack-v2-sample-played.txt");

#[test]
fn the_version_2_fixture_opens_to_its_position() {
    assert!(V2_TEXT.starts_with("fd2."));
    let (d, c) = opened(V2_TEXT);
    assert_eq!(d.meta.id, "a0a05e7c19d3b264");
    assert_eq!(d.meta.name, "Sample: Axis of Attack");
    assert_eq!(d.meta.updated, 1_763_812_345_678.0);
    assert_eq!(c.setup(), &sample_setup());
    let s = c.state();
    // The last line undid turn 3's table area, which brought it to its force lists.
    assert_eq!((s.turn, s.phase), PINNED_POSITION);
    assert_eq!(s.turns.len(), 2);
    assert_eq!(c.journal().len(), PINNED_LINES);
    assert_eq!(c.journal().iter().filter(|a| matches!(a, Action::Undo)).count(), 3);
    assert_eq!(c.journal().iter().filter(|a| matches!(a, Action::Redo)).count(), PINNED_REDOS);
    assert!(c.can_redo());
    assert_eq!(s.sector.number(), PINNED_SECTOR);
    assert_eq!([s.balance(Side::West), s.balance(Side::East)], PINNED_BALANCES);
    let typed = c.active_entries().flat_map(|e| &e.dice).filter(|r| r.by == Roller::Table).count();
    let all = c.active_entries().map(|e| e.dice.len()).sum::<usize>();
    assert!(typed > 0 && typed < all, "typed and app dice: {typed} of {all} typed");
    assert_eq!(d, fixture_document());
}

// Pinned from the fixture as written.
const PINNED_POSITION: (u32, Phase) = (3, Phase::GameArea);
const PINNED_LINES: usize = 33;
const PINNED_REDOS: usize = 2;
const PINNED_SECTOR: u8 = 5;
const PINNED_BALANCES: [i32; 2] = [6, 2];
