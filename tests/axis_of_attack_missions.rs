//! Axis of Attack played through the engine with dice typed in from the table, over the
//! built-in sample: mission selection, and force lists, VP options, air support and weather
//! (`support/aoa_play.rs` has the shared steps and the sample's rosters).

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/aoa_play.rs"]
mod aoa_play;

use field_desk::systems::axis_of_attack::rules;
use field_desk::systems::axis_of_attack::state::LedgerItem;
use field_desk::systems::axis_of_attack::tables::{
    AirProfile, Mission, MissionResult, Mud, OptionKind, Ordnance, Weather,
};
use field_desk::systems::axis_of_attack::{AirUse, Decision, ForceList, GameOption, Phase, RuleError, Sector, Side};

use aoa_play::*;
use Side::{East, West};

// ---------------------------------------------------------------------------------------
// Mission selection
// ---------------------------------------------------------------------------------------

#[test]
fn mission_roll_with_every_modifier() {
    // Anna won 4-3 with her armoured cars in Boris's half: +4 VP, +1 higher VP total, +1 recon.
    let mut r = win(West, 4, 3);
    r.recon = vec![6];
    let mut c = turn_two_after(r);
    let mods = rules::mission_modifiers(s(&c), West);
    assert_eq!(mods.iter().map(|m| m.1).collect::<Vec<_>>(), vec![4, 1, 1], "{mods:?}");
    assert_eq!(rules::mission_modifiers(s(&c), East).iter().map(|m| m.1).sum::<i32>(), 3);
    // 3 + 6 = 9 against 2 + 3 = 5: Encounter (both attack).
    ok(&mut c, Decision::RollMission, &[3, 2]);
    let t = s(&c).current().unwrap();
    let sel = t.selection.as_ref().unwrap();
    assert_eq!(sel.totals, [9, 5]);
    assert_eq!((t.mission, t.attacker), (Mission::Encounter, None));
    assert_eq!(phase(&c), Phase::GameArea, "4 VP and 3 VP: nobody can pay for a change");
    assert!(
        last_line(&c).contains("Anna rolled 3 +6 = 9; Boris rolled 2 +3 = 5. 9 picks Encounter: both attack."),
        "{}",
        last_line(&c)
    );
}

#[test]
fn the_higher_total_attacks_and_a_tie_is_settled_by_the_mission() {
    let mut c = turn_two_after(win(West, 4, 3));
    // Anna +4 +1 = +5, Boris +3. 1+5 = 6 against 3+3 = 6: tied at 6: Fighting Withdrawal.
    ok(&mut c, Decision::RollMission, &[1, 3]);
    assert_eq!(s(&c).current().unwrap().mission, Mission::FightingWithdrawal);
    assert_eq!(phase(&c), Phase::Attacker, "Anna has only 4 VP: no change offered; level totals");
    ok(&mut c, Decision::SetAttacker { side: East }, &[]);
    assert_eq!(s(&c).current().unwrap().attacker, Some(East));
    assert_eq!(phase(&c), Phase::GameArea);
    assert_eq!(rules::area_chooser(s(&c)), Some(West), "the last winner picks the table area");

    let mut c = turn_two_after(win(West, 4, 3));
    // 2+5 = 7 against 1+3 = 4: Cauldron, Anna attacks.
    ok(&mut c, Decision::RollMission, &[2, 1]);
    let t = s(&c).current().unwrap();
    assert_eq!((t.mission, t.attacker), (Mission::Cauldron, Some(West)));
}

