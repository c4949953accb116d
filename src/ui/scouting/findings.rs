//! The end of the night: what the attack briefing knows, and taking it back to the Race for X
//! battle the session was started from, as a note on that battle.

use super::Scouting;
use crate::engine::DiceInput;
use crate::share::typed::Stored;
use crate::store;
use crate::systems::crossfire_scouting::{summary, Origin, Status};
use crate::systems::race_for_x::{self, Phase as RfxPhase};
use crate::ui::platform::{self, LocalStorage};
use crate::ui::route::{Screen, Tab};
use crate::ui::widgets::copy_with_note;
use crate::ui::Nav;
use crate::ui::reactive::memo;
use leptos::prelude::*;

/// The note a Race for X battle keeps: "Night scouting: " and the summary's lines.
pub fn note_text(lines: &[String]) -> String {
    format!("Night scouting: {}", lines.join(" "))
}

/// Why the findings could not be recorded on the battle.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordError {
    /// The campaign is gone or does not load.
    Missing(String),
    /// The campaign has moved past that battle.
    MovedOn,
    /// Refused by the rules or by storage.
    Failed(String),
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::Missing(e) => write!(f, "The Race for X campaign cannot be opened: {e}"),
            RecordError::MovedOn => write!(f, "That Race for X battle is no longer being fought: the campaign has moved on, so the findings cannot be added to it."),
            RecordError::Failed(e) => write!(f, "The findings could not be recorded: {e}"),
        }
    }
}

/// Adds the note to the origin's battle and saves the campaign. Recording the same note
/// twice changes nothing.
pub fn record_on_battle(origin: &Origin, note: &str) -> Result<(), RecordError> {
    let (doc, mut c) = store::load_of::<race_for_x::RaceForX>(&LocalStorage, &origin.campaign)
        .map_err(|e| RecordError::Missing(e.to_string()))?;
    let st = c.state();
    let battle = st.current().filter(|b| {
        st.phase() == RfxPhase::Fight
            && b.turn == origin.turn
            && b.side.letter() == origin.side
            && b.battle.is_some_and(|t| t.name() == origin.battle)
    });
    let Some(battle) = battle else { return Err(RecordError::MovedOn) };
    if battle.notes.iter().any(|n| n == note.trim()) {
        return Ok(());
    }
    c.decide(race_for_x::Decision::Note { text: note.to_string() }, DiceInput::Typed(Vec::new()))
        .map_err(|e| RecordError::Failed(e.to_string()))?;
    let mut meta = doc.meta.clone();
    meta.updated = platform::now();
    let doc = Stored::new(meta, &c);
    store::save_guarded_of(&mut LocalStorage, &doc).map_err(|e| RecordError::Failed(e.to_string()))
}

/// The night is over: the summary for the briefing, and the way back to the battle.
#[component]
pub fn NightOver() -> impl IntoView {
    let s = expect_context::<Scouting>();
    let sum = memo(move || s.setup.with(|setup| s.state.with(|st| summary(setup, st))));
    let error = RwSignal::new(None::<RecordError>);
    let copied = RwSignal::new(None::<String>);
    let note = memo(move || note_text(&sum.get().lines()));
    let nav = use_context::<Nav>();
    let record = move |_| {
        let Some(origin) = s.setup.with_untracked(|x| x.origin.clone()) else { return };
        match record_on_battle(&origin, &note.get_untracked()) {
            Ok(()) => {
                error.set(None);
                if let Some(nav) = nav {
                    nav.go(Screen::Campaign { id: origin.campaign.clone(), tab: Tab::Play });
                }
            }
            Err(e) => error.set(Some(e)),
        }
    };
    let copy = move |_| note.with_untracked(|t| copy_with_note(t, "Copied.", "text", copied));
    view! {
        <div class="night-over" data-testid="night-over">
            <h3>"What the attack briefing knows"</h3>
            <ul class="summary-lines" data-testid="summary">
                {move || sum.get().lines().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
            </ul>
            <table class="roster-table" data-testid="figure-outcomes">
                <thead><tr><th>"Figure"</th><th>"Team"</th><th>"At the end"</th></tr></thead>
                <tbody>
                    {move || sum.get().figures.into_iter().map(|f| view! {
                        <tr class:dead=f.status == Status::Dead>
                            <td>{if f.leader { format!("\u{2605} {}", f.name) } else { f.name.clone() }}</td>
                            <td>{f.team.clone()}</td>
                            <td>{f.status.name()}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
            {move || sum.get().cat_used.then(|| view! { <p class="hint">"The cat was played."</p> })}
            {move || s.setup.with(|x| x.origin.clone()).map(|o| view! {
                <div class="record-box">
                    <p>{format!("This night comes before turn {}'s {} (player {} attacking).", o.turn, o.battle, o.side)}</p>
                    <button class="btn primary big" data-testid="record-findings" on:click=record>"Record the findings on the Race for X battle"</button>
                </div>
            })}
            {move || error.get().map(|e| {
                let moved = matches!(e, RecordError::MovedOn | RecordError::Missing(_));
                view! {
                    <p class="error" role="alert" data-testid="record-error">{e.to_string()}</p>
                    {moved.then(|| view! {
                        <label class="field">
                            <span class="label">"The summary, to copy into your notes"</span>
                            <textarea rows="4" readonly data-testid="summary-text" prop:value=move || note.get()></textarea>
                        </label>
                        <button class="btn" data-testid="copy-summary" on:click=copy>"Copy the summary"</button>
                        {move || copied.get().map(|m| view! { <p class="hint" data-testid="copied">{m}</p> })}
                    })}
                }
            })}
            <p class="hint">"Undo still works if a step was entered wrongly."</p>
        </div>
    }
}
