//! Dice duel's rules: each round both players choose a stance in secret (bold: +2 to the die,
//! but a 1 scores nothing; careful: the die as rolled), then each rolls a d6; the higher score
//! takes the round, a tie takes nothing. After the setup's rounds the player with more rounds
//! wins, or it is a draw.

use crate::engine::{odds, DiceSpec, Die, RollPreview};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most rounds a duel may have.
pub const MAX_ROUNDS: u8 = 9;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub players: [String; 2],
    pub rounds: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stance {
    Bold,
    Careful,
}

impl Stance {
    pub const BOTH: [Stance; 2] = [Stance::Bold, Stance::Careful];
    /// What a die scores with this stance.
    pub fn score(self, die: u16) -> u16 {
        match self {
            Stance::Bold if die == 1 => 0,
            Stance::Bold => die + 2,
            Stance::Careful => die,
        }
    }
    pub fn word(self) -> &'static str {
        match self {
            Stance::Bold => "bold",
            Stance::Careful => "careful",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Both players choose a stance, in secret.
    Choose,
    /// Both have chosen: the roll.
    Roll,
    Over,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub phase: Phase,
    /// The round being played, from 1.
    pub round: u8,
    /// This round's stances; a seat's view holds only its own until both have chosen.
    pub stances: [Option<Stance>; 2],
    /// Whether each has chosen this round (what everyone may know).
    pub chosen: [bool; 2],
    pub won: [u8; 2],
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Decision {
    Choose { player: u8, stance: Stance },
    /// Both dice, the first player's first.
    Roll,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DuelError {
    Names,
    Rounds(u8),
    NotNow,
    NoSuchPlayer(u8),
    AlreadyChosen(u8),
}

impl fmt::Display for DuelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuelError::Names => write!(f, "Each player needs a name."),
            DuelError::Rounds(n) => write!(f, "A duel has 1 to {MAX_ROUNDS} rounds, not {n}."),
            DuelError::NotNow => write!(f, "That is not this step of the round."),
            DuelError::NoSuchPlayer(p) => write!(f, "There is no player {}.", *p as usize + 1),
            DuelError::AlreadyChosen(p) => write!(f, "Player {} has already chosen this round.", *p as usize + 1),
        }
    }
}

pub const DICE: DiceSpec = DiceSpec::pool(2, Die::D6);

pub fn start(setup: &Setup) -> Result<State, DuelError> {
    if setup.players.iter().any(|p| p.trim().is_empty()) {
        return Err(DuelError::Names);
    }
    if !(1..=MAX_ROUNDS).contains(&setup.rounds) {
        return Err(DuelError::Rounds(setup.rounds));
    }
    Ok(State { phase: Phase::Choose, round: 1, stances: [None; 2], chosen: [false; 2], won: [0; 2] })
}

/// The one legal-move list: every decision the position takes.
pub fn legal(s: &State) -> Vec<Decision> {
    match s.phase {
        Phase::Choose => (0..2u8)
            .filter(|&p| !s.chosen[p as usize])
            .flat_map(|player| Stance::BOTH.map(|stance| Decision::Choose { player, stance }))
            .collect(),
        Phase::Roll => vec![Decision::Roll],
        Phase::Over => Vec::new(),
    }
}

pub fn dice(s: &State, d: &Decision) -> Option<DiceSpec> {
    (s.phase == Phase::Roll && *d == Decision::Roll).then_some(DICE)
}

pub fn apply(setup: &Setup, s: &State, d: &Decision, dice: &[u16]) -> Result<State, DuelError> {
    let mut next = s.clone();
    match (s.phase, d) {
        (Phase::Choose, Decision::Choose { player, stance }) => {
            let p = *player as usize;
            if p > 1 {
                return Err(DuelError::NoSuchPlayer(*player));
            }
            if s.chosen[p] {
                return Err(DuelError::AlreadyChosen(*player));
            }
            next.stances[p] = Some(*stance);
            next.chosen[p] = true;
            if next.chosen == [true, true] {
                next.phase = Phase::Roll;
            }
        }
        (Phase::Roll, Decision::Roll) => {
            if let Some(p) = winner_of_round(s, dice) {
                next.won[p] += 1;
            }
            next.stances = [None; 2];
            next.chosen = [false; 2];
            if s.round >= setup.rounds {
                next.phase = Phase::Over;
            } else {
                next.round += 1;
                next.phase = Phase::Choose;
            }
        }
        _ => return Err(DuelError::NotNow),
    }
    Ok(next)
}

/// Each player's score for the round's dice.
pub fn scores(s: &State, dice: &[u16]) -> [u16; 2] {
    let stance = |p: usize| s.stances[p].unwrap_or(Stance::Careful);
    [stance(0).score(dice[0]), stance(1).score(dice[1])]
}

/// Who takes the round with these dice; `None` on a tie.
pub fn winner_of_round(s: &State, dice: &[u16]) -> Option<usize> {
    let [a, b] = scores(s, dice);
    (a != b).then_some(if a > b { 0 } else { 1 })
}

/// The duel's winner once it is over; `None` for a draw or while it goes on.
pub fn winner(s: &State) -> Option<usize> {
    (s.phase == Phase::Over && s.won[0] != s.won[1]).then(|| if s.won[0] > s.won[1] { 0 } else { 1 })
}

/// The odds of the round, with the stances known.
pub fn preview(setup: &Setup, s: &State) -> RollPreview {
    let tally = odds::tally(&DICE, |d| winner_of_round(s, d));
    RollPreview {
        title: format!("Round {}", s.round),
        dice: DICE,
        modifiers: Vec::new(),
        odds: tally
            .into_iter()
            .map(|(w, c)| (w.map_or("A tie".to_string(), |p| format!("{} takes it", setup.players[p])), c))
            .collect(),
        faces: None,
        note: Some("Bold adds 2 to the die, but a 1 scores nothing.".to_string()),
    }
}

/// Whether a position read from outside fits its setup.
pub fn check_view(setup: &Setup, s: &State) -> Result<(), crate::engine::ViewProblem> {
    use crate::engine::ViewProblem;
    if s.round == 0 || s.round > setup.rounds {
        return Err(ViewProblem::out_of_range(format!("its round of a {}-round duel", setup.rounds), s.round));
    }
    if s.won.iter().map(|&w| w as u16).sum::<u16>() >= s.round as u16 + u16::from(s.phase == Phase::Over) {
        return Err(ViewProblem::inconsistent("it has more rounds won than played"));
    }
    if (s.phase == Phase::Roll) != (s.chosen == [true, true]) {
        return Err(ViewProblem::inconsistent("its step does not match the stances chosen"));
    }
    if (0..2).any(|p| s.stances[p].is_some() && !s.chosen[p]) {
        return Err(ViewProblem::inconsistent("it holds a stance not chosen"));
    }
    Ok(())
}
