//! Axis of Attack played through the engine (`Campaign<AxisOfAttack>`) with dice typed in
//! from the table, over the built-in sample campaign, replaying the text's worked examples.
//!
//! Sample rosters. Anna (German, west): 0-2 panzergrenadier platoons (5 to 7 teams, bought 7),
//! 3 HMG platoon (3 to 5), 4 PaK38 platoon (3 to 5), 5 Panzer IIIJ platoon (3 to 5 tanks,
//! support), 6 armoured-car patrol (recon, 2 to 3). Boris (Soviet, east): 0 medium tank
//! company (5 to 10, bought 10), 1 medium tank company (bought 7), 2 tank riders (support,
//! on foot), 3 recon platoon, 4 SU-76 battery, 5 DShK section.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{Campaign, DecideError, DiceError, DiceInput, HistoryKind};
use field_desk::systems::axis_of_attack::rules;
use field_desk::systems::axis_of_attack::sample::sample_setup;
use field_desk::systems::axis_of_attack::state::LedgerItem;
use field_desk::systems::axis_of_attack::tables::{
    AirProfile, Mission, MissionResult, Mobility, Mud, OptionKind, Ordnance, Role, Strength, Weather,
};
use field_desk::systems::axis_of_attack::{
    AirUse, AxisOfAttack, Decision, DiceFor, Fielded, ForceList, GameOption, GameResult, Outcome, Phase, Platoon,
    PlatoonReport, RuleError, Sector, Setup, Side, State,
};

use Side::{East, West};

type Game = Campaign<AxisOfAttack>;

fn new_game() -> Game {
    Campaign::new(sample_setup()).expect("the sample campaign starts")
}

fn typed(v: &[u16]) -> DiceInput<'static> {
    DiceInput::Typed(v.to_vec())
}

fn ok(c: &mut Game, d: Decision, dice: &[u16]) {
    if let Err(e) = c.decide(d.clone(), typed(dice)) {
        panic!("{d:?} with {dice:?} was refused: {e} (phase {:?})", c.state().phase);
    }
}

/// Plays an illegal decision: it must be refused with `want` and change nothing.
fn refused(c: &mut Game, d: Decision, dice: &[u16], want: RuleError) {
    let before = c.state().clone();
    let journal = c.journal().len();
    let want = DecideError::Rules(want);
    assert_eq!(c.decide(d.clone(), typed(dice)), Err(want.clone()), "{d:?}");
    assert_eq!(c.check(&d, dice).err(), Some(want), "check agrees for {d:?}");
    assert_eq!(c.state(), &before, "a refused decision changes nothing");
    assert_eq!(c.journal().len(), journal, "a refused decision is not journalled");
}

fn s(c: &Game) -> &State {
    c.state()
}

fn phase(c: &Game) -> Phase {
    c.state().phase
}

fn strength(c: &Game, side: Side, p: u16) -> Strength {
    c.state().platoon(side, p).unwrap().strength
}

fn force(points: u32, platoons: &[(u16, u16)]) -> ForceList {
    ForceList {
        vp_for_points: 0,
        points,
        platoons: platoons.iter().map(|&(platoon, teams)| Fielded { platoon, teams, transported: false }).collect(),
        air: None,
        option: None,
    }
}

fn report(platoon: u16, on_table: u16) -> PlatoonReport {
    PlatoonReport { platoon, on_table, bailed: 0, exited: 0, routed: 0, immobile: false, keep_mobile: None }
}

fn win(winner: Side, w: u8, l: u8) -> GameResult {
    let mut vp = [0; 2];
    vp[winner.index()] = w;
    vp[winner.other().index()] = l;
    GameResult { winner: Some(winner), vp, recon: vec![] }
}

fn last_line(c: &Game) -> String {
    c.history().into_iter().rev().find(|l| l.kind == HistoryKind::Decision && l.active).unwrap().text
}

fn line_starting(c: &Game, prefix: &str) -> String {
    c.history().into_iter().rev().find(|l| l.text.starts_with(prefix)).map(|l| l.text).unwrap_or_default()
}

/// Turn 1 up to the result: agreed table area, the two forces, weather 1 (clear).
fn to_game(c: &mut Game, west: ForceList, east: ForceList) {
    assert_eq!(phase(c), Phase::GameArea);
    ok(c, Decision::ChooseArea { area: "Kursk road junction".into(), shift: 0 }, &[]);
    ok(c, Decision::SubmitForce { side: West, force: west }, &[]);
    ok(c, Decision::SubmitForce { side: East, force: east }, &[]);
    assert_eq!(phase(c), Phase::Weather);
    ok(c, Decision::RollWeather, &[1]);
    assert_eq!(phase(c), Phase::Game);
}

