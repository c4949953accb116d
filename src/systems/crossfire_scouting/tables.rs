//! Crossfire night scouting's numbers as data, read as `../shared/rules/README.md` fixes
//! them. The rules reference renders these same values, so what is shown is what is applied.

use super::team::Quality;
use crate::engine::band::{lookup, Band};
use crate::engine::{DiceSpec, Die};
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------------------
// Spotting: an opposed roll, 1d6 each plus modifiers; the spotter needs a strictly higher
// total.
// ---------------------------------------------------------------------------------------

/// Each side's quality modifier, in spotting and in close combat.
pub const QUALITY: [(Quality, i32); 3] = [(Quality::Green, -1), (Quality::Regular, 0), (Quality::Veteran, 1)];

pub fn quality_modifier(q: Quality) -> i32 {
    QUALITY.iter().find(|(k, _)| *k == q).map(|(_, m)| *m).unwrap()
}

/// Special training (night-trained, specialist scouts), for either side's spotting.
pub const SPECIAL_TRAINING: i32 = 1;
/// A side whose foe is in cover.
pub const FOE_IN_COVER: i32 = -1;

/// The spotter sees the hider only on a strictly higher total; a tie fails.
pub fn spots(spotter_total: i32, hider_total: i32) -> bool {
    spotter_total > hider_total
}

/// The four ends of a spotting attempt: the scout's roll, then the sentries'.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpotOutcome {
    /// The scout sees them and is not seen.
    ScoutOnly,
    /// Each side sees the other.
    Both,
    /// Only the sentries see.
    SentriesOnly,
    /// Nobody sees anything.
    Neither,
}

impl SpotOutcome {
    pub const ALL: [SpotOutcome; 4] =
        [SpotOutcome::ScoutOnly, SpotOutcome::Both, SpotOutcome::SentriesOnly, SpotOutcome::Neither];
    pub fn of(scout_spots: bool, sentries_spot: bool) -> SpotOutcome {
        match (scout_spots, sentries_spot) {
            (true, false) => SpotOutcome::ScoutOnly,
            (true, true) => SpotOutcome::Both,
            (false, true) => SpotOutcome::SentriesOnly,
            (false, false) => SpotOutcome::Neither,
        }
    }
    pub fn scout_spots(self) -> bool {
        matches!(self, SpotOutcome::ScoutOnly | SpotOutcome::Both)
    }
    pub fn sentries_spot(self) -> bool {
        matches!(self, SpotOutcome::Both | SpotOutcome::SentriesOnly)
    }
    pub fn name(self) -> &'static str {
        match self {
            SpotOutcome::ScoutOnly => "Scout sees, unseen",
            SpotOutcome::Both => "Both sides see",
            SpotOutcome::SentriesOnly => "Only the sentries see",
            SpotOutcome::Neither => "Nobody sees",
        }
    }
    /// What the players do next, in a few words.
    pub fn next(self) -> &'static str {
        match self {
            SpotOutcome::ScoutOnly => "the defender shows what is there, or says the area is empty",
            SpotOutcome::Both => "the defender may fire; unless the scout dies unwatched, what is there is shown",
            SpotOutcome::SentriesOnly => {
                "the defender may fire, or hold fire and gain +2 in close combat should the scout walk in"
            }
            SpotOutcome::Neither => "nothing happens",
        }
    }
}

// ---------------------------------------------------------------------------------------
// Time
// ---------------------------------------------------------------------------------------

/// The clock starts at 01:00; the state counts minutes from there.
pub const START_HOUR: u16 = 1;
/// The scouts must be back at their own edge by 04:00: three hours.
pub const DEADLINE_MINUTES: u16 = 180;
/// A clock roll of this or more moves the clock on.
pub const CLOCK_TARGET: u16 = 4;
/// Minutes the clock moves on a successful clock roll.
pub const CLOCK_STEP_MINUTES: u16 = 20;
/// Move actions a figure may make in a row before a clock roll.
pub const MOVES_PER_CLOCK_ROLL: u8 = 3;

