//! The campaign map: two routes from the Base Zone to X, each player's marker on theirs.

use super::Rfx;
use crate::systems::race_for_x::{Place, Side};
use leptos::prelude::*;

#[component]
pub fn RouteMap() -> impl IntoView {
    let rfx = expect_context::<Rfx>();
    view! {
        <div class="route-map" data-testid="map" aria-label="Campaign map">
            {Side::BOTH.into_iter().map(|side| {
                let place = move || rfx.state.with(|s| s.player(side).place);
                view! {
                    <div class="route" data-testid=format!("route-{}", side.letter())>
                        <span class="route-name">{move || rfx.name(side)}</span>
                        <ol class="zones">
                            {(1u8..=6).map(|z| {
                                let cell = if z == 6 { Place::X } else { Place::zone(z) };
                                let label = if z == 1 { "1 Base".to_string() } else if z == 6 { "X".to_string() } else { z.to_string() };
                                view! {
                                    <li class="zone" class:here=move || place() == cell class:x=z == 6
                                        data-testid=move || if place() == cell { format!("marker-{}", side.letter()) } else { String::new() }
                                        data-zone=label.clone()>
                                        <span>{label.clone()}</span>
                                    </li>
                                }
                            }).collect_view()}
                        </ol>
                    </div>
                }
            }).collect_view()}
        </div>
    }
}
