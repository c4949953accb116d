//! A system's own reading and writing of its stored campaigns and kept seat copies, through
//! the typed forms of `share::typed`: what that system's code calls, so it never holds the
//! other systems' rules (the functions in `mod.rs` that take a `Document` read any system).

use super::{key, Backend, StoreError};
use crate::engine::Campaign;
use crate::share::typed::{SeatCopyOf, Stored};
use crate::share::RawDocument;
use crate::systems::Listed;

/// A stored campaign of `S`, replayed.
pub fn load_of<S: Listed>(b: &dyn Backend, id: &str) -> Result<(Stored<S>, Campaign<S>), StoreError> {
    let raw = b.get(&key(id))?.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
    let doc = Stored::<S>::from_json(&raw).map_err(StoreError::Load)?;
    let c = doc.open().map_err(StoreError::Load)?;
    Ok((doc, c))
}

/// Stores a campaign of `S` (it carries its summary).
pub fn save_of<S: Listed>(b: &mut dyn Backend, doc: &Stored<S>) -> Result<(), StoreError> {
    b.set(&key(&doc.meta.id), &doc.to_json())
}

/// `save_guarded` for a campaign of `S`: saved only if what is stored under its id is an
/// earlier point of the same history (or absent, or unreadable).
pub fn save_guarded_of<S: Listed>(b: &mut dyn Backend, doc: &Stored<S>) -> Result<(), StoreError> {
    if let Some(raw) = b.get(&key(&doc.meta.id))? {
        if let Ok(stored) = Stored::<S>::from_json(&raw) {
            if !doc.body.extends(&stored.body) {
                return Err(StoreError::Stale);
            }
        }
    }
    save_of(b, doc)
}

/// Keeps a campaign beside the stored one, as a copy under `fresh_id` named as an imported
/// copy (what `import` does with a diverged history); returns the copy's id.
pub fn keep_apart_of<S: Listed>(
    b: &mut dyn Backend,
    doc: &Stored<S>,
    fresh_id: &str,
    now: f64,
) -> Result<String, StoreError> {
    doc.open().map_err(StoreError::Load)?;
    let mut meta = doc.meta.clone();
    meta.id = fresh_id.to_string();
    meta.name = format!("{} (imported copy)", doc.meta.name);
    meta.created = now;
    meta.updated = now;
    let json = serde_json::to_string(&Stored::<S> {
        format: doc.format,
        meta,
        summary: doc.summary.clone(),
        body: crate::share::typed::BodyOf {
            system: doc.body.system,
            setup: doc.body.setup.clone(),
            journal: doc.body.journal.clone(),
        },
    })
    .expect("documents always serialise");
    b.set(&key(fresh_id), &json)?;
    Ok(fresh_id.to_string())
}

/// A stored campaign's head: its meta and summary, the body left unread.
pub fn head(b: &dyn Backend, id: &str) -> Result<RawDocument, StoreError> {
    let raw = b.get(&key(id))?.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
    RawDocument::from_json(&raw).map_err(StoreError::Load)
}

/// A kept seat copy of `S`, checked.
pub fn load_seat_copy_of<S: Listed>(b: &dyn Backend, seat: &str, id: &str) -> Result<SeatCopyOf<S>, StoreError> {
    let raw = b.get(&super::seats::seat_copy_key(seat, id))?.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
    SeatCopyOf::<S>::from_json(&raw).map_err(StoreError::Load)
}
