//! Every row of every Race for X table, checked against the numbers in
//! `shared/rules/README.md` (the notes that repair the captured text), not against the
//! code's own constants. Each table has one `check` helper; the expectations are data.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::band::{covers_all, Band};
use field_desk::engine::{Campaign, Chance, DiceInput};
use field_desk::systems::race_for_x::preview::preview;
use field_desk::systems::race_for_x::rules::{self, battle_type_modifiers, force_condition, units_to_field};
use field_desk::systems::race_for_x::sample::{russian_battalion, sample_setup};
use field_desk::systems::race_for_x::stage::{defence_size_for, Part, Stage, Step};
use field_desk::systems::race_for_x::state::{Battle, LastTurn, Place, PlayerState, Side, State};
use field_desk::systems::race_for_x::tables::{
    self, BattleResult, BattleType, CampaignSize, DefenceOption, ForceCondition, ForceSize, OffensiveAction,
    RecoveryRow,
};
use field_desk::systems::race_for_x::{Decision, Orbat, RaceForX};

use BattleResult::*;
use BattleType::*;
use CampaignSize::*;
use ForceSize::*;
use OffensiveAction::*;

// ---------------------------------------------------------------------------------------
// Campaign size table (points)
// ---------------------------------------------------------------------------------------

fn check_points(size: ForceSize, expected: [u32; 4]) {
    for (campaign, want) in [Small, Medium, Large, Huge].into_iter().zip(expected) {
        assert_eq!(tables::points(size, campaign), want, "{} points in a {} campaign", size.name(), campaign.name());
    }
}

#[test]
fn campaign_size_points_every_cell() {
    // README: S1 25/50/75/100, S2 50/100/150/200, S3 75/150/225/300, S4 100/200/300/400,
    // S5 125/250/375/500, S10 250/500/750/1000 (Small/Medium/Large/Huge).
    check_points(S1, [25, 50, 75, 100]);
    check_points(S2, [50, 100, 150, 200]);
    check_points(S3, [75, 150, 225, 300]);
    check_points(S4, [100, 200, 300, 400]);
    check_points(S5, [125, 250, 375, 500]);
    check_points(S10, [250, 500, 750, 1000]);
    // The table has exactly these six rows, in this order.
    let rows: Vec<ForceSize> = tables::SIZE_POINTS.iter().map(|r| r.0).collect();
    assert_eq!(rows, vec![S1, S2, S3, S4, S5, S10]);
}

// ---------------------------------------------------------------------------------------
// Type of battle
// ---------------------------------------------------------------------------------------

fn check_battle_type(total: i32, attack: BattleType, regroup: Option<BattleType>) {
    assert_eq!(tables::battle_type(total, Attack), Some(attack), "type of battle, total {total}, Attack");
    assert_eq!(tables::battle_type(total, Regroup), regroup, "type of battle, total {total}, Regroup");
}

#[test]
fn type_of_battle_every_total_from_minus_2_to_12() {
    // README: <=2 Counter-attack (both); 3-5 Prepared Defence / No battle;
    // 6-7 Hasty Defence / No battle; >=8 Meeting Engagement / No battle.
    let rows: [(i32, BattleType, Option<BattleType>); 15] = [
        (-2, CounterAttack, Some(CounterAttack)),
        (-1, CounterAttack, Some(CounterAttack)),
        (0, CounterAttack, Some(CounterAttack)),
        (1, CounterAttack, Some(CounterAttack)),
        (2, CounterAttack, Some(CounterAttack)),
        (3, PreparedDefence, None),
        (4, PreparedDefence, None),
        (5, PreparedDefence, None),
        (6, HastyDefence, None),
        (7, HastyDefence, None),
        (8, MeetingEngagement, None),
        (9, MeetingEngagement, None),
        (10, MeetingEngagement, None),
        (11, MeetingEngagement, None),
        (12, MeetingEngagement, None),
    ];
    for (total, attack, regroup) in rows {
        check_battle_type(total, attack, regroup);
    }
}

/// What a player did last campaign turn: the action and the zones actually moved.
type Last = Option<(OffensiveAction, i8)>;

