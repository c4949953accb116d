//! Rapier Offensive's tables as data, read as `shared/rules/README.md` and the checklist fix
//! them. The rules reference renders these same arrays, so what is shown is what is applied.
//! The optional rules' tables (bogging, moving targets, scale) live in `optional.rs`.

use super::grid::Sector;
use super::units::{ArmourKind, GunKind, Mobility, Traction, Unit, UnitKind};
use crate::engine::Die;
use serde::{Deserialize, Serialize};

/// Friendly units in one on-table sector, at any time (movement included); none off table.
pub const STACKING: usize = 6;
/// Turns in the game: as many as the lines of the table.
pub const TURNS: u8 = 6;
/// Reconnaissance attempts before the battle, and counters the Staff Officer may examine.
pub const RECON_ATTEMPTS: usize = 3;
pub const RECON_EXAMINE: usize = 2;
/// Target registration points the Corps Commander plots.
pub const TRPS: usize = 4;
/// Pre-battle bombardment: fire missions, and at most this many on one sector.
pub const PRE_BATTLE_FM: u8 = 16;
pub const PRE_BATTLE_FM_PER_SECTOR: u8 = 2;
/// On-call bombardment on the TRPs: for the game, per turn, per TRP per turn.
pub const ON_CALL_FM: u8 = 8;
pub const ON_CALL_FM_PER_TURN: u8 = 4;
pub const ON_CALL_FM_PER_TRP_PER_TURN: u8 = 2;
/// Ground combat rounds each turn.
pub const COMBAT_ROUNDS: u8 = 3;
/// A subordinate takes over a headless attacking division on this or more (1d6).
pub const SUBORDINATE_TAKES_OVER: u16 = 4;
/// Units in a division, the defender's and each attacker's.
pub const DIVISION_UNITS: (usize, usize) = (15, 17);
/// Defender extras the text suggests ("about six", "four", "25 ... the same number as the other
/// defending units combined"): defaults of an editable setup.
pub const DEFAULT_FORTIFICATIONS: u8 = 6;
pub const DEFAULT_MINEFIELDS: u8 = 4;
pub const DEFAULT_DUMMIES: u8 = 25;
/// A 6 kills, in bombardment, support fire and ground combat (moving targets aside).
pub const KILL: u16 = 6;

/// The die the defender rolls for how many units it may move: 1d6, or 1d3 with its HQ gone.
pub fn defender_movers_die(hq_destroyed: bool) -> Die {
    if hq_destroyed {
        Die::D3
    } else {
        Die::D6
    }
}

/// The attacker's movers in a division without an HQ: at most half, rounded down (reading).
pub fn headless_movers(units: usize) -> usize {
    units / 2
}

// ---------------------------------------------------------------------------------------
// Reconnaissance
// ---------------------------------------------------------------------------------------

/// The sector a recon attempt lands on: 1d6 for the axis (5-6 are off the table), 1d6 for the
/// line. `None` is off the table: the attempt is wasted.
pub fn recon_target(axis_die: u16, line_die: u16) -> Option<Sector> {
    Sector::new(u8::try_from(axis_die).ok()?, u8::try_from(line_die).ok()?)
}

// ---------------------------------------------------------------------------------------
// Movement allowance
// ---------------------------------------------------------------------------------------

/// The three rows of the movement table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveClass {
    /// Fortification, minefield (and the optional wire and anti-tank obstacles): never move.
    Fixed,
    /// HQ, infantry, horse-drawn guns, dummy.
    Slow,
    /// Cavalry, motorised infantry, motorised guns, armour.
    Fast,
}

/// Movement table: (row, who, into contact, not into contact). The fixed row's figures were
/// lost in the capture; the README reads them 0/0.
pub const MOVEMENT: [(MoveClass, &str, u8, u8); 3] = [
    (MoveClass::Fixed, "Fortification, minefield", 0, 0),
    (MoveClass::Slow, "HQ, infantry, horse-drawn guns, dummy", 1, 1),
    (MoveClass::Fast, "Cavalry, motorised infantry, motorised guns, armour", 2, 3),
];

pub fn move_class(kind: UnitKind) -> MoveClass {
    match kind {
        UnitKind::Hq => MoveClass::Slow,
        UnitKind::Infantry { mobility: Mobility::Foot, .. } => MoveClass::Slow,
        UnitKind::Infantry { mobility: Mobility::Cavalry | Mobility::Motorised, .. } => MoveClass::Fast,
        UnitKind::Gun { traction: Traction::HorseDrawn, .. } => MoveClass::Slow,
        UnitKind::Gun { traction: Traction::Motorised, .. } => MoveClass::Fast,
        UnitKind::Armour(_) => MoveClass::Fast,
    }
}

