//! Axis of Attack seat copies as the app wrote them in seat format 1 (released), committed
//! under `tests/fixtures/seat/axis-of-attack-*.json`: each must keep opening, read back to the
//! very same JSON, and show its reader the same position. The in-memory shape of the position
//! may change (issue 29: a turn's step carries its record); its written form may not.
//!
//! The copies: the sample played by the scripted drivers of `support/aoa_play.rs` (turn 1 with
//! one force list in, part-way through the casualties, at the reinforcements; turn 2's mission
//! roll), each for both players or the table, and a seeded random walk
//! (`support/aoa_legal.rs`) stopped at the first of the rarer steps (the defender's shift, the
//! mission change, who attacks, a breakthrough, the exchanges) and once the campaign is over.
//! The scripted ones are also made anew and compared with the stored position.
//!
//! The files are written once, with `FIELD_DESK_NEW_FIXTURES=1 cargo test --test
//! native axis_of_attack_seat_fixtures::`, and only where none exists yet: never rewritten.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/aoa_legal.rs"]
mod aoa_legal;
#[path = "support/aoa_play.rs"]
mod aoa_play;
#[path = "support/rng.rs"]
mod rng;

use aoa_play::{force, new_game, ok, report, win, Game};
use field_desk::engine::{Campaign, DiceInput, Grammar, Reader, Seat, SeatView, System, TwoSides};
use field_desk::share::seat::SeatCopy;
use field_desk::share::Meta;
use field_desk::systems::axis_of_attack::{AxisOfAttack, Decision, Side};
use field_desk::systems::{AnyCampaign, ViewBody};

use Side::West;

const WEST: Reader = Some(Seat(0));
const EAST: Reader = Some(Seat(1));
const TABLE: Reader = None;

/// One stored copy and what its reader must see.
struct Fixture {
    file: &'static str,
    reader: Reader,
    turn: u32,
    /// The step's word in the written position.
    phase: &'static str,
    status: &'static str,
    /// Whose force lists of the turn under way the reader sees (west, east).
    forces: [bool; 2],
}

const FIXTURES: &[Fixture] = &[
    Fixture {
        file: "forces-west",
        reader: WEST,
        turn: 1,
        phase: "Forces",
        status: "Turn 1 \u{00B7} Force lists",
        forces: [true, false],
    },
    Fixture {
        file: "forces-east",
        reader: EAST,
        turn: 1,
        phase: "Forces",
        status: "Turn 1 \u{00B7} Force lists",
        forces: [false, false],
    },
    Fixture {
        file: "casualties-west",
        reader: WEST,
        turn: 1,
        phase: "Casualties",
        status: "Turn 1 \u{00B7} Casualties",
        forces: [true, true],
    },
    Fixture {
        file: "casualties-east",
        reader: EAST,
        turn: 1,
        phase: "Casualties",
        status: "Turn 1 \u{00B7} Casualties",
        forces: [true, true],
    },
    Fixture {
        file: "reinforcements-west",
        reader: WEST,
        turn: 1,
        phase: "Reinforcements",
        status: "Turn 1 \u{00B7} Reinforcements",
        forces: [true, true],
    },
    Fixture {
        file: "reinforcements-east",
        reader: EAST,
        turn: 1,
        phase: "Reinforcements",
        status: "Turn 1 \u{00B7} Reinforcements",
        forces: [true, true],
    },
    Fixture {
        file: "mission-roll-table",
        reader: TABLE,
        turn: 2,
        phase: "MissionRoll",
        status: "Turn 2 \u{00B7} Mission roll",
        forces: [false, false],
    },
];

/// The seeded walk's copies: (file, the step it stops at, reader). Checked like the others, by
/// the facts read from the file's own JSON.
const WALKED: &[(&str, &str, Reader)] = &[
    ("mission-adjust-west", "MissionAdjust", WEST),
    ("mission-change-east", "MissionChange", EAST),
    ("attacker-table", "Attacker", TABLE),
    ("breakthrough-west", "Breakthrough", WEST),
    ("exchanges-east", "Exchanges", EAST),
    ("finished-west", "Finished", WEST),
    ("finished-east", "Finished", EAST),
];

