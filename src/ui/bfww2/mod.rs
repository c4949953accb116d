//! Battlefront: WW2 campaign screens: a calendar strip above the tabs, one component per step
//! of the scenario cycle in the text's order (posture, each side's refit, the reveal and the
//! roll-off, forces, the battle, its results, cleanup, the umpire's judgement), each side's
//! roster and ledger, the calendar and the campaign's conditions. Every rule comes from
//! `systems::bfww2_campaign`; every screen renders `Open::state`, the position as whoever reads
//! the device may see it, and every secret step goes through the shared hand-over. The setup
//! wizard (`wizard*.rs`) and the rules reference (`reference*.rs`) complete it.

mod battle;
mod cleanup;
mod conditions;
pub mod phases;
mod posture;
mod purchase;
pub mod reference;
mod reference_tables;
mod refit;
pub mod roster;
mod secret;
mod summary;
pub mod wizard;
mod wizard_charts;
mod wizard_days;
mod wizard_fields;
mod wizard_scheduled;
mod wizard_side;

use super::campaign::{Open, SystemUi};
use crate::engine::Seat;
use crate::systems::bfww2_campaign::seats::{self, UMPIRE};
use crate::systems::bfww2_campaign::Bfww2Campaign;
use leptos::prelude::*;

/// The open Battlefront: WW2 campaign, shared with the step components.
pub type Bw = Open<Bfww2Campaign>;

impl Open<Bfww2Campaign> {
    /// A side's name from the setup (both names are public).
    pub fn side_name(&self, side: u8) -> String {
        self.setup.with(|s| s.sides.get(side as usize).map_or_else(|| format!("Side {}", side + 1), |x| x.name.clone()))
    }
    /// An element as the reader's view knows it: "TB-1 54th Tank Brigade".
    pub fn element_name(&self, side: u8, id: &str) -> String {
        self.state.with(|s| {
            s.sides
                .get(side as usize)
                .and_then(|x| x.element(id))
                .map_or_else(|| id.to_string(), |e| format!("{} {}", e.me.id, e.me.name))
        })
    }
    /// Whether the reader may see all of `side`'s part (the umpire, or that side).
    pub fn reads_side(&self, side: u8) -> bool {
        matches!(self.reader.get(), Some(r) if r == UMPIRE || r == seats::seat(side))
    }
}

/// A field of a step's form for `side`, kept on this device until the step is taken
/// (`ui::draft`): under the reader who fills it in, so one side's purchases or forces in
/// progress come back only behind its own hand-over.
pub(crate) fn kept<T>(side: u8, field: &str, default: T) -> RwSignal<T>
where
    T: serde::Serialize + serde::de::DeserializeOwned + Clone + Send + Sync + 'static,
{
    super::draft::kept::<Bfww2Campaign, T>(format!("{field}-{}", side + 1), default)
}

/// What this device kept of the field `field` of `side`'s form (see `kept`).
pub(crate) fn restored<T: serde::de::DeserializeOwned>(side: u8, field: &str) -> Option<T> {
    super::draft::restored::<Bfww2Campaign, T>(&format!("{field}-{}", side + 1))
}

/// What `value` gives, kept as the field `field` of `side`'s form (as `kept` keeps a signal).
pub(crate) fn keep_side<T: serde::Serialize + 'static>(side: u8, field: &str, value: impl Fn() -> T + 'static) {
    super::draft::keep::<Bfww2Campaign, T>(format!("{field}-{}", side + 1), value)
}

/// Test-id word of a seat: "umpire", "side1", "side2".
pub fn seat_key(seat: Seat) -> String {
    match seat {
        UMPIRE => "umpire".into(),
        Seat(n) => format!("side{n}"),
    }
}

impl SystemUi for Bfww2Campaign {
    fn header() -> AnyView {
        view! { <summary::CalendarStrip/> }.into_any()
    }
    fn header_fold() -> Option<(&'static str, Signal<String>)> {
        let bw = expect_context::<Bw>();
        Some(("Campaign calendar", Signal::derive(move || summary::strip_line(bw))))
    }
    fn play() -> AnyView {
        view! { <phases::PhaseView/> }.into_any()
    }
    fn forces() -> AnyView {
        view! { <roster::Rosters/> }.into_any()
    }
    fn rules() -> AnyView {
        view! { <conditions::Conditions/> }.into_any()
    }
    fn wizard(edit: Option<String>) -> AnyView {
        match edit {
            Some(id) => view! { <wizard::NewBfww2Campaign edit=id/> }.into_any(),
            None => view! { <wizard::NewBfww2Campaign/> }.into_any(),
        }
    }
    fn reference() -> AnyView {
        view! { <reference::Bfww2Reference/> }.into_any()
    }
}
