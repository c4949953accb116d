//! Axis of Attack's first grammar, kept verbatim for reading the links coded with it (system
//! code 3, `fd2.`, link version 2): per phase, the decisions the rules take there, the most
//! usual first; the side among those still to act; force lists and casualty reports against
//! the roster and the list handed in. Loose (it describes many decisions the position does
//! not allow); links are now written through `grammar.rs`. Frozen with the link format that
//! codes it: the variant lists, their order, the codes and contexts below. Never change it.

use super::company::{Platoon, Setup};
use super::rules::Decision;
use super::state::{
    AirUse, DiceFor, Fielded, ForceList, GameOption, GameResult, KeepMobile, Phase, PlatoonReport, Side, State,
};
use super::tables::{AirProfile, Mission, Mobility, Ordnance, Role, Strength};
use super::AxisOfAttack;
use crate::engine::grammar::{byte, list, maybe, one_of, signed, small, variant};
use crate::engine::{Chooser, GrammarOf};

// Contexts (0 is the setup's "the sample" flag).
const VP: u16 = 1;
const POINTS: u16 = 2;
const FIELDED: u16 = 3;
const SHORT: u16 = 4;
const TRANSPORTED: u16 = 5;
const AIR: u16 = 6;
const AIRCRAFT: u16 = 7;
const LOAD: u16 = 8;
const OPTION: u16 = 9;
const OPTION_KIND: u16 = 10; // to 14
const SHOOTS: u16 = 15;
const OPTION_PLATOONS: u16 = 16; // and 17
const RESULT_VP: u16 = 18; // and 19
const RECON: u16 = 20; // and 21
const SECTORS: u16 = 22;
const AS_FIELDED: u16 = 23;
const REPORT_PLATOONS: u16 = 24; // and 25
const REPORT: u16 = 26; // to 29: on the table, bailed, exited, routed
const IMMOBILE: u16 = 30;
const KEEP: u16 = 31;
const STRIP: u16 = 32;
const STRIP_FROM: u16 = 33;
const ASSIGN: u16 = 34; // and 35
const DICE: u16 = 36;
const EXCHANGE: u16 = 37; // platoon, value
const TOP_UP: u16 = 39; // and 40
const SHIFT: u16 = 41;
const DELTA: u16 = 42;
const CHANGE: u16 = 43;
const NEW: u16 = 44; // to 50
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

/// What each phase takes, the most usual first.
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

/// The side among those still to act in this phase (free when one is left).
fn open_sides(s: &State, code: u16) -> Vec<Side> {
    let t = s.current();
    let open = |i: usize| match (code, t) {
        (FORCE, Some(t)) => t.forces[i].is_none(),
        (CASUALTIES, Some(t)) => t.casualties[i].is_none(),
        (REINFORCE | TOPUP, Some(t)) => t.reinforcement[i].is_none(),
        (EXCHANGE_SUPPORT | DONE, Some(t)) => !t.exchanges_done[i],
        _ => true,
    };
    Side::BOTH.into_iter().filter(|x| open(x.index())).collect()
}

