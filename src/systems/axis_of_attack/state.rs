//! The position of an Axis of Attack campaign: the map, both rosters, the campaign VP
//! ledger, and a record of every campaign turn. `Side`, `Sector` and the ledger's lines
//! (`LedgerEntry`, `LedgerItem`) have files of their own, re-exported here.

use super::company::Platoon;
pub use super::ledger::{LedgerEntry, LedgerItem};
pub use super::sector::Sector;
pub use super::side::Side;
pub use super::step::{At, Step};
use super::tables::{self, AirProfile, Mission, MissionResult, Mud, OptionKind, Ordnance, Strength, Weather};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A platoon on a player's roster now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlatoonState {
    pub platoon: Platoon,
    /// The strength it was bought at: never rebuilt beyond it.
    pub start: Strength,
    pub strength: Strength,
    /// Lost its operational mobility (not enough transport left).
    pub immobile: bool,
    /// Exchanged away for the roster entry at this index.
    pub exchanged_for: Option<u16>,
    /// Campaign turn it joined the company (0: bought at the start).
    pub joined: u32,
}

impl PlatoonState {
    pub fn new(platoon: Platoon, joined: u32) -> PlatoonState {
        let start = platoon.purchased_strength();
        PlatoonState { platoon, start, strength: start, immobile: false, exchanged_for: None, joined }
    }
    pub fn name(&self) -> &str {
        &self.platoon.name
    }
    /// Still with the company (not exchanged away).
    pub fn on_roster(&self) -> bool {
        self.exchanged_for.is_none()
    }
    /// Can go on the table: on the roster and at least depleted.
    pub fn available(&self) -> bool {
        self.on_roster() && self.strength.fieldable()
    }
    /// Has motor transport of its own and has not lost it.
    pub fn operationally_mobile(&self) -> bool {
        self.platoon.mobility.motorised() && !self.immobile
    }
    /// Teams it may field at most now.
    pub fn max_teams_now(&self) -> u16 {
        self.platoon.teams_at(self.strength)
    }
}

// ---------------------------------------------------------------------------------------
// Inputs recorded from the table
// ---------------------------------------------------------------------------------------

/// A platoon put on the table for one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fielded {
    /// Index into the player's roster.
    pub platoon: u16,
    pub teams: u16,
    /// Carried by a Transport platoon or as Tank Riders (for the Breakthrough mobility rule).
    pub transported: bool,
}

/// Air support used in one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AirUse {
    /// Index into the player's air support bought at the start.
    pub aircraft: u16,
    pub profile: AirProfile,
    /// Bombs or rockets, named for Battlefield Interdiction.
    pub load: Option<Ordnance>,
}

/// The one VP-bought option of a game, with what it applies to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameOption {
    /// Support platoons (roster indices) with an extra smoke bombardment.
    ExtraSmoke {
        platoons: Vec<u16>,
    },
    NightAttack,
    Counterbattery,
    BattalionArtillery {
        shoots: u8,
    },
    /// Platoons (roster indices) whose artillery is pre-registered.
    PreRegistered {
        platoons: Vec<u16>,
    },
    AerialBombardment,
}

impl GameOption {
    pub fn kind(&self) -> OptionKind {
        match self {
            GameOption::ExtraSmoke { .. } => OptionKind::ExtraSmoke,
            GameOption::NightAttack => OptionKind::NightAttack,
            GameOption::Counterbattery => OptionKind::Counterbattery,
            GameOption::BattalionArtillery { .. } => OptionKind::BattalionArtillery,
            GameOption::PreRegistered { .. } => OptionKind::PreRegistered,
            GameOption::AerialBombardment => OptionKind::AerialBombardment,
        }
    }
    /// How many times the price is paid (platoons, shoots, or once).
    pub fn count(&self) -> usize {
        match self {
            GameOption::ExtraSmoke { platoons } | GameOption::PreRegistered { platoons } => platoons.len(),
            GameOption::BattalionArtillery { shoots } => *shoots as usize,
            _ => 1,
        }
    }
    pub fn cost(&self) -> i32 {
        tables::option_row(self.kind()).cost * self.count() as i32
    }
}

