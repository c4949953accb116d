//! The night's steps: which step shows, the scouting player's own step (pick a figure, move,
//! spot, bank, call the night over), the clock roll and the opposed rolls shown side by side.
//! The defender's answers are in `reactions`. The scouting player and the defender share one
//! tablet: every answer of the defender that could give away where his troops are is made
//! behind a hand-over screen ("I am the defender: answer"), and hidden again once given.

use super::reactions::{ReactionStep, RetreatStep, RevealStep, SentriesSpotted};
use super::{fig_id, Scouting};
use crate::engine::dice::values;
use crate::systems::crossfire_scouting::preview::contests;
use crate::systems::crossfire_scouting::rules::{self, waiting_for, Actor};
use crate::systems::crossfire_scouting::seats;
use crate::systems::crossfire_scouting::tables;
use crate::systems::crossfire_scouting::CrossfireScouting;
use crate::systems::crossfire_scouting::{ClockReason, Decision, Phase, Place, Quality, ScoutRef, Sentries, Status};
use crate::ui::handover::{hand_over, Hand, Words};
use crate::ui::reactive::{effect, memo};
use leptos::prelude::*;

/// The figure the scouting player is working with, kept across steps.
#[derive(Clone, Copy)]
struct Selected(RwSignal<Option<ScoutRef>>);

pub(super) fn name(s: &Scouting, r: ScoutRef) -> String {
    s.setup.with(|x| x.name(r))
}

pub(super) fn area_name(s: &Scouting, a: u16) -> String {
    s.setup.with(|x| x.area_name(a))
}

pub(super) fn error_line(error: RwSignal<Option<String>>) -> impl IntoView {
    move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="step-error">{e}</p> })
}

#[component]
pub fn PhaseView() -> impl IntoView {
    let s = expect_context::<Scouting>();
    provide_context(Selected(RwSignal::new(None)));
    let phase = memo(move || s.state.with(|st| st.phase));
    let whose = memo(move || s.state.with(waiting_for));
    view! {
        <div class="phase scouting-phase" data-testid="phase">
            {move || s.setup.with(|x| x.origin.clone()).map(|o| view! {
                <p class="origin-line" data-testid="origin">{format!("Before the Race for X battle: turn {}, player {}'s attack against a {}.", o.turn, o.side, o.battle)}</p>
            })}
            <div class="phase-title-row">
                <h2 class="phase-title" data-testid="phase-title">{move || phase.get().name()}</h2>
                <span class="whose" data-testid="whose">{move || match whose.get() {
                    Actor::ScoutingPlayer => "Scouting player",
                    Actor::Defender => "Defender",
                    Actor::Either => "Either player",
                    Actor::Nobody => "",
                }}</span>
            </div>
            {move || match phase.get() {
                Phase::Scouting => view! { <ScoutingStep/> }.into_any(),
                Phase::Reaction { scout, stage } => view! { <ReactionStep scout=scout stage=stage/> }.into_any(),
                Phase::SentriesSpotted { scout, area, scout_spots, reactive } =>
                    view! { <SentriesSpotted scout=scout area=area scout_spots=scout_spots reactive=reactive/> }.into_any(),
                Phase::Fire { scout, from, units_left, worst, .. } => {
                    let text = format!("{} more unit{} in {} to fire at {}. Worst so far: {}.",
                        units_left, if units_left == 1 { "" } else { "s" }, area_name(&s, from), name(&s, scout), worst.name().to_ascii_lowercase());
                    view! {
                        <p class="info" data-testid="fire-text">{text}</p>
                        {s.roll(Decision::Volley, "next volley")}
                    }.into_any()
                }
                Phase::CloseCombatTie { scout, area, .. } => view! {
                    <p class="info" data-testid="tie-text">{format!("Close combat in {}: a tie. Roll again.", area_name(&s, area))}</p>
                    <p class="hint">{format!("{} and the defenders roll again until one side wins.", name(&s, scout))}</p>
                    {s.roll(Decision::RollAgain, "close combat again")}
                    <Contests decision=Decision::RollAgain/>
                }.into_any(),
                Phase::Retreat { scout } => view! { <RetreatStep scout=scout/> }.into_any(),
                Phase::Reveal { scout, area, cause } => view! { <RevealStep scout=scout area=area cause=cause/> }.into_any(),
                Phase::Clock { reason } => {
                    let why = match reason {
                        ClockReason::Spotting(r) => format!("{}'s spotting attempt took time.", name(&s, r)),
                        ClockReason::ThirdMove(r) => format!("{} has made three moves in a row without spotting or drawing a reaction.", name(&s, r)),
                    };
                    view! {
                        <p class="info" data-testid="clock-why">{why}</p>
                        {s.roll(Decision::ClockRoll, "clock")}
                    }.into_any()
                }
                Phase::Over => view! { <super::findings::NightOver/> }.into_any(),
            }}
            <LastContest/>
        </div>
    }
}

