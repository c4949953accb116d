//! Axis of Attack's grammar, the steps after the game (link version 4), each only as the rules
//! take it. Casualties: a report for each platoon fielded, in the list's order, its teams within
//! those fielded, Immobile only for a platoon with transport, and a way of keeping it mobile
//! only when it is short of transport (`short_of_transport`): a level `lower_levels` offers, or
//! a donor `strip_donor` and `strip_spare` accept. The top-up: candidates one at a time, as
//! many as offered and the dice allow. Reinforcement: VP the player holds, dice to the platoons
//! `reinforceable` names, one at a time, within the dice he has (both in any order: the order
//! is the record's, and the dice are read in it). An exchange: a support platoon
//! `exchangeable` names, for a support platoon of sound shape worth no more than its value.

use super::carriers::carriers_checked;
use super::company::Platoon;
use super::grammar_force::bounded;
use super::helpers::*;
use super::rules::platoon_shape_ok;
use super::state::{DiceFor, KeepMobile, PlatoonReport, Side, State};
use super::tables::{self, Mobility, Role, Strength};
use crate::engine::grammar::{maybe, one_of};
use crate::engine::Chooser;

// Contexts, from 32 (`grammar_force.rs` has those below).
const GONE: u16 = 32;
const BAILED: u16 = 33;
const EXITED: u16 = 34;
const ROUTED: u16 = 35;
const IMMOBILE: u16 = 36;
const KEEP: u16 = 37;
const STRIP: u16 = 38;
const TOP_UP: u16 = 39;
const VP: u16 = 40;
const ASSIGN: u16 = 41;
const DICE: u16 = 42;
const MIN_TEAMS: u16 = 43;
const MORE_TEAMS: u16 = 44;
const TEAMS_SHORT: u16 = 45;
const POINTS: u16 = 46;
const VALUE_OVER: u16 = 47;
const ALL_TANK: u16 = 48;
const RECON: u16 = 49;
const TRANSPORT: u16 = 50;

/// The casualty reports of `side`: one for each platoon of the list it handed in, in order.
pub(super) fn reports<C: Chooser>(
    c: &mut C,
    s: &State,
    side: Side,
    g: Option<&[PlatoonReport]>,
) -> Result<Vec<PlatoonReport>, C::Error> {
    let force = s.current().and_then(|t| t.forces[side.index()].as_ref()).ok_or_else(|| c.refuse())?;
    if let Some(g) = g {
        if g.len() != force.platoons.len() || g.iter().zip(&force.platoons).any(|(r, f)| r.platoon != f.platoon) {
            return Err(c.refuse());
        }
    }
    // First what each platoon came back with, then (knowing every line, which a strip's donor
    // is judged by) how each one short of transport is kept mobile.
    let mut out = Vec::with_capacity(force.platoons.len());
    for (k, f) in force.platoons.iter().enumerate() {
        let r = g.map(|g| &g[k]);
        let p = s.platoon(side, f.platoon).ok_or_else(|| c.refuse())?;
        if r.is_some_and(|r| r.on_table as u32 + r.bailed as u32 + r.exited as u32 + r.routed as u32 > f.teams as u32) {
            return Err(c.refuse());
        }
        let gone = bounded(c, GONE, f.teams, r.map(|r| f.teams - r.on_table))?;
        let bailed = bounded(c, BAILED, gone, r.map(|r| r.bailed))?;
        let exited = bounded(c, EXITED, gone - bailed, r.map(|r| r.exited))?;
        let routed = bounded(c, ROUTED, gone - bailed - exited, r.map(|r| r.routed))?;
        let immobile = if p.platoon.mobility.motorised() {
            c.flag(IMMOBILE, r.map(|r| r.immobile))?
        } else {
            if r.is_some_and(|r| r.immobile) {
                return Err(c.refuse());
            }
            false
        };
        let on_table = f.teams - gone;
        out.push(PlatoonReport { platoon: f.platoon, on_table, bailed, exited, routed, immobile, keep_mobile: None });
    }
    let lines: Vec<_> =
        out.iter().map(|r| casualty_line(s, side, r)).collect::<Result<_, _>>().map_err(|_| c.refuse())?;
    for (k, line) in lines.iter().enumerate() {
        let r = &out[k];
        let given = g.map(|g| &g[k].keep_mobile);
        let p = s.platoon(side, r.platoon).ok_or_else(|| c.refuse())?;
        let short = p.platoon.mobility.motorised() && short_of_transport(s, p, r.immobile);
        let lower = if short { lower_levels(s, side, line) } else { Vec::new() };
        let donors: Vec<u16> = if short {
            (0..s.roster(side).len() as u16)
                .filter(|&j| strip_donor(s, side, r.platoon, j).is_ok() && strip_spare(s, side, &lines, j))
                .collect()
        } else {
            Vec::new()
        };
        let keep = if lower.is_empty() && donors.is_empty() {
            if given.is_some_and(|k| k.is_some()) {
                return Err(c.refuse());
            }
            None
        } else {
            maybe(c, KEEP, given.map(|k| k.as_ref()), |c, k| keep_mobile(c, &lower, &donors, k))?
        };
        out[k].keep_mobile = keep;
    }
    Ok(out)
}

