//! Race for X share links (`share::link`): round trips, where a link lives and how it is read,
//! every kind of bad link, and the length limit. The committed fixtures of each released link
//! version are in `share_link_released.rs`, the fuzz run of over a million inputs in
//! `share_link_fuzz.rs`; the campaigns they share are in `share_link/common.rs`.

#![cfg(not(target_arch = "wasm32"))]

#[path = "share_link/common.rs"]
mod common;
#[path = "share_link/play.rs"]
mod play;

use common::*;
use field_desk::engine::{Action, Roller};
use field_desk::share::link::{self, LinkError, FRAGMENT_KEY};
use field_desk::share::{Document, Meta};
use field_desk::systems::race_for_x::{sample, Decision, Phase};
use field_desk::systems::{AnyCampaign, Body};
use play::{Dice, Game, Habits, Rng, CLUB, TABLE_CLOCK, TYPED};

// ---------------------------------------------------------------------------------------
// Round trips
// ---------------------------------------------------------------------------------------

#[test]
fn a_fresh_sample_round_trips() {
    round_trip(&doc(&play::new_sample(), "3f9a0c21b47d8e65", "Sample: Race for X"));
}

#[test]
fn a_sample_stopped_mid_turn_round_trips() {
    let mut c = play::sample_after(1, CLUB, 5);
    let mut rng = Rng::new(6);
    while c.state().phase() != Phase::Fight {
        play::step(&mut c, CLUB, &mut rng);
    }
    play::step(&mut c, CLUB, &mut rng);
    play::step(&mut c, CLUB, &mut rng);
    assert_eq!(c.state().phase(), Phase::Fight);
    round_trip(&doc(&c, "00ff00ff00ff00ff", "Mid-turn"));
}

#[test]
fn nine_turns_round_trip_with_app_and_with_typed_dice() {
    for (habits, by) in [(CLUB, Roller::App), (TYPED, Roller::Table), (TABLE_CLOCK, Roller::App)] {
        let c = play::sample_after(9, habits, 3);
        assert_eq!(c.state().turn, 10, "nine whole turns played");
        let rolls: Vec<Roller> = c
            .journal()
            .iter()
            .flat_map(|a| match a {
                Action::Decide(e) => e.dice.iter().map(|r| r.by).collect(),
                _ => vec![],
            })
            .collect();
        assert!(rolls.len() > 100 && rolls.iter().all(|&r| r == by));
        round_trip(&doc(&c, "3f9a0c21b47d8e65", "Sample: Race for X"));
    }
}

#[test]
fn undo_and_redo_in_the_journal_round_trip() {
    let c = sample_with_undos();
    assert!(c.journal().contains(&Action::Undo));
    assert!(c.journal().contains(&Action::Redo));
    round_trip(&doc(&c, "0123456789abcdef", "Undone and redone"));
    // A campaign whose last line is an undo.
    let mut c = play::sample_after(2, CLUB, 2);
    c.undo();
    c.undo();
    round_trip(&doc(&c, "0123456789abcdef", "Ends undone"));
}

#[test]
fn a_custom_setup_round_trips() {
    let c = custom_campaign();
    assert_ne!(c.setup(), &sample::sample_setup());
    round_trip(&doc(&c, "a1b2c3d4e5f60718", "Custom"));
    round_trip(&custom_document());
    // The setup form's default: the sample with other player names.
    let mut named = sample::sample_setup();
    named.players[0].name = "Player A".into();
    named.players[1].name = "Player B".into();
    let text = round_trip(&doc(&Game::new(named).unwrap(), "a1b2c3d4e5f60718", "New campaign"));
    assert!(text.len() < 150, "sample parts are sent by reference: {}", text.len());
}

#[test]
fn odd_meta_round_trips() {
    let c = play::new_sample();
    for (id, created, updated) in [
        ("", 0.0, 0.0),
        ("ABCDEF", 1.0, 2.0),
        ("abc", 5.0, 4.0),
        ("00", -1.5, f64::MAX),
        ("0123456789abcdef0123456789abcdef", 9_007_199_254_740_992.0, 9_007_199_254_740_992.0),
    ] {
        let d = Document::new(
            Meta { id: id.into(), name: "n".into(), created, updated },
            &AnyCampaign::RaceForX(c.clone()),
        );
        round_trip(&d);
    }
}

