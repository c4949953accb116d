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

/// A side of a table of two players facing each other (Race for X's A and B, Axis of Attack's
/// west and east): the sides sit at seats 0 and 1 in the order of `SIDES`, each seat named by
/// its player, and a side's secret choice is kept from every reader but that side.
pub trait TwoSides: Copy + PartialEq + Sized + 'static {
    const SIDES: [Self; 2];

    fn seat(self) -> Seat {
        Seat(u8::from(self != Self::SIDES[0]))
    }
    fn of_seat(seat: Seat) -> Option<Self> {
        Self::SIDES.get(usize::from(seat.0)).copied()
    }
    /// The table's two seats.
    fn seats() -> Vec<Seat> {
        Self::SIDES.iter().map(|s| s.seat()).collect()
    }
    /// The player at `seat`, from the players' names in the order of `SIDES`; "seat n" for a
    /// seat the table does not have.
    fn seat_name(names: [&str; 2], seat: Seat) -> String {
        match Self::of_seat(seat) {
            Some(_) => names[usize::from(seat.0)].to_string(),
            None => seat.to_string(),
        }
    }
    /// The sides whose secret `reader` may not read: the other side, or both for the table.
    fn hidden_from(reader: Reader) -> Vec<Self> {
        Self::SIDES.into_iter().filter(|s| reader != Some(s.seat())).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Side {
        West,
        East,
    }
    impl TwoSides for Side {
        const SIDES: [Side; 2] = [Side::West, Side::East];
    }

    #[test]
    fn two_sides_sit_at_seats_0_and_1_and_keep_their_secrets_from_the_other() {
        assert_eq!((Side::West.seat(), Side::East.seat()), (Seat(0), Seat(1)));
        assert_eq!((Side::of_seat(Seat(1)), Side::of_seat(Seat(2))), (Some(Side::East), None));
        assert_eq!(Side::seats(), vec![Seat(0), Seat(1)]);
        assert_eq!(Side::seat_name(["Anna", "Boris"], Seat(1)), "Boris");
        assert_eq!(Side::seat_name(["Anna", "Boris"], Seat(3)), "seat 3");
        assert_eq!(Side::hidden_from(Some(Seat(0))), vec![Side::East]);
        assert_eq!(Side::hidden_from(None), vec![Side::West, Side::East]);
    }
}
