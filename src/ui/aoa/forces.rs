//! The force lists: each player writes one in secret behind a hand-over screen, checked live
//! by the rules; and the concession, open until the game is played.

use super::phases::{error_line, refused, Count};
use super::{slug, Aoa};
use crate::engine::{Seat, TwoSides};
use crate::systems::axis_of_attack::carriers::carriers_checked;
use crate::systems::axis_of_attack::rules::{fieldable, mobility_required, option_allowed, points_allowed};
use crate::systems::axis_of_attack::tables::{self, AirProfile, OptionKind, Ordnance};
use crate::systems::axis_of_attack::{AirUse, AxisOfAttack, Decision, Fielded, ForceList, GameOption, Side};
use crate::ui::handover::{hand_over, Words};
use crate::ui::reactive::memo;
use leptos::prelude::*;

// ---------------------------------------------------------------------------------------
// Force lists: handed in secretly
// ---------------------------------------------------------------------------------------

#[component]
pub(super) fn Forces() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let hands = aoa.hands(|seat| Side::of_seat(seat).map_or(String::new(), |s| slug(s).to_string()));
    let words = Words {
        action: "write my list",
        done: "has handed in a force list",
        panel: "force-panel",
        hide: None,
        reveal: None,
        class: "",
    };
    let panel = move |seat: Seat| {
        let side = Side::of_seat(seat).unwrap_or(Side::West);
        view! { <ForceForm side=side on_close=Callback::new(move |_| aoa.peek.set(None))/> }
    };
    view! {
        <p class="hint">{move || format!("Each player writes a force list in secret: up to {} points, plus {} per campaign VP spent (at most {} VP). Pass the tablet; the lists are shown once both are in.",
            aoa.setup.with(|s| s.game_points), tables::POINTS_PER_VP, tables::MAX_VP_FOR_POINTS)}</p>
        {hand_over(hands, aoa.peek, move |seat| aoa.done(seat), words, panel)}
        <Show when=move || aoa.peek.get().is_none()>
            <Concede/>
        </Show>
    }
}

/// One fieldable platoon's line on the force form.
#[derive(Clone, Copy)]
struct Pick {
    platoon: u16,
    on: RwSignal<bool>,
    teams: RwSignal<u16>,
    carried: RwSignal<bool>,
}

