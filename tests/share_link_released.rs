//! Released Race for X links keep loading: the built-in sample is still the released one, the
//! committed fixtures of each released link version (`tests/fixtures/links/race-for-x-*`)
//! decode to the same campaigns, and those of the version written now are what the app writes
//! today (`support/fixture.rs`: checked, never rewritten; when a new link version is released,
//! its fixtures are written by `FIELD_DESK_NEW_FIXTURES=1 cargo test --test native share_link_released::`,
//! which writes only files that are missing).

#![cfg(not(target_arch = "wasm32"))]

#[path = "share_link/common.rs"]
mod common;
#[path = "support/fixture.rs"]
mod fixture;
#[path = "share_link/play.rs"]
mod play;

use common::*;
use field_desk::engine::{Action, Roller};
use field_desk::share::link::{self, LINK_VERSION};
use field_desk::share::Document;
use field_desk::systems::race_for_x::{sample, BattleOutcome, Decision};
use field_desk::systems::Body;
// ---------------------------------------------------------------------------------------
// Released versions keep loading
// ---------------------------------------------------------------------------------------

/// The built-in sample is part of released links (`fd1.` sends it as a reference), so it must
/// never change. The format-1 fixture holds it as released.
#[test]
fn the_sample_setup_is_still_the_released_one() {
    let released = Document::from_json(include_str!("fixtures/race-for-x-format-1.json")).unwrap();
    let Body::RaceForX { setup, .. } = released.body else { panic!("expected a Race for X campaign") };
    assert_eq!(sample::sample_setup(), setup, "the sample changed: released links refer to it");
}

/// One line per fact a decoded fixture must show.
fn summary(d: &Document) -> String {
    let c = campaign(d);
    let s = c.state();
    let rolls: Vec<(u16, bool)> = c
        .journal()
        .iter()
        .flat_map(|a| match a {
            Action::Decide(e) => e.dice.iter().map(|r| (r.value, r.by == Roller::Table)).collect(),
            _ => vec![],
        })
        .collect();
    let dice: String = rolls.iter().map(|(v, _)| char::from_digit(*v as u32 % 10, 10).unwrap()).collect();
    let table = rolls.iter().filter(|r| r.1).count();
    format!(
        "{} | {} | id {} | turn {} {:?} | places {} {} | lost {} {} | battles {} | journal {} ({} undo, {} redo) | dice {} ({} typed): {}",
        d.meta.name,
        d.meta.created,
        d.meta.id,
        s.turn,
        s.phase(),
        s.players[0].place.name(),
        s.players[1].place.name(),
        s.players[0].lost_count(),
        s.players[1].lost_count(),
        s.battles.len(),
        c.journal().len(),
        c.journal().iter().filter(|a| **a == Action::Undo).count(),
        c.journal().iter().filter(|a| **a == Action::Redo).count(),
        rolls.len(),
        table,
        dice
    )
}

/// The fixtures of the version Race for X is written as (4: its tight grammar, code 8). Those
/// of version 1 (`race-for-x-v1-*.txt`) were written by the app that released it and are only
/// read now.
fn fixtures() -> Vec<(&'static str, Document)> {
    vec![("race-for-x-v4-sample-played.txt", doc(&sample_with_undos(), "5e1d0a77c3b29f48", "Club night"))]
}

/// The fixtures of the current link version are what the app writes today for their
/// campaigns, made anew from play: checked, never rewritten (`support/fixture.rs` says how a new
/// version's fixtures are written).
#[test]
fn the_current_versions_fixtures_are_what_the_app_writes() {
    for (name, d) in fixtures() {
        fixture::check_written(&format!("tests/fixtures/links/{name}"), &link::encode(&d));
    }
}

fn check_fixture(text: &str, expected: &str) -> Document {
    let d = link::decode(text.trim()).unwrap_or_else(|e| panic!("a released link no longer opens: {e}"));
    assert_eq!(summary(&d), expected);
    let now = link::encode(&d);
    if text.starts_with("fd4.") {
        // While this is the version the app writes: its coding is fixed (its models, and the
        // rules' answers to what may happen next), so the same campaign still makes the same
        // link.
        assert_eq!(now, text.trim(), "version {LINK_VERSION} now writes this campaign differently");
    } else {
        // A version 1 link is written anew as version 4 (the tight grammar, code 8), which
        // opens as the same campaign.
        assert!(now.starts_with("fd4."), "{now}");
        assert_eq!(link::decode(&now), Ok(d.clone()));
    }
    d
}

