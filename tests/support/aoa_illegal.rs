//! Decisions illegal in a live Axis of Attack campaign, made from its position (another
//! phase's step, a force handed in twice, with teams out of range or carried by nothing, VP too high, casualties
//! reported wrong, reinforcement dice beyond those held, a top-up of a platoon it cannot raise,
//! no sector moved): the random suite (`axis_of_attack_random.rs`, included with `#[path]`)
//! offers them and checks each is refused with its typed error and changes nothing.
#![allow(dead_code)]

use super::aoa_checks::Stats;
use super::aoa_legal::{cur, random_reports};
use super::rng::Rng;
use field_desk::engine::{Campaign, DecideError, DiceInput};
use field_desk::systems::axis_of_attack::tables::Strength;
use field_desk::systems::axis_of_attack::{carriers, rules};
use field_desk::systems::axis_of_attack::{
    AxisOfAttack, Decision, DiceFor, Fielded, ForceList, GameResult, KeepMobile, Phase, PlatoonReport, RuleError,
    Setup, Side, State,
};

type Game = Campaign<AxisOfAttack>;

fn phase_of(d: &Decision) -> &'static [Phase] {
    match d {
        Decision::RollMission => &[Phase::MissionRoll],
        Decision::AdjustMission { .. } => &[Phase::MissionAdjust],
        Decision::ChangeMission { .. } => &[Phase::MissionChange],
        Decision::SetAttacker { .. } => &[Phase::Attacker],
        Decision::ChooseArea { .. } => &[Phase::GameArea],
        Decision::SubmitForce { .. } => &[Phase::Forces],
        Decision::RollWeather => &[Phase::Weather],
        Decision::Note { .. } | Decision::RecordResult(_) => &[Phase::Game],
        Decision::Concede { .. } => &[Phase::Forces, Phase::Weather, Phase::Game],
        Decision::MoveCampaign { .. } => &[Phase::Breakthrough],
        Decision::RecordCasualties { .. } => &[Phase::Casualties],
        Decision::Reinforce { .. } => &[Phase::Reinforcements],
        Decision::ExchangeSupport { .. } | Decision::DoneExchanging { .. } => &[Phase::Exchanges],
        Decision::TopUp { .. } => &[Phase::Reinforcements],
    }
}

fn one_of_each() -> Vec<Decision> {
    let f = ForceList { vp_for_points: 0, points: 1500, platoons: vec![], air: None, option: None };
    vec![
        Decision::RollMission,
        Decision::AdjustMission { target: Side::West, delta: 0 },
        Decision::ChangeMission { side: Side::West, to: None },
        Decision::SetAttacker { side: Side::East },
        Decision::ChooseArea { area: String::new(), shift: 0 },
        Decision::SubmitForce { side: Side::West, force: f },
        Decision::RollWeather,
        Decision::Note { text: "x".into() },
        Decision::Concede { side: Side::East },
        Decision::RecordResult(GameResult { winner: None, vp: [1, 1], recon: vec![] }),
        Decision::MoveCampaign { sectors: 1 },
        Decision::RecordCasualties { side: Side::West, reports: vec![] },
        Decision::Reinforce { side: Side::West, vp: 0, assign: vec![DiceFor { platoon: 0, dice: 1 }] },
        Decision::DoneExchanging { side: Side::East },
        Decision::TopUp { side: Side::East, platoons: vec![] },
    ]
}

