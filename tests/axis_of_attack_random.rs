//! Random legal play of the sample campaign: 10,000 decision sequences with every decision
//! drawn from the system's grammar (`support/grammar_walk.rs`'s `legal_step`, its flags weighted
//! by context to play as a table would: `FLAGS`; a drawn decision the rules refuse fails the
//! test), dice drawn by the app, undo and redo, and illegal decisions thrown in. The invariants
//! of the position are checked after every step, and the steps that change strengths are
//! checked against the rule they apply. Sequences end as links coded through the grammar
//! (`fd4.`) that open to the same campaign (every one played to the end and one in five of the
//! others; all of them in an ignored test).

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{Action, Campaign, DecideError, DiceInput};
use field_desk::share::link;
use field_desk::share::{Document, Meta};
use field_desk::systems::axis_of_attack::rules;
use field_desk::systems::axis_of_attack::sample::sample_setup;
use field_desk::systems::axis_of_attack::tables::{self, Mission, Role, Strength};
use field_desk::systems::axis_of_attack::{
    AxisOfAttack, Decision, DiceFor, Fielded, ForceList, GameOption, GameResult, KeepMobile, LedgerItem, Outcome,
    Phase, PlatoonReport, RuleError, Setup, Side, State, TurnRecord,
};
use field_desk::systems::AnyCampaign;

type Game = Campaign<AxisOfAttack>;

#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/rng.rs"]
mod rng;
#[path = "support/secrets.rs"]
mod secrets;
use rng::Rng;
#[path = "support/aoa_legal.rs"]
mod aoa_legal;
use aoa_legal::{cur, random_reports};
use grammar_walk::{legal_step, Tally};

#[derive(Default, Debug)]
struct Stats {
    sequences: usize,
    steps: usize,
    undos: usize,
    redos: usize,
    refused: usize,
    replays: usize,
    victories: [usize; 2],
    minor: [usize; 2],
    stalemates: usize,
    concessions: usize,
    draws: usize,
    two_sectors: usize,
    changes: usize,
    shifts: usize,
    auto_upgrades: usize,
    top_ups_declined: usize,
    lowered: usize,
    stripped: usize,
    stripped_exchanged: usize,
    reinforced: usize,
    exchanges: usize,
    options: usize,
    links: usize,
}

// ---------------------------------------------------------------------------------------
// Invariants
// ---------------------------------------------------------------------------------------

/// The ledger lines of one turn, checked against that turn's record.
fn ledger_matches(s: &State, t: &TurnRecord) {
    for side in Side::BOTH {
        let i = side.index();
        let lines: Vec<_> = s.ledger.iter().filter(|e| e.turn == t.turn && e.side == side).collect();
        let sum = |f: &dyn Fn(&LedgerItem) -> bool| lines.iter().filter(|e| f(&e.item)).map(|e| e.vp).sum::<i32>();
        let game_vp = t.result.as_ref().map_or(0, |r| r.vp[i] as i32);
        assert_eq!(sum(&|x| matches!(x, LedgerItem::GameVp)), game_vp, "game VP of turn {}", t.turn);
        assert_eq!(
            sum(&|x| matches!(x, LedgerItem::Outnumbered { .. })),
            t.bonus[i] as i32,
            "bonus of turn {}",
            t.turn
        );
        let (points, option) = match t.force(side) {
            Some(f) => (f.vp_for_points as i32, f.option.as_ref().map_or(0, GameOption::cost)),
            None => (0, 0),
        };
        assert_eq!(-sum(&|x| matches!(x, LedgerItem::Points { .. })), points);
        assert_eq!(-sum(&|x| matches!(x, LedgerItem::Option(_))), option);
        let change = t.change.as_ref().filter(|c| c.by == side).map_or(0, |_| tables::MISSION_CHANGE_COST);
        assert_eq!(-sum(&|x| matches!(x, LedgerItem::MissionChange { .. })), change);
        let shift = match &t.area {
            Some(a) if a.chooser == Some(side.other()) => a.shift as i32 * tables::AREA_SHIFT_COST,
            _ => 0,
        };
        assert_eq!(-sum(&|x| matches!(x, LedgerItem::AreaShift { .. })), shift);
        let dice = t.reinforcement[i].as_ref().map_or(0, |r| r.vp as i32);
        assert_eq!(-sum(&|x| matches!(x, LedgerItem::ReinforcementDice { .. })), dice);
        let ex = t.exchanges.iter().filter(|e| e.side == side).count() as i32 * tables::EXCHANGE_COST;
        assert_eq!(-sum(&|x| matches!(x, LedgerItem::Exchange { .. })), ex);
        for e in &lines {
            let earned = matches!(e.item, LedgerItem::GameVp | LedgerItem::Outnumbered { .. });
            assert_eq!(e.vp > 0, earned, "{e:?}: earnings positive, spending negative");
            assert_ne!(e.vp, 0);
        }
    }
}