/// Both players take no reinforcement dice; exchanges are passed where offered.
fn quiet_aftermath(c: &mut Game) {
    for side in [West, East] {
        if phase(c) == Phase::Reinforcements && s(c).current.as_ref().unwrap().reinforcement[side.index()].is_none() {
            ok(c, Decision::Reinforce { side, vp: 0, assign: vec![] }, &[]);
        }
    }
    for side in [West, East] {
        if phase(c) == Phase::Exchanges && !s(c).current.as_ref().unwrap().exchanges_done[side.index()] {
            ok(c, Decision::DoneExchanging { side }, &[]);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Setup and the start
// ---------------------------------------------------------------------------------------

#[test]
fn the_sample_starts_in_the_middle_with_an_encounter() {
    let c = new_game();
    let st = s(&c);
    assert_eq!(st.turn, 1);
    assert_eq!(st.sector, Sector::new(4));
    let t = st.current.as_ref().unwrap();
    assert_eq!(t.mission, Mission::Encounter);
    assert_eq!(t.attacker, None, "both attack in an Encounter");
    assert!(t.selection.is_none(), "no roll for the first mission");
    assert_eq!(st.phase, Phase::GameArea, "no VP yet: nobody can change the mission");
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

/// Turn 1: Anna wins the Encounter 5-2. Her 1st Panzergrenadier Platoon loses 3 of its 7
/// teams; her Panzer IIIJs end with 2 destroyed and 3 bailed; Boris brought 7 of his 10 tanks
/// and lost 3.
fn first_game_anna_wins() -> Game {
    let mut c = new_game();
    to_game(&mut c, force(1500, &[(0, 7), (5, 5)]), force(1500, &[(0, 7)]));
    ok(&mut c, Decision::RecordResult(win(West, 5, 2)), &[]);
    assert_eq!(s(&c).sector, Sector::new(5), "Encounter: the winner advances one sector east");
    assert_eq!(phase(&c), Phase::Casualties);
    let bailed =
        PlatoonReport { platoon: 5, on_table: 0, bailed: 3, exited: 0, routed: 0, immobile: false, keep_mobile: None };
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 4), bailed] }, &[]);
    ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(0, 4)] }, &[]);
    c
}

#[test]
fn example_gutted_panzergrenadier_platoon() {
    // 3 MG teams destroyed leave 3 MG teams and the commander (the light mortar is an upgrade
    // and is not counted): 4 teams, under the minimum of 5: gutted.
    let c = first_game_anna_wins();
    assert_eq!(strength(&c, West, 0), Strength::Gutted);
    let line = &s(&c).current.as_ref().unwrap().casualties[0].as_ref().unwrap()[0];
    assert_eq!((line.counted, line.before, line.after), (4, Strength::Full, Strength::Gutted));
}

#[test]
fn example_soviet_tank_company_at_seven() {
    // Full at 10, 7 brought, 3 lost: 4 on the table plus the 3 left at home: 7, under strength.
    let c = first_game_anna_wins();
    assert_eq!(strength(&c, East, 0), Strength::UnderStrength);
    let line = &s(&c).current.as_ref().unwrap().casualties[1].as_ref().unwrap()[0];
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
    let auto = &s(&c).current.as_ref().unwrap().auto[0];
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
    assert!(st.current.as_ref().unwrap().exchanges_done[1], "Boris has too few VP to exchange: passed for him");
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
// Mission selection
// ---------------------------------------------------------------------------------------

/// Turn 1 with Anna winning `w`-`l`, all quiet afterwards: the mission roll of turn 2 is next.
fn turn_two_after(result: GameResult) -> Game {
    let mut c = new_game();
    to_game(&mut c, force(1500, &[(0, 7), (6, 3)]), force(1500, &[(0, 7)]));
    ok(&mut c, Decision::RecordResult(result), &[]);
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 7), report(6, 3)] }, &[]);
    ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(0, 7)] }, &[]);
    ok(&mut c, Decision::Reinforce { side: West, vp: 0, assign: vec![] }, &[]);
    ok(&mut c, Decision::Reinforce { side: East, vp: 0, assign: vec![] }, &[]);
    quiet_aftermath(&mut c);
    assert_eq!(phase(&c), Phase::MissionRoll);
    c
}

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
    let t = s(&c).current.as_ref().unwrap();
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
    assert_eq!(s(&c).current.as_ref().unwrap().mission, Mission::FightingWithdrawal);
    assert_eq!(phase(&c), Phase::Attacker, "Anna has only 4 VP: no change offered; level totals");
    ok(&mut c, Decision::SetAttacker { side: East }, &[]);
    assert_eq!(s(&c).current.as_ref().unwrap().attacker, Some(East));
    assert_eq!(phase(&c), Phase::GameArea);
    assert_eq!(rules::area_chooser(s(&c)), Some(West), "the last winner picks the table area");

    let mut c = turn_two_after(win(West, 4, 3));
    // 2+5 = 7 against 1+3 = 4: Cauldron, Anna attacks.
    ok(&mut c, Decision::RollMission, &[2, 1]);
    let t = s(&c).current.as_ref().unwrap();
    assert_eq!((t.mission, t.attacker), (Mission::Cauldron, Some(West)));
}

