//! A campaign position read from outside (a seat copy) checked before anything draws it
//! (`System::check_view`): the day and scenario within the calendar, every side named one of
//! the two.

use super::setup::Setup;
use super::state::{Phase, State};

pub fn check_view(setup: &Setup, s: &State) -> Result<(), String> {
    let days = setup.days.len();
    let side = |x: u8| if x < 2 { Ok(()) } else { Err(format!("it names side {x}, not one of the two")) };
    match s.phase {
        // The calendar is done: the day has run past the last one.
        Phase::Judge | Phase::Over if s.day <= days => {}
        Phase::Judge | Phase::Over => return Err(format!("its day ({}) is past the calendar", s.day + 1)),
        _ => match setup.days.get(s.day) {
            Some(day) if s.slot < day.slots.len() => {}
            Some(_) => return Err(format!("its scenario ({}) is not one of day {}", s.slot + 1, s.day + 1)),
            None => return Err(format!("its day ({}) is not in the calendar", s.day + 1)),
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
            return Err(format!("its calendar has a day ({}) the setup does not", r.day + 1));
        }
        if let Some(a) = r.attacker {
            side(a)?;
        }
    }
    Ok(())
}
