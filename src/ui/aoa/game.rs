//! The weather roll, the table game (notes, the table rules of every mission, the result or
//! a concession) and the breakthrough move.

use super::forces::Concede;
use super::phases::{check, error_line, outcome_text, record, Count};
use super::{slug, Aoa};
use crate::systems::axis_of_attack::tables::{self, Mud};
use crate::systems::axis_of_attack::{Decision, GameResult, Phase, Side};
use crate::ui::reactive::memo;
use leptos::prelude::*;

// ---------------------------------------------------------------------------------------
// Weather and the game
// ---------------------------------------------------------------------------------------

fn mud_effects(mud: Mud) -> impl IntoView {
    view! { <ul class="mud-effects" data-testid="mud-effects">{mud.effects().iter().map(|e| view! { <li>{*e}</li> }).collect_view()}</ul> }
}

#[component]
pub(super) fn WeatherRoll() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    view! {
        {aoa.roll(Decision::RollWeather, "weather")}
        <p class="info" data-testid="weather-now">{move || aoa.state.with(|s| format!("Last game's weather: {}. The ground is {} now.", s.weather.name(), s.mud.name().to_ascii_lowercase()))}</p>
        <p class="hint">"Clear dries the ground 2 levels, cloudy 1; intermittent rain wets it 1, steady rain 2 (from Dry to Flood)."</p>
        <ForcesShown/>
        <Concede/>
    }
}

/// Both force lists, once revealed.
#[component]
fn ForcesShown() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let turn = memo(move || aoa.state.with(|s| s.current().cloned()));
    view! {
        {move || turn.get().filter(|t| t.revealed).map(|t| view! {
            <div class="two-col" data-testid="forces-shown">
                {Side::BOTH.into_iter().map(|side| {
                    let f = t.force(side).cloned();
                    let air = aoa.setup.with(|s| s.player(side).air.clone());
                    f.map(|f| view! {
                        <div class="card" data-testid=format!("force-{}", slug(side))>
                            <h3>{format!("{}: {} points{}", aoa.who(side), f.points,
                                if f.vp_for_points > 0 { format!(" ({} VP for +{})", f.vp_for_points, tables::POINTS_PER_VP * f.vp_for_points as u32) } else { String::new() })}</h3>
                            <ul>{f.platoons.iter().map(|x| view! { <li>{format!("{}: {} teams{}", aoa.platoon(side, x.platoon), x.teams, if x.transported { ", carried" } else { "" })}</li> }).collect_view()}</ul>
                            {f.air.as_ref().map(|a| view! { <p>{format!("Air: {} \u{00B7} {}{}", air.get(a.aircraft as usize).map_or("aircraft", |x| x.name.as_str()), a.profile.name(), a.load.map_or(String::new(), |l| format!(" ({})", l.name())))}</p> })}
                            {f.option.as_ref().map(|o| view! { <p>{format!("VP option: {} ({} VP)", tables::option_row(o.kind()).name, o.cost())}</p> })}
                        </div>
                    })
                }).collect_view()}
            </div>
        })}
    }
}

#[component]
pub(super) fn Game() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    let note = RwSignal::new(String::new());
    let weather = memo(move || aoa.state.with(|s| s.current().and_then(|t| t.weather.clone())));
    let notes = memo(move || aoa.state.with(|s| s.current().map(|t| t.notes.clone()).unwrap_or_default()));
    view! {
        <ResultForm/>
        <ForcesShown/>
        {move || weather.get().map(|w| view! {
            <div class="card" data-testid="weather-card">
                <h3>{format!("{} \u{00B7} ground {}", w.weather.name(), w.mud.name())}</h3>
                <p>{w.weather.air().text()}</p>
                {mud_effects(w.mud)}
            </div>
        })}
        <div class="notes">
            <h3>"Notes"</h3>
            <ul>{move || notes.get().into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
            <div class="row">
                <textarea rows="2" placeholder="What happened (optional)" data-testid="note-text" prop:value=move || note.get() on:input=move |ev| note.set(event_target_value(&ev))></textarea>
                <button class="btn" data-testid="add-note" on:click=move |_| if aoa.act(Decision::Note { text: note.get_untracked() }, error) { note.set(String::new()) }>"Add note"</button>
            </div>
        </div>
        {error_line(error)}
        <TableRules/>
        <Concede/>
    }
}

/// The rules in place for every mission, as a reminder at the table.
#[component]
fn TableRules() -> impl IntoView {
    view! {
        <details class="card table-rules" data-testid="table-rules">
            <summary>"Table rules for every mission"</summary>
            <dl>{tables::TABLE_RULES.iter().map(|(name, text)| view! { <dt>{*name}</dt><dd>{*text}</dd> }).collect_view()}</dl>
        </details>
    }
}

