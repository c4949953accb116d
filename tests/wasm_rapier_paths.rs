//! Rapier Offensive paths played through the real screens (the battle map above the step, as
//! on the campaign screen) in headless Chromium, with the dice typed or tapped: halting and
//! bogging under the terrain options, the Staff Officer taking over a division (and the seat
//! names after the swap), the Corps Reserve released, the air strikes and the extra
//! ammunition, the umpire's whole turn of defender moves under one reveal, and the summary
//! under the advanced victory conditions.
#![cfg(target_arch = "wasm32")]

use field_desk::engine::Seat;
use field_desk::systems::rapier_offensive::grid::{Frontage, Sector};
use field_desk::systems::rapier_offensive::optional::Terrain;
use field_desk::systems::rapier_offensive::sample::sample_setup;
use field_desk::systems::rapier_offensive::state::{CounterPlace, Place, UnitRef};
use field_desk::systems::rapier_offensive::terrain::SectorGround;
use field_desk::systems::rapier_offensive::{Decision, Phase, Setup};
use leptos::prelude::*;
use wasm_bindgen_test::*;

#[path = "support/wasm_rapier.rs"]
mod rapier;
use rapier::*;

wasm_bindgen_test_configure!(run_in_browser);

// ---- 1. halting and bogging ----------------------------------------------------------

#[wasm_bindgen_test]
async fn halting_refuses_a_move_through_woods_and_bogging_stops_a_tank_on_a_low_die() {
    let mut setup: Setup = sample_setup();
    setup.options.halting = true;
    setup.options.bogging = true;
    setup.terrain.push(SectorGround { sector: s(2, 2), ground: Terrain::Woods, road: false, impassable: false });
    let mut c = C::new(setup).unwrap();
    // The defenders keep out of L2: A2 L2 is empty woods.
    let back: Vec<Sector> = all_deployment().into_iter().filter(|x| x.line >= 3).collect();
    deploy_over(&mut c, &back);
    to_battle(&mut c, FRONTS, vec![], first_six);
    ok(&mut c, Decision::RollEvent, &[1]);
    let (root, ro) = play(c, None);
    tick().await;
    assert_eq!(text(&root, "phase-title"), "Attacker movement");
    assert!(text(&root, "map-a2-l2").contains("Woods"), "the ground is drawn on the map");

    // 1/19th Tank Bde (unit 2 of the tank corps) at A2 L1: through the woods into A2 L3 is refused.
    click(&root, "map-a2-l1");
    tick().await;
    click(&root, "mover-2-2");
    tick().await;
    click(&root, "map-a2-l2");
    click(&root, "map-a2-l3");
    tick().await;
    assert!(text(&root, "path-line").contains("A2 L2 \u{2192} A2 L3"), "path: {}", text(&root, "path-line"));
    assert_eq!(text(&root, "move-problem"), "A2 L2 is difficult ground: a move may end there but not pass through.");
    assert!(find(&root, "dice").is_none(), "no roll for a refused move");

    // Into the woods only: one bogging die, armour needs a 4. A 3 bogs the tank down.
    click(&root, "map-a2-l3");
    tick().await;
    assert!(find(&root, "move-problem").is_none());
    assert!(text(&root, "dice-spec").starts_with("1d6"), "spec: {}", text(&root, "dice-spec"));
    let odds = text(&root, "odds");
    assert!(odds.contains("Bogs down where it is50%") && odds.contains("Moves as ordered50%"), "odds: {odds}");
    click(&root, "face-3");
    tick().await;
    assert_eq!(place_of(&ro, unit(1, 2)), Place::On(s(2, 1)), "bogged down where it was");
    assert!(ro.campaign.with_untracked(|c| c.state().units[c.state().index_of(unit(1, 2)).unwrap()].moved));
    let log = ro.campaign.with_untracked(|c| c.last_entry_for(None).unwrap_or_default());
    assert!(log.contains("bogs down"), "log: {log}");

    // The next tank (unit 4) types a 4 and gets in.
    click(&root, "map-a2-l1");
    tick().await;
    assert!(find(&root, "mover-2-2").unwrap().has_attribute("disabled"), "the bogged tank has moved");
    click(&root, "mover-2-4");
    tick().await;
    click(&root, "map-a2-l2");
    tick().await;
    type_dice(&root, "4");
    tick().await;
    assert_eq!(place_of(&ro, unit(1, 4)), Place::On(s(2, 2)));
    assert_eq!(phase(&ro), Phase::AttackerMovement);
}

