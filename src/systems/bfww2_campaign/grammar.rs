//! The Battlefront: WW2 campaign's decisions as choices (`engine::Grammar`), for links: per
//! step, the decisions the position can take there (each kept only when something makes it
//! possible: a roll due, a row of the right kind on the chart, an element that may escape...),
//! the most usual first, each "not this one" flag by the decision's own context; then its
//! parts against the position: the side among those still to act, an element among the
//! roster's (or those the step concerns), a row among the chart's of its kind, the fielded
//! elements as a subset of the active roster. Only what the rules leave free (a report's
//! numbers, a note, a new element's name) is a number or a text. Frozen with the link format
//! that codes it (link version 4): the codes, the lists, their order and the contexts below,
//! and the rules' answers asked (`withdrawals_due`, `ratings_due`, `repair_now`,
//! `Element::may_escape`, `State::next_turn_check`).

use super::charts::RgKind;
use super::decision::{Decision, NewElement, Obstacle};
use super::eligibility::Posture;
use super::refit::{ratings_due, repair_now, withdrawals_due};
use super::setup::Setup;
use super::state::{Element, Phase, Report, State, Verdict};
use super::tables::{Ammo, EscapeMod, MeClass, RemovalMod, Status, LAST_TURN};
use crate::engine::grammar::{one_of, small};
use crate::engine::Chooser;

// Contexts (0 is the setup's "the sample" flag).
const FIELDED: u16 = 1;
const IN_ORDER: u16 = 2;
const HIDDEN: u16 = 3;
const HIDDEN_ORDER: u16 = 4;
const ARTILLERY: u16 = 5;
const AIRCRAFT: u16 = 6;
const ABANDONED: u16 = 7;
const MINEFIELD: u16 = 8;
const SPEND: u16 = 9;
const STANDS: u16 = 10;
const VEHICLES: u16 = 11;
const COUNT: u16 = 12;
const EXTRA_CPP: u16 = 13;
const WRECK_ID: u16 = 14;
const MODS: u16 = 15;
const TURN: u16 = 16;
const TURNS: u16 = 17;
const NEXT_RESULT: u16 = 18;
const REPORT: u16 = 19; // to 22: panicked, enemy knocked out, wins, losses
const NORMAL_STANDS: u16 = 23;
const VEHICLE: u16 = 24;
const GROUP: u16 = 25;
const ESCAPE_MODS: u16 = 26;
/// The variant chain: one context per decision code.
const VARIANT: u16 = 64;

// Codes of the decisions, fixed here.
const CHOOSE_POSTURE: u16 = 0;
const ROLL_CPP: u16 = 1;
const REPAIR: u16 = 2;
const WITHDRAWAL: u16 = 3;
const RATING: u16 = 4;
const COMBINE: u16 = 5;
const REINFORCE: u16 = 6;
const BUY_ARTILLERY: u16 = 7;
const SMOKE: u16 = 8;
const PREREGISTER: u16 = 9;
const BUY_AIRCRAFT: u16 = 10;
const BUY_FPP: u16 = 11;
const BUY_FORTIFICATION: u16 = 12;
const REMOVE: u16 = 13;
const END_REFIT: u16 = 14;
const REVEAL: u16 = 15;
const ROLL_OFF: u16 = 16;
const FORCES: u16 = 17;
const SPOT: u16 = 18;
const ROLL_AMMO: u16 = 19;
const CHECK_TURN: u16 = 20;
const END_BATTLE: u16 = 21;
const RESULT: u16 = 22;
const END_RESULTS: u16 = 23;
const SET_STATUS: u16 = 24;
const ESCAPE: u16 = 25;
const SET_AMMO: u16 = 26;
const REVEAL_FORTIFICATION: u16 = 27;
const PAPERWORK: u16 = 28;
const END_CLEANUP: u16 = 29;
const JUDGE: u16 = 30;

