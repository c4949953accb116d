//! A pasted orbat: the text the setup form reads and writes, line by line, in the words of its
//! rows. Writing then reading gives back the same orbat; a bad line is named with what is wrong,
//! and nothing is read unless every line reads.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::systems::race_for_x::orbat_text::{parse, write, LineError, EXAMPLE};
use field_desk::systems::race_for_x::rules::check_new_setup;
use field_desk::systems::race_for_x::sample::{russian_battalion, sample_setup};
use field_desk::systems::race_for_x::{FormationKind, Orbat, Stand, StandKind, Unit, UnitKind};

fn lines_of(errors: &[LineError]) -> Vec<Option<usize>> {
    errors.iter().map(|e| e.line).collect()
}

#[test]
fn the_sample_battalions_round_trip_exactly() {
    for p in sample_setup().players {
        let text = write(&p.orbat);
        assert_eq!(parse(&text), Ok(p.orbat.clone()), "{text}");
    }
    let o = russian_battalion("Rifle Battalion");
    assert_eq!(o.units.len(), 19);
    assert_eq!(parse(&write(&o)).unwrap(), o);
}

#[test]
fn the_written_text_uses_the_forms_words() {
    let text = write(&russian_battalion("1st Rifle Battalion"));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Battalion | 1st Rifle Battalion");
    assert_eq!(lines[1], "Company | 1st Company | 1st Rifle Battalion");
    assert!(lines.contains(&"Battalion HQ | HQ unit | 1st Rifle Battalion | BC, Crew-served weapon (45mm ATG)"));
    assert!(lines.contains(&"1st Platoon | Rifle/SMG platoon | 1st Company | PC, 3 x Squad (Rifle)"));
    assert!(lines.contains(&"Tank 1 | Vehicle platoon | Attached | Vehicle (T-26)"));
    assert!(
        lines.contains(&"Mortar Platoon | Crew-served weapon unit | 1st Rifle Battalion | 2 x FO (FO 82mm mortars)")
    );
    // 4 formations and 19 units, one a line.
    assert_eq!(lines.len(), 23);
}

#[test]
fn odd_orbats_round_trip_too() {
    let o = Orbat {
        formations: vec![
            field_desk::systems::race_for_x::Formation {
                name: "A Coy".into(),
                kind: FormationKind::Company,
                parent: None,
            },
            field_desk::systems::race_for_x::Formation {
                name: "2 Bn".into(),
                kind: FormationKind::Battalion,
                parent: None,
            },
            field_desk::systems::race_for_x::Formation {
                name: "B Coy".into(),
                kind: FormationKind::Company,
                parent: Some(1),
            },
        ],
        units: vec![
            Unit {
                name: "Odd".into(),
                kind: UnitKind::Hq,
                formation: Some(2),
                stands: vec![
                    Stand { kind: StandKind::Rc, label: "".into() },
                    Stand { kind: StandKind::Squad, label: "Rifle, SMG".into() },
                    Stand { kind: StandKind::Squad, label: "(Pioneers)".into() },
                    Stand { kind: StandKind::Squad, label: "Rifle".into() },
                    Stand { kind: StandKind::Fo, label: "FO".into() },
                ],
            },
            Unit {
                name: "Company".into(),
                kind: UnitKind::Vehicle,
                formation: None,
                stands: vec![Stand { kind: StandKind::Vehicle, label: "x".into() }; 3],
            },
        ],
    };
    let text = write(&o);
    assert_eq!(parse(&text), Ok(o), "{text}");
}

#[test]
fn the_forms_example_reads_and_is_lenient_about_spacing_and_case() {
    let o = parse(EXAMPLE).unwrap();
    assert_eq!(o.formations.len(), 2);
    assert_eq!(o.units.len(), 3);
    let o = parse(
        "# my club's force\n\n  battalion|2nd Bn \ncompany | A | 2nd Bn\nP1 | rifle/smg platoon | A | pc, 3x squad rifle\n\
         Gun|crew-served weapon unit|Attached (no company)|2 × Crew-served weapon(76mm)\n",
    )
    .unwrap();
    assert_eq!(o.formations[1].parent, Some(0));
    assert_eq!(o.units[0].stands.len(), 4);
    assert_eq!(o.units[0].stands[0], Stand { kind: StandKind::Pc, label: "PC".into() });
    assert_eq!(o.units[0].stands[3], Stand { kind: StandKind::Squad, label: "rifle".into() });
    assert_eq!(o.units[1].formation, None);
    assert_eq!(o.units[1].stands, vec![Stand { kind: StandKind::CrewServed, label: "76mm".into() }; 2]);
}

