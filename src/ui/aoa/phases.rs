//! One component per step of the Axis of Attack campaign turn. Each renders the state and
//! dispatches decisions; legality, odds and derived numbers come from the rules helpers or
//! from `Campaign::check` on the decision the form would make.

use super::{slug, Aoa};
use crate::systems::axis_of_attack::preview::reinforcement_chance;
use crate::systems::axis_of_attack::rules::{
    self, adjustable_totals, area_chooser, casualty_line, change_offer, fieldable, legal_mission_changes,
    mission_modifiers, mobility_required, option_allowed, points_allowed, reinforceable, reinforcement_dice,
};
use crate::systems::axis_of_attack::tables::{self, AirProfile, Mission, Mud, OptionKind, Ordnance, Role};
use crate::systems::axis_of_attack::{
    AirUse, Decision, DiceFor, Fielded, ForceList, GameOption, GameResult, Outcome, Phase, Platoon, PlatoonReport,
    Side, State, TurnRecord,
};
use crate::ui::dice::DiceChoice;
use leptos::prelude::*;

fn mission_slug(m: Mission) -> String {
    m.name().to_lowercase().replace(' ', "-")
}

fn signed(v: i32) -> String {
    if v >= 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// The record of `turn` in a position: still under way, or finished.
fn record(s: &State, turn: u32) -> Option<&TurnRecord> {
    match &s.current {
        Some(t) if t.turn == turn => Some(t),
        _ => s.turns.iter().rev().find(|t| t.turn == turn),
    }
}

/// Plays a decision without dice; the error goes to `error`.
fn run(aoa: Aoa, d: Decision, error: RwSignal<Option<String>>) -> bool {
    match aoa.decide(d, DiceChoice::App) {
        Ok(()) => {
            error.set(None);
            true
        }
        Err(e) => {
            error.set(Some(e));
            false
        }
    }
}

/// The position a decision would lead to, or why the rules refuse it.
fn check(aoa: Aoa, d: &Decision) -> Result<State, String> {
    aoa.campaign.with(|c| c.check(d, &[]).map_err(|e| e.to_string()))
}

fn error_line(error: RwSignal<Option<String>>) -> impl IntoView {
    move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="error">{e}</p> })
}

/// A count with large minus and plus buttons and a typed entry.
#[component]
pub fn Count(
    #[prop(into)] label: String,
    value: RwSignal<u16>,
    #[prop(default = 0)] min: u16,
    #[prop(into)] max: Signal<u16>,
    #[prop(into)] testid: String,
) -> impl IntoView {
    let (minus, plus) = (format!("{testid}-minus"), format!("{testid}-plus"));
    view! {
        <div class="count-field">
            <span class="label">{label}</span>
            <div class="stepper">
                <button type="button" class="btn seg" data-testid=minus aria-label="one fewer" disabled=move || { value.get() <= min }
                    on:click=move |_| value.update(|v| *v = v.saturating_sub(1).max(min))>"\u{2212}"</button>
                <input type="number" inputmode="numeric" class="step-input" data-testid=testid
                    prop:value=move || value.get().to_string()
                    on:input=move |ev| {
                        if let Ok(v) = event_target_value(&ev).trim().parse::<u16>() {
                            let v = v.clamp(min, max.get_untracked().max(min));
                            if v != value.get_untracked() { value.set(v); }
                        }
                    }/>
                <button type="button" class="btn seg" data-testid=plus aria-label="one more" disabled=move || { value.get() >= max.get() }
                    on:click=move |_| value.update(|v| *v = (*v + 1).min(max.get_untracked()))>"+"</button>
            </div>
        </div>
    }
}

#[component]
pub fn PhaseView() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let phase = Memo::new(move |_| aoa.state.with(|s| s.phase));
    view! {
        <div class="phase aoa" data-testid="phase">
            {move || {
                let p = phase.get();
                view! {
                    <div class="phase-title-row">
                        <h2 class="phase-title" data-testid="phase-title">{p.name()}</h2>
                        <span class="whose" data-testid="turn-line">{move || aoa.state.with(|s| format!("Campaign turn {} of {} \u{00B7} {}", s.turn.min(tables::TURNS), tables::TURNS, s.sector.name()))}</span>
                    </div>
                    {(p != Phase::Finished).then(|| view! { <TurnSummary/> })}
                    {match p {
                        Phase::MissionRoll => view! { <MissionRoll/> }.into_any(),
                        Phase::MissionAdjust => view! { <MissionAdjust/> }.into_any(),
                        Phase::MissionChange => view! { <MissionChange/> }.into_any(),
                        Phase::Attacker => view! { <ChooseAttacker/> }.into_any(),
                        Phase::GameArea => view! { <GameArea/> }.into_any(),
                        Phase::Forces => view! { <Forces/> }.into_any(),
                        Phase::Weather => view! { <WeatherRoll/> }.into_any(),
                        Phase::Game => view! { <Game/> }.into_any(),
                        Phase::Breakthrough => view! { <Breakthrough/> }.into_any(),
                        Phase::Casualties => view! { <Casualties/> }.into_any(),
                        Phase::Reinforcements => view! { <Reinforcements/> }.into_any(),
                        Phase::Exchanges => view! { <Exchanges/> }.into_any(),
                        Phase::Finished => view! { <Finished/> }.into_any(),
                    }}
                }
            }}
        </div>
    }
}

