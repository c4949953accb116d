//! A side's scheduled reinforcements in the setup form (2.1.1.4.1): elements that join its
//! roster free at the start of a campaign day, each under a manoeuvre row of its
//! reinforcement chart (whose limits it counts against).

use super::wizard_charts::fresh_id;
use super::wizard_fields::*;
use crate::systems::bfww2_campaign::charts::RgKind;
use crate::systems::bfww2_campaign::roster::{Me, Scheduled};
use crate::systems::bfww2_campaign::setup::SetupProblem;
use crate::systems::bfww2_campaign::tables::MeClass;
use crate::systems::bfww2_campaign::{Rating, Setup};
use crate::ui::reactive::memo;
use leptos::prelude::*;

/// Problems of side `k`'s scheduled reinforcement at row `i`.
pub(super) fn scheduled_problem(s: &Setup, k: usize, i: usize, p: &SetupProblem) -> bool {
    let Some(a) = s.sides[k].scheduled.get(i) else { return false };
    let name = &s.sides[k].name;
    match p {
        SetupProblem::DuplicateMe { side, id }
        | SetupProblem::EmptyMe { side, id }
        | SetupProblem::VehiclesOverStands { side, id }
        | SetupProblem::ScheduledDay { side, id, .. }
        | SetupProblem::ScheduledRow { side, id } => side == name && *id == a.me.id,
        SetupProblem::UnknownRg { side, me: id, .. } => side == name && *id == a.me.id,
        _ => false,
    }
}

/// One scheduled element: its day, then the element as on the roster.
#[component]
fn ScheduledRow(k: usize, i: usize) -> impl IntoView {
    let form = Form::get();
    let setup = form.setup;
    let edit = move |f: &dyn Fn(&mut Scheduled)| {
        setup.update(|s| {
            if let Some(a) = s.sides[k].scheduled.get_mut(i) {
                f(a)
            }
        })
    };
    let get = move |f: fn(&Me) -> String| {
        Signal::derive(move || setup.with(|s| s.sides[k].scheduled.get(i).map(|a| f(&a.me)).unwrap_or_default()))
    };
    let t = format!("sched-{k}-{i}");
    let day_value = move || setup.with(|s| s.sides[k].scheduled.get(i).map(|a| a.day.to_string()).unwrap_or_default());
    let days = move || setup.with(|s| s.days.iter().map(|d| d.name.clone()).collect::<Vec<_>>());
    let rg_value =
        move || setup.with(|s| s.sides[k].scheduled.get(i).and_then(|a| a.me.rg.clone()).unwrap_or_default());
    let rows = move || {
        setup.with(|s| {
            let chart = s.sides[k].rg_chart.iter().filter(|r| r.kind == RgKind::Manoeuvre);
            chart.map(|r| r.id.clone()).collect::<Vec<_>>()
        })
    };
    view! {
        <div class="unit-row me-row sched-row" data-testid=t.clone()>
            <label class="field"><span>"Arrives on"</span>
                <select data-testid=format!("{t}-day") prop:value=day_value
                    on:change=move |ev| { if let Ok(d) = event_target_value(&ev).parse::<usize>() { edit(&|a| a.day = d); } }>
                    {move || days().into_iter().enumerate().map(|(d, name)| view! { <option value=d.to_string()>{name}</option> }).collect_view()}
                </select></label>
            <TextField label="ID" testid=format!("{t}-id") value=get(|m| m.id.clone()) commit=Callback::new(move |v: String| edit(&|a| a.me.id = v.trim().to_string()))/>
            <TextField label="Name" testid=format!("{t}-name") grow=true value=get(|m| m.name.clone()) commit=Callback::new(move |v: String| edit(&|a| a.me.name = v.clone()))/>
            <Choice label="Class" testid=format!("{t}-class") options=CLASSES.iter().map(|c| (*c, class_name(*c).to_string())).collect()
                value=Signal::derive(move || setup.with(|s| s.sides[k].scheduled.get(i).map_or(MeClass::Infantry, |a| a.me.class)))
                commit=Callback::new(move |c| edit(&|a| a.me.class = c))/>
            <TextField label="Unit type" testid=format!("{t}-type") value=get(|m| m.unit_type.clone()) commit=Callback::new(move |v: String| edit(&|a| a.me.unit_type = v.clone()))/>
            <NumField label="Stands" testid=format!("{t}-stands") value=get(|m| m.stands.to_string())
                commit=Callback::new(move |v: String| { let n = parse_count::<u16>(&v, 999)?; edit(&|a| a.me.stands = n); Ok(()) })/>
            <NumField label="Vehicles" testid=format!("{t}-vehicles") value=get(|m| m.vehicles.to_string())
                commit=Callback::new(move |v: String| { let n = parse_count::<u16>(&v, 999)?; edit(&|a| a.me.vehicles = n); Ok(()) })/>
            <Choice label="Rating" testid=format!("{t}-rating") options=ratings()
                value=Signal::derive(move || setup.with(|s| s.sides[k].scheduled.get(i).map_or(Rating::Trained, |a| a.me.rating)))
                commit=Callback::new(move |r| edit(&|a| a.me.rating = r))/>
            <label class="field"><span>"Counts against"</span>
                <select data-testid=format!("{t}-rg") prop:value=rg_value
                    on:change=move |ev| { let v = event_target_value(&ev); edit(&|a| a.me.rg = (!v.is_empty()).then(|| v.clone())); }>
                    <option value="">"Choose a row"</option>
                    {move || {
                        let mut ids = rows();
                        let current = rg_value();
                        if !current.is_empty() && !ids.contains(&current) { ids.push(current); }
                        ids.into_iter().map(|id| view! { <option value=id.clone()>{id.clone()}</option> }).collect_view()
                    }}
                </select></label>
            <button type="button" class="btn small danger" data-testid=format!("{t}-remove")
                on:click=move |_| setup.update(|s| { if i < s.sides[k].scheduled.len() { s.sides[k].scheduled.remove(i); } })>
                {move || format!("Remove {}", setup.with(|s| s.sides[k].scheduled.get(i).map(|a| a.me.id.clone()).unwrap_or_default()))}</button>
            {problem_list(move || form.problems_where(|s, p| scheduled_problem(s, k, i, p)), format!("{t}-problem"))}
        </div>
    }
}

