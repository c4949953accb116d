//! Seat copies: one seat's view of a campaign, sent by whoever holds the whole campaign (the
//! umpire, after a phase) to that seat's own device, where it opens read-only. It carries the
//! setup and position as the seat may see them and the history it may read; never the
//! journal, so a secret at the bottom of the journal stays on the sender's device.
//!
//! # Forms
//! - A file: the copy as JSON, `kind` = `SEAT_KIND`.
//! - A link: `#s=fd3.` + base64url(raw DEFLATE of that JSON ++ CRC-32 of the version and the
//!   bytes), through the same envelope as campaign links (`link::envelope`), so an app from
//!   before seat links says "made by a newer version". Inflating stops at `MAX_SEAT_BYTES`.
//!
//! A newer copy of the same campaign and seat replaces the older where it is stored
//! (`SeatCopy::newer_than`); an older one is refused with a message.

use super::{LoadError, Meta};
use crate::engine::{Reader, Seat};
use crate::systems::{SystemId, ViewBody};
use serde::{Deserialize, Serialize};

/// The current seat copy format.
pub const SEAT_FORMAT: u32 = 1;
/// `kind` of a seat copy (in files and links alike).
pub const SEAT_KIND: &str = "field-desk-seat-view";
/// The most JSON a seat link may inflate to; more is refused part-way.
pub const MAX_SEAT_BYTES: usize = 4 << 20;

/// One seat's view of a campaign, when it was made, and of which campaign.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatCopy {
    pub format: u32,
    pub kind: String,
    /// The campaign it was made from (its id ties later copies to this one).
    pub meta: Meta,
    /// When it was made, ms since 1970 (the sender's clock).
    pub made: f64,
    pub view: ViewBody,
    /// What the list of received views shows of it, worked out by its system's rules when the
    /// copy is kept on a device (`store::keep_seat_copy`), so the list reads it without them.
    /// Never in a link or a file: one that arrives with it has it dropped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub listing: Option<CopyListing>,
}

/// A kept seat copy's line in the list of received views.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CopyListing {
    /// Whose view it is, by name at the table.
    pub reader_name: String,
    /// Where the campaign stood, as the reader sees it.
    pub status: String,
}

impl SeatCopy {
    pub fn new(meta: Meta, made: f64, view: ViewBody) -> SeatCopy {
        SeatCopy { format: SEAT_FORMAT, kind: SEAT_KIND.to_string(), meta, made, view, listing: None }
    }
    pub fn system(&self) -> SystemId {
        self.view.system()
    }
    pub fn reader(&self) -> Reader {
        self.view.reader()
    }
    /// The seat's key in storage and addresses: its number, or "table".
    pub fn seat_key(&self) -> String {
        seat_key(self.reader())
    }
    /// Further on (more decisions in effect), or as far on and made later: it replaces `other`
    /// of the same campaign and seat. The steps come first: `made` is the sender's clock, and a
    /// copy dated far ahead must not outrank a later copy of the same campaign.
    pub fn newer_than(&self, other: &SeatCopy) -> bool {
        (self.view.steps(), self.made) > (other.view.steps(), other.made)
    }
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("seat copies serialise")
    }

    /// The copy as kept on a device: with its line for the list.
    pub fn with_listing(&self) -> SeatCopy {
        let listing = CopyListing { reader_name: self.view.reader_name(), status: self.view.status() };
        SeatCopy { listing: Some(listing), ..self.clone() }
    }

    /// Reads a seat copy's JSON (a file, or an inflated link) and checks its setup.
    pub fn from_json(text: &str) -> Result<SeatCopy, LoadError> {
        let value: serde_json::Value =
            crate::engine::json::from_str(text).map_err(|e| LoadError::NotACampaign(format!("not readable: {e}")))?;
        if value.get("kind").and_then(|k| k.as_str()) != Some(SEAT_KIND) {
            return Err(LoadError::NotACampaign("not one seat's view".into()));
        }
        let format = value.get("format").and_then(|f| f.as_u64()).unwrap_or(0);
        if format > SEAT_FORMAT as u64 {
            return Err(LoadError::TooNew { format: format as u32 });
        }
        let mut copy: SeatCopy = crate::engine::json::from_str(text).map_err(|e| LoadError::Damaged(e.to_string()))?;
        check_id(&copy.meta.id)?;
        if !copy.made.is_finite() {
            return Err(LoadError::Damaged("its time of making is not a time".into()));
        }
        copy.view.check().map_err(LoadError::View)?;
        copy.listing = None;
        Ok(copy)
    }

    /// The coded bytes of its link (sealed by `link::encode_seat`).
    pub fn payload(&self) -> Vec<u8> {
        miniz_oxide::deflate::compress_to_vec(self.to_json().as_bytes(), 9)
    }

    /// The inverse of `payload`, bounded.
    pub fn from_payload(bytes: &[u8]) -> Result<SeatCopy, super::link::LinkError> {
        SeatCopy::from_json(&inflate(bytes)?).map_err(as_link_error)
    }
}

/// A seat link's JSON: its bytes inflated, at most `MAX_SEAT_BYTES`.
pub fn inflate(bytes: &[u8]) -> Result<String, super::link::LinkError> {
    use super::link::LinkError;
    let text =
        miniz_oxide::inflate::decompress_to_vec_with_limit(bytes, MAX_SEAT_BYTES).map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => LinkError::TooLarge,
            _ => LinkError::Corrupt,
        })?;
    String::from_utf8(text).map_err(|_| LinkError::Corrupt)
}

/// A seat link that does not read, as links word it.
pub fn as_link_error(e: LoadError) -> super::link::LinkError {
    match e {
        LoadError::TooNew { format } => super::link::LinkError::FutureVersion { version: format },
        _ => super::link::LinkError::Corrupt,
    }
}

/// A copy's campaign id must be one a campaign may have (`share::is_campaign_id`): it becomes
/// part of a storage key and of the copy's address.
pub fn check_id(id: &str) -> Result<(), LoadError> {
    if super::is_campaign_id(id) {
        Ok(())
    } else {
        Err(LoadError::Damaged("its campaign id is not one this app gives a campaign".into()))
    }
}

/// Whether a file's JSON is a seat copy (rather than a campaign or a backup).
pub fn is_seat_copy(text: &str) -> bool {
    // Cheap: a campaign document never carries the seat copy's kind.
    text.contains(SEAT_KIND)
        && crate::engine::json::from_str::<serde_json::Value>(text)
            .ok()
            .is_some_and(|v| v.get("kind").and_then(|k| k.as_str()) == Some(SEAT_KIND))
}

/// A seat's key in storage and addresses: its number, or "table".
pub fn seat_key(reader: Reader) -> String {
    match reader {
        Some(Seat(n)) => n.to_string(),
        None => "table".to_string(),
    }
}
