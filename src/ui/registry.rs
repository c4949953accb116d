//! The one place in the UI that maps a system to its screens: the setup wizard, the setup
//! form of an unplayed campaign, the rules reference and the campaign screen. Adding a system
//! is a line in `systems!` (systems/mod.rs), its folders, and an arm in each function here.

use super::{aoa, campaign, platform, rfx, route, scouting};
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
    }
}

/// The campaign screen of a stored campaign's system.
pub fn campaign_screen(meta: Meta, any: AnyCampaign, tab: Signal<route::Tab>) -> AnyView {
    match any {
        AnyCampaign::RaceForX(c) => campaign::campaign_screen(meta, c, tab).into_any(),
        AnyCampaign::CrossfireScouting(c) => campaign::campaign_screen(meta, c, tab).into_any(),
        #[cfg(not(feature = "split"))]
        AnyCampaign::AxisOfAttack(c) => campaign::campaign_screen(meta, c, tab).into_any(),
        #[cfg(feature = "split")]
        AnyCampaign::AxisOfAttack(c) => lazy_aoa::campaign_screen(meta, c, tab),
    }
}

/// Prototype of code splitting (issue 12), only with the cargo feature `split` and the build of
/// scripts/build-split.sh: Axis of Attack's campaign screen goes into a wasm chunk of its own,
/// fetched when a campaign of that system is first opened. `wasm_split` is what Leptos's
/// `#[lazy]` expands to under `csr`, used directly for its `fallible` option: a chunk that cannot
/// be fetched is an error shown on the page, not a panic (which would abort the whole app). A
/// build with the feature that skips the splitter has dangling `__wasm_split` imports and does
/// not start: `trunk build` must not get the feature.
#[cfg(feature = "split")]
mod lazy_aoa {
    use super::{campaign, route};
    use crate::engine::Campaign;
    use crate::share::Meta;
    use crate::systems::axis_of_attack::AxisOfAttack;
    use leptos::prelude::*;
    use leptos::wasm_split::SplitLoaderError;

    #[leptos::wasm_split::wasm_split(axis_of_attack, wasm_split_path = ::leptos::wasm_split, fallible)]
    fn screen(meta: Meta, c: Campaign<AxisOfAttack>, tab: Signal<route::Tab>) -> Result<AnyView, SplitLoaderError> {
        Ok(campaign::campaign_screen(meta, c, tab).into_any())
    }

    pub fn campaign_screen(meta: Meta, c: Campaign<AxisOfAttack>, tab: Signal<route::Tab>) -> AnyView {
        let loading = leptos::__reexports::send_wrapper::SendWrapper::new(screen(meta, c, tab));
        view! {
            <Suspense fallback=|| view! { <p class="page" role="status" data-testid="chunk-loading">"Loading this system's screens…"</p> }>
                {Suspend::new(async move {
                    match loading.await {
                        Ok(v) => v,
                        Err(_) => view! {
                            <section class="page" role="alert" data-testid="chunk-error">
                                <h1>"This campaign's screens could not be loaded"</h1>
                                <p>"Field Desk fetches each system's screens the first time one of its campaigns opens, and the network did not answer. Nothing is lost: reconnect and open the campaign again."</p>
                                <a class="btn" href="#/">"Back to the campaign list"</a>
                            </section>
                        }
                        .into_any(),
                    }
                })}
            </Suspense>
        }
        .into_any()
    }
}
