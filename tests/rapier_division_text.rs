//! Pasted divisions for the Rapier setup form: a name line, then one line per unit in the
//! form's words. Writing then reading gives back the same division; a bad line is named with
//! what is wrong, and nothing is read unless every line reads.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::systems::rapier_offensive::division_text::{all_kinds, parse, write, EXAMPLE};
use field_desk::systems::rapier_offensive::sample::sample_setup;
use field_desk::systems::rapier_offensive::setup_check;
use field_desk::systems::rapier_offensive::units::{GunKind, Traction, UnitKind};

#[test]
fn the_sample_divisions_round_trip_exactly() {
    let s = sample_setup();
    for d in s.attackers.iter().chain(std::iter::once(&s.defender)) {
        let text = write(d);
        assert_eq!(parse(&text).as_ref(), Ok(d), "{text}");
    }
}

#[test]
fn every_type_the_form_lists_reads_back() {
    let names: Vec<String> = all_kinds().iter().map(|k| k.name()).collect();
    let text = std::iter::once("Division | All".to_string())
        .chain(names.iter().enumerate().map(|(i, n)| format!("U{i} | {n}")))
        .collect::<Vec<_>>()
        .join("\n");
    let d = parse(&text).unwrap();
    assert_eq!(d.units.iter().map(|u| u.kind).collect::<Vec<_>>(), all_kinds());
}

#[test]
fn the_forms_example_reads_and_a_pasted_division_keeps_the_setup_valid() {
    let d = parse(EXAMPLE).unwrap();
    assert_eq!(d.name, "26th Tank Corps");
    assert_eq!(d.units.len(), 4);
    assert!(d.units[1].assault);
    assert_eq!(d.units[3].kind, UnitKind::Gun { kind: GunKind::Mortar, traction: Traction::Motorised });
    assert!(d.units[3].division_asset);
    let mut s = sample_setup();
    s.attackers[1] = parse(&write(&s.attackers[0])).unwrap();
    assert!(setup_check(&s).is_empty(), "{:?}", setup_check(&s));
}

#[test]
fn each_bad_line_is_named_with_what_is_wrong_and_nothing_is_read() {
    let text = "Division | A\nDivision | B\nX | Panzers\nY | Tanks | elite\nZ\n | HQ\n";
    let e = parse(text).unwrap_err();
    let starts = [
        "Line 2: the division is already called \"A\"",
        "Line 3: \"Panzers\" is not a type",
        "Line 4: \"elite\"",
        "Line 5: a unit line is",
        "Line 6: the unit has no name",
    ];
    assert_eq!(e.len(), starts.len(), "{e:#?}");
    for (got, want) in e.iter().zip(starts) {
        assert!(got.starts_with(want), "{got} / {want}");
    }
    assert_eq!(parse("HQ | HQ"), Err(vec!["Write the division's name first: \"Division | its name\".".to_string()]));
}
