//! The turn-by-turn record (counts every seat may know) under each step, and the summary
//! screen at the end with the victory result.

use super::Ro;
use crate::systems::rapier_offensive::state::{Place, TurnRecord};
use crate::systems::rapier_offensive::tables::VICTORY;
use leptos::prelude::*;

fn record_table(rows: Vec<TurnRecord>) -> impl IntoView {
    view! {
        <table class="small-table record" data-testid="turn-record">
            <thead><tr><th>"Turn"</th><th>"Event"</th><th>"Attackers lost"</th><th>"Counters removed"</th><th>"Units exited"</th><th>"On-call missions"</th></tr></thead>
            <tbody>{rows.into_iter().map(|r| view! {
                <tr><td>{r.turn}</td><td>{format!("{}{}", r.event.map_or("\u{2013}", |e| e.name()), if r.fog { " (fog)" } else { "" })}</td>
                    <td>{r.attackers_lost}</td><td>{r.counters_removed}</td><td>{r.exited}</td><td>{r.on_call_fm}</td></tr>
            }).collect_view()}</tbody>
        </table>
    }
}

#[component]
pub fn TurnRecords() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let rows = Memo::new(move |_| ro.state.with(|s| s.record.clone()));
    move || {
        (!rows.with(Vec::is_empty)).then(|| {
            view! {
                <details class="records"><summary>"The turns so far"</summary>{record_table(rows.get())}</details>
            }
        })
    }
}

#[component]
pub fn GameOver() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let result = Memo::new(move |_| ro.state.with(|s| s.result.clone()));
    let totals = move || {
        ro.state.with(|s| {
            let lost = s.units.iter().filter(|u| u.place == Place::Killed).count();
            let exited = s.units.iter().filter(|u| u.place == Place::Exited).count();
            let removed = s.counters.iter().filter(|c| c.sector().is_none()).count();
            format!("In all: {lost} attacking units lost, {exited} units left the table for the objective, {removed} defending counters removed.")
        })
    };
    view! {
        <div class="finished" data-testid="finished">
            {move || result.get().map(|r| {
                let pct = (r.exited * 100).checked_div(r.total).unwrap_or(0);
                view! {
                    <p class="winner" data-testid="outcome">{r.victory.name()}</p>
                    <p data-testid="outcome-line">{format!("{} of the break-through division's {} units ({pct}%) left the table.", r.exited, r.total)}</p>
                    {(!r.missed_objectives.is_empty()).then(|| view! { <p>{format!("Objectives not held: {}.", r.missed_objectives.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "))}</p> })}
                    {r.front.map(|(got, need)| view! { <p>{format!("Left the table on {got} axes of the {need} the wide front asks.")}</p> })}
                }
            })}
            <p>{totals}</p>
            <p class="hint">{format!("Victory levels: {}.", VICTORY.iter().map(|(p, v)| format!("{} {p}%", v.name())).collect::<Vec<_>>().join(", "))}</p>
            <h3>"Turn by turn"</h3>
            {move || record_table(ro.state.with(|s| s.record.clone()))}
            <p class="hint">"The log holds every step; Undo still works if a mistake was made."</p>
        </div>
    }
}
