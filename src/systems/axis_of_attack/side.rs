//! The two players' sides of the line. The sector each side calls home (`Side::home`) is given
//! with the sectors, in `sector.rs`, so this file needs nothing else.

use serde::{Deserialize, Serialize};

/// The west player (home sector 1) or the east player (home sector 7). The text's German
/// player is west and the Soviet player east; players name their own armies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    West,
    East,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::West, Side::East];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn other(self) -> Side {
        match self {
            Side::West => Side::East,
            Side::East => Side::West,
        }
    }
    pub fn word(self) -> &'static str {
        match self {
            Side::West => "west",
            Side::East => "east",
        }
    }
}