/// Sectors a unit of this row may move: ending in an enemy-occupied sector, or not.
pub fn allowance(class: MoveClass, into_contact: bool) -> u8 {
    let row = MOVEMENT.iter().find(|r| r.0 == class).expect("every row is in the table");
    if into_contact {
        row.2
    } else {
        row.3
    }
}

// ---------------------------------------------------------------------------------------
// Ground combat
// ---------------------------------------------------------------------------------------

/// The rows of the ground combat table: what a shooting unit counts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Shooter {
    Hq,
    Assault,
    AntiTank,
    Tanks,
    Artillery,
    Other,
}

/// The columns: what the enemy in the sector includes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TargetClass {
    /// Infantry (rifle, SMG, engineer) and cavalry; HQs count here (reading).
    InfantryCavalry,
    /// Anti-tank guns, mortars, artillery (and rockets).
    Guns,
    /// Tanks and reconnaissance.
    Armour,
}

impl TargetClass {
    pub const ALL: [TargetClass; 3] = [TargetClass::InfantryCavalry, TargetClass::Guns, TargetClass::Armour];
}

/// Ground combat dice per shooting unit: (row, name, dice vs infantry/cavalry, guns, armour,
/// comment). An HQ rolls nothing when it attacks a sector (`ground_dice`).
pub const GROUND_COMBAT: [(Shooter, &str, [u8; 3], &str); 6] = [
    (Shooter::Hq, "HQ", [1, 1, 1], "Only when defending a sector; none when attacking one."),
    (Shooter::Assault, "Assault troops", [2, 2, 1], "Removed as casualties first when they roll 2 dice."),
    (Shooter::AntiTank, "Anti-tank guns", [0, 1, 2], "No effect against infantry."),
    (Shooter::Tanks, "Tanks", [2, 2, 2], ""),
    (Shooter::Artillery, "Artillery", [2, 2, 2], ""),
    (Shooter::Other, "Other", [1, 1, 1], ""),
];

/// A fortification adds this many dice to one other defender; a minefield this many, or
/// `MINEFIELD_ALONE` with no other defender. Mines do not touch enemy engineers.
pub const FORTIFICATION_DICE: u8 = 1;
pub const MINEFIELD_DICE: u8 = 2;
pub const MINEFIELD_ALONE_DICE: u8 = 1;

/// The row a unit shoots on. Assault applies to infantry only; rockets shoot as artillery,
/// mortars and reconnaissance as "other" (readings).
pub fn shooter(unit: &Unit) -> Shooter {
    match unit.kind {
        UnitKind::Hq => Shooter::Hq,
        UnitKind::Infantry { .. } if unit.assault => Shooter::Assault,
        UnitKind::Gun { kind: GunKind::AntiTank, .. } => Shooter::AntiTank,
        UnitKind::Gun { kind: GunKind::Artillery | GunKind::Rocket, .. } => Shooter::Artillery,
        UnitKind::Armour(ArmourKind::Tanks) => Shooter::Tanks,
        _ => Shooter::Other,
    }
}

/// The column a unit falls in as a target.
pub fn target_class(kind: UnitKind) -> TargetClass {
    match kind {
        UnitKind::Hq | UnitKind::Infantry { .. } => TargetClass::InfantryCavalry,
        UnitKind::Gun { .. } => TargetClass::Guns,
        UnitKind::Armour(_) => TargetClass::Armour,
    }
}

/// One shooter's dice against one column.
pub fn dice_against(shooter: Shooter, target: TargetClass) -> u8 {
    let row = GROUND_COMBAT.iter().find(|r| r.0 == shooter).expect("every row is in the table");
    row.2[target as usize]
}

/// A shooter's dice in a sector: the most advantageous column among the enemy present; an HQ
/// attacking a sector rolls none.
pub fn ground_dice(shooter: Shooter, attacking_sector: bool, enemy: &[TargetClass]) -> u8 {
    if shooter == Shooter::Hq && attacking_sector {
        return 0;
    }
    enemy.iter().map(|&t| dice_against(shooter, t)).max().unwrap_or(0)
}

/// A minefield's dice: 2 added to another defender, 1 when it is alone; none against an enemy
/// made up only of engineers (reading: mines do not affect engineers).
pub fn minefield_dice(other_defender: bool, enemy_all_engineers: bool) -> u8 {
    match (enemy_all_engineers, other_defender) {
        (true, _) => 0,
        (false, true) => MINEFIELD_DICE,
        (false, false) => MINEFIELD_ALONE_DICE,
    }
}

