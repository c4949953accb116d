//! index.html draws the campaign list's systems before the app has started (#boot): its cards
//! must say what the app's cards say, system by system and in the same order, or the page would
//! change its words when the app takes over.

use field_desk::systems::SystemId;

/// Text as index.html must write it.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[test]
fn boot_cards_are_the_systems_cards() {
    let html = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/index.html")).unwrap();
    let cards: Vec<&str> = html.split("<li class=\"system-card\" ").skip(1).collect();
    let listed: Vec<SystemId> = SystemId::ALL.into_iter().filter(|s| !s.test_only()).collect();
    assert_eq!(
        cards.len(),
        listed.len(),
        "one card per system in index.html; the cards to write:\n{}",
        all_cards(&listed)
    );
    for (card, &sys) in cards.iter().zip(&listed) {
        let card = &card[..card.find("</li>").expect("a card ends")];
        let compact: String = card.split('\n').map(str::trim).collect();
        let expected = format!(
            "data-system=\"{}\"><h3>{}</h3><p class=\"system-about\">{}</p><p class=\"system-players\">{}</p>",
            sys.slug(),
            escaped(sys.name()),
            escaped(sys.about()),
            escaped(sys.players()),
        );
        assert_eq!(
            compact,
            expected,
            "index.html's card for {}; the cards to write:\n{}",
            sys.slug(),
            all_cards(&listed)
        );
    }
}

/// index.html's cards for `systems`, as they must be written.
fn all_cards(systems: &[SystemId]) -> String {
    systems
        .iter()
        .map(|s| {
            format!(
                "            <li class=\"system-card\" data-system=\"{}\">\n              <h3>{}</h3>\n              <p class=\"system-about\">{}</p>\n              <p class=\"system-players\">{}</p>\n            </li>\n",
                s.slug(),
                escaped(s.name()),
                escaped(s.about()),
                escaped(s.players())
            )
        })
        .collect()
}
