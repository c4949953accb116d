//! The boxes of the Rapier Offensive checklist (`docs/rapier-checklist.md`) that the other
//! suites reached without a test able to fail on them: the break-through division left to the
//! Corps Commander, frontages, the TRPs, on-call fire on friends and its limit for the game,
//! a face-down battery turned up to fire and any counter as a support target, undefended
//! fortifications, the defending HQ never replaced, wire crushed by armour, and victory
//! counted by membership at the end, the random event read from the game's own table, and
//! the defender's order of battle known to every seat (a reading).

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{DiceSpec, Die, System};
use field_desk::systems::rapier_offensive::grid::{Frontage, Sector};
use field_desk::systems::rapier_offensive::rules;
use field_desk::systems::rapier_offensive::sample::sample_setup;
use field_desk::systems::rapier_offensive::seats::{CORPS_COMMANDER, UMPIRE};
use field_desk::systems::rapier_offensive::state::{CounterPlace, Place, State, Target};
use field_desk::systems::rapier_offensive::tables::{Event, Victory, DEFAULT_EVENTS, ON_CALL_FM};
use field_desk::systems::rapier_offensive::turn_end::{headless, judge};
use field_desk::systems::rapier_offensive::units::Piece;
use field_desk::systems::rapier_offensive::{Decision, Phase, RapierOffensive, RuleError};

#[path = "support/rapier.rs"]
mod rapier;
use rapier::*;

fn orders(break_through: Option<u8>, frontages: [Option<Frontage>; 3]) -> Decision {
    Decision::IssueOrders { break_through, corps_reserve: vec![], frontages, intentions: "Tanks up A2-A3".into() }
}

const FRONTS: [Option<Frontage>; 3] = [Frontage::new(1, 1), Frontage::new(2, 3), Frontage::new(4, 4)];

#[test]
fn a_break_through_division_left_open_must_be_named_and_a_frontage_must_be_axes_in_order() {
    let mut setup = sample_setup();
    setup.break_through = None;
    let mut c = to_orders(setup, |_| {});
    assert_eq!(refused(&mut c, orders(None, FRONTS), &[]), RuleError::BreakThroughMissing);
    let backwards = [Frontage::new(1, 1), Some(Frontage { first: 3, last: 2 }), Frontage::new(4, 4)];
    assert_eq!(refused(&mut c, orders(Some(1), backwards), &[]), RuleError::BadFrontage);
    let off = [Frontage::new(1, 1), Some(Frontage { first: 2, last: 5 }), None];
    assert_eq!(refused(&mut c, orders(Some(1), off), &[]), RuleError::BadFrontage);
    ok(&mut c, orders(Some(2), FRONTS), &[]);
    let o = c.state().orders.clone().expect("the orders are kept");
    assert_eq!((o.break_through, o.intentions.as_str()), (2, "Tanks up A2-A3"));
    // The orders are the command post's: the umpire's view holds none.
    assert!(c.view(Some(UMPIRE)).orders.is_none());
    assert!(c.view(Some(CORPS_COMMANDER)).orders.is_some());
}

#[test]
fn the_four_trps_are_four_different_sectors() {
    let mut c = to_trps(sample_setup(), |_| {});
    assert_eq!(c.state().phase, Phase::FirePlan);
    let twice = Decision::PlotTrps { sectors: [s(1, 3), s(2, 3), s(1, 3), s(4, 2)] };
    assert_eq!(refused(&mut c, twice, &[]), RuleError::TrpTwice(s(1, 3)));
    ok(&mut c, Decision::PlotTrps { sectors: [s(1, 3), s(2, 3), s(3, 4), s(4, 2)] }, &[]);
}