fn player(place: Place, last: Last) -> PlayerState {
    let orbat = russian_battalion("Test Battalion");
    PlayerState {
        place,
        last: last.map(|(action, moved)| LastTurn { action, moved }),
        lost: orbat.units.iter().map(|u| vec![false; u.stands.len()]).collect(),
    }
}

fn check_type_modifiers(place: Place, last: Last, expected: &[i32]) {
    let p = player(place, last);
    let mods = battle_type_modifiers(&p);
    let values: Vec<i32> = mods.iter().map(|m| m.1).collect();
    assert_eq!(values, expected, "type-of-battle modifiers after {last:?} in {}", place.name());
    for (label, _) in &mods {
        assert!(!label.trim().is_empty(), "every modifier has a label");
    }
}

#[test]
fn type_of_battle_modifiers() {
    // README: +1 per zone advanced last turn, -1 if retreated last turn.
    check_type_modifiers(Place::BASE, None, &[]);
    check_type_modifiers(Place::zone(2), Some((Attack, 1)), &[1]);
    check_type_modifiers(Place::zone(3), Some((Attack, 2)), &[2]);
    check_type_modifiers(Place::zone(3), Some((Attack, 0)), &[]);
    check_type_modifiers(Place::zone(2), Some((Attack, -1)), &[-1]);
    check_type_modifiers(Place::zone(2), Some((Regroup, -1)), &[-1]);
    check_type_modifiers(Place::zone(4), Some((Regroup, 0)), &[]);
    // A retreat result in zone 1 moves nobody (the text: no retreat from zone 1), so there is
    // no "retreated last turn" modifier afterwards.
    check_type_modifiers(Place::BASE, Some((Attack, 0)), &[]);
}

// ---------------------------------------------------------------------------------------
// Attacking force size
// ---------------------------------------------------------------------------------------

#[test]
fn force_percentages_50_40_30() {
    // README: 50% in zone 1 or after a Regroup; 40% after advancing 1, no advance or a
    // retreat; 30% after advancing 2.
    let rows = [
        (ForceCondition::BaseZoneOrRegrouped, 50),
        (ForceCondition::Advanced1OrLess, 40),
        (ForceCondition::Advanced2, 30),
    ];
    for (condition, pct) in rows {
        assert_eq!(tables::force_percent(condition), pct, "{condition:?}");
    }
    // Rounded down.
    let rounding = [(50, 19, 9), (40, 19, 7), (30, 19, 5), (50, 20, 10), (40, 10, 4), (30, 3, 0), (50, 1, 0)];
    for (pct, units, fielded) in rounding {
        assert_eq!(tables::units_fielded(pct, units), fielded, "{pct}% of {units}");
    }
}

fn check_units(orbat: &Orbat, place: Place, last: Last, condition: ForceCondition, units: usize) {
    let p = player(place, last);
    assert_eq!(force_condition(&p), condition, "force condition in {} after {last:?}", place.name());
    assert_eq!(units_to_field(orbat, &p), units, "units to field in {} after {last:?}", place.name());
}

#[test]
fn worked_example_19_units_field_9_7_5() {
    use ForceCondition::*;
    let orbat = russian_battalion("1st Rifle Battalion");
    assert_eq!(orbat.units.len(), 19, "the text's example battalion has 19 units");
    // (place, last turn, row, units) — 50% of 19 is 9, 40% is 7, 30% is 5.
    let rows: [(Place, Last, ForceCondition, usize); 11] = [
        (Place::BASE, None, BaseZoneOrRegrouped, 9),
        (Place::BASE, Some((Attack, 0)), BaseZoneOrRegrouped, 9),
        (Place::BASE, Some((Attack, -1)), BaseZoneOrRegrouped, 9),
        (Place::zone(3), Some((Regroup, 0)), BaseZoneOrRegrouped, 9),
        // A Regroup that lost its counter-attack and retreated: both rows apply, 50% wins.
        (Place::zone(2), Some((Regroup, -1)), BaseZoneOrRegrouped, 9),
        (Place::zone(2), Some((Attack, 1)), Advanced1OrLess, 7),
        (Place::zone(5), Some((Attack, 1)), Advanced1OrLess, 7),
        (Place::zone(3), Some((Attack, 0)), Advanced1OrLess, 7),
        (Place::zone(2), Some((Attack, -1)), Advanced1OrLess, 7),
        (Place::zone(3), Some((Attack, 2)), Advanced2, 5),
        (Place::zone(5), Some((Attack, 2)), Advanced2, 5),
    ];
    for (place, last, condition, units) in rows {
        check_units(&orbat, place, last, condition, units);
    }
}

