//! Every table row, modifier and rule of Crossfire night scouting, checked against the
//! numbers in `shared/rules/README.md` and the text, not against the code's own constants:
//! the tables, both sides' modifiers, setup, the clock, the odds before every roll, and the
//! origin, summary and stored forms. Spotting, reactive spotting, fire and close combat are in
//! `crossfire_scouting_spotting.rs`; the cat and the finds in `crossfire_scouting_finds.rs`.
//! Flows are played through `Campaign<CrossfireScouting>` with typed dice
//! (`support/scouting_play.rs`, which also names the sample's areas and scouts).

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/scouting_play.rs"]
mod scouting_play;

use field_desk::engine::band::covers_all;
use field_desk::engine::odds::for_each_outcome;
use field_desk::engine::{Chance, DiceSpec, Die};
use field_desk::systems::crossfire_scouting::preview::{hit_odds, preview, spot_chance};
use field_desk::systems::crossfire_scouting::rules::{self, waiting_for, Actor};
use field_desk::systems::crossfire_scouting::sample::*;
use field_desk::systems::crossfire_scouting::state::RevealCause;
use field_desk::systems::crossfire_scouting::tables::{self, FireResult, SpotOutcome};
use field_desk::systems::crossfire_scouting::{
    summary, Area, ClockReason, Decision, EndReason, Origin, Phase, Place, Quality, RuleError, Scout, ScoutRef,
    ScoutingSummary, Sentries, Setup, SetupProblem, Sighting, Status, Team,
};
use field_desk::systems::race_for_x::tables::BattleType;
use field_desk::systems::race_for_x::Side;
use scouting_play::*;

// ---------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------

#[test]
fn spotting_modifier_rows() {
    // README: each side -1 green, +1 veteran, +1 special training, -1 if its foe is in cover.
    assert_eq!(tables::quality_modifier(Quality::Green), -1);
    assert_eq!(tables::quality_modifier(Quality::Regular), 0);
    assert_eq!(tables::quality_modifier(Quality::Veteran), 1);
    assert_eq!(tables::QUALITY.len(), 3);
    assert_eq!(tables::SPECIAL_TRAINING, 1);
    assert_eq!(tables::FOE_IN_COVER, -1);
}

#[test]
fn the_spotter_needs_a_strictly_higher_total() {
    for a in -2..=9 {
        for b in -2..=9 {
            assert_eq!(tables::spots(a, b), a > b, "{a} against {b}");
        }
    }
}

#[test]
fn clock_rows() {
    // README: 01:00 to 04:00; a clock roll of 4+ moves it 20 minutes.
    for (die, minutes) in [(1, 0), (2, 0), (3, 0), (4, 20), (5, 20), (6, 20)] {
        assert_eq!(tables::clock_advance(die), minutes, "clock die {die}");
    }
    assert_eq!(tables::clock_text(0), "01:00");
    assert_eq!(tables::clock_text(20), "01:20");
    assert_eq!(tables::clock_text(160), "03:40");
    assert_eq!(tables::clock_text(tables::DEADLINE_MINUTES), "04:00");
    assert_eq!(tables::MOVES_PER_CLOCK_ROLL, 3);
    assert_eq!(tables::clock_die(), DiceSpec::one(Die::D6));
}

#[test]
fn fire_dice_and_result_rows() {
    // README: 5d6 (4d6 if the scout is in cover), drop the single highest, count 5s and 6s:
    // 0 hits carry on, 1 hit retreat, 2+ hits killed.
    assert_eq!(tables::fire_dice(false), DiceSpec::pool(5, Die::D6).drop_highest(1));
    assert_eq!(tables::fire_dice(true), DiceSpec::pool(4, Die::D6).drop_highest(1));
    let five = tables::fire_dice(false);
    for (dice, hits) in [
        ([3, 6, 5, 3, 4], 1), // the text's first volley
        ([6, 6, 1, 1, 1], 1), // only one of two sixes is set aside
        ([6, 5, 5, 1, 1], 2),
        ([5, 1, 1, 1, 1], 0), // a lone 5 is the highest die
        ([6, 6, 6, 6, 6], 4),
        ([4, 4, 4, 4, 4], 0),
    ] {
        assert_eq!(tables::hits(&five, &dice), hits, "{dice:?}");
    }
    let four = tables::fire_dice(true);
    assert_eq!(tables::hits(&four, &[2, 5, 5, 2]), 1, "the text's second volley");
    assert_eq!(tables::hits(&four, &[6, 5, 5, 2]), 2);
    for (hits, result) in
        [(0, FireResult::CarryOn), (1, FireResult::Retreat), (2, FireResult::Killed), (4, FireResult::Killed)]
    {
        assert_eq!(tables::fire_result(hits), result, "{hits} hits");
    }
    assert!(covers_all(&tables::FIRE_RESULT));
}

