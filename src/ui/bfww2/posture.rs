//! Posture (secret: each side chooses Attack or Defend behind the hand-over), the reveal once
//! both refits are done, and the both-attack roll-off. Both defending means no battle: the
//! cycle goes on to cleanup.

use super::phases::{act_or_roll, button, error_line};
use super::secret::{behind_sides, words};
use super::Bw;
use crate::systems::bfww2_campaign::eligibility::Posture;
use crate::systems::bfww2_campaign::seats;
use crate::systems::bfww2_campaign::Decision;
use leptos::prelude::*;

pub fn posture_word(p: Posture) -> &'static str {
    match p {
        Posture::Attack => "Attack",
        Posture::Defend => "Defend",
    }
}

#[component]
pub fn ChoosePosture() -> impl IntoView {
    let bw = expect_context::<Bw>();
    view! {
        {move || bw.peek.get().is_none().then(|| view! {
            <p class="hint">"Each side chooses in secret to attack or to defend in the coming scenario. The postures are shown after both refits: both attacking is settled by a roll-off; both defending means no battle."</p>
        })}
        {behind_sides(
            bw,
            words("choose my posture", "has chosen a posture", "posture-panel"),
            move |side| bw.done(seats::seat(side)),
            move |side| view! { <PosturePanel side=side/> },
        )}
    }
}

#[component]
fn PosturePanel(side: u8) -> impl IntoView {
    let bw = expect_context::<Bw>();
    let error = RwSignal::new(None::<String>);
    let chosen = move || bw.state.with(|s| s.postures[side as usize]);
    view! {
        <h3>{format!("{}: your posture", bw.side_name(side))}</h3>
        {move || match chosen() {
            Some(p) => view! { <p class="info" data-testid="posture-chosen">{format!("You chose to {}.", posture_word(p).to_ascii_lowercase())}</p> }.into_any(),
            None => view! {
                <p class="hint">"Only you and the umpire will know until the postures are shown."</p>
                <div class="actions">
                    {[Posture::Attack, Posture::Defend].into_iter().map(|p| {
                        let key = posture_word(p).to_ascii_lowercase();
                        view! {
                            <button class="btn primary big" data-testid=format!("posture-{key}")
                                on:click=move |_| { bw.act(Decision::ChoosePosture { side, posture: p }, error); }>{posture_word(p)}</button>
                        }
                    }).collect_view()}
                </div>
                {error_line(error)}
            }.into_any(),
        }}
    }
}

#[component]
pub fn Reveal() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let first = bw.state.with_untracked(|s| s.first_scenario());
    view! {
        <p class="hint">{if first {
            "Both sides have ended their refit. In the first scenario the attacker is fixed by the campaign: show it and go on to the forces."
        } else {
            "Both sides have ended their refit. The umpire shows both postures now, before the forces are chosen."
        }}</p>
        <div class="actions">{button(bw, Decision::RevealPostures, "Show the postures".into(), "reveal-postures".into(), true)}</div>
    }
}

#[component]
pub fn RollOff() -> impl IntoView {
    let bw = expect_context::<Bw>();
    view! {
        <p class="hint" data-testid="both-attack">{move || format!(
            "Both sides chose to attack. Roll a die each ({} first, then {}): the higher attacks; a tie rolls again.",
            bw.side_name(0), bw.side_name(1)
        )}</p>
        {act_or_roll(bw, Decision::RollOff, "the roll-off", "roll-off")}
    }
}

/// What the last reveal made of the scenario, for the steps after it.
pub fn outcome_line(bw: Bw) -> Option<String> {
    bw.state.with(|s| {
        let r = s.calendar.last().filter(|_| s.calendar.len() as u32 == s.scenario)?;
        let p = format!(
            "{}: {}; {}: {}.",
            bw.side_name(0),
            posture_word(r.postures[0]),
            bw.side_name(1),
            posture_word(r.postures[1])
        );
        Some(match s.attacker.or(r.attacker) {
            Some(a) => format!("{p} {} attacks.", bw.side_name(a)),
            None if r.postures == [Posture::Defend; 2] => format!("{p} Both defend: no battle this scenario."),
            None => p,
        })
    })
}
