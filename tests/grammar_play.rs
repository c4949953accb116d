//! Random play drawn from each grammar-coded system's grammar (`tests/support/grammar_walk.rs`):
//! the grammar alone carries a campaign from the sample to its end, every campaign so played
//! round-trips through a link, and no grammar describes a decision the rules refuse (asserted;
//! `cargo test --test native grammar_play:: -- --nocapture` prints the figures). Night scouting's grammar
//! is tight (link code 7): never refused, and its random suite draws from it. Axis of Attack's,
//! tightened with link version 4 (code 6), is never refused (`share_link_aoa.rs`); its random
//! suite draws one run from it, but keeps `support/aoa_legal.rs` for the steps after a game,
//! which the grammar's even chances reach far less often.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::{Campaign, Grammar};
use field_desk::share::link;
use field_desk::share::{Document, Meta};
use field_desk::systems::axis_of_attack::{self, AxisOfAttack};
use field_desk::systems::crossfire_scouting::{self, CrossfireScouting};
use field_desk::systems::race_for_x::{self, RaceForX};
use field_desk::systems::AnyCampaign;
use grammar_walk::{play_out, Tally};
use rng::Rng;

fn meta(seed: u64) -> Meta {
    Meta { id: format!("{seed:016x}"), name: format!("Seed {seed}"), created: 1.0, updated: 2.0 }
}

/// Plays `games` campaigns from `start` through the grammar, each to its end or `max_steps`;
/// checks each round-trips through a link; returns the tally and how many reached the end.
fn check<S: Grammar>(
    games: u64,
    max_steps: usize,
    start: impl Fn() -> Campaign<S>,
    wrap: impl Fn(Campaign<S>) -> AnyCampaign,
) -> (Tally, usize)
where
    S::Decision: std::fmt::Debug,
{
    let mut tally = Tally::default();
    let mut ended = 0;
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut c = start();
        let over = play_out(&mut c, &mut rng, max_steps, 2_000, &mut tally);
        let over =
            over.unwrap_or_else(|| panic!("seed {seed}: no decision drawn in 2,000 tries at step {}", c.steps()));
        ended += usize::from(over);
        let doc = Document::new(meta(seed), &wrap(c));
        let text = link::encode(&doc);
        let back = link::decode(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back, doc, "seed {seed}: the link changed the campaign");
    }
    (tally, ended)
}

fn report(name: &str, games: u64, (t, ended): &(Tally, usize)) {
    t.print(name, games, *ended);
}

#[test]
fn axis_of_attack_plays_from_its_grammar() {
    let start = || Campaign::<AxisOfAttack>::new(axis_of_attack::sample::sample_setup()).unwrap();
    let out = check(40, 400, start, AnyCampaign::AxisOfAttack);
    report("Axis of Attack", 40, &out);
    assert_eq!(out.1, 40, "every campaign reaches its end from the grammar alone");
    // The grammar of link version 4 (code 6) offers only what the rules accept.
    assert_eq!(out.0.total_refused(), 0, "the grammar offered decisions the rules refuse: {:?}", out.0.refused);
    // (Draws the grammar itself turns down, such as the random chooser's empty texts, are
    // counted as unusable, not as refused by the rules.)
    assert!(out.0.total_accepted() > 40 * 20, "{:?}", out.0.accepted);
}

#[test]
fn night_scouting_plays_from_its_grammar() {
    let start = || Campaign::<CrossfireScouting>::new(crossfire_scouting::sample::sample_setup()).unwrap();
    let out = check(40, 400, start, AnyCampaign::CrossfireScouting);
    report("Night scouting", 40, &out);
    assert_eq!(out.1, 40, "every night reaches its end from the grammar alone");
    // The tight grammar (link code 7) offers only what the rules accept.
    assert_eq!(out.0.total_refused(), 0, "the grammar offered a decision the rules refuse");
    assert_eq!(out.0.unusable, 0, "the grammar drew a value it could not use");
}

/// Race for X's grammar (link version 4's tight coding, `systems/race_for_x/grammar.rs`)
/// offers only what the rules allow: the units fielded are walked one by one, each forced in or
/// out when only one way can still end in a set the rules accept (`forces::completable`), and
/// a note with nothing in it is refused by the grammar itself. The random chooser draws texts
/// from a list holding "", so some draws of a note end there: counted as unusable (the chooser
/// gave a value the grammar cannot use), never as refused by the rules. Drawn at random,
/// outcomes keep the race going for hundreds of turns, past what a link carries, so each
/// campaign plays 600 steps (`check` asserts each step finds a lawful draw). Link version 1's
/// grammar (`grammar_v1::GrammarV1`, reading `fd1.` links) was refused 16.7 % of its draws
/// (forces against the HQ deployment rule, empty notes).
#[test]
fn race_for_x_plays_from_its_grammar() {
    let start = || Campaign::<RaceForX>::new(race_for_x::sample::sample_setup()).unwrap();
    let out = check(40, 600, start, AnyCampaign::RaceForX);
    report("Race for X", 40, &out);
    assert_eq!(out.0.total_refused(), 0, "refused: {:?}", out.0.refused);
    assert!(out.0.accepted.get("FieldForces").is_some_and(|&n| n > 0), "{:?}", out.0.accepted);
}
