//! The two shapes every roll table of the text shares: bands of final rolls, and die-roll
//! modifiers (DRMs) as data.

use serde::{Deserialize, Serialize};

/// One row of a roll table: final rolls from `low` to `high`, both inclusive; `None` is an
/// open end (the text's "N or more" / "N or less", captured as ">N" / "<N").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Band<T> {
    pub low: Option<i16>,
    pub high: Option<i16>,
    pub result: T,
}

impl<T: Copy> Band<T> {
    pub const fn at_least(low: i16, result: T) -> Band<T> {
        Band { low: Some(low), high: None, result }
    }
    pub const fn at_most(high: i16, result: T) -> Band<T> {
        Band { low: None, high: Some(high), result }
    }
    pub const fn range(low: i16, high: i16, result: T) -> Band<T> {
        Band { low: Some(low), high: Some(high), result }
    }
    pub fn holds(&self, roll: i16) -> bool {
        self.low.is_none_or(|l| roll >= l) && self.high.is_none_or(|h| roll <= h)
    }
    /// The row's roll range as the rules reference prints it.
    pub fn label(&self) -> String {
        match (self.low, self.high) {
            (Some(l), None) => format!("{l} or more"),
            (None, Some(h)) => format!("{h} or less"),
            (Some(l), Some(h)) if l == h => format!("{l}"),
            (Some(l), Some(h)) => format!("{l}-{h}"),
            (None, None) => "any".to_string(),
        }
    }
}

/// The result for a final roll; `None` only for an edited table with a gap.
pub fn lookup<T: Copy>(table: &[Band<T>], roll: i16) -> Option<T> {
    table.iter().find(|b| b.holds(roll)).map(|b| b.result)
}

/// One DRM of a table: which condition, its value, and the text's words for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Modifier<K> {
    pub key: K,
    pub value: i16,
    pub text: &'static str,
}

/// The value of one modifier of a table (0 if the table has no such row).
pub fn value<K: PartialEq>(mods: &[Modifier<K>], key: K) -> i16 {
    mods.iter().find(|m| m.key == key).map_or(0, |m| m.value)
}

/// The total DRM for conditions that apply, each with how many times it counts (1 for a yes/no
/// condition; per stand, per win, per CPP for the counted ones).
pub fn total<K: PartialEq + Copy>(mods: &[Modifier<K>], applying: &[(K, u16)]) -> i16 {
    applying.iter().map(|&(k, n)| value(mods, k) * n as i16).sum()
}
