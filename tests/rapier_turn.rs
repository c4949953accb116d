//! Rapier Offensive's turn after attacker movement, with typed dice: withdrawal under the free
//! shot, defender movement, on-call fire limits and fog, support fire, a ground-combat round
//! replayed with the umpire naming losses, a lost HQ, and the victory levels.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::systems::rapier_offensive::grid::Sector;
use field_desk::systems::rapier_offensive::sample::sample_setup;
use field_desk::systems::rapier_offensive::seats::{division_commander, seat_name, seat_name_now, STAFF_OFFICER};
use field_desk::systems::rapier_offensive::state::{CounterPlace, Place, Target};
use field_desk::systems::rapier_offensive::tables::Victory;
use field_desk::systems::rapier_offensive::turn_end::{judge, HqChoice};
use field_desk::systems::rapier_offensive::units::Piece;
use field_desk::systems::rapier_offensive::{Decision, Phase, RuleError, Setup};

#[path = "support/rapier.rs"]
mod rapier;
use rapier::*;

#[test]
fn ground_combat_round_replayed_with_typed_dice() {
    let mut c = to_battle(sample_setup());
    ok(&mut c, Decision::RollEvent, &[1]);
    for u in 0..3 {
        ok(&mut c, Decision::Move { unit: unit(0, u), path: vec![s(1, 2)], exit: false }, &[]);
    }
    // The dummies are lifted; the defending HQ and a fortification stand.
    let here: Vec<_> = c.state().counters_in(s(1, 2)).map(|x| x.piece.unwrap()).collect();
    assert_eq!(here, vec![Piece::Unit(0), Piece::Fortification]);
    to_ground_combat(&mut c);
    assert_eq!(c.state().phase, Phase::GroundCombat);
    // Round 1, the defender first: its HQ's die and the fortification's, at three units.
    let p = c.preview(&Decision::CombatRoll).unwrap();
    assert_eq!(p.dice.count, 2);
    let lose = |k: usize| p.odds.iter().find(|(l, _)| *l == format!("Attackers lose {k}")).unwrap().1;
    assert_eq!((lose(0).num, lose(0).den), (25, 36));
    assert_eq!((lose(1).num, lose(1).den), (5, 18));
    assert_eq!((lose(2).num, lose(2).den), (1, 36));
    ok(&mut c, Decision::CombatRoll, &[6, 6]);
    // Two hits on three like units: the umpire names them.
    assert!(c.history().last().unwrap().text.contains("The umpire names the losses"));
    assert_eq!(refused(&mut c, Decision::CombatRoll, &[]), RuleError::LossesDue);
    assert_eq!(
        refused(&mut c, Decision::AllocateLosses { losses: vec![Target::Unit(unit(0, 0))] }, &[]),
        RuleError::WrongLosses { kills: 2 }
    );
    assert_eq!(
        refused(&mut c, Decision::AllocateLosses { losses: vec![Target::Counter(0), Target::Unit(unit(0, 0))] }, &[]),
        RuleError::NotALoss(Target::Counter(0))
    );
    ok(&mut c, Decision::AllocateLosses { losses: vec![Target::Unit(unit(0, 0)), Target::Unit(unit(0, 1))] }, &[]);
    assert_eq!((place(&c, unit(0, 0)), place(&c, unit(0, 1))), (Place::Killed, Place::Killed));
    // The attackers reply with what is left: one rifle battalion, one die, a 5 misses.
    ok(&mut c, Decision::CombatRoll, &[5]);
    // Round 2 at once: the defender's two dice, then the attacker's one; the 6 kills the HQ.
    let combat = c.state().combat.clone().unwrap();
    assert_eq!((combat.round, c.dice_for(&Decision::CombatRoll).unwrap().count), (2, 3));
    ok(&mut c, Decision::CombatRoll, &[1, 1, 6]);
    assert_eq!(c.state().counters[counter_of(&c, 0) as usize].place, CounterPlace::Gone);
    // Only the fortification is left: the fight is over.
    assert_eq!(c.state().phase, Phase::ClearMinefields);
    ok(&mut c, Decision::ClearMinefields, &[]);
    // The rifle division's HQ is lost: the Corps Commander must choose before the turn ends.
    assert_eq!(refused(&mut c, Decision::EndTurn, &[]), RuleError::HqChoiceDue(0));
    let chain = |u| Decision::ReplaceHq { division: 0, choice: HqChoice::ChainOfCommand, unit: unit(0, u) };
    assert_eq!(
        refused(&mut c, Decision::ReplaceHq { division: 1, choice: HqChoice::ChainOfCommand, unit: unit(1, 1) }, &[1]),
        RuleError::NotHeadless(1)
    );
    assert_eq!(refused(&mut c, chain(1), &[4]), RuleError::NotInDivision { unit: unit(0, 1), division: 0 });
    let before_hq = c.clone();
    ok(&mut c, chain(3), &[3]);
    assert_eq!(refused(&mut c, chain(4), &[6]), RuleError::HqAlreadyHandled(0));
    ok(&mut c, Decision::EndTurn, &[]);
    let rec = &c.state().record[0];
    assert_eq!((rec.turn, rec.attackers_lost, rec.counters_removed), (1, 2, 3));
    // Headless: at most half of its 14 units move.
    ok(&mut c, Decision::RollEvent, &[1]);
    for u in 3..6 {
        ok(&mut c, Decision::Move { unit: unit(0, u), path: vec![s(1, 2)], exit: false }, &[]);
    }
    for u in 6..9 {
        ok(&mut c, Decision::Enter { unit: unit(0, u), sector: s(1, 1) }, &[]);
    }
    ok(&mut c, Decision::Move { unit: unit(0, 2), path: vec![s(1, 3)], exit: false }, &[]);
    assert_eq!(
        refused(&mut c, Decision::Move { unit: unit(0, 3), path: vec![s(1, 1)], exit: false }, &[]),
        RuleError::AlreadyMoved(unit(0, 3))
    );
    assert_eq!(
        refused(&mut c, Decision::Enter { unit: unit(0, 9), sector: s(1, 1) }, &[]),
        RuleError::HeadlessLimit { division: 0, max: 7 }
    );
    // The other branch: the Staff Officer takes over, and the division has an HQ again.
    let mut c = before_hq;
    ok(&mut c, Decision::ReplaceHq { division: 0, choice: HqChoice::StaffOfficer, unit: unit(0, 3) }, &[]);
    assert_eq!(c.state().staff_swaps, vec![0]);
    assert!(!c.state().hq_lost(c.setup(), 0));
    // The seats stay; the players trade them: the Staff Officer now commands the division.
    let (st, p) = (c.state(), &c.setup().players);
    let (staff, first) = (p.staff_officer.clone(), p.division_commanders[0].clone());
    assert_eq!(seat_name_now(c.setup(), st, STAFF_OFFICER), format!("{first} (Staff Officer)"));
    assert_eq!(seat_name_now(c.setup(), st, division_commander(0)), format!("{staff} (47th Guards Rifle Division)"));
    assert_eq!(seat_name_now(c.setup(), st, division_commander(1)), seat_name(c.setup(), division_commander(1)));
    // Everywhere the app names a seat (the holder choice, seat links, "X's hidden step") asks
    // the campaign, which names it in the position now.
    assert_eq!(c.seat_name(STAFF_OFFICER), format!("{first} (Staff Officer)"));
    assert_eq!(c.seat_name(division_commander(0)), format!("{staff} (47th Guards Rifle Division)"));
    // A second swap, with another division, passes the role on again.
    let mut twice = st.clone();
    twice.staff_swaps.push(1);
    let second = p.division_commanders[1].clone();
    assert_eq!(seat_name_now(c.setup(), &twice, STAFF_OFFICER), format!("{second} (Staff Officer)"));
    assert!(seat_name_now(c.setup(), &twice, division_commander(1)).starts_with(&format!("{first} (")));
    assert!(seat_name_now(c.setup(), &twice, division_commander(0)).starts_with(&format!("{staff} (")));
    // The journal replays to the same position.
    let again = C::replay(c.setup().clone(), c.journal().to_vec()).unwrap();
    assert_eq!(again.state(), c.state());
}

