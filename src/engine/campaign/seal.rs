//! Sealed choices (issue 31): a seat playing on its own device first sends a seal of its
//! secret choice (`fair::Seal`: SHA-256 over the decision's JSON and a salt), and the keeper
//! journals it (`Action::Seal`: everyone may read that the seat sealed, and the seal). Once
//! every seat the position waits on has sealed, each reveals: the decision and its salt,
//! taken only if they hash to the seal (`reveal_for_seat`). The keeper's own seat seals by
//! deciding with a salt (`decide_sealed`). The salt stays on the entry (`Entry::salt`), so
//! every seat's copy carries what its device needs to check the seal for itself
//! (`HistoryLine::seal`).

use super::{Action, Campaign, DecideError, Entry};
use crate::engine::dice::Roll;
use crate::engine::fair::{Seal, Secret};
use crate::engine::seat::Seat;
use crate::engine::system::System;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A journal line: `by` sealed a choice it will reveal later.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SealLine {
    pub by: Seat,
    pub seal: Seal,
    /// Decisions in effect when it was sealed: the choice it seals is the one that position
    /// waited on.
    pub at: usize,
    /// The reply it came in (as `Entry::reply`), so the same seal is never taken twice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply: Option<u64>,
    /// A joint roll's line (`joint.rs`): the keeper's part, sealed for the seat `by`, whose
    /// part completes the roll. Never shown in a copy; a link or shared file leaves it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joint: Option<super::joint::JointPart>,
}

/// What a history line shows of a seal: whose it is; the seal while its reader may not read
/// the decision; once it may, the decision (its JSON, as sealed) and the salt instead, from
/// which the reader's device works the seal out and checks it against the one it saw.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SealShown {
    pub by: Seat,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seal: Option<Seal>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open: Option<(String, Secret)>,
    /// On a seal line: the seal still waits for its reveal (the choice it seals is the one the
    /// position waits on).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pending: bool,
    /// It seals the keeper's part of a joint roll, for the seat `by` to complete.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub joint: bool,
}

impl SealShown {
    /// The seal, shown or worked out from the decision and salt.
    pub fn seal(&self) -> Option<Seal> {
        self.seal.or_else(|| self.open.as_ref().map(|(json, salt)| Seal::of(json.as_bytes(), salt)))
    }
    /// Whether it shows the decision and salt, and they open the seal shown with them (a
    /// copy shows one or the other; both, only a damaged or forged copy).
    pub fn opens(&self) -> bool {
        match (&self.seal, &self.open) {
            (Some(s), Some((json, salt))) => s.opens(json.as_bytes(), salt),
            (None, Some(_)) => true,
            _ => false,
        }
    }
}

/// The bytes a decision is sealed as: its JSON (the form stored documents keep).
pub fn coded<D: Serialize>(decision: &D) -> Vec<u8> {
    serde_json::to_vec(decision).expect("decisions serialise")
}

/// Why a seal or a reveal is refused. Nothing changes in any of these cases.
#[derive(Clone, Debug, PartialEq)]
pub enum SealError<E> {
    /// The position does not wait on this seat.
    NotToAct,
    /// This seat has already sealed the choice the position waits on.
    AlreadySealed,
    /// A reveal with no seal of this seat for the choice the position waits on.
    NoSeal,
    /// These seats have not sealed yet: no reveal is taken before every seal is in.
    Waiting(Vec<Seat>),
    /// The decision and salt do not hash to the seal.
    Mismatch,
    /// The dice or the rules refuse the revealed decision.
    Decide(DecideError<E>),
}

impl<E: fmt::Display> fmt::Display for SealError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SealError::NotToAct => write!(f, "this seat does not choose now"),
            SealError::AlreadySealed => write!(f, "this seat has already sealed its choice"),
            SealError::NoSeal => write!(f, "no seal of this seat is waiting for a reveal"),
            SealError::Waiting(_) => write!(f, "not every seal is in yet"),
            SealError::Mismatch => write!(f, "the reveal does not match the seal"),
            SealError::Decide(e) => e.fmt(f),
        }
    }
}

impl<S: System> Campaign<S> {
    /// The seal `seat` sent for the choice the position waits on, if it still stands: its
    /// last seal line, made on decisions all still in effect, with no decision of its own
    /// taken since.
    pub fn pending_seal(&self, seat: Seat) -> Option<Seal> {
        self.pending_seal_line(seat).map(|(_, seal)| seal)
    }

