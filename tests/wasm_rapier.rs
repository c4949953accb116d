//! Rapier Offensive components in a real browser (wasm-bindgen-test in headless Chromium):
//! the battle map draws face-down counters without their identities for a player and with
//! them for the umpire, the TRPs for the Corps Commander and the umpire only, and the
//! umpire's deployment dispatches from behind the hand-over; the Rules tab shows the game's
//! own random-event table.
#![cfg(target_arch = "wasm32")]

use field_desk::engine::Seat;
use field_desk::systems::rapier_offensive::sample::sample_setup;
use field_desk::systems::rapier_offensive::tables::Event;
use field_desk::systems::rapier_offensive::{Phase, RapierOffensive};
use field_desk::ui::campaign::SystemUi;
use field_desk::ui::rapier::map::BattleMap;
use field_desk::ui::rapier::phases::PhaseView;
use field_desk::ui::rapier::reference::RapierReference;
use leptos::prelude::*;
use wasm_bindgen_test::*;

#[path = "support/wasm_rapier.rs"]
mod rapier;
use rapier::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn the_map_hides_face_down_counters_from_players_and_shows_them_to_the_umpire() {
    let (root, open) = mount(deployed(), None, || view! { <BattleMap/> });
    tick().await;
    let faces = all(&root, "[data-testid=map-counter]");
    assert_eq!(faces.len(), 50);
    for f in &faces {
        assert_eq!(f.get_attribute("data-face").as_deref(), Some("down"));
        let code = f.query_selector("text").unwrap().and_then(|t| t.text_content()).unwrap_or_default();
        assert_eq!(code, "?");
        let key = f.query_selector("title").unwrap().and_then(|t| t.text_content()).unwrap_or_default();
        assert_eq!(key, "a face-down counter");
    }
    let html = root.inner_html();
    for secret in ["HQ", "Fo", "Du", "Mi", "Ar", "In"] {
        assert!(!html.contains(&format!(">{secret}<")), "a player's map shows {secret}");
    }
    for name in ["headquarters", "fortification", "dummy", "minefield"] {
        assert!(!html.contains(name), "a player's map names a {name}");
    }
    // Each sector's words tell only counts.
    let a1l2 = root.query_selector("[data-testid=\"map-a1-l2\"] .hit").unwrap().unwrap();
    assert_eq!(a1l2.get_attribute("aria-label").as_deref(), Some("A1 L2, 4 face-down counters"));

    // The umpire holds the tablet: he sees what each counter is.
    open.holder.set(Some(Seat(0)));
    tick().await;
    let known = all(&root, "[data-face=known]");
    assert_eq!(known.len(), 50);
    let a1l2 = text(&root, "map-a1-l2");
    assert!(a1l2.contains("HQ") && a1l2.contains("Fo") && a1l2.contains("Du"), "umpire's A1 L2: {a1l2}");

    // The Staff Officer sees none of it either.
    open.holder.set(Some(Seat(2)));
    tick().await;
    assert_eq!(all(&root, "[data-face=known]").len(), 0);
}

#[wasm_bindgen_test]
async fn the_trps_are_drawn_for_the_corps_commander_and_the_umpire_and_no_one_else() {
    let mut c = deployed();
    to_battle(&mut c, FRONTS, vec![], first_six);
    let (root, open) = mount(c, None, || view! { <BattleMap/> });
    tick().await;
    assert_eq!(all(&root, "[data-testid=map-trp]").len(), 0, "the table does not see the TRPs");
    for (seat, seen) in [(Seat(1), 4), (Seat(0), 4), (Seat(2), 0), (Seat(3), 0)] {
        open.holder.set(Some(seat));
        tick().await;
        assert_eq!(all(&root, "[data-testid=map-trp]").len(), seen, "{seat:?}");
    }
    // The umpire's map puts them where they were plotted.
    open.holder.set(Some(Seat(0)));
    tick().await;
    assert!(find(&root, "map-a3-l4").unwrap().query_selector("[data-testid=map-trp]").unwrap().is_some());
}

#[wasm_bindgen_test]
async fn the_umpire_deploys_behind_the_hand_over_and_the_step_moves_on() {
    let (root, open) = mount(C::new(sample_setup()).unwrap(), None, || view! { <PhaseView/> });
    tick().await;
    assert_eq!(text(&root, "phase-title"), "Defender deployment");
    assert!(find(&root, "deploy-form").is_none(), "nothing open before the umpire asks");
    click(&root, "reveal-umpire");
    tick().await;
    assert_eq!(open.reader.get_untracked(), Some(Seat(0)));
    click(&root, "spread-rest");
    tick().await;
    assert!(text(&root, "deploy-form").contains("50 of 50 counters placed"));
    click(&root, "deploy-defenders");
    tick().await;
    assert_eq!(text(&root, "phase-title"), "Reconnaissance");
    assert_eq!(open.reader.get_untracked(), None, "the hand-over closed after the deployment");
    assert_eq!(open.campaign.with_untracked(|c| c.state().counters.len()), 50);
    // The dice widget for the recon roll is there, with its odds.
    assert!(find(&root, "odds").is_some());
}