/// What this turn has settled so far. Force lists appear only once both are in.
#[component]
fn TurnSummary() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let turn = Memo::new(move |_| aoa.state.with(|s| s.current.clone()));
    view! {
        {move || turn.get().map(|t| {
            let role = |side: Side| {
                if t.mission.fair_fight() { "attacks (Encounter: both attack)".to_string() }
                else if t.attacker == Some(side) { "attacks".to_string() }
                else if t.attacker.is_some() { "defends".to_string() }
                else { "to be decided".to_string() }
            };
            let mission = match &t.change {
                Some(c) => format!("{} (rolled {}; {} paid 5 VP to change it)", t.mission.name(), c.from.name(), aoa.name(c.by)),
                None => t.mission.name().to_string(),
            };
            let handed = Side::BOTH.map(|s| t.forces[s.index()].is_some());
            view! {
                <dl class="summary" data-testid="turn-summary">
                    <dt>"Mission"</dt><dd data-testid="mission">{mission}</dd>
                    <dt>"Sides"</dt><dd data-testid="sides">{format!("{} {} \u{00B7} {} {}", aoa.who(Side::West), role(Side::West), aoa.who(Side::East), role(Side::East))}</dd>
                    {t.area.clone().map(|a| view! {
                        <dt>"Table area"</dt>
                        <dd data-testid="area">{format!("{}{}", if a.note.is_empty() { "(no note)".to_string() } else { a.note.clone() },
                            if a.shift > 0 { format!(" \u{00B7} shifted {} square{} for {} VP", a.shift, if a.shift == 1 { "" } else { "s" }, a.shift as i32 * tables::AREA_SHIFT_COST) } else { String::new() })}</dd>
                    })}
                    {(!t.revealed && handed.iter().any(|&h| h)).then(|| view! {
                        <dt>"Force lists"</dt>
                        <dd>{Side::BOTH.into_iter().map(|s| format!("{}: {}", aoa.name(s), if handed[s.index()] { "handed in (hidden)" } else { "not yet" })).collect::<Vec<_>>().join(" \u{00B7} ")}</dd>
                    })}
                    {t.weather.clone().map(|w| view! {
                        <dt>"Weather"</dt>
                        <dd data-testid="weather">{format!("{} (rolled {}); ground {}", w.weather.name(), w.die, w.mud.name().to_lowercase())}</dd>
                    })}
                    {t.result.clone().map(|r| view! {
                        <dt>"Result"</dt>
                        <dd data-testid="result">{format!("{}: {} {} \u{2013} {} {}{}",
                            r.winner.map_or("No winner".to_string(), |w| format!("{} won", aoa.name(w))),
                            aoa.name(Side::West), r.vp[0], r.vp[1], aoa.name(Side::East),
                            t.conceded.map_or(String::new(), |c| format!(" ({} conceded)", aoa.name(c))))}</dd>
                    })}
                </dl>
            }
        })}
        <p class="vp-balances" data-testid="vp-balances">{move || aoa.state.with(|s| Side::BOTH.into_iter().map(|side| format!("{}: {} campaign VP", aoa.name(side), s.balance(side))).collect::<Vec<_>>().join(" \u{00B7} "))}</p>
    }
}

// ---------------------------------------------------------------------------------------
// Choosing the mission
// ---------------------------------------------------------------------------------------

fn mission_table() -> impl IntoView {
    view! {
        <table class="small-table" data-testid="mission-table">
            <thead><tr><th>"Higher total"</th><th>"Mission"</th></tr></thead>
            <tbody>{tables::MISSION_SELECTION.iter().rev().map(|(b, m)| view! { <tr><td>{b.to_string()}</td><td>{m.name()}</td></tr> }).collect_view()}</tbody>
        </table>
    }
}

#[component]
fn MissionRoll() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    view! {
        <p class="hint">"Both players roll a die and add their modifiers; the higher total picks the next mission and attacks."</p>
        <div class="two-col">
            {Side::BOTH.into_iter().map(|side| view! {
                <div class="card" data-testid=format!("mission-mods-{}", slug(side))>
                    <h3>{aoa.who(side)}</h3>
                    {move || {
                        let mods = aoa.state.with(|s| mission_modifiers(s, side));
                        if mods.is_empty() {
                            view! { <p class="hint">"No modifiers."</p> }.into_any()
                        } else {
                            view! { <ul>{mods.into_iter().map(|(l, v)| view! { <li><strong>{signed(v)}</strong>" "{l}</li> }).collect_view()}</ul> }.into_any()
                        }
                    }}
                </div>
            }).collect_view()}
        </div>
        {move || aoa.state.with(rules::adjuster).map(|a| view! {
            <p class="info" data-testid="adjuster-note">{format!("{} won the last game as defender in a Breakthrough or Fighting Withdrawal: after the roll {} may move the higher total 1 up or down.", aoa.name(a), aoa.name(a))}</p>
        })}
        {mission_table()}
        {aoa.roll(Decision::RollMission, "both mission dice")}
    }
}

fn selection_lines(aoa: Aoa) -> impl IntoView {
    move || {
        aoa.state.with(|s| s.current.as_ref().and_then(|t| t.selection.clone())).map(|sel| {
            view! {
                <ul class="selection" data-testid="selection">
                    {Side::BOTH.into_iter().map(|side| {
                        let i = side.index();
                        let mods: i32 = sel.modifiers[i].iter().map(|m| m.1).sum();
                        view! { <li>{format!("{}: rolled {} {} = {}{}", aoa.name(side), sel.dice[i], signed(mods), sel.rolled[i],
                            if sel.totals[i] != sel.rolled[i] { format!(", moved to {}", sel.totals[i]) } else { String::new() })}</li> }
                    }).collect_view()}
                </ul>
            }
        })
    }
}

