//! The line of sectors the campaign is fought along, and the sector each side calls home.

use super::side::Side;
use super::tables;
use serde::{Deserialize, Serialize};

/// A sector of the line, 1 (west home) to 7 (east home).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Sector(u8);

impl Sector {
    pub const START: Sector = Sector(tables::START_SECTOR);
    pub fn new(n: u8) -> Sector {
        assert!((1..=tables::SECTORS).contains(&n), "sectors run 1 to {}", tables::SECTORS);
        Sector(n)
    }
    pub fn number(self) -> u8 {
        self.0
    }
    pub fn name(self) -> String {
        format!("Sector {}", self.0)
    }
    /// Sectors between here and `to`.
    pub fn distance(self, to: Sector) -> u8 {
        self.0.abs_diff(to.0)
    }
    /// Up to `n` sectors towards `to`, never past it.
    pub fn towards(self, to: Sector, n: u8) -> Sector {
        let step = n.min(self.distance(to));
        if to.0 >= self.0 {
            Sector(self.0 + step)
        } else {
            Sector(self.0 - step)
        }
    }
    /// Whose home sector this is.
    pub fn home_of(self) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| s.home() == self)
    }
}

impl Side {
    /// The side's home sector: the west end or the east end of the line.
    pub fn home(self) -> Sector {
        match self {
            Side::West => Sector(1),
            Side::East => Sector(tables::SECTORS),
        }
    }
}
