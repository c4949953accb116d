//! New Battlefront: WW2 campaign (and, before the first decision, edit its setup): the name,
//! the month, who attacks first, the die of the roll tables, who moves first, the victory
//! conditions, the map, terrain and weather notes, the days and their scenarios with each
//! side's historical CPP modifier, the two sides with their rosters and purchase charts, and
//! the CPP replenishment table. It starts from the Advance to Rostov sample. Every section
//! folds (on a phone the form is long) and says how many problems it holds; each problem
//! `setup_check` finds is shown next to what it is about, and nothing typed is lost while it
//! stands. Text fields commit on change so typing keeps focus.

use super::wizard_days::{cpp_problem_lines, CppSection, DaysSection};
use super::wizard_fields::{problem_list, Form, NotANumber, NumField, Section};
use super::wizard_side::SideSection;
use crate::engine::Die;
use crate::store;
use crate::systems::bfww2_campaign::sample::{sample_setup, ILLUSTRATIVE};
use crate::systems::bfww2_campaign::setup::SetupProblem;
use crate::systems::bfww2_campaign::tables::Month;
use crate::systems::bfww2_campaign::{setup_check, Bfww2Campaign, MoveOrder, Setup};
use crate::ui::platform::LocalStorage;
use crate::ui::widgets::WizardFooter;
use crate::ui::reactive::memo;
use leptos::prelude::*;

/// Every problem in words, the CPP table's gaps and overlaps gathered into one line each.
fn summary(form: Form) -> Vec<String> {
    let mut lines: Vec<String> = form.problems.with(|ps| {
        ps.iter()
            .filter(|p| !matches!(p, SetupProblem::CppTableGap(_) | SetupProblem::CppTableOverlap(_)))
            .map(|p| p.to_string())
            .collect()
    });
    lines.extend(cpp_problem_lines(form));
    lines
}

const MONTHS: [&str; 12] = Month::NAMES;

/// The campaign as a whole: name, month, first attacker, die, options, victory conditions.
#[component]
fn GeneralSection() -> impl IntoView {
    let form = Form::get();
    let setup = form.setup;
    let set = move |f: &dyn Fn(&mut Setup)| setup.update(|s| f(s));
    let line = Signal::derive(move || {
        setup.with(|s| {
            format!(
                "{} {}, roll tables on a {}",
                MONTHS[(s.month.month.clamp(1, 12) - 1) as usize],
                s.month.year,
                s.die.label()
            )
        })
    });
    let general = |p: &SetupProblem| {
        matches!(
            p,
            SetupProblem::FirstAttackerUnknown(_) | SetupProblem::UnsuitableDie(_) | SetupProblem::KeeperUnknown(_)
        )
    };
    let n_problems = Signal::derive(move || form.problems_where(|_, p| general(p)).len());
    view! {
        <Section title="The campaign" testid="section-general" line=line problems=n_problems open=true>
            <div class="row">
                <label class="field"><span>"Month"</span>
                    <select data-testid="month" prop:value=move || setup.with(|s| s.month.month.to_string())
                        on:change=move |ev| { if let Ok(m) = event_target_value(&ev).parse::<u8>() { set(&|s| s.month.month = m); } }>
                        {MONTHS.iter().enumerate().map(|(i, m)| view! { <option value=(i + 1).to_string()>{*m}</option> }).collect_view()}
                    </select></label>
                <NumField label="Year" testid="year" value=Signal::derive(move || setup.with(|s| s.month.year.to_string()))
                    commit=Callback::new(move |t: String| match t.trim().parse::<u16>() {
                        Ok(y) if (1936..=1945).contains(&y) => { set(&|s| s.month = Month::new(y, s.month.month)); Ok(()) }
                        _ => Err(NotANumber::Year { from: 1936, to: 1945 }),
                    })/>
            </div>
            <p class="hint">"The month decides who may repair armour and the aircraft modifiers."</p>
            <div class="field"><span class="label">"Attacks in the first scenario"</span>
                <div class="segmented wrap">{[0u8, 1].map(|k| view! {
                    <button type="button" class="btn seg" data-testid=format!("first-attacker-{k}") class:on=move || setup.with(|s| s.first_attacker == k)
                        aria-pressed=move || setup.with(|s| s.first_attacker == k).to_string() on:click=move |_| set(&|s| s.first_attacker = k)>
                        {move || setup.with(|s| s.sides[k as usize].name.clone())}</button>
                })}</div></div>
            <div class="field"><span class="label">"Die of the roll tables"</span>
                <div class="segmented">{[Die::D10, Die::D6].map(|d| view! {
                    <button type="button" class="btn seg" data-testid=format!("die-{}", d.label()) class:on=move || setup.with(|s| s.die == d)
                        aria-pressed=move || setup.with(|s| s.die == d).to_string() on:click=move |_| set(&|s| s.die = d)>{d.label()}</button>
                })}</div>
                <span class="hint">"The text names no die for most tables; d10, Battlefront: WW2's die, fits its bands. The turn-record chart is always a d10 and the rating roll percentile."</span></div>
            <div class="field"><span class="label">"Attack against defend: the attacker moves"</span>
                <div class="segmented wrap">{MoveOrder::ALL.map(|o| {
                    let (key, label) = match o { MoveOrder::AttackerMovesSecond => ("second", "Second (the text)"), MoveOrder::AttackerMovesFirst => ("first", "First (umpire's ruling)") };
                    view! {
                        <button type="button" class="btn seg" data-testid=format!("move-order-{key}") class:on=move || setup.with(|s| s.move_order == o)
                            aria-pressed=move || setup.with(|s| s.move_order == o).to_string() on:click=move |_| set(&|s| s.move_order = o)>{label}</button>
                    }
                })}</div>
                <span class="hint" data-testid="move-order-words">{move || setup.with(|s| s.move_order.words())}</span></div>
            <KeeperField/>
            <label class="check"><input type="checkbox" data-testid="rating-changes" prop:checked=move || setup.with(|s| s.rating_changes)
                on:change=move |ev| { let v = event_target_checked(&ev); set(&|s| s.rating_changes = v); }/>" Optional rule: discipline ratings change after each scenario"</label>
            <label class="field"><span>"Victory conditions (judged at the campaign's end)"</span>
                <textarea data-testid="victory" rows="3" prop:value=move || setup.with(|s| s.victory.clone())
                    on:change=move |ev| { let v = event_target_value(&ev); set(&|s| s.victory = v.clone()); }></textarea></label>
            {problem_list(move || form.problems_where(|_, p| general(p)), "general-problem".into())}
        </Section>
    }
}

