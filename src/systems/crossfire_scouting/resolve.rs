//! What follows a decision: arrivals, fire, close combat, reveals, finds and the end of the night.

use super::errors::RuleError;
use super::legal::*;
use super::modifiers::*;
use super::state::{
    ClockReason, Discovery, EndReason, FindStatus, PendingReveal, Phase, RevealCause, Stage, State, Status,
};
use super::tables::{self, FireResult};
use super::team::{Place, ScoutRef, Setup};

/// The move under way reaches its end; at the own edge the figure reports.
pub(super) fn arrive(s: &mut State, scout: ScoutRef) {
    let sc = s.figure_mut(scout);
    if let Some(to) = sc.heading.take() {
        sc.place = to;
    }
    sc.in_open = false;
    if sc.place == Place::OwnEdge && sc.status == Status::Active {
        go_home(s, scout);
    }
}

/// Back at the own edge: he reports all he knows (a leader, all his team has banked).
pub(super) fn go_home(s: &mut State, scout: ScoutRef) {
    let sc = s.figure_mut(scout);
    sc.status = Status::Home;
    sc.under_fire = false;
    for f in s.finds.iter_mut() {
        let knows = f.by == scout || (scout.is_leader() && f.by.team == scout.team && f.status == FindStatus::Banked);
        if knows && matches!(f.status, FindStatus::Carried | FindStatus::Banked) {
            f.status = FindStatus::Reported;
        }
    }
}

/// The move is over: a third move in a row without spotting or reaction owes a clock roll.
pub(super) fn finish_move(s: &mut State, scout: ScoutRef) {
    let sc = s.figure_mut(scout);
    sc.entering = false;
    if sc.moves >= tables::MOVES_PER_CLOCK_ROLL {
        sc.moves = 0;
        if s.clock_due.is_none() {
            s.clock_due = Some(ClockReason::ThirdMove(scout));
        }
    }
    settle(s);
}

/// The scout got through a reaction: his move goes on to its end, where the defender may
/// still spring a close combat.
pub(super) fn carry_on(setup: &Setup, s: &mut State, scout: ScoutRef) {
    arrive(s, scout);
    if s.figure(scout).status == Status::Active && close_combat_area(setup, s, scout).is_some() {
        s.phase = Phase::Reaction { scout, stage: Stage::Arrived };
    } else {
        finish_move(s, scout);
    }
}

/// Chooses the next step once the current one is done: a retreat, then a reveal, then the
/// end if nobody is left to act, then a clock roll, else back to scouting.
pub(super) fn settle(s: &mut State) {
    if let Some(r) = s.refs().into_iter().find(|r| s.figure(*r).status == Status::Retreated) {
        s.phase = Phase::Retreat { scout: r };
    } else if let Some(rv) = s.reveals_due.first() {
        s.phase = Phase::Reveal { scout: rv.scout, area: rv.area, cause: rv.cause };
    } else if s.figures.iter().flatten().all(|f| matches!(f.status, Status::Dead | Status::Home)) {
        end(s, EndReason::AllDone);
    } else if let Some(reason) = s.clock_due {
        s.phase = Phase::Clock { reason };
    } else {
        s.phase = Phase::Scouting;
    }
}

/// Troops (or an empty area) are to be shown to `scout`, or straight to his team when
/// `banked`. Nothing is owed when he, or his team for a banked reveal, already knows the
/// troops there; a carried copy is banked when the leader saw too.
pub(super) fn owe_reveal(s: &mut State, scout: ScoutRef, area: u16, cause: RevealCause, banked: bool) {
    if cause == RevealCause::Fired {
        let own = s
            .finds
            .iter()
            .position(|f| f.area == area && f.by == scout && f.status != FindStatus::Lost && f.sighting.is_troops());
        if let Some(i) = own {
            if banked {
                s.finds[i].status = FindStatus::Banked;
            }
            return;
        }
        let team_knows = s.finds.iter().any(|f| {
            f.area == area
                && f.by.team == scout.team
                && matches!(f.status, FindStatus::Banked | FindStatus::Reported)
                && f.sighting.is_troops()
        });
        if team_knows {
            return;
        }
    }
    s.reveals_due.push(PendingReveal { scout, area, cause, banked });
}

/// The figure is killed: what nobody alive knows any more is lost (what only he carried;
/// what he had banked, if his leader is dead too; a leader's banked finds whose finders are
/// dead). Reveals owed to him alone are dropped.
pub(super) fn kill(s: &mut State, scout: ScoutRef) {
    let sc = s.figure_mut(scout);
    sc.status = Status::Dead;
    sc.heading = None;
    sc.in_open = false;
    sc.entering = false;
    sc.under_fire = false;
    for i in 0..s.finds.len() {
        if !matches!(s.finds[i].status, FindStatus::Carried | FindStatus::Banked) || s.finds[i].by.team != scout.team {
            continue;
        }
        if knowers_dead(s, &s.finds[i]) {
            s.finds[i].status = FindStatus::Lost;
        }
    }
    let alive = |r: ScoutRef| s.figure(r).status != Status::Dead;
    let keep: Vec<bool> =
        s.reveals_due.iter().map(|r| alive(r.scout) || (r.banked && alive(r.scout.leader()))).collect();
    let mut k = keep.into_iter();
    s.reveals_due.retain(|_| k.next().unwrap());
}

