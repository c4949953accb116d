//! Crossfire night scouting's rules: one pure `apply` over (setup, state, decision, dice).
//!
//! Readings of the text where it leaves room (for the rules reference page to show):
//! - Both opposed rolls of a spotting attempt use the same modifiers per side: quality,
//!   special training, and -1 when that side's foe is in cover. The scout's foe is the area
//!   he looks into; the sentries' foe is the scout where he stands (the Atkins example: the
//!   sentries take -1 because Atkins is in cover).
//! - In a reactive spotting roll the scout is moving in the open, so the sentries take no
//!   cover modifier; and since the sentries' post is not given away by a roll that may be a
//!   bluff, the scout takes none either (the Atkins example: 2 +1 veteran = 3).
//! - Volleys of several units are not added together (Crossfire fire groups never are): each
//!   unit's volley is read alone and the worst result stands.
//! - Close combat is one Crossfire round: 1d6 each, quality (the sentries' quality for the
//!   defender), +2 for the defender's ambush, plus any other modifiers the players agree
//!   from the main rules (never the defending officers' bonus); the lower total loses, a tie
//!   is rolled again.
//! - A scout's forced retreat move is part of the defender's reaction: it does not count
//!   towards the three moves before a clock roll, and nobody may react to it.
//! - The sentries keep a scout they have fired at in their sights while he moves on, until
//!   he retreats out of sight from cover or the defender lets a move of his pass.
//! - Once his leader is dead a scout makes no more spotting attempts: he heads home.
//! - After every move where a reaction is possible (crossing open ground, a scout under
//!   fire, or entering an area where hidden troops could be) the defender is asked, so
//!   being asked gives nothing away; the third-move clock roll waits for his answer.
//! - The clock roll of a spotting attempt comes once the attempt is fully settled (fire,
//!   retreat, reveal). A reactive spotting roll is a reaction within a move: no clock roll.
//! - Fire reveals the firing troops to the scout if he lives, and straight to his leader
//!   (banked) if the leader was watching; a scout killed unwatched, or in close combat,
//!   reveals nothing and those troops may redeploy.
//! - Knowledge lives in heads. A find only the finder knows is lost with him; once banked,
//!   the finder and his leader both know it, and it is lost only when both are dead (the
//!   example: "only if he and his leader are killed"), which includes the text's rule that
//!   all is lost when the leader and all his scouts die. A figure who gets back to the own
//!   edge reports all he knows (the leader, all his team has banked) and is done for the
//!   night; what is reported is safe. At the end, whatever was not reported is lost.
//! - The night ends at 04:00, when the scouting player calls it, or when every figure that
//!   went out is back or dead and none is left waiting. Calling it early leaves everyone
//!   still out too late for the briefing.

use super::state::{
    ClockReason, Discovery, EndReason, FindStatus, PendingReveal, Phase, RevealCause, ScoutState, Sighting, Stage,
    State, Status,
};
use super::tables::{self, FireResult, DEADLINE_MINUTES, MAX_FIRING_UNITS, MAX_OTHER_MODIFIER};
use super::team::{Place, ScoutRef, Setup};
use crate::engine::{DiceSpec, Die, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One step of the night.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// Scouting player: one move action. `in_open`: the move crosses open ground (always so
    /// when it ends in an open area). `to: OwnEdge` takes the figure off the table to report.
    Move { scout: ScoutRef, to: Place, in_open: bool },
    /// Scouting player: try to spot an area next to the scout. 4d6: the scout's die and the
    /// sentries' die of the scout's roll, then the sentries' die and the scout's die of theirs.
    AttemptSpot { scout: ScoutRef, area: u16 },
    /// Scouting player: the scout, base to base with his leader, tells him what he found.
    Bank { scout: ScoutRef },
    /// Scouting player: call the night over; figures still out miss the briefing.
    EndNight,
    /// Defender: no reaction to the move just made.
    LetPass,
    /// Defender: a reactive spotting roll at a scout moving in the open. 2d6: the sentries'
    /// die, then the scout's.
    ReactiveSpot,
    /// Defender: the scout has walked into hidden troops. 2d6: the scout's die, then the
    /// defender's. The other modifiers are whatever the main rules add and the players agree
    /// (never the defending officers' bonus).
    CloseCombat {
        #[serde(default)]
        scout_other: i8,
        #[serde(default)]
        defender_other: i8,
    },
    /// Either player: close combat tied; 2d6 again, the scout's die first.
    RollAgain,
    /// Defender: the first of `units` units fires at the scout from `from`. 5d6 (4d6 at a
    /// scout in cover), the highest dropped. `leader_sees`: the scout's leader has sight of
    /// the firing troops.
    Fire { from: u16, units: u8, leader_sees: bool },
    /// Defender: the next unit's volley.
    Volley,
    /// Defender: after his sentries spotted a scouting attempt, he does not fire.
    HoldFire,
    /// Defender: after a successful reactive spot, he owns up that no troops can see the
    /// scout (it was a bluff).
    AdmitNoSight,
    /// Scouting player, once a night: the sentries' successful spot was only a cat.
    Cat,
    /// Scouting player: the hit scout's one straight move, into cover from the open, or out
    /// of sight from cover.
    Retreat { to: Place },
    /// Defender: what is in the area.
    Reveal { what: Sighting },
    /// Either player: 1d6 for the clock; 4+ moves it 20 minutes.
    ClockRoll,
}

