//! What a unit is: its type, subtype, mobility and flags, as the rules name them. A unit is a
//! battalion at the default scale, one stand on the table.

use serde::{Deserialize, Serialize};

/// Infantry weapons: rifles are the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum InfantryArm {
    Rifle,
    Smg,
    Engineer,
}

/// How infantry moves: on foot (the default), mounted (cavalry) or motorised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mobility {
    Foot,
    Cavalry,
    Motorised,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GunKind {
    AntiTank,
    Mortar,
    Artillery,
    Rocket,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Traction {
    HorseDrawn,
    Motorised,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ArmourKind {
    Tanks,
    Recce,
}

/// A unit's type with its subtype.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitKind {
    Hq,
    Infantry { arm: InfantryArm, mobility: Mobility },
    Gun { kind: GunKind, traction: Traction },
    Armour(ArmourKind),
}

impl UnitKind {
    pub const RIFLES: UnitKind = UnitKind::Infantry { arm: InfantryArm::Rifle, mobility: Mobility::Foot };

    pub fn is_hq(self) -> bool {
        self == UnitKind::Hq
    }
    pub fn is_engineer(self) -> bool {
        matches!(self, UnitKind::Infantry { arm: InfantryArm::Engineer, .. })
    }
    pub fn is_cavalry(self) -> bool {
        matches!(self, UnitKind::Infantry { mobility: Mobility::Cavalry, .. })
    }
    /// Mortars, artillery and rockets: the units that fire support.
    pub fn battery(self) -> Option<GunKind> {
        match self {
            UnitKind::Gun { kind: k @ (GunKind::Mortar | GunKind::Artillery | GunKind::Rocket), .. } => Some(k),
            _ => None,
        }
    }

    /// "Motorised SMG infantry", "Horse-drawn artillery", "Tanks".
    pub fn name(self) -> String {
        match self {
            UnitKind::Hq => "HQ".into(),
            UnitKind::Infantry { arm, mobility } => {
                let arm = match arm {
                    InfantryArm::Rifle => "rifles",
                    InfantryArm::Smg => "SMG",
                    InfantryArm::Engineer => "engineers",
                };
                match mobility {
                    Mobility::Foot => format!("Infantry ({arm})"),
                    Mobility::Cavalry => format!("Cavalry ({arm})"),
                    Mobility::Motorised => format!("Motorised infantry ({arm})"),
                }
            }
            UnitKind::Gun { kind, traction } => {
                let kind = match kind {
                    GunKind::AntiTank => "anti-tank guns",
                    GunKind::Mortar => "mortars",
                    GunKind::Artillery => "artillery",
                    GunKind::Rocket => "rockets",
                };
                match traction {
                    Traction::HorseDrawn => format!("Horse-drawn {kind}"),
                    Traction::Motorised => format!("Motorised {kind}"),
                }
            }
            UnitKind::Armour(ArmourKind::Tanks) => "Tanks".into(),
            UnitKind::Armour(ArmourKind::Recce) => "Reconnaissance".into(),
        }
    }
}

/// One unit of a division's order of battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub name: String,
    pub kind: UnitKind,
    /// Assault troops (all SMG units, flamethrowers, WW2 German engineers; the scenario says).
    pub assault: bool,
    /// A division asset, under the division commander's hand: it may also move sideways
    /// within the frontage.
    pub division_asset: bool,
}

impl Unit {
    pub fn new(name: &str, kind: UnitKind) -> Unit {
        Unit { name: name.into(), kind, assault: false, division_asset: false }
    }
    pub fn assault(self) -> Unit {
        Unit { assault: true, ..self }
    }
    pub fn asset(self) -> Unit {
        Unit { division_asset: true, ..self }
    }
}

/// A division: the defender's or one of the attacking corps'.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Division {
    pub name: String,
    pub units: Vec<Unit>,
}

/// What a defending counter stands for. Fighting units are named by their place in the
/// defending division; the rest are counters with no stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Piece {
    Unit(u16),
    Fortification,
    Minefield,
    Dummy,
    /// Fortification variations (optional): wire.
    Wire,
    /// Fortification variations (optional): anti-tank obstacles.
    AtObstacle,
}

impl Piece {
    /// Counters that are not fighting units and cannot move.
    pub fn is_fixed(self) -> bool {
        matches!(self, Piece::Fortification | Piece::Minefield | Piece::Wire | Piece::AtObstacle)
    }
}
