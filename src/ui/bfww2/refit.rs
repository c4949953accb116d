//! Housekeeping and refit, each side on its own behind the hand-over: the CPP replenishment
//! roll first (the day's historical modifier, the night-attack penalty), then the rolls due
//! (armour withdrawal, discipline-rating change), armour repair when it is repair time,
//! combining under-strength elements, the purchases (`purchase.rs`), and the end of the refit.
//! The hand-over stays open from step to step until the side ends its refit or covers it.

use super::phases::{error_line, select};
use super::secret::{behind_sides, words};
use super::Bw;
use crate::engine::RollPreview;
use crate::systems::bfww2_campaign::refit::{
    ratings_due, repair_lawful, repair_nation_allows, repair_now, withdrawals_due,
};
use crate::systems::bfww2_campaign::seats::{self, UMPIRE};
use crate::systems::bfww2_campaign::tables::HistoricalDrm;
use crate::systems::bfww2_campaign::Decision;
use crate::ui::dice::{DiceChoice, DiceRoll};
use crate::ui::reactive::{effect, memo};
use leptos::prelude::*;

/// After a secret step the hand-over opens again for the same side, unless the holder reads
/// it anyway (a side or the umpire holding the tablet) or the step ends the refit.
fn keep_open(bw: Bw, side: u8, d: &Decision) {
    let holder = bw.holder.get_untracked();
    if holder != Some(UMPIRE) && holder != Some(seats::seat(side)) && !matches!(d, Decision::EndRefit { .. }) {
        bw.peek.set(Some(seats::seat(side)));
    }
}

/// Plays a secret step of `side` without dice, keeping its hand-over open.
pub(super) fn act_kept(bw: Bw, side: u8, d: Decision, error: RwSignal<Option<String>>) -> bool {
    let ok = bw.act(d.clone(), error);
    if ok {
        keep_open(bw, side, &d);
    }
    ok
}

/// The dice widget of a secret step of `side` (odds first), keeping its hand-over open.
pub(super) fn roll_kept(bw: Bw, side: u8, d: Decision, label: &str) -> impl IntoView {
    let preview: Signal<Option<RollPreview>> = bw.preview(d.clone());
    let own = bw.own_roll(d.clone());
    let on_roll = Callback::new(move |dice: DiceChoice| {
        let r = bw.decide_or_say(d.clone(), dice);
        if r.is_ok() {
            keep_open(bw, side, &d);
        }
        r
    });
    view! { <DiceRoll preview=preview label=label.to_string() on_roll=on_roll own=own/> }
}

/// A secret step's button, keeping the hand-over open.
pub(super) fn kept_button(bw: Bw, side: u8, d: Decision, label: String, testid: String) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    view! {
        <button class="btn big primary" data-testid=testid on:click=move |_| { act_kept(bw, side, d.clone(), error); }>{label}</button>
        {error_line(error)}
    }
}

#[component]
pub fn Refit() -> impl IntoView {
    let bw = expect_context::<Bw>();
    // Each side's chosen step outlives its panel, which is drawn afresh after every step.
    let steps = [RwSignal::new(Step::Rolls), RwSignal::new(Step::Rolls)];
    view! {
        {move || bw.peek.get().is_none().then(|| view! {
            <p class="hint">"Each side in turn, in secret: the CPP roll first, then the rolls due, repairs, combining and purchases. Only that side and the umpire see its rolls, balances and purchases."</p>
        })}
        {behind_sides(
            bw,
            words("do my refit", "has ended the refit", "refit-panel"),
            move |side| bw.done(seats::seat(side)),
            move |side| view! { <RefitPanel side=side step=steps[side as usize & 1]/> },
        )}
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    Rolls,
    Repair,
    Combine,
    Reinforce,
    Artillery,
    Aircraft,
    Fortify,
    Removal,
}

impl Step {
    const ALL: [Step; 8] = [
        Step::Rolls,
        Step::Repair,
        Step::Combine,
        Step::Reinforce,
        Step::Artillery,
        Step::Aircraft,
        Step::Fortify,
        Step::Removal,
    ];
    fn name(self) -> &'static str {
        match self {
            Step::Rolls => "Rolls due",
            Step::Repair => "Armour repair",
            Step::Combine => "Combine",
            Step::Reinforce => "Reinforce",
            Step::Artillery => "Artillery",
            Step::Aircraft => "Aircraft",
            Step::Fortify => "FPP and fortifications",
            Step::Removal => "Removal",
        }
    }
    fn key(self) -> &'static str {
        match self {
            Step::Rolls => "rolls",
            Step::Repair => "repair",
            Step::Combine => "combine",
            Step::Reinforce => "reinforce",
            Step::Artillery => "artillery",
            Step::Aircraft => "aircraft",
            Step::Fortify => "fortify",
            Step::Removal => "removal",
        }
    }
}

/// The side's balances, as its own view holds them.
pub fn balances(bw: Bw, side: u8) -> String {
    bw.state.with(|s| {
        let st = s.side(side);
        format!("CPP {} \u{00B7} FPP {}", st.cpp.balance(), st.fpp.balance())
    })
}

