//! Crossfire night scouting screens: the night clock and figures above the tabs, one
//! component per step of the night, the teams and their finds, the setup wizard, the rules
//! reference, and taking the findings back to the Race for X battle a session came from.

pub mod findings;
pub mod forces;
pub mod phases;
mod reactions;
pub mod reference;
pub mod wizard;

use super::campaign::{Open, SystemUi};
use crate::systems::crossfire_scouting::tables::{self, clock_text, CLOCK_STEP_MINUTES, DEADLINE_MINUTES};
use crate::systems::crossfire_scouting::{CrossfireScouting, Place, ScoutRef, Status};
use crate::ui::reactive::memo;
use leptos::prelude::*;

/// The open scouting session, shared with the phase components.
pub type Scouting = Open<CrossfireScouting>;

impl SystemUi for CrossfireScouting {
    fn header() -> AnyView {
        view! { <NightHeader/> }.into_any()
    }
    fn header_fold() -> Option<(&'static str, Signal<String>)> {
        let s = expect_context::<Scouting>();
        let line = Signal::derive(move || {
            s.state.with(|st| match st.time_left() {
                Some(left) => format!("{} left", hours(left)),
                // The status line says the night is over; what is left to see is the figures.
                None => "Figures".to_string(),
            })
        });
        Some(("Night clock and figures", line))
    }
    fn play() -> AnyView {
        view! { <phases::PhaseView/> }.into_any()
    }
    fn forces() -> AnyView {
        view! { <forces::Teams/> }.into_any()
    }
    fn rules() -> AnyView {
        view! { <reference::ScoutingReference/> }.into_any()
    }
    fn wizard(edit: Option<String>) -> AnyView {
        match edit {
            Some(id) => view! { <wizard::NewScouting edit=id/> }.into_any(),
            None => view! { <wizard::NewScouting/> }.into_any(),
        }
    }
    fn reference() -> AnyView {
        view! { <reference::ScoutingReference/> }.into_any()
    }
}

/// "2 h 40": minutes as hours and minutes.
fn hours(minutes: u16) -> String {
    format!("{} h {:02}", minutes / 60, minutes % 60)
}

/// A figure's test id suffix: "0-1" is team 0's first scout.
pub fn fig_id(r: ScoutRef) -> String {
    format!("{}-{}", r.team, r.member)
}

/// "Edge wood", "own edge": where a figure is, in short.
pub fn place_short(s: &Scouting, p: Place) -> String {
    match p {
        Place::OwnEdge => "own edge".into(),
        Place::Area(a) => s.setup.with(|x| x.area_name(a)),
    }
}

/// A one-word mark for a figure's state, for the compact status strip.
pub fn status_mark(st: Status) -> &'static str {
    match st {
        Status::Waiting => "waiting",
        Status::Active => "out",
        Status::Retreated => "falling back",
        Status::Dead => "dead",
        Status::Home => "home",
        Status::Late => "late",
    }
}

/// The night clock from 01:00 to 04:00 in 20-minute steps, and every figure at a glance.
#[component]
pub fn NightHeader() -> impl IntoView {
    let s = expect_context::<Scouting>();
    let clock = memo(move || s.state.with(|st| st.clock));
    let left = memo(move || s.state.with(|st| st.time_left()));
    let steps: Vec<u16> = (0..=DEADLINE_MINUTES / CLOCK_STEP_MINUTES).map(|i| i * CLOCK_STEP_MINUTES).collect();
    let figures = memo(move || {
        s.state.with(|st| {
            s.setup.with(|setup| {
                st.refs()
                    .into_iter()
                    .map(|r| {
                        let f = st.figure(r);
                        let carried = st.carried_by(r).len();
                        (r, setup.name(r), f.status, f.place, carried)
                    })
                    .collect::<Vec<_>>()
            })
        })
    });
    view! {
        <div class="night" data-testid="night-header">
            <div class="night-clock" data-testid="night-clock"
                aria-label=move || format!("{} of the night gone; the scouts must be back by {}", clock_text(clock.get()), clock_text(DEADLINE_MINUTES))>
                {steps.into_iter().map(|m| view! {
                    <span class="hour" class:done=move || m < clock.get() class:now=move || m == clock.get()
                        class:deadline=m == DEADLINE_MINUTES>{clock_text(m)}</span>
                }).collect_view()}
            </div>
            <p class="night-text" data-testid="clock-text">{move || {
                let c = clock.get();
                match left.get() {
                    None => format!("The night ended at {}.", clock_text(c)),
                    Some(left) => format!("It is {}. {} min left before {}; a clock roll of {}+ moves it on {} minutes.",
                        clock_text(c), hours(left), clock_text(DEADLINE_MINUTES), tables::CLOCK_TARGET, CLOCK_STEP_MINUTES),
                }
            }}</p>
            <ul class="fig-strip" data-testid="figure-strip" tabindex="0" aria-label="Every figure">
                {move || figures.get().into_iter().map(|(r, name, status, place, carried)| {
                    let where_ = if status.on_table() { format!(" \u{00B7} {}", place_short(&s, place)) } else { String::new() };
                    view! {
                        <li class=format!("fig-chip st-{}", status_mark(status).replace(' ', "-")) data-testid=format!("fig-status-{}", fig_id(r))>
                            <strong>{if r.is_leader() { format!("\u{2605} {name}") } else { name }}</strong>
                            <span>{format!("{}{}", status_mark(status), where_)}</span>
                            {(carried > 0).then(|| view! { <span class="badge">{format!("{carried} not banked")}</span> })}
                        </li>
                    }
                }).collect_view()}
            </ul>
        </div>
    }
}
