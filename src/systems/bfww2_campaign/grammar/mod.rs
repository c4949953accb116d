//! The Battlefront: WW2 campaign's decisions as choices (`engine::Grammar`), for links: per
//! step, the decisions the position can take there (each kept only when something makes it
//! possible: a roll due, a purchase the chart's limits allow and the side can pay for, an
//! element that may escape...), the most usual first, each "not this one" flag by the
//! decision's own context; then its parts against the position: the side among those still to
//! act, an element among the roster's (or those the step concerns), a row among those the
//! rules let it buy through, the fielded elements as a subset of the active roster within each
//! row's scenario maximum, the artillery as far as it may fire, counts and extra CPP within
//! what the rules allow. Only what the rules leave free (a report's numbers, a note, a new
//! element's name) is a number or a text. Frozen with the link format that codes it (link
//! version 4): the codes, the lists, their order and the contexts below, and the rules'
//! answers asked (`withdrawals_due`, `ratings_due`, `repair_now`, `repair_lawful`, `Element::may_escape`, `escape_lawful`,
//! `State::next_turn_check`, `turn_check_lawful`, `ammo_roll_lawful`, `may_fly_today`, `fieldable`,
//! `call_artillery`, `purchase_lawful`,
//! `fortification_lawful`, `smoke_lawful`, `preregister_lawful`, `removal_allowed`, `removable_obstacles`,
//! `may_combine`). The refit's decisions are in `refit.rs`, the ways of choosing (a subset, a
//! list, a count from a least...) in `parts.rs`.

use super::apply::{ammo_roll_lawful, call_artillery, escape_lawful, fieldable, may_fly_today, turn_check_lawful};
use super::decision::{Decision, NewElement, Obstacle};
use super::eligibility::Posture;
use super::refit::{ratings_due, repair_lawful, repair_now, withdrawals_due};
use super::setup::Setup;
use super::state::{Element, Phase, Report, State, Verdict};
use super::tables::{Ammo, EscapeMod, MeClass, RemovalMod, Status};
use crate::engine::grammar::{one_of, small};
use crate::engine::Chooser;
use parts::{bounded, byte_from_least, flag_or, items, lawful_items, only, subset, upto, which};
use refit::{most, refit_codes, refit_step, repair};

mod parts;
mod refit;
mod setup;

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

fn ids<'a>(roster: impl Iterator<Item = &'a Element>) -> Vec<String> {
    roster.map(|e| e.me.id.clone()).collect()
}

/// Elements with a knocked-out or abandoned vehicle the rules let be tried now
/// (`repair_lawful`).
fn repairable(setup: &Setup, s: &State, side: u8) -> Vec<String> {
    let lawful = |e: &Element| [false, true].iter().any(|&a| repair_lawful(setup, s, side, &e.me.id, a).is_ok());
    ids(s.side(side).roster.iter().filter(|e| lawful(e)))
}

fn escapers(s: &State, side: u8) -> Vec<String> {
    ids(s.side(side).roster.iter().filter(|e| e.may_escape()))
}

fn ammo_rollers(s: &State, side: u8) -> Vec<String> {
    ids(s.side(side).roster.iter().filter(|e| ammo_roll_lawful(e).is_ok()))
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
            when(repair_now(setup, s) && (0..2).any(|i| !repairable(setup, s, i).is_empty()), REPAIR);
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
            let chart = &setup.sides[side as usize].rg_chart;
            let active = ids(st.roster.iter().filter(|e| e.active()));
            // Each element only while the rules' `fieldable` lets it join those before it.
            let joins = |chosen: &[String], x: &String| {
                fieldable(chart, st, &[chosen, std::slice::from_ref(x)].concat()).is_ok()
            };
            let elements = subset(c, (FIELDED, IN_ORDER), &active, joins, g.map(|g| g.0))?;
            let held: Vec<String> = st.batteries.iter().map(|b| b.rg.clone()).collect();
            // Modules only as far as the rules' `call_artillery` lets them fire.
            let fires = |list: &[String]| call_artillery(chart, &mut st.batteries.clone(), list).is_ok();
            let artillery = lawful_items(c, ARTILLERY, &held, fires, g.map(|g| g.1))?;
            let night = s.slot(setup) == super::calendar::Slot::Night;
            let flies = may_fly_today(st, night, s.day).is_ok();
            let aircraft = flag_or(c, AIRCRAFT, (!flies).then_some(false), g.map(|g| g.2))?;
            let hidden = subset(c, (HIDDEN, HIDDEN_ORDER), &elements, |_, _| true, g.map(|g| g.3))?;
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
            let least = s.next_turn_check().ok_or_else(|| c.refuse())?;
            let turn = byte_from_least(c, TURN, least as u16, g)?;
            if turn_check_lawful(s, turn).is_err() {
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
            // A stand or a vehicle as the rules' `escape_lawful` allows, and as many at once.
            let forced = match [false, true].map(|v| escape_lawful(e, v, 1).is_ok()) {
                [false, _] => Some(true),
                [_, false] => Some(false),
                _ => None,
            };
            let vehicle = flag_or(c, VEHICLE, forced, g.map(|g| g.1))?;
            let most = most(u16::MAX, |n| escape_lawful(e, vehicle, n).is_ok());
            let g_group = match g {
                Some(g) => Some(g.2.checked_sub(1).ok_or_else(|| c.refuse())?),
                None => None,
            };
            let group = bounded(c, GROUP, most.checked_sub(1).ok_or_else(|| c.refuse())?, g_group)? + 1;
            let mods = items(c, ESCAPE_MODS, &ESCAPE_MOD_LIST, g.map(|g| g.3))?;
            D::RollEscape { side, me, vehicle, group, mods }
        }
        REPAIR => {
            let side = side_among(c, &sides_with(|i| !repairable(setup, s, i).is_empty()))?;
            repair(setup, s, c, side, given)?
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

pub(super) use setup::setup;

pub(super) fn over(s: &State) -> bool {
    s.phase == Phase::Over
}
