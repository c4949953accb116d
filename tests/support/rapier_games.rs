//! Random six-turn games of Rapier Offensive for `tests/rapier_random.rs` and
//! `tests/share_link_rapier.rs`, with the invariants checked after every decision: drawn from
//! the grammar (`play_grammar`, the random suite's games, every decision one the rules must
//! accept), or from the hand-written generator the suite played before (`play`, seeded; one in
//! three with every optional rule on), kept because the committed `fd4.` and `fd1.` fixtures
//! pin its game of seed 6. Pulled in with `#[path = "support/rapier_games.rs"] mod
//! rapier_games;` beside `mod rng;` and `mod grammar_walk;`.
#![allow(dead_code)]

use super::rng::Rng;
use field_desk::engine::{Campaign, DecideError, DiceInput, HistoryKind};
use field_desk::systems::rapier_offensive::combat::choices;
use field_desk::systems::rapier_offensive::grid::{Frontage, Sector};
use field_desk::systems::rapier_offensive::optional::Terrain;
use field_desk::systems::rapier_offensive::sample::sample_setup;
use field_desk::systems::rapier_offensive::seats::{CORPS_COMMANDER, STAFF_OFFICER, UMPIRE};
use field_desk::systems::rapier_offensive::state::{Place, State, Target};
use field_desk::systems::rapier_offensive::tables;
use field_desk::systems::rapier_offensive::terrain::SectorGround;
use field_desk::systems::rapier_offensive::turn_end::{headless, HqChoice};
use field_desk::systems::rapier_offensive::units::Piece;
use field_desk::systems::rapier_offensive::{Decision, Deployment, Phase, RapierOffensive, RuleError, Setup};

pub type C = Campaign<RapierOffensive>;

pub fn try_decide(c: &mut C, d: Decision, r: &mut Rng) -> bool {
    let before = c.state().clone();
    match c.decide(d.clone(), DiceInput::App(&mut *r)) {
        Ok(()) => {
            check_path(&before, &d);
            check(c);
            true
        }
        Err(DecideError::Rules(_)) => false,
        Err(e) => panic!("{d:?}: {e}"),
    }
}

pub fn must(c: &mut C, d: Decision, r: &mut Rng) {
    let before = c.state().clone();
    c.decide(d.clone(), DiceInput::App(&mut *r)).unwrap_or_else(|e| panic!("{d:?}: {e}"));
    check_path(&before, &d);
    check(c);
}

/// Stacking during movement: a move taken held at most six friendly units in every sector it
/// entered or passed through, the mover included, as the position stood when it moved.
pub fn check_path(before: &State, d: &Decision) {
    let (path, friends): (&[Sector], Box<dyn Fn(Sector) -> usize>) = match d {
        Decision::Move { unit, path, .. } => {
            let i = before.index_of(*unit).unwrap();
            let others =
                move |x| before.units.iter().enumerate().filter(|(k, u)| *k != i && u.place == Place::On(x)).count();
            (path, Box::new(others))
        }
        Decision::Enter { sector, .. } => (std::slice::from_ref(sector), Box::new(|x| before.attackers_in(x))),
        Decision::DefenderMove { counter, path } => {
            let id = *counter;
            (path, Box::new(move |x| before.counters_in(x).filter(|c| c.id != id).count()))
        }
        _ => return,
    };
    for &x in path {
        assert!(friends(x) < tables::STACKING, "{d:?} passed {x} with six friends there");
    }
}

