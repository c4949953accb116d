//! Issue 8's rules for Axis of Attack: strength levels chosen per platoon, keeping a platoon
//! mobile (lowering its strength, stripping identical vehicles), a standing Immobile status
//! kept through the casualty step, the top-up taken by choice, and the recon bonus after a
//! concession; each with the older campaigns' readings kept for them.
//!
//! Sample rosters. Anna (west): 0-2 panzergrenadier platoons (5 to 7 teams, Sd Kfz 251), 3 HMG
//! (3 to 5, Sd Kfz 251), 4 PaK38 (tractors), 5 Panzer IIIJ, 6 armoured cars (recon). Boris
//! (east): 0-1 medium tank companies (T-34), 2 tank riders (on foot), 3 recon (BA-64), 4 SU-76,
//! 5 DShK.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{Campaign, DecideError, DiceInput, HistoryKind};
use field_desk::systems::axis_of_attack::sample::sample_setup;
use field_desk::systems::axis_of_attack::tables::{Mobility, Role, Strength};
use field_desk::systems::axis_of_attack::{
    rules, AxisOfAttack, Decision, Fielded, ForceList, GameResult, KeepMobile, Phase, Platoon, PlatoonReport,
    RuleError, Setup, Side,
};

use Side::{East, West};

type Game = Campaign<AxisOfAttack>;

fn ok(c: &mut Game, d: Decision, dice: &[u16]) {
    if let Err(e) = c.decide(d.clone(), DiceInput::Typed(dice.to_vec())) {
        panic!("{d:?} with {dice:?} was refused: {e} (phase {:?})", c.state().phase());
    }
}

fn refused(c: &mut Game, d: Decision, want: RuleError) {
    let before = c.state().clone();
    let want = DecideError::Rules(want);
    assert_eq!(c.decide(d.clone(), DiceInput::Typed(vec![])), Err(want.clone()), "{d:?}");
    assert_eq!(c.check(&d, &[]).err(), Some(want), "check agrees for {d:?}");
    assert_eq!(c.state(), &before, "a refused decision changes nothing");
}

fn force(platoons: &[(u16, u16)]) -> ForceList {
    ForceList {
        vp_for_points: 0,
        points: 1500,
        platoons: platoons.iter().map(|&(platoon, teams)| Fielded { platoon, teams, transported: false }).collect(),
        air: None,
        option: None,
    }
}

fn report(platoon: u16, on_table: u16) -> PlatoonReport {
    PlatoonReport { platoon, on_table, bailed: 0, exited: 0, routed: 0, immobile: false, keep_mobile: None }
}

fn short(platoon: u16, on_table: u16, keep: Option<KeepMobile>) -> PlatoonReport {
    PlatoonReport { immobile: true, keep_mobile: keep, ..report(platoon, on_table) }
}

fn win(winner: Side) -> GameResult {
    let mut vp = [2; 2];
    vp[winner.index()] = 5;
    GameResult { winner: Some(winner), vp, recon: vec![] }
}

fn last_line(c: &Game) -> String {
    c.history().into_iter().rev().find(|l| l.kind == HistoryKind::Decision && l.active).unwrap().text
}

/// The sample as campaigns stored before issue 8 hold it.
fn first_release() -> Setup {
    let mut setup = sample_setup();
    setup.readings = 1;
    for p in setup.players.iter_mut().flat_map(|x| x.platoons.iter_mut()) {
        p.under_strength = None;
        p.vehicles.clear();
    }
    setup
}

/// Turn 1 played to the casualty step with these forces, `winner` winning.
fn to_casualties(setup: Setup, west: ForceList, east: ForceList, winner: Side) -> Game {
    let mut c = Game::new(setup).unwrap();
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    ok(&mut c, Decision::SubmitForce { side: West, force: west }, &[]);
    ok(&mut c, Decision::SubmitForce { side: East, force: east }, &[]);
    ok(&mut c, Decision::RollWeather, &[1]);
    ok(&mut c, Decision::RecordResult(win(winner)), &[]);
    assert_eq!(c.state().phase(), Phase::Casualties);
    c
}

fn strength(c: &Game, side: Side, i: u16) -> Strength {
    c.state().platoon(side, i).unwrap().strength
}

