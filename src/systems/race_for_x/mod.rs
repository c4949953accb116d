//! "Race for ... X" (Crossfire): two players race down two five-zone routes to the same
//! objective. Rules text: `../shared/rules/race-for-x.txt`, read through the rules README.

pub mod check;
pub mod describe;
pub mod forces;
pub mod grammar;
mod grammar_setup;
pub mod grammar_v1;
pub mod orbat;
pub mod orbat_text;
pub mod preview;
pub mod rules;
pub mod sample;
pub mod seats;
pub mod setup_check;
pub mod stage;
pub mod state;
pub mod tables;

pub use orbat::{
    DefensiveOrbat, Formation, FormationKind, Orbat, Player, Setup, Stand, StandKind, StandRef, Unit, UnitKind,
};
pub use rules::{Decision, RuleError, SetupProblem};
pub use stage::{Part, ShapeError, Stage, Step};
pub use state::{Battle, BattleOutcome, Outcome, Phase, Place, Side, State};

use crate::engine::{Chooser, DiceSpec, Entry, Grammar, Reader, Readers, RollPreview, Seat, System};

/// The Race for X rule system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaceForX;

/// What this system says of itself: its words for the home screen, its link code, its sample.
impl crate::systems::Descriptor for RaceForX {
    const INFO: crate::systems::Info = crate::systems::Info {
    name: "Race for X (Crossfire)",
    about: "A campaign of linked Crossfire battles: two battalions race for the same objective along a route of zones, choosing attack or regroup in secret each turn.",
    players: "2 players",
    sample_name: "Sample: Race for X",
};
    const LINK_CODE: u32 = 8;
    // Its links are coded by `share::link`'s own framing (link version 1's), whose texts start
    // from `PRESET_TEXTS`; this list is not read.
    const LINK_TEXTS: &'static [&'static str] = &[];
    fn sample() -> Setup {
        sample::sample_setup()
    }
}

impl System for RaceForX {
    type Setup = Setup;
    type State = State;
    type Decision = Decision;
    type Error = RuleError;

    fn start(setup: &Setup) -> Result<State, RuleError> {
        rules::start(setup)
    }
    fn check_view(setup: &Setup, s: &State) -> Result<(), crate::engine::ViewProblem> {
        check::check_view(setup, s)
    }
    fn dice(setup: &Setup, state: &State, decision: &Decision) -> Option<DiceSpec> {
        rules::dice(setup, state, decision)
    }
    fn apply(setup: &Setup, state: &State, decision: &Decision, dice: &[u16]) -> Result<State, RuleError> {
        rules::apply(setup, state, decision, dice)
    }
    fn describe(setup: &Setup, before: &State, decision: &Decision, dice: &[u16], after: &State) -> String {
        describe::describe(setup, before, decision, dice, after)
    }
    fn players(setup: &Setup) -> Vec<String> {
        setup.players.iter().map(|p| p.name.clone()).collect()
    }
    fn status(setup: &Setup, s: &State) -> String {
        match s.outcome() {
            Some(Outcome::Win(side)) => format!("{} won in turn {}", setup.players[side.index()].name, s.turn),
            Some(Outcome::Draw) => format!("Draw in turn {}", s.turn),
            None => format!("Turn {} \u{00B7} {}", s.turn, s.phase().name()),
        }
    }
    fn turn(s: &State) -> u32 {
        s.turn
    }
    fn preview(setup: &Setup, state: &State, decision: &Decision) -> Option<RollPreview> {
        preview::preview(setup, state, decision)
    }
    fn seats(setup: &Setup) -> Vec<Seat> {
        seats::seats(setup)
    }
    fn seat_name(setup: &Setup, _state: &State, seat: Seat) -> String {
        seats::seat_name(setup, seat)
    }
    fn to_act(setup: &Setup, s: &State) -> Vec<Seat> {
        seats::to_act(setup, s)
    }
    fn actor(setup: &Setup, s: &State, d: &Decision) -> Option<Seat> {
        seats::actor(setup, s, d)
    }
    fn audience(setup: &Setup, at: &State, e: &Entry<Decision>, now: &State, active: bool) -> Readers {
        seats::audience(setup, at, e, now, active)
    }
    fn view(setup: &Setup, s: &State, reader: Reader) -> State {
        seats::view(setup, s, reader)
    }
    /// The fixed part of a position, and flags per unit and stand. Frozen with link version
    /// 1: whether a journal is coded replayed or plain depends on it.
    fn start_weight(setup: &Setup) -> usize {
        let stands: usize = setup.players.iter().map(|p| p.orbat.units.len() + p.orbat.stand_count()).sum();
        256 + 32 * stands
    }
    /// Follows the measured cost (a 30-turn campaign: about 40 MB of positions). Frozen with
    /// link version 1, as `start_weight`.
    fn weight(_setup: &Setup, d: &Decision) -> usize {
        match d {
            // Each part of a turn ends with the recovery roll and stays in every later position.
            Decision::RollRecovery => 512,
            Decision::Note { text } => 64 + text.len(),
            Decision::NameObjectives { names } => 128 + names[0].len() + names[1].len(),
            Decision::FieldForces { units } => 2 * units.len(),
            Decision::RecordOutcome(o) => 32 + 6 * o.killed.len(),
            _ => 0,
        }
    }
}

/// Race for X's setup and decisions as choices (`grammar`, `grammar_setup`), tight: link
/// version 4 (system code 8), walked by the one link coder. `fd1.` links read through
/// `grammar_v1::GrammarV1`.
impl Grammar for RaceForX {
    fn setup<C: Chooser>(c: &mut C, given: Option<&Setup>) -> Result<Setup, C::Error> {
        grammar_setup::setup(c, given)
    }
    fn decision<C: Chooser>(
        setup: &Setup,
        s: &State,
        c: &mut C,
        given: Option<&Decision>,
    ) -> Result<Decision, C::Error> {
        grammar::decision(setup, s, c, given)
    }
    fn over(_setup: &Setup, s: &State) -> bool {
        s.phase() == Phase::Finished
    }
}
