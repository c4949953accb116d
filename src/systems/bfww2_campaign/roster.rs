//! A side's campaign roster: its manoeuvre elements (MEs) with class, unit type, stands and
//! vehicles, and discipline rating (2.1.1.3), and its scheduled reinforcements (2.1.1.4.1).

use super::charts::{FortEntry, RgEntry};
use super::rating::Rating;
use super::tables::{MeClass, Nation};
use serde::{Deserialize, Serialize};

/// One manoeuvre element on the roster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Me {
    /// Unique on the side's roster.
    pub id: String,
    pub name: String,
    pub class: MeClass,
    /// The unit type ("Pz IV company", "Rifle company"): combining needs the same class and type.
    pub unit_type: String,
    /// Stands, command stand included.
    pub stands: u16,
    /// Vehicles among them (armour repair and withdrawal count these).
    pub vehicles: u16,
    pub rating: Rating,
    /// The RG chart row this ME counts against, if any (base force counts against the limits).
    pub rg: Option<String>,
}

impl Me {
    /// A tank or tank-destroyer only ME: the only kind the armour-withdrawal roll touches.
    pub fn armour_only(&self) -> bool {
        self.class == MeClass::Armour && self.vehicles > 0 && self.vehicles == self.stands
    }
}

/// One side of the campaign as the umpire sets it up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    pub name: String,
    pub nation: Nation,
    /// Under the "Armor Withdrawal" restriction.
    pub armour_withdrawal: bool,
    pub roster: Vec<Me>,
    pub rg_chart: Vec<RgEntry>,
    pub fort_chart: Vec<FortEntry>,
    /// CPP and FPP at the start.
    pub cpp: u16,
    pub fpp: u16,
    /// Scheduled reinforcements (2.1.1.4.1): elements that join the roster free on a given
    /// day. The side's own secret, like its roster. Absent from campaigns stored before them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scheduled: Vec<Scheduled>,
}

/// A scheduled reinforcement: an element that joins its side's roster, free, at the start of
/// a campaign day, counting against its reinforcement row's limits (the campaign limit from
/// the start, as if already had; the per-scenario limit once it is on the roster).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scheduled {
    /// The day it arrives: an index into the setup's days.
    pub day: usize,
    /// The element; its `rg` names the manoeuvre row it counts against (one is needed).
    pub me: Me,
}

impl Side {
    /// Whether `id` is one of the side's scheduled reinforcements (on the roster once its day
    /// has come).
    pub fn arrival(&self, id: &str) -> Option<&Scheduled> {
        self.scheduled.iter().find(|a| a.me.id == id)
    }
}
