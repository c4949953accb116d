//! Many campaigns in a key-value store (the browser's localStorage in the app, a map in
//! tests). Every failure is returned, never swallowed; a campaign that does not load is
//! listed with its reason and its raw text kept for recovery.

use crate::engine::Seat;
use crate::share::{Document, LoadError, Meta, RawDocument};
use crate::systems::{AnyCampaign, SystemId};
pub use small_map::SmallMap;
use std::collections::BTreeMap;
use std::fmt;

/// Keys of stored campaigns start with this.
pub const PREFIX: &str = "fielddesk.campaign.";

mod draft;
mod glimpse;
mod pins;
pub mod seals;
mod seats;
mod small_map;
mod typed;
pub use draft::{draft_part, set_draft_part, DraftPoint, DRAFT_PREFIX};
pub use glimpse::{glimpse, set_glimpse, Glimpse, Para, GLIMPSE_PREFIX};
pub use pins::{
    any_locked, clear_pin, lock, locked, pin_hash, set_pin, try_pin, valid_pin, Lock, PinError, PIN_PREFIX,
};
pub use seats::{
    delete_seat_copy, delete_seat_copy_at, keep_seat_copy, keep_sent_copy, load_seat_copy, note_sent_view, reply_steps,
    seat_copies, seat_copy_system, sent_copy, sent_views, set_reply_steps, Kept, SeatListing, REPLY_PREFIX,
    SEAT_PREFIX, SENT_PREFIX,
};
pub use typed::{head, keep_apart_of, keep_seat_copy_of, load_of, load_seat_copy_of, save_guarded_of, save_of};

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
    /// Another tab or device saved a later point of this campaign; this copy is older.
    Stale,
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
            StoreError::Stale => write!(
                f,
                "This campaign was changed in another tab or window. The newer version is kept; reload to continue from it."
            ),
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
    /// The last step in effect, as the whole table may read it.
    pub last: Option<String>,
    /// Stored before summaries: only its system is known until `fill_summaries` runs.
    pub pending: bool,
}

impl Summary {
    fn from(meta: Meta, s: crate::share::Summary) -> Summary {
        Summary {
            meta,
            system: s.system,
            players: s.players,
            turn: s.turn,
            status: s.status,
            last: s.last,
            pending: false,
        }
    }
}

/// A stored campaign that does not open, kept as it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Broken {
    pub id: String,
    pub name: Option<String>,
    pub error: LoadError,
    pub raw: String,
}

/// All stored campaigns, most recently played first; broken ones last. Each is listed from
/// its head alone (`RawDocument`): nothing is replayed and no system's rules are needed. One
/// stored before summaries has `summary_missing` set, with only its system known;
/// `fill_summaries` (run from the systems' code) works its summary out once.
pub fn list(b: &mut dyn Backend) -> Result<Vec<Listing>, StoreError> {
    let mut ok = Vec::new();
    let mut broken = Vec::new();
    for k in b.keys()? {
        let Some(id) = k.strip_prefix(PREFIX) else { continue };
        let Some(raw) = b.get(&k)? else { continue };
        match listed(&raw) {
            Ok(summary) => ok.push(summary),
            Err(error) => broken.push(Broken { id: id.to_string(), name: crate::share::name_in(&raw), error, raw }),
        }
    }
    crate::engine::order::sort_by(&mut ok, |a, b| b.meta.updated.total_cmp(&a.meta.updated));
    crate::engine::order::sort_by(&mut broken, |a, b| a.id.cmp(&b.id));
    Ok(ok.into_iter().map(Listing::Ok).chain(broken.into_iter().map(Listing::Broken)).collect())
}

