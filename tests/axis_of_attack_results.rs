//! Axis of Attack played through the engine with dice typed in from the table, over the
//! built-in sample: results, concession, breakthrough and mobility, and the campaign's end
//! (`support/aoa_play.rs` has the shared steps and the sample's rosters).

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/aoa_play.rs"]
mod aoa_play;

use field_desk::systems::axis_of_attack::rules;
use field_desk::systems::axis_of_attack::tables::{Mission, MissionResult};
use field_desk::systems::axis_of_attack::{
    Decision, Fielded, GameResult, Outcome, Phase, PlatoonReport, RuleError, Sector, Side,
};

use aoa_play::*;
use Side::{East, West};

// ---------------------------------------------------------------------------------------
// Results, concession, breakthrough and mobility, the end
// ---------------------------------------------------------------------------------------

#[test]
fn results_are_checked() {
    let mut c = new_game();
    to_game(&mut c, force(1500, &[(0, 7)]), force(1500, &[(0, 7), (3, 3)]));
    refused(&mut c, Decision::RecordResult(win(West, 7, 0)), &[], RuleError::VpTooHigh { got: 7 });
    refused(
        &mut c,
        Decision::RecordResult(win(West, 3, 3)),
        &[],
        RuleError::WinnerNeedsMoreVp { player: "Anna".into() },
    );
    let mut r = win(East, 5, 2);
    r.recon = vec![0];
    refused(
        &mut c,
        Decision::RecordResult(r.clone()),
        &[],
        RuleError::NotRecon { platoon: "1st Medium Tank Company".into() },
    );
    r.recon = vec![3];
    ok(&mut c, Decision::RecordResult(r), &[]);
    refused(
        &mut c,
        Decision::RecordCasualties { side: East, reports: vec![report(0, 7)] },
        &[],
        RuleError::ReportMissing { platoon: "Recon Platoon".into() },
    );
    refused(
        &mut c,
        Decision::RecordCasualties { side: East, reports: vec![report(0, 8), report(3, 3)] },
        &[],
        RuleError::TooManyTeams { platoon: "1st Medium Tank Company".into(), fielded: 7, reported: 8 },
    );
    refused(
        &mut c,
        Decision::RecordCasualties { side: East, reports: vec![report(0, 7), report(3, 3), report(2, 5)] },
        &[],
        RuleError::ReportNotFielded { platoon: "Tank Rider Company".into() },
    );
    ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(0, 7), report(3, 2)] }, &[]);
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 7)] }, &[]);
    // The BA-64s ended depleted and mobile in Anna's half: +1 next mission roll.
    assert_eq!(s(&c).current().unwrap().recon_bonus, 1);
}

#[test]
fn a_concession_scores_six_to_one_without_bonus_or_casualties() {
    let mut c = new_game();
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    ok(&mut c, Decision::SubmitForce { side: West, force: force(1200, &[(0, 7)]) }, &[]);
    ok(&mut c, Decision::Concede { side: West }, &[]);
    let st = s(&c);
    let last = st.current().unwrap();
    assert_eq!(last.conceded, Some(West));
    assert_eq!(last.result.as_ref().unwrap().vp, [1, 6]);
    assert_eq!(last.bonus, [0, 0], "no bonus for the fewer points");
    assert_eq!(last.forces, [None, None], "the hidden list is torn up unseen");
    assert_eq!(last.recon_bonus, 1, "Boris claims his recon platoon");
    assert_eq!(st.sector, Sector::new(3));
    assert_eq!(st.phase(), Phase::Reinforcements, "no casualties without a game");
    assert_eq!((st.balance(West), st.balance(East)), (1, 6));
    assert!(last_line(&c).starts_with("Anna concedes the game without fighting: Boris wins 6-1."), "{}", last_line(&c));
}

/// Turn 2 Breakthrough won by Anna (she attacks from sector 5, 4+6 = 10).
fn breakthrough_won(hmg_immobile: bool) -> Game {
    let mut c = turn_two_after(win(West, 5, 2));
    ok(&mut c, Decision::RollMission, &[4, 1]);
    ok(&mut c, Decision::ChangeMission { side: West, to: None }, &[]);
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    ok(&mut c, Decision::SubmitForce { side: West, force: force(1500, &[(0, 7), (3, 5)]) }, &[]);
    ok(&mut c, Decision::SubmitForce { side: East, force: force(1500, &[(0, 7)]) }, &[]);
    ok(&mut c, Decision::RollWeather, &[1]);
    ok(&mut c, Decision::RecordResult(win(West, 5, 2)), &[]);
    assert_eq!(phase(&c), Phase::Breakthrough);
    assert!(rules::two_sectors_possible(s(&c)));
    refused(&mut c, Decision::MoveCampaign { sectors: 3 }, &[], RuleError::BadSectors { sectors: 3 });
    ok(&mut c, Decision::MoveCampaign { sectors: 2 }, &[]);
    assert_eq!(s(&c).sector, Sector::new(7), "two sectors east: Boris's home");
    let hmg = PlatoonReport {
        platoon: 3,
        on_table: 5,
        bailed: 0,
        exited: 0,
        routed: 0,
        immobile: hmg_immobile,
        keep_mobile: None,
    };
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 7), hmg] }, &[]);
    ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(0, 7)] }, &[]);
    quiet_aftermath(&mut c);
    assert_eq!(s(&c).turn, 3);
    c
}

