//! The refit's purchases, from the side's own charts and within their limits (the rules
//! refuse anything beyond a limit or the balance, and the message says why): reinforcements
//! (a manoeuvre element), off-board artillery with smoke missions and pre-registered points,
//! aircraft, FPP and fortifications (type and place stay secret), and removal rolls.

use super::phases::{check, error_line, number, select};
use super::refit::{act_kept, roll_kept};
use super::{kept, Bw};
use crate::systems::bfww2_campaign::charts::{RgEntry, RgKind};
use crate::systems::bfww2_campaign::decision::{NewElement, Obstacle};
use crate::systems::bfww2_campaign::refit::removable_obstacles;
use crate::systems::bfww2_campaign::tables::{MeClass, RemovalMod, REMOVAL_MODIFIERS};
use crate::systems::bfww2_campaign::Decision;
use crate::ui::reactive::memo;
use leptos::prelude::*;

/// The side's chart rows of one kind, as options: "TB: T-34 tank battalion, 8 CPP (2 of 3 had)".
fn rows(bw: Bw, side: u8, kind: fn(&RgKind) -> bool) -> Vec<(String, String)> {
    let had = |id: &str| bw.state.with_untracked(|s| s.side(side).had(id));
    bw.setup.with_untracked(|s| {
        s.sides[side as usize]
            .rg_chart
            .iter()
            .filter(|r| kind(&r.kind))
            .map(|r: &RgEntry| {
                let day = r.per_day.map_or(String::new(), |d| format!(", {d} a day"));
                (
                    r.id.clone(),
                    format!(
                        "{}: {}, {} CPP ({} had of {} in the campaign, {} a scenario{day})",
                        r.id,
                        r.description,
                        r.cost_cpp,
                        had(&r.id),
                        r.per_campaign,
                        r.per_scenario
                    ),
                )
            })
            .collect()
    })
}

fn first_of(list: &[(String, String)], value: RwSignal<String>) {
    if !list.iter().any(|o| o.0 == value.get_untracked()) {
        if let Some(o) = list.first() {
            value.set(o.0.clone());
        }
    }
}

fn none_on_chart(what: &'static str) -> AnyView {
    view! { <p class="info" data-testid="none-on-chart">{format!("This side's chart has no {what}.")}</p> }.into_any()
}

#[component]
pub fn Reinforce(side: u8) -> impl IntoView {
    let bw = expect_context::<Bw>();
    let list = rows(bw, side, |k| *k == RgKind::Manoeuvre);
    if list.is_empty() {
        return none_on_chart("manoeuvre reinforcements");
    }
    // The element described so far survives a reload, until it is bought.
    let rg = kept(side, "reinforce-rg", String::new());
    first_of(&list, rg);
    let name = kept(side, "reinforce-name", String::new());
    let class = kept(side, "reinforce-class", "Infantry".to_string());
    let unit_type = kept(side, "reinforce-type", String::new());
    let stands = kept(side, "reinforce-stands", 0u16);
    let vehicles = kept(side, "reinforce-vehicles", 0u16);
    let error = RwSignal::new(None::<String>);
    let classes: Vec<(String, String)> =
        ["Armour", "Infantry", "Transport", "Other"].iter().map(|c| (c.to_string(), c.to_string())).collect();
    let buy = move |_| {
        let class = match class.get_untracked().as_str() {
            "Armour" => MeClass::Armour,
            "Transport" => MeClass::Transport,
            "Other" => MeClass::Other,
            _ => MeClass::Infantry,
        };
        let element = NewElement {
            name: name.get_untracked(),
            class,
            unit_type: unit_type.get_untracked(),
            stands: stands.get_untracked(),
            vehicles: vehicles.get_untracked(),
        };
        if element.name.trim().is_empty() {
            error.set(Some("Give the new element a name.".into()));
            return;
        }
        act_kept(bw, side, Decision::Reinforce { side, rg: rg.get_untracked(), element }, error);
    };
    view! {
        <p class="hint">"A manoeuvre element from the reinforcement chart, at the row's rating and cost. Its unit cards give its stands."</p>
        {select("Chart row", list, rg, "reinforce-rg".into())}
        <div class="row">
            <label class="field small"><span>"Name"</span>
                <input type="text" data-testid="reinforce-name" prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev))/></label>
            <label class="field small"><span>"Unit type"</span>
                <input type="text" data-testid="reinforce-type" prop:value=move || unit_type.get() on:input=move |ev| unit_type.set(event_target_value(&ev))/></label>
            {select("Class", classes, class, "reinforce-class".into())}
            {number("Stands", stands, "reinforce-stands".into())}
            {number("Vehicles among them", vehicles, "reinforce-vehicles".into())}
        </div>
        <div class="sticky-action"><button class="btn big primary" data-testid="reinforce" on:click=buy>"Buy this reinforcement"</button>
            {error_line(error)}</div>
    }
    .into_any()
}