/// `base` if no stored campaign has that name, else `base (2)`, `base (3)`, ...: the first free
/// one, so that a second "Play the sample" is told apart from the first in the list. Names
/// are read from the heads alone; a broken document's name counts too.
pub fn free_name(b: &mut dyn Backend, base: &str) -> Result<String, StoreError> {
    let taken: Vec<String> = list(b)?
        .into_iter()
        .filter_map(|l| match l {
            Listing::Ok(s) => Some(s.meta.name),
            Listing::Broken(x) => x.name,
        })
        .collect();
    let free = |n: &String| !taken.iter().any(|t| t == n);
    Ok(std::iter::once(base.to_string())
        .chain((2..).map(|k| format!("{base} ({k})")))
        .find(free)
        .expect("the names are endless"))
}

/// A stored campaign's line in the list, read from its head alone.
fn listed(raw: &str) -> Result<Summary, LoadError> {
    let d = RawDocument::from_json(raw)?;
    let system = d.system()?;
    Ok(match d.summary {
        Some(sum) => Summary::from(d.meta, sum),
        None => Summary {
            meta: d.meta,
            system,
            players: Vec::new(),
            turn: 0,
            status: NO_SUMMARY_YET.to_string(),
            last: None,
            pending: true,
        },
    })
}

/// One stored campaign's summary, as the list shows it, read from its head alone (no rules
/// needed): what the shell draws while the campaign's system is fetched.
pub fn summary(b: &dyn Backend, id: &str) -> Result<Summary, StoreError> {
    let raw = b.get(&key(id))?.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
    listed(&raw).map_err(StoreError::Load)
}

/// The status listed for a campaign stored before summaries, until `fill_summaries` has run.
pub const NO_SUMMARY_YET: &str = "Working out where it stands…";

/// Whether any stored campaign lacks its summary (read from heads only).
pub fn summaries_missing(b: &mut dyn Backend) -> Result<bool, StoreError> {
    Ok(list(b)?.iter().any(|l| matches!(l, Listing::Ok(s) if s.pending)))
}

/// Replays, once, every stored campaign that has no summary (stored before summaries
/// existed) and stores it again with one; returns how many were given theirs. One that does
/// not replay is left as it is (it says why when opened); a failed write (a full store)
/// changes nothing and is tried again next time.
pub fn fill_summaries(b: &mut dyn Backend) -> Result<usize, StoreError> {
    let mut filled = 0;
    for k in b.keys()? {
        if !k.starts_with(PREFIX) {
            continue;
        }
        let Some(raw) = b.get(&k)? else { continue };
        if RawDocument::from_json(&raw).is_ok_and(|d| d.summary.is_some()) {
            continue;
        }
        if let Ok((mut d, c)) = Document::from_json(&raw).and_then(|d| d.open().map(|c| (d, c))) {
            d.summary = Some(crate::share::Summary::of(&c));
            if b.set(&k, &d.to_json()).is_ok() {
                filled += 1;
            }
        }
    }
    Ok(filled)
}

/// Which system a stored campaign belongs to, read from its head: what the shell needs to
/// fetch that system's code before the campaign is opened.
pub fn system_of(b: &dyn Backend, id: &str) -> Result<SystemId, StoreError> {
    head(b, id)?.system().map_err(StoreError::Load)
}

pub fn load(b: &dyn Backend, id: &str) -> Result<(Document, AnyCampaign), StoreError> {
    let raw = b.get(&key(id))?.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
    let doc = Document::from_json(&raw).map_err(StoreError::Load)?;
    let c = doc.open().map_err(StoreError::Load)?;
    Ok((doc, c))
}

/// Stores a document with its summary (worked out here when it came without one, from a
/// link or a file).
pub fn save(b: &mut dyn Backend, doc: &Document) -> Result<(), StoreError> {
    if doc.summary.is_none() {
        if let Ok(c) = doc.open() {
            let mut with = doc.clone();
            with.summary = Some(crate::share::Summary::of(&c));
            return b.set(&key(&doc.meta.id), &with.to_json());
        }
    }
    b.set(&key(&doc.meta.id), &doc.to_json())
}

pub fn delete(b: &mut dyn Backend, id: &str) -> Result<(), StoreError> {
    b.remove(&key(id))?;
    // What this device kept for it means nothing now; failing to forget it loses nothing.
    let _ = forget_device(b, id);
    Ok(())
}

