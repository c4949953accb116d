//! Platoons without working transport marked carried (issue 28; Section III: transport "in the
//! form of Transport platoons or by using the Tank Riders rule"): a force list needs a
//! Transport platoon or tanks enough to carry them, three teams a tank as the text's example
//! reads (a 7-team and a 5-team platoon ride on four tanks, not on three). Campaigns started
//! before (readings 2) take a platoon marked carried at its word, as they were played.
//!
//! The position: the sample, Anna (west) wins a Breakthrough and takes it two sectors, her
//! first panzergrenadier platoon (7 teams) and her HMG platoon (5 teams) left Immobile; in the
//! next game every platoon she brings must be mobile or carried. Her Panzer IIIJ platoon
//! (roster 5) has 3 to 5 tanks; the setups with a lorry platoon add it as roster 7.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{Campaign, DecideError, DiceInput};
use field_desk::share::link;
use field_desk::share::{Document, Meta};
use field_desk::systems::axis_of_attack::carriers::{self, Carrier};
use field_desk::systems::axis_of_attack::company::{CARRIER_READINGS, SECOND_READINGS};
use field_desk::systems::axis_of_attack::sample::{sample_setup, sample_setup_read_by};
use field_desk::systems::axis_of_attack::tables::{Mobility, Role};
use field_desk::systems::axis_of_attack::{
    AxisOfAttack, Decision, Fielded, ForceList, GameResult, Phase, Platoon, PlatoonReport, RuleError, Setup, Side,
};
use field_desk::systems::AnyCampaign;

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
    assert_eq!(c.check(&d, &[]).err(), Some(want.clone()), "check agrees for {d:?}");
    assert_eq!(c.decide(d.clone(), DiceInput::Typed(vec![])), Err(want), "{d:?}");
    assert_eq!(c.state(), &before, "a refused decision changes nothing");
}

fn win(winner: Side, w: u8, l: u8) -> GameResult {
    let mut vp = [0; 2];
    vp[winner.index()] = w;
    vp[winner.other().index()] = l;
    GameResult { winner: Some(winner), vp, recon: vec![] }
}

fn report(platoon: u16, on_table: u16, immobile: bool) -> PlatoonReport {
    PlatoonReport { platoon, on_table, bailed: 0, exited: 0, routed: 0, immobile, keep_mobile: None }
}

/// A force of (platoon, teams, carried).
fn force(platoons: &[(u16, u16, bool)]) -> ForceList {
    ForceList {
        vp_for_points: 0,
        points: 1500,
        platoons: platoons
            .iter()
            .map(|&(platoon, teams, transported)| Fielded { platoon, teams, transported })
            .collect(),
        air: None,
        option: None,
    }
}

fn submit(side: Side, platoons: &[(u16, u16, bool)]) -> Decision {
    Decision::SubmitForce { side, force: force(platoons) }
}

/// The sample with a lorry platoon for Anna (roster 7): a Transport platoon.
fn with_lorries(mut setup: Setup) -> Setup {
    setup.players[0].platoons.push(Platoon {
        name: "Lorry Platoon".into(),
        role: Role::Support,
        min_teams: 2,
        max_teams: 4,
        teams: 4,
        points: 40,
        upgrades: String::new(),
        all_tank: false,
        recon: false,
        mobility: Mobility::Vehicles,
        under_strength: Some(false),
        vehicles: "Opel Blitz".into(),
        transport: true,
    });
    setup
}

fn quiet_aftermath(c: &mut Game) {
    for side in [West, East] {
        if c.state().phase() == Phase::Reinforcements
            && c.state().current().unwrap().reinforcement[side.index()].is_none()
        {
            ok(c, Decision::Reinforce { side, vp: 0, assign: vec![] }, &[]);
        }
    }
    for side in [West, East] {
        if c.state().phase() == Phase::Exchanges && !c.state().current().unwrap().exchanges_done[side.index()] {
            ok(c, Decision::DoneExchanging { side }, &[]);
        }
    }
}