/// Chances of 0, 1 and 2+ hits by brute force, independently of `tally` and `kept`.
fn brute_hits(n: u16) -> [Chance; 3] {
    let mut counts = [0u64; 3];
    let spec = DiceSpec::pool(n, Die::D6);
    for_each_outcome(&spec, |d| {
        let mut v = d.to_vec();
        v.sort_unstable();
        v.pop();
        let h = v.iter().filter(|&&x| x >= 5).count().min(2);
        counts[h] += 1;
    });
    let total = 6u64.pow(n as u32);
    [Chance::new(counts[0], total), Chance::new(counts[1], total), Chance::new(counts[2], total)]
}

#[test]
fn fire_odds_are_exact() {
    assert_eq!(hit_odds(false), brute_hits(5));
    assert_eq!(hit_odds(true), brute_hits(4));
    // No hits: at most one die shows 5+ (and it is the one set aside).
    assert_eq!(hit_odds(false)[0], Chance::new(4u64.pow(5) + 5 * 2 * 4u64.pow(4), 6u64.pow(5)));
    assert_eq!(hit_odds(true)[0], Chance::new(4u64.pow(4) + 4 * 2 * 4u64.pow(3), 6u64.pow(4)));
    for cover in [false, true] {
        let sum: f64 = hit_odds(cover).iter().map(|c| c.as_f64()).sum();
        assert!((sum - 1.0).abs() < 1e-12);
    }
}

#[test]
fn spot_chance_is_exact() {
    for a in -3..=3 {
        for b in -3..=3 {
            let wins = (1..=6).flat_map(|x| (1..=6).map(move |y| (x, y))).filter(|(x, y)| x + a > y + b).count();
            assert_eq!(spot_chance(a, b), Chance::new(wins as u64, 36), "{a} against {b}");
        }
    }
    assert_eq!(spot_chance(0, 0), Chance::new(15, 36));
    assert_eq!(spot_chance(1, -1), Chance::new(26, 36));
}

#[test]
fn spot_outcomes_as_data() {
    assert_eq!(SpotOutcome::of(true, false), SpotOutcome::ScoutOnly);
    assert_eq!(SpotOutcome::of(true, true), SpotOutcome::Both);
    assert_eq!(SpotOutcome::of(false, true), SpotOutcome::SentriesOnly);
    assert_eq!(SpotOutcome::of(false, false), SpotOutcome::Neither);
    for o in SpotOutcome::ALL {
        assert_eq!(SpotOutcome::of(o.scout_spots(), o.sentries_spot()), o);
        assert!(!o.name().is_empty() && !o.next().is_empty());
    }
}

// ---------------------------------------------------------------------------------------
// Modifiers of both sides
// ---------------------------------------------------------------------------------------

fn one_scout_setup(quality: Quality, trained: bool, sentries: Sentries) -> Setup {
    Setup {
        teams: vec![Team {
            name: "T".into(),
            leader: Scout::new("Lead", Quality::Regular, false),
            scouts: vec![Scout::new("S", quality, trained)],
        }],
        sentries,
        areas: vec![Area::new("Wood", true, false), Area::new("Open", false, false), Area::new("Copse", true, false)],
        origin: None,
    }
}

#[test]
fn spotting_modifiers_every_combination() {
    let s = ScoutRef::new(0, 1);
    for quality in Quality::ALL {
        for trained in [false, true] {
            for sentry_quality in Quality::ALL {
                for sentry_trained in [false, true] {
                    let sentries = Sentries { quality: sentry_quality, trained: sentry_trained };
                    let setup = one_scout_setup(quality, trained, sentries);
                    for (stand, looks_at) in [(0u16, 1u16), (1, 0), (0, 2), (1, 1)] {
                        let mut c = Game::new(setup.clone()).unwrap();
                        ok(&mut c, mv(s, stand, false), &[]);
                        if matches!(c.state().phase, Phase::Reaction { .. }) {
                            ok(&mut c, Decision::LetPass, &[]);
                        }
                        let m = rules::spotting_modifiers(&setup, c.state(), s, looks_at);
                        let q = |q: Quality| match q {
                            Quality::Green => -1,
                            Quality::Regular => 0,
                            Quality::Veteran => 1,
                        };
                        let scout_want = q(quality) + trained as i32 - setup.areas[looks_at as usize].cover as i32;
                        let sentry_want =
                            q(sentry_quality) + sentry_trained as i32 - setup.areas[stand as usize].cover as i32;
                        assert_eq!(m.scout_total(), scout_want, "{quality:?} trained {trained} looking at {looks_at}");
                        assert_eq!(
                            m.defender_total(),
                            sentry_want,
                            "sentries {sentry_quality:?}/{sentry_trained}, scout in {stand}"
                        );
                        let r = rules::reactive_modifiers(&setup, s);
                        assert_eq!(r.scout_total(), q(quality) + trained as i32, "no cover terms when reacting");
                        assert_eq!(r.defender_total(), q(sentry_quality) + sentry_trained as i32);
                    }
                }
            }
        }
    }
}

