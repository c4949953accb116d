//! Race for X's tables as data, read as `../shared/rules/README.md` fixes them. The rules
//! reference page renders these same arrays, so what is shown is what is applied.

use crate::engine::band::{lookup, Band};
use serde::{Deserialize, Serialize};

/// Scale of the campaign, chosen at setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CampaignSize {
    Small,
    Medium,
    Large,
    Huge,
}

impl CampaignSize {
    pub const ALL: [CampaignSize; 4] =
        [CampaignSize::Small, CampaignSize::Medium, CampaignSize::Large, CampaignSize::Huge];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            CampaignSize::Small => "Small",
            CampaignSize::Medium => "Medium",
            CampaignSize::Large => "Large",
            CampaignSize::Huge => "Huge",
        }
    }
}

/// Force sizes of the size table, S1 (smallest defence) to S10 (full offensive orbat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ForceSize {
    S1,
    S2,
    S3,
    S4,
    S5,
    S10,
}

impl ForceSize {
    pub const DEFENSIVE: [ForceSize; 4] = [ForceSize::S1, ForceSize::S2, ForceSize::S3, ForceSize::S4];
    pub fn name(self) -> &'static str {
        match self {
            ForceSize::S1 => "S1",
            ForceSize::S2 => "S2",
            ForceSize::S3 => "S3",
            ForceSize::S4 => "S4",
            ForceSize::S5 => "S5",
            ForceSize::S10 => "S10",
        }
    }
}

/// Campaign size table: points of each force size, Small / Medium / Large / Huge.
pub const SIZE_POINTS: [(ForceSize, &str, [u32; 4]); 6] = [
    (ForceSize::S1, "Smallest defence", [25, 50, 75, 100]),
    (ForceSize::S2, "Usual defence", [50, 100, 150, 200]),
    (ForceSize::S3, "", [75, 150, 225, 300]),
    (ForceSize::S4, "Largest defence", [100, 200, 300, 400]),
    (ForceSize::S5, "Largest attack on table", [125, 250, 375, 500]),
    (ForceSize::S10, "Full offensive orbat", [250, 500, 750, 1000]),
];

pub fn points(size: ForceSize, campaign: CampaignSize) -> u32 {
    SIZE_POINTS.iter().find(|(s, _, _)| *s == size).map(|(_, _, p)| p[campaign.index()]).unwrap()
}

/// A player's offensive action for the campaign turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OffensiveAction {
    Attack,
    Regroup,
}

impl OffensiveAction {
    pub fn name(self) -> &'static str {
        match self {
            OffensiveAction::Attack => "Attack",
            OffensiveAction::Regroup => "Regroup",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BattleType {
    CounterAttack,
    PreparedDefence,
    HastyDefence,
    MeetingEngagement,
}

impl BattleType {
    pub const ALL: [BattleType; 4] = [
        BattleType::CounterAttack,
        BattleType::PreparedDefence,
        BattleType::HastyDefence,
        BattleType::MeetingEngagement,
    ];
    pub fn name(self) -> &'static str {
        match self {
            BattleType::CounterAttack => "Counter-attack",
            BattleType::PreparedDefence => "Prepared Defence",
            BattleType::HastyDefence => "Hasty Defence",
            BattleType::MeetingEngagement => "Meeting Engagement",
        }
    }
}

/// Type of battle, 1d6 plus modifiers: (total, under Attack, under Regroup). `None` is no battle.
pub const BATTLE_TYPE: [(Band, BattleType, Option<BattleType>); 4] = [
    (Band::at_most(2), BattleType::CounterAttack, Some(BattleType::CounterAttack)),
    (Band::range(3, 5), BattleType::PreparedDefence, None),
    (Band::range(6, 7), BattleType::HastyDefence, None),
    (Band::at_least(8), BattleType::MeetingEngagement, None),
];

pub fn battle_type(total: i32, action: OffensiveAction) -> Option<BattleType> {
    let row = BATTLE_TYPE.iter().find(|(b, _, _)| b.contains(total)).expect("covers all");
    match action {
        OffensiveAction::Attack => Some(row.1),
        OffensiveAction::Regroup => row.2,
    }
}

/// Type-of-battle modifier per zone advanced last campaign turn.
pub const PER_ZONE_ADVANCED: i32 = 1;
/// Type-of-battle modifier for a retreat last campaign turn.
pub const AFTER_RETREAT: i32 = -1;

/// Why a share of the offensive orbat is fielded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ForceCondition {
    /// Fighting in zone 1, or Regroup last campaign turn.
    BaseZoneOrRegrouped,
    /// Advanced 1 zone, no advance, or retreated last campaign turn.
    Advanced1OrLess,
    Advanced2,
}

