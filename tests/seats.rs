//! Seats and what each may read: the secret choices of Race for X and the force lists of
//! Axis of Attack, through undo, redo, the log of each reader, the view of the position and
//! the copy of the journal that may leave the device. Also: older documents get their seats
//! inferred.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{Action, Campaign, DiceInput, HistoryKind, Reader, Seat, TwoSides};
use field_desk::share::Document;
use field_desk::systems::race_for_x::sample::sample_setup;
use field_desk::systems::race_for_x::tables::OffensiveAction::{Attack, Regroup};
use field_desk::systems::race_for_x::{Decision, Phase, RaceForX, Side};
use field_desk::systems::AnyCampaign;

#[path = "support/secrets.rs"]
mod secrets;

type Game = Campaign<RaceForX>;

const A: Reader = Some(Seat(0));
const B: Reader = Some(Seat(1));
const TABLE: Reader = None;

fn choose(c: &mut Game, side: Side, action: field_desk::systems::race_for_x::tables::OffensiveAction) {
    c.decide(Decision::ChooseAction { side, action }, DiceInput::Typed(vec![])).expect("a legal choice");
}

/// The log lines `reader` reads, as (kind, text, still in effect).
fn log(c: &Game, reader: Reader) -> Vec<(HistoryKind, String, bool)> {
    c.history_for(reader).into_iter().map(|l| (l.kind, l.text, l.active)).collect()
}

