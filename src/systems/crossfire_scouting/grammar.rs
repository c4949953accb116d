//! Night scouting's decisions as choices (`engine::Grammar`), tight: per step, only the
//! decisions the rules accept in the position, each part among the values the rules' own
//! checks (`legal.rs`: `may_step` and `may_move`, `may_look`, `open_to_spotting` and
//! `has_tried` (`may_spot`'s parts), `may_bank`, `may_fire`, `may_retreat`, `may_reveal`,
//! `reactions`, `modifier_ok`) let through, so every decision drawn is legal and
//! a link spends no bits on refused ones. Written by links of system code 7 (`fd4.`); the
//! first, loose grammar reads code 2 (`grammar_v2.rs`). Frozen with the link format that
//! codes it: the variant lists, their order, the order of every list and the contexts below.

use super::rules::{self, reactions, Decision};
use super::state::{Phase, Sighting, State};
use super::team::{Place, Quality, ScoutRef, Sentries, Setup};
use crate::engine::grammar::{maybe, one_of};
use crate::engine::Chooser;

// Contexts (0 is the setup's "the sample" flag).
const IN_OPEN: u16 = 1;
const SENTRIES: u16 = 2;
const TRAINED: u16 = 3;
const MORE_UNITS: u16 = 4;
const LEADER_SEES: u16 = 5;
const OTHER: u16 = 6; // and 7: the scout's, then the defender's
const DEFENDERS: u16 = 8;
const TROOPS: u16 = 9;
/// The variant flags: "not this one", one context per step and decision code.
const VARIANT: u16 = 16;

// Codes of the decisions, fixed here (each step offers them in the order of its list).
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
/// Codes per step in the variant contexts.
const CODES: u16 = 12;

fn code(d: &Decision) -> u16 {
    match d {
        Decision::Move { .. } => MOVE,
        Decision::AttemptSpot { .. } => SPOT,
        Decision::Bank { .. } => BANK,
        Decision::EndNight => END,
        Decision::LetPass => LET_PASS,
        Decision::ReactiveSpot => REACTIVE,
        Decision::ReactiveSpotBy { .. } => REACTIVE_BY,
        Decision::CloseCombat { .. } => CLOSE,
        Decision::Fire { .. } => FIRE,
        Decision::HoldFire => HOLD,
        Decision::Cat => CAT,
        Decision::AdmitNoSight => ADMIT,
        _ => u16::MAX,
    }
}

/// The figures of the position for whom `may` holds, in the setup's order.
fn figures(s: &State, may: impl Fn(ScoutRef) -> bool) -> Vec<ScoutRef> {
    s.refs().into_iter().filter(|&r| may(r)).collect()
}

/// Every area then the own edge, each the rules allow.
fn places(setup: &Setup, may: impl Fn(Place) -> bool) -> Vec<Place> {
    (0..setup.areas.len() as u16).map(Place::Area).chain([Place::OwnEdge]).filter(|&p| may(p)).collect()
}

fn areas(setup: &Setup, may: impl Fn(u16) -> bool) -> Vec<u16> {
    (0..setup.areas.len() as u16).filter(|&a| may(a)).collect()
}

/// One of the `codes` the step offers (in its order), as a flag "not this one" for each but
/// the last, by context of step and code.
fn variant<C: Chooser>(c: &mut C, step: u16, codes: &[u16], given: Option<u16>) -> Result<u16, C::Error> {
    if given.is_some_and(|g| !codes.contains(&g)) {
        return Err(c.refuse());
    }
    let (&last, rest) = codes.split_last().ok_or_else(|| c.refuse())?;
    for &k in rest {
        if !c.flag(VARIANT + CODES * step + k, given.map(|g| g != k))? {
            return Ok(k);
        }
    }
    Ok(last)
}

/// The place of `given` among `items` (a value with the rules' leave), as flags "further on"
/// by context: the first is the cheapest.
fn ladder<C: Chooser, T: PartialEq + Clone>(
    c: &mut C,
    ctx: u16,
    items: &[T],
    given: Option<&T>,
) -> Result<T, C::Error> {
    let at = match given {
        Some(g) => Some(items.iter().position(|x| x == g).ok_or_else(|| c.refuse())?),
        None => None,
    };
    let mut i = 0;
    while i + 1 < items.len() && c.flag(ctx, at.map(|a| a > i))? {
        i += 1;
    }
    items.get(i).cloned().ok_or_else(|| c.refuse())
}

fn sentries<C: Chooser>(c: &mut C, given: Option<&Sentries>) -> Result<Sentries, C::Error> {
    let quality = one_of(c, &Quality::ALL, given.map(|s| &s.quality))?;
    let trained = c.flag(TRAINED, given.map(|s| s.trained))?;
    Ok(Sentries { quality, trained })
}

