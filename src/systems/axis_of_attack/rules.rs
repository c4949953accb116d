//! Axis of Attack's rules: one pure `apply` over (setup, state, decision, dice), and the
//! helpers the screens need to offer only legal choices.
//!
//! Readings of the text where it leaves room: `READINGS_TEXT` below, word for word as the
//! rules reference shows them. Campaigns stored before issue 8 (`Setup::readings` 1) keep
//! the readings they were played with: the two-depleted-platoons top-up taken automatically
//! (nearest to depleted first), the casualty report's Immobile box replacing the standing
//! status, a concession's recon bonus counting the whole roster, and the halfway level
//! wherever it fits. Campaigns stored before issue 28 (`Setup::readings` 2) take a platoon
//! marked carried at its word (`carriers.rs`).

use super::company::{Platoon, Setup, SECOND_READINGS};
use super::state::*;
use super::tables::{self, Mission, MissionResult, Role};
use crate::engine::{DiceSpec, Die};
use serde::{Deserialize, Serialize};

use super::aftermath;
pub use super::errors::{RuleError, SetupProblem};
pub use super::helpers::*;
use super::lists::{check_force, check_result, reveal_forces};
use std::sync::Arc;

/// The readings of the text the app takes, shown in the rules reference.
pub const READINGS_TEXT: [&str; 23] = [
    "The won-as-defender modifier lost its sign in the text; it is read as +2.",
    "\"300+\" on the outnumbered table is read as over 300: a difference of exactly 300 gives +2.",
    "The all-tank \u{2212}1 is taken off the die: an all-tank combat platoon needs a 4, all-tank support a 6.",
    "Under strength (halfway between minimum and maximum, rounded down) exists only where the book allows that \
     size: each platoon says so in the setup. A panzergrenadier platoon comes at 3 squads or 2, so it has none. \
     Campaigns started before this was asked keep the halfway level wherever it lies strictly between.",
    "Encounter is the only mission with Fair Fight: both attack. Every other mission is a Defensive Battle for the \
     VP options.",
    "A game may end with no winner: the sector holds, no recon bonus, and bailed vehicles come back to both.",
    "\"Higher total VP\" is the campaign VP on hand (earned minus spent).",
    "With equal VP, the last game's winner is offered the mission change first (west when there was none).",
    "In turn 1, or after a game nobody won, the table area is agreed and cannot be shifted.",
    "Force lists, with their air profile and VP option, are handed in hidden and shown together; their VP are \
     spent when both are in.",
    "The weather roll's mud change applies to the game it is rolled for.",
    "A conceded game has no casualties, weather roll or outnumbered bonus. The winner's recon bonus counts the \
     recon platoons of the company he fielded once the force lists are shown (before that, of his roster), at \
     least depleted and not Immobile.",
    "The campaign ends on the spot when a game is won as attacker in the enemy home sector; after the ninth \
     game's map move it is scored at once.",
    "The top-up to two depleted combat platoons is offered, not forced: the player picks which combat platoons \
     (at most as many as the company is short), each level using one of the four reinforcement dice, or \
     declines and keeps the dice. Older campaigns take it at once, nearest to depleted first.",
    "A platoon already Immobile stays Immobile through the casualty step; only reinforcement gives its transport \
     back (or keeping it mobile as below).",
    "Keeping a platoon short of transport mobile by lowering its strength: to any level of its own between \
     depleted and the level its teams rate.",
    "Stripping identical vehicles: the vehicles must be named the same in the setup; the platoon stripped must \
     have vehicles to give (not destroyed, not Immobile, not short itself) and is left Immobile. One platoon may \
     give to more than one.",
    "Exchanging support: the points the old platoon is worth beyond the new one's cost are lost, not kept.",
    "Log and earth bunkers: \"greater than double the firepower\" is read as it stands (a roll above twice the \
     firepower rating kills the occupants).",
    "The company HQ's free replacements, off-table artillery, smoke and bunkers are played on the table: the app \
     reminds the players of them and tracks nothing.",
    "Recon platoons count for the mission roll only if the winner names them as in the enemy half at the end.",
    "Immobile platoons after a Breakthrough taken two sectors: Section V says the attacker may use none of them in \
     the next game, Section III that they may come if carried, by Transport platoons or as Tank Riders. The app \
     follows Section III: an Immobile platoon may be fielded in that game when its force list marks it carried, and \
     something in the same list carries it (next reading).",
    "A platoon without working transport marked carried needs a carrier in the same force list: a Transport platoon \
     (marked so in the setup) with its own transport, which carries every platoon marked carried, as the text sets \
     it no number; or tanks with their own transport, taking riders at three teams a tank. The text names no number \
     for Tank Riders; its example does (a 7-team and a 5-team platoon ride on four tanks, not on three). Towed guns \
     cannot ride on tanks: the app cannot tell them from infantry, so the players see to it. Campaigns started \
     before this was checked take a platoon marked carried at its word.",
];

