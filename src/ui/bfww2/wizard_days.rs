//! The setup form's calendar (the days, the scenarios of each and each side's historical CPP
//! modifier per day) and the CPP replenishment table.

use super::wizard_fields::{optional, parse_count, parse_signed, problem_list, Form, NumField, Section, TextField};
use crate::systems::bfww2_campaign::calendar::{Day, Slot};
use crate::systems::bfww2_campaign::setup::{SetupProblem, CPP_ROLL_RANGE};
use crate::systems::bfww2_campaign::tables::HistoricalDrm;
use crate::systems::bfww2_campaign::{Band, Setup};
use crate::ui::reactive::memo;
use leptos::prelude::*;

/// Problems of day `i` (its name, its scenarios).
fn day_problems(s: &Setup, i: usize, p: &SetupProblem) -> bool {
    match p {
        SetupProblem::EmptyName { what } => *what == format!("day {}", i + 1),
        SetupProblem::DaySlots { day } => s.days.get(i).is_some_and(|d| d.name == *day),
        _ => false,
    }
}

fn signed(v: i16) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// Day `i`'s scenarios, modifiers and name.
#[component]
fn DayRow(i: usize) -> impl IntoView {
    let form = Form::get();
    let setup = form.setup;
    let edit = move |f: &dyn Fn(&mut Day)| {
        setup.update(|s| {
            if let Some(d) = s.days.get_mut(i) {
                f(d)
            }
        })
    };
    let has = move |slot: Slot| setup.with(|s| s.days.get(i).is_some_and(|d| d.slots.contains(&slot)));
    let toggle = move |slot: Slot, on: bool| {
        edit(&|d| {
            d.slots.retain(|x| *x != slot);
            if on {
                d.slots.push(slot);
                crate::engine::order::sort(&mut d.slots);
            }
        })
    };
    let slot_box = move |slot: Slot| {
        let label = match slot {
            Slot::Afternoon => " Afternoon scenario",
            _ => " Night scenario",
        };
        view! {
            <label class="check"><input type="checkbox" data-testid=format!("day-{i}-{}", slot.name().to_ascii_lowercase())
                prop:checked=move || has(slot) on:change=move |ev| toggle(slot, event_target_checked(&ev))/>{label}</label>
        }
    };
    let drm = move |k: usize| {
        let side = move || setup.with(|s| s.sides[k].name.clone());
        let no_cpp = move || setup.with(|s| s.days.get(i).is_some_and(|d| d.drm[k] == HistoricalDrm::NoCpp));
        view! {
            <div class="drm-field">
                {move || (!no_cpp()).then(|| view! {
                    <NumField label=format!("{}: CPP roll modifier", side()) testid=format!("day-{i}-drm-{k}")
                        value=Signal::derive(move || setup.with(|s| match s.days.get(i).map(|d| d.drm[k]) { Some(HistoricalDrm::Drm(v)) => signed(v), _ => String::new() }))
                        commit=Callback::new(move |t: String| { let v = parse_signed(&t, 20)?; edit(&|d| d.drm[k] = HistoricalDrm::Drm(v)); Ok(()) })/>
                })}
                <label class="check"><input type="checkbox" data-testid=format!("day-{i}-nocpp-{k}") prop:checked=no_cpp
                    on:change=move |ev| { let v = event_target_checked(&ev); edit(&|d| d.drm[k] = if v { HistoricalDrm::NoCpp } else { HistoricalDrm::Drm(0) }); }/>
                    {move || format!(" {} gets no CPP this day", side())}</label>
            </div>
        }
    };
    let name = move || setup.with(|s| s.days.get(i).map(|d| d.name.clone()).unwrap_or_default());
    view! {
        <div class="unit-row day-row" data-testid=format!("day-{i}")>
            <div class="row">
                <TextField label=format!("Day {}", i + 1) testid=format!("day-{i}-name") value=Signal::derive(name)
                    commit=Callback::new(move |v: String| edit(&|d| d.name = v.clone()))/>
                <span>"Morning (alone: the full day)"</span>
                {slot_box(Slot::Afternoon)}
                {slot_box(Slot::Night)}
            </div>
            <div class="row">{drm(0)}{drm(1)}</div>
            <button type="button" class="btn small danger" data-testid=format!("day-{i}-remove")
                on:click=move |_| setup.update(|s| s.remove_day(i))>{move || format!("Remove {}", name())}</button>
            {problem_list(move || form.problems_where(|s, p| day_problems(s, i, p)), format!("day-{i}-problem"))}
        </div>
    }
}

/// The campaign days.
#[component]
pub(super) fn DaysSection() -> impl IntoView {
    let form = Form::get();
    let setup = form.setup;
    let count = memo(move || setup.with(|s| s.days.len()));
    let line = Signal::derive(move || {
        setup.with(|s| {
            let scenarios: usize = s.days.iter().map(|d| d.slots.len()).sum();
            format!("{} days, {scenarios} scenarios", s.days.len())
        })
    });
    let section_problems = move |s: &Setup, p: &SetupProblem| {
        matches!(p, SetupProblem::NoDays) || (0..s.days.len()).any(|i| day_problems(s, i, p))
    };
    let n_problems = Signal::derive(move || form.problems_where(section_problems).len());
    view! {
        <Section title="Days and scenarios" testid="section-days" line=line problems=n_problems>
            <p class="hint">"Each day has a morning scenario (the full day when it is alone), and may add an afternoon and a night. The modifier is the historical one each side adds to its CPP roll that day."</p>
            {move || (0..count.get()).map(|i| view! { <DayRow i=i/> }).collect_view()}
            {problem_list(move || form.problems_where(|_, p| matches!(p, SetupProblem::NoDays)), "days-problem".into())}
            <button type="button" class="btn" data-testid="add-day" on:click=move |_| setup.update(|s| {
                let n = s.days.len() + 1;
                s.days.push(Day { name: format!("Day {n}"), slots: vec![Slot::Morning], drm: [HistoricalDrm::Drm(0); 2] });
            })>"+ Day"</button>
        </Section>
    }
}

