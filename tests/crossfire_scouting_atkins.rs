//! The text's worked example (Atkins) replayed roll by roll through
//! `Campaign<CrossfireScouting>` with dice typed in from the table, over the sample session.
//! Where the text gives a die it is typed as given; where it only gives the result (the
//! clock rolls, the phantom spot, the last reactive roll), dice giving that result are used.
//!
//! Sample areas: 0 Edge wood (own edge), 1 Second wood, 2 Field, 3 Open ground, 4 Far wood,
//! 5 Farmhouse. Team 0: Sgt Wilson (leader), Atkins (veteran), Baker, Cole. Sentries regular.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{Campaign, DecideError, DiceInput, DiceSpec, Die};
use field_desk::systems::crossfire_scouting::preview::{hit_odds, preview, spot_chance};
use field_desk::systems::crossfire_scouting::rules::{self, reactions, spotting_modifiers};
use field_desk::systems::crossfire_scouting::sample::*;
use field_desk::systems::crossfire_scouting::tables::{self, clock_text};
use field_desk::systems::crossfire_scouting::{
    summary, ClockReason, CrossfireScouting, Decision, FindStatus, Phase, Place, RuleError, ScoutRef, Sighting, Stage,
    Status,
};

type Game = Campaign<CrossfireScouting>;

const WILSON: ScoutRef = ScoutRef::new(0, 0);
const ATKINS: ScoutRef = ScoutRef::new(0, 1);

fn ok(c: &mut Game, d: Decision, dice: &[u16]) {
    if let Err(e) = c.decide(d.clone(), DiceInput::Typed(dice.to_vec())) {
        panic!("{d:?} with {dice:?} was refused: {e} (phase {:?})", c.state().phase);
    }
}

fn refused(c: &mut Game, d: Decision, dice: &[u16], want: RuleError) {
    let before = c.state().clone();
    assert_eq!(c.decide(d.clone(), DiceInput::Typed(dice.to_vec())), Err(DecideError::Rules(want)), "{d:?}");
    assert_eq!(c.state(), &before);
}

fn mv(to: u16, in_open: bool) -> Decision {
    Decision::Move { scout: ATKINS, to: Place::Area(to), in_open }
}

fn time(c: &Game) -> String {
    clock_text(c.state().clock)
}

fn last_line(c: &Game) -> String {
    c.history().last().unwrap().text.clone()
}

