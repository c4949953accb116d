//! What the night-scouting rule tests share (`crossfire_scouting_rules.rs`,
//! `crossfire_scouting_spotting.rs`, `crossfire_scouting_finds.rs`): the sample night played
//! with typed dice, decisions taken or refused with their typed error, the scouts by name, and
//! Atkins brought to the Field, with or without a find. Pulled in with
//! `#[path = "support/scouting_play.rs"] mod scouting_play;`.
//!
//! Sample areas: 0 Edge wood (cover, own edge), 1 Second wood, 2 Field, 3 Open ground (open),
//! 4 Far wood, 5 Farmhouse, 6 Orchard, 7 Hedgerow (all cover). Team 0: Sgt Wilson (regular,
//! leader), Atkins (veteran), Baker (regular), Cole (green). Team 1: Cpl Hughes (leader),
//! Evans (regular), Price (veteran), all three trained. Sentries regular.
#![allow(dead_code)]

use field_desk::engine::{Campaign, DecideError, DiceInput};
use field_desk::systems::crossfire_scouting::sample::*;
use field_desk::systems::crossfire_scouting::{
    CrossfireScouting, Decision, Phase, Place, RuleError, ScoutRef, Sighting,
};

pub type Game = Campaign<CrossfireScouting>;

pub const WILSON: ScoutRef = ScoutRef::new(0, 0);
pub const ATKINS: ScoutRef = ScoutRef::new(0, 1);
pub const BAKER: ScoutRef = ScoutRef::new(0, 2);
pub const COLE: ScoutRef = ScoutRef::new(0, 3);
pub const HUGHES: ScoutRef = ScoutRef::new(1, 0);
pub const EVANS: ScoutRef = ScoutRef::new(1, 1);

pub fn game() -> Game {
    Game::new(sample_setup()).unwrap()
}

pub fn ok(c: &mut Game, d: Decision, dice: &[u16]) {
    if let Err(e) = c.decide(d.clone(), DiceInput::Typed(dice.to_vec())) {
        panic!("{d:?} with {dice:?} was refused: {e} (phase {:?})", c.state().phase);
    }
}

/// An illegal decision: refused with `want`, and nothing changes.
pub fn refused(c: &mut Game, d: Decision, dice: &[u16], want: RuleError) {
    let before = c.state().clone();
    let journal = c.journal().len();
    assert_eq!(c.decide(d.clone(), DiceInput::Typed(dice.to_vec())), Err(DecideError::Rules(want.clone())), "{d:?}");
    assert_eq!(c.check(&d, dice).err(), Some(DecideError::Rules(want)));
    assert_eq!(c.state(), &before);
    assert_eq!(c.journal().len(), journal);
}

pub fn mv(scout: ScoutRef, to: u16, in_open: bool) -> Decision {
    Decision::Move { scout, to: Place::Area(to), in_open }
}

pub fn home(scout: ScoutRef) -> Decision {
    Decision::Move { scout, to: Place::OwnEdge, in_open: false }
}

/// Moves in cover, letting the defender pass if he is asked.
pub fn walk(c: &mut Game, scout: ScoutRef, to: u16) {
    ok(c, mv(scout, to, false), &[]);
    if matches!(c.state().phase, Phase::Reaction { .. }) {
        ok(c, Decision::LetPass, &[]);
    }
}

pub fn spot(scout: ScoutRef, area: u16) -> Decision {
    Decision::AttemptSpot { scout, area, sentries: None }
}

pub fn fire(from: u16, units: u8) -> Decision {
    Decision::Fire { from, units, leader_sees: false }
}

pub fn cc() -> Decision {
    Decision::CloseCombat { scout_other: 0, defender_other: 0, defenders: None }
}

pub fn troops(t: &str) -> Decision {
    Decision::Reveal { what: Sighting::Troops(t.into()) }
}

/// Rolls a clock roll that does not move the clock, if one is owed.
pub fn settle_clock(c: &mut Game) {
    if matches!(c.state().phase, Phase::Clock { .. }) {
        ok(c, Decision::ClockRoll, &[1]);
    }
}

/// Atkins in the Field (cover), two moves counted.
pub fn atkins_in_field() -> Game {
    let mut c = game();
    walk(&mut c, ATKINS, EDGE_WOOD);
    walk(&mut c, ATKINS, FIELD);
    assert_eq!(c.state().phase, Phase::Scouting);
    c
}

/// Atkins in the field carrying an unbanked find of the orchard (troops).
pub fn atkins_with_a_find() -> Game {
    let mut c = atkins_in_field();
    ok(&mut c, spot(ATKINS, ORCHARD), &[6, 1, 1, 6]);
    ok(&mut c, troops("rifles"), &[]);
    ok(&mut c, Decision::ClockRoll, &[1]);
    c
}