#[component]
fn MissionAdjust() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    let who =
        move || aoa.state.with(|s| s.current.as_ref().and_then(|t| t.selection.as_ref()).and_then(|x| x.adjuster));
    // Each choice with the mission and attacker it would give, read from the rules.
    let outcome = move |d: &Decision| {
        check(aoa, d).ok().and_then(|s| s.current).map(|t| match (t.mission.fair_fight(), t.attacker) {
            (true, _) => format!("{} (both attack)", t.mission.name()),
            (false, Some(a)) => format!("{}, {} attacks", t.mission.name(), aoa.name(a)),
            (false, None) => format!("{}, level totals", t.mission.name()),
        })
    };
    view! {
        {selection_lines(aoa)}
        <p class="info">{move || who().map(|a| format!("{}, you may move the higher total by one (either total when they are level), or leave it.", aoa.name(a)))}</p>
        <div class="choice-buttons">
            {move || aoa.state.with(adjustable_totals).into_iter().flat_map(|target| [-1i8, 1].map(move |delta| (target, delta))).map(|(target, delta)| {
                let d = Decision::AdjustMission { target, delta };
                let gives = outcome(&d).unwrap_or_default();
                view! {
                    <button class="btn big" data-testid=format!("adjust-{}-{}", slug(target), if delta > 0 { "plus" } else { "minus" })
                        on:click=move |_| { run(aoa, d.clone(), error); }>
                        <strong>{format!("{} {}", aoa.name(target), signed(delta as i32))}</strong>
                        <span>{gives}</span>
                    </button>
                }
            }).collect_view()}
            {move || {
                let target = aoa.state.with(adjustable_totals).first().copied().unwrap_or(Side::West);
                let d = Decision::AdjustMission { target, delta: 0 };
                let gives = outcome(&d).unwrap_or_default();
                view! {
                    <button class="btn big" data-testid="adjust-none" on:click=move |_| { run(aoa, d.clone(), error); }>
                        <strong>"Leave the totals"</strong><span>{gives}</span>
                    </button>
                }
            }}
        </div>
        {mission_table()}
        {error_line(error)}
    }
}

#[component]
fn MissionChange() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    view! {
        {selection_lines(aoa)}
        {move || aoa.state.with(change_offer).map(|side| {
            let (balance, mission) = aoa.state.with(|s| (s.balance(side), s.current.as_ref().map(|t| t.mission)));
            let options = aoa.state.with(legal_mission_changes);
            view! {
                <div class="card" data-testid="change-offer">
                    <h3>{format!("{}: change the mission for {} VP?", aoa.name(side), tables::MISSION_CHANGE_COST)}</h3>
                    <p class="hint">{format!("The table gave {}. {} has {} campaign VP. The change moves it one row up or down the mission table; if {} passes, the other player is offered it.",
                        mission.map_or("", |m| m.name()), aoa.name(side), balance, aoa.name(side))}</p>
                    <div class="choice-buttons">
                        {options.into_iter().map(|m| view! {
                            <button class="btn big" data-testid=format!("change-to-{}", mission_slug(m))
                                on:click=move |_| { run(aoa, Decision::ChangeMission { side, to: Some(m) }, error); }>
                                {format!("Change to {} (\u{2212}{} VP)", m.name(), tables::MISSION_CHANGE_COST)}
                            </button>
                        }).collect_view()}
                        <button class="btn primary big" data-testid="change-pass"
                            on:click=move |_| { run(aoa, Decision::ChangeMission { side, to: None }, error); }>
                            {format!("Keep {}", mission.map_or("", |m| m.name()))}
                        </button>
                    </div>
                </div>
            }
        })}
        {mission_table()}
        {error_line(error)}
    }
}

#[component]
fn ChooseAttacker() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    view! {
        {selection_lines(aoa)}
        <p class="info">"The totals are level: the mission's own rules decide who attacks. Who does?"</p>
        <div class="choice-buttons">
            {Side::BOTH.into_iter().map(|side| view! {
                <button class="btn big" data-testid=format!("attacker-{}", slug(side))
                    on:click=move |_| { run(aoa, Decision::SetAttacker { side }, error); }>{move || format!("{} attacks", aoa.who(side))}</button>
            }).collect_view()}
        </div>
        {error_line(error)}
    }
}

#[component]
fn GameArea() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    let area = RwSignal::new(String::new());
    let shift = RwSignal::new(0u16);
    let chooser = Memo::new(move |_| aoa.state.with(area_chooser));
    let decision = move || Decision::ChooseArea { area: area.get(), shift: shift.get() as u8 };
    let problem = Memo::new(move |_| check(aoa, &decision()).err());
    let max_shift =
        Signal::derive(move || chooser.get().map_or(0, |c| aoa.state.with(|s| s.balance(c.other()).max(0) as u16)));
    view! {
        <p class="info" data-testid="area-who">{move || match chooser.get() {
            Some(c) => format!("{} won the last game and picks the table area from the map of {}. {} may then shift it, {} VP a square.",
                aoa.name(c), aoa.state.with(|s| s.sector.name()), aoa.name(c.other()), tables::AREA_SHIFT_COST),
            None => format!("Agree the table area from the map of {} together (no shifting for VP this time). North is the top of the map; {} holds the west edge, {} the east.",
                aoa.state.with(|s| s.sector.name()), aoa.who(Side::West), aoa.who(Side::East)),
        }}</p>
        <label class="field">
            <span>"Table area (a note for the record)"</span>
            <input type="text" class="wide" data-testid="area-note" placeholder="e.g. the squares around the village and the river bend"
                prop:value=move || area.get() on:input=move |ev| area.set(event_target_value(&ev))/>
        </label>
        {move || chooser.get().map(|c| view! {
            <Count label=format!("Squares {} shifts it (1 VP each; {} has {})", aoa.name(c.other()), aoa.name(c.other()), aoa.state.with(|s| s.balance(c.other())))
                value=shift max=max_shift testid="area-shift"/>
        })}
        {move || problem.get().map(|e| view! { <p class="warning" data-testid="area-problem">{e}</p> })}
        <button class="btn primary big" data-testid="confirm-area" disabled=move || problem.get().is_some()
            on:click=move |_| { run(aoa, decision(), error); }>"Record the table area"</button>
        {error_line(error)}
    }
}

