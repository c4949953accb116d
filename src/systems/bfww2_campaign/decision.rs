//! One step of the scenario cycle, with its data, in the text's order. Dice travel beside it.

use super::eligibility::Posture;
use super::state::{Report, Verdict};
use super::tables::{Ammo, EscapeMod, MeClass, RemovalMod, Status};
use serde::{Deserialize, Serialize};

/// A new element bought from a manoeuvre RG row: what its unit cards make of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewElement {
    pub name: String,
    pub class: MeClass,
    pub unit_type: String,
    pub stands: u16,
    pub vehicles: u16,
}

/// What a fortification-removal roll is made against: a known enemy obstacle in a
/// friendly-controlled area, or an enemy AFV wreck behind one's own line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Obstacle {
    Wire,
    Minefield,
    Roadblock,
    Wreck,
}

impl Obstacle {
    pub fn name(self) -> &'static str {
        match self {
            Obstacle::Wire => "Wire",
            Obstacle::Minefield => "Minefield",
            Obstacle::Roadblock => "Roadblock",
            Obstacle::Wreck => "Enemy wreck",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    // ---- Posture (secret) ----
    ChoosePosture {
        side: u8,
        posture: Posture,
    },

    // ---- Housekeeping and refit (each side's own, secret) ----
    /// The CPP replenishment roll, first of the refit (no dice on a day with no CPP).
    RollCpp {
        side: u8,
    },
    /// One repair attempt for a knocked-out (or abandoned) vehicle of an armour element.
    RepairArmour {
        side: u8,
        me: String,
        abandoned: bool,
        in_minefield: bool,
        spend_cpp: bool,
    },
    /// The armour-withdrawal roll of a restricted side's element.
    RollWithdrawal {
        side: u8,
        me: String,
    },
    /// The optional discipline-rating change roll (percentile).
    RollRating {
        side: u8,
        me: String,
    },
    /// Combine two under-strength elements: `into` stays, `from` is absorbed.
    Combine {
        side: u8,
        into: String,
        from: String,
    },
    /// Buy a manoeuvre element from the RG chart.
    Reinforce {
        side: u8,
        rg: String,
        element: NewElement,
    },
    /// Buy `count` off-board artillery modules.
    BuyArtillery {
        side: u8,
        rg: String,
        count: u8,
    },
    /// Smoke missions for a held module: a roll, with CPP spent beyond the purchase.
    RollSmoke {
        side: u8,
        rg: String,
        extra_cpp: u16,
    },
    /// Pre-registered points for a held module (1 CPP each, at most 2).
    Preregister {
        side: u8,
        rg: String,
        points: u8,
    },
    /// Buy air support: the roll gives the flight's aircraft.
    BuyAircraft {
        side: u8,
        rg: String,
        extra_cpp: u16,
    },
    /// Buy FPP through an RG row.
    BuyFpp {
        side: u8,
        rg: String,
        count: u8,
    },
    /// Buy a fortification with FPP: its type and place stay secret until revealed.
    BuyFortification {
        side: u8,
        kind: String,
        place: String,
    },
    /// A fortification-removal roll (1 FPP).
    RemoveObstacle {
        side: u8,
        obstacle: Obstacle,
        place: String,
        mods: Vec<RemovalMod>,
    },
    EndRefit {
        side: u8,
    },

    // ---- Reveal, forces, the battle (umpire and table) ----
    RevealPostures,
    RollOff,
    /// The side's forces and their deployment: the elements it fields, and of those the ones
    /// that start hidden (deployed beyond spotting distance of the enemy MLR). Secret until
    /// the battle begins; hidden elements stay unseen until spotted.
    ChooseForces {
        side: u8,
        elements: Vec<String>,
        artillery: Vec<String>,
        aircraft: bool,
        #[serde(default)]
        hidden: Vec<String>,
    },
    /// The umpire: a hidden element has been spotted (or has fired); the enemy sees it now.
    Spot {
        side: u8,
        me: String,
    },
    /// The ammunition roll of a stand that began cut off, when it fires.
    RollAmmo {
        side: u8,
        me: String,
    },
    /// The turn-record chart at the start of `turn`, when only one side wants to go on.
    CheckTurn {
        turn: u8,
    },
    /// The battle ends by agreement, or by a length fixed beforehand.
    EndBattle {
        turns: u8,
    },
    Result {
        side: u8,
        me: String,
        report: Report,
    },
    EndResults,

    // ---- Cleanup ----
    /// The umpire's judgement of an element's status, with the stands in that state.
    SetStatus {
        side: u8,
        me: String,
        status: Status,
        stands: u16,
    },
    /// An escape roll for one stand or vehicle of an isolated or cut-off element, or one roll
    /// for a `group` of its transport ("T" class) vehicles escaping together; the judged
    /// modifiers are listed, the others read from the position.
    RollEscape {
        side: u8,
        me: String,
        vehicle: bool,
        group: u16,
        mods: Vec<EscapeMod>,
    },
    SetAmmo {
        side: u8,
        me: String,
        ammo: Ammo,
    },
    /// A hidden fortification inside the enemy's control is placed on the map.
    RevealFortification {
        side: u8,
        index: usize,
    },
    /// The umpire's paperwork for the calendar: the MLR, exact stands, the conditions for the
    /// next refit.
    Paperwork {
        note: String,
    },
    EndCleanup,
    /// The umpire judges the campaign by its conditions.
    Judge(Verdict),
}

impl Decision {
    /// The side a refit or posture step belongs to (its secret), if any.
    pub fn secret_of(&self) -> Option<u8> {
        use Decision::*;
        match self {
            ChoosePosture { side, .. }
            | RollCpp { side }
            | RepairArmour { side, .. }
            | RollWithdrawal { side, .. }
            | RollRating { side, .. }
            | Combine { side, .. }
            | Reinforce { side, .. }
            | BuyArtillery { side, .. }
            | RollSmoke { side, .. }
            | Preregister { side, .. }
            | BuyAircraft { side, .. }
            | BuyFpp { side, .. }
            | BuyFortification { side, .. }
            | RemoveObstacle { side, .. }
            | EndRefit { side } => Some(*side),
            _ => None,
        }
    }

    /// The side any step names, its own or the umpire's about it.
    pub fn named_side(&self) -> Option<u8> {
        use Decision::*;
        match self {
            ChooseForces { side, .. }
            | Spot { side, .. }
            | RollAmmo { side, .. }
            | Result { side, .. }
            | SetStatus { side, .. }
            | RollEscape { side, .. }
            | SetAmmo { side, .. }
            | RevealFortification { side, .. } => Some(*side),
            Judge(v) => v.winner,
            d => d.secret_of(),
        }
    }

    /// The side that takes the step (the umpire takes the rest).
    pub fn side(&self) -> Option<u8> {
        match self {
            Decision::ChooseForces { side, .. } => Some(*side),
            d => d.secret_of(),
        }
    }
}
