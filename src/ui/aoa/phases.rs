//! One component per step of the Axis of Attack campaign turn. Each renders the state and
//! dispatches decisions; legality, odds and derived numbers come from the rules helpers or
//! from `Campaign::check` on the decision the form would make.

use super::{slug, Aoa};
use crate::engine::DecideError;
use crate::systems::axis_of_attack::rules::{
    self, adjustable_totals, area_chooser, change_offer, legal_mission_changes, mission_modifiers,
};
use crate::systems::axis_of_attack::tables::{self, Mission};
use crate::systems::axis_of_attack::{Decision, Outcome, Phase, RuleError, Side, State, TurnRecord};
use crate::ui::reactive::memo;
use leptos::prelude::*;

fn mission_slug(m: Mission) -> String {
    m.name().to_ascii_lowercase().replace(' ', "-")
}

pub(super) fn signed(v: i32) -> String {
    if v >= 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// The record of `turn` in a position: still under way, or finished.
pub(super) fn record(s: &State, turn: u32) -> Option<&TurnRecord> {
    match s.current() {
        Some(t) if t.turn == turn => Some(t),
        _ => s.turns.iter().rev().find(|t| t.turn == turn),
    }
}

/// The position a decision would lead to, or why the rules refuse it.
pub(super) fn check(aoa: Aoa, d: &Decision) -> Result<State, DecideError<RuleError>> {
    aoa.campaign.with(|c| c.check(d, &[]))
}

/// Why the rules refuse a decision, in words for the form that shows it (`Open::refusal`);
/// `None` where they take it.
pub(super) fn refused(aoa: Aoa, d: &Decision) -> Option<String> {
    check(aoa, d).err().map(|e| aoa.refusal(&e))
}

pub(super) fn error_line(error: RwSignal<Option<String>>) -> impl IntoView {
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
    let (less, more, named) = (format!("one fewer: {label}"), format!("one more: {label}"), label.clone());
    view! {
        <div class="count-field">
            <span class="label">{label}</span>
            <div class="stepper">
                <button type="button" class="btn seg" data-testid=minus aria-label=less disabled=move || { value.get() <= min }
                    on:click=move |_| value.update(|v| *v = v.saturating_sub(1).max(min))>"\u{2212}"</button>
                <input type="number" inputmode="numeric" class="step-input" data-testid=testid aria-label=named
                    prop:value=move || value.get().to_string()
                    on:input=move |ev| {
                        if let Ok(v) = event_target_value(&ev).trim().parse::<u16>() {
                            let v = v.clamp(min, max.get_untracked().max(min));
                            if v != value.get_untracked() { value.set(v); }
                        }
                    }/>
                <button type="button" class="btn seg" data-testid=plus aria-label=more disabled=move || { value.get() >= max.get() }
                    on:click=move |_| value.update(|v| *v = (*v + 1).min(max.get_untracked()))>"+"</button>
            </div>
        </div>
    }
}

#[component]
pub fn PhaseView() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let phase = memo(move || aoa.state.with(|s| s.phase()));
    view! {
        <div class="phase aoa" data-testid="phase">
            {move || {
                let p = phase.get();
                view! {
                    <div class="phase-title-row">
                        <h2 class="phase-title" data-testid="phase-title">{p.name()}</h2>
                        <span class="whose" data-testid="turn-line">{move || aoa.state.with(|s| format!("Campaign turn {} of {} \u{00B7} {}", s.turn.min(tables::TURNS), tables::TURNS, s.sector.name()))}</span>
                    </div>
                    {match p {
                        Phase::MissionRoll => view! { <MissionRoll/> }.into_any(),
                        Phase::MissionAdjust => view! { <MissionAdjust/> }.into_any(),
                        Phase::MissionChange => view! { <MissionChange/> }.into_any(),
                        Phase::Attacker => view! { <ChooseAttacker/> }.into_any(),
                        Phase::GameArea => view! { <GameArea/> }.into_any(),
                        Phase::Forces => view! { <super::forces::Forces/> }.into_any(),
                        Phase::Weather => view! { <super::game::WeatherRoll/> }.into_any(),
                        Phase::Game => view! { <super::game::Game/> }.into_any(),
                        Phase::Breakthrough => view! { <super::game::Breakthrough/> }.into_any(),
                        Phase::Casualties => view! { <super::casualties::Casualties/> }.into_any(),
                        Phase::Reinforcements => view! { <super::reinforce::Reinforcements/> }.into_any(),
                        Phase::Exchanges => view! { <super::reinforce::Exchanges/> }.into_any(),
                        Phase::Finished => view! { <Finished/> }.into_any(),
                    }}
                    // What the turn has settled comes after the action to take, so the action
                    // is on the first screen.
                    {(p != Phase::Finished).then(|| view! { <TurnSummary/> })}
                }
            }}
        </div>
    }
}