fn keep_mobile<C: Chooser>(
    c: &mut C,
    lower: &[Strength],
    donors: &[u16],
    k: Option<&KeepMobile>,
) -> Result<KeepMobile, C::Error> {
    let strip = match (lower.is_empty(), donors.is_empty()) {
        (true, _) => true,
        (_, true) => false,
        _ => c.flag(STRIP, k.map(|k| matches!(k, KeepMobile::Strip(_))))?,
    };
    Ok(if strip {
        let from = match k {
            Some(KeepMobile::Strip(p)) => Some(p),
            Some(_) => return Err(c.refuse()),
            None => None,
        };
        KeepMobile::Strip(one_of(c, donors, from)?)
    } else {
        let level = match k {
            Some(KeepMobile::Lower(l)) => Some(l),
            Some(_) => return Err(c.refuse()),
            None => None,
        };
        KeepMobile::Lower(one_of(c, lower, level)?)
    })
}

/// The top-up `side` takes (none: declined): platoons one at a time, a flag "another" then
/// which, among the candidates that still fit (as many as offered, within the four dice), in
/// any order (the order is the record's).
pub(super) fn top_up<C: Chooser>(c: &mut C, s: &State, side: Side, g: Option<&[u16]>) -> Result<Vec<u16>, C::Error> {
    let most = top_up_offer(s, side).ok_or_else(|| c.refuse())?;
    let dice = |i: u16| s.platoon(side, i).map_or(u16::MAX, top_up_dice);
    let mut chosen: Vec<u16> = Vec::new();
    let mut used = 0;
    loop {
        let fit: Vec<u16> = top_up_candidates(s, side)
            .into_iter()
            .filter(|&i| !chosen.contains(&i) && chosen.len() < most && used + dice(i) <= tables::REINFORCEMENT_DICE)
            .collect();
        let next = g.map(|g| g.get(chosen.len()));
        if fit.is_empty() || !c.flag(TOP_UP, next.map(|x| x.is_some()))? {
            if next.is_some_and(|x| x.is_some()) {
                return Err(c.refuse());
            }
            return Ok(chosen);
        }
        let i = one_of(c, &fit, next.flatten())?;
        used += dice(i);
        chosen.push(i);
    }
}