/// TRPs `trps`, no bombardment, turn 1 with no event and nobody moving: on-call fire.
fn on_call(trps: [Sector; 4]) -> C {
    let mut c = to_trps(sample_setup(), |_| {});
    ok(&mut c, Decision::PlotTrps { sectors: trps }, &[]);
    ok(&mut c, Decision::EndBombardment, &[]);
    ok(&mut c, Decision::RollEvent, &[1]);
    ok(&mut c, Decision::EndMovement, &[]);
    ok(&mut c, Decision::EndDefenderMovement, &[]);
    assert_eq!(c.state().phase, Phase::OnCallBombardment);
    c
}

#[test]
fn on_call_fire_hits_the_attackers_own_units_in_the_trp() {
    let mut c = on_call([s(1, 1), s(2, 3), s(3, 4), s(4, 2)]);
    // The rifle division's first six stand on A1 L1, the TRP: a die for each of them.
    assert_eq!(c.state().attackers_in(s(1, 1)), 6);
    let call = Decision::CallFire { sector: s(1, 1) };
    assert_eq!(c.dice_for(&call).unwrap().count, 6);
    ok(&mut c, call, &[1, 6, 1, 6, 1, 1]);
    assert_eq!(c.state().attackers_in(s(1, 1)), 4);
    assert_eq!((place(&c, unit(0, 1)), place(&c, unit(0, 3))), (Place::Killed, Place::Killed));
    assert_eq!(place(&c, unit(0, 0)), Place::On(s(1, 1)));
}

#[test]
fn eight_on_call_missions_last_the_whole_game() {
    let mut c = on_call([s(1, 3), s(2, 3), s(3, 4), s(4, 2)]);
    let call = |x| Decision::CallFire { sector: x };
    let misses = |c: &C, x| vec![1; c.dice_for(&call(x)).unwrap().count as usize];
    for turn in 1..=3u8 {
        for x in [s(1, 3), s(1, 3), s(2, 3), s(2, 3)] {
            let dice = misses(&c, x);
            if c.state().on_call.len() == ON_CALL_FM as usize {
                assert_eq!(turn, 3, "four a turn: the eight are spent after two turns");
                assert_eq!(refused(&mut c, call(x), &dice), RuleError::NoFireMissionsLeft);
                return;
            }
            ok(&mut c, call(x), &dice);
        }
        for d in [Decision::EndOnCall, Decision::EndSupport, Decision::EndSupport, Decision::ClearMinefields] {
            ok(&mut c, d, &[]);
        }
        ok(&mut c, Decision::EndTurn, &[]);
        ok(&mut c, Decision::RollEvent, &[1]);
        ok(&mut c, Decision::EndMovement, &[]);
        ok(&mut c, Decision::EndDefenderMovement, &[]);
    }
    panic!("the ninth mission was never refused");
}

/// Puts a piece `p` into `to` (unless one is there), trading places with a piece there not in `keep`.
fn bring(counters: &mut [(Piece, Sector)], p: Piece, to: Sector, keep: &[Piece]) {
    if counters.iter().any(|c| c.0 == p && c.1 == to) {
        return;
    }
    let k = counters.iter().position(|c| c.0 == p).unwrap();
    let j = counters.iter().position(|c| c.1 == to && !keep.contains(&c.0)).unwrap();
    counters[j].1 = counters[k].1;
    counters[k].1 = to;
}

fn counter_in(st: &State, p: Piece, x: Sector) -> u16 {
    st.counters.iter().find(|c| c.piece == Some(p) && c.place == CounterPlace::On(x)).unwrap().id
}

