//! Everything fixed before play: who sits where, the four divisions, the defender's extra
//! counters, the optional rules, the random-event table and the break-through division.

use super::grid::{AXES, LINES};
use super::optional::Options;
use super::tables::{self, Event, DEFAULT_EVENTS};
use super::units::{Division, InfantryArm, Piece, UnitKind};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The attacking divisions of the corps: one per Division Commander.
pub const ATTACKING_DIVISIONS: usize = 3;

/// The players' names, by role.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Players {
    pub umpire: String,
    pub corps_commander: String,
    pub staff_officer: String,
    pub division_commanders: [String; ATTACKING_DIVISIONS],
}

/// The defender's counters that are not fighting units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DefenderExtras {
    pub fortifications: u8,
    pub minefields: u8,
    pub dummies: u8,
    /// Fortification variations only.
    pub wire: u8,
    /// Fortification variations only.
    pub at_obstacles: u8,
}

impl DefenderExtras {
    /// The text's figures: about six fortifications, four minefields, 25 dummies.
    pub const DEFAULT: DefenderExtras = DefenderExtras {
        fortifications: tables::DEFAULT_FORTIFICATIONS,
        minefields: tables::DEFAULT_MINEFIELDS,
        dummies: tables::DEFAULT_DUMMIES,
        wire: 0,
        at_obstacles: 0,
    };
    /// The extra pieces, one per counter, in a fixed order.
    pub fn pieces(&self) -> Vec<Piece> {
        let mut v = Vec::new();
        for (n, piece) in [
            (self.fortifications, Piece::Fortification),
            (self.minefields, Piece::Minefield),
            (self.dummies, Piece::Dummy),
            (self.wire, Piece::Wire),
            (self.at_obstacles, Piece::AtObstacle),
        ] {
            v.extend(std::iter::repeat_n(piece, n as usize));
        }
        v
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub name: String,
    pub players: Players,
    pub attackers: [Division; ATTACKING_DIVISIONS],
    pub defender: Division,
    pub extras: DefenderExtras,
    pub options: Options,
    /// The random-event table, faces 1 to 6.
    pub events: [Event; 6],
    /// The break-through division fixed by the scenario (index into `attackers`), or `None`:
    /// the Corps Commander names it in his initial orders.
    pub break_through: Option<u8>,
    /// Advanced victory conditions (with the option on).
    #[serde(default)]
    pub advanced: AdvancedVictory,
    /// The ground, for the halting and bogging options; unlisted sectors are open.
    #[serde(default)]
    pub terrain: Vec<super::terrain::SectorGround>,
    /// Which of the app's readings the game plays by: games stored before `READINGS_SECTOR_HOLDER`
    /// (0, the default) keep the defending division firing first in every sector, and games
    /// stored before `READINGS_RESERVE_OVERLAP` let a reserve unit enter across an overlapping
    /// frontage, and games stored before `READINGS_FIXED_ENEMY` let an attacking battery fire
    /// beside a lone minefield or fortification and roll a bogging die where the table makes
    /// the move sure, so their journals replay as they were played.
    #[serde(default, skip_serializing_if = "is_first_readings")]
    pub readings: u8,
}

/// Readings since which the side that held a sector is its defender in ground combat.
pub const READINGS_SECTOR_HOLDER: u8 = 1;
/// Readings since which a unit entering from the Division Reserve is refused while a division
/// whose frontage overlaps its own is on the table, as deploying on L1 always was.
pub const READINGS_RESERVE_OVERLAP: u8 = 2;
/// Readings since which minefields and fortifications count as enemy units for an attacking
/// battery (it may not fire from their sector), and a sector the bogging table lets a unit
/// enter for sure ("Moves as ordered" on any score) takes no die.
pub const READINGS_FIXED_ENEMY: u8 = 3;

fn is_first_readings(r: &u8) -> bool {
    *r == 0
}

/// Advanced victory conditions: named sectors the attackers must hold at the end, and the
/// number of axes the corps must leave the table by (0: no wide-front demand).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdvancedVictory {
    pub objectives: Vec<super::grid::Sector>,
    pub wide_front: u8,
}

impl Setup {
    /// Every counter the defender deploys: each fighting unit, then the extras.
    pub fn defender_pieces(&self) -> Vec<Piece> {
        let mut v: Vec<Piece> = (0..self.defender.units.len() as u16).map(Piece::Unit).collect();
        v.extend(self.extras.pieces());
        v
    }
    pub fn default_events() -> [Event; 6] {
        DEFAULT_EVENTS
    }
}

