//! Night scouting's spotting, reactive spotting, fire and close combat, checked against the
//! numbers in `shared/rules/README.md` and the text, played through
//! `Campaign<CrossfireScouting>` with typed dice (`support/scouting_play.rs`).

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/scouting_play.rs"]
mod scouting_play;

use field_desk::engine::{Chance, DiceSpec, Die};
use field_desk::systems::crossfire_scouting::preview::{close_combat_odds, contests, preview};
use field_desk::systems::crossfire_scouting::rules::{self, waiting_for, Actor};
use field_desk::systems::crossfire_scouting::sample::*;
use field_desk::systems::crossfire_scouting::state::RevealCause;
use field_desk::systems::crossfire_scouting::tables::{self, FireResult};
use field_desk::systems::crossfire_scouting::{
    summary, ClockReason, Decision, FindStatus, Phase, Place, RuleError, ScoutRef, Sighting, Stage, Status,
};
use scouting_play::*;

// ---------------------------------------------------------------------------------------
// Spotting
// ---------------------------------------------------------------------------------------

#[test]
fn who_may_spot_what() {
    let mut c = atkins_in_field();
    refused(&mut c, spot(BAKER, ORCHARD), &[1, 1, 1, 1], RuleError::NotOnTable("Baker".into()));
    refused(&mut c, spot(ATKINS, EDGE_WOOD), &[1, 1, 1, 1], RuleError::EdgeArea("Edge wood".into()));
    refused(&mut c, spot(ATKINS, 99), &[1, 1, 1, 1], RuleError::UnknownArea(99));
    refused(&mut c, spot(ScoutRef::new(5, 0), ORCHARD), &[1, 1, 1, 1], RuleError::UnknownScout);
    assert!(!rules::areas_to_spot(c.setup(), c.state(), ATKINS).contains(&EDGE_WOOD));
    // Once per area per scout.
    ok(&mut c, spot(ATKINS, ORCHARD), &[1, 6, 1, 6]);
    ok(&mut c, Decision::ClockRoll, &[1]);
    refused(
        &mut c,
        spot(ATKINS, ORCHARD),
        &[1, 1, 1, 1],
        RuleError::AlreadyTried { scout: "Atkins".into(), area: "Orchard".into() },
    );
    assert!(!rules::areas_to_spot(c.setup(), c.state(), ATKINS).contains(&ORCHARD));
    // A second scout may look again.
    walk(&mut c, BAKER, EDGE_WOOD);
    ok(&mut c, spot(BAKER, ORCHARD), &[6, 1, 1, 6]);
    ok(&mut c, troops("an HMG"), &[]);
    ok(&mut c, Decision::ClockRoll, &[1]);
    // Revealed troops: nobody looks again, nobody walks in.
    refused(&mut c, spot(ATKINS, ORCHARD), &[1, 1, 1, 1], RuleError::TroopsRevealed("Orchard".into()));
    refused(&mut c, mv(ATKINS, ORCHARD, false), &[], RuleError::TroopsRevealed("Orchard".into()));
    let e = RuleError::AlreadyTried { scout: "Atkins".into(), area: "Orchard".into() }.to_string();
    assert!(e.contains("Atkins") && e.contains("Orchard"), "{e}");
}

#[test]
fn scout_spots_unseen_the_defender_shows_what_is_there_or_says_empty() {
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[6, 1, 1, 6]);
    assert_eq!(waiting_for(c.state()), Actor::Defender);
    ok(&mut c, Decision::Reveal { what: Sighting::Empty }, &[]);
    let f = &c.state().finds[0];
    assert_eq!((f.area, &f.sighting, f.by, f.status), (ORCHARD, &Sighting::Empty, ATKINS, FindStatus::Carried));
    assert!(c.state().declared_empty(ORCHARD));
    // No close combat can wait in an area declared empty.
    ok(&mut c, Decision::ClockRoll, &[1]);
    ok(&mut c, mv(ATKINS, ORCHARD, false), &[]);
    assert_eq!(c.state().phase, Phase::Scouting);
}

