//! The engine on its own: dice parsing and messages, exact odds, and the campaign journal
//! (undo, redo, history, replay) over a tiny counting system, plus replay of tampered
//! Race for X journals.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::odds::{at_least, binomial, for_each_outcome, outcome_count, tally};
use field_desk::engine::{
    Action, Campaign, Chance, DecideError, DiceError, DiceInput, DiceSpec, Die, Entry, HistoryKind, ReplayError, Roll,
    Roller, System,
};
use field_desk::systems::race_for_x::sample::sample_setup;
use field_desk::systems::race_for_x::tables::OffensiveAction;
use field_desk::systems::race_for_x::{Decision, RaceForX, Side};
use serde::{Deserialize, Serialize};
use std::fmt;

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

/// An entropy source that counts how often it is asked.
struct Counting(usize);
impl rand::RngCore for Counting {
    fn next_u32(&mut self) -> u32 {
        self.0 += 1;
        0
    }
    fn next_u64(&mut self) -> u64 {
        self.0 += 1;
        0
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        self.0 += 1;
        dst.fill(0)
    }
}

// ---------------------------------------------------------------------------------------
// A tiny system: a running total that d6 rolls add to.
// ---------------------------------------------------------------------------------------

struct Tally;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct TallySetup {
    start: i32,
    limit: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum Step {
    /// Adds 1d6.
    Roll,
    /// Adds the sum of `n` d6.
    Pool(u16),
    /// Adds a fixed amount, no dice.
    Add(i32),
}

#[derive(Clone, Debug, PartialEq)]
enum TallyError {
    BadSetup,
    OverLimit(i32),
}

impl fmt::Display for TallyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TallyError::BadSetup => write!(f, "the limit is below the start"),
            TallyError::OverLimit(v) => write!(f, "{v} is over the limit"),
        }
    }
}

impl System for Tally {
    type Setup = TallySetup;
    type State = i32;
    type Decision = Step;
    type Error = TallyError;

    fn start(setup: &TallySetup) -> Result<i32, TallyError> {
        if setup.limit < setup.start {
            Err(TallyError::BadSetup)
        } else {
            Ok(setup.start)
        }
    }
    fn dice(_: &TallySetup, _: &i32, d: &Step) -> Option<DiceSpec> {
        match d {
            Step::Roll => Some(DiceSpec::one(Die::D6)),
            Step::Pool(n) => Some(DiceSpec::pool(*n, Die::D6)),
            Step::Add(_) => None,
        }
    }
    fn apply(setup: &TallySetup, state: &i32, d: &Step, dice: &[u16]) -> Result<i32, TallyError> {
        let next = match d {
            Step::Roll | Step::Pool(_) => state + dice.iter().map(|&v| v as i32).sum::<i32>(),
            Step::Add(v) => state + v,
        };
        if next > setup.limit {
            Err(TallyError::OverLimit(next))
        } else {
            Ok(next)
        }
    }
    fn describe(_: &TallySetup, before: &i32, d: &Step, dice: &[u16], after: &i32) -> String {
        match d {
            Step::Add(v) => format!("add {v}: {before} to {after}"),
            _ => format!("roll {dice:?}: {before} to {after}"),
        }
    }
    fn players(_: &TallySetup) -> Vec<String> {
        vec!["Solo".into()]
    }
    fn status(_: &TallySetup, state: &i32) -> String {
        format!("at {state}")
    }
    fn turn(_: &i32) -> u32 {
        1
    }
    fn preview(_: &TallySetup, _: &i32, _: &Step) -> Option<field_desk::engine::RollPreview> {
        None
    }
}

fn tally_game() -> Campaign<Tally> {
    Campaign::new(TallySetup { start: 0, limit: 1000 }).unwrap()
}

fn typed(v: &[u16]) -> DiceInput<'static> {
    DiceInput::Typed(v.to_vec())
}

// ---------------------------------------------------------------------------------------
// Dice: parsing, checking, messages
// ---------------------------------------------------------------------------------------

fn check_parse(spec: DiceSpec, text: &str, expected: Result<Vec<u16>, DiceError>) {
    assert_eq!(spec.parse(text), expected, "{} from {text:?}", spec.label());
}

