//! A month of the war, for the date gates of repair and aircraft (re-exported by `tables`).

use serde::{Deserialize, Serialize};

/// A month of the war, for the date gates of repair and aircraft.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Month {
    pub year: u16,
    pub month: u8,
}

impl Month {
    pub const fn new(year: u16, month: u8) -> Month {
        Month { year, month }
    }
    /// The months' names, January first (also the setup form's list).
    pub const NAMES: [&'static str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    /// "December 1942".
    pub fn name(self) -> String {
        match Self::NAMES.get((self.month as usize).wrapping_sub(1)) {
            Some(m) => format!("{m} {}", self.year),
            None => format!("month {} of {}", self.month, self.year),
        }
    }
}
