//! A link's coded bytes damaged every way the suites try: each cut, a changed bit at every byte,
//! and `mixes` prefixes followed by random bytes. Decoding each gives an error or a campaign
//! that opens, never a panic (the checksum is left out: this is what gets past it).
#![allow(dead_code)]

use super::rng::Rng;
use field_desk::share::link;

pub fn never_panics(bytes: &[u8], rng: &mut Rng, mixes: usize) {
    for cut in 0..bytes.len() {
        if let Ok(back) = link::from_payload(&bytes[..cut]) {
            assert!(back.open().is_ok(), "what decodes replays");
        }
    }
    for at in 0..bytes.len() {
        let mut changed = bytes.to_vec();
        changed[at] ^= 1 << rng.below(8);
        if let Ok(back) = link::from_payload(&changed) {
            assert!(back.open().is_ok(), "what decodes replays");
        }
    }
    for _ in 0..mixes {
        let n = rng.below(bytes.len() + 8);
        let random: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
        let mut mixed = bytes[..rng.below(bytes.len())].to_vec();
        mixed.extend(random);
        if let Ok(back) = link::from_payload(&mixed) {
            assert!(back.open().is_ok(), "what decodes replays");
        }
    }
}

/// `bytes` damaged one of three ways at random, as the reply suites damage them: a bit
/// flipped, cut and grafted with random bytes, or random bytes alone.
pub fn damaged(bytes: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut b = bytes.to_vec();
    match rng.below(3) {
        0 => {
            let at = rng.below(b.len());
            b[at] ^= 1 << rng.below(8);
        }
        1 => {
            b.truncate(rng.below(b.len()));
            b.extend((0..rng.below(48)).map(|_| rng.below(256) as u8));
        }
        _ => b = (0..rng.below(64)).map(|_| rng.below(256) as u8).collect(),
    }
    b
}
