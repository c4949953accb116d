//! The roll tables of the Basic Campaign Rules as data, read as `shared/rules/README.md` and the
//! checklist fix them (">N" is N or more, "<N" is N or less). The rules reference renders these
//! same arrays, so what is shown is what is applied. Purchase charts are in `charts.rs`.

use super::modifier::{lookup, total, Band, Modifier};
use super::rating::Rating;
use crate::engine::Die;
use serde::{Deserialize, Serialize};

/// The die of every roll table whose die the text does not name (all but the turn-record chart
/// and the percentile rating roll): d10, Battlefront: WW2's die, which the CPP bands imply.
/// A campaign may choose another.
pub const DEFAULT_DIE: Die = Die::D10;

/// The nations the text's modifiers name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Nation {
    German,
    American,
    British,
    Russian,
    /// Any other army: no modifier of the text names it.
    Other,
}

pub use super::month::Month;

impl Nation {
    /// The army's adjective, as the text's modifiers name it ("Russian").
    pub fn name(self) -> &'static str {
        match self {
            Nation::German => "German",
            Nation::American => "American",
            Nation::British => "British",
            Nation::Russian => "Russian",
            Nation::Other => "Other",
        }
    }
}

// ---------------------------------------------------------------------------------------
// CPP replenishment (2.1.1.1)
// ---------------------------------------------------------------------------------------

/// The standard (Advance to Rostov) CPP replenishment table: final roll, CPP gained. A campaign
/// may replace it.
pub const CPP_REPLENISHMENT: [Band<u16>; 7] = [
    Band::at_least(11, 18),
    Band::range(9, 10, 16),
    Band::range(7, 8, 14),
    Band::range(5, 6, 12),
    Band::range(3, 4, 10),
    Band::range(1, 2, 8),
    Band::at_most(0, 6),
];

/// The attacking side's CPP roll after a night attack (the text: "-5 is appropriate").
pub const NIGHT_ATTACK_DRM: i16 = -5;

/// One side's entry of the historical DRM chart for a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HistoricalDrm {
    Drm(i16),
    /// The side receives no CPP that day.
    NoCpp,
}

/// The Advance to Rostov historical DRM chart: (December day, Russian, German).
pub const ROSTOV_DRM: [(u8, HistoricalDrm, HistoricalDrm); 5] = [
    (23, HistoricalDrm::Drm(0), HistoricalDrm::Drm(-2)),
    (24, HistoricalDrm::Drm(0), HistoricalDrm::Drm(0)),
    (25, HistoricalDrm::Drm(-3), HistoricalDrm::Drm(2)),
    (26, HistoricalDrm::Drm(-5), HistoricalDrm::Drm(4)),
    (27, HistoricalDrm::NoCpp, HistoricalDrm::Drm(5)),
];

/// The Rostov chart's entry for a December day and side (`None` outside the campaign).
pub fn rostov_drm(day: u8, nation: Nation) -> Option<HistoricalDrm> {
    let row = ROSTOV_DRM.iter().find(|r| r.0 == day)?;
    match nation {
        Nation::Russian => Some(row.1),
        Nation::German => Some(row.2),
        _ => None,
    }
}

/// The total DRM on a side's CPP roll: the day's historical DRM, and the night-attack penalty
/// when this side attacked at night (a night defender rolls unmodified by it). `None`: no CPP.
pub fn cpp_drm(historical: HistoricalDrm, attacked_at_night: bool) -> Option<i16> {
    match historical {
        HistoricalDrm::NoCpp => None,
        HistoricalDrm::Drm(d) => Some(d + if attacked_at_night { NIGHT_ATTACK_DRM } else { 0 }),
    }
}

/// CPP a side gains for a die roll on a table; 0 on a day with no CPP.
pub fn cpp_gain(table: &[Band<u16>], die: u16, historical: HistoricalDrm, attacked_at_night: bool) -> u16 {
    match cpp_drm(historical, attacked_at_night) {
        None => 0,
        Some(drm) => lookup(table, die as i16 + drm).unwrap_or(0),
    }
}

// ---------------------------------------------------------------------------------------
// Armour repair (2.1.1.2)
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Repair {
    Repaired,
    NoEffect,
}

pub const ARMOUR_REPAIR: [Band<Repair>; 2] = [Band::at_least(9, Repair::Repaired), Band::at_most(8, Repair::NoEffect)];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RepairMod {
    InMinefield,
    Russian,
    Abandoned,
    CppSpent,
}

