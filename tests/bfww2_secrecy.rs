//! Battlefront: WW2 secrecy beyond the refit: the battle's results (public, as the table saw
//! them) against what the refit makes of them (the side's own), hidden units, and the
//! umpire-only historical chart. Each is checked in the other side's view, the table's, and
//! the seat link each seat would be sent.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{Campaign, DiceInput, Reader};
use field_desk::systems::bfww2_campaign::sample::{sample_setup, GERMAN, RUSSIAN};
use field_desk::systems::bfww2_campaign::seats::{seat, UMPIRE};
use field_desk::systems::bfww2_campaign::tables::CombatRecord;
use field_desk::systems::bfww2_campaign::{Bfww2Campaign, Decision, Phase, Report};

type C = Campaign<Bfww2Campaign>;
use Decision as D;

fn play(c: &mut C, d: Decision, dice: &[u16]) {
    assert_eq!(c.decide(d.clone(), DiceInput::Typed(dice.to_vec())), Ok(()), "{d:?} should be played");
}

fn s(x: &str) -> String {
    x.to_string()
}

fn forces(side: u8, elements: &[&str]) -> Decision {
    D::ChooseForces { side, elements: elements.iter().map(|x| s(x)).collect(), artillery: vec![], aircraft: false }
}

fn result(side: u8, me: &str, lost: u16, ko: u16, abandoned: u16) -> Decision {
    let report =
        Report { lost, afvs_knocked_out: ko, afvs_abandoned: abandoned, enemy_knocked_out: 2, ..Report::default() };
    D::Result { side, me: s(me), report }
}

/// The first scenario of Advance to Rostov to the end of its results: the Russian TB-1 loses
/// four tanks knocked out and one abandoned.
fn through_the_first_battle() -> C {
    let mut c = C::new(sample_setup()).expect("the sample starts");
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

fn others(side: u8) -> [Reader; 2] {
    [None, Some(seat(1 - side))]
}

#[test]
fn battle_results_are_public_but_the_wrecks_awaiting_repair_are_the_sides_own() {
    let c = through_the_first_battle();
    assert_eq!(c.state().phase, Phase::Cleanup);
    let own = c.view(Some(seat(RUSSIAN)));
    let tb1 = own.side(RUSSIAN).element("TB-1").unwrap();
    assert_eq!((tb1.me.stands, tb1.wrecks, tb1.abandoned, tb1.afvs_lost_last), (5, 4, 1, 5));
    assert_eq!(tb1.record.lost, 5);
    assert_eq!(c.view(Some(UMPIRE)), *c.state(), "the umpire sees everything");
    for reader in others(RUSSIAN) {
        let v = c.view(reader);
        let seen = v.side(RUSSIAN).element("TB-1").expect("what took the field is seen");
        assert_eq!((seen.me.stands, seen.me.vehicles), (5, 5), "{reader:?} saw the survivors on the table");
        assert_eq!((seen.wrecks, seen.abandoned, seen.repair_tried, seen.afvs_lost_last), (0, 0, 0, 0));
        assert_eq!(seen.record, CombatRecord::default(), "{reader:?} reads the Russian rating record");
        // The results as entered are public: the table saw them.
        assert!(v.reports.iter().any(|r| r.0 == RUSSIAN && r.1 == "TB-1" && r.2.afvs_knocked_out == 4));
        let link = c.seat_view(reader);
        assert_eq!(link.state, v, "the seat link carries the seat's view");
        assert!(link.history.iter().any(|l| l.text.contains("TB-1")), "the result line is public");
    }
}

#[test]
fn a_secret_repair_does_not_show_in_the_other_sides_view_of_the_next_battle() {
    let mut c = through_the_first_battle();
    play(&mut c, D::EndCleanup, &[]);
    play(
        &mut c,
        D::ChoosePosture { side: RUSSIAN, posture: field_desk::systems::bfww2_campaign::eligibility::Posture::Attack },
        &[],
    );
    play(
        &mut c,
        D::ChoosePosture { side: GERMAN, posture: field_desk::systems::bfww2_campaign::eligibility::Posture::Defend },
        &[],
    );
    play(&mut c, D::RollCpp { side: RUSSIAN }, &[7]);
    play(&mut c, D::RollCpp { side: GERMAN }, &[5]);
    // The rolls the first battle calls for, each the side's secret: retained, no rating change.
    for d in [D::RollWithdrawal { side: RUSSIAN, me: s("TB-1") }, D::RollWithdrawal { side: GERMAN, me: s("PZ-1") }] {
        if c.check(&d, &[5]).is_ok() {
            play(&mut c, d, &[5]);
        }
    }
    for (side, me) in [(RUSSIAN, "TB-1"), (RUSSIAN, "MR-1"), (GERMAN, "PZ-1")] {
        play(&mut c, D::RollRating { side, me: s(me) }, &[50]);
    }
    play(&mut c, D::EndRefit { side: RUSSIAN }, &[]);
    play(&mut c, D::EndRefit { side: GERMAN }, &[]);
    play(&mut c, D::RevealPostures, &[]);
    play(&mut c, forces(RUSSIAN, &["TB-1"]), &[]);
    play(&mut c, forces(GERMAN, &["PZ-1"]), &[]);
    assert_eq!(c.state().side(RUSSIAN).element("TB-1").unwrap().wrecks, 4, "no repair in this sample's morning");
    for reader in others(RUSSIAN) {
        let seen = c.view(reader).side(RUSSIAN).element("TB-1").unwrap().clone();
        assert_eq!((seen.wrecks, seen.abandoned, seen.record), (0, 0, CombatRecord::default()));
    }
    for reader in others(GERMAN) {
        let seen = c.view(reader).side(GERMAN).element("PZ-1").unwrap().clone();
        assert_eq!((seen.wrecks, seen.record), (0, CombatRecord::default()));
    }
}