/// What is wrong with a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    NoTeams,
    TooManyTeams,
    TeamWithoutName(usize),
    TeamTooLarge(String),
    FigureWithoutName { team: String },
    SameName(String),
    NoAreas,
    TooManyAreas,
    AreaWithoutName(usize),
    SameAreaName(String),
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::NoTeams => write!(f, "Add at least one scout team."),
            SetupProblem::TooManyTeams => write!(f, "At most 255 scout teams."),
            SetupProblem::TeamWithoutName(i) => write!(f, "Scout team {} needs a name.", i + 1),
            SetupProblem::TeamTooLarge(t) => write!(f, "Team \"{t}\" has too many scouts (254 at most)."),
            SetupProblem::FigureWithoutName { team } => write!(f, "Every figure of team \"{team}\" needs a name."),
            SetupProblem::SameName(n) => write!(f, "Two figures are called \"{n}\": give each its own name."),
            SetupProblem::NoAreas => write!(f, "Name at least one area of the table."),
            SetupProblem::TooManyAreas => write!(f, "Too many areas (65,535 at most)."),
            SetupProblem::AreaWithoutName(i) => write!(f, "Area {} needs a name.", i + 1),
            SetupProblem::SameAreaName(n) => write!(f, "Two areas are called \"{n}\": give each its own name."),
        }
    }
}

/// Why a decision is not legal now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    Setup(SetupProblem),
    NightOver,
    /// The decision belongs to another step.
    NotNow {
        phase: Phase,
    },
    UnknownScout,
    UnknownArea(u16),
    ScoutDead(String),
    /// Spotting or banking from off the table.
    NotOnTable(String),
    AlreadyHome(String),
    AtStartLine(String),
    AlreadyTried {
        scout: String,
        area: String,
    },
    EdgeArea(String),
    TroopsRevealed(String),
    LeaderDead {
        scout: String,
        leader: String,
    },
    LeaderNotOut {
        scout: String,
        leader: String,
    },
    IsLeader(String),
    NothingToBank(String),
    NoReactiveSpot(String),
    NotUnderFire(String),
    NoCloseCombat(String),
    BadModifier(i8),
    CatUsed,
    MustFire(String),
    NotReactive,
    FireFromElsewhere {
        area: String,
    },
    FireFromEmpty(String),
    Beaten {
        scout: String,
        area: String,
    },
    FiringUnits(u8),
    LeaderCannotSee {
        scout: String,
        leader: String,
    },
    RetreatNotToCover {
        scout: String,
        area: String,
    },
    MustShowTroops(String),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Setup(p) => p.fmt(f),
            RuleError::NightOver => write!(f, "The night is over."),
            RuleError::NotNow { phase } => write!(f, "Not now: the step under way is \"{}\".", phase.name()),
            RuleError::UnknownScout => write!(f, "There is no such figure in the scout teams."),
            RuleError::UnknownArea(a) => write!(f, "There is no area number {a}."),
            RuleError::ScoutDead(n) => write!(f, "{n} is dead."),
            RuleError::NotOnTable(n) => {
                write!(f, "{n} is off the table at the own edge: move him onto the table first.")
            }
            RuleError::AlreadyHome(n) => {
                write!(f, "{n} is back at the own edge and has reported: he is done for the night.")
            }
            RuleError::AtStartLine(n) => write!(f, "{n} has not left the own edge yet."),
            RuleError::AlreadyTried { scout, area } => {
                write!(f, "{scout} has already tried to spot {area}; to make sure, bring another scout up to it.")
            }
            RuleError::EdgeArea(a) => {
                write!(f, "{a} touches the scouting player's table edge: the defender cannot be there.")
            }
            RuleError::TroopsRevealed(a) => {
                write!(f, "Troops have been revealed in {a}: scouts may not go in, and need not look again.")
            }
            RuleError::LeaderDead { scout, leader } => {
                write!(f, "{leader} is dead: {scout} no longer scouts, he makes his way back to the own edge.")
            }
            RuleError::LeaderNotOut { scout, leader } => {
                write!(f, "{leader} is not out on the table: {scout} reports by getting back to the own edge.")
            }
            RuleError::IsLeader(n) => write!(f, "{n} leads the team: what he finds is banked at once."),
            RuleError::NothingToBank(n) => write!(f, "{n} has nothing new to report."),
            RuleError::NoReactiveSpot(n) => write!(
                f,
                "A reactive spotting roll is only for a scout moving in the open who is not already under fire ({n})."
            ),
            RuleError::NotUnderFire(n) => {
                write!(f, "The sentries do not have {n} in their sights: they must spot him first.")
            }
            RuleError::NoCloseCombat(n) => {
                write!(f, "{n} has not walked into an area where hidden troops could be.")
            }
            RuleError::BadModifier(m) => write!(
                f,
                "A close-combat modifier of {m} is out of range ({} to {}).",
                -MAX_OTHER_MODIFIER, MAX_OTHER_MODIFIER
            ),
            RuleError::CatUsed => write!(f, "The cat has already been played this night."),
            RuleError::MustFire(n) => write!(
                f,
                "After a successful reactive spot the defender must fire at {n}, or own up that no troops can see him."
            ),
            RuleError::NotReactive => {
                write!(f, "Only a reactive spot obliges the defender to fire: here he fires or holds fire.")
            }
            RuleError::FireFromElsewhere { area } => {
                write!(f, "Only troops in {area}, the area being scouted, fire now.")
            }
            RuleError::FireFromEmpty(a) => write!(f, "The defender has declared {a} empty."),
            RuleError::Beaten { scout, area } => {
                write!(f, "{scout} beat the troops in {area} in close combat: they cannot hinder him again.")
            }
            RuleError::FiringUnits(n) => write!(f, "Between 1 and {MAX_FIRING_UNITS} units may fire ({n} given)."),
            RuleError::LeaderCannotSee { scout, leader } => {
                write!(f, "{leader} cannot be watching the fire at {scout}: he is not out on the table, or it is he who is fired at.")
            }
            RuleError::RetreatNotToCover { scout, area } => {
                write!(f, "{scout} was hit in the open and must fall back into cover; {area} is open ground.")
            }
            RuleError::MustShowTroops(a) => {
                write!(f, "Troops in {a} fired or fought: the defender cannot declare it empty.")
            }
        }
    }
}

