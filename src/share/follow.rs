//! Seat copies short enough for a QR code: a copy that says only what changed since the copy
//! the seat's device already holds (or, for a first copy, since the system's sample as that
//! seat sees it fresh), as a `share::patch` of the view's JSON. The device puts it together
//! with the copy it holds and keeps the whole copy, as if the whole copy had come. The whole
//! copy still travels as a file (and `fd3.` links of format 1 keep opening).
//!
//! # Form
//! Marked `fd6.` (an app from before it says "made by a newer version"), in the links'
//! envelope: a head of bytes saying what it follows (system by its link code, the reader,
//! 255 for the whole table; a flag; then the copy it follows: its decisions in effect, 32
//! bits, and the digest of its whole view, `digest`, 64 bits, little endian; the campaign id,
//! a length byte and its text), then the rest (`Body`: meta, times, the patch) as JSON,
//! deflated after the JSON of the view it follows as a preset dictionary (`primed`). No
//! copy followed: the sample's fresh view, which is part of the format as it is of campaign
//! links.
//!
//! Since flag values 2 and 3 (the two above with 0 and 1 for links made before): the history
//! lines that read as plain decisions in effect (journal index = place in the history = the
//! line's own decision, step = place + 1) are written `[text, dice]` on both sides of the
//! patch (`compact`), the dictionary ends with the followed copy's meta and time, and the body
//! leaves out what the device has from it (`Body2`).

use super::json;
use super::seat::{check_id, SeatCopy, SEAT_KIND};
use super::typed::{SeatCopyOf, ViewOf};
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
    /// The patch is between the views' compact forms (`compact`); false only in links made
    /// before that form.
    #[serde(default)]
    pub compact: bool,
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
    Missing,
    /// It does not fit together (damaged on the way, or made by hand).
    Damaged(LoadError),
}

impl fmt::Display for FollowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FollowError::Missing => write!(
                f,
                "This copy carries only what changed since an earlier copy, and this device does not have that one. Ask the keeper for the whole copy (\"Whole copy\" on its Share tab)."
            ),
            FollowError::Damaged(e) => e.fmt(f),
        }
    }
}

/// A following copy's link, read as far as can be without the copy it follows.
#[derive(Clone, Debug, PartialEq)]
pub struct FollowLink {
    pub id: String,
    pub system: SystemId,
    pub reader: Reader,
    /// Decisions in effect and whole-view digest of the copy it follows.
    pub after: Option<(usize, u64)>,
    /// Flags 2 and 3: the compact form and `Body2`.
    compact: bool,
    body: Vec<u8>,
}

/// What a following copy's link carries beside its head.
#[derive(Serialize, Deserialize)]
struct Body {
    meta: Meta,
    made: f64,
    #[serde(default)]
    after_made: Option<f64>,
    patch: Option<serde_json::Value>,
}

/// What a following copy's link carries beside its head, since flags 2 and 3: the campaign's
/// name and first time only where they differ from the followed copy's (always for a first
/// copy); the followed copy's time is the device's own.
#[derive(Serialize, Deserialize)]
struct Body2 {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    created: Option<f64>,
    updated: f64,
    made: f64,
    patch: Option<serde_json::Value>,
}

/// What a following copy needs of the copy it follows, read by whichever code holds it: the
/// transfer chunk's any-system `SeatCopy`, or a system's own `SeatCopyOf` (a seat link opened by
/// its system's chunk alone, issue 30).
pub struct Held {
    pub meta: Meta,
    pub made: f64,
    pub reader: Reader,
    pub steps: usize,
    /// `digest` of its view.
    pub digest: u64,
    /// Its view's JSON.
    pub view: serde_json::Value,
}

impl Held {
    pub fn of(copy: &SeatCopy) -> Held {
        Held {
            meta: copy.meta.clone(),
            made: copy.made,
            reader: copy.reader(),
            steps: copy.view.steps(),
            digest: digest(copy),
            view: json::value_of(&copy.view),
        }
    }

    pub fn of_typed<S: Listed>(copy: &SeatCopyOf<S>) -> Held {
        Held {
            meta: copy.meta.clone(),
            made: copy.made,
            reader: copy.reader(),
            steps: copy.view.view.steps,
            digest: digest_of_view(&copy.view),
            view: json::value_of(&copy.view),
        }
    }

    /// Whether it is the copy `id`'s `reader` follows, at `steps` decisions with digest `view`.
    fn is(&self, id: &str, reader: Reader, steps: usize, view: u64) -> bool {
        self.meta.id == id && self.reader == reader && self.steps == steps && self.digest == view
    }
}

