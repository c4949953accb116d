//! Rapier Offensive's readings since `READINGS_FIXED_ENEMY`, each against a game stored
//! before it: an attacking battery sharing its sector with a lone minefield neither fires nor
//! is offered by the grammar; a sector the bogging table lets a unit enter for sure takes no
//! die; armour crushing wire says so.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{Chooser, Grammar};
use field_desk::systems::rapier_offensive::combat::Side;
use field_desk::systems::rapier_offensive::fire::{battery_in_contact, ready_batteries};
use field_desk::systems::rapier_offensive::grid::{Frontage, Sector};
use field_desk::systems::rapier_offensive::sample::sample_setup;
use field_desk::systems::rapier_offensive::setup::{READINGS_FIXED_ENEMY, READINGS_RESERVE_OVERLAP};
use field_desk::systems::rapier_offensive::state::{CounterPlace, Target};
use field_desk::systems::rapier_offensive::units::Piece;
use field_desk::systems::rapier_offensive::{Decision, Deployment, Phase, RapierOffensive, RuleError, Setup};

#[path = "support/rapier.rs"]
mod rapier;
use rapier::*;

/// A chooser that only writes: it hands back each value given, and refuses a choice the
/// grammar cannot express.
struct Writer;

impl Chooser for Writer {
    type Error = ();
    fn pick(&mut self, n: u32, given: Option<u32>) -> Result<u32, ()> {
        given.filter(|&g| g < n).ok_or(())
    }
    fn flag(&mut self, _ctx: u16, given: Option<bool>) -> Result<bool, ()> {
        given.ok_or(())
    }
    fn number(&mut self, _ctx: u16, given: Option<u64>) -> Result<u64, ()> {
        given.ok_or(())
    }
    fn text(&mut self, given: Option<&str>) -> Result<String, ()> {
        given.map(str::to_string).ok_or(())
    }
    fn count(&mut self, _ctx: u16, given: Option<usize>, cap: usize) -> Result<usize, ()> {
        given.filter(|&g| g <= cap).ok_or(())
    }
    fn refuse(&self) {}
}

/// Whether the grammar (what links code and the random suite draws) offers `d` here.
fn offered(c: &C, d: &Decision) -> bool {
    <RapierOffensive as Grammar>::decision(c.setup(), c.state(), &mut Writer, Some(d)).is_ok()
}

const MORTARS: u16 = 13;
const LONE: Sector = match Sector::new(1, 2) {
    Some(x) => x,
    None => panic!(),
};

/// The rifle division's HQ, four rifle battalions and Mortar Bn on A1 L1 (the other divisions
/// as `to_trps` deploys them); in turn 1 the mortars move into A1 L2, which holds a lone
/// minefield (its other counters spread over L4 and L5): the attackers' support fire, the
/// minefield face up beside the mortars.
fn mortars_beside_a_minefield(setup: Setup) -> C {
    let mut c = to_orders(setup, |counters| {
        let far: Vec<Sector> = Sector::all().filter(|x| x.line >= 4 && x.axis > 1).collect();
        for (k, p) in counters.iter_mut().filter(|p| p.1 == LONE).enumerate() {
            p.1 = far[k % far.len()];
        }
        counters.iter_mut().find(|p| p.0 == Piece::Minefield).unwrap().1 = LONE;
    });
    let frontages = [Frontage::new(1, 1), Frontage::new(2, 3), Frontage::new(4, 4)];
    let orders =
        Decision::IssueOrders { break_through: None, corps_reserve: vec![], frontages, intentions: String::new() };
    ok(&mut c, orders, &[]);
    for d in 0..3u8 {
        let axes: Vec<u8> = frontages[d as usize].unwrap().axes().collect();
        let on: Vec<u16> = if d == 0 { vec![0, 1, 2, 3, 4, MORTARS] } else { (0..6).collect() };
        let placements = (0..c.setup().attackers[d as usize].units.len() as u16)
            .map(|u| {
                let line1 = on.iter().position(|&x| x == u);
                (u, line1.map_or(Deployment::Reserve, |k| Deployment::Line1 { axis: axes[k % axes.len()] }))
            })
            .collect();
        ok(&mut c, Decision::DeployDivision { division: d, placements }, &[]);
    }
    ok(&mut c, Decision::PlotTrps { sectors: [s(1, 3), s(2, 3), s(3, 4), s(4, 2)] }, &[]);
    ok(&mut c, Decision::EndBombardment, &[]);
    ok(&mut c, Decision::RollEvent, &[1]);
    ok(&mut c, Decision::Move { unit: unit(0, MORTARS), path: vec![LONE], exit: false }, &[]);
    ok(&mut c, Decision::EndMovement, &[]);
    ok(&mut c, Decision::EndDefenderMovement, &[]);
    ok(&mut c, Decision::EndOnCall, &[]);
    ok(&mut c, Decision::EndSupport, &[]);
    assert_eq!(c.state().phase, Phase::AttackerSupport);
    let here: Vec<_> = c.state().counters_in(LONE).map(|x| (x.piece, x.revealed)).collect();
    assert_eq!(here, vec![(Some(Piece::Minefield), true)], "a lone minefield, face up");
    c
}

