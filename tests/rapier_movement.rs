//! Rapier Offensive movement refusals the other suites reached only on the way: the stacking
//! limit in the sectors a move passes through (the attacker's and the defender's), the text's
//! shock group, the reserves' refusals (R2 to R1 with its frontage, R1 to L1, a reserve
//! division's overlapping frontage lawful off the table but not coming on), and who is
//! the sector's defender in ground combat when a defending counter moves in on attackers.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::systems::rapier_offensive::combat::{holder, stage_dice, Side, Stage};
use field_desk::systems::rapier_offensive::grid::{Frontage, Sector};
use field_desk::systems::rapier_offensive::rules::READINGS;
use field_desk::systems::rapier_offensive::sample::sample_setup;
use field_desk::systems::rapier_offensive::setup::READINGS_SECTOR_HOLDER;
use field_desk::systems::rapier_offensive::state::{Place, UnitRef};
use field_desk::systems::rapier_offensive::units::Piece;
use field_desk::systems::rapier_offensive::{Decision, Deployment, Phase, RuleError, Setup};

#[path = "support/rapier.rs"]
mod rapier;
use rapier::*;

const FRONTS: [Option<Frontage>; 3] = [Frontage::new(1, 1), Frontage::new(2, 3), Frontage::new(4, 4)];
/// The defender's Recce Group: cavalry, three sectors out of contact.
const RECCE: Piece = Piece::Unit(10);

/// The defender's counters with axis A2 left empty, the Recce Group alone on A1 L2, six
/// counters on A1 L3, none on A1 L4, the rest spread over the other sectors of L2-L5.
fn arranged(counters: &mut [(Piece, Sector)]) {
    let spare: Vec<Sector> =
        Sector::all().filter(|x| x.is_defender_deployment() && x.axis != 2 && x.axis != 1).collect();
    let mut six = 0;
    let mut k = 0;
    for c in counters.iter_mut() {
        c.1 = if c.0 == RECCE {
            s(1, 2)
        } else if six < 6 {
            six += 1;
            s(1, 3)
        } else {
            k += 1;
            spare[k % spare.len()]
        };
    }
}

/// `arranged` defenders; the tank corps' first six units (its HQ and five tanks) on A2 L1,
/// the next six on A3 L1, the rest in R1; the other divisions' first six on L1; `reserve` in
/// R2. Turn 1 under way, no event.
fn shock_group(reserve: Vec<UnitRef>, frontages: [Option<Frontage>; 3]) -> C {
    shock_group_in(sample_setup(), reserve, frontages)
}

fn shock_group_in(setup: Setup, reserve: Vec<UnitRef>, frontages: [Option<Frontage>; 3]) -> C {
    let mut c = to_orders(setup, |cs| arranged(cs));
    let orders = Decision::IssueOrders {
        break_through: None,
        corps_reserve: reserve.clone(),
        frontages,
        intentions: String::new(),
    };
    ok(&mut c, orders, &[]);
    for d in [0u8, 2] {
        let Some(f) = frontages[d as usize] else { continue };
        let held = |u| reserve.contains(&unit(d, u));
        let n = c.setup().attackers[d as usize].units.len() as u16;
        let placements = (0..n)
            .filter(|&u| !held(u))
            .map(|u| (u, if u < 6 { Deployment::Line1 { axis: f.first } } else { Deployment::Reserve }))
            .collect();
        ok(&mut c, Decision::DeployDivision { division: d, placements }, &[]);
    }
    let n = c.setup().attackers[1].units.len() as u16;
    let placements = (0..n)
        .filter(|&u| !reserve.contains(&unit(1, u)))
        .map(|u| {
            let to = match u {
                0..6 => Deployment::Line1 { axis: 2 },
                6..12 => Deployment::Line1 { axis: 3 },
                _ => Deployment::Reserve,
            };
            (u, to)
        })
        .collect();
    ok(&mut c, Decision::DeployDivision { division: 1, placements }, &[]);
    ok(&mut c, Decision::PlotTrps { sectors: [s(1, 3), s(2, 3), s(3, 4), s(4, 2)] }, &[]);
    ok(&mut c, Decision::EndBombardment, &[]);
    ok(&mut c, Decision::RollEvent, &[1]);
    c
}