const SEED: u64 = 29;

fn path(file: &str) -> String {
    format!("{}/tests/fixtures/seat/axis-of-attack-{file}.json", env!("CARGO_MANIFEST_DIR"))
}

fn meta() -> Meta {
    Meta {
        id: "a0a0seat00000029".into(),
        name: "Seat fixture: Axis of Attack".into(),
        created: 1.76e12,
        updated: 1.77e12,
    }
}

fn copy_of(c: &Game, reader: Reader) -> SeatCopy {
    SeatCopy::new(meta(), 1.771e12, AnyCampaign::AxisOfAttack(c.clone()).seat_view(reader))
}

fn phase_word(c: &Game) -> String {
    serde_json::to_value(c.state()).unwrap()["phase"].as_str().unwrap().to_string()
}

/// The scripted positions, by fixture file.
fn scripted(file: &str) -> Game {
    let mut c = new_game();
    let (west, east) = (force(1500, &[(0, 7), (5, 5)]), force(1500, &[(0, 7)]));
    if file.starts_with("forces") {
        ok(&mut c, Decision::ChooseArea { area: "Kursk road junction".into(), shift: 0 }, &[]);
        ok(&mut c, Decision::SubmitForce { side: West, force: west }, &[]);
        return c;
    }
    if file.starts_with("casualties") {
        aoa_play::to_game(&mut c, west, east);
        ok(&mut c, Decision::Note { text: "Smoke on the ridge".into() }, &[]);
        ok(&mut c, Decision::RecordResult(win(West, 5, 2)), &[]);
        ok(&mut c, Decision::RecordCasualties { side: West, reports: vec![report(0, 4), report(5, 2)] }, &[]);
        return c;
    }
    if file.starts_with("reinforcements") {
        return aoa_play::first_game_anna_wins();
    }
    aoa_play::turn_two_after(win(West, 5, 2))
}

