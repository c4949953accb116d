//! Race for X through its grammar writes the very bytes link version 1's hand-written coder
//! (`race_for_x_hand`) wrote: random campaigns, drawn from the grammar and played under the
//! rules (with undos, redos, app and table dice, custom and damaged setups, journals that do
//! not replay), give the same payload both ways, and read back.

use super::budget::{work_fits, ReplayCost};
use super::models::{int, Models, FLAG_REPLAYS};
use super::range::{Coder, Encoder};
use super::{code_meta, from_payload, payload, plain, race_for_x_hand as hand, LinkError, SYSTEMS, SYSTEM_RACE_FOR_X};
use crate::engine::{Action, Campaign, Chooser, DiceInput, Grammar, System};
use crate::share::{Document, Meta, FORMAT};
use crate::systems::race_for_x::{sample, Decision, Phase, RaceForX, Setup};
use crate::systems::Body;
use rand::{Rng as _, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What `payload` wrote for a Race for X campaign before the grammar.
fn hand_payload(doc: &Document) -> Vec<u8> {
    let Body::RaceForX { setup, journal } = &doc.body else { panic!("a Race for X campaign") };
    if work_fits::<RaceForX>(setup, journal).is_ok() {
        let mut e = Encoder::new();
        if hand_document(&mut e, doc, setup, journal, true).is_ok() {
            return e.finish();
        }
    }
    let mut e = Encoder::new();
    hand_document(&mut e, doc, setup, journal, false).expect("a plain coding");
    e.finish()
}

fn hand_document(
    e: &mut Encoder,
    doc: &Document,
    setup: &Setup,
    journal: &[Action<Decision>],
    replay: bool,
) -> Result<(), LinkError> {
    e.uniform(SYSTEMS, SYSTEM_RACE_FOR_X)?;
    let mut m = Models::new();
    code_meta(e, &mut m, Some(&doc.meta))?;
    let setup = hand::code_setup(e, &mut m, Some(setup))?;
    let mut cost = ReplayCost::new::<RaceForX>(&setup);
    let replay = e.bit(&mut m.flags[FLAG_REPLAYS], replay && RaceForX::start(&setup).is_ok())?;
    int(e, &mut m.lines, journal.len() as u64)?;
    if replay {
        hand::replayed_lines(e, &mut m, &setup, journal.len(), Some(journal), &mut cost)?;
    } else {
        plain::plain_lines(e, &mut m, &setup, journal.len(), Some(journal), &mut cost)?;
    }
    Ok(())
}

/// Every choice at random: flags even, small numbers and counts, texts from a few (repeats,
/// an empty one, non-ASCII), exact chances through the default `Chooser::chance`.
struct Draw<'a>(&'a mut ChaCha8Rng);

const TEXTS: [&str; 6] = ["", "Hill 112", "Höhe 112 — «Brücke»", "Farm", "1st Company", "Smoke on the left"];

impl Chooser for Draw<'_> {
    type Error = ();
    fn pick(&mut self, n: u32, _: Option<u32>) -> Result<u32, ()> {
        if n == 0 {
            return Err(());
        }
        Ok(self.0.random_range(0..n))
    }
    fn flag(&mut self, _: u16, _: Option<bool>) -> Result<bool, ()> {
        Ok(self.0.random_range(0..3) == 0)
    }
    fn number(&mut self, _: u16, _: Option<u64>) -> Result<u64, ()> {
        Ok(self.0.random_range(0..6))
    }
    fn text(&mut self, _: Option<&str>) -> Result<String, ()> {
        Ok(TEXTS[self.0.random_range(0..TEXTS.len())].to_string())
    }
    fn count(&mut self, _: u16, _: Option<usize>, cap: usize) -> Result<usize, ()> {
        Ok(self.0.random_range(0..=cap.min(5)))
    }
    fn refuse(&self) {}
}

