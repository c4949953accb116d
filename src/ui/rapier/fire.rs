//! Fire that is not ground combat: the Corps Commander's on-call missions on his secret TRPs,
//! the defender's support fire (the umpire's, behind the hand-over: his batteries may still
//! be face down), and the attackers' support fire, with the air strike and the extra
//! ammunition the random event may give. Odds come with every roll.

use super::phases::{act_or_roll, button};
use super::secret::{behind, words};
use super::{count, map_pick, Ro};
use crate::systems::rapier_offensive::combat::Side;
use crate::systems::rapier_offensive::fire::ready_batteries;
use crate::systems::rapier_offensive::grid::Sector;
use crate::systems::rapier_offensive::seats::{CORPS_COMMANDER, UMPIRE};
use crate::systems::rapier_offensive::state::{Place, Target};
use crate::systems::rapier_offensive::tables::{self, Event};
use crate::systems::rapier_offensive::Decision;
use leptos::prelude::*;

#[component]
pub fn OnCall() -> impl IntoView {
    let ro = expect_context::<Ro>();
    view! {
        <p class="hint" data-testid="on-call-left">{move || ro.state.with(|s| {
            let (battle, turn) = s.on_call_left();
            match (battle, turn) {
                (0, _) => format!("All {} on-call fire missions of the battle have been fired: nothing is left to call.", tables::ON_CALL_FM),
                (_, 0) => format!("No more on-call fire this turn ({} a turn); {} left for the rest of the battle.", tables::ON_CALL_FM_PER_TURN, count(battle, "mission", "missions")),
                _ => format!("The Corps Commander may call fire on his TRPs: {} of {} left for the battle, {} of them this turn at most, {} per TRP a turn. One die for everything in the sector, our own units too.",
                    battle, count(tables::ON_CALL_FM as usize, "mission", "missions"), turn, tables::ON_CALL_FM_PER_TRP_PER_TURN),
            }
        })}</p>
        {behind(ro, vec![CORPS_COMMANDER], words("call fire on a TRP", "", "on-call-panel"), |_| false, move |_| view! { <CallForm/> })}
        {button(ro, Decision::EndOnCall, "No more fire this turn".into(), "end-on-call", false)}
    }
}

#[component]
fn CallForm() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let chosen = RwSignal::new(None::<Sector>);
    let trps = move || ro.state.with(|s| s.trps.iter().flatten().copied().collect::<Vec<_>>());
    view! {
        <div class="choice-buttons">
            {move || trps().into_iter().map(|x| view! {
                <button type="button" class="btn seg" data-testid=format!("call-{}", super::sector_key(x)) class:on=move || chosen.get() == Some(x)
                    aria-pressed=move || (chosen.get() == Some(x)).to_string() on:click=move |_| chosen.set(Some(x))>
                    {move || ro.state.with(|s| format!("{x} ({}, {} ours)", count(s.counter_count(x), "counter", "counters"), s.attackers_in(x)))}</button>
            }).collect_view()}
        </div>
        {move || chosen.get().map(|x| act_or_roll(ro, Decision::CallFire { sector: x }, "Fire", "call-fire"))}
    }
}

/// Picking a target: a sector tapped on the map, then one enemy there.
fn target_pick(ro: Ro, defender_fires: bool, target: RwSignal<Option<Target>>) -> impl IntoView {
    let pick = map_pick();
    let at = RwSignal::new(None::<Sector>);
    pick.listen(move |x| {
        at.set(Some(x));
        target.set(None);
        pick.marked.set(vec![x]);
    });
    let targets = move || {
        at.get().map_or_else(Vec::new, |x| {
            ro.state.with(|s| {
                if defender_fires {
                    s.units
                        .iter()
                        .filter(|u| u.place == Place::On(x))
                        .map(|u| Target::Unit(u.origin))
                        .collect::<Vec<_>>()
                } else {
                    s.counters_in(x).map(|c| Target::Counter(c.id)).collect()
                }
            })
        })
    };
    view! {
        <p class="info">{move || match at.get() {
            None => "Tap the target's sector on the map.".to_string(),
            Some(x) => format!("Targets in {x}:"),
        }}</p>
        <div class="choice-buttons">
            {move || targets().into_iter().map(|t| {
                let key = match t { Target::Unit(r) => format!("unit-{}-{}", r.division + 1, r.unit), Target::Counter(id) => format!("counter-{id}") };
                view! {
                    <button type="button" class="btn seg" data-testid=format!("target-{key}") class:on=move || target.get() == Some(t)
                        aria-pressed=move || (target.get() == Some(t)).to_string() on:click=move |_| target.set(Some(t))>{ro.target_name(t)}</button>
                }
            }).collect_view()}
        </div>
    }
}

