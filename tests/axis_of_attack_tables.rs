//! Every row of every Axis of Attack table, checked against the numbers in
//! `shared/rules/README.md` and the rules text, not against the code's own constants. Each
//! table has one `check` helper; the expectations are data.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::band::covers_all;
use field_desk::engine::{Campaign, Chance, DiceInput};
use field_desk::systems::axis_of_attack::preview::{mission_odds, preview, reinforcement_chance, MissionOdds};
use field_desk::systems::axis_of_attack::rules;
use field_desk::systems::axis_of_attack::sample::sample_setup;
use field_desk::systems::axis_of_attack::tables::{
    self, AirEffect, Buyer, Mission, MissionResult, Mobility, Mud, OptionKind, Per, Role, Strength, Weather,
};
use field_desk::systems::axis_of_attack::{
    AxisOfAttack, Decision, DiceFor, Fielded, ForceList, GameResult, Platoon, PlatoonReport, Side, State,
};

use Mission::*;
use Strength::*;
use Weather::*;

// ---------------------------------------------------------------------------------------
// Mission selection
// ---------------------------------------------------------------------------------------

fn check_mission(total: i32, want: Mission) {
    assert_eq!(tables::mission_for(total), want, "mission for a total of {total}");
}

#[test]
fn mission_selection_every_total_from_minus_2_to_16() {
    // README: >=10 Breakthrough, 8-9 Encounter, 7 Cauldron, 6 Fighting Withdrawal,
    // 5 Hold the Line, <=4 Trench Fight.
    for total in -2..=4 {
        check_mission(total, TrenchFight);
    }
    check_mission(5, HoldTheLine);
    check_mission(6, FightingWithdrawal);
    check_mission(7, Cauldron);
    check_mission(8, Encounter);
    check_mission(9, Encounter);
    for total in 10..=16 {
        check_mission(total, Breakthrough);
    }
    assert!(covers_all(&tables::MISSION_SELECTION));
    assert_eq!(tables::MISSION_SELECTION.len(), 6);
}

#[test]
fn mission_change_moves_one_row_of_the_printed_table() {
    // Printed order, top to bottom: Breakthrough, Encounter, Cauldron, Fighting Withdrawal,
    // Hold the Line, Trench Fight.
    let rows: [(Mission, &[Mission]); 6] = [
        (Breakthrough, &[Encounter]),
        (Encounter, &[Breakthrough, Cauldron]),
        (Cauldron, &[Encounter, FightingWithdrawal]),
        (FightingWithdrawal, &[Cauldron, HoldTheLine]),
        (HoldTheLine, &[FightingWithdrawal, TrenchFight]),
        (TrenchFight, &[HoldTheLine]),
    ];
    for (m, want) in rows {
        assert_eq!(m.neighbours(), want.to_vec(), "neighbours of {}", m.name());
    }
    // Only Encounter is a Fair Fight; every other mission is a Defensive Battle.
    for m in Mission::ALL {
        assert_eq!(m.fair_fight(), m == Encounter, "{}", m.name());
        assert_eq!(m.defensive_battle(), m != Encounter);
    }
    assert_eq!(tables::FIRST_MISSION, Encounter);
}

#[test]
fn mission_selection_modifiers_and_costs() {
    // README: +1 for the higher campaign VP total, +1 per winner's recon platoon, +2 for a win as
    // defender without Fair Fight (sign restored). Text: 5 VP per mission change, 1 VP per
    // square of table shift, a defender who won a Breakthrough or Fighting Withdrawal shifts 1.
    assert_eq!(tables::HIGHER_VP_BONUS, 1);
    assert_eq!(tables::PER_RECON_PLATOON, 1);
    assert_eq!(tables::WON_AS_DEFENDER, 2);
    assert_eq!(tables::DEFENDER_SHIFT, 1);
    assert_eq!(tables::SHIFT_MISSIONS, [Breakthrough, FightingWithdrawal]);
    assert_eq!(tables::MISSION_CHANGE_COST, 5);
    assert_eq!(tables::AREA_SHIFT_COST, 1);
}

// ---------------------------------------------------------------------------------------
// Mission results
// ---------------------------------------------------------------------------------------

