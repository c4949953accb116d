//! What the dice widget shows before each roll: exact odds through `engine::odds`.

use super::rules::{dice, Decision};
use super::setup::Setup;
use super::state::State;
use super::tables::{recon_target, Event, KILL};
use crate::engine::odds::tally;
use crate::engine::RollPreview;

pub fn preview(setup: &Setup, state: &State, decision: &Decision) -> Option<RollPreview> {
    let spec = dice(setup, state, decision)?;
    match decision {
        Decision::RollRecon => {
            let odds = tally(&spec, |d| match recon_target(d[0], d[1]) {
                None => "Off the table (wasted)".to_string(),
                Some(t) if state.counter_count(t) == 0 => "An empty sector (wasted)".to_string(),
                Some(_) => "Counters to examine".to_string(),
            });
            Some(RollPreview {
                title: "Reconnaissance".into(),
                dice: spec,
                modifiers: vec![],
                odds,
                note: Some("First die: the axis (5 or 6 is off the table). Second die: the line.".into()),
            })
        }
        Decision::FireMission { sector } => {
            let odds = tally(&spec, |d| {
                let k = d.iter().filter(|&&x| x >= KILL).count();
                match k {
                    0 => "No counter destroyed".to_string(),
                    1 => "1 counter destroyed".to_string(),
                    k => format!("{k} counters destroyed"),
                }
            });
            Some(RollPreview {
                title: format!("Fire mission on {sector}"),
                dice: spec,
                modifiers: vec![],
                odds,
                note: Some(format!("One die for each of the {} counters; a 6 destroys it.", spec.count)),
            })
        }
        Decision::RollEvent => {
            let odds = tally(&spec, |d| {
                let e = setup.events[d[0] as usize - 1];
                if e == Event::ThickFog && state.fog {
                    "Thick fog again: the fog lifts".to_string()
                } else {
                    e.name().to_string()
                }
            });
            Some(RollPreview { title: "Random event".into(), dice: spec, modifiers: vec![], odds, note: None })
        }
        _ => None,
    }
}
