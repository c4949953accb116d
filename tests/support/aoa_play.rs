//! What the Axis of Attack play tests share (`axis_of_attack_play.rs`,
//! `axis_of_attack_missions.rs`, `axis_of_attack_results.rs`): the sample campaign played with
//! dice typed in from the table, decisions taken or refused with their typed error, force lists
//! and reports, a game reached and its quiet aftermath, and the first game and turn two the
//! examples start from. Pulled in with `#[path = "support/aoa_play.rs"] mod aoa_play;`.
//!
//! Sample rosters. Anna (German, west): 0-2 panzergrenadier platoons (5 to 7 teams, bought 7),
//! 3 HMG platoon (3 to 5), 4 PaK38 platoon (3 to 5), 5 Panzer IIIJ platoon (3 to 5 tanks,
//! support), 6 armoured-car patrol (recon, 2 to 3). Boris (Soviet, east): 0 medium tank
//! company (5 to 10, bought 10), 1 medium tank company (bought 7), 2 tank riders (support,
//! on foot), 3 recon platoon, 4 SU-76 battery, 5 DShK section.
#![allow(dead_code)]

use field_desk::engine::{Campaign, DecideError, DiceInput, HistoryKind};
use field_desk::systems::axis_of_attack::sample::sample_setup;
use field_desk::systems::axis_of_attack::tables::Strength;
use field_desk::systems::axis_of_attack::{
    AxisOfAttack, Decision, Fielded, ForceList, GameResult, Phase, PlatoonReport, RuleError, Sector, Side, State,
};

use Side::{East, West};

pub type Game = Campaign<AxisOfAttack>;

pub fn new_game() -> Game {
    Campaign::new(sample_setup()).expect("the sample campaign starts")
}

pub fn typed(v: &[u16]) -> DiceInput<'static> {
    DiceInput::Typed(v.to_vec())
}

pub fn ok(c: &mut Game, d: Decision, dice: &[u16]) {
    if let Err(e) = c.decide(d.clone(), typed(dice)) {
        panic!("{d:?} with {dice:?} was refused: {e} (phase {:?})", c.state().phase());
    }
}

/// Plays an illegal decision: it must be refused with `want` and change nothing.
pub fn refused(c: &mut Game, d: Decision, dice: &[u16], want: RuleError) {
    let before = c.state().clone();
    let journal = c.journal().len();
    let want = DecideError::Rules(want);
    assert_eq!(c.decide(d.clone(), typed(dice)), Err(want.clone()), "{d:?}");
    assert_eq!(c.check(&d, dice).err(), Some(want), "check agrees for {d:?}");
    assert_eq!(c.state(), &before, "a refused decision changes nothing");
    assert_eq!(c.journal().len(), journal, "a refused decision is not journalled");
}

pub fn s(c: &Game) -> &State {
    c.state()
}

pub fn phase(c: &Game) -> Phase {
    c.state().phase()
}

pub fn strength(c: &Game, side: Side, p: u16) -> Strength {
    c.state().platoon(side, p).unwrap().strength
}

pub fn force(points: u32, platoons: &[(u16, u16)]) -> ForceList {
    ForceList {
        vp_for_points: 0,
        points,
        platoons: platoons.iter().map(|&(platoon, teams)| Fielded { platoon, teams, transported: false }).collect(),
        air: None,
        option: None,
    }
}

pub fn report(platoon: u16, on_table: u16) -> PlatoonReport {
    PlatoonReport { platoon, on_table, bailed: 0, exited: 0, routed: 0, immobile: false, keep_mobile: None }
}

pub fn win(winner: Side, w: u8, l: u8) -> GameResult {
    let mut vp = [0; 2];
    vp[winner.index()] = w;
    vp[winner.other().index()] = l;
    GameResult { winner: Some(winner), vp, recon: vec![] }
}

pub fn last_line(c: &Game) -> String {
    c.history().into_iter().rev().find(|l| l.kind == HistoryKind::Decision && l.active).unwrap().text
}

pub fn line_starting(c: &Game, prefix: &str) -> String {
    c.history().into_iter().rev().find(|l| l.text.starts_with(prefix)).map(|l| l.text).unwrap_or_default()
}

/// Turn 1 up to the result: agreed table area, the two forces, weather 1 (clear).
pub fn to_game(c: &mut Game, west: ForceList, east: ForceList) {
    assert_eq!(phase(c), Phase::GameArea);
    ok(c, Decision::ChooseArea { area: "Kursk road junction".into(), shift: 0 }, &[]);
    ok(c, Decision::SubmitForce { side: West, force: west }, &[]);
    ok(c, Decision::SubmitForce { side: East, force: east }, &[]);
    assert_eq!(phase(c), Phase::Weather);
    ok(c, Decision::RollWeather, &[1]);
    assert_eq!(phase(c), Phase::Game);
}

/// Both players take no reinforcement dice; exchanges are passed where offered.
pub fn quiet_aftermath(c: &mut Game) {
    for side in [West, East] {
        if phase(c) == Phase::Reinforcements && s(c).current().unwrap().reinforcement[side.index()].is_none() {
            ok(c, Decision::Reinforce { side, vp: 0, assign: vec![] }, &[]);
        }
    }
    for side in [West, East] {
        if phase(c) == Phase::Exchanges && !s(c).current().unwrap().exchanges_done[side.index()] {
            ok(c, Decision::DoneExchanging { side }, &[]);
        }
    }
}

/// Turn 1: Anna wins the Encounter 5-2. Her 1st Panzergrenadier Platoon loses 3 of its 7
/// teams; her Panzer IIIJs end with 2 destroyed and 3 bailed; Boris brought 7 of his 10 tanks
/// and lost 3.
pub fn first_game_anna_wins() -> Game {
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

/// Turn 1 with Anna winning `w`-`l`, all quiet afterwards: the mission roll of turn 2 is next.
pub fn turn_two_after(result: GameResult) -> Game {
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
