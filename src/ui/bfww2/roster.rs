//! The Forces tab: each side's roster and ledger (CPP and FPP earned, spent on what, the
//! balance), its artillery, aircraft and fortifications, as the reader may see them: the
//! umpire sees both; a side sees its own and of the other only what took the field and the
//! fortifications revealed. Then the campaign calendar.

use super::cleanup::{ammo_word, status_word};
use super::summary::CalendarTable;
use super::Bw;
use crate::systems::bfww2_campaign::sample::ILLUSTRATIVE;
use crate::systems::bfww2_campaign::state::{Account, SideState};
use leptos::prelude::*;

fn ledger(what: &'static str, a: &Account, key: String) -> impl IntoView {
    view! {
        <div class="ledger" data-testid=key>
            <h3>{format!("{what}: {} earned, {} spent, balance {}", a.earned, a.spent, a.balance())}</h3>
            <table class="small-table" tabindex="0">
                <thead><tr><th>"What"</th><th>"Points"</th></tr></thead>
                <tbody>{a.lines.iter().map(|l| view! {
                    <tr><td>{l.what.clone()}</td><td>{match l.amount { 0 => "free".to_string(), a if a > 0 => format!("+{a}"), a => a.to_string() }}</td></tr>
                }).collect_view()}</tbody>
            </table>
        </div>
    }
}

fn side_card(bw: Bw, side: u8, st: SideState, full: bool) -> impl IntoView {
    // Scheduled reinforcements are the side's own: said only to whoever reads all of it.
    let scheduled = |id: &str| full && bw.setup.with(|s| s.sides[side as usize].arrival(id).is_some());
    let rows = st
        .roster
        .iter()
        .map(|e| {
            let state = if e.withdrawn {
                "Withdrawn".to_string()
            } else if e.eliminated {
                "Gone".to_string()
            } else if e.pocket > 0 {
                format!("{} ({})", status_word(e.status), e.pocket)
            } else {
                status_word(e.status).to_string()
            };
            let [b25, b50, b75] = e.breakpoints();
            let reached = e.breakpoint_reached().map_or(String::new(), |p| format!(", {p}% reached"));
            let breakpoints = format!("{b25} / {b50} / {b75} lost (of {}; {} lost{reached})", e.strength, e.lost());
            view! {
                <tr data-testid=format!("roster-row-{}", e.me.id)>
                    <td>{format!("{} {}{}", e.me.id, e.me.name, if scheduled(&e.me.id) { ", arrived (scheduled)" } else { "" })}</td>
                    <td>{format!("{} \u{00B7} {}", e.me.class.letter(), e.me.unit_type)}</td>
                    <td>{format!("{} ({} vehicles)", e.me.stands, e.me.vehicles)}</td>
                    <td>{e.rating().name()}</td>
                    <td>{state}</td>
                    <td data-testid="breakpoints">{breakpoints}</td>
                    <td>{ammo_word(e.ammo)}</td>
                    <td>{if full { format!("{} / {}", e.wrecks, e.abandoned) } else { "not shown".to_string() }}</td>
                </tr>
            }
        })
        .collect_view();
    let key = format!("side{}", side + 1);
    view! {
        <div class="card roster" data-testid=format!("roster-{key}")>
            <h2>{bw.side_name(side)}</h2>
            {(!full).then(|| view! {
                <p class="hint" data-testid="hidden-note">"Only this side and the umpire see its whole roster, its points, its purchases and its wrecks awaiting repair. Shown here: what took the field, as seen on the table, and fortifications revealed."</p>
            })}
            {st.roster.is_empty().then(|| view! { <p class="info" data-testid="nothing-fielded">"Nothing of this side has taken the field in this scenario yet."</p> })}
            {(!st.roster.is_empty()).then(|| view! { <table class="small-table" tabindex="0">
                <thead><tr><th>"Element"</th><th>"Class"</th><th>"Stands"</th><th>"Rating"</th><th>"Status"</th><th>"Breakpoints 25 / 50 / 75%"</th><th>"Ammo"</th><th>"Wrecks / abandoned"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table> })}
            {full.then(|| view! {
                {ledger("CPP", &st.cpp, format!("ledger-cpp-{key}"))}
                {ledger("FPP", &st.fpp, format!("ledger-fpp-{key}"))}
                <ul class="holdings">
                    {st.batteries.iter().map(|b| view! { <li>{format!("Artillery {}: {} held, {} smoke missions, {} pre-registered points", b.rg, b.stock.held, b.smoke_missions, b.preregistered)}</li> }).collect_view()}
                    {st.flights.iter().map(|f| view! { <li>{format!("Aircraft {}: a flight of {} for day {}{}", f.rg, f.aircraft, f.day + 1, if f.used { ", flown" } else { "" })}</li> }).collect_view()}
                </ul>
            })}
            <ul class="forts">{st.forts.iter().map(|f| view! {
                <li>{format!("{} at {}{}", f.kind, f.place, if f.revealed { " (revealed)" } else { " (hidden from the enemy)" })}</li>
            }).collect_view()}</ul>
        </div>
    }
}

#[component]
pub fn Rosters() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let sample = bw.setup.with_untracked(|s| s.name == "Advance to Rostov");
    view! {
        <section class="rosters bfww2-rosters" data-testid="rosters">
            {crate::ui::viewer::on_shared_tablet().then(|| view! {
                <p class="hint">"What this tab shows follows who holds the tablet (Log tab)."</p>
            })}
            {sample.then(|| view! { <p class="note" data-testid="illustrative">{ILLUSTRATIVE}</p> })}
            {move || (0..2u8).map(|side| {
                let st = bw.state.with(|s| s.side(side).clone());
                side_card(bw, side, st, bw.reads_side(side))
            }).collect_view()}
            <CalendarTable/>
        </section>
    }
}
