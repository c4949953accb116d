//! Random legal play of Axis of Attack, shared by the random suite, the link tests and the
//! link-length figures (included with `#[path]`): a legal decision for any position, drawn
//! from the suites' seeded generator.
#![allow(dead_code)]

use super::rng::Rng;
use field_desk::engine::{Campaign, DiceInput};
use field_desk::systems::axis_of_attack::tables::{self, AirProfile, Mobility, OptionKind, Ordnance, Role};
use field_desk::systems::axis_of_attack::{carriers, rules};
use field_desk::systems::axis_of_attack::{
    AirUse, AxisOfAttack, Decision, DiceFor, Fielded, ForceList, GameOption, GameResult, KeepMobile, Phase, Platoon,
    PlatoonReport, Setup, Side, State, TurnRecord,
};

pub fn cur(s: &State) -> &TurnRecord {
    s.current().expect("a turn under way")
}

// ---------------------------------------------------------------------------------------
// Legal decisions
// ---------------------------------------------------------------------------------------

pub fn random_force(setup: &Setup, s: &State, side: Side, rng: &mut Rng) -> ForceList {
    let fieldable = rules::fieldable(s, side);
    assert!(!fieldable.is_empty(), "the floor keeps two combat platoons fieldable");
    let carry_needed = rules::mobility_required(s, side);
    let mut platoons = Vec::new();
    for &(p, min, max) in &fieldable {
        if rng.one_in(2, 3) {
            let teams = rng.range(min as usize, max as usize) as u16;
            let mobile = s.platoon(side, p).unwrap().operationally_mobile();
            let transported = if carry_needed && !mobile { true } else { rng.one_in(1, 10) };
            platoons.push(Fielded { platoon: p, teams, transported });
        }
    }
    if carriers::carriers_checked(s) {
        // Issue 28's readings: what is marked carried needs carriers. Ticks that are not
        // needed go first, then platoons that must be carried, the last first.
        let riding = |f: &Fielded| f.transported && carriers::rides(s.platoon(side, f.platoon).unwrap());
        if !carriers::lift(s, side, &platoons).fits() {
            for f in platoons.iter_mut() {
                if riding(f) && !rules::must_be_carried(s, side, s.platoon(side, f.platoon).unwrap()) {
                    f.transported = false;
                }
            }
        }
        while !carriers::lift(s, side, &platoons).fits() {
            let k = platoons.iter().rposition(riding).unwrap();
            platoons.remove(k);
        }
        if platoons.is_empty() {
            let &(p, min, _) = fieldable
                .iter()
                .find(|&&(p, _, _)| !rules::must_be_carried(s, side, s.platoon(side, p).unwrap()))
                .expect("a force is possible");
            platoons.push(Fielded { platoon: p, teams: min, transported: false });
        }
    }
    if platoons.is_empty() {
        let (p, min, _) = fieldable[0];
        platoons.push(Fielded { platoon: p, teams: min, transported: true });
    }
    let balance = s.balance(side).max(0) as usize;
    let vp_for_points = if rng.one_in(1, 3) { rng.range(0, balance.min(3)) as u8 } else { 0 };
    let mut left = balance as i32 - vp_for_points as i32;
    let allowed = rules::points_allowed(setup, vp_for_points);
    let points = rng.range(1000, allowed as usize) as u32;
    let mut air = None;
    if !setup.player(side).air.is_empty() && rng.one_in(1, 3) {
        let profile = rng.pick(&AirProfile::ALL);
        let load = (profile == AirProfile::BattlefieldInterdiction && rng.one_in(1, 2)).then_some(Ordnance::Rockets);
        air = Some(AirUse { aircraft: 0, profile, load });
    }
    let mut option = None;
    if rng.one_in(1, 3) {
        let kinds: Vec<OptionKind> =
            tables::OPTIONS.iter().map(|r| r.kind).filter(|&k| rules::option_allowed(s, side, k)).collect();
        if !kinds.is_empty() {
            let fielded: Vec<u16> = platoons.iter().map(|f| f.platoon).collect();
            let support: Vec<u16> = fielded
                .iter()
                .copied()
                .filter(|&p| s.platoon(side, p).unwrap().platoon.role == Role::Support)
                .collect();
            let o = match rng.pick(&kinds) {
                OptionKind::ExtraSmoke if !support.is_empty() => {
                    let n = rng.range(1, support.len());
                    Some(GameOption::ExtraSmoke { platoons: support[..n].to_vec() })
                }
                OptionKind::ExtraSmoke => None,
                OptionKind::NightAttack => Some(GameOption::NightAttack),
                OptionKind::Counterbattery => Some(GameOption::Counterbattery),
                OptionKind::BattalionArtillery => {
                    Some(GameOption::BattalionArtillery { shoots: rng.range(1, 2) as u8 })
                }
                OptionKind::PreRegistered => {
                    let n = rng.range(1, fielded.len().min(2));
                    Some(GameOption::PreRegistered { platoons: fielded[..n].to_vec() })
                }
                OptionKind::AerialBombardment => Some(GameOption::AerialBombardment),
            };
            if let Some(o) = o {
                if o.cost() <= left {
                    left -= o.cost();
                    if o == GameOption::AerialBombardment {
                        air = None;
                    }
                    option = Some(o);
                }
            }
        }
    }
    assert!(left >= 0);
    ForceList { vp_for_points, points, platoons, air, option }
}

