//! The end of a turn: engineers lift minefields, the Corps Commander replaces lost division
//! HQs, the turn's figures are recorded, and after turn 6 the victory is judged.

use super::errors::RuleError;
use super::grid::Sector;
use super::setup::{Setup, ATTACKING_DIVISIONS};
use super::state::{CounterPlace, GameResult, Phase, Place, State, TurnRecord, UnitRef};
use super::tables::{self, victory, Victory};
use super::units::Piece;
use serde::{Deserialize, Serialize};

/// The Corps Commander's choice for a division without an HQ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HqChoice {
    /// The Staff Officer takes over the division; `unit` becomes its HQ.
    StaffOfficer,
    /// 1d6: on 4+ a subordinate takes over and `unit` becomes the HQ.
    ChainOfCommand,
}

/// Engineers that stood in a sector all turn without fighting, with no other enemy there,
/// each lift one minefield. Returns the sectors cleared.
pub fn clear_minefields(setup: &Setup, s: &mut State) -> Vec<Sector> {
    let mut cleared = Vec::new();
    for k in 0..s.units.len() {
        let u = s.units[k];
        let Place::On(at) = u.place else { continue };
        let eligible = s.unit(setup, u.origin).kind.is_engineer()
            && u.start == Some(at)
            && !s.fought.contains(&at)
            && s.defenders_in(at).next().is_none();
        if !eligible {
            continue;
        }
        let mine = s.counters.iter().position(|c| c.place == CounterPlace::On(at) && c.piece == Some(Piece::Minefield));
        if let Some(m) = mine {
            s.counters[m].place = CounterPlace::Gone;
            s.counters[m].revealed = true;
            cleared.push(at);
        }
    }
    cleared
}

/// Attacking divisions without an HQ that still have a unit on hand to make one.
pub fn headless(setup: &Setup, s: &State) -> Vec<u8> {
    (0..ATTACKING_DIVISIONS as u8)
        .filter(|&d| s.hq_lost(setup, d) && s.units.iter().any(|u| on_hand(u.division, u.place, d)))
        .collect()
}

fn on_hand(division: Option<u8>, place: Place, d: u8) -> bool {
    division == Some(d) && !matches!(place, Place::Killed | Place::Exited | Place::Undeployed)
}

/// A division's units that may be made its HQ (`replace_hq` asks the same of its unit).
pub fn on_hand_units(s: &State, d: u8) -> Vec<UnitRef> {
    s.units.iter().filter(|u| on_hand(u.division, u.place, d)).map(|u| u.origin).collect()
}

/// Whether the Corps Commander may deal with `division`'s lost HQ now, or why not: a division
/// without an HQ, not dealt with this turn. The grammar's list (`hq_due`) and `replace_hq` both
/// ask it.
pub fn may_replace_hq(setup: &Setup, s: &State, division: u8) -> Result<(), RuleError> {
    if division as usize >= ATTACKING_DIVISIONS {
        return Err(RuleError::UnknownDivision(division));
    }
    if !headless(setup, s).contains(&division) {
        return Err(RuleError::NotHeadless(division));
    }
    if s.hq_handled.contains(&division) {
        return Err(RuleError::HqAlreadyHandled(division));
    }
    Ok(())
}

/// Headless divisions the Corps Commander has still to deal with this turn (`may_replace_hq`):
/// the turn ends only when there are none.
pub fn hq_due(setup: &Setup, s: &State) -> Vec<u8> {
    headless(setup, s).into_iter().filter(|&d| may_replace_hq(setup, s, d).is_ok()).collect()
}

pub fn replace_hq(
    setup: &Setup,
    s: &mut State,
    division: u8,
    choice: HqChoice,
    unit: UnitRef,
    dice: &[u16],
) -> Result<(), RuleError> {
    may_replace_hq(setup, s, division)?;
    let i = s.index_of(unit).ok_or(RuleError::UnknownUnit(unit))?;
    if !on_hand(s.units[i].division, s.units[i].place, division) {
        return Err(RuleError::NotInDivision { unit, division });
    }
    s.hq_handled.push(division);
    match choice {
        HqChoice::StaffOfficer => {
            s.units[i].made_hq = true;
            s.staff_swaps.push(division);
        }
        HqChoice::ChainOfCommand => {
            if dice.first().is_some_and(|&d| d >= tables::SUBORDINATE_TAKES_OVER) {
                s.units[i].made_hq = true;
            }
        }
    }
    Ok(())
}

/// Closes the turn: the record, then the next turn or the end of the game.
pub fn end_turn(setup: &Setup, s: &mut State) -> Result<(), RuleError> {
    if let Some(&d) = hq_due(setup, s).first() {
        return Err(RuleError::HqChoiceDue(d));
    }
    let (killed, gone, exited) = s.tallies();
    let (k0, g0, e0) = s.turn_base;
    s.record.push(TurnRecord {
        turn: s.turn,
        event: s.event,
        fog: s.fog,
        attackers_lost: killed - k0,
        counters_removed: gone - g0,
        exited: exited - e0,
        on_call_fm: s.on_call_this_turn(),
    });
    if s.turn >= tables::TURNS {
        s.result = Some(judge(setup, s));
        s.phase = Phase::GameOver;
    } else {
        s.turn += 1;
        s.phase = Phase::RandomEvent;
    }
    Ok(())
}

/// Victory: the share of the break-through division (by membership at the end, losses
/// included) that left the table; with the advanced conditions each one unmet costs a level.
pub fn judge(setup: &Setup, s: &State) -> GameResult {
    let bt = s.orders.as_ref().map(|o| o.break_through);
    let members = s.units.iter().filter(|u| bt.is_some() && u.division == bt);
    let (total, exited) = members.fold((0, 0), |(t, e), u| (t + 1, e + (u.place == Place::Exited) as usize));
    let mut result = victory(exited, total);
    let mut missed = Vec::new();
    let mut front = None;
    if setup.options.advanced_victory {
        missed = setup
            .advanced
            .objectives
            .iter()
            .copied()
            .filter(|&x| s.attackers_in(x) == 0 || s.defenders_in(x).next().is_some())
            .collect();
        let mut axes: Vec<u8> =
            s.units.iter().filter(|u| u.place == Place::Exited).filter_map(|u| u.came_from.map(|c| c.axis)).collect();
        crate::engine::order::sort(&mut axes);
        axes.dedup();
        let unmet = missed.len() + (axes.len() < setup.advanced.wide_front as usize) as usize;
        if setup.advanced.wide_front > 0 {
            front = Some((axes.len() as u8, setup.advanced.wide_front));
        }
        for _ in 0..unmet {
            result = match result {
                Victory::Total => Victory::Major,
                Victory::Major => Victory::Minor,
                _ => Victory::Defeat,
            };
        }
    }
    GameResult { victory: result, exited, total, missed_objectives: missed, front }
}
