//! What the Race for X play tests share (`race_for_x_play.rs`, `race_for_x_recovery.rs`,
//! `race_for_x_undo.rs`): the sample campaign played with dice typed in from the table, decisions
//! taken or refused with their typed error, the text's example forces, a battle fought in one
//! call, and Anna's attack stopped after its losses. Pulled in with
//! `#[path = "support/rfx_play.rs"] mod rfx_play;`.
//!
//! Sample orbat unit numbers: 0 Battalion HQ (BC, 45mm ATG), 1 HMG Platoon, 2 Mortar
//! Platoon, 3 1st Company HQ (CC, 50mm mortar), 4-6 1st-3rd Platoons, 7 2nd Company HQ,
//! 8-10 4th-6th Platoons, 11 3rd Company HQ, 12-14 7th-9th Platoons, 15-17 Tanks 1-3,
//! 18 ATG Company. A platoon is PC (stand 0) and three Rifles (stands 1-3).
#![allow(dead_code)]

use field_desk::engine::{Campaign, DecideError, DiceInput};
use field_desk::systems::race_for_x::sample::sample_setup;
use field_desk::systems::race_for_x::tables::OffensiveAction;
use field_desk::systems::race_for_x::{BattleOutcome, Decision, Phase, Place, RaceForX, RuleError, Side, StandRef};
use OffensiveAction::Attack;

pub type Game = Campaign<RaceForX>;

pub fn new_game() -> Game {
    Campaign::new(sample_setup()).expect("the sample campaign starts")
}

pub fn typed(v: &[u16]) -> DiceInput<'static> {
    DiceInput::Typed(v.to_vec())
}

pub fn ok(c: &mut Game, d: Decision, dice: &[u16]) {
    if let Err(e) = c.decide(d.clone(), typed(dice)) {
        panic!("{d:?} with {dice:?} was refused: {e} (phase {:?})", c.state().phase());
    }
}

/// Plays an illegal decision: it must be refused with `want` and change nothing.
pub fn refused(c: &mut Game, d: Decision, dice: &[u16], want: DecideError<RuleError>) {
    let before = c.state().clone();
    let journal = c.journal().len();
    assert_eq!(c.decide(d.clone(), typed(dice)), Err(want.clone()), "{d:?}");
    assert_eq!(c.check(&d, dice).err(), Some(want), "check agrees for {d:?}");
    assert_eq!(c.state(), &before, "a refused decision changes nothing");
    assert_eq!(c.journal().len(), journal, "a refused decision is not journalled");
}

pub fn rule(e: RuleError) -> DecideError<RuleError> {
    DecideError::Rules(e)
}

pub fn s(unit: u16, stand: u8) -> StandRef {
    StandRef { unit, stand }
}

pub fn choose(c: &mut Game, a: OffensiveAction, b: OffensiveAction) {
    ok(c, Decision::ChooseAction { side: Side::A, action: a }, &[]);
    ok(c, Decision::ChooseAction { side: Side::B, action: b }, &[]);
}

pub fn outcome(objectives: u8, exited: u16, killed: &[StandRef]) -> BattleOutcome {
    BattleOutcome { objectives, exited, killed: killed.to_vec() }
}

/// The text's example forces: 5, 7 or 9 units.
pub fn example_force(n: usize) -> Vec<u16> {
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

pub fn battle(c: &Game) -> &field_desk::systems::race_for_x::Battle {
    c.state().current().expect("a part of the turn is under way")
}

/// One attacking part with a battle, from the type-of-battle roll to the end of recovery.
/// Fields the text's example force of the size allowed; recovers with `recovery` dice.
pub fn fight(c: &mut Game, type_die: u16, result: &BattleOutcome, result_die: u16, recovery: &[u16]) {
    assert_eq!(c.state().phase(), Phase::TypeOfBattle);
    ok(c, Decision::RollBattleType, &[type_die]);
    let n = battle(c).units_allowed;
    ok(c, Decision::FieldForces { units: example_force(n) }, &[]);
    ok(c, Decision::RollDefence, &[3]);
    ok(c, Decision::RecordOutcome(result.clone()), &[]);
    ok(c, Decision::RollBattleResult, &[result_die]);
    ok(c, Decision::ConfirmMovement, &[]);
    assert_eq!(c.state().phase(), Phase::Recovery, "no commanders to replace");
    ok(c, Decision::RollRecovery, recovery);
}

/// VP 212 (+3): with a 6 an Attack advances 2, with 1-5 it advances 1.
pub fn big_win() -> BattleOutcome {
    outcome(2, 3, &[])
}
/// VP -35 (0): 1-3 no advance.
pub fn stalemate() -> BattleOutcome {
    outcome(1, 0, &[])
}

pub fn place(c: &Game, side: Side) -> Place {
    c.state().player(side).place
}

/// Anna attacks with the 9-unit force and loses `killed`; stops before the replacements.
pub fn after_losses(killed: &[StandRef], result_die: u16) -> Game {
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