/// What this turn has settled so far. Force lists appear only once both are in.
#[component]
fn TurnSummary() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let turn = memo(move || aoa.state.with(|s| s.current().cloned()));
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
                        <dd data-testid="weather">{format!("{} (rolled {}); ground {}", w.weather.name(), w.die, w.mud.name().to_ascii_lowercase())}</dd>
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
        {aoa.roll(Decision::RollMission, "both mission dice")}
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
    }
}

fn selection_lines(aoa: Aoa) -> impl IntoView {
    move || {
        aoa.state.with(|s| s.selection().cloned()).map(|sel| {
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
        move || aoa.state.with(|s| s.selection().and_then(|x| x.adjuster));
    // Each choice with the mission and attacker it would give, read from the rules.
    let outcome = move |d: &Decision| {
        check(aoa, d).ok().and_then(|s| s.current().cloned()).map(|t| match (t.mission.fair_fight(), t.attacker) {
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
                        on:click=move |_| { aoa.act(d.clone(), error); }>
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
                    <button class="btn big" data-testid="adjust-none" on:click=move |_| { aoa.act(d.clone(), error); }>
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
            let (balance, mission) = aoa.state.with(|s| (s.balance(side), s.current().map(|t| t.mission)));
            let options = aoa.state.with(legal_mission_changes);
            view! {
                <div class="card" data-testid="change-offer">
                    <h3>{format!("{}: change the mission for {} VP?", aoa.name(side), tables::MISSION_CHANGE_COST)}</h3>
                    <p class="hint">{format!("The table gave {}. {} has {} campaign VP. The change moves it one row up or down the mission table; if {} passes, the other player is offered it.",
                        mission.map_or("", |m| m.name()), aoa.name(side), balance, aoa.name(side))}</p>
                    <div class="choice-buttons">
                        {options.into_iter().map(|m| view! {
                            <button class="btn big" data-testid=format!("change-to-{}", mission_slug(m))
                                on:click=move |_| { aoa.act(Decision::ChangeMission { side, to: Some(m) }, error); }>
                                {format!("Change to {} (\u{2212}{} VP)", m.name(), tables::MISSION_CHANGE_COST)}
                            </button>
                        }).collect_view()}
                        <button class="btn primary big" data-testid="change-pass"
                            on:click=move |_| { aoa.act(Decision::ChangeMission { side, to: None }, error); }>
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
                    on:click=move |_| { aoa.act(Decision::SetAttacker { side }, error); }>{move || format!("{} attacks", aoa.who(side))}</button>
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
    let chooser = memo(move || aoa.state.with(area_chooser));
    let decision = move || Decision::ChooseArea { area: area.get(), shift: shift.get() as u8 };
    let problem = memo(move || refused(aoa, &decision()));
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
            on:click=move |_| { aoa.act(decision(), error); }>"Record the table area"</button>
        {error_line(error)}
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
            <p class="winner" data-testid="outcome">{move || aoa.state.with(|s| s.outcome()).map(|o| outcome_text(aoa, o))}</p>
            <p>{move || aoa.state.with(|s| format!("Ended in campaign turn {}, in {}. Campaign VP: {}. The log holds the whole story; Undo still works if a mistake was made.",
                s.turn, s.sector.name(), Side::BOTH.into_iter().map(|x| format!("{} {}", aoa.name(x), s.balance(x))).collect::<Vec<_>>().join(", ")))}</p>
        </div>
    }
}