// ---------------------------------------------------------------------------------------
// Force lists: handed in secretly
// ---------------------------------------------------------------------------------------

#[component]
fn Forces() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let open_for = RwSignal::new(None::<Side>);
    view! {
        <p class="hint">{move || format!("Each player writes a force list in secret: up to {} points, plus {} per campaign VP spent (at most {} VP). Pass the tablet; the lists are shown once both are in.",
            aoa.setup.with(|s| s.game_points), tables::POINTS_PER_VP, tables::MAX_VP_FOR_POINTS)}</p>
        {move || match open_for.get() {
            Some(side) => view! {
                <ForceForm side=side on_close=Callback::new(move |_| open_for.set(None))/>
            }.into_any(),
            None => view! {
                <div class="handover">
                    {Side::BOTH.into_iter().map(|side| {
                        let handed = move || aoa.state.with(|s| s.current.as_ref().is_some_and(|t| t.forces[side.index()].is_some()));
                        view! {
                            <div class="handover-card" data-testid=format!("handover-{}", slug(side))>
                                {move || if handed() {
                                    view! { <p class="done">{format!("\u{2714} {} has handed in a force list (hidden)", aoa.name(side))}</p> }.into_any()
                                } else {
                                    view! {
                                        <p>{format!("Pass the tablet to {}. Only {} should look.", aoa.name(side), aoa.name(side))}</p>
                                        <button class="btn primary big" data-testid=format!("reveal-{}", slug(side))
                                            on:click=move |_| open_for.set(Some(side))>{format!("I am {}: write my list", aoa.name(side))}</button>
                                    }.into_any()
                                }}
                            </div>
                        }
                    }).collect_view()}
                </div>
                <Concede/>
            }.into_any(),
        }}
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
    let vp = RwSignal::new(0u8);
    let points = RwSignal::new(String::new());
    let aircraft = RwSignal::new(None::<u16>);
    let profile = RwSignal::new(AirProfile::CloseAirSupport);
    let load = RwSignal::new(None::<Ordnance>);
    let option = RwSignal::new(None::<OptionKind>);
    let option_platoons = RwSignal::new(Vec::<u16>::new());
    let shoots = RwSignal::new(1u16);
    let (roster, must_move, balance) =
        aoa.state.with_untracked(|s| (s.roster(side).to_vec(), mobility_required(s, side), s.balance(side)));
    let picks: Vec<Pick> = aoa
        .state
        .with_untracked(|s| fieldable(s, side))
        .into_iter()
        .map(|(i, _, max)| Pick {
            platoon: i,
            on: RwSignal::new(false),
            teams: RwSignal::new(max),
            carried: RwSignal::new(false),
        })
        .collect();
    let picks = StoredValue::new(picks);
    let force = Memo::new(move |_| ForceList {
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
    let problem = Memo::new(move |_| {
        if points.with(|p| p.trim().parse::<u32>().is_err()) {
            return Some("Type the points your force costs.".to_string());
        }
        let f = force.get();
        check(aoa, &Decision::SubmitForce { side, force: f }).err()
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
                v.sort_unstable();
            }
        })
    };

    view! {
        <div class="secret force-form" data-testid="force-form">
            <h3>{format!("{}'s force list for this game", aoa.who(side))}</h3>
            {must_move.then(|| view! {
                <p class="warning" data-testid="mobility-rule">"Last game you broke through two sectors: every platoon you bring must be operationally mobile, or carried by a transport platoon or as tank riders (Immobile platoons carried this way come without their own transport)."</p>
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
                    let meta = format!("{} \u{00B7} {} ({} teams) \u{00B7} started {}{}{}", p.platoon.role.name(), p.strength.name(), p.max_teams_now(), p.start.name().to_lowercase(),
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
                                <button type="button" class="btn profile" class:on=move || profile.get() == pr data-testid=format!("profile-{}", pr.name().to_lowercase().replace(' ', "-"))
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
                        <button type="button" class="btn option" class:on=move || option.get() == Some(kind) data-testid=format!("option-{:?}", kind).to_lowercase()
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
            <div class="actions">
                <button type="button" class="btn big" data-testid="hide-force" on:click=move |_| on_close.run(())>"Hide: not me"</button>
                <button type="button" class="btn primary big" data-testid="submit-force" disabled=move || problem.get().is_some()
                    on:click=move |_| if run(aoa, Decision::SubmitForce { side, force: force.get_untracked() }, error) { on_close.run(()) }>"Hand in this list"</button>
            </div>
            {error_line(error)}
        </div>
    }
}

/// Either player may give the game up (6-1 to the other, no outnumbered bonus).
#[component]
fn Concede() -> impl IntoView {
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
                    <button type="button" class="btn big danger" data-testid="concede-confirm" on:click=move |_| { run(aoa, Decision::Concede { side }, error); }>"Yes, concede"</button>
                </div>
            })}
            {error_line(error)}
        </details>
    }
}

// ---------------------------------------------------------------------------------------
// Weather and the game
// ---------------------------------------------------------------------------------------