#[test]
fn mission_change_for_five_vp_offered_in_order() {
    // Anna 5 VP, Boris 2: Anna is offered the change first; Boris cannot pay.
    let mut c = turn_two_after(win(West, 5, 2));
    ok(&mut c, Decision::RollMission, &[4, 1]); // 4+6 = 10: Breakthrough, Anna attacks
    assert_eq!(s(&c).current().unwrap().mission, Mission::Breakthrough);
    assert_eq!(rules::change_offer(s(&c)), Some(West));
    assert_eq!(rules::legal_mission_changes(s(&c)), vec![Mission::Encounter], "Breakthrough is the top row");
    refused(
        &mut c,
        Decision::ChangeMission { side: East, to: Some(Mission::Encounter) },
        &[],
        RuleError::NotOffered { player: "Boris".into(), offered: "Anna".into() },
    );
    refused(
        &mut c,
        Decision::ChangeMission { side: West, to: Some(Mission::Cauldron) },
        &[],
        RuleError::NotANeighbour { from: Mission::Breakthrough, to: Mission::Cauldron },
    );
    ok(&mut c, Decision::ChangeMission { side: West, to: Some(Mission::Encounter) }, &[]);
    let st = s(&c);
    let t = st.current().unwrap();
    assert_eq!((t.rolled_mission, t.mission, t.attacker), (Mission::Breakthrough, Mission::Encounter, None));
    assert_eq!(st.balance(West), 0);
    assert_eq!(
        st.ledger.last().unwrap().item,
        LedgerItem::MissionChange { from: Mission::Breakthrough, to: Mission::Encounter }
    );
    assert_eq!(st.phase(), Phase::GameArea, "one change only");

    // When Anna passes, Boris is offered it if he can pay; here he cannot.
    let mut c = turn_two_after(win(West, 5, 2));
    ok(&mut c, Decision::RollMission, &[4, 1]);
    ok(&mut c, Decision::ChangeMission { side: West, to: None }, &[]);
    assert_eq!(phase(&c), Phase::GameArea);
    assert!(last_line(&c).contains("Anna lets the mission stand."));
}

#[test]
fn the_other_player_is_offered_the_change_when_the_first_passes() {
    // Boris wins 6-1 and gets 2 more VP being outnumbered (1,340 against 1,500): 8 VP to Anna's 1.
    let mut c = new_game();
    let mut big = force(1725, &[(0, 7), (1, 7)]);
    big.vp_for_points = 3;
    refused(
        &mut c.clone(),
        Decision::SubmitForce { side: West, force: big.clone() },
        &[],
        RuleError::NotNow { phase: Phase::GameArea },
    );
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    refused(
        &mut c,
        Decision::SubmitForce { side: West, force: big.clone() },
        &[],
        RuleError::NotEnoughVp { player: "Anna".into(), need: 3, have: 0 },
    );
    ok(&mut c, Decision::SubmitForce { side: West, force: force(1500, &[(0, 7), (1, 7)]) }, &[]);
    ok(&mut c, Decision::SubmitForce { side: East, force: force(1340, &[(0, 10)]) }, &[]);
    ok(&mut c, Decision::RollWeather, &[2]);
    ok(&mut c, Decision::RecordResult(win(East, 6, 1)), &[]);
    assert_eq!(s(&c).current().unwrap().bonus, [0, 2], "160 points fewer: +2");
    assert_eq!((s(&c).balance(West), s(&c).balance(East)), (1, 8));
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 7), report(1, 7)] }, &[]);
    ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(0, 10)] }, &[]);
    ok(&mut c, Decision::Reinforce { side: West, vp: 0, assign: vec![] }, &[]);
    ok(&mut c, Decision::Reinforce { side: East, vp: 0, assign: vec![] }, &[]);
    assert_eq!(phase(&c), Phase::Exchanges, "Boris could exchange a support platoon");
    ok(&mut c, Decision::DoneExchanging { side: East }, &[]);
    assert_eq!(s(&c).turn, 2);
    ok(&mut c, Decision::RollMission, &[1, 1]); // Anna 1+1 = 2, Boris 1+6+1 = 8: Encounter
    assert_eq!(rules::change_offer(s(&c)), Some(East));
    ok(&mut c, Decision::ChangeMission { side: East, to: None }, &[]);
    assert_eq!(phase(&c), Phase::GameArea, "Anna has 1 VP: nobody else to offer");
    // Boris picks the area; Anna shifts it one square for her 1 VP, but not two.
    refused(
        &mut c,
        Decision::ChooseArea { area: "North woods".into(), shift: 2 },
        &[],
        RuleError::NotEnoughVp { player: "Anna".into(), need: 2, have: 1 },
    );
    ok(&mut c, Decision::ChooseArea { area: "North woods".into(), shift: 1 }, &[]);
    assert_eq!(s(&c).balance(West), 0);
    assert!(last_line(&c).contains("Boris chooses the table area: North woods. Anna pays 1 VP to shift it 1 square."));
}

