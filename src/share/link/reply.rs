//! A reply's coded bytes (`share::reply`), through the same range coder and envelope as
//! campaign links, marked `fd5.`.
//!
//! | part     | coding |
//! |----------|--------|
//! | system   | its `Descriptor::LINK_CODE`, one of 16, uniform |
//! | campaign | its id, as a link's meta codes it (`code_id`) |
//! | seat     | a number |
//! | made on  | the decisions in effect in the copy it was made on (a number), then the digest of the seat's view in that copy (64 bits as they are) |
//! | steps    | how many (a number, 1 to `MAX_REPLY_STEPS`); a flag "as JSON text"; then each step |
//!
//! Sealed choices' and joint rolls' replies (issue 31) write 0 steps, then their kind (one of
//! 3, uniform): a **seal** (0) is followed by the seal's 256 bits and nothing else; a
//! **reveal** (1) by the salt's 128 bits, then its steps as above; a **part** of a joint roll
//! (2) by its 128 bits and nothing else. Replies from before have no 0 there.
//!
//! Each step: the decision through the system's grammar, walked on the seat's device's
//! position (the copy's view, with the reply's earlier steps played on it by the rules), or
//! its JSON as a text; then its dice as a link codes them (`generic::code_dice`: number and
//! kind from `System::dice` on that position, each a flag "rolled at the table" and its face).
//!
//! The keeper reads the head first (`ReplyLink::read`), checks it against its campaign, and
//! only then the decision (`ReplyLink::step`), on the same view of the same position, which
//! it works out from its own campaign: the digest says it is the one the seat saw.

use super::generic::{code_decision, code_dice};
use super::models::{int, raw, text, Models};
use super::range::{Coder, Decoder, Encoder, HALF};
use super::{code_id, coded_system, seal_as, CodeOf, LinkError, SYSTEMS};
use crate::engine::fair::{Seal, Secret};
use crate::engine::{Roll, Seat, System};
use crate::systems::{Listed, SystemId};

/// The version marker of replies.
pub const REPLY_LINK_VERSION: u8 = 5;
/// The most a reply's decision may hold as JSON text.
const MAX_REPLY_JSON: usize = 64 << 10;

/// What a reply says before its decision: whose it is and what it was made on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplyHead {
    pub system: SystemId,
    pub campaign: String,
    pub seat: Seat,
    /// Decisions in effect in the copy it was made on.
    pub steps: u64,
    /// The digest of the seat's view in that copy (`share::reply::view_digest`).
    pub view: u64,
}

/// What a reply carries after its head.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplyKind {
    /// Decisions with their dice.
    Steps,
    /// The seal of a secret choice, nothing of the choice itself.
    Seal(Seal),
    /// A sealed choice revealed: its decision and dice (the steps), and the salt it was
    /// sealed under.
    Reveal(Secret),
    /// The seat's part of a joint roll the keeper opened.
    Part(Secret),
}

/// A reply as it arrived: its head read, its decision still coded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplyLink {
    pub head: ReplyHead,
    /// The reply's identity: the first 64 bits of SHA-256 over its coded bytes, so the same
    /// reply arriving twice is known.
    pub id: u64,
    bytes: Vec<u8>,
}

/// One decision and its dice, made on a seat's view.
pub type Step<S> = (<S as System>::Decision, Vec<Roll>);
/// The most steps one reply carries.
pub const MAX_REPLY_STEPS: usize = 64;

/// A reply's fragment payload (`fd5.…`): `step` made by `head.seat` on its view (`setup`,
/// `state`: the view the copy holds).
/// Fails only when the dice do not fit what the rules ask on that view.
pub fn encode_reply<S: Listed>(
    head: &ReplyHead,
    setup: &S::Setup,
    state: &S::State,
    steps: &[Step<S>],
) -> Result<String, LinkError> {
    encode_reply_of::<S>(head, ReplyKind::Steps, setup, state, steps)
}

