//! Night scouting's cat and finds (carried, banked, reported, lost) and how the night ends,
//! checked against `shared/rules/README.md` and the text, played through
//! `Campaign<CrossfireScouting>` with typed dice (`support/scouting_play.rs`).

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/scouting_play.rs"]
mod scouting_play;

use field_desk::systems::crossfire_scouting::rules::{self};
use field_desk::systems::crossfire_scouting::sample::*;
use field_desk::systems::crossfire_scouting::state::RevealCause;
use field_desk::systems::crossfire_scouting::{
    summary, ClockReason, Decision, EndReason, FindStatus, Phase, Place, RuleError, ScoutRef, Sighting, Stage, Status,
};
use scouting_play::*;

// ---------------------------------------------------------------------------------------
// The cat
// ---------------------------------------------------------------------------------------

#[test]
fn the_cat_once_per_game_cancels_a_successful_sentry_spot() {
    // Sentries only: nothing comes of it, no ambush.
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[1, 6, 6, 1]);
    ok(&mut c, Decision::Cat, &[]);
    assert!(c.state().cat_used);
    assert!(c.state().figure(ATKINS).ambushes.is_empty());
    assert_eq!(c.state().phase, Phase::Clock { reason: ClockReason::Spotting(ATKINS) });
    ok(&mut c, Decision::ClockRoll, &[1]);
    // Once only.
    ok(&mut c, spot(ATKINS, HEDGEROW), &[1, 6, 6, 1]);
    refused(&mut c, Decision::Cat, &[], RuleError::CatUsed);
    // Both see: the scout's own spot stands.
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[6, 1, 6, 1]);
    ok(&mut c, Decision::Cat, &[]);
    assert_eq!(c.state().phase, Phase::Reveal { scout: ATKINS, area: ORCHARD, cause: RevealCause::Spotted });
    // Reactive: no forced fire, he carries on.
    let mut c = atkins_in_field();
    ok(&mut c, mv(ATKINS, OPEN_GROUND, true), &[]);
    ok(&mut c, Decision::ReactiveSpot, &[6, 1]);
    ok(&mut c, Decision::Cat, &[]);
    assert_eq!(c.state().figure(ATKINS).place, Place::Area(OPEN_GROUND));
    assert_eq!(c.state().phase, Phase::Reaction { scout: ATKINS, stage: Stage::Arrived }, "troops may lie in the open");
    ok(&mut c, Decision::LetPass, &[]);
    assert_eq!(c.state().phase, Phase::Scouting);
    // Not when nothing was spotted.
    let mut c = atkins_in_field();
    refused(&mut c, Decision::Cat, &[], RuleError::NotNow { phase: Phase::Scouting });
}

// ---------------------------------------------------------------------------------------
// Finds: carried, banked, reported, lost
// ---------------------------------------------------------------------------------------

#[test]
fn banking_with_the_leader() {
    let mut c = atkins_with_a_find();
    refused(
        &mut c,
        Decision::Bank { scout: ATKINS },
        &[],
        RuleError::LeaderNotOut { scout: "Atkins".into(), leader: "Sgt Wilson".into() },
    );
    walk(&mut c, WILSON, EDGE_WOOD);
    refused(&mut c, Decision::Bank { scout: WILSON }, &[], RuleError::IsLeader("Sgt Wilson".into()));
    refused(&mut c, Decision::Bank { scout: BAKER }, &[], RuleError::NotOnTable("Baker".into()));
    walk(&mut c, BAKER, EDGE_WOOD);
    refused(&mut c, Decision::Bank { scout: BAKER }, &[], RuleError::NothingToBank("Baker".into()));
    ok(&mut c, Decision::Bank { scout: ATKINS }, &[]);
    assert_eq!(c.state().finds[0].status, FindStatus::Banked);
    refused(&mut c, Decision::Bank { scout: ATKINS }, &[], RuleError::NothingToBank("Atkins".into()));
    // A leader's own finds are banked at once.
    ok(&mut c, spot(WILSON, HEDGEROW), &[6, 1, 1, 6]);
    ok(&mut c, Decision::Reveal { what: Sighting::Empty }, &[]);
    assert_eq!(c.state().finds[1].status, FindStatus::Banked);
}

#[test]
fn a_dead_scouts_unbanked_finds_are_lost() {
    let mut c = atkins_with_a_find();
    ok(&mut c, spot(ATKINS, HEDGEROW), &[1, 6, 6, 1]);
    ok(&mut c, fire(HEDGEROW, 1), &[6, 6, 6, 1]);
    assert_eq!(c.state().finds[0].status, FindStatus::Lost);
    assert!(!c.state().troops_revealed(ORCHARD), "back to hidden");
    let s = summary(c.setup(), c.state());
    assert_eq!(s.redeploy, vec!["Orchard".to_string(), "Hedgerow".to_string()]);
}

