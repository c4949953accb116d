//! Axis of Attack phase components in a real browser (wasm-bindgen-test in headless Chromium):
//! the secret force lists behind a hand-over screen, the casualty forms' live "would become"
//! strength (each keeping what was typed whatever the other player records), keeping a
//! platoon mobile, and the top-up before the reinforcement dice.
#![cfg(target_arch = "wasm32")]

use field_desk::engine::{Campaign, DiceInput};
use field_desk::systems::axis_of_attack::{
    sample, AxisOfAttack, Decision, Fielded, ForceList, GameResult, Phase, Side,
};
use field_desk::ui::aoa::phases::PhaseView;
use field_desk::ui::campaign::Open;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

#[path = "support/wasm.rs"]
mod wasm;
use wasm::*;

wasm_bindgen_test_configure!(run_in_browser);

fn play(c: &mut Campaign<AxisOfAttack>, d: Decision, dice: Vec<u16>) {
    c.decide(d, DiceInput::Typed(dice)).unwrap();
}

fn mount(c: Campaign<AxisOfAttack>) -> (web_sys::HtmlElement, RwSignal<Campaign<AxisOfAttack>>) {
    let root = container();
    let campaign = RwSignal::new(c);
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(Open::new(campaign, None));
        view! { <PhaseView/> }
    });
    handle.forget();
    (root, campaign)
}

#[wasm_bindgen_test]
async fn force_lists_are_handed_in_behind_a_handover_and_stay_hidden() {
    let mut c = Campaign::<AxisOfAttack>::new(sample::sample_setup()).unwrap();
    play(&mut c, Decision::ChooseArea { area: "Village".into(), shift: 0 }, vec![]);
    let (root, campaign) = mount(c);
    leptos::task::tick().await;
    assert_eq!(text(&root, "phase-title"), "Force lists");
    assert!(find(&root, "force-form").is_none(), "no list is open before a player asks");

    // Anna opens her form: the rules check it live.
    click(&root, "reveal-west");
    leptos::task::tick().await;
    assert!(text(&root, "force-form").contains("Anna (German)"));
    assert!(text(&root, "force-problem").contains("points"), "problem: {}", text(&root, "force-problem"));
    click(&root, "field-0");
    click(&root, "field-5");
    leptos::task::tick().await;
    fill(&root, "teams-0", "6");
    fill(&root, "force-points", "1600");
    leptos::task::tick().await;
    assert!(
        text(&root, "force-problem").contains("1600 points, over the 1500"),
        "problem: {}",
        text(&root, "force-problem")
    );
    // One VP more would allow 1575 only; she has none anyway.
    click(&root, "vp-points-1");
    leptos::task::tick().await;
    assert_eq!(text(&root, "points-allowed"), "Points allowed: 1575");
    click(&root, "vp-points-0");
    fill(&root, "force-points", "1450");
    leptos::task::tick().await;
    assert!(find(&root, "force-problem").is_none(), "problem: {}", text(&root, "force-problem"));
    click(&root, "submit-force");
    leptos::task::tick().await;

    // Back at the hand-over: Boris sees that a list is in, not what is in it.
    assert!(find(&root, "force-form").is_none());
    assert!(text(&root, "handover-west").contains("handed in a force list (hidden)"));
    let page = root.inner_text();
    assert!(!page.contains("Panzergrenadier") && !page.contains("1450"), "nothing of Anna's list shows: {page}");
    let f = campaign.with_untracked(|c| c.state().current().unwrap().forces[0].clone().unwrap());
    assert_eq!(f.points, 1450);
    assert_eq!(
        f.platoons,
        vec![
            Fielded { platoon: 0, teams: 6, transported: false },
            Fielded { platoon: 5, teams: 5, transported: false }
        ]
    );

    click(&root, "reveal-east");
    leptos::task::tick().await;
    assert!(text(&root, "force-form").contains("Boris (Soviet)"));
    assert!(!root.inner_text().contains("Panzergrenadier"), "Anna's platoons are not on Boris's form");
    click(&root, "hide-force");
    leptos::task::tick().await;
    assert!(find(&root, "force-form").is_none());
}