/// Turn 1: a rifle battalion goes into A1 L2 and the whole turn passes with misses.
fn in_contact(setup: Setup) -> C {
    let mut c = to_battle(setup);
    ok(&mut c, Decision::RollEvent, &[1]);
    ok(&mut c, Decision::Move { unit: unit(0, 1), path: vec![s(1, 2)], exit: false }, &[]);
    to_ground_combat(&mut c);
    while c.state().phase == Phase::GroundCombat {
        let n = c.dice_for(&Decision::CombatRoll).unwrap().count as usize;
        ok(&mut c, Decision::CombatRoll, &vec![1; n]);
    }
    ok(&mut c, Decision::ClearMinefields, &[]);
    ok(&mut c, Decision::EndTurn, &[]);
    ok(&mut c, Decision::RollEvent, &[1]);
    c
}

#[test]
fn withdrawal_takes_the_free_shot_and_goes_back_the_way_it_came() {
    let mut c = in_contact(sample_setup());
    let back = Decision::Move { unit: unit(0, 1), path: vec![s(1, 1)], exit: false };
    assert_eq!(
        refused(&mut c, Decision::Move { unit: unit(0, 1), path: vec![s(1, 3)], exit: false }, &[1]),
        RuleError::WrongWayBack(Some(s(1, 1)))
    );
    // The defending HQ's one die against infantry, a 6 kills.
    let p = c.preview(&back).unwrap();
    assert_eq!(p.dice.count, 1);
    assert_eq!(p.odds.iter().find(|(l, _)| l == "Destroyed").unwrap().1.as_f64(), 1.0 / 6.0);
    let mut escaped = c.clone();
    ok(&mut c, back.clone(), &[6]);
    assert_eq!(place(&c, unit(0, 1)), Place::Killed);
    assert!(c.history().last().unwrap().text.contains("free shot"));
    ok(&mut escaped, back, &[5]);
    assert_eq!(place(&escaped, unit(0, 1)), Place::On(s(1, 1)));
    // Under the moving-targets option a withdrawing unit dies on a 5 as well.
    let mut setup = sample_setup();
    setup.options.moving_targets = true;
    let c = in_contact(setup);
    let p = c.preview(&Decision::Move { unit: unit(0, 1), path: vec![s(1, 1)], exit: false }).unwrap();
    assert_eq!(p.odds.iter().find(|(l, _)| l == "Destroyed").unwrap().1.as_f64(), 2.0 / 6.0);
}