#[test]
fn a_face_down_battery_turns_up_to_fire_and_any_counter_is_a_support_target() {
    // The defender's mortars (unit 12), a fortification and a dummy on A1 L2.
    let keep = [Piece::Unit(12), Piece::Fortification, Piece::Dummy];
    let mut c = to_battle_with(sample_setup(), |cs| {
        for p in keep {
            bring(cs, p, s(1, 2), &keep);
        }
    });
    for d in [Decision::EndMovement, Decision::EndDefenderMovement, Decision::EndOnCall] {
        if d == Decision::EndMovement {
            ok(&mut c, Decision::RollEvent, &[1]);
        }
        ok(&mut c, d, &[]);
    }
    assert_eq!(c.state().phase, Phase::DefenderSupport);
    let mortars = counter_of(&c, 12);
    assert!(!c.state().counters[mortars as usize].revealed);
    assert!(c.view(Some(CORPS_COMMANDER)).counters[mortars as usize].piece.is_none());
    let fire = |b, t| Decision::SupportFire { battery: b, target: t, extra_ammo: false };
    ok(&mut c, fire(Target::Counter(mortars), Target::Unit(unit(0, 1))), &[6]);
    assert_eq!(place(&c, unit(0, 1)), Place::Killed);
    let m = &c.state().counters[mortars as usize];
    assert!(m.revealed && m.fired && m.revealed_turn == 1, "turned up by firing: {m:?}");
    assert_eq!(c.view(Some(CORPS_COMMANDER)).counters[mortars as usize].piece, Some(Piece::Unit(12)));
    assert_eq!(
        refused(&mut c, fire(Target::Counter(mortars), Target::Unit(unit(0, 2))), &[6]),
        RuleError::AlreadyFired(Target::Counter(mortars))
    );
    ok(&mut c, Decision::EndSupport, &[]);

    // The attackers' mortars, brought up to A1 L1 in place of a rifle battalion, fire at the
    // fortification and at the dummy: both are lawful targets and a 6 removes them.
    let mut st = c.state().clone();
    let k = st.index_of(unit(0, 5)).unwrap();
    st.units[k].place = Place::DivisionReserve;
    let k = st.index_of(unit(0, 13)).unwrap();
    st.units[k].place = Place::On(s(1, 1));
    let ours = Target::Unit(unit(0, 13));
    for p in [Piece::Fortification, Piece::Dummy] {
        let id = counter_in(&st, p, s(1, 2));
        let after = rules::apply(c.setup(), &st, &fire(ours, Target::Counter(id)), &[6]).unwrap();
        assert_eq!(after.counters[id as usize].place, CounterPlace::Gone, "{p:?}");
    }
}

/// Turn 1's attacker movement with A2 L2 holding only `p` (turned up or not) and A2 L3 empty.
fn through(c: &C, p: Piece, revealed: bool) -> State {
    let mut st = c.state().clone();
    let mut first = true;
    for x in st.counters.iter_mut() {
        if x.place == CounterPlace::On(s(2, 2)) && first {
            x.piece = Some(p);
            x.revealed = revealed;
            first = false;
        } else if matches!(x.place, CounterPlace::On(y) if y == s(2, 2) || y == s(2, 3)) {
            x.place = CounterPlace::Gone;
        }
    }
    st
}

#[test]
fn an_undefended_fortification_does_not_stop_a_move_but_anything_else_does() {
    let setup = sample_setup();
    let mut c = to_battle(setup.clone());
    ok(&mut c, Decision::RollEvent, &[1]);
    assert_eq!(c.state().phase, Phase::AttackerMovement);
    // 1/19th Tank Bde (tank corps unit 2) on A2 L1: A2 L2 and on to the empty A2 L3.
    let tanks = unit(1, 2);
    assert_eq!(place(&c, tanks), Place::On(s(2, 1)));
    let go = Decision::Move { unit: tanks, path: vec![s(2, 2), s(2, 3)], exit: false };
    let after = rules::apply(&setup, &through(&c, Piece::Fortification, true), &go, &[]).unwrap();
    assert_eq!(after.units[after.index_of(tanks).unwrap()].place, Place::On(s(2, 3)));
    for (p, up) in
        [(Piece::Fortification, false), (Piece::Dummy, false), (Piece::Minefield, true), (Piece::Unit(1), true)]
    {
        let st = through(&c, p, up);
        assert_eq!(rules::apply(&setup, &st, &go, &[]), Err(RuleError::PassesThroughEnemy(s(2, 2))), "{p:?} {up}");
    }
}

