//! Night-scouting components in a real browser (wasm-bindgen-test in headless Chromium): a
//! spotting attempt shows both sides' modifiers and the odds of the four outcomes, and
//! resolves with dice typed in from the table; the defender answers behind a hand-over.
#![cfg(target_arch = "wasm32")]

use field_desk::engine::{Campaign, DiceInput};
use field_desk::systems::crossfire_scouting::sample::{self, EDGE_WOOD, OPEN_GROUND};
use field_desk::systems::crossfire_scouting::{CrossfireScouting, Decision, Phase, Place, ScoutRef};
use field_desk::systems::race_for_x::tables::BattleType;
use field_desk::systems::race_for_x::Side;
use field_desk::ui::campaign::Open;
use field_desk::ui::scouting::phases::PhaseView;
use field_desk::ui::scouting::wizard::{origin_from_hash, scouting_hash};
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

const ATKINS: ScoutRef = ScoutRef::new(0, 1);

#[wasm_bindgen_test]
async fn a_spotting_attempt_shows_odds_and_resolves_with_typed_dice() {
    let root = container();
    let mut c = Campaign::<CrossfireScouting>::new(sample::sample_setup()).unwrap();
    // Atkins steps into the wood on his own edge: no reaction is possible there.
    c.decide(Decision::Move { scout: ATKINS, to: Place::Area(EDGE_WOOD), in_open: false }, DiceInput::Typed(vec![]))
        .unwrap();
    let campaign = RwSignal::new(c);
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(Open::new(campaign));
        view! { <PhaseView/> }
    });
    leptos::task::tick().await;
    assert_eq!(text(&root, "phase-title"), "Scouting");

    click(&root, "pick-0-1");
    leptos::task::tick().await;
    click(&root, &format!("spot-{OPEN_GROUND}"));
    leptos::task::tick().await;
    // 4d6; Atkins veteran +1; the sentries -1 for Atkins in cover (the wood); open ground gives
    // the sentries no cover. Atkins sees on 1d6+1 > 1d6-1: 26/36 = 72.2%; the sentries see him
    // on 1d6-1 > 1d6+1: 6/36 = 16.7%. Both at once: 72.2% x 16.7% = 12.0%.
    assert_eq!(text(&root, "dice-spec"), "4d6");
    let mods = text(&root, "modifiers");
    assert!(mods.contains("+1 Atkins: Atkins is veteran"), "{mods}");
    assert!(mods.contains("-1 Sentries: Atkins in cover"), "{mods}");
    let odds = text(&root, "odds");
    assert!(odds.contains("Scout sees, unseen"), "{odds}");
    assert!(odds.contains("Both sides see") && odds.contains("12%"), "{odds}");
    assert!(odds.contains("Only the sentries see") && odds.contains("Nobody sees"), "{odds}");

    // A wrong number of dice is refused and plays nothing.
    type_into(&find(&root, "dice-input").unwrap(), "3 5");
    leptos::task::tick().await;
    click(&root, "dice-submit");
    leptos::task::tick().await;
    assert!(!text(&root, "dice-error").is_empty());
    assert_eq!(campaign.with_untracked(|c| c.state().phase), Phase::Scouting);

    // The Atkins example: 3 +1 = 4 against 5 -1 = 4, a tie; the sentries 6 -1 = 5 against 2 +1 = 3.
    type_into(&find(&root, "dice-input").unwrap(), "3 5 6 2");
    leptos::task::tick().await;
    click(&root, "dice-submit");
    leptos::task::tick().await;
    assert_eq!(
        campaign.with_untracked(|c| c.state().phase),
        Phase::SentriesSpotted { scout: ATKINS, area: Some(OPEN_GROUND), scout_spots: false, reactive: false }
    );
    assert!(
        text(&root, "spotted-text").contains("Atkins saw nothing in Open ground"),
        "{}",
        text(&root, "spotted-text")
    );
    // The defender's answer is hidden until he takes the tablet.
    assert!(find(&root, "hold-fire").is_none());
    assert!(find(&root, "play-cat").is_some());
    click(&root, "defender-answer");
    leptos::task::tick().await;
    click(&root, "hold-fire");
    leptos::task::tick().await;
    assert_eq!(text(&root, "phase-title"), "Clock roll");
    click(&root, "face-4");
    leptos::task::tick().await;
    assert_eq!(campaign.with_untracked(|c| c.state().clock), 20);
    assert_eq!(text(&root, "phase-title"), "Scouting");
    drop(handle);
}

#[wasm_bindgen_test]
fn the_origin_rides_in_the_hash() {
    let h = scouting_hash("ab12", 3, Side::B, BattleType::HastyDefence).unwrap();
    assert_eq!(h, "/new/crossfire-scouting?from=ab12/3/B/hasty");
    let o = origin_from_hash(&format!("#{h}")).unwrap();
    assert_eq!((o.campaign.as_str(), o.turn, o.side.as_str(), o.battle.as_str()), ("ab12", 3, "B", "Hasty Defence"));
    assert!(scouting_hash("ab12", 3, Side::B, BattleType::MeetingEngagement).is_none());
    assert!(origin_from_hash("/new/crossfire-scouting").is_none());
    assert!(origin_from_hash("/new/crossfire-scouting?from=ab12/x/B/hasty").is_none());
}
