//! Every link, of every system, goes through one bounded replay: at most `MAX_LINES` lines,
//! and the replay's work weighed before each position is played. Short hostile links of
//! Axis of Attack and night scouting (many notes, huge texts, many lines) are refused with
//! `TooLarge` instead of freezing the tab; ordinary ones still open.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/aoa_legal.rs"]
mod aoa_legal;
#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/rng.rs"]
mod rng;
#[path = "support/scouting_legal.rs"]
mod scouting_legal;

use field_desk::engine::{Action, Campaign, Entry};
use field_desk::share::link::{self, LinkError};
use field_desk::share::{Document, Meta};
use field_desk::systems::axis_of_attack::{self, AxisOfAttack};
use field_desk::systems::crossfire_scouting::{self, Area, CrossfireScouting};
use field_desk::systems::{AnyCampaign, Body};
use rng::Rng;

fn meta() -> Meta {
    Meta { id: "3f9a0c21b47d8e65".into(), name: "Hostile".into(), created: 1.0, updated: 2.0 }
}

fn aoa_doc(c: &Campaign<AxisOfAttack>) -> Document {
    Document::new(meta(), &AnyCampaign::AxisOfAttack(c.clone()))
}

fn scouting_doc(c: &Campaign<CrossfireScouting>) -> Document {
    Document::new(meta(), &AnyCampaign::CrossfireScouting(c.clone()))
}

/// The Axis of Attack sample played legally up to its first table game, where notes are taken.
fn aoa_at_the_table() -> Campaign<AxisOfAttack> {
    let setup = axis_of_attack::sample::sample_setup();
    let mut c = Campaign::<AxisOfAttack>::new(setup.clone()).unwrap();
    let mut rng = Rng::new(3);
    while c.state().phase() != axis_of_attack::Phase::Game {
        let d = aoa_legal::legal_decision(&setup, c.state(), &mut rng);
        let n = c.dice_for(&d).map_or(0, |s| s.count as usize);
        c.decide(d, field_desk::engine::DiceInput::Typed(rng.d6s(n))).unwrap();
    }
    c
}

fn with_aoa_lines(d: &Document, lines: impl IntoIterator<Item = Action<axis_of_attack::Decision>>) -> Document {
    let Body::AxisOfAttack { setup, mut journal } = d.body.clone() else { panic!("an Axis of Attack document") };
    journal.extend(lines);
    Document { body: Body::AxisOfAttack { setup, journal }, ..d.clone() }
}

fn note(text: &str) -> Action<axis_of_attack::Decision> {
    Action::Decide(Entry::new(axis_of_attack::Decision::Note { text: text.into() }, vec![]))
}

#[test]
fn an_axis_of_attack_link_of_thousands_of_notes_is_refused() {
    let table = aoa_doc(&aoa_at_the_table());
    // A few notes open.
    let few = with_aoa_lines(&table, (0..20).map(|i| note(&format!("note {i}"))));
    assert_eq!(link::decode(&link::encode(&few)), Ok(few));
    // 5,000 notes of one letter: each stays in every later position of the turn.
    let many = with_aoa_lines(&table, (0..5_000).map(|_| note("x")));
    let text = link::encode(&many);
    println!("5,000 notes: {} characters", text.len());
    assert_eq!(link::decode(&text), Err(LinkError::TooLarge));
    // Fewer notes, each long: the same.
    let long = with_aoa_lines(&table, (0..400).map(|i| note(&format!("{i}{}", "z".repeat(2_000)))));
    assert_eq!(link::decode(&link::encode(&long)), Err(LinkError::TooLarge));
}

#[test]
fn an_axis_of_attack_link_of_too_many_lines_is_refused() {
    let table = aoa_doc(&aoa_at_the_table());
    let mut lines = vec![note("x")];
    for _ in 0..link::MAX_LINES / 2 {
        lines.extend([Action::Undo, Action::Redo]);
    }
    let many = with_aoa_lines(&table, lines);
    assert!(many.body.journal_len() > link::MAX_LINES);
    assert_eq!(link::decode(&link::encode(&many)), Err(LinkError::TooLarge));
}

#[test]
fn axis_of_attack_played_for_three_turns_still_opens() {
    let c = aoa_legal::sample_after(3, 1);
    let d = aoa_doc(&c);
    let back = link::decode(&link::encode(&d)).unwrap();
    assert_eq!(back, d);
    let AnyCampaign::AxisOfAttack(again) = back.open().unwrap() else { panic!("an Axis of Attack campaign") };
    assert_eq!(again.state(), c.state());
}