/// Whose input the step waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    ScoutingPlayer,
    Defender,
    /// Either may act (a roll, or the cat against the defender's reply).
    Either,
    Nobody,
}

pub fn waiting_for(state: &State) -> Actor {
    match state.phase {
        Phase::Scouting | Phase::Retreat { .. } => Actor::ScoutingPlayer,
        Phase::Reaction { .. } | Phase::Fire { .. } | Phase::Reveal { .. } => Actor::Defender,
        Phase::SentriesSpotted { .. } | Phase::CloseCombatTie { .. } | Phase::Clock { .. } => Actor::Either,
        Phase::Over => Actor::Nobody,
    }
}

// ---------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------

pub fn check_setup(setup: &Setup) -> Result<(), SetupProblem> {
    if setup.teams.is_empty() {
        return Err(SetupProblem::NoTeams);
    }
    if setup.teams.len() > u8::MAX as usize {
        return Err(SetupProblem::TooManyTeams);
    }
    let mut names: Vec<String> = Vec::new();
    for (i, team) in setup.teams.iter().enumerate() {
        if team.name.trim().is_empty() {
            return Err(SetupProblem::TeamWithoutName(i));
        }
        if team.size() > u8::MAX as usize {
            return Err(SetupProblem::TeamTooLarge(team.name.clone()));
        }
        for figure in std::iter::once(&team.leader).chain(team.scouts.iter()) {
            let n = figure.name.trim();
            if n.is_empty() {
                return Err(SetupProblem::FigureWithoutName { team: team.name.clone() });
            }
            if names.iter().any(|x| x.eq_ignore_ascii_case(n)) {
                return Err(SetupProblem::SameName(n.to_string()));
            }
            names.push(n.to_string());
        }
    }
    if setup.areas.is_empty() {
        return Err(SetupProblem::NoAreas);
    }
    if setup.areas.len() > u16::MAX as usize {
        return Err(SetupProblem::TooManyAreas);
    }
    let mut areas: Vec<String> = Vec::new();
    for (i, a) in setup.areas.iter().enumerate() {
        let n = a.name.trim();
        if n.is_empty() {
            return Err(SetupProblem::AreaWithoutName(i));
        }
        if areas.iter().any(|x| x.eq_ignore_ascii_case(n)) {
            return Err(SetupProblem::SameAreaName(n.to_string()));
        }
        areas.push(n.to_string());
    }
    Ok(())
}

pub fn start(setup: &Setup) -> Result<State, RuleError> {
    check_setup(setup).map_err(RuleError::Setup)?;
    Ok(State {
        phase: Phase::Scouting,
        clock: 0,
        clock_rolls: 0,
        figures: setup.teams.iter().map(|t| vec![ScoutState::at_start(); t.size()]).collect(),
        finds: Vec::new(),
        cat_used: false,
        reveals_due: Vec::new(),
        clock_due: None,
        unwitnessed: Vec::new(),
        ended: None,
    })
}

// ---------------------------------------------------------------------------------------
// Modifiers
// ---------------------------------------------------------------------------------------

/// The modifiers of both sides of an opposed roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opposed {
    pub scout: Vec<Modifier>,
    pub defender: Vec<Modifier>,
}

impl Opposed {
    pub fn scout_total(&self) -> i32 {
        self.scout.iter().map(|m| m.value).sum()
    }
    pub fn defender_total(&self) -> i32 {
        self.defender.iter().map(|m| m.value).sum()
    }
}

fn push(v: &mut Vec<Modifier>, label: String, value: i32) {
    if value != 0 {
        v.push(Modifier { label, value });
    }
}

/// A figure's own spotting modifiers: quality, special training, and -1 when its foe is in
/// cover.
fn scout_side(setup: &Setup, scout: ScoutRef, foe_in_cover: bool, foe: &str) -> Vec<Modifier> {
    let mut v = Vec::new();
    if let Some(s) = setup.scout(scout) {
        push(&mut v, format!("{} is {}", s.name, s.quality.name()), tables::quality_modifier(s.quality));
        if s.trained {
            push(&mut v, format!("{} has special training", s.name), tables::SPECIAL_TRAINING);
        }
    }
    if foe_in_cover {
        push(&mut v, format!("{foe} in cover"), tables::FOE_IN_COVER);
    }
    v
}

fn sentry_side(setup: &Setup, foe_in_cover: bool, foe: &str) -> Vec<Modifier> {
    let mut v = Vec::new();
    let q = setup.sentries.quality;
    push(&mut v, format!("Sentries are {}", q.name()), tables::quality_modifier(q));
    if setup.sentries.trained {
        push(&mut v, "Sentries have special training".into(), tables::SPECIAL_TRAINING);
    }
    if foe_in_cover {
        push(&mut v, format!("{foe} in cover"), tables::FOE_IN_COVER);
    }
    v
}

/// Is the figure in cover where it is now? A figure moving counts its move: in the open if
/// the move crosses open ground, else in cover. Off the table counts as cover.
pub fn in_cover(setup: &Setup, sc: &ScoutState) -> bool {
    if sc.heading.is_some() {
        return !sc.in_open;
    }
    match sc.place {
        Place::OwnEdge => true,
        Place::Area(a) => setup.area(a).is_some_and(|x| x.cover),
    }
}