#[test]
fn getting_back_to_the_own_edge_reports_and_ends_the_figures_night() {
    let mut c = atkins_with_a_find();
    ok(&mut c, home(ATKINS), &[]);
    assert_eq!(c.state().figure(ATKINS).status, Status::Home);
    assert_eq!(c.state().finds[0].status, FindStatus::Reported);
    refused(&mut c, mv(ATKINS, EDGE_WOOD, false), &[], RuleError::AlreadyHome("Atkins".into()));
    refused(&mut c, spot(ATKINS, HEDGEROW), &[1, 1, 1, 1], RuleError::AlreadyHome("Atkins".into()));
    refused(&mut c, home(BAKER), &[], RuleError::AtStartLine("Baker".into()));
    // A leader going home reports what his team banked with him.
    let mut c = atkins_with_a_find();
    walk(&mut c, WILSON, EDGE_WOOD);
    ok(&mut c, Decision::Bank { scout: ATKINS }, &[]);
    ok(&mut c, home(WILSON), &[]);
    assert_eq!(c.state().finds[0].status, FindStatus::Reported);
    // Reported finds are safe even if the finder dies later.
    ok(&mut c, spot(ATKINS, HEDGEROW), &[1, 6, 6, 1]);
    ok(&mut c, fire(HEDGEROW, 1), &[6, 6, 6, 1]);
    assert_eq!(c.state().finds[0].status, FindStatus::Reported);
    // With his leader home, Atkins reports by going home himself.
    let mut c = atkins_with_a_find();
    walk(&mut c, WILSON, EDGE_WOOD);
    ok(&mut c, home(WILSON), &[]);
    refused(
        &mut c,
        Decision::Bank { scout: ATKINS },
        &[],
        RuleError::LeaderNotOut { scout: "Atkins".into(), leader: "Sgt Wilson".into() },
    );
}

#[test]
fn leader_and_all_scouts_dead_all_finds_lost() {
    let mut c = game();
    walk(&mut c, HUGHES, EDGE_WOOD);
    walk(&mut c, EVANS, EDGE_WOOD);
    walk(&mut c, ScoutRef::new(1, 2), EDGE_WOOD);
    // Evans finds the orchard and banks it; Hughes finds the hedgerow himself.
    ok(&mut c, spot(EVANS, ORCHARD), &[6, 1, 1, 6]);
    ok(&mut c, troops(""), &[]);
    ok(&mut c, Decision::ClockRoll, &[1]);
    ok(&mut c, Decision::Bank { scout: EVANS }, &[]);
    ok(&mut c, spot(HUGHES, HEDGEROW), &[6, 1, 1, 6]);
    ok(&mut c, troops(""), &[]);
    ok(&mut c, Decision::ClockRoll, &[1]);
    // Shot dead crossing open ground.
    let kill = |c: &mut Game, who: ScoutRef, to: u16| {
        ok(c, mv(who, to, true), &[]);
        ok(c, Decision::ReactiveSpot, &[6, 1]);
        ok(c, fire(FARMHOUSE, 1), &[6, 6, 6, 1, 1]);
        settle_clock(c);
    };
    kill(&mut c, HUGHES, FAR_WOOD);
    assert_eq!(c.state().finds[1].status, FindStatus::Lost, "only Hughes knew the hedgerow");
    assert_eq!(c.state().finds[0].status, FindStatus::Banked, "Evans still knows the orchard");
    kill(&mut c, ScoutRef::new(1, 2), FAR_WOOD);
    assert_eq!(c.state().finds[0].status, FindStatus::Banked);
    kill(&mut c, EVANS, SECOND_WOOD);
    assert!(rules::team_wiped(c.state(), 1));
    assert!(c.state().finds.iter().all(|f| f.status == FindStatus::Lost));
    let line = c.history().into_iter().rev().find(|l| l.text.contains("Everyone of")).map(|l| l.text);
    assert!(line.is_some_and(|t| t.contains("redeploy")));
}

#[test]
fn calling_the_night_early_leaves_those_still_out_late() {
    let mut c = atkins_with_a_find();
    walk(&mut c, WILSON, EDGE_WOOD);
    ok(&mut c, Decision::Bank { scout: ATKINS }, &[]);
    ok(&mut c, Decision::EndNight, &[]);
    assert_eq!(c.state().ended, Some(EndReason::Called));
    assert_eq!(c.state().figure(ATKINS).status, Status::Late);
    assert_eq!(c.state().figure(WILSON).status, Status::Late);
    assert_eq!(c.state().finds[0].status, FindStatus::Lost);
    refused(&mut c, Decision::EndNight, &[], RuleError::NightOver);
}

#[test]
fn the_night_ends_itself_when_everyone_is_back_or_dead() {
    let mut c = atkins_with_a_find();
    let everyone: Vec<ScoutRef> = c.state().refs();
    for r in everyone {
        if r == ATKINS {
            continue;
        }
        walk(&mut c, r, EDGE_WOOD);
        if matches!(c.state().phase, Phase::Clock { .. }) {
            ok(&mut c, Decision::ClockRoll, &[1]);
        }
        ok(&mut c, home(r), &[]);
        if matches!(c.state().phase, Phase::Clock { .. }) {
            ok(&mut c, Decision::ClockRoll, &[1]);
        }
    }
    assert_eq!(c.state().phase, Phase::Scouting);
    ok(&mut c, home(ATKINS), &[]);
    assert_eq!(c.state().phase, Phase::Over);
    assert_eq!(c.state().ended, Some(EndReason::AllDone));
    let s = summary(c.setup(), c.state());
    assert_eq!(s.known.len(), 1);
    assert!(s.banked.is_empty() && s.carried.is_empty());
    assert!(s.lines().iter().any(|l| l.contains("Orchard")));
}
