//! The command post before the battle: the Corps Commander's initial orders (break-through
//! division, frontages, the Corps Reserve), each division's deployment on L1 or in its
//! reserve, the secret TRPs, and the pre-battle bombardment everyone watches.

use super::phases::{error_line, problem};
use super::pregame::ReconReport;
use super::secret::{behind, words};
use super::{map_pick, Ro};
use crate::systems::rapier_offensive::grid::{Frontage, Sector, AXES};
use crate::systems::rapier_offensive::seats::{division_commander, CORPS_COMMANDER};
use crate::systems::rapier_offensive::setup::ATTACKING_DIVISIONS;
use crate::systems::rapier_offensive::state::{Place, UnitRef};
use crate::systems::rapier_offensive::tables::{self, STACKING};
use crate::systems::rapier_offensive::{Decision, Deployment, RapierOffensive};
use crate::ui::reactive::memo;
use leptos::prelude::*;

/// Every frontage: a run of adjacent axes.
fn frontages() -> Vec<Frontage> {
    (1..=AXES).flat_map(|a| (a..=AXES).filter_map(move |b| Frontage::new(a, b))).collect()
}

#[component]
pub fn InitialOrders() -> impl IntoView {
    let ro = expect_context::<Ro>();
    view! {
        <p class="hint">"The Corps Commander's orders: break-through division, frontages, Corps Reserve. The umpire does not see them."</p>
        <ReconReport/>
        {behind(ro, vec![CORPS_COMMANDER], words("give the orders", "has given the orders", "orders-panel"), |_| false, move |_| view! { <OrdersForm/> })}
    }
}

#[component]
fn OrdersForm() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let error = RwSignal::new(None::<String>);
    let fixed = ro.setup.with_untracked(|s| s.break_through);
    let break_through = RwSignal::new(fixed);
    let fronts: [RwSignal<Option<Frontage>>; ATTACKING_DIVISIONS] =
        [RwSignal::new(Frontage::new(1, 1)), RwSignal::new(Frontage::new(2, 3)), RwSignal::new(Frontage::new(4, 4))];
    // The reserve and the intentions written so far survive a reload (kept on this device).
    let reserve = crate::ui::draft::kept::<RapierOffensive, _>("reserve", Vec::<UnitRef>::new());
    let intentions = crate::ui::draft::kept::<RapierOffensive, _>("intentions", String::new());
    let decision = move || Decision::IssueOrders {
        break_through: if fixed.is_some() { None } else { break_through.get() },
        corps_reserve: reserve.get(),
        frontages: fronts.map(|f| f.get()),
        intentions: intentions.get(),
    };
    let why = memo(move || problem(ro, &decision()));
    view! {
        <div class="orders-form" data-testid="orders-form">
            {move || why.get().map(|w| view! { <p class="warning" data-testid="orders-problem">{w}</p> })}
            <button class="btn primary big" data-testid="issue-orders" disabled=move || why.get().is_some()
                on:click=move |_| { ro.act(decision(), error); }>"Issue the orders"</button>
            {error_line(error)}
            <div class="field"><span class="label">"Break-through division"</span>
                {match fixed {
                    Some(d) => view! { <p data-testid="break-through-fixed">{format!("{} (the scenario names it)", ro.division_name(d))}</p> }.into_any(),
                    None => view! {
                        <div class="segmented">{(0..ATTACKING_DIVISIONS as u8).map(|d| view! {
                            <button type="button" class="btn seg" data-testid=format!("break-through-{}", d + 1) class:on=move || break_through.get() == Some(d)
                                aria-pressed=move || (break_through.get() == Some(d)).to_string() on:click=move |_| break_through.set(Some(d))>{ro.division_name(d)}</button>
                        }).collect_view()}</div>
                    }.into_any(),
                }}
            </div>
            {(0..ATTACKING_DIVISIONS).map(|d| {
                let f = fronts[d];
                view! {
                    <div class="field"><span class="label">{format!("Frontage of {}", ro.division_name(d as u8))}</span>
                        <div class="segmented wrap">
                            {frontages().into_iter().map(|x| view! {
                                <button type="button" class="btn seg" data-testid=format!("frontage-{}-{}-{}", d + 1, x.first, x.last) class:on=move || f.get() == Some(x)
                                    aria-pressed=move || (f.get() == Some(x)).to_string() on:click=move |_| f.set(Some(x))>{x.to_string()}</button>
                            }).collect_view()}
                            <button type="button" class="btn seg" data-testid=format!("frontage-{}-none", d + 1) class:on=move || f.get().is_none()
                                aria-pressed=move || f.get().is_none().to_string() on:click=move |_| f.set(None)>"None (all in R2)"</button>
                        </div>
                    </div>
                }
            }).collect_view()}
            <details class="reserve-pick">
                <summary>{move || format!("Corps Reserve (R2): {} units held back", reserve.with(Vec::len))}</summary>
                {(0..ATTACKING_DIVISIONS as u8).map(|d| {
                    let n = ro.setup.with_untracked(|s| s.attackers[d as usize].units.len()) as u16;
                    view! {
                        <h4>{ro.division_name(d)}</h4>
                        <div class="checks">{(0..n).map(|u| {
                            let r = UnitRef { division: d, unit: u };
                            view! {
                                <label class="check"><input type="checkbox" data-testid=format!("r2-{}-{u}", d + 1) prop:checked=move || reserve.with(|v| v.contains(&r))
                                    on:change=move |ev| { let on = event_target_checked(&ev); reserve.update(|v| { v.retain(|x| *x != r); if on { v.push(r); } }); }/>
                                    {format!(" {}", ro.unit_name(r))}</label>
                            }
                        }).collect_view()}</div>
                    }
                }).collect_view()}
            </details>
            <label class="field"><span>"Intentions (a note for the briefing)"</span>
                <textarea data-testid="intentions" prop:value=move || intentions.get() on:change=move |ev| intentions.set(event_target_value(&ev))></textarea></label>
        </div>
    }
}