#[test]
fn a_winning_defender_of_a_breakthrough_shifts_the_higher_total() {
    // Turn 2: Breakthrough with Anna attacking; Boris defends and wins 4-3.
    let mut c = turn_two_after(win(West, 5, 2));
    ok(&mut c, Decision::RollMission, &[4, 1]);
    ok(&mut c, Decision::ChangeMission { side: West, to: None }, &[]);
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    ok(&mut c, Decision::SubmitForce { side: West, force: force(1500, &[(1, 7)]) }, &[]);
    ok(&mut c, Decision::SubmitForce { side: East, force: force(1500, &[(1, 7)]) }, &[]);
    ok(&mut c, Decision::RollWeather, &[6]); // clear then 6: intermittent rain
    assert_eq!((s(&c).weather, s(&c).mud), (Weather::IntermittentRain, Mud::Wet));
    ok(&mut c, Decision::RecordResult(win(East, 4, 3)), &[]);
    assert_eq!(s(&c).current().unwrap().map.as_ref().unwrap().result, MissionResult::Hold);
    assert_eq!(s(&c).sector, Sector::new(5), "a defender's win holds the sector");
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(1, 7)] }, &[]);
    ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(1, 7)] }, &[]);
    quiet_aftermath(&mut c);
    assert_eq!(s(&c).turn, 3);
    assert_eq!(rules::adjuster(s(&c)), Some(East));
    // Campaign VP: Anna 5 + 3 = 8, Boris 2 + 4 = 6. Boris: 4 VP + 2 won as defender; Anna: 3 VP
    // + 1 higher VP total.
    let mods = rules::mission_modifiers(s(&c), East);
    assert_eq!(mods.iter().map(|m| m.1).collect::<Vec<_>>(), vec![4, 2], "{mods:?}");
    let mods = rules::mission_modifiers(s(&c), West);
    assert_eq!(mods.iter().map(|m| m.1).collect::<Vec<_>>(), vec![3, 1], "{mods:?}");
    ok(&mut c, Decision::RollMission, &[6, 3]); // Anna 6+4 = 10 (Breakthrough), Boris 3+6 = 9
    assert_eq!(phase(&c), Phase::MissionAdjust);
    assert_eq!(rules::adjustable_totals(s(&c)), vec![West]);
    refused(
        &mut c,
        Decision::AdjustMission { target: East, delta: 1 },
        &[],
        RuleError::ShiftLowerTotal { player: "Boris".into() },
    );
    refused(&mut c, Decision::AdjustMission { target: West, delta: 2 }, &[], RuleError::BadShift { delta: 2 });
    // Boris takes 1 off Anna's 10: tied at 9: Encounter.
    ok(&mut c, Decision::AdjustMission { target: West, delta: -1 }, &[]);
    let t = s(&c).current().unwrap();
    assert_eq!(t.selection.as_ref().unwrap().totals, [9, 9]);
    assert_eq!((t.mission, t.attacker), (Mission::Encounter, None));
    assert!(last_line(&c).contains("Boris takes 1 off Anna's total, now 9: Encounter."), "{}", last_line(&c));
}

// ---------------------------------------------------------------------------------------
// Forces, options, air support, weather
// ---------------------------------------------------------------------------------------

