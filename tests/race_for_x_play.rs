//! Race for X played through the engine (`Campaign<RaceForX>`) with dice typed in from the
//! table, over the built-in sample campaign (two 19-unit early-war Russian battalions).
//!
//! Sample orbat unit numbers: 0 Battalion HQ (BC, 45mm ATG), 1 HMG Platoon, 2 Mortar
//! Platoon, 3 1st Company HQ (CC, 50mm mortar), 4-6 1st-3rd Platoons, 7 2nd Company HQ,
//! 8-10 4th-6th Platoons, 11 3rd Company HQ, 12-14 7th-9th Platoons, 15-17 Tanks 1-3,
//! 18 ATG Company. A platoon is PC (stand 0) and three Rifles (stands 1-3).

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{Action, Campaign, DecideError, DiceError, DiceInput, HistoryKind};
use field_desk::systems::race_for_x::rules::{self, replacement_candidates};
use field_desk::systems::race_for_x::sample::sample_setup;
use field_desk::systems::race_for_x::tables::{BattleResult, BattleType, DefenceOption, ForceSize, OffensiveAction};
use field_desk::systems::race_for_x::{
    BattleOutcome, Decision, Outcome, Phase, Place, RaceForX, RuleError, Side, StandRef,
};

use OffensiveAction::{Attack, Regroup};

type Game = Campaign<RaceForX>;

fn new_game() -> Game {
    Campaign::new(sample_setup()).expect("the sample campaign starts")
}

fn typed(v: &[u16]) -> DiceInput<'static> {
    DiceInput::Typed(v.to_vec())
}

fn ok(c: &mut Game, d: Decision, dice: &[u16]) {
    if let Err(e) = c.decide(d.clone(), typed(dice)) {
        panic!("{d:?} with {dice:?} was refused: {e} (phase {:?})", c.state().phase);
    }
}

/// Plays an illegal decision: it must be refused with `want` and change nothing.
fn refused(c: &mut Game, d: Decision, dice: &[u16], want: DecideError<RuleError>) {
    let before = c.state().clone();
    let journal = c.journal().len();
    assert_eq!(c.decide(d.clone(), typed(dice)), Err(want.clone()), "{d:?}");
    assert_eq!(c.check(&d, dice).err(), Some(want), "check agrees for {d:?}");
    assert_eq!(c.state(), &before, "a refused decision changes nothing");
    assert_eq!(c.journal().len(), journal, "a refused decision is not journalled");
}

fn rule(e: RuleError) -> DecideError<RuleError> {
    DecideError::Rules(e)
}

fn s(unit: u16, stand: u8) -> StandRef {
    StandRef { unit, stand }
}

fn choose(c: &mut Game, a: OffensiveAction, b: OffensiveAction) {
    ok(c, Decision::ChooseAction { side: Side::A, action: a }, &[]);
    ok(c, Decision::ChooseAction { side: Side::B, action: b }, &[]);
}

fn outcome(objectives: u8, exited: u16, killed: &[StandRef]) -> BattleOutcome {
    BattleOutcome { objectives, exited, killed: killed.to_vec() }
}

/// The text's example forces: 5, 7 or 9 units.
fn example_force(n: usize) -> Vec<u16> {
    match n {
        // Rifle company (HQ + 3 platoons) + HMG unit.
        5 => vec![3, 4, 5, 6, 1],
        // Rifle company + HMG + ATG + tank.
        7 => vec![3, 4, 5, 6, 1, 18, 15],
        // Two companies + battalion HQ.
        9 => vec![3, 4, 5, 6, 7, 8, 9, 10, 0],
        _ => panic!("no example force of {n} units"),
    }
}

fn battle(c: &Game) -> &field_desk::systems::race_for_x::Battle {
    c.state().current.as_ref().expect("a part of the turn is under way")
}

/// One attacking part with a battle, from the type-of-battle roll to the end of recovery.
/// Fields the text's example force of the size allowed; recovers with `recovery` dice.
fn fight(c: &mut Game, type_die: u16, result: &BattleOutcome, result_die: u16, recovery: &[u16]) {
    assert_eq!(c.state().phase, Phase::TypeOfBattle);
    ok(c, Decision::RollBattleType, &[type_die]);
    let n = battle(c).units_allowed;
    ok(c, Decision::FieldForces { units: example_force(n) }, &[]);
    ok(c, Decision::RollDefence, &[3]);
    ok(c, Decision::RecordOutcome(result.clone()), &[]);
    ok(c, Decision::RollBattleResult, &[result_die]);
    ok(c, Decision::ConfirmMovement, &[]);
    assert_eq!(c.state().phase, Phase::Recovery, "no commanders to replace");
    ok(c, Decision::RollRecovery, recovery);
}

/// VP 212 (+3): with a 6 an Attack advances 2, with 1-5 it advances 1.
fn big_win() -> BattleOutcome {
    outcome(2, 3, &[])
}
/// VP -35 (0): 1-3 no advance.
fn stalemate() -> BattleOutcome {
    outcome(1, 0, &[])
}

fn place(c: &Game, side: Side) -> Place {
    c.state().player(side).place
}

// ---------------------------------------------------------------------------------------
// Deployment rule
// ---------------------------------------------------------------------------------------

fn to_field_forces(action_a: OffensiveAction) -> Game {
    let mut c = new_game();
    choose(&mut c, action_a, Attack);
    ok(&mut c, Decision::RollBattleType, &[1]); // Counter-attack under either action
    assert_eq!(c.state().phase, Phase::FieldForces);
    c
}

#[test]
fn cc_forced_when_two_of_three_platoons_fielded() {
    let mut c = to_field_forces(Attack);
    assert_eq!(battle(&c).units_allowed, 9);
    let without_cc = vec![4, 5, 1, 2, 15, 16, 17, 18, 8];
    refused(
        &mut c,
        Decision::FieldForces { units: without_cc },
        &[],
        rule(RuleError::CommanderRequired { hq: "1st Company HQ".into() }),
    );
    let orbat = &c.setup().players[0].orbat;
    let p = c.state().player(Side::A);
    assert_eq!(rules::required_hqs(orbat, p, &[4, 5]), vec![3]);
    assert_eq!(rules::required_hqs(orbat, p, &[4, 5, 6]), vec![3]);
    // One platoon of three does not force its CC.
    assert_eq!(rules::required_hqs(orbat, p, &[4, 8, 12]), Vec::<u16>::new());
    ok(&mut c, Decision::FieldForces { units: vec![3, 4, 5, 1, 2, 15, 16, 17, 18] }, &[]);
    assert_eq!(c.state().phase, Phase::DefenceRoll);
    assert_eq!(battle(&c).fielded, vec![1, 2, 3, 4, 5, 15, 16, 17, 18]);
}

