//! Platoon sizes and strength levels: the level a count of teams rates, the teams a level
//! allows, and one rung up the ladder, with or without the halfway (under-strength) size.
//! Re-exported from `tables`.

use super::tables::Strength;

/// Teams halfway between the minimum and maximum, rounded down (summed wide: a position from
/// outside, a seat copy, may hold any sizes).
pub fn halfway(min: u16, max: u16) -> u16 {
    ((u32::from(min) + u32::from(max)) / 2) as u16
}

/// A platoon has an under-strength level only when halfway lies strictly between its minimum
/// and maximum ("if allowed"); a 2-to-3 platoon goes straight from depleted to full.
pub fn has_under_strength(min: u16, max: u16) -> bool {
    let h = halfway(min, max);
    h > min && h < max
}

/// A platoon's sizes: the book's minimum and maximum, and whether the book allows the size
/// halfway between (`under`: a panzergrenadier platoon of 2 or 3 squads has no 2 1/2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    pub min: u16,
    pub max: u16,
    /// Taken only where halfway lies strictly between minimum and maximum.
    pub under: bool,
}

impl Sizes {
    /// Sizes with the halfway level wherever it fits (the app's only reading before issue 8).
    pub fn halfway_allowed(min: u16, max: u16) -> Sizes {
        Sizes { min, max, under: true }
    }
    /// Whether this platoon has an under-strength level at all.
    pub fn has_under(self) -> bool {
        self.under && has_under_strength(self.min, self.max)
    }
    /// A platoon of fixed size (minimum equals maximum) is rated full strength at that size;
    /// its ladder has no depleted rung.
    pub fn ladder(self) -> Vec<Strength> {
        let mut v = vec![Strength::Destroyed, Strength::Gutted];
        if self.max > self.min {
            v.push(Strength::Depleted);
        }
        if self.has_under() {
            v.push(Strength::UnderStrength);
        }
        v.push(Strength::Full);
        v
    }
    /// The level a count of teams rates, rounding down. `routed` teams left the table after a
    /// failed morale test: not counted, but a platoon with any of them is not "destroyed".
    pub fn strength(self, teams: u16, routed: u16) -> Strength {
        if teams >= self.max {
            Strength::Full
        } else if self.has_under() && teams >= halfway(self.min, self.max) {
            Strength::UnderStrength
        } else if teams >= self.min {
            Strength::Depleted
        } else if teams == 0 && routed == 0 {
            Strength::Destroyed
        } else {
            Strength::Gutted
        }
    }
    /// Teams a platoon at this level may put on the table at most (0 below depleted).
    pub fn teams_at(self, level: Strength) -> u16 {
        match level {
            Strength::Full => self.max,
            Strength::UnderStrength if self.has_under() => halfway(self.min, self.max),
            Strength::UnderStrength | Strength::Depleted => self.min,
            Strength::Gutted | Strength::Destroyed => 0,
        }
    }
    /// One rung up this platoon's ladder (Full stays Full).
    pub fn step_up(self, level: Strength) -> Strength {
        self.ladder().into_iter().find(|&x| x > level).unwrap_or(level)
    }
}

/// The ladder of a platoon with the halfway level wherever it fits.
pub fn ladder(min: u16, max: u16) -> Vec<Strength> {
    Sizes::halfway_allowed(min, max).ladder()
}

/// The level a count of teams rates, with the halfway level wherever it fits.
pub fn strength_from_teams(min: u16, max: u16, teams: u16, routed: u16) -> Strength {
    Sizes::halfway_allowed(min, max).strength(teams, routed)
}

/// Teams at a level, with the halfway level wherever it fits.
pub fn teams_at(min: u16, max: u16, level: Strength) -> u16 {
    Sizes::halfway_allowed(min, max).teams_at(level)
}

/// One rung up, with the halfway level wherever it fits.
pub fn step_up(min: u16, max: u16, level: Strength) -> Strength {
    Sizes::halfway_allowed(min, max).step_up(level)
}