#[test]
fn force_lists_stay_hidden_until_both_are_in() {
    let mut c = new_game();
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    let mut f = force(1500, &[(0, 7), (5, 5)]);
    f.air = Some(AirUse { aircraft: 0, profile: AirProfile::AirSuperiority, load: None });
    ok(&mut c, Decision::SubmitForce { side: West, force: f.clone() }, &[]);
    let line = last_line(&c);
    assert_eq!(line, "Anna hands in a force list (kept hidden until both are in).");
    assert!(s(&c).current().unwrap().force(West).is_none(), "not shown before both are in");
    refused(
        &mut c,
        Decision::SubmitForce { side: West, force: f },
        &[],
        RuleError::AlreadyHandedIn { player: "Anna".into() },
    );
    ok(&mut c, Decision::SubmitForce { side: East, force: force(1500, &[(0, 10)]) }, &[]);
    let line = last_line(&c);
    assert!(line.contains("Both lists are in"), "{line}");
    assert!(line.contains("Limited Ju 87 Stuka flying Air Superiority"), "{line}");
    assert!(line.contains("1st Medium Tank Company (10 teams)"), "{line}");
    // The history line of the first list still hides it.
    let first = c.history().into_iter().find(|l| l.text.starts_with("Anna hands in")).unwrap();
    assert!(!first.text.contains("Panzer"), "{}", first.text);
}

#[test]
fn illegal_force_lists_name_the_platoon() {
    let mut c = new_game();
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    let try_west = |c: &mut Game, f: ForceList, want: RuleError| {
        refused(c, Decision::SubmitForce { side: West, force: f }, &[], want);
    };
    try_west(
        &mut c,
        force(1501, &[(0, 7)]),
        RuleError::OverPoints { player: "Anna".into(), points: 1501, allowed: 1500 },
    );
    try_west(&mut c, force(1500, &[]), RuleError::EmptyForce { player: "Anna".into() });
    try_west(
        &mut c,
        force(1500, &[(0, 4)]),
        RuleError::TeamsOutOfRange { platoon: "1st Panzergrenadier Platoon".into(), min: 5, max: 7, got: 4 },
    );
    try_west(
        &mut c,
        force(1500, &[(0, 7), (0, 5)]),
        RuleError::PlatoonTwice { platoon: "1st Panzergrenadier Platoon".into() },
    );
    try_west(&mut c, force(1500, &[(9, 5)]), RuleError::UnknownPlatoon { player: "Anna".into(), index: 9 });
    let mut f = force(1500, &[(0, 7)]);
    f.vp_for_points = 4;
    try_west(&mut c, f, RuleError::TooManyVpForPoints { got: 4 });
    // Options are for the right player in the right mission; an Encounter has no defender.
    let mut f = force(1500, &[(0, 7)]);
    f.option = Some(GameOption::NightAttack);
    try_west(
        &mut c,
        f,
        RuleError::OptionNotForYou { option: "Night attack", who: "the attacker in a Defensive Battle" },
    );
    let mut f = force(1500, &[(0, 7)]);
    f.option = Some(GameOption::Counterbattery);
    try_west(&mut c, f, RuleError::NotEnoughVp { player: "Anna".into(), need: 3, have: 0 });
    let mut f = force(1500, &[(0, 7)]);
    f.air = Some(AirUse { aircraft: 0, profile: AirProfile::CloseAirSupport, load: Some(Ordnance::Bombs) });
    try_west(&mut c, f, RuleError::LoadWithoutInterdiction);
    let mut f = force(1500, &[(0, 7)]);
    f.air = Some(AirUse { aircraft: 1, profile: AirProfile::CloseAirSupport, load: None });
    try_west(&mut c, f, RuleError::UnknownAircraft { player: "Anna".into(), index: 1 });
    let e = RuleError::TeamsOutOfRange { platoon: "1st Panzergrenadier Platoon".into(), min: 5, max: 7, got: 4 };
    assert_eq!(e.to_string(), "\"1st Panzergrenadier Platoon\" can take the table with 5 to 7 teams, not 4.");
}