#[wasm_bindgen_test]
async fn casualty_form_previews_each_platoons_new_strength() {
    let mut c = Campaign::<AxisOfAttack>::new(sample::sample_setup()).unwrap();
    play(&mut c, Decision::ChooseArea { area: "Village".into(), shift: 0 }, vec![]);
    let west = ForceList {
        vp_for_points: 0,
        points: 1500,
        platoons: vec![
            Fielded { platoon: 0, teams: 7, transported: false },
            Fielded { platoon: 5, teams: 5, transported: false },
        ],
        air: None,
        option: None,
    };
    let east = ForceList {
        vp_for_points: 0,
        points: 1400,
        platoons: vec![Fielded { platoon: 0, teams: 8, transported: false }],
        air: None,
        option: None,
    };
    play(&mut c, Decision::SubmitForce { side: Side::West, force: west }, vec![]);
    play(&mut c, Decision::SubmitForce { side: Side::East, force: east }, vec![]);
    play(&mut c, Decision::RollWeather, vec![1]);
    play(&mut c, Decision::RecordResult(GameResult { winner: Some(Side::West), vp: [5, 2], recon: vec![] }), vec![]);
    assert_eq!(c.state().phase(), Phase::Casualties);
    let (root, campaign) = mount(c);
    leptos::task::tick().await;
    assert_eq!(text(&root, "phase-title"), "Casualties");

    // Untouched: every team still counted.
    assert!(
        text(&root, "would-become-west-0").contains("7 teams counted: full strength would become full strength"),
        "{}",
        text(&root, "would-become-west-0")
    );
    // Four left of a 5-to-7 platoon: below the minimum, gutted.
    fill(&root, "on-table-west-0", "4");
    leptos::task::tick().await;
    assert!(
        text(&root, "would-become-west-0").contains("4 teams counted: full strength would become gutted"),
        "{}",
        text(&root, "would-become-west-0")
    );
    // Six of a panzergrenadier platoon (3 squads or 2, never in between): depleted.
    fill(&root, "on-table-west-0", "6");
    leptos::task::tick().await;
    assert!(
        text(&root, "would-become-west-0").contains("would become depleted"),
        "{}",
        text(&root, "would-become-west-0")
    );
    // The winner gets his bailed tanks back: 3 working + 1 bailed is 4 of 3-to-5, under strength.
    fill(&root, "on-table-west-5", "3");
    fill(&root, "bailed-west-5", "1");
    click(&root, "immobile-west-5");
    leptos::task::tick().await;
    assert!(
        text(&root, "would-become-west-5")
            .contains("4 teams counted: full strength would become under strength, Immobile"),
        "{}",
        text(&root, "would-become-west-5")
    );
    // The loser loses his: 6 working + 2 bailed of 8 fielded (10 on the roster, 2 at home) is 8.
    fill(&root, "on-table-east-0", "6");
    fill(&root, "bailed-east-0", "2");
    leptos::task::tick().await;
    assert!(
        text(&root, "would-become-east-0").contains("8 teams counted: full strength would become under strength"),
        "{}",
        text(&root, "would-become-east-0")
    );

    // Both forms are filled in; recording Anna's must not touch what Boris typed.
    assert_eq!(value(&root, "on-table-east-0"), "6");
    click(&root, "record-casualties-west");
    leptos::task::tick().await;
    let roster = campaign.with_untracked(|c| c.state().roster(Side::West).to_vec());
    assert_eq!(roster[0].strength.name(), "Depleted");
    assert!(roster[5].immobile);
    assert!(text(&root, "casualties-west").contains("counted"));
    assert!(find(&root, "casualty-form-east").is_some(), "Boris still counts his");
    assert_eq!(value(&root, "on-table-east-0"), "6", "Boris's typed count survives Anna's record");
    assert_eq!(value(&root, "bailed-east-0"), "2");
    assert!(text(&root, "would-become-east-0").contains("8 teams counted"), "{}", text(&root, "would-become-east-0"));
    // Undoing Anna's record brings her form back with what she had typed.
    campaign.update(|c| {
        c.undo();
    });
    for _ in 0..3 {
        leptos::task::tick().await;
    }
    assert!(find(&root, "casualty-form-west").is_some(), "Anna's form is back");
    assert_eq!(value(&root, "on-table-west-0"), "6");
    assert_eq!(value(&root, "on-table-east-0"), "6");
    // Reset clears only the form it belongs to.
    click(&root, "clear-casualties-west");
    leptos::task::tick().await;
    assert_eq!(value(&root, "on-table-west-0"), "7");
    assert_eq!(value(&root, "on-table-east-0"), "6");
}

