//! The turn-by-turn record (counts every seat may know) under each step, and the summary
//! screen at the end with the victory result.

use super::Ro;
use super::{count, count_verb};
use crate::systems::rapier_offensive::state::{GameResult, Place, TurnRecord};
use crate::systems::rapier_offensive::tables::{event_words, share_words, victory, VICTORY};
use crate::ui::reactive::memo;
use leptos::prelude::*;

fn record_table(rows: Vec<TurnRecord>) -> impl IntoView {
    view! {
        <table class="small-table record" data-testid="turn-record">
            <thead><tr><th>"Turn"</th><th>"Event"</th><th>"Attackers lost"</th><th>"Counters removed"</th><th>"Units exited"</th><th>"On-call missions"</th></tr></thead>
            <tbody>{rows.into_iter().map(|r| view! {
                <tr><td>{r.turn}</td><td>{r.event.map_or_else(|| "\u{2013}".to_string(), |e| event_words(e, r.fog))}</td>
                    <td>{r.attackers_lost}</td><td>{r.counters_removed}</td><td>{r.exited}</td><td>{r.on_call_fm}</td></tr>
            }).collect_view()}</tbody>
        </table>
    }
}

#[component]
pub fn TurnRecords() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let rows = memo(move || ro.state.with(|s| s.record.clone()));
    move || {
        (!rows.with(Vec::is_empty)).then(|| {
            view! {
                <details class="records"><summary>"The turns so far"</summary>{record_table(rows.get())}</details>
            }
        })
    }
}

/// The advanced victory conditions (when the option is on): the level the share alone gives,
/// each condition met or missed, and how far the misses lowered it.
fn advanced_lines(r: &GameResult) -> impl IntoView {
    let by_share = victory(r.exited, r.total);
    let objectives = if r.missed_objectives.is_empty() {
        "Every objective held.".to_string()
    } else {
        format!(
            "Objectives not held: {}.",
            r.missed_objectives.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
        )
    };
    let front = r.front.map(|(got, need)| {
        format!(
            "Left the table on {got} of the {need} axes the wide front asks{}.",
            if got >= need { "" } else { ": missed" }
        )
    });
    let missed = r.missed_objectives.len() + r.front.is_some_and(|(got, need)| got < need) as usize;
    let lowered = match missed {
        0 => "Every condition met: the result stands.".to_string(),
        n => format!(
            "Each condition missed lowers the result one level: lowered {} level{}, to {}.",
            ["one", "two", "three", "four", "five"].get(n - 1).copied().unwrap_or("many"),
            if n == 1 { "" } else { "s" },
            r.victory.name()
        ),
    };
    view! {
        <div class="card" data-testid="advanced-victory">
            <h3>"Advanced victory conditions"</h3>
            <p>{format!("By the share that left the table alone: {}.", by_share.name())}</p>
            <p>{objectives}</p>
            {front.map(|f| view! { <p>{f}</p> })}
            <p>{lowered}</p>
        </div>
    }
}

#[component]
pub fn GameOver() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let result = memo(move || ro.state.with(|s| s.result.clone()));
    let advanced = ro.setup.with_untracked(|s| s.options.advanced_victory);
    let totals = move || {
        ro.state.with(|s| {
            let lost = s.units.iter().filter(|u| u.place == Place::Killed).count();
            let exited = s.units.iter().filter(|u| u.place == Place::Exited).count();
            let removed = s.counters.iter().filter(|c| c.sector().is_none()).count();
            format!(
                "In all: {} lost, {} the table for the objective, {} removed.",
                count(lost, "attacking unit", "attacking units"),
                count_verb(exited, "unit left", "units left"),
                count(removed, "defending counter", "defending counters")
            )
        })
    };
    view! {
        <div class="finished" data-testid="finished">
            {move || result.get().map(|r| {
                view! {
                    <p class="winner" data-testid="outcome">{r.victory.name()}</p>
                    <p data-testid="outcome-line">{format!("{} of the break-through division's units left the table.", share_words(r.exited, r.total))}</p>
                    {advanced.then(|| advanced_lines(&r))}
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
