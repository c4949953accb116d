//! The test-only example system (Dice duel) through the screens every system gets from the UI's
//! list (`systems_ui!`), in a real browser: both stances chosen behind the hand-over, the roll's
//! odds shown first, dice typed in, the round scored; and its sample started through the same
//! dispatch as the five systems' (`registry::start_sample`). Built only with the feature
//! `example-system` (scripts/test.sh runs it so).
#![cfg(all(target_arch = "wasm32", feature = "example-system"))]

use field_desk::engine::Campaign;
use field_desk::systems::dice_duel::DiceDuel;
use field_desk::systems::{Descriptor, SystemId};
use field_desk::ui::campaign::{Open, SystemUi};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn container() -> web_sys::HtmlElement {
    let doc = web_sys::window().unwrap().document().unwrap();
    let div = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&div).unwrap();
    div.unchecked_into()
}

fn find(root: &web_sys::HtmlElement, testid: &str) -> Option<web_sys::HtmlElement> {
    root.query_selector(&format!("[data-testid=\"{testid}\"]")).unwrap().map(|e| e.unchecked_into())
}

fn text(root: &web_sys::HtmlElement, testid: &str) -> String {
    find(root, testid).map(|e| e.inner_text()).unwrap_or_default()
}

fn click(root: &web_sys::HtmlElement, testid: &str) {
    find(root, testid).unwrap_or_else(|| panic!("no {testid} in {}", root.inner_text())).click();
}

fn type_into(input: &web_sys::HtmlElement, value: &str) {
    let input: web_sys::HtmlInputElement = input.clone().unchecked_into();
    input.set_value(value);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    input.dispatch_event(&web_sys::Event::new_with_event_init_dict("input", &init).unwrap()).unwrap();
}

#[wasm_bindgen_test]
async fn a_round_is_chosen_in_secret_then_rolled_with_its_odds_first() {
    let root = container();
    let campaign = RwSignal::new(Campaign::<DiceDuel>::new(DiceDuel::sample()).unwrap());
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(Open::new(campaign, None));
        view! { {DiceDuel::header()} {DiceDuel::play()} }
    });
    leptos::task::tick().await;
    assert_eq!(text(&root, "duel-score"), "Anna 0 \u{2013} 0 Boris \u{00B7} 3 rounds");
    // Anna chooses behind the hand-over; the table sees only that she has.
    click(&root, "reveal-1");
    leptos::task::tick().await;
    click(&root, "choose-bold");
    leptos::task::tick().await;
    assert!(find(&root, "choose-bold").is_none(), "her choice is hidden again");
    click(&root, "reveal-2");
    leptos::task::tick().await;
    click(&root, "choose-careful");
    leptos::task::tick().await;
    // The roll: its odds before the dice. Bold 3-8 (a 1 scores 0) against careful 1-6.
    let odds = text(&root, "odds");
    assert!(odds.contains("Anna takes it") && odds.contains("Boris takes it") && odds.contains("A tie"), "{odds}");
    type_into(&find(&root, "dice-input").unwrap(), "4 6");
    click(&root, "dice-submit");
    leptos::task::tick().await;
    // Anna 4 + 2 = 6 against Boris 6: a tie, no round won; round 2.
    assert_eq!(campaign.with_untracked(|c| c.status()), "Round 2 · Choose stances");
    assert_eq!(text(&root, "duel-score"), "Anna 0 \u{2013} 0 Boris \u{00B7} 3 rounds");
    drop(handle);
    root.remove();
}

#[wasm_bindgen_test]
async fn its_sample_starts_through_the_ui_s_list() {
    let id = field_desk::ui::registry::start_sample(SystemId::DiceDuel).await.expect("the sample is stored");
    let (doc, c) = field_desk::store::load_of::<DiceDuel>(&field_desk::ui::platform::LocalStorage, &id).unwrap();
    assert!(doc.meta.name.starts_with("Sample: Dice duel"), "{}", doc.meta.name);
    assert_eq!(c.status(), "Round 1 · Choose stances");
}
