//! Random six-turn games of Rapier Offensive, seeded (one in three with every optional rule
//! on), every decision drawn from the system's grammar (`support/rapier_games.rs`'s
//! `play_grammar`, through `support/grammar_walk.rs` with its flags weighted to keep games
//! moving): a decision drawn that the rules refuse fails the test (every decision the grammar
//! produces is legal). The invariants are checked after every decision: stacking at most six
//! (in every sector a move passed through too), no hidden identity in any non-umpire view, fire
//! missions within their limits (two pre-battle missions a sector); at the end the journal
//! replays to the same position and the game has a victory result. Before one decision in
//! twenty, decisions illegal in the position (`support/rapier_illegal.rs`: another phase's
//! step, a step taken already, a unit or counter not in the game, dice that do not fit) must
//! be refused with their typed error and leave the game as it was; counted by kind. Every game
//! round-trips through an `fd4.` link in `share_link_rapier.rs`.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/rapier_games.rs"]
mod rapier_games;
#[path = "support/rapier_illegal.rs"]
mod rapier_illegal;
#[path = "support/rng.rs"]
mod rng;
#[path = "support/secrets.rs"]
mod secrets;

use field_desk::systems::rapier_offensive::state::CounterPlace;
use field_desk::systems::rapier_offensive::tables::Victory;
use field_desk::systems::rapier_offensive::Phase;
use grammar_walk::Tally;
use rapier_games::{check_history, play_grammar_probed, C};
use rapier_illegal::offer_illegal;
use rng::Rng;
use std::collections::BTreeMap;

/// Illegal decisions made from the position are offered before one decision in this many, from
/// a generator of their own (so the games are the ones `share_link_rapier.rs` plays).
const ILLEGAL_EVERY: usize = 20;

/// The most decisions a game may take (they take a few hundred).
const MAX_STEPS: usize = 3_000;

fn random_game(seed: u64, tally: &mut Tally, refused: &mut BTreeMap<&'static str, usize>) -> (Victory, usize) {
    let mut probe = Rng::new(seed ^ 0x0111_56a1);
    let (setup, c) = play_grammar_probed(seed, MAX_STEPS, tally, |c| {
        if probe.one_in(1, ILLEGAL_EVERY) {
            offer_illegal(c, &mut probe, refused);
        }
    });
    let st = c.state();
    assert_eq!(st.phase, Phase::GameOver, "seed {seed}: the game ends");
    assert_eq!(st.record.len(), 6);
    let result = st.result.clone().expect("a finished game has a result");
    assert!(st.counters.iter().all(|x| x.place == CounterPlace::Gone || x.sector().is_some()));
    // The log check reads every line for every seat: one game in five is enough for it.
    if seed.is_multiple_of(5) {
        check_history(&c);
        secrets::check_last_lines(&c);
    }
    let again = C::replay(setup, c.journal().to_vec()).unwrap();
    assert_eq!(again.state(), c.state());
    (result.victory, result.exited)
}

fn games(seeds: std::ops::Range<u64>) {
    let start = std::time::Instant::now();
    let mut results = std::collections::HashMap::new();
    let mut tally = Tally::default();
    let mut exited = 0;
    let mut refused = BTreeMap::new();
    for seed in seeds.clone() {
        let (victory, out) = random_game(seed, &mut tally, &mut refused);
        *results.entry(victory).or_insert(0) += 1;
        exited += out;
    }
    // Break-through units do leave the table: the exit is played, not only judged.
    assert!(exited > 0);
    // Every kind of decision is taken: the weighted grammar reaches every phase and step.
    let kinds = [
        "DeployDefenders",
        "RollRecon",
        "Examine",
        "IssueOrders",
        "DeployDivision",
        "PlotTrps",
        "FireMission",
        "EndBombardment",
        "RollEvent",
        "Move",
        "Enter",
        "Release",
        "EndMovement",
        "RollDefenderMovers",
        "DefenderMove",
        "EndDefenderMovement",
        "CallFire",
        "EndOnCall",
        "SupportFire",
        "AirStrike",
        "EndSupport",
        "CombatRoll",
        "AllocateLosses",
        "ClearMinefields",
        "ReplaceHq",
        "EndTurn",
    ];
    for k in kinds {
        assert!(tally.accepted.get(k).copied().unwrap_or(0) > 0, "no {k} taken: {:?}", tally.accepted);
    }
    // Illegal decisions of every kind are offered, and refused.
    for k in
        ["another phase's step", "a step taken already", "a unit or counter not in the game", "dice that do not fit"]
    {
        assert!(refused.get(k).copied().unwrap_or(0) > 0, "no {k} offered: {refused:?}");
    }
    eprintln!(
        "{} games from seed {} in {:?}: {results:?}, {exited} break-through units exited; decisions {:?}; illegal decisions refused, each leaving the game as it was: {refused:?}",
        seeds.end - seeds.start,
        seeds.start,
        start.elapsed(),
        tally.accepted
    );
}

#[test]
fn random_six_turn_games_a() {
    games(0..250);
}

#[test]
fn random_six_turn_games_b() {
    games(250..500);
}

#[test]
fn random_six_turn_games_c() {
    games(500..750);
}

#[test]
fn random_six_turn_games_d() {
    games(750..1000);
}