#[test]
fn mission_change_for_five_vp_offered_in_order() {
    // Anna 5 VP, Boris 2: Anna is offered the change first; Boris cannot pay.
    let mut c = turn_two_after(win(West, 5, 2));
    ok(&mut c, Decision::RollMission, &[4, 1]); // 4+6 = 10: Breakthrough, Anna attacks
    assert_eq!(s(&c).current.as_ref().unwrap().mission, Mission::Breakthrough);
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
    let t = st.current.as_ref().unwrap();
    assert_eq!((t.rolled_mission, t.mission, t.attacker), (Mission::Breakthrough, Mission::Encounter, None));
    assert_eq!(st.balance(West), 0);
    assert_eq!(
        st.ledger.last().unwrap().item,
        LedgerItem::MissionChange { from: Mission::Breakthrough, to: Mission::Encounter }
    );
    assert_eq!(st.phase, Phase::GameArea, "one change only");

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
    assert_eq!(s(&c).current.as_ref().unwrap().bonus, [0, 2], "160 points fewer: +2");
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
    assert_eq!(s(&c).current.as_ref().unwrap().map.as_ref().unwrap().result, MissionResult::Hold);
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
    let t = s(&c).current.as_ref().unwrap();
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
    assert!(s(&c).current.as_ref().unwrap().force(West).is_none(), "not shown before both are in");
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
    assert_eq!(s(&c).current.as_ref().unwrap().recon_bonus, 1);
}

#[test]
fn a_concession_scores_six_to_one_without_bonus_or_casualties() {
    let mut c = new_game();
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    ok(&mut c, Decision::SubmitForce { side: West, force: force(1200, &[(0, 7)]) }, &[]);
    ok(&mut c, Decision::Concede { side: West }, &[]);
    let st = s(&c);
    let last = st.current.as_ref().unwrap();
    assert_eq!(last.conceded, Some(West));
    assert_eq!(last.result.as_ref().unwrap().vp, [1, 6]);
    assert_eq!(last.bonus, [0, 0], "no bonus for the fewer points");
    assert_eq!(last.forces, [None, None], "the hidden list is torn up unseen");
    assert_eq!(last.recon_bonus, 1, "Boris claims his recon platoon");
    assert_eq!(st.sector, Sector::new(3));
    assert_eq!(st.phase, Phase::Reinforcements, "no casualties without a game");
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
        let t = s(&c).current.as_ref().unwrap();
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
    let t = s(&c).current.as_ref().unwrap();
    assert_eq!((t.mission, t.attacker), (Mission::FightingWithdrawal, Some(East)));
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    ok(&mut c, Decision::SubmitForce { side: West, force: force(1500, &[(0, 7)]) }, &[]);
    ok(&mut c, Decision::SubmitForce { side: East, force: force(1500, &[(0, 7), (2, 10)]) }, &[]);
    ok(&mut c, Decision::RollWeather, &[1]);
    // Fighting Withdrawal: whoever wins, the line goes back towards the defender's home.
    ok(&mut c, Decision::RecordResult(win(East, 4, 3)), &[]);
    assert_eq!(s(&c).sector, Sector::new(4), "retreat one sector towards Anna's home");
    assert_eq!(s(&c).current.as_ref().unwrap().map.as_ref().unwrap().result, MissionResult::Retreat);
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
    let t = s(&c).current.as_ref().unwrap();
    assert!(t.attacks(West), "Anna attacks: {:?} {:?}", t.mission, t.attacker);
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    ok(&mut c, Decision::SubmitForce { side: West, force: force(1500, &[(0, 7)]) }, &[]);
    ok(&mut c, Decision::SubmitForce { side: East, force: force(1500, &[(0, 7)]) }, &[]);
    ok(&mut c, Decision::RollWeather, &[1]);
    ok(&mut c, Decision::RecordResult(win(West, 6, 1)), &[]);
    let st = s(&c);
    assert_eq!(st.outcome, Some(Outcome::Victory(West)));
    assert_eq!(st.phase, Phase::Finished);
    assert!(st.current.is_none());
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
        let t = st.current.as_ref().unwrap();
        match st.phase {
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
    assert_eq!(st.outcome, Some(Outcome::Stalemate));
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
    assert_eq!(st.outcome, Some(Outcome::Stalemate), "sector 5 is two away from Boris's home");

    let mut c = new_game();
    quick_turn(&mut c, [3, 3], None); // 5
                                      // Turn 2: Anna 6 VP +1 higher +1 recon; dice 1 and 1 give her 9 > Boris 2: Encounter.
    quick_turn(&mut c, [1, 1], None); // 6
    assert_eq!(s(&c).sector, Sector::new(6));
    for _ in 3..=9 {
        quick_turn(&mut c, [1, 1], Some(draw.clone()));
    }
    assert_eq!(s(&c).outcome, Some(Outcome::MinorVictory(West)));
    assert!(last_line(&c).contains("a minor victory for Anna"), "{}", last_line(&c));
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
