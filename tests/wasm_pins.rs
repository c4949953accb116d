//! Locked seats on the campaign screen, in a real browser: a seat with a PIN is not held, nor its
//! hand-over opened, without it; a wrong PIN says how many tries are left, and five in a row wait
//! 30 seconds; undoing a locked seat's hidden step asks for its PIN, an unlocked one's for a
//! confirmation naming it. Without PINs nothing is asked (the other suites and the e2e).
#![cfg(target_arch = "wasm32")]

use field_desk::engine::{Campaign, DiceInput, Seat};
use field_desk::share::Meta;
use field_desk::store;
use field_desk::systems::race_for_x::sample::sample_setup;
use field_desk::systems::race_for_x::tables::OffensiveAction::Attack;
use field_desk::systems::race_for_x::{Decision, RaceForX, Side};
use field_desk::ui::campaign::{campaign_screen, Open};
use field_desk::ui::platform::LocalStorage;
use field_desk::ui::route::{Screen, Tab};
use field_desk::ui::{Banner, Nav};
use leptos::prelude::*;
use wasm_bindgen_test::*;

#[path = "support/wasm.rs"]
mod wasm;
use wasm::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The campaign screen of a fresh Race for X sample under `id`, on `tab`, with its `Open`.
fn screen(id: &str, tab: Tab, c: Campaign<RaceForX>) -> (El, Open<RaceForX>, impl Sized) {
    let root = container();
    let meta = Meta { id: id.into(), name: "Locked".into(), created: 1.0e12, updated: 1.0e12 };
    let open = RwSignal::new(None::<Open<RaceForX>>);
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(Banner(RwSignal::new(None)));
        provide_context(Nav(RwSignal::new(Screen::List)));
        let v = campaign_screen::<RaceForX>(meta, c, Signal::stored(tab));
        open.set(Some(expect_context::<Open<RaceForX>>()));
        v
    });
    (root, open.get_untracked().unwrap(), handle)
}

fn pin(root: &El, value: &str) {
    fill(root, "pin-input", value);
    click(root, "pin-ok");
}

fn forget(id: &str) {
    store::delete(&mut LocalStorage, id).unwrap();
}

#[wasm_bindgen_test]
async fn a_locked_seat_is_not_held_without_its_pin_and_five_wrong_tries_wait() {
    let id = "00000000000000a1";
    store::set_pin(&mut LocalStorage, id, "0", "2468", [5; 16]).unwrap();
    let (root, open, handle) = screen(id, Tab::Log, Campaign::new(sample_setup()).unwrap());
    tick().await;
    // An unlocked seat is held at once.
    click(&root, "holder-1");
    tick().await;
    assert!(find(&root, "pin-dialog").is_none());
    assert_eq!(open.holder.get_untracked(), Some(Seat(1)));
    click(&root, "holder-0");
    tick().await;
    assert!(find(&root, "pin-dialog").is_some(), "Anna's PIN is asked");
    assert_eq!(open.holder.get_untracked(), Some(Seat(1)), "not held yet");
    let input = must(&root, "pin-input");
    assert_eq!(input.get_attribute("inputmode").as_deref(), Some("numeric"));
    assert_eq!(input.get_attribute("autocomplete").as_deref(), Some("off"));
    for left in [4, 3, 2, 1] {
        pin(&root, "1111");
        tick().await;
        let plural = if left == 1 { "try" } else { "tries" };
        assert_eq!(text(&root, "pin-error"), format!("Wrong PIN: {left} {plural} left"));
        assert_eq!(must(&root, "pin-error").get_attribute("role").as_deref(), Some("alert"));
    }
    pin(&root, "1111");
    tick().await;
    assert_eq!(text(&root, "pin-error"), "Five wrong tries: wait 30 seconds");
    pin(&root, "2468");
    tick().await;
    assert!(text(&root, "pin-error").starts_with("Five wrong tries: wait"), "{}", text(&root, "pin-error"));
    assert_eq!(open.holder.get_untracked(), Some(Seat(1)), "the right PIN waits too");
    click(&root, "pin-cancel");
    tick().await;
    assert!(find(&root, "pin-dialog").is_none());
    // A new PIN (the umpire's clearing, or the seat's own change) and the right one: held.
    store::set_pin(&mut LocalStorage, id, "0", "2468", [6; 16]).unwrap();
    click(&root, "holder-0");
    tick().await;
    pin(&root, "2468");
    tick().await;
    assert!(find(&root, "pin-dialog").is_none());
    assert_eq!(open.holder.get_untracked(), Some(Seat(0)));
    assert_eq!(store::holder(&LocalStorage, id), Some(Seat(0)));
    drop(handle);
    root.remove();
    // Opened again, the locked seat is not held until its PIN is given again.
    let (root, open, handle) = screen(id, Tab::Log, Campaign::new(sample_setup()).unwrap());
    tick().await;
    assert_eq!(open.holder.get_untracked(), None);
    assert_eq!(must(&root, "holder-0").get_attribute("aria-pressed").as_deref(), Some("false"));
    drop(handle);
    root.remove();
    forget(id);
}

