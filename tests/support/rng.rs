//! The one deterministic random source of the test suites and the benchmark: rand's ChaCha8,
//! seeded, so a seed plays the same game on every machine (included with `#[path]`; tests never
//! touch real randomness). It is also the "app" the dice are rolled from (`DiceInput::App`).
#![allow(dead_code)]

use rand::{Rng as _, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone)]
pub struct Rng(ChaCha8Rng);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(ChaCha8Rng::seed_from_u64(seed))
    }
    pub fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }
    /// A number from `lo` to `hi`, both included.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        self.0.random_range(lo..=hi)
    }
    /// True `num` times in `den`.
    pub fn one_in(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }
    pub fn pick<T: Copy>(&mut self, v: &[T]) -> T {
        v[self.below(v.len())]
    }
    pub fn d6s(&mut self, n: usize) -> Vec<u16> {
        (0..n).map(|_| self.0.random_range(1..=6)).collect()
    }
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        rand::seq::SliceRandom::shuffle(v, &mut self.0);
    }
}

impl RngCore for Rng {
    fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        self.0.fill_bytes(dst)
    }
}
