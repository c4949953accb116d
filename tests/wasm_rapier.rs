//! Rapier Offensive components in a real browser (wasm-bindgen-test in headless Chromium):
//! the battle map draws face-down counters without their identities for a player and with
//! them for the umpire, and the umpire's deployment dispatches from behind the hand-over.
#![cfg(target_arch = "wasm32")]

use field_desk::engine::{Campaign, DiceInput, Seat};
use field_desk::systems::rapier_offensive::grid::{Frontage, Sector};
use field_desk::systems::rapier_offensive::sample::sample_setup;
use field_desk::systems::rapier_offensive::{Decision, Deployment, Phase, RapierOffensive};
use field_desk::ui::campaign::Open;
use field_desk::ui::rapier::map::BattleMap;
use field_desk::ui::rapier::phases::PhaseView;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

type C = Campaign<RapierOffensive>;

fn container() -> web_sys::HtmlElement {
    let doc = web_sys::window().unwrap().document().unwrap();
    let div = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&div).unwrap();
    div.unchecked_into()
}

fn all(root: &web_sys::HtmlElement, selector: &str) -> Vec<web_sys::Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.dyn_into().ok()).collect()
}

fn find(root: &web_sys::HtmlElement, testid: &str) -> Option<web_sys::HtmlElement> {
    root.query_selector(&format!("[data-testid=\"{testid}\"]")).unwrap().map(|e| e.unchecked_into())
}

fn click(root: &web_sys::HtmlElement, testid: &str) {
    find(root, testid).unwrap_or_else(|| panic!("no {testid}")).click();
}

/// The sample with its counters spread over L2-L5 in piece order.
fn deployed() -> C {
    let mut c = C::new(sample_setup()).unwrap();
    let sectors: Vec<Sector> = Sector::all().filter(|s| s.is_defender_deployment()).collect();
    let counters =
        c.setup().defender_pieces().into_iter().enumerate().map(|(i, p)| (p, sectors[i % sectors.len()])).collect();
    c.decide(Decision::DeployDefenders { counters }, DiceInput::Typed(vec![])).unwrap();
    c
}

fn mount<V: IntoView + 'static>(c: C, view: fn() -> V) -> (web_sys::HtmlElement, Open<RapierOffensive>) {
    let root = container();
    let campaign = RwSignal::new(c);
    let open = Open::new(campaign, None);
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(open);
        view()
    });
    handle.forget();
    (root, open)
}

#[wasm_bindgen_test]
async fn the_map_hides_face_down_counters_from_players_and_shows_them_to_the_umpire() {
    let (root, open) = mount(deployed(), || view! { <BattleMap/> });
    leptos::task::tick().await;
    let faces = all(&root, "[data-testid=map-counter]");
    assert_eq!(faces.len(), 50);
    for f in &faces {
        assert_eq!(f.get_attribute("data-face").as_deref(), Some("down"));
        assert_eq!(f.text_content().unwrap_or_default().trim(), "?");
    }
    let html = root.inner_html();
    for secret in ["HQ", "For", "Dum", "Min", "Art"] {
        assert!(!html.contains(&format!(">{secret}<")), "a player's map shows {secret}");
    }
    // Each sector's words tell only counts.
    let a1l2 = root.query_selector("[data-testid=\"map-a1-l2\"] .hit").unwrap().unwrap();
    assert_eq!(a1l2.get_attribute("aria-label").as_deref(), Some("A1 L2, 4 face-down counters"));

    // The umpire holds the tablet: he sees what each counter is.
    open.holder.set(Some(Seat(0)));
    leptos::task::tick().await;
    let known = all(&root, "[data-face=known]");
    assert_eq!(known.len(), 50);
    let a1l2 = find(&root, "map-a1-l2").unwrap().text_content().unwrap_or_default();
    assert!(a1l2.contains("HQ") && a1l2.contains("For") && a1l2.contains("Dum"), "umpire's A1 L2: {a1l2}");

    // The Staff Officer sees none of it either.
    open.holder.set(Some(Seat(2)));
    leptos::task::tick().await;
    assert_eq!(all(&root, "[data-face=known]").len(), 0);
}

#[wasm_bindgen_test]
async fn the_umpire_deploys_behind_the_hand_over_and_the_step_moves_on() {
    let (root, open) = mount(C::new(sample_setup()).unwrap(), || view! { <PhaseView/> });
    leptos::task::tick().await;
    assert_eq!(find(&root, "phase-title").unwrap().inner_text(), "Defender deployment");
    assert!(find(&root, "deploy-form").is_none(), "nothing open before the umpire asks");
    click(&root, "reveal-umpire");
    leptos::task::tick().await;
    assert_eq!(open.reader.get_untracked(), Some(Seat(0)));
    click(&root, "spread-rest");
    leptos::task::tick().await;
    assert!(find(&root, "deploy-form").unwrap().inner_text().contains("50 of 50 counters placed"));
    click(&root, "deploy-defenders");
    leptos::task::tick().await;
    assert_eq!(find(&root, "phase-title").unwrap().inner_text(), "Reconnaissance");
    assert_eq!(open.reader.get_untracked(), None, "the hand-over closed after the deployment");
    assert_eq!(open.campaign.with_untracked(|c| c.state().counters.len()), 50);
    // The dice widget for the recon roll is there, with its odds.
    assert!(find(&root, "odds").is_some());
}

fn ok(c: &mut C, d: Decision, dice: &[u16]) {
    c.decide(d.clone(), DiceInput::Typed(dice.to_vec())).unwrap_or_else(|e| panic!("{d:?}: {e}"));
}

