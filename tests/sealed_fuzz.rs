//! Issue 31's bad input: seals, reveals and parts of a joint roll are replies from outside as
//! plain replies are, so they get the same treatment (`replies.rs`'s million): every cut and
//! hundreds of thousands of flipped, grafted and random payloads of each kind read without a
//! panic, and a refused one changes nothing on the keeper (one that still reads as a reply of
//! its kind adds its one line, no more: nothing in a reply's bytes proves who made it, which is
//! what the envelope's check and the seal are for). Each kind is made where the keeper would
//! take it: a seal while both choose, a reveal once both sealed, a part while a joint roll
//! waits. Damaged on the way as links (their text), none is ever taken.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/payload_fuzz.rs"]
mod payload_fuzz;
#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::fair::Secret;
use field_desk::engine::{Campaign, DiceInput, Seat};
use field_desk::share::link::{self, ReplyLink};
use field_desk::share::reply::{part_to, reveal_to, seal_to, take};
use field_desk::systems::race_for_x::tables::OffensiveAction;
use field_desk::systems::race_for_x::{Decision, RaceForX, Side};
use field_desk::systems::Descriptor;
use rng::Rng;

const ID: &str = "0123456789abcdef";
const BORIS: Seat = Seat(1);

/// The three kinds of reply, each with the keeper's campaign as it stands when it comes.
fn payloads() -> Vec<(&'static str, Campaign<RaceForX>, Vec<u8>, String)> {
    let bytes = |text: &str| link::unseal_versioned(text).expect("unseals").1;
    let mut c = Campaign::<RaceForX>::new(RaceForX::sample()).unwrap();
    let boris = (Decision::ChooseAction { side: Side::B, action: OffensiveAction::Regroup }, vec![]);
    let salt = Secret([0xb5; 16]);
    let (seal, _) = seal_to::<RaceForX>(ID, &c.seat_view(Some(BORIS)), &boris, &salt).unwrap();
    let mut out = vec![("seal", c.clone(), bytes(&seal), seal.clone())];
    take(&mut c, ID, &read(&bytes(&seal))).unwrap();
    c.decide_sealed(
        Decision::ChooseAction { side: Side::A, action: OffensiveAction::Attack },
        DiceInput::Typed(vec![]),
        Secret([0xa5; 16]),
    )
    .unwrap();
    let reveal = reveal_to::<RaceForX>(ID, &c.seat_view(Some(BORIS)), &boris, &salt).unwrap();
    out.push(("reveal", c.clone(), bytes(&reveal), reveal.clone()));
    take(&mut c, ID, &read(&bytes(&reveal))).unwrap();
    c.commit_joint(BORIS, &Decision::RollBattleType, Secret([0x11; 16])).unwrap();
    let part = part_to::<RaceForX>(ID, &c.seat_view(Some(BORIS)), &Secret([0xb1; 16])).unwrap();
    out.push(("part", c.clone(), bytes(&part), part.clone()));
    // Each is taken as it is: the payloads are the real thing.
    take(&mut c, ID, &read(&bytes(&part))).unwrap();
    out
}

fn read(b: &[u8]) -> ReplyLink {
    ReplyLink::read(b.to_vec()).expect("reads")
}

#[test]
fn damaged_seals_reveals_and_parts_read_without_a_panic_and_change_nothing_when_refused() {
    let mut rng = Rng::new(0x5ea1);
    let mut total = 0usize;
    for (kind, keeper, bytes, _) in payloads() {
        let (setup, state) = (keeper.setup().clone(), keeper.view(Some(BORIS)));
        let mut one = |b: &[u8], rng: &mut Rng| {
            total += 1;
            let Ok(r) = ReplyLink::read(b.to_vec()) else { return };
            let _ = r.kind();
            let _ = r.steps::<RaceForX>(&setup, &state);
            if rng.below(64) == 0 {
                let mut k = keeper.clone();
                match take(&mut k, ID, &r) {
                    Err(_) => assert_eq!(k.journal(), keeper.journal(), "{kind}: a refusal changes nothing"),
                    Ok(_) => assert_eq!(k.journal().len(), keeper.journal().len() + 1, "{kind}: one line, no more"),
                }
            }
        };
        for cut in 0..bytes.len() {
            one(&bytes[..cut], &mut rng);
        }
        for _ in 0..200_000 {
            let b = payload_fuzz::damaged(&bytes, &mut rng);
            one(&b, &mut rng);
        }
    }
    println!("{total} damaged seals, reveals and parts read");
    assert!(total >= 600_000);
}

/// Damaged as links are on the way (a character changed, dropped or added in the text): the
/// envelope's check refuses every one that is not the same reply.
#[test]
fn a_seal_reveal_or_part_damaged_as_a_link_is_never_taken() {
    const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut rng = Rng::new(0x11_4e);
    for (kind, keeper, bytes, text) in payloads() {
        let start = text.find("fd5.").expect("a reply link") + 4;
        for _ in 0..20_000 {
            let mut t = text.clone().into_bytes();
            let at = start + rng.below(t.len() - start);
            match rng.below(3) {
                0 => t[at] = B64[rng.below(64)],
                1 => {
                    t.remove(at);
                }
                _ => t.insert(at, B64[rng.below(64)]),
            }
            let t = String::from_utf8(t).unwrap();
            let Ok(link::Received::Reply(r)) = link::read(&t) else { continue };
            let mut k = keeper.clone();
            if take(&mut k, ID, &r).is_ok() {
                let same = link::unseal_versioned(&t).map(|x| x.1);
                assert_eq!(same.as_deref().ok(), Some(&bytes[..]), "{kind}: a damaged link was taken: {t}");
            }
        }
    }
}
