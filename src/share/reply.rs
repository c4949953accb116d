//! Replies: a decision made on a seat's own device, from the copy it holds, carried to the
//! device that keeps the campaign (the keeper) as a link or QR code (`link::encode_reply`).
//!
//! A reply names the campaign, the seat and the copy it was made on (its decisions in effect
//! and a digest of the seat's view in it), and carries the decision with its dice: nothing of
//! any other seat's view. The keeper (`take`) checks, in order: the campaign; the seat; that
//! the reply was not taken before; that the seat's view now is the one it decided on (else
//! the copy is out of date and the reply is refused, naming what changed since); the
//! decision, read on that view; that this seat may take it now; the rules. A refusal changes
//! nothing.

use super::link::{encode_reply, encode_reply_of, LinkError, ReplyHead, ReplyKind, ReplyLink, Step};
use crate::engine::campaign::{coded, JointError, SealError};
use crate::engine::fair::{Seal, Secret};
use crate::engine::{Campaign, DecideError, Reader, Seat, SeatView, System};
use crate::systems::Listed;
use std::fmt;

/// The digest of a seat's view (its setup and position as the seat may see them): what tells
/// the keeper that a reply was made on the view the seat has now. The first 64 bits of
/// SHA-256 over their JSON.
pub fn view_digest<S: System>(setup: &S::Setup, state: &S::State) -> u64 {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(serde_json::to_vec(setup).expect("setups serialise"));
    h.update([0]);
    h.update(serde_json::to_vec(state).expect("positions serialise"));
    u64::from_le_bytes(h.finalize()[..8].try_into().expect("a SHA-256 digest has 32 bytes"))
}

/// A reply to a copy: `steps` (decisions with their dice) made by the copy's seat, in order,
/// from its view. Fails when the copy is the whole table's (no seat to reply as), there are no
/// steps or too many, or one does not play on the view.
pub fn reply_to<S: Listed>(campaign: &str, copy: &SeatView<S>, steps: &[Step<S>]) -> Result<String, LinkError> {
    encode_reply::<S>(&head_of(campaign, copy)?, &copy.setup, &copy.state, steps)
}

fn head_of<S: Listed>(campaign: &str, copy: &SeatView<S>) -> Result<ReplyHead, LinkError> {
    Ok(ReplyHead {
        system: S::ID,
        campaign: campaign.to_string(),
        seat: copy.reader.ok_or(LinkError::Corrupt)?,
        steps: copy.steps as u64,
        view: view_digest::<S>(&copy.setup, &copy.state),
    })
}

/// A seal reply (issue 31): the seal of `step` (its decision) under `salt`, made on the copy;
/// the decision itself stays on the seat's device until the reveal. Its seal is returned too,
/// for the device to keep.
pub fn seal_to<S: Listed>(
    campaign: &str,
    copy: &SeatView<S>,
    step: &Step<S>,
    salt: &Secret,
) -> Result<(String, Seal), LinkError> {
    let seal = Seal::of(&coded(&step.0), salt);
    let link = encode_reply_of::<S>(&head_of(campaign, copy)?, ReplyKind::Seal(seal), &copy.setup, &copy.state, &[])?;
    Ok((link, seal))
}

/// A reveal reply: the sealed `step` with its `salt`, made on the copy the seat holds now.
pub fn reveal_to<S: Listed>(
    campaign: &str,
    copy: &SeatView<S>,
    step: &Step<S>,
    salt: &Secret,
) -> Result<String, LinkError> {
    let head = head_of(campaign, copy)?;
    encode_reply_of::<S>(&head, ReplyKind::Reveal(*salt), &copy.setup, &copy.state, std::slice::from_ref(step))
}

