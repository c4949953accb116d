//! After the game: casualties (with the two ways of keeping a platoon mobile), the
//! two-depleted-combat-platoons top-up, reinforcement dice, support exchanges, and the turn's
//! end. Called from `rules::apply`.

use super::company::{Platoon, Setup};
use super::errors::RuleError;
use super::helpers::*;
use super::rules::{begin_turn, platoon_shape_ok, player_name, spend};
use super::state::*;
use super::tables::{self, Role};
use std::sync::Arc;

/// A player's casualty reports; once both are in, the recon bonus and the reinforcements.
pub(super) fn casualties(
    setup: &Setup,
    s: &mut State,
    mut t: TurnRecord,
    side: Side,
    reports: &[PlatoonReport],
) -> Result<Step, RuleError> {
    if t.casualties[side.index()].is_some() {
        return Err(RuleError::AlreadyCounted { player: player_name(setup, side) });
    }
    let lines = casualty_lines_in(s, &t, side, reports)?;
    for l in &lines {
        let p = &mut s.roster[side.index()][l.report.platoon as usize];
        p.strength = l.after;
        p.immobile = l.immobile;
    }
    // A platoon stripped of its vehicles is left Immobile.
    for l in &lines {
        if let Some(KeepMobile::Strip(from)) = l.report.keep_mobile {
            s.roster[side.index()][from as usize].immobile = true;
        }
    }
    t.casualties[side.index()] = Some(lines);
    if !t.casualties.iter().all(Option::is_some) {
        return Ok(Step::turn(At::Casualties, t));
    }
    let recon = match (t.winner(), &t.result) {
        (Some(w), Some(r)) => {
            r.recon.iter().filter(|&&i| s.platoon(w, i).is_some_and(|p| p.strength.fieldable() && !p.immobile)).count()
        }
        _ => 0,
    };
    t.recon_bonus = recon as u8;
    let at = enter_reinforcements(s, &mut t);
    Ok(Step::turn(at, t))
}

/// A player's reinforcement dice, bought and rolled; once both have, the exchanges.
pub(super) fn reinforce(
    setup: &Setup,
    s: &mut State,
    mut t: TurnRecord,
    side: Side,
    vp: u8,
    assign: &[DiceFor],
    dice: &[u16],
) -> Result<Step, RuleError> {
    if t.reinforcement[side.index()].is_some() {
        return Err(RuleError::AlreadyReinforced { player: player_name(setup, side) });
    }
    let have = s.balance(side);
    if vp as i32 > have {
        return Err(RuleError::NotEnoughVp { player: player_name(setup, side), need: vp as i32, have });
    }
    let available = reinforcement_dice_in(Some(&t), side, vp);
    let got: u32 = assign.iter().map(|a| a.dice as u32).sum();
    if got > available as u32 {
        return Err(RuleError::TooManyDice { available, got: got.min(u16::MAX as u32) as u16 });
    }
    for (k, a) in assign.iter().enumerate() {
        let name = || platoon_name(s, side, a.platoon);
        let p = s
            .platoon(side, a.platoon)
            .ok_or(RuleError::UnknownPlatoon { player: player_name(setup, side), index: a.platoon })?;
        if assign[..k].iter().any(|x| x.platoon == a.platoon) {
            return Err(RuleError::PlatoonTwice { platoon: name() });
        }
        if a.dice == 0 {
            return Err(RuleError::NoDice { platoon: name() });
        }
        may_reinforce(Some(&t), side, a.platoon, p)?;
    }
    let item = LedgerItem::ReinforcementDice { dice: vp as u16 * tables::DICE_PER_VP };
    spend(setup, s, side, vp as i32, item)?;
    let mut lines = Vec::new();
    let mut k = 0usize;
    for a in assign {
        let rolled = dice[k..k + a.dice as usize].to_vec();
        k += a.dice as usize;
        let p = &mut s.roster[side.index()][a.platoon as usize];
        let needs = p.platoon.reinforcement_needs();
        let from = p.strength;
        if rolled.iter().any(|&d| d >= needs) {
            p.strength = p.platoon.step_up(from).min(p.start);
        }
        lines.push(ReinforceLine { platoon: a.platoon, dice: rolled, needs, from, to: p.strength });
    }
    t.reinforcement[side.index()] = Some(Reinforcement { vp, lines });
    if !t.reinforcement.iter().all(Option::is_some) {
        return Ok(Step::turn(At::Reinforcements, t));
    }
    restore_mobility(s, &mut t);
    Ok(enter_exchanges(s, t))
}

