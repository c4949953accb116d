//! The campaign's history in the players' words: every journal line described, and what each
//! reader may read of it (`history_for`).

use super::{apply_line, Action, Campaign, JointShown, SealLine, SealShown, Trail};
use crate::engine::dice::{self, Roll, Roller};
use crate::engine::fair::Secret;
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
        let mut walker = Walker::<S> {
            c: self,
            states: Trail::new(self.trail.start().clone()),
            befores: vec![None; self.journal.len()],
        };
        walk(self.journal.len(), &self.active, &mut walker)
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

/// A journal line as the history walk reads it: the parts that are the same for every system.
enum Step<'a> {
    Decide(&'a [Roll], DecideParts),
    Undo,
    Redo,
    Seal(&'a SealLine),
}

/// What a decision's line shows besides its words and dice.
struct DecideParts {
    seal: Option<SealShown>,
    joint: Option<(Secret, Secret)>,
    /// The seat whose device rolled the dice (the app's dice, in a reply).
    rolled_on: Option<Seat>,
}

/// What the history walk asks of a system: the journal's lines and the positions along them.
/// The walk itself (`walk`) is the same for every system, so it is compiled once (issue 32).
trait Positions {
    fn step(&self, index: usize) -> Step<'_>;
    /// Plays decision `index` on the position now: its words.
    fn decide(&mut self, index: usize) -> String;
    /// Takes back the last decision in effect; `active` is what stays in effect.
    fn undo(&mut self, active: &[usize]);
    /// Plays the undone decision `index` again.
    fn redo(&mut self, index: usize);
    fn seat_name(&self, seat: Seat) -> String;
    /// Whether seal line `index` still waits for its reveal (or its joint roll).
    fn pending(&self, index: usize, seal: &SealLine) -> bool;
    /// Who may read decision `index` (walked before), judged against the position now.
    fn readers(&self, index: usize, active: bool) -> Option<Readers>;
}

struct Walker<'a, S: System> {
    c: &'a Campaign<S>,
    states: Trail<S::State>,
    /// The position each decision was played on.
    befores: Vec<Option<S::State>>,
}

impl<S: System> Positions for Walker<'_, S> {
    fn step(&self, index: usize) -> Step<'_> {
        match &self.c.journal[index] {
            Action::Decide(entry) => {
                let by_app = !entry.dice.is_empty() && entry.dice.iter().all(|d| d.by == Roller::App);
                let parts = DecideParts {
                    seal: Campaign::<S>::seal_shown(entry),
                    joint: entry.joint,
                    rolled_on: entry.by.filter(|_| by_app && entry.reply.is_some()),
                };
                Step::Decide(&entry.dice, parts)
            }
            Action::Undo => Step::Undo,
            Action::Redo => Step::Redo,
            Action::Seal(seal) => Step::Seal(seal),
        }
    }

    fn decide(&mut self, index: usize) -> String {
        let Action::Decide(entry) = &self.c.journal[index] else { return String::new() };
        let setup = &self.c.setup;
        let before = &self.states.current;
        let vals = dice::values(&entry.dice);
        let after = S::apply(setup, before, &entry.decision, &vals).unwrap_or_else(|_| before.clone());
        let text = S::describe(setup, before, &entry.decision, &vals, &after);
        self.befores[index] = Some(before.clone());
        self.states.push(after);
        text
    }

    fn undo(&mut self, active: &[usize]) {
        let (setup, journal) = (&self.c.setup, &self.c.journal);
        self.states.pop(|state, step| apply_line::<S>(setup, state, &journal[active[step]]));
    }

    fn redo(&mut self, index: usize) {
        if let Action::Decide(entry) = &self.c.journal[index] {
            let before = &self.states.current;
            let after = S::apply(&self.c.setup, before, &entry.decision, &dice::values(&entry.dice))
                .unwrap_or_else(|_| before.clone());
            self.states.push(after);
        }
    }

    fn seat_name(&self, seat: Seat) -> String {
        S::seat_name(&self.c.setup, &self.states.current, seat)
    }

    fn pending(&self, index: usize, seal: &SealLine) -> bool {
        match seal.joint {
            Some(_) => self.c.pending_joint().is_some_and(|p| p.at == index),
            None => self.c.pending_seal_line(seal.by).is_some_and(|(j, _)| j == index),
        }
    }

    fn readers(&self, index: usize, active: bool) -> Option<Readers> {
        match (&self.c.journal[index], &self.befores[index]) {
            (Action::Decide(entry), Some(at)) => Some(S::audience(&self.c.setup, at, entry, self.c.state(), active)),
            _ => None,
        }
    }
}

/// The history's lines from the journal's `len` lines, `active` the decisions in effect now:
/// the walk every system shares.
#[inline(never)]
fn walk(len: usize, active_now: &[usize], p: &mut dyn Positions) -> Vec<(HistoryLine, Option<Readers>)> {
    // Replays the journal once to know the positions around each decision.
    let mut lines: Vec<(HistoryLine, Option<Readers>)> = Vec::with_capacity(len);
    let mut active: Vec<usize> = Vec::new();
    let mut redo: Vec<usize> = Vec::new();
    let mut texts: Vec<Option<String>> = vec![None; len];
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
    for index in 0..len {
        let made = match p.step(index) {
            Step::Decide(dice, parts) => {
                let dice = dice.to_vec();
                let text = p.decide(index);
                texts[index] = Some(text.clone());
                active.push(index);
                redo.clear();
                let mut decided = line(index, index, HistoryKind::Decision, text, dice);
                decided.seal = parts.seal;
                decided.joint = parts.joint.map(|(first, second)| JointShown { first, second, place: index as u64 });
                decided.rolled_on = parts.rolled_on;
                decided
            }
            Step::Undo => {
                let i = active.pop().unwrap_or(0);
                p.undo(&active);
                redo.push(i);
                let what = texts[i].clone().unwrap_or_default();
                line(index, i, HistoryKind::Undo, format!("Undone: {what}"), vec![])
            }
            Step::Redo => {
                let i = redo.pop().unwrap_or(0);
                p.redo(i);
                active.push(i);
                let what = texts[i].clone().unwrap_or_default();
                line(index, i, HistoryKind::Redo, format!("Redone: {what}"), vec![])
            }
            Step::Seal(seal) => {
                let (by, hex, joint) = (seal.by, seal.seal.to_hex(), seal.joint.is_some());
                let who = p.seat_name(by);
                let text = match joint {
                    true => format!("The keeper's part of a roll made with {who} is sealed (seal {}…)", &hex[..8]),
                    false => format!("{who} sealed a choice (seal {}…)", &hex[..8]),
                };
                let pending = p.pending(index, seal);
                let mut sealed = line(index, index, HistoryKind::Seal, text, vec![]);
                sealed.seal = Some(SealShown { by, seal: Some(seal.seal), open: None, pending, joint });
                sealed
            }
        };
        lines.push((made, None));
    }
    let mut in_effect = vec![false; len];
    for &i in active_now {
        in_effect[i] = true;
    }
    let mut step_of = vec![None; len];
    for (step, &i) in active_now.iter().enumerate() {
        step_of[i] = Some(step + 1);
    }
    for (line, readers) in lines.iter_mut() {
        if line.kind != HistoryKind::Decision {
            continue;
        }
        line.active = in_effect[line.index];
        line.step = step_of[line.index];
        *readers = p.readers(line.index, line.active);
    }
    lines
}
