//! The position of a Race for X campaign.

use super::orbat::StandRef;
use super::tables::{BattleResult, BattleType, DefenceOption, ForceSize, OffensiveAction};
use super::stage::{Part, Stage};
use serde::{Deserialize, Serialize};

/// Player A (first route) or player B (second route).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    A,
    B,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::A, Side::B];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
    pub fn letter(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
        }
    }
}

/// Where a player stands on their route: zones 1 (Base Zone) to 5, then the objective X.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Place(u8);

impl Place {
    pub const BASE: Place = Place(1);
    pub const LAST_ZONE: Place = Place(5);
    pub const X: Place = Place(6);
    pub fn zone(n: u8) -> Place {
        assert!((1..=5).contains(&n));
        Place(n)
    }
    /// The zone number, 1 to 5; `None` at X.
    pub fn zone_number(self) -> Option<u8> {
        (self.0 <= 5).then_some(self.0)
    }
    pub fn is_x(self) -> bool {
        self.0 == 6
    }
    pub fn name(self) -> String {
        if self.is_x() {
            "X".into()
        } else {
            format!("Zone {}", self.0)
        }
    }
    /// Moves along the route; no retreat out of zone 1, nothing beyond X.
    pub fn moved(self, zones: i8) -> Place {
        Place((self.0 as i8 + zones).clamp(1, 6) as u8)
    }
    pub fn raw(self) -> u8 {
        self.0
    }
}

/// What a player's last campaign turn did, for the next turn's modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastTurn {
    pub action: OffensiveAction,
    /// Zones actually moved (a retreat from zone 1 moves nobody).
    pub moved: i8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub place: Place,
    pub last: Option<LastTurn>,
    /// Per unit, per stand: lost (killed, or given up to replace a commander).
    pub lost: Vec<Vec<bool>>,
}

impl PlayerState {
    pub fn is_lost(&self, r: StandRef) -> bool {
        self.lost[r.unit as usize][r.stand as usize]
    }
    pub fn lost_refs(&self) -> Vec<StandRef> {
        let mut v = Vec::new();
        for (u, stands) in self.lost.iter().enumerate() {
            for (s, &l) in stands.iter().enumerate() {
                if l {
                    v.push(StandRef { unit: u as u16, stand: s as u8 });
                }
            }
        }
        v
    }
    pub fn lost_count(&self) -> usize {
        self.lost.iter().flatten().filter(|&&l| l).count()
    }
    /// Stands of the unit still with it.
    pub fn alive_in(&self, unit: usize) -> usize {
        self.lost[unit].iter().filter(|&&l| !l).count()
    }
}

/// What the offensive player recorded after the table game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleOutcome {
    /// Terrain objectives controlled at the end: 0, 1 or 2.
    pub objectives: u8,
    /// Own fighting stands that exited the enemy base edge.
    pub exited: u16,
    /// Own stands killed (any kind; only fighting stands cost victory points).
    pub killed: Vec<StandRef>,
}

/// One player's part of a campaign turn, built up step by step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub turn: u32,
    pub side: Side,
    pub action: OffensiveAction,
    /// Where the offensive player stood when the turn began.
    pub from: Place,
    /// Type-of-battle die and total.
    pub type_roll: Option<(u16, i32)>,
    /// `None` after the roll means no battle.
    pub battle: Option<BattleType>,
    pub units_allowed: usize,
    /// Units fielded by the offensive player (indices into the orbat).
    pub fielded: Vec<u16>,
    pub defence: Option<(ForceSize, DefenceOption)>,
    pub clock: u8,
    pub clock_rolls: u16,
    pub objectives: [String; 2],
    pub notes: Vec<String>,
    pub outcome: Option<BattleOutcome>,
    pub vp: Option<i32>,
    pub result_roll: Option<(u16, i32)>,
    pub result: Option<BattleResult>,
    pub to: Option<Place>,
    /// Commanders replaced after the battle: (commander, the stand that stepped in).
    pub replacements: Vec<(StandRef, Option<StandRef>)>,
    pub recovery_target: Option<u16>,
    pub recovered: Vec<StandRef>,
    pub recovery_rolled: bool,
}

impl Battle {
    pub fn new(turn: u32, side: Side, action: OffensiveAction, from: Place) -> Battle {
        Battle {
            turn,
            side,
            action,
            from,
            type_roll: None,
            battle: None,
            units_allowed: 0,
            fielded: Vec::new(),
            defence: None,
            clock: 0,
            clock_rolls: 0,
            objectives: [String::new(), String::new()],
            notes: Vec::new(),
            outcome: None,
            vp: None,
            result_roll: None,
            result: None,
            to: None,
            replacements: Vec::new(),
            recovery_target: None,
            recovered: Vec::new(),
            recovery_rolled: false,
        }
    }
}

/// Steps of the campaign turn, in the text's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Both players choose Attack or Regroup in secret.
    ChooseActions,
    /// Roll the type of battle.
    TypeOfBattle,
    /// The offensive player picks the units to field.
    FieldForces,
    /// Roll option A or B of the defensive orbat.
    DefenceRoll,
    /// The table game: moving clock, notes, then the outcome form.
    Fight,
    /// Roll the battle result.
    BattleResult,
    /// Move on the map.
    Movement,
    /// Killed commanders are replaced by other stands.
    ReplaceCommanders,
    /// Roll for every lost stand.
    Recovery,
    /// The campaign is over.
    Finished,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::ChooseActions => "Offensive actions",
            Phase::TypeOfBattle => "Type of battle",
            Phase::FieldForces => "Forces on table",
            Phase::DefenceRoll => "Defending force",
            Phase::Fight => "Fight the battle",
            Phase::BattleResult => "Battle result",
            Phase::Movement => "Zone movement",
            Phase::ReplaceCommanders => "Replace commanders",
            Phase::Recovery => "Recover losses",
            Phase::Finished => "Campaign over",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Win(Side),
    Draw,
}

/// The position. Stored as a flat record (`stage.rs` reads and writes it).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "super::stage::Flat")]
pub struct State {
    /// Campaign turn, from 1.
    pub turn: u32,
    pub players: [PlayerState; 2],
    /// Finished parts of turns, oldest first.
    pub battles: Vec<Battle>,
    /// Where the turn stands: the choices, the part under way with its battle, or the end.
    pub stage: Stage,
}

impl State {
    pub fn player(&self, side: Side) -> &PlayerState {
        &self.players[side.index()]
    }
    /// Whose part of the turn is being played.
    pub fn offensive_side(&self) -> Option<Side> {
        self.current().map(|b| b.side)
    }
    pub fn both_chosen(&self) -> bool {
        self.actions().iter().all(Option::is_some)
    }
    /// The step of the turn, as a tag to match on.
    pub fn phase(&self) -> Phase {
        self.stage.phase()
    }
    /// The part of the turn under way, with its battle.
    pub fn current(&self) -> Option<&Battle> {
        match &self.stage {
            Stage::Part(p) => Some(&p.battle),
            Stage::Choosing(_) | Stage::Finished { .. } => None,
        }
    }
    /// This turn's choices as far as the reader may see them.
    pub fn actions(&self) -> [Option<OffensiveAction>; 2] {
        match &self.stage {
            Stage::Choosing(actions) => *actions,
            Stage::Part(Part { actions, .. }) | Stage::Finished { actions, .. } => actions.map(Some),
        }
    }
    /// Who won, once the campaign is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.stage {
            Stage::Finished { outcome, .. } => Some(outcome),
            Stage::Choosing(_) | Stage::Part(_) => None,
        }
    }
}
