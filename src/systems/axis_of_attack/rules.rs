//! Axis of Attack's rules: one pure `apply` over (setup, state, decision, dice), and the
//! helpers the screens need to offer only legal choices.
//!
//! Readings of the text where it leaves room (each also noted where it is applied):
//! - A game may end with no winner; the sector then holds, no recon bonus is earned, and
//!   bailed vehicles come back to both players.
//! - "Higher total VP" is the campaign VP balance on hand (earned minus spent).
//! - With equal balances the last game's winner is offered the mission change first (west
//!   when there was none).
//! - Turn 1, or a turn after a game without a winner: the table area is agreed and cannot be
//!   shifted.
//! - Force lists, with their air support profile and VP option, are handed in hidden and
//!   shown together; their VP are spent when both are in.
//! - The weather roll's mud change applies to the game it is rolled for.
//! - A conceded game has no casualties, weather roll or outnumbered bonus; the winner's recon
//!   bonus counts every recon platoon on his roster that is at least depleted and mobile.
//! - The campaign ends on the spot when a game is won as attacker in the enemy home sector;
//!   after the ninth game's map move it is scored at once (no casualties or reinforcements).
//! - The two-depleted-combat-platoons floor picks the combat platoons nearest to depleted
//!   (gutted before destroyed, then roster order).

use super::company::{Platoon, Setup};
use super::state::*;
use super::tables::{self, AirProfile, Buyer, Mission, MissionResult, Role, Strength};
use crate::engine::{DiceSpec, Die};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

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
}

/// What is wrong with a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    NoName(Side),
    SameNames,
    NoArmy(Side),
    NoGamePoints,
    PlatoonName { player: String, index: usize },
    PlatoonTwice { player: String, platoon: String },
    TeamCounts { player: String, platoon: String },
    BoughtOutside { player: String, platoon: String, min: u16, max: u16, teams: u16 },
    TooFewCombatPlatoons { player: String, have: usize },
    AirName { player: String },
    OverPoints { player: String, total: u32, allowed: u32 },
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::NoName(s) => write!(f, "The {} player needs a name.", s.word()),
            SetupProblem::SameNames => write!(f, "The two players need different names."),
            SetupProblem::NoArmy(s) => write!(f, "The {} player's army needs a name.", s.word()),
            SetupProblem::NoGamePoints => write!(f, "Games need a points limit above zero."),
            SetupProblem::PlatoonName { player, index } => write!(f, "{player}: platoon {} needs a name.", index + 1),
            SetupProblem::PlatoonTwice { player, platoon } => {
                write!(f, "{player} has two platoons called \"{platoon}\"; give each its own name.")
            }
            SetupProblem::TeamCounts { player, platoon } => write!(
                f,
                "{player}: \"{platoon}\" needs a minimum of at least 1 team and a maximum no smaller than the minimum."
            ),
            SetupProblem::BoughtOutside { player, platoon, min, max, teams } => {
                write!(f, "{player}: \"{platoon}\" is bought with {teams} teams, but the book allows {min} to {max}.")
            }
            SetupProblem::TooFewCombatPlatoons { player, have } => write!(
                f,
                "{player}'s company has {have} combat platoon{}; it needs at least {}.",
                if *have == 1 { "" } else { "s" },
                tables::MIN_DEPLETED_COMBAT
            ),
            SetupProblem::AirName { player } => write!(f, "{player}: every air support type needs a name."),
            SetupProblem::OverPoints { player, total, allowed } => {
                write!(f, "{player}'s company costs {total} points, over the agreed {allowed}.")
            }
        }
    }
}

