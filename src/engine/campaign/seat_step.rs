//! A decision made on a seat's own device and brought to the keeper (`share::reply`): taken
//! with the dice rolled or typed there, recorded as that seat's, and marked with the reply it
//! came in, so the same reply is never taken twice.

use super::{dice, Action, Campaign, DecideError, Entry, Trail};
use crate::engine::dice::Roll;
use crate::engine::seat::Seat;
use crate::engine::system::System;

impl<S: System> Campaign<S> {
    /// A campaign that starts at `state` (a seat's view, as its copy holds it) rather than at
    /// the setup's start: what a seat's device plays its reply on. Its journal is the reply's
    /// steps; the keeper's campaign has the last word on each.
    pub fn at(setup: S::Setup, state: S::State) -> Self {
        Campaign { setup, journal: Vec::new(), active: Vec::new(), redo: Vec::new(), trail: Trail::new(state) }
    }

    /// Whether the reply `id` was taken here (even if its step was undone since).
    pub fn took_reply(&self, id: u64) -> bool {
        self.journal.iter().any(|a| matches!(a, Action::Decide(e) if e.reply == Some(id)))
    }

    /// Takes `decision` for `seat` with the dice it came with (their number and kind checked
    /// against the rules, the faces as they fell), marked as reply `id`. The caller has
    /// checked that the seat may take it; the rules still have the last word.
    pub fn decide_for_seat(
        &mut self,
        seat: Seat,
        decision: S::Decision,
        rolls: Vec<Roll>,
        id: u64,
    ) -> Result<(), DecideError<S::Error>> {
        let next = self.check_and_apply(&decision, &dice::values(&rolls), Some(&rolls))?;
        self.record(Entry { decision, dice: rolls, by: Some(seat), reply: Some(id), salt: None, joint: None }, next);
        Ok(())
    }
}