/// Forgets what this device keeps for campaign `id` beside the campaign itself: its seats'
/// PINs, who holds the device, what its screen last showed, a step's choices in progress and
/// the copies sent from here. The campaign stays.
pub fn forget_device(b: &mut dyn Backend, id: &str) -> Result<(), StoreError> {
    if holder(b, id).is_some() {
        set_holder(b, id, None)?;
    }
    glimpse::forget_glimpse(b, id)?;
    draft::forget_draft(b, id)?;
    pins::forget_pins(b, id)?;
    b.remove(&format!("{SENT_PREFIX}{id}"))?;
    let sent = format!("{SENT_PREFIX}{id}.");
    for k in b.keys()?.into_iter().filter(|k| k.starts_with(&sent)) {
        b.remove(&k)?;
    }
    Ok(())
}

pub fn rename(b: &mut dyn Backend, id: &str, name: &str, now: f64) -> Result<(), StoreError> {
    let raw = b.get(&key(id))?.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
    let mut doc = RawDocument::from_json(&raw).map_err(StoreError::Load)?;
    doc.meta.name = name.trim().to_string();
    doc.meta.updated = now;
    b.set(&key(id), &doc.to_json())
}

/// Copies a campaign under a new id and name.
pub fn duplicate(b: &mut dyn Backend, id: &str, new_id: &str, new_name: &str, now: f64) -> Result<(), StoreError> {
    let raw = b.get(&key(id))?.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
    let mut doc = RawDocument::from_json(&raw).map_err(StoreError::Load)?;
    doc.meta = Meta { id: new_id.to_string(), name: new_name.to_string(), created: now, updated: now };
    b.set(&key(new_id), &doc.to_json())
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

/// What importing a campaign (from a link or a file) would do, decided before anything is
/// written so the player can confirm.
#[derive(Clone, Debug, PartialEq)]
pub enum ImportPlan {
    /// Not stored here: it becomes a new campaign.
    New,
    /// The stored copy is the same, move for move.
    AlreadyHere { id: String },
    /// The stored copy is behind: its history is the start of the incoming one.
    Update { id: String, new_lines: usize },
    /// The stored copy is ahead: the incoming one is older and would lose moves.
    Older { id: String },
    /// Both went on differently from a common start: both are kept.
    Diverged { id: String },
}

/// Compares an incoming campaign with what is stored under its id.
pub fn plan_import(b: &dyn Backend, incoming: &Document) -> Result<ImportPlan, StoreError> {
    let id = incoming.meta.id.clone();
    let Some(raw) = b.get(&key(&id))? else { return Ok(ImportPlan::New) };
    let stored = match Document::from_json(&raw) {
        Ok(d) => d,
        // A broken stored copy is never overwritten: the import goes in beside it.
        Err(_) => return Ok(ImportPlan::Diverged { id }),
    };
    Ok(if stored.body == incoming.body {
        ImportPlan::AlreadyHere { id }
    } else if incoming.body.extends(&stored.body) {
        let new_lines = incoming.body.journal_len() - stored.body.journal_len();
        ImportPlan::Update { id, new_lines }
    } else if stored.body.extends(&incoming.body) {
        ImportPlan::Older { id }
    } else {
        ImportPlan::Diverged { id }
    })
}

/// Carries out a plan. `New` keeps the incoming id (the same campaign on a new device);
/// `Diverged` and `Older` store a copy under `fresh_id`, so nothing stored is overwritten;
/// `Update` replaces the stored copy, which is a prefix of the incoming one. Returns the id
/// the campaign now has here.
pub fn import(
    b: &mut dyn Backend,
    incoming: &Document,
    plan: &ImportPlan,
    fresh_id: &str,
    now: f64,
) -> Result<String, StoreError> {
    incoming.open().map_err(StoreError::Load)?;
    let mut doc = incoming.clone();
    match plan {
        ImportPlan::AlreadyHere { id } => return Ok(id.clone()),
        ImportPlan::New => {}
        ImportPlan::Update { id, .. } => {
            // Check again right before writing: never replace a copy that is not a prefix.
            if let Some(raw) = b.get(&key(id))? {
                let stored = Document::from_json(&raw).map_err(StoreError::Load)?;
                if !incoming.body.extends(&stored.body) {
                    return Err(StoreError::Stale);
                }
                doc.meta.name = stored.meta.name;
                doc.meta.created = stored.meta.created;
            }
        }
        ImportPlan::Older { .. } | ImportPlan::Diverged { .. } => {
            doc.meta.id = fresh_id.to_string();
            doc.meta.name = format!("{} (imported copy)", incoming.meta.name);
            doc.meta.created = now;
        }
    }
    doc.meta.updated = now;
    save(b, &doc)?;
    Ok(doc.meta.id)
}

/// Saves a campaign only if what is stored under its id is an earlier point of the same
/// history (or absent), so a tab holding an older copy can never overwrite a newer one.
pub fn save_guarded(b: &mut dyn Backend, doc: &Document) -> Result<(), StoreError> {
    if let Some(raw) = b.get(&key(&doc.meta.id))? {
        if let Ok(stored) = Document::from_json(&raw) {
            if !doc.body.extends(&stored.body) {
                return Err(StoreError::Stale);
            }
        }
    }
    save(b, doc)
}

/// Key of the app's own settings.
pub const SETTINGS_KEY: &str = "fielddesk.settings";

/// Small facts the app remembers about this device.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Settings {
    /// When "back up everything" last wrote a file (ms since 1970).
    #[serde(default)]
    pub last_backup: Option<f64>,
    /// The browser's answer to the request for persistent storage, once asked.
    #[serde(default)]
    pub persisted: Option<bool>,
    /// Who holds this device, per campaign id (one seat; absent: the whole table).
    #[serde(default, skip_serializing_if = "SmallMap::is_empty")]
    pub holders: SmallMap<String, Seat>,
}

