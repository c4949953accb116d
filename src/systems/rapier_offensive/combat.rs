//! Ground combat ("Ground Combat" in the text) and the free shot at a unit withdrawing from
//! contact. Dice per shooting unit from the table; each 6 (or the moving-target number) kills
//! one unit it can reach; the umpire names the losses where the rules leave a choice.

use super::errors::RuleError;
use super::grid::Sector;
use super::optional::kill_target;
use super::setup::Setup;
use super::state::{CounterPlace, Phase, Place, State, Target};
use super::tables::{self, ground_dice, minefield_dice, shooter, target_class, Shooter, TargetClass};
use super::units::{Piece, UnitKind};
use crate::engine::odds::Chance;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    Attacker,
    Defender,
}

/// What one die may kill: anti-tank dice never infantry (the table gives them none against
/// it), minefield dice never engineers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reach {
    Any,
    NotInfantry,
    NotEngineers,
}

impl Reach {
    pub fn reaches(self, kind: UnitKind) -> bool {
        match self {
            Reach::Any => true,
            Reach::NotInfantry => target_class(kind) != TargetClass::InfantryCavalry,
            Reach::NotEngineers => !kind.is_engineer(),
        }
    }
}

/// A unit that may be lost: what it is, the score that kills it, and whether it takes losses
/// first (assault troops rolling two dice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    pub target: Target,
    pub kind: UnitKind,
    pub kill: u16,
    pub first: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Round 1: the sector's defender (`holder`) fires first...
    #[serde(alias = "DefenderFirst")]
    HolderFirst,
    /// ...and the other side replies with what is left.
    #[serde(alias = "AttackerReply")]
    Reply,
    /// Rounds 2 and 3.
    Simultaneous,
}

/// The defender of the sector: the side that held it when the other came in. The defending
/// division, unless its counters moved in on attacking units holding it alone.
pub fn holder(s: &State, sector: Sector) -> Side {
    if s.attackers_hold.contains(&sector) {
        Side::Attacker
    } else {
        Side::Defender
    }
}

/// Whether `side` is attacking the sector (its HQs then throw no dice).
fn attacking(s: &State, sector: Sector, side: Side) -> bool {
    holder(s, sector) != side
}

/// The words for the throw under way, for the log and the screen.
pub fn stage_words(s: &State, c: &Combat) -> &'static str {
    match (c.stage, holder(s, c.sector)) {
        (Stage::HolderFirst, Side::Defender) => "the defender fires first",
        (Stage::HolderFirst, Side::Attacker) => "the attackers hold the sector and fire first",
        (Stage::Reply, Side::Defender) => "the attackers reply with what is left",
        (Stage::Reply, Side::Attacker) => "the defender replies with what is left",
        (Stage::Simultaneous, _) => "both sides fire at once",
    }
}

/// Hits waiting for the umpire to name the losses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Losses {
    pub side: Side,
    pub hits: Vec<(u16, Reach)>,
    pub marks: Vec<Mark>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub sector: Sector,
    pub round: u8,
    pub stage: Stage,
    pub pending: Vec<Losses>,
}

fn defender_kind(setup: &Setup, i: u16) -> UnitKind {
    setup.defender.units[i as usize].kind
}

/// The classes of the side's fighting units in the sector (what its enemy shoots at).
fn classes(setup: &Setup, s: &State, sector: Sector, side: Side) -> Vec<TargetClass> {
    match side {
        Side::Defender => s.defenders_in(sector).map(|(_, i)| target_class(defender_kind(setup, i))).collect(),
        Side::Attacker => s
            .attacker_indices(sector)
            .into_iter()
            .map(|k| target_class(s.unit(setup, s.units[k].origin).kind))
            .collect(),
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::Attacker => Side::Defender,
        Side::Defender => Side::Attacker,
    }
}

fn reach_of(sh: Shooter) -> Reach {
    if sh == Shooter::AntiTank {
        Reach::NotInfantry
    } else {
        Reach::Any
    }
}