/// A reply of any kind (`ReplyKind`): a seal carries no steps; steps and a reveal at least one.
pub fn encode_reply_of<S: Listed>(
    head: &ReplyHead,
    kind: ReplyKind,
    setup: &S::Setup,
    state: &S::State,
    steps: &[Step<S>],
) -> Result<String, LinkError> {
    // Through the grammar when it reads back as the same steps (a grammar walked on a view
    // may not tell apart what the whole position would), else as JSON text.
    for json in [false, true] {
        let mut e = Encoder::new();
        if code_reply::<S>(&mut e, Some((head, kind)), setup, state, Some(steps), json).is_ok() {
            let bytes = e.finish();
            let back = ReplyLink::read(bytes.clone()).and_then(|r| Ok((r.kind()?, r.steps::<S>(setup, state)?)));
            if back.as_ref().is_ok_and(|(k, s)| *k == kind && s[..] == *steps) {
                return Ok(seal_as(&bytes, REPLY_LINK_VERSION));
            }
        }
    }
    Err(LinkError::Corrupt)
}

impl ReplyLink {
    /// The head of a reply's coded bytes (the envelope already opened). Never panics.
    pub fn read(bytes: Vec<u8>) -> Result<ReplyLink, LinkError> {
        let mut d = Decoder::new(&bytes)?;
        let mut m = Models::new();
        let head = code_head(&mut d, &mut m, None)?;
        Ok(ReplyLink { head, id: reply_id(&bytes), bytes })
    }

    /// What it carries after its head (read only where it is taken: the page's own code reads
    /// the head alone). Never panics.
    pub fn kind(&self) -> Result<ReplyKind, LinkError> {
        let mut d = Decoder::new(&self.bytes)?;
        let mut m = Models::new();
        code_head(&mut d, &mut m, None)?;
        Ok(code_kind(&mut d, &mut m, None, 0)?.0)
    }

    /// The steps, read on the view the reply says it was made on (`setup`, `state`: the seat's
    /// view, worked out by the keeper); none for a seal. Never panics.
    pub fn steps<S: Listed>(&self, setup: &S::Setup, state: &S::State) -> Result<Vec<Step<S>>, LinkError> {
        if self.head.system != S::ID {
            return Err(LinkError::Corrupt);
        }
        let mut d = Decoder::new(&self.bytes)?;
        let (_, steps) = code_reply::<S>(&mut d, None, setup, state, None, false)?;
        d.finish()?;
        Ok(steps)
    }
}

fn reply_id(bytes: &[u8]) -> u64 {
    use sha2::{Digest, Sha256};
    let h = Sha256::digest(bytes);
    u64::from_le_bytes(h[..8].try_into().expect("a SHA-256 digest has 32 bytes"))
}

fn code_head(c: &mut dyn Coder, m: &mut Models, head: Option<&ReplyHead>) -> Result<ReplyHead, LinkError> {
    let code = head.map_or(0, |h| h.system.visit(CodeOf));
    let system = coded_system(c.uniform(SYSTEMS, code)?).ok_or(LinkError::Corrupt)?;
    let campaign = code_id(c, m, head.map_or("", |h| &h.campaign))?;
    if c.decoding() && !crate::share::is_campaign_id(&campaign) {
        return Err(LinkError::Corrupt);
    }
    let seat = int(c, &mut m.count, head.map_or(0, |h| h.seat.0 as u64))?;
    let seat = Seat(u8::try_from(seat).map_err(|_| LinkError::Corrupt)?);
    let steps = int(c, &mut m.lines, head.map_or(0, |h| h.steps))?;
    let view = raw(c, 64, head.map_or(0, |h| h.view))?;
    Ok(ReplyHead { system, campaign, seat, steps, view })
}

