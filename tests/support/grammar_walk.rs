//! A system's grammar (`engine::Grammar`) walked by a random chooser: random play that draws
//! every decision from the same description the link coder uses, instead of a generator of its
//! own. A draw the rules refuse is counted and drawn again, so the figures say how tight each
//! grammar is (how often it describes a decision the position does not allow).
#![allow(dead_code)]

use super::rng::Rng;
use field_desk::engine::{Campaign, Chooser, DecideError, DiceInput, Grammar, System};
use std::collections::BTreeMap;

/// A chooser that takes every choice at random: small numbers, short lists, texts from a few.
pub struct RandomChooser<'a> {
    pub rng: &'a mut Rng,
    /// The chance, in hundredths, that a flag of a context listed here is yes (others: even).
    pub flags: &'a [(u16, usize)],
    /// Numbers and counts of a context listed here drawn by these weights: of 0, 1, 2 and on
    /// (a count's weights past its cap left out; others as `number` and `count` say).
    pub numbers: &'a [(u16, &'a [usize])],
}

/// How a walk weights the grammar's choices by context (`RandomChooser::flags`, `numbers`).
#[derive(Clone, Copy, Default)]
pub struct Weights<'a> {
    pub flags: &'a [(u16, usize)],
    pub numbers: &'a [(u16, &'a [usize])],
}

impl<'a> RandomChooser<'a> {
    /// A chooser weighted as `w` says.
    pub fn weighted(rng: &'a mut Rng, w: Weights<'a>) -> RandomChooser<'a> {
        RandomChooser { rng, flags: w.flags, numbers: w.numbers }
    }

    /// A number of context `ctx` up to `cap` drawn by its weights, if it has any.
    fn by_weight(&mut self, ctx: u16, cap: usize) -> Option<usize> {
        let w = self.numbers.iter().find(|x| x.0 == ctx)?.1;
        let w = &w[..w.len().min(cap.saturating_add(1))];
        let total: usize = w.iter().sum();
        if total == 0 {
            return None;
        }
        let mut at = self.rng.below(total);
        w.iter().position(|&x| {
            let here = at < x;
            at = at.saturating_sub(x);
            here
        })
    }
}

/// The random chooser never refuses; a value the grammar cannot use ends the draw.
#[derive(Debug)]
pub struct Refused;

const TEXTS: [&str; 4] = ["", "Hill 112", "the ford", "Night raid on the farm"];

impl Chooser for RandomChooser<'_> {
    type Error = Refused;
    fn pick(&mut self, n: u32, _given: Option<u32>) -> Result<u32, Refused> {
        if n == 0 {
            return Err(Refused);
        }
        Ok(self.rng.below(n as usize) as u32)
    }
    fn flag(&mut self, ctx: u16, _given: Option<bool>) -> Result<bool, Refused> {
        let yes = self.flags.iter().find(|f| f.0 == ctx).map_or(50, |f| f.1);
        Ok(self.rng.below(100) < yes)
    }
    fn number(&mut self, ctx: u16, _given: Option<u64>) -> Result<u64, Refused> {
        if let Some(n) = self.by_weight(ctx, usize::MAX) {
            return Ok(n as u64);
        }
        // Mostly small: 0 to 3 often, up to 20 sometimes.
        Ok(if self.rng.one_in(3, 4) { self.rng.range(0, 3) } else { self.rng.range(0, 20) } as u64)
    }
    fn text(&mut self, _given: Option<&str>) -> Result<String, Refused> {
        Ok(TEXTS[self.rng.below(TEXTS.len())].to_string())
    }
    fn count(&mut self, ctx: u16, _given: Option<usize>, cap: usize) -> Result<usize, Refused> {
        if let Some(n) = self.by_weight(ctx, cap) {
            return Ok(n);
        }
        Ok(self.rng.range(0, cap.min(4)))
    }
    fn chance(&mut self, yes: u32, total: u32, _given: Option<bool>) -> Result<bool, Refused> {
        if yes == 0 || yes >= total {
            return Err(Refused);
        }
        Ok(self.rng.below(total as usize) < yes as usize)
    }
    fn refuse(&self) -> Refused {
        Refused
    }
}

