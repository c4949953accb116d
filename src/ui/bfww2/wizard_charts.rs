//! A side's purchase charts in the setup form: the reinforcement-group chart (costs and the
//! per-scenario, per-day and campaign limits) and the fortification purchase chart.

use super::wizard_fields::*;
use crate::systems::bfww2_campaign::charts::{FortEntry, RgEntry, RgKind};
use crate::systems::bfww2_campaign::setup::SetupProblem;
use crate::systems::bfww2_campaign::{Rating, Setup};
use crate::ui::reactive::memo;
use leptos::prelude::*;

/// Problems of side `k`'s reinforcement row `i`.
fn rg_problem(s: &Setup, k: usize, i: usize, p: &SetupProblem) -> bool {
    let Some(rg) = s.sides[k].rg_chart.get(i) else { return false };
    let name = &s.sides[k].name;
    match p {
        SetupProblem::DuplicateRg { side, id } | SetupProblem::RgLimits { side, id } => side == name && *id == rg.id,
        SetupProblem::BaseForceOverLimit { side, rg: id, .. } => side == name && *id == rg.id,
        _ => false,
    }
}

/// The kinds of group, as the form offers them (FPP with its amount set beside it).
const KINDS: [(u8, &str); 4] =
    [(0, "Manoeuvre element"), (1, "Off-board artillery (O)"), (2, "Aircraft"), (3, "Fortification points")];

fn kind_index(k: RgKind) -> u8 {
    match k {
        RgKind::Manoeuvre => 0,
        RgKind::OffBoardArtillery => 1,
        RgKind::Aircraft => 2,
        RgKind::Fpp(_) => 3,
    }
}

/// A fresh ID for a new row: `prefix` and the least number not taken.
pub(super) fn fresh_id(taken: &[String], prefix: &str) -> String {
    (1..).map(|n| format!("{prefix}{n}")).find(|id| !taken.contains(id)).unwrap_or_default()
}

#[component]
fn RgRow(k: usize, i: usize) -> impl IntoView {
    let form = Form::get();
    let setup = form.setup;
    let edit = move |f: &dyn Fn(&mut RgEntry)| {
        setup.update(|s| {
            if let Some(r) = s.sides[k].rg_chart.get_mut(i) {
                f(r)
            }
        })
    };
    let get = move |f: fn(&RgEntry) -> String| {
        Signal::derive(move || setup.with(|s| s.sides[k].rg_chart.get(i).map(f).unwrap_or_default()))
    };
    let kind = move || setup.with(|s| s.sides[k].rg_chart.get(i).map_or(RgKind::Manoeuvre, |r| r.kind));
    // Renaming a row takes the elements that count against it along, scheduled ones too.
    let rename = move |v: String| {
        let v = v.trim().to_string();
        setup.update(|s| {
            let side = &mut s.sides[k];
            let Some(old) = side.rg_chart.get(i).map(|r| r.id.clone()) else { return };
            let scheduled = side.scheduled.iter_mut().map(|a| &mut a.me);
            for m in side.roster.iter_mut().chain(scheduled).filter(|m| m.rg.as_ref() == Some(&old)) {
                m.rg = Some(v.clone());
            }
            side.rg_chart[i].id = v;
        })
    };
    let limit = move |label: &'static str,
                      testid: &'static str,
                      read: fn(&RgEntry) -> u8,
                      write: fn(&mut RgEntry, u8)| {
        view! {
            <NumField label=label testid=format!("rg-{k}-{i}-{testid}") value=Signal::derive(move || setup.with(|s| s.sides[k].rg_chart.get(i).map(|r| read(r).to_string()).unwrap_or_default()))
                commit=Callback::new(move |v: String| { let n = parse_count::<u8>(&v, 99)?; edit(&|r| write(r, n)); Ok(()) })/>
        }
    };
    let t = format!("rg-{k}-{i}");
    view! {
        <div class="unit-row rg-row" data-testid=t.clone()>
            <TextField label="ID" testid=format!("{t}-id") value=get(|r| r.id.clone()) commit=Callback::new(rename)/>
            <TextField label="What it is" testid=format!("{t}-description") grow=true value=get(|r| r.description.clone()) commit=Callback::new(move |v: String| edit(&|r| r.description = v.clone()))/>
            <Choice label="Brings" testid=format!("{t}-kind") options=KINDS.iter().map(|(n, s)| (*n, s.to_string())).collect()
                value=Signal::derive(move || kind_index(kind()))
                commit=Callback::new(move |n: u8| edit(&|r| r.kind = match n { 1 => RgKind::OffBoardArtillery, 2 => RgKind::Aircraft, 3 => RgKind::Fpp(match r.kind { RgKind::Fpp(f) => f, _ => 1 }), _ => RgKind::Manoeuvre }))/>
            {move || matches!(kind(), RgKind::Fpp(_)).then(|| view! {
                <NumField label="FPP it brings" testid=format!("rg-{k}-{i}-fpp") value=Signal::derive(move || match kind() { RgKind::Fpp(f) => f.to_string(), _ => String::new() })
                    commit=Callback::new(move |v: String| { let n = parse_count::<u16>(&v, 99)?; edit(&|r| r.kind = RgKind::Fpp(n)); Ok(()) })/>
            })}
            <TextField label="Unit cards (commas between)" testid=format!("{t}-cards") value=get(|r| r.cards.join(", "))
                commit=Callback::new(move |v: String| edit(&|r| r.cards = v.split(',').map(str::trim).filter(|c| !c.is_empty()).map(String::from).collect()))/>
            <Choice label="Rating" testid=format!("{t}-rating") options=ratings()
                value=Signal::derive(move || setup.with(|s| s.sides[k].rg_chart.get(i).map_or(Rating::Trained, |r| r.rating)))
                commit=Callback::new(move |v| edit(&|r| r.rating = v))/>
            <NumField label="Cost (CPP)" testid=format!("{t}-cost") value=get(|r| r.cost_cpp.to_string())
                commit=Callback::new(move |v: String| { let n = parse_count::<u16>(&v, 999)?; edit(&|r| r.cost_cpp = n); Ok(()) })/>
            {limit("Most in one scenario", "scenario", |r| r.per_scenario, |r, n| r.per_scenario = n)}
            <NumField label="Most used in one day" hint="blank: no day limit" testid=format!("{t}-day") value=get(|r| r.per_day.map(|d| d.to_string()).unwrap_or_default())
                commit=Callback::new(move |v: String| { let n = optional(&v, |t| parse_count::<u8>(t, 99))?; edit(&|r| r.per_day = n); Ok(()) })/>
            {limit("Most in the campaign", "campaign", |r| r.per_campaign, |r, n| r.per_campaign = n)}
            <TextField label="Notes" testid=format!("{t}-notes") grow=true value=get(|r| r.notes.clone()) commit=Callback::new(move |v: String| edit(&|r| r.notes = v.clone()))/>
            <button type="button" class="btn small danger" data-testid=format!("{t}-remove")
                on:click=move |_| setup.update(|s| { if i < s.sides[k].rg_chart.len() { s.sides[k].rg_chart.remove(i); } })>
                {move || format!("Remove row {}", setup.with(|s| s.sides[k].rg_chart.get(i).map(|r| r.id.clone()).unwrap_or_default()))}</button>
            {problem_list(move || form.problems_where(|s, p| rg_problem(s, k, i, p)), format!("{t}-problem"))}
        </div>
    }
}