/// VP for more dice (what the player holds), then dice to the platoons that may take them,
/// one at a time (a flag "another", which of those left, how many dice of those left), in any
/// order: the dice are read in it.
pub(super) fn reinforce<C: Chooser>(
    c: &mut C,
    s: &State,
    side: Side,
    g: Option<(u8, &[DiceFor])>,
) -> Result<(u8, Vec<DiceFor>), C::Error> {
    let most = s.balance(side).clamp(0, 255) as u16;
    let vp = bounded(c, VP, most, g.map(|g| g.0.into()))? as u8;
    let mut open = reinforceable(s, side);
    let mut left = reinforcement_dice(s, side, vp);
    let mut assign = Vec::new();
    loop {
        let next = g.map(|g| g.1.get(assign.len()));
        if left == 0 || open.is_empty() || !c.flag(ASSIGN, next.map(|x| x.is_some()))? {
            if next.is_some_and(|x| x.is_some()) {
                return Err(c.refuse());
            }
            return Ok((vp, assign));
        }
        let next = next.flatten();
        let platoon = one_of(c, &open, next.map(|x| &x.platoon))?;
        open.retain(|&i| i != platoon);
        if next.is_some_and(|x| x.dice == 0) {
            return Err(c.refuse());
        }
        let dice = 1 + bounded(c, DICE, left.min(255) - 1, next.map(|x| u16::from(x.dice) - 1))?;
        left -= dice;
        assign.push(DiceFor { platoon, dice: dice as u8 });
    }
}

/// A support platoon exchanged away (one `exchangeable` names), its value, and the support
/// platoon taking its place, of sound shape and costing no more than the value.
pub(super) fn exchange<C: Chooser>(
    c: &mut C,
    s: &State,
    side: Side,
    g: Option<(u16, u32, &Platoon)>,
) -> Result<(u16, u32, Platoon), C::Error> {
    let old = g.map(|g| g.0);
    let platoon = one_of(c, &exchangeable(s, side), old.as_ref())?;
    let n = g.map(|g| g.2);
    if g.is_some_and(|(_, value, n)| n.role != Role::Support || !platoon_shape_ok(n) || n.points > value) {
        return Err(c.refuse());
    }
    let name = c.text(n.map(|n| &*n.name))?;
    let min_teams = 1 + c.number(MIN_TEAMS, n.map(|n| u64::from(n.min_teams - 1)))?;
    let min_teams = u16::try_from(min_teams).map_err(|_| c.refuse())?;
    let more = c.number(MORE_TEAMS, n.map(|n| u64::from(n.max_teams - n.min_teams)))?;
    let max_teams = u16::try_from(more).ok().and_then(|m| min_teams.checked_add(m)).ok_or_else(|| c.refuse())?;
    let short = bounded(c, TEAMS_SHORT, max_teams - min_teams, n.map(|n| n.max_teams - n.teams))?;
    let points = c.number(POINTS, n.map(|n| u64::from(n.points)))?;
    let points = u32::try_from(points).map_err(|_| c.refuse())?;
    let over = c.number(VALUE_OVER, g.map(|g| u64::from(g.1 - g.2.points)))?;
    let value = u32::try_from(over).ok().and_then(|o| points.checked_add(o)).ok_or_else(|| c.refuse())?;
    let upgrades = c.text(n.map(|n| &*n.upgrades))?;
    let all_tank = c.flag(ALL_TANK, n.map(|n| n.all_tank))?;
    let recon = c.flag(RECON, n.map(|n| n.recon))?;
    let mobility = one_of(c, &Mobility::ALL, n.map(|n| &n.mobility))?;
    let under_strength = one_of(c, &[None, Some(true), Some(false)], n.map(|n| &n.under_strength))?;
    let vehicles = c.text(n.map(|n| &*n.vehicles))?;
    // A Transport platoon is marked since issue 28's readings; before, none is.
    let transport = if carriers_checked(s) {
        c.flag(TRANSPORT, n.map(|n| n.transport))?
    } else {
        if n.is_some_and(|n| n.transport) {
            return Err(c.refuse());
        }
        false
    };
    let new = Platoon {
        name,
        role: Role::Support,
        min_teams,
        max_teams,
        teams: max_teams - short,
        points,
        upgrades,
        all_tank,
        recon,
        mobility,
        under_strength,
        vehicles,
        transport,
    };
    if !platoon_shape_ok(&new) {
        // A name of spaces alone: the rules take no platoon without a name.
        return Err(c.refuse());
    }
    Ok((platoon, value, new))
}
