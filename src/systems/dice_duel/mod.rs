//! Dice duel: the test suites' own small system, kept as the example of what a system is
//! (`ARCHITECTURE.md`, "How to add a system"). Two players, a few rounds; each round a stance
//! chosen in secret by both, then a d6 each. It is its own folder plus one line in `systems!`
//! and, for its screens, one in the UI's list; it is built for native tests and, with the
//! feature `example-system`, for the browser, never for the app as shipped.

pub mod rules;

pub use rules::{Decision, DuelError, Phase, Setup, Stance, State};

use crate::engine::{Chooser, DiceSpec, Entry, Grammar, Reader, Readers, RollPreview, Seat, System};

/// The Dice duel rule system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceDuel;

impl crate::systems::Descriptor for DiceDuel {
    const INFO: crate::systems::Info = crate::systems::Info {
        name: "Dice duel (example)",
        about: "The test suites' example system: two players choose a stance in secret, then roll a die each, over a few rounds.",
        players: "2 players",
        sample_name: "Sample: Dice duel",
    };
    const LINK_CODE: u32 = 15;
    const LINK_TEXTS: &'static [&'static str] = &["Sample: Dice duel", "New campaign"];
    const TEST_ONLY: bool = true;
    fn sample() -> Setup {
        Setup { players: ["Anna".to_string(), "Boris".to_string()], rounds: 3 }
    }
}

impl System for DiceDuel {
    type Setup = Setup;
    type State = State;
    type Decision = Decision;
    type Error = DuelError;

    fn start(setup: &Setup) -> Result<State, DuelError> {
        rules::start(setup)
    }
    fn dice(_setup: &Setup, state: &State, decision: &Decision) -> Option<DiceSpec> {
        rules::dice(state, decision)
    }
    fn apply(setup: &Setup, state: &State, decision: &Decision, dice: &[u16]) -> Result<State, DuelError> {
        rules::apply(setup, state, decision, dice)
    }
    fn describe(setup: &Setup, before: &State, decision: &Decision, dice: &[u16], after: &State) -> String {
        match decision {
            // Never the stance: the line is shown to both while the choice is secret.
            Decision::Choose { player, .. } => format!("{} has chosen.", setup.players[*player as usize]),
            Decision::Roll => {
                let [a, b] = rules::scores(before, dice);
                let stance = |p: usize| before.stances[p].map_or("", |s| s.word());
                let took = match rules::winner_of_round(before, dice) {
                    Some(p) => format!("{} takes round {}", setup.players[p], before.round),
                    None => format!("round {} is a tie", before.round),
                };
                let end = match (after.phase, rules::winner(after)) {
                    (Phase::Over, Some(p)) => format!(" {} wins the duel.", setup.players[p]),
                    (Phase::Over, None) => " The duel is a draw.".to_string(),
                    _ => String::new(),
                };
                format!(
                    "{} ({}) {a}, {} ({}) {b}: {took}.{end}",
                    setup.players[0],
                    stance(0),
                    setup.players[1],
                    stance(1)
                )
            }
        }
    }
    fn players(setup: &Setup) -> Vec<String> {
        setup.players.to_vec()
    }
    fn status(setup: &Setup, s: &State) -> String {
        match (s.phase, rules::winner(s)) {
            (Phase::Over, Some(p)) => format!("{} won {}-{}", setup.players[p], s.won[p], s.won[1 - p]),
            (Phase::Over, None) => "A draw".to_string(),
            (Phase::Choose, _) => format!("Round {} · Choose stances", s.round),
            (Phase::Roll, _) => format!("Round {} · Roll", s.round),
        }
    }
    fn turn(s: &State) -> u32 {
        s.round as u32
    }
    fn preview(setup: &Setup, s: &State, d: &Decision) -> Option<RollPreview> {
        rules::dice(s, d).map(|_| rules::preview(setup, s))
    }
    fn seats(_setup: &Setup) -> Vec<Seat> {
        vec![Seat(0), Seat(1)]
    }
    fn seat_name(setup: &Setup, _s: &State, seat: Seat) -> String {
        setup.players.get(seat.0 as usize).cloned().unwrap_or_else(|| format!("seat {}", seat.0 + 1))
    }
    fn to_act(_setup: &Setup, s: &State) -> Vec<Seat> {
        match s.phase {
            Phase::Choose => (0..2u8).filter(|&p| !s.chosen[p as usize]).map(Seat).collect(),
            _ => Vec::new(),
        }
    }
    fn actor(_setup: &Setup, _s: &State, d: &Decision) -> Option<Seat> {
        match d {
            Decision::Choose { player, .. } => Some(Seat(*player)),
            Decision::Roll => None,
        }
    }
    /// The stances are two secret choices made in turn (`Readers::simultaneous`).
    fn audience(_setup: &Setup, at: &State, e: &Entry<Decision>, now: &State, active: bool) -> Readers {
        let Decision::Choose { player, .. } = &e.decision else { return Readers::EVERYONE };
        let revealed = now.round > at.round || now.phase != Phase::Choose;
        let other = 1 - (*player as usize).min(1);
        Readers::simultaneous(Seat(*player), active, revealed, at.chosen[other])
    }
    fn view(_setup: &Setup, s: &State, reader: Reader) -> State {
        let mut v = s.clone();
        if s.phase == Phase::Choose {
            for p in 0..2u8 {
                if reader != Some(Seat(p)) {
                    v.stances[p as usize] = None;
                }
            }
        }
        v
    }
    fn check_view(setup: &Setup, s: &State) -> Result<(), crate::engine::ViewProblem> {
        rules::check_view(setup, s)
    }
    fn share_hold(setup: &Setup, s: &State) -> Option<String> {
        (s.phase == Phase::Choose && s.chosen.iter().any(|&c| c)).then(|| {
            let p = s.chosen.iter().position(|&c| !c).unwrap_or(0);
            format!("{} has not chosen yet.", setup.players[p])
        })
    }
}

