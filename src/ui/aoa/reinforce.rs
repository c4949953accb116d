//! Reinforcements (with the top-up to two depleted combat platoons) and support exchanges.

use super::phases::{error_line, refused, Count};
use super::{slug, Aoa};
use crate::systems::axis_of_attack::carriers::carriers_checked;
use crate::systems::axis_of_attack::preview::reinforcement_chance;
use crate::systems::axis_of_attack::rules::{
    exchange_leftover, reinforceable, reinforcement_dice, top_up_candidates, top_up_dice, top_up_offer,
    top_up_suggestion,
};
use crate::systems::axis_of_attack::tables::{self, Role};
use crate::systems::axis_of_attack::{Decision, DiceFor, Platoon, Side};
use crate::ui::reactive::memo;
use leptos::prelude::*;

#[component]
pub(super) fn Reinforcements() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let turn = memo(move || aoa.state.with(|s| s.current().cloned()));
    // One player at a time, west first: the dice widget serves one roll.
    let next = memo(move || {
        turn.get().and_then(|t| Side::BOTH.into_iter().find(|s| t.reinforcement[s.index()].is_none()))
    });
    // Whose form is shown, and whether it is the top-up offer first.
    let stage = memo(move || next.get().map(|side| (side, aoa.state.with(|s| top_up_offer(s, side).is_some()))));
    view! {
        {move || stage.get().map(|(side, offered)| if offered {
            view! { <TopUpForm side=side/> }.into_any()
        } else {
            view! { <ReinforceForm side=side/> }.into_any()
        })}
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
                            <p>{format!("Topped up to {} depleted combat platoons, one reinforcement die per level:", tables::MIN_DEPLETED_COMBAT)}</p>
                            <ul>{auto.iter().map(|a| view! { <li>{format!("{}: {} \u{2192} {} ({} {})", aoa.platoon(side, a.platoon), a.from.name(), a.to.name(), a.dice, if a.dice == 1 { "die" } else { "dice" })}</li> }).collect_view()}</ul>
                        </div>
                    })}
                    {done.map(|r| view! {
                        <ul data-testid=format!("reinforced-{}", slug(side))>
                            {(r.vp > 0).then(|| view! { <li>{format!("Spent {} VP for {} more dice.", r.vp, r.vp as u16 * tables::DICE_PER_VP)}</li> })}
                            {r.lines.iter().map(|l| view! { <li>{format!("{}: rolled {:?} needing {}+ \u{2192} {}", aoa.platoon(side, l.platoon), l.dice, l.needs,
                                if l.to != l.from { format!("up to {}", l.to.name().to_ascii_lowercase()) } else { format!("stays {}", l.to.name().to_ascii_lowercase()) })}</li> }).collect_view()}
                            {r.lines.is_empty().then(|| view! { <li>"No dice rolled."</li> })}
                        </ul>
                    })}
                </div>
            }
        }).collect_view())}
    }
}

/// The company is short of two depleted combat platoons: the player may top it up, choosing
/// the platoons (the nearest to depleted are ticked), or decline and keep every die.
#[component]
fn TopUpForm(side: Side) -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    let (most, picked) = aoa.state.with_untracked(|s| {
        let most = top_up_offer(s, side).unwrap_or(0);
        let suggested = top_up_suggestion(s, side);
        let c: Vec<(u16, String, u16, RwSignal<bool>)> = top_up_candidates(s, side)
            .into_iter()
            .map(|i| {
                let p = s.platoon(side, i).unwrap();
                let name = format!("{} ({})", p.name(), p.strength.name().to_ascii_lowercase());
                (i, name, top_up_dice(p), RwSignal::new(suggested.contains(&i)))
            })
            .collect();
        (most, c)
    });
    let picked = StoredValue::new(picked);
    let chosen =
        memo(move || picked.with_value(|v| v.iter().filter(|x| x.3.get()).map(|x| x.0).collect::<Vec<u16>>()));
    let problem = memo(move || refused(aoa, &Decision::TopUp { side, platoons: chosen.get() }));
    view! {
        <div class="card top-up" data-testid=format!("top-up-{}", slug(side))>
            <h3>{format!("{}: top up to {} depleted combat platoons?", aoa.name(side), tables::MIN_DEPLETED_COMBAT)}</h3>
            <ul class="plain">
                {picked.get_value().into_iter().map(|(i, name, d, on)| view! {
                    <li><label class="check"><input type="checkbox" data-testid=format!("top-up-{}-{i}", slug(side)) prop:checked=move || on.get()
                        on:change=move |ev| on.set(event_target_checked(&ev))/>{format!(" {name}: {d} {}", if d == 1 { "die" } else { "dice" })}</label></li>
                }).collect_view()}
            </ul>
            {move || problem.get().map(|e| view! { <p class="warning" data-testid=format!("top-up-problem-{}", slug(side))>{e}</p> })}
            <div class="actions">
                <button class="btn primary big" data-testid=format!("top-up-take-{}", slug(side)) disabled=move || problem.get().is_some() || chosen.with(Vec::is_empty)
                    on:click=move |_| { aoa.act(Decision::TopUp { side, platoons: chosen.get_untracked() }, error); }>"Top up these platoons"</button>
                <button class="btn" data-testid=format!("top-up-decline-{}", slug(side))
                    on:click=move |_| { aoa.act(Decision::TopUp { side, platoons: Vec::new() }, error); }>"Decline: keep every die"</button>
            </div>
            {error_line(error)}
            <p class="hint">{format!("The company has fewer than {} combat platoons fit to fight. You may raise up to {most} of these to depleted at once, each level using one of your {} reinforcement dice; they cannot be reinforced again this turn.", tables::MIN_DEPLETED_COMBAT, tables::REINFORCEMENT_DICE)}</p>
        </div>
    }
}