/// Why a decision is not legal now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    Setup(SetupProblem),
    CampaignOver,
    /// The decision belongs to another step of the turn.
    NotNow {
        phase: Phase,
    },
    BadShift {
        delta: i8,
    },
    ShiftLowerTotal {
        player: String,
    },
    NotOffered {
        player: String,
        offered: String,
    },
    NotANeighbour {
        from: Mission,
        to: Mission,
    },
    NotEnoughVp {
        player: String,
        need: i32,
        have: i32,
    },
    NoShiftWithoutWinner,
    AlreadyHandedIn {
        player: String,
    },
    TooManyVpForPoints {
        got: u8,
    },
    OverPoints {
        player: String,
        points: u32,
        allowed: u32,
    },
    EmptyForce {
        player: String,
    },
    UnknownPlatoon {
        player: String,
        index: u16,
    },
    PlatoonTwice {
        platoon: String,
    },
    ExchangedAway {
        platoon: String,
    },
    NotAvailable {
        platoon: String,
        strength: Strength,
    },
    TeamsOutOfRange {
        platoon: String,
        min: u16,
        max: u16,
        got: u16,
    },
    NeedsTransport {
        platoon: String,
    },
    NoAirSupport {
        player: String,
    },
    UnknownAircraft {
        player: String,
        index: u16,
    },
    LoadWithoutInterdiction,
    AirWithBombardment,
    OptionNotForYou {
        option: &'static str,
        who: &'static str,
    },
    OptionNeedsPlatoons {
        option: &'static str,
    },
    OptionPlatoonNotFielded {
        option: &'static str,
        platoon: String,
    },
    SmokeNotSupport {
        platoon: String,
    },
    NoShoots,
    EmptyNote,
    VpTooHigh {
        got: u8,
    },
    WinnerNeedsMoreVp {
        player: String,
    },
    ReconWithoutWinner,
    NotRecon {
        platoon: String,
    },
    ReconNotFielded {
        platoon: String,
    },
    BadSectors {
        sectors: u8,
    },
    AlreadyCounted {
        player: String,
    },
    ReportMissing {
        platoon: String,
    },
    ReportNotFielded {
        platoon: String,
    },
    TooManyTeams {
        platoon: String,
        fielded: u16,
        reported: u16,
    },
    NoTransportToLose {
        platoon: String,
    },
    AlreadyReinforced {
        player: String,
    },
    TooManyDice {
        available: u16,
        got: u16,
    },
    NoDice {
        platoon: String,
    },
    AutoUpgraded {
        platoon: String,
    },
    AtStartingStrength {
        platoon: String,
        strength: Strength,
    },
    AlreadyDoneExchanging {
        player: String,
    },
    NotSupport {
        platoon: String,
    },
    TooWeakToExchange {
        platoon: String,
        strength: Strength,
    },
    NewNotSupport {
        platoon: String,
    },
    NewPlatoonShape {
        platoon: String,
    },
    TooExpensive {
        platoon: String,
        points: u32,
        value: u32,
    },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RuleError::*;
        match self {
            Setup(p) => p.fmt(f),
            CampaignOver => write!(f, "The campaign is over."),
            NotNow { phase } => write!(f, "That is not part of the current step ({}).", phase.name()),
            BadShift { delta } => write!(f, "A total can move by 1 up or down only (not {delta})."),
            ShiftLowerTotal { player } => write!(f, "Only the higher total can be moved, and {player}'s is the lower."),
            NotOffered { player, offered } => {
                write!(f, "{player} cannot decide on the mission change now: it is {offered}'s to take or pass.")
            }
            NotANeighbour { from, to } => write!(
                f,
                "{} is not next to {} on the mission table; a change moves one row up or down.",
                to.name(),
                from.name()
            ),
            NotEnoughVp { player, need, have } => write!(f, "{player} needs {need} VP for that but has {have}."),
            NoShiftWithoutWinner => write!(
                f,
                "Nobody won the last game, so the table area is agreed between you and cannot be shifted with VP."
            ),
            AlreadyHandedIn { player } => write!(f, "{player} has already handed in a force list."),
            TooManyVpForPoints { got } => write!(
                f,
                "At most {} VP can buy extra points for a game ({got} asked).",
                tables::MAX_VP_FOR_POINTS
            ),
            OverPoints { player, points, allowed } => {
                write!(f, "{player}'s force costs {points} points, over the {allowed} allowed.")
            }
            EmptyForce { player } => write!(f, "{player}'s force list has no platoons."),
            UnknownPlatoon { player, index } => write!(f, "{player} has no platoon number {}.", index + 1),
            PlatoonTwice { platoon } => write!(f, "\"{platoon}\" is listed twice."),
            ExchangedAway { platoon } => write!(f, "\"{platoon}\" was exchanged away and is no longer in the company."),
            NotAvailable { platoon, strength } => write!(
                f,
                "\"{platoon}\" is {} and cannot take the table until it is rebuilt to depleted.",
                strength.name().to_lowercase()
            ),
            TeamsOutOfRange { platoon, min, max, got } => {
                write!(f, "\"{platoon}\" can take the table with {min} to {max} teams, not {got}.")
            }
            NeedsTransport { platoon } => write!(
                f,
                "\"{platoon}\" has no working transport: after a two-sector breakthrough it can only come if carried \
                 by a transport platoon or as tank riders."
            ),
            NoAirSupport { player } => write!(f, "{player} bought no air support at the start of the campaign."),
            UnknownAircraft { player, index } => write!(f, "{player} has no air support type number {}.", index + 1),
            LoadWithoutInterdiction => write!(f, "A bomb or rocket load is named only for Battlefield Interdiction."),
            AirWithBombardment => write!(f, "An aerial bombardment takes every aircraft: no air support in that game."),
            OptionNotForYou { option, who } => write!(f, "{option} can only be bought by {who}."),
            OptionNeedsPlatoons { option } => write!(f, "{option}: choose the platoons it is for."),
            OptionPlatoonNotFielded { option, platoon } => write!(f, "{option}: \"{platoon}\" is not in this force."),
            SmokeNotSupport { platoon } => write!(f, "Extra smoke is for support platoons; \"{platoon}\" is not one."),
            NoShoots => write!(f, "Buy at least one battalion artillery shoot."),
            EmptyNote => write!(f, "The note is empty."),
            VpTooHigh { got } => write!(f, "A game gives at most {} victory points, not {got}.", tables::MAX_GAME_VP),
            WinnerNeedsMoreVp { player } => write!(f, "{player} won, so {player} needs more victory points than the loser."),
            ReconWithoutWinner => write!(f, "Recon platoons count only for the winner, and this game had none."),
            NotRecon { platoon } => write!(f, "\"{platoon}\" is not a recon platoon."),
            ReconNotFielded { platoon } => write!(f, "\"{platoon}\" did not take part in this game."),
            BadSectors { sectors } => write!(f, "A breakthrough moves the campaign 1 or 2 sectors, not {sectors}."),
            AlreadyCounted { player } => write!(f, "{player}'s casualties are already in."),
            ReportMissing { platoon } => write!(f, "\"{platoon}\" fought and needs its teams counted."),
            ReportNotFielded { platoon } => write!(f, "\"{platoon}\" did not fight in this game."),
            TooManyTeams { platoon, fielded, reported } => write!(
                f,
                "\"{platoon}\" came with {fielded} teams but {reported} are counted (on table, bailed, exited and routed)."
            ),
            NoTransportToLose { platoon } => {
                write!(f, "\"{platoon}\" has no transport of its own, so it cannot lose its mobility.")
            }
            AlreadyReinforced { player } => write!(f, "{player} has already rolled for reinforcements this turn."),
            TooManyDice { available, got } => write!(f, "{got} dice assigned, but only {available} are available."),
            NoDice { platoon } => write!(f, "\"{platoon}\" is listed with no dice."),
            AutoUpgraded { platoon } => write!(
                f,
                "\"{platoon}\" was already brought up to depleted automatically this turn and cannot be reinforced again."
            ),
            AtStartingStrength { platoon, strength } => write!(
                f,
                "\"{platoon}\" is at {}, the strength it started with: it cannot grow further.",
                strength.name().to_lowercase()
            ),
            AlreadyDoneExchanging { player } => write!(f, "{player} has finished exchanging for this turn."),
            NotSupport { platoon } => write!(f, "Only support platoons can be exchanged; \"{platoon}\" is not one."),
            TooWeakToExchange { platoon, strength } => write!(
                f,
                "\"{platoon}\" is {}; a platoon must be at least depleted to be exchanged.",
                strength.name().to_lowercase()
            ),
            NewNotSupport { platoon } => write!(f, "\"{platoon}\" must be a support platoon to come in by exchange."),
            NewPlatoonShape { platoon } => write!(
                f,
                "\"{platoon}\" needs a name, a minimum of at least 1 team, a maximum no smaller, and teams bought between them."
            ),
            TooExpensive { platoon, points, value } => write!(
                f,
                "\"{platoon}\" costs {points} points, more than the {value} the platoon it replaces is worth now."
            ),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------

fn platoon_shape_ok(p: &Platoon) -> bool {
    !p.name.trim().is_empty()
        && p.min_teams >= 1
        && p.max_teams >= p.min_teams
        && (p.min_teams..=p.max_teams).contains(&p.teams)
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
            if pl.min_teams == 0 || pl.max_teams < pl.min_teams {
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
        phase: Phase::MissionRoll,
        sector: Sector::START,
        weather: setup.first_weather,
        mud: setup.first_mud,
        roster: [roster(Side::West), roster(Side::East)],
        ledger: Vec::new(),
        current: None,
        turns: Arc::new(Vec::new()),
        outcome: None,
        mobility_rule: None,
    };
    begin_turn(&mut s);
    Ok(s)
}

// ---------------------------------------------------------------------------------------
// Helpers the screens use
// ---------------------------------------------------------------------------------------

/// "Anna".
pub fn player_name(setup: &Setup, side: Side) -> String {
    setup.name(side).trim().to_string()
}

/// A platoon's name on the roster, or its number when there is none such.
pub fn platoon_name(state: &State, side: Side, i: u16) -> String {
    state.platoon(side, i).map_or_else(|| format!("platoon {}", i + 1), |p| p.name().trim().to_string())
}

/// Points allowed on the table after spending `vp` campaign VP on them.
pub fn points_allowed(setup: &Setup, vp: u8) -> u32 {
    setup.game_points + tables::POINTS_PER_VP * vp as u32
}

fn higher(totals: [i32; 2]) -> Option<Side> {
    match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => Some(Side::West),
        std::cmp::Ordering::Less => Some(Side::East),
        std::cmp::Ordering::Equal => None,
    }
}