#[test]
fn mission_results_every_row() {
    use MissionResult::*;
    // Text: Encounter Advance / n.a.; Hold the Line Advance / Hold; Breakthrough Breakthrough /
    // Hold; Cauldron Hold / Advance; Fighting Withdrawal Retreat / Retreat; Trench Fight
    // Advance / Hold.
    let rows: [(Mission, MissionResult, Option<MissionResult>); 6] = [
        (Encounter, Advance, None),
        (HoldTheLine, Advance, Some(Hold)),
        (Mission::Breakthrough, MissionResult::Breakthrough, Some(Hold)),
        (Cauldron, Hold, Some(Advance)),
        (FightingWithdrawal, Retreat, Some(Retreat)),
        (TrenchFight, Advance, Some(Hold)),
    ];
    for (m, attacker, defender) in rows {
        assert_eq!(tables::mission_result(m, true), attacker, "{} won by the attacker", m.name());
        match defender {
            Some(d) => assert_eq!(tables::mission_result(m, false), d, "{} won by the defender", m.name()),
            None => assert_eq!(tables::mission_result(m, false), attacker, "an Encounter winner always attacks"),
        }
    }
    assert_eq!(tables::MISSION_RESULTS.len(), 6);
}

// ---------------------------------------------------------------------------------------
// Game size, outnumbered bonus, concession
// ---------------------------------------------------------------------------------------

#[test]
fn points_for_a_game() {
    // Text: 1,500 on the table, up to 3 VP at 75 points each.
    assert_eq!(tables::GAME_POINTS, 1500);
    assert_eq!(tables::POINTS_PER_VP, 75);
    assert_eq!(tables::MAX_VP_FOR_POINTS, 3);
    let setup = sample_setup();
    let want = [1500, 1575, 1650, 1725];
    for (vp, w) in want.into_iter().enumerate() {
        assert_eq!(rules::points_allowed(&setup, vp as u8), w);
    }
}

#[test]
fn outnumbered_bonus_every_band_edge() {
    // README: 0-50 +0, 51-150 +1, 151-300 +2, over 300 +3.
    let rows: [(u32, u8); 12] = [
        (0, 0),
        (1, 0),
        (50, 0),
        (51, 1),
        (100, 1),
        (150, 1),
        (151, 2),
        (250, 2),
        (300, 2),
        (301, 3),
        (500, 3),
        (5000, 3),
    ];
    for (difference, want) in rows {
        assert_eq!(tables::outnumbered_bonus(difference), want, "{difference} points fewer");
    }
    assert!(covers_all(&tables::OUTNUMBERED));
    // Text: a concession is a 6-1 victory.
    assert_eq!(tables::CONCESSION_VP, (6, 1));
}

// ---------------------------------------------------------------------------------------
// Weather and mud
// ---------------------------------------------------------------------------------------

#[test]
fn weather_chart_every_cell() {
    // README rows (die), columns last weather Clear / Cloudy / Intermittent / Steady.
    let chart: [(u16, [Weather; 4]); 6] = [
        (1, [Clear, Clear, Clear, Clear]),
        (2, [Clear, Clear, Clear, Clear]),
        (3, [Clear, Clear, Clear, Cloudy]),
        (4, [Clear, Cloudy, Cloudy, Cloudy]),
        (5, [Cloudy, IntermittentRain, SteadyRain, SteadyRain]),
        (6, [IntermittentRain, SteadyRain, SteadyRain, IntermittentRain]),
    ];
    let columns = [Clear, Cloudy, IntermittentRain, SteadyRain];
    for (die, row) in chart {
        for (last, want) in columns.into_iter().zip(row) {
            assert_eq!(tables::weather(die, last), want, "die {die} after {}", last.name());
        }
    }
}

