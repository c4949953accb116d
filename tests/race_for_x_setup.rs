//! Setup checks and the steps they shape: HQ units that command nothing, a single defensive
//! orbat per size (no A/B roll), and commanders already replaced during the table game.
//!
//! Sample orbat unit numbers: 0 Battalion HQ (BC, 45mm ATG), 1 HMG Platoon, 2 Mortar
//! Platoon, 3 1st Company HQ (CC, 50mm mortar), 4-6 1st-3rd Platoons, 7 2nd Company HQ,
//! 8-10 4th-6th Platoons, 11 3rd Company HQ, 12-14 7th-9th Platoons, 15-17 Tanks 1-3,
//! 18 ATG Company. A platoon is PC (stand 0) and three Rifles (stands 1-3).

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{Campaign, DecideError, DiceInput, HistoryKind};
use field_desk::systems::race_for_x::rules::{self, check_new_setup, check_setup, required_hqs};
use field_desk::systems::race_for_x::sample::sample_setup;
use field_desk::systems::race_for_x::tables::{BattleType, DefenceOption, ForceSize, OffensiveAction};
use field_desk::systems::race_for_x::{
    BattleOutcome, Decision, Formation, FormationKind, Phase, RaceForX, RuleError, SetupProblem, Side, StandKind,
    StandRef,
};

type Game = Campaign<RaceForX>;

fn ok(c: &mut Game, d: Decision, dice: &[u16]) {
    if let Err(e) = c.decide(d.clone(), DiceInput::Typed(dice.to_vec())) {
        panic!("{d:?} with {dice:?} was refused: {e} (phase {:?})", c.state().phase());
    }
}

#[test]
fn the_sample_passes_the_new_setup_checks() {
    assert_eq!(check_new_setup(&sample_setup()), Ok(()));
}

#[test]
fn a_company_hq_that_commands_no_company_is_refused_for_new_setups_only() {
    let mut setup = sample_setup();
    // Player B's 1st Company HQ (a CC) no longer belongs to any company.
    setup.players[1].orbat.units[3].formation = None;
    let want = SetupProblem::HqCommandsNothing {
        side: Side::B,
        unit: setup.players[1].orbat.units[3].name.clone(),
        commander: StandKind::Cc,
    };
    assert_eq!(check_new_setup(&setup), Err(want.clone()));
    assert!(want.to_string().contains("must command a company"), "{want}");
    // A campaign stored with it still opens, and the lone HQ is never forced onto the table.
    assert_eq!(check_setup(&setup), Ok(()));
    let mut c = Game::new(setup).unwrap();
    ok(&mut c, Decision::ChooseAction { side: Side::A, action: OffensiveAction::Attack }, &[]);
    ok(&mut c, Decision::ChooseAction { side: Side::B, action: OffensiveAction::Attack }, &[]);
    let orbat = &c.setup().players[1].orbat;
    assert_eq!(required_hqs(orbat, c.state().player(Side::B), &[4, 5, 6]), Vec::<u16>::new());
}

#[test]
fn a_company_with_only_its_hq_or_a_battalion_without_companies_is_refused() {
    let mut setup = sample_setup();
    // A new company holding nothing but player A's 1st Company HQ.
    let orbat = &mut setup.players[0].orbat;
    orbat.formations.push(Formation { name: "Empty company".into(), kind: FormationKind::Company, parent: None });
    orbat.units[3].formation = Some(orbat.formations.len() as u16 - 1);
    let unit = orbat.units[3].name.clone();
    assert_eq!(
        check_new_setup(&setup),
        Err(SetupProblem::HqCommandsNothing { side: Side::A, unit, commander: StandKind::Cc })
    );

    let mut setup = sample_setup();
    // The Battalion HQ moves to a battalion of its own, with no company in it.
    let orbat = &mut setup.players[0].orbat;
    orbat.formations.push(Formation { name: "Lone battalion".into(), kind: FormationKind::Battalion, parent: None });
    orbat.units[0].formation = Some(orbat.formations.len() as u16 - 1);
    let unit = orbat.units[0].name.clone();
    let want = SetupProblem::HqCommandsNothing { side: Side::A, unit, commander: StandKind::Bc };
    assert_eq!(check_new_setup(&setup), Err(want.clone()));
    assert!(want.to_string().contains("must command a battalion"), "{want}");
    assert_eq!(check_setup(&setup), Ok(()));
}

/// The sample with option B dropped for every size.
fn only_option_a() -> field_desk::systems::race_for_x::Setup {
    let mut setup = sample_setup();
    setup.defence.retain(|d| d.option == DefenceOption::A);
    setup
}