#[test]
fn after_a_two_sector_breakthrough_immobile_platoons_need_carrying() {
    let mut c = breakthrough_won(true);
    let st = s(&c);
    assert_eq!(st.mobility_rule, Some(West));
    assert!(st.platoon(West, 3).unwrap().immobile, "fought in the breakthrough game: stays immobile");
    ok(&mut c, Decision::RollMission, &[1, 1]);
    while phase(&c) != Phase::GameArea {
        match phase(&c) {
            Phase::MissionChange => {
                let side = rules::change_offer(s(&c)).unwrap();
                ok(&mut c, Decision::ChangeMission { side, to: None }, &[]);
            }
            Phase::Attacker => ok(&mut c, Decision::SetAttacker { side: West }, &[]),
            p => panic!("unexpected {p:?}"),
        }
    }
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    refused(
        &mut c,
        Decision::SubmitForce { side: West, force: force(1500, &[(0, 7), (3, 5)]) },
        &[],
        RuleError::NeedsTransport { platoon: "HMG Platoon".into() },
    );
    // Carried, but by nothing in the list: refused with the reason (issue 28's readings).
    let mut f = force(1500, &[(0, 7), (3, 5)]);
    f.platoons[1].transported = true;
    refused(
        &mut c,
        Decision::SubmitForce { side: West, force: f.clone() },
        &[],
        RuleError::NothingToCarry { platoons: "\"HMG Platoon\"".into() },
    );
    // Riding on her three Panzer IIIJs (nine places for five teams).
    f.platoons.push(Fielded { platoon: 5, teams: 3, transported: false });
    ok(&mut c, Decision::SubmitForce { side: West, force: f }, &[]);
    // Boris is not bound by the rule: his tank riders walk.
    ok(&mut c, Decision::SubmitForce { side: East, force: force(1500, &[(0, 7), (2, 10)]) }, &[]);
}

#[test]
fn immobile_platoons_recover_when_there_was_no_breakthrough() {
    // A Breakthrough won but taken one sector only: the HMGs marked immobile get their transport
    // back at the end of reinforcement.
    let mut c = turn_two_after(win(West, 5, 2));
    ok(&mut c, Decision::RollMission, &[4, 1]);
    ok(&mut c, Decision::ChangeMission { side: West, to: None }, &[]);
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    ok(&mut c, Decision::SubmitForce { side: West, force: force(1500, &[(0, 7), (3, 5)]) }, &[]);
    ok(&mut c, Decision::SubmitForce { side: East, force: force(1500, &[(0, 7), (2, 7)]) }, &[]);
    ok(&mut c, Decision::RollWeather, &[1]);
    ok(&mut c, Decision::RecordResult(win(West, 5, 2)), &[]);
    ok(&mut c, Decision::MoveCampaign { sectors: 1 }, &[]);
    assert_eq!(s(&c).sector, Sector::new(6));
    let hmg =
        PlatoonReport { platoon: 3, on_table: 5, bailed: 0, exited: 0, routed: 0, immobile: true, keep_mobile: None };
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 7), hmg] }, &[]);
    let riders =
        PlatoonReport { platoon: 2, on_table: 7, bailed: 0, exited: 0, routed: 0, immobile: true, keep_mobile: None };
    refused(
        &mut c,
        Decision::RecordCasualties { side: East, reports: vec![report(0, 7), riders] },
        &[],
        RuleError::NoTransportToLose { platoon: "Tank Rider Company".into() },
    );
    ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(0, 7), report(2, 7)] }, &[]);
    assert!(s(&c).platoon(West, 3).unwrap().immobile);
    ok(&mut c, Decision::Reinforce { side: West, vp: 0, assign: vec![] }, &[]);
    ok(&mut c, Decision::Reinforce { side: East, vp: 0, assign: vec![] }, &[]);
    assert!(last_line(&c).contains("Transport found again for HMG Platoon."), "{}", last_line(&c));
    quiet_aftermath(&mut c);
    assert!(!s(&c).platoon(West, 3).unwrap().immobile);
    assert_eq!(s(&c).mobility_rule, None);
}

