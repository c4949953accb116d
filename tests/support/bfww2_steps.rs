//! The steps the BFWW2 cycle tests play (`bfww2_cycle.rs`, `bfww2_cycle_refit.rs`) with typed
//! dice on the Advance to Rostov sample. One `check` helper: a list of steps, each with its
//! dice and the refusal expected.
#![allow(dead_code)]

use field_desk::engine::{Action, Campaign, DecideError, DiceInput, Reader};
use field_desk::systems::bfww2_campaign::calendar::Slot;
use field_desk::systems::bfww2_campaign::eligibility::Posture::{self, Defend};
use field_desk::systems::bfww2_campaign::sample::{sample_setup, GERMAN, RUSSIAN};
use field_desk::systems::bfww2_campaign::{Bfww2Campaign, Decision, Phase, Report, RuleError, Setup};

pub type C = Campaign<Bfww2Campaign>;
use Decision as D;

/// One step: the decision, its typed dice, and the refusal expected (`None`: it is played).
pub type Step = (Decision, Vec<u16>, Option<RuleError>);

pub fn ok(d: Decision, dice: &[u16]) -> Step {
    (d, dice.to_vec(), None)
}

pub fn no(d: Decision, dice: &[u16], e: RuleError) -> Step {
    (d, dice.to_vec(), Some(e))
}

/// Plays the steps in order: each is played, or refused with exactly its error.
pub fn check(c: &mut C, steps: Vec<Step>) {
    for (d, dice, want) in steps {
        let got = c.decide(d.clone(), DiceInput::Typed(dice));
        match want {
            None => assert_eq!(got, Ok(()), "{d:?} should be played"),
            Some(e) => assert_eq!(got, Err(DecideError::Rules(e)), "{d:?} should be refused"),
        }
    }
}

pub fn s(x: &str) -> String {
    x.to_string()
}

pub fn cpp(c: &C, side: u8) -> u32 {
    c.state().side(side).cpp.balance()
}

pub fn posture(side: u8, p: Posture) -> Decision {
    D::ChoosePosture { side, posture: p }
}

pub fn forces(side: u8, elements: &[&str], artillery: &[&str], aircraft: bool) -> Decision {
    D::ChooseForces {
        side,
        elements: elements.iter().map(|x| s(x)).collect(),
        artillery: artillery.iter().map(|x| s(x)).collect(),
        aircraft,
        hidden: vec![],
    }
}

pub fn result(side: u8, me: &str, lost: u16, ko: u16, abandoned: u16, enemy_ko: u16) -> Step {
    ok(report(side, me, lost, ko, abandoned, enemy_ko), &[])
}

pub fn report(side: u8, me: &str, lost: u16, ko: u16, abandoned: u16, enemy_ko: u16) -> Decision {
    D::Result {
        side,
        me: s(me),
        report: Report {
            lost,
            afvs_knocked_out: ko,
            afvs_abandoned: abandoned,
            enemy_knocked_out: enemy_ko,
            ..Report::default()
        },
    }
}

/// A day on which both sides defend: postures, CPP rolls with these dice, refit, no battle.
pub fn quiet_day(c: &mut C, cpp_dice: [&[u16]; 2]) {
    if c.state().phase == Phase::Posture {
        check(c, vec![ok(posture(RUSSIAN, Defend), &[]), ok(posture(GERMAN, Defend), &[])]);
    }
    check(c, vec![ok(D::RollCpp { side: RUSSIAN }, cpp_dice[0]), ok(D::RollCpp { side: GERMAN }, cpp_dice[1])]);
    for side in [RUSSIAN, GERMAN] {
        for me in c.state().side(side).roster.iter().filter(|e| e.active()).map(|e| e.me.id.clone()).collect::<Vec<_>>()
        {
            let d = D::RollRating { side, me };
            if c.check(&d, &[50]).is_ok() {
                check(c, vec![ok(d, &[50])]);
            }
        }
    }
    check(c, vec![ok(D::EndRefit { side: RUSSIAN }, &[]), ok(D::EndRefit { side: GERMAN }, &[])]);
    if c.state().phase == Phase::Reveal {
        check(c, vec![ok(D::RevealPostures, &[])]);
    }
    assert_eq!(c.state().phase, Phase::Cleanup, "both defend: no battle, straight to cleanup");
    check(c, vec![ok(D::EndCleanup, &[])]);
}

/// Decisions of `side`'s secret entries that `reader` can read in the history.
pub fn secret_lines_read(c: &C, reader: Reader, side: u8) -> Vec<String> {
    let journal = c.journal();
    c.history_for(reader)
        .into_iter()
        .filter(|l| match &journal[l.of] {
            Action::Decide(e) => {
                e.decision.secret_of() == Some(side)
                    && !matches!(e.decision, D::EndRefit { .. } | D::ChoosePosture { .. })
            }
            _ => false,
        })
        .map(|l| l.text)
        .collect()
}

/// The first day with a short battle and no losses, so later days can be quiet.
pub fn quiet_first_day(c: &mut C) {
    check(
        c,
        vec![
            ok(D::RollCpp { side: RUSSIAN }, &[5]),
            ok(D::RollCpp { side: GERMAN }, &[5]),
            ok(D::EndRefit { side: RUSSIAN }, &[]),
            ok(D::EndRefit { side: GERMAN }, &[]),
            ok(D::RevealPostures, &[]),
            ok(forces(RUSSIAN, &[], &[], false), &[]),
            ok(forces(GERMAN, &[], &[], false), &[]),
            ok(D::EndBattle { turns: 1 }, &[]),
            ok(D::EndResults, &[]),
            ok(D::EndCleanup, &[]),
        ],
    );
}

/// A campaign of one day with a morning and a night scenario.
pub fn night_setup() -> Setup {
    let mut setup = sample_setup();
    setup.days[0].slots = vec![Slot::Morning, Slot::Night];
    setup
}
