//! Race for X in a link: its setup and decisions through a grammar, walked by the one coder
//! (`generic`): system code 8 (`fd4.`, written) through the system's tight grammar
//! (`systems::race_for_x::grammar`), code 0 (`fd1.`, read) through link version 1's
//! (`grammar_v1::GrammarV1`). What stays Race for X's own is the framing around them, in
//! `mod.rs`: the flag "replayed", the line count, and the plain journal for a history that
//! does not replay; both codes share it, and the setup's coding.
//!
//! Link version 1 was released with a hand-written coder; `GrammarV1` walks its very choices
//! with its very models, so the bytes are the same (the committed `fd1.` fixtures are the
//! proof). One model of that coder was shared across parts: the setup's counts went through
//! the model that had just coded the meta's numbers (`Models::count`). That model is lent to
//! the grammar's `COUNTS` context while the setup is coded, and taken back after.

use super::budget::ReplayCost;
use super::generic;
use super::models::Models;
use super::range::Coder;
use super::LinkError;
use crate::engine::{Action, GrammarOf};
use crate::systems::race_for_x::grammar::COUNTS;
use crate::systems::race_for_x::{Decision, RaceForX, Setup};

/// The setup through the grammar, the meta's count model lent to its counts.
pub(super) fn code_setup(c: &mut dyn Coder, m: &mut Models, setup: Option<&Setup>) -> Result<Setup, LinkError> {
    std::mem::swap(&mut m.count, m.grammar.number(COUNTS));
    let out = generic::code_setup::<RaceForX, RaceForX>(c, m, setup);
    std::mem::swap(&mut m.count, m.grammar.number(COUNTS));
    out
}

/// The journal coded while the engine replays it (`generic::replayed_lines`), through the
/// grammar `G` (the tight one for code 8, `GrammarV1` for code 0).
pub(super) fn replayed_lines<G: GrammarOf<RaceForX>>(
    c: &mut dyn Coder,
    m: &mut Models,
    setup: &Setup,
    n: usize,
    journal: Option<&[Action<Decision>]>,
    cost: &mut ReplayCost,
) -> Result<Vec<Action<Decision>>, LinkError> {
    generic::replayed_lines::<RaceForX, G>(c, m, setup, n, journal, cost)
}

/// A decision of the current step through the grammar `G`. Encoding, one that does not fit
/// fails (`Corrupt`).
#[cfg(test)]
pub(super) fn code_decision<G: GrammarOf<RaceForX>>(
    c: &mut dyn Coder,
    m: &mut Models,
    setup: &Setup,
    s: &crate::systems::race_for_x::State,
    d: Option<&Decision>,
) -> Result<Decision, LinkError> {
    generic::code_decision::<RaceForX, G>(c, m, setup, s, d)
}