pub const REPAIR_MODIFIERS: [Modifier<RepairMod>; 4] = [
    Modifier { key: RepairMod::InMinefield, value: -1, text: "Vehicle in a minefield" },
    Modifier { key: RepairMod::Russian, value: -1, text: "Russian repair attempt" },
    Modifier { key: RepairMod::Abandoned, value: 1, text: "Vehicle abandoned (not knocked out)" },
    Modifier { key: RepairMod::CppSpent, value: 3, text: "1 CPP spent (at most one; spent even if the repair fails)" },
];

/// CPP that may be spent on one repair attempt.
pub const REPAIR_CPP_MAX: u16 = 1;

/// Whether a nation repairs armour in this month: Germans 1939 to the end of 1944; Americans,
/// British and Russians from July 1944.
pub fn repair_allowed(nation: Nation, when: Month) -> bool {
    match nation {
        Nation::German => (1939..=1944).contains(&when.year),
        Nation::American | Nation::British | Nation::Russian => when >= Month::new(1944, 7),
        Nation::Other => false,
    }
}

pub fn armour_repair(die: u16, mods: &[RepairMod]) -> Repair {
    let applying: Vec<(RepairMod, u16)> = mods.iter().map(|&m| (m, 1)).collect();
    let roll = die as i16 + total(&REPAIR_MODIFIERS, &applying);
    lookup(&ARMOUR_REPAIR, roll).expect("the repair table covers every roll")
}

// ---------------------------------------------------------------------------------------
// Armour ME withdrawal
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Withdrawal {
    Retained,
    Withdraws,
}

pub const ARMOUR_WITHDRAWAL: [Band<Withdrawal>; 2] =
    [Band::at_least(3, Withdrawal::Retained), Band::at_most(2, Withdrawal::Withdraws)];

pub fn armour_withdrawal(die: u16) -> Withdrawal {
    lookup(&ARMOUR_WITHDRAWAL, die as i16).expect("the withdrawal table covers every roll")
}

// ---------------------------------------------------------------------------------------
// Discipline rating change (optional rule)
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RatingChange {
    Improves,
    Unchanged,
    Worsens,
}

/// On the modified percentile roll (01-100).
pub const RATING_CHANGE: [Band<RatingChange>; 3] = [
    Band::at_least(101, RatingChange::Improves),
    Band::range(1, 100, RatingChange::Unchanged),
    Band::at_most(0, RatingChange::Worsens),
];