#[wasm_bindgen_test]
async fn the_held_seat_locks_itself_with_its_pin_twice() {
    let id = "00000000000000a2";
    store::set_holder(&mut LocalStorage, id, Some(Seat(1))).unwrap();
    let (root, _open, handle) = screen(id, Tab::Log, Campaign::new(sample_setup()).unwrap());
    tick().await;
    assert_eq!(text(&root, "pin-lock"), "Lock this seat");
    click(&root, "pin-lock");
    tick().await;
    fill(&root, "pin-new", "135");
    fill(&root, "pin-again", "135");
    click(&root, "pin-save");
    tick().await;
    assert_eq!(text(&root, "pin-error"), "A PIN is 4 to 8 digits");
    fill(&root, "pin-new", "13579");
    fill(&root, "pin-again", "13570");
    click(&root, "pin-save");
    tick().await;
    assert_eq!(text(&root, "pin-error"), "The two PINs differ");
    fill(&root, "pin-again", "13579");
    click(&root, "pin-save");
    tick().await;
    assert!(find(&root, "pin-set").is_none());
    assert!(store::locked(&LocalStorage, id, "1"));
    assert_eq!(text(&root, "pin-lock"), "Change PIN");
    // Without an umpire, this device's PINs and settings go after a confirmation.
    click(&root, "pin-forget");
    tick().await;
    assert!(text(&root, "forget-device").contains("every seat's PIN"), "{}", text(&root, "forget-device"));
    click(&root, "forget-device-yes");
    tick().await;
    assert!(!store::any_locked(&LocalStorage, id) && store::holder(&LocalStorage, id).is_none());
    drop(handle);
    root.remove();
    forget(id);
}

#[wasm_bindgen_test]
async fn a_locked_hand_over_and_an_undo_of_a_hidden_step_ask_first() {
    let id = "00000000000000a3";
    store::set_pin(&mut LocalStorage, id, "0", "2468", [5; 16]).unwrap();
    let (root, open, handle) = screen(id, Tab::Play, Campaign::new(sample_setup()).unwrap());
    tick().await;
    click(&root, "reveal-A");
    tick().await;
    assert!(find(&root, "pin-dialog").is_some() && find(&root, "secret-choice").is_none());
    pin(&root, "2468");
    tick().await;
    assert!(find(&root, "secret-choice").is_some(), "opened with the PIN");
    click(&root, "choose-attack");
    tick().await;
    // The table undoes Anna's hidden choice: her PIN first.
    click(&root, "undo");
    tick().await;
    assert!(find(&root, "pin-dialog").is_some());
    assert_eq!(open.campaign.with_untracked(|c| c.steps()), 1, "not undone yet");
    pin(&root, "2468");
    tick().await;
    assert_eq!(open.campaign.with_untracked(|c| c.steps()), 0);
    // Bob's hidden choice, Bob unlocked (but a seat is locked here): a confirmation naming him.
    open.campaign.update(|c| {
        c.decide(Decision::ChooseAction { side: Side::B, action: Attack }, DiceInput::Typed(vec![])).unwrap()
    });
    tick().await;
    let bob = open.campaign.with_untracked(|c| c.seat_name(Seat(1)));
    click(&root, "undo");
    tick().await;
    assert!(text(&root, "undo-hidden").contains(&format!("This undoes {bob}'s hidden step. Undo?")));
    click(&root, "undo-hidden-yes");
    tick().await;
    assert!(find(&root, "undo-hidden").is_none());
    assert_eq!(open.campaign.with_untracked(|c| c.steps()), 0);
    drop(handle);
    root.remove();
    forget(id);
}

#[wasm_bindgen_test]
async fn without_an_umpire_a_locked_players_copy_asks_for_the_pin() {
    let id = "00000000000000a4";
    store::set_pin(&mut LocalStorage, id, "1", "97531", [5; 16]).unwrap();
    let (root, _open, handle) = screen(id, Tab::Share, Campaign::new(sample_setup()).unwrap());
    tick().await;
    // Anna's copy (unlocked) is made at once; Bob's asks for his PIN first.
    click(&root, "seat-link-0");
    tick().await;
    assert!(find(&root, "pin-dialog").is_none() && find(&root, "seat").is_some());
    click(&root, "seat-link-1");
    tick().await;
    assert!(find(&root, "pin-dialog").is_some());
    assert_eq!(must(&root, "seat-link-1").get_attribute("aria-pressed").as_deref(), Some("false"));
    pin(&root, "97531");
    tick().await;
    tick().await;
    assert_eq!(must(&root, "seat-link-1").get_attribute("aria-pressed").as_deref(), Some("true"));
    drop(handle);
    root.remove();
    forget(id);
}