/// The reply's kind, after its head (see the module's doc), and then its number of steps
/// (`given`: the steps to write, when writing).
fn code_kind(
    c: &mut dyn Coder,
    m: &mut Models,
    kind: Option<ReplyKind>,
    given: u64,
) -> Result<(ReplyKind, u64), LinkError> {
    let plain = matches!(kind, None | Some(ReplyKind::Steps));
    let n = int(c, &mut m.lines, if plain { given } else { 0 })?;
    if n > 0 {
        return Ok((ReplyKind::Steps, n));
    }
    let code = match kind {
        Some(ReplyKind::Reveal(_)) => 1,
        Some(ReplyKind::Part(_)) => 2,
        _ => 0,
    };
    let secret = |c: &mut dyn Coder, given: Option<&Secret>| -> Result<Secret, LinkError> {
        let given = given.map_or([0; 16], |s| s.0);
        let mut out = [0u8; 16];
        for k in 0..2 {
            let v = raw(c, 64, u64::from_le_bytes(given[8 * k..8 * k + 8].try_into().expect("8 bytes")))?;
            out[8 * k..8 * k + 8].copy_from_slice(&v.to_le_bytes());
        }
        Ok(Secret(out))
    };
    Ok(match c.uniform(3, code)? {
        2 => {
            let given = match &kind {
                Some(ReplyKind::Part(s)) => Some(s),
                _ => None,
            };
            (ReplyKind::Part(secret(c, given)?), 0)
        }
        0 => {
            let given = match kind {
                Some(ReplyKind::Seal(s)) => s.0,
                _ => [0; 32],
            };
            let mut seal = [0u8; 32];
            for k in 0..4 {
                let v = raw(c, 64, u64::from_le_bytes(given[8 * k..8 * k + 8].try_into().expect("8 bytes")))?;
                seal[8 * k..8 * k + 8].copy_from_slice(&v.to_le_bytes());
            }
            (ReplyKind::Seal(Seal(seal)), 0)
        }
        _ => {
            let given_salt = match &kind {
                Some(ReplyKind::Reveal(s)) => Some(s),
                _ => None,
            };
            let salt = secret(c, given_salt)?;
            let n = int(c, &mut m.lines, given)?;
            if n == 0 {
                return Err(LinkError::Corrupt);
            }
            (ReplyKind::Reveal(salt), n)
        }
    })
}

/// Compiled once per system, not once for the encoder and once for the decoder (issue 32).
#[inline(never)]
fn code_reply<S: Listed>(
    c: &mut dyn Coder,
    given: Option<(&ReplyHead, ReplyKind)>,
    setup: &S::Setup,
    state: &S::State,
    steps: Option<&[Step<S>]>,
    json: bool,
) -> Result<(ReplyHead, Vec<Step<S>>), LinkError> {
    let mut m = Models::with_texts(S::LINK_TEXTS);
    let head = code_head(c, &mut m, given.map(|g| g.0))?;
    let (kind, n) = code_kind(c, &mut m, given.map(|g| g.1), steps.map_or(0, |s| s.len() as u64))?;
    if matches!(kind, ReplyKind::Seal(_) | ReplyKind::Part(_)) {
        return match steps {
            Some(s) if !s.is_empty() => Err(LinkError::Corrupt),
            _ => Ok((head, Vec::new())),
        };
    }
    if n == 0 || n > MAX_REPLY_STEPS as u64 {
        return Err(LinkError::Corrupt);
    }
    c.spend(n)?;
    let mut flag = HALF;
    let json = c.bit(&mut flag, json)?;
    let mut state = state.clone();
    let mut out = Vec::with_capacity(n as usize);
    let mut roller = 0;
    for k in 0..n as usize {
        let given = steps.map(|s| &s[k]);
        let decision = if json {
            let given = given.map(|s| serde_json::to_string(&s.0).expect("decisions serialise"));
            let t = text(c, &mut m.text, given.as_deref())?;
            if t.len() > MAX_REPLY_JSON {
                return Err(LinkError::TooLarge);
            }
            crate::engine::json::from_str(&t).map_err(|_| LinkError::Corrupt)?
        } else {
            code_decision::<S, S>(c, &mut m, setup, &state, given.map(|s| &s.0))?
        };
        let spec = S::dice(setup, &state, &decision);
        let dice = code_dice(c, &mut m, spec, given.map(|s| &s.1[..]), &mut roller)?;
        // The next step is coded on the position the seat's device played this one to.
        if k + 1 < n as usize {
            let values: Vec<u16> = dice.iter().map(|r| r.value).collect();
            state = S::apply(setup, &state, &decision, &values).map_err(|_| LinkError::Corrupt)?;
        }
        out.push((decision, dice));
    }
    Ok((head, out))
}