#[test]
fn defender_movement_rules_and_refusals() {
    let mut c = to_battle(sample_setup());
    ok(&mut c, Decision::RollEvent, &[1]);
    ok(&mut c, Decision::Move { unit: unit(0, 1), path: vec![s(1, 2)], exit: false }, &[]);
    ok(&mut c, Decision::EndMovement, &[]);
    let rifles = counter_of(&c, 1); // A2 L2
    let mv = |id, path: Vec<Sector>| Decision::DefenderMove { counter: id, path };
    assert_eq!(refused(&mut c, mv(rifles, vec![s(2, 3)]), &[]), RuleError::MoversNotRolled);
    let p = c.preview(&Decision::RollDefenderMovers).unwrap();
    assert_eq!(p.odds.len(), 6);
    ok(&mut c, Decision::RollDefenderMovers, &[2]);
    assert_eq!(refused(&mut c, Decision::RollDefenderMovers, &[2]), RuleError::MoversRolled);
    let fort = c.state().counters_in(s(2, 2)).find(|x| x.piece == Some(Piece::Fortification)).unwrap().id;
    assert_eq!(refused(&mut c, mv(fort, vec![s(2, 3)]), &[]), RuleError::CannotMove(fort));
    assert_eq!(refused(&mut c, mv(rifles, vec![s(2, 3), s(2, 4)]), &[]), RuleError::TooFar { allowance: 1, steps: 2 });
    assert_eq!(refused(&mut c, mv(rifles, vec![s(3, 3)]), &[]), RuleError::NotNextTo(s(2, 2), s(3, 3)));
    // The defending HQ in contact withdraws to its rear only.
    let hq = counter_of(&c, 0);
    assert_eq!(refused(&mut c, mv(hq, vec![s(2, 2)]), &[1]), RuleError::WrongWayBack(Some(s(1, 3))));
    ok(&mut c, mv(rifles, vec![s(2, 3)]), &[]);
    let moved = &c.state().counters[rifles as usize];
    assert!(moved.revealed && moved.place == CounterPlace::On(s(2, 3)));
    assert!(c.view(None).counters[rifles as usize].piece.is_some(), "a mover is turned face up for all");
    assert_eq!(refused(&mut c, mv(rifles, vec![s(2, 4)]), &[]), RuleError::CounterMoved(rifles));
    // The HQ withdraws under the rifles' free shot (one die against an HQ) and survives a 2.
    assert_eq!(c.dice_for(&mv(hq, vec![s(1, 3)])).unwrap().count, 1);
    ok(&mut c, mv(hq, vec![s(1, 3)]), &[2]);
    assert_eq!(c.state().counters[hq as usize].place, CounterPlace::On(s(1, 3)));
    let third = counter_of(&c, 2);
    assert_eq!(refused(&mut c, mv(third, vec![s(3, 3)]), &[]), RuleError::NoMoversLeft(2));
    ok(&mut c, Decision::EndDefenderMovement, &[]);
    assert_eq!(c.state().phase, Phase::OnCallBombardment);
}

