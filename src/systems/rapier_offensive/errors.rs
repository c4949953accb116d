//! Why a decision is not legal now.

use super::grid::Sector;
use super::setup::{Setup, SetupProblem};
use super::state::{Phase, State, Target, UnitRef};
use super::units::Piece;
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
    /// Ground combat with no combat under way (a position no play leads to).
    NoCombat,
    /// Examining with no recon roll that found a sector (a position no play leads to).
    NothingToExamine,
    /// The Corps Commander's orders are not known here (none issued, or a view outside the
    /// command post).
    OrdersNotIssued,
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

/// How a refusal names what it refers to: by number (`Display`, with nothing else to go on),
/// or by the setup's names (`RuleError::words`).
trait Names {
    /// "Tank Bn of 55th Cavalry Division", or "unit 11 of division 3".
    fn unit(&self, r: UnitRef) -> String;
    /// "55th Cavalry Division", or "division 3".
    fn division(&self, d: u8) -> String;
    /// The division a unit belongs to now, or "its division".
    fn unit_division(&self, r: UnitRef) -> String;
    /// A counter as everyone may know it: named once face up; numbered from 1, as on the
    /// screen.
    fn counter(&self, id: u16) -> String;
}

struct Numbers;

impl Names for Numbers {
    fn unit(&self, r: UnitRef) -> String {
        format!("unit {} of division {}", r.unit + 1, r.division + 1)
    }
    fn division(&self, d: u8) -> String {
        format!("division {}", d + 1)
    }
    fn unit_division(&self, _r: UnitRef) -> String {
        "its division".into()
    }
    fn counter(&self, id: u16) -> String {
        format!("counter {}", id + 1)
    }
}

struct Named<'a>(&'a Setup, &'a State);

impl Names for Named<'_> {
    fn unit(&self, r: UnitRef) -> String {
        let division = self.0.attackers.get(r.division as usize);
        match division.and_then(|d| d.units.get(r.unit as usize).map(|u| (u, d))) {
            Some((u, d)) => format!("{} of {}", u.name, d.name),
            None => Numbers.unit(r),
        }
    }
    fn division(&self, d: u8) -> String {
        self.0.attackers.get(d as usize).map_or_else(|| Numbers.division(d), |x| x.name.clone())
    }
    fn unit_division(&self, r: UnitRef) -> String {
        match self.1.index_of(r).and_then(|i| self.1.units[i].division) {
            Some(d) => self.division(d),
            None => Numbers.unit_division(r),
        }
    }
    fn counter(&self, id: u16) -> String {
        let known = self.1.counters.get(id as usize).filter(|c| c.revealed).and_then(|c| c.piece);
        let name = match known {
            Some(Piece::Unit(i)) => self.0.defender.units.get(i as usize).map(|u| u.name.clone()),
            Some(Piece::Fortification) => Some("the fortification".into()),
            Some(Piece::Minefield) => Some("the minefield".into()),
            Some(Piece::Wire) => Some("the wire".into()),
            Some(Piece::AtObstacle) => Some("the anti-tank obstacles".into()),
            Some(Piece::Dummy) | None => None,
        };
        match name {
            Some(n) => format!("{n} (counter {})", id + 1),
            None => Numbers.counter(id),
        }
    }
}

/// The first letter in capitals, to open a sentence (ASCII: Unicode's case tables are 20 KB of
/// data for every system's code to carry, issue 32).
fn cap(s: String) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| std::iter::once(f.to_ascii_uppercase()).chain(c).collect())
}

impl RuleError {
    /// The refusal in the players' words: units and divisions by the setup's names, counters
    /// by name once face up (`state`), else by their number on the screen.
    pub fn words(&self, setup: &Setup, state: &State) -> String {
        self.text(&Named(setup, state))
    }