/// Why the keeper refuses a reply. Nothing changes in any of these cases.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// It answers a campaign this device does not keep.
    NotKept,
    /// The keeper's own campaign does not replay (a damaged store).
    DoesNotReplay(String),
    /// It answers another campaign (or one of another system).
    OtherCampaign,
    /// It names a seat this campaign does not have.
    NoSuchSeat,
    /// It was taken before.
    AlreadyTaken { seat: String },
    /// The seat's view changed since the copy it was made on.
    Stale { seat: String, since: Option<String> },
    /// Its decision does not read on the seat's view (a damaged or forged reply).
    Damaged,
    /// This seat is not the one to take that decision now.
    NotTheirs { seat: String },
    /// The rules refuse it here, in the system's words (`System::refusal`).
    Rules { seat: String, why: String },
    /// A seal from a seat that has already sealed the choice the position waits on.
    AlreadySealed { seat: String },
    /// A reveal with no seal of this seat standing for the choice the position waits on.
    NoSeal { seat: String },
    /// A reveal before every seal is in (`waiting`: whose seals are missing).
    RevealTooSoon { seat: String, waiting: Vec<String> },
    /// A reveal whose decision and salt do not hash to the seal taken before.
    SealMismatch { seat: String },
    /// A plain reply from a seat whose seal waits for its reveal.
    SealedFirst { seat: String },
    /// A part for a joint roll when none waits for this seat's part.
    NoJointRoll { seat: String },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotKept => write!(
                f,
                "This reply answers a campaign this device does not keep: take it on the device that keeps the campaign."
            ),
            Refusal::DoesNotReplay(why) => {
                write!(f, "The campaign here does not replay, so no reply can be taken ({why}).")
            }
            Refusal::OtherCampaign => {
                write!(f, "This reply is for another campaign: open that campaign and take it there.")
            }
            Refusal::NoSuchSeat => write!(f, "This reply names a seat this campaign does not have."),
            Refusal::AlreadyTaken { seat } => write!(f, "{seat}'s reply was already taken; nothing changed."),
            Refusal::Stale { seat, since: Some(since) } => {
                write!(f, "{seat}'s reply was made before this: {since}. Send {seat} a new copy.")
            }
            Refusal::Stale { seat, since: None } => {
                write!(f, "{seat}'s reply was made on an older copy. Send {seat} a new copy.")
            }
            Refusal::Damaged => {
                write!(f, "This reply is damaged: part of it is missing or was changed on the way. Ask for it again.")
            }
            Refusal::NotTheirs { seat } => write!(f, "{seat} does not take that step now; nothing changed."),
            Refusal::Rules { seat, why } => write!(f, "{seat}'s reply breaks the rules here: {why}"),
            Refusal::AlreadySealed { seat } => write!(f, "{seat} has already sealed this choice; nothing changed."),
            Refusal::NoSeal { seat } => write!(
                f,
                "{seat}'s reveal has no seal taken here for this choice: take {seat}'s seal first, or send {seat} a new copy."
            ),
            Refusal::RevealTooSoon { seat, waiting } => write!(
                f,
                "{seat}'s reveal came before every seal was in (still to seal: {}). Take it again once they have sealed.",
                waiting.join(", ")
            ),
            Refusal::NoJointRoll { seat } => write!(
                f,
                "{seat}'s part of a roll came when no joint roll waits for it here (it was made, or taken back). Nothing changed."
            ),
            Refusal::SealedFirst { seat } => write!(
                f,
                "{seat} has sealed a choice here: only its reveal is taken, not a choice made afresh. Nothing changed."
            ),
            Refusal::SealMismatch { seat } => write!(
                f,
                "{seat}'s reveal does not match {seat}'s seal: the choice or its salt was changed after sealing. Nothing changed."
            ),
        }
    }
}

/// Whose reply was taken. The keeper's screen words the step it added as its holder may
/// read it (`Campaign::last_entry_for`): on a player's device, another player's secret
/// choice stays unread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken {
    pub seat: Seat,
}