#[test]
fn on_call_fire_limits_and_fog() {
    let mut c = to_battle(sample_setup());
    ok(&mut c, Decision::RollEvent, &[3]);
    assert!(c.state().fog);
    ok(&mut c, Decision::EndMovement, &[]);
    ok(&mut c, Decision::EndDefenderMovement, &[]);
    let call = |x| Decision::CallFire { sector: x };
    assert_eq!(refused(&mut c, call(s(1, 2)), &[1, 1, 1, 1]), RuleError::NotATrp(s(1, 2)));
    // Fog: A3 L4 is next to no attacking unit; A4 L2 is next to the cavalry on A4 L1.
    assert_eq!(refused(&mut c, call(s(3, 4)), &[1, 1, 1]), RuleError::Fogbound(s(3, 4)));
    let n = c.state().counter_count(s(4, 2));
    let p = c.preview(&call(s(4, 2))).unwrap();
    assert!((p.odds[0].1.as_f64() - (5.0f64 / 6.0).powi(n as i32)).abs() < 1e-12);
    let mut dice = vec![1; n];
    dice[0] = 6;
    ok(&mut c, call(s(4, 2)), &dice);
    assert_eq!(c.state().counter_count(s(4, 2)), n - 1);
    ok(&mut c, call(s(4, 2)), &vec![1; n - 1]);
    assert_eq!(refused(&mut c, call(s(4, 2)), &vec![1; n - 1]), RuleError::SectorFireLimit(s(4, 2)));
    ok(&mut c, Decision::EndOnCall, &[]);
    assert_eq!(c.state().on_call.len(), 2);
    // Next turn, without fog, four a turn at most.
    ok(&mut c, Decision::EndSupport, &[]);
    ok(&mut c, Decision::EndSupport, &[]);
    ok(&mut c, Decision::ClearMinefields, &[]);
    ok(&mut c, Decision::EndTurn, &[]);
    ok(&mut c, Decision::RollEvent, &[3]);
    assert!(!c.state().fog, "fog rolled again lifts");
    ok(&mut c, Decision::EndMovement, &[]);
    ok(&mut c, Decision::EndDefenderMovement, &[]);
    for x in [s(1, 3), s(1, 3), s(2, 3), s(2, 3)] {
        let n = c.dice_for(&call(x)).map_or(0, |d| d.count as usize);
        ok(&mut c, call(x), &vec![1; n]);
    }
    let n = c.dice_for(&call(s(3, 4))).unwrap().count as usize;
    assert_eq!(refused(&mut c, call(s(3, 4)), &vec![1; n]), RuleError::TurnFireLimit);
}