fn value(root: &web_sys::HtmlElement, testid: &str) -> String {
    let input: web_sys::HtmlInputElement = find(root, testid).unwrap_or_else(|| panic!("no {testid}")).unchecked_into();
    input.value()
}

/// Turn 1 at the casualty step: Anna fielded three panzergrenadier platoons (half-tracks).
fn at_casualties() -> Campaign<AxisOfAttack> {
    let mut c = Campaign::<AxisOfAttack>::new(sample::sample_setup()).unwrap();
    play(&mut c, Decision::ChooseArea { area: "Village".into(), shift: 0 }, vec![]);
    let f = |platoons: Vec<(u16, u16)>| ForceList {
        vp_for_points: 0,
        points: 1400,
        platoons: platoons.into_iter().map(|(platoon, teams)| Fielded { platoon, teams, transported: false }).collect(),
        air: None,
        option: None,
    };
    play(&mut c, Decision::SubmitForce { side: Side::West, force: f(vec![(0, 7), (1, 7), (2, 7)]) }, vec![]);
    play(&mut c, Decision::SubmitForce { side: Side::East, force: f(vec![(0, 10)]) }, vec![]);
    play(&mut c, Decision::RollWeather, vec![1]);
    play(&mut c, Decision::RecordResult(GameResult { winner: Some(Side::East), vp: [1, 5], recon: vec![] }), vec![]);
    c
}

#[wasm_bindgen_test]
async fn a_platoon_short_of_transport_can_be_kept_mobile_from_the_form() {
    let (root, campaign) = mount(at_casualties());
    leptos::task::tick().await;
    assert!(text(&root, "mobility-now-west-0").contains("mobile"));
    assert!(find(&root, "keep-west-0").is_none(), "no choice before the platoon is short of transport");
    click(&root, "immobile-west-0");
    leptos::task::tick().await;
    let options = text(&root, "keep-west-0");
    assert!(options.contains("Strip identical vehicles from 2nd Panzergrenadier Platoon"), "{options}");
    assert!(options.contains("Lower it to depleted"), "{options}");
    assert!(!options.contains("under strength"), "a panzergrenadier platoon has no under-strength size: {options}");
    choose(&root, "keep-west-0", "strip-1");
    leptos::task::tick().await;
    assert!(
        text(&root, "would-become-west-0").contains("full strength, mobile"),
        "{}",
        text(&root, "would-become-west-0")
    );
    choose(&root, "keep-west-0", "lower-2");
    leptos::task::tick().await;
    assert!(
        text(&root, "would-become-west-0").contains("would become depleted, mobile"),
        "{}",
        text(&root, "would-become-west-0")
    );
    choose(&root, "keep-west-0", "strip-1");
    click(&root, "record-casualties-west");
    leptos::task::tick().await;
    let roster = campaign.with_untracked(|c| c.state().roster(Side::West).to_vec());
    assert!(!roster[0].immobile && roster[1].immobile, "the 2nd platoon gave its half-tracks");
    assert!(text(&root, "casualties-west").contains("kept mobile with vehicles from 2nd Panzergrenadier Platoon"));
}

