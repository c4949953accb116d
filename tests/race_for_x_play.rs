//! Race for X played through the engine (`Campaign<RaceForX>`) with dice typed in from the
//! table, over the built-in sample campaign (two 19-unit early-war Russian battalions): the
//! deployment rule (commanders forced in with their units) and commander replacement. Recovery,
//! retreat, movement and reaching X are in `race_for_x_recovery.rs`; secret actions, refusals and
//! undo in `race_for_x_undo.rs`; their shared steps in `support/rfx_play.rs`.
//!
//! Sample orbat unit numbers: 0 Battalion HQ (BC, 45mm ATG), 1 HMG Platoon, 2 Mortar
//! Platoon, 3 1st Company HQ (CC, 50mm mortar), 4-6 1st-3rd Platoons, 7 2nd Company HQ,
//! 8-10 4th-6th Platoons, 11 3rd Company HQ, 12-14 7th-9th Platoons, 15-17 Tanks 1-3,
//! 18 ATG Company. A platoon is PC (stand 0) and three Rifles (stands 1-3).

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/rfx_play.rs"]
mod rfx_play;

use field_desk::systems::race_for_x::rules::{self, replacement_candidates};
use field_desk::systems::race_for_x::tables::{BattleType, DefenceOption, ForceSize, OffensiveAction};
use field_desk::systems::race_for_x::{Decision, Phase, Place, RuleError, Side};
use rfx_play::*;
use OffensiveAction::Attack;

// ---------------------------------------------------------------------------------------
// Deployment rule
// ---------------------------------------------------------------------------------------

fn to_field_forces(action_a: OffensiveAction) -> Game {
    let mut c = new_game();
    choose(&mut c, action_a, Attack);
    ok(&mut c, Decision::RollBattleType, &[1]); // Counter-attack under either action
    assert_eq!(c.state().phase(), Phase::FieldForces);
    c
}

#[test]
fn cc_forced_when_two_of_three_platoons_fielded() {
    let mut c = to_field_forces(Attack);
    assert_eq!(battle(&c).units_allowed, 9);
    let without_cc = vec![4, 5, 1, 2, 15, 16, 17, 18, 8];
    refused(
        &mut c,
        Decision::FieldForces { units: without_cc },
        &[],
        rule(RuleError::CommanderRequired { hq: "1st Company HQ".into() }),
    );
    let orbat = &c.setup().players[0].orbat;
    let p = c.state().player(Side::A);
    assert_eq!(rules::required_hqs(orbat, p, &[4, 5]), vec![3]);
    assert_eq!(rules::required_hqs(orbat, p, &[4, 5, 6]), vec![3]);
    // One platoon of three does not force its CC.
    assert_eq!(rules::required_hqs(orbat, p, &[4, 8, 12]), Vec::<u16>::new());
    ok(&mut c, Decision::FieldForces { units: vec![3, 4, 5, 1, 2, 15, 16, 17, 18] }, &[]);
    assert_eq!(c.state().phase(), Phase::DefenceRoll);
    assert_eq!(battle(&c).fielded, vec![1, 2, 3, 4, 5, 15, 16, 17, 18]);
}

#[test]
fn bc_forced_when_two_of_three_companies_fielded() {
    let mut c = to_field_forces(Attack);
    let two_companies = vec![3, 4, 5, 6, 7, 8, 9, 10, 1];
    refused(
        &mut c,
        Decision::FieldForces { units: two_companies },
        &[],
        rule(RuleError::CommanderRequired { hq: "Battalion HQ".into() }),
    );
    let orbat = &c.setup().players[0].orbat;
    let p = c.state().player(Side::A);
    assert_eq!(rules::required_hqs(orbat, p, &[3, 4, 5, 6, 7, 8, 9, 10]), vec![0, 3, 7]);
    // The text's 9-unit example: two companies and the battalion HQ.
    ok(&mut c, Decision::FieldForces { units: example_force(9) }, &[]);
}

#[test]
fn bc_not_forced_with_one_company_and_the_hmg_unit() {
    let mut c = to_field_forces(Attack);
    let orbat = &c.setup().players[0].orbat;
    let p = c.state().player(Side::A);
    assert_eq!(rules::required_hqs(orbat, p, &example_force(5)), vec![3]);
    assert_eq!(rules::required_hqs(orbat, p, &[3, 4, 5, 6, 1, 2]), vec![3], "heavy weapons are no rifle company");
    // One company plus the heavy weapons and the tanks: 9 units, no battalion HQ needed.
    ok(&mut c, Decision::FieldForces { units: vec![3, 4, 5, 6, 1, 2, 15, 16, 17] }, &[]);
}

