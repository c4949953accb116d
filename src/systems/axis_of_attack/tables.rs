//! Deluxe Axis of Attack's tables as data, read as `../shared/rules/README.md` fixes them.
//! The rules reference page renders these same arrays, so what is shown is what is applied.

use crate::engine::band::{lookup, Band};
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------------------
// The map and the length of the campaign
// ---------------------------------------------------------------------------------------

/// Sectors in the line, numbered from the west player's home (1) to the east player's (7).
pub const SECTORS: u8 = 7;
/// Play starts in the middle sector.
pub const START_SECTOR: u8 = 4;
/// Campaign turns (one game each) before the campaign is called.
pub const TURNS: u32 = 9;

// ---------------------------------------------------------------------------------------
// Missions
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mission {
    Breakthrough,
    Encounter,
    Cauldron,
    FightingWithdrawal,
    HoldTheLine,
    TrenchFight,
}

impl Mission {
    /// In the printed order of the Mission Selection Table, top (highest score) first. "The
    /// mission above or below" for the 5-VP change means a neighbour in this list.
    pub const ALL: [Mission; 6] = [
        Mission::Breakthrough,
        Mission::Encounter,
        Mission::Cauldron,
        Mission::FightingWithdrawal,
        Mission::HoldTheLine,
        Mission::TrenchFight,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Mission::Breakthrough => "Breakthrough",
            Mission::Encounter => "Encounter",
            Mission::Cauldron => "Cauldron",
            Mission::FightingWithdrawal => "Fighting Withdrawal",
            Mission::HoldTheLine => "Hold the Line",
            Mission::TrenchFight => "Trench Fight",
        }
    }
    /// Encounter is the one mission with the Fair Fight rule: both players attack.
    pub fn fair_fight(self) -> bool {
        self == Mission::Encounter
    }
    /// Every other mission of the list is a Defensive Battle, with one attacker and one
    /// defender (how the VP options name "attacker in a Defensive Battle").
    pub fn defensive_battle(self) -> bool {
        !self.fair_fight()
    }
    /// The missions one row above and below on the selection table.
    pub fn neighbours(self) -> Vec<Mission> {
        let i = Mission::ALL.iter().position(|&m| m == self).unwrap();
        let mut v = Vec::new();
        if i > 0 {
            v.push(Mission::ALL[i - 1]);
        }
        if i + 1 < Mission::ALL.len() {
            v.push(Mission::ALL[i + 1]);
        }
        v
    }
}

/// The first game of the campaign.
pub const FIRST_MISSION: Mission = Mission::Encounter;

/// Mission Selection Table: the higher player's total picks the mission. Bands in ascending
/// order, so the table covers every total.
pub const MISSION_SELECTION: [(Band, Mission); 6] = [
    (Band::at_most(4), Mission::TrenchFight),
    (Band::exactly(5), Mission::HoldTheLine),
    (Band::exactly(6), Mission::FightingWithdrawal),
    (Band::exactly(7), Mission::Cauldron),
    (Band::range(8, 9), Mission::Encounter),
    (Band::at_least(10), Mission::Breakthrough),
];

pub fn mission_for(total: i32) -> Mission {
    lookup(&MISSION_SELECTION, total)
}

/// Mission-selection modifier for the player with the higher campaign VP total.
pub const HIGHER_VP_BONUS: i32 = 1;
/// Per recon platoon of the last game's winner in the enemy table half at the end.
pub const PER_RECON_PLATOON: i32 = 1;
/// For having won the last game as defender in a mission without Fair Fight. The sign was
/// lost in the capture; the README restores it as +2.
pub const WON_AS_DEFENDER: i32 = 2;
/// A defender who won a Breakthrough or Fighting Withdrawal may move the higher total by this
/// much either way.
pub const DEFENDER_SHIFT: i32 = 1;
/// Missions whose winning defender gets that shift.
pub const SHIFT_MISSIONS: [Mission; 2] = [Mission::Breakthrough, Mission::FightingWithdrawal];

/// What a result does to the campaign map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MissionResult {
    /// One sector towards the loser's home sector.
    Advance,
    /// The next game is in the same sector.
    Hold,
    /// Up to two sectors towards the loser's home sector (two only with mobility).
    Breakthrough,
    /// One sector towards the defender's home sector.
    Retreat,
}

