//! The campaign map: seven sectors in a line, each home sector labelled with its side and
//! army, the sector being fought over marked, and the last move the results made.

use super::Aoa;
use crate::systems::axis_of_attack::tables::{self, MissionResult};
use crate::systems::axis_of_attack::{Sector, Side};
use crate::ui::reactive::memo;
use leptos::prelude::*;

#[component]
pub fn SectorMap() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let here = memo(move || aoa.state.with(|s| s.sector));
    // The move of the turn under way once made, else the last finished turn's.
    let last_move = memo(move || {
        aoa.state.with(|s| {
            s.current().and_then(|t| t.map.clone()).or_else(|| s.last_turn().and_then(|t| t.map.clone()))
        })
    });
    let move_text = move || {
        last_move.get().map(|m| {
            let how = match m.result {
                MissionResult::Hold => "Hold".to_string(),
                r => r.name().to_string(),
            };
            if m.from == m.to {
                format!("{how}: the fighting stays in {}.", m.to.name())
            } else {
                format!("{how}: the fighting moved from {} to {}.", m.from.name(), m.to.name())
            }
        })
    };
    view! {
        <div class="sector-map" data-testid="sector-map" aria-label="Campaign map: seven sectors from west to east">
            <ol class="sectors">
                {(1..=tables::SECTORS).map(|n| {
                    let sector = Sector::new(n);
                    let home = sector.home_of();
                    let is_here = move || here.get() == sector;
                    let was_from = move || last_move.get().is_some_and(|m| m.from == sector && m.from != m.to);
                    view! {
                        <li class="sector" class:here=is_here class:from=was_from
                            class:home-west=home == Some(Side::West) class:home-east=home == Some(Side::East)
                            data-testid=format!("sector-{n}") data-here=move || is_here().to_string()>
                            <span class="sector-number">{n}</span>
                            {home.map(|side| view! {
                                <span class="sector-home">{move || format!("{} home", aoa.army(side))}</span>
                                <span class="sector-player">{move || aoa.name(side)}</span>
                            })}
                            {move || is_here().then(|| view! { <span class="sector-here" data-testid="fighting-here">"Fighting here"</span> })}
                        </li>
                    }
                }).collect_view()}
            </ol>
            <p class="map-line" data-testid="map-where">
                {move || {
                    let s = here.get();
                    let who = s.home_of().map(|side| format!(" ({} home sector)", aoa.who(side))).unwrap_or_default();
                    format!("The fighting is in {}{who}. {} pushes east towards sector {}; {} pushes west towards sector 1.", s.name(), aoa.who(Side::West), tables::SECTORS, aoa.who(Side::East))
                }}
            </p>
            {move || move_text().map(|t| view! { <p class="map-line" data-testid="map-move">{t}</p> })}
        </div>
    }
}