#[test]
fn bc_forced_when_two_of_three_companies_fielded() {
    let mut c = to_field_forces(Attack);
    let two_companies = vec![3, 4, 5, 6, 7, 8, 9, 10, 1];
    refused(
        &mut c,
        Decision::FieldForces { units: two_companies },
        &[],
        rule(RuleError::CommanderRequired { hq: "Battalion HQ".into() }),
    );
    let orbat = &c.setup().players[0].orbat;
    let p = c.state().player(Side::A);
    assert_eq!(rules::required_hqs(orbat, p, &[3, 4, 5, 6, 7, 8, 9, 10]), vec![0, 3, 7]);
    // The text's 9-unit example: two companies and the battalion HQ.
    ok(&mut c, Decision::FieldForces { units: example_force(9) }, &[]);
}

#[test]
fn bc_not_forced_with_one_company_and_the_hmg_unit() {
    let mut c = to_field_forces(Attack);
    let orbat = &c.setup().players[0].orbat;
    let p = c.state().player(Side::A);
    assert_eq!(rules::required_hqs(orbat, p, &example_force(5)), vec![3]);
    assert_eq!(rules::required_hqs(orbat, p, &[3, 4, 5, 6, 1, 2]), vec![3], "heavy weapons are no rifle company");
    // One company plus the heavy weapons and the tanks: 9 units, no battalion HQ needed.
    ok(&mut c, Decision::FieldForces { units: vec![3, 4, 5, 6, 1, 2, 15, 16, 17] }, &[]);
}

#[test]
fn a_commander_with_no_stands_left_is_not_forced() {
    let mut c = to_field_forces(Attack);
    let orbat = c.setup().players[0].orbat.clone();
    let mut p = c.state().player(Side::A).clone();
    p.lost[3] = vec![true, true];
    assert_eq!(rules::required_hqs(&orbat, &p, &[4, 5, 6]), Vec::<u16>::new());
    refused(
        &mut c,
        Decision::FieldForces { units: vec![4, 5, 6, 1, 2, 15, 16, 17, 18] },
        &[],
        rule(RuleError::CommanderRequired { hq: "1st Company HQ".into() }),
    );
}

#[test]
fn the_texts_example_forces_of_5_7_and_9_units() {
    // Turn 1: Anna advances 1 (7 units next turn), Boris advances 2 (5 units next turn).
    let mut c = new_game();
    choose(&mut c, Attack, Attack);
    fight(&mut c, 3, &big_win(), 1, &[]); // 9 units, +3: 4 -> Advance 1
    assert_eq!(place(&c, Side::A), Place::zone(2));
    fight(&mut c, 3, &big_win(), 6, &[]); // 9 -> Advance 2
    assert_eq!(place(&c, Side::B), Place::zone(3));
    assert_eq!(c.state().battles[0].fielded, {
        let mut v = example_force(9);
        v.sort();
        v
    });

    choose(&mut c, Attack, Attack);
    // Anna: +1 for the zone advanced; 40% of 19 = 7.
    ok(&mut c, Decision::RollBattleType, &[2]);
    assert_eq!(battle(&c).type_roll, Some((2, 3)));
    assert_eq!(battle(&c).battle, Some(BattleType::PreparedDefence));
    assert_eq!(battle(&c).units_allowed, 7);
    refused(
        &mut c,
        Decision::FieldForces { units: example_force(9) },
        &[],
        rule(RuleError::WrongUnitCount { expected: 7, got: 9 }),
    );
    refused(
        &mut c,
        Decision::FieldForces { units: example_force(5) },
        &[],
        rule(RuleError::WrongUnitCount { expected: 7, got: 5 }),
    );
    ok(&mut c, Decision::FieldForces { units: example_force(7) }, &[]);
    ok(&mut c, Decision::RollDefence, &[4]);
    assert_eq!(battle(&c).defence, Some((ForceSize::S2, DefenceOption::B)));
    ok(&mut c, Decision::RecordOutcome(stalemate()), &[]);
    ok(&mut c, Decision::RollBattleResult, &[3]);
    ok(&mut c, Decision::ConfirmMovement, &[]);
    ok(&mut c, Decision::RollRecovery, &[]);
    // Boris: +2 for two zones; 30% of 19 = 5.
    ok(&mut c, Decision::RollBattleType, &[6]);
    assert_eq!(battle(&c).type_roll, Some((6, 8)));
    assert_eq!(battle(&c).battle, Some(BattleType::MeetingEngagement));
    assert_eq!(battle(&c).units_allowed, 5);
    refused(
        &mut c,
        Decision::FieldForces { units: vec![4, 5, 6, 1, 2] },
        &[],
        rule(RuleError::CommanderRequired { hq: "1st Company HQ".into() }),
    );
    ok(&mut c, Decision::FieldForces { units: example_force(5) }, &[]);
}

// ---------------------------------------------------------------------------------------
// Commander replacement
// ---------------------------------------------------------------------------------------

/// Anna attacks with the 9-unit force and loses `killed`; stops before the replacements.
fn after_losses(killed: &[StandRef], result_die: u16) -> Game {
    let mut c = new_game();
    choose(&mut c, Attack, Attack);
    ok(&mut c, Decision::RollBattleType, &[3]);
    ok(&mut c, Decision::FieldForces { units: example_force(9) }, &[]);
    ok(&mut c, Decision::RollDefence, &[1]);
    ok(&mut c, Decision::RecordOutcome(outcome(1, 0, killed)), &[]);
    ok(&mut c, Decision::RollBattleResult, &[result_die]);
    ok(&mut c, Decision::ConfirmMovement, &[]);
    c
}

