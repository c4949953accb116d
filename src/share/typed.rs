//! One system's stored and sent forms, typed by that system: the same JSON as `Document` and
//! `SeatCopy` (whose bodies are enums over every system), read and written by code that holds
//! that system's rules alone. A system's wasm chunk opens, saves and sends its campaigns through
//! these, so opening a campaign fetches its own system's code and no other's (issue 12).
//! `tests/share_typed.rs` checks the JSON is byte for byte the any-system form's.

use super::seat::{CopyListing, SEAT_FORMAT, SEAT_KIND};
use super::{LoadError, Meta, RawDocument, Summary, FORMAT};
use crate::engine::{Action, Campaign, Reader, SeatView, System};
use crate::systems::{Listed, SystemId};
use serde::{Deserialize, Serialize};

/// A campaign's rules data as stored: `Body`'s variant for `S`.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct BodyOf<S: Listed> {
    pub system: SystemId,
    pub setup: S::Setup,
    pub journal: Vec<Action<S::Decision>>,
}

impl<S: Listed> BodyOf<S> {
    pub fn of(c: &Campaign<S>) -> Self {
        BodyOf { system: S::ID, setup: c.setup().clone(), journal: c.journal().to_vec() }
    }

    /// Reads a stored body as `S`'s; another system's is refused.
    pub fn read(json: &str) -> Result<Self, LoadError> {
        #[derive(Deserialize)]
        struct Tag {
            system: SystemId,
        }
        let tag: Tag = crate::engine::json::from_str(json)
            .map_err(|e| LoadError::Damaged(format!("no system Field Desk knows: {e}")))?;
        if tag.system != S::ID {
            return Err(LoadError::Damaged(format!("a {} campaign, not {}", tag.system.name(), S::ID.name())));
        }
        crate::engine::json::from_str(json).map_err(|e| LoadError::Damaged(e.to_string()))
    }

    /// Same setup, and `older`'s journal is the start of this one's: this body is `older`
    /// played on (or the same).
    pub fn extends(&self, older: &Self) -> bool {
        self.setup == older.setup
            && self.journal.len() >= older.journal.len()
            && self.journal[..older.journal.len()] == older.journal[..]
    }

    pub fn same(&self, other: &Self) -> bool {
        self.setup == other.setup && self.journal == other.journal
    }
}

/// A whole campaign of `S` as stored in the browser or written to a file.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Stored<S: Listed> {
    pub format: u32,
    pub meta: Meta,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<Summary>,
    pub body: BodyOf<S>,
}

impl<S: Listed> Stored<S> {
    /// The campaign as stored, with its summary for the list.
    pub fn new(meta: Meta, c: &Campaign<S>) -> Self {
        Stored { format: FORMAT, meta, summary: Some(summary_of(c)), body: BodyOf::of(c) }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("documents always serialise")
    }

    /// A stored document read by its head, its body read as `S`'s.
    pub fn from_raw(raw: RawDocument) -> Result<Self, LoadError> {
        let body = BodyOf::read(raw.body.get())?;
        Ok(Stored { format: FORMAT, meta: raw.meta, summary: raw.summary, body })
    }

    pub fn from_json(text: &str) -> Result<Self, LoadError> {
        Self::from_raw(RawDocument::from_json(text)?)
    }

    /// Replays the history; the document itself is left as it was.
    pub fn open(&self) -> Result<Campaign<S>, LoadError> {
        Campaign::replay(self.body.setup.clone(), self.body.journal.clone())
            .map_err(|e| LoadError::DoesNotReplay(e.to_string()))
    }
}

/// Where a campaign of `S` stands, for the campaign list.
pub fn summary_of<S: Listed>(c: &Campaign<S>) -> Summary {
    Summary { system: S::ID, players: c.players(), turn: c.turn(), status: c.status(), last: c.last_entry() }
}

/// One seat's view tagged with its system: `ViewBody`'s variant for `S` (JSON by hand, read
/// from text only: `systems::wire`).
pub struct ViewOf<S: Listed> {
    pub system: SystemId,
    pub view: SeatView<S>,
}

impl<S: Listed> Clone for ViewOf<S> {
    fn clone(&self) -> Self {
        ViewOf { system: self.system, view: self.view.clone() }
    }
}

impl<S: Listed> Clone for SeatCopyOf<S> {
    fn clone(&self) -> Self {
        SeatCopyOf {
            format: self.format,
            kind: self.kind.clone(),
            meta: self.meta.clone(),
            made: self.made,
            view: self.view.clone(),
            listing: self.listing.clone(),
        }
    }
}

impl<S: Listed> Serialize for ViewOf<S> {
    fn serialize<W: serde::Serializer>(&self, w: W) -> Result<W::Ok, W::Error> {
        crate::systems::wire::ViewOut::of(&self.view).serialize(w)
    }
}