#[component]
fn ForceForm(side: Side, on_close: Callback<()>) -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    // A list half made survives a reload: this device keeps it for this side until handed in.
    let draft = crate::ui::draft::restored::<AxisOfAttack, ForceList>("force");
    let d = draft.as_ref();
    let vp = RwSignal::new(d.map_or(0, |f| f.vp_for_points));
    let points = RwSignal::new(d.filter(|f| f.points > 0).map_or(String::new(), |f| f.points.to_string()));
    let air = d.and_then(|f| f.air.clone());
    let aircraft = RwSignal::new(air.as_ref().map(|a| a.aircraft));
    let profile = RwSignal::new(air.as_ref().map_or(AirProfile::CloseAirSupport, |a| a.profile));
    let load = RwSignal::new(air.as_ref().and_then(|a| a.load));
    let option = RwSignal::new(d.and_then(|f| f.option.as_ref()).map(|o| o.kind()));
    let option_platoons = RwSignal::new(match d.and_then(|f| f.option.clone()) {
        Some(GameOption::ExtraSmoke { platoons } | GameOption::PreRegistered { platoons }) => platoons,
        _ => Vec::new(),
    });
    let shoots = RwSignal::new(match d.and_then(|f| f.option.as_ref()) {
        Some(GameOption::BattalionArtillery { shoots }) => *shoots as u16,
        _ => 1,
    });
    let (roster, must_move, balance, carriers) = aoa.state.with_untracked(|s| {
        (s.roster(side).to_vec(), mobility_required(s, side), s.balance(side), carriers_checked(s))
    });
    let picks: Vec<Pick> = aoa
        .state
        .with_untracked(|s| fieldable(s, side))
        .into_iter()
        .map(|(i, _, max)| {
            let kept = draft.as_ref().and_then(|f| f.fielded(i));
            Pick {
                platoon: i,
                on: RwSignal::new(kept.is_some()),
                teams: RwSignal::new(kept.map_or(max, |f| f.teams)),
                carried: RwSignal::new(kept.is_some_and(|f| f.transported)),
            }
        })
        .collect();
    let picks = StoredValue::new(picks);
    let force = memo(move || ForceList {
        vp_for_points: vp.get(),
        points: points.get().trim().parse().unwrap_or(0),
        platoons: picks.with_value(|v| {
            v.iter()
                .filter(|p| p.on.get())
                .map(|p| Fielded { platoon: p.platoon, teams: p.teams.get(), transported: p.carried.get() })
                .collect()
        }),
        air: aircraft.get().map(|a| AirUse {
            aircraft: a,
            profile: profile.get(),
            load: if profile.get() == AirProfile::BattlefieldInterdiction { load.get() } else { None },
        }),
        option: option.get().map(|k| match k {
            OptionKind::ExtraSmoke => GameOption::ExtraSmoke { platoons: option_platoons.get() },
            OptionKind::PreRegistered => GameOption::PreRegistered { platoons: option_platoons.get() },
            OptionKind::NightAttack => GameOption::NightAttack,
            OptionKind::Counterbattery => GameOption::Counterbattery,
            OptionKind::BattalionArtillery => GameOption::BattalionArtillery { shoots: shoots.get().min(255) as u8 },
            OptionKind::AerialBombardment => GameOption::AerialBombardment,
        }),
    });
    crate::ui::draft::keep::<AxisOfAttack, _>("force", move || force.get());
    let problem = memo(move || {
        if points.with(|p| p.trim().parse::<u32>().is_err()) {
            return Some("Type the points your force costs.".to_string());
        }
        let f = force.get();
        refused(aoa, &Decision::SubmitForce { side, force: f })
    });
    let air_bought = aoa.setup.with_untracked(|s| s.player(side).air.clone());
    let allowed_options: Vec<&'static tables::OptionRow> =
        aoa.state.with_untracked(|s| tables::OPTIONS.iter().filter(|r| option_allowed(s, side, r.kind)).collect());
    let toggle_option_platoon = move |i: u16| {
        option_platoons.update(|v| {
            if let Some(k) = v.iter().position(|&x| x == i) {
                v.remove(k);
            } else {
                v.push(i);
                crate::engine::order::sort(v);
            }
        })
    };

    view! {
        <div class="force-form" data-testid="force-form">
            <h3>{format!("{}'s force list for this game", aoa.who(side))}</h3>
            {must_move.then(|| view! {
                <p class="warning" data-testid="mobility-rule">"Last game you broke through two sectors: every platoon you bring must be operationally mobile, or carried by a transport platoon or as tank riders (Immobile platoons carried this way come without their own transport)."
                    {carriers.then(|| format!(" What is carried needs a Transport platoon or tanks in this list: {} teams ride on each tank.", tables::RIDERS_PER_TANK))}</p>
            })}
            <div class="field">
                <span class="label">{format!("Campaign VP for more points ({} points each; you have {} VP)", tables::POINTS_PER_VP, balance)}</span>
                <div class="segmented">
                    {(0..=tables::MAX_VP_FOR_POINTS).map(|n| view! {
                        <button type="button" class="btn seg" class:on=move || vp.get() == n data-testid=format!("vp-points-{n}")
                            on:click=move |_| vp.set(n)>{n}</button>
                    }).collect_view()}
                </div>
                <p class="hint" data-testid="points-allowed">{move || format!("Points allowed: {}", aoa.setup.with(|s| points_allowed(s, vp.get())))}</p>
            </div>
            <h4>"Platoons (between the book's minimum and the teams the platoon has now)"</h4>
            <ul class="platoon-picker">
                {roster.iter().enumerate().map(|(i, p)| {
                    let i = i as u16;
                    let pick = picks.with_value(|v| v.iter().find(|x| x.platoon == i).copied());
                    let meta = format!("{} \u{00B7} {} ({} teams) \u{00B7} started {}{}{}", p.platoon.role.name(), p.strength.name(), p.max_teams_now(), p.start.name().to_ascii_lowercase(),
                        if p.immobile { " \u{00B7} Immobile" } else { "" },
                        if p.platoon.upgrades.is_empty() { String::new() } else { format!(" \u{00B7} upgrades: {}", p.platoon.upgrades) });
                    let name = p.name().to_string();
                    match pick {
                        None => view! {
                            <li class="picker-row unavailable">
                                <span class="u-name">{name}</span>
                                <span class="u-meta">{if p.on_roster() { format!("{} \u{2013} cannot take the table", p.strength.name()) } else { "Exchanged away".to_string() }}</span>
                            </li>
                        }.into_any(),
                        Some(pk) => {
                            let needs_carry = must_move && !p.operationally_mobile();
                            let min = p.platoon.min_teams;
                            let max = p.max_teams_now();
                            view! {
                                <li class="picker-row">
                                    <button type="button" class="unit-toggle" class:on=move || pk.on.get() data-testid=format!("field-{i}")
                                        aria-pressed=move || pk.on.get().to_string() on:click=move |_| pk.on.update(|b| *b = !*b)>
                                        <span class="u-name">{name}</span>
                                        <span class="u-meta">{meta}</span>
                                    </button>
                                    {move || pk.on.get().then(|| view! {
                                        <div class="picker-detail">
                                            <Count label=format!("Teams ({min} to {max})") value=pk.teams min=min max=Signal::derive(move || max) testid=format!("teams-{i}")/>
                                            {needs_carry.then(|| view! {
                                                <label class="check"><input type="checkbox" data-testid=format!("carried-{i}") prop:checked=move || pk.carried.get()
                                                    on:change=move |ev| pk.carried.set(event_target_checked(&ev))/>" Carried (transport platoon or tank riders)"</label>
                                            })}
                                        </div>
                                    })}
                                </li>
                            }.into_any()
                        }
                    }
                }).collect_view()}
            </ul>
            <label class="field">
                <span>"Points of this force (your list's total)"</span>
                <input type="number" inputmode="numeric" data-testid="force-points" prop:value=move || points.get() on:input=move |ev| points.set(event_target_value(&ev))/>
            </label>
            <h4>"Air support"</h4>
            {if air_bought.is_empty() {
                view! { <p class="hint">"No air support was bought at the start of the campaign."</p> }.into_any()
            } else {
                view! {
                    <div class="segmented">
                        <button type="button" class="btn seg" class:on=move || aircraft.get().is_none() data-testid="air-none" on:click=move |_| aircraft.set(None)>"None"</button>
                        {air_bought.iter().enumerate().map(|(k, a)| {
                            let k = k as u16;
                            view! { <button type="button" class="btn seg" class:on=move || aircraft.get() == Some(k) data-testid=format!("air-{k}") on:click=move |_| aircraft.set(Some(k))>{a.name.clone()}</button> }
                        }).collect_view()}
                    </div>
                    {move || aircraft.get().is_some().then(|| view! {
                        <div class="profiles">
                            {AirProfile::ALL.into_iter().map(|pr| view! {
                                <button type="button" class="btn profile" class:on=move || profile.get() == pr data-testid=format!("profile-{}", pr.name().to_ascii_lowercase().replace(' ', "-"))
                                    on:click=move |_| profile.set(pr)>
                                    <strong>{pr.name()}</strong><span>{pr.text()}</span>
                                </button>
                            }).collect_view()}
                            {move || (profile.get() == AirProfile::BattlefieldInterdiction).then(|| view! {
                                <div class="segmented">
                                    <span class="label">"Load (aircraft that carry either)"</span>
                                    <button type="button" class="btn seg" class:on=move || load.get().is_none() on:click=move |_| load.set(None)>"Not named"</button>
                                    <button type="button" class="btn seg" class:on=move || load.get() == Some(Ordnance::Bombs) on:click=move |_| load.set(Some(Ordnance::Bombs))>"Bombs"</button>
                                    <button type="button" class="btn seg" class:on=move || load.get() == Some(Ordnance::Rockets) on:click=move |_| load.set(Some(Ordnance::Rockets))>"Rockets"</button>
                                </div>
                            })}
                        </div>
                    })}
                }.into_any()
            }}
            <h4>"One VP option for this game"</h4>
            <div class="options-list">
                <button type="button" class="btn option" class:on=move || option.get().is_none() data-testid="option-none" on:click=move |_| option.set(None)>"No option"</button>
                {allowed_options.into_iter().map(|row| {
                    let kind = row.kind;
                    let per = match row.per { tables::Per::Game => "", tables::Per::Platoon => " per platoon", tables::Per::Shoot => " per shoot" };
                    view! {
                        <button type="button" class="btn option" class:on=move || option.get() == Some(kind) data-testid=format!("option-{:?}", kind).to_ascii_lowercase()
                            on:click=move |_| option.set(Some(kind))>
                            <strong>{format!("{} ({} VP{per})", row.name, row.cost)}</strong><span>{row.text}</span>
                        </button>
                    }
                }).collect_view()}
            </div>
            {move || match option.get() {
                Some(OptionKind::ExtraSmoke) | Some(OptionKind::PreRegistered) => view! {
                    <div class="chips" data-testid="option-platoons">
                        <span class="label">"For which fielded platoons?"</span>
                        {force.get().platoons.iter().map(|f| {
                            let i = f.platoon;
                            view! { <button type="button" class="chip" class:killed=move || option_platoons.with(|v| v.contains(&i))
                                data-testid=format!("option-platoon-{i}") on:click=move |_| toggle_option_platoon(i)>{aoa.platoon(side, i)}</button> }
                        }).collect_view()}
                    </div>
                }.into_any(),
                Some(OptionKind::BattalionArtillery) => view! { <Count label="Shoots" value=shoots min=1 max=Signal::derive(|| 9u16) testid="shoots"/> }.into_any(),
                _ => ().into_any(),
            }}
            <p class="vp-line" data-testid="force-cost">{move || format!("This list spends {} campaign VP of {}.", force.get().cost(), balance)}</p>
            {move || problem.get().map(|e| view! { <p class="warning" data-testid="force-problem">{e}</p> })}
            // Handing the list in stays in sight while the platoons and options scroll by.
            <div class="sticky-action">
                <button type="button" class="btn primary big" data-testid="submit-force" disabled=move || problem.get().is_some()
                    on:click=move |_| if aoa.act(Decision::SubmitForce { side, force: force.get_untracked() }, error) { on_close.run(()) }>"Hand in this list"</button>
            </div>
            <div class="actions">
                <button type="button" class="btn big" data-testid="hide-force" on:click=move |_| on_close.run(())>"Hide: not me"</button>
            </div>
            {error_line(error)}
        </div>
    }
}

