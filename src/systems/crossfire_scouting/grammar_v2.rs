//! Night scouting's first grammar (`GrammarV2`), kept verbatim to read the links written
//! with it (system code 2, `fd2.`): per step, the decisions the rules take there, the most
//! usual first, then their parts against the position (a mover among `rules::movers`, an
//! area or place of the setup's). It is loose (it describes many decisions the position
//! refuses); the system's current grammar is `grammar.rs`. Frozen with the link format that
//! codes it: the variant lists, their order and the contexts below.

use super::rules::{self, Decision};
use super::state::{Phase, Sighting, State};
use super::team::{Place, Quality, ScoutRef, Sentries, Setup};
use super::CrossfireScouting;
use crate::engine::grammar::{maybe, one_of, signed, small, variant};
use crate::engine::{Chooser, GrammarOf};

/// The grammar of night-scouting links of system code 2 (`fd2.`), read only.
pub struct GrammarV2;

impl GrammarOf<CrossfireScouting> for GrammarV2 {
    fn setup<C: Chooser>(c: &mut C, given: Option<&Setup>) -> Result<Setup, C::Error> {
        crate::engine::grammar::setup_as_text(c, super::sample::sample_setup(), given)
    }
    fn decision<C: Chooser>(
        setup: &Setup,
        s: &State,
        c: &mut C,
        given: Option<&Decision>,
    ) -> Result<Decision, C::Error> {
        decision(setup, s, c, given)
    }
    fn over(_setup: &Setup, s: &State) -> bool {
        s.phase == Phase::Over
    }
}

// Contexts (0 is the setup's "the sample" flag).
const IN_OPEN: u16 = 1;
const SENTRIES: u16 = 2;
const TRAINED: u16 = 3;
const UNITS: u16 = 4;
const LEADER_SEES: u16 = 5;
const OTHER: u16 = 6; // and 7
const DEFENDERS: u16 = 8;
const TROOPS: u16 = 9;
/// The variant chains, 8 contexts per step.
const VARIANT: u16 = 16;

/// What each step takes, the most usual first.
fn variants(phase: &Phase) -> (u16, &'static [u16]) {
    // Codes of the decisions, fixed here.
    const MOVE: u16 = 0;
    const SPOT: u16 = 1;
    const BANK: u16 = 2;
    const END: u16 = 3;
    const LET_PASS: u16 = 4;
    const REACTIVE: u16 = 5;
    const REACTIVE_BY: u16 = 6;
    const CLOSE: u16 = 7;
    const FIRE: u16 = 8;
    const HOLD: u16 = 9;
    const CAT: u16 = 10;
    const ADMIT: u16 = 11;
    match phase {
        Phase::Scouting => (0, &[MOVE, SPOT, BANK, END]),
        Phase::Reaction { .. } => (1, &[LET_PASS, REACTIVE, FIRE, REACTIVE_BY, CLOSE]),
        Phase::SentriesSpotted { .. } => (2, &[HOLD, FIRE, CAT, ADMIT]),
        _ => (3, &[]),
    }
}

fn code(d: &Decision) -> u16 {
    match d {
        Decision::Move { .. } => 0,
        Decision::AttemptSpot { .. } => 1,
        Decision::Bank { .. } => 2,
        Decision::EndNight => 3,
        Decision::LetPass => 4,
        Decision::ReactiveSpot => 5,
        Decision::ReactiveSpotBy { .. } => 6,
        Decision::CloseCombat { .. } => 7,
        Decision::Fire { .. } => 8,
        Decision::HoldFire => 9,
        Decision::Cat => 10,
        Decision::AdmitNoSight => 11,
        _ => u16::MAX,
    }
}

fn place<C: Chooser>(c: &mut C, setup: &Setup, given: Option<&Place>) -> Result<Place, C::Error> {
    let mut places: Vec<Place> = (0..setup.areas.len() as u16).map(Place::Area).collect();
    places.push(Place::OwnEdge);
    one_of(c, &places, given)
}

fn area<C: Chooser>(c: &mut C, setup: &Setup, given: Option<u16>) -> Result<u16, C::Error> {
    let areas: Vec<u16> = (0..setup.areas.len() as u16).collect();
    one_of(c, &areas, given.as_ref())
}

fn sentries<C: Chooser>(c: &mut C, given: Option<&Sentries>) -> Result<Sentries, C::Error> {
    let quality = one_of(c, &Quality::ALL, given.map(|s| &s.quality))?;
    let trained = c.flag(TRAINED, given.map(|s| s.trained))?;
    Ok(Sentries { quality, trained })
}

