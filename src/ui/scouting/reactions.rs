//! The defender's side of the night: his reaction to a move (reactive spotting, fire, close
//! combat), the sentries having seen a scout, a hit scout's retreat, and showing what is in
//! an area. Each answer that could give away where his troops are is made behind a hand-over
//! screen (`phases::DefenderOnly`).

use super::phases::{area_name, error_line, name, Contests, DefenderOnly, SentriesChoice};
use super::{place_short, Scouting};
use crate::systems::crossfire_scouting::rules::{self, reactions};
use crate::systems::crossfire_scouting::state::RevealCause;
use crate::systems::crossfire_scouting::tables::{MAX_FIRING_UNITS, MAX_OTHER_MODIFIER};
use crate::systems::crossfire_scouting::CrossfireScouting;
use crate::systems::crossfire_scouting::{Decision, Place, Quality, ScoutRef, Sentries, Sighting, Stage};
use crate::ui::campaign::PhoneFold;
use crate::ui::reactive::memo;
use leptos::prelude::*;
use serde::{de::DeserializeOwned, Serialize};

fn restored<T: DeserializeOwned>(part: &str) -> Option<T> {
    crate::ui::draft::restored::<CrossfireScouting, T>(part)
}

fn keep<T: Serialize + 'static>(part: &'static str, value: impl Fn() -> T + 'static) {
    crate::ui::draft::keep::<CrossfireScouting, T>(part, value)
}

/// A figure has moved where the defender could react.
#[component]
pub(super) fn ReactionStep(scout: ScoutRef, stage: Stage) -> impl IntoView {
    let s = expect_context::<Scouting>();
    let error = RwSignal::new(None::<String>);
    let who = name(&s, scout);
    let (from, to, open) = s.state.with(|st| {
        let f = st.figure(scout);
        (f.place, f.heading.unwrap_or(f.place), f.in_open)
    });
    let text = match stage {
        Stage::Moving => format!(
            "{who} moves from {} to {}{}.",
            place_short(&s, from),
            place_short(&s, to),
            if open { ", across open ground" } else { "" }
        ),
        Stage::Arrived => format!("{who} got through and reaches {}.", place_short(&s, to)),
    };
    let r = memo(move || s.state.with(|st| s.setup.with(|setup| reactions(setup, st))));
    let who2 = StoredValue::new(who.clone());
    view! {
        <p class="info" data-testid="reaction-text">{text}</p>
        <DefenderOnly prompt=format!("Defender: react to {who}'s move, or let him pass.")>
            {move || r.get().map(|r| {
                let who = who2.get_value();
                // Made behind the hand-over, so the answer in progress is kept under the
                // defender alone, and comes back (after a reload) only when he opens it again.
                let kept: ReactionDraft = restored("reaction").unwrap_or_default();
                let choice = RwSignal::new(["spot", "fire", "close"].into_iter().find(|c| kept.choice.as_deref() == Some(*c)));
                let scout_other = RwSignal::new(kept.scout_other);
                let defender_other = RwSignal::new(kept.defender_other);
                let watch = RwSignal::new(kept.watch);
                let defenders = RwSignal::new(kept.defenders);
                keep("reaction", move || ReactionDraft {
                    choice: choice.get().map(str::to_string),
                    scout_other: scout_other.get(),
                    defender_other: defender_other.get(),
                    watch: watch.get(),
                    defenders: defenders.get(),
                });
                view! {
                    <div class="choice-buttons">
                        <button class="btn big" data-testid="let-pass" on:click=move |_| { s.act(Decision::LetPass, error); }>"Let him pass"</button>
                        {r.reactive_spot.then(|| view! {
                            <button class="btn big" class:on=move || choice.get() == Some("spot") data-testid="react-spot" on:click=move |_| choice.set(Some("spot"))>"Reactive spotting roll"</button>
                        })}
                        {r.fire.then(|| view! {
                            <button class="btn big" class:on=move || choice.get() == Some("fire") data-testid="react-fire" on:click=move |_| choice.set(Some("fire"))>"Fire again (he is in your sights)"</button>
                        })}
                        {r.close_combat.map(|a| view! {
                            <button class="btn big" class:on=move || choice.get() == Some("close") data-testid="react-close" on:click=move |_| choice.set(Some("close"))>
                                {format!("Troops in {}: close combat", area_name(&s, a))}
                            </button>
                        })}
                    </div>
                    {move || match choice.get() {
                        Some("spot") => view! {
                            {move || {
                                let d = match watch.get() {
                                    Some(sentries) => Decision::ReactiveSpotBy { sentries },
                                    None => Decision::ReactiveSpot,
                                };
                                view! { {s.roll(d.clone(), "reactive spotting")} <Contests decision=d/> }
                            }}
                            <SentriesChoice watch=watch/>
                            <p class="warning">"If the sentries see him they must fire at him, or own up that no troops can see him."</p>
                        }.into_any(),
                        Some("fire") => view! { <FireForm scout=scout fixed=None/> }.into_any(),
                        Some("close") => view! {
                            // The settings and the dice first; how a round works after them. The
                            // other modifiers, seldom used, fold to one line on a phone.
                            <div class="row cc-settings">
                                <PhoneFold id="cc-modifiers" line=Signal::derive(move || format!("Modifiers: scout {}, defenders {}", signed(scout_other.get()), signed(defender_other.get())))>
                                    <Stepper label="Other modifiers, scout" testid="scout-other" value=scout_other/>
                                    <Stepper label="Other modifiers, defenders" testid="defender-other" value=defender_other/>
                                </PhoneFold>
                                <QualityChoice quality=defenders/>
                            </div>
                            {move || {
                                let d = Decision::CloseCombat { scout_other: scout_other.get(), defender_other: defender_other.get(), defenders: defenders.get() };
                                view! { {s.roll(d.clone(), "close combat")} <Contests decision=d/> }
                            }}
                            <p class="hint">{format!("One round: 1d6 each plus quality; +2 to the defenders if their sentries saw {who} try this area and held fire. Add any other modifiers the main rules give (never the defending officers' bonus). A tie is rolled again.")}</p>
                        }.into_any(),
                        _ => ().into_any(),
                    }}
                }
            })}
        </DefenderOnly>
        <p class="hint">"The defender is asked after every move where he could react, so being asked tells the scouting player nothing."</p>
        {error_line(error)}
    }
}

