//! The Forces tab: each attacking division with where every unit is (as the reader may know
//! it: reserves show only at the command post), and the defending division's units, each
//! with what the reader has seen of it.

use super::Ro;
use crate::systems::rapier_offensive::sample::{sample_setup, ILLUSTRATIVE};
use crate::systems::rapier_offensive::setup::{Setup, ATTACKING_DIVISIONS};
use crate::systems::rapier_offensive::state::{CounterPlace, Place};
use crate::systems::rapier_offensive::units::Piece;
use leptos::prelude::*;

fn place_words(p: Place) -> String {
    match p {
        Place::On(x) => x.to_string(),
        Place::DivisionReserve => "Division Reserve (R1)".into(),
        Place::CorpsReserve => "Corps Reserve (R2)".into(),
        Place::Exited => "Left the table".into(),
        Place::Killed => "Destroyed".into(),
        Place::OffTable => "Off the table".into(),
        Place::Undeployed => "Not yet deployed".into(),
    }
}

/// Whether a setup fights with the sample's orders of battle (which are illustrative).
pub fn is_sample(s: &Setup) -> bool {
    let sample = sample_setup();
    s.attackers == sample.attackers && s.defender == sample.defender
}

#[component]
pub fn Rosters() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let bt =
        move || ro.state.with(|s| s.orders.as_ref().map(|o| o.break_through)).or(ro.setup.with(|s| s.break_through));
    view! {
        <section class="rosters" data-testid="rosters">
            <p class="hint">{move || ro.setup.with(|s| if crate::ui::viewer::on_shared_tablet() {
                format!("{}. What this list shows follows who holds the tablet.", s.name)
            } else {
                format!("{}.", s.name)
            })}</p>
            {move || ro.setup.with(is_sample).then(|| view! { <p class="note" data-testid="illustrative">{ILLUSTRATIVE}</p> })}
            {(0..ATTACKING_DIVISIONS as u8).map(|d| view! {
                <div class="card roster" data-testid=format!("roster-div{}", d + 1)>
                    <h2>{move || format!("{}{}", ro.division_name(d), if bt() == Some(d) { " \u{00B7} break-through division" } else { "" })}</h2>
                    <table class="small-table">
                        <thead><tr><th>"Unit"</th><th>"Type"</th><th>"Where"</th></tr></thead>
                        <tbody>{move || ro.state.with(|s| ro.setup.with(|st| s.units.iter().filter(|u| u.origin.division == d).map(|u| {
                            let unit = s.unit(st, u.origin);
                            let flags = [(unit.assault, "assault"), (unit.division_asset, "asset"), (u.made_hq, "now HQ")].iter().filter(|f| f.0).map(|f| f.1).collect::<Vec<_>>().join(", ");
                            let moved = match u.division { Some(now) if now != d => format!(" (now with {})", ro.division_name(now)), _ => String::new() };
                            view! { <tr><td>{unit.name.clone()}</td><td>{format!("{}{}", unit.kind.name(), if flags.is_empty() { String::new() } else { format!(" \u{00B7} {flags}") })}</td><td>{format!("{}{moved}", place_words(u.place))}</td></tr> }
                        }).collect_view()))}</tbody>
                    </table>
                </div>
            }).collect_view()}
            <div class="card roster" data-testid="roster-defender">
                <h2>{move || ro.setup.with(|s| s.defender.name.clone())}</h2>
                <p class="hint">"A unit is placed here once its counter is known to this reader."</p>
                <table class="small-table">
                    <thead><tr><th>"Unit"</th><th>"Type"</th><th>"Seen"</th></tr></thead>
                    <tbody>{move || ro.state.with(|s| ro.setup.with(|st| st.defender.units.iter().enumerate().map(|(i, u)| {
                        let seen = s.counters.iter().find(|c| c.piece == Some(Piece::Unit(i as u16))).map_or("Not seen".to_string(), |c| match c.place {
                            CounterPlace::Gone => "Destroyed".into(),
                            CounterPlace::On(x) => format!("{x}{}", if c.revealed { "" } else { " (face down)" }),
                        });
                        view! { <tr><td>{u.name.clone()}</td><td>{u.kind.name()}</td><td>{seen}</td></tr> }
                    }).collect_view()))}</tbody>
                </table>
                <p>{move || ro.state.with(|s| {
                    let down = s.counters.iter().filter(|c| c.place != CounterPlace::Gone && c.piece.is_none()).count();
                    let gone = s.counters.iter().filter(|c| c.place == CounterPlace::Gone).count();
                    format!("{down} counters face down on the table; {gone} removed (destroyed, or dummies lifted).")
                })}</p>
            </div>
        </section>
    }
}
