//! A position read from outside (a seat copy) checked before anything draws it
//! (`System::check_view`): every sector on the map, every attacking unit one of the setup's,
//! every defending counter's piece one of the defender's, every division one of the three.

use super::grid::Sector;
use super::setup::Setup;
use super::setup::ATTACKING_DIVISIONS;
use super::state::{CounterPlace, Place, State, UnitRef};
use super::units::Piece;

pub fn check_view(setup: &Setup, s: &State) -> Result<(), String> {
    let sector = |x: Sector, what: &str| {
        if Sector::new(x.axis, x.line).is_some() {
            Ok(())
        } else {
            Err(format!("{what} names a sector off the map (axis {}, line {})", x.axis, x.line))
        }
    };
    let division = |d: u8, what: &str| {
        if (d as usize) < ATTACKING_DIVISIONS {
            Ok(())
        } else {
            Err(format!("{what} names division {}, not one of the {ATTACKING_DIVISIONS}", d as usize + 1))
        }
    };
    let unit = |r: UnitRef| {
        division(r.division, "a unit")?;
        if (r.unit as usize) < setup.attackers[r.division as usize].units.len() {
            Ok(())
        } else {
            Err(format!("a unit ({}) is not in its division's list", r.unit as usize + 1))
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
                return Err(format!("a counter stands for unit {}, not in the defender's list", i as usize + 1));
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
