//! Rapier Offensive's rules up to attacker movement: setup checks, the pre-game sequence with
//! its refusals, the random event, attacker movement, secrets in every view, and a seeded
//! random legal play checking the invariants at every step.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::{Action, Campaign, DecideError, DiceInput, HistoryKind, System};
use field_desk::systems::rapier_offensive::grid::{Frontage, Sector};
use field_desk::systems::rapier_offensive::rules::READINGS;
use field_desk::systems::rapier_offensive::sample::{sample_setup, ILLUSTRATIVE};
use field_desk::systems::rapier_offensive::seats::{self, CORPS_COMMANDER, STAFF_OFFICER, UMPIRE};
use field_desk::systems::rapier_offensive::state::{CounterPlace, Place, UnitRef};
use field_desk::systems::rapier_offensive::tables::{self, Event};
use field_desk::systems::rapier_offensive::units::{Piece, Unit, UnitKind};
use field_desk::systems::rapier_offensive::{
    setup_check, Decision, Deployment, Phase, RapierOffensive, RuleError, Setup, SetupProblem, State,
};
use rng::Rng;

type C = Campaign<RapierOffensive>;

fn s(axis: u8, line: u8) -> Sector {
    Sector::new(axis, line).unwrap()
}

fn ok(c: &mut C, d: Decision, dice: &[u16]) {
    c.decide(d.clone(), DiceInput::Typed(dice.to_vec())).unwrap_or_else(|e| panic!("{d:?}: {e}"));
}

fn refused(c: &mut C, d: Decision, dice: &[u16]) -> RuleError {
    match c.decide(d, DiceInput::Typed(dice.to_vec())) {
        Err(DecideError::Rules(e)) => e,
        other => panic!("expected a rule error, got {other:?}"),
    }
}

/// The sample's counters spread over L2-L5, at most four a sector, in piece order.
fn spread(setup: &Setup) -> Vec<(Piece, Sector)> {
    let sectors: Vec<Sector> = Sector::all().filter(|s| s.is_defender_deployment()).collect();
    setup.defender_pieces().into_iter().enumerate().map(|(i, p)| (p, sectors[i % sectors.len()])).collect()
}

fn unit(division: u8, unit: u16) -> UnitRef {
    UnitRef { division, unit }
}

fn frontages() -> [Option<Frontage>; 3] {
    [Frontage::new(1, 1), Frontage::new(2, 3), Frontage::new(4, 4)]
}

/// Orders: division 3's last two units held in R2.
fn orders() -> Decision {
    Decision::IssueOrders {
        break_through: None,
        corps_reserve: vec![unit(2, 13), unit(2, 14)],
        frontages: frontages(),
        intentions: "Tanks through the centre".into(),
    }
}

/// Every unit of a division still to place: the first `on` to L1 in turn across the
/// frontage, the rest to R1.
fn placements(setup: &Setup, state: &State, division: u8, on: usize) -> Vec<(u16, Deployment)> {
    let f = frontages()[division as usize].unwrap();
    let axes: Vec<u8> = f.axes().collect();
    let _ = setup;
    state
        .units
        .iter()
        .filter(|u| u.origin.division == division && u.place == Place::Undeployed)
        .enumerate()
        .map(|(k, u)| {
            let d = if k < on { Deployment::Line1 { axis: axes[k % axes.len()] } } else { Deployment::Reserve };
            (u.origin.unit, d)
        })
        .collect()
}

/// A campaign through the pre-game sequence up to the bombardment, recon dice typed.
fn to_bombardment() -> C {
    let setup = sample_setup();
    let mut c = C::new(setup.clone()).unwrap();
    ok(&mut c, Decision::DeployDefenders { counters: spread(&setup) }, &[]);
    ok(&mut c, Decision::RollRecon, &[5, 3]); // off the table
    ok(&mut c, Decision::RollRecon, &[2, 1]); // L1: empty
    ok(&mut c, Decision::RollRecon, &[1, 2]); // A1 L2: counters
    assert_eq!(c.state().phase, Phase::Examine);
    let here: Vec<u16> = c.state().counters_in(s(1, 2)).map(|x| x.id).collect();
    ok(&mut c, Decision::Examine { counters: here[..2].to_vec() }, &[]);
    assert_eq!(c.state().phase, Phase::InitialOrders);
    ok(&mut c, orders(), &[]);
    for d in 0..3 {
        let p = placements(&setup, c.state(), d, 6);
        ok(&mut c, Decision::DeployDivision { division: d, placements: p }, &[]);
    }
    assert_eq!(c.state().phase, Phase::FirePlan);
    ok(&mut c, Decision::PlotTrps { sectors: [s(1, 3), s(2, 3), s(3, 4), s(4, 2)] }, &[]);
    assert_eq!(c.state().phase, Phase::Bombardment);
    c
}