#[test]
fn version_4_fixture_decodes_to_the_same_campaign() {
    check_fixture(include_str!("fixtures/links/race-for-x-v4-sample-played.txt"), EXPECTED_V4);
}

#[test]
fn version_1_fixtures_still_decode_to_the_same_campaigns() {
    let fresh = check_fixture(
        include_str!("fixtures/links/race-for-x-v1-fresh-sample.txt"),
        "Sample: Race for X | 1763700000000 | id 3f9a0c21b47d8e65 | turn 1 ChooseActions | places Zone 1 Zone 1 | lost 0 0 | battles 0 | journal 0 (0 undo, 0 redo) | dice 0 (0 typed): ",
    );
    assert_eq!(fresh.meta.updated, 1_763_712_345_678.0);
    check_fixture(include_str!("fixtures/links/race-for-x-v1-sample-3-turns-undo.txt"), EXPECTED_UNDO);
    let custom = check_fixture(include_str!("fixtures/links/race-for-x-v1-custom-setup.txt"), EXPECTED_CUSTOM);
    assert_eq!(custom.meta.updated, 12.25);
    let Body::RaceForX { setup, journal } = &custom.body else { panic!("expected a Race for X campaign") };
    assert_eq!(setup, &custom_setup());
    // The custom fixture pins every decision and every form of the format.
    let mut kinds: Vec<&str> = journal
        .iter()
        .filter_map(|a| match a {
            Action::Decide(e) => Some(match &e.decision {
                Decision::ChooseAction { .. } => "ChooseAction",
                Decision::RollBattleType => "RollBattleType",
                Decision::FieldForces { .. } => "FieldForces",
                Decision::RollDefence => "RollDefence",
                Decision::ClockRoll => "ClockRoll",
                Decision::NameObjectives { .. } => "NameObjectives",
                Decision::Note { .. } => "Note",
                Decision::RecordOutcome(_) => "RecordOutcome",
                Decision::RollBattleResult => "RollBattleResult",
                Decision::ConfirmMovement => "ConfirmMovement",
                Decision::ReplaceCommander { .. } => "ReplaceCommander",
                Decision::RollRecovery => "RollRecovery",
            }),
            _ => None,
        })
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    assert_eq!(kinds.len(), 12, "every decision appears: {kinds:?}");
    assert!(journal
        .iter()
        .any(|a| matches!(a, Action::Decide(e) if e.dice.len() > 1 && e.dice.iter().any(|r| r.by != e.dice[0].by))));
    assert!(journal.iter().any(|a| matches!(a, Action::Decide(e) if matches!(&e.decision, Decision::FieldForces { units } if !units.is_sorted()))));
    assert!(journal.iter().any(|a| matches!(a, Action::Decide(e) if matches!(&e.decision, Decision::RecordOutcome(BattleOutcome { killed, exited: 1, .. }) if !killed.is_sorted()))));
    assert!(journal.contains(&Action::Undo) && journal.contains(&Action::Redo));
}

const EXPECTED_UNDO: &str = "Club night | 1763700000000 | id 5e1d0a77c3b29f48 | turn 4 ChooseActions | places Zone 3 Zone 4 | lost 1 4 | battles 6 | journal 257 (5 undo, 2 redo) | dice 227 (0 typed): 12231212426351234426555425435433125441365453442264142254432451122531464642331532211243221336224321456533641662646456342451265231251123146161633136342652516163124246165661563642325542355511344366635433342342354621666636255164623";
const EXPECTED_V4: &str = "Club night | 1763700000000 | id 5e1d0a77c3b29f48 | turn 4 ChooseActions | places Zone 1 Zone 3 | lost 2 3 | battles 6 | journal 151 (5 undo, 2 redo) | dice 127 (0 typed): 4112522524252552633356512422446266625552612431216653441522255265446562552412354255232161135156131163641252566564312365345661511";
const EXPECTED_CUSTOM: &str = "Kirche & Höhe 112 — «Test» | 1763700000000.5 | id Club-Night #7 | turn 3 ChooseActions | places Zone 1 Zone 1 | lost 4 0 | battles 4 | journal 37 (2 undo, 1 redo) | dice 21 (14 typed): 334245462531461623435";
