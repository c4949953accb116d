//! Where the campaign turn stands, as a type: a battle step cannot exist without its battle,
//! nor a part of the turn without both players' choices, nor the end without its winner. What
//! a step's rules read (the battle type, the defence size, the victory points, where the marker
//! goes) is carried by the step itself, so `apply` matches on (step, decision) and unwraps nothing.
//!
//! The serialised form is unchanged (seat copies of format 1 hold it): the flat record of
//! `turn`, `phase`, `players`, `actions`, `current`, `battles`, `outcome`. Reading one rebuilds
//! the stage from it and refuses a record whose parts disagree (`ShapeError`): a copy from
//! outside was never replayed here.

use super::state::{Battle, Outcome, Phase, Place, PlayerState, State};
use super::tables::{self, BattleType, ForceSize, OffensiveAction};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// The part of the campaign turn under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Both players choose Attack or Regroup in secret: the choices made so far (a view leaves
    /// out those its reader may not see yet). Never both: the turn then goes on.
    Choosing([Option<OffensiveAction>; 2]),
    /// One player's part of the turn.
    Part(Part),
    /// The campaign is over: the last turn's choices and its end.
    Finished { actions: [OffensiveAction; 2], outcome: Outcome },
}

/// One player's part of a campaign turn: the step it has reached and its battle so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// This turn's choices, both in.
    pub actions: [OffensiveAction; 2],
    pub step: Step,
    /// The record of the battle as it builds up: what the screens read, and what `battles`
    /// keeps once the part is over. It holds the values the step carries too: `apply` sets both
    /// where they are decided.
    pub battle: Box<Battle>,
}

/// The steps of a part of the turn, in the text's order, each with what its rules read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Roll the type of battle.
    TypeOfBattle,
    /// The offensive player picks the units to meet a battle of this type.
    FieldForces(BattleType),
    /// Roll option A or B of the defensive orbat of this size (both are prepared).
    DefenceRoll(ForceSize),
    /// The table game: moving clock, notes, then the outcome.
    Fight,
    /// Roll the battle result with these victory points.
    BattleResult(i32),
    /// The marker moves to this place.
    Movement(Place),
    /// Killed commanders are replaced by other stands.
    ReplaceCommanders,
    /// Roll for every lost stand.
    Recovery,
}

impl Step {
    pub fn phase(self) -> Phase {
        match self {
            Step::TypeOfBattle => Phase::TypeOfBattle,
            Step::FieldForces(_) => Phase::FieldForces,
            Step::DefenceRoll(_) => Phase::DefenceRoll,
            Step::Fight => Phase::Fight,
            Step::BattleResult(_) => Phase::BattleResult,
            Step::Movement(_) => Phase::Movement,
            Step::ReplaceCommanders => Phase::ReplaceCommanders,
            Step::Recovery => Phase::Recovery,
        }
    }
}

impl Stage {
    pub fn phase(&self) -> Phase {
        match self {
            Stage::Choosing(_) => Phase::ChooseActions,
            Stage::Part(p) => p.step.phase(),
            Stage::Finished { .. } => Phase::Finished,
        }
    }
}

/// The size of defensive orbat a battle of this type calls for, fought from `from`.
pub fn defence_size_for(kind: BattleType, from: Place) -> ForceSize {
    tables::defence_size(kind, from.zone_number().unwrap_or(5))
}

/// Why a position read from outside cannot be one: its step, battle, choices and end disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// A battle under way while the players choose, or after the end.
    BattleOutOfStep(Phase),
    /// A step of a battle with no battle under way.
    NoBattle(Phase),
    /// A step whose battle lacks what the step implies ("its battle type").
    Missing { phase: Phase, what: &'static str },
    /// Both choices in, yet still choosing; or a part or the end without both.
    Choices(Phase),
    /// The battle's action is not its player's choice.
    ActionNotChosen,
    /// An end with no winner, or a winner before the end.
    Outcome(Phase),
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::BattleOutOfStep(p) => write!(f, "a battle is under way at \"{}\"", p.name()),
            ShapeError::NoBattle(p) => write!(f, "it is at \"{}\" with no battle under way", p.name()),
            ShapeError::Missing { phase, what } => write!(f, "it is at \"{}\" but its battle has no {what}", phase.name()),
            ShapeError::Choices(Phase::ChooseActions) => write!(f, "both players have chosen yet are still choosing"),
            ShapeError::Choices(p) => write!(f, "it is at \"{}\" without both players' choices", p.name()),
            ShapeError::ActionNotChosen => write!(f, "its battle's action is not what its player chose"),
            ShapeError::Outcome(Phase::Finished) => write!(f, "the campaign is over with no result"),
            ShapeError::Outcome(p) => write!(f, "it has a result while at \"{}\"", p.name()),
        }
    }
}

