//! Who may do what, where: the checks `apply` makes and the lists the screens offer.

use super::errors::RuleError;
use super::modifiers::in_cover;
use super::state::{ClockReason, FindStatus, Phase, RevealCause, Sighting, Stage, State, Status};
use super::tables::{MAX_FIRING_UNITS, MAX_OTHER_MODIFIER};
use super::team::{Place, ScoutRef, Setup};

// ---------------------------------------------------------------------------------------
// Who may do what
// ---------------------------------------------------------------------------------------

// The checks name figures and areas only when they refuse, so the lists built from them
// (the screens', the grammar's) cost no copies of names.

pub(super) fn figure_ok(setup: &Setup, scout: ScoutRef) -> Result<(), RuleError> {
    setup.scout(scout).map(|_| ()).ok_or(RuleError::UnknownScout)
}

pub(super) fn area_ok(setup: &Setup, area: u16) -> Result<(), RuleError> {
    setup.area(area).map(|_| ()).ok_or(RuleError::UnknownArea(area))
}

pub(super) fn leader_dead(state: &State, scout: ScoutRef) -> bool {
    !scout.is_leader() && state.figure(scout.leader()).status == Status::Dead
}

/// Whether `scout` may move at all in the scouting step (somewhere: see `may_move`), or why
/// not.
pub fn may_step(setup: &Setup, state: &State, scout: ScoutRef) -> Result<(), RuleError> {
    figure_ok(setup, scout)?;
    match state.figure(scout).status {
        Status::Dead => Err(RuleError::ScoutDead(setup.name(scout))),
        Status::Home => Err(RuleError::AlreadyHome(setup.name(scout))),
        Status::Late => Err(RuleError::NightOver),
        _ => Ok(()),
    }
}

/// A move of `scout` to `to` in the scouting step, or why not.
pub fn may_move(setup: &Setup, state: &State, scout: ScoutRef, to: Place) -> Result<(), RuleError> {
    may_step(setup, state, scout)?;
    let name = || setup.name(scout);
    let sc = state.figure(scout);
    match to {
        Place::OwnEdge if sc.place == Place::OwnEdge => Err(RuleError::AtStartLine(name())),
        Place::OwnEdge => Ok(()),
        Place::Area(a) => {
            area_ok(setup, a)?;
            if state.troops_revealed(a) && sc.place != to {
                return Err(RuleError::TroopsRevealed(setup.area_name(a)));
            }
            Ok(())
        }
    }
}

/// Whether `scout` may try to spot at all (some area: see `may_spot`), or why not.
pub fn may_look(setup: &Setup, state: &State, scout: ScoutRef) -> Result<(), RuleError> {
    figure_ok(setup, scout)?;
    let name = || setup.name(scout);
    match state.figure(scout).status {
        Status::Dead => return Err(RuleError::ScoutDead(name())),
        Status::Home => return Err(RuleError::AlreadyHome(name())),
        Status::Waiting => return Err(RuleError::NotOnTable(name())),
        Status::Late => return Err(RuleError::NightOver),
        _ => {}
    }
    if leader_dead(state, scout) {
        return Err(RuleError::LeaderDead { scout: name(), leader: setup.name(scout.leader()) });
    }
    Ok(())
}

/// What keeps a figure from spotting an area of the setup, whoever he is.
#[derive(Clone, Copy)]
enum SpotBar {
    Edge,
    Revealed,
    Tried,
}

/// What keeps everyone from spotting an area of the setup.
fn area_bar(setup: &Setup, state: &State, area: u16) -> Option<SpotBar> {
    if setup.areas[area as usize].edge {
        Some(SpotBar::Edge)
    } else if state.troops_revealed(area) {
        Some(SpotBar::Revealed)
    } else {
        None
    }
}

fn spot_bar(setup: &Setup, state: &State, scout: ScoutRef, area: u16) -> Option<SpotBar> {
    area_bar(setup, state, area).or_else(|| has_tried(state, scout, area).then_some(SpotBar::Tried))
}

/// Whether `area` is open to spotting by a figure `may_look` lets through and who has not
/// tried it (`has_tried`): `may_spot`'s checks of the area alone, without building a refusal
/// (for scanning every area once, whoever looks).
pub fn open_to_spotting(setup: &Setup, state: &State, area: u16) -> bool {
    setup.area(area).is_some() && area_bar(setup, state, area).is_none()
}

/// `scout` has already tried to spot `area` (once each).
pub fn has_tried(state: &State, scout: ScoutRef, area: u16) -> bool {
    state.figure(scout).tried.contains(&area)
}

/// A spotting attempt of `scout` on `area`, or why not.
pub fn may_spot(setup: &Setup, state: &State, scout: ScoutRef, area: u16) -> Result<(), RuleError> {
    figure_ok(setup, scout)?;
    area_ok(setup, area)?;
    may_look(setup, state, scout)?;
    let area_name = || setup.area_name(area);
    match spot_bar(setup, state, scout, area) {
        Some(SpotBar::Edge) => Err(RuleError::EdgeArea(area_name())),
        Some(SpotBar::Revealed) => Err(RuleError::TroopsRevealed(area_name())),
        Some(SpotBar::Tried) => Err(RuleError::AlreadyTried { scout: setup.name(scout), area: area_name() }),
        None => Ok(()),
    }
}