pub fn random_reports(s: &State, side: Side, rng: &mut Rng) -> Vec<PlatoonReport> {
    let force = cur(s).force(side).expect("forces shown before casualties");
    let loss = rng.pick(&[0usize, 10, 25, 50, 80, 100]);
    let mut reports = force
        .platoons
        .iter()
        .map(|f| {
            let mut left = f.teams as usize;
            let mut take = |rng: &mut Rng, pct: usize| {
                let n = (0..left).filter(|_| rng.one_in(pct, 100)).count();
                left -= n;
                n as u16
            };
            let lost = take(rng, loss);
            let _ = lost;
            let exited = take(rng, 5);
            let bailed = take(rng, 10);
            let routed = take(rng, 5);
            let on_table = left as u16;
            let motorised = s.platoon(side, f.platoon).unwrap().platoon.mobility.motorised();
            PlatoonReport {
                platoon: f.platoon,
                on_table,
                bailed,
                exited,
                routed,
                immobile: motorised && rng.one_in(1, 5),
                keep_mobile: None,
            }
        })
        .collect::<Vec<_>>();
    // Sometimes keep a platoon short of transport mobile, by either of the text's two means,
    // when the whole report stays legal.
    for k in 0..reports.len() {
        let Ok(lines) = rules::casualty_lines(s, side, &reports) else { break };
        if !lines[k].immobile || !rng.one_in(1, 2) {
            continue;
        }
        let lower = rules::lower_levels(s, side, &lines[k]);
        let donors = rules::strip_donors(s, side, reports[k].platoon);
        let pick = if !donors.is_empty() && (lower.is_empty() || rng.one_in(1, 2)) {
            KeepMobile::Strip(rng.pick(&donors))
        } else if !lower.is_empty() {
            KeepMobile::Lower(rng.pick(&lower))
        } else {
            continue;
        };
        reports[k].keep_mobile = Some(pick);
        if rules::casualty_lines(s, side, &reports).is_err() {
            reports[k].keep_mobile = None;
        }
    }
    reports
}