/// Turn 3's force lists, Anna bound by the mobility rule with platoons 0 and 3 Immobile.
fn after_breakthrough(setup: Setup) -> Game {
    let mut c = Game::new(setup).unwrap();
    ok(&mut c, Decision::ChooseArea { area: "Kursk road junction".into(), shift: 0 }, &[]);
    ok(&mut c, submit(West, &[(0, 7, false), (6, 3, false)]), &[]);
    ok(&mut c, submit(East, &[(0, 7, false)]), &[]);
    ok(&mut c, Decision::RollWeather, &[1]);
    ok(&mut c, Decision::RecordResult(win(West, 5, 2)), &[]);
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 7, false), report(6, 3, false)] }, &[]);
    ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(0, 7, false)] }, &[]);
    quiet_aftermath(&mut c);
    // Turn 2: a Breakthrough won by Anna and taken two sectors.
    ok(&mut c, Decision::RollMission, &[4, 1]);
    ok(&mut c, Decision::ChangeMission { side: West, to: None }, &[]);
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    ok(&mut c, submit(West, &[(0, 7, false), (3, 5, false)]), &[]);
    ok(&mut c, submit(East, &[(0, 7, false)]), &[]);
    ok(&mut c, Decision::RollWeather, &[1]);
    ok(&mut c, Decision::RecordResult(win(West, 5, 2)), &[]);
    ok(&mut c, Decision::MoveCampaign { sectors: 2 }, &[]);
    ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 7, true), report(3, 5, true)] }, &[]);
    ok(&mut c, Decision::RecordCasualties { side: East, reports: vec![report(0, 7, false)] }, &[]);
    quiet_aftermath(&mut c);
    // Turn 3, to its force lists.
    ok(&mut c, Decision::RollMission, &[1, 1]);
    while c.state().phase() != Phase::GameArea {
        match c.state().phase() {
            Phase::MissionChange => {
                let side = field_desk::systems::axis_of_attack::rules::change_offer(c.state()).unwrap();
                ok(&mut c, Decision::ChangeMission { side, to: None }, &[]);
            }
            Phase::Attacker => ok(&mut c, Decision::SetAttacker { side: West }, &[]),
            p => panic!("unexpected {p:?}"),
        }
    }
    ok(&mut c, Decision::ChooseArea { area: String::new(), shift: 0 }, &[]);
    let s = c.state();
    assert_eq!((s.turn, s.phase(), s.mobility_rule), (3, Phase::Forces, Some(West)));
    assert!(s.platoon(West, 0).unwrap().immobile && s.platoon(West, 3).unwrap().immobile);
    c
}

/// The campaign travels as a link coded through the grammar and opens the same.
fn round_trips(c: &Game) {
    let d = Document::new(
        Meta { id: "a0a0c0ffee000028".into(), name: "Carried".into(), created: 1.0, updated: 2.0 },
        &AnyCampaign::AxisOfAttack(c.clone()),
    );
    let text = link::encode(&d);
    assert!(text.starts_with("fd4."), "not coded through the grammar");
    assert_eq!(link::decode(&text), Ok(d));
}

#[test]
fn carried_with_nothing_to_carry_is_refused_with_the_reason() {
    let mut c = after_breakthrough(sample_setup());
    assert_eq!(c.setup().readings, CARRIER_READINGS, "the sample plays by the new readings");
    let want = RuleError::NothingToCarry { platoons: "\"HMG Platoon\"".into() };
    let words = want.to_string();
    assert!(words.contains("HMG Platoon") && words.contains("Transport platoon") && words.contains("Tank Riders"));
    refused(&mut c, submit(West, &[(1, 7, false), (3, 5, true)]), want);
    let both = RuleError::NothingToCarry { platoons: "\"1st Panzergrenadier Platoon\", \"HMG Platoon\"".into() };
    refused(&mut c, submit(West, &[(0, 7, true), (1, 7, false), (3, 5, true)]), both);
    // Armoured cars are tank teams: two carry six teams, enough for the HMGs.
    ok(&mut c, submit(West, &[(1, 7, false), (3, 5, true), (6, 2, false)]), &[]);
    round_trips(&c);
}

