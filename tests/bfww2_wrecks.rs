//! Battlefront: WW2 wrecks: an enemy wreck behind one's line destroyed by a removal roll
//! leaves the enemy element's vehicles awaiting repair for good (a knocked-out one first,
//! else an abandoned one); a failed roll, or (in campaigns stored before issue 11's second
//! pass) a wreck named by no enemy element, changes nothing but the FPP spent.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::systems::bfww2_campaign::refit::destroy_wreck;
use field_desk::systems::bfww2_campaign::roster::Me;
use field_desk::systems::bfww2_campaign::sample::{sample_setup, GERMAN, RUSSIAN};
use field_desk::systems::bfww2_campaign::state::Element;
use field_desk::systems::bfww2_campaign::{Decision as D, Obstacle};

#[path = "support/bfww2_play.rs"]
mod play;
use play::*;

fn wreck(place: &str) -> D {
    D::RemoveObstacle { side: GERMAN, obstacle: Obstacle::Wreck, place: s(place), mods: vec![] }
}

fn waiting(c: &C) -> (u16, u16) {
    let e = c.state().side(RUSSIAN).element("TB-1").unwrap();
    (e.wrecks, e.abandoned)
}

#[test]
fn a_destroyed_enemy_wreck_lowers_its_elements_count_awaiting_repair() {
    let mut c = through_the_first_battle();
    into_the_second_refit(&mut c);
    assert_eq!(waiting(&c), (4, 1));
    play(&mut c, D::BuyFpp { side: GERMAN, rg: s("F"), count: 1 }, &[]);
    assert_eq!(c.state().side(GERMAN).fpp.balance(), 2);
    // 5 is no effect (6 or more eliminates): the wreck stays.
    play(&mut c, wreck("TB-1"), &[5]);
    assert_eq!(waiting(&c), (4, 1));
    // 6 eliminates: the element is named as on the table, whatever the case and spaces.
    play(&mut c, wreck(" tb-1 "), &[6]);
    assert_eq!(waiting(&c), (3, 1));
    assert_eq!(c.state().side(GERMAN).fpp.balance(), 0, "1 FPP per attempt, success or not");
    assert_eq!(c.state().side(RUSSIAN).element("TB-1").unwrap().me.vehicles, 5, "the survivors are untouched");
}

#[test]
fn a_wreck_named_by_no_enemy_element_changes_nothing_but_the_fpp() {
    // Under the first readings (campaigns stored before issue 11's second pass); since then
    // such a roll is refused (`bfww2_refit_rules.rs`).
    let mut setup = sample_setup();
    setup.readings = field_desk::systems::bfww2_campaign::setup::FIRST_READINGS;
    let mut c = through_the_first_battle_of(setup);
    into_the_second_refit(&mut c);
    play(&mut c, D::BuyFpp { side: GERMAN, rg: s("F"), count: 1 }, &[]);
    let russian = c.state().side(RUSSIAN).clone();
    play(&mut c, wreck("Hill 112"), &[10]);
    play(&mut c, wreck("PZ-1"), &[10]);
    assert_eq!(*c.state().side(RUSSIAN), russian, "no Russian element is named");
    assert_eq!(c.state().side(GERMAN).element("PZ-1").unwrap().wrecks, 3, "one's own wrecks are not the enemy's");
    assert_eq!(c.state().side(GERMAN).fpp.balance(), 0);
}

#[test]
fn knocked_out_vehicles_go_first_then_abandoned_ones_never_below_none() {
    let me: Me = sample_setup().sides[RUSSIAN as usize].roster[0].clone();
    let mut e = Element::new(me);
    e.wrecks = 1;
    e.abandoned = 1;
    for want in [(0, 1), (0, 0), (0, 0)] {
        destroy_wreck(&mut e);
        assert_eq!((e.wrecks, e.abandoned), want);
    }
}

/// What the screens ask of an element, a battery and the position, answered by the rules:
/// the repairs still to try, the escapes due, the smoke rolls left, the next turn-record check.
#[test]
fn the_screens_previews_come_from_the_rules() {
    let mut c = through_the_first_battle();
    let st = c.state().side(RUSSIAN).clone();
    let tb1 = st.element("TB-1").unwrap();
    assert!(tb1.repair_waiting(), "four knocked out and one abandoned, none tried");
    let mut tried = tb1.clone();
    tried.repair_tried = 5;
    assert!(!tried.repair_waiting(), "one attempt per vehicle");
    assert!(!st.element("MR-1").unwrap().repair_waiting(), "infantry is not repaired");
    assert!(!st.element("MR-1").unwrap().may_escape(), "in normal status");
    play(
        &mut c,
        D::SetStatus {
            side: RUSSIAN,
            me: s("MR-1"),
            status: field_desk::systems::bfww2_campaign::tables::Status::CutOff,
            stands: 2,
        },
        &[],
    );
    assert!(c.state().side(RUSSIAN).element("MR-1").unwrap().may_escape());
    let mut turn = C::new(sample_setup()).unwrap().state().clone();
    assert_eq!(turn.next_turn_check(), Some(11), "the chart is first read at turn 11");
    turn.turn_checked = 19;
    assert_eq!(turn.next_turn_check(), Some(20));
    turn.turn_checked = 20;
    assert_eq!(turn.next_turn_check(), None, "turn 20 always ends it");
}
