//! The forces an attacker may field, as pure checks: `check_forces`, what `rules::apply` asks
//! of a `FieldForces` decision, and `completable`, whether a choice begun (units decided in,
//! units decided out) can still end in a set `check_forces` accepts. The link grammar walks
//! the units asking `completable` of each, so it offers only lawful sets without restating
//! the HQ deployment rule (`rules::required_hqs`).

use super::orbat::Orbat;
use super::rules::{fieldable_units, required_hqs, RuleError};
use super::state::PlayerState;

/// Whether `units` may be fielded when `allowed` units are to be: each a unit with stands
/// left, none twice, exactly `allowed` of them, and every HQ the deployment rule forces
/// among them.
pub fn check_forces(orbat: &Orbat, p: &PlayerState, allowed: usize, units: &[u16]) -> Result<(), RuleError> {
    let mut seen = Vec::new();
    for &u in units {
        let unit = orbat.units.get(u as usize).ok_or(RuleError::UnknownUnit(u))?;
        if seen.contains(&u) {
            return Err(RuleError::UnitTwice(unit.name.clone()));
        }
        if p.alive_in(u as usize) == 0 {
            return Err(RuleError::UnitWithoutStands(unit.name.clone()));
        }
        seen.push(u);
    }
    if units.len() != allowed {
        return Err(RuleError::WrongUnitCount { expected: allowed, got: units.len() });
    }
    if let Some(&hq) = required_hqs(orbat, p, units).iter().find(|hq| !units.contains(hq)) {
        return Err(RuleError::CommanderRequired { hq: orbat.units[hq as usize].name.clone() });
    }
    Ok(())
}

/// Whether some set of `allowed` units that `check_forces` accepts holds every unit of
/// `chosen` and none of `refused`. A depth-first search over the fieldable units in order
/// (each in, then out), growing each set by the HQs the deployment rule forces on it (the
/// rule only forces more as more units are fielded), and each set found checked by
/// `check_forces`. Its work is bounded (`WALK_WORK`): past it the answer is no, which can
/// only leave a lawful set out, never let an unlawful one in; and the search from a choice
/// one unit further on is part of this one's, so a walk that asks this at each unit never
/// finds every way on closed.
pub fn completable(orbat: &Orbat, p: &PlayerState, allowed: usize, chosen: &[u16], refused: &[u16]) -> bool {
    let fieldable = fieldable_units(orbat, p);
    let mut budget = WALK_WORK / (2 * fieldable.len()).max(1);
    search(orbat, p, allowed, &fieldable, chosen.to_vec(), &mut refused.to_vec(), &mut budget)
}

/// The work of the searches of one walk over the units (two a unit), counted as the square of
/// the orbat's size for each run of the deployment rule (about what one costs): a thousand
/// runs a search for a battalion of 20 units, where an answer takes a few dozen, and none for
/// an orbat of hundreds (whose forces then go as a plain journal), so reading a crafted link
/// stays quick.
const WALK_WORK: usize = 1 << 24;

fn search(
    orbat: &Orbat,
    p: &PlayerState,
    allowed: usize,
    fieldable: &[u16],
    mut set: Vec<u16>,
    refused: &mut Vec<u16>,
    budget: &mut usize,
) -> bool {
    let run = orbat.units.len() * orbat.units.len() + 1;
    loop {
        if set.len() > allowed || set.iter().any(|u| refused.contains(u)) {
            return false;
        }
        if *budget < run {
            return false;
        }
        *budget -= run;
        let forced: Vec<u16> = required_hqs(orbat, p, &set).into_iter().filter(|u| !set.contains(u)).collect();
        if forced.is_empty() {
            break;
        }
        set.extend(forced);
    }
    if set.len() == allowed {
        return check_forces(orbat, p, allowed, &set).is_ok();
    }
    let free = fieldable.iter().filter(|u| !set.contains(u) && !refused.contains(u)).count();
    if set.len() + free < allowed {
        return false;
    }
    let Some(&next) = fieldable.iter().find(|u| !set.contains(u) && !refused.contains(u)) else {
        return false;
    };
    let mut with = set.clone();
    with.push(next);
    if search(orbat, p, allowed, fieldable, with, refused, budget) {
        return true;
    }
    refused.push(next);
    let found = search(orbat, p, allowed, fieldable, set, refused, budget);
    refused.pop();
    found
}
