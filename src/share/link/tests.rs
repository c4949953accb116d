//! A link's parts working together: a journal the rules refuse does not replay.

use super::codes::LINE_DECIDE;
use super::race_for_x::{code_decision, code_setup, replayed_lines};
use super::*;
use crate::engine::{Campaign, DiceInput};
use crate::systems::race_for_x::grammar_v1::GrammarV1;
use crate::systems::race_for_x::tables::OffensiveAction;
use crate::systems::race_for_x::{sample, Decision, Phase, Side};

/// A decision the rules refuse, in a replayed journal (which the encoder never writes:
/// a damaged link that passed the checksum): the link does not replay. Written as link
/// version 1 (code 0, whose grammar could say it; the tight one of code 8 cannot).
#[test]
fn an_illegal_decision_in_a_replayed_journal_does_not_replay() {
    let setup = sample::sample_setup();
    let mut game = Campaign::<RaceForX>::new(setup.clone()).unwrap();
    let mut dice = [1u16, 6].into_iter().cycle();
    while game.state().phase() != Phase::FieldForces {
        let d = match game.state().phase() {
            Phase::ChooseActions => Decision::ChooseAction {
                side: if game.state().actions()[0].is_none() { Side::A } else { Side::B },
                action: OffensiveAction::Attack,
            },
            _ => Decision::RollBattleType,
        };
        let n = game.dice_for(&d).map_or(0, |s| s.count);
        game.decide(d, DiceInput::Typed((0..n).map(|_| dice.next().unwrap()).collect())).unwrap();
    }
    // The three platoons of the 1st Company without its HQ, which must then be fielded.
    let units = vec![1, 2, 4, 5, 6, 15, 16, 17, 18];
    assert_eq!(units.len(), game.state().current().unwrap().units_allowed);
    let illegal = Decision::FieldForces { units };
    assert!(game.check(&illegal, &[]).is_err());
    let journal = game.journal().to_vec();
    let meta = Meta { id: "0123456789abcdef".into(), name: "x".into(), created: 0.0, updated: 0.0 };

    let mut e = Encoder::new();
    let mut m = Models::new();
    e.uniform(SYSTEMS, SYSTEM_RACE_FOR_X).unwrap();
    code_meta(&mut e, &mut m, Some(&meta)).unwrap();
    code_setup(&mut e, &mut m, Some(&setup)).unwrap();
    e.bit(&mut m.flags[FLAG_REPLAYS], true).unwrap();
    int(&mut e, &mut m.lines, journal.len() as u64 + 1).unwrap();
    let mut cost = ReplayCost::new::<RaceForX>(&setup);
    replayed_lines::<GrammarV1>(&mut e, &mut m, &setup, journal.len(), Some(&journal), &mut cost).unwrap();
    e.bit(&mut m.not_decide[LINE_DECIDE], false).unwrap();
    code_decision::<GrammarV1>(&mut e, &mut m, &setup, game.state(), Some(&illegal)).unwrap();
    let bytes = e.finish();

    match from_payload(&bytes) {
        Err(LinkError::DoesNotReplay(why)) => {
            assert!(why.contains(&format!("line {}", journal.len() + 1)) && why.contains("1st Company HQ"), "{why}")
        }
        other => panic!("expected a replay error, got {other:?}"),
    }
}

/// Every payload opens under its own marker only: one sealed under another version's marker
/// (which no app writes, so made by hand) is refused as damaged, not read.
#[test]
fn a_payload_under_another_versions_marker_is_refused() {
    use crate::share::Body;
    use crate::systems::axis_of_attack::sample as aoa;
    let meta = Meta { id: "0123456789abcdef".into(), name: "x".into(), created: 0.0, updated: 0.0 };
    let bodies = [
        Body::RaceForX { setup: sample::sample_setup(), journal: Vec::new() },
        Body::AxisOfAttack { setup: aoa::sample_setup(), journal: Vec::new() },
    ];
    for body in bodies {
        let doc = Document { format: FORMAT, meta: meta.clone(), summary: None, body };
        let bytes = payload(&doc);
        let own = version_of(&bytes);
        assert!(read(&seal_as(&bytes, own)).is_ok());
        for other in [1u8, 2, 4] {
            if other != own {
                assert_eq!(read(&seal_as(&bytes, other)), Err(LinkError::Corrupt), "version {own} sealed as {other}");
            }
        }
    }
}
