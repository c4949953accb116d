//! What the Rapier Offensive wasm tests share: the page (mounting a screen, finding, reading,
//! clicking, typing dice) and the positions they start from (the sample deployed, played on
//! to the first random event, to a lost HQ), so that each test file says only what it checks.
//! Pulled in with `#[path = "support/wasm_rapier.rs"] mod rapier;`.
#![allow(dead_code)]

use field_desk::engine::Seat;
use field_desk::systems::rapier_offensive::grid::{Frontage, Sector};
use field_desk::systems::rapier_offensive::sample::sample_setup;
use field_desk::systems::rapier_offensive::state::{Place, Target, UnitRef};
use field_desk::systems::rapier_offensive::{Decision, Deployment, Phase, RapierOffensive};
use field_desk::ui::campaign::Open;
use field_desk::ui::rapier::map::BattleMap;
use field_desk::ui::rapier::map_pick;
use field_desk::ui::rapier::phases::PhaseView;
use leptos::prelude::*;

// The typed-dice steps the native Rapier suites use.
#[path = "rapier.rs"]
mod native;
pub use native::{ok, s, unit, C};

pub type Ro = Open<RapierOffensive>;

pub const UMPIRE: Seat = Seat(0);

// ---- the page ------------------------------------------------------------------------

#[path = "wasm.rs"]
mod wasm;
pub use wasm::*;
// Here an element found may be a map sector (SVG): found and read as any element.
#[allow(unused_imports)] // `all`: not every test file uses it.
pub use wasm::{find_element as find, matching as all, text_content as text};

pub fn type_dice(root: &web_sys::HtmlElement, dice: &str) {
    fill(root, "dice-input", dice);
    click(root, "dice-submit");
}

/// `view` mounted with `c` open, held by `holder`.
pub fn mount<V: IntoView + 'static>(c: C, holder: Option<Seat>, view: fn() -> V) -> (web_sys::HtmlElement, Ro) {
    let root = container();
    let open = Open::new(RwSignal::new(c), holder);
    leptos::mount::mount_to(root.clone(), move || {
        provide_context(open);
        view()
    })
    .forget();
    (root, open)
}

/// The map above the step, as the campaign screen draws them, held by `holder`.
pub fn play(c: C, holder: Option<Seat>) -> (web_sys::HtmlElement, Ro) {
    mount(c, holder, || {
        map_pick();
        view! { <BattleMap/><PhaseView/> }
    })
}

pub fn phase(ro: &Ro) -> Phase {
    ro.campaign.with_untracked(|c| c.state().phase)
}
pub fn place_of(ro: &Ro, r: UnitRef) -> Place {
    ro.campaign.with_untracked(|c| c.state().units[c.state().index_of(r).unwrap()].place)
}

// ---- positions -----------------------------------------------------------------------

/// The defender's counters in piece order over `sectors`, round and round.
pub fn deploy_over(c: &mut C, sectors: &[Sector]) {
    let counters =
        c.setup().defender_pieces().into_iter().enumerate().map(|(i, p)| (p, sectors[i % sectors.len()])).collect();
    ok(c, Decision::DeployDefenders { counters }, &[]);
}

pub fn all_deployment() -> Vec<Sector> {
    Sector::all().filter(|s| s.is_defender_deployment()).collect()
}

/// The sample with its counters spread over L2-L5 in piece order.
pub fn deployed() -> C {
    let mut c = C::new(sample_setup()).unwrap();
    deploy_over(&mut c, &all_deployment());
    c
}

/// Recon wasted, the orders given, each division's first units (`on_line(d, u)`) on L1 in
/// its frontage and the rest in R1, the TRPs plotted, no bombardment: the first random event.
pub fn to_battle(
    c: &mut C,
    frontages: [Option<Frontage>; 3],
    corps_reserve: Vec<UnitRef>,
    on_line: impl Fn(u8, u16) -> bool,
) {
    for _ in 0..3 {
        ok(c, Decision::RollRecon, &[6, 6]);
    }
    ok(c, Decision::IssueOrders { break_through: None, corps_reserve, frontages, intentions: String::new() }, &[]);
    for d in 0..3u8 {
        let axes: Vec<u8> = frontages[d as usize].map_or_else(Vec::new, |f| f.axes().collect());
        let placements: Vec<(u16, Deployment)> = c
            .state()
            .units
            .iter()
            .filter(|u| u.origin.division == d && u.place == Place::Undeployed)
            .enumerate()
            .map(|(k, u)| {
                let r = u.origin.unit;
                (r, if on_line(d, r) { Deployment::Line1 { axis: axes[k % axes.len()] } } else { Deployment::Reserve })
            })
            .collect();
        if !c.state().deployed[d as usize] {
            ok(c, Decision::DeployDivision { division: d, placements }, &[]);
        }
    }
    ok(c, Decision::PlotTrps { sectors: [s(1, 3), s(2, 3), s(3, 4), s(4, 2)] }, &[]);
    ok(c, Decision::EndBombardment, &[]);
}

pub const FRONTS: [Option<Frontage>; 3] = [Frontage::new(1, 1), Frontage::new(2, 3), Frontage::new(4, 4)];

pub fn first_six(_: u8, u: u16) -> bool {
    u < 6
}

/// From after movement to the ground combat: no defender move, no fire on call, no support.
pub fn no_fire(c: &mut C) {
    for d in [
        Decision::EndMovement,
        Decision::EndDefenderMovement,
        Decision::EndOnCall,
        Decision::EndSupport,
        Decision::EndSupport,
    ] {
        ok(c, d, &[]);
    }
}

/// A turn where nobody moves or fires, from its random event (`event`) to its end.
pub fn quiet_turn(c: &mut C, event: u16) {
    ok(c, Decision::RollEvent, &[event]);
    no_fire(c);
    ok(c, Decision::ClearMinefields, &[]);
    ok(c, Decision::EndTurn, &[]);
}

/// Turn 1: the rifle division's HQ is lost in A1 L2 (the sample spread over L2-L5).
pub fn hq_lost() -> C {
    let mut c = deployed();
    to_battle(&mut c, FRONTS, vec![], first_six);
    ok(&mut c, Decision::RollEvent, &[1]);
    for u in 0..3 {
        ok(&mut c, Decision::Move { unit: unit(0, u), path: vec![s(1, 2)], exit: false }, &[]);
    }
    no_fire(&mut c);
    ok(&mut c, Decision::CombatRoll, &[6, 6]);
    ok(&mut c, Decision::AllocateLosses { losses: vec![Target::Unit(unit(0, 0)), Target::Unit(unit(0, 1))] }, &[]);
    ok(&mut c, Decision::CombatRoll, &[5]);
    ok(&mut c, Decision::CombatRoll, &[1, 1, 6]);
    ok(&mut c, Decision::ClearMinefields, &[]);
    assert_eq!(c.state().phase, Phase::ReplaceHq);
    c
}