#[test]
fn vp_options_are_paid_when_both_lists_are_in() {
    // Turn 2, Breakthrough, Anna (5 VP) attacks: extra smoke for her Panzers (1 VP) and 2 VP of
    // points; Boris (2 VP) defends with pre-registered SU-76s (2 VP).
    let mut c = turn_two_after(win(West, 5, 2));
    ok(&mut c, Decision::RollMission, &[4, 1]);
    ok(&mut c, Decision::ChangeMission { side: West, to: None }, &[]);
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    let mut f = force(1650, &[(0, 7), (5, 5), (3, 5)]);
    f.vp_for_points = 2;
    f.option = Some(GameOption::ExtraSmoke { platoons: vec![3] });
    refused(
        &mut c,
        Decision::SubmitForce { side: West, force: f.clone() },
        &[],
        RuleError::SmokeNotSupport { platoon: "HMG Platoon".into() },
    );
    f.option = Some(GameOption::ExtraSmoke { platoons: vec![5, 4] });
    refused(
        &mut c,
        Decision::SubmitForce { side: West, force: f.clone() },
        &[],
        RuleError::OptionPlatoonNotFielded { option: "Extra smoke ammunition", platoon: "PaK38 Platoon".into() },
    );
    let mut pre = force(1500, &[(0, 7), (4, 5)]);
    pre.option = Some(GameOption::PreRegistered { platoons: vec![4] });
    refused(
        &mut c,
        Decision::SubmitForce { side: West, force: pre },
        &[],
        RuleError::OptionNotForYou { option: "Pre-registered artillery", who: "the defender in a Defensive Battle" },
    );
    let mut bomb = force(1500, &[(0, 7)]);
    bomb.option = Some(GameOption::AerialBombardment);
    bomb.air = Some(AirUse { aircraft: 0, profile: AirProfile::CloseAirSupport, load: None });
    refused(&mut c, Decision::SubmitForce { side: West, force: bomb }, &[], RuleError::AirWithBombardment);
    f.option = Some(GameOption::ExtraSmoke { platoons: vec![5] });
    ok(&mut c, Decision::SubmitForce { side: West, force: f }, &[]);
    assert_eq!(s(&c).balance(West), 5, "nothing is paid before both lists are in");
    let mut g = force(1500, &[(0, 7), (4, 5)]);
    g.option = Some(GameOption::PreRegistered { platoons: vec![4] });
    ok(&mut c, Decision::SubmitForce { side: East, force: g }, &[]);
    let st = s(&c);
    assert_eq!((st.balance(West), st.spent(West), st.earned(West)), (2, 3, 5));
    assert_eq!((st.balance(East), st.spent(East)), (0, 2));
    let items: Vec<&LedgerItem> = st.ledger.iter().filter(|e| e.turn == 2).map(|e| &e.item).collect();
    assert_eq!(
        items,
        vec![
            &LedgerItem::Points { points: 150 },
            &LedgerItem::Option(OptionKind::ExtraSmoke),
            &LedgerItem::Option(OptionKind::PreRegistered)
        ]
    );
    assert!(last_line(&c).contains("Extra smoke ammunition for Panzer IIIJ Platoon (1 VP)"), "{}", last_line(&c));
}

#[test]
fn weather_reads_last_weather_and_moves_the_mud() {
    let mut c = new_game();
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    ok(&mut c, Decision::SubmitForce { side: West, force: force(1500, &[(0, 7)]) }, &[]);
    ok(&mut c, Decision::SubmitForce { side: East, force: force(1500, &[(0, 7)]) }, &[]);
    ok(&mut c, Decision::RollWeather, &[5]); // after clear: cloudy
    let st = s(&c);
    assert_eq!((st.weather, st.mud), (Weather::Cloudy, Mud::Dry), "cloudy dries by one, dry stays dry");
    let line = last_line(&c);
    assert_eq!(line, "Weather: rolled 5 after clear: cloudy; the ground stays dry. Low cloud overhead: no aircraft fly for either side.");
}
