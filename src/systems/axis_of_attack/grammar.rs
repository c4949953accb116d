//! Axis of Attack's decisions as choices (`engine::Grammar`), as link version 4 codes them
//! (system code 6, `fd4.`): per phase, only the decisions the position allows, the most usual
//! first; the side among those the rules let act; and every part picked among what the rules
//! accept, asked of their own checks (`helpers`, `lists`): the mission shift by the totals the
//! adjuster may move, the change by the missions next to it, the area shift by what the other
//! player can pay, force lists (`grammar_force.rs`) and the steps after the game
//! (`grammar_after.rs`). The older, looser grammar of link version 2 reads `fd2.` links
//! (`grammar_v2.rs`). Frozen with the link format that codes it: the variant lists, their
//! order, the codes and contexts below, and the rules' answers they ask.

use super::carriers::force_possible;
use super::company::Setup;
use super::grammar_after::{exchange, reinforce, reports, top_up};
use super::grammar_force::{bounded, force, subset};
use super::helpers::*;
use super::rules::Decision;
use super::state::{GameResult, Phase, Side, State};
use super::tables::{self, Mission};
use crate::engine::grammar::{maybe, one_of, variant};
use crate::engine::Chooser;

// Contexts (0 is the setup's "the sample" flag); `grammar_force` and `grammar_after` take
// theirs from 16 on.
const SHIFT: u16 = 1;
const CHANGE: u16 = 2;
const RESULT_VP: u16 = 3; // and 4: nobody won, west's and east's
const WIN_VP: u16 = 5;
const LOSE_VP: u16 = 6;
const RECON: u16 = 7;
/// The variant chains, 4 contexts per phase.
const VARIANT: u16 = 64;

// Codes of the decisions, fixed here.
const ROLL_MISSION: u16 = 0;
const ADJUST: u16 = 1;
const CHANGE_MISSION: u16 = 2;
const ATTACKER: u16 = 3;
const AREA: u16 = 4;
const FORCE: u16 = 5;
const WEATHER: u16 = 6;
const NOTE: u16 = 7;
const CONCEDE: u16 = 8;
const RESULT: u16 = 9;
const MOVE: u16 = 10;
const CASUALTIES: u16 = 11;
const REINFORCE: u16 = 12;
const EXCHANGE_SUPPORT: u16 = 13;
const DONE: u16 = 14;
const TOPUP: u16 = 15;

fn code(d: &Decision) -> u16 {
    match d {
        Decision::RollMission => ROLL_MISSION,
        Decision::AdjustMission { .. } => ADJUST,
        Decision::ChangeMission { .. } => CHANGE_MISSION,
        Decision::SetAttacker { .. } => ATTACKER,
        Decision::ChooseArea { .. } => AREA,
        Decision::SubmitForce { .. } => FORCE,
        Decision::RollWeather => WEATHER,
        Decision::Note { .. } => NOTE,
        Decision::Concede { .. } => CONCEDE,
        Decision::RecordResult(_) => RESULT,
        Decision::MoveCampaign { .. } => MOVE,
        Decision::RecordCasualties { .. } => CASUALTIES,
        Decision::Reinforce { .. } => REINFORCE,
        Decision::ExchangeSupport { .. } => EXCHANGE_SUPPORT,
        Decision::DoneExchanging { .. } => DONE,
        Decision::TopUp { .. } => TOPUP,
    }
}

/// What each phase takes, the most usual first (its number picks the variant chain's contexts).
fn variants(phase: Phase) -> (u16, &'static [u16]) {
    match phase {
        Phase::MissionRoll => (0, &[ROLL_MISSION]),
        Phase::MissionAdjust => (1, &[ADJUST]),
        Phase::MissionChange => (2, &[CHANGE_MISSION]),
        Phase::Attacker => (3, &[ATTACKER]),
        Phase::GameArea => (4, &[AREA]),
        Phase::Forces => (5, &[FORCE, CONCEDE]),
        Phase::Weather => (6, &[WEATHER, CONCEDE]),
        Phase::Game => (7, &[RESULT, NOTE, CONCEDE]),
        Phase::Breakthrough => (8, &[MOVE]),
        Phase::Casualties => (9, &[CASUALTIES]),
        Phase::Reinforcements => (10, &[REINFORCE, TOPUP]),
        Phase::Exchanges => (11, &[DONE, EXCHANGE_SUPPORT]),
        Phase::Finished => (12, &[]),
    }
}