/// The dictionary a following copy is deflated after: the view it follows (compact where the
/// link is), then, for a compact link following a held copy, that copy's meta and time.
fn dictionary(base: &serde_json::Value, held: Option<&Held>, compact: bool) -> Vec<u8> {
    let mut out = base.to_string().into_bytes();
    if let (true, Some(h)) = (compact, held) {
        out.push(b'\n');
        out.extend(serde_json::to_vec(&(&h.meta, h.made)).expect("metas serialise"));
    }
    out
}

/// The view's JSON with each history line that reads as a plain decision in effect written
/// `[text, dice]` (see the module's doc); `expand` undoes it.
fn compact(mut view: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    if let Some(Value::Array(lines)) = view.get_mut("history") {
        for (p, line) in lines.iter_mut().enumerate() {
            let plain = line.as_object().is_some_and(|o| {
                o.len() == 7
                    && o.get("index") == Some(&Value::from(p))
                    && o.get("of") == Some(&Value::from(p))
                    && o.get("kind") == Some(&Value::from("Decision"))
                    && o.get("active") == Some(&Value::Bool(true))
                    && o.get("step") == Some(&Value::from(p + 1))
                    && o.get("text").is_some_and(Value::is_string)
                    && o.get("dice").is_some_and(Value::is_array)
            });
            if plain {
                let text = line["text"].take();
                let dice = line["dice"].take();
                *line = Value::Array(vec![text, dice]);
            }
        }
    }
    view
}

/// A compact view (`compact`) whole again; `None` where a line does not fit the form.
fn expand(mut view: serde_json::Value) -> Option<serde_json::Value> {
    use serde_json::Value;
    if let Some(Value::Array(lines)) = view.get_mut("history") {
        for (p, line) in lines.iter_mut().enumerate() {
            if let Value::Array(pair) = line {
                let [text @ Value::String(_), dice @ Value::Array(_)] = pair.as_mut_slice() else { return None };
                *line = serde_json::json!({
                    "index": p, "of": p, "kind": "Decision", "text": text.take(), "dice": dice.take(),
                    "active": true, "step": p + 1,
                });
            }
        }
    }
    Some(view)
}

impl FollowLink {
    /// The head of a following copy's payload (the envelope opened). Never panics.
    pub fn read(bytes: &[u8]) -> Option<FollowLink> {
        let (&code, rest) = bytes.split_first()?;
        let system = super::link::coded_system(code as u32)?;
        let (&r, rest) = rest.split_first()?;
        let reader = (r != 255).then_some(crate::engine::Seat(r));
        let (&flag, mut rest) = rest.split_first()?;
        let after = match flag & 1 {
            0 if flag < 4 => None,
            1 if flag < 4 => {
                let steps = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
                let view = u64::from_le_bytes(rest.get(4..12)?.try_into().ok()?);
                rest = &rest[12..];
                Some((steps, view))
            }
            _ => return None,
        };
        let (&n, rest) = rest.split_first()?;
        let id = std::str::from_utf8(rest.get(..n as usize)?).ok()?.to_string();
        Some(FollowLink { id, system, reader, after, compact: flag >= 2, body: rest[n as usize..].to_vec() })
    }

    /// The whole copy, put together with `held` (the copy of this campaign and seat on this
    /// device, if any).
    pub fn open(&self, held: Option<&SeatCopy>) -> Result<SeatCopy, FollowError> {
        let held = held.map(Held::of);
        let sample = || sample_view(self.system, self.reader);
        self.follow(held.as_ref(), &sample)?.open_with(held.as_ref(), &sample)
    }

    /// `open` by a system's own code: the copy as `S`'s (a link of another system is damaged).
    pub fn open_of<S: Listed>(&self, held: Option<&SeatCopyOf<S>>) -> Result<SeatCopyOf<S>, FollowError> {
        if self.system != S::ID {
            return Err(FollowError::Damaged(LoadError::Damaged("it is not the view it says".into())));
        }
        let held = held.map(Held::of_typed);
        let sample = || sample_view_of::<S>(self.reader);
        self.follow(held.as_ref(), &sample)?.open_of::<S>(held.as_ref(), &sample)
    }