/// Mission-selection modifiers for `side` from the last game: (label, value).
pub fn mission_modifiers(state: &State, side: Side) -> Vec<(String, i32)> {
    let Some(last) = state.last_turn() else { return Vec::new() };
    let mut v = Vec::new();
    if let Some(r) = &last.result {
        let vp = r.vp[side.index()];
        if vp > 0 {
            v.push((format!("{vp} VP in the last game"), vp as i32));
        }
    }
    if state.balance(side) > state.balance(side.other()) {
        v.push(("Higher campaign VP total".to_string(), tables::HIGHER_VP_BONUS));
    }
    if last.winner() == Some(side) && last.recon_bonus > 0 {
        let n = last.recon_bonus;
        v.push((
            format!("{n} recon platoon{} in the enemy half", if n == 1 { "" } else { "s" }),
            n as i32 * tables::PER_RECON_PLATOON,
        ));
    }
    if last.winner() == Some(side) && last.defender() == Some(side) {
        v.push(("Won the last game as defender".to_string(), tables::WON_AS_DEFENDER));
    }
    v
}

/// The player who may shift the higher total: the defender who won the last game in a
/// Breakthrough or Fighting Withdrawal.
pub fn adjuster(state: &State) -> Option<Side> {
    let last = state.last_turn()?;
    let w = last.winner()?;
    (last.defender() == Some(w) && tables::SHIFT_MISSIONS.contains(&last.mission)).then_some(w)
}

/// Whose totals the adjuster may move now: the higher one, or either when tied.
pub fn adjustable_totals(state: &State) -> Vec<Side> {
    match state.current.as_ref().and_then(|t| t.selection.as_ref()) {
        Some(sel) => match sel.high {
            Some(h) => vec![h],
            None => Side::BOTH.to_vec(),
        },
        None => Vec::new(),
    }
}

/// Order in which the mission change is offered: the higher VP balance first; on equal
/// balances the last game's winner first, west when there was none.
pub fn change_order(state: &State) -> [Side; 2] {
    let (w, e) = (state.balance(Side::West), state.balance(Side::East));
    let first = if w > e {
        Side::West
    } else if e > w {
        Side::East
    } else {
        state.last_turn().and_then(TurnRecord::winner).unwrap_or(Side::West)
    };
    [first, first.other()]
}

/// The player being offered the 5-VP mission change now, if any.
pub fn change_offer(state: &State) -> Option<Side> {
    let t = state.current.as_ref()?;
    if t.change.is_some() {
        return None;
    }
    change_order(state)
        .into_iter()
        .find(|&x| !t.declined.contains(&x) && state.balance(x) >= tables::MISSION_CHANGE_COST)
}

/// Missions the offered player may change to.
pub fn legal_mission_changes(state: &State) -> Vec<Mission> {
    match (change_offer(state), state.current.as_ref()) {
        (Some(_), Some(t)) => t.mission.neighbours(),
        _ => Vec::new(),
    }
}

/// Who picks the table area: the last game's winner (none in turn 1 or after a drawn game).
pub fn area_chooser(state: &State) -> Option<Side> {
    state.last_turn().and_then(TurnRecord::winner)
}

/// Whether `side` may buy the option in this turn's mission.
pub fn option_allowed(state: &State, side: Side, kind: tables::OptionKind) -> bool {
    let Some(t) = state.current.as_ref() else { return false };
    let db = t.mission.defensive_battle();
    match tables::option_row(kind).buyer {
        Buyer::AttackerInDefensiveBattle => db && t.attacker == Some(side),
        Buyer::DefenderInDefensiveBattle => db && t.attacker == Some(side.other()),
        Buyer::EitherInDefensiveBattle => db,
        Buyer::Anyone => true,
    }
}

