//! Crossfire night scouting: before a dawn attack, a few scouts creep up on a hidden
//! defender to find where he is; the app referees the rolls for the scouting player and the
//! defender sharing one tablet. Rules text: `../shared/rules/crossfire-scouting.txt`, read
//! through the rules README. The readings taken where the text leaves room are listed at
//! the top of `rules.rs`.

mod check;
pub mod describe;
mod errors;
mod grammar;
mod grammar_v2;
mod legal;
mod modifiers;
pub mod preview;
mod resolve;
pub mod rules;
pub mod sample;
pub mod seats;
pub mod state;
pub mod summary;
pub mod tables;
pub mod team;
pub mod team_text;
mod weight;

pub use grammar_v2::GrammarV2;
pub use rules::{Actor, Decision, RuleError, SetupProblem};
pub use state::{ClockReason, Discovery, EndReason, FindStatus, Phase, Sighting, Stage, State, Status};
pub use summary::{summary, ScoutingSummary};
pub use team::{Area, Origin, Place, Quality, Scout, ScoutRef, Sentries, Setup, Team};

use crate::engine::{Chooser, DiceSpec, Grammar, RollPreview, Seat, System};

/// The Crossfire night scouting rule system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrossfireScouting;

/// What this system says of itself: its words for the home screen, its link code, its sample.
impl crate::systems::Descriptor for CrossfireScouting {
    const INFO: crate::systems::Info = crate::systems::Info {
    name: "Crossfire night scouting",
    about: "The night before a Crossfire attack: a few scouts creep up to the enemy line to find hidden troops, against sentries who may spot them, until they come back or dawn comes.",
    players: "2 players: scouts and defender",
    sample_name: "Sample: Night scouting",
};
    const LINK_CODE: u32 = 7;
    const LINK_TEXTS: &'static [&'static str] = &["Sample: Night scouting", "New campaign"];
    fn sample() -> Setup {
        sample::sample_setup()
    }
}

impl System for CrossfireScouting {
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
    /// The scouting teams' leaders stand for the scouting side; the defender is unnamed.
    fn players(setup: &Setup) -> Vec<String> {
        let mut v: Vec<String> = setup.teams.iter().map(|t| t.name.clone()).collect();
        v.push("Defender".into());
        v
    }
    fn status(_setup: &Setup, s: &State) -> String {
        match s.ended {
            Some(_) => format!("Night over at {}", tables::clock_text(s.clock)),
            None => format!("{} \u{00B7} {}", tables::clock_text(s.clock), s.phase.name()),
        }
    }
    fn turn(_s: &State) -> u32 {
        1
    }
    fn seats(setup: &Setup) -> Vec<Seat> {
        seats::seats(setup)
    }
    fn check_view(setup: &Setup, s: &State) -> Result<(), crate::engine::ViewProblem> {
        check::check_view(setup, s)
    }
    fn seat_name(setup: &Setup, _state: &State, seat: Seat) -> String {
        seats::seat_name(setup, seat)
    }
    fn to_act(setup: &Setup, s: &State) -> Vec<Seat> {
        seats::to_act(setup, s)
    }
    fn actor(setup: &Setup, s: &State, _d: &Decision) -> Option<Seat> {
        seats::actor(setup, s)
    }
    fn preview(setup: &Setup, state: &State, decision: &Decision) -> Option<RollPreview> {
        preview::preview(setup, state, decision)
    }
    fn start_weight(setup: &Setup) -> usize {
        weight::start_weight(setup)
    }
    fn weight(_setup: &Setup, decision: &Decision) -> usize {
        weight::weight(decision)
    }
}

impl Grammar for CrossfireScouting {
    fn setup<C: Chooser>(c: &mut C, given: Option<&Setup>) -> Result<Setup, C::Error> {
        crate::engine::grammar::setup_as_text(c, sample::sample_setup(), given)
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
        s.phase == Phase::Over
    }
}
