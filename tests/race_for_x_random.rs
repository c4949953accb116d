//! Random legal play of the sample campaign: 10,000 decision sequences with every decision
//! drawn from the system's grammar (`support/grammar_walk.rs`'s `legal_step`, its flags
//! weighted by context to play as the table does: `FLAGS`; a drawn decision the rules refuse
//! fails the test), dice drawn by the app, undo and redo, and illegal decisions thrown in.
//! The invariants of the position are checked after every step, and every transition is
//! checked against the rule it applies. (The forces are drawn unit by unit through
//! `forces::completable`, the grammar's own way; the hand-written generator it replaced,
//! `support/force.rs`, still plays the link tests' games.)

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{Campaign, DecideError, DiceError, DiceInput};
use field_desk::share::link;
use field_desk::share::{Document, Meta};
use field_desk::systems::race_for_x::forces;
use field_desk::systems::race_for_x::rules::{self, battle_type_modifiers};
use field_desk::systems::race_for_x::sample::sample_setup;
use field_desk::systems::race_for_x::stage::{Stage, Step};
use field_desk::systems::race_for_x::state::PlayerState;
use field_desk::systems::race_for_x::tables::{self, ForceSize, OffensiveAction, RecoveryRow};
use field_desk::systems::race_for_x::{
    BattleOutcome, Decision, Orbat, Outcome, Phase, RaceForX, RuleError, Setup, Side, StandKind, StandRef, State,
};
use field_desk::systems::AnyCampaign;

type Game = Campaign<RaceForX>;

#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/rng.rs"]
mod rng;
#[path = "support/secrets.rs"]
mod secrets;
#[path = "support/shadow.rs"]
mod shadow;
use grammar_walk::{legal_step, Tally};
use rng::Rng;
use shadow::{walk, Mix, Suite};

#[derive(Default, Debug)]
struct Stats {
    sequences: usize,
    steps: usize,
    undos: usize,
    redos: usize,
    refused: usize,
    wins: [usize; 2],
    draws: usize,
    no_battle: usize,
    retreats: usize,
    advance2: usize,
    replacements: usize,
    recovered: usize,
    replays: usize,
    /// Battles whose defence size had only option A: no A/B roll.
    defence_unrolled: usize,
}

fn orbat(setup: &Setup, side: Side) -> &Orbat {
    &setup.players[side.index()].orbat
}

// ---------------------------------------------------------------------------------------
// Legal decisions: drawn from the grammar
// ---------------------------------------------------------------------------------------

/// Race for X played as the table does (`grammar_walk::RACE_FOR_X_AT_THE_TABLE`).
const FLAGS: &[(u16, usize)] = grammar_walk::RACE_FOR_X_AT_THE_TABLE;

/// Draws before a step gives up (the only draws the grammar cannot use are the random
/// chooser's empty note texts).
const TRIES: usize = 50;

// ---------------------------------------------------------------------------------------
// Invariants
// ---------------------------------------------------------------------------------------

fn phase_of(d: &Decision) -> Phase {
    match d {
        Decision::ChooseAction { .. } => Phase::ChooseActions,
        Decision::RollBattleType => Phase::TypeOfBattle,
        Decision::FieldForces { .. } => Phase::FieldForces,
        Decision::RollDefence => Phase::DefenceRoll,
        Decision::ClockRoll | Decision::NameObjectives { .. } | Decision::Note { .. } | Decision::RecordOutcome(_) => {
            Phase::Fight
        }
        Decision::RollBattleResult => Phase::BattleResult,
        Decision::ConfirmMovement => Phase::Movement,
        Decision::ReplaceCommander { .. } => Phase::ReplaceCommanders,
        Decision::RollRecovery => Phase::Recovery,
    }
}

fn killed_fighting(o: &Orbat, outcome: &BattleOutcome) -> u32 {
    outcome.killed.iter().filter(|r| o.stand(**r).unwrap().kind.is_fighting()).count() as u32
}

