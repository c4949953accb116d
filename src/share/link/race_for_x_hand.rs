//! Race for X in a link: its setup against the built-in sample, and its journal coded while
//! the engine replays it, so only what the rules leave open costs anything.

use super::budget::ReplayCost;
use super::codes::{self, code, line_kind, LINE_DECIDE, LINE_UNDO};
use super::models::{
    code_line_kind, count, small_u16, text, Models, FLAG_HAS_FORMATION, FLAG_SAMPLE, FLAG_SAMPLE_BATTALION,
    FLAG_SAMPLE_DEFENCE,
};
use super::range::{Coder, Prob};
use super::{LinkError, MAX_DECODED, MAX_STANDS, MAX_UNITS};
use crate::engine::{Action, Campaign, DiceInput, DiceSpec, Entry, ReplayError, Roll, Roller, System};
use crate::systems::race_for_x::tables::{OffensiveAction, CLOCK_TICKS};
use crate::systems::race_for_x::{
    rules, sample, BattleOutcome, Decision, DefensiveOrbat, Formation, Orbat, Phase, Player, RaceForX, Setup, Side,
    Stand, StandRef, State, Unit,
};

/// The setup. Every part that equals the built-in sample's is sent as a reference to it.
///
/// The references are to `race_for_x::sample` as released with link version 1: the sample
/// is part of the released app and must never change (a test checks it against the
/// format-1 fixture). A new sample would need a new link version.
pub(super) fn code_setup<C: Coder>(c: &mut C, m: &mut Models, setup: Option<&Setup>) -> Result<Setup, LinkError> {
    if c.bit(&mut m.flags[FLAG_SAMPLE], setup.is_some_and(|s| *s == sample::sample_setup()))? {
        return Ok(sample::sample_setup());
    }
    let size = c.uniform(4, setup.map_or(0, |s| codes::size(s.size) as u32))?;
    let size = code(codes::size_of(size as u8))?;
    let mut players = Vec::with_capacity(2);
    for i in 0..2 {
        let given = setup.map(|s| &s.players[i]);
        let name = text(c, &mut m.text, given.map(|p| &*p.name))?;
        let battalion = given.and_then(|p| match p.orbat.formations.first() {
            Some(f) if p.orbat == sample::russian_battalion(&f.name) => Some(&*f.name),
            _ => None,
        });
        let orbat = if c.bit(&mut m.flags[FLAG_SAMPLE_BATTALION], battalion.is_some())? {
            sample::russian_battalion(&text(c, &mut m.text, battalion)?)
        } else {
            let orbat = code_orbat(c, m, given.map(|p| &p.orbat))?;
            if C::DECODING && orbat.formations.first().is_some_and(|f| orbat == sample::russian_battalion(&f.name)) {
                return Err(LinkError::Corrupt);
            }
            orbat
        };
        players.push(Player { name, orbat });
    }
    let defence = if c
        .bit(&mut m.flags[FLAG_SAMPLE_DEFENCE], setup.is_some_and(|s| s.defence == sample::small_defensive_orbats()))?
    {
        sample::small_defensive_orbats()
    } else {
        // Orbat by orbat against the sample's: a flag "as the sample's", or in full.
        let given = setup.map_or(&[][..], |s| &s.defence[..]);
        let reference = sample::small_defensive_orbats();
        let n = count(c, &mut m.count, given.len(), MAX_DECODED)?;
        let mut defence = Vec::with_capacity(n.min(16));
        for i in 0..n {
            let d = given.get(i);
            if let Some(same) = reference.get(i) {
                if c.bit(&mut m.as_sample[3], d == Some(same))? {
                    defence.push(same.clone());
                    continue;
                }
            }
            let size = code(codes::force_of(c.uniform(6, d.map_or(0, |d| codes::force(d.size) as u32))? as u8))?;
            let option = code(codes::option_of(c.uniform(2, d.map_or(0, |d| codes::option(d.option) as u32))? as u8))?;
            let lines = d.map_or(&[][..], |d| &d.lines[..]);
            let k = count(c, &mut m.count, lines.len(), MAX_DECODED)?;
            let lines = (0..k).map(|j| text(c, &mut m.text, lines.get(j).map(|s| &**s))).collect::<Result<_, _>>()?;
            defence.push(DefensiveOrbat { size, option, lines });
        }
        if C::DECODING && defence == sample::small_defensive_orbats() {
            return Err(LinkError::Corrupt);
        }
        defence
    };
    let [a, b]: [Player; 2] = players.try_into().map_err(|_| LinkError::Corrupt)?;
    let setup = Setup { size, players: [a, b], defence };
    if C::DECODING && setup == sample::sample_setup() {
        return Err(LinkError::Corrupt);
    }
    Ok(setup)
}

