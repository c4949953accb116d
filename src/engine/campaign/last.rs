//! What the screen says about the latest steps (the last line a reader may read, the undo
//! button's label, who may read the last entry), worked out from the decisions in effect
//! nearest the end: replayed from the kept position before them, not the whole journal. The
//! campaign screen reads these after every decision; a long campaign's history is replayed only
//! when its log is opened.

use super::{apply_line, Action, Campaign, Entry};
use crate::engine::dice;
use crate::engine::seat::{Reader, Readers, Seat};
use crate::engine::system::System;

impl<S: System> Campaign<S> {
    /// The last decision in effect that `reader` may read, in the players' words: the last
    /// active decision line of `history_for(reader)`.
    pub fn last_entry_for(&self, reader: Reader) -> Option<String> {
        self.back_from_last(|entry, before, after| {
            self.audience_of(entry, before)
                .shows_line(reader, true)
                .then(|| S::describe(&self.setup, before, &entry.decision, &dice::values(&entry.dice), after))
        })
    }

    /// What the undo button would take back, as `reader` may be told: the line, or the name
    /// of the seat whose hidden step it is.
    pub fn undo_label_for(&self, reader: Reader) -> Option<String> {
        self.back_from_last(|entry, before, after| {
            Some(if self.audience_of(entry, before).shows_line(reader, true) {
                S::describe(&self.setup, before, &entry.decision, &dice::values(&entry.dice), after)
            } else {
                match entry.by {
                    Some(seat) => format!("{}'s hidden step", S::seat_name(&self.setup, self.state(), seat)),
                    None => "a hidden step".to_string(),
                }
            })
        })
    }

    /// Whether the undo button would take back a step whose decision `reader` may not read (its
    /// line may be announced): then `Some` of the seat that took it (`None` inside when the entry names none).
    pub fn undo_hidden_from(&self, reader: Reader) -> Option<Option<Seat>> {
        self.back_from_last(|entry, before, _| {
            Some((!self.audience_of(entry, before).decision.admits(reader)).then_some(entry.by))
        })
        .flatten()
    }

    /// Whose steps hidden from `reader` going back to `steps` decisions in effect takes back
    /// (each seat once, the latest first; as `undo_hidden_from` judges each).
    pub fn hidden_back_to(&self, reader: Reader, steps: usize) -> Vec<Option<Seat>> {
        let mut out = Vec::new();
        let mut left = self.active.len().saturating_sub(steps);
        self.back_from_last(|entry, before, _| {
            if left == 0 {
                return Some(());
            }
            left -= 1;
            if !self.audience_of(entry, before).decision.admits(reader) && !out.contains(&entry.by) {
                out.push(entry.by);
            }
            None
        });
        out
    }

    /// Who may read the journal's last line, when it is a decision (`readers().last()`).
    pub fn last_readers(&self) -> Option<Readers> {
        if !matches!(self.journal.last(), Some(Action::Decide(_))) {
            return None;
        }
        // A decision last in the journal is the last one in effect.
        self.back_from_last(|entry, before, _| Some(self.audience_of(entry, before)))
    }

    /// Who may read a decision in effect, played on `before` (as `lines` judges it).
    fn audience_of(&self, entry: &Entry<S::Decision>, before: &S::State) -> Readers {
        S::audience(&self.setup, before, entry, self.state(), true)
    }

    /// Walks the decisions in effect from the last back, each with the positions before and
    /// after it, until `found` answers. Each stretch between kept positions is replayed once.
    fn back_from_last<T>(
        &self,
        mut found: impl FnMut(&Entry<S::Decision>, &S::State, &S::State) -> Option<T>,
    ) -> Option<T> {
        let mut end = self.active.len();
        for (at, kept) in self.trail.marks.iter().rev() {
            if *at >= end {
                continue;
            }
            let mut positions = Vec::with_capacity(end - at + 1);
            positions.push(kept.clone());
            for step in *at..end {
                let next = apply_line::<S>(&self.setup, &positions[step - at], &self.journal[self.active[step]]);
                positions.push(next);
            }
            for step in (*at..end).rev() {
                let Action::Decide(entry) = &self.journal[self.active[step]] else { unreachable!() };
                if let Some(t) = found(entry, &positions[step - at], &positions[step - at + 1]) {
                    return Some(t);
                }
            }
            end = *at;
        }
        None
    }
}