impl<'de, S: Listed> Deserialize<'de> for ViewOf<S> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use crate::systems::wire;
        let view = wire::read_view_of::<S>(wire::object_text(d)?.get()).map_err(serde::de::Error::custom)?;
        Ok(ViewOf { system: S::ID, view })
    }
}

/// A seat copy of a campaign of `S`: `SeatCopy` with its view typed.
#[derive(Serialize)]
#[serde(bound = "")]
pub struct SeatCopyOf<S: Listed> {
    pub format: u32,
    pub kind: String,
    pub meta: Meta,
    pub made: f64,
    pub view: ViewOf<S>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub listing: Option<CopyListing>,
}

/// A seat copy's parts that are the same for every system, read by one compiled reader (issue
/// 32: a derived reader was compiled once per system); its view kept as text for `S`'s reader.
#[derive(Deserialize)]
struct CopyParts {
    format: u32,
    kind: String,
    meta: Meta,
    made: f64,
    view: Box<serde_json::value::RawValue>,
    #[serde(default)]
    listing: Option<CopyListing>,
}

// By hand, the same JSON as a derived reader: the fields every system shares read once for all.
impl<'de, S: Listed> Deserialize<'de> for SeatCopyOf<S> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let p = CopyParts::deserialize(d)?;
        let view: ViewOf<S> = crate::engine::json::part(&p.view)?;
        Ok(SeatCopyOf { format: p.format, kind: p.kind, meta: p.meta, made: p.made, view, listing: p.listing })
    }
}

impl<S: Listed> SeatCopyOf<S> {
    /// `reader`'s view of a campaign now, made at `made`.
    pub fn new(meta: Meta, made: f64, c: &Campaign<S>, reader: Reader) -> Self {
        let view = ViewOf { system: S::ID, view: c.seat_view(reader) };
        Self::with_view(meta, made, view)
    }

    /// A copy of `view`, made at `made`.
    pub fn with_view(meta: Meta, made: f64, view: ViewOf<S>) -> Self {
        SeatCopyOf { format: SEAT_FORMAT, kind: SEAT_KIND.to_string(), meta, made, view, listing: None }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("seat copies serialise")
    }

    /// `SeatCopy::newer_than`, of `S`'s copies.
    pub fn newer_than(&self, other: &Self) -> bool {
        (self.view.view.steps, self.made) > (other.view.view.steps, other.made)
    }

    /// The seat's key in storage and addresses (`seat::seat_key`).
    pub fn seat_key(&self) -> String {
        super::seat::seat_key(self.reader())
    }

    /// The copy as kept on a device: with its line for the list (`SeatCopy::with_listing`).
    pub fn with_listing(self) -> Self {
        let listing = CopyListing { reader_name: self.reader_name(), status: self.status() };
        SeatCopyOf { listing: Some(listing), ..self }
    }

    /// Reads a kept seat copy as `S`'s and checks its setup and position, as
    /// `SeatCopy::from_json` does.
    pub fn from_json(text: &str) -> Result<Self, LoadError> {
        seat_copy_head(text, S::ID)?;
        let copy: SeatCopyOf<S> = crate::engine::json::from_str(text).map_err(|e| LoadError::Damaged(e.to_string()))?;
        super::seat::check_id(&copy.meta.id)?;
        crate::systems::check_seat_view(&copy.view.view).map_err(LoadError::View)?;
        Ok(copy)
    }

    pub fn reader(&self) -> Reader {
        self.view.view.reader
    }

    /// Whose view it is, by name at the table.
    pub fn reader_name(&self) -> String {
        let v = &self.view.view;
        match v.reader {
            Some(seat) => S::seat_name(&v.setup, &v.state, seat),
            None => "the whole table".to_string(),
        }
    }

    /// Where the campaign stood, as the reader sees it.
    pub fn status(&self) -> String {
        <S as System>::status(&self.view.view.setup, &self.view.view.state)
    }
}

/// A kept seat copy's head checked before the whole is read as system `want`'s: one seat's
/// view, in a format this build reads, of that system. The same for every system, so compiled
/// once (issue 32).
#[inline(never)]
fn seat_copy_head(text: &str, want: SystemId) -> Result<(), LoadError> {
    #[derive(Deserialize)]
    struct Head {
        kind: String,
        format: u32,
        view: Tag,
    }
    #[derive(Deserialize)]
    struct Tag {
        system: SystemId,
    }
    let head: Head =
        crate::engine::json::from_str(text).map_err(|e| LoadError::NotACampaign(format!("not readable: {e}")))?;
    if head.kind != SEAT_KIND {
        return Err(LoadError::NotACampaign("not one seat's view".into()));
    }
    if head.format > SEAT_FORMAT {
        return Err(LoadError::TooNew { format: head.format });
    }
    if head.view.system != want {
        return Err(LoadError::Damaged(format!("a {} view, not {}", head.view.system.name(), want.name())));
    }
    Ok(())
}