#[test]
fn the_sample_is_playable_and_says_it_is_illustrative() {
    let setup = sample_setup();
    assert_eq!(setup_check(&setup), vec![]);
    assert!(ILLUSTRATIVE.contains("illustrative"));
    for d in setup.attackers.iter().chain([&setup.defender]) {
        assert!((15..=17).contains(&d.units.len()), "{}", d.name);
    }
    // Dummies match the other defending counters combined, as the text suggests.
    assert_eq!(setup.defender.units.len() + 6 + 4, 25);
    assert!(!READINGS.is_empty());
}

#[test]
fn setup_problems_are_typed() {
    let mut setup = sample_setup();
    setup.attackers[0].units.truncate(14);
    setup.defender.units.push(Unit::new("Extra HQ", UnitKind::Hq));
    setup.attackers[1].units[1].assault = true; // tanks
    setup.attackers[2].units[9].assault = false; // the cavalry SMG squadron
    setup.break_through = Some(3);
    setup.extras.wire = 2;
    setup.players.umpire = " ".into();
    let problems = setup_check(&setup);
    for want in [
        SetupProblem::EmptyName { role: "umpire".into() },
        SetupProblem::DivisionSize { division: "47th Guards Rifle Division".into(), units: 14 },
        SetupProblem::HqCount { division: "Romanian 5th Infantry Division".into(), hqs: 2 },
        SetupProblem::AssaultNotInfantry { division: "26th Tank Corps".into(), unit: "1/19th Tank Bde".into() },
        SetupProblem::SmgNotAssault { division: "55th Cavalry Division".into(), unit: "Cav SMG Sqn".into() },
        SetupProblem::BreakThroughUnknown(3),
        SetupProblem::ObstaclesWithoutOption,
    ] {
        assert!(problems.contains(&want), "{want:?} in {problems:?}");
    }
    assert!(matches!(RapierOffensive::start(&setup), Err(RuleError::Setup(_))));
    let mut crowded = sample_setup();
    crowded.extras.dummies = 90;
    assert!(setup_check(&crowded).iter().any(|p| matches!(p, SetupProblem::TooManyCounters { room: 96, .. })));
}

#[test]
fn defender_deployment_refusals() {
    let setup = sample_setup();
    let mut c = C::new(setup.clone()).unwrap();
    let mut counters = spread(&setup);
    counters[0].1 = s(1, 1);
    assert_eq!(refused(&mut c, Decision::DeployDefenders { counters }, &[]), RuleError::OutsideDeploymentArea(s(1, 1)));
    let mut counters = spread(&setup);
    counters[0].1 = s(2, 6);
    assert_eq!(refused(&mut c, Decision::DeployDefenders { counters }, &[]), RuleError::OutsideDeploymentArea(s(2, 6)));
    // Seven in one sector, fortifications and dummies counted.
    let mut counters = spread(&setup);
    for c in counters.iter_mut().take(7) {
        c.1 = s(3, 3);
    }
    assert_eq!(refused(&mut c, Decision::DeployDefenders { counters }, &[]), RuleError::Overstacked(s(3, 3)));
    let mut counters = spread(&setup);
    counters.pop();
    assert_eq!(refused(&mut c, Decision::DeployDefenders { counters }, &[]), RuleError::WrongPieces);
    assert_eq!(refused(&mut c, Decision::RollRecon, &[1, 1]), RuleError::NotNow { phase: Phase::DeployDefenders });
}

