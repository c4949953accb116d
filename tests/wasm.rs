//! Every component test in headless Chromium (wasm-bindgen-test), in one test binary: one
//! link and one wasm-bindgen pass instead of one per file. Each file is a module of its own
//! (`cargo test --target wasm32-unknown-unknown --test wasm wasm_pins::`). The example system's
//! suite, `wasm_example.rs`, needs its feature and stays a target of its own.
#![cfg(target_arch = "wasm32")]
// Each suite names the helpers of tests/support/ it uses, by `#[path]`, as when it was a binary
// of its own: a helper used by several suites is a module of each (a few small files built twice).
#![allow(clippy::duplicate_mod)]

#[path = "wasm_aoa.rs"]
mod wasm_aoa;
#[path = "wasm_bfww2.rs"]
mod wasm_bfww2;
#[path = "wasm_bfww2_losses.rs"]
mod wasm_bfww2_losses;
#[path = "wasm_bfww2_paths.rs"]
mod wasm_bfww2_paths;
#[path = "wasm_bfww2_setup.rs"]
mod wasm_bfww2_setup;
#[path = "wasm_components.rs"]
mod wasm_components;
#[path = "wasm_drafts.rs"]
mod wasm_drafts;
#[path = "wasm_paste.rs"]
mod wasm_paste;
#[path = "wasm_pins.rs"]
mod wasm_pins;
#[path = "wasm_rapier.rs"]
mod wasm_rapier;
#[path = "wasm_rapier_paths.rs"]
mod wasm_rapier_paths;
#[path = "wasm_rapier_screens.rs"]
mod wasm_rapier_screens;
#[path = "wasm_scan.rs"]
mod wasm_scan;
#[path = "wasm_scouting.rs"]
mod wasm_scouting;
#[path = "wasm_seat_copies.rs"]
mod wasm_seat_copies;