/// The invariants of every position.
pub fn check(c: &C) {
    let st = c.state();
    assert!(st.stacking_ok(), "stacking broken");
    // Frontages overlap only while a division is wholly off the table.
    let on_table: Vec<Option<Frontage>> = (0..3u8)
        .map(|d| {
            st.frontage(d).filter(|_| st.units.iter().any(|u| u.division == Some(d) && matches!(u.place, Place::On(_))))
        })
        .collect();
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        if let (Some(x), Some(y)) = (on_table[a], on_table[b]) {
            assert!(!x.overlaps(y), "divisions {a} and {b} on the table with overlapping frontages {x} and {y}");
        }
    }
    assert!(st.on_call.len() <= tables::ON_CALL_FM as usize);
    for t in 1..=6 {
        assert!(st.on_call.iter().filter(|f| f.0 == t).count() <= tables::ON_CALL_FM_PER_TURN as usize);
        for x in Sector::all() {
            let n = st.on_call.iter().filter(|f| **f == (t, x)).count();
            assert!(n <= tables::ON_CALL_FM_PER_TRP_PER_TURN as usize);
        }
    }
    assert!(st.pre_battle_fm.len() <= tables::PRE_BATTLE_FM as usize);
    for x in Sector::all() {
        let n = st.pre_battle_fm.iter().filter(|&&f| f == x).count();
        assert!(n <= tables::PRE_BATTLE_FM_PER_SECTOR as usize, "{n} pre-battle fire missions on {x}");
    }
    let examined: Vec<u16> = st.recon.iter().flat_map(|r| r.examined.clone()).collect();
    for reader in c.seats().into_iter().filter(|&x| x != UMPIRE).map(Some).chain([None]) {
        let v = c.view(reader);
        for x in &v.counters {
            if x.piece.is_some() {
                assert!(
                    x.revealed || (reader == Some(STAFF_OFFICER) && examined.contains(&x.id)),
                    "{reader:?} sees {}",
                    x.id
                );
            }
        }
        if reader != Some(CORPS_COMMANDER) {
            assert!(v.trps.iter().all(|t| t.is_none()));
        }
    }
    // The umpire, who resolves the on-call fire, keeps the TRPs in his view (reading).
    assert_eq!(c.view(Some(UMPIRE)).trps, st.trps);
}

/// No log line read outside the umpire's seat names a defending unit never turned face up.
pub fn check_history(c: &C) {
    let setup = c.setup();
    let st = c.state();
    let hidden: Vec<&str> = st
        .counters
        .iter()
        .filter(|x| !x.revealed)
        .filter_map(|x| match x.piece {
            Some(Piece::Unit(i)) => Some(setup.defender.units[i as usize].name.as_str()),
            _ => None,
        })
        .filter(|n| !setup.attackers.iter().any(|d| d.units.iter().any(|u| u.name == *n)))
        .collect();
    let mut shown: Vec<&str> = st
        .counters
        .iter()
        .filter(|x| x.revealed)
        .filter_map(|x| match x.piece {
            Some(Piece::Unit(i)) => Some(setup.defender.units[i as usize].name.as_str()),
            _ => None,
        })
        .chain(setup.attackers.iter().flat_map(|d| d.units.iter().map(|u| u.name.as_str())))
        .collect();
    shown.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for reader in c.seats().into_iter().filter(|&x| x != UMPIRE).map(Some).chain([None]) {
        for line in c.history_for(reader).iter().filter(|l| l.kind == HistoryKind::Decision) {
            // Names that may be read are taken out first ("II/28th Arty" holds "I/28th Arty").
            let text = shown.iter().fold(line.text.clone(), |t, n| t.replace(n, "#"));
            for n in &hidden {
                assert!(!text.contains(n), "{reader:?} reads {n}: {}", line.text);
            }
        }
    }
}

