//! index.html draws the campaign list's systems before the app has started (#boot): its cards
//! must say what the app's cards say, system by system and in the same order, or the page would
//! change its words when the app takes over.

use field_desk::systems::SystemId;

/// Text as index.html must write it.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

const INDEX: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/index.html");
const LIST_OPEN: &str = "<ul class=\"system-cards\">\n";
const LIST_CLOSE: &str = "          </ul>";

/// `BOOT=write cargo test --test native boot::` writes index.html's cards from `systems!` (a new
/// system's card, or changed words), so they are never edited by hand; without it the test
/// checks them.
#[test]
fn boot_cards_are_the_systems_cards() {
    let listed: Vec<SystemId> = SystemId::ALL.into_iter().filter(|s| !s.test_only()).collect();
    if std::env::var("BOOT").as_deref() == Ok("write") {
        write_cards(&listed);
    }
    let html = std::fs::read_to_string(INDEX).unwrap();
    let cards: Vec<&str> = html.split("<li class=\"system-card\" ").skip(1).collect();
    assert_eq!(
        cards.len(),
        listed.len(),
        "one card per system in index.html: run `BOOT=write cargo test --test native boot::` to write them"
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
            "index.html's card for {}: run `BOOT=write cargo test --test native boot::` to write them",
            sys.slug(),
        );
    }
}

/// Writes `systems`' cards between index.html's list tags, leaving the rest of the page as it is.
fn write_cards(systems: &[SystemId]) {
    let html = std::fs::read_to_string(INDEX).unwrap();
    let start = html.find(LIST_OPEN).expect("index.html has the boot card list") + LIST_OPEN.len();
    let end = start + html[start..].find(LIST_CLOSE).expect("the boot card list ends");
    let written = format!("{}{}{}", &html[..start], all_cards(systems), &html[end..]);
    if written != html {
        std::fs::write(INDEX, written).unwrap();
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