#[test]
fn support_fire_rules_and_refusals() {
    let mut c = to_battle(sample_setup());
    ok(&mut c, Decision::RollEvent, &[1]);
    ok(&mut c, Decision::Move { unit: unit(0, 1), path: vec![s(1, 2)], exit: false }, &[]);
    ok(&mut c, Decision::Enter { unit: unit(0, 13), sector: s(1, 1) }, &[]); // mortars
    ok(&mut c, Decision::Enter { unit: unit(1, 15), sector: s(2, 1) }, &[]); // rockets
    ok(&mut c, Decision::EndMovement, &[]);
    ok(&mut c, Decision::EndDefenderMovement, &[]);
    ok(&mut c, Decision::EndOnCall, &[]);
    // The defender: the HQ is no battery; the mortars on A1 L5 cannot reach L1.
    let fire = |b, t| Decision::SupportFire { battery: b, target: t, extra_ammo: false };
    let mortars = Target::Counter(counter_of(&c, 12));
    let hq = Target::Counter(counter_of(&c, 0));
    let rifles = Target::Unit(unit(0, 2));
    assert_eq!(refused(&mut c, fire(hq, rifles), &[6]), RuleError::NotABattery(hq));
    assert_eq!(refused(&mut c, fire(mortars, rifles), &[6]), RuleError::OutOfRange { range: 1, steps: 4 });
    assert_eq!(refused(&mut c, Decision::AirStrike { target: rifles }, &[6]), RuleError::NoSupportPoint);
    ok(&mut c, Decision::EndSupport, &[]);
    // The attackers: the mortars reach A1 L2 (one step), not A1 L3.
    let ours = Target::Unit(unit(0, 13));
    let far = Target::Counter(c.state().counters_in(s(1, 3)).next().unwrap().id);
    assert_eq!(refused(&mut c, fire(ours, far), &[6]), RuleError::OutOfRange { range: 1, steps: 2 });
    assert_eq!(refused(&mut c, fire(ours, rifles), &[6]), RuleError::BadTarget(rifles));
    assert_eq!(
        refused(&mut c, Decision::SupportFire { battery: ours, target: hq, extra_ammo: true }, &[6, 6]),
        RuleError::NoSupportPoint
    );
    let p = c.preview(&fire(ours, hq)).unwrap();
    assert_eq!(p.odds.iter().find(|(l, _)| l == "Destroyed").unwrap().1.as_f64(), 1.0 / 6.0);
    ok(&mut c, fire(ours, hq), &[5]);
    assert!(c.history().last().unwrap().text.contains("no effect"));
    assert_eq!(refused(&mut c, fire(ours, hq), &[6]), RuleError::AlreadyFired(ours));
    // The rockets (range 2) hit a face-down counter on A2 L3: what it was stays the umpire's.
    let rockets = Target::Unit(unit(1, 15));
    let hidden = Target::Counter(c.state().counters_in(s(2, 3)).next().unwrap().id);
    ok(&mut c, fire(rockets, hidden), &[6]);
    let Target::Counter(id) = hidden else { unreachable!() };
    assert_eq!(c.state().counters[id as usize].place, CounterPlace::Gone);
    let corps = field_desk::systems::rapier_offensive::seats::CORPS_COMMANDER;
    assert!(c.view(Some(corps)).counters[id as usize].piece.is_none());
    assert!(c.history().last().unwrap().text.contains("face-down counter"), "{}", c.history().last().unwrap().text);
    ok(&mut c, Decision::EndSupport, &[]);
    assert_eq!(c.state().phase, Phase::GroundCombat);
}

