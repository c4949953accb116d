//! The rules reference's tables, each drawn from the array or function the rules apply: a
//! roll table's bands as `Band::label` reads them ("9 or more"), its modifiers with their
//! values, and the purchase charts of the sample.

use super::wizard_fields::{class_name, nation_name, NATIONS};
use crate::systems::bfww2_campaign::charts::{RgEntry, RgKind};
use crate::systems::bfww2_campaign::modifier::{Band, Modifier};
use crate::systems::bfww2_campaign::tables::*;
use crate::systems::bfww2_campaign::Setup;
use leptos::prelude::*;

pub(super) fn signed(v: i16) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// A roll table: the final roll of each row and what it gives.
pub(super) fn roll_table<T: Copy>(
    testid: &'static str,
    roll: &'static str,
    result: &'static str,
    rows: &[Band<T>],
    say: impl Fn(T) -> String,
) -> impl IntoView {
    view! {
        <table class="small-table" data-testid=testid><thead><tr><th>{roll}</th><th>{result}</th></tr></thead>
            <tbody>{rows.iter().map(|b| view! { <tr><td>{b.label()}</td><td>{say(b.result)}</td></tr> }).collect_view()}</tbody></table>
    }
}

/// A table's modifiers: the condition in our words and its value.
pub(super) fn modifiers<K>(testid: &'static str, mods: &[Modifier<K>]) -> impl IntoView {
    view! {
        <table class="small-table" data-testid=testid><thead><tr><th>"Modifier"</th><th>"Roll"</th></tr></thead>
            <tbody>{mods.iter().map(|m| view! { <tr><td>{m.text}</td><td>{signed(m.value)}</td></tr> }).collect_view()}</tbody></table>
    }
}

pub(super) fn repair_name(r: Repair) -> String {
    match r {
        Repair::Repaired => "Repaired: the vehicle returns to its element".into(),
        Repair::NoEffect => "No effect".into(),
    }
}

pub(super) fn withdrawal_name(w: Withdrawal) -> String {
    match w {
        Withdrawal::Retained => "Retained".into(),
        Withdrawal::Withdraws => "Withdrawn: the element leaves the campaign".into(),
    }
}

pub(super) fn rating_change_name(c: RatingChange) -> String {
    match c {
        RatingChange::Improves => "One level better (elite stays elite)".into(),
        RatingChange::Unchanged => "No change".into(),
        RatingChange::Worsens => "One level worse (raw stays raw)".into(),
    }
}

pub(super) fn removal_name(r: Removal) -> String {
    match r {
        Removal::Eliminated => "Removed".into(),
        Removal::NoEffect => "No effect".into(),
    }
}

fn escape_name(e: Escape) -> &'static str {
    match e {
        Escape::Escape => "Escapes",
        Escape::Abandon => "Crew escapes, vehicle abandoned",
        Escape::Eliminated => "Eliminated",
    }
}

/// The escape table's two columns.
pub(super) fn escape_table() -> impl IntoView {
    view! {
        <table class="small-table" data-testid="table-escape"><thead><tr><th>"Final roll"</th><th>"Infantry"</th><th>"AFV or vehicle"</th></tr></thead>
            <tbody>{ESCAPE.iter().map(|b| view! { <tr><td>{b.label()}</td><td>{escape_name(b.result.0)}</td><td>{escape_name(b.result.1)}</td></tr> }).collect_view()}</tbody></table>
    }
}

/// The Advance to Rostov historical modifiers, day by day.
pub(super) fn rostov_chart() -> impl IntoView {
    let cell = |d: HistoricalDrm| match d {
        HistoricalDrm::Drm(v) => signed(v),
        HistoricalDrm::NoCpp => "No CPP".to_string(),
    };
    view! {
        <table class="small-table" data-testid="table-rostov-drm"><thead><tr><th>"December"</th><th>"Russian"</th><th>"German"</th></tr></thead>
            <tbody>{ROSTOV_DRM.iter().map(|(d, r, g)| view! { <tr><td>{*d}</td><td>{cell(*r)}</td><td>{cell(*g)}</td></tr> }).collect_view()}</tbody></table>
    }
}

/// Month names for the repair dates.
fn month_label(m: Month) -> String {
    const NAMES: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    format!("{} {}", NAMES[(m.month.clamp(1, 12) - 1) as usize], m.year)
}

/// Who repairs armour when, read off `repair_allowed` month by month over the war.
pub(super) fn repair_dates() -> impl IntoView {
    let months: Vec<Month> = (1939..=1945).flat_map(|y| (1..=12).map(move |m| Month::new(y, m))).collect();
    view! {
        <table class="small-table" data-testid="table-repair-dates"><thead><tr><th>"Nation"</th><th>"Repairs armour (1939-1945)"</th></tr></thead>
            <tbody>{NATIONS.iter().map(|&n| {
                let allowed: Vec<Month> = months.iter().copied().filter(|&m| repair_allowed(n, m)).collect();
                let when = match (allowed.first(), allowed.last()) {
                    (Some(a), Some(b)) => format!("{} to {}", month_label(*a), month_label(*b)),
                    _ => "Never".to_string(),
                };
                view! { <tr><td>{nation_name(n)}</td><td>{when}</td></tr> }
            }).collect_view()}</tbody></table>
    }
}