#[test]
fn dice_parsing() {
    let d6 = DiceSpec::one(Die::D6);
    let three = DiceSpec::pool(3, Die::D6);
    let two_d10 = DiceSpec::pool(2, Die::D10);
    let pct = DiceSpec::one(Die::D100);
    use DiceError::*;
    type Parsed = Result<Vec<u16>, DiceError>;
    let rows: Vec<(DiceSpec, &str, Parsed)> = vec![
        (d6, "4", Ok(vec![4])),
        (d6, " 6 ", Ok(vec![6])),
        (d6, "", Err(Empty { expected: 1 })),
        (d6, "   ", Err(Empty { expected: 1 })),
        (d6, "7", Err(OutOfRange { index: 0, value: 7, sides: 6 })),
        (d6, "0", Err(OutOfRange { index: 0, value: 0, sides: 6 })),
        (d6, "45", Err(WrongCount { expected: 1, got: 2 })),
        (d6, "-3", Err(NotANumber { text: "-3".into() })),
        (d6, "six", Err(NotANumber { text: "six".into() })),
        (three, "1 2 3", Ok(vec![1, 2, 3])),
        (three, "1,2,3", Ok(vec![1, 2, 3])),
        (three, "1+2+3", Ok(vec![1, 2, 3])),
        (three, "1/2;3", Ok(vec![1, 2, 3])),
        (three, "123", Ok(vec![1, 2, 3])),
        (three, "12 3", Ok(vec![1, 2, 3])),
        (three, "1 2", Err(WrongCount { expected: 3, got: 2 })),
        (three, "1234", Err(WrongCount { expected: 3, got: 4 })),
        (three, "1 9 3", Err(OutOfRange { index: 1, value: 9, sides: 6 })),
        (two_d10, "10 3", Ok(vec![10, 3])),
        (two_d10, "10,10", Ok(vec![10, 10])),
        (two_d10, "103", Err(WrongCount { expected: 2, got: 1 })),
        (two_d10, "11 3", Err(OutOfRange { index: 0, value: 11, sides: 10 })),
        (pct, "00", Ok(vec![100])),
        (pct, "100", Ok(vec![100])),
        (pct, "07", Ok(vec![7])),
        (pct, "1", Ok(vec![1])),
        (pct, "101", Err(OutOfRange { index: 0, value: 101, sides: 100 })),
        (pct, "0", Err(OutOfRange { index: 0, value: 0, sides: 100 })),
        (DiceSpec::one(Die::D3), "3", Ok(vec![3])),
        (DiceSpec::one(Die::D3), "4", Err(OutOfRange { index: 0, value: 4, sides: 3 })),
    ];
    for (spec, text, expected) in rows {
        check_parse(spec, text, expected);
    }
}

fn check_message(e: DiceError, text: &str) {
    assert_eq!(e.to_string(), text);
}

#[test]
fn dice_messages() {
    use DiceError::*;
    check_message(Empty { expected: 1 }, "Type the 1 die you rolled.");
    check_message(Empty { expected: 4 }, "Type the 4 dice you rolled.");
    check_message(WrongCount { expected: 1, got: 2 }, "This roll needs 1 die but 2 were typed.");
    check_message(WrongCount { expected: 3, got: 1 }, "This roll needs 3 dice but 1 was typed.");
    check_message(WrongCount { expected: 0, got: 1 }, "This roll needs 0 dice but 1 was typed.");
    check_message(OutOfRange { index: 1, value: 7, sides: 6 }, "Die 2 shows 7, but these dice go from 1 to 6.");
    check_message(NotANumber { text: "x".into() }, "\"x\" is not a number.");
    check_message(WrongDie, "The recorded dice are not the kind this roll uses.");
}

#[test]
fn dice_labels_and_checks() {
    let rows = [
        (DiceSpec::one(Die::D6), "1d6"),
        (DiceSpec::pool(12, Die::D6), "12d6"),
        (DiceSpec::one(Die::D100), "1d100"),
        (DiceSpec::pool(5, Die::D6).drop_highest(1), "5d6 (drop the highest)"),
        (DiceSpec::pool(5, Die::D6).drop_highest(2), "5d6 (drop the 2 highest)"),
    ];
    for (spec, label) in rows {
        assert_eq!(spec.label(), label);
    }
    let spec = DiceSpec::pool(2, Die::D6);
    assert_eq!(spec.check(&[1, 6]), Ok(()));
    assert_eq!(spec.check(&[1]), Err(DiceError::WrongCount { expected: 2, got: 1 }));
    assert_eq!(spec.check(&[6, 7]), Err(DiceError::OutOfRange { index: 1, value: 7, sides: 6 }));
}