// ---------------------------------------------------------------------------------------
// Where the link lives and how it is read
// ---------------------------------------------------------------------------------------

#[test]
fn links_are_found_in_fragments_and_urls() {
    let d = doc(&play::sample_after(1, CLUB, 1), "3f9a0c21b47d8e65", "Sample: Race for X");
    let fragment = link::to_fragment(&d);
    assert!(fragment.starts_with(FRAGMENT_KEY));
    assert_eq!(link::from_fragment(&format!("#{fragment}")), Some(Ok(d.clone())));
    assert_eq!(link::from_fragment(&fragment), Some(Ok(d.clone())));
    let url = format!("https://example.org/field-desk/#{fragment}");
    assert_eq!(link::decode(&url), Ok(d.clone()));
    assert_eq!(link::decode(&format!("  {url}\n")), Ok(d.clone()));
    // Ordinary screens are not links.
    for hash in ["", "#", "#/", "#/c/3f9a0c21b47d8e65/play", "/new/race-for-x", "#/rules/race-for-x"] {
        assert_eq!(link::from_fragment(hash), None, "{hash}");
    }
    assert_eq!(link::from_fragment("#s=hello"), Some(Err(LinkError::NotALink)));
}

// ---------------------------------------------------------------------------------------
// Bad links
// ---------------------------------------------------------------------------------------

#[test]
fn the_checksum_is_crc32_of_the_coded_bytes() {
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    let released = include_str!("fixtures/links/race-for-x-v1-sample-3-turns-undo.txt").trim();
    let payload = link::unseal(released).unwrap();
    assert_eq!(released, with_checksum(&payload));
    assert_eq!(link::seal(&payload), with_checksum(&payload));
    assert_eq!(link::unseal(&with_checksum(&payload)), Ok(payload));
}

#[test]
fn empty_text_and_other_text_are_not_links() {
    for text in [
        "",
        " ",
        "#",
        "#s=",
        "s=",
        "hello world",
        "fd",
        "fd1",
        "fd.abc",
        "fdx.abc",
        "FD1.abc",
        "fd-1.abc",
        "fd0.abc",
        "fd01.abc",
        "https://example.org/",
    ] {
        assert_eq!(link::decode(text), Err(LinkError::NotALink), "{text:?}");
    }
}

#[test]
fn grammar_coded_systems_are_marked_as_version_2_and_race_for_x_as_version_4() {
    use field_desk::systems::SystemId;
    let meta = |id: &str| Meta { id: id.into(), name: "S".into(), created: 1.0, updated: 2.0 };
    // Race for X is written through its tight grammar (code 8, `fd4.`); its `fd1.` links
    // (code 0) still read, and the same bytes under another marker are damage.
    let d = doc(&play::new_sample(), "3f9a0c21b47d8e65", "S");
    let rfx = link::encode(&d);
    assert!(rfx.starts_with("fd4."), "{rfx}");
    assert_eq!(link::decode(&rfx.replacen("fd4.", "fd1.", 1)), Err(LinkError::Corrupt));
    let released = include_str!("fixtures/links/race-for-x-v1-fresh-sample.txt").trim();
    assert!(released.starts_with("fd1.") && link::decode(released).is_ok());
    assert_eq!(link::decode(&released.replacen("fd1.", "fd4.", 1)), Err(LinkError::Corrupt));
    // Night scouting's tight grammar (code 7) is marked as version 4; its code 2 is only read.
    let system = SystemId::CrossfireScouting;
    let d = Document::new(meta("a0a0a0a0a0a0a0a0"), &system.sample().unwrap());
    let l = link::encode(&d);
    assert!(l.starts_with("fd4."), "{system:?}: {l}");
    assert_eq!(link::decode(&l).unwrap(), d, "{system:?} opens");
    // The checksum covers the marker: the same bytes under another marker are damage.
    assert_eq!(link::decode(&l.replacen("fd4.", "fd1.", 1)), Err(LinkError::Corrupt));
}

