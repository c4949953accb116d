//! The Battlefront: WW2 campaign's whole-campaign links, coded through its grammar (system
//! code 5, marked `fd4.`): the random suite's campaigns (drawn from the grammar, with undos
//! and redos) round-trip to the same documents and never fall back to JSON text; random play
//! drawn from the grammar alone round-trips too, none of its draws refused; cut
//! and changed payloads never panic; a committed link of the sample opens to a pinned
//! position, and a link of the JSON text link version 1 wrote for BFWW2 still opens.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/fixture.rs"]
mod fixture;
#[path = "support/bfww2_gen.rs"]
mod gen;
#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/payload_fuzz.rs"]
mod payload_fuzz;
#[path = "support/bfww2_play.rs"]
mod play;
#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::{Action, Campaign};
use field_desk::share::link::{self, LinkError};
use field_desk::share::{Document, Meta};
use field_desk::systems::bfww2_campaign::sample::{sample_setup, sample_setup_read_by, RUSSIAN};
use field_desk::systems::bfww2_campaign::setup::SECOND_READINGS;
use field_desk::systems::bfww2_campaign::{Bfww2Campaign, Decision, Phase};
use field_desk::systems::{AnyCampaign, Body};
use grammar_walk::{play_out, Tally};
use rng::Rng;

type C = Campaign<Bfww2Campaign>;

const V4_FIXTURE: &str = "tests/fixtures/links/bfww2-campaign-v4-sample-played.txt";
const V1_FIXTURE: &str = "tests/fixtures/links/bfww2-campaign-v1-json.txt";

fn meta(seed: u64) -> Meta {
    Meta { id: format!("{seed:016x}"), name: format!("Seed {seed}"), created: 1.0, updated: 2.0 + seed as f64 }
}

fn doc(seed: u64, c: &C) -> Document {
    Document::new(meta(seed), &AnyCampaign::Bfww2Campaign(c.clone()))
}

/// Encodes and decodes: the same document, through the grammar (`fd4.`), not JSON text.
fn round_trip(d: &Document) -> String {
    let text = link::encode(d);
    assert!(text.starts_with("fd4."), "not coded through the grammar: {}", &text[..text.len().min(40)]);
    let back = link::decode(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&back, d, "the link changed the campaign");
    text
}

/// The random suite's play (a setup from `support/bfww2_gen.rs`, every decision drawn from the
/// grammar and accepted by the rules), with undos, and redos while something is undone;
/// stopped at the end or, in one campaign of three, at some step on the way.
fn random_campaign(seed: u64) -> C {
    let mut r = Rng::new(seed);
    let setup = if seed.is_multiple_of(5) { sample_setup() } else { gen::random_setup(&mut r) };
    let mut c = C::new(setup.clone()).expect("a random setup starts");
    let stop = if seed.is_multiple_of(3) { r.range(1, 150) } else { usize::MAX };
    let mut tries = 0;
    while c.state().phase != Phase::Over && c.steps() < stop {
        tries += 1;
        assert!(tries < 5_000, "seed {seed}: stuck at {:?}", c.state().phase);
        if r.one_in(1, 40) && c.can_undo() {
            c.undo();
            continue;
        }
        if c.can_redo() && r.one_in(1, 3) {
            c.redo().unwrap();
            continue;
        }
        grammar_walk::legal_step(&mut c, &mut r, &[], 2_000, &mut Tally::default());
    }
    c
}

#[test]
fn the_random_suites_campaigns_round_trip_through_the_grammar() {
    let (mut undos, mut redos, mut chars, mut lines) = (0, 0, 0, 0);
    for seed in 0..300 {
        let c = random_campaign(seed);
        let d = doc(seed, &c);
        chars += round_trip(&d).len();
        lines += c.journal().len();
        undos += c.journal().iter().filter(|a| matches!(a, Action::Undo)).count();
        redos += c.journal().iter().filter(|a| matches!(a, Action::Redo)).count();
    }
    assert!(undos > 100 && redos > 30, "undos {undos}, redos {redos}");
    println!("300 random campaigns: {lines} lines ({undos} undos, {redos} redos), {chars} characters of links");
}

