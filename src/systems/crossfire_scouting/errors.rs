//! What can be wrong with a night-scouting setup or a decision, and the setup check.

use super::state::Phase;
use super::tables::{MAX_FIRING_UNITS, MAX_OTHER_MODIFIER};
use super::team::Setup;
use std::fmt;

/// What is wrong with a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    NoTeams,
    TooManyTeams,
    TeamWithoutName(usize),
    TeamTooLarge(String),
    FigureWithoutName { team: String },
    SameName(String),
    NoAreas,
    TooManyAreas,
    AreaWithoutName(usize),
    SameAreaName(String),
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::NoTeams => write!(f, "Add at least one scout team."),
            SetupProblem::TooManyTeams => write!(f, "At most 255 scout teams."),
            SetupProblem::TeamWithoutName(i) => write!(f, "Scout team {} needs a name.", i + 1),
            SetupProblem::TeamTooLarge(t) => write!(f, "Team \"{t}\" has too many scouts (254 at most)."),
            SetupProblem::FigureWithoutName { team } => write!(f, "Every figure of team \"{team}\" needs a name."),
            SetupProblem::SameName(n) => write!(f, "Two figures are called \"{n}\": give each its own name."),
            SetupProblem::NoAreas => write!(f, "Name at least one area of the table."),
            SetupProblem::TooManyAreas => write!(f, "Too many areas (65,535 at most)."),
            SetupProblem::AreaWithoutName(i) => write!(f, "Area {} needs a name.", i + 1),
            SetupProblem::SameAreaName(n) => write!(f, "Two areas are called \"{n}\": give each its own name."),
        }
    }
}

