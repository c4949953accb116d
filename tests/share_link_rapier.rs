//! Rapier Offensive links coded through its grammar (link version 4, system code 4, `fd4.`):
//! the random suite's games (`support/rapier_games.rs`'s `play_grammar`), with undos and redos
//! woven into their journals, round-trip to the same document; play drawn from the grammar alone reaches the end
//! and round-trips (`-- --nocapture` prints how often the rules refused a draw: never a move,
//! a defender move or an entry, nor a draw the grammar cannot use); a cut or changed payload
//! never panics; and the committed links keep opening: a version 4 link of the sample played
//! into its second turn, and a version 1 link of the same campaign as JSON text.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/fixture.rs"]
mod fixture;
#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/payload_fuzz.rs"]
mod payload_fuzz;
#[path = "support/rapier_games.rs"]
mod rapier_games;
#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::{Action, Campaign};
use field_desk::share::link::{self, LinkError};
use field_desk::share::{Document, Meta};
use field_desk::systems::rapier_offensive::sample::{sample_at, sample_setup};
use field_desk::systems::rapier_offensive::setup::READINGS_RESERVE_OVERLAP;
use field_desk::systems::rapier_offensive::{Decision, Phase, RapierOffensive, Setup};
use field_desk::systems::{AnyCampaign, Body};
use grammar_walk::{play_out, Tally};
use rapier_games::C;
use rng::Rng;

fn meta(seed: u64) -> Meta {
    Meta { id: format!("{seed:016x}"), name: format!("Seed {seed}"), created: 1.0, updated: 2.0 + seed as f64 }
}

fn document(meta: Meta, c: C) -> Document {
    Document::new(meta, &AnyCampaign::RapierOffensive(c))
}

/// Encodes, checks the link is grammar-coded, decodes, and checks the document is the same:
/// equal, and once opened (a link leaves each decision's seat to the rules, which replay fills
/// in) the same byte for byte as stored.
fn round_trip(d: &Document) -> String {
    let text = link::encode(d);
    assert!(text.starts_with("fd4."), "not coded through the grammar: {}", &text[..text.len().min(40)]);
    let back = link::decode(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&back, d);
    let opened = Document::new(back.meta.clone(), &back.open().unwrap());
    assert_eq!(opened.to_json(), d.to_json());
    text
}

/// The journal with undos and redos woven in: after some decisions an undo and a redo, an
/// undo and the same decision taken again, or two undos and two redos; sometimes an undo
/// left at the end.
fn with_undos(setup: &Setup, journal: &[Action<Decision>], rng: &mut Rng) -> C {
    let mut out = Vec::new();
    let mut taken = 0;
    for a in journal {
        out.push(a.clone());
        if let Action::Decide(_) = a {
            taken += 1;
        }
        if rng.one_in(1, 25) {
            match rng.below(3) {
                0 => out.extend([Action::Undo, Action::Redo]),
                1 => out.extend([Action::Undo, a.clone()]),
                _ if taken >= 2 => out.extend([Action::Undo, Action::Undo, Action::Redo, Action::Redo]),
                _ => {}
            }
        }
    }
    if rng.one_in(1, 2) {
        out.push(Action::Undo);
    }
    C::replay(setup.clone(), out).expect("undos and redos replay")
}

fn random_games(seeds: impl Iterator<Item = u64>) {
    let start = std::time::Instant::now();
    // Of the games on the sample (the others carry their setup as JSON text).
    let (mut all, mut games, mut chars, mut lines) = (0, 0, 0, 0);
    for seed in seeds {
        all += 1;
        let (setup, c) = rapier_games::play_grammar(seed, 3_000, &mut Tally::default());
        let mut rng = Rng::new(seed ^ 0x5eed);
        let c = with_undos(&setup, c.journal(), &mut rng);
        let n = c.journal().len();
        let d = document(meta(seed), c);
        let text = round_trip(&d);
        if setup == sample_setup() {
            (games, chars, lines) = (games + 1, chars + text.len(), lines + n);
        }
    }
    eprintln!(
        "{all} games in {:?}; the {games} on the sample: {lines} journal lines in {chars} link characters ({:.0} a game, {:.2} a line)",
        start.elapsed(),
        chars as f64 / games as f64,
        chars as f64 / lines as f64
    );
}

