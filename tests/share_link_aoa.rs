//! Axis of Attack links coded through its grammar. Since link version 4 (system code 6, `fd4.`)
//! the grammar offers only what the rules take: play drawn from it alone reaches the end of
//! every campaign and the rules refuse none of its draws (`-- --nocapture` prints the figures);
//! a cut or changed payload never panics; and the committed links keep opening to the positions
//! they held: a version 2 link (system code 3, `fd2.`, read through the old grammar) of the
//! sample played into its third turn, with undos and redos, typed and app dice, and the version
//! 4 link of the same campaign.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/aoa_legal.rs"]
mod aoa_legal;
#[path = "support/fixture.rs"]
mod fixture;
#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/payload_fuzz.rs"]
mod payload_fuzz;
#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::{Action, Campaign, DiceInput, Roller};
use field_desk::share::link::{self, LinkError};
use field_desk::share::{Document, Meta};
use field_desk::systems::axis_of_attack::company::SECOND_READINGS;
use field_desk::systems::axis_of_attack::sample::{sample_setup, sample_setup_read_by};
use field_desk::systems::axis_of_attack::{AxisOfAttack, Phase, Side};
use field_desk::systems::{AnyCampaign, Body};
use grammar_walk::{play_out, Tally};
use rng::Rng;

type C = Campaign<AxisOfAttack>;