/// Platoons `side` may field now, with the least and most teams for each.
pub fn fieldable(state: &State, side: Side) -> Vec<(u16, u16, u16)> {
    state
        .roster(side)
        .iter()
        .enumerate()
        .filter(|(_, p)| p.available())
        .map(|(i, p)| (i as u16, p.platoon.min_teams, p.max_teams_now()))
        .collect()
}

/// Whether this force needs every platoon mobile or carried (the game after a two-sector move).
pub fn mobility_required(state: &State, side: Side) -> bool {
    state.mobility_rule == Some(side)
}

/// After a won Breakthrough: can the winner take the map two sectors? Needs two sectors of
/// room and every platoon of his force mobile or carried.
pub fn two_sectors_possible(state: &State) -> bool {
    let Some(t) = state.current.as_ref() else { return false };
    let Some(w) = t.winner() else { return false };
    if t.sector.distance(w.other().home()) < 2 {
        return false;
    }
    if t.conceded.is_some() {
        // No game was played: no platoon of his needed moving.
        return true;
    }
    match t.force(w) {
        Some(force) => force
            .platoons
            .iter()
            .all(|f| f.transported || state.platoon(w, f.platoon).is_some_and(PlatoonState::operationally_mobile)),
        None => true,
    }
}

/// How one fielded platoon's report is counted. Fails when the report does not fit.
pub fn casualty_line(state: &State, side: Side, report: &PlatoonReport) -> Result<CasualtyLine, RuleError> {
    let t = state.current.as_ref().ok_or(RuleError::CampaignOver)?;
    let name = || platoon_name(state, side, report.platoon);
    let p = state.platoon(side, report.platoon).ok_or(RuleError::ReportNotFielded { platoon: name() })?;
    let f = t.forces[side.index()]
        .as_ref()
        .and_then(|x| x.fielded(report.platoon))
        .ok_or(RuleError::ReportNotFielded { platoon: name() })?;
    let reported = report.on_table as u32 + report.bailed as u32 + report.exited as u32 + report.routed as u32;
    if reported > f.teams as u32 {
        return Err(RuleError::TooManyTeams {
            platoon: name(),
            fielded: f.teams,
            reported: reported.min(u16::MAX as u32) as u16,
        });
    }
    if report.immobile && !p.platoon.mobility.motorised() {
        return Err(RuleError::NoTransportToLose { platoon: name() });
    }
    // Bailed and bogged vehicles come back to the winner (and to both after a game nobody won).
    let recovered = t.winner() != Some(side.other());
    let unused = p.max_teams_now().saturating_sub(f.teams);
    let counted = report.on_table + report.exited + unused + if recovered { report.bailed } else { 0 };
    let after = p.platoon.strength_of(counted, report.routed);
    Ok(CasualtyLine { report: report.clone(), counted, before: p.strength, after })
}

/// Reinforcement dice `side` has this turn after spending `vp` (auto-upgrades already taken).
pub fn reinforcement_dice(state: &State, side: Side, vp: u8) -> u16 {
    let auto: u16 = state.current.as_ref().map_or(0, |t| t.auto[side.index()].iter().map(|a| a.dice).sum());
    (tables::REINFORCEMENT_DICE + tables::DICE_PER_VP * vp as u16).saturating_sub(auto)
}

/// Platoons that may receive reinforcement dice now.
pub fn reinforceable(state: &State, side: Side) -> Vec<u16> {
    let auto: Vec<u16> =
        state.current.as_ref().map_or(Vec::new(), |t| t.auto[side.index()].iter().map(|a| a.platoon).collect());
    state
        .roster(side)
        .iter()
        .enumerate()
        .filter(|(i, p)| p.on_roster() && p.strength < p.start && !auto.contains(&(*i as u16)))
        .map(|(i, _)| i as u16)
        .collect()
}

/// Whether `side` could exchange a support platoon now (one at least depleted, and 5 VP).
pub fn can_exchange(state: &State, side: Side) -> bool {
    state.balance(side) >= tables::EXCHANGE_COST
        && state.roster(side).iter().any(|p| p.available() && p.platoon.role == Role::Support)
}

