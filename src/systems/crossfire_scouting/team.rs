//! The setup's vocabulary: scout teams and their figures, the sentries, the areas of the
//! table, and the Race for X battle a session may come from. The defender's real positions
//! are never entered: they stay on the table.

use crate::systems::race_for_x::tables::BattleType;
use crate::systems::race_for_x::Side;
use serde::{Deserialize, Serialize};

/// Troop quality, for spotting and close combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Quality {
    Green,
    Regular,
    Veteran,
}

impl Quality {
    pub const ALL: [Quality; 3] = [Quality::Green, Quality::Regular, Quality::Veteran];
    pub fn name(self) -> &'static str {
        match self {
            Quality::Green => "green",
            Quality::Regular => "regular",
            Quality::Veteran => "veteran",
        }
    }
}

/// One figure of the scouting side: a scout leader or a scout.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scout {
    pub name: String,
    pub quality: Quality,
    /// Night-trained, specialist scouts, famously stealthy troops.
    #[serde(default)]
    pub trained: bool,
}

impl Scout {
    pub fn new(name: &str, quality: Quality, trained: bool) -> Scout {
        Scout { name: name.to_string(), quality, trained }
    }
}

/// A scout leader (the CC figure, say) and the scouts who report to him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    pub name: String,
    pub leader: Scout,
    pub scouts: Vec<Scout>,
}

impl Team {
    /// Member 0 is the leader, then the scouts in order.
    pub fn member(&self, member: u8) -> Option<&Scout> {
        match member {
            0 => Some(&self.leader),
            m => self.scouts.get(m as usize - 1),
        }
    }
    /// Leader plus scouts.
    pub fn size(&self) -> usize {
        1 + self.scouts.len()
    }
}

/// A figure: its team and its place in the team (0 is the leader, 1.. the scouts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ScoutRef {
    pub team: u8,
    pub member: u8,
}

impl ScoutRef {
    pub const fn new(team: u8, member: u8) -> ScoutRef {
        ScoutRef { team, member }
    }
    pub fn is_leader(self) -> bool {
        self.member == 0
    }
    /// The leader of this figure's team.
    pub fn leader(self) -> ScoutRef {
        ScoutRef { team: self.team, member: 0 }
    }
}

/// The men the defender has put on watch. One quality stands for all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sentries {
    pub quality: Quality,
    #[serde(default)]
    pub trained: bool,
}

/// A terrain feature or stretch of open ground, named as the players call it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Area {
    pub name: String,
    /// Woods, fields, buildings: cover. Open ground is not.
    pub cover: bool,
    /// Touches the scouting player's table edge: the defender may not deploy there.
    #[serde(default)]
    pub edge: bool,
}

impl Area {
    pub fn new(name: &str, cover: bool, edge: bool) -> Area {
        Area { name: name.to_string(), cover, edge }
    }
}

/// Where a figure is: off the table at the scouting player's own edge, or in an area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Place {
    /// Off the table behind the scouting player's own edge: where every figure starts and
    /// where it reports to the briefing.
    OwnEdge,
    Area(u16),
}

/// The Race for X battle a scouting session was started from. Plain data: the battle keeps
/// the session's summary, and the session shows where it came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origin {
    /// The stored campaign's id.
    pub campaign: String,
    /// Campaign turn.
    pub turn: u32,
    /// The offensive player's letter, "A" or "B".
    pub side: String,
    /// "Prepared Defence" or "Hasty Defence".
    pub battle: String,
}

impl Origin {
    /// The origin for a Race for X battle; `None` unless the defence is hidden (a Prepared
    /// or Hasty Defence), the only battles scouting is played before.
    pub fn race_for_x(campaign: &str, turn: u32, side: Side, battle: BattleType) -> Option<Origin> {
        hidden_defence(battle).then(|| Origin {
            campaign: campaign.to_string(),
            turn,
            side: side.letter().to_string(),
            battle: battle.name().to_string(),
        })
    }
}

/// Battles of Race for X fought against a hidden defence.
pub fn hidden_defence(battle: BattleType) -> bool {
    matches!(battle, BattleType::PreparedDefence | BattleType::HastyDefence)
}

/// Everything fixed before the night starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub teams: Vec<Team>,
    pub sentries: Sentries,
    pub areas: Vec<Area>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<Origin>,
}

impl Setup {
    pub fn scout(&self, r: ScoutRef) -> Option<&Scout> {
        self.teams.get(r.team as usize)?.member(r.member)
    }
    /// The figure's name, or a placeholder for a reference outside the setup.
    pub fn name(&self, r: ScoutRef) -> String {
        self.scout(r).map_or_else(|| format!("figure {}/{}", r.team, r.member), |s| s.name.clone())
    }
    pub fn area(&self, a: u16) -> Option<&Area> {
        self.areas.get(a as usize)
    }
    pub fn area_name(&self, a: u16) -> String {
        self.area(a).map_or_else(|| format!("area {a}"), |x| x.name.clone())
    }
    /// "the own edge" or the area's name.
    pub fn place_name(&self, p: Place) -> String {
        match p {
            Place::OwnEdge => "the own edge".to_string(),
            Place::Area(a) => self.area_name(a),
        }
    }
    /// Every figure, team by team, leader first.
    pub fn figures(&self) -> Vec<ScoutRef> {
        self.teams
            .iter()
            .enumerate()
            .flat_map(|(t, team)| (0..team.size()).map(move |m| ScoutRef::new(t as u8, m as u8)))
            .collect()
    }
}
