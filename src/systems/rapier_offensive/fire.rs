//! Fire that is not ground combat: the Corps Commander's on-call bombardment on the TRPs, the
//! two sides' support fire from their batteries, and the air strikes and extra ammunition the
//! random events give ("On-call Corps Bombardment", "Defender/Attacker Support Fire").

use super::combat::Side;
use super::errors::RuleError;
use super::grid::Sector;
use super::optional::kill_target;
use super::setup::{Setup, READINGS_FIXED_ENEMY};
use super::state::{CounterPlace, Phase, Place, State, Target};
use super::tables::{self, support_range, Event};
use super::units::Piece;

/// Where a target stands, if it is on the table.
pub fn sector_of(s: &State, t: Target) -> Option<Sector> {
    match t {
        Target::Counter(id) => s.counters.get(id as usize).and_then(|c| c.sector()),
        Target::Unit(r) => match s.index_of(r).map(|i| s.units[i].place) {
            Some(Place::On(x)) => Some(x),
            _ => None,
        },
    }
}

/// The score that kills this target (6; 5+ or 4+ for moving targets under the option).
pub fn kill_number(setup: &Setup, s: &State, t: Target) -> u16 {
    let moving = setup.options.moving_targets;
    match t {
        Target::Counter(id) => {
            let c = &s.counters[id as usize];
            match c.piece {
                Some(Piece::Unit(i)) => kill_target(moving, c.moved, setup.defender.units[i as usize].kind),
                _ => tables::KILL,
            }
        }
        Target::Unit(r) => {
            let u = s.units[s.index_of(r).expect("a target on the table")];
            kill_target(moving, u.moved, s.unit(setup, r).kind)
        }
    }
}

pub fn destroy(s: &mut State, t: Target) -> Result<(), RuleError> {
    match t {
        Target::Counter(id) => s.counters.get_mut(id as usize).ok_or(RuleError::UnknownCounter(id))?.place = CounterPlace::Gone,
        Target::Unit(r) => {
            let i = s.index_of(r).ok_or(RuleError::UnknownUnit(r))?;
            s.units[i].place = Place::Killed;
        }
    }
    Ok(())
}

/// Thick fog: fire only at sectors holding or next to a friendly unit.
pub fn fog_allows(s: &State, sector: Sector, side: Side) -> bool {
    if !s.fog {
        return true;
    }
    let friendly = |x: Sector| match side {
        Side::Attacker => s.attackers_in(x) > 0,
        Side::Defender => s.counter_count(x) > 0,
    };
    friendly(sector) || sector.neighbours().into_iter().any(friendly)
}

/// Everything an on-call fire mission hits: the counters in number order, then the
/// attacking units (friendly fire) in order of battle.
pub fn on_call_targets(s: &State, sector: Sector) -> Vec<Target> {
    let counters = s.counters_in(sector).map(|c| Target::Counter(c.id));
    let units = s.attacker_indices(sector).into_iter().map(|k| Target::Unit(s.units[k].origin));
    counters.chain(units).collect()
}

pub fn call_fire(setup: &Setup, s: &mut State, sector: Sector, dice: &[u16]) -> Result<(), RuleError> {
    if !s.trps.contains(&Some(sector)) {
        return Err(RuleError::NotATrp(sector));
    }
    if s.on_call.len() >= tables::ON_CALL_FM as usize {
        return Err(RuleError::NoFireMissionsLeft);
    }
    if s.on_call_this_turn() >= tables::ON_CALL_FM_PER_TURN as usize {
        return Err(RuleError::TurnFireLimit);
    }
    let here = s.on_call.iter().filter(|f| f.0 == s.turn && f.1 == sector).count();
    if here >= tables::ON_CALL_FM_PER_TRP_PER_TURN as usize {
        return Err(RuleError::SectorFireLimit(sector));
    }
    if !fog_allows(s, sector, Side::Attacker) {
        return Err(RuleError::Fogbound(sector));
    }
    let targets = on_call_targets(s, sector);
    let killed: Vec<Target> =
        targets.iter().zip(dice).filter(|(t, &d)| d >= kill_number(setup, s, **t)).map(|(t, _)| *t).collect();
    for t in killed {
        destroy(s, t)?;
    }
    s.on_call.push((s.turn, sector));
    Ok(())
}

/// Whose fire it is now.
pub fn firing_side(s: &State) -> Option<Side> {
    match s.phase {
        Phase::DefenderSupport => Some(Side::Defender),
        Phase::AttackerSupport => Some(Side::Attacker),
        _ => None,
    }
}

/// Checks a target for `side`'s fire: an enemy on the table, not a defending battery revealed
/// this turn (attacker fire), and not hidden by fog.
fn check_target(setup: &Setup, s: &State, side: Side, target: Target) -> Result<Sector, RuleError> {
    let at = sector_of(s, target).ok_or(RuleError::BadTarget(target))?;
    match (side, target) {
        (Side::Defender, Target::Unit(_)) => {}
        (Side::Attacker, Target::Counter(id)) => {
            let c = &s.counters[id as usize];
            if c.revealed_turn == s.turn && c.revealed && battery_piece(setup, c.piece) {
                return Err(RuleError::JustRevealed(id));
            }
        }
        _ => return Err(RuleError::BadTarget(target)),
    }
    if !fog_allows(s, at, side) {
        return Err(RuleError::Fogbound(at));
    }
    Ok(at)
}