#[component]
pub fn Artillery(side: u8) -> impl IntoView {
    let bw = expect_context::<Bw>();
    let list = rows(bw, side, |k| *k == RgKind::OffBoardArtillery);
    if list.is_empty() {
        return none_on_chart("off-board artillery");
    }
    let rg = kept(side, "artillery-rg", String::new());
    first_of(&list, rg);
    let count = kept(side, "artillery-count", 1u16);
    let error = RwSignal::new(None::<String>);
    let batteries = memo(move || bw.state.with(|s| s.side(side).batteries.clone()));
    view! {
        <p class="hint">"Off-board artillery modules: bought at a morning for the day, within the chart's limits. Each module bought gives one smoke-mission roll; pre-registered points cost 1 CPP each, at most 2 a module, and last the day."</p>
        <div class="row">
            {select("Chart row", list, rg, "artillery-rg".into())}
            {number("Modules", count, "artillery-count".into())}
        </div>
        <button class="btn big" data-testid="buy-artillery" on:click=move |_| {
            act_kept(bw, side, Decision::BuyArtillery { side, rg: rg.get_untracked(), count: count.get_untracked().min(255) as u8 }, error);
        }>"Buy the artillery"</button>
        {error_line(error)}
        {move || batteries.get().into_iter().map(|b| {
            let rg = b.rg.clone();
            let extra = RwSignal::new(0u16);
            let points = RwSignal::new(1u16);
            let perror = RwSignal::new(None::<String>);
            let smoke_left = b.smoke_roll_due();
            let prg = rg.clone();
            view! {
                <div class="card battery" data-testid=format!("battery-{}", b.rg)>
                    <p class="info">{format!("{}: {} held, {} used today; {} smoke missions, {} pre-registered points.", b.rg, b.stock.held, b.stock.used_today, b.smoke_missions, b.preregistered)}</p>
                    {smoke_left.then(|| view! {
                        {number("Extra CPP on the smoke roll", extra, format!("smoke-extra-{rg}"))}
                        {move || roll_kept(bw, side, Decision::RollSmoke { side, rg: rg.clone(), extra_cpp: extra.get() }, "smoke missions")}
                    })}
                    <div class="row">
                        {number("Pre-registered points", points, format!("prereg-{prg}"))}
                        <button class="btn" data-testid=format!("prereg-buy-{prg}") on:click={
                            let prg = prg.clone();
                            move |_| { act_kept(bw, side, Decision::Preregister { side, rg: prg.clone(), points: points.get_untracked().min(255) as u8 }, perror); }
                        }>"Buy the points"</button>
                    </div>
                    {error_line(perror)}
                </div>
            }
        }).collect_view()}
    }
    .into_any()
}