/// Consecutive rolls as ranges: "-40 to -1", "5".
fn ranges(mut rolls: Vec<i16>) -> Vec<String> {
    crate::engine::order::sort(&mut rolls);
    let mut out: Vec<(i16, i16)> = Vec::new();
    for r in rolls {
        match out.last_mut() {
            Some(last) if last.1 + 1 == r => last.1 = r,
            _ => out.push((r, r)),
        }
    }
    out.into_iter().map(|(a, b)| if a == b { a.to_string() } else { format!("{a} to {b}") }).collect()
}

/// The CPP table's gaps and overlaps, one line each kind.
fn cpp_problems(ps: &[SetupProblem]) -> Vec<String> {
    let gaps: Vec<i16> =
        ps.iter().filter_map(|p| if let SetupProblem::CppTableGap(r) = p { Some(*r) } else { None }).collect();
    let overlaps: Vec<i16> =
        ps.iter().filter_map(|p| if let SetupProblem::CppTableOverlap(r) = p { Some(*r) } else { None }).collect();
    let mut out = Vec::new();
    if !gaps.is_empty() {
        out.push(format!("The CPP table has no row for a final roll of {}.", ranges(gaps).join(", ")));
    }
    if !overlaps.is_empty() {
        out.push(format!("The CPP table has two rows for a final roll of {}.", ranges(overlaps).join(", ")));
    }
    out
}

/// The CPP table's problems in words, for the summary too.
pub(super) fn cpp_problem_lines(form: Form) -> Vec<String> {
    form.problems.with(|ps| cpp_problems(ps))
}

/// The CPP replenishment table: final roll bands (blank for an open end) and CPP gained.
#[component]
pub(super) fn CppSection() -> impl IntoView {
    let form = Form::get();
    let setup = form.setup;
    let count = memo(move || setup.with(|s| s.cpp_table.len()));
    let edit = move |i: usize, f: &dyn Fn(&mut Band<u16>)| {
        setup.update(|s| {
            if let Some(b) = s.cpp_table.get_mut(i) {
                f(b)
            }
        })
    };
    let n_problems = Signal::derive(move || cpp_problem_lines(form).len());
    let (lo, hi) = (*CPP_ROLL_RANGE.start(), *CPP_ROLL_RANGE.end());
    let end = move |i: usize, high: bool| {
        let value = Signal::derive(move || {
            setup.with(|s| {
                s.cpp_table
                    .get(i)
                    .and_then(|b| if high { b.high } else { b.low })
                    .map(|v| v.to_string())
                    .unwrap_or_default()
            })
        });
        let commit = Callback::new(move |t: String| {
            let v = optional(&t, |t| parse_signed(t, 60))?;
            edit(i, &|b| if high { b.high = v } else { b.low = v });
            Ok(())
        });
        view! {
            <NumField label=if high { "Final roll to (blank: or more)" } else { "Final roll from (blank: or less)" }
                testid=format!("cpp-{i}-{}", if high { "high" } else { "low" }) value=value commit=commit/>
        }
    };
    view! {
        <Section title="CPP replenishment table" testid="section-cpp" line=Signal::derive(move || format!("{} rows", count.get())) problems=n_problems>
            <p class="hint">{format!("Each side's CPP roll, after its modifiers, reads one row. Every final roll from {lo} to {hi} needs exactly one row. The text's table is the default; a campaign with more scenarios a day may want smaller gains.")}</p>
            {move || (0..count.get()).map(|i| view! {
                <div class="unit-row" data-testid=format!("cpp-{i}")>
                    {end(i, false)}
                    {end(i, true)}
                    <NumField label="CPP gained" testid=format!("cpp-{i}-gain")
                        value=Signal::derive(move || setup.with(|s| s.cpp_table.get(i).map(|b| b.result.to_string()).unwrap_or_default()))
                        commit=Callback::new(move |t: String| { let v = parse_count::<u16>(&t, 999)?; edit(i, &|b| b.result = v); Ok(()) })/>
                    <button type="button" class="btn small danger" data-testid=format!("cpp-{i}-remove")
                        on:click=move |_| setup.update(|s| { if i < s.cpp_table.len() { s.cpp_table.remove(i); } })>{format!("Remove row {}", i + 1)}</button>
                </div>
            }).collect_view()}
            {problem_list(move || cpp_problem_lines(form), "cpp-problem".into())}
            <div class="row-actions">
                <button type="button" class="btn" data-testid="cpp-add" on:click=move |_| setup.update(|s| s.cpp_table.push(Band::range(0, 0, 0)))>"+ Row"</button>
                <button type="button" class="btn" data-testid="cpp-default" on:click=move |_| setup.update(|s| s.cpp_table = Setup::default_cpp_table())>"Back to the text's table"</button>
            </div>
        </Section>
    }
}