#[test]
fn both_see_the_defender_may_fire_and_if_the_scout_lives_what_is_there_is_shown() {
    // Holding fire: shown all the same.
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[6, 1, 6, 1]);
    ok(&mut c, Decision::HoldFire, &[]);
    assert_eq!(c.state().phase, Phase::Reveal { scout: ATKINS, area: ORCHARD, cause: RevealCause::Spotted });
    assert!(c.state().figure(ATKINS).ambushes.is_empty(), "no ambush on a scout who saw them");
    // Fire that does no harm: shown.
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[6, 1, 6, 1]);
    refused(&mut c, fire(FARMHOUSE, 1), &[1, 1, 1, 1], RuleError::FireFromElsewhere { area: "Orchard".into() });
    ok(&mut c, fire(ORCHARD, 1), &[1, 1, 1, 6]);
    assert_eq!(c.state().figure(ATKINS).status, Status::Active);
    assert!(c.state().figure(ATKINS).under_fire);
    assert_eq!(c.state().phase, Phase::Reveal { scout: ATKINS, area: ORCHARD, cause: RevealCause::Fired });
    refused(&mut c, Decision::Reveal { what: Sighting::Empty }, &[], RuleError::MustShowTroops("Orchard".into()));
    ok(&mut c, troops("a platoon"), &[]);
    assert_eq!(c.state().finds.len(), 1, "one reveal for the spot and the fire");
    // Fire that kills, nobody watching: nothing shown, the troops may redeploy.
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[6, 1, 6, 1]);
    ok(&mut c, fire(ORCHARD, 1), &[6, 6, 6, 1]);
    assert_eq!(c.state().figure(ATKINS).status, Status::Dead);
    assert_eq!(c.state().phase, Phase::Clock { reason: ClockReason::Spotting(ATKINS) });
    assert!(c.state().finds.is_empty());
    assert_eq!(summary(c.setup(), c.state()).redeploy, vec!["Orchard".to_string()]);
}

#[test]
fn the_leader_watching_the_fire_learns_where_it_came_from() {
    let mut c = atkins_in_field();
    walk(&mut c, WILSON, EDGE_WOOD);
    ok(&mut c, spot(ATKINS, ORCHARD), &[1, 6, 6, 1]);
    ok(&mut c, Decision::Fire { from: ORCHARD, units: 1, leader_sees: true }, &[6, 6, 6, 1]);
    assert_eq!(c.state().figure(ATKINS).status, Status::Dead);
    assert_eq!(c.state().phase, Phase::Reveal { scout: ATKINS, area: ORCHARD, cause: RevealCause::Fired });
    ok(&mut c, troops(""), &[]);
    assert_eq!(c.state().finds[0].status, FindStatus::Banked, "straight into Sgt Wilson's head");
    assert!(summary(c.setup(), c.state()).redeploy.is_empty());
    // Nobody can watch fire at himself, nor watch from off the table.
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[1, 6, 6, 1]);
    refused(
        &mut c,
        Decision::Fire { from: ORCHARD, units: 1, leader_sees: true },
        &[1, 1, 1, 1],
        RuleError::LeaderCannotSee { scout: "Atkins".into(), leader: "Sgt Wilson".into() },
    );
}

#[test]
fn only_the_sentries_see_hold_fire_for_an_ambush_or_fire() {
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[1, 6, 6, 1]);
    assert_eq!(waiting_for(c.state()), Actor::Either, "the cat, or the defender's reply");
    ok(&mut c, Decision::HoldFire, &[]);
    assert_eq!(c.state().figure(ATKINS).ambushes, vec![ORCHARD]);
    assert!(!c.state().figure(ATKINS).under_fire);
    ok(&mut c, Decision::ClockRoll, &[1]);
    // He walks in anyway: the defender fights with +2.
    ok(&mut c, mv(ATKINS, ORCHARD, false), &[]);
    let defenders = &contests(c.setup(), c.state(), &cc())[0].second;
    assert!(defenders.modifiers.iter().any(|m| m.value == 2 && m.label.contains("Ambush")), "{defenders:?}");
    // Atkins 5 +1 = 6 against 4 +2 = 6: a tie, roll again; then 3+1 = 4 against 3+2 = 5.
    ok(&mut c, cc(), &[5, 4]);
    assert!(matches!(c.state().phase, Phase::CloseCombatTie { ambush: true, .. }));
    ok(&mut c, Decision::RollAgain, &[3, 3]);
    assert_eq!(c.state().figure(ATKINS).status, Status::Dead);
    // Another scout who was not seen gets no such welcome.
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[1, 6, 6, 1]);
    ok(&mut c, Decision::HoldFire, &[]);
    ok(&mut c, Decision::ClockRoll, &[1]);
    walk(&mut c, BAKER, EDGE_WOOD);
    ok(&mut c, mv(BAKER, ORCHARD, false), &[]);
    let defenders = &contests(c.setup(), c.state(), &cc())[0].second;
    assert!(!defenders.modifiers.iter().any(|m| m.label.contains("Ambush")));
    // Firing instead: Atkins lives, the troops are shown.
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[1, 6, 6, 1]);
    ok(&mut c, fire(ORCHARD, 1), &[1, 2, 3, 4]);
    assert_eq!(c.state().phase, Phase::Reveal { scout: ATKINS, area: ORCHARD, cause: RevealCause::Fired });
}

