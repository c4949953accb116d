//! Race for X screens: the campaign screen with one component per phase, the map, rosters,
//! the setup wizard and the rules reference.

pub mod map;
pub mod phases;
pub mod reference;
pub mod roster;
pub mod wizard;
pub mod wizard_paste;

use super::campaign::{Open, SystemUi};
use crate::systems::race_for_x::{RaceForX, Side};
use leptos::prelude::*;

/// The open Race for X campaign, shared with the phase components.
pub type Rfx = Open<RaceForX>;

impl Open<RaceForX> {
    pub fn name(&self, side: Side) -> String {
        self.setup.with(|s| s.players[side.index()].name.clone())
    }
}

impl SystemUi for RaceForX {
    fn header() -> AnyView {
        view! { <map::RouteMap/> }.into_any()
    }
    fn play() -> AnyView {
        view! { <phases::PhaseView/> }.into_any()
    }
    fn forces() -> AnyView {
        view! { <roster::Rosters/> }.into_any()
    }
    fn rules() -> AnyView {
        view! { <reference::RulesReference/> }.into_any()
    }
    fn wizard(edit: Option<String>) -> AnyView {
        match edit {
            Some(id) => view! { <wizard::NewCampaign system=crate::systems::SystemId::RaceForX edit=id/> }.into_any(),
            None => view! { <wizard::NewCampaign system=crate::systems::SystemId::RaceForX/> }.into_any(),
        }
    }
    fn reference() -> AnyView {
        view! { <reference::RulesReference/> }.into_any()
    }
}
