//! The plain codings: the stored JSON of a system without a model of its own, and, for a
//! Race for X history that does not replay, every journal line as it is.

use super::budget::ReplayCost;
use super::codes::{self, code, line_kind, LINE_DECIDE, LINE_REDO, LINE_UNDO};
use super::models::{count, raw, text, tree, Models};
use super::range::Coder;
use super::{LinkError, MAX_DECODED};
use crate::engine::{Action, Entry, Roll, Roller};
use crate::systems::race_for_x::tables::OffensiveAction;
use crate::systems::race_for_x::{BattleOutcome, Decision, RaceForX, Setup, Side, StandRef};
use crate::systems::Body;

/// Systems without a model of their own travel as the stored JSON of their body, coded
/// with the text model: longer links (the share screen offers a file past QR size).
pub(super) fn json_body<C: Coder + ?Sized>(c: &mut C, m: &mut Models, body: Option<&Body>) -> Result<Body, LinkError> {
    let json = body.map(|b| serde_json::to_string(b).expect("bodies serialise"));
    let json = text(c, &mut m.text, json.as_deref())?;
    let body: Body = crate::engine::json::from_str(&json).map_err(|_| LinkError::Corrupt)?;
    if matches!(body, Body::RaceForX { .. }) {
        return Err(LinkError::Corrupt);
    }
    Ok(body)
}

// Decision tags of the plain coding, frozen for link version 1.
const TAG_CHOOSE_ACTION: u32 = 0;
const TAG_ROLL_BATTLE_TYPE: u32 = 1;
const TAG_FIELD_FORCES: u32 = 2;
const TAG_ROLL_DEFENCE: u32 = 3;
const TAG_CLOCK_ROLL: u32 = 4;
const TAG_NAME_OBJECTIVES: u32 = 5;
const TAG_NOTE: u32 = 6;
const TAG_RECORD_OUTCOME: u32 = 7;
const TAG_ROLL_BATTLE_RESULT: u32 = 8;
const TAG_CONFIRM_MOVEMENT: u32 = 9;
const TAG_REPLACE_COMMANDER: u32 = 10;
const TAG_ROLL_RECOVERY: u32 = 11;

fn tag(d: &Decision) -> u32 {
    match d {
        Decision::ChooseAction { .. } => TAG_CHOOSE_ACTION,
        Decision::RollBattleType => TAG_ROLL_BATTLE_TYPE,
        Decision::FieldForces { .. } => TAG_FIELD_FORCES,
        Decision::RollDefence => TAG_ROLL_DEFENCE,
        Decision::ClockRoll => TAG_CLOCK_ROLL,
        Decision::NameObjectives { .. } => TAG_NAME_OBJECTIVES,
        Decision::Note { .. } => TAG_NOTE,
        Decision::RecordOutcome(_) => TAG_RECORD_OUTCOME,
        Decision::RollBattleResult => TAG_ROLL_BATTLE_RESULT,
        Decision::ConfirmMovement => TAG_CONFIRM_MOVEMENT,
        Decision::ReplaceCommander { .. } => TAG_REPLACE_COMMANDER,
        Decision::RollRecovery => TAG_ROLL_RECOVERY,
    }
}

pub(super) fn plain_lines<C: Coder + ?Sized>(
    c: &mut C,
    m: &mut Models,
    setup: &Setup,
    n: usize,
    journal: Option<&[Action<Decision>]>,
    cost: &mut ReplayCost,
) -> Result<Vec<Action<Decision>>, LinkError> {
    let mut out = Vec::with_capacity(n);
    for at in 0..n {
        let line = journal.map(|j| &j[at]);
        match tree(c, &mut m.raw_kind, 2, line.map_or(0, line_kind) as u32)? as usize {
            LINE_DECIDE => {
                let entry = match line {
                    Some(Action::Decide(e)) => Some(e),
                    _ => None,
                };
                let entry = plain_entry(c, m, entry)?;
                if c.decoding() {
                    cost.add::<RaceForX>(setup, &entry.decision)?;
                }
                out.push(Action::Decide(entry));
            }
            LINE_UNDO => out.push(Action::Undo),
            LINE_REDO => {
                if c.decoding() {
                    cost.add_state()?;
                }
                out.push(Action::Redo);
            }
            _ => return Err(LinkError::Corrupt),
        }
    }
    Ok(out)
}

fn stand_ref<C: Coder + ?Sized>(c: &mut C, r: Option<&StandRef>) -> Result<StandRef, LinkError> {
    let unit = raw(c, 16, r.map_or(0, |r| r.unit as u64))? as u16;
    let stand = raw(c, 8, r.map_or(0, |r| r.stand as u64))? as u8;
    Ok(StandRef { unit, stand })
}