#[test]
fn neither_sees_nothing_happens() {
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[1, 6, 1, 6]);
    assert_eq!(c.state().phase, Phase::Clock { reason: ClockReason::Spotting(ATKINS) });
    assert!(c.state().finds.is_empty());
    assert_eq!(c.state().figure(ATKINS).tried, vec![ORCHARD]);
}

// ---------------------------------------------------------------------------------------
// Reactive spotting
// ---------------------------------------------------------------------------------------

#[test]
fn reactive_spotting_only_at_a_scout_moving_in_the_open() {
    let mut c = atkins_in_field();
    // In cover, not under fire: no window at all within an area.
    ok(&mut c, mv(ATKINS, FIELD, false), &[]);
    assert!(matches!(c.state().phase, Phase::Clock { .. }), "his third move");
    settle_clock(&mut c);
    // Into an area of open ground: always in the open, whatever was typed.
    ok(&mut c, mv(ATKINS, OPEN_GROUND, false), &[]);
    let r = rules::reactions(c.setup(), c.state()).unwrap();
    assert!(r.reactive_spot && !r.fire);
    assert_eq!(waiting_for(c.state()), Actor::Defender);
    // Failed: he carries on, and the count was reset.
    ok(&mut c, Decision::ReactiveSpot, &[3, 3]);
    assert_eq!(c.state().figure(ATKINS).place, Place::Area(OPEN_GROUND));
    assert_eq!(c.state().figure(ATKINS).moves, 0);
    // Moving in cover into a hidden area: close combat may be offered, reactive spotting not.
    let mut c = atkins_in_field();
    ok(&mut c, mv(ATKINS, ORCHARD, false), &[]);
    refused(&mut c, Decision::ReactiveSpot, &[6, 1], RuleError::NoReactiveSpot("Atkins".into()));
}

#[test]
fn a_successful_reactive_spot_forces_fire() {
    let mut c = atkins_in_field();
    ok(&mut c, mv(ATKINS, FAR_WOOD, true), &[]);
    ok(&mut c, Decision::ReactiveSpot, &[6, 1]);
    assert_eq!(
        c.state().phase,
        Phase::SentriesSpotted { scout: ATKINS, area: None, scout_spots: false, reactive: true }
    );
    refused(&mut c, Decision::HoldFire, &[], RuleError::MustFire("Atkins".into()));
    // Fire in the open: 5d6.
    assert_eq!(c.dice_for(&fire(FARMHOUSE, 1)), Some(DiceSpec::pool(5, Die::D6).drop_highest(1)));
    let mut bluff = c.clone();
    // Or the defender owns up that it was a bluff: the scout carries on to the wood, where
    // close combat is still possible.
    ok(&mut bluff, Decision::AdmitNoSight, &[]);
    assert_eq!(bluff.state().phase, Phase::Reaction { scout: ATKINS, stage: Stage::Arrived });
    let r = rules::reactions(bluff.setup(), bluff.state()).unwrap();
    assert_eq!((r.reactive_spot, r.fire, r.close_combat), (false, false, Some(FAR_WOOD)));
    ok(&mut bluff, Decision::LetPass, &[]);
    assert_eq!(bluff.state().figure(ATKINS).place, Place::Area(FAR_WOOD));
    // Admitting a bluff is only for reactive spots.
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[1, 6, 6, 1]);
    refused(&mut c, Decision::AdmitNoSight, &[], RuleError::NotReactive);
}

#[test]
fn fire_carry_on_lets_the_move_go_on() {
    let mut c = atkins_in_field();
    ok(&mut c, mv(ATKINS, FAR_WOOD, true), &[]);
    ok(&mut c, Decision::ReactiveSpot, &[6, 1]);
    ok(&mut c, fire(FARMHOUSE, 1), &[1, 2, 3, 4, 6]);
    // No harm: he reaches the wood (close combat still possible), and the farmhouse fire
    // will be shown to him.
    assert_eq!(c.state().figure(ATKINS).place, Place::Area(FAR_WOOD));
    assert_eq!(c.state().phase, Phase::Reaction { scout: ATKINS, stage: Stage::Arrived });
    let phase = c.state().phase;
    refused(&mut c, fire(FARMHOUSE, 1), &[1, 1, 1, 1], RuleError::NotNow { phase });
    ok(&mut c, Decision::LetPass, &[]);
    assert_eq!(c.state().phase, Phase::Reveal { scout: ATKINS, area: FARMHOUSE, cause: RevealCause::Fired });
}

