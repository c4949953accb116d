//! Every row and modifier of every Battlefront: WW2 campaign table, and the text's worked
//! examples, checked against the numbers in the rules text, the README notes and the checklist
//! (not against the code's own constants). One `check` helper; the cases are data.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::Die;
use field_desk::systems::bfww2_campaign::charts::{self, LimitProblem, ObaStock, RgEntry, RgKind};
use field_desk::systems::bfww2_campaign::modifier::value;
use field_desk::systems::bfww2_campaign::rules::READINGS;
use field_desk::systems::bfww2_campaign::tables::{
    self, Ammo, CombatRecord, Escape, EscapeColumn, EscapeMod, HistoricalDrm, MeClass, MissionMod, Month, Nation,
    RatingChange, RatingMod, Removal, RemovalMod, Repair, RepairMod, RollOff, Status, Withdrawal,
};
use field_desk::systems::bfww2_campaign::Rating::{self, *};

use EscapeColumn::{Infantry as Inf, Vehicle as Veh};
use HistoricalDrm::{Drm, NoCpp};
use Nation::{American, British, German, Other, Russian};

/// One table cell, modifier or example and what the rules say it holds.
enum Case {
    /// CPP replenishment: final roll, CPP gained.
    Cpp(i16, u16),
    /// Rostov chart: December day, side, the entry.
    RostovDrm(u8, Nation, HistoricalDrm),
    /// CPP gained: December day, side, die, attacked at night, CPP.
    CppDay(u8, Nation, u16, bool, u16),
    /// A modifier: (what, the table's value, the text's value).
    Drm(&'static str, i16, i16),
    Repair(u16, &'static [RepairMod], Repair),
    RepairGate(Nation, (u16, u8), bool),
    Withdraw(u16, Withdrawal),
    Percentile(u16, u16, u16),
    /// Stands, lost, the casualties modifier.
    Casualties(u16, u16, Option<RatingMod>),
    RatingDrm(CombatRecord, i16),
    /// Rating, percentile dice (tens, ones), record, the change and the rating after.
    RatingRoll(Rating, (u16, u16), CombatRecord, RatingChange, Rating),
    Ladder(Rating, Rating, Rating),
    Combine(Rating, Rating, Rating),
    MayCombine((MeClass, &'static str, u16, u16), (MeClass, &'static str, u16, u16), bool),
    Breakpoints(u16, [u16; 3]),
    AmmoAfter(Ammo, u16, Ammo),
    /// Status: may fire, defensive fire only, may start close combat, close-combat modifier.
    AmmoLimits(Ammo, bool, bool, bool, i16),
    AmmoStart(Ammo, Status, Ammo),
    /// Die, extra CPP, aircraft (nation, (year, month)) or smoke, number.
    Missions(u16, u16, Option<(Nation, (u16, u8))>, u8),
    Removal(u16, &'static [RemovalMod], Removal),
    Escape(u16, EscapeColumn, &'static [EscapeMod], Escape),
    /// Turn, d10, scenario ends.
    Turn(u8, u16, bool),
    RollOff(u16, u16, RollOff),
}

fn rec(f: impl FnOnce(&mut CombatRecord)) -> CombatRecord {
    let mut r = CombatRecord { stands: 12, ..CombatRecord::default() };
    f(&mut r);
    r
}

fn check(case: Case) {
    match case {
        Case::Cpp(roll, want) => {
            let got = field_desk::systems::bfww2_campaign::modifier::lookup(&tables::CPP_REPLENISHMENT, roll);
            assert_eq!(got, Some(want), "CPP on a final {roll}");
        }
        Case::RostovDrm(day, side, want) => assert_eq!(tables::rostov_drm(day, side), Some(want), "Dec {day} {side:?}"),
        Case::CppDay(day, side, die, night, want) => {
            let hist = tables::rostov_drm(day, side).expect("a campaign day");
            let got = tables::cpp_gain(&tables::CPP_REPLENISHMENT, die, hist, night);
            assert_eq!(got, want, "Dec {day} {side:?} die {die} night {night}");
        }
        Case::Drm(what, got, want) => assert_eq!(got, want, "{what}"),
        Case::Repair(die, mods, want) => assert_eq!(tables::armour_repair(die, mods), want, "repair {die} {mods:?}"),
        Case::RepairGate(nation, (y, m), want) => {
            assert_eq!(tables::repair_allowed(nation, Month::new(y, m)), want, "{nation:?} {y}-{m}")
        }
        Case::Withdraw(die, want) => assert_eq!(tables::armour_withdrawal(die), want, "withdrawal {die}"),
        Case::Percentile(t, o, want) => assert_eq!(tables::percentile(t, o), want, "{t}{o}"),
        Case::Casualties(stands, lost, want) => {
            assert_eq!(tables::casualties_mod(stands, lost), want, "{lost} of {stands}")
        }
        Case::RatingDrm(r, want) => assert_eq!(tables::rating_drm(&r), want, "{r:?}"),
        Case::RatingRoll(rating, (t, o), r, change, after) => {
            assert_eq!(tables::rating_change(rating, t, o, &r), (change, after), "{rating:?} {t}{o} {r:?}")
        }
        Case::Ladder(r, better, worse) => assert_eq!((r.better(), r.worse()), (better, worse), "{r:?}"),
        Case::Combine(a, b, want) => {
            assert_eq!(Rating::combined(a, b), want, "{a:?} + {b:?}");
            assert_eq!(Rating::combined(b, a), want, "{b:?} + {a:?}");
        }
        Case::MayCombine(a, b, want) => {
            assert_eq!(tables::may_combine(a, b), want, "{a:?} + {b:?}");
            assert_eq!(tables::may_combine(b, a), want, "{b:?} + {a:?}");
        }
        Case::Breakpoints(stands, want) => assert_eq!(tables::breakpoints(stands), want, "{stands} stands"),
        Case::AmmoAfter(a, die, want) => assert_eq!(a.after_firing(die), want, "{a:?} die {die}"),
        Case::AmmoLimits(a, fire, defensive, cc, m) => {
            let l = a.limits();
            assert_eq!(
                (l.may_fire, l.defensive_fire_only, l.may_start_close_combat, l.close_combat_mod),
                (fire, defensive, cc, m),
                "{a:?}"
            );
        }
        Case::AmmoStart(a, s, want) => assert_eq!(tables::ammo_at_start(a, s), want, "{a:?} {s:?}"),
        Case::Missions(die, extra, air, want) => {
            let air = air.map(|(n, (y, m))| (n, Month::new(y, m)));
            assert_eq!(tables::missions(die, extra, air), want, "die {die} extra {extra} {air:?}")
        }
        Case::Removal(die, mods, want) => {
            assert_eq!(tables::fortification_removal(die, mods), want, "removal {die} {mods:?}")
        }
        Case::Escape(die, col, mods, want) => {
            assert_eq!(tables::escape(die, col, mods), want, "escape {die} {col:?} {mods:?}")
        }
        Case::Turn(turn, d10, want) => assert_eq!(tables::scenario_ends(turn, d10), want, "turn {turn} d10 {d10}"),
        Case::RollOff(a, b, want) => assert_eq!(tables::attack_roll_off(a, b), want, "{a} v {b}"),
    }
}

fn run(cases: impl IntoIterator<Item = Case>) {
    cases.into_iter().for_each(check);
}

#[test]
fn die_is_d10_by_default() {
    assert_eq!(tables::DEFAULT_DIE, Die::D10);
    assert_eq!(tables::TURN_RECORD_DIE, Die::D10);
}

#[test]
fn cpp_replenishment_every_row() {
    run([
        Case::Cpp(20, 18),
        Case::Cpp(11, 18),
        Case::Cpp(10, 16),
        Case::Cpp(9, 16),
        Case::Cpp(8, 14),
        Case::Cpp(7, 14),
        Case::Cpp(6, 12),
        Case::Cpp(5, 12),
        Case::Cpp(4, 10),
        Case::Cpp(3, 10),
        Case::Cpp(2, 8),
        Case::Cpp(1, 8),
        Case::Cpp(0, 6),
        Case::Cpp(-6, 6),
    ]);
    assert_eq!(tables::CPP_REPLENISHMENT.len(), 7);
    assert_eq!(tables::NIGHT_ATTACK_DRM, -5);
}

#[test]
fn rostov_historical_drm_day_by_day() {
    run([
        Case::RostovDrm(23, Russian, Drm(0)),
        Case::RostovDrm(23, German, Drm(-2)),
        Case::RostovDrm(24, Russian, Drm(0)),
        Case::RostovDrm(24, German, Drm(0)),
        Case::RostovDrm(25, Russian, Drm(-3)),
        Case::RostovDrm(25, German, Drm(2)),
        Case::RostovDrm(26, Russian, Drm(-5)),
        Case::RostovDrm(26, German, Drm(4)),
        Case::RostovDrm(27, Russian, NoCpp),
        Case::RostovDrm(27, German, Drm(5)),
        // The CPP a side gets on a die, day by day.
        Case::CppDay(23, Russian, 5, false, 12),
        Case::CppDay(23, German, 5, false, 10),   // 5 - 2 = 3
        Case::CppDay(23, German, 1, false, 6),    // -1
        Case::CppDay(24, German, 10, false, 16),  // 10
        Case::CppDay(25, Russian, 3, false, 6),   // 0
        Case::CppDay(25, German, 9, false, 18),   // 11
        Case::CppDay(26, Russian, 10, false, 12), // 5
        Case::CppDay(26, German, 3, false, 14),   // 7
        Case::CppDay(27, Russian, 10, false, 0),  // no CPP
        Case::CppDay(27, German, 4, false, 16),   // 9
        // A night attacker takes -5.
        Case::CppDay(24, German, 10, true, 12), // 5
        Case::CppDay(27, German, 1, true, 8),   // 1
        Case::CppDay(27, Russian, 10, true, 0),
    ]);
    assert_eq!(tables::rostov_drm(22, German), None);
    assert_eq!(tables::rostov_drm(28, Russian), None);
}

#[test]
fn armour_repair_every_row_and_modifier() {
    use RepairMod::*;
    run([
        Case::Drm("vehicle in minefield", value(&tables::REPAIR_MODIFIERS, InMinefield), -1),
        Case::Drm("Russian attempt", value(&tables::REPAIR_MODIFIERS, Russian), -1),
        Case::Drm("abandoned", value(&tables::REPAIR_MODIFIERS, Abandoned), 1),
        Case::Drm("1 CPP", value(&tables::REPAIR_MODIFIERS, CppSpent), 3),
        Case::Repair(10, &[], Repair::Repaired),
        Case::Repair(9, &[], Repair::Repaired),
        Case::Repair(8, &[], Repair::NoEffect),
        Case::Repair(1, &[], Repair::NoEffect),
        Case::Repair(9, &[InMinefield], Repair::NoEffect),
        Case::Repair(10, &[InMinefield, RepairMod::Russian], Repair::NoEffect),
        Case::Repair(8, &[Abandoned], Repair::Repaired),
        Case::Repair(6, &[CppSpent], Repair::Repaired),
        Case::Repair(5, &[CppSpent], Repair::NoEffect),
        Case::Repair(5, &[CppSpent, Abandoned], Repair::Repaired),
        Case::Repair(7, &[CppSpent, InMinefield, RepairMod::Russian], Repair::NoEffect),
        // German 1939 to the end of 1944; the others from July 1944.
        Case::RepairGate(German, (1938, 12), false),
        Case::RepairGate(German, (1939, 1), true),
        Case::RepairGate(German, (1942, 12), true),
        Case::RepairGate(German, (1944, 12), true),
        Case::RepairGate(German, (1945, 1), false),
        Case::RepairGate(Nation::Russian, (1942, 12), false),
        Case::RepairGate(Nation::Russian, (1944, 6), false),
        Case::RepairGate(Nation::Russian, (1944, 7), true),
        Case::RepairGate(American, (1945, 5), true),
        Case::RepairGate(British, (1944, 7), true),
        Case::RepairGate(British, (1943, 1), false),
        Case::RepairGate(Other, (1944, 8), false),
    ]);
    assert_eq!(tables::REPAIR_CPP_MAX, 1);
}

#[test]
fn armour_withdrawal_every_row() {
    run([
        Case::Withdraw(10, Withdrawal::Retained),
        Case::Withdraw(3, Withdrawal::Retained),
        Case::Withdraw(2, Withdrawal::Withdraws),
        Case::Withdraw(1, Withdrawal::Withdraws),
    ]);
}

#[test]
fn rating_ladder_and_combining_examples() {
    run([
        Case::Ladder(Raw, Trained, Raw),
        Case::Ladder(Trained, Experienced, Raw),
        Case::Ladder(Experienced, Veteran, Trained),
        Case::Ladder(Veteran, Elite, Experienced),
        Case::Ladder(Elite, Elite, Veteran),
        // Example 1: two experienced MEs combine to trained.
        Case::Combine(Experienced, Experienced, Trained),
        // Example 2: a veteran and an experienced ME give experienced.
        Case::Combine(Veteran, Experienced, Experienced),
        Case::Combine(Elite, Raw, Veteran),
        Case::Combine(Raw, Raw, Raw),
        // Same class and type, or any two infantry; both at 50% casualties or more.
        Case::MayCombine((MeClass::Armour, "Pz IV", 10, 5), (MeClass::Armour, "Pz IV", 8, 4), true),
        Case::MayCombine((MeClass::Armour, "Pz IV", 10, 5), (MeClass::Armour, "Pz III", 8, 4), false),
        Case::MayCombine((MeClass::Infantry, "Rifle", 10, 6), (MeClass::Infantry, "SMG", 9, 5), true),
        Case::MayCombine((MeClass::Infantry, "Rifle", 10, 6), (MeClass::Infantry, "SMG", 9, 4), false),
        Case::MayCombine((MeClass::Armour, "Pz IV", 10, 4), (MeClass::Armour, "Pz IV", 8, 8), false),
        Case::MayCombine((MeClass::Infantry, "Rifle", 10, 9), (MeClass::Armour, "Rifle", 10, 9), false),
        Case::Breakpoints(12, [3, 6, 9]),
        Case::Breakpoints(10, [3, 5, 8]),
        Case::Breakpoints(4, [1, 2, 3]),
        Case::Breakpoints(1, [1, 1, 1]),
    ]);
    assert_eq!(Rating::LADDER, [Raw, Trained, Experienced, Veteran, Elite]);
}

#[test]
fn rating_change_every_row_and_modifier() {
    use RatingMod::*;
    let m = |k| value(&tables::RATING_MODIFIERS, k);
    run([
        Case::Drm("25% casualties", m(Casualties25), -1),
        Case::Drm("50% casualties", m(Casualties50), -2),
        Case::Drm("75% casualties", m(Casualties75), -4),
        Case::Drm("panicked stand", m(PanickedStand), -2),
        Case::Drm("enemy KO by fire", m(EnemyKnockedOut), 1),
        Case::Drm("CC victory", m(CloseCombatWin), 1),
        Case::Drm("CC loss", m(CloseCombatLoss), -1),
        Case::Drm("started isolated", m(StartedIsolated), -3),
        Case::Drm("started cut off", m(StartedCutOff), -6),
        Case::Percentile(0, 0, 100),
        Case::Percentile(0, 1, 1),
        Case::Percentile(9, 9, 99),
        Case::Percentile(4, 0, 40),
        // Casualties modifiers are exclusive: the highest band reached.
        Case::Casualties(12, 2, None),
        Case::Casualties(12, 3, Some(Casualties25)),
        Case::Casualties(12, 5, Some(Casualties25)),
        Case::Casualties(12, 6, Some(Casualties50)),
        Case::Casualties(12, 9, Some(Casualties75)),
        Case::Casualties(12, 12, Some(Casualties75)),
        Case::RatingDrm(rec(|_| ()), 0),
        Case::RatingDrm(rec(|r| r.lost = 9), -4),
        Case::RatingDrm(rec(|r| (r.lost, r.panicked) = (6, 2)), -6),
        Case::RatingDrm(rec(|r| (r.enemy_knocked_out, r.close_combat_wins, r.close_combat_losses) = (3, 2, 1)), 4),
        Case::RatingDrm(rec(|r| (r.scenarios_started_isolated, r.scenarios_started_cut_off) = (2, 1)), -12),
        // The table on the modified percentile roll.
        Case::RatingRoll(Trained, (5, 0), rec(|_| ()), RatingChange::Unchanged, Trained),
        Case::RatingRoll(Trained, (0, 0), rec(|_| ()), RatingChange::Unchanged, Trained), // 100
        Case::RatingRoll(Trained, (0, 0), rec(|r| r.close_combat_wins = 1), RatingChange::Improves, Experienced),
        Case::RatingRoll(Elite, (9, 9), rec(|r| r.enemy_knocked_out = 2), RatingChange::Improves, Elite),
        Case::RatingRoll(Veteran, (0, 1), rec(|_| ()), RatingChange::Unchanged, Veteran), // 01
        Case::RatingRoll(Veteran, (0, 1), rec(|r| r.lost = 3), RatingChange::Worsens, Experienced), // 0
        Case::RatingRoll(Raw, (0, 5), rec(|r| r.scenarios_started_cut_off = 1), RatingChange::Worsens, Raw),
        Case::RatingRoll(
            Experienced,
            (0, 7),
            rec(|r| r.scenarios_started_cut_off = 1),
            RatingChange::Unchanged,
            Experienced,
        ),
    ]);
}

#[test]
fn ammunition_statuses() {
    run([
        Case::AmmoAfter(Ammo::Normal, 1, Ammo::Short),
        Case::AmmoAfter(Ammo::Normal, 2, Ammo::Normal),
        Case::AmmoAfter(Ammo::Normal, 10, Ammo::Normal),
        Case::AmmoAfter(Ammo::Short, 1, Ammo::Out),
        Case::AmmoAfter(Ammo::Short, 2, Ammo::Short),
        Case::AmmoLimits(Ammo::Normal, true, false, true, 0),
        Case::AmmoLimits(Ammo::Short, true, true, false, -1),
        Case::AmmoLimits(Ammo::Out, false, false, false, -1),
        Case::AmmoStart(Ammo::Out, Status::Normal, Ammo::Normal),
        Case::AmmoStart(Ammo::Short, Status::Normal, Ammo::Normal),
        Case::AmmoStart(Ammo::Short, Status::CutOff, Ammo::Short),
        Case::AmmoStart(Ammo::Out, Status::Isolated, Ammo::Out),
    ]);
    assert!(tables::rolls_for_ammo(Status::CutOff));
    assert!(!tables::rolls_for_ammo(Status::Isolated));
    assert!(!tables::rolls_for_ammo(Status::Normal));
}

#[test]
fn aircraft_and_smoke_missions_every_row_and_modifier() {
    use MissionMod::*;
    let m = |k| value(&tables::MISSION_MODIFIERS, k);
    run([
        Case::Drm("additional CPP", m(ExtraCpp), 1),
        Case::Drm("US/British after 6/44", m(UsBritishAircraftAfterJune1944), 1),
        Case::Drm("German before 1942", m(GermanAircraftBefore1942), -1),
        Case::Drm("German 1945", m(GermanAircraft1945), -3),
        Case::Missions(10, 0, None, 3),
        Case::Missions(9, 0, None, 3),
        Case::Missions(8, 0, None, 2),
        Case::Missions(6, 0, None, 2),
        Case::Missions(5, 0, None, 1),
        Case::Missions(1, 0, None, 1),
        Case::Missions(5, 1, None, 2),
        Case::Missions(6, 3, None, 3),
        Case::Missions(8, 0, Some((American, (1944, 7))), 3),
        Case::Missions(8, 0, Some((British, (1944, 6))), 2),
        Case::Missions(6, 0, Some((German, (1941, 6))), 1),
        Case::Missions(6, 0, Some((German, (1942, 12))), 2),
        Case::Missions(9, 0, Some((German, (1945, 3))), 2),
        Case::Missions(8, 0, Some((German, (1945, 3))), 1),
        Case::Missions(9, 0, Some((Nation::Russian, (1945, 3))), 3),
    ]);
}

#[test]
fn fortification_removal_every_row_and_modifier() {
    use RemovalMod::*;
    let m = |k| value(&tables::REMOVAL_MODIFIERS, k);
    run([
        Case::Drm("wire/minefield within 4\" of MLR", m(WireOrMinefieldNearMlr), -2),
        Case::Drm("roadblock along MLR", m(RoadblockOnMlr), -2),
        Case::Drm("3 engineer squads", m(ThreeEngineerSquads), 1),
        Case::Removal(10, &[], Removal::Eliminated),
        Case::Removal(6, &[], Removal::Eliminated),
        Case::Removal(5, &[], Removal::NoEffect),
        Case::Removal(1, &[], Removal::NoEffect),
        Case::Removal(7, &[WireOrMinefieldNearMlr], Removal::NoEffect),
        Case::Removal(8, &[RoadblockOnMlr], Removal::Eliminated),
        Case::Removal(5, &[ThreeEngineerSquads], Removal::Eliminated),
        Case::Removal(7, &[RoadblockOnMlr, ThreeEngineerSquads], Removal::Eliminated),
    ]);
    assert_eq!(tables::REMOVAL_COST_FPP, 1);
    assert_eq!(tables::ENGINEER_SQUADS, 3);
}

#[test]
fn escape_every_row_column_and_modifier() {
    use EscapeMod::*;
    let m = |k| value(&tables::ESCAPE_MODIFIERS, k);
    run([
        Case::Drm("previous half day AM", m(PreviousHalfDayMorning), -1),
        Case::Drm("cut off", m(CutOff), -2),
        Case::Drm("unarmoured vehicle", m(UnarmouredVehicle), -1),
        Case::Drm("4\" or less from friendly lines", m(NearFriendlyLines), 1),
        Case::Drm("fully tracked AFV", m(FullyTrackedAfv), 2),
        Case::Drm("Russian", m(EscapeMod::Russian), 1),
        Case::Escape(10, Inf, &[], Escape::Escape),
        Case::Escape(4, Inf, &[], Escape::Escape),
        Case::Escape(4, Veh, &[], Escape::Escape),
        Case::Escape(3, Inf, &[], Escape::Escape),
        Case::Escape(3, Veh, &[], Escape::Abandon),
        Case::Escape(2, Inf, &[], Escape::Escape),
        Case::Escape(2, Veh, &[], Escape::Abandon),
        Case::Escape(1, Inf, &[], Escape::Eliminated),
        Case::Escape(1, Veh, &[], Escape::Eliminated),
        Case::Escape(4, Inf, &[PreviousHalfDayMorning], Escape::Escape),
        Case::Escape(4, Inf, &[PreviousHalfDayMorning, CutOff], Escape::Eliminated),
        Case::Escape(4, Veh, &[UnarmouredVehicle], Escape::Abandon),
        Case::Escape(3, Inf, &[NearFriendlyLines, CutOff], Escape::Escape),
        Case::Escape(2, Veh, &[FullyTrackedAfv], Escape::Escape),
        Case::Escape(1, Veh, &[FullyTrackedAfv, CutOff], Escape::Eliminated),
        Case::Escape(3, Veh, &[EscapeMod::Russian], Escape::Escape),
    ]);
    assert_eq!(tables::NEAR_FRIENDLY_LINES_INCHES, 4);
}

#[test]
fn turn_record_chart_matches_the_captured_cells() {
    // The capture fused each turn with its ending range: "111" is turn 11, ends on 1.
    let captured = [
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "111", "122", "133", "144", "155", "166", "177", "188",
        "199", "2010",
    ];
    for (i, cell) in captured.iter().enumerate() {
        let turn = i as u8 + 1;
        let ends = tables::turn_record_ends_on(turn);
        let shown = if ends == 0 { turn.to_string() } else { format!("{turn}{ends}") };
        assert_eq!(&shown, cell, "turn {turn}");
    }
    run([
        Case::Turn(10, 1, false),
        Case::Turn(11, 1, true),
        Case::Turn(11, 2, false),
        Case::Turn(12, 2, true),
        Case::Turn(12, 3, false),
        Case::Turn(13, 3, true),
        Case::Turn(13, 4, false),
        Case::Turn(19, 9, true),
        Case::Turn(19, 10, false),
        Case::Turn(20, 10, true),
        Case::RollOff(7, 3, RollOff::FirstAttacks),
        Case::RollOff(2, 9, RollOff::SecondAttacks),
        Case::RollOff(5, 5, RollOff::Reroll),
    ]);
}

fn o3() -> RgEntry {
    RgEntry {
        id: "O3".into(),
        description: "Medium artillery battalion".into(),
        kind: RgKind::OffBoardArtillery,
        cards: vec![],
        rating: Rating::Trained,
        cost_cpp: 4,
        per_scenario: 2,
        per_day: Some(charts::ROSTOV_GERMAN_O3_PER_DAY),
        per_campaign: charts::ROSTOV_GERMAN_O3_PER_CAMPAIGN,
        notes: String::new(),
    }
}

#[test]
fn german_o3_example() {
    let o3 = o3();
    assert_eq!((o3.per_campaign, o3.per_day), (4, Some(2)));
    // The German buys two for 23 December and fires only one, morning and afternoon.
    let mut stock = ObaStock::default();
    stock.buy(&o3, 2, true, 1).unwrap();
    stock.use_module(&o3).unwrap();
    stock.end_day();
    // For 24 December only one is available.
    assert_eq!(stock.held, 1);
    // Using two on 23 December and two more on 24 December leaves none for the campaign.
    let mut stock = ObaStock::default();
    stock.buy(&o3, 2, true, 1).unwrap();
    stock.use_module(&o3).unwrap();
    stock.use_module(&o3).unwrap();
    assert_eq!(stock.use_module(&o3), Err(LimitProblem::NoneHeld));
    stock.end_day();
    stock.buy(&o3, 2, true, 1).unwrap();
    stock.use_module(&o3).unwrap();
    stock.use_module(&o3).unwrap();
    stock.end_day();
    assert_eq!(stock.held, 0);
    assert_eq!(stock.buy(&o3, 1, true, 1), Err(LimitProblem::CampaignLimit { limit: 4, already: 4 }));
    // No more than two used on one day, however many are held.
    let mut stock = ObaStock::default();
    stock.buy(&o3, 3, true, 1).unwrap();
    stock.use_module(&o3).unwrap();
    stock.use_module(&o3).unwrap();
    assert_eq!(stock.use_module(&o3), Err(LimitProblem::DayLimit { limit: 2, already: 2 }));
    // With two scenarios a day, OBA is bought only in the morning refit.
    assert_eq!(ObaStock::default().buy(&o3, 1, false, 2), Err(LimitProblem::ObaOnlyInMorning));
    assert_eq!(ObaStock::default().buy(&o3, 1, false, 1), Ok(()));
}

#[test]
fn purchase_limits() {
    let o3 = o3();
    assert_eq!(o3.may_buy(2, 2, 8), Ok(()));
    assert_eq!(o3.may_buy(1, 4, 40), Err(LimitProblem::CampaignLimit { limit: 4, already: 4 }));
    assert_eq!(o3.may_buy(2, 0, 7), Err(LimitProblem::TooDear { cost: 8, balance: 7 }));
    assert_eq!(o3.may_deploy(1, 1), Ok(()));
    assert_eq!(o3.may_deploy(1, 2), Err(LimitProblem::ScenarioLimit { limit: 2, already: 2 }));
    assert_eq!(charts::preregistered_cost(0), Ok(0));
    assert_eq!(charts::preregistered_cost(1), Ok(1));
    assert_eq!(charts::preregistered_cost(2), Ok(2));
    assert_eq!(charts::preregistered_cost(3), Err(LimitProblem::TooManyPreregistered { limit: 2 }));
    assert_eq!(charts::may_fly(true), Err(LimitProblem::AircraftAtNight));
    assert_eq!(charts::may_fly(false), Ok(()));
    let wire = charts::FortEntry { name: "Wire".into(), cost_fpp: 2, per_campaign: Some(3) };
    assert_eq!(wire.may_buy(1, 2, 2), Ok(()));
    assert_eq!(wire.may_buy(2, 2, 9), Err(LimitProblem::CampaignLimit { limit: 3, already: 2 }));
    assert_eq!(wire.may_buy(1, 0, 1), Err(LimitProblem::TooDear { cost: 2, balance: 1 }));
}

#[test]
fn band_labels_and_readings() {
    let labels: Vec<String> = tables::CPP_REPLENISHMENT.iter().map(|b| b.label()).collect();
    assert_eq!(labels, ["11 or more", "9-10", "7-8", "5-6", "3-4", "1-2", "0 or less"]);
    assert!(READINGS.len() >= 15);
    assert!(READINGS.iter().any(|r| r.contains("d10")));
}