fn force<C: Chooser>(c: &mut C, s: &State, side: Side, g: Option<&ForceList>) -> Result<ForceList, C::Error> {
    let vp_for_points = byte(c, VP, g.map(|f| f.vp_for_points))?;
    let points = c.number(POINTS, g.map(|f| f.points as u64))?;
    let points = u32::try_from(points).map_err(|_| c.refuse())?;
    // Each platoon of the roster in turn: fielded or not, teams short of its most, carried.
    if let Some(f) = g {
        if f.platoons.windows(2).any(|w| w[0].platoon >= w[1].platoon)
            || f.platoons.iter().any(|p| p.platoon as usize >= s.roster(side).len())
        {
            return Err(c.refuse());
        }
    }
    let mut platoons = Vec::new();
    for (i, p) in s.roster(side).iter().enumerate() {
        let given = g.map(|f| f.platoons.iter().find(|x| x.platoon as usize == i));
        if !c.flag(FIELDED, given.map(|x| x.is_some()))? {
            continue;
        }
        let given = given.flatten();
        let most = p.platoon.max_teams;
        if given.is_some_and(|x| x.teams > most) {
            return Err(c.refuse());
        }
        let short = small(c, SHORT, given.map(|x| most - x.teams))?;
        let teams = most.checked_sub(short).ok_or_else(|| c.refuse())?;
        let transported = c.flag(TRANSPORTED, given.map(|x| x.transported))?;
        platoons.push(Fielded { platoon: i as u16, teams, transported });
    }
    let air = maybe(c, AIR, g.map(|f| f.air.as_ref()), |c, a| {
        let aircraft = small(c, AIRCRAFT, a.map(|a| a.aircraft))?;
        let profile = one_of(c, &AirProfile::ALL, a.map(|a| &a.profile))?;
        let load =
            maybe(c, LOAD, a.map(|a| a.load.as_ref()), |c, o| one_of(c, &[Ordnance::Bombs, Ordnance::Rockets], o))?;
        Ok(AirUse { aircraft, profile, load })
    })?;
    let option = maybe(c, OPTION, g.map(|f| f.option.as_ref()), game_option)?;
    Ok(ForceList { vp_for_points, points, platoons, air, option })
}

fn game_option<C: Chooser>(c: &mut C, g: Option<&GameOption>) -> Result<GameOption, C::Error> {
    let kind = g.map(|o| match o {
        GameOption::ExtraSmoke { .. } => 0,
        GameOption::NightAttack => 1,
        GameOption::Counterbattery => 2,
        GameOption::BattalionArtillery { .. } => 3,
        GameOption::PreRegistered { .. } => 4,
        GameOption::AerialBombardment => 5,
    });
    let platoons = |c: &mut C| {
        let given = match g {
            Some(GameOption::ExtraSmoke { platoons }) | Some(GameOption::PreRegistered { platoons }) => {
                Some(&platoons[..])
            }
            _ => None,
        };
        list(c, OPTION_PLATOONS, given, 64)
    };
    Ok(match variant(c, OPTION_KIND, 6, kind)? {
        0 => GameOption::ExtraSmoke { platoons: platoons(c)? },
        1 => GameOption::NightAttack,
        2 => GameOption::Counterbattery,
        3 => {
            let shoots = match g {
                Some(GameOption::BattalionArtillery { shoots }) => Some(*shoots),
                _ => None,
            };
            GameOption::BattalionArtillery { shoots: byte(c, SHOOTS, shoots)? }
        }
        4 => GameOption::PreRegistered { platoons: platoons(c)? },
        _ => GameOption::AerialBombardment,
    })
}

