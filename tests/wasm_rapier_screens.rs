//! Rapier Offensive screens that said too little (issue 28), in headless Chromium: a full
//! sector's deployment buttons, a move's selection ended by its roll, the losses to name
//! shown before the umpire picks, a headless division's moves counted in the movement panel,
//! the fog lifting on the turn line, the on-call missions left.
#![cfg(target_arch = "wasm32")]

use field_desk::engine::Seat;
use field_desk::systems::rapier_offensive::optional::Terrain;
use field_desk::systems::rapier_offensive::sample::sample_setup;
use field_desk::systems::rapier_offensive::state::Place;
use field_desk::systems::rapier_offensive::terrain::SectorGround;
use field_desk::systems::rapier_offensive::turn_end::HqChoice;
use field_desk::systems::rapier_offensive::{Decision, Phase, Setup};
use field_desk::ui::rapier::phases::PhaseView;
use leptos::prelude::*;
use wasm_bindgen_test::*;

#[path = "support/wasm_rapier.rs"]
mod rapier;
use rapier::*;

wasm_bindgen_test_configure!(run_in_browser);

fn disabled(root: &web_sys::HtmlElement, testid: &str) -> bool {
    find(root, testid).unwrap_or_else(|| panic!("no {testid}")).has_attribute("disabled")
}

#[wasm_bindgen_test]
async fn a_full_sector_disables_the_counters_and_says_why() {
    let (root, _open) = mount(C::new(sample_setup()).unwrap(), None, || view! { <PhaseView/> });
    tick().await;
    click(&root, "reveal-umpire");
    tick().await;
    click(&root, "deploy-at-a1-l2");
    tick().await;
    for _ in 0..6 {
        assert!(!disabled(&root, "place-dummy"));
        click(&root, "place-dummy");
        tick().await;
    }
    assert!(disabled(&root, "place-dummy"), "six of six: no seventh");
    assert!(disabled(&root, "place-unit-0"));
    assert!(text(&root, "sector-full").contains("A1 L2 is full"), "{}", text(&root, "sector-full"));
    // Another sector takes them again.
    click(&root, "deploy-at-a1-l3");
    tick().await;
    assert!(!disabled(&root, "place-dummy"));
    assert!(find(&root, "sector-full").is_none());
}

#[wasm_bindgen_test]
async fn a_move_that_rolled_for_bogging_ends_its_selection() {
    let mut setup: Setup = sample_setup();
    setup.options.bogging = true;
    setup.terrain.push(SectorGround { sector: s(2, 2), ground: Terrain::Woods, road: false, impassable: false });
    let mut c = C::new(setup).unwrap();
    let back: Vec<_> = all_deployment().into_iter().filter(|x| x.line >= 3).collect();
    deploy_over(&mut c, &back);
    to_battle(&mut c, FRONTS, vec![], first_six);
    ok(&mut c, Decision::RollEvent, &[1]);
    let (root, ro) = play(c, None);
    tick().await;
    click(&root, "map-a2-l1");
    tick().await;
    click(&root, "mover-2-2");
    tick().await;
    click(&root, "map-a2-l2");
    tick().await;
    click(&root, "face-6");
    tick().await;
    assert_eq!(place_of(&ro, unit(1, 2)), Place::On(s(2, 2)));
    assert!(find(&root, "path-line").is_none(), "the moved tank is no longer chosen");
    // The next tap picks a sector, not a step of the old path.
    click(&root, "map-a2-l1");
    tick().await;
    assert!(find(&root, "path-line").is_none());
    assert!(find(&root, "mover-2-4").is_some());
}

/// Turn 1, the rifle division's HQ and two rifle battalions in A1 L2 and the defender's two
/// dice both hit: the umpire names two of three.
fn two_hits() -> C {
    let mut c = deployed();
    to_battle(&mut c, FRONTS, vec![], first_six);
    ok(&mut c, Decision::RollEvent, &[1]);
    for u in 0..3 {
        ok(&mut c, Decision::Move { unit: unit(0, u), path: vec![s(1, 2)], exit: false }, &[]);
    }
    no_fire(&mut c);
    ok(&mut c, Decision::CombatRoll, &[6, 6]);
    c
}

#[wasm_bindgen_test]
async fn the_losses_to_name_show_before_the_umpire_picks() {
    let (root, ro) = mount(two_hits(), Some(Seat(0)), || view! { <PhaseView/> });
    tick().await;
    assert!(text(&root, "losses-due").contains("2 losses of the attackers"), "{}", text(&root, "losses-due"));
    assert!(disabled(&root, "allocate-losses"));
    click(&root, "loss-unit-1-1");
    tick().await;
    assert_eq!(text(&root, "losses-why"), "Pick 2: 1 picked so far.");
    assert!(disabled(&root, "allocate-losses"));
    click(&root, "loss-unit-1-2");
    tick().await;
    assert!(find(&root, "losses-why").is_none());
    assert!(!disabled(&root, "allocate-losses"));
    click(&root, "allocate-losses");
    tick().await;
    assert_eq!(place_of(&ro, unit(0, 1)), Place::Killed);
}

#[wasm_bindgen_test]
async fn the_movement_panel_counts_a_headless_divisions_moves() {
    let mut c = hq_lost();
    ok(&mut c, Decision::ReplaceHq { division: 0, choice: HqChoice::ChainOfCommand, unit: unit(0, 3) }, &[1]);
    ok(&mut c, Decision::EndTurn, &[]);
    ok(&mut c, Decision::RollEvent, &[1]);
    ok(&mut c, Decision::Move { unit: unit(0, 3), path: vec![s(1, 2)], exit: false }, &[]);
    let (root, _ro) = play(c, Some(Seat(1)));
    tick().await;
    let line = text(&root, "headless-moves");
    assert!(line.starts_with("47th Guards Rifle Division has no HQ: 1 of 7 moved"), "{line}");
}

#[wasm_bindgen_test]
async fn the_turn_line_says_the_fog_lifts_and_on_call_fire_counts_what_is_left() {
    let mut c = deployed();
    to_battle(&mut c, FRONTS, vec![], first_six);
    quiet_turn(&mut c, 3); // thick fog settles
    ok(&mut c, Decision::RollEvent, &[3]); // and lifts
    assert!(!c.state().fog);
    let (root, ro) = play(c, None);
    tick().await;
    assert!(text(&root, "turn-line").contains("The fog lifts"), "{}", text(&root, "turn-line"));
    assert!(!text(&root, "turn-line").contains("Thick fog"));
    ro.campaign.update(|c| {
        c.decide(Decision::EndMovement, field_desk::engine::DiceInput::Typed(vec![])).unwrap();
        c.decide(Decision::EndDefenderMovement, field_desk::engine::DiceInput::Typed(vec![])).unwrap();
    });
    tick().await;
    assert_eq!(phase(&ro), Phase::OnCallBombardment);
    assert!(text(&root, "on-call-left").contains("8 missions"), "{}", text(&root, "on-call-left"));
}