/// What the defender alone may see, behind the shared hand-over: the card until he says it
/// is him, then his choices (the screen reads as the defender meanwhile), hidden again by a
/// button or Escape.
#[component]
pub(super) fn DefenderOnly(#[prop(into)] prompt: String, children: ChildrenFn) -> impl IntoView {
    let s = expect_context::<Scouting>();
    let hand = Hand { seat: seats::DEFENDER, name: "the defender".into(), key: "defender".into() };
    let words = Words {
        action: "answer",
        done: "has answered",
        panel: "defender-panel",
        hide: Some(("defender-hide", "Hide again")),
        reveal: Some("defender-answer"),
        class: "defender",
    };
    let children = StoredValue::new(children);
    view! {
        // What is asked, shown on the card side only: room for the answer once it is open.
        {move || s.peek.get().is_none().then(|| view! { <p class="info">{prompt.clone()}</p> })}
        {hand_over(vec![hand], s.peek, |_| false, words, move |_| children.with_value(|c| c()))}
    }
}

/// The scouting player's step in progress, as kept on the device: the figure picked, the move
/// across open ground, the area to spot and the sentries said to watch it.
type ScoutingDraft = (Option<ScoutRef>, bool, Option<u16>, Option<Sentries>);

/// The scouting player's step: pick a figure, then move it, try to spot, or bank; or call
/// the night over.
#[component]
fn ScoutingStep() -> impl IntoView {
    let s = expect_context::<Scouting>();
    let Selected(selected) = expect_context::<Selected>();
    let error = RwSignal::new(None::<String>);
    // The figure picked and what is set for its step survive a reload, until a step is taken.
    let kept: Option<ScoutingDraft> = crate::ui::draft::restored::<CrossfireScouting, _>("scouting");
    let (kept_figure, kept_open, kept_spot, kept_watch) = kept.unwrap_or_default();
    if selected.get_untracked().is_none() {
        selected.set(kept_figure);
    }
    let in_open = RwSignal::new(kept_open);
    let spot_area = RwSignal::new(kept_spot);
    let watch = RwSignal::new(kept_watch);
    crate::ui::draft::keep::<CrossfireScouting, _>("scouting", move || {
        (selected.get(), in_open.get(), spot_area.get(), watch.get())
    });
    let confirm_end = RwSignal::new(false);
    let keep_scouting = NodeRef::<leptos::html::Button>::new();
    effect(move || {
        if let Some(b) = keep_scouting.get() {
            let _ = b.focus();
        }
    });
    // Figures that may still act, with what the player needs to choose between them.
    let figures = memo(move || {
        s.state.with(|st| {
            s.setup.with(|setup| {
                st.refs()
                    .into_iter()
                    .filter(|r| matches!(st.figure(*r).status, Status::Waiting | Status::Active))
                    .map(|r| {
                        let f = st.figure(r);
                        let place = if f.status == Status::Waiting {
                            "at the start line".to_string()
                        } else {
                            format!("in {}", setup.place_name(f.place))
                        };
                        (r, setup.name(r), place, f.moves)
                    })
                    .collect::<Vec<_>>()
            })
        })
    });
    // A figure no longer able to act is dropped from the selection.
    effect(move || {
        let list = figures.get();
        if let Some(r) = selected.get_untracked() {
            if !list.iter().any(|f| f.0 == r) {
                selected.set(None);
            }
        }
    });
    let pick = move |r: ScoutRef| {
        selected.set(Some(r));
        spot_area.set(None);
        in_open.set(false);
        error.set(None);
    };
    let do_move = move |r: ScoutRef, to: Place| {
        if s.act(Decision::Move { scout: r, to, in_open: in_open.get_untracked() }, error) {
            in_open.set(false);
            spot_area.set(None);
        }
    };
    let out_now = move || s.state.with(|st| st.refs().into_iter().filter(|r| st.figure(*r).status.on_table()).count());

    view! {
        {move || selected.get().map(|r| {
            let who = name(&s, r);
            let (places, spots, bank) = s.state.with(|st| s.setup.with(|setup| {
                let mut places: Vec<(Place, String)> = Vec::new();
                for (i, a) in setup.areas.iter().enumerate() {
                    let p = Place::Area(i as u16);
                    if rules::may_move(setup, st, r, p).is_ok() {
                        let here = st.figure(r).place == p && st.figure(r).status != Status::Waiting;
                        let label = format!("{}{}{}", a.name, if a.cover { "" } else { " (open)" }, if here { " \u{00B7} move on within it" } else { "" });
                        places.push((p, label));
                    }
                }
                // Last: going home ends the figure's night.
                if rules::may_move(setup, st, r, Place::OwnEdge).is_ok() {
                    places.push((Place::OwnEdge, "Off the table to the own edge (report; his night ends)".into()));
                }
                let spots: Vec<(u16, String)> = rules::areas_to_spot(setup, st, r).into_iter().map(|a| {
                    let x = &setup.areas[a as usize];
                    (a, format!("{}{}", x.name, if x.cover { " (cover)" } else { " (open)" }))
                }).collect();
                let bank = rules::may_bank(setup, st, r).is_ok();
                (places, spots, bank)
            }));
            let spot_why = s.state.with(|st| s.setup.with(|setup| {
                if spots.is_empty() {
                    setup.areas.first().and_then(|_| (0..setup.areas.len() as u16).find_map(|a| rules::may_spot(setup, st, r, a).err()).map(|e| e.to_string()))
                } else { None }
            }));
            view! {
                <div class="scout-actions" data-testid="scout-actions">
                    <h3 class="visually-hidden">{format!("{who}: what next?")}</h3>
                    {bank.then(|| view! {
                        <button class="btn primary big" data-testid="bank" on:click=move |_| { s.act(Decision::Bank { scout: r }, error); }>
                            {format!("{who} reports his finds to his leader (base to base)")}
                        </button>
                    })}
                    <div class="action-box" class:hidden=move || spot_area.get().is_some()>
                        <h4>"Move one move action to"</h4>
                        <button class="btn toggle" class:on=move || in_open.get() aria-pressed=move || in_open.get().to_string() data-testid="move-open"
                            on:click=move |_| in_open.update(|v| *v = !*v)>
                            {move || if in_open.get() { "\u{2714} The move crosses open ground" } else { "The move crosses open ground?" }}
                        </button>
                        <div class="chips">
                            {places.into_iter().map(|(p, label)| {
                                let tid = match p { Place::OwnEdge => "move-to-edge".to_string(), Place::Area(a) => format!("move-to-{a}") };
                                let ends = p == Place::OwnEdge;
                                view! { <button class="chip big" class:ends-night=ends data-testid=tid on:click=move |_| do_move(r, p)>{label}</button> }
                            }).collect_view()}
                        </div>
                    </div>
                    <div class="action-box">
                        <h4>"Try to spot an area he touches"</h4>
                        {spot_why.map(|w| view! { <p class="hint" data-testid="no-spot">{w}</p> })}
                        <div class="chips">
                            {spots.into_iter().map(|(a, label)| view! {
                                <button class="chip big" class:on=move || spot_area.get() == Some(a) class:hidden=move || spot_area.get().is_some_and(|x| x != a) aria-pressed=move || (spot_area.get() == Some(a)).to_string() data-testid=format!("spot-{a}")
                                    on:click=move |_| spot_area.set(Some(a))>{label}</button>
                            }).collect_view()}
                        </div>
                        {move || spot_area.get().map(|a| view! {
                            <div class="spot-roll" data-testid="spot-roll">
                                <button class="btn" data-testid="spot-cancel" on:click=move |_| spot_area.set(None)>"Not now: back to moving"</button>
                                {move || view! {
                                    {s.roll(Decision::AttemptSpot { scout: r, area: a, sentries: watch.get() }, "spotting")}
                                    <Contests decision=Decision::AttemptSpot { scout: r, area: a, sentries: watch.get() }/>
                                }}
                                <SentriesChoice watch=watch/>
                                <p class="hint">"Two opposed rolls: his eyes against the sentries' concealment, then the sentries' eyes against his stealth. Each side: -1 green, +1 veteran, +1 special training, -1 if its foe is in cover; only a higher total sees."</p>
                            </div>
                        })}
                    </div>
                </div>
            }
        })}
        <div class="fig-picker" role="group" aria-label="Figures">
            {move || figures.get().into_iter().map(|(r, n, place, moves)| view! {
                <button class="unit-toggle fig-pick" class:on=move || selected.get() == Some(r) aria-pressed=move || (selected.get() == Some(r)).to_string()
                    data-testid=format!("pick-{}", fig_id(r)) on:click=move |_| pick(r)>
                    <span class="u-name">{if r.is_leader() { format!("\u{2605} {n}") } else { n }}</span>
                    <span class="u-meta">{place}</span>
                    {(moves > 0).then(|| view! { <span class="u-meta">{format!("move {} of {}", moves, tables::MOVES_PER_CLOCK_ROLL)}</span> })}
                </button>
            }).collect_view()}
        </div>
        <p class="hint">"Choose a figure, then move it one move action, have it try to spot an area it touches, or have a scout report to his leader. Three moves in a row without spotting or drawing a reaction cost a clock roll."</p>
        <div class="end-night">
            {move || if confirm_end.get() {
                let out = out_now();
                view! {
                    <div class="secret" data-testid="end-night-box" role="alertdialog" aria-label="End the night"
                        on:keydown=move |ev| if ev.key() == "Escape" { confirm_end.set(false); }>
                        <p class="warning">{if out == 0 { "End the night now? Nobody is out on the table.".to_string() } else {
                            format!("End the night now? {out} figure{} still out on the table will be too late for the briefing, and what only they know is lost.", if out == 1 { "" } else { "s" }) }}</p>
                        <div class="actions">
                            <button class="btn big" node_ref=keep_scouting on:click=move |_| confirm_end.set(false)>"Keep scouting"</button>
                            <button class="btn big danger" data-testid="end-night-confirm" on:click=move |_| { s.act(Decision::EndNight, error); }>"End the night"</button>
                        </div>
                    </div>
                }.into_any()
            } else {
                view! { <button class="btn" data-testid="end-night" on:click=move |_| confirm_end.set(true)>"Call the night over"</button> }.into_any()
            }}
        </div>
        {error_line(error)}
    }
}