#[test]
fn tanks_carry_three_teams_each_as_the_texts_example_reads() {
    let mut c = after_breakthrough(sample_setup());
    // 7 + 5 teams on three Panzer IIIJ: nine places.
    let over = submit(West, &[(0, 7, true), (3, 5, true), (5, 3, false)]);
    let want = RuleError::TooManyRiders {
        platoons: "\"1st Panzergrenadier Platoon\", \"HMG Platoon\"".into(),
        riders: 12,
        tanks: 3,
    };
    assert!(want.to_string().contains("12 teams") && want.to_string().contains("at most 9"), "{want}");
    refused(&mut c, over, want);
    // Fielded smaller, as the example says: 5 + 3 teams ride on three tanks.
    ok(&mut c, submit(West, &[(0, 5, true), (3, 3, true), (5, 3, false)]), &[]);
    round_trips(&c);
    assert!(c.undo());
    // Four tanks carry both at full strength.
    ok(&mut c, submit(West, &[(0, 7, true), (3, 5, true), (5, 4, false)]), &[]);
    round_trips(&c);
}

#[test]
fn a_transport_platoon_carries_what_is_marked_carried() {
    let mut c = after_breakthrough(with_lorries(sample_setup()));
    let lorries = c.state().platoon(West, 7).unwrap();
    assert_eq!(carriers::carrier(lorries), Some(Carrier::Transport));
    ok(&mut c, submit(West, &[(0, 7, true), (3, 5, true), (7, 2, false)]), &[]);
    round_trips(&c);
}

#[test]
fn carriers_need_working_transport_of_their_own() {
    // A lorry platoon on foot carries nothing; neither does a platoon of other teams.
    let mut setup = with_lorries(sample_setup());
    setup.players[0].platoons[7].mobility = Mobility::Foot;
    let mut c = after_breakthrough(setup);
    let st = c.state();
    assert_eq!(carriers::carrier(st.platoon(West, 7).unwrap()), None);
    assert_eq!(carriers::carrier(st.platoon(West, 1).unwrap()), None);
    assert_eq!(carriers::carrier(st.platoon(West, 5).unwrap()), Some(Carrier::Tanks));
    // The lorries on foot must be carried themselves under the mobility rule.
    let want = RuleError::NothingToCarry { platoons: "\"HMG Platoon\", \"Lorry Platoon\"".into() };
    refused(&mut c, submit(West, &[(1, 7, false), (3, 5, true), (7, 2, true)]), want);
}

#[test]
fn campaigns_of_the_readings_before_keep_taking_carried_at_its_word() {
    for setup in [sample_setup_read_by(SECOND_READINGS), with_lorries(sample_setup_read_by(SECOND_READINGS))] {
        let mut c = after_breakthrough(setup);
        assert!(!carriers::carriers_checked(c.state()));
        ok(&mut c, submit(West, &[(0, 7, true), (3, 5, true)]), &[]);
        round_trips(&c);
    }
}

#[test]
fn the_new_sample_travels_in_a_short_link_and_the_old_one_as_before() {
    for (setup, most) in [(sample_setup(), 40), (sample_setup_read_by(SECOND_READINGS), 40)] {
        let d = Document::new(
            Meta { id: "a0a0c0ffee000029".into(), name: "Sample".into(), created: 1.0, updated: 2.0 },
            &AnyCampaign::AxisOfAttack(Game::new(setup.clone()).unwrap()),
        );
        let text = link::encode(&d);
        println!("readings {}: {} characters", setup.readings, text.len());
        assert!(text.len() < most, "{} characters", text.len());
        let back = link::decode(&text).unwrap();
        assert_eq!(back, d);
        match back.open().unwrap() {
            AnyCampaign::AxisOfAttack(c) => assert_eq!(c.setup().readings, setup.readings),
            _ => panic!("expected Axis of Attack"),
        }
    }
}

#[test]
fn a_pasted_list_marks_a_transport_platoon() {
    use field_desk::systems::axis_of_attack::platoon_text;
    let ps =
        platoon_text::parse("Lorry Platoon | Support | 4 teams (2-4) | 40 pts | Vehicles | transport platoon").unwrap();
    assert!(ps[0].transport);
    assert!(platoon_text::write(&ps).ends_with("| transport platoon"));
    assert_eq!(platoon_text::parse(&platoon_text::write(&ps)), Ok(ps));
    // Setups written before issue 28 have no such field and read as none.
    let json = serde_json::to_string(&sample_setup_read_by(SECOND_READINGS)).unwrap();
    assert!(!json.contains("transport"));
}
