//! Battlefront: WW2 Basic Campaign Rules: an umpired campaign of linked scenarios over several
//! campaign days, with rosters of manoeuvre elements (MEs), campaign purchase points (CPP) and
//! fortification purchase points (FPP). Rules text: `../shared/rules/bfww2-campaign.txt`, read
//! through the rules README and checklist. In `systems!` as "bfww2-campaign"; its screens are
//! in `ui/bfww2/`. Its whole-campaign links are coded through its grammar (`grammar/`, link
//! version 4), and from the start `share_hold` keeps the whole campaign on the umpire's
//! devices: the sides get seat links.

pub mod apply;
pub mod calendar;
pub mod charts;
mod check;
pub mod decision;
pub mod describe;
pub mod eligibility;
pub mod errors;
mod grammar;
pub mod modifier;
pub mod month;
pub mod preview;
pub mod rating;
pub mod refit;
pub mod removal;
pub mod roster;
pub mod roster_text;
pub mod rules;
pub mod sample;
pub mod seats;
pub mod setup;
pub mod state;
pub mod tables;

pub use decision::{Decision, NewElement, Obstacle};
pub use errors::RuleError;
pub use modifier::{Band, Modifier};
pub use rating::Rating;
pub use setup::{setup_check, MoveOrder, Setup, SetupProblem};
pub use state::{Phase, Report, State, Verdict};

use crate::engine::{Chooser, DiceSpec, Entry, Grammar, Reader, Readers, RollPreview, Seat, System};

/// The Battlefront: WW2 campaign rule system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bfww2Campaign;

/// What this system says of itself: its words for the home screen, its link code, its sample.
impl crate::systems::Descriptor for Bfww2Campaign {
    const INFO: crate::systems::Info = crate::systems::Info {
    name: "Battlefront: WW2 campaign",
    about: "An umpired campaign of linked scenarios over several days: secret postures, each side's refit with campaign purchase points, the battles fought on the table, then cleanup and escapes.",
    players: "3 players: an umpire and two sides (each side may be a team)",
    sample_name: "Sample: Advance to Rostov",
};
    const LINK_CODE: u32 = 5;
    const LINK_TEXTS: &'static [&'static str] = &["Sample: Advance to Rostov", "New campaign"];
    fn sample() -> Setup {
        sample::sample_setup()
    }
}

impl System for Bfww2Campaign {
    type Setup = Setup;
    type State = State;
    type Decision = Decision;
    type Error = RuleError;

    fn start(setup: &Setup) -> Result<State, RuleError> {
        apply::start(setup)
    }
    fn dice(setup: &Setup, state: &State, decision: &Decision) -> Option<DiceSpec> {
        apply::dice(setup, state, decision)
    }
    fn apply(setup: &Setup, state: &State, decision: &Decision, dice: &[u16]) -> Result<State, RuleError> {
        apply::apply(setup, state, decision, dice)
    }
    fn describe(setup: &Setup, before: &State, decision: &Decision, dice: &[u16], after: &State) -> String {
        describe::describe(setup, before, decision, dice, after)
    }
    fn players(setup: &Setup) -> Vec<String> {
        setup.sides.iter().map(|s| s.name.clone()).collect()
    }
    fn status(setup: &Setup, s: &State) -> String {
        match (&s.phase, &s.verdict) {
            (Phase::Over, Some(v)) => match v.winner {
                Some(w) => format!("{} won", setup.sides[w as usize].name),
                None => "Drawn".to_string(),
            },
            (Phase::Judge | Phase::Over, _) => s.phase.name().to_string(),
            (phase, _) => {
                let day = &setup.days[s.day];
                format!("{} \u{00B7} {}", day.scenario_label(day.slots[s.slot]), phase.name())
            }
        }
    }
    fn turn(s: &State) -> u32 {
        s.scenario
    }
    fn preview(setup: &Setup, state: &State, decision: &Decision) -> Option<RollPreview> {
        preview::preview(setup, state, decision)
    }
    /// An umpired game of hidden information from its first step: even before any roll, the
    /// setup alone carries each side's roster, charts, starting points and column of the
    /// historical modifier chart. So the whole campaign never goes out as a public link: it
    /// stays on the keeper's devices (the umpire's, or the keeping side's: their whole-campaign
    /// link), and each side gets its seat link.
    fn share_hold(setup: &Setup, _s: &State) -> Option<String> {
        Some(match setup.kept_by.filter(|&k| k < 2) {
            None => "An umpired campaign: each side's roster, charts, points and refit are its own, from the setup on. Send each side its seat link; the whole campaign goes only to the umpire's own devices."
                .to_string(),
            Some(k) => format!(
                "Kept by {}'s player: each side's roster, charts, points and refit are its own, from the setup on. Send {} its seat link; the whole campaign goes only to the keeper's own devices.",
                setup.sides[k as usize].name,
                setup.sides[1 - k as usize].name
            ),
        })
    }
    fn seats(setup: &Setup) -> Vec<Seat> {
        seats::seats(setup)
    }
    fn seat_name(setup: &Setup, _state: &State, seat: Seat) -> String {
        seats::seat_name(setup, seat)
    }
    fn check_view(setup: &Setup, s: &State) -> Result<(), crate::engine::ViewProblem> {
        check::check_view(setup, s)
    }
    fn umpire(_setup: &Setup) -> Option<Seat> {
        Some(seats::UMPIRE)
    }
    /// A campaign may be kept by one side's player in the umpire's place: that device takes
    /// the umpire's steps, and the other side seals its secret choices and rolls jointly.
    fn kept_by(setup: &Setup) -> Option<Seat> {
        seats::kept_by(setup)
    }
    fn own_roll(setup: &Setup, state: &State, decision: &Decision) -> bool {
        seats::own_roll(setup, state, decision)
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
    fn view_setup(setup: &Setup, reader: Reader) -> Setup {
        seats::view_setup(setup, reader)
    }
}

/// Its decisions as choices, for links (`grammar/`): the sample setup is one flag.
impl Grammar for Bfww2Campaign {
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
