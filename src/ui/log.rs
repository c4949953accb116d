//! The campaign log: every decision with its dice (app or table), undos and redos included,
//! and a way back to any earlier point.

use crate::engine::{HistoryKind, HistoryLine, Roller, Seat};
use leptos::prelude::*;

#[component]
pub fn CampaignLog(
    #[prop(into)] lines: Signal<Vec<HistoryLine>>,
    on_back_to: Callback<usize>,
    /// A seat copy's log: read, never taken back.
    #[prop(optional)]
    read_only: bool,
    /// The seats by name, to say on whose device the app rolled dice sent in a reply.
    #[prop(optional)]
    seat_names: Vec<(Seat, String)>,
) -> impl IntoView {
    let confirm = RwSignal::new(None::<usize>);
    view! {
        <section class="log" data-testid="log">
            <h2>"Campaign log"</h2>
            <p class="hint">"Newest first. Struck-through lines were undone; they stay in the history. Each roll says who rolled it: the app on the device keeping the campaign (\"app roll\"), the app on a player's own device (named), dice rolled at the table and typed in, or two devices jointly (each joint roll drawn again here from its two parts)."</p>
            <ol class="log-lines" reversed>
                {move || lines.get().into_iter().rev().map(|l| {
                    let class = match (l.kind, l.active) {
                        (HistoryKind::Decision, true) => "log-line",
                        (HistoryKind::Decision, false) => "log-line undone",
                        _ => "log-line meta",
                    };
                    let dice = (!l.dice.is_empty()).then(|| {
                        let app = l.dice.iter().all(|d| d.by == Roller::App);
                        let table = l.dice.iter().all(|d| d.by == Roller::Table);
                        let joint = l.dice.iter().all(|d| d.by == Roller::Joint);
                        let device = l.rolled_on.filter(|_| app).map(|s| {
                            let name = seat_names.iter().find(|n| n.0 == s).map_or_else(|| format!("seat {}", s.0 + 1), |n| n.1.clone());
                            format!("rolled on {name}'s device")
                        });
                        // Every joint roll is drawn again from its two parts, on every device.
                        let checked = l.joint.map(|j| if j.follows(&l.dice) { "joint roll, checks out" } else { "joint roll, DOES NOT check out" });
                        let by = match (device, checked) {
                            (Some(d), _) => d,
                            (None, Some(c)) if joint => c.to_string(),
                            _ => (if app { "app roll" } else if table { "table roll" } else if joint { "joint roll" } else { "mixed roll" }).to_string(),
                        };
                        let vals: Vec<String> = l.dice.iter().map(|d| d.value.to_string()).collect();
                        view! { <span class="log-dice" class:app=app>{by}": "{vals.join(" ")}</span> }
                    });
                    let step = l.step.filter(|_| !read_only);
                    view! {
                        <li class=class data-testid="log-line">
                            <span class="log-text">{l.text.clone()}</span>
                            {dice}
                            {step.map(|s| view! {
                                <button class="btn small" on:click=move |_| confirm.set(Some(s))>"Back to here"</button>
                            })}
                        </li>
                    }
                }).collect_view()}
            </ol>
            {move || confirm.get().map(|s| view! {
                <super::dialog::Modal title="Go back to this point?".to_string() on_close=Callback::new(move |_| confirm.set(None)) testid="confirm-back-to">
                    <p>"Everything after it is undone. Nothing is deleted: Redo brings it back, dice and all."</p>
                    <div class="actions">
                        <button class="btn big" on:click=move |_| confirm.set(None)>"Cancel"</button>
                        <button class="btn big primary" on:click=move |_| { on_back_to.run(s); confirm.set(None); }>"Go back"</button>
                    </div>
                </super::dialog::Modal>
            })}
        </section>
    }
}