/// Either player may give the game up (6-1 to the other, no outnumbered bonus).
#[component]
pub(super) fn Concede() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    let asking = RwSignal::new(None::<Side>);
    view! {
        <details class="concede" data-testid="concede-box">
            <summary>"Concede this game instead of playing it"</summary>
            <p class="hint">{format!("The other player scores a {}-{} victory; no outnumbered bonus. Useful to rebuild a battered company (platoons grow one level a turn).", tables::CONCESSION_VP.0, tables::CONCESSION_VP.1)}</p>
            <div class="choice-buttons">
                {Side::BOTH.into_iter().map(|side| view! {
                    <button type="button" class="btn big danger" data-testid=format!("concede-{}", slug(side)) on:click=move |_| asking.set(Some(side))>{move || format!("{} concedes", aoa.name(side))}</button>
                }).collect_view()}
            </div>
            {move || asking.get().map(|side| view! {
                <div class="card warning">
                    <p>{format!("{} gives up the game: {} wins {}-{}.", aoa.name(side), aoa.name(side.other()), tables::CONCESSION_VP.0, tables::CONCESSION_VP.1)}</p>
                    <button type="button" class="btn big" on:click=move |_| asking.set(None)>"No, play it"</button>
                    <button type="button" class="btn big danger" data-testid="concede-confirm" on:click=move |_| { aoa.act(Decision::Concede { side }, error); }>"Yes, concede"</button>
                </div>
            })}
            {error_line(error)}
        </details>
    }
}
