//! The parts every rule system shares: dice, exact odds, roll tables, and the campaign
//! journal with undo and redo. Pure: no clock, storage, randomness source or UI.

pub mod band;
pub mod campaign;
pub mod dice;
pub mod fair;
pub mod grammar;
pub mod json;
mod json_de;
mod json_read;
pub mod odds;
pub mod order;
pub mod pasted;
pub mod seat;
pub mod system;
pub mod view_problem;

pub use campaign::{Action, Campaign, DecideError, DiceInput, Entry, HistoryKind, HistoryLine, ReplayError, SeatView};
pub use dice::{DiceError, DiceSpec, Die, Roll, Roller};
pub use grammar::{Chooser, Grammar, GrammarOf};
pub use odds::Chance;
pub use seat::{Audience, Reader, Readers, Seat, TwoSides};
pub use system::{player_keeps, Modifier, RollPreview, System};
pub use view_problem::ViewProblem;