fn quiet_rest_of_turn(c: &mut C) {
    to_ground_combat(c);
    assert_eq!(c.state().phase, Phase::ClearMinefields, "nobody is in contact");
    ok(c, Decision::ClearMinefields, &[]);
    ok(c, Decision::EndTurn, &[]);
    ok(c, Decision::RollEvent, &[1]);
}

#[test]
fn an_attacking_unit_may_not_pass_through_a_sector_holding_six_friends() {
    let mut c = shock_group(vec![], FRONTS);
    // The shock group of six steps into A2 L2; the motorised AT guns come up from R1 behind it.
    for u in 0..6 {
        ok(&mut c, Decision::Move { unit: unit(1, u), path: vec![s(2, 2)], exit: false }, &[]);
    }
    ok(&mut c, Decision::Enter { unit: unit(1, 12), sector: s(2, 1) }, &[]);
    quiet_rest_of_turn(&mut c);
    assert_eq!(c.state().attackers_in(s(2, 2)), 6);
    // Through A2 L2 to the empty A2 L3 would make seven in A2 L2 on the way: refused, though
    // the sector the move ends in has room.
    let through = Decision::Move { unit: unit(1, 12), path: vec![s(2, 2), s(2, 3)], exit: false };
    assert_eq!(refused(&mut c, through.clone(), &[]), RuleError::Overstacked(s(2, 2)));
    assert_eq!(place(&c, unit(1, 12)), Place::On(s(2, 1)));
    // One of the six moves on first: now there is room to pass.
    ok(&mut c, Decision::Move { unit: unit(1, 1), path: vec![s(2, 3)], exit: false }, &[]);
    ok(&mut c, Decision::Move { unit: unit(1, 12), path: vec![s(2, 2), s(2, 3), s(2, 4)], exit: false }, &[]);
    assert_eq!(place(&c, unit(1, 12)), Place::On(s(2, 4)));
    assert!(c.state().stacking_ok());
}

#[test]
fn the_shock_group_moves_one_unit_at_a_time_through_a_sector_with_a_friend() {
    let mut c = shock_group(vec![], FRONTS);
    // The text: "if you've a shock group of six units you'll have to ensure there are no
    // friendly units in their path". The app moves one unit at a time and counts the units in
    // each sector as that unit passes (a reading), so one friend in the path stops no one.
    ok(&mut c, Decision::Move { unit: unit(1, 1), path: vec![s(2, 2)], exit: false }, &[]);
    quiet_rest_of_turn(&mut c);
    for u in [0u16, 2, 3, 4, 5] {
        let path = if u == 0 { vec![s(2, 2)] } else { vec![s(2, 2), s(2, 3)] };
        ok(&mut c, Decision::Move { unit: unit(1, u), path, exit: false }, &[]);
    }
    assert_eq!((c.state().attackers_in(s(2, 2)), c.state().attackers_in(s(2, 3))), (2, 4));
    assert!(READINGS.iter().any(|r| r.contains("shock group")));
}

#[test]
fn a_defending_counter_may_not_pass_through_a_sector_holding_six_of_its_own() {
    let mut c = shock_group(vec![], FRONTS);
    ok(&mut c, Decision::EndMovement, &[]);
    ok(&mut c, Decision::RollDefenderMovers, &[6]);
    let recce = c.state().counters.iter().find(|x| x.piece == Some(RECCE)).unwrap().id;
    assert_eq!(c.state().counter_count(s(1, 3)), 6);
    assert_eq!(c.state().counter_count(s(1, 4)), 0);
    // Through A1 L3 (six counters) to the empty A1 L4: refused on the way.
    let through = Decision::DefenderMove { counter: recce, path: vec![s(1, 3), s(1, 4)] };
    assert_eq!(refused(&mut c, through, &[]), RuleError::Overstacked(s(1, 3)));
    assert_eq!(c.state().counters[recce as usize].sector(), Some(s(1, 2)));
    assert_eq!(c.state().defender_moved, 0, "a refused move uses none of the movers");
    // Round by A2 (empty) it may go.
    ok(&mut c, Decision::DefenderMove { counter: recce, path: vec![s(2, 2), s(2, 3)] }, &[]);
    assert_eq!(c.state().counters[recce as usize].sector(), Some(s(2, 3)));
}

