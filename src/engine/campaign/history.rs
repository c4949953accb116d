//! The campaign's history in the players' words: every journal line described, and what each
//! reader may read of it (`history_for`).

use super::{apply_line, Action, Campaign, JointShown, SealShown, Trail};
use crate::engine::dice::{self, Roll, Roller};
use crate::engine::seat::{Reader, Readers, Seat};
use crate::engine::system::System;
use serde::{Deserialize, Serialize};

/// A history line for display.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryLine {
    /// Index in the journal.
    pub index: usize,
    /// Journal index of the decision the line is about (itself, or the one undone or redone).
    pub of: usize,
    pub kind: HistoryKind,
    pub text: String,
    pub dice: Vec<Roll>,
    /// Still in effect (not undone).
    pub active: bool,
    /// Position among the decisions in effect, when active (1-based).
    pub step: Option<usize>,
    /// The reply the decision came in (`Entry::reply`), on the replying seat's own lines only:
    /// its device sees that its reply was taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply: Option<u64>,
    /// Its seal, on a seal line or a decision sealed before it was revealed (`seal.rs`); the
    /// decision and salt only for a reader who may read the decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seal: Option<SealShown>,
    /// A joint roll's parts and place, for every reader who may read its dice to check them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joint: Option<JointShown>,
    /// Dice the app rolled on this seat's own device, which sent the step in a reply (none:
    /// on the device keeping the campaign, or not the app's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolled_on: Option<Seat>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HistoryKind {
    Decision,
    Undo,
    Redo,
    /// A seat sealed a choice (`Action::Seal`): everyone may read that it did, and its seal.
    Seal,
}

impl<S: System> Campaign<S> {
    /// The whole history in journal order, each line described in the players' words: what
    /// an umpire (or a test) may read. Screens show `history_for` their reader.
    pub fn history(&self) -> Vec<HistoryLine> {
        self.lines().into_iter().map(|(line, _)| line).collect()
    }

    /// The history `reader` may read: entries hidden from them are left out with the undo and
    /// redo lines that name them (an undone secret leaves no trace), unless they stand and are
    /// announced (their line tells no secret); dice hidden from them are left off.
    pub fn history_for(&self, reader: Reader) -> Vec<HistoryLine> {
        let mut readable = vec![true; self.journal.len()];
        let mut lines = Vec::with_capacity(self.journal.len());
        for (mut line, readers) in self.lines() {
            if let Some(r) = readers {
                readable[line.index] = r.shows_line(reader, line.active);
                if !r.dice.admits(reader) {
                    line.dice.clear();
                    line.joint = None;
                    line.rolled_on = None;
                }
                if !r.decision.admits(reader) {
                    if let Some(seal) = &mut line.seal {
                        seal.seal = seal.seal();
                        seal.open = None;
                    }
                }
            }
            if let (Some(_), HistoryKind::Decision, Action::Decide(e)) = (reader, line.kind, &self.journal[line.index])
            {
                if e.by == reader {
                    line.reply = e.reply;
                }
            }
            if readable[line.of] {
                lines.push(line);
            }
        }
        lines
    }