/// Units in the attacking force, percent of the full offensive orbat's units.
/// The 50% row was lost in the capture; the worked example (9 of 19) restores it.
pub const FORCE_PERCENT: [(ForceCondition, &str, u32); 3] = [
    (ForceCondition::BaseZoneOrRegrouped, "Fighting in zone 1 (Base Zone), or Regroup last campaign turn", 50),
    (ForceCondition::Advanced1OrLess, "Advanced 1 zone, no advance, or retreated last campaign turn", 40),
    (ForceCondition::Advanced2, "Advanced 2 zones last campaign turn", 30),
];

/// The row of the force table a condition reads: its condition in the table's words, and the
/// percentage of units.
pub fn force_row(c: ForceCondition) -> (&'static str, u32) {
    let (_, words, percent) = FORCE_PERCENT.iter().find(|(k, _, _)| *k == c).unwrap();
    (words, *percent)
}

pub fn force_percent(c: ForceCondition) -> u32 {
    force_row(c).1
}

/// Units fielded: the percentage of the full orbat's units, rounded down.
pub fn units_fielded(percent: u32, orbat_units: usize) -> usize {
    orbat_units * percent as usize / 100
}

/// Size of the defending force by battle type, zones 1 to 5.
pub const DEFENCE_SIZE: [(BattleType, [ForceSize; 5]); 4] = {
    use ForceSize::*;
    [
        (BattleType::CounterAttack, [S3, S3, S3, S3, S4]),
        (BattleType::PreparedDefence, [S3, S2, S2, S2, S2]),
        (BattleType::HastyDefence, [S2, S2, S2, S2, S1]),
        (BattleType::MeetingEngagement, [S4, S4, S4, S4, S2]),
    ]
};

pub fn defence_size(battle: BattleType, zone: u8) -> ForceSize {
    DEFENCE_SIZE.iter().find(|(b, _)| *b == battle).unwrap().1[(zone as usize).clamp(1, 5) - 1]
}

/// Which prepared defensive orbat of a size is fielded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DefenceOption {
    A,
    B,
}

impl DefenceOption {
    pub fn name(self) -> &'static str {
        match self {
            DefenceOption::A => "A",
            DefenceOption::B => "B",
        }
    }
}

/// 1d6: 1-3 option A, 4-6 option B.
pub const DEFENCE_OPTION: [(Band, DefenceOption); 2] =
    [(Band::at_most(3), DefenceOption::A), (Band::at_least(4), DefenceOption::B)];

pub fn defence_option(d6: u16) -> DefenceOption {
    lookup(&DEFENCE_OPTION, d6 as i32)
}

/// The moving clock: a game lasts this many ticks.
pub const CLOCK_TICKS: u8 = 12;
/// The clock ticks on this or more at the end of each defending player's turn.
pub const CLOCK_TARGET: u16 = 5;

/// Victory points for terrain objectives controlled: none, one, both.
pub const OBJECTIVE_VP: [i32; 3] = [-140, -35, 140];
/// Victory points per fighting stand exiting the enemy base edge (doubled when holding all
/// objectives), Small / Medium / Large / Huge.
pub const EXIT_VP: [i32; 4] = [12, 6, 4, 3];
/// Victory points per own fighting stand killed.
pub const KILLED_VP: [i32; 4] = [-24, -12, -8, -6];

