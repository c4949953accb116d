//! Race for X's decisions as link version 1 coded them (`fd1.` links, system code 0), kept
//! for reading those links (`GrammarV1`): the system's grammar (`grammar`) has since been made
//! tight. Race for X was the first system in a link, coded by a hand-written coder; this
//! grammar walks exactly its choices, in its order, with its models, so every link ever written
//! still reads. Frozen with link version 1: the contexts below (each one adaptive model of the
//! old coder), the order of the choices, and the exact chances of `losses` and `subset`.
//! Its setup is the system's (`grammar_setup`, unchanged).
//!
//! It is loose in two places: the units fielded are any set of the size allowed (the rules then
//! refuse those that leave out an HQ the deployment rule forces), and a note may be empty (the
//! rules refuse it).
//!
//! - Offensive actions: which player (a flag, when neither has chosen), then Attack/Regroup
//!   (a flag per player).
//! - Forces: the set of units, `units_allowed` of `rules::fieldable_units`, each in or out
//!   with the exact chance that makes every set equally likely, then the order (`order`).
//! - The fight: clock roll (while the clock runs), outcome, note or named objectives, as up
//!   to three flags by context (clock rolled yet, objectives named yet, clock run out); a
//!   note or a name is a text; the outcome is objectives (two flags), which of the alive
//!   stands of the fielded units were killed (`losses`; then the order), and the stands that
//!   exited (a flag "some", then uniform up to the fighting stands left).
//! - Replacing a commander: which of `rules::pending_commanders`, and which of
//!   `rules::replacement_candidates`, each uniform.
//! - The rolls, the movement: nothing to choose (the dice are the coder's).

use super::rules::{self, Decision};
use super::state::PlayerState;
use super::tables::OffensiveAction;
use super::{BattleOutcome, Orbat, Phase, RaceForX, Setup, Side, StandRef, State};
use crate::engine::grammar::one_of;
use crate::engine::{Chooser, GrammarOf};

/// Link version 1's grammar of Race for X: reads `fd1.` links (system code 0).
pub struct GrammarV1;

impl GrammarOf<RaceForX> for GrammarV1 {
    fn setup<C: Chooser>(c: &mut C, given: Option<&Setup>) -> Result<Setup, C::Error> {
        super::grammar_setup::setup(c, given)
    }
    fn decision<C: Chooser>(
        setup: &Setup,
        s: &State,
        c: &mut C,
        given: Option<&Decision>,
    ) -> Result<Decision, C::Error> {
        decision(setup, s, c, given)
    }
    fn over(_setup: &Setup, s: &State) -> bool {
        s.phase() == Phase::Finished
    }
}

// Contexts of the decisions, flags.
const SIDE_B_FIRST: u16 = 16;
/// Regroup rather than attack, by side (2).
const REGROUP: u16 = 17;
pub(super) const FORCES_SHUFFLED: u16 = 19;
/// Fight: not a clock roll (4); not the outcome (8); names rather than a note (4). By
/// context: clock rolled yet, objectives named yet (and, for the outcome, the clock still
/// running).
const NOT_CLOCK: u16 = 20;
const NOT_OUTCOME: u16 = 24;
const NAMES: u16 = 32;
/// Some objectives; both (2).
const OBJECTIVES: u16 = 36;
const KILLED_SHUFFLED: u16 = 38;
const EXITED: u16 = 39;