/// The sides the rules let take decision `code` now (one left costs nothing to name).
fn sides(s: &State, code: u16) -> Vec<Side> {
    let Some(t) = s.current() else { return Vec::new() };
    let open = |x: Side| match code {
        FORCE => t.forces[x.index()].is_none() && force_possible(s, x),
        CASUALTIES => t.casualties[x.index()].is_none(),
        REINFORCE => t.reinforcement[x.index()].is_none(),
        TOPUP => top_up_offer(s, x).is_some(),
        DONE => !t.exchanges_done[x.index()],
        EXCHANGE_SUPPORT => !t.exchanges_done[x.index()] && can_exchange(s, x),
        CHANGE_MISSION => change_offer(s) == Some(x),
        _ => true,
    };
    Side::BOTH.into_iter().filter(|&x| open(x)).collect()
}

fn side_of(d: &Decision) -> Option<Side> {
    match d {
        Decision::AdjustMission { target: side, .. }
        | Decision::ChangeMission { side, .. }
        | Decision::SetAttacker { side }
        | Decision::SubmitForce { side, .. }
        | Decision::Concede { side }
        | Decision::RecordCasualties { side, .. }
        | Decision::Reinforce { side, .. }
        | Decision::ExchangeSupport { side, .. }
        | Decision::DoneExchanging { side }
        | Decision::TopUp { side, .. } => Some(*side),
        _ => None,
    }
}

/// The shifts the adjuster may make, declining first.
const DELTAS: [i8; 3] = [0, 1, -1];

pub(super) fn decision<C: Chooser>(
    setup: &Setup,
    s: &State,
    c: &mut C,
    given: Option<&Decision>,
) -> Result<Decision, C::Error> {
    let (phase, all) = variants(s.phase());
    let list_of: Vec<u16> = all
        .iter()
        .copied()
        .filter(|&k| !matches!(k, FORCE | TOPUP | EXCHANGE_SUPPORT) || !sides(s, k).is_empty())
        .collect();
    let at = match given {
        Some(g) => Some(list_of.iter().position(|&x| x == code(g)).ok_or_else(|| c.refuse())? as u16),
        None => None,
    };
    if list_of.is_empty() {
        return Err(c.refuse());
    }
    let k = variant(c, VARIANT + 4 * phase, list_of.len() as u16, at)?;
    let code = list_of[k as usize];
    let given_side = given.and_then(side_of);
    let side = |c: &mut C| one_of(c, &sides(s, code), given_side.as_ref());
    Ok(match (code, given) {
        (ROLL_MISSION, _) => Decision::RollMission,
        (WEATHER, _) => Decision::RollWeather,
        (ADJUST, g) => {
            let delta = match g {
                Some(Decision::AdjustMission { delta, .. }) => Some(delta),
                _ => None,
            };
            let delta = one_of(c, &DELTAS, delta)?;
            // Declining names either total; a shift only one the adjuster may move.
            let targets = if delta == 0 { Side::BOTH.to_vec() } else { adjustable_totals(s) };
            Decision::AdjustMission { target: one_of(c, &targets, given_side.as_ref())?, delta }
        }
        (CHANGE_MISSION, g) => {
            let side = side(c)?;
            let to = match g {
                Some(Decision::ChangeMission { to, .. }) => Some(to.as_ref()),
                _ => None,
            };
            let to = maybe(c, CHANGE, to, |c, m| one_of::<C, Mission>(c, &legal_mission_changes(s), m))?;
            Decision::ChangeMission { side, to }
        }
        (ATTACKER, _) => Decision::SetAttacker { side: side(c)? },
        (CONCEDE, _) => Decision::Concede { side: side(c)? },
        (DONE, _) => Decision::DoneExchanging { side: side(c)? },
        (AREA, g) => {
            let g = match g {
                Some(Decision::ChooseArea { area, shift }) => Some((area, *shift)),
                _ => None,
            };
            let area = c.text(g.map(|g| &**g.0))?;
            let shift = bounded(c, SHIFT, area_shift_most(s).into(), g.map(|g| g.1.into()))?;
            Decision::ChooseArea { area, shift: shift as u8 }
        }
        (NOTE, g) => {
            let text = match g {
                Some(Decision::Note { text }) => Some(&**text),
                _ => None,
            };
            let text = c.text(text)?;
            if text.trim().is_empty() {
                // The rules take no empty note.
                return Err(c.refuse());
            }
            Decision::Note { text }
        }
        (FORCE, g) => {
            let side = side(c)?;
            let f = match g {
                Some(Decision::SubmitForce { force, .. }) => Some(force),
                _ => None,
            };
            Decision::SubmitForce { side, force: force(c, setup, s, side, f)? }
        }
        (RESULT, g) => {
            let r = match g {
                Some(Decision::RecordResult(r)) => Some(r),
                _ => None,
            };
            Decision::RecordResult(result(c, s, r)?)
        }
        (MOVE, g) => {
            let sectors = match g {
                Some(Decision::MoveCampaign { sectors }) => Some(sectors),
                _ => None,
            };
            // Two sectors are offered only when `two_sectors_possible`: the phase says so.
            Decision::MoveCampaign { sectors: one_of(c, &[1, 2], sectors)? }
        }
        (CASUALTIES, g) => {
            let side = side(c)?;
            let r = match g {
                Some(Decision::RecordCasualties { reports, .. }) => Some(&reports[..]),
                _ => None,
            };
            Decision::RecordCasualties { side, reports: reports(c, s, side, r)? }
        }
        (REINFORCE, g) => {
            let side = side(c)?;
            let g = match g {
                Some(Decision::Reinforce { vp, assign, .. }) => Some((*vp, &assign[..])),
                _ => None,
            };
            let (vp, assign) = reinforce(c, s, side, g)?;
            Decision::Reinforce { side, vp, assign }
        }
        (TOPUP, g) => {
            let side = side(c)?;
            let p = match g {
                Some(Decision::TopUp { platoons, .. }) => Some(&platoons[..]),
                _ => None,
            };
            Decision::TopUp { side, platoons: top_up(c, s, side, p)? }
        }
        (_, g) => {
            let side = side(c)?;
            let g = match g {
                Some(Decision::ExchangeSupport { platoon, value, new, .. }) => Some((*platoon, *value, new)),
                _ => None,
            };
            let (platoon, value, new) = exchange(c, s, side, g)?;
            Decision::ExchangeSupport { side, platoon, value, new }
        }
    })
}