#[wasm_bindgen_test]
async fn the_top_up_is_offered_and_the_dice_start_assigned() {
    let mut c = at_casualties();
    let r = |platoon: u16, on_table: u16| field_desk::systems::axis_of_attack::PlatoonReport {
        platoon,
        on_table,
        bailed: 0,
        exited: 0,
        routed: 0,
        immobile: false,
        keep_mobile: None,
    };
    play(&mut c, Decision::RecordCasualties { side: Side::West, reports: vec![r(0, 3), r(1, 3), r(2, 7)] }, vec![]);
    play(&mut c, Decision::RecordCasualties { side: Side::East, reports: vec![r(0, 10)] }, vec![]);
    let (root, campaign) = mount(c);
    leptos::task::tick().await;
    // One platoon short: the nearest to depleted is ticked; nothing is raised yet.
    assert!(
        text(&root, "top-up-west").contains("top up to 2 depleted combat platoons"),
        "{}",
        text(&root, "top-up-west")
    );
    let first: web_sys::HtmlInputElement = find(&root, "top-up-west-0").unwrap().unchecked_into();
    let second: web_sys::HtmlInputElement = find(&root, "top-up-west-1").unwrap().unchecked_into();
    assert!(first.checked() && !second.checked());
    click(&root, "top-up-take-west");
    leptos::task::tick().await;
    let st = campaign.with_untracked(|c| c.state().clone());
    assert_eq!(st.platoon(Side::West, 0).unwrap().strength.name(), "Depleted");
    // Then the dice form, with the three dice left already on the platoon that can grow.
    assert!(text(&root, "dice-count-west").contains("3 of 3 dice assigned"), "{}", text(&root, "dice-count-west"));
    assert!(find(&root, "no-reinforcement-west").is_some(), "rolling nothing is still possible");
}

/// A platoon two levels short of depleted takes two dice to top up: the offer says "2 dice".
#[wasm_bindgen_test]
async fn the_top_up_offer_counts_dice_in_words() {
    let mut c = at_casualties();
    let r = |platoon: u16, on_table: u16| field_desk::systems::axis_of_attack::PlatoonReport {
        platoon,
        on_table,
        bailed: 0,
        exited: 0,
        routed: 0,
        immobile: false,
        keep_mobile: None,
    };
    play(&mut c, Decision::RecordCasualties { side: Side::West, reports: vec![r(0, 1), r(1, 0), r(2, 7)] }, vec![]);
    play(&mut c, Decision::RecordCasualties { side: Side::East, reports: vec![r(0, 10)] }, vec![]);
    let (root, _campaign) = mount(c);
    leptos::task::tick().await;
    let offer = text(&root, "top-up-west");
    assert!(offer.contains(" 2 dice") && !offer.contains("dies"), "{offer}");
}

