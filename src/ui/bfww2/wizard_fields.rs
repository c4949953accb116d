//! The pieces every part of the Battlefront: WW2 setup form shares: the form's context (the
//! setup being edited and its problems), number fields that keep what was typed and say what
//! is wrong with it, and the problems of one row or section, shown next to it.

use crate::systems::bfww2_campaign::setup::SetupProblem;
use crate::systems::bfww2_campaign::tables::Nation;
use crate::systems::bfww2_campaign::{Rating, Setup};
use leptos::prelude::*;

/// The setup being edited and what `setup_check` finds wrong with it, for every part of the form.
#[derive(Clone, Copy)]
pub(super) struct Form {
    pub setup: RwSignal<Setup>,
    pub problems: Memo<Vec<SetupProblem>>,
}

impl Form {
    pub fn get() -> Form {
        expect_context::<Form>()
    }

    /// The problems `pick` keeps, in words.
    pub fn problems_where(self, pick: impl Fn(&Setup, &SetupProblem) -> bool) -> Vec<String> {
        let setup = self.setup;
        self.problems.with(|ps| setup.with(|s| ps.iter().filter(|p| pick(s, p)).map(|p| p.to_string()).collect()))
    }
}

/// Problems shown next to what they are about; nothing when there are none.
pub(super) fn problem_list(
    problems: impl Fn() -> Vec<String> + Send + Sync + 'static,
    testid: String,
) -> AnyView {
    problems_of(Box::new(problems), testid)
}

/// `problem_list`, built once rather than once per field (issue 32).
fn problems_of(problems: Box<dyn Fn() -> Vec<String> + Send + Sync>, testid: String) -> AnyView {
    (move || {
        let ps = problems();
        (!ps.is_empty()).then(|| {
            view! { <ul class="warning field-problem" data-testid=testid.clone()>{ps.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ul> }
        })
    })
    .into_any()
}

/// What typed in a number field is not: kept typed to the field, which words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NotANumber {
    /// Not a whole number from 0 to `max`.
    Count { max: u32 },
    /// Not a whole number from -`max` to `max`.
    Signed { max: i16 },
    /// Not a year from `from` to `to`.
    Year { from: u16, to: u16 },
}

impl std::fmt::Display for NotANumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotANumber::Count { max } => write!(f, "Type a whole number from 0 to {max}."),
            NotANumber::Signed { max } => write!(f, "Type a whole number from -{max} to {max} (a minus sign for less)."),
            NotANumber::Year { from, to } => write!(f, "Type a year from {from} to {to}."),
        }
    }
}

/// Whole numbers from 0 to `max`.
pub(super) fn parse_count<T: TryFrom<u32>>(text: &str, max: u32) -> Result<T, NotANumber> {
    let bad = NotANumber::Count { max };
    let n: u32 = text.trim().parse().map_err(|_| bad)?;
    if n > max {
        return Err(bad);
    }
    T::try_from(n).map_err(|_| bad)
}

/// A signed roll or modifier from -`max` to `max`.
pub(super) fn parse_signed(text: &str, max: i16) -> Result<i16, NotANumber> {
    let bad = NotANumber::Signed { max };
    let n: i16 = text.trim().replace('\u{2212}', "-").trim_start_matches('+').parse().map_err(|_| bad)?;
    if n.abs() > max {
        return Err(bad);
    }
    Ok(n)
}

/// Blank for none, else a parse.
pub(super) fn optional<T, E>(text: &str, parse: impl Fn(&str) -> Result<T, E>) -> Result<Option<T>, E> {
    if text.trim().is_empty() {
        Ok(None)
    } else {
        parse(text).map(Some)
    }
}