#[test]
fn both_opposed_rolls_of_an_attempt_use_the_same_side_modifiers() {
    // Evans (regular, trained) in the Field (cover) looks at the Open ground.
    let mut c = game();
    walk(&mut c, EVANS, EDGE_WOOD);
    walk(&mut c, EVANS, FIELD);
    let m = rules::spotting_modifiers(c.setup(), c.state(), EVANS, OPEN_GROUND);
    assert_eq!((m.scout_total(), m.defender_total()), (1, -1));
    // Scout 3+1 = 4 beats 4-1 = 3; sentries 5-1 = 4 tie Evans 3+1 = 4: not seen.
    ok(&mut c, spot(EVANS, OPEN_GROUND), &[3, 4, 5, 3]);
    assert_eq!(c.state().phase, Phase::Reveal { scout: EVANS, area: OPEN_GROUND, cause: RevealCause::Spotted });
}

// ---------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------

#[test]
fn setup_problems() {
    let check = |f: &dyn Fn(&mut Setup), want: SetupProblem| {
        let mut s = sample_setup();
        f(&mut s);
        assert_eq!(Game::new(s).err(), Some(RuleError::Setup(want.clone())), "{want}");
        assert!(!want.to_string().is_empty());
    };
    check(&|s| s.teams.clear(), SetupProblem::NoTeams);
    check(&|s| s.teams[1].name = " ".into(), SetupProblem::TeamWithoutName(1));
    check(
        &|s| s.teams[0].scouts[1].name = "".into(),
        SetupProblem::FigureWithoutName { team: "Sgt Wilson's scouts".into() },
    );
    check(&|s| s.teams[1].scouts[0].name = "atkins".into(), SetupProblem::SameName("atkins".into()));
    check(&|s| s.areas.clear(), SetupProblem::NoAreas);
    check(&|s| s.areas[2].name = "".into(), SetupProblem::AreaWithoutName(2));
    check(&|s| s.areas[2].name = "Orchard".into(), SetupProblem::SameAreaName("Orchard".into()));
}

#[test]
fn the_night_starts_at_0100_with_everyone_at_the_own_edge() {
    let c = game();
    let s = c.state();
    assert_eq!((s.clock, s.phase, s.cat_used), (0, Phase::Scouting, false));
    assert_eq!(s.refs().len(), 7);
    assert!(s.refs().iter().all(|r| s.figure(*r).status == Status::Waiting && s.figure(*r).place == Place::OwnEdge));
    assert_eq!(rules::movers(s).len(), 7);
    assert_eq!(waiting_for(s), Actor::ScoutingPlayer);
}

// ---------------------------------------------------------------------------------------
// The clock
// ---------------------------------------------------------------------------------------

#[test]
fn a_clock_roll_after_every_third_move_without_incident() {
    let mut c = game();
    ok(&mut c, mv(ATKINS, EDGE_WOOD, false), &[]);
    ok(&mut c, mv(ATKINS, EDGE_WOOD, false), &[]);
    assert_eq!(c.state().phase, Phase::Scouting);
    // Counts are per figure: Baker's moves do not add to Atkins's.
    ok(&mut c, mv(BAKER, EDGE_WOOD, false), &[]);
    ok(&mut c, mv(BAKER, EDGE_WOOD, false), &[]);
    assert_eq!(c.state().phase, Phase::Scouting);
    ok(&mut c, mv(ATKINS, EDGE_WOOD, false), &[]);
    assert_eq!(c.state().phase, Phase::Clock { reason: ClockReason::ThirdMove(ATKINS) });
    assert_eq!(waiting_for(c.state()), Actor::Either);
    let phase = c.state().phase;
    refused(&mut c, mv(BAKER, EDGE_WOOD, false), &[], RuleError::NotNow { phase });
    ok(&mut c, Decision::ClockRoll, &[3]);
    assert_eq!(c.state().clock, 0, "a 3 does not move the clock");
    assert_eq!(c.state().figure(ATKINS).moves, 0);
    ok(&mut c, mv(BAKER, EDGE_WOOD, false), &[]);
    assert_eq!(c.state().phase, Phase::Clock { reason: ClockReason::ThirdMove(BAKER) });
    ok(&mut c, Decision::ClockRoll, &[4]);
    assert_eq!(c.state().clock, 20);
    // Letting a move pass is no reaction: it still counts.
    walk(&mut c, ATKINS, SECOND_WOOD);
    walk(&mut c, ATKINS, FIELD);
    ok(&mut c, mv(ATKINS, FAR_WOOD, false), &[]);
    ok(&mut c, Decision::LetPass, &[]);
    assert_eq!(c.state().phase, Phase::Clock { reason: ClockReason::ThirdMove(ATKINS) });
}