fn reports<C: Chooser>(
    c: &mut C,
    s: &State,
    side: Side,
    g: Option<&[PlatoonReport]>,
) -> Result<Vec<PlatoonReport>, C::Error> {
    // One report per platoon of the list handed in, in its order (one flag), or listed.
    let fielded: Option<Vec<u16>> =
        s.current().and_then(|t| t.force(side)).map(|f| f.platoons.iter().map(|p| p.platoon).collect());
    let given_platoons: Option<Vec<u16>> = g.map(|r| r.iter().map(|x| x.platoon).collect());
    let platoons = match &fielded {
        Some(f) if c.flag(AS_FIELDED, given_platoons.as_ref().map(|g| g == f))? => f.clone(),
        _ => list(c, REPORT_PLATOONS, given_platoons.as_deref(), 256)?,
    };
    let mut out = Vec::with_capacity(platoons.len());
    for (i, platoon) in platoons.into_iter().enumerate() {
        let r = g.map(|g| &g[i]);
        let on_table = small(c, REPORT, r.map(|r| r.on_table))?;
        let bailed = small(c, REPORT + 1, r.map(|r| r.bailed))?;
        let exited = small(c, REPORT + 2, r.map(|r| r.exited))?;
        let routed = small(c, REPORT + 3, r.map(|r| r.routed))?;
        let immobile = c.flag(IMMOBILE, r.map(|r| r.immobile))?;
        let keep_mobile = maybe(c, KEEP, r.map(|r| r.keep_mobile.as_ref()), |c, k| {
            Ok(if c.flag(STRIP, k.map(|k| matches!(k, KeepMobile::Strip(_))))? {
                let from = match k {
                    Some(KeepMobile::Strip(p)) => Some(*p),
                    _ => None,
                };
                KeepMobile::Strip(small(c, STRIP_FROM, from)?)
            } else {
                let level = match k {
                    Some(KeepMobile::Lower(l)) => Some(l),
                    _ => None,
                };
                KeepMobile::Lower(one_of(c, &Strength::ALL, level)?)
            })
        })?;
        out.push(PlatoonReport { platoon, on_table, bailed, exited, routed, immobile, keep_mobile });
    }
    Ok(out)
}

/// A platoon exchanged in, part by part.
fn new_platoon<C: Chooser>(c: &mut C, g: Option<&Platoon>) -> Result<Platoon, C::Error> {
    if g.is_some_and(|p| p.transport) {
        // Transport platoons came after this link version.
        return Err(c.refuse());
    }
    let name = c.text(g.map(|p| &*p.name))?;
    let role = one_of(c, &Role::ALL, g.map(|p| &p.role))?;
    let min_teams = small(c, NEW + 1, g.map(|p| p.min_teams))?;
    let max_teams = small(c, NEW + 2, g.map(|p| p.max_teams))?;
    let teams = small(c, NEW + 3, g.map(|p| p.teams))?;
    let points = c.number(NEW + 4, g.map(|p| p.points as u64))?;
    let points = u32::try_from(points).map_err(|_| c.refuse())?;
    let upgrades = c.text(g.map(|p| &*p.upgrades))?;
    let all_tank = c.flag(NEW + 5, g.map(|p| p.all_tank))?;
    let recon = c.flag(NEW + 6, g.map(|p| p.recon))?;
    let mobility = one_of(c, &Mobility::ALL, g.map(|p| &p.mobility))?;
    let under_strength = one_of(c, &[None, Some(true), Some(false)], g.map(|p| &p.under_strength))?;
    let vehicles = c.text(g.map(|p| &*p.vehicles))?;
    Ok(Platoon {
        name,
        role,
        min_teams,
        max_teams,
        teams,
        points,
        upgrades,
        all_tank,
        recon,
        mobility,
        under_strength,
        vehicles,
        transport: false,
    })
}

/// The grammar of link version 2 (system code 3).
pub struct GrammarV2;

impl GrammarOf<AxisOfAttack> for GrammarV2 {
    fn setup<C: Chooser>(c: &mut C, given: Option<&Setup>) -> Result<Setup, C::Error> {
        // The sample as it was when these links were written: issue 8's readings.
        let sample = super::sample::sample_setup_read_by(super::company::SECOND_READINGS);
        crate::engine::grammar::setup_as_text(c, sample, given)
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
        s.phase() == Phase::Finished
    }
}

