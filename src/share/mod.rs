//! The stored and exchanged forms of a campaign. Versioned from the first release: every
//! document carries `format`, and `migrate` brings any older format up to date. A format
//! once released keeps loading (fixtures under tests/fixtures prove it).

pub mod follow;
pub mod json;
pub mod link;
pub mod patch;
pub mod primed;
pub mod reply;
pub mod scan;
pub mod seals;
pub mod seat;
pub mod typed;

use crate::engine::ViewProblem;
use crate::systems::{AnyCampaign, Body, SystemId};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The current document format.
pub const FORMAT: u32 = 1;

/// Facts about a campaign that are not rules: its name and times (ms since 1970, supplied by
/// the caller; nothing here reads a clock).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Meta {
    pub id: String,
    pub name: String,
    pub created: f64,
    pub updated: f64,
}

/// The longest campaign id taken from outside the device.
pub const MAX_ID_LEN: usize = 64;

/// Whether `id` may name a campaign from outside the device: what the app makes (16 hex
/// digits), or any short run of ASCII letters, digits, `-` and `_`, so it is safe in a storage
/// key and an address (`#/c/<id>`, `#/v/<seat>/<id>`) the router can open again.
pub fn is_campaign_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= MAX_ID_LEN && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A whole campaign as stored in the browser or written to a file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Document {
    pub format: u32,
    pub meta: Meta,
    /// What the campaign list shows, written with the campaign so the list never replays
    /// one. Absent in documents stored before it existed and in those read from a link;
    /// the store works it out (once) when it saves or lists them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<Summary>,
    pub body: Body,
}

/// Two documents are the same campaign when their format, meta and body are; the summary
/// is derived from the body.
impl PartialEq for Document {
    fn eq(&self, other: &Self) -> bool {
        self.format == other.format && self.meta == other.meta && self.body == other.body
    }
}

/// The players as one short line for the list: "Anna vs Boris" for two sides; for more names
/// (an umpired game: the umpire's name first, then the team's) "Umpire and a team of 5".
pub fn players_line(players: &[String]) -> String {
    match players {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} vs {b}"),
        [first, team @ ..] => format!("{first} and a team of {}", team.len()),
    }
}

/// Where a campaign stands, in the words of its rules, for the campaign list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub system: SystemId,
    pub players: Vec<String>,
    pub turn: u32,
    pub status: String,
    /// The last step in effect, as the whole table may read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<String>,
}

impl Summary {
    pub fn of(campaign: &AnyCampaign) -> Summary {
        Summary {
            system: campaign.system(),
            players: campaign.players(),
            turn: campaign.turn(),
            status: campaign.status(),
            last: campaign.last_entry(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum LoadError {
    /// Not JSON at all, or not a Field Desk campaign.
    NotACampaign(String),
    /// Written by a newer Field Desk than this one.
    TooNew { format: u32 },
    /// The right shape of file but the contents do not fit (damaged or edited by hand).
    Damaged(String),
    /// The history does not replay under the rules.
    DoesNotReplay(String),
    /// A seat copy whose view is not one the screens can draw (`System::check_view`).
    View(ViewProblem),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotACampaign(why) => write!(f, "This is not a Field Desk campaign ({why})."),
            LoadError::TooNew { format } => write!(
                f,
                "This campaign was saved by a newer version of Field Desk (format {format}; this version reads up to {FORMAT}). Reload the page to update the app."
            ),
            LoadError::Damaged(why) => write!(f, "This campaign is damaged and cannot be opened ({why})."),
            LoadError::DoesNotReplay(why) => write!(f, "This campaign's history does not replay: {why}."),
            LoadError::View(problem) => write!(f, "This campaign is damaged and cannot be opened ({problem})."),
        }
    }
}

impl Document {
    pub fn new(meta: Meta, campaign: &AnyCampaign) -> Document {
        Document { format: FORMAT, meta, summary: Some(Summary::of(campaign)), body: campaign.body() }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("documents always serialise")
    }

    /// Reads a stored document of this or any older format.
    pub fn from_json(text: &str) -> Result<Document, LoadError> {
        let value: serde_json::Value =
            crate::engine::json::from_str(text).map_err(|e| LoadError::NotACampaign(format!("not readable: {e}")))?;
        let value = migrate(value)?;
        json::from_value(&value).map_err(|e| LoadError::Damaged(e.to_string()))
    }

    /// Replays the history; the document itself is left as it was.
    pub fn open(&self) -> Result<AnyCampaign, LoadError> {
        AnyCampaign::open(self.body.clone()).map_err(|e| LoadError::DoesNotReplay(e.to_string()))
    }
}

/// A stored document as the shell reads it: its head (format, meta, summary) decoded and its
/// body kept as text. Reading one needs no system's rules, so the campaign list, renaming and
/// the choice of which system's code to load never pull the rules into the first visit's code.
/// Written back, the body is copied byte for byte.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RawDocument {
    pub format: u32,
    pub meta: Meta,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<Summary>,
    pub body: Box<serde_json::value::RawValue>,
}

impl RawDocument {
    /// Reads the head of a stored document of this or any older format (the body is checked
    /// when its system opens it).
    pub fn from_json(text: &str) -> Result<RawDocument, LoadError> {
        #[derive(Deserialize)]
        struct Format {
            format: Option<u32>,
        }
        let f: Format =
            crate::engine::json::from_str(text).map_err(|e| LoadError::NotACampaign(format!("not readable: {e}")))?;
        match f.format {
            None => return Err(LoadError::NotACampaign("no format number".into())),
            Some(0) => return Err(LoadError::NotACampaign("format 0 was never released".into())),
            Some(f) if f > FORMAT => return Err(LoadError::TooNew { format: f }),
            Some(_) => {}
        }
        crate::engine::json::from_str(text).map_err(|e| LoadError::Damaged(e.to_string()))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("documents always serialise")
    }