/// An orbat in full, item by item against the sample battalion named as its first
/// formation: a flag "as the sample's" for each formation after the first and each unit
/// (and, for a unit that differs, for its stands), with the item in full where it differs.
fn code_orbat<C: Coder>(c: &mut C, m: &mut Models, orbat: Option<&Orbat>) -> Result<Orbat, LinkError> {
    let given = orbat.map_or(&[][..], |o| &o.formations[..]);
    let n = count(c, &mut m.count, given.len(), MAX_UNITS)?;
    let mut formations: Vec<Formation> = Vec::with_capacity(n);
    let mut reference: Option<Orbat> = None;
    for i in 0..n {
        let f = given.get(i);
        if let Some(same) = reference.as_ref().and_then(|r| r.formations.get(i)) {
            if c.bit(&mut m.as_sample[0], f == Some(same))? {
                formations.push(same.clone());
                continue;
            }
        }
        let name = text(c, &mut m.text, f.map(|f| &*f.name))?;
        let kind = code(codes::formation_of(c.uniform(2, f.map_or(0, |f| codes::formation(f.kind) as u32))? as u8))?;
        let parent = formation_ref(c, m, f.and_then(|f| f.parent))?;
        if i == 0 {
            reference = Some(sample::russian_battalion(&name));
        }
        formations.push(Formation { name, kind, parent });
    }
    let reference = reference.unwrap_or_else(|| sample::russian_battalion(""));
    let given = orbat.map_or(&[][..], |o| &o.units[..]);
    let n = count(c, &mut m.count, given.len(), MAX_UNITS)?;
    let mut units = Vec::with_capacity(n);
    for i in 0..n {
        let u = given.get(i);
        let same = reference.units.get(i);
        if let Some(same) = same {
            if c.bit(&mut m.as_sample[1], u == Some(same))? {
                units.push(same.clone());
                continue;
            }
        }
        let name = text(c, &mut m.text, u.map(|u| &*u.name))?;
        let kind = code(codes::unit_of(c.uniform(4, u.map_or(0, |u| codes::unit(u.kind) as u32))? as u8))?;
        let formation = formation_ref(c, m, u.and_then(|u| u.formation))?;
        let stands_given = u.map_or(&[][..], |u| &u.stands[..]);
        if let Some(same) = same {
            if c.bit(&mut m.as_sample[2], stands_given == &same.stands[..])? {
                units.push(Unit { name, kind, formation, stands: same.stands.clone() });
                continue;
            }
        }
        let k = count(c, &mut m.count, stands_given.len(), MAX_STANDS)?;
        let mut stands = Vec::with_capacity(k);
        for j in 0..k {
            let s = stands_given.get(j);
            let kind = code(codes::stand_of(c.uniform(8, s.map_or(0, |s| codes::stand(s.kind) as u32))? as u8))?;
            let label = text(c, &mut m.text, s.map(|s| &*s.label))?;
            stands.push(Stand { kind, label });
        }
        units.push(Unit { name, kind, formation, stands });
    }
    Ok(Orbat { formations, units })
}

fn formation_ref<C: Coder>(c: &mut C, m: &mut Models, f: Option<u16>) -> Result<Option<u16>, LinkError> {
    Ok(match c.bit(&mut m.flags[FLAG_HAS_FORMATION], f.is_some())? {
        true => Some(small_u16(c, &mut m.index, f.unwrap_or(0))?),
        false => None,
    })
}

// ---------------------------------------------------------------------------------------
// The journal, replayed: every line coded knowing the position it is played in
// ---------------------------------------------------------------------------------------

fn replay_error(at: usize, message: String) -> LinkError {
    LinkError::DoesNotReplay(ReplayError { at, message }.to_string())
}