impl MissionResult {
    pub fn name(self) -> &'static str {
        match self {
            MissionResult::Advance => "Advance",
            MissionResult::Hold => "Hold",
            MissionResult::Breakthrough => "Breakthrough",
            MissionResult::Retreat => "Retreat",
        }
    }
}

/// Mission Results Table: (mission, attacker wins, defender wins). Encounter has no defender:
/// both players attack, and the winner advances.
pub const MISSION_RESULTS: [(Mission, MissionResult, Option<MissionResult>); 6] = {
    use MissionResult::*;
    [
        (Mission::Encounter, Advance, None),
        (Mission::HoldTheLine, Advance, Some(Hold)),
        (Mission::Breakthrough, Breakthrough, Some(Hold)),
        (Mission::Cauldron, Hold, Some(Advance)),
        (Mission::FightingWithdrawal, Retreat, Some(Retreat)),
        (Mission::TrenchFight, Advance, Some(Hold)),
    ]
};

/// The map result when the attacker (`true`) or the defender wins. In an Encounter every
/// winner counts as an attacker.
pub fn mission_result(mission: Mission, attacker_won: bool) -> MissionResult {
    let row = MISSION_RESULTS.iter().find(|r| r.0 == mission).unwrap();
    if attacker_won || mission.fair_fight() {
        row.1
    } else {
        row.2.expect("every Defensive Battle has a defender column")
    }
}

/// Cost in campaign VP of moving the mission one row up or down.
pub const MISSION_CHANGE_COST: i32 = 5;
/// Cost in campaign VP of shifting the table area one square.
pub const AREA_SHIFT_COST: i32 = 1;

// ---------------------------------------------------------------------------------------
// Game size and the outnumbered bonus
// ---------------------------------------------------------------------------------------

/// Points allowed on the table before VP are spent.
pub const GAME_POINTS: u32 = 1500;
/// Points added per campaign VP spent.
pub const POINTS_PER_VP: u32 = 75;
/// Most campaign VP spent on points in one game.
pub const MAX_VP_FOR_POINTS: u8 = 3;

/// Outnumbered and Outgunned: bonus VP to the player who fielded fewer points, by the
/// difference (none after a concession, and none on equal points). "300+" reads as over 300 (the README), so 300 itself is +2.
pub const OUTNUMBERED: [(Band, u8); 4] =
    [(Band::at_most(50), 0), (Band::range(51, 150), 1), (Band::range(151, 300), 2), (Band::at_least(301), 3)];

pub fn outnumbered_bonus(difference: u32) -> u8 {
    lookup(&OUTNUMBERED, difference.min(i32::MAX as u32) as i32)
}

/// A conceded game is scored as this victory: (winner, loser).
pub const CONCESSION_VP: (u8, u8) = (6, 1);
/// Most victory points one side can score in a game.
pub const MAX_GAME_VP: u8 = 6;

// ---------------------------------------------------------------------------------------
// Weather and mud (in `weather.rs`)
// ---------------------------------------------------------------------------------------

pub use super::weather::{weather, AirEffect, Mud, Weather, WEATHER};

// ---------------------------------------------------------------------------------------
// Air support
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AirProfile {
    CloseAirSupport,
    AirSuperiority,
    BattlefieldInterdiction,
}

impl AirProfile {
    pub const ALL: [AirProfile; 3] =
        [AirProfile::CloseAirSupport, AirProfile::AirSuperiority, AirProfile::BattlefieldInterdiction];
    pub fn name(self) -> &'static str {
        match self {
            AirProfile::CloseAirSupport => "Close Air Support",
            AirProfile::AirSuperiority => "Air Superiority",
            AirProfile::BattlefieldInterdiction => "Battlefield Interdiction",
        }
    }
    pub fn text(self) -> &'static str {
        match self {
            AirProfile::CloseAirSupport => "Air support as the rulebook has it.",
            AirProfile::AirSuperiority => {
                "Ground support arrives only on a 6; enemy aircraft are intercepted on a 5 or 6."
            }
            AirProfile::BattlefieldInterdiction => {
                "In the enemy turn, before reserve rolls, attack his rear: on a 5 or 6 (any die), unless intercepted, \
                 one successful reserve roll is cancelled. Aircraft that carry bombs or rockets name the load for the \
                 game. This player intercepts enemy aircraft only on a 6."
            }
        }
    }
}

/// The load named for Battlefield Interdiction by aircraft that can carry either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ordnance {
    Bombs,
    Rockets,
}

