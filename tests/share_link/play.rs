//! Deterministic club-night playthroughs of the sample campaign, shared by
//! `tests/share_link.rs` and `examples/link_lengths.rs`.
//!
//! Every part of a turn is played as the app records it: both actions, the type-of-battle
//! roll, the units fielded, the defence roll, the two objectives named, every clock roll
//! until the 12th tick (the longest a battle's log gets), the outcome with its losses, the
//! battle result, movement, replaced commanders and recovery. Outcomes are steered so that
//! nobody reaches X early: a player near X tends to take fewer objectives.

#![allow(dead_code)]

use field_desk::engine::{Campaign, DiceInput};
use field_desk::systems::race_for_x::rules::{self, replacement_candidates};
use field_desk::systems::race_for_x::state::PlayerState;
use field_desk::systems::race_for_x::tables::{self, OffensiveAction};
use field_desk::systems::race_for_x::{sample, BattleOutcome, Decision, Orbat, Phase, RaceForX, Setup, Side, State};

pub type Game = Campaign<RaceForX>;

#[path = "../support/rng.rs"]
pub mod rng;
pub use rng::Rng;
#[path = "../support/force.rs"]
mod force;
use force::Order;

/// Who rolls the dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dice {
    /// The app, from the entropy of `Rng`.
    App,
    /// Rolled at the table and typed in.
    Typed,
}

/// How a club plays.
#[derive(Clone, Copy, Debug)]
pub struct Habits {
    pub dice: Dice,
    /// Every clock roll goes through the app (otherwise the table keeps its own clock).
    pub clock_in_app: bool,
    /// The two terrain objectives get names.
    pub name_objectives: bool,
}

pub const CLUB: Habits = Habits { dice: Dice::App, clock_in_app: true, name_objectives: true };
pub const TYPED: Habits = Habits { dice: Dice::Typed, clock_in_app: true, name_objectives: true };
pub const TABLE_CLOCK: Habits = Habits { dice: Dice::App, clock_in_app: false, name_objectives: false };

pub fn new_sample() -> Game {
    Campaign::new(sample::sample_setup()).unwrap()
}

fn orbat(setup: &Setup, side: Side) -> &Orbat {
    &setup.players[side.index()].orbat
}

/// A force of exactly `n` units honouring the HQ deployment rule.
pub fn legal_force(orbat: &Orbat, p: &PlayerState, n: usize, rng: &mut Rng) -> Vec<u16> {
    force::legal_force(orbat, p, n, rng, Order::AsListed)
}

/// The next decision a club would take in this position.
pub fn next_decision(setup: &Setup, s: &State, habits: Habits, rng: &mut Rng) -> Decision {
    let side = s.offensive_side();
    let b = s.current();
    match s.phase() {
        Phase::ChooseActions => {
            let side = if s.actions()[0].is_none() { Side::A } else { Side::B };
            let action = if rng.one_in(1, 6) { OffensiveAction::Regroup } else { OffensiveAction::Attack };
            Decision::ChooseAction { side, action }
        }
        Phase::TypeOfBattle => Decision::RollBattleType,
        Phase::FieldForces => {
            let side = side.unwrap();
            Decision::FieldForces {
                units: legal_force(orbat(setup, side), s.player(side), b.unwrap().units_allowed, rng),
            }
        }
        Phase::DefenceRoll => Decision::RollDefence,
        Phase::Fight => {
            let b = b.unwrap();
            if habits.name_objectives && b.objectives[0].is_empty() {
                let names = ["Farm", "Church", "Wood", "Bridge", "Hill 112", "Crossroads", "Mill"];
                let first = rng.pick(&names);
                let second = rng.pick(&names);
                Decision::NameObjectives {
                    names: [first.into(), if second == first { "Ridge".into() } else { second.into() }],
                }
            } else if habits.clock_in_app && b.clock < tables::CLOCK_TICKS {
                Decision::ClockRoll
            } else {
                let side = side.unwrap();
                let o = orbat(setup, side);
                let p = s.player(side);
                // Near X the defence stiffens: fewer objectives taken.
                let objectives =
                    if p.place.raw() >= 4 { rng.pick(&[0u8, 1, 1, 2]) } else { rng.pick(&[0u8, 1, 2, 2, 2]) };
                let rate = rng.pick(&[0usize, 5, 10, 15, 20, 30]);
                let killed = o
                    .stand_refs()
                    .filter(|r| b.fielded.contains(&r.unit) && !p.is_lost(*r) && rng.below(100) < rate)
                    .collect();
                Decision::RecordOutcome(BattleOutcome { objectives, exited: 0, killed })
            }
        }
        Phase::BattleResult => Decision::RollBattleResult,
        Phase::Movement => Decision::ConfirmMovement,
        Phase::ReplaceCommanders => {
            let side = side.unwrap();
            let o = orbat(setup, side);
            let p = s.player(side);
            let commander = rules::pending_commanders(o, p)[0];
            let (candidates, _) = replacement_candidates(o, p, commander);
            Decision::ReplaceCommander { commander, replacement: rng.pick(&candidates) }
        }
        Phase::Recovery => Decision::RollRecovery,
        Phase::Finished => unreachable!("the campaign is over"),
    }
}

/// Plays `d` with dice rolled by the app or typed from the table.
pub fn decide(c: &mut Game, d: Decision, dice: Dice, rng: &mut Rng) {
    match dice {
        Dice::App => {
            c.decide(d, DiceInput::App(&mut *rng)).unwrap();
        }
        Dice::Typed => {
            let values = c.dice_for(&d).map_or(Vec::new(), |spec| {
                (0..spec.count).map(|_| rng.below(spec.die.sides() as usize) as u16 + 1).collect()
            });
            c.decide(d, DiceInput::Typed(values)).unwrap();
        }
    }
}

/// Plays one decision; false once the campaign is over.
pub fn step(c: &mut Game, habits: Habits, rng: &mut Rng) -> bool {
    if c.state().phase() == Phase::Finished {
        return false;
    }
    let d = next_decision(c.setup(), c.state(), habits, rng);
    decide(c, d, habits.dice, rng);
    true
}

/// Plays `turns` whole campaign turns (fewer if someone reaches X).
pub fn play_turns(c: &mut Game, turns: u32, habits: Habits, rng: &mut Rng) {
    let until = c.state().turn + turns;
    while c.state().turn < until && step(c, habits, rng) {}
}

/// The sample played for `turns` campaign turns from a seed.
pub fn sample_after(turns: u32, habits: Habits, seed: u64) -> Game {
    let mut c = new_sample();
    play_turns(&mut c, turns, habits, &mut Rng::new(seed));
    c
}