/// What the draws came to, by the decision's kind (its `Debug` name).
#[derive(Default, Debug)]
pub struct Tally {
    pub accepted: BTreeMap<String, usize>,
    pub refused: BTreeMap<String, usize>,
    /// Draws the grammar itself gave up on (a value it cannot use).
    pub unusable: usize,
}

impl Tally {
    pub fn total_accepted(&self) -> usize {
        self.accepted.values().sum()
    }
    pub fn total_refused(&self) -> usize {
        self.refused.values().sum()
    }
    /// Prints a grammar-drawn run's figures: how many ended, decisions taken, draws refused
    /// (and of which kinds), draws the grammar could not use.
    pub fn print(&self, name: &str, runs: u64, ended: usize) {
        let (a, r) = (self.total_accepted(), self.total_refused());
        println!(
            "{name}: {runs} campaigns, {ended} to the end; {a} decisions taken, {r} draws refused by the rules ({:.1} %), {} unusable",
            100.0 * r as f64 / (a + r).max(1) as f64,
            self.unusable
        );
        for (k, n) in &self.refused {
            println!("  refused {k}: {n} (taken {})", self.accepted.get(k).copied().unwrap_or(0));
        }
    }
}

/// Plays `c` from the grammar (`step`, at most `tries` draws a step) until it is over or
/// `max_steps` decisions were taken: whether it ended, or `None` when a step drew nothing the
/// rules took.
pub fn play_out<S: Grammar>(
    c: &mut Campaign<S>,
    rng: &mut Rng,
    max_steps: usize,
    tries: usize,
    tally: &mut Tally,
) -> Option<bool>
where
    S::Decision: std::fmt::Debug,
{
    for _ in 0..max_steps {
        if S::over(c.setup(), c.state()) {
            break;
        }
        if !step(c, rng, tries, tally) {
            return None;
        }
    }
    Some(S::over(c.setup(), c.state()))
}

fn kind<D: std::fmt::Debug>(d: &D) -> String {
    let s = format!("{d:?}");
    s.split(|c: char| !c.is_alphanumeric()).next().unwrap_or("").to_string()
}

/// One step of random play through the grammar: draws until the rules accept a decision (at
/// most `tries`), and takes it with dice from the app (the seeded generator). False when no
/// draw was accepted.
pub fn step<S: Grammar>(c: &mut Campaign<S>, rng: &mut Rng, tries: usize, tally: &mut Tally) -> bool
where
    S::Decision: std::fmt::Debug,
{
    step_weighted(c, rng, Weights::default(), tries, tally)
}

/// `step` with the grammar's choices weighted by context (`Weights`).
pub fn step_weighted<S: Grammar>(
    c: &mut Campaign<S>,
    rng: &mut Rng,
    weights: Weights<'_>,
    tries: usize,
    tally: &mut Tally,
) -> bool
where
    S::Decision: std::fmt::Debug,
{
    step_taken_by(c, rng, weights, tries, tally, |c, d, rng| c.decide(d, DiceInput::App(rng)).is_ok())
}

/// `step_weighted` with each draw taken by `take` (true when the rules took it): as the app's
/// keeper takes it, sealed or not, say.
pub fn step_taken_by<S: Grammar>(
    c: &mut Campaign<S>,
    rng: &mut Rng,
    weights: Weights<'_>,
    tries: usize,
    tally: &mut Tally,
    mut take: impl FnMut(&mut Campaign<S>, S::Decision, &mut Rng) -> bool,
) -> bool
where
    S::Decision: std::fmt::Debug,
{
    for _ in 0..tries {
        let drawn = S::decision(c.setup(), c.state(), &mut RandomChooser::weighted(&mut *rng, weights), None);
        let Ok(d) = drawn else {
            tally.unusable += 1;
            continue;
        };
        let k = kind(&d);
        if take(c, d, rng) {
            *tally.accepted.entry(k).or_default() += 1;
            return true;
        }
        *tally.refused.entry(k).or_default() += 1;
    }
    false
}

