//! Random six-turn games of Rapier Offensive, seeded (one in three with every optional rule
//! on), every decision drawn from the system's grammar (`support/rapier_games.rs`'s
//! `play_grammar`, through `support/grammar_walk.rs` with its flags weighted to keep games
//! moving): a decision drawn that the rules refuse fails the test (every decision the grammar
//! produces is legal). The invariants are checked after every decision: stacking at most six
//! (in every sector a move passed through too), no hidden identity in any non-umpire view, fire
//! missions within their limits (two pre-battle missions a sector); at the end the journal
//! replays to the same position and the game has a victory result. Every game round-trips
//! through an `fd4.` link in `share_link_rapier.rs`.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/rapier_games.rs"]
mod rapier_games;
#[path = "support/rng.rs"]
mod rng;

use field_desk::systems::rapier_offensive::state::CounterPlace;
use field_desk::systems::rapier_offensive::tables::Victory;
use field_desk::systems::rapier_offensive::Phase;
use grammar_walk::Tally;
use rapier_games::{check_history, play_grammar, C};

/// The most decisions a game may take (they take a few hundred).
const MAX_STEPS: usize = 3_000;

fn random_game(seed: u64, tally: &mut Tally) -> (Victory, usize) {
    let (setup, c) = play_grammar(seed, MAX_STEPS, tally);
    let st = c.state();
    assert_eq!(st.phase, Phase::GameOver, "seed {seed}: the game ends");
    assert_eq!(st.record.len(), 6);
    let result = st.result.clone().expect("a finished game has a result");
    assert!(st.counters.iter().all(|x| x.place == CounterPlace::Gone || x.sector().is_some()));
    // The log check reads every line for every seat: one game in five is enough for it.
    if seed.is_multiple_of(5) {
        check_history(&c);
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
    for seed in seeds.clone() {
        let (victory, out) = random_game(seed, &mut tally);
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
    eprintln!(
        "{} games from seed {} in {:?}: {results:?}, {exited} break-through units exited; decisions {:?}",
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
