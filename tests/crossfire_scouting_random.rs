//! Random legal nights of Crossfire scouting: decisions drawn from the system's grammar
//! (`engine::Grammar`, walked by `support/grammar_walk.rs`'s random chooser over a small
//! deterministic PRNG; every draw must be one the rules accept) over the sample session and
//! random setups, with random dice (typed or drawn by the app), undo and redo, and illegal
//! decisions thrown in. The invariants of the position are
//! checked after every step, and every transition against the rules it may apply; every night
//! round-trips as a link through the grammar (`fd4.`).

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{Action, Campaign, DiceInput};
use field_desk::share::link;
use field_desk::share::{Document, Meta};
use field_desk::systems::crossfire_scouting::preview::preview;
use field_desk::systems::crossfire_scouting::sample::sample_setup;
use field_desk::systems::crossfire_scouting::tables;
use field_desk::systems::crossfire_scouting::{
    summary, Area, CrossfireScouting, Decision, EndReason, FindStatus, Phase, Place, Quality, Scout, ScoutRef,
    Sentries, Setup, Sighting, State, Status, Team,
};
use field_desk::systems::AnyCampaign;

type Game = Campaign<CrossfireScouting>;

#[path = "support/rng.rs"]
mod rng;
#[path = "support/secrets.rs"]
mod secrets;
use rng::Rng;
#[path = "support/grammar_walk.rs"]
mod grammar_walk;
use field_desk::engine::Grammar;
use grammar_walk::RandomChooser;

#[derive(Default, Debug)]
struct Stats {
    sequences: usize,
    steps: usize,
    refused: usize,
    undos: usize,
    redos: usize,
    kinds: std::collections::BTreeMap<&'static str, usize>,
    deaths: usize,
    reported: usize,
    lost_banked: usize,
    ends: [usize; 3],
    previews: usize,
}

fn kind(d: &Decision) -> &'static str {
    match d {
        Decision::Move { .. } => "Move",
        Decision::AttemptSpot { sentries: None, .. } => "AttemptSpot",
        Decision::AttemptSpot { sentries: Some(_), .. } => "AttemptSpot by a unit's own sentries",
        Decision::Bank { .. } => "Bank",
        Decision::EndNight => "EndNight",
        Decision::LetPass => "LetPass",
        Decision::ReactiveSpot => "ReactiveSpot",
        Decision::ReactiveSpotBy { .. } => "ReactiveSpotBy",
        Decision::CloseCombat { defenders: None, .. } => "CloseCombat",
        Decision::CloseCombat { defenders: Some(_), .. } => "CloseCombat by a unit of its own quality",
        Decision::RollAgain => "RollAgain",
        Decision::Fire { .. } => "Fire",
        Decision::Volley => "Volley",
        Decision::HoldFire => "HoldFire",
        Decision::AdmitNoSight => "AdmitNoSight",
        Decision::Cat => "Cat",
        Decision::Retreat { .. } => "Retreat",
        Decision::Reveal { .. } => "Reveal",
        Decision::ClockRoll => "ClockRoll",
    }
}

fn random_setup(rng: &mut Rng) -> Setup {
    let q = |rng: &mut Rng| rng.pick(&Quality::ALL);
    let teams = (0..1 + rng.below(3))
        .map(|t| Team {
            name: format!("Team {t}"),
            leader: Scout::new(&format!("L{t}"), q(rng), rng.one_in(1, 3)),
            scouts: (0..rng.below(4)).map(|s| Scout::new(&format!("S{t}.{s}"), q(rng), rng.one_in(1, 3))).collect(),
        })
        .collect();
    let areas =
        (0..2 + rng.below(6)).map(|a| Area::new(&format!("Area {a}"), rng.one_in(2, 3), rng.one_in(1, 4))).collect();
    Setup { teams, sentries: Sentries { quality: q(rng), trained: rng.one_in(1, 4) }, areas, origin: None }
}

/// Any decision at all, legal or not.
fn wild(setup: &Setup, rng: &mut Rng) -> Decision {
    let scout = ScoutRef::new(rng.below(setup.teams.len() + 1) as u8, rng.below(5) as u8);
    let area = rng.below(setup.areas.len() + 2) as u16;
    match rng.below(12) {
        0 => Decision::Move { scout, to: Place::Area(area), in_open: rng.one_in(1, 2) },
        1 => Decision::AttemptSpot { scout, area, sentries: None },
        2 => Decision::Bank { scout },
        3 => Decision::LetPass,
        4 => Decision::ReactiveSpot,
        5 => Decision::Fire { from: area, units: rng.below(12) as u8, leader_sees: rng.one_in(1, 2) },
        6 => Decision::HoldFire,
        7 => Decision::Cat,
        8 => Decision::Retreat { to: Place::Area(area) },
        9 => Decision::Reveal { what: Sighting::Empty },
        10 => Decision::ClockRoll,
        _ => Decision::CloseCombat { scout_other: rng.below(20) as i8 - 10, defender_other: 0, defenders: None },
    }
}

