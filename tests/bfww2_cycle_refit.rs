//! The Battlefront: WW2 refit's examples played with typed dice on the Advance to Rostov
//! sample: combining, the German O3 with smoke and pre-registered points, fortifications
//! bought, revealed and removed, the odds before the rating and repair rolls. The whole cycle
//! is in `bfww2_cycle.rs`; the steps' helpers in `support/bfww2_steps.rs`.
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/bfww2_steps.rs"]
mod steps;

use field_desk::engine::Chance;
use field_desk::systems::bfww2_campaign::charts::LimitProblem;
use field_desk::systems::bfww2_campaign::eligibility::Posture::{Attack, Defend};
use field_desk::systems::bfww2_campaign::sample::{sample_setup, GERMAN, RUSSIAN};
use field_desk::systems::bfww2_campaign::seats::seat;
use field_desk::systems::bfww2_campaign::tables::Ammo;
use field_desk::systems::bfww2_campaign::{Decision, Obstacle, Rating, RuleError};
use steps::*;
use Decision as D;

#[test]
fn combining_follows_the_texts_examples() {
    for (a, b, want) in [
        (Rating::Experienced, Rating::Experienced, Rating::Trained),
        (Rating::Veteran, Rating::Experienced, Rating::Experienced),
        (Rating::Raw, Rating::Raw, Rating::Raw),
        (Rating::Elite, Rating::Raw, Rating::Veteran),
    ] {
        assert_eq!(Rating::combined(a, b), want, "{a:?} + {b:?}");
    }
}

#[test]
fn artillery_smoke_and_preregistered_points_in_a_two_scenario_day() {
    // The O3 may be called three to a scenario here, two a day: the day limit binds.
    let mut setup = night_setup();
    setup.sides[GERMAN as usize].rg_chart.iter_mut().find(|r| r.id == "O3").unwrap().per_scenario = 3;
    setup.sides[GERMAN as usize].cpp = 10;
    let mut c = C::new(setup).unwrap();
    let o3 = |count: u8| D::BuyArtillery { side: GERMAN, rg: s("O3"), count };
    check(
        &mut c,
        vec![
            ok(D::RollCpp { side: RUSSIAN }, &[5]),
            ok(D::RollCpp { side: GERMAN }, &[10]),
            ok(o3(3), &[]),
            no(
                D::Preregister { side: GERMAN, rg: s("O3"), points: 7 },
                &[],
                RuleError::Limit(LimitProblem::TooManyPreregistered { limit: 2 }),
            ),
            ok(D::Preregister { side: GERMAN, rg: s("O3"), points: 1 }, &[]),
            // Smoke: 6 + 0 = 6, two missions (one roll per module bought).
            ok(D::RollSmoke { side: GERMAN, rg: s("O3"), extra_cpp: 0 }, &[6]),
            ok(D::EndRefit { side: RUSSIAN }, &[]),
            ok(D::EndRefit { side: GERMAN }, &[]),
            ok(D::RevealPostures, &[]),
            no(
                forces(GERMAN, &[], &["O3", "O3", "O3"], false),
                &[],
                RuleError::Limit(LimitProblem::DayLimit { limit: 2, already: 2 }),
            ),
            ok(forces(GERMAN, &[], &["O3", "O3"], false), &[]),
            ok(forces(RUSSIAN, &[], &[], false), &[]),
            ok(D::EndBattle { turns: 3 }, &[]),
            ok(D::EndResults, &[]),
            ok(D::EndCleanup, &[]),
            ok(posture(RUSSIAN, Defend), &[]),
            ok(posture(GERMAN, Attack), &[]),
            ok(D::RollCpp { side: RUSSIAN }, &[5]),
            ok(D::RollCpp { side: GERMAN }, &[5]),
            // With more than one scenario a day, artillery is bought in the morning only.
            no(o3(1), &[], RuleError::Limit(LimitProblem::ObaOnlyInMorning)),
            ok(D::EndRefit { side: RUSSIAN }, &[]),
            ok(D::EndRefit { side: GERMAN }, &[]),
            ok(D::RevealPostures, &[]),
            // The two fired this morning fire again tonight without counting again.
            ok(forces(GERMAN, &[], &["O3", "O3"], false), &[]),
        ],
    );
    let b = c.state().side(GERMAN).battery("O3").unwrap().clone();
    assert_eq!((b.stock.held, b.stock.used_today, b.smoke_missions, b.preregistered), (3, 2, 2, 1));
    assert_eq!(cpp(&c, GERMAN), 10 + 14 + 10 - 15 - 1, "10 - 2 gives 14, 5 - 2 gives 10");
}

