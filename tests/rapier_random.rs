//! Random legal six-turn games of Rapier Offensive, seeded (one in three with every optional
//! rule on): every step of every turn, with
//! many illegal tries thrown away, and the invariants checked after every decision: stacking
//! at most six (in every sector a move passed through too), no hidden identity in any
//! non-umpire view, fire missions within their limits (two pre-battle missions a sector);
//! at the end the journal replays to the same position and the game has a victory result.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/rapier_games.rs"]
mod rapier_games;
#[path = "support/rng.rs"]
mod rng;

use field_desk::systems::rapier_offensive::state::CounterPlace;
use field_desk::systems::rapier_offensive::tables::Victory;
use field_desk::systems::rapier_offensive::Phase;
use rapier_games::{check_history, play, C};

fn random_game(seed: u64) -> (Victory, usize) {
    let (setup, c) = play(seed);
    let st = c.state();
    assert_eq!(st.phase, Phase::GameOver);
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
    let mut exited = 0;
    for seed in seeds.clone() {
        let (victory, out) = random_game(seed);
        *results.entry(victory).or_insert(0) += 1;
        exited += out;
    }
    // Break-through units do leave the table: the exit is played, not only judged.
    assert!(exited > 0);
    eprintln!(
        "{} games from seed {} in {:?}: {results:?}, {exited} break-through units exited",
        seeds.end - seeds.start,
        seeds.start,
        start.elapsed()
    );
}

#[test]
fn random_six_turn_games_a() {
    games(0..500);
}

#[test]
fn random_six_turn_games_b() {
    games(500..1000);
}

#[test]
fn random_six_turn_games_c() {
    games(1000..1500);
}

#[test]
fn random_six_turn_games_d() {
    games(1500..2000);
}