#[test]
fn units_to_field_is_capped_by_units_with_stands_left() {
    let orbat = russian_battalion("1st Rifle Battalion");
    let mut p = player(Place::BASE, None);
    // Wipe out 12 of the 19 units: 7 are left, fewer than the 9 the table asks for.
    for u in 0..12 {
        p.lost[u].iter_mut().for_each(|l| *l = true);
    }
    assert_eq!(rules::fieldable_units(&orbat, &p).len(), 7);
    assert_eq!(units_to_field(&orbat, &p), 7);
    // A depleted unit still counts as a whole unit.
    let mut q = player(Place::BASE, None);
    for u in 0..19 {
        let n = q.lost[u].len();
        q.lost[u][n - 1] = n > 1;
    }
    assert_eq!(units_to_field(&orbat, &q), 9);
}

// ---------------------------------------------------------------------------------------
// Defensive force
// ---------------------------------------------------------------------------------------

fn check_defence(battle: BattleType, zones: [ForceSize; 5]) {
    for (zone, want) in (1u8..=5).zip(zones) {
        assert_eq!(tables::defence_size(battle, zone), want, "{} in zone {zone}", battle.name());
    }
}

#[test]
fn defensive_force_size_all_20_cells() {
    // README: Counter-attack S3 S3 S3 S3 S4; Prepared S3 S2 S2 S2 S2; Hasty S2 S2 S2 S2 S1;
    // Meeting S4 S4 S4 S4 S2.
    check_defence(CounterAttack, [S3, S3, S3, S3, S4]);
    check_defence(PreparedDefence, [S3, S2, S2, S2, S2]);
    check_defence(HastyDefence, [S2, S2, S2, S2, S1]);
    check_defence(MeetingEngagement, [S4, S4, S4, S4, S2]);
}

#[test]
fn defence_option_a_on_1_to_3_b_on_4_to_6() {
    let rows = [
        (1, DefenceOption::A),
        (2, DefenceOption::A),
        (3, DefenceOption::A),
        (4, DefenceOption::B),
        (5, DefenceOption::B),
        (6, DefenceOption::B),
    ];
    for (die, option) in rows {
        assert_eq!(tables::defence_option(die), option, "d6 {die}");
    }
}

#[test]
fn sample_has_the_eight_defensive_orbats() {
    let setup = sample_setup();
    for size in [S1, S2, S3, S4] {
        for option in [DefenceOption::A, DefenceOption::B] {
            let d = setup.defensive_orbat(size, option);
            assert!(d.is_some_and(|d| !d.lines.is_empty()), "{} option {}", size.name(), option.name());
        }
    }
    assert_eq!(setup.defence.len(), 8);
}

#[test]
fn moving_clock_is_12_ticks_on_5_plus() {
    assert_eq!(tables::CLOCK_TICKS, 12);
    assert_eq!(tables::CLOCK_TARGET, 5);
}

// ---------------------------------------------------------------------------------------
// Victory points
// ---------------------------------------------------------------------------------------

fn check_vp(size: CampaignSize, objectives: u8, exited: u32, killed: u32, vp: i32) {
    assert_eq!(
        tables::victory_points(size, objectives, exited, killed),
        vp,
        "{} campaign: {objectives} objectives, {exited} exited, {killed} killed",
        size.name()
    );
}

#[test]
fn victory_points_objectives() {
    // README: two objectives +140, one -35, none -140 at every size.
    for size in [Small, Medium, Large, Huge] {
        check_vp(size, 2, 0, 0, 140);
        check_vp(size, 1, 0, 0, -35);
        check_vp(size, 0, 0, 0, -140);
    }
}

