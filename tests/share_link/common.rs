//! What the Race for X share-link tests share (`share_link.rs`, `share_link_released.rs`,
//! `share_link_fuzz.rs`): documents of a campaign, the round trip that checks nothing was lost,
//! the campaigns to share (a custom setup with every decision, the sample with undos) and a
//! link around any coded bytes with a correct checksum. Pulled in after `share_link/play.rs`:
//! `#[path = "share_link/common.rs"] mod common;`.
#![allow(dead_code)]

use super::play::{self, Dice, Game, Rng, CLUB, TABLE_CLOCK};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use field_desk::engine::{Action, Roller};
use field_desk::share::link;
use field_desk::share::{Document, Meta, FORMAT};
use field_desk::systems::race_for_x::tables::{CampaignSize, DefenceOption, ForceSize};
use field_desk::systems::race_for_x::{
    rules, sample, BattleOutcome, Decision, DefensiveOrbat, Formation, FormationKind, Orbat, Phase, Player, Setup,
    Stand, StandKind, Unit, UnitKind,
};
use field_desk::systems::{AnyCampaign, Body};

pub fn meta(id: &str, name: &str) -> Meta {
    Meta { id: id.into(), name: name.into(), created: 1_763_700_000_000.0, updated: 1_763_712_345_678.0 }
}

pub fn doc(c: &Game, id: &str, name: &str) -> Document {
    Document::new(meta(id, name), &AnyCampaign::RaceForX(c.clone()))
}

pub fn campaign(d: &Document) -> Game {
    let AnyCampaign::RaceForX(c) = d.open().expect("replays") else { panic!("expected a Race for X campaign") };
    c
}

/// Encodes, decodes, and checks that nothing was lost: the same document, position and log.
pub fn round_trip(d: &Document) -> String {
    let text = link::encode(d);
    assert!(text.starts_with("fd4."), "Race for X links are written as version 4 (code 8): {text}");
    assert!(text.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)), "URL-safe: {text}");
    let back = link::decode(&text).expect("a fresh link decodes");
    assert_eq!(&back, d);
    let (before, after) = (campaign(d), campaign(&back));
    assert_eq!(after.state(), before.state());
    assert_eq!(after.journal(), before.journal());
    assert_eq!(after.history(), before.history());
    text
}

// ---------------------------------------------------------------------------------------
// Campaigns to share
// ---------------------------------------------------------------------------------------

pub fn stand(kind: StandKind, label: &str) -> Stand {
    Stand { kind, label: label.into() }
}

/// A setup owing nothing to the sample but player B's battalion: other sizes, every stand
/// and unit kind, non-ASCII names, its own defensive orbats.
pub fn custom_setup() -> Setup {
    use StandKind::*;
    let unit = |name: &str, kind, formation, stands| Unit { name: name.into(), kind, formation, stands };
    let a = Orbat {
        formations: vec![
            Formation { name: "I. Bataillon".into(), kind: FormationKind::Battalion, parent: None },
            Formation { name: "1. Kompanie".into(), kind: FormationKind::Company, parent: Some(0) },
        ],
        units: vec![
            unit("Bataillonsstab", UnitKind::Hq, Some(0), vec![stand(Bc, "BC"), stand(Fo, "FO 8 cm Granatwerfer")]),
            unit("Kompanietrupp", UnitKind::Hq, Some(1), vec![stand(Cc, "CC"), stand(Squad, "Pioniere")]),
            unit(
                "1. Zug",
                UnitKind::RiflePlatoon,
                Some(1),
                vec![stand(Pc, "PC"), stand(Squad, "Schützen"), stand(Squad, "Schützen"), stand(Squad, "Schützen")],
            ),
            unit(
                "2. Zug",
                UnitKind::RiflePlatoon,
                Some(1),
                vec![stand(Pc, "PC"), stand(Squad, "Schützen"), stand(Squad, "Schützen")],
            ),
            unit("MG-Zug", UnitKind::CrewServed, Some(0), vec![stand(CrewServed, "MG 34"), stand(CrewServed, "MG 34")]),
            unit("Panzerzug", UnitKind::Vehicle, None, vec![stand(Vehicle, "Pz 38(t)"), stand(Vehicle, "Pz 38(t)")]),
            unit("Regimentsstab", UnitKind::Hq, None, vec![stand(Rc, "RC"), stand(CrewServed, "IG 18")]),
        ],
    };
    let defence = ForceSize::DEFENSIVE
        .iter()
        .flat_map(|&size| {
            [DefenceOption::A, DefenceOption::B].map(|option| DefensiveOrbat {
                size,
                option,
                lines: vec![format!("{} {}: PC (+1), 3 x Rifle", size.name(), option.name()), "2 x HMG".into()],
            })
        })
        .collect();
    Setup {
        size: CampaignSize::Medium,
        players: [
            Player { name: "Jürgen".into(), orbat: a },
            Player { name: "Анна".into(), orbat: sample::russian_battalion("Rifle Battalion") },
        ],
        defence,
    }
}