#[component]
pub fn Aircraft(side: u8) -> impl IntoView {
    let bw = expect_context::<Bw>();
    let list = rows(bw, side, |k| *k == RgKind::Aircraft);
    if list.is_empty() {
        return none_on_chart("aircraft");
    }
    let rg = kept(side, "aircraft-rg", String::new());
    first_of(&list, rg);
    let extra = kept(side, "aircraft-extra", 0u16);
    let flights = memo(move || bw.state.with(|s| s.side(side).flights.clone()));
    view! {
        <p class="hint">"Air support: the roll gives the flight's aircraft (each extra CPP spent adds 1). It flies on its day or is lost; a flight bought in a night refit flies the next day."</p>
        <div class="row">
            {select("Chart row", list, rg, "aircraft-rg".into())}
            {number("Extra CPP", extra, "aircraft-extra".into())}
        </div>
        {move || roll_kept(bw, side, Decision::BuyAircraft { side, rg: rg.get(), extra_cpp: extra.get() }, "the aircraft")}
        {move || flights.get().into_iter().map(|f| view! {
            <p class="info">{format!("{}: a flight of {} for day {}{}", f.rg, f.aircraft, f.day + 1, if f.used { " (flown)" } else { "" })}</p>
        }).collect_view()}
    }
    .into_any()
}

#[component]
pub fn Fortify(side: u8) -> impl IntoView {
    let bw = expect_context::<Bw>();
    let fpp_rows = rows(bw, side, |k| matches!(k, RgKind::Fpp(_)));
    let rg = kept(side, "fpp-rg", String::new());
    first_of(&fpp_rows, rg);
    let count = kept(side, "fpp-count", 1u16);
    let kinds: Vec<(String, String)> = bw.setup.with_untracked(|s| {
        s.sides[side as usize]
            .fort_chart
            .iter()
            .map(|f| (f.name.clone(), format!("{}: {} FPP", f.name, f.cost_fpp)))
            .collect()
    });
    let kind = kept(side, "fort-kind", String::new());
    first_of(&kinds, kind);
    let place = kept(side, "fort-place", String::new());
    let (error, ferror) = (RwSignal::new(None::<String>), RwSignal::new(None::<String>));
    let forts = memo(move || bw.state.with(|s| s.side(side).forts.clone()));
    view! {
        <p class="hint">"FPP are bought with CPP through the chart; fortifications with FPP. Their type and place stay secret until the enemy finds them."</p>
        {(!fpp_rows.is_empty()).then(|| view! {
            <div class="row">
                {select("FPP row", fpp_rows, rg, "fpp-rg".into())}
                {number("How many", count, "fpp-count".into())}
                <button class="btn" data-testid="buy-fpp" on:click=move |_| {
                    act_kept(bw, side, Decision::BuyFpp { side, rg: rg.get_untracked(), count: count.get_untracked().min(255) as u8 }, error);
                }>"Buy FPP"</button>
            </div>
            {error_line(error)}
        })}
        {(!kinds.is_empty()).then(|| view! {
            <div class="row">
                {select("Fortification", kinds, kind, "fort-kind".into())}
                <label class="field small"><span>"Where (map area)"</span>
                    <input type="text" data-testid="fort-place" prop:value=move || place.get() on:input=move |ev| place.set(event_target_value(&ev))/></label>
                <button class="btn" data-testid="buy-fort" on:click=move |_| {
                    if place.get_untracked().trim().is_empty() {
                        ferror.set(Some("Say where it goes.".into()));
                        return;
                    }
                    act_kept(bw, side, Decision::BuyFortification { side, kind: kind.get_untracked(), place: place.get_untracked() }, ferror);
                }>"Buy it"</button>
            </div>
            {error_line(ferror)}
        })}
        <ul class="forts" data-testid="own-forts">{move || forts.get().into_iter().map(|f| view! {
            <li>{format!("{} at {}{}", f.kind, f.place, if f.revealed { " (revealed)" } else if f.placed { " (placed, hidden)" } else { " (hidden)" })}</li>
        }).collect_view()}</ul>
    }
}