/// Everyone who knows the find is dead.
pub(super) fn knowers_dead(s: &State, f: &Discovery) -> bool {
    let dead = |r: ScoutRef| s.figure(r).status == Status::Dead;
    match f.status {
        FindStatus::Carried => dead(f.by),
        FindStatus::Banked => dead(f.by) && dead(f.by.leader()),
        _ => false,
    }
}

/// The night ends: figures still out are too late, and whatever was not reported at the
/// own edge is lost.
pub(super) fn end(s: &mut State, reason: EndReason) {
    for r in s.refs() {
        if s.figure(r).status.on_table() {
            let sc = s.figure_mut(r);
            sc.status = Status::Late;
            sc.heading = None;
            sc.in_open = false;
            sc.entering = false;
            sc.under_fire = false;
        }
    }
    for f in s.finds.iter_mut() {
        if f.status != FindStatus::Reported {
            f.status = FindStatus::Lost;
        }
    }
    s.reveals_due.clear();
    s.clock_due = None;
    s.ended = Some(reason);
    s.phase = Phase::Over;
}

#[allow(clippy::too_many_arguments)]
pub(super) fn start_fire(
    setup: &Setup,
    s: &mut State,
    scout: ScoutRef,
    from: u16,
    units: u8,
    leader_sees: bool,
    dice: &[u16],
) -> Result<(), RuleError> {
    may_fire(setup, s, scout, from, units, leader_sees)?;
    s.figure_mut(scout).moves = 0;
    volley(setup, s, scout, from, units - 1, FireResult::CarryOn, leader_sees, dice);
    Ok(())
}

/// One unit's volley; the worst result so far stands. Fire stops at a kill or when every
/// unit has fired.
#[allow(clippy::too_many_arguments)]
pub(super) fn volley(
    setup: &Setup,
    s: &mut State,
    scout: ScoutRef,
    from: u16,
    units_left: u8,
    worst: FireResult,
    leader_sees: bool,
    dice: &[u16],
) {
    let spec = tables::fire_dice(in_cover(setup, s.figure(scout)));
    let worst = worst.max(tables::fire_result(tables::hits(&spec, dice)));
    if worst == FireResult::Killed || units_left == 0 {
        resolve_fire(setup, s, scout, from, worst, leader_sees);
    } else {
        s.phase = Phase::Fire { scout, from, units_left, worst, leader_sees };
    }
}

pub(super) fn resolve_fire(
    setup: &Setup,
    s: &mut State,
    scout: ScoutRef,
    from: u16,
    worst: FireResult,
    leader_sees: bool,
) {
    let banked = leader_sees || scout.is_leader();
    match worst {
        FireResult::Killed => {
            kill(s, scout);
            if leader_sees {
                owe_reveal(s, scout, from, RevealCause::Fired, true);
            } else if !s.unwitnessed.contains(&from) {
                s.unwitnessed.push(from);
            }
            settle(s);
        }
        FireResult::Retreat => {
            let sc = s.figure_mut(scout);
            sc.status = Status::Retreated;
            sc.under_fire = true;
            owe_reveal(s, scout, from, RevealCause::Fired, banked);
            settle(s);
        }
        FireResult::CarryOn => {
            s.figure_mut(scout).under_fire = true;
            owe_reveal(s, scout, from, RevealCause::Fired, banked);
            if s.figure(scout).heading.is_some() {
                carry_on(setup, s, scout);
            } else {
                settle(s);
            }
        }
    }
}

pub(super) fn close_combat(setup: &Setup, s: &mut State, scout: ScoutRef, area: u16, t: CloseTerms, dice: &[u16]) {
    let m = close_combat_modifiers_by(setup, scout, t);
    let scout_total = dice[0] as i32 + m.scout_total();
    let defender_total = dice[1] as i32 + m.defender_total();
    match tables::close_combat_winner(scout_total, defender_total) {
        None => {
            s.phase = Phase::CloseCombatTie {
                scout,
                area,
                ambush: t.ambush,
                scout_other: t.scout_other,
                defender_other: t.defender_other,
                defenders: t.defenders,
            }
        }
        Some(tables::CloseCombatWinner::Scout) => {
            let sc = s.figure_mut(scout);
            sc.entering = false;
            sc.beaten.push(area);
            sc.ambushes.retain(|&a| a != area);
            owe_reveal(s, scout, area, RevealCause::CloseCombat, scout.is_leader());
            settle(s);
        }
        Some(tables::CloseCombatWinner::Defender) => {
            kill(s, scout);
            if !s.unwitnessed.contains(&area) {
                s.unwitnessed.push(area);
            }
            settle(s);
        }
    }
}
