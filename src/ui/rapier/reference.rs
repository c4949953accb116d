//! The rules reference: every Rapier Offensive table drawn from the arrays the rules apply,
//! in our own words, with every reading taken where the text is damaged or silent. On a
//! campaign's Rules tab the random events are that game's own table.

use super::map::MAP_KEY;
use crate::systems::rapier_offensive::optional::{is_difficult, BOGGING, DIFFICULT_COLUMNS, DIFFICULT_ROWS, SCALES};
use crate::systems::rapier_offensive::rules::READINGS;
use crate::systems::rapier_offensive::sample::ILLUSTRATIVE;
use crate::systems::rapier_offensive::tables::*;
use leptos::prelude::*;

/// With `events` (a campaign is open: its setup's table), the random events shown are that
/// game's; without (the rules page), the default table.
#[component]
pub fn RapierReference(#[prop(optional, into)] events: Option<Signal<[Event; 6]>>) -> impl IntoView {
    let heading = if events.is_some() {
        "Random events (this game's d6 table, as set in its setup)"
    } else {
        "Random events (default d6 table, editable in the setup)"
    };
    let table = move || events.map_or(DEFAULT_EVENTS, |e| e.get());
    let edited = move || {
        (events.is_some() && table() != DEFAULT_EVENTS).then(|| view! {
        <p class="hint" data-testid="events-edited">"This game's table differs from the default (1-2 no effect, 3 thick fog, 4 attacker air strike, 5 defender air strike, 6 attacker extra ammunition)."</p>
    })
    };
    view! {
        <section class="page reference" data-testid="rules-reference">
            <h1>"Rapier Offensive: rules reference"</h1>
            <p class="hint">"These are the tables the app applies, drawn from the same data. Where the published text is damaged or silent, the reading used is listed at the end."</p>

            <h2>"The game"</h2>
            <ul data-testid="table-figures">
                <li>{format!("A grid of 4 axes (A1-A4) by 6 lines (L1-L6); {TURNS} turns. At most {STACKING} friendly units in a sector, at every moment, for both sides.")}</li>
                <li>{format!("Divisions of {} to {} units, one HQ each. The defender deploys face down on L2-L5; about {DEFAULT_FORTIFICATIONS} fortifications, {DEFAULT_MINEFIELDS} minefields and {DEFAULT_DUMMIES} dummies.", DIVISION_UNITS.0, DIVISION_UNITS.1)}</li>
                <li>{format!("Before the battle: {RECON_ATTEMPTS} recon attempts (2d6: axis, line; {RECON_EXAMINE} counters examined where one lands on counters), the initial orders, deployment, {TRPS} TRPs, and up to {PRE_BATTLE_FM} pre-battle fire missions, {PRE_BATTLE_FM_PER_SECTOR} at most on a sector (1d6 a counter, {KILL} destroys).")}</li>
                <li>"Each turn: random event; attacker movement; defender movement; on-call bombardment; defender support fire; attacker support fire; ground combat; clear minefields; replace division HQs."</li>
                <li>{format!("On-call bombardment on the TRPs: {ON_CALL_FM} missions for the battle, {ON_CALL_FM_PER_TURN} a turn, {ON_CALL_FM_PER_TRP_PER_TURN} per TRP a turn; one die for everything in the sector, friends included.")}</li>
                <li>{format!("The defender moves 1d6 counters a turn (1d3 without its HQ). A headless attacking division moves at most half its units. A subordinate takes over a lost HQ on {SUBORDINATE_TAKES_OVER}+.")}</li>
            </ul>

            <h2>"Movement (sectors)"</h2>
            <table data-testid="table-movement"><thead><tr><th>"Who"</th><th>"Into contact"</th><th>"Not into contact"</th></tr></thead>
                <tbody>{MOVEMENT.iter().map(|(_, who, c, n)| view! { <tr><td>{*who}</td><td>{*c}</td><td>{*n}</td></tr> }).collect_view()}</tbody></table>

            <h2>"Ground combat (dice per unit)"</h2>
            <table data-testid="table-ground-combat"><thead><tr><th>"Shooter"</th><th>"vs infantry/cavalry"</th><th>"vs guns"</th><th>"vs armour"</th><th>"Note"</th></tr></thead>
                <tbody>{GROUND_COMBAT.iter().map(|(_, name, d, note)| view! { <tr><td>{*name}</td><td>{d[0]}</td><td>{d[1]}</td><td>{d[2]}</td><td>{*note}</td></tr> }).collect_view()}</tbody></table>
            <ul>
                <li>{format!("Three rounds a turn; in round 1 the defender fires first and the attacker replies with what is left. A {KILL} kills.")}</li>
                <li>{format!("A fortification adds {FORTIFICATION_DICE} die to a fighting defender; a minefield {MINEFIELD_DICE} dice, or {MINEFIELD_ALONE_DICE} alone; mines never touch engineers.")}</li>
            </ul>

            <h2>"Support fire range (sectors)"</h2>
            <table data-testid="table-support"><thead><tr><th>"Battery"</th><th>"Range"</th></tr></thead>
                <tbody>{SUPPORT_RANGE.iter().map(|(_, n, r)| view! { <tr><td>{*n}</td><td>{*r}</td></tr> }).collect_view()}</tbody></table>

            <h2 data-testid="events-heading">{heading}</h2>
            <table data-testid="table-events"><thead><tr><th>"Die"</th><th>"Event"</th></tr></thead>
                <tbody>{move || table().iter().enumerate().map(|(i, e)| view! { <tr><td>{i + 1}</td><td>{e.name()}</td></tr> }).collect_view()}</tbody></table>
            {edited}

            <h2>"Victory"</h2>
            <table data-testid="table-victory"><thead><tr><th>"Break-through division exited"</th><th>"Result"</th></tr></thead>
                <tbody>{VICTORY.iter().map(|(p, v)| view! { <tr><td>{format!("{p}% or more")}</td><td>{v.name()}</td></tr> }).collect_view()}</tbody></table>

            <h2>"Optional: bogging (least 1d6 score to enter)"</h2>
            <table data-testid="table-bogging"><thead><tr><th>"Terrain"</th><th>"Infantry/cavalry"</th><th>"Motorised/guns"</th><th>"Armour"</th></tr></thead>
                <tbody>{BOGGING.iter().map(|(_, n, v)| view! { <tr><td>{*n}</td><td>{v[0]}</td><td>{v[1]}</td><td>{v[2]}</td></tr> }).collect_view()}</tbody></table>
            <h2>"Optional: halting (difficult ground by unit type)"</h2>
            <table data-testid="table-difficult"><thead><tr><th>"Ground or obstacle"</th>{DIFFICULT_COLUMNS.iter().map(|(n, _)| view! { <th>{*n}</th> }).collect_view()}</tr></thead>
                <tbody>{DIFFICULT_ROWS.iter().map(|(t, n)| view! { <tr><td>{*n}</td>{DIFFICULT_COLUMNS.iter().map(|(_, k)| view! { <td>{if is_difficult(*t, *k) { "Difficult" } else { "\u{2014}" }}</td> }).collect_view()}</tr> }).collect_view()}</tbody></table>
            <p>"A road negates difficult ground but not obstacles; a revealed minefield halts every unit. Vehicles (armour, motorised infantry, guns) cannot enter a sector marked impassable unless a road or bridge crosses it."</p>
            <p>"Optional: moving targets are hit on 5+, moving cavalry on 4+ (stationary on 6). Halting: difficult ground may be entered but not passed in one move unless on a road. Fortification variations add wire and anti-tank obstacles. Advanced victory names sectors to hold and a number of axes to leave by."</p>

            <h2>"Scale variations (labels only)"</h2>
            <table data-testid="table-scales"><thead><tr><th>"Corps"</th><th>"Division"</th><th>"Unit"</th><th>"Sector"</th><th>"Table"</th><th>"Turn"</th><th>"Game"</th></tr></thead>
                <tbody>{SCALES.iter().map(|row| view! { <tr>{row.iter().map(|c| view! { <td>{*c}</td> }).collect_view()}</tr> }).collect_view()}</tbody></table>

            <h2>"Map key"</h2>
            <p>"Each box on the map is one counter (top row of a sector: the defender's) or one attacking unit (bottom row, coloured by division). A grey \"?\" is face down; the umpire's own knowledge of a face-down counter is drawn dashed."</p>
            <table data-testid="table-map-key"><thead><tr><th>"Code"</th><th>"Stands for"</th></tr></thead>
                <tbody>{MAP_KEY.iter().map(|(c, n)| view! { <tr><td>{*c}</td><td>{*n}</td></tr> }).collect_view()}</tbody></table>

            <h2>"The sample"</h2>
            <p>{ILLUSTRATIVE}</p>

            <h2>"Readings taken"</h2>
            <ol class="readings" data-testid="readings">{READINGS.iter().map(|r| view! { <li>{*r}</li> }).collect_view()}</ol>
        </section>
    }
}