    fn text(&self, n: &dyn Names) -> String {
        let unit = |r: &UnitRef| n.unit(*r);
        let division = |d: &u8| n.division(*d);
        let counter = |c: &u16| n.counter(*c);
        let target = |t: &Target| match t {
            Target::Unit(r) => n.unit(*r),
            Target::Counter(c) => n.counter(*c),
        };
        match self {
            RuleError::Setup(p) => format!("{p}"),
            RuleError::NotNow { phase } => format!("That is not part of this step ({}).", phase.name()),
            RuleError::WrongPieces => "The deployment must place each of the defender's counters exactly once.".into(),
            RuleError::OutsideDeploymentArea(s) => format!("{s} is outside the deployment area."),
            RuleError::Overstacked(s) => format!("{s} would hold more than six friendly units."),
            RuleError::UnknownCounter(c) => format!("There is no {}.", counter(c)),
            RuleError::CounterTwice(c) => format!("{} is named twice.", cap(counter(c))),
            RuleError::CounterNotThere { counter: c, sector } => format!("{} is not in {sector}.", cap(counter(c))),
            RuleError::ExamineCount { expected, got } => format!("Examine {expected} counters, not {got}."),
            RuleError::BreakThroughFixed => "The scenario names the break-through division.".into(),
            RuleError::BreakThroughMissing => "Name the break-through division.".into(),
            RuleError::UnknownDivision(d) => format!("There is no attacking division {}.", d + 1),
            RuleError::UnknownUnit(r) => format!("There is no {}.", Numbers.unit(*r)),
            RuleError::UnitTwice(r) => format!("{} is named twice.", cap(unit(r))),
            RuleError::FrontageMissing(d) => format!("{} needs a frontage.", cap(division(d))),
            RuleError::BadFrontage => "A frontage is a run of adjacent axes from A1 to A4.".into(),
            RuleError::FrontagesOverlap(a, b) => format!(
                "{} and {} have overlapping frontages and cannot both be on the table.",
                cap(division(a)),
                division(b)
            ),
            RuleError::AlreadyDeployed(d) => format!("{} has already deployed.", cap(division(d))),
            RuleError::DeploymentIncomplete(d) => {
                format!("{} must place every unit not held in the Corps Reserve, once.", cap(division(d)))
            }
            RuleError::OutsideFrontage { unit: r, axis } => format!(
                "{} may not go to A{axis}: it is outside the frontage of {}.",
                cap(unit(r)),
                n.unit_division(*r)
            ),
            RuleError::TrpTwice(s) => format!("{s} is plotted twice."),
            RuleError::NoFireMissionsLeft => "No fire missions are left.".into(),
            RuleError::SectorFireLimit(s) => format!("{s} has had its two fire missions."),
            RuleError::NotOnTable(r) => format!("{} is not on the table.", cap(unit(r))),
            RuleError::AlreadyMoved(r) => format!("{} has already moved this turn.", cap(unit(r))),
            RuleError::HeadlessLimit { division: d, max } => {
                format!("{} has no HQ: at most {max} of its units may move.", cap(division(d)))
            }
            RuleError::EmptyPath => "A move needs at least one step.".into(),
            RuleError::NotNextTo(a, b) => format!("{b} is not next to {a} (no diagonal moves)."),
            RuleError::OffAxis { unit: r, axis } => {
                format!("{} is not a division asset: it stays on its axis, A{axis}.", cap(unit(r)))
            }
            RuleError::PassesThroughEnemy(s) => format!("A unit may enter {s} but not move through it."),
            RuleError::TooFar { allowance, steps } => format!("{steps} steps is more than this move's {allowance}."),
            RuleError::ExitNotFromL6 => "Units leave the table forward from L6.".into(),
            RuleError::OffTheBack => "A unit on L1 cannot move further back.".into(),
            RuleError::WrongWayBack(Some(s)) => format!("Withdrawing from contact, the first step is back to {s}."),
            RuleError::WrongWayBack(None) => "There is no way back from here.".into(),
            RuleError::Halted(s) => format!("{s} is difficult ground: a move may end there but not pass through."),
            RuleError::Impassable(s) => format!("{s} is impassable to vehicles without a road or bridge."),
            RuleError::MoversNotRolled => "Roll for how many units the defender may move first.".into(),
            RuleError::NoMoversLeft(m) => format!("The defender may move only {m} units this turn."),
            RuleError::CannotMove(c) => format!("{} cannot move.", cap(counter(c))),
            RuleError::CounterMoved(c) => format!("{} has already moved this turn.", cap(counter(c))),
            RuleError::NotATrp(s) => format!("{s} is not a target registration point."),
            RuleError::TurnFireLimit => "Four on-call fire missions a turn at most.".into(),
            RuleError::Fogbound(s) => format!("Thick fog: {s} is not next to a friendly unit."),
            RuleError::NotABattery(_) => "Only mortars, artillery and rockets fire support.".into(),
            RuleError::BatteryInContact(b) => {
                format!("{} shares its sector with enemy units and cannot fire support.", cap(target(b)))
            }
            RuleError::AlreadyFired(b) => format!("{} has already fired this turn.", cap(target(b))),
            RuleError::OutOfRange { range, steps } => {
                format!("The target is {steps} sectors away; the range is {range}.")
            }
            RuleError::BadTarget(_) => "That is not an enemy unit on the table.".into(),
            RuleError::JustRevealed(c) => {
                format!("{} was revealed this turn and cannot be targeted until the next.", cap(counter(c)))
            }
            RuleError::NoSupportPoint => "No air strike or extra ammunition is available now.".into(),
            RuleError::LossesDue => "The umpire names the losses of the last throw first.".into(),
            RuleError::MoversRolled => "The defender's movers are already rolled.".into(),
            RuleError::NoLossesDue => "No losses are waiting to be named.".into(),
            RuleError::NoCombat => "No ground combat is under way.".into(),
            RuleError::NothingToExamine => "The last recon roll found no sector to examine.".into(),
            RuleError::OrdersNotIssued => "The Corps Commander's orders are not known here.".into(),
            RuleError::NotALoss(t) => {
                format!("{} is not one of those the hits can fall on (or is named twice).", cap(target(t)))
            }
            RuleError::WrongLosses { kills } => {
                format!("Name {kills} losses, each one a hit can reach, assault troops that rolled two dice first.")
            }
            RuleError::NotHeadless(d) => format!("{} has its HQ.", cap(division(d))),
            RuleError::HqAlreadyHandled(d) => format!("The HQ of {} has been dealt with this turn.", division(d)),
            RuleError::HqChoiceDue(d) => {
                format!("{} has no HQ: the Corps Commander must choose first.", cap(division(d)))
            }
            RuleError::NotInDivision { unit: r, division: d } => {
                format!("{} is not a unit of {} on hand.", cap(unit(r)), division(d))
            }
            RuleError::NotInDivisionReserve(r) => format!("{} is not in the Division Reserve.", cap(unit(r))),
            RuleError::NotInCorpsReserve(r) => format!("{} is not in the Corps Reserve.", cap(unit(r))),
            RuleError::NotOnLine1(s) => format!("Units from the Division Reserve enter on L1, not {s}."),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&Numbers))
    }
}