/// The dice `side` throws in `sector` in one round, one `Reach` per die, shooters in order
/// (counters by number, units by order of battle), then fortification and minefield dice.
pub fn volley(setup: &Setup, s: &State, sector: Sector, side: Side) -> Vec<Reach> {
    let enemy = classes(setup, s, sector, other(side));
    let mut v = Vec::new();
    if enemy.is_empty() {
        return v;
    }
    let attacking = attacking(s, sector, side);
    match side {
        Side::Defender => {
            let fighters: Vec<u16> = s.defenders_in(sector).map(|(_, i)| i).collect();
            for &i in &fighters {
                let sh = shooter(&setup.defender.units[i as usize]);
                v.extend(std::iter::repeat_n(reach_of(sh), ground_dice(sh, attacking, &enemy) as usize));
            }
            let all_engineers =
                s.attacker_indices(sector).iter().all(|&k| s.unit(setup, s.units[k].origin).kind.is_engineer());
            for c in s.counters_in(sector) {
                let n = match c.piece {
                    Some(Piece::Fortification) if !fighters.is_empty() => tables::FORTIFICATION_DICE,
                    Some(Piece::Minefield) => minefield_dice(!fighters.is_empty(), all_engineers),
                    _ => 0,
                };
                let reach = if c.piece == Some(Piece::Minefield) { Reach::NotEngineers } else { Reach::Any };
                v.extend(std::iter::repeat_n(reach, n as usize));
            }
        }
        Side::Attacker => {
            for k in s.attacker_indices(sector) {
                let sh = shooter(s.unit(setup, s.units[k].origin));
                v.extend(std::iter::repeat_n(reach_of(sh), ground_dice(sh, attacking, &enemy) as usize));
            }
        }
    }
    v
}

/// The units `side` may lose in `sector`.
pub fn marks(setup: &Setup, s: &State, sector: Sector, side: Side) -> Vec<Mark> {
    let enemy = classes(setup, s, sector, other(side));
    let moving = setup.options.moving_targets;
    let attacking = attacking(s, sector, side);
    match side {
        Side::Defender => s
            .defenders_in(sector)
            .map(|(id, i)| {
                let unit = &setup.defender.units[i as usize];
                let moved = s.counters[id as usize].moved;
                let first = unit.assault && ground_dice(shooter(unit), attacking, &enemy) == 2;
                Mark {
                    target: Target::Counter(id),
                    kind: unit.kind,
                    kill: kill_target(moving, moved, unit.kind),
                    first,
                }
            })
            .collect(),
        Side::Attacker => s
            .attacker_indices(sector)
            .into_iter()
            .map(|k| {
                let u = s.units[k];
                let unit = s.unit(setup, u.origin);
                let first = unit.assault && ground_dice(shooter(unit), attacking, &enemy) == 2;
                Mark {
                    target: Target::Unit(u.origin),
                    kind: unit.kind,
                    kill: kill_target(moving, u.moved, unit.kind),
                    first,
                }
            })
            .collect(),
    }
}

fn can_kill(hit: (u16, Reach), m: &Mark) -> bool {
    hit.0 >= m.kill && hit.1.reaches(m.kind)
}

/// Whether the marks in `mask` can each take a different hit (bipartite matching).
fn covered(hits: &[(u16, Reach)], marks: &[Mark], mask: u32) -> bool {
    fn augment(
        m: usize,
        hits: &[(u16, Reach)],
        marks: &[Mark],
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for h in 0..hits.len() {
            if !seen[h] && can_kill(hits[h], &marks[m]) {
                seen[h] = true;
                if owner[h].is_none_or(|o| augment(o, hits, marks, seen, owner)) {
                    owner[h] = Some(m);
                    return true;
                }
            }
        }
        false
    }
    let mut owner = vec![None; hits.len()];
    (0..marks.len())
        .filter(|m| mask & (1 << m) != 0)
        .all(|m| augment(m, hits, marks, &mut vec![false; hits.len()], &mut owner))
}