fn code(d: &Decision) -> u16 {
    use Decision::*;
    match d {
        ChoosePosture { .. } => CHOOSE_POSTURE,
        RollCpp { .. } => ROLL_CPP,
        RepairArmour { .. } => REPAIR,
        RollWithdrawal { .. } => WITHDRAWAL,
        RollRating { .. } => RATING,
        Combine { .. } => COMBINE,
        Reinforce { .. } => REINFORCE,
        BuyArtillery { .. } => BUY_ARTILLERY,
        RollSmoke { .. } => SMOKE,
        Preregister { .. } => PREREGISTER,
        BuyAircraft { .. } => BUY_AIRCRAFT,
        BuyFpp { .. } => BUY_FPP,
        BuyFortification { .. } => BUY_FORTIFICATION,
        RemoveObstacle { .. } => REMOVE,
        EndRefit { .. } => END_REFIT,
        RevealPostures => REVEAL,
        RollOff => ROLL_OFF,
        ChooseForces { .. } => FORCES,
        Spot { .. } => SPOT,
        RollAmmo { .. } => ROLL_AMMO,
        CheckTurn { .. } => CHECK_TURN,
        EndBattle { .. } => END_BATTLE,
        Result { .. } => RESULT,
        EndResults => END_RESULTS,
        SetStatus { .. } => SET_STATUS,
        RollEscape { .. } => ESCAPE,
        SetAmmo { .. } => SET_AMMO,
        RevealFortification { .. } => REVEAL_FORTIFICATION,
        Paperwork { .. } => PAPERWORK,
        EndCleanup => END_CLEANUP,
        Judge(_) => JUDGE,
    }
}

const POSTURES: [Posture; 2] = [Posture::Attack, Posture::Defend];
const CLASSES: [MeClass; 5] =
    [MeClass::Armour, MeClass::Infantry, MeClass::OffBoardArtillery, MeClass::Transport, MeClass::Other];
const AMMO: [Ammo; 3] = [Ammo::Normal, Ammo::Short, Ammo::Out];
const STATUSES: [Status; 3] = [Status::Normal, Status::Isolated, Status::CutOff];
const OBSTACLES: [Obstacle; 4] = [Obstacle::Wire, Obstacle::Minefield, Obstacle::Roadblock, Obstacle::Wreck];
const REMOVAL_MODS: [RemovalMod; 3] =
    [RemovalMod::WireOrMinefieldNearMlr, RemovalMod::RoadblockOnMlr, RemovalMod::ThreeEngineerSquads];
const ESCAPE_MOD_LIST: [EscapeMod; 6] = [
    EscapeMod::PreviousHalfDayMorning,
    EscapeMod::CutOff,
    EscapeMod::UnarmouredVehicle,
    EscapeMod::NearFriendlyLines,
    EscapeMod::FullyTrackedAfv,
    EscapeMod::Russian,
];
const WINNERS: [Option<u8>; 3] = [None, Some(0), Some(1)];
/// The most items a list of a decision (modifiers, artillery called on) carries in a link.
const LIST_CAP: usize = 256;

/// The decision among `codes` (those the position can take, the most usual first): a flag
/// "not this one" for each in turn, by the decision's own context.
fn which<C: Chooser>(c: &mut C, codes: &[u16], given: Option<u16>) -> Result<u16, C::Error> {
    if given.is_some_and(|g| !codes.contains(&g)) || codes.is_empty() {
        return Err(c.refuse());
    }
    for &k in &codes[..codes.len() - 1] {
        if !c.flag(VARIANT + k, given.map(|g| g != k))? {
            return Ok(k);
        }
    }
    Ok(codes[codes.len() - 1])
}

/// One value that the position forces: writing, refused when the given one differs.
fn only<C: Chooser, T: PartialEq>(c: &mut C, value: T, given: Option<&T>) -> Result<T, C::Error> {
    match given {
        Some(g) if *g != value => Err(c.refuse()),
        _ => Ok(value),
    }
}

/// A flag the position may force (`Some`): writing, refused when the given one differs.
fn flag_or<C: Chooser>(c: &mut C, ctx: u16, forced: Option<bool>, given: Option<bool>) -> Result<bool, C::Error> {
    match forced {
        Some(v) => only(c, v, given.as_ref()),
        None => c.flag(ctx, given),
    }
}

/// Whole numbers counted from `least` (a count that is at least 1 costs nothing for it).
fn from_least<C: Chooser>(c: &mut C, ctx: u16, least: u16, given: Option<u16>) -> Result<u16, C::Error> {
    let g = match given {
        Some(g) => Some(g.checked_sub(least).ok_or_else(|| c.refuse())?),
        None => None,
    };
    small(c, ctx, g)?.checked_add(least).ok_or_else(|| c.refuse())
}

fn byte_from_least<C: Chooser>(c: &mut C, ctx: u16, least: u16, given: Option<u8>) -> Result<u8, C::Error> {
    let v = from_least(c, ctx, least, given.map(u16::from))?;
    u8::try_from(v).map_err(|_| c.refuse())
}