/// The percentile roll of two d10 (faces 0-9), tens and ones; 00 is 100.
pub fn percentile(tens: u16, ones: u16) -> u16 {
    match tens * 10 + ones {
        0 => 100,
        n => n,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RatingMod {
    Casualties25,
    Casualties50,
    Casualties75,
    /// Per stand that panicked off the table.
    PanickedStand,
    /// Per enemy stand knocked out by fire.
    EnemyKnockedOut,
    /// Per close combat won.
    CloseCombatWin,
    /// Per close combat lost.
    CloseCombatLoss,
    /// Per scenario started isolated.
    StartedIsolated,
    /// Per scenario started cut off.
    StartedCutOff,
}

pub const RATING_MODIFIERS: [Modifier<RatingMod>; 9] = [
    Modifier { key: RatingMod::Casualties25, value: -1, text: "ME lost 25% last scenario" },
    Modifier { key: RatingMod::Casualties50, value: -2, text: "or ME lost 50%" },
    Modifier { key: RatingMod::Casualties75, value: -4, text: "or ME lost 75%" },
    Modifier {
        key: RatingMod::PanickedStand,
        value: -2,
        text: "Each stand that panicked off the table (on top of casualties)",
    },
    Modifier { key: RatingMod::EnemyKnockedOut, value: 1, text: "Each enemy stand knocked out by fire" },
    Modifier { key: RatingMod::CloseCombatWin, value: 1, text: "Each close combat won" },
    Modifier { key: RatingMod::CloseCombatLoss, value: -1, text: "Each close combat lost" },
    Modifier { key: RatingMod::StartedIsolated, value: -3, text: "Each scenario started isolated" },
    Modifier { key: RatingMod::StartedCutOff, value: -6, text: "Each scenario started cut off" },
];

/// The one casualties modifier that applies (they are exclusive: the highest band reached).
pub fn casualties_mod(stands: u16, lost: u16) -> Option<RatingMod> {
    let share = |p: u32| lost as u32 * 100 >= stands as u32 * p;
    if stands == 0 {
        None
    } else if share(75) {
        Some(RatingMod::Casualties75)
    } else if share(50) {
        Some(RatingMod::Casualties50)
    } else if share(25) {
        Some(RatingMod::Casualties25)
    } else {
        None
    }
}

/// What happened to an ME last scenario, for its rating roll.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatRecord {
    pub stands: u16,
    pub lost: u16,
    pub panicked: u16,
    pub enemy_knocked_out: u16,
    pub close_combat_wins: u16,
    pub close_combat_losses: u16,
    pub scenarios_started_isolated: u16,
    pub scenarios_started_cut_off: u16,
}

pub fn rating_drm(r: &CombatRecord) -> i16 {
    let mut applying = vec![
        (RatingMod::PanickedStand, r.panicked),
        (RatingMod::EnemyKnockedOut, r.enemy_knocked_out),
        (RatingMod::CloseCombatWin, r.close_combat_wins),
        (RatingMod::CloseCombatLoss, r.close_combat_losses),
        (RatingMod::StartedIsolated, r.scenarios_started_isolated),
        (RatingMod::StartedCutOff, r.scenarios_started_cut_off),
    ];
    applying.extend(casualties_mod(r.stands, r.lost).map(|m| (m, 1)));
    total(&RATING_MODIFIERS, &applying)
}

/// The rating after the roll (tens and ones d10 faces, 0-9).
pub fn rating_change(rating: Rating, tens: u16, ones: u16, record: &CombatRecord) -> (RatingChange, Rating) {
    let roll = percentile(tens, ones) as i16 + rating_drm(record);
    let change = lookup(&RATING_CHANGE, roll).expect("the rating table covers every roll");
    let after = match change {
        RatingChange::Improves => rating.better(),
        RatingChange::Unchanged => rating,
        RatingChange::Worsens => rating.worse(),
    };
    (change, after)
}

// ---------------------------------------------------------------------------------------
// Combining under-strength MEs, breakpoints
// ---------------------------------------------------------------------------------------

/// The ME classes the text names: "A" armour, "I" infantry, "O" off-board artillery, "T" (never
/// defined; read as transport).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MeClass {
    Armour,
    Infantry,
    OffBoardArtillery,
    Transport,
    Other,
}

impl MeClass {
    pub fn letter(self) -> &'static str {
        match self {
            MeClass::Armour => "A",
            MeClass::Infantry => "I",
            MeClass::OffBoardArtillery => "O",
            MeClass::Transport => "T",
            MeClass::Other => "-",
        }
    }
}

/// The share of casualties each ME must have suffered to combine.
pub const COMBINE_CASUALTIES_PERCENT: u32 = 50;

/// Whether an ME has lost at least `percent` of its stands.
pub fn lost_share(stands: u16, lost: u16, percent: u32) -> bool {
    stands > 0 && lost as u32 * 100 >= stands as u32 * percent
}

/// Two MEs may combine when of the same class and unit type, or both infantry, and both have
/// suffered 50% or more casualties. Each is (class, unit type, stands, lost).
pub fn may_combine(a: (MeClass, &str, u16, u16), b: (MeClass, &str, u16, u16)) -> bool {
    let alike = (a.0 == b.0 && a.1 == b.1) || (a.0 == MeClass::Infantry && b.0 == MeClass::Infantry);
    alike && lost_share(a.2, a.3, COMBINE_CASUALTIES_PERCENT) && lost_share(b.2, b.3, COMBINE_CASUALTIES_PERCENT)
}

/// Breakpoints of an ME, in percent of its stands at the day's start.
pub const BREAKPOINTS_PERCENT: [u32; 3] = [25, 50, 75];

/// Stands lost at which each breakpoint is reached: the least loss of at least the share.
pub fn breakpoints(stands: u16) -> [u16; 3] {
    BREAKPOINTS_PERCENT.map(|p| (stands as u32 * p).div_ceil(100) as u16)
}

// ---------------------------------------------------------------------------------------
// Ammunition (2.1.1.3.3)
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ammo {
    Normal,
    Short,
    Out,
}

/// The die face on which a stand that began cut off runs lower on ammunition when it fires.
pub const AMMO_FAILS_ON: u16 = 1;

/// What a stand may do with its ammunition status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AmmoLimits {
    pub may_fire: bool,
    /// Fire only in the defensive fire phase.
    pub defensive_fire_only: bool,
    pub may_start_close_combat: bool,
    pub close_combat_mod: i16,
}