/// Takes a reply into the keeper's campaign `c` (whose id is `id`), or refuses it.
pub fn take<S: Listed>(c: &mut Campaign<S>, id: &str, reply: &ReplyLink) -> Result<Taken, Refusal> {
    let head = &reply.head;
    if head.system != S::ID || head.campaign != id {
        return Err(Refusal::OtherCampaign);
    }
    let seat = head.seat;
    if !c.seats().contains(&seat) {
        return Err(Refusal::NoSuchSeat);
    }
    let name = c.seat_name(seat);
    if c.took_reply(reply.id) || c.took_seal(reply.id) {
        return Err(Refusal::AlreadyTaken { seat: name });
    }
    let reader: Reader = Some(seat);
    let setup = S::view_setup(c.setup(), reader);
    let state = c.view(reader);
    if view_digest::<S>(&setup, &state) != head.view {
        let since = c.seat_view(reader).history.into_iter().filter(|l| l.step.is_some_and(|s| s as u64 > head.steps));
        return Err(Refusal::Stale { seat: name, since: since.map(|l| l.text).next() });
    }
    let steps: Vec<Step<S>> = reply.steps::<S>(&setup, &state).map_err(|_| Refusal::Damaged)?;
    match reply.kind().map_err(|_| Refusal::Damaged)? {
        // A seat whose seal is waiting answers with its reveal, not a choice made afresh.
        ReplyKind::Steps if c.pending_seal(seat).is_some() => return Err(Refusal::SealedFirst { seat: name }),
        ReplyKind::Steps => {}
        ReplyKind::Seal(seal) => {
            c.seal_for_seat(seat, seal, Some(reply.id)).map_err(|e| sealed(c, seat, e))?;
            return Ok(Taken { seat });
        }
        ReplyKind::Part(second) => {
            c.join_roll(seat, second, reply.id).map_err(|e| joined(c, seat, e))?;
            return Ok(Taken { seat });
        }
        ReplyKind::Reveal(salt) => {
            let [(decision, dice)] = <[Step<S>; 1]>::try_from(steps).map_err(|_| Refusal::Damaged)?;
            c.reveal_for_seat(seat, decision, dice, salt, reply.id).map_err(|e| sealed(c, seat, e))?;
            return Ok(Taken { seat });
        }
    }
    // All its steps or none.
    let mut after = c.clone();
    for (decision, dice) in steps {
        let to_act = after.to_act();
        let theirs = match S::actor(after.setup(), after.state(), &decision) {
            Some(a) => a == seat,
            // A step for the table as a whole: any seat the position waits for may take it.
            None => to_act.is_empty() || to_act.contains(&seat),
        };
        if !theirs {
            return Err(Refusal::NotTheirs { seat: name });
        }
        match after.decide_for_seat(seat, decision, dice, reply.id) {
            Ok(()) => {}
            Err(DecideError::Rules(e)) => {
                return Err(Refusal::Rules { seat: name, why: S::refusal(after.setup(), after.state(), &e) })
            }
            Err(DecideError::Dice(e)) => return Err(Refusal::Rules { seat: name, why: e.to_string() }),
        }
    }
    *c = after;
    Ok(Taken { seat })
}

/// A joint roll's refusal in the keeper's words.
fn joined<S: Listed>(c: &Campaign<S>, seat: Seat, e: JointError<S::Error>) -> Refusal {
    let name = c.seat_name(seat);
    match e {
        JointError::NotOpen | JointError::AlreadyOpen | JointError::NoDice => Refusal::NoJointRoll { seat: name },
        JointError::NotTheirs => Refusal::NotTheirs { seat: name },
        JointError::Damaged => Refusal::DoesNotReplay("the keeper's part of the roll cannot be read".into()),
        JointError::Decide(DecideError::Rules(e)) => {
            Refusal::Rules { seat: name, why: S::refusal(c.setup(), c.state(), &e) }
        }
        JointError::Decide(DecideError::Dice(e)) => Refusal::Rules { seat: name, why: e.to_string() },
    }
}

/// A joint roll's part from a seat's device, for the roll the copy shows opened with it.
pub fn part_to<S: Listed>(campaign: &str, copy: &SeatView<S>, part: &Secret) -> Result<String, LinkError> {
    encode_reply_of::<S>(&head_of(campaign, copy)?, ReplyKind::Part(*part), &copy.setup, &copy.state, &[])
}

/// A seal's or reveal's refusal in the keeper's words.
fn sealed<S: Listed>(c: &Campaign<S>, seat: Seat, e: SealError<S::Error>) -> Refusal {
    let name = c.seat_name(seat);
    match e {
        SealError::NotToAct => Refusal::NotTheirs { seat: name },
        SealError::AlreadySealed => Refusal::AlreadySealed { seat: name },
        SealError::NoSeal => Refusal::NoSeal { seat: name },
        SealError::Waiting(seats) => {
            Refusal::RevealTooSoon { seat: name, waiting: seats.into_iter().map(|s| c.seat_name(s)).collect() }
        }
        SealError::Mismatch => Refusal::SealMismatch { seat: name },
        SealError::Decide(DecideError::Rules(e)) => {
            Refusal::Rules { seat: name, why: S::refusal(c.setup(), c.state(), &e) }
        }
        SealError::Decide(DecideError::Dice(e)) => Refusal::Rules { seat: name, why: e.to_string() },
    }
}

/// Why this device cannot make a reply from its copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MakeError {
    /// The steps kept with the copy do not read (damaged storage).
    Steps,
    /// They do not play on the copy (it changed under them), or there are none or too many.
    DoNotPlay,
    /// The seal is taken, but not every other seat's yet: nothing to send until a newer copy.
    Waiting,
}