#[test]
fn victory_points_per_stand_exited_and_killed() {
    // README: exited 12/6/4/3, doubled when holding all objectives; killed -24/-12/-8/-6.
    let rows = [(Small, 12, -24), (Medium, 6, -12), (Large, 4, -8), (Huge, 3, -6)];
    for (size, exit, kill) in rows {
        check_vp(size, 0, 1, 0, -140 + exit);
        check_vp(size, 1, 1, 0, -35 + exit);
        check_vp(size, 2, 1, 0, 140 + 2 * exit);
        check_vp(size, 1, 5, 0, -35 + 5 * exit);
        check_vp(size, 2, 5, 0, 140 + 10 * exit);
        check_vp(size, 0, 0, 1, -140 + kill);
        check_vp(size, 2, 0, 3, 140 + 3 * kill);
    }
}

#[test]
fn victory_points_combined() {
    check_vp(Small, 2, 3, 2, 140 + 3 * 24 - 2 * 24); // 164
    check_vp(Small, 2, 3, 2, 164);
    check_vp(Medium, 1, 5, 4, -53);
    check_vp(Large, 2, 4, 1, 164);
    check_vp(Huge, 0, 10, 10, -170);
    check_vp(Small, 0, 0, 5, -260);
    check_vp(Small, 2, 0, 0, 140);
    check_vp(Small, 2, 3, 0, 212);
}

fn check_vp_modifier(vp: i32, modifier: i32) {
    assert_eq!(tables::vp_modifier(vp), modifier, "VP {vp}");
}

#[test]
fn vp_modifier_at_every_band_edge() {
    // README: <=-246 -4; -245..-176 -3; -175..-106 -2; -105..-36 -1; -35..35 0; 36..105 +1;
    // 106..175 +2; >=176 +3.
    let rows = [
        (-1000, -4),
        (-247, -4),
        (-246, -4),
        (-245, -3),
        (-176, -3),
        (-175, -2),
        (-106, -2),
        (-105, -1),
        (-36, -1),
        (-35, 0),
        (0, 0),
        (35, 0),
        (36, 1),
        (105, 1),
        (106, 2),
        (175, 2),
        (176, 3),
        (177, 3),
        (1000, 3),
    ];
    for (vp, m) in rows {
        check_vp_modifier(vp, m);
    }
}

// ---------------------------------------------------------------------------------------
// Battle result
// ---------------------------------------------------------------------------------------

fn check_result(total: i32, attack: BattleResult, regroup: BattleResult) {
    assert_eq!(tables::battle_result(total, Attack), attack, "battle result, total {total}, Attack");
    assert_eq!(tables::battle_result(total, Regroup), regroup, "battle result, total {total}, Regroup");
}

#[test]
fn battle_result_every_total_from_minus_3_to_10() {
    // README: <=0 Retreat 1 (both); 1-3 No advance; 4-8 Advance 1 / No advance;
    // >=9 Advance 2 / No advance.
    let rows = [
        (-3, Retreat1, Retreat1),
        (-2, Retreat1, Retreat1),
        (-1, Retreat1, Retreat1),
        (0, Retreat1, Retreat1),
        (1, NoAdvance, NoAdvance),
        (2, NoAdvance, NoAdvance),
        (3, NoAdvance, NoAdvance),
        (4, Advance1, NoAdvance),
        (5, Advance1, NoAdvance),
        (6, Advance1, NoAdvance),
        (7, Advance1, NoAdvance),
        (8, Advance1, NoAdvance),
        (9, Advance2, NoAdvance),
        (10, Advance2, NoAdvance),
    ];
    for (total, attack, regroup) in rows {
        check_result(total, attack, regroup);
    }
    let zones = [(Retreat1, -1), (NoAdvance, 0), (Advance1, 1), (Advance2, 2)];
    for (r, z) in zones {
        assert_eq!(r.zones(), z, "{}", r.name());
    }
}

// ---------------------------------------------------------------------------------------
// Loss recovery
// ---------------------------------------------------------------------------------------

fn check_recovery(result: Option<BattleResult>, attack: Option<u16>, regroup: Option<u16>) {
    let row = RecoveryRow::of(result);
    assert_eq!(tables::recovery_target(row, Attack), attack, "recovery after {result:?}, Attack");
    assert_eq!(tables::recovery_target(row, Regroup), regroup, "recovery after {result:?}, Regroup");
}