/// Who holds this device for a campaign: a seat, or the whole table (`None`).
pub fn holder(b: &dyn Backend, id: &str) -> Option<Seat> {
    settings(b).holders.get(id).copied()
}

/// Remembers who holds this device for a campaign.
///
/// A change forgets the campaign's glimpse: it shows what the screen showed the one who held the
/// device before, which the new holder may not be allowed to read.
pub fn set_holder(b: &mut dyn Backend, id: &str, seat: Option<Seat>) -> Result<(), StoreError> {
    let mut s = settings(b);
    let before = match seat {
        Some(seat) => s.holders.insert(id.to_string(), seat),
        None => s.holders.remove(id),
    };
    if before != seat {
        glimpse::forget_glimpse(b, id)?;
        draft::forget_draft(b, id)?;
    }
    save_settings(b, &s)
}

/// Reads the settings; unreadable settings read as defaults (they hold nothing precious).
pub fn settings(b: &dyn Backend) -> Settings {
    b.get(SETTINGS_KEY).ok().flatten().and_then(|t| crate::engine::json::from_str(&t).ok()).unwrap_or_default()
}

pub fn save_settings(b: &mut dyn Backend, s: &Settings) -> Result<(), StoreError> {
    b.set(SETTINGS_KEY, &serde_json::to_string(s).expect("settings serialise"))
}

/// Every stored campaign that opens, as one backup file; broken ones go in raw so that
/// nothing is left out.
pub fn backup(b: &dyn Backend) -> Result<crate::share::Backup, StoreError> {
    let mut campaigns = Vec::new();
    for k in b.keys()? {
        if !k.starts_with(PREFIX) {
            continue;
        }
        if let Some(raw) = b.get(&k)? {
            campaigns.push(crate::engine::json::from_str(&raw).unwrap_or(serde_json::Value::String(raw)));
        }
    }
    Ok(crate::share::Backup { format: crate::share::FORMAT, kind: crate::share::BACKUP_KIND.into(), campaigns })
}
