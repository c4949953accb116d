//! Seat copies received on this device (`share::seat`): one per campaign and seat, a newer
//! one replacing the older, read-only. Stored apart from campaigns, under their own keys, so
//! the campaign list, backups and imports never mistake one for a campaign.

use super::{Backend, StoreError};
use crate::engine::Reader;
use crate::share::seat::{seat_key, CopyListing, SeatCopy, SEAT_FORMAT, SEAT_KIND};
use crate::share::{is_campaign_id, Meta};
use crate::systems::SystemId;

/// Keys of stored seat copies start with this; then the seat's key, a dot and the campaign id.
pub const SEAT_PREFIX: &str = "fielddesk.seat.";

pub fn seat_copy_key(seat: &str, id: &str) -> String {
    format!("{SEAT_PREFIX}{seat}.{id}")
}

/// Keys of the steps a seat's device took on its copy, not yet answered by a newer copy (the
/// reply they make, `share::reply`): then the seat's key, a dot and the campaign id.
pub const REPLY_PREFIX: &str = "fielddesk.reply.";

fn reply_key(seat: &str, id: &str) -> String {
    format!("{REPLY_PREFIX}{seat}.{id}")
}

/// Keys of what the keeper last sent each seat of a campaign (`sent_views`): then the campaign id.
pub const SENT_PREFIX: &str = "fielddesk.sent.";

/// For each seat (by number), the digest of the view last sent to it from this device
/// (`share::reply::view_digest`): a seat whose view now has another digest has an out-of-date
/// copy.
pub fn sent_views(b: &dyn Backend, id: &str) -> super::SmallMap<u8, u64> {
    b.get(&format!("{SENT_PREFIX}{id}"))
        .ok()
        .flatten()
        .and_then(|s| crate::engine::json::from_str(&s).ok())
        .unwrap_or_default()
}

/// Notes that `seat` was sent the view of digest `digest`.
pub fn note_sent_view(b: &mut dyn Backend, id: &str, seat: u8, digest: u64) -> Result<(), StoreError> {
    let mut sent = sent_views(b, id);
    if sent.get(&seat) == Some(&digest) {
        return Ok(());
    }
    sent.insert(seat, digest);
    b.set(&format!("{SENT_PREFIX}{id}"), &serde_json::to_string(&sent).expect("digests serialise"))
}

/// The copy last shown here for `seat` of campaign `id`, and the one shown before it (which the
/// seat's device holds if it took the last one), as JSON: what the next copy follows.
pub fn sent_copy(b: &dyn Backend, id: &str, seat: &str) -> Option<(String, Option<String>)> {
    b.get(&format!("{SENT_PREFIX}{id}.{seat}")).ok().flatten().and_then(|s| crate::engine::json::from_str(&s).ok())
}

/// Keeps the copy shown for `seat` (and the one it follows).
pub fn keep_sent_copy(
    b: &mut dyn Backend,
    id: &str,
    seat: &str,
    copy: &str,
    after: Option<&str>,
) -> Result<(), StoreError> {
    b.set(&format!("{SENT_PREFIX}{id}.{seat}"), &serde_json::to_string(&(copy, after)).expect("texts serialise"))
}

/// The steps taken on a kept copy on this device (JSON, `[[decision, [roll...]]...]`), if any.
pub fn reply_steps(b: &dyn Backend, seat: &str, id: &str) -> Option<String> {
    b.get(&reply_key(seat, id)).ok().flatten()
}

/// Keeps (or, with `None`, forgets) the steps taken on a kept copy on this device.
pub fn set_reply_steps(b: &mut dyn Backend, seat: &str, id: &str, steps: Option<&str>) -> Result<(), StoreError> {
    match steps {
        Some(s) => b.set(&reply_key(seat, id), s),
        None => b.remove(&reply_key(seat, id)),
    }
}

/// What storing a received copy did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    /// The first copy of this campaign for this seat.
    New,
    /// It replaced an older copy.
    Replaced,
    /// The copy here is as new or newer: nothing changed.
    HadNewer,
}

/// Stores a received copy unless the one here is as new or newer. The copy is checked again
/// here (its campaign id, its setup and position against each other), so nothing a screen or
/// the list cannot read is ever kept, whoever made the `SeatCopy`.
pub fn keep_seat_copy(b: &mut dyn Backend, copy: &SeatCopy) -> Result<Kept, StoreError> {
    struct Keep<'a>(&'a mut dyn Backend, &'a SeatCopy);
    impl crate::systems::Visit for Keep<'_> {
        type Out = Result<Kept, StoreError>;
        fn visit<S: crate::systems::Listed>(self) -> Self::Out {
            // The any-system copy as its system's: one way of keeping a copy (`keep_seat_copy_of`).
            let typed = crate::share::typed::SeatCopyOf::<S>::from_json(&self.1.to_json()).map_err(StoreError::Load)?;
            super::typed::keep_seat_copy_of(self.0, &typed)
        }
    }
    copy.system().visit(Keep(b, copy))
}