fn fire_ahead(c: &C) -> Decision {
    let ahead = c.state().counters_in(s(1, 3)).next().expect("a counter on A1 L3").id;
    Decision::SupportFire { battery: Target::Unit(unit(0, MORTARS)), target: Target::Counter(ahead), extra_ammo: false }
}

#[test]
fn a_battery_beside_a_lone_minefield_does_not_fire() {
    // "The umpire can fire any revealed batteries ... that are not in a sector with enemy
    // units"; the attackers' fire is treated the same. A minefield is enemy, as it is for
    // movement and ground combat.
    let mut c = mortars_beside_a_minefield(sample_setup());
    assert!(c.setup().readings >= READINGS_FIXED_ENEMY, "new games take the reading");
    let mortars = Target::Unit(unit(0, MORTARS));
    let d = fire_ahead(&c);
    assert!(battery_in_contact(c.setup(), c.state(), Side::Attacker, LONE));
    assert!(!ready_batteries(c.setup(), c.state(), Side::Attacker).contains(&mortars));
    assert!(!offered(&c, &d), "the grammar does not offer it");
    assert_eq!(refused(&mut c, d, &[6]), RuleError::BatteryInContact(mortars));
    // No other battery of ours is on the table: the step offers only its end.
    assert!(offered(&c, &Decision::EndSupport));
}

#[test]
fn a_game_stored_before_the_reading_lets_that_battery_fire() {
    let mut setup = sample_setup();
    setup.readings = READINGS_RESERVE_OVERLAP;
    let mut c = mortars_beside_a_minefield(setup);
    let d = fire_ahead(&c);
    assert!(offered(&c, &d));
    assert!(ready_batteries(c.setup(), c.state(), Side::Attacker).contains(&Target::Unit(unit(0, MORTARS))));
    ok(&mut c, d.clone(), &[6]);
    let Decision::SupportFire { target: Target::Counter(id), .. } = d else { unreachable!() };
    assert_eq!(c.state().counters[id as usize].place, CounterPlace::Gone);
    let again = C::replay(c.setup().clone(), c.journal().to_vec()).unwrap();
    assert_eq!(again.state(), c.state());
}