#[test]
fn recon_counts_three_attempts_and_the_staff_officer_alone_sees() {
    let c = to_bombardment();
    let st = c.state();
    assert_eq!(st.recon.len(), 3);
    assert_eq!(st.recon[0].target, None);
    assert_eq!(st.recon[1].target, Some(s(2, 1)));
    let seen = st.recon[2].examined.clone();
    assert_eq!(seen.len(), 2);
    let staff = c.view(Some(STAFF_OFFICER));
    let corps = c.view(Some(CORPS_COMMANDER));
    for id in &seen {
        assert!(staff.counters[*id as usize].piece.is_some(), "the Staff Officer knows what he saw");
        assert!(corps.counters[*id as usize].piece.is_none(), "the Corps Commander was only told");
    }
    // Examining counters from elsewhere, or the wrong number, is refused.
    let setup = sample_setup();
    let mut c = C::new(setup.clone()).unwrap();
    ok(&mut c, Decision::DeployDefenders { counters: spread(&setup) }, &[]);
    ok(&mut c, Decision::RollRecon, &[1, 2]);
    let other = c.state().counters_in(s(2, 2)).next().unwrap().id;
    let mine = c.state().counters_in(s(1, 2)).next().unwrap().id;
    assert_eq!(
        refused(&mut c, Decision::Examine { counters: vec![mine, other] }, &[]),
        RuleError::CounterNotThere { counter: other, sector: s(1, 2) }
    );
    assert_eq!(
        refused(&mut c, Decision::Examine { counters: vec![mine] }, &[]),
        RuleError::ExamineCount { expected: 2, got: 1 }
    );
    assert_eq!(refused(&mut c, Decision::Examine { counters: vec![mine, mine] }, &[]), RuleError::CounterTwice(mine));
}

#[test]
fn orders_and_deployment_refusals() {
    let setup = sample_setup();
    let mut c = C::new(setup.clone()).unwrap();
    ok(&mut c, Decision::DeployDefenders { counters: spread(&setup) }, &[]);
    for _ in 0..3 {
        ok(&mut c, Decision::RollRecon, &[6, 6]);
    }
    let fixed = Decision::IssueOrders {
        break_through: Some(0),
        corps_reserve: vec![],
        frontages: frontages(),
        intentions: String::new(),
    };
    assert_eq!(refused(&mut c, fixed, &[]), RuleError::BreakThroughFixed);
    let missing = Decision::IssueOrders {
        break_through: None,
        corps_reserve: vec![],
        frontages: [None, Frontage::new(2, 3), Frontage::new(4, 4)],
        intentions: String::new(),
    };
    assert_eq!(refused(&mut c, missing, &[]), RuleError::FrontageMissing(0));
    let twice = Decision::IssueOrders {
        break_through: None,
        corps_reserve: vec![unit(0, 1), unit(0, 1)],
        frontages: frontages(),
        intentions: String::new(),
    };
    assert_eq!(refused(&mut c, twice, &[]), RuleError::UnitTwice(unit(0, 1)));
    // Overlapping frontages are accepted at orders, but two such divisions cannot both be on L1.
    let overlapping = Decision::IssueOrders {
        break_through: None,
        corps_reserve: vec![],
        frontages: [Frontage::new(1, 2), Frontage::new(2, 3), Frontage::new(4, 4)],
        intentions: String::new(),
    };
    ok(&mut c, overlapping, &[]);
    let p0 = placements(&setup, c.state(), 0, 2);
    ok(&mut c, Decision::DeployDivision { division: 0, placements: p0 }, &[]);
    let p1: Vec<(u16, Deployment)> = placements(&setup, c.state(), 1, 1)
        .into_iter()
        .map(|(u, d)| (u, if matches!(d, Deployment::Line1 { .. }) { Deployment::Line1 { axis: 3 } } else { d }))
        .collect();
    assert_eq!(
        refused(&mut c, Decision::DeployDivision { division: 1, placements: p1 }, &[]),
        RuleError::FrontagesOverlap(0, 1)
    );
    // Wholly in R1, the overlapping division may deploy.
    let all_reserve = placements(&setup, c.state(), 1, 0);
    ok(&mut c, Decision::DeployDivision { division: 1, placements: all_reserve }, &[]);
    // Outside the frontage, overstacked, and incomplete.
    let mut p2 = placements(&setup, c.state(), 2, 1);
    p2[0].1 = Deployment::Line1 { axis: 3 };
    assert_eq!(
        refused(&mut c, Decision::DeployDivision { division: 2, placements: p2 }, &[]),
        RuleError::OutsideFrontage { unit: unit(2, 0), axis: 3 }
    );
    let p2 = placements(&setup, c.state(), 2, 7);
    assert_eq!(
        refused(&mut c, Decision::DeployDivision { division: 2, placements: p2 }, &[]),
        RuleError::Overstacked(s(4, 1))
    );
    let mut p2 = placements(&setup, c.state(), 2, 6);
    p2.pop();
    assert_eq!(
        refused(&mut c, Decision::DeployDivision { division: 2, placements: p2 }, &[]),
        RuleError::DeploymentIncomplete(2)
    );
    assert_eq!(
        refused(&mut c, Decision::DeployDivision { division: 0, placements: vec![] }, &[]),
        RuleError::AlreadyDeployed(0)
    );
}

