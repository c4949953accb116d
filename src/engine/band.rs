//! A band of totals in a roll table: "2 or less", "3-5", "8 or more".

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Band {
    pub min: i32,
    pub max: i32,
}

impl Band {
    pub const fn at_most(max: i32) -> Band {
        Band { min: i32::MIN, max }
    }
    pub const fn at_least(min: i32) -> Band {
        Band { min, max: i32::MAX }
    }
    pub const fn range(min: i32, max: i32) -> Band {
        Band { min, max }
    }
    pub const fn exactly(v: i32) -> Band {
        Band { min: v, max: v }
    }
    pub fn contains(&self, v: i32) -> bool {
        self.min <= v && v <= self.max
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.min, self.max) {
            (i32::MIN, max) => write!(f, "{max} or less"),
            (min, i32::MAX) => write!(f, "{min} or more"),
            (min, max) if min == max => write!(f, "{min}"),
            (min, max) => write!(f, "{min} to {max}"),
        }
    }
}

/// Finds the row whose band holds `v`. Tables are written to cover every integer, which the
/// systems' tests check row by row.
pub fn lookup<T: Copy>(rows: &[(Band, T)], v: i32) -> T {
    rows.iter().find(|(b, _)| b.contains(v)).map(|(_, t)| *t).expect("table covers every total")
}

/// Checks that bands cover every integer exactly once, in ascending order.
pub fn covers_all<T>(rows: &[(Band, T)]) -> bool {
    if rows.is_empty() || rows[0].0.min != i32::MIN || rows[rows.len() - 1].0.max != i32::MAX {
        return false;
    }
    rows.windows(2).all(|w| w[0].0.max.checked_add(1) == Some(w[1].0.min))
}
