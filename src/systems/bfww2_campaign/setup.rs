//! Everything the umpire fixes before play (Setup, 2): the calendar, the two sides with their
//! rosters and charts, the CPP replenishment table, the die of the roll tables, the options,
//! and the umpire's notes on the map, terrain and weather.

use super::calendar::Day;
use super::charts::RgKind;
use super::modifier::Band;
use super::roster::{Me, Side};
use super::tables::{self, Month};
use crate::engine::Die;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Final rolls a CPP table must answer: any die with any modifier the app allows.
pub const CPP_ROLL_RANGE: std::ops::RangeInclusive<i16> = -40..=60;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub name: String,
    /// The month the campaign is fought in (armour repair and aircraft modifiers).
    pub month: Month,
    pub days: Vec<Day>,
    pub sides: [Side; 2],
    /// The side that attacks in the first scenario (index into `sides`).
    pub first_attacker: u8,
    /// The campaign victory conditions, judged at the campaign's end, in the umpire's words.
    pub victory: String,
    pub cpp_table: Vec<Band<u16>>,
    /// The die of the roll tables whose die the text does not name.
    pub die: Die,
    /// The optional discipline-rating change rule.
    pub rating_changes: bool,
    /// Which of the app's readings of the text this campaign plays by: campaigns stored
    /// before issue 11's second pass (`1`, the default) keep the readings they were played
    /// with, so their journals replay to the same positions.
    #[serde(default = "first_readings", skip_serializing_if = "is_first_readings")]
    pub readings: u8,
    /// Who moves first when one side attacks and the other defends: the text's order unless
    /// the umpire rules otherwise (campaigns stored before the option play by the text).
    #[serde(default, skip_serializing_if = "MoveOrder::is_the_texts")]
    pub move_order: MoveOrder,
    /// The map and its terrain rules (Setup, 1), and the optional weather chart, in the
    /// umpire's words: table rules both sides read (the app keeps no map and rolls no
    /// weather). Empty in campaigns stored before them.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub terrain: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub weather: String,
    /// Who keeps the campaign: `None`, an umpire (campaigns stored before the option); or the
    /// side (index into `sides`) whose player keeps it in the umpire's place, so the other
    /// side seals its secret choices and rolls together with the keeper's device (issue 31).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept_by: Option<u8>,
}

/// Attack against defend (Posture): the defender sets up first; the text has the attacker
/// "set up second and move second", odd as that reads, so the umpire may rule otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveOrder {
    /// As the text says: the attacker sets up second and moves second.
    #[default]
    AttackerMovesSecond,
    /// The umpire's ruling: the attacker still sets up second, but moves first.
    AttackerMovesFirst,
}

impl MoveOrder {
    pub const ALL: [MoveOrder; 2] = [MoveOrder::AttackerMovesSecond, MoveOrder::AttackerMovesFirst];

    fn is_the_texts(&self) -> bool {
        *self == MoveOrder::AttackerMovesSecond
    }

    /// The order in the rules' words, for the setup form, the Rules tab and the reference.
    pub fn words(self) -> &'static str {
        match self {
            MoveOrder::AttackerMovesSecond => {
                "The defender sets up first and moves first; the attacker sets up second and moves second, as the text says."
            }
            MoveOrder::AttackerMovesFirst => {
                "The defender sets up first; the attacker sets up second and moves first, by the umpire's ruling (the text has the attacker move second)."
            }
        }
    }
}

/// Readings of the first release: the rating record summed over every scenario since an
/// element's last rating roll; removal rolls unchecked (any element's wreck, any number of
/// attempts); per-day limits only on artillery fired.
pub const FIRST_READINGS: u8 = 1;
/// Issue 11's second pass: the rating roll reads the previous scenario only (the isolated and
/// cut-off counts still add up); an enemy wreck is removable only from an armour element not in
/// a pocket; one removal attempt per item and place in a refit; per-day limits at purchase.
pub const SECOND_READINGS: u8 = 2;
/// Issue 28: every knocked-out or abandoned vehicle gets its repair roll (a success no longer
/// uses up another vehicle's attempt); an armour element's vehicle abandoned on an escape roll
/// stays on the roster awaiting repair; a fortification-removal roll needs a revealed enemy
/// obstacle of that type at that place; a repair the nation and date rule out is refused before
/// any check of the vehicle.
pub const THIRD_READINGS: u8 = 3;
/// The readings a new setup plays by.
pub const READINGS: u8 = THIRD_READINGS;

fn first_readings() -> u8 {
    FIRST_READINGS
}

fn is_first_readings(r: &u8) -> bool {
    *r == FIRST_READINGS
}

