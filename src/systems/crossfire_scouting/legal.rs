//! Who may do what, where: the checks `apply` makes and the lists the screens offer.

use super::errors::RuleError;
use super::state::{ClockReason, Phase, Stage, State, Status};
use super::team::{Place, ScoutRef, Setup};

// ---------------------------------------------------------------------------------------
// Who may do what
// ---------------------------------------------------------------------------------------

pub(super) fn figure_ok(setup: &Setup, scout: ScoutRef) -> Result<String, RuleError> {
    setup.scout(scout).map(|s| s.name.clone()).ok_or(RuleError::UnknownScout)
}

pub(super) fn area_ok(setup: &Setup, area: u16) -> Result<String, RuleError> {
    setup.area(area).map(|a| a.name.clone()).ok_or(RuleError::UnknownArea(area))
}

pub(super) fn leader_dead(state: &State, scout: ScoutRef) -> bool {
    !scout.is_leader() && state.figure(scout.leader()).status == Status::Dead
}

/// A move of `scout` to `to` in the scouting step, or why not.
pub fn may_move(setup: &Setup, state: &State, scout: ScoutRef, to: Place) -> Result<(), RuleError> {
    let name = figure_ok(setup, scout)?;
    let sc = state.figure(scout);
    match sc.status {
        Status::Dead => return Err(RuleError::ScoutDead(name)),
        Status::Home => return Err(RuleError::AlreadyHome(name)),
        Status::Late => return Err(RuleError::NightOver),
        _ => {}
    }
    match to {
        Place::OwnEdge if sc.place == Place::OwnEdge => Err(RuleError::AtStartLine(name)),
        Place::OwnEdge => Ok(()),
        Place::Area(a) => {
            let area = area_ok(setup, a)?;
            if state.troops_revealed(a) && sc.place != to {
                return Err(RuleError::TroopsRevealed(area));
            }
            Ok(())
        }
    }
}

/// A spotting attempt of `scout` on `area`, or why not.
pub fn may_spot(setup: &Setup, state: &State, scout: ScoutRef, area: u16) -> Result<(), RuleError> {
    let name = figure_ok(setup, scout)?;
    let area_name = area_ok(setup, area)?;
    let sc = state.figure(scout);
    match sc.status {
        Status::Dead => return Err(RuleError::ScoutDead(name)),
        Status::Home => return Err(RuleError::AlreadyHome(name)),
        Status::Waiting => return Err(RuleError::NotOnTable(name)),
        Status::Late => return Err(RuleError::NightOver),
        _ => {}
    }
    if leader_dead(state, scout) {
        return Err(RuleError::LeaderDead { scout: name, leader: setup.name(scout.leader()) });
    }
    if setup.areas[area as usize].edge {
        return Err(RuleError::EdgeArea(area_name));
    }
    if state.troops_revealed(area) {
        return Err(RuleError::TroopsRevealed(area_name));
    }
    if sc.tried.contains(&area) {
        return Err(RuleError::AlreadyTried { scout: name, area: area_name });
    }
    Ok(())
}

/// Banking `scout`'s finds with his leader, or why not.
pub fn may_bank(setup: &Setup, state: &State, scout: ScoutRef) -> Result<(), RuleError> {
    let name = figure_ok(setup, scout)?;
    if scout.is_leader() {
        return Err(RuleError::IsLeader(name));
    }
    let sc = state.figure(scout);
    match sc.status {
        Status::Dead => return Err(RuleError::ScoutDead(name)),
        Status::Home => return Err(RuleError::AlreadyHome(name)),
        Status::Waiting => return Err(RuleError::NotOnTable(name)),
        Status::Late => return Err(RuleError::NightOver),
        _ => {}
    }
    let leader = state.figure(scout.leader());
    let leader_name = setup.name(scout.leader());
    match leader.status {
        Status::Dead => return Err(RuleError::LeaderDead { scout: name, leader: leader_name }),
        s if !s.on_table() => return Err(RuleError::LeaderNotOut { scout: name, leader: leader_name }),
        _ => {}
    }
    if state.carried_by(scout).is_empty() {
        return Err(RuleError::NothingToBank(name));
    }
    Ok(())
}

/// Figures the scouting player may move now.
pub fn movers(state: &State) -> Vec<ScoutRef> {
    if state.phase != Phase::Scouting {
        return Vec::new();
    }
    state.refs().into_iter().filter(|r| matches!(state.figure(*r).status, Status::Waiting | Status::Active)).collect()
}

/// Areas `scout` may still try to spot (the table decides which are next to him).
pub fn areas_to_spot(setup: &Setup, state: &State, scout: ScoutRef) -> Vec<u16> {
    (0..setup.areas.len() as u16).filter(|&a| may_spot(setup, state, scout, a).is_ok()).collect()
}

/// The area where the scout's move ends, if hidden troops could be waiting in it: he
/// entered it from outside, it is not on the scouting player's edge, nobody has revealed
/// troops there or had it declared empty, and he has not beaten its troops before.
pub fn close_combat_area(setup: &Setup, state: &State, scout: ScoutRef) -> Option<u16> {
    let sc = state.figure(scout);
    if !sc.entering {
        return None;
    }
    match sc.heading.unwrap_or(sc.place) {
        Place::OwnEdge => None,
        Place::Area(a) => {
            let area = setup.area(a)?;
            let closed = area.edge || state.troops_revealed(a) || state.declared_empty(a) || sc.beaten.contains(&a);
            (!closed).then_some(a)
        }
    }
}

/// What the defender may do in a reaction window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reactions {
    pub scout: ScoutRef,
    pub reactive_spot: bool,
    pub fire: bool,
    pub close_combat: Option<u16>,
}

pub fn reactions(setup: &Setup, state: &State) -> Option<Reactions> {
    let Phase::Reaction { scout, stage } = state.phase else { return None };
    let sc = state.figure(scout);
    let moving = stage == Stage::Moving;
    Some(Reactions {
        scout,
        reactive_spot: moving && sc.in_open && !sc.under_fire,
        fire: moving && sc.under_fire,
        close_combat: close_combat_area(setup, state, scout),
    })
}

/// The figure a reaction, fire or close combat is about.
pub fn scout_in_play(state: &State) -> Option<ScoutRef> {
    match state.phase {
        Phase::Reaction { scout, .. }
        | Phase::SentriesSpotted { scout, .. }
        | Phase::Fire { scout, .. }
        | Phase::CloseCombatTie { scout, .. }
        | Phase::Retreat { scout }
        | Phase::Reveal { scout, .. } => Some(scout),
        Phase::Clock { reason: ClockReason::Spotting(scout) | ClockReason::ThirdMove(scout) } => Some(scout),
        Phase::Scouting | Phase::Over => None,
    }
}

/// The leader and every scout of the team are dead.
pub fn team_wiped(state: &State, team: u8) -> bool {
    state.figures[team as usize].iter().all(|f| f.status == Status::Dead)
}

// ---------------------------------------------------------------------------------------
// Dice
// ---------------------------------------------------------------------------------------