// ---------------------------------------------------------------------------------------
// Fire
// ---------------------------------------------------------------------------------------

#[test]
fn fire_per_unit_the_worst_result_stands() {
    // Two units, one hit each: a retreat, not a kill (fire is never added up).
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[1, 6, 6, 1]);
    ok(&mut c, fire(ORCHARD, 2), &[5, 6, 1, 1]);
    assert!(matches!(c.state().phase, Phase::Fire { units_left: 1, worst: FireResult::Retreat, .. }));
    assert_eq!(waiting_for(c.state()), Actor::Defender);
    let p = preview(c.setup(), c.state(), &Decision::Volley).unwrap();
    assert_eq!(p.dice, DiceSpec::pool(4, Die::D6).drop_highest(1), "Atkins is in cover");
    ok(&mut c, Decision::Volley, &[5, 6, 1, 1]);
    assert_eq!(c.state().figure(ATKINS).status, Status::Retreated);
    // A kill stops the fire at once.
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[1, 6, 6, 1]);
    ok(&mut c, fire(ORCHARD, 3), &[6, 6, 6, 1]);
    assert_eq!(c.state().figure(ATKINS).status, Status::Dead);
    assert_eq!(c.state().phase, Phase::Clock { reason: ClockReason::Spotting(ATKINS) });
    // The number of units is checked.
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[1, 6, 6, 1]);
    refused(&mut c, fire(ORCHARD, 0), &[1, 1, 1, 1], RuleError::FiringUnits(0));
    refused(&mut c, fire(ORCHARD, 10), &[1, 1, 1, 1], RuleError::FiringUnits(10));
    refused(&mut c, fire(EDGE_WOOD, 1), &[1, 1, 1, 1], RuleError::FireFromElsewhere { area: "Orchard".into() });
}

#[test]
fn a_scout_under_fire_may_be_shot_at_again_as_he_moves_until_out_of_sight() {
    let mut c = atkins_in_field();
    ok(&mut c, mv(ATKINS, FAR_WOOD, true), &[]);
    ok(&mut c, Decision::ReactiveSpot, &[6, 1]);
    ok(&mut c, fire(FARMHOUSE, 1), &[5, 6, 1, 1, 1]);
    // Hit in the open: into cover, not into open ground.
    refused(
        &mut c,
        Decision::Retreat { to: Place::Area(OPEN_GROUND) },
        &[],
        RuleError::RetreatNotToCover { scout: "Atkins".into(), area: "Open ground".into() },
    );
    ok(&mut c, Decision::Retreat { to: Place::Area(FIELD) }, &[]);
    assert!(c.state().figure(ATKINS).under_fire);
    assert_eq!(c.state().figure(ATKINS).moves, 0, "the retreat is not a move action");
    ok(&mut c, troops(""), &[]);
    // Moving in cover, still seen: more fire, no spotting roll.
    ok(&mut c, mv(ATKINS, FIELD, false), &[]);
    let r = rules::reactions(c.setup(), c.state()).unwrap();
    assert!(r.fire && !r.reactive_spot);
    // Letting him go: he is out of their sight.
    ok(&mut c, Decision::LetPass, &[]);
    assert!(!c.state().figure(ATKINS).under_fire);
    ok(&mut c, mv(ATKINS, FIELD, false), &[]);
    assert_eq!(c.state().phase, Phase::Scouting);
    // A scout not under fire cannot be fired at on a move without being spotted first.
    ok(&mut c, mv(ATKINS, ORCHARD, false), &[]);
    refused(&mut c, fire(FARMHOUSE, 1), &[1, 1, 1, 1], RuleError::NotUnderFire("Atkins".into()));
}

#[test]
fn a_retreat_from_cover_gets_out_of_sight() {
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[1, 6, 6, 1]);
    ok(&mut c, fire(ORCHARD, 1), &[5, 6, 1, 1]);
    assert_eq!(c.state().phase, Phase::Retreat { scout: ATKINS });
    assert_eq!(waiting_for(c.state()), Actor::ScoutingPlayer);
    ok(&mut c, Decision::Retreat { to: Place::Area(OPEN_GROUND) }, &[]);
    assert!(!c.state().figure(ATKINS).under_fire);
    assert_eq!(c.state().figure(ATKINS).status, Status::Active);
    // Then the reveal of the orchard, then the attempt's clock roll.
    assert_eq!(c.state().phase, Phase::Reveal { scout: ATKINS, area: ORCHARD, cause: RevealCause::Fired });
    ok(&mut c, troops(""), &[]);
    assert_eq!(c.state().phase, Phase::Clock { reason: ClockReason::Spotting(ATKINS) });
}

