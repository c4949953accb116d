//! Field Desk: a campaign companion for tabletop WW2 wargames.
//!
//! `engine` and `systems` are pure rules; `share` and `store` are the stored formats and
//! persistence logic; `ui` (browser only) is the Leptos app.

pub mod engine;
pub mod share;
pub mod store;
pub mod systems;

#[cfg(target_arch = "wasm32")]
pub mod ui;

#[cfg(target_arch = "wasm32")]
pub use ui::mount;