#[test]
fn mud_ladder_every_step() {
    // README: Dry, Wet, Muddy, Morass, Flood; intermittent +1, steady +2, clear -2, cloudy -1,
    // clamped at both ends.
    let ladder = [Mud::Dry, Mud::Wet, Mud::Muddy, Mud::Morass, Mud::Flood];
    assert_eq!(Mud::ALL, ladder);
    let change = [(Clear, -2i32), (Cloudy, -1), (IntermittentRain, 1), (SteadyRain, 2)];
    for (w, by) in change {
        assert_eq!(w.mud_change() as i32, by, "{}", w.name());
        for (i, m) in ladder.into_iter().enumerate() {
            let want = ladder[(i as i32 + by).clamp(0, 4) as usize];
            assert_eq!(m.changed(w.mud_change()), want, "{} after {}", m.name(), w.name());
        }
    }
    // Each level lists its effects.
    for m in ladder {
        assert!(!m.effects().is_empty(), "{}", m.name());
    }
    assert!(Mud::Flood.effects().iter().any(|e| e.contains("Roads")));
    assert!(Mud::Dry.effects().iter().all(|e| !e.contains("Ploughed")));
}

#[test]
fn weather_on_air_support() {
    // Text: cloudy and steady rain ground all aircraft; intermittent rain adds 1 to the score.
    assert_eq!(Clear.air(), AirEffect::Normal);
    assert_eq!(Cloudy.air(), AirEffect::Grounded);
    assert_eq!(IntermittentRain.air(), AirEffect::Harder);
    assert_eq!(SteadyRain.air(), AirEffect::Grounded);
}

// ---------------------------------------------------------------------------------------
// Strength and reinforcement
// ---------------------------------------------------------------------------------------

fn check_strength(min: u16, max: u16, rows: &[(u16, Strength)]) {
    for &(teams, want) in rows {
        assert_eq!(tables::strength_from_teams(min, max, teams, 0), want, "{teams} teams of a {min}-to-{max} platoon");
    }
}

#[test]
fn strength_from_teams_with_the_halfway_rule_rounded_down() {
    // Soviet medium tank company: full 10, under strength 7, depleted 5 (text).
    check_strength(
        5,
        10,
        &[
            (0, Destroyed),
            (1, Gutted),
            (4, Gutted),
            (5, Depleted),
            (6, Depleted),
            (7, UnderStrength),
            (8, UnderStrength),
            (9, UnderStrength),
            (10, Full),
        ],
    );
    // Panzergrenadiers (commander plus 4 or 6 MG teams): 5 depleted, 6 under strength, 7 full.
    check_strength(5, 7, &[(3, Gutted), (4, Gutted), (5, Depleted), (6, UnderStrength), (7, Full)]);
    // Panzer platoon 3 to 5: 3 depleted, 4 under strength, 5 full.
    check_strength(3, 5, &[(0, Destroyed), (2, Gutted), (3, Depleted), (4, UnderStrength), (5, Full)]);
    // No halfway level between 2 and 3 ("if allowed").
    check_strength(2, 3, &[(1, Gutted), (2, Depleted), (3, Full)]);
    // A fixed-size section is full at its only size.
    check_strength(2, 2, &[(0, Destroyed), (1, Gutted), (2, Full)]);
    // Teams that ran are not counted but do not make the platoon destroyed.
    assert_eq!(tables::strength_from_teams(5, 7, 0, 3), Gutted);
    assert_eq!(tables::halfway(5, 10), 7);
    assert_eq!(tables::halfway(5, 7), 6);
    assert_eq!(tables::halfway(2, 3), 2);
    assert!(!tables::has_under_strength(2, 3));
    assert!(tables::has_under_strength(3, 5));
}