/// A support platoon swapped for another, for 5 VP.
pub(super) fn exchange(
    setup: &Setup,
    s: &mut State,
    mut t: TurnRecord,
    side: Side,
    platoon: u16,
    value: u32,
    new: &Platoon,
) -> Result<Step, RuleError> {
    if t.exchanges_done[side.index()] {
        return Err(RuleError::AlreadyDoneExchanging { player: player_name(setup, side) });
    }
    let p = s.platoon(side, platoon).ok_or(RuleError::UnknownPlatoon { player: player_name(setup, side), index: platoon })?;
    may_exchange_away(p)?;
    let new_name = new.name.trim().to_string();
    if !platoon_shape_ok(new) {
        return Err(RuleError::NewPlatoonShape { platoon: new_name });
    }
    if new.role != Role::Support {
        return Err(RuleError::NewNotSupport { platoon: new_name });
    }
    if new.transport && !super::carriers::carriers_checked(s) {
        return Err(RuleError::TransportNotRead { platoon: new_name });
    }
    if new.points > value {
        return Err(RuleError::TooExpensive { platoon: new_name, points: new.points, value });
    }
    let index = s.roster[side.index()].len() as u16;
    spend(setup, s, side, tables::EXCHANGE_COST, LedgerItem::Exchange { old: platoon, new: index })?;
    let turn = s.turn;
    let mut incoming = new.clone();
    incoming.name = new_name;
    s.roster[side.index()].push(PlatoonState::new(incoming, turn));
    s.roster[side.index()][platoon as usize].exchanged_for = Some(index);
    t.exchanges.push(ExchangeRecord { side, old: platoon, new: index, value });
    if !can_exchange(s, side) {
        t.exchanges_done[side.index()] = true;
    }
    Ok(maybe_next_turn(s, t))
}

/// No more exchanges this turn for this player.
pub(super) fn done_exchanging(setup: &Setup, s: &mut State, mut t: TurnRecord, side: Side) -> Result<Step, RuleError> {
    if t.exchanges_done[side.index()] {
        return Err(RuleError::AlreadyDoneExchanging { player: player_name(setup, side) });
    }
    t.exchanges_done[side.index()] = true;
    Ok(maybe_next_turn(s, t))
}

/// Issue 8's readings: the top-up to two depleted combat platoons taken (or declined).
pub(super) fn top_up(
    setup: &Setup,
    s: &mut State,
    mut t: TurnRecord,
    side: Side,
    platoons: &[u16],
) -> Result<Step, RuleError> {
    let player = player_name(setup, side);
    let most = top_up_open(s, &t, side).ok_or(RuleError::NoTopUp { player: player.clone() })?;
    let candidates = top_up_candidates(s, side);
    let mut auto = Vec::new();
    for (k, &i) in platoons.iter().enumerate() {
        let name = platoon_name(s, side, i);
        let p = s.platoon(side, i).ok_or(RuleError::UnknownPlatoon { player: player.clone(), index: i })?;
        if platoons[..k].contains(&i) {
            return Err(RuleError::PlatoonTwice { platoon: name });
        }
        if !candidates.contains(&i) {
            return Err(RuleError::NotForTopUp { platoon: name });
        }
        auto.push(AutoUpgrade { platoon: i, from: p.strength, to: p.strength, dice: top_up_dice(p) });
    }
    if platoons.len() > most {
        return Err(RuleError::TopUpTooMany { short: most, got: platoons.len() });
    }
    let dice: u16 = auto.iter().map(|a| a.dice).sum();
    if dice > tables::REINFORCEMENT_DICE {
        return Err(RuleError::TooManyDice { available: tables::REINFORCEMENT_DICE, got: dice });
    }
    for a in &mut auto {
        let p = &mut s.roster[side.index()][a.platoon as usize];
        while !p.strength.fieldable() {
            p.strength = p.platoon.step_up(p.strength);
        }
        a.to = p.strength;
    }
    t.auto[side.index()] = auto;
    t.topped_up[side.index()] = true;
    Ok(Step::turn(At::Reinforcements, t))
}

