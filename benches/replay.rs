//! Replay figures: plays the sample Race for X campaign with app-rolled dice from a fixed
//! entropy source until the journal holds 1,000 lines (decisions, undos and redos), then
//! times `Campaign::replay` of that journal, `history()` of the result, and what the campaign
//! screen asks after every decision (the last line and the undo label). Prints figures
//! only; nothing here asserts on time.
//!
//! Run with `cargo bench --bench replay`.

use field_desk::engine::{Action, Campaign, DiceInput};
use field_desk::systems::race_for_x::rules;
use field_desk::systems::race_for_x::sample::sample_setup;
use field_desk::systems::race_for_x::state::PlayerState;
use field_desk::systems::race_for_x::tables::{self, OffensiveAction};
use field_desk::systems::race_for_x::{BattleOutcome, Decision, Orbat, Phase, RaceForX, Setup, Side, State};
use std::hint::black_box;
use std::time::{Duration, Instant};

const ENTRIES: usize = 1_000;
const ITERATIONS: usize = 30;

/// The seeded generator the "app" rolls from.
#[path = "../tests/support/rng.rs"]
mod rng;
use rng::Rng as Entropy;

/// A force of `n` units that honours the HQ rule: whole companies first (HQ and platoons),
/// then the battalion HQ if it is due, then support units.
fn force(orbat: &Orbat, p: &PlayerState, n: usize, e: &mut Entropy) -> Vec<u16> {
    let fieldable = rules::fieldable_units(orbat, p);
    for _ in 0..500 {
        let mut pool = fieldable.clone();
        for i in (1..pool.len()).rev() {
            pool.swap(i, e.below(i + 1));
        }
        let mut set: Vec<u16> = pool[..n].to_vec();
        for _ in 0..10 {
            let missing: Vec<u16> =
                rules::required_hqs(orbat, p, &set).into_iter().filter(|h| !set.contains(h)).collect();
            if missing.is_empty() && set.len() == n {
                return set;
            }
            set.extend(missing);
            while set.len() > n {
                let required = rules::required_hqs(orbat, p, &set);
                match set.iter().position(|u| !required.contains(u)) {
                    Some(i) => {
                        set.remove(i);
                    }
                    None => break,
                }
            }
            while set.len() < n {
                set.push(*fieldable.iter().find(|u| !set.contains(u)).unwrap());
            }
        }
    }
    panic!("no legal force of {n} units");
}

fn outcome(orbat: &Orbat, p: &PlayerState, fielded: &[u16], e: &mut Entropy) -> BattleOutcome {
    let objectives = [0, 1, 1, 2, 2][e.below(5)] as u8;
    let killed: Vec<_> =
        orbat.stand_refs().filter(|r| fielded.contains(&r.unit) && !p.is_lost(*r) && e.below(100) < 6).collect();
    let fighting_killed = killed.iter().filter(|r| orbat.stand(**r).unwrap().kind.is_fighting()).count();
    let max = rules::fielded_fighting_stands(orbat, p, fielded) - fighting_killed;
    let exited = e.below(max.min(4) + 1) as u16;
    BattleOutcome { objectives, exited, killed }
}

/// The next decision of a plausible evening's play.
fn next_decision(setup: &Setup, s: &State, e: &mut Entropy) -> Decision {
    let side = s.offensive_side();
    match s.phase() {
        Phase::ChooseActions => {
            let who = if s.actions()[0].is_none() { Side::A } else { Side::B };
            // A player within reach of X waits (regroups), so the race lasts the whole journal.
            let action = if matches!(s.player(who).place.zone_number(), Some(4 | 5)) || e.below(5) == 0 {
                OffensiveAction::Regroup
            } else {
                OffensiveAction::Attack
            };
            Decision::ChooseAction { side: who, action }
        }
        Phase::TypeOfBattle => Decision::RollBattleType,
        Phase::FieldForces => {
            let side = side.unwrap();
            let n = s.current().unwrap().units_allowed;
            Decision::FieldForces { units: force(&setup.players[side.index()].orbat, s.player(side), n, e) }
        }
        Phase::DefenceRoll => Decision::RollDefence,
        Phase::Fight => {
            let b = s.current().unwrap();
            if b.objectives[0].is_empty() {
                Decision::NameObjectives { names: ["Church".into(), "Crossroads".into()] }
            } else if b.clock < tables::CLOCK_TICKS {
                if b.clock_rolls % 10 == 9 && b.notes.len() < b.clock_rolls as usize / 10 {
                    Decision::Note { text: format!("Turn {} clock {}", s.turn, b.clock) }
                } else {
                    Decision::ClockRoll
                }
            } else {
                let side = side.unwrap();
                Decision::RecordOutcome(outcome(&setup.players[side.index()].orbat, s.player(side), &b.fielded, e))
            }
        }
        Phase::BattleResult => Decision::RollBattleResult,
        Phase::Movement => Decision::ConfirmMovement,
        Phase::ReplaceCommanders => {
            let side = side.unwrap();
            let orbat = &setup.players[side.index()].orbat;
            let commander = rules::pending_commanders(orbat, s.player(side))[0];
            let replacement = rules::replacement_candidates(orbat, s.player(side), commander).0[0];
            Decision::ReplaceCommander { commander, replacement }
        }
        Phase::Recovery => Decision::RollRecovery,
        Phase::Finished => unreachable!("the campaign ended before the journal was full"),
    }
}