#[test]
fn bombardment_typed_dice_limits_and_secret_kills() {
    let mut c = to_bombardment();
    assert_eq!(
        refused(&mut c, Decision::PlotTrps { sectors: [s(1, 3); 4] }, &[]),
        RuleError::NotNow { phase: Phase::Bombardment }
    );
    let target = s(2, 3);
    let n = c.state().counter_count(target);
    assert!(n >= 2);
    let mut dice = vec![1; n];
    dice[0] = 6;
    ok(&mut c, Decision::FireMission { sector: target }, &dice);
    assert_eq!(c.state().counter_count(target), n - 1);
    let first = c.state().counters.iter().find(|x| x.place == CounterPlace::Gone).unwrap().id;
    assert!(c.view(Some(UMPIRE)).counters[first as usize].piece.is_some());
    for reader in [None, Some(CORPS_COMMANDER), Some(STAFF_OFFICER), Some(seats::division_commander(0))] {
        assert!(c.view(reader).counters[first as usize].piece.is_none(), "{reader:?} learns what died");
    }
    let line = c.history().last().unwrap().text.clone();
    assert!(line.contains("one counter destroyed"), "{line}");
    ok(&mut c, Decision::FireMission { sector: target }, &vec![1; n - 1]);
    assert_eq!(
        refused(&mut c, Decision::FireMission { sector: target }, &vec![1; n - 1]),
        RuleError::SectorFireLimit(target)
    );
    // 14 more, two per sector, then the battle begins.
    let others = [s(1, 2), s(3, 2), s(4, 2), s(1, 3), s(3, 3), s(4, 3), s(1, 4)];
    for t in others {
        for _ in 0..2 {
            let k = c.state().counter_count(t);
            ok(&mut c, Decision::FireMission { sector: t }, &vec![2; k]);
        }
    }
    assert_eq!(c.state().pre_battle_fm.len(), 16);
    assert_eq!((c.state().phase, c.state().turn), (Phase::RandomEvent, 1));
    // Among the players the TRPs are the Corps Commander's alone; the umpire, who resolves the
    // fire called on them, knows them too (reading), and may read the entry that plotted them.
    let plotted = [Some(s(1, 3)), Some(s(2, 3)), Some(s(3, 4)), Some(s(4, 2))];
    for reader in [Some(CORPS_COMMANDER), Some(UMPIRE)] {
        assert_eq!(c.view(reader).trps, plotted, "{reader:?}");
    }
    for reader in [None, Some(STAFF_OFFICER), Some(seats::division_commander(0))] {
        assert!(c.view(reader).trps.iter().all(|t| t.is_none()), "{reader:?} sees the TRPs");
    }
    assert!(READINGS.iter().any(|r| r.starts_with("TRPs: among the players")));
    let plot = c
        .journal()
        .iter()
        .position(|a| matches!(a, Action::Decide(e) if matches!(e.decision, Decision::PlotTrps { .. })));
    let readers = c.readers()[plot.unwrap()].clone().unwrap();
    assert!(readers.decision.admits(Some(UMPIRE)) && readers.decision.admits(Some(CORPS_COMMANDER)));
    assert!(!readers.decision.admits(Some(STAFF_OFFICER)) && !readers.decision.admits(None));
    // The preview gives exact odds: one counter, 1 in 6.
    let p = c.preview(&Decision::FireMission { sector: s(1, 5) }).unwrap();
    assert_eq!(p.dice.count as usize, c.state().counter_count(s(1, 5)));
}

#[test]
fn fire_mission_preview_is_exact() {
    let c = to_bombardment();
    let t = s(1, 2);
    let n = c.state().counter_count(t) as u64;
    let p = c.preview(&Decision::FireMission { sector: t }).unwrap();
    let none = p.odds.iter().find(|(l, _)| l == "No counter destroyed").unwrap().1;
    assert_eq!((none.num * 6u64.pow(n as u32)) / none.den, 5u64.pow(n as u32));
    let total: f64 = p.odds.iter().map(|(_, ch)| ch.as_f64()).sum();
    assert!((total - 1.0).abs() < 1e-9);
}

