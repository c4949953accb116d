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
    assert_eq!(cards.len(), SystemId::ALL.len(), "one card per system in index.html");
    for (card, sys) in cards.iter().zip(SystemId::ALL) {
        let card = &card[..card.find("</li>").expect("a card ends")];
        let compact: String = card.split('\n').map(str::trim).collect();
        let expected = format!(
            "data-system=\"{}\"><h3>{}</h3><p class=\"system-about\">{}</p><p class=\"system-players\">{}</p>",
            sys.slug(),
            escaped(sys.name()),
            escaped(sys.about()),
            escaped(sys.players()),
        );
        assert_eq!(compact, expected, "index.html's card for {}", sys.slug());
    }
}
