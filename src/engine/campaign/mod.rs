//! A campaign: a setup plus a journal of actions. The journal is append-only: decisions,
//! undos and redos are all recorded, so the history shows every undo and nothing is lost.
//! The position is the fold of the decisions in effect over the system's rules.

mod history;
mod joint;
mod last;
mod seal;
mod seat_step;
mod shared;

pub use history::{HistoryKind, HistoryLine};
pub use joint::{JointError, JointPart, JointShown};
pub use seal::{coded, SealError, SealLine, SealShown};

pub use shared::SeatView;

use super::dice::{self, DiceError, DiceSpec, Roll, Roller};
use super::seat::{Reader, Seat};
use super::system::System;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A decision with the dice it used and the seat that took it.
#[derive(Clone, Debug, Serialize)]
pub struct Entry<D> {
    pub decision: D,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<Roll>,
    /// The seat that took it (`None`: the table). Documents stored before seats existed have
    /// none; replay fills it in from the rules (`System::actor`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Seat>,
    /// The reply it came in (`share::reply`), when it was decided on the seat's own device:
    /// what tells the keeper a reply it has already taken. Kept in stored documents and files;
    /// links leave it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply: Option<u64>,
    /// The salt it was sealed under (`fair::Seal`), when its seat sealed it before the reveal
    /// (`Campaign::reveal_for_seat`, `decide_sealed`): what lets every device check the seal.
    /// Kept in stored documents and files; links leave it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<super::fair::Secret>,
    /// A joint roll's two parts (`joint.rs`): its dice are drawn from them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joint: Option<(super::fair::Secret, super::fair::Secret)>,
}

/// Entries are the same when their decision and dice are; the seat counts only when both
/// know it, so a document stored before seats, or a link (which leaves the seat to the
/// rules), still matches the same history stored since.
impl<D: PartialEq> PartialEq for Entry<D> {
    fn eq(&self, other: &Self) -> bool {
        self.decision == other.decision
            && self.dice == other.dice
            && (self.by.is_none() || other.by.is_none() || self.by == other.by)
    }
}

/// An entry's parts that are the same for every system, read by one compiled reader (issue 32:
/// a derived reader was compiled once per system); its decision kept as text for the system's.
#[derive(Deserialize)]
struct EntryParts {
    decision: Box<serde_json::value::RawValue>,
    #[serde(default)]
    dice: Vec<Roll>,
    #[serde(default)]
    by: Option<Seat>,
    #[serde(default)]
    reply: Option<u64>,
    #[serde(default)]
    salt: Option<super::fair::Secret>,
    #[serde(default)]
    joint: Option<(super::fair::Secret, super::fair::Secret)>,
}

// By hand, the same JSON as a derived reader: the fields every system shares read once for all.
impl<'de, D: serde::de::DeserializeOwned> Deserialize<'de> for Entry<D> {
    fn deserialize<De: serde::Deserializer<'de>>(d: De) -> Result<Self, De::Error> {
        let p = EntryParts::deserialize(d)?;
        let decision = super::json::part(&p.decision)?;
        Ok(Entry { decision, dice: p.dice, by: p.by, reply: p.reply, salt: p.salt, joint: p.joint })
    }
}

impl<D> Entry<D> {
    /// An entry as older formats and links carry it: the seat is inferred on replay.
    pub fn new(decision: D, dice: Vec<Roll>) -> Self {
        Entry { decision, dice, by: None, reply: None, salt: None, joint: None }
    }
}

/// One line of the journal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(deserialize = "D: serde::de::DeserializeOwned"))]
pub enum Action<D> {
    Decide(Entry<D>),
    Undo,
    Redo,
    /// A seat's seal of a choice it will reveal later (`seal.rs`): changes no position.
    Seal(SealLine),
}

/// Where a decision's dice come from.
pub enum DiceInput<'a> {
    /// The app rolls from `rng`: the browser's entropy in the app, a seeded generator in tests.
    App(&'a mut dyn RngCore),
    /// Dice rolled at the table and typed in.
    Typed(Vec<u16>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum DecideError<E> {
    Dice(DiceError),
    Rules(E),
}

impl<E: fmt::Display> fmt::Display for DecideError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecideError::Dice(e) => e.fmt(f),
            DecideError::Rules(e) => e.fmt(f),
        }
    }
}