/// The turn-record chart: the highest d10 that ends the scenario at the start of each turn.
pub(super) fn turn_record() -> impl IntoView {
    view! {
        <table class="small-table" data-testid="table-turn-record"><thead><tr><th>"At the start of turn"</th><th>{format!("Ends on a {} of", TURN_RECORD_DIE.label())}</th></tr></thead>
            <tbody>{(1..=LAST_TURN).filter(|&t| turn_record_ends_on(t) > 0).map(|t| {
                let n = turn_record_ends_on(t);
                let ends = if t >= LAST_TURN { "Always ends".to_string() } else if n == 1 { "1".to_string() } else { format!("1-{n}") };
                view! { <tr><td>{t}</td><td>{ends}</td></tr> }
            }).collect_view()}</tbody></table>
    }
}

/// What each ammunition status allows.
pub(super) fn ammo_table() -> impl IntoView {
    let yes = |b: bool| if b { "Yes" } else { "No" };
    view! {
        <table class="small-table" data-testid="table-ammo"><thead><tr><th>"Status"</th><th>"May fire"</th><th>"Defensive fire only"</th><th>"May start close combat"</th><th>"Close combat"</th></tr></thead>
            <tbody>{[(Ammo::Normal, "Normal"), (Ammo::Short, "Short"), (Ammo::Out, "Out")].into_iter().map(|(a, n)| {
                let l = a.limits();
                view! { <tr><td>{n}</td><td>{yes(l.may_fire)}</td><td>{yes(l.defensive_fire_only)}</td><td>{yes(l.may_start_close_combat)}</td><td>{signed(l.close_combat_mod)}</td></tr> }
            }).collect_view()}</tbody></table>
    }
}

pub(super) fn kind_name(k: RgKind) -> String {
    match k {
        RgKind::Manoeuvre => "Manoeuvre element".into(),
        RgKind::OffBoardArtillery => "Off-board artillery".into(),
        RgKind::Aircraft => "Aircraft".into(),
        RgKind::Fpp(n) => format!("{n} FPP"),
    }
}

/// A side's reinforcement chart as the sample sets it.
pub(super) fn rg_chart(testid: String, rows: Vec<RgEntry>) -> impl IntoView {
    view! {
        <table class="small-table" data-testid=testid><thead><tr><th>"ID"</th><th>"Group"</th><th>"Brings"</th><th>"Rating"</th><th>"CPP"</th><th>"Per scenario"</th><th>"Per day"</th><th>"Campaign"</th></tr></thead>
            <tbody>{rows.into_iter().map(|r| view! {
                <tr><td>{r.id.clone()}</td><td>{r.description.clone()}</td><td>{kind_name(r.kind)}</td><td>{r.rating.name()}</td><td>{r.cost_cpp}</td>
                    <td>{r.per_scenario}</td><td>{r.per_day.map_or("\u{2013}".to_string(), |d| d.to_string())}</td><td>{r.per_campaign}</td></tr>
            }).collect_view()}</tbody></table>
    }
}

/// The sample's sides: roster and charts.
pub(super) fn sample_sides(s: &Setup) -> impl IntoView {
    s.sides
        .iter()
        .enumerate()
        .map(|(k, side)| {
            view! {
                <h3>{format!("{} ({}{})", side.name, nation_name(side.nation), if side.armour_withdrawal { ", under armour withdrawal" } else { "" })}</h3>
                <table class="small-table" data-testid=format!("table-sample-roster-{k}")><thead><tr><th>"ID"</th><th>"Element"</th><th>"Class"</th><th>"Type"</th><th>"Stands"</th><th>"Vehicles"</th><th>"Rating"</th></tr></thead>
                    <tbody>{side.roster.iter().map(|m| view! {
                        <tr><td>{m.id.clone()}</td><td>{m.name.clone()}</td><td>{class_name(m.class)}</td><td>{m.unit_type.clone()}</td><td>{m.stands}</td><td>{m.vehicles}</td><td>{m.rating.name()}</td></tr>
                    }).collect_view()}</tbody></table>
                {rg_chart(format!("table-sample-rg-{k}"), side.rg_chart.clone())}
                <table class="small-table" data-testid=format!("table-sample-forts-{k}")><thead><tr><th>"Fortification"</th><th>"FPP"</th><th>"Campaign limit"</th></tr></thead>
                    <tbody>{side.fort_chart.iter().map(|f| view! {
                        <tr><td>{f.name.clone()}</td><td>{f.cost_fpp}</td><td>{f.per_campaign.map_or("None".to_string(), |n| n.to_string())}</td></tr>
                    }).collect_view()}</tbody></table>
            }
        })
        .collect_view()
}
