//! Seat copies received on this device (`share::seat`): one per campaign and seat, a newer
//! one replacing the older, read-only. Stored apart from campaigns, under their own keys, so
//! the campaign list, backups and imports never mistake one for a campaign.

use super::{Backend, StoreError};
use crate::engine::Reader;
use crate::share::seat::{seat_key, CopyListing, SeatCopy, SEAT_FORMAT, SEAT_KIND};
use crate::share::Meta;
use crate::systems::SystemId;

/// Keys of stored seat copies start with this; then the seat's key, a dot and the campaign id.
pub const SEAT_PREFIX: &str = "fielddesk.seat.";

pub fn seat_copy_key(seat: &str, id: &str) -> String {
    format!("{SEAT_PREFIX}{seat}.{id}")
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

/// Stores a received copy unless the one here is as new or newer.
pub fn keep_seat_copy(b: &mut dyn Backend, copy: &SeatCopy) -> Result<Kept, StoreError> {
    let key = seat_copy_key(&copy.seat_key(), &copy.meta.id);
    let kept = match b.get(&key)?.map(|raw| SeatCopy::from_json(&raw)) {
        None => Kept::New,
        Some(Ok(old)) if !copy.newer_than(&old) => return Ok(Kept::HadNewer),
        // A stored copy that no longer reads is replaced by one that does.
        Some(_) => Kept::Replaced,
    };
    b.set(&key, &copy.with_listing().to_json())?;
    Ok(kept)
}

/// A line of the list of received views.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatListing {
    pub meta: Meta,
    pub seat: String,
    pub reader: Reader,
    pub reader_name: String,
    pub system: SystemId,
    pub made: f64,
    pub status: String,
}

/// Every received copy, most recently made first, read from its head and the line kept with
/// it (no system's rules are needed). One whose head does not read is left out of the list; it
/// is replaced by the next copy sent.
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
        let Ok(head) = serde_json::from_str::<Head>(&raw) else { continue };
        if head.kind != SEAT_KIND || head.format > SEAT_FORMAT || !head.made.is_finite() {
            continue;
        }
        // Kept by a version before the line was stored with the copy: its screen says the rest.
        let listing = head.listing.unwrap_or_else(|| CopyListing {
            reader_name: match head.view.reader {
                Some(_) => "One player".to_string(),
                None => "The whole table".to_string(),
            },
            status: "Open it to see where it stands".to_string(),
        });
        out.push(SeatListing {
            seat: seat_key(head.view.reader),
            reader: head.view.reader,
            reader_name: listing.reader_name,
            system: head.view.system,
            made: head.made,
            status: listing.status,
            meta: head.meta,
        });
    }
    out.sort_by(|a, b| b.made.total_cmp(&a.made));
    Ok(out)
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
    serde_json::from_str::<Head>(&raw)
        .map(|h| h.view.system)
        .map_err(|e| StoreError::Load(crate::share::LoadError::Damaged(e.to_string())))
}

pub fn load_seat_copy(b: &dyn Backend, seat: &str, id: &str) -> Result<SeatCopy, StoreError> {
    let raw = b.get(&seat_copy_key(seat, id))?.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
    SeatCopy::from_json(&raw).map_err(StoreError::Load)
}

pub fn delete_seat_copy(b: &mut dyn Backend, seat: &str, id: &str) -> Result<(), StoreError> {
    b.remove(&seat_copy_key(seat, id))
}