/// A player's force list for one game: kept hidden until both are handed in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForceList {
    /// Campaign VP spent for 75 more points each (at most 3).
    pub vp_for_points: u8,
    /// Points of the force on the table (for the outnumbered bonus).
    pub points: u32,
    pub platoons: Vec<Fielded>,
    pub air: Option<AirUse>,
    pub option: Option<GameOption>,
}

impl ForceList {
    pub fn fielded(&self, platoon: u16) -> Option<&Fielded> {
        self.platoons.iter().find(|f| f.platoon == platoon)
    }
    /// Campaign VP this list costs.
    pub fn cost(&self) -> i32 {
        self.vp_for_points as i32 + self.option.as_ref().map_or(0, GameOption::cost)
    }
}

/// How the table game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// `None`: nobody won (the table time ran out with neither side winning).
    pub winner: Option<Side>,
    /// Game victory points, west then east, before any bonus.
    pub vp: [u8; 2],
    /// The winner's recon platoons (roster indices) in the enemy table half at the end.
    pub recon: Vec<u16>,
}

/// One fielded platoon after the game, as counted at the table. Transport and upgrade teams
/// are left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlatoonReport {
    pub platoon: u16,
    /// Teams still working on the table at the end (bailed and bogged vehicles apart).
    pub on_table: u16,
    /// Vehicles bailed out or bogged at the end: back for the winner, lost for the loser.
    pub bailed: u16,
    /// Teams that left by their own table edge after turn 3.
    pub exited: u16,
    /// Teams that ran off the table after a failed morale test.
    pub routed: u16,
    /// Not enough transport left for its strength: loses operational mobility.
    pub immobile: bool,
    /// How the player keeps it mobile instead (only for a platoon short of transport).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep_mobile: Option<KeepMobile>,
}

/// The two ways the text gives to keep a platoon short of transport operationally mobile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KeepMobile {
    /// Lower its strength to a level its remaining transport carries.
    Lower(Strength),
    /// Strip identical vehicles from another platoon (roster index), which is left Immobile.
    Strip(u16),
}

// ---------------------------------------------------------------------------------------
// What a turn recorded
// ---------------------------------------------------------------------------------------

/// The mission-selection rolls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionSelection {
    /// West's die, east's die.
    pub dice: [u16; 2],
    pub modifiers: [Vec<(String, i32)>; 2],
    /// Die plus modifiers.
    pub rolled: [i32; 2],
    /// The defender who won a Breakthrough or Fighting Withdrawal, who may shift a total.
    pub adjuster: Option<Side>,
    /// The shift made: (whose total, by how much); `Some((_, 0))` when declined.
    pub adjustment: Option<(Side, i8)>,
    /// Totals after any shift.
    pub totals: [i32; 2],
    /// The higher total's player; `None` when tied.
    pub high: Option<Side>,
}