/// A decision of the current step. Writing, one the grammar cannot express (another step's
/// decision, a set of the wrong size...) is refused.
pub fn decision<C: Chooser>(setup: &Setup, s: &State, c: &mut C, d: Option<&Decision>) -> Result<Decision, C::Error> {
    let only = |c: &mut C, x: Decision| match d {
        Some(y) if *y != x => Err(c.refuse()),
        _ => Ok(x),
    };
    let side = s.offensive_side();
    let orbat = side.map(|side| &setup.players[side.index()].orbat);
    Ok(match s.phase() {
        Phase::ChooseActions => {
            let given = match d {
                Some(Decision::ChooseAction { side, action }) => Some((*side, *action)),
                Some(_) => return Err(c.refuse()),
                None => None,
            };
            let free: Vec<Side> = Side::BOTH.into_iter().filter(|x| s.actions()[x.index()].is_none()).collect();
            let chosen = match free[..] {
                [_, _] => {
                    if c.flag(SIDE_B_FIRST, given.map(|g| g.0 == Side::B))? {
                        Side::B
                    } else {
                        Side::A
                    }
                }
                [one] => one,
                _ => return Err(c.refuse()),
            };
            if given.is_some_and(|g| g.0 != chosen) {
                return Err(c.refuse());
            }
            let ctx = REGROUP + chosen.index() as u16;
            let regroup = c.flag(ctx, given.map(|g| g.1 == OffensiveAction::Regroup))?;
            let action = if regroup { OffensiveAction::Regroup } else { OffensiveAction::Attack };
            Decision::ChooseAction { side: chosen, action }
        }
        Phase::TypeOfBattle => only(c, Decision::RollBattleType)?,
        Phase::FieldForces => {
            let given = match d {
                Some(Decision::FieldForces { units }) => Some(&units[..]),
                Some(_) => return Err(c.refuse()),
                None => None,
            };
            let (Some(side), Some(orbat), Some(b)) = (side, orbat, s.current()) else {
                return Err(c.refuse());
            };
            let fieldable = rules::fieldable_units(orbat, s.player(side));
            let k = b.units_allowed;
            let member: Option<Vec<bool>> = given.map(|g| fieldable.iter().map(|u| g.contains(u)).collect());
            let fits = |g: &[u16], member: &[bool]| g.len() == k && member.iter().filter(|&&x| x).count() == k;
            if k > fieldable.len() || given.zip(member.as_deref()).is_some_and(|(g, m)| !fits(g, m)) {
                return Err(c.refuse());
            }
            let chosen = subset(c, &fieldable, k, member.as_deref())?;
            Decision::FieldForces { units: order(c, FORCES_SHUFFLED, chosen, given)? }
        }
        Phase::DefenceRoll => only(c, Decision::RollDefence)?,
        Phase::Fight => {
            let Some(b) = s.current() else { return Err(c.refuse()) };
            let given = match d {
                Some(Decision::ClockRoll) => Some(0),
                Some(Decision::RecordOutcome(_)) => Some(1),
                Some(Decision::Note { .. }) => Some(2),
                Some(Decision::NameObjectives { .. }) => Some(3),
                Some(_) => return Err(c.refuse()),
                None => None,
            };
            let clock_runs = rules::clock_runs(b);
            let ctx = (b.clock_rolls > 0) as u16 | (b.objectives.iter().any(|o| !o.is_empty()) as u16) << 1;
            let variant = if clock_runs && !c.flag(NOT_CLOCK + ctx, given.map(|g| g != 0))? {
                0
            } else if !c.flag(NOT_OUTCOME + (ctx | (clock_runs as u16) << 2), given.map(|g| g > 1))? {
                1
            } else if c.flag(NAMES + ctx, given.map(|g| g == 3))? {
                3
            } else {
                2
            };
            if given.is_some_and(|g| g != variant) {
                return Err(c.refuse());
            }
            match (variant, d) {
                (0, _) => Decision::ClockRoll,
                (1, d) => {
                    let given = match d {
                        Some(Decision::RecordOutcome(o)) => Some(o),
                        _ => None,
                    };
                    let (Some(side), Some(orbat)) = (side, orbat) else { return Err(c.refuse()) };
                    Decision::RecordOutcome(outcome(c, orbat, s.player(side), &b.fielded, given)?)
                }
                (2, d) => {
                    let given = match d {
                        Some(Decision::Note { text }) => Some(&**text),
                        _ => None,
                    };
                    Decision::Note { text: c.text(given)? }
                }
                (_, d) => {
                    let given = match d {
                        Some(Decision::NameObjectives { names }) => Some(names),
                        _ => None,
                    };
                    let first = c.text(given.map(|n| &*n[0]))?;
                    let second = c.text(given.map(|n| &*n[1]))?;
                    Decision::NameObjectives { names: [first, second] }
                }
            }
        }
        Phase::BattleResult => only(c, Decision::RollBattleResult)?,
        Phase::Movement => only(c, Decision::ConfirmMovement)?,
        Phase::ReplaceCommanders => {
            let given = match d {
                Some(Decision::ReplaceCommander { commander, replacement }) => Some((*commander, *replacement)),
                Some(_) => return Err(c.refuse()),
                None => None,
            };
            let (Some(side), Some(orbat)) = (side, orbat) else { return Err(c.refuse()) };
            let p = s.player(side);
            let pending = rules::pending_commanders(orbat, p);
            let commander = one_of(c, &pending, given.as_ref().map(|g| &g.0))?;
            let candidates = rules::replacement_candidates(orbat, p, commander).0;
            let replacement = one_of(c, &candidates, given.as_ref().map(|g| &g.1))?;
            Decision::ReplaceCommander { commander, replacement }
        }
        Phase::Recovery => only(c, Decision::RollRecovery)?,
        Phase::Finished => return Err(c.refuse()),
    })
}

