//! Each player's offensive orbat with current losses.

use super::Rfx;
use crate::systems::race_for_x::Side;
use leptos::prelude::*;

#[component]
pub fn Rosters() -> impl IntoView {
    let rfx = expect_context::<Rfx>();
    view! {
        <section class="rosters" data-testid="rosters">
            {Side::BOTH.into_iter().map(|side| view! {
                {move || {
                    let p = rfx.state.with(|s| s.player(side).clone());
                    rfx.setup.with(|setup| {
                        let orbat = &setup.players[side.index()].orbat;
                        let total = orbat.stand_count();
                        view! {
                            <div class="roster" data-testid=format!("roster-{}", side.letter())>
                                <h2>{setup.players[side.index()].name.clone()}</h2>
                                <p class="info" data-testid=format!("losses-{}", side.letter())>{format!("{} of {} stands lost \u{00B7} {} units", p.lost_count(), total, orbat.units.len())}</p>
                                <table class="roster-table">
                                    <thead><tr><th>"Unit"</th><th>"Belongs to"</th><th>"Stands"</th></tr></thead>
                                    <tbody>
                                        {orbat.units.iter().enumerate().map(|(u, unit)| {
                                            let formation = unit.formation.and_then(|f| orbat.formations.get(f as usize)).map(|f| f.name.clone()).unwrap_or_else(|| "attached".into());
                                            view! {
                                                <tr>
                                                    <td>{unit.name.clone()}<br/><small>{unit.kind.name()}</small></td>
                                                    <td>{formation}</td>
                                                    <td class="stands">
                                                        {unit.stands.iter().enumerate().map(|(s, st)| {
                                                            let lost = p.lost[u][s];
                                                            view! { <span class="stand" class:lost=lost title=st.kind.name()>{st.label.clone()}</span> }
                                                        }).collect_view()}
                                                    </td>
                                                </tr>
                                            }
                                        }).collect_view()}
                                    </tbody>
                                </table>
                            </div>
                        }
                    })
                }}
            }).collect_view()}
        </section>
    }
}