/// The seeded walk's positions: the first at each step named, and the end.
fn walked() -> Vec<(&'static str, Game)> {
    let setup = field_desk::systems::axis_of_attack::sample::sample_setup();
    let mut found: Vec<(&'static str, Game)> = Vec::new();
    for seed in SEED.. {
        let mut c = Campaign::<AxisOfAttack>::new(setup.clone()).unwrap();
        let mut rng = rng::Rng::new(seed);
        loop {
            let word = phase_word(&c);
            for &(file, phase, _) in WALKED {
                if phase == word && !found.iter().any(|(f, _)| *f == file) {
                    found.push((file, c.clone()));
                }
            }
            if AxisOfAttack::over(c.setup(), c.state()) {
                break;
            }
            let d = aoa_legal::legal_decision(&setup, c.state(), &mut rng);
            let count = c.dice_for(&d).map_or(0, |spec| spec.count as usize);
            let input = if rng.one_in(1, 2) { DiceInput::Typed(rng.d6s(count)) } else { DiceInput::App(&mut rng) };
            c.decide(d, input).unwrap();
        }
        if found.len() == WALKED.len() {
            return found;
        }
        assert!(seed < SEED + 200, "no walk reached every step");
    }
    unreachable!()
}

/// Writes a missing fixture (only with `FIELD_DESK_NEW_FIXTURES` set); true when it did.
fn write_new(file: &str, copy: impl FnOnce() -> SeatCopy) -> bool {
    if std::env::var_os("FIELD_DESK_NEW_FIXTURES").is_none() || std::path::Path::new(&path(file)).exists() {
        return false;
    }
    std::fs::create_dir_all(format!("{}/tests/fixtures/seat", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let json = copy().to_json();
    std::fs::write(path(file), format!("{json}\n")).unwrap_or_else(|e| panic!("{file}: {e}"));
    eprintln!("wrote {file}: {} characters", json.len());
    true
}

/// Opens a stored copy: it must read back to the very same JSON.
fn open(file: &str) -> (String, SeatCopy) {
    let stored = std::fs::read_to_string(path(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let stored = stored.trim().to_string();
    let copy = SeatCopy::from_json(&stored).unwrap_or_else(|e| panic!("{file} no longer opens: {e:?}"));
    assert_eq!(copy.to_json(), stored, "{file}: read and written again, the copy is no longer the same JSON");
    (stored, copy)
}

fn aoa(copy: &SeatCopy) -> &SeatView<AxisOfAttack> {
    match &copy.view {
        ViewBody::AxisOfAttack(v) => v,
        other => panic!("{other:?}"),
    }
}

/// What any copy's reader must see, whatever its step: its own view, the turn under way
/// exactly when the campaign is not over, and no force list it may not read.
fn reads_as_its_reader_s(file: &str, copy: &SeatCopy, reader: Reader) {
    let v = aoa(copy);
    assert_eq!(v.reader, reader, "{file}");
    assert_eq!(AxisOfAttack::view(&v.setup, &v.state, reader), v.state, "{file}: the reader's own view");
    let json = serde_json::to_value(&v.state).unwrap();
    let finished = json["phase"] == "Finished";
    assert_eq!(AxisOfAttack::over(&v.setup, &v.state), finished, "{file}");
    assert_eq!(json["current"].is_null(), finished, "{file}: a turn under way until the end");
    assert_eq!(json["outcome"].is_null(), !finished, "{file}: an outcome at the end");
    let current = &json["current"];
    if !finished && current["revealed"] == false && current["conceded"].is_null() {
        for side in Side::BOTH {
            if reader != Some(side.seat()) {
                assert!(current["forces"][side.index()].is_null(), "{file}: {side:?}'s list is hidden");
            }
        }
    }
}

#[test]
fn the_scripted_seat_copies_open_to_the_same_json_and_position() {
    for f in FIXTURES {
        if write_new(f.file, || copy_of(&scripted(f.file), f.reader)) {
            continue;
        }
        let (_, copy) = open(f.file);
        reads_as_its_reader_s(f.file, &copy, f.reader);
        let v = aoa(&copy);
        assert_eq!(copy.view.status(), f.status, "{}", f.file);
        assert_eq!(AxisOfAttack::turn(&v.state), f.turn, "{}", f.file);
        let json = serde_json::to_value(&v.state).unwrap();
        assert_eq!(json["phase"], f.phase, "{}", f.file);
        let seen = [0, 1].map(|i| !json["current"]["forces"][i].is_null());
        assert_eq!(seen, f.forces, "{}: the force lists the reader sees", f.file);
        // Today's rules make the same position from the same play.
        let made = copy_of(&scripted(f.file), f.reader);
        assert_eq!(
            serde_json::to_value(&aoa(&made).state).unwrap(),
            json,
            "{}: the position played anew is written as before",
            f.file
        );
        assert_eq!(aoa(&made).state, v.state, "{}: and reads as the stored one", f.file);
    }
}

#[test]
fn the_walked_seat_copies_open_to_the_same_json_and_position() {
    let fresh = std::env::var_os("FIELD_DESK_NEW_FIXTURES").is_some();
    let games = if fresh { walked() } else { Vec::new() };
    for &(file, phase, reader) in WALKED {
        let game = || &games.iter().find(|(f, _)| *f == file).unwrap().1;
        if write_new(file, || copy_of(game(), reader)) {
            continue;
        }
        let (_, copy) = open(file);
        reads_as_its_reader_s(file, &copy, reader);
        let json = serde_json::to_value(&aoa(&copy).state).unwrap();
        assert_eq!(json["phase"], phase, "{file}");
        let status = copy.view.status();
        if phase == "Finished" {
            assert!(!status.starts_with("Turn "), "{file}: {status}");
        } else {
            assert!(status.starts_with(&format!("Turn {} \u{00B7} ", json["turn"])), "{file}: {status}");
        }
    }
}
