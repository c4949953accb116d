//! The casualty step: each player counts what is left of every platoon that fought, sees
//! what it becomes, and may keep a platoon short of transport mobile. Each form keeps what
//! was typed until it is recorded or cleared, whatever the other player does: the counts
//! live in the step, not in the form, and a form is redrawn only when its own player's
//! record changes.

use super::phases::{error_line, refused, Count};
use super::{slug, Aoa};
use crate::systems::axis_of_attack::company::SECOND_READINGS;
use crate::systems::axis_of_attack::rules::{casualty_line, lower_levels, strip_donors};
use crate::systems::axis_of_attack::tables::Strength;
use crate::systems::axis_of_attack::{Decision, KeepMobile, PlatoonReport, Side, State, TurnRecord};
use crate::ui::reactive::memo;
use leptos::prelude::*;

#[derive(Clone, Copy)]
struct CountRow {
    platoon: u16,
    fielded: u16,
    motorised: bool,
    /// Immobile from an earlier game, and kept so by the rules in this campaign.
    standing: bool,
    on_table: RwSignal<u16>,
    bailed: RwSignal<u16>,
    exited: RwSignal<u16>,
    routed: RwSignal<u16>,
    immobile: RwSignal<bool>,
    keep: RwSignal<Option<KeepMobile>>,
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
            keep_mobile: self.keep.get(),
        }
    }
    /// Back to what was fielded, none lost, and the standing mobility status.
    fn clear(&self) {
        self.on_table.set(self.fielded);
        for s in [self.bailed, self.exited, self.routed] {
            s.set(0);
        }
        self.immobile.set(self.standing);
        self.keep.set(None);
    }
}

fn rows_for(s: &State, side: Side) -> Vec<CountRow> {
    let Some(f) = s.current().and_then(|t| t.force(side)) else { return Vec::new() };
    f.platoons
        .iter()
        .map(|x| {
            let p = s.platoon(side, x.platoon);
            let standing = p.is_some_and(|p| p.immobile);
            CountRow {
                platoon: x.platoon,
                fielded: x.teams,
                motorised: p.is_some_and(|p| p.platoon.mobility.motorised()),
                standing: standing && s.readings >= SECOND_READINGS,
                on_table: RwSignal::new(x.teams),
                bailed: RwSignal::new(0),
                exited: RwSignal::new(0),
                routed: RwSignal::new(0),
                immobile: RwSignal::new(standing),
                keep: RwSignal::new(None),
            }
        })
        .collect()
}

fn keep_value(k: Option<KeepMobile>) -> String {
    match k {
        None => "none".to_string(),
        Some(KeepMobile::Lower(l)) => format!("lower-{}", l as usize),
        Some(KeepMobile::Strip(i)) => format!("strip-{i}"),
    }
}

fn parse_keep(v: &str) -> Option<KeepMobile> {
    if let Some(x) = v.strip_prefix("lower-") {
        x.parse::<usize>().ok().and_then(|n| Strength::ALL.get(n).copied()).map(KeepMobile::Lower)
    } else {
        v.strip_prefix("strip-").and_then(|x| x.parse().ok()).map(KeepMobile::Strip)
    }
}

#[component]
pub(super) fn Casualties() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let forms = aoa.state.with_untracked(|s| Side::BOTH.map(|side| StoredValue::new(rows_for(s, side))));
    view! {
        {Side::BOTH.into_iter().map(|side| {
            let done = memo(move || aoa.state.with(|s| s.current().and_then(|t| t.casualties[side.index()].clone())));
            view! {
                {move || match done.get() {
                    Some(lines) => view! {
                        <div class="card" data-testid=format!("casualties-{}", slug(side))>
                            <h3>{format!("{}: counted", aoa.name(side))}</h3>
                            <ul>{lines.into_iter().map(|l| {
                                let note = match l.report.keep_mobile {
                                    Some(KeepMobile::Lower(_)) => format!(" (lowered from {} to stay mobile)", l.rated.name().to_ascii_lowercase()),
                                    Some(KeepMobile::Strip(from)) => format!(" (kept mobile with vehicles from {})", aoa.platoon(side, from)),
                                    None if l.immobile => ", Immobile".to_string(),
                                    None => String::new(),
                                };
                                view! { <li>{format!("{}: {} teams \u{2192} {}{note}", aoa.platoon(side, l.report.platoon), l.counted, l.after.name())}</li> }
                            }).collect_view()}</ul>
                        </div>
                    }.into_any(),
                    None => view! { <CasualtyForm side=side rows=forms[side.index()]/> }.into_any(),
                }}
            }
        }).collect_view()}
    }
}