/// The custom setup played for two turns with every kind of decision: notes, named
/// objectives, forces and losses in tapping order, exits, app and table dice, undo, redo.
pub fn custom_campaign() -> Game {
    let mut c = Game::new(custom_setup()).unwrap();
    let mut rng = Rng::new(77);
    let mut steps = 0;
    while c.state().turn < 3 && c.state().phase() != Phase::Finished {
        let s = c.state().clone();
        let setup = c.setup().clone();
        let b = s.current();
        let d = match s.phase() {
            Phase::Fight if b.unwrap().notes.is_empty() => {
                Decision::Note { text: "Rain — visibility 1 zone; «Brücke» held ✓".into() }
            }
            Phase::Fight if b.unwrap().objectives[0].is_empty() => {
                Decision::NameObjectives { names: ["Kirche".into(), "Höhe 112".into()] }
            }
            Phase::Fight if b.unwrap().clock_rolls < 2 => Decision::ClockRoll,
            Phase::Fight => {
                // Three stands lost, tapped from the bottom of the list up; one exits if it can.
                let side = s.offensive_side().unwrap();
                let orbat = &setup.players[side.index()].orbat;
                let p = s.player(side);
                let fielded = &b.unwrap().fielded;
                let mut killed: Vec<_> =
                    orbat.stand_refs().filter(|r| fielded.contains(&r.unit) && !p.is_lost(*r)).take(3).collect();
                killed.reverse();
                let fighting_killed = killed.iter().filter(|r| orbat.stand(**r).unwrap().kind.is_fighting()).count();
                let max = rules::fielded_fighting_stands(orbat, p, fielded) - fighting_killed;
                Decision::RecordOutcome(BattleOutcome {
                    objectives: rng.pick(&[0, 1, 2]),
                    exited: max.min(1) as u16,
                    killed,
                })
            }
            Phase::FieldForces => {
                let Decision::FieldForces { mut units } = play::next_decision(&setup, &s, TABLE_CLOCK, &mut rng) else {
                    unreachable!()
                };
                units.reverse();
                Decision::FieldForces { units }
            }
            _ => play::next_decision(&setup, &s, TABLE_CLOCK, &mut rng),
        };
        play::decide(&mut c, d, if steps % 2 == 0 { Dice::App } else { Dice::Typed }, &mut rng);
        steps += 1;
        if steps == 9 {
            c.undo();
            c.undo();
            c.redo().unwrap();
        }
    }
    c
}

/// The custom campaign's document, with one roll of the table among the app's dice of a
/// recovery (a mixed roll) and an id and times that are not the app's usual ones.
pub fn custom_document() -> Document {
    let Body::RaceForX { setup, mut journal } = AnyCampaign::RaceForX(custom_campaign()).body() else {
        panic!("expected a Race for X campaign")
    };
    let entry = journal
        .iter_mut()
        .find_map(|a| match a {
            Action::Decide(e) if e.dice.len() >= 2 => Some(e),
            _ => None,
        })
        .expect("a roll of two dice or more");
    entry.dice[1].by = if entry.dice[0].by == Roller::App { Roller::Table } else { Roller::App };
    let meta = Meta {
        id: "Club-Night #7".into(),
        name: "Kirche & Höhe 112 — «Test»".into(),
        created: 1_763_700_000_000.5,
        updated: 12.25,
    };
    let d = Document { format: FORMAT, meta, summary: None, body: Body::RaceForX { setup, journal } };
    d.open().expect("a mixed roll still replays");
    d
}

/// Three turns of the sample with undos and redos along the way (app dice).
pub fn sample_with_undos() -> Game {
    let mut c = play::new_sample();
    let mut rng = Rng::new(3);
    play::play_turns(&mut c, 1, CLUB, &mut rng);
    c.undo_to(c.steps() - 4);
    c.redo().unwrap();
    // Rolling an undone roll again gives its dice back: the journal records a redo.
    play::step(&mut c, CLUB, &mut rng);
    while c.state().turn < 3 {
        play::step(&mut c, CLUB, &mut rng);
    }
    while !(c.state().phase() == Phase::Fight && c.state().current().unwrap().clock_rolls >= 3) {
        play::step(&mut c, CLUB, &mut rng);
    }
    // A clock roll undone, and the outcome recorded instead.
    c.undo();
    let d = play::next_decision(c.setup(), c.state(), TABLE_CLOCK, &mut rng);
    assert!(matches!(d, Decision::RecordOutcome(_)));
    play::decide(&mut c, d, Dice::App, &mut rng);
    while c.state().turn < 4 {
        play::step(&mut c, CLUB, &mut rng);
    }
    c
}

pub fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c ^= b as u32;
        for _ in 0..8 {
            c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
        }
    }
    !c
}

/// A link around any coded bytes with a correct checksum: it gets past the checksum (a
/// version 1 link's covers the coded bytes alone).
pub fn with_checksum(coded: &[u8]) -> String {
    let mut packed = coded.to_vec();
    packed.extend_from_slice(&crc32(coded).to_le_bytes());
    format!("fd1.{}", URL_SAFE_NO_PAD.encode(packed))
}
