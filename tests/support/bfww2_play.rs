//! Shared steps for the Battlefront: WW2 native suites: play a decision with typed dice,
//! and the Advance to Rostov sample brought to known points of its cycle.

#![allow(dead_code)]

use field_desk::engine::{Campaign, DiceInput};
use field_desk::systems::bfww2_campaign::eligibility::Posture;
use field_desk::systems::bfww2_campaign::sample::{sample_setup, GERMAN, RUSSIAN};
use field_desk::systems::bfww2_campaign::{Bfww2Campaign, Decision as D, Report, Setup};

pub type C = Campaign<Bfww2Campaign>;

pub fn play(c: &mut C, d: D, dice: &[u16]) {
    assert_eq!(c.decide(d.clone(), DiceInput::Typed(dice.to_vec())), Ok(()), "{d:?} should be played");
}

pub fn s(x: &str) -> String {
    x.to_string()
}

pub fn forces(side: u8, elements: &[&str]) -> D {
    hidden_forces(side, elements, &[])
}

/// Forces with the elements that start hidden (deployed beyond spotting distance).
pub fn hidden_forces(side: u8, elements: &[&str], hidden: &[&str]) -> D {
    let ids = |x: &[&str]| x.iter().map(|x| s(x)).collect();
    D::ChooseForces { side, elements: ids(elements), artillery: vec![], aircraft: false, hidden: ids(hidden) }
}

pub fn result(side: u8, me: &str, lost: u16, ko: u16, abandoned: u16) -> D {
    let report =
        Report { lost, afvs_knocked_out: ko, afvs_abandoned: abandoned, enemy_knocked_out: 2, ..Report::default() };
    D::Result { side, me: s(me), report }
}

/// The first scenario of Advance to Rostov to the end of its results: the Russian TB-1 loses
/// four tanks knocked out and one abandoned, MR-1 two stands, the German PZ-1 three tanks.
pub fn through_the_first_battle() -> C {
    through_the_first_battle_of(sample_setup())
}

/// The same first battle on a setup changed from the sample (its points, charts, readings).
pub fn through_the_first_battle_of(setup: Setup) -> C {
    let mut c = C::new(setup).expect("the setup starts");
    play(&mut c, D::RollCpp { side: RUSSIAN }, &[7]);
    play(&mut c, D::RollCpp { side: GERMAN }, &[5]);
    play(&mut c, D::EndRefit { side: RUSSIAN }, &[]);
    play(&mut c, D::EndRefit { side: GERMAN }, &[]);
    play(&mut c, D::RevealPostures, &[]);
    play(&mut c, forces(RUSSIAN, &["TB-1", "MR-1"]), &[]);
    play(&mut c, forces(GERMAN, &["PZ-1"]), &[]);
    play(&mut c, D::EndBattle { turns: 12 }, &[]);
    play(&mut c, result(RUSSIAN, "TB-1", 5, 4, 1), &[]);
    play(&mut c, result(RUSSIAN, "MR-1", 2, 0, 0), &[]);
    play(&mut c, result(GERMAN, "PZ-1", 3, 3, 0), &[]);
    play(&mut c, D::EndResults, &[]);
    c
}

/// From the first battle's cleanup into the second morning's refit (Russians attack), with
/// both CPP rolled and the withdrawal and rating rolls the first battle calls for taken
/// (retained, no change).
pub fn into_the_second_refit(c: &mut C) {
    play(c, D::EndCleanup, &[]);
    play(c, D::ChoosePosture { side: RUSSIAN, posture: Posture::Attack }, &[]);
    play(c, D::ChoosePosture { side: GERMAN, posture: Posture::Defend }, &[]);
    play(c, D::RollCpp { side: RUSSIAN }, &[7]);
    play(c, D::RollCpp { side: GERMAN }, &[5]);
    for d in [D::RollWithdrawal { side: RUSSIAN, me: s("TB-1") }, D::RollWithdrawal { side: GERMAN, me: s("PZ-1") }] {
        if c.check(&d, &[5]).is_ok() {
            play(c, d, &[5]);
        }
    }
    for (side, me) in [(RUSSIAN, "TB-1"), (RUSSIAN, "MR-1"), (GERMAN, "PZ-1")] {
        play(c, D::RollRating { side, me: s(me) }, &[50]);
    }
}
