//! What a Race for X setup must hold: `check_setup` for every campaign (stored ones
//! included), `check_new_setup` for a setup made or edited now.

use super::orbat::{FormationKind, Orbat, Setup, StandKind, UnitKind};
use super::state::Side;
use super::tables::{DefenceOption, ForceSize};
use std::fmt;

/// What is wrong with a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    NoName(Side),
    SameNames,
    NoUnits(Side),
    EmptyUnit {
        side: Side,
        unit: String,
    },
    UnitShape {
        side: Side,
        unit: String,
        rule: &'static str,
    },
    BadFormation {
        side: Side,
        unit: String,
    },
    FormationParent {
        side: Side,
        formation: String,
    },
    MissingDefence {
        size: ForceSize,
        option: DefenceOption,
    },
    /// A CC or BC HQ unit that commands no company or battalion (or one with nothing else in
    /// it) would never have to deploy. Refused for new setups only: stored ones keep opening.
    HqCommandsNothing {
        side: Side,
        unit: String,
        commander: StandKind,
    },
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::NoName(s) => write!(f, "Player {} needs a name.", s.letter()),
            SetupProblem::SameNames => write!(f, "The two players need different names."),
            SetupProblem::NoUnits(s) => write!(f, "Player {}'s offensive orbat has no units.", s.letter()),
            SetupProblem::EmptyUnit { side, unit } => {
                write!(f, "Player {}: unit \"{unit}\" has no stands.", side.letter())
            }
            SetupProblem::UnitShape { side, unit, rule } => {
                write!(f, "Player {}: unit \"{unit}\": {rule}.", side.letter())
            }
            SetupProblem::BadFormation { side, unit } => {
                write!(
                    f,
                    "Player {}: unit \"{unit}\" belongs to a company or battalion that does not fit it.",
                    side.letter()
                )
            }
            SetupProblem::FormationParent { side, formation } => {
                write!(
                    f,
                    "Player {}: \"{formation}\" must be a company inside a battalion (or stand alone).",
                    side.letter()
                )
            }
            SetupProblem::MissingDefence { size, option } => {
                write!(f, "Defensive orbat {} option {} is missing or empty.", size.name(), option.name())
            }
            SetupProblem::HqCommandsNothing { side, unit, commander: StandKind::Bc } => write!(
                f,
                "Player {}: HQ unit \"{unit}\" has a BC, so it must command a battalion with at least one company in it \
                 (otherwise the must-deploy rule never applies to it).",
                side.letter()
            ),
            SetupProblem::HqCommandsNothing { side, unit, .. } => write!(
                f,
                "Player {}: HQ unit \"{unit}\" has a CC, so it must command a company with at least one other unit in it \
                 (otherwise the must-deploy rule never applies to it).",
                side.letter()
            ),
        }
    }
}

/// The checks every campaign passes to open: new ones, and those stored before.
pub fn check_setup(setup: &Setup) -> Result<(), SetupProblem> {
    for side in Side::BOTH {
        let p = &setup.players[side.index()];
        if p.name.trim().is_empty() {
            return Err(SetupProblem::NoName(side));
        }
        check_orbat(side, &p.orbat)?;
    }
    if setup.players[0].name.trim() == setup.players[1].name.trim() {
        return Err(SetupProblem::SameNames);
    }
    // "At least one orbat equivalent to each of size S1, S2, S3 and S4. Ideally, you'll have
    // alternatives": option A is needed, option B is welcome.
    for size in ForceSize::DEFENSIVE {
        if !setup.prepared(size, DefenceOption::A) {
            return Err(SetupProblem::MissingDefence { size, option: DefenceOption::A });
        }
    }
    Ok(())
}

