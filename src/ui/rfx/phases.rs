//! One component per step of the Race for X campaign turn.

use super::Rfx;
use crate::engine::{Seat, TwoSides};
use crate::systems::race_for_x::forces;
use crate::systems::race_for_x::rules::{self, stand_name};
use crate::systems::race_for_x::tables::{self, OffensiveAction};
use crate::systems::race_for_x::{BattleOutcome, Decision, Outcome, Phase, RaceForX, Side, StandRef};
use crate::ui::dice::DiceChoice;
use crate::ui::handover::{hand_over, Words};
use crate::ui::reactive::memo;
use leptos::prelude::*;

#[component]
pub fn PhaseView() -> impl IntoView {
    let rfx = expect_context::<Rfx>();
    let phase = memo(move || rfx.state.with(|s| s.phase()));
    view! {
        <div class="phase rfx-phase" data-testid="phase">
            {move || {
                let p = phase.get();
                view! {
                    <div class="phase-title-row">
                        <h2 class="phase-title" data-testid="phase-title">{p.name()}</h2>
                        {move || rfx.state.with(|s| s.current().map(|b| (b.side, b.action))).map(|(side, action)| view! {
                            <span class="whose" data-testid="whose">{format!("{}'s campaign turn \u{00B7} {}", rfx.name(side), action.name())}</span>
                        })}
                    </div>
                    {match p {
                        Phase::ChooseActions => view! { <ChooseActions/> }.into_any(),
                        Phase::TypeOfBattle => view! { <TypeOfBattle/> }.into_any(),
                        Phase::FieldForces => view! { <FieldForces/> }.into_any(),
                        Phase::DefenceRoll => view! { <DefenceRoll/> }.into_any(),
                        Phase::Fight => view! { <Fight/> }.into_any(),
                        Phase::BattleResult => view! { <BattleResultRoll/> }.into_any(),
                        Phase::Movement => view! { <Movement/> }.into_any(),
                        Phase::ReplaceCommanders => view! { <ReplaceCommanders/> }.into_any(),
                        Phase::Recovery => view! { <Recovery/> }.into_any(),
                        Phase::Finished => view! { <Finished/> }.into_any(),
                    }}
                }
            }}
        </div>
    }
}

