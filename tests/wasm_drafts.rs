//! A step's choices in progress kept on the device (`ui::draft`), in a real browser: a
//! Battlefront refit purchase, a side's forces and a battle result, and the night scouting's
//! figure and the defender's secret answer, each filled in part, come back when the screen is
//! drawn again (as after a reload), only to the reader who made them, and are left behind once
//! the step is taken.
#![cfg(target_arch = "wasm32")]

use field_desk::engine::{Campaign, DiceInput, Reader};
use field_desk::store::{self, DraftPoint, DRAFT_PREFIX};
use field_desk::systems::bfww2_campaign::sample::sample_setup;
use field_desk::systems::crossfire_scouting::sample::{self as night, EDGE_WOOD, FAR_WOOD, FIELD, SECOND_WOOD};
use field_desk::systems::crossfire_scouting::{
    seats as night_seats, CrossfireScouting, Decision as Night, Phase, Place, ScoutRef,
};
use field_desk::ui::campaign::{Open, SystemUi};
use field_desk::ui::draft::DraftOf;
use field_desk::ui::platform::LocalStorage;
use leptos::prelude::*;
use std::any::Any;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

#[path = "support/wasm_bfww2.rs"]
mod support;
use support::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A fresh campaign id on this device: nothing kept under it yet.
fn fresh(id: &str) -> String {
    let ls = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    ls.remove_item(&format!("{DRAFT_PREFIX}{id}")).unwrap();
    id.to_string()
}

/// A system's step on screen as the campaign screen draws it (`SystemUi::play`), drafts kept
/// under `id`; dropping the handle takes the screen away.
fn mount<S: SystemUi>(c: Campaign<S>, id: &str, holder: Reader) -> (El, Open<S>, Box<dyn Any>) {
    let root = container();
    let open = Open::new(RwSignal::new(c), holder);
    let id = id.to_string();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(open);
        provide_context(DraftOf(id));
        S::play()
    });
    (root, open, Box::new(handle))
}

fn mount_bw(c: C, id: &str, holder: Reader) -> (El, Bw, Box<dyn Any>) {
    mount(c, id, holder)
}

fn mount_night(c: Campaign<CrossfireScouting>, id: &str) -> (El, Open<CrossfireScouting>, Box<dyn Any>) {
    mount(c, id, None)
}

fn value(root: &El, testid: &str) -> String {
    let el = find(root, testid).unwrap_or_else(|| panic!("no {testid} in {}", root.inner_text()));
    match el.dyn_ref::<web_sys::HtmlSelectElement>() {
        Some(s) => s.value(),
        None => el.unchecked_into::<web_sys::HtmlInputElement>().value(),
    }
}

fn checked(root: &El, testid: &str) -> bool {
    find(root, testid).unwrap_or_else(|| panic!("no {testid}")).unchecked_into::<web_sys::HtmlInputElement>().checked()
}

fn pressed(root: &El, testid: &str) -> bool {
    find(root, testid).unwrap_or_else(|| panic!("no {testid}")).get_attribute("aria-pressed").as_deref() == Some("true")
}

/// Whether a draft of `part` is kept for `reader` at the campaign's present point.
fn kept_for(id: &str, at: usize, reader: Reader, part: &str) -> bool {
    store::draft_part(&LocalStorage, id, DraftPoint { at, reader }, part).is_some()
}