/// Which sentries watch: the usual ones, or a unit's own (the defender says so with the roll).
#[component]
pub(super) fn SentriesChoice(watch: RwSignal<Option<Sentries>>) -> impl IntoView {
    let s = expect_context::<Scouting>();
    let usual = s.setup.with(|x| x.sentries);
    let id = "sentries-watching".to_string();
    let options: Vec<(String, Option<Sentries>)> = std::iter::once((
        format!("The usual sentries ({}{})", usual.quality.name(), if usual.trained { ", trained" } else { "" }),
        None,
    ))
    .chain(Quality::ALL.into_iter().flat_map(|q| {
        [false, true].map(|trained| {
            (
                format!("This unit's own: {}{}", q.name(), if trained { ", trained" } else { "" }),
                Some(Sentries { quality: q, trained }),
            )
        })
    }))
    .collect();
    let values: Vec<Option<Sentries>> = options.iter().map(|o| o.1).collect();
    view! {
        <div class="field">
            <label for=id.clone()>"Sentries watching (the defender says if a unit's own differ)"</label>
            <select id=id data-testid="sentries-watching" on:change=move |ev| {
                if let Some(v) = event_target_value(&ev).parse::<usize>().ok().and_then(|i| values.get(i).copied()) { watch.set(v); }
            }>
                {options.into_iter().enumerate().map(|(i, (label, v))| view! {
                    <option value=i.to_string() selected=move || watch.get() == v>{label}</option>
                }).collect_view()}
            </select>
        </div>
    }
}