#[component]
fn ReinforceForm(side: Side) -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    let vp = RwSignal::new(0u16);
    let balance = aoa.state.with_untracked(|s| s.balance(side).max(0) as u16);
    // The usual action is to roll: the dice start spread over the platoons that can grow,
    // in roster order, and the player moves them.
    let (list, start_dice) = aoa.state.with_untracked(|s| (reinforceable(s, side), reinforcement_dice(s, side, 0)));
    let platoons: Vec<(u16, RwSignal<u16>)> = list
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let n = list.len() as u16;
            let share = start_dice / n.max(1) + u16::from((k as u16) < start_dice % n.max(1));
            (i, RwSignal::new(share))
        })
        .collect();
    let platoons = StoredValue::new(platoons);
    let available = Signal::derive(move || aoa.state.with(|s| reinforcement_dice(s, side, vp.get().min(255) as u8)));
    let assign = memo(move || {
        platoons.with_value(|v| {
            v.iter()
                .filter(|(_, d)| d.get() > 0)
                .map(|(i, d)| DiceFor { platoon: *i, dice: d.get().min(255) as u8 })
                .collect::<Vec<_>>()
        })
    });
    let assigned = move || assign.with(|a| a.iter().map(|x| x.dice as u16).sum::<u16>());
    let decision = memo(move || Decision::Reinforce { side, vp: vp.get().min(255) as u8, assign: assign.get() });
    // Dice never change whether an assignment is legal: check it with any faces.
    let problem = memo(move || {
        let d = decision.get();
        let n = assigned() as usize;
        aoa.campaign.with(|c| c.check(&d, &vec![6; n]).err().map(|e| e.to_string()))
    });
    view! {
        <div class="card reinforce-form" data-testid=format!("reinforce-form-{}", slug(side))>
            <h3>{format!("{}: assign reinforcement dice", aoa.name(side))}</h3>
            <Count label=format!("Campaign VP spent for more dice (you have {balance})") value=vp max=Signal::derive(move || balance) testid=format!("reinforce-vp-{}", slug(side))/>
            <p class="counter" data-testid=format!("dice-count-{}", slug(side))>{move || format!("{} of {} dice assigned", assigned(), available.get())}</p>
            {move || problem.get().map(|e| view! { <p class="warning" data-testid=format!("reinforce-problem-{}", slug(side))>{e}</p> })}
            {move || {
                // Read every input first, so the widget follows each change.
                let (d, n, bad) = (decision.get(), assigned(), problem.get().is_some());
                if bad {
                    ().into_any()
                } else if n == 0 {
                    let nothing = platoons.with_value(|v| v.is_empty());
                    view! { <button class="btn big" class:primary=nothing data-testid=format!("no-reinforcement-{}", slug(side))
                        on:click=move |_| { aoa.act(decision.get_untracked(), error); }>{if nothing { "Carry on: nothing to reinforce" } else { "Roll no dice this turn" }}</button> }.into_any()
                } else {
                    view! { <p class="hint">"Dice are read in the order of the list: each platoon's dice one after the other."</p>{aoa.roll(d, "reinforcement dice")} }.into_any()
                }
            }}
            {move || (assigned() > 0 && problem.get().is_none()).then(|| view! {
                <div class="actions secondary-choice">
                    <button class="btn" data-testid=format!("no-reinforcement-{}", slug(side))
                        on:click=move |_| { aoa.act(Decision::Reinforce { side, vp: 0, assign: Vec::new() }, error); }>"Roll no dice this turn"</button>
                </div>
            })}
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
                                <span class="u-meta">{format!("{} \u{2192} {} \u{00B7} needs {needs}+{}", from.name(), to.name().to_ascii_lowercase(), if tank { " (all tanks)" } else { "" })}</span>
                            </div>
                            <Count label="Dice" value=dice max=max testid=format!("dice-{}-{i}", slug(side))/>
                            <span class="odds-pct" data-testid=format!("chance-{}-{i}", slug(side))>{move || if dice.get() == 0 { "\u{2013}".to_string() } else { reinforcement_chance(dice.get() as u32, needs).percent() }}</span>
                        </li>
                    }
                }).collect_view()}
            </ul>
            {error_line(error)}
        </div>
    }
}

