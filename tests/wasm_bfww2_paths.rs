//! Battlefront: WW2 paths played through the real step components in headless Chromium, with
//! the dice typed as a player does with dice in hand: the purchases of a refit (off-board
//! artillery with its smoke roll and pre-registered points, aircraft, FPP and a fortification),
//! a reinforcement, combining two under-strength elements, a removal roll against an enemy
//! wreck, hidden units and spotting, ammunition and turn-record rolls in the battle, escape
//! rolls and a fortification revealed in cleanup. Each checks what the screen shows before the
//! roll (modifiers, odds) and after it (the roster, balance or ledger).
#![cfg(target_arch = "wasm32")]

use field_desk::engine::Seat;
use field_desk::systems::bfww2_campaign::eligibility::Posture;
use field_desk::systems::bfww2_campaign::refit::{ratings_due, withdrawals_due};
use field_desk::systems::bfww2_campaign::sample::{sample_setup, GERMAN, RUSSIAN};
use field_desk::systems::bfww2_campaign::seats::seat;
use field_desk::systems::bfww2_campaign::tables::{Ammo, Status};
use field_desk::systems::bfww2_campaign::{Decision, Phase, Rating, Report};
use leptos::prelude::*;
use wasm_bindgen_test::*;

#[path = "support/wasm_bfww2.rs"]
mod support;
use support::*;

wasm_bindgen_test_configure!(run_in_browser);

const UMPIRE: Option<Seat> = Some(Seat(0));

fn lost(n: u16) -> Report {
    Report { lost: n, ..Report::default() }
}

/// From a cleanup to the next scenario's refit with both CPP rolled and every roll due taken
/// (retained, no change): postures Russian attack, German defend.
fn next_refit(c: &mut C) {
    ok(c, Decision::EndCleanup, &[]);
    ok(c, Decision::ChoosePosture { side: RUSSIAN, posture: Posture::Attack }, &[]);
    ok(c, Decision::ChoosePosture { side: GERMAN, posture: Posture::Defend }, &[]);
    for side in [RUSSIAN, GERMAN] {
        ok(c, Decision::RollCpp { side }, &[7]);
        for me in withdrawals_due(c.setup(), c.state(), side) {
            ok(c, Decision::RollWithdrawal { side, me }, &[5]);
        }
        for me in ratings_due(c.setup(), c.state(), side) {
            ok(c, Decision::RollRating { side, me }, &[50]);
        }
    }
}

fn cpp(open: &Bw, side: u8) -> u32 {
    open.campaign.with_untracked(|c| c.state().side(side).cpp.balance())
}

#[wasm_bindgen_test]
async fn artillery_smoke_preregistered_points_aircraft_fpp_and_a_fortification_are_bought() {
    let (root, open) = mount(C::new(sample_setup()).unwrap());
    tick().await;
    click(&root, "reveal-side2");
    tick().await;
    // 23 December: the German 9 - 2 = 7 gives +14 CPP.
    type_dice(&root, "9");
    tick().await;
    assert_eq!(cpp(&open, GERMAN), 14);
    click(&root, "refit-step-artillery");
    tick().await;
    fill(&root, "artillery-count", "1");
    click(&root, "buy-artillery");
    tick().await;
    assert_eq!(cpp(&open, GERMAN), 9, "one O3 module for 5 CPP");
    assert!(text(&root, "battery-O3").contains("O3: 1 held"), "{}", text(&root, "battery-O3"));
    // The smoke roll: odds first (one, two or three missions on the d10), then 9: three.
    let odds = text(&root, "odds");
    assert!(odds.contains("%"), "odds before the smoke roll: {odds}");
    type_dice(&root, "9");
    tick().await;
    assert!(text(&root, "battery-O3").contains("3 smoke missions"), "{}", text(&root, "battery-O3"));
    assert!(find(&root, "dice-input").is_none(), "one smoke roll per module bought");
    fill(&root, "prereg-O3", "2");
    click(&root, "prereg-buy-O3");
    tick().await;
    assert!(text(&root, "battery-O3").contains("2 pre-registered points"));
    assert_eq!(cpp(&open, GERMAN), 7, "two pre-registered points at 1 CPP each");
    // A third point is refused: two a module.
    fill(&root, "prereg-O3", "1");
    click(&root, "prereg-buy-O3");
    tick().await;
    assert!(find(&root, "error").is_some(), "a third pre-registered point says why");
    assert_eq!(cpp(&open, GERMAN), 7);
    // Aircraft: one extra CPP is +1 on the roll, shown before it; 7 + 1 = 8 gives two.
    click(&root, "refit-step-aircraft");
    tick().await;
    fill(&root, "aircraft-extra", "1");
    tick().await;
    assert!(text(&root, "modifiers").contains("+1"), "{}", text(&root, "modifiers"));
    assert!(text(&root, "odds").contains("%"));
    type_dice(&root, "7");
    tick().await;
    assert_eq!(cpp(&open, GERMAN), 2, "4 CPP and the extra one");
    let flights = open.campaign.with_untracked(|c| c.state().side(GERMAN).flights.clone());
    assert_eq!((flights.len(), flights[0].aircraft), (1, 2));
    assert!(text(&root, "refit-step").contains("a flight of 2 for day 1"));
    // FPP through the chart, then a minefield with them, secret and placed at the next setup.
    click(&root, "refit-step-fortify");
    tick().await;
    click(&root, "buy-fpp");
    tick().await;
    assert_eq!(text(&root, "refit-balance"), "CPP 0 \u{00B7} FPP 2");
    click(&root, "buy-fort");
    tick().await;
    assert!(text(&root, "error").contains("Say where"), "a fortification needs a place");
    choose(&root, "fort-kind", "Minefield");
    fill(&root, "fort-place", "Hill 112");
    click(&root, "buy-fort");
    tick().await;
    assert_eq!(text(&root, "refit-balance"), "CPP 0 \u{00B7} FPP 0");
    assert!(text(&root, "own-forts").contains("Minefield at Hill 112 (hidden)"));
    let ledger: Vec<i32> =
        open.campaign.with_untracked(|c| c.state().side(GERMAN).cpp.lines.iter().map(|l| l.amount).collect());
    assert_eq!(ledger, [14, -5, -2, -5, -2]);
    assert_eq!(open.reader.get_untracked(), Some(seat(GERMAN)), "the refit stays behind the same hand-over");
}