#[test]
fn a_foot_platoon_in_the_breakthrough_game_keeps_the_move_to_one_sector() {
    // Turn 1 Boris wins 6-1 (sector 3). Turn 2: Boris 3 + 6 VP + 1 = 10 attacks a Breakthrough.
    for carried in [false, true] {
        let mut c = turn_two_after(win(East, 6, 1));
        ok(&mut c, Decision::RollMission, &[1, 3]);
        let t = s(&c).current().unwrap();
        assert_eq!((t.mission, t.attacker), (Mission::Breakthrough, Some(East)));
        ok(&mut c, Decision::ChangeMission { side: East, to: None }, &[]);
        ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
        ok(&mut c, Decision::SubmitForce { side: West, force: force(1500, &[(0, 7)]) }, &[]);
        let mut f = force(1500, &[(0, 7), (2, 10)]);
        f.platoons[1].transported = carried;
        ok(&mut c, Decision::SubmitForce { side: East, force: f }, &[]);
        ok(&mut c, Decision::RollWeather, &[1]);
        ok(&mut c, Decision::RecordResult(win(East, 5, 2)), &[]);
        if carried {
            assert_eq!(phase(&c), Phase::Breakthrough, "riding the tanks: two sectors allowed");
            ok(&mut c, Decision::MoveCampaign { sectors: 2 }, &[]);
            assert_eq!(s(&c).sector, Sector::new(1), "Anna's home");
        } else {
            assert_eq!(phase(&c), Phase::Casualties, "on foot: one sector, no choice");
            assert_eq!(s(&c).sector, Sector::new(2));
            assert!(last_line(&c).contains("Breakthrough: the fighting moves to Sector 2."), "{}", last_line(&c));
        }
    }
}

#[test]
fn fighting_withdrawal_retreats_towards_the_defender() {
    let mut c = turn_two_after(win(West, 1, 0));
    // Anna: 1 VP +1 higher = +2; Boris +0. 1+2 = 3 against 6: Fighting Withdrawal? 6 picks it.
    ok(&mut c, Decision::RollMission, &[1, 6]);
    let t = s(&c).current().unwrap();
    assert_eq!((t.mission, t.attacker), (Mission::FightingWithdrawal, Some(East)));
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    ok(&mut c, Decision::SubmitForce { side: West, force: force(1500, &[(0, 7)]) }, &[]);
    ok(&mut c, Decision::SubmitForce { side: East, force: force(1500, &[(0, 7), (2, 10)]) }, &[]);
    ok(&mut c, Decision::RollWeather, &[1]);
    // Fighting Withdrawal: whoever wins, the line goes back towards the defender's home.
    ok(&mut c, Decision::RecordResult(win(East, 4, 3)), &[]);
    assert_eq!(s(&c).sector, Sector::new(4), "retreat one sector towards Anna's home");
    assert_eq!(s(&c).current().unwrap().map.as_ref().unwrap().result, MissionResult::Retreat);
}

#[test]
fn winning_as_attacker_in_the_enemy_home_sector_ends_the_campaign() {
    let mut c = breakthrough_won(false);
    assert_eq!(s(&c).sector, Sector::new(7));
    // Anna 5+5 VP... whatever the totals, set the attacker and fight in sector 7.
    ok(&mut c, Decision::RollMission, &[6, 1]);
    while phase(&c) != Phase::GameArea {
        match phase(&c) {
            Phase::MissionChange => {
                let side = rules::change_offer(s(&c)).unwrap();
                ok(&mut c, Decision::ChangeMission { side, to: None }, &[]);
            }
            Phase::Attacker => ok(&mut c, Decision::SetAttacker { side: West }, &[]),
            p => panic!("unexpected {p:?}"),
        }
    }
    let t = s(&c).current().unwrap();
    assert!(t.attacks(West), "Anna attacks: {:?} {:?}", t.mission, t.attacker);
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    ok(&mut c, Decision::SubmitForce { side: West, force: force(1500, &[(0, 7)]) }, &[]);
    ok(&mut c, Decision::SubmitForce { side: East, force: force(1500, &[(0, 7)]) }, &[]);
    ok(&mut c, Decision::RollWeather, &[1]);
    ok(&mut c, Decision::RecordResult(win(West, 6, 1)), &[]);
    let st = s(&c);
    assert_eq!(st.outcome(), Some(Outcome::Victory(West)));
    assert_eq!(st.phase(), Phase::Finished);
    assert!(st.current().is_none());
    assert!(last_line(&c)
        .contains("Anna has won a game as attacker in the enemy's home sector and wins the campaign in turn 3!"));
    refused(&mut c, Decision::RollMission, &[1, 1], RuleError::CampaignOver);
}

