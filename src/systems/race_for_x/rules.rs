//! Race for X's rules: one pure `apply` over (setup, state, decision, dice).
//!
//! Readings of the text where it leaves room (`READINGS`, shown by the rules reference):
//! - A Retreat rolled in zone 1 moves nobody, so it is no retreat for next turn's
//!   type-of-battle modifier; the loss-recovery row is still Retreat.
//! - A CC must be fielded when half or more of the other units of its company are; units with
//!   no stands left still count in the whole.
//! - A BC must be fielded when half or more of its companies are fielded; a company counts when
//!   half or more of its units (its HQ included) are. Units directly under the battalion, like
//!   the heavy weapons, are not a company.
//! - A new setup's CC or BC HQ unit must command a company (with another unit in it) or a
//!   battalion (with a company in it): otherwise the must-deploy rule could never reach it.
//!   Campaigns stored before this check keep opening; their lone HQs are never forced.
//! - One defensive orbat per size (option A) is enough to start ("at least one ... ideally
//!   alternatives"); with no option B for the size called for, there is no A/B roll.
//! - Subordinates of a commander, for replacing him, are the rest of his own unit and every
//!   unit of the company or battalion he commands.
//! - A commander already replaced during the table game (Crossfire's own rule) is not killed:
//!   the stand that took his place is. The outcome records that stand, so the force does not
//!   lose two stands for one commander.
//! - PCs and FOs are not fighting stands: no exit points, no cost when killed, though they are
//!   lost and recovered like any stand.
//! - The attacker fields exactly the number of units the table gives (or every unit with
//!   stands left, if fewer).

use super::orbat::{FormationKind, Orbat, Setup, StandKind, StandRef};
pub use super::setup_check::{check_new_setup, check_setup, SetupProblem};
use super::stage::{defence_size_for, Part, Stage, Step};
use super::state::{Battle, BattleOutcome, LastTurn, Outcome, Phase, Place, PlayerState, Side, State};
use super::tables::{self, DefenceOption, ForceCondition, ForceSize, OffensiveAction, RecoveryRow};
use crate::engine::{DiceSpec, Die};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The readings listed at the top of this file, in the words the rules reference shows.
pub const READINGS: [&str; 9] = [
    "A Retreat rolled in zone 1 moves nobody, so it does not count as a retreat for next turn's type-of-battle modifier. The loss-recovery row is still Retreat.",
    "A CC must be fielded when half or more of the other units of its company are; platoons with no stands left still count in the whole.",
    "A BC must be fielded when half or more of its companies are fielded; a company counts when half or more of its units (its HQ included) are. Units directly under the battalion, like the heavy weapons, are not a company.",
    "A CC or BC HQ unit must command a company (with at least one other unit in it) or a battalion (with at least one company): otherwise the must-deploy rule could never reach it. Campaigns saved before this check still open; an HQ there that commands nothing is never forced onto the table.",
    "One defensive orbat of each size (option A) is enough to start; alternatives (option B) are welcome. When the size called for has only option A, there is no A/B roll.",
    "Subordinates of a commander, for replacing him, are the rest of his own unit and every unit of the company or battalion he commands.",
    REPLACED_DURING_GAME,
    "PCs and FOs are not fighting stands: they earn no exit points and cost none when killed, though they are lost and recovered like any stand.",
    "The attacker fields exactly the number of units the table gives (or all units with stands left, if fewer).",
];

/// What to record for a commander replaced during the table game (shown at the outcome step).
pub const REPLACED_DURING_GAME: &str = "A commander already replaced during the table game (under Crossfire's own killed-commander rule) is not killed: mark the stand that took his place as killed, not the commander. Marking both would cost the force two stands for one.";

/// One step of play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// A player's secret choice for the campaign turn.
    ChooseAction {
        side: Side,
        action: OffensiveAction,
    },
    /// 1d6 for the type of battle.
    RollBattleType,
    /// The units the offensive player puts on the table.
    FieldForces {
        units: Vec<u16>,
    },
    /// 1d6 for option A or B of the defensive orbat.
    RollDefence,
    /// 1d6 at the end of a defending player's turn: the clock ticks on 5+.
    ClockRoll,
    /// The two terrain objectives, as agreed at the table.
    NameObjectives {
        names: [String; 2],
    },
    Note {
        text: String,
    },
    /// The table game is over: what the offensive player achieved and lost.
    RecordOutcome(BattleOutcome),
    /// 1d6 plus the VP modifier.
    RollBattleResult,
    /// The marker moves on the map.
    ConfirmMovement,
    /// A killed commander is replaced by a squad or crew-served weapon.
    ReplaceCommander {
        commander: StandRef,
        replacement: StandRef,
    },
    /// 1d6 for every lost stand, in orbat order.
    RollRecovery,
}