/// The opposed rolls a decision makes, each side apart: its die, its own modifiers and what
/// they add to its die. Nothing adds the two sides' modifiers together.
#[component]
pub(super) fn Contests(decision: Decision) -> impl IntoView {
    let s = expect_context::<Scouting>();
    let list = s.state.with(|st| s.setup.with(|setup| contests(setup, st, &decision)));
    let side = |x: &crate::systems::crossfire_scouting::preview::RollSide| {
        let m = x.modifier();
        view! {
            <div class="contest-side" data-testid="contest-side">
                <p class="contest-who">{x.who.clone()}</p>
                <ul class="modifiers">
                    {x.modifiers.iter().map(|m| view! { <li>{format!("{:+} {}", m.value, m.label)}</li> }).collect_view()}
                </ul>
                <p class="contest-total" data-testid="contest-total">{if m == 0 { "Total: his die".to_string() } else { format!("Total: his die {m:+}") }}</p>
            </div>
        }
    };
    view! {
        <div class="contests" data-testid="contests">
            {list.iter().map(|c| view! {
                <div class="contest" data-testid="contest">
                    <p class="contest-what">{format!("{} ({})", c.what, c.wins)}</p>
                    <div class="contest-sides">{side(&c.first)}<span class="versus">"against"</span>{side(&c.second)}</div>
                </div>
            }).collect_view()}
        </div>
    }
}

/// Right after an opposed roll: each side's die, modifiers and total, apart.
#[component]
fn LastContest() -> impl IntoView {
    let s = expect_context::<Scouting>();
    let last = memo(move || {
        s.campaign.with(|c| {
            let e = c.active_entries().last()?.clone();
            if !matches!(
                e.decision,
                Decision::AttemptSpot { .. }
                    | Decision::ReactiveSpot
                    | Decision::ReactiveSpotBy { .. }
                    | Decision::CloseCombat { .. }
                    | Decision::RollAgain
            ) {
                return None;
            }
            let mut before = c.clone();
            before.undo();
            let dice = values(&e.dice);
            let lines: Vec<String> = contests(before.setup(), before.state(), &e.decision)
                .iter()
                .filter_map(|x| Some(format!("{}: {}.", x.what, x.outcome(&dice)?)))
                .collect();
            (!lines.is_empty()).then_some(lines)
        })
    });
    move || {
        last.get().map(|lines| {
            view! {
                <div class="last-contest" data-testid="last-contest" aria-live="polite">
                    <h3>"The roll just made"</h3>
                    <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                </div>
            }
        })
    }
}
