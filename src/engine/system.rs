//! What the engine needs from a rule system: a pure fold of decisions over state.

use super::campaign::Entry;
use super::dice::DiceSpec;
use super::odds::Chance;
use super::seat::{Reader, Readers, Seat};
use serde::{de::DeserializeOwned, Serialize};
use std::fmt::{Debug, Display};

/// A campaign system's rules. Every function is pure: no clock, storage or randomness.
/// (`Send + Sync + 'static` lets the UI keep campaigns in its reactive signals.)
pub trait System: Send + Sync + 'static {
    /// Everything fixed before play: players, orbats, options.
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// The position after some decisions.
    type State: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// One step of play, with its data. Dice are not part of it: they travel beside it.
    type Decision: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// Why a decision is not legal now.
    type Error: Clone + Debug + PartialEq + Display + Send + Sync + 'static;

    /// The position before any decision; fails on an unplayable setup.
    fn start(setup: &Self::Setup) -> Result<Self::State, Self::Error>;

    /// The dice this decision needs in this position, if any.
    fn dice(setup: &Self::Setup, state: &Self::State, decision: &Self::Decision) -> Option<DiceSpec>;

    /// Plays one decision with its dice (already checked against `dice`).
    fn apply(
        setup: &Self::Setup,
        state: &Self::State,
        decision: &Self::Decision,
        dice: &[u16],
    ) -> Result<Self::State, Self::Error>;

    /// One line for the campaign log, in the players' words. `before` and `after` are the
    /// positions around the decision; a secret decision must not reveal itself here.
    fn describe(
        setup: &Self::Setup,
        before: &Self::State,
        decision: &Self::Decision,
        dice: &[u16],
        after: &Self::State,
    ) -> String;

    /// The players' names, for the campaign list and import reviews.
    fn players(setup: &Self::Setup) -> Vec<String>;

    /// Where the campaign stands in a few words: "Turn 3 · Fight the battle", "Anna won".
    fn status(setup: &Self::Setup, state: &Self::State) -> String;

    /// The campaign turn (1 for a session without turns).
    fn turn(state: &Self::State) -> u32;

    /// What the dice widget shows before this decision's roll; `None` when it takes no dice.
    fn preview(setup: &Self::Setup, state: &Self::State, decision: &Self::Decision) -> Option<RollPreview>;

    /// A reason not to share the campaign right now (a secret choice half made), in the
    /// system's words. The campaign adds a general one for any entry still hidden from a seat.
    fn share_hold(_setup: &Self::Setup, _state: &Self::State) -> Option<String> {
        None
    }

    /// Who sits at the table, in order (the two sides, an umpire...). None by default: one
    /// table playing together.
    fn seats(_setup: &Self::Setup) -> Vec<Seat> {
        Vec::new()
    }

    /// A seat's name, as the players call it, in the position `state` (a player may change
    /// seats in play: Rapier's Staff Officer swaps roles with a division commander).
    fn seat_name(_setup: &Self::Setup, _state: &Self::State, seat: Seat) -> String {
        format!("seat {}", seat.0 + 1)
    }

    /// Whose input the position waits for (empty when anyone at the table may act, or none).
    fn to_act(_setup: &Self::Setup, _state: &Self::State) -> Vec<Seat> {
        Vec::new()
    }

    /// The seat that takes this decision in this position; `None` for the table as a whole
    /// (a roll anyone may make, an agreed note). Recorded in the journal as the entry's `by`.
    fn actor(_setup: &Self::Setup, _state: &Self::State, _decision: &Self::Decision) -> Option<Seat> {
        None
    }

    /// Who may read an entry: judged on the position it was played in (`at`), the position
    /// now, and whether it is still in effect, so "shown once both have chosen" is a rule.
    /// An undone entry a seat may not read is left out of that seat's history altogether.
    fn audience(
        _setup: &Self::Setup,
        _at: &Self::State,
        _entry: &Entry<Self::Decision>,
        _now: &Self::State,
        _active: bool,
    ) -> Readers {
        Readers::EVERYONE
    }

    /// The position as `reader` may see it: what is hidden from them taken out. Screens render
    /// this, never the whole position.
    fn view(_setup: &Self::Setup, state: &Self::State, _reader: Reader) -> Self::State {
        state.clone()
    }

    /// The setup as `reader` may see it, for a seat link (`SeatView`): the setup as it is
    /// unless a system keeps part of it from some seat.
    fn view_setup(setup: &Self::Setup, _reader: Reader) -> Self::Setup {
        setup.clone()
    }

    /// Whether a position read from outside the device (a seat copy: a view, not replayed) is
    /// one the screens can draw: every index it holds within the setup's lists, every count
    /// within its bounds. A position the rules produced always passes; a hostile or damaged
    /// copy is refused with the reason (typed: `ViewProblem`, worded where it is shown) rather
    /// than crashing the page that draws it.
    fn check_view(_setup: &Self::Setup, _state: &Self::State) -> Result<(), super::ViewProblem> {
        Ok(())
    }

    /// A refusal as the screen words it, naming what the setup names (a unit, a division);
    /// by default the error's own words. Read on the device that took the decision, it must
    /// tell nothing of the position the seats there may not read.
    fn refusal(_setup: &Self::Setup, _state: &Self::State, error: &Self::Error) -> String {
        error.to_string()
    }

    /// Someone who runs the game and may read everything (Rapier's umpire): they may take
    /// the whole campaign, secrets and all, to their own devices. `None` where no one does.
    fn umpire(_setup: &Self::Setup) -> Option<Seat> {
        None
    }

    /// In a game an umpire would otherwise keep, the seat whose player keeps the campaign
    /// instead (a Battlefront campaign kept by one side). That device holds everything, so the
    /// other seats seal their secret choices and roll jointly with it, as in a game with no
    /// umpire (`player_keeps`).
    fn kept_by(_setup: &Self::Setup) -> Option<Seat> {
        None
    }

    /// A roll only the rolling side cares about (a side's own rating roll): when players sit
    /// apart it stays that side's, never made jointly by default. Every other roll, whose
    /// outcome both sides care about, is offered as a joint roll first.
    fn own_roll(_setup: &Self::Setup, _state: &Self::State, _decision: &Self::Decision) -> bool {
        false
    }

    /// Replay work, for the one bound every replay from outside the device obeys (share
    /// links): roughly the bytes a fresh position holds, with what a history line may quote
    /// of the setup. Playing a position costs what the position holds, so the sum over the
    /// positions a journal plays bounds both its memory and its time.
    fn start_weight(_setup: &Self::Setup) -> usize {
        4096
    }

    /// Replay work a decision adds: roughly the bytes it leaves in every later position (a
    /// note kept, a finished turn, a list handed in). Judged on the decision alone, so a
    /// reader weighs each line before the position is played.
    fn weight(_setup: &Self::Setup, _decision: &Self::Decision) -> usize {
        64
    }
}

/// What the dice widget shows before a roll: the dice, the modifiers in force and the exact
/// chance of every result.
#[derive(Clone, Debug, PartialEq)]
pub struct RollPreview {
    pub title: String,
    pub dice: DiceSpec,
    pub modifiers: Vec<Modifier>,
    pub odds: Vec<(String, Chance)>,
    /// The faces (or totals) that give each result, beside its odds ("1-2"), from
    /// `odds::tally_faced`; `None` where a result is not read from one number.
    pub faces: Option<Vec<String>>,
    /// A line under the odds, e.g. "Each lost stand comes back on a 5 or 6."
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modifier {
    pub label: String,
    pub value: i32,
}

impl RollPreview {
    pub fn total_modifier(&self) -> i32 {
        self.modifiers.iter().map(|m| m.value).sum()
    }
}

/// Whether the campaign is kept by one of its players: no umpire keeps it, or a player keeps
/// it in the umpire's place (`System::kept_by`). Only then are choices sealed and rolls joint.
pub fn player_keeps<S: System>(setup: &S::Setup) -> bool {
    S::umpire(setup).is_none() || S::kept_by(setup).is_some()
}
