//! Axis of Attack played through the engine (`Campaign<AxisOfAttack>`) with dice typed in
//! from the table, over the built-in sample campaign: the setup and the start, the text's
//! worked examples, and the engine's dice, undo and replay. Mission selection, force lists,
//! options, air and weather are in `axis_of_attack_missions.rs`; results, breakthroughs and the
//! campaign's end in `axis_of_attack_results.rs`; the shared steps and the sample's rosters in
//! `support/aoa_play.rs`.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/aoa_play.rs"]
mod aoa_play;

use field_desk::engine::{Campaign, DecideError, DiceError, DiceInput};
use field_desk::systems::axis_of_attack::rules;
use field_desk::systems::axis_of_attack::sample::sample_setup;
use field_desk::systems::axis_of_attack::state::LedgerItem;
use field_desk::systems::axis_of_attack::tables::{Mission, Mobility, Mud, Role, Strength, Weather};
use field_desk::systems::axis_of_attack::{
    AxisOfAttack, Decision, DiceFor, Phase, Platoon, PlatoonReport, RuleError, Sector, Setup, Side,
};

use aoa_play::*;
use Side::{East, West};

// ---------------------------------------------------------------------------------------
// Setup and the start
// ---------------------------------------------------------------------------------------

#[test]
fn the_sample_starts_in_the_middle_with_an_encounter() {
    let c = new_game();
    let st = s(&c);
    assert_eq!(st.turn, 1);
    assert_eq!(st.sector, Sector::new(4));
    let t = st.current().unwrap();
    assert_eq!(t.mission, Mission::Encounter);
    assert_eq!(t.attacker, None, "both attack in an Encounter");
    assert!(t.selection.is_none(), "no roll for the first mission");
    assert_eq!(st.phase(), Phase::GameArea, "no VP yet: nobody can change the mission");
    assert_eq!((st.weather, st.mud), (Weather::Clear, Mud::Dry));
    assert_eq!(st.balance(West), 0);
    // Starting strengths from the counts bought.
    assert_eq!(strength(&c, West, 0), Strength::Full);
    assert_eq!(strength(&c, East, 0), Strength::Full);
    assert_eq!(strength(&c, East, 1), Strength::UnderStrength, "a 10-tank company bought at 7");
    assert_eq!(strength(&c, East, 2), Strength::UnderStrength, "tank riders bought at 10 of 7 to 13");
    assert_eq!(West.home(), Sector::new(1));
    assert_eq!(East.home(), Sector::new(7));
}

#[test]
fn soviet_tank_company_bought_at_8_rounds_down_to_7() {
    // "A platoon purchased at 8 tanks would be rounded down."
    let mut setup = sample_setup();
    setup.players[1].platoons[1].teams = 8;
    let p = &setup.players[1].platoons[1];
    assert_eq!(p.purchased_strength(), Strength::UnderStrength);
    assert_eq!(p.wasted_teams(), 1);
    assert_eq!(p.teams_at(Strength::UnderStrength), 7);
    let c: Game = Campaign::new(setup).unwrap();
    assert_eq!(rules::fieldable(s(&c), East)[1], (1, 5, 7), "it may field 5 to 7 tanks");
    // Panzergrenadiers: full 3 squads or depleted 2 (here in teams: 7 and 5), never in between.
    let pzg = &sample_setup().players[0].platoons[0];
    assert_eq!(pzg.strength_of(7, 0), Strength::Full);
    assert_eq!(pzg.strength_of(6, 0), Strength::Depleted, "no under-strength level: 6 rounds down");
    assert_eq!(pzg.strength_of(5, 0), Strength::Depleted);
    assert_eq!(pzg.ladder(), vec![Strength::Destroyed, Strength::Gutted, Strength::Depleted, Strength::Full]);
}

