//! Battlefront: WW2 Basic Campaign Rules: an umpired campaign of linked scenarios over several
//! campaign days, with rosters of manoeuvre elements (MEs), campaign purchase points (CPP) and
//! fortification purchase points (FPP). Rules text: `../shared/rules/bfww2-campaign.txt`, read
//! through the rules README and checklist. Not in the `systems!` list: it has no screens yet.

pub mod calendar;
pub mod charts;
pub mod eligibility;
pub mod modifier;
pub mod rating;
pub mod roster;
pub mod rules;
pub mod sample;
pub mod setup;
pub mod tables;

pub use modifier::{Band, Modifier};
pub use rating::Rating;
pub use setup::{setup_check, Setup, SetupProblem};