/// Contexts of the grammar's adaptive choices.
const SAMPLE: u16 = 0;
const BOLD: u16 = 1;

impl Grammar for DiceDuel {
    fn setup<C: Chooser>(c: &mut C, given: Option<&Setup>) -> Result<Setup, C::Error> {
        let sample = <DiceDuel as crate::systems::Descriptor>::sample();
        if c.flag(SAMPLE, given.map(|g| *g == sample))? {
            return Ok(sample);
        }
        let names = [c.text(given.map(|g| &*g.players[0]))?, c.text(given.map(|g| &*g.players[1]))?];
        let rounds = c.pick(rules::MAX_ROUNDS as u32, given.map(|g| u32::from(g.rounds.max(1)) - 1))? as u8 + 1;
        let setup = Setup { players: names, rounds };
        if setup == sample || rules::start(&setup).is_err() {
            // The sample goes as its flag; a setup the rules refuse is not written.
            return Err(c.refuse());
        }
        Ok(setup)
    }
    /// Among the legal decisions (`rules::legal`): the player (when both may still choose),
    /// then the stance as a flag; the roll costs nothing.
    fn decision<C: Chooser>(_setup: &Setup, s: &State, c: &mut C, given: Option<&Decision>) -> Result<Decision, C::Error> {
        let legal = rules::legal(s);
        if let Some(g) = given {
            if !legal.contains(g) {
                return Err(c.refuse());
            }
        }
        match s.phase {
            Phase::Roll => Ok(Decision::Roll),
            Phase::Choose => {
                let open: Vec<u8> = (0..2u8).filter(|&p| !s.chosen[p as usize]).collect();
                let player = match given {
                    Some(Decision::Choose { player, .. }) => Some(*player),
                    _ => None,
                };
                let player = crate::engine::grammar::one_of(c, &open, player.as_ref())?;
                let bold = c.flag(BOLD, given.map(|g| matches!(g, Decision::Choose { stance: Stance::Bold, .. })))?;
                Ok(Decision::Choose { player, stance: if bold { Stance::Bold } else { Stance::Careful } })
            }
            Phase::Over => Err(c.refuse()),
        }
    }
    fn over(_setup: &Setup, s: &State) -> bool {
        s.phase == Phase::Over
    }
}
