//! Deluxe Axis of Attack screens: the sector map above the tabs, one component per step of
//! the campaign turn, both companies with the VP ledger, the setup wizard and the rules
//! reference. Every rule comes from `systems::axis_of_attack`.

mod casualties;
mod forces;
mod game;
pub mod map;
pub mod phases;
pub mod reference;
mod reinforce;
pub mod roster;
pub mod wizard;

use super::campaign::{Open, SystemUi};
use crate::systems::axis_of_attack::{AxisOfAttack, Side};
use leptos::prelude::*;

/// The open Axis of Attack campaign, shared with the phase components.
pub type Aoa = Open<AxisOfAttack>;

impl Open<AxisOfAttack> {
    /// The player's name: "Anna".
    pub fn name(&self, side: Side) -> String {
        self.setup.with(|s| s.players[side.index()].name.trim().to_string())
    }
    /// The player's army: "German".
    pub fn army(&self, side: Side) -> String {
        self.setup.with(|s| s.players[side.index()].army.trim().to_string())
    }
    /// "Anna (German)".
    pub fn who(&self, side: Side) -> String {
        format!("{} ({})", self.name(side), self.army(side))
    }
    /// A platoon's name on `side`'s roster.
    pub fn platoon(&self, side: Side, i: u16) -> String {
        self.state.with(|s| crate::systems::axis_of_attack::rules::platoon_name(s, side, i))
    }
}

/// The side's word for test ids: "west", "east".
pub fn slug(side: Side) -> &'static str {
    side.word()
}

impl SystemUi for AxisOfAttack {
    fn header() -> AnyView {
        view! { <map::SectorMap/> }.into_any()
    }
    fn header_fold() -> Option<(&'static str, Signal<String>)> {
        let aoa = expect_context::<Aoa>();
        Some(("Campaign map, the fighting in", Signal::derive(move || aoa.state.with(|s| s.sector.name()))))
    }
    fn play() -> AnyView {
        view! { <phases::PhaseView/> }.into_any()
    }
    fn forces() -> AnyView {
        view! { <roster::Companies/> }.into_any()
    }
    fn rules() -> AnyView {
        view! { <reference::AoaReference/> }.into_any()
    }
    fn wizard(edit: Option<String>) -> AnyView {
        match edit {
            Some(id) => view! { <wizard::NewAoaCampaign edit=id/> }.into_any(),
            None => view! { <wizard::NewAoaCampaign/> }.into_any(),
        }
    }
    fn reference() -> AnyView {
        view! { <reference::AoaReference/> }.into_any()
    }
}
