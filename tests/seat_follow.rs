//! Seat copies that follow the copy a device holds (`share::follow`), for every system of the
//! list: at every point of random play, each seat's copy sent as what changed since its
//! previous one (and the first as what changed since the sample's fresh view) reads back on
//! the seat's device as the whole copy; against a copy the device does not hold it is refused
//! and nothing changes. Their lengths are in `cargo run --example link_lengths`.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::{Campaign, Reader, Seat};
use field_desk::share::follow::{Follow, FollowError, FollowLink};
use field_desk::share::link::{self, Received};
use field_desk::share::seat::SeatCopy;
use field_desk::share::typed::SeatCopyOf;
use field_desk::share::Meta;
use field_desk::systems::{Listed, SystemId, Visit};
use rng::Rng;

fn meta() -> Meta {
    Meta { id: "5eed00000000f011".into(), name: "Following".into(), created: 1.7e12, updated: 1.7e12 }
}

/// `f` as sent by link and read back as far as a link is read without the copy it follows.
fn sent(f: &Follow, held: Option<&SeatCopy>) -> FollowLink {
    match link::read(&link::encode_follow(f, held)).expect("a following copy reads") {
        Received::Follow(f) => f,
        other => panic!("read as {other:?}"),
    }
}

struct Follows;

impl Visit for Follows {
    type Out = (usize, usize);
    fn visit<S: Listed>(self) -> (usize, usize) {
        let (mut checked, mut longest) = (0, 0);
        for seed in 0..2u64 {
            let mut rng = Rng::new(0xf011 + seed);
            let mut c = Campaign::<S>::new(S::sample()).expect("the sample starts");
            let readers: Vec<Reader> = c.seats().into_iter().map(Some).chain([None]).collect();
            let copy = |c: &Campaign<S>, r: Reader, k: usize| {
                SeatCopy::new(meta(), 1.7e12 + k as f64, S::view_body(c.seat_view(r)))
            };
            // What each seat's device holds: the first copy, following the sample.
            let mut held: Vec<SeatCopy> = readers.iter().map(|&r| copy(&c, r, 0)).collect();
            for h in &held {
                let f = sent(&Follow::make(h, None), None);
                assert_eq!(f.open(None).as_ref().map(|x| &x.view), Ok(&h.view), "{}: first copy", S::INFO.name);
                let typed = f.open_of::<S>(None).unwrap_or_else(|e| panic!("{}: {e}", S::INFO.name));
                assert_eq!(typed.to_json(), h.to_json(), "{}: first copy, by its system's code", S::INFO.name);
            }
            for k in 1..=50 {
                if S::over(c.setup(), c.state()) {
                    break;
                }
                if !grammar_walk::step(&mut c, &mut rng, 200, &mut Default::default()) {
                    break;
                }
                if rng.below(8) == 0 && c.can_undo() {
                    c.undo();
                }
                for (i, &r) in readers.iter().enumerate() {
                    let now = copy(&c, r, k);
                    let made = Follow::make(&now, Some(&held[i]));
                    let n = link::encode_follow(&made, Some(&held[i])).len();
                    if n > longest && std::env::var("SHOW").is_ok() {
                        println!("{n}: {}", made.to_json());
                    }
                    let f = sent(&made, Some(&held[i]));
                    longest = longest.max(n);
                    let got = f.open(Some(&held[i])).unwrap_or_else(|e| panic!("{}: {e}", S::INFO.name));
                    assert_eq!(got.view, now.view, "{}: reader {r:?} at step {k}", S::INFO.name);
                    // The same link opened by the system's own code (`opening::follow_in`), from the
                    // page's address: the same copy, and refused against a copy it does not follow.
                    let hash = format!("#s={}", link::encode_follow(&made, Some(&held[i])));
                    assert_eq!(link::follow_system(&hash), Some(S::ID));
                    assert_eq!(link::follow_system(&format!("https://club.example/desk/{hash}")), Some(S::ID));
                    assert_eq!(link::follow_system(&hash[3..]), Some(S::ID), "the link alone, pasted");
                    let typed_link = link::read_follow(&hash).expect("read by its system's code");
                    assert_eq!(typed_link, f);
                    let held_typed = SeatCopyOf::<S>::from_json(&held[i].to_json()).expect("a kept copy reads");
                    let typed =
                        typed_link.open_of::<S>(Some(&held_typed)).unwrap_or_else(|e| panic!("{}: {e}", S::INFO.name));
                    assert_eq!(
                        typed.to_json(),
                        got.to_json(),
                        "{}: reader {r:?} at step {k}, by its system's code",
                        S::INFO.name
                    );
                    if got.view != held[i].view {
                        assert_eq!(typed_link.open_of::<S>(None).err(), Some(FollowError::Missing));
                    }
                    // Against another copy than the one it follows: refused.
                    if got.view != held[i].view {
                        assert_eq!(f.open(Some(&got)).err(), Some(FollowError::Missing));
                        assert_eq!(f.open(None).err(), Some(FollowError::Missing));
                    }
                    held[i] = got;
                    checked += 1;
                }
            }
        }
        (checked, longest)
    }
}