#[test]
fn strength_ladder_and_team_counts() {
    // README: destroyed < gutted < depleted < under strength < full.
    assert_eq!(Strength::ALL, [Destroyed, Gutted, Depleted, UnderStrength, Full]);
    let ladder: Vec<Strength> = tables::STRENGTH_LADDER.iter().map(|r| r.0).collect();
    assert_eq!(ladder, Strength::ALL.to_vec());
    assert!(Destroyed < Gutted && Gutted < Depleted && Depleted < UnderStrength && UnderStrength < Full);
    assert_eq!(tables::ladder(5, 10), vec![Destroyed, Gutted, Depleted, UnderStrength, Full]);
    assert_eq!(tables::ladder(2, 3), vec![Destroyed, Gutted, Depleted, Full]);
    assert_eq!(tables::ladder(2, 2), vec![Destroyed, Gutted, Full]);
    let teams = [(Full, 10), (UnderStrength, 7), (Depleted, 5), (Gutted, 0), (Destroyed, 0)];
    for (s, want) in teams {
        assert_eq!(tables::teams_at(5, 10, s), want, "{}", s.name());
    }
    // One rung at a time.
    let steps =
        [(Destroyed, Gutted), (Gutted, Depleted), (Depleted, UnderStrength), (UnderStrength, Full), (Full, Full)];
    for (from, to) in steps {
        assert_eq!(tables::step_up(5, 10, from), to);
    }
    assert_eq!(tables::step_up(2, 3, Depleted), Full, "no under-strength rung to stop on");
    assert_eq!(tables::step_up(2, 2, Gutted), Full);
    assert!(!Gutted.fieldable() && Depleted.fieldable());
}

fn platoon(role: Role, all_tank: bool) -> Platoon {
    Platoon {
        name: "X".into(),
        role,
        min_teams: 3,
        max_teams: 5,
        teams: 5,
        points: 0,
        upgrades: String::new(),
        all_tank,
        recon: false,
        mobility: Mobility::Vehicles,
        under_strength: None,
        vehicles: String::new(),
        transport: false,
    }
}

#[test]
fn reinforcement_targets_every_role_with_and_without_tanks() {
    // README: 3+ combat, 4+ HQ and weapons, 5+ support; -1 on the die for all-tank platoons.
    let rows: [(Role, u16, u16); 3] = [(Role::Combat, 3, 4), (Role::HqWeapons, 4, 5), (Role::Support, 5, 6)];
    for (role, plain, tanks) in rows {
        assert_eq!(tables::reinforcement_target(role), plain, "{}", role.name());
        assert_eq!(platoon(role, false).reinforcement_needs(), plain, "{}", role.name());
        assert_eq!(platoon(role, true).reinforcement_needs(), tanks, "{} of tanks", role.name());
    }
    assert_eq!(tables::ALL_TANK_MODIFIER, -1);
    // README: 4 dice plus 1 per VP spent; a company keeps two depleted combat platoons.
    assert_eq!(tables::REINFORCEMENT_DICE, 4);
    assert_eq!(tables::DICE_PER_VP, 1);
    assert_eq!(tables::MIN_DEPLETED_COMBAT, 2);
    assert_eq!(tables::EXCHANGE_COST, 5);
}

// ---------------------------------------------------------------------------------------
// VP options
// ---------------------------------------------------------------------------------------

#[test]
fn vp_options_every_row() {
    // Text: extra smoke 1 VP per platoon (attacker in a Defensive Battle); night attack 5
    // (attacker, Defensive Battle); counterbattery 3 (anyone); battalion artillery 3 per shoot
    // (either player, Defensive Battle); pre-registered artillery 2 per platoon (defender,
    // Defensive Battle); aerial bombardment 7 (attacker, Defensive Battle).
    let rows: [(OptionKind, i32, Per, Buyer); 6] = [
        (OptionKind::ExtraSmoke, 1, Per::Platoon, Buyer::AttackerInDefensiveBattle),
        (OptionKind::NightAttack, 5, Per::Game, Buyer::AttackerInDefensiveBattle),
        (OptionKind::Counterbattery, 3, Per::Game, Buyer::Anyone),
        (OptionKind::BattalionArtillery, 3, Per::Shoot, Buyer::EitherInDefensiveBattle),
        (OptionKind::PreRegistered, 2, Per::Platoon, Buyer::DefenderInDefensiveBattle),
        (OptionKind::AerialBombardment, 7, Per::Game, Buyer::AttackerInDefensiveBattle),
    ];
    for (kind, cost, per, buyer) in rows {
        let row = tables::option_row(kind);
        assert_eq!((row.cost, row.per, row.buyer), (cost, per, buyer), "{}", row.name);
        assert!(!row.text.is_empty());
    }
    assert_eq!(tables::OPTIONS.len(), 6);
    use field_desk::systems::axis_of_attack::GameOption;
    assert_eq!(GameOption::ExtraSmoke { platoons: vec![1, 2, 3] }.cost(), 3);
    assert_eq!(GameOption::BattalionArtillery { shoots: 2 }.cost(), 6);
    assert_eq!(GameOption::PreRegistered { platoons: vec![4, 5] }.cost(), 4);
    assert_eq!(GameOption::AerialBombardment.cost(), 7);
}