/// One step of play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// Both players' mission-selection dice: west's, then east's (2d6).
    RollMission,
    /// The defender who won a Breakthrough or Fighting Withdrawal moves `target`'s total by
    /// `delta` (-1, 0 to leave it, +1). Only the higher total may move, either when tied.
    AdjustMission {
        target: Side,
        delta: i8,
    },
    /// The player offered the change moves the mission a row for 5 VP, or passes (`None`).
    ChangeMission {
        side: Side,
        to: Option<Mission>,
    },
    /// Tied totals: who attacks, as the mission's own rules decide.
    SetAttacker {
        side: Side,
    },
    /// The table area, and the squares the other player shifts it (1 VP each).
    ChooseArea {
        area: String,
        shift: u8,
    },
    /// A player's hidden force list.
    SubmitForce {
        side: Side,
        force: ForceList,
    },
    /// 1d6 on the weather chart.
    RollWeather,
    Note {
        text: String,
    },
    /// A player gives the game up: 6-1 to the opponent, no bonus.
    Concede {
        side: Side,
    },
    RecordResult(GameResult),
    /// After a won Breakthrough: move the map one or two sectors.
    MoveCampaign {
        sectors: u8,
    },
    /// Teams left in each platoon the player fielded.
    RecordCasualties {
        side: Side,
        reports: Vec<PlatoonReport>,
    },
    /// `vp` buys extra dice; the dice go to platoons in the order given (one pool).
    Reinforce {
        side: Side,
        vp: u8,
        assign: Vec<DiceFor>,
    },
    /// Swap a support platoon (roster index) worth `value` points now for `new`, for 5 VP.
    ExchangeSupport {
        side: Side,
        platoon: u16,
        value: u32,
        new: Platoon,
    },
    /// No more exchanges this turn for this player.
    DoneExchanging {
        side: Side,
    },
    /// Issue 8's readings: the company is short of two depleted combat platoons and the
    /// player takes the top-up for these combat platoons (each raised to depleted, one die a
    /// level), or declines it (none).
    TopUp {
        side: Side,
        platoons: Vec<u16>,
    },
}

// ---------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------

pub(super) fn platoon_shape_ok(p: &Platoon) -> bool {
    !p.name.trim().is_empty() && p.team_counts_ok() && (p.min_teams..=p.max_teams).contains(&p.teams)
}

pub fn check_setup(setup: &Setup) -> Result<(), SetupProblem> {
    if setup.game_points == 0 {
        return Err(SetupProblem::NoGamePoints);
    }
    for side in Side::BOTH {
        let p = setup.player(side);
        if p.name.trim().is_empty() {
            return Err(SetupProblem::NoName(side));
        }
        if p.army.trim().is_empty() {
            return Err(SetupProblem::NoArmy(side));
        }
    }
    if setup.players[0].name.trim() == setup.players[1].name.trim() {
        return Err(SetupProblem::SameNames);
    }
    for side in Side::BOTH {
        let p = setup.player(side);
        let player = p.name.trim().to_string();
        for (index, pl) in p.platoons.iter().enumerate() {
            let platoon = pl.name.trim().to_string();
            if platoon.is_empty() {
                return Err(SetupProblem::PlatoonName { player, index });
            }
            if p.platoons[..index].iter().any(|q| q.name.trim() == platoon) {
                return Err(SetupProblem::PlatoonTwice { player, platoon });
            }
            if !pl.team_counts_ok() {
                return Err(SetupProblem::TeamCounts { player, platoon });
            }
            if !(pl.min_teams..=pl.max_teams).contains(&pl.teams) {
                return Err(SetupProblem::BoughtOutside {
                    player,
                    platoon,
                    min: pl.min_teams,
                    max: pl.max_teams,
                    teams: pl.teams,
                });
            }
        }
        let combat = p.platoons.iter().filter(|x| x.role == Role::Combat).count();
        if combat < tables::MIN_DEPLETED_COMBAT {
            return Err(SetupProblem::TooFewCombatPlatoons { player, have: combat });
        }
        if p.air.iter().any(|a| a.name.trim().is_empty()) {
            return Err(SetupProblem::AirName { player });
        }
        if p.points() > setup.starting_points {
            return Err(SetupProblem::OverPoints { player, total: p.points(), allowed: setup.starting_points });
        }
    }
    Ok(())
}