#[test]
fn a_battery_revealed_this_turn_cannot_be_fired_on_until_the_next() {
    // The defending mortars deploy on A1 L2, in range of the rifles on A1 L1; rifles moving
    // in turn them face up this turn.
    let mut c = to_battle_with(sample_setup(), |counters| {
        counters.iter_mut().find(|(p, _)| *p == Piece::Unit(12)).unwrap().1 = s(1, 2);
    });
    ok(&mut c, Decision::RollEvent, &[1]);
    ok(&mut c, Decision::Move { unit: unit(0, 1), path: vec![s(1, 2)], exit: false }, &[]);
    ok(&mut c, Decision::Enter { unit: unit(0, 13), sector: s(1, 1) }, &[]); // our mortars
    ok(&mut c, Decision::EndMovement, &[]);
    ok(&mut c, Decision::EndDefenderMovement, &[]);
    ok(&mut c, Decision::EndOnCall, &[]);
    let fire = |b, t| Decision::SupportFire { battery: b, target: t, extra_ammo: false };
    let id = counter_of(&c, 12);
    let theirs = Target::Counter(id);
    let hq = Target::Counter(counter_of(&c, 0));
    assert_eq!(c.state().counters[id as usize].place, CounterPlace::On(s(1, 2)));
    let corps = field_desk::systems::rapier_offensive::seats::CORPS_COMMANDER;
    assert!(c.view(Some(corps)).counters[id as usize].piece.is_some(), "face up for all");
    assert_eq!(c.state().counters[id as usize].revealed_turn, 1);
    // In contact, the defender's mortars cannot fire either.
    assert_eq!(refused(&mut c, fire(theirs, Target::Unit(unit(0, 2))), &[1]), RuleError::BatteryInContact(theirs));
    ok(&mut c, Decision::EndSupport, &[]);
    // This turn the attackers may not fire on it; on the HQ beside it (no battery) they may.
    let ours = Target::Unit(unit(0, 13));
    assert_eq!(refused(&mut c, fire(ours, theirs), &[6]), RuleError::JustRevealed(id));
    assert!(RuleError::JustRevealed(id).to_string().contains("revealed this turn"));
    let mut other = c.clone();
    ok(&mut other, fire(ours, hq), &[1]);
    // Next turn it is a target like any other.
    ok(&mut c, Decision::EndSupport, &[]);
    while c.state().phase == Phase::GroundCombat {
        let n = c.dice_for(&Decision::CombatRoll).unwrap().count as usize;
        ok(&mut c, Decision::CombatRoll, &vec![1; n]);
    }
    ok(&mut c, Decision::ClearMinefields, &[]);
    ok(&mut c, Decision::EndTurn, &[]);
    ok(&mut c, Decision::RollEvent, &[1]);
    to_ground_combat_but_our_fire(&mut c);
    ok(&mut c, fire(ours, theirs), &[1]);
}

/// From attacker movement to the attackers' support fire, nothing done.
fn to_ground_combat_but_our_fire(c: &mut C) {
    ok(c, Decision::EndMovement, &[]);
    ok(c, Decision::EndDefenderMovement, &[]);
    ok(c, Decision::EndOnCall, &[]);
    ok(c, Decision::EndSupport, &[]);
}

#[test]
fn victory_levels_and_advanced_conditions() {
    let mut setup = sample_setup();
    let c = to_battle(setup.clone());
    let tanks: Vec<usize> = (0..c.state().units.len()).filter(|&k| c.state().units[k].division == Some(1)).collect();
    assert_eq!(tanks.len(), 17);
    let with_exits = |n: usize| {
        let mut st = c.state().clone();
        for &k in &tanks[..n] {
            st.units[k].place = Place::Exited;
            st.units[k].came_from = Some(s(2 + (k % 2) as u8, 6));
        }
        st
    };
    for (n, want) in [(17, Victory::Total), (15, Victory::Major), (13, Victory::Minor), (12, Victory::Defeat)] {
        assert_eq!(judge(&setup, &with_exits(n)).victory, want, "{n} of 17");
    }
    // Advanced: a named sector not held and a three-axis front not made cost two levels.
    setup.options.advanced_victory = true;
    setup.advanced.objectives = vec![s(2, 4)];
    setup.advanced.wide_front = 3;
    let r = judge(&setup, &with_exits(17));
    assert_eq!((r.victory, r.missed_objectives.clone(), r.front), (Victory::Minor, vec![s(2, 4)], Some((2, 3))));
}

