//! One side of the setup form: its name, nation, armour-withdrawal flag, starting points and
//! campaign roster (manoeuvre elements), its scheduled reinforcements, and its reinforcement
//! and fortification charts.

use super::wizard_charts::{fresh_id, FortChart, RgChart};
use super::wizard_fields::*;
use super::wizard_scheduled::ScheduledSection;
use crate::systems::bfww2_campaign::roster::{Me, Side};
use crate::systems::bfww2_campaign::roster_text;
use crate::systems::bfww2_campaign::setup::SetupProblem;
use crate::systems::bfww2_campaign::tables::MeClass;
use crate::systems::bfww2_campaign::{Rating, Setup};
use crate::ui::rfx::wizard_paste::{CopyToOther, PasteBox};
use crate::ui::reactive::memo;
use leptos::prelude::*;

/// Problems of side `k`'s element at row `i`.
pub(super) fn me_problem(s: &Setup, k: usize, i: usize, p: &SetupProblem) -> bool {
    let Some(me) = s.sides[k].roster.get(i) else { return false };
    let name = &s.sides[k].name;
    match p {
        SetupProblem::DuplicateMe { side, id }
        | SetupProblem::EmptyMe { side, id }
        | SetupProblem::VehiclesOverStands { side, id } => side == name && *id == me.id,
        SetupProblem::UnknownRg { side, me: id, .. } => side == name && *id == me.id,
        _ => false,
    }
}

/// Problems of side `k` itself (its name).
fn side_problem(k: usize, p: &SetupProblem) -> bool {
    matches!(p, SetupProblem::EmptyName { what } if *what == format!("side {}", k + 1))
}

/// One element of the roster.
#[component]
fn MeRow(k: usize, i: usize) -> impl IntoView {
    let form = Form::get();
    let setup = form.setup;
    let edit = move |f: &dyn Fn(&mut Me)| {
        setup.update(|s| {
            if let Some(m) = s.sides[k].roster.get_mut(i) {
                f(m)
            }
        })
    };
    let get = move |f: fn(&Me) -> String| {
        Signal::derive(move || setup.with(|s| s.sides[k].roster.get(i).map(f).unwrap_or_default()))
    };
    let t = format!("me-{k}-{i}");
    let rg_options =
        Signal::derive(move || setup.with(|s| s.sides[k].rg_chart.iter().map(|r| r.id.clone()).collect::<Vec<_>>()));
    let rg_value = move || setup.with(|s| s.sides[k].roster.get(i).and_then(|m| m.rg.clone()).unwrap_or_default());
    view! {
        <div class="unit-row me-row" data-testid=t.clone()>
            <TextField label="ID" testid=format!("{t}-id") value=get(|m| m.id.clone()) commit=Callback::new(move |v: String| edit(&|m| m.id = v.trim().to_string()))/>
            <TextField label="Name" testid=format!("{t}-name") grow=true value=get(|m| m.name.clone()) commit=Callback::new(move |v: String| edit(&|m| m.name = v.clone()))/>
            <Choice label="Class" testid=format!("{t}-class") options=CLASSES.iter().map(|c| (*c, class_name(*c).to_string())).collect()
                value=Signal::derive(move || setup.with(|s| s.sides[k].roster.get(i).map_or(MeClass::Infantry, |m| m.class)))
                commit=Callback::new(move |c| edit(&|m| m.class = c))/>
            <TextField label="Unit type" testid=format!("{t}-type") value=get(|m| m.unit_type.clone()) commit=Callback::new(move |v: String| edit(&|m| m.unit_type = v.clone()))/>
            <NumField label="Stands" testid=format!("{t}-stands") value=get(|m| m.stands.to_string())
                commit=Callback::new(move |v: String| { let n = parse_count::<u16>(&v, 999)?; edit(&|m| m.stands = n); Ok(()) })/>
            <NumField label="Vehicles" testid=format!("{t}-vehicles") value=get(|m| m.vehicles.to_string())
                commit=Callback::new(move |v: String| { let n = parse_count::<u16>(&v, 999)?; edit(&|m| m.vehicles = n); Ok(()) })/>
            <Choice label="Rating" testid=format!("{t}-rating") options=ratings()
                value=Signal::derive(move || setup.with(|s| s.sides[k].roster.get(i).map_or(Rating::Trained, |m| m.rating)))
                commit=Callback::new(move |r| edit(&|m| m.rating = r))/>
            <label class="field"><span>"Counts against"</span>
                <select data-testid=format!("{t}-rg") prop:value=rg_value
                    on:change=move |ev| { let v = event_target_value(&ev); edit(&|m| m.rg = (!v.is_empty()).then(|| v.clone())); }>
                    <option value="">"No chart row"</option>
                    {move || {
                        let mut ids = rg_options.get();
                        let current = rg_value();
                        if !current.is_empty() && !ids.contains(&current) { ids.push(current); }
                        ids.into_iter().map(|id| view! { <option value=id.clone()>{id.clone()}</option> }).collect_view()
                    }}
                </select></label>
            <button type="button" class="btn small danger" data-testid=format!("{t}-remove")
                on:click=move |_| setup.update(|s| { if i < s.sides[k].roster.len() { s.sides[k].roster.remove(i); } })>
                {move || format!("Remove {}", setup.with(|s| s.sides[k].roster.get(i).map(|m| m.id.clone()).unwrap_or_default()))}</button>
            {problem_list(move || form.problems_where(|s, p| me_problem(s, k, i, p)), format!("{t}-problem"))}
        </div>
    }
}

