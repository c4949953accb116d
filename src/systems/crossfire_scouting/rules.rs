//! Crossfire night scouting's rules: one pure `apply` over (setup, state, decision, dice).
//!
//! Readings of the text where it leaves room (`READINGS`, shown by the rules reference):
//! - "A man or two from each unit" stands sentry, so sentries of different units can differ.
//!   The setup holds the usual sentries' quality and training; when a roll is made against a
//!   unit whose sentries differ, the defender says so with the roll (at the table he adds his
//!   modifiers aloud anyway) and that unit's values count. Close combat uses the quality of
//!   the unit actually fighting. Nights stored before this use the usual sentries throughout.
//! - A scout leader who spots, is fired at or wins a close combat is his own leader: what he
//!   finds is banked at once (nobody else needs telling).
//! - Reactive fire at a moving scout may come from any troops with a line of sight to him,
//!   not only those in an area he is scouting.
//! - Both opposed rolls of a spotting attempt use the same modifiers per side: quality,
//!   special training, and -1 when that side's foe is in cover. The scout's foe is the area
//!   he looks into; the sentries' foe is the scout where he stands (the Atkins example: the
//!   sentries take -1 because Atkins is in cover).
//! - In a reactive spotting roll the scout is moving in the open, so the sentries take no
//!   cover modifier; and since the sentries' post is not given away by a roll that may be a
//!   bluff, the scout takes none either (the Atkins example: 2 +1 veteran = 3).
//! - Volleys of several units are not added together (Crossfire fire groups never are): each
//!   unit's volley is read alone and the worst result stands.
//! - Close combat is one Crossfire round: 1d6 each, quality (the fighting unit's for the
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
    ClockReason, Discovery, EndReason, FindStatus, Phase, RevealCause, ScoutState, Sighting, Stage, State, Status,
};
use super::tables::{self, DEADLINE_MINUTES};
use super::team::{Place, Quality, ScoutRef, Sentries, Setup};
use crate::engine::{DiceSpec, Die};
use serde::{Deserialize, Serialize};

pub use super::errors::{check_setup, RuleError, SetupProblem};
pub use super::legal::*;
pub use super::modifiers::*;
use super::resolve::*;

/// The readings listed at the top of this file, in the words the rules reference shows.
pub const READINGS: [&str; 15] = [
    "Sentries come from each unit (\"a man or two from each unit\"), so they can differ. The setup gives the usual sentries' quality and training; when a roll is made against a unit whose sentries differ, the defender says so with the roll, as he would add his modifiers aloud at the table, and that unit's values count. Close combat uses the quality of the unit actually fighting.",
    "A scout leader who spots, is fired at or wins a close combat is his own leader: what he finds is banked at once.",
    "Reactive fire at a moving scout may come from any troops with a line of sight to him, not only those in an area he is scouting.",
    "Both opposed rolls of a spotting attempt use the same modifiers for each side. The scout's foe is the area he looks into (in cover if it is cover); the sentries' foe is the scout where he stands.",
    "In a reactive spotting roll the scout is moving in the open and the sentries' post is not given away, so neither side takes a cover modifier.",
    "When several units fire at one scout, each unit's volley is read on its own and the worst result stands; hits are never added together.",
    "Close combat is one round: 1d6 each plus quality (the fighting unit's for the defenders), +2 to the defenders for an ambush, and any other modifiers the players agree from the main rules, never the defending officers' bonus. The lower total loses; a tie is rolled again.",
    "A hit scout's straight retreat move is part of the defender's reaction: it does not count towards the three moves before a clock roll, and nobody may react to it.",
    "Sentries who fired at a scout keep him in their sights while he moves on, until he falls back out of sight from cover or the defender lets one of his moves pass.",
    "Once his leader is dead, a scout makes no more spotting attempts: he heads home.",
    "The defender is asked after every move where he could react (crossing open ground, a scout under fire, or entering an area where hidden troops could be), so being asked gives nothing away.",
    "The clock roll of a spotting attempt comes once the attempt is settled (fire, retreat, reveal). A reactive spotting roll belongs to a move: no clock roll.",
    "Fire shows the firing troops to the scout if he lives, and straight to his leader if the leader was watching. A scout killed unwatched, or in close combat, reveals nothing: those troops may redeploy.",
    "Knowledge lives in heads. A find only its finder knows dies with him; once banked, finder and leader both know it, and it is lost only when both are dead. A figure back at the own edge reports all he knows and is done for the night. At the end, whatever was not reported is lost.",
    "The night ends at 04:00, when the scouting player calls it, or when every figure that went out is back or dead and nobody is left waiting. Calling it early leaves everyone still out too late for the briefing.",
];

