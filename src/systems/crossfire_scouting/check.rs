//! A night's position read from outside (a seat copy) checked before anything draws it
//! (`System::check_view`): the figures as the teams have them, every figure and area it names
//! within the setup, the clock within the night.

use super::state::{ClockReason, Phase, State};
use super::tables::{CLOCK_STEP_MINUTES, DEADLINE_MINUTES};
use super::team::{Place, ScoutRef, Setup};
use crate::engine::ViewProblem;

pub fn check_view(setup: &Setup, s: &State) -> Result<(), ViewProblem> {
    if s.figures.len() != setup.teams.len()
        || s.figures.iter().zip(&setup.teams).any(|(figs, team)| figs.len() != team.size())
    {
        return Err(ViewProblem::shape("its figures", "the teams"));
    }
    if s.clock > DEADLINE_MINUTES + CLOCK_STEP_MINUTES {
        return Err(ViewProblem::out_of_range("its clock (minutes into the night)", s.clock));
    }
    let figure = |r: ScoutRef| {
        if setup.scout(r).is_some() {
            Ok(())
        } else {
            Err(ViewProblem::not_there("it", format!("figure {}/{}", r.team, r.member), "in the teams"))
        }
    };
    let area = |a: u16| {
        if setup.area(a).is_some() {
            Ok(())
        } else {
            Err(ViewProblem::not_there("it", format!("area {a}"), "on the map"))
        }
    };
    let place = |p: Place| match p {
        Place::OwnEdge => Ok(()),
        Place::Area(a) => area(a),
    };
    for f in s.figures.iter().flatten() {
        place(f.place)?;
        if let Some(h) = f.heading {
            place(h)?;
        }
        for &a in f.tried.iter().chain(&f.ambushes).chain(&f.beaten) {
            area(a)?;
        }
    }
    for d in &s.finds {
        area(d.area)?;
        figure(d.by)?;
    }
    for r in &s.reveals_due {
        figure(r.scout)?;
        area(r.area)?;
    }
    for &a in &s.unwitnessed {
        area(a)?;
    }
    let reason = |c: ClockReason| match c {
        ClockReason::Spotting(r) | ClockReason::ThirdMove(r) => figure(r),
    };
    if let Some(c) = s.clock_due {
        reason(c)?;
    }
    match s.phase {
        Phase::Scouting | Phase::Over => Ok(()),
        Phase::Reaction { scout, .. } | Phase::Retreat { scout } => figure(scout),
        Phase::Fire { scout, from, .. } => {
            figure(scout)?;
            area(from)
        }
        Phase::SentriesSpotted { scout, area: a, .. } => {
            figure(scout)?;
            a.map_or(Ok(()), area)
        }
        Phase::CloseCombatTie { scout, area: a, .. } | Phase::Reveal { scout, area: a, .. } => {
            figure(scout)?;
            area(a)
        }
        Phase::Clock { reason: c } => reason(c),
    }
}