/// The parts of a decision when it is of the variant `$pat`, none otherwise (reading).
macro_rules! parts {
    ($given:expr, $pat:pat => $out:expr) => {
        match $given {
            Some($pat) => Some($out),
            _ => None,
        }
    };
}

pub(super) fn decision<C: Chooser>(
    setup: &Setup,
    s: &State,
    c: &mut C,
    given: Option<&Decision>,
) -> Result<Decision, C::Error> {
    let only = |c: &mut C, d: Decision| match given {
        Some(g) if *g != d => Err(c.refuse()),
        _ => Ok(d),
    };
    let at = given.map(code);
    match s.phase {
        Phase::Scouting => scouting(setup, s, c, given),
        Phase::Reaction { scout, .. } => {
            let r = reactions(setup, s).ok_or_else(|| c.refuse())?;
            let from = match r.fire {
                true => areas(setup, |a| rules::may_fire(setup, s, scout, a, 1, false).is_ok()),
                false => Vec::new(),
            };
            let mut codes = vec![LET_PASS];
            if r.reactive_spot {
                codes.push(REACTIVE);
            }
            if !from.is_empty() {
                codes.push(FIRE);
            }
            if r.reactive_spot {
                codes.push(REACTIVE_BY);
            }
            if r.close_combat.is_some() {
                codes.push(CLOSE);
            }
            Ok(match variant(c, 1, &codes, at)? {
                LET_PASS => Decision::LetPass,
                REACTIVE => Decision::ReactiveSpot,
                REACTIVE_BY => {
                    let g = parts!(given, Decision::ReactiveSpotBy { sentries } => sentries);
                    Decision::ReactiveSpotBy { sentries: sentries(c, g)? }
                }
                FIRE => fire(setup, s, c, scout, &from, given)?,
                _ => close_combat(c, given)?,
            })
        }
        Phase::SentriesSpotted { scout, area, reactive, .. } => {
            // Only the troops of the area being scouted fire, if it was a spotting attempt.
            let may = |a: u16| rules::may_fire(setup, s, scout, a, 1, false).is_ok();
            let from = match area {
                Some(a) => Some(a).filter(|&a| may(a)).into_iter().collect(),
                None => areas(setup, may),
            };
            let mut codes = vec![if reactive { ADMIT } else { HOLD }];
            if !from.is_empty() {
                codes.push(FIRE);
            }
            if !s.cat_used {
                codes.push(CAT);
            }
            Ok(match variant(c, 2, &codes, at)? {
                HOLD => Decision::HoldFire,
                ADMIT => Decision::AdmitNoSight,
                CAT => Decision::Cat,
                _ => fire(setup, s, c, scout, &from, given)?,
            })
        }
        Phase::Fire { .. } => only(c, Decision::Volley),
        Phase::CloseCombatTie { .. } => only(c, Decision::RollAgain),
        Phase::Clock { .. } => only(c, Decision::ClockRoll),
        Phase::Over => Err(c.refuse()),
        Phase::Retreat { scout } => {
            let to = match given {
                Some(Decision::Retreat { to }) => Some(to),
                Some(_) => return Err(c.refuse()),
                None => None,
            };
            let places = places(setup, |p| rules::may_retreat(setup, s, scout, p).is_ok());
            Ok(Decision::Retreat { to: one_of(c, &places, to)? })
        }
        Phase::Reveal { area, cause, .. } => {
            let what = match given {
                Some(Decision::Reveal { what }) => Some(what),
                Some(_) => return Err(c.refuse()),
                None => None,
            };
            let troops = if rules::may_reveal(setup, area, cause, &Sighting::Empty).is_ok() {
                c.flag(TROOPS, what.map(Sighting::is_troops))?
            } else if what.is_some_and(|w| !w.is_troops()) {
                return Err(c.refuse());
            } else {
                true
            };
            Ok(Decision::Reveal {
                what: match (troops, what) {
                    (false, _) => Sighting::Empty,
                    (true, Some(Sighting::Troops(t))) => Sighting::Troops(c.text(Some(t))?),
                    (true, _) => Sighting::Troops(c.text(None)?),
                },
            })
        }
    }
}