fn decide(c: &mut Game, d: Decision, rng: &mut Rng) -> bool {
    let count = c.dice_for(&d).map_or(0, |spec| spec.count as usize);
    let r = if rng.one_in(1, 2) {
        c.decide(d, DiceInput::Typed(rng.d6s(count)))
    } else {
        c.decide(d, DiceInput::App(&mut *rng))
    };
    r.is_ok()
}

// ---------------------------------------------------------------------------------------
// Invariants
// ---------------------------------------------------------------------------------------

fn invariants(setup: &Setup, c: &Game) {
    let s = c.state();
    let entries: Vec<_> = c.active_entries().collect();
    // The clock: 01:00 to 04:00, twenty minutes per clock roll of 4+.
    let rolls: Vec<u16> =
        entries.iter().filter(|e| e.decision == Decision::ClockRoll).map(|e| e.dice[0].value).collect();
    assert_eq!(s.clock_rolls as usize, rolls.len());
    let moved = rolls.iter().filter(|&&d| d >= tables::CLOCK_TARGET).count() as u16;
    assert_eq!(s.clock, (moved * tables::CLOCK_STEP_MINUTES).min(tables::DEADLINE_MINUTES));
    assert!(s.clock <= tables::DEADLINE_MINUTES);
    assert_eq!(s.clock == tables::DEADLINE_MINUTES, s.ended == Some(EndReason::Deadline));
    assert_eq!(s.cat_used, entries.iter().any(|e| e.decision == Decision::Cat));
    assert_eq!(s.phase == Phase::Over, s.ended.is_some());
    if s.phase == Phase::Over {
        assert!(s.refs().iter().all(|r| !s.figure(*r).status.on_table()), "nobody is out after the night");
        assert!(s.finds.iter().all(|f| matches!(f.status, FindStatus::Reported | FindStatus::Lost)));
        assert!(s.reveals_due.is_empty() && s.clock_due.is_none());
    } else {
        assert!(s.refs().iter().all(|r| s.figure(*r).status != Status::Late), "late only at the end");
        let anyone_left = s
            .refs()
            .iter()
            .any(|r| matches!(s.figure(*r).status, Status::Waiting | Status::Active | Status::Retreated));
        assert!(anyone_left || !s.reveals_due.is_empty(), "the night ends when everyone is back or dead");
    }
    let retreated: Vec<ScoutRef> = s.refs().into_iter().filter(|r| s.figure(*r).status == Status::Retreated).collect();
    assert!(retreated.len() <= 1);
    match s.phase {
        Phase::Retreat { scout } => assert_eq!(retreated, vec![scout]),
        _ => assert!(retreated.is_empty(), "a hit scout retreats at once"),
    }
    match s.phase {
        Phase::Reaction { scout, .. }
        | Phase::SentriesSpotted { scout, .. }
        | Phase::Fire { scout, .. }
        | Phase::CloseCombatTie { scout, .. } => {
            assert_eq!(s.figure(scout).status, Status::Active, "only a live scout is reacted to");
        }
        Phase::Scouting => {
            assert!(s.reveals_due.is_empty() && s.clock_due.is_none());
            for r in s.refs() {
                let f = s.figure(r);
                assert!(f.heading.is_none() && !f.in_open && !f.entering, "no move under way");
                assert!(f.moves < tables::MOVES_PER_CLOCK_ROLL, "a third move always brings a clock roll");
            }
        }
        Phase::Reveal { scout, area, cause } => {
            let due = s.reveals_due[0];
            assert_eq!((due.scout, due.area, due.cause), (scout, area, cause));
        }
        Phase::Clock { .. } => assert!(s.clock_due.is_some() && s.reveals_due.is_empty()),
        _ => {}
    }
    for r in s.refs() {
        let f = s.figure(r);
        assert!(f.moves <= tables::MOVES_PER_CLOCK_ROLL);
        match f.status {
            Status::Waiting => {
                assert_eq!(f.place, Place::OwnEdge);
                assert!(f.tried.is_empty() && f.heading.is_none());
            }
            Status::Home => assert_eq!(f.place, Place::OwnEdge),
            Status::Dead | Status::Late => assert!(f.heading.is_none() && !f.under_fire),
            _ => {}
        }
        if let Place::Area(a) = f.place {
            assert!((a as usize) < setup.areas.len());
        }
        let mut tried = f.tried.clone();
        tried.sort_unstable();
        tried.dedup();
        assert_eq!(tried.len(), f.tried.len(), "an area is tried once per scout");
    }
    // Knowledge lives in heads.
    let status = |r: ScoutRef| s.figure(r).status;
    for f in &s.finds {
        assert!((f.area as usize) < setup.areas.len());
        assert!(setup.scout(f.by).is_some());
        assert!(!setup.areas[f.area as usize].edge, "nothing hides on the own edge");
        match f.status {
            FindStatus::Carried => {
                assert!(!f.by.is_leader(), "a leader's finds are banked at once");
                assert!(status(f.by).on_table(), "carried by a live scout still out");
            }
            FindStatus::Banked => {
                let (finder, leader) = (status(f.by), status(f.by.leader()));
                assert!(finder != Status::Home && leader != Status::Home, "reported when either got back");
                assert!(!(finder == Status::Dead && leader == Status::Dead), "somebody alive knows it");
            }
            FindStatus::Reported | FindStatus::Lost => {}
        }
    }
}

