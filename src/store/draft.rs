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

/// Every reader's draft of the campaign (one each: two players filling in their secret lists in
/// turn on one tablet keep both); unreadable text reads as none.
fn drafts(b: &dyn Backend, id: &str) -> Vec<Draft> {
    b.get(&key(id)).ok().flatten().and_then(|t| crate::engine::json::from_str(&t).ok()).unwrap_or_default()
}

fn same_reader(d: &Draft, point: DraftPoint) -> bool {
    d.reader == point.reader.map(|s| s.0)
}

/// The part `part` of the campaign's draft made at `point`; none if there is none, it was made at
/// another point or for another reader, or it does not read (a draft is only a convenience).
pub fn draft_part(b: &dyn Backend, id: &str, point: DraftPoint, part: &str) -> Option<Value> {
    let mut d = drafts(b, id).into_iter().find(|d| same_reader(d, point) && d.at == point.at)?;
    d.parts.remove(part)
}

/// Keeps `value` as the part `part` of the campaign's draft at `point` (`None` forgets that part).
/// That reader's draft of another point is replaced; other readers' drafts of this point stay,
/// those of other points go.
pub fn set_draft_part(
    b: &mut dyn Backend,
    id: &str,
    point: DraftPoint,
    part: &str,
    value: Option<Value>,
) -> Result<(), StoreError> {
    let mut all: Vec<Draft> = drafts(b, id).into_iter().filter(|d| d.at == point.at).collect();
    let mine = match all.iter().position(|d| same_reader(d, point)) {
        Some(i) => i,
        None => {
            all.push(Draft { at: point.at, reader: point.reader.map(|s| s.0), parts: Map::new() });
            all.len() - 1
        }
    };
    match value {
        Some(v) => all[mine].parts.insert(part.to_string(), v),
        None => all[mine].parts.remove(part),
    };
    all.retain(|d| !d.parts.is_empty());
    if all.is_empty() {
        return forget_draft(b, id);
    }
    b.set(&key(id), &serde_json::to_string(&all).expect("drafts serialise"))
}

/// Forgets the campaign's draft.
pub(super) fn forget_draft(b: &mut dyn Backend, id: &str) -> Result<(), StoreError> {
    b.remove(&key(id))
}