#[test]
fn rolls_stay_in_range_and_cover_every_face() {
    let mut rng = Rng::new(1);
    for die in [Die::D3, Die::D6, Die::D10, Die::D100] {
        let mut seen = vec![0u32; die.sides() as usize + 1];
        for v in DiceSpec::pool(2000, die).roll(&mut rng) {
            assert!((1..=die.sides()).contains(&v), "{v} on a {}", die.label());
            seen[v as usize] += 1;
        }
        assert!(seen[1..].iter().all(|&n| n > 0), "every face of a {} comes up", die.label());
    }
    // The same seed rolls the same dice: what a test's "app" rolled can be rolled again.
    let a = DiceSpec::pool(10, Die::D6).roll(&mut Rng::new(9));
    let b = DiceSpec::pool(10, Die::D6).roll(&mut Rng::new(9));
    assert_eq!(a, b);
}

// ---------------------------------------------------------------------------------------
// Odds
// ---------------------------------------------------------------------------------------

#[test]
fn two_d6_totals_are_exact() {
    let spec = DiceSpec::pool(2, Die::D6);
    let odds = tally(&spec, |d| d[0] + d[1]);
    let expected: Vec<(u16, Chance)> =
        (2..=12).map(|t: u16| (t, Chance::new(6 - (7i64 - t as i64).unsigned_abs(), 36))).collect();
    assert_eq!(odds, expected);
    assert_eq!(odds[5], (7, Chance::new(1, 6)));
    assert_eq!(odds[0], (2, Chance { num: 1, den: 36 }));
}

#[test]
fn odds_add_up_exactly_and_are_reduced() {
    let spec = DiceSpec::pool(3, Die::D6);
    let odds = tally(&spec, |d| d.iter().filter(|&&v| v >= 5).count());
    let den = 216;
    let nums: u64 = odds.iter().map(|(_, c)| c.num * (den / c.den)).sum();
    assert_eq!(nums, den);
    // Exactly k of three dice at 5+: C(3,k) 2^k 4^(3-k) / 216.
    let expected = [(0, 64), (1, 96), (2, 48), (3, 8)];
    for (k, n) in expected {
        let got = odds.iter().find(|(x, _)| *x == k).unwrap().1;
        assert_eq!(got, Chance::new(n, den), "{k} hits");
    }
    assert_eq!(Chance::new(96, 216), Chance { num: 4, den: 9 });
    assert_eq!(Chance::new(0, 216), Chance { num: 0, den: 1 });
}

#[test]
fn enumeration_visits_every_outcome_once_in_order() {
    let spec = DiceSpec::pool(3, Die::D3);
    let mut all = Vec::new();
    for_each_outcome(&spec, |d| all.push(d.to_vec()));
    assert_eq!(outcome_count(&spec), 27);
    assert_eq!(all.len(), 27);
    assert_eq!(all[0], vec![1, 1, 1]);
    assert_eq!(all[1], vec![1, 1, 2]);
    assert_eq!(all[26], vec![3, 3, 3]);
    let mut sorted = all.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted, all);
}

#[test]
fn chance_texts_and_single_die_targets() {
    let rows = [
        (Chance::new(1, 2), "50%", "1/2"),
        (Chance::new(1, 6), "16.7%", "1/6"),
        (Chance::new(1, 3), "33.3%", "1/3"),
        (Chance::new(0, 6), "0%", "0/1"),
        (Chance::new(6, 6), "100%", "1/1"),
        (Chance::new(1, 10_000), "<0.1%", "1/10000"),
        (Chance::new(1, 1000), "0.1%", "1/1000"),
    ];
    for (c, percent, fraction) in rows {
        assert_eq!(c.percent(), percent, "{c:?}");
        assert_eq!(c.fraction(), fraction, "{c:?}");
    }
    let d6 = DiceSpec::one(Die::D6);
    let targets = [(0, 6), (1, 6), (4, 3), (5, 2), (6, 1), (7, 0)];
    for (target, hits) in targets {
        assert_eq!(at_least(&d6, target), Chance::new(hits, 6), "{target}+");
    }
    let b = binomial(3, Chance::new(1, 3));
    let exact = [8.0 / 27.0, 12.0 / 27.0, 6.0 / 27.0, 1.0 / 27.0];
    for (k, p) in exact.iter().enumerate() {
        assert!((b[k] - p).abs() < 1e-12, "{k} of 3 at 1/3");
    }
}

// ---------------------------------------------------------------------------------------
// Campaign journal
// ---------------------------------------------------------------------------------------