#[component]
pub fn DeployAttackers() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let seats = (0..ATTACKING_DIVISIONS as u8).map(division_commander).collect();
    let done = move |seat: crate::engine::Seat| {
        ro.state.with(|s| s.deployed.get(seat.0 as usize - 3).copied().unwrap_or(true))
    };
    view! {
        <p class="hint">"Each Division Commander puts his units on L1 in his frontage or in reserve (R1)."</p>
        {behind(ro, seats, words("deploy my division", "has deployed", "deploy-division-panel"), done, move |seat| {
            let d = seat.0 - 3;
            view! { <DivisionDeployment division=d/> }
        })}
    }
}

#[component]
fn DivisionDeployment(division: u8) -> impl IntoView {
    let ro = expect_context::<Ro>();
    let error = RwSignal::new(None::<String>);
    let units: Vec<u16> = ro.state.with_untracked(|s| {
        s.units
            .iter()
            .filter(|u| u.origin.division == division && u.place == Place::Undeployed)
            .map(|u| u.origin.unit)
            .collect()
    });
    let axes: Vec<u8> = ro.state.with_untracked(|s| s.frontage(division).map_or_else(Vec::new, |f| f.axes().collect()));
    let draft = RwSignal::new(units.iter().map(|&u| (u, Deployment::Reserve)).collect::<Vec<_>>());
    let taken = move |axis: u8| {
        ro.state.with_untracked(|s| Sector::new(axis, 1).map_or(0, |x| s.attackers_in(x)))
            + draft.with(|d| d.iter().filter(|p| p.1 == Deployment::Line1 { axis }).count())
    };
    let fill_axes = axes.clone();
    let fill = move |_| {
        draft.update(|d| d.iter_mut().for_each(|p| p.1 = Deployment::Reserve));
        let mut k = 0;
        for i in 0..draft.with_untracked(Vec::len) {
            for _ in 0..fill_axes.len() {
                let axis = fill_axes[k % fill_axes.len()];
                k += 1;
                if taken(axis) < STACKING {
                    draft.update(|d| d[i].1 = Deployment::Line1 { axis });
                    break;
                }
            }
        }
    };
    let set = move |u: u16, to: Deployment| draft.update(|d| d.iter_mut().filter(|p| p.0 == u).for_each(|p| p.1 = to));
    view! {
        <div class="division-deploy" data-testid="division-deploy">
            <h3>{format!("{}: frontage {}", ro.division_name(division), axes.iter().map(|a| format!("A{a}")).collect::<Vec<_>>().join(", "))}</h3>
            <p class="info">{move || format!("On L1: {}. In R1: {}.", axes.iter().map(|&a| format!("A{a} {}/{STACKING}", taken(a))).collect::<Vec<_>>().join(", "),
                draft.with(|d| d.iter().filter(|p| p.1 == Deployment::Reserve).count()))}</p>
            <button type="button" class="btn" data-testid="fill-line" on:click=fill>"Fill the front line, the rest in reserve"</button>
            <ul class="deploy-rows">
                {units.into_iter().map(|u| {
                    let r = UnitRef { division, unit: u };
                    let is = move |to: Deployment| draft.with(|d| d.iter().any(|p| p.0 == u && p.1 == to));
                    let axes = ro.state.with_untracked(|s| s.frontage(division).map_or_else(Vec::new, |f| f.axes().collect::<Vec<_>>()));
                    view! {
                        <li class="deploy-row">
                            <span class="unit-name">{format!("{} \u{00B7} {}", ro.unit_name(r), ro.setup.with_untracked(|s| s.attackers[division as usize].units[u as usize].kind.name()))}</span>
                            <span class="segmented">
                                {axes.into_iter().map(|axis| {
                                    let to = Deployment::Line1 { axis };
                                    view! { <button type="button" class="btn seg" data-testid=format!("deploy-{u}-a{axis}") class:on=move || is(to) aria-pressed=move || is(to).to_string() on:click=move |_| set(u, to)>{format!("A{axis} L1")}</button> }
                                }).collect_view()}
                                <button type="button" class="btn seg" data-testid=format!("deploy-{u}-r1") class:on=move || is(Deployment::Reserve) aria-pressed=move || is(Deployment::Reserve).to_string() on:click=move |_| set(u, Deployment::Reserve)>"R1"</button>
                            </span>
                        </li>
                    }
                }).collect_view()}
            </ul>
            <button class="btn primary big" data-testid="deploy-division" on:click=move |_| { ro.act(Decision::DeployDivision { division, placements: draft.get_untracked() }, error); }>"Deploy the division"</button>
            {error_line(error)}
        </div>
    }
}