#[test]
fn the_map_and_the_length_of_the_campaign() {
    use field_desk::systems::axis_of_attack::Sector;
    // README: seven sectors, homes at either end, start in the middle; text: nine turns.
    assert_eq!(tables::SECTORS, 7);
    assert_eq!(tables::START_SECTOR, 4);
    assert_eq!(tables::TURNS, 9);
    let outcomes = [
        (1, Some(Side::East)),
        (2, Some(Side::East)),
        (3, None),
        (4, None),
        (5, None),
        (6, Some(Side::West)),
        (7, Some(Side::West)),
    ];
    use field_desk::systems::axis_of_attack::Outcome;
    for (n, minor) in outcomes {
        let want = minor.map_or(Outcome::Stalemate, Outcome::MinorVictory);
        assert_eq!(rules::final_outcome(Sector::new(n)), want, "after nine turns in sector {n}");
    }
}

// ---------------------------------------------------------------------------------------
// Odds before the rolls
// ---------------------------------------------------------------------------------------

fn fresh_turn_two(result: GameResult) -> Campaign<AxisOfAttack> {
    let mut c: Campaign<AxisOfAttack> = Campaign::new(sample_setup()).unwrap();
    let t = |v: &[u16]| DiceInput::Typed(v.to_vec());
    let f = |p: u16, teams: u16| ForceList {
        vp_for_points: 0,
        points: 1500,
        platoons: vec![Fielded { platoon: p, teams, transported: false }],
        air: None,
        option: None,
    };
    let r = |p: u16, teams: u16| PlatoonReport {
        platoon: p,
        on_table: teams,
        bailed: 0,
        exited: 0,
        routed: 0,
        immobile: false,
        keep_mobile: None,
    };
    c.decide(Decision::ChooseArea { area: String::new(), shift: 0 }, t(&[])).unwrap();
    c.decide(Decision::SubmitForce { side: Side::West, force: f(0, 7) }, t(&[])).unwrap();
    c.decide(Decision::SubmitForce { side: Side::East, force: f(0, 10) }, t(&[])).unwrap();
    c.decide(Decision::RollWeather, t(&[1])).unwrap();
    c.decide(Decision::RecordResult(result), t(&[])).unwrap();
    c.decide(Decision::RecordCasualties { side: Side::West, reports: vec![r(0, 7)] }, t(&[])).unwrap();
    c.decide(Decision::RecordCasualties { side: Side::East, reports: vec![r(0, 10)] }, t(&[])).unwrap();
    for side in Side::BOTH {
        c.decide(Decision::Reinforce { side, vp: 0, assign: vec![] }, t(&[])).unwrap();
    }
    for side in Side::BOTH {
        if c.state().phase() == field_desk::systems::axis_of_attack::Phase::Exchanges
            && !c.state().current().unwrap().exchanges_done[side.index()]
        {
            c.decide(Decision::DoneExchanging { side }, t(&[])).unwrap();
        }
    }
    c
}

/// The README's selection table as data, independent of the code.
fn readme_mission(total: i32) -> Mission {
    match total {
        i32::MIN..=4 => TrenchFight,
        5 => HoldTheLine,
        6 => FightingWithdrawal,
        7 => Cauldron,
        8 | 9 => Encounter,
        _ => Breakthrough,
    }
}

/// Counts every pair of dice by hand.
fn enumerate(west: i32, east: i32) -> Vec<(MissionOdds, Chance)> {
    let mut counts: Vec<(MissionOdds, u64)> = Vec::new();
    for a in 1..=6 {
        for b in 1..=6 {
            let (w, e) = (a + west, b + east);
            let mission = readme_mission(w.max(e));
            let attacker = if mission == Encounter || w == e {
                None
            } else if w > e {
                Some(Side::West)
            } else {
                Some(Side::East)
            };
            let o = MissionOdds { mission, attacker };
            match counts.iter_mut().find(|x| x.0 == o) {
                Some(x) => x.1 += 1,
                None => counts.push((o, 1)),
            }
        }
    }
    counts.into_iter().map(|(o, n)| (o, Chance::new(n, 36))).collect()
}