/// Random play from the sample, each decision drawn from the grammar (`support/grammar_walk.rs`),
/// to the end or 1,500 decisions, `games` campaigns; every campaign round-trips. Prints how
/// often a draw was one the rules refused, and returns the tally and how many ended.
fn grammar_play(games: u64) -> (Tally, usize) {
    let mut tally = Tally::default();
    let mut ended = 0;
    for seed in 0..games {
        let mut rng = Rng::new(1000 + seed);
        let mut c = C::new(sample_setup()).unwrap();
        let over = play_out(&mut c, &mut rng, 1_500, 2_000, &mut tally);
        ended += usize::from(over.unwrap_or_else(|| panic!("seed {seed}: nothing drawn at {:?}", c.state().phase)));
        round_trip(&doc(seed, &c));
    }
    tally.print("BFWW2", games, ended);
    (tally, ended)
}

#[test]
fn play_drawn_from_the_grammar_round_trips() {
    let (_, ended) = grammar_play(30);
    assert!(ended > 0, "some campaign reaches its end from the grammar alone");
}

/// The grammar offers only what the rules allow: forces within the scenario's limits and the
/// artillery that may fire, purchases the chart's limits allow and the side can pay for (extra
/// CPP included), smoke rolls and pre-registered points due and paid for, elements that may
/// combine, repairs the rules let be tried, escapes of as many as may escape at once, removals
/// of places not tried yet. Drawn from the grammar, the rules never refuse a decision of any
/// kind (a refusal here means the grammar loosened again, or the rules changed without it).
#[test]
fn decisions_drawn_from_the_grammar_are_never_refused() {
    let (tally, _) = grammar_play(30);
    assert_eq!(tally.total_refused(), 0, "drawn beyond what the rules allow: {:?}", tally.refused);
    for k in ["ChooseForces", "Reinforce", "BuyArtillery", "BuyFpp", "RemoveObstacle", "RollEscape", "RepairArmour"] {
        assert!(tally.accepted.get(k).copied().unwrap_or(0) > 4, "{k} hardly drawn: {tally:?}");
    }
}

/// Every cut of a payload, and a changed bit at every byte, decodes to an error or a campaign
/// that opens, never a panic (the checksum is left out: this is what gets past it).
#[test]
fn cut_and_changed_payloads_never_panic() {
    let mut rng = Rng::new(55);
    let docs = [doc(0, &sample_played()), doc(5, &random_campaign(5)), doc(7, &random_campaign(7))];
    for d in &docs {
        let bytes = link::payload(d);
        payload_fuzz::never_panics(&bytes, &mut rng, 200);
        // Sealed: a changed character is damage.
        let text = link::encode(d);
        let mut damaged = text.clone().into_bytes();
        let at = damaged.len() - 3;
        damaged[at] = if damaged[at] == b'A' { b'B' } else { b'A' };
        assert_eq!(link::decode(std::str::from_utf8(&damaged).unwrap()), Err(LinkError::Corrupt));
    }
}

/// The Advance to Rostov sample through its first scenario cycle (typed dice): the first
/// battle, its cleanup, the second morning's postures and refit rolls; then a CPP purchase
/// of FPP undone.
fn sample_played() -> C {
    // The sample as the fixtures were written from it, under the second readings (what link
    // version 4's "the sample" flag names; the sample plays by later readings now).
    let mut c = play::through_the_first_battle_of(sample_setup_read_by(SECOND_READINGS));
    play::into_the_second_refit(&mut c);
    play::play(&mut c, Decision::BuyFpp { side: RUSSIAN, rg: "F".into(), count: 1 }, &[]);
    c.undo();
    c
}

fn fixture_meta() -> Meta {
    Meta {
        id: "5b2e8f0c91a4d736".into(),
        name: "Sample: Advance to Rostov".into(),
        created: 1_763_700_000_000.0,
        updated: 1_763_712_345_678.0,
    }
}

