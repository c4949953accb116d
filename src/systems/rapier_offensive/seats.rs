//! Who sits where and what each may see. Seat 0 is the umpire (the defender), 1 the Corps
//! Commander, 2 the Staff Officer, 3-5 the Division Commanders. Secrets: the defender's
//! counters face down (and what the bombardment killed) for the umpire; what recon saw for
//! the Staff Officer; the TRPs for the Corps Commander (and the umpire, who resolves the fire
//! called on them); the orders and the reserves for the command post (the attacking team).

use super::rules::Decision;
use super::setup::{Setup, ATTACKING_DIVISIONS};
use super::state::{Phase, Place, State, Target};
use crate::engine::{Audience, Entry, Reader, Readers, Seat};

pub const UMPIRE: Seat = Seat(0);
pub const CORPS_COMMANDER: Seat = Seat(1);
pub const STAFF_OFFICER: Seat = Seat(2);

/// The seat of attacking division `d`'s commander.
pub fn division_commander(d: u8) -> Seat {
    Seat(3 + d)
}

/// The attacking team: everyone at the command post's briefing.
pub fn attackers() -> Vec<Seat> {
    let mut v = vec![CORPS_COMMANDER, STAFF_OFFICER];
    v.extend((0..ATTACKING_DIVISIONS as u8).map(division_commander));
    v
}

pub fn seats(_setup: &Setup) -> Vec<Seat> {
    let mut v = vec![UMPIRE];
    v.extend(attackers());
    v
}

/// A player with their role: "Ann (Staff Officer)", or the role alone when the player is
/// named after it (the sample names its players by role) or not named at all.
fn named(player: &str, role: &str) -> String {
    let player = player.trim();
    if player.is_empty() || player.eq_ignore_ascii_case(role) {
        let mut r = role.to_string();
        if let Some(first) = r.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        r
    } else {
        format!("{player} ({role})")
    }
}

pub fn seat_name(setup: &Setup, seat: Seat) -> String {
    let p = &setup.players;
    match seat.0 {
        0 => named(&p.umpire, "umpire"),
        1 => named(&p.corps_commander, "Corps Commander"),
        2 => named(&p.staff_officer, "Staff Officer"),
        n @ 3..=5 => {
            let d = (n - 3) as usize;
            format!("{} ({})", p.division_commanders[d], setup.attackers[d].name)
        }
        n => format!("seat {n}"),
    }
}

/// A seat's name as the game stands: when the Staff Officer took over a division that lost
/// its HQ, he and that division's commander swapped roles (the seats stay, the players change
/// places), swap after swap in the order they happened.
pub fn seat_name_now(setup: &Setup, s: &State, seat: Seat) -> String {
    let p = &setup.players;
    let mut staff = p.staff_officer.clone();
    let mut divisions = p.division_commanders.clone();
    for &d in &s.staff_swaps {
        if let Some(c) = divisions.get_mut(d as usize) {
            std::mem::swap(&mut staff, c);
        }
    }
    match seat.0 {
        2 => named(&staff, "Staff Officer"),
        n @ 3..=5 => {
            let d = (n - 3) as usize;
            format!("{} ({})", divisions[d], setup.attackers[d].name)
        }
        _ => seat_name(setup, seat),
    }
}

pub fn to_act(_setup: &Setup, s: &State) -> Vec<Seat> {
    match s.phase {
        Phase::DeployDefenders | Phase::DefenderMovement | Phase::DefenderSupport => vec![UMPIRE],
        Phase::GroundCombat if s.combat.as_ref().is_some_and(|c| !c.pending.is_empty()) => vec![UMPIRE],
        Phase::OnCallBombardment | Phase::ReplaceHq => vec![CORPS_COMMANDER],
        Phase::AttackerSupport => {
            let mut v = vec![CORPS_COMMANDER];
            v.extend((0..ATTACKING_DIVISIONS as u8).map(division_commander));
            v
        }
        Phase::GroundCombat | Phase::ClearMinefields | Phase::GameOver => Vec::new(),
        Phase::Recon | Phase::Examine => vec![STAFF_OFFICER],
        Phase::InitialOrders | Phase::FirePlan | Phase::Bombardment => vec![CORPS_COMMANDER],
        Phase::DeployAttackers => {
            (0..ATTACKING_DIVISIONS as u8).filter(|&d| !s.deployed[d as usize]).map(division_commander).collect()
        }
        Phase::AttackerMovement => attackers().into_iter().filter(|&x| x != STAFF_OFFICER).collect(),
        Phase::RandomEvent => Vec::new(),
    }
}