#[wasm_bindgen_test]
async fn a_reinforcement_joins_the_roster_at_its_rows_rating_and_cost() {
    let mut c = C::new(sample_setup()).unwrap();
    ok(&mut c, Decision::RollCpp { side: RUSSIAN }, &[7]);
    let (root, open) = mount(c);
    tick().await;
    click(&root, "reveal-side1");
    tick().await;
    click(&root, "refit-step-reinforce");
    tick().await;
    click(&root, "reinforce");
    tick().await;
    assert!(text(&root, "error").contains("name"), "a nameless element is refused with a reason");
    choose(&root, "reinforce-rg", "TB");
    fill(&root, "reinforce-name", "110th Tank Brigade");
    fill(&root, "reinforce-type", "T-34 battalion");
    choose(&root, "reinforce-class", "Armour");
    fill(&root, "reinforce-stands", "10");
    fill(&root, "reinforce-vehicles", "10");
    click(&root, "reinforce");
    tick().await;
    assert_eq!(cpp(&open, RUSSIAN), 6, "14 - 8 for a tank battalion");
    let new = open.campaign.with_untracked(|c| c.state().side(RUSSIAN).roster.last().unwrap().clone());
    assert_eq!(
        (new.me.name.as_str(), new.me.stands, new.me.vehicles, new.rating()),
        ("110th Tank Brigade", 10, 10, Rating::Trained)
    );
    assert!(text(&root, "refit-balance").contains("CPP 6"));
}

#[wasm_bindgen_test]
async fn two_under_strength_infantry_elements_combine_one_step_below_the_better() {
    let mut c = at_results();
    enter_results(
        &mut c,
        &[
            (RUSSIAN, "MR-1", lost(6)),
            (RUSSIAN, "MR-2", lost(7)),
            (RUSSIAN, "TB-1", Report { lost: 1, afvs_knocked_out: 1, ..Report::default() }),
        ],
    );
    next_refit(&mut c);
    let (root, open) = mount(c);
    tick().await;
    click(&root, "reveal-side1");
    tick().await;
    click(&root, "refit-step-combine");
    tick().await;
    // TB-1 has lost one tank in ten: not under strength.
    choose(&root, "combine-into", "TB-1");
    choose(&root, "combine-from", "MR-1");
    click(&root, "combine");
    tick().await;
    assert!(find(&root, "error").is_some(), "a combining the rules refuse says why");
    choose(&root, "combine-into", "MR-1");
    choose(&root, "combine-from", "MR-2");
    click(&root, "combine");
    tick().await;
    let (mr1, mr2) = open.campaign.with_untracked(|c| {
        let st = c.state().side(RUSSIAN);
        (st.element("MR-1").unwrap().clone(), st.element("MR-2").unwrap().clone())
    });
    // 6 + 5 stands, one command stand kept; trained and raw give raw (one below trained).
    assert_eq!((mr1.me.stands, mr1.rating(), mr2.eliminated), (10, Rating::Raw, true));
    assert!(text(&root, "refit-step").contains("MR-1 24th Motor Rifle Brigade, 1st battalion (10 of 10 stands)"));
}