fn into_battle() -> C {
    let mut c = to_bombardment();
    ok(&mut c, Decision::EndBombardment, &[]);
    c
}

#[test]
fn random_event_and_fog_toggle() {
    let mut c = into_battle();
    let p = c.preview(&Decision::RollEvent).unwrap();
    assert_eq!(p.odds[0].0, "No effect");
    assert_eq!(p.odds[0].1.as_f64(), 2.0 / 6.0);
    ok(&mut c, Decision::RollEvent, &[3]);
    assert!(c.state().fog);
    assert_eq!(c.state().event, Some(Event::ThickFog));
    assert_eq!(c.state().phase, Phase::AttackerMovement);
}

#[test]
fn attacker_movement_rules_and_refusals() {
    let mut c = into_battle();
    ok(&mut c, Decision::RollEvent, &[1]);
    let st = c.state().clone();
    // Division 1 (the rifles) holds A1; its first on-table unit.
    let on_a1: Vec<UnitRef> = st.units.iter().filter(|u| u.place == Place::On(s(1, 1))).map(|u| u.origin).collect();
    let rifles =
        on_a1.iter().copied().find(|r| !sample_setup().attackers[0].units[r.unit as usize].division_asset).unwrap();
    // Sideways is for division assets only; diagonal never; one step for foot infantry.
    assert!(matches!(
        refused(&mut c, Decision::Move { unit: rifles, path: vec![s(2, 1)], exit: false }, &[]),
        RuleError::OffAxis { .. }
    ));
    assert_eq!(
        refused(&mut c, Decision::Move { unit: rifles, path: vec![s(2, 2)], exit: false }, &[]),
        RuleError::NotNextTo(s(1, 1), s(2, 2))
    );
    assert_eq!(
        refused(&mut c, Decision::Move { unit: rifles, path: vec![Sector { axis: 1, line: 0 }], exit: false }, &[]),
        RuleError::OffTheBack
    );
    assert_eq!(
        refused(&mut c, Decision::Move { unit: rifles, path: vec![], exit: true }, &[]),
        RuleError::ExitNotFromL6
    );
    // Into A1 L2 (counters there): contact, the counters turn over, dummies lifted.
    ok(&mut c, Decision::Move { unit: rifles, path: vec![s(1, 2)], exit: false }, &[]);
    assert!(c.state().counters_in(s(1, 2)).all(|x| x.revealed && x.piece != Some(Piece::Dummy)));
    assert_eq!(
        // In contact now, so a move would be a withdrawal with the free shot's die.
        refused(&mut c, Decision::Move { unit: rifles, path: vec![s(1, 3)], exit: false }, &[1]),
        RuleError::AlreadyMoved(rifles)
    );
    // Tanks (division 2, A2-A3) may not pass through an enemy sector, and may go 2 into contact.
    let tanks = unit(1, 1);
    let at = match c.state().units[c.state().index_of(tanks).unwrap()].place {
        Place::On(x) => x,
        p => panic!("{p:?}"),
    };
    assert_eq!(at.line, 1);
    assert_eq!(
        refused(&mut c, Decision::Move { unit: tanks, path: vec![s(at.axis, 2), s(at.axis, 3)], exit: false }, &[]),
        RuleError::PassesThroughEnemy(s(at.axis, 2))
    );
    ok(&mut c, Decision::Move { unit: tanks, path: vec![s(at.axis, 2)], exit: false }, &[]);
    // R1 to L1 within the frontage only.
    let reserve =
        c.state().units.iter().find(|u| u.place == Place::DivisionReserve && u.origin.division == 0).unwrap().origin;
    assert_eq!(
        refused(&mut c, Decision::Enter { unit: reserve, sector: s(2, 1) }, &[]),
        RuleError::OutsideFrontage { unit: reserve, axis: 2 }
    );
    assert_eq!(
        refused(&mut c, Decision::Enter { unit: reserve, sector: s(1, 2) }, &[]),
        RuleError::NotOnLine1(s(1, 2))
    );
    ok(&mut c, Decision::Enter { unit: reserve, sector: s(1, 1) }, &[]);
    // R2 to R1: the Corps Commander names the division.
    ok(&mut c, Decision::Release { unit: unit(2, 13), division: 1, frontage: None }, &[]);
    let r = c.state().units[c.state().index_of(unit(2, 13)).unwrap()];
    assert_eq!((r.division, r.place), (Some(1), Place::DivisionReserve));
    // The umpire sees reserves only as off the table, and no orders.
    let uv = c.view(Some(UMPIRE));
    assert!(uv.orders.is_none());
    assert!(uv.units.iter().all(|u| !matches!(u.place, Place::DivisionReserve | Place::CorpsReserve)));
    ok(&mut c, Decision::EndMovement, &[]);
    assert_eq!(c.state().phase, Phase::DefenderMovement);
}

