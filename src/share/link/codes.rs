//! Codes fixed for link version 1: the kinds of dice and the kinds of journal lines, written
//! as numbers fixed here, not by the position of the variants in their enums. (Race for X's
//! setup enums are coded by its grammar, `systems/race_for_x/grammar_setup.rs`, with the
//! same codes as lists there.)

use super::LinkError;
use crate::engine::Action;

/// A code read from a link: unknown ones mean a damaged link.
pub(super) fn code<T>(c: Option<T>) -> Result<T, LinkError> {
    c.ok_or(LinkError::Corrupt)
}

pub(super) fn die(d: crate::engine::Die) -> u8 {
    use crate::engine::Die;
    match d {
        Die::D3 => 0,
        Die::D6 => 1,
        Die::D10 => 2,
        Die::D100 => 3,
    }
}
pub(super) fn die_of(c: u8) -> Option<crate::engine::Die> {
    use crate::engine::Die;
    [Die::D3, Die::D6, Die::D10, Die::D100].get(c as usize).copied()
}

pub(super) const LINE_DECIDE: usize = 0;
pub(super) const LINE_UNDO: usize = 1;
pub(super) const LINE_REDO: usize = 2;

/// The kind of a journal line, as both journal codings write it.
pub(super) fn line_kind<D>(a: &Action<D>) -> usize {
    match a {
        Action::Decide(_) => LINE_DECIDE,
        Action::Undo => LINE_UNDO,
        Action::Redo => LINE_REDO,
        Action::Seal(_) => unreachable!("links leave seal lines out (`link::payload`)"),
    }
}