impl Setup {
    pub fn default_cpp_table() -> Vec<Band<u16>> {
        tables::CPP_REPLENISHMENT.to_vec()
    }
    /// Removes day `i` (the setup form): a scheduled reinforcement keeps its day, one of the
    /// day removed coming the day after (`ScheduledDay` when none is left).
    pub fn remove_day(&mut self, i: usize) {
        if i >= self.days.len() {
            return;
        }
        self.days.remove(i);
        for a in self.sides.iter_mut().flat_map(|s| s.scheduled.iter_mut()).filter(|a| a.day > i) {
            a.day -= 1;
        }
    }
    /// Plays by issue 11's second readings (campaigns started since).
    pub fn readings_v2(&self) -> bool {
        self.readings >= SECOND_READINGS
    }
    /// Plays by issue 28's readings (campaigns started since).
    pub fn readings_v3(&self) -> bool {
        self.readings >= THIRD_READINGS
    }
    /// Who keeps the campaign, in words for the setup form and the Rules tab.
    pub fn keeper_words(&self) -> String {
        match self.kept_by.filter(|&k| k < 2) {
            None => "An umpire keeps the campaign: the umpire's device takes the umpire's steps, and each side's choices reach it as they are.".to_string(),
            Some(k) => {
                let (keeper, other) = (&self.sides[k as usize].name, &self.sides[1 - k as usize].name);
                format!(
                    "{keeper}'s player keeps the campaign and takes the umpire's steps on their device. {other}'s player seals each secret choice (posture, refit, forces) before it is revealed, and rolls together with the keeper's device whatever both sides care about."
                )
            }
        }
    }
}

/// What makes a setup unplayable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    EmptyName {
        what: String,
    },
    NoDays,
    /// A day's scenarios are not a morning, then at most an afternoon and a night, in order.
    DaySlots {
        day: String,
    },
    FirstAttackerUnknown(u8),
    DuplicateMe {
        side: String,
        id: String,
    },
    /// An ME with no stands.
    EmptyMe {
        side: String,
        id: String,
    },
    /// More vehicles than stands.
    VehiclesOverStands {
        side: String,
        id: String,
    },
    DuplicateRg {
        side: String,
        id: String,
    },
    /// An RG row whose per-scenario or per-day limit is above its campaign limit.
    RgLimits {
        side: String,
        id: String,
    },
    UnknownRg {
        side: String,
        me: String,
        rg: String,
    },
    /// A scheduled reinforcement arrives on a day the calendar does not have.
    ScheduledDay {
        side: String,
        id: String,
        day: usize,
    },
    /// A scheduled reinforcement names no manoeuvre-element row to count against.
    ScheduledRow {
        side: String,
        id: String,
    },
    /// The base force and scheduled reinforcements are beyond an RG row's campaign limit.
    BaseForceOverLimit {
        side: String,
        rg: String,
        count: usize,
        limit: u8,
    },
    /// A final roll the CPP table answers with no row, or with more than one.
    CppTableGap(i16),
    CppTableOverlap(i16),
    /// The roll tables need a d6 or a d10.
    UnsuitableDie(Die),
    /// The campaign is kept by a side that does not exist.
    KeeperUnknown(u8),
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::EmptyName { what } => write!(f, "The {what} needs a name."),
            SetupProblem::NoDays => write!(f, "The campaign needs at least one day."),
            SetupProblem::DaySlots { day } => write!(
                f,
                "{day}: a day has a morning (or full-day) scenario, then at most an afternoon and a night, in that order."
            ),
            SetupProblem::FirstAttackerUnknown(i) => write!(f, "There is no side {} to attack first.", i + 1),
            SetupProblem::DuplicateMe { side, id } => write!(f, "{side} has two elements with the ID {id}."),
            SetupProblem::EmptyMe { side, id } => write!(f, "{side}'s element {id} has no stands."),
            SetupProblem::VehiclesOverStands { side, id } => {
                write!(f, "{side}'s element {id} has more vehicles than stands.")
            }
            SetupProblem::DuplicateRg { side, id } => write!(f, "{side}'s reinforcement chart has two rows {id}."),
            SetupProblem::RgLimits { side, id } => write!(
                f,
                "{side}'s reinforcement {id}: the per-scenario and per-day limits cannot be above the campaign limit."
            ),
            SetupProblem::UnknownRg { side, me, rg } => {
                write!(f, "{side}'s element {me} counts against reinforcement {rg}, which is not on the chart.")
            }
            SetupProblem::ScheduledDay { side, id, day } => {
                write!(f, "{side}'s scheduled element {id} arrives on day {}, which the calendar does not have.", day + 1)
            }
            SetupProblem::ScheduledRow { side, id } => write!(
                f,
                "{side}'s scheduled element {id} must count against a manoeuvre-element row of its reinforcement chart."
            ),
            SetupProblem::BaseForceOverLimit { side, rg, count, limit } => write!(
                f,
                "{side} starts with or is scheduled {count} elements of reinforcement {rg}, beyond its campaign limit of {limit}."
            ),
            SetupProblem::CppTableGap(r) => write!(f, "The CPP table has no row for a final roll of {r}."),
            SetupProblem::CppTableOverlap(r) => write!(f, "The CPP table has two rows for a final roll of {r}."),
            SetupProblem::UnsuitableDie(d) => write!(f, "The roll tables need a d6 or a d10, not a {}.", d.label()),
            SetupProblem::KeeperUnknown(i) => write!(f, "There is no side {} to keep the campaign.", i + 1),
        }
    }
}