/// Spotting modifiers for `scout` looking into `area`, used by both opposed rolls: the
/// scout's foe is the area (in cover if it is cover), the sentries' foe is the scout.
pub fn spotting_modifiers(setup: &Setup, state: &State, scout: ScoutRef, area: u16) -> Opposed {
    let name = setup.name(scout);
    let area_cover = setup.area(area).is_some_and(|a| a.cover);
    let scout_cover = in_cover(setup, state.figure(scout));
    Opposed {
        scout: scout_side(setup, scout, area_cover, "Sentries"),
        defender: sentry_side(setup, scout_cover, &name),
    }
}

/// Reactive spotting modifiers: the scout is moving in the open, and the sentries' post is
/// not given away, so neither side has a cover modifier.
pub fn reactive_modifiers(setup: &Setup, scout: ScoutRef) -> Opposed {
    Opposed { scout: scout_side(setup, scout, false, ""), defender: sentry_side(setup, false, "") }
}

/// Close-combat modifiers: quality for each side (the sentries' for the defender), the
/// ambush bonus, and the agreed others.
pub fn close_combat_modifiers(
    setup: &Setup,
    scout: ScoutRef,
    ambush: bool,
    scout_other: i8,
    defender_other: i8,
) -> Opposed {
    let mut s = Vec::new();
    if let Some(x) = setup.scout(scout) {
        push(&mut s, format!("{} is {}", x.name, x.quality.name()), tables::quality_modifier(x.quality));
    }
    push(&mut s, "Other (scout)".into(), scout_other as i32);
    let mut d = Vec::new();
    let q = setup.sentries.quality;
    push(&mut d, format!("Defenders are {}", q.name()), tables::quality_modifier(q));
    if ambush {
        push(&mut d, "Ambush: the sentries saw him coming".into(), tables::AMBUSH_BONUS);
    }
    push(&mut d, "Other (defender)".into(), defender_other as i32);
    Opposed { scout: s, defender: d }
}

// ---------------------------------------------------------------------------------------
// Who may do what
// ---------------------------------------------------------------------------------------

fn figure_ok(setup: &Setup, scout: ScoutRef) -> Result<String, RuleError> {
    setup.scout(scout).map(|s| s.name.clone()).ok_or(RuleError::UnknownScout)
}

fn area_ok(setup: &Setup, area: u16) -> Result<String, RuleError> {
    setup.area(area).map(|a| a.name.clone()).ok_or(RuleError::UnknownArea(area))
}

fn leader_dead(state: &State, scout: ScoutRef) -> bool {
    !scout.is_leader() && state.figure(scout.leader()).status == Status::Dead
}

/// A move of `scout` to `to` in the scouting step, or why not.
pub fn may_move(setup: &Setup, state: &State, scout: ScoutRef, to: Place) -> Result<(), RuleError> {
    let name = figure_ok(setup, scout)?;
    let sc = state.figure(scout);
    match sc.status {
        Status::Dead => return Err(RuleError::ScoutDead(name)),
        Status::Home => return Err(RuleError::AlreadyHome(name)),
        Status::Late => return Err(RuleError::NightOver),
        _ => {}
    }
    match to {
        Place::OwnEdge if sc.place == Place::OwnEdge => Err(RuleError::AtStartLine(name)),
        Place::OwnEdge => Ok(()),
        Place::Area(a) => {
            let area = area_ok(setup, a)?;
            if state.troops_revealed(a) && sc.place != to {
                return Err(RuleError::TroopsRevealed(area));
            }
            Ok(())
        }
    }
}

/// A spotting attempt of `scout` on `area`, or why not.
pub fn may_spot(setup: &Setup, state: &State, scout: ScoutRef, area: u16) -> Result<(), RuleError> {
    let name = figure_ok(setup, scout)?;
    let area_name = area_ok(setup, area)?;
    let sc = state.figure(scout);
    match sc.status {
        Status::Dead => return Err(RuleError::ScoutDead(name)),
        Status::Home => return Err(RuleError::AlreadyHome(name)),
        Status::Waiting => return Err(RuleError::NotOnTable(name)),
        Status::Late => return Err(RuleError::NightOver),
        _ => {}
    }
    if leader_dead(state, scout) {
        return Err(RuleError::LeaderDead { scout: name, leader: setup.name(scout.leader()) });
    }
    if setup.areas[area as usize].edge {
        return Err(RuleError::EdgeArea(area_name));
    }
    if state.troops_revealed(area) {
        return Err(RuleError::TroopsRevealed(area_name));
    }
    if sc.tried.contains(&area) {
        return Err(RuleError::AlreadyTried { scout: name, area: area_name });
    }
    Ok(())
}

/// Banking `scout`'s finds with his leader, or why not.
pub fn may_bank(setup: &Setup, state: &State, scout: ScoutRef) -> Result<(), RuleError> {
    let name = figure_ok(setup, scout)?;
    if scout.is_leader() {
        return Err(RuleError::IsLeader(name));
    }
    let sc = state.figure(scout);
    match sc.status {
        Status::Dead => return Err(RuleError::ScoutDead(name)),
        Status::Home => return Err(RuleError::AlreadyHome(name)),
        Status::Waiting => return Err(RuleError::NotOnTable(name)),
        Status::Late => return Err(RuleError::NightOver),
        _ => {}
    }
    let leader = state.figure(scout.leader());
    let leader_name = setup.name(scout.leader());
    match leader.status {
        Status::Dead => return Err(RuleError::LeaderDead { scout: name, leader: leader_name }),
        s if !s.on_table() => return Err(RuleError::LeaderNotOut { scout: name, leader: leader_name }),
        _ => {}
    }
    if state.carried_by(scout).is_empty() {
        return Err(RuleError::NothingToBank(name));
    }
    Ok(())
}

