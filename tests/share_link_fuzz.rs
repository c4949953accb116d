//! Fuzzing the Race for X link reader: random and mutated inputs, over a million in all; none
//! may panic, and whatever decodes opens (replays).

#![cfg(not(target_arch = "wasm32"))]

#[path = "share_link/common.rs"]
mod common;
#[path = "share_link/play.rs"]
mod play;

use common::*;
use field_desk::share::link::{self, LinkError};
use field_desk::share::Document;
use play::{Rng, CLUB, TABLE_CLOCK};
use rand::RngCore;
use std::time::Instant;
// ---------------------------------------------------------------------------------------
// Fuzz: random and mutated inputs, over a million in all, none may panic
// ---------------------------------------------------------------------------------------

const BASE64URL: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn random_bytes(rng: &mut Rng, max: usize) -> Vec<u8> {
    let n = rng.below(max + 1);
    (0..n).map(|_| rng.next_u64() as u8).collect()
}

/// Changes a byte string the way links get damaged: flips, cuts, insertions, deletions,
/// swaps and repeats, one to four at a time.
fn mutate(rng: &mut Rng, input: &[u8], alphabet: Option<&[u8]>) -> Vec<u8> {
    let mut v = input.to_vec();
    let pick = |rng: &mut Rng| match alphabet {
        Some(a) => rng.pick(a),
        None => rng.next_u64() as u8,
    };
    for _ in 0..1 + rng.below(4) {
        let len = v.len();
        match rng.below(7) {
            0 if len > 0 => {
                let i = rng.below(len);
                v[i] = match alphabet {
                    Some(_) => pick(rng),
                    None => v[i] ^ (1 << rng.below(8)),
                };
            }
            1 if len > 0 => v.truncate(rng.below(len)),
            2 => {
                let i = rng.below(len + 1);
                let b = pick(rng);
                v.insert(i, b);
            }
            3 if len > 0 => {
                v.remove(rng.below(len));
            }
            4 if len > 1 => {
                let (i, j) = (rng.below(len), rng.below(len));
                v.swap(i, j);
            }
            5 if len > 0 => {
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(16));
                let piece = v[i..i + n].to_vec();
                let at = rng.below(len + 1);
                v.splice(at..at, piece);
            }
            _ if len > 0 => {
                let i = rng.below(len);
                v[i] = pick(rng);
            }
            _ => v.push(pick(rng)),
        }
    }
    v
}

fn report(name: &str, inputs: usize, ok: usize, start: Instant) {
    println!("fuzz, {name}: {inputs} inputs, {ok} decoded, {:.2?}", start.elapsed());
}

// The fuzz tests below feed the decoder 1,000,000 inputs a run: 700,000 random texts,
// 250,000 damaged real links, 50,000 that get past the checksum (random and damaged coded
// streams). Most damage is caught by the checksum in microseconds; the inputs
// that get further cost up to a replay each, so there are fewer of them.

/// 700,000 random strings: text of any kind, and random base64 behind every marker and key.
#[test]
fn fuzz_random_text() {
    let start = Instant::now();
    let mut rng = Rng::new(1);
    let prefixes = ["", "#", "s=", "#s=", "fd1.", "#s=fd1.", "fd9.", "fd", "fd1", "https://x/#s=fd1."];
    let mut input = String::new();
    let mut ok = 0;
    for i in 0..700_000 {
        input.clear();
        input.push_str(rng.pick(&prefixes));
        let n = rng.below(48);
        if i % 4 == 0 {
            input.extend((0..n).map(|_| char::from_u32(rng.below(0x800) as u32).unwrap_or('?')));
        } else {
            input.extend((0..n).map(|_| rng.pick(BASE64URL) as char));
        }
        ok += opens(link::decode(&input));
    }
    report("random text", 700_000, ok, start);
}

/// 250,000 damaged copies of real links, from a fresh sample to nine turns.
#[test]
fn fuzz_damaged_real_links() {
    let start = Instant::now();
    let mut rng = Rng::new(3);
    let links: Vec<Vec<u8>> = fuzz_documents().iter().map(|d| link::encode(d).into_bytes()).collect();
    let mut ok = 0;
    let mut i = 0;
    while i < 250_000 {
        let real = &links[i % links.len()];
        let damaged = mutate(&mut rng, real, Some(BASE64URL));
        if damaged == *real {
            continue; // a swap of equal characters, say: not damage
        }
        i += 1;
        ok += opens(link::decode(std::str::from_utf8(&damaged).unwrap()));
    }
    assert_eq!(ok, 0, "the checksum catches all damage to a link");
    report("damaged real links", 250_000, ok, start);
}

/// What a decoded link must be: a campaign that opens.
fn opens(result: Result<Document, LinkError>) -> usize {
    match result {
        Ok(d) => {
            assert!(d.open().is_ok(), "a decoded link does not open");
            1
        }
        Err(_) => 0,
    }
}

/// 50,000 inputs behind a correct checksum: random coded streams (20,000, half of them
/// starting like a Race for X stream), damaged real coded streams (15,000 through the whole
/// link, 10,000 straight to the decoder) and real beginnings with random ends (5,000). These
/// reach the range decoder, the models, the limits and the rules.
#[test]
fn fuzz_past_the_checksum() {
    let start = Instant::now();
    let mut rng = Rng::new(2);
    let mut ok = 0;
    for i in 0..20_000 {
        let mut bytes = random_bytes(&mut rng, 40);
        // Half start with the system code of Race for X, so they get further.
        if i % 2 == 0 && !bytes.is_empty() {
            bytes[0] &= 0x0F;
        }
        ok += opens(link::decode(&with_checksum(&bytes)));
    }
    // Small campaigns, so that what survives the damage replays quickly; the third plays
    // every step of a turn.
    let payloads: Vec<Vec<u8>> = fuzz_documents()[..3].iter().map(link::payload).collect();
    assert!(payloads[2].len() > 40, "{}", payloads[2].len());
    for i in 0..15_000 {
        let bytes = mutate(&mut rng, &payloads[i % payloads.len()], None);
        ok += opens(link::decode(&with_checksum(&bytes)));
    }
    for i in 0..10_000 {
        let bytes = mutate(&mut rng, &payloads[i % payloads.len()], None);
        ok += opens(link::from_payload(&bytes));
    }
    for i in 0..5_000 {
        let real = &payloads[i % payloads.len()];
        let mut bytes = real[..rng.below(real.len() + 1)].to_vec();
        bytes.extend(random_bytes(&mut rng, 24));
        ok += opens(link::from_payload(&bytes));
    }
    report("past the checksum", 50_000, ok, start);
}

fn fuzz_documents() -> Vec<Document> {
    let mut rng = Rng::new(4);
    let mut partial = play::new_sample();
    for _ in 0..12 {
        play::step(&mut partial, CLUB, &mut rng);
    }
    vec![
        doc(&play::new_sample(), "3f9a0c21b47d8e65", "Sample: Race for X"),
        doc(&partial, "3f9a0c21b47d8e65", "Partial"),
        // Every step of a turn in a few lines: the clock kept at the table.
        doc(&play::sample_after(1, TABLE_CLOCK, 23), "3f9a0c21b47d8e65", "One short turn"),
        doc(&play::sample_after(1, CLUB, 21), "3f9a0c21b47d8e65", "One turn"),
        doc(&play::sample_after(9, CLUB, 9), "3f9a0c21b47d8e65", "Nine turns"),
        custom_document(),
    ]
}