/// What one decision may change.
fn transition(before: &State, d: &Decision, after: &State, stats: &mut Stats) {
    assert!(before.phase != Phase::Over);
    // Dead, home and late figures never act again.
    if let Decision::Move { scout, .. } | Decision::AttemptSpot { scout, .. } | Decision::Bank { scout } = d {
        assert!(matches!(before.figure(*scout).status, Status::Waiting | Status::Active), "{d:?}");
    }
    for r in before.refs() {
        let (b, a) = (before.figure(r).status, after.figure(r).status);
        match b {
            Status::Dead | Status::Home => assert_eq!(a, b, "{r:?} stays {b:?}"),
            Status::Late => unreachable!(),
            _ => {}
        }
        if a == Status::Dead && b != Status::Dead {
            stats.deaths += 1;
            assert!(
                matches!(
                    d,
                    Decision::Fire { .. } | Decision::Volley | Decision::CloseCombat { .. } | Decision::RollAgain
                ),
                "only fire and close combat kill ({d:?})"
            );
        }
        if a == Status::Late {
            assert!(after.phase == Phase::Over);
        }
    }
    // Finds are only added, never rewritten, and their status only moves forward.
    assert!(after.finds.len() >= before.finds.len());
    assert!(after.finds.len() <= before.finds.len() + 1);
    for (b, a) in before.finds.iter().zip(after.finds.iter()) {
        assert_eq!((b.area, &b.sighting, b.by, b.at), (a.area, &a.sighting, a.by, a.at));
        use FindStatus::*;
        match (b.status, a.status) {
            (x, y) if x == y => {}
            (Carried, Banked) => assert!(matches!(d, Decision::Bank { .. } | Decision::Fire { .. } | Decision::Volley)),
            (Carried | Banked, Reported) => stats.reported += 1,
            (Carried, Lost) => {
                assert!(after.figure(a.by).status == Status::Dead || after.ended.is_some(), "lost only with the finder")
            }
            (Banked, Lost) => {
                stats.lost_banked += 1;
                let both_dead =
                    after.figure(a.by).status == Status::Dead && after.figure(a.by.leader()).status == Status::Dead;
                assert!(
                    both_dead || after.ended.is_some(),
                    "a banked find is lost only with finder and leader, or at the end"
                );
            }
            (x, y) => panic!("a find went from {x:?} to {y:?} on {d:?}"),
        }
    }
    if let Some(f) = after.finds.get(before.finds.len()) {
        assert_eq!(f.at, after.clock);
        assert!(matches!(d, Decision::Reveal { .. }));
    }
    if before.clock != after.clock {
        assert_eq!(d, &Decision::ClockRoll);
        assert_eq!(after.clock, before.clock + tables::CLOCK_STEP_MINUTES);
    }
    if let Some(reason) = after.ended {
        if before.ended.is_none() {
            stats.ends[match reason {
                EndReason::Deadline => 0,
                EndReason::Called => 1,
                EndReason::AllDone => 2,
            }] += 1;
        }
    }
}

/// A decision drawn from the grammar (`engine::Grammar`, walked at random), which offers only
/// what the rules accept. Players seldom call the night early: a draw that calls it is kept one
/// time in 300, unless nothing else comes up in 50 draws.
fn drawn(setup: &Setup, s: &State, rng: &mut Rng) -> Decision {
    for _ in 0..50 {
        let d = CrossfireScouting::decision(
            setup,
            s,
            &mut RandomChooser { rng: &mut *rng, flags: &[], numbers: &[] },
            None,
        )
        .expect("the grammar has a decision for every step of a night not over");
        if d != Decision::EndNight || rng.one_in(1, 300) {
            return d;
        }
    }
    Decision::EndNight
}