/// One side's support: a battery (or the air strike) and a target, then the roll.
#[component]
fn SupportForm(defender_fires: bool) -> impl IntoView {
    let ro = expect_context::<Ro>();
    let battery = RwSignal::new(None::<Target>);
    let air = RwSignal::new(false);
    let extra = RwSignal::new(false);
    let target = RwSignal::new(None::<Target>);
    let setup = ro.setup;
    let side = if defender_fires { Side::Defender } else { Side::Attacker };
    let batteries = move || ro.state.with(|s| setup.with(|st| ready_batteries(st, s, side)));
    let bonus = move || {
        ro.state.with(|s| match (s.event, s.support_bonus_used) {
            (_, true) => None,
            (Some(Event::DefenderAirStrike), _) if defender_fires => Some(Event::DefenderAirStrike),
            (Some(e @ (Event::AttackerAirStrike | Event::ExtraAmmo)), _) if !defender_fires => Some(e),
            _ => None,
        })
    };
    let key = |t: Target| match t {
        Target::Unit(r) => format!("unit-{}-{}", r.division + 1, r.unit),
        Target::Counter(id) => format!("counter-{id}"),
    };
    view! {
        <div class="support-form" data-testid="support-form">
            <p class="info">"Battery to fire (once a turn, not from a sector in contact):"</p>
            <div class="choice-buttons">
                {move || batteries().into_iter().map(|b| view! {
                    <button type="button" class="btn seg" data-testid=format!("battery-{}", key(b)) class:on=move || battery.get() == Some(b) && !air.get()
                        aria-pressed=move || (battery.get() == Some(b) && !air.get()).to_string() on:click=move |_| { battery.set(Some(b)); air.set(false); }>{ro.target_name(b)}</button>
                }).collect_view()}
                {move || (bonus() == Some(Event::AttackerAirStrike) || bonus() == Some(Event::DefenderAirStrike)).then(|| view! {
                    <button type="button" class="btn seg" data-testid="air-strike" class:on=move || air.get() aria-pressed=move || air.get().to_string()
                        on:click=move |_| air.set(true)>"This turn's air strike"</button>
                })}
            </div>
            {move || (bonus() == Some(Event::ExtraAmmo) && !air.get()).then(|| view! {
                <label class="check big-check"><input type="checkbox" data-testid="extra-ammo" prop:checked=move || extra.get() on:change=move |ev| extra.set(event_target_checked(&ev))/>" Use the extra ammunition: two dice"</label>
            })}
            {move || (air.get() || battery.get().is_some()).then(|| target_pick(ro, defender_fires, target))}
            {move || target.get().map(|t| {
                let d = if air.get() { Decision::AirStrike { target: t } } else {
                    Decision::SupportFire { battery: battery.get().unwrap_or(t), target: t, extra_ammo: extra.get() }
                };
                act_or_roll(ro, d, "Fire", "support-fire")
            })}
        </div>
    }
}

#[component]
pub fn DefenderSupport() -> impl IntoView {
    let ro = expect_context::<Ro>();
    view! {
        <p class="hint">"The umpire fires the defender's batteries at attacking units in range (mortars 1 sector, artillery and rockets 2). A face-down battery is turned face up when it fires."</p>
        {behind(ro, vec![UMPIRE], words("fire the defender's support", "", "defender-support-panel"), |_| false, move |_| view! { <SupportForm defender_fires=true/> })}
        {button(ro, Decision::EndSupport, "End the defender's support fire".into(), "end-support", false)}
    }
}

#[component]
pub fn AttackerSupport() -> impl IntoView {
    let ro = expect_context::<Ro>();
    view! {
        <p class="hint">"The attackers' batteries fire at counters in range: face-down ones too (one destroyed leaves face down). A battery revealed this turn may not be targeted."</p>
        <SupportForm defender_fires=false/>
        {button(ro, Decision::EndSupport, "End the attackers' support fire".into(), "end-support", false)}
    }
}
