//! Battlefront: WW2 secrecy beyond the refit: the battle's results (public, as the table saw
//! them) against what the refit makes of them (the side's own), hidden units, and the
//! umpire-only historical chart. Each is checked in the other side's view, the table's, and
//! the seat link each seat would be sent.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{DecideError, Reader};
use field_desk::systems::bfww2_campaign::sample::{sample_setup, GERMAN, RUSSIAN};
use field_desk::systems::bfww2_campaign::seats::{seat, UMPIRE};
use field_desk::systems::bfww2_campaign::tables::{CombatRecord, HistoricalDrm, Status};
use field_desk::systems::bfww2_campaign::{Decision, Phase, RuleError};

#[path = "support/bfww2_play.rs"]
mod play;
use play::*;
use Decision as D;

/// The lines `reader` reads that name `what`.
fn naming(c: &C, reader: Reader, what: &str) -> usize {
    c.history_for(reader).iter().filter(|l| l.text.contains(what)).count()
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
    into_the_second_refit(&mut c);
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

#[test]
fn a_repair_in_cleanup_does_not_show_the_enemy_a_stand_more_until_the_next_battle() {
    // Germans repair armour in 1942; in this sample's one-scenario days, in the cleanup.
    let mut c = through_the_first_battle();
    let stands = |c: &C, reader: Reader| {
        let v = c.view(reader);
        let e = v.side(GERMAN).element("PZ-1").unwrap();
        (e.me.stands, e.me.vehicles)
    };
    let before = others(GERMAN).map(|r| stands(&c, r));
    assert_eq!(before, [(6, 6); 2], "9 tanks, 3 knocked out, as the table saw them");
    let repair =
        D::RepairArmour { side: GERMAN, me: s("PZ-1"), abandoned: false, in_minefield: false, spend_cpp: false };
    play(&mut c, repair.clone(), &[9]);
    play(&mut c, repair, &[10]);
    assert_eq!(stands(&c, Some(seat(GERMAN))), (8, 8), "two tanks are back with the German");
    for reader in others(GERMAN) {
        assert_eq!(stands(&c, reader), (6, 6), "{reader:?} sees the repaired tanks");
        let link = c.seat_view(reader);
        let e = link.state.side(GERMAN).element("PZ-1").unwrap().clone();
        assert_eq!((e.me.stands, e.me.vehicles), (6, 6), "{reader:?}'s seat link tells the repairs");
        assert!(link.history.iter().all(|l| !l.text.contains("repair")), "{reader:?} reads a repair line");
    }
    // A failed escape is seen (the table sees it); the repair still is not.
    play(&mut c, D::SetStatus { side: GERMAN, me: s("PZ-1"), status: Status::Isolated, stands: 1 }, &[]);
    play(&mut c, D::RollEscape { side: GERMAN, me: s("PZ-1"), vehicle: true, group: 1, mods: vec![] }, &[1]);
    assert_eq!(stands(&c, Some(seat(GERMAN))), (7, 7));
    assert_eq!(others(GERMAN).map(|r| stands(&c, r)), [(5, 5); 2]);
    // The next battle shows PZ-1 as it takes the field.
    into_the_second_refit(&mut c);
    play(&mut c, D::EndRefit { side: RUSSIAN }, &[]);
    play(&mut c, D::EndRefit { side: GERMAN }, &[]);
    play(&mut c, D::RevealPostures, &[]);
    play(&mut c, forces(RUSSIAN, &["TB-1"]), &[]);
    play(&mut c, forces(GERMAN, &["PZ-1"]), &[]);
    assert_eq!(others(GERMAN).map(|r| stands(&c, r)), [(7, 7); 2], "on the table the repaired tanks are seen");
}

#[test]
fn hidden_units_stay_unseen_until_spotted_and_forces_are_secret_until_the_battle() {
    let mut c = through_the_first_battle();
    into_the_second_refit(&mut c);
    play(&mut c, D::EndRefit { side: RUSSIAN }, &[]);
    play(&mut c, D::EndRefit { side: GERMAN }, &[]);
    play(&mut c, D::RevealPostures, &[]);
    // A hidden element must be one fielded, named once.
    for (d, e) in [
        (hidden_forces(RUSSIAN, &["TB-1"], &["MR-1"]), RuleError::NotFielded(s("MR-1"))),
        (hidden_forces(RUSSIAN, &["TB-1", "MR-1"], &["MR-1", "MR-1"]), RuleError::NotFieldable(s("MR-1"))),
    ] {
        assert_eq!(c.check(&d, &[]), Err(DecideError::Rules(e)));
    }
    let before = others(RUSSIAN).map(|r| naming(&c, r, "MR-1"));
    play(&mut c, hidden_forces(RUSSIAN, &["TB-1", "MR-1"], &["MR-1"]), &[]);
    // Before the battle the German (and the table) reads nothing of the Russian forces.
    for reader in others(RUSSIAN) {
        let v = c.view(reader);
        assert!(v.side(RUSSIAN).roster.is_empty() && v.side(RUSSIAN).forces.as_ref().unwrap().elements.is_empty());
    }
    assert_eq!(others(RUSSIAN).map(|r| naming(&c, r, "MR-1")), before, "the other side reads the forces");
    assert!(c.history_for(Some(seat(RUSSIAN))).iter().any(|l| l.text.contains("starting hidden MR-1")));
    play(&mut c, forces(GERMAN, &["PZ-1"]), &[]);
    assert_eq!(c.state().phase, Phase::Battle);
    let ids = |c: &C, r: Reader| c.view(r).side(RUSSIAN).roster.iter().map(|e| e.me.id.clone()).collect::<Vec<_>>();
    for reader in others(RUSSIAN) {
        assert_eq!(ids(&c, reader), [s("TB-1")], "{reader:?} sees TB-1 on the table, not the hidden MR-1");
        assert_eq!(c.seat_view(reader).state, c.view(reader));
    }
    assert_eq!(ids(&c, Some(seat(RUSSIAN))).len(), 4, "the Russian reads its whole roster");
    // The umpire spots it: from now on the German sees it; spotting it again is refused.
    assert_eq!(
        c.check(&D::Spot { side: RUSSIAN, me: s("TB-1") }, &[]),
        Err(DecideError::Rules(RuleError::NotHidden(s("TB-1"))))
    );
    play(&mut c, D::Spot { side: RUSSIAN, me: s("MR-1") }, &[]);
    assert_eq!(ids(&c, Some(seat(GERMAN))), [s("TB-1"), s("MR-1")]);
    assert!(c.history_for(Some(seat(GERMAN))).iter().any(|l| l.text.contains("MR-1 is spotted")));
}

#[test]
fn the_result_of_an_element_never_spotted_stays_its_sides() {
    let mut c = through_the_first_battle();
    into_the_second_refit(&mut c);
    play(&mut c, D::EndRefit { side: RUSSIAN }, &[]);
    play(&mut c, D::EndRefit { side: GERMAN }, &[]);
    play(&mut c, D::RevealPostures, &[]);
    play(&mut c, hidden_forces(RUSSIAN, &["TB-1", "MR-1"], &["MR-1"]), &[]);
    play(&mut c, forces(GERMAN, &["PZ-1"]), &[]);
    let before = others(RUSSIAN).map(|r| naming(&c, r, "MR-1"));
    play(&mut c, D::EndBattle { turns: 11 }, &[]);
    play(&mut c, result(RUSSIAN, "TB-1", 0, 0, 0), &[]);
    play(&mut c, result(RUSSIAN, "MR-1", 1, 0, 0), &[]);
    play(&mut c, result(GERMAN, "PZ-1", 0, 0, 0), &[]);
    for reader in others(RUSSIAN) {
        let v = c.view(reader);
        assert!(v.reports.iter().all(|r| r.1 != "MR-1"), "{reader:?} reads MR-1's result");
    }
    assert_eq!(others(RUSSIAN).map(|r| naming(&c, r, "MR-1")), before, "the other side reads MR-1's result");
    let link = |r: Reader| c.seat_view(r).history.iter().filter(|l| l.text.contains("MR-1")).count();
    assert_eq!(others(RUSSIAN).map(link), before, "a seat link carries MR-1's result");
    assert!(c.history_for(Some(seat(RUSSIAN))).iter().any(|l| l.text.contains("MR-1")));
    assert!(c.history_for(Some(UMPIRE)).iter().any(|l| l.text.contains("MR-1")));
}

#[test]
fn the_historical_modifier_chart_is_the_umpires_each_side_reads_its_own_column() {
    let c = through_the_first_battle();
    let setup = c.setup();
    assert_ne!(setup.days[0].drm[GERMAN as usize], HistoricalDrm::Drm(0), "the sample's German 23 December is -2");
    for side in [RUSSIAN, GERMAN] {
        let own = c.seat_view(Some(seat(side))).setup;
        let other = 1 - side as usize;
        for (d, full) in own.days.iter().zip(&setup.days) {
            assert_eq!(d.drm[side as usize], full.drm[side as usize], "a side reads its own column");
            assert_eq!(d.drm[other], HistoricalDrm::Drm(0), "the other column is the umpire's");
        }
    }
    let table = c.seat_view(None).setup;
    assert!(table.days.iter().all(|d| d.drm == [HistoricalDrm::Drm(0); 2]));
    assert_eq!(c.seat_view(Some(UMPIRE)).setup, *setup);
}

#[test]
fn no_public_link_even_before_the_first_roll_the_sides_get_seat_links() {
    // The setup alone holds each side's roster, charts, starting points and chart column.
    let c = C::new(sample_setup()).expect("the sample starts");
    assert!(c.journal().is_empty());
    let why = c.share_hold().expect("the campaign link is held from the start");
    assert!(why.contains("seat link"), "{why}");
    for side in [RUSSIAN, GERMAN] {
        let own = c.seat_view(Some(seat(side))).setup;
        let other = &own.sides[1 - side as usize];
        assert!(other.roster.is_empty() && other.rg_chart.is_empty() && (other.cpp, other.fpp) == (0, 0));
        assert_eq!(own.sides[side as usize], c.setup().sides[side as usize], "a side reads its own setup");
    }
    assert_eq!(c.seat_view(Some(UMPIRE)).setup, *c.setup(), "the umpire's link is whole");
}