#[component]
pub fn FirePlan() -> impl IntoView {
    let ro = expect_context::<Ro>();
    view! {
        <p class="hint">{format!("The Corps Commander plots {} target registration points for the on-call bombardment. Among the players only he knows where they are; the umpire, who resolves the fire called on them, sees them too.", tables::TRPS)}</p>
        {behind(ro, vec![CORPS_COMMANDER], words("plot the TRPs", "has plotted", "trp-panel"), |_| false, move |_| view! { <TrpForm/> })}
    }
}

#[component]
fn TrpForm() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let error = RwSignal::new(None::<String>);
    let pick = map_pick();
    // The TRPs plotted so far survive a reload (kept on this device), and show on the map.
    let trps = crate::ui::draft::kept::<RapierOffensive, _>("trps", Vec::<Sector>::new());
    pick.marked.set(trps.get_untracked());
    pick.listen(move |x| {
        trps.update(|t| {
            if let Some(k) = t.iter().position(|&y| y == x) {
                t.remove(k);
            } else if t.len() < tables::TRPS {
                t.push(x);
            }
        });
        pick.marked.set(trps.get_untracked());
    });
    view! {
        <p class="info" data-testid="trp-line">{move || {
            let t = trps.get();
            format!("Tap {} sectors on the map. Plotted: {}", tables::TRPS, if t.is_empty() { "none yet".into() } else { t.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ") })
        }}</p>
        <button class="btn primary big" data-testid="plot-trps" disabled=move || trps.with(Vec::len) != tables::TRPS
            on:click=move |_| {
                let t = trps.get_untracked();
                if let [a, b, c, d] = t[..] { ro.act(Decision::PlotTrps { sectors: [a, b, c, d] }, error); }
            }>"Plot these TRPs"</button>
        {error_line(error)}
    }
}

#[component]
pub fn Bombardment() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let pick = map_pick();
    let target = RwSignal::new(None::<Sector>);
    pick.listen(move |x| {
        target.set(Some(x));
        pick.marked.set(vec![x]);
    });
    let fired = move || ro.state.with(|s| s.pre_battle_fm.len());
    view! {
        <p class="hint">{move || format!("The Corps Commander calls the pre-battle bombardment: fire mission {} of {}, at most {} on one sector. One die per counter in the sector; a 6 destroys it, and it leaves face down.",
            fired() + 1, tables::PRE_BATTLE_FM, tables::PRE_BATTLE_FM_PER_SECTOR)}</p>
        <p class="info" data-testid="fm-target">{move || match target.get() {
            None => "Tap a sector on the map to fire on.".to_string(),
            Some(x) => ro.state.with(|s| format!("Target {x}: {}; {} of {} missions fired there.", super::count(s.counter_count(x), "counter", "counters"), s.pre_battle_fm.iter().filter(|&&t| t == x).count(), tables::PRE_BATTLE_FM_PER_SECTOR)),
        }}</p>
        {move || target.get().map(|x| {
            let d = Decision::FireMission { sector: x };
            match problem(ro, &d) {
                Some(w) => view! { <p class="warning" data-testid="fm-problem">{w}</p> }.into_any(),
                None => ro.roll(d, &format!("the fire mission on {x}")).into_any(),
            }
        })}
        {super::phases::button(ro, Decision::EndBombardment, "Keep the missions left and begin the battle".into(), "end-bombardment", false)}
    }
}
