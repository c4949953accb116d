//! The one place in the UI that maps a system to its screens: the setup wizard, the setup
//! form of an unplayed campaign, the rules reference and the campaign screen. Adding a system
//! is a line in `systems!` (systems/mod.rs), its folders, and an arm in each function here.

use super::{aoa, campaign, platform, rapier, rfx, route, scouting};
use crate::share::Meta;
use crate::systems::AnyCampaign;
use leptos::prelude::*;

/// The setup form of a system.
pub fn new_campaign(system: crate::systems::SystemId) -> AnyView {
    use crate::systems::SystemId;
    match system {
        SystemId::RaceForX => view! { <rfx::wizard::NewCampaign system=system/> }.into_any(),
        SystemId::CrossfireScouting => match scouting::wizard::origin_from_hash(&platform::hash()) {
            Some(origin) => view! { <scouting::wizard::NewScouting origin=origin/> }.into_any(),
            None => view! { <scouting::wizard::NewScouting/> }.into_any(),
        },
        SystemId::AxisOfAttack => view! { <aoa::wizard::NewAoaCampaign/> }.into_any(),
        SystemId::RapierOffensive => view! { <rapier::wizard::NewRapierCampaign/> }.into_any(),
    }
}

/// The setup form of a stored campaign that has no history yet.
pub fn edit_setup(id: String) -> AnyView {
    match crate::store::load(&platform::LocalStorage, &id) {
        Ok((_, crate::systems::AnyCampaign::CrossfireScouting(_))) => {
            view! { <scouting::wizard::NewScouting edit=id/> }.into_any()
        }
        Ok((_, crate::systems::AnyCampaign::AxisOfAttack(_))) => {
            view! { <aoa::wizard::NewAoaCampaign edit=id/> }.into_any()
        }
        Ok((_, crate::systems::AnyCampaign::RapierOffensive(_))) => {
            view! { <rapier::wizard::NewRapierCampaign edit=id/> }.into_any()
        }
        _ => view! { <rfx::wizard::NewCampaign system=crate::systems::SystemId::RaceForX edit=id/> }.into_any(),
    }
}

/// The rules reference of a system.
pub fn rules_reference(system: crate::systems::SystemId) -> AnyView {
    use crate::systems::SystemId;
    match system {
        SystemId::RaceForX => view! { <rfx::reference::RulesReference/> }.into_any(),
        SystemId::CrossfireScouting => view! { <scouting::reference::ScoutingReference/> }.into_any(),
        SystemId::AxisOfAttack => view! { <aoa::reference::AoaReference/> }.into_any(),
        SystemId::RapierOffensive => view! { <rapier::reference::RapierReference/> }.into_any(),
    }
}

/// The campaign screen of a stored campaign's system.
pub fn campaign_screen(meta: Meta, any: AnyCampaign, tab: Signal<route::Tab>) -> AnyView {
    match any {
        AnyCampaign::RaceForX(c) => campaign::campaign_screen(meta, c, tab).into_any(),
        AnyCampaign::CrossfireScouting(c) => campaign::campaign_screen(meta, c, tab).into_any(),
        AnyCampaign::AxisOfAttack(c) => campaign::campaign_screen(meta, c, tab).into_any(),
        AnyCampaign::RapierOffensive(c) => campaign::campaign_screen(meta, c, tab).into_any(),
    }
}

/// A seat copy received on this device, drawn by its system's components.
pub fn seat_copy_screen(copy: crate::share::seat::SeatCopy) -> AnyView {
    use crate::systems::ViewBody;
    match copy.view.clone() {
        ViewBody::RaceForX(v) => super::viewer::copy_screen(copy, v),
        ViewBody::CrossfireScouting(v) => super::viewer::copy_screen(copy, v),
        ViewBody::AxisOfAttack(v) => super::viewer::copy_screen(copy, v),
        ViewBody::RapierOffensive(v) => super::viewer::copy_screen(copy, v),
    }
}