fn build_journal(setup: &Setup) -> Campaign<RaceForX> {
    let mut c: Campaign<RaceForX> = Campaign::new(setup.clone()).unwrap();
    let mut e = Entropy::new(0x00F1_E1DD_E5C0);
    let mut pending_redo: Option<Decision> = None;
    while c.journal().len() < ENTRIES {
        assert!(c.state().phase() != Phase::Finished, "campaign over after {} lines", c.journal().len());
        // Every so often a player takes a step back and plays it again: the same decision
        // with app dice gives back the undone roll (a redo line).
        if let Some(d) = pending_redo.take() {
            c.decide(d, DiceInput::App(&mut e)).unwrap();
            continue;
        }
        if c.journal().len() % 97 == 96 && c.can_undo() {
            let last = c.active_entries().last().unwrap().decision.clone();
            c.undo();
            pending_redo = Some(last);
            continue;
        }
        let d = next_decision(setup, c.state(), &mut e);
        c.decide(d, DiceInput::App(&mut e)).unwrap();
    }
    c
}

fn stats(times: &[Duration]) -> (Duration, Duration, Duration) {
    let total: Duration = times.iter().sum();
    (total / times.len() as u32, *times.iter().min().unwrap(), *times.iter().max().unwrap())
}

fn main() {
    let setup = sample_setup();
    let t = Instant::now();
    let c = build_journal(&setup);
    let build = t.elapsed();
    let journal = c.journal().to_vec();
    let count = |f: fn(&Action<Decision>) -> bool| journal.iter().filter(|a| f(a)).count();
    let decisions = count(|a| matches!(a, Action::Decide(_)));
    let undos = count(|a| matches!(a, Action::Undo));
    let redos = count(|a| matches!(a, Action::Redo));
    let dice: usize = journal.iter().map(|a| if let Action::Decide(e) = a { e.dice.len() } else { 0 }).sum();
    let s = c.state();
    println!("Race for X replay benchmark (sample campaign, app dice from a fixed seed)");
    println!(
        "journal: {} entries ({decisions} decisions, {undos} undos, {redos} redos, {dice} dice), {} decisions in effect",
        journal.len(),
        c.steps()
    );
    println!(
        "reached: turn {}, {} ({}: {}, {}: {}), {} parts of turns finished",
        s.turn,
        s.phase().name(),
        setup.players[0].name,
        s.players[0].place.name(),
        setup.players[1].name,
        s.players[1].place.name(),
        s.battles.len()
    );
    println!("built by play in {build:?}");

    let mut times = Vec::with_capacity(ITERATIONS);
    for _ in 0..ITERATIONS {
        let input = journal.clone();
        let setup = setup.clone();
        let t = Instant::now();
        let r = Campaign::<RaceForX>::replay(setup, input).expect("the journal replays");
        times.push(t.elapsed());
        assert_eq!(r.state(), c.state(), "replay reproduces the position");
        black_box(r);
    }
    let (mean, min, max) = stats(&times);
    println!(
        "Campaign::replay x{ITERATIONS}: mean {mean:?}, min {min:?}, max {max:?} per replay ({:.2} us per entry, mean)",
        mean.as_secs_f64() * 1e6 / journal.len() as f64
    );

    let mut times = Vec::with_capacity(ITERATIONS);
    let mut lines = 0;
    for _ in 0..ITERATIONS {
        let t = Instant::now();
        let h = black_box(c.history());
        times.push(t.elapsed());
        lines = h.len();
    }
    let (mean, min, max) = stats(&times);
    println!("history() x{ITERATIONS}: {lines} lines, mean {mean:?}, min {min:?}, max {max:?}");

    // What the screen reads after each decision: the last line and the undo button's label.
    let mut times = Vec::with_capacity(ITERATIONS);
    for _ in 0..ITERATIONS {
        let t = Instant::now();
        black_box((c.last_entry_for(None), c.undo_label_for(None)));
        times.push(t.elapsed());
    }
    let (mean, min, max) = stats(&times);
    println!("last_entry_for + undo_label_for x{ITERATIONS}: mean {mean:?}, min {min:?}, max {max:?}");
    // The same two read from the whole history, as the screen read them before `engine/campaign/last.rs`.
    let mut times = Vec::with_capacity(ITERATIONS);
    for _ in 0..ITERATIONS {
        let t = Instant::now();
        black_box((c.history_for(None), c.history()));
        times.push(t.elapsed());
    }
    let (mean, min, max) = stats(&times);
    println!("  the same from the whole history x{ITERATIONS}: mean {mean:?}, min {min:?}, max {max:?}");
}