#[wasm_bindgen_test]
async fn a_removal_roll_destroys_an_enemy_wreck_behind_the_line() {
    let mut c = at_results();
    let tb1 = Report { lost: 5, afvs_knocked_out: 4, afvs_abandoned: 1, ..Report::default() };
    enter_results(&mut c, &[(RUSSIAN, "TB-1", tb1)]);
    next_refit(&mut c);
    ok(&mut c, Decision::BuyFpp { side: GERMAN, rg: s("F"), count: 1 }, &[]);
    let (root, open) = mount(c);
    tick().await;
    click(&root, "reveal-side2");
    tick().await;
    click(&root, "refit-step-removal");
    tick().await;
    choose(&root, "removal-what", "Enemy wreck");
    tick().await;
    // A wreck is named in text (an enemy element's ID); a fortification is picked from those
    // revealed (`wasm_bfww2_losses.rs`).
    fill(&root, "removal-place", "TB-1");
    tick().await;
    // 6 or more eliminates: 50% on the d10 with no modifier.
    let odds = text(&root, "odds");
    assert!(odds.contains("Eliminated") && odds.contains("50%"), "{odds}");
    type_dice(&root, "6");
    tick().await;
    let (wrecks, fpp) = open.campaign.with_untracked(|c| {
        (c.state().side(RUSSIAN).element("TB-1").unwrap().wrecks, c.state().side(GERMAN).fpp.balance())
    });
    assert_eq!((wrecks, fpp), (3, 1));
    assert!(text(&root, "refit-balance").contains("FPP 1"));
}

#[wasm_bindgen_test]
async fn a_hidden_element_is_deployed_hidden_and_spotted_by_the_umpire() {
    let mut c = C::new(sample_setup()).unwrap();
    for side in [RUSSIAN, GERMAN] {
        ok(&mut c, Decision::RollCpp { side }, &[7]);
        ok(&mut c, Decision::EndRefit { side }, &[]);
    }
    ok(&mut c, Decision::RevealPostures, &[]);
    let (root, open) = mount(c);
    tick().await;
    click(&root, "reveal-side1");
    tick().await;
    tick_box(&root, "field-TB-2", false);
    tick().await;
    assert!(find(&root, "hide-TB-2").is_none(), "only a fielded element may start hidden");
    tick_box(&root, "hide-MR-2", true);
    click(&root, "choose-forces");
    tick().await;
    let f = open.campaign.with_untracked(|c| c.state().side(RUSSIAN).forces.clone().unwrap());
    assert_eq!(f.hidden, [s("MR-2")]);
    assert!(!f.elements.contains(&s("TB-2")));
    click(&root, "reveal-side2");
    tick().await;
    click(&root, "choose-forces");
    tick().await;
    assert_eq!(text(&root, "phase-title"), "The battle");
    // The table's screen names no hidden element; the umpire's shows it to spot.
    assert!(!root.inner_text().contains("MR-2"), "{}", root.inner_text());
    open.holder.set(UMPIRE);
    tick().await;
    assert!(text(&root, "hidden-units").contains("MR-2"));
    click(&root, "spot-MR-2");
    tick().await;
    assert!(find(&root, "hidden-units").is_none());
    assert!(open.campaign.with_untracked(|c| c.view(Some(seat(GERMAN))).side(RUSSIAN).element("MR-2").is_some()));
}

