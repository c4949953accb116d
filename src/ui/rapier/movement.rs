//! Movement: the attackers' (a unit picked on the map, its path tapped sector by sector,
//! the reserves brought forward at the command post) and the defender's (the umpire's
//! movers, behind the hand-over since only he knows what the counters are).

use super::phases::{act_or_roll, button, error_line, problem, takes_dice};
use super::secret::{behind, words};
use super::{count, map_pick, MapPick, Ro};
use crate::systems::rapier_offensive::grid::{Frontage, Sector, LINES};
use crate::systems::rapier_offensive::movement::headless_moves;
use crate::systems::rapier_offensive::seats::{CORPS_COMMANDER, UMPIRE};
use crate::systems::rapier_offensive::setup::ATTACKING_DIVISIONS;
use crate::systems::rapier_offensive::state::{CounterPlace, Phase, Place, UnitRef};
use crate::systems::rapier_offensive::units::Piece;
use crate::systems::rapier_offensive::Decision;
use crate::ui::dice::{DiceChoice, DiceRoll};
use crate::ui::reactive::{effect, memo};
use leptos::prelude::*;

/// Map taps while a mover is chosen: each tap adds a step; tapping the last step again takes
/// it back. With no mover chosen a tap picks the sector to choose from.
fn path_taps(pick: MapPick, from: RwSignal<Option<Sector>>, chosen: Signal<bool>, path: RwSignal<Vec<Sector>>) {
    pick.listen(move |x| {
        if !chosen.get_untracked() {
            from.set(Some(x));
            path.set(Vec::new());
            pick.marked.set(vec![x]);
            return;
        }
        path.update(|p| {
            if p.last() == Some(&x) {
                p.pop();
            } else {
                p.push(x);
            }
        });
        pick.marked.set(path.get_untracked());
    });
}

fn path_line(path: &[Sector]) -> String {
    if path.is_empty() {
        "Tap the sectors of the move on the map, in order.".into()
    } else {
        format!("Path: {}", path.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" \u{2192} "))
    }
}

/// Each division without an HQ: how many of its units have moved of the most that may (the
/// rules' count).
fn headless_lines(ro: Ro) -> Vec<String> {
    ro.state.with(|s| {
        (0..ATTACKING_DIVISIONS as u8)
            .filter_map(|d| {
                let (moved, max, alive) = ro.setup.with(|st| headless_moves(st, s, d))?;
                Some(format!(
                    "{} has no HQ: {moved} of {max} moved this turn (at most half of its {alive} units).",
                    ro.division_name(d)
                ))
            })
            .collect()
    })
}

#[component]
pub fn AttackerMovement() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let pick = map_pick();
    let from = RwSignal::new(None::<Sector>);
    let unit = RwSignal::new(None::<UnitRef>);
    let path = RwSignal::new(Vec::<Sector>::new());
    let exit = RwSignal::new(false);
    // A unit that has moved (or left the table) is no longer chosen: every move ends its
    // selection, whatever its dice did, and the next tap picks a sector again.
    let live = Signal::derive(move || {
        unit.get().filter(|&r| {
            ro.state
                .with(|s| s.index_of(r).is_some_and(|i| !s.units[i].moved && matches!(s.units[i].place, Place::On(_))))
        })
    });
    path_taps(pick, from, Signal::derive(move || live.with(Option::is_some)), path);
    // After each move the choice starts again.
    let steps = memo(move || ro.campaign.with(|c| c.journal().len()));
    effect(move || {
        steps.track();
        unit.set(None);
        path.set(Vec::new());
        exit.set(false);
    });
    let here = move || {
        from.get().map_or_else(Vec::new, |x| {
            ro.state.with(|s| {
                s.units.iter().filter(|u| u.place == Place::On(x)).map(|u| (u.origin, u.moved)).collect::<Vec<_>>()
            })
        })
    };
    let at_l6 = move || {
        let last = path.with(|p| p.last().copied()).or(from.get());
        last.is_some_and(|x| x.line == LINES)
    };
    view! {
        <div class="mover-pick" data-testid="movers">
            {move || headless_lines(ro).into_iter().map(|l| view! { <p class="info" data-testid="headless-moves">{l}</p> }).collect_view()}
            {move || live.get().map(|r| view! {
                <p class="info" data-testid="path-line">{move || format!("{}: {}", ro.unit_name(r), path_line(&path.get()))}</p>
                {move || at_l6().then(|| view! {
                    <label class="check big-check"><input type="checkbox" data-testid="exit" prop:checked=move || exit.get() on:change=move |ev| exit.set(event_target_checked(&ev))/>" Then leave the table (exit from L6)"</label>
                })}
                {move || {
                    let (p, e) = (path.get(), exit.get());
                    (!p.is_empty() || e).then(|| act_or_roll(ro, Decision::Move { unit: r, path: p, exit: e }, "Move", "move"))
                }}
            })}
            {move || match from.get() {
                None => view! { <p class="info">"Tap a sector on the map holding our units, then a unit, then its path."</p> }.into_any(),
                Some(x) => view! {
                    <p class="info">{format!("Our units in {x}:")}</p>
                    <div class="choice-buttons">
                        {here().into_iter().map(|(r, moved)| view! {
                            <button type="button" class="btn seg" data-testid=format!("mover-{}-{}", r.division + 1, r.unit) disabled=moved
                                class:on=move || live.get() == Some(r) aria-pressed=move || (live.get() == Some(r)).to_string()
                                on:click=move |_| { unit.set(Some(r)); path.set(Vec::new()); pick.marked.set(Vec::new()); }>
                                {format!("{}{}", ro.unit_name(r), if moved { " (moved)" } else { "" })}</button>
                        }).collect_view()}
                    </div>
                }.into_any(),
            }}
        </div>
        <Reserves/>
        {button(ro, Decision::EndMovement, "End the attackers' movement".into(), "end-movement", false)}
        <p class="hint">"Units move along their axes (division assets may step sideways within the frontage); into an enemy sector but not through it; at most six in a sector."</p>
    }
}

