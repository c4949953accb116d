//! A seat's device and sealed choices (`share::seals`): the salt its step waiting for a reveal
//! is sealed under, and the seals it has seen in copies, with when. Kept per campaign and seat,
//! on this device only (never in a document, link, file or backup).

use super::{Backend, StoreError};
use crate::engine::fair::{Seal, Secret};
use crate::share::seals::Seen;

/// Keys of a seat's salt: then the seat's key, a dot and the campaign id.
pub const SALT_PREFIX: &str = "fielddesk.salt.";
/// Keys of the seals a seat's device has seen: then the seat's key, a dot and the campaign id.
pub const SEEN_PREFIX: &str = "fielddesk.seen.";

/// What is kept in place of a salt when the player sends the step as it is, unsealed.
const PLAIN: &str = "\"plain\"";

/// The salt the step taken on this copy is sealed under, made (from `fresh`) when there is
/// none; none when the player chose to send it unsealed (`send_plainly`).
pub fn salt(
    b: &mut dyn Backend,
    seat: &str,
    id: &str,
    fresh: impl FnOnce() -> Secret,
) -> Result<Option<Secret>, StoreError> {
    let key = format!("{SALT_PREFIX}{seat}.{id}");
    match b.get(&key)? {
        Some(t) if t == PLAIN => return Ok(None),
        Some(t) => {
            if let Ok(s) = crate::engine::json::from_str(&t) {
                return Ok(Some(s));
            }
        }
        None => {}
    }
    let s = fresh();
    b.set(&key, &serde_json::to_string(&s).expect("a salt serialises"))?;
    Ok(Some(s))
}

/// The step taken on this copy goes unsealed (the keeper's device is nobody's but the table's).
pub fn send_plainly(b: &mut dyn Backend, seat: &str, id: &str) -> Result<(), StoreError> {
    b.set(&format!("{SALT_PREFIX}{seat}.{id}"), PLAIN)
}

/// The salt kept for a seat's step, if any.
pub fn current_salt(b: &dyn Backend, seat: &str, id: &str) -> Option<Secret> {
    b.get(&format!("{SALT_PREFIX}{seat}.{id}")).ok().flatten().and_then(|t| crate::engine::json::from_str(&t).ok())
}

/// Forgets the salt once its step is answered: the next choice is sealed under a fresh one, so
/// two seals of the same choice never look alike.
pub fn forget_salt(b: &mut dyn Backend, seat: &str, id: &str) -> Result<(), StoreError> {
    b.remove(&format!("{SALT_PREFIX}{seat}.{id}"))
}

/// The seals this device has seen in the copies of a campaign for a seat.
pub fn seen(b: &dyn Backend, seat: &str, id: &str) -> Vec<Seen> {
    b.get(&format!("{SEEN_PREFIX}{seat}.{id}"))
        .ok()
        .flatten()
        .and_then(|t| crate::engine::json::from_str(&t).ok())
        .unwrap_or_default()
}

/// Remembers the seals of `shown` not seen before, as seen at `at`.
pub fn remember(
    b: &mut dyn Backend,
    seat: &str,
    id: &str,
    shown: &[(crate::engine::Seat, crate::engine::fair::Seal)],
    at: f64,
) -> Result<(), StoreError> {
    let mut all = seen(b, seat, id);
    let before = all.len();
    for &(by, seal) in shown {
        if !all.iter().any(|s| s.by == by && s.seal == seal) {
            all.push(Seen { by, seal, at });
        }
    }
    if all.len() == before {
        return Ok(());
    }
    b.set(&format!("{SEEN_PREFIX}{seat}.{id}"), &serde_json::to_string(&all).expect("seals serialise"))
}

/// Keys of the part a seat's device sent for a joint roll: then the seat's key, a dot and the
/// campaign id.
pub const PART_PREFIX: &str = "fielddesk.part.";

/// The parts this device sent, each with the keeper's sealed part it answered. Kept as a list
/// since issue 31's second pass; a device from before kept only its last part (one pair), which
/// reads as a list of one.
fn parts_kept(b: &dyn Backend, key: &str) -> Result<Vec<(Seal, Secret)>, StoreError> {
    // Two plain readings, not an untagged enum: serde's buffering of those is large in wasm.
    Ok(match b.get(key)? {
        Some(t) => crate::engine::json::from_str::<Vec<(Seal, Secret)>>(&t)
            .or_else(|_| crate::engine::json::from_str::<(Seal, Secret)>(&t).map(|one| vec![one]))
            .unwrap_or_default(),
        None => Vec::new(),
    })
}

/// The part this device sends for the joint roll waiting for it (the keeper's part sealed as
/// `roll`): the one kept for that roll, or a fresh one (from `fresh`), kept afterwards with the
/// others it sent, to check that each roll used it.
pub fn part(
    b: &mut dyn Backend,
    seat: &str,
    id: &str,
    roll: Seal,
    fresh: impl FnOnce() -> Secret,
) -> Result<Secret, StoreError> {
    let key = format!("{PART_PREFIX}{seat}.{id}");
    let mut all = parts_kept(b, &key)?;
    if let Some((_, s)) = all.iter().find(|k| k.0 == roll) {
        return Ok(*s);
    }
    let s = fresh();
    all.push((roll, s));
    b.set(&key, &serde_json::to_string(&all).expect("parts serialise"))?;
    Ok(s)
}

/// Every part this device sent for a joint roll, with the keeper's seal it answered, oldest
/// first.
pub fn sent_parts(b: &dyn Backend, seat: &str, id: &str) -> Vec<(Seal, Secret)> {
    parts_kept(b, &format!("{PART_PREFIX}{seat}.{id}")).unwrap_or_default()
}
