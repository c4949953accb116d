//! Night-scouting campaigns as released: a stored document and a share link written before
//! any change to the scouting rules or setup, which must open to the same positions forever.
//!
//! The night: the sample session against veteran, night-trained sentries, taken from a Race
//! for X battle. Atkins repeats the text's example up to the farmhouse reveal, Baker walks into
//! the orchard and wins a close combat with agreed modifiers, one decision is undone and
//! taken again differently; clock rolls by the app, everything else typed. It stops mid-night.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{Action, Campaign, DiceInput, Roller};
use field_desk::share::{link, Document, Meta};
use field_desk::systems::crossfire_scouting::sample::*;
use field_desk::systems::crossfire_scouting::tables::clock_text;
use field_desk::systems::crossfire_scouting::{
    CrossfireScouting, Decision, FindStatus, Origin, Phase, Place, Quality, ScoutRef, Sentries, Setup, Sighting, Status,
};
use field_desk::systems::{AnyCampaign, Body};

type Game = Campaign<CrossfireScouting>;

const WILSON: ScoutRef = ScoutRef::new(0, 0);
const ATKINS: ScoutRef = ScoutRef::new(0, 1);
const BAKER: ScoutRef = ScoutRef::new(0, 2);

fn setup() -> Setup {
    Setup {
        sentries: Sentries { quality: Quality::Veteran, trained: true },
        origin: Some(Origin {
            campaign: "5e1d0a77c3b29f48".into(),
            turn: 3,
            side: "B".into(),
            battle: "Prepared Defence".into(),
        }),
        ..sample_setup()
    }
}

#[path = "support/rng.rs"]
mod rng;

fn typed(c: &mut Game, d: Decision, dice: &[u16]) {
    c.decide(d.clone(), DiceInput::Typed(dice.to_vec())).unwrap_or_else(|e| panic!("{d:?}: {e}"));
}

/// The night as the app would have recorded it.
fn night() -> Game {
    let mut c = Game::new(setup()).unwrap();
    // The app's dice, from the suites' seeded generator. (The fixtures were written with an
    // LCG before the suites moved to rand; their dice are recorded in them.)
    let mut rng = rng::Rng::new(0x9e37_79b9);
    let mut app = |c: &mut Game, d: Decision| {
        c.decide(d.clone(), DiceInput::App(&mut rng)).unwrap_or_else(|e| panic!("{d:?}: {e}"));
    };
    let mv = |s: ScoutRef, to: u16, in_open: bool| Decision::Move { scout: s, to: Place::Area(to), in_open };
    typed(&mut c, mv(ATKINS, EDGE_WOOD, false), &[]);
    typed(&mut c, mv(ATKINS, SECOND_WOOD, false), &[]);
    typed(&mut c, Decision::LetPass, &[]);
    typed(&mut c, mv(ATKINS, FIELD, false), &[]);
    typed(&mut c, Decision::LetPass, &[]);
    app(&mut c, Decision::ClockRoll);
    typed(&mut c, mv(ATKINS, FIELD, false), &[]);
    typed(&mut c, Decision::AttemptSpot { scout: ATKINS, area: OPEN_GROUND, sentries: None }, &[3, 5, 6, 2]);
    typed(&mut c, Decision::HoldFire, &[]);
    app(&mut c, Decision::ClockRoll);
    typed(&mut c, mv(ATKINS, FAR_WOOD, true), &[]);
    typed(&mut c, Decision::ReactiveSpot, &[5, 2]);
    typed(&mut c, Decision::Fire { from: FARMHOUSE, units: 1, leader_sees: false }, &[3, 6, 5, 3, 4]);
    // The table first sends Atkins into the second wood, then thinks better of it.
    typed(&mut c, Decision::Retreat { to: Place::Area(SECOND_WOOD) }, &[]);
    assert!(c.undo());
    typed(&mut c, Decision::Retreat { to: Place::Area(FIELD) }, &[]);
    typed(&mut c, Decision::Reveal { what: Sighting::Troops("a rifle section".into()) }, &[]);
    // Baker goes the other way and walks into the orchard.
    typed(&mut c, mv(BAKER, EDGE_WOOD, false), &[]);
    typed(&mut c, mv(BAKER, ORCHARD, false), &[]);
    typed(&mut c, Decision::CloseCombat { scout_other: 1, defender_other: -1, defenders: None }, &[5, 2]);
    while !matches!(c.state().phase, Phase::Scouting) {
        match c.state().phase {
            Phase::Reveal { .. } => typed(&mut c, Decision::Reveal { what: Sighting::Troops("an HMG".into()) }, &[]),
            Phase::Clock { .. } => app(&mut c, Decision::ClockRoll),
            Phase::Reaction { .. } => typed(&mut c, Decision::LetPass, &[]),
            p => panic!("unexpected {p:?}"),
        }
    }
    typed(&mut c, Decision::Move { scout: WILSON, to: Place::Area(EDGE_WOOD), in_open: false }, &[]);
    c
}

fn meta() -> Meta {
    Meta {
        id: "c0ffee00d15ea5e1".into(),
        name: "Night before the farmhouse".into(),
        created: 1_763_800_000_000.0,
        updated: 1_763_803_600_000.0,
    }
}