impl fmt::Display for MakeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MakeError::Steps => {
                write!(f, "The steps taken on this copy cannot be read: undo them and take them again.")
            }
            MakeError::DoNotPlay => {
                write!(f, "These steps do not play on this copy: undo them, or ask the keeper for a new copy.")
            }
            MakeError::Waiting => write!(
                f,
                "Your seal is taken. The others have not all sealed yet: ask the keeper for a new copy once they have."
            ),
        }
    }
}

/// A reply made from a kept seat copy (`copy`) and the steps its device took on it, as JSON
/// (`[[decision, [roll...]]...]`): the link payload (`fd5.…`), or why none can be made. With
/// `salt`, a single step goes as `share::seals::sending` says: its seal, or its reveal once
/// the copy shows that seal waiting. Any system's, chosen by the copy: this runs where links
/// are coded (the transfer chunk).
pub fn reply_from_copy(
    copy: &super::seat::SeatCopy,
    steps_json: &str,
    salt: Option<&Secret>,
) -> Result<String, MakeError> {
    struct Make<'a>(&'a super::seat::SeatCopy, &'a str, Option<&'a Secret>);
    impl crate::systems::Visit for Make<'_> {
        type Out = Result<String, MakeError>;
        fn visit<S: Listed>(self) -> Self::Out {
            let view = S::of_view(&self.0.view).ok_or(MakeError::DoNotPlay)?;
            reply_from_view(&self.0.meta.id, view, self.1, self.2)
        }
    }
    copy.system().visit(Make(copy, steps_json, salt))
}

/// `reply_from_copy` from a view of `S` of campaign `id`, by `S`'s own code.
pub fn reply_from_view<S: Listed>(
    id: &str,
    view: &SeatView<S>,
    steps_json: &str,
    salt: Option<&Secret>,
) -> Result<String, MakeError> {
    use super::seals::{sending, Sending};
    let steps: Vec<Step<S>> = crate::engine::json::from_str(steps_json).map_err(|_| MakeError::Steps)?;
    match (salt, &steps[..]) {
        (Some(salt), [step]) => match sending(view, step, salt) {
            Sending::Seal => seal_to::<S>(id, view, step, salt).map(|(link, _)| link),
            Sending::Reveal => reveal_to::<S>(id, view, step, salt),
            Sending::Waiting(_) => return Err(MakeError::Waiting),
            Sending::Plain => reply_to::<S>(id, view, &steps),
        },
        _ => reply_to::<S>(id, view, &steps),
    }
    .map_err(|_| MakeError::DoNotPlay)
}

/// The part of a joint roll, from a kept seat copy that shows the roll waiting for it.
pub fn part_from_copy(copy: &super::seat::SeatCopy, part: &Secret) -> Result<String, MakeError> {
    struct Make<'a>(&'a super::seat::SeatCopy, &'a Secret);
    impl crate::systems::Visit for Make<'_> {
        type Out = Result<String, MakeError>;
        fn visit<S: Listed>(self) -> Self::Out {
            let view = S::of_view(&self.0.view).ok_or(MakeError::DoNotPlay)?;
            part_to::<S>(&self.0.meta.id, view, self.1).map_err(|_| MakeError::DoNotPlay)
        }
    }
    copy.system().visit(Make(copy, part))
}

/// Takes a reply into a stored campaign (`doc`, whose id it must name): the document with the
/// reply's steps, and whose reply it was by name; or the refusal, `doc` unchanged.
pub fn take_into(doc: &mut super::Document, reply: &ReplyLink) -> Result<String, Refusal> {
    struct Take<'a>(&'a str, &'a ReplyLink);
    impl crate::systems::VisitBody for Take<'_> {
        type Out = Result<(crate::systems::Body, String), Refusal>;
        fn visit<S: Listed>(self, setup: &S::Setup, journal: &[crate::engine::Action<S::Decision>]) -> Self::Out {
            let mut c = Campaign::<S>::replay(setup.clone(), journal.to_vec())
                .map_err(|e| Refusal::DoesNotReplay(e.to_string()))?;
            let Taken { seat } = take(&mut c, self.0, self.1)?;
            Ok((S::body(c.setup().clone(), c.journal().to_vec()), c.seat_name(seat)))
        }
    }
    let (body, name) = doc.body.visit(Take(&doc.meta.id, reply))?;
    doc.body = body;
    doc.summary = None;
    Ok(name)
}
