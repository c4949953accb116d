//! Every native test suite, in one test binary. Each file in `tests/` is a module of its own
//! here, with its name as before (`cargo test --test native seat_follow::`): one link and one
//! copy of the crate's generic code instead of one of each per file, when the suites were
//! eighty binaries (`autotests = false` in Cargo.toml; `scripts/test.sh` says what it saves).
//! A file in `tests/` that is neither a module here nor a test target in Cargo.toml would
//! never run: `every_suite_is_built` fails for it.
#![cfg(not(target_arch = "wasm32"))]
// Each suite names the helpers of tests/support/ it uses, by `#[path]`, as when it was a binary
// of its own: a helper used by several suites is a module of each (a few small files built twice).
#![allow(clippy::duplicate_mod)]

#[path = "axis_of_attack_casualties.rs"]
mod axis_of_attack_casualties;
#[path = "axis_of_attack_fixtures.rs"]
mod axis_of_attack_fixtures;
#[path = "axis_of_attack_missions.rs"]
mod axis_of_attack_missions;
#[path = "axis_of_attack_platoon_text.rs"]
mod axis_of_attack_platoon_text;
#[path = "axis_of_attack_play.rs"]
mod axis_of_attack_play;
#[path = "axis_of_attack_random.rs"]
mod axis_of_attack_random;
#[path = "axis_of_attack_results.rs"]
mod axis_of_attack_results;
#[path = "axis_of_attack_seat_fixtures.rs"]
mod axis_of_attack_seat_fixtures;
#[path = "axis_of_attack_seat_shape.rs"]
mod axis_of_attack_seat_shape;
#[path = "axis_of_attack_tables.rs"]
mod axis_of_attack_tables;
#[path = "axis_of_attack_transport.rs"]
mod axis_of_attack_transport;
#[path = "bfww2_checklist.rs"]
mod bfww2_checklist;
#[path = "bfww2_cycle.rs"]
mod bfww2_cycle;
#[path = "bfww2_cycle_refit.rs"]
mod bfww2_cycle_refit;
#[path = "bfww2_eligibility.rs"]
mod bfww2_eligibility;
#[path = "bfww2_keeper.rs"]
mod bfww2_keeper;
#[path = "bfww2_losses.rs"]
mod bfww2_losses;
#[path = "bfww2_random.rs"]
mod bfww2_random;
#[path = "bfww2_refit_rules.rs"]
mod bfww2_refit_rules;
#[path = "bfww2_roster_text.rs"]
mod bfww2_roster_text;
#[path = "bfww2_secrecy.rs"]
mod bfww2_secrecy;
#[path = "bfww2_setup.rs"]
mod bfww2_setup;
#[path = "bfww2_tables.rs"]
mod bfww2_tables;
#[path = "bfww2_umpire.rs"]
mod bfww2_umpire;
#[path = "bfww2_wrecks.rs"]
mod bfww2_wrecks;
#[path = "boot.rs"]
mod boot;
#[path = "crossfire_scouting_atkins.rs"]
mod crossfire_scouting_atkins;
#[path = "crossfire_scouting_finds.rs"]
mod crossfire_scouting_finds;
#[path = "crossfire_scouting_fixtures.rs"]
mod crossfire_scouting_fixtures;
#[path = "crossfire_scouting_random.rs"]
mod crossfire_scouting_random;
#[path = "crossfire_scouting_rules.rs"]
mod crossfire_scouting_rules;
#[path = "crossfire_scouting_sentries.rs"]
mod crossfire_scouting_sentries;
#[path = "crossfire_scouting_spotting.rs"]
mod crossfire_scouting_spotting;
#[path = "crossfire_scouting_team_text.rs"]
mod crossfire_scouting_team_text;
#[path = "engine_campaign.rs"]
mod engine_campaign;
#[path = "every_system.rs"]
mod every_system;
#[path = "grammar_play.rs"]
mod grammar_play;
#[path = "joint_checks.rs"]
mod joint_checks;
#[path = "qr_scan.rs"]
mod qr_scan;
#[path = "race_for_x_forces.rs"]
mod race_for_x_forces;
#[path = "race_for_x_orbat_text.rs"]
mod race_for_x_orbat_text;
#[path = "race_for_x_play.rs"]
mod race_for_x_play;
#[path = "race_for_x_random.rs"]
mod race_for_x_random;
#[path = "race_for_x_recovery.rs"]
mod race_for_x_recovery;
#[path = "race_for_x_seat_fixtures.rs"]
mod race_for_x_seat_fixtures;
#[path = "race_for_x_setup.rs"]
mod race_for_x_setup;
#[path = "race_for_x_stage.rs"]
mod race_for_x_stage;
#[path = "race_for_x_tables.rs"]
mod race_for_x_tables;
#[path = "race_for_x_undo.rs"]
mod race_for_x_undo;
#[path = "rapier_checklist.rs"]
mod rapier_checklist;
#[path = "rapier_division_text.rs"]
mod rapier_division_text;
#[path = "rapier_movement.rs"]
mod rapier_movement;
#[path = "rapier_random.rs"]
mod rapier_random;
#[path = "rapier_readings.rs"]
mod rapier_readings;
#[path = "rapier_rules.rs"]
mod rapier_rules;
#[path = "rapier_tables.rs"]
mod rapier_tables;
#[path = "rapier_turn.rs"]
mod rapier_turn;
#[path = "rapier_words.rs"]
mod rapier_words;
#[path = "replies.rs"]
mod replies;
#[path = "sealed.rs"]
mod sealed;
#[path = "sealed_fixtures.rs"]
mod sealed_fixtures;
#[path = "sealed_fuzz.rs"]
mod sealed_fuzz;
#[path = "seat_copies.rs"]
mod seat_copies;
#[path = "seat_copy_hostile.rs"]
mod seat_copy_hostile;
#[path = "seat_follow.rs"]
mod seat_follow;
#[path = "seat_follow_fixtures.rs"]
mod seat_follow_fixtures;
#[path = "seats.rs"]
mod seats;
#[path = "share_link.rs"]
mod share_link;
#[path = "share_link_aoa.rs"]
mod share_link_aoa;
#[path = "share_link_bfww2.rs"]
mod share_link_bfww2;
#[path = "share_link_bounds.rs"]
mod share_link_bounds;
#[path = "share_link_fuzz.rs"]
mod share_link_fuzz;
#[path = "share_link_grammar.rs"]
mod share_link_grammar;
#[path = "share_link_rapier.rs"]
mod share_link_rapier;
#[path = "share_link_released.rs"]
mod share_link_released;
#[path = "share_link_scouting.rs"]
mod share_link_scouting;
#[path = "share_typed.rs"]
mod share_typed;
#[path = "store.rs"]
mod store;
#[path = "store_pins.rs"]
mod store_pins;
#[path = "store_seals.rs"]
mod store_seals;

/// Every `tests/*.rs` is built: a module of this binary, or a target of its own in Cargo.toml.
#[test]
fn every_suite_is_built() {
    let here = [include_str!("native.rs"), include_str!("wasm.rs")].concat();
    let manifest = include_str!("../Cargo.toml");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut missing = vec![];
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(stem) = name.strip_suffix(".rs") else { continue };
        let module = format!("#[path = \"{name}\"]\nmod {stem};");
        let target = format!("path = \"tests/{name}\"");
        if stem != "native" && !here.contains(&module) && !manifest.contains(&target) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "tests/ files that no test target builds: {missing:?}; add each to tests/native.rs or tests/wasm.rs"
    );
}