/// The example up to the moment Atkins banks his find.
fn atkins_night() -> Game {
    let mut c = Game::new(sample_setup()).unwrap();
    assert_eq!(time(&c), "01:00");

    // "Atkins moves into a wood on his table edge at 0100 hours (first move action)."
    ok(&mut c, mv(EDGE_WOOD, false), &[]);
    assert_eq!(c.state().phase, Phase::Scouting, "no hidden troops can be in a wood on the own edge");
    assert_eq!(c.state().figure(ATKINS).moves, 1);
    // "He pivots, moves into a second wood (second action)": the defender has nothing to do.
    ok(&mut c, mv(SECOND_WOOD, false), &[]);
    assert_eq!(c.state().phase, Phase::Reaction { scout: ATKINS, stage: Stage::Moving });
    let r = reactions(c.setup(), c.state()).unwrap();
    assert_eq!((r.reactive_spot, r.fire, r.close_combat), (false, false, Some(SECOND_WOOD)));
    ok(&mut c, Decision::LetPass, &[]);
    assert_eq!(c.state().figure(ATKINS).moves, 2);
    // "then into a field (third action), since nothing has happened, he rolls for the
    // clock, and gets a 5. It is now 0120 hours."
    ok(&mut c, mv(FIELD, false), &[]);
    ok(&mut c, Decision::LetPass, &[]);
    assert_eq!(c.state().phase, Phase::Clock { reason: ClockReason::ThirdMove(ATKINS) });
    assert_eq!(c.state().figure(ATKINS).moves, 0, "the count starts again");
    ok(&mut c, Decision::ClockRoll, &[5]);
    assert_eq!(time(&c), "01:20");
    assert_eq!(c.state().phase, Phase::Scouting);

    // "He moves to the edge of the field (one action)".
    ok(&mut c, mv(FIELD, false), &[]);
    assert_eq!(c.state().phase, Phase::Scouting);
    assert_eq!(c.state().figure(ATKINS).moves, 1);

    // "He rolls 1d6 gets a 3 +1 for veteran, = 4. The sentries are regular, but Atkins is in
    // cover. They roll 5 -1 = 4, a tie."
    let m = spotting_modifiers(c.setup(), c.state(), ATKINS, OPEN_GROUND);
    assert_eq!(m.scout_total(), 1, "veteran +1; open ground gives the sentries no cover");
    assert_eq!(m.defender_total(), -1, "regular 0; Atkins in cover -1");
    assert_eq!(3 + m.scout_total(), 4);
    assert_eq!(5 + m.defender_total(), 4);
    assert!(!tables::spots(4, 4), "a tie fails");
    let p = preview(c.setup(), c.state(), &Decision::AttemptSpot { scout: ATKINS, area: OPEN_GROUND, sentries: None })
        .unwrap();
    assert_eq!(p.dice, DiceSpec::pool(4, Die::D6));
    assert!(p.note.as_ref().unwrap().contains(&spot_chance(1, -1).percent()));
    // The defender's own roll: the text only says "gets a success"; 6 -1 = 5 beats 2 +1 = 3.
    ok(&mut c, Decision::AttemptSpot { scout: ATKINS, area: OPEN_GROUND, sentries: None }, &[3, 5, 6, 2]);
    assert_eq!(
        c.state().phase,
        Phase::SentriesSpotted { scout: ATKINS, area: Some(OPEN_GROUND), scout_spots: false, reactive: false }
    );
    let line = last_line(&c);
    assert!(line.contains("3 +1 = 4") && line.contains("5 -1 = 4") && line.contains("a tie"), "{line}");
    assert!(line.contains("6 -1 = 5") && line.contains("2 +1 = 3"), "{line}");
    // "a phantom spot ... but does nothing (because he can't, but he doesn't let on)".
    ok(&mut c, Decision::HoldFire, &[]);
    assert_eq!(c.state().figure(ATKINS).ambushes, vec![OPEN_GROUND], "an ambush, for what it is worth");
    assert!(c.state().finds.is_empty(), "spotting nothing");
    // "The clock is rolled and Atkins has spent another 20 minutes".
    assert_eq!(c.state().phase, Phase::Clock { reason: ClockReason::Spotting(ATKINS) });
    ok(&mut c, Decision::ClockRoll, &[4]);
    assert_eq!(time(&c), "01:40");

    // "makes his way across the open to the next wood. The defender ... would like to try
    // and spot him. The defender rolls a 5. Atkins rolls 2 +1 veteran = 3".
    ok(&mut c, mv(FAR_WOOD, true), &[]);
    let r = reactions(c.setup(), c.state()).unwrap();
    assert!(r.reactive_spot && !r.fire);
    let m = rules::reactive_modifiers(c.setup(), ATKINS);
    assert_eq!((5 + m.defender_total(), 2 + m.scout_total()), (5, 3));
    ok(&mut c, Decision::ReactiveSpot, &[5, 2]);
    assert_eq!(
        c.state().phase,
        Phase::SentriesSpotted { scout: ATKINS, area: None, scout_spots: false, reactive: true }
    );
    assert!(last_line(&c).contains("must now fire"), "{}", last_line(&c));
    // "The defender now MUST fire".
    refused(&mut c, Decision::HoldFire, &[], RuleError::MustFire("Atkins".into()));
    // "rolling 5d6 ... 3,(6),5,3,4 = one hit ... sends Atkins retreating to the field."
    let fire = Decision::Fire { from: FARMHOUSE, units: 1, leader_sees: false };
    assert_eq!(c.dice_for(&fire), Some(DiceSpec::pool(5, Die::D6).drop_highest(1)));
    let p = preview(c.setup(), c.state(), &fire).unwrap();
    assert_eq!(p.odds.iter().map(|o| o.1).collect::<Vec<_>>(), hit_odds(false).to_vec());
    ok(&mut c, fire.clone(), &[3, 6, 5, 3, 4]);
    assert_eq!(tables::hits(&DiceSpec::pool(5, Die::D6).drop_highest(1), &[3, 6, 5, 3, 4]), 1);
    assert_eq!(c.state().figure(ATKINS).status, Status::Retreated);
    assert_eq!(c.state().phase, Phase::Retreat { scout: ATKINS });
    assert!(last_line(&c).contains("1 hit"), "{}", last_line(&c));
    ok(&mut c, Decision::Retreat { to: Place::Area(FIELD) }, &[]);
    assert_eq!(c.state().figure(ATKINS).place, Place::Area(FIELD));
    assert!(c.state().figure(ATKINS).under_fire, "in cover but still in the farmhouse's sight");
    // "The troops in the farmhouse are revealed, because Atkins has lived to tell the tale."
    assert_eq!(
        c.state().phase,
        Phase::Reveal {
            scout: ATKINS,
            area: FARMHOUSE,
            cause: field_desk::systems::crossfire_scouting::state::RevealCause::Fired
        }
    );
    refused(&mut c, Decision::Reveal { what: Sighting::Empty }, &[], RuleError::MustShowTroops("Farmhouse".into()));
    ok(&mut c, Decision::Reveal { what: Sighting::Troops("a rifle section".into()) }, &[]);
    assert_eq!(c.state().finds.len(), 1);
    assert_eq!(c.state().finds[0].status, FindStatus::Carried, "only Atkins knows it");
    assert_eq!(c.state().phase, Phase::Scouting, "reactions reset the count: no clock roll");

    // "He moves laterally through the field, and receives more reactive fire, which is 4d6.
    // The sentry rolls 2,5,(5),2 and one five is ignored, so this is another one-hit result".
    ok(&mut c, mv(FIELD, false), &[]);
    let r = reactions(c.setup(), c.state()).unwrap();
    assert!(r.fire && !r.reactive_spot, "no new spotting roll needed");
    assert_eq!(c.dice_for(&fire), Some(DiceSpec::pool(4, Die::D6).drop_highest(1)));
    ok(&mut c, fire, &[2, 5, 5, 2]);
    assert_eq!(c.state().figure(ATKINS).status, Status::Retreated);
    // "Atkins moves further from the farmhouse, out of the field and thus out of LOS".
    ok(&mut c, Decision::Retreat { to: Place::Area(SECOND_WOOD) }, &[]);
    assert!(!c.state().figure(ATKINS).under_fire);
    assert_eq!(c.state().phase, Phase::Scouting, "the farmhouse is known already: nothing new to show");
    assert_eq!(c.state().finds.len(), 1);

    // "He moves back to his leader and banks ... either his leader or himself to move in the
    // open in LOS of the farmhouse ... He gets away with it".
    ok(&mut c, Decision::Move { scout: WILSON, to: Place::Area(EDGE_WOOD), in_open: false }, &[]);
    ok(&mut c, mv(EDGE_WOOD, true), &[]);
    ok(&mut c, Decision::ReactiveSpot, &[3, 4]);
    assert_eq!(c.state().figure(ATKINS).place, Place::Area(EDGE_WOOD));
    assert_eq!(c.state().phase, Phase::Scouting);
    ok(&mut c, Decision::Bank { scout: ATKINS }, &[]);
    assert_eq!(c.state().finds[0].status, FindStatus::Banked);
    c
}