/// Distinct items of `from`, in any order: a flag per item "in", then a flag "in another
/// order" and, if set, each one's place among those left.
fn subset<C: Chooser>(
    c: &mut C,
    (ctx_in, ctx_order): (u16, u16),
    from: &[String],
    given: Option<&[String]>,
) -> Result<Vec<String>, C::Error> {
    if let Some(g) = given {
        if g.iter().enumerate().any(|(i, x)| !from.contains(x) || g[..i].contains(x)) {
            return Err(c.refuse());
        }
    }
    let mut chosen = Vec::new();
    for x in from {
        if c.flag(ctx_in, given.map(|g| g.contains(x)))? {
            chosen.push(x.clone());
        }
    }
    if chosen.len() < 2 || !c.flag(ctx_order, given.map(|g| g != &chosen[..]))? {
        return Ok(chosen);
    }
    let mut left = chosen.clone();
    let mut out = Vec::with_capacity(chosen.len());
    for i in 0..chosen.len() {
        let x = one_of(c, &left, given.map(|g| &g[i]))?;
        left.retain(|y| *y != x);
        out.push(x);
    }
    if out == chosen {
        // The writer sends the roster's order as such.
        return Err(c.refuse());
    }
    Ok(out)
}

/// A list of any length (up to `LIST_CAP`), each item one of `items`.
fn items<C: Chooser, T: PartialEq + Clone>(
    c: &mut C,
    ctx: u16,
    items: &[T],
    given: Option<&[T]>,
) -> Result<Vec<T>, C::Error> {
    if items.is_empty() {
        return only(c, Vec::new(), given.map(<[T]>::to_vec).as_ref());
    }
    let n = c.count(ctx, given.map(<[T]>::len), LIST_CAP)?;
    if n > LIST_CAP {
        return Err(c.refuse());
    }
    (0..n).map(|i| one_of(c, items, given.map(|g| &g[i]))).collect()
}

fn ids<'a>(roster: impl Iterator<Item = &'a Element>) -> Vec<String> {
    roster.map(|e| e.me.id.clone()).collect()
}

/// The RG rows of a side's chart whose kind passes `kind`.
fn rows(setup: &Setup, side: u8, kind: impl Fn(RgKind) -> bool) -> Vec<String> {
    setup.sides[side as usize].rg_chart.iter().filter(|r| kind(r.kind)).map(|r| r.id.clone()).collect()
}

/// Elements with a knocked-out or abandoned vehicle not yet tried at this repair time.
fn repairable(s: &State, side: u8) -> Vec<String> {
    ids(s.side(side).roster.iter().filter(|e| !e.eliminated && e.repair_tried < e.wrecks + e.abandoned))
}

fn escapers(s: &State, side: u8) -> Vec<String> {
    ids(s.side(side).roster.iter().filter(|e| e.may_escape()))
}

fn ammo_rollers(s: &State, side: u8) -> Vec<String> {
    ids(s.side(side).roster.iter().filter(|e| e.active() && e.began == Status::CutOff))
}

fn hidden(s: &State, side: u8) -> Vec<String> {
    s.side(side).forces.as_ref().map_or(Vec::new(), |f| f.hidden.clone())
}

/// Fielded elements with no result yet, side 0's first.
fn pending(s: &State) -> Vec<(u8, String)> {
    (0..2u8)
        .flat_map(|i| s.side(i).forces.iter().flat_map(move |f| f.elements.iter().map(move |e| (i, e.clone()))))
        .filter(|(i, e)| !s.reports.iter().any(|r| r.0 == *i && &r.1 == e))
        .collect()
}

/// The sides for which `has` holds.
fn sides_with(has: impl Fn(u8) -> bool) -> Vec<u8> {
    (0..2u8).filter(|&i| has(i)).collect()
}