    /// The `Follow` the link carries, read with the dictionary of the copy it follows.
    fn follow(
        &self,
        held: Option<&Held>,
        sample: &dyn Fn() -> Option<serde_json::Value>,
    ) -> Result<Follow, FollowError> {
        let damaged = |why: &str| FollowError::Damaged(LoadError::Damaged(why.to_string()));
        let (base, after, followed) = match self.after {
            None => (sample().ok_or_else(|| damaged("it names a seat its system does not have"))?, None, None),
            Some((steps, view)) => match held {
                Some(h) if h.is(&self.id, self.reader, steps, view) => {
                    (h.view.clone(), Some(After { steps, view, made: h.made }), Some(h))
                }
                _ => return Err(FollowError::Missing),
            },
        };
        let base = if self.compact { compact(base) } else { base };
        let text =
            super::primed::inflate(&dictionary(&base, followed, self.compact), &self.body, super::seat::MAX_SEAT_BYTES)
                .ok_or_else(|| damaged("it does not read"))?;
        let (meta, made, after, patch) = if self.compact {
            let body: Body2 = json::from_bytes(&text).map_err(|_| damaged("it does not read"))?;
            let name = body.name.or_else(|| followed.map(|h| h.meta.name.clone()));
            let created = body.created.or_else(|| followed.map(|h| h.meta.created));
            let (Some(name), Some(created)) = (name, created) else { return Err(damaged("it does not read")) };
            (Meta { id: self.id.clone(), name, created, updated: body.updated }, body.made, after, body.patch)
        } else {
            let body: Body = json::from_bytes(&text).map_err(|_| damaged("it does not read"))?;
            if body.meta.id != self.id {
                return Err(damaged("it names two campaigns"));
            }
            let after = after.map(|a| After { made: body.after_made.unwrap_or(a.made), ..a });
            (body.meta, body.made, after, body.patch)
        };
        Ok(Follow {
            format: FOLLOW_FORMAT,
            kind: SEAT_KIND.to_string(),
            meta,
            made,
            system: self.system,
            reader: self.reader,
            after,
            patch,
            compact: self.compact,
        })
    }
}

impl Follow {
    /// Its link payload (sealed as `fd6.`, `link::encode_follow`); `held` is the copy it was
    /// made to follow (as given to `make`).
    pub fn payload(&self, held: Option<&SeatCopy>) -> Vec<u8> {
        let held = held.map(Held::of);
        let held = held.as_ref();
        let base = match held {
            Some(h) => h.view.clone(),
            None => sample_view(self.system, self.reader).unwrap_or(serde_json::Value::Null),
        };
        let base = if self.compact { compact(base) } else { base };
        let mut out = vec![super::link::link_code(self.system) as u8, self.reader.map_or(255, |s| s.0)];
        let flag = if self.compact { 2 } else { 0 };
        match self.after {
            None => out.push(flag),
            Some(a) => {
                out.push(flag + 1);
                out.extend_from_slice(&(a.steps as u32).to_le_bytes());
                out.extend_from_slice(&a.view.to_le_bytes());
            }
        }
        out.push(self.meta.id.len() as u8);
        out.extend_from_slice(self.meta.id.as_bytes());
        let json = if self.compact {
            let followed = held.filter(|_| self.after.is_some());
            let body = Body2 {
                name: Some(&self.meta.name).filter(|n| followed.is_none_or(|h| &h.meta.name != *n)).cloned(),
                created: Some(self.meta.created).filter(|c| followed.is_none_or(|h| h.meta.created != *c)),
                updated: self.meta.updated,
                made: self.made,
                patch: self.patch.clone(),
            };
            serde_json::to_vec(&body).expect("bodies serialise")
        } else {
            let body = Body {
                meta: self.meta.clone(),
                made: self.made,
                after_made: self.after.map(|a| a.made),
                patch: self.patch.clone(),
            };
            serde_json::to_vec(&body).expect("bodies serialise")
        };
        let followed = held.filter(|_| self.after.is_some());
        out.extend(super::primed::deflate(&dictionary(&base, followed, self.compact), &json));
        out
    }

    /// `copy` as what changed since `held` (the copy the seat's device holds, of the same
    /// campaign and seat), or since the sample's fresh view.
    pub fn make(copy: &SeatCopy, held: Option<&SeatCopy>) -> Follow {
        let new = json::value_of(&copy.view);
        let (after, old) = match held {
            Some(h) => (Some(After { steps: h.view.steps(), view: digest(h), made: h.made }), json::value_of(&h.view)),
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
            patch: patch::diff(&compact(old), &compact(new)),
            compact: true,
        }
    }

    /// The whole copy, put together with `held` (the copy of this campaign and seat on this
    /// device, if any), and checked as any copy from outside is.
    pub fn open(&self, held: Option<&SeatCopy>) -> Result<SeatCopy, FollowError> {
        let held = held.map(Held::of);
        self.open_with(held.as_ref(), &|| sample_view(self.system, self.reader))
    }

