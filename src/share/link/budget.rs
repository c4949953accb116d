//! The memory a replay may take, estimated before each position is played.

use super::{Document, LinkError, MAX_REPLAY_COST};
use crate::engine::Action;
use crate::systems::race_for_x::{Decision, Setup};
use crate::systems::Body;

/// A bound on the memory a replay takes, counted as the lines are read, before each is
/// played. The engine keeps every position of the history, and a position holds every
/// finished part of a turn and every note, so a short link of thousands of notes or empty
/// turns would otherwise take gigabytes. The estimate follows the measured cost (a 30-turn
/// campaign: about 40 MB).
pub(super) struct ReplayCost {
    /// Bytes of one position: the fixed part, the per-stand flags, parts and texts so far.
    per_state: usize,
    total: usize,
}

impl ReplayCost {
    pub(super) fn new(setup: &Setup) -> ReplayCost {
        let stands: usize = setup.players.iter().map(|p| p.orbat.units.len() + p.orbat.stand_count()).sum();
        ReplayCost { per_state: 256 + 32 * stands, total: 0 }
    }
    pub(super) fn add_state(&mut self) -> Result<(), LinkError> {
        self.total = self.total.saturating_add(self.per_state);
        if self.total > MAX_REPLAY_COST {
            return Err(LinkError::TooLarge);
        }
        Ok(())
    }
    pub(super) fn add(&mut self, d: &Decision) -> Result<(), LinkError> {
        self.per_state = self.per_state.saturating_add(match d {
            // Each part of a turn ends with the recovery roll and stays in every later position.
            Decision::RollRecovery => 512,
            Decision::Note { text } => 64 + text.len(),
            Decision::NameObjectives { names } => 128 + names[0].len() + names[1].len(),
            Decision::FieldForces { units } => 2 * units.len(),
            Decision::RecordOutcome(o) => 32 + 6 * o.killed.len(),
            _ => 0,
        });
        self.add_state()
    }
}

/// Whether a replay of the document stays within `MAX_REPLAY_COST` (the encoder replays
/// the journal it codes; one that does not fit is written plain, and refused on reading).
pub(super) fn replay_cost_fits(doc: &Document) -> bool {
    let Body::RaceForX { setup, journal } = &doc.body else { return true };
    let mut cost = ReplayCost::new(setup);
    journal.iter().all(|a| match a {
        Action::Decide(e) => cost.add(&e.decision).is_ok(),
        Action::Undo => true,
        Action::Redo => cost.add_state().is_ok(),
    })
}
