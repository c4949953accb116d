//! Setup vocabulary: the two players and the companies they bought at the start.

use super::side::Side;
use super::tables::{self, Mobility, Mud, Role, Sizes, Strength, Weather};
use serde::{Deserialize, Serialize};

/// A platoon as bought at the start, with the team counts of the player's Flames of War book.
/// Upgrade and transport teams never count towards strength.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Platoon {
    pub name: String,
    pub role: Role,
    /// Teams in the smallest platoon the book allows.
    pub min_teams: u16,
    /// Teams in the largest platoon the book allows.
    pub max_teams: u16,
    /// Teams bought; the starting strength is read from them, rounding down.
    pub teams: u16,
    pub points: u32,
    /// Upgrades and options paid for (they stay available whatever the strength).
    pub upgrades: String,
    /// Made up only of tank teams (harder to reinforce).
    pub all_tank: bool,
    /// A recon platoon (mission-selection bonus).
    pub recon: bool,
    pub mobility: Mobility,
    /// Whether the book allows the size halfway between minimum and maximum (the text's
    /// "if allowed"). `None` in campaigns stored before this was asked: the halfway level
    /// wherever it fits, as the app then read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub under_strength: Option<bool>,
    /// The vehicles it moves in ("Sd Kfz 251 half-track", "T-34"): identical vehicles may be
    /// stripped from one platoon to keep another mobile. Empty: not named.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub vehicles: String,
    /// A Transport platoon: its vehicles may carry platoons without transport of their own
    /// (Section III). Absent in setups written before issue 28: none is.
    #[serde(default, skip_serializing_if = "is_false")]
    pub transport: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Platoon {
    /// Whether its team counts describe a platoon: depleted is its minimum size and full
    /// strength its maximum, so the minimum is at least one team and the maximum no smaller.
    pub fn team_counts_ok(&self) -> bool {
        self.min_teams >= 1 && self.max_teams >= self.min_teams
    }
    /// Its sizes, with the halfway level where the setup allows it.
    pub fn sizes(&self) -> Sizes {
        Sizes { min: self.min_teams, max: self.max_teams, under: self.under_strength.unwrap_or(true) }
    }
    /// Whether identical vehicles could pass between this platoon and `other`.
    pub fn same_vehicles(&self, other: &Platoon) -> bool {
        let name = |p: &Platoon| p.vehicles.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
        !name(self).is_empty() && name(self) == name(other)
    }
    /// Strength it was bought at: the most it can ever be rebuilt to.
    pub fn purchased_strength(&self) -> Strength {
        self.sizes().strength(self.teams, 0)
    }
    /// Teams bought beyond the level they rate (points the player should not have spent).
    pub fn wasted_teams(&self) -> u16 {
        self.teams.saturating_sub(self.teams_at(self.purchased_strength()))
    }
    pub fn ladder(&self) -> Vec<Strength> {
        self.sizes().ladder()
    }
    /// Teams it may put on the table at most when at `level`.
    pub fn teams_at(&self, level: Strength) -> u16 {
        self.sizes().teams_at(level)
    }
    pub fn strength_of(&self, teams: u16, routed: u16) -> Strength {
        self.sizes().strength(teams, routed)
    }
    pub fn step_up(&self, level: Strength) -> Strength {
        self.sizes().step_up(level)
    }
    /// Score each reinforcement die needs, the all-tank -1 folded in (a 4 for a tank combat
    /// platoon: 3+ with 1 off the die).
    pub fn reinforcement_needs(&self) -> u16 {
        let t = tables::reinforcement_target(self.role) as i32;
        (t - if self.all_tank { tables::ALL_TANK_MODIFIER } else { 0 }) as u16
    }
}

/// An air support type bought at the start; its level is the most allowed in any game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AirSupport {
    /// "Limited Ju 87 Stuka".
    pub name: String,
    pub points: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    /// The army's name on this side of the map: "German", "Soviet".
    pub army: String,
    /// The company's name: "Panzergrenadierkompanie".
    pub company: String,
    pub platoons: Vec<Platoon>,
    pub air: Vec<AirSupport>,
}

impl Player {
    /// Points of the company as bought: platoons and air support.
    pub fn points(&self) -> u32 {
        self.platoons.iter().map(|p| p.points).sum::<u32>() + self.air.iter().map(|a| a.points).sum::<u32>()
    }
}

/// Everything fixed before the first game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The west player (home sector 1), then the east player (home sector 7).
    pub players: [Player; 2],
    /// The agreed points total each company is bought with.
    pub starting_points: u32,
    /// Points allowed on the table in a game before VP are spent (the text's 1,500).
    pub game_points: u32,
    /// Weather the first game's roll reads as "last turn's".
    pub first_weather: Weather,
    /// The ground before the first game's weather.
    pub first_mud: Mud,
    /// Which of the app's readings of the text this campaign plays by: campaigns stored
    /// before issue 8 (`1`, the default) or issue 28 (`2`) keep the readings they were played
    /// with.
    #[serde(default = "first_readings", skip_serializing_if = "is_first_readings")]
    pub readings: u8,
}

/// Readings of the first release: the two-depleted-platoons top-up taken automatically; a
/// casualty report's Immobile box replaces the standing status; a conceded game's recon
/// bonus counts the winner's whole roster.
pub const FIRST_READINGS: u8 = 1;
/// Issue 8's readings: the top-up is offered and chosen; platoons already Immobile stay so
/// until reinforcement restores them; a concession after the lists are shown counts the
/// fielded company's recon platoons.
pub const SECOND_READINGS: u8 = 2;
/// Issue 28's readings: a platoon without working transport marked carried needs a Transport
/// platoon or enough tanks fielded with it (`carriers.rs`).
pub const CARRIER_READINGS: u8 = 3;
/// The readings new setups take.
pub const READINGS: u8 = CARRIER_READINGS;

fn first_readings() -> u8 {
    FIRST_READINGS
}

fn is_first_readings(r: &u8) -> bool {
    *r == FIRST_READINGS
}

impl Setup {
    pub fn player(&self, side: Side) -> &Player {
        &self.players[side.index()]
    }
    pub fn name(&self, side: Side) -> &str {
        &self.players[side.index()].name
    }
    /// Plays by issue 8's readings (campaigns started since).
    pub fn readings_v2(&self) -> bool {
        self.readings >= SECOND_READINGS
    }
}

/// Defaults for a new campaign: the text's 1,500-point games, clear and dry to begin.
pub fn blank_setup() -> Setup {
    let player = |name: &str, army: &str| Player {
        name: name.into(),
        army: army.into(),
        company: String::new(),
        platoons: Vec::new(),
        air: Vec::new(),
    };
    Setup {
        players: [player("", "German"), player("", "Soviet")],
        starting_points: 2000,
        game_points: tables::GAME_POINTS,
        first_weather: Weather::Clear,
        first_mud: Mud::Dry,
        readings: READINGS,
    }
}
