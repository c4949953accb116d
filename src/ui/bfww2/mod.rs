//! Battlefront: WW2 campaign screens: the setup wizard and the rules reference. Every rule
//! comes from `systems::bfww2_campaign`.

pub mod reference;
mod reference_tables;
pub mod wizard;
mod wizard_charts;
mod wizard_days;
mod wizard_fields;
mod wizard_side;

use super::campaign::SystemUi;
use crate::engine::Campaign;
use crate::systems::bfww2_campaign::Bfww2Campaign;
use crate::systems::AnyCampaign;
use leptos::prelude::*;

// TEMP(bfww2-ui): replaced at merge
impl SystemUi for Bfww2Campaign {
    fn wrap(c: Campaign<Bfww2Campaign>) -> AnyCampaign {
        AnyCampaign::Bfww2Campaign(c)
    }
    fn unwrap(any: AnyCampaign) -> Option<Campaign<Bfww2Campaign>> {
        match any {
            AnyCampaign::Bfww2Campaign(c) => Some(c),
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }
    fn header() -> AnyView {
        ().into_any()
    }
    fn play() -> AnyView {
        view! { <p class="page">"The campaign screens come with the play screens."</p> }.into_any()
    }
    fn forces() -> AnyView {
        ().into_any()
    }
    fn rules() -> AnyView {
        view! { <reference::Bfww2Reference/> }.into_any()
    }
}