fn mud_effects(mud: Mud) -> impl IntoView {
    view! { <ul class="mud-effects" data-testid="mud-effects">{mud.effects().iter().map(|e| view! { <li>{*e}</li> }).collect_view()}</ul> }
}

#[component]
fn WeatherRoll() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    view! {
        <ForcesShown/>
        <p class="info" data-testid="weather-now">{move || aoa.state.with(|s| format!("Last game's weather: {}. The ground is {} now.", s.weather.name(), s.mud.name().to_lowercase()))}</p>
        <p class="hint">"Clear dries the ground 2 levels, cloudy 1; intermittent rain wets it 1, steady rain 2 (from Dry to Flood)."</p>
        {aoa.roll(Decision::RollWeather, "weather")}
        <Concede/>
    }
}

/// Both force lists, once revealed.
#[component]
fn ForcesShown() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let turn = Memo::new(move |_| aoa.state.with(|s| s.current.clone()));
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
fn Game() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    let note = RwSignal::new(String::new());
    let weather = Memo::new(move |_| aoa.state.with(|s| s.current.as_ref().and_then(|t| t.weather.clone())));
    let notes = Memo::new(move |_| aoa.state.with(|s| s.current.as_ref().map(|t| t.notes.clone()).unwrap_or_default()));
    view! {
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
                <button class="btn" data-testid="add-note" on:click=move |_| if run(aoa, Decision::Note { text: note.get_untracked() }, error) { note.set(String::new()) }>"Add note"</button>
            </div>
        </div>
        {error_line(error)}
        <ResultForm/>
        <Concede/>
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
    let checked = Memo::new(move |_| check(aoa, &Decision::RecordResult(result())));
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
            match (&t.map, after.phase) {
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
            if let Some(o) = after.outcome {
                lines.push(outcome_text(aoa, o));
            }
            lines
        })
    };
    let recon_choices = move || {
        let Some(w) = winner.get() else { return Vec::new() };
        aoa.state
            .with(|s| {
                s.current.as_ref().and_then(|t| t.force(w)).map_or(Vec::new(), |f| {
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
                        <button type="button" class="btn seg" class:on=move || winner.get() == Some(side) data-testid=format!("winner-{}", slug(side))
                            on:click=move |_| { winner.set(Some(side)); recon.set(Vec::new()); }>{move || aoa.name(side)}</button>
                    }).collect_view()}
                    <button type="button" class="btn seg" class:on=move || winner.get().is_none() data-testid="winner-none"
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
                            <button type="button" class="chip" class:killed=move || recon.with(|v| v.contains(&i)) data-testid=format!("recon-{i}")
                                on:click=move |_| recon.update(|v| if let Some(k) = v.iter().position(|&x| x == i) { v.remove(k); } else { v.push(i); v.sort_unstable(); })>{aoa.platoon(w, i)}</button>
                        }).collect_view()}
                    </div>
                })
            }}
            <div class="vp-line" data-testid="result-preview">{move || match preview() {
                Ok(lines) => view! { <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul> }.into_any(),
                Err(e) => view! { <p class="warning">{e}</p> }.into_any(),
            }}</div>
            <button class="btn primary big" data-testid="record-result" disabled=move || checked.get().is_err()
                on:click=move |_| { run(aoa, Decision::RecordResult(result()), error); }>"Record the result"</button>
            {error_line(error)}
        </div>
    }
}

#[component]
fn Breakthrough() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    let info = move || aoa.state.with(|s| s.current.as_ref().and_then(|t| t.winner().map(|w| (w, t.sector))));
    view! {
        {move || info().map(|(w, from)| view! {
            <p class="info" data-testid="breakthrough-info">{format!("{} won the Breakthrough in {}. Push on one sector, or two: after two, every platoon {} brings to the next game must be operationally mobile or carried.", aoa.name(w), from.name(), aoa.name(w))}</p>
            <div class="choice-buttons">
                {[1u8, 2].map(|n| view! {
                    <button class="btn big" class:primary=n == 2 data-testid=format!("move-{n}") on:click=move |_| { run(aoa, Decision::MoveCampaign { sectors: n }, error); }>
                        {format!("{n} sector{}: to {}", if n == 1 { "" } else { "s" }, from.towards(w.other().home(), n).name())}
                    </button>
                }).collect_view()}
            </div>
        })}
        {error_line(error)}
    }
}

// ---------------------------------------------------------------------------------------
// After the game: casualties, reinforcements, exchanges
// ---------------------------------------------------------------------------------------

#[component]
fn Casualties() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let done =
        move |side: Side| aoa.state.with(|s| s.current.as_ref().and_then(|t| t.casualties[side.index()].clone()));
    view! {
        <p class="hint">"Count the teams of each platoon that fought (leave out transport and upgrade teams). Teams left at home and teams that left by their own edge after turn 3 count; bailed or bogged vehicles come back to the winner and are lost by the loser; routed teams count for nothing but the platoon is not destroyed."</p>
        {Side::BOTH.into_iter().map(|side| view! {
            {move || match done(side) {
                Some(lines) => view! {
                    <div class="card" data-testid=format!("casualties-{}", slug(side))>
                        <h3>{format!("{}: counted", aoa.name(side))}</h3>
                        <ul>{lines.into_iter().map(|l| view! { <li>{format!("{}: {} teams \u{2192} {}{}", aoa.platoon(side, l.report.platoon), l.counted, l.after.name(), if l.report.immobile && l.after != tables::Strength::Destroyed { ", Immobile" } else { "" })}</li> }).collect_view()}</ul>
                    </div>
                }.into_any(),
                None => view! { <CasualtyForm side=side/> }.into_any(),
            }}
        }).collect_view()}
    }
}