#[wasm_bindgen_test]
async fn a_reinforcement_half_described_comes_back_to_its_side_only_until_it_is_bought() {
    let id = fresh("wasm-draft-refit");
    let (root, open, screen) = mount_bw(C::new(sample_setup()).unwrap(), &id, None);
    tick().await;
    click(&root, "reveal-side1");
    tick().await;
    click(&root, "face-9");
    tick().await;
    click(&root, "refit-step-reinforce");
    tick().await;
    choose(&root, "reinforce-rg", "MR");
    fill(&root, "reinforce-name", "2nd Motor Rifle");
    fill(&root, "reinforce-stands", "9");
    tick().await;
    let c = open.campaign.get_untracked();
    let at = c.journal().len();
    drop(screen);
    root.remove();

    // Drawn again (a reload): the hand-over is closed, and nothing shows until side 1 opens it.
    let (root, open, screen) = mount_bw(c, &id, None);
    tick().await;
    assert!(find(&root, "reinforce-name").is_none());
    click(&root, "reveal-side1");
    tick().await;
    click(&root, "refit-step-reinforce");
    tick().await;
    assert_eq!(value(&root, "reinforce-rg"), "MR");
    tick().await;
    assert_eq!(value(&root, "reinforce-stands"), "9");
    assert_eq!(value(&root, "reinforce-name"), "2nd Motor Rifle");
    assert_eq!(value(&root, "reinforce-stands"), "9");
    // Kept under side 1 alone: neither the table nor side 2 is given it.
    let side1 = Some(field_desk::systems::bfww2_campaign::seats::seat(0));
    let side2 = Some(field_desk::systems::bfww2_campaign::seats::seat(1));
    assert!(kept_for(&id, at, side1, "reinforce-name-1"));
    assert!(!kept_for(&id, at, None, "reinforce-name-1") && !kept_for(&id, at, side2, "reinforce-name-1"));

    click(&root, "reinforce");
    tick().await;
    assert_eq!(open.campaign.with_untracked(|c| c.journal().len()), at + 1, "{}", root.inner_text());
    let c = open.campaign.get_untracked();
    drop(screen);
    root.remove();
    let (root, _, screen) = mount_bw(c, &id, None);
    tick().await;
    click(&root, "reveal-side1");
    tick().await;
    click(&root, "refit-step-reinforce");
    tick().await;
    tick().await;
    assert_eq!(value(&root, "reinforce-stands"), "0", "bought: the form starts afresh");
    assert_eq!(value(&root, "reinforce-name"), "");
    drop(screen);
    root.remove();
}

#[wasm_bindgen_test]
async fn a_sides_forces_in_progress_come_back_behind_its_own_hand_over() {
    let id = fresh("wasm-draft-forces");
    let mut c = C::new(sample_setup()).unwrap();
    ok(&mut c, field_desk::systems::bfww2_campaign::Decision::RollCpp { side: 0 }, &[7]);
    ok(&mut c, field_desk::systems::bfww2_campaign::Decision::EndRefit { side: 0 }, &[]);
    ok(&mut c, field_desk::systems::bfww2_campaign::Decision::RollCpp { side: 1 }, &[5]);
    ok(&mut c, field_desk::systems::bfww2_campaign::Decision::EndRefit { side: 1 }, &[]);
    ok(&mut c, field_desk::systems::bfww2_campaign::Decision::RevealPostures, &[]);
    let first = c.state().side(0).roster[0].me.id.clone();
    let second = c.state().side(0).roster[1].me.id.clone();
    let (root, open, screen) = mount_bw(c, &id, None);
    tick().await;
    click(&root, "reveal-side1");
    tick().await;
    tick_box(&root, &format!("field-{first}"), false);
    tick().await;
    tick_box(&root, &format!("hide-{second}"), true);
    tick().await;
    let c = open.campaign.get_untracked();
    drop(screen);
    root.remove();

    let (root, open, screen) = mount_bw(c, &id, None);
    tick().await;
    click(&root, "reveal-side1");
    tick().await;
    assert!(!checked(&root, &format!("field-{first}")), "the element left out stays out");
    assert!(checked(&root, &format!("hide-{second}")), "the element to hide stays hidden");
    click(&root, "cover");
    tick().await;
    // Side 2 starts from its own defaults.
    click(&root, "reveal-side2");
    tick().await;
    let theirs = open.state.with_untracked(|s| s.side(1).roster[0].me.id.clone());
    assert!(checked(&root, &format!("field-{theirs}")));
    click(&root, "cover");
    tick().await;
    click(&root, "reveal-side1");
    tick().await;
    click(&root, "choose-forces");
    tick().await;
    let fielded = open
        .campaign
        .with_untracked(|c| c.state().side(0).forces.iter().flat_map(|f| f.elements.clone()).collect::<Vec<_>>());
    assert!(!fielded.contains(&first) && fielded.contains(&second), "{fielded:?}");
    drop(screen);
    root.remove();
}

#[wasm_bindgen_test]
async fn a_battle_result_half_typed_comes_back_and_goes_once_entered() {
    let id = fresh("wasm-draft-results");
    let (root, open, screen) = mount_bw(at_results(), &id, None);
    tick().await;
    assert_eq!(text(&root, "phase-title"), "Battle results");
    choose(&root, "result-me", "0:TB-2");
    fill(&root, "result-lost", "3");
    fill(&root, "result-ko", "3");
    fill(&root, "result-enemy", "2");
    tick().await;
    let c = open.campaign.get_untracked();
    drop(screen);
    root.remove();

    let (root, open, screen) = mount_bw(c, &id, None);
    tick().await;
    assert_eq!(value(&root, "result-me"), "0:TB-2");
    assert_eq!(value(&root, "result-lost"), "3");
    assert_eq!(value(&root, "result-ko"), "3");
    assert_eq!(value(&root, "result-enemy"), "2");
    click(&root, "enter-result");
    tick().await;
    assert_eq!(open.campaign.with_untracked(|c| c.state().reports.len()), 1, "{}", root.inner_text());
    let c = open.campaign.get_untracked();
    drop(screen);
    root.remove();

    let (root, _, screen) = mount_bw(c, &id, None);
    tick().await;
    assert_eq!(value(&root, "result-lost"), "0", "entered: the numbers start afresh");
    assert_eq!(value(&root, "result-ko"), "0");
    assert_eq!(value(&root, "result-enemy"), "0");
    drop(screen);
    root.remove();
}