#[test]
fn a_clock_roll_after_every_spotting_attempt_whatever_the_outcome() {
    // ScoutOnly, Both, SentriesOnly, Neither.
    for (dice, outcome) in [
        ([6, 1, 1, 6], SpotOutcome::ScoutOnly),
        ([6, 1, 6, 1], SpotOutcome::Both),
        ([1, 6, 6, 1], SpotOutcome::SentriesOnly),
        ([1, 6, 1, 6], SpotOutcome::Neither),
    ] {
        let mut c = atkins_in_field();
        assert_eq!(c.state().figure(ATKINS).moves, 2);
        ok(&mut c, spot(ATKINS, ORCHARD), &dice);
        assert_eq!(c.state().figure(ATKINS).moves, 0, "a spotting roll resets the count");
        match outcome {
            SpotOutcome::ScoutOnly => {
                assert_eq!(
                    c.state().phase,
                    Phase::Reveal { scout: ATKINS, area: ORCHARD, cause: RevealCause::Spotted }
                );
                ok(&mut c, Decision::Reveal { what: Sighting::Empty }, &[]);
            }
            SpotOutcome::Both | SpotOutcome::SentriesOnly => {
                assert!(
                    matches!(c.state().phase, Phase::SentriesSpotted { scout_spots, .. } if scout_spots == outcome.scout_spots())
                );
                ok(&mut c, Decision::HoldFire, &[]);
                if outcome.scout_spots() {
                    ok(&mut c, troops(""), &[]);
                }
            }
            SpotOutcome::Neither => {}
        }
        assert_eq!(c.state().phase, Phase::Clock { reason: ClockReason::Spotting(ATKINS) }, "{outcome:?}");
        ok(&mut c, Decision::ClockRoll, &[6]);
        assert_eq!(c.state().clock, 20);
        assert_eq!(c.state().phase, Phase::Scouting);
    }
}

#[test]
fn the_clock_reaching_0400_ends_the_night() {
    let mut c = game();
    for _ in 0..8 {
        while !matches!(c.state().phase, Phase::Clock { .. }) {
            ok(&mut c, mv(ATKINS, EDGE_WOOD, false), &[]);
        }
        ok(&mut c, Decision::ClockRoll, &[6]);
    }
    assert_eq!(c.state().clock, 160);
    assert_eq!(tables::clock_text(c.state().clock), "03:40");
    ok(&mut c, mv(ATKINS, EDGE_WOOD, false), &[]);
    ok(&mut c, mv(ATKINS, EDGE_WOOD, false), &[]);
    ok(&mut c, mv(ATKINS, EDGE_WOOD, false), &[]);
    ok(&mut c, Decision::ClockRoll, &[4]);
    assert_eq!(c.state().clock, tables::DEADLINE_MINUTES);
    assert_eq!(c.state().phase, Phase::Over);
    assert_eq!(c.state().ended, Some(EndReason::Deadline));
    assert_eq!(c.state().figure(ATKINS).status, Status::Late);
    assert_eq!(c.state().figure(BAKER).status, Status::Waiting, "never left: not late");
    assert_eq!(waiting_for(c.state()), Actor::Nobody);
    refused(&mut c, mv(BAKER, EDGE_WOOD, false), &[], RuleError::NightOver);
}

// ---------------------------------------------------------------------------------------
// Odds before every roll
// ---------------------------------------------------------------------------------------

fn sums_to_one(odds: &[(String, Chance)]) {
    let sum: f64 = odds.iter().map(|(_, c)| c.as_f64()).sum();
    assert!((sum - 1.0).abs() < 1e-12, "{odds:?}");
}

