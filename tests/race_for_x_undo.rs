//! Race for X played through the engine with dice typed in from the table, over the built-in
//! sample: the secret choice of actions, illegal decisions and dice refused with typed errors,
//! the moving clock, and undo, redo and replay (`support/rfx_play.rs` has the shared steps).

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/rfx_play.rs"]
mod rfx_play;
#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::{Action, Campaign, DecideError, DiceError, DiceInput, HistoryKind};
use field_desk::systems::race_for_x::rules::{self};
use field_desk::systems::race_for_x::tables::OffensiveAction;
use field_desk::systems::race_for_x::{Decision, Phase, RaceForX, RuleError, Side};
use rfx_play::*;
use rng::Rng;
use OffensiveAction::{Attack, Regroup};

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
            assert_eq!(c.state().phase(), Phase::ChooseActions);
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
            assert_eq!(c.state().phase(), Phase::TypeOfBattle);
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
    assert_eq!(c.state().phase(), Phase::TypeOfBattle);
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
    assert_eq!(c.state().actions()[0], Some(Regroup));
}

fn played_with_undos() -> Game {
    let mut c = new_game();
    let mut next = Rng::new(42);
    c.decide(Decision::ChooseAction { side: Side::A, action: Attack }, DiceInput::App(&mut next)).unwrap();
    c.decide(Decision::ChooseAction { side: Side::B, action: Regroup }, DiceInput::App(&mut next)).unwrap();
    c.decide(Decision::RollBattleType, DiceInput::App(&mut next)).unwrap();
    c.undo();
    c.decide(Decision::RollBattleType, DiceInput::App(&mut next)).unwrap();
    let n = c.state().current().unwrap().units_allowed;
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
    assert_eq!(c.state().phase(), Phase::TypeOfBattle, "Boris's part is next");
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
            Action::Seal(_) => "seal",
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
    while c.steps() < 150 && c.state().outcome().is_none() {
        let st = c.state().clone();
        let d = match st.phase() {
            Phase::ChooseActions => Decision::ChooseAction {
                side: if st.actions()[0].is_none() { Side::A } else { Side::B },
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