#[test]
fn a_bad_setup_does_not_start() {
    assert_eq!(Campaign::<Tally>::new(TallySetup { start: 5, limit: 1 }).err(), Some(TallyError::BadSetup));
    let e = Campaign::<Tally>::replay(TallySetup { start: 5, limit: 1 }, vec![]).unwrap_err();
    assert_eq!(e.at, 0);
    assert!(e.message.starts_with("setup: "), "{e}");
}

#[test]
fn decisions_typed_and_refused() {
    let mut c = tally_game();
    c.decide(Step::Roll, typed(&[4])).unwrap();
    c.decide(Step::Pool(3), typed(&[1, 2, 3])).unwrap();
    c.decide(Step::Add(10), typed(&[])).unwrap();
    assert_eq!(*c.state(), 20);
    assert_eq!(c.steps(), 3);
    let refusals: Vec<(Step, Vec<u16>, DecideError<TallyError>)> = vec![
        (Step::Roll, vec![], DecideError::Dice(DiceError::WrongCount { expected: 1, got: 0 })),
        (Step::Roll, vec![7], DecideError::Dice(DiceError::OutOfRange { index: 0, value: 7, sides: 6 })),
        (Step::Pool(2), vec![1, 2, 3], DecideError::Dice(DiceError::WrongCount { expected: 2, got: 3 })),
        (Step::Add(1), vec![3], DecideError::Dice(DiceError::WrongCount { expected: 0, got: 1 })),
        (Step::Add(1000), vec![], DecideError::Rules(TallyError::OverLimit(1020))),
    ];
    for (step, dice, want) in refusals {
        assert_eq!(c.check(&step, &dice), Err(want.clone()), "check {step:?} {dice:?}");
        assert_eq!(c.decide(step.clone(), DiceInput::Typed(dice.clone())), Err(want), "decide {step:?} {dice:?}");
        assert_eq!(*c.state(), 20);
        assert_eq!(c.journal().len(), 3);
    }
    assert_eq!(DecideError::<TallyError>::Rules(TallyError::OverLimit(9)).to_string(), "9 is over the limit");
    assert_eq!(c.check(&Step::Add(5), &[]), Ok(25));
    assert_eq!(*c.state(), 20, "check plays nothing");
}

#[test]
fn app_dice_are_recorded_as_the_apps() {
    let mut c = tally_game();
    c.decide(Step::Pool(3), DiceInput::App(&mut Rng::new(21))).unwrap();
    let entry = c.active_entries().next().unwrap().clone();
    // The journal holds exactly what the generator rolled, marked as the app's.
    let expected = DiceSpec::pool(3, Die::D6).roll(&mut Rng::new(21));
    assert_eq!(
        entry.dice,
        expected.iter().map(|&value| Roll { die: Die::D6, value, by: Roller::App }).collect::<Vec<_>>()
    );
    c.decide(Step::Roll, typed(&[5])).unwrap();
    assert_eq!(c.active_entries().nth(1).unwrap().dice, vec![Roll { die: Die::D6, value: 5, by: Roller::Table }]);
    assert_eq!(*c.state(), expected.iter().sum::<u16>() as i32 + 5);
}

#[test]
fn undo_redo_and_undo_to() {
    let mut c = tally_game();
    assert!(!c.undo(), "nothing to undo");
    assert!(!c.can_undo() && !c.can_redo());
    for v in [1, 2, 3, 4] {
        c.decide(Step::Roll, typed(&[v])).unwrap();
    }
    assert_eq!(*c.state(), 10);
    assert!(c.undo());
    assert_eq!(*c.state(), 6);
    assert!(c.can_redo());
    c.redo().unwrap();
    assert_eq!(*c.state(), 10);
    assert!(!c.can_redo());
    c.undo_to(1);
    assert_eq!((c.steps(), *c.state()), (1, 1));
    c.undo_to(3); // nothing to do: already fewer
    assert_eq!(c.steps(), 1);
    c.redo().unwrap();
    c.redo().unwrap();
    assert_eq!((c.steps(), *c.state()), (3, 6));
    c.undo_to(0);
    assert_eq!((c.steps(), *c.state()), (0, 0));
    assert!(!c.undo());
    // Journal: 4 decisions, undo, redo, 3 undos, 2 redos, 1... (all of it, in order).
    let kinds: Vec<&str> = c
        .journal()
        .iter()
        .map(|a| match a {
            Action::Decide(_) => "D",
            Action::Undo => "U",
            Action::Redo => "R",
            Action::Seal(_) => "S",
        })
        .collect();
    assert_eq!(kinds.concat(), "DDDDURUUURRUUU");
}