/// Bringing units up from R1 and releasing them from R2: only the command post sees them.
#[component]
fn Reserves() -> impl IntoView {
    let ro = expect_context::<Ro>();
    move || {
        if ro.holder.get().is_some_and(|h| crate::systems::rapier_offensive::seats::attackers().contains(&h)) {
            view! { <ReserveForm/> }.into_any()
        } else {
            behind(
                ro,
                vec![CORPS_COMMANDER],
                words("bring up the reserves", "", "reserve-panel"),
                |_| false,
                move |_| view! { <ReserveForm/> },
            )
            .into_any()
        }
    }
}

#[component]
fn ReserveForm() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let error = RwSignal::new(None::<String>);
    let pick = map_pick();
    let entry = RwSignal::new(None::<Sector>);
    let front = RwSignal::new(Frontage::new(1, 1));
    pick.listen(move |x| {
        entry.set(Some(x));
        pick.marked.set(vec![x]);
    });
    let r1 = move || {
        ro.state.with(|s| {
            s.units
                .iter()
                .filter(|u| u.place == Place::DivisionReserve && !u.moved)
                .map(|u| u.origin)
                .collect::<Vec<_>>()
        })
    };
    let r2 = move || {
        ro.state.with(|s| {
            s.units.iter().filter(|u| u.place == Place::CorpsReserve && !u.moved).map(|u| u.origin).collect::<Vec<_>>()
        })
    };
    view! {
        <div class="reserves" data-testid="reserves">
            <h3>"Division Reserves (R1)"</h3>
            <p class="info">{move || match entry.get() {
                Some(x) => format!("Entering at {x}. Tap another L1 sector on the map to change."),
                None => "Tap the L1 sector to enter at on the map.".into(),
            }}</p>
            <div class="choice-buttons">
                {move || entry.get().map(|x| r1().into_iter().map(|r| view! {
                    <button type="button" class="btn" data-testid=format!("enter-{}-{}", r.division + 1, r.unit)
                        on:click=move |_| { ro.act(Decision::Enter { unit: r, sector: x }, error); }>{format!("{} to {x}", ro.unit_name(r))}</button>
                }).collect_view())}
            </div>
            <h3>"Corps Reserve (R2)"</h3>
            {move || (!r2().is_empty()).then(|| view! {
                <p class="hint">"Released units go to a division's reserve. A division without a frontage gets this one:"</p>
                <div class="segmented wrap">{[(1, 1), (2, 2), (3, 3), (4, 4), (1, 2), (2, 3), (3, 4)].into_iter().filter_map(|(a, b)| Frontage::new(a, b)).map(|f| view! {
                    <button type="button" class="btn seg" data-testid=format!("release-front-{}-{}", f.first, f.last) class:on=move || front.get() == Some(f) aria-pressed=move || (front.get() == Some(f)).to_string() on:click=move |_| front.set(Some(f))>{f.to_string()}</button>
                }).collect_view()}</div>
            })}
            <ul class="plain">
                {move || r2().into_iter().map(|r| view! {
                    <li class="deploy-row"><span class="unit-name">{ro.unit_name(r)}</span>
                        <span class="segmented">{(0..ATTACKING_DIVISIONS as u8).map(|d| view! {
                            <button type="button" class="btn seg" data-testid=format!("release-{}-{}-to-{}", r.division + 1, r.unit, d + 1)
                                on:click=move |_| {
                                    let frontage = ro.state.with_untracked(|s| s.frontage(d)).is_none().then(|| front.get_untracked()).flatten();
                                    ro.act(Decision::Release { unit: r, division: d, frontage }, error);
                                }>{format!("To D{}", d + 1)}</button>
                        }).collect_view()}</span>
                    </li>
                }).collect_view()}
            </ul>
            {error_line(error)}
        </div>
    }
}

