//! Sealed choices on a seat's own device (issue 31): what its step goes to the keeper as (a
//! plain reply, a seal, or the reveal of a seal the keeper has taken), and what it checks in
//! each copy that arrives: that every choice revealed in it matches the seal this device saw
//! before. The keeper's side is `engine::campaign::seal` and `share::reply::take`.

use super::link::Step;
use crate::engine::campaign::{coded, SealShown};
use crate::engine::fair::{Seal, Secret};
use crate::engine::{HistoryKind, HistoryLine, Seat, SeatView, System};
use serde::{Deserialize, Serialize};

/// What a seat's device sends for the step it took on its copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sending {
    /// A plain reply: the step itself.
    Plain,
    /// Its seal first: the position waits on other seats too, free to choose, and a player
    /// keeps the campaign (`player_keeps`).
    Seal,
    /// Its reveal: the copy shows this device's seal waiting, and every other seat's.
    Reveal,
    /// The copy shows this device's seal waiting, but not these seats' yet.
    Waiting(Vec<Seat>),
}

/// The seals a copy shows as still waiting for their reveal: seal lines still waiting, and
/// choices in effect sealed and hidden from this reader (the keeper's own: the reader's view
/// may not even tell that they are made) taken since this reader's own last step (a reply of
/// its device, or its seal): one taken before belongs to a choice already over, though it may
/// stay hidden for good (a Battlefront side's forces).
fn pending(history: &[HistoryLine], me: Seat) -> Vec<(Seat, Seal)> {
    let mine = |l: &HistoryLine| l.reply.is_some() || l.seal.as_ref().is_some_and(|s| s.by == me && !s.joint);
    let since =
        history.iter().rposition(|l| l.kind == HistoryKind::Decision && l.active && mine(l)).map_or(0, |i| i + 1);
    history
        .iter()
        .enumerate()
        .filter_map(|(i, l)| Some((i, l, l.seal.as_ref()?)))
        .filter(|(i, l, s)| {
            s.pending || (l.kind == HistoryKind::Decision && l.active && s.open.is_none() && *i >= since)
        })
        .filter_map(|(_, _, s)| Some((s.by, s.seal?)))
        .collect()
}

/// What the step `step`, sealed under `salt`, goes as from the copy `view`.
pub fn sending<S: System>(view: &SeatView<S>, step: &Step<S>, salt: &Secret) -> Sending {
    let Some(me) = view.reader else { return Sending::Plain };
    let to_act = S::to_act(&view.setup, &view.state);
    let waiting = pending(&view.history, me);
    if waiting.contains(&(me, Seal::of(&coded(&step.0), salt))) {
        let missing: Vec<Seat> = to_act.into_iter().filter(|&s| s != me && !waiting.iter().any(|w| w.0 == s)).collect();
        return if missing.is_empty() { Sending::Reveal } else { Sending::Waiting(missing) };
    }
    // Sealed when another seat waited on is still free to choose: once every other one is
    // bound by its seal, the step can go as it is.
    let others_free = to_act.iter().any(|&s| s != me && !waiting.iter().any(|w| w.0 == s));
    if crate::engine::player_keeps::<S>(&view.setup) && to_act.contains(&me) && others_free {
        Sending::Seal
    } else {
        Sending::Plain
    }
}

/// A seal this device has seen in a copy: whose, and when that copy was made.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seen {
    pub by: Seat,
    pub seal: Seal,
    pub at: f64,
}

/// The seals `history` shows (not worked out from a reveal), for the device to remember.
pub fn shown(history: &[HistoryLine]) -> Vec<(Seat, Seal)> {
    history.iter().filter_map(|l| l.seal.as_ref()).filter_map(|s| Some((s.by, s.seal?))).collect()
}

/// What a device finds when it checks another seat's revealed choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Check {
    /// It opens a seal this device saw before, in a copy made at `at`.
    Matches { by: Seat, at: f64 },
    /// It does not: this device saw a seal of that seat (at `at`) that no choice in this copy
    /// opens, or the copy's seal and reveal disagree.
    Broken { by: Seat, at: Option<f64> },
    /// Sealed before any copy this device holds: nothing to check it against.
    Unseen { by: Seat },
}

