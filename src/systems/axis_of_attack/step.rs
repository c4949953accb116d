//! Where an Axis of Attack campaign stands: a turn at one of its steps, carrying the turn's
//! record and what the step implies beyond it, or the campaign over with its outcome (issue
//! 29). A step of a turn cannot be without the turn's record, nor the end without an outcome:
//! `rules::apply` matches on the step and the decision, and asks nothing twice.
//!
//! Seat copies (format 1, released) write the position as it always was: `phase`, `current`
//! and `outcome` side by side (`Written`), the defender's pending roll in the record. A copy
//! read back must fit together: each step of a turn its record and no outcome, the end an
//! outcome and no turn, the defender's shift a roll, a mission change a player it is offered
//! to, a breakthrough a winner. Anything else is refused as it is read.

use super::state::{
    LedgerEntry, MissionSelection, Outcome, Phase, PlatoonState, Sector, Side, State, TurnRecord,
};
use super::tables::{self, Mud, Weather};
use serde::{Deserialize, Serialize, Serializer};
use std::borrow::Cow;
use std::sync::Arc;

/// Where the campaign stands. (The turn is held in place, as `Option<TurnRecord>` held it: the
/// small variant comes once, at the end.)
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
pub enum Step {
    /// A turn under way, at one of its steps, with its record so far.
    Turn { at: At, record: TurnRecord },
    /// The campaign is over.
    Finished(Outcome),
}

/// The step of a turn, with what it implies beyond the turn's record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum At {
    MissionRoll,
    /// The roll waiting for the defender's shift: the record takes it once it is final.
    MissionAdjust(MissionSelection),
    /// The player offered the 5-VP change now.
    MissionChange {
        offered: Side,
    },
    Attacker,
    GameArea,
    Forces,
    Weather,
    Game,
    /// The winner of the Breakthrough, who may push on one or two sectors.
    Breakthrough {
        winner: Side,
    },
    Casualties,
    Reinforcements,
    Exchanges,
}

impl At {
    pub fn phase(&self) -> Phase {
        match self {
            At::MissionRoll => Phase::MissionRoll,
            At::MissionAdjust(_) => Phase::MissionAdjust,
            At::MissionChange { .. } => Phase::MissionChange,
            At::Attacker => Phase::Attacker,
            At::GameArea => Phase::GameArea,
            At::Forces => Phase::Forces,
            At::Weather => Phase::Weather,
            At::Game => Phase::Game,
            At::Breakthrough { .. } => Phase::Breakthrough,
            At::Casualties => Phase::Casualties,
            At::Reinforcements => Phase::Reinforcements,
            At::Exchanges => Phase::Exchanges,
        }
    }
}

impl Step {
    /// What stands in a position while `rules::apply` works on its turn apart from it: never
    /// seen outside, as `apply` always puts the step it arrives at back.
    pub(super) const TAKEN: Step = Step::Finished(Outcome::Stalemate);

    pub(super) fn turn(at: At, record: TurnRecord) -> Step {
        Step::Turn { at, record }
    }
}

impl State {
    /// The step's name, as the screens match on it.
    pub fn phase(&self) -> Phase {
        match &self.step {
            Step::Turn { at, .. } => at.phase(),
            Step::Finished(_) => Phase::Finished,
        }
    }
    /// The turn under way (`None` once the campaign is over). While the defender may shift
    /// the mission roll, the roll is the step's (`State::selection`), not yet the record's.
    pub fn current(&self) -> Option<&TurnRecord> {
        match &self.step {
            Step::Turn { record, .. } => Some(record),
            Step::Finished(_) => None,
        }
    }
    pub(super) fn current_mut(&mut self) -> Option<&mut TurnRecord> {
        match &mut self.step {
            Step::Turn { record, .. } => Some(record),
            Step::Finished(_) => None,
        }
    }
    pub fn outcome(&self) -> Option<Outcome> {
        match self.step {
            Step::Finished(o) => Some(o),
            Step::Turn { .. } => None,
        }
    }
    /// This turn's mission roll: waiting for the defender's shift, or final in the record.
    pub fn selection(&self) -> Option<&MissionSelection> {
        match &self.step {
            Step::Turn { at: At::MissionAdjust(sel), .. } => Some(sel),
            Step::Turn { record, .. } => record.selection.as_ref(),
            Step::Finished(_) => None,
        }
    }
}

/// The mission change's offer, which a `At::MissionChange` carries (here, in the position's own
/// layer, as reading a seat copy works it out too).
impl State {
    /// Order in which the mission change is offered: the higher VP balance first; on equal
    /// balances the last game's winner first, west when there was none.
    pub fn change_order(&self) -> [Side; 2] {
        let (w, e) = (self.balance(Side::West), self.balance(Side::East));
        let first = if w > e {
            Side::West
        } else if e > w {
            Side::East
        } else {
            self.last_turn().and_then(TurnRecord::winner).unwrap_or(Side::West)
        };
        [first, first.other()]
    }
    /// The player the change of turn `t`'s mission is offered to now, by the position's VP.
    pub(super) fn offer(&self, t: &TurnRecord) -> Option<Side> {
        if t.change.is_some() {
            return None;
        }
        self.change_order()
            .into_iter()
            .find(|&x| !t.declined.contains(&x) && self.balance(x) >= tables::MISSION_CHANGE_COST)
    }
}

