//! Forces: the offensive orbat of each player (units of stands, grouped into companies and
//! battalions) and the prepared defensive orbats.

use super::tables::{CampaignSize, DefenceOption, ForceSize};
use serde::{Deserialize, Serialize};

/// The kinds of stand the rules tell apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StandKind {
    /// Rifle, SMG, engineer or other infantry squad.
    Squad,
    /// Crew-served weapon: HMG, mortar, anti-tank gun, infantry gun.
    CrewServed,
    /// Tank, assault gun, armoured car or APC.
    Vehicle,
    /// Platoon commander.
    Pc,
    /// Company commander.
    Cc,
    /// Battalion commander.
    Bc,
    /// Regimental commander.
    Rc,
    /// Forward observer.
    Fo,
}

impl StandKind {
    pub const ALL: [StandKind; 8] = [
        StandKind::Squad,
        StandKind::CrewServed,
        StandKind::Vehicle,
        StandKind::Pc,
        StandKind::Cc,
        StandKind::Bc,
        StandKind::Rc,
        StandKind::Fo,
    ];
    /// Counts for victory points: everything but FOs and PCs.
    pub fn is_fighting(self) -> bool {
        !matches!(self, StandKind::Fo | StandKind::Pc)
    }
    pub fn is_commander(self) -> bool {
        matches!(self, StandKind::Pc | StandKind::Cc | StandKind::Bc | StandKind::Rc)
    }
    /// Can step in for a killed commander.
    pub fn can_replace_commander(self) -> bool {
        matches!(self, StandKind::Squad | StandKind::CrewServed)
    }
    pub fn name(self) -> &'static str {
        match self {
            StandKind::Squad => "Squad",
            StandKind::CrewServed => "Crew-served weapon",
            StandKind::Vehicle => "Vehicle",
            StandKind::Pc => "PC",
            StandKind::Cc => "CC",
            StandKind::Bc => "BC",
            StandKind::Rc => "RC",
            StandKind::Fo => "FO",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stand {
    pub kind: StandKind,
    /// What the players call it: "Rifle", "SMG", "Maxim HMG", "T-26".
    pub label: String,
}

/// The four kinds of unit the text allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitKind {
    /// Rifle or SMG platoon, with its PC.
    RiflePlatoon,
    /// A CC, BC or RC with up to three squads, crew-served weapons or FOs.
    Hq,
    /// Two to four crew-served weapons or FOs, with an optional PC.
    CrewServed,
    /// One to three AFVs or APCs.
    Vehicle,
}

impl UnitKind {
    pub const ALL: [UnitKind; 4] = [UnitKind::RiflePlatoon, UnitKind::Hq, UnitKind::CrewServed, UnitKind::Vehicle];
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::RiflePlatoon => "Rifle/SMG platoon",
            UnitKind::Hq => "HQ unit",
            UnitKind::CrewServed => "Crew-served weapon unit",
            UnitKind::Vehicle => "Vehicle platoon",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub name: String,
    pub kind: UnitKind,
    /// The company or battalion it belongs to (index into `Orbat::formations`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<u16>,
    pub stands: Vec<Stand>,
}

impl Unit {
    /// The commander stand of an HQ unit.
    pub fn commander(&self) -> Option<StandKind> {
        self.stands.iter().map(|s| s.kind).find(|k| matches!(k, StandKind::Cc | StandKind::Bc | StandKind::Rc))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FormationKind {
    Company,
    Battalion,
}

/// A company or battalion. Not a unit itself; it tells which HQ must go with which units.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Formation {
    pub name: String,
    pub kind: FormationKind,
    /// The battalion a company belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<u16>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orbat {
    pub formations: Vec<Formation>,
    pub units: Vec<Unit>,
}

impl Orbat {
    pub fn stand(&self, r: StandRef) -> Option<&Stand> {
        self.units.get(r.unit as usize)?.stands.get(r.stand as usize)
    }
    pub fn stand_count(&self) -> usize {
        self.units.iter().map(|u| u.stands.len()).sum()
    }
    /// Every stand, in unit order.
    pub fn stand_refs(&self) -> impl Iterator<Item = StandRef> + '_ {
        self.units
            .iter()
            .enumerate()
            .flat_map(|(u, unit)| (0..unit.stands.len()).map(move |s| StandRef { unit: u as u16, stand: s as u8 }))
    }
    /// The formation an HQ unit commands: a CC's company, a BC's battalion. An RC commands
    /// nothing the deployment rule looks at.
    pub fn commanded_formation(&self, unit: usize) -> Option<u16> {
        let u = &self.units[unit];
        match (u.kind, u.commander()) {
            (UnitKind::Hq, Some(StandKind::Cc)) | (UnitKind::Hq, Some(StandKind::Bc)) => u.formation,
            _ => None,
        }
    }
    /// True when `formation` is `ancestor` or lies under it.
    pub fn within(&self, formation: Option<u16>, ancestor: u16) -> bool {
        let mut f = formation;
        let mut guard = 0;
        while let Some(i) = f {
            if i == ancestor {
                return true;
            }
            f = self.formations.get(i as usize).and_then(|x| x.parent);
            guard += 1;
            if guard > self.formations.len() {
                return false;
            }
        }
        false
    }
}

/// A stand: its unit's index in the orbat and its place in the unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct StandRef {
    pub unit: u16,
    pub stand: u8,
}

/// A prepared defensive orbat: what the defending player puts on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DefensiveOrbat {
    pub size: ForceSize,
    pub option: DefenceOption,
    /// One line per element, e.g. "PC (+1), 3 x Rifle, IAT".
    pub lines: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub orbat: Orbat,
}

/// Everything fixed before the first campaign turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub size: CampaignSize,
    /// Player A, then player B.
    pub players: [Player; 2],
    pub defence: Vec<DefensiveOrbat>,
}

impl Setup {
    pub fn defensive_orbat(&self, size: ForceSize, option: DefenceOption) -> Option<&DefensiveOrbat> {
        self.defence.iter().find(|d| d.size == size && d.option == option)
    }
    /// A defensive orbat with something written in it.
    pub fn prepared(&self, size: ForceSize, option: DefenceOption) -> bool {
        self.defensive_orbat(size, option).is_some_and(|d| d.lines.iter().any(|l| !l.trim().is_empty()))
    }
}