/// A line of the list of received views.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatListing {
    /// Where it is stored: what removing it from the list removes, whether or not it opens.
    pub key: String,
    pub meta: Meta,
    pub seat: String,
    pub reader: Reader,
    pub reader_name: String,
    /// `None` when its head does not read.
    pub system: Option<SystemId>,
    pub made: f64,
    pub status: String,
    /// Whether its screen can be reached (`#/v/<seat>/<id>`): its head reads and its campaign
    /// id is one a campaign may have. A copy kept by an earlier version that does not is still
    /// listed, so it can be removed.
    pub opens: bool,
}

/// Every received copy, most recently made first, read from its head and the line kept with
/// it (no system's rules are needed). One whose head does not read is listed last, as such,
/// so it can be removed; the next copy sent of it replaces it too.
pub fn seat_copies(b: &dyn Backend) -> Result<Vec<SeatListing>, StoreError> {
    #[derive(serde::Deserialize)]
    struct Head {
        format: u32,
        kind: String,
        meta: Meta,
        made: f64,
        view: ViewHead,
        #[serde(default)]
        listing: Option<CopyListing>,
    }
    #[derive(serde::Deserialize)]
    struct ViewHead {
        system: SystemId,
        reader: Reader,
    }
    let mut out = Vec::new();
    for k in b.keys()? {
        if !k.starts_with(SEAT_PREFIX) {
            continue;
        }
        let Some(raw) = b.get(&k)? else { continue };
        let head = crate::engine::json::from_str::<Head>(&raw)
            .ok()
            .filter(|h| h.kind == SEAT_KIND && h.format <= SEAT_FORMAT && h.made.is_finite());
        let Some(head) = head else {
            out.push(unreadable(k));
            continue;
        };
        // Kept by a version before the line was stored with the copy: its screen says the rest.
        let listing = head.listing.unwrap_or_else(|| CopyListing {
            reader_name: match head.view.reader {
                Some(_) => "One player".to_string(),
                None => "The whole table".to_string(),
            },
            status: "Open it to see where it stands".to_string(),
        });
        let seat = seat_key(head.view.reader);
        let opens = is_campaign_id(&head.meta.id) && k == seat_copy_key(&seat, &head.meta.id);
        out.push(SeatListing {
            key: k,
            opens,
            seat,
            reader: head.view.reader,
            reader_name: listing.reader_name,
            system: Some(head.view.system),
            made: head.made,
            status: listing.status,
            meta: head.meta,
        });
    }
    crate::engine::order::sort_by(&mut out, |a, b| b.made.total_cmp(&a.made));
    Ok(out)
}

/// The line of a kept copy whose head does not read.
fn unreadable(key: String) -> SeatListing {
    SeatListing {
        meta: Meta { id: String::new(), name: "A view that cannot be read".into(), created: 0.0, updated: 0.0 },
        seat: String::new(),
        reader: None,
        reader_name: "Someone".into(),
        system: None,
        made: f64::NEG_INFINITY,
        status: "Damaged: remove it and ask for a new one".into(),
        opens: false,
        key,
    }
}

/// Which system a kept seat copy belongs to, read from its head.
pub fn seat_copy_system(b: &dyn Backend, seat: &str, id: &str) -> Result<SystemId, StoreError> {
    #[derive(serde::Deserialize)]
    struct Head {
        view: ViewHead,
    }
    #[derive(serde::Deserialize)]
    struct ViewHead {
        system: SystemId,
    }
    let raw = b.get(&seat_copy_key(seat, id))?.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
    crate::engine::json::from_str::<Head>(&raw)
        .map(|h| h.view.system)
        .map_err(|e| StoreError::Load(crate::share::LoadError::Damaged(e.to_string())))
}

pub fn load_seat_copy(b: &dyn Backend, seat: &str, id: &str) -> Result<SeatCopy, StoreError> {
    let raw = b.get(&seat_copy_key(seat, id))?.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
    SeatCopy::from_json(&raw).map_err(StoreError::Load)
}

pub fn delete_seat_copy(b: &mut dyn Backend, seat: &str, id: &str) -> Result<(), StoreError> {
    set_reply_steps(b, seat, id, None)?;
    b.remove(&seat_copy_key(seat, id))
}

/// Removes a kept copy by the key its list line names (`SeatListing::key`), without reading
/// it: a copy that cannot be opened can still go. Only seat copies' keys are touched.
pub fn delete_seat_copy_at(b: &mut dyn Backend, key: &str) -> Result<(), StoreError> {
    if !key.starts_with(SEAT_PREFIX) {
        return Err(StoreError::NotFound(key.to_string()));
    }
    b.remove(key)
}