    fn open_with(
        &self,
        held: Option<&Held>,
        sample: &dyn Fn() -> Option<serde_json::Value>,
    ) -> Result<SeatCopy, FollowError> {
        let damaged = |why: &str| FollowError::Damaged(LoadError::Damaged(why.to_string()));
        let view: ViewBody = json::from_value(&self.view_json(held, sample)?)
            .map_err(|e| FollowError::Damaged(LoadError::Damaged(e.to_string())))?;
        if view.system() != self.system || view.reader() != self.reader {
            return Err(damaged("it is not the view it says"));
        }
        let copy = SeatCopy::new(self.meta.clone(), self.made, view);
        // Checked as any copy from outside: its id, its time, its view against its setup.
        SeatCopy::from_json(&copy.to_json()).map_err(FollowError::Damaged)
    }

    /// `open_with` as `S`'s copy, by `S`'s own code.
    fn open_of<S: Listed>(
        &self,
        held: Option<&Held>,
        sample: &dyn Fn() -> Option<serde_json::Value>,
    ) -> Result<SeatCopyOf<S>, FollowError> {
        let damaged = |why: &str| FollowError::Damaged(LoadError::Damaged(why.to_string()));
        let view: ViewOf<S> = json::from_value(&self.view_json(held, sample)?)
            .map_err(|e| FollowError::Damaged(LoadError::Damaged(e.to_string())))?;
        if view.view.reader != self.reader {
            return Err(damaged("it is not the view it says"));
        }
        let copy = SeatCopyOf::with_view(self.meta.clone(), self.made, view);
        // Checked as any copy from outside: its id, its time, its view against its setup.
        SeatCopyOf::<S>::from_json(&copy.to_json()).map_err(FollowError::Damaged)
    }

    /// The view's JSON, put together: the copy it follows with what changed applied.
    fn view_json(
        &self,
        held: Option<&Held>,
        sample: &dyn Fn() -> Option<serde_json::Value>,
    ) -> Result<serde_json::Value, FollowError> {
        let damaged = |why: &str| FollowError::Damaged(LoadError::Damaged(why.to_string()));
        check_id(&self.meta.id).map_err(FollowError::Damaged)?;
        let old = match self.after {
            None => sample().ok_or_else(|| damaged("it names a seat its system does not have"))?,
            Some(after) => match held {
                Some(h) if h.is(&self.meta.id, self.reader, after.steps, after.view) => h.view.clone(),
                _ => return Err(FollowError::Missing),
            },
        };
        let old = if self.compact { compact(old) } else { old };
        let view = match &self.patch {
            None => old,
            Some(p) => patch::apply(&old, p).ok_or_else(|| damaged("what changed does not fit the copy it follows"))?,
        };
        if self.compact {
            expand(view).ok_or_else(|| damaged("what changed does not fit the copy it follows"))
        } else {
            Ok(view)
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("following copies serialise")
    }
}

/// The digest of a copy's whole view (setup, position, history): the first 64 bits of SHA-256
/// over its JSON. A following copy fits only the copy of that digest.
pub fn digest(copy: &SeatCopy) -> u64 {
    digest_of_view(&copy.view)
}

/// `digest` of a view of any system (`ViewBody`) or of one (`typed::ViewOf`, whose JSON is the
/// same): a system's screens take it without reading every system's views.
pub fn digest_of_view(view: &impl serde::Serialize) -> u64 {
    use sha2::{Digest, Sha256};
    let h = Sha256::digest(serde_json::to_vec(view).expect("views serialise"));
    u64::from_le_bytes(h[..8].try_into().expect("a SHA-256 digest has 32 bytes"))
}

/// The sample's fresh view as `reader` sees it, as JSON; `None` for a seat it does not have.
fn sample_view(system: SystemId, reader: Reader) -> Option<serde_json::Value> {
    struct Sample(Reader);
    impl Visit for Sample {
        type Out = Option<serde_json::Value>;
        fn visit<S: Listed>(self) -> Self::Out {
            sample_view_of::<S>(self.0)
        }
    }
    system.visit(Sample(reader))
}

/// `sample_view` of `S`.
fn sample_view_of<S: Listed>(reader: Reader) -> Option<serde_json::Value> {
    let c = Campaign::<S>::new(S::sample()).ok()?;
    if reader.is_some_and(|s| !c.seats().contains(&s)) {
        return None;
    }
    Some(json::value_of(&ViewOf::<S> { system: S::ID, view: c.seat_view(reader) }))
}