impl std::error::Error for ShapeError {}

/// The position as stored: the flat record, read.
#[derive(Deserialize)]
pub struct Flat {
    turn: u32,
    phase: Phase,
    players: [PlayerState; 2],
    actions: [Option<OffensiveAction>; 2],
    current: Option<Battle>,
    battles: Vec<Battle>,
    outcome: Option<Outcome>,
}

/// The position as stored: the flat record, written (same fields, same order as `Flat`).
#[derive(Serialize)]
struct FlatRef<'a> {
    turn: u32,
    phase: Phase,
    players: &'a [PlayerState; 2],
    actions: [Option<OffensiveAction>; 2],
    current: Option<&'a Battle>,
    battles: &'a [Battle],
    outcome: Option<Outcome>,
}

impl Serialize for State {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        FlatRef {
            turn: self.turn,
            phase: self.phase(),
            players: &self.players,
            actions: self.actions(),
            current: self.current(),
            battles: &self.battles,
            outcome: self.outcome(),
        }
        .serialize(serializer)
    }
}

impl TryFrom<Flat> for State {
    type Error = ShapeError;
    fn try_from(f: Flat) -> Result<State, ShapeError> {
        let phase = f.phase;
        if f.outcome.is_some() && phase != Phase::Finished {
            return Err(ShapeError::Outcome(phase));
        }
        let both = match f.actions {
            [Some(a), Some(b)] => Some([a, b]),
            _ => None,
        };
        let stage = match (phase, f.current) {
            (Phase::ChooseActions, None) if both.is_none() => Stage::Choosing(f.actions),
            (Phase::ChooseActions, None) => return Err(ShapeError::Choices(phase)),
            (Phase::Finished, None) => Stage::Finished {
                actions: both.ok_or(ShapeError::Choices(phase))?,
                outcome: f.outcome.ok_or(ShapeError::Outcome(phase))?,
            },
            (_, None) => return Err(ShapeError::NoBattle(phase)),
            (_, Some(battle)) => {
                let step = battle_step(phase, &battle)?;
                let actions = both.ok_or(ShapeError::Choices(phase))?;
                if actions[battle.side.index()] != battle.action {
                    return Err(ShapeError::ActionNotChosen);
                }
                Stage::Part(Part { actions, step, battle: Box::new(battle) })
            }
        };
        Ok(State { turn: f.turn, players: f.players, battles: f.battles, stage })
    }
}

/// The step a stored battle is at, with what the step implies taken from the battle.
fn battle_step(phase: Phase, battle: &Battle) -> Result<Step, ShapeError> {
    let missing = |what| ShapeError::Missing { phase, what };
    let kind = || battle.battle.ok_or(missing("battle type"));
    Ok(match phase {
        Phase::ChooseActions | Phase::Finished => return Err(ShapeError::BattleOutOfStep(phase)),
        Phase::TypeOfBattle => Step::TypeOfBattle,
        Phase::FieldForces => Step::FieldForces(kind()?),
        Phase::DefenceRoll => Step::DefenceRoll(defence_size_for(kind()?, battle.from)),
        Phase::Fight => Step::Fight,
        Phase::BattleResult => Step::BattleResult(battle.vp.ok_or(missing("victory points"))?),
        Phase::Movement => Step::Movement(battle.to.ok_or(missing("place to move to"))?),
        Phase::ReplaceCommanders => Step::ReplaceCommanders,
        Phase::Recovery => Step::Recovery,
    })
}