    /// The journal index of `seat`'s pending seal (`pending_seal`), with the seal.
    pub(super) fn pending_seal_line(&self, seat: Seat) -> Option<(usize, Seal)> {
        let (j, line) = self.journal.iter().enumerate().rev().find_map(|(j, a)| match a {
            Action::Seal(l) if l.by == seat && l.joint.is_none() => Some((j, l)),
            _ => None,
        })?;
        let prefix_stands = self.still_stands(line.at, j);
        let own_since =
            self.active.iter().any(|&i| i > j && matches!(&self.journal[i], Action::Decide(e) if e.by == Some(seat)));
        (prefix_stands && !own_since).then_some((j, line.seal))
    }

    /// Whether the seal of reply `id` was taken here.
    pub fn took_seal(&self, id: u64) -> bool {
        self.journal.iter().any(|a| matches!(a, Action::Seal(l) if l.reply == Some(id)))
    }

    /// Journals `seat`'s seal of the choice the position waits on, from reply `id`.
    pub fn seal_for_seat(&mut self, seat: Seat, seal: Seal, id: Option<u64>) -> Result<(), SealError<S::Error>> {
        if !self.to_act().contains(&seat) {
            return Err(SealError::NotToAct);
        }
        if self.pending_seal(seat).is_some() {
            return Err(SealError::AlreadySealed);
        }
        self.journal.push(Action::Seal(SealLine { by: seat, seal, at: self.active.len(), reply: id, joint: None }));
        Ok(())
    }

    /// The seats the position waits on, other than `seat`, that have not sealed.
    pub fn unsealed_besides(&self, seat: Seat) -> Vec<Seat> {
        self.to_act().into_iter().filter(|&s| s != seat && self.pending_seal(s).is_none()).collect()
    }

    /// Takes `seat`'s revealed decision (with its dice and salt, from reply `id`): only when
    /// the position waits on it, every other seat it waits on has sealed, and the decision
    /// and salt open its seal. The rules have the last word, as for any decision.
    pub fn reveal_for_seat(
        &mut self,
        seat: Seat,
        decision: S::Decision,
        rolls: Vec<Roll>,
        salt: Secret,
        id: u64,
    ) -> Result<(), SealError<S::Error>> {
        if !self.to_act().contains(&seat) {
            return Err(SealError::NotToAct);
        }
        let seal = self.pending_seal(seat).ok_or(SealError::NoSeal)?;
        let waiting = self.unsealed_besides(seat);
        if !waiting.is_empty() {
            return Err(SealError::Waiting(waiting));
        }
        if !seal.opens(&coded(&decision), &salt) {
            return Err(SealError::Mismatch);
        }
        self.decide_for_seat(seat, decision, rolls, id).map_err(SealError::Decide)?;
        self.salt_last(salt);
        Ok(())
    }

    /// The keeper's own seat decides, sealed under `salt`: its seal shows in every copy from
    /// now on, and its decision and salt to each seat once it may read the decision.
    pub fn decide_sealed(
        &mut self,
        decision: S::Decision,
        input: super::DiceInput<'_>,
        salt: Secret,
    ) -> Result<(), DecideError<S::Error>> {
        let before = self.journal.len();
        self.decide(decision, input)?;
        // A redo (the same roll given back) adds a redo line, not a decision: nothing to salt.
        if matches!(self.journal.get(before), Some(Action::Decide(_))) {
            self.salt_last(salt);
        }
        Ok(())
    }

    fn salt_last(&mut self, salt: Secret) {
        if let Some(Action::Decide(e)) = self.journal.last_mut() {
            e.salt = Some(salt);
        }
    }

    /// Whether a decision the keeper's own seat takes now is sealed (`decide_sealed`): a
    /// choice made while the position waits on two seats or more, in a game a player keeps
    /// (`player_keeps`). On a shared tablet nothing shows of it.
    pub fn seals(&self, decision: &S::Decision) -> bool {
        let to_act = self.to_act();
        crate::engine::player_keeps::<S>(&self.setup)
            && to_act.len() >= 2
            && S::actor(&self.setup, self.state(), decision).is_some_and(|a| to_act.contains(&a))
    }

    /// What a decision's history line shows of its seal: the decision and salt (`history_for`
    /// shows the seal instead to a reader who may not read the decision).
    pub(super) fn seal_shown(entry: &Entry<S::Decision>) -> Option<SealShown> {
        let salt = entry.salt?;
        let json = String::from_utf8(coded(&entry.decision)).expect("JSON is UTF-8");
        Some(SealShown { by: entry.by?, seal: None, open: Some((json, salt)), pending: false, joint: false })
    }
}
