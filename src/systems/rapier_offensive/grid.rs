//! The battlefield: four axes (A1-A4) across, six lines (L1-L6) deep. The attacker starts on
//! L1 and in the off-table reserves; the objective lies beyond L6.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Axes across the table, A1 to A4.
pub const AXES: u8 = 4;
/// Lines down the table, L1 (the attacker's start line) to L6.
pub const LINES: u8 = 6;

/// One on-table sector (6″ square), named by axis and line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Sector {
    /// 1..=4.
    pub axis: u8,
    /// 1..=6.
    pub line: u8,
}

impl Sector {
    /// A sector on the table, or `None` off it.
    pub const fn new(axis: u8, line: u8) -> Option<Sector> {
        if axis >= 1 && axis <= AXES && line >= 1 && line <= LINES {
            Some(Sector { axis, line })
        } else {
            None
        }
    }
    pub fn is_on_table(self) -> bool {
        Sector::new(self.axis, self.line).is_some()
    }
    /// Every sector, axis by axis within line, from L1.
    pub fn all() -> impl Iterator<Item = Sector> {
        (1..=LINES).flat_map(|line| (1..=AXES).map(move |axis| Sector { axis, line }))
    }
    /// Orthogonal steps between two sectors (no diagonals anywhere in these rules).
    pub fn steps_to(self, other: Sector) -> u8 {
        self.axis.abs_diff(other.axis) + self.line.abs_diff(other.line)
    }
    /// Whether `other` is one orthogonal step away.
    pub fn is_next_to(self, other: Sector) -> bool {
        self.steps_to(other) == 1
    }
    /// The sectors one orthogonal step away, on the table.
    pub fn neighbours(self) -> Vec<Sector> {
        let (a, l) = (self.axis as i16, self.line as i16);
        [(a, l - 1), (a, l + 1), (a - 1, l), (a + 1, l)]
            .into_iter()
            .filter_map(|(a, l)| if a < 1 || l < 1 { None } else { Sector::new(a as u8, l as u8) })
            .collect()
    }
    /// The defender deploys on L2 to L5 only.
    pub fn is_defender_deployment(self) -> bool {
        (2..=5).contains(&self.line)
    }
    pub fn name(self) -> String {
        format!("A{} L{}", self.axis, self.line)
    }
}

impl fmt::Display for Sector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "A{} L{}", self.axis, self.line)
    }
}

/// A set of adjacent axes a division attacks along (its frontage), e.g. A2-A3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Frontage {
    pub first: u8,
    pub last: u8,
}

impl Frontage {
    /// Axes `first..=last`, both on the table; `None` otherwise.
    pub const fn new(first: u8, last: u8) -> Option<Frontage> {
        if first >= 1 && first <= last && last <= AXES {
            Some(Frontage { first, last })
        } else {
            None
        }
    }
    pub fn is_valid(self) -> bool {
        Frontage::new(self.first, self.last).is_some()
    }
    pub fn contains(self, axis: u8) -> bool {
        self.first <= axis && axis <= self.last
    }
    pub fn overlaps(self, other: Frontage) -> bool {
        self.first <= other.last && other.first <= self.last
    }
    pub fn axes(self) -> impl Iterator<Item = u8> {
        self.first..=self.last
    }
}

impl fmt::Display for Frontage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "A{}", self.first)
        } else {
            write!(f, "A{}-A{}", self.first, self.last)
        }
    }
}