// ---------------------------------------------------------------------------------------
// The written form (seat copies, format 1)
// ---------------------------------------------------------------------------------------

/// The position as seat copies have always written it, field for field.
#[derive(Serialize)]
struct WrittenRef<'a> {
    turn: u32,
    phase: Phase,
    sector: Sector,
    weather: Weather,
    mud: Mud,
    roster: &'a [Vec<PlatoonState>; 2],
    ledger: &'a [LedgerEntry],
    current: Option<Cow<'a, TurnRecord>>,
    turns: &'a Arc<Vec<TurnRecord>>,
    outcome: Option<Outcome>,
    mobility_rule: Option<Side>,
    readings: u8,
}

/// The same, read.
#[derive(Deserialize)]
pub(super) struct Written {
    turn: u32,
    phase: Phase,
    sector: Sector,
    weather: Weather,
    mud: Mud,
    roster: [Vec<PlatoonState>; 2],
    ledger: Vec<LedgerEntry>,
    current: Option<TurnRecord>,
    turns: Arc<Vec<TurnRecord>>,
    outcome: Option<Outcome>,
    mobility_rule: Option<Side>,
    readings: u8,
}

impl Serialize for State {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let current = match &self.step {
            Step::Turn { at: At::MissionAdjust(sel), record } => {
                Some(Cow::Owned(TurnRecord { selection: Some(sel.clone()), ..record.clone() }))
            }
            Step::Turn { record, .. } => Some(Cow::Borrowed(record)),
            Step::Finished(_) => None,
        };
        WrittenRef {
            turn: self.turn,
            phase: self.phase(),
            sector: self.sector,
            weather: self.weather,
            mud: self.mud,
            roster: &self.roster,
            ledger: &self.ledger,
            current,
            turns: &self.turns,
            outcome: self.outcome(),
            mobility_rule: self.mobility_rule,
            readings: self.readings,
        }
        .serialize(serializer)
    }
}

/// Why a written position does not fit together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misshapen {
    /// A step of a turn without the turn's record, or with an outcome.
    TurnWithoutRecord(Phase),
    /// The campaign over with a turn under way, or without an outcome.
    EndWithTurn,
    /// The defender's shift without the mission roll.
    ShiftWithoutRoll,
    /// The mission change offered to nobody.
    ChangeOfferedToNobody,
    /// A breakthrough without a winner.
    BreakthroughWithoutWinner,
}

impl std::fmt::Display for Misshapen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Misshapen::TurnWithoutRecord(p) => {
                write!(f, "its step ({}) has no turn under way, or an outcome already", p.name())
            }
            Misshapen::EndWithTurn => write!(f, "the campaign is over with a turn under way, or without an outcome"),
            Misshapen::ShiftWithoutRoll => write!(f, "the defender's shift has no mission roll"),
            Misshapen::ChangeOfferedToNobody => write!(f, "the mission change is offered to nobody"),
            Misshapen::BreakthroughWithoutWinner => write!(f, "a breakthrough has no winner"),
        }
    }
}

impl TryFrom<Written> for State {
    type Error = Misshapen;
    fn try_from(w: Written) -> Result<State, Misshapen> {
        let mut s = State {
            turn: w.turn,
            step: Step::TAKEN,
            sector: w.sector,
            weather: w.weather,
            mud: w.mud,
            roster: w.roster,
            ledger: w.ledger,
            turns: w.turns,
            mobility_rule: w.mobility_rule,
            readings: w.readings,
        };
        s.step = match (w.phase, w.current, w.outcome) {
            (Phase::Finished, None, Some(o)) => Step::Finished(o),
            (Phase::Finished, _, _) => return Err(Misshapen::EndWithTurn),
            (phase, Some(record), None) => step_at(&s, phase, record)?,
            (phase, _, _) => return Err(Misshapen::TurnWithoutRecord(phase)),
        };
        Ok(s)
    }
}

/// A turn's step as written, with what it implies found in the record and the position.
fn step_at(s: &State, phase: Phase, mut record: TurnRecord) -> Result<Step, Misshapen> {
    let at = match phase {
        Phase::MissionRoll => At::MissionRoll,
        Phase::MissionAdjust => At::MissionAdjust(record.selection.take().ok_or(Misshapen::ShiftWithoutRoll)?),
        Phase::MissionChange => At::MissionChange { offered: s.offer(&record).ok_or(Misshapen::ChangeOfferedToNobody)? },
        Phase::Attacker => At::Attacker,
        Phase::GameArea => At::GameArea,
        Phase::Forces => At::Forces,
        Phase::Weather => At::Weather,
        Phase::Game => At::Game,
        Phase::Breakthrough => {
            At::Breakthrough { winner: record.winner().ok_or(Misshapen::BreakthroughWithoutWinner)? }
        }
        Phase::Casualties => At::Casualties,
        Phase::Reinforcements => At::Reinforcements,
        Phase::Exchanges => At::Exchanges,
        Phase::Finished => return Err(Misshapen::EndWithTurn),
    };
    Ok(Step::turn(at, record))
}