fn immobile(c: &Game, side: Side, i: u16) -> bool {
    c.state().platoon(side, i).unwrap().immobile
}

// ---------------------------------------------------------------------------------------
// Strength levels
// ---------------------------------------------------------------------------------------

#[test]
fn the_texts_strength_examples() {
    use Strength::*;
    let sample = sample_setup();
    // "A German panzergrenadier platoon may be purchased at full strength of 3 squads or
    // depleted strength of 2 squads": 7 or 5 teams, nothing in between.
    let pzg = &sample.players[0].platoons[0];
    assert_eq!(pzg.under_strength, Some(false));
    assert_eq!(pzg.ladder(), vec![Destroyed, Gutted, Depleted, Full]);
    assert_eq!((pzg.strength_of(7, 0), pzg.strength_of(6, 0), pzg.strength_of(5, 0)), (Full, Depleted, Depleted));
    assert_eq!(pzg.strength_of(4, 0), Gutted, "the text's gutted example: commander and 3 MG teams");
    assert_eq!(pzg.teams_at(Depleted), 5);
    // Rebuilt one level a turn: gutted, depleted, then full (no halfway rung to climb).
    assert_eq!(pzg.step_up(Gutted), Depleted);
    assert_eq!(pzg.step_up(Depleted), Full);
    let mut six = pzg.clone();
    six.teams = 6;
    assert_eq!((six.purchased_strength(), six.wasted_teams()), (Depleted, 1), "6 teams buy a depleted platoon");
    // "A Soviet Medium tank company may be purchased at full strength of 10 tanks,
    // understrength of 7 tanks, or depleted strength of 5 tanks."
    let t34 = &sample.players[1].platoons[0];
    assert_eq!(t34.under_strength, Some(true));
    assert_eq!(t34.ladder(), vec![Destroyed, Gutted, Depleted, UnderStrength, Full]);
    assert_eq!((t34.teams_at(Full), t34.teams_at(UnderStrength), t34.teams_at(Depleted)), (10, 7, 5));
    assert_eq!(t34.strength_of(8, 0), UnderStrength, "8 tanks round down");
    // A 2-to-3 platoon has no halfway size, whatever the setup says.
    let mut cars = sample.players[0].platoons[6].clone();
    cars.under_strength = Some(true);
    assert_eq!(cars.ladder(), vec![Destroyed, Gutted, Depleted, Full]);
    // Campaigns stored before the choice keep the halfway level wherever it fits.
    let old = &first_release().players[0].platoons[0];
    assert_eq!(old.under_strength, None);
    assert_eq!(old.strength_of(6, 0), UnderStrength);
}

#[test]
fn older_setups_read_without_the_new_fields_and_write_back_the_same() {
    let old = first_release();
    let json = serde_json::to_string(&old).unwrap();
    assert!(
        !json.contains("readings")
            && !json.contains("under_strength")
            && !json.contains("vehicles")
            && !json.contains("transport"),
        "{json}"
    );
    let back: Setup = serde_json::from_str(&json).unwrap();
    assert_eq!(back, old);
    assert_eq!(back.readings, 1);
    let new = serde_json::to_string(&sample_setup()).unwrap();
    assert!(new.contains("\"readings\":3") && new.contains("\"under_strength\":false"), "{new}");
    let report: PlatoonReport =
        serde_json::from_str(r#"{"platoon":3,"on_table":5,"bailed":0,"exited":0,"routed":0,"immobile":true}"#).unwrap();
    assert_eq!(report.keep_mobile, None);
}

#[test]
fn a_panzergrenadier_platoon_left_at_six_is_depleted_in_a_new_campaign_and_under_strength_in_an_old_one() {
    for (setup, want) in [(sample_setup(), Strength::Depleted), (first_release(), Strength::UnderStrength)] {
        let mut c = to_casualties(setup, force(&[(0, 7)]), force(&[(0, 7)]), West);
        ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 6)] }, &[]);
        assert_eq!(strength(&c, West, 0), want);
    }
}

// ---------------------------------------------------------------------------------------
// Keeping a platoon mobile
// ---------------------------------------------------------------------------------------