/// The random suite's games (with undos and redos) stay grammar-coded links: writing never
/// meets a decision the grammar cannot express. Its first 160 games, and one in twelve of the
/// rest (a round trip is two replays, about 80 ms a game in debug: all 1,000 took 77 s).
#[test]
fn the_random_suites_games_round_trip_through_the_grammar_a() {
    random_games(0..80);
}

#[test]
fn the_random_suites_games_round_trip_through_the_grammar_b() {
    random_games(80..160);
}

#[test]
fn the_rest_of_the_random_suite_sampled_round_trips_through_the_grammar() {
    random_games((160..1000).step_by(12));
}

/// The sample alone costs a flag (as games before `READINGS_FIXED_ENEMY` took it) or a flag
/// and an empty text (under that reading, as new games take it); another setup travels as JSON
/// text inside the coded link.
#[test]
fn fresh_and_other_setups_round_trip() {
    let fresh = document(meta(1), C::new(sample_setup()).unwrap());
    assert!(round_trip(&fresh).len() < 40, "the sample costs a flag and an empty text");
    let before = document(meta(1), C::new(sample_at(READINGS_RESERVE_OVERLAP)).unwrap());
    assert!(round_trip(&before).len() < 40, "the sample of older games costs a flag");
    let other = document(meta(2), C::new(rapier_games::with_options()).unwrap());
    round_trip(&other);
}

#[test]
fn rapier_plays_from_its_grammar() {
    let games = 40;
    let mut tally = Tally::default();
    let mut ended = 0;
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut c = Campaign::<RapierOffensive>::new(sample_setup()).unwrap();
        let over = play_out(&mut c, &mut rng, 3_000, 2_000, &mut tally);
        let over =
            over.unwrap_or_else(|| panic!("seed {seed}: no decision drawn in 2,000 tries at {:?}", c.state().phase));
        ended += usize::from(over);
        round_trip(&document(meta(seed), c));
    }
    tally.print("Rapier Offensive", games, ended);
    assert_eq!(ended, games as usize, "every game reaches its end from the grammar alone");
    // Movement is walked through the rules' own checks: a drawn move, defender move or entry is
    // one the rules take, and a path ends where no further step is allowed.
    for k in ["Move", "DefenderMove", "Enter"] {
        assert_eq!(tally.refused.get(k).copied().unwrap_or(0), 0, "the grammar offered a {k} the rules refuse");
        assert!(tally.accepted.get(k).copied().unwrap_or(0) > 0, "no {k} drawn: the tally says nothing");
    }
    assert_eq!(tally.unusable, 0, "the grammar drew a value it could not use");
}

/// The generator's game of `seed` (`rapier_games::play`) cut after `lines` journal lines.
fn cut_game(seed: u64, lines: usize) -> Document {
    let (setup, c) = rapier_games::play(seed);
    let journal = c.journal()[..lines.min(c.journal().len())].to_vec();
    document(meta(seed), C::replay(setup, journal).unwrap())
}

/// Every cut of a payload, and a changed byte at every place, decodes to an error or a
/// campaign, never a panic (the checksum is left out: this is what gets past it).
#[test]
fn cut_and_changed_payloads_never_panic() {
    let mut rng = Rng::new(78);
    for d in [cut_game(3, 40), cut_game(6, 150), cut_game(9, 400)] {
        let bytes = link::payload(&d);
        payload_fuzz::never_panics(&bytes, &mut rng, 200);
        // Sealed, a changed character or a wrong marker is damage, never a panic.
        let text = link::encode(&d);
        assert_eq!(link::decode(&text.replacen("fd4.", "fd2.", 1)), Err(LinkError::Corrupt));
        assert_eq!(link::decode(&text.replacen("fd4.", "fd1.", 1)), Err(LinkError::Corrupt));
        assert!(matches!(link::decode(&text.replacen("fd4.", "fd3.", 1)), Err(LinkError::Corrupt)));
    }
}