/// Axis of Attack's tightened grammar (system code 6) is link version 4; its `fd2.` links still
/// open (tests/share_link_aoa.rs).
#[test]
fn axis_of_attack_is_marked_as_version_4() {
    let meta = Meta { id: "a0a0a0a0a0a0a0a0".into(), name: "S".into(), created: 1.0, updated: 2.0 };
    let d = Document::new(meta, &field_desk::systems::SystemId::AxisOfAttack.sample().unwrap());
    let l = link::encode(&d);
    assert!(l.starts_with("fd4."), "{l}");
    assert_eq!(link::decode(&l).unwrap(), d);
    assert_eq!(link::decode(&l.replacen("fd4.", "fd2.", 1)), Err(LinkError::Corrupt));
}

#[test]
fn a_future_version_is_named_as_such() {
    let real = link::encode(&doc(&play::new_sample(), "3f9a0c21b47d8e65", "S"));
    // fd3 is a seat link (tests/seat_copies.rs), fd4 the grammars of Rapier and BFWW2, fd5 a
    // reply (tests/replies.rs), fd6 a following seat copy (tests/seat_follow.rs): the first
    // version this app does not read is 7.
    for (text, version) in [("fd9.AAAA", 9), ("fd7.", 7), ("fd12.x", 12), (&*real.replacen("fd4.", "fd7.", 1), 7)] {
        let e = link::decode(text).unwrap_err();
        assert_eq!(e, LinkError::FutureVersion { version }, "{text}");
        let message = e.to_string();
        assert!(message.contains("newer version of Field Desk") && message.contains("Reload"), "{message}");
    }
}

#[test]
fn garbage_after_the_marker_is_corrupt() {
    for text in [
        "fd1.",
        "fd1.A",
        "fd1.!!!!",
        "fd1.AAAA=",
        "fd1.aGVsbG8gd29ybGQ",
        "fd1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "fd1.////",
        "fd1.+abc",
    ] {
        assert_eq!(link::decode(text), Err(LinkError::Corrupt), "{text}");
    }
    // Past the checksum: an unknown system, a stream that cannot start.
    assert_eq!(link::decode(&with_checksum(&[0xFF, 0xFF, 0xFF])), Err(LinkError::Corrupt));
    assert_eq!(link::decode(&link::seal(b"hello world")), Err(LinkError::Corrupt));
    assert_eq!(link::decode(&link::seal(&[0xFF; 4])), Err(LinkError::Corrupt));
    // The coded bytes carry no redundancy (the checksum guards them): a stream with a byte
    // more or less, or its last byte changed, is refused or reads as another campaign, never
    // as this one (a campaign has exactly one stream), and what it reads as opens.
    let d = doc(&play::sample_after(1, CLUB, 1), "3f9a0c21b47d8e65", "S");
    let payload = link::payload(&d);
    assert_eq!(link::from_payload(&payload), Ok(d.clone()));
    let mut changed: Vec<Vec<u8>> = [0, 1, 0x80, 0xFF].map(|b| [&payload[..], &[b]].concat()).into();
    changed.push(payload[..payload.len() - 1].to_vec());
    changed.push([&payload[..payload.len() - 1], &[payload[payload.len() - 1] ^ 1]].concat());
    for bytes in changed {
        if let Ok(other) = link::decode(&link::seal(&bytes)) {
            assert_ne!(other, d);
            assert!(other.open().is_ok());
        }
    }
    assert!(LinkError::Corrupt.to_string().contains("damaged"));
}

#[test]
fn every_cut_of_a_real_link_is_refused() {
    let real = link::encode(&doc(&play::sample_after(9, CLUB, 9), "3f9a0c21b47d8e65", "Sample: Race for X"));
    for n in 0..real.len() {
        let cut = &real[..n];
        assert!(link::decode(cut).is_err(), "a link cut to {n} characters decoded");
    }
    // Cut inside a chat message, with what follows lost.
    assert!(link::decode(&format!("https://example.org/field-desk/#s={}", &real[..real.len() / 2])).is_err());
}

#[test]
fn every_single_changed_character_is_refused() {
    let real = link::encode(&doc(&play::sample_after(3, CLUB, 3), "3f9a0c21b47d8e65", "Sample: Race for X"));
    let alphabet: Vec<char> = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".chars().collect();
    let mut rng = Rng::new(11);
    let chars: Vec<char> = real.chars().collect();
    for i in 0..chars.len() {
        for _ in 0..3 {
            let mut changed = chars.clone();
            let c = rng.pick(&alphabet);
            if c == changed[i] {
                continue;
            }
            changed[i] = c;
            let text: String = changed.into_iter().collect();
            assert!(link::decode(&text).is_err(), "changing character {i} to {c} went unnoticed");
        }
    }
}