#[test]
fn killed_pc_is_replaced_by_a_rifle_of_its_own_platoon() {
    let pc = s(4, 0);
    let mut c = after_losses(&[pc], 4);
    assert_eq!(c.state().phase, Phase::ReplaceCommanders);
    let orbat = c.setup().players[0].orbat.clone();
    assert_eq!(rules::pending_commanders(&orbat, c.state().player(Side::A)), vec![pc]);
    let (candidates, subordinate) = replacement_candidates(&orbat, c.state().player(Side::A), pc);
    assert!(subordinate);
    assert_eq!(candidates, vec![s(4, 1), s(4, 2), s(4, 3)]);
    // A rifle of another platoon, while the PC's own rifles are alive: refused.
    refused(
        &mut c,
        Decision::ReplaceCommander { commander: pc, replacement: s(5, 1) },
        &[],
        rule(RuleError::SubordinateAvailable { commander: "PC (1st Platoon)".into() }),
    );
    // A tank never replaces a commander.
    refused(
        &mut c,
        Decision::ReplaceCommander { commander: pc, replacement: s(15, 0) },
        &[],
        rule(RuleError::NotAReplacement("T-26 (Tank 1)".into())),
    );
    // A stand that is no killed commander.
    refused(
        &mut c,
        Decision::ReplaceCommander { commander: s(5, 0), replacement: s(5, 1) },
        &[],
        rule(RuleError::NotPending("PC (2nd Platoon)".into())),
    );
    refused(&mut c, Decision::RollRecovery, &[6], rule(RuleError::NotNow { phase: Phase::ReplaceCommanders }));
    ok(&mut c, Decision::ReplaceCommander { commander: pc, replacement: s(4, 2) }, &[]);
    let p = c.state().player(Side::A);
    assert!(!p.is_lost(pc), "the PC is back in command");
    assert!(p.is_lost(s(4, 2)), "the rifle that stepped in is lost");
    assert_eq!(p.lost_count(), 1);
    assert_eq!(battle(&c).replacements, vec![(pc, Some(s(4, 2)))]);
    assert_eq!(c.state().phase, Phase::Recovery);
    // The lost rifle can be recovered: Advance 1 under Attack, 5+.
    assert_eq!(battle(&c).recovery_target, Some(5));
    ok(&mut c, Decision::RollRecovery, &[5]);
    assert_eq!(c.state().player(Side::A).lost_count(), 0);
}

#[test]
fn subordinate_required_while_one_is_alive() {
    let pc = s(4, 0);
    let mut c = after_losses(&[pc, s(4, 1), s(4, 2)], 4);
    let orbat = c.setup().players[0].orbat.clone();
    let (candidates, subordinate) = replacement_candidates(&orbat, c.state().player(Side::A), pc);
    assert_eq!((candidates, subordinate), (vec![s(4, 3)], true));
    refused(
        &mut c,
        Decision::ReplaceCommander { commander: pc, replacement: s(1, 0) },
        &[],
        rule(RuleError::SubordinateAvailable { commander: "PC (1st Platoon)".into() }),
    );
    // A killed rifle cannot step in.
    refused(
        &mut c,
        Decision::ReplaceCommander { commander: pc, replacement: s(4, 1) },
        &[],
        rule(RuleError::NotAReplacement("Rifle (1st Platoon)".into())),
    );
    ok(&mut c, Decision::ReplaceCommander { commander: pc, replacement: s(4, 3) }, &[]);
    assert_eq!(c.state().player(Side::A).lost_count(), 3);
}

#[test]
fn any_squad_or_crew_served_weapon_when_no_subordinate_is_left() {
    let pc = s(4, 0);
    let mut c = after_losses(&[pc, s(4, 1), s(4, 2), s(4, 3)], 4);
    let orbat = c.setup().players[0].orbat.clone();
    let (candidates, subordinate) = replacement_candidates(&orbat, c.state().player(Side::A), pc);
    assert!(!subordinate);
    assert!(candidates.contains(&s(1, 0)), "an HMG");
    assert!(candidates.contains(&s(8, 1)), "a rifle of another company");
    assert!(!candidates.contains(&s(15, 0)), "no tank");
    assert!(!candidates.contains(&s(5, 0)), "no other commander");
    assert!(!candidates.contains(&s(2, 0)), "no FO");
    refused(
        &mut c,
        Decision::ReplaceCommander { commander: pc, replacement: s(2, 0) },
        &[],
        rule(RuleError::NotAReplacement("FO 82mm mortars (Mortar Platoon)".into())),
    );
    ok(&mut c, Decision::ReplaceCommander { commander: pc, replacement: s(1, 0) }, &[]);
    let p = c.state().player(Side::A);
    assert!(!p.is_lost(pc) && p.is_lost(s(1, 0)));
    assert_eq!(p.lost_count(), 4);
}

#[test]
fn killed_cc_takes_a_stand_of_its_company_and_two_commanders_in_turn() {
    let cc = s(3, 0);
    let pc = s(8, 0);
    let mut c = after_losses(&[cc, s(3, 1), pc], 4);
    let orbat = c.setup().players[0].orbat.clone();
    assert_eq!(rules::pending_commanders(&orbat, c.state().player(Side::A)), vec![cc, pc]);
    let (candidates, subordinate) = replacement_candidates(&orbat, c.state().player(Side::A), cc);
    assert!(subordinate);
    assert!(candidates.contains(&s(4, 1)) && candidates.contains(&s(6, 3)), "rifles of its company");
    assert!(!candidates.contains(&s(8, 1)), "not of another company");
    refused(
        &mut c,
        Decision::ReplaceCommander { commander: cc, replacement: s(8, 1) },
        &[],
        rule(RuleError::SubordinateAvailable { commander: "CC (1st Company HQ)".into() }),
    );
    ok(&mut c, Decision::ReplaceCommander { commander: cc, replacement: s(6, 3) }, &[]);
    assert_eq!(c.state().phase, Phase::ReplaceCommanders, "the PC is still waiting");
    ok(&mut c, Decision::ReplaceCommander { commander: pc, replacement: s(8, 1) }, &[]);
    assert_eq!(c.state().phase, Phase::Recovery);
    let p = c.state().player(Side::A);
    assert_eq!(p.lost_refs(), vec![s(3, 1), s(6, 3), s(8, 1)]);
}

// ---------------------------------------------------------------------------------------
// Recovery, retreat and movement
// ---------------------------------------------------------------------------------------

