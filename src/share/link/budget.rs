//! The one bound every replay from a link obeys: at most `MAX_LINES` lines, and the replay's
//! work (`ReplayCost`) counted before each position is played.

use super::{LinkError, MAX_LINES, MAX_REPLAY_COST};
use crate::engine::{Action, System};
use crate::systems::{Body, Listed, VisitBody};

/// A bound on the work of a replay, counted as the lines are read, before each is played.
/// The engine keeps every position of the history and its log keeps a line for each, and a
/// position holds what earlier decisions left in it (notes, finished turns...), so a short
/// link of thousands of notes or empty turns would otherwise take gigabytes and minutes.
/// Each position played costs what it holds: the system's `start_weight`, plus the
/// `weight` of every decision read so far (never taken back on undo, so the count only
/// grows). Playing a position takes time in proportion to what it holds, so the same count
/// bounds the time (an undo replays fewer than 32 positions already counted).
pub(super) struct ReplayCost {
    /// What one position holds.
    per_state: usize,
    total: usize,
}

impl ReplayCost {
    pub(super) fn new<S: System>(setup: &S::Setup) -> ReplayCost {
        ReplayCost { per_state: S::start_weight(setup), total: 0 }
    }
    /// One more position played (a redo).
    pub(super) fn add_state(&mut self) -> Result<(), LinkError> {
        self.total = self.total.saturating_add(self.per_state);
        if self.total > MAX_REPLAY_COST {
            return Err(LinkError::TooLarge);
        }
        Ok(())
    }
    /// A decision read, before it is played.
    pub(super) fn add<S: System>(&mut self, setup: &S::Setup, d: &S::Decision) -> Result<(), LinkError> {
        self.per_state = self.per_state.saturating_add(S::weight(setup, d));
        self.add_state()
    }
}

/// Whether a journal, read whole, stays within the bound: its lines counted, each line
/// weighed in order before anything is played.
pub(super) fn journal_fits<S: System>(setup: &S::Setup, journal: &[Action<S::Decision>]) -> Result<(), LinkError> {
    if journal.len() > MAX_LINES {
        return Err(LinkError::TooLarge);
    }
    work_fits::<S>(setup, journal)
}

/// The work alone, lines uncounted.
pub(super) fn work_fits<S: System>(setup: &S::Setup, journal: &[Action<S::Decision>]) -> Result<(), LinkError> {
    let mut cost = ReplayCost::new::<S>(setup);
    journal.iter().try_for_each(|a| match a {
        Action::Decide(e) => cost.add::<S>(setup, &e.decision),
        Action::Undo | Action::Seal(_) => Ok(()),
        Action::Redo => cost.add_state(),
    })
}

/// The bound for a campaign of any system: every link's replay is checked against it before
/// it is played.
pub(super) fn body_fits(body: &Body) -> Result<(), LinkError> {
    struct Fits;
    impl VisitBody for Fits {
        type Out = Result<(), LinkError>;
        fn visit<S: Listed>(self, setup: &S::Setup, journal: &[Action<S::Decision>]) -> Self::Out {
            journal_fits::<S>(setup, journal)
        }
    }
    body.visit(Fits)
}