/// Turn 3's force lists after Anna took a Breakthrough two sectors, her HMG platoon (roster 3)
/// left Immobile: everything she brings must be mobile or carried.
fn after_a_two_sector_breakthrough() -> Campaign<AxisOfAttack> {
    use field_desk::systems::axis_of_attack::{rules, PlatoonReport};
    let mut c = Campaign::<AxisOfAttack>::new(sample::sample_setup()).unwrap();
    let f = |platoons: &[(u16, u16)]| ForceList {
        vp_for_points: 0,
        points: 1500,
        platoons: platoons.iter().map(|&(platoon, teams)| Fielded { platoon, teams, transported: false }).collect(),
        air: None,
        option: None,
    };
    let r = |platoon: u16, on_table: u16, immobile: bool| PlatoonReport {
        platoon,
        on_table,
        bailed: 0,
        exited: 0,
        routed: 0,
        immobile,
        keep_mobile: None,
    };
    let won = GameResult { winner: Some(Side::West), vp: [5, 2], recon: vec![] };
    let west = |c: &mut Campaign<AxisOfAttack>, force: ForceList| {
        play(c, Decision::SubmitForce { side: Side::West, force }, vec![]);
        play(c, Decision::SubmitForce { side: Side::East, force: f(&[(0, 7)]) }, vec![]);
        play(c, Decision::RollWeather, vec![1]);
        play(c, Decision::RecordResult(won.clone()), vec![]);
    };
    let quiet = |c: &mut Campaign<AxisOfAttack>| {
        while matches!(c.state().phase(), Phase::Reinforcements | Phase::Exchanges) {
            let t = c.state().current().cloned().unwrap();
            let side = if c.state().phase() == Phase::Reinforcements {
                Side::BOTH.into_iter().find(|s| t.reinforcement[s.index()].is_none()).unwrap()
            } else {
                Side::BOTH.into_iter().find(|s| !t.exchanges_done[s.index()]).unwrap()
            };
            let d = if c.state().phase() == Phase::Reinforcements {
                Decision::Reinforce { side, vp: 0, assign: vec![] }
            } else {
                Decision::DoneExchanging { side }
            };
            play(c, d, vec![]);
        }
    };
    play(&mut c, Decision::ChooseArea { area: "Village".into(), shift: 0 }, vec![]);
    west(&mut c, f(&[(0, 7), (6, 3)]));
    play(
        &mut c,
        Decision::RecordCasualties { side: Side::West, reports: vec![r(0, 7, false), r(6, 3, false)] },
        vec![],
    );
    play(&mut c, Decision::RecordCasualties { side: Side::East, reports: vec![r(0, 7, false)] }, vec![]);
    quiet(&mut c);
    play(&mut c, Decision::RollMission, vec![4, 1]);
    play(&mut c, Decision::ChangeMission { side: Side::West, to: None }, vec![]);
    play(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, vec![]);
    west(&mut c, f(&[(0, 7), (3, 5)]));
    play(&mut c, Decision::MoveCampaign { sectors: 2 }, vec![]);
    play(&mut c, Decision::RecordCasualties { side: Side::West, reports: vec![r(0, 7, false), r(3, 5, true)] }, vec![]);
    play(&mut c, Decision::RecordCasualties { side: Side::East, reports: vec![r(0, 7, false)] }, vec![]);
    quiet(&mut c);
    play(&mut c, Decision::RollMission, vec![1, 1]);
    while c.state().phase() != Phase::Forces {
        let d = match c.state().phase() {
            Phase::MissionChange => Decision::ChangeMission { side: rules::change_offer(c.state()).unwrap(), to: None },
            Phase::Attacker => Decision::SetAttacker { side: Side::West },
            Phase::GameArea => Decision::ChooseArea { area: String::new(), shift: 0 },
            p => panic!("unexpected {p:?}"),
        };
        play(&mut c, d, vec![]);
    }
    assert_eq!(c.state().mobility_rule, Some(Side::West));
    c
}

#[wasm_bindgen_test]
async fn the_force_form_says_why_a_carried_platoon_needs_a_carrier() {
    let (root, _campaign) = mount(after_a_two_sector_breakthrough());
    leptos::task::tick().await;
    click(&root, "reveal-west");
    leptos::task::tick().await;
    assert!(text(&root, "mobility-rule").contains("3 teams ride on each tank"), "{}", text(&root, "mobility-rule"));
    click(&root, "field-1");
    click(&root, "field-3");
    fill(&root, "force-points", "1400");
    leptos::task::tick().await;
    // The HMGs have lost their transport: first they must be marked carried...
    assert!(text(&root, "force-problem").contains("only come if carried"), "{}", text(&root, "force-problem"));
    click(&root, "carried-3");
    leptos::task::tick().await;
    // ...then something in the list must carry them, said before the list is handed in.
    let problem = text(&root, "force-problem");
    assert!(problem.contains("\"HMG Platoon\"") && problem.contains("Tank Riders"), "{problem}");
    let submit: web_sys::HtmlButtonElement = find(&root, "submit-force").unwrap().unchecked_into();
    assert!(submit.disabled());
    // Three Panzer IIIJs take them as riders.
    click(&root, "field-5");
    leptos::task::tick().await;
    fill(&root, "teams-5", "3");
    leptos::task::tick().await;
    assert!(find(&root, "force-problem").is_none(), "problem: {}", text(&root, "force-problem"));
    assert!(!submit.disabled());
}