/// One step of play drawn from the grammar that the rules must accept: draws until the grammar
/// gives a decision (a draw it gives up on, a value it cannot use, is drawn again, at most
/// `tries` times), takes it with dice from the app and returns it. A drawn decision the rules
/// refuse fails the test: every decision the grammar produces is legal. `flags` weights the
/// grammar's flags by context (`RandomChooser::flags`), to steer play where the suite wants it.
pub fn legal_step<S: Grammar>(
    c: &mut Campaign<S>,
    rng: &mut Rng,
    flags: &[(u16, usize)],
    tries: usize,
    tally: &mut Tally,
) -> S::Decision
where
    S::Decision: std::fmt::Debug + Clone,
{
    legal_step_weighted(c, rng, Weights { flags, numbers: &[] }, tries, tally)
}

/// `legal_step` with numbers and counts weighted by context too (`Weights`).
pub fn legal_step_weighted<S: Grammar>(
    c: &mut Campaign<S>,
    rng: &mut Rng,
    weights: Weights<'_>,
    tries: usize,
    tally: &mut Tally,
) -> S::Decision
where
    S::Decision: std::fmt::Debug + Clone,
{
    for _ in 0..tries {
        let drawn = S::decision(c.setup(), c.state(), &mut RandomChooser::weighted(&mut *rng, weights), None);
        let Ok(d) = drawn else {
            tally.unusable += 1;
            continue;
        };
        if let Err(e) = c.decide(d.clone(), DiceInput::App(&mut *rng)) {
            panic!("the grammar drew {d:?}, which the rules refuse: {e}");
        }
        *tally.accepted.entry(kind(&d)).or_default() += 1;
        return d;
    }
    panic!("no decision drawn from the grammar in {tries} tries");
}

/// Offers `d`, which the campaign must refuse, and checks that refusing it left the campaign
/// as it was (position, journal, undo and redo): the typed error it gave.
pub fn refused<S: System>(c: &mut Campaign<S>, d: S::Decision, input: DiceInput<'_>) -> DecideError<S::Error> {
    let (state, journal, undo, redo) = (c.state().clone(), c.journal().to_vec(), c.can_undo(), c.can_redo());
    let e = match c.decide(d.clone(), input) {
        Ok(()) => panic!("{d:?} was taken, but it is illegal now"),
        Err(e) => e,
    };
    assert!(*c.state() == state, "refusing {d:?} changed the position");
    assert!(c.journal() == &journal[..], "refusing {d:?} changed the journal");
    assert_eq!((c.can_undo(), c.can_redo()), (undo, redo), "refusing {d:?} changed undo or redo");
    e
}

/// A grammar's draw with an even chooser, without taking it (at most `tries` draws): a decision
/// the position allows, for a test to make illegal.
pub fn draw<S: Grammar>(c: &Campaign<S>, rng: &mut Rng, tries: usize) -> Option<S::Decision> {
    (0..tries).find_map(|_| {
        S::decision(c.setup(), c.state(), &mut RandomChooser::weighted(&mut *rng, Weights::default()), None).ok()
    })
}

/// The grammar's flags weighted by context (`grammar_walk::RandomChooser::flags`, in
/// hundredths of yes; the contexts are `systems/race_for_x/grammar_v1.rs`'s) to play as the
/// table does: one action in six a regroup; in the fight a clock roll one step in five while
/// the clock runs, mostly the outcome otherwise (a note or names now and then); objectives
/// mostly taken, mostly both.
pub const RACE_FOR_X_AT_THE_TABLE: &[(u16, usize)] = &[
    (17, 17), // A regroups
    (18, 17), // B regroups
    (20, 80), // not a clock roll (by clock rolled yet, objectives named yet)
    (21, 80),
    (22, 80),
    (23, 80),
    (24, 10), // not the outcome, the clock stopped
    (25, 10),
    (26, 10),
    (27, 10),
    (28, 13), // not the outcome, the clock running
    (29, 13),
    (30, 13),
    (31, 13),
    (36, 88), // some objectives
    (37, 71), // both
];
