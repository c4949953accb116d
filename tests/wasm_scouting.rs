//! Night-scouting components in a real browser (wasm-bindgen-test in headless Chromium): a
//! spotting attempt shows each side's modifiers and total apart and the odds of the four
//! outcomes, and resolves with dice typed in from the table; the defender answers behind a
//! hand-over; going home or retreating off the table is never the first choice.
#![cfg(target_arch = "wasm32")]

use field_desk::engine::{Campaign, DiceInput};
use field_desk::systems::crossfire_scouting::sample::{
    self, EDGE_WOOD, FARMHOUSE, FAR_WOOD, FIELD, OPEN_GROUND, SECOND_WOOD,
};
use field_desk::systems::crossfire_scouting::{CrossfireScouting, Decision, Phase, Place, ScoutRef};
use field_desk::systems::race_for_x::tables::BattleType;
use field_desk::systems::race_for_x::Side;
use field_desk::ui::campaign::Open;
use field_desk::ui::scouting::phases::PhaseView;
use field_desk::ui::scouting::wizard::{origin_from_hash, scouting_hash};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

#[path = "support/wasm.rs"]
mod wasm;
use wasm::*;

wasm_bindgen_test_configure!(run_in_browser);

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
        provide_context(Open::new(campaign, None));
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
    // Each side apart: no one list (and no one total) of both sides' modifiers.
    assert!(find(&root, "modifiers").is_none(), "{}", root.inner_text());
    let contests = text(&root, "contests");
    assert!(contests.contains("+1 Atkins is veteran"), "{contests}");
    assert!(contests.contains("-1 Atkins in cover"), "{contests}");
    let totals: Vec<String> = all(&root, "contest-total").iter().map(|e| e.inner_text()).collect();
    assert_eq!(totals, ["Total: his die +1", "Total: his die -1", "Total: his die -1", "Total: his die +1"]);
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
    // Both sides' totals of the roll just made, apart.
    let last = text(&root, "last-contest");
    assert!(last.contains("Atkins 3 +1 = 4 against the sentries 5 -1 = 4"), "{last}");
    assert!(last.contains("the sentries 6 -1 = 5 against Atkins 2 +1 = 3"), "{last}");
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

/// The Atkins example up to his retreat: hit once while crossing the open.
fn atkins_hit() -> Campaign<CrossfireScouting> {
    let mut c = Campaign::<CrossfireScouting>::new(sample::sample_setup()).unwrap();
    let mut ok = |d: Decision, dice: &[u16]| c.decide(d, DiceInput::Typed(dice.to_vec())).unwrap();
    let mv = |to: u16, in_open: bool| Decision::Move { scout: ATKINS, to: Place::Area(to), in_open };
    ok(mv(EDGE_WOOD, false), &[]);
    ok(mv(SECOND_WOOD, false), &[]);
    ok(Decision::LetPass, &[]);
    ok(mv(FIELD, false), &[]);
    ok(Decision::LetPass, &[]);
    ok(Decision::ClockRoll, &[1]);
    ok(mv(FAR_WOOD, true), &[]);
    ok(Decision::ReactiveSpot, &[6, 1]);
    ok(Decision::Fire { from: FARMHOUSE, units: 1, leader_sees: false }, &[3, 6, 5, 3, 4]);
    c
}

#[wasm_bindgen_test]
async fn ending_a_figures_night_is_never_the_first_choice() {
    let root = container();
    let c = atkins_hit();
    assert_eq!(c.state().phase, Phase::Retreat { scout: ATKINS });
    let campaign = RwSignal::new(c);
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(Open::new(campaign, None));
        view! { <PhaseView/> }
    });
    leptos::task::tick().await;
    let chips: Vec<String> = root
        .query_selector_all("[data-testid^=\"retreat-to-\"]")
        .map(|l| {
            (0..l.length())
                .map(|i| l.item(i).unwrap().unchecked_into::<web_sys::Element>().get_attribute("data-testid").unwrap())
                .collect()
        })
        .unwrap();
    assert!(!chips.is_empty());
    assert_ne!(chips[0], "retreat-to-edge", "{chips:?}");
    if let Some(i) = chips.iter().position(|c| c == "retreat-to-edge") {
        assert_eq!(i, chips.len() - 1, "{chips:?}");
    }
    // Nothing is pre-selected: the first tap decides.
    assert_eq!(campaign.with_untracked(|c| c.state().phase), Phase::Retreat { scout: ATKINS });
    click(&root, "retreat-to-2");
    leptos::task::tick().await;
    assert_eq!(campaign.with_untracked(|c| c.state().figure(ATKINS).place), Place::Area(FIELD));

    // Back in the scouting step, with Atkins picked: the own edge is the last place to move to.
    while campaign.with_untracked(|c| c.state().phase) != Phase::Scouting {
        let p = campaign.with_untracked(|c| c.state().phase);
        campaign.update(|c| {
            let d = match p {
                Phase::Reveal { .. } => {
                    Decision::Reveal { what: field_desk::systems::crossfire_scouting::Sighting::Troops(String::new()) }
                }
                _ => Decision::ClockRoll,
            };
            let dice = if d == Decision::ClockRoll { vec![1] } else { vec![] };
            c.decide(d, DiceInput::Typed(dice)).unwrap();
        });
        leptos::task::tick().await;
    }
    leptos::task::tick().await;
    click(&root, "pick-0-1");
    leptos::task::tick().await;
    let moves: Vec<String> = root
        .query_selector_all("[data-testid=\"scout-actions\"] [data-testid^=\"move-to-\"]")
        .map(|l| {
            (0..l.length())
                .map(|i| l.item(i).unwrap().unchecked_into::<web_sys::Element>().get_attribute("data-testid").unwrap())
                .collect()
        })
        .unwrap();
    assert_eq!(moves.last().map(String::as_str), Some("move-to-edge"), "{moves:?}");
    assert_ne!(moves[0], "move-to-edge");
    drop(handle);
}