#[test]
fn the_corps_reserve_refuses_what_is_not_in_it_and_a_frontage_missing_or_in_conflict() {
    // The cavalry division held wholly in R2, with no frontage; one tank in R2 as well.
    let mut reserve: Vec<UnitRef> = (0..15).map(|u| unit(2, u)).collect();
    reserve.push(unit(1, 16));
    let mut c = shock_group(reserve, [Frontage::new(1, 1), Frontage::new(2, 3), None]);
    let release = |u: UnitRef, division, frontage| Decision::Release { unit: u, division, frontage };
    // A unit on the table, or in R1, is not in R2.
    assert_eq!(refused(&mut c, release(unit(1, 0), 1, None), &[]), RuleError::NotInCorpsReserve(unit(1, 0)));
    assert_eq!(refused(&mut c, release(unit(1, 13), 1, None), &[]), RuleError::NotInCorpsReserve(unit(1, 13)));
    assert_eq!(refused(&mut c, release(unit(2, 0), 3, None), &[]), RuleError::UnknownDivision(3));
    // A division with no frontage needs one from its first unit into R1, and a lawful one.
    assert_eq!(refused(&mut c, release(unit(2, 0), 2, None), &[]), RuleError::FrontageMissing(2));
    let backwards = Some(Frontage { first: 4, last: 3 });
    assert_eq!(refused(&mut c, release(unit(2, 0), 2, backwards), &[]), RuleError::BadFrontage);
    assert_eq!(c.state().frontage(2), None, "a refused frontage is not kept");
    ok(&mut c, release(unit(2, 0), 2, Frontage::new(4, 4)), &[]);
    assert_eq!(c.state().frontage(2), Frontage::new(4, 4));
    assert_eq!(place(&c, unit(2, 0)), Place::DivisionReserve);
    // After that the frontage stands: another is refused, the same one or none is taken.
    assert_eq!(refused(&mut c, release(unit(2, 1), 2, Frontage::new(3, 4)), &[]), RuleError::BadFrontage);
    ok(&mut c, release(unit(2, 1), 2, Frontage::new(4, 4)), &[]);
    ok(&mut c, release(unit(2, 2), 2, None), &[]);
    // A division with a frontage from the orders keeps it: the tank joins the rifles on A1.
    assert_eq!(refused(&mut c, release(unit(1, 16), 0, Frontage::new(2, 2)), &[]), RuleError::BadFrontage);
    ok(&mut c, release(unit(1, 16), 0, None), &[]);
    assert_eq!(c.state().units[c.state().index_of(unit(1, 16)).unwrap()].division, Some(0));
    // Released is a full move: not again this turn, and not on to L1.
    assert_eq!(refused(&mut c, release(unit(2, 0), 2, None), &[]), RuleError::NotInCorpsReserve(unit(2, 0)));
    assert_eq!(
        refused(&mut c, Decision::Enter { unit: unit(2, 0), sector: s(4, 1) }, &[]),
        RuleError::AlreadyMoved(unit(2, 0))
    );
    assert_eq!(c.state().frontage(0), Frontage::new(1, 1));
}

#[test]
fn only_a_unit_in_the_division_reserve_enters_the_table() {
    let mut c = shock_group(vec![unit(1, 16)], FRONTS);
    let enter = |u: UnitRef, sector| Decision::Enter { unit: u, sector };
    // On the table already, or still in R2: not in R1.
    assert_eq!(refused(&mut c, enter(unit(1, 0), s(2, 1)), &[]), RuleError::NotInDivisionReserve(unit(1, 0)));
    assert_eq!(refused(&mut c, enter(unit(1, 16), s(2, 1)), &[]), RuleError::NotInDivisionReserve(unit(1, 16)));
    assert_eq!(
        refused(&mut c, enter(UnitRef { division: 1, unit: 40 }, s(2, 1)), &[]),
        RuleError::UnknownUnit(UnitRef { division: 1, unit: 40 })
    );
    // Six there already: full. One steps forward and it may come.
    assert_eq!(refused(&mut c, enter(unit(1, 12), s(2, 1)), &[]), RuleError::Overstacked(s(2, 1)));
    ok(&mut c, Decision::Move { unit: unit(1, 0), path: vec![s(2, 2)], exit: false }, &[]);
    ok(&mut c, enter(unit(1, 12), s(2, 1)), &[]);
    assert_eq!(refused(&mut c, enter(unit(1, 12), s(2, 1)), &[]), RuleError::NotInDivisionReserve(unit(1, 12)));
}

