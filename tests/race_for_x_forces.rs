//! `forces::completable` gives the answers of the search it had before it learnt to skip the
//! searches that could only answer no (`forces::lawful_set`): its answers shape the forces'
//! bits of code 8 links, so they must not move, not even where the search's bound cuts it
//! short. The search as it was is kept here, verbatim, and both are asked the same questions:
//! random orbats (battalions, companies, HQs missing or without stands, units outside any
//! company, large ones where the old bound bites) and the sample's, with random losses, each
//! walked unit by unit as the grammar walks it, and random choices as well.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::Campaign;
use field_desk::systems::race_for_x::forces::{check_forces, completable, suggested_forces};
use field_desk::systems::race_for_x::orbat::{Formation, FormationKind, Orbat, Stand, StandKind, Unit, UnitKind};
use field_desk::systems::race_for_x::rules::{fieldable_units, required_hqs, units_to_field};
use field_desk::systems::race_for_x::sample::sample_setup;
use field_desk::systems::race_for_x::state::PlayerState;
use field_desk::systems::race_for_x::{RaceForX, Side};
use rng::Rng;

// ---- The search as it was (before `lawful_set`), verbatim but for its name and the second
// ---- answer: whether its bound was reached

fn old_completable(orbat: &Orbat, p: &PlayerState, allowed: usize, chosen: &[u16], refused: &[u16]) -> (bool, bool) {
    let fieldable = fieldable_units(orbat, p);
    let mut budget = WALK_WORK / (2 * fieldable.len()).max(1);
    let found = search(orbat, p, allowed, &fieldable, chosen.to_vec(), &mut refused.to_vec(), &mut budget);
    (found, budget < orbat.units.len() * orbat.units.len() + 1)
}

const WALK_WORK: usize = 1 << 24;

fn search(
    orbat: &Orbat,
    p: &PlayerState,
    allowed: usize,
    fieldable: &[u16],
    mut set: Vec<u16>,
    refused: &mut Vec<u16>,
    budget: &mut usize,
) -> bool {
    let run = orbat.units.len() * orbat.units.len() + 1;
    loop {
        if set.len() > allowed || set.iter().any(|u| refused.contains(u)) {
            return false;
        }
        if *budget < run {
            return false;
        }
        *budget -= run;
        let forced: Vec<u16> = required_hqs(orbat, p, &set).into_iter().filter(|u| !set.contains(u)).collect();
        if forced.is_empty() {
            break;
        }
        set.extend(forced);
    }
    if set.len() == allowed {
        return check_forces(orbat, p, allowed, &set).is_ok();
    }
    let free = fieldable.iter().filter(|u| !set.contains(u) && !refused.contains(u)).count();
    if set.len() + free < allowed {
        return false;
    }
    let Some(&next) = fieldable.iter().find(|u| !set.contains(u) && !refused.contains(u)) else {
        return false;
    };
    let mut with = set.clone();
    with.push(next);
    if search(orbat, p, allowed, fieldable, with, refused, budget) {
        return true;
    }
    refused.push(next);
    let found = search(orbat, p, allowed, fieldable, set, refused, budget);
    refused.pop();
    found
}

// ---- Random orbats and losses ----

fn unit(name: String, kind: UnitKind, formation: Option<u16>, stands: &[StandKind]) -> Unit {
    let stands = stands.iter().map(|&kind| Stand { kind, label: String::new() }).collect();
    Unit { name, kind, formation, stands }
}