/// A number field: `commit` parses what was typed and stores it, or says what is wrong; on a
/// wrong entry the text stays in the field with the message beside it.
#[component]
pub(super) fn NumField(
    #[prop(into)] label: String,
    #[prop(into)] testid: String,
    #[prop(into)] value: Signal<String>,
    commit: Callback<String, Result<(), NotANumber>>,
    #[prop(optional)] hint: Option<&'static str>,
) -> impl IntoView {
    // What was typed and why it is refused: the field keeps showing it until it is put right.
    let bad = RwSignal::new(None::<(String, String)>);
    let err_id = format!("{testid}-error");
    let described = err_id.clone();
    view! {
        <label class="field narrow"><span>{label}</span>
            {hint.map(|h| view! { <small class="hint">{h}</small> })}
            <input type="text" inputmode="numeric" data-testid=testid
                prop:value=move || bad.with(|b| b.as_ref().map(|(typed, _)| typed.clone())).unwrap_or_else(|| value.get())
                aria-invalid=move || bad.with(Option::is_some).to_string()
                aria-describedby=move || bad.with(Option::is_some).then(|| described.clone())
                on:change=move |ev| { let typed = event_target_value(&ev); bad.set(commit.run(typed.clone()).err().map(|m| (typed, m.to_string()))); }/>
            {move || bad.get().map(|(_, m)| view! { <span class="warning" id=err_id.clone() data-testid=err_id.clone() role="alert">{m}</span> })}
        </label>
    }
}

/// A text field that commits on change (so typing keeps focus).
#[component]
pub(super) fn TextField(
    #[prop(into)] label: String,
    #[prop(into)] testid: String,
    #[prop(into)] value: Signal<String>,
    commit: Callback<String>,
    #[prop(optional)] grow: bool,
) -> impl IntoView {
    view! {
        <label class="field" class:grow=grow><span>{label}</span>
            <input type="text" data-testid=testid prop:value=move || value.get() on:change=move |ev| commit.run(event_target_value(&ev))/>
        </label>
    }
}

/// A choice among a few named values, as a select.
#[component]
pub(super) fn Choice<T: Copy + PartialEq + Send + Sync + 'static>(
    #[prop(into)] label: String,
    #[prop(into)] testid: String,
    options: Vec<(T, String)>,
    #[prop(into)] value: Signal<T>,
    commit: Callback<T>,
) -> impl IntoView {
    let opts = options.clone();
    view! {
        <label class="field"><span>{label}</span>
            <select data-testid=testid
                prop:value=move || { let v = value.get(); opts.iter().position(|(o, _)| *o == v).unwrap_or(0).to_string() }
                on:change=move |ev| { if let Some((v, _)) = event_target_value(&ev).parse::<usize>().ok().and_then(|k| options.get(k)) { commit.run(*v) } }>
                {options.iter().enumerate().map(|(k, (_, n))| view! { <option value=k.to_string()>{n.clone()}</option> }).collect_view()}
            </select>
        </label>
    }
}

pub(super) const NATIONS: [Nation; 5] =
    [Nation::German, Nation::Russian, Nation::American, Nation::British, Nation::Other];

pub(super) fn nation_name(n: Nation) -> &'static str {
    match n {
        Nation::German => "German",
        Nation::American => "American",
        Nation::British => "British",
        Nation::Russian => "Russian",
        Nation::Other => "Other",
    }
}

pub(super) use crate::systems::bfww2_campaign::roster_text::{class_name, CLASSES};

pub(super) fn ratings() -> Vec<(Rating, String)> {
    Rating::LADDER.iter().map(|r| (*r, r.name().to_string())).collect()
}

/// A section that folds, with a line saying what it holds and how many problems it has.
#[component]
pub(super) fn Section(
    #[prop(into)] title: String,
    #[prop(into)] testid: String,
    #[prop(into)] line: Signal<String>,
    #[prop(into)] problems: Signal<usize>,
    #[prop(optional)] open: bool,
    children: Children,
) -> impl IntoView {
    let unfolded = RwSignal::new(open);
    view! {
        <details class="orbat-box wizard-section" data-testid=testid open=open
            on:toggle=move |ev| unfolded.set(crate::ui::platform::target_open(&ev))>
            <summary>
                <span class="fold-mark" aria-hidden="true">{move || if unfolded.get() { "\u{25BE}" } else { "\u{25B8}" }}</span>
                <h2>{title}</h2>
                <span class="hint">{move || line.get()}</span>
                {move || (problems.get() > 0).then(|| {
                    let n = problems.get();
                    view! { <span class="warning">{format!("{n} problem{}", if n == 1 { "" } else { "s" })}</span> }
                })}
            </summary>
            {children()}
        </details>
    }
}