impl Ammo {
    pub fn limits(self) -> AmmoLimits {
        match self {
            Ammo::Normal => AmmoLimits {
                may_fire: true,
                defensive_fire_only: false,
                may_start_close_combat: true,
                close_combat_mod: 0,
            },
            Ammo::Short => AmmoLimits {
                may_fire: true,
                defensive_fire_only: true,
                may_start_close_combat: false,
                close_combat_mod: -1,
            },
            Ammo::Out => AmmoLimits {
                may_fire: false,
                defensive_fire_only: false,
                may_start_close_combat: false,
                close_combat_mod: -1,
            },
        }
    }

    /// After a stand that began the scenario cut off fires and rolls this die.
    pub fn after_firing(self, die: u16) -> Ammo {
        match (self, die == AMMO_FAILS_ON) {
            (Ammo::Normal, true) => Ammo::Short,
            (Ammo::Short, true) | (Ammo::Out, _) => Ammo::Out,
            (status, false) => status,
        }
    }
}

/// A stand's supply status at the end of a scenario (umpire's judgement).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    Normal,
    Isolated,
    CutOff,
}

/// Whether a stand rolls for ammunition each time it fires: only if it began the scenario cut off.
pub fn rolls_for_ammo(began: Status) -> bool {
    began == Status::CutOff
}

/// Ammunition at the start of a scenario: a stand in normal status recovers.
pub fn ammo_at_start(ammo: Ammo, status: Status) -> Ammo {
    if status == Status::Normal {
        Ammo::Normal
    } else {
        ammo
    }
}

// ---------------------------------------------------------------------------------------
// Aircraft and smoke missions
// ---------------------------------------------------------------------------------------

pub const MISSIONS: [Band<u8>; 3] = [Band::at_least(9, 3), Band::range(6, 8, 2), Band::at_most(5, 1)];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MissionMod {
    /// Per additional CPP spent.
    ExtraCpp,
    UsBritishAircraftAfterJune1944,
    GermanAircraftBefore1942,
    GermanAircraft1945,
}

pub const MISSION_MODIFIERS: [Modifier<MissionMod>; 4] = [
    Modifier { key: MissionMod::ExtraCpp, value: 1, text: "Each additional CPP spent" },
    Modifier {
        key: MissionMod::UsBritishAircraftAfterJune1944,
        value: 1,
        text: "US or British aircraft after June 1944",
    },
    Modifier { key: MissionMod::GermanAircraftBefore1942, value: -1, text: "German aircraft before 1942" },
    Modifier { key: MissionMod::GermanAircraft1945, value: -3, text: "German aircraft in 1945" },
];

/// The date modifier of an aircraft roll (none for smoke).
pub fn aircraft_date_mod(nation: Nation, when: Month) -> Option<MissionMod> {
    match nation {
        Nation::American | Nation::British if when > Month::new(1944, 6) => {
            Some(MissionMod::UsBritishAircraftAfterJune1944)
        }
        Nation::German if when.year < 1942 => Some(MissionMod::GermanAircraftBefore1942),
        Nation::German if when.year == 1945 => Some(MissionMod::GermanAircraft1945),
        _ => None,
    }
}

/// Aircraft in the flight, or smoke missions: the die, extra CPP spent, and for aircraft the
/// nation and month (`None` for smoke).
pub fn missions(die: u16, extra_cpp: u16, aircraft: Option<(Nation, Month)>) -> u8 {
    let mut applying = vec![(MissionMod::ExtraCpp, extra_cpp)];
    applying.extend(aircraft.and_then(|(n, m)| aircraft_date_mod(n, m)).map(|m| (m, 1)));
    lookup(&MISSIONS, die as i16 + total(&MISSION_MODIFIERS, &applying)).expect("the missions table covers every roll")
}

// ---------------------------------------------------------------------------------------
// Fortification removal (2.1.1.5.1); also wrecks and enemy A-class stands behind the MLR
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Removal {
    Eliminated,
    NoEffect,
}

pub const FORTIFICATION_REMOVAL: [Band<Removal>; 2] =
    [Band::at_least(6, Removal::Eliminated), Band::at_most(5, Removal::NoEffect)];

/// FPP per removal attempt; one attempt per item per location.
pub const REMOVAL_COST_FPP: u16 = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RemovalMod {
    WireOrMinefieldNearMlr,
    RoadblockOnMlr,
    ThreeEngineerSquads,
}