    /// Which system's campaign it is: from the summary, or the body's tag.
    pub fn system(&self) -> Result<SystemId, LoadError> {
        #[derive(Deserialize)]
        struct Tag {
            system: SystemId,
        }
        match &self.summary {
            Some(s) => Ok(s.system),
            None => crate::engine::json::from_str::<Tag>(self.body.get())
                .map(|t| t.system)
                .map_err(|e| LoadError::Damaged(format!("no system Field Desk knows: {e}"))),
        }
    }
}

/// The name in a stored text that does not open, if it has one there.
pub fn name_in(text: &str) -> Option<String> {
    #[derive(Deserialize)]
    struct Named {
        meta: Name,
    }
    #[derive(Deserialize)]
    struct Name {
        name: String,
    }
    crate::engine::json::from_str::<Named>(text).ok().map(|n| n.meta.name)
}

/// Brings a document of any released format to the current one.
pub fn migrate(value: serde_json::Value) -> Result<serde_json::Value, LoadError> {
    let format = value
        .get("format")
        .and_then(|f| f.as_u64())
        .ok_or_else(|| LoadError::NotACampaign("no format number".into()))? as u32;
    match format {
        0 => Err(LoadError::NotACampaign("format 0 was never released".into())),
        FORMAT => Ok(value),
        f if f > FORMAT => Err(LoadError::TooNew { format: f }),
        // Older formats get a step each here, oldest first, as they come to exist.
        f => Err(LoadError::Damaged(format!("unknown format {f}"))),
    }
}

/// A file holding several campaigns: "back up everything".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Backup {
    pub format: u32,
    pub kind: String,
    pub campaigns: Vec<serde_json::Value>,
}

impl Document {
    /// True while no decision has been taken (setup may still change).
    pub fn body_journal_is_empty(&self) -> bool {
        self.body.journal_len() == 0
    }
}

/// `kind` of a backup file.
pub const BACKUP_KIND: &str = "field-desk-backup";

/// Reads a file the player picked: one campaign, or a backup of several. Each campaign is
/// checked on its own; one bad campaign does not hide the good ones.
pub fn read_file(text: &str) -> Result<Vec<Result<Document, LoadError>>, LoadError> {
    let value: serde_json::Value =
        crate::engine::json::from_str(text).map_err(|e| LoadError::NotACampaign(format!("not readable: {e}")))?;
    if value.get("kind").and_then(|k| k.as_str()) == Some(BACKUP_KIND) {
        let backup: Backup = json::from_value(&value).map_err(|e| LoadError::Damaged(e.to_string()))?;
        if backup.format > FORMAT {
            return Err(LoadError::TooNew { format: backup.format });
        }
        Ok(backup
            .campaigns
            .into_iter()
            .map(|v| {
                let doc: Document = json::from_value(&migrate(v)?).map_err(|e| LoadError::Damaged(e.to_string()))?;
                opened(doc)
            })
            .collect())
    } else {
        Ok(vec![opened(Document::from_json(text)?)])
    }
}

/// A document from a file, replayed once it is known to fit the bound every replay from
/// outside the device obeys (`link::replay_fits`, the links' own): a short file of thousands
/// of lines is refused before any is played, never after minutes of work.
fn opened(doc: Document) -> Result<Document, LoadError> {
    link::replay_fits(&doc.body)
        .map_err(|_| LoadError::DoesNotReplay("it holds more than Field Desk replays from a file or a link".into()))?;
    doc.open()?;
    Ok(doc)
}

impl Backup {
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("backups serialise")
    }
}
