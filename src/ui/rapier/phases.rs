//! The step under way, one component per step in the text's order: before the battle the
//! umpire's deployment, recon, the orders, the divisions' deployment, the TRPs and the
//! bombardment; then each turn's random event, movement (attacker, defender), on-call
//! bombardment, support fire (defender, attacker), ground combat, minefields and HQs.

use super::Ro;
use crate::engine::DecideError;
use crate::systems::rapier_offensive::state::Phase;
use crate::systems::rapier_offensive::tables::{event_words, TURNS};
use crate::systems::rapier_offensive::Decision;
use crate::ui::reactive::memo;
use leptos::prelude::*;

/// Why the rules would refuse a decision now, or `None` (any dice it needs as ones: the
/// question is the decision, not the roll).
pub(super) fn problem(ro: Ro, d: &Decision) -> Option<String> {
    ro.campaign.with(|c| {
        let dice = c.dice_for(d).map_or_else(Vec::new, |s| vec![1; s.count as usize]);
        c.check(d, &dice).err().map(|e| match e {
            DecideError::Rules(r) => r.words(c.setup(), c.state()),
            e => e.to_string(),
        })
    })
}

/// Whether the decision takes dice now.
pub(super) fn takes_dice(ro: Ro, d: &Decision) -> bool {
    ro.campaign.with(|c| c.dice_for(d).is_some())
}

pub(super) fn error_line(error: RwSignal<Option<String>>) -> impl IntoView {
    move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="error">{e}</p> })
}

/// A decision's button, or its dice widget when it takes dice; a refusal shows beside it.
pub(super) fn act_or_roll(ro: Ro, d: Decision, label: &'static str, testid: &'static str) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    let why = problem(ro, &d);
    if let Some(why) = why {
        return view! { <p class="warning" data-testid="move-problem">{why}</p> }.into_any();
    }
    if takes_dice(ro, &d) {
        ro.roll(d, label).into_any()
    } else {
        view! {
            <button class="btn primary big" data-testid=testid on:click=move |_| { ro.act(d.clone(), error); }>{label}</button>
            {error_line(error)}
        }
        .into_any()
    }
}

/// A plain button that plays a decision.
pub(super) fn button(ro: Ro, d: Decision, label: String, testid: &'static str, primary: bool) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    view! {
        <button class="btn big" class:primary=primary data-testid=testid on:click=move |_| { ro.act(d.clone(), error); }>{label}</button>
        {error_line(error)}
    }
}

#[component]
pub fn PhaseView() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let phase = memo(move || ro.state.with(|s| s.phase));
    let turn_line = move || {
        ro.state.with(|s| {
            let step =
                if s.turn == 0 { "Before the battle".to_string() } else { format!("Turn {} of {TURNS}", s.turn) };
            match s.event {
                Some(e) if s.turn > 0 && s.phase != Phase::RandomEvent => {
                    format!("{step} \u{00B7} {}", event_words(e, s.fog))
                }
                _ => step,
            }
        })
    };
    view! {
        <div class="phase rapier" data-testid="phase">
            {move || {
                let p = phase.get();
                view! {
                    <div class="phase-title-row">
                        <h2 class="phase-title" data-testid="phase-title">{p.name()}</h2>
                        <span class="whose" data-testid="turn-line">{turn_line}</span>
                    </div>
                    {match p {
                        Phase::DeployDefenders => view! { <super::pregame::DeployDefenders/> }.into_any(),
                        Phase::Recon => view! { <super::pregame::Recon/> }.into_any(),
                        Phase::Examine => view! { <super::pregame::Examine/> }.into_any(),
                        Phase::InitialOrders => view! { <super::orders::InitialOrders/> }.into_any(),
                        Phase::DeployAttackers => view! { <super::orders::DeployAttackers/> }.into_any(),
                        Phase::FirePlan => view! { <super::orders::FirePlan/> }.into_any(),
                        Phase::Bombardment => view! { <super::orders::Bombardment/> }.into_any(),
                        Phase::RandomEvent => view! { <RandomEvent/> }.into_any(),
                        Phase::AttackerMovement => view! { <super::movement::AttackerMovement/> }.into_any(),
                        Phase::DefenderMovement => view! { <super::movement::DefenderMovement/> }.into_any(),
                        Phase::OnCallBombardment => view! { <super::fire::OnCall/> }.into_any(),
                        Phase::DefenderSupport => view! { <super::fire::DefenderSupport/> }.into_any(),
                        Phase::AttackerSupport => view! { <super::fire::AttackerSupport/> }.into_any(),
                        Phase::GroundCombat => view! { <super::combat::GroundCombat/> }.into_any(),
                        Phase::ClearMinefields => view! { <super::combat::ClearMinefields/> }.into_any(),
                        Phase::ReplaceHq => view! { <super::combat::ReplaceHq/> }.into_any(),
                        Phase::GameOver => view! { <super::summary::GameOver/> }.into_any(),
                    }}
                    {(p != Phase::GameOver && p != Phase::DeployDefenders).then(|| view! { <super::summary::TurnRecords/> })}
                }
            }}
        </div>
    }
}

#[component]
fn RandomEvent() -> impl IntoView {
    let ro = expect_context::<Ro>();
    view! {
        <p class="hint">{move || ro.state.with(|s| format!("Turn {} begins: roll on the random-event table. Thick fog rolled again lifts the fog.", s.turn))}</p>
        {ro.roll(Decision::RollEvent, "the random event")}
        <table class="small-table" data-testid="event-table">
            <thead><tr><th>"Die"</th><th>"Event"</th></tr></thead>
            <tbody>{move || ro.setup.with(|s| s.events.iter().enumerate().map(|(i, e)| view! { <tr><td>{i + 1}</td><td>{e.name()}</td></tr> }).collect_view())}</tbody>
        </table>
    }
}