#[test]
fn unplayable_setups_are_refused_in_plain_words() {
    use field_desk::systems::axis_of_attack::SetupProblem;
    let check = |edit: &dyn Fn(&mut Setup), want: SetupProblem| {
        let mut setup = sample_setup();
        edit(&mut setup);
        let got = Campaign::<AxisOfAttack>::new(setup).err();
        assert_eq!(got, Some(RuleError::Setup(want.clone())));
        assert!(!want.to_string().is_empty());
    };
    check(&|s| s.players[0].name = " ".into(), SetupProblem::NoName(West));
    check(&|s| s.players[1].name = "Anna".into(), SetupProblem::SameNames);
    check(&|s| s.players[1].army = "".into(), SetupProblem::NoArmy(East));
    check(
        &|s| s.players[0].platoons[1].name = "1st Panzergrenadier Platoon".into(),
        SetupProblem::PlatoonTwice { player: "Anna".into(), platoon: "1st Panzergrenadier Platoon".into() },
    );
    check(
        &|s| s.players[0].platoons[3].teams = 6,
        SetupProblem::BoughtOutside { player: "Anna".into(), platoon: "HMG Platoon".into(), min: 3, max: 5, teams: 6 },
    );
    check(
        &|s| s.players[1].platoons[1].role = Role::Support,
        SetupProblem::TooFewCombatPlatoons { player: "Boris".into(), have: 1 },
    );
    check(
        &|s| s.starting_points = 1000,
        SetupProblem::OverPoints { player: "Anna".into(), total: 1805, allowed: 1000 },
    );
    let e =
        SetupProblem::BoughtOutside { player: "Anna".into(), platoon: "HMG Platoon".into(), min: 3, max: 5, teams: 6 };
    assert_eq!(e.to_string(), "Anna: \"HMG Platoon\" is bought with 6 teams, but the book allows 3 to 5.");
}

// ---------------------------------------------------------------------------------------
// The worked examples
// ---------------------------------------------------------------------------------------

#[test]
fn example_gutted_panzergrenadier_platoon() {
    // 3 MG teams destroyed leave 3 MG teams and the commander (the light mortar is an upgrade
    // and is not counted): 4 teams, under the minimum of 5: gutted.
    let c = first_game_anna_wins();
    assert_eq!(strength(&c, West, 0), Strength::Gutted);
    let line = &s(&c).current().unwrap().casualties[0].as_ref().unwrap()[0];
    assert_eq!((line.counted, line.before, line.after), (4, Strength::Full, Strength::Gutted));
}

#[test]
fn example_soviet_tank_company_at_seven() {
    // Full at 10, 7 brought, 3 lost: 4 on the table plus the 3 left at home: 7, under strength.
    let c = first_game_anna_wins();
    assert_eq!(strength(&c, East, 0), Strength::UnderStrength);
    let line = &s(&c).current().unwrap().casualties[1].as_ref().unwrap()[0];
    assert_eq!(line.counted, 7);
    // Next game it may bring 5, 6 or 7 tanks, and keeps its three upgrades whatever it brings.
    assert_eq!(rules::fieldable(s(&c), East)[0], (0, 5, 7));
    assert_eq!(s(&c).platoon(East, 0).unwrap().platoon.upgrades, "Up to 3 tanks upgraded");
}

#[test]
fn example_bailed_panzers_for_the_winner() {
    // 2 destroyed, 3 bailed: the winner recovers the bailed tanks: 3 of 3 to 5: depleted.
    let c = first_game_anna_wins();
    assert_eq!(strength(&c, West, 5), Strength::Depleted);
    let line = line_starting(&c, "Anna counts the losses");
    assert!(line.contains("Panzer IIIJ Platoon full strength to depleted (3 teams counted)"), "{line}");
    assert!(line.contains("1st Panzergrenadier Platoon full strength to gutted (4 teams counted)"), "{line}");
}

#[test]
fn example_bailed_panzers_for_the_loser() {
    // The same platoon on the losing side: bailed tanks count as destroyed: destroyed.
    let mut c = new_game();
    to_game(&mut c, force(1500, &[(0, 7), (5, 5)]), force(1500, &[(0, 7)]));
    ok(&mut c, Decision::RecordResult(win(East, 4, 3)), &[]);
    assert_eq!(s(&c).sector, Sector::new(3), "Boris advances west");
    let bailed =
        PlatoonReport { platoon: 5, on_table: 0, bailed: 3, exited: 0, routed: 0, immobile: false, keep_mobile: None };
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 7), bailed] }, &[]);
    assert_eq!(strength(&c, West, 5), Strength::Destroyed);
}