#[component]
fn ResultForm() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    let winner = RwSignal::new(None::<Side>);
    let vp = [RwSignal::new(0u16), RwSignal::new(0u16)];
    let recon = RwSignal::new(Vec::<u16>::new());
    let turn_no = aoa.state.with_untracked(|s| s.turn);
    let result =
        move || GameResult { winner: winner.get(), vp: [vp[0].get() as u8, vp[1].get() as u8], recon: recon.get() };
    let checked = memo(move || check(aoa, &Decision::RecordResult(result())));
    let max_vp = Signal::derive(|| tables::MAX_GAME_VP as u16);
    let preview = move || {
        checked.get().map(|after| {
            let Some(t) = record(&after, turn_no) else { return Vec::new() };
            let mut lines = Vec::new();
            let points = Side::BOTH.map(|s| t.forces[s.index()].as_ref().map_or(0, |f| f.points));
            lines.push(format!(
                "Points fielded: {} {}, {} {}.",
                aoa.name(Side::West),
                points[0],
                aoa.name(Side::East),
                points[1]
            ));
            for side in Side::BOTH {
                let b = t.bonus[side.index()];
                if b > 0 {
                    lines.push(format!(
                        "Outnumbered and outgunned: {} +{b} VP (fielded {} fewer points).",
                        aoa.name(side),
                        points[0].abs_diff(points[1])
                    ));
                }
            }
            if t.bonus == [0, 0] {
                lines.push("No outnumbered bonus.".to_string());
            }
            for side in Side::BOTH {
                lines.push(format!(
                    "{} earns {} campaign VP.",
                    aoa.name(side),
                    t.result.as_ref().map_or(0, |r| r.vp[side.index()]) + t.bonus[side.index()]
                ));
            }
            match (&t.map, after.phase()) {
                (_, Phase::Breakthrough) => {
                    lines.push("Breakthrough: the winner then chooses to push on one or two sectors.".to_string())
                }
                (Some(m), _) if m.from == m.to => {
                    lines.push(format!("{}: the next game is in {} again.", m.result.name(), m.to.name()))
                }
                (Some(m), _) => lines.push(format!(
                    "{}: the fighting moves from {} to {}.",
                    m.result.name(),
                    m.from.name(),
                    m.to.name()
                )),
                _ => {}
            }
            if let Some(o) = after.outcome() {
                lines.push(outcome_text(aoa, o));
            }
            lines
        })
    };
    let recon_choices = move || {
        let Some(w) = winner.get() else { return Vec::new() };
        aoa.state
            .with(|s| {
                s.current().and_then(|t| t.force(w)).map_or(Vec::new(), |f| {
                    f.platoons
                        .iter()
                        .filter(|x| s.platoon(w, x.platoon).is_some_and(|p| p.platoon.recon))
                        .map(|x| x.platoon)
                        .collect()
                })
            })
            .into_iter()
            .map(|i| (w, i))
            .collect::<Vec<_>>()
    };
    view! {
        <div class="outcome" data-testid="result-form">
            <h3>"The game is over: the result"</h3>
            <div class="field">
                <span class="label">"Who won?"</span>
                <div class="segmented">
                    {Side::BOTH.into_iter().map(|side| view! {
                        <button type="button" class="btn seg" class:on=move || winner.get() == Some(side) aria-pressed=move || (winner.get() == Some(side)).to_string() data-testid=format!("winner-{}", slug(side))
                            on:click=move |_| { winner.set(Some(side)); recon.set(Vec::new()); }>{move || aoa.name(side)}</button>
                    }).collect_view()}
                    <button type="button" class="btn seg" class:on=move || winner.get().is_none() aria-pressed=move || winner.get().is_none().to_string() data-testid="winner-none"
                        on:click=move |_| { winner.set(None); recon.set(Vec::new()); }>"Nobody"</button>
                </div>
            </div>
            <div class="two-col">
                {Side::BOTH.into_iter().map(|side| view! {
                    <Count label=format!("{}'s victory points (no bonus)", aoa.name(side)) value=vp[side.index()] max=max_vp testid=format!("vp-{}", slug(side))/>
                }).collect_view()}
            </div>
            {move || {
                let choices = recon_choices();
                (!choices.is_empty()).then(|| view! {
                    <div class="chips" data-testid="recon-choices">
                        <span class="label">"The winner's recon platoons in the enemy table half at the end (not gutted, not Immobile): +1 each to the next mission roll"</span>
                        {choices.into_iter().map(|(w, i)| view! {
                            <button type="button" class="chip" class:killed=move || recon.with(|v| v.contains(&i)) aria-pressed=move || recon.with(|v| v.contains(&i)).to_string() data-testid=format!("recon-{i}")
                                on:click=move |_| recon.update(|v| if let Some(k) = v.iter().position(|&x| x == i) { v.remove(k); } else { v.push(i); crate::engine::order::sort(v); })>{aoa.platoon(w, i)}</button>
                        }).collect_view()}
                    </div>
                })
            }}
            <div class="vp-line" data-testid="result-preview">{move || match preview() {
                Ok(lines) => view! { <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul> }.into_any(),
                Err(e) => view! { <p class="warning">{aoa.refusal(&e)}</p> }.into_any(),
            }}</div>
            // The result's button stays in sight while the form scrolls.
            <div class="sticky-action">
                <button class="btn primary big" data-testid="record-result" disabled=move || checked.get().is_err()
                    on:click=move |_| { aoa.act(Decision::RecordResult(result()), error); }>"Record the result"</button>
            </div>
            {error_line(error)}
        </div>
    }
}

#[component]
pub(super) fn Breakthrough() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    let info = move || aoa.state.with(|s| s.current().and_then(|t| t.winner().map(|w| (w, t.sector))));
    view! {
        {move || info().map(|(w, from)| view! {
            <p class="info" data-testid="breakthrough-info">{format!("{} won the Breakthrough in {}. Push on one sector, or two: after two, every platoon {} brings to the next game must be operationally mobile or carried.", aoa.name(w), from.name(), aoa.name(w))}</p>
            <div class="choice-buttons">
                {[1u8, 2].map(|n| view! {
                    <button class="btn big" class:primary=n == 2 data-testid=format!("move-{n}") on:click=move |_| { aoa.act(Decision::MoveCampaign { sectors: n }, error); }>
                        {format!("{n} sector{}: to {}", if n == 1 { "" } else { "s" }, from.towards(w.other().home(), n).name())}
                    </button>
                }).collect_view()}
            </div>
        })}
        {error_line(error)}
    }
}