#[test]
fn recovery_targets_all_8_cells() {
    // README: Retreat 6 / 6; No advance or no battle 5+ / 4+; Advance 1 5+ / n.a.;
    // Advance 2 6 / n.a.
    check_recovery(Some(Retreat1), Some(6), Some(6));
    check_recovery(Some(NoAdvance), Some(5), Some(4));
    check_recovery(None, Some(5), Some(4));
    check_recovery(Some(Advance1), Some(5), None);
    check_recovery(Some(Advance2), Some(6), None);
}

// ---------------------------------------------------------------------------------------
// Band tables cover every total
// ---------------------------------------------------------------------------------------

fn bands(rows: impl IntoIterator<Item = Band>) -> Vec<(Band, ())> {
    rows.into_iter().map(|b| (b, ())).collect()
}

#[test]
fn every_band_table_covers_every_total() {
    assert!(covers_all(&bands(tables::BATTLE_TYPE.iter().map(|r| r.0))), "type of battle");
    assert!(covers_all(&tables::DEFENCE_OPTION), "defence option");
    assert!(covers_all(&tables::VP_MODIFIER), "VP modifier");
    assert!(covers_all(&bands(tables::BATTLE_RESULT.iter().map(|r| r.0))), "battle result");
}

#[test]
fn covers_all_rejects_gaps_overlaps_and_open_ends() {
    let gap = [(Band::at_most(2), 0), (Band::at_least(4), 1)];
    let overlap = [(Band::at_most(3), 0), (Band::at_least(3), 1)];
    let open_low = [(Band::range(0, 3), 0), (Band::at_least(4), 1)];
    let open_high = [(Band::at_most(3), 0), (Band::range(4, 9), 1)];
    let good = [(Band::at_most(3), 0), (Band::exactly(4), 1), (Band::at_least(5), 2)];
    assert!(!covers_all(&gap));
    assert!(!covers_all(&overlap));
    assert!(!covers_all(&open_low));
    assert!(!covers_all(&open_high));
    assert!(!covers_all::<u8>(&[]));
    assert!(covers_all(&good));
}

// ---------------------------------------------------------------------------------------
// Exact odds shown before the rolls
// ---------------------------------------------------------------------------------------

/// A position with `side` about to roll, having moved as `last` says.
fn position(side: Side, action: OffensiveAction, place: Place, last: Last) -> State {
    let setup = sample_setup();
    let mut s = rules::start(&setup).expect("sample setup is valid");
    s.players[side.index()].place = place;
    s.players[side.index()].last = last.map(|(action, moved)| LastTurn { action, moved });
    let battle = Box::new(Battle::new(1, side, action, place));
    s.stage = Stage::Part(Part { actions: [action, action], step: Step::TypeOfBattle, battle });
    s
}

/// `s` with its part of the turn moved on to `step`, its battle changed by `f`.
fn at_step(mut s: State, step: Step, f: impl FnOnce(&mut Battle)) -> State {
    let Stage::Part(part) = &mut s.stage else { panic!("a part of the turn is under way") };
    part.step = step;
    f(&mut part.battle);
    s
}

fn odds_of(state: &State, decision: Decision) -> Vec<(String, Chance)> {
    let p = preview(&sample_setup(), state, &decision).expect("a roll has a preview");
    let sum = p
        .odds
        .iter()
        .fold(Chance::zero(), |acc, (_, c)| Chance::new(acc.num * c.den + c.num * acc.den, acc.den * c.den));
    assert_eq!(sum, Chance::new(1, 1), "odds of {decision:?} add up to 1");
    p.odds
}

/// Expected odds: each label must start with the given text (the app may add where it leads).
fn check_odds(got: Vec<(String, Chance)>, expected: &[(&str, u64, u64)]) {
    let got_short: Vec<(String, Chance)> = got.clone();
    assert_eq!(got.len(), expected.len(), "odds {got_short:?}");
    for ((label, chance), (want, num, den)) in got.into_iter().zip(expected) {
        assert!(label.starts_with(want), "label {label:?} should start with {want:?} in {got_short:?}");
        assert_eq!(chance, Chance::new(*num, *den), "chance of {label}");
    }
}