// ---------------------------------------------------------------------------------------
// Support fire
// ---------------------------------------------------------------------------------------

/// Support fire range in orthogonal sectors (reading): mortars 1, artillery and rockets 2.
pub const SUPPORT_RANGE: [(GunKind, &str, u8); 3] =
    [(GunKind::Mortar, "Mortars", 1), (GunKind::Artillery, "Artillery", 2), (GunKind::Rocket, "Rockets", 2)];

/// A battery's range; `None` for anti-tank guns, which fire no support.
pub fn support_range(kind: GunKind) -> Option<u8> {
    SUPPORT_RANGE.iter().find(|r| r.0 == kind).map(|r| r.2)
}

// ---------------------------------------------------------------------------------------
// Random events
// ---------------------------------------------------------------------------------------

/// The events the text lists; a scenario edits the d6 table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    NoEffect,
    /// Fire only at sectors next to friendly units; rolled again, the fog lifts.
    ThickFog,
    /// One support point against any sector.
    AttackerAirStrike,
    DefenderAirStrike,
    /// One support point added to one attacker support fire this turn.
    ExtraAmmo,
}

impl Event {
    pub const ALL: [Event; 5] =
        [Event::NoEffect, Event::ThickFog, Event::AttackerAirStrike, Event::DefenderAirStrike, Event::ExtraAmmo];
    pub fn name(self) -> &'static str {
        match self {
            Event::NoEffect => "No effect",
            Event::ThickFog => "Thick fog",
            Event::AttackerAirStrike => "Attacker air strike",
            Event::DefenderAirStrike => "Defender air strike",
            Event::ExtraAmmo => "Attacker extra ammunition",
        }
    }
}

/// The default d6 table (checklist): 1-2 no effect, 3 fog, 4 attacker air strike, 5 defender
/// air strike, 6 extra ammunition. Editable in the setup.
pub const DEFAULT_EVENTS: [Event; 6] = [
    Event::NoEffect,
    Event::NoEffect,
    Event::ThickFog,
    Event::AttackerAirStrike,
    Event::DefenderAirStrike,
    Event::ExtraAmmo,
];

// ---------------------------------------------------------------------------------------
// Victory
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Victory {
    Total,
    Major,
    Minor,
    Defeat,
}

impl Victory {
    pub fn name(self) -> &'static str {
        match self {
            Victory::Total => "Total victory",
            Victory::Major => "Major victory",
            Victory::Minor => "Minor victory",
            Victory::Defeat => "Defeat",
        }
    }
}

/// Share of the break-through division's units exited (percent, at least) and the result.
pub const VICTORY: [(u32, Victory); 4] =
    [(100, Victory::Total), (85, Victory::Major), (75, Victory::Minor), (0, Victory::Defeat)];

/// The result for `exited` of `total` break-through units; exact fractions count (85 of 100
/// is major). A division of no units wins nothing.
pub fn victory(exited: usize, total: usize) -> Victory {
    if total == 0 {
        return Victory::Defeat;
    }
    let (exited, total) = (exited.min(total) as u64, total as u64);
    VICTORY.iter().find(|(pct, _)| exited * 100 >= *pct as u64 * total).map(|r| r.1).unwrap_or(Victory::Defeat)
}

/// A share of the break-through division in words: "11 of 16 (68.75%)". The percentage is
/// exact where two decimals hold it, else cut (never rounded up across a victory level) and
/// said to be "about".
pub fn share_words(exited: usize, total: usize) -> String {
    if total == 0 {
        return format!("{exited} of {total}");
    }
    let hundredths = exited as u64 * 10_000;
    let cut = hundredths / total as u64;
    let exact = hundredths.is_multiple_of(total as u64);
    let whole = cut / 100;
    let frac = cut % 100;
    let pct = match (frac, frac % 10) {
        (0, _) => format!("{whole}"),
        (f, 0) => format!("{whole}.{}", f / 10),
        (f, _) => format!("{whole}.{f:02}"),
    };
    format!("{exited} of {total} ({}{pct}%)", if exact { "" } else { "about " })
}

/// This turn's random event as the turn line and the record say it: thick fog rolled while
/// the fog lay lifts it.
pub fn event_words(event: Event, fog: bool) -> String {
    match (event, fog) {
        (Event::ThickFog, false) => "The fog lifts".into(),
        (Event::ThickFog, true) => Event::ThickFog.name().into(),
        (e, true) => format!("{} (fog)", e.name()),
        (e, false) => e.name().into(),
    }
}
