//! Battlefront: WW2 campaign components in a real browser (wasm-bindgen-test in headless
//! Chromium): a secret posture behind the hand-over (the other side's panel never shows it), a
//! refit's CPP roll with its odds and modifier before the roll and the hand-over kept open after
//! it, a battle result entered for one element, and each element's breakpoints on the roster.
#![cfg(target_arch = "wasm32")]

use field_desk::engine::Seat;
use field_desk::systems::bfww2_campaign::sample::sample_setup;
use field_desk::systems::bfww2_campaign::{Phase, Report};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

#[path = "support/wasm_bfww2.rs"]
mod support;
use support::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn a_posture_is_chosen_behind_the_hand_over_and_the_other_side_never_sees_it() {
    let (root, open) = mount(day_two());
    leptos::task::tick().await;
    assert_eq!(text(&root, "phase-title"), "Posture");
    assert!(find(&root, "posture-panel").is_none(), "nothing open before a side asks");
    click(&root, "reveal-side1");
    leptos::task::tick().await;
    assert_eq!(open.reader.get_untracked(), Some(Seat(1)));
    click(&root, "posture-attack");
    leptos::task::tick().await;
    assert_eq!(open.reader.get_untracked(), None, "the hand-over closed after the choice");
    let card = text(&root, "handover-side1");
    assert!(card.contains("has chosen a posture (hidden)"), "{card}");
    assert!(!card.to_lowercase().contains("attack"), "the card tells no posture: {card}");
    // The German side takes the tablet: its panel and the whole screen say nothing of it.
    click(&root, "reveal-side2");
    leptos::task::tick().await;
    assert_eq!(open.reader.get_untracked(), Some(Seat(2)));
    assert!(find(&root, "posture-chosen").is_none());
    assert!(!root.inner_text().to_lowercase().contains("chose to attack"));
    assert_eq!(open.state.with_untracked(|s| s.postures[0]), None, "the German view holds no Soviet posture");
    click(&root, "posture-defend");
    leptos::task::tick().await;
    assert_eq!(text(&root, "phase-title"), "Housekeeping and refit");
}

#[wasm_bindgen_test]
async fn a_refit_roll_shows_its_modifier_and_odds_first_and_the_hand_over_stays_open() {
    let (root, open) = mount(C::new(sample_setup()).unwrap());
    leptos::task::tick().await;
    assert_eq!(text(&root, "phase-title"), "Housekeeping and refit");
    click(&root, "reveal-side2");
    leptos::task::tick().await;
    // The German CPP roll on 23 December: -2 on the d10, odds for every result.
    let mods = text(&root, "modifiers");
    assert!(mods.contains("-2") && mods.contains("Historical modifier, 23 December"), "{mods}");
    let odds = text(&root, "odds");
    for line in ["+6 CPP", "+8 CPP", "+10 CPP", "+12 CPP", "+14 CPP"] {
        assert!(odds.contains(line), "{line} in {odds}");
    }
    // At -2 the d10 gives -1 to 8: each result on two faces, 20%; nothing of 9 or more.
    assert!(odds.contains("20%"), "{odds}");
    assert!(!odds.contains("+16 CPP") && !odds.contains("+18 CPP"), "no 9 or more at -2: {odds}");
    click(&root, "face-9");
    leptos::task::tick().await;
    assert_eq!(open.campaign.with_untracked(|c| c.state().side(1).cpp_roll), Some(14));
    assert_eq!(open.reader.get_untracked(), Some(Seat(2)), "the refit goes on behind the same hand-over");
    assert!(text(&root, "refit-balance").contains("CPP 14"));
    assert!(text(&root, "cpp-gained").contains("+14 CPP"));
    click(&root, "end-refit");
    leptos::task::tick().await;
    assert_eq!(open.reader.get_untracked(), None, "ending the refit covers the tablet");
    assert!(!root.inner_text().contains("CPP 14"), "the balance is covered");
    assert!(text(&root, "handover-side2").contains("has ended the refit"));
}

#[wasm_bindgen_test]
async fn a_result_is_entered_for_one_element_and_the_form_moves_to_the_next() {
    let (root, open) = mount(at_results());
    leptos::task::tick().await;
    assert_eq!(text(&root, "phase-title"), "Battle results");
    fill(&root, "result-lost", "3");
    fill(&root, "result-ko", "2");
    fill(&root, "result-abandoned", "1");
    fill(&root, "result-enemy", "4");
    click(&root, "enter-result");
    leptos::task::tick().await;
    let reports = open.campaign.with_untracked(|c| c.state().reports.clone());
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0].1, "TB-1");
    assert_eq!(
        reports[0].2,
        Report { lost: 3, afvs_knocked_out: 2, afvs_abandoned: 1, enemy_knocked_out: 4, ..Report::default() }
    );
    assert!(text(&root, "results-entered").contains("lost 3 (AFVs: 2 knocked out, 1 abandoned)"));
    let next: web_sys::HtmlSelectElement = find(&root, "result-me").unwrap().unchecked_into();
    assert_eq!(next.value(), "0:TB-2", "the form moves to the next element");
    // A report the rules refuse (more AFVs than stands lost) says why and changes nothing.
    fill(&root, "result-lost", "1");
    fill(&root, "result-ko", "2");
    click(&root, "enter-result");
    leptos::task::tick().await;
    assert!(find(&root, "error").is_some(), "a refused result says why");
    assert_eq!(open.campaign.with_untracked(|c| c.state().reports.len()), 1);
    // Ending the results before every element is in is refused too.
    click(&root, "end-results");
    leptos::task::tick().await;
    assert_eq!(open.campaign.with_untracked(|c| c.state().phase), Phase::Results);
}

#[wasm_bindgen_test]
async fn the_roster_shows_each_elements_breakpoints_and_the_one_reached() {
    let mut c = at_results();
    enter_results(&mut c, &[(0, "TB-1", Report { lost: 5, afvs_knocked_out: 5, ..Report::default() })]);
    let root = container();
    let open = Bw::new(RwSignal::new(c), Some(field_desk::systems::bfww2_campaign::seats::UMPIRE));
    leptos::mount::mount_to(root.clone(), move || {
        provide_context(open);
        view! { <field_desk::ui::bfww2::roster::Rosters/> }
    })
    .forget();
    leptos::task::tick().await;
    let row = |id: &str| find(&root, &format!("roster-row-{id}")).unwrap();
    let tb1 = row("TB-1").query_selector("[data-testid=breakpoints]").unwrap().unwrap().text_content().unwrap();
    assert_eq!(tb1, "3 / 5 / 8 lost (of 10; 5 lost, 50% reached)");
    let mr1 = row("MR-1").query_selector("[data-testid=breakpoints]").unwrap().unwrap().text_content().unwrap();
    assert_eq!(mr1, "3 / 6 / 9 lost (of 12; 0 lost)");
}
