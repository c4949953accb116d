//! Who rolls on which table, and when: the conditions the text puts around each roll, as plain
//! predicates the refit and cleanup steps ask before offering a roll.

use super::calendar::Slot;
use super::tables::{repair_allowed, EscapeColumn, MeClass, Month, Nation, Status};
use serde::{Deserialize, Serialize};

/// A side's secret posture for the coming scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Posture {
    Attack,
    Defend,
}

/// What the two postures make of the scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PostureOutcome {
    /// This side (index) attacks; the other defends and sets up first.
    Attacker(u8),
    /// Both attack: a die each, the higher attacks.
    RollOff,
    /// Both defend: no scenario, but housekeeping and refit still happen.
    NoScenario,
}

pub fn postures(sides: [Posture; 2]) -> PostureOutcome {
    match sides {
        [Posture::Attack, Posture::Defend] => PostureOutcome::Attacker(0),
        [Posture::Defend, Posture::Attack] => PostureOutcome::Attacker(1),
        [Posture::Attack, Posture::Attack] => PostureOutcome::RollOff,
        [Posture::Defend, Posture::Defend] => PostureOutcome::NoScenario,
    }
}

/// A repair may be tried for a vehicle of one's own "A" class ME destroyed last scenario,
/// inside one's own MLR, when the nation repairs armour that month.
pub fn repair_due(class: MeClass, inside_own_mlr: bool, nation: Nation, when: Month) -> bool {
    class == MeClass::Armour && inside_own_mlr && repair_allowed(nation, when)
}

/// When armour repair happens in a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RepairTime {
    /// In the refit phase of the night scenario.
    NightRefit,
    /// In the cleanup after this scenario, the day's last (no night scenario).
    CleanupAfter(Slot),
}

/// Armour repair is an overnight activity: in the night refit when the day has a night
/// scenario, else in the cleanup of the day's last scenario. `None` for a day with no scenario.
pub fn repair_time(day_slots: &[Slot]) -> Option<RepairTime> {
    if day_slots.contains(&Slot::Night) {
        Some(RepairTime::NightRefit)
    } else {
        day_slots.last().map(|&s| RepairTime::CleanupAfter(s))
    }
}

/// A withdrawal roll is made for a tank/tank-destroyer-only ME of a restricted side, not
/// isolated, that lost at least one AFV last scenario.
pub fn withdrawal_due(side_restricted: bool, armour_only: bool, status: Status, afvs_lost: u16) -> bool {
    side_restricted && armour_only && status == Status::Normal && afvs_lost > 0
}

/// The optional rating roll: at a morning scenario other than the campaign's first, for an ME
/// that fought last scenario or a unit that begins this one cut off.
pub fn rating_roll_due(option: bool, slot: Slot, first_scenario: bool, fought: bool, begins_cut_off: bool) -> bool {
    option && slot == Slot::Morning && !first_scenario && (fought || begins_cut_off)
}

/// Breakpoints are recomputed at the morning scenario for MEs that are not isolated or cut off.
pub fn breakpoints_recomputed(slot: Slot, status: Status) -> bool {
    slot == Slot::Morning && status == Status::Normal
}

/// An enemy "A" class unit knocked out or abandoned behind one's MLR may be destroyed on the
/// fortification-removal table unless it is inside an isolated or cut-off enemy pocket.
pub fn enemy_wreck_removable(class: MeClass, behind_own_mlr: bool, in_enemy_pocket: bool) -> bool {
    class == MeClass::Armour && behind_own_mlr && !in_enemy_pocket
}

/// Only isolated or cut-off units try to escape.
pub fn escape_due(status: Status) -> bool {
    status != Status::Normal
}

/// More than one "T" class unit of one isolated group escaping together make a single roll.
pub fn escape_as_group(t_class_escapers: usize) -> bool {
    t_class_escapers > 1
}

/// The escape column: infantry, or AFV for any vehicle (unarmoured included).
pub fn escape_column(vehicle: bool) -> EscapeColumn {
    if vehicle {
        EscapeColumn::Vehicle
    } else {
        EscapeColumn::Infantry
    }
}