/// What makes a setup unplayable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    EmptyName {
        role: String,
    },
    /// A division outside 15-17 units.
    DivisionSize {
        division: String,
        units: usize,
    },
    /// Every division has exactly one HQ.
    HqCount {
        division: String,
        hqs: usize,
    },
    /// Only infantry can be assault troops.
    AssaultNotInfantry {
        division: String,
        unit: String,
    },
    /// All SMG units are assault troops.
    SmgNotAssault {
        division: String,
        unit: String,
    },
    BreakThroughUnknown(u8),
    /// Wire or anti-tank obstacles without the fortification variations.
    ObstaclesWithoutOption,
    /// More counters than L2-L5 can hold at six a sector.
    TooManyCounters {
        counters: usize,
        room: usize,
    },
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::EmptyName { role } => write!(f, "The {role} needs a name."),
            SetupProblem::DivisionSize { division, units } => {
                write!(f, "{division} has {units} units; a division has 15 to 17.")
            }
            SetupProblem::HqCount { division, hqs } => {
                write!(f, "{division} has {hqs} HQ units; it needs exactly one.")
            }
            SetupProblem::AssaultNotInfantry { division, unit } => {
                write!(f, "{unit} ({division}) is marked as assault troops, but only infantry can be.")
            }
            SetupProblem::SmgNotAssault { division, unit } => {
                write!(f, "{unit} ({division}) is an SMG unit: all SMG units are assault troops.")
            }
            SetupProblem::BreakThroughUnknown(d) => write!(f, "There is no attacking division {}.", d + 1),
            SetupProblem::ObstaclesWithoutOption => {
                write!(f, "Wire and anti-tank obstacles need the fortification variations option.")
            }
            SetupProblem::TooManyCounters { counters, room } => {
                write!(f, "The defender has {counters} counters, but lines L2-L5 hold only {room} at six a sector.")
            }
        }
    }
}

fn check_division(d: &Division, problems: &mut Vec<SetupProblem>) {
    let (min, max) = tables::DIVISION_UNITS;
    if !(min..=max).contains(&d.units.len()) {
        problems.push(SetupProblem::DivisionSize { division: d.name.clone(), units: d.units.len() });
    }
    let hqs = d.units.iter().filter(|u| u.kind.is_hq()).count();
    if hqs != 1 {
        problems.push(SetupProblem::HqCount { division: d.name.clone(), hqs });
    }
    for u in &d.units {
        if u.assault && !matches!(u.kind, UnitKind::Infantry { .. }) {
            problems.push(SetupProblem::AssaultNotInfantry { division: d.name.clone(), unit: u.name.clone() });
        }
        if matches!(u.kind, UnitKind::Infantry { arm: InfantryArm::Smg, .. }) && !u.assault {
            problems.push(SetupProblem::SmgNotAssault { division: d.name.clone(), unit: u.name.clone() });
        }
    }
}

/// Every problem of a setup, in order; empty when it can be played.
pub fn setup_check(setup: &Setup) -> Vec<SetupProblem> {
    let mut problems = Vec::new();
    let p = &setup.players;
    let names = [("umpire", &p.umpire), ("Corps Commander", &p.corps_commander), ("Staff Officer", &p.staff_officer)]
        .into_iter()
        .map(|(r, n)| (r.to_string(), n))
        .chain(p.division_commanders.iter().enumerate().map(|(i, n)| (format!("Division Commander {}", i + 1), n)));
    for (role, name) in names {
        if name.trim().is_empty() {
            problems.push(SetupProblem::EmptyName { role });
        }
    }
    for (i, d) in setup.attackers.iter().chain([&setup.defender]).enumerate() {
        if d.name.trim().is_empty() {
            let role = if i < ATTACKING_DIVISIONS {
                format!("attacking division {}", i + 1)
            } else {
                "defending division".into()
            };
            problems.push(SetupProblem::EmptyName { role });
        }
        check_division(d, &mut problems);
    }
    if let Some(b) = setup.break_through.filter(|&b| b as usize >= ATTACKING_DIVISIONS) {
        problems.push(SetupProblem::BreakThroughUnknown(b));
    }
    if !setup.options.fortification_variations && (setup.extras.wire > 0 || setup.extras.at_obstacles > 0) {
        problems.push(SetupProblem::ObstaclesWithoutOption);
    }
    let counters = setup.defender_pieces().len();
    let room = AXES as usize * (LINES as usize - 2) * tables::STACKING;
    if counters > room {
        problems.push(SetupProblem::TooManyCounters { counters, room });
    }
    problems
}
