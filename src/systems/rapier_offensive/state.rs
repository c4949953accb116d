//! The position: the defender's counters (identity blankable), the attacking units, the
//! orders, recon, TRPs and fire-mission counts, and the step of the sequence.

use super::grid::{Frontage, Sector, AXES, LINES};
use super::setup::{Setup, ATTACKING_DIVISIONS};
use super::tables::{Event, ON_CALL_FM, ON_CALL_FM_PER_TURN, RECON_EXAMINE, STACKING};
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
    /// The turn it was turned face up (0 before the battle or never): a battery revealed this
    /// turn may not be targeted by the attacker's support fire.
    pub revealed_turn: u8,
    /// Moved this turn (moving targets; one move a turn).
    pub moved: bool,
    /// A battery that has fired its support this turn.
    pub fired: bool,
    /// The sector it last moved in from, for a withdrawal.
    pub came_from: Option<Sector>,
}

impl Counter {
    /// Whether it holds its sector against movement: anything but a face-up undefended
    /// fortification (a face-down counter may be anything, even a lone dummy).
    pub fn holds(&self) -> bool {
        !(self.revealed && self.piece.is_some_and(|p| p.is_fixed() && p != Piece::Minefield))
    }
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
    /// The sector it entered its present one from, for a later withdrawal; for an exited
    /// unit, the L6 sector it left from.
    pub came_from: Option<Sector>,
    /// A battery that has fired its support this turn.
    pub fired: bool,
    /// Converted to the division's HQ after the HQ was lost.
    pub made_hq: bool,
    /// Where it stood at the start of the turn (clearing minefields).
    pub start: Option<Sector>,
}

/// What a shot or a loss lands on: a defending counter or an attacking unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Target {
    Counter(u16),
    Unit(UnitRef),
}