/// Whether a battery of `side` standing in `from` shares its sector with enemy units and so
/// may not fire support ("batteries that are not in a sector with enemy units"). For the
/// attacker a minefield or a fortification counts as enemy, as it does for movement and
/// ground combat (games stored before `READINGS_FIXED_ENEMY` counted fighting units only); a
/// counter not known to the reader counts too. Wire and anti-tank obstacles are not units.
pub fn battery_in_contact(setup: &Setup, s: &State, side: Side, from: Sector) -> bool {
    match side {
        Side::Defender => s.attackers_in(from) > 0,
        Side::Attacker if setup.readings >= READINGS_FIXED_ENEMY => {
            s.counters_in(from).any(|c| !matches!(c.piece, Some(Piece::Dummy | Piece::Wire | Piece::AtObstacle)))
        }
        Side::Attacker => s.defenders_in(from).next().is_some(),
    }
}

/// The batteries `side` may still fire this turn: on the table, not fired, not in a sector
/// with enemy units (whether a target is in range is the decision's own check).
pub fn ready_batteries(setup: &Setup, s: &State, side: Side) -> Vec<Target> {
    match side {
        Side::Defender => s
            .counters
            .iter()
            .filter(|c| !c.fired && battery_piece(setup, c.piece))
            .filter(|c| c.sector().is_some_and(|x| !battery_in_contact(setup, s, side, x)))
            .map(|c| Target::Counter(c.id))
            .collect(),
        Side::Attacker => s
            .units
            .iter()
            .filter(|u| !u.fired && s.unit(setup, u.origin).kind.battery().is_some())
            .filter(|u| matches!(u.place, Place::On(x) if !battery_in_contact(setup, s, side, x)))
            .map(|u| Target::Unit(u.origin))
            .collect(),
    }
}

fn battery_piece(setup: &Setup, piece: Option<Piece>) -> bool {
    matches!(piece, Some(Piece::Unit(i)) if setup.defender.units[i as usize].kind.battery().is_some())
}

/// One battery's support fire (two dice with the extra ammunition), or an air strike
/// (`battery` `None`): a die at one unit, kill on its number.
pub fn support(
    setup: &Setup,
    s: &mut State,
    battery: Option<Target>,
    target: Target,
    extra_ammo: bool,
    dice: &[u16],
) -> Result<(), RuleError> {
    let side = firing_side(s).ok_or(RuleError::NotNow { phase: s.phase })?;
    let at = check_target(setup, s, side, target)?;
    if extra_ammo || battery.is_none() {
        let wanted = match (side, battery.is_none()) {
            (Side::Attacker, true) => Event::AttackerAirStrike,
            (Side::Defender, true) => Event::DefenderAirStrike,
            (Side::Attacker, false) => Event::ExtraAmmo,
            (Side::Defender, false) => return Err(RuleError::NoSupportPoint),
        };
        if s.event != Some(wanted) || s.support_bonus_used {
            return Err(RuleError::NoSupportPoint);
        }
        s.support_bonus_used = true;
    }
    if let Some(b) = battery {
        let (from, kind) = match (side, b) {
            (Side::Defender, Target::Counter(id)) => {
                let c = s.counters.get(id as usize).ok_or(RuleError::UnknownCounter(id))?;
                let kind = match c.piece {
                    Some(Piece::Unit(i)) => setup.defender.units[i as usize].kind.battery(),
                    _ => None,
                };
                (c.sector(), kind)
            }
            (Side::Attacker, Target::Unit(r)) => {
                s.index_of(r).ok_or(RuleError::UnknownUnit(r))?;
                (sector_of(s, b), s.unit(setup, r).kind.battery())
            }
            _ => return Err(RuleError::NotABattery(b)),
        };
        let (Some(from), Some(kind)) = (from, kind) else { return Err(RuleError::NotABattery(b)) };
        if battery_in_contact(setup, s, side, from) {
            return Err(RuleError::BatteryInContact(b));
        }
        let range = support_range(kind).expect("batteries have a range");
        if from.steps_to(at) > range {
            return Err(RuleError::OutOfRange { range, steps: from.steps_to(at) });
        }
        match b {
            Target::Counter(id) => {
                let c = &mut s.counters[id as usize];
                if c.fired {
                    return Err(RuleError::AlreadyFired(b));
                }
                c.fired = true;
                if !c.revealed {
                    c.revealed = true;
                    c.revealed_turn = s.turn;
                }
            }
            Target::Unit(r) => {
                let i = s.index_of(r).ok_or(RuleError::UnknownUnit(r))?;
                if s.units[i].fired {
                    return Err(RuleError::AlreadyFired(b));
                }
                s.units[i].fired = true;
            }
        }
    }
    if dice.iter().any(|&d| d >= kill_number(setup, s, target)) {
        destroy(s, target)?;
    }
    Ok(())
}
