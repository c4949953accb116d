//! Joint rolls (issue 31): dice neither the keeper nor the seat it rolls with can choose or
//! foresee. The keeper commits to its part first, a fresh 128-bit value, journaled sealed
//! (`commit_joint`: an `Action::Seal` line with the part, which no copy shows); the seat's
//! device, seeing the seal in its copy, answers with its own value; the keeper then draws the
//! dice from both and the roll's place in the journal (`fair::joint_dice`, `join_roll`). The
//! entry keeps both parts, so every device that may read the dice recomputes them and checks
//! the keeper's part against the seal it saw (`HistoryLine::joint`).

use super::{Action, Campaign, DecideError, Entry, SealLine};
use crate::engine::dice::{Roll, Roller};
use crate::engine::fair::{joint_dice, Seal, Secret};
use crate::engine::seat::Seat;
use crate::engine::system::System;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The keeper's part of a joint roll, kept on its journal line: its value and the roll it is
/// for (the decision's JSON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JointPart {
    pub value: Secret,
    pub roll: String,
}

/// What a joint roll's history line shows: both parts and the roll's place in the journal.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct JointShown {
    pub first: Secret,
    pub second: Secret,
    pub place: u64,
}

impl JointShown {
    /// Whether `dice` are the ones drawn from the two parts at the roll's place: what any
    /// device recomputes for every joint roll it may read.
    pub fn follows(&self, dice: &[Roll]) -> bool {
        self.holds(dice, &Seal::of_value(&self.first))
    }

    /// Whether `dice` (faces and kinds) are the ones drawn from the parts, and the first part
    /// is the one `seal` sealed.
    pub fn holds(&self, dice: &[Roll], seal: &Seal) -> bool {
        let kinds: Vec<_> = dice.iter().map(|r| r.die).collect();
        let drawn = joint_dice(&self.first, &self.second, self.place, &kinds);
        Seal::of_value(&self.first) == *seal && drawn == dice.iter().map(|r| r.value).collect::<Vec<_>>()
    }
}

/// A joint roll waiting for the seat's part.
#[derive(Clone, Debug, PartialEq)]
pub struct PendingJoint {
    /// The journal index of its line.
    pub at: usize,
    pub with: Seat,
    pub seal: Seal,
}

/// Why a joint roll cannot be opened or completed. Nothing changes in any of these cases.
#[derive(Clone, Debug, PartialEq)]
pub enum JointError<E> {
    /// The step rolls no dice.
    NoDice,
    /// A joint roll already waits for its second part.
    AlreadyOpen,
    /// No joint roll waits for a part now (none was opened, or the position moved on).
    NotOpen,
    /// The roll waits for another seat's part.
    NotTheirs,
    /// The keeper's own line does not read (a damaged store).
    Damaged,
    /// The dice or the rules refuse the step.
    Decide(DecideError<E>),
}

impl<E: fmt::Display> fmt::Display for JointError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JointError::NoDice => write!(f, "this step rolls no dice"),
            JointError::AlreadyOpen => write!(f, "a joint roll already waits for its second part"),
            JointError::NotOpen => write!(f, "no joint roll waits for a part now"),
            JointError::NotTheirs => write!(f, "this roll waits for another seat's part"),
            JointError::Damaged => write!(f, "the keeper's part of this roll cannot be read"),
            JointError::Decide(e) => e.fmt(f),
        }
    }
}

impl<S: System> Campaign<S> {
    /// Opens a joint roll of `decision` with `with`: journals the keeper's part `value`,
    /// sealed. The step must roll dice and be one the rules take now.
    pub fn commit_joint(
        &mut self,
        with: Seat,
        decision: &S::Decision,
        value: Secret,
    ) -> Result<(), JointError<S::Error>> {
        if self.pending_joint().is_some() {
            return Err(JointError::AlreadyOpen);
        }
        let spec = self.dice_for(decision).ok_or(JointError::NoDice)?;
        let lowest = vec![1; usize::from(spec.count)];
        self.check(decision, &lowest).map_err(JointError::Decide)?;
        let roll = String::from_utf8(super::coded(decision)).expect("JSON is UTF-8");
        self.journal.push(Action::Seal(SealLine {
            by: with,
            seal: Seal::of_value(&value),
            at: self.active.len(),
            reply: None,
            joint: Some(JointPart { value, roll }),
        }));
        Ok(())
    }

