//! Pasted platoons for the Axis of Attack setup form: one line per platoon in the form's words.
//! Writing then reading gives back the same platoons; a bad line is named with what is wrong,
//! and nothing is read unless every line reads.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::systems::axis_of_attack::platoon_text::{parse, write, EXAMPLE};
use field_desk::systems::axis_of_attack::rules::check_setup;
use field_desk::systems::axis_of_attack::sample::sample_setup;
use field_desk::systems::axis_of_attack::tables::{Mobility, Role};

#[test]
fn the_sample_companies_round_trip_exactly() {
    for p in sample_setup().players {
        let text = write(&p.platoons);
        assert_eq!(parse(&text), Ok(p.platoons.clone()), "{text}");
        assert_eq!(text.lines().count(), p.platoons.len());
    }
}

#[test]
fn the_forms_example_reads_in_the_forms_words() {
    let ps = parse(EXAMPLE).unwrap();
    assert_eq!(ps.len(), 3);
    assert_eq!((ps[0].teams, ps[0].min_teams, ps[0].max_teams, ps[0].points), (7, 5, 7, 245));
    assert_eq!(ps[0].mobility, Mobility::Transported);
    assert_eq!(ps[0].vehicles, "Sd Kfz 251");
    assert_eq!(ps[0].under_strength, Some(false));
    assert!(ps[1].all_tank && !ps[1].recon);
    assert_eq!(ps[2].role, Role::Support);
    assert!(ps[2].recon);
    assert_eq!(ps[2].upgrades, "extra MG");
    let again = parse("# ours\n\nRifles | combat | 9 team (6-9) | 100 | on foot\n").unwrap();
    assert_eq!((again[0].teams, again[0].points, again[0].under_strength), (9, 100, Some(true)));
}

#[test]
fn a_pasted_company_replacing_the_sample_still_makes_a_valid_setup() {
    let mut s = sample_setup();
    let west = write(&s.players[0].platoons);
    s.players[1].platoons = parse(&west).unwrap();
    assert_eq!(check_setup(&s), Ok(()));
}

#[test]
fn each_bad_line_is_named_with_what_is_wrong_and_nothing_is_read() {
    let text = "Good | Combat | 5 teams (3-5) | 100 pts | On foot\n\
                Bad role | Assault | 5 teams (3-5) | 100 pts | On foot\n\
                Bad teams | Combat | five | 100 pts | On foot\n\
                Bad points | Combat | 5 teams (3-5) | lots | On foot\n\
                Bad transport | Combat | 5 teams (3-5) | 100 pts | Horses\n\
                Short | Combat | 5 teams (3-5)\n\
                Odd | Combat | 5 teams (3-5) | 100 pts | On foot | flying\n";
    let e = parse(text).unwrap_err();
    assert_eq!(e.len(), 6, "{e:#?}");
    assert!(e[0].starts_with("Line 2: \"Assault\" is not a role"));
    assert!(e[1].starts_with("Line 3: \"five\": write the teams as"));
    assert!(e[2].starts_with("Line 4: \"lots\" is not a number of points"));
    assert!(e[3].starts_with("Line 5: \"Horses\" is not a transport"));
    assert!(e[4].starts_with("Line 6: a platoon line has at least 5 parts") && e[4].contains("has 3"));
    assert!(e[5].starts_with("Line 7: \"flying\" is none of"));
    assert_eq!(parse("  \n# none\n"), Err(vec!["The list has no platoons.".to_string()]));
}