#[component]
fn RefitPanel(side: u8, step: RwSignal<Step>) -> impl IntoView {
    let bw = expect_context::<Bw>();
    let rolled = memo(move || bw.state.with(|s| s.side(side).cpp_roll));
    let bar = NodeRef::<leptos::html::Div>::new();
    effect(move || {
        step.track();
        rolled.track();
        super::phases::show_chosen(bar);
    });
    view! {
        <div class="refit-panel" data-testid=format!("refit-side{}", side + 1)>
            <div class="refit-head">
                <h3>{bw.side_name(side)}</h3>
                <p class="info balance"><span data-testid="refit-balance">{move || balances(bw, side)}</span>
                    {move || rolled.get().map(|gain| view! { <span data-testid="cpp-gained">{format!(" \u{00B7} this refit's CPP roll +{gain} CPP")}</span> })}</p>
                {move || rolled.get().is_some().then(|| view! { <EndRefit side=side/> })}
            </div>
            {move || match rolled.get() {
                None => view! { <CppRoll side=side/> }.into_any(),
                Some(_) => view! {
                    <div class="segmented wrap refit-steps" role="group" aria-label="Refit steps" node_ref=bar>
                        {Step::ALL.into_iter().map(|x| view! {
                            <button type="button" class="btn seg" class:on=move || step.get() == x aria-pressed=move || (step.get() == x).to_string()
                                data-testid=format!("refit-step-{}", x.key()) on:click=move |_| step.set(x)>{x.name()}</button>
                        }).collect_view()}
                    </div>
                    <div class="refit-step" data-testid="refit-step">
                        {move || match step.get() {
                            Step::Rolls => view! { <RollsDue side=side/> }.into_any(),
                            Step::Repair => view! { <RepairForm side=side/> }.into_any(),
                            Step::Combine => view! { <CombineForm side=side/> }.into_any(),
                            Step::Reinforce => view! { <super::purchase::Reinforce side=side/> }.into_any(),
                            Step::Artillery => view! { <super::purchase::Artillery side=side/> }.into_any(),
                            Step::Aircraft => view! { <super::purchase::Aircraft side=side/> }.into_any(),
                            Step::Fortify => view! { <super::purchase::Fortify side=side/> }.into_any(),
                            Step::Removal => view! { <super::purchase::Removal side=side/> }.into_any(),
                        }}
                    </div>
                }.into_any(),
            }}
        </div>
    }
}

#[component]
fn CppRoll(side: u8) -> impl IntoView {
    let bw = expect_context::<Bw>();
    let d = Decision::RollCpp { side };
    let no_cpp = bw
        .state
        .with_untracked(|s| bw.setup.with_untracked(|st| st.days[s.day].drm[side as usize] == HistoricalDrm::NoCpp));
    let day = bw.state.with_untracked(|s| bw.setup.with_untracked(|st| st.days[s.day].name.clone()));
    if no_cpp {
        view! {
            <p class="hint">{format!("{day}: the historical chart gives this side no CPP today. Note it and go on.")}</p>
            {kept_button(bw, side, d, "No CPP today: go on".into(), "cpp-none".into())}
        }
        .into_any()
    } else {
        view! {
            <p class="hint">{format!("First: the CPP replenishment roll for {day}.")}</p>
            {roll_kept(bw, side, d, "the CPP roll")}
        }
        .into_any()
    }
}

/// The withdrawal rolls due, then the rating rolls due, one dice widget at a time.
#[component]
fn RollsDue(side: u8) -> impl IntoView {
    let bw = expect_context::<Bw>();
    let due = memo(move || {
        bw.state.with(|s| {
            bw.setup.with(|st| {
                let w: Vec<(bool, String)> = withdrawals_due(st, s, side).into_iter().map(|m| (true, m)).collect();
                let r = ratings_due(st, s, side).into_iter().map(|m| (false, m));
                w.into_iter().chain(r).collect::<Vec<_>>()
            })
        })
    });
    move || {
        let list = due.get();
        match list.first().cloned() {
            None => view! { <p class="info" data-testid="no-rolls-due">"No withdrawal or rating roll is due in this refit."</p> }.into_any(),
            Some((withdrawal, me)) => {
                let name = bw.element_name(side, &me);
                let (what, d) = if withdrawal {
                    (format!("Armour withdrawal roll: {name} lost tanks last scenario."), Decision::RollWithdrawal { side, me })
                } else {
                    (format!("Rating change roll: {name}."), Decision::RollRating { side, me })
                };
                view! {
                    <p class="hint" data-testid="rolls-due">{format!("{} roll(s) due before the refit can end.", list.len())}</p>
                    <p class="info" data-testid="roll-due-what">{what}</p>
                    {roll_kept(bw, side, d, "this roll")}
                }
                .into_any()
            }
        }
    }
}

