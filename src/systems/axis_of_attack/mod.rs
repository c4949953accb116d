//! "Deluxe Axis of Attack" (Flames of War): two players fight linked games along a line of
//! seven sectors, each trying to win in the other's home sector. Rules text:
//! `../shared/rules/axis-of-attack.txt`, read through the rules README.

mod aftermath;
pub mod carriers;
pub mod check;
pub mod company;
pub mod describe;
pub mod errors;
mod grammar;
mod grammar_after;
mod grammar_force;
mod grammar_v2;
pub mod helpers;
mod ledger;
mod lists;
pub mod platoon_text;
pub mod preview;
pub mod rules;
pub mod sample;
pub mod seats;
mod sector;
mod side;
pub mod step;
pub mod state;
mod strength;
pub mod tables;
mod weather;
mod weight;

pub use company::{AirSupport, Platoon, Player, Setup};
pub use grammar_v2::GrammarV2;
pub use rules::{Decision, RuleError, SetupProblem};
pub use state::{
    AirUse, At, DiceFor, Fielded, ForceList, GameOption, GameResult, KeepMobile, LedgerEntry, LedgerItem, MissionSelection,
    Outcome, Phase, PlatoonReport, PlatoonState, Sector, Side, State, Step, TurnRecord,
};

use crate::engine::{Chooser, DiceSpec, Entry, Grammar, Reader, Readers, RollPreview, Seat, System};

/// The Axis of Attack rule system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AxisOfAttack;

/// What this system says of itself: its words for the home screen, its link code, its sample.
impl crate::systems::Descriptor for AxisOfAttack {
    const INFO: crate::systems::Info = crate::systems::Info {
    name: "Deluxe Axis of Attack (Flames of War)",
    about: "A Flames of War company campaign over seven sectors: each mission's result moves the fighting, casualties and reinforcements carry over, and taking the enemy's home sector wins.",
    players: "2 players",
    sample_name: "Sample: Axis of Attack",
};
    const LINK_CODE: u32 = 6;
    const LINK_TEXTS: &'static [&'static str] = &["Sample: Axis of Attack", "New campaign"];
    fn sample() -> Setup {
        sample::sample_setup()
    }
}

impl System for AxisOfAttack {
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
        let name = |side: Side| setup.players[side.index()].name.clone();
        match s.outcome() {
            Some(Outcome::Victory(side)) => format!("{} won in turn {}", name(side), s.turn),
            Some(Outcome::MinorVictory(side)) => format!("Minor victory for {} after turn {}", name(side), s.turn),
            Some(Outcome::Stalemate) => format!("Stalemate after turn {}", s.turn),
            None => format!("Turn {} \u{00B7} {}", s.turn, s.phase().name()),
        }
    }
    fn turn(s: &State) -> u32 {
        s.turn
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

impl Grammar for AxisOfAttack {
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
        s.phase() == Phase::Finished
    }
}
