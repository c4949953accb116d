//! Pasted scout teams and areas for the night-scouting setup form: one line per team, figure or
//! area in the form's words. Writing then reading gives back the same; a bad line is named with
//! what is wrong, and nothing is read unless every line reads.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::systems::crossfire_scouting::rules::check_setup;
use field_desk::systems::crossfire_scouting::sample::sample_setup;
use field_desk::systems::crossfire_scouting::team_text::{parse, write, EXAMPLE};
use field_desk::systems::crossfire_scouting::{Quality, Scout};

#[test]
fn the_sample_round_trips_exactly_and_stays_a_valid_setup() {
    let s = sample_setup();
    let list = (s.teams.clone(), s.areas.clone());
    let text = write(&list);
    assert_eq!(parse(&text), Ok(list), "{text}");
    let (teams, areas) = parse(&text).unwrap();
    let again = field_desk::systems::crossfire_scouting::Setup { teams, areas, ..s };
    assert_eq!(check_setup(&again), Ok(()));
}

#[test]
fn the_forms_example_reads_in_the_forms_words() {
    let (teams, areas) = parse(EXAMPLE).unwrap();
    assert_eq!(teams.len(), 1);
    assert_eq!(teams[0].leader, Scout::new("Sgt Atkins", Quality::Veteran, true));
    assert_eq!(
        teams[0].scouts,
        vec![Scout::new("Pte Brown", Quality::Regular, false), Scout::new("Pte Green", Quality::Green, false)]
    );
    assert_eq!(areas.len(), 3);
    assert!(areas[1].cover && areas[1].edge);
    assert!(!areas[2].cover && !areas[2].edge);
    // Case and spacing are forgiven.
    let (t, _) = parse("# ours\n\n team|A \nleader | X | Veteran | Special Training\n").unwrap();
    assert!(t[0].leader.trained);
}

#[test]
fn each_bad_line_is_named_with_what_is_wrong_and_nothing_is_read() {
    let text = "Scout | Orphan | regular\n\
                Team | A\n\
                Leader | X | elite\n\
                Leader | Y | green\n\
                Leader | Z | green\n\
                Scout | W | green | stealthy\n\
                Area | Wood | thick\n\
                Sniper | V | green\n\
                Team | B\n\
                Scout | U | green\n";
    let e = parse(text).unwrap_err();
    let starts = [
        "Line 1: write a \"Team",
        "Line 3: \"elite\" is not a quality",
        "Line 5: the team \"A\" already has a leader",
        "Line 6: \"stealthy\"",
        "Line 7: \"thick\": write cover or open",
        "Line 8: \"Sniper\" is none of",
        "Line 9: the team \"B\" has no",
    ];
    assert_eq!(e.len(), starts.len(), "{e:#?}");
    for (got, want) in e.iter().zip(starts) {
        assert!(got.starts_with(want), "{got} / {want}");
    }
    assert_eq!(parse("\n"), Err(vec!["The list has no teams and no areas.".to_string()]));
}