#[component]
pub fn DefenderMovement() -> impl IntoView {
    let ro = expect_context::<Ro>();
    // Leaving the step (ended, or undone past) covers the umpire's screen.
    on_cleanup(move || {
        // (The screen itself may be going, with its signals.)
        if ro.peek.try_get_untracked() == Some(Some(UMPIRE)) {
            ro.peek.try_set(None);
        }
    });
    view! {
        <p class="hint">{move || ro.state.with(|s| match s.defender_movers {
            None => "The umpire rolls for how many defending units may move (1d6, 1d3 without the division HQ), then moves them. Each counter that moves is turned face up.".to_string(),
            Some(n) => format!("The defender may move {} this turn; {} moved so far.", count(n as usize, "counter", "counters"), s.defender_moved),
        })}</p>
        {behind(ro, vec![UMPIRE], words("move the defenders", "", "defender-move-panel"), |_| false, move |_| view! { <DefenderMoveForm/> })}
        {button(ro, Decision::EndDefenderMovement, "End the defender's movement".into(), "end-defender-movement", false)}
    }
}

/// Whether the umpire still has counters to move this turn (the roll made, moves left).
fn moves_left(ro: Ro) -> bool {
    ro.campaign.with_untracked(|c| {
        let s = c.state();
        s.phase == Phase::DefenderMovement && s.defender_movers.is_some_and(|n| s.defender_moved < n)
    })
}

/// One of the umpire's decisions this step. Every decision covers the screen; one reveal
/// serves his whole turn of moves, so the panel he opened opens again while he has moves
/// left. With none left (or once he ends the movement) it stays covered for the table.
fn umpire_act(ro: Ro, d: Decision, label: &'static str, testid: &'static str) -> AnyView {
    if let Some(why) = problem(ro, &d) {
        return view! { <p class="warning" data-testid="move-problem">{why}</p> }.into_any();
    }
    let dice_now = takes_dice(ro, &d);
    let preview = ro.preview(d.clone());
    let play = Callback::new(move |dice: DiceChoice| {
        let was_open = ro.peek.get_untracked() == Some(UMPIRE);
        let result = ro.decide_or_say(d.clone(), dice);
        if result.is_ok() && was_open && moves_left(ro) {
            ro.peek.set(Some(UMPIRE));
        }
        result
    });
    if dice_now {
        view! { <DiceRoll preview=preview label=label on_roll=play/> }.into_any()
    } else {
        let error = RwSignal::new(None::<String>);
        view! {
            <button class="btn primary big" data-testid=testid on:click=move |_| {
                error.set(play.run(DiceChoice::App).err());
            }>{label}</button>
            {error_line(error)}
        }
        .into_any()
    }
}

#[component]
fn DefenderMoveForm() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let pick = map_pick();
    let from = RwSignal::new(None::<Sector>);
    let counter = RwSignal::new(None::<u16>);
    let path = RwSignal::new(Vec::<Sector>::new());
    // A counter that has moved (or gone) is no longer chosen.
    let live = Signal::derive(move || {
        counter.get().filter(|&id| {
            ro.state.with(|s| s.counters.get(id as usize).is_some_and(|c| !c.moved && c.sector().is_some()))
        })
    });
    path_taps(pick, from, Signal::derive(move || live.with(Option::is_some)), path);
    let rolled = move || ro.state.with(|s| s.defender_movers.is_some());
    let movable = move || {
        from.get().map_or_else(Vec::new, |x| {
            ro.state.with(|s| {
                s.counters_in(x)
                    .filter(|c| {
                        matches!(c.piece, Some(Piece::Unit(_)) | Some(Piece::Dummy)) && c.place != CounterPlace::Gone
                    })
                    .map(|c| (c.id, c.moved, ro.counter_name(c)))
                    .collect::<Vec<_>>()
            })
        })
    };
    view! {
        {move || if !rolled() {
            umpire_act(ro, Decision::RollDefenderMovers, "the defender's movers", "roll-movers")
        } else {
            view! {
                <p class="info" data-testid="moves-left">{move || ro.state.with(|s| {
                    let n = s.defender_movers.unwrap_or(0);
                    format!("{} of {n} moves left. This panel stays open for all of them; cover it when you are done.", n.saturating_sub(s.defender_moved))
                })}</p>
                {move || live.get().map(|id| view! {
                    <p class="info" data-testid="path-line">{move || path_line(&path.get())}</p>
                    {move || { let p = path.get(); (!p.is_empty()).then(|| umpire_act(ro, Decision::DefenderMove { counter: id, path: p }, "Move this counter", "defender-move")) }}
                })}
                <p class="info">{move || match from.get() {
                    None => "Tap a sector on the map to pick a counter to move.".to_string(),
                    Some(x) => format!("Counters in {x} that can move:"),
                }}</p>
                <div class="choice-buttons">
                    {move || movable().into_iter().map(|(id, moved, name)| view! {
                        <button type="button" class="btn seg" data-testid=format!("dmover-{id}") disabled=moved
                            class:on=move || live.get() == Some(id) aria-pressed=move || (live.get() == Some(id)).to_string()
                            on:click=move |_| { counter.set(Some(id)); path.set(Vec::new()); pick.marked.set(Vec::new()); }>{name}</button>
                    }).collect_view()}
                </div>
            }.into_any()
        }}
    }
}