/// The lawful sets of losses (bit masks over `marks`): as many as the hits can kill, and of
/// those, as many first-loss assault troops as possible.
pub fn choices(hits: &[(u16, Reach)], marks: &[Mark]) -> Vec<u32> {
    let all: Vec<u32> = (0..1u32 << marks.len()).filter(|&m| covered(hits, marks, m)).collect();
    let size = |m: u32| m.count_ones();
    let firsts = |m: u32| (0..marks.len()).filter(|&k| m & (1 << k) != 0 && marks[k].first).count();
    let best = all.iter().map(|&m| size(m)).max().unwrap_or(0);
    let best_first = all.iter().filter(|&&m| size(m) == best).map(|&m| firsts(m)).max().unwrap_or(0);
    all.into_iter().filter(|&m| size(m) == best && firsts(m) == best_first).collect()
}

fn remove(s: &mut State, t: Target) -> Result<(), RuleError> {
    match t {
        Target::Counter(id) => s.counters.get_mut(id as usize).ok_or(RuleError::UnknownCounter(id))?.place = CounterPlace::Gone,
        Target::Unit(r) => {
            let i = s.index_of(r).ok_or(RuleError::UnknownUnit(r))?;
            s.units[i].place = Place::Killed;
        }
    }
    Ok(())
}

/// Dice `side` throws at one withdrawing unit of `kind` in `sector`: its best shooter's
/// ground-combat dice against that unit's type.
pub fn free_shot(setup: &Setup, s: &State, sector: Sector, side: Side, kind: UnitKind) -> u8 {
    let tc = [target_class(kind)];
    let attacking = attacking(s, sector, side);
    match side {
        Side::Defender => s
            .defenders_in(sector)
            .map(|(_, i)| ground_dice(shooter(&setup.defender.units[i as usize]), attacking, &tc))
            .max(),
        Side::Attacker => s
            .attacker_indices(sector)
            .into_iter()
            .map(|k| ground_dice(shooter(s.unit(setup, s.units[k].origin)), attacking, &tc))
            .max(),
    }
    .unwrap_or(0)
}

/// Whether ground combat is fought in `sector`: both sides present and someone has dice.
pub fn contested(setup: &Setup, s: &State, sector: Sector) -> bool {
    s.attackers_in(sector) > 0
        && (!volley(setup, s, sector, Side::Defender).is_empty()
            || !volley(setup, s, sector, Side::Attacker).is_empty())
}

/// The dice of the present stage, with the side that throws each: none while losses wait.
pub fn stage_dice(setup: &Setup, s: &State) -> Vec<(Side, Reach)> {
    match s.combat.as_ref() {
        Some(c) if c.pending.is_empty() => throws(setup, s, c),
        _ => Vec::new(),
    }
}

/// The dice of `c`'s present stage, with the side that throws each.
fn throws(setup: &Setup, s: &State, c: &Combat) -> Vec<(Side, Reach)> {
    let tag = |side: Side| volley(setup, s, c.sector, side).into_iter().map(move |r| (side, r));
    let first = holder(s, c.sector);
    match c.stage {
        Stage::HolderFirst => tag(first).collect(),
        Stage::Reply => tag(other(first)).collect(),
        Stage::Simultaneous => tag(Side::Defender).chain(tag(Side::Attacker)).collect(),
    }
}

/// Takes the combat under way out of the state for a throw or a naming of losses to move on
/// (`roll`, `allocate`, which put it back or end it); refused when none is under way.
pub fn under_way(s: &mut State) -> Result<Combat, RuleError> {
    s.combat.take().ok_or(RuleError::NoCombat)
}

/// Puts `c` back at its next throw, or ends it with the sector fought.
fn advance(s: &mut State, mut c: Combat) {
    match (c.stage, c.round) {
        (Stage::HolderFirst, _) => c.stage = Stage::Reply,
        (Stage::Reply, _) => (c.stage, c.round) = (Stage::Simultaneous, 2),
        (Stage::Simultaneous, r) if r < tables::COMBAT_ROUNDS => c.round += 1,
        _ => {
            s.fought.push(c.sector);
            s.combat = None;
            return;
        }
    }
    s.combat = Some(c);
}

/// Puts `c` back while losses wait for the umpire; otherwise moves it on and settles.
fn carry_on(setup: &Setup, s: &mut State, c: Combat) {
    if c.pending.is_empty() {
        advance(s, c);
        settle(setup, s);
    } else {
        s.combat = Some(c);
    }
}