/// Why a decision is not legal now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    Setup(SetupProblem),
    NightOver,
    /// The decision belongs to another step.
    NotNow {
        phase: Phase,
    },
    UnknownScout,
    UnknownArea(u16),
    ScoutDead(String),
    /// Spotting or banking from off the table.
    NotOnTable(String),
    AlreadyHome(String),
    AtStartLine(String),
    AlreadyTried {
        scout: String,
        area: String,
    },
    EdgeArea(String),
    TroopsRevealed(String),
    LeaderDead {
        scout: String,
        leader: String,
    },
    LeaderNotOut {
        scout: String,
        leader: String,
    },
    IsLeader(String),
    NothingToBank(String),
    NoReactiveSpot(String),
    NotUnderFire(String),
    NoCloseCombat(String),
    BadModifier(i8),
    CatUsed,
    MustFire(String),
    NotReactive,
    FireFromElsewhere {
        area: String,
    },
    FireFromEmpty(String),
    Beaten {
        scout: String,
        area: String,
    },
    FiringUnits(u8),
    LeaderCannotSee {
        scout: String,
        leader: String,
    },
    RetreatNotToCover {
        scout: String,
        area: String,
    },
    MustShowTroops(String),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Setup(p) => p.fmt(f),
            RuleError::NightOver => write!(f, "The night is over."),
            RuleError::NotNow { phase } => write!(f, "Not now: the step under way is \"{}\".", phase.name()),
            RuleError::UnknownScout => write!(f, "There is no such figure in the scout teams."),
            RuleError::UnknownArea(a) => write!(f, "There is no area number {a}."),
            RuleError::ScoutDead(n) => write!(f, "{n} is dead."),
            RuleError::NotOnTable(n) => {
                write!(f, "{n} is off the table at the own edge: move him onto the table first.")
            }
            RuleError::AlreadyHome(n) => {
                write!(f, "{n} is back at the own edge and has reported: he is done for the night.")
            }
            RuleError::AtStartLine(n) => write!(f, "{n} has not left the own edge yet."),
            RuleError::AlreadyTried { scout, area } => {
                write!(f, "{scout} has already tried to spot {area}; to make sure, bring another scout up to it.")
            }
            RuleError::EdgeArea(a) => {
                write!(f, "{a} touches the scouting player's table edge: the defender cannot be there.")
            }
            RuleError::TroopsRevealed(a) => {
                write!(f, "Troops have been revealed in {a}: scouts may not go in, and need not look again.")
            }
            RuleError::LeaderDead { scout, leader } => {
                write!(f, "{leader} is dead: {scout} no longer scouts, he makes his way back to the own edge.")
            }
            RuleError::LeaderNotOut { scout, leader } => {
                write!(f, "{leader} is not out on the table: {scout} reports by getting back to the own edge.")
            }
            RuleError::IsLeader(n) => write!(f, "{n} leads the team: what he finds is banked at once."),
            RuleError::NothingToBank(n) => write!(f, "{n} has nothing new to report."),
            RuleError::NoReactiveSpot(n) => write!(
                f,
                "A reactive spotting roll is only for a scout moving in the open who is not already under fire ({n})."
            ),
            RuleError::NotUnderFire(n) => {
                write!(f, "The sentries do not have {n} in their sights: they must spot him first.")
            }
            RuleError::NoCloseCombat(n) => {
                write!(f, "{n} has not walked into an area where hidden troops could be.")
            }
            RuleError::BadModifier(m) => write!(
                f,
                "A close-combat modifier of {m} is out of range ({} to {}).",
                -MAX_OTHER_MODIFIER, MAX_OTHER_MODIFIER
            ),
            RuleError::CatUsed => write!(f, "The cat has already been played this night."),
            RuleError::MustFire(n) => write!(
                f,
                "After a successful reactive spot the defender must fire at {n}, or own up that no troops can see him."
            ),
            RuleError::NotReactive => {
                write!(f, "Only a reactive spot obliges the defender to fire: here he fires or holds fire.")
            }
            RuleError::FireFromElsewhere { area } => {
                write!(f, "Only troops in {area}, the area being scouted, fire now.")
            }
            RuleError::FireFromEmpty(a) => write!(f, "The defender has declared {a} empty."),
            RuleError::Beaten { scout, area } => {
                write!(f, "{scout} beat the troops in {area} in close combat: they cannot hinder him again.")
            }
            RuleError::FiringUnits(n) => write!(f, "Between 1 and {MAX_FIRING_UNITS} units may fire ({n} given)."),
            RuleError::LeaderCannotSee { scout, leader } => {
                write!(f, "{leader} cannot be watching the fire at {scout}: he is not out on the table, or it is he who is fired at.")
            }
            RuleError::RetreatNotToCover { scout, area } => {
                write!(f, "{scout} was hit in the open and must fall back into cover; {area} is open ground.")
            }
            RuleError::MustShowTroops(a) => {
                write!(f, "Troops in {a} fired or fought: the defender cannot declare it empty.")
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------

pub fn check_setup(setup: &Setup) -> Result<(), SetupProblem> {
    if setup.teams.is_empty() {
        return Err(SetupProblem::NoTeams);
    }
    if setup.teams.len() > u8::MAX as usize {
        return Err(SetupProblem::TooManyTeams);
    }
    let mut names: Vec<String> = Vec::new();
    for (i, team) in setup.teams.iter().enumerate() {
        if team.name.trim().is_empty() {
            return Err(SetupProblem::TeamWithoutName(i));
        }
        if team.size() > u8::MAX as usize {
            return Err(SetupProblem::TeamTooLarge(team.name.clone()));
        }
        for figure in std::iter::once(&team.leader).chain(team.scouts.iter()) {
            let n = figure.name.trim();
            if n.is_empty() {
                return Err(SetupProblem::FigureWithoutName { team: team.name.clone() });
            }
            if names.iter().any(|x| x.eq_ignore_ascii_case(n)) {
                return Err(SetupProblem::SameName(n.to_string()));
            }
            names.push(n.to_string());
        }
    }
    if setup.areas.is_empty() {
        return Err(SetupProblem::NoAreas);
    }
    if setup.areas.len() > u16::MAX as usize {
        return Err(SetupProblem::TooManyAreas);
    }
    let mut areas: Vec<String> = Vec::new();
    for (i, a) in setup.areas.iter().enumerate() {
        let n = a.name.trim();
        if n.is_empty() {
            return Err(SetupProblem::AreaWithoutName(i));
        }
        if areas.iter().any(|x| x.eq_ignore_ascii_case(n)) {
            return Err(SetupProblem::SameAreaName(n.to_string()));
        }
        areas.push(n.to_string());
    }
    Ok(())
}