#[test]
fn atkins_example_roll_by_roll() {
    let c = atkins_night();
    assert_eq!(time(&c), "01:40");
    assert_eq!(c.state().clock_rolls, 2);
    // The whole night replays from its journal.
    let again = Game::replay(c.setup().clone(), c.journal().to_vec()).unwrap();
    assert_eq!(again.state(), c.state());
    // Every line of the log is written.
    assert!(c.history().iter().all(|l| !l.text.is_empty()));
}

#[test]
fn even_if_atkins_is_killed_the_farmhouse_is_known_while_his_leader_lives() {
    let mut c = atkins_night();
    // Atkins tries the orchard; both sides see; two hits kill him.
    ok(&mut c, Decision::AttemptSpot { scout: ATKINS, area: ORCHARD, sentries: None }, &[6, 1, 6, 1]);
    ok(&mut c, Decision::Fire { from: ORCHARD, units: 1, leader_sees: false }, &[6, 6, 6, 1]);
    assert_eq!(c.state().figure(ATKINS).status, Status::Dead);
    assert_eq!(c.state().finds[0].status, FindStatus::Banked, "Sgt Wilson still knows the farmhouse");
    assert!(c.state().unwitnessed.contains(&ORCHARD), "nobody saw the orchard fire: it may redeploy");
    ok(&mut c, Decision::ClockRoll, &[1]);
    // Sgt Wilson gets home and reports.
    ok(&mut c, Decision::Move { scout: WILSON, to: Place::OwnEdge, in_open: false }, &[]);
    assert_eq!(c.state().finds[0].status, FindStatus::Reported);
    let s = summary(c.setup(), c.state());
    assert_eq!(s.known.len(), 1);
    assert_eq!(s.known[0].area, "Farmhouse");
    assert_eq!(s.redeploy, vec!["Orchard".to_string()]);
}

