//! The position of a scouting session: the clock, every figure, what has been found, and
//! the step under way.

use super::tables::{FireResult, DEADLINE_MINUTES};
use super::team::{Place, Quality, ScoutRef};
use serde::{Deserialize, Serialize};

/// What became of a figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    /// At the start line behind the own edge, not yet on the table.
    Waiting,
    /// Out on the table.
    Active,
    /// Hit once: its next action is the one straight retreat move.
    Retreated,
    /// Killed or captured.
    Dead,
    /// Back off the table at the own edge, done for the night: what it knew is reported.
    Home,
    /// Still out on the table when the night ended: missed the briefing.
    Late,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Waiting => "waiting at the own edge",
            Status::Active => "out scouting",
            Status::Retreated => "falling back",
            Status::Dead => "dead",
            Status::Home => "back home",
            Status::Late => "too late for the briefing",
        }
    }
    /// On the table (and so may be shot at, and must get back).
    pub fn on_table(self) -> bool {
        matches!(self, Status::Active | Status::Retreated)
    }
}

/// One figure's position and memory.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoutState {
    pub status: Status,
    /// Where it stands (the place it left, while a move is being watched).
    pub place: Place,
    /// The move under way: where it is going. Set from a move until the defender has had his
    /// chance to react.
    pub heading: Option<Place>,
    /// The move under way crosses open ground.
    pub in_open: bool,
    /// The move under way enters an area from outside it.
    pub entering: bool,
    /// Move actions since its last spotting attempt, reaction from the defender or clock roll.
    pub moves: u8,
    /// The sentries have him in their sights after firing at him: while he moves before
    /// getting out of sight, they may fire again without a new spotting roll.
    pub under_fire: bool,
    /// Areas this figure has already tried to spot (once each).
    pub tried: Vec<u16>,
    /// Areas whose sentries saw him try and held fire: +2 to the defender if he walks in.
    pub ambushes: Vec<u16>,
    /// Areas whose troops he beat in close combat: they cannot hinder him again.
    pub beaten: Vec<u16>,
}

impl ScoutState {
    /// Waiting behind the own edge, before the night starts.
    pub fn at_start() -> ScoutState {
        ScoutState {
            status: Status::Waiting,
            place: Place::OwnEdge,
            heading: None,
            in_open: false,
            entering: false,
            moves: 0,
            under_fire: false,
            tried: Vec::new(),
            ambushes: Vec::new(),
            beaten: Vec::new(),
        }
    }
}

/// What a scout saw in an area.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sighting {
    /// The defender declared the area empty.
    Empty,
    /// Troops are there; the text says what (may be empty: the stands are on the table).
    Troops(String),
}

impl Sighting {
    pub fn is_troops(&self) -> bool {
        matches!(self, Sighting::Troops(_))
    }
    /// "empty", "troops", "troops (HMG section)".
    pub fn text(&self) -> String {
        match self {
            Sighting::Empty => "empty".into(),
            Sighting::Troops(t) if t.trim().is_empty() => "troops".into(),
            Sighting::Troops(t) => format!("troops ({})", t.trim()),
        }
    }
}

/// Where a discovery's knowledge lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FindStatus {
    /// Only in the finder's head: lost if he dies.
    Carried,
    /// Told to the scout leader: known to him and to the finder, lost only if both die or
    /// neither gets back in time.
    Banked,
    /// Brought back to the own edge by a figure who knew it: safe for the briefing.
    Reported,
    /// Gone: the troops go back to hidden and may redeploy.
    Lost,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Discovery {
    pub area: u16,
    pub sighting: Sighting,
    /// The figure who found it. Carried: only he knows it; banked: he and his leader do.
    pub by: ScoutRef,
    /// Clock when found, minutes since 01:00.
    pub at: u16,
    pub status: FindStatus,
}

/// Why a clock roll is owed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ClockReason {
    /// After every spotting attempt.
    Spotting(ScoutRef),
    /// After a figure's third move in a row without spotting or a reaction.
    ThirdMove(ScoutRef),
}

/// What led to troops being shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RevealCause {
    /// The scout spotted the area (it may turn out empty).
    Spotted,
    /// The troops fired on the scout.
    Fired,
    /// The scout won a close combat there.
    CloseCombat,
}

/// A reveal owed once the current step is settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingReveal {
    pub scout: ScoutRef,
    pub area: u16,
    pub cause: RevealCause,
    /// Straight to the team's knowledge: the scout is the leader, or the leader watched.
    pub banked: bool,
}

/// What the defender may do in a reaction window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    /// The move has just been made: reactive spotting (in the open), more fire (under
    /// fire), or close combat where it ends.
    Moving,
    /// After a reaction the scout got through: only close combat where he arrives is left.
    Arrived,
}