#[test]
fn recovery_attack_no_advance_and_advance_1_need_5_plus() {
    let killed = [s(4, 1), s(5, 1), s(6, 1)];
    // One objective, three rifles lost: -35 - 72 = -107 VP, a -2 modifier: 5 - 2 = 3.
    let c = after_losses(&killed, 5);
    assert_eq!(battle(&c).vp, Some(-107));
    assert_eq!(battle(&c).result, Some(BattleResult::NoAdvance));
    assert_eq!(battle(&c).recovery_target, Some(5));

    let mut c2 = new_game();
    choose(&mut c2, Attack, Attack);
    ok(&mut c2, Decision::RollBattleType, &[3]);
    ok(&mut c2, Decision::FieldForces { units: example_force(9) }, &[]);
    ok(&mut c2, Decision::RollDefence, &[1]);
    ok(&mut c2, Decision::RecordOutcome(outcome(2, 0, &killed)), &[]); // 140 - 72 = 68: +1
    assert_eq!(battle(&c2).vp, Some(68));
    ok(&mut c2, Decision::RollBattleResult, &[3]); // 4: Advance 1
    assert_eq!(battle(&c2).result, Some(BattleResult::Advance1));
    ok(&mut c2, Decision::ConfirmMovement, &[]);
    assert_eq!(battle(&c2).recovery_target, Some(5));
    assert_eq!(c2.dice_for(&Decision::RollRecovery).map(|d| d.count), Some(3));
    refused(&mut c2, Decision::RollRecovery, &[4, 5], DecideError::Dice(DiceError::WrongCount { expected: 3, got: 2 }));
    ok(&mut c2, Decision::RollRecovery, &[4, 5, 6]);
    let b = c2.state().battles.last().unwrap();
    assert_eq!(b.recovered, vec![s(5, 1), s(6, 1)]);
    assert_eq!(c2.state().player(Side::A).lost_refs(), vec![s(4, 1)]);
}

#[test]
fn recovery_regroup_without_battle_needs_4_plus() {
    let mut c = after_losses(&[s(4, 1), s(5, 1)], 6); // -35 - 48 = -83: -1; 6 - 1 = 5: Advance 1
    ok(&mut c, Decision::RollRecovery, &[1, 1]);
    // Boris's part.
    fight(&mut c, 3, &stalemate(), 1, &[]);
    // Turn 2: Anna regroups; a 3 brings no battle; +1 for last turn's advance: 4.
    choose(&mut c, Regroup, Attack);
    ok(&mut c, Decision::RollBattleType, &[3]);
    assert_eq!(battle(&c).battle, None);
    assert_eq!(c.state().phase, Phase::Recovery, "no battle: straight to recovery");
    assert_eq!(battle(&c).recovery_target, Some(4));
    ok(&mut c, Decision::RollRecovery, &[3, 4]);
    assert_eq!(c.state().player(Side::A).lost_refs(), vec![s(4, 1)]);
    assert_eq!(place(&c, Side::A), Place::zone(2), "no battle, no movement");
    let b = c.state().battles.last().unwrap();
    assert_eq!(b.to, Some(Place::zone(2)));
    // Next turn after a Regroup: 50% again.
    fight(&mut c, 3, &stalemate(), 1, &[]);
    choose(&mut c, Attack, Attack);
    ok(&mut c, Decision::RollBattleType, &[3]);
    assert_eq!(battle(&c).units_allowed, 9);
}

#[test]
fn recovery_after_a_regroup_battle_with_no_advance_needs_4_plus() {
    let mut c = new_game();
    choose(&mut c, Regroup, Attack);
    ok(&mut c, Decision::RollBattleType, &[2]);
    assert_eq!(battle(&c).battle, Some(BattleType::CounterAttack));
    ok(&mut c, Decision::FieldForces { units: example_force(9) }, &[]);
    ok(&mut c, Decision::RollDefence, &[6]);
    ok(&mut c, Decision::RecordOutcome(outcome(2, 10, &[s(4, 1)])), &[]);
    ok(&mut c, Decision::RollBattleResult, &[6]); // +3 still never advances in a Regroup
    assert_eq!(battle(&c).result, Some(BattleResult::NoAdvance));
    ok(&mut c, Decision::ConfirmMovement, &[]);
    assert_eq!(battle(&c).recovery_target, Some(4));
}

#[test]
fn retreat_from_zone_1_stays_and_recovers_on_6() {
    let killed = [s(4, 1), s(4, 2), s(5, 1), s(5, 2), s(6, 1)];
    let mut c = new_game();
    choose(&mut c, Attack, Attack);
    ok(&mut c, Decision::RollBattleType, &[3]);
    ok(&mut c, Decision::FieldForces { units: example_force(9) }, &[]);
    ok(&mut c, Decision::RollDefence, &[1]);
    ok(&mut c, Decision::RecordOutcome(outcome(0, 0, &killed)), &[]);
    assert_eq!(battle(&c).vp, Some(-260));
    ok(&mut c, Decision::RollBattleResult, &[4]); // 4 - 4 = 0: Retreat
    assert_eq!(battle(&c).result, Some(BattleResult::Retreat1));
    assert_eq!(battle(&c).to, Some(Place::BASE));
    ok(&mut c, Decision::ConfirmMovement, &[]);
    assert_eq!(place(&c, Side::A), Place::BASE, "no retreat out of zone 1");
    assert_eq!(battle(&c).recovery_target, Some(6));
    ok(&mut c, Decision::RollRecovery, &[6, 5, 5, 6, 1]);
    assert_eq!(c.state().player(Side::A).lost_refs(), vec![s(4, 2), s(5, 1), s(6, 1)]);
    let last = c.state().player(Side::A).last.unwrap();
    assert_eq!(last.moved, 0);
}

