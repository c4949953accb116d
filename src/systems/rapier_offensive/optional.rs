//! The optional rules' tables: terrain (halting and bogging), moving targets, and the scale
//! variations (labels only).

use super::units::{ArmourKind, GunKind, InfantryArm, Mobility, Traction, UnitKind};
use serde::{Deserialize, Serialize};

/// Which optional rules are in play; all off in the basic game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// Difficult terrain, halting variation.
    pub halting: bool,
    /// Difficult terrain, bogging variation.
    pub bogging: bool,
    /// Moving targets are hit on 5+, moving cavalry on 4+.
    pub moving_targets: bool,
    /// Wire and anti-tank obstacles as defender counters.
    pub fortification_variations: bool,
    /// Capture of named sectors, breakthrough on a wide front.
    pub advanced_victory: bool,
}

/// Kind of ground in a sector (or the man-made obstacle in it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Terrain {
    Road,
    Open,
    Urban,
    Woods,
    Swamp,
    BridgeOrFord,
    CanalOrRiver,
    Wire,
    AtObstacles,
    /// Steep contours: difficult, but with no row in the bogging table.
    Hills,
}

/// The bogging table's columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BogClass {
    InfantryCavalry,
    MotorisedOrGuns,
    Armour,
}

/// The column a unit rolls in: HQs with the infantry (reading), any gun with the motorised.
pub fn bog_class(kind: UnitKind) -> BogClass {
    match kind {
        UnitKind::Hq => BogClass::InfantryCavalry,
        UnitKind::Infantry { mobility: Mobility::Motorised, .. } => BogClass::MotorisedOrGuns,
        UnitKind::Infantry { .. } => BogClass::InfantryCavalry,
        UnitKind::Gun { .. } => BogClass::MotorisedOrGuns,
        UnitKind::Armour(_) => BogClass::Armour,
    }
}

/// Bogging: the least 1d6 score to enter a sector of this terrain (Infantry/cavalry,
/// Motorised infantry/guns, Armour). Armour crossing wire destroys it.
pub const BOGGING: [(Terrain, &str, [u16; 3]); 9] = [
    (Terrain::Road, "Road", [1, 1, 1]),
    (Terrain::Open, "Open", [1, 3, 2]),
    (Terrain::Urban, "Urban", [3, 4, 4]),
    (Terrain::Woods, "Woods", [3, 4, 4]),
    (Terrain::Swamp, "Swamp", [3, 5, 5]),
    (Terrain::BridgeOrFord, "Bridge (or ford)", [2, 4, 3]),
    (Terrain::CanalOrRiver, "Canal/river", [4, 5, 6]),
    (Terrain::Wire, "Wire", [5, 6, 2]),
    (Terrain::AtObstacles, "Anti-tank obstacles", [1, 3, 3]),
];

/// The least score to enter; `None` where the table has no row (hills: no roll).
pub fn bogging_target(terrain: Terrain, class: BogClass) -> Option<u16> {
    BOGGING.iter().find(|r| r.0 == terrain).map(|r| r.2[class as usize])
}

/// Armour that enters wire destroys it.
pub fn destroys_wire(terrain: Terrain, class: BogClass) -> bool {
    terrain == Terrain::Wire && class == BogClass::Armour
}

/// Whether the ground halts this unit (halting option): natural difficult ground halts
/// everyone (a road negates it, decided by the caller); anti-tank obstacles halt armour, guns
/// and motorised infantry; wire halts infantry, cavalry and guns, not armour.
pub fn is_difficult(terrain: Terrain, kind: UnitKind) -> bool {
    match terrain {
        Terrain::Road | Terrain::Open | Terrain::BridgeOrFord => false,
        Terrain::Urban | Terrain::Woods | Terrain::Swamp | Terrain::CanalOrRiver | Terrain::Hills => true,
        Terrain::AtObstacles => matches!(
            kind,
            UnitKind::Armour(_) | UnitKind::Gun { .. } | UnitKind::Infantry { mobility: Mobility::Motorised, .. }
        ),
        Terrain::Wire => !matches!(kind, UnitKind::Armour(_)),
    }
}

/// The halting rule's difficult ground as the rules reference draws it: each kind of ground
/// or obstacle (`is_difficult` answers for it), and the unit types of its columns.
pub const DIFFICULT_ROWS: [(Terrain, &str); 7] = [
    (Terrain::Urban, "Urban"),
    (Terrain::Hills, "Steep contours (hills, ridges)"),
    (Terrain::Woods, "Woods"),
    (Terrain::CanalOrRiver, "Canal or river"),
    (Terrain::Swamp, "Swamp"),
    (Terrain::AtObstacles, "Anti-tank obstacles (not negated by a road)"),
    (Terrain::Wire, "Wire (not negated by a road)"),
];
pub const DIFFICULT_COLUMNS: [(&str, UnitKind); 5] = [
    ("Foot infantry", UnitKind::RIFLES),
    ("Cavalry", UnitKind::Infantry { arm: InfantryArm::Rifle, mobility: Mobility::Cavalry }),
    ("Motorised infantry", UnitKind::Infantry { arm: InfantryArm::Rifle, mobility: Mobility::Motorised }),
    ("Guns", UnitKind::Gun { kind: GunKind::AntiTank, traction: Traction::HorseDrawn }),
    ("Armour", UnitKind::Armour(ArmourKind::Tanks)),
];

/// The score that kills: 6 for stationary targets; under the moving-targets option 5+ for a
/// unit that moved this turn and 4+ for moving cavalry.
pub fn kill_target(moving_targets: bool, moved: bool, kind: UnitKind) -> u16 {
    match (moving_targets && moved, kind.is_cavalry()) {
        (false, _) => 6,
        (true, false) => 5,
        (true, true) => 4,
    }
}

/// Scale variations, labels only: corps, division, unit, sector, table, turn, game length.
pub const SCALES: [[&str; 7]; 4] = [
    ["Army Group / Front", "Army", "Division", "30 km", "120 x 180 km", "1 day", "6 days"],
    ["Army", "Corps", "Regiment / Brigade", "8 km", "30 x 50 km", "8 hours", "2 days"],
    ["Corps", "Division", "Battalion", "2 km", "8 x 12 km", "3 hours", "1 day"],
    ["Division", "Regiment / Brigade", "Company", "500 m", "2 x 3 km", "1 hour", "6 hours"],
];