#[test]
fn a_tampered_die_does_not_replay() {
    let c = play::sample_after(1, TYPED, 4);
    let d = doc(&c, "3f9a0c21b47d8e65", "Tampered");
    let Body::RaceForX { setup, mut journal } = d.body.clone() else { panic!("expected a Race for X campaign") };
    let (line, entry) = journal
        .iter_mut()
        .enumerate()
        .find_map(|(i, a)| match a {
            Action::Decide(e) if !e.dice.is_empty() => Some((i, e)),
            _ => None,
        })
        .unwrap();
    entry.dice[0].value = 9;
    let tampered = Document { body: Body::RaceForX { setup, journal }, ..d };
    match link::decode(&link::encode(&tampered)) {
        Err(LinkError::DoesNotReplay(why)) => {
            assert!(why.contains(&format!("line {}", line + 1)) && why.contains("1 to 6"), "{why}");
            let message = LinkError::DoesNotReplay(why).to_string();
            assert!(message.contains("cannot be opened"), "{message}");
        }
        other => panic!("expected a replay error, got {other:?}"),
    }
    // A decision out of turn.
    let d = doc(&play::new_sample(), "3f9a0c21b47d8e65", "Out of turn");
    let Body::RaceForX { setup, mut journal } = d.body.clone() else { panic!("expected a Race for X campaign") };
    journal.push(Action::Decide(field_desk::engine::Entry::new(Decision::ConfirmMovement, vec![])));
    journal.push(Action::Redo);
    let bad = Document { body: Body::RaceForX { setup, journal }, ..d };
    assert!(matches!(link::decode(&link::encode(&bad)), Err(LinkError::DoesNotReplay(_))));
}

#[test]
fn oversized_links_are_refused_before_they_are_read() {
    // A short link that decodes to more than MAX_DECODED: a note of a million spaces and an x
    // (coded, a run of likely bytes costs almost nothing).
    let mut c = play::new_sample();
    let mut rng = Rng::new(8);
    while c.state().phase() != Phase::Fight {
        play::step(&mut c, CLUB, &mut rng);
    }
    let fight = doc(&c, "3f9a0c21b47d8e65", "Notes");
    let with_note = |text: String| {
        let Body::RaceForX { setup, mut journal } = fight.body.clone() else {
            panic!("expected a Race for X campaign")
        };
        journal.push(Action::Decide(field_desk::engine::Entry::new(Decision::Note { text }, vec![])));
        Document { body: Body::RaceForX { setup, journal }, ..fight.clone() }
    };
    let long = link::encode(&with_note(format!("{}x", " ".repeat(link::MAX_DECODED))));
    assert!(long.len() < 20_000, "{}", long.len());
    assert_eq!(link::decode(&long), Err(LinkError::TooLarge));
    assert!(link::decode(&link::encode(&with_note(format!("{}x", " ".repeat(1000))))).is_ok());
    // Too many lines: a decision undone and redone 10,000 times.
    let mut c = play::new_sample();
    play::step(&mut c, CLUB, &mut rng);
    for _ in 0..link::MAX_LINES / 2 {
        c.undo();
        c.redo().unwrap();
    }
    assert!(c.journal().len() > link::MAX_LINES);
    let text = link::encode(&doc(&c, "3f9a0c21b47d8e65", "Undecided"));
    assert!(text.len() < 500, "{}", text.len());
    assert_eq!(link::decode(&text), Err(LinkError::TooLarge));
    // Too much text.
    assert_eq!(link::decode(&"A".repeat(link::MAX_LINK_CHARS + 1)), Err(LinkError::TooLarge));
    // A short link whose replay would take gigabytes: 3,000 notes in one battle (each note
    // stays in every later position the engine keeps).
    let d = fight;
    let Body::RaceForX { setup, mut journal } = d.body.clone() else { panic!("expected a Race for X campaign") };
    let note = Action::Decide(field_desk::engine::Entry::new(Decision::Note { text: "x".into() }, vec![]));
    journal.extend(std::iter::repeat_n(note, 3_000));
    let text = link::encode(&Document { body: Body::RaceForX { setup, journal }, ..d.clone() });
    assert!(text.len() < 200, "{}", text.len());
    assert_eq!(link::decode(&text), Err(LinkError::TooLarge));
    // An orbat far beyond any real one.
    let mut setup = custom_setup();
    let unit = setup.players[0].orbat.units[2].clone();
    setup.players[0].orbat.units.extend(std::iter::repeat_n(unit, link::MAX_UNITS));
    let huge = Document { body: Body::RaceForX { setup, journal: vec![] }, ..d };
    assert_eq!(link::decode(&link::encode(&huge)), Err(LinkError::TooLarge));
    assert!(LinkError::TooLarge.to_string().contains("file"));
}