/// Why a decision is not legal now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    Setup(SetupProblem),
    CampaignOver,
    /// The decision belongs to another step of the turn.
    NotNow {
        phase: Phase,
    },
    AlreadyChosen(Side),
    WrongUnitCount {
        expected: usize,
        got: usize,
    },
    UnknownUnit(u16),
    UnitTwice(String),
    UnitWithoutStands(String),
    CommanderRequired {
        hq: String,
    },
    ClockRunOut,
    TooManyObjectives,
    UnknownStand,
    KilledNotFielded(String),
    KilledTwice(String),
    AlreadyLost(String),
    TooManyExited {
        max: usize,
    },
    EmptyNote,
    NotPending(String),
    NotAReplacement(String),
    SubordinateAvailable {
        commander: String,
    },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Setup(p) => p.fmt(f),
            RuleError::CampaignOver => write!(f, "The campaign is over."),
            RuleError::NotNow { phase } => write!(f, "That is not part of the current step ({}).", phase.name()),
            RuleError::AlreadyChosen(s) => write!(f, "Player {} has already chosen this turn.", s.letter()),
            RuleError::WrongUnitCount { expected, got } => {
                write!(f, "Field exactly {expected} units ({got} chosen).")
            }
            RuleError::UnknownUnit(u) => write!(f, "There is no unit number {u}."),
            RuleError::UnitTwice(n) => write!(f, "\"{n}\" is chosen twice."),
            RuleError::UnitWithoutStands(n) => write!(f, "\"{n}\" has no stands left to field."),
            RuleError::CommanderRequired { hq } => {
                write!(f, "\"{hq}\" must be fielded: half or more of the units under it are on the table.")
            }
            RuleError::ClockRunOut => {
                write!(f, "The clock has reached {} ticks: the game is over.", tables::CLOCK_TICKS)
            }
            RuleError::TooManyObjectives => write!(f, "There are only two terrain objectives."),
            RuleError::UnknownStand => write!(f, "That stand is not in the orbat."),
            RuleError::KilledNotFielded(n) => write!(f, "{n} was not on the table."),
            RuleError::KilledTwice(n) => write!(f, "{n} is marked killed twice."),
            RuleError::AlreadyLost(n) => write!(f, "{n} was already lost before this battle."),
            RuleError::TooManyExited { max } => write!(f, "At most {max} fighting stands could have exited."),
            RuleError::EmptyNote => write!(f, "The note is empty."),
            RuleError::NotPending(n) => write!(f, "{n} is not a killed commander waiting for a replacement."),
            RuleError::NotAReplacement(n) => {
                write!(f, "{n} cannot replace a commander (a squad or crew-served weapon still on the roster can).")
            }
            RuleError::SubordinateAvailable { commander } => {
                write!(f, "{commander} must be replaced by one of its own subordinate stands while one is left.")
            }
        }
    }
}

/// "Rifle (1st Platoon)".
pub fn stand_name(orbat: &Orbat, r: StandRef) -> String {
    match (orbat.units.get(r.unit as usize), orbat.stand(r)) {
        (Some(u), Some(s)) => format!("{} ({})", s.label, u.name),
        _ => format!("stand {}/{}", r.unit, r.stand),
    }
}

pub fn start(setup: &Setup) -> Result<State, RuleError> {
    check_setup(setup).map_err(RuleError::Setup)?;
    let player = |i: usize| PlayerState {
        place: Place::BASE,
        last: None,
        lost: setup.players[i].orbat.units.iter().map(|u| vec![false; u.stands.len()]).collect(),
    };
    Ok(State { turn: 1, players: [player(0), player(1)], battles: Vec::new(), stage: Stage::Choosing([None, None]) })
}

/// Type-of-battle modifiers from the player's last campaign turn: (label, value).
pub fn battle_type_modifiers(p: &PlayerState) -> Vec<(String, i32)> {
    match p.last {
        Some(LastTurn { moved, .. }) if moved > 0 => {
            vec![(
                format!("Advanced {moved} zone{} last turn", if moved > 1 { "s" } else { "" }),
                moved as i32 * tables::PER_ZONE_ADVANCED,
            )]
        }
        Some(LastTurn { moved, .. }) if moved < 0 => vec![("Retreated last turn".into(), tables::AFTER_RETREAT)],
        _ => vec![],
    }
}

