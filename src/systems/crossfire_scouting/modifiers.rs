//! The modifiers of the opposed rolls: spotting, reactive spotting, close combat.

use super::state::{ScoutState, State};
use super::tables::{self};
use super::team::{Place, ScoutRef, Setup};
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

pub(super) fn sentry_side(setup: &Setup, foe_in_cover: bool, foe: &str) -> Vec<Modifier> {
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