fn choices_in(journal: &[Action<Decision>]) -> Vec<(Side, String)> {
    journal
        .iter()
        .filter_map(|a| match a {
            Action::Decide(e) => match &e.decision {
                Decision::ChooseAction { side, action } => Some((*side, action.name().to_string())),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

#[test]
fn a_pending_choice_is_read_by_its_player_alone() {
    let mut c = Game::new(sample_setup()).unwrap();
    choose(&mut c, Side::A, Attack);
    assert_eq!(c.to_act(), vec![Seat(1)], "B is still to choose");
    assert_eq!(c.view(A).actions(), [Some(Attack), None], "A sees his own choice");
    assert_eq!(c.view(B).actions(), [None, None], "B does not");
    assert_eq!(c.view(TABLE).actions(), [None, None], "nor does the table");
    // Everyone is told that A has chosen, in a line that does not say what.
    for reader in [A, B, TABLE] {
        let lines = log(&c, reader);
        assert_eq!(lines.len(), 1, "{reader:?}");
        assert!(lines[0].1.contains("has chosen an action") && !lines[0].1.contains("Attack"), "{lines:?}");
    }
    let name = c.seat_name(Seat(0));
    assert_eq!(c.left_out(), vec![format!("{name}'s hidden step")], "a link now leaves the choice out");
    assert!(choices_in(&c.shareable_journal()).is_empty(), "and carries no trace of it");
    assert!(c.last_entry().unwrap().contains("has chosen an action"));
    assert!(c.undo_label_for(TABLE).unwrap().contains("has chosen an action"), "the table may undo it");
    // Undone, it is gone for all but A: nobody else learns that A changed his mind.
    assert!(c.undo());
    assert_eq!(log(&c, A).len(), 2);
    assert!(log(&c, B).is_empty() && log(&c, TABLE).is_empty());
    choose(&mut c, Side::A, Attack);
    secrets::check_shareable(&c);
}

#[test]
fn an_undone_choice_leaves_no_trace_for_the_other_player() {
    let mut c = Game::new(sample_setup()).unwrap();
    choose(&mut c, Side::A, Attack);
    assert!(c.undo());
    choose(&mut c, Side::A, Regroup);
    choose(&mut c, Side::B, Attack);
    assert_eq!(c.state().phase(), Phase::TypeOfBattle);
    assert!(c.left_out().is_empty(), "both are in: nothing is hidden in effect");

    // A reads his own change of mind; B and the table read only the choices that stand.
    let a = log(&c, A);
    assert_eq!(a.len(), 4, "{a:?}");
    assert_eq!(a.iter().filter(|l| l.0 == HistoryKind::Undo).count(), 1);
    for reader in [B, TABLE] {
        let lines = log(&c, reader);
        assert_eq!(lines.len(), 2, "{reader:?}: {lines:?}");
        assert!(lines.iter().all(|l| l.0 == HistoryKind::Decision && l.2), "{reader:?}: {lines:?}");
        assert!(lines[1].1.contains("chose Regroup") && lines[1].1.contains("chose Attack"), "{lines:?}");
    }

    // The copy that may leave the device carries the choices that stand, and not the other.
    let shared = c.shareable_journal();
    assert_eq!(choices_in(&shared), vec![(Side::A, "Regroup".into()), (Side::B, "Attack".into())]);
    assert_eq!(choices_in(c.journal()).len(), 3, "this device keeps everything");
    secrets::check_shareable(&c);

    // Each entry records who took it.
    let by: Vec<Option<Seat>> =
        c.journal().iter().filter_map(|a| if let Action::Decide(e) = a { Some(e.by) } else { None }).collect();
    assert_eq!(by, vec![Some(Seat(0)), Some(Seat(0)), Some(Seat(1))]);
}

#[test]
fn undoing_the_second_choice_hides_the_first_again() {
    let mut c = Game::new(sample_setup()).unwrap();
    choose(&mut c, Side::A, Attack);
    choose(&mut c, Side::B, Regroup);
    assert_eq!(log(&c, B).len(), 2, "revealed to both");
    assert!(c.undo());
    // B's undone line named both choices: nobody reads it now; A's choice is A's again.
    // B and the table are told A has chosen, not what; B's own undone line is gone too.
    for reader in [A, B, TABLE] {
        let lines = log(&c, reader);
        assert_eq!(lines.len(), 1, "{reader:?}: {lines:?}");
        assert!(lines[0].1.contains("has chosen an action"), "{lines:?}");
    }
    assert_eq!(c.view(B).actions(), [None, None]);
    choose(&mut c, Side::B, Attack);
    let shared = c.shareable_journal();
    assert_eq!(choices_in(&shared), vec![(Side::A, "Attack".into()), (Side::B, "Attack".into())]);
    secrets::check_shareable(&c);
}

#[test]
fn a_redone_choice_counts_as_in_effect() {
    let mut c = Game::new(sample_setup()).unwrap();
    choose(&mut c, Side::A, Attack);
    assert!(c.undo());
    c.redo().unwrap();
    choose(&mut c, Side::B, Regroup);
    let shared = c.shareable_journal();
    assert_eq!(shared.len(), c.journal().len(), "nothing hidden was undone for good: {shared:?}");
    // The undo and the redo of a choice that now stands are everyone's to read.
    assert_eq!(log(&c, B).len(), 4);
    secrets::check_shareable(&c);
}

#[test]
fn a_stored_document_without_seats_gets_them_from_the_rules() {
    let text = include_str!("fixtures/race-for-x-format-1.json");
    let value: serde_json::Value = serde_json::from_str(text).unwrap();
    let lines = value["body"]["journal"].as_array().unwrap();
    assert!(lines.iter().all(|l| l.get("Decide").is_none_or(|e| e.get("by").is_none())), "no seats in format 1");
    let doc = Document::from_json(text).unwrap();
    let AnyCampaign::RaceForX(c) = doc.open().unwrap() else { panic!("a Race for X fixture") };
    for action in c.journal() {
        if let Action::Decide(e) = action {
            if let Decision::ChooseAction { side, .. } = e.decision {
                assert_eq!(e.by, Some(side.seat()), "a choice is its player's");
            }
        }
    }
    assert!(c.journal().iter().any(|a| matches!(a, Action::Decide(e) if e.by.is_some())));
    // Saved again, the seats are written, and the older copy still counts as the same history.
    let again = Document::new(doc.meta.clone(), &AnyCampaign::RaceForX(c));
    let value: serde_json::Value = serde_json::from_str(&again.to_json()).unwrap();
    let seats = value["body"]["journal"].as_array().unwrap().iter().filter(|l| l["Decide"].get("by").is_some()).count();
    assert!(seats > 0, "the seats are stored");
    assert_eq!(again.body, doc.body, "inferred seats do not make a different history");
    assert!(again.body.extends(&doc.body) && doc.body.extends(&again.body));
    let reread = Document::from_json(&again.to_json()).unwrap();
    assert_eq!(reread, again);
}

#[test]
fn a_stored_seat_the_campaign_lacks_is_refused() {
    let mut c = Game::new(sample_setup()).unwrap();
    choose(&mut c, Side::A, Attack);
    let mut journal = c.journal().to_vec();
    if let Action::Decide(e) = &mut journal[0] {
        e.by = Some(Seat(7));
    }
    let err = Game::replay(sample_setup(), journal).unwrap_err();
    assert_eq!(err.at, 0);
    assert!(err.message.contains("seat"), "{err}");
}

mod axis_of_attack {
    use super::*;
    use field_desk::systems::axis_of_attack::{AxisOfAttack, Side};

    #[test]
    fn a_force_list_is_hidden_until_both_are_in_and_an_undone_one_for_good() {
        // Played through the fixture's own opening, then both lists handed in with an undo.
        let doc = Document::from_json(include_str!("fixtures/axis-of-attack-format-1.json")).unwrap();
        let AnyCampaign::AxisOfAttack(played) = doc.open().unwrap() else { panic!() };
        // Find the first force list in the fixture and stop just before it.
        let mut c = Campaign::<AxisOfAttack>::new(played.setup().clone()).unwrap();
        let first_force = played
            .journal()
            .iter()
            .position(|a| matches!(a, Action::Decide(e) if matches!(e.decision, field_desk::systems::axis_of_attack::Decision::SubmitForce { .. })))
            .expect("the fixture hands in force lists");
        let prefix = played.journal()[..first_force].to_vec();
        c = Campaign::replay(c.setup().clone(), prefix).unwrap();
        let lists: Vec<_> = played
            .active_entries()
            .filter(|e| matches!(e.decision, field_desk::systems::axis_of_attack::Decision::SubmitForce { .. }))
            .take(2)
            .cloned()
            .collect();
        assert_eq!(lists.len(), 2);
        let (west, east) = (Some(Side::West.seat()), Some(Side::East.seat()));
        let first_by = lists[0].by;
        c.decide(lists[0].decision.clone(), DiceInput::Typed(vec![])).unwrap();
        let (owner, other) = if first_by == west { (west, east) } else { (east, west) };
        assert_eq!(c.left_out().len(), 1, "a link now leaves the list out");
        assert_eq!(c.history_for(other).len(), c.history_for(owner).len(), "both are told a list is in");
        let t = c.view(other).current().cloned().unwrap();
        assert!(t.forces.iter().all(Option::is_none), "the other player's view holds no list");
        assert!(c.view(owner).current().unwrap().forces.iter().any(Option::is_some));
        assert!(c.undo());
        c.decide(lists[0].decision.clone(), DiceInput::Typed(vec![])).unwrap();
        c.decide(lists[1].decision.clone(), DiceInput::Typed(vec![])).unwrap();
        assert!(c.left_out().is_empty());
        // The other player reads the two lists that stand, not the undone one.
        let undone = c.history_for(other).iter().filter(|l| !l.active && l.kind == HistoryKind::Decision).count();
        assert_eq!(undone, 0);
        assert_eq!(c.history_for(owner).iter().filter(|l| l.kind == HistoryKind::Undo).count(), 1);
        assert_eq!(c.shareable_journal().len(), c.journal().len() - 2, "the undone list and its undo stay here");
        secrets::check_shareable(&c);
    }
}