#[test]
fn routed_teams_are_not_counted_but_the_platoon_is_not_destroyed() {
    let mut c = new_game();
    to_game(&mut c, force(1500, &[(0, 7), (3, 5)]), force(1500, &[(0, 7)]));
    ok(&mut c, Decision::RecordResult(win(East, 4, 3)), &[]);
    // The HMGs lost 2 teams and the other 3 ran; the grenadiers lost 5 but 2 got off their own
    // edge after turn 3.
    let ran =
        PlatoonReport { platoon: 3, on_table: 0, bailed: 0, exited: 0, routed: 3, immobile: false, keep_mobile: None };
    let exited =
        PlatoonReport { platoon: 0, on_table: 0, bailed: 0, exited: 2, routed: 0, immobile: false, keep_mobile: None };
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![exited, ran] }, &[]);
    assert_eq!(strength(&c, West, 3), Strength::Gutted);
    assert_eq!(strength(&c, West, 0), Strength::Gutted);
}

#[test]
fn example_automatic_upgrade_of_two_gutted_platoons() {
    // One panzergrenadier platoon destroyed and two gutted: below two depleted combat platoons.
    let mut c = new_game();
    to_game(&mut c, force(1500, &[(0, 7), (1, 7), (2, 7)]), force(1500, &[(0, 10)]));
    ok(&mut c, Decision::RecordResult(win(East, 6, 1)), &[]);
    let ran =
        PlatoonReport { platoon: 2, on_table: 1, bailed: 0, exited: 0, routed: 2, immobile: false, keep_mobile: None };
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 0), report(1, 3), ran] }, &[]);
    assert_eq!(
        [strength(&c, West, 0), strength(&c, West, 1), strength(&c, West, 2)],
        [Strength::Destroyed, Strength::Gutted, Strength::Gutted]
    );
    ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(0, 10)] }, &[]);
    assert_eq!(phase(&c), Phase::Reinforcements);
    // The top-up "may" be taken: offered for as many platoons as the company is short.
    assert_eq!(rules::top_up_offer(s(&c), West), Some(2));
    assert_eq!(rules::top_up_offer(s(&c), East), None);
    assert_eq!(rules::top_up_candidates(s(&c), West), vec![1, 2, 0], "gutted before destroyed");
    assert_eq!(strength(&c, West, 1), Strength::Gutted, "nothing is raised before the player says so");
    let top_up = |platoons: Vec<u16>| Decision::TopUp { side: West, platoons };
    refused(&mut c, top_up(vec![1, 2, 0]), &[], RuleError::TopUpTooMany { short: 2, got: 3 });
    refused(&mut c, top_up(vec![3]), &[], RuleError::NotForTopUp { platoon: "HMG Platoon".into() });
    refused(&mut c, top_up(vec![1, 1]), &[], RuleError::PlatoonTwice { platoon: "2nd Panzergrenadier Platoon".into() });
    refused(
        &mut c,
        Decision::TopUp { side: East, platoons: vec![] },
        &[],
        RuleError::NoTopUp { player: "Boris".into() },
    );
    ok(&mut c, top_up(vec![1, 2]), &[]);
    let line = last_line(&c);
    assert!(line.contains("tops the company up to two depleted combat platoons"), "{line}");
    assert!(line.contains("2nd Panzergrenadier Platoon from gutted to depleted"), "{line}");
    refused(&mut c, top_up(vec![]), &[], RuleError::NoTopUp { player: "Anna".into() });
    // The two gutted platoons were brought up to depleted, each using one die: two are left.
    assert_eq!(strength(&c, West, 1), Strength::Depleted);
    assert_eq!(strength(&c, West, 2), Strength::Depleted);
    assert_eq!(strength(&c, West, 0), Strength::Destroyed);
    let auto = &s(&c).current().unwrap().auto[0];
    assert_eq!(auto.iter().map(|a| (a.platoon, a.dice)).collect::<Vec<_>>(), vec![(1, 1), (2, 1)]);
    assert_eq!(rules::reinforcement_dice(s(&c), West, 0), 2);
    assert_eq!(rules::reinforcement_dice(s(&c), East, 0), 4);
    assert_eq!(rules::reinforceable(s(&c), West), vec![0], "only the destroyed platoon can still grow");
    // Those two may not be reinforced again this turn; only two dice remain.
    refused(
        &mut c,
        Decision::Reinforce { side: West, vp: 0, assign: vec![DiceFor { platoon: 1, dice: 1 }] },
        &[6],
        RuleError::AutoUpgraded { platoon: "2nd Panzergrenadier Platoon".into() },
    );
    refused(
        &mut c,
        Decision::Reinforce { side: West, vp: 0, assign: vec![DiceFor { platoon: 0, dice: 3 }] },
        &[1, 1, 1],
        RuleError::TooManyDice { available: 2, got: 3 },
    );
    // The destroyed platoon rolls its two dice and goes up one level only: gutted, still
    // unavailable for the next game.
    ok(&mut c, Decision::Reinforce { side: West, vp: 0, assign: vec![DiceFor { platoon: 0, dice: 2 }] }, &[3, 6]);
    assert_eq!(strength(&c, West, 0), Strength::Gutted);
    let line = last_line(&c);
    assert!(!line.contains("keeps two combat platoons in the field"), "told once, by the top-up: {line}");
    assert!(line.contains("1st Panzergrenadier Platoon rolled 3 6 needing 3+: up to gutted"), "{line}");
    ok(&mut c, Decision::Reinforce { side: East, vp: 0, assign: vec![] }, &[]);
    quiet_aftermath(&mut c);
    assert_eq!(s(&c).turn, 2);
    assert!(rules::fieldable(s(&c), West).iter().all(|f| f.0 != 0), "a gutted platoon cannot take the table");
}