/// One step of the night.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// Scouting player: one move action. `in_open`: the move crosses open ground (always so
    /// when it ends in an open area). `to: OwnEdge` takes the figure off the table to report.
    Move { scout: ScoutRef, to: Place, in_open: bool },
    /// Scouting player: try to spot an area next to the scout. 4d6: the scout's die and the
    /// sentries' die of the scout's roll, then the sentries' die and the scout's die of theirs.
    /// `sentries`: the watching unit's sentries, when the defender says they differ from the
    /// setup's usual ones (absent in campaigns stored before per-unit sentries).
    AttemptSpot {
        scout: ScoutRef,
        area: u16,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sentries: Option<Sentries>,
    },
    /// Scouting player: the scout, base to base with his leader, tells him what he found.
    Bank { scout: ScoutRef },
    /// Scouting player: call the night over; figures still out miss the briefing.
    EndNight,
    /// Defender: no reaction to the move just made.
    LetPass,
    /// Defender: a reactive spotting roll at a scout moving in the open. 2d6: the sentries'
    /// die, then the scout's.
    ReactiveSpot,
    /// The same, by sentries that differ from the setup's usual ones.
    ReactiveSpotBy { sentries: Sentries },
    /// Defender: the scout has walked into hidden troops. 2d6: the scout's die, then the
    /// defender's. The other modifiers are whatever the main rules add and the players agree
    /// (never the defending officers' bonus).
    CloseCombat {
        #[serde(default)]
        scout_other: i8,
        #[serde(default)]
        defender_other: i8,
        /// The quality of the unit actually fighting, when it differs from the usual
        /// sentries' (absent in campaigns stored before per-unit values).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        defenders: Option<Quality>,
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

/// The dice for fire at the scout in play: 4d6 if he is in cover, else 5d6.
fn fire_spec(setup: &Setup, state: &State) -> DiceSpec {
    let cover = scout_in_play(state).is_some_and(|r| in_cover(setup, state.figure(r)));
    tables::fire_dice(cover)
}

pub fn dice(setup: &Setup, state: &State, decision: &Decision) -> Option<DiceSpec> {
    match decision {
        Decision::AttemptSpot { .. } => Some(DiceSpec::pool(4, Die::D6)),
        Decision::ReactiveSpot
        | Decision::ReactiveSpotBy { .. }
        | Decision::CloseCombat { .. }
        | Decision::RollAgain => Some(DiceSpec::pool(2, Die::D6)),
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
        (Phase::Scouting, Decision::AttemptSpot { scout, area, sentries }) => {
            may_spot(setup, state, *scout, *area)?;
            let m = spotting_modifiers_by(setup, state, *scout, *area, *sentries);
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
        (Phase::Reaction { scout, stage }, Decision::ReactiveSpot | Decision::ReactiveSpotBy { .. }) => {
            let r = reactions_to(setup, state, scout, stage);
            if !r.reactive_spot {
                return Err(RuleError::NoReactiveSpot(setup.name(scout)));
            }
            s.figure_mut(scout).moves = 0;
            let watch = match decision {
                Decision::ReactiveSpotBy { sentries } => Some(*sentries),
                _ => None,
            };
            let m = reactive_modifiers_by(setup, scout, watch);
            if tables::spots(d(0) + m.defender_total(), d(1) + m.scout_total()) {
                s.phase = Phase::SentriesSpotted { scout, area: None, scout_spots: false, reactive: true };
            } else {
                carry_on(setup, &mut s, scout);
            }
        }
        (Phase::Reaction { scout, stage }, Decision::Fire { from, units, leader_sees }) => {
            let r = reactions_to(setup, state, scout, stage);
            if stage == Stage::Arrived {
                return Err(RuleError::NotNow { phase: state.phase });
            }
            if !r.fire {
                return Err(RuleError::NotUnderFire(setup.name(scout)));
            }
            start_fire(setup, &mut s, scout, *from, *units, *leader_sees, dice)?;
        }
        (Phase::Reaction { scout, .. }, Decision::CloseCombat { scout_other, defender_other, defenders }) => {
            let Some(area) = close_combat_area(setup, state, scout) else {
                return Err(RuleError::NoCloseCombat(setup.name(scout)));
            };
            modifier_ok(*scout_other)?;
            modifier_ok(*defender_other)?;
            s.figure_mut(scout).moves = 0;
            arrive(&mut s, scout);
            let ambush = s.figure(scout).ambushes.contains(&area);
            let terms = CloseTerms {
                ambush,
                scout_other: *scout_other,
                defender_other: *defender_other,
                defenders: *defenders,
            };
            close_combat(setup, &mut s, scout, area, terms, dice);
        }

        (Phase::SentriesSpotted { scout, area, scout_spots, reactive }, Decision::Cat) => {
            if s.cat_used {
                return Err(RuleError::CatUsed);
            }
            s.cat_used = true;
            match (reactive, scout_spots, area) {
                (true, _, _) => carry_on(setup, &mut s, scout),
                (false, true, Some(area)) => {
                    owe_reveal(&mut s, scout, area, RevealCause::Spotted, false);
                    settle(&mut s);
                }
                (false, false, _) => settle(&mut s),
                // Spotted where it stands (not reactively) always names the area.
                (false, true, None) => return Err(RuleError::NotNow { phase: state.phase }),
            }
        }
        (Phase::SentriesSpotted { scout, area, scout_spots, reactive }, Decision::HoldFire) => {
            let (false, Some(area)) = (reactive, area) else { return Err(RuleError::MustFire(setup.name(scout))) };
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
        (
            Phase::CloseCombatTie { scout, area, ambush, scout_other, defender_other, defenders },
            Decision::RollAgain,
        ) => {
            close_combat(
                setup,
                &mut s,
                scout,
                area,
                CloseTerms { ambush, scout_other, defender_other, defenders },
                dice,
            );
        }
        (Phase::Retreat { scout }, Decision::Retreat { to }) => {
            may_retreat(setup, state, scout, *to)?;
            let was_in_cover = in_cover(setup, state.figure(scout));
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
            may_reveal(setup, area, cause, what)?;
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