#[test]
fn stacking_during_movement() {
    let mut c = into_battle();
    ok(&mut c, Decision::RollEvent, &[1]);
    // Division 2 holds A2-A3 with three units each on L1 and the rest in R1: bring three more
    // into A2 L1 (six), then a seventh is refused.
    let reserve: Vec<UnitRef> = c
        .state()
        .units
        .iter()
        .filter(|u| u.place == Place::DivisionReserve && u.origin.division == 1)
        .map(|u| u.origin)
        .collect();
    for r in &reserve[..3] {
        ok(&mut c, Decision::Enter { unit: *r, sector: s(2, 1) }, &[]);
    }
    assert_eq!(c.state().attackers_in(s(2, 1)), 6);
    assert_eq!(
        refused(&mut c, Decision::Enter { unit: reserve[3], sector: s(2, 1) }, &[]),
        RuleError::Overstacked(s(2, 1))
    );
}

/// Every seat's view (and the table's) holds no identity it may not know.
fn check_views(c: &C) {
    let full = c.state();
    for reader in c.seats().into_iter().map(Some).chain([None]) {
        let v = c.view(reader);
        let examined: Vec<u16> = if reader == Some(STAFF_OFFICER) {
            full.recon.iter().flat_map(|r| r.examined.clone()).collect()
        } else {
            vec![]
        };
        for (k, x) in v.counters.iter().enumerate() {
            assert_eq!(x.place, full.counters[k].place, "counters stay where they are in every view");
            if reader != Some(UMPIRE) && x.piece.is_some() {
                assert!(x.revealed || examined.contains(&x.id), "{reader:?} sees counter {} unrevealed", x.id);
            }
        }
        if reader != Some(CORPS_COMMANDER) && reader != Some(UMPIRE) {
            assert!(v.trps.iter().all(|t| t.is_none()));
        } else {
            assert_eq!(v.trps, full.trps, "{reader:?} keeps the TRPs");
        }
    }
    // The log never names a hidden defender for anyone.
    let setup = c.setup();
    for reader in c.seats().into_iter().filter(|&r| r != UMPIRE).map(Some).chain([None]) {
        for line in c.history_for(reader) {
            if line.kind != HistoryKind::Decision {
                continue;
            }
            for (k, x) in full.counters.iter().enumerate() {
                if let Some(Piece::Unit(i)) = x.piece {
                    if !full.counters[k].revealed {
                        let name = &setup.defender.units[i as usize].name;
                        if setup.attackers.iter().any(|d| d.units.iter().any(|u| &u.name == name)) {
                            continue; // the same name on the attacking side says nothing
                        }
                        assert!(!line.text.contains(name.as_str()), "{reader:?} reads {name}");
                    }
                }
            }
        }
    }
}

fn check_invariants(c: &C) {
    let st = c.state();
    assert!(st.stacking_ok(), "stacking broken");
    assert!(st.pre_battle_fm.len() <= tables::PRE_BATTLE_FM as usize);
    for t in Sector::all() {
        assert!(st.pre_battle_fm.iter().filter(|&&x| x == t).count() <= 2);
    }
    check_views(c);
}