pub fn start(setup: &Setup) -> Result<State, RuleError> {
    check_setup(setup).map_err(RuleError::Setup)?;
    let roster = |side: Side| setup.player(side).platoons.iter().map(|p| PlatoonState::new(p.clone(), 0)).collect();
    let mut s = State {
        turn: 1,
        step: Step::TAKEN,
        sector: Sector::START,
        weather: setup.first_weather,
        mud: setup.first_mud,
        roster: [roster(Side::West), roster(Side::East)],
        ledger: Vec::new(),
        turns: Arc::new(Vec::new()),
        mobility_rule: None,
        readings: setup.readings,
    };
    s.step = begin_turn(&s);
    Ok(s)
}

// ---------------------------------------------------------------------------------------
// Dice and apply
// ---------------------------------------------------------------------------------------

pub fn dice(_setup: &Setup, _state: &State, decision: &Decision) -> Option<DiceSpec> {
    match decision {
        Decision::RollMission => Some(DiceSpec::pool(2, Die::D6)),
        Decision::RollWeather => Some(DiceSpec::one(Die::D6)),
        Decision::Reinforce { assign, .. } => {
            let n: u32 = assign.iter().map(|a| a.dice as u32).sum();
            (n > 0).then(|| DiceSpec::pool(n.min(u16::MAX as u32) as u16, Die::D6))
        }
        _ => None,
    }
}

pub(super) fn spend(setup: &Setup, s: &mut State, side: Side, vp: i32, item: LedgerItem) -> Result<(), RuleError> {
    let have = s.balance(side);
    if vp > have {
        return Err(RuleError::NotEnoughVp { player: player_name(setup, side), need: vp, have });
    }
    if vp > 0 {
        s.ledger.push(LedgerEntry { turn: s.turn, side, vp: -vp, item });
    }
    Ok(())
}

pub(super) fn earn(s: &mut State, side: Side, vp: i32, item: LedgerItem) {
    if vp > 0 {
        s.ledger.push(LedgerEntry { turn: s.turn, side, vp, item });
    }
}

