//! Rapier Offensive: an umpired operational game. A corps of three attacking divisions (a
//! team: Corps Commander, Staff Officer, three Division Commanders) breaks through one
//! defending division run by the umpire, on a grid of 4 axes by 6 lines, in 6 turns. Rules
//! text: `../shared/rules/rapier-offensive.txt`, read through the rules README and checklist.

pub mod check;
pub mod combat;
pub mod defender;
pub mod describe;
pub mod division_text;
pub mod errors;
pub mod fire;
pub mod grammar;
mod grammar_moves;
mod grammar_parts;
pub mod grid;
pub mod movement;
pub mod optional;
pub mod preview;
pub mod readings;
pub mod rules;
pub mod sample;
pub mod seats;
pub mod setup;
pub mod state;
pub mod tables;
pub mod terrain;
pub mod turn_end;
pub mod units;

pub use errors::RuleError;
pub use rules::{Decision, Deployment};
pub use setup::{setup_check, Setup, SetupProblem};
pub use state::{Phase, State};

use crate::engine::{Chooser, DiceSpec, Entry, Grammar, Reader, Readers, RollPreview, Seat, System};

/// The Rapier Offensive rule system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RapierOffensive;

/// What this system says of itself: its words for the home screen, its link code, its sample.
impl crate::systems::Descriptor for RapierOffensive {
    const INFO: crate::systems::Info = crate::systems::Info {
    name: "Rapier Offensive",
    about: "An umpired operational game: a corps of three divisions tries to break through a hidden defending division on a grid of four axes and six lines, in six turns.",
    players: "5-6 players: an umpire, a Corps Commander, a Staff Officer and three Division Commanders",
    sample_name: "Sample: Operation Uranus",
};
    const LINK_CODE: u32 = 4;
    const LINK_TEXTS: &'static [&'static str] = &["Sample: Operation Uranus", "New campaign"];
    fn sample() -> Setup {
        sample::sample_setup()
    }
}

impl System for RapierOffensive {
    type Setup = Setup;
    type State = State;
    type Decision = Decision;
    type Error = RuleError;

    fn start(setup: &Setup) -> Result<State, RuleError> {
        rules::start(setup)
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
        let p = &setup.players;
        let mut v = vec![p.umpire.clone(), p.corps_commander.clone(), p.staff_officer.clone()];
        v.extend(p.division_commanders.iter().cloned());
        v
    }
    fn status(_setup: &Setup, s: &State) -> String {
        if s.turn == 0 {
            format!("Before the battle \u{00B7} {}", s.phase.name())
        } else {
            format!("Turn {} \u{00B7} {}", s.turn, s.phase.name())
        }
    }
    fn turn(s: &State) -> u32 {
        s.turn.max(1) as u32
    }
    fn preview(setup: &Setup, state: &State, decision: &Decision) -> Option<RollPreview> {
        preview::preview(setup, state, decision)
    }
    /// The umpire's deployment is in the journal and everything after it depends on it, so a
    /// copy without it could not replay: such a campaign stays on the device for now.
    fn share_hold(_setup: &Setup, s: &State) -> Option<String> {
        (!s.counters.is_empty()).then(|| {
            "The defender's deployment is secret and the rest of the game rests on it, so this campaign cannot leave the device.".to_string()
        })
    }
    fn seats(setup: &Setup) -> Vec<Seat> {
        seats::seats(setup)
    }
    fn check_view(setup: &Setup, s: &State) -> Result<(), crate::engine::ViewProblem> {
        check::check_view(setup, s)
    }
    fn refusal(setup: &Setup, state: &State, error: &RuleError) -> String {
        error.words(setup, state)
    }
    fn umpire(_setup: &Setup) -> Option<Seat> {
        Some(seats::UMPIRE)
    }
    fn seat_name(setup: &Setup, state: &State, seat: Seat) -> String {
        seats::seat_name_now(setup, state, seat)
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
}

impl Grammar for RapierOffensive {
    fn setup<C: Chooser>(c: &mut C, given: Option<&Setup>) -> Result<Setup, C::Error> {
        grammar::setup(c, given)
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
        grammar::over(s)
    }
}