/// The tank corps' HQ and a tank step into the empty A2 L2; the defender's Recce Group moves
/// in on them from A1 L2; on to ground combat there.
fn recce_moves_in(setup: Setup) -> C {
    let mut c = shock_group_in(setup, vec![], FRONTS);
    for u in [0, 1] {
        ok(&mut c, Decision::Move { unit: unit(1, u), path: vec![s(2, 2)], exit: false }, &[]);
    }
    ok(&mut c, Decision::EndMovement, &[]);
    ok(&mut c, Decision::RollDefenderMovers, &[1]);
    let recce = c.state().counters.iter().find(|x| x.piece == Some(RECCE)).unwrap().id;
    ok(&mut c, Decision::DefenderMove { counter: recce, path: vec![s(2, 2)] }, &[]);
    for d in [Decision::EndDefenderMovement, Decision::EndOnCall, Decision::EndSupport, Decision::EndSupport] {
        ok(&mut c, d, &[]);
    }
    assert_eq!(c.state().combat.as_ref().map(|x| (x.sector, x.stage)), Some((s(2, 2), Stage::HolderFirst)));
    c
}

#[test]
fn the_attackers_holding_a_sector_fire_first_when_a_defending_counter_moves_in_on_them() {
    // "The defender of the sector attacks first on the first round": here the attackers held
    // A2 L2 when the Recce Group came in, so they fire first, their HQ with its die
    // ("1d6 when defending a sector"): HQ 1 + tanks 2 against infantry.
    let mut c = recce_moves_in(sample_setup());
    assert_eq!(holder(c.state(), s(2, 2)), Side::Attacker);
    let first = stage_dice(c.setup(), c.state());
    assert_eq!(first.len(), 3);
    assert!(first.iter().all(|d| d.0 == Side::Attacker));
    ok(&mut c, Decision::CombatRoll, &[1, 1, 1]);
    assert!(c.history().last().unwrap().text.contains("the attackers hold the sector and fire first"));
    // The Recce Group replies with what is left: one die.
    assert_eq!(c.state().combat.as_ref().unwrap().stage, Stage::Reply);
    let reply = stage_dice(c.setup(), c.state());
    assert_eq!((reply.len(), reply[0].0), (1, Side::Defender));
    // A 6 from the attackers' first throw kills the Recce Group before it can reply.
    let mut c = recce_moves_in(sample_setup());
    ok(&mut c, Decision::CombatRoll, &[6, 1, 1]);
    assert!(c.state().counters.iter().all(|x| x.piece != Some(RECCE) || x.sector().is_none()));
    assert_eq!((c.state().combat.as_ref(), c.state().phase), (None, Phase::ClearMinefields), "nobody left to fight");
    assert!(READINGS.iter().any(|r| r.contains("defender of the sector")));
}

#[test]
fn a_game_stored_before_that_reading_keeps_the_defending_division_firing_first() {
    let mut setup = sample_setup();
    setup.readings = 0;
    let c = recce_moves_in(setup);
    assert_eq!(holder(c.state(), s(2, 2)), Side::Defender);
    let first = stage_dice(c.setup(), c.state());
    assert_eq!((first.len(), first[0].0), (1, Side::Defender));
    // Such a game's stored setup reads as it was written: no readings field.
    let json = serde_json::to_string(c.setup()).unwrap();
    assert!(!json.contains("readings"));
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap().readings, 0);
}