#[test]
fn every_roll_has_a_preview() {
    let mut c = atkins_in_field();
    let p = preview(c.setup(), c.state(), &spot(ATKINS, ORCHARD)).unwrap();
    sums_to_one(&p.odds);
    assert_eq!(p.odds.len(), 4);
    // Atkins +1, orchard cover -1 = 0; sentries: Atkins in cover -1.
    let scout_spots = spot_chance(0, -1);
    let sentries_spot = spot_chance(-1, 0);
    let both = Chance::new(scout_spots.num * sentries_spot.num, scout_spots.den * sentries_spot.den);
    assert_eq!(p.odds[1].1, both, "both see");
    ok(&mut c, mv(ATKINS, FAR_WOOD, true), &[]);
    let p = preview(c.setup(), c.state(), &Decision::ReactiveSpot).unwrap();
    sums_to_one(&p.odds);
    assert_eq!(p.odds[0].1, spot_chance(0, 1));
    let p = preview(c.setup(), c.state(), &cc()).unwrap();
    sums_to_one(&p.odds);
    ok(&mut c, Decision::ReactiveSpot, &[6, 1]);
    let p = preview(c.setup(), c.state(), &fire(FARMHOUSE, 2)).unwrap();
    sums_to_one(&p.odds);
    assert_eq!(p.odds.iter().map(|o| o.1).collect::<Vec<_>>(), hit_odds(false).to_vec());
    assert!(p.note.unwrap().contains("1 more unit"));
    ok(&mut c, fire(FARMHOUSE, 2), &[1, 1, 1, 1, 1]);
    let p = preview(c.setup(), c.state(), &Decision::Volley).unwrap();
    assert_eq!(p.dice, DiceSpec::pool(5, Die::D6).drop_highest(1));
    let p = preview(c.setup(), c.state(), &Decision::ClockRoll).unwrap();
    sums_to_one(&p.odds);
    assert_eq!(p.odds.iter().find(|o| o.0.contains("20 minutes")).unwrap().1, Chance::new(1, 2));
    let mut tie = atkins_in_field();
    ok(&mut tie, mv(BAKER, EDGE_WOOD, false), &[]);
    ok(&mut tie, mv(BAKER, ORCHARD, false), &[]);
    ok(&mut tie, cc(), &[2, 2]);
    let p = preview(tie.setup(), tie.state(), &Decision::RollAgain).unwrap();
    sums_to_one(&p.odds);
    assert!(p.note.unwrap().contains("50%"), "evenly matched over the whole fight");
}

// ---------------------------------------------------------------------------------------
// Origin, summary and stored forms
// ---------------------------------------------------------------------------------------

#[test]
fn origin_from_a_race_for_x_battle_against_a_hidden_defence() {
    for (battle, hidden) in [
        (BattleType::PreparedDefence, true),
        (BattleType::HastyDefence, true),
        (BattleType::CounterAttack, false),
        (BattleType::MeetingEngagement, false),
    ] {
        assert_eq!(Origin::race_for_x("c1", 3, Side::B, battle).is_some(), hidden, "{battle:?}");
    }
    let o = Origin::race_for_x("c1", 3, Side::B, BattleType::HastyDefence).unwrap();
    assert_eq!((o.campaign.as_str(), o.turn, o.side.as_str(), o.battle.as_str()), ("c1", 3, "B", "Hasty Defence"));
    let mut setup = sample_setup();
    setup.origin = Some(o.clone());
    let c = Game::new(setup.clone()).unwrap();
    let s = summary(c.setup(), c.state());
    assert_eq!(s.origin, Some(o));
    // Stored forms round-trip.
    let json = serde_json::to_string(&setup).unwrap();
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(serde_json::from_str::<ScoutingSummary>(&json).unwrap(), s);
    let no_origin = serde_json::to_string(&sample_setup()).unwrap();
    assert!(!no_origin.contains("origin"));
}

#[test]
fn decisions_are_stored_and_replayed() {
    let mut c = atkins_with_a_find();
    ok(&mut c, mv(ATKINS, FAR_WOOD, true), &[]);
    ok(&mut c, Decision::ReactiveSpot, &[6, 1]);
    ok(&mut c, Decision::Fire { from: FARMHOUSE, units: 2, leader_sees: false }, &[1, 1, 1, 1, 1]);
    ok(&mut c, Decision::Volley, &[1, 2, 3, 4, 5]);
    let json = serde_json::to_string(c.journal()).unwrap();
    let journal = serde_json::from_str(&json).unwrap();
    let again = Game::replay(sample_setup(), journal).unwrap();
    assert_eq!(again.state(), c.state());
}
