//! Campaign days and their scenarios (2 Campaign Game): a morning (or full-day) scenario, an
//! optional afternoon and an optional night, in that order.

use super::tables::HistoricalDrm;
use serde::{Deserialize, Serialize};

/// One scenario's place in its day. A lone morning scenario is the full day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Slot {
    Morning,
    Afternoon,
    Night,
}

impl Slot {
    pub fn name(self) -> &'static str {
        match self {
            Slot::Morning => "Morning",
            Slot::Afternoon => "Afternoon",
            Slot::Night => "Night",
        }
    }
}

/// Most scenarios in one campaign day.
pub const MAX_SCENARIOS_A_DAY: usize = 3;

/// One campaign day: its name ("23 December"), its scenarios in order, and the historical DRM
/// of each side's CPP roll that day (indexed like the setup's sides).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Day {
    pub name: String,
    pub slots: Vec<Slot>,
    pub drm: [HistoricalDrm; 2],
}

impl Day {
    /// Whether the slots are a lawful day: a morning first, then at most an afternoon and a
    /// night, each once, in order.
    pub fn slots_lawful(&self) -> bool {
        !self.slots.is_empty()
            && self.slots.len() <= MAX_SCENARIOS_A_DAY
            && self.slots[0] == Slot::Morning
            && self.slots.windows(2).all(|w| w[0] < w[1])
    }

    /// Whether the day has a night scenario; without one, the night refit (armour repair)
    /// happens in the cleanup of the day's last scenario.
    pub fn has_night(&self) -> bool {
        self.slots.contains(&Slot::Night)
    }

    /// A scenario's name in this day: a lone morning is the full day ("Full day"), as the
    /// calendar says.
    pub fn slot_name(&self, slot: Slot) -> &'static str {
        if self.slots.len() == 1 && slot == Slot::Morning {
            "Full day"
        } else {
            slot.name()
        }
    }

    /// The day's label with its scenario, for the calendar ("23 December, Morning"); a lone
    /// morning is the full day.
    pub fn scenario_label(&self, slot: Slot) -> String {
        if self.slots.len() == 1 {
            format!("{}, full day", self.name)
        } else {
            format!("{}, {}", self.name, slot.name())
        }
    }
}
