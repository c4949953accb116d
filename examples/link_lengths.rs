//! Share-link lengths of sample campaigns: figures, not assertions (tests/share_link.rs holds
//! the limit). `cargo run --example link_lengths`.
//!
//! "After the origin" counts what follows `https://example.org` in
//! `https://example.org/field-desk/#s=fd1.…`: the path `/field-desk/` (12 characters, where the
//! tests serve the app), `#s=` (3) and the link payload.

#[path = "../tests/share_link/play.rs"]
mod play;

use field_desk::share::link;
use field_desk::share::{Document, Meta};
use field_desk::systems::race_for_x::sample;
use field_desk::systems::race_for_x::Setup;
use field_desk::systems::AnyCampaign;
use play::{Game, Habits, CLUB, TABLE_CLOCK, TYPED};

const PATH: &str = "/field-desk/";

fn doc(c: &Game, name: &str) -> Document {
    let meta = Meta { id: "3f9a0c21b47d8e65".into(), name: name.into(), created: 1_763_700_000_000.0, updated: 1_763_712_345_678.0 };
    Document::new(meta, &AnyCampaign::RaceForX(c.clone()))
}

fn row(label: &str, d: &Document) {
    let payload = link::payload(d);
    let deflated = miniz_oxide::deflate::compress_to_vec(&payload, 10);
    let fragment = link::encode(d);
    let after_origin = PATH.len() + 1 + link::FRAGMENT_KEY.len() + fragment.len();
    let AnyCampaign::RaceForX(c) = d.open().expect("replays");
    let dice: usize = c
        .journal()
        .iter()
        .map(|a| match a {
            field_desk::engine::Action::Decide(e) => e.dice.len(),
            _ => 0,
        })
        .sum();
    println!(
        "{label:<44} {:>5} {:>5} {:>7} {:>8} {:>9} {:>12}",
        c.journal().len(),
        dice,
        payload.len(),
        deflated.len(),
        fragment.len(),
        after_origin
    );
}

fn played(turns: u32, habits: Habits) -> Game {
    play::sample_after(turns, habits, 9)
}

fn main() {
    println!("Share links, version {} (URL assumed: https://example.org{PATH}#s=fd{}.…)", link::LINK_VERSION, link::LINK_VERSION);
    println!(
        "{:<44} {:>5} {:>5} {:>7} {:>8} {:>9} {:>12}",
        "campaign", "lines", "dice", "postcard", "deflated", "payload", "after origin"
    );
    row("sample, fresh", &doc(&play::new_sample(), "Sample: Race for X"));
    for turns in [1, 3, 9] {
        row(&format!("sample, {turns} turn(s), app dice"), &doc(&played(turns, CLUB), "Sample: Race for X"));
    }
    row("sample, 9 turns, typed dice", &doc(&played(9, TYPED), "Sample: Race for X"));
    row("sample, 9 turns, clock kept at the table", &doc(&played(9, TABLE_CLOCK), "Sample: Race for X"));
    row("  same, objectives named", &doc(&played(9, Habits { name_objectives: true, ..TABLE_CLOCK }), "Sample: Race for X"));
    row("  same, typed dice", &doc(&played(9, Habits { dice: play::Dice::Typed, ..TABLE_CLOCK }), "Sample: Race for X"));
    row("sample, 9 turns, app clock, no names", &doc(&played(9, Habits { name_objectives: false, ..CLUB }), "Sample: Race for X"));
    let nine = played(9, CLUB);
    let mut with_undo = nine.clone();
    with_undo.undo_to(nine.steps() - 5);
    row("sample, 9 turns, then 5 undos", &doc(&with_undo, "Sample: Race for X"));
    row("sample, 15 turns, app dice", &doc(&played(15, CLUB), "Sample: Race for X"));

    // Without the reference to the built-in sample: the same 9 turns with the setup sent in full.
    let renamed = |c: &Game| {
        let mut setup: Setup = c.setup().clone();
        setup.players[0].orbat.units[0].name = "Battalion HQ (renamed)".into();
        setup.players[1].orbat.units[0].name = "Battalion HQ (renamed)".into();
        setup.defence[0].lines[0].push(' ');
        Game::replay(setup, c.journal().to_vec()).expect("same play")
    };
    row("fresh, setup in full (no sample reference)", &doc(&renamed(&play::new_sample()), "Sample: Race for X"));
    row("9 turns, setup in full (no sample reference)", &doc(&renamed(&nine), "Sample: Race for X"));
    // The setup form's default: the sample battalions and orbats with new player names.
    let mut named = sample::sample_setup();
    named.players[0].name = "Player A".into();
    named.players[1].name = "Player B".into();
    let fresh_named = Game::new(named).unwrap();
    row("fresh, setup form default (renamed players)", &doc(&fresh_named, "New campaign"));
}