#[test]
fn retreat_from_zone_2_moves_back_and_costs_1_next_turn() {
    let mut c = new_game();
    choose(&mut c, Attack, Attack);
    fight(&mut c, 3, &big_win(), 1, &[]); // Anna to zone 2
    fight(&mut c, 3, &stalemate(), 1, &[]);
    choose(&mut c, Attack, Attack);
    ok(&mut c, Decision::RollBattleType, &[3]);
    ok(&mut c, Decision::FieldForces { units: example_force(7) }, &[]);
    ok(&mut c, Decision::RollDefence, &[1]);
    ok(&mut c, Decision::RecordOutcome(outcome(0, 0, &[s(4, 1), s(4, 2), s(4, 3), s(5, 1), s(5, 2)])), &[]);
    ok(&mut c, Decision::RollBattleResult, &[1]);
    assert_eq!(battle(&c).to, Some(Place::BASE));
    ok(&mut c, Decision::ConfirmMovement, &[]);
    assert_eq!(place(&c, Side::A), Place::BASE);
    ok(&mut c, Decision::RollRecovery, &[1, 1, 1, 1, 1]);
    fight(&mut c, 3, &stalemate(), 1, &[]);
    choose(&mut c, Attack, Attack);
    ok(&mut c, Decision::RollBattleType, &[3]);
    assert_eq!(battle(&c).type_roll, Some((3, 2)), "-1 after a retreat");
    assert_eq!(battle(&c).battle, Some(BattleType::CounterAttack));
    assert_eq!(battle(&c).units_allowed, 9, "back in the base zone: 50%");
}

#[test]
fn recovery_after_advance_2_needs_6_and_never_exceeds_the_orbat() {
    let mut c = new_game();
    choose(&mut c, Attack, Attack);
    ok(&mut c, Decision::RollBattleType, &[3]);
    ok(&mut c, Decision::FieldForces { units: example_force(9) }, &[]);
    ok(&mut c, Decision::RollDefence, &[1]);
    ok(&mut c, Decision::RecordOutcome(outcome(2, 8, &[s(0, 1), s(4, 0)])), &[]); // 140 + 192 - 24 = 308
    ok(&mut c, Decision::RollBattleResult, &[6]);
    assert_eq!(battle(&c).result, Some(BattleResult::Advance2));
    ok(&mut c, Decision::ConfirmMovement, &[]);
    ok(&mut c, Decision::ReplaceCommander { commander: s(4, 0), replacement: s(4, 1) }, &[]);
    assert_eq!(battle(&c).recovery_target, Some(6));
    ok(&mut c, Decision::RollRecovery, &[6, 6]);
    let p = c.state().player(Side::A);
    assert_eq!(p.lost_count(), 0);
    let stands = c.setup().players[0].orbat.stand_count();
    assert_eq!(p.lost.iter().map(Vec::len).sum::<usize>(), stands, "the roster keeps its shape");
    assert_eq!(place(&c, Side::A), Place::zone(3));
    // No lost stands: the recovery roll takes no dice.
    fight(&mut c, 3, &stalemate(), 1, &[]);
    choose(&mut c, Attack, Attack);
    ok(&mut c, Decision::RollBattleType, &[3]);
    assert_eq!(battle(&c).units_allowed, 5);
}

#[test]
fn killed_stands_must_be_fielded_new_and_listed_once() {
    let mut c = new_game();
    choose(&mut c, Attack, Attack);
    ok(&mut c, Decision::RollBattleType, &[3]);
    ok(&mut c, Decision::FieldForces { units: example_force(9) }, &[]);
    ok(&mut c, Decision::RollDefence, &[1]);
    // The 9-unit force has 24 fighting stands (BC, ATG, 2 x (CC, mortar), 6 x 3 rifles).
    refused(
        &mut c,
        Decision::RecordOutcome(outcome(2, 24, &[s(4, 1)])),
        &[],
        rule(RuleError::TooManyExited { max: 23 }),
    );
    refused(&mut c, Decision::RecordOutcome(outcome(2, 25, &[])), &[], rule(RuleError::TooManyExited { max: 24 }));
    // Killed PCs are no fighting stands: they do not reduce the exits.
    refused(
        &mut c,
        Decision::RecordOutcome(outcome(2, 25, &[s(4, 0)])),
        &[],
        rule(RuleError::TooManyExited { max: 24 }),
    );
    refused(
        &mut c,
        Decision::RecordOutcome(outcome(1, 0, &[s(12, 1)])),
        &[],
        rule(RuleError::KilledNotFielded("Rifle (7th Platoon)".into())),
    );
    refused(
        &mut c,
        Decision::RecordOutcome(outcome(1, 0, &[s(4, 1), s(4, 1)])),
        &[],
        rule(RuleError::KilledTwice("Rifle (1st Platoon)".into())),
    );
    refused(&mut c, Decision::RecordOutcome(outcome(3, 0, &[])), &[], rule(RuleError::TooManyObjectives));
    refused(&mut c, Decision::RecordOutcome(outcome(1, 0, &[s(4, 9)])), &[], rule(RuleError::UnknownStand));
    ok(&mut c, Decision::RecordOutcome(outcome(2, 24, &[])), &[]);
    assert_eq!(battle(&c).vp, Some(140 + 24 * 24));
}

#[test]
fn a_stand_already_lost_cannot_be_killed_again() {
    let mut c = after_losses(&[s(4, 1)], 1);
    ok(&mut c, Decision::RollRecovery, &[1]);
    fight(&mut c, 3, &stalemate(), 1, &[]);
    choose(&mut c, Attack, Attack);
    ok(&mut c, Decision::RollBattleType, &[3]);
    ok(&mut c, Decision::FieldForces { units: example_force(9) }, &[]);
    ok(&mut c, Decision::RollDefence, &[1]);
    refused(
        &mut c,
        Decision::RecordOutcome(outcome(1, 0, &[s(4, 1)])),
        &[],
        rule(RuleError::AlreadyLost("Rifle (1st Platoon)".into())),
    );
}

// ---------------------------------------------------------------------------------------
// Reaching X
// ---------------------------------------------------------------------------------------

/// Both players at zone 4 after two turns (Advance 2, then Advance 1).
fn both_in_zone_4() -> Game {
    let mut c = new_game();
    choose(&mut c, Attack, Attack);
    fight(&mut c, 3, &big_win(), 6, &[]);
    fight(&mut c, 3, &big_win(), 6, &[]);
    choose(&mut c, Attack, Attack);
    fight(&mut c, 3, &big_win(), 1, &[]);
    fight(&mut c, 3, &big_win(), 1, &[]);
    assert_eq!((place(&c, Side::A), place(&c, Side::B)), (Place::zone(4), Place::zone(4)));
    assert_eq!(c.state().turn, 3);
    c
}

