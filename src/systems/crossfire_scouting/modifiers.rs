//! The modifiers of the opposed rolls: spotting, reactive spotting, close combat.

use super::legal::{close_combat_area, scout_in_play};
use super::rules::Decision;
use super::state::{Phase, ScoutState, State};
use super::tables::{self};
use super::team::{Place, Quality, ScoutRef, Sentries, Setup};
use crate::engine::Modifier;

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

pub(super) fn push(v: &mut Vec<Modifier>, label: String, value: i32) {
    if value != 0 {
        v.push(Modifier { label, value });
    }
}

/// A figure's own spotting modifiers: quality, special training, and -1 when its foe is in
/// cover.
pub(super) fn scout_side(setup: &Setup, scout: ScoutRef, foe_in_cover: bool, foe: &str) -> Vec<Modifier> {
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

/// The watching sentries' modifiers: `watch` when the defender named the unit's own, else the
/// setup's usual sentries.
pub(super) fn sentry_side(setup: &Setup, watch: Option<Sentries>, foe_in_cover: bool, foe: &str) -> Vec<Modifier> {
    let mut v = Vec::new();
    let (who, w) = match watch {
        Some(w) => ("This unit's sentries", w),
        None => ("Sentries", setup.sentries),
    };
    push(&mut v, format!("{who} are {}", w.quality.name()), tables::quality_modifier(w.quality));
    if w.trained {
        push(&mut v, format!("{who} have special training"), tables::SPECIAL_TRAINING);
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
    spotting_modifiers_by(setup, state, scout, area, None)
}

/// Spotting modifiers against the sentries of one unit (`None`: the usual sentries).
pub fn spotting_modifiers_by(
    setup: &Setup,
    state: &State,
    scout: ScoutRef,
    area: u16,
    watch: Option<Sentries>,
) -> Opposed {
    let name = setup.name(scout);
    let area_cover = setup.area(area).is_some_and(|a| a.cover);
    let scout_cover = in_cover(setup, state.figure(scout));
    Opposed {
        scout: scout_side(setup, scout, area_cover, "Sentries"),
        defender: sentry_side(setup, watch, scout_cover, &name),
    }
}

/// Reactive spotting modifiers: the scout is moving in the open, and the sentries' post is
/// not given away, so neither side has a cover modifier.
pub fn reactive_modifiers(setup: &Setup, scout: ScoutRef) -> Opposed {
    reactive_modifiers_by(setup, scout, None)
}

/// Reactive spotting modifiers against the sentries of one unit (`None`: the usual ones).
pub fn reactive_modifiers_by(setup: &Setup, scout: ScoutRef, watch: Option<Sentries>) -> Opposed {
    Opposed { scout: scout_side(setup, scout, false, ""), defender: sentry_side(setup, watch, false, "") }
}

/// What a close-combat round is fought with besides the dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CloseTerms {
    /// The sentries saw him coming and the defender held fire: +2 to the defenders.
    pub ambush: bool,
    pub scout_other: i8,
    pub defender_other: i8,
    /// The quality of the unit fighting, when not the usual sentries'.
    pub defenders: Option<Quality>,
}

/// Close-combat modifiers against the usual sentries' quality.
pub fn close_combat_modifiers(
    setup: &Setup,
    scout: ScoutRef,
    ambush: bool,
    scout_other: i8,
    defender_other: i8,
) -> Opposed {
    close_combat_modifiers_by(setup, scout, CloseTerms { ambush, scout_other, defender_other, defenders: None })
}

/// Close-combat modifiers: quality for each side (for the defender, the unit actually
/// fighting: `t.defenders`, else the usual sentries'), the ambush bonus, and the agreed others.
pub fn close_combat_modifiers_by(setup: &Setup, scout: ScoutRef, t: CloseTerms) -> Opposed {
    let mut s = Vec::new();
    if let Some(x) = setup.scout(scout) {
        push(&mut s, format!("{} is {}", x.name, x.quality.name()), tables::quality_modifier(x.quality));
    }
    push(&mut s, "Other (scout)".into(), t.scout_other as i32);
    let mut d = Vec::new();
    let q = t.defenders.unwrap_or(setup.sentries.quality);
    push(&mut d, format!("Defenders are {}", q.name()), tables::quality_modifier(q));
    if t.ambush {
        push(&mut d, "Ambush: the sentries saw him coming".into(), tables::AMBUSH_BONUS);
    }
    push(&mut d, "Other (defender)".into(), t.defender_other as i32);
    Opposed { scout: s, defender: d }
}

/// The modifiers of both sides of an opposed-roll decision taken in `state` (spotting,
/// reactive spotting, close combat or its re-roll); `None` for any other decision.
pub fn decision_modifiers(setup: &Setup, state: &State, decision: &Decision) -> Option<Opposed> {
    match (state.phase, decision) {
        (_, Decision::AttemptSpot { scout, area, sentries }) => {
            Some(spotting_modifiers_by(setup, state, *scout, *area, *sentries))
        }
        (_, Decision::ReactiveSpot) => Some(reactive_modifiers_by(setup, scout_in_play(state)?, None)),
        (_, Decision::ReactiveSpotBy { sentries }) => {
            Some(reactive_modifiers_by(setup, scout_in_play(state)?, Some(*sentries)))
        }
        (_, Decision::CloseCombat { scout_other, defender_other, defenders }) => {
            let scout = scout_in_play(state)?;
            let area = close_combat_area(setup, state, scout)?;
            let ambush = state.figure(scout).ambushes.contains(&area);
            let t = CloseTerms {
                ambush,
                scout_other: *scout_other,
                defender_other: *defender_other,
                defenders: *defenders,
            };
            Some(close_combat_modifiers_by(setup, scout, t))
        }
        (Phase::CloseCombatTie { scout, ambush, scout_other, defender_other, defenders, .. }, Decision::RollAgain) => {
            Some(close_combat_modifiers_by(setup, scout, CloseTerms { ambush, scout_other, defender_other, defenders }))
        }
        _ => None,
    }
}