/// Banking `scout`'s finds with his leader, or why not.
pub fn may_bank(setup: &Setup, state: &State, scout: ScoutRef) -> Result<(), RuleError> {
    figure_ok(setup, scout)?;
    let name = || setup.name(scout);
    if scout.is_leader() {
        return Err(RuleError::IsLeader(name()));
    }
    let sc = state.figure(scout);
    match sc.status {
        Status::Dead => return Err(RuleError::ScoutDead(name())),
        Status::Home => return Err(RuleError::AlreadyHome(name())),
        Status::Waiting => return Err(RuleError::NotOnTable(name())),
        Status::Late => return Err(RuleError::NightOver),
        _ => {}
    }
    let leader = state.figure(scout.leader());
    let leader_name = || setup.name(scout.leader());
    match leader.status {
        Status::Dead => return Err(RuleError::LeaderDead { scout: name(), leader: leader_name() }),
        s if !s.on_table() => return Err(RuleError::LeaderNotOut { scout: name(), leader: leader_name() }),
        _ => {}
    }
    if !state.finds.iter().any(|f| f.by == scout && f.status == FindStatus::Carried) {
        return Err(RuleError::NothingToBank(name()));
    }
    Ok(())
}

/// Fire at `scout` by `units` units from `from`, `leader_sees` saying his leader watches, or
/// why not (the checks of the fire itself; whether the step allows fire is the phase's).
pub fn may_fire(
    setup: &Setup,
    state: &State,
    scout: ScoutRef,
    from: u16,
    units: u8,
    leader_sees: bool,
) -> Result<(), RuleError> {
    area_ok(setup, from)?;
    let area = || setup.area_name(from);
    if setup.areas[from as usize].edge {
        return Err(RuleError::EdgeArea(area()));
    }
    if state.declared_empty(from) {
        return Err(RuleError::FireFromEmpty(area()));
    }
    if state.figure(scout).beaten.contains(&from) {
        return Err(RuleError::Beaten { scout: setup.name(scout), area: area() });
    }
    if units == 0 || units > MAX_FIRING_UNITS {
        return Err(RuleError::FiringUnits(units));
    }
    if leader_sees && !leader_may_see(state, scout) {
        return Err(RuleError::LeaderCannotSee { scout: setup.name(scout), leader: setup.name(scout.leader()) });
    }
    Ok(())
}

/// The scout's leader may be watching fire at him: he is someone else, out on the table.
pub fn leader_may_see(state: &State, scout: ScoutRef) -> bool {
    !scout.is_leader() && state.figure(scout.leader()).status.on_table()
}

/// A close-combat "other modifier" within the range a player may give.
pub fn modifier_ok(m: i8) -> Result<(), RuleError> {
    if (m as i32).abs() > MAX_OTHER_MODIFIER as i32 {
        return Err(RuleError::BadModifier(m));
    }
    Ok(())
}

/// The hit `scout`'s retreat move to `to`, or why not: never into revealed troops, and into
/// cover when he was hit in the open.
pub fn may_retreat(setup: &Setup, state: &State, scout: ScoutRef, to: Place) -> Result<(), RuleError> {
    let Place::Area(a) = to else { return Ok(()) };
    area_ok(setup, a)?;
    if state.troops_revealed(a) && state.figure(scout).place != to {
        return Err(RuleError::TroopsRevealed(setup.area_name(a)));
    }
    if !in_cover(setup, state.figure(scout)) && !setup.areas[a as usize].cover {
        return Err(RuleError::RetreatNotToCover { scout: setup.name(scout), area: setup.area_name(a) });
    }
    Ok(())
}

/// Showing `what` in `area` after `cause`, or why not: troops that fired or fought cannot be
/// declared absent.
pub fn may_reveal(setup: &Setup, area: u16, cause: RevealCause, what: &Sighting) -> Result<(), RuleError> {
    if cause != RevealCause::Spotted && *what == Sighting::Empty {
        return Err(RuleError::MustShowTroops(setup.area_name(area)));
    }
    Ok(())
}

/// Places `scout` may move to in the scouting step (none: he may not move).
pub fn places_to_move(setup: &Setup, state: &State, scout: ScoutRef) -> Vec<Place> {
    all_places(setup).into_iter().filter(|&p| may_move(setup, state, scout, p).is_ok()).collect()
}

/// Places the hit `scout` may retreat to (the own edge always among them).
pub fn places_to_retreat(setup: &Setup, state: &State, scout: ScoutRef) -> Vec<Place> {
    all_places(setup).into_iter().filter(|&p| may_retreat(setup, state, scout, p).is_ok()).collect()
}

/// Areas troops may fire at `scout` from (one unit, his leader not watching).
pub fn areas_to_fire_from(setup: &Setup, state: &State, scout: ScoutRef) -> Vec<u16> {
    (0..setup.areas.len() as u16).filter(|&a| may_fire(setup, state, scout, a, 1, false).is_ok()).collect()
}

/// Every area of the setup, then the own edge.
fn all_places(setup: &Setup) -> Vec<Place> {
    (0..setup.areas.len() as u16).map(Place::Area).chain([Place::OwnEdge]).collect()
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
    Some(reactions_to(setup, state, scout, stage))
}

/// The reactions open to the defender as `scout` stands at `stage` of its move (what
/// `Phase::Reaction` carries): `reactions` and `apply` both ask it.
pub fn reactions_to(setup: &Setup, state: &State, scout: ScoutRef, stage: Stage) -> Reactions {
    let sc = state.figure(scout);
    let moving = stage == Stage::Moving;
    Reactions {
        scout,
        reactive_spot: moving && sc.in_open && !sc.under_fire,
        fire: moving && sc.under_fire,
        close_combat: close_combat_area(setup, state, scout),
    }
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
