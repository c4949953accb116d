//! The end of each turn: ground combat sector by sector (the dice of each throw with the
//! distribution of kills before it, the umpire naming the losses where the rules leave a
//! choice), the engineers' minefield clearing, and the Corps Commander's answer for a
//! division that lost its HQ.

use super::phases::{act_or_roll, button, error_line};
use super::secret::{behind, words};
use super::Ro;
use crate::systems::rapier_offensive::combat::{self, LossCall, Side};
use crate::systems::rapier_offensive::seats::{division_commander, CORPS_COMMANDER, STAFF_OFFICER};
use crate::systems::rapier_offensive::state::{Place, Target, UnitRef};
use crate::systems::rapier_offensive::turn_end::{headless, HqChoice};
use crate::systems::rapier_offensive::Decision;
use crate::ui::reactive::memo;
use leptos::prelude::*;

fn target_key(t: Target) -> String {
    match t {
        Target::Unit(r) => format!("unit-{}-{}", r.division + 1, r.unit),
        Target::Counter(id) => format!("counter-{id}"),
    }
}

#[component]
pub fn GroundCombat() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let combat = memo(move || ro.state.with(|s| s.combat.clone()));
    view! {
        {move || combat.get().map(|c| {
            let stage = ro.state.with(|s| combat::stage_words(s, &c));
            let sector = c.sector;
            let forces = ro.state.with(|s| {
                let ours: Vec<String> = s.units.iter().filter(|u| u.place == Place::On(sector)).map(|u| ro.unit_name(u.origin)).collect();
                let theirs: Vec<String> = s.counters_in(sector).map(|x| ro.counter_name(x)).collect();
                (ours.join(", "), theirs.join(", "))
            });
            view! {
                <p class="info big-line" data-testid="combat-line">{format!("{sector}, round {} of 3: {stage}.", c.round)}</p>
                <dl class="summary">
                    <dt>"Attackers"</dt><dd data-testid="combat-attackers">{forces.0}</dd>
                    <dt>"Defenders"</dt><dd data-testid="combat-defenders">{forces.1}</dd>
                </dl>
                {match ro.state.with(combat::loss_call) {
                    None => ro.roll(Decision::CombatRoll, "this throw").into_any(),
                    Some(call) => view! { <NameLosses call=call/> }.into_any(),
                }}
            }
        })}
    }
}

/// The umpire names the losses: how many and who goes first shown before he picks (the rules'
/// own `loss_call`), the button live only for a lawful set (`check_losses`).
#[component]
fn NameLosses(call: LossCall) -> impl IntoView {
    let ro = expect_context::<Ro>();
    let error = RwSignal::new(None::<String>);
    let chosen = RwSignal::new(Vec::<Target>::new());
    let who = match call.side {
        Side::Attacker => "the attackers",
        Side::Defender => "the defender",
    };
    let names = |ts: &[Target]| ts.iter().map(|&t| ro.target_name(t)).collect::<Vec<_>>().join(", ");
    let kills = call.kills;
    let must = (!call.must.is_empty() && call.must.len() < call.open.len()).then(|| names(&call.must));
    let first = (!call.first.is_empty()).then(|| names(&call.first));
    let lawful = move || chosen.with(|c| ro.state.with(|s| combat::check_losses(s, c)));
    let why = move || match (chosen.with(Vec::len), lawful()) {
        (_, Ok(_)) => None,
        (n, _) if n != kills => Some(format!("Pick {kills}: {n} picked so far.")),
        (_, Err(e)) => Some(ro.state.with(|s| ro.setup.with(|st| e.words(st, s)))),
    };
    view! {
        <div class="card" data-testid="name-losses">
            <h3 data-testid="losses-due">{format!("The umpire names {} of {who}", super::count(kills, "loss", "losses"))}</h3>
            <p class="hint">{format!("Hits rolled: {}. Each die kills one unit it can reach.", call.hits.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(", "))}</p>
            {first.map(|f| view! { <p class="info" data-testid="losses-first">{format!("Assault troops that rolled two dice go first: {f}.")}</p> })}
            {must.map(|m| view! { <p class="info" data-testid="losses-must">{format!("Every lawful choice includes: {m}.")}</p> })}
            <div class="choice-buttons">
                {call.open.into_iter().map(|t| view! {
                    <button type="button" class="btn seg" data-testid=format!("loss-{}", target_key(t)) class:on=move || chosen.with(|c| c.contains(&t))
                        aria-pressed=move || chosen.with(|c| c.contains(&t)).to_string()
                        on:click=move |_| chosen.update(|c| if let Some(k) = c.iter().position(|&x| x == t) { c.remove(k); } else { c.push(t); })>{ro.target_name(t)}</button>
                }).collect_view()}
            </div>
            {move || why().map(|w| view! { <p class="warning" data-testid="losses-why">{w}</p> })}
            <button class="btn primary big" data-testid="allocate-losses" disabled=move || lawful().is_err()
                on:click=move |_| { ro.act(Decision::AllocateLosses { losses: chosen.get_untracked() }, error); }>"These are lost"</button>
            {error_line(error)}
        </div>
    }
}

