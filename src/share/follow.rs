//! Seat copies short enough for a QR code: a copy that says only what changed since the copy
//! the seat's device already holds (or, for a first copy, since the system's sample as that
//! seat sees it fresh), as a `share::patch` of the view's JSON. The device puts it together
//! with the copy it holds and keeps the whole copy, as if the whole copy had come. The whole
//! copy still travels as a file (and `fd3.` links of format 1 keep opening).
//!
//! # Form
//! A `Follow` as JSON (`format` 2, `kind` = `SEAT_KIND`), deflated, in the seat link's envelope
//! (`fd3.`): an app from before it says "made by a newer version". `after` names the copy it
//! follows (its decisions in effect and the digest of its whole view, `digest`); `None`
//! follows the sample's fresh view, which is part of the format as it is of campaign links.

use super::seat::{check_id, SeatCopy, SEAT_KIND};
use super::{patch, LoadError, Meta};
use crate::engine::{Campaign, Reader};
use crate::systems::{Listed, SystemId, ViewBody, Visit};

use serde::{Deserialize, Serialize};
use std::fmt;

/// The format of a seat copy that follows another.
pub const FOLLOW_FORMAT: u32 = 2;

/// A seat copy as what changed since another.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Follow {
    pub format: u32,
    pub kind: String,
    pub meta: Meta,
    pub made: f64,
    pub system: SystemId,
    pub reader: Reader,
    /// The copy it follows; `None`: the sample's fresh view.
    pub after: Option<After>,
    /// What changed in the view's JSON (`share::patch`); `None`: nothing.
    pub patch: Option<serde_json::Value>,
}

/// Which copy a `Follow` follows.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct After {
    /// Its decisions in effect.
    pub steps: usize,
    /// The digest of its whole view (`digest`).
    pub view: u64,
    /// When it was made (the sender's clock), to name it to the player.
    pub made: f64,
}

/// Why a following copy does not open here.
#[derive(Clone, Debug, PartialEq)]
pub enum FollowError {
    /// The copy it follows is not the one on this device.
    Missing { made: f64 },
    /// It does not fit together (damaged on the way, or made by hand).
    Damaged(LoadError),
}

impl fmt::Display for FollowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FollowError::Missing { .. } => write!(
                f,
                "This copy carries only what changed since an earlier copy, and this device does not have that one. Ask the keeper for the whole copy (\"Whole copy\" on its Share tab)."
            ),
            FollowError::Damaged(e) => e.fmt(f),
        }
    }
}

impl Follow {
    /// `copy` as what changed since `held` (the copy the seat's device holds, of the same
    /// campaign and seat), or since the sample's fresh view.
    pub fn make(copy: &SeatCopy, held: Option<&SeatCopy>) -> Follow {
        let new = serde_json::to_value(&copy.view).expect("views serialise");
        let (after, old) = match held {
            Some(h) => (
                Some(After { steps: h.view.steps(), view: digest(h), made: h.made }),
                serde_json::to_value(&h.view).expect("views serialise"),
            ),
            None => (None, sample_view(copy.system(), copy.reader()).unwrap_or(serde_json::Value::Null)),
        };
        Follow {
            format: FOLLOW_FORMAT,
            kind: SEAT_KIND.to_string(),
            meta: copy.meta.clone(),
            made: copy.made,
            system: copy.system(),
            reader: copy.reader(),
            after,
            patch: patch::diff(&old, &new),
        }
    }

    /// The whole copy, put together with `held` (the copy of this campaign and seat on this
    /// device, if any), and checked as any copy from outside is.
    pub fn open(&self, held: Option<&SeatCopy>) -> Result<SeatCopy, FollowError> {
        let damaged = |why: &str| FollowError::Damaged(LoadError::Damaged(why.to_string()));
        check_id(&self.meta.id).map_err(FollowError::Damaged)?;
        let old = match self.after {
            None => sample_view(self.system, self.reader).ok_or_else(|| damaged("it names a seat its system does not have"))?,
            Some(after) => match held {
                Some(h)
                    if h.meta.id == self.meta.id
                        && h.reader() == self.reader
                        && h.view.steps() == after.steps
                        && digest(h) == after.view =>
                {
                    serde_json::to_value(&h.view).expect("views serialise")
                }
                _ => return Err(FollowError::Missing { made: after.made }),
            },
        };
        let view = match &self.patch {
            None => old,
            Some(p) => patch::apply(&old, p).ok_or_else(|| damaged("what changed does not fit the copy it follows"))?,
        };
        let view: ViewBody = serde_json::from_value(view).map_err(|e| FollowError::Damaged(LoadError::Damaged(e.to_string())))?;
        if view.system() != self.system || view.reader() != self.reader {
            return Err(damaged("it is not the view it says"));
        }
        let copy = SeatCopy::new(self.meta.clone(), self.made, view);
        // Checked as any copy from outside: its id, its time, its view against its setup.
        SeatCopy::from_json(&copy.to_json()).map_err(FollowError::Damaged)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("following copies serialise")
    }

    /// The coded bytes of its link (sealed as a seat link, `link::encode_follow`).
    pub fn payload(&self) -> Vec<u8> {
        miniz_oxide::deflate::compress_to_vec(self.to_json().as_bytes(), 9)
    }
}

/// The digest of a copy's whole view (setup, position, history): the first 64 bits of SHA-256
/// over its JSON. A following copy fits only the copy of that digest.
pub fn digest(copy: &SeatCopy) -> u64 {
    use sha2::{Digest, Sha256};
    let h = Sha256::digest(serde_json::to_vec(&copy.view).expect("views serialise"));
    u64::from_le_bytes(h[..8].try_into().expect("a SHA-256 digest has 32 bytes"))
}

/// The sample's fresh view as `reader` sees it, as JSON; `None` for a seat it does not have.
fn sample_view(system: SystemId, reader: Reader) -> Option<serde_json::Value> {
    struct Sample(Reader);
    impl Visit for Sample {
        type Out = Option<serde_json::Value>;
        fn visit<S: Listed>(self) -> Self::Out {
            let c = Campaign::<S>::new(S::sample()).ok()?;
            if self.0.is_some_and(|s| !c.seats().contains(&s)) {
                return None;
            }
            serde_json::to_value(S::view_body(c.seat_view(self.0))).ok()
        }
    }
    system.visit(Sample(reader))
}