/// The decision in the step it is taken in. The turn's record is worked on apart from the rest
/// of the position (which holds `Step::TAKEN` meanwhile: the helpers called here are given the
/// record), and the step it arrives at is put back.
pub fn apply(setup: &Setup, state: &State, decision: &Decision, dice: &[u16]) -> Result<State, RuleError> {
    let mut s = state.clone();
    let Step::Turn { at, record: mut t } = std::mem::replace(&mut s.step, Step::TAKEN) else {
        return Err(RuleError::CampaignOver);
    };
    s.step = match (at, decision) {
        (At::MissionRoll, Decision::RollMission) => {
            let modifiers = [mission_modifiers(&s, Side::West), mission_modifiers(&s, Side::East)];
            let sum = |m: &Vec<(String, i32)>| m.iter().map(|x| x.1).sum::<i32>();
            let rolled = [dice[0] as i32 + sum(&modifiers[0]), dice[1] as i32 + sum(&modifiers[1])];
            let adjuster = adjuster(&s);
            let sel = MissionSelection {
                dice: [dice[0], dice[1]],
                modifiers,
                rolled,
                adjuster,
                adjustment: None,
                totals: rolled,
                high: higher(rolled),
            };
            match adjuster {
                Some(_) => Step::turn(At::MissionAdjust(sel), t),
                None => settle_mission(&s, t, sel),
            }
        }
        (At::MissionAdjust(mut sel), Decision::AdjustMission { target, delta }) => {
            if !(-1..=1).contains(delta) {
                return Err(RuleError::BadShift { delta: *delta });
            }
            if *delta != 0 && !adjustable(&sel).contains(target) {
                return Err(RuleError::ShiftLowerTotal { player: player_name(setup, *target) });
            }
            sel.adjustment = Some((*target, *delta));
            sel.totals[target.index()] += *delta as i32;
            sel.high = higher(sel.totals);
            settle_mission(&s, t, sel)
        }
        (At::MissionChange { offered }, Decision::ChangeMission { side, to }) => {
            if *side != offered {
                return Err(RuleError::NotOffered {
                    player: player_name(setup, *side),
                    offered: player_name(setup, offered),
                });
            }
            match to {
                None => {
                    t.declined.push(*side);
                    let at = offer_or_go_on(&s, &mut t);
                    Step::turn(at, t)
                }
                Some(m) => {
                    let from = t.mission;
                    if !from.neighbours().contains(m) {
                        return Err(RuleError::NotANeighbour { from, to: *m });
                    }
                    let item = LedgerItem::MissionChange { from, to: *m };
                    spend(setup, &mut s, *side, tables::MISSION_CHANGE_COST, item)?;
                    t.change = Some(MissionChange { by: *side, from, to: *m });
                    t.mission = *m;
                    Step::turn(fix_attacker(&mut t), t)
                }
            }
        }
        (At::Attacker, Decision::SetAttacker { side }) => {
            t.attacker = Some(*side);
            Step::turn(At::GameArea, t)
        }
        (At::GameArea, Decision::ChooseArea { area, shift }) => {
            let chooser = area_chooser(&s);
            if *shift > 0 {
                let Some(c) = chooser else { return Err(RuleError::NoShiftWithoutWinner) };
                let cost = *shift as i32 * tables::AREA_SHIFT_COST;
                spend(setup, &mut s, c.other(), cost, LedgerItem::AreaShift { squares: *shift })?;
            }
            t.area = Some(AreaChoice { chooser, note: area.trim().to_string(), shift: *shift });
            Step::turn(At::Forces, t)
        }
        (At::Forces, Decision::SubmitForce { side, force }) => {
            if t.forces[side.index()].is_some() {
                return Err(RuleError::AlreadyHandedIn { player: player_name(setup, *side) });
            }
            check_force(setup, &s, &t, *side, force)?;
            t.forces[side.index()] = Some(force.clone());
            if t.forces.iter().all(Option::is_some) {
                reveal_forces(setup, &mut s, &t.forces)?;
                t.revealed = true;
                Step::turn(At::Weather, t)
            } else {
                Step::turn(At::Forces, t)
            }
        }
        (At::Weather, Decision::RollWeather) => {
            let last = s.weather;
            let weather = tables::weather(dice[0], last);
            let mud = s.mud.changed(weather.mud_change());
            t.weather = Some(WeatherRoll { die: dice[0], last, weather, mud_before: s.mud, mud });
            s.weather = weather;
            s.mud = mud;
            Step::turn(At::Game, t)
        }
        (At::Game, Decision::Note { text }) => {
            if text.trim().is_empty() {
                return Err(RuleError::EmptyNote);
            }
            t.notes.push(text.trim().to_string());
            Step::turn(At::Game, t)
        }
        (At::Forces | At::Weather | At::Game, Decision::Concede { side }) => concede(&mut s, t, *side),
        (At::Game, Decision::RecordResult(r)) => {
            check_result(setup, &s, &t, r)?;
            t.result = Some(r.clone());
            let points = [0, 1].map(|i| t.forces[i].as_ref().map_or(0, |f| f.points));
            let mut bonus = [0u8; 2];
            let difference = points[0].abs_diff(points[1]);
            if let Some(lower) = higher([points[0] as i32, points[1] as i32]).map(Side::other) {
                bonus[lower.index()] = tables::outnumbered_bonus(difference);
            }
            t.bonus = bonus;
            for x in Side::BOTH {
                earn(&mut s, x, r.vp[x.index()] as i32, LedgerItem::GameVp);
                earn(&mut s, x, bonus[x.index()] as i32, LedgerItem::Outnumbered { difference });
            }
            resolve_map(&mut s, t)
        }
        (At::Breakthrough { winner }, Decision::MoveCampaign { sectors }) => {
            if !(1..=2).contains(sectors) {
                return Err(RuleError::BadSectors { sectors: *sectors });
            }
            let from = t.sector;
            let to = from.towards(winner.other().home(), *sectors);
            t.map = Some(MapMove { result: MissionResult::Breakthrough, from, to });
            s.sector = to;
            after_move(&mut s, t)
        }
        (At::Casualties, Decision::RecordCasualties { side, reports }) => {
            aftermath::casualties(setup, &mut s, t, *side, reports)?
        }
        (At::Reinforcements, Decision::Reinforce { side, vp, assign }) => {
            aftermath::reinforce(setup, &mut s, t, *side, *vp, assign, dice)?
        }
        (At::Reinforcements, Decision::TopUp { side, platoons }) => {
            aftermath::top_up(setup, &mut s, t, *side, platoons)?
        }
        (At::Exchanges, Decision::ExchangeSupport { side, platoon, value, new }) => {
            aftermath::exchange(setup, &mut s, t, *side, *platoon, *value, new)?
        }
        (At::Exchanges, Decision::DoneExchanging { side }) => aftermath::done_exchanging(setup, &mut s, t, *side)?,
        _ => return Err(RuleError::NotNow { phase: state.phase() }),
    };
    Ok(s)
}