#[test]
fn an_undone_roll_comes_back_with_its_dice() {
    let mut c = tally_game();
    c.decide(Step::Pool(2), typed(&[6, 5])).unwrap();
    c.undo();
    let mut asked = Counting(0);
    c.decide(Step::Pool(2), DiceInput::App(&mut asked)).unwrap();
    assert_eq!(asked.0, 0, "no new roll");
    assert_eq!(*c.state(), 11);
    assert_eq!(c.journal().last(), Some(&Action::Redo));
    // A different decision is a new roll and drops what could be redone.
    c.undo();
    c.decide(Step::Pool(3), DiceInput::App(&mut Counting(0))).unwrap();
    assert_eq!(*c.state(), 3, "an all-zero source rolls three 1s");
    assert!(!c.can_redo());
}

#[test]
fn history_lines_kinds_and_active_flags() {
    let mut c = tally_game();
    c.decide(Step::Roll, typed(&[3])).unwrap(); // 0
    c.decide(Step::Add(2), typed(&[])).unwrap(); // 1
    c.undo(); // 2
    c.redo().unwrap(); // 3
    c.undo(); // 4
    c.decide(Step::Add(5), typed(&[])).unwrap(); // 5
    let h = c.history();
    let summary: Vec<(usize, HistoryKind, &str, bool, Option<usize>)> =
        h.iter().map(|l| (l.index, l.kind, l.text.as_str(), l.active, l.step)).collect();
    assert_eq!(
        summary,
        vec![
            (0, HistoryKind::Decision, "roll [3]: 0 to 3", true, Some(1)),
            (1, HistoryKind::Decision, "add 2: 3 to 5", false, None),
            (2, HistoryKind::Undo, "Undone: add 2: 3 to 5", false, None),
            (3, HistoryKind::Redo, "Redone: add 2: 3 to 5", false, None),
            (4, HistoryKind::Undo, "Undone: add 2: 3 to 5", false, None),
            (5, HistoryKind::Decision, "add 5: 3 to 8", true, Some(2)),
        ]
    );
    assert_eq!(h[0].dice, vec![Roll { die: Die::D6, value: 3, by: Roller::Table }]);
    assert!(h[1].dice.is_empty());
}

#[test]
fn history_after_a_redo_marks_the_original_line_active() {
    let mut c = tally_game();
    c.decide(Step::Add(1), typed(&[])).unwrap();
    c.decide(Step::Add(2), typed(&[])).unwrap();
    c.undo();
    c.undo();
    c.redo().unwrap();
    let h = c.history();
    let flags: Vec<(HistoryKind, bool, Option<usize>)> = h.iter().map(|l| (l.kind, l.active, l.step)).collect();
    assert_eq!(
        flags,
        vec![
            (HistoryKind::Decision, true, Some(1)),
            (HistoryKind::Decision, false, None),
            (HistoryKind::Undo, false, None),
            (HistoryKind::Undo, false, None),
            (HistoryKind::Redo, false, None),
        ]
    );
    assert_eq!(h[4].text, "Redone: add 1: 0 to 1");
}

#[test]
fn replay_rebuilds_the_same_campaign() {
    let mut c = tally_game();
    let mut next = Rng::new(99);
    for i in 0..40 {
        match i % 7 {
            3 => {
                c.undo();
            }
            5 if c.can_redo() => c.redo().unwrap(),
            _ => c.decide(Step::Pool(1 + i % 3), DiceInput::App(&mut next)).unwrap(),
        }
    }
    let json = serde_json::to_string(c.journal()).unwrap();
    let journal: Vec<Action<Step>> = serde_json::from_str(&json).unwrap();
    let r = Campaign::<Tally>::replay(c.setup().clone(), journal).unwrap();
    assert_eq!(r.state(), c.state());
    assert_eq!(r.journal(), c.journal());
    assert_eq!(r.history(), c.history());
    assert_eq!(r.steps(), c.steps());
}

fn check_replay_error<S: System>(setup: S::Setup, journal: Vec<Action<S::Decision>>, at: usize, message_part: &str) {
    let e: ReplayError = Campaign::<S>::replay(setup, journal).unwrap_err();
    assert_eq!(e.at, at, "{e}");
    assert!(e.message.contains(message_part), "{:?} should mention {message_part:?}", e.message);
    assert!(e.to_string().starts_with(&format!("history line {} does not replay: ", at + 1)), "{e}");
}