#[derive(Clone, Copy)]
struct CountRow {
    platoon: u16,
    fielded: u16,
    motorised: bool,
    on_table: RwSignal<u16>,
    bailed: RwSignal<u16>,
    exited: RwSignal<u16>,
    routed: RwSignal<u16>,
    immobile: RwSignal<bool>,
}

impl CountRow {
    fn report(&self) -> PlatoonReport {
        PlatoonReport {
            platoon: self.platoon,
            on_table: self.on_table.get(),
            bailed: self.bailed.get(),
            exited: self.exited.get(),
            routed: self.routed.get(),
            immobile: self.immobile.get(),
        }
    }
}

#[component]
fn CasualtyForm(side: Side) -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    let (rows, winner) = aoa.state.with_untracked(|s| {
        let t = s.current.as_ref();
        let rows: Vec<CountRow> = t.and_then(|t| t.force(side)).map_or(Vec::new(), |f| {
            f.platoons
                .iter()
                .map(|x| CountRow {
                    platoon: x.platoon,
                    fielded: x.teams,
                    motorised: s.platoon(side, x.platoon).is_some_and(|p| p.platoon.mobility.motorised()),
                    on_table: RwSignal::new(x.teams),
                    bailed: RwSignal::new(0),
                    exited: RwSignal::new(0),
                    routed: RwSignal::new(0),
                    immobile: RwSignal::new(false),
                })
                .collect()
        });
        (rows, t.and_then(TurnRecord::winner))
    });
    let rows = StoredValue::new(rows);
    let decision = move || Decision::RecordCasualties {
        side,
        reports: rows.with_value(|v| v.iter().map(CountRow::report).collect()),
    };
    let problem = Memo::new(move |_| check(aoa, &decision()).err());
    let bailed_rule = match winner {
        Some(w) if w == side => "You won: bailed and bogged vehicles are recovered and count.",
        Some(_) => "You lost: bailed and bogged vehicles are destroyed and do not count.",
        None => "Nobody won: bailed and bogged vehicles come back to both players.",
    };
    view! {
        <div class="card casualty-form" data-testid=format!("casualty-form-{}", slug(side))>
            <h3>{format!("{}'s casualties", aoa.who(side))}</h3>
            <p class="hint">{bailed_rule}</p>
            {rows.get_value().into_iter().map(|r| {
                let i = r.platoon;
                let max = Signal::derive(move || r.fielded);
                let line = Memo::new(move |_| {
                    let report = r.report();
                    aoa.state.with(|s| casualty_line(s, side, &report).map_err(|e| e.to_string()))
                });
                view! {
                    <fieldset class="count-platoon" data-testid=format!("count-{}-{i}", slug(side))>
                        <legend>{format!("{} ({} teams fielded)", aoa.platoon(side, i), r.fielded)}</legend>
                        <div class="count-grid">
                            <Count label="Working on the table" value=r.on_table max=max testid=format!("on-table-{}-{i}", slug(side))/>
                            <Count label="Bailed or bogged" value=r.bailed max=max testid=format!("bailed-{}-{i}", slug(side))/>
                            <Count label="Exited own edge after turn 3" value=r.exited max=max testid=format!("exited-{}-{i}", slug(side))/>
                            <Count label="Routed off" value=r.routed max=max testid=format!("routed-{}-{i}", slug(side))/>
                        </div>
                        {r.motorised.then(|| view! {
                            <label class="check"><input type="checkbox" data-testid=format!("immobile-{}-{i}", slug(side)) prop:checked=move || r.immobile.get()
                                on:change=move |ev| r.immobile.set(event_target_checked(&ev))/>" Not enough transport left: Immobile"</label>
                        })}
                        <p class="would-become" data-testid=format!("would-become-{}-{i}", slug(side))>{move || match line.get() {
                            Ok(l) => format!("{} teams counted: {} would become {}{}.", l.counted, l.before.name().to_lowercase(), l.after.name().to_lowercase(),
                                if r.immobile.get() && l.after != tables::Strength::Destroyed { ", Immobile" } else { "" }),
                            Err(e) => e,
                        }}</p>
                    </fieldset>
                }
            }).collect_view()}
            {move || problem.get().map(|e| view! { <p class="warning" data-testid=format!("casualty-problem-{}", slug(side))>{e}</p> })}
            <button class="btn primary big" data-testid=format!("record-casualties-{}", slug(side)) disabled=move || problem.get().is_some()
                on:click=move |_| { run(aoa, decision(), error); }>{format!("Record {}'s casualties", aoa.name(side))}</button>
            {error_line(error)}
        </div>
    }
}