/// Whether the setup is the built-in sample under issue 8's readings (its one flag, as link
/// version 4 first wrote it); else its JSON text, where the sample under a later set of readings
/// is written as that number alone ("3"), which no setup's JSON text is: links written before
/// keep decoding as they did.
pub(super) fn setup<C: Chooser>(c: &mut C, given: Option<&Setup>) -> Result<Setup, C::Error> {
    use super::company::{READINGS, SECOND_READINGS};
    use super::sample::sample_setup_read_by;
    let later = |r: u8| r > SECOND_READINGS && r <= READINGS;
    let first = sample_setup_read_by(SECOND_READINGS);
    crate::engine::grammar::setup_by_readings(c, given, first, |s: &Setup| s.readings, later, sample_setup_read_by)
}

/// A game's result: the winner (or nobody), the game VP (the winner's above the loser's, none
/// past the most a game gives), and the recon platoons of the winner's force the rules let him
/// name.
fn result<C: Chooser>(c: &mut C, s: &State, r: Option<&GameResult>) -> Result<GameResult, C::Error> {
    let winner = one_of(c, &[None, Some(Side::West), Some(Side::East)], r.map(|r| &r.winner))?;
    let most = u16::from(tables::MAX_GAME_VP);
    let given = |side: Side| r.map(|r| u16::from(r.vp[side.index()]));
    let mut vp = [0u8; 2];
    let recon = match winner {
        None => {
            for side in Side::BOTH {
                vp[side.index()] = bounded(c, RESULT_VP + side.index() as u16, most, given(side))? as u8;
            }
            if r.is_some_and(|r| !r.recon.is_empty()) {
                return Err(c.refuse());
            }
            Vec::new()
        }
        Some(w) => {
            if r.is_some_and(|r| r.vp[w.index()] == 0) {
                return Err(c.refuse());
            }
            let won = 1 + bounded(c, WIN_VP, most - 1, given(w).map(|v| v - 1))?;
            let lost = bounded(c, LOSE_VP, won - 1, given(w.other()))?;
            vp[w.index()] = won as u8;
            vp[w.other().index()] = lost as u8;
            subset(c, RECON, &recon_claimable(s, w), usize::MAX, false, r.map(|r| &r.recon[..]))?
        }
    };
    Ok(GameResult { winner, vp, recon })
}
