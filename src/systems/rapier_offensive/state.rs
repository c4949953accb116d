//! The position: the defender's counters (identity blankable), the attacking units, the
//! orders, recon, TRPs and fire-mission counts, and the step of the sequence.

use super::grid::{Frontage, Sector};
use super::setup::{Setup, ATTACKING_DIVISIONS};
use super::tables::{Event, STACKING};
use super::units::{Piece, Unit};
use serde::{Deserialize, Serialize};

/// Where a defending counter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CounterPlace {
    On(Sector),
    /// Killed, or a dummy lifted when revealed.
    Gone,
}

/// One defending counter. `piece` is what it stands for; a view blanks it (`None`) for a
/// reader who may not know, so a screen shows "unknown counter".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    pub id: u16,
    pub piece: Option<Piece>,
    pub place: CounterPlace,
    /// Face up: everyone knows what it is.
    pub revealed: bool,
}

impl Counter {
    pub fn sector(&self) -> Option<Sector> {
        match self.place {
            CounterPlace::On(s) => Some(s),
            CounterPlace::Gone => None,
        }
    }
}

/// A unit of the attacking corps, by its place in the setup's orders of battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UnitRef {
    pub division: u8,
    pub unit: u16,
}

/// Where an attacking unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    On(Sector),
    /// R1, off table.
    DivisionReserve,
    /// R2, off table, under the Corps Commander.
    CorpsReserve,
    /// Off the far edge: the objective.
    Exited,
    Killed,
    /// Somewhere off the table: how a reserve looks to a reader outside the command post.
    OffTable,
    /// Not yet placed.
    Undeployed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackerUnit {
    pub origin: UnitRef,
    /// The division it belongs to now (units released from R2 change hands); `None` while it
    /// waits unassigned in R2.
    pub division: Option<u8>,
    pub place: Place,
    /// Its axis of attack, fixed by where it first came on the table.
    pub axis: Option<u8>,
    pub moved: bool,
    /// The sector it entered its present one from, for a later withdrawal.
    pub came_from: Option<Sector>,
}

/// The Corps Commander's initial orders (the parts the app keeps; intentions are free text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orders {
    pub break_through: u8,
    pub frontages: [Option<Frontage>; ATTACKING_DIVISIONS],
    pub intentions: String,
}

/// One recon attempt: where it landed and the counters the Staff Officer examined.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recon {
    pub target: Option<Sector>,
    pub examined: Vec<u16>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    DeployDefenders,
    Recon,
    /// The last recon attempt found counters: the Staff Officer picks which to examine.
    Examine,
    InitialOrders,
    DeployAttackers,
    FirePlan,
    Bombardment,
    RandomEvent,
    AttackerMovement,
    DefenderMovement,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::DeployDefenders => "Defender deployment",
            Phase::Recon => "Reconnaissance",
            Phase::Examine => "Examine counters",
            Phase::InitialOrders => "Initial orders",
            Phase::DeployAttackers => "Attacker deployment",
            Phase::FirePlan => "Corps fire plan",
            Phase::Bombardment => "Pre-battle bombardment",
            Phase::RandomEvent => "Random event",
            Phase::AttackerMovement => "Attacker movement",
            Phase::DefenderMovement => "Defender movement",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub phase: Phase,
    /// 0 before the battle, then 1 to 6.
    pub turn: u8,
    pub counters: Vec<Counter>,
    pub recon: Vec<Recon>,
    /// `None` until issued, and in views outside the command post.
    pub orders: Option<Orders>,
    pub units: Vec<AttackerUnit>,
    pub deployed: [bool; ATTACKING_DIVISIONS],
    /// The four TRPs; a view blanks them for everyone but the Corps Commander.
    pub trps: Vec<Option<Sector>>,
    /// Pre-battle fire missions, in order.
    pub pre_battle_fm: Vec<Sector>,
    pub pre_battle_done: bool,
    pub fog: bool,
    /// This turn's random event.
    pub event: Option<Event>,
}

impl State {
    pub fn new(setup: &Setup) -> State {
        let units = setup
            .attackers
            .iter()
            .enumerate()
            .flat_map(|(d, div)| {
                (0..div.units.len()).map(move |u| AttackerUnit {
                    origin: UnitRef { division: d as u8, unit: u as u16 },
                    division: Some(d as u8),
                    place: Place::Undeployed,
                    axis: None,
                    moved: false,
                    came_from: None,
                })
            })
            .collect();
        State {
            phase: Phase::DeployDefenders,
            turn: 0,
            counters: Vec::new(),
            recon: Vec::new(),
            orders: None,
            units,
            deployed: [false; ATTACKING_DIVISIONS],
            trps: Vec::new(),
            pre_battle_fm: Vec::new(),
            pre_battle_done: false,
            fog: false,
            event: None,
        }
    }

    /// Defending counters still on the table in `sector`, by id.
    pub fn counters_in(&self, sector: Sector) -> impl Iterator<Item = &Counter> {
        self.counters.iter().filter(move |c| c.place == CounterPlace::On(sector))
    }
    pub fn counter_count(&self, sector: Sector) -> usize {
        self.counters_in(sector).count()
    }
    /// Whether the defender holds the sector against movement: any counter but a face-up
    /// undefended fortification (face-down ones may be anything).
    pub fn defended(&self, sector: Sector) -> bool {
        self.counters_in(sector)
            .any(|c| !(c.revealed && c.piece.is_some_and(|p| p.is_fixed() && p != Piece::Minefield)))
    }
    pub fn index_of(&self, r: UnitRef) -> Option<usize> {
        self.units.iter().position(|u| u.origin == r)
    }
    /// Attacking units on the table in `sector`.
    pub fn attackers_in(&self, sector: Sector) -> usize {
        self.units.iter().filter(|u| u.place == Place::On(sector)).count()
    }
    pub fn unit<'a>(&self, setup: &'a Setup, r: UnitRef) -> &'a Unit {
        &setup.attackers[r.division as usize].units[r.unit as usize]
    }
    /// Whether a division's HQ unit is gone.
    pub fn hq_lost(&self, setup: &Setup, division: u8) -> bool {
        !self.units.iter().any(|u| {
            u.division == Some(division) && u.place != Place::Killed && self.unit(setup, u.origin).kind.is_hq()
        })
    }
    pub fn defender_hq_lost(&self, setup: &Setup) -> bool {
        !self.counters.iter().any(|c| {
            c.place != CounterPlace::Gone
                && matches!(c.piece, Some(Piece::Unit(i)) if setup.defender.units[i as usize].kind.is_hq())
        })
    }
    /// The stacking rule holds in every sector, for both sides.
    pub fn stacking_ok(&self) -> bool {
        Sector::all().all(|s| self.attackers_in(s) <= STACKING && self.counter_count(s) <= STACKING)
    }
    pub fn frontage(&self, division: u8) -> Option<Frontage> {
        self.orders.as_ref().and_then(|o| o.frontages[division as usize])
    }
}