/// The defender's answer to a move in progress, as kept on the device.
#[derive(Default, serde::Serialize, serde::Deserialize)]
struct ReactionDraft {
    choice: Option<String>,
    scout_other: i8,
    defender_other: i8,
    watch: Option<Sentries>,
    defenders: Option<Quality>,
}

/// "+2", "0", "-1".
fn signed(v: i8) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// A small signed number with minus and plus buttons.
#[component]
fn Stepper(#[prop(into)] label: String, testid: &'static str, value: RwSignal<i8>) -> impl IntoView {
    view! {
        <div class="field">
            <span class="label">{label}</span>
            <div class="stepper">
                <button class="btn seg" data-testid=format!("{testid}-minus") on:click=move |_| value.update(|v| *v = (*v - 1).max(-MAX_OTHER_MODIFIER))>"\u{2212}"</button>
                <span class="step-value" data-testid=testid>{move || signed(value.get())}</span>
                <button class="btn seg" data-testid=format!("{testid}-plus") on:click=move |_| value.update(|v| *v = (*v + 1).min(MAX_OTHER_MODIFIER))>"+"</button>
            </div>
        </div>
    }
}

/// The defender's fire at a scout: from which area (fixed after a spotting attempt), how
/// many units, and whether the scout's leader watches; then the first volley.
#[component]
fn FireForm(scout: ScoutRef, fixed: Option<u16>) -> impl IntoView {
    let s = expect_context::<Scouting>();
    // Only areas the rules let fire come from now.
    let areas: Vec<(u16, String)> = s.campaign.with(|c| {
        (0..c.setup().areas.len() as u16)
            .filter(|&a| {
                let d = Decision::Fire { from: a, units: 1, leader_sees: false };
                let n = c.dice_for(&d).map_or(0, |spec| spec.count as usize);
                c.check(&d, &vec![1; n]).is_ok()
            })
            .map(|a| (a, c.setup().area_name(a)))
            .collect()
    });
    // Behind the defender's hand-over: kept under him alone until the volley is fired.
    let kept: Option<(u16, u8, bool)> = restored("fire");
    let kept_from = kept.map(|k| k.0).filter(|a| areas.iter().any(|x| x.0 == *a));
    let from = RwSignal::new(fixed.or(kept_from).or_else(|| areas.first().map(|a| a.0)).unwrap_or(0));
    let units = RwSignal::new(kept.map_or(1, |k| k.1.clamp(1, MAX_FIRING_UNITS)));
    let leader_sees = RwSignal::new(kept.is_some_and(|k| k.2));
    keep("fire", move || (from.get(), units.get(), leader_sees.get()));
    let leader_can_watch = s.state.with(|st| !scout.is_leader() && st.figure(scout.leader()).status.on_table());
    let leader = name(&s, scout.leader());
    view! {
        <div class="fire-form" data-testid="fire-form">
            {match fixed {
                Some(a) => view! { <p class="info">{format!("Fire from {}.", area_name(&s, a))}</p> }.into_any(),
                None => view! {
                    <label class="field">
                        <span class="label">"Fire from"</span>
                        <select data-testid="fire-from" on:change=move |ev| { if let Ok(v) = event_target_value(&ev).parse() { from.set(v); } }>
                            {areas.into_iter().map(|(i, n)| view! { <option value=i.to_string() selected=move || from.get() == i>{n}</option> }).collect_view()}
                        </select>
                    </label>
                }.into_any(),
            }}
            <div class="field">
                <span class="label">"Units firing"</span>
                <div class="stepper">
                    <button class="btn seg" data-testid="units-minus" on:click=move |_| units.update(|u| *u = (*u - 1).max(1))>"\u{2212}"</button>
                    <span class="step-value" data-testid="units">{move || units.get()}</span>
                    <button class="btn seg" data-testid="units-plus" on:click=move |_| units.update(|u| *u = (*u + 1).min(MAX_FIRING_UNITS))>"+"</button>
                </div>
            </div>
            <p class="hint fire-units-hint">"Each unit rolls alone; the worst counts."</p>
            {leader_can_watch.then(|| view! {
                <button class="btn toggle" class:on=move || leader_sees.get() aria-pressed=move || leader_sees.get().to_string() data-testid="leader-sees"
                    on:click=move |_| leader_sees.update(|v| *v = !*v)>
                    {move || if leader_sees.get() { format!("\u{2714} {leader} can see the firing troops") } else { format!("{leader} can see the firing troops?") }}
                </button>
            })}
            {move || s.roll(Decision::Fire { from: from.get(), units: units.get(), leader_sees: leader_sees.get() }, "fire")}
        </div>
    }
}