pub fn pre_game(r: &mut Rng, setup: &Setup) -> C {
    let mut c = C::new(setup.clone()).unwrap();
    let sectors: Vec<Sector> = Sector::all().filter(|s| s.is_defender_deployment()).collect();
    let mut pieces = setup.defender_pieces();
    r.shuffle(&mut pieces);
    let mut count = std::collections::HashMap::new();
    let mut counters = Vec::new();
    for p in pieces {
        loop {
            let t = r.pick(&sectors);
            let n = count.entry(t).or_insert(0);
            if *n < 6 {
                *n += 1;
                counters.push((p, t));
                break;
            }
        }
    }
    must(&mut c, Decision::DeployDefenders { counters }, r);
    while c.state().phase != Phase::InitialOrders {
        if c.state().phase == Phase::Examine {
            let t = c.state().recon.last().unwrap().target.unwrap();
            let ids: Vec<u16> = c.state().counters_in(t).map(|x| x.id).take(2).collect();
            must(&mut c, Decision::Examine { counters: ids }, r);
        } else {
            must(&mut c, Decision::RollRecon, r);
        }
    }
    // One game in four holds the cavalry in R1 with a frontage across the tanks' (lawful while
    // it is wholly off the table); its units then try to come on like any other.
    let across = r.one_in(1, 4);
    let frontages =
        [Frontage::new(1, 1), Frontage::new(2, 3), if across { Frontage::new(3, 4) } else { Frontage::new(4, 4) }];
    let corps_reserve = if r.one_in(1, 2) {
        vec![]
    } else {
        vec![field_desk::systems::rapier_offensive::state::UnitRef { division: 2, unit: 14 }]
    };
    let orders = Decision::IssueOrders { break_through: None, corps_reserve, frontages, intentions: String::new() };
    must(&mut c, orders, r);
    for d in 0..3u8 {
        let axes: Vec<u8> = frontages[d as usize].unwrap().axes().collect();
        let on = if across && d == 2 { 0 } else { r.range(2, 6 * axes.len()) };
        let placements: Vec<(u16, Deployment)> = c
            .state()
            .units
            .iter()
            .filter(|u| u.origin.division == d && u.place == Place::Undeployed)
            .enumerate()
            .map(|(k, u)| {
                let to = if k < on { Deployment::Line1 { axis: axes[k % axes.len()] } } else { Deployment::Reserve };
                (u.origin.unit, to)
            })
            .collect();
        must(&mut c, Decision::DeployDivision { division: d, placements }, r);
    }
    let mut trps: Vec<Sector> = Sector::all().filter(|s| s.line >= 2).collect();
    r.shuffle(&mut trps);
    must(&mut c, Decision::PlotTrps { sectors: [trps[0], trps[1], trps[2], trps[3]] }, r);
    let all: Vec<Sector> = Sector::all().filter(|s| s.line >= 2).collect();
    while c.state().phase == Phase::Bombardment {
        if r.one_in(1, 30) {
            must(&mut c, Decision::EndBombardment, r);
        } else {
            try_decide(&mut c, Decision::FireMission { sector: r.pick(&all) }, r);
        }
    }
    c
}

pub fn attacker_movement(c: &mut C, r: &mut Rng) {
    // The break-through division pushes straight on, leaving the table where it can.
    let bt = c.state().orders.as_ref().unwrap().break_through;
    for k in 0..c.state().units.len() {
        let u = c.state().units[k];
        let Place::On(at) = u.place else { continue };
        if u.division != Some(bt) || u.moved {
            continue;
        }
        let path: Vec<Sector> =
            (at.line + 1..=(at.line + 3).min(6)).map(|l| Sector::new(at.axis, l).unwrap()).collect();
        for n in (0..=path.len()).rev() {
            let exit = n == path.len() && at.line + n as u8 == 6;
            if (n > 0 || exit) && try_decide(c, Decision::Move { unit: u.origin, path: path[..n].to_vec(), exit }, r) {
                break;
            }
        }
    }
    for _ in 0..25 {
        let st = c.state().clone();
        let k = r.below(st.units.len());
        let u = st.units[k];
        let d = match u.place {
            Place::On(at) if at.line == 6 && r.one_in(3, 4) => {
                Decision::Move { unit: u.origin, path: vec![], exit: true }
            }
            Place::On(at) => {
                let mut path = vec![];
                let mut here = at;
                let forward = r.one_in(3, 4);
                for _ in 0..r.range(1, 3) {
                    let next =
                        if forward { Sector::new(here.axis, here.line + 1) } else { Some(r.pick(&here.neighbours())) };
                    let Some(next) = next else { break };
                    here = next;
                    path.push(here);
                }
                let exit = here.line == 6 && r.one_in(1, 2);
                Decision::Move { unit: u.origin, path, exit }
            }
            Place::DivisionReserve => {
                Decision::Enter { unit: u.origin, sector: Sector::new(r.range(1, 4) as u8, 1).unwrap() }
            }
            Place::CorpsReserve => Decision::Release { unit: u.origin, division: r.range(0, 2) as u8, frontage: None },
            _ => continue,
        };
        try_decide(c, d, r);
    }
    must(c, Decision::EndMovement, r);
}

