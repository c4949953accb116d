//! Many campaigns in a key-value store (the browser's localStorage in the app, a map in
//! tests). Every failure is returned, never swallowed; a campaign that does not load is
//! listed with its reason and its raw text kept for recovery.

use crate::share::{Document, LoadError, Meta};
use crate::systems::{AnyCampaign, SystemId};
use std::collections::BTreeMap;
use std::fmt;

/// Keys of stored campaigns start with this.
pub const PREFIX: &str = "fielddesk.campaign.";

/// The storage the app writes to.
pub trait Backend {
    fn keys(&self) -> Result<Vec<String>, StoreError>;
    fn get(&self, key: &str) -> Result<Option<String>, StoreError>;
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError>;
    fn remove(&mut self, key: &str) -> Result<(), StoreError>;
}

#[derive(Clone, Debug, PartialEq)]
pub enum StoreError {
    /// The browser's storage is full: the write did not happen, older data is intact.
    Full,
    /// Storage is switched off or not reachable (private mode, blocked cookies).
    Unavailable(String),
    NotFound(String),
    Load(LoadError),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Full => write!(
                f,
                "The browser's storage is full, so the latest change was not saved. Everything saved before is safe. Export a backup, then delete campaigns you no longer need."
            ),
            StoreError::Unavailable(why) => write!(f, "The browser's storage cannot be used ({why}). Changes will not be kept."),
            StoreError::NotFound(id) => write!(f, "No campaign \"{id}\" is stored here."),
            StoreError::Load(e) => e.fmt(f),
        }
    }
}

pub fn key(id: &str) -> String {
    format!("{PREFIX}{id}")
}

/// A line of the campaign list.
#[derive(Clone, Debug, PartialEq)]
pub enum Listing {
    Ok(Summary),
    Broken(Broken),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub meta: Meta,
    pub system: SystemId,
    pub players: Vec<String>,
    pub turn: u32,
    pub status: String,
}

/// A stored campaign that does not open, kept as it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Broken {
    pub id: String,
    pub name: Option<String>,
    pub error: LoadError,
    pub raw: String,
}

/// All stored campaigns, most recently played first; broken ones last.
pub fn list(b: &dyn Backend) -> Result<Vec<Listing>, StoreError> {
    let mut ok = Vec::new();
    let mut broken = Vec::new();
    for k in b.keys()? {
        let Some(id) = k.strip_prefix(PREFIX) else { continue };
        let Some(raw) = b.get(&k)? else { continue };
        match Document::from_json(&raw).and_then(|d| d.open().map(|c| (d, c))) {
            Ok((d, c)) => ok.push(Summary {
                system: c.system(),
                players: c.players(),
                turn: c.turn(),
                status: c.status(),
                meta: d.meta,
            }),
            Err(error) => {
                let name = serde_json::from_str::<serde_json::Value>(&raw)
                    .ok()
                    .and_then(|v| v.pointer("/meta/name").and_then(|n| n.as_str()).map(String::from));
                broken.push(Broken { id: id.to_string(), name, error, raw })
            }
        }
    }
    ok.sort_by(|a, b| b.meta.updated.total_cmp(&a.meta.updated));
    broken.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(ok.into_iter().map(Listing::Ok).chain(broken.into_iter().map(Listing::Broken)).collect())
}

pub fn load(b: &dyn Backend, id: &str) -> Result<(Document, AnyCampaign), StoreError> {
    let raw = b.get(&key(id))?.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
    let doc = Document::from_json(&raw).map_err(StoreError::Load)?;
    let c = doc.open().map_err(StoreError::Load)?;
    Ok((doc, c))
}

pub fn save(b: &mut dyn Backend, doc: &Document) -> Result<(), StoreError> {
    b.set(&key(&doc.meta.id), &doc.to_json())
}

pub fn delete(b: &mut dyn Backend, id: &str) -> Result<(), StoreError> {
    b.remove(&key(id))
}

pub fn rename(b: &mut dyn Backend, id: &str, name: &str, now: f64) -> Result<(), StoreError> {
    let raw = b.get(&key(id))?.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
    let mut doc = Document::from_json(&raw).map_err(StoreError::Load)?;
    doc.meta.name = name.trim().to_string();
    doc.meta.updated = now;
    save(b, &doc)
}

/// Copies a campaign under a new id and name.
pub fn duplicate(b: &mut dyn Backend, id: &str, new_id: &str, new_name: &str, now: f64) -> Result<(), StoreError> {
    let raw = b.get(&key(id))?.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
    let mut doc = Document::from_json(&raw).map_err(StoreError::Load)?;
    doc.meta = Meta { id: new_id.to_string(), name: new_name.to_string(), created: now, updated: now };
    save(b, &doc)
}

/// The raw text of a stored campaign, whether it opens or not (for recovery).
pub fn raw(b: &dyn Backend, id: &str) -> Result<Option<String>, StoreError> {
    b.get(&key(id))
}

/// A map standing in for the browser's storage, with an optional byte quota.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    pub map: BTreeMap<String, String>,
    pub quota: Option<usize>,
}

impl Backend for Memory {
    fn keys(&self) -> Result<Vec<String>, StoreError> {
        Ok(self.map.keys().cloned().collect())
    }
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self.map.get(key).cloned())
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        if let Some(q) = self.quota {
            let used: usize = self.map.iter().filter(|(k, _)| k.as_str() != key).map(|(k, v)| k.len() + v.len()).sum();
            if used + key.len() + value.len() > q {
                return Err(StoreError::Full);
            }
        }
        self.map.insert(key.to_string(), value.to_string());
        Ok(())
    }
    fn remove(&mut self, key: &str) -> Result<(), StoreError> {
        self.map.remove(key);
        Ok(())
    }
}
