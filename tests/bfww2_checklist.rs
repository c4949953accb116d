//! Battlefront: WW2 checklist boxes no other suite could fail on, found in walking the
//! checklist box by box (`docs/bfww2-checklist.md`: each box, its code and its test).

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::DecideError;
use field_desk::systems::bfww2_campaign::eligibility::Posture;
use field_desk::systems::bfww2_campaign::sample::{sample_setup, GERMAN, RUSSIAN};
use field_desk::systems::bfww2_campaign::seats::seat;
use field_desk::systems::bfww2_campaign::{Decision, Rating, Report, RuleError};

#[path = "support/bfww2_play.rs"]
mod play;
use play::*;
use Decision as D;

fn lost(side: u8, me: &str, lost: u16) -> D {
    D::Result { side, me: s(me), report: Report { lost, ..Report::default() } }
}

/// Breakpoints (25 / 50 / 75%): reckoned from the stands at the day's start, shown to each
/// reader from the rules (the roster draws `breakpoints` and `breakpoint_reached`), and
/// reckoned afresh the next morning.
#[test]
fn breakpoints_and_the_one_reached_come_from_the_rules_and_start_afresh_each_morning() {
    let mut c = through_the_first_battle();
    let tb1 = c.state().side(RUSSIAN).element("TB-1").unwrap().clone();
    assert_eq!((tb1.strength, tb1.lost(), tb1.breakpoints()), (10, 5, [3, 5, 8]));
    assert_eq!(tb1.breakpoint_reached(), Some(50), "5 of 10 lost reaches 50%, not 75%");
    let mr1 = c.state().side(RUSSIAN).element("MR-1").unwrap().clone();
    assert_eq!((mr1.lost(), mr1.breakpoints(), mr1.breakpoint_reached()), (2, [3, 6, 9], None));
    // The German reads the same breakpoints of what took the field.
    let seen = c.view(Some(seat(GERMAN))).side(RUSSIAN).element("TB-1").unwrap().clone();
    assert_eq!((seen.breakpoints(), seen.breakpoint_reached()), ([3, 5, 8], Some(50)));
    // The next morning: no losses, breakpoints of the 5 left.
    into_the_second_refit(&mut c);
    let tb1 = c.state().side(RUSSIAN).element("TB-1").unwrap().clone();
    assert_eq!((tb1.strength, tb1.breakpoints(), tb1.breakpoint_reached()), (5, [2, 3, 4], None));
}

/// Combining: two experienced elements of one class and type, each with half its stands lost,
/// make one trained element (one worse than the better), one command stand kept, breakpoints
/// reckoned afresh; the absorbed one leaves the roster. Played through the decision.
#[test]
fn two_experienced_elements_combine_into_a_trained_one_through_the_refit() {
    let mut setup = sample_setup();
    let german = &mut setup.sides[GERMAN as usize];
    german.roster.iter_mut().find(|m| m.id == "PG-1").unwrap().rating = Rating::Experienced;
    let mut c = C::new(setup).expect("the setup starts");
    play(&mut c, D::RollCpp { side: RUSSIAN }, &[5]);
    play(&mut c, D::RollCpp { side: GERMAN }, &[5]);
    play(&mut c, D::EndRefit { side: RUSSIAN }, &[]);
    play(&mut c, D::EndRefit { side: GERMAN }, &[]);
    play(&mut c, D::RevealPostures, &[]);
    play(&mut c, forces(RUSSIAN, &["MR-1"]), &[]);
    play(&mut c, forces(GERMAN, &["PG-1", "PG-2"]), &[]);
    play(&mut c, D::EndBattle { turns: 12 }, &[]);
    play(&mut c, lost(RUSSIAN, "MR-1", 0), &[]);
    play(&mut c, lost(GERMAN, "PG-1", 6), &[]);
    play(&mut c, lost(GERMAN, "PG-2", 7), &[]);
    play(&mut c, D::EndResults, &[]);
    play(&mut c, D::EndCleanup, &[]);
    play(&mut c, D::ChoosePosture { side: RUSSIAN, posture: Posture::Attack }, &[]);
    play(&mut c, D::ChoosePosture { side: GERMAN, posture: Posture::Defend }, &[]);
    play(&mut c, D::RollCpp { side: GERMAN }, &[5]);
    // The rating rolls first (50: no change, whatever the casualties).
    play(&mut c, D::RollRating { side: GERMAN, me: s("PG-1") }, &[50]);
    play(&mut c, D::RollRating { side: GERMAN, me: s("PG-2") }, &[50]);
    let combine = |into: &str, from: &str| D::Combine { side: GERMAN, into: s(into), from: s(from) };
    // PZ-1 lost nothing and is armour: it combines with neither.
    assert_eq!(c.check(&combine("PG-1", "PZ-1"), &[]), Err(DecideError::Rules(RuleError::NoCombine)));
    play(&mut c, combine("PG-1", "PG-2"), &[]);
    let st = c.state().side(GERMAN);
    let pg1 = st.element("PG-1").unwrap();
    assert_eq!(pg1.rating(), Rating::Trained, "experienced and experienced make trained");
    assert_eq!((pg1.me.stands, pg1.strength, pg1.full), (10, 10, 10), "6 + 5 stands, one command stand kept");
    assert_eq!((pg1.lost(), pg1.breakpoints()), (0, [3, 5, 8]), "breakpoints reckoned afresh");
    assert!(!st.element("PG-2").unwrap().active(), "the absorbed element leaves the roster");
    assert_eq!(st.had("PG"), 2, "and still counts against its row's campaign total");
}
