//! Night-scouting links: the committed links keep opening to the position they were made
//! from. A version 2 link (system code 2, `fd2.`, the grammar before it was tightened) of the
//! sample played to the end of the night, with undos, a redo, typed and app dice.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/rng.rs"]
mod rng;
#[path = "support/scouting_legal.rs"]
mod scouting_legal;

use field_desk::engine::{Action, Campaign, Roller};
use field_desk::share::link;
use field_desk::share::{Document, Meta};
use field_desk::systems::crossfire_scouting::sample::sample_setup;
use field_desk::systems::crossfire_scouting::{CrossfireScouting, EndReason, FindStatus, Phase, Status};
use field_desk::systems::{AnyCampaign, Body};

type C = Campaign<CrossfireScouting>;

/// The campaign of the fixtures: the sample played to the end of the night by the suites'
/// legal random play (seed 6), with an undo and redo, and an undo and the same decision taken
/// again, woven in.
fn fixture_document() -> Document {
    let night = scouting_legal::night(sample_setup(), 6);
    let mut journal = Vec::new();
    for (i, a) in night.journal().iter().enumerate() {
        journal.push(a.clone());
        if i == 20 {
            journal.extend([Action::Undo, Action::Redo]);
        }
        if i == 45 {
            journal.extend([Action::Undo, a.clone()]);
        }
    }
    let meta = Meta {
        id: "5c0f7a1e9b2d4c68".into(),
        name: "Sample: Night scouting".into(),
        created: 1_763_800_000_000.0,
        updated: 1_763_804_321_987.0,
    };
    Document::new(meta, &AnyCampaign::CrossfireScouting(C::replay(sample_setup(), journal).unwrap()))
}

const V2_FIXTURE: &str = "tests/fixtures/links/crossfire-scouting-v2-sample-played.txt";

/// Writes the link of `fixture_document` as the version 2 fixture. Run once by hand, while
/// version 2 is what night scouting writes: `cargo test --test share_link_scouting
/// write_scouting_v2_fixture -- --ignored`. Never rewrite the fixture of a released version.
#[test]
#[ignore]
fn write_scouting_v2_fixture() {
    let text = link::encode(&fixture_document());
    assert!(text.starts_with("fd2."), "night scouting no longer writes version 2");
    std::fs::write(V2_FIXTURE, format!("{text}\n")).unwrap();
    println!("{V2_FIXTURE}: {} characters", text.len());
    let (_, c) = opened(&text);
    let s = c.state();
    let reported = s.finds.iter().filter(|f| f.status == FindStatus::Reported).count();
    let dead = s.refs().into_iter().filter(|r| s.figure(*r).status == Status::Dead).count();
    println!(
        "{:?} {:?} clock {} rolls {} lines {} finds {} reported {reported} dead {dead}",
        s.phase,
        s.ended,
        s.clock,
        s.clock_rolls,
        c.journal().len(),
        s.finds.len()
    );
}

fn opened(text: &str) -> (Document, C) {
    let d = link::decode(text.trim()).unwrap_or_else(|e| panic!("a released link no longer opens: {e}"));
    let Body::CrossfireScouting { setup, journal } = d.body.clone() else { panic!("not a night-scouting campaign") };
    let c = C::replay(setup, journal).unwrap();
    (d, c)
}

/// The position both fixtures decode to.
fn check_position(d: &Document, c: &C) {
    assert_eq!(d.meta.id, "5c0f7a1e9b2d4c68");
    assert_eq!(d.meta.name, "Sample: Night scouting");
    assert_eq!(d.meta.updated, 1_763_804_321_987.0);
    assert_eq!(c.setup(), &sample_setup());
    let s = c.state();
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.ended, Some(EXPECTED_END));
    assert_eq!((s.clock, s.clock_rolls), EXPECTED_CLOCK);
    assert_eq!(c.journal().len(), EXPECTED_LINES);
    assert_eq!(c.journal().iter().filter(|a| matches!(a, Action::Undo)).count(), 2);
    assert_eq!(c.journal().iter().filter(|a| matches!(a, Action::Redo)).count(), 1);
    let dice: Vec<Roller> = c.active_entries().flat_map(|e| e.dice.iter().map(|r| r.by)).collect();
    assert!(dice.contains(&Roller::App) && dice.contains(&Roller::Table), "typed and app dice");
    let reported = s.finds.iter().filter(|f| f.status == FindStatus::Reported).count();
    assert_eq!((s.finds.len(), reported), EXPECTED_FINDS);
    let dead = s.refs().into_iter().filter(|r| s.figure(*r).status == Status::Dead).count();
    assert_eq!(dead, EXPECTED_DEAD);
    assert_eq!(d, &fixture_document());
}

const EXPECTED_END: EndReason = EndReason::AllDone;
/// 03:00 after ten clock rolls.
const EXPECTED_CLOCK: (u16, u16) = (120, 10);
const EXPECTED_LINES: usize = 90;
/// Six finds, all brought back.
const EXPECTED_FINDS: (usize, usize) = (6, 6);
const EXPECTED_DEAD: usize = 2;

#[test]
fn the_version_2_fixture_opens_to_its_position() {
    let text = include_str!("fixtures/links/crossfire-scouting-v2-sample-played.txt");
    assert!(text.starts_with("fd2."));
    let (d, c) = opened(text);
    check_position(&d, &c);
    // The same campaign is still written the same way while version 2 is what night
    // scouting writes.
    assert_eq!(link::encode(&d), text.trim(), "version 2 now writes this campaign differently");
}