pub fn defender_movement(c: &mut C, r: &mut Rng) {
    if r.one_in(7, 8) {
        must(c, Decision::RollDefenderMovers, r);
        for _ in 0..10 {
            let st = c.state();
            let live: Vec<u16> = st.counters.iter().filter(|x| x.sector().is_some()).map(|x| x.id).collect();
            let id = r.pick(&live);
            let at = st.counters[id as usize].sector().unwrap();
            let mut path = vec![r.pick(&at.neighbours())];
            if r.one_in(1, 3) {
                path.push(r.pick(&path[0].neighbours()));
            }
            try_decide(c, Decision::DefenderMove { counter: id, path }, r);
        }
    }
    must(c, Decision::EndDefenderMovement, r);
}

pub fn fire(c: &mut C, r: &mut Rng) {
    let trps: Vec<Sector> = c.state().trps.iter().flatten().copied().collect();
    for _ in 0..r.range(0, 6) {
        try_decide(c, Decision::CallFire { sector: r.pick(&trps) }, r);
    }
    must(c, Decision::EndOnCall, r);
    for side in [Phase::DefenderSupport, Phase::AttackerSupport] {
        assert_eq!(c.state().phase, side);
        for _ in 0..8 {
            let st = c.state();
            let counters: Vec<Target> =
                st.counters.iter().filter(|x| x.sector().is_some()).map(|x| Target::Counter(x.id)).collect();
            let units: Vec<Target> =
                st.units.iter().filter(|u| matches!(u.place, Place::On(_))).map(|u| Target::Unit(u.origin)).collect();
            if counters.is_empty() || units.is_empty() {
                break;
            }
            let (mine, theirs) = if side == Phase::DefenderSupport { (&counters, &units) } else { (&units, &counters) };
            let target = r.pick(theirs);
            let d = if r.one_in(1, 10) {
                Decision::AirStrike { target }
            } else {
                Decision::SupportFire { battery: r.pick(mine), target, extra_ammo: r.one_in(1, 5) }
            };
            try_decide(c, d, r);
        }
        must(c, Decision::EndSupport, r);
    }
}

pub fn ground_combat(c: &mut C, r: &mut Rng) {
    let mut steps = 0;
    while c.state().phase == Phase::GroundCombat {
        steps += 1;
        assert!(steps < 1000, "ground combat ends");
        let pending = c.state().combat.as_ref().and_then(|x| x.pending.first().cloned());
        match pending {
            Some(l) => {
                let options = choices(&l.hits, &l.marks);
                let mask = r.pick(&options);
                let losses = (0..l.marks.len()).filter(|k| mask & (1 << k) != 0).map(|k| l.marks[k].target).collect();
                if r.one_in(1, 10) {
                    assert!(!try_decide(c, Decision::AllocateLosses { losses: vec![] }, r) || options.contains(&0));
                }
                must(c, Decision::AllocateLosses { losses }, r);
            }
            None => must(c, Decision::CombatRoll, r),
        }
    }
}

pub fn end_of_turn(c: &mut C, r: &mut Rng) {
    must(c, Decision::ClearMinefields, r);
    let setup = c.setup().clone();
    for d in headless(&setup, c.state()) {
        let st = c.state();
        assert_eq!(c.check(&Decision::EndTurn, &[]).map(|_| ()), Err(DecideError::Rules(RuleError::HqChoiceDue(d))));
        let hand: Vec<_> = st
            .units
            .iter()
            .filter(|u| u.division == Some(d) && !matches!(u.place, Place::Killed | Place::Exited))
            .map(|u| u.origin)
            .collect();
        let choice = if r.one_in(1, 3) { HqChoice::StaffOfficer } else { HqChoice::ChainOfCommand };
        must(c, Decision::ReplaceHq { division: d, choice, unit: r.pick(&hand) }, r);
    }
    must(c, Decision::EndTurn, r);
}

