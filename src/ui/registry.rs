//! The one place in the UI that maps a system to its screens: the setup wizard, the setup
//! form of an unplayed campaign, the rules reference and the campaign screen. Adding a system
//! is a line in `systems!` (systems/mod.rs), its folders, and an entry in `screens!` below.
//!
//! Code splitting (issue 12, prototype, only with the cargo feature `split` and the build of
//! scripts/build-split.sh): each entry of `screens!` then becomes a split point, and every screen
//! of one system goes into that system's wasm chunk, fetched the first time one of them opens.
//! The split point is `wasm_split` with its `fallible` option, which is what Leptos's `#[lazy]`
//! expands to under `csr` plus that option: a chunk that cannot be fetched is a message on the
//! page and a retry on the next open, not a panic (which would abort the whole app). A build with
//! the feature that skips the splitter has dangling `__wasm_split` imports and does not start:
//! `trunk build` and `trunk serve` never get the feature.

use super::{aoa, bfww2, campaign, platform, rapier, rfx, route, scouting, viewer};
use crate::engine::{Campaign, SeatView};
use crate::share::seat::SeatCopy;
use crate::share::Meta;
use crate::systems::axis_of_attack::AxisOfAttack;
use crate::systems::bfww2_campaign::Bfww2Campaign;
use crate::systems::crossfire_scouting::{CrossfireScouting, Origin};
use crate::systems::race_for_x::RaceForX;
use crate::systems::rapier_offensive::RapierOffensive;
use crate::systems::{AnyCampaign, SystemId};
use leptos::prelude::*;

/// Each screen once: `chunk: fn name(args) { view }`. Without `split` the functions of `screens`
/// return the view; with it they return a view that waits for the chunk `chunk` and then shows it.
macro_rules! screens {
    ($($chunk:ident: fn $name:ident($($arg:ident: $ty:ty),*) $body:block)*) => {
        #[cfg(not(feature = "split"))]
        mod screens {
            #[allow(unused_imports)]
            use super::*;
            $(pub fn $name($($arg: $ty),*) -> AnyView $body)*
        }

        #[cfg(feature = "split")]
        mod screens {
            #[allow(unused_imports)]
            use super::*;
            $(pub fn $name($($arg: $ty),*) -> AnyView {
                lazily(chunks::$name($($arg),*))
            })*
        }

        #[cfg(feature = "split")]
        mod chunks {
            #[allow(unused_imports)]
            use super::*;
            use leptos::wasm_split::SplitLoaderError;
            $(
                #[leptos::wasm_split::wasm_split($chunk, wasm_split_path = ::leptos::wasm_split, fallible)]
                pub fn $name($($arg: $ty),*) -> Result<AnyView, SplitLoaderError> {
                    let view: AnyView = $body;
                    Ok(view)
                }
            )*
        }
    };
}

