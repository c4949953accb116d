//! Who sits at the table and who may read what. A system numbers its seats (the two sides,
//! an umpire, a staff officer...) and says, for each journal entry, who may read its decision
//! and who its dice. Everything a reader is shown (log, undo label, links) is filtered by it.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One place at the table, numbered by the system (`0` and `1` for two sides). Stored in the
/// journal as a plain number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

/// Who holds the device: one seat, or the table (`None`: everyone together, reading only
/// what is hidden from nobody).
pub type Reader = Option<Seat>;

/// Who may read one part of an entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    Everyone,
    /// These seats only; the table (everyone together) is not among them.
    Only(Vec<Seat>),
}

impl Audience {
    pub fn only(seat: Seat) -> Audience {
        Audience::Only(vec![seat])
    }
    pub fn admits(&self, reader: Reader) -> bool {
        match (self, reader) {
            (Audience::Everyone, _) => true,
            (Audience::Only(seats), Some(seat)) => seats.contains(&seat),
            (Audience::Only(_), None) => false,
        }
    }
    pub fn is_everyone(&self) -> bool {
        matches!(self, Audience::Everyone)
    }
    /// The seats left out, among `seats`.
    pub fn excluded(&self, seats: &[Seat]) -> Vec<Seat> {
        seats.iter().copied().filter(|&s| !self.admits(Some(s))).collect()
    }
}

/// Who may read a journal entry: its decision, and (apart) the faces of its dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readers {
    pub decision: Audience,
    pub dice: Audience,
    /// While it stands, everyone is told that it happened: its log line (which never tells
    /// the secret) is shown to all ("Anna has chosen"). Once undone it is gone for those who
    /// may not read it, so a change of mind leaves no trace.
    pub announced: bool,
}

impl Readers {
    pub const EVERYONE: Readers = Readers { decision: Audience::Everyone, dice: Audience::Everyone, announced: true };
    /// The decision and its dice for one seat only; nobody else is told of it.
    pub fn only(seat: Seat) -> Readers {
        Readers { decision: Audience::only(seat), dice: Audience::only(seat), announced: false }
    }
    /// The decision and its dice for one seat; the others are told it happened while it stands.
    pub fn announced(seat: Seat) -> Readers {
        Readers { announced: true, ..Readers::only(seat) }
    }
    /// One of two secret choices made in turn ("shown once both are in"): everyone reads it
    /// once both are in and it stands; until then its own seat, the others told only that it
    /// was made. The second choice's line names both, so once undone nobody reads it (the
    /// first is secret again).
    pub fn simultaneous(seat: Seat, active: bool, revealed: bool, second: bool) -> Readers {
        if active && revealed {
            Readers::EVERYONE
        } else if second {
            Readers { decision: Audience::Only(vec![]), dice: Audience::Everyone, announced: false }
        } else {
            Readers::announced(seat)
        }
    }
    /// Whether `reader` is shown the entry's line: it may read the decision, or the entry
    /// stands and is announced.
    pub fn shows_line(&self, reader: Reader, active: bool) -> bool {
        self.decision.admits(reader) || (active && self.announced)
    }
    pub fn is_public(&self) -> bool {
        self.decision.is_everyone() && self.dice.is_everyone()
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}