#[test]
fn example_pak40_exchange() {
    // Anna's Panzer IIIJs are down to three tanks, worth 315 points now. A 3-gun PaK40 platoon
    // (265) may replace them, the other 50 points lost; a 4-gun one (345) may not.
    let mut c = new_game();
    to_game(&mut c, force(1500, &[(0, 7), (5, 5)]), force(1500, &[(0, 7)]));
    ok(&mut c, Decision::RecordResult(win(West, 5, 2)), &[]);
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 7), report(5, 3)] }, &[]);
    ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(0, 7)] }, &[]);
    assert_eq!(strength(&c, West, 5), Strength::Depleted);
    ok(&mut c, Decision::Reinforce { side: West, vp: 0, assign: vec![] }, &[]);
    ok(&mut c, Decision::Reinforce { side: East, vp: 0, assign: vec![] }, &[]);
    assert_eq!(phase(&c), Phase::Exchanges);
    let st = s(&c);
    assert_eq!((st.balance(West), st.balance(East)), (5, 2));
    assert!(st.current().unwrap().exchanges_done[1], "Boris has too few VP to exchange: passed for him");
    let pak40 = |guns: u16, points: u32| Platoon {
        name: format!("PaK40 Platoon ({guns} guns)"),
        role: Role::Support,
        min_teams: 3,
        max_teams: 5,
        teams: guns + 1,
        points,
        upgrades: String::new(),
        all_tank: false,
        recon: false,
        mobility: Mobility::Transported,
        under_strength: None,
        vehicles: String::new(),
        transport: false,
    };
    refused(
        &mut c,
        Decision::ExchangeSupport { side: West, platoon: 5, value: 315, new: pak40(4, 345) },
        &[],
        RuleError::TooExpensive { platoon: "PaK40 Platoon (4 guns)".into(), points: 345, value: 315 },
    );
    refused(
        &mut c,
        Decision::ExchangeSupport { side: West, platoon: 3, value: 185, new: pak40(3, 165) },
        &[],
        RuleError::NotSupport { platoon: "HMG Platoon".into() },
    );
    let mut combat = pak40(3, 265);
    combat.role = Role::Combat;
    refused(
        &mut c,
        Decision::ExchangeSupport { side: West, platoon: 5, value: 315, new: combat },
        &[],
        RuleError::NewNotSupport { platoon: "PaK40 Platoon (3 guns)".into() },
    );
    ok(&mut c, Decision::ExchangeSupport { side: West, platoon: 5, value: 315, new: pak40(3, 265) }, &[]);
    let line = last_line(&c);
    assert!(line.contains("Anna pays 5 VP to swap Panzer IIIJ Platoon (worth 315 points now) for PaK40 Platoon (3 guns) (265 points, under strength)"), "{line}");
    assert!(line.contains("the 50 points left over are lost"), "{line}");
    assert_eq!(rules::exchange_leftover(315, 265), 50);
    assert_eq!(rules::exchange_leftover(315, 315), 0);
    // Anna is out of VP, so the turn moved on.
    let st = s(&c);
    assert_eq!(st.turn, 2);
    assert_eq!(st.balance(West), 0);
    let old = st.platoon(West, 5).unwrap();
    assert_eq!(old.exchanged_for, Some(7));
    let new = st.platoon(West, 7).unwrap();
    assert_eq!((new.start, new.strength, new.joined), (Strength::UnderStrength, Strength::UnderStrength, 1));
    let spend = st.ledger.iter().find(|e| matches!(e.item, LedgerItem::Exchange { .. })).unwrap();
    assert_eq!((spend.side, spend.vp, spend.turn), (West, -5, 1));
    assert_eq!(spend.item, LedgerItem::Exchange { old: 5, new: 7 });
}