#[test]
fn a_commander_with_no_stands_left_is_not_forced() {
    let mut c = to_field_forces(Attack);
    let orbat = c.setup().players[0].orbat.clone();
    let mut p = c.state().player(Side::A).clone();
    p.lost[3] = vec![true, true];
    assert_eq!(rules::required_hqs(&orbat, &p, &[4, 5, 6]), Vec::<u16>::new());
    refused(
        &mut c,
        Decision::FieldForces { units: vec![4, 5, 6, 1, 2, 15, 16, 17, 18] },
        &[],
        rule(RuleError::CommanderRequired { hq: "1st Company HQ".into() }),
    );
}

#[test]
fn the_texts_example_forces_of_5_7_and_9_units() {
    // Turn 1: Anna advances 1 (7 units next turn), Boris advances 2 (5 units next turn).
    let mut c = new_game();
    choose(&mut c, Attack, Attack);
    fight(&mut c, 3, &big_win(), 1, &[]); // 9 units, +3: 4 -> Advance 1
    assert_eq!(place(&c, Side::A), Place::zone(2));
    fight(&mut c, 3, &big_win(), 6, &[]); // 9 -> Advance 2
    assert_eq!(place(&c, Side::B), Place::zone(3));
    assert_eq!(c.state().battles[0].fielded, {
        let mut v = example_force(9);
        v.sort();
        v
    });

    choose(&mut c, Attack, Attack);
    // Anna: +1 for the zone advanced; 40% of 19 = 7.
    ok(&mut c, Decision::RollBattleType, &[2]);
    assert_eq!(battle(&c).type_roll, Some((2, 3)));
    assert_eq!(battle(&c).battle, Some(BattleType::PreparedDefence));
    assert_eq!(battle(&c).units_allowed, 7);
    refused(
        &mut c,
        Decision::FieldForces { units: example_force(9) },
        &[],
        rule(RuleError::WrongUnitCount { expected: 7, got: 9 }),
    );
    refused(
        &mut c,
        Decision::FieldForces { units: example_force(5) },
        &[],
        rule(RuleError::WrongUnitCount { expected: 7, got: 5 }),
    );
    ok(&mut c, Decision::FieldForces { units: example_force(7) }, &[]);
    ok(&mut c, Decision::RollDefence, &[4]);
    assert_eq!(battle(&c).defence, Some((ForceSize::S2, DefenceOption::B)));
    ok(&mut c, Decision::RecordOutcome(stalemate()), &[]);
    ok(&mut c, Decision::RollBattleResult, &[3]);
    ok(&mut c, Decision::ConfirmMovement, &[]);
    ok(&mut c, Decision::RollRecovery, &[]);
    // Boris: +2 for two zones; 30% of 19 = 5.
    ok(&mut c, Decision::RollBattleType, &[6]);
    assert_eq!(battle(&c).type_roll, Some((6, 8)));
    assert_eq!(battle(&c).battle, Some(BattleType::MeetingEngagement));
    assert_eq!(battle(&c).units_allowed, 5);
    refused(
        &mut c,
        Decision::FieldForces { units: vec![4, 5, 6, 1, 2] },
        &[],
        rule(RuleError::CommanderRequired { hq: "1st Company HQ".into() }),
    );
    ok(&mut c, Decision::FieldForces { units: example_force(5) }, &[]);
}

// ---------------------------------------------------------------------------------------
// Commander replacement
// ---------------------------------------------------------------------------------------

#[test]
fn killed_pc_is_replaced_by_a_rifle_of_its_own_platoon() {
    let pc = s(4, 0);
    let mut c = after_losses(&[pc], 4);
    assert_eq!(c.state().phase(), Phase::ReplaceCommanders);
    let orbat = c.setup().players[0].orbat.clone();
    assert_eq!(rules::pending_commanders(&orbat, c.state().player(Side::A)), vec![pc]);
    let (candidates, subordinate) = replacement_candidates(&orbat, c.state().player(Side::A), pc);
    assert!(subordinate);
    assert_eq!(candidates, vec![s(4, 1), s(4, 2), s(4, 3)]);
    // A rifle of another platoon, while the PC's own rifles are alive: refused.
    refused(
        &mut c,
        Decision::ReplaceCommander { commander: pc, replacement: s(5, 1) },
        &[],
        rule(RuleError::SubordinateAvailable { commander: "PC (1st Platoon)".into() }),
    );
    // A tank never replaces a commander.
    refused(
        &mut c,
        Decision::ReplaceCommander { commander: pc, replacement: s(15, 0) },
        &[],
        rule(RuleError::NotAReplacement("T-26 (Tank 1)".into())),
    );
    // A stand that is no killed commander.
    refused(
        &mut c,
        Decision::ReplaceCommander { commander: s(5, 0), replacement: s(5, 1) },
        &[],
        rule(RuleError::NotPending("PC (2nd Platoon)".into())),
    );
    refused(&mut c, Decision::RollRecovery, &[6], rule(RuleError::NotNow { phase: Phase::ReplaceCommanders }));
    ok(&mut c, Decision::ReplaceCommander { commander: pc, replacement: s(4, 2) }, &[]);
    let p = c.state().player(Side::A);
    assert!(!p.is_lost(pc), "the PC is back in command");
    assert!(p.is_lost(s(4, 2)), "the rifle that stepped in is lost");
    assert_eq!(p.lost_count(), 1);
    assert_eq!(battle(&c).replacements, vec![(pc, Some(s(4, 2)))]);
    assert_eq!(c.state().phase(), Phase::Recovery);
    // The lost rifle can be recovered: Advance 1 under Attack, 5+.
    assert_eq!(battle(&c).recovery_target, Some(5));
    ok(&mut c, Decision::RollRecovery, &[5]);
    assert_eq!(c.state().player(Side::A).lost_count(), 0);
}

