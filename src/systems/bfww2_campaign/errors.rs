//! Why a step of the scenario cycle is refused.

use super::charts::LimitProblem;
use super::setup::SetupProblem;
use super::state::Phase;
use super::tables::{Month, Nation};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    Setup(Vec<SetupProblem>),
    /// The step belongs to another phase.
    NotNow {
        phase: Phase,
    },
    UnknownSide(u8),
    UnknownElement(String),
    UnknownRg(String),
    UnknownFortification(String),
    /// The RG row is of another kind than the step buys.
    WrongKind(String),
    /// The side has already chosen its posture, or finished its refit, or chosen its forces.
    AlreadyDone,
    /// Postures are revealed with a side's still to choose (a position no play leads to).
    PostureMissing(u8),
    /// The first scenario's attacker and defender are preset.
    PosturePreset,
    /// The CPP roll comes first in a side's refit.
    CppFirst,
    CppRolledAlready,
    /// A roll the refit must make is still to be made (withdrawal or rating).
    RollsPending(Vec<String>),
    /// Not enough points: the balance stays at zero or above.
    Balance {
        what: &'static str,
        cost: u16,
        balance: u32,
    },
    /// Beyond a chart limit.
    Limit(LimitProblem),
    /// Armour repair is not possible for this element now (class, nation and date, timing,
    /// or nothing to repair).
    NoRepair,
    /// The side's nation does not repair armour in the campaign's month (2.1.1.2's dates).
    RepairNotAllowed {
        nation: Nation,
        month: Month,
    },
    NoWithdrawalRoll,
    NoRatingRoll,
    RolledAlready(String),
    /// The two elements may not combine (class and type, or casualties).
    NoCombine,
    /// Not an element that may take the field (withdrawn, eliminated, or named twice).
    NotFieldable(String),
    NotFielded(String),
    /// Spotting an element that is not hidden on the table.
    NotHidden(String),
    /// The stands reported are more than the element has (or the vehicles).
    BadReport,
    BadCount,
    /// The turn-record chart is read from turn 11 to 20, each turn once, in order.
    BadTurn(u8),
    /// An escape roll is for an element with stands isolated or cut off.
    NoEscape,
    /// A vehicle's escape roll for an element with no vehicle left.
    NoVehicle(String),
    /// The ammunition roll is for an element that began the scenario cut off.
    NoAmmoRoll,
    /// Aircraft are not flown in this scenario (night, or none held).
    NoAircraft,
    /// Every fielded element needs its result before cleanup.
    ResultsMissing(Vec<String>),
    /// One removal attempt per item and place in a refit.
    RemovalTried {
        what: String,
        place: String,
    },
    /// An enemy wreck is removed only from an enemy armour element not in an isolated or
    /// cut-off pocket.
    WreckNotRemovable(String),
    /// No revealed enemy obstacle of that type is known at that place.
    NoObstacle {
        what: String,
        place: String,
    },
}