#[test]
fn advance_2_from_zone_4_reaches_x_and_wins_at_the_end_of_the_turn() {
    let mut c = both_in_zone_4();
    choose(&mut c, Attack, Attack);
    fight(&mut c, 3, &big_win(), 6, &[]);
    assert_eq!(place(&c, Side::A), Place::X);
    assert_eq!(c.state().outcome, None, "Boris still plays his part of the turn");
    assert_eq!(c.state().phase, Phase::TypeOfBattle);
    fight(&mut c, 3, &stalemate(), 1, &[]);
    assert_eq!(place(&c, Side::B), Place::zone(4));
    assert_eq!(c.state().outcome, Some(Outcome::Win(Side::A)));
    assert_eq!(c.state().phase, Phase::Finished);
    let last = c.history().last().unwrap().text.clone();
    assert!(last.contains("Anna") && last.contains("wins"), "{last}");
    refused(&mut c, Decision::ChooseAction { side: Side::A, action: Attack }, &[], rule(RuleError::CampaignOver));
    refused(&mut c, Decision::RollBattleType, &[3], rule(RuleError::CampaignOver));
}

#[test]
fn player_b_wins_when_only_b_reaches_x() {
    let mut c = both_in_zone_4();
    choose(&mut c, Regroup, Attack);
    ok(&mut c, Decision::RollBattleType, &[6]);
    ok(&mut c, Decision::RollRecovery, &[]);
    fight(&mut c, 3, &big_win(), 2, &[]); // Advance 1 to zone 5
    assert_eq!(c.state().outcome, None);
    choose(&mut c, Attack, Attack);
    ok(&mut c, Decision::RollBattleType, &[3]);
    assert_eq!(battle(&c).units_allowed, 9, "Anna regrouped last turn");
    ok(&mut c, Decision::FieldForces { units: example_force(9) }, &[]);
    ok(&mut c, Decision::RollDefence, &[1]);
    ok(&mut c, Decision::RecordOutcome(stalemate()), &[]);
    ok(&mut c, Decision::RollBattleResult, &[1]);
    ok(&mut c, Decision::ConfirmMovement, &[]);
    ok(&mut c, Decision::RollRecovery, &[]);
    fight(&mut c, 3, &big_win(), 1, &[]); // Advance 1 out of zone 5
    assert_eq!(place(&c, Side::B), Place::X);
    assert_eq!(c.state().outcome, Some(Outcome::Win(Side::B)));
}

#[test]
fn both_reaching_x_in_one_turn_is_a_draw() {
    let mut c = both_in_zone_4();
    choose(&mut c, Attack, Attack);
    fight(&mut c, 3, &big_win(), 6, &[]);
    fight(&mut c, 3, &big_win(), 6, &[]);
    assert_eq!(c.state().outcome, Some(Outcome::Draw));
    assert_eq!(c.state().phase, Phase::Finished);
    let last = c.history().last().unwrap().text.clone();
    assert!(last.contains("draw"), "{last}");
}

// ---------------------------------------------------------------------------------------
// Secret actions
// ---------------------------------------------------------------------------------------

