//! The scout teams, each figure's state, the sentries, and the finds with where their
//! knowledge lives (carried, banked, reported, lost).

use super::{fig_id, place_short, Scouting};
use crate::systems::crossfire_scouting::tables::clock_text;
use crate::systems::crossfire_scouting::{FindStatus, ScoutRef};
use leptos::prelude::*;

pub fn find_status_text(f: FindStatus) -> &'static str {
    match f {
        FindStatus::Carried => "carried: only the finder knows",
        FindStatus::Banked => "banked with the scout leader",
        FindStatus::Reported => "reported to the briefing",
        FindStatus::Lost => "lost",
    }
}

fn training(t: bool) -> &'static str {
    if t {
        "special training"
    } else {
        "\u{2014}"
    }
}

#[component]
pub fn Teams() -> impl IntoView {
    let s = expect_context::<Scouting>();
    view! {
        <section class="rosters scout-forces" data-testid="scout-forces">
            {move || s.setup.with(|setup| s.state.with(|st| {
                let teams = setup.teams.iter().enumerate().map(|(t, team)| {
                    let rows = (0..team.size()).map(|m| {
                        let r = ScoutRef::new(t as u8, m as u8);
                        let f = st.figure(r);
                        let x = team.member(m as u8).unwrap();
                        let tried: Vec<String> = f.tried.iter().map(|a| setup.area_name(*a)).collect();
                        view! {
                            <tr data-testid=format!("figure-row-{}", fig_id(r))>
                                <td><strong>{x.name.clone()}</strong><br/><small>{if r.is_leader() { "scout leader" } else { "scout" }}</small></td>
                                <td>{x.quality.name()}<br/><small>{training(x.trained)}</small></td>
                                <td class="fig-state">{f.status.name()}{f.status.on_table().then(|| format!(", in {}", place_short(&s, f.place)))}</td>
                                <td>{if tried.is_empty() { "\u{2014}".to_string() } else { tried.join(", ") }}</td>
                            </tr>
                        }
                    }).collect_view();
                    view! {
                        <div class="roster" data-testid=format!("team-{t}")>
                            <h2>{team.name.clone()}</h2>
                            <table class="roster-table">
                                <thead><tr><th>"Figure"</th><th>"Quality"</th><th>"State"</th><th>"Has tried to spot"</th></tr></thead>
                                <tbody>{rows}</tbody>
                            </table>
                        </div>
                    }
                }).collect_view();
                let finds = st.finds.iter().enumerate().map(|(i, f)| view! {
                    <tr class=format!("find find-{:?}", f.status).to_ascii_lowercase() data-testid=format!("find-{i}")>
                        <td><strong>{setup.area_name(f.area)}</strong></td>
                        <td>{f.sighting.text()}</td>
                        <td>{format!("{}, {}", setup.name(f.by), clock_text(f.at))}</td>
                        <td class="find-status">{find_status_text(f.status)}</td>
                    </tr>
                }).collect_view();
                let sentries = format!("{}{}", setup.sentries.quality.name(), if setup.sentries.trained { ", special training" } else { "" });
                view! {
                    {teams}
                    <div class="roster">
                        <h2>"Sentries"</h2>
                        <p class="info" data-testid="sentries">{format!("The defender's sentries are {sentries}.")}</p>
                    </div>
                    <div class="roster" data-testid="finds">
                        <h2>"Finds"</h2>
                        {if st.finds.is_empty() {
                            view! { <p class="hint">"Nothing found yet."</p> }.into_any()
                        } else {
                            view! {
                                <table class="roster-table">
                                    <thead><tr><th>"Area"</th><th>"What"</th><th>"Found by"</th><th>"Known"</th></tr></thead>
                                    <tbody>{finds}</tbody>
                                </table>
                            }.into_any()
                        }}
                        <p class="hint">"A find counts once it is banked with the scout leader and brought back to the own edge. What only a dead scout knew is lost, and those troops may redeploy."</p>
                    </div>
                }
            }))}
        </section>
    }
}