impl Ordnance {
    pub fn name(self) -> &'static str {
        match self {
            Ordnance::Bombs => "bombs",
            Ordnance::Rockets => "rockets",
        }
    }
}

// ---------------------------------------------------------------------------------------
// Platoons: roles, strength, reinforcement
// ---------------------------------------------------------------------------------------

/// A platoon's place in the company, which sets its reinforcement target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    Combat,
    /// HQ weapons sections (tracked as mini-platoons) and weapons platoons.
    HqWeapons,
    Support,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Combat, Role::HqWeapons, Role::Support];
    pub fn name(self) -> &'static str {
        match self {
            Role::Combat => "Combat",
            Role::HqWeapons => "HQ or weapons",
            Role::Support => "Support",
        }
    }
}

/// Reinforcement: score needed on each die, by role.
pub const REINFORCEMENT_TARGET: [(Role, u16); 3] = [(Role::Combat, 3), (Role::HqWeapons, 4), (Role::Support, 5)];
/// Added to each reinforcement die of a platoon made up only of tank teams. Read as a penalty
/// (tanks are harder to replace): an all-tank combat platoon needs a 4, support tanks a 6.
pub const ALL_TANK_MODIFIER: i32 = -1;
/// Reinforcement dice every turn, before VP buy more.
pub const REINFORCEMENT_DICE: u16 = 4;
/// Extra reinforcement dice per campaign VP spent.
pub const DICE_PER_VP: u16 = 1;
/// Combat platoons a company always keeps at depleted strength or better.
pub const MIN_DEPLETED_COMBAT: usize = 2;

pub fn reinforcement_target(role: Role) -> u16 {
    REINFORCEMENT_TARGET.iter().find(|r| r.0 == role).unwrap().1
}

/// Strength levels of a platoon, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Strength {
    Destroyed,
    Gutted,
    Depleted,
    UnderStrength,
    Full,
}

impl Strength {
    pub const ALL: [Strength; 5] =
        [Strength::Destroyed, Strength::Gutted, Strength::Depleted, Strength::UnderStrength, Strength::Full];
    pub fn name(self) -> &'static str {
        match self {
            Strength::Destroyed => "Destroyed",
            Strength::Gutted => "Gutted",
            Strength::Depleted => "Depleted",
            Strength::UnderStrength => "Under strength",
            Strength::Full => "Full strength",
        }
    }
    /// Can go on the table (at least the book's minimum).
    pub fn fieldable(self) -> bool {
        self >= Strength::Depleted
    }
}

/// The strength ladder, with what each level means in teams.
pub const STRENGTH_LADDER: [(Strength, &str); 5] = [
    (Strength::Destroyed, "every team destroyed on the table"),
    (Strength::Gutted, "fewer teams than the book's minimum"),
    (Strength::Depleted, "the book's minimum"),
    (Strength::UnderStrength, "halfway between minimum and maximum, rounded down"),
    (Strength::Full, "the book's maximum"),
];

pub use super::strength::{halfway, has_under_strength, ladder, step_up, strength_from_teams, teams_at, Sizes};

/// How the platoon moves, for the Breakthrough mobility rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mobility {
    /// Its teams are vehicles: tanks, assault guns, armoured cars.
    Vehicles,
    /// It has its own motor transport: trucks, half-tracks, tractors.
    Transported,
    /// No motor transport of its own.
    Foot,
}

impl Mobility {
    pub const ALL: [Mobility; 3] = [Mobility::Vehicles, Mobility::Transported, Mobility::Foot];
    pub fn name(self) -> &'static str {
        match self {
            Mobility::Vehicles => "Vehicles",
            Mobility::Transported => "Own transport",
            Mobility::Foot => "On foot",
        }
    }
    /// Operationally mobile when not Immobile: it has motor transport of its own.
    pub fn motorised(self) -> bool {
        self != Mobility::Foot
    }
}

/// Teams a tank may carry as Tank Riders. The text names no number; its example does: a 7-team
/// and a 5-team platoon ride on four tanks but not on three, so three teams a tank.
pub const RIDERS_PER_TANK: u16 = 3;

/// Cost in campaign VP of exchanging a support platoon.
pub const EXCHANGE_COST: i32 = 5;

