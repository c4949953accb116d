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

/// The score that kills this target (6; 5+ or 4+ for moving targets under the option), or why
/// there is none: a target the position does not hold.
pub fn kill_number(setup: &Setup, s: &State, t: Target) -> Result<u16, RuleError> {
    let moving = setup.options.moving_targets;
    Ok(match t {
        Target::Counter(id) => {
            let c = s.counters.get(id as usize).ok_or(RuleError::UnknownCounter(id))?;
            match c.piece {
                Some(Piece::Unit(i)) => {
                    let unit = setup.defender.units.get(i as usize).ok_or(RuleError::UnknownCounter(id))?;
                    kill_target(moving, c.moved, unit.kind)
                }
                _ => tables::KILL,
            }
        }
        Target::Unit(r) => {
            let u = s.units[s.index_of(r).ok_or(RuleError::UnknownUnit(r))?];
            kill_target(moving, u.moved, s.unit(setup, r).kind)
        }
    })
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

/// Whether a pre-battle fire mission may fall on `sector` now, or why not: a sector of the
/// map not yet fired on twice. The grammar's list and `apply` both ask it.
pub fn may_fire_mission(s: &State, sector: Sector) -> Result<(), RuleError> {
    if !sector.is_on_table() {
        return Err(RuleError::OutsideDeploymentArea(sector));
    }
    if s.pre_battle_fm.iter().filter(|&&t| t == sector).count() >= tables::PRE_BATTLE_FM_PER_SECTOR as usize {
        return Err(RuleError::SectorFireLimit(sector));
    }
    Ok(())
}

/// Whether the Corps Commander may call an on-call fire mission on `sector` now, or why not:
/// a TRP, within the battle's, the turn's and the TRP's limits, and not hidden by fog. The
/// grammar's list and `call_fire` both ask it.
pub fn may_call_fire(s: &State, sector: Sector) -> Result<(), RuleError> {
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
    Ok(())
}

pub fn call_fire(setup: &Setup, s: &mut State, sector: Sector, dice: &[u16]) -> Result<(), RuleError> {
    may_call_fire(s, sector)?;
    let targets = on_call_targets(s, sector);
    let mut killed = Vec::new();
    for (&t, &d) in targets.iter().zip(dice) {
        if d >= kill_number(setup, s, t)? {
            killed.push(t);
        }
    }
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
/// this turn (attacker fire), and not hidden by fog; where it stands. The grammar's list of
/// targets and `support` both ask it.
pub fn check_target(setup: &Setup, s: &State, side: Side, target: Target) -> Result<Sector, RuleError> {
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

/// The batteries `side` may still fire this turn: not fired, and `battery_at` lets them
/// (whether a target is in range is the decision's own check).
pub fn ready_batteries(setup: &Setup, s: &State, side: Side) -> Vec<Target> {
    let all: Vec<(Target, bool)> = match side {
        Side::Defender => s.counters.iter().map(|c| (Target::Counter(c.id), c.fired)).collect(),
        Side::Attacker => s.units.iter().map(|u| (Target::Unit(u.origin), u.fired)).collect(),
    };
    all.into_iter().filter(|&(b, fired)| !fired && battery_at(setup, s, side, b).is_ok()).map(|(b, _)| b).collect()
}

/// Where battery `b` of `side` stands and its range, when it may fire support as far as the
/// battery goes: one of the side's mortars, artillery or rockets, on the table, not in a
/// sector with enemy units (whether it has fired this turn is the fire's own check). The
/// grammar's list, the screen's and `support` all ask it.
pub fn battery_at(setup: &Setup, s: &State, side: Side, b: Target) -> Result<(Sector, u8), RuleError> {
    let (from, kind) = match (side, b) {
        (Side::Defender, Target::Counter(id)) => {
            let c = s.counters.get(id as usize).ok_or(RuleError::UnknownCounter(id))?;
            let kind = match c.piece {
                Some(Piece::Unit(i)) => setup.defender.units.get(i as usize).and_then(|u| u.kind.battery()),
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
    let (Some(from), Some(range)) = (from, kind.and_then(support_range)) else {
        return Err(RuleError::NotABattery(b));
    };
    if battery_in_contact(setup, s, side, from) {
        return Err(RuleError::BatteryInContact(b));
    }
    Ok((from, range))
}

/// Whether `side` may take this turn's air strike (`air`) or extra ammunition now, or why not:
/// the random event gave it and it is not spent. The grammar and `support` both ask it.
pub fn may_take_bonus(s: &State, side: Side, air: bool) -> Result<(), RuleError> {
    let wanted = match (side, air) {
        (Side::Attacker, true) => Event::AttackerAirStrike,
        (Side::Defender, true) => Event::DefenderAirStrike,
        (Side::Attacker, false) => Event::ExtraAmmo,
        (Side::Defender, false) => return Err(RuleError::NoSupportPoint),
    };
    if s.event != Some(wanted) || s.support_bonus_used {
        return Err(RuleError::NoSupportPoint);
    }
    Ok(())
}

fn battery_piece(setup: &Setup, piece: Option<Piece>) -> bool {
    matches!(piece, Some(Piece::Unit(i)) if setup.defender.units.get(i as usize).is_some_and(|u| u.kind.battery().is_some()))
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
        may_take_bonus(s, side, battery.is_none())?;
        s.support_bonus_used = true;
    }
    if let Some(b) = battery {
        let (from, range) = battery_at(setup, s, side, b)?;
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
    let kill = kill_number(setup, s, target)?;
    if dice.iter().any(|&d| d >= kill) {
        destroy(s, target)?;
    }
    Ok(())
}