#[component]
pub fn ClearMinefields() -> impl IntoView {
    let ro = expect_context::<Ro>();
    view! {
        <p class="hint">"Engineers that stood all turn in a sector with a minefield, saw no ground combat there and share it with no defending unit each lift one minefield."</p>
        {button(ro, Decision::ClearMinefields, "Lift the minefields".into(), "clear-minefields", true)}
    }
}

#[component]
pub fn ReplaceHq() -> impl IntoView {
    let ro = expect_context::<Ro>();
    // Which divisions lost their HQ is on the table for all to see; the unit that takes over
    // may stand in a reserve, so the choice is made at the command post.
    let due = memo(move || {
        ro.campaign.with(|c| {
            headless(c.setup(), c.state()).into_iter().filter(|d| !c.state().hq_handled.contains(d)).collect::<Vec<_>>()
        })
    });
    view! {
        {move || if due.with(Vec::is_empty) {
            view! { <p class="hint">"Every attacking division has its HQ (or has been dealt with). The turn can end."</p> }.into_any()
        } else {
            view! {
                <p class="hint" data-testid="headless">{format!("Without an HQ: {}. The Corps Commander chooses for each: the Staff Officer takes over, or the chain of command (4+ on a die).",
                    due.get().into_iter().map(|d| ro.division_name(d)).collect::<Vec<_>>().join(", "))}</p>
                {behind(ro, vec![CORPS_COMMANDER], words("replace the HQ", "", "hq-panel"), |_| false, move |_| view! { <HqForm due=due.get_untracked()/> })}
            }.into_any()
        }}
        {move || seats_now(ro)}
        {button(ro, Decision::EndTurn, "End the turn".into(), "end-turn", true)}
    }
}

/// After the Staff Officer took over a division: who now sits in which role, so the players
/// change devices (the seats stay where they are).
fn seats_now(ro: Ro) -> Option<impl IntoView> {
    let mut swapped = ro.state.with(|s| s.staff_swaps.clone());
    swapped.dedup();
    (!swapped.is_empty()).then(|| {
        let commands: Vec<String> = swapped.iter().map(|&d| ro.seat_name(division_commander(d))).collect();
        view! {
            <p class="info" data-testid="seats-now">{format!("Seats after the role swap: {}; {}. The players change devices.",
                ro.seat_name(STAFF_OFFICER), commands.join("; "))}</p>
        }
    })
}

#[component]
fn HqForm(due: Vec<u8>) -> impl IntoView {
    let ro = expect_context::<Ro>();
    let division = RwSignal::new(due.first().copied().unwrap_or(0));
    let choice = RwSignal::new(HqChoice::ChainOfCommand);
    let unit = RwSignal::new(None::<UnitRef>);
    let on_hand = move || {
        let d = division.get();
        ro.state.with(|s| {
            s.units
                .iter()
                .filter(|u| {
                    u.division == Some(d) && !matches!(u.place, Place::Killed | Place::Exited | Place::Undeployed)
                })
                .map(|u| u.origin)
                .collect::<Vec<_>>()
        })
    };
    view! {
        <div class="segmented">{due.into_iter().map(|d| view! {
            <button type="button" class="btn seg" class:on=move || division.get() == d aria-pressed=move || (division.get() == d).to_string() on:click=move |_| division.set(d)>{ro.division_name(d)}</button>
        }).collect_view()}</div>
        <div class="segmented">
            <button type="button" class="btn seg" data-testid="hq-chain" class:on=move || choice.get() == HqChoice::ChainOfCommand aria-pressed=move || (choice.get() == HqChoice::ChainOfCommand).to_string() on:click=move |_| choice.set(HqChoice::ChainOfCommand)>"Chain of command (1d6, 4+)"</button>
            <button type="button" class="btn seg" data-testid="hq-staff" class:on=move || choice.get() == HqChoice::StaffOfficer aria-pressed=move || (choice.get() == HqChoice::StaffOfficer).to_string() on:click=move |_| choice.set(HqChoice::StaffOfficer)>"The Staff Officer takes over"</button>
        </div>
        <p class="info">"The unit that becomes the HQ:"</p>
        <div class="choice-buttons">{move || on_hand().into_iter().map(|r| view! {
            <button type="button" class="btn seg" data-testid=format!("hq-unit-{}-{}", r.division + 1, r.unit) class:on=move || unit.get() == Some(r) aria-pressed=move || (unit.get() == Some(r)).to_string() on:click=move |_| unit.set(Some(r))>{ro.unit_name(r)}</button>
        }).collect_view()}</div>
        {move || unit.get().map(|u| act_or_roll(ro, Decision::ReplaceHq { division: division.get(), choice: choice.get(), unit: u }, "Replace the HQ", "replace-hq"))}
    }
}