#[test]
fn a_platoon_short_of_transport_may_be_lowered_to_keep_it_mobile() {
    let game = || to_casualties(sample_setup(), force(&[(0, 7), (3, 5)]), force(&[(0, 7), (2, 7)]), West);
    let mut c = game();
    let lower = |level| vec![report(0, 7), short(3, 5, Some(KeepMobile::Lower(level)))];
    let hmg = "HMG Platoon".to_string();
    // Only to a level of its own below what it rates, and at least depleted.
    refused(
        &mut c,
        Decision::RecordCasualties { side: West, reports: lower(Strength::Full) },
        RuleError::CannotLowerTo { platoon: hmg.clone(), level: Strength::Full, rated: Strength::Full },
    );
    refused(
        &mut c,
        Decision::RecordCasualties { side: West, reports: lower(Strength::Gutted) },
        RuleError::CannotLowerTo { platoon: hmg.clone(), level: Strength::Gutted, rated: Strength::Full },
    );
    // Only a platoon that is short of transport has mobility to keep.
    let not_short = PlatoonReport { keep_mobile: Some(KeepMobile::Lower(Strength::Depleted)), ..report(3, 5) };
    refused(
        &mut c,
        Decision::RecordCasualties { side: West, reports: vec![report(0, 7), not_short] },
        RuleError::NothingToKeepMobile { platoon: hmg.clone() },
    );
    let line = rules::casualty_line(c.state(), West, &short(3, 5, None)).unwrap();
    assert_eq!(rules::lower_levels(c.state(), West, &line), vec![Strength::Depleted, Strength::UnderStrength]);
    ok(&mut c, Decision::RecordCasualties { side: West, reports: lower(Strength::Depleted) }, &[]);
    assert_eq!(strength(&c, West, 3), Strength::Depleted);
    assert!(!immobile(&c, West, 3), "lowered, it keeps its transport");
    let text = last_line(&c);
    assert!(text.contains("HMG Platoon full strength to depleted (5 teams counted, rates full strength but lowered to depleted to stay mobile)"), "{text}");
    // Tank riders on foot have no transport to keep.
    let riders = PlatoonReport { keep_mobile: Some(KeepMobile::Lower(Strength::Depleted)), ..short(2, 7, None) };
    refused(
        &mut c,
        Decision::RecordCasualties { side: East, reports: vec![report(0, 7), riders] },
        RuleError::NoTransportToLose { platoon: "Tank Rider Company".into() },
    );
    // Not lowered, a platoon short of transport is Immobile at the level it rates.
    let mut c = game();
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 7), short(3, 5, None)] }, &[]);
    assert_eq!((strength(&c, West, 3), immobile(&c, West, 3)), (Strength::Full, true));
}

#[test]
fn the_texts_example_of_stripping_half_tracks_from_a_gutted_platoon() {
    // Two armoured panzergrenadier platoons: one loses no teams but two half-tracks, the other
    // loses three teams and a half-track. The gutted one's tracks keep the full one mobile.
    let mut c = to_casualties(sample_setup(), force(&[(0, 7), (1, 7), (3, 5), (4, 5)]), force(&[(0, 7)]), West);
    let strip = |from| Some(KeepMobile::Strip(from));
    let with = |keep, donor: PlatoonReport| vec![short(0, 7, keep), donor, report(3, 5), report(4, 5)];
    let pzg1 = "1st Panzergrenadier Platoon".to_string();
    refused(
        &mut c,
        Decision::RecordCasualties { side: West, reports: with(strip(0), report(1, 4)) },
        RuleError::StripFromItself { platoon: pzg1.clone() },
    );
    // PaK38 tractors are not half-tracks.
    refused(
        &mut c,
        Decision::RecordCasualties { side: West, reports: with(strip(4), report(1, 4)) },
        RuleError::NotIdenticalVehicles { platoon: pzg1.clone(), donor: "PaK38 Platoon".into() },
    );
    // A platoon short of transport itself has none to give.
    refused(
        &mut c,
        Decision::RecordCasualties { side: West, reports: with(strip(1), short(1, 4, None)) },
        RuleError::NoVehiclesToStrip { platoon: "2nd Panzergrenadier Platoon".into() },
    );
    refused(
        &mut c,
        Decision::RecordCasualties { side: West, reports: with(strip(1), report(1, 0)) },
        RuleError::NoVehiclesToStrip { platoon: "2nd Panzergrenadier Platoon".into() },
    );
    assert_eq!(rules::strip_donors(c.state(), West, 0), vec![1, 2, 3], "the platoons in Sd Kfz 251s");
    ok(&mut c, Decision::RecordCasualties { side: West, reports: with(strip(1), report(1, 4)) }, &[]);
    assert_eq!((strength(&c, West, 0), immobile(&c, West, 0)), (Strength::Full, false));
    assert_eq!((strength(&c, West, 1), immobile(&c, West, 1)), (Strength::Gutted, true));
    let text = last_line(&c);
    assert!(
        text.contains("kept mobile with vehicles stripped from 2nd Panzergrenadier Platoon, now immobile"),
        "{text}"
    );
}

