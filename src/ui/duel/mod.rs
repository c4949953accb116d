//! Dice duel's screens (the test-only example system, built for the browser only with the
//! feature `example-system`): the smallest `SystemUi`, as a model for a new system's screens.
//! Each round: both stances chosen behind the hand-over, then one roll with its odds.

use super::campaign::{Open, SystemUi};
use super::handover::{hand_over, Words};
use super::route::{Screen, Tab};
use super::Nav;
use crate::engine::Seat;
use crate::systems::dice_duel::{rules, Decision, DiceDuel, Phase, Setup, Stance};
use crate::systems::Descriptor;
use leptos::prelude::*;

type Duel = Open<DiceDuel>;

impl SystemUi for DiceDuel {
    fn header() -> AnyView {
        let duel = expect_context::<Duel>();
        let line = move || {
            let (s, setup) = (duel.state.get(), duel.setup.get());
            format!("{} {} \u{2013} {} {} \u{00B7} {} rounds", setup.players[0], s.won[0], s.won[1], setup.players[1], setup.rounds)
        };
        view! { <p class="duel-score" data-testid="duel-score">{line}</p> }.into_any()
    }
    fn play() -> AnyView {
        let duel = expect_context::<Duel>();
        view! {
            {move || match duel.state.with(|s| s.phase) {
                Phase::Choose => view! { <Stances/> }.into_any(),
                Phase::Roll => view! {
                    {duel.roll(Decision::Roll, "the round")}
                    <p class="hint">"Each player rolls a die; the higher score takes the round."</p>
                }
                .into_any(),
                Phase::Over => view! { <p class="phase-title" data-testid="duel-over">{move || duel.campaign.with(|c| c.status())}</p> }.into_any(),
            }}
        }
        .into_any()
    }
    fn forces() -> AnyView {
        view! { <p class="hint">"A duel has no forces: only its two players."</p> }.into_any()
    }
    fn rules() -> AnyView {
        Self::reference()
    }
    fn wizard(edit: Option<String>) -> AnyView {
        view! { <DuelWizard edit/> }.into_any()
    }
    fn reference() -> AnyView {
        view! {
            <section class="page reference">
                <h1>"Dice duel"</h1>
                <p>"The test suites' example system. Each round both players choose a stance in secret: bold adds 2 to the die, but a 1 scores nothing; careful scores the die as rolled. Then each rolls a die; the higher score takes the round, a tie takes nothing. After the last round the player with more rounds wins."</p>
            </section>
        }
        .into_any()
    }
}

/// Both stances, each behind the hand-over.
#[component]
fn Stances() -> impl IntoView {
    let duel = expect_context::<Duel>();
    let error = RwSignal::new(None::<String>);
    let choose = move |player: u8, stance: Stance| {
        duel.act(Decision::Choose { player, stance }, error);
        duel.peek.set(None);
    };
    let hands = duel.hands(|seat| (seat.0 + 1).to_string());
    let words =
        Words { action: "choose", done: "has chosen", panel: "secret-choice", hide: Some(("hide-choice", "Hide: not me")), reveal: None, class: "" };
    let panel = move |seat: Seat| {
        let name = duel.setup.with(|s| s.players[seat.0 as usize].clone());
        view! {
            <h3>{format!("{name}, choose your stance")}</h3>
            <div class="choice-buttons">
                {Stance::BOTH.map(|stance| view! {
                    <button class="btn huge choice" data-testid=format!("choose-{}", stance.word()) on:click=move |_| choose(seat.0, stance)>
                        <strong>{stance.word()}</strong>
                    </button>
                })}
            </div>
        }
    };
    view! {
        <p class="hint">"Each player chooses a stance in secret; both are shown once both are in."</p>
        {hand_over(hands, duel.peek, move |seat| duel.done(seat), words, panel)}
        {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
    }
}

/// The two names and the number of rounds.
#[component]
fn DuelWizard(edit: Option<String>) -> impl IntoView {
    let nav = expect_context::<Nav>();
    let stored = edit
        .as_ref()
        .and_then(|id| crate::store::load_of::<DiceDuel>(&super::platform::LocalStorage, id).ok())
        .map(|(doc, c)| (doc, c.setup().clone()));
    let start = stored.as_ref().map_or_else(DiceDuel::sample, |(_, s)| s.clone());
    let name = RwSignal::new(stored.as_ref().map_or("Dice duel".to_string(), |(d, _)| d.meta.name.clone()));
    let players = [RwSignal::new(start.players[0].clone()), RwSignal::new(start.players[1].clone())];
    let rounds = RwSignal::new(start.rounds);
    let error = RwSignal::new(None::<String>);
    let save = move |_| {
        let setup = Setup { players: [players[0].get(), players[1].get()], rounds: rounds.get() };
        let editing = stored.as_ref().map(|(d, _)| d);
        match super::campaign::save_setup::<DiceDuel>(setup, &name.get(), editing) {
            Ok(id) => nav.go(Screen::Campaign { id, tab: Tab::Play }),
            Err(e) => error.set(Some(e.to_string())),
        }
    };
    let field = move |label: &'static str, v: RwSignal<String>| {
        view! { <label class="field">{label}<input type="text" prop:value=move || v.get() on:input=move |e| v.set(event_target_value(&e))/></label> }
    };
    view! {
        <section class="page wizard">
            <h1>"New dice duel"</h1>
            {field("Campaign name", name)}
            {field("First player", players[0])}
            {field("Second player", players[1])}
            <label class="field">{format!("Rounds (1 to {})", rules::MAX_ROUNDS)}
                <input type="number" min="1" max=rules::MAX_ROUNDS prop:value=move || rounds.get().to_string()
                    on:input=move |e| rounds.set(event_target_value(&e).parse().unwrap_or(0))/>
            </label>
            {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
            <button class="btn primary big" data-testid="start-campaign" on:click=save>"Start the duel"</button>
        </section>
    }
}