fn play(setup: Setup, rng: &mut Rng, stats: &mut Stats) {
    let mut c = Game::new(setup.clone()).unwrap();
    stats.sequences += 1;
    for step in 0..400 {
        if c.state().phase == Phase::Over {
            break;
        }
        if rng.one_in(1, 40) && c.can_undo() {
            c.undo();
            stats.undos += 1;
            if rng.one_in(1, 2) {
                c.redo().unwrap();
                stats.redos += 1;
            }
            invariants(&setup, &c);
            continue;
        }
        if rng.one_in(1, 8) {
            let d = wild(&setup, rng);
            let before = c.state().clone();
            let journal = c.journal().len();
            if !decide(&mut c, d, rng) {
                assert_eq!(c.state(), &before, "a refused decision changes nothing");
                assert_eq!(c.journal().len(), journal);
                stats.refused += 1;
                continue;
            }
            let entry = c.active_entries().last().unwrap().clone();
            transition(&before, &entry.decision, c.state(), stats);
            invariants(&setup, &c);
            stats.steps += 1;
            continue;
        }
        let d = drawn(&setup, c.state(), rng);
        if c.dice_for(&d).is_some() && rng.one_in(1, 12) {
            let p = preview(&setup, c.state(), &d).expect("every roll has a preview");
            let sum: f64 = p.odds.iter().map(|(_, x)| x.as_f64()).sum();
            assert!((sum - 1.0).abs() < 1e-9, "{:?}", p.odds);
            assert_eq!(Some(p.dice), c.dice_for(&d));
            stats.previews += 1;
        }
        let before = c.state().clone();
        *stats.kinds.entry(kind(&d)).or_default() += 1;
        assert!(decide(&mut c, d.clone(), rng), "{d:?}, drawn from the grammar, was refused at step {step}");
        transition(&before, &d, c.state(), stats);
        invariants(&setup, &c);
        stats.steps += 1;
    }
    // The journal replays to the same night, and every line reads.
    let again = Game::replay(setup.clone(), c.journal().to_vec()).unwrap();
    assert_eq!(again.state(), c.state());
    // The night travels as a link through the grammar (code 7, `fd4.`) and comes back the same.
    let meta = Meta { id: "5c0f7a1e9b2d4c68".into(), name: "Night".into(), created: 1.0, updated: 2.0 };
    let doc = Document::new(meta, &AnyCampaign::CrossfireScouting(c.clone()));
    let text = link::encode(&doc);
    assert!(text.starts_with("fd4."), "not coded through the grammar: {}", &text[..text.len().min(40)]);
    assert_eq!(link::decode(&text).unwrap(), doc);
    secrets::check_shareable(&c);
    for line in c.history() {
        assert!(!line.text.trim().is_empty());
    }
    assert!(c.journal().iter().any(|a| matches!(a, Action::Decide(_))));
    // The summary agrees with the finds.
    let sum = summary(&setup, c.state());
    let reported = c.state().finds.iter().filter(|f| f.status == FindStatus::Reported).count();
    assert!(sum.known.len() <= reported);
    assert_eq!(sum.known.is_empty(), reported == 0);
    if c.state().phase == Phase::Over {
        assert!(sum.banked.is_empty() && sum.carried.is_empty());
    }
}

#[test]
fn random_nights_keep_their_invariants() {
    let mut rng = Rng::new(0x5C0_0715);
    let mut stats = Stats::default();
    for i in 0..500 {
        let setup = if i % 3 == 0 { sample_setup() } else { random_setup(&mut rng) };
        play(setup, &mut rng, &mut stats);
    }
    println!("{stats:#?}");
    for k in [
        "Move",
        "AttemptSpot",
        "Bank",
        "EndNight",
        "LetPass",
        "ReactiveSpot",
        "ReactiveSpotBy",
        "AttemptSpot by a unit's own sentries",
        "CloseCombat by a unit of its own quality",
        "CloseCombat",
        "RollAgain",
        "Fire",
        "Volley",
        "HoldFire",
        "AdmitNoSight",
        "Cat",
        "Retreat",
        "Reveal",
        "ClockRoll",
    ] {
        assert!(stats.kinds.get(k).copied().unwrap_or(0) > 0, "{k} was never played");
    }
    assert!(stats.deaths > 0 && stats.reported > 0 && stats.lost_banked > 0);
    assert!(stats.ends.iter().all(|&n| n > 0), "every way a night ends: {:?}", stats.ends);
    assert!(stats.undos > 0 && stats.refused > 0 && stats.previews > 0);
}