/// The journal coded while the engine replays it: each line's kind among those possible
/// now, each decision among those the current step allows, the dice the rules ask for.
/// Encoding, a line that does not fit (it breaks the rules) fails the whole coding, and the
/// journal goes plain instead.
pub(super) fn replayed_lines<C: Coder>(
    c: &mut C,
    m: &mut Models,
    setup: &Setup,
    n: usize,
    journal: Option<&[Action<Decision>]>,
    cost: &mut ReplayCost,
) -> Result<Vec<Action<Decision>>, LinkError> {
    let mut game = Campaign::<RaceForX>::new(setup.clone()).map_err(|e| replay_error(0, format!("setup: {e}")))?;
    let mut out = Vec::with_capacity(n);
    let (mut before, mut roller) = (LINE_DECIDE, 0);
    for at in 0..n {
        let line = journal.map(|j| &j[at]);
        let given = line.map_or(LINE_DECIDE, line_kind);
        let possible = [game.state().phase != Phase::Finished, game.can_undo(), game.can_redo()];
        let kind = code_line_kind(c, m, possible, before, given)?;
        before = kind;
        match kind {
            LINE_DECIDE => {
                let entry = match line {
                    Some(Action::Decide(e)) => Some(e),
                    _ => None,
                };
                let decision = code_decision(c, m, setup, game.state(), entry.map(|e| &e.decision))?;
                let spec = RaceForX::dice(setup, game.state(), &decision);
                let dice = code_dice(c, m, spec, entry.map(|e| &e.dice[..]), &mut roller)?;
                if C::DECODING {
                    cost.add::<RaceForX>(setup, &decision)?;
                }
                let values = dice.iter().map(|r| r.value).collect();
                game.decide(decision.clone(), DiceInput::Typed(values)).map_err(|e| replay_error(at, e.to_string()))?;
                out.push(Action::Decide(Entry::new(decision, dice)));
            }
            LINE_UNDO => {
                game.undo();
                out.push(Action::Undo);
            }
            _ => {
                if C::DECODING {
                    cost.add_state()?;
                }
                game.redo().map_err(|e| replay_error(at, e.to_string()))?;
                out.push(Action::Redo);
            }
        }
    }
    Ok(out)
}