#[test]
fn units_may_name_a_company_written_below_them() {
    let o = parse("P1 | Rifle/SMG platoon | A | PC, Squad\nCompany | A").unwrap();
    assert_eq!(o.units[0].formation, Some(0));
}

#[test]
fn each_bad_line_is_named_with_what_is_wrong_and_nothing_is_read() {
    let text = "Battalion | Bn\n\
                Company | A | Nowhere\n\
                P1 | Platoon | A | PC, 3 x Squad\n\
                P2 | Rifle/SMG platoon | B | PC\n\
                P3 | Rifle/SMG platoon | A | PC, Tank\n\
                P4 | Rifle/SMG platoon | A\n\
                P5 | Rifle/SMG platoon | A | PC,, Squad\n\
                P6 | Rifle/SMG platoon | A | 1000 x Squad\n\
                Company | A\n\
                P7 | Rifle/SMG platoon | A | \n\
                Company | Sub | A\n\
                P8 | HQ unit | Bn | CC, 3x\n";
    let errors = parse(text).unwrap_err();
    assert_eq!(lines_of(&errors), (2..=12).map(Some).collect::<Vec<_>>(), "{errors:#?}");
    let said = |n: usize| errors.iter().find(|e| e.line == Some(n)).unwrap().to_string();
    assert!(said(2).starts_with("Line 2: ") && said(2).contains("no battalion is called \"Nowhere\""));
    assert!(said(3).contains("\"Platoon\" is not a kind of unit") && said(3).contains("Rifle/SMG platoon"));
    assert!(said(4).contains("no company or battalion is called \"B\""));
    assert!(said(5).contains("\"Tank\" does not start with a kind of stand"));
    assert!(said(6).contains("4 parts") && said(6).contains("has 3"));
    assert!(said(7).contains("missing between two commas"));
    assert!(said(8).contains("from 1 to 60"));
    assert!(said(9).contains("line 2 already has a company or battalion called \"A\""));
    assert!(said(10).contains("no stands"));
    assert!(said(11).contains("\"A\" is a company"));
    assert!(said(12).contains("write a count"));
}

#[test]
fn an_empty_list_or_a_word_reserved_for_no_company_is_refused() {
    let e = parse("\n# nothing\n").unwrap_err();
    assert_eq!(e, vec![LineError { line: None, problem: "The list has no units.".into() }]);
    let e = parse("Company | Attached\nP | Vehicle platoon | Attached | Vehicle").unwrap_err();
    assert_eq!(lines_of(&e), vec![Some(1)]);
    let e = parse("Battalion | Bn | Other").unwrap_err();
    assert_eq!(lines_of(&e), vec![Some(1)]);
}

#[test]
fn a_pasted_sample_battalion_is_a_playable_setup() {
    let mut s = sample_setup();
    let text = write(&s.players[0].orbat);
    s.players[1].orbat = parse(&text).unwrap();
    assert_eq!(check_new_setup(&s), Ok(()));
}

/// The list the e2e test pastes (tests/e2e/race_for_x_paste.test.mjs): a club's own battalion.
const CLUB: &str = include_str!("fixtures/paste/race-for-x-club-battalion.txt");

#[test]
fn the_clubs_pasted_battalion_reads_and_makes_a_playable_setup_on_both_sides() {
    let o = parse(CLUB).unwrap();
    assert_eq!(o.units.len(), 19);
    assert_eq!(o.formations.len(), 4);
    assert_eq!(o.stand_count(), 57);
    assert_eq!(o.units[4].stands.last(), Some(&Stand { kind: StandKind::Squad, label: "LMG".into() }));
    let mut s = sample_setup();
    s.players[0].orbat = o.clone();
    s.players[1].orbat = o.clone();
    assert_eq!(check_new_setup(&s), Ok(()));
    // Written back, it reads the same again.
    assert_eq!(parse(&write(&o)), Ok(o));
}