/// A random orbat: one or two battalions of up to five companies (some outside any battalion),
/// an HQ for most, units of every kind, some outside any company; `big` for up to a hundred,
/// `huge` for over 128.
fn random_orbat(r: &mut Rng, big: bool, huge: bool) -> Orbat {
    let mut formations = Vec::new();
    let mut units = Vec::new();
    for b in 0..if huge { 2 } else { r.range(1, 2) } {
        let bn = formations.len() as u16;
        formations.push(Formation { name: format!("Bn {b}"), kind: FormationKind::Battalion, parent: None });
        if r.one_in(5, 6) {
            let bc = if r.one_in(1, 8) { StandKind::Rc } else { StandKind::Bc };
            units.push(unit(format!("BHQ {b}"), UnitKind::Hq, Some(bn), &[bc, StandKind::Squad]));
        }
        let companies = if huge {
            8
        } else if big {
            r.range(3, 8)
        } else {
            r.range(0, 5)
        };
        for c in 0..companies {
            let co = formations.len() as u16;
            let parent = if r.one_in(1, 10) { None } else { Some(bn) };
            formations.push(Formation { name: format!("Co {b}.{c}"), kind: FormationKind::Company, parent });
            if r.one_in(5, 6) {
                units.push(unit(format!("CHQ {b}.{c}"), UnitKind::Hq, Some(co), &[StandKind::Cc]));
            }
            for k in 0..if huge {
                9
            } else if big {
                r.range(2, 9)
            } else {
                r.range(0, 5)
            } {
                let (kind, stands) = match r.below(5) {
                    0 => (UnitKind::CrewServed, vec![StandKind::CrewServed; 2]),
                    1 => (UnitKind::Vehicle, vec![StandKind::Vehicle; 3]),
                    2 => (UnitKind::Hq, vec![StandKind::Pc, StandKind::Fo]),
                    _ => (UnitKind::RiflePlatoon, vec![StandKind::Pc, StandKind::Squad, StandKind::Squad]),
                };
                units.push(unit(format!("U {b}.{c}.{k}"), kind, Some(co), &stands));
            }
        }
        for k in 0..r.range(0, 2) {
            let f = if r.one_in(1, 2) { Some(bn) } else { None };
            units.push(unit(format!("S {b}.{k}"), UnitKind::CrewServed, f, &[StandKind::CrewServed]));
        }
    }
    r.shuffle(&mut units);
    Orbat { formations, units }
}

/// A player with the orbat's stands, some lost (now and then a whole unit).
fn with_losses(base: &PlayerState, orbat: &Orbat, r: &mut Rng) -> PlayerState {
    let mut p = base.clone();
    let rate = r.pick(&[0usize, 5, 15, 30]);
    p.lost = orbat
        .units
        .iter()
        .map(|u| {
            let all = r.one_in(rate, 100);
            u.stands.iter().map(|_| all || r.one_in(rate, 100)).collect()
        })
        .collect();
    p
}

/// What was asked: questions, answers no, old searches that reached their bound, and the
/// seconds spent in the new and the old.
#[derive(Default, Debug)]
struct Asked {
    questions: usize,
    no: usize,
    bound: usize,
    time: (f64, f64),
}

/// Asks both at each unit of a walk as the grammar's (the unit in, then out, then one taken);
/// and with random choices (units without stands, named twice, in both lists).
fn compare(orbat: &Orbat, p: &PlayerState, r: &mut Rng, asked: &mut Asked) {
    let fieldable = fieldable_units(orbat, p);
    let allowed = if r.one_in(1, 2) { units_to_field(orbat, p) } else { r.range(0, fieldable.len() + 1) };
    let mut ask = |chosen: &[u16], refused: &[u16]| {
        let t = std::time::Instant::now();
        let new = completable(orbat, p, allowed, chosen, refused);
        asked.time.0 += t.elapsed().as_secs_f64();
        let t = std::time::Instant::now();
        let (old, bound) = old_completable(orbat, p, allowed, chosen, refused);
        asked.time.1 += t.elapsed().as_secs_f64();
        assert_eq!(new, old, "{orbat:?}\nlost {:?}\nallowed {allowed}, chosen {chosen:?}, refused {refused:?}", p.lost);
        asked.questions += 1;
        asked.no += usize::from(!new);
        asked.bound += usize::from(bound);
        new
    };
    let (mut chosen, mut refused) = (Vec::new(), Vec::new());
    for &u in &fieldable {
        chosen.push(u);
        let may_in = ask(&chosen, &refused);
        chosen.pop();
        refused.push(u);
        let may_out = ask(&chosen, &refused);
        refused.pop();
        let take = match (may_in, may_out) {
            (true, true) => r.one_in(1, 2),
            (a, _) => a,
        };
        if take {
            chosen.push(u);
        } else {
            refused.push(u);
        }
    }
    let n = orbat.units.len() as u16;
    for _ in 0..4 {
        let pick = |r: &mut Rng| (0..r.range(0, 6)).map(|_| r.below(n as usize + 1) as u16).collect::<Vec<u16>>();
        let (chosen, refused) = (pick(r), pick(r));
        ask(&chosen, &refused);
    }
}

fn base_player() -> PlayerState {
    let c: Campaign<RaceForX> = Campaign::new(sample_setup()).unwrap();
    c.state().player(Side::A).clone()
}

#[test]
fn completable_answers_as_the_search_did_on_random_orbats() {
    let base = base_player();
    let mut r = Rng::new(8);
    let mut asked = Asked::default();
    // Orbats past 128 units, which `completable` searches as lists rather than masks.
    let mut past_masks = 0;
    for i in 0..250 {
        let orbat = random_orbat(&mut r, i % 10 == 0, i % 50 == 0);
        past_masks += usize::from(orbat.units.len() > 128);
        let p = with_losses(&base, &orbat, &mut r);
        compare(&orbat, &p, &mut r, &mut asked);
    }
    println!("random orbats: {asked:?}, {past_masks} of more than 128 units");
    assert!(past_masks > 0, "some orbats are searched as lists");
    assert!(asked.no > asked.questions / 10 && asked.bound > 0, "many answers are no, some at the bound: {asked:?}");
}

