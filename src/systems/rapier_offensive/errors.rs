//! Why a decision is not legal now.

use super::grid::Sector;
use super::setup::SetupProblem;
use super::state::{Phase, UnitRef};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    Setup(SetupProblem),
    /// The decision belongs to another step.
    NotNow {
        phase: Phase,
    },
    /// The deployment does not hold each of the defender's counters exactly once.
    WrongPieces,
    /// Defenders deploy on L2-L5 only; attackers on L1.
    OutsideDeploymentArea(Sector),
    /// More than six friendly units in a sector.
    Overstacked(Sector),
    UnknownCounter(u16),
    CounterTwice(u16),
    CounterNotThere {
        counter: u16,
        sector: Sector,
    },
    ExamineCount {
        expected: usize,
        got: usize,
    },
    /// The scenario names the break-through division; the orders may not change it.
    BreakThroughFixed,
    BreakThroughMissing,
    UnknownDivision(u8),
    UnknownUnit(UnitRef),
    UnitTwice(UnitRef),
    FrontageMissing(u8),
    BadFrontage,
    /// Two divisions with overlapping frontages both on the table.
    FrontagesOverlap(u8, u8),
    AlreadyDeployed(u8),
    /// A deployment must place every unit of the division not held in R2.
    DeploymentIncomplete(u8),
    OutsideFrontage {
        unit: UnitRef,
        axis: u8,
    },
    TrpTwice(Sector),
    NoFireMissionsLeft,
    SectorFireLimit(Sector),
    NotOnTable(UnitRef),
    AlreadyMoved(UnitRef),
    /// A division without an HQ has moved half its units.
    HeadlessLimit {
        division: u8,
        max: usize,
    },
    EmptyPath,
    NotNextTo(Sector, Sector),
    /// Only division assets leave their axis of attack.
    OffAxis {
        unit: UnitRef,
        axis: u8,
    },
    PassesThroughEnemy(Sector),
    TooFar {
        allowance: u8,
        steps: usize,
    },
    /// Units leave the table forward from L6 only.
    ExitNotFromL6,
    /// Backwards off L1 is not a move the rules know.
    OffTheBack,
    /// Withdrawing from contact, with the enemy's free shot, is not yet in the app.
    WithdrawalNotAvailable(UnitRef),
    NotInDivisionReserve(UnitRef),
    NotInCorpsReserve(UnitRef),
    /// Entering the table from R1 goes to L1.
    NotOnLine1(Sector),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = |r: &UnitRef| format!("unit {} of division {}", r.unit + 1, r.division + 1);
        match self {
            RuleError::Setup(p) => write!(f, "{p}"),
            RuleError::NotNow { phase } => write!(f, "That is not part of this step ({}).", phase.name()),
            RuleError::WrongPieces => {
                write!(f, "The deployment must place each of the defender's counters exactly once.")
            }
            RuleError::OutsideDeploymentArea(s) => write!(f, "{s} is outside the deployment area."),
            RuleError::Overstacked(s) => write!(f, "{s} would hold more than six friendly units."),
            RuleError::UnknownCounter(c) => write!(f, "There is no counter {c}."),
            RuleError::CounterTwice(c) => write!(f, "Counter {c} is named twice."),
            RuleError::CounterNotThere { counter, sector } => write!(f, "Counter {counter} is not in {sector}."),
            RuleError::ExamineCount { expected, got } => write!(f, "Examine {expected} counters, not {got}."),
            RuleError::BreakThroughFixed => write!(f, "The scenario names the break-through division."),
            RuleError::BreakThroughMissing => write!(f, "Name the break-through division."),
            RuleError::UnknownDivision(d) => write!(f, "There is no attacking division {}.", d + 1),
            RuleError::UnknownUnit(r) => write!(f, "There is no {}.", unit(r)),
            RuleError::UnitTwice(r) => write!(f, "The {} is named twice.", unit(r)),
            RuleError::FrontageMissing(d) => write!(f, "Division {} needs a frontage.", d + 1),
            RuleError::BadFrontage => write!(f, "A frontage is a run of adjacent axes from A1 to A4."),
            RuleError::FrontagesOverlap(a, b) => write!(
                f,
                "Divisions {} and {} have overlapping frontages and cannot both be on the table.",
                a + 1,
                b + 1
            ),
            RuleError::AlreadyDeployed(d) => write!(f, "Division {} has already deployed.", d + 1),
            RuleError::DeploymentIncomplete(d) => {
                write!(f, "Division {} must place every unit not held in the Corps Reserve, once.", d + 1)
            }
            RuleError::OutsideFrontage { unit: r, axis } => {
                write!(f, "A{axis} is outside the frontage of the {}'s division.", unit(r))
            }
            RuleError::TrpTwice(s) => write!(f, "{s} is plotted twice."),
            RuleError::NoFireMissionsLeft => write!(f, "No fire missions are left."),
            RuleError::SectorFireLimit(s) => write!(f, "{s} has had its two fire missions."),
            RuleError::NotOnTable(r) => write!(f, "The {} is not on the table.", unit(r)),
            RuleError::AlreadyMoved(r) => write!(f, "The {} has already moved this turn.", unit(r)),
            RuleError::HeadlessLimit { division, max } => {
                write!(f, "Division {} has no HQ: at most {max} of its units may move.", division + 1)
            }
            RuleError::EmptyPath => write!(f, "A move needs at least one step."),
            RuleError::NotNextTo(a, b) => write!(f, "{b} is not next to {a} (no diagonal moves)."),
            RuleError::OffAxis { unit: r, axis } => {
                write!(f, "The {} is not a division asset: it stays on its axis, A{axis}.", unit(r))
            }
            RuleError::PassesThroughEnemy(s) => write!(f, "A unit may enter {s} but not move through it."),
            RuleError::TooFar { allowance, steps } => write!(f, "{steps} steps is more than this move's {allowance}."),
            RuleError::ExitNotFromL6 => write!(f, "Units leave the table forward from L6."),
            RuleError::OffTheBack => write!(f, "A unit on L1 cannot move further back."),
            RuleError::WithdrawalNotAvailable(r) => write!(
                f,
                "The {} is in contact: withdrawing, with the enemy's free shot, is not yet supported here.",
                unit(r)
            ),
            RuleError::NotInDivisionReserve(r) => write!(f, "The {} is not in the Division Reserve.", unit(r)),
            RuleError::NotInCorpsReserve(r) => write!(f, "The {} is not in the Corps Reserve.", unit(r)),
            RuleError::NotOnLine1(s) => write!(f, "Units from the Division Reserve enter on L1, not {s}."),
        }
    }
}