/// The battle's victory points for the offensive player.
pub fn victory_points(size: CampaignSize, objectives: u8, exited: u32, killed: u32) -> i32 {
    let objectives = objectives.min(2);
    let per_exit = EXIT_VP[size.index()] * if objectives == 2 { 2 } else { 1 };
    OBJECTIVE_VP[objectives as usize] + per_exit * exited as i32 + KILLED_VP[size.index()] * killed as i32
}

/// Battle-result modifier from the battle's victory points.
pub const VP_MODIFIER: [(Band, i32); 8] = [
    (Band::at_most(-246), -4),
    (Band::range(-245, -176), -3),
    (Band::range(-175, -106), -2),
    (Band::range(-105, -36), -1),
    (Band::range(-35, 35), 0),
    (Band::range(36, 105), 1),
    (Band::range(106, 175), 2),
    (Band::at_least(176), 3),
];

pub fn vp_modifier(vp: i32) -> i32 {
    lookup(&VP_MODIFIER, vp)
}

/// Map movement after a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BattleResult {
    Retreat1,
    NoAdvance,
    Advance1,
    Advance2,
}

impl BattleResult {
    pub fn name(self) -> &'static str {
        match self {
            BattleResult::Retreat1 => "Retreat 1 zone",
            BattleResult::NoAdvance => "No advance",
            BattleResult::Advance1 => "Advance 1 zone",
            BattleResult::Advance2 => "Advance 2 zones",
        }
    }
    /// Zones moved towards X (negative: back towards the Base Zone).
    pub fn zones(self) -> i8 {
        match self {
            BattleResult::Retreat1 => -1,
            BattleResult::NoAdvance => 0,
            BattleResult::Advance1 => 1,
            BattleResult::Advance2 => 2,
        }
    }
}

/// Battle result, 1d6 plus the VP modifier: (total, under Attack, under Regroup).
pub const BATTLE_RESULT: [(Band, BattleResult, BattleResult); 4] = [
    (Band::at_most(0), BattleResult::Retreat1, BattleResult::Retreat1),
    (Band::range(1, 3), BattleResult::NoAdvance, BattleResult::NoAdvance),
    (Band::range(4, 8), BattleResult::Advance1, BattleResult::NoAdvance),
    (Band::at_least(9), BattleResult::Advance2, BattleResult::NoAdvance),
];

pub fn battle_result(total: i32, action: OffensiveAction) -> BattleResult {
    let row = BATTLE_RESULT.iter().find(|(b, _, _)| b.contains(total)).expect("covers all");
    match action {
        OffensiveAction::Attack => row.1,
        OffensiveAction::Regroup => row.2,
    }
}

/// Result rows of the loss-recovery table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RecoveryRow {
    Retreat,
    NoAdvanceOrNoBattle,
    Advance1,
    Advance2,
}

/// Score needed on 1d6 to recover each lost stand: (row, under Attack, under Regroup).
/// `None` cannot happen (a Regroup never advances).
pub const RECOVERY: [(RecoveryRow, &str, Option<u16>, Option<u16>); 4] = [
    (RecoveryRow::Retreat, "Retreat", Some(6), Some(6)),
    (RecoveryRow::NoAdvanceOrNoBattle, "No advance (or no battle)", Some(5), Some(4)),
    (RecoveryRow::Advance1, "Advance 1 zone", Some(5), None),
    (RecoveryRow::Advance2, "Advance 2 zones", Some(6), None),
];

impl RecoveryRow {
    /// The row for a battle result, or for no battle at all.
    pub fn of(result: Option<BattleResult>) -> RecoveryRow {
        match result {
            Some(BattleResult::Retreat1) => RecoveryRow::Retreat,
            None | Some(BattleResult::NoAdvance) => RecoveryRow::NoAdvanceOrNoBattle,
            Some(BattleResult::Advance1) => RecoveryRow::Advance1,
            Some(BattleResult::Advance2) => RecoveryRow::Advance2,
        }
    }
}

pub fn recovery_target(row: RecoveryRow, action: OffensiveAction) -> Option<u16> {
    let r = RECOVERY.iter().find(|(k, _, _, _)| *k == row).unwrap();
    match action {
        OffensiveAction::Attack => r.2,
        OffensiveAction::Regroup => r.3,
    }
}