/// Side `k`'s reinforcement-group chart.
#[component]
pub(super) fn RgChart(k: usize) -> impl IntoView {
    let setup = Form::get().setup;
    let count = memo(move || setup.with(|s| s.sides[k].rg_chart.len()));
    view! {
        <h3>"Reinforcement-group chart"</h3>
        <p class="hint">"What the side may buy with CPP. The campaign limit counts the starting roster's and the scheduled elements that count against the row. Off-board artillery also has a limit per day."</p>
        {move || (0..count.get()).map(|i| view! { <RgRow k=k i=i/> }).collect_view()}
        <button type="button" class="btn" data-testid=format!("rg-{k}-add") on:click=move |_| setup.update(|s| {
            let side = &mut s.sides[k];
            let ids: Vec<String> = side.rg_chart.iter().map(|r| r.id.clone()).collect();
            side.rg_chart.push(RgEntry { id: fresh_id(&ids, "R"), description: "New group".into(), kind: RgKind::Manoeuvre, cards: Vec::new(), rating: Rating::Trained, cost_cpp: 5, per_scenario: 1, per_day: None, per_campaign: 2, notes: String::new() });
        })>"+ Reinforcement row"</button>
    }
}

/// Side `k`'s fortification purchase chart.
#[component]
pub(super) fn FortChart(k: usize) -> impl IntoView {
    let setup = Form::get().setup;
    let count = memo(move || setup.with(|s| s.sides[k].fort_chart.len()));
    let edit = move |i: usize, f: &dyn Fn(&mut FortEntry)| {
        setup.update(|s| {
            if let Some(r) = s.sides[k].fort_chart.get_mut(i) {
                f(r)
            }
        })
    };
    view! {
        <h3>"Fortification purchase chart"</h3>
        <p class="hint">"What the side may buy with FPP."</p>
        {move || (0..count.get()).map(|i| {
            let t = format!("fort-{k}-{i}");
            view! {
                <div class="unit-row fort-row" data-testid=t.clone()>
                    <TextField label="Fortification" testid=format!("{t}-name") grow=true value=Signal::derive(move || setup.with(|s| s.sides[k].fort_chart.get(i).map(|r| r.name.clone()).unwrap_or_default()))
                        commit=Callback::new(move |v: String| edit(i, &|r| r.name = v.clone()))/>
                    <NumField label="Cost (FPP)" testid=format!("{t}-cost") value=Signal::derive(move || setup.with(|s| s.sides[k].fort_chart.get(i).map(|r| r.cost_fpp.to_string()).unwrap_or_default()))
                        commit=Callback::new(move |v: String| { let n = parse_count::<u16>(&v, 999)?; edit(i, &|r| r.cost_fpp = n); Ok(()) })/>
                    <NumField label="Most in the campaign" hint="blank: no limit" testid=format!("{t}-limit") value=Signal::derive(move || setup.with(|s| s.sides[k].fort_chart.get(i).and_then(|r| r.per_campaign).map(|n| n.to_string()).unwrap_or_default()))
                        commit=Callback::new(move |v: String| { let n = optional(&v, |t| parse_count::<u8>(t, 99))?; edit(i, &|r| r.per_campaign = n); Ok(()) })/>
                    <button type="button" class="btn small danger" data-testid=format!("{t}-remove")
                        on:click=move |_| setup.update(|s| { if i < s.sides[k].fort_chart.len() { s.sides[k].fort_chart.remove(i); } })>
                        {move || format!("Remove {}", setup.with(|s| s.sides[k].fort_chart.get(i).map(|r| r.name.clone()).unwrap_or_default()))}</button>
                </div>
            }
        }).collect_view()}
        <button type="button" class="btn" data-testid=format!("fort-{k}-add") on:click=move |_| setup.update(|s| s.sides[k].fort_chart.push(FortEntry { name: "Fortification".into(), cost_fpp: 1, per_campaign: None }))>"+ Fortification row"</button>
    }
}
