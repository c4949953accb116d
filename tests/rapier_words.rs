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

/// Rolls every throw of this turn's ground combat at `face`, the umpire naming any losses as
/// the first lawful set, to the end of the turn.
fn fight_out(c: &mut C, face: u16) {
    use field_desk::systems::rapier_offensive::{combat, Phase};
    while c.state().phase == Phase::GroundCombat {
        if let Some(call) = combat::loss_call(c.state()) {
            let pick: Vec<Target> = call.must.iter().chain(call.open.iter()).copied().fold(Vec::new(), |mut v, t| {
                if v.len() < call.kills && !v.contains(&t) {
                    v.push(t);
                }
                v
            });
            ok(c, Decision::AllocateLosses { losses: pick }, &[]);
            continue;
        }
        let n = c.dice_for(&Decision::CombatRoll).unwrap().count as usize;
        ok(c, Decision::CombatRoll, &vec![face; n]);
    }
}

#[test]
fn the_umpire_sees_how_many_losses_to_name_and_who_goes_first() {
    use field_desk::systems::rapier_offensive::combat::{check_losses, loss_call};
    use field_desk::systems::rapier_offensive::Phase;
    // Turn 1: two rifle battalions into A1 L2 (the defending HQ and a fortification); the SMG
    // Bn, assault troops, up from the reserve to A1 L1; every die misses.
    let mut c = to_battle(sample_setup());
    ok(&mut c, Decision::RollEvent, &[1]);
    for u in [1, 2] {
        ok(&mut c, Decision::Move { unit: unit(0, u), path: vec![s(1, 2)], exit: false }, &[]);
    }
    let smg = unit(0, 10);
    ok(&mut c, Decision::Enter { unit: smg, sector: s(1, 1) }, &[]);
    to_ground_combat(&mut c);
    fight_out(&mut c, 1);
    ok(&mut c, Decision::ClearMinefields, &[]);
    ok(&mut c, Decision::EndTurn, &[]);
    // Turn 2: the SMG Bn joins them; the defender's first two dice both hit.
    ok(&mut c, Decision::RollEvent, &[1]);
    ok(&mut c, Decision::Move { unit: smg, path: vec![s(1, 2)], exit: false }, &[]);
    to_ground_combat(&mut c);
    assert_eq!(c.state().phase, Phase::GroundCombat);
    assert!(loss_call(c.state()).is_none(), "nothing to name before the throw");
    let n = c.dice_for(&Decision::CombatRoll).unwrap().count as usize;
    ok(&mut c, Decision::CombatRoll, &vec![6; n]);
    let call = loss_call(c.state()).expect("the umpire names two of three");
    assert_eq!(call.kills, 2);
    assert_eq!(call.first, vec![Target::Unit(smg)], "the assault troops rolled two dice: first");
    assert_eq!(call.must, vec![Target::Unit(smg)]);
    assert_eq!(call.open.len(), 3);
    // A pick leaving out the assault troops is refused before the press, in words.
    let without = [Target::Unit(unit(0, 1)), Target::Unit(unit(0, 2))];
    let e = check_losses(c.state(), &without).unwrap_err();
    assert_eq!(e, RuleError::WrongLosses { kills: 2 });
    assert!(check_losses(c.state(), &[Target::Unit(smg), Target::Unit(unit(0, 1))]).is_ok());
    assert_eq!(refused(&mut c, Decision::AllocateLosses { losses: without.to_vec() }, &[]), e);
}

#[test]
fn a_headless_division_counts_its_moves_against_half_its_units() {
    use field_desk::systems::rapier_offensive::movement::headless_moves;
    use field_desk::systems::rapier_offensive::state::Place;
    let c = to_battle(sample_setup());
    assert_eq!(headless_moves(c.setup(), c.state(), 1), None, "with its HQ, no limit");
    // The tank corps without its HQ: 16 units left, 8 may move; one tank has moved.
    let mut st = c.state().clone();
    let hq = st.index_of(unit(1, 0)).unwrap();
    st.units[hq].place = Place::Killed;
    let tank = st.index_of(unit(1, 1)).unwrap();
    st.units[tank].moved = true;
    assert_eq!(headless_moves(c.setup(), &st, 1), Some((1, 8, 16)));
}

#[test]
fn shares_events_and_expected_kills_in_words() {
    use field_desk::systems::rapier_offensive::tables::{event_words, share_words, Event};
    assert_eq!(share_words(11, 16), "11 of 16 (68.75%)");
    assert_eq!(share_words(14, 16), "14 of 16 (87.5%)");
    assert_eq!(share_words(17, 17), "17 of 17 (100%)");
    assert_eq!(share_words(0, 17), "0 of 17 (0%)");
    // Not exact in two decimals: cut, never rounded up across a level, and said so.
    assert_eq!(share_words(6, 7), "6 of 7 (about 85.71%)");
    assert_eq!(share_words(2, 3), "2 of 3 (about 66.66%)");
    assert_eq!(event_words(Event::ThickFog, true), "Thick fog");
    assert_eq!(event_words(Event::ThickFog, false), "The fog lifts");
    assert_eq!(event_words(Event::ExtraAmmo, true), "Attacker extra ammunition (fog)");
    // A pre-battle fire mission on A1 L2's four counters: 4 x 1/6.
    let mut c = to_trps(sample_setup(), |_| {});
    ok(&mut c, Decision::PlotTrps { sectors: [s(1, 3), s(2, 3), s(3, 4), s(4, 2)] }, &[]);
    let p = c.preview(&Decision::FireMission { sector: s(1, 2) }).unwrap();
    let n = c.state().counter_count(s(1, 2));
    let note = p.note.unwrap();
    assert!(note.contains(&format!("Expected: {:.2} counters destroyed.", n as f64 / 6.0)), "{note}");
    // Every pool from none to twelve dice, each killing on any face: as float formatting rounds.
    use field_desk::systems::rapier_offensive::preview::expected;
    for n in 0..=12usize {
        for kill in 1..=7u16 {
            let kills = vec![kill; n];
            let sixths: u64 = kills.iter().map(|&k| 7 - k as u64).sum();
            assert_eq!(expected(&kills, "hits"), format!("Expected: {:.2} hits.", sixths as f64 / 6.0));
        }
    }
}