/// One turn's figures, for the summary: counts only, which every seat may know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    pub turn: u8,
    pub event: Option<Event>,
    pub fog: bool,
    pub attackers_lost: usize,
    pub counters_removed: usize,
    pub exited: usize,
    pub on_call_fm: usize,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    pub victory: super::tables::Victory,
    /// Break-through division units exited, of its units (losses included).
    pub exited: usize,
    pub total: usize,
    /// Advanced conditions, when on: named sectors not captured, axes exited from.
    pub missed_objectives: Vec<Sector>,
    pub front: Option<(u8, u8)>,
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
    OnCallBombardment,
    DefenderSupport,
    AttackerSupport,
    GroundCombat,
    ClearMinefields,
    ReplaceHq,
    GameOver,
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
            Phase::OnCallBombardment => "On-call bombardment",
            Phase::DefenderSupport => "Defender support fire",
            Phase::AttackerSupport => "Attacker support fire",
            Phase::GroundCombat => "Ground combat",
            Phase::ClearMinefields => "Clear minefields",
            Phase::ReplaceHq => "Replace Division HQ",
            Phase::GameOver => "Game over",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The four TRPs; a view blanks them for everyone but the Corps Commander and the umpire.
    pub trps: Vec<Option<Sector>>,
    /// Pre-battle fire missions, in order.
    pub pre_battle_fm: Vec<Sector>,
    pub pre_battle_done: bool,
    pub fog: bool,
    /// This turn's random event.
    pub event: Option<Event>,
    /// The defender's movers this turn (rolled) and how many have moved.
    pub defender_movers: Option<u8>,
    pub defender_moved: u8,
    /// On-call fire missions, (turn, TRP sector), in order.
    pub on_call: Vec<(u8, Sector)>,
    /// This turn's air strike or extra ammunition spent.
    pub support_bonus_used: bool,
    /// The ground combat under way.
    pub combat: Option<super::combat::Combat>,
    /// Sectors where ground combat was fought this turn.
    pub fought: Vec<Sector>,
    /// Sectors the attackers hold against defending counters that moved in on them: there
    /// the attackers are the sector's defender in ground combat (they fire first, their HQs
    /// throw dice). Kept while attacking units stand there.
    #[serde(default)]
    pub attackers_hold: Vec<Sector>,
    /// Headless divisions the Corps Commander has dealt with at this Replace HQ step.
    pub hq_handled: Vec<u8>,
    /// Divisions whose commander swapped roles with the Staff Officer, in order.
    pub staff_swaps: Vec<u8>,
    /// Counts at the start of the turn: attackers killed, counters removed, units exited.
    pub turn_base: (usize, usize, usize),
    pub record: Vec<TurnRecord>,
    pub result: Option<GameResult>,
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
                    fired: false,
                    made_hq: false,
                    start: None,
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
            defender_movers: None,
            defender_moved: 0,
            on_call: Vec::new(),
            support_bonus_used: false,
            combat: None,
            fought: Vec::new(),
            attackers_hold: Vec::new(),
            hq_handled: Vec::new(),
            staff_swaps: Vec::new(),
            turn_base: (0, 0, 0),
            record: Vec::new(),
            result: None,
        }
    }

    /// Defending counters still on the table in `sector`, by id.
    pub fn counters_in(&self, sector: Sector) -> impl Iterator<Item = &Counter> {
        self.counters.iter().filter(move |c| c.place == CounterPlace::On(sector))
    }
    /// What the Staff Officer may examine after the last recon roll: the counters in the sector
    /// it found, and how many of them he looks at (two, or every one where fewer lie there).
    pub fn to_examine(&self) -> (Vec<u16>, usize) {
        let here: Vec<u16> = match self.recon.last().and_then(|r| r.target) {
            Some(x) => self.counters_in(x).map(|c| c.id).collect(),
            None => Vec::new(),
        };
        let n = here.len().min(RECON_EXAMINE);
        (here, n)
    }
    pub fn counter_count(&self, sector: Sector) -> usize {
        self.counters_in(sector).count()
    }
    /// Whether the defender holds the sector against movement: any counter but a face-up
    /// undefended fortification (face-down ones may be anything).
    pub fn defended(&self, sector: Sector) -> bool {
        self.counters_in(sector).any(Counter::holds)
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
    /// Whether a division's HQ unit is gone (a unit made HQ counts as one; one that left
    /// the table commands nothing on it).
    pub fn hq_lost(&self, setup: &Setup, division: u8) -> bool {
        !self.units.iter().any(|u| {
            u.division == Some(division)
                && !matches!(u.place, Place::Killed | Place::Exited)
                && (u.made_hq || self.unit(setup, u.origin).kind.is_hq())
        })
    }
    /// The defender's fighting units (not fortifications, minefields or dummies) in `sector`.
    pub fn defenders_in(&self, sector: Sector) -> impl Iterator<Item = (u16, u16)> + '_ {
        self.counters_in(sector).filter_map(|c| match c.piece {
            Some(Piece::Unit(i)) => Some((c.id, i)),
            _ => None,
        })
    }
    /// Attacking units on the table in `sector`, by index.
    pub fn attacker_indices(&self, sector: Sector) -> Vec<usize> {
        (0..self.units.len()).filter(|&i| self.units[i].place == Place::On(sector)).collect()
    }
    /// Fire missions called on `sector` this turn, and in the whole game.
    pub fn on_call_this_turn(&self) -> usize {
        self.on_call.iter().filter(|f| f.0 == self.turn).count()
    }
    /// On-call fire missions the Corps Commander may still call: (for the rest of the battle,
    /// this turn), eight a battle and four a turn.
    pub fn on_call_left(&self) -> (usize, usize) {
        let battle = usize::from(ON_CALL_FM).saturating_sub(self.on_call.len());
        let turn = usize::from(ON_CALL_FM_PER_TURN).saturating_sub(self.on_call_this_turn()).min(battle);
        (battle, turn)
    }
    /// (attackers killed, counters removed, units exited) so far.
    pub fn tallies(&self) -> (usize, usize, usize) {
        let killed = self.units.iter().filter(|u| u.place == Place::Killed).count();
        let gone = self.counters.iter().filter(|c| c.place == CounterPlace::Gone).count();
        let exited = self.units.iter().filter(|u| u.place == Place::Exited).count();
        (killed, gone, exited)
    }
    pub fn defender_hq_lost(&self, setup: &Setup) -> bool {
        !self.counters.iter().any(|c| {
            c.place != CounterPlace::Gone
                && matches!(c.piece, Some(Piece::Unit(i)) if setup.defender.units[i as usize].kind.is_hq())
        })
    }
    /// The stacking rule holds in every sector, for both sides.
    pub fn stacking_ok(&self) -> bool {
        // One pass over each side, counting by sector (checked after every step in tests).
        let index = |s: Sector| (s.line as usize - 1) * AXES as usize + s.axis as usize - 1;
        let mut ours = [0usize; (AXES * LINES) as usize];
        let mut theirs = ours;
        for u in &self.units {
            if let Place::On(s) = u.place {
                ours[index(s)] += 1;
            }
        }
        for c in &self.counters {
            if let CounterPlace::On(s) = c.place {
                theirs[index(s)] += 1;
            }
        }
        ours.iter().chain(&theirs).all(|&n| n <= STACKING)
    }
    pub fn frontage(&self, division: u8) -> Option<Frontage> {
        self.orders.as_ref().and_then(|o| o.frontages[division as usize])
    }
    /// The first other division with units on the table whose frontage overlaps `division`'s.
    /// Frontages may overlap only while a division is wholly off the table, so `division` may
    /// not put units on it while this is `Some`.
    pub fn overlapping_on_table(&self, division: u8) -> Option<u8> {
        let mine = self.frontage(division)?;
        (0..ATTACKING_DIVISIONS as u8).filter(|&o| o != division).find(|&o| {
            self.frontage(o).is_some_and(|f| f.overlaps(mine))
                && self.units.iter().any(|u| u.division == Some(o) && matches!(u.place, Place::On(_)))
        })
    }
}