/// Figures the scouting player may move now.
pub fn movers(state: &State) -> Vec<ScoutRef> {
    if state.phase != Phase::Scouting {
        return Vec::new();
    }
    state.refs().into_iter().filter(|r| matches!(state.figure(*r).status, Status::Waiting | Status::Active)).collect()
}

/// Areas `scout` may still try to spot (the table decides which are next to him).
pub fn areas_to_spot(setup: &Setup, state: &State, scout: ScoutRef) -> Vec<u16> {
    (0..setup.areas.len() as u16).filter(|&a| may_spot(setup, state, scout, a).is_ok()).collect()
}

/// The area where the scout's move ends, if hidden troops could be waiting in it: he
/// entered it from outside, it is not on the scouting player's edge, nobody has revealed
/// troops there or had it declared empty, and he has not beaten its troops before.
pub fn close_combat_area(setup: &Setup, state: &State, scout: ScoutRef) -> Option<u16> {
    let sc = state.figure(scout);
    if !sc.entering {
        return None;
    }
    match sc.heading.unwrap_or(sc.place) {
        Place::OwnEdge => None,
        Place::Area(a) => {
            let area = setup.area(a)?;
            let closed = area.edge || state.troops_revealed(a) || state.declared_empty(a) || sc.beaten.contains(&a);
            (!closed).then_some(a)
        }
    }
}

/// What the defender may do in a reaction window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reactions {
    pub scout: ScoutRef,
    pub reactive_spot: bool,
    pub fire: bool,
    pub close_combat: Option<u16>,
}

pub fn reactions(setup: &Setup, state: &State) -> Option<Reactions> {
    let Phase::Reaction { scout, stage } = state.phase else { return None };
    let sc = state.figure(scout);
    let moving = stage == Stage::Moving;
    Some(Reactions {
        scout,
        reactive_spot: moving && sc.in_open && !sc.under_fire,
        fire: moving && sc.under_fire,
        close_combat: close_combat_area(setup, state, scout),
    })
}

/// The figure a reaction, fire or close combat is about.
pub fn scout_in_play(state: &State) -> Option<ScoutRef> {
    match state.phase {
        Phase::Reaction { scout, .. }
        | Phase::SentriesSpotted { scout, .. }
        | Phase::Fire { scout, .. }
        | Phase::CloseCombatTie { scout, .. }
        | Phase::Retreat { scout }
        | Phase::Reveal { scout, .. } => Some(scout),
        Phase::Clock { reason: ClockReason::Spotting(scout) | ClockReason::ThirdMove(scout) } => Some(scout),
        Phase::Scouting | Phase::Over => None,
    }
}

/// The leader and every scout of the team are dead.
pub fn team_wiped(state: &State, team: u8) -> bool {
    state.figures[team as usize].iter().all(|f| f.status == Status::Dead)
}

// ---------------------------------------------------------------------------------------
// Dice
// ---------------------------------------------------------------------------------------

/// The dice for fire at the scout in play: 4d6 if he is in cover, else 5d6.
fn fire_spec(setup: &Setup, state: &State) -> DiceSpec {
    let cover = scout_in_play(state).is_some_and(|r| in_cover(setup, state.figure(r)));
    tables::fire_dice(cover)
}