#[wasm_bindgen_test]
async fn ammunition_and_turn_record_rolls_in_the_battle() {
    let mut c = at_results();
    enter_results(&mut c, &[(RUSSIAN, "MR-2", lost(2))]);
    ok(&mut c, Decision::SetStatus { side: RUSSIAN, me: s("MR-2"), status: Status::CutOff, stands: 3 }, &[]);
    next_refit(&mut c);
    for side in [RUSSIAN, GERMAN] {
        ok(&mut c, Decision::EndRefit { side }, &[]);
    }
    ok(&mut c, Decision::RevealPostures, &[]);
    for side in [RUSSIAN, GERMAN] {
        let elements = c.state().side(side).roster.iter().map(|e| e.me.id.clone()).collect();
        ok(&mut c, Decision::ChooseForces { side, elements, artillery: vec![], aircraft: false, hidden: vec![] }, &[]);
    }
    let (root, open) = mount_as(c, UMPIRE);
    tick().await;
    assert_eq!(text(&root, "phase-title"), "The battle");
    // MR-2 began cut off: it rolls each time it fires, and a 1 makes it short.
    assert!(text(&root, "ammo-rolls").contains("MR-2"));
    assert!(text(&root, "ammo-rolls").contains("%"), "odds before the ammunition roll");
    type_dice(&find(&root, "ammo-rolls").unwrap(), "1");
    tick().await;
    assert_eq!(open.campaign.with_untracked(|c| c.state().side(RUSSIAN).element("MR-2").unwrap().ammo), Ammo::Short);
    // The turn-record chart at turn 11: 2 goes on, and at turn 12 a 2 ends it.
    let card = text(&root, "turn-record");
    assert!(card.contains("turn 11") && card.contains("%"), "{card}");
    let dice = find(&root, "turn-record").unwrap();
    type_dice(&dice, "2");
    tick().await;
    assert!(text(&root, "turn-record").contains("turn 12"));
    type_dice(&find(&root, "turn-record").unwrap(), "2");
    tick().await;
    assert_eq!(text(&root, "phase-title"), "Battle results");
    assert_eq!(open.campaign.with_untracked(|c| c.state().calendar.last().unwrap().turns), Some(12));
}

#[wasm_bindgen_test]
async fn escape_rolls_with_their_modifiers_and_a_fortification_revealed_in_cleanup() {
    let mut c = C::new(sample_setup()).unwrap();
    ok(&mut c, Decision::RollCpp { side: RUSSIAN }, &[10]);
    ok(&mut c, Decision::BuyFpp { side: RUSSIAN, rg: s("F"), count: 1 }, &[]);
    ok(&mut c, Decision::BuyFortification { side: RUSSIAN, kind: s("Wire"), place: s("Farm") }, &[]);
    ok(&mut c, Decision::EndRefit { side: RUSSIAN }, &[]);
    ok(&mut c, Decision::RollCpp { side: GERMAN }, &[7]);
    ok(&mut c, Decision::EndRefit { side: GERMAN }, &[]);
    ok(&mut c, Decision::RevealPostures, &[]);
    for side in [RUSSIAN, GERMAN] {
        let elements = c.state().side(side).roster.iter().map(|e| e.me.id.clone()).collect();
        ok(&mut c, Decision::ChooseForces { side, elements, artillery: vec![], aircraft: false, hidden: vec![] }, &[]);
    }
    ok(&mut c, Decision::EndBattle { turns: 12 }, &[]);
    enter_results(&mut c, &[]);
    ok(&mut c, Decision::SetStatus { side: RUSSIAN, me: s("MR-2"), status: Status::CutOff, stands: 2 }, &[]);
    let (root, open) = mount_as(c, UMPIRE);
    tick().await;
    click(&root, "cleanup-step-escape");
    tick().await;
    choose(&root, "escape-me", "0:MR-2");
    tick().await;
    // Cut off -2, Russian +1, shown before the roll.
    let mods = text(&root, "modifiers");
    assert!(mods.contains("-2") && mods.contains("+1") && mods.contains("Total -1"), "{mods}");
    assert!(text(&root, "odds").contains("Eliminated"));
    type_dice(&root, "4");
    tick().await;
    let mr2 = |open: &Bw| open.campaign.with_untracked(|c| c.state().side(RUSSIAN).element("MR-2").unwrap().clone());
    assert_eq!((mr2(&open).me.stands, mr2(&open).pocket), (12, 1), "4 - 1 escapes and rejoins");
    type_dice(&root, "1");
    tick().await;
    assert_eq!(
        (mr2(&open).me.stands, mr2(&open).pocket, mr2(&open).status),
        (11, 0, Status::Normal),
        "1 - 1 is eliminated"
    );
    assert!(find(&root, "no-escapes").is_some(), "no pocket left: no escape roll");
    // The Russian wire inside the German's control is placed on the map: the German sees it.
    click(&root, "cleanup-step-forts");
    tick().await;
    click(&root, "reveal-fort-0-0");
    tick().await;
    assert!(open.campaign.with_untracked(|c| c
        .view(Some(seat(GERMAN)))
        .side(RUSSIAN)
        .forts
        .iter()
        .any(|f| f.kind == "Wire" && f.revealed)));
    assert!(find(&root, "no-hidden-forts").is_some());
    assert_eq!(open.campaign.with_untracked(|c| c.state().phase), Phase::Cleanup);
}