#[wasm_bindgen_test]
async fn six_quiet_turns_end_on_the_summary_with_the_record_and_the_result() {
    let mut c = deployed();
    for _ in 0..3 {
        ok(&mut c, Decision::RollRecon, &[6, 6]);
    }
    let frontages = [Frontage::new(1, 1), Frontage::new(2, 3), Frontage::new(4, 4)];
    ok(
        &mut c,
        Decision::IssueOrders { break_through: None, corps_reserve: vec![], frontages, intentions: String::new() },
        &[],
    );
    for d in 0..3u8 {
        let n = c.setup().attackers[d as usize].units.len() as u16;
        let placements = (0..n).map(|u| (u, Deployment::Reserve)).collect();
        ok(&mut c, Decision::DeployDivision { division: d, placements }, &[]);
    }
    let s = |a, l| Sector::new(a, l).unwrap();
    ok(&mut c, Decision::PlotTrps { sectors: [s(1, 3), s(2, 3), s(3, 4), s(4, 2)] }, &[]);
    ok(&mut c, Decision::EndBombardment, &[]);
    for turn in 0..6u16 {
        ok(&mut c, Decision::RollEvent, &[1 + turn % 2]);
        for d in [
            Decision::EndMovement,
            Decision::EndDefenderMovement,
            Decision::EndOnCall,
            Decision::EndSupport,
            Decision::EndSupport,
        ] {
            ok(&mut c, d, &[]);
        }
        ok(&mut c, Decision::ClearMinefields, &[]);
        ok(&mut c, Decision::EndTurn, &[]);
    }
    assert_eq!(c.state().phase, Phase::GameOver);
    let (root, _) = mount(c, || view! { <PhaseView/> });
    leptos::task::tick().await;
    assert_eq!(find(&root, "phase-title").unwrap().inner_text(), "Game over");
    assert_eq!(find(&root, "outcome").unwrap().inner_text(), "Defeat");
    assert!(find(&root, "outcome-line")
        .unwrap()
        .inner_text()
        .contains("0 of the break-through division's 17 units (0%)"));
    let rows = all(&root, "[data-testid=turn-record] tbody tr");
    assert_eq!(rows.len(), 6, "one row a turn");
    assert!(rows[5].text_content().unwrap_or_default().starts_with('6'));
}

#[wasm_bindgen_test]
async fn a_lost_hq_is_replaced_at_the_command_post_with_the_chain_of_command_roll() {
    use field_desk::systems::rapier_offensive::state::{Target, UnitRef};
    let unit = |d, u| UnitRef { division: d, unit: u };
    let s = |a, l| Sector::new(a, l).unwrap();
    let mut c = deployed();
    for _ in 0..3 {
        ok(&mut c, Decision::RollRecon, &[6, 6]);
    }
    let frontages = [Frontage::new(1, 1), Frontage::new(2, 3), Frontage::new(4, 4)];
    ok(
        &mut c,
        Decision::IssueOrders { break_through: None, corps_reserve: vec![], frontages, intentions: String::new() },
        &[],
    );
    for d in 0..3u8 {
        let axes: Vec<u8> = frontages[d as usize].unwrap().axes().collect();
        let n = c.setup().attackers[d as usize].units.len() as u16;
        let placements = (0..n)
            .map(|u| {
                (u, if u < 6 { Deployment::Line1 { axis: axes[u as usize % axes.len()] } } else { Deployment::Reserve })
            })
            .collect();
        ok(&mut c, Decision::DeployDivision { division: d, placements }, &[]);
    }
    ok(&mut c, Decision::PlotTrps { sectors: [s(1, 3), s(2, 3), s(3, 4), s(4, 2)] }, &[]);
    ok(&mut c, Decision::EndBombardment, &[]);
    ok(&mut c, Decision::RollEvent, &[1]);
    // The rifle division's HQ goes into A1 L2 with two battalions, and is lost there.
    for u in 0..3 {
        ok(&mut c, Decision::Move { unit: unit(0, u), path: vec![s(1, 2)], exit: false }, &[]);
    }
    for d in [
        Decision::EndMovement,
        Decision::EndDefenderMovement,
        Decision::EndOnCall,
        Decision::EndSupport,
        Decision::EndSupport,
    ] {
        ok(&mut c, d, &[]);
    }
    ok(&mut c, Decision::CombatRoll, &[6, 6]);
    ok(&mut c, Decision::AllocateLosses { losses: vec![Target::Unit(unit(0, 0)), Target::Unit(unit(0, 1))] }, &[]);
    ok(&mut c, Decision::CombatRoll, &[5]);
    ok(&mut c, Decision::CombatRoll, &[1, 1, 6]);
    ok(&mut c, Decision::ClearMinefields, &[]);
    assert_eq!(c.state().phase, Phase::ReplaceHq);

    // The Corps Commander holds the tablet: the choice is open without a hand-over.
    let root = container();
    let campaign = RwSignal::new(c);
    let open = Open::new(campaign, Some(Seat(1)));
    leptos::mount::mount_to(root.clone(), move || {
        provide_context(open);
        view! { <PhaseView/> }
    })
    .forget();
    leptos::task::tick().await;
    assert!(find(&root, "headless").unwrap().inner_text().contains("47th Guards Rifle Division"));
    click(&root, "hq-chain");
    click(&root, "hq-unit-1-3");
    leptos::task::tick().await;
    assert!(find(&root, "odds").unwrap().inner_text().contains("A subordinate takes command"));
    click(&root, "face-4");
    leptos::task::tick().await;
    assert!(campaign.with_untracked(|c| c.state().units[3].made_hq), "3/137th Gds is the HQ now");
    assert!(find(&root, "headless").is_none());
    click(&root, "end-turn");
    leptos::task::tick().await;
    assert_eq!(find(&root, "phase-title").unwrap().inner_text(), "Random event");
}