pub fn legal_decision(setup: &Setup, s: &State, rng: &mut Rng) -> Decision {
    let t = cur(s);
    match s.phase() {
        Phase::MissionRoll => Decision::RollMission,
        Phase::MissionAdjust => {
            let targets = rules::adjustable_totals(s);
            Decision::AdjustMission { target: rng.pick(&targets), delta: rng.range(0, 2) as i8 - 1 }
        }
        Phase::MissionChange => {
            let side = rules::change_offer(s).unwrap();
            let to = if rng.one_in(1, 2) { Some(rng.pick(&rules::legal_mission_changes(s))) } else { None };
            Decision::ChangeMission { side, to }
        }
        Phase::Attacker => Decision::SetAttacker { side: rng.pick(&Side::BOTH) },
        Phase::GameArea => {
            let shift = match rules::area_chooser(s) {
                Some(c) if rng.one_in(1, 3) => rng.range(0, s.balance(c.other()).clamp(0, 2) as usize) as u8,
                _ => 0,
            };
            Decision::ChooseArea { area: format!("square {}", rng.below(20)), shift }
        }
        Phase::Forces => {
            if rng.one_in(1, 40) {
                return Decision::Concede { side: rng.pick(&Side::BOTH) };
            }
            let open: Vec<Side> = Side::BOTH.into_iter().filter(|x| t.forces[x.index()].is_none()).collect();
            let side = rng.pick(&open);
            if !carriers::force_possible(s, side) {
                // A top-up declined can leave nothing fit to fight: the player concedes.
                return Decision::Concede { side };
            }
            Decision::SubmitForce { side, force: random_force(setup, s, side, rng) }
        }
        Phase::Weather => {
            if rng.one_in(1, 40) {
                Decision::Concede { side: rng.pick(&Side::BOTH) }
            } else {
                Decision::RollWeather
            }
        }
        Phase::Game => match rng.below(30) {
            0 => Decision::Concede { side: rng.pick(&Side::BOTH) },
            1 | 2 => Decision::Note { text: format!("turn {} note", s.turn) },
            n => {
                let winner = if n < 6 { None } else { Some(rng.pick(&Side::BOTH)) };
                let mut vp = [rng.range(0, 6) as u8, rng.range(0, 6) as u8];
                let mut recon = Vec::new();
                if let Some(w) = winner {
                    let high = rng.range(4, 6) as u8;
                    vp[w.index()] = high;
                    vp[w.other().index()] = rng.range(0, 3) as u8;
                    for f in &t.force(w).unwrap().platoons {
                        if s.platoon(w, f.platoon).unwrap().platoon.recon && rng.one_in(1, 2) {
                            recon.push(f.platoon);
                        }
                    }
                }
                Decision::RecordResult(GameResult { winner, vp, recon })
            }
        },
        Phase::Breakthrough => Decision::MoveCampaign { sectors: rng.range(1, 2) as u8 },
        Phase::Casualties => {
            let open: Vec<Side> = Side::BOTH.into_iter().filter(|x| t.casualties[x.index()].is_none()).collect();
            let side = rng.pick(&open);
            Decision::RecordCasualties { side, reports: random_reports(s, side, rng) }
        }
        Phase::Reinforcements => {
            let open: Vec<Side> = Side::BOTH.into_iter().filter(|x| t.reinforcement[x.index()].is_none()).collect();
            let side = rng.pick(&open);
            if let Some(most) = rules::top_up_offer(s, side) {
                if rng.one_in(3, 4) {
                    // Take it (mostly for as many platoons as offered) or decline it.
                    let n = if rng.one_in(1, 5) { 0 } else { rng.range(1, most) };
                    let mut platoons = Vec::new();
                    let mut dice = 0;
                    for p in rules::top_up_candidates(s, side).into_iter().take(n) {
                        let d = rules::top_up_dice(s.platoon(side, p).unwrap());
                        if dice + d <= tables::REINFORCEMENT_DICE {
                            dice += d;
                            platoons.push(p);
                        }
                    }
                    return Decision::TopUp { side, platoons };
                }
            }
            let vp = if rng.one_in(1, 3) { rng.range(0, s.balance(side).clamp(0, 3) as usize) as u8 } else { 0 };
            let mut dice = rules::reinforcement_dice(s, side, vp) as usize;
            let mut assign = Vec::new();
            for p in rules::reinforceable(s, side) {
                if dice == 0 {
                    break;
                }
                if rng.one_in(2, 3) {
                    let n = rng.range(1, dice.min(3));
                    dice -= n;
                    assign.push(DiceFor { platoon: p, dice: n as u8 });
                }
            }
            Decision::Reinforce { side, vp, assign }
        }
        Phase::Exchanges => {
            let open: Vec<Side> = Side::BOTH.into_iter().filter(|x| !t.exchanges_done[x.index()]).collect();
            let side = rng.pick(&open);
            let support: Vec<u16> = s
                .roster(side)
                .iter()
                .enumerate()
                .filter(|(_, p)| p.available() && p.platoon.role == Role::Support)
                .map(|(i, _)| i as u16)
                .collect();
            if rng.one_in(1, 2) && !support.is_empty() {
                let value = rng.range(100, 400) as u32;
                let teams = rng.range(2, 5) as u16;
                let new = Platoon {
                    name: format!("Exchanged in turn {}", s.turn),
                    role: Role::Support,
                    min_teams: 2,
                    max_teams: 5,
                    teams,
                    points: rng.range(50, value as usize) as u32,
                    upgrades: String::new(),
                    all_tank: rng.one_in(1, 2),
                    recon: rng.one_in(1, 4),
                    mobility: rng.pick(&Mobility::ALL),
                    under_strength: rng.pick(&[None, Some(true), Some(false)]),
                    vehicles: String::new(),
                    transport: carriers::carriers_checked(s) && rng.one_in(1, 4),
                };
                Decision::ExchangeSupport { side, platoon: rng.pick(&support), value, new }
            } else {
                Decision::DoneExchanging { side }
            }
        }
        Phase::Finished => unreachable!("no decision once the campaign is over"),
    }
}

/// The sample played with legal random decisions, half the dice typed and half the app's,
/// until `turns` campaign turns are over (or the campaign is).
pub fn sample_after(turns: u32, seed: u64) -> Campaign<AxisOfAttack> {
    let setup = field_desk::systems::axis_of_attack::sample::sample_setup();
    let mut c = Campaign::<AxisOfAttack>::new(setup.clone()).unwrap();
    let mut rng = Rng::new(seed);
    while c.state().phase() != Phase::Finished && c.state().turn <= turns {
        let d = legal_decision(&setup, c.state(), &mut rng);
        let count = c.dice_for(&d).map_or(0, |spec| spec.count as usize);
        let input = if rng.one_in(1, 2) { DiceInput::Typed(rng.d6s(count)) } else { DiceInput::App(&mut rng) };
        c.decide(d, input).unwrap();
    }
    c
}
