//! Rapier Offensive: an umpired operational game. A corps of three attacking divisions (a
//! team: Corps Commander, Staff Officer, three Division Commanders) breaks through one
//! defending division run by the umpire, on a grid of 4 axes by 6 lines, in 6 turns. Rules
//! text: `../shared/rules/rapier-offensive.txt`, read through the rules README and checklist.
//! Not yet in the `systems!` list: it has no screens.

pub mod grid;
pub mod optional;
pub mod rules;
pub mod tables;
pub mod units;