fn same_odds(mut got: Vec<(MissionOdds, Chance)>, mut want: Vec<(MissionOdds, Chance)>) {
    let key = |x: &(MissionOdds, Chance)| format!("{:?}", x.0);
    got.sort_by_key(key);
    want.sort_by_key(key);
    assert_eq!(got, want);
}

#[test]
fn mission_roll_odds_without_modifiers() {
    // A 0-0 game without a winner: no modifier on either side.
    let c = fresh_turn_two(GameResult { winner: None, vp: [0, 0], recon: vec![] });
    let s = c.state();
    assert_eq!(s.turn, 2);
    let odds = mission_odds(s);
    // Highest of two dice: 4 or less 16/36, a 5 9/36, a 6 11/36.
    let of = |m: Mission| odds.iter().filter(|(o, _)| o.mission == m).map(|(_, c)| c.as_f64()).sum::<f64>();
    assert!((of(TrenchFight) - 16.0 / 36.0).abs() < 1e-12);
    assert!((of(HoldTheLine) - 9.0 / 36.0).abs() < 1e-12);
    assert!((of(FightingWithdrawal) - 11.0 / 36.0).abs() < 1e-12);
    same_odds(odds, enumerate(0, 0));
    let p = preview(c.setup(), s, &Decision::RollMission).unwrap();
    assert_eq!(p.dice.count, 2);
    assert!(p.modifiers.is_empty());
    let total: f64 = p.odds.iter().map(|o| o.1.as_f64()).sum();
    assert!((total - 1.0).abs() < 1e-12);
    assert!(p.odds.iter().any(|o| o.0 == "Trench Fight, level totals" && o.1 == Chance::new(4, 36)));
}

#[test]
fn mission_roll_odds_with_modifiers() {
    // Anna won 5-2: Anna +5 VP +1 higher total = +6; Boris +2.
    let c = fresh_turn_two(GameResult { winner: Some(Side::West), vp: [5, 2], recon: vec![] });
    let s = c.state();
    same_odds(mission_odds(s), enumerate(6, 2));
    let p = preview(c.setup(), s, &Decision::RollMission).unwrap();
    let labels: Vec<(&str, i32)> = p.modifiers.iter().map(|m| (m.label.as_str(), m.value)).collect();
    assert_eq!(
        labels,
        vec![
            ("Anna: 5 VP in the last game", 5),
            ("Anna: Higher campaign VP total", 1),
            ("Boris: 2 VP in the last game", 2)
        ]
    );
    // Boris reaches 8 at most, so a Breakthrough (10 or more) needs Anna's die at 4 or more: 1/2.
    let bt: f64 = mission_odds(s).iter().filter(|(o, _)| o.mission == Breakthrough).map(|(_, c)| c.as_f64()).sum();
    assert!((bt - 0.5).abs() < 1e-12, "{bt}");
}

fn state_in_weather(last: Weather, mud: Mud) -> (field_desk::systems::axis_of_attack::Setup, State) {
    let mut setup = sample_setup();
    setup.first_weather = last;
    setup.first_mud = mud;
    let c: Campaign<AxisOfAttack> = Campaign::new(setup.clone()).unwrap();
    (setup, c.state().clone())
}