/// Both players choose Attack or Regroup; on a shared tablet each choice stays hidden
/// behind the hand-over.
#[component]
fn ChooseActions() -> impl IntoView {
    let rfx = expect_context::<Rfx>();
    let error = RwSignal::new(None::<String>);
    let choose = move |side: Side, action: OffensiveAction| {
        rfx.act(Decision::ChooseAction { side, action }, error);
        rfx.peek.set(None);
    };
    let hands = rfx.hands(|seat| Side::of_seat(seat).map_or(String::new(), |s| s.letter().to_string()));
    let words = Words {
        action: "choose",
        done: "has chosen",
        panel: "secret-choice",
        hide: Some(("hide-choice", "Hide: not me")),
        reveal: None,
        class: "",
    };
    let panel = move |seat: Seat| {
        let side = Side::of_seat(seat).unwrap_or(Side::A);
        view! {
            <h3>{format!("{}, choose your action", rfx.name(side))}</h3>
            <div class="choice-buttons">
                // Both choices drawn alike: nothing on the screen leans a player toward one.
                <button class="btn huge choice" data-testid="choose-attack" on:click=move |_| choose(side, OffensiveAction::Attack)>
                    <strong>"Attack"</strong>
                    <span>"A battle is certain; fewer losses come back."</span>
                </button>
                <button class="btn huge choice" data-testid="choose-regroup" on:click=move |_| choose(side, OffensiveAction::Regroup)>
                    <strong>"Regroup"</strong>
                    <span>"Only a counter-attack can hit you; more losses come back, and a bigger force next attack."</span>
                </button>
            </div>
        }
    };
    view! {
        <p class="hint">{if crate::ui::viewer::own_seat().is_some() {
            "Each player picks an offensive action in secret, on their own device; the choices are shown once the keeper has both."
        } else {
            "Each player picks an offensive action in secret. Pass the tablet; the choices are shown once both are in."
        }}</p>
        {hand_over(hands, rfx.peek, move |seat| rfx.done(seat), words, panel)}
        {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
    }
}

/// Summary of both players' revealed actions and the battle so far.
#[component]
fn BattleSummary() -> impl IntoView {
    let rfx = expect_context::<Rfx>();
    view! {
        {move || rfx.state.with(|s| s.current().cloned()).map(|b| {
            let zone = b.from.name();
            let actions: Vec<String> = Side::BOTH.iter().map(|&x| format!("{}: {}", rfx.name(x), rfx.state.with(|s| s.actions()[x.index()].map_or("?", |a| a.name())))).collect();
            view! {
                <dl class="summary" data-testid="battle-summary">
                    <dt>"Actions this turn"</dt><dd>{actions.join(" \u{00B7} ")}</dd>
                    <dt>"Fighting in"</dt><dd>{zone}</dd>
                    {b.battle.map(|t| view! { <dt>"Battle"</dt><dd data-testid="battle-type">{t.name()}</dd> })}
                    {b.defence.map(|(size, opt)| view! { <dt>"Defence"</dt><dd>{format!("{} option {}", size.name(), opt.name())}</dd> })}
                    {(!b.fielded.is_empty()).then(|| view! { <dt>"Units on table"</dt><dd>{b.fielded.len()}</dd> })}
                    {b.vp.map(|vp| view! { <dt>"Victory points"</dt><dd data-testid="vp">{vp}</dd> })}
                </dl>
            }
        })}
    }
}

#[component]
fn TypeOfBattle() -> impl IntoView {
    let rfx = expect_context::<Rfx>();
    view! {
        {rfx.roll(Decision::RollBattleType, "type of battle")}
        <p class="hint">"Roll to see what kind of battle the offensive player meets."</p>
        <BattleSummary/>
    }
}

#[component]
fn FieldForces() -> impl IntoView {
    let rfx = expect_context::<Rfx>();
    // The units picked so far survive a reload (kept on this device until the step is taken).
    let chosen = crate::ui::draft::kept::<RaceForX, _>("forces", Vec::<u16>::new());
    let error = RwSignal::new(None::<String>);
    let side = move || rfx.state.with(|s| s.offensive_side().unwrap_or(Side::A));
    let allowed = move || rfx.state.with(|s| s.current().map_or(0, |b| b.units_allowed));
    let info = move || {
        rfx.state.with(|s| {
            rfx.setup.with(|setup| {
                let side = s.offensive_side()?;
                let b = s.current()?;
                let p = s.player(side);
                let (condition, percent) = tables::force_row(rules::force_condition(p));
                let total = setup.players[side.index()].orbat.units.len();
                let defence = rules::defence_size(b)?;
                let next = if setup.prepared(defence, tables::DefenceOption::B) {
                    "roll A or B next".to_string()
                } else {
                    "only option A is prepared, so there is no roll".to_string()
                };
                Some(format!(
                    "Field {} of {} units ({}%: {}). The defence will be {} ({} points): {next}.",
                    b.units_allowed,
                    total,
                    percent,
                    condition.to_ascii_lowercase(),
                    defence.name(),
                    tables::points(defence, setup.size)
                ))
            })
        })
    };
    let required = memo(move || {
        let picked = chosen.get();
        rfx.state.with(|s| {
            rfx.setup.with(|setup| {
                let side = s.offensive_side().unwrap_or(Side::A);
                rules::required_hqs(&setup.players[side.index()].orbat, s.player(side), &picked)
            })
        })
    });
    let check = memo(move || {
        let units = chosen.get();
        rfx.campaign.with(|c| c.check(&Decision::FieldForces { units }, &[]).err().map(|e| e.to_string()))
    });
    // Kept in orbat order: the log and the share link read the same whatever the tap order.
    let toggle = move |u: u16| {
        chosen.update(|v| {
            if let Some(i) = v.iter().position(|&x| x == u) {
                v.remove(i);
            } else {
                v.push(u);
                crate::engine::order::sort(v);
            }
        })
    };
    // The units the text would have fielded first (full strength, HQs as the rule forces them),
    // put in the picker for the player to change at will.
    let suggest = move |_| {
        let units = rfx.state.with(|s| {
            rfx.setup.with(|setup| {
                let side = s.offensive_side()?;
                let b = s.current()?;
                forces::suggested_forces(&setup.players[side.index()].orbat, s.player(side), b.units_allowed)
            })
        });
        match units {
            Some(units) => {
                chosen.set(units);
                error.set(None);
            }
            None => error.set(Some("No lawful choice of units exists for this battle.".into())),
        }
    };
    view! {
        <BattleSummary/>
        <p class="info" data-testid="force-info">{info}</p>
        <p class="hint">"\"Field the suggested units\" picks full-strength units first, with the HQs the rule then requires; change any of them below."</p>
        <ul class="unit-picker">
            {move || {
                let side = side();
                rfx.setup.with(|setup| {
                    let orbat = setup.players[side.index()].orbat.clone();
                    let p = rfx.state.with(|s| s.player(side).clone());
                    orbat.units.iter().enumerate().map(|(i, u)| {
                        let i = i as u16;
                        let alive = p.alive_in(i as usize);
                        let total = u.stands.len();
                        let formation = u.formation.and_then(|f| orbat.formations.get(f as usize)).map(|f| f.name.clone()).unwrap_or_else(|| "attached".into());
                        let name = u.name.clone();
                        view! {
                            <li>
                                <button class="unit-toggle" data-testid="unit-toggle" data-unit=i.to_string()
                                    class:on=move || chosen.with(|v| v.contains(&i))
                                    disabled=alive == 0
                                    aria-pressed=move || chosen.with(|v| v.contains(&i)).to_string()
                                    on:click=move |_| toggle(i)>
                                    <span class="u-name">{name}</span>
                                    <span class="u-meta">{format!("{} \u{00B7} {} of {} stand{}", formation, alive, total, if total == 1 { "" } else { "s" })}</span>
                                    {move || required.with(|r| r.contains(&i)).then(|| view! { <span class="badge">"HQ must go"</span> })}
                                </button>
                            </li>
                        }
                    }).collect_view()
                })
            }}
        </ul>
        // Always in sight while the list scrolls: the count, what is wrong, and the action.
        <div class="sticky-action">
            <p class="counter" data-testid="force-count">{move || format!("{} of {} chosen", chosen.get().len(), allowed())}</p>
            // Beside the count, so a phone shows it without scrolling past the list.
            <button class="btn" data-testid="suggest-forces" on:click=suggest>"Field the suggested units"</button>
            {move || check.get().map(|e| view! { <p class="warning" data-testid="force-problem">{e}</p> })}
            <button class="btn primary big" data-testid="confirm-forces" disabled=move || check.get().is_some()
                on:click=move |_| {
                    if let Err(e) = rfx.decide(Decision::FieldForces { units: chosen.get_untracked() }, DiceChoice::App) { error.set(Some(rfx.refusal(&e))); }
                }>"These units go on the table"</button>
        </div>
        {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
    }
}

/// The defensive orbat lines for a size and option.
fn defence_lines(rfx: Rfx, size: tables::ForceSize, option: tables::DefenceOption) -> Vec<String> {
    rfx.setup.with(|s| s.defensive_orbat(size, option).map(|d| d.lines.clone()).unwrap_or_default())
}

#[component]
fn DefenceRoll() -> impl IntoView {
    let rfx = expect_context::<Rfx>();
    let size = move || rfx.state.with(|s| s.current().and_then(rules::defence_size));
    view! {
        {move || size().map(|size| view! {
            <p class="info">{format!("{} defends with a {} force ({} points). Roll 1-3 for option A, 4-6 for option B.", rfx.name(rfx.state.with(|s| s.offensive_side().unwrap_or(Side::A)).other()), size.name(), rfx.setup.with(|s| tables::points(size, s.size)))}</p>
        })}
        {rfx.roll(Decision::RollDefence, "defending orbat")}
        <BattleSummary/>
        {move || size().map(|size| view! {
            <div class="options">
                {[tables::DefenceOption::A, tables::DefenceOption::B].into_iter().map(|o| view! {
                    <div class="option-card">
                        <h3>{format!("Option {}", o.name())}</h3>
                        <ul>{defence_lines(rfx, size, o).into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    </div>
                }).collect_view()}
            </div>
        })}
    }
}

#[component]
fn Fight() -> impl IntoView {
    let rfx = expect_context::<Rfx>();
    let battle = memo(move || rfx.state.with(|s| s.current().cloned()));
    let note = RwSignal::new(String::new());
    let obj = [RwSignal::new(String::new()), RwSignal::new(String::new())];
    if let Some(b) = battle.get_untracked() {
        obj[0].set(b.objectives[0].clone());
        obj[1].set(b.objectives[1].clone());
    }
    let error = RwSignal::new(None::<String>);
    let run = move |d: Decision| rfx.act(d, error);
    let clock = move || battle.with(|b| b.as_ref().map_or(0, |b| b.clock));
    // Against a hidden defence, the offensive player may scout it by night first.
    let campaign_id = use_context::<crate::ui::Nav>().and_then(|n| match n.0.get_untracked() {
        crate::ui::route::Screen::Campaign { id, .. } => Some(id),
        _ => None,
    });
    // The hash form is read back by `ui::scouting::wizard::origin_from_hash`.
    let scout_href = move || {
        let id = campaign_id.clone()?;
        battle.with(|b| {
            let b = b.as_ref()?;
            let battle = b.battle?;
            crate::systems::crossfire_scouting::Origin::race_for_x(&id, b.turn, b.side, battle)?;
            let slug = if battle == tables::BattleType::PreparedDefence { "prepared" } else { "hasty" };
            Some(format!("#/new/crossfire-scouting?from={id}/{}/{}/{slug}", b.turn, b.side.letter()))
        })
    };
    view! {
        <div class="clock-box">
            <h3>"Moving clock"</h3>
            {move || if clock() < tables::CLOCK_TICKS {
                rfx.roll(Decision::ClockRoll, "clock").into_any()
            } else {
                view! { <p class="warning" data-testid="clock-over">"Time is up: the game is over. Record the outcome below."</p> }.into_any()
            }}
            <div class="clock" data-testid="clock" aria-label=move || format!("{} of {} ticks", clock(), tables::CLOCK_TICKS)>
                {move || (1..=tables::CLOCK_TICKS).map(|t| view! { <span class="tick" class:done=t <= clock()>{t}</span> }).collect_view()}
            </div>
            <p class="hint" data-testid="clock-text">{move || format!("{} of {} ticks. At the end of each defending player's turn roll 1d6: the clock ticks on {}+. (In a counter-attack the offensive player is the one defending.)", clock(), tables::CLOCK_TICKS, tables::CLOCK_TARGET)}</p>
        </div>
        <BattleSummary/>
        {move || scout_href().map(|href| view! {
            <p class="row"><a class="btn big" data-testid="start-scouting" href=href>"Scout the defence first (night scouting)"</a></p>
        })}
        {move || battle.get().and_then(|b| b.defence).map(|(size, opt)| view! {
            <div class="option-card"><h3>{format!("Defence on the table: {} option {}", size.name(), opt.name())}</h3>
                <ul>{defence_lines(rfx, size, opt).into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul></div>
        })}
        <div class="objectives">
            <h3>"Terrain objectives"</h3>
            <p class="hint">"Two, agreed by the players, one in each half of the table."</p>
            <div class="row">
                <input type="text" placeholder="First objective" aria-label="First objective" data-testid="objective-1" prop:value=move || obj[0].get() on:input=move |ev| obj[0].set(event_target_value(&ev))/>
                <input type="text" placeholder="Second objective" aria-label="Second objective" data-testid="objective-2" prop:value=move || obj[1].get() on:input=move |ev| obj[1].set(event_target_value(&ev))/>
                <button class="btn" on:click=move |_| { run(Decision::NameObjectives { names: [obj[0].get_untracked(), obj[1].get_untracked()] }); }>"Save names"</button>
            </div>
        </div>
        <div class="notes">
            <h3>"Notes"</h3>
            <ul>{move || battle.get().map(|b| b.notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view())}</ul>
            <div class="row">
                <textarea rows="2" placeholder="What happened (optional)" aria-label="Note" data-testid="note-text" prop:value=move || note.get() on:input=move |ev| note.set(event_target_value(&ev))></textarea>
                <button class="btn" data-testid="add-note" on:click=move |_| { if run(Decision::Note { text: note.get_untracked() }) { note.set(String::new()); } }>"Add note"</button>
            </div>
        </div>
        {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
        <OutcomeForm/>
    }
}

/// The battle outcome: objectives held, stands exited, own stands killed; VP shown live.
#[component]
fn OutcomeForm() -> impl IntoView {
    let rfx = expect_context::<Rfx>();
    // What is entered so far survives a reload (kept on this device until the step is taken).
    let objectives = crate::ui::draft::kept::<RaceForX, _>("objectives", 0u8);
    let exited = crate::ui::draft::kept::<RaceForX, _>("exited", 0u16);
    let killed = crate::ui::draft::kept::<RaceForX, _>("killed", Vec::<StandRef>::new());
    let error = RwSignal::new(None::<String>);
    let outcome = move || BattleOutcome { objectives: objectives.get(), exited: exited.get(), killed: killed.get() };
    let checked = memo(move || {
        let o = outcome();
        rfx.campaign.with(|c| {
            c.check(&Decision::RecordOutcome(o), &[]).map(|s| s.current().and_then(|b| b.vp)).map_err(|e| e.to_string())
        })
    });
    let toggle = move |r: StandRef| {
        killed.update(|v| {
            if let Some(i) = v.iter().position(|&x| x == r) {
                v.remove(i);
            } else {
                v.push(r);
                crate::engine::order::sort(v);
            }
        })
    };
    view! {
        <div class="outcome" data-testid="outcome-form">
            <h3>"Battle over: the outcome"</h3>
            <div class="field">
                <span class="label">"Terrain objectives the offensive player controls"</span>
                <div class="segmented">
                    {[0u8, 1, 2].into_iter().map(|n| view! {
                        <button class="btn seg" class:on=move || objectives.get() == n aria-pressed=move || (objectives.get() == n).to_string() data-testid=format!("objectives-{n}") on:click=move |_| objectives.set(n)>{n}</button>
                    }).collect_view()}
                </div>
            </div>
            <div class="field">
                <span class="label">"Fighting stands that exited the enemy base edge"</span>
                <div class="stepper">
                    <button class="btn seg" data-testid="exited-minus" on:click=move |_| exited.update(|e| *e = e.saturating_sub(1))>"\u{2212}"</button>
                    <span class="step-value" data-testid="exited">{move || exited.get()}</span>
                    <button class="btn seg" data-testid="exited-plus" on:click=move |_| exited.update(|e| *e += 1)>"+"</button>
                </div>
            </div>
            <div class="field">
                <span class="label">"Own stands killed: tap each one"</span>
                <p class="hint" data-testid="replaced-during-game">{rules::REPLACED_DURING_GAME}</p>
                {move || {
                    let (side, fielded) = rfx.state.with(|s| (s.offensive_side().unwrap_or(Side::A), s.current().map(|b| b.fielded.clone()).unwrap_or_default()));
                    let p = rfx.state.with(|s| s.player(side).clone());
                    rfx.setup.with(|setup| {
                        let orbat = &setup.players[side.index()].orbat;
                        fielded.iter().map(|&u| {
                            let unit = &orbat.units[u as usize];
                            view! {
                                <div class="kill-unit">
                                    <span class="u-name">{unit.name.clone()}</span>
                                    <div class="chips">
                                        {unit.stands.iter().enumerate().filter(|(s, _)| !p.is_lost(StandRef { unit: u, stand: *s as u8 })).map(|(s, st)| {
                                            let r = StandRef { unit: u, stand: s as u8 };
                                            let label = format!("{}{}", st.label, if st.kind.is_fighting() { "" } else { " (no VP)" });
                                            view! {
                                                <button class="chip" class:killed=move || killed.with(|k| k.contains(&r)) aria-pressed=move || killed.with(|k| k.contains(&r)).to_string()
                                                    data-testid="kill-toggle" data-stand=format!("{}-{}", u, s)
                                                    on:click=move |_| toggle(r)>{label}</button>
                                            }
                                        }).collect_view()}
                                    </div>
                                </div>
                            }
                        }).collect_view()
                    })
                }}
            </div>
            <p class="vp-line" data-testid="vp-preview">{move || match checked.get() {
                Ok(Some(vp)) => format!("Victory points: {vp} (battle result modifier {:+})", tables::vp_modifier(vp)),
                Ok(None) => String::new(),
                Err(e) => e,
            }}</p>
            <button class="btn primary big" data-testid="record-outcome" disabled=move || checked.get().is_err()
                on:click=move |_| {
                    let o = BattleOutcome { objectives: objectives.get_untracked(), exited: exited.get_untracked(), killed: killed.get_untracked() };
                    if let Err(e) = rfx.decide(Decision::RecordOutcome(o), DiceChoice::App) { error.set(Some(rfx.refusal(&e))); }
                }>"Record the outcome"</button>
            {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
        </div>
    }
}

#[component]
fn BattleResultRoll() -> impl IntoView {
    let rfx = expect_context::<Rfx>();
    view! {
        {rfx.roll(Decision::RollBattleResult, "battle result")}
        <p class="hint">"Roll 1d6 plus the victory-point modifier to see whether the offensive player moves."</p>
        <BattleSummary/>
    }
}

#[component]
fn Movement() -> impl IntoView {
    let rfx = expect_context::<Rfx>();
    let error = RwSignal::new(None::<String>);
    let text = move || {
        rfx.state.with(|s| {
            s.current().map(|b| {
                let name = rfx.name(b.side);
                let result = b.result.map_or("No battle", |r| r.name());
                match b.to {
                    Some(to) if to != b.from => {
                        format!("{result}: move {name}'s marker from {} to {}.", b.from.name(), to.name())
                    }
                    _ if b.result == Some(tables::BattleResult::Retreat1) => {
                        format!("{result}: {name} is already in zone 1 and cannot retreat further, so stays.")
                    }
                    _ => format!("{result}: {name} stays in {}.", b.from.name()),
                }
            })
        })
    };
    view! {
        <p class="big-text" data-testid="movement-text">{text}</p>
        <button class="btn primary big" data-testid="confirm-move" on:click=move |_| {
            if let Err(e) = rfx.decide(Decision::ConfirmMovement, DiceChoice::App) { error.set(Some(rfx.refusal(&e))); }
        }>"Done: marker moved"</button>
        {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
        <BattleSummary/>
    }
}

#[component]
fn ReplaceCommanders() -> impl IntoView {
    let rfx = expect_context::<Rfx>();
    let error = RwSignal::new(None::<String>);
    view! {
        <p class="hint">"Killed commanders are replaced at once by a squad or crew-served weapon: one of their own stands if any is left, otherwise any."</p>
        {move || {
            let side = rfx.state.with(|s| s.offensive_side().unwrap_or(Side::A));
            let p = rfx.state.with(|s| s.player(side).clone());
            rfx.setup.with(|setup| {
                let orbat = setup.players[side.index()].orbat.clone();
                let pending = rules::pending_commanders(&orbat, &p);
                pending.first().copied().map(|c| {
                    let (cands, subordinate) = rules::replacement_candidates(&orbat, &p, c);
                    view! {
                        <div class="replace" data-testid="replace-commander">
                            <h3>{format!("{} was killed. Who takes over?", stand_name(&orbat, c))}</h3>
                            <p class="hint">{if subordinate { "Choose one of its own stands." } else { "None of its own stands is left: any squad or crew-served weapon may step in." }}</p>
                            <div class="chips">
                                {cands.into_iter().map(|r| {
                                    let label = stand_name(&orbat, r);
                                    view! { <button class="chip big" data-testid="replacement" on:click=move |_| {
                                        if let Err(e) = rfx.decide(Decision::ReplaceCommander { commander: c, replacement: r }, DiceChoice::App) { error.set(Some(rfx.refusal(&e))); }
                                    }>{label}</button> }
                                }).collect_view()}
                            </div>
                        </div>
                    }
                })
            })
        }}
        {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
    }
}

#[component]
fn Recovery() -> impl IntoView {
    let rfx = expect_context::<Rfx>();
    let error = RwSignal::new(None::<String>);
    let lost = memo(move || {
        rfx.state.with(|s| {
            let side = s.offensive_side().unwrap_or(Side::A);
            rfx.setup.with(|setup| {
                s.player(side)
                    .lost_refs()
                    .into_iter()
                    .map(|r| stand_name(&setup.players[side.index()].orbat, r))
                    .collect::<Vec<_>>()
            })
        })
    });
    view! {
        {move || {
            let names = lost.get();
            if names.is_empty() {
                view! {
                    <p class="info" data-testid="nothing-lost">"No stands are lost: nothing to recover."</p>
                    <button class="btn primary big" data-testid="continue-recovery" on:click=move |_| {
                        if let Err(e) = rfx.decide(Decision::RollRecovery, DiceChoice::App) { error.set(Some(rfx.refusal(&e))); }
                    }>"Continue"</button>
                }.into_any()
            } else {
                view! {
                    <p class="info">{format!("{} lost stand{}, one die each, in the order listed under the dice.", names.len(), if names.len() == 1 { "" } else { "s" })}</p>
                    {rfx.roll(Decision::RollRecovery, "recovery")}
                    <ol class="lost-list" data-testid="lost-list">{names.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ol>
                }.into_any()
            }
        }}
        {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
        <BattleSummary/>
    }
}

#[component]
fn Finished() -> impl IntoView {
    let rfx = expect_context::<Rfx>();
    let text = move || match rfx.state.with(|s| s.outcome()) {
        Some(Outcome::Win(side)) => format!("{} takes X and wins the campaign!", rfx.name(side)),
        Some(Outcome::Draw) => "Both players reached X in the same turn: the campaign is a draw.".to_string(),
        None => String::new(),
    };
    view! {
        <div class="finished" data-testid="finished">
            <p class="winner" data-testid="winner">{text}</p>
            <p>{move || format!("Decided in campaign turn {}. The log holds the whole story; Undo still works if a mistake was made.", rfx.state.with(|s| s.turn))}</p>
        </div>
    }
}