pub fn clock_die() -> DiceSpec {
    DiceSpec::one(Die::D6)
}

/// Minutes the clock moves for this die.
pub fn clock_advance(die: u16) -> u16 {
    if die >= CLOCK_TARGET {
        CLOCK_STEP_MINUTES
    } else {
        0
    }
}

/// "01:00", "01:20", "04:00" for minutes since 01:00.
pub fn clock_text(minutes: u16) -> String {
    let total = START_HOUR * 60 + minutes;
    format!("{:02}:{:02}", total / 60, total % 60)
}

// ---------------------------------------------------------------------------------------
// Fire at a scout: per defending unit, drop the highest die, count 5s and 6s.
// ---------------------------------------------------------------------------------------

/// Dice per firing unit at a scout in the open.
pub const FIRE_DICE_OPEN: u16 = 5;
/// Dice per firing unit at a scout in cover.
pub const FIRE_DICE_COVER: u16 = 4;
/// A kept die showing this or more is a hit.
pub const HIT_ON: u16 = 5;

/// One unit's volley: 5d6 (4d6 at a scout in cover), the highest die set aside.
pub fn fire_dice(target_in_cover: bool) -> DiceSpec {
    let n = if target_in_cover { FIRE_DICE_COVER } else { FIRE_DICE_OPEN };
    DiceSpec::pool(n, Die::D6).drop_highest(1)
}

/// Hits of one volley: 5s and 6s among the dice kept.
pub fn hits(spec: &DiceSpec, dice: &[u16]) -> u8 {
    spec.kept(dice).iter().filter(|&&v| v >= HIT_ON).count() as u8
}

/// What fire does to a scout; ordered from mildest to worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FireResult {
    CarryOn,
    Retreat,
    Killed,
}

impl FireResult {
    pub fn name(self) -> &'static str {
        match self {
            FireResult::CarryOn => "Carry on",
            FireResult::Retreat => "Retreat",
            FireResult::Killed => "Killed",
        }
    }
    /// What happens to the scout, in a few words.
    pub fn next(self) -> &'static str {
        match self {
            FireResult::CarryOn => "no harm done: he carries on",
            FireResult::Retreat => {
                "he makes one straight move: into cover if he was in the open, out of sight if he was in cover"
            }
            FireResult::Killed => "he is dead; what only he knew dies with him",
        }
    }
}

/// Hits of one volley: 0 carry on, 1 retreat, 2 or more killed.
pub const FIRE_RESULT: [(Band, FireResult); 3] = [
    (Band::at_most(0), FireResult::CarryOn),
    (Band::exactly(1), FireResult::Retreat),
    (Band::at_least(2), FireResult::Killed),
];

pub fn fire_result(hits: u8) -> FireResult {
    lookup(&FIRE_RESULT, hits as i32)
}

/// Most units that may fire at one scout in one go (a sanity bound for typed input).
pub const MAX_FIRING_UNITS: u8 = 9;

// ---------------------------------------------------------------------------------------
// Close combat, one round: 1d6 each plus modifiers; the lower total loses, a tie is rolled
// again (the Crossfire rule).
// ---------------------------------------------------------------------------------------

/// The defender's bonus when his sentries saw this scout try the area and held fire.
pub const AMBUSH_BONUS: i32 = 2;
/// Largest "other modifier" a player may type for either side of a close combat.
pub const MAX_OTHER_MODIFIER: i8 = 6;

/// Who wins one roll of close combat; `None` is a tie, rolled again.
pub fn close_combat_winner(scout_total: i32, defender_total: i32) -> Option<CloseCombatWinner> {
    match scout_total.cmp(&defender_total) {
        std::cmp::Ordering::Greater => Some(CloseCombatWinner::Scout),
        std::cmp::Ordering::Less => Some(CloseCombatWinner::Defender),
        std::cmp::Ordering::Equal => None,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CloseCombatWinner {
    Scout,
    Defender,
}