#[component]
pub(super) fn Exchanges() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let turn = memo(move || aoa.state.with(|s| s.current().cloned()));
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
                        p.strength.name().to_ascii_lowercase(),
                        p.platoon.points
                    ),
                )
            })
            .collect()
    });
    let chosen = RwSignal::new(None::<u16>);
    let value = RwSignal::new(String::new());
    let no_transport = !aoa.state.with_untracked(carriers_checked);
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
        under_strength: Some(false),
        vehicles: String::new(),
        transport: false,
    });
    let decision = move || {
        chosen.get().map(|platoon| Decision::ExchangeSupport {
            side,
            platoon,
            value: value.get().trim().parse().unwrap_or(0),
            new: new.get(),
        })
    };
    let problem = memo(move || match decision() {
        None => Some("Choose the platoon to give up.".to_string()),
        Some(d) => refused(aoa, &d),
    });
    view! {
        <div class="card" data-testid=format!("exchange-{}", slug(side))>
            <h3>{format!("{}: exchange a support platoon?", aoa.who(side))}</h3>
            <button class="btn big" class:primary=move || chosen.get().is_none() data-testid=format!("done-exchanging-{}", slug(side))
                on:click=move |_| { aoa.act(Decision::DoneExchanging { side }, error); }>"No (more) exchanges"</button>
            <div class="chips">
                {eligible.into_iter().map(|(i, label)| view! {
                    <button type="button" class="chip" class:killed=move || chosen.get() == Some(i) data-testid=format!("exchange-old-{}-{i}", slug(side)) on:click=move |_| chosen.set(Some(i))>{label}</button>
                }).collect_view()}
            </div>
            {move || chosen.get().is_some().then(|| view! {
                <label class="field"><span>"What it is worth now, in points"</span>
                    <input type="number" inputmode="numeric" data-testid=format!("exchange-value-{}", slug(side)) prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev))/></label>
                <h4>"The new support platoon"</h4>
                <super::wizard::PlatoonFields platoon=new fixed_role=Role::Support testid=format!("exchange-new-{}", slug(side)) no_transport=no_transport/>
                <p class="info" data-testid=format!("exchange-leftover-{}", slug(side))>{move || {
                    let v: u32 = value.get().trim().parse().unwrap_or(0);
                    let cost = new.with(|p| p.points);
                    match exchange_leftover(v, cost) {
                        _ if cost > v => format!("The new platoon costs {cost} points, more than the {v} the old one is worth."),
                        0 => "No points are left over.".to_string(),
                        lost => format!("{lost} point{} left over will be lost: they are not kept for later.", if lost == 1 { "" } else { "s" }),
                    }
                }}</p>
                {move || problem.get().map(|e| view! { <p class="warning">{e}</p> })}
                <button class="btn primary big" data-testid=format!("exchange-submit-{}", slug(side)) disabled=move || problem.get().is_some()
                    on:click=move |_| if let Some(d) = decision() { aoa.act(d, error); }>{format!("Exchange for {} VP", tables::EXCHANGE_COST)}</button>
            })}
            {error_line(error)}
        </div>
    }
}