fn with_scouting_lines(d: &Document, lines: Vec<Action<crossfire_scouting::Decision>>) -> Document {
    let Body::CrossfireScouting { setup, mut journal } = d.body.clone() else { panic!("a scouting document") };
    journal.extend(lines);
    Document { body: Body::CrossfireScouting { setup, journal }, ..d.clone() }
}

#[test]
fn a_night_scouting_link_of_too_many_lines_is_refused() {
    let sample = crossfire_scouting::sample::sample_setup();
    let night = scouting_legal::night(sample, 5);
    let d = scouting_doc(&night);
    let mut lines = vec![Action::Undo];
    for _ in 0..link::MAX_LINES / 2 {
        lines.extend([Action::Redo, Action::Undo]);
    }
    let many = with_scouting_lines(&d, lines);
    assert!(many.body.journal_len() > link::MAX_LINES);
    assert_eq!(link::decode(&link::encode(&many)), Err(LinkError::TooLarge));
}

#[test]
fn a_night_scouting_link_of_huge_texts_played_long_is_refused() {
    // Areas named with 200,000 letters in all, and a long night over them: every line of the
    // log may quote them, so the replay's work grows with both.
    let mut setup = crossfire_scouting::sample::sample_setup();
    let areas = setup.areas.len();
    for (i, a) in setup.areas.iter_mut().enumerate() {
        *a = Area::new(&format!("{i} {}", "w".repeat(200_000 / areas)), a.cover, a.edge);
    }
    let night = scouting_legal::night(setup.clone(), 5);
    let d = scouting_doc(&night);
    // Undone and redone until the replay would play thousands of positions.
    let mut lines = vec![Action::Undo];
    for _ in 0..2_000 {
        lines.extend([Action::Redo, Action::Undo]);
    }
    let long = with_scouting_lines(&d, lines);
    assert_eq!(link::decode(&link::encode(&long)), Err(LinkError::TooLarge));
    // The night itself, over the same areas, opens.
    assert_eq!(link::decode(&link::encode(&d)), Ok(d));
}

#[test]
fn night_scouting_played_to_dawn_still_opens() {
    for seed in 1..=5 {
        let c = scouting_legal::night(crossfire_scouting::sample::sample_setup(), seed);
        let d = scouting_doc(&c);
        let back = link::decode(&link::encode(&d)).unwrap();
        assert_eq!(back, d);
        let AnyCampaign::CrossfireScouting(again) = back.open().unwrap() else { panic!("a scouting campaign") };
        assert_eq!(again.state(), c.state());
    }
}

/// A campaign file is replayed under the links' own bound, checked before the work: a Rapier
/// file whose journal holds its first line 20,000 times once froze the tab for seconds before
/// saying anything.
#[test]
fn a_rapier_file_of_one_line_twenty_thousand_times_is_refused_before_it_replays() {
    use field_desk::share::{read_file, LoadError};
    use field_desk::systems::SystemId;
    let Ok(AnyCampaign::RapierOffensive(mut c)) = SystemId::RapierOffensive.sample() else { panic!("Rapier's sample") };
    let (mut rng, mut tally) = (Rng::new(1), grammar_walk::Tally::default());
    assert!(grammar_walk::step(&mut c, &mut rng, 2_000, &mut tally), "a first step");
    let doc = Document::new(meta(), &AnyCampaign::RapierOffensive(c));
    let Body::RapierOffensive { setup, journal } = doc.body.clone() else { panic!("a Rapier document") };
    let hostile = Document { body: Body::RapierOffensive { setup, journal: vec![journal[0].clone(); 20_000] }, ..doc };
    let read = read_file(&hostile.to_json()).expect("a campaign file");
    assert!(
        matches!(&read[..], [Err(LoadError::DoesNotReplay(why))] if why.contains("more than Field Desk replays")),
        "{read:?}"
    );
    // The same journal in a backup is refused the same way.
    let backup = field_desk::share::Backup {
        format: field_desk::share::FORMAT,
        kind: field_desk::share::BACKUP_KIND.into(),
        campaigns: vec![serde_json::from_str(&hostile.to_json()).unwrap()],
    };
    let read = read_file(&backup.to_json()).expect("a backup");
    assert!(matches!(&read[..], [Err(LoadError::DoesNotReplay(_))]), "{read:?}");
}