// ---- 2. the Staff Officer takes over ------------------------------------------------

#[wasm_bindgen_test]
async fn the_staff_officer_takes_over_a_division_and_the_seats_are_named_after_the_swap() {
    let (root, ro) = play(hq_lost(), None);
    tick().await;
    // The table: the Corps Commander is asked for, by name.
    assert!(text(&root, "reveal-corps").contains("Corps Commander"));
    click(&root, "reveal-corps");
    tick().await;
    click(&root, "hq-staff");
    click(&root, "hq-unit-1-3");
    tick().await;
    assert!(find(&root, "dice").is_none(), "the Staff Officer takes over without a roll");
    click(&root, "replace-hq");
    tick().await;
    assert!(ro.campaign.with_untracked(|c| c.state().units[3].made_hq), "3/137th Gds is the HQ");
    assert_eq!(ro.campaign.with_untracked(|c| c.state().staff_swaps.clone()), vec![0]);
    assert_eq!(ro.peek.get_untracked(), None, "covered again after the choice");
    assert!(find(&root, "headless").is_none());
    // The sample's Staff Officer ("Staff Officer") now commands the rifle division, and its
    // commander ("Rifle division") is the Staff Officer.
    let now = text(&root, "seats-now");
    assert!(now.contains("Rifle division (Staff Officer)"), "seats: {now}");
    assert!(now.contains("Staff Officer (47th Guards Rifle Division)"), "seats: {now}");
    assert_eq!(ro.seat_name(Seat(2)), "Rifle division (Staff Officer)");
    assert_eq!(ro.seat_name(Seat(3)), "Staff Officer (47th Guards Rifle Division)");
    assert_eq!(ro.seat_name(Seat(4)), "Tank corps (26th Tank Corps)", "the others keep their seats");
    let log = ro.campaign.with_untracked(|c| c.last_entry_for(None).unwrap_or_default());
    assert!(log.contains("The Staff Officer takes command of 47th Guards Rifle Division"), "log: {log}");
    click(&root, "end-turn");
    tick().await;
    assert_eq!(phase(&ro), Phase::RandomEvent);
}

// ---- 3. the Corps Reserve -------------------------------------------------------------

#[wasm_bindgen_test]
async fn the_corps_reserve_is_released_at_the_command_post_to_a_division_and_to_one_without_a_frontage() {
    let mut c = deployed();
    // The cavalry division is held whole in R2 (no frontage), with the rifle division's
    // II/Arty Regt (unit 15).
    let cavalry = c.setup().attackers[2].units.len() as u16;
    let mut r2: Vec<UnitRef> = (0..cavalry).map(|u| unit(2, u)).collect();
    r2.push(unit(0, 15));
    to_battle(&mut c, [Frontage::new(1, 1), Frontage::new(2, 3), None], r2, first_six);
    ok(&mut c, Decision::RollEvent, &[1]);
    let (root, ro) = play(c, None);
    tick().await;
    assert!(find(&root, "reserves").is_none(), "the reserves stay behind the hand-over");
    click(&root, "reveal-corps");
    tick().await;
    assert!(text(&root, "map-r2").contains(&format!("{} units", cavalry + 1)), "R2: {}", text(&root, "map-r2"));
    click(&root, "release-1-15-to-1");
    tick().await;
    assert_eq!(place_of(&ro, unit(0, 15)), Place::DivisionReserve);
    assert!(find(&root, "reserves").is_none(), "covered after the release");
    assert!(!text(&root, "map-r1").contains("D1"), "the table does not see the reserves: {}", text(&root, "map-r1"));

    // A cavalry squadron to its own division, which has no frontage yet: it gets A4.
    click(&root, "reveal-corps");
    tick().await;
    assert!(text(&root, "map-r1").contains("D1: 10"), "R1 (nine left behind, one released): {}", text(&root, "map-r1"));
    assert!(find(&root, "release-1-15-to-1").is_none(), "a released unit has moved");
    click(&root, "release-front-4-4");
    click(&root, "release-3-1-to-3");
    tick().await;
    assert_eq!(place_of(&ro, unit(2, 1)), Place::DivisionReserve);
    assert_eq!(ro.campaign.with_untracked(|c| c.state().frontage(2)), Frontage::new(4, 4));
    assert!(find(&root, "frontage-3").is_none(), "the orders are the command post's");
    // The released unit came up this turn: it may not also enter L1.
    click(&root, "reveal-corps");
    tick().await;
    assert!(find(&root, "frontage-3").is_some(), "the new frontage is drawn for the command post");
    assert!(text(&root, "map-r1").contains("D3: 1"), "R1: {}", text(&root, "map-r1"));
    click(&root, "map-a4-l1");
    tick().await;
    assert!(find(&root, "enter-3-1").is_none());
    assert!(find(&root, "enter-1-6").is_some(), "units of R1 that have not moved may enter");
}