/// The sample with every optional rule on: terrain for halting and bogging, moving targets,
/// wire and anti-tank obstacles, and advanced victory conditions.
pub fn with_options() -> Setup {
    let mut setup = sample_setup();
    let o = &mut setup.options;
    (o.halting, o.bogging, o.moving_targets, o.fortification_variations, o.advanced_victory) =
        (true, true, true, true, true);
    setup.extras.wire = 2;
    setup.extras.at_obstacles = 2;
    setup.advanced.objectives = vec![Sector::new(2, 5).unwrap()];
    setup.advanced.wide_front = 2;
    let g = |axis, line, ground, road, impassable| SectorGround {
        sector: Sector::new(axis, line).unwrap(),
        ground,
        road,
        impassable,
    };
    setup.terrain = vec![
        g(2, 3, Terrain::Woods, false, false),
        g(3, 3, Terrain::Woods, true, false),
        g(1, 4, Terrain::Swamp, false, false),
        g(4, 4, Terrain::CanalOrRiver, false, true),
        g(2, 5, Terrain::Urban, true, false),
        g(3, 2, Terrain::BridgeOrFord, false, false),
    ];
    setup
}

/// The game of `seed`, played to its end: its setup (the sample, or `with_options` one seed in
/// three) and the campaign.
pub fn play(seed: u64) -> (Setup, C) {
    play_in(seed, if seed % 3 == 1 { with_options() } else { sample_setup() })
}

/// `play` on the given setup.
pub fn play_in(seed: u64, setup: Setup) -> (Setup, C) {
    let mut r = Rng::new(seed);
    let mut c = pre_game(&mut r, &setup);
    for turn in 1..=6 {
        assert_eq!((c.state().phase, c.state().turn), (Phase::RandomEvent, turn));
        must(&mut c, Decision::RollEvent, &mut r);
        attacker_movement(&mut c, &mut r);
        defender_movement(&mut c, &mut r);
        fire(&mut c, &mut r);
        ground_combat(&mut c, &mut r);
        end_of_turn(&mut c, &mut r);
    }
    (setup, c)
}

/// How the suite steers the grammar's flags (contexts of `systems/rapier_offensive/grammar.rs`,
/// chances in hundredths that a flag is yes): the variant chains' "not this one" (context 32 +
/// 4 per step + the variant's place) rarely leave a bombardment, a movement or the defender's
/// moves early; paths mostly go on (5 to 8: "ends here"), straight ahead (9) and off the far edge
/// when they may (10).
const FLAGS: &[(u16, usize)] = &[
    (32 + 4 * 6, 8),
    (32 + 4 * 8, 3),
    (32 + 4 * 8 + 1, 80),
    (32 + 4 * 9, 10),
    (32 + 4 * 9 + 1, 12),
    (5, 10),
    (6, 10),
    (7, 10),
    (8, 10),
    (9, 90),
    (10, 80),
];

/// The game of `seed` drawn from the grammar (`support/grammar_walk.rs`): every decision comes
/// out of Rapier Offensive's grammar and must be accepted by the rules, with the invariants
/// checked after each; to the end or `max` decisions.
pub fn play_grammar(seed: u64, max: usize, tally: &mut super::grammar_walk::Tally) -> (Setup, C) {
    play_grammar_probed(seed, max, tally, |_| {})
}

/// `play_grammar`, with `probe` given the game before each decision (to offer it decisions it
/// must refuse: a refused decision leaves the game, and so the play, as it was).
pub fn play_grammar_probed(
    seed: u64,
    max: usize,
    tally: &mut super::grammar_walk::Tally,
    mut probe: impl FnMut(&mut C),
) -> (Setup, C) {
    let mut r = Rng::new(seed);
    let setup = if seed % 3 == 1 { with_options() } else { sample_setup() };
    let mut c = C::new(setup.clone()).unwrap();
    while c.state().phase != Phase::GameOver && c.steps() < max {
        probe(&mut c);
        let before = c.state().clone();
        let d = super::grammar_walk::legal_step(&mut c, &mut r, FLAGS, 2_000, tally);
        check_path(&before, &d);
        check(&c);
    }
    (setup, c)
}