    /// Every line with, for decisions, who may read it (judged against the position now).
    fn lines(&self) -> Vec<(HistoryLine, Option<Readers>)> {
        // Replays the journal once to know the positions around each decision.
        let mut lines: Vec<(HistoryLine, Option<Readers>)> = Vec::with_capacity(self.journal.len());
        let mut active: Vec<usize> = Vec::new();
        let mut redo: Vec<usize> = Vec::new();
        let mut states: Trail<S::State> = Trail::new(self.trail.start().clone());
        let mut texts: Vec<Option<String>> = vec![None; self.journal.len()];
        let mut befores: Vec<Option<S::State>> = vec![None; self.journal.len()];
        let line = |index: usize, of: usize, kind: HistoryKind, text: String, dice: Vec<Roll>| HistoryLine {
            index,
            of,
            kind,
            text,
            dice,
            active: false,
            step: None,
            reply: None,
            seal: None,
            joint: None,
            rolled_on: None,
        };
        for (index, action) in self.journal.iter().enumerate() {
            match action {
                Action::Decide(entry) => {
                    let before = &states.current;
                    let vals = dice::values(&entry.dice);
                    let after =
                        S::apply(&self.setup, before, &entry.decision, &vals).unwrap_or_else(|_| before.clone());
                    let text = S::describe(&self.setup, before, &entry.decision, &vals, &after);
                    texts[index] = Some(text.clone());
                    befores[index] = Some(before.clone());
                    states.push(after);
                    active.push(index);
                    redo.clear();
                    let mut decided = line(index, index, HistoryKind::Decision, text, entry.dice.clone());
                    decided.seal = Self::seal_shown(entry);
                    decided.joint =
                        entry.joint.map(|(first, second)| JointShown { first, second, place: index as u64 });
                    let by_app = !entry.dice.is_empty() && entry.dice.iter().all(|d| d.by == Roller::App);
                    decided.rolled_on = entry.by.filter(|_| by_app && entry.reply.is_some());
                    lines.push((decided, None));
                }
                Action::Undo => {
                    let i = active.pop().unwrap_or(0);
                    let (setup, journal, act) = (&self.setup, &self.journal, &active);
                    states.pop(|state, step| apply_line::<S>(setup, state, &journal[act[step]]));
                    redo.push(i);
                    let what = texts[i].clone().unwrap_or_default();
                    lines.push((line(index, i, HistoryKind::Undo, format!("Undone: {what}"), vec![]), None));
                }
                Action::Redo => {
                    let i = redo.pop().unwrap_or(0);
                    if let Action::Decide(entry) = &self.journal[i] {
                        let before = &states.current;
                        let after = S::apply(&self.setup, before, &entry.decision, &dice::values(&entry.dice))
                            .unwrap_or_else(|_| before.clone());
                        states.push(after);
                    }
                    active.push(i);
                    let what = texts[i].clone().unwrap_or_default();
                    lines.push((line(index, i, HistoryKind::Redo, format!("Redone: {what}"), vec![]), None));
                }
                Action::Seal(seal) => {
                    let who = S::seat_name(&self.setup, &states.current, seal.by);
                    let text = match seal.joint {
                        Some(_) => format!(
                            "The keeper's part of a roll made with {who} is sealed (seal {}…)",
                            &seal.seal.to_hex()[..8]
                        ),
                        None => format!("{who} sealed a choice (seal {}…)", &seal.seal.to_hex()[..8]),
                    };
                    let mut sealed = line(index, index, HistoryKind::Seal, text, vec![]);
                    let pending = match seal.joint {
                        Some(_) => self.pending_joint().is_some_and(|p| p.at == index),
                        None => self.pending_seal_line(seal.by).is_some_and(|(j, _)| j == index),
                    };
                    let joint = seal.joint.is_some();
                    sealed.seal = Some(SealShown { by: seal.by, seal: Some(seal.seal), open: None, pending, joint });
                    lines.push((sealed, None));
                }
            }
        }
        let mut in_effect = vec![false; self.journal.len()];
        for &i in &self.active {
            in_effect[i] = true;
        }
        let mut step_of = vec![None; self.journal.len()];
        for (step, &i) in self.active.iter().enumerate() {
            step_of[i] = Some(step + 1);
        }
        for (line, readers) in lines.iter_mut() {
            if line.kind != HistoryKind::Decision {
                continue;
            }
            line.active = in_effect[line.index];
            line.step = step_of[line.index];
            if let (Action::Decide(entry), Some(at)) = (&self.journal[line.index], &befores[line.index]) {
                *readers = Some(S::audience(&self.setup, at, entry, self.state(), line.active));
            }
        }
        lines
    }

    /// Who may read each decision of the journal (`None` for undo and redo lines).
    pub fn readers(&self) -> Vec<Option<Readers>> {
        let mut out = vec![None; self.journal.len()];
        for (line, readers) in self.lines() {
            out[line.index] = readers;
        }
        out
    }
}