fn check_side(side: &Side, days: usize, problems: &mut Vec<SetupProblem>) {
    let name = side.name.clone();
    // The starting roster, then the scheduled reinforcements: one list of IDs.
    let all: Vec<&Me> = side.roster.iter().chain(side.scheduled.iter().map(|a| &a.me)).collect();
    for (i, me) in all.iter().enumerate() {
        if all[..i].iter().any(|m| m.id == me.id) {
            problems.push(SetupProblem::DuplicateMe { side: name.clone(), id: me.id.clone() });
        }
        if me.stands == 0 {
            problems.push(SetupProblem::EmptyMe { side: name.clone(), id: me.id.clone() });
        }
        if me.vehicles > me.stands {
            problems.push(SetupProblem::VehiclesOverStands { side: name.clone(), id: me.id.clone() });
        }
        if let Some(rg) = me.rg.as_ref().filter(|rg| !side.rg_chart.iter().any(|r| &&r.id == rg)) {
            problems.push(SetupProblem::UnknownRg { side: name.clone(), me: me.id.clone(), rg: rg.clone() });
        }
    }
    for a in &side.scheduled {
        if a.day >= days {
            problems.push(SetupProblem::ScheduledDay { side: name.clone(), id: a.me.id.clone(), day: a.day });
        }
        let row = a.me.rg.as_ref().map(|rg| side.rg_chart.iter().find(|r| &r.id == rg));
        // An unknown row is `UnknownRg` already; no row, or one of another kind, is this.
        if row.is_none() || matches!(row, Some(Some(r)) if r.kind != RgKind::Manoeuvre) {
            problems.push(SetupProblem::ScheduledRow { side: name.clone(), id: a.me.id.clone() });
        }
    }
    for (i, rg) in side.rg_chart.iter().enumerate() {
        if side.rg_chart[..i].iter().any(|r| r.id == rg.id) {
            problems.push(SetupProblem::DuplicateRg { side: name.clone(), id: rg.id.clone() });
        }
        if rg.per_scenario > rg.per_campaign || rg.per_day.is_some_and(|d| d > rg.per_campaign) {
            problems.push(SetupProblem::RgLimits { side: name.clone(), id: rg.id.clone() });
        }
        let count = all.iter().filter(|m| m.rg.as_ref() == Some(&rg.id)).count();
        if count > rg.per_campaign as usize {
            problems.push(SetupProblem::BaseForceOverLimit {
                side: name.clone(),
                rg: rg.id.clone(),
                count,
                limit: rg.per_campaign,
            });
        }
    }
}

/// Every problem of a setup, in order; empty when it can be played.
pub fn setup_check(setup: &Setup) -> Vec<SetupProblem> {
    let mut problems = Vec::new();
    if setup.name.trim().is_empty() {
        problems.push(SetupProblem::EmptyName { what: "campaign".into() });
    }
    if setup.days.is_empty() {
        problems.push(SetupProblem::NoDays);
    }
    for (i, day) in setup.days.iter().enumerate() {
        if day.name.trim().is_empty() {
            problems.push(SetupProblem::EmptyName { what: format!("day {}", i + 1) });
        }
        if !day.slots_lawful() {
            problems.push(SetupProblem::DaySlots { day: day.name.clone() });
        }
    }
    if setup.first_attacker > 1 {
        problems.push(SetupProblem::FirstAttackerUnknown(setup.first_attacker));
    }
    for (i, side) in setup.sides.iter().enumerate() {
        if side.name.trim().is_empty() {
            problems.push(SetupProblem::EmptyName { what: format!("side {}", i + 1) });
        }
        check_side(side, setup.days.len(), &mut problems);
    }
    for roll in CPP_ROLL_RANGE {
        match setup.cpp_table.iter().filter(|b| b.holds(roll)).count() {
            0 => problems.push(SetupProblem::CppTableGap(roll)),
            1 => {}
            _ => problems.push(SetupProblem::CppTableOverlap(roll)),
        }
    }
    if !matches!(setup.die, Die::D6 | Die::D10) {
        problems.push(SetupProblem::UnsuitableDie(setup.die));
    }
    if let Some(k) = setup.kept_by.filter(|&k| k > 1) {
        problems.push(SetupProblem::KeeperUnknown(k));
    }
    problems
}