/// A player gives the game up: 6-1 to the opponent, and the map moves for it.
fn concede(s: &mut State, mut t: TurnRecord, side: Side) -> Step {
    let winner = side.other();
    if !t.revealed {
        // Hidden lists are torn up unseen: nothing was spent on them.
        t.forces = [None, None];
    }
    let mut vp = [0u8; 2];
    vp[winner.index()] = tables::CONCESSION_VP.0;
    vp[side.index()] = tables::CONCESSION_VP.1;
    t.conceded = Some(side);
    t.result = Some(GameResult { winner: Some(winner), vp, recon: Vec::new() });
    // The winner claims every recon platoon of his company that could scout: once the
    // lists are shown (issue 8's readings), the company he fielded; else his roster.
    let fielded = t.force(winner).filter(|_| s.readings >= SECOND_READINGS);
    let recon = s
        .roster(winner)
        .iter()
        .enumerate()
        .filter(|(i, _)| fielded.is_none_or(|f| f.fielded(*i as u16).is_some()))
        .filter(|(_, p)| p.platoon.recon && p.available() && !p.immobile)
        .count();
    t.recon_bonus = recon as u8;
    for x in Side::BOTH {
        earn(s, x, vp[x.index()] as i32, LedgerItem::GameVp);
    }
    resolve_map(s, t)
}

/// A new turn's record, at its first step.
pub(super) fn begin_turn(s: &State) -> Step {
    let mut t = TurnRecord::new(s.turn, s.sector, tables::FIRST_MISSION);
    let at = if s.turn == 1 { offer_or_go_on(s, &mut t) } else { At::MissionRoll };
    Step::turn(at, t)
}

/// The totals are final: read the mission from the table, then offer the change.
fn settle_mission(s: &State, mut t: TurnRecord, sel: MissionSelection) -> Step {
    let m = tables::mission_for(sel.best());
    t.selection = Some(sel);
    t.rolled_mission = m;
    t.mission = m;
    set_attacker(&mut t);
    let at = offer_or_go_on(s, &mut t);
    Step::turn(at, t)
}

fn offer_or_go_on(s: &State, t: &mut TurnRecord) -> At {
    match s.offer(t) {
        Some(offered) => At::MissionChange { offered },
        None => fix_attacker(t),
    }
}

/// The higher total attacks (whatever the mission's own rules say); an Encounter has two
/// attackers; tied totals leave it to the mission's rules.
fn fix_attacker(t: &mut TurnRecord) -> At {
    set_attacker(t);
    if t.mission.defensive_battle() && t.attacker.is_none() {
        At::Attacker
    } else {
        At::GameArea
    }
}

fn set_attacker(t: &mut TurnRecord) {
    let high = t.selection.as_ref().and_then(|x| x.high);
    t.attacker = if t.mission.fair_fight() { None } else { high };
}

/// Moves the map for the result (or waits for the breakthrough choice), and checks the end.
fn resolve_map(s: &mut State, mut t: TurnRecord) -> Step {
    let two = two_sectors_in(s, &t);
    let from = t.sector;
    let Some(w) = t.winner() else {
        t.map = Some(MapMove { result: MissionResult::Hold, from, to: from });
        return after_move(s, t);
    };
    let attacker_won = t.attacks(w);
    let result = tables::mission_result(t.mission, attacker_won);
    if attacker_won && from == w.other().home() {
        t.map = Some(MapMove { result, from, to: from });
        return finish(s, t, Outcome::Victory(w));
    }
    // The defender: the loser when the attacker won, else the winner.
    let defender = if attacker_won { w.other() } else { w };
    let to = match result {
        MissionResult::Hold => from,
        MissionResult::Advance => from.towards(w.other().home(), 1),
        MissionResult::Retreat => from.towards(defender.home(), 1),
        MissionResult::Breakthrough if two => return Step::turn(At::Breakthrough { winner: w }, t),
        MissionResult::Breakthrough => from.towards(w.other().home(), 1),
    };
    t.map = Some(MapMove { result, from, to });
    s.sector = to;
    after_move(s, t)
}

fn after_move(s: &mut State, mut t: TurnRecord) -> Step {
    if s.turn >= tables::TURNS {
        let outcome = final_outcome(s.sector);
        return finish(s, t, outcome);
    }
    if t.conceded.is_some() {
        let at = aftermath::enter_reinforcements(s, &mut t);
        Step::turn(at, t)
    } else {
        Step::turn(At::Casualties, t)
    }
}

fn finish(s: &mut State, t: TurnRecord, outcome: Outcome) -> Step {
    s.mobility_rule = None;
    Arc::make_mut(&mut s.turns).push(t);
    Step::Finished(outcome)
}