/// The decisions the refit takes for a side whose CPP is rolled, the most usual first.
fn refit_codes(setup: &Setup, s: &State, side: u8) -> Vec<u16> {
    let st = s.side(side);
    let withdrawals = !withdrawals_due(setup, s, side).is_empty();
    let ratings = !ratings_due(setup, s, side).is_empty();
    let has_rows = |k: fn(RgKind) -> bool| !rows(setup, side, k).is_empty();
    let mut codes = Vec::new();
    let mut when = |ok: bool, code: u16| {
        if ok {
            codes.push(code)
        }
    };
    when(withdrawals, WITHDRAWAL);
    when(ratings, RATING);
    when(!withdrawals && !ratings, END_REFIT);
    when(repair_now(setup, s) && !repairable(s, side).is_empty(), REPAIR);
    when(has_rows(|k| k == RgKind::Manoeuvre), REINFORCE);
    when(has_rows(|k| k == RgKind::OffBoardArtillery), BUY_ARTILLERY);
    when(st.batteries.iter().any(|b| b.stock.held > 0 && b.smoke_roll_due()), SMOKE);
    when(st.batteries.iter().any(|b| u16::from(b.preregistered) < 2 * u16::from(b.stock.held)), PREREGISTER);
    when(has_rows(|k| k == RgKind::Aircraft), BUY_AIRCRAFT);
    when(has_rows(|k| matches!(k, RgKind::Fpp(_))), BUY_FPP);
    when(!setup.sides[side as usize].fort_chart.is_empty(), BUY_FORTIFICATION);
    when(true, REMOVE);
    when(st.roster.iter().filter(|e| e.active()).count() >= 2, COMBINE);
    codes
}

/// The decisions of every other step, the most usual first (empty when over).
fn codes(setup: &Setup, s: &State) -> Vec<u16> {
    let roster = |i: u8| !s.side(i).roster.is_empty();
    let mut codes = Vec::new();
    let mut when = |ok: bool, code: u16| {
        if ok {
            codes.push(code)
        }
    };
    match s.phase {
        Phase::Posture => when(true, CHOOSE_POSTURE),
        Phase::Refit => {} // by side, see `refit_codes`
        Phase::Reveal => when(true, REVEAL),
        Phase::RollOff => when(true, ROLL_OFF),
        Phase::Forces => when(true, FORCES),
        Phase::Battle => {
            when(true, END_BATTLE);
            when(s.next_turn_check().is_some(), CHECK_TURN);
            when((0..2).any(|i| !hidden(s, i).is_empty()), SPOT);
            when((0..2).any(|i| !ammo_rollers(s, i).is_empty()), ROLL_AMMO);
            when((0..2).any(roster), SET_AMMO);
        }
        Phase::Results => {
            let pending = pending(s);
            let fielded = (0..2).any(|i| s.side(i).forces.as_ref().is_some_and(|f| !f.elements.is_empty()));
            when(!pending.is_empty(), RESULT);
            when(pending.is_empty(), END_RESULTS);
            when(pending.is_empty() && fielded, RESULT);
        }
        Phase::Cleanup => {
            when(true, END_CLEANUP);
            when((0..2).any(|i| s.side(i).roster.iter().any(Element::active)), SET_STATUS);
            when((0..2).any(|i| !escapers(s, i).is_empty()), ESCAPE);
            when(true, PAPERWORK);
            when(repair_now(setup, s) && (0..2).any(|i| !repairable(s, i).is_empty()), REPAIR);
            when((0..2).any(roster), SET_AMMO);
            when((0..2).any(|i| !s.side(i).forts.is_empty()), REVEAL_FORTIFICATION);
        }
        Phase::Judge => when(true, JUDGE),
        Phase::Over => {}
    }
    codes
}

