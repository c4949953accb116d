//! A system's own reading and writing of its stored campaigns and kept seat copies, through
//! the typed forms of `share::typed`: what that system's code calls, so it never holds the
//! other systems' rules (the functions in `mod.rs` that take a `Document` read any system).

use super::{key, Backend, Kept, StoreError};
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

/// Stores a received copy of `S` unless the one here is as new or newer (`keep_seat_copy`, by
/// `S`'s own code). The copy is checked again here, so nothing a screen or the list cannot read
/// is ever kept, whoever made it.
pub fn keep_seat_copy_of<S: Listed>(b: &mut dyn Backend, copy: &SeatCopyOf<S>) -> Result<Kept, StoreError> {
    crate::share::seat::check_id(&copy.meta.id).map_err(StoreError::Load)?;
    crate::systems::check_seat_view(&copy.view.view)
        .map_err(|why| StoreError::Load(crate::share::LoadError::View(why)))?;
    let key = super::seats::seat_copy_key(&copy.seat_key(), &copy.meta.id);
    let kept = match b.get(&key)?.map(|raw| SeatCopyOf::<S>::from_json(&raw)) {
        None => Kept::New,
        Some(Ok(old)) if !copy.newer_than(&old) => return Ok(Kept::HadNewer),
        // A stored copy that no longer reads (or is of another system) is replaced by one that does.
        Some(_) => Kept::Replaced,
    };
    b.set(&key, &copy.clone().with_listing().to_json())?;
    // Steps taken on the older copy were taken (the new one shows them) or are out of date.
    super::seats::set_reply_steps(b, &copy.seat_key(), &copy.meta.id, None)?;
    Ok(kept)
}