/// What must hold in every position.
fn invariants(setup: &Setup, s: &State) {
    for side in Side::BOTH {
        let o = orbat(setup, side);
        let p = s.player(side);
        assert!((1..=6).contains(&p.place.raw()), "{side:?} is off the route: {:?}", p.place);
        assert_eq!(p.lost.len(), o.units.len(), "lost-stand rows match the units");
        for (u, row) in p.lost.iter().enumerate() {
            assert_eq!(row.len(), o.units[u].stands.len(), "lost-stand flags match unit {u}'s stands");
        }
        assert!(p.lost_count() <= o.stand_count());
    }
    let at_x = [s.players[0].place.is_x(), s.players[1].place.is_x()];
    assert_eq!(s.phase() == Phase::Finished, s.outcome().is_some(), "finished exactly when there is an outcome");
    match s.outcome() {
        Some(Outcome::Win(Side::A)) => assert_eq!(at_x, [true, false]),
        Some(Outcome::Win(Side::B)) => assert_eq!(at_x, [false, true]),
        Some(Outcome::Draw) => assert_eq!(at_x, [true, true]),
        None => {}
    }
    let in_part = !matches!(s.phase(), Phase::ChooseActions | Phase::Finished);
    assert_eq!(s.current().is_some(), in_part, "a part is under way exactly in its phases ({:?})", s.phase());
    // What a step carries is what its battle records.
    if let Stage::Part(part) = &s.stage {
        let b = &part.battle;
        match part.step {
            Step::FieldForces(kind) => assert_eq!(b.battle, Some(kind)),
            Step::DefenceRoll(size) => assert_eq!(rules::defence_size(b), Some(size)),
            Step::BattleResult(vp) => assert_eq!(b.vp, Some(vp)),
            Step::Movement(to) => assert_eq!(b.to, Some(to)),
            _ => {}
        }
    }

    match s.phase() {
        Phase::Finished => assert_eq!(s.battles.len() as u32, 2 * s.turn),
        Phase::ChooseActions => {
            assert!(!s.both_chosen());
            assert_eq!(at_x, [false, false], "nobody is at X at the start of a turn");
            assert_eq!(s.battles.len() as u32, 2 * (s.turn - 1));
        }
        _ => {}
    }
    let Some(b) = s.current() else { return };
    let side = b.side;
    let o = orbat(setup, side);
    let p = s.player(side);
    assert!(s.both_chosen());
    assert_eq!(Some(b.action), s.actions()[side.index()]);
    assert_eq!(b.turn, s.turn);
    assert_eq!(s.battles.len() as u32, 2 * (s.turn - 1) + side.index() as u32);
    if side == Side::A {
        assert!(!at_x[1], "B cannot be at X while A plays");
    }
    assert!(!b.from.is_x(), "nobody fights from X");
    if let Some((die, total)) = b.type_roll {
        let m: i32 = battle_type_modifiers(p).iter().map(|m| m.1).sum();
        assert_eq!(total, die as i32 + m, "type-of-battle total");
        assert_eq!(b.battle, tables::battle_type(total, b.action));
    }
    let moved = matches!(s.phase(), Phase::ReplaceCommanders | Phase::Recovery);
    assert_eq!(p.place, if moved { b.to.unwrap() } else { b.from }, "the marker moves at Movement");
    match s.phase() {
        Phase::TypeOfBattle => assert!(b.type_roll.is_none()),
        Phase::FieldForces => {
            assert!(b.battle.is_some());
            assert_eq!(b.units_allowed, rules::units_to_field(o, p));
            assert!(b.fielded.is_empty());
        }
        Phase::DefenceRoll | Phase::Fight | Phase::BattleResult | Phase::Movement | Phase::ReplaceCommanders => {
            assert_eq!(b.fielded.len(), b.units_allowed);
            if s.phase() == Phase::DefenceRoll {
                let required = rules::required_hqs(o, p, &b.fielded);
                assert!(required.iter().all(|h| b.fielded.contains(h)), "HQ rule holds for {:?}", b.fielded);
            }
        }
        _ => {}
    }
    if matches!(s.phase(), Phase::Fight | Phase::BattleResult | Phase::Movement | Phase::ReplaceCommanders) {
        let (size, _) = b.defence.expect("defence rolled");
        assert_eq!(size, tables::defence_size(b.battle.unwrap(), b.from.zone_number().unwrap()));
        assert!(b.clock <= tables::CLOCK_TICKS);
    }
    if let (Some(outcome), Some(vp)) = (&b.outcome, b.vp) {
        let want =
            tables::victory_points(setup.size, outcome.objectives, outcome.exited as u32, killed_fighting(o, outcome));
        assert_eq!(vp, want, "victory points");
    }
    if let (Some((die, total)), Some(result)) = (b.result_roll, b.result) {
        assert_eq!(total, die as i32 + tables::vp_modifier(b.vp.unwrap()));
        assert_eq!(result, tables::battle_result(total, b.action));
        assert_eq!(b.to, Some(b.from.moved(result.zones())));
    }
    match s.phase() {
        Phase::ReplaceCommanders => assert!(!rules::pending_commanders(o, p).is_empty()),
        Phase::Recovery => {
            assert_eq!(b.recovery_target, tables::recovery_target(RecoveryRow::of(b.result), b.action));
            assert!(b.recovery_target.is_some(), "a Regroup never advances");
            if b.battle.is_none() {
                assert_eq!((b.result, b.to), (None, Some(b.from)), "no battle: no movement");
            } else {
                assert!(rules::pending_commanders(o, p).is_empty(), "commanders are replaced before recovery");
            }
        }
        _ => {}
    }
}