// ---------------------------------------------------------------------------------------
// Length
// ---------------------------------------------------------------------------------------

/// Characters after the origin in `https://example.org/field-desk/#s=fd1.…`.
fn after_origin(d: &Document) -> usize {
    "/field-desk/#".len() + link::to_fragment(d).len()
}

/// The requirement's playthrough: every step of every turn recorded in the app with the app's
/// dice, the moving clock too (about 36 rolls a battle), objectives not named.
const APP_CLOCK: Habits = Habits { name_objectives: false, ..CLUB };

#[test]
fn nine_turns_of_the_sample_fit_in_600_characters() {
    // Every seed of 1 to 12 whose campaign lasts nine whole turns (8 of them; seed 6 rolls
    // the most dice of seeds 1 to 60: 924). `cargo run --example link_lengths` prints the
    // figures.
    let mut played = 0;
    for seed in 1..=12 {
        let c = play::sample_after(9, APP_CLOCK, seed);
        if c.state().turn != 10 {
            continue; // somebody reached X early
        }
        played += 1;
        let dice: usize = c.journal().iter().map(|a| if let Action::Decide(e) = a { e.dice.len() } else { 0 }).sum();
        assert!(dice > 550, "the clock rolls are in: {dice} dice");
        let n = after_origin(&doc(&c, "3f9a0c21b47d8e65", "Sample: Race for X"));
        assert!(n <= 600, "seed {seed}, {dice} dice: {n} characters after the origin");
    }
    assert_eq!(played, 8);
    // The moving clock kept at the table, with app or typed dice.
    let c = play::sample_after(9, TABLE_CLOCK, 9);
    assert_eq!(c.state().turn, 10);
    let n = after_origin(&doc(&c, "3f9a0c21b47d8e65", "Sample: Race for X"));
    assert!(n <= 600, "{n} characters after the origin");
    let c = play::sample_after(9, Habits { dice: Dice::Typed, ..TABLE_CLOCK }, 9);
    let n = after_origin(&doc(&c, "3f9a0c21b47d8e65", "Sample: Race for X"));
    assert!(n <= 600, "typed dice: {n} characters after the origin");
}

/// Systems without a link model of their own travel as their stored JSON: longer links, the
/// same guarantees (round trip, replay on open).
#[test]
fn other_systems_round_trip_through_the_generic_path() {
    use field_desk::systems::{axis_of_attack, crossfire_scouting, AnyCampaign};
    let meta =
        field_desk::share::Meta { id: "0123456789abcdef".into(), name: "Night".into(), created: 1.0, updated: 2.0 };
    let scouting = field_desk::engine::Campaign::<crossfire_scouting::CrossfireScouting>::new(
        crossfire_scouting::sample::sample_setup(),
    )
    .unwrap();
    let aoa = field_desk::engine::Campaign::<axis_of_attack::AxisOfAttack>::new(axis_of_attack::sample::sample_setup())
        .unwrap();
    for any in [AnyCampaign::CrossfireScouting(scouting), AnyCampaign::AxisOfAttack(aoa)] {
        let doc = Document::new(meta.clone(), &any);
        let link = link::encode(&doc);
        let back = link::decode(&link).unwrap();
        assert_eq!(back, doc);
        println!("{}: {} characters", any.system().slug(), link.len());
        // Damage is still caught.
        let mut broken = link.clone().into_bytes();
        let mid = broken.len() / 2;
        broken[mid] = if broken[mid] == b'A' { b'B' } else { b'A' };
        assert!(link::decode(std::str::from_utf8(&broken).unwrap()).is_err());
    }
}