fn decision<C: Chooser>(_setup: &Setup, s: &State, c: &mut C, given: Option<&Decision>) -> Result<Decision, C::Error> {
    let (phase, list_of) = variants(s.phase());
    let at = match given {
        Some(g) => Some(list_of.iter().position(|&x| x == code(g)).ok_or_else(|| c.refuse())? as u16),
        None => None,
    };
    if list_of.is_empty() {
        return Err(c.refuse());
    }
    let k = variant(c, VARIANT + 4 * phase, list_of.len() as u16, at)?;
    let code = list_of[k as usize];
    let given_side = given.and_then(|g| match g {
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
    });
    let side = |c: &mut C| one_of(c, &open_sides(s, code), given_side.as_ref());
    Ok(match (code, given) {
        (ROLL_MISSION, _) => Decision::RollMission,
        (WEATHER, _) => Decision::RollWeather,
        (ADJUST, g) => {
            let target = side(c)?;
            let delta = match g {
                Some(Decision::AdjustMission { delta, .. }) => Some(*delta),
                _ => None,
            };
            Decision::AdjustMission { target, delta: signed(c, DELTA, delta)? }
        }
        (CHANGE_MISSION, g) => {
            let side = side(c)?;
            let to = match g {
                Some(Decision::ChangeMission { to, .. }) => Some(to.as_ref()),
                _ => None,
            };
            Decision::ChangeMission { side, to: maybe(c, CHANGE, to, |c, m| one_of(c, &Mission::ALL, m))? }
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
            Decision::ChooseArea { area, shift: byte(c, SHIFT, g.map(|g| g.1))? }
        }
        (NOTE, g) => {
            let text = match g {
                Some(Decision::Note { text }) => Some(&**text),
                _ => None,
            };
            Decision::Note { text: c.text(text)? }
        }
        (FORCE, g) => {
            let side = side(c)?;
            let f = match g {
                Some(Decision::SubmitForce { force, .. }) => Some(force),
                _ => None,
            };
            Decision::SubmitForce { side, force: force(c, s, side, f)? }
        }
        (RESULT, g) => {
            let r = match g {
                Some(Decision::RecordResult(r)) => Some(r),
                _ => None,
            };
            let winner = one_of(c, &[None, Some(Side::West), Some(Side::East)], r.map(|r| &r.winner))?;
            let vp = [byte(c, RESULT_VP, r.map(|r| r.vp[0]))?, byte(c, RESULT_VP + 1, r.map(|r| r.vp[1]))?];
            let recon = list(c, RECON, r.map(|r| &r.recon[..]), 256)?;
            Decision::RecordResult(GameResult { winner, vp, recon })
        }
        (MOVE, g) => {
            let sectors = match g {
                Some(Decision::MoveCampaign { sectors }) => Some(*sectors),
                _ => None,
            };
            Decision::MoveCampaign { sectors: byte(c, SECTORS, sectors)? }
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
                Some(Decision::Reinforce { vp, assign, .. }) => Some((*vp, assign)),
                _ => None,
            };
            let vp = byte(c, VP, g.map(|g| g.0))?;
            let n = c.count(ASSIGN, g.map(|g| g.1.len()), 256)?;
            let mut assign = Vec::with_capacity(n);
            for i in 0..n {
                let a = g.map(|g| &g.1[i]);
                let platoon = small(c, ASSIGN + 1, a.map(|a| a.platoon))?;
                assign.push(DiceFor { platoon, dice: byte(c, DICE, a.map(|a| a.dice))? });
            }
            Decision::Reinforce { side, vp, assign }
        }
        (TOPUP, g) => {
            let side = side(c)?;
            let p = match g {
                Some(Decision::TopUp { platoons, .. }) => Some(&platoons[..]),
                _ => None,
            };
            Decision::TopUp { side, platoons: list(c, TOP_UP, p, 256)? }
        }
        (_, g) => {
            let side = side(c)?;
            let g = match g {
                Some(Decision::ExchangeSupport { platoon, value, new, .. }) => Some((*platoon, *value, new)),
                _ => None,
            };
            let platoon = small(c, EXCHANGE, g.map(|g| g.0))?;
            let value = c.number(EXCHANGE + 1, g.map(|g| g.1 as u64))?;
            let value = u32::try_from(value).map_err(|_| c.refuse())?;
            Decision::ExchangeSupport { side, platoon, value, new: new_platoon(c, g.map(|g| g.2))? }
        }
    })
}
