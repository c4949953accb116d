//! Pasted rosters for the Battlefront: WW2 setup form: one line per manoeuvre element in the
//! form's words. Writing then reading gives back the same roster; a bad line is named with what
//! is wrong, and nothing is read unless every line reads.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::systems::bfww2_campaign::roster_text::{parse, write, EXAMPLE};
use field_desk::systems::bfww2_campaign::sample::sample_setup;
use field_desk::systems::bfww2_campaign::tables::MeClass;
use field_desk::systems::bfww2_campaign::{setup_check, Rating};

#[test]
fn the_sample_rosters_round_trip_exactly() {
    for side in sample_setup().sides {
        let text = write(&side.roster);
        assert_eq!(parse(&text).as_ref(), Ok(&side.roster), "{text}");
        assert_eq!(text.lines().count(), side.roster.len());
    }
}

#[test]
fn the_forms_example_reads_and_a_pasted_roster_keeps_the_setup_valid() {
    let r = parse(EXAMPLE).unwrap();
    assert_eq!(r.len(), 2);
    assert_eq!((r[0].class, r[0].stands, r[0].vehicles, r[0].rating), (MeClass::Armour, 10, 10, Rating::Veteran));
    assert_eq!(r[0].rg.as_deref(), Some("Panzer"));
    assert_eq!((r[1].class, r[1].rg.as_deref()), (MeClass::Infantry, None));
    // The class's letter or word alone, bare numbers, any case.
    let r = parse("X | Guns | o | Battery | 4 | 0 | elite | No chart row").unwrap();
    assert_eq!(
        (r[0].class, r[0].stands, r[0].rating, r[0].rg.clone()),
        (MeClass::OffBoardArtillery, 4, Rating::Elite, None)
    );
    let mut s = sample_setup();
    s.sides[0].roster = parse(&write(&s.sides[0].roster)).unwrap();
    assert!(setup_check(&s).is_empty(), "{:?}", setup_check(&s));
}

#[test]
fn each_bad_line_is_named_with_what_is_wrong_and_nothing_is_read() {
    let text = "A | One | A: armour | Pz IV company | 10 stands | 10 vehicles | Veteran\n\
                A | Two | A: armour | Pz IV company | 10 stands | 10 vehicles | Veteran\n\
                B | Three | Z: zeppelins | Airship | 1 | 1 | Raw\n\
                C | Four | I | Rifle company | ten | 0 | Raw\n\
                D | Five | I | Rifle company | 10 | 0 | Green\n\
                E | Six | I | Rifle company\n";
    let e = parse(text).unwrap_err();
    let starts = [
        "Line 2: line 1 already has an element with the ID \"A\"",
        "Line 3: \"Z: zeppelins\" is not a class",
        "Line 4: \"ten\" is not a number of stands",
        "Line 5: \"Green\" is not a rating",
        "Line 6: an element line has 7 or 8 parts",
    ];
    assert_eq!(e.len(), starts.len(), "{e:#?}");
    for (got, want) in e.iter().zip(starts) {
        assert!(got.starts_with(want), "{got} / {want}");
    }
    assert_eq!(parse("#\n"), Err(vec!["The list has no elements.".to_string()]));
}