#[component]
fn CasualtyForm(side: Side, rows: StoredValue<Vec<CountRow>>) -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    let error = RwSignal::new(None::<String>);
    let winner = aoa.state.with_untracked(|s| s.current().and_then(TurnRecord::winner));
    let decision = move || Decision::RecordCasualties {
        side,
        reports: rows.with_value(|v| v.iter().map(CountRow::report).collect()),
    };
    let problem = memo(move || refused(aoa, &decision()));
    let bailed_rule = match winner {
        Some(w) if w == side => "You won: bailed and bogged vehicles are recovered and count.",
        Some(_) => "You lost: bailed and bogged vehicles are destroyed and do not count.",
        None => "Nobody won: bailed and bogged vehicles come back to both players.",
    };
    view! {
        <div class="card casualty-form" data-testid=format!("casualty-form-{}", slug(side))>
            <h3>{format!("{}'s casualties", aoa.who(side))}</h3>
            <details class="hint"><summary>"How to count"</summary>
                <p>"Count the teams of each platoon that fought (leave out transport and upgrade teams). Teams left at home and teams that left by their own edge after turn 3 count; routed teams count for nothing but the platoon is not destroyed."</p>
            </details>
            <p class="hint">{bailed_rule}</p>
            {rows.get_value().into_iter().map(|r| {
                let i = r.platoon;
                let sl = slug(side);
                let max = Signal::derive(move || r.fielded);
                let line = memo(move || {
                    let report = r.report();
                    aoa.state.with(|s| casualty_line(s, side, &report).map_err(|e| e.to_string()))
                });
                // The choices for keeping it mobile, read from the count without a choice.
                let choices = memo(move || {
                    let bare = PlatoonReport { keep_mobile: None, ..r.report() };
                    aoa.state.with(|s| match casualty_line(s, side, &bare) {
                        Ok(l) if l.immobile => {
                            let mut v: Vec<(String, String)> = lower_levels(s, side, &l)
                                .into_iter()
                                .map(|lv| (keep_value(Some(KeepMobile::Lower(lv))), format!("Lower it to {} to keep it mobile", lv.name().to_ascii_lowercase())))
                                .collect();
                            v.extend(strip_donors(s, side, i).into_iter().map(|d| {
                                (keep_value(Some(KeepMobile::Strip(d))), format!("Strip identical vehicles from {} (left Immobile)", aoa.platoon(side, d)))
                            }));
                            Some(v)
                        }
                        _ => None,
                    })
                });
                let keep_id = format!("keep-{sl}-{i}");
                view! {
                    <fieldset class="count-platoon" data-testid=format!("count-{sl}-{i}")>
                        <legend>{format!("{} ({} teams fielded)", aoa.platoon(side, i), r.fielded)}</legend>
                        <div class="count-grid">
                            <Count label="Working on the table" value=r.on_table max=max testid=format!("on-table-{sl}-{i}")/>
                            <Count label="Bailed or bogged" value=r.bailed max=max testid=format!("bailed-{sl}-{i}")/>
                            <Count label="Exited own edge after turn 3" value=r.exited max=max testid=format!("exited-{sl}-{i}")/>
                            <Count label="Routed off" value=r.routed max=max testid=format!("routed-{sl}-{i}")/>
                        </div>
                        {r.motorised.then(|| view! {
                            <p class="status" data-testid=format!("mobility-now-{sl}-{i}")>{if r.standing {
                                "Now: Immobile since an earlier game. It stays Immobile until reinforcement gives its transport back, unless you keep it mobile below."
                            } else if aoa.state.with_untracked(|s| s.platoon(side, i).is_some_and(|p| p.immobile)) {
                                "Now: Immobile. Untick the box only if its transport came back."
                            } else {
                                "Now: mobile."
                            }}</p>
                            <label class="check"><input type="checkbox" data-testid=format!("immobile-{sl}-{i}") prop:checked=move || r.immobile.get() || r.standing disabled=r.standing
                                on:change=move |ev| { r.immobile.set(event_target_checked(&ev)); if !event_target_checked(&ev) { r.keep.set(None); } }/>" Not enough transport left for its strength: Immobile"</label>
                        })}
                        {move || choices.get().filter(|c| !c.is_empty()).map(|c| view! {
                            <div class="field">
                                <label for=keep_id.clone()>"Keep it mobile?"</label>
                                <select id=keep_id.clone() data-testid=format!("keep-{sl}-{i}")
                                    prop:value=move || keep_value(r.keep.get())
                                    on:change=move |ev| r.keep.set(parse_keep(&event_target_value(&ev)))>
                                    <option value="none">"No: it is Immobile"</option>
                                    {c.into_iter().map(|(v, label)| view! { <option value=v>{label}</option> }).collect_view()}
                                </select>
                            </div>
                        })}
                        <p class="would-become" data-testid=format!("would-become-{sl}-{i}")>{move || match line.get() {
                            Ok(l) => format!("{} teams counted: {} would become {}{}.", l.counted, l.before.name().to_ascii_lowercase(), l.after.name().to_ascii_lowercase(),
                                if l.immobile { ", Immobile" } else if r.motorised && l.after != Strength::Destroyed { ", mobile" } else { "" }),
                            Err(e) => e,
                        }}</p>
                    </fieldset>
                }
            }).collect_view()}
            {move || problem.get().map(|e| view! { <p class="warning" data-testid=format!("casualty-problem-{}", slug(side))>{e}</p> })}
            // The record button stays in sight while the platoons' counts scroll by; resetting
            // sits apart.
            <div class="sticky-action">
                <button class="btn primary big" data-testid=format!("record-casualties-{}", slug(side)) disabled=move || problem.get().is_some()
                    on:click=move |_| { aoa.act(decision(), error); }>{format!("Record {}'s casualties", aoa.name(side))}</button>
            </div>
            <div class="actions">
                <button type="button" class="btn" data-testid=format!("clear-casualties-{}", slug(side))
                    on:click=move |_| rows.with_value(|v| v.iter().for_each(CountRow::clear))>"Reset these counts"</button>
            </div>
            {error_line(error)}
        </div>
    }
}