// ---- 4. air strikes and extra ammunition ---------------------------------------------

/// The sample spread over L2-L5, the rifle division's mortars (unit 13) on A1 L1, turn 1 with
/// the event `die`, on to the support fire of `side`.
fn support_turn(die: u16, attacker: bool) -> C {
    let mut c = deployed();
    to_battle(&mut c, FRONTS, vec![], |d, u| if d == 0 { u < 5 || u == 13 } else { u < 6 });
    ok(&mut c, Decision::RollEvent, &[die]);
    for d in [Decision::EndMovement, Decision::EndDefenderMovement, Decision::EndOnCall] {
        ok(&mut c, d, &[]);
    }
    if attacker {
        ok(&mut c, Decision::EndSupport, &[]);
        assert_eq!(c.state().phase, Phase::AttackerSupport);
    } else {
        assert_eq!(c.state().phase, Phase::DefenderSupport);
    }
    c
}

#[wasm_bindgen_test]
async fn the_attackers_air_strike_destroys_a_face_down_counter_on_a_six() {
    let (root, ro) = play(support_turn(4, true), None);
    tick().await;
    assert!(text(&root, "turn-line").contains("Attacker air strike"));
    click(&root, "air-strike");
    tick().await;
    click(&root, "map-a3-l4");
    tick().await;
    let target = find(&root, "support-form")
        .unwrap()
        .query_selector("[data-testid^=\"target-counter-\"]")
        .unwrap()
        .expect("a counter to strike");
    let id: u16 = target.get_attribute("data-testid").unwrap()["target-counter-".len()..].parse().unwrap();
    assert!(target.text_content().unwrap_or_default().contains("face down"), "the table sees only a counter");
    click(&root, &format!("target-counter-{id}"));
    tick().await;
    assert!(text(&root, "dice-spec").starts_with("1d6"));
    click(&root, "face-6");
    tick().await;
    ro.campaign.with_untracked(|c| {
        assert_eq!(c.state().counters[id as usize].place, CounterPlace::Gone);
        assert!(c.state().support_bonus_used);
    });
    assert!(find(&root, "air-strike").is_none(), "one air strike a turn");
    assert_eq!(phase(&ro), Phase::AttackerSupport);
}

#[wasm_bindgen_test]
async fn extra_ammunition_gives_the_mortars_two_dice_and_the_second_kills() {
    let (root, ro) = play(support_turn(6, true), None);
    tick().await;
    assert!(text(&root, "turn-line").contains("extra ammunition"));
    click(&root, "battery-unit-1-13");
    tick().await;
    tick_box(&root, "extra-ammo", true);
    click(&root, "map-a1-l2");
    tick().await;
    let target = find(&root, "support-form")
        .unwrap()
        .query_selector("[data-testid^=\"target-counter-\"]")
        .unwrap()
        .expect("a counter in A1 L2");
    let id: u16 = target.get_attribute("data-testid").unwrap()["target-counter-".len()..].parse().unwrap();
    click(&root, &format!("target-counter-{id}"));
    tick().await;
    assert!(text(&root, "dice-spec").starts_with("2d6"), "spec: {}", text(&root, "dice-spec"));
    type_dice(&root, "1 6");
    tick().await;
    let said = format!(
        "{} {} {}",
        text(&root, "dice-error"),
        text(&root, "error"),
        ro.campaign.with_untracked(|c| c.last_entry_for(None).unwrap_or_default())
    );
    ro.campaign.with_untracked(|c| {
        assert_eq!(c.state().counters[id as usize].place, CounterPlace::Gone, "the 6 of the two dice kills: {said}");
        assert!(c.state().support_bonus_used, "the extra ammunition is spent");
        assert!(c.state().units[13].fired);
    });
    assert!(find(&root, "extra-ammo").is_none());
}

