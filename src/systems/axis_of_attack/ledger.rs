//! The campaign VP ledger: every VP earned or spent, by whom and for what.

use super::side::Side;
use super::tables::{Mission, OptionKind};
use serde::{Deserialize, Serialize};

/// What a ledger line was for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LedgerItem {
    /// Victory points of a game (earned).
    GameVp,
    /// Outnumbered and outgunned bonus (earned), by the points difference.
    Outnumbered {
        difference: u32,
    },
    /// More points on the table.
    Points {
        points: u32,
    },
    MissionChange {
        from: Mission,
        to: Mission,
    },
    AreaShift {
        squares: u8,
    },
    Option(OptionKind),
    ReinforcementDice {
        dice: u16,
    },
    /// A support platoon exchanged (roster indices).
    Exchange {
        old: u16,
        new: u16,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedgerEntry {
    pub turn: u32,
    pub side: Side,
    /// Positive when earned, negative when spent.
    pub vp: i32,
    pub item: LedgerItem,
}