/// A journal that does not replay: the stored log is damaged or from other rules.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayError {
    /// Index of the journal line that failed.
    pub at: usize,
    pub message: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "history line {} does not replay: {}", self.at + 1, self.message)
    }
}

pub struct Campaign<S: System> {
    setup: S::Setup,
    journal: Vec<Action<S::Decision>>,
    /// Journal indices of the decisions in effect, oldest first.
    active: Vec<usize>,
    /// Journal indices of undone decisions, next to redo last.
    redo: Vec<usize>,
    /// Positions along the decisions in effect: kept every few steps, so memory grows with
    /// the log, not with its square, and undo replays a few steps at most.
    trail: Trail<S::State>,
}

impl<S: System> Clone for Campaign<S> {
    fn clone(&self) -> Self {
        Campaign {
            setup: self.setup.clone(),
            journal: self.journal.clone(),
            active: self.active.clone(),
            redo: self.redo.clone(),
            trail: self.trail.clone(),
        }
    }
}

impl<S: System> fmt::Debug for Campaign<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Campaign").field("journal", &self.journal.len()).field("active", &self.active.len()).finish()
    }
}

impl<S: System> Campaign<S> {
    pub fn new(setup: S::Setup) -> Result<Self, S::Error> {
        let start = S::start(&setup)?;
        Ok(Campaign { setup, journal: Vec::new(), active: Vec::new(), redo: Vec::new(), trail: Trail::new(start) })
    }

    /// Rebuilds a campaign from a stored journal, checking every line.
    pub fn replay(setup: S::Setup, journal: Vec<Action<S::Decision>>) -> Result<Self, ReplayError> {
        let mut c = Campaign::new(setup).map_err(|e| ReplayError { at: 0, message: format!("setup: {e}") })?;
        for (at, action) in journal.into_iter().enumerate() {
            let fail = |message: String| ReplayError { at, message };
            match action {
                Action::Decide(mut entry) => {
                    let next = c.check_and_apply(&entry.decision, &dice::values(&entry.dice), Some(&entry.dice));
                    let next = next.map_err(|e| fail(e.to_string()))?;
                    match entry.by {
                        None => entry.by = S::actor(&c.setup, c.state(), &entry.decision),
                        Some(seat) if !S::seats(&c.setup).contains(&seat) => {
                            return Err(fail(format!("taken by a seat this campaign does not have ({})", seat.0)))
                        }
                        Some(_) => {}
                    }
                    c.record(entry, next);
                }
                Action::Undo => {
                    if !c.can_undo() {
                        return Err(fail("undo with nothing to undo".into()));
                    }
                    c.undo();
                }
                Action::Redo => {
                    if !c.can_redo() {
                        return Err(fail("redo with nothing to redo".into()));
                    }
                    c.redo().map_err(|e| fail(e.to_string()))?;
                }
                Action::Seal(line) => {
                    if !S::seats(&c.setup).contains(&line.by) {
                        return Err(fail(format!("sealed by a seat this campaign does not have ({})", line.by.0)));
                    }
                    c.journal.push(Action::Seal(line));
                }
            }
        }
        Ok(c)
    }