/// A decision of the current step. Encoding, one that does not fit fails (`Corrupt`).
pub(super) fn code_decision<C: Coder>(
    c: &mut C,
    m: &mut Models,
    setup: &Setup,
    s: &State,
    d: Option<&Decision>,
) -> Result<Decision, LinkError> {
    let bad = || LinkError::Corrupt;
    let only = |x: Decision| match d {
        Some(y) if *y != x => Err(LinkError::Corrupt),
        _ => Ok(x),
    };
    let side = s.offensive_side();
    let orbat = side.map(|side| &setup.players[side.index()].orbat);
    Ok(match s.phase {
        Phase::ChooseActions => {
            let (side, action) = match d {
                Some(Decision::ChooseAction { side, action }) => (*side, *action),
                Some(_) => return Err(bad()),
                None => (Side::A, OffensiveAction::Attack),
            };
            let free: Vec<Side> = Side::BOTH.into_iter().filter(|x| s.actions[x.index()].is_none()).collect();
            let chosen = match free[..] {
                [_, _] => {
                    if c.bit(&mut m.side_b_first, side == Side::B)? {
                        Side::B
                    } else {
                        Side::A
                    }
                }
                [one] => one,
                _ => return Err(bad()),
            };
            if d.is_some() && chosen != side {
                return Err(bad());
            }
            let regroup = c.bit(&mut m.regroup[chosen.index()], action == OffensiveAction::Regroup)?;
            let action = if regroup { OffensiveAction::Regroup } else { OffensiveAction::Attack };
            Decision::ChooseAction { side: chosen, action }
        }
        Phase::TypeOfBattle => only(Decision::RollBattleType)?,
        Phase::FieldForces => {
            let given = match d {
                Some(Decision::FieldForces { units }) => &units[..],
                Some(_) => return Err(bad()),
                None => &[],
            };
            let (side, orbat, b) = (side.ok_or_else(bad)?, orbat.ok_or_else(bad)?, s.current.as_ref().ok_or_else(bad)?);
            let fieldable = rules::fieldable_units(orbat, s.player(side));
            let k = b.units_allowed;
            let member: Vec<bool> = fieldable.iter().map(|u| given.contains(u)).collect();
            if k > fieldable.len() || (d.is_some() && (given.len() != k || member.iter().filter(|&&x| x).count() != k))
            {
                return Err(bad());
            }
            let chosen = subset(c, &fieldable, k, &member)?;
            Decision::FieldForces { units: order(c, &mut m.forces_shuffled, chosen, given)? }
        }
        Phase::DefenceRoll => only(Decision::RollDefence)?,
        Phase::Fight => {
            let b = s.current.as_ref().ok_or_else(bad)?;
            let given = match d {
                Some(Decision::ClockRoll) => 0,
                Some(Decision::RecordOutcome(_)) => 1,
                Some(Decision::Note { .. }) => 2,
                Some(Decision::NameObjectives { .. }) => 3,
                Some(_) => return Err(bad()),
                None => 0,
            };
            let clock_runs = b.clock < CLOCK_TICKS;
            let ctx = (b.clock_rolls > 0) as usize | (b.objectives.iter().any(|o| !o.is_empty()) as usize) << 1;
            let variant = if clock_runs && !c.bit(&mut m.not_clock[ctx], given != 0)? {
                0
            } else if !c.bit(&mut m.not_outcome[ctx | (clock_runs as usize) << 2], given > 1)? {
                1
            } else if c.bit(&mut m.names[ctx], given == 3)? {
                3
            } else {
                2
            };
            if d.is_some() && variant != given {
                return Err(bad());
            }
            match (variant, d) {
                (0, _) => Decision::ClockRoll,
                (1, d) => {
                    let given = match d {
                        Some(Decision::RecordOutcome(o)) => Some(o),
                        _ => None,
                    };
                    let (side, orbat) = (side.ok_or_else(bad)?, orbat.ok_or_else(bad)?);
                    Decision::RecordOutcome(code_outcome(c, m, orbat, s.player(side), &b.fielded, given)?)
                }
                (2, d) => {
                    let given = match d {
                        Some(Decision::Note { text }) => Some(&**text),
                        _ => None,
                    };
                    Decision::Note { text: text(c, &mut m.text, given)? }
                }
                (_, d) => {
                    let given = match d {
                        Some(Decision::NameObjectives { names }) => Some(names),
                        _ => None,
                    };
                    let first = text(c, &mut m.text, given.map(|n| &*n[0]))?;
                    let second = text(c, &mut m.text, given.map(|n| &*n[1]))?;
                    Decision::NameObjectives { names: [first, second] }
                }
            }
        }
        Phase::BattleResult => only(Decision::RollBattleResult)?,
        Phase::Movement => only(Decision::ConfirmMovement)?,
        Phase::ReplaceCommanders => {
            let given = match d {
                Some(Decision::ReplaceCommander { commander, replacement }) => Some((*commander, *replacement)),
                Some(_) => return Err(bad()),
                None => None,
            };
            let (side, orbat) = (side.ok_or_else(bad)?, orbat.ok_or_else(bad)?);
            let p = s.player(side);
            let pending = rules::pending_commanders(orbat, p);
            let commander = pending[pick(c, pending.len(), given.map(|g| pending.iter().position(|&x| x == g.0)))?];
            let candidates = rules::replacement_candidates(orbat, p, commander).0;
            let replacement =
                candidates[pick(c, candidates.len(), given.map(|g| candidates.iter().position(|&x| x == g.1)))?];
            Decision::ReplaceCommander { commander, replacement }
        }
        Phase::Recovery => only(Decision::RollRecovery)?,
        Phase::Finished => return Err(bad()),
    })
}

/// One of `n` (n >= 1), all alike; encoding, `given` must have found the one.
fn pick<C: Coder>(c: &mut C, n: usize, given: Option<Option<usize>>) -> Result<usize, LinkError> {
    if n == 0 || n > 1 << 16 {
        return Err(LinkError::Corrupt);
    }
    let v = match given {
        Some(Some(i)) => i,
        Some(None) => return Err(LinkError::Corrupt),
        None => 0,
    };
    Ok(c.uniform(n as u32, v as u32)? as usize)
}