fn lost_set(p: &PlayerState) -> Vec<StandRef> {
    p.lost_refs()
}

/// What a decision may change, checked against the position before it.
fn transition(setup: &Setup, before: &State, d: &Decision, dice: &[u16], after: &State, stats: &mut Stats) {
    assert_eq!(before.phase(), phase_of(d), "a legal decision belongs to its phase");
    let side = before.offensive_side();
    for x in Side::BOTH {
        let (pb, pa) = (before.player(x), after.player(x));
        let ours = side == Some(x);
        let lost_may_change = ours
            && matches!(d, Decision::RecordOutcome(_) | Decision::ReplaceCommander { .. } | Decision::RollRecovery);
        if !lost_may_change {
            assert_eq!(pb.lost, pa.lost, "{d:?} leaves {x:?}'s losses alone");
        }
        if !(ours && matches!(d, Decision::ConfirmMovement)) {
            assert_eq!(pb.place, pa.place, "{d:?} does not move {x:?}");
        }
    }
    let Some(side) = side else { return };
    let o = orbat(setup, side);
    let (pb, pa) = (before.player(side), after.player(side));
    match d {
        Decision::FieldForces { .. } => {
            let b = after.current().unwrap();
            let size = tables::defence_size(b.battle.unwrap(), b.from.zone_number().unwrap());
            if setup.prepared(size, tables::DefenceOption::B) {
                assert_eq!(after.phase(), Phase::DefenceRoll, "with two options the defence is rolled");
            } else {
                assert_eq!(after.phase(), Phase::Fight, "with option A alone there is no roll");
                assert_eq!(b.defence, Some((size, tables::DefenceOption::A)));
                stats.defence_unrolled += 1;
            }
        }
        Decision::RecordOutcome(outcome) => {
            let mut want = lost_set(pb);
            for r in &outcome.killed {
                assert!(!pb.is_lost(*r), "a killed stand was not lost before");
                want.push(*r);
            }
            want.sort();
            assert_eq!(lost_set(pa), want, "killed stands and nothing else are lost");
        }
        Decision::ReplaceCommander { commander, replacement } => {
            assert!(o.stand(*commander).unwrap().kind.is_commander());
            assert!(o.stand(*replacement).unwrap().kind.can_replace_commander());
            assert!(pb.is_lost(*commander) && !pa.is_lost(*commander));
            assert!(!pb.is_lost(*replacement) && pa.is_lost(*replacement));
            assert_eq!(pb.lost_count(), pa.lost_count(), "a replacement swaps one loss for another");
            stats.replacements += 1;
        }
        Decision::RollRecovery => {
            let lost_before = lost_set(pb);
            let lost_after = lost_set(pa);
            assert_eq!(dice.len(), lost_before.len(), "one die per lost stand");
            assert!(lost_after.iter().all(|r| lost_before.contains(r)), "recovery never loses a stand");
            let b = after.battles.iter().rev().find(|b| b.side == side).unwrap();
            let target = b.recovery_target.unwrap();
            let back: Vec<StandRef> =
                lost_before.iter().zip(dice).filter(|(_, &v)| v >= target).map(|(r, _)| *r).collect();
            assert_eq!(b.recovered, back, "stands back are those whose die made {target}+");
            assert!(b.recovered.len() <= lost_before.len());
            assert_eq!(lost_after.len() + back.len(), lost_before.len(), "recovery resurrects only the lost");
            stats.recovered += back.len();
            if b.battle.is_none() {
                stats.no_battle += 1;
            }
            if b.result == Some(tables::BattleResult::Retreat1) {
                stats.retreats += 1;
            }
            if b.result == Some(tables::BattleResult::Advance2) {
                stats.advance2 += 1;
            }
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------
// Illegal decisions
// ---------------------------------------------------------------------------------------

/// One decision of every phase, with a name to tell them apart.
fn one_of_each() -> Vec<Decision> {
    let r = StandRef { unit: 4, stand: 0 };
    vec![
        Decision::ChooseAction { side: Side::A, action: OffensiveAction::Attack },
        Decision::RollBattleType,
        Decision::FieldForces { units: vec![] },
        Decision::RollDefence,
        Decision::ClockRoll,
        Decision::Note { text: "x".into() },
        Decision::RecordOutcome(BattleOutcome { objectives: 0, exited: 0, killed: vec![] }),
        Decision::RollBattleResult,
        Decision::ConfirmMovement,
        Decision::ReplaceCommander { commander: r, replacement: StandRef { unit: 4, stand: 1 } },
        Decision::RollRecovery,
    ]
}

/// An illegal decision for the position and the error it must bring.
fn illegal(setup: &Setup, c: &Game, rng: &mut Rng) -> (Decision, Vec<u16>, DecideError<RuleError>) {
    let s = c.state();
    let dice_for = |d: &Decision, rng: &mut Rng| rng.d6s(c.dice_for(d).map_or(0, |x| x.count as usize));
    let wrong_phase = |rng: &mut Rng| {
        let others: Vec<Decision> = one_of_each().into_iter().filter(|d| phase_of(d) != s.phase()).collect();
        let d = others[rng.below(others.len())].clone();
        let dice = dice_for(&d, rng);
        let e =
            if s.phase() == Phase::Finished { RuleError::CampaignOver } else { RuleError::NotNow { phase: s.phase() } };
        (d, dice, DecideError::Rules(e))
    };
    if rng.one_in(1, 3) || s.phase() == Phase::Finished {
        return wrong_phase(rng);
    }
    let side = s.offensive_side();
    match s.phase() {
        Phase::ChooseActions => match Side::BOTH.into_iter().find(|x| s.actions()[x.index()].is_some()) {
            Some(x) => (
                Decision::ChooseAction { side: x, action: OffensiveAction::Regroup },
                vec![],
                DecideError::Rules(RuleError::AlreadyChosen(x)),
            ),
            None => wrong_phase(rng),
        },
        Phase::TypeOfBattle | Phase::DefenceRoll | Phase::BattleResult => {
            let d = match s.phase() {
                Phase::TypeOfBattle => Decision::RollBattleType,
                Phase::DefenceRoll => Decision::RollDefence,
                _ => Decision::RollBattleResult,
            };
            let value = rng.pick(&[0u16, 7, 9]);
            (d, vec![value], DecideError::Dice(DiceError::OutOfRange { index: 0, value, sides: 6 }))
        }
        Phase::FieldForces => {
            let side = side.unwrap();
            let n = s.current().unwrap().units_allowed;
            let fieldable = rules::fieldable_units(orbat(setup, side), s.player(side));
            let count = if n < fieldable.len() && (n == 0 || rng.one_in(1, 2)) {
                n + 1
            } else if n > 0 {
                n - 1
            } else {
                return wrong_phase(rng);
            };
            let units = fieldable[..count].to_vec();
            (
                Decision::FieldForces { units },
                vec![],
                DecideError::Rules(RuleError::WrongUnitCount { expected: n, got: count }),
            )
        }
        Phase::Fight => {
            let side = side.unwrap();
            let b = s.current().unwrap();
            let o = orbat(setup, side);
            let p = s.player(side);
            let unfielded = o.stand_refs().find(|r| !b.fielded.contains(&r.unit));
            match unfielded {
                Some(r) if rng.one_in(1, 2) => (
                    Decision::RecordOutcome(BattleOutcome { objectives: 1, exited: 0, killed: vec![r] }),
                    vec![],
                    DecideError::Rules(RuleError::KilledNotFielded(rules::stand_name(o, r))),
                ),
                _ => {
                    let max = rules::fielded_fighting_stands(o, p, &b.fielded);
                    (
                        Decision::RecordOutcome(BattleOutcome {
                            objectives: 2,
                            exited: max as u16 + 1,
                            killed: vec![],
                        }),
                        vec![],
                        DecideError::Rules(RuleError::TooManyExited { max }),
                    )
                }
            }
        }
        Phase::ReplaceCommanders => {
            let side = side.unwrap();
            let o = orbat(setup, side);
            let commander = rules::pending_commanders(o, s.player(side))[0];
            let tank = o.stand_refs().find(|r| o.stand(*r).unwrap().kind == StandKind::Vehicle).unwrap();
            (
                Decision::ReplaceCommander { commander, replacement: tank },
                vec![],
                DecideError::Rules(RuleError::NotAReplacement(rules::stand_name(o, tank))),
            )
        }
        Phase::Movement | Phase::Recovery => {
            let d = if s.phase() == Phase::Movement { Decision::ConfirmMovement } else { Decision::RollRecovery };
            let n = c.dice_for(&d).map_or(0, |x| x.count as usize);
            let mut dice = rng.d6s(n + 1);
            dice[0] = 1;
            (d, dice, DecideError::Dice(DiceError::WrongCount { expected: n as u16, got: n + 1 }))
        }
        Phase::Finished => unreachable!(),
    }
}

/// `before` is the current position, kept beside the engine (no clone needed here).
fn try_illegal(setup: &Setup, c: &mut Game, before: &State, rng: &mut Rng, stats: &mut Stats) {
    let (d, dice, want) = illegal(setup, c, rng);
    let journal = c.journal().len();
    let can_redo = c.can_redo();
    assert_eq!(c.check(&d, &dice).err(), Some(want.clone()), "check {d:?} {dice:?} in {:?}", before.phase());
    assert_eq!(c.decide(d.clone(), DiceInput::Typed(dice.clone())).err(), Some(want), "decide {d:?} {dice:?}");
    assert_eq!(c.state(), before, "a refused decision changes nothing");
    assert_eq!(c.journal().len(), journal);
    assert_eq!(c.can_redo(), can_redo);
    stats.refused += 1;
}

// ---------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------

/// The random sequences' steps and checks (`shadow::walk`): illegal decisions from
/// `try_illegal`, legal ones drawn from the grammar, each checked against the rule it applies.
const SUITE: Suite<RaceForX, Stats> = Suite {
    finished: |s| s.phase() == Phase::Finished,
    illegal: try_illegal,
    legal: |c, rng, tally| {
        // Every Forces on table step: the suggested force is one the rules accept.
        suggestion_is_lawful(&c.setup().clone(), c);
        legal_step(c, rng, FLAGS, TRIES, tally)
    },
    transition,
    invariants,
};

fn run_sequence(setup: &Setup, rng: &mut Rng, stats: &mut Stats, tally: &mut Tally) {
    let mut c: Game = Campaign::new(setup.clone()).unwrap();
    // Most sequences are short; one in sixteen plays on until the campaign is decided.
    let max_steps = if rng.one_in(1, 16) { 2000 } else { 1 + rng.below(36) };
    let mix = Mix { undo: 4, redo: 3, illegal: 5 };
    let walked = walk(&SUITE, &mut c, rng, max_steps, &mix, stats, tally);
    stats.undos += walked.undos;
    stats.redos += walked.redos;
    stats.steps += walked.steps;
    match c.state().outcome() {
        Some(Outcome::Win(s)) => stats.wins[s.index()] += 1,
        Some(Outcome::Draw) => stats.draws += 1,
        None => {}
    }
    if stats.sequences.is_multiple_of(25) {
        let r = Campaign::<RaceForX>::replay(setup.clone(), c.journal().to_vec()).expect("a played journal replays");
        assert_eq!(r.state(), c.state(), "replay reproduces the position");
        assert_eq!(r.history().len(), c.journal().len());
        secrets::check_shareable(&c);
        // The position's stored form (a seat copy's) reads back the same.
        let stored = serde_json::to_string(c.state()).unwrap();
        assert_eq!(&serde_json::from_str::<State>(&stored).unwrap(), c.state(), "the stored form reads back the same");
        // And as a link: written through the tight grammar (code 8, `fd4.`), read back whole.
        let meta = Meta { id: format!("{:016x}", stats.sequences), name: "Random".into(), created: 1.0, updated: 2.0 };
        let doc = Document::new(meta, &AnyCampaign::RaceForX(c.clone()));
        let text = link::encode(&doc);
        assert!(text.starts_with("fd4."), "{text}");
        assert_eq!(link::decode(&text).as_ref(), Ok(&doc), "the link changed the campaign");
        stats.replays += 1;
    }
    stats.sequences += 1;
}

/// At every "Forces on table" step reached, the force the app suggests is one `apply` takes.
fn suggestion_is_lawful(setup: &Setup, c: &Game) {
    let s = c.state();
    if s.phase() != Phase::FieldForces {
        return;
    }
    let side = s.offensive_side().unwrap();
    let allowed = s.current().unwrap().units_allowed;
    let units = forces::suggested_forces(orbat(setup, side), s.player(side), allowed).expect("a force is suggested");
    assert_eq!(units.len(), allowed);
    if let Err(e) = c.check(&Decision::FieldForces { units: units.clone() }, &[]) {
        panic!("the suggested force {units:?} is refused: {e}");
    }
}

/// The sample, or (one time in three) the sample with option B dropped for some sizes.
fn some_setup(rng: &mut Rng) -> Setup {
    let mut setup = sample_setup();
    if rng.one_in(1, 3) {
        let dropped: Vec<ForceSize> = ForceSize::DEFENSIVE.into_iter().filter(|_| rng.one_in(1, 2)).collect();
        setup.defence.retain(|d| d.option == tables::DefenceOption::A || !dropped.contains(&d.size));
    }
    setup
}

fn run(seed: u64, sequences: usize) -> Stats {
    let mut rng = Rng::new(seed);
    let mut stats = Stats::default();
    let mut tally = Tally::default();
    let t = std::time::Instant::now();
    for _ in 0..sequences {
        let setup = some_setup(&mut rng);
        run_sequence(&setup, &mut rng, &mut stats, &mut tally);
    }
    println!("{stats:?} in {:?}", t.elapsed());
    println!("decisions drawn: {:?}, {} unusable draws", tally.accepted, tally.unusable);
    // The run reaches every corner it is meant to test.
    assert_eq!(stats.sequences, sequences);
    assert!(stats.wins[0] > 0 && stats.wins[1] > 0, "both players win sometimes: {stats:?}");
    assert!(stats.draws > 0, "some campaigns are drawn: {stats:?}");
    assert!(stats.undos > 0 && stats.redos > 0 && stats.refused > 0, "{stats:?}");
    assert!(stats.no_battle > 0 && stats.retreats > 0 && stats.advance2 > 0, "{stats:?}");
    assert!(stats.replacements > 0 && stats.recovered > 0 && stats.replays > 0, "{stats:?}");
    assert!(stats.defence_unrolled > 0, "some battles have only option A: {stats:?}");
    stats
}

// 4 x 2,500 = 10,000 sequences, split so the test threads share them.
#[test]
fn random_play_1() {
    run(0x5EED_0001, 2500);
}
#[test]
fn random_play_2() {
    run(0x5EED_0002, 2500);
}
#[test]
fn random_play_3() {
    run(0x5EED_0003, 2500);
}
#[test]
fn random_play_4() {
    run(0x5EED_0004, 2500);
}
