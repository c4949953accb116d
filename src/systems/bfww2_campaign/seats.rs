//! Who sits where and what each may read. Seat 0 is the umpire, who reads everything; seats 1
//! and 2 are the two sides. Each side's secrets are its own: its posture until both are shown,
//! its CPP rolls and balances, its purchases, its withdrawal rolls, its fortifications' types
//! and places (until revealed), and its roster beyond what takes the field. The battle's
//! results, as entered, are public (both sides saw them on the table); what the refit makes of
//! them (repairs, the rating record, the withdrawal count) is the side's own.

use super::decision::Decision;
use super::roster::Side;
use super::setup::Setup;
use super::state::{Account, Element, Forces, Phase, SideState, State};
use super::tables::{CombatRecord, HistoricalDrm};
use crate::engine::{Audience, Entry, Reader, Readers, Seat};

pub const UMPIRE: Seat = Seat(0);

/// The seat of side `side` (0 or 1).
pub fn seat(side: u8) -> Seat {
    Seat(side + 1)
}

pub fn seats(_setup: &Setup) -> Vec<Seat> {
    vec![UMPIRE, seat(0), seat(1)]
}

/// The seat of the side whose player keeps the campaign in the umpire's place, if one does
/// (`Setup::kept_by`; an index that names no side keeps nothing, and the setup check refuses it).
pub fn kept_by(setup: &Setup) -> Option<Seat> {
    setup.kept_by.filter(|&k| k < 2).map(seat)
}

/// Whether a roll is one only the rolling side cares about, left to that side's own device when
/// the players sit apart (`System::own_roll`). Only the discipline-rating roll: an element's own
/// experience, rolled by its side for itself. Every other roll is one the enemy gains or loses
/// by, so it is offered as a joint roll first: who attacks (the roll-off), how long the battle
/// lasts (the turn check), ammunition and escapes (what the enemy faces, what it takes), the
/// CPP roll, armour repair (recovery), armour withdrawal (an element leaves for good), the
/// aircraft and smoke missions a purchase brings (reinforcements) and fortification removal
/// (the enemy's obstacle or wreck).
pub fn own_roll(_setup: &Setup, _s: &State, d: &Decision) -> bool {
    matches!(d, Decision::RollRating { .. })
}

pub fn seat_name(setup: &Setup, s: Seat) -> String {
    match s.0 {
        0 => "Umpire".to_string(),
        n @ 1..=2 => setup.sides[n as usize - 1].name.clone(),
        n => format!("seat {n}"),
    }
}

pub fn to_act(_setup: &Setup, s: &State) -> Vec<Seat> {
    match s.phase {
        Phase::Posture => (0..2).filter(|&i| s.postures[i as usize].is_none()).map(seat).collect(),
        Phase::Refit => (0..2).filter(|&i| !s.side(i).refit_done).map(seat).collect(),
        Phase::Forces => (0..2).filter(|&i| s.side(i).forces.is_none()).map(seat).collect(),
        Phase::Over => Vec::new(),
        _ => vec![UMPIRE],
    }
}

pub fn actor(_setup: &Setup, _s: &State, d: &Decision) -> Option<Seat> {
    Some(d.side().map_or(UMPIRE, seat))
}

/// Whether the posture chosen in position `at` has been shown by position `now`.
fn posture_shown(at: &State, now: &State) -> bool {
    now.scenario > at.scenario || matches!(now.phase, Phase::Judge | Phase::Over) || now.revealed
}

pub fn audience(_setup: &Setup, at: &State, e: &Entry<Decision>, now: &State, active: bool) -> Readers {
    let own = |side: u8| Audience::Only(vec![UMPIRE, seat(side)]);
    match &e.decision {
        Decision::ChoosePosture { side, .. } => {
            if active && posture_shown(at, now) {
                Readers::EVERYONE
            } else {
                // Everyone is told that the side has chosen (the line names no posture).
                Readers { decision: own(*side), dice: own(*side), announced: true }
            }
        }
        Decision::EndRefit { .. } => Readers::EVERYONE,
        // The forces and their deployment are the side's until the battle shows them (the
        // line names the hidden ones, so it is not announced: the screens say who has chosen).
        Decision::ChooseForces { side, .. } => Readers { decision: own(*side), dice: own(*side), announced: false },
        // An element still hidden on the table: what the umpire enters of it stays its side's.
        d if element_named(d).is_some_and(|(side, me)| hidden_at(at, side, me)) => {
            let side = element_named(d).map_or(0, |x| x.0);
            Readers { decision: own(side), dice: own(side), announced: false }
        }
        d => match d.secret_of() {
            Some(side) => Readers { decision: own(side), dice: own(side), announced: false },
            None => Readers::EVERYONE,
        },
    }
}

