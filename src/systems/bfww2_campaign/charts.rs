//! The purchase charts a campaign's umpire writes (Reinforcement Group and Fortification
//! Purchase charts) and their limits (2.1.1.4, 2.1.1.5.2). The text gives their fields, not
//! their contents, except for the Advance to Rostov German O3 limits.

use super::rating::Rating;
use serde::{Deserialize, Serialize};

/// What a reinforcement group brings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RgKind {
    /// A manoeuvre element for the roster.
    Manoeuvre,
    /// A type "O" off-board artillery module.
    OffBoardArtillery,
    /// Air support, used the following day or lost.
    Aircraft,
    /// Fortification purchase points.
    Fpp(u16),
}

/// One row of an RG chart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RgEntry {
    /// Unique ID, e.g. "O3".
    pub id: String,
    pub description: String,
    pub kind: RgKind,
    /// BF:WW2 unit cards in the group.
    pub cards: Vec<String>,
    pub rating: Rating,
    pub cost_cpp: u16,
    /// Most of this group deployed (used) in one scenario.
    pub per_scenario: u8,
    /// Most on one campaign day (`None` when the chart sets none): off-board artillery fired,
    /// aircraft flying, elements or FPP bought.
    pub per_day: Option<u8>,
    /// Most over the campaign, the base force and scheduled reinforcements included.
    pub per_campaign: u8,
    pub notes: String,
}

/// The Advance to Rostov German O3, the standard medium artillery battalion: at most 4 in the
/// campaign, at most 2 used on any one day. Its cost is not in the text.
pub const ROSTOV_GERMAN_O3_PER_CAMPAIGN: u8 = 4;
pub const ROSTOV_GERMAN_O3_PER_DAY: u8 = 2;

/// Pre-registered points: CPP each, most per OBA module; they last one day.
pub const PREREGISTERED_COST_CPP: u16 = 1;
pub const PREREGISTERED_PER_MODULE: u8 = 2;

/// Why a purchase or use is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LimitProblem {
    /// Beyond the campaign total (what the side already has counts).
    CampaignLimit { limit: u8, already: u8 },
    /// Beyond the per-scenario deployment limit (isolated groups on the map count).
    ScenarioLimit { limit: u8, already: u8 },
    /// Beyond the per-day use limit.
    DayLimit { limit: u8, already: u8 },
    /// Not enough CPP (or FPP).
    TooDear { cost: u16, balance: u16 },
    /// With more than one scenario a day, OBA is bought only in the morning refit.
    ObaOnlyInMorning,
    /// No module left to use.
    NoneHeld,
    /// Air support may not fly at night.
    AircraftAtNight,
    /// More pre-registered points than a module takes.
    TooManyPreregistered { limit: u8 },
}

impl RgEntry {
    /// May `n` more be bought, with `already` had over the campaign and `balance` CPP?
    pub fn may_buy(&self, n: u8, already: u8, balance: u16) -> Result<(), LimitProblem> {
        if already.saturating_add(n) > self.per_campaign {
            return Err(LimitProblem::CampaignLimit { limit: self.per_campaign, already });
        }
        let cost = self.cost_cpp.saturating_mul(n as u16);
        if cost > balance {
            return Err(LimitProblem::TooDear { cost, balance });
        }
        Ok(())
    }

    /// May `n` more be had on one campaign day, with `today` had already? (Bought for the day:
    /// an element or FPP bought that day, a flight flying that day.)
    pub fn may_buy_today(&self, n: u8, today: u8) -> Result<(), LimitProblem> {
        match self.per_day {
            Some(limit) if today.saturating_add(n) > limit => Err(LimitProblem::DayLimit { limit, already: today }),
            _ => Ok(()),
        }
    }

    /// May `n` more be deployed in a scenario where `already` are (isolated groups included)?
    pub fn may_deploy(&self, n: u8, already: u8) -> Result<(), LimitProblem> {
        if already.saturating_add(n) > self.per_scenario {
            return Err(LimitProblem::ScenarioLimit { limit: self.per_scenario, already });
        }
        Ok(())
    }
}

/// A side's holding of one off-board artillery group: bought over the campaign, held now, and
/// used today. A module used on a day leaves at that day's last cleanup; an unused one carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObaStock {
    pub bought: u8,
    pub held: u8,
    pub used_today: u8,
}

impl ObaStock {
    /// Buy `n` modules; `morning` is whether this is the morning refit, `scenarios_today` how many
    /// scenarios the day has.
    pub fn buy(&mut self, entry: &RgEntry, n: u8, morning: bool, scenarios_today: u8) -> Result<(), LimitProblem> {
        if scenarios_today > 1 && !morning {
            return Err(LimitProblem::ObaOnlyInMorning);
        }
        if self.bought.saturating_add(n) > entry.per_campaign {
            return Err(LimitProblem::CampaignLimit { limit: entry.per_campaign, already: self.bought });
        }
        self.bought += n;
        self.held += n;
        Ok(())
    }

    /// Call for fire with one more module today (the same module may fire again in later
    /// scenarios of the day without counting again).
    pub fn use_module(&mut self, entry: &RgEntry) -> Result<(), LimitProblem> {
        if self.used_today >= self.held {
            return Err(LimitProblem::NoneHeld);
        }
        if let Some(limit) = entry.per_day {
            if self.used_today >= limit {
                return Err(LimitProblem::DayLimit { limit, already: self.used_today });
            }
        }
        self.used_today += 1;
        Ok(())
    }

    /// The day's last cleanup: used modules leave the roster.
    pub fn end_day(&mut self) {
        self.held -= self.used_today;
        self.used_today = 0;
    }
}

/// Air support flies by day only.
pub fn may_fly(night: bool) -> Result<(), LimitProblem> {
    if night {
        Err(LimitProblem::AircraftAtNight)
    } else {
        Ok(())
    }
}

/// Pre-registered points for one module: their cost, or why not.
pub fn preregistered_cost(points: u8) -> Result<u16, LimitProblem> {
    if points > PREREGISTERED_PER_MODULE {
        Err(LimitProblem::TooManyPreregistered { limit: PREREGISTERED_PER_MODULE })
    } else {
        Ok(points as u16 * PREREGISTERED_COST_CPP)
    }
}

/// One row of a campaign's fortification purchase chart (its contents are campaign-specific).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FortEntry {
    pub name: String,
    pub cost_fpp: u16,
    /// Most in the campaign, if the chart sets one.
    pub per_campaign: Option<u8>,
}

impl FortEntry {
    pub fn may_buy(&self, n: u8, already: u8, fpp: u16) -> Result<(), LimitProblem> {
        if let Some(limit) = self.per_campaign {
            if already.saturating_add(n) > limit {
                return Err(LimitProblem::CampaignLimit { limit, already });
            }
        }
        let cost = self.cost_fpp.saturating_mul(n as u16);
        if cost > fpp {
            return Err(LimitProblem::TooDear { cost, balance: fpp });
        }
        Ok(())
    }
}