/// The checks a setup made or edited now must pass: those of `check_setup` (what a stored
/// campaign needs to open), and every CC or BC HQ unit commands a formation with something in
/// it, so the must-deploy rule reaches it.
pub fn check_new_setup(setup: &Setup) -> Result<(), SetupProblem> {
    check_setup(setup)?;
    for side in Side::BOTH {
        let orbat = &setup.players[side.index()].orbat;
        for (i, u) in orbat.units.iter().enumerate() {
            let Some(commander @ (StandKind::Cc | StandKind::Bc)) = u.commander() else { continue };
            let commands_something = match (orbat.commanded_formation(i), commander) {
                (Some(f), StandKind::Cc) => {
                    orbat.units.iter().enumerate().any(|(j, x)| j != i && x.formation == Some(f))
                }
                (Some(f), _) => orbat.formations.iter().enumerate().any(|(c, x)| {
                    x.kind == FormationKind::Company
                        && x.parent == Some(f)
                        && orbat.units.iter().any(|y| y.formation == Some(c as u16))
                }),
                (None, _) => false,
            };
            if !commands_something {
                return Err(SetupProblem::HqCommandsNothing { side, unit: u.name.clone(), commander });
            }
        }
    }
    Ok(())
}

fn check_orbat(side: Side, orbat: &Orbat) -> Result<(), SetupProblem> {
    if orbat.units.is_empty() {
        return Err(SetupProblem::NoUnits(side));
    }
    for f in &orbat.formations {
        let ok = match (f.kind, f.parent) {
            (_, None) => true,
            (FormationKind::Company, Some(p)) => {
                orbat.formations.get(p as usize).is_some_and(|x| x.kind == FormationKind::Battalion)
            }
            (FormationKind::Battalion, Some(_)) => false,
        };
        if !ok {
            return Err(SetupProblem::FormationParent { side, formation: f.name.clone() });
        }
    }
    for u in &orbat.units {
        let shape = |rule| SetupProblem::UnitShape { side, unit: u.name.clone(), rule };
        if u.stands.is_empty() {
            return Err(SetupProblem::EmptyUnit { side, unit: u.name.clone() });
        }
        let count = |k: StandKind| u.stands.iter().filter(|s| s.kind == k).count();
        let commanders = count(StandKind::Cc) + count(StandKind::Bc) + count(StandKind::Rc);
        match u.kind {
            UnitKind::RiflePlatoon => {
                if u.stands.iter().any(|s| !matches!(s.kind, StandKind::Squad | StandKind::Pc)) {
                    return Err(shape("a rifle/SMG platoon holds squads and its PC only"));
                }
                if count(StandKind::Pc) > 1 || count(StandKind::Squad) == 0 {
                    return Err(shape("a rifle/SMG platoon has one PC at most and at least one squad"));
                }
            }
            UnitKind::Hq => {
                if commanders != 1 {
                    return Err(shape("an HQ unit has exactly one CC, BC or RC"));
                }
                let others = u.stands.len() - 1;
                if others > 3
                    || u.stands.iter().any(|s| {
                        !matches!(
                            s.kind,
                            StandKind::Cc
                                | StandKind::Bc
                                | StandKind::Rc
                                | StandKind::Squad
                                | StandKind::CrewServed
                                | StandKind::Fo
                        )
                    })
                {
                    return Err(shape(
                        "an HQ unit takes up to three squads, crew-served weapons or FOs with its commander",
                    ));
                }
            }
            UnitKind::CrewServed => {
                let weapons = count(StandKind::CrewServed) + count(StandKind::Fo);
                if !(2..=4).contains(&weapons)
                    || count(StandKind::Pc) > 1
                    || weapons + count(StandKind::Pc) != u.stands.len()
                {
                    return Err(shape(
                        "a crew-served weapon unit has 2 to 4 crew-served weapons or FOs, and one PC at most",
                    ));
                }
            }
            UnitKind::Vehicle => {
                if !(1..=3).contains(&u.stands.len()) || count(StandKind::Vehicle) != u.stands.len() {
                    return Err(shape("a vehicle platoon has 1 to 3 AFVs or APCs"));
                }
            }
        }
        if let Some(fi) = u.formation {
            let Some(f) = orbat.formations.get(fi as usize) else {
                return Err(SetupProblem::BadFormation { side, unit: u.name.clone() });
            };
            let fits = match u.commander() {
                Some(StandKind::Cc) => f.kind == FormationKind::Company,
                Some(StandKind::Bc) => f.kind == FormationKind::Battalion,
                _ => true,
            };
            if !fits {
                return Err(SetupProblem::BadFormation { side, unit: u.name.clone() });
            }
        }
    }
    Ok(())
}
