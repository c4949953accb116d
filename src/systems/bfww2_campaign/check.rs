//! A campaign position read from outside (a seat copy) checked before anything draws it
//! (`System::check_view`): the day and scenario within the calendar, every side named one of
//! the two.

use super::setup::Setup;
use super::state::{Phase, State};
use crate::engine::ViewProblem;

pub fn check_view(setup: &Setup, s: &State) -> Result<(), ViewProblem> {
    let days = setup.days.len();
    let side = |x: u8| if x < 2 { Ok(()) } else { Err(ViewProblem::not_there("it", format!("side {x}"), "one of the two")) };
    match s.phase {
        // The calendar is done: the day has run past the last one.
        Phase::Judge | Phase::Over if s.day <= days => {}
        Phase::Judge | Phase::Over => {
            return Err(ViewProblem::not_there("it", format!("day {}", s.day + 1), "in the calendar or just past it"))
        }
        _ => match setup.days.get(s.day) {
            Some(day) if s.slot < day.slots.len() => {}
            Some(_) => {
                return Err(ViewProblem::not_there(
                    "it",
                    format!("scenario {}", s.slot + 1),
                    format!("one of day {}'s", s.day + 1),
                ))
            }
            None => return Err(ViewProblem::not_there("it", format!("day {}", s.day + 1), "in the calendar")),
        },
    }
    if let Some(a) = s.attacker {
        side(a)?;
    }
    if let Some(w) = s.verdict.as_ref().and_then(|v| v.winner) {
        side(w)?;
    }
    for (x, _, _) in &s.reports {
        side(*x)?;
    }
    for r in &s.calendar {
        if r.day >= days {
            return Err(ViewProblem::not_there("its calendar", format!("day {}", r.day + 1), "one of the setup's"));
        }
        if let Some(a) = r.attacker {
            side(a)?;
        }
    }
    Ok(())
}
