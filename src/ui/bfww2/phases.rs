//! The step under way, one component per step of the scenario cycle in the text's order:
//! posture, housekeeping and refit, the reveal (and the both-attack roll-off), forces, the
//! battle, its results, cleanup, and at the campaign's end the umpire's judgement.

use super::Bw;
use crate::systems::bfww2_campaign::{Decision, Phase};
use crate::ui::reactive::memo;
use leptos::prelude::*;

/// Whether the decision takes dice now.
pub(super) fn takes_dice(bw: Bw, d: &Decision) -> bool {
    bw.campaign.with(|c| c.dice_for(d).is_some())
}

pub(super) fn error_line(error: RwSignal<Option<String>>) -> impl IntoView {
    move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="error">{e}</p> })
}

/// A decision's button, or its dice widget (odds first) when it takes dice.
pub(super) fn act_or_roll(bw: Bw, d: Decision, label: &'static str, testid: &'static str) -> AnyView {
    let error = RwSignal::new(None::<String>);
    if takes_dice(bw, &d) {
        bw.roll(d, label).into_any()
    } else {
        view! {
            <button class="btn primary big" data-testid=testid on:click=move |_| { bw.act(d.clone(), error); }>{label}</button>
            {error_line(error)}
        }
        .into_any()
    }
}

/// Scrolls a row of step buttons sideways so that its chosen one is in sight: on a phone the
/// row is one line that scrolls, and a panel drawn afresh starts it at the left.
pub(super) fn show_chosen(bar: NodeRef<leptos::html::Div>) {
    let Some(el) = bar.get_untracked() else { return };
    if let Ok(Some(on)) = el.query_selector(".on") {
        let (row, chosen) = (el.get_bounding_client_rect(), on.get_bounding_client_rect());
        if chosen.left() < row.left() || chosen.right() > row.right() {
            el.set_scroll_left(el.scroll_left() + (chosen.left() - row.left()) as i32 - 8);
        }
    }
}

/// A plain button that plays a decision.
pub(super) fn button(bw: Bw, d: Decision, label: String, testid: String, primary: bool) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    view! {
        <button class="btn big" class:primary=primary data-testid=testid on:click=move |_| { bw.act(d.clone(), error); }>{label}</button>
        {error_line(error)}
    }
}

/// A number field bound to a signal (empty or bad input reads as 0).
pub(super) fn number(label: &'static str, value: RwSignal<u16>, testid: String) -> impl IntoView {
    view! {
        <label class="field small">
            <span>{label}</span>
            <input type="number" inputmode="numeric" min="0" data-testid=testid prop:value=move || value.get().to_string()
                on:input=move |ev| value.set(event_target_value(&ev).trim().parse().unwrap_or(0))/>
        </label>
    }
}

/// A checkbox bound to a signal.
pub(super) fn check(label: String, value: RwSignal<bool>, testid: String) -> impl IntoView {
    view! {
        <label class="check">
            <input type="checkbox" data-testid=testid prop:checked=move || value.get() on:change=move |ev| value.set(event_target_checked(&ev))/>
            <span>{label}</span>
        </label>
    }
}

#[component]
pub fn PhaseView() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let phase = memo(move || bw.state.with(|s| s.phase));
    let day_line = move || {
        bw.state.with(|s| {
            bw.setup.with(|st| match st.days.get(s.day) {
                Some(day) if !matches!(s.phase, Phase::Judge | Phase::Over) => format!(
                    "Day {} of {} \u{00B7} {} \u{00B7} scenario {}",
                    s.day + 1,
                    st.days.len(),
                    day.scenario_label(day.slots[s.slot]),
                    s.scenario
                ),
                _ => format!("{} days played", st.days.len()),
            })
        })
    };
    view! {
        <div class="phase bfww2" data-testid="phase">
            {move || {
                let p = phase.get();
                view! {
                    <div class="phase-title-row">
                        <h2 class="phase-title" data-testid="phase-title">{p.name()}</h2>
                        <span class="whose" data-testid="day-line">{day_line}</span>
                    </div>
                    {match p {
                        Phase::Posture => view! { <super::posture::ChoosePosture/> }.into_any(),
                        Phase::Refit => view! { <super::refit::Refit/> }.into_any(),
                        Phase::Reveal => view! { <super::posture::Reveal/> }.into_any(),
                        Phase::RollOff => view! { <super::posture::RollOff/> }.into_any(),
                        Phase::Forces => view! { <super::battle::Forces/> }.into_any(),
                        Phase::Battle => view! { <super::battle::Battle/> }.into_any(),
                        Phase::Results => view! { <super::battle::Results/> }.into_any(),
                        Phase::Cleanup => view! { <super::cleanup::Cleanup/> }.into_any(),
                        Phase::Judge => view! { <super::summary::Judge/> }.into_any(),
                        Phase::Over => view! { <super::summary::CampaignOver/> }.into_any(),
                    }}
                }
            }}
        </div>
    }
}

/// A select bound to a signal holding the chosen option's value.
pub(super) fn select(
    label: &'static str,
    options: Vec<(String, String)>,
    value: RwSignal<String>,
    testid: String,
) -> impl IntoView {
    view! {
        <label class="field small">
            <span>{label}</span>
            <select data-testid=testid prop:value=move || value.get() on:change=move |ev| value.set(event_target_value(&ev))>
                {options.into_iter().map(|(v, l)| {
                    let on = v.clone();
                    view! { <option value=v selected=move || value.get() == on>{l}</option> }
                }).collect_view()}
            </select>
        </label>
    }
}