// ---------------------------------------------------------------------------------------
// Close combat
// ---------------------------------------------------------------------------------------

#[test]
fn close_combat_modifier_rows() {
    let setup = sample_setup();
    let m = rules::close_combat_modifiers(&setup, ATKINS, false, 0, 0);
    assert_eq!((m.scout_total(), m.defender_total()), (1, 0), "veteran scout, regular defenders");
    let m = rules::close_combat_modifiers(&setup, COLE, true, 1, -1);
    assert_eq!((m.scout_total(), m.defender_total()), (-1 + 1, 2 - 1), "green, ambush +2, others");
    assert_eq!(tables::AMBUSH_BONUS, 2);
    for (s, d, w) in [
        (4, 3, Some(tables::CloseCombatWinner::Scout)),
        (3, 4, Some(tables::CloseCombatWinner::Defender)),
        (3, 3, None),
    ] {
        assert_eq!(tables::close_combat_winner(s, d), w);
    }
    let [win, lose, tie] = close_combat_odds(&rules::close_combat_modifiers(&setup, BAKER, false, 0, 0));
    assert_eq!((win, lose, tie), (Chance::new(15, 36), Chance::new(15, 36), Chance::new(6, 36)));
}

#[test]
fn close_combat_won_reveals_and_the_troops_cannot_hinder_him() {
    let mut c = atkins_in_field();
    ok(&mut c, mv(ATKINS, ORCHARD, false), &[]);
    refused(
        &mut c,
        Decision::CloseCombat { scout_other: 7, defender_other: 0, defenders: None },
        &[1, 1],
        RuleError::BadModifier(7),
    );
    refused(
        &mut c,
        Decision::CloseCombat { scout_other: 0, defender_other: -128, defenders: None },
        &[1, 1],
        RuleError::BadModifier(-128),
    );
    ok(&mut c, cc(), &[4, 2]);
    assert_eq!(c.state().figure(ATKINS).beaten, vec![ORCHARD]);
    assert_eq!(c.state().phase, Phase::Reveal { scout: ATKINS, area: ORCHARD, cause: RevealCause::CloseCombat });
    refused(&mut c, Decision::Reveal { what: Sighting::Empty }, &[], RuleError::MustShowTroops("Orchard".into()));
    ok(&mut c, troops("a section"), &[]);
    assert_eq!(c.state().finds[0].status, FindStatus::Carried);
    assert_eq!(c.state().phase, Phase::Scouting, "a reaction: no clock roll");
    // The orchard's troops may not fire at him later.
    ok(&mut c, spot(ATKINS, HEDGEROW), &[1, 6, 6, 1]);
    refused(&mut c, fire(ORCHARD, 1), &[1, 1, 1, 1], RuleError::FireFromElsewhere { area: "Hedgerow".into() });
    ok(&mut c, Decision::HoldFire, &[]);
    ok(&mut c, Decision::ClockRoll, &[1]);
    ok(&mut c, mv(ATKINS, FAR_WOOD, true), &[]);
    ok(&mut c, Decision::ReactiveSpot, &[6, 1]);
    refused(
        &mut c,
        fire(ORCHARD, 1),
        &[1, 1, 1, 1, 1],
        RuleError::Beaten { scout: "Atkins".into(), area: "Orchard".into() },
    );
}

#[test]
fn close_combat_lost_kills_and_reveals_nothing() {
    let mut c = atkins_in_field();
    ok(&mut c, mv(ATKINS, ORCHARD, true), &[]);
    // Crossing open ground into the orchard: the defender may go straight to close combat.
    ok(&mut c, Decision::CloseCombat { scout_other: 0, defender_other: 2, defenders: None }, &[3, 3]);
    assert_eq!(c.state().figure(ATKINS).status, Status::Dead);
    assert!(c.state().finds.is_empty());
    assert_eq!(c.state().phase, Phase::Scouting);
    assert_eq!(summary(c.setup(), c.state()).redeploy, vec!["Orchard".to_string()]);
}

#[test]
fn no_close_combat_where_no_hidden_troops_can_be() {
    let mut c = atkins_in_field();
    // Within the area he is in already.
    ok(&mut c, mv(ATKINS, FIELD, true), &[]);
    refused(&mut c, cc(), &[1, 1], RuleError::NoCloseCombat("Atkins".into()));
    ok(&mut c, Decision::LetPass, &[]);
    settle_clock(&mut c);
    // On the own edge.
    ok(&mut c, mv(ATKINS, EDGE_WOOD, true), &[]);
    refused(&mut c, cc(), &[1, 1], RuleError::NoCloseCombat("Atkins".into()));
}