#[wasm_bindgen_test]
async fn the_defenders_air_strike_is_the_umpires_and_kills_an_attacking_unit() {
    let (root, ro) = play(support_turn(5, false), Some(UMPIRE));
    tick().await;
    assert!(text(&root, "turn-line").contains("Defender air strike"));
    // The umpire holds the tablet: his panel is open.
    click(&root, "air-strike");
    tick().await;
    click(&root, "map-a1-l1");
    tick().await;
    click(&root, "target-unit-1-1");
    tick().await;
    click(&root, "face-6");
    tick().await;
    assert_eq!(place_of(&ro, unit(0, 1)), Place::Killed);
    assert!(find(&root, "air-strike").is_none());
}

// ---- 7. the umpire's defender moves under one reveal ---------------------------------

/// The first counter the umpire may still move in the sector picked.
fn first_mover(root: &web_sys::HtmlElement) -> String {
    root.query_selector("[data-testid^=\"dmover-\"]:not([disabled])")
        .unwrap()
        .and_then(|e| e.get_attribute("data-testid"))
        .unwrap_or_else(|| panic!("no counter to move in: {}", root.inner_text()))
}

/// Turn 1, the sample spread over L2-L5, the attackers' first units on L1 and not moved: the
/// defender's movement.
fn defender_moves() -> C {
    let mut c = deployed();
    to_battle(&mut c, FRONTS, vec![], first_six);
    ok(&mut c, Decision::RollEvent, &[1]);
    ok(&mut c, Decision::EndMovement, &[]);
    c
}

/// The umpire moves the first counter he may still move from one sector to the next.
async fn move_first(root: &web_sys::HtmlElement, from: &str, to: &str) {
    click(root, from);
    tick().await;
    click(root, &first_mover(root));
    tick().await;
    click(root, to);
    tick().await;
    click(root, "defender-move");
    tick().await;
}

#[wasm_bindgen_test]
async fn one_reveal_covers_the_umpires_turn_of_defender_moves_and_the_screen_is_covered_after() {
    // Over L2-L5 in piece order: A4 L5 holds a fortification and two dummies, A3 L5 a unit
    // and two dummies.
    let c = defender_moves();
    let (root, ro) = play(c, None);
    tick().await;
    assert_eq!(phase(&ro), Phase::DefenderMovement);
    let known = || root.query_selector_all("[data-face=known]").unwrap().length();
    assert_eq!(known(), 0);
    click(&root, "reveal-umpire");
    tick().await;
    assert!(known() > 0, "the umpire sees his counters");
    click(&root, "face-3");
    tick().await;
    assert_eq!(ro.peek.get_untracked(), Some(UMPIRE), "still open after the movers' roll");
    assert!(text(&root, "moves-left").contains("3 of 3 moves left"));

    // First move: a dummy of A4 L5 to A4 L4, and the panel stays open.
    move_first(&root, "map-a4-l5", "map-a4-l4").await;
    assert_eq!(ro.campaign.with_untracked(|c| c.state().defender_moved), 1);
    assert_eq!(ro.peek.get_untracked(), Some(UMPIRE), "open for the next move");
    assert!(find(&root, "defender-move-panel").is_some());
    assert!(text(&root, "moves-left").contains("2 of 3 moves left"));

    // Second move, then the umpire covers the screen before handing the tablet back.
    move_first(&root, "map-a3-l5", "map-a3-l4").await;
    assert_eq!(ro.peek.get_untracked(), Some(UMPIRE));
    click(&root, "cover");
    tick().await;
    assert_eq!(ro.peek.get_untracked(), None);
    assert_eq!(known(), 0, "covered: the table sees no identity");

    // A last move: with none left the screen covers itself.
    click(&root, "reveal-umpire");
    tick().await;
    move_first(&root, "map-a3-l5", "map-a3-l4").await;
    assert_eq!(ro.campaign.with_untracked(|c| c.state().defender_moved), 3);
    assert_eq!(ro.peek.get_untracked(), None, "no move left: covered");
    assert_eq!(known(), 0);
    assert!(find(&root, "defender-move-panel").is_none());
    click(&root, "end-defender-movement");
    tick().await;
    assert_eq!(phase(&ro), Phase::OnCallBombardment);
    assert_eq!(ro.peek.get_untracked(), None);
}

