//! Race for X played through the engine with dice typed in from the table, over the built-in
//! sample: recovery, retreat and movement after a battle, and reaching X (`support/rfx_play.rs`
//! has the shared steps and the sample's unit numbers).

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/rfx_play.rs"]
mod rfx_play;

use field_desk::engine::{DecideError, DiceError};
use field_desk::systems::race_for_x::tables::{BattleResult, BattleType, OffensiveAction};
use field_desk::systems::race_for_x::{Decision, Outcome, Phase, Place, RuleError, Side};
use rfx_play::*;
use OffensiveAction::{Attack, Regroup};

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
    assert_eq!(c.state().phase(), Phase::Recovery, "no battle: straight to recovery");
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
    assert_eq!(c.state().outcome(), None, "Boris still plays his part of the turn");
    assert_eq!(c.state().phase(), Phase::TypeOfBattle);
    fight(&mut c, 3, &stalemate(), 1, &[]);
    assert_eq!(place(&c, Side::B), Place::zone(4));
    assert_eq!(c.state().outcome(), Some(Outcome::Win(Side::A)));
    assert_eq!(c.state().phase(), Phase::Finished);
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
    assert_eq!(c.state().outcome(), None);
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
    assert_eq!(c.state().outcome(), Some(Outcome::Win(Side::B)));
}

#[test]
fn both_reaching_x_in_one_turn_is_a_draw() {
    let mut c = both_in_zone_4();
    choose(&mut c, Attack, Attack);
    fight(&mut c, 3, &big_win(), 6, &[]);
    fight(&mut c, 3, &big_win(), 6, &[]);
    assert_eq!(c.state().outcome(), Some(Outcome::Draw));
    assert_eq!(c.state().phase(), Phase::Finished);
    let last = c.history().last().unwrap().text.clone();
    assert!(last.contains("draw"), "{last}");
}
