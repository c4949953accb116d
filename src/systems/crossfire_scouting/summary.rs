//! What the attack briefing knows: the summary a Race for X battle stores and shows.

use super::state::{EndReason, FindStatus, Sighting, State, Status};
use super::tables;
use super::team::{Origin, Setup};
use serde::{Deserialize, Serialize};

/// An area's finding, in words that stand without the session's setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnownArea {
    pub area: String,
    pub sighting: Sighting,
    /// The figure who found it.
    pub by: String,
    /// "01:40".
    pub at: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureOutcome {
    pub name: String,
    pub team: String,
    pub leader: bool,
    pub status: Status,
}

/// The result of a scouting session.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoutingSummary {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<Origin>,
    pub ended: Option<EndReason>,
    /// Minutes since 01:00 when the summary was taken.
    pub clock: u16,
    /// Reported at the own edge: what the briefing knows.
    pub known: Vec<KnownArea>,
    /// Banked with a scout leader still out (empty once the night is over).
    pub banked: Vec<KnownArea>,
    /// Only in a scout's head (empty once the night is over).
    pub carried: Vec<KnownArea>,
    /// Areas whose troops gave themselves away but are not known: they go back to hidden and
    /// may redeploy before the battle.
    pub redeploy: Vec<String>,
    pub figures: Vec<FigureOutcome>,
    pub cat_used: bool,
}

impl ScoutingSummary {
    pub fn is_over(&self) -> bool {
        self.ended.is_some()
    }
    /// Lines for the battle's page: "Farmhouse: troops (section) (Atkins, 01:40)".
    pub fn lines(&self) -> Vec<String> {
        let mut v = Vec::new();
        let head = match self.ended {
            Some(EndReason::Deadline) => "Scouting ended at 04:00.".to_string(),
            Some(EndReason::Called) => format!("Scouting ended at {}.", tables::clock_text(self.clock)),
            Some(EndReason::AllDone) => {
                format!("Scouting ended at {}: everyone is back or dead.", tables::clock_text(self.clock))
            }
            None => format!("Scouting under way, {}.", tables::clock_text(self.clock)),
        };
        v.push(head);
        if self.known.is_empty() {
            v.push("The briefing knows nothing of the enemy.".into());
        }
        for k in &self.known {
            v.push(format!("{}: {} ({}, {}).", k.area, k.sighting.text(), k.by, k.at));
        }
        for k in &self.banked {
            v.push(format!("{}: {}, banked with a leader still out.", k.area, k.sighting.text()));
        }
        for k in &self.carried {
            v.push(format!("{}: {}, known only to {} so far.", k.area, k.sighting.text(), k.by));
        }
        if !self.redeploy.is_empty() {
            v.push(format!("The defender may redeploy, hidden, the troops in: {}.", self.redeploy.join(", ")));
        }
        v
    }
}

fn known(setup: &Setup, state: &State, status: FindStatus) -> Vec<KnownArea> {
    let mut v: Vec<KnownArea> = Vec::new();
    for f in state.finds.iter().filter(|f| f.status == status) {
        let k = KnownArea {
            area: setup.area_name(f.area),
            sighting: f.sighting.clone(),
            by: setup.name(f.by),
            at: tables::clock_text(f.at),
        };
        if !v.iter().any(|x| x.area == k.area && x.sighting == k.sighting) {
            v.push(k);
        }
    }
    v
}

pub fn summary(setup: &Setup, state: &State) -> ScoutingSummary {
    let live_troops = |a: u16| state.live_finds(a).any(|f| f.sighting.is_troops());
    let mut redeploy: Vec<u16> = state
        .finds
        .iter()
        .filter(|f| f.status == FindStatus::Lost && f.sighting.is_troops())
        .map(|f| f.area)
        .chain(state.unwitnessed.iter().copied())
        .filter(|&a| !live_troops(a))
        .collect();
    crate::engine::order::sort(&mut redeploy);
    redeploy.dedup();
    ScoutingSummary {
        origin: setup.origin.clone(),
        ended: state.ended,
        clock: state.clock,
        known: known(setup, state, FindStatus::Reported),
        banked: known(setup, state, FindStatus::Banked),
        carried: known(setup, state, FindStatus::Carried),
        redeploy: redeploy.into_iter().map(|a| setup.area_name(a)).collect(),
        figures: state
            .refs()
            .into_iter()
            .map(|r| FigureOutcome {
                name: setup.name(r),
                team: setup.teams[r.team as usize].name.clone(),
                leader: r.is_leader(),
                status: state.figure(r).status,
            })
            .collect(),
        cat_used: state.cat_used,
    }
}