pub fn actor(_setup: &Setup, s: &State, d: &Decision) -> Option<Seat> {
    match d {
        Decision::DeployDefenders { .. } => Some(UMPIRE),
        Decision::RollRecon | Decision::Examine { .. } => Some(STAFF_OFFICER),
        Decision::IssueOrders { .. }
        | Decision::PlotTrps { .. }
        | Decision::FireMission { .. }
        | Decision::EndBombardment
        | Decision::Release { .. }
        | Decision::EndMovement => Some(CORPS_COMMANDER),
        Decision::DeployDivision { division, .. } => Some(division_commander(*division)),
        Decision::Move { unit, .. } | Decision::Enter { unit, .. } => {
            s.index_of(*unit).and_then(|i| s.units[i].division).map(division_commander)
        }
        Decision::RollEvent | Decision::CombatRoll | Decision::ClearMinefields => None,
        Decision::RollDefenderMovers
        | Decision::DefenderMove { .. }
        | Decision::EndDefenderMovement
        | Decision::AllocateLosses { .. } => Some(UMPIRE),
        Decision::CallFire { .. } | Decision::EndOnCall | Decision::ReplaceHq { .. } | Decision::EndTurn => {
            Some(CORPS_COMMANDER)
        }
        Decision::SupportFire { battery: Target::Unit(r), .. } => {
            s.index_of(*r).and_then(|i| s.units[i].division).map(division_commander)
        }
        Decision::SupportFire { .. } | Decision::AirStrike { .. } | Decision::EndSupport => {
            Some(if s.phase == Phase::DefenderSupport { UMPIRE } else { CORPS_COMMANDER })
        }
    }
}

/// Secret entries are announced to all ("the umpire has deployed"), read by their seats.
pub fn audience(_setup: &Setup, _at: &State, e: &Entry<Decision>, _now: &State, _active: bool) -> Readers {
    let only = |seats: Vec<Seat>| Readers {
        decision: Audience::Only(seats.clone()),
        dice: Audience::Only(seats),
        announced: true,
    };
    match &e.decision {
        Decision::DeployDefenders { .. } => Readers::announced(UMPIRE),
        Decision::Examine { .. } => only(vec![UMPIRE, STAFF_OFFICER]),
        Decision::PlotTrps { .. } => only(vec![UMPIRE, CORPS_COMMANDER]),
        Decision::IssueOrders { .. } | Decision::DeployDivision { .. } | Decision::Release { .. } => only(attackers()),
        _ => Readers::EVERYONE,
    }
}

/// The position as `reader` may see it.
pub fn view(_setup: &Setup, s: &State, reader: Reader) -> State {
    let mut v = s.clone();
    let umpire = reader == Some(UMPIRE);
    let examined: Vec<u16> = if reader == Some(STAFF_OFFICER) {
        s.recon.iter().flat_map(|r| r.examined.iter().copied()).collect()
    } else {
        Vec::new()
    };
    for c in &mut v.counters {
        if !umpire && !c.revealed && !examined.contains(&c.id) {
            c.piece = None;
        }
    }
    // Among the players only the Corps Commander knows the TRPs; the umpire, who resolves the
    // on-call missions fired at them, knows them too (reading).
    if reader != Some(CORPS_COMMANDER) && !umpire {
        v.trps = s.trps.iter().map(|_| None).collect();
    }
    let at_cp = reader.is_some_and(|r| attackers().contains(&r));
    if !at_cp {
        v.orders = None;
        for u in &mut v.units {
            if matches!(u.place, Place::DivisionReserve | Place::CorpsReserve) {
                u.place = Place::OffTable;
                u.division = None;
            }
        }
    }
    v
}