fn document() -> Document {
    Document::new(meta(), &AnyCampaign::CrossfireScouting(night()))
}

/// One line per fact the fixtures pin.
fn position(d: &Document) -> String {
    let AnyCampaign::CrossfireScouting(c) = d.open().unwrap() else { panic!("expected a night-scouting campaign") };
    let s = c.state();
    let figures: Vec<String> = s
        .refs()
        .iter()
        .map(|&r| {
            let f = s.figure(r);
            format!("{} {:?} {:?}", c.setup().name(r), f.status, f.place)
        })
        .collect();
    let finds: Vec<String> = s
        .finds
        .iter()
        .map(|f| {
            format!(
                "{}: {} by {} ({:?})",
                c.setup().area_name(f.area),
                f.sighting.text(),
                c.setup().name(f.by),
                f.status
            )
        })
        .collect();
    let rolls: Vec<(u16, Roller)> = c
        .journal()
        .iter()
        .flat_map(|a| match a {
            Action::Decide(e) => e.dice.iter().map(|r| (r.value, r.by)).collect(),
            _ => vec![],
        })
        .collect();
    let dice: String = rolls.iter().map(|(v, _)| char::from_digit(*v as u32 % 10, 10).unwrap()).collect();
    format!(
        "{} | {} | {:?} | clock {} ({} rolls) | cat {} | {} | finds {} | journal {} ({} undo) | dice {} ({} typed, {} app): {}",
        d.meta.name,
        d.meta.id,
        s.phase,
        clock_text(s.clock),
        s.clock_rolls,
        s.cat_used,
        figures.join(", "),
        finds.join("; "),
        c.journal().len(),
        c.journal().iter().filter(|a| **a == Action::Undo).count(),
        rolls.len(),
        rolls.iter().filter(|r| r.1 == Roller::Table).count(),
        rolls.iter().filter(|r| r.1 == Roller::App).count(),
        dice
    )
}

const EXPECTED: &str = "Night before the farmhouse | c0ffee00d15ea5e1 | Scouting | clock 01:40 (2 rolls) | cat false | Sgt Wilson Active Area(0), Atkins Active Area(2), Baker Active Area(6), Cole Waiting OwnEdge, Cpl Hughes Waiting OwnEdge, Evans Waiting OwnEdge, Price Waiting OwnEdge | finds Farmhouse: troops (a rifle section) by Atkins (Carried); Orchard: troops (an HMG) by Baker (Carried) | journal 22 (1 undo) | dice 15 (13 typed, 2 app): 535624523653452";

fn check(d: &Document) {
    assert_eq!(position(d), EXPECTED);
    let AnyCampaign::CrossfireScouting(c) = d.open().unwrap() else { panic!("expected a night-scouting campaign") };
    let Body::CrossfireScouting { setup: stored, .. } = &d.body else { panic!("expected a night-scouting body") };
    assert_eq!(c.setup(), stored);
    assert_eq!(c.setup().sentries, Sentries { quality: Quality::Veteran, trained: true });
    assert_eq!(c.setup().origin.as_ref().map(|o| o.turn), Some(3));
    // Mid-night: the scouting player may still act, and the history reads in full.
    assert_eq!(c.state().phase, Phase::Scouting);
    assert_eq!(c.state().figure(ATKINS).place, Place::Area(FIELD));
    assert_eq!(c.state().figure(BAKER).status, Status::Active);
    assert!(c.state().finds.iter().all(|f| f.status == FindStatus::Carried));
    assert!(c.history().iter().all(|l| !l.text.is_empty()));
}

#[test]
fn the_released_stored_document_still_opens_to_the_same_night() {
    let d = Document::from_json(include_str!("fixtures/crossfire-scouting-format-1.json")).unwrap();
    assert_eq!(d.format, 1);
    check(&d);
}

#[test]
fn the_released_share_link_still_opens_to_the_same_night() {
    let d = link::decode(include_str!("fixtures/crossfire-scouting-link-1.txt").trim()).unwrap();
    check(&d);
    assert_eq!(d.meta.updated, 1_763_803_600_000.0);
}

/// The decisions (and undos) of a journal, without their dice.
fn decisions(journal: &[Action<Decision>]) -> Vec<Option<Decision>> {
    journal.iter().map(|a| if let Action::Decide(e) = a { Some(e.decision.clone()) } else { None }).collect()
}

/// `night` says in code what the fixtures hold: the same decisions and undos, in order, and the
/// same dice where they were typed. (Its app dice come from today's generator, so the clock
/// rolls may differ; the fixtures are never written again.)
#[test]
fn the_fixtures_hold_the_decisions_of_night() {
    let stored = Document::from_json(include_str!("fixtures/crossfire-scouting-format-1.json")).unwrap();
    let Body::CrossfireScouting { journal, .. } = &stored.body else { panic!("expected a night-scouting campaign") };
    let played = document();
    assert_eq!(played.meta, stored.meta);
    let Body::CrossfireScouting { journal: now, .. } = &played.body else {
        panic!("expected a night-scouting campaign")
    };
    assert_eq!(decisions(journal), decisions(now));
}
