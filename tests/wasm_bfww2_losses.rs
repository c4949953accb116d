//! Battlefront: WW2 screens of issue 28, in headless Chromium: a repair the nation and date rule
//! out is said before any roll, with no roll offered; a vehicle whose kind has had its attempt
//! is refused before the roll; a removal roll is made against a revealed enemy obstacle picked
//! from a list, and its result says eliminated or no effect; the Rules tab shows the historical
//! modifiers to whoever may read them and calls a lone morning the full day.
#![cfg(target_arch = "wasm32")]

use field_desk::engine::{Reader, Seat};
use field_desk::systems::bfww2_campaign::eligibility::Posture;
use field_desk::systems::bfww2_campaign::sample::{sample_setup, GERMAN, RUSSIAN};
use field_desk::systems::bfww2_campaign::seats::seat;
use field_desk::systems::bfww2_campaign::{Bfww2Campaign, Decision, Report};
use field_desk::ui::campaign::{Open, SystemUi};
use leptos::prelude::*;
use wasm_bindgen_test::*;

#[path = "support/wasm_bfww2.rs"]
mod support;
use support::*;

wasm_bindgen_test_configure!(run_in_browser);

const UMPIRE: Option<Seat> = Some(Seat(0));

/// The sample's first cleanup (the repair time of a one-scenario day), PZ-1 with three tanks
/// knocked out and one abandoned.
fn first_cleanup() -> C {
    let mut c = at_results();
    let pz1 = Report { lost: 4, afvs_knocked_out: 3, afvs_abandoned: 1, ..Report::default() };
    let tb1 = Report { lost: 2, afvs_knocked_out: 2, ..Report::default() };
    enter_results(&mut c, &[(GERMAN, "PZ-1", pz1), (RUSSIAN, "TB-1", tb1)]);
    c
}

#[wasm_bindgen_test]
async fn a_repair_the_nation_and_date_rule_out_is_said_before_any_roll() {
    let (root, _open) = mount_as(first_cleanup(), UMPIRE);
    tick().await;
    click(&root, "cleanup-step-repair");
    tick().await;
    // The umpire sees both sides' forms: the Russian one says why, with no dice.
    let why = text(&root, "repair-not-allowed");
    assert!(why.contains("Russian") && why.contains("December 1942"), "{why}");
    let dice = root.query_selector_all("[data-testid=dice]").unwrap().length();
    assert_eq!(dice, 1, "only the German form offers a roll");
    assert!(find(&root, "repair-me").is_some(), "the German form");
}

#[wasm_bindgen_test]
async fn a_kind_with_no_attempt_left_is_refused_before_the_roll() {
    let mut c = first_cleanup();
    // The abandoned one fails: no abandoned vehicle is left to try.
    let d = |abandoned| Decision::RepairArmour {
        side: GERMAN,
        me: s("PZ-1"),
        abandoned,
        in_minefield: false,
        spend_cpp: false,
    };
    ok(&mut c, d(true), &[1]);
    let (root, _open) = mount_as(c, Some(seat(GERMAN)));
    tick().await;
    click(&root, "cleanup-step-repair");
    tick().await;
    assert!(find(&root, "dice").is_some(), "a knocked-out tank may still be tried");
    tick_box(&root, "repair-abandoned", true);
    tick().await;
    assert!(find(&root, "dice").is_none(), "no roll for a kind tried already");
    assert!(text(&root, "repair-refused").contains("No repair"), "{}", text(&root, "repair-refused"));
}