impl From<LimitProblem> for RuleError {
    fn from(p: LimitProblem) -> Self {
        RuleError::Limit(p)
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RuleError::*;
        match self {
            Setup(p) => match p.first() {
                Some(p) => write!(f, "The setup cannot be played: {p}"),
                None => write!(f, "The setup cannot be played."),
            },
            NotNow { phase } => write!(f, "Not now: the campaign is at \u{201c}{}\u{201d}.", phase.name()),
            UnknownSide(s) => write!(f, "There is no side {}.", s + 1),
            UnknownElement(id) => write!(f, "There is no element {id} on the roster."),
            UnknownRg(id) => write!(f, "There is no reinforcement group {id} on the chart."),
            UnknownFortification(k) => write!(f, "There is no fortification \u{201c}{k}\u{201d} on the chart."),
            WrongKind(id) => write!(f, "Reinforcement group {id} is not bought this way."),
            AlreadyDone => write!(f, "That side has already done this step."),
            PostureMissing(s) => write!(f, "Side {} has not chosen its posture.", s + 1),
            PosturePreset => write!(f, "The first scenario's attacker and defender are set by the umpire."),
            CppFirst => write!(f, "The CPP replenishment roll comes first in the refit."),
            CppRolledAlready => write!(f, "CPP have been rolled in this refit already."),
            RollsPending(ids) => write!(f, "Rolls still to make for {}.", ids.join(", ")),
            Balance { what, cost, balance } => write!(f, "That costs {cost} {what}; the balance is {balance}."),
            Limit(p) => match p {
                super::charts::LimitProblem::CampaignLimit { limit, already } => {
                    write!(f, "Beyond the campaign limit of {limit} ({already} had already).")
                }
                super::charts::LimitProblem::ScenarioLimit { limit, already } => {
                    write!(f, "Beyond the limit of {limit} in one scenario ({already} already).")
                }
                super::charts::LimitProblem::DayLimit { limit, already } => {
                    write!(f, "Beyond the limit of {limit} in one day ({already} already).")
                }
                super::charts::LimitProblem::TooDear { cost, balance } => {
                    write!(f, "That costs {cost}; the balance is {balance}.")
                }
                super::charts::LimitProblem::ObaOnlyInMorning => {
                    write!(f, "With more than one scenario a day, artillery is bought in the morning refit only.")
                }
                super::charts::LimitProblem::NoneHeld => write!(f, "No module of that group is left to use."),
                super::charts::LimitProblem::AircraftAtNight => write!(f, "Aircraft do not fly at night."),
                super::charts::LimitProblem::TooManyPreregistered { limit } => {
                    write!(f, "At most {limit} pre-registered points for one module.")
                }
            },
            NoRepair => write!(f, "No repair can be tried for that element now."),
            RepairNotAllowed { nation, month } => write!(
                f,
                "{} armour cannot be repaired in {}: Germans repair from 1939 to the end of 1944; Americans, British and Russians from July 1944 to the end of the war.",
                nation.name(),
                month.name()
            ),
            NoWithdrawalRoll => write!(f, "That element does not roll for withdrawal."),
            NoRatingRoll => write!(f, "That element does not roll for its rating now."),
            RolledAlready(id) => write!(f, "{id} has already rolled in this refit."),
            NoCombine => write!(
                f,
                "Those elements may not combine: same class and type (or both infantry), each with 50% or more casualties."
            ),
            NotFieldable(id) => write!(f, "{id} cannot take the field."),
            NotFielded(id) => write!(f, "{id} did not take the field."),
            NotHidden(id) => write!(f, "{id} is not hidden on the table."),
            BadReport => write!(f, "The result names more stands or vehicles than the element has."),
            BadCount => write!(f, "The number must be at least one."),
            BadTurn(t) => write!(f, "The turn-record chart is not read at turn {t}."),
            NoEscape => write!(f, "That element has no isolated or cut-off stands to escape."),
            NoVehicle(id) => write!(f, "{id} has no vehicle to escape: untick \u{201c}A vehicle\u{201d} to roll for a stand."),
            NoAmmoRoll => write!(f, "Only an element that began the scenario cut off rolls for ammunition."),
            NoAircraft => write!(f, "No aircraft may fly in this scenario."),
            ResultsMissing(ids) => write!(f, "Results still to enter for {}.", ids.join(", ")),
            RemovalTried { what, place } => {
                write!(f, "{what} at {place} has had its removal attempt in this refit: one per item and place.")
            }
            WreckNotRemovable(id) => write!(
                f,
                "No wreck of {id} can be removed: only an enemy armour element's, not in an isolated or cut-off pocket."
            ),
            NoObstacle { what, place } => write!(
                f,
                "No revealed enemy {} is known at {place}: a removal roll needs one, seen on the map.",
                what.to_ascii_lowercase()
            ),
        }
    }
}