#[test]
fn weather_odds_from_every_last_weather() {
    let rows: [(Weather, &[(&str, u64)]); 4] = [
        (Clear, &[("Clear", 4), ("Cloudy", 1), ("Intermittent Rain", 1)]),
        (Cloudy, &[("Clear", 3), ("Cloudy", 1), ("Intermittent Rain", 1), ("Steady Rain", 1)]),
        (IntermittentRain, &[("Clear", 3), ("Cloudy", 1), ("Steady Rain", 2)]),
        (SteadyRain, &[("Clear", 2), ("Cloudy", 2), ("Steady Rain", 1), ("Intermittent Rain", 1)]),
    ];
    for (last, want) in rows {
        let (setup, s) = state_in_weather(last, Mud::Muddy);
        let p = preview(&setup, &s, &Decision::RollWeather).unwrap();
        assert_eq!(p.odds.len(), want.len(), "after {}", last.name());
        for (&(name, sixths), (label, chance)) in want.iter().zip(&p.odds) {
            assert!(label.starts_with(name), "{label} after {}", last.name());
            assert_eq!(*chance, Chance::new(sixths, 6), "{label} after {}", last.name());
        }
    }
    // The label names the ground that follows: from Muddy, steady rain makes a flood.
    let (setup, s) = state_in_weather(SteadyRain, Mud::Muddy);
    let p = preview(&setup, &s, &Decision::RollWeather).unwrap();
    assert!(p.odds.iter().any(|o| o.0 == "Steady Rain (ground flood)"), "{:?}", p.odds);
    assert!(p.odds.iter().any(|o| o.0 == "Clear (ground dry)"), "{:?}", p.odds);
}

#[test]
fn reinforcement_odds_per_platoon() {
    // At least one success among n dice: 1 die at 3+ 4/6; 2 dice at 4+ 27/36; 3 dice at 6+ 91/216.
    assert_eq!(reinforcement_chance(1, 3), Chance::new(4, 6));
    assert_eq!(reinforcement_chance(2, 4), Chance::new(27, 36));
    assert_eq!(reinforcement_chance(3, 6), Chance::new(91, 216));
    assert_eq!(reinforcement_chance(0, 3), Chance::zero());
    // Played: Anna's gutted grenadiers (3+) with 2 dice, Panzers (support, tanks: 6) with 3.
    let mut c: Campaign<AxisOfAttack> = Campaign::new(sample_setup()).unwrap();
    let t = |v: &[u16]| DiceInput::Typed(v.to_vec());
    let f = |ps: &[(u16, u16)]| ForceList {
        vp_for_points: 0,
        points: 1500,
        platoons: ps.iter().map(|&(platoon, teams)| Fielded { platoon, teams, transported: false }).collect(),
        air: None,
        option: None,
    };
    let r = |p: u16, teams: u16| PlatoonReport {
        platoon: p,
        on_table: teams,
        bailed: 0,
        exited: 0,
        routed: 0,
        immobile: false,
        keep_mobile: None,
    };
    c.decide(Decision::ChooseArea { area: String::new(), shift: 0 }, t(&[])).unwrap();
    c.decide(Decision::SubmitForce { side: Side::West, force: f(&[(0, 7), (5, 5)]) }, t(&[])).unwrap();
    c.decide(Decision::SubmitForce { side: Side::East, force: f(&[(0, 10)]) }, t(&[])).unwrap();
    c.decide(Decision::RollWeather, t(&[1])).unwrap();
    c.decide(Decision::RecordResult(GameResult { winner: Some(Side::West), vp: [4, 3], recon: vec![] }), t(&[]))
        .unwrap();
    c.decide(Decision::RecordCasualties { side: Side::West, reports: vec![r(0, 3), r(5, 3)] }, t(&[])).unwrap();
    c.decide(Decision::RecordCasualties { side: Side::East, reports: vec![r(0, 10)] }, t(&[])).unwrap();
    let d = Decision::Reinforce {
        side: Side::West,
        vp: 1,
        assign: vec![DiceFor { platoon: 0, dice: 2 }, DiceFor { platoon: 5, dice: 3 }],
    };
    assert_eq!(c.dice_for(&d).unwrap().count, 5);
    let p = preview(c.setup(), c.state(), &d).unwrap();
    assert_eq!(p.odds.len(), 2);
    assert_eq!(p.odds[0].0, "1st Panzergrenadier Platoon: 2 dice at 3+, up to depleted");
    assert_eq!(p.odds[0].1, Chance::new(32, 36));
    assert_eq!(p.odds[1].0, "Panzer IIIJ Platoon: 3 dice at 6+ (5+, -1 all tanks), up to under strength");
    assert_eq!(p.odds[1].1, Chance::new(91, 216));
    assert!(p.note.as_deref().unwrap().contains("5 of 5 dice"), "{:?}", p.note);
}