#[test]
fn preview_type_of_battle_odds() {
    // Attack, no modifiers: 1-2 Counter-attack, 3-5 Prepared, 6 Hasty.
    let s = position(Side::A, Attack, Place::BASE, None);
    check_odds(
        odds_of(&s, Decision::RollBattleType),
        &[("Counter-attack", 1, 3), ("Prepared Defence", 1, 2), ("Hasty Defence", 1, 6)],
    );
    // Regroup, no modifiers: 1-2 Counter-attack, otherwise no battle.
    let s = position(Side::B, Regroup, Place::BASE, None);
    check_odds(odds_of(&s, Decision::RollBattleType), &[("Counter-attack", 1, 3), ("No battle", 2, 3)]);
    // Attack after advancing 2: +2, totals 3..8.
    let s = position(Side::A, Attack, Place::zone(3), Some((Attack, 2)));
    check_odds(
        odds_of(&s, Decision::RollBattleType),
        &[("Prepared Defence", 1, 2), ("Hasty Defence", 1, 3), ("Meeting Engagement", 1, 6)],
    );
    let p = preview(&sample_setup(), &s, &Decision::RollBattleType).unwrap();
    assert_eq!(p.total_modifier(), 2);
    // The faces of the die beside each result, the modifier applied: 1-3 (+2 = 3-5) Prepared,
    // 4-5 (6-7) Hasty, 6 (8) Meeting Engagement.
    assert_eq!(p.faces, Some(vec!["1-3".to_string(), "4-5".to_string(), "6".to_string()]));
    let plain = position(Side::A, Attack, Place::BASE, None);
    let p = preview(&sample_setup(), &plain, &Decision::RollBattleType).unwrap();
    assert_eq!(p.faces, Some(vec!["1-2".to_string(), "3-5".to_string(), "6".to_string()]));
    // Attack after a retreat: -1, totals 0..5.
    let s = position(Side::A, Attack, Place::zone(2), Some((Attack, -1)));
    check_odds(odds_of(&s, Decision::RollBattleType), &[("Counter-attack", 1, 2), ("Prepared Defence", 1, 2)]);
    // Regroup after advancing 1: +1, only a die of 1 brings a counter-attack.
    let s = position(Side::A, Regroup, Place::zone(2), Some((Attack, 1)));
    check_odds(odds_of(&s, Decision::RollBattleType), &[("Counter-attack", 1, 6), ("No battle", 5, 6)]);
}

fn after_battle(action: OffensiveAction, place: Place, vp: i32) -> State {
    at_step(position(Side::A, action, place, None), Step::BattleResult(vp), |b| {
        b.battle = Some(PreparedDefence);
        b.vp = Some(vp);
    })
}

#[test]
fn preview_battle_result_odds() {
    // VP modifier +3 under Attack: totals 4..9: Advance 1 on 1-5, Advance 2 on a 6.
    let s = after_battle(Attack, Place::zone(2), 176);
    check_odds(odds_of(&s, Decision::RollBattleResult), &[("Advance 1 zone", 5, 6), ("Advance 2 zones", 1, 6)]);
    // VP modifier +2: totals 3..8: No advance on a 1, Advance 1 on 2-6.
    let s = after_battle(Attack, Place::zone(2), 106);
    check_odds(odds_of(&s, Decision::RollBattleResult), &[("No advance", 1, 6), ("Advance 1 zone", 5, 6)]);
    // VP modifier 0: No advance 1-3, Advance 1 4-6.
    let s = after_battle(Attack, Place::zone(2), 0);
    check_odds(odds_of(&s, Decision::RollBattleResult), &[("No advance", 1, 2), ("Advance 1 zone", 1, 2)]);
    // VP modifier -4: totals -3..2: Retreat on 1-4, No advance on 5-6.
    let s = after_battle(Attack, Place::zone(3), -246);
    check_odds(odds_of(&s, Decision::RollBattleResult), &[("Retreat 1 zone", 2, 3), ("No advance", 1, 3)]);
    // Regroup never advances: +3 is all No advance.
    let s = after_battle(Regroup, Place::zone(2), 500);
    check_odds(odds_of(&s, Decision::RollBattleResult), &[("No advance", 1, 1)]);
    // Regroup, -1: Retreat on a 1.
    let s = after_battle(Regroup, Place::zone(2), -36);
    check_odds(odds_of(&s, Decision::RollBattleResult), &[("Retreat 1 zone", 1, 6), ("No advance", 5, 6)]);
}