#[test]
fn a_platoon_that_did_not_fight_can_give_its_vehicles() {
    let mut c = to_casualties(sample_setup(), force(&[(0, 7)]), force(&[(0, 7)]), West);
    let reports = vec![short(0, 7, Some(KeepMobile::Strip(2)))];
    ok(&mut c, Decision::RecordCasualties { side: West, reports }, &[]);
    assert!(!immobile(&c, West, 0));
    assert!(immobile(&c, West, 2), "the 3rd platoon is left without its half-tracks");
    // It did not fight, so reinforcement gives its transport back.
    ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(0, 7)] }, &[]);
    ok(&mut c, Decision::Reinforce { side: West, vp: 0, assign: vec![] }, &[]);
    ok(&mut c, Decision::Reinforce { side: East, vp: 0, assign: vec![] }, &[]);
    assert!(!immobile(&c, West, 2));
}

// ---------------------------------------------------------------------------------------
// A standing Immobile status
// ---------------------------------------------------------------------------------------

/// Turn 3 at the casualty step, after Anna's two-sector breakthrough in turn 2 left her HMGs
/// Immobile; they fought again in turn 3, carried.
fn hmg_immobile_at_turn_three(setup: Setup) -> Game {
    let mut c = to_casualties(setup, force(&[(0, 7), (6, 3)]), force(&[(0, 7)]), West);
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 7), report(6, 3)] }, &[]);
    ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(0, 7)] }, &[]);
    for side in [West, East] {
        ok(&mut c, Decision::Reinforce { side, vp: 0, assign: vec![] }, &[]);
    }
    ok(&mut c, Decision::DoneExchanging { side: West }, &[]);
    // Turn 2: 4 + 5 VP + 1 = 10, a Breakthrough Anna attacks and wins.
    ok(&mut c, Decision::RollMission, &[4, 1]);
    ok(&mut c, Decision::ChangeMission { side: West, to: None }, &[]);
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    ok(&mut c, Decision::SubmitForce { side: West, force: force(&[(0, 7), (3, 5)]) }, &[]);
    ok(&mut c, Decision::SubmitForce { side: East, force: force(&[(0, 7)]) }, &[]);
    ok(&mut c, Decision::RollWeather, &[1]);
    ok(&mut c, Decision::RecordResult(win(West)), &[]);
    ok(&mut c, Decision::MoveCampaign { sectors: 2 }, &[]);
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 7), short(3, 5, None)] }, &[]);
    ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(0, 7)] }, &[]);
    for side in [West, East] {
        ok(&mut c, Decision::Reinforce { side, vp: 0, assign: vec![] }, &[]);
    }
    while c.state().phase() == Phase::Exchanges {
        let side = if c.state().current().unwrap().exchanges_done[0] { East } else { West };
        ok(&mut c, Decision::DoneExchanging { side }, &[]);
    }
    assert!(immobile(&c, West, 3), "fought in the two-sector breakthrough: still Immobile");
    // Turn 3: whatever the mission, Anna fields the HMGs carried on her Panzer IIIJs (three
    // tanks take nine teams as riders); the game has no winner.
    ok(&mut c, Decision::RollMission, &[1, 6]);
    while c.state().phase() != Phase::Forces {
        match c.state().phase() {
            Phase::MissionAdjust => ok(&mut c, Decision::AdjustMission { target: West, delta: 0 }, &[]),
            Phase::MissionChange => {
                let side = rules::change_offer(c.state()).unwrap();
                ok(&mut c, Decision::ChangeMission { side, to: None }, &[]);
            }
            Phase::Attacker => ok(&mut c, Decision::SetAttacker { side: West }, &[]),
            Phase::GameArea => ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]),
            p => panic!("unexpected {p:?}"),
        }
    }
    let mut f = force(&[(0, 7), (3, 5), (5, 3)]);
    f.platoons[1].transported = true;
    ok(&mut c, Decision::SubmitForce { side: West, force: f }, &[]);
    ok(&mut c, Decision::SubmitForce { side: East, force: force(&[(0, 7)]) }, &[]);
    ok(&mut c, Decision::RollWeather, &[1]);
    // Nobody wins (a win in Boris's home sector would end the campaign).
    ok(&mut c, Decision::RecordResult(GameResult { winner: None, vp: [2, 2], recon: vec![] }), &[]);
    assert_eq!(c.state().phase(), Phase::Casualties);
    c
}