fn plain_entry<C: Coder + ?Sized>(
    c: &mut C,
    m: &mut Models,
    e: Option<&Entry<Decision>>,
) -> Result<Entry<Decision>, LinkError> {
    let d = e.map(|e| &e.decision);
    let decision = match tree(c, &mut m.raw_tag, 4, d.map_or(0, tag))? {
        TAG_CHOOSE_ACTION => {
            let (side, action) = match d {
                Some(Decision::ChooseAction { side, action }) => (*side, *action),
                _ => (Side::A, OffensiveAction::Attack),
            };
            let side = if c.uniform(2, side.index() as u32)? == 1 { Side::B } else { Side::A };
            let regroup = c.uniform(2, (action == OffensiveAction::Regroup) as u32)? == 1;
            Decision::ChooseAction {
                side,
                action: if regroup { OffensiveAction::Regroup } else { OffensiveAction::Attack },
            }
        }
        TAG_ROLL_BATTLE_TYPE => Decision::RollBattleType,
        TAG_FIELD_FORCES => {
            let given = match d {
                Some(Decision::FieldForces { units }) => &units[..],
                _ => &[],
            };
            let n = count(c, &mut m.raw_count, given.len(), MAX_DECODED)?;
            let units = (0..n)
                .map(|i| Ok(raw(c, 16, given.get(i).map_or(0, |&u| u as u64))? as u16))
                .collect::<Result<_, LinkError>>()?;
            Decision::FieldForces { units }
        }
        TAG_ROLL_DEFENCE => Decision::RollDefence,
        TAG_CLOCK_ROLL => Decision::ClockRoll,
        TAG_NAME_OBJECTIVES => {
            let given = match d {
                Some(Decision::NameObjectives { names }) => Some(names),
                _ => None,
            };
            let first = text(c, &mut m.text, given.map(|n| &*n[0]))?;
            let second = text(c, &mut m.text, given.map(|n| &*n[1]))?;
            Decision::NameObjectives { names: [first, second] }
        }
        TAG_NOTE => {
            let given = match d {
                Some(Decision::Note { text }) => Some(&**text),
                _ => None,
            };
            Decision::Note { text: text(c, &mut m.text, given)? }
        }
        TAG_RECORD_OUTCOME => {
            let given = match d {
                Some(Decision::RecordOutcome(o)) => Some(o),
                _ => None,
            };
            let objectives = raw(c, 8, given.map_or(0, |o| o.objectives as u64))? as u8;
            let exited = raw(c, 16, given.map_or(0, |o| o.exited as u64))? as u16;
            let killed_given = given.map_or(&[][..], |o| &o.killed[..]);
            let n = count(c, &mut m.raw_count, killed_given.len(), MAX_DECODED)?;
            let killed = (0..n).map(|i| stand_ref(c, killed_given.get(i))).collect::<Result<_, _>>()?;
            Decision::RecordOutcome(BattleOutcome { objectives, exited, killed })
        }
        TAG_ROLL_BATTLE_RESULT => Decision::RollBattleResult,
        TAG_CONFIRM_MOVEMENT => Decision::ConfirmMovement,
        TAG_REPLACE_COMMANDER => {
            let given = match d {
                Some(Decision::ReplaceCommander { commander, replacement }) => Some((commander, replacement)),
                _ => None,
            };
            let commander = stand_ref(c, given.map(|g| g.0))?;
            let replacement = stand_ref(c, given.map(|g| g.1))?;
            Decision::ReplaceCommander { commander, replacement }
        }
        TAG_ROLL_RECOVERY => Decision::RollRecovery,
        _ => return Err(LinkError::Corrupt),
    };
    let given = e.map_or(&[][..], |e| &e.dice[..]);
    let n = count(c, &mut m.raw_count, given.len(), MAX_DECODED)?;
    let mut dice = Vec::with_capacity(n);
    for i in 0..n {
        let g = given.get(i);
        let die = code(codes::die_of(c.uniform(4, g.map_or(0, |r| codes::die(r.die) as u32))? as u8))?;
        let table = c.bit(&mut m.raw_table, g.is_some_and(|r| r.by == Roller::Table))?;
        let value = raw(c, 16, g.map_or(0, |r| r.value as u64))? as u16;
        dice.push(Roll { die, value, by: if table { Roller::Table } else { Roller::App } });
    }
    Ok(Entry::new(decision, dice))
}