#[test]
fn preview_battle_result_names_where_the_move_leads() {
    let s = after_battle(Attack, Place::zone(4), 176);
    let odds = odds_of(&s, Decision::RollBattleResult);
    assert!(odds[1].0.contains('X'), "Advance 2 from zone 4 leads to X: {odds:?}");
    let s = after_battle(Attack, Place::BASE, -246);
    let odds = odds_of(&s, Decision::RollBattleResult);
    assert!(odds[0].0.contains("zone 1") || odds[0].0.contains("Zone 1"), "retreat from zone 1 stays: {odds:?}");
}

#[test]
fn preview_defence_and_clock_odds() {
    let size = defence_size_for(CounterAttack, Place::zone(5));
    let s = at_step(position(Side::A, Attack, Place::zone(5), None), Step::DefenceRoll(size), |b| {
        b.battle = Some(CounterAttack)
    });
    check_odds(odds_of(&s, Decision::RollDefence), &[("S4 option A", 1, 2), ("S4 option B", 1, 2)]);
    check_odds(odds_of(&s, Decision::ClockRoll), &[("No tick", 2, 3), ("Clock ticks", 1, 3)]);
}

#[test]
fn preview_recovery_note_names_the_target() {
    // Played through the engine: Anna attacks, loses two rifles, advances 1: 5+ each.
    let setup = sample_setup();
    let mut c: Campaign<RaceForX> = Campaign::new(setup.clone()).unwrap();
    let t = |v: &[u16]| DiceInput::Typed(v.to_vec());
    c.decide(Decision::ChooseAction { side: Side::A, action: Attack }, t(&[])).unwrap();
    c.decide(Decision::ChooseAction { side: Side::B, action: Attack }, t(&[])).unwrap();
    c.decide(Decision::RollBattleType, t(&[4])).unwrap();
    c.decide(Decision::FieldForces { units: vec![0, 3, 4, 5, 6, 7, 8, 9, 10] }, t(&[])).unwrap();
    c.decide(Decision::RollDefence, t(&[2])).unwrap();
    use field_desk::systems::race_for_x::{BattleOutcome, StandRef};
    let killed = vec![StandRef { unit: 4, stand: 1 }, StandRef { unit: 5, stand: 2 }];
    c.decide(Decision::RecordOutcome(BattleOutcome { objectives: 1, exited: 0, killed }), t(&[])).unwrap();
    c.decide(Decision::RollBattleResult, t(&[4])).unwrap();
    c.decide(Decision::ConfirmMovement, t(&[])).unwrap();
    let p = preview(&setup, c.state(), &Decision::RollRecovery).unwrap();
    assert_eq!(p.dice.count, 2);
    assert!(p.note.as_deref().is_some_and(|n| n.contains("5+")), "{:?}", p.note);
    // 2 dice at 5+: none back 4/9, one back 4/9, both back 1/9.
    let exact = [(0, 4.0 / 9.0), (1, 4.0 / 9.0), (2, 1.0 / 9.0)];
    for (k, want) in exact {
        assert!((p.odds[k].1.as_f64() - want).abs() < 1e-6, "{k} back: {:?}", p.odds[k]);
    }
}

#[test]
fn the_force_table_row_gives_its_condition_and_percentage() {
    // README: "Fighting in zone 1 (Base Zone), or Regroup last campaign turn" 50%; "Last
    // campaign turn advanced 1 zone, made no advance, or retreated" 40%; "Advanced 2 zones
    // last campaign turn" 30%. The force step shows the row its player's condition reads.
    let rows = [
        (ForceCondition::BaseZoneOrRegrouped, "zone 1 (Base Zone)", 50),
        (ForceCondition::Advanced1OrLess, "retreated", 40),
        (ForceCondition::Advanced2, "Advanced 2 zones", 30),
    ];
    for (condition, words, pct) in rows {
        let (text, percent) = tables::force_row(condition);
        assert!(text.contains(words), "{condition:?}: {text}");
        assert_eq!((percent, tables::force_percent(condition)), (pct, pct), "{condition:?}");
    }
}
