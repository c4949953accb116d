//! Forces (each side chooses behind the hand-over what it fields, within the chart's limits),
//! the battle on the table (ammunition rolls of elements that began cut off, the turn-record
//! chart, the end of the battle), and its results entered element by element.

use super::phases::{act_or_roll, button, check, error_line, number, select};
use super::posture::outcome_line;
use super::secret::{behind_sides, words};
use super::Bw;
use crate::systems::bfww2_campaign::describe::order_of_play;
use crate::systems::bfww2_campaign::seats;
use crate::systems::bfww2_campaign::tables::rolls_for_ammo;
use crate::systems::bfww2_campaign::{Bfww2Campaign, Decision, Report};
use crate::ui::reactive::memo;
use leptos::prelude::*;

fn outcome(bw: Bw) -> impl IntoView {
    move || outcome_line(bw).map(|l| view! { <p class="info outcome" data-testid="outcome">{l}</p> })
}

/// Who sets up and who moves first, in the rules' words (by the campaign's move order).
fn order(bw: Bw) -> impl IntoView {
    move || {
        let line = bw.setup.with(|setup| bw.state.with(|s| order_of_play(setup, s)));
        line.map(|l| view! { <p class="info" data-testid="order-of-play">{l}</p> })
    }
}

#[component]
pub fn Forces() -> impl IntoView {
    let bw = expect_context::<Bw>();
    view! {
        {outcome(bw)}
        {order(bw)}
        {move || bw.peek.get().is_none().then(|| view! {
            <p class="hint">"Each side chooses the elements, artillery and aircraft it fields, within its chart's per-scenario limits (isolated groups already on the map count). Its roster stays hidden from the other side."</p>
        })}
        {behind_sides(
            bw,
            words("choose my forces", "has chosen its forces", "forces-panel"),
            move |side| bw.done(seats::seat(side)),
            move |side| view! { <ForcesPanel side=side/> },
        )}
    }
}

/// A side's forces in progress, as kept on the device: the elements not ticked (all are at
/// first), the artillery modules to fire, air support called, the elements starting hidden.
#[derive(Default, serde::Serialize, serde::Deserialize)]
struct ForcesDraft {
    left_out: Vec<String>,
    fired: Vec<(String, u16)>,
    aircraft: bool,
    hidden: Vec<String>,
}

#[component]
fn ForcesPanel(side: u8) -> impl IntoView {
    let bw = expect_context::<Bw>();
    let (elements, batteries, flight) = bw.state.with_untracked(|s| {
        let st = s.side(side);
        let el: Vec<(String, String)> = st
            .roster
            .iter()
            .filter(|e| e.active())
            .map(|e| {
                (
                    e.me.id.clone(),
                    format!("{} {} \u{00B7} {} stands, {}", e.me.id, e.me.name, e.me.stands, e.rating().name()),
                )
            })
            .collect();
        let b: Vec<(String, u8)> =
            st.batteries.iter().filter(|b| b.stock.held > 0).map(|b| (b.rg.clone(), b.stock.held)).collect();
        let f = st.flights.iter().any(|f| f.day == s.day && !f.used);
        (el, b, f)
    });
    // The choice in progress survives a reload, behind this side's hand-over only, until taken.
    let draft: ForcesDraft = super::restored(side, "forces").unwrap_or_default();
    let picked: Vec<(String, RwSignal<bool>)> =
        elements.iter().map(|(id, _)| (id.clone(), RwSignal::new(!draft.left_out.contains(id)))).collect();
    let guns: Vec<(String, RwSignal<u16>)> = batteries
        .iter()
        .map(|(rg, _)| {
            let n = draft.fired.iter().find(|f| &f.0 == rg).map_or(0, |f| f.1);
            (rg.clone(), RwSignal::new(n))
        })
        .collect();
    let air = RwSignal::new(draft.aircraft && flight);
    let error = RwSignal::new(None::<String>);
    let hide: Vec<(String, RwSignal<bool>)> =
        elements.iter().map(|(id, _)| (id.clone(), RwSignal::new(draft.hidden.contains(id)))).collect();
    {
        let (picked, guns, hide) = (picked.clone(), guns.clone(), hide.clone());
        let ids = move |list: &[(String, RwSignal<bool>)], on: bool| {
            list.iter().filter(|(_, x)| x.get() == on).map(|(id, _)| id.clone()).collect::<Vec<_>>()
        };
        super::keep_side(side, "forces", move || ForcesDraft {
            left_out: ids(&picked, false),
            fired: guns.iter().map(|(rg, n)| (rg.clone(), n.get())).filter(|f| f.1 > 0).collect(),
            aircraft: air.get(),
            hidden: ids(&hide, true),
        });
    }
    let hide_boxes = elements
        .iter()
        .zip(&hide)
        .zip(&picked)
        .map(|(((id, _), (_, on)), (_, fielded))| {
            let (fielded, on) = (*fielded, *on);
            let id2 = id.clone();
            move || fielded.get().then(|| check(format!("{id2} starts hidden"), on, format!("hide-{id2}")))
        })
        .collect_view();
    let boxes = elements
        .iter()
        .zip(&picked)
        .map(|((id, label), (_, on))| check(label.clone(), *on, format!("field-{id}")))
        .collect_view();
    let gun_fields = guns
        .iter()
        .zip(&batteries)
        .map(|((rg, n), (_, held))| {
            let label: &'static str = "Artillery modules fired";
            view! { <div class="row"><span>{format!("{rg} ({held} held)")}</span>{number(label, *n, format!("fire-{rg}"))}</div> }
        })
        .collect_view();
    let go = move |_| {
        let elements: Vec<String> =
            picked.iter().filter(|(_, on)| on.get_untracked()).map(|(id, _)| id.clone()).collect();
        let artillery: Vec<String> =
            guns.iter().flat_map(|(rg, n)| std::iter::repeat_n(rg.clone(), n.get_untracked() as usize)).collect();
        let hidden: Vec<String> = hide
            .iter()
            .filter(|(id, on)| on.get_untracked() && elements.contains(id))
            .map(|(id, _)| id.clone())
            .collect();
        bw.act(Decision::ChooseForces { side, elements, artillery, aircraft: air.get_untracked(), hidden }, error);
    };
    view! {
        <h3>{format!("{}: forces for this scenario", bw.side_name(side))}</h3>
        <div class="actions"><button class="btn primary big" data-testid="choose-forces" on:click=go>"Field the elements ticked"</button></div>
        {error_line(error)}
        <div class="checks column" role="group" aria-label="Elements to field">{boxes}</div>
        {gun_fields}
        {flight.then(|| check("Call on today's air support".into(), air, "field-aircraft".into()))}
        <h4>"Deployment"</h4>
        <p class="hint">"Deploy up to your line. An element deployed beyond spotting distance of the enemy line starts hidden: the enemy does not see it until the umpire marks it spotted. Isolated and cut-off groups stay where they are."</p>
        <div class="checks column" role="group" aria-label="Elements that start hidden">{hide_boxes}</div>
    }
}