/// The sentries have seen a scout: the cat, or the defender fires, holds fire, or owns up.
#[component]
pub(super) fn SentriesSpotted(scout: ScoutRef, area: Option<u16>, scout_spots: bool, reactive: bool) -> impl IntoView {
    let s = expect_context::<Scouting>();
    let error = RwSignal::new(None::<String>);
    let who = name(&s, scout);
    let text = match (reactive, scout_spots, area) {
        (true, _, _) => format!("The sentries saw {who} moving in the open. The defender must now fire at him, or own up that no troops of his can see him."),
        (false, true, Some(a)) => format!("Both sides saw each other: {who} saw into {}, and the sentries saw him. The defender may fire; if {who} lives (or his leader watches), what is there is shown.", area_name(&s, a)),
        (false, _, Some(a)) => format!("{who} saw nothing in {}, but the sentries saw him, and he knows it. The defender may fire, or hold fire: should {who} then walk in, the defenders fight him with +2.", area_name(&s, a)),
        _ => format!("The sentries saw {who}."),
    };
    let cat_used = memo(move || s.state.with(|st| st.cat_used));
    view! {
        <p class="info" data-testid="spotted-text">{text}</p>
        <DefenderOnly prompt=format!("Defender: your sentries saw {who}. Answer in secret.")>
            {move || view! {
                <FireForm scout=scout fixed=if reactive { None } else { area }/>
                {if reactive {
                    view! {
                        <button class="btn big" data-testid="admit-no-sight" on:click=move |_| { s.act(Decision::AdmitNoSight, error); }>
                            "No troops of mine can see him (it was a bluff)"
                        </button>
                    }.into_any()
                } else {
                    view! {
                        <button class="btn big" data-testid="hold-fire" on:click=move |_| { s.act(Decision::HoldFire, error); }>"Hold fire"</button>
                    }.into_any()
                }}
            }}
        </DefenderOnly>
        <div class="cat-box">
            {move || if cat_used.get() {
                view! { <p class="hint" data-testid="cat-used">"The cat has already been played tonight."</p> }.into_any()
            } else {
                view! {
                    <p class="hint">"Scouting player: once a night, the sentry who saw the scout sees only a cat, blames it for the noise, and laughs. The spot is cancelled."</p>
                    <button class="btn big" data-testid="play-cat" on:click=move |_| { s.act(Decision::Cat, error); }>"Play the cat"</button>
                }.into_any()
            }}
        </div>
        {error_line(error)}
    }
}