#[test]
fn halting_and_bogging_under_the_terrain_options() {
    use field_desk::systems::rapier_offensive::optional::Terrain;
    use field_desk::systems::rapier_offensive::terrain::{self, SectorGround};
    let mut setup = sample_setup();
    setup.options.halting = true;
    setup.options.bogging = true;
    let ground = |x, ground, road, impassable| SectorGround { sector: x, ground, road, impassable };
    setup.terrain = vec![
        ground(s(1, 2), Terrain::Woods, false, false),
        ground(s(2, 2), Terrain::CanalOrRiver, false, true),
        ground(s(3, 2), Terrain::Woods, true, false),
    ];
    let mut c = to_battle(setup.clone());
    ok(&mut c, Decision::RollEvent, &[1]);
    // Rifles into the woods of A1 L2 need a 3: on a 2 they bog down and stay.
    let into = |u| Decision::Move { unit: unit(0, u), path: vec![s(1, 2)], exit: false };
    assert_eq!(c.dice_for(&into(1)).unwrap().count, 1);
    let p = c.preview(&into(1)).unwrap();
    let chance = |l: &str| p.odds.iter().find(|(x, _)| x == l).unwrap().1.as_f64();
    assert_eq!((chance("Bogs down where it is"), chance("Moves as ordered")), (1.0 / 3.0, 2.0 / 3.0));
    ok(&mut c, into(1), &[2]);
    assert_eq!(place(&c, unit(0, 1)), Place::On(s(1, 1)));
    assert!(c.history().last().unwrap().text.contains("bogs down"));
    ok(&mut c, into(2), &[3]);
    assert_eq!(place(&c, unit(0, 2)), Place::On(s(1, 2)));
    // Tanks cannot enter the river on A2 L2 without a road or bridge.
    assert_eq!(
        refused(&mut c, Decision::Move { unit: unit(1, 2), path: vec![s(2, 2)], exit: false }, &[6]),
        RuleError::Impassable(s(2, 2))
    );
    // Woods halt a move unless a road runs through; the bogging table by ground and column.
    let tanks = c.setup().attackers[1].units[1].kind;
    let st = c.state();
    assert!(terrain::halts(&setup, st, s(1, 2), tanks));
    assert!(!terrain::halts(&setup, st, s(3, 2), tanks));
    assert_eq!(terrain::bog_target(&setup, st, s(1, 2), tanks), 4);
    assert_eq!(terrain::bog_target(&setup, st, s(3, 2), tanks), 1);
    assert_eq!(terrain::bog_target(&setup, st, s(4, 3), tanks), 2);
}

#[test]
fn moving_targets_are_hit_on_a_five_in_ground_combat() {
    let mut setup = sample_setup();
    setup.options.moving_targets = true;
    let mut c = to_battle(setup);
    ok(&mut c, Decision::RollEvent, &[1]);
    ok(&mut c, Decision::Move { unit: unit(0, 1), path: vec![s(1, 2)], exit: false }, &[]);
    to_ground_combat(&mut c);
    // The defender's two dice at a unit that moved: each kills on 5 or 6.
    let p = c.preview(&Decision::CombatRoll).unwrap();
    let none = p.odds.iter().find(|(l, _)| l == "Attackers lose 0").unwrap().1;
    assert_eq!((none.num, none.den), (4, 9));
    ok(&mut c, Decision::CombatRoll, &[5, 1]);
    assert_eq!(place(&c, unit(0, 1)), Place::Killed);
}

#[test]
fn engineers_lift_a_minefield_after_a_whole_quiet_turn_alone_with_it() {
    use field_desk::systems::rapier_offensive::turn_end::clear_minefields;
    let c = to_battle(sample_setup());
    let setup = c.setup().clone();
    let mine_sector = s(2, 3);
    let mut st = c.state().clone();
    let mine = st.counters_in(mine_sector).find(|x| x.piece == Some(Piece::Minefield)).unwrap().id;
    let others: Vec<u16> = st.counters_in(mine_sector).filter(|x| x.id != mine).map(|x| x.id).collect();
    let sappers = st.index_of(unit(0, 11)).unwrap();
    st.units[sappers].place = Place::On(mine_sector);
    st.units[sappers].start = Some(mine_sector);
    // Another defender still there: nothing is lifted.
    let mut busy = st.clone();
    assert!(clear_minefields(&setup, &mut busy).is_empty());
    for id in others {
        st.counters[id as usize].place = CounterPlace::Gone;
    }
    // Arrived this turn, or fought here: nothing either.
    let mut late = st.clone();
    late.units[sappers].start = Some(s(2, 2));
    assert!(clear_minefields(&setup, &mut late).is_empty());
    let mut fought = st.clone();
    fought.fought.push(mine_sector);
    assert!(clear_minefields(&setup, &mut fought).is_empty());
    // A whole quiet turn alone with the mines: they are lifted.
    assert_eq!(clear_minefields(&setup, &mut st), vec![mine_sector]);
    assert_eq!(st.counters[mine as usize].place, CounterPlace::Gone);
}