#[test]
fn a_platoon_left_immobile_stays_immobile_through_the_casualty_step() {
    let mut c = hmg_immobile_at_turn_three(sample_setup());
    // The screen starts from the standing status.
    assert!(rules::casualty_line(c.state(), West, &report(3, 5)).unwrap().immobile);
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 7), report(3, 5), report(5, 3)] }, &[]);
    assert!(immobile(&c, West, 3), "an unticked box does not give the transport back");
    // Lowering its strength keeps it mobile, as for a platoon newly short.
    let mut c = hmg_immobile_at_turn_three(sample_setup());
    let lower = PlatoonReport { keep_mobile: Some(KeepMobile::Lower(Strength::Depleted)), ..report(3, 5) };
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 7), lower, report(5, 3)] }, &[]);
    assert_eq!((strength(&c, West, 3), immobile(&c, West, 3)), (Strength::Depleted, false));
    // Campaigns stored before: the box decided, as it then did.
    let mut c = hmg_immobile_at_turn_three(first_release());
    assert!(!rules::casualty_line(c.state(), West, &report(3, 5)).unwrap().immobile);
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 7), report(3, 5), report(5, 3)] }, &[]);
    assert!(!immobile(&c, West, 3));
}

// ---------------------------------------------------------------------------------------
// The top-up and the recon bonus of a concession
// ---------------------------------------------------------------------------------------

#[test]
fn the_top_up_is_offered_and_may_be_declined_and_older_campaigns_take_it_at_once() {
    let wipe = |setup: Setup| {
        let mut c = to_casualties(setup, force(&[(0, 7), (1, 7), (2, 7)]), force(&[(0, 7)]), East);
        let reports = vec![report(0, 0), report(1, 3), report(2, 2)];
        ok(&mut c, Decision::RecordCasualties { side: West, reports }, &[]);
        ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(0, 7)] }, &[]);
        assert_eq!(c.state().phase(), Phase::Reinforcements);
        c
    };
    let mut c = wipe(sample_setup());
    assert_eq!(rules::top_up_offer(c.state(), West), Some(2));
    assert_eq!(rules::reinforcement_dice(c.state(), West, 0), 4);
    ok(&mut c, Decision::TopUp { side: West, platoons: vec![] }, &[]);
    assert!(last_line(&c).contains("declines the top-up"), "{}", last_line(&c));
    assert_eq!(rules::reinforcement_dice(c.state(), West, 0), 4, "declined: every die kept");
    assert_eq!(rules::top_up_offer(c.state(), West), None);
    assert!(rules::fieldable(c.state(), West).iter().all(|f| f.0 > 2), "no panzergrenadiers fit to fight");
    // Only one taken, the destroyed platoon (two dice).
    let mut c = wipe(sample_setup());
    ok(&mut c, Decision::TopUp { side: West, platoons: vec![0] }, &[]);
    assert_eq!((strength(&c, West, 0), rules::reinforcement_dice(c.state(), West, 0)), (Strength::Depleted, 2));
    // Reinforcing first passes on the offer.
    let mut c = wipe(sample_setup());
    ok(&mut c, Decision::Reinforce { side: West, vp: 0, assign: vec![] }, &[]);
    refused(&mut c, Decision::TopUp { side: West, platoons: vec![1] }, RuleError::NoTopUp { player: "Anna".into() });
    // Older campaigns: taken at once, nearest to depleted first.
    let c = wipe(first_release());
    assert_eq!(rules::top_up_offer(c.state(), West), None);
    assert_eq!((strength(&c, West, 1), strength(&c, West, 2)), (Strength::Depleted, Strength::Depleted));
    assert_eq!(rules::reinforcement_dice(c.state(), West, 0), 2);
}