/// Brings combat platoons up to depleted until two are, each level using a die.
pub(super) fn enter_reinforcements(s: &mut State, t: &mut TurnRecord) -> At {
    // Issue 8's readings: the top-up "may" be taken; each player is offered it instead.
    if s.readings >= super::company::SECOND_READINGS {
        return At::Reinforcements;
    }
    for side in Side::BOTH {
        let roster = &s.roster[side.index()];
        let combat = |p: &PlatoonState| p.on_roster() && p.platoon.role == Role::Combat;
        let ok = roster.iter().filter(|p| combat(p) && p.strength.fieldable()).count();
        let short = tables::MIN_DEPLETED_COMBAT.saturating_sub(ok);
        let mut candidates: Vec<(u16, usize)> = roster
            .iter()
            .enumerate()
            .filter(|(_, p)| combat(p) && !p.strength.fieldable())
            .map(|(i, p)| (p.platoon.ladder().iter().filter(|&&l| l > p.strength && !l.fieldable()).count() + 1, i))
            .map(|(levels, i)| (levels as u16, i))
            .collect();
        crate::engine::order::sort_by_key(&mut candidates, |&(levels, i)| (levels, i));
        let mut auto = Vec::new();
        for &(levels, i) in candidates.iter().take(short) {
            let p = &mut s.roster[side.index()][i];
            let from = p.strength;
            let mut to = from;
            while !to.fieldable() {
                to = p.platoon.step_up(to);
            }
            p.strength = to;
            auto.push(AutoUpgrade { platoon: i as u16, from, to, dice: levels });
        }
        t.auto[side.index()] = auto;
    }
    At::Reinforcements
}

/// Immobile platoons get their mobility back unless they fought in a game the winner
/// followed with a two-sector breakthrough.
fn restore_mobility(s: &mut State, t: &mut TurnRecord) {
    let two = t.two_sector_move();
    let played = t.conceded.is_none();
    let mut restored = Vec::new();
    for side in Side::BOTH {
        for (i, p) in s.roster[side.index()].iter().enumerate() {
            if !p.immobile {
                continue;
            }
            let fought = played && t.force(side).is_some_and(|f| f.fielded(i as u16).is_some());
            if !(two && fought) {
                restored.push((side, i as u16));
            }
        }
    }
    for &(side, i) in &restored {
        s.roster[side.index()][i as usize].immobile = false;
    }
    t.restored = restored;
}

fn enter_exchanges(s: &mut State, mut t: TurnRecord) -> Step {
    for side in Side::BOTH {
        if !can_exchange(s, side) {
            t.exchanges_done[side.index()] = true;
        }
    }
    maybe_next_turn(s, t)
}

/// The turn ends once both players are done exchanging; the next begins.
fn maybe_next_turn(s: &mut State, t: TurnRecord) -> Step {
    if !t.exchanges_done.iter().all(|&d| d) {
        return Step::turn(At::Exchanges, t);
    }
    s.mobility_rule = if t.two_sector_move() { t.winner() } else { None };
    Arc::make_mut(&mut s.turns).push(t);
    s.turn += 1;
    begin_turn(s)
}
