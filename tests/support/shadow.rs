//! The random suites' walk with undo and redo (`race_for_x_random.rs`,
//! `axis_of_attack_random.rs`): each draw undoes, redoes, offers illegal decisions or takes a
//! legal step, and the positions in effect and the ones undone are kept beside the engine's, so
//! that every undo, redo and decision is checked against what the suite saw, not against the
//! engine's own memory. Pulled in after `support/rng.rs`: `#[path = "support/shadow.rs"] mod
//! shadow;`.

#![allow(dead_code)]

use super::grammar_walk::Tally;
use super::rng::Rng;
use field_desk::engine::{Action, Campaign, System};

pub struct Shadow<S: System> {
    kept: Vec<S::State>,
    undone: Vec<S::State>,
}

impl<S: System> Shadow<S> {
    pub fn new(c: &Campaign<S>) -> Self {
        Shadow { kept: vec![c.state().clone()], undone: Vec::new() }
    }

    /// The position the suite expects the campaign to be in.
    pub fn now(&self) -> &S::State {
        self.kept.last().expect("the start is always kept")
    }

    /// Undoes one decision and checks the campaign went back one position.
    pub fn undo(&mut self, c: &mut Campaign<S>) {
        assert!(c.undo(), "an undo the campaign offered was refused");
        self.undone.push(self.kept.pop().expect("an undo has a decision to take back"));
        assert_eq!(c.state(), self.now(), "undo goes back one position");
    }

    /// Redoes one decision and checks the undone position came back.
    pub fn redo(&mut self, c: &mut Campaign<S>) {
        c.redo().unwrap_or_else(|e| panic!("a redo the campaign offered was refused: {e}"));
        self.kept.push(self.undone.pop().expect("a redo has an undone position"));
        assert_eq!(c.state(), self.now(), "redo restores the undone position");
    }

    /// Records the decision just taken. The same decision as the one just undone is taken as
    /// a redo (its dice came back): then the undone position must be the one reached, and
    /// this returns true. Any other decision forgets what was undone.
    pub fn decided(&mut self, c: &Campaign<S>) -> bool {
        let redone = matches!(c.journal().last(), Some(Action::Redo));
        if redone {
            self.kept.push(self.undone.pop().expect("a redo has an undone position"));
            assert_eq!(c.state(), self.now(), "the decision taken again reached another position");
        } else {
            self.undone.clear();
            self.kept.push(c.state().clone());
        }
        redone
    }

    /// Checks the campaign holds as many steps as the positions kept.
    pub fn check_steps(&self, c: &Campaign<S>) {
        assert_eq!(c.steps() + 1, self.kept.len(), "the campaign's steps and the positions kept differ");
    }
}

/// In a hundred draws, how many undo (when the campaign can), redo (when it can) or offer
/// illegal decisions; the rest take a legal step.
pub struct Mix {
    pub undo: usize,
    pub redo: usize,
    pub illegal: usize,
}

/// What a walk did.
#[derive(Default, Debug)]
pub struct Walked {
    pub undos: usize,
    pub redos: usize,
    pub steps: usize,
}

/// Checks a step taken from one position to the next, with the dice it rolled.
pub type Transition<S, St> =
    fn(&<S as System>::Setup, &<S as System>::State, &<S as System>::Decision, &[u16], &<S as System>::State, &mut St);

/// A random suite's steps and checks, as functions of its system (`St` its figures).
pub struct Suite<S: System, St> {
    /// The campaign is over: the walk stops at its next legal step.
    pub finished: fn(&S::State) -> bool,
    /// Offers decisions illegal in the given position; each must be refused and change nothing.
    pub illegal: fn(&S::Setup, &mut Campaign<S>, &S::State, &mut Rng, &mut St),
    /// Takes one legal decision and returns it.
    pub legal: fn(&mut Campaign<S>, &mut Rng, &mut Tally) -> S::Decision,
    /// Checks the step just taken.
    pub transition: Transition<S, St>,
    /// Checks the position after every draw.
    pub invariants: fn(&S::Setup, &S::State),
}

/// The random suites' walk: up to `max_steps` draws, each an undo, a redo, illegal decisions
/// or a legal step as `mix` says, every one checked against the positions kept beside the
/// engine's (`Shadow`).
pub fn walk<S: System, St>(
    suite: &Suite<S, St>,
    c: &mut Campaign<S>,
    rng: &mut Rng,
    max_steps: usize,
    mix: &Mix,
    stats: &mut St,
    tally: &mut Tally,
) -> Walked {
    let setup = c.setup().clone();
    let mut shadow = Shadow::new(c);
    let mut walked = Walked::default();
    for _ in 0..max_steps {
        let roll = rng.below(100);
        if roll < mix.undo && c.can_undo() {
            shadow.undo(c);
            walked.undos += 1;
        } else if roll < mix.undo + mix.redo && c.can_redo() {
            shadow.redo(c);
            walked.redos += 1;
        } else if roll < mix.undo + mix.redo + mix.illegal {
            (suite.illegal)(&setup, c, shadow.now(), rng, stats);
        } else {
            if (suite.finished)(c.state()) {
                break;
            }
            let before = shadow.now();
            let d = (suite.legal)(c, rng, tally);
            let dice: Vec<u16> = c.active_entries().last().unwrap().dice.iter().map(|r| r.value).collect();
            (suite.transition)(&setup, before, &d, &dice, c.state(), stats);
            // The same decision as the one just undone is a redo: its dice came back.
            if shadow.decided(c) {
                walked.redos += 1;
            }
        }
        (suite.invariants)(&setup, c.state());
        shadow.check_steps(c);
        walked.steps += 1;
    }
    walked
}