fn illegal(setup: &Setup, s: &State, rng: &mut Rng) -> Option<(Decision, Vec<u16>, RuleError)> {
    let wrong_phase = |rng: &mut Rng| {
        let others: Vec<Decision> = one_of_each().into_iter().filter(|d| !phase_of(d).contains(&s.phase())).collect();
        let d = others[rng.below(others.len())].clone();
        let n = rules::dice(setup, s, &d).map_or(0, |x| x.count as usize);
        let e =
            if s.phase() == Phase::Finished { RuleError::CampaignOver } else { RuleError::NotNow { phase: s.phase() } };
        Some((d, rng.d6s(n), e))
    };
    if rng.one_in(1, 3) || s.phase() == Phase::Finished {
        return wrong_phase(rng);
    }
    let name = |side: Side| setup.name(side).to_string();
    let t = cur(s);
    match s.phase() {
        Phase::MissionChange => {
            let offered = rules::change_offer(s).unwrap();
            Some((
                Decision::ChangeMission { side: offered.other(), to: None },
                vec![],
                RuleError::NotOffered { player: name(offered.other()), offered: name(offered) },
            ))
        }
        Phase::Forces => {
            let side = rng.pick(&Side::BOTH);
            if t.forces[side.index()].is_some() {
                let f = ForceList { vp_for_points: 0, points: 1, platoons: vec![], air: None, option: None };
                return Some((
                    Decision::SubmitForce { side, force: f },
                    vec![],
                    RuleError::AlreadyHandedIn { player: name(side) },
                ));
            }
            let Some(&(p, min, max)) = rules::fieldable(s, side).first() else {
                let f = ForceList { vp_for_points: 0, points: 1, platoons: vec![], air: None, option: None };
                return Some((
                    Decision::SubmitForce { side, force: f },
                    vec![],
                    RuleError::EmptyForce { player: name(side) },
                ));
            };
            if carriers::carriers_checked(s) && rng.one_in(1, 2) {
                // Issue 28's readings: a platoon without working transport carried by nothing.
                let rider = rules::fieldable(s, side)
                    .into_iter()
                    .find(|&(q, lo, hi)| lo <= hi && carriers::rides(s.platoon(side, q).unwrap()));
                if let Some((q, lo, _)) = rider {
                    let f = ForceList {
                        vp_for_points: 0,
                        points: 1500,
                        platoons: vec![Fielded { platoon: q, teams: lo, transported: true }],
                        air: None,
                        option: None,
                    };
                    let platoons = format!("\"{}\"", s.platoon(side, q).unwrap().name().trim());
                    return Some((
                        Decision::SubmitForce { side, force: f },
                        vec![],
                        RuleError::NothingToCarry { platoons },
                    ));
                }
            }
            let f = ForceList {
                vp_for_points: 0,
                points: 1500,
                platoons: vec![Fielded { platoon: p, teams: max + 1, transported: true }],
                air: None,
                option: None,
            };
            let platoon = s.platoon(side, p).unwrap().name().to_string();
            Some((
                Decision::SubmitForce { side, force: f },
                vec![],
                RuleError::TeamsOutOfRange { platoon, min, max, got: max + 1 },
            ))
        }
        Phase::Game => Some((
            Decision::RecordResult(GameResult { winner: Some(Side::West), vp: [7, 1], recon: vec![] }),
            vec![],
            RuleError::VpTooHigh { got: 7 },
        )),
        Phase::Casualties => {
            let side = rng.pick(&Side::BOTH);
            if t.casualties[side.index()].is_some() {
                return Some((
                    Decision::RecordCasualties { side, reports: vec![] },
                    vec![],
                    RuleError::AlreadyCounted { player: name(side) },
                ));
            }
            let mut reports = random_reports(s, side, rng);
            for r in &mut reports {
                r.keep_mobile = None;
            }
            let motorised =
                reports.iter().position(|r| s.platoon(side, r.platoon).unwrap().platoon.mobility.motorised());
            if let (Some(k), true) = (motorised, rng.one_in(1, 2)) {
                // Every report before it is legal; this one strips from itself, or lowers to full.
                reports[k].immobile = true;
                let platoon = s.platoon(side, reports[k].platoon).unwrap().name().to_string();
                let want = if rng.one_in(1, 2) {
                    reports[k].keep_mobile = Some(KeepMobile::Strip(reports[k].platoon));
                    RuleError::StripFromItself { platoon }
                } else {
                    reports[k].keep_mobile = Some(KeepMobile::Lower(Strength::Full));
                    let rated =
                        rules::casualty_line(s, side, &PlatoonReport { keep_mobile: None, ..reports[k].clone() })
                            .unwrap()
                            .rated;
                    RuleError::CannotLowerTo { platoon, level: Strength::Full, rated }
                };
                if rules::casualty_lines(s, side, &reports[..k]).is_ok() || k == 0 {
                    return Some((Decision::RecordCasualties { side, reports }, vec![], want));
                }
            }
            let first = t.force(side).unwrap().platoons[0].platoon;
            let platoon = s.platoon(side, first).unwrap().name().to_string();
            Some((Decision::RecordCasualties { side, reports: vec![] }, vec![], RuleError::ReportMissing { platoon }))
        }
        Phase::Reinforcements => {
            let side = rng.pick(&Side::BOTH);
            if t.reinforcement[side.index()].is_some() {
                return Some((
                    Decision::Reinforce { side, vp: 0, assign: vec![] },
                    vec![],
                    RuleError::AlreadyReinforced { player: name(side) },
                ));
            }
            if rules::top_up_offer(s, side).is_some() && rng.one_in(1, 2) {
                // A platoon the top-up cannot raise: a support platoon, or one fit to fight.
                let candidates = rules::top_up_candidates(s, side);
                let p = (0..s.roster(side).len() as u16).find(|i| !candidates.contains(i)).unwrap();
                let platoon = s.platoon(side, p).unwrap().name().to_string();
                return Some((Decision::TopUp { side, platoons: vec![p] }, vec![], RuleError::NotForTopUp { platoon }));
            }
            let available = rules::reinforcement_dice(s, side, 0);
            let got = available + 1;
            let d = Decision::Reinforce { side, vp: 0, assign: vec![DiceFor { platoon: 0, dice: got as u8 }] };
            Some((d, rng.d6s(got as usize), RuleError::TooManyDice { available, got }))
        }
        Phase::Breakthrough => {
            Some((Decision::MoveCampaign { sectors: 0 }, vec![], RuleError::BadSectors { sectors: 0 }))
        }
        _ => wrong_phase(rng),
    }
}

pub fn try_illegal(setup: &Setup, c: &mut Game, before: &State, rng: &mut Rng, stats: &mut Stats) {
    let Some((d, dice, want)) = illegal(setup, before, rng) else { return };
    let want = DecideError::Rules(want);
    let journal = c.journal().len();
    let can_redo = c.can_redo();
    assert_eq!(c.check(&d, &dice).err(), Some(want.clone()), "check {d:?} {dice:?} in {:?}", before.phase());
    assert_eq!(c.decide(d.clone(), DiceInput::Typed(dice.clone())).err(), Some(want.clone()), "decide {d:?}");
    assert!(!want.to_string().is_empty());
    assert_eq!(c.state(), before, "a refused decision changes nothing");
    assert_eq!(c.journal().len(), journal);
    assert_eq!(c.can_redo(), can_redo);
    stats.refused += 1;
}
