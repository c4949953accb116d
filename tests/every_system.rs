//! The suites every system of the list passes, run over `SystemId::ALL`: a system added to
//! `systems!` is tested here with no line written for it. Random play from its sample through
//! its own grammar (with undos and redos), and at each point: its campaign link decodes to the
//! same campaign, and every seat's copy is one the checks accept and reads back the same. Each
//! system keeps link fixtures (`tests/fixtures/systems/<slug>.txt`) made at many points of such
//! play, which must keep opening to the same position: a system without its file fails here,
//! and `FIXTURES=write cargo test --test native every_system::` writes the missing ones. Each point is
//! kept as today's link and as every older coding that can say it (link version 1's Race for
//! X, JSON text, version 2's night scouting and Axis of Attack: `link::encode_older`), some
//! with dice typed in: what each released version decodes to is held here.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::{Campaign, DiceInput, Reader, Seat};
use field_desk::share::link;
use field_desk::share::seat::SeatCopy;
use field_desk::share::{Document, Meta};
use field_desk::systems::{Listed, SystemId, Visit};
use rng::Rng;

fn meta(n: u64) -> Meta {
    Meta {
        id: format!("{:016x}", 0x5eed_0000_0000_0000u64 + n),
        name: format!("Every system {n}"),
        created: 1.7e12,
        updated: 1.7e12 + n as f64,
    }
}

/// Random play from the sample, `steps` steps (an undo now and then, sometimes redone), calling
/// `at` after each.
fn play<S: Listed>(seed: u64, steps: usize, mut at: impl FnMut(&Campaign<S>, usize)) -> Campaign<S>
where
    S::Decision: std::fmt::Debug,
{
    let mut rng = Rng::new(seed);
    let mut tally = grammar_walk::Tally::default();
    let mut c = Campaign::<S>::new(S::sample()).expect("the sample starts");
    at(&c, 0);
    for k in 1..=steps {
        if S::over(c.setup(), c.state()) {
            break;
        }
        match rng.below(10) {
            0 if c.can_undo() => {
                c.undo();
            }
            1 if c.can_redo() => c.redo().expect("a redo replays"),
            // Dice typed from a roll at the table, now and then.
            2 | 3 => assert!(typed_step(&mut c, &mut rng), "{}: no decision taken at step {k}", S::INFO.name),
            _ => assert!(
                grammar_walk::step(&mut c, &mut rng, 2_000, &mut tally),
                "{}: no decision taken at step {k}",
                S::INFO.name
            ),
        }
        at(&c, k);
    }
    c
}

/// A step of random play with its dice typed in (as rolled at the table).
fn typed_step<S: Listed>(c: &mut Campaign<S>, rng: &mut Rng) -> bool {
    for _ in 0..2_000 {
        let Some(d) = grammar_walk::draw(c, rng, 50) else { continue };
        let typed = c.dice_for(&d).map_or(Vec::new(), |spec| {
            (0..spec.count).map(|_| rng.below(spec.die.sides() as usize) as u16 + 1).collect()
        });
        if c.decide(d, DiceInput::Typed(typed)).is_ok() {
            return true;
        }
    }
    false
}

fn readers<S: Listed>(c: &Campaign<S>) -> Vec<Reader> {
    c.seats().into_iter().map(Some).chain(std::iter::once(None::<Seat>)).collect()
}

/// Links and seat copies at every point of random play.
struct RoundTrips;

impl Visit for RoundTrips {
    type Out = usize;
    fn visit<S: Listed>(self) -> usize {
        let mut checked = 0;
        for seed in [1, 2] {
            play::<S>(seed, 60, |c, k| {
                let doc = Document::new(meta(k as u64), &S::any(c.clone()));
                let made = link::encode(&doc);
                let back = link::decode(&made)
                    .unwrap_or_else(|e| panic!("{}: step {k}'s link does not open: {e}", S::INFO.name));
                assert_eq!(back.body, doc.body, "{}: step {k}'s link opens to another campaign", S::INFO.name);
                assert_eq!(back.meta, doc.meta);
                for r in readers(c) {
                    let copy = SeatCopy::new(meta(k as u64), 1.7e12, S::any(c.clone()).seat_view(r));
                    copy.view.check().unwrap_or_else(|e| {
                        panic!("{}: step {k}, reader {r:?}: a true copy is refused: {e}", S::INFO.name)
                    });
                    let read = SeatCopy::from_json(&copy.to_json()).expect("a copy reads back");
                    assert_eq!(read, copy);
                }
                checked += 1;
            });
        }
        checked
    }
}

#[test]
fn every_system_plays_from_its_grammar_and_its_links_and_copies_read_back() {
    for system in SystemId::ALL {
        let checked = system.visit(RoundTrips);
        assert!(checked > 1, "{system:?}: nothing played");
        println!("{}: {checked} positions", system.name());
    }
}

/// A system's fixtures: links of its campaign at points of seeded random play, each with the
/// status it opened to.
struct Fixtures;

impl Visit for Fixtures {
    type Out = String;
    fn visit<S: Listed>(self) -> String {
        fn keep<S: Listed>(lines: &mut Vec<String>, c: &Campaign<S>, k: usize) {
            let doc = Document::new(meta(k as u64), &S::any(c.clone()));
            // Today's link, and each older coding that can say the campaign.
            let older = (0..4).filter_map(|code| link::encode_older(&doc, code));
            for made in std::iter::once(link::encode(&doc)).chain(older) {
                let line = format!("{made}\t{}\t{}\n", c.steps(), c.status());
                if !lines.contains(&line) {
                    lines.push(line);
                }
            }
        }
        let mut lines: Vec<String> = Vec::new();
        // Seeded plays until there are enough points (a short game, such as a night that ends
        // at once, takes more of them).
        for seed in 11..40 {
            if lines.len() >= 40 {
                break;
            }
            let end = play::<S>(seed, 80, |c, k| {
                if k % 6 == 0 {
                    keep(&mut lines, c, k)
                }
            });
            keep(&mut lines, &end, 999);
        }
        let out: String = lines.concat();
        out
    }
}

#[test]
fn every_system_s_link_fixtures_still_open_where_they_did() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/systems");
    let write = std::env::var("FIXTURES").is_ok_and(|v| v == "write");
    let mut missing = Vec::new();
    for system in SystemId::ALL {
        let path = format!("{dir}/{}.txt", system.slug());
        let Ok(text) = std::fs::read_to_string(&path) else {
            if write {
                std::fs::write(&path, system.visit(Fixtures)).unwrap();
            }
            missing.push(path);
            continue;
        };
        let mut n = 0;
        for line in text.lines().filter(|l| !l.is_empty()) {
            let mut parts = line.split('\t');
            let (link_text, _steps, status) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
            let doc = link::decode(link_text).unwrap_or_else(|e| panic!("{path}: a fixture no longer opens: {e}"));
            let c = doc.open().expect("a decoded link opens");
            assert_eq!(c.status(), status, "{path}: a fixture opens elsewhere");
            // Today's links are written as they were; older ones still read.
            if link::encode(&doc) != link_text {
                let older = (0..4).filter_map(|code| link::encode_older(&doc, code)).any(|l| l == link_text);
                assert!(older, "{path}: a fixture is written otherwise now");
            }
            n += 1;
        }
        assert!(n > 3, "{path}: too few fixtures");
    }
    assert!(
        missing.is_empty(),
        "systems without link fixtures ({}): write them with `FIXTURES=write cargo test --test native every_system::`",
        missing.join(", ")
    );
}
