//! New Rapier Offensive campaign (and, before the first decision, edit its setup): the
//! players by role, the three attacking divisions and the defending one unit by unit (every
//! kind and flag), the defender's fortifications, minefields and dummies, the optional rules,
//! the random-event table, the ground of each sector, and the break-through division fixed
//! or left to the Corps Commander. It starts from the illustrative sample. Text fields commit
//! on change (not per keystroke) so typing keeps focus.

use super::sector_key;
use crate::store;
use crate::systems::rapier_offensive::division_text::{self, all_kinds};
use crate::systems::rapier_offensive::grid::Sector;
use crate::systems::rapier_offensive::optional::Terrain;
use crate::systems::rapier_offensive::sample::{sample_setup, ILLUSTRATIVE};
use crate::systems::rapier_offensive::setup::ATTACKING_DIVISIONS;
use crate::systems::rapier_offensive::tables::Event;
use crate::systems::rapier_offensive::terrain::SectorGround;
use crate::systems::rapier_offensive::units::{Division, Unit, UnitKind};
use crate::systems::rapier_offensive::{setup_check, RapierOffensive, Setup};
use crate::ui::platform::LocalStorage;
use crate::ui::rfx::wizard_paste::PasteBox;
use crate::ui::widgets::WizardFooter;
use crate::ui::reactive::memo;
use leptos::prelude::*;

const GROUNDS: [Terrain; 8] = [
    Terrain::Open,
    Terrain::Urban,
    Terrain::Woods,
    Terrain::Swamp,
    Terrain::Hills,
    Terrain::BridgeOrFord,
    Terrain::CanalOrRiver,
    Terrain::Road,
];

pub(super) fn ground_name(t: Terrain) -> &'static str {
    match t {
        Terrain::Road => "Road",
        Terrain::Open => "Open",
        Terrain::Urban => "Urban",
        Terrain::Woods => "Woods",
        Terrain::Swamp => "Swamp",
        Terrain::BridgeOrFord => "Bridge or ford",
        Terrain::CanalOrRiver => "Canal or river",
        Terrain::Wire => "Wire",
        Terrain::AtObstacles => "Anti-tank obstacles",
        Terrain::Hills => "Hills",
    }
}

fn num<T: std::str::FromStr>(ev: &leptos::ev::Event) -> Option<T> {
    event_target_value(ev).trim().parse().ok()
}

/// One division's units, edited in place.
#[component]
fn DivisionForm(division: RwSignal<Division>, title: String, testid: String) -> impl IntoView {
    let kinds = all_kinds();
    let edit = move |i: usize, f: &dyn Fn(&mut Unit)| {
        division.update(|d| {
            if let Some(u) = d.units.get_mut(i) {
                f(u)
            }
        })
    };
    let t = testid.clone();
    view! {
        <details class="card orbat-box" data-testid=testid.clone()>
            <summary><h3>{move || format!("{title}: {} ({} units)", division.with(|d| d.name.clone()), division.with(|d| d.units.len()))}</h3></summary>
            <label class="field"><span>"Division name"</span>
                <input type="text" class="wide" data-testid=format!("{t}-name") prop:value=move || division.with(|d| d.name.clone())
                    on:change=move |ev| { let v = event_target_value(&ev); division.update(|d| d.name = v); }/></label>
            <details class="paste" data-testid=format!("{t}-paste")>
                <summary data-testid=format!("{t}-paste-open")>"Paste a list"<span class="hint">" (the division as text, one unit a line)"</span></summary>
                <PasteBox current=Callback::new(move |()| division.get_untracked()) put=Callback::new(move |d| division.set(d))
                    parse=division_text::parse write=division_text::write format=division_text::FORMAT example=division_text::EXAMPLE
                    summary=|d: &Division| format!("{}, {} unit{}", d.name, d.units.len(), if d.units.len() == 1 { "" } else { "s" })/>
            </details>
            {move || (0..division.with(|d| d.units.len())).map(|i| {
                let kinds = kinds.clone();
                let kinds2 = kinds.clone();
                view! {
                    <div class="unit-row">
                        <label class="field grow"><span>{format!("Unit {}", i + 1)}</span>
                            <input type="text" prop:value=move || division.with(|d| d.units.get(i).map(|u| u.name.clone()).unwrap_or_default())
                                on:change=move |ev| { let v = event_target_value(&ev); edit(i, &|u| u.name = v.clone()); }/></label>
                        <label class="field"><span>"Type"</span>
                            <select prop:value=move || division.with(|d| d.units.get(i).and_then(|u| kinds2.iter().position(|k| *k == u.kind)).unwrap_or(0).to_string())
                                on:change=move |ev| { if let Some(k) = num::<usize>(&ev).and_then(|k| kinds.get(k).copied()) { edit(i, &|u| u.kind = k); } }>
                                {all_kinds().into_iter().enumerate().map(|(k, kind)| view! { <option value=k.to_string()>{kind.name()}</option> }).collect_view()}
                            </select></label>
                        <label class="check"><input type="checkbox" prop:checked=move || division.with(|d| d.units.get(i).is_some_and(|u| u.assault))
                            on:change=move |ev| { let v = event_target_checked(&ev); edit(i, &|u| u.assault = v); }/>" Assault"</label>
                        <label class="check"><input type="checkbox" prop:checked=move || division.with(|d| d.units.get(i).is_some_and(|u| u.division_asset))
                            on:change=move |ev| { let v = event_target_checked(&ev); edit(i, &|u| u.division_asset = v); }/>" Division asset"</label>
                        <button type="button" class="btn small danger" on:click=move |_| division.update(|d| { d.units.remove(i); })>
                            {move || format!("Remove {}", division.with(|d| d.units.get(i).map(|u| u.name.clone()).unwrap_or_default()))}</button>
                    </div>
                }
            }).collect_view()}
            <button type="button" class="btn" data-testid=format!("{t}-add") on:click=move |_| division.update(|d| {
                let n = d.units.len() + 1;
                d.units.push(Unit::new(&format!("Battalion {n}"), UnitKind::RIFLES));
            })>"+ Unit"</button>
        </details>
    }
}