/// Moves the combat on to the next throw that has dice, the next contested sector, or the
/// end of the step.
pub fn settle(setup: &Setup, s: &mut State) {
    loop {
        let Some(c) = s.combat.take() else {
            match Sector::all().find(|&x| !s.fought.contains(&x) && contested(setup, s, x)) {
                Some(sector) => {
                    s.combat = Some(Combat { sector, round: 1, stage: Stage::HolderFirst, pending: Vec::new() });
                    continue;
                }
                None => {
                    s.phase = Phase::ClearMinefields;
                    return;
                }
            }
        };
        if !c.pending.is_empty() {
            s.combat = Some(c);
            return;
        }
        if !contested(setup, s, c.sector) {
            s.fought.push(c.sector);
            continue;
        }
        if throws(setup, s, &c).is_empty() {
            advance(s, c);
            continue;
        }
        s.combat = Some(c);
        return;
    }
}

/// Throws the present stage's dice of `c`, the combat under way (`under_way`): hits are taken
/// at once where only one set of losses is lawful, otherwise they wait for the umpire.
pub fn roll(setup: &Setup, s: &mut State, mut c: Combat, dice: &[u16]) -> Result<(), RuleError> {
    let tags = if c.pending.is_empty() { throws(setup, s, &c) } else { Vec::new() };
    if tags.is_empty() {
        return Err(RuleError::LossesDue);
    }
    let mut waiting = Vec::new();
    for loser in [Side::Attacker, Side::Defender] {
        let hits: Vec<(u16, Reach)> = tags
            .iter()
            .zip(dice)
            .filter(|((side, _), &d)| *side != loser && d >= 4)
            .map(|((_, r), &d)| (d, *r))
            .collect();
        if !hits.is_empty() {
            waiting.push(Losses { side: loser, hits, marks: marks(setup, s, c.sector, loser) });
        }
    }
    for l in waiting {
        let options = choices(&l.hits, &l.marks);
        match options.as_slice() {
            [0] | [] => {}
            [only] => take(s, &l.marks, *only)?,
            _ => c.pending.push(l),
        }
    }
    carry_on(setup, s, c);
    Ok(())
}

fn take(s: &mut State, marks: &[Mark], mask: u32) -> Result<(), RuleError> {
    for (k, m) in marks.iter().enumerate() {
        if mask & (1 << k) != 0 {
            remove(s, m.target)?;
        }
    }
    Ok(())
}

/// What the umpire is asked for the first waiting set of hits, before he picks: how many
/// losses to name, the units every lawful set holds, and the assault troops that go first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LossCall {
    pub side: Side,
    /// The scores that hit.
    pub hits: Vec<u16>,
    pub kills: usize,
    /// In every lawful set of losses.
    pub must: Vec<Target>,
    /// Assault troops that rolled two dice: they are lost first.
    pub first: Vec<Target>,
    /// Every unit a hit can fall on.
    pub open: Vec<Target>,
}

/// The call for the first waiting set of hits, if any waits.
pub fn loss_call(s: &State) -> Option<LossCall> {
    let l = s.combat.as_ref()?.pending.first()?;
    let options = choices(&l.hits, &l.marks);
    let every = options.iter().fold(u32::MAX, |a, &m| a & m);
    let pick = |f: &dyn Fn(usize) -> bool| -> Vec<Target> {
        (0..l.marks.len()).filter(|&k| f(k)).map(|k| l.marks[k].target).collect()
    };
    Some(LossCall {
        side: l.side,
        hits: l.hits.iter().map(|h| h.0).collect(),
        kills: options.first().map_or(0, |m| m.count_ones() as usize),
        must: if options.is_empty() { Vec::new() } else { pick(&|k| every & (1 << k) != 0) },
        first: pick(&|k| l.marks[k].first && options.iter().any(|m| m & (1 << k) != 0)),
        open: pick(&|_| true),
    })
}

/// Whether `losses` may be named for the first waiting set of hits: each a unit the hits can
/// fall on, once, together one of the lawful sets. The mask of the set over its marks.
pub fn check_losses(s: &State, losses: &[Target]) -> Result<u32, RuleError> {
    let l = s.combat.as_ref().and_then(|c| c.pending.first()).ok_or(RuleError::NoLossesDue)?;
    lawful(l, losses)
}