/// Side `k`'s scheduled reinforcements.
#[component]
pub(super) fn ScheduledSection(k: usize) -> impl IntoView {
    let setup = Form::get().setup;
    let count = memo(move || setup.with(|s| s.sides[k].scheduled.len()));
    view! {
        <h3>"Scheduled reinforcements"</h3>
        <p class="hint">"Elements that join the roster free at the start of a campaign day, before its first posture and refit. Each counts against a manoeuvre row of the chart below: against its campaign limit from the start, and once on the roster against its per-scenario limit. Only this side and the umpire know of them."</p>
        {move || (0..count.get()).map(|i| view! { <ScheduledRow k=k i=i/> }).collect_view()}
        <button type="button" class="btn" data-testid=format!("sched-{k}-add") on:click=move |_| setup.update(|s| {
            let last = s.days.len().saturating_sub(1);
            let side = &mut s.sides[k];
            let ids: Vec<String> = side.roster.iter().chain(side.scheduled.iter().map(|a| &a.me)).map(|m| m.id.clone()).collect();
            let id = fresh_id(&ids, "S-");
            let rg = side.rg_chart.iter().find(|r| r.kind == RgKind::Manoeuvre).map(|r| r.id.clone());
            let me = Me { name: format!("Element {id}"), id, class: MeClass::Infantry, unit_type: "Rifle company".into(), stands: 10, vehicles: 0, rating: Rating::Trained, rg };
            side.scheduled.push(Scheduled { day: last.min(1), me });
        })>"+ Scheduled element"</button>
    }
}