/// A scout hit once makes his one straight move.
#[component]
pub(super) fn RetreatStep(scout: ScoutRef) -> impl IntoView {
    let s = expect_context::<Scouting>();
    let error = RwSignal::new(None::<String>);
    let who = name(&s, scout);
    let (places, here, cover) = s.campaign.with(|c| {
        let setup = c.setup();
        let st = c.state();
        let mut v: Vec<(Place, String)> = Vec::new();
        // The own edge last: retreating off the table ends the scout's night.
        let mut all: Vec<Place> = (0..setup.areas.len() as u16).map(Place::Area).collect();
        all.push(Place::OwnEdge);
        for p in all {
            if c.check(&Decision::Retreat { to: p }, &[]).is_ok() {
                let label = match p {
                    Place::OwnEdge => "Off the table at the own edge (his night ends)".to_string(),
                    Place::Area(a) => setup.areas[a as usize].name.clone(),
                };
                v.push((p, label));
            }
        }
        let f = st.figure(scout);
        (v, f.place, rules::in_cover(setup, f))
    });
    view! {
        <p class="info" data-testid="retreat-text">{format!("{who} was hit and falls back from {}: one straight move, {}.", place_short(&s, here),
            if cover { "out of the firers' sight" } else { "into cover" })}</p>
        <div class="chips">
            {places.into_iter().map(|(p, label)| {
                let tid = match p { Place::OwnEdge => "retreat-to-edge".to_string(), Place::Area(a) => format!("retreat-to-{a}") };
                let ends = p == Place::OwnEdge;
                view! { <button class="chip big" class:ends-night=ends data-testid=tid on:click=move |_| { s.act(Decision::Retreat { to: p }, error); }>{label}</button> }
            }).collect_view()}
        </div>
        {error_line(error)}
    }
}

/// The defender shows what is in an area.
#[component]
pub(super) fn RevealStep(scout: ScoutRef, area: u16, cause: RevealCause) -> impl IntoView {
    let s = expect_context::<Scouting>();
    let error = RwSignal::new(None::<String>);
    let what = crate::ui::draft::kept::<CrossfireScouting, _>("reveal-what", String::new());
    let who = name(&s, scout);
    let a = area_name(&s, area);
    let why = match cause {
        RevealCause::Spotted => format!("{who} saw into {a}."),
        RevealCause::Fired => format!("The troops in {a} gave themselves away by firing at {who}."),
        RevealCause::CloseCombat => format!("{who} won the close combat in {a}."),
    };
    let may_be_empty = cause == RevealCause::Spotted;
    view! {
        <p class="info" data-testid="reveal-text">{why}</p>
        <p class="hint">{format!("Defender: show the troops in {a} on the table{}, and note what they are if you like.", if may_be_empty { ", or say it is empty" } else { "" })}</p>
        <label class="field">
            <span class="label">"What is there (optional)"</span>
            <input type="text" class="wide" data-testid="reveal-what" placeholder="e.g. a rifle section"
                prop:value=move || what.get() on:input=move |ev| what.set(event_target_value(&ev))/>
        </label>
        <div class="choice-buttons">
            <button class="btn primary big" data-testid="reveal-troops" on:click=move |_| {
                s.act(Decision::Reveal { what: Sighting::Troops(what.get_untracked()) }, error);
            }>{format!("Troops in {a}")}</button>
            {may_be_empty.then(|| view! {
                <button class="btn big" data-testid="reveal-empty" on:click=move |_| { s.act(Decision::Reveal { what: Sighting::Empty }, error); }>{format!("{a} is empty")}</button>
            })}
        </div>
        {error_line(error)}
    }
}

/// The quality of the defending unit in a close combat: the usual sentries', or its own.
#[component]
fn QualityChoice(quality: RwSignal<Option<Quality>>) -> impl IntoView {
    let s = expect_context::<Scouting>();
    let usual = s.setup.with(|x| x.sentries.quality);
    let options: Vec<(String, Option<Quality>)> =
        std::iter::once((format!("As the usual sentries ({})", usual.name()), None))
            .chain(Quality::ALL.into_iter().map(|q| (format!("This unit: {}", q.name()), Some(q))))
            .collect();
    let values: Vec<Option<Quality>> = options.iter().map(|o| o.1).collect();
    view! {
        <div class="field">
            <label for="cc-quality">"Quality of the unit fighting"</label>
            <select id="cc-quality" data-testid="defenders-quality" on:change=move |ev| {
                if let Some(v) = event_target_value(&ev).parse::<usize>().ok().and_then(|i| values.get(i).copied()) { quality.set(v); }
            }>
                {options.into_iter().enumerate().map(|(i, (label, v))| view! {
                    <option value=i.to_string() selected=move || quality.get() == v>{label}</option>
                }).collect_view()}
            </select>
        </div>
    }
}
