//! What may leave the device: the journal without any step a seat may not read, what that
//! leaves out, and why it could not be made; and one seat's view (`SeatView`), which carries
//! no journal at all.

use super::{Action, Campaign, HistoryLine, ReplayError};
use crate::engine::seat::{Reader, Readers};
use crate::engine::system::System;
use serde::{Deserialize, Serialize};

/// One seat's view of a campaign at a moment: the setup and position as that seat may see
/// them and the history it may read, with nothing else. Made by the device holding the whole
/// campaign, read-only wherever it is opened: there is no journal to replay or play on, so a
/// secret at the bottom of the journal (a hidden deployment) stays behind.
#[derive(Debug, PartialEq, Serialize)]
#[serde(bound(serialize = ""))]
pub struct SeatView<S: System> {
    /// Whose view it is: a seat, or the whole table.
    pub reader: Reader,
    pub setup: S::Setup,
    pub state: S::State,
    /// The lines the reader may read, numbered afresh (0, 1, 2...) so a gap cannot tell
    /// that a line was left out.
    pub history: Vec<HistoryLine>,
    /// Decisions in effect when it was made: a later view of the same campaign has at least
    /// as many, unless steps were taken back.
    pub steps: usize,
}

// By hand: a derived `Clone` would ask `S: Clone` of the rules type, where only its setup and
// state are cloned.
impl<S: System> Clone for SeatView<S> {
    fn clone(&self) -> Self {
        SeatView {
            reader: self.reader,
            setup: self.setup.clone(),
            state: self.state.clone(),
            history: self.history.clone(),
            steps: self.steps,
        }
    }
}

/// A view's parts that are the same for every system, read by one compiled reader (issue 32:
/// a derived reader was compiled once per system); its setup and position kept as text for
/// the system's own readers.
#[derive(Deserialize)]
struct ViewParts {
    reader: Reader,
    setup: Box<serde_json::value::RawValue>,
    state: Box<serde_json::value::RawValue>,
    history: Vec<HistoryLine>,
    steps: usize,
}

// By hand, the same JSON as a derived reader: the fields every system shares read once for all.
impl<'de, S: System> Deserialize<'de> for SeatView<S> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let parts = ViewParts::deserialize(d)?;
        let setup = crate::engine::json::part(&parts.setup)?;
        let state = crate::engine::json::part(&parts.state)?;
        Ok(SeatView { reader: parts.reader, setup, state, history: parts.history, steps: parts.steps })
    }
}

impl<S: System> Campaign<S> {
    /// Why no link or file of the campaign can be made now: a step everyone may read stands
    /// on top of one hidden from a seat, so the hidden one cannot be left out (the system's
    /// own words first). `None` in every system so far: their secrets are taken last.
    pub fn share_hold(&self) -> Option<String> {
        if let Some(why) = S::share_hold(&self.setup, self.state()) {
            return Some(why);
        }
        let (_, drop) = self.leave_out();
        let lost = self.active.iter().any(|&i| drop[i] && self.readers()[i].as_ref().is_some_and(Readers::is_public));
        lost.then(|| {
            "A step everyone may read stands on one still hidden from a seat; share once it is revealed.".into()
        })
    }

    /// What a link or file made now leaves out, in words the whole table may read ("Anna's
    /// hidden step"): steps in effect that some seat may not read yet.
    pub fn left_out(&self) -> Vec<String> {
        let (_, drop) = self.leave_out();
        self.active
            .iter()
            .filter(|&&i| drop[i])
            .filter_map(|&i| match &self.journal[i] {
                Action::Decide(e) => Some(match e.by {
                    Some(seat) => format!("{}'s hidden step", S::seat_name(&self.setup, self.state(), seat)),
                    None => "a hidden step".to_string(),
                }),
                _ => None,
            })
            .collect()
    }

    /// The journal as it may leave this device: every decision some seat may not read is
    /// left out, with what was played on top of it and the undo and redo lines naming it, so
    /// a link or file carries no trace of a secret, taken back or still pending. It replays;
    /// it reaches the same position unless a hidden step is in effect (`left_out`).
    pub fn shareable_journal(&self) -> Vec<Action<S::Decision>> {
        let (target, drop) = self.leave_out();
        self.journal.iter().enumerate().filter(|&(i, _)| !drop[target[i]]).map(|(_, a)| a.clone()).collect()
    }

    /// What `reader` may see now, to send to that seat alone (`SeatView`).
    pub fn seat_view(&self, reader: Reader) -> SeatView<S> {
        let mut history = self.history_for(reader);
        let number: std::collections::HashMap<usize, usize> =
            history.iter().enumerate().map(|(n, l)| (l.index, n)).collect();
        for line in &mut history {
            line.of = number.get(&line.of).copied().unwrap_or(number[&line.index]);
            line.index = number[&line.index];
        }
        SeatView {
            reader,
            setup: S::view_setup(&self.setup, reader),
            state: self.view(reader),
            history,
            steps: self.steps(),
        }
    }

    /// The campaign as it may leave this device (`shareable_journal`, replayed).
    pub fn shareable(&self) -> Result<Self, ReplayError> {
        Campaign::replay(self.setup.clone(), self.shareable_journal())
    }

    /// For each journal line, the decision it concerns; and for each decision, whether a copy
    /// leaving the device leaves it out (hidden from a seat, or played on top of one that is).
    fn leave_out(&self) -> (Vec<usize>, Vec<bool>) {
        let readers = self.readers();
        let mut drop = vec![false; self.journal.len()];
        let mut active: Vec<usize> = Vec::new();
        let mut redo: Vec<usize> = Vec::new();
        let mut target = vec![0; self.journal.len()];
        for (index, action) in self.journal.iter().enumerate() {
            match action {
                Action::Decide(_) => {
                    let secret = readers[index].as_ref().is_some_and(|r| !r.is_public());
                    let above_dropped = active.last().is_some_and(|&top| drop[top]);
                    drop[index] = secret || above_dropped;
                    active.push(index);
                    redo.clear();
                    target[index] = index;
                }
                Action::Undo => {
                    let i = active.pop().unwrap_or(0);
                    redo.push(i);
                    target[index] = i;
                }
                Action::Redo => {
                    let i = redo.pop().unwrap_or(0);
                    active.push(i);
                    target[index] = i;
                }
                // A seal is the keeper's to check: a link or file leaves it out.
                Action::Seal(_) => {
                    drop[index] = true;
                    target[index] = index;
                }
            }
        }
        (target, drop)
    }
}