impl MissionSelection {
    pub fn best(&self) -> i32 {
        self.totals[0].max(self.totals[1])
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionChange {
    pub by: Side,
    pub from: Mission,
    pub to: Mission,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaChoice {
    /// The last game's winner, who picks; `None` when there was none (agreed instead).
    pub chooser: Option<Side>,
    pub note: String,
    /// Squares the other player shifted it, at 1 VP each.
    pub shift: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeatherRoll {
    pub die: u16,
    pub last: Weather,
    pub weather: Weather,
    pub mud_before: Mud,
    pub mud: Mud,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapMove {
    pub result: MissionResult,
    pub from: Sector,
    pub to: Sector,
}

/// A platoon's report and what it meant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CasualtyLine {
    pub report: PlatoonReport,
    /// Teams counted towards strength: on table, exited, unused, and bailed when recovered.
    pub counted: u16,
    pub before: Strength,
    /// The level the counted teams rate.
    pub rated: Strength,
    /// The level it keeps: `rated`, or lower when lowered to keep it mobile.
    pub after: Strength,
    /// Immobile after the casualty step (before reinforcement may restore it).
    pub immobile: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AutoUpgrade {
    pub platoon: u16,
    pub from: Strength,
    pub to: Strength,
    /// Reinforcement dice it used (one per level).
    pub dice: u16,
}

/// Dice given to one platoon.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceFor {
    pub platoon: u16,
    pub dice: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReinforceLine {
    pub platoon: u16,
    pub dice: Vec<u16>,
    pub needs: u16,
    pub from: Strength,
    pub to: Strength,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reinforcement {
    pub vp: u8,
    pub lines: Vec<ReinforceLine>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExchangeRecord {
    pub side: Side,
    pub old: u16,
    pub new: u16,
    pub value: u32,
}

/// One campaign turn: one game and everything around it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    pub turn: u32,
    /// Where the game is fought.
    pub sector: Sector,
    /// `None` in turn 1 (the first mission is an Encounter).
    pub selection: Option<MissionSelection>,
    /// The mission as the table gave it, before any VP change.
    pub rolled_mission: Mission,
    pub mission: Mission,
    /// `None` in an Encounter (both attack) or while a tie waits for the mission's rules.
    pub attacker: Option<Side>,
    pub change: Option<MissionChange>,
    /// Players who passed on changing the mission.
    pub declined: Vec<Side>,
    pub area: Option<AreaChoice>,
    /// Force lists handed in; shown once both are in.
    pub forces: [Option<ForceList>; 2],
    pub revealed: bool,
    pub weather: Option<WeatherRoll>,
    pub notes: Vec<String>,
    pub conceded: Option<Side>,
    pub result: Option<GameResult>,
    /// Outnumbered bonus VP, west then east.
    pub bonus: [u8; 2],
    pub map: Option<MapMove>,
    pub casualties: [Option<Vec<CasualtyLine>>; 2],
    /// Mission-selection bonus the winner's recon platoons earned for the next turn.
    pub recon_bonus: u8,
    pub auto: [Vec<AutoUpgrade>; 2],
    /// Whether each player has answered the top-up offer (issue 8's readings).
    pub topped_up: [bool; 2],
    pub reinforcement: [Option<Reinforcement>; 2],
    /// Immobile platoons given back their mobility at the end of reinforcement.
    pub restored: Vec<(Side, u16)>,
    pub exchanges: Vec<ExchangeRecord>,
    pub exchanges_done: [bool; 2],
}

impl TurnRecord {
    pub fn new(turn: u32, sector: Sector, mission: Mission) -> TurnRecord {
        TurnRecord {
            turn,
            sector,
            selection: None,
            rolled_mission: mission,
            mission,
            attacker: None,
            change: None,
            declined: Vec::new(),
            area: None,
            forces: [None, None],
            revealed: false,
            weather: None,
            notes: Vec::new(),
            conceded: None,
            result: None,
            bonus: [0, 0],
            map: None,
            casualties: [None, None],
            recon_bonus: 0,
            auto: [Vec::new(), Vec::new()],
            topped_up: [false, false],
            reinforcement: [None, None],
            restored: Vec::new(),
            exchanges: Vec::new(),
            exchanges_done: [false, false],
        }
    }
    pub fn winner(&self) -> Option<Side> {
        self.result.as_ref().and_then(|r| r.winner)
    }
    /// The side defending, in a Defensive Battle with its attacker known.
    pub fn defender(&self) -> Option<Side> {
        if self.mission.fair_fight() {
            None
        } else {
            self.attacker.map(Side::other)
        }
    }
    /// Whether `side` attacks: both do in an Encounter.
    pub fn attacks(&self, side: Side) -> bool {
        self.mission.fair_fight() || self.attacker == Some(side)
    }
    /// The force list once both are in (hidden before).
    pub fn force(&self, side: Side) -> Option<&ForceList> {
        if self.revealed {
            self.forces[side.index()].as_ref()
        } else {
            None
        }
    }
    /// The map moved two sectors after a won Breakthrough.
    pub fn two_sector_move(&self) -> bool {
        self.map.as_ref().is_some_and(|m| m.result == MissionResult::Breakthrough && m.from.distance(m.to) == 2)
    }
}

// ---------------------------------------------------------------------------------------
// Phases, outcome, state
// ---------------------------------------------------------------------------------------

/// Steps of a campaign turn, in the text's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Both players roll for the next mission (from turn 2).
    MissionRoll,
    /// The defender who won a Breakthrough or Fighting Withdrawal may move the higher total by 1.
    MissionAdjust,
    /// 5 VP to move the mission a row: offered to the higher VP total, then the other player.
    MissionChange,
    /// Tied totals: the mission's own rules say who attacks.
    Attacker,
    /// The last winner picks the table area; the other may shift it for VP.
    GameArea,
    /// Both players hand in their force lists (points, platoons, air, VP option).
    Forces,
    /// The defender rolls for the weather; the mud follows.
    Weather,
    /// The table game: notes, then the result (or a concession).
    Game,
    /// A won Breakthrough: one or two sectors.
    Breakthrough,
    /// Both players count what is left of each platoon that fought.
    Casualties,
    /// Both players assign and roll reinforcement dice.
    Reinforcements,
    /// Support platoons may be exchanged for 5 VP.
    Exchanges,
    Finished,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::MissionRoll => "Mission roll",
            Phase::MissionAdjust => "Defender's shift",
            Phase::MissionChange => "Change the mission",
            Phase::Attacker => "Who attacks",
            Phase::GameArea => "Table area",
            Phase::Forces => "Force lists",
            Phase::Weather => "Weather",
            Phase::Game => "Play the game",
            Phase::Breakthrough => "Breakthrough move",
            Phase::Casualties => "Casualties",
            Phase::Reinforcements => "Reinforcements",
            Phase::Exchanges => "Exchange support",
            Phase::Finished => "Campaign over",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Won a game as attacker in the enemy's home sector.
    Victory(Side),
    /// After nine turns, the fighting is on or next to this side's enemy home sector.
    MinorVictory(Side),
    Stalemate,
}

/// The position. Written (seat copies) and read through `step::Written`, in the shape format 1
/// has always had; the step of the turn, with the turn's record, is `step`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "super::step::Written")]
pub struct State {
    /// Campaign turn, from 1.
    pub turn: u32,
    /// The turn's step with its record, or the outcome once the campaign is over.
    pub step: Step,
    /// Where the fighting is now.
    pub sector: Sector,
    /// The last game's weather (the setup's before the first game).
    pub weather: Weather,
    pub mud: Mud,
    /// West's roster, east's roster: bought platoons, then exchanged-in ones.
    pub roster: [Vec<PlatoonState>; 2],
    pub ledger: Vec<LedgerEntry>,
    /// Finished turns, oldest first. Shared between positions: a decision that does not end
    /// a turn copies a pointer, not the campaign's history.
    pub turns: Arc<Vec<TurnRecord>>,
    /// The side that moved the map two sectors last turn: every platoon of its force this
    /// game must be operationally mobile or carried.
    pub mobility_rule: Option<Side>,
    /// The setup's `readings` (which of the app's readings of the text apply).
    pub readings: u8,
}

impl State {
    pub fn roster(&self, side: Side) -> &[PlatoonState] {
        &self.roster[side.index()]
    }
    pub fn platoon(&self, side: Side, i: u16) -> Option<&PlatoonState> {
        self.roster[side.index()].get(i as usize)
    }
    pub fn earned(&self, side: Side) -> i32 {
        self.ledger.iter().filter(|e| e.side == side && e.vp > 0).map(|e| e.vp).sum()
    }
    /// Spent, as a positive number.
    pub fn spent(&self, side: Side) -> i32 {
        -self.ledger.iter().filter(|e| e.side == side && e.vp < 0).map(|e| e.vp).sum::<i32>()
    }
    /// Campaign VP on hand.
    pub fn balance(&self, side: Side) -> i32 {
        self.ledger.iter().filter(|e| e.side == side).map(|e| e.vp).sum()
    }
    pub fn last_turn(&self) -> Option<&TurnRecord> {
        self.turns.last()
    }
}
