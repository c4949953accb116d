//! Night-scouting links. Written through the tight grammar (system code 7, `fd4.`): play
//! drawn from the grammar alone is never refused by the rules, reaches the end of the night and
//! round-trips (`-- --nocapture` prints the figures); a cut or changed payload of either code
//! never panics. The committed links keep opening to the position they were made from: a
//! version 2 link (code 2, `fd2.`, the first, loose grammar, now only read) and a version 4
//! link of the same campaign, the sample played to the end of the night with undos, a redo,
//! typed and app dice.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/fixture.rs"]
mod fixture;
#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/payload_fuzz.rs"]
mod payload_fuzz;
#[path = "support/rng.rs"]
mod rng;
#[path = "support/scouting_legal.rs"]
mod scouting_legal;

use field_desk::engine::{Action, Campaign, Roller};
use field_desk::share::link::{self, LinkError};
use field_desk::share::{Document, Meta};
use field_desk::systems::crossfire_scouting::sample::sample_setup;
use field_desk::systems::crossfire_scouting::{
    Area, CrossfireScouting, EndReason, FindStatus, Phase, Quality, Scout, Sentries, Setup, Status, Team,
};
use field_desk::systems::{AnyCampaign, Body};
use grammar_walk::{play_out, Tally};
use rng::Rng;

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

const V4_FIXTURE: &str = "tests/fixtures/links/crossfire-scouting-v4-sample-played.txt";

/// The version 4 fixture is what night scouting writes today for `fixture_document`, made
/// anew from play: checked, never rewritten (`support/fixture.rs` says how a new version's
/// fixture is written). The version 2 fixture was written by the app that released version 2
/// (the writer is in git history); it is only read now.
#[test]
fn the_version_4_fixture_is_what_the_app_writes_for_its_campaign() {
    let text = link::encode(&fixture_document());
    assert!(text.starts_with("fd4."), "night scouting no longer writes version 4");
    fixture::check_written(V4_FIXTURE, &text);
    let (d, c) = opened(&text);
    check_position(&d, &c);
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
    // Written now through the tight grammar: the version 4 fixture.
    let v4 = include_str!("fixtures/links/crossfire-scouting-v4-sample-played.txt");
    assert_eq!(link::encode(&d), v4.trim());
}

#[test]
fn the_version_4_fixture_opens_to_its_position() {
    let text = include_str!("fixtures/links/crossfire-scouting-v4-sample-played.txt");
    assert!(text.starts_with("fd4."));
    let (d, c) = opened(text);
    check_position(&d, &c);
    // The same campaign is still written the same way while version 4 is the newest.
    assert_eq!(link::encode(&d), text.trim(), "version 4 now writes this campaign differently");
    // Shorter than the loose grammar's link.
    let v2 = include_str!("fixtures/links/crossfire-scouting-v2-sample-played.txt");
    assert!(text.trim().len() < v2.trim().len());
}

fn meta(seed: u64) -> Meta {
    Meta { id: format!("{seed:016x}"), name: format!("Seed {seed}"), created: 1.0, updated: 2.0 + seed as f64 }
}

/// Encodes, checks the link is written through the tight grammar, decodes, and checks the
/// document is the same, and the same byte for byte once opened.
fn round_trip(d: &Document) -> String {
    let text = link::encode(d);
    assert!(text.starts_with("fd4."), "not coded through the grammar: {}", &text[..text.len().min(40)]);
    let back = link::decode(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&back, d);
    let opened = Document::new(back.meta.clone(), &back.open().unwrap());
    assert_eq!(opened.to_json(), d.to_json());
    text
}

/// A small setup of its own (more teams, few areas, some on the own edge, all in the open but
/// one), where areas run out and figures wait with nowhere to go.
fn cramped() -> Setup {
    let team = |t: usize, n: usize| Team {
        name: format!("Team {t}"),
        leader: Scout::new(&format!("L{t}"), Quality::Green, t == 0),
        scouts: (0..n).map(|s| Scout::new(&format!("S{t}.{s}"), Quality::Veteran, false)).collect(),
    };
    Setup {
        teams: vec![team(0, 3), team(1, 0), team(2, 2)],
        sentries: Sentries { quality: Quality::Veteran, trained: true },
        areas: vec![Area::new("Lane", false, true), Area::new("Barn", true, false), Area::new("Yard", false, false)],
        origin: None,
    }
}

/// Night scouting played from its grammar alone: the rules never refuse a draw, nor does the
/// grammar draw a value it cannot use; every night ends, and round-trips as an `fd4.` link.
#[test]
fn night_scouting_plays_from_its_tight_grammar() {
    let games = 120;
    let mut tally = Tally::default();
    let mut ended = 0;
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let setup = if seed % 2 == 0 { sample_setup() } else { cramped() };
        let mut c = Campaign::<CrossfireScouting>::new(setup).unwrap();
        let over = play_out(&mut c, &mut rng, 2_000, 1, &mut tally);
        let over = over.unwrap_or_else(|| panic!("seed {seed}: the rules refused a draw at {:?}", c.state().phase));
        ended += usize::from(over);
        round_trip(&Document::new(meta(seed), &AnyCampaign::CrossfireScouting(c)));
    }
    tally.print("Night scouting (tight grammar)", games, ended);
    let r = tally.total_refused();
    println!("  taken: {:?}", tally.accepted);
    assert_eq!(ended, games as usize, "every night reaches its end from the grammar alone");
    assert_eq!(r, 0, "the grammar offered a decision the rules refuse");
    assert_eq!(tally.unusable, 0, "the grammar drew a value it could not use");
}

/// Every cut of a payload, and a changed byte at every place, of a link of either code decodes
/// to an error or a campaign, never a panic (the checksum is left out: this is what gets past
/// it). Sealed, a changed marker is damage.
#[test]
fn cut_and_changed_payloads_never_panic() {
    let mut rng = Rng::new(79);
    for text in [
        include_str!("fixtures/links/crossfire-scouting-v2-sample-played.txt"),
        include_str!("fixtures/links/crossfire-scouting-v4-sample-played.txt"),
    ] {
        let bytes = link::unseal(text.trim()).unwrap();
        payload_fuzz::never_panics(&bytes, &mut rng, 200);
    }
    let v4 = include_str!("fixtures/links/crossfire-scouting-v4-sample-played.txt").trim();
    assert_eq!(link::decode(&v4.replacen("fd4.", "fd2.", 1)), Err(LinkError::Corrupt));
    assert_eq!(link::decode(&v4.replacen("fd4.", "fd1.", 1)), Err(LinkError::Corrupt));
    let v2 = include_str!("fixtures/links/crossfire-scouting-v2-sample-played.txt").trim();
    assert_eq!(link::decode(&v2.replacen("fd2.", "fd4.", 1)), Err(LinkError::Corrupt));
}
