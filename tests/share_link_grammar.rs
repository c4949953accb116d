//! Axis of Attack and night scouting coded through their grammars (`engine::Grammar`) by the
//! one generic coder: random legal play from the suites' generators round-trips to the same
//! document, the links stay short, and a cut or changed payload never panics.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/aoa_legal.rs"]
mod aoa_legal;
#[path = "support/payload_fuzz.rs"]
mod payload_fuzz;
#[path = "support/rng.rs"]
mod rng;
#[path = "support/scouting_legal.rs"]
mod scouting_legal;

use field_desk::engine::{Campaign, DiceInput, System};
use field_desk::share::link::{self, LinkError};
use field_desk::share::{Document, Meta};
use field_desk::systems::axis_of_attack::{self, AxisOfAttack};
use field_desk::systems::crossfire_scouting::{self, CrossfireScouting};
use field_desk::systems::AnyCampaign;
use rng::Rng;

fn meta(seed: u64) -> Meta {
    Meta { id: format!("{seed:016x}"), name: format!("Seed {seed}"), created: 1.0, updated: 2.0 + seed as f64 }
}

/// Encodes, decodes, and checks the document and the position.
fn round_trip(d: &Document) -> String {
    let text = link::encode(d);
    let back = link::decode(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&back, d);
    assert_eq!(back.open().unwrap().status(), d.open().unwrap().status());
    text
}

/// Legal play with undos and redos thrown in, as the random suites play.
fn play<S: System>(
    c: &mut Campaign<S>,
    rng: &mut Rng,
    steps: usize,
    over: impl Fn(&Campaign<S>) -> bool,
    mut legal: impl FnMut(&Campaign<S>, &mut Rng) -> S::Decision,
) {
    for _ in 0..steps {
        if over(c) {
            break;
        }
        if rng.one_in(1, 15) && c.can_undo() {
            c.undo();
            if rng.one_in(1, 2) {
                c.redo().unwrap();
            }
            continue;
        }
        let d = legal(c, rng);
        let n = c.dice_for(&d).map_or(0, |s| s.count as usize);
        let input = if rng.one_in(1, 2) { DiceInput::Typed(rng.d6s(n)) } else { DiceInput::App(&mut *rng) };
        c.decide(d, input).unwrap();
    }
}

fn aoa(seed: u64, steps: usize) -> Document {
    let setup = axis_of_attack::sample::sample_setup();
    let mut c = Campaign::<AxisOfAttack>::new(setup.clone()).unwrap();
    let mut rng = Rng::new(seed);
    play(
        &mut c,
        &mut rng,
        steps,
        |c| c.state().phase() == axis_of_attack::Phase::Finished,
        |c, rng| aoa_legal::legal_decision(&setup, c.state(), rng),
    );
    Document::new(meta(seed), &AnyCampaign::AxisOfAttack(c))
}

fn night(seed: u64, steps: usize) -> Document {
    let mut rng = Rng::new(seed);
    let mut setup = crossfire_scouting::sample::sample_setup();
    if seed.is_multiple_of(3) {
        setup.areas[0].name = format!("Area renamed {seed}");
    }
    let mut c = Campaign::<CrossfireScouting>::new(setup).unwrap();
    play(
        &mut c,
        &mut rng,
        steps,
        |c| c.state().phase == crossfire_scouting::Phase::Over,
        |c, rng| scouting_legal::legal(c, rng).unwrap(),
    );
    Document::new(meta(seed), &AnyCampaign::CrossfireScouting(c))
}

#[test]
fn random_axis_of_attack_campaigns_round_trip() {
    for seed in 0..40 {
        let d = aoa(seed, 10 + 4 * seed as usize);
        let text = round_trip(&d);
        // Far shorter than the JSON text of link version 1 (thousands of characters).
        assert!(text.len() < 200 + 15 * d.body.journal_len(), "seed {seed}: {} characters", text.len());
    }
}

#[test]
fn random_nights_round_trip() {
    for seed in 0..60 {
        let d = night(seed, 400);
        let text = round_trip(&d);
        if !seed.is_multiple_of(3) {
            assert!(text.len() < 120 + 4 * d.body.journal_len(), "seed {seed}: {} characters", text.len());
        }
    }
}

#[test]
fn the_sample_setups_cost_one_flag_and_others_travel_whole() {
    let fresh = Document::new(
        meta(1),
        &AnyCampaign::AxisOfAttack(Campaign::new(axis_of_attack::sample::sample_setup()).unwrap()),
    );
    assert!(round_trip(&fresh).len() < 40);
    let mut setup = axis_of_attack::sample::sample_setup();
    setup.players[0].name = "Anna".into();
    let other = Document::new(meta(2), &AnyCampaign::AxisOfAttack(Campaign::new(setup).unwrap()));
    round_trip(&other);
}

/// Every cut of a payload, and a changed byte at every place, decodes to an error or a
/// campaign, never a panic (the checksum is left out: this is what gets past it).
#[test]
fn cut_and_changed_payloads_never_panic() {
    let mut rng = Rng::new(77);
    for d in [aoa(5, 40), night(4, 120), night(6, 60)] {
        let bytes = link::payload(&d);
        payload_fuzz::never_panics(&bytes, &mut rng, 300);
    }
    assert_eq!(link::from_payload(&[]).err(), Some(LinkError::Corrupt));
}