/// The setup form. With `edit`, changes the setup of a stored campaign with no history yet.
#[component]
pub fn NewRapierCampaign(#[prop(optional)] edit: Option<String>) -> impl IntoView {
    let start = edit
        .as_ref()
        .and_then(|id| store::load_of::<RapierOffensive>(&LocalStorage, id).ok())
        .map(|(doc, c)| (doc, c.setup().clone()));
    let (initial_name, initial) = match &start {
        Some((doc, s)) => (doc.meta.name.clone(), s.clone()),
        None => ("New Rapier Offensive game".to_string(), sample_setup()),
    };
    let name = RwSignal::new(initial_name);
    let base = RwSignal::new(initial.clone());
    let attackers = [0, 1, 2].map(|d| RwSignal::new(initial.attackers[d].clone()));
    let defender = RwSignal::new(initial.defender.clone());
    let setup = memo(move || {
        let mut s = base.get();
        s.attackers = attackers.map(|a| a.get());
        s.defender = defender.get();
        s.name = name.get();
        s
    });
    let problems =
        memo(move || setup.with(|s| setup_check(s).into_iter().map(|p| p.to_string()).collect::<Vec<_>>()));
    let save = move || {
        let editing = start.as_ref().map(|(doc, _)| doc);
        Some(crate::ui::campaign::save_setup::<RapierOffensive>(setup.get_untracked(), &name.get_untracked(), editing))
    };
    let fill_sample = move |_| {
        let s = sample_setup();
        for (d, a) in attackers.iter().enumerate() {
            a.set(s.attackers[d].clone());
        }
        defender.set(s.defender.clone());
        base.set(s);
    };
    let set = move |f: &dyn Fn(&mut Setup)| base.update(|s| f(s));
    let option = move |label: &'static str,
                       testid: &'static str,
                       get: fn(&Setup) -> bool,
                       put: fn(&mut Setup, bool)| {
        view! {
            <label class="check"><input type="checkbox" data-testid=testid prop:checked=move || base.with(get)
                on:change=move |ev| { let v = event_target_checked(&ev); base.update(|s| put(s, v)); }/>{format!(" {label}")}</label>
        }
    };
    let player =
        move |label: &'static str, testid: &'static str, get: fn(&Setup) -> String, put: fn(&mut Setup, String)| {
            view! {
                <label class="field"><span>{label}</span>
                    <input type="text" data-testid=testid prop:value=move || base.with(get)
                        on:change=move |ev| { let v = event_target_value(&ev); base.update(|s| put(s, v)); }/></label>
            }
        };
    let extra = move |label: &'static str, testid: &'static str, get: fn(&Setup) -> u8, put: fn(&mut Setup, u8)| {
        view! {
            <label class="field narrow"><span>{label}</span>
                <input type="number" inputmode="numeric" data-testid=testid prop:value=move || base.with(get).to_string()
                    on:change=move |ev| { if let Some(v) = num::<u8>(&ev) { base.update(|s| put(s, v)); } }/></label>
        }
    };
    let terrain_on = move || base.with(|s| s.options.halting || s.options.bogging);
    let ground_of = move |x: Sector| base.with(|s| s.terrain.iter().copied().find(|g| g.sector == x));
    let set_ground = move |x: Sector, f: &dyn Fn(&mut SectorGround)| {
        base.update(|s| {
            let mut g = s.terrain.iter().copied().find(|g| g.sector == x).unwrap_or(SectorGround {
                sector: x,
                ground: Terrain::Open,
                road: false,
                impassable: false,
            });
            f(&mut g);
            s.terrain.retain(|h| h.sector != x);
            if g.ground != Terrain::Open || g.road || g.impassable {
                s.terrain.push(g);
            }
        })
    };
    view! {
        <section class="page wizard rapier-wizard" data-testid="wizard">
            <h1>{if edit.is_some() { "Edit game setup" } else { "New Rapier Offensive game" }}</h1>
            <p class="hint">"An umpire runs a hidden defending division against a corps of three divisions: a Corps Commander, a Staff Officer and three Division Commanders. Six turns on a grid of 4 axes by 6 lines."</p>
            <p class="note" data-testid="illustrative">{ILLUSTRATIVE}</p>
            <div class="actions"><button type="button" class="btn big" data-testid="fill-sample" on:click=fill_sample>"Start again from the sample (Operation Uranus)"</button></div>
            <div class="field">
                <label for="r-name">"Game name"</label>
                <input id="r-name" type="text" class="wide" data-testid="wizard-name" prop:value=move || name.get() on:change=move |ev| name.set(event_target_value(&ev))/>
            </div>
            <h2>"Players"</h2>
            <div class="row">
                {player("Umpire", "player-umpire", |s| s.players.umpire.clone(), |s, v| s.players.umpire = v)}
                {player("Corps Commander", "player-corps", |s| s.players.corps_commander.clone(), |s, v| s.players.corps_commander = v)}
                {player("Staff Officer", "player-staff", |s| s.players.staff_officer.clone(), |s, v| s.players.staff_officer = v)}
            </div>
            <div class="row">
                {player("Division Commander 1", "player-div1", |s| s.players.division_commanders[0].clone(), |s, v| s.players.division_commanders[0] = v)}
                {player("Division Commander 2", "player-div2", |s| s.players.division_commanders[1].clone(), |s, v| s.players.division_commanders[1] = v)}
                {player("Division Commander 3", "player-div3", |s| s.players.division_commanders[2].clone(), |s, v| s.players.division_commanders[2] = v)}
            </div>
            <h2>"The forces"</h2>
            {(0..ATTACKING_DIVISIONS).map(|d| view! { <DivisionForm division=attackers[d] title=format!("Attacking division {}", d + 1) testid=format!("division-{}", d + 1)/> }).collect_view()}
            <DivisionForm division=defender title="Defending division".into() testid="division-defender".into()/>
            <h3>"The defender's other counters"</h3>
            <div class="row">
                {extra("Fortifications", "extra-fortifications", |s| s.extras.fortifications, |s, v| s.extras.fortifications = v)}
                {extra("Minefields", "extra-minefields", |s| s.extras.minefields, |s, v| s.extras.minefields = v)}
                {extra("Dummies", "extra-dummies", |s| s.extras.dummies, |s, v| s.extras.dummies = v)}
                {move || base.with(|s| s.options.fortification_variations).then(|| view! {
                    {extra("Wire", "extra-wire", |s| s.extras.wire, |s, v| s.extras.wire = v)}
                    {extra("Anti-tank obstacles", "extra-at", |s| s.extras.at_obstacles, |s, v| s.extras.at_obstacles = v)}
                })}
            </div>
            <h2>"Break-through division"</h2>
            <div class="segmented wrap">
                {(0..ATTACKING_DIVISIONS as u8).map(|d| view! {
                    <button type="button" class="btn seg" data-testid=format!("bt-{}", d + 1) class:on=move || base.with(|s| s.break_through == Some(d))
                        aria-pressed=move || base.with(|s| s.break_through == Some(d)).to_string() on:click=move |_| set(&|s| s.break_through = Some(d))>
                        {move || attackers[d as usize].with(|x| x.name.clone())}</button>
                }).collect_view()}
                <button type="button" class="btn seg" data-testid="bt-open" class:on=move || base.with(|s| s.break_through.is_none())
                    aria-pressed=move || base.with(|s| s.break_through.is_none()).to_string() on:click=move |_| set(&|s| s.break_through = None)>"The Corps Commander names it"</button>
            </div>
            <h2>"Optional rules"</h2>
            <div class="checks">
                {option("Difficult terrain: halting", "opt-halting", |s| s.options.halting, |s, v| s.options.halting = v)}
                {option("Difficult terrain: bogging", "opt-bogging", |s| s.options.bogging, |s, v| s.options.bogging = v)}
                {option("Moving targets", "opt-moving", |s| s.options.moving_targets, |s, v| s.options.moving_targets = v)}
                {option("Fortification variations (wire, anti-tank obstacles)", "opt-fortifications", |s| s.options.fortification_variations, |s, v| s.options.fortification_variations = v)}
                {option("Advanced victory conditions", "opt-advanced", |s| s.options.advanced_victory, |s, v| s.options.advanced_victory = v)}
            </div>
            {move || base.with(|s| s.options.advanced_victory).then(|| view! {
                <h3>"Sectors to capture (tap to name them)"</h3>
                <div class="sector-grid">{Sector::all().map(|x| view! {
                    <button type="button" class="btn seg" data-testid=format!("objective-{}", sector_key(x)) class:on=move || base.with(|s| s.advanced.objectives.contains(&x))
                        aria-pressed=move || base.with(|s| s.advanced.objectives.contains(&x)).to_string()
                        on:click=move |_| set(&|s| if let Some(k) = s.advanced.objectives.iter().position(|&y| y == x) { s.advanced.objectives.remove(k); } else { s.advanced.objectives.push(x); })>{x.to_string()}</button>
                }).collect_view()}</div>
                {extra("Axes the corps must leave by (0: none)", "wide-front", |s| s.advanced.wide_front, |s, v| s.advanced.wide_front = v.min(4))}
            })}
            <h2>"Random events (d6)"</h2>
            <table class="small-table" data-testid="wizard-events">
                <tbody>{(0..6usize).map(|i| view! {
                    <tr><td>{i + 1}</td><td>
                        <select aria-label=format!("Event on a {}", i + 1) data-testid=format!("event-{}", i + 1)
                            prop:value=move || base.with(|s| Event::ALL.iter().position(|e| *e == s.events[i]).unwrap_or(0).to_string())
                            on:change=move |ev| { if let Some(e) = num::<usize>(&ev).and_then(|k| Event::ALL.get(k).copied()) { base.update(|s| s.events[i] = e); } }>
                            {Event::ALL.iter().enumerate().map(|(k, e)| view! { <option value=k.to_string()>{e.name()}</option> }).collect_view()}
                        </select>
                    </td></tr>
                }).collect_view()}</tbody>
            </table>
            <button type="button" class="btn" data-testid="events-default" on:click=move |_| set(&|s| s.events = Setup::default_events())>"Back to the default table"</button>
            {move || terrain_on().then(|| view! {
                <h2>"Ground of each sector"</h2>
                <p class="hint">"Sectors left open need nothing. A road negates difficult ground; an impassable sector keeps vehicles out unless a road or bridge crosses it."</p>
                <div class="terrain-rows">{Sector::all().map(|x| view! {
                    <div class="unit-row">
                        <span class="unit-name">{x.to_string()}</span>
                        <select aria-label=format!("Ground of {x}") data-testid=format!("ground-{}", sector_key(x))
                            prop:value=move || GROUNDS.iter().position(|g| Some(*g) == ground_of(x).map(|g| g.ground)).unwrap_or(0).to_string()
                            on:change=move |ev| { if let Some(t) = num::<usize>(&ev).and_then(|k| GROUNDS.get(k).copied()) { set_ground(x, &|g| g.ground = t); } }>
                            {GROUNDS.iter().enumerate().map(|(k, g)| view! { <option value=k.to_string()>{ground_name(*g)}</option> }).collect_view()}
                        </select>
                        <label class="check"><input type="checkbox" prop:checked=move || ground_of(x).is_some_and(|g| g.road) on:change=move |ev| { let v = event_target_checked(&ev); set_ground(x, &|g| g.road = v); }/>" Road"</label>
                        <label class="check"><input type="checkbox" prop:checked=move || ground_of(x).is_some_and(|g| g.impassable) on:change=move |ev| { let v = event_target_checked(&ev); set_ground(x, &|g| g.impassable = v); }/>" Impassable to vehicles"</label>
                    </div>
                }).collect_view()}</div>
            })}
            {move || (!problems.with(Vec::is_empty)).then(|| view! {
                <ul class="warning" data-testid="setup-problem">{problems.get().into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ul>
            })}
            <WizardFooter disabled=Signal::derive(move || !problems.with(Vec::is_empty)) save=save
                label=if edit.is_some() { "Save setup" } else { "Create the game" }/>
        </section>
    }
}