fn sample_played_doc() -> Document {
    Document::new(fixture_meta(), &AnyCampaign::Bfww2Campaign(sample_played()))
}

/// What the fixtures pin: the second scenario's refit, with the first battle's losses.
fn check_position(d: &Document) {
    let Body::Bfww2Campaign { setup, journal } = &d.body else { panic!("a BFWW2 campaign") };
    assert_eq!(*setup, sample_setup_read_by(SECOND_READINGS));
    assert_eq!(journal.len(), 23, "{journal:?}");
    assert_eq!(journal.last(), Some(&Action::Undo));
    let AnyCampaign::Bfww2Campaign(c) = d.open().expect("replays") else { panic!("a BFWW2 campaign") };
    let s = c.state();
    assert_eq!((s.scenario, s.day, s.phase), (2, 1, Phase::Refit));
    assert_eq!(s.calendar.len(), 1);
    assert_eq!(s.calendar[0].turns, Some(12));
    let tb1 = s.side(RUSSIAN).element("TB-1").unwrap();
    assert_eq!((tb1.me.stands, tb1.wrecks, tb1.abandoned), (5, 4, 1));
    assert!(c.can_redo(), "the purchase undone can be redone");
}

/// The version 4 fixture is what Battlefront: WW2 writes today for `sample_played_doc`, made
/// anew from play: checked, never rewritten (`support/fixture.rs` says how a new version's
/// fixture is written). The version 1 fixture (JSON text) is only read now.
#[test]
fn the_version_4_fixture_is_what_the_app_writes_for_its_campaign() {
    let text = link::encode(&sample_played_doc());
    assert!(text.starts_with("fd4."), "Battlefront: WW2 no longer writes version 4");
    fixture::check_written(V4_FIXTURE, &text);
}

#[test]
fn the_committed_version_4_link_opens_to_its_position() {
    let text = std::fs::read_to_string(V4_FIXTURE).unwrap();
    assert!(text.starts_with("fd4."));
    let d = link::decode(text.trim()).unwrap_or_else(|e| panic!("a released link no longer opens: {e}"));
    assert_eq!(d.meta, fixture_meta());
    check_position(&d);
    // The campaign as played today makes the same link: the coding is fixed.
    assert_eq!(d, sample_played_doc());
    assert_eq!(link::encode(&d), text.trim(), "version 4 now writes this campaign differently");
}

/// Made by `link::encode` of the app before link version 4 (BFWW2 as JSON text, code 1):
/// the same campaign, which now travels as `fd4.`.
#[test]
fn a_version_1_json_text_link_still_opens() {
    let text = std::fs::read_to_string(V1_FIXTURE).unwrap();
    assert!(text.starts_with("fd1."));
    let d = link::decode(text.trim()).unwrap_or_else(|e| panic!("a released link no longer opens: {e}"));
    check_position(&d);
    assert_eq!(d, sample_played_doc());
    let now = link::encode(&d);
    assert!(now.starts_with("fd4.") && now.len() * 4 < text.trim().len(), "{} against {}", now.len(), text.len());
}

#[test]
fn a_fresh_sample_costs_a_few_characters() {
    let d = Document::new(fixture_meta(), &AnyCampaign::Bfww2Campaign(C::new(sample_setup()).unwrap()));
    let text = round_trip(&d);
    assert!(text.len() < 60, "{} characters: {text}", text.len());
    // The sample under the second readings, as link version 4 first named it (its flag), and
    // under today's (its readings' number): both a few characters.
    let old = Document::new(
        fixture_meta(),
        &AnyCampaign::Bfww2Campaign(C::new(sample_setup_read_by(SECOND_READINGS)).unwrap()),
    );
    let old_text = round_trip(&old);
    assert!(old_text.len() < text.len() && text.len() < old_text.len() + 8, "{old_text} against {text}");
    // Another setup travels whole, still through the grammar.
    let mut setup = sample_setup();
    setup.sides[0].name = "Soviet 25th Tank Corps".into();
    round_trip(&Document::new(fixture_meta(), &AnyCampaign::Bfww2Campaign(C::new(setup).unwrap())));
}