/// Armour repair: one attempt per knocked-out or abandoned vehicle, at repair time (the night
/// refit, or the cleanup of the day's last scenario). Used by the refit and by cleanup.
#[component]
pub fn RepairForm(side: u8) -> impl IntoView {
    let bw = expect_context::<Bw>();
    let now = memo(move || bw.state.with(|s| bw.setup.with(|st| repair_now(st, s))));
    let waiting = memo(move || {
        bw.state.with(|s| {
            s.side(side)
                .roster
                .iter()
                .filter(|e| e.repair_waiting())
                .map(|e| {
                    // Issue 28's readings count the failed attempts only.
                    let word = if bw.setup.with(|st| st.readings_v3()) { "failed" } else { "tried" };
                    let tried = if e.repair_tried > 0 { format!(", {} {word}", e.repair_tried) } else { String::new() };
                    (
                        e.me.id.clone(),
                        format!(
                            "{} {} ({} knocked out, {} abandoned{tried})",
                            e.me.id, e.me.name, e.wrecks, e.abandoned
                        ),
                    )
                })
                .collect::<Vec<_>>()
        })
    });
    // The attempt set up so far survives a reload, until it is rolled.
    let me = super::kept(side, "repair-me", String::new());
    let abandoned = super::kept(side, "repair-abandoned", false);
    let minefield = super::kept(side, "repair-minefield", false);
    let spend = super::kept(side, "repair-spend", false);
    move || {
        if !now.get() {
            return view! { <p class="info" data-testid="repair-not-now">"Armour is repaired overnight: in the night scenario's refit, or in the cleanup of the day's last scenario."</p> }.into_any();
        }
        // The nation and date first: said before any form or roll.
        if let Err(why) = bw.setup.with(|st| repair_nation_allows(st, side)) {
            return view! { <p class="info" data-testid="repair-not-allowed">{why.to_string()}</p> }.into_any();
        }
        let list = waiting.get();
        if list.is_empty() {
            return view! { <p class="info" data-testid="repair-none">"No knocked-out or abandoned vehicle waits for repair."</p> }.into_any();
        }
        if !list.iter().any(|o| o.0 == me.get_untracked()) {
            me.set(list[0].0.clone());
        }
        view! {
            {select("Element", list, me, "repair-me".into())}
            <div class="checks">
                {super::phases::check("An abandoned vehicle".into(), abandoned, "repair-abandoned".into())}
                {super::phases::check("In a minefield".into(), minefield, "repair-minefield".into())}
                {super::phases::check("Spend 1 CPP on the attempt".into(), spend, "repair-spend".into())}
            </div>
            {move || {
                let d = Decision::RepairArmour { side, me: me.get(), abandoned: abandoned.get(), in_minefield: minefield.get(), spend_cpp: spend.get() };
                // A vehicle of that kind with no attempt left is refused before the roll.
                let refused = bw.state.with(|s| bw.setup.with(|st| repair_lawful(st, s, side, &me.get(), abandoned.get())));
                match refused {
                    Err(why) => view! { <p class="info" data-testid="repair-refused">{why.to_string()}</p> }.into_any(),
                    Ok(()) => roll_kept(bw, side, d, "the repair").into_any(),
                }
            }}
        }
        .into_any()
    }
}

#[component]
fn CombineForm(side: u8) -> impl IntoView {
    let bw = expect_context::<Bw>();
    let options = memo(move || {
        bw.state.with(|s| {
            s.side(side)
                .roster
                .iter()
                .filter(|e| e.active())
                .map(|e| (e.me.id.clone(), format!("{} {} ({} of {} stands)", e.me.id, e.me.name, e.me.stands, e.full)))
                .collect::<Vec<_>>()
        })
    });
    let into = super::kept(side, "combine-into", String::new());
    let from = super::kept(side, "combine-from", String::new());
    let error = RwSignal::new(None::<String>);
    move || {
        let list = options.get();
        if list.len() < 2 {
            return view! { <p class="info">"Combining needs two elements on the roster."</p> }.into_any();
        }
        if !list.iter().any(|o| o.0 == into.get_untracked()) {
            into.set(list[0].0.clone());
        }
        if !list.iter().any(|o| o.0 == from.get_untracked()) {
            from.set(list[1].0.clone());
        }
        view! {
            <p class="hint">"Two elements of the same class and type (or both infantry), each down by half or more, become one: the rating is one step below the better."</p>
            <div class="row">
                {select("Keeps its name", list.clone(), into, "combine-into".into())}
                {select("Is absorbed", list, from, "combine-from".into())}
            </div>
            <button class="btn big" data-testid="combine" on:click=move |_| {
                act_kept(bw, side, Decision::Combine { side, into: into.get_untracked(), from: from.get_untracked() }, error);
            }>"Combine them"</button>
            {error_line(error)}
        }
        .into_any()
    }
}

#[component]
fn EndRefit(side: u8) -> impl IntoView {
    let bw = expect_context::<Bw>();
    let error = RwSignal::new(None::<String>);
    view! {
        <div class="end-refit">
            <button class="btn primary" data-testid="end-refit" on:click=move |_| { act_kept(bw, side, Decision::EndRefit { side }, error); }>"End this side's refit"</button>
            {error_line(error)}
        </div>
    }
}