/// Which row of the force-size table applies.
pub fn force_condition(p: &PlayerState) -> ForceCondition {
    match p.last {
        _ if p.place == Place::BASE => ForceCondition::BaseZoneOrRegrouped,
        Some(LastTurn { action: OffensiveAction::Regroup, .. }) => ForceCondition::BaseZoneOrRegrouped,
        Some(LastTurn { moved: 2, .. }) => ForceCondition::Advanced2,
        Some(_) => ForceCondition::Advanced1OrLess,
        None => ForceCondition::BaseZoneOrRegrouped,
    }
}

/// Units that still have a stand to put on the table (`fieldable`).
pub fn fieldable_units(orbat: &Orbat, p: &PlayerState) -> Vec<u16> {
    (0..orbat.units.len()).filter(|&u| fieldable(p, u)).map(|u| u as u16).collect()
}

/// Whether unit `u` still has a stand to put on the table: `fieldable_units` (the grammar's
/// list) and `forces::check_forces` both ask it.
pub fn fieldable(p: &PlayerState, u: usize) -> bool {
    p.alive_in(u) > 0
}

/// Units the offensive player must field: the percentage of the full orbat, rounded down,
/// or every unit that still has stands if fewer are left.
pub fn units_to_field(orbat: &Orbat, p: &PlayerState) -> usize {
    let pct = tables::force_percent(force_condition(p));
    tables::units_fielded(pct, orbat.units.len()).min(fieldable_units(orbat, p).len())
}

/// Half or more of `part` out of `whole`.
fn half_or_more(part: usize, whole: usize) -> bool {
    whole > 0 && part * 2 >= whole
}

/// HQ units (of a CC or BC) that the deployment rule forces onto the table for this choice:
/// a CC when half or more of the other units of its company are fielded; a BC when half or
/// more of its battalion's companies are fielded, a company counting as fielded when half or
/// more of its units are. An HQ with no stands left is never forced.
pub fn required_hqs(orbat: &Orbat, p: &PlayerState, fielded: &[u16]) -> Vec<u16> {
    let on = |u: usize| fielded.contains(&(u as u16));
    let company_fielded = |c: u16| {
        let units: Vec<usize> = (0..orbat.units.len()).filter(|&u| orbat.units[u].formation == Some(c)).collect();
        half_or_more(units.iter().filter(|&&u| on(u)).count(), units.len())
    };
    let mut required = Vec::new();
    for (hq, unit) in orbat.units.iter().enumerate() {
        let Some(f) = orbat.commanded_formation(hq) else { continue };
        if p.alive_in(hq) == 0 {
            continue;
        }
        let forced = match unit.commander() {
            Some(StandKind::Cc) => {
                let subs: Vec<usize> =
                    (0..orbat.units.len()).filter(|&u| u != hq && orbat.units[u].formation == Some(f)).collect();
                half_or_more(subs.iter().filter(|&&u| on(u)).count(), subs.len())
            }
            Some(StandKind::Bc) => {
                let companies: Vec<u16> = (0..orbat.formations.len() as u16)
                    .filter(|&c| {
                        orbat.formations[c as usize].kind == FormationKind::Company
                            && orbat.formations[c as usize].parent == Some(f)
                    })
                    .collect();
                half_or_more(companies.iter().filter(|&&c| company_fielded(c)).count(), companies.len())
            }
            _ => false,
        };
        if forced {
            required.push(hq as u16);
        }
    }
    required
}

/// Stands that may replace the killed commander `c`: its own subordinates while any is left
/// (the rest of its unit, then the units of the company or battalion it commands), otherwise
/// any squad or crew-served weapon still on the roster.
pub fn replacement_candidates(orbat: &Orbat, p: &PlayerState, c: StandRef) -> (Vec<StandRef>, bool) {
    let usable = |r: &StandRef| !p.is_lost(*r) && orbat.stand(*r).is_some_and(|s| s.kind.can_replace_commander());
    let commanded = orbat.commanded_formation(c.unit as usize);
    let subordinate = |r: &StandRef| {
        r.unit == c.unit || commanded.is_some_and(|f| orbat.within(orbat.units[r.unit as usize].formation, f))
    };
    let subs: Vec<StandRef> = orbat.stand_refs().filter(|r| usable(r) && subordinate(r)).collect();
    if !subs.is_empty() {
        return (subs, true);
    }
    (orbat.stand_refs().filter(usable).collect(), false)
}