    pub fn setup(&self) -> &S::Setup {
        &self.setup
    }
    pub fn state(&self) -> &S::State {
        &self.trail.current
    }
    pub fn journal(&self) -> &[Action<S::Decision>] {
        &self.journal
    }
    /// Number of decisions in effect.
    pub fn steps(&self) -> usize {
        self.active.len()
    }
    pub fn can_undo(&self) -> bool {
        !self.active.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The dice the decision needs now, if any.
    pub fn dice_for(&self, decision: &S::Decision) -> Option<DiceSpec> {
        S::dice(&self.setup, self.state(), decision)
    }

    /// Checks a decision without playing it.
    pub fn check(&self, decision: &S::Decision, dice: &[u16]) -> Result<S::State, DecideError<S::Error>> {
        self.check_and_apply(decision, dice, None)
    }

    fn check_and_apply(
        &self,
        decision: &S::Decision,
        dice: &[u16],
        recorded: Option<&[Roll]>,
    ) -> Result<S::State, DecideError<S::Error>> {
        match self.dice_for(decision) {
            Some(spec) => {
                spec.check(dice).map_err(DecideError::Dice)?;
                if let Some(rolls) = recorded {
                    if rolls.iter().any(|r| r.die != spec.die) {
                        return Err(DecideError::Dice(DiceError::WrongDie));
                    }
                }
            }
            None if !dice.is_empty() => {
                return Err(DecideError::Dice(DiceError::WrongCount { expected: 0, got: dice.len() }))
            }
            None => {}
        }
        S::apply(&self.setup, self.state(), decision, dice).map_err(DecideError::Rules)
    }

    /// Takes a decision. When the same roll was just undone here, its dice are given back
    /// rather than rolled again (undo is never a re-roll); the journal records a redo.
    /// Decisions without dice are always recorded afresh, so the history never tells whether
    /// a re-made choice matches an undone one (a secret choice stays secret).
    pub fn decide(&mut self, decision: S::Decision, input: DiceInput<'_>) -> Result<(), DecideError<S::Error>> {
        if let (Some(&top), DiceInput::App(_)) = (self.redo.last(), &input) {
            if let Action::Decide(e) = &self.journal[top] {
                if e.decision == decision && !e.dice.is_empty() {
                    return self.redo();
                }
            }
        }
        let spec = self.dice_for(&decision);
        let rolls: Vec<Roll> = match (spec, input) {
            // Dice typed for a step without a roll are refused, as `check` and `replay` do.
            (None, DiceInput::Typed(values)) if !values.is_empty() => {
                return Err(DecideError::Dice(DiceError::WrongCount { expected: 0, got: values.len() }))
            }
            (None, _) => Vec::new(),
            (Some(spec), DiceInput::App(rng)) => {
                spec.roll(rng).into_iter().map(|value| Roll { die: spec.die, value, by: Roller::App }).collect()
            }
            (Some(spec), DiceInput::Typed(values)) => {
                spec.check(&values).map_err(DecideError::Dice)?;
                values.into_iter().map(|value| Roll { die: spec.die, value, by: Roller::Table }).collect()
            }
        };
        let next = self.check_and_apply(&decision, &dice::values(&rolls), None)?;
        let by = S::actor(&self.setup, self.state(), &decision);
        self.record(Entry { decision, dice: rolls, by, reply: None, salt: None, joint: None }, next);
        Ok(())
    }

    /// Journals a decision taken, `next` the position it leads to: in effect, and nothing left
    /// to redo.
    fn record(&mut self, entry: Entry<S::Decision>, next: S::State) {
        self.journal.push(Action::Decide(entry));
        self.active.push(self.journal.len() - 1);
        self.redo.clear();
        self.trail.push(next);
    }

    /// Whether the decisions in effect when journal line `line` was written (`at` of them)
    /// are still in effect, none undone since (later ones may have been taken).
    fn still_stands(&self, at: usize, line: usize) -> bool {
        self.active.len() >= at && (at == 0 || self.active[at - 1] < line)
    }

    /// Undoes the last decision in effect. Returns false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.active.pop() {
            Some(i) => {
                let (setup, journal) = (&self.setup, &self.journal);
                self.trail.pop(|state, step| apply_line::<S>(setup, state, &journal[self.active[step]]));
                self.redo.push(i);
                self.journal.push(Action::Undo);
                true
            }
            None => false,
        }
    }

    /// Puts back the last undone decision with its original dice.
    pub fn redo(&mut self) -> Result<(), DecideError<S::Error>> {
        let Some(&i) = self.redo.last() else { return Ok(()) };
        let Action::Decide(entry) = &self.journal[i] else { unreachable!("redo points at a decision") };
        let next = self.check_and_apply(&entry.decision, &dice::values(&entry.dice), None)?;
        self.redo.pop();
        self.active.push(i);
        self.trail.push(next);
        self.journal.push(Action::Redo);
        Ok(())
    }

    /// Undoes until `steps` decisions remain in effect.
    pub fn undo_to(&mut self, steps: usize) {
        while self.active.len() > steps && self.undo() {}
    }

    /// The seats at the table, each with its name now.
    pub fn named_seats(&self) -> Vec<(Seat, String)> {
        self.seats().into_iter().map(|s| (s, self.seat_name(s))).collect()
    }

    /// The seats at the table.
    pub fn seats(&self) -> Vec<Seat> {
        S::seats(&self.setup)
    }
    pub fn seat_name(&self, seat: Seat) -> String {
        S::seat_name(&self.setup, self.state(), seat)
    }
    /// Who runs the game and may take every secret to their own devices, if anyone.
    pub fn umpire(&self) -> Option<Seat> {
        S::umpire(&self.setup)
    }
    /// Whose input the position waits for.
    pub fn to_act(&self) -> Vec<Seat> {
        S::to_act(&self.setup, self.state())
    }
    /// The position as `reader` may see it.
    pub fn view(&self, reader: Reader) -> S::State {
        S::view(&self.setup, self.state(), reader)
    }

    /// Where the campaign stands, in a few words.
    pub fn status(&self) -> String {
        S::status(&self.setup, self.state())
    }
    pub fn players(&self) -> Vec<String> {
        S::players(&self.setup)
    }
    pub fn turn(&self) -> u32 {
        S::turn(self.state())
    }
    /// What the dice widget shows before this decision's roll.
    pub fn preview(&self, decision: &S::Decision) -> Option<super::RollPreview> {
        S::preview(&self.setup, self.state(), decision)
    }
    /// The last decision in effect that the whole table may read, in the players' words.
    pub fn last_entry(&self) -> Option<String> {
        self.last_entry_for(None)
    }

    /// The decisions in effect, oldest first.
    pub fn active_entries(&self) -> impl Iterator<Item = &Entry<S::Decision>> {
        self.active.iter().map(move |&i| match &self.journal[i] {
            Action::Decide(e) => e,
            _ => unreachable!(),
        })
    }
}