pub(super) fn decision<C: Chooser>(
    setup: &Setup,
    s: &State,
    c: &mut C,
    given: Option<&Decision>,
) -> Result<Decision, C::Error> {
    use Decision as D;
    let given_side = given.and_then(Decision::named_side);
    let side_among = |c: &mut C, sides: &[u8]| one_of(c, sides, given_side.as_ref());
    let given_code = given.map(code);
    if s.phase == Phase::Refit {
        // The side first: its CPP roll comes before anything else of its refit.
        let side = side_among(c, &sides_with(|i| !s.side(i).refit_done))?;
        if s.side(side).cpp_roll.is_none() {
            only(c, ROLL_CPP, given_code.as_ref())?;
            return Ok(D::RollCpp { side });
        }
        let k = which(c, &refit_codes(setup, s, side), given_code)?;
        return refit_step(setup, s, c, side, k, given);
    }
    let k = which(c, &codes(setup, s), given_code)?;
    Ok(match k {
        CHOOSE_POSTURE => {
            let side = side_among(c, &sides_with(|i| s.postures[i as usize].is_none()))?;
            let g = match given {
                Some(D::ChoosePosture { posture, .. }) => Some(posture),
                _ => None,
            };
            D::ChoosePosture { side, posture: one_of(c, &POSTURES, g)? }
        }
        REVEAL => D::RevealPostures,
        ROLL_OFF => D::RollOff,
        FORCES => {
            let side = side_among(c, &sides_with(|i| s.side(i).forces.is_none()))?;
            let g = match given {
                Some(D::ChooseForces { elements, artillery, aircraft, hidden, .. }) => {
                    Some((&elements[..], &artillery[..], *aircraft, &hidden[..]))
                }
                _ => None,
            };
            let st = s.side(side);
            let active = ids(st.roster.iter().filter(|e| e.active()));
            let elements = subset(c, (FIELDED, IN_ORDER), &active, g.map(|g| g.0))?;
            let held: Vec<String> = st.batteries.iter().map(|b| b.rg.clone()).collect();
            let artillery = items(c, ARTILLERY, &held, g.map(|g| g.1))?;
            let night = s.slot(setup) == super::calendar::Slot::Night;
            let flies = !night && st.flights.iter().any(|f| f.day == s.day && !f.used);
            let aircraft = flag_or(c, AIRCRAFT, (!flies).then_some(false), g.map(|g| g.2))?;
            let hidden = subset(c, (HIDDEN, HIDDEN_ORDER), &elements, g.map(|g| g.3))?;
            D::ChooseForces { side, elements, artillery, aircraft, hidden }
        }
        SPOT => {
            let side = side_among(c, &sides_with(|i| !hidden(s, i).is_empty()))?;
            let me = match given {
                Some(D::Spot { me, .. }) => Some(me),
                _ => None,
            };
            D::Spot { side, me: one_of(c, &hidden(s, side), me)? }
        }
        ROLL_AMMO => {
            let side = side_among(c, &sides_with(|i| !ammo_rollers(s, i).is_empty()))?;
            let me = match given {
                Some(D::RollAmmo { me, .. }) => Some(me),
                _ => None,
            };
            D::RollAmmo { side, me: one_of(c, &ammo_rollers(s, side), me)? }
        }
        CHECK_TURN => {
            let g = match given {
                Some(D::CheckTurn { turn }) => Some(*turn),
                _ => None,
            };
            let least = s.turn_checked.saturating_add(1).max(11);
            let turn = byte_from_least(c, TURN, least as u16, g)?;
            if turn > LAST_TURN {
                return Err(c.refuse());
            }
            D::CheckTurn { turn }
        }
        END_BATTLE => {
            let g = match given {
                Some(D::EndBattle { turns }) => Some(*turns),
                _ => None,
            };
            D::EndBattle { turns: byte_from_least(c, TURNS, 1, g)? }
        }
        RESULT => {
            let g = match given {
                Some(D::Result { side, me, report }) => Some((*side, me, report)),
                _ => None,
            };
            let next = pending(s);
            let first = next.first().cloned();
            let is_next = match &first {
                Some(f) => c.flag(NEXT_RESULT, g.map(|g| g.0 == f.0 && *g.1 == f.1))?,
                None => false,
            };
            let (side, me) = match first {
                Some(f) if is_next => f,
                _ => {
                    let fielded = |i: u8| s.side(i).forces.as_ref().map_or(Vec::new(), |f| f.elements.clone());
                    let side = side_among(c, &sides_with(|i| !fielded(i).is_empty()))?;
                    let me = one_of(c, &fielded(side), g.map(|g| g.1))?;
                    if next.first().is_some_and(|f| f.0 == side && f.1 == me) {
                        // The writer sends the next one as such.
                        return Err(c.refuse());
                    }
                    (side, me)
                }
            };
            let e = s.side(side).element(&me).ok_or_else(|| c.refuse())?;
            D::Result { side, me, report: report(c, (e.me.stands, e.me.vehicles), g.map(|g| g.2))? }
        }
        END_RESULTS => D::EndResults,
        SET_STATUS => {
            let active = |i: u8| ids(s.side(i).roster.iter().filter(|e| e.active()));
            let side = side_among(c, &sides_with(|i| !active(i).is_empty()))?;
            let g = match given {
                Some(D::SetStatus { me, status, stands, .. }) => Some((me, status, *stands)),
                _ => None,
            };
            let me = one_of(c, &active(side), g.map(|g| g.0))?;
            let status = one_of(c, &STATUSES, g.map(|g| g.1))?;
            let stands = if status == Status::Normal {
                // Not read: any number stands.
                small(c, NORMAL_STANDS, g.map(|g| g.2))?
            } else {
                let most = s.side(side).element(&me).map_or(0, |e| e.me.stands);
                if most == 0 {
                    return Err(c.refuse());
                }
                let at = match g {
                    Some(g) if g.2 >= 1 && g.2 <= most => Some(g.2 as u32 - 1),
                    Some(_) => return Err(c.refuse()),
                    None => None,
                };
                c.pick(most as u32, at)? as u16 + 1
            };
            D::SetStatus { side, me, status, stands }
        }
        ESCAPE => {
            let side = side_among(c, &sides_with(|i| !escapers(s, i).is_empty()))?;
            let g = match given {
                Some(D::RollEscape { me, vehicle, group, mods, .. }) => Some((me, *vehicle, *group, &mods[..])),
                _ => None,
            };
            let me = one_of(c, &escapers(s, side), g.map(|g| g.0))?;
            let e = s.side(side).element(&me).ok_or_else(|| c.refuse())?;
            let (vehicles, soft) = (e.me.vehicles, e.me.stands.saturating_sub(e.me.vehicles));
            let forced = match (vehicles, soft) {
                (0, _) => Some(false),
                (_, 0) => Some(true),
                _ => None,
            };
            let vehicle = flag_or(c, VEHICLE, forced, g.map(|g| g.1))?;
            let group = from_least(c, GROUP, 1, g.map(|g| g.2))?;
            let mods = items(c, ESCAPE_MODS, &ESCAPE_MOD_LIST, g.map(|g| g.3))?;
            D::RollEscape { side, me, vehicle, group, mods }
        }
        REPAIR => {
            let side = side_among(c, &sides_with(|i| !repairable(s, i).is_empty()))?;
            repair(s, c, side, given)?
        }
        SET_AMMO => {
            let roster = |i: u8| ids(s.side(i).roster.iter());
            let side = side_among(c, &sides_with(|i| !roster(i).is_empty()))?;
            let g = match given {
                Some(D::SetAmmo { me, ammo, .. }) => Some((me, ammo)),
                _ => None,
            };
            let me = one_of(c, &roster(side), g.map(|g| g.0))?;
            D::SetAmmo { side, me, ammo: one_of(c, &AMMO, g.map(|g| g.1))? }
        }
        REVEAL_FORTIFICATION => {
            let side = side_among(c, &sides_with(|i| !s.side(i).forts.is_empty()))?;
            let g = match given {
                Some(D::RevealFortification { index, .. }) => Some(*index),
                _ => None,
            };
            let n = s.side(side).forts.len();
            let at = match g {
                Some(i) if i < n => Some(i as u32),
                Some(_) => return Err(c.refuse()),
                None => None,
            };
            let n = u32::try_from(n).map_err(|_| c.refuse())?;
            D::RevealFortification { side, index: c.pick(n, at)? as usize }
        }
        PAPERWORK => {
            let note = match given {
                Some(D::Paperwork { note }) => Some(&**note),
                _ => None,
            };
            D::Paperwork { note: c.text(note)? }
        }
        END_CLEANUP => D::EndCleanup,
        _ => {
            let v = match given {
                Some(D::Judge(v)) => Some(v),
                _ => None,
            };
            let winner = one_of(c, &WINNERS, v.map(|v| &v.winner))?;
            D::Judge(Verdict { winner, note: c.text(v.map(|v| &*v.note))? })
        }
    })
}