#[test]
fn the_defending_hq_is_never_replaced_and_its_loss_cuts_the_movers_to_1d3() {
    let setup = sample_setup();
    let mut c = to_battle(setup.clone());
    ok(&mut c, Decision::RollEvent, &[1]);
    ok(&mut c, Decision::EndMovement, &[]);
    assert_eq!(c.state().phase, Phase::DefenderMovement);
    let movers = Decision::RollDefenderMovers;
    assert_eq!(rules::dice(&setup, c.state(), &movers), Some(DiceSpec::one(Die::D6)));
    let mut st = c.state().clone();
    let hq = counter_of(&c, 0);
    st.counters[hq as usize].place = CounterPlace::Gone;
    assert!(st.defender_hq_lost(&setup));
    assert_eq!(rules::dice(&setup, &st, &movers), Some(DiceSpec::one(Die::D3)));
    // No step asks anyone to replace it: only attacking divisions are headless.
    assert_eq!(headless(&setup, &st), Vec::<u8>::new());
}

#[test]
fn armour_entering_wire_crushes_it_and_infantry_does_not() {
    let mut setup = sample_setup();
    setup.options.fortification_variations = true;
    setup.extras.wire = 1;
    let mut c = to_battle(setup.clone());
    ok(&mut c, Decision::RollEvent, &[1]);
    let st = through(&c, Piece::Wire, false);
    let wire = counter_in(&st, Piece::Wire, s(2, 2));
    let tanks = Decision::Move { unit: unit(1, 2), path: vec![s(2, 2)], exit: false };
    let after = rules::apply(&setup, &st, &tanks, &[]).unwrap();
    assert_eq!(after.counters[wire as usize].place, CounterPlace::Gone, "crushed");
    // The same wire against the rifle division's infantry on A1 stays.
    let mut st = st;
    let w = &mut st.counters[wire as usize];
    w.place = CounterPlace::On(s(1, 2));
    for x in st.counters.iter_mut().filter(|x| x.place == CounterPlace::On(s(1, 2)) && x.id != wire) {
        x.place = CounterPlace::Gone;
    }
    let rifles = Decision::Move { unit: unit(0, 1), path: vec![s(1, 2)], exit: false };
    let after = rules::apply(&setup, &st, &rifles, &[]).unwrap();
    assert_eq!(after.counters[wire as usize].place, CounterPlace::On(s(1, 2)));
}

#[test]
fn victory_counts_the_break_through_division_by_membership_at_the_end_losses_included() {
    let setup = sample_setup();
    let c = to_battle(setup.clone());
    let mut st = c.state().clone();
    let tanks: Vec<usize> = (0..st.units.len()).filter(|&k| st.units[k].division == Some(1)).collect();
    assert_eq!(tanks.len(), 17);
    for (n, &k) in tanks.iter().enumerate() {
        st.units[k].place = if n < 3 { Place::Killed } else { Place::Exited };
    }
    // 14 of 17 (82%): a minor victory.
    assert_eq!((judge(&setup, &st).victory, judge(&setup, &st).total), (Victory::Minor, 17));
    // Three rifle battalions released to the tank corps also leave: 17 of 20 is exactly 85%.
    for u in 6..9 {
        let k = st.index_of(unit(0, u)).unwrap();
        st.units[k].division = Some(1);
        st.units[k].place = Place::Exited;
    }
    let r = judge(&setup, &st);
    assert_eq!((r.victory, r.exited, r.total), (Victory::Major, 17, 20));
}

