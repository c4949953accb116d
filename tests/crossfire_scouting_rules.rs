//! Every table row, modifier and rule of Crossfire night scouting, checked against the
//! numbers in `shared/rules/README.md` and the text, not against the code's own constants.
//! Flows are played through `Campaign<CrossfireScouting>` with typed dice.
//!
//! Sample areas: 0 Edge wood (cover, own edge), 1 Second wood, 2 Field, 3 Open ground (open),
//! 4 Far wood, 5 Farmhouse, 6 Orchard, 7 Hedgerow (all cover). Team 0: Sgt Wilson (regular,
//! leader), Atkins (veteran), Baker (regular), Cole (green). Team 1: Cpl Hughes (leader),
//! Evans (regular), Price (veteran), all three trained. Sentries regular.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::band::covers_all;
use field_desk::engine::odds::for_each_outcome;
use field_desk::engine::{Campaign, Chance, DecideError, DiceInput, DiceSpec, Die};
use field_desk::systems::crossfire_scouting::preview::{close_combat_odds, contests, hit_odds, preview, spot_chance};
use field_desk::systems::crossfire_scouting::rules::{self, waiting_for, Actor};
use field_desk::systems::crossfire_scouting::sample::*;
use field_desk::systems::crossfire_scouting::state::RevealCause;
use field_desk::systems::crossfire_scouting::tables::{self, FireResult, SpotOutcome};
use field_desk::systems::crossfire_scouting::{
    summary, Area, ClockReason, CrossfireScouting, Decision, EndReason, FindStatus, Origin, Phase, Place, Quality,
    RuleError, Scout, ScoutRef, ScoutingSummary, Sentries, Setup, SetupProblem, Sighting, Stage, Status, Team,
};
use field_desk::systems::race_for_x::tables::BattleType;
use field_desk::systems::race_for_x::Side;

type Game = Campaign<CrossfireScouting>;

const WILSON: ScoutRef = ScoutRef::new(0, 0);
const ATKINS: ScoutRef = ScoutRef::new(0, 1);
const BAKER: ScoutRef = ScoutRef::new(0, 2);
const COLE: ScoutRef = ScoutRef::new(0, 3);
const HUGHES: ScoutRef = ScoutRef::new(1, 0);
const EVANS: ScoutRef = ScoutRef::new(1, 1);

fn game() -> Game {
    Game::new(sample_setup()).unwrap()
}

fn ok(c: &mut Game, d: Decision, dice: &[u16]) {
    if let Err(e) = c.decide(d.clone(), DiceInput::Typed(dice.to_vec())) {
        panic!("{d:?} with {dice:?} was refused: {e} (phase {:?})", c.state().phase);
    }
}

/// An illegal decision: refused with `want`, and nothing changes.
fn refused(c: &mut Game, d: Decision, dice: &[u16], want: RuleError) {
    let before = c.state().clone();
    let journal = c.journal().len();
    assert_eq!(c.decide(d.clone(), DiceInput::Typed(dice.to_vec())), Err(DecideError::Rules(want.clone())), "{d:?}");
    assert_eq!(c.check(&d, dice).err(), Some(DecideError::Rules(want)));
    assert_eq!(c.state(), &before);
    assert_eq!(c.journal().len(), journal);
}

fn mv(scout: ScoutRef, to: u16, in_open: bool) -> Decision {
    Decision::Move { scout, to: Place::Area(to), in_open }
}

fn home(scout: ScoutRef) -> Decision {
    Decision::Move { scout, to: Place::OwnEdge, in_open: false }
}

/// Moves in cover, letting the defender pass if he is asked.
fn walk(c: &mut Game, scout: ScoutRef, to: u16) {
    ok(c, mv(scout, to, false), &[]);
    if matches!(c.state().phase, Phase::Reaction { .. }) {
        ok(c, Decision::LetPass, &[]);
    }
}

fn spot(scout: ScoutRef, area: u16) -> Decision {
    Decision::AttemptSpot { scout, area, sentries: None }
}

fn fire(from: u16, units: u8) -> Decision {
    Decision::Fire { from, units, leader_sees: false }
}

fn cc() -> Decision {
    Decision::CloseCombat { scout_other: 0, defender_other: 0, defenders: None }
}

fn troops(t: &str) -> Decision {
    Decision::Reveal { what: Sighting::Troops(t.into()) }
}

/// Rolls a clock roll that does not move the clock, if one is owed.
fn settle_clock(c: &mut Game) {
    if matches!(c.state().phase, Phase::Clock { .. }) {
        ok(c, Decision::ClockRoll, &[1]);
    }
}

/// Atkins in the Field (cover), two moves counted.
fn atkins_in_field() -> Game {
    let mut c = game();
    walk(&mut c, ATKINS, EDGE_WOOD);
    walk(&mut c, ATKINS, FIELD);
    assert_eq!(c.state().phase, Phase::Scouting);
    c
}

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

/// Atkins in the field carrying an unbanked find of the orchard (troops).
fn atkins_with_a_find() -> Game {
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[6, 1, 1, 6]);
    ok(&mut c, troops("rifles"), &[]);
    ok(&mut c, Decision::ClockRoll, &[1]);
    c
}

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