/// A battle report of an element with `vehicles` of its `stands`, its losses within them:
/// AFVs knocked out (one of 0 to its vehicles), abandoned (of those left), the other stands
/// lost (of its other stands); then the rest, as numbers.
fn report<C: Chooser>(c: &mut C, (stands, vehicles): (u16, u16), g: Option<&Report>) -> Result<Report, C::Error> {
    let soft = stands.saturating_sub(vehicles);
    let soft_lost = match g {
        Some(r) => Some(
            r.afvs_knocked_out
                .checked_add(r.afvs_abandoned)
                .and_then(|afvs| r.lost.checked_sub(afvs))
                .ok_or_else(|| c.refuse())?,
        ),
        None => None,
    };
    // One of 0 to `most`.
    let upto = |c: &mut C, most: u16, g: Option<u16>| -> Result<u16, C::Error> {
        if g.is_some_and(|g| g > most) {
            return Err(c.refuse());
        }
        Ok(c.pick(most as u32 + 1, g.map(u32::from))? as u16)
    };
    let afvs_knocked_out = upto(c, vehicles, g.map(|r| r.afvs_knocked_out))?;
    let afvs_abandoned = upto(c, vehicles - afvs_knocked_out, g.map(|r| r.afvs_abandoned))?;
    let soft_lost = upto(c, soft, soft_lost)?;
    let lost = afvs_knocked_out + afvs_abandoned + soft_lost;
    Ok(Report {
        lost,
        afvs_knocked_out,
        afvs_abandoned,
        panicked: small(c, REPORT, g.map(|r| r.panicked))?,
        enemy_knocked_out: small(c, REPORT + 1, g.map(|r| r.enemy_knocked_out))?,
        close_combat_wins: small(c, REPORT + 2, g.map(|r| r.close_combat_wins))?,
        close_combat_losses: small(c, REPORT + 3, g.map(|r| r.close_combat_losses))?,
    })
}