screens! {
    race_for_x: fn rfx_new() { view! { <rfx::wizard::NewCampaign system=SystemId::RaceForX/> }.into_any() }
    race_for_x: fn rfx_edit(id: String) {
        view! { <rfx::wizard::NewCampaign system=SystemId::RaceForX edit=id/> }.into_any()
    }
    race_for_x: fn rfx_rules() { view! { <rfx::reference::RulesReference/> }.into_any() }
    race_for_x: fn rfx_screen(meta: Meta, c: Campaign<RaceForX>, tab: Signal<route::Tab>) {
        campaign::campaign_screen(meta, c, tab).into_any()
    }
    race_for_x: fn rfx_copy(copy: SeatCopy, v: SeatView<RaceForX>) { viewer::copy_screen(copy, v) }

    crossfire_scouting: fn scouting_new(origin: Option<Origin>) {
        match origin {
            Some(origin) => view! { <scouting::wizard::NewScouting origin=origin/> }.into_any(),
            None => view! { <scouting::wizard::NewScouting/> }.into_any(),
        }
    }
    crossfire_scouting: fn scouting_edit(id: String) { view! { <scouting::wizard::NewScouting edit=id/> }.into_any() }
    crossfire_scouting: fn scouting_rules() { view! { <scouting::reference::ScoutingReference/> }.into_any() }
    crossfire_scouting: fn scouting_screen(meta: Meta, c: Campaign<CrossfireScouting>, tab: Signal<route::Tab>) {
        campaign::campaign_screen(meta, c, tab).into_any()
    }
    crossfire_scouting: fn scouting_copy(copy: SeatCopy, v: SeatView<CrossfireScouting>) { viewer::copy_screen(copy, v) }

    axis_of_attack: fn aoa_new() { view! { <aoa::wizard::NewAoaCampaign/> }.into_any() }
    axis_of_attack: fn aoa_edit(id: String) { view! { <aoa::wizard::NewAoaCampaign edit=id/> }.into_any() }
    axis_of_attack: fn aoa_rules() { view! { <aoa::reference::AoaReference/> }.into_any() }
    axis_of_attack: fn aoa_screen(meta: Meta, c: Campaign<AxisOfAttack>, tab: Signal<route::Tab>) {
        campaign::campaign_screen(meta, c, tab).into_any()
    }
    axis_of_attack: fn aoa_copy(copy: SeatCopy, v: SeatView<AxisOfAttack>) { viewer::copy_screen(copy, v) }

    rapier_offensive: fn rapier_new() { view! { <rapier::wizard::NewRapierCampaign/> }.into_any() }
    rapier_offensive: fn rapier_edit(id: String) { view! { <rapier::wizard::NewRapierCampaign edit=id/> }.into_any() }
    rapier_offensive: fn rapier_rules() { view! { <rapier::reference::RapierReference/> }.into_any() }
    rapier_offensive: fn rapier_screen(meta: Meta, c: Campaign<RapierOffensive>, tab: Signal<route::Tab>) {
        campaign::campaign_screen(meta, c, tab).into_any()
    }
    rapier_offensive: fn rapier_copy(copy: SeatCopy, v: SeatView<RapierOffensive>) { viewer::copy_screen(copy, v) }

    bfww2_campaign: fn bfww2_new() { view! { <bfww2::wizard::NewBfww2Campaign/> }.into_any() }
    bfww2_campaign: fn bfww2_edit(id: String) { view! { <bfww2::wizard::NewBfww2Campaign edit=id/> }.into_any() }
    bfww2_campaign: fn bfww2_rules() { view! { <bfww2::reference::Bfww2Reference/> }.into_any() }
    bfww2_campaign: fn bfww2_screen(meta: Meta, c: Campaign<Bfww2Campaign>, tab: Signal<route::Tab>) {
        campaign::campaign_screen(meta, c, tab).into_any()
    }
    bfww2_campaign: fn bfww2_copy(copy: SeatCopy, v: SeatView<Bfww2Campaign>) { viewer::copy_screen(copy, v) }
}

/// The setup form of a system.
pub fn new_campaign(system: SystemId) -> AnyView {
    match system {
        SystemId::RaceForX => screens::rfx_new(),
        SystemId::CrossfireScouting => screens::scouting_new(scouting::wizard::origin_from_hash(&platform::hash())),
        SystemId::AxisOfAttack => screens::aoa_new(),
        SystemId::RapierOffensive => screens::rapier_new(),
        SystemId::Bfww2Campaign => screens::bfww2_new(),
    }
}

/// The setup form of a stored campaign that has no history yet.
pub fn edit_setup(id: String) -> AnyView {
    match crate::store::load(&platform::LocalStorage, &id) {
        Ok((_, AnyCampaign::CrossfireScouting(_))) => screens::scouting_edit(id),
        Ok((_, AnyCampaign::AxisOfAttack(_))) => screens::aoa_edit(id),
        Ok((_, AnyCampaign::RapierOffensive(_))) => screens::rapier_edit(id),
        Ok((_, AnyCampaign::Bfww2Campaign(_))) => screens::bfww2_edit(id),
        _ => screens::rfx_edit(id),
    }
}