/// Who keeps the campaign: an umpire (the text's way, and every campaign stored before the
/// choice), or one side's player in the umpire's place, so the other side seals its secret
/// choices and rolls together with the keeper's device.
#[component]
fn KeeperField() -> impl IntoView {
    let setup = Form::get().setup;
    let option = move |kept: Option<u8>, key: String, title: Signal<String>, line: Signal<String>| {
        let on = move || setup.with(|s| s.kept_by == kept);
        view! {
            <button type="button" class="btn seg keeper-option" data-testid=format!("keeper-{key}") class:on=on
                aria-pressed=move || on().to_string() on:click=move |_| setup.update(|s| s.kept_by = kept)>
                <span class="keeper-title">{title}</span>
                <span class="keeper-line">{line}</span>
            </button>
        }
    };
    let name = move |k: u8| setup.with(|s| s.sides[k as usize].name.clone());
    view! {
        <div class="field" role="group" aria-labelledby="keeper-label"><span class="label" id="keeper-label">"Who keeps this campaign?"</span>
            <div class="keeper-choice">
                {option(None, "umpire".into(), Signal::derive(|| "An umpire".to_string()),
                    Signal::derive(|| "A third player runs the campaign and sees both sides' choices.".to_string()))}
                {[0u8, 1].map(|k| option(Some(k), format!("side{}", k + 1),
                    Signal::derive(move || format!("{}'s player", name(k))),
                    Signal::derive(move || format!("No umpire: {} seals its secret choices and rolls together with this player's device.", name(1 - k)))))}
            </div>
            <span class="hint" data-testid="keeper-words">{move || setup.with(|s| s.keeper_words())}</span></div>
    }
}

/// The umpire's notes on the map, its terrain rules and the weather chart, for the Rules tab.
#[component]
fn TableSection() -> impl IntoView {
    let setup = Form::get().setup;
    let line = Signal::derive(move || {
        setup.with(|s| match (s.terrain.trim().is_empty(), s.weather.trim().is_empty()) {
            (true, true) => "None written".to_string(),
            (false, true) => "Map and terrain written".to_string(),
            (true, false) => "Weather written".to_string(),
            (false, false) => "Map, terrain and weather written".to_string(),
        })
    });
    view! {
        <Section title="Map, terrain and weather" testid="section-table" line=line problems=Signal::derive(|| 0usize)>
            <p class="hint">"Played on the table: what you write here both sides read on the campaign's Rules tab."</p>
            <label class="field"><span>"The map and its terrain rules"</span>
                <textarea data-testid="terrain" rows="4" prop:value=move || setup.with(|s| s.terrain.clone())
                    on:change=move |ev| { let v = event_target_value(&ev); setup.update(|s| s.terrain = v); }></textarea></label>
            <label class="field"><span>"Weather chart (optional)"</span>
                <textarea data-testid="weather" rows="4" prop:value=move || setup.with(|s| s.weather.clone())
                    on:change=move |ev| { let v = event_target_value(&ev); setup.update(|s| s.weather = v); }></textarea></label>
        </Section>
    }
}

