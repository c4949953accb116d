//! The rule systems, one folder each, and the closed list of them.

pub mod axis_of_attack;
pub mod crossfire_scouting;
pub mod race_for_x;

use serde::{Deserialize, Serialize};

/// Every system Field Desk runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SystemId {
    #[serde(rename = "race-for-x")]
    RaceForX,
    #[serde(rename = "crossfire-scouting")]
    CrossfireScouting,
    #[serde(rename = "axis-of-attack")]
    AxisOfAttack,
}

impl SystemId {
    pub const ALL: [SystemId; 3] = [SystemId::RaceForX, SystemId::CrossfireScouting, SystemId::AxisOfAttack];
    pub fn name(self) -> &'static str {
        match self {
            SystemId::RaceForX => "Race for X (Crossfire)",
            SystemId::CrossfireScouting => "Crossfire night scouting",
            SystemId::AxisOfAttack => "Deluxe Axis of Attack (Flames of War)",
        }
    }
    /// What kind of game it is, in a sentence for the home screen.
    pub fn about(self) -> &'static str {
        match self {
            SystemId::RaceForX => {
                "A campaign of linked Crossfire battles: two battalions race for the same objective along a route of zones, choosing attack or regroup in secret each turn."
            }
            SystemId::CrossfireScouting => {
                "The night before a Crossfire attack: a few scouts creep up to the enemy line to find hidden troops, against sentries who may spot them, until they come back or dawn comes."
            }
            SystemId::AxisOfAttack => {
                "A Flames of War company campaign over seven sectors: each mission's result moves the fighting, casualties and reinforcements carry over, and taking the enemy's home sector wins."
            }
        }
    }
    /// Who sits at the table.
    pub fn players(self) -> &'static str {
        match self {
            SystemId::RaceForX => "2 players",
            SystemId::CrossfireScouting => "2 players: scouts and defender",
            SystemId::AxisOfAttack => "2 players",
        }
    }
    pub fn slug(self) -> &'static str {
        match self {
            SystemId::RaceForX => "race-for-x",
            SystemId::CrossfireScouting => "crossfire-scouting",
            SystemId::AxisOfAttack => "axis-of-attack",
        }
    }
}

use crate::engine::{Action, Campaign, ReplayError};
use axis_of_attack::AxisOfAttack;
use crossfire_scouting::CrossfireScouting;
use race_for_x::RaceForX;

/// A campaign of any system: the closed enum the app and the stored formats switch on.
#[derive(Clone, Debug)]
#[expect(
    clippy::large_enum_variant,
    reason = "one open campaign at a time, moved only when opened or saved; boxing buys nothing"
)]
pub enum AnyCampaign {
    RaceForX(Campaign<RaceForX>),
    CrossfireScouting(Campaign<CrossfireScouting>),
    AxisOfAttack(Campaign<AxisOfAttack>),
}

/// A campaign's rules data as stored: setup plus journal, tagged by system.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "system")]
pub enum Body {
    #[serde(rename = "race-for-x")]
    RaceForX { setup: race_for_x::Setup, journal: Vec<Action<race_for_x::Decision>> },
    #[serde(rename = "crossfire-scouting")]
    CrossfireScouting { setup: crossfire_scouting::Setup, journal: Vec<Action<crossfire_scouting::Decision>> },
    #[serde(rename = "axis-of-attack")]
    AxisOfAttack { setup: axis_of_attack::Setup, journal: Vec<Action<axis_of_attack::Decision>> },
}

/// Runs `$body` with `$c` bound to the campaign inside any variant.
macro_rules! each {
    ($any:expr, $c:ident => $body:expr) => {
        match $any {
            AnyCampaign::RaceForX($c) => $body,
            AnyCampaign::CrossfireScouting($c) => $body,
            AnyCampaign::AxisOfAttack($c) => $body,
        }
    };
}

impl AnyCampaign {
    pub fn system(&self) -> SystemId {
        match self {
            AnyCampaign::RaceForX(_) => SystemId::RaceForX,
            AnyCampaign::CrossfireScouting(_) => SystemId::CrossfireScouting,
            AnyCampaign::AxisOfAttack(_) => SystemId::AxisOfAttack,
        }
    }
    pub fn open(body: Body) -> Result<AnyCampaign, ReplayError> {
        match body {
            Body::RaceForX { setup, journal } => Campaign::replay(setup, journal).map(AnyCampaign::RaceForX),
            Body::CrossfireScouting { setup, journal } => {
                Campaign::replay(setup, journal).map(AnyCampaign::CrossfireScouting)
            }
            Body::AxisOfAttack { setup, journal } => Campaign::replay(setup, journal).map(AnyCampaign::AxisOfAttack),
        }
    }
    pub fn body(&self) -> Body {
        match self {
            AnyCampaign::RaceForX(c) => Body::RaceForX { setup: c.setup().clone(), journal: c.journal().to_vec() },
            AnyCampaign::CrossfireScouting(c) => {
                Body::CrossfireScouting { setup: c.setup().clone(), journal: c.journal().to_vec() }
            }
            AnyCampaign::AxisOfAttack(c) => {
                Body::AxisOfAttack { setup: c.setup().clone(), journal: c.journal().to_vec() }
            }
        }
    }
    /// "Turn 3 · Fight the battle", "Anna won in turn 6".
    pub fn status(&self) -> String {
        each!(self, c => c.status())
    }
    pub fn players(&self) -> Vec<String> {
        each!(self, c => c.players())
    }
    /// The last decision in effect, in the players' words.
    pub fn last_entry(&self) -> Option<String> {
        each!(self, c => c.last_entry())
    }
    pub fn turn(&self) -> u32 {
        each!(self, c => c.turn())
    }
}

impl Body {
    pub fn system(&self) -> SystemId {
        match self {
            Body::RaceForX { .. } => SystemId::RaceForX,
            Body::CrossfireScouting { .. } => SystemId::CrossfireScouting,
            Body::AxisOfAttack { .. } => SystemId::AxisOfAttack,
        }
    }
    /// Lines in the journal (decisions, undos and redos).
    pub fn journal_len(&self) -> usize {
        match self {
            Body::RaceForX { journal, .. } => journal.len(),
            Body::CrossfireScouting { journal, .. } => journal.len(),
            Body::AxisOfAttack { journal, .. } => journal.len(),
        }
    }
    /// Same system and setup, and `older`'s journal is a prefix of this one's: this body is
    /// `older` played on (or the same).
    pub fn extends(&self, older: &Body) -> bool {
        fn prefix<T: PartialEq, D: PartialEq>(s1: &T, j1: &[D], s2: &T, j2: &[D]) -> bool {
            s1 == s2 && j1.len() >= j2.len() && j1[..j2.len()] == j2[..]
        }
        match (self, older) {
            (Body::RaceForX { setup: s1, journal: j1 }, Body::RaceForX { setup: s2, journal: j2 }) => {
                prefix(s1, j1, s2, j2)
            }
            (
                Body::CrossfireScouting { setup: s1, journal: j1 },
                Body::CrossfireScouting { setup: s2, journal: j2 },
            ) => prefix(s1, j1, s2, j2),
            (Body::AxisOfAttack { setup: s1, journal: j1 }, Body::AxisOfAttack { setup: s2, journal: j2 }) => {
                prefix(s1, j1, s2, j2)
            }
            _ => false,
        }
    }
}