/// The campaign of the fixtures: the sample played by the suites' legal random play (seed 5)
/// until turn 3's force lists, half the dice typed and half the app's; the 12th decision undone
/// and redone, the 20th (a roll) undone and taken again, its dice given back as a redo, and the last undone.
fn fixture_document() -> Document {
    // The sample as it was then: issue 8's readings.
    let setup = sample_setup_read_by(SECOND_READINGS);
    let mut c = C::new(setup.clone()).unwrap();
    let mut rng = Rng::new(5);
    let mut taken = 0;
    while !(c.state().turn == 3 && c.state().phase() == Phase::Forces) {
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

const V4_FIXTURE: &str = "tests/fixtures/links/axis-of-attack-v4-sample-played.txt";

/// The version 4 fixture is what Axis of Attack writes today for `fixture_document`, made anew
/// from play: checked, never rewritten (`support/fixture.rs` says how a new version's fixture is
/// written). The version 2 fixture was written by the app that released version 2 (the writer
/// is in git history); it is only read now, and opens to `fixture_document` (below).
#[test]
fn the_version_4_fixture_is_what_the_app_writes_for_its_campaign() {
    let text = link::encode(&fixture_document());
    assert!(text.starts_with("fd4."), "Axis of Attack no longer writes version 4");
    fixture::check_written(V4_FIXTURE, &text);
}

fn opened(text: &str) -> (Document, C) {
    let d = link::decode(text.trim()).unwrap_or_else(|e| panic!("a released link no longer opens: {e}"));
    let Body::AxisOfAttack { setup, journal } = d.body.clone() else { panic!("not an Axis of Attack campaign") };
    let c = C::replay(setup, journal).unwrap();
    (d, c)
}

const V2_TEXT: &str = include_str!("fixtures/links/axis-of-attack-v2-sample-played.txt");
const V4_TEXT: &str = include_str!("fixtures/links/axis-of-attack-v4-sample-played.txt");

#[test]
fn the_version_4_fixture_opens_to_the_same_campaign() {
    assert!(V4_TEXT.starts_with("fd4."));
    let (d, c) = opened(V4_TEXT);
    let (d2, _) = opened(V2_TEXT);
    assert_eq!(d, d2, "the version 2 and 4 links hold the same campaign");
    let s = c.state();
    assert_eq!((s.turn, s.phase()), PINNED_POSITION);
    assert_eq!(c.journal().len(), PINNED_LINES);
    assert_eq!([s.balance(Side::West), s.balance(Side::East)], PINNED_BALANCES);
    // Written now, the campaign of either link is this link, shorter than version 2's.
    assert_eq!(link::encode(&d2), V4_TEXT.trim(), "version 4 now writes this campaign differently");
    assert!(V4_TEXT.trim().len() < V2_TEXT.trim().len());
}

/// A link opens only under the marker written for its system code: version 2's campaign under
/// `fd4.`, or version 4's under `fd2.`, is damage.
#[test]
fn each_version_opens_only_under_its_own_marker() {
    assert_eq!(link::decode(&V2_TEXT.trim().replacen("fd2.", "fd4.", 1)), Err(LinkError::Corrupt));
    assert_eq!(link::decode(&V4_TEXT.trim().replacen("fd4.", "fd2.", 1)), Err(LinkError::Corrupt));
    assert_eq!(link::decode(&V4_TEXT.trim().replacen("fd4.", "fd1.", 1)), Err(LinkError::Corrupt));
}

#[test]
fn the_version_2_fixture_opens_to_its_position() {
    assert!(V2_TEXT.starts_with("fd2."));
    let (d, c) = opened(V2_TEXT);
    assert_eq!(d.meta.id, "a0a05e7c19d3b264");
    assert_eq!(d.meta.name, "Sample: Axis of Attack");
    assert_eq!(d.meta.updated, 1_763_812_345_678.0);
    assert_eq!(c.setup(), &sample_setup_read_by(SECOND_READINGS), "the sample as it was then");
    let s = c.state();
    // The last line undid turn 3's table area, which brought it to its force lists.
    assert_eq!((s.turn, s.phase()), PINNED_POSITION);
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

fn meta(seed: u64) -> Meta {
    Meta { id: format!("{seed:016x}"), name: format!("Seed {seed}"), created: 1.0, updated: 2.0 + seed as f64 }
}

/// The sample played from the grammar alone: every campaign to its end, the rules refusing none
/// of the grammar's draws; each round-trips as an `fd4.` link.
#[test]
fn axis_of_attack_plays_from_its_tight_grammar() {
    let games = 60;
    let mut tally = Tally::default();
    let mut ended = 0;
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut c = C::new(sample_setup()).unwrap();
        let over = play_out(&mut c, &mut rng, 2_000, 50, &mut tally);
        let over =
            over.unwrap_or_else(|| panic!("seed {seed}: no decision drawn in 50 tries at {:?}", c.state().phase()));
        ended += usize::from(over);
        let d = Document::new(meta(seed), &AnyCampaign::AxisOfAttack(c));
        let text = link::encode(&d);
        assert!(text.starts_with("fd4."), "seed {seed}: not coded through the grammar");
        assert_eq!(link::decode(&text), Ok(d), "seed {seed}: the link changed the campaign");
    }
    tally.print("Axis of Attack", games, ended);
    let (a, r) = (tally.total_accepted(), tally.total_refused());
    for (k, n) in &tally.accepted {
        println!("  taken {k}: {n}");
    }
    assert_eq!(ended, games as usize, "every campaign reaches its end from the grammar alone");
    assert_eq!(r, 0, "the grammar offered a decision the rules refuse: {:?}", tally.refused);
    // The only draws the grammar cannot use are texts of spaces alone (a note, a new platoon's
    // name), which the rules refuse and the chooser may draw.
    assert!(tally.unusable * 50 < a, "{} unusable draws of {a}", tally.unusable);
    for k in [
        "RollMission",
        "AdjustMission",
        "ChangeMission",
        "ChooseArea",
        "SubmitForce",
        "RollWeather",
        "Note",
        "Concede",
        "RecordResult",
        "RecordCasualties",
        "Reinforce",
        "TopUp",
        "ExchangeSupport",
        "DoneExchanging",
    ] {
        assert!(tally.accepted.get(k).copied().unwrap_or(0) > 0, "no {k} drawn: {:?}", tally.accepted);
    }
}

/// Every cut of a payload, and a changed byte at every place, decodes to an error or a
/// campaign, never a panic: the fixture's campaign, and longer ones of the suites' random play.
#[test]
fn cut_and_changed_payloads_never_panic() {
    let mut rng = Rng::new(66);
    let (fixture, _) = opened(V4_TEXT);
    let played = |turns, seed| {
        let c = aoa_legal::sample_after(turns, seed);
        Document::new(meta(seed), &AnyCampaign::AxisOfAttack(c))
    };
    for d in [fixture, played(2, 3), played(9, 4)] {
        let bytes = link::payload(&d);
        payload_fuzz::never_panics(&bytes, &mut rng, 100);
    }
}