#[test]
fn lawful_losses_take_one_unit_a_die_assault_troops_first_and_keep_anti_tank_dice_off_infantry() {
    use field_desk::systems::rapier_offensive::combat::{choices, marks, Mark, Reach, Side};
    use field_desk::systems::rapier_offensive::units::{ArmourKind, InfantryArm, Mobility, UnitKind};
    let mark = |n: u16, kind, first| Mark { target: Target::Unit(unit(0, n)), kind, kill: 6, first };
    let smg = UnitKind::Infantry { arm: InfantryArm::Smg, mobility: Mobility::Foot };
    let engineers = UnitKind::Infantry { arm: InfantryArm::Engineer, mobility: Mobility::Foot };
    let tanks = UnitKind::Armour(ArmourKind::Tanks);
    let rifles_and_smg = [mark(0, UnitKind::RIFLES, false), mark(1, smg, true)];
    // One kill: the assault troops that rolled two dice take it.
    assert_eq!(choices(&[(6, Reach::Any)], &rifles_and_smg), vec![0b10]);
    // Two kills: one each, never two on one unit.
    assert_eq!(choices(&[(6, Reach::Any), (6, Reach::Any)], &rifles_and_smg), vec![0b11]);
    // A 5 kills nobody.
    assert_eq!(choices(&[(5, Reach::Any)], &rifles_and_smg), vec![0]);
    // Anti-tank dice pass over infantry; minefield dice over engineers.
    let rifles_and_tanks = [mark(0, UnitKind::RIFLES, false), mark(1, tanks, false)];
    assert_eq!(choices(&[(6, Reach::NotInfantry)], &rifles_and_tanks), vec![0b10]);
    assert_eq!(choices(&[(6, Reach::NotEngineers)], &[mark(0, engineers, false)]), vec![0]);
    // Where the rules leave a choice, every lawful set is offered for the umpire to name.
    let two_rifles = [mark(0, UnitKind::RIFLES, false), mark(1, UnitKind::RIFLES, false)];
    assert_eq!(choices(&[(6, Reach::Any)], &two_rifles), vec![0b01, 0b10]);

    // Fortifications and minefields are never among the losses a sector can take.
    let setup = sample_setup();
    let keep = [Piece::Unit(0), Piece::Fortification, Piece::Minefield];
    let mut c = to_battle_with(setup.clone(), |cs| {
        for p in keep {
            bring(cs, p, s(1, 2), &keep);
        }
    });
    ok(&mut c, Decision::RollEvent, &[1]);
    ok(&mut c, Decision::Move { unit: unit(0, 1), path: vec![s(1, 2)], exit: false }, &[]);
    let st = c.state();
    assert!(st.counters_in(s(1, 2)).any(|x| x.piece == Some(Piece::Fortification)));
    assert!(st.counters_in(s(1, 2)).any(|x| x.piece == Some(Piece::Minefield)));
    let losses = marks(&setup, st, s(1, 2), Side::Defender);
    assert!(!losses.is_empty());
    for m in losses {
        let Target::Counter(id) = m.target else { panic!("a defender's loss is a counter") };
        assert!(matches!(st.counters[id as usize].piece, Some(Piece::Unit(_))), "{m:?}");
    }
}

#[test]
fn halting_lets_a_vehicle_step_sideways_round_an_impassable_sector_in_its_frontage() {
    use field_desk::systems::rapier_offensive::optional::Terrain;
    use field_desk::systems::rapier_offensive::terrain::SectorGround;
    let mut setup = sample_setup();
    setup.options.halting = true;
    let plain = setup.clone();
    setup.terrain.push(SectorGround { sector: s(2, 2), ground: Terrain::CanalOrRiver, road: false, impassable: true });
    let side = |u| Decision::Move { unit: unit(1, u), path: vec![s(3, 1)], exit: false };
    let mut c = to_battle(setup);
    ok(&mut c, Decision::RollEvent, &[1]);
    // The tank corps (A2-A3): its HQ on A2 L1 is no vehicle and keeps to its axis.
    assert_eq!(refused(&mut c, side(0), &[]), RuleError::OffAxis { unit: unit(1, 0), axis: 2 });
    // 1/19th Tank Bde cannot cross the river ahead: it steps to A3 L1.
    ok(&mut c, side(2), &[]);
    assert_eq!(place(&c, unit(1, 2)), Place::On(s(3, 1)));
    // Without the river it keeps to its axis too.
    let mut c = to_battle(plain);
    ok(&mut c, Decision::RollEvent, &[1]);
    assert_eq!(refused(&mut c, side(2), &[]), RuleError::OffAxis { unit: unit(1, 2), axis: 2 });
}