// ---------------------------------------------------------------------------------------
// VP-bought options for one game
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OptionKind {
    ExtraSmoke,
    NightAttack,
    Counterbattery,
    BattalionArtillery,
    PreRegistered,
    AerialBombardment,
}

/// Who may buy an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Buyer {
    AttackerInDefensiveBattle,
    DefenderInDefensiveBattle,
    EitherInDefensiveBattle,
    Anyone,
}

impl Buyer {
    pub fn text(self) -> &'static str {
        match self {
            Buyer::AttackerInDefensiveBattle => "the attacker in a Defensive Battle",
            Buyer::DefenderInDefensiveBattle => "the defender in a Defensive Battle",
            Buyer::EitherInDefensiveBattle => "either player in a Defensive Battle",
            Buyer::Anyone => "either player in any mission",
        }
    }
}

/// What the price is counted per.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Per {
    Game,
    Platoon,
    Shoot,
}

pub struct OptionRow {
    pub kind: OptionKind,
    pub name: &'static str,
    pub cost: i32,
    pub per: Per,
    pub buyer: Buyer,
    pub text: &'static str,
}

/// The VP options: one of them per player per game, paid when both force lists are in. Encounter
/// (Fair Fight) is the only mission that is not a Defensive Battle, so it allows counterbattery
/// fire alone.
pub const OPTIONS: [OptionRow; 6] = [
    OptionRow {
        kind: OptionKind::ExtraSmoke,
        name: "Extra smoke ammunition",
        cost: 1,
        per: Per::Platoon,
        buyer: Buyer::AttackerInDefensiveBattle,
        text: "Each chosen support platoon may fire one more smoke bombardment.",
    },
    OptionRow {
        kind: OptionKind::NightAttack,
        name: "Night attack",
        cost: 5,
        per: Per::Game,
        buyer: Buyer::AttackerInDefensiveBattle,
        text: "Attack by night, as the British Night Attack special rule.",
    },
    OptionRow {
        kind: OptionKind::Counterbattery,
        name: "Counterbattery fire",
        cost: 3,
        per: Per::Game,
        buyer: Buyer::Anyone,
        text: "One counterbattery mission (AT 5, FP 2+) at an enemy battery after it bombards: range in at +1 \
               with a staff-team observer in sight, else +2.",
    },
    OptionRow {
        kind: OptionKind::BattalionArtillery,
        name: "Battalion artillery shoot",
        cost: 3,
        per: Per::Shoot,
        buyer: Buyer::EitherInDefensiveBattle,
        text: "Write down a target point and a turn before the defender deploys; a double template lands there, \
               hitting on 3+ (AT 5, FP 2+). Several may be bought.",
    },
    OptionRow {
        kind: OptionKind::PreRegistered,
        name: "Pre-registered artillery",
        cost: 2,
        per: Per::Platoon,
        buyer: Buyer::DefenderInDefensiveBattle,
        text: "While observer and guns stay where they started, the platoon's bombardments hit on 1 less.",
    },
    OptionRow {
        kind: OptionKind::AerialBombardment,
        name: "Aerial bombardment",
        cost: 7,
        per: Per::Game,
        buyer: Buyer::AttackerInDefensiveBattle,
        text: "A preliminary bombardment as the fortification rules have it; no air support in that game.",
    },
];

pub fn option_row(kind: OptionKind) -> &'static OptionRow {
    OPTIONS.iter().find(|r| r.kind == kind).unwrap()
}

/// The special rules in place for every mission, and the company HQ's free replacements: the
/// game step reminds the table of them; they are played on the table, not by the app.
pub const TABLE_RULES: [(&str, &str); 4] = [
    (
        "Off-table artillery",
        "Any platoon able to fire a bombardment may stay off the table: a marker at the table edge for each, \
         ranges measured from it, only its observers deployed. It is ignored for company morale, and may be held \
         in reserve (it fires from the turn after it arrives).",
    ),
    (
        "Smoke",
        "Smoke may be fired at any point of the table (ranged as conscripts, normal concealment). Each platoon \
         fires one smoke bombardment a game; on the attacking side of a Defensive Battle, two.",
    ),
    (
        "Log and earth bunkers",
        "Normal bunkers, except that a firepower roll above double the firepower rating kills the occupants; \
         one that makes the firepower rating but not double it pins them as normal. They cost 4 fortification \
         points.",
    ),
    ("Company HQ", "Independent teams of the company HQ lost in a game are replaced free before the next game."),
];