#[test]
fn completable_answers_as_the_search_did_on_the_sample() {
    let setup = sample_setup();
    let base = base_player();
    let mut r = Rng::new(9);
    let mut asked = Asked::default();
    for i in 0..60 {
        let orbat = &setup.players[i % 2].orbat;
        let p = with_losses(&base, orbat, &mut r);
        compare(orbat, &p, &mut r, &mut asked);
    }
    println!("the sample's orbats: {asked:?}");
    assert!(asked.questions > 60 && asked.no > 0, "every walk asks, and some answers are no: {asked:?}");
}

// ---- The force the app suggests (`suggested_forces`) ----

#[test]
fn the_suggested_force_of_the_texts_battalion_in_its_base_zone_is_nine_lawful_units() {
    // "Our Early War Russian Battalion with 19 units would field 9 units when fighting in the
    // Base Zone": the sample's battalions are that one.
    let setup = sample_setup();
    let p = base_player();
    for side in [Side::A, Side::B] {
        let orbat = &setup.players[side.index()].orbat;
        assert_eq!(orbat.units.len(), 19);
        let allowed = units_to_field(orbat, &p);
        assert_eq!(allowed, 9);
        let units = suggested_forces(orbat, &p, allowed).expect("a force is suggested");
        assert_eq!(units.len(), 9, "{units:?}");
        assert_eq!(check_forces(orbat, &p, allowed, &units), Ok(()));
    }
}

#[test]
fn the_suggested_force_rests_the_depleted_units_while_full_strength_ones_are_left() {
    let setup = sample_setup();
    let orbat = &setup.players[0].orbat;
    let mut p = base_player();
    // The 1st Company's three platoons and the HMG platoon have each lost a stand.
    let depleted: Vec<u16> = ["1st Platoon", "2nd Platoon", "3rd Platoon", "HMG Platoon"]
        .iter()
        .map(|n| orbat.units.iter().position(|u| u.name == *n).unwrap() as u16)
        .collect();
    for &u in &depleted {
        p.lost[u as usize][1] = true;
    }
    let allowed = units_to_field(orbat, &p);
    let units = suggested_forces(orbat, &p, allowed).expect("a force is suggested");
    assert_eq!(check_forces(orbat, &p, allowed, &units), Ok(()));
    let names: Vec<&str> = units.iter().map(|&u| orbat.units[u as usize].name.as_str()).collect();
    assert!(units.iter().all(|u| !depleted.contains(u)), "no depleted unit fielded: {names:?}");
    // The other units that command nothing lose two stands (all, for some): the stronger
    // depleted units now come before them.
    for u in 0..orbat.units.len() {
        if !depleted.contains(&(u as u16)) && !orbat.units[u].name.contains("HQ") {
            p.lost[u].iter_mut().take(2).for_each(|l| *l = true);
        }
    }
    let units = suggested_forces(orbat, &p, allowed).expect("a force is suggested");
    assert_eq!(check_forces(orbat, &p, allowed, &units), Ok(()));
    assert!(depleted.iter().all(|u| units.contains(u)), "the stronger depleted units first: {units:?}");
}

#[test]
fn a_force_is_suggested_whenever_one_is_lawful_and_it_is_always_lawful() {
    let base = base_player();
    let mut r = Rng::new(28);
    let (mut suggested, mut none) = (0, 0);
    for i in 0..250 {
        let orbat = random_orbat(&mut r, i % 10 == 0, i % 50 == 0);
        let p = with_losses(&base, &orbat, &mut r);
        let fieldable = fieldable_units(&orbat, &p);
        for allowed in [units_to_field(&orbat, &p), r.range(0, fieldable.len() + 1)] {
            match suggested_forces(&orbat, &p, allowed) {
                Some(units) => {
                    assert_eq!(check_forces(&orbat, &p, allowed, &units), Ok(()), "{orbat:?}\nlost {:?}", p.lost);
                    suggested += 1;
                }
                None => {
                    assert!(
                        !completable(&orbat, &p, allowed, &[], &[]),
                        "a lawful set exists: {orbat:?}\nlost {:?}",
                        p.lost
                    );
                    none += 1;
                }
            }
        }
    }
    println!("{suggested} forces suggested, {none} positions with none lawful");
    assert!(suggested > 400, "{suggested}");
}