/// The outcome after the last turn, by where the fighting stands.
pub fn final_outcome(sector: Sector) -> Outcome {
    for side in Side::BOTH {
        if sector.distance(side.other().home()) <= 1 {
            return Outcome::MinorVictory(side);
        }
    }
    Outcome::Stalemate
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

fn expect(state: &State, phase: Phase) -> Result<(), RuleError> {
    if state.phase == Phase::Finished {
        return Err(RuleError::CampaignOver);
    }
    if state.phase != phase {
        return Err(RuleError::NotNow { phase: state.phase });
    }
    Ok(())
}

fn cur(s: &mut State) -> &mut TurnRecord {
    s.current.as_mut().expect("a turn is under way")
}

fn spend(setup: &Setup, s: &mut State, side: Side, vp: i32, item: LedgerItem) -> Result<(), RuleError> {
    let have = s.balance(side);
    if vp > have {
        return Err(RuleError::NotEnoughVp { player: player_name(setup, side), need: vp, have });
    }
    if vp > 0 {
        s.ledger.push(LedgerEntry { turn: s.turn, side, vp: -vp, item });
    }
    Ok(())
}

fn earn(s: &mut State, side: Side, vp: i32, item: LedgerItem) {
    if vp > 0 {
        s.ledger.push(LedgerEntry { turn: s.turn, side, vp, item });
    }
}

pub fn apply(setup: &Setup, state: &State, decision: &Decision, dice: &[u16]) -> Result<State, RuleError> {
    if state.phase == Phase::Finished {
        return Err(RuleError::CampaignOver);
    }
    let mut s = state.clone();
    match decision {
        Decision::RollMission => {
            expect(state, Phase::MissionRoll)?;
            let modifiers = [mission_modifiers(&s, Side::West), mission_modifiers(&s, Side::East)];
            let sum = |m: &Vec<(String, i32)>| m.iter().map(|x| x.1).sum::<i32>();
            let rolled = [dice[0] as i32 + sum(&modifiers[0]), dice[1] as i32 + sum(&modifiers[1])];
            let adjuster = adjuster(&s);
            cur(&mut s).selection = Some(MissionSelection {
                dice: [dice[0], dice[1]],
                modifiers,
                rolled,
                adjuster,
                adjustment: None,
                totals: rolled,
                high: higher(rolled),
            });
            if adjuster.is_some() {
                s.phase = Phase::MissionAdjust;
            } else {
                settle_mission(&mut s);
            }
        }
        Decision::AdjustMission { target, delta } => {
            expect(state, Phase::MissionAdjust)?;
            if !(-1..=1).contains(delta) {
                return Err(RuleError::BadShift { delta: *delta });
            }
            if *delta != 0 && !adjustable_totals(&s).contains(target) {
                return Err(RuleError::ShiftLowerTotal { player: player_name(setup, *target) });
            }
            let sel = cur(&mut s).selection.as_mut().unwrap();
            sel.adjustment = Some((*target, *delta));
            sel.totals[target.index()] += *delta as i32;
            sel.high = higher(sel.totals);
            settle_mission(&mut s);
        }
        Decision::ChangeMission { side, to } => {
            expect(state, Phase::MissionChange)?;
            let offered = change_offer(&s).expect("the change phase has an offer");
            if *side != offered {
                return Err(RuleError::NotOffered {
                    player: player_name(setup, *side),
                    offered: player_name(setup, offered),
                });
            }
            match to {
                None => {
                    cur(&mut s).declined.push(*side);
                    offer_or_go_on(&mut s);
                }
                Some(m) => {
                    let from = cur(&mut s).mission;
                    if !from.neighbours().contains(m) {
                        return Err(RuleError::NotANeighbour { from, to: *m });
                    }
                    spend(
                        setup,
                        &mut s,
                        *side,
                        tables::MISSION_CHANGE_COST,
                        LedgerItem::MissionChange { from, to: *m },
                    )?;
                    let t = cur(&mut s);
                    t.change = Some(MissionChange { by: *side, from, to: *m });
                    t.mission = *m;
                    fix_attacker(&mut s);
                }
            }
        }
        Decision::SetAttacker { side } => {
            expect(state, Phase::Attacker)?;
            cur(&mut s).attacker = Some(*side);
            s.phase = Phase::GameArea;
        }
        Decision::ChooseArea { area, shift } => {
            expect(state, Phase::GameArea)?;
            let chooser = area_chooser(&s);
            if *shift > 0 {
                let Some(c) = chooser else { return Err(RuleError::NoShiftWithoutWinner) };
                let cost = *shift as i32 * tables::AREA_SHIFT_COST;
                spend(setup, &mut s, c.other(), cost, LedgerItem::AreaShift { squares: *shift })?;
            }
            cur(&mut s).area = Some(AreaChoice { chooser, note: area.trim().to_string(), shift: *shift });
            s.phase = Phase::Forces;
        }
        Decision::SubmitForce { side, force } => {
            expect(state, Phase::Forces)?;
            if s.current.as_ref().unwrap().forces[side.index()].is_some() {
                return Err(RuleError::AlreadyHandedIn { player: player_name(setup, *side) });
            }
            check_force(setup, &s, *side, force)?;
            cur(&mut s).forces[side.index()] = Some(force.clone());
            if s.current.as_ref().unwrap().forces.iter().all(Option::is_some) {
                reveal_forces(setup, &mut s)?;
            }
        }
        Decision::RollWeather => {
            expect(state, Phase::Weather)?;
            let last = s.weather;
            let weather = tables::weather(dice[0], last);
            let mud = s.mud.changed(weather.mud_change());
            cur(&mut s).weather = Some(WeatherRoll { die: dice[0], last, weather, mud_before: s.mud, mud });
            s.weather = weather;
            s.mud = mud;
            s.phase = Phase::Game;
        }
        Decision::Note { text } => {
            expect(state, Phase::Game)?;
            if text.trim().is_empty() {
                return Err(RuleError::EmptyNote);
            }
            cur(&mut s).notes.push(text.trim().to_string());
        }
        Decision::Concede { side } => {
            if !matches!(s.phase, Phase::Forces | Phase::Weather | Phase::Game) {
                return Err(RuleError::NotNow { phase: s.phase });
            }
            let winner = side.other();
            let t = cur(&mut s);
            if !t.revealed {
                // Hidden lists are torn up unseen: nothing was spent on them.
                t.forces = [None, None];
            }
            let mut vp = [0u8; 2];
            vp[winner.index()] = tables::CONCESSION_VP.0;
            vp[side.index()] = tables::CONCESSION_VP.1;
            t.conceded = Some(*side);
            t.result = Some(GameResult { winner: Some(winner), vp, recon: Vec::new() });
            // The winner claims every recon platoon of his company that could scout.
            let recon = s.roster(winner).iter().filter(|p| p.platoon.recon && p.available() && !p.immobile).count();
            cur(&mut s).recon_bonus = recon as u8;
            for x in Side::BOTH {
                earn(&mut s, x, vp[x.index()] as i32, LedgerItem::GameVp);
            }
            resolve_map(&mut s);
        }
        Decision::RecordResult(r) => {
            expect(state, Phase::Game)?;
            check_result(setup, &s, r)?;
            let t = cur(&mut s);
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
            resolve_map(&mut s);
        }
        Decision::MoveCampaign { sectors } => {
            expect(state, Phase::Breakthrough)?;
            if !(1..=2).contains(sectors) {
                return Err(RuleError::BadSectors { sectors: *sectors });
            }
            let t = cur(&mut s);
            let loser = t.winner().unwrap().other();
            let from = t.sector;
            let to = from.towards(loser.home(), *sectors);
            t.map = Some(MapMove { result: MissionResult::Breakthrough, from, to });
            s.sector = to;
            after_move(&mut s);
        }
        Decision::RecordCasualties { side, reports } => {
            expect(state, Phase::Casualties)?;
            let t = s.current.as_ref().unwrap();
            if t.casualties[side.index()].is_some() {
                return Err(RuleError::AlreadyCounted { player: player_name(setup, *side) });
            }
            let force = t.forces[side.index()].clone().expect("a played game has both forces");
            let mut lines = Vec::new();
            for (k, r) in reports.iter().enumerate() {
                if reports[..k].iter().any(|x| x.platoon == r.platoon) {
                    return Err(RuleError::PlatoonTwice { platoon: platoon_name(&s, *side, r.platoon) });
                }
                lines.push(casualty_line(&s, *side, r)?);
            }
            if let Some(f) = force.platoons.iter().find(|f| !reports.iter().any(|r| r.platoon == f.platoon)) {
                return Err(RuleError::ReportMissing { platoon: platoon_name(&s, *side, f.platoon) });
            }
            for l in &lines {
                let p = &mut s.roster[side.index()][l.report.platoon as usize];
                p.strength = l.after;
                p.immobile = l.report.immobile && l.after != Strength::Destroyed;
            }
            cur(&mut s).casualties[side.index()] = Some(lines);
            if s.current.as_ref().unwrap().casualties.iter().all(Option::is_some) {
                let t = s.current.as_ref().unwrap();
                let recon = match (t.winner(), &t.result) {
                    (Some(w), Some(r)) => r
                        .recon
                        .iter()
                        .filter(|&&i| s.platoon(w, i).is_some_and(|p| p.strength.fieldable() && !p.immobile))
                        .count(),
                    _ => 0,
                };
                cur(&mut s).recon_bonus = recon as u8;
                enter_reinforcements(&mut s);
            }
        }
        Decision::Reinforce { side, vp, assign } => {
            expect(state, Phase::Reinforcements)?;
            let t = s.current.as_ref().unwrap();
            if t.reinforcement[side.index()].is_some() {
                return Err(RuleError::AlreadyReinforced { player: player_name(setup, *side) });
            }
            let have = s.balance(*side);
            if *vp as i32 > have {
                return Err(RuleError::NotEnoughVp { player: player_name(setup, *side), need: *vp as i32, have });
            }
            let available = reinforcement_dice(&s, *side, *vp);
            let got: u32 = assign.iter().map(|a| a.dice as u32).sum();
            if got > available as u32 {
                return Err(RuleError::TooManyDice { available, got: got.min(u16::MAX as u32) as u16 });
            }
            let auto: Vec<u16> = t.auto[side.index()].iter().map(|a| a.platoon).collect();
            for (k, a) in assign.iter().enumerate() {
                let name = || platoon_name(&s, *side, a.platoon);
                let p = s
                    .platoon(*side, a.platoon)
                    .ok_or(RuleError::UnknownPlatoon { player: player_name(setup, *side), index: a.platoon })?;
                if assign[..k].iter().any(|x| x.platoon == a.platoon) {
                    return Err(RuleError::PlatoonTwice { platoon: name() });
                }
                if a.dice == 0 {
                    return Err(RuleError::NoDice { platoon: name() });
                }
                if !p.on_roster() {
                    return Err(RuleError::ExchangedAway { platoon: name() });
                }
                if auto.contains(&a.platoon) {
                    return Err(RuleError::AutoUpgraded { platoon: name() });
                }
                if p.strength >= p.start {
                    return Err(RuleError::AtStartingStrength { platoon: name(), strength: p.strength });
                }
            }
            spend(
                setup,
                &mut s,
                *side,
                *vp as i32,
                LedgerItem::ReinforcementDice { dice: *vp as u16 * tables::DICE_PER_VP },
            )?;
            let mut lines = Vec::new();
            let mut k = 0usize;
            for a in assign {
                let rolled = dice[k..k + a.dice as usize].to_vec();
                k += a.dice as usize;
                let p = &mut s.roster[side.index()][a.platoon as usize];
                let needs = p.platoon.reinforcement_needs();
                let from = p.strength;
                if rolled.iter().any(|&d| d >= needs) {
                    p.strength = p.platoon.step_up(from).min(p.start);
                }
                lines.push(ReinforceLine { platoon: a.platoon, dice: rolled, needs, from, to: p.strength });
            }
            cur(&mut s).reinforcement[side.index()] = Some(Reinforcement { vp: *vp, lines });
            if s.current.as_ref().unwrap().reinforcement.iter().all(Option::is_some) {
                restore_mobility(&mut s);
                enter_exchanges(&mut s);
            }
        }
        Decision::ExchangeSupport { side, platoon, value, new } => {
            expect(state, Phase::Exchanges)?;
            if s.current.as_ref().unwrap().exchanges_done[side.index()] {
                return Err(RuleError::AlreadyDoneExchanging { player: player_name(setup, *side) });
            }
            let name = platoon_name(&s, *side, *platoon);
            let p = s
                .platoon(*side, *platoon)
                .ok_or(RuleError::UnknownPlatoon { player: player_name(setup, *side), index: *platoon })?;
            if !p.on_roster() {
                return Err(RuleError::ExchangedAway { platoon: name });
            }
            if p.platoon.role != Role::Support {
                return Err(RuleError::NotSupport { platoon: name });
            }
            if !p.strength.fieldable() {
                return Err(RuleError::TooWeakToExchange { platoon: name, strength: p.strength });
            }
            let new_name = new.name.trim().to_string();
            if !platoon_shape_ok(new) {
                return Err(RuleError::NewPlatoonShape { platoon: new_name });
            }
            if new.role != Role::Support {
                return Err(RuleError::NewNotSupport { platoon: new_name });
            }
            if new.points > *value {
                return Err(RuleError::TooExpensive { platoon: new_name, points: new.points, value: *value });
            }
            let index = s.roster[side.index()].len() as u16;
            spend(setup, &mut s, *side, tables::EXCHANGE_COST, LedgerItem::Exchange { old: *platoon, new: index })?;
            let turn = s.turn;
            let mut incoming = new.clone();
            incoming.name = new_name;
            s.roster[side.index()].push(PlatoonState::new(incoming, turn));
            s.roster[side.index()][*platoon as usize].exchanged_for = Some(index);
            cur(&mut s).exchanges.push(ExchangeRecord { side: *side, old: *platoon, new: index, value: *value });
            if !can_exchange(&s, *side) {
                cur(&mut s).exchanges_done[side.index()] = true;
            }
            maybe_next_turn(&mut s);
        }
        Decision::DoneExchanging { side } => {
            expect(state, Phase::Exchanges)?;
            if s.current.as_ref().unwrap().exchanges_done[side.index()] {
                return Err(RuleError::AlreadyDoneExchanging { player: player_name(setup, *side) });
            }
            cur(&mut s).exchanges_done[side.index()] = true;
            maybe_next_turn(&mut s);
        }
    }
    Ok(s)
}

fn check_force(setup: &Setup, s: &State, side: Side, force: &ForceList) -> Result<(), RuleError> {
    let player = player_name(setup, side);
    if force.vp_for_points > tables::MAX_VP_FOR_POINTS {
        return Err(RuleError::TooManyVpForPoints { got: force.vp_for_points });
    }
    let allowed = points_allowed(setup, force.vp_for_points);
    if force.points > allowed {
        return Err(RuleError::OverPoints { player, points: force.points, allowed });
    }
    if force.platoons.is_empty() {
        return Err(RuleError::EmptyForce { player });
    }
    for (k, f) in force.platoons.iter().enumerate() {
        let p =
            s.platoon(side, f.platoon).ok_or(RuleError::UnknownPlatoon { player: player.clone(), index: f.platoon })?;
        let name = p.name().trim().to_string();
        if force.platoons[..k].iter().any(|x| x.platoon == f.platoon) {
            return Err(RuleError::PlatoonTwice { platoon: name });
        }
        if !p.on_roster() {
            return Err(RuleError::ExchangedAway { platoon: name });
        }
        if !p.strength.fieldable() {
            return Err(RuleError::NotAvailable { platoon: name, strength: p.strength });
        }
        let (min, max) = (p.platoon.min_teams, p.max_teams_now());
        if !(min..=max).contains(&f.teams) {
            return Err(RuleError::TeamsOutOfRange { platoon: name, min, max, got: f.teams });
        }
        if mobility_required(s, side) && !p.operationally_mobile() && !f.transported {
            return Err(RuleError::NeedsTransport { platoon: name });
        }
    }
    if let Some(air) = &force.air {
        let bought = &setup.player(side).air;
        if bought.is_empty() {
            return Err(RuleError::NoAirSupport { player });
        }
        if air.aircraft as usize >= bought.len() {
            return Err(RuleError::UnknownAircraft { player, index: air.aircraft });
        }
        if air.load.is_some() && air.profile != AirProfile::BattlefieldInterdiction {
            return Err(RuleError::LoadWithoutInterdiction);
        }
        if matches!(force.option, Some(GameOption::AerialBombardment)) {
            return Err(RuleError::AirWithBombardment);
        }
    }
    if let Some(option) = &force.option {
        let row = tables::option_row(option.kind());
        if !option_allowed(s, side, option.kind()) {
            return Err(RuleError::OptionNotForYou { option: row.name, who: row.buyer.text() });
        }
        match option {
            GameOption::ExtraSmoke { platoons } | GameOption::PreRegistered { platoons } => {
                if platoons.is_empty() {
                    return Err(RuleError::OptionNeedsPlatoons { option: row.name });
                }
                for (k, &i) in platoons.iter().enumerate() {
                    let name = platoon_name(s, side, i);
                    if force.fielded(i).is_none() {
                        return Err(RuleError::OptionPlatoonNotFielded { option: row.name, platoon: name });
                    }
                    if platoons[..k].contains(&i) {
                        return Err(RuleError::PlatoonTwice { platoon: name });
                    }
                    let support = s.platoon(side, i).is_some_and(|p| p.platoon.role == Role::Support);
                    if matches!(option, GameOption::ExtraSmoke { .. }) && !support {
                        return Err(RuleError::SmokeNotSupport { platoon: name });
                    }
                }
            }
            GameOption::BattalionArtillery { shoots: 0 } => return Err(RuleError::NoShoots),
            _ => {}
        }
    }
    let need = force.cost();
    let have = s.balance(side);
    if need > have {
        return Err(RuleError::NotEnoughVp { player, need, have });
    }
    Ok(())
}

fn check_result(setup: &Setup, s: &State, r: &GameResult) -> Result<(), RuleError> {
    if let Some(&got) = r.vp.iter().find(|&&v| v > tables::MAX_GAME_VP) {
        return Err(RuleError::VpTooHigh { got });
    }
    let Some(w) = r.winner else {
        return if r.recon.is_empty() { Ok(()) } else { Err(RuleError::ReconWithoutWinner) };
    };
    if r.vp[w.index()] <= r.vp[w.other().index()] {
        return Err(RuleError::WinnerNeedsMoreVp { player: player_name(setup, w) });
    }
    let t = s.current.as_ref().unwrap();
    for (k, &i) in r.recon.iter().enumerate() {
        let p = s.platoon(w, i).ok_or(RuleError::UnknownPlatoon { player: player_name(setup, w), index: i })?;
        let name = p.name().trim().to_string();
        if r.recon[..k].contains(&i) {
            return Err(RuleError::PlatoonTwice { platoon: name });
        }
        if !p.platoon.recon {
            return Err(RuleError::NotRecon { platoon: name });
        }
        if t.force(w).and_then(|f| f.fielded(i)).is_none() {
            return Err(RuleError::ReconNotFielded { platoon: name });
        }
    }
    Ok(())
}

fn reveal_forces(setup: &Setup, s: &mut State) -> Result<(), RuleError> {
    let forces = cur(s).forces.clone();
    for side in Side::BOTH {
        let f = forces[side.index()].as_ref().unwrap();
        if f.vp_for_points > 0 {
            let points = tables::POINTS_PER_VP * f.vp_for_points as u32;
            spend(setup, s, side, f.vp_for_points as i32, LedgerItem::Points { points })?;
        }
        if let Some(o) = &f.option {
            spend(setup, s, side, o.cost(), LedgerItem::Option(o.kind()))?;
        }
    }
    cur(s).revealed = true;
    s.phase = Phase::Weather;
    Ok(())
}

fn begin_turn(s: &mut State) {
    s.current = Some(TurnRecord::new(s.turn, s.sector, tables::FIRST_MISSION));
    if s.turn == 1 {
        offer_or_go_on(s);
    } else {
        s.phase = Phase::MissionRoll;
    }
}

/// The totals are final: read the mission from the table, then offer the change.
fn settle_mission(s: &mut State) {
    let t = cur(s);
    let m = tables::mission_for(t.selection.as_ref().unwrap().best());
    t.rolled_mission = m;
    t.mission = m;
    set_attacker(t);
    offer_or_go_on(s);
}

fn offer_or_go_on(s: &mut State) {
    if change_offer(s).is_some() {
        s.phase = Phase::MissionChange;
    } else {
        fix_attacker(s);
    }
}

/// The higher total attacks (whatever the mission's own rules say); an Encounter has two
/// attackers; tied totals leave it to the mission's rules.
fn fix_attacker(s: &mut State) {
    let t = cur(s);
    set_attacker(t);
    s.phase = if t.mission.defensive_battle() && t.attacker.is_none() { Phase::Attacker } else { Phase::GameArea };
}

fn set_attacker(t: &mut TurnRecord) {
    let high = t.selection.as_ref().and_then(|x| x.high);
    t.attacker = if t.mission.fair_fight() { None } else { high };
}

/// Moves the map for the result (or waits for the breakthrough choice), and checks the end.
fn resolve_map(s: &mut State) {
    let two = two_sectors_possible(s);
    let t = cur(s);
    let from = t.sector;
    let Some(w) = t.winner() else {
        t.map = Some(MapMove { result: MissionResult::Hold, from, to: from });
        return after_move(s);
    };
    let attacker_won = t.attacks(w);
    let result = tables::mission_result(t.mission, attacker_won);
    if attacker_won && from == w.other().home() {
        t.map = Some(MapMove { result, from, to: from });
        return finish(s, Outcome::Victory(w));
    }
    let to = match result {
        MissionResult::Hold => from,
        MissionResult::Advance => from.towards(w.other().home(), 1),
        MissionResult::Retreat => from.towards(t.defender().expect("a retreat has a defender").home(), 1),
        MissionResult::Breakthrough if two => {
            s.phase = Phase::Breakthrough;
            return;
        }
        MissionResult::Breakthrough => from.towards(w.other().home(), 1),
    };
    t.map = Some(MapMove { result, from, to });
    s.sector = to;
    after_move(s);
}

fn after_move(s: &mut State) {
    if s.turn >= tables::TURNS {
        let outcome = final_outcome(s.sector);
        return finish(s, outcome);
    }
    if cur(s).conceded.is_some() {
        enter_reinforcements(s);
    } else {
        s.phase = Phase::Casualties;
    }
}

fn finish(s: &mut State, outcome: Outcome) {
    s.outcome = Some(outcome);
    s.mobility_rule = None;
    let t = s.current.take().unwrap();
    Arc::make_mut(&mut s.turns).push(t);
    s.phase = Phase::Finished;
}

/// Brings combat platoons up to depleted until two are, each level using a die.
fn enter_reinforcements(s: &mut State) {
    for side in Side::BOTH {
        let roster = &s.roster[side.index()];
        let combat = |p: &PlatoonState| p.on_roster() && p.platoon.role == Role::Combat;
        let ok = roster.iter().filter(|p| combat(p) && p.strength.fieldable()).count();
        let short = tables::MIN_DEPLETED_COMBAT.saturating_sub(ok);
        let mut candidates: Vec<(u16, usize)> = roster
            .iter()
            .enumerate()
            .filter(|(_, p)| combat(p) && !p.strength.fieldable())
            .map(|(i, p)| (p.platoon.ladder().iter().filter(|&&l| l > p.strength && !l.fieldable()).count() + 1, i))
            .map(|(levels, i)| (levels as u16, i))
            .collect();
        candidates.sort_by_key(|&(levels, i)| (levels, i));
        let mut auto = Vec::new();
        for &(levels, i) in candidates.iter().take(short) {
            let p = &mut s.roster[side.index()][i];
            let from = p.strength;
            let mut to = from;
            while !to.fieldable() {
                to = p.platoon.step_up(to);
            }
            p.strength = to;
            auto.push(AutoUpgrade { platoon: i as u16, from, to, dice: levels });
        }
        cur(s).auto[side.index()] = auto;
    }
    s.phase = Phase::Reinforcements;
}

/// Immobile platoons get their mobility back unless they fought in a game the winner
/// followed with a two-sector breakthrough.
fn restore_mobility(s: &mut State) {
    let t = s.current.as_ref().unwrap();
    let two = t.two_sector_move();
    let played = t.conceded.is_none();
    let mut restored = Vec::new();
    for side in Side::BOTH {
        for (i, p) in s.roster[side.index()].iter().enumerate() {
            if !p.immobile {
                continue;
            }
            let fought = played && t.force(side).is_some_and(|f| f.fielded(i as u16).is_some());
            if !(two && fought) {
                restored.push((side, i as u16));
            }
        }
    }
    for &(side, i) in &restored {
        s.roster[side.index()][i as usize].immobile = false;
    }
    cur(s).restored = restored;
}

fn enter_exchanges(s: &mut State) {
    for side in Side::BOTH {
        if !can_exchange(s, side) {
            cur(s).exchanges_done[side.index()] = true;
        }
    }
    s.phase = Phase::Exchanges;
    maybe_next_turn(s);
}

fn maybe_next_turn(s: &mut State) {
    if !cur(s).exchanges_done.iter().all(|&d| d) {
        return;
    }
    let t = s.current.take().unwrap();
    s.mobility_rule = if t.two_sector_move() { t.winner() } else { None };
    Arc::make_mut(&mut s.turns).push(t);
    s.turn += 1;
    begin_turn(s);
}