#[test]
fn subordinate_required_while_one_is_alive() {
    let pc = s(4, 0);
    let mut c = after_losses(&[pc, s(4, 1), s(4, 2)], 4);
    let orbat = c.setup().players[0].orbat.clone();
    let (candidates, subordinate) = replacement_candidates(&orbat, c.state().player(Side::A), pc);
    assert_eq!((candidates, subordinate), (vec![s(4, 3)], true));
    refused(
        &mut c,
        Decision::ReplaceCommander { commander: pc, replacement: s(1, 0) },
        &[],
        rule(RuleError::SubordinateAvailable { commander: "PC (1st Platoon)".into() }),
    );
    // A killed rifle cannot step in.
    refused(
        &mut c,
        Decision::ReplaceCommander { commander: pc, replacement: s(4, 1) },
        &[],
        rule(RuleError::NotAReplacement("Rifle (1st Platoon)".into())),
    );
    ok(&mut c, Decision::ReplaceCommander { commander: pc, replacement: s(4, 3) }, &[]);
    assert_eq!(c.state().player(Side::A).lost_count(), 3);
}

#[test]
fn any_squad_or_crew_served_weapon_when_no_subordinate_is_left() {
    let pc = s(4, 0);
    let mut c = after_losses(&[pc, s(4, 1), s(4, 2), s(4, 3)], 4);
    let orbat = c.setup().players[0].orbat.clone();
    let (candidates, subordinate) = replacement_candidates(&orbat, c.state().player(Side::A), pc);
    assert!(!subordinate);
    assert!(candidates.contains(&s(1, 0)), "an HMG");
    assert!(candidates.contains(&s(8, 1)), "a rifle of another company");
    assert!(!candidates.contains(&s(15, 0)), "no tank");
    assert!(!candidates.contains(&s(5, 0)), "no other commander");
    assert!(!candidates.contains(&s(2, 0)), "no FO");
    refused(
        &mut c,
        Decision::ReplaceCommander { commander: pc, replacement: s(2, 0) },
        &[],
        rule(RuleError::NotAReplacement("FO 82mm mortars (Mortar Platoon)".into())),
    );
    ok(&mut c, Decision::ReplaceCommander { commander: pc, replacement: s(1, 0) }, &[]);
    let p = c.state().player(Side::A);
    assert!(!p.is_lost(pc) && p.is_lost(s(1, 0)));
    assert_eq!(p.lost_count(), 4);
}

#[test]
fn killed_cc_takes_a_stand_of_its_company_and_two_commanders_in_turn() {
    let cc = s(3, 0);
    let pc = s(8, 0);
    let mut c = after_losses(&[cc, s(3, 1), pc], 4);
    let orbat = c.setup().players[0].orbat.clone();
    assert_eq!(rules::pending_commanders(&orbat, c.state().player(Side::A)), vec![cc, pc]);
    let (candidates, subordinate) = replacement_candidates(&orbat, c.state().player(Side::A), cc);
    assert!(subordinate);
    assert!(candidates.contains(&s(4, 1)) && candidates.contains(&s(6, 3)), "rifles of its company");
    assert!(!candidates.contains(&s(8, 1)), "not of another company");
    refused(
        &mut c,
        Decision::ReplaceCommander { commander: cc, replacement: s(8, 1) },
        &[],
        rule(RuleError::SubordinateAvailable { commander: "CC (1st Company HQ)".into() }),
    );
    ok(&mut c, Decision::ReplaceCommander { commander: cc, replacement: s(6, 3) }, &[]);
    assert_eq!(c.state().phase(), Phase::ReplaceCommanders, "the PC is still waiting");
    ok(&mut c, Decision::ReplaceCommander { commander: pc, replacement: s(8, 1) }, &[]);
    assert_eq!(c.state().phase(), Phase::Recovery);
    let p = c.state().player(Side::A);
    assert_eq!(p.lost_refs(), vec![s(3, 1), s(6, 3), s(8, 1)]);
}