#[test]
fn every_seat_s_next_copy_follows_the_one_it_holds() {
    for id in SystemId::ALL {
        let (checked, longest) = id.visit(Follows);
        println!("{id:?}: {checked} following copies read back, longest link payload {longest}");
        assert!(checked > 0);
    }
}

/// A following copy changed on the way (inside its checksum) is refused or opens as a copy
/// the checks accept; never a panic.
#[test]
fn a_damaged_following_copy_is_refused_without_a_panic() {
    let c = Campaign::<field_desk::systems::race_for_x::RaceForX>::new(
        <field_desk::systems::race_for_x::RaceForX as field_desk::systems::Descriptor>::sample(),
    )
    .unwrap();
    let mut c2 = c.clone();
    let mut rng = Rng::new(5);
    for _ in 0..6 {
        grammar_walk::step(&mut c2, &mut rng, 200, &mut Default::default());
    }
    let r = Some(Seat(1));
    let held = SeatCopy::new(meta(), 1.0, field_desk::systems::AnyCampaign::RaceForX(c).seat_view(r));
    let now = SeatCopy::new(meta(), 2.0, field_desk::systems::AnyCampaign::RaceForX(c2).seat_view(r));
    let f = Follow::make(&now, Some(&held));
    let json = serde_json::to_value(&f).unwrap();
    let mut tried = 0;
    let mut walk = vec![json.clone()];
    // Every leaf of the patch replaced by a few wrong values.
    fn leaves(v: &serde_json::Value, path: Vec<String>, out: &mut Vec<Vec<String>>) {
        match v {
            serde_json::Value::Object(m) => {
                m.iter().for_each(|(k, x)| leaves(x, [path.clone(), vec![k.clone()]].concat(), out))
            }
            serde_json::Value::Array(a) => {
                a.iter().enumerate().for_each(|(i, x)| leaves(x, [path.clone(), vec![i.to_string()]].concat(), out))
            }
            _ => out.push(path),
        }
    }
    let mut paths = Vec::new();
    leaves(&json["patch"], vec!["patch".into()], &mut paths);
    for p in &paths {
        for bad in [
            serde_json::json!(null),
            serde_json::json!(-1),
            serde_json::json!("x"),
            serde_json::json!([1]),
            serde_json::json!({"=": 9}),
        ] {
            let mut j = json.clone();
            let mut at = &mut j;
            for k in p {
                at = match at {
                    serde_json::Value::Object(m) => m.get_mut(k).unwrap(),
                    serde_json::Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
                    _ => unreachable!(),
                };
            }
            *at = bad;
            walk.push(j);
        }
    }
    for j in walk {
        if let Ok(f) = serde_json::from_value::<Follow>(j) {
            tried += 1;
            if let Ok(copy) = f.open(Some(&held)) {
                assert!(SeatCopy::from_json(&copy.to_json()).is_ok(), "what opens passes the checks");
            }
        }
    }
    println!("{tried} damaged following copies tried over {} leaves", paths.len());
    assert!(tried > 50);
}

/// A following copy's link bytes cut or changed (past the checksum): read without a panic, and
/// refused or opened as a copy the checks accept.
#[test]
fn damaged_following_copy_links_never_panic() {
    use field_desk::systems::race_for_x::RaceForX;
    let mut c = Campaign::<RaceForX>::new(<RaceForX as field_desk::systems::Descriptor>::sample()).unwrap();
    let r = Some(Seat(0));
    let held = SeatCopy::new(meta(), 1.0, field_desk::systems::AnyCampaign::RaceForX(c.clone()).seat_view(r));
    let mut rng = Rng::new(11);
    for _ in 0..8 {
        grammar_walk::step(&mut c, &mut rng, 200, &mut Default::default());
    }
    let now = SeatCopy::new(meta(), 2.0, field_desk::systems::AnyCampaign::RaceForX(c).seat_view(r));
    let f = Follow::make(&now, Some(&held));
    let (_, bytes) = link::unseal_versioned(&link::encode_follow(&f, Some(&held))).unwrap();
    let mut opened = 0;
    let mut try_one = |b: &[u8]| {
        if let Some(l) = FollowLink::read(b) {
            if let Ok(copy) = l.open(Some(&held)) {
                assert!(SeatCopy::from_json(&copy.to_json()).is_ok());
                opened += 1;
            }
        }
    };
    for cut in 0..bytes.len() {
        try_one(&bytes[..cut]);
    }
    for _ in 0..3_000 {
        let mut b = bytes.clone();
        let at = rng.below(b.len());
        b[at] ^= 1 << rng.below(8);
        try_one(&b);
    }
    try_one(&bytes);
    assert!(opened >= 1, "the undamaged one opens");
}

/// Only a following copy's link names a system for its system's code to open: any other link or
/// address is left to the transfer chunk, which reads every kind.
#[test]
fn only_following_copy_links_are_peeked() {
    for other in ["#/c/0123456789abcdef/play", "#s=fd5.BAAA", "#s=fd3.BAAA", "#s=fd4.BAAA", "#s=fd6.", "#s=fd6.//8", ""]
    {
        assert_eq!(link::follow_system(other), None, "{other}");
    }
    // A first byte that is no system's link code.
    assert_eq!(link::follow_system("#s=fd6.AAAA"), None);
}
