//! The campaign calendar (days, scenarios and what happened in each), the strip above the
//! tabs, the umpire's judgement by the campaign's conditions, and the summary at the end.

use super::phases::{error_line, select};
use super::posture::posture_word;
use super::Bw;
use crate::systems::bfww2_campaign::{Decision, Phase, Verdict};
use leptos::prelude::*;

/// The strip's short line: "Day 2 of 5 · 24 December".
pub fn strip_line(bw: Bw) -> String {
    bw.state.with(|s| {
        bw.setup.with(|st| match st.days.get(s.day) {
            Some(d) if !matches!(s.phase, Phase::Judge | Phase::Over) => {
                format!("Day {} of {} \u{00B7} {}", s.day + 1, st.days.len(), d.name)
            }
            _ => "The calendar is done".to_string(),
        })
    })
}

#[component]
pub fn CalendarStrip() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let days = bw.setup.with_untracked(|s| s.days.iter().map(|d| d.name.clone()).collect::<Vec<_>>());
    view! {
        <ol class="calendar-strip" data-testid="calendar-strip" aria-label="Campaign days">
            {days.into_iter().enumerate().map(|(i, name)| {
                let state = move || bw.state.with(|s| {
                    let over = matches!(s.phase, Phase::Judge | Phase::Over);
                    if over || i < s.day { "done" } else if i == s.day { "now" } else { "to-come" }
                });
                view! {
                    <li class=move || format!("day {}", state()) aria-current=move || (state() == "now").then_some("step")>
                        <span class="day-name">{name}</span>
                        <span class="day-state">{move || match state() { "done" => " \u{2714}", "now" => " (now)", _ => "" }}</span>
                    </li>
                }
            }).collect_view()}
        </ol>
    }
}

/// Every scenario played or under way, with postures (once shown), the attacker, the turns
/// and the umpire's notes, then the days still to come.
#[component]
pub fn CalendarTable() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let rows = move || {
        bw.state.with(|s| {
            bw.setup.with(|st| {
                let played = s.calendar.iter().map(|r| {
                    let day = &st.days[r.day];
                    let what = match r.attacker {
                        Some(a) => format!("{} attacks", bw.side_name(a)),
                        None if r.postures.iter().all(|p| posture_word(*p) == "Defend") => {
                            "Both defend: no battle".into()
                        }
                        None => "Both attack: roll-off".into(),
                    };
                    let postures = format!("{} / {}", posture_word(r.postures[0]), posture_word(r.postures[1]));
                    let turns = r.turns.map_or("\u{2013}".to_string(), |t| t.to_string());
                    (day.scenario_label(r.slot), postures, what, turns, r.notes.join(" \u{00B7} "))
                });
                let next = s.calendar.len();
                let mut to_come = Vec::new();
                for (di, d) in st.days.iter().enumerate() {
                    for (si, slot) in d.slots.iter().enumerate() {
                        let later = di > s.day || (di == s.day && si >= s.slot);
                        if later && !matches!(s.phase, Phase::Judge | Phase::Over) {
                            to_come.push((
                                d.scenario_label(*slot),
                                String::new(),
                                "To come".to_string(),
                                String::new(),
                                String::new(),
                            ));
                        }
                    }
                }
                // The scenario under way before its reveal is the first "to come".
                let _ = next;
                played
                    .chain(to_come.into_iter().skip(if s.calendar.len() as u32 == s.scenario { 1 } else { 0 }))
                    .collect::<Vec<_>>()
            })
        })
    };
    view! {
        <div class="card calendar" data-testid="calendar">
            <h2>"Calendar"</h2>
            <table class="small-table" tabindex="0">
                <thead><tr><th>"Scenario"</th><th>"Postures"</th><th>"What happened"</th><th>"Turns"</th><th>"Notes"</th></tr></thead>
                <tbody>{move || rows().into_iter().map(|(a, b, c, d, e)| view! {
                    <tr><td>{a}</td><td>{b}</td><td>{c}</td><td>{d}</td><td>{e}</td></tr>
                }).collect_view()}</tbody>
            </table>
        </div>
    }
}

#[component]
pub fn Judge() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let winner = RwSignal::new("draw".to_string());
    let note = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let options = vec![
        ("0".to_string(), format!("{} wins", bw.side_name(0))),
        ("1".to_string(), format!("{} wins", bw.side_name(1))),
        ("draw".to_string(), "A draw".to_string()),
    ];
    view! {
        <p class="hint">"Every day is played. The umpire judges the campaign by its victory conditions:"</p>
        <blockquote class="victory" data-testid="victory-conditions">{move || bw.setup.with(|s| s.victory.clone())}</blockquote>
        {select("The result", options, winner, "verdict-winner".into())}
        <label class="field"><span>"Why (for the record)"</span>
            <textarea rows="3" data-testid="verdict-note" prop:value=move || note.get() on:input=move |ev| note.set(event_target_value(&ev))></textarea></label>
        <div class="actions"><button class="btn primary big" data-testid="judge" on:click=move |_| {
            let w = winner.get_untracked().parse::<u8>().ok();
            bw.act(Decision::Judge(Verdict { winner: w, note: note.get_untracked() }), error);
        }>"Record the result"</button></div>
        {error_line(error)}
        <CalendarTable/>
    }
}

#[component]
pub fn CampaignOver() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let line = move || {
        bw.state.with(|s| match &s.verdict {
            Some(Verdict { winner: Some(w), note }) => format!("{} wins the campaign. {note}", bw.side_name(*w)),
            Some(Verdict { winner: None, note }) => format!("The campaign is drawn. {note}"),
            None => "The campaign is over.".into(),
        })
    };
    view! {
        <p class="result big-result" data-testid="campaign-result">{line}</p>
        <CalendarTable/>
    }
}
