//! The Rules tab of a campaign: this campaign's own conditions as the umpire set them (victory
//! conditions, the map and terrain rules and the weather chart, the days with their scenarios and each side's historical modifier, the CPP
//! replenishment table, the die, the options, and each side's scheduled reinforcements to
//! whoever may read that side), with a link to the full rules reference.

use super::Bw;
use crate::systems::bfww2_campaign::sample::{sample_setup, ILLUSTRATIVE};
use crate::systems::bfww2_campaign::tables::HistoricalDrm;
use leptos::prelude::*;

fn drm(d: HistoricalDrm) -> String {
    match d {
        HistoricalDrm::NoCpp => "No CPP".into(),
        HistoricalDrm::Drm(v) if v >= 0 => format!("+{v}"),
        HistoricalDrm::Drm(v) => v.to_string(),
    }
}

#[component]
pub fn Conditions() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let s = bw.setup.get_untracked();
    // The historical modifier chart is the umpire's: the umpire reads both columns, a side only
    // its own; drawn again whenever the tablet changes hands.
    let shown =
        move |side: u8, d: HistoricalDrm| move || if bw.reads_side(side) { drm(d) } else { "Hidden".to_string() };
    let hidden_note = move || {
        let hidden: Vec<String> = (0..2u8).filter(|&k| !bw.reads_side(k)).map(|k| bw.side_name(k)).collect();
        (!hidden.is_empty()).then(|| {
            let whose = if hidden.len() == 2 { "Both columns are".to_string() } else { format!("{}'s column is", hidden[0]) };
            view! {
                <p class="hint" data-testid="drm-hidden">{format!(
                    "{whose} hidden from whoever holds the tablet now: the historical modifiers are the umpire's chart, each side reading only its own column. The umpire reads them all once chosen as the holder of the tablet."
                )}</p>
            }
        })
    };
    // Each side's scheduled reinforcements, to whoever holds the tablet and may read that side.
    let sched = s.clone();
    let sample = s.sides[0].roster == sample_setup().sides[0].roster && s.days == sample_setup().days;
    view! {
        <section class="reference bfww2-conditions" data-testid="campaign-conditions">
            <h2>"This campaign's conditions"</h2>
            {sample.then(|| view! { <p class="note" data-testid="illustrative">{ILLUSTRATIVE}</p> })}
            <h3>"Victory"</h3>
            <p class="umpire-notes" data-testid="victory">{s.victory.clone()}</p>
            // Table rules: every seat reads them.
            {(!s.terrain.trim().is_empty()).then(|| view! {
                <h3>"Map and terrain"</h3>
                <p class="umpire-notes" data-testid="terrain">{s.terrain.clone()}</p>
            })}
            {(!s.weather.trim().is_empty()).then(|| view! {
                <h3>"Weather"</h3>
                <p class="umpire-notes" data-testid="weather">{s.weather.clone()}</p>
            })}
            <h3>"Days and CPP modifiers"</h3>
            <table class="small-table" tabindex="0" data-testid="days-table">
                <thead><tr><th>"Day"</th><th>"Scenarios"</th><th>{s.sides[0].name.clone()}</th><th>{s.sides[1].name.clone()}</th></tr></thead>
                <tbody>{s.days.iter().map(|d| view! {
                    <tr><td>{d.name.clone()}</td><td>{d.slots.iter().map(|x| d.slot_name(*x)).collect::<Vec<_>>().join(", ")}</td>
                        <td data-testid="drm-side1">{shown(0, d.drm[0])}</td><td data-testid="drm-side2">{shown(1, d.drm[1])}</td></tr>
                }).collect_view()}</tbody>
            </table>
            {hidden_note}
            <h3>"CPP replenishment"</h3>
            <table class="small-table" tabindex="0">
                <thead><tr><th>"Final roll"</th><th>"CPP"</th></tr></thead>
                <tbody>{s.cpp_table.iter().map(|b| view! { <tr><td>{b.label()}</td><td>{b.result}</td></tr> }).collect_view()}</tbody>
            </table>
            <p>{format!("The roll tables use a {}. Rating changes: {}.", s.die.label(), if s.rating_changes { "in play" } else { "not used" })}</p>
            <h3>"Attack against defend"</h3>
            <p data-testid="move-order">{s.move_order.words()}</p>
            <h3>"Who keeps the campaign"</h3>
            <p data-testid="keeper">{s.keeper_words()}</p>
            {move || (0..2u8).filter(|&k| bw.reads_side(k) && !sched.sides[k as usize].scheduled.is_empty()).map(|k| {
                let side = &sched.sides[k as usize];
                view! {
                    <h3>{format!("{}: scheduled reinforcements", side.name)}</h3>
                    <p class="hint">"Free, they join at the start of their day and count against their row's limits. Only this side and the umpire see this list."</p>
                    <table class="small-table" tabindex="0" data-testid=format!("scheduled-side{}", k + 1)>
                        <thead><tr><th>"Day"</th><th>"Element"</th><th>"Counts against"</th></tr></thead>
                        <tbody>{side.scheduled.iter().map(|a| view! {
                            <tr><td>{sched.days.get(a.day).map_or_else(|| format!("Day {}", a.day + 1), |d| d.name.clone())}</td>
                                <td>{format!("{} {}, {} stands ({} vehicles), {}", a.me.id, a.me.name, a.me.stands, a.me.vehicles, a.me.rating.name().to_ascii_lowercase())}</td>
                                <td>{a.me.rg.clone().unwrap_or_default()}</td></tr>
                        }).collect_view()}</tbody>
                    </table>
                }
            }).collect_view()}
            <p><a class="btn" href="#/rules/bfww2-campaign" data-testid="full-reference">"Every table and reading: the rules reference"</a></p>
        </section>
    }
}
