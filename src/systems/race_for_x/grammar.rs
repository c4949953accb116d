//! Race for X's decisions as choices (`engine::Grammar`), tight: every decision it can
//! express is one the rules accept. Link version 4 (`fd4.`, system code 8); `fd1.` links
//! (code 0) read through link version 1's looser grammar, kept as `grammar_v1::GrammarV1`.
//! This one is that one but for two choices:
//!
//! - Forces: the fieldable units (`rules::fieldable_units`) in order, each in or out: forced
//!   when only one way can still end in a set the rules accept (`forces::completable`, which
//!   asks the rules' own check), otherwise with the chance `left / units left` (`left`: how
//!   many are still to be chosen); then the order, as version 1 (`grammar_v1::order`).
//! - A note: refused when it is empty (the rules refuse a note with nothing in it).
//!
//! Everything else is version 1's choices, contexts and chances. The setup's choices
//! (`grammar_setup`, its contexts below) are version 1's, shared by both.

use super::grammar_v1::{self, FORCES_SHUFFLED};
use super::rules::{self, Decision};
use super::{forces, Phase, Setup, State};
use crate::engine::Chooser;

// Contexts of the setup (`grammar_setup`): flags...
pub(super) const SAMPLE: u16 = 0;
pub(super) const SAMPLE_BATTALION: u16 = 1;
pub(super) const SAMPLE_DEFENCE: u16 = 2;
pub(super) const HAS_FORMATION: u16 = 3;
/// A formation, unit, unit's stands, defensive orbat as the sample's.
pub(super) const AS_SAMPLE_FORMATION: u16 = 4;
pub(super) const AS_SAMPLE_UNIT: u16 = 5;
pub(super) const AS_SAMPLE_STANDS: u16 = 6;
pub(super) const AS_SAMPLE_DEFENCE: u16 = 7;
/// ... and numbers: counts (formations, units, stands, defensive orbats and their lines) and
/// formation indices (parents, units' formations).
///
/// Link version 1 coded the setup's counts with the model that had just coded the meta's
/// numbers (id length, times): a link coder starts this context where its meta left that
/// model (`share::link::race_for_x`).
pub const COUNTS: u16 = 8;
pub(super) const INDEX: u16 = 9;
/// The caps of counts in a link, as link version 1 set them (`share::link::MAX_UNITS`,
/// `MAX_STANDS`, `MAX_DECODED`, which the link module checks are these).
pub const MAX_UNITS: usize = 500;
pub const MAX_STANDS: usize = 64;
pub const MAX_DECODED: usize = 1 << 20;

/// A decision of the current step. Writing, one the grammar cannot express (another step's
/// decision, a set the rules refuse, an empty note...) is refused.
pub fn decision<C: Chooser>(setup: &Setup, s: &State, c: &mut C, d: Option<&Decision>) -> Result<Decision, C::Error> {
    if s.phase() != Phase::FieldForces {
        // A note with nothing in it, drawn or read, is refused (the rules would).
        return match grammar_v1::decision(setup, s, c, d)? {
            Decision::Note { text } if text.trim().is_empty() => Err(c.refuse()),
            out => Ok(out),
        };
    }
    let given = match d {
        Some(Decision::FieldForces { units }) => Some(&units[..]),
        Some(_) => return Err(c.refuse()),
        None => None,
    };
    let (Some(side), Some(b)) = (s.offensive_side(), s.current()) else { return Err(c.refuse()) };
    let orbat = &setup.players[side.index()].orbat;
    let p = s.player(side);
    let fieldable = rules::fieldable_units(orbat, p);
    let k = b.units_allowed;
    if given.is_some_and(|g| forces::check_forces(orbat, p, k, g).is_err()) {
        return Err(c.refuse());
    }
    let (mut chosen, mut refused) = (Vec::with_capacity(k), Vec::new());
    for (i, &u) in fieldable.iter().enumerate() {
        let member = given.map(|g| g.contains(&u));
        chosen.push(u);
        let may_in = forces::completable(orbat, p, k, &chosen, &refused);
        chosen.pop();
        refused.push(u);
        let may_out = forces::completable(orbat, p, k, &chosen, &refused);
        refused.pop();
        let take = match (may_in, may_out) {
            (true, true) => c.chance((k - chosen.len()) as u32, (fieldable.len() - i) as u32, member)?,
            (true, false) => true,
            (false, true) => false,
            // Not after a unit `completable` let through (see there): only at the first unit,
            // when no lawful set is left at all or the search's bound is reached.
            (false, false) => return Err(c.refuse()),
        };
        if member.is_some_and(|m| m != take) {
            return Err(c.refuse());
        }
        if take {
            chosen.push(u);
        } else {
            refused.push(u);
        }
    }
    Ok(Decision::FieldForces { units: grammar_v1::order(c, FORCES_SHUFFLED, chosen, given)? })
}