/// The scouting player's step: a move, a spotting attempt or banking by a figure the rules let
/// do it, or the end of the night (always open).
fn scouting<C: Chooser>(setup: &Setup, s: &State, c: &mut C, given: Option<&Decision>) -> Result<Decision, C::Error> {
    // A figure may move when he may step at all and some place takes him (the own edge for
    // one out on the table, else the first area open to him); he may spot when he may look
    // and some area open to spotting is one he has not tried. The areas are scanned once per
    // step, whoever looks, so the work grows with figures plus areas, not their product.
    let may_move = |r: ScoutRef| {
        rules::may_step(setup, s, r).is_ok()
            && [Place::OwnEdge]
                .into_iter()
                .chain((0..setup.areas.len() as u16).map(Place::Area))
                .any(|p| rules::may_move(setup, s, r, p).is_ok())
    };
    let open = areas(setup, |a| rules::open_to_spotting(setup, s, a));
    let may_spot =
        |r: ScoutRef| rules::may_look(setup, s, r).is_ok() && open.iter().any(|&a| !rules::has_tried(s, r, a));
    let movers = figures(s, may_move);
    let spotters = figures(s, may_spot);
    let bankers = figures(s, |r| rules::may_bank(setup, s, r).is_ok());
    let mut codes = Vec::new();
    for (k, who) in [(MOVE, &movers), (SPOT, &spotters), (BANK, &bankers)] {
        if !who.is_empty() {
            codes.push(k);
        }
    }
    codes.push(END);
    Ok(match variant(c, 0, &codes, given.map(code))? {
        MOVE => {
            let g = parts!(given, Decision::Move { scout, to, in_open } => (scout, to, *in_open));
            let scout = one_of(c, &movers, g.map(|g| g.0))?;
            let to = places(setup, |p| rules::may_move(setup, s, scout, p).is_ok());
            let to = one_of(c, &to, g.map(|g| g.1))?;
            Decision::Move { scout, to, in_open: c.flag(IN_OPEN, g.map(|g| g.2))? }
        }
        SPOT => {
            let g = parts!(given, Decision::AttemptSpot { scout, area, sentries } => (scout, area, sentries.as_ref()));
            let scout = one_of(c, &spotters, g.map(|g| g.0))?;
            // A spotter may look: the areas open to spotting he has not tried.
            let area: Vec<u16> = open.iter().copied().filter(|&a| !rules::has_tried(s, scout, a)).collect();
            let area = one_of(c, &area, g.map(|g| g.1))?;
            let sentries = maybe(c, SENTRIES, g.map(|g| g.2), sentries)?;
            Decision::AttemptSpot { scout, area, sentries }
        }
        BANK => {
            let g = parts!(given, Decision::Bank { scout } => scout);
            Decision::Bank { scout: one_of(c, &bankers, g)? }
        }
        _ => Decision::EndNight,
    })
}

/// Fire at `scout`: from one of `from` (the areas the rules let fire at him now), by as many
/// units as they allow (one the cheapest), his leader watching when he may be.
fn fire<C: Chooser>(
    setup: &Setup,
    s: &State,
    c: &mut C,
    scout: ScoutRef,
    from: &[u16],
    given: Option<&Decision>,
) -> Result<Decision, C::Error> {
    let g = parts!(given, Decision::Fire { from, units, leader_sees } => (*from, *units, *leader_sees));
    let from = one_of(c, from, g.as_ref().map(|g| &g.0))?;
    let units: Vec<u8> = (1..=u8::MAX).filter(|&u| rules::may_fire(setup, s, scout, from, u, false).is_ok()).collect();
    let units = ladder(c, MORE_UNITS, &units, g.as_ref().map(|g| &g.1))?;
    let leader_sees = if rules::may_fire(setup, s, scout, from, units, true).is_ok() {
        c.flag(LEADER_SEES, g.map(|g| g.2))?
    } else if g.is_some_and(|g| g.2) {
        return Err(c.refuse());
    } else {
        false
    };
    Ok(Decision::Fire { from, units, leader_sees })
}

/// Close combat: each side's other modifier among those the rules allow (0 the cheapest,
/// then -1, 1, -2...), and the fighting unit's quality when not the usual sentries'.
fn close_combat<C: Chooser>(c: &mut C, given: Option<&Decision>) -> Result<Decision, C::Error> {
    let g = parts!(given, Decision::CloseCombat { scout_other, defender_other, defenders } => (*scout_other, *defender_other, defenders.as_ref()));
    let zigzag = |z: u8| ((z >> 1) as i8) ^ -((z & 1) as i8);
    let others: Vec<i8> = (0..=u8::MAX).map(zigzag).filter(|&m| rules::modifier_ok(m).is_ok()).collect();
    let scout_other = ladder(c, OTHER, &others, g.as_ref().map(|g| &g.0))?;
    let defender_other = ladder(c, OTHER + 1, &others, g.as_ref().map(|g| &g.1))?;
    let defenders = maybe(c, DEFENDERS, g.map(|g| g.2), |c, q| one_of(c, &Quality::ALL, q))?;
    Ok(Decision::CloseCombat { scout_other, defender_other, defenders })
}