#[test]
fn a_reserve_division_may_overlap_two_front_line_divisions_but_not_come_on_across_them() {
    // "The only exception is if a Division is held entirely off table (in R1 or R2). In this
    // case the front of the reserve Division can overlap two front-line Divisions." The cavalry
    // division is held wholly in R2; leaving it, it gets A1-A2, across the rifles on A1 and the
    // tanks on A2-A3: lawful, it is still off the table.
    let reserve: Vec<UnitRef> = (0..15).map(|u| unit(2, u)).collect();
    let mut c = shock_group(reserve, [Frontage::new(1, 1), Frontage::new(2, 3), None]);
    let across = Frontage::new(1, 2);
    ok(&mut c, Decision::Release { unit: unit(2, 0), division: 2, frontage: across }, &[]);
    ok(&mut c, Decision::Release { unit: unit(2, 1), division: 2, frontage: None }, &[]);
    assert_eq!(c.state().frontage(2), across);
    quiet_rest_of_turn(&mut c);
    // Coming on, it would no longer be wholly off the table: refused on either axis while the
    // rifles (checked first) and the tanks are on it, whatever room L1 has.
    ok(&mut c, Decision::Move { unit: unit(1, 1), path: vec![s(2, 2)], exit: false }, &[]);
    for axis in [1, 2] {
        let on = Decision::Enter { unit: unit(2, 0), sector: s(axis, 1) };
        assert_eq!(refused(&mut c, on, &[]), RuleError::FrontagesOverlap(0, 2));
    }
    assert_eq!(place(&c, unit(2, 0)), Place::DivisionReserve);
    assert!(READINGS.iter().any(|r| r.contains("entering from the Division Reserve")));
}

#[test]
fn two_reserve_divisions_may_overlap_and_the_first_to_come_on_shuts_out_the_other() {
    // The rifles and the cavalry both held wholly in R2; released with overlapping frontages
    // (A1-A2 across the tanks, and A1), both wholly off the table: lawful.
    let whole = |d: u8| (0..sample_setup().attackers[d as usize].units.len() as u16).map(move |u| unit(d, u));
    let reserve: Vec<UnitRef> = whole(0).chain(whole(2)).collect();
    let mut c = shock_group(reserve, [None, Frontage::new(2, 3), None]);
    ok(&mut c, Decision::Release { unit: unit(0, 0), division: 0, frontage: Frontage::new(1, 2) }, &[]);
    ok(&mut c, Decision::Release { unit: unit(2, 0), division: 2, frontage: Frontage::new(1, 1) }, &[]);
    quiet_rest_of_turn(&mut c);
    // The cavalry's A1 overlaps only the rifles, who are off the table: it comes on.
    ok(&mut c, Decision::Enter { unit: unit(2, 0), sector: s(1, 1) }, &[]);
    assert_eq!(place(&c, unit(2, 0)), Place::On(s(1, 1)));
    // The rifles' A1-A2 now overlaps the tanks (checked first) and the cavalry on the table.
    let on = Decision::Enter { unit: unit(0, 0), sector: s(1, 1) };
    assert_eq!(refused(&mut c, on, &[]), RuleError::FrontagesOverlap(1, 0));
}

#[test]
fn a_game_stored_before_the_overlap_refusal_still_lets_the_reserve_come_on() {
    // Its journal may hold such an entry: it replays as it was played.
    let mut setup = sample_setup();
    setup.readings = READINGS_SECTOR_HOLDER;
    let reserve: Vec<UnitRef> = (0..15).map(|u| unit(2, u)).collect();
    let mut c = shock_group_in(setup, reserve, [Frontage::new(1, 1), Frontage::new(2, 3), None]);
    ok(&mut c, Decision::Release { unit: unit(2, 0), division: 2, frontage: Frontage::new(1, 2) }, &[]);
    quiet_rest_of_turn(&mut c);
    ok(&mut c, Decision::Move { unit: unit(1, 1), path: vec![s(2, 2)], exit: false }, &[]);
    ok(&mut c, Decision::Enter { unit: unit(2, 0), sector: s(2, 1) }, &[]);
    assert_eq!(place(&c, unit(2, 0)), Place::On(s(2, 1)));
    let again = C::replay(c.setup().clone(), c.journal().to_vec()).unwrap();
    assert_eq!(again.state(), c.state());
}