fn random_game(seed: u64) {
    let mut r = Rng::new(seed);
    let setup = sample_setup();
    let mut c = C::new(setup.clone()).unwrap();
    // A random legal deployment: each counter to a random sector with room.
    let mut counters = Vec::new();
    let mut count = std::collections::HashMap::new();
    let sectors: Vec<Sector> = Sector::all().filter(|s| s.is_defender_deployment()).collect();
    let mut pieces = setup.defender_pieces();
    r.shuffle(&mut pieces);
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
    ok(&mut c, Decision::DeployDefenders { counters }, &[]);
    check_invariants(&c);
    while c.state().phase != Phase::InitialOrders {
        if c.state().phase == Phase::Examine {
            let t = c.state().recon.last().unwrap().target.unwrap();
            let ids: Vec<u16> = c.state().counters_in(t).map(|x| x.id).take(2).collect();
            ok(&mut c, Decision::Examine { counters: ids }, &[]);
        } else {
            c.decide(Decision::RollRecon, DiceInput::App(&mut r)).unwrap();
        }
        check_invariants(&c);
    }
    ok(&mut c, orders(), &[]);
    for d in 0..3 {
        let on = r.range(0, 6);
        let p = placements(&setup, c.state(), d, on);
        ok(&mut c, Decision::DeployDivision { division: d, placements: p }, &[]);
        check_invariants(&c);
    }
    let mut trps: Vec<Sector> = Sector::all().collect();
    r.shuffle(&mut trps);
    ok(&mut c, Decision::PlotTrps { sectors: [trps[0], trps[1], trps[2], trps[3]] }, &[]);
    let all: Vec<Sector> = Sector::all().collect();
    while c.state().phase == Phase::Bombardment {
        if r.one_in(1, 40) {
            ok(&mut c, Decision::EndBombardment, &[]);
            break;
        }
        let d = Decision::FireMission { sector: r.pick(&all) };
        match c.decide(d, DiceInput::App(&mut r)) {
            Ok(()) => {}
            Err(DecideError::Rules(RuleError::SectorFireLimit(_))) => {}
            Err(e) => panic!("{e}"),
        }
        check_invariants(&c);
    }
    c.decide(Decision::RollEvent, DiceInput::App(&mut r)).unwrap();
    // Random moves: many tries, the legal ones taken.
    let mut taken = 0;
    for _ in 0..300 {
        let st = c.state().clone();
        let u = st.units[r.below(st.units.len())];
        let d = match u.place {
            Place::On(at) => {
                let mut path = vec![];
                let mut here = at;
                for _ in 0..r.range(1, 3) {
                    let next = here.neighbours();
                    here = r.pick(&next);
                    path.push(here);
                }
                Decision::Move { unit: u.origin, path, exit: false }
            }
            Place::DivisionReserve => Decision::Enter { unit: u.origin, sector: s(r.range(1, 4) as u8, 1) },
            Place::CorpsReserve => Decision::Release { unit: u.origin, division: r.range(0, 2) as u8, frontage: None },
            _ => continue,
        };
        if c.decide(d, DiceInput::App(&mut r)).is_ok() {
            taken += 1;
            check_invariants(&c);
        }
    }
    assert!(taken > 0, "seed {seed}: some move was legal");
    ok(&mut c, Decision::EndMovement, &[]);
    check_invariants(&c);
    // The journal replays to the same position.
    let again = C::replay(setup, c.journal().to_vec()).unwrap();
    assert_eq!(again.state(), c.state());
}

#[test]
fn random_legal_play_keeps_the_invariants() {
    for seed in 0..12 {
        random_game(seed);
    }
}

#[test]
fn recon_examines_two_counters_or_every_one_where_fewer_lie_there() {
    // README: "If the target area is occupied then the Staff Officer can examine two enemy
    // counters from the sector". The rules, the link grammar and the screen ask `to_examine`.
    let setup = sample_setup();
    let mut c = C::new(setup.clone()).unwrap();
    ok(&mut c, Decision::DeployDefenders { counters: spread(&setup) }, &[]);
    ok(&mut c, Decision::RollRecon, &[1, 2]);
    let here: Vec<u16> = c.state().counters_in(s(1, 2)).map(|x| x.id).collect();
    assert!(here.len() >= 2, "{here:?}");
    assert_eq!(c.state().to_examine(), (here.clone(), tables::RECON_EXAMINE));
    assert_eq!(tables::RECON_EXAMINE, 2);
    let mut one = c.state().clone();
    for &id in &here[1..] {
        one.counters[id as usize].place = CounterPlace::Gone;
    }
    assert_eq!(one.to_examine(), (vec![here[0]], 1), "a lone counter: that one");
    let mut none = c.state().clone();
    none.recon.clear();
    assert_eq!(none.to_examine(), (Vec::new(), 0), "no recon roll yet: nothing to examine");
}