/// Plays whole turns quickly: every roll typed as given, the first available combat
/// platoons at their minimum, everybody survives, nobody spends.
fn quick_turn(c: &mut Game, mission_dice: [u16; 2], result: Option<GameResult>) {
    let turn = s(c).turn;
    while s(c).turn == turn && phase(c) != Phase::Finished {
        let st = s(c).clone();
        let t = st.current().unwrap();
        match st.phase() {
            Phase::MissionRoll => ok(c, Decision::RollMission, &mission_dice),
            Phase::MissionAdjust => ok(c, Decision::AdjustMission { target: West, delta: 0 }, &[]),
            Phase::MissionChange => {
                ok(c, Decision::ChangeMission { side: rules::change_offer(&st).unwrap(), to: None }, &[])
            }
            Phase::Attacker => ok(c, Decision::SetAttacker { side: West }, &[]),
            Phase::GameArea => ok(c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]),
            Phase::Forces => {
                for side in [West, East] {
                    if t.forces[side.index()].is_none() {
                        let f = rules::fieldable(&st, side);
                        let (p, min, _) = f[0];
                        ok(c, Decision::SubmitForce { side, force: force(1500, &[(p, min)]) }, &[]);
                    }
                }
            }
            Phase::Weather => ok(c, Decision::RollWeather, &[3]),
            Phase::Game => match &result {
                Some(r) => ok(c, Decision::RecordResult(r.clone()), &[]),
                None => ok(c, Decision::Concede { side: East }, &[]),
            },
            Phase::Breakthrough => ok(c, Decision::MoveCampaign { sectors: 1 }, &[]),
            Phase::Casualties => {
                for side in [West, East] {
                    if t.casualties[side.index()].is_none() {
                        let f = t.force(side).unwrap();
                        let reports = f.platoons.iter().map(|x| report(x.platoon, x.teams)).collect();
                        ok(c, Decision::RecordCasualties { side, reports }, &[]);
                    }
                }
            }
            Phase::Reinforcements | Phase::Exchanges => quiet_aftermath(c),
            Phase::Finished => unreachable!(),
        }
    }
}

#[test]
fn nine_drawn_turns_end_in_a_stalemate() {
    let mut c = new_game();
    let draw = GameResult { winner: None, vp: [2, 2], recon: vec![] };
    for turn in 1..=9 {
        assert_eq!(s(&c).turn, turn);
        quick_turn(&mut c, [3, 3], Some(draw.clone()));
    }
    let st = s(&c);
    assert_eq!(st.sector, Sector::new(4));
    assert_eq!(st.outcome(), Some(Outcome::Stalemate));
    assert_eq!(st.turns.len(), 9);
    assert!(st.turns.last().unwrap().casualties[0].is_none(), "the last game's aftermath is skipped");
    assert!(last_line(&c).contains("stalemate"));
}

#[test]
fn after_nine_turns_next_to_the_enemy_home_is_a_minor_victory() {
    let mut c = new_game();
    // Boris concedes turns 1 and 2: the line goes 4 to 5 to 6 (Encounters and Cauldron/...).
    quick_turn(&mut c, [3, 3], None);
    assert_eq!(s(&c).sector, Sector::new(5));
    let draw = GameResult { winner: None, vp: [1, 1], recon: vec![] };
    for _ in 2..=9 {
        quick_turn(&mut c, [1, 1], Some(draw.clone()));
    }
    let st = s(&c);
    assert_eq!(st.turn, 9);
    assert_eq!(st.sector, Sector::new(5));
    assert_eq!(st.outcome(), Some(Outcome::Stalemate), "sector 5 is two away from Boris's home");

    let mut c = new_game();
    quick_turn(&mut c, [3, 3], None); // 5
                                      // Turn 2: Anna 6 VP +1 higher +1 recon; dice 1 and 1 give her 9 > Boris 2: Encounter.
    quick_turn(&mut c, [1, 1], None); // 6
    assert_eq!(s(&c).sector, Sector::new(6));
    for _ in 3..=9 {
        quick_turn(&mut c, [1, 1], Some(draw.clone()));
    }
    assert_eq!(s(&c).outcome(), Some(Outcome::MinorVictory(West)));
    assert!(last_line(&c).contains("a minor victory for Anna"), "{}", last_line(&c));
}