/// The element an umpire's step of the battle or cleanup names.
fn element_named(d: &Decision) -> Option<(u8, &str)> {
    match d {
        Decision::RollAmmo { side, me }
        | Decision::Result { side, me, .. }
        | Decision::SetStatus { side, me, .. }
        | Decision::RollEscape { side, me, .. }
        | Decision::SetAmmo { side, me, .. } => Some((*side, me)),
        _ => None,
    }
}

/// Whether the element is fielded and still hidden from the enemy in this position.
pub fn hidden_at(s: &State, side: u8, me: &str) -> bool {
    s.sides.get(side as usize).and_then(|x| x.forces.as_ref()).is_some_and(|f| f.hidden.iter().any(|h| h == me))
}

/// A fielded element as the other side saw it on the table: its stands and vehicles (without
/// those repaired since, until the next battle shows them), rating, status and ammunition.
/// Its own bookkeeping stays its side's: the wrecks and abandoned vehicles awaiting repair (the
/// repair rolls are secret, so the count left would tell them), its repair attempts and
/// repairs, the record its rating roll reads, the AFVs its withdrawal roll counts.
pub fn public_element(e: &Element) -> Element {
    let mut me = e.me.clone();
    me.stands = me.stands.saturating_sub(e.repaired);
    me.vehicles = me.vehicles.saturating_sub(e.repaired);
    Element {
        me,
        repaired: 0,
        wrecks: 0,
        abandoned: 0,
        repair_tried: 0,
        abandoned_failed: 0,
        record: CombatRecord::default(),
        afvs_lost_last: 0,
        ..e.clone()
    }
}

/// A side's part as the other side (or the table) may see it: once the battle has begun, what
/// took the field and is not hidden (as seen on the table), and the fortifications revealed,
/// nothing more.
fn public(st: &SideState, battle: bool) -> SideState {
    let seen = |id: &str| battle && st.forces.as_ref().is_some_and(|f| f.seen(id));
    let forces = st.forces.as_ref().map(|f| Forces {
        elements: f.elements.iter().filter(|id| seen(id)).cloned().collect(),
        artillery: if battle { f.artillery.clone() } else { Vec::new() },
        aircraft: battle && f.aircraft,
        hidden: Vec::new(),
    });
    SideState {
        roster: st.roster.iter().filter(|e| seen(&e.me.id)).map(public_element).collect(),
        cpp: Account::default(),
        fpp: Account::default(),
        cpp_roll: None,
        refit_done: st.refit_done,
        bought: Vec::new(),
        forts_bought: Vec::new(),
        batteries: Vec::new(),
        flights: Vec::new(),
        forts: st.forts.iter().filter(|f| f.revealed).cloned().collect(),
        withdrawal_rolled: Vec::new(),
        rating_rolled: Vec::new(),
        bought_today: Vec::new(),
        removals_tried: Vec::new(),
        forces,
    }
}

pub fn view(_setup: &Setup, s: &State, reader: Reader) -> State {
    if reader == Some(UMPIRE) {
        return s.clone();
    }
    let mut v = s.clone();
    for side in 0..2u8 {
        if reader != Some(seat(side)) {
            let battle = matches!(s.phase, Phase::Battle | Phase::Results | Phase::Cleanup);
            v.sides[side as usize] = public(&s.sides[side as usize], battle);
            let st = &s.sides[side as usize];
            v.reports.retain(|r| r.0 != side || st.forces.as_ref().is_some_and(|f| f.seen(&r.1)));
            if !s.revealed {
                v.postures[side as usize] = None;
            }
        }
    }
    v
}

/// The setup as a seat may see it (a seat link carries it): the other side's name and nation,
/// but not its starting roster, its scheduled reinforcements, its reinforcement and
/// fortification charts, its starting points, whether it is under the withdrawal restriction, or its column of the historical
/// modifier chart (the umpire's chart: each side reads its own). The table sees neither side's.
pub fn view_setup(setup: &Setup, reader: Reader) -> Setup {
    if reader == Some(UMPIRE) {
        return setup.clone();
    }
    let mut v = setup.clone();
    for side in 0..2u8 {
        if reader != Some(seat(side)) {
            let s = &setup.sides[side as usize];
            v.sides[side as usize] = Side {
                name: s.name.clone(),
                nation: s.nation,
                armour_withdrawal: false,
                roster: Vec::new(),
                rg_chart: Vec::new(),
                fort_chart: Vec::new(),
                cpp: 0,
                fpp: 0,
                scheduled: Vec::new(),
            };
            // The historical modifier chart is the umpire's: a side reads its own column only.
            for day in &mut v.days {
                day.drm[side as usize] = HistoricalDrm::Drm(0);
            }
        }
    }
    v
}