/// Killed commanders that must be replaced now (those for whom some stand is left).
pub fn pending_commanders(orbat: &Orbat, p: &PlayerState) -> Vec<StandRef> {
    p.lost_refs()
        .into_iter()
        .filter(|&r| orbat.stand(r).is_some_and(|s| s.kind.is_commander()))
        .filter(|&r| !replacement_candidates(orbat, p, r).0.is_empty())
        .collect()
}

/// Whether the battle's clock still runs, so it may be rolled: the grammar and `apply` both
/// ask it.
pub fn clock_runs(b: &Battle) -> bool {
    b.clock < tables::CLOCK_TICKS
}

/// Fighting stands of the fielded units that are still alive (before this battle's losses).
pub fn fielded_fighting_stands(orbat: &Orbat, p: &PlayerState, fielded: &[u16]) -> usize {
    orbat.stand_refs().filter(|&r| killable(p, fielded, r) && fighting(orbat, r)).count()
}

/// In a fielded unit and not lost already (`may_be_killed`'s test, without naming the stand).
fn killable(p: &PlayerState, fielded: &[u16], r: StandRef) -> bool {
    fielded.contains(&r.unit) && !p.is_lost(r)
}

fn fighting(orbat: &Orbat, r: StandRef) -> bool {
    orbat.stand(r).is_some_and(|s| s.kind.is_fighting())
}

/// Whether stand `r` may be recorded killed in a battle that fielded `fielded`, or why not:
/// a stand of the orbat, in a fielded unit, not lost already. The grammar's list of losses and
/// `record_outcome` both ask it.
pub fn may_be_killed(orbat: &Orbat, p: &PlayerState, fielded: &[u16], r: StandRef) -> Result<(), RuleError> {
    orbat.stand(r).ok_or(RuleError::UnknownStand)?;
    match killable(p, fielded, r) {
        true => Ok(()),
        false if !fielded.contains(&r.unit) => Err(RuleError::KilledNotFielded(stand_name(orbat, r))),
        false => Err(RuleError::AlreadyLost(stand_name(orbat, r))),
    }
}

/// The most fighting stands that may be recorded as exited when `killed` were killed: the
/// fielded ones alive before the battle less the fighting stands killed. The grammar and
/// `record_outcome` both ask it.
pub fn most_exited(orbat: &Orbat, p: &PlayerState, fielded: &[u16], killed: &[StandRef]) -> usize {
    let killed_fighting = killed.iter().filter(|&&r| fighting(orbat, r)).count();
    fielded_fighting_stands(orbat, p, fielded).saturating_sub(killed_fighting)
}

pub fn dice(_setup: &Setup, state: &State, decision: &Decision) -> Option<DiceSpec> {
    match decision {
        Decision::RollBattleType | Decision::RollDefence | Decision::ClockRoll | Decision::RollBattleResult => {
            Some(DiceSpec::one(Die::D6))
        }
        Decision::RollRecovery => {
            let side = state.offensive_side()?;
            let n = state.player(side).lost_count();
            (n > 0).then(|| DiceSpec::pool(n as u16, Die::D6))
        }
        _ => None,
    }
}

/// The next position, or why the decision is not legal in this one. Matches on the step the
/// turn stands at and the decision: what a step implies is carried by the step.
pub fn apply(setup: &Setup, state: &State, decision: &Decision, dice: &[u16]) -> Result<State, RuleError> {
    let mut s = state.clone();
    let stage = std::mem::replace(&mut s.stage, Stage::Choosing([None, None]));
    s.stage = match (stage, decision) {
        (Stage::Finished { .. }, _) => return Err(RuleError::CampaignOver),
        (Stage::Choosing(mut actions), Decision::ChooseAction { side, action }) => {
            if actions[side.index()].is_some() {
                return Err(RuleError::AlreadyChosen(*side));
            }
            actions[side.index()] = Some(*action);
            match actions {
                [Some(a), Some(b)] => begin_part(&s, [a, b], Side::A),
                _ => Stage::Choosing(actions),
            }
        }
        (Stage::Choosing(_), _) => return Err(RuleError::NotNow { phase: Phase::ChooseActions }),
        (Stage::Part(part), _) => play(setup, &mut s, part, decision, dice)?,
    };
    Ok(s)
}