#[test]
fn one_defensive_orbat_per_size_is_enough_but_option_a_is_needed() {
    assert_eq!(check_new_setup(&only_option_a()), Ok(()));
    let mut setup = sample_setup();
    setup.defence.retain(|d| !(d.size == ForceSize::S3 && d.option == DefenceOption::A));
    assert_eq!(
        check_setup(&setup),
        Err(SetupProblem::MissingDefence { size: ForceSize::S3, option: DefenceOption::A })
    );
    // An option B with only blank lines is no option B.
    let mut setup = sample_setup();
    for d in setup.defence.iter_mut().filter(|d| d.option == DefenceOption::B) {
        d.lines = vec!["  ".into()];
    }
    assert!(!setup.prepared(ForceSize::S2, DefenceOption::B));
    assert_eq!(check_new_setup(&setup), Ok(()));
}

fn to_field_forces(setup: field_desk::systems::race_for_x::Setup) -> Game {
    let mut c = Game::new(setup).unwrap();
    ok(&mut c, Decision::ChooseAction { side: Side::A, action: OffensiveAction::Attack }, &[]);
    ok(&mut c, Decision::ChooseAction { side: Side::B, action: OffensiveAction::Attack }, &[]);
    ok(&mut c, Decision::RollBattleType, &[4]); // Prepared Defence in zone 1: S3.
    assert_eq!(c.state().current().unwrap().battle, Some(BattleType::PreparedDefence));
    c
}

const NINE: [u16; 9] = [3, 4, 5, 6, 7, 8, 9, 10, 0];

#[test]
fn with_only_option_a_the_defence_roll_is_skipped_and_the_log_says_why() {
    let mut c = to_field_forces(only_option_a());
    ok(&mut c, Decision::FieldForces { units: NINE.to_vec() }, &[]);
    assert_eq!(c.state().phase(), Phase::Fight, "no A/B roll");
    assert_eq!(c.state().current().unwrap().defence, Some((ForceSize::S3, DefenceOption::A)));
    assert_eq!(
        c.decide(Decision::RollDefence, DiceInput::Typed(vec![5])),
        Err(DecideError::Rules(RuleError::NotNow { phase: Phase::Fight }))
    );
    let line = c.history().into_iter().rev().find(|l| l.kind == HistoryKind::Decision && l.active).unwrap().text;
    assert!(line.contains("Only option A of S3 is prepared, so there is no roll"), "{line}");
    // Undo brings back the force choice, redo the skipped roll with it; a replay agrees.
    assert!(c.undo());
    assert_eq!(c.state().phase(), Phase::FieldForces);
    c.redo().unwrap();
    assert_eq!(c.state().phase(), Phase::Fight);
    let again = Game::replay(c.setup().clone(), c.journal().to_vec()).unwrap();
    assert_eq!(again.state(), c.state());
}

#[test]
fn with_option_b_for_the_size_called_for_the_roll_stays() {
    // Option B only for S3: the S3 battle still rolls; dropping it skips the roll.
    let mut setup = only_option_a();
    setup.defence.extend(sample_setup().defence.into_iter().filter(|d| d.size == ForceSize::S3));
    let mut c = to_field_forces(setup);
    ok(&mut c, Decision::FieldForces { units: NINE.to_vec() }, &[]);
    assert_eq!(c.state().phase(), Phase::DefenceRoll);
    ok(&mut c, Decision::RollDefence, &[5]);
    assert_eq!(c.state().current().unwrap().defence, Some((ForceSize::S3, DefenceOption::B)));
}

#[test]
fn a_commander_replaced_during_the_game_is_recorded_through_the_stand_that_took_his_place() {
    assert!(rules::READINGS.contains(&rules::REPLACED_DURING_GAME));
    assert!(rules::REPLACED_DURING_GAME.contains("not the commander"));
    let mut c = to_field_forces(sample_setup());
    ok(&mut c, Decision::FieldForces { units: NINE.to_vec() }, &[]);
    ok(&mut c, Decision::RollDefence, &[2]);
    // 1st Platoon's PC fell and a rifle took over on the table: only the rifle is killed.
    let rifle = StandRef { unit: 4, stand: 1 };
    ok(&mut c, Decision::RecordOutcome(BattleOutcome { objectives: 1, exited: 0, killed: vec![rifle] }), &[]);
    ok(&mut c, Decision::RollBattleResult, &[3]);
    ok(&mut c, Decision::ConfirmMovement, &[]);
    assert_eq!(c.state().phase(), Phase::Recovery, "no commander left to replace");
    assert_eq!(c.state().player(Side::A).lost_refs(), vec![rifle], "one stand lost, not two");
}
