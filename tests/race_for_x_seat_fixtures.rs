//! Race for X seat copies as released (seat copy format 1), kept as files under
//! `tests/fixtures/seat/`: each player's copy at points of one sample campaign played with dice
//! typed in from the table (a choice still hidden, each step of a battle, a part with no battle,
//! the end). Each file must open, read as the position it was made at, and write back to the very
//! same text; and the same play must still make the same files. A copy kept on a device or sent
//! as a link is the position's serialised form, so this pins that form whatever the position's
//! shape in memory.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/fixture.rs"]
mod fixture;
#[path = "support/rfx_play.rs"]
mod rfx_play;

use field_desk::engine::{Reader, Seat, System};
use field_desk::share::seat::SeatCopy;
use field_desk::share::Meta;
use field_desk::systems::race_for_x::forces::suggested_forces;
use field_desk::systems::race_for_x::tables::OffensiveAction::{Attack, Regroup};
use field_desk::systems::race_for_x::{Decision, Outcome, Phase, RaceForX, Side};
use field_desk::systems::{AnyCampaign, ViewBody};
use rfx_play::*;

const A: Reader = Some(Seat(0));
const B: Reader = Some(Seat(1));

/// Where each copy was made: its file's middle name, and the step the campaign stood at.
const POINTS: [(&str, Phase); 9] = [
    ("a-chose", Phase::ChooseActions),
    ("field-forces", Phase::FieldForces),
    ("fight", Phase::Fight),
    ("battle-result", Phase::BattleResult),
    ("movement", Phase::Movement),
    ("replace-commanders", Phase::ReplaceCommanders),
    ("b-type-of-battle", Phase::TypeOfBattle),
    ("b-recovery-no-battle", Phase::Recovery),
    ("finished", Phase::Finished),
];

fn path(point: &str, reader: Reader) -> String {
    let who = if reader == A { "a" } else { "b" };
    format!("tests/fixtures/seat/race-for-x-{point}-{who}.json")
}

fn copy_of(c: &Game, reader: Reader) -> SeatCopy {
    let meta = Meta { id: "0123456789abcdef".into(), name: "Bridge at dawn".into(), created: 1.0e12, updated: 1.0e12 };
    SeatCopy::new(meta, 1.7e12, AnyCampaign::RaceForX(c.clone()).seat_view(reader))
}

/// The campaign's positions at each of `POINTS`, in order.
fn played() -> Vec<Game> {
    let mut at = Vec::new();
    let mut c = new_game();
    ok(&mut c, Decision::ChooseAction { side: Side::A, action: Attack }, &[]);
    at.push(c.clone());
    ok(&mut c, Decision::ChooseAction { side: Side::B, action: Regroup }, &[]);
    ok(&mut c, Decision::RollBattleType, &[3]);
    at.push(c.clone());
    let units = example_force(battle(&c).units_allowed);
    ok(&mut c, Decision::FieldForces { units }, &[]);
    ok(&mut c, Decision::RollDefence, &[5]);
    ok(&mut c, Decision::ClockRoll, &[5]);
    ok(&mut c, Decision::ClockRoll, &[2]);
    ok(&mut c, Decision::NameObjectives { names: ["The mill".into(), "Hill 112".into()] }, &[]);
    ok(&mut c, Decision::Note { text: "The HMG held the ford.".into() }, &[]);
    at.push(c.clone());
    // The 1st Platoon's PC and a rifle of the 2nd killed.
    ok(&mut c, Decision::RecordOutcome(outcome(1, 1, &[s(4, 0), s(5, 1)])), &[]);
    at.push(c.clone());
    ok(&mut c, Decision::RollBattleResult, &[6]);
    at.push(c.clone());
    ok(&mut c, Decision::ConfirmMovement, &[]);
    at.push(c.clone());
    ok(&mut c, Decision::ReplaceCommander { commander: s(4, 0), replacement: s(4, 2) }, &[]);
    ok(&mut c, Decision::RollRecovery, &[6, 2]);
    at.push(c.clone());
    // Boris regroups: a 6 brings no battle.
    ok(&mut c, Decision::RollBattleType, &[6]);
    at.push(c.clone());
    ok(&mut c, Decision::RollRecovery, &[]);
    // Both attack, win big and advance until someone takes X.
    while c.state().outcome().is_none() {
        choose(&mut c, Attack, Attack);
        for side in Side::BOTH {
            ok(&mut c, Decision::RollBattleType, &[3]);
            let units = {
                let s = c.state();
                suggested_forces(&c.setup().players[side.index()].orbat, s.player(side), battle(&c).units_allowed)
            };
            ok(&mut c, Decision::FieldForces { units: units.expect("a lawful force") }, &[]);
            if c.state().phase() == Phase::DefenceRoll {
                ok(&mut c, Decision::RollDefence, &[2]);
            }
            ok(&mut c, Decision::RecordOutcome(big_win()), &[]);
            ok(&mut c, Decision::RollBattleResult, &[6]);
            ok(&mut c, Decision::ConfirmMovement, &[]);
            let lost = c.state().player(side).lost_count();
            ok(&mut c, Decision::RollRecovery, &vec![1; lost]);
        }
    }
    at.push(c);
    at
}