/// Whether `losses` are a lawful set for the hits `l`: the mask of the set over its marks.
fn lawful(l: &Losses, losses: &[Target]) -> Result<u32, RuleError> {
    let mut mask = 0u32;
    for t in losses {
        let k = l.marks.iter().position(|m| m.target == *t).ok_or(RuleError::NotALoss(*t))?;
        if mask & (1 << k) != 0 {
            return Err(RuleError::NotALoss(*t));
        }
        mask |= 1 << k;
    }
    let options = choices(&l.hits, &l.marks);
    if !options.contains(&mask) {
        return Err(RuleError::WrongLosses { kills: options.first().map_or(0, |m| m.count_ones() as usize) });
    }
    Ok(mask)
}

/// The umpire names the losses of the first waiting set of hits of `c`, the combat under way
/// (`under_way`).
pub fn allocate(setup: &Setup, s: &mut State, mut c: Combat, losses: &[Target]) -> Result<(), RuleError> {
    let Some(l) = c.pending.first() else { return Err(RuleError::NoLossesDue) };
    let mask = lawful(l, losses)?;
    take(s, &l.marks, mask)?;
    c.pending.remove(0);
    carry_on(setup, s, c);
    Ok(())
}

/// The exact chance of each number of kills (index = kills) from `hits` dice of these reaches
/// at `marks`, over every face of every die.
pub fn kill_odds(reaches: &[Reach], marks: &[Mark]) -> Vec<Chance> {
    let mut limits: Vec<u16> = marks.iter().map(|m| m.kill).collect();
    crate::engine::order::sort_by(&mut limits, |a, b| b.cmp(a));
    limits.dedup();
    let mut out = vec![0u128; marks.len() + 1];
    let groups = [Reach::Any, Reach::NotInfantry, Reach::NotEngineers];
    let counts: Vec<usize> = groups.iter().map(|g| reaches.iter().filter(|r| *r == g).count()).collect();
    // Faces per class: class k is [limits[k], limits[k-1] - 1]; the last class is a miss.
    let mut faces: Vec<u128> = Vec::new();
    let mut top = 7u16;
    for &l in &limits {
        faces.push((top - l) as u128);
        top = l;
    }
    faces.push((top - 1) as u128);
    let values: Vec<u16> = limits.clone();
    fn splits(n: usize, parts: usize) -> Vec<Vec<usize>> {
        if parts == 1 {
            return vec![vec![n]];
        }
        (0..=n)
            .flat_map(|k| {
                splits(n - k, parts - 1).into_iter().map(move |mut v| {
                    v.insert(0, k);
                    v
                })
            })
            .collect()
    }
    let choose = |n: usize, k: usize| (0..k).fold(1u128, |c, i| c * (n - i) as u128 / (i as u128 + 1));
    let per_group: Vec<Vec<(Vec<usize>, u128)>> = counts
        .iter()
        .map(|&n| {
            splits(n, faces.len())
                .into_iter()
                .map(|sp| {
                    let mut left = n;
                    let mut w = 1u128;
                    for (&k, &f) in sp.iter().zip(&faces) {
                        w *= choose(left, k) * f.pow(k as u32);
                        left -= k;
                    }
                    (sp, w)
                })
                .collect()
        })
        .collect();
    let mut pick = vec![0usize; groups.len()];
    loop {
        let mut hits = Vec::new();
        let mut w = 1u128;
        for g in 0..groups.len() {
            let (sp, gw) = &per_group[g][pick[g]];
            w *= gw;
            for (k, &v) in values.iter().enumerate() {
                hits.extend(std::iter::repeat_n((v, groups[g]), sp[k]));
            }
        }
        let kills = choices(&hits, marks).first().map_or(0, |m| m.count_ones() as usize);
        out[kills] += w;
        let mut g = 0;
        loop {
            if g == groups.len() {
                let den = 6u128.pow(reaches.len() as u32);
                return out.into_iter().map(|n| Chance::new(n as u64, den as u64)).collect();
            }
            pick[g] += 1;
            if pick[g] < per_group[g].len() {
                break;
            }
            pick[g] = 0;
            g += 1;
        }
    }
}
