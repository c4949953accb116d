//! Why a decision is not legal now.

use super::grid::Sector;
use super::setup::SetupProblem;
use super::state::{Phase, Target, UnitRef};
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
    /// Withdrawing from contact goes first back the way the unit came (or to its rear).
    WrongWayBack(Option<Sector>),
    MoversNotRolled,
    /// Halting: difficult ground may be entered but not passed through in one move.
    Halted(Sector),
    /// Halting: vehicles need a road or bridge into this sector.
    Impassable(Sector),
    NoMoversLeft(u8),
    /// Fortifications, minefields and obstacles never move.
    CannotMove(u16),
    CounterMoved(u16),
    NotATrp(Sector),
    /// Four on-call fire missions a turn at most.
    TurnFireLimit,
    /// Thick fog: only sectors holding or next to friendly units may be fired on.
    Fogbound(Sector),
    NotABattery(Target),
    BatteryInContact(Target),
    AlreadyFired(Target),
    OutOfRange {
        range: u8,
        steps: u8,
    },
    BadTarget(Target),
    /// A defending battery revealed this turn is safe from the attacker's support fire.
    JustRevealed(u16),
    /// No air strike or extra ammunition this turn, or it is spent.
    NoSupportPoint,
    NoLossesDue,
    /// The umpire must name the losses before the next throw.
    LossesDue,
    MoversRolled,
    NotALoss(Target),
    /// The losses must be as many as the hits can kill, assault troops first.
    WrongLosses {
        kills: usize,
    },
    NotHeadless(u8),
    HqAlreadyHandled(u8),
    /// A headless division still waits for the Corps Commander's choice.
    HqChoiceDue(u8),
    NotInDivision {
        unit: UnitRef,
        division: u8,
    },
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
            RuleError::WrongWayBack(Some(s)) => write!(f, "Withdrawing from contact, the first step is back to {s}."),
            RuleError::WrongWayBack(None) => write!(f, "There is no way back from here."),
            RuleError::Halted(s) => write!(f, "{s} is difficult ground: a move may end there but not pass through."),
            RuleError::Impassable(s) => write!(f, "{s} is impassable to vehicles without a road or bridge."),
            RuleError::MoversNotRolled => write!(f, "Roll for how many units the defender may move first."),
            RuleError::NoMoversLeft(n) => write!(f, "The defender may move only {n} units this turn."),
            RuleError::CannotMove(c) => write!(f, "Counter {c} cannot move."),
            RuleError::CounterMoved(c) => write!(f, "Counter {c} has already moved this turn."),
            RuleError::NotATrp(s) => write!(f, "{s} is not a target registration point."),
            RuleError::TurnFireLimit => write!(f, "Four on-call fire missions a turn at most."),
            RuleError::Fogbound(s) => write!(f, "Thick fog: {s} is not next to a friendly unit."),
            RuleError::NotABattery(_) => write!(f, "Only mortars, artillery and rockets fire support."),
            RuleError::BatteryInContact(_) => write!(f, "A battery in a sector with enemy units cannot fire support."),
            RuleError::AlreadyFired(_) => write!(f, "That battery has already fired this turn."),
            RuleError::OutOfRange { range, steps } => {
                write!(f, "The target is {steps} sectors away; the range is {range}.")
            }
            RuleError::BadTarget(_) => write!(f, "That is not an enemy unit on the table."),
            RuleError::JustRevealed(c) => write!(f, "Counter {c} was revealed this turn and cannot be targeted."),
            RuleError::NoSupportPoint => write!(f, "No air strike or extra ammunition is available now."),
            RuleError::LossesDue => write!(f, "The umpire names the losses of the last throw first."),
            RuleError::MoversRolled => write!(f, "The defender's movers are already rolled."),
            RuleError::NoLossesDue => write!(f, "No losses are waiting to be named."),
            RuleError::NotALoss(_) => {
                write!(f, "That unit is not one of those the hits can fall on (or is named twice).")
            }
            RuleError::WrongLosses { kills } => {
                write!(f, "Name {kills} losses, each one a hit can reach, assault troops that rolled two dice first.")
            }
            RuleError::NotHeadless(d) => write!(f, "Division {} has its HQ.", d + 1),
            RuleError::HqAlreadyHandled(d) => write!(f, "Division {}'s HQ has been dealt with this turn.", d + 1),
            RuleError::HqChoiceDue(d) => {
                write!(f, "Division {} has no HQ: the Corps Commander must choose first.", d + 1)
            }
            RuleError::NotInDivision { unit: r, division } => {
                write!(f, "The {} is not a unit of division {} on hand.", unit(r), division + 1)
            }
            RuleError::NotInDivisionReserve(r) => write!(f, "The {} is not in the Division Reserve.", unit(r)),
            RuleError::NotInCorpsReserve(r) => write!(f, "The {} is not in the Corps Reserve.", unit(r)),
            RuleError::NotOnLine1(s) => write!(f, "Units from the Division Reserve enter on L1, not {s}."),
        }
    }
}