#[test]
fn a_concession_after_the_lists_are_shown_counts_the_fielded_recon_platoons() {
    let concede = |setup: Setup, east: ForceList, shown: bool| {
        let mut c = Game::new(setup).unwrap();
        ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
        if shown {
            ok(&mut c, Decision::SubmitForce { side: West, force: force(&[(0, 7)]) }, &[]);
            ok(&mut c, Decision::SubmitForce { side: East, force: east }, &[]);
            assert_eq!(c.state().phase(), Phase::Weather);
        }
        ok(&mut c, Decision::Concede { side: West }, &[]);
        c.state().current().unwrap().recon_bonus
    };
    // Boris's BA-64s stayed at home: no bonus once his list is known.
    assert_eq!(concede(sample_setup(), force(&[(0, 7)]), true), 0);
    assert_eq!(concede(sample_setup(), force(&[(0, 7), (3, 3)]), true), 1);
    // Before the lists are shown, his company is his roster.
    assert_eq!(concede(sample_setup(), force(&[(0, 7)]), false), 1);
    // Older campaigns counted the roster either way.
    assert_eq!(concede(first_release(), force(&[(0, 7)]), true), 1);
}

#[test]
fn a_new_support_platoon_keeps_the_setup_choices() {
    // An exchanged-in platoon may say it has no halfway size.
    let p = Platoon {
        name: "PaK40".into(),
        role: Role::Support,
        min_teams: 3,
        max_teams: 5,
        teams: 4,
        points: 265,
        upgrades: String::new(),
        all_tank: false,
        recon: false,
        mobility: Mobility::Transported,
        under_strength: Some(false),
        vehicles: "Sd Kfz 11".into(),
        transport: false,
    };
    assert_eq!(p.purchased_strength(), Strength::Depleted);
    assert_eq!(p.wasted_teams(), 1);
}

#[test]
fn the_top_up_first_offered_is_the_platoons_nearest_to_depleted() {
    // README: "combat platoons may be automatically upgraded to depleted strength until the
    // unit has at least two depleted combat platoons ... Each strength level that is
    // automatically gained in this way uses one of the player's reinforcement dice". The
    // two gutted panzergrenadier platoons (one die each) before the destroyed one (two).
    let mut c = to_casualties(sample_setup(), force(&[(0, 7), (1, 7), (2, 7)]), force(&[(0, 7)]), East);
    let reports = vec![report(0, 0), report(1, 3), report(2, 2)];
    ok(&mut c, Decision::RecordCasualties { side: West, reports }, &[]);
    ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(0, 7)] }, &[]);
    assert_eq!(rules::top_up_candidates(c.state(), West), vec![1, 2, 0]);
    assert_eq!(rules::top_up_suggestion(c.state(), West), vec![1, 2]);
    assert_eq!(rules::top_up_suggestion(c.state(), East), Vec::<u16>::new(), "no top-up offered");
    // What is offered first is a top-up the rules take.
    let platoons = rules::top_up_suggestion(c.state(), West);
    ok(&mut c, Decision::TopUp { side: West, platoons }, &[]);
    assert_eq!(rules::reinforcement_dice(c.state(), West, 0), 2);
}

#[test]
fn a_platoon_needs_at_least_one_team_and_a_maximum_no_smaller() {
    // README: "Depleted – minimum size platoon ... Full Strength – maximum size platoon".
    let p = sample_setup().players[0].platoons[0].clone();
    assert!(p.team_counts_ok());
    assert!(!Platoon { min_teams: 0, ..p.clone() }.team_counts_ok(), "no team at all");
    assert!(!Platoon { min_teams: 5, max_teams: 4, ..p.clone() }.team_counts_ok(), "maximum below minimum");
    assert!(Platoon { min_teams: 4, max_teams: 4, teams: 4, ..p }.team_counts_ok(), "one size only");
}