fn fieldable_combat(s: &State, side: Side) -> usize {
    s.roster(side).iter().filter(|p| p.on_roster() && p.platoon.role == Role::Combat && p.strength.fieldable()).count()
}

fn invariants(setup: &Setup, s: &State) {
    assert!((1..=tables::SECTORS).contains(&s.sector.number()));
    assert!(s.turn >= 1 && s.turn <= tables::TURNS, "turn {}", s.turn);
    for side in Side::BOTH {
        assert!(s.balance(side) >= 0, "{side:?}'s balance is {}", s.balance(side));
        assert_eq!(s.balance(side), s.earned(side) - s.spent(side));
        let roster = s.roster(side);
        assert!(roster.len() >= setup.player(side).platoons.len());
        for (i, p) in roster.iter().enumerate() {
            if i < setup.player(side).platoons.len() {
                assert_eq!(p.platoon, setup.player(side).platoons[i], "the bought platoons keep their place");
            }
            assert_eq!(p.start, p.platoon.purchased_strength());
            assert!(p.strength <= p.start, "{} is {:?} above its start {:?}", p.name(), p.strength, p.start);
            assert!(p.platoon.ladder().contains(&p.strength), "{} at {:?} is on its ladder", p.name(), p.strength);
            assert!(!p.immobile || p.platoon.mobility.motorised(), "{} on foot cannot be immobile", p.name());
            if let Some(n) = p.exchanged_for {
                assert!(n as usize > i && (n as usize) < roster.len());
                assert_eq!(roster[n as usize].platoon.role, Role::Support);
                assert_eq!(p.platoon.role, Role::Support);
            }
        }
    }
    for e in &s.ledger {
        assert!(e.turn <= s.turn);
    }
    // The turn under way every step; the whole ledger once a sequence ends.
    if let Some(t) = s.current.as_ref().or(s.turns.last()) {
        ledger_matches(s, t);
    }
    assert_eq!(s.phase == Phase::Finished, s.outcome.is_some());
    assert_eq!(s.current.is_none(), s.outcome.is_some());
    for t in s.turns.iter() {
        assert!(t.result.is_some(), "every finished turn has a result");
        assert!(t.map.is_some(), "and moved the map");
        if t.mission.defensive_battle() {
            assert!(t.attacker.is_some());
        } else {
            assert!(t.attacker.is_none());
        }
    }
    match s.outcome {
        Some(Outcome::Victory(w)) => {
            let last = s.turns.last().unwrap();
            assert_eq!(last.winner(), Some(w));
            assert!(last.attacks(w));
            assert_eq!(last.sector, w.other().home());
        }
        Some(o) => {
            assert_eq!(s.turns.len() as u32, tables::TURNS);
            assert_eq!(o, rules::final_outcome(s.sector));
        }
        None => {
            assert_eq!(s.turns.len() as u32, s.turn - 1);
            let t = cur(s);
            assert_eq!(t.turn, s.turn);
            match &t.map {
                Some(m) => {
                    assert_eq!(m.from, t.sector);
                    assert_eq!(m.to, s.sector);
                    assert!(m.from.distance(m.to) <= 2);
                }
                None => assert_eq!(s.sector, t.sector, "the fighting stays put until the result"),
            }
        }
    }
    if let Some(w) = s.mobility_rule {
        let last = s.turns.last().unwrap();
        assert!(last.two_sector_move() && last.winner() == Some(w));
    }
    let Some(t) = s.current.as_ref() else { return };
    // Mission selection arithmetic.
    if let Some(sel) = &t.selection {
        for i in 0..2 {
            let m: i32 = sel.modifiers[i].iter().map(|x| x.1).sum();
            assert_eq!(sel.rolled[i], sel.dice[i] as i32 + m);
            let shift = sel.adjustment.filter(|a| a.0.index() == i).map_or(0, |a| a.1 as i32);
            assert_eq!(sel.totals[i], sel.rolled[i] + shift);
        }
        if s.phase != Phase::MissionAdjust {
            assert_eq!(t.rolled_mission, tables::mission_for(sel.best()));
            let high = match sel.totals[0].cmp(&sel.totals[1]) {
                std::cmp::Ordering::Greater => Some(Side::West),
                std::cmp::Ordering::Less => Some(Side::East),
                std::cmp::Ordering::Equal => None,
            };
            assert_eq!(sel.high, high);
            if t.mission.defensive_battle() && high.is_some() {
                assert_eq!(t.attacker, high, "the higher total attacks");
            }
        }
    } else if s.phase != Phase::MissionRoll {
        assert_eq!((t.turn, t.rolled_mission), (1, Mission::Encounter));
    }
    match &t.change {
        Some(c) => assert!(c.from.neighbours().contains(&c.to) && c.to == t.mission && c.from == t.rolled_mission),
        None => assert_eq!(t.mission, t.rolled_mission),
    }
    if t.mission.fair_fight() {
        assert_eq!(t.attacker, None);
    }
    let after_attacker =
        !matches!(s.phase, Phase::MissionRoll | Phase::MissionAdjust | Phase::MissionChange | Phase::Attacker);
    if after_attacker && t.mission.defensive_battle() {
        assert!(t.attacker.is_some(), "a Defensive Battle has its attacker by {:?}", s.phase);
    }
    assert_eq!(t.revealed, t.forces.iter().all(Option::is_some), "shown exactly when both are in");
    if matches!(s.phase, Phase::Weather | Phase::Game) {
        assert!(t.revealed);
    }
    // The floor: two combat platoons fit to fight before every game and after reinforcement
    // (under the first readings; since issue 8 the top-up may be declined, see `transition`).
    if s.readings == 1 && !matches!(s.phase, Phase::Breakthrough | Phase::Casualties) {
        for side in Side::BOTH {
            assert!(fieldable_combat(s, side) >= tables::MIN_DEPLETED_COMBAT, "{side:?} in {:?}", s.phase);
        }
    }
}

