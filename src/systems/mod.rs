//! The rule systems, one folder each, and the closed list of them.

pub mod race_for_x;
pub mod crossfire_scouting;
pub mod axis_of_attack;

use serde::{Deserialize, Serialize};

/// Every system Field Desk runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SystemId {
    #[serde(rename = "race-for-x")]
    RaceForX,
}

impl SystemId {
    pub const ALL: [SystemId; 1] = [SystemId::RaceForX];
    pub fn name(self) -> &'static str {
        match self {
            SystemId::RaceForX => "Race for X (Crossfire)",
        }
    }
    pub fn slug(self) -> &'static str {
        match self {
            SystemId::RaceForX => "race-for-x",
        }
    }
}

use crate::engine::{Action, Campaign, ReplayError};
use race_for_x::RaceForX;

/// A campaign of any system: the closed enum the app and the stored formats switch on.
#[derive(Clone, Debug)]
pub enum AnyCampaign {
    RaceForX(Campaign<RaceForX>),
}

/// A campaign's rules data as stored: setup plus journal, tagged by system.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "system")]
pub enum Body {
    #[serde(rename = "race-for-x")]
    RaceForX { setup: race_for_x::Setup, journal: Vec<Action<race_for_x::Decision>> },
}

impl AnyCampaign {
    pub fn system(&self) -> SystemId {
        match self {
            AnyCampaign::RaceForX(_) => SystemId::RaceForX,
        }
    }
    pub fn open(body: Body) -> Result<AnyCampaign, ReplayError> {
        match body {
            Body::RaceForX { setup, journal } => Campaign::replay(setup, journal).map(AnyCampaign::RaceForX),
        }
    }
    pub fn body(&self) -> Body {
        match self {
            AnyCampaign::RaceForX(c) => Body::RaceForX { setup: c.setup().clone(), journal: c.journal().to_vec() },
        }
    }
    /// "Turn 3: Fight the battle", "Anna won in turn 6".
    pub fn status(&self) -> String {
        match self {
            AnyCampaign::RaceForX(c) => {
                let s = c.state();
                let names = |i: usize| c.setup().players[i].name.clone();
                match s.outcome {
                    Some(race_for_x::Outcome::Win(side)) => format!("{} won in turn {}", names(side.index()), s.turn),
                    Some(race_for_x::Outcome::Draw) => format!("Draw in turn {}", s.turn),
                    None => format!("Turn {} \u{00B7} {}", s.turn, s.phase.name()),
                }
            }
        }
    }
    pub fn players(&self) -> Vec<String> {
        match self {
            AnyCampaign::RaceForX(c) => c.setup().players.iter().map(|p| p.name.clone()).collect(),
        }
    }
    /// The last decision in effect, in the players' words.
    pub fn last_entry(&self) -> Option<String> {
        match self {
            AnyCampaign::RaceForX(c) => c
                .history()
                .into_iter()
                .rev()
                .find(|l| l.kind == crate::engine::HistoryKind::Decision && l.active)
                .map(|l| l.text),
        }
    }
    pub fn turn(&self) -> u32 {
        match self {
            AnyCampaign::RaceForX(c) => c.state().turn,
        }
    }
}

impl Body {
    pub fn system(&self) -> SystemId {
        match self {
            Body::RaceForX { .. } => SystemId::RaceForX,
        }
    }
    /// Lines in the journal (decisions, undos and redos).
    pub fn journal_len(&self) -> usize {
        match self {
            Body::RaceForX { journal, .. } => journal.len(),
        }
    }
    /// Same system and setup, and `older`'s journal is a prefix of this one's: this body is
    /// `older` played on (or the same).
    pub fn extends(&self, older: &Body) -> bool {
        match (self, older) {
            (Body::RaceForX { setup: s1, journal: j1 }, Body::RaceForX { setup: s2, journal: j2 }) => {
                s1 == s2 && j1.len() >= j2.len() && j1[..j2.len()] == j2[..]
            }
        }
    }
}