fn decision<C: Chooser>(setup: &Setup, s: &State, c: &mut C, given: Option<&Decision>) -> Result<Decision, C::Error> {
    let only = |c: &mut C, d: Decision| match given {
        Some(g) if *g != d => Err(c.refuse()),
        _ => Ok(d),
    };
    match s.phase {
        Phase::Fire { .. } => return only(c, Decision::Volley),
        Phase::CloseCombatTie { .. } => return only(c, Decision::RollAgain),
        Phase::Clock { .. } => return only(c, Decision::ClockRoll),
        Phase::Over => return Err(c.refuse()),
        Phase::Retreat { .. } => {
            let to = match given {
                Some(Decision::Retreat { to }) => Some(to),
                Some(_) => return Err(c.refuse()),
                None => None,
            };
            return Ok(Decision::Retreat { to: place(c, setup, to)? });
        }
        Phase::Reveal { .. } => {
            let what = match given {
                Some(Decision::Reveal { what }) => Some(what),
                Some(_) => return Err(c.refuse()),
                None => None,
            };
            let troops = c.flag(TROOPS, what.map(Sighting::is_troops))?;
            return Ok(Decision::Reveal {
                what: match (troops, what) {
                    (false, _) => Sighting::Empty,
                    (true, Some(Sighting::Troops(t))) => Sighting::Troops(c.text(Some(t))?),
                    (true, _) => Sighting::Troops(c.text(None)?),
                },
            });
        }
        _ => {}
    }
    let (step, list) = variants(&s.phase);
    let at = match given {
        Some(g) => Some(list.iter().position(|&x| x == code(g)).ok_or_else(|| c.refuse())? as u16),
        None => None,
    };
    let k = variant(c, VARIANT + 8 * step, list.len() as u16, at)?;
    let refs = s.refs();
    let scout = |c: &mut C, from: &[ScoutRef], g: Option<&ScoutRef>| one_of(c, from, g);
    Ok(match (list[k as usize], given) {
        (0, g) => {
            let g = match g {
                Some(Decision::Move { scout, to, in_open }) => Some((scout, to, *in_open)),
                _ => None,
            };
            let scout = scout(c, &rules::movers(s), g.map(|g| g.0))?;
            let to = place(c, setup, g.map(|g| g.1))?;
            Decision::Move { scout, to, in_open: c.flag(IN_OPEN, g.map(|g| g.2))? }
        }
        (1, g) => {
            let g = match g {
                Some(Decision::AttemptSpot { scout, area, sentries }) => Some((scout, *area, sentries.as_ref())),
                _ => None,
            };
            let scout = scout(c, &refs, g.map(|g| g.0))?;
            let area = area(c, setup, g.map(|g| g.1))?;
            let sentries = maybe(c, SENTRIES, g.map(|g| g.2), sentries)?;
            Decision::AttemptSpot { scout, area, sentries }
        }
        (2, g) => {
            let g = match g {
                Some(Decision::Bank { scout }) => Some(scout),
                _ => None,
            };
            Decision::Bank { scout: scout(c, &refs, g)? }
        }
        (3, _) => Decision::EndNight,
        (4, _) => Decision::LetPass,
        (5, _) => Decision::ReactiveSpot,
        (6, g) => {
            let g = match g {
                Some(Decision::ReactiveSpotBy { sentries }) => Some(sentries),
                _ => None,
            };
            Decision::ReactiveSpotBy { sentries: sentries(c, g)? }
        }
        (7, g) => {
            let g = match g {
                Some(Decision::CloseCombat { scout_other, defender_other, defenders }) => {
                    Some((*scout_other, *defender_other, defenders.as_ref()))
                }
                _ => None,
            };
            let scout_other = signed(c, OTHER, g.map(|g| g.0))?;
            let defender_other = signed(c, OTHER + 1, g.map(|g| g.1))?;
            let defenders = maybe(c, DEFENDERS, g.map(|g| g.2), |c, q| one_of(c, &Quality::ALL, q))?;
            Decision::CloseCombat { scout_other, defender_other, defenders }
        }
        (8, g) => {
            let g = match g {
                Some(Decision::Fire { from, units, leader_sees }) => Some((*from, *units, *leader_sees)),
                _ => None,
            };
            let from = area(c, setup, g.map(|g| g.0))?;
            let units = small(c, UNITS, g.map(|g| g.1 as u16))?;
            let units = u8::try_from(units).map_err(|_| c.refuse())?;
            Decision::Fire { from, units, leader_sees: c.flag(LEADER_SEES, g.map(|g| g.2))? }
        }
        (9, _) => Decision::HoldFire,
        (10, _) => Decision::Cat,
        _ => Decision::AdmitNoSight,
    })
}