#[component]
fn Reinforcements() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let turn = Memo::new(move |_| aoa.state.with(|s| s.current.clone()));
    // One player at a time, west first: the dice widget serves one roll.
    let next = Memo::new(move |_| {
        turn.get().and_then(|t| Side::BOTH.into_iter().find(|s| t.reinforcement[s.index()].is_none()))
    });
    view! {
        <p class="hint">{format!("Each player has {} dice plus 1 per campaign VP spent. Put any number on any platoon below its starting strength; a platoon goes up one level if any of its dice scores: {}+ combat, {}+ HQ and weapons, {}+ support, 1 more for platoons made only of tanks.",
            tables::REINFORCEMENT_DICE, tables::reinforcement_target(Role::Combat), tables::reinforcement_target(Role::HqWeapons), tables::reinforcement_target(Role::Support))}</p>
        {move || turn.get().map(|t| Side::BOTH.into_iter().map(|side| {
            let auto = t.auto[side.index()].clone();
            let done = t.reinforcement[side.index()].clone();
            view! {
                <div class="card" data-testid=format!("reinforce-{}", slug(side))>
                    <h3>{aoa.who(side)}</h3>
                    {(!auto.is_empty()).then(|| view! {
                        <div class="info" data-testid=format!("auto-{}", slug(side))>
                            <p>{format!("The company may not drop below {} depleted combat platoons, so these were raised at once, one reinforcement die per level:", tables::MIN_DEPLETED_COMBAT)}</p>
                            <ul>{auto.iter().map(|a| view! { <li>{format!("{}: {} \u{2192} {} ({} die{})", aoa.platoon(side, a.platoon), a.from.name(), a.to.name(), a.dice, if a.dice == 1 { "" } else { "s" })}</li> }).collect_view()}</ul>
                        </div>
                    })}
                    {done.map(|r| view! {
                        <ul data-testid=format!("reinforced-{}", slug(side))>
                            {(r.vp > 0).then(|| view! { <li>{format!("Spent {} VP for {} more dice.", r.vp, r.vp as u16 * tables::DICE_PER_VP)}</li> })}
                            {r.lines.iter().map(|l| view! { <li>{format!("{}: rolled {:?} needing {}+ \u{2192} {}", aoa.platoon(side, l.platoon), l.dice, l.needs,
                                if l.to != l.from { format!("up to {}", l.to.name().to_lowercase()) } else { format!("stays {}", l.to.name().to_lowercase()) })}</li> }).collect_view()}
                            {r.lines.is_empty().then(|| view! { <li>"No dice rolled."</li> })}
                        </ul>
                    })}
                </div>
            }
        }).collect_view())}
        {move || next.get().map(|side| view! { <ReinforceForm side=side/> })}
    }
}

#[component]
fn ReinforceForm(side: Side) -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    let vp = RwSignal::new(0u16);
    let balance = aoa.state.with_untracked(|s| s.balance(side).max(0) as u16);
    let platoons: Vec<(u16, RwSignal<u16>)> =
        aoa.state.with_untracked(|s| reinforceable(s, side)).into_iter().map(|i| (i, RwSignal::new(0u16))).collect();
    let platoons = StoredValue::new(platoons);
    let available = Signal::derive(move || aoa.state.with(|s| reinforcement_dice(s, side, vp.get().min(255) as u8)));
    let assign = Memo::new(move |_| {
        platoons.with_value(|v| {
            v.iter()
                .filter(|(_, d)| d.get() > 0)
                .map(|(i, d)| DiceFor { platoon: *i, dice: d.get().min(255) as u8 })
                .collect::<Vec<_>>()
        })
    });
    let assigned = move || assign.with(|a| a.iter().map(|x| x.dice as u16).sum::<u16>());
    let decision = Memo::new(move |_| Decision::Reinforce { side, vp: vp.get().min(255) as u8, assign: assign.get() });
    // Dice never change whether an assignment is legal: check it with any faces.
    let problem = Memo::new(move |_| {
        let d = decision.get();
        let n = assigned() as usize;
        aoa.campaign.with(|c| c.check(&d, &vec![6; n]).err().map(|e| e.to_string()))
    });
    view! {
        <div class="card reinforce-form" data-testid=format!("reinforce-form-{}", slug(side))>
            <h3>{format!("{}: assign reinforcement dice", aoa.name(side))}</h3>
            <Count label=format!("Campaign VP spent for more dice (you have {balance})") value=vp max=Signal::derive(move || balance) testid=format!("reinforce-vp-{}", slug(side))/>
            <p class="counter" data-testid=format!("dice-count-{}", slug(side))>{move || format!("{} of {} dice assigned", assigned(), available.get())}</p>
            {move || platoons.with_value(|v| v.is_empty()).then(|| view! { <p class="hint">"Every platoon is at its starting strength: nothing to reinforce."</p> })}
            <ul class="reinforce-list">
                {platoons.get_value().into_iter().map(|(i, dice)| {
                    let (name, from, to, needs, tank) = aoa.state.with_untracked(|s| {
                        let p = s.platoon(side, i).unwrap();
                        (p.name().to_string(), p.strength, p.platoon.step_up(p.strength).min(p.start), p.platoon.reinforcement_needs(), p.platoon.all_tank)
                    });
                    let max = Signal::derive(move || available.get());
                    view! {
                        <li class="reinforce-row" data-testid=format!("reinforce-row-{}-{i}", slug(side))>
                            <div>
                                <span class="u-name">{name}</span>
                                <span class="u-meta">{format!("{} \u{2192} {} \u{00B7} needs {needs}+{}", from.name(), to.name().to_lowercase(), if tank { " (all tanks)" } else { "" })}</span>
                            </div>
                            <Count label="Dice" value=dice max=max testid=format!("dice-{}-{i}", slug(side))/>
                            <span class="odds-pct" data-testid=format!("chance-{}-{i}", slug(side))>{move || if dice.get() == 0 { "\u{2013}".to_string() } else { reinforcement_chance(dice.get() as u32, needs).percent() }}</span>
                        </li>
                    }
                }).collect_view()}
            </ul>
            {move || problem.get().map(|e| view! { <p class="warning" data-testid=format!("reinforce-problem-{}", slug(side))>{e}</p> })}
            {move || {
                // Read every input first, so the widget follows each change.
                let (d, n, bad) = (decision.get(), assigned(), problem.get().is_some());
                if bad {
                    ().into_any()
                } else if n == 0 {
                    view! { <button class="btn primary big" data-testid=format!("no-reinforcement-{}", slug(side))
                        on:click=move |_| { run(aoa, decision.get_untracked(), error); }>"Roll no dice this turn"</button> }.into_any()
                } else {
                    view! { <p class="hint">"Dice are read in the order of the list: each platoon's dice one after the other."</p>{aoa.roll(d, "reinforcement dice")} }.into_any()
                }
            }}
            {error_line(error)}
        </div>
    }
}