pub const REMOVAL_MODIFIERS: [Modifier<RemovalMod>; 3] = [
    Modifier { key: RemovalMod::WireOrMinefieldNearMlr, value: -2, text: "Wire or minefield within 4\" of the MLR" },
    Modifier { key: RemovalMod::RoadblockOnMlr, value: -2, text: "Roadblock along the MLR" },
    Modifier {
        key: RemovalMod::ThreeEngineerSquads,
        value: 1,
        text: "The side keeps at least 3 non-isolated engineer squads",
    },
];

/// The least number of non-isolated engineer squads for the engineer modifier.
pub const ENGINEER_SQUADS: u16 = 3;

pub fn fortification_removal(die: u16, mods: &[RemovalMod]) -> Removal {
    let applying: Vec<(RemovalMod, u16)> = mods.iter().map(|&m| (m, 1)).collect();
    lookup(&FORTIFICATION_REMOVAL, die as i16 + total(&REMOVAL_MODIFIERS, &applying))
        .expect("the removal table covers every roll")
}

// ---------------------------------------------------------------------------------------
// Escape from isolation (2.1.2.4.3)
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Escape {
    Escape,
    Abandon,
    Eliminated,
}

/// The column rolled on: infantry, or AFV (unarmoured vehicles too).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EscapeColumn {
    Infantry,
    Vehicle,
}

/// Final roll: (infantry, AFV).
pub const ESCAPE: [Band<(Escape, Escape)>; 3] = [
    Band::at_least(4, (Escape::Escape, Escape::Escape)),
    Band::range(2, 3, (Escape::Escape, Escape::Abandon)),
    Band::at_most(1, (Escape::Eliminated, Escape::Eliminated)),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EscapeMod {
    PreviousHalfDayMorning,
    CutOff,
    UnarmouredVehicle,
    NearFriendlyLines,
    FullyTrackedAfv,
    Russian,
}

pub const ESCAPE_MODIFIERS: [Modifier<EscapeMod>; 6] = [
    Modifier { key: EscapeMod::PreviousHalfDayMorning, value: -1, text: "The previous half day was a morning" },
    Modifier { key: EscapeMod::CutOff, value: -2, text: "Cut off" },
    Modifier { key: EscapeMod::UnarmouredVehicle, value: -1, text: "Unarmoured vehicle" },
    Modifier { key: EscapeMod::NearFriendlyLines, value: 1, text: "4\" or less from friendly lines" },
    Modifier { key: EscapeMod::FullyTrackedAfv, value: 2, text: "Fully tracked AFV" },
    Modifier { key: EscapeMod::Russian, value: 1, text: "Russian" },
];

/// Within this many inches of friendly lines a unit gets the "near" modifier.
pub const NEAR_FRIENDLY_LINES_INCHES: u16 = 4;

pub fn escape(die: u16, column: EscapeColumn, mods: &[EscapeMod]) -> Escape {
    let applying: Vec<(EscapeMod, u16)> = mods.iter().map(|&m| (m, 1)).collect();
    let (inf, afv) =
        lookup(&ESCAPE, die as i16 + total(&ESCAPE_MODIFIERS, &applying)).expect("the escape table covers every roll");
    match column {
        EscapeColumn::Infantry => inf,
        EscapeColumn::Vehicle => afv,
    }
}

// ---------------------------------------------------------------------------------------
// Scenario turn record chart (2.1.2), posture roll-off
// ---------------------------------------------------------------------------------------

/// The die of the turn-record chart, named by the text.
pub const TURN_RECORD_DIE: Die = Die::D10;
/// The last turn: the scenario always ends at its start.
pub const LAST_TURN: u8 = 20;

/// The highest d10 that ends the scenario at the start of this turn (0: it cannot end).
pub fn turn_record_ends_on(turn: u8) -> u8 {
    turn.saturating_sub(10).min(10)
}

/// Whether the scenario ends at the start of `turn` on this d10 when only one side wants to stop.
pub fn scenario_ends(turn: u8, d10: u16) -> bool {
    turn >= LAST_TURN || d10 <= turn_record_ends_on(turn) as u16
}

/// Both sides chose Attack: each rolls a die and the higher attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RollOff {
    FirstAttacks,
    SecondAttacks,
    /// A tie: roll again.
    Reroll,
}

pub fn attack_roll_off(first: u16, second: u16) -> RollOff {
    match first.cmp(&second) {
        std::cmp::Ordering::Greater => RollOff::FirstAttacks,
        std::cmp::Ordering::Less => RollOff::SecondAttacks,
        std::cmp::Ordering::Equal => RollOff::Reroll,
    }
}