// ---------------------------------------------------------------------------------------
// Engine behaviour: dice, undo, replay, phases
// ---------------------------------------------------------------------------------------

#[test]
fn dice_are_checked_and_wrong_steps_refused() {
    let mut c = turn_two_after(win(West, 4, 3));
    assert_eq!(
        c.decide(Decision::RollMission, typed(&[3])),
        Err(DecideError::Dice(DiceError::WrongCount { expected: 2, got: 1 }))
    );
    assert_eq!(
        c.decide(Decision::RollMission, typed(&[3, 7])),
        Err(DecideError::Dice(DiceError::OutOfRange { index: 1, value: 7, sides: 6 }))
    );
    refused(&mut c, Decision::RollWeather, &[3], RuleError::NotNow { phase: Phase::MissionRoll });
    refused(&mut c, Decision::Concede { side: West }, &[], RuleError::NotNow { phase: Phase::MissionRoll });
    assert_eq!(
        RuleError::NotNow { phase: Phase::MissionRoll }.to_string(),
        "That is not part of the current step (Mission roll)."
    );
}

#[test]
fn undo_and_replay_reproduce_the_position() {
    let mut c = first_game_anna_wins();
    ok(
        &mut c,
        Decision::Reinforce {
            side: West,
            vp: 2,
            assign: vec![DiceFor { platoon: 0, dice: 3 }, DiceFor { platoon: 5, dice: 3 }],
        },
        &[1, 2, 3, 6, 5, 4],
    );
    // Gutted grenadiers: 3+ with a 3: depleted. Panzers (5+ support, -1 tanks: 6): a 6: under strength.
    assert_eq!(strength(&c, West, 0), Strength::Depleted);
    assert_eq!(strength(&c, West, 5), Strength::UnderStrength);
    assert_eq!(s(&c).balance(West), 3);
    let at = c.state().clone();
    assert!(c.undo());
    assert_eq!(strength(&c, West, 0), Strength::Gutted);
    let mut next = Zeros;
    c.decide(
        Decision::Reinforce {
            side: West,
            vp: 2,
            assign: vec![DiceFor { platoon: 0, dice: 3 }, DiceFor { platoon: 5, dice: 3 }],
        },
        DiceInput::App(&mut next),
    )
    .unwrap();
    assert_eq!(c.state(), &at, "undo is never a re-roll");
    let r = Campaign::<AxisOfAttack>::replay(c.setup().clone(), c.journal().to_vec()).unwrap();
    assert_eq!(r.state(), c.state());
    assert_eq!(r.history().len(), c.journal().len());
    // The journal survives JSON.
    let json = serde_json::to_string(c.journal()).unwrap();
    let back = serde_json::from_str(&json).unwrap();
    let r = Campaign::<AxisOfAttack>::replay(c.setup().clone(), back).unwrap();
    assert_eq!(r.state(), c.state());
    let setup_json = serde_json::to_string(c.setup()).unwrap();
    assert_eq!(serde_json::from_str::<Setup>(&setup_json).unwrap(), *c.setup());
}

/// An entropy source of zeros: every app die it rolls shows 1.
struct Zeros;
impl rand::RngCore for Zeros {
    fn next_u32(&mut self) -> u32 {
        0
    }
    fn next_u64(&mut self) -> u64 {
        0
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        dst.fill(0)
    }
}