pub fn dice(setup: &Setup, state: &State, decision: &Decision) -> Option<DiceSpec> {
    match decision {
        Decision::AttemptSpot { .. } => Some(DiceSpec::pool(4, Die::D6)),
        Decision::ReactiveSpot | Decision::CloseCombat { .. } | Decision::RollAgain => Some(DiceSpec::pool(2, Die::D6)),
        Decision::Fire { .. } | Decision::Volley => Some(fire_spec(setup, state)),
        Decision::ClockRoll => Some(tables::clock_die()),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------
// Apply
// ---------------------------------------------------------------------------------------

pub fn apply(setup: &Setup, state: &State, decision: &Decision, dice: &[u16]) -> Result<State, RuleError> {
    if state.phase == Phase::Over {
        return Err(RuleError::NightOver);
    }
    let mut s = state.clone();
    let d = |i: usize| dice[i] as i32;
    match (state.phase, decision) {
        (Phase::Scouting, Decision::Move { scout, to, in_open }) => {
            may_move(setup, state, *scout, *to)?;
            let open = *in_open || matches!(to, Place::Area(a) if !setup.areas[*a as usize].cover);
            let sc = s.figure_mut(*scout);
            sc.status = Status::Active;
            sc.entering = *to != sc.place;
            sc.heading = Some(*to);
            sc.in_open = open;
            sc.moves += 1;
            let could_spot = open && !sc.under_fire;
            let could_fire = sc.under_fire;
            if could_spot || could_fire || close_combat_area(setup, &s, *scout).is_some() {
                s.phase = Phase::Reaction { scout: *scout, stage: Stage::Moving };
            } else {
                arrive(&mut s, *scout);
                finish_move(&mut s, *scout);
            }
        }
        (Phase::Scouting, Decision::AttemptSpot { scout, area }) => {
            may_spot(setup, state, *scout, *area)?;
            let m = spotting_modifiers(setup, state, *scout, *area);
            let scout_spots = tables::spots(d(0) + m.scout_total(), d(1) + m.defender_total());
            let sentries_spot = tables::spots(d(2) + m.defender_total(), d(3) + m.scout_total());
            let sc = s.figure_mut(*scout);
            sc.tried.push(*area);
            sc.moves = 0;
            s.clock_due = Some(ClockReason::Spotting(*scout));
            if sentries_spot {
                s.phase = Phase::SentriesSpotted { scout: *scout, area: Some(*area), scout_spots, reactive: false };
            } else {
                if scout_spots {
                    owe_reveal(&mut s, *scout, *area, RevealCause::Spotted, false);
                }
                settle(&mut s);
            }
        }
        (Phase::Scouting, Decision::Bank { scout }) => {
            may_bank(setup, state, *scout)?;
            for i in s.carried_by(*scout) {
                s.finds[i].status = FindStatus::Banked;
            }
        }
        (Phase::Scouting, Decision::EndNight) => end(&mut s, EndReason::Called),

        (Phase::Reaction { scout, .. }, Decision::LetPass) => {
            let sc = s.figure_mut(scout);
            sc.under_fire = false;
            arrive(&mut s, scout);
            finish_move(&mut s, scout);
        }
        (Phase::Reaction { scout, .. }, Decision::ReactiveSpot) => {
            let r = reactions(setup, state).unwrap();
            if !r.reactive_spot {
                return Err(RuleError::NoReactiveSpot(setup.name(scout)));
            }
            s.figure_mut(scout).moves = 0;
            let m = reactive_modifiers(setup, scout);
            if tables::spots(d(0) + m.defender_total(), d(1) + m.scout_total()) {
                s.phase = Phase::SentriesSpotted { scout, area: None, scout_spots: false, reactive: true };
            } else {
                carry_on(setup, &mut s, scout);
            }
        }
        (Phase::Reaction { scout, stage }, Decision::Fire { from, units, leader_sees }) => {
            let r = reactions(setup, state).unwrap();
            if stage == Stage::Arrived {
                return Err(RuleError::NotNow { phase: state.phase });
            }
            if !r.fire {
                return Err(RuleError::NotUnderFire(setup.name(scout)));
            }
            start_fire(setup, &mut s, scout, *from, *units, *leader_sees, dice)?;
        }
        (Phase::Reaction { scout, .. }, Decision::CloseCombat { scout_other, defender_other }) => {
            let Some(area) = close_combat_area(setup, state, scout) else {
                return Err(RuleError::NoCloseCombat(setup.name(scout)));
            };
            for m in [*scout_other, *defender_other] {
                if (m as i32).abs() > MAX_OTHER_MODIFIER as i32 {
                    return Err(RuleError::BadModifier(m));
                }
            }
            s.figure_mut(scout).moves = 0;
            arrive(&mut s, scout);
            let ambush = s.figure(scout).ambushes.contains(&area);
            close_combat(setup, &mut s, scout, area, ambush, *scout_other, *defender_other, dice);
        }

        (Phase::SentriesSpotted { scout, area, scout_spots, reactive }, Decision::Cat) => {
            if s.cat_used {
                return Err(RuleError::CatUsed);
            }
            s.cat_used = true;
            if reactive {
                carry_on(setup, &mut s, scout);
            } else {
                if scout_spots {
                    owe_reveal(&mut s, scout, area.unwrap(), RevealCause::Spotted, false);
                }
                settle(&mut s);
            }
        }
        (Phase::SentriesSpotted { scout, area, scout_spots, reactive }, Decision::HoldFire) => {
            if reactive {
                return Err(RuleError::MustFire(setup.name(scout)));
            }
            let area = area.unwrap();
            if scout_spots {
                owe_reveal(&mut s, scout, area, RevealCause::Spotted, false);
            } else {
                s.figure_mut(scout).ambushes.push(area);
            }
            settle(&mut s);
        }
        (Phase::SentriesSpotted { scout, reactive, .. }, Decision::AdmitNoSight) => {
            if !reactive {
                return Err(RuleError::NotReactive);
            }
            carry_on(setup, &mut s, scout);
        }
        (Phase::SentriesSpotted { scout, area, .. }, Decision::Fire { from, units, leader_sees }) => {
            if let Some(a) = area {
                if a != *from {
                    return Err(RuleError::FireFromElsewhere { area: setup.area_name(a) });
                }
            }
            start_fire(setup, &mut s, scout, *from, *units, *leader_sees, dice)?;
        }

        (Phase::Fire { scout, from, units_left, worst, leader_sees }, Decision::Volley) => {
            volley(setup, &mut s, scout, from, units_left - 1, worst, leader_sees, dice);
        }
        (Phase::CloseCombatTie { scout, area, ambush, scout_other, defender_other }, Decision::RollAgain) => {
            close_combat(setup, &mut s, scout, area, ambush, scout_other, defender_other, dice);
        }
        (Phase::Retreat { scout }, Decision::Retreat { to }) => {
            let name = setup.name(scout);
            let was_in_cover = in_cover(setup, state.figure(scout));
            if let Place::Area(a) = to {
                let area = area_ok(setup, *a)?;
                if state.troops_revealed(*a) && state.figure(scout).place != *to {
                    return Err(RuleError::TroopsRevealed(area));
                }
                if !was_in_cover && !setup.areas[*a as usize].cover {
                    return Err(RuleError::RetreatNotToCover { scout: name, area });
                }
            }
            let sc = s.figure_mut(scout);
            sc.heading = None;
            sc.in_open = false;
            sc.entering = false;
            sc.place = *to;
            sc.status = Status::Active;
            // Out of sight when he fell back from cover; still watched when he ran into cover.
            sc.under_fire = !was_in_cover;
            if *to == Place::OwnEdge {
                go_home(&mut s, scout);
            }
            settle(&mut s);
        }
        (Phase::Reveal { scout, area, cause }, Decision::Reveal { what }) => {
            if cause != RevealCause::Spotted && *what == Sighting::Empty {
                return Err(RuleError::MustShowTroops(setup.area_name(area)));
            }
            let due = s.reveals_due.remove(0);
            let status = if s.figure(scout).status == Status::Home {
                FindStatus::Reported
            } else if due.banked || scout.is_leader() {
                FindStatus::Banked
            } else {
                FindStatus::Carried
            };
            let sighting = match what {
                Sighting::Troops(t) => Sighting::Troops(t.trim().to_string()),
                Sighting::Empty => Sighting::Empty,
            };
            s.finds.push(Discovery { area, sighting, by: scout, at: s.clock, status });
            settle(&mut s);
        }
        (Phase::Clock { .. }, Decision::ClockRoll) => {
            s.clock_rolls += 1;
            s.clock = (s.clock + tables::clock_advance(dice[0])).min(DEADLINE_MINUTES);
            s.clock_due = None;
            if s.clock >= DEADLINE_MINUTES {
                end(&mut s, EndReason::Deadline);
            } else {
                settle(&mut s);
            }
        }
        (phase, _) => return Err(RuleError::NotNow { phase }),
    }
    Ok(s)
}

/// The move under way reaches its end; at the own edge the figure reports.
fn arrive(s: &mut State, scout: ScoutRef) {
    let sc = s.figure_mut(scout);
    if let Some(to) = sc.heading.take() {
        sc.place = to;
    }
    sc.in_open = false;
    if sc.place == Place::OwnEdge && sc.status == Status::Active {
        go_home(s, scout);
    }
}

/// Back at the own edge: he reports all he knows (a leader, all his team has banked).
fn go_home(s: &mut State, scout: ScoutRef) {
    let sc = s.figure_mut(scout);
    sc.status = Status::Home;
    sc.under_fire = false;
    for f in s.finds.iter_mut() {
        let knows = f.by == scout || (scout.is_leader() && f.by.team == scout.team && f.status == FindStatus::Banked);
        if knows && matches!(f.status, FindStatus::Carried | FindStatus::Banked) {
            f.status = FindStatus::Reported;
        }
    }
}

/// The move is over: a third move in a row without spotting or reaction owes a clock roll.
fn finish_move(s: &mut State, scout: ScoutRef) {
    let sc = s.figure_mut(scout);
    sc.entering = false;
    if sc.moves >= tables::MOVES_PER_CLOCK_ROLL {
        sc.moves = 0;
        if s.clock_due.is_none() {
            s.clock_due = Some(ClockReason::ThirdMove(scout));
        }
    }
    settle(s);
}

/// The scout got through a reaction: his move goes on to its end, where the defender may
/// still spring a close combat.
fn carry_on(setup: &Setup, s: &mut State, scout: ScoutRef) {
    arrive(s, scout);
    if s.figure(scout).status == Status::Active && close_combat_area(setup, s, scout).is_some() {
        s.phase = Phase::Reaction { scout, stage: Stage::Arrived };
    } else {
        finish_move(s, scout);
    }
}

/// Chooses the next step once the current one is done: a retreat, then a reveal, then the
/// end if nobody is left to act, then a clock roll, else back to scouting.
fn settle(s: &mut State) {
    if let Some(r) = s.refs().into_iter().find(|r| s.figure(*r).status == Status::Retreated) {
        s.phase = Phase::Retreat { scout: r };
    } else if let Some(rv) = s.reveals_due.first() {
        s.phase = Phase::Reveal { scout: rv.scout, area: rv.area, cause: rv.cause };
    } else if s.figures.iter().flatten().all(|f| matches!(f.status, Status::Dead | Status::Home)) {
        end(s, EndReason::AllDone);
    } else if let Some(reason) = s.clock_due {
        s.phase = Phase::Clock { reason };
    } else {
        s.phase = Phase::Scouting;
    }
}

/// Troops (or an empty area) are to be shown to `scout`, or straight to his team when
/// `banked`. Nothing is owed when he, or his team for a banked reveal, already knows the
/// troops there; a carried copy is banked when the leader saw too.
fn owe_reveal(s: &mut State, scout: ScoutRef, area: u16, cause: RevealCause, banked: bool) {
    if cause == RevealCause::Fired {
        let own = s
            .finds
            .iter()
            .position(|f| f.area == area && f.by == scout && f.status != FindStatus::Lost && f.sighting.is_troops());
        if let Some(i) = own {
            if banked {
                s.finds[i].status = FindStatus::Banked;
            }
            return;
        }
        let team_knows = s.finds.iter().any(|f| {
            f.area == area
                && f.by.team == scout.team
                && matches!(f.status, FindStatus::Banked | FindStatus::Reported)
                && f.sighting.is_troops()
        });
        if team_knows {
            return;
        }
    }
    s.reveals_due.push(PendingReveal { scout, area, cause, banked });
}

/// The figure is killed: what nobody alive knows any more is lost (what only he carried;
/// what he had banked, if his leader is dead too; a leader's banked finds whose finders are
/// dead). Reveals owed to him alone are dropped.
fn kill(s: &mut State, scout: ScoutRef) {
    let sc = s.figure_mut(scout);
    sc.status = Status::Dead;
    sc.heading = None;
    sc.in_open = false;
    sc.entering = false;
    sc.under_fire = false;
    for i in 0..s.finds.len() {
        if !matches!(s.finds[i].status, FindStatus::Carried | FindStatus::Banked) || s.finds[i].by.team != scout.team {
            continue;
        }
        if knowers_dead(s, &s.finds[i]) {
            s.finds[i].status = FindStatus::Lost;
        }
    }
    let alive = |r: ScoutRef| s.figure(r).status != Status::Dead;
    let keep: Vec<bool> =
        s.reveals_due.iter().map(|r| alive(r.scout) || (r.banked && alive(r.scout.leader()))).collect();
    let mut k = keep.into_iter();
    s.reveals_due.retain(|_| k.next().unwrap());
}

/// Everyone who knows the find is dead.
fn knowers_dead(s: &State, f: &Discovery) -> bool {
    let dead = |r: ScoutRef| s.figure(r).status == Status::Dead;
    match f.status {
        FindStatus::Carried => dead(f.by),
        FindStatus::Banked => dead(f.by) && dead(f.by.leader()),
        _ => false,
    }
}

/// The night ends: figures still out are too late, and whatever was not reported at the
/// own edge is lost.
fn end(s: &mut State, reason: EndReason) {
    for r in s.refs() {
        if s.figure(r).status.on_table() {
            let sc = s.figure_mut(r);
            sc.status = Status::Late;
            sc.heading = None;
            sc.in_open = false;
            sc.entering = false;
            sc.under_fire = false;
        }
    }
    for f in s.finds.iter_mut() {
        if f.status != FindStatus::Reported {
            f.status = FindStatus::Lost;
        }
    }
    s.reveals_due.clear();
    s.clock_due = None;
    s.ended = Some(reason);
    s.phase = Phase::Over;
}

#[allow(clippy::too_many_arguments)]
fn start_fire(
    setup: &Setup,
    s: &mut State,
    scout: ScoutRef,
    from: u16,
    units: u8,
    leader_sees: bool,
    dice: &[u16],
) -> Result<(), RuleError> {
    let name = setup.name(scout);
    let area = area_ok(setup, from)?;
    if setup.areas[from as usize].edge {
        return Err(RuleError::EdgeArea(area));
    }
    if s.declared_empty(from) {
        return Err(RuleError::FireFromEmpty(area));
    }
    if s.figure(scout).beaten.contains(&from) {
        return Err(RuleError::Beaten { scout: name, area });
    }
    if units == 0 || units > MAX_FIRING_UNITS {
        return Err(RuleError::FiringUnits(units));
    }
    if leader_sees && (scout.is_leader() || !s.figure(scout.leader()).status.on_table()) {
        return Err(RuleError::LeaderCannotSee { scout: name, leader: setup.name(scout.leader()) });
    }
    s.figure_mut(scout).moves = 0;
    volley(setup, s, scout, from, units - 1, FireResult::CarryOn, leader_sees, dice);
    Ok(())
}

/// One unit's volley; the worst result so far stands. Fire stops at a kill or when every
/// unit has fired.
#[allow(clippy::too_many_arguments)]
fn volley(
    setup: &Setup,
    s: &mut State,
    scout: ScoutRef,
    from: u16,
    units_left: u8,
    worst: FireResult,
    leader_sees: bool,
    dice: &[u16],
) {
    let spec = tables::fire_dice(in_cover(setup, s.figure(scout)));
    let worst = worst.max(tables::fire_result(tables::hits(&spec, dice)));
    if worst == FireResult::Killed || units_left == 0 {
        resolve_fire(setup, s, scout, from, worst, leader_sees);
    } else {
        s.phase = Phase::Fire { scout, from, units_left, worst, leader_sees };
    }
}

fn resolve_fire(setup: &Setup, s: &mut State, scout: ScoutRef, from: u16, worst: FireResult, leader_sees: bool) {
    let banked = leader_sees || scout.is_leader();
    match worst {
        FireResult::Killed => {
            kill(s, scout);
            if leader_sees {
                owe_reveal(s, scout, from, RevealCause::Fired, true);
            } else if !s.unwitnessed.contains(&from) {
                s.unwitnessed.push(from);
            }
            settle(s);
        }
        FireResult::Retreat => {
            let sc = s.figure_mut(scout);
            sc.status = Status::Retreated;
            sc.under_fire = true;
            owe_reveal(s, scout, from, RevealCause::Fired, banked);
            settle(s);
        }
        FireResult::CarryOn => {
            s.figure_mut(scout).under_fire = true;
            owe_reveal(s, scout, from, RevealCause::Fired, banked);
            if s.figure(scout).heading.is_some() {
                carry_on(setup, s, scout);
            } else {
                settle(s);
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn close_combat(
    setup: &Setup,
    s: &mut State,
    scout: ScoutRef,
    area: u16,
    ambush: bool,
    scout_other: i8,
    defender_other: i8,
    dice: &[u16],
) {
    let m = close_combat_modifiers(setup, scout, ambush, scout_other, defender_other);
    let scout_total = dice[0] as i32 + m.scout_total();
    let defender_total = dice[1] as i32 + m.defender_total();
    match tables::close_combat_winner(scout_total, defender_total) {
        None => s.phase = Phase::CloseCombatTie { scout, area, ambush, scout_other, defender_other },
        Some(tables::CloseCombatWinner::Scout) => {
            let sc = s.figure_mut(scout);
            sc.entering = false;
            sc.beaten.push(area);
            sc.ambushes.retain(|&a| a != area);
            owe_reveal(s, scout, area, RevealCause::CloseCombat, scout.is_leader());
            settle(s);
        }
        Some(tables::CloseCombatWinner::Defender) => {
            kill(s, scout);
            if !s.unwitnessed.contains(&area) {
                s.unwitnessed.push(area);
            }
            settle(s);
        }
    }
}