#[component]
pub fn Removal(side: u8) -> impl IntoView {
    let bw = expect_context::<Bw>();
    let obstacles: Vec<(String, String)> = [Obstacle::Wire, Obstacle::Minefield, Obstacle::Roadblock, Obstacle::Wreck]
        .iter()
        .map(|o| (o.name().to_string(), o.name().to_string()))
        .collect();
    let obstacle = kept(side, "removal-what", Obstacle::Wire.name().to_string());
    let place = kept(side, "removal-place", String::new());
    let pick = kept(side, "removal-known", String::new());
    let ticked: Vec<usize> = super::restored(side, "removal-mods").unwrap_or_default();
    let mods: Vec<(RemovalMod, RwSignal<bool>)> =
        REMOVAL_MODIFIERS.iter().enumerate().map(|(i, m)| (m.key, RwSignal::new(ticked.contains(&i)))).collect();
    let signals: Vec<RwSignal<bool>> = mods.iter().map(|m| m.1).collect();
    super::keep_side(side, "removal-mods", move || {
        signals.iter().enumerate().filter(|(_, on)| on.get()).map(|(i, _)| i).collect::<Vec<usize>>()
    });
    let boxes = mods
        .iter()
        .enumerate()
        .map(|(i, (k, on))| {
            let text = REMOVAL_MODIFIERS.iter().find(|m| m.key == *k).map_or("", |m| m.text);
            check(text.to_string(), *on, format!("removal-mod-{i}"))
        })
        .collect_view();
    let kind = move || match obstacle.get().as_str() {
        "Minefield" => Obstacle::Minefield,
        "Roadblock" => Obstacle::Roadblock,
        "Enemy wreck" => Obstacle::Wreck,
        _ => Obstacle::Wire,
    };
    // Issue 28's readings: a fortification is tried only where the enemy's has been revealed,
    // picked from those the rules allow now; a wreck (and every removal before) is named in text.
    let from_list = move || kind() != Obstacle::Wreck && bw.setup.with(|st| st.readings_v3());
    view! {
        <p class="hint">"A removal roll costs 1 FPP: a known enemy obstacle in an area you control, or an enemy wreck behind your line. For a wreck, write where the enemy element it belonged to (its ID, as on the table, e.g. PZ-1): destroyed, it can no longer be repaired."</p>
        <div class="row">
            {select("What", obstacles, obstacle, "removal-what".into())}
            {move || (!from_list()).then(|| view! {
                <label class="field small"><span>"Where"</span>
                    <input type="text" data-testid="removal-place" prop:value=move || place.get() on:input=move |ev| place.set(event_target_value(&ev))/></label>
            })}
        </div>
        <div class="checks">{boxes}</div>
        {move || {
            let o = kind();
            let m: Vec<RemovalMod> = mods.iter().filter(|(_, on)| on.get()).map(|(k, _)| *k).collect();
            if !from_list() {
                return roll_kept(bw, side, Decision::RemoveObstacle { side, obstacle: o, place: place.get(), mods: m }, "the removal").into_any();
            }
            let places: Vec<(String, String)> = bw
                .state
                .with(|s| bw.setup.with(|st| removable_obstacles(st, s, side)))
                .into_iter()
                .filter(|x| x.0 == o)
                .map(|x| (x.1.clone(), x.1))
                .collect();
            if places.is_empty() {
                let what = o.name().to_ascii_lowercase();
                return view! { <p class="info" data-testid="removal-none">{format!(
                    "No revealed enemy {what} to try now: a removal roll needs one seen on the map, once per item and place in a refit, and 1 FPP."
                )}</p> }.into_any();
            }
            if !places.iter().any(|p| p.0 == pick.get_untracked()) {
                pick.set(places[0].0.clone());
            }
            view! {
                {select("Where (revealed)", places, pick, "removal-known".into())}
                {move || roll_kept(bw, side, Decision::RemoveObstacle { side, obstacle: o, place: pick.get(), mods: m.clone() }, "the removal")}
            }
            .into_any()
        }}
    }
}