/// What the offensive player recorded: objectives, the stands killed among those that
/// could be (alive, in a fielded unit), the stands that exited (at most the fighting
/// stands left on the table).
fn code_outcome<C: Coder>(
    c: &mut C,
    m: &mut Models,
    orbat: &Orbat,
    p: &crate::systems::race_for_x::state::PlayerState,
    fielded: &[u16],
    o: Option<&BattleOutcome>,
) -> Result<BattleOutcome, LinkError> {
    let given = o.map_or(0, |o| o.objectives);
    if given > 2 {
        return Err(LinkError::Corrupt);
    }
    let objectives = match c.bit(&mut m.objectives[0], given > 0)? {
        false => 0,
        true => 1 + c.bit(&mut m.objectives[1], given == 2)? as u8,
    };
    let candidates: Vec<StandRef> =
        orbat.stand_refs().filter(|r| fielded.contains(&r.unit) && !p.is_lost(*r)).collect();
    let given = o.map_or(&[][..], |o| &o.killed[..]);
    let member: Vec<bool> = candidates.iter().map(|r| given.contains(r)).collect();
    if o.is_some() && member.iter().filter(|&&x| x).count() != given.len() {
        return Err(LinkError::Corrupt);
    }
    let chosen = losses(c, &candidates, &member)?;
    c.spend(chosen.len() as u64)?;
    let killed = order(c, &mut m.killed_shuffled, chosen, given)?;
    let fighting = |r: &StandRef| orbat.stand(*r).is_some_and(|s| s.kind.is_fighting());
    let max =
        rules::fielded_fighting_stands(orbat, p, fielded).saturating_sub(killed.iter().filter(|r| fighting(r)).count());
    let given = o.map_or(0, |o| o.exited as usize);
    if given > max || max > 1 << 16 {
        return Err(LinkError::Corrupt);
    }
    let exited = if max > 0 && c.bit(&mut m.exited, given > 0)? {
        1 + c.uniform(max as u32, given.saturating_sub(1) as u32)? as u16
    } else {
        0
    };
    Ok(BattleOutcome { objectives, exited, killed })
}

/// Which of `items` are in, in order, each with the chance the battle's record so far
/// gives: `(2 in + 1) / (2 seen + 2)`, a Krichevsky–Trofimov estimate (about log2 of n choose
/// k, plus half of log2 n, bits in all).
fn losses<C: Coder, T: Copy>(c: &mut C, items: &[T], member: &[bool]) -> Result<Vec<T>, LinkError> {
    let (mut outs, mut ins) = (0u32, 0u32);
    let mut out = Vec::new();
    for (i, &x) in items.iter().enumerate() {
        if c.split(2 * outs + 1, 2 * (outs + ins) + 2, member.get(i) == Some(&true))? {
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
fn subset<C: Coder, T: Copy>(c: &mut C, items: &[T], k: usize, member: &[bool]) -> Result<Vec<T>, LinkError> {
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
            c.split((rest - left) as u32, rest as u32, member.get(i) == Some(&true))?
        };
        if take {
            out.push(x);
            left -= 1;
        }
    }
    Ok(out)
}

/// The order chosen: as listed (one adaptive bit), or which of those left comes next.
fn order<C: Coder, T: Copy + PartialEq>(
    c: &mut C,
    p: &mut Prob,
    chosen: Vec<T>,
    given: &[T],
) -> Result<Vec<T>, LinkError> {
    let k = chosen.len();
    if k < 2 || !c.bit(p, given != chosen)? {
        return Ok(chosen);
    }
    let mut rest = chosen.clone();
    let mut out = Vec::with_capacity(k);
    for j in 0..k {
        let at = given.get(j).and_then(|g| rest.iter().position(|x| x == g)).unwrap_or(0);
        let i = c.uniform((k - j) as u32, at as u32)? as usize;
        out.push(rest.remove(i));
    }
    if out == chosen {
        // The encoder sends the listed order as such.
        return Err(LinkError::Corrupt);
    }
    Ok(out)
}

/// The dice the rules ask for: who rolled each (adaptive, by the roller of the die before)
/// and its face, every face as likely.
pub(super) fn code_dice<C: Coder>(
    c: &mut C,
    m: &mut Models,
    spec: Option<DiceSpec>,
    given: Option<&[Roll]>,
    roller: &mut usize,
) -> Result<Vec<Roll>, LinkError> {
    let given = given.unwrap_or(&[]);
    let Some(spec) = spec else {
        return if given.is_empty() { Ok(Vec::new()) } else { Err(LinkError::Corrupt) };
    };
    let (n, sides) = (spec.count as usize, spec.die.sides());
    if !C::DECODING && (given.len() != n || given.iter().any(|r| r.die != spec.die || !(1..=sides).contains(&r.value)))
    {
        return Err(LinkError::Corrupt);
    }
    c.spend(n as u64)?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let g = given.get(i);
        let table = c.bit(&mut m.table[*roller], g.is_some_and(|r| r.by == Roller::Table))?;
        *roller = table as usize;
        let value = c.uniform(sides as u32, g.map_or(0, |r| r.value as u32 - 1))? as u16 + 1;
        out.push(Roll { die: spec.die, value, by: if table { Roller::Table } else { Roller::App } });
    }
    Ok(out)
}