// The paste box's and the copy's view of a roster (a `Vec`, as it is kept).
#[allow(clippy::ptr_arg)]
fn write_roster(r: &Vec<Me>) -> String {
    roster_text::write(r)
}
#[allow(clippy::ptr_arg)]
fn no_elements(r: &Vec<Me>) -> bool {
    r.is_empty()
}
#[allow(clippy::ptr_arg)]
fn roster_summary(r: &Vec<Me>) -> String {
    format!("{} element{}", r.len(), if r.len() == 1 { "" } else { "s" })
}

/// Side `k` (0 or 1) of the campaign.
#[component]
pub(super) fn SideSection(k: usize) -> impl IntoView {
    let form = Form::get();
    let setup = form.setup;
    let edit = move |f: &dyn Fn(&mut Side)| setup.update(|s| f(&mut s.sides[k]));
    let count = memo(move || setup.with(|s| s.sides[k].roster.len()));
    let line = Signal::derive(move || {
        setup.with(|s| {
            let side = &s.sides[k];
            format!(
                "{}: {} elements, {} scheduled, {} reinforcement rows, {} fortification rows",
                side.name,
                side.roster.len(),
                side.scheduled.len(),
                side.rg_chart.len(),
                side.fort_chart.len()
            )
        })
    });
    let n_problems = Signal::derive(move || {
        form.problems_where(|s, p| {
            let name = &s.sides[k].name;
            side_problem(k, p)
                || match p {
                    SetupProblem::DuplicateMe { side, .. }
                    | SetupProblem::EmptyMe { side, .. }
                    | SetupProblem::VehiclesOverStands { side, .. }
                    | SetupProblem::UnknownRg { side, .. }
                    | SetupProblem::DuplicateRg { side, .. }
                    | SetupProblem::RgLimits { side, .. }
                    | SetupProblem::BaseForceOverLimit { side, .. }
                    | SetupProblem::ScheduledDay { side, .. }
                    | SetupProblem::ScheduledRow { side, .. } => side == name,
                    _ => false,
                }
        })
        .len()
    });
    let t = format!("side-{k}");
    let pasting = RwSignal::new(false);
    view! {
        <Section title=format!("Side {}", k + 1) testid=format!("section-{t}") line=line problems=n_problems>
            <div class="row">
                <TextField label="Side's name" testid=format!("{t}-name") grow=true value=Signal::derive(move || setup.with(|s| s.sides[k].name.clone()))
                    commit=Callback::new(move |v: String| edit(&|x| x.name = v.clone()))/>
                <Choice label="Nation" testid=format!("{t}-nation") options=NATIONS.iter().map(|n| (*n, nation_name(*n).to_string())).collect()
                    value=Signal::derive(move || setup.with(|s| s.sides[k].nation)) commit=Callback::new(move |n| edit(&|x| x.nation = n))/>
                <NumField label="CPP at the start" testid=format!("{t}-cpp") value=Signal::derive(move || setup.with(|s| s.sides[k].cpp.to_string()))
                    commit=Callback::new(move |v: String| { let n = parse_count::<u16>(&v, 999)?; edit(&|x| x.cpp = n); Ok(()) })/>
                <NumField label="FPP at the start" testid=format!("{t}-fpp") value=Signal::derive(move || setup.with(|s| s.sides[k].fpp.to_string()))
                    commit=Callback::new(move |v: String| { let n = parse_count::<u16>(&v, 999)?; edit(&|x| x.fpp = n); Ok(()) })/>
            </div>
            <label class="check"><input type="checkbox" data-testid=format!("{t}-withdrawal") prop:checked=move || setup.with(|s| s.sides[k].armour_withdrawal)
                on:change=move |ev| { let v = event_target_checked(&ev); edit(&|x| x.armour_withdrawal = v); }/>
                " Under the armour-withdrawal restriction (tank-only elements that lost a vehicle roll to stay)"</label>
            {problem_list(move || form.problems_where(|_, p| side_problem(k, p)), format!("{t}-problem"))}
            <h3>"Campaign roster"</h3>
            <p class="hint">"Each manoeuvre element: a unique ID, its class and unit type (combining needs the same), stands with the command stand, how many of them are vehicles, its discipline rating, and the reinforcement chart row it counts against."</p>
            <CopyToOther from=Callback::new(move |()| setup.with_untracked(|s| s.sides[k].roster.clone()))
                to=Callback::new(move |()| setup.with_untracked(|s| s.sides[1 - k].roster.clone()))
                put=Callback::new(move |r: Vec<Me>| setup.update(|s| s.sides[1 - k].roster = r))
                to_name=Signal::derive(move || setup.with(|s| s.sides[1 - k].name.clone())) is_empty=no_elements/>
            // A button, not a nested fold: the section's own summary stays its only one.
            <button type="button" class="btn small" data-testid=format!("{t}-paste-open") aria-expanded=move || pasting.get().to_string()
                on:click=move |_| pasting.update(|p| *p = !*p)>"Paste a list (the roster as text, one element a line)"</button>
            {move || pasting.get().then(|| view! {
                <PasteBox current=Callback::new(move |()| setup.with_untracked(|s| s.sides[k].roster.clone()))
                    put=Callback::new(move |r: Vec<Me>| setup.update(|s| s.sides[k].roster = r))
                    parse=roster_text::parse write=write_roster format=roster_text::FORMAT example=roster_text::EXAMPLE summary=roster_summary/>
            })}
            {move || (0..count.get()).map(|i| view! { <MeRow k=k i=i/> }).collect_view()}
            <button type="button" class="btn" data-testid=format!("{t}-add-me") on:click=move |_| edit(&|x| {
                let ids: Vec<String> = x.roster.iter().map(|m| m.id.clone()).collect();
                let id = fresh_id(&ids, "ME-");
                x.roster.push(Me { name: format!("Element {id}"), id, class: MeClass::Infantry, unit_type: "Rifle company".into(), stands: 10, vehicles: 0, rating: Rating::Trained, rg: None });
            })>"+ Element"</button>
            <ScheduledSection k=k/>
            <RgChart k=k/>
            <FortChart k=k/>
        </Section>
    }
}