/// Steps of the night, each waiting for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The scouting player moves a figure, tries to spot, banks finds, or ends the night.
    Scouting,
    /// A figure has moved: the defender reacts or lets him pass.
    Reaction { scout: ScoutRef, stage: Stage },
    /// The sentries have seen a scout. The scouting player may play the cat; otherwise the
    /// defender fires, or holds fire (after a spotting attempt), or admits no troops can see
    /// him (after reactive spotting, which obliges him to fire).
    SentriesSpotted { scout: ScoutRef, area: Option<u16>, scout_spots: bool, reactive: bool },
    /// More units have still to fire at the scout.
    Fire { scout: ScoutRef, from: u16, units_left: u8, worst: FireResult, leader_sees: bool },
    /// Close combat tied: roll again.
    CloseCombatTie {
        scout: ScoutRef,
        area: u16,
        ambush: bool,
        scout_other: i8,
        defender_other: i8,
        /// The fighting unit's quality, when not the usual sentries'.
        defenders: Option<Quality>,
    },
    /// A scout hit once makes his retreat move.
    Retreat { scout: ScoutRef },
    /// The defender shows what is in the area.
    Reveal { scout: ScoutRef, area: u16, cause: RevealCause },
    /// Roll for the clock.
    Clock { reason: ClockReason },
    /// The night is over.
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Scouting => "Scouting",
            Phase::Reaction { .. } => "Defender's reaction",
            Phase::SentriesSpotted { .. } => "Sentries have seen a scout",
            Phase::Fire { .. } => "Fire at a scout",
            Phase::CloseCombatTie { .. } => "Close combat tied",
            Phase::Retreat { .. } => "Retreat",
            Phase::Reveal { .. } => "Reveal",
            Phase::Clock { .. } => "Clock roll",
            Phase::Over => "Night over",
        }
    }
}

/// Why the night ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// The clock reached 04:00.
    Deadline,
    /// The scouting player called it a night.
    Called,
    /// Every figure that went out is back or dead, and nobody is left waiting.
    AllDone,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub phase: Phase,
    /// Minutes since 01:00; the deadline is at `DEADLINE_MINUTES`.
    pub clock: u16,
    pub clock_rolls: u16,
    /// Per team, per member (leader first).
    pub figures: Vec<Vec<ScoutState>>,
    pub finds: Vec<Discovery>,
    /// The cat has been played (once per game).
    pub cat_used: bool,
    /// Reveals owed once the current step is done, oldest first.
    pub reveals_due: Vec<PendingReveal>,
    /// A clock roll owed after the current step.
    pub clock_due: Option<ClockReason>,
    /// Areas whose troops gave themselves away (fire, close combat) to a scout who died
    /// with nobody watching: they may redeploy.
    pub unwitnessed: Vec<u16>,
    pub ended: Option<EndReason>,
}

impl State {
    pub fn figure(&self, r: ScoutRef) -> &ScoutState {
        &self.figures[r.team as usize][r.member as usize]
    }
    pub fn figure_mut(&mut self, r: ScoutRef) -> &mut ScoutState {
        &mut self.figures[r.team as usize][r.member as usize]
    }
    pub fn refs(&self) -> Vec<ScoutRef> {
        self.figures
            .iter()
            .enumerate()
            .flat_map(|(t, team)| (0..team.len()).map(move |m| ScoutRef::new(t as u8, m as u8)))
            .collect()
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
    /// Minutes left before 04:00.
    pub fn minutes_left(&self) -> u16 {
        DEADLINE_MINUTES.saturating_sub(self.clock)
    }
    /// Minutes the scouts still have while the night goes on: none once it has ended or the
    /// clock has reached 04:00.
    pub fn time_left(&self) -> Option<u16> {
        let left = self.minutes_left();
        (self.ended.is_none() && left > 0).then_some(left)
    }
    /// Finds not lost, of an area.
    pub fn live_finds(&self, area: u16) -> impl Iterator<Item = &Discovery> {
        self.finds.iter().filter(move |f| f.area == area && f.status != FindStatus::Lost)
    }
    /// Troops in the area are shown on the table (some live find says so).
    pub fn troops_revealed(&self, area: u16) -> bool {
        self.live_finds(area).any(|f| f.sighting.is_troops())
    }
    /// The defender has declared the area empty (and the find still stands).
    pub fn declared_empty(&self, area: u16) -> bool {
        self.live_finds(area).any(|f| f.sighting == Sighting::Empty)
    }
    /// Finds the figure carries, not yet banked.
    pub fn carried_by(&self, r: ScoutRef) -> Vec<usize> {
        (0..self.finds.len())
            .filter(|&i| self.finds[i].by == r && self.finds[i].status == FindStatus::Carried)
            .collect()
    }
}