/// A decision in a part of the turn: the part's next step, or what follows the part.
fn play(setup: &Setup, s: &mut State, mut part: Part, decision: &Decision, dice: &[u16]) -> Result<Stage, RuleError> {
    let side = part.battle.side;
    let orbat = &setup.players[side.index()].orbat;
    let b = &mut *part.battle;
    part.step = match (part.step, decision) {
        (Step::TypeOfBattle, Decision::RollBattleType) => {
            let p = s.player(side);
            let total = dice[0] as i32 + battle_type_modifiers(p).iter().map(|m| m.1).sum::<i32>();
            b.type_roll = Some((dice[0], total));
            b.battle = tables::battle_type(total, b.action);
            match b.battle {
                Some(kind) => {
                    b.units_allowed = units_to_field(orbat, p);
                    Step::FieldForces(kind)
                }
                None => {
                    b.to = Some(b.from);
                    b.recovery_target = tables::recovery_target(RecoveryRow::of(None), b.action);
                    Step::Recovery
                }
            }
        }
        (Step::FieldForces(kind), Decision::FieldForces { units }) => {
            super::forces::check_forces(orbat, s.player(side), b.units_allowed, units)?;
            let mut fielded = units.clone();
            crate::engine::order::sort(&mut fielded);
            b.fielded = fielded;
            // With no option B prepared for this size there is nothing to roll for.
            let size = defence_size_for(kind, b.from);
            if setup.prepared(size, DefenceOption::B) {
                Step::DefenceRoll(size)
            } else {
                b.defence = Some((size, DefenceOption::A));
                Step::Fight
            }
        }
        (Step::DefenceRoll(size), Decision::RollDefence) => {
            b.defence = Some((size, tables::defence_option(dice[0])));
            Step::Fight
        }
        (Step::Fight, Decision::ClockRoll) => {
            if !clock_runs(b) {
                return Err(RuleError::ClockRunOut);
            }
            b.clock_rolls += 1;
            if dice[0] >= tables::CLOCK_TARGET {
                b.clock += 1;
            }
            Step::Fight
        }
        (Step::Fight, Decision::NameObjectives { names }) => {
            b.objectives = [names[0].trim().to_string(), names[1].trim().to_string()];
            Step::Fight
        }
        (Step::Fight, Decision::Note { text }) => {
            if text.trim().is_empty() {
                return Err(RuleError::EmptyNote);
            }
            b.notes.push(text.trim().to_string());
            Step::Fight
        }
        (Step::Fight, Decision::RecordOutcome(outcome)) => {
            Step::BattleResult(record_outcome(setup, &mut s.players[side.index()], b, outcome)?)
        }
        (Step::BattleResult(vp), Decision::RollBattleResult) => {
            let total = dice[0] as i32 + tables::vp_modifier(vp);
            let result = tables::battle_result(total, b.action);
            let to = b.from.moved(result.zones());
            b.result_roll = Some((dice[0], total));
            b.result = Some(result);
            b.to = Some(to);
            b.recovery_target = tables::recovery_target(RecoveryRow::of(Some(result)), b.action);
            Step::Movement(to)
        }
        (Step::Movement(to), Decision::ConfirmMovement) => {
            s.players[side.index()].place = to;
            after_replacements(orbat, s.player(side))
        }
        (Step::ReplaceCommanders, Decision::ReplaceCommander { commander, replacement }) => {
            let p = &mut s.players[side.index()];
            replace_commander(orbat, p, *commander, *replacement)?;
            b.replacements.push((*commander, Some(*replacement)));
            match after_replacements(orbat, p) {
                Step::Recovery => Step::Recovery,
                _ => Step::ReplaceCommanders,
            }
        }
        (Step::Recovery, Decision::RollRecovery) => {
            let p = &mut s.players[side.index()];
            let target = b.recovery_target.unwrap_or(7);
            let back: Vec<StandRef> = p.lost_refs().into_iter().zip(dice).filter(|&(_, &d)| d >= target).map(|(r, _)| r).collect();
            for r in &back {
                p.lost[r.unit as usize][r.stand as usize] = false;
            }
            b.recovered = back;
            b.recovery_rolled = true;
            return Ok(finish_part(s, part));
        }
        (step, _) => return Err(RuleError::NotNow { phase: step.phase() }),
    };
    Ok(Stage::Part(part))
}