#[test]
fn the_first_choice_does_not_reveal_the_action() {
    for (first, second) in [(Attack, Regroup), (Regroup, Attack), (Attack, Attack), (Regroup, Regroup)] {
        for first_side in Side::BOTH {
            let mut c = new_game();
            ok(&mut c, Decision::ChooseAction { side: first_side, action: first }, &[]);
            let line = c.history()[0].text.clone();
            for word in ["Attack", "attack", "Regroup", "regroup"] {
                assert!(!line.contains(word), "the first choice leaks in {line:?}");
            }
            assert_eq!(c.state().phase, Phase::ChooseActions);
            refused(
                &mut c,
                Decision::ChooseAction { side: first_side, action: second },
                &[],
                rule(RuleError::AlreadyChosen(first_side)),
            );
            ok(&mut c, Decision::ChooseAction { side: first_side.other(), action: second }, &[]);
            let h = c.history();
            assert!(!h[0].text.contains(first.name()), "still hidden afterwards: {:?}", h[0].text);
            let both = &h[1].text;
            assert!(both.contains("Attack") || both.contains("Regroup"), "revealed once both are in: {both}");
            assert_eq!(c.state().phase, Phase::TypeOfBattle);
            assert_eq!(c.state().offensive_side(), Some(Side::A), "player A plays first");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Illegal decisions and dice
// ---------------------------------------------------------------------------------------

#[test]
fn illegal_decisions_are_refused_with_typed_errors() {
    let mut c = new_game();
    refused(&mut c, Decision::RollBattleType, &[3], rule(RuleError::NotNow { phase: Phase::ChooseActions }));
    refused(
        &mut c,
        Decision::FieldForces { units: vec![] },
        &[],
        rule(RuleError::NotNow { phase: Phase::ChooseActions }),
    );
    refused(&mut c, Decision::ConfirmMovement, &[], rule(RuleError::NotNow { phase: Phase::ChooseActions }));
    choose(&mut c, Attack, Attack);
    refused(
        &mut c,
        Decision::ChooseAction { side: Side::A, action: Attack },
        &[],
        rule(RuleError::NotNow { phase: Phase::TypeOfBattle }),
    );
    refused(&mut c, Decision::Note { text: "x".into() }, &[], rule(RuleError::NotNow { phase: Phase::TypeOfBattle }));
    ok(&mut c, Decision::RollBattleType, &[3]);
    refused(
        &mut c,
        Decision::FieldForces { units: vec![0, 3, 4, 5, 6, 7, 8, 9] },
        &[],
        rule(RuleError::WrongUnitCount { expected: 9, got: 8 }),
    );
    refused(
        &mut c,
        Decision::FieldForces { units: vec![0, 3, 4, 5, 6, 7, 8, 9, 9] },
        &[],
        rule(RuleError::UnitTwice("5th Platoon".into())),
    );
    refused(
        &mut c,
        Decision::FieldForces { units: vec![0, 3, 4, 5, 6, 7, 8, 9, 19] },
        &[],
        rule(RuleError::UnknownUnit(19)),
    );
    refused(
        &mut c,
        Decision::FieldForces { units: vec![4, 5, 6, 7, 8, 9, 10, 11, 12] },
        &[],
        rule(RuleError::CommanderRequired { hq: "Battalion HQ".into() }),
    );
    ok(&mut c, Decision::FieldForces { units: example_force(9) }, &[]);
    ok(&mut c, Decision::RollDefence, &[2]);
    refused(&mut c, Decision::Note { text: "   ".into() }, &[], rule(RuleError::EmptyNote));
    ok(&mut c, Decision::Note { text: "Smoke on the left".into() }, &[]);
    ok(&mut c, Decision::NameObjectives { names: ["Farm".into(), "Bridge".into()] }, &[]);
    assert_eq!(battle(&c).objectives, ["Farm".to_string(), "Bridge".to_string()]);
    refused(&mut c, Decision::RollBattleResult, &[3], rule(RuleError::NotNow { phase: Phase::Fight }));
}

#[test]
fn typed_dice_out_of_range_or_miscounted_are_dice_errors() {
    let mut c = new_game();
    choose(&mut c, Attack, Attack);
    refused(
        &mut c,
        Decision::RollBattleType,
        &[7],
        DecideError::Dice(DiceError::OutOfRange { index: 0, value: 7, sides: 6 }),
    );
    refused(
        &mut c,
        Decision::RollBattleType,
        &[0],
        DecideError::Dice(DiceError::OutOfRange { index: 0, value: 0, sides: 6 }),
    );
    refused(&mut c, Decision::RollBattleType, &[], DecideError::Dice(DiceError::WrongCount { expected: 1, got: 0 }));
    refused(
        &mut c,
        Decision::RollBattleType,
        &[3, 4],
        DecideError::Dice(DiceError::WrongCount { expected: 1, got: 2 }),
    );
    refused(
        &mut c,
        Decision::ChooseAction { side: Side::A, action: Attack },
        &[3],
        DecideError::Dice(DiceError::WrongCount { expected: 0, got: 1 }),
    );
    let msg = c.decide(Decision::RollBattleType, typed(&[9])).unwrap_err().to_string();
    assert_eq!(msg, "Die 1 shows 9, but these dice go from 1 to 6.");
}

#[test]
fn the_moving_clock_ticks_on_5_plus_and_stops_at_12() {
    let mut c = new_game();
    choose(&mut c, Attack, Attack);
    ok(&mut c, Decision::RollBattleType, &[3]);
    ok(&mut c, Decision::FieldForces { units: example_force(9) }, &[]);
    ok(&mut c, Decision::RollDefence, &[2]);
    for (die, clock) in [(4, 0), (5, 1), (1, 1), (6, 2)] {
        ok(&mut c, Decision::ClockRoll, &[die]);
        assert_eq!(battle(&c).clock, clock, "after a {die}");
    }
    for _ in 2..12 {
        ok(&mut c, Decision::ClockRoll, &[6]);
    }
    assert_eq!(battle(&c).clock, 12);
    assert_eq!(battle(&c).clock_rolls, 14);
    refused(&mut c, Decision::ClockRoll, &[6], rule(RuleError::ClockRunOut));
    ok(&mut c, Decision::RecordOutcome(stalemate()), &[]);
}

// ---------------------------------------------------------------------------------------
// Undo, redo and replay
// ---------------------------------------------------------------------------------------

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

/// An entropy source that counts how often it is asked.
struct Counting(usize);
impl rand::RngCore for Counting {
    fn next_u32(&mut self) -> u32 {
        self.0 += 1;
        0xDEAD_BEEF
    }
    fn next_u64(&mut self) -> u64 {
        self.0 += 1;
        0xDEAD_BEEF
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        self.0 += 1;
        dst.fill(0xAB)
    }
}

fn last_dice(c: &Game) -> Vec<u16> {
    c.active_entries().last().unwrap().dice.iter().map(|r| r.value).collect()
}

#[test]
fn undo_then_the_same_decision_gives_back_the_same_dice() {
    let mut c = new_game();
    choose(&mut c, Attack, Attack);
    let mut e = Rng::new(7);
    c.decide(Decision::RollBattleType, DiceInput::App(&mut e)).unwrap();
    let first = last_dice(&c);
    let state = c.state().clone();
    assert!(c.undo());
    assert_eq!(c.state().phase, Phase::TypeOfBattle);
    // Another entropy source, asked for nothing: the undone roll comes back.
    let mut other = Counting(0);
    c.decide(Decision::RollBattleType, DiceInput::App(&mut other)).unwrap();
    assert_eq!(other.0, 0, "no re-roll");
    assert_eq!(last_dice(&c), first);
    assert_eq!(c.state(), &state);
    let tail: Vec<HistoryKind> = c.history().iter().rev().take(3).map(|l| l.kind).collect();
    assert_eq!(tail, vec![HistoryKind::Redo, HistoryKind::Undo, HistoryKind::Decision]);
    assert!(matches!(c.journal()[c.journal().len() - 1], Action::Redo));
    assert!(matches!(c.journal()[c.journal().len() - 2], Action::Undo));
    // Dice typed at the table after an undo are a new roll, not a redo.
    assert!(c.undo());
    let other_die = if first[0] == 1 { 2 } else { 1 };
    ok(&mut c, Decision::RollBattleType, &[other_die]);
    assert_eq!(last_dice(&c), vec![other_die]);
    assert!(!c.can_redo());
    assert!(matches!(c.journal().last(), Some(Action::Decide(_))));
}

#[test]
fn undo_then_a_different_decision_drops_the_redo() {
    let mut c = new_game();
    ok(&mut c, Decision::ChooseAction { side: Side::A, action: Attack }, &[]);
    assert!(c.undo());
    assert!(c.can_redo());
    let mut next = Rng::new(1);
    c.decide(Decision::ChooseAction { side: Side::A, action: Regroup }, DiceInput::App(&mut next)).unwrap();
    assert!(!c.can_redo());
    assert_eq!(c.state().actions[0], Some(Regroup));
}

fn played_with_undos() -> Game {
    let mut c = new_game();
    let mut next = Rng::new(42);
    c.decide(Decision::ChooseAction { side: Side::A, action: Attack }, DiceInput::App(&mut next)).unwrap();
    c.decide(Decision::ChooseAction { side: Side::B, action: Regroup }, DiceInput::App(&mut next)).unwrap();
    c.decide(Decision::RollBattleType, DiceInput::App(&mut next)).unwrap();
    c.undo();
    c.decide(Decision::RollBattleType, DiceInput::App(&mut next)).unwrap();
    let n = c.state().current.as_ref().unwrap().units_allowed;
    c.decide(Decision::FieldForces { units: example_force(n) }, DiceInput::Typed(vec![])).unwrap();
    c.decide(Decision::RollDefence, DiceInput::App(&mut next)).unwrap();
    for _ in 0..5 {
        c.decide(Decision::ClockRoll, DiceInput::App(&mut next)).unwrap();
    }
    c.undo();
    c.undo();
    c.redo().unwrap();
    c.decide(Decision::Note { text: "Left flank stalled".into() }, DiceInput::Typed(vec![])).unwrap();
    c.decide(Decision::RecordOutcome(outcome(1, 2, &[s(4, 0), s(4, 1)])), DiceInput::Typed(vec![])).unwrap();
    c.decide(Decision::RollBattleResult, DiceInput::Typed(vec![4])).unwrap();
    c.decide(Decision::ConfirmMovement, DiceInput::Typed(vec![])).unwrap();
    c.decide(Decision::ReplaceCommander { commander: s(4, 0), replacement: s(4, 3) }, DiceInput::Typed(vec![]))
        .unwrap();
    c.decide(Decision::RollRecovery, DiceInput::App(&mut next)).unwrap();
    c
}

#[test]
fn replay_of_a_saved_journal_reproduces_the_state() {
    let c = played_with_undos();
    let json = serde_json::to_string(c.journal()).unwrap();
    let journal: Vec<Action<Decision>> = serde_json::from_str(&json).unwrap();
    let setup_json = serde_json::to_string(c.setup()).unwrap();
    let setup = serde_json::from_str(&setup_json).unwrap();
    let r: Game = Campaign::replay(setup, journal).expect("the journal replays");
    assert_eq!(r.state(), c.state());
    assert_eq!(r.journal(), c.journal());
    assert_eq!(r.steps(), c.steps());
    assert_eq!(r.history(), c.history());
    assert_eq!(r.can_redo(), c.can_redo());
    assert_eq!(c.state().phase, Phase::TypeOfBattle, "Boris's part is next");
    assert_eq!(c.state().offensive_side(), Some(Side::B));
}

#[test]
fn history_marks_undone_lines() {
    let c = played_with_undos();
    let h = c.history();
    assert_eq!(h.len(), c.journal().len());
    let undone = h.iter().filter(|l| l.kind == HistoryKind::Decision && !l.active).count();
    // The battle-type roll came back by redo; the fifth clock roll stays undone.
    assert_eq!(undone, 1);
    let steps: Vec<usize> = h.iter().filter_map(|l| l.step).collect();
    assert_eq!(steps, (1..=c.steps()).collect::<Vec<_>>());
    assert!(h.iter().any(|l| l.kind == HistoryKind::Undo && l.text.starts_with("Undone: ")));
    assert!(h.iter().any(|l| l.kind == HistoryKind::Redo && l.text.starts_with("Redone: ")));
}

#[test]
fn undo_to_the_start_and_redo_everything() {
    let mut c = played_with_undos();
    let end = c.state().clone();
    let steps = c.steps();
    c.undo_to(0);
    assert_eq!(c.steps(), 0);
    assert_eq!(c.state(), &rules::start(c.setup()).unwrap());
    for _ in 0..steps {
        c.redo().unwrap();
    }
    assert_eq!(c.state(), &end);
    assert!(!c.can_redo());
}

/// Re-making a secret choice after an undo is a fresh decision, never a redo: otherwise the
/// history would tell a guesser whether they matched the undone choice.
#[test]
fn a_secret_choice_remade_after_undo_is_never_a_redo() {
    let mut c = new_game();
    let mut rng = Rng::new(7);
    c.decide(Decision::ChooseAction { side: Side::A, action: Attack }, DiceInput::App(&mut rng)).unwrap();
    c.undo();
    c.decide(Decision::ChooseAction { side: Side::A, action: Attack }, DiceInput::App(&mut rng)).unwrap();
    let kinds: Vec<&str> = c
        .journal()
        .iter()
        .map(|a| match a {
            Action::Decide(_) => "decide",
            Action::Undo => "undo",
            Action::Redo => "redo",
        })
        .collect();
    assert_eq!(kinds, ["decide", "undo", "decide"]);
    assert!(c.history().iter().all(|l| l.kind != HistoryKind::Redo));
}

/// Undo across the engine's kept positions (every 32 steps) lands on exactly the position a
/// fresh replay of the remaining decisions gives.
#[test]
fn undo_far_back_matches_a_fresh_replay() {
    let mut c = new_game();
    let mut rng = Rng::new(12345);
    // Both regroup every turn: 2 choices, the battle-type roll, then recovery or a counter-attack.
    let mut steps = Vec::new();
    while c.steps() < 150 && c.state().outcome.is_none() {
        let st = c.state().clone();
        let d = match st.phase {
            Phase::ChooseActions => Decision::ChooseAction {
                side: if st.actions[0].is_none() { Side::A } else { Side::B },
                action: Regroup,
            },
            Phase::TypeOfBattle => Decision::RollBattleType,
            Phase::FieldForces => {
                let side = st.offensive_side().unwrap();
                let orbat = &c.setup().players[side.index()].orbat;
                Decision::FieldForces { units: example_force(rules::units_to_field(orbat, st.player(side))) }
            }
            Phase::DefenceRoll => Decision::RollDefence,
            Phase::Fight => Decision::RecordOutcome(outcome(1, 0, &[])),
            Phase::BattleResult => Decision::RollBattleResult,
            Phase::Movement => Decision::ConfirmMovement,
            Phase::Recovery => Decision::RollRecovery,
            other => panic!("unexpected phase {other:?}"),
        };
        c.decide(d, DiceInput::App(&mut rng)).unwrap();
        steps.push(c.state().clone());
    }
    assert!(c.steps() >= 100, "played {} steps", c.steps());
    for back in [c.steps() - 1, 97, 64, 63, 33, 32, 31, 1, 0] {
        c.undo_to(back);
        let decisions: Vec<Action<Decision>> = c.active_entries().cloned().map(Action::Decide).collect();
        let fresh = Campaign::<RaceForX>::replay(c.setup().clone(), decisions).unwrap();
        assert_eq!(c.state(), fresh.state(), "after undoing to {back}");
        if back > 0 {
            assert_eq!(c.state(), &steps[back - 1]);
        }
    }
    // And all the way forward again, with the same dice.
    while c.can_redo() {
        c.redo().unwrap();
    }
    assert_eq!(c.state(), steps.last().unwrap());
}
