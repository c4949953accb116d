//! Screens as location hashes, so reload and the back button keep the player's place.

use crate::systems::SystemId;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    List,
    New(SystemId),
    Campaign {
        id: String,
        tab: Tab,
    },
    Rules(SystemId),
    /// Setup of a campaign with no history yet.
    Edit(String),
    /// A seat copy received on this device: the seat's key and the campaign's id.
    SeatCopy {
        seat: String,
        id: String,
    },
    /// The in-app QR scanner; opened from a campaign's Share tab (its id), Stop goes back there.
    Scan(Option<String>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Play,
    Forces,
    Log,
    Share,
    Rules,
}

impl Tab {
    pub const ALL: [Tab; 5] = [Tab::Play, Tab::Forces, Tab::Log, Tab::Share, Tab::Rules];
    pub fn slug(self) -> &'static str {
        match self {
            Tab::Play => "play",
            Tab::Forces => "forces",
            Tab::Log => "log",
            Tab::Share => "share",
            Tab::Rules => "rules",
        }
    }
    pub fn label(self) -> &'static str {
        match self {
            Tab::Play => "Play",
            Tab::Forces => "Forces",
            Tab::Log => "Log",
            Tab::Share => "Share",
            Tab::Rules => "Rules",
        }
    }
}

impl Screen {
    pub fn parse(hash: &str) -> Screen {
        // A query after '?' carries data for the screen (e.g. a scouting session's origin).
        let path = hash.split('?').next().unwrap_or_default();
        let parts: Vec<&str> = path.trim_start_matches('/').split('/').filter(|p| !p.is_empty()).collect();
        let system = |s: &str| SystemId::ALL.into_iter().find(|x| x.slug() == s);
        match parts.as_slice() {
            ["new"] => Screen::New(SystemId::RaceForX),
            ["new", s] => system(s).map(Screen::New).unwrap_or(Screen::List),
            ["rules", s] => system(s).map(Screen::Rules).unwrap_or(Screen::List),
            ["edit", id] => Screen::Edit(id.to_string()),
            ["v", seat, id] => Screen::SeatCopy { seat: seat.to_string(), id: id.to_string() },
            ["scan"] => Screen::Scan(None),
            ["scan", id] => Screen::Scan(Some(id.to_string())),
            ["c", id] => Screen::Campaign { id: id.to_string(), tab: Tab::Play },
            ["c", id, t] => Screen::Campaign {
                id: id.to_string(),
                tab: Tab::ALL.into_iter().find(|x| x.slug() == *t).unwrap_or(Tab::Play),
            },
            _ => Screen::List,
        }
    }
    pub fn to_hash(&self) -> String {
        match self {
            Screen::List => "/".into(),
            Screen::New(s) => format!("/new/{}", s.slug()),
            Screen::Rules(s) => format!("/rules/{}", s.slug()),
            Screen::Campaign { id, tab } => format!("/c/{id}/{}", tab.slug()),
            Screen::Edit(id) => format!("/edit/{id}"),
            Screen::SeatCopy { seat, id } => format!("/v/{seat}/{id}"),
            Screen::Scan(None) => "/scan".into(),
            Screen::Scan(Some(id)) => format!("/scan/{id}"),
        }
    }
}
