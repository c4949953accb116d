//! Why a setup or a decision is refused: typed errors with the words the screens show.

use super::state::{Phase, Side};
use super::tables::{self, Mission, Strength};
use std::fmt;

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
    /// Platoons without working transport marked carried, and no Transport platoon or tanks
    /// fielded to carry them (issue 28's readings).
    NothingToCarry {
        platoons: String,
    },
    /// More teams marked carried than the tanks fielded take as Tank Riders, and no Transport
    /// platoon (issue 28's readings).
    TooManyRiders {
        platoons: String,
        riders: u64,
        tanks: u64,
    },
    /// A Transport platoon exchanged in, in a campaign started before issue 28's readings.
    TransportNotRead {
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
    /// Keeping mobile a platoon that is not short of transport.
    NothingToKeepMobile {
        platoon: String,
    },
    /// Lowering to a level that is not below its rating, not on its ladder, or below depleted.
    CannotLowerTo {
        platoon: String,
        level: Strength,
        rated: Strength,
    },
    StripFromItself {
        platoon: String,
    },
    /// The donor has no vehicles to give: destroyed, Immobile, short itself, or on foot.
    NoVehiclesToStrip {
        platoon: String,
    },
    NotIdenticalVehicles {
        platoon: String,
        donor: String,
    },
    /// The two-depleted-combat-platoons top-up is not on offer to this player now.
    NoTopUp {
        player: String,
    },
    /// A platoon the top-up cannot raise: not a combat platoon, or already depleted.
    NotForTopUp {
        platoon: String,
    },
    /// More platoons than the company is short of depleted combat platoons.
    TopUpTooMany {
        short: usize,
        got: usize,
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
                strength.name().to_ascii_lowercase()
            ),
            TeamsOutOfRange { platoon, min, max, got } => {
                write!(f, "\"{platoon}\" can take the table with {min} to {max} teams, not {got}.")
            }
            NeedsTransport { platoon } => write!(
                f,
                "\"{platoon}\" has no working transport: after a two-sector breakthrough it can only come if carried \
                 by a transport platoon or as tank riders."
            ),
            NothingToCarry { platoons } => write!(
                f,
                "Marked carried with no working transport of their own: {platoons}. Nothing in this list can carry \
                 them: field a Transport platoon, or tanks to take them as Tank Riders ({} teams a tank).",
                tables::RIDERS_PER_TANK
            ),
            TooManyRiders { platoons, riders, tanks } => write!(
                f,
                "Marked carried with no working transport of their own: {platoons}, {riders} teams. {tanks} tank{} \
                 take at most {} as Tank Riders ({} teams a tank) and no Transport platoon is fielded: bring more \
                 tanks or a Transport platoon, or fewer teams.",
                if *tanks == 1 { "" } else { "s" },
                tanks * u64::from(tables::RIDERS_PER_TANK),
                tables::RIDERS_PER_TANK
            ),
            TransportNotRead { platoon } => write!(
                f,
                "This campaign was started before the app knew Transport platoons: \"{platoon}\" cannot come as one."
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
                strength.name().to_ascii_lowercase()
            ),
            AlreadyDoneExchanging { player } => write!(f, "{player} has finished exchanging for this turn."),
            NotSupport { platoon } => write!(f, "Only support platoons can be exchanged; \"{platoon}\" is not one."),
            TooWeakToExchange { platoon, strength } => write!(
                f,
                "\"{platoon}\" is {}; a platoon must be at least depleted to be exchanged.",
                strength.name().to_ascii_lowercase()
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
            NothingToKeepMobile { platoon } => write!(
                f,
                "\"{platoon}\" is not short of transport, so there is no mobility to keep: tick Immobile first."
            ),
            CannotLowerTo { platoon, level, rated } => write!(
                f,
                "\"{platoon}\" rates {} and can be lowered only to a level of its own between depleted and that, \
                 not to {}.",
                rated.name().to_ascii_lowercase(),
                level.name().to_ascii_lowercase()
            ),
            StripFromItself { platoon } => write!(f, "\"{platoon}\" cannot strip vehicles from itself."),
            NoVehiclesToStrip { platoon } => write!(
                f,
                "\"{platoon}\" has no vehicles to spare: it is destroyed, on foot, Immobile or short of transport itself."
            ),
            NotIdenticalVehicles { platoon, donor } => write!(
                f,
                "\"{donor}\" does not move in the same vehicles as \"{platoon}\" (name the vehicles of both in the \
                 setup): only identical vehicles can be stripped."
            ),
            NoTopUp { player } => write!(
                f,
                "{player} has no top-up to take now: the company has two depleted combat platoons, or the dice are \
                 already rolled."
            ),
            NotForTopUp { platoon } => {
                write!(f, "\"{platoon}\" cannot be topped up: only combat platoons below depleted can.")
            }
            TopUpTooMany { short, got } => write!(
                f,
                "The company is {short} depleted combat platoon{} short, so at most {short} can be topped up, not {got}.",
                if *short == 1 { "" } else { "s" }
            ),
        }
    }
}