/// Replacing killed commanders while any waits, then recovery.
fn after_replacements(orbat: &Orbat, p: &PlayerState) -> Step {
    if pending_commanders(orbat, p).is_empty() {
        Step::Recovery
    } else {
        Step::ReplaceCommanders
    }
}

/// Checks and records the table game's outcome: the stands lost, and the victory points.
fn record_outcome(setup: &Setup, p: &mut PlayerState, b: &mut Battle, outcome: &BattleOutcome) -> Result<i32, RuleError> {
    let orbat = &setup.players[b.side.index()].orbat;
    if outcome.objectives > 2 {
        return Err(RuleError::TooManyObjectives);
    }
    for (i, r) in outcome.killed.iter().enumerate() {
        // A stand named twice passed these checks the first time (nothing is marked lost yet).
        may_be_killed(orbat, p, &b.fielded, *r)?;
        if outcome.killed[..i].contains(r) {
            return Err(RuleError::KilledTwice(stand_name(orbat, *r)));
        }
    }
    let killed_fighting = outcome.killed.iter().filter(|&&r| fighting(orbat, r)).count();
    let max_exit = most_exited(orbat, p, &b.fielded, &outcome.killed);
    if outcome.exited as usize > max_exit {
        return Err(RuleError::TooManyExited { max: max_exit });
    }
    let vp = tables::victory_points(setup.size, outcome.objectives, outcome.exited as u32, killed_fighting as u32);
    for r in &outcome.killed {
        p.lost[r.unit as usize][r.stand as usize] = true;
    }
    let mut sorted = outcome.clone();
    crate::engine::order::sort(&mut sorted.killed);
    b.outcome = Some(sorted);
    b.vp = Some(vp);
    Ok(vp)
}

/// Checks and makes one replacement of a killed commander.
fn replace_commander(orbat: &Orbat, p: &mut PlayerState, commander: StandRef, replacement: StandRef) -> Result<(), RuleError> {
    if orbat.stand(commander).is_none() || orbat.stand(replacement).is_none() {
        return Err(RuleError::UnknownStand);
    }
    if !pending_commanders(orbat, p).contains(&commander) {
        return Err(RuleError::NotPending(stand_name(orbat, commander)));
    }
    let (candidates, subordinate) = replacement_candidates(orbat, p, commander);
    if !candidates.contains(&replacement) {
        let usable =
            !p.is_lost(replacement) && orbat.stand(replacement).is_some_and(|x| x.kind.can_replace_commander());
        return Err(if subordinate && usable {
            RuleError::SubordinateAvailable { commander: stand_name(orbat, commander) }
        } else {
            RuleError::NotAReplacement(stand_name(orbat, replacement))
        });
    }
    p.lost[commander.unit as usize][commander.stand as usize] = false;
    p.lost[replacement.unit as usize][replacement.stand as usize] = true;
    Ok(())
}

/// The size of defensive orbat this battle calls for; `None` with no battle.
pub fn defence_size(b: &Battle) -> Option<ForceSize> {
    b.battle.map(|kind| defence_size_for(kind, b.from))
}

fn begin_part(s: &State, actions: [OffensiveAction; 2], side: Side) -> Stage {
    let battle = Battle::new(s.turn, side, actions[side.index()], s.player(side).place);
    Stage::Part(Part { actions, step: Step::TypeOfBattle, battle: Box::new(battle) })
}

/// The part is over: its battle is kept, and the other player's part, the next turn or the
/// end follows.
fn finish_part(s: &mut State, part: Part) -> Stage {
    let Part { actions, battle, .. } = part;
    let side = battle.side;
    let moved = battle.to.unwrap_or(battle.from).raw() as i8 - battle.from.raw() as i8;
    s.players[side.index()].last = Some(LastTurn { action: battle.action, moved });
    s.battles.push(*battle);
    match side {
        Side::A => begin_part(s, actions, Side::B),
        Side::B => {
            let at_x = [s.players[0].place.is_x(), s.players[1].place.is_x()];
            let outcome = match at_x {
                [true, true] => Some(Outcome::Draw),
                [true, false] => Some(Outcome::Win(Side::A)),
                [false, true] => Some(Outcome::Win(Side::B)),
                [false, false] => None,
            };
            match outcome {
                Some(outcome) => Stage::Finished { actions, outcome },
                None => {
                    s.turn += 1;
                    Stage::Choosing([None, None])
                }
            }
        }
    }
}