#[wasm_bindgen_test]
async fn six_quiet_turns_end_on_the_summary_with_the_record_and_the_result() {
    let mut c = deployed();
    to_battle(&mut c, FRONTS, vec![], |_, _| false);
    for turn in 0..6u16 {
        quiet_turn(&mut c, 1 + turn % 2);
    }
    assert_eq!(c.state().phase, Phase::GameOver);
    let (root, _) = mount(c, None, || view! { <PhaseView/> });
    tick().await;
    assert_eq!(text(&root, "phase-title"), "Game over");
    assert_eq!(text(&root, "outcome"), "Defeat");
    assert!(text(&root, "outcome-line").contains("0 of 17 (0%) of the break-through division's units"));
    let rows = all(&root, "[data-testid=turn-record] tbody tr");
    assert_eq!(rows.len(), 6, "one row a turn");
    assert!(rows[5].text_content().unwrap_or_default().starts_with('6'));
}

#[wasm_bindgen_test]
async fn a_lost_hq_is_replaced_at_the_command_post_with_the_chain_of_command_roll() {
    // The Corps Commander holds the tablet: the choice is open without a hand-over.
    let (root, open) = mount(hq_lost(), Some(Seat(1)), || view! { <PhaseView/> });
    tick().await;
    assert!(text(&root, "headless").contains("47th Guards Rifle Division"));
    click(&root, "hq-chain");
    click(&root, "hq-unit-1-3");
    tick().await;
    assert!(text(&root, "odds").contains("A subordinate takes command"));
    click(&root, "face-4");
    tick().await;
    assert!(open.campaign.with_untracked(|c| c.state().units[3].made_hq), "3/137th Gds is the HQ now");
    assert!(find(&root, "headless").is_none());
    click(&root, "end-turn");
    tick().await;
    assert_eq!(text(&root, "phase-title"), "Random event");
}

#[wasm_bindgen_test]
async fn start_again_asks_first_keeping_the_deployment_on_cancel_and_clearing_it_on_yes() {
    let (root, _) = mount(C::new(sample_setup()).unwrap(), Some(UMPIRE), || view! { <PhaseView/> });
    tick().await;
    assert!(find(&root, "clear-deploy").unwrap().has_attribute("disabled"), "nothing placed, nothing to clear");
    click(&root, "spread-rest");
    tick().await;
    assert_eq!(text(&root, "deploy-count"), "50 of 50 counters placed.");

    click(&root, "clear-deploy");
    tick().await;
    assert!(text(&root, "confirm-clear-deploy").contains("The 50 counters placed so far"));
    assert_eq!(text(&root, "deploy-count"), "50 of 50 counters placed.", "nothing cleared before the answer");
    click(&root, "confirm-clear-keep");
    tick().await;
    assert!(find(&root, "confirm-clear-deploy").is_none());
    assert_eq!(text(&root, "deploy-count"), "50 of 50 counters placed.", "kept on cancel");

    click(&root, "clear-deploy");
    tick().await;
    click(&root, "confirm-clear-yes");
    tick().await;
    assert!(find(&root, "confirm-clear-deploy").is_none());
    assert_eq!(text(&root, "deploy-count"), "0 of 50 counters placed.", "cleared on yes");
    assert_eq!(all(&root, "[data-testid=deployed-chip]").len(), 0);
}

#[wasm_bindgen_test]
async fn the_rules_tab_shows_this_games_random_event_table_and_the_rules_page_the_default() {
    let face = |root: &web_sys::HtmlElement, k: usize| {
        all(root, "[data-testid=table-events] tbody tr")[k].text_content().unwrap_or_default()
    };
    let mut setup = sample_setup();
    setup.events[0] = Event::ThickFog;
    let (root, _) = mount(C::new(setup).unwrap(), None, RapierOffensive::rules);
    tick().await;
    assert!(text(&root, "events-heading").contains("this game's"));
    assert!(face(&root, 0).contains("Thick fog"), "face 1: {}", face(&root, 0));
    assert!(find(&root, "events-edited").is_some());
    // Halting's difficult ground by unit type, read off the rules: wire stops all but armour,
    // anti-tank obstacles only vehicles.
    let row = |k: usize| all(&root, "[data-testid=table-difficult] tbody tr")[k].text_content().unwrap_or_default();
    assert!(row(6).starts_with("Wire") && row(6).ends_with("Difficult\u{2014}"), "wire: {}", row(6));
    assert!(row(5).starts_with("Anti-tank") && row(5).contains("\u{2014}\u{2014}Difficult"), "AT: {}", row(5));
    // The rules page, with no campaign open, shows the default table.
    let (root, _) = mount(C::new(sample_setup()).unwrap(), None, || view! { <RapierReference/> });
    tick().await;
    assert!(text(&root, "events-heading").contains("default"));
    assert!(face(&root, 0).contains("No effect"));
    assert!(find(&root, "events-edited").is_none());
}
