//! A step's choices not yet taken (the units picked so far, a list half made), kept per campaign
//! on this device so that a reload or a closed tab loses nothing.
//!
//! A draft belongs to one point of the campaign (the journal's length) and one reader (who held
//! the device, or the seat behind an open hand-over): it is offered back only at that point and
//! to that reader, so no seat is shown another's choice in progress. It lives under a key of its
//! own (`DRAFT_PREFIX`), never in a document, link, file or backup, and is forgotten with the
//! campaign or when another holds the device.

use super::{Backend, StoreError};
use crate::engine::Reader;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Where a campaign's draft is kept.
pub const DRAFT_PREFIX: &str = "fielddesk.draft.";

/// The point of a campaign a draft was made at, and for whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DraftPoint {
    /// The journal's length then: any step taken (or undone) leaves the draft behind.
    pub at: usize,
    pub reader: Reader,
}

#[derive(Serialize, Deserialize)]
struct Draft {
    at: usize,
    /// The reader's seat number (`None`: the whole table).
    reader: Option<u8>,
    parts: Map<String, Value>,
}

fn key(id: &str) -> String {
    format!("{DRAFT_PREFIX}{id}")
}

fn read(b: &dyn Backend, id: &str, point: DraftPoint) -> Option<Draft> {
    let d: Draft = serde_json::from_str(&b.get(&key(id)).ok()??).ok()?;
    (d.at == point.at && d.reader == point.reader.map(|s| s.0)).then_some(d)
}

/// The part `part` of the campaign's draft made at `point`; none if there is none, it was made at
/// another point or for another reader, or it does not read (a draft is only a convenience).
pub fn draft_part(b: &dyn Backend, id: &str, point: DraftPoint, part: &str) -> Option<Value> {
    read(b, id, point)?.parts.remove(part)
}

/// Keeps `value` as the part `part` of the campaign's draft at `point` (`None` forgets that part).
/// A draft of another point or reader is replaced.
pub fn set_draft_part(
    b: &mut dyn Backend,
    id: &str,
    point: DraftPoint,
    part: &str,
    value: Option<Value>,
) -> Result<(), StoreError> {
    let mut d =
        read(b, id, point).unwrap_or(Draft { at: point.at, reader: point.reader.map(|s| s.0), parts: Map::new() });
    match value {
        Some(v) => d.parts.insert(part.to_string(), v),
        None => d.parts.remove(part),
    };
    if d.parts.is_empty() {
        return forget_draft(b, id);
    }
    b.set(&key(id), &serde_json::to_string(&d).expect("a draft serialises"))
}

/// Forgets the campaign's draft.
pub(super) fn forget_draft(b: &mut dyn Backend, id: &str) -> Result<(), StoreError> {
    b.remove(&key(id))
}
