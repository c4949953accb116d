//! Who carries a platoon without transport of its own (Section III: "transport in the form of
//! Transport platoons or by using the Tank Riders rule"). Under issue 28's readings a platoon
//! with no working transport that a force list marks carried needs a Transport platoon with
//! working transport fielded with it, or tanks with working transport enough to take its teams
//! as Tank Riders (`tables::RIDERS_PER_TANK` a tank). A Transport platoon is given no number
//! in the text: one fielded carries every platoon marked carried. Campaigns started before
//! (`Setup::readings` below 3) take a platoon marked carried at its word, as they were played.

use super::company::CARRIER_READINGS;
use super::errors::RuleError;
use super::helpers::{fieldable, must_be_carried};
use super::state::{Fielded, PlatoonState, Side, State};
use super::tables::RIDERS_PER_TANK;

/// Whether this campaign checks that platoons marked carried have something to carry them.
pub fn carriers_checked(state: &State) -> bool {
    state.readings >= CARRIER_READINGS
}

/// What a fielded platoon can carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Carrier {
    /// A Transport platoon: everything marked carried.
    Transport,
    /// Tanks: `RIDERS_PER_TANK` teams a tank, as Tank Riders.
    Tanks,
}

/// What this platoon can carry if fielded: a Transport platoon, or one made up only of tank
/// teams, either with its own working transport.
pub fn carrier(p: &PlatoonState) -> Option<Carrier> {
    if !p.operationally_mobile() {
        None
    } else if p.platoon.transport {
        Some(Carrier::Transport)
    } else if p.platoon.all_tank {
        Some(Carrier::Tanks)
    } else {
        None
    }
}

/// Whether this platoon, marked carried, has to be carried by another: it has no working
/// transport of its own.
pub fn rides(p: &PlatoonState) -> bool {
    !p.operationally_mobile()
}

/// What a force list carries, and what it asks to be carried.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lift {
    /// A Transport platoon fielded.
    pub transport: bool,
    /// Tanks fielded that can take riders.
    pub tanks: u64,
    /// Teams of the platoons marked carried that have no working transport.
    pub riders: u64,
    /// Those platoons, in the list's order.
    pub carried: Vec<u16>,
}

impl Lift {
    /// Teams the tanks fielded may carry as Tank Riders.
    pub fn tank_room(&self) -> u64 {
        self.tanks * u64::from(RIDERS_PER_TANK)
    }
    /// Whether everything marked carried has a ride.
    pub fn fits(&self) -> bool {
        self.transport || self.riders <= self.tank_room()
    }
}

/// What these fielded platoons carry and ask to be carried (platoons not on the roster are
/// left out: `check_force` refuses them first).
pub fn lift(state: &State, side: Side, platoons: &[Fielded]) -> Lift {
    let mut l = Lift::default();
    for f in platoons {
        let Some(p) = state.platoon(side, f.platoon) else { continue };
        match carrier(p) {
            Some(Carrier::Transport) => l.transport = true,
            Some(Carrier::Tanks) => l.tanks += u64::from(f.teams),
            None => {}
        }
        if f.transported && rides(p) {
            l.riders += u64::from(f.teams);
            l.carried.push(f.platoon);
        }
    }
    l
}

/// Whether the platoons marked carried have something to carry them (always so under the
/// readings before issue 28).
pub fn check_carried(state: &State, side: Side, platoons: &[Fielded]) -> Result<(), RuleError> {
    if !carriers_checked(state) {
        return Ok(());
    }
    let l = lift(state, side, platoons);
    if l.fits() {
        return Ok(());
    }
    let names = l
        .carried
        .iter()
        .map(|&i| format!("\"{}\"", super::helpers::platoon_name(state, side, i)))
        .collect::<Vec<_>>()
        .join(", ");
    if l.tanks == 0 {
        Err(RuleError::NothingToCarry { platoons: names })
    } else {
        Err(RuleError::TooManyRiders { platoons: names, riders: l.riders, tanks: l.tanks })
    }
}

/// Whether `side` can hand in any force list now: some platoon it may field (under issue
/// 28's readings, one that need not be carried, as a platoon that must be carried needs
/// another beside it to carry it).
pub fn force_possible(state: &State, side: Side) -> bool {
    let open = fieldable(state, side);
    if !carriers_checked(state) {
        return !open.is_empty();
    }
    open.iter()
        .any(|&(i, min, max)| min <= max && state.platoon(side, i).is_some_and(|p| !must_be_carried(state, side, p)))
}
