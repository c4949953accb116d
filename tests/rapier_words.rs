//! Rapier Offensive's refusals in the players' words: units and divisions by the setup's
//! names, counters by the number the screen gives them (from 1) and by name only once face up.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::System;
use field_desk::systems::rapier_offensive::sample::sample_setup;
use field_desk::systems::rapier_offensive::state::Target;
use field_desk::systems::rapier_offensive::units::Piece;
use field_desk::systems::rapier_offensive::{Decision, RapierOffensive, RuleError};

#[path = "support/rapier.rs"]
mod rapier;
use rapier::*;

fn words(c: &C, e: &RuleError) -> String {
    RapierOffensive::refusal(c.setup(), c.state(), e)
}

#[test]
fn refusals_name_units_and_divisions() {
    let mut c = to_battle(sample_setup());
    ok(&mut c, Decision::RollEvent, &[1]);
    // A tank of the tank corps, no division asset, asked to leave its axis.
    let sideways = Decision::Move { unit: unit(1, 2), path: vec![s(3, 1)], exit: false };
    let e = refused(&mut c, sideways, &[]);
    assert!(matches!(e, RuleError::OffAxis { .. }), "{e:?}");
    assert_eq!(words(&c, &e), "2/19th Tank Bde of 26th Tank Corps is not a division asset: it stays on its axis, A2.");
    ok(&mut c, Decision::Move { unit: unit(0, 1), path: vec![s(1, 2)], exit: false }, &[]);
    let e = refused(&mut c, Decision::Move { unit: unit(0, 1), path: vec![s(1, 1)], exit: false }, &[6]);
    assert_eq!(words(&c, &e), "1/137th Gds of 47th Guards Rifle Division has already moved this turn.");
    assert_eq!(
        words(&c, &RuleError::HeadlessLimit { division: 2, max: 3 }).split(':').next(),
        Some("55th Cavalry Division has no HQ")
    );
    // Without the setup, by number, from 1.
    assert_eq!(e.to_string(), "Unit 2 of division 1 has already moved this turn.");
    for e in [RuleError::AlreadyMoved(unit(2, 10)), RuleError::NotInCorpsReserve(unit(2, 10))] {
        assert!(!words(&c, &e).contains("unit 11"), "{}", words(&c, &e));
        assert!(words(&c, &e).starts_with("Tank Bn of 55th Cavalry Division"));
    }
}

#[test]
fn counters_keep_the_screens_numbers_and_their_secrets() {
    let mut c = to_battle_with(sample_setup(), |counters| {
        counters.iter_mut().find(|(p, _)| *p == Piece::Unit(12)).unwrap().1 = s(1, 2);
    });
    let mortars = counter_of(&c, 12);
    // Face down: a number, the screen's (from 1), and nothing of what it is.
    let e = RuleError::JustRevealed(mortars);
    assert_eq!(
        words(&c, &e),
        format!("Counter {} was revealed this turn and cannot be targeted until the next.", mortars + 1)
    );
    assert_eq!(e.to_string(), words(&c, &e));
    // Face up (the rifles move in on it): its name beside the same number.
    ok(&mut c, Decision::RollEvent, &[1]);
    ok(&mut c, Decision::Move { unit: unit(0, 1), path: vec![s(1, 2)], exit: false }, &[]);
    assert!(words(&c, &e).starts_with(&format!("Mortar Bn (counter {})", mortars + 1)), "{}", words(&c, &e));
    let b = RuleError::BatteryInContact(Target::Counter(mortars));
    assert!(words(&c, &b).starts_with("Mortar Bn"), "{}", words(&c, &b));
}