#[wasm_bindgen_test]
async fn ending_the_defenders_movement_with_the_panel_open_covers_the_screen() {
    let (root, ro) = play(defender_moves(), None);
    tick().await;
    click(&root, "reveal-umpire");
    tick().await;
    click(&root, "face-2");
    tick().await;
    assert_eq!(ro.peek.get_untracked(), Some(UMPIRE));
    click(&root, "end-defender-movement");
    tick().await;
    assert_eq!(phase(&ro), Phase::OnCallBombardment);
    assert_eq!(ro.peek.get_untracked(), None);
    assert_eq!(root.query_selector_all("[data-face=known]").unwrap().length(), 0);
}

// ---- 5. the advanced victory conditions on the summary --------------------------------

/// The tank corps (the break-through division) runs up the empty A4 and leaves the table,
/// all 17 units, by the end of turn 6; nobody takes A1 L3 and only one axis is used.
#[wasm_bindgen_test]
async fn the_summary_lowers_a_total_victory_for_each_advanced_condition_missed() {
    let mut setup: Setup = sample_setup();
    setup.options.advanced_victory = true;
    setup.advanced.objectives = vec![s(1, 3)];
    setup.advanced.wide_front = 2;
    let mut c = C::new(setup).unwrap();
    let a1_to_a3: Vec<Sector> = all_deployment().into_iter().filter(|x| x.axis <= 3).collect();
    deploy_over(&mut c, &a1_to_a3);
    let fronts = [Frontage::new(1, 1), Frontage::new(4, 4), Frontage::new(2, 3)];
    to_battle(&mut c, fronts, vec![], |d, u| d == 1 && u < 6);
    for _turn in 0..6 {
        ok(&mut c, Decision::RollEvent, &[1]);
        // Furthest first, so the stacks ahead are gone before the next arrive.
        let mut on: Vec<(u16, u8, bool)> = c
            .state()
            .units
            .iter()
            .filter(|u| u.division == Some(1))
            .filter_map(|u| match u.place {
                Place::On(x) => Some((u.origin.unit, x.line, u.origin.unit == 0)),
                _ => None,
            })
            .collect();
        on.sort_by_key(|x| std::cmp::Reverse(x.1));
        for (u, line, hq) in on {
            let reach = if hq { 1 } else { 3 };
            let (last, exit) = if 6 - line < reach { (6, true) } else { (line + reach, false) };
            let path = (line + 1..=last).map(|l| s(4, l)).collect();
            ok(&mut c, Decision::Move { unit: unit(1, u), path, exit }, &[]);
        }
        let waiting: Vec<u16> = c
            .state()
            .units
            .iter()
            .filter(|u| u.division == Some(1) && u.place == Place::DivisionReserve)
            .map(|u| u.origin.unit)
            .collect();
        for u in waiting {
            if c.state().attackers_in(s(4, 1)) < 6 {
                ok(&mut c, Decision::Enter { unit: unit(1, u), sector: s(4, 1) }, &[]);
            }
        }
        no_fire(&mut c);
        ok(&mut c, Decision::ClearMinefields, &[]);
        ok(&mut c, Decision::EndTurn, &[]);
    }
    assert_eq!(c.state().phase, Phase::GameOver);
    let (root, _) = play(c, None);
    tick().await;
    assert_eq!(text(&root, "phase-title"), "Game over");
    assert!(text(&root, "outcome-line").contains("17 of 17 (100%) of the break-through division's units"));
    assert_eq!(text(&root, "outcome"), "Minor victory");
    let advanced = text(&root, "advanced-victory");
    assert!(advanced.contains("Total victory"), "the share alone: {advanced}");
    assert!(advanced.contains("Objectives not held: A1 L3"), "{advanced}");
    assert!(advanced.contains("1 of the 2 axes"), "{advanced}");
    assert!(advanced.contains("lowered two levels"), "{advanced}");
}

#[wasm_bindgen_test]
async fn without_the_option_the_summary_says_nothing_of_advanced_conditions() {
    let mut c = deployed();
    to_battle(&mut c, FRONTS, vec![], |_, _| false);
    for _ in 0..6 {
        quiet_turn(&mut c, 1);
    }
    let (root, _) = play(c, None);
    tick().await;
    assert_eq!(text(&root, "outcome"), "Defeat");
    assert!(find(&root, "advanced-victory").is_none());
}