/// Plays one journal line (a decision) on a position; a line that applied before applies again.
fn apply_line<S: System>(setup: &S::Setup, state: &S::State, line: &Action<S::Decision>) -> S::State {
    match line {
        Action::Decide(e) => {
            S::apply(setup, state, &e.decision, &dice::values(&e.dice)).unwrap_or_else(|_| state.clone())
        }
        _ => state.clone(),
    }
}

/// Steps between kept positions.
const CHECKPOINT: usize = 32;

/// The positions along a line of decisions: the current one, and one every `CHECKPOINT`
/// steps from the start, so going back replays fewer than `CHECKPOINT` steps.
#[derive(Clone, Debug)]
struct Trail<T> {
    marks: Vec<(usize, T)>,
    current: T,
    len: usize,
}

impl<T: Clone> Trail<T> {
    fn new(start: T) -> Self {
        Trail { marks: vec![(0, start.clone())], current: start, len: 0 }
    }
    fn start(&self) -> &T {
        &self.marks[0].1
    }
    fn push(&mut self, next: T) {
        self.len += 1;
        if self.len.is_multiple_of(CHECKPOINT) {
            self.marks.push((self.len, next.clone()));
        }
        self.current = next;
    }
    /// Steps back one; `step(position, i)` plays step `i` (0-based) on a position.
    fn pop(&mut self, step: impl Fn(&T, usize) -> T) {
        if self.len == 0 {
            return;
        }
        self.len -= 1;
        while self.marks.len() > 1 && self.marks.last().is_some_and(|(at, _)| *at > self.len) {
            self.marks.pop();
        }
        let (mut at, mut pos) = self.marks.last().cloned().expect("the start is always kept");
        while at < self.len {
            pos = step(&pos, at);
            at += 1;
        }
        self.current = pos;
    }
}