#[test]
fn fortifications_are_secret_until_revealed_and_may_be_removed() {
    let mut c = C::new(sample_setup()).unwrap();
    check(
        &mut c,
        vec![
            ok(D::RollCpp { side: RUSSIAN }, &[10]),
            ok(D::RollCpp { side: GERMAN }, &[5]),
            ok(D::BuyFpp { side: RUSSIAN, rg: s("F"), count: 2 }, &[]),
            ok(D::BuyFortification { side: RUSSIAN, kind: s("Wire"), place: s("Farm") }, &[]),
            no(
                D::BuyFortification { side: RUSSIAN, kind: s("Moat"), place: s("Farm") },
                &[],
                RuleError::UnknownFortification(s("Moat")),
            ),
            ok(D::EndRefit { side: RUSSIAN }, &[]),
            ok(D::EndRefit { side: GERMAN }, &[]),
            ok(D::RevealPostures, &[]),
            ok(forces(RUSSIAN, &[], &[], false), &[]),
            ok(forces(GERMAN, &[], &[], false), &[]),
        ],
    );
    assert!(c.state().side(RUSSIAN).forts[0].placed, "placed at the next setup");
    assert!(c.view(Some(seat(GERMAN))).side(RUSSIAN).forts.is_empty());
    check(
        &mut c,
        vec![
            ok(D::EndBattle { turns: 9 }, &[]),
            ok(D::EndResults, &[]),
            ok(D::RevealFortification { side: RUSSIAN, index: 0 }, &[]),
            ok(D::EndCleanup, &[]),
        ],
    );
    assert_eq!(c.view(Some(seat(GERMAN))).side(RUSSIAN).forts[0].kind, "Wire");
    // The German removes it: 5 - 2 (wire near the MLR) + 1 (engineers) = 4 would fail; 7 succeeds.
    let removal = |mods: Vec<_>| D::RemoveObstacle { side: GERMAN, obstacle: Obstacle::Wire, place: s("Farm"), mods };
    use field_desk::systems::bfww2_campaign::tables::RemovalMod::{ThreeEngineerSquads, WireOrMinefieldNearMlr};
    let p = c.preview(&removal(vec![WireOrMinefieldNearMlr, ThreeEngineerSquads])).unwrap();
    assert_eq!(p.total_modifier(), -1);
    assert_eq!(p.odds, vec![(s("No effect"), Chance::new(6, 10)), (s("Eliminated"), Chance::new(4, 10))]);
    check(
        &mut c,
        vec![
            ok(posture(RUSSIAN, Defend), &[]),
            ok(posture(GERMAN, Attack), &[]),
            ok(D::RollCpp { side: RUSSIAN }, &[5]),
            ok(D::RollCpp { side: GERMAN }, &[5]),
            no(removal(vec![]), &[7], RuleError::Balance { what: "FPP", cost: 1, balance: 0 }),
            ok(D::BuyFpp { side: GERMAN, rg: s("F"), count: 1 }, &[]),
            ok(removal(vec![WireOrMinefieldNearMlr, ThreeEngineerSquads]), &[7]),
            // One attempt per item and place.
            no(removal(vec![]), &[9], RuleError::RemovalTried { what: s("Wire"), place: s("Farm") }),
        ],
    );
    assert!(c.state().side(RUSSIAN).forts.is_empty());
    assert_eq!(c.state().side(GERMAN).fpp.balance(), 1);
}

#[test]
fn odds_before_the_rating_and_repair_rolls() {
    let mut c = C::new(sample_setup()).unwrap();
    quiet_first_day(&mut c);
    // TB-1 fought with no losses and knocked out three enemy stands: +3 on the percentile.
    let mut c2 = C::new(sample_setup()).unwrap();
    check(
        &mut c2,
        vec![
            ok(D::RollCpp { side: RUSSIAN }, &[5]),
            ok(D::RollCpp { side: GERMAN }, &[5]),
            ok(D::EndRefit { side: RUSSIAN }, &[]),
            ok(D::EndRefit { side: GERMAN }, &[]),
            ok(D::RevealPostures, &[]),
            ok(forces(RUSSIAN, &["TB-1"], &[], false), &[]),
            ok(forces(GERMAN, &["PZ-1"], &[], false), &[]),
            ok(D::EndBattle { turns: 5 }, &[]),
            result(RUSSIAN, "TB-1", 0, 0, 0, 3),
            result(GERMAN, "PZ-1", 3, 2, 1, 0),
            ok(D::EndResults, &[]),
        ],
    );
    let repair =
        |abandoned| D::RepairArmour { side: GERMAN, me: s("PZ-1"), abandoned, in_minefield: false, spend_cpp: true };
    // 1 CPP spent +3, abandoned +1: 5 or more on a d10 repairs.
    let p = c2.preview(&repair(true)).unwrap();
    assert_eq!(p.total_modifier(), 4);
    assert_eq!(p.odds, vec![(s("No effect"), Chance::new(4, 10)), (s("Repaired"), Chance::new(6, 10))]);
    check(&mut c2, vec![ok(D::EndCleanup, &[]), ok(posture(RUSSIAN, Defend), &[]), ok(posture(GERMAN, Defend), &[])]);
    check(&mut c2, vec![ok(D::RollCpp { side: RUSSIAN }, &[5])]);
    let p = c2.preview(&D::RollRating { side: RUSSIAN, me: s("TB-1") }).unwrap();
    assert_eq!(p.total_modifier(), 3);
    assert_eq!(p.odds, vec![(s("Trained"), Chance::new(97, 100)), (s("Experienced"), Chance::new(3, 100))]);
    // Sides that do not exist are refused, never a panic; the preview has nothing to show.
    check(
        &mut c,
        vec![
            no(D::RollCpp { side: 2 }, &[], RuleError::UnknownSide(2)),
            no(D::SetAmmo { side: 7, me: s("TB-1"), ammo: Ammo::Out }, &[], RuleError::UnknownSide(7)),
        ],
    );
    assert!(c.preview(&D::RollRating { side: 3, me: s("TB-1") }).is_none());
}