/// The rules reference of a system.
pub fn rules_reference(system: SystemId) -> AnyView {
    match system {
        SystemId::RaceForX => screens::rfx_rules(),
        SystemId::CrossfireScouting => screens::scouting_rules(),
        SystemId::AxisOfAttack => screens::aoa_rules(),
        SystemId::RapierOffensive => screens::rapier_rules(),
        SystemId::Bfww2Campaign => screens::bfww2_rules(),
    }
}

/// The campaign screen of a stored campaign's system.
pub fn campaign_screen(meta: Meta, any: AnyCampaign, tab: Signal<route::Tab>) -> AnyView {
    match any {
        AnyCampaign::RaceForX(c) => screens::rfx_screen(meta, c, tab),
        AnyCampaign::CrossfireScouting(c) => screens::scouting_screen(meta, c, tab),
        AnyCampaign::AxisOfAttack(c) => screens::aoa_screen(meta, c, tab),
        AnyCampaign::RapierOffensive(c) => screens::rapier_screen(meta, c, tab),
        AnyCampaign::Bfww2Campaign(c) => screens::bfww2_screen(meta, c, tab),
    }
}

/// A seat copy received on this device, drawn by its system's components.
pub fn seat_copy_screen(copy: SeatCopy) -> AnyView {
    use crate::systems::ViewBody;
    match copy.view.clone() {
        ViewBody::RaceForX(v) => screens::rfx_copy(copy, v),
        ViewBody::CrossfireScouting(v) => screens::scouting_copy(copy, v),
        ViewBody::AxisOfAttack(v) => screens::aoa_copy(copy, v),
        ViewBody::RapierOffensive(v) => screens::rapier_copy(copy, v),
        ViewBody::Bfww2Campaign(v) => screens::bfww2_copy(copy, v),
    }
}

/// A screen from a chunk: "Loading" while it is fetched, then the screen, or what went wrong.
///
/// Not `Suspense`/`Suspend`: a screen built inside `Suspend` was used after its disposal when
/// the page changed (e2e axis_of_attack_wizard: "edit before play"). Here the screen is built,
/// once its chunk has arrived, under the owner of the page that asked for it (so it is cleaned up
/// with that page, and a fetch still under way when the page changes is cancelled) and untracked
/// (reading signals while it is built never re-runs the page).
#[cfg(feature = "split")]
fn lazily(
    loading: impl std::future::Future<Output = Result<AnyView, leptos::wasm_split::SplitLoaderError>> + 'static,
) -> AnyView {
    #[derive(Clone, Copy, PartialEq)]
    enum Chunk {
        Loading,
        Ready,
        Failed,
    }
    let state = RwSignal::new(Chunk::Loading);
    let screen = StoredValue::new_local(None::<AnyView>);
    untrack(|| {
        leptos::task::spawn_local_scoped_with_cancellation(async move {
            match loading.await {
                Ok(view) => {
                    screen.set_value(Some(view));
                    state.set(Chunk::Ready);
                }
                Err(_) => state.set(Chunk::Failed),
            }
        })
    });
    (move || match state.get() {
        Chunk::Loading => {
            view! { <p class="page" role="status" data-testid="chunk-loading">"Loading this system's screens…"</p> }
                .into_any()
        }
        Chunk::Ready => screen.try_update_value(Option::take).flatten().unwrap_or_else(|| ().into_any()),
        Chunk::Failed => view! {
            <section class="page" role="alert" data-testid="chunk-error">
                <h1>"This system's screens could not be loaded"</h1>
                <p>"Field Desk fetches each system's screens the first time one of them opens, and the network did not answer. Nothing is lost: reconnect and open it again."</p>
                <a class="btn" href="#/">"Back to the campaign list"</a>
            </section>
        }
        .into_any(),
    })
    .into_any()
}