#[component]
fn Exchanges() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let turn = Memo::new(move |_| aoa.state.with(|s| s.current.clone()));
    view! {
        <p class="hint">{format!("A support platoon at least depleted may be swapped for another support platoon costing no more than it is worth now, for {} VP. Leftover points are lost.", tables::EXCHANGE_COST)}</p>
        {move || turn.get().map(|t| {
            t.exchanges.iter().map(|x| view! { <p class="info">{format!("{} exchanged {} ({} points) for {}.", aoa.name(x.side), aoa.platoon(x.side, x.old), x.value, aoa.platoon(x.side, x.new))}</p> }).collect_view()
        })}
        {Side::BOTH.into_iter().map(|side| view! {
            {move || {
                let done = turn.get().is_some_and(|t| t.exchanges_done[side.index()]);
                if done {
                    view! { <p class="done" data-testid=format!("exchange-done-{}", slug(side))>{format!("\u{2714} {} has finished exchanging.", aoa.name(side))}</p> }.into_any()
                } else {
                    view! { <ExchangeForm side=side/> }.into_any()
                }
            }}
        }).collect_view()}
    }
}

#[component]
fn ExchangeForm(side: Side) -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    let eligible: Vec<(u16, String)> = aoa.state.with_untracked(|s| {
        s.roster(side)
            .iter()
            .enumerate()
            .filter(|(_, p)| p.available() && p.platoon.role == Role::Support)
            .map(|(i, p)| {
                (
                    i as u16,
                    format!(
                        "{} ({}, bought for {} points)",
                        p.name(),
                        p.strength.name().to_lowercase(),
                        p.platoon.points
                    ),
                )
            })
            .collect()
    });
    let chosen = RwSignal::new(None::<u16>);
    let value = RwSignal::new(String::new());
    let new = RwSignal::new(Platoon {
        name: String::new(),
        role: Role::Support,
        min_teams: 1,
        max_teams: 1,
        teams: 1,
        points: 0,
        upgrades: String::new(),
        all_tank: false,
        recon: false,
        mobility: tables::Mobility::Vehicles,
    });
    let decision = move || {
        chosen.get().map(|platoon| Decision::ExchangeSupport {
            side,
            platoon,
            value: value.get().trim().parse().unwrap_or(0),
            new: new.get(),
        })
    };
    let problem = Memo::new(move |_| match decision() {
        None => Some("Choose the platoon to give up.".to_string()),
        Some(d) => check(aoa, &d).err(),
    });
    view! {
        <div class="card" data-testid=format!("exchange-{}", slug(side))>
            <h3>{format!("{}: exchange a support platoon?", aoa.who(side))}</h3>
            <div class="chips">
                {eligible.into_iter().map(|(i, label)| view! {
                    <button type="button" class="chip" class:killed=move || chosen.get() == Some(i) data-testid=format!("exchange-old-{}-{i}", slug(side)) on:click=move |_| chosen.set(Some(i))>{label}</button>
                }).collect_view()}
            </div>
            {move || chosen.get().is_some().then(|| view! {
                <label class="field"><span>"What it is worth now, in points"</span>
                    <input type="number" inputmode="numeric" data-testid=format!("exchange-value-{}", slug(side)) prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev))/></label>
                <h4>"The new support platoon"</h4>
                <super::wizard::PlatoonFields platoon=new fixed_role=Role::Support testid=format!("exchange-new-{}", slug(side))/>
                {move || problem.get().map(|e| view! { <p class="warning">{e}</p> })}
                <button class="btn primary big" data-testid=format!("exchange-submit-{}", slug(side)) disabled=move || problem.get().is_some()
                    on:click=move |_| if let Some(d) = decision() { run(aoa, d, error); }>{format!("Exchange for {} VP", tables::EXCHANGE_COST)}</button>
            })}
            <button class="btn big" data-testid=format!("done-exchanging-{}", slug(side))
                on:click=move |_| { run(aoa, Decision::DoneExchanging { side }, error); }>"No (more) exchanges"</button>
            {error_line(error)}
        </div>
    }
}

pub fn outcome_text(aoa: Aoa, o: Outcome) -> String {
    match o {
        Outcome::Victory(side) => {
            format!("Victory: {} won as attacker in {}'s home sector.", aoa.who(side), aoa.who(side.other()))
        }
        Outcome::MinorVictory(side) => format!(
            "Minor victory for {}: after {} turns the fighting is on or next to {}'s home sector.",
            aoa.who(side),
            tables::TURNS,
            aoa.name(side.other())
        ),
        Outcome::Stalemate => {
            format!("Stalemate: after {} turns neither side is on or next to the enemy home sector.", tables::TURNS)
        }
    }
}

#[component]
fn Finished() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    view! {
        <div class="finished" data-testid="finished">
            <p class="winner" data-testid="outcome">{move || aoa.state.with(|s| s.outcome).map(|o| outcome_text(aoa, o))}</p>
            <p>{move || aoa.state.with(|s| format!("Ended in campaign turn {}, in {}. Campaign VP: {}. The log holds the whole story; Undo still works if a mistake was made.",
                s.turn, s.sector.name(), Side::BOTH.into_iter().map(|x| format!("{} {}", aoa.name(x), s.balance(x))).collect::<Vec<_>>().join(", ")))}</p>
        </div>
    }
}