/// A seat is named "player (role)", but a player named after the role (as the sample names its
/// players) or not named is the role alone, never "Corps Commander (Corps Commander)".
#[test]
fn seats_named_after_their_role_say_it_once() {
    use field_desk::engine::Seat;
    let sample = sample_setup();
    let names: Vec<String> = (0..3).map(|n| seat_name(&sample, Seat(n))).collect();
    assert_eq!(names, ["Umpire", "Corps Commander", "Staff Officer"]);
    let mut named = sample.clone();
    named.players.corps_commander = "Ann".into();
    named.players.staff_officer = " ".into();
    named.players.umpire = "umpire".into();
    assert_eq!(seat_name(&named, Seat(1)), "Ann (Corps Commander)");
    assert_eq!(seat_name(&named, Seat(2)), "Staff Officer");
    assert_eq!(seat_name(&named, Seat(0)), "Umpire");
    assert_eq!(seat_name(&named, division_commander(0)), format!("Rifle division ({})", named.attackers[0].name));
}

#[test]
fn on_call_missions_left_are_eight_a_battle_and_four_a_turn() {
    // README: "The Corps Commander can call in 8 FM during the game ... Max 4 FM per turn."
    let c = to_battle(sample_setup());
    let mut s = c.state().clone();
    let turn = s.turn;
    assert_eq!(s.on_call_left(), (8, 4));
    s.on_call = vec![(turn, Sector { axis: 1, line: 3 }); 3];
    assert_eq!(s.on_call_left(), (5, 1));
    s.on_call = vec![(turn.wrapping_sub(1), Sector { axis: 1, line: 3 }); 6];
    assert_eq!(s.on_call_left(), (2, 2), "four this turn, but only two left for the battle");
    s.on_call.extend([(turn, Sector { axis: 1, line: 3 }); 2]);
    assert_eq!(s.on_call_left(), (0, 0));
}

#[test]
fn positions_no_play_leads_to_are_refused_not_a_panic() {
    // A position from outside (a seat copy) may hold a step without what it implies: the
    // examine step without a recon find, ground combat with none under way, a release in a view
    // without the orders. `apply` refuses each with a typed error.
    use field_desk::systems::rapier_offensive::rules::apply;
    use field_desk::systems::rapier_offensive::state::Recon;
    let setup = sample_setup();
    let mut c = to_battle(setup.clone());
    let mut examine = c.state().clone();
    examine.phase = Phase::Examine;
    examine.recon.clear();
    let d = Decision::Examine { counters: vec![0, 1] };
    assert_eq!(apply(&setup, &examine, &d, &[]), Err(RuleError::NothingToExamine));
    examine.recon.push(Recon { target: None, examined: vec![] });
    assert_eq!(apply(&setup, &examine, &d, &[]), Err(RuleError::NothingToExamine));

    ok(&mut c, Decision::RollEvent, &[1]);
    let mut release = c.state().clone();
    release.orders = None;
    release.units[0].place = Place::CorpsReserve;
    let d = Decision::Release {
        unit: unit(0, 0),
        division: 0,
        frontage: field_desk::systems::rapier_offensive::grid::Frontage::new(1, 1),
    };
    assert_eq!(apply(&setup, &release, &d, &[]), Err(RuleError::OrdersNotIssued));

    let mut combat = c.state().clone();
    combat.phase = Phase::GroundCombat;
    combat.combat = None;
    assert_eq!(apply(&setup, &combat, &Decision::CombatRoll, &[]), Err(RuleError::NoCombat));
    let d = Decision::AllocateLosses { losses: vec![] };
    assert_eq!(apply(&setup, &combat, &d, &[]), Err(RuleError::NoCombat));
}