#[test]
fn if_the_leader_is_killed_atkins_makes_his_way_home_and_reports() {
    let mut c = atkins_night();
    // Sgt Wilson looks into the orchard and is shot dead.
    ok(&mut c, Decision::AttemptSpot { scout: WILSON, area: ORCHARD, sentries: None }, &[1, 6, 6, 1]);
    ok(&mut c, Decision::Fire { from: ORCHARD, units: 1, leader_sees: false }, &[6, 6, 6, 1]);
    assert_eq!(c.state().figure(WILSON).status, Status::Dead);
    assert_eq!(c.state().finds[0].status, FindStatus::Banked, "Atkins still knows it");
    ok(&mut c, Decision::ClockRoll, &[2]);
    // With his leader dead Atkins scouts no more; he heads home.
    refused(
        &mut c,
        Decision::AttemptSpot { scout: ATKINS, area: HEDGEROW, sentries: None },
        &[1, 1, 1, 1],
        RuleError::LeaderDead { scout: "Atkins".into(), leader: "Sgt Wilson".into() },
    );
    ok(&mut c, mv(SECOND_WOOD, false), &[]);
    ok(&mut c, Decision::LetPass, &[]);
    ok(&mut c, Decision::Move { scout: ATKINS, to: Place::OwnEdge, in_open: false }, &[]);
    assert_eq!(c.state().figure(ATKINS).status, Status::Home);
    assert_eq!(c.state().finds[0].status, FindStatus::Reported);
}

#[test]
fn only_if_he_and_his_leader_are_killed_is_the_information_lost() {
    let mut c = atkins_night();
    ok(&mut c, Decision::AttemptSpot { scout: WILSON, area: ORCHARD, sentries: None }, &[1, 6, 6, 1]);
    ok(&mut c, Decision::Fire { from: ORCHARD, units: 1, leader_sees: false }, &[6, 6, 6, 1]);
    ok(&mut c, Decision::ClockRoll, &[2]);
    assert_eq!(c.state().finds[0].status, FindStatus::Banked);
    // Atkins walks into hidden troops in the hedgerow and loses the close combat.
    ok(&mut c, mv(HEDGEROW, false), &[]);
    ok(&mut c, Decision::CloseCombat { scout_other: 0, defender_other: 0, defenders: None }, &[1, 6]);
    assert_eq!(c.state().figure(ATKINS).status, Status::Dead);
    assert_eq!(c.state().finds[0].status, FindStatus::Lost, "nobody alive knows of the farmhouse");
    let s = summary(c.setup(), c.state());
    assert!(s.redeploy.contains(&"Farmhouse".to_string()));
    assert!(s.redeploy.contains(&"Hedgerow".to_string()));
}

#[test]
fn or_if_he_does_not_get_back_by_0400() {
    let mut c = atkins_night();
    // Deep in the table at 03:40 ...
    ok(&mut c, mv(SECOND_WOOD, false), &[]);
    ok(&mut c, Decision::LetPass, &[]);
    while time(&c) != "03:40" {
        while !matches!(c.state().phase, Phase::Clock { .. }) {
            ok(&mut c, mv(SECOND_WOOD, false), &[]);
        }
        ok(&mut c, Decision::ClockRoll, &[6]);
    }
    // ... three more moves and the clock roll goes against him.
    ok(&mut c, mv(SECOND_WOOD, false), &[]);
    ok(&mut c, mv(SECOND_WOOD, false), &[]);
    ok(&mut c, mv(SECOND_WOOD, false), &[]);
    ok(&mut c, Decision::ClockRoll, &[4]);
    assert_eq!(time(&c), "04:00");
    assert_eq!(c.state().phase, Phase::Over);
    assert_eq!(c.state().figure(ATKINS).status, Status::Late);
    assert_eq!(c.state().figure(WILSON).status, Status::Late);
    assert_eq!(c.state().finds[0].status, FindStatus::Lost);
    assert!(summary(c.setup(), c.state()).known.is_empty());
}

#[test]
fn the_scouts_have_three_hours_and_none_once_the_night_is_over() {
    // "The scouts have three hours to scout ... A moving clock roll is 4+ to move the clock
    // forward 20 minutes": 180 minutes at 01:00, 140 at 01:40, none at 04:00 or once ended.
    let c = atkins_night();
    let start = Game::new(sample_setup()).unwrap();
    assert_eq!(start.state().time_left(), Some(180));
    assert_eq!(time(&c), "01:40", "two clock rolls moved it on");
    assert_eq!(c.state().time_left(), Some(140));
    let mut late = c.state().clone();
    late.clock = tables::DEADLINE_MINUTES;
    assert_eq!(late.time_left(), None, "04:00: the deadline");
    let mut called = c.state().clone();
    called.ended = Some(field_desk::systems::crossfire_scouting::EndReason::Called);
    assert_eq!(called.time_left(), None, "the night was called with time left");
}