/// The sample with the bogging option, A4 L3 woods, A4 L2 and A4 L3 emptied of counters, and
/// one wire counter alone on A2 L2: turn 1's attacker movement.
fn boggy(readings: u8) -> C {
    use field_desk::systems::rapier_offensive::optional::Terrain;
    use field_desk::systems::rapier_offensive::terrain::SectorGround;
    let mut setup = sample_setup();
    setup.readings = readings;
    setup.options.bogging = true;
    setup.options.fortification_variations = true;
    setup.extras.wire = 1;
    setup.terrain = vec![SectorGround { sector: s(4, 3), ground: Terrain::Woods, road: false, impassable: false }];
    let mut c = to_battle_with(setup, |counters| {
        let clear = [s(4, 2), s(4, 3), s(2, 2)];
        let far: Vec<Sector> = Sector::all().filter(|x| x.line == 5).collect();
        for (k, p) in counters.iter_mut().filter(|p| clear.contains(&p.1)).enumerate() {
            p.1 = far[k % far.len()];
        }
        counters.iter_mut().find(|p| p.0 == Piece::Wire).unwrap().1 = s(2, 2);
    });
    ok(&mut c, Decision::RollEvent, &[1]);
    c
}

/// Cavalry from A4 L1 through the open A4 L2 into the woods of A4 L3.
fn into_the_woods() -> Decision {
    Decision::Move { unit: unit(2, 1), path: vec![s(4, 2), s(4, 3)], exit: false }
}

#[test]
fn a_sector_entered_for_sure_takes_no_bogging_die() {
    // The bogging table: infantry or cavalry into the open "moves as ordered" on any score, so
    // nothing is rolled for it; the woods need a 3.
    let mut c = boggy(READINGS_FIXED_ENEMY);
    let cavalry_alone = Decision::Move { unit: unit(2, 2), path: vec![s(4, 2)], exit: false };
    assert_eq!(c.dice_for(&cavalry_alone), None, "no die for the open");
    assert!(c.preview(&cavalry_alone).is_none(), "no odds for a sure thing");
    let d = into_the_woods();
    assert_eq!(c.dice_for(&d).unwrap().count, 1, "one die, for the woods");
    let p = c.preview(&d).unwrap();
    let chance = |l: &str| p.odds.iter().find(|(x, _)| x == l).map(|x| x.1.as_f64());
    assert_eq!(chance("Bogs down in A4 L2"), Some(2.0 / 6.0));
    assert_eq!(chance("Moves as ordered"), Some(4.0 / 6.0));
    assert_eq!(chance("Bogs down where it is"), None);
    let mut failed = c.clone();
    ok(&mut failed, d.clone(), &[2]);
    assert_eq!(place(&failed, unit(2, 1)), field_desk::systems::rapier_offensive::state::Place::On(s(4, 2)));
    ok(&mut c, d, &[3]);
    assert_eq!(place(&c, unit(2, 1)), field_desk::systems::rapier_offensive::state::Place::On(s(4, 3)));
    ok(&mut c, cavalry_alone, &[]);
    let again = C::replay(c.setup().clone(), c.journal().to_vec()).unwrap();
    assert_eq!(again.state(), c.state());
}

#[test]
fn a_game_stored_before_the_reading_rolls_for_every_sector() {
    let mut c = boggy(READINGS_RESERVE_OVERLAP);
    let d = into_the_woods();
    assert_eq!(c.dice_for(&d).unwrap().count, 2);
    ok(&mut c, d, &[1, 3]);
    assert_eq!(place(&c, unit(2, 1)), field_desk::systems::rapier_offensive::state::Place::On(s(4, 3)));
}

#[test]
fn armour_entering_wire_crushes_it_and_the_log_says_so() {
    // Tanks (bogging 2+ into wire) from A2 L1 into the wire alone on A2 L2.
    let mut c = boggy(READINGS_FIXED_ENEMY);
    let wire = c.state().counters.iter().find(|x| x.piece == Some(Piece::Wire)).unwrap().id;
    let tanks = Decision::Move { unit: unit(1, 2), path: vec![s(2, 2)], exit: false };
    assert_eq!(c.dice_for(&tanks).unwrap().count, 1);
    ok(&mut c, tanks, &[2]);
    assert_eq!(c.state().counters[wire as usize].place, CounterPlace::Gone);
    let line = c.history().last().unwrap().text.clone();
    assert!(line.contains("crushes the wire in A2 L2"), "{line}");
}