/// What the offensive player recorded: objectives, the stands killed among those that
/// could be (alive, in a fielded unit), the stands that exited (at most the fighting
/// stands left on the table).
fn outcome<C: Chooser>(
    c: &mut C,
    orbat: &Orbat,
    p: &PlayerState,
    fielded: &[u16],
    o: Option<&BattleOutcome>,
) -> Result<BattleOutcome, C::Error> {
    let given = o.map(|o| o.objectives);
    if given.is_some_and(|g| g > 2) {
        return Err(c.refuse());
    }
    let objectives = match c.flag(OBJECTIVES, given.map(|g| g > 0))? {
        false => 0,
        true => 1 + c.flag(OBJECTIVES + 1, given.map(|g| g == 2))? as u8,
    };
    let candidates: Vec<StandRef> =
        orbat.stand_refs().filter(|&r| rules::may_be_killed(orbat, p, fielded, r).is_ok()).collect();
    let given = o.map(|o| &o.killed[..]);
    let member: Option<Vec<bool>> = given.map(|g| candidates.iter().map(|r| g.contains(r)).collect());
    if given.zip(member.as_deref()).is_some_and(|(g, m)| m.iter().filter(|&&x| x).count() != g.len()) {
        return Err(c.refuse());
    }
    let chosen = losses(c, &candidates, member.as_deref())?;
    c.spend(chosen.len() as u64)?;
    let killed = order(c, KILLED_SHUFFLED, chosen, given)?;
    let max = rules::most_exited(orbat, p, fielded, &killed);
    let given = o.map(|o| o.exited as usize);
    if given.is_some_and(|g| g > max) || max > 1 << 16 {
        return Err(c.refuse());
    }
    let exited = if max > 0 && c.flag(EXITED, given.map(|g| g > 0))? {
        1 + c.pick(max as u32, given.map(|g| g.saturating_sub(1) as u32))? as u16
    } else {
        0
    };
    Ok(BattleOutcome { objectives, exited, killed })
}

/// Which of `items` are in, in order, each with the chance the battle's record so far
/// gives: `(2 in + 1) / (2 seen + 2)`, a Krichevsky–Trofimov estimate (about log2 of n choose
/// k, plus half of log2 n, bits in all).
fn losses<C: Chooser, T: Copy>(c: &mut C, items: &[T], member: Option<&[bool]>) -> Result<Vec<T>, C::Error> {
    let (mut outs, mut ins) = (0u32, 0u32);
    let mut out = Vec::new();
    for (i, &x) in items.iter().enumerate() {
        if c.chance(2 * ins + 1, 2 * (outs + ins) + 2, member.map(|m| m[i]))? {
            out.push(x);
            ins += 1;
        } else {
            outs += 1;
        }
    }
    Ok(out)
}

/// `k` of `items`, each in or out with the exact chance that leaves every set of `k`
/// equally likely (log2 of n choose k bits in all).
fn subset<C: Chooser, T: Copy>(c: &mut C, items: &[T], k: usize, member: Option<&[bool]>) -> Result<Vec<T>, C::Error> {
    let n = items.len();
    let mut left = k;
    let mut out = Vec::with_capacity(k);
    for (i, &x) in items.iter().enumerate() {
        let rest = n - i;
        let take = if left == 0 {
            false
        } else if left == rest {
            true
        } else {
            c.chance(left as u32, rest as u32, member.map(|m| m[i]))?
        };
        if take {
            out.push(x);
            left -= 1;
        }
    }
    Ok(out)
}

/// The order chosen: as listed (a flag), or which of those left comes next.
pub(super) fn order<C: Chooser, T: Copy + PartialEq>(
    c: &mut C,
    ctx: u16,
    chosen: Vec<T>,
    given: Option<&[T]>,
) -> Result<Vec<T>, C::Error> {
    let k = chosen.len();
    if k < 2 || !c.flag(ctx, given.map(|g| g != chosen))? {
        return Ok(chosen);
    }
    let mut rest = chosen.clone();
    let mut out = Vec::with_capacity(k);
    for j in 0..k {
        let at = match given {
            // Writing, `given` holds the very items chosen (checked by the caller).
            Some(g) => Some(g.get(j).and_then(|g| rest.iter().position(|x| x == g)).ok_or_else(|| c.refuse())? as u32),
            None => None,
        };
        let i = c.pick((k - j) as u32, at)? as usize;
        out.push(rest.remove(i));
    }
    if out == chosen {
        // The writer sends the listed order as such.
        return Err(c.refuse());
    }
    Ok(out)
}