/// The setup form. With `edit`, changes the setup of a stored campaign with no history yet.
#[component]
pub fn NewBfww2Campaign(#[prop(optional)] edit: Option<String>) -> impl IntoView {
    let start = edit
        .as_ref()
        .and_then(|id| store::load_of::<Bfww2Campaign>(&LocalStorage, id).ok())
        .map(|(doc, c)| (doc, c.setup().clone()));
    let initial = match &start {
        Some((doc, s)) => Setup { name: doc.meta.name.clone(), ..s.clone() },
        None => sample_setup(),
    };
    let setup = RwSignal::new(initial);
    let problems = memo(move || setup.with(setup_check));
    let form = Form { setup, problems };
    provide_context(form);
    let tried = RwSignal::new(false);
    let confirm_sample = RwSignal::new(false);
    // Tried with problems left: the list says what to fix, and nothing is saved.
    let save = move || {
        tried.set(true);
        if !problems.with(Vec::is_empty) {
            return None;
        }
        let editing = start.as_ref().map(|(doc, _)| doc);
        let s = setup.get_untracked();
        let name = s.name.trim().to_string();
        Some(crate::ui::campaign::save_setup::<Bfww2Campaign>(Setup { name: name.clone(), ..s }, &name, editing))
    };
    let name_problem = |p: &SetupProblem| matches!(p, SetupProblem::EmptyName { what } if what == "campaign");
    view! {
        <section class="page wizard rapier-wizard bfww2-wizard" data-testid="wizard">
            <h1>{if edit.is_some() { "Edit campaign setup" } else { "New Battlefront: WW2 campaign" }}</h1>
            <p class="hint">"An umpire runs linked battles over several campaign days for two sides. The form starts filled with Advance to Rostov; open a section to change it."</p>
            <p class="note" data-testid="illustrative">{ILLUSTRATIVE}</p>
            <div class="field">
                <label for="b-name">"Campaign name"</label>
                <input id="b-name" type="text" class="wide" data-testid="wizard-name" prop:value=move || setup.with(|s| s.name.clone())
                    on:change=move |ev| { let v = event_target_value(&ev); setup.update(|s| s.name = v); }/>
                {problem_list(move || form.problems_where(|_, p| name_problem(p)), "name-problem".into())}
            </div>
            <GeneralSection/>
            <TableSection/>
            <DaysSection/>
            <SideSection k=0/>
            <SideSection k=1/>
            <CppSection/>
            <div class="actions">
                <button type="button" class="btn" data-testid="fill-sample" aria-expanded=move || confirm_sample.get().to_string()
                    on:click=move |_| confirm_sample.set(true)>"Start again from Advance to Rostov\u{2026}"</button>
            </div>
            {move || confirm_sample.get().then(|| view! {
                <div class="confirm" role="alertdialog" aria-label="Replace the whole form with the sample?" data-testid="confirm-sample"
                    on:keydown=move |ev| if ev.key() == "Escape" { confirm_sample.set(false) }>
                    <p>"Replace everything in the form with Advance to Rostov? What you typed is lost."</p>
                    <button type="button" class="btn danger" data-testid="confirm-sample-yes" on:click=move |_| { setup.set(sample_setup()); confirm_sample.set(false); }>"Yes, start again"</button>
                    <button type="button" class="btn" data-testid="confirm-sample-no" autofocus=true on:click=move |_| confirm_sample.set(false)>"Keep my changes"</button>
                </div>
            })}
            {move || (tried.get() && !problems.with(Vec::is_empty)).then(|| view! {
                <div class="warning" role="alert" data-testid="setup-problem">
                    <p>"The campaign cannot start yet. Fix these (each is also shown in its section):"</p>
                    <ul>{summary(form).into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ul>
                </div>
            })}
            <WizardFooter disabled=Signal::derive(|| false) save=save
                label=if edit.is_some() { "Save setup" } else { "Create campaign" }/>
        </section>
    }
}