/// A repair attempt of `side`: the element among those with a vehicle waiting, which vehicle
/// (forced when it has only wrecks or only abandoned ones), the modifiers.
fn repair<C: Chooser>(s: &State, c: &mut C, side: u8, given: Option<&Decision>) -> Result<Decision, C::Error> {
    let g = match given {
        Some(Decision::RepairArmour { me, abandoned, in_minefield, spend_cpp, .. }) => {
            Some((me, *abandoned, *in_minefield, *spend_cpp))
        }
        _ => None,
    };
    let me = one_of(c, &repairable(s, side), g.map(|g| g.0))?;
    let e = s.side(side).element(&me).ok_or_else(|| c.refuse())?;
    let forced = match (e.wrecks, e.abandoned) {
        (0, _) => Some(true),
        (_, 0) => Some(false),
        _ => None,
    };
    let abandoned = flag_or(c, ABANDONED, forced, g.map(|g| g.1))?;
    let in_minefield = c.flag(MINEFIELD, g.map(|g| g.2))?;
    let spend_cpp = c.flag(SPEND, g.map(|g| g.3))?;
    Ok(Decision::RepairArmour { side, me, abandoned, in_minefield, spend_cpp })
}

/// A refit step of `side` (its CPP rolled), of code `k`.
fn refit_step<C: Chooser>(
    setup: &Setup,
    s: &State,
    c: &mut C,
    side: u8,
    k: u16,
    given: Option<&Decision>,
) -> Result<Decision, C::Error> {
    use Decision as D;
    let st = s.side(side);
    let row_of = |c: &mut C, kind: fn(RgKind) -> bool, g: Option<&String>| one_of(c, &rows(setup, side, kind), g);
    Ok(match k {
        WITHDRAWAL => {
            let me = match given {
                Some(D::RollWithdrawal { me, .. }) => Some(me),
                _ => None,
            };
            D::RollWithdrawal { side, me: one_of(c, &withdrawals_due(setup, s, side), me)? }
        }
        RATING => {
            let me = match given {
                Some(D::RollRating { me, .. }) => Some(me),
                _ => None,
            };
            D::RollRating { side, me: one_of(c, &ratings_due(setup, s, side), me)? }
        }
        END_REFIT => D::EndRefit { side },
        REPAIR => repair(s, c, side, given)?,
        REINFORCE => {
            let g = match given {
                Some(D::Reinforce { rg, element, .. }) => Some((rg, element)),
                _ => None,
            };
            let rg = row_of(c, |k| k == RgKind::Manoeuvre, g.map(|g| g.0))?;
            let e = g.map(|g| g.1);
            let name = c.text(e.map(|e| &*e.name))?;
            let class = one_of(c, &CLASSES, e.map(|e| &e.class))?;
            let unit_type = c.text(e.map(|e| &*e.unit_type))?;
            let stands = from_least(c, STANDS, 1, e.map(|e| e.stands))?;
            let vehicles = small(c, VEHICLES, e.map(|e| e.vehicles))?;
            if vehicles > stands {
                return Err(c.refuse());
            }
            D::Reinforce { side, rg, element: NewElement { name, class, unit_type, stands, vehicles } }
        }
        BUY_ARTILLERY | BUY_FPP => {
            let g = match given {
                Some(D::BuyArtillery { rg, count, .. } | D::BuyFpp { rg, count, .. }) => Some((rg, *count)),
                _ => None,
            };
            if k == BUY_ARTILLERY {
                let rg = row_of(c, |k| k == RgKind::OffBoardArtillery, g.map(|g| g.0))?;
                D::BuyArtillery { side, rg, count: byte_from_least(c, COUNT, 1, g.map(|g| g.1))? }
            } else {
                let rg = row_of(c, |k| matches!(k, RgKind::Fpp(_)), g.map(|g| g.0))?;
                D::BuyFpp { side, rg, count: byte_from_least(c, COUNT, 1, g.map(|g| g.1))? }
            }
        }
        SMOKE => {
            let g = match given {
                Some(D::RollSmoke { rg, extra_cpp, .. }) => Some((rg, *extra_cpp)),
                _ => None,
            };
            let held: Vec<String> =
                st.batteries.iter().filter(|b| b.stock.held > 0 && b.smoke_roll_due()).map(|b| b.rg.clone()).collect();
            let rg = one_of(c, &held, g.map(|g| g.0))?;
            D::RollSmoke { side, rg, extra_cpp: small(c, EXTRA_CPP, g.map(|g| g.1))? }
        }
        PREREGISTER => {
            let g = match given {
                Some(D::Preregister { rg, points, .. }) => Some((rg, points)),
                _ => None,
            };
            let held: Vec<String> = st
                .batteries
                .iter()
                .filter(|b| u16::from(b.preregistered) < 2 * u16::from(b.stock.held))
                .map(|b| b.rg.clone())
                .collect();
            let rg = one_of(c, &held, g.map(|g| g.0))?;
            D::Preregister { side, rg, points: one_of(c, &[1, 2], g.map(|g| g.1))? }
        }
        BUY_AIRCRAFT => {
            let g = match given {
                Some(D::BuyAircraft { rg, extra_cpp, .. }) => Some((rg, *extra_cpp)),
                _ => None,
            };
            let rg = row_of(c, |k| k == RgKind::Aircraft, g.map(|g| g.0))?;
            D::BuyAircraft { side, rg, extra_cpp: small(c, EXTRA_CPP, g.map(|g| g.1))? }
        }
        BUY_FORTIFICATION => {
            let g = match given {
                Some(D::BuyFortification { kind, place, .. }) => Some((kind, place)),
                _ => None,
            };
            let kinds: Vec<String> = setup.sides[side as usize].fort_chart.iter().map(|f| f.name.clone()).collect();
            let kind = one_of(c, &kinds, g.map(|g| g.0))?;
            D::BuyFortification { side, kind, place: c.text(g.map(|g| &**g.1))? }
        }
        REMOVE => {
            let g = match given {
                Some(D::RemoveObstacle { obstacle, place, mods, .. }) => Some((obstacle, place, &mods[..])),
                _ => None,
            };
            let obstacle = one_of(c, &OBSTACLES, g.map(|g| g.0))?;
            let enemy = ids(s.side(1 - side).roster.iter());
            let place = if obstacle == Obstacle::Wreck && c.flag(WRECK_ID, g.map(|g| enemy.contains(g.1)))? {
                // A wreck named by its enemy element's ID, as the roster spells it.
                one_of(c, &enemy, g.map(|g| g.1))?
            } else {
                let place = c.text(g.map(|g| &**g.1))?;
                if obstacle == Obstacle::Wreck && enemy.contains(&place) {
                    return Err(c.refuse());
                }
                place
            };
            let mods = items(c, MODS, &REMOVAL_MODS, g.map(|g| g.2))?;
            D::RemoveObstacle { side, obstacle, place, mods }
        }
        _ => {
            let g = match given {
                Some(D::Combine { into, from, .. }) => Some((into, from)),
                _ => None,
            };
            let active = ids(st.roster.iter().filter(|e| e.active()));
            let into = one_of(c, &active, g.map(|g| g.0))?;
            let others: Vec<String> = active.into_iter().filter(|x| *x != into).collect();
            D::Combine { side, into, from: one_of(c, &others, g.map(|g| g.1))? }
        }
    })
}

/// Whether the setup is the built-in sample (its one flag).
pub(super) fn setup<C: Chooser>(c: &mut C, given: Option<&Setup>) -> Result<Setup, C::Error> {
    crate::engine::grammar::setup_as_text(c, super::sample::sample_setup(), given)
}

pub(super) fn over(s: &State) -> bool {
    s.phase == Phase::Over
}