const ATKINS: ScoutRef = ScoutRef::new(0, 1);

fn go(c: &mut Campaign<CrossfireScouting>, d: Night, dice: &[u16]) {
    c.decide(d, DiceInput::Typed(dice.to_vec())).unwrap();
}

#[wasm_bindgen_test]
async fn the_figure_picked_and_its_move_set_up_come_back_until_it_moves() {
    let id = fresh("wasm-draft-night");
    let c = Campaign::<CrossfireScouting>::new(night::sample_setup()).unwrap();
    let (root, open, screen) = mount_night(c, &id);
    tick().await;
    click(&root, "pick-0-1");
    tick().await;
    click(&root, "move-open");
    tick().await;
    let c = open.campaign.get_untracked();
    drop(screen);
    root.remove();

    let (root, open, screen) = mount_night(c, &id);
    tick().await;
    assert!(pressed(&root, "pick-0-1"), "Atkins is still picked");
    assert!(pressed(&root, "move-open"), "across open ground, as set");
    click(&root, &format!("move-to-{EDGE_WOOD}"));
    tick().await;
    assert_eq!(open.campaign.with_untracked(|c| c.journal().len()), 1, "the move is made");
    let c = open.campaign.get_untracked();
    drop(screen);
    root.remove();

    let (root, _, screen) = mount_night(c, &id);
    tick().await;
    if find(&root, "move-open").is_some() {
        assert!(!pressed(&root, "move-open"), "moved: the next move starts afresh");
    }
    drop(screen);
    root.remove();
}

#[wasm_bindgen_test]
async fn the_defenders_answer_in_progress_is_kept_for_him_alone() {
    let id = fresh("wasm-draft-reaction");
    let mut c = Campaign::<CrossfireScouting>::new(night::sample_setup()).unwrap();
    let mv = |to: u16, in_open: bool| Night::Move { scout: ATKINS, to: Place::Area(to), in_open };
    go(&mut c, mv(EDGE_WOOD, false), &[]);
    go(&mut c, mv(SECOND_WOOD, false), &[]);
    go(&mut c, Night::LetPass, &[]);
    go(&mut c, mv(FIELD, false), &[]);
    go(&mut c, Night::LetPass, &[]);
    go(&mut c, Night::ClockRoll, &[1]);
    go(&mut c, mv(FAR_WOOD, true), &[]);
    assert!(matches!(c.state().phase, Phase::Reaction { .. }));
    let at = c.journal().len();
    let (root, open, screen) = mount_night(c, &id);
    tick().await;
    click(&root, "defender-answer");
    tick().await;
    click(&root, "react-spot");
    tick().await;
    choose(&root, "sentries-watching", "2");
    tick().await;
    click(&root, "defender-hide");
    tick().await;
    let c = open.campaign.get_untracked();
    drop(screen);
    root.remove();

    // Kept under the defender: the scouting player holding the tablet is given nothing of it.
    assert!(kept_for(&id, at, Some(night_seats::DEFENDER), "reaction"));
    assert!(!kept_for(&id, at, None, "reaction") && !kept_for(&id, at, Some(night_seats::SCOUTS), "reaction"));
    let (root, open, screen) = mount_night(c, &id);
    tick().await;
    assert!(find(&root, "react-spot").is_none(), "nothing shows before the defender opens it");
    assert!(!root.inner_text().contains("This unit's own"), "{}", root.inner_text());
    click(&root, "defender-answer");
    tick().await;
    assert!(find(&root, "react-spot").unwrap().class_list().contains("on"), "his choice is back");
    assert_eq!(value(&root, "sentries-watching"), "2");
    // Answered: the step is taken and its draft left behind.
    type_dice(&root, "6 1");
    tick().await;
    let now = open.campaign.with_untracked(|c| c.journal().len());
    assert!(now > at, "the reactive spotting roll is made: {}", root.inner_text());
    assert!(!kept_for(&id, now, Some(night_seats::DEFENDER), "reaction"));
    drop(screen);
    root.remove();
}