/// The Russian wire at the Bridge, revealed; the second morning's German refit with 2 FPP.
fn wire_revealed() -> C {
    let mut c = C::new(sample_setup()).unwrap();
    ok(&mut c, Decision::RollCpp { side: RUSSIAN }, &[7]);
    ok(&mut c, Decision::BuyFpp { side: RUSSIAN, rg: s("F"), count: 1 }, &[]);
    ok(&mut c, Decision::BuyFortification { side: RUSSIAN, kind: s("Wire"), place: s("Bridge") }, &[]);
    ok(&mut c, Decision::EndRefit { side: RUSSIAN }, &[]);
    ok(&mut c, Decision::RollCpp { side: GERMAN }, &[5]);
    ok(&mut c, Decision::EndRefit { side: GERMAN }, &[]);
    ok(&mut c, Decision::RevealPostures, &[]);
    for side in 0..2u8 {
        let d = Decision::ChooseForces { side, elements: vec![], artillery: vec![], aircraft: false, hidden: vec![] };
        ok(&mut c, d, &[]);
    }
    ok(&mut c, Decision::EndBattle { turns: 12 }, &[]);
    ok(&mut c, Decision::EndResults, &[]);
    ok(&mut c, Decision::RevealFortification { side: RUSSIAN, index: 0 }, &[]);
    ok(&mut c, Decision::EndCleanup, &[]);
    ok(&mut c, Decision::ChoosePosture { side: RUSSIAN, posture: Posture::Attack }, &[]);
    ok(&mut c, Decision::ChoosePosture { side: GERMAN, posture: Posture::Defend }, &[]);
    ok(&mut c, Decision::RollCpp { side: GERMAN }, &[5]);
    ok(&mut c, Decision::BuyFpp { side: GERMAN, rg: s("F"), count: 1 }, &[]);
    c
}

#[wasm_bindgen_test]
async fn a_removal_roll_is_made_against_a_revealed_obstacle_and_says_its_result() {
    let (root, open) = mount_as(wire_revealed(), Some(seat(GERMAN)));
    tick().await;
    click(&root, "refit-step-removal");
    tick().await;
    // Wire: the one revealed, picked from a list; no free text to mistype.
    assert!(find(&root, "removal-place").is_none());
    assert!(text(&root, "removal-known").contains("Bridge"));
    choose(&root, "removal-what", "Roadblock");
    tick().await;
    assert!(find(&root, "dice").is_none(), "no roadblock is known: no roll");
    assert!(text(&root, "removal-none").contains("roadblock"));
    choose(&root, "removal-what", "Wire");
    tick().await;
    type_dice(&root, "6");
    tick().await;
    let (forts, fpp, last) = open.campaign.with_untracked(|c| {
        (
            c.state().side(RUSSIAN).forts.len(),
            c.state().side(GERMAN).fpp.balance(),
            c.last_entry_for(Some(seat(GERMAN))),
        )
    });
    assert_eq!((forts, fpp), (0, 1));
    let last = last.unwrap_or_default();
    assert!(last.ends_with("wire at Bridge, 6: eliminated."), "{last}");
    let shown = open.shown.get_untracked().expect("the roll is shown large");
    assert_eq!(shown.title, "Fortification removal");
}

/// The campaign's Rules tab, the device held by `holder`.
fn mount_rules(c: C, holder: Reader) -> El {
    let root = container();
    let open = Open::new(RwSignal::new(c), holder);
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(open);
        <Bfww2Campaign as SystemUi>::rules()
    });
    handle.forget();
    root
}

#[wasm_bindgen_test]
async fn the_rules_tab_shows_the_modifiers_to_whoever_may_read_them() {
    // 25 December: Russian -3, German +2.
    for (holder, russian, german) in [
        (UMPIRE, "-3", "+2"),
        (Some(seat(RUSSIAN)), "-3", "Hidden"),
        (Some(seat(GERMAN)), "Hidden", "+2"),
        (None, "Hidden", "Hidden"),
    ] {
        let root = mount_rules(C::new(sample_setup()).unwrap(), holder);
        tick().await;
        let cells: Vec<String> = ["drm-side1", "drm-side2"]
            .iter()
            .map(|id| root.query_selector_all(&format!("[data-testid={id}]")).unwrap())
            .map(|l| l.item(2).unwrap().text_content().unwrap_or_default())
            .collect();
        assert_eq!(cells, [russian, german], "{holder:?}");
        assert_eq!(find(&root, "drm-hidden").is_some(), holder != UMPIRE, "{holder:?}");
        let days = text(&root, "days-table");
        assert!(days.contains("Full day") && !days.contains("Morning"), "{days}");
    }
}
