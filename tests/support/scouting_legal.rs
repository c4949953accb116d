//! Random legal play of night scouting, shared by the link tests and the link-length figures
//! (included with `#[path]`): candidate decisions for any position, most of them legal, drawn
//! from the suites' seeded generator. (The random suite draws from the grammar instead; the
//! link tests and figures keep this play so the nights they measure, and the committed
//! fixtures made from them, stay the same.)
#![allow(dead_code)]

use super::rng::Rng;
use field_desk::engine::{Campaign, DiceInput};
use field_desk::systems::crossfire_scouting::rules::{self, reactions};
use field_desk::systems::crossfire_scouting::state::RevealCause;
use field_desk::systems::crossfire_scouting::{
    CrossfireScouting, Decision, Phase, Place, Quality, Sentries, Setup, Sighting, State, Status,
};

/// The usual sentries (two times in three), or a unit's own.
pub fn watch(rng: &mut Rng) -> Option<Sentries> {
    (!rng.one_in(2, 3)).then(|| Sentries { quality: rng.pick(&Quality::ALL), trained: rng.one_in(1, 3) })
}

pub fn places(setup: &Setup) -> Vec<Place> {
    let mut v: Vec<Place> = (0..setup.areas.len() as u16).map(Place::Area).collect();
    v.push(Place::OwnEdge);
    v
}

/// Candidate decisions for the step under way, most of them legal.
pub fn candidates(setup: &Setup, s: &State, rng: &mut Rng) -> Vec<Decision> {
    let areas = setup.areas.len() as u16;
    let any_area = |rng: &mut Rng| rng.below(areas as usize) as u16;
    let mut v = Vec::new();
    match s.phase {
        Phase::Scouting => {
            let movers = rules::movers(s);
            for _ in 0..6 {
                if movers.is_empty() {
                    break;
                }
                let scout = rng.pick(&movers);
                // Heading home grows likelier as the night goes on.
                let to = if rng.one_in(s.clock as usize + 5, 900) { Place::OwnEdge } else { rng.pick(&places(setup)) };
                v.push(Decision::Move { scout, to, in_open: rng.one_in(1, 3) });
            }
            for r in s.refs() {
                if s.figure(r).status == Status::Active {
                    let areas = rules::areas_to_spot(setup, s, r);
                    if !areas.is_empty() && rng.one_in(1, 2) {
                        v.push(Decision::AttemptSpot { scout: r, area: rng.pick(&areas), sentries: watch(rng) });
                    }
                    if rules::may_bank(setup, s, r).is_ok() {
                        v.push(Decision::Bank { scout: r });
                    }
                }
            }
            if v.is_empty() || rng.one_in(1, 300) {
                v.push(Decision::EndNight);
            }
        }
        Phase::Reaction { .. } => {
            let r = reactions(setup, s).unwrap();
            v.push(Decision::LetPass);
            if r.reactive_spot {
                match watch(rng) {
                    Some(sentries) => v.push(Decision::ReactiveSpotBy { sentries }),
                    None => v.push(Decision::ReactiveSpot),
                }
            }
            if r.fire {
                v.push(Decision::Fire {
                    from: any_area(rng),
                    units: 1 + rng.below(2) as u8,
                    leader_sees: rng.one_in(1, 3),
                });
            }
            if r.close_combat.is_some() && rng.one_in(1, 4) {
                let m = |rng: &mut Rng| rng.below(3) as i8 - 1;
                let defenders = watch(rng).map(|w| w.quality);
                v.push(Decision::CloseCombat { scout_other: m(rng), defender_other: m(rng), defenders });
            }
        }
        Phase::SentriesSpotted { area, reactive, .. } => {
            if rng.one_in(1, 4) {
                v.push(Decision::Cat);
            }
            if reactive {
                if rng.one_in(1, 4) {
                    v.push(Decision::AdmitNoSight);
                }
            } else {
                v.push(Decision::HoldFire);
            }
            for _ in 0..2 {
                let from = area.unwrap_or_else(|| any_area(rng));
                v.push(Decision::Fire { from, units: 1 + rng.below(3) as u8, leader_sees: rng.one_in(1, 3) });
            }
        }
        Phase::Fire { .. } => v.push(Decision::Volley),
        Phase::CloseCombatTie { .. } => v.push(Decision::RollAgain),
        Phase::Retreat { .. } => {
            for _ in 0..4 {
                v.push(Decision::Retreat { to: rng.pick(&places(setup)) });
            }
        }
        Phase::Reveal { cause, .. } => {
            if cause == RevealCause::Spotted && rng.one_in(1, 2) {
                v.push(Decision::Reveal { what: Sighting::Empty });
            } else {
                v.push(Decision::Reveal { what: Sighting::Troops(format!("unit {}", rng.below(9))) });
            }
        }
        Phase::Clock { .. } => v.push(Decision::ClockRoll),
        Phase::Over => {}
    }
    v
}

/// A legal decision for the position: a candidate the rules accept, or what is always legal
/// (calling it a night, owning up to a bluff, falling back off the table).
pub fn legal(c: &Campaign<CrossfireScouting>, rng: &mut Rng) -> Option<Decision> {
    let mut options = candidates(c.setup(), c.state(), rng);
    while !options.is_empty() {
        let d = options.swap_remove(rng.below(options.len()));
        let count = c.dice_for(&d).map_or(0, |s| s.count as usize);
        if c.check(&d, &vec![1; count]).is_ok() {
            return Some(d);
        }
    }
    match c.state().phase {
        Phase::Scouting => Some(Decision::EndNight),
        Phase::SentriesSpotted { reactive: true, .. } => Some(Decision::AdmitNoSight),
        Phase::Retreat { .. } => Some(Decision::Retreat { to: Place::OwnEdge }),
        _ => None,
    }
}

/// `setup` played to the end of the night with legal random decisions, half the dice typed
/// and half the app's.
pub fn night(setup: Setup, seed: u64) -> Campaign<CrossfireScouting> {
    let mut c = Campaign::<CrossfireScouting>::new(setup).unwrap();
    let mut rng = Rng::new(seed);
    while c.state().phase != Phase::Over {
        let d = legal(&c, &mut rng).expect("a legal decision at every step");
        let count = c.dice_for(&d).map_or(0, |spec| spec.count as usize);
        let input = if rng.one_in(1, 2) { DiceInput::Typed(rng.d6s(count)) } else { DiceInput::App(&mut rng) };
        c.decide(d, input).unwrap();
    }
    c
}