fn stored(path: &str) -> String {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}")).trim().to_string()
}

/// The same play still makes the same copies (a missing file is written with
/// `FIELD_DESK_NEW_FIXTURES=1`, never an existing one).
#[test]
fn the_sample_play_makes_the_stored_copies() {
    let games = played();
    assert_eq!(games.len(), POINTS.len());
    for (c, (point, phase)) in games.iter().zip(POINTS) {
        assert_eq!(c.state().phase(), phase, "{point}");
        for reader in [A, B] {
            fixture::check_written(&path(point, reader), &copy_of(c, reader).to_json());
        }
    }
}

/// Each stored copy opens as a copy from outside does (checked against its setup), reads as the
/// position it was made at, and writes back to the same text.
#[test]
fn each_stored_copy_opens_reads_and_writes_back_the_same() {
    for (point, phase) in POINTS {
        for reader in [A, B] {
            let path = path(point, reader);
            let text = stored(&path);
            let copy = SeatCopy::from_json(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert_eq!(copy.to_json(), text, "{path} writes back to the same text");
            assert_eq!(copy.reader(), reader, "{path}");
            let ViewBody::RaceForX(v) = &copy.view else { panic!("{path} is not a Race for X copy") };
            let s = &v.state;
            assert_eq!(s.phase(), phase, "{path}");
            assert_eq!(copy.view.status(), RaceForX::status(&v.setup, s), "{path}");
            let in_part = !matches!(phase, Phase::ChooseActions | Phase::Finished);
            assert_eq!(s.current().is_some(), in_part, "{path}: a battle exactly in a part of the turn");
            assert_eq!(s.offensive_side(), s.current().map(|b| b.side), "{path}");
            match point {
                "a-chose" => {
                    let want = if reader == A { [Some(Attack), None] } else { [None, None] };
                    assert_eq!(s.actions(), want, "{path}: only A reads A's choice");
                    // B's copy cannot tell that A has chosen.
                    let to_act = if reader == A { vec![Seat(1)] } else { vec![Seat(0), Seat(1)] };
                    assert_eq!(RaceForX::to_act(&v.setup, s), to_act, "{path}");
                }
                "finished" => {
                    assert_eq!(s.outcome(), Some(Outcome::Win(Side::A)), "{path}");
                    assert_eq!(s.actions(), [Some(Attack), Some(Attack)], "{path}");
                    assert!(s.battles.len() >= 4 && s.battles.len() % 2 == 0, "{path}");
                }
                _ => {
                    assert_eq!(s.actions(), [Some(Attack), Some(Regroup)], "{path}: both choices shown in a part");
                    assert_eq!(s.outcome(), None, "{path}");
                    assert_eq!(s.turn, 1, "{path}");
                }
            }
            let b = s.current();
            match phase {
                Phase::FieldForces => assert!(b.is_some_and(|b| b.battle.is_some() && b.units_allowed == 9)),
                Phase::Fight => {
                    let b = b.unwrap();
                    assert_eq!((b.clock, b.clock_rolls, b.notes.len()), (1, 2, 1), "{path}");
                    assert_eq!(b.objectives, ["The mill".to_string(), "Hill 112".to_string()]);
                    assert!(b.defence.is_some(), "{path}");
                }
                Phase::BattleResult => assert!(b.is_some_and(|b| b.vp.is_some() && b.outcome.is_some())),
                Phase::Movement => assert!(b.is_some_and(|b| b.to.is_some() && b.result.is_some())),
                Phase::ReplaceCommanders => {
                    assert_eq!(RaceForX::to_act(&v.setup, s), vec![Seat(0)], "{path}: Anna replaces her PC")
                }
                Phase::TypeOfBattle => assert_eq!(s.offensive_side(), Some(Side::B), "{path}"),
                Phase::Recovery => {
                    let b = b.unwrap();
                    assert_eq!((b.battle, b.to, b.recovery_target), (None, Some(b.from), Some(4)), "{path}")
                }
                _ => {}
            }
        }
    }
}