/// What strength changes a decision may make.
fn transition(setup: &Setup, before: &State, d: &Decision, dice: &[u16], after: &State, stats: &mut Stats) {
    for side in Side::BOTH {
        let (rb, ra) = (before.roster(side), after.roster(side));
        for (i, pb) in rb.iter().enumerate() {
            let pa = &ra[i];
            match d {
                Decision::RecordCasualties { side: x, .. }
                    if *x == side && (pb.platoon.role != Role::Combat || pb.strength.fieldable()) =>
                {
                    assert!(pa.strength <= pb.strength, "casualties never rebuild");
                }
                Decision::TopUp { side: x, platoons } if *x == side => {
                    if platoons.contains(&(i as u16)) {
                        assert!(!pb.strength.fieldable() && pb.platoon.role == Role::Combat);
                        let lowest = pa.platoon.ladder().into_iter().find(|l| l.fieldable());
                        assert_eq!(Some(pa.strength), lowest, "raised to the lowest level fit to fight");
                        stats.auto_upgrades += 1;
                    } else {
                        assert_eq!(pa.strength, pb.strength, "only the platoons named are topped up");
                    }
                }
                Decision::RecordCasualties { .. }
                | Decision::Concede { .. }
                | Decision::RecordResult(_)
                | Decision::MoveCampaign { .. } => {
                    // Entering reinforcement may raise combat platoons to the floor.
                    if pa.strength != pb.strength {
                        assert_eq!(pb.platoon.role, Role::Combat);
                        assert!(!pb.strength.fieldable() && pa.strength.fieldable());
                        stats.auto_upgrades += 1;
                    }
                }
                Decision::Reinforce { side: x, .. } if *x == side => {
                    assert!(pa.strength >= pb.strength);
                    if pa.strength != pb.strength {
                        assert_eq!(pa.strength, pb.platoon.step_up(pb.strength), "one level a turn");
                    }
                }
                _ => assert_eq!(pa.strength, pb.strength, "{d:?} leaves strengths alone"),
            }
        }
    }
    match d {
        Decision::Reinforce { side, assign, .. } => {
            let total: usize = assign.iter().map(|a| a.dice as usize).sum();
            assert_eq!(dice.len(), total);
            let r = after
                .turns
                .iter()
                .chain(after.current.iter())
                .rev()
                .find(|t| t.turn == before.turn)
                .and_then(|t| t.reinforcement[side.index()].as_ref())
                .unwrap();
            let mut k = 0;
            for (a, line) in assign.iter().zip(&r.lines) {
                let rolled = &dice[k..k + a.dice as usize];
                k += a.dice as usize;
                assert_eq!(line.dice, rolled);
                let p = before.platoon(*side, a.platoon).unwrap();
                let up = rolled.iter().any(|&v| v >= p.platoon.reinforcement_needs());
                let want = if up { p.platoon.step_up(p.strength).min(p.start) } else { p.strength };
                assert_eq!(line.to, want);
                if up {
                    stats.reinforced += 1;
                }
            }
        }
        Decision::TopUp { side, platoons } => {
            if platoons.is_empty() {
                stats.top_ups_declined += 1;
            }
            let t = after.current.as_ref().unwrap();
            assert!(t.topped_up[side.index()]);
            assert_eq!(t.auto[side.index()].iter().map(|a| a.platoon).collect::<Vec<_>>(), *platoons);
            let used: u16 = t.auto[side.index()].iter().map(|a| a.dice).sum();
            assert_eq!(rules::reinforcement_dice(after, *side, 0), tables::REINFORCEMENT_DICE - used);
            // Taking every platoon offered restores the floor, when enough could be raised.
            if platoons.len() == rules::top_up_short(before, *side)
                && rules::top_up_candidates(before, *side).len() >= platoons.len()
            {
                assert!(fieldable_combat(after, *side) >= tables::MIN_DEPLETED_COMBAT);
            }
        }
        Decision::RecordCasualties { side, reports } => {
            for r in reports {
                let pa = after.platoon(*side, r.platoon).unwrap();
                match r.keep_mobile {
                    Some(KeepMobile::Lower(l)) => {
                        assert_eq!(pa.strength, l);
                        assert!(!pa.immobile && l.fieldable());
                        stats.lowered += 1;
                    }
                    Some(KeepMobile::Strip(from)) => {
                        assert!(!pa.immobile);
                        assert!(after.platoon(*side, from).unwrap().immobile, "the platoon stripped is left Immobile");
                        // Platoons exchanged in name their vehicles (the grammar draws a text):
                        // strips between them are counted apart, the sample's first release
                        // naming none.
                        let bought = setup.player(*side).platoons.len();
                        if (r.platoon as usize) < bought || (from as usize) < bought {
                            stats.stripped += 1;
                        } else {
                            stats.stripped_exchanged += 1;
                        }
                    }
                    None => {
                        let pb = before.platoon(*side, r.platoon).unwrap();
                        let standing = pb.immobile && before.readings >= 2;
                        let rated = rules::casualty_line(before, *side, r).unwrap().rated;
                        if rated != Strength::Destroyed
                            && !reports.iter().any(|x| x.keep_mobile == Some(KeepMobile::Strip(r.platoon)))
                        {
                            assert_eq!(pa.immobile, r.immobile || standing, "{} keeps its mobility status", pa.name());
                        }
                    }
                }
            }
        }
        Decision::Concede { .. } => stats.concessions += 1,
        Decision::RecordResult(r) if r.winner.is_none() => stats.draws += 1,
        Decision::MoveCampaign { sectors: 2 } => stats.two_sectors += 1,
        Decision::ChangeMission { to: Some(_), .. } => stats.changes += 1,
        Decision::AdjustMission { delta, .. } if *delta != 0 => stats.shifts += 1,
        Decision::ExchangeSupport { .. } => stats.exchanges += 1,
        Decision::SubmitForce { force, .. } if force.option.is_some() => stats.options += 1,
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------
// Illegal decisions
// ---------------------------------------------------------------------------------------

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
        let others: Vec<Decision> = one_of_each().into_iter().filter(|d| !phase_of(d).contains(&s.phase)).collect();
        let d = others[rng.below(others.len())].clone();
        let n = rules::dice(setup, s, &d).map_or(0, |x| x.count as usize);
        let e = if s.phase == Phase::Finished { RuleError::CampaignOver } else { RuleError::NotNow { phase: s.phase } };
        Some((d, rng.d6s(n), e))
    };
    if rng.one_in(1, 3) || s.phase == Phase::Finished {
        return wrong_phase(rng);
    }
    let name = |side: Side| setup.name(side).to_string();
    let t = cur(s);
    match s.phase {
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

fn try_illegal(setup: &Setup, c: &mut Game, before: &State, rng: &mut Rng, stats: &mut Stats) {
    let Some((d, dice, want)) = illegal(setup, before, rng) else { return };
    let want = DecideError::Rules(want);
    let journal = c.journal().len();
    let can_redo = c.can_redo();
    assert_eq!(c.check(&d, &dice).err(), Some(want.clone()), "check {d:?} {dice:?} in {:?}", before.phase);
    assert_eq!(c.decide(d.clone(), DiceInput::Typed(dice.clone())).err(), Some(want.clone()), "decide {d:?}");
    assert!(!want.to_string().is_empty());
    assert_eq!(c.state(), before, "a refused decision changes nothing");
    assert_eq!(c.journal().len(), journal);
    assert_eq!(c.can_redo(), can_redo);
    stats.refused += 1;
}

// ---------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------

/// The grammar's flags weighted by context (`grammar_walk::RandomChooser::flags`, in
/// hundredths of yes) so that play drawn from it reaches what the steps after a game do as
/// often as a table would: the variant chains (context 64 + 4 x the phase's number + the
/// variant passed, `systems/axis_of_attack/grammar.rs`) concede one force or weather step in
/// forty and one game in thirty (even chances concede most campaigns, and reinforcement,
/// top-ups and strips after a game come far less often), note one game in fifteen; a top-up
/// offered is mostly taken (for mostly as many platoons as offered), reinforcement dice mostly
/// assigned; a platoon of the force mostly fielded; a motorised platoon mostly mobile.
///
/// In 2,500 sequences of the sample (`random_play_1`), against the hand-written generator this
/// replaced and the grammar at even chances: concessions 810 (702; 7,854), reinforcement dice
/// that rebuilt a platoon 7,467 (11,179; 843), platoons raised by top-up or floor 835 (3,506;
/// 25), top-ups declined 204 (786; 17), strips 1,440 (1,230; 277), lowered 1,851 (705; 451).
/// What flags cannot weight: the VP a player spends are counts (points, reinforcement dice, the
/// area shift), which the random chooser draws evenly from 0 to 3, so balances run lower than
/// the generator's and mission changes (211 against 1,401) and exchanges (299 against 2,059)
/// come less often, and a game's winner is an even pick of three, so draws come more often
/// (1,955 against 644).
const FLAGS: &[(u16, usize)] = &[
    (64 + 4 * 5, 3),      // Forces: concede rather than hand in a force
    (64 + 4 * 6, 3),      // Weather: concede rather than roll
    (64 + 4 * 7, 10),     // Game: not a result,
    (64 + 4 * 7 + 1, 33), // then concede rather than note
    (64 + 4 * 10, 75),    // Reinforcements: a top-up offered rather than the dice
    (18, 67),             // a platoon fielded
    (36, 20),             // a motorised platoon left immobile
    (39, 80),             // another platoon topped up
    (41, 75),             // dice to another platoon
];

/// Draws before a step gives up (the only draws the grammar cannot use are the random
/// chooser's empty note texts).
const TRIES: usize = 50;

/// Sends the campaign as a link: coded through the grammar (`fd4.`), it opens to the same one.
fn link_round_trip(c: &Game, stats: &mut Stats) {
    let d = Document::new(
        Meta { id: format!("{:016x}", stats.sequences), name: "Random".into(), created: 1.0, updated: 2.0 },
        &AnyCampaign::AxisOfAttack(c.clone()),
    );
    let text = link::encode(&d);
    assert!(text.starts_with("fd4."), "not coded through the grammar: {:?}", c.journal());
    assert_eq!(link::decode(&text).as_ref(), Ok(&d), "the link changed the campaign");
    stats.links += 1;
}

fn run_sequence(setup: &Setup, rng: &mut Rng, stats: &mut Stats, tally: &mut Tally, links: usize) {
    let mut c: Game = Campaign::new(setup.clone()).unwrap();
    let mut shadow: Vec<State> = vec![c.state().clone()];
    let mut undone: Vec<State> = Vec::new();
    // Most sequences are short; one in twelve plays on until the campaign ends.
    let whole = rng.one_in(1, 12);
    let max_steps = if whole { 3000 } else { 1 + rng.below(45) };
    for _ in 0..max_steps {
        let roll = rng.below(100);
        if roll < 3 && c.can_undo() {
            assert!(c.undo());
            undone.push(shadow.pop().unwrap());
            assert_eq!(c.state(), shadow.last().unwrap(), "undo goes back one position");
            stats.undos += 1;
        } else if roll < 5 && c.can_redo() {
            c.redo().unwrap();
            shadow.push(undone.pop().unwrap());
            assert_eq!(c.state(), shadow.last().unwrap(), "redo restores the undone position");
            stats.redos += 1;
        } else if roll < 9 {
            try_illegal(setup, &mut c, shadow.last().unwrap(), rng, stats);
        } else {
            if c.state().phase == Phase::Finished {
                break;
            }
            let before = shadow.last().unwrap();
            let d = legal_step(&mut c, rng, FLAGS, TRIES, tally);
            let dice: Vec<u16> = c.active_entries().last().unwrap().dice.iter().map(|r| r.value).collect();
            transition(setup, before, &d, &dice, c.state(), stats);
            if matches!(c.journal().last(), Some(Action::Redo)) {
                shadow.push(undone.pop().unwrap());
                assert_eq!(c.state(), shadow.last().unwrap());
                stats.redos += 1;
            } else {
                undone.clear();
                shadow.push(c.state().clone());
            }
        }
        invariants(setup, c.state());
        assert_eq!(c.steps() + 1, shadow.len());
        stats.steps += 1;
    }
    let end = c.state();
    for t in end.turns.iter().chain(end.current.iter()) {
        ledger_matches(end, t);
    }
    match c.state().outcome {
        Some(Outcome::Victory(s)) => stats.victories[s.index()] += 1,
        Some(Outcome::MinorVictory(s)) => stats.minor[s.index()] += 1,
        Some(Outcome::Stalemate) => stats.stalemates += 1,
        None => {}
    }
    // The campaign, undos and redos and all, travels as a link coded through the grammar: every
    // one played to the end, and one in `links` of the others.
    if whole || stats.sequences.is_multiple_of(links) {
        link_round_trip(&c, stats);
    }
    if stats.sequences.is_multiple_of(25) {
        let r =
            Campaign::<AxisOfAttack>::replay(setup.clone(), c.journal().to_vec()).expect("a played journal replays");
        assert_eq!(r.state(), c.state(), "replay reproduces the position");
        assert_eq!(r.history().len(), c.journal().len());
        secrets::check_shareable(&c);
        stats.replays += 1;
    }
    stats.sequences += 1;
}

/// The sample as campaigns stored before issue 8 hold it: the first readings, the halfway
/// level wherever it fits, no vehicles named.
fn first_release_sample() -> Setup {
    let mut setup = sample_setup();
    setup.readings = 1;
    for p in setup.players.iter_mut().flat_map(|x| x.platoons.iter_mut()) {
        p.under_strength = None;
        p.vehicles.clear();
    }
    setup
}

fn run(seed: u64, sequences: usize, setup: Setup, links: usize) -> Stats {
    let mut rng = Rng::new(seed);
    let mut stats = Stats::default();
    let mut tally = Tally::default();
    let t = std::time::Instant::now();
    for _ in 0..sequences {
        run_sequence(&setup, &mut rng, &mut stats, &mut tally, links);
    }
    println!("{stats:?} in {:?}", t.elapsed());
    println!("decisions drawn: {:?}, {} unusable draws", tally.accepted, tally.unusable);
    assert_eq!(stats.sequences, sequences);
    assert!(stats.victories[0] > 0 && stats.victories[1] > 0, "both players win outright sometimes: {stats:?}");
    assert!(stats.minor[0] > 0 && stats.minor[1] > 0 && stats.stalemates > 0, "{stats:?}");
    assert!(stats.undos > 0 && stats.redos > 0 && stats.refused > 0 && stats.replays > 0, "{stats:?}");
    assert!(stats.concessions > 0 && stats.draws > 0 && stats.two_sectors > 0, "{stats:?}");
    assert!(stats.changes > 0 && stats.shifts > 0 && stats.options > 0, "{stats:?}");
    assert!(stats.auto_upgrades > 0 && stats.reinforced > 0 && stats.exchanges > 0, "{stats:?}");
    assert!(stats.lowered > 0, "{stats:?}");
    if setup.readings > 1 {
        assert!(stats.stripped > 0 && stats.top_ups_declined > 0, "{stats:?}");
    } else {
        assert_eq!((stats.stripped, stats.top_ups_declined), (0, 0), "no vehicles named, no top-up offered");
    }
    stats
}

// 4 x 2,500 = 10,000 sequences, split so the test threads share them: three over the sample
// as it is now, one over the sample as campaigns stored before issue 8 hold it.
/// One in this many of the sequences not played to the end is sent as a link (a link's round
/// trip is two replays: sending all of them triples the suite's time).
const LINKS: usize = 5;

/// Every sequence of the suite sent as a link: slow in debug, run by hand with `cargo test
/// --test axis_of_attack_random -- --ignored every_sequence --nocapture`.
#[test]
#[ignore]
fn every_sequence_round_trips_as_a_link() {
    for (seed, setup) in [(1, sample_setup()), (2, sample_setup()), (3, sample_setup()), (4, first_release_sample())] {
        let stats = run(0xA0A0_0000 + seed, 2500, setup, 1);
        assert_eq!(stats.links, 2500);
    }
}

#[test]
fn random_play_1() {
    run(0xA0A0_0001, 2500, sample_setup(), LINKS);
}
#[test]
fn random_play_2() {
    run(0xA0A0_0002, 2500, sample_setup(), LINKS);
}
#[test]
fn random_play_3() {
    run(0xA0A0_0003, 2500, sample_setup(), LINKS);
}
#[test]
fn random_play_4() {
    run(0xA0A0_0004, 2500, first_release_sample(), LINKS);
}

#[test]
fn strength_never_leaves_the_ladder_for_any_count() {
    // Every team count of every platoon shape up to 15 rates a rung of that platoon's ladder.
    for min in 1..=10u16 {
        for max in min..=15 {
            let ladder = tables::ladder(min, max);
            for teams in 0..=max + 2 {
                for routed in [0, 1] {
                    let s = tables::strength_from_teams(min, max, teams, routed);
                    assert!(ladder.contains(&s), "{teams} of {min}-{max} gave {s:?}");
                    if teams <= max {
                        assert!(tables::teams_at(min, max, s) <= teams.max(if s.fieldable() { min } else { 0 }));
                    }
                }
            }
            for &s in &ladder {
                if s.fieldable() {
                    assert_eq!(tables::strength_from_teams(min, max, tables::teams_at(min, max, s), 0), s);
                }
            }
            assert_eq!(ladder.first(), Some(&Strength::Destroyed));
            assert_eq!(ladder.last(), Some(&Strength::Full));
        }
    }
}
