//! What the native Rapier Offensive suites share: typed-dice steps, refusals, and the sample
//! played to its first random event. Pulled in with `#[path = "support/rapier.rs"] mod rapier;`.
#![allow(dead_code)]

use field_desk::engine::{Campaign, DecideError, DiceInput};
use field_desk::systems::rapier_offensive::grid::{Frontage, Sector};
use field_desk::systems::rapier_offensive::state::{Place, UnitRef};
use field_desk::systems::rapier_offensive::units::Piece;
use field_desk::systems::rapier_offensive::{Decision, Deployment, RapierOffensive, RuleError, Setup};

pub type C = Campaign<RapierOffensive>;

pub fn s(axis: u8, line: u8) -> Sector {
    Sector::new(axis, line).unwrap()
}
pub fn unit(division: u8, unit: u16) -> UnitRef {
    UnitRef { division, unit }
}
pub fn ok(c: &mut C, d: Decision, dice: &[u16]) {
    c.decide(d.clone(), DiceInput::Typed(dice.to_vec())).unwrap_or_else(|e| panic!("{d:?}: {e}"));
}
pub fn refused(c: &mut C, d: Decision, dice: &[u16]) -> RuleError {
    match c.decide(d, DiceInput::Typed(dice.to_vec())) {
        Err(DecideError::Rules(e)) => e,
        other => panic!("expected a rule error, got {other:?}"),
    }
}
pub fn place(c: &C, r: UnitRef) -> Place {
    c.state().units[c.state().index_of(r).unwrap()].place
}
/// The counter of defending unit `i` (the umpire's knowledge).
pub fn counter_of(c: &C, i: u16) -> u16 {
    c.state().counters.iter().find(|x| x.piece == Some(Piece::Unit(i))).unwrap().id
}

/// The sample's counters spread over L2-L5 in piece order: A1 L2 holds the defending HQ, a
/// fortification and two dummies; A1 L5 the mortars.
pub fn to_battle(setup: Setup) -> C {
    to_battle_with(setup, |_| {})
}

/// `to_battle`, with the defender's deployment changed by `adjust` first.
pub fn to_battle_with(setup: Setup, adjust: impl Fn(&mut Vec<(Piece, Sector)>)) -> C {
    let mut c = to_trps(setup, adjust);
    ok(&mut c, Decision::PlotTrps { sectors: [s(1, 3), s(2, 3), s(3, 4), s(4, 2)] }, &[]);
    ok(&mut c, Decision::EndBombardment, &[]);
    c
}

/// The defender deployed (changed by `adjust`), recon wasted: the initial orders.
pub fn to_orders(setup: Setup, adjust: impl Fn(&mut Vec<(Piece, Sector)>)) -> C {
    let sectors: Vec<Sector> = Sector::all().filter(|s| s.is_defender_deployment()).collect();
    let mut counters: Vec<(Piece, Sector)> =
        setup.defender_pieces().into_iter().enumerate().map(|(i, p)| (p, sectors[i % sectors.len()])).collect();
    adjust(&mut counters);
    let mut c = C::new(setup).unwrap();
    ok(&mut c, Decision::DeployDefenders { counters }, &[]);
    for _ in 0..3 {
        ok(&mut c, Decision::RollRecon, &[6, 6]);
    }
    c
}

/// `to_orders`, then the orders given (frontages A1, A2-A3, A4) and each division's first six
/// units on L1, the rest in R1: the corps fire plan.
pub fn to_trps(setup: Setup, adjust: impl Fn(&mut Vec<(Piece, Sector)>)) -> C {
    let mut c = to_orders(setup, adjust);
    let frontages = [Frontage::new(1, 1), Frontage::new(2, 3), Frontage::new(4, 4)];
    let orders =
        Decision::IssueOrders { break_through: None, corps_reserve: vec![], frontages, intentions: String::new() };
    ok(&mut c, orders, &[]);
    for d in 0..3u8 {
        let axes: Vec<u8> = frontages[d as usize].unwrap().axes().collect();
        let placements = (0..c.setup().attackers[d as usize].units.len() as u16)
            .map(|u| {
                let k = u as usize;
                (u, if k < 6 { Deployment::Line1 { axis: axes[k % axes.len()] } } else { Deployment::Reserve })
            })
            .collect();
        ok(&mut c, Decision::DeployDivision { division: d, placements }, &[]);
    }
    c
}

/// From the end of attacker movement to ground combat, nothing done.
pub fn to_ground_combat(c: &mut C) {
    ok(c, Decision::EndMovement, &[]);
    ok(c, Decision::EndDefenderMovement, &[]);
    ok(c, Decision::EndOnCall, &[]);
    ok(c, Decision::EndSupport, &[]);
    ok(c, Decision::EndSupport, &[]);
}