fn roll(value: u16) -> Roll {
    Roll { die: Die::D6, value, by: Roller::Table }
}

#[test]
fn replay_errors_name_the_failing_line() {
    let setup = TallySetup { start: 0, limit: 20 };
    let ok = |d: Step, dice: Vec<Roll>| Action::Decide(Entry::new(d, dice));
    // Wrong dice count on line 3.
    check_replay_error::<Tally>(
        setup.clone(),
        vec![ok(Step::Roll, vec![roll(2)]), ok(Step::Add(1), vec![]), ok(Step::Roll, vec![roll(2), roll(3)])],
        2,
        "needs 1 die but 2 were typed",
    );
    // Missing dice.
    check_replay_error::<Tally>(setup.clone(), vec![ok(Step::Roll, vec![])], 0, "needs 1 die but 0 were typed");
    // Dice on a step without a roll.
    check_replay_error::<Tally>(
        setup.clone(),
        vec![ok(Step::Add(1), vec![roll(4)])],
        0,
        "needs 0 dice but 1 was typed",
    );
    // A die out of range.
    check_replay_error::<Tally>(setup.clone(), vec![ok(Step::Roll, vec![roll(9)])], 0, "Die 1 shows 9");
    // A die of the wrong kind.
    let d10 = Roll { die: Die::D10, value: 3, by: Roller::App };
    check_replay_error::<Tally>(setup.clone(), vec![ok(Step::Roll, vec![d10])], 0, "not the kind");
    // The rules refuse it.
    check_replay_error::<Tally>(
        setup.clone(),
        vec![ok(Step::Add(15), vec![]), ok(Step::Pool(2), vec![roll(6), roll(6)])],
        1,
        "27 is over the limit",
    );
    // Undo and redo with nothing to act on.
    check_replay_error::<Tally>(setup.clone(), vec![Action::Undo], 0, "undo with nothing to undo");
    check_replay_error::<Tally>(
        setup.clone(),
        vec![ok(Step::Add(1), vec![]), Action::Redo],
        1,
        "redo with nothing to redo",
    );
    check_replay_error::<Tally>(
        setup,
        vec![ok(Step::Add(1), vec![]), Action::Undo, Action::Redo, Action::Redo],
        3,
        "redo with nothing to redo",
    );
}

#[test]
fn tampered_race_for_x_journals_fail_on_the_right_line() {
    let mut c: Campaign<RaceForX> = Campaign::new(sample_setup()).unwrap();
    c.decide(Decision::ChooseAction { side: Side::A, action: OffensiveAction::Attack }, typed(&[])).unwrap();
    c.decide(Decision::ChooseAction { side: Side::B, action: OffensiveAction::Attack }, typed(&[])).unwrap();
    c.decide(Decision::RollBattleType, typed(&[3])).unwrap();
    c.decide(Decision::FieldForces { units: vec![0, 3, 4, 5, 6, 7, 8, 9, 10] }, typed(&[])).unwrap();
    let good = c.journal().to_vec();
    assert!(Campaign::<RaceForX>::replay(sample_setup(), good.clone()).is_ok());

    // Two dice on the type-of-battle roll (line 3).
    let mut bad = good.clone();
    if let Action::Decide(e) = &mut bad[2] {
        e.dice.push(roll(4));
    }
    check_replay_error::<RaceForX>(sample_setup(), bad, 2, "needs 1 die but 2 were typed");

    // Eight units where nine are due (line 4).
    let mut bad = good.clone();
    bad[3] = Action::Decide(Entry::new(Decision::FieldForces { units: vec![0, 3, 4, 5, 6, 7, 8, 9] }, vec![]));
    check_replay_error::<RaceForX>(sample_setup(), bad, 3, "Field exactly 9 units (8 chosen)");

    // The same player choosing twice (line 2).
    let mut bad = good.clone();
    bad[1] = bad[0].clone();
    check_replay_error::<RaceForX>(sample_setup(), bad, 1, "already chosen");

    // Through JSON: a die value edited by hand.
    let json = serde_json::to_string(&good).unwrap().replace("\"value\":3", "\"value\":8");
    let journal: Vec<Action<Decision>> = serde_json::from_str(&json).unwrap();
    check_replay_error::<RaceForX>(sample_setup(), journal, 2, "Die 1 shows 8");
}