#[test]
fn halting_refuses_a_move_through_difficult_ground_unless_a_road_runs_through() {
    use field_desk::systems::rapier_offensive::optional::Terrain;
    use field_desk::systems::rapier_offensive::terrain::SectorGround;
    let mut setup = sample_setup();
    setup.options.halting = true;
    setup.terrain.push(SectorGround { sector: s(2, 2), ground: Terrain::Woods, road: false, impassable: false });
    let mut c = to_battle(setup.clone());
    ok(&mut c, Decision::RollEvent, &[1]);
    // A2 L2 (the woods) and A2 L3 emptied of counters.
    let mut st = through(&c, Piece::Dummy, false);
    let dummy = counter_in(&st, Piece::Dummy, s(2, 2));
    st.counters[dummy as usize].place = CounterPlace::Gone;
    let go = Decision::Move { unit: unit(1, 2), path: vec![s(2, 2), s(2, 3)], exit: false };
    assert_eq!(rules::apply(&setup, &st, &go, &[]), Err(RuleError::Halted(s(2, 2))));
    let stop = Decision::Move { unit: unit(1, 2), path: vec![s(2, 2)], exit: false };
    assert!(rules::apply(&setup, &st, &stop, &[]).is_ok(), "a move may end in the woods");
    let mut road = setup.clone();
    road.terrain[0].road = true;
    assert!(rules::apply(&road, &st, &go, &[]).is_ok(), "a road runs through");
}

#[test]
fn the_random_event_is_read_from_this_games_table_not_the_default() {
    // A scenario's own table: every face differs from the default's.
    let mut setup = sample_setup();
    let edited = [
        Event::ExtraAmmo,
        Event::ThickFog,
        Event::NoEffect,
        Event::NoEffect,
        Event::AttackerAirStrike,
        Event::ThickFog,
    ];
    assert!(edited.iter().zip(DEFAULT_EVENTS).all(|(a, b)| *a != b));
    setup.events = edited;
    let mut c = to_battle(setup);
    // The odds before the roll come from the same table.
    let p = c.preview(&Decision::RollEvent).unwrap();
    let fog = p.odds.iter().find(|(l, _)| l == "Thick fog").unwrap().1;
    assert_eq!(fog.as_f64(), 2.0 / 6.0);
    ok(&mut c, Decision::RollEvent, &[1]);
    assert_eq!((c.state().event, c.state().fog), (Some(Event::ExtraAmmo), false));
    assert!(c.history().last().unwrap().text.contains("Attacker extra ammunition"));
    for d in [Decision::EndMovement, Decision::EndDefenderMovement, Decision::EndOnCall] {
        ok(&mut c, d, &[]);
    }
    ok(&mut c, Decision::EndSupport, &[]);
    ok(&mut c, Decision::EndSupport, &[]);
    ok(&mut c, Decision::ClearMinefields, &[]);
    ok(&mut c, Decision::EndTurn, &[]);
    // A 2 is thick fog here (no effect by default): the fog settles.
    ok(&mut c, Decision::RollEvent, &[2]);
    assert_eq!((c.state().event, c.state().fog), (Some(Event::ThickFog), true));
}

#[test]
fn every_seat_knows_the_defenders_order_of_battle_but_not_which_counter_is_which() {
    // A reading: the text hides the counters, not the list (checklist, hidden information).
    assert!(rules::READINGS.iter().any(|r| r.starts_with("The defending division's order of battle")));
    let c = to_battle(sample_setup());
    for seat in c.seats().into_iter().map(Some).chain([None]) {
        assert_eq!(RapierOffensive::view_setup(c.setup(), seat), *c.setup(), "{seat:?}");
        let v = c.view(seat);
        if seat != Some(UMPIRE) {
            assert!(v.counters.iter().all(|x| x.piece.is_none()), "{seat:?} knows a counter");
        }
    }
}