/// The campaign of the fixtures: the sample (seed 6 of `rapier_games::play`, the generator the
/// random suite played before it drew from the grammar) into its second turn's
/// attacker movement, with an undo, an undo and redo, and a last undo.
fn fixture_document() -> Document {
    // The sample as games took it when the fixture was written.
    let (setup, c) = rapier_games::play_in(6, sample_at(READINGS_RESERVE_OVERLAP));
    let mut journal = Vec::new();
    for a in c.journal() {
        let before = C::replay(setup.clone(), journal.clone()).unwrap();
        if before.state().turn == 2 && before.state().phase == Phase::AttackerMovement {
            break;
        }
        journal.push(a.clone());
        if journal.len() == 40 {
            journal.extend([Action::Undo, a.clone(), Action::Undo, Action::Redo]);
        }
    }
    journal.push(Action::Undo);
    let meta = Meta {
        id: "4c1e7a90b23d5f68".into(),
        name: "Sample: Operation Uranus".into(),
        created: 1_763_700_000_000.0,
        updated: 1_763_712_345_678.0,
    };
    document(meta, C::replay(setup, journal).unwrap())
}

const V4_FIXTURE: &str = "tests/fixtures/links/rapier-offensive-v4-sample-played.txt";

/// The version 4 fixture is what Rapier Offensive writes today for `fixture_document`, made
/// anew from play: checked, never rewritten (`support/fixture.rs` says how a new version's
/// fixture is written). The version 1 fixture (JSON text) was written by the app of its day (the
/// writer is in git history); it is only read now.
#[test]
fn the_version_4_fixture_is_what_the_app_writes_for_its_campaign() {
    let text = link::encode(&fixture_document());
    assert!(text.starts_with("fd4."), "Rapier Offensive no longer writes version 4");
    fixture::check_written(V4_FIXTURE, &text);
}

fn opened(text: &str) -> (Document, C) {
    let d = link::decode(text.trim()).unwrap_or_else(|e| panic!("a released link no longer opens: {e}"));
    let Body::RapierOffensive { setup, journal } = d.body.clone() else { panic!("not a Rapier campaign") };
    let c = C::replay(setup, journal).unwrap();
    (d, c)
}

#[test]
fn the_version_4_fixture_opens_to_its_position() {
    let text = include_str!("fixtures/links/rapier-offensive-v4-sample-played.txt");
    assert!(text.starts_with("fd4."));
    let (d, c) = opened(text);
    assert_eq!(d.meta.id, "4c1e7a90b23d5f68");
    assert_eq!(d.meta.name, "Sample: Operation Uranus");
    assert_eq!(d.meta.updated, 1_763_712_345_678.0);
    assert_eq!(c.setup(), &sample_at(READINGS_RESERVE_OVERLAP));
    let s = c.state();
    // The last line undid the first decision of turn 2's attacker movement (the event roll).
    assert_eq!((s.turn, s.phase), (2, Phase::RandomEvent));
    assert_eq!(c.journal().len(), 78);
    assert_eq!(c.journal().iter().filter(|a| matches!(a, Action::Undo)).count(), 3);
    assert_eq!(c.journal().iter().filter(|a| matches!(a, Action::Redo)).count(), 1);
    assert!(c.can_redo());
    assert_eq!(s.record.len(), 1);
    // The same campaign is still written the same way while version 4 is the newest.
    assert_eq!(link::encode(&d), text.trim(), "version 4 now writes this campaign differently");
    assert_eq!(d, fixture_document());
}

#[test]
fn a_version_1_json_text_rapier_link_still_opens() {
    let text = include_str!("fixtures/links/rapier-offensive-v1-json.txt");
    assert!(text.starts_with("fd1."));
    let (d, _) = opened(text);
    // The same campaign as the version 4 fixture, which is now how it is written.
    let (d4, _) = opened(include_str!("fixtures/links/rapier-offensive-v4-sample-played.txt"));
    assert_eq!(d, d4);
    assert!(link::encode(&d).starts_with("fd4."));
}