/// Checks every choice of another seat revealed in `history` against the seals `seen`
/// before: for each such seat, the last one.
pub fn checks(history: &[HistoryLine], me: Option<Seat>, seen: &[Seen]) -> Vec<Check> {
    let in_copy = shown(history);
    let revealed: Vec<&SealShown> =
        history.iter().filter_map(|l| l.seal.as_ref()).filter(|s| s.open.is_some() && Some(s.by) != me).collect();
    let opened: Vec<(Seat, Option<Seal>)> =
        revealed.iter().map(|s| (s.by, s.opens().then(|| s.seal()).flatten())).collect();
    let mut out: Vec<Check> = Vec::new();
    for (by, seal) in &opened {
        let check = match seal.and_then(|x| seen.iter().find(|s| s.by == *by && s.seal == x)) {
            Some(s) => Check::Matches { by: *by, at: s.at },
            None if seal.is_none() => Check::Broken { by: *by, at: None },
            None => {
                // A seal seen from that seat that this copy neither shows nor opens.
                let lost = seen.iter().rev().find(|s| {
                    s.by == *by && !in_copy.contains(&(s.by, s.seal)) && !opened.contains(&(s.by, Some(s.seal)))
                });
                match lost {
                    Some(s) => Check::Broken { by: *by, at: Some(s.at) },
                    None => Check::Unseen { by: *by },
                }
            }
        };
        out.retain(|c| seat_of(c) != *by);
        out.push(check);
    }
    out
}

fn seat_of(c: &Check) -> Seat {
    match *c {
        Check::Matches { by, .. } | Check::Broken { by, .. } | Check::Unseen { by } => by,
    }
}

/// Whether the view `view` shows this device's seal still waiting for its reveal: the one
/// step kept with the older copy (`steps_json`), sealed under `salt`. The step is then kept
/// with the newer copy, for the reveal.
pub fn seal_waits<S: System>(view: &SeatView<S>, steps_json: &str, salt: &Secret) -> bool {
    let Ok(steps) = crate::engine::json::from_str::<Vec<Step<S>>>(steps_json) else { return false };
    let Ok([step]) = <[Step<S>; 1]>::try_from(steps) else { return false };
    matches!(sending(view, &step, salt), Sending::Reveal | Sending::Waiting(_))
}

/// The joint roll the copy shows waiting for this seat's part, if any: the keeper's sealed part.
pub fn roll_waits(history: &[HistoryLine], me: Option<Seat>) -> Option<Seal> {
    history.iter().filter_map(|l| l.seal.as_ref()).find(|s| s.joint && s.pending && Some(s.by) == me)?.seal
}

/// What a device finds when it checks a joint roll it may read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RollCheck {
    /// The dice are the ones drawn from both parts, the keeper's part is the one it sealed
    /// before this device sent its own (seen at `at`), and this device's part is in it.
    Holds { at: f64 },
    /// The dice follow from the two parts shown, but this device holds neither the keeper's
    /// seal nor the part it sent (a roll from before it kept them, or made with another device).
    Unchecked,
    /// They do not: the dice, the keeper's part or this device's part differ.
    Broken,
}

/// Checks every joint roll in `history`: its dice drawn again from its two parts, the keeper's
/// part against the seals `seen` before, and the other part against the one this device sent
/// in answer to that seal (`mine`). One check per joint roll, oldest first, with the journal
/// index of its line.
pub fn roll_checks(history: &[HistoryLine], seen: &[Seen], mine: &[(Seal, Secret)]) -> Vec<(usize, RollCheck)> {
    history
        .iter()
        .filter_map(|line| {
            let joint = line.joint?;
            let sealed = Seal::of_value(&joint.first);
            let seen_at = seen.iter().find(|s| s.seal == sealed).map(|s| s.at);
            let sent = mine.iter().find(|m| m.0 == sealed).map(|m| m.1);
            let check = match (joint.follows(&line.dice), seen_at, sent) {
                (false, _, _) => RollCheck::Broken,
                // The keeper's seal, answered by another part than the one this device sent.
                (true, _, Some(part)) if part != joint.second => RollCheck::Broken,
                (true, Some(at), Some(_)) => RollCheck::Holds { at },
                _ => RollCheck::Unchecked,
            };
            Some((line.index, check))
        })
        .collect()
}
