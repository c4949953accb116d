//! Fortification removal (2.1.1.5.1) and enemy wrecks behind one's line (2.1.1.3.1, 3): what a
//! removal roll may be made against, in a side's refit, by the campaign's readings.

use super::decision::Obstacle;
use super::eligibility::enemy_wreck_removable;
use super::errors::RuleError;
use super::refit::in_refit;
use super::setup::Setup;
use super::state::{Element, State};
use super::tables::{Status, REMOVAL_COST_FPP};

/// An enemy wreck destroyed by a removal roll: one knocked-out vehicle of the element, or
/// an abandoned one when none is left, leaves the count awaiting repair. Whether any was
/// there (the side cannot know) changes nothing else.
pub fn destroy_wreck(e: &mut Element) {
    if e.wrecks > 0 {
        e.wrecks -= 1;
    } else if e.abandoned > 0 {
        e.abandoned -= 1;
    }
}

/// A removal attempt's place as compared: one attempt per item and place in a refit, however
/// the place is spelt.
pub(super) fn removal_key(place: &str) -> String {
    place.trim().to_ascii_lowercase()
}

/// The index among the enemy's fortifications of a revealed one of `obstacle`'s type at `place`
/// (as the map shows it), the one a successful removal roll takes away.
pub fn revealed_obstacle(s: &State, side: u8, obstacle: Obstacle, place: &str) -> Option<usize> {
    let enemy = s.sides.get(1usize.checked_sub(side as usize)?)?;
    enemy.forts.iter().position(|f| f.revealed && f.place == place && f.kind.eq_ignore_ascii_case(obstacle.name()))
}

/// The enemy obstacles `side` may try to remove now, as (type, place): revealed, of a type the
/// removal table takes, not yet tried in this refit (the screens offer them; the grammar too,
/// under issue 28's readings).
pub fn removable_obstacles(setup: &Setup, s: &State, side: u8) -> Vec<(Obstacle, String)> {
    let Some(enemy) = s.sides.get(1usize.wrapping_sub(side as usize)) else { return Vec::new() };
    let mut out: Vec<(Obstacle, String)> = Vec::new();
    for f in enemy.forts.iter().filter(|f| f.revealed) {
        for o in [Obstacle::Wire, Obstacle::Minefield, Obstacle::Roadblock] {
            let item = (o, f.place.clone());
            if f.kind.eq_ignore_ascii_case(o.name())
                && !out.contains(&item)
                && removal_allowed(setup, s, side, o, &f.place).is_ok()
            {
                out.push(item);
            }
        }
    }
    out
}

/// Whether a removal roll may be made (issue 11's readings): one attempt per item and place in
/// a refit, and an enemy wreck only of an enemy armour element not in an isolated or cut-off
/// pocket (behind one's own line: the umpire enters only those; class and status were seen on
/// the table). A fortification is tried once at its place; an element's wrecks, lying on the
/// map, once each: as many failed attempts as it has wrecks (one at least, so that naming an
/// element tells nothing of whether a wreck is left).
fn removal_lawful(setup: &Setup, s: &State, side: u8, obstacle: Obstacle, place: &str) -> Result<(), RuleError> {
    let st = s.sides.get(side as usize).ok_or(RuleError::UnknownSide(side))?;
    let tried = st.removals_tried.iter().filter(|(o, p)| *o == obstacle && *p == removal_key(place)).count();
    let items = match obstacle {
        Obstacle::Wreck => {
            let enemy = s.side(1 - side);
            let e = enemy.roster.iter().find(|e| e.me.id.eq_ignore_ascii_case(place.trim()));
            let e = e.filter(|e| {
                let in_pocket = e.status != Status::Normal && e.pocket > 0;
                e.active() && enemy_wreck_removable(e.me.class, true, in_pocket)
            });
            let Some(e) = e else { return Err(RuleError::WreckNotRemovable(place.trim().to_string())) };
            (e.wrecks + e.abandoned).max(1) as usize
        }
        _ if setup.readings_v3() && tried == 0 => {
            // Issue 28: only a known obstacle, revealed on the map, of that type at that place.
            if revealed_obstacle(s, side, obstacle, place).is_none() {
                return Err(RuleError::NoObstacle { what: obstacle.name().to_string(), place: place.to_string() });
            }
            1
        }
        _ => 1,
    };
    if tried >= items {
        return Err(RuleError::RemovalTried { what: obstacle.name().to_string(), place: place.trim().to_string() });
    }
    Ok(())
}

/// Whether `side` may try to remove `obstacle` at `place` now (the checks of
/// `RemoveObstacle`: the refit under way, under the second readings `removal_lawful`, the FPP).
pub fn removal_allowed(setup: &Setup, s: &State, side: u8, obstacle: Obstacle, place: &str) -> Result<(), RuleError> {
    in_refit(s, side)?;
    if setup.readings_v2() {
        removal_lawful(setup, s, side, obstacle, place)?;
    }
    removal_affordable(s, side)
}

/// Whether `side`, in its refit, has the FPP a removal attempt costs.
pub fn removal_affordable(s: &State, side: u8) -> Result<(), RuleError> {
    in_refit(s, side)?;
    let cost = REMOVAL_COST_FPP;
    s.side(side).fpp.may_spend(cost).map_err(|balance| RuleError::Balance { what: "FPP", cost, balance })
}