/// Elements of both sides fielded in this scenario, as the reader's view holds them.
fn fielded(bw: Bw) -> Vec<(u8, String, String)> {
    bw.state.with(|s| {
        (0..2u8)
            .flat_map(|side| {
                let st = s.side(side);
                st.forces
                    .iter()
                    .flat_map(|f| f.elements.iter())
                    .filter_map(|id| st.element(id))
                    .map(|e| {
                        (side, e.me.id.clone(), format!("{} \u{00B7} {} {}", st_name(bw, side), e.me.id, e.me.name))
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    })
}

fn st_name(bw: Bw, side: u8) -> String {
    bw.side_name(side)
}

#[component]
pub fn Battle() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let turns = RwSignal::new(10u16);
    let next_turn = memo(move || bw.state.with(|s| s.next_turn_check()));
    let ammo_due = memo(move || {
        bw.state.with(|s| {
            (0..2u8)
                .flat_map(|side| {
                    s.side(side)
                        .roster
                        .iter()
                        .filter(|e| e.active() && rolls_for_ammo(e.began))
                        .map(|e| (format!("{side}:{}", e.me.id), format!("{} {} ({:?})", e.me.id, e.me.name, e.ammo)))
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        })
    });
    let who = RwSignal::new(String::new());
    let hidden = memo(move || {
        bw.state.with(|s| {
            (0..2u8)
                .flat_map(|side| {
                    s.side(side)
                        .forces
                        .iter()
                        .flat_map(|f| f.hidden.clone())
                        .map(move |id| (side, id))
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        })
    });
    view! {
        {outcome(bw)}
        {move || {
            let list = hidden.get();
            (!list.is_empty()).then(|| view! {
                <div class="card" data-testid="hidden-units">
                    <h3>"Hidden on the table"</h3>
                    <div class="actions">{list.into_iter().map(|(side, id)| {
                        let label = format!("{} spotted", bw.element_name(side, &id));
                        let key = format!("spot-{id}");
                        button(bw, Decision::Spot { side, me: id }, label, key, false)
                    }).collect_view()}</div>
                </div>
            })
        }}
        <p class="hint">"Fight the battle on the table. When only one side wants to go on from turn 11, check the turn-record chart at the start of each turn; otherwise end the battle when both agree or at the length fixed beforehand."</p>
        <div class="card" data-testid="end-battle-card">
            <h3>"End of the battle"</h3>
            <div class="row">{number("Turns played", turns, "battle-turns".into())}
                {move || button(bw, Decision::EndBattle { turns: turns.get().min(255) as u8 }, "The battle is over".into(), "end-battle".into(), true)}
            </div>
        </div>
        // Who set up and moved first, for reference: below the step's action, which a phone
        // must show without scrolling.
        {order(bw)}
        {move || {
            next_turn.get().map(|t| view! {
                <div class="card" data-testid="turn-record">
                    <h3>{format!("Turn-record chart, start of turn {t}")}</h3>
                    {act_or_roll(bw, Decision::CheckTurn { turn: t }, "the turn-record chart", "check-turn")}
                </div>
            })
        }}
        {move || {
            let list = ammo_due.get();
            (!list.is_empty()).then(|| {
                if !list.iter().any(|o| o.0 == who.get_untracked()) {
                    who.set(list[0].0.clone());
                }
                view! {
                    <div class="card" data-testid="ammo-rolls">
                        <h3>"Ammunition: a stand that began cut off rolls each time it fires"</h3>
                        {select("Element", list, who, "ammo-me".into())}
                        {move || {
                            let w = who.get();
                            let (side, me) = w.split_once(':').map(|(a, b)| (a.parse().unwrap_or(0), b.to_string())).unwrap_or_default();
                            bw.roll(Decision::RollAmmo { side, me }, "ammunition")
                        }}
                    </div>
                }
            })
        }}
    }
}

#[component]
pub fn Results() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let list = memo(move || fielded(bw));
    // The element and numbers typed so far survive a reload, until the result is entered.
    let (kept_who, kept_numbers): (String, [u16; 7]) =
        crate::ui::draft::restored::<Bfww2Campaign, _>("result").unwrap_or_default();
    let who = RwSignal::new(kept_who);
    let reports = memo(move || bw.state.with(|s| s.reports.clone()));
    let n = |i: usize| RwSignal::new(kept_numbers[i]);
    let fields: [(&'static str, RwSignal<u16>, &'static str); 7] = [
        ("Stands lost", n(0), "lost"),
        ("AFVs knocked out", n(1), "ko"),
        ("AFVs abandoned", n(2), "abandoned"),
        ("Stands panicked", n(3), "panicked"),
        ("Enemy knocked out", n(4), "enemy"),
        ("Close combats won", n(5), "ccwon"),
        ("Close combats lost", n(6), "cclost"),
    ];
    crate::ui::draft::keep::<Bfww2Campaign, _>("result", move || (who.get(), fields.map(|f| f.1.get())));
    let error = RwSignal::new(None::<String>);
    let enter = move |_| {
        let w = who.get_untracked();
        let Some((side, me)) = w.split_once(':') else { return };
        let v = |i: usize| fields[i].1.get_untracked();
        let report = Report {
            lost: v(0),
            afvs_knocked_out: v(1),
            afvs_abandoned: v(2),
            panicked: v(3),
            enemy_knocked_out: v(4),
            close_combat_wins: v(5),
            close_combat_losses: v(6),
        };
        if bw.act(Decision::Result { side: side.parse().unwrap_or(0), me: me.to_string(), report }, error) {
            for f in &fields {
                f.1.set(0);
            }
            let next = list
                .get_untracked()
                .into_iter()
                .find(|o| !reports.with_untracked(|r| r.iter().any(|x| x.0 == o.0 && x.1 == o.1)));
            if let Some(o) = next {
                who.set(format!("{}:{}", o.0, o.1));
            }
        }
    };
    let summary = move |r: &Report| {
        format!(
            "lost {} (AFVs: {} knocked out, {} abandoned), {} panicked, {} enemy knocked out, close combat {}-{}",
            r.lost,
            r.afvs_knocked_out,
            r.afvs_abandoned,
            r.panicked,
            r.enemy_knocked_out,
            r.close_combat_wins,
            r.close_combat_losses
        )
    };
    view! {
        {outcome(bw)}
        <p class="hint">"Each fielded element's losses and deeds. Knocked-out AFVs become wrecks that may be repaired."</p>
        {move || {
            let options = list.get();
            if !options.iter().any(|o| o.0.to_string() + ":" + &o.1 == who.get_untracked()) {
                if let Some(o) = options.iter().find(|o| !reports.with(|r| r.iter().any(|x| x.0 == o.0 && x.1 == o.1))).or(options.first()) {
                    who.set(format!("{}:{}", o.0, o.1));
                }
            }
            let opts: Vec<(String, String)> = options.iter().map(|(s, id, l)| {
                let done = reports.with(|r| r.iter().any(|x| x.0 == *s && &x.1 == id));
                (format!("{s}:{id}"), format!("{l}{}", if done { " \u{2714}" } else { "" }))
            }).collect();
            select("Element", opts, who, "result-me".into())
        }}
        <div class="row result-fields">
            {fields.iter().map(|(label, v, key)| number(label, *v, format!("result-{key}"))).collect_view()}
        </div>
        // Pinned to the bottom of the screen while the seven fields scroll under it.
        <div class="sticky-action"><button class="btn big primary" data-testid="enter-result" on:click=enter>"Enter this result"</button>
            {error_line(error)}</div>
        <ul class="results" data-testid="results-entered">
            {move || reports.get().into_iter().map(|(side, id, r)| view! {
                <li>{format!("{}: {}", bw.element_name(side, &id), summary(&r))}</li>
            }).collect_view()}
        </ul>
        <div class="actions">{button(bw, Decision::EndResults, "All results are in".into(), "end-results".into(), true)}</div>
    }
}