    /// The seat whose device the device held by `holder` rolls together with: the other
    /// player, in a game of two players kept by one of them (`player_keeps`). Where a player
    /// keeps in the umpire's place, the umpire's seat on that device stands for the keeper's.
    pub fn joint_partner(&self, holder: Seat) -> Option<Seat> {
        if !crate::engine::player_keeps::<S>(&self.setup) {
            return None;
        }
        let umpire = self.umpire();
        let players: Vec<Seat> = self.seats().into_iter().filter(|&s| Some(s) != umpire).collect();
        let me = if Some(holder) == umpire { S::kept_by(&self.setup)? } else { holder };
        if players.len() != 2 || !players.contains(&me) {
            return None;
        }
        players.into_iter().find(|&s| s != me)
    }

    /// Whether `seat`'s own device has sent a reply taken here (a step, a seal or a part):
    /// its player sits apart, so the rolls both sides care about are offered jointly first.
    pub fn heard_from(&self, seat: Seat) -> bool {
        self.journal.iter().any(|a| match a {
            Action::Decide(e) => e.reply.is_some() && e.by == Some(seat),
            Action::Seal(l) => l.reply.is_some() && l.by == seat,
            _ => false,
        })
    }

    /// Whether `decision`'s roll is one both sides care about (not a side's own roll,
    /// `System::own_roll`): made jointly by default when players sit apart.
    pub fn joint_by_default(&self, decision: &S::Decision) -> bool {
        self.dice_for(decision).is_some() && !S::own_roll(&self.setup, self.state(), decision)
    }

    /// The joint roll waiting for its second part: the last one opened, if no decision was
    /// taken or undone since.
    pub fn pending_joint(&self) -> Option<PendingJoint> {
        let (at, line) = self.journal.iter().enumerate().rev().find_map(|(j, a)| match a {
            Action::Seal(l) if l.joint.is_some() => Some((j, l)),
            _ => None,
        })?;
        let stands = self.active.len() == line.at && self.still_stands(line.at, at);
        let taken = self.journal[at..].iter().any(|a| matches!(a, Action::Decide(_)));
        (stands && !taken).then_some(PendingJoint { at, with: line.by, seal: line.seal })
    }

    /// Completes the joint roll waiting for `seat`'s part with `second` (from reply `id`): the
    /// dice are drawn from both parts and the roll's place, and the step taken with them.
    pub fn join_roll(&mut self, seat: Seat, second: Secret, id: u64) -> Result<(), JointError<S::Error>> {
        let pending = self.pending_joint().ok_or(JointError::NotOpen)?;
        if pending.with != seat {
            return Err(JointError::NotTheirs);
        }
        let Action::Seal(SealLine { joint: Some(part), .. }) = &self.journal[pending.at] else {
            return Err(JointError::Damaged);
        };
        let first = part.value;
        let decision: S::Decision = crate::engine::json::from_str(&part.roll).map_err(|_| JointError::Damaged)?;
        let spec = self.dice_for(&decision).ok_or(JointError::NoDice)?;
        let place = self.journal.len() as u64;
        let values = joint_dice(&first, &second, place, &vec![spec.die; usize::from(spec.count)]);
        let next = self.check(&decision, &values).map_err(JointError::Decide)?;
        let dice = values.into_iter().map(|value| Roll { die: spec.die, value, by: Roller::Joint }).collect();
        let by = S::actor(&self.setup, self.state(), &decision);
        let joint = Some((first, second));
        self.record(Entry { decision, dice, by, reply: Some(id), salt: None, joint }, next);
        Ok(())
    }
}