/// The sample, or a setup changed here and there (some of which do not start).
fn some_setup(rng: &mut ChaCha8Rng) -> Setup {
    let mut s = sample::sample_setup();
    match rng.random_range(0..12) {
        1 => s.players[0].name = "Анна".into(),
        2 => s.players[0].orbat.units[3].stands[1].label = "Rifles".into(),
        3 => drop(s.players[1].orbat.units.pop()),
        4 => s.defence[2].lines.push("2 x HMG".into()),
        5 => s.players[1].orbat.formations[1].name = "2nd Coy".into(),
        6 => {
            s.defence.pop();
            s.size = crate::systems::race_for_x::tables::CampaignSize::Large;
        }
        7 => s.players[0].orbat.units.swap(2, 3),
        8 => s.players[1].orbat.units[0].formation = None,
        9 => s.players[0].orbat = sample::russian_battalion("Guards Battalion"),
        // Drawn whole from the grammar: rarely one that starts.
        10 | 11 => {
            while let Ok(drawn) = RaceForX::setup(&mut Draw(&mut *rng), None) {
                s = drawn;
                if rng.random_range(0..4) > 0 {
                    break;
                }
            }
        }
        _ => {}
    }
    s
}

/// A campaign drawn from the grammar, each draw played if the rules take it.
fn campaign(rng: &mut ChaCha8Rng) -> Document {
    let setup = some_setup(rng);
    let mut journal = Vec::new();
    if let Ok(mut c) = Campaign::<RaceForX>::new(setup.clone()) {
        let steps = rng.random_range(0..700);
        for _ in 0..steps {
            if rng.random_range(0..25) == 0 && c.can_undo() {
                c.undo();
                if rng.random_range(0..2) == 0 && c.can_redo() {
                    c.redo().unwrap();
                }
                continue;
            }
            if c.state().phase == Phase::Finished {
                break;
            }
            let Ok(d) = RaceForX::decision(c.setup(), c.state(), &mut Draw(&mut *rng), None) else { continue };
            if rng.random_range(0..3) == 0 {
                let n = c.dice_for(&d).map_or(0, |s| s.count);
                let values = (0..n).map(|_| rng.random_range(1..=6)).collect();
                let _ = c.decide(d, DiceInput::Typed(values));
            } else {
                let mut dice = ChaCha8Rng::seed_from_u64(rng.next_u64());
                let _ = c.decide(d, DiceInput::App(&mut dice));
            }
        }
        journal = c.journal().to_vec();
    }
    // Now and then a line the rules refuse: the journal goes plain.
    if rng.random_range(0..15) == 0 {
        let at = rng.random_range(0..=journal.len());
        journal.insert(at, Action::Decide(crate::engine::Entry::new(Decision::ConfirmMovement, Vec::new())));
    }
    let meta = Meta { id: format!("{:016x}", rng.next_u64()), name: "Seed".into(), created: 5.0, updated: 9.0 };
    Document { format: FORMAT, meta, summary: None, body: Body::RaceForX { setup, journal } }
}

#[test]
fn race_for_x_through_its_grammar_writes_the_hand_coders_bytes() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (mut replayed, mut plain, mut custom) = (0, 0, 0);
    let n: usize = std::env::var("RFX_SAME_BYTES").map_or(150, |v| v.parse().unwrap());
    for i in 0..n {
        let doc = campaign(&mut rng);
        let bytes = payload(&doc);
        assert_eq!(bytes, hand_payload(&doc), "campaign {i}");
        let back = from_payload(&bytes);
        let Body::RaceForX { setup, journal } = &doc.body else { unreachable!() };
        custom += usize::from(*setup != sample::sample_setup());
        if RaceForX::start(setup).is_ok() && doc.open().is_ok() {
            assert_eq!(back.as_ref(), Ok(&doc), "campaign {i}");
            replayed += 1;
        } else {
            plain += usize::from(!journal.is_empty());
        }
    }
    // The draws reach every part of the coding.
    println!("{n} campaigns: {replayed} replayed, {plain} plain, {custom} custom setups");
    assert!(
        replayed > n / 2 && plain > n / 40 && custom > n / 4,
        "{replayed} replayed, {plain} plain, {custom} custom"
    );
}
