//! A position read from outside (a seat copy) checked before anything draws it
//! (`System::check_view`): every sector on the map, every attacking unit one of the setup's,
//! every defending counter's piece one of the defender's, every division one of the three.

use super::grid::Sector;
use super::setup::Setup;
use super::setup::ATTACKING_DIVISIONS;
use super::state::{CounterPlace, Place, State, UnitRef};
use super::units::Piece;
use crate::engine::ViewProblem;

pub fn check_view(setup: &Setup, s: &State) -> Result<(), ViewProblem> {
    let sector = |x: Sector, what: &str| {
        if Sector::new(x.axis, x.line).is_some() {
            Ok(())
        } else {
            Err(ViewProblem::not_there(what, format!("axis {} line {}", x.axis, x.line), "a sector on the map"))
        }
    };
    let division = |d: u8, what: &str| {
        if (d as usize) < ATTACKING_DIVISIONS {
            Ok(())
        } else {
            Err(ViewProblem::not_there(
                what,
                format!("division {}", d as usize + 1),
                format!("one of the {ATTACKING_DIVISIONS}"),
            ))
        }
    };
    let unit = |r: UnitRef| {
        division(r.division, "a unit")?;
        if (r.unit as usize) < setup.attackers[r.division as usize].units.len() {
            Ok(())
        } else {
            Err(ViewProblem::not_there("a unit", format!("unit {}", r.unit as usize + 1), "in its division's list"))
        }
    };
    for u in &s.units {
        unit(u.origin)?;
        if let Some(d) = u.division {
            division(d, "a unit's division")?;
        }
        if let Place::On(x) = u.place {
            sector(x, "a unit")?;
        }
        if let Some(x) = u.came_from {
            sector(x, "a unit's last move")?;
        }
    }
    for c in &s.counters {
        if let Some(Piece::Unit(i)) = c.piece {
            if i as usize >= setup.defender.units.len() {
                return Err(ViewProblem::not_there(
                    "a counter",
                    format!("unit {}", i as usize + 1),
                    "in the defender's list",
                ));
            }
        }
        if let CounterPlace::On(x) = c.place {
            sector(x, "a counter")?;
        }
        if let Some(x) = c.came_from {
            sector(x, "a counter's last move")?;
        }
    }
    for &x in s.trps.iter().flatten().chain(&s.pre_battle_fm).chain(&s.fought).chain(&s.attackers_hold) {
        sector(x, "a target point or fight")?;
    }
    for &(_, x) in &s.on_call {
        sector(x, "an on-call mission")?;
    }
    for &d in s.staff_swaps.iter().chain(&s.hq_handled) {
        division(d, "an HQ's replacement")?;
    }
    Ok(())
}
