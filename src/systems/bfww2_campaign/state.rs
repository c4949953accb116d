//! The position of a campaign between decisions: where the calendar stands, the step of the
//! scenario cycle, and each side's roster, ledger, holdings and secrets.

use super::calendar::Slot;
use super::charts::ObaStock;
use super::decision::Obstacle;
use super::eligibility::Posture;
use super::rating::Rating;
use super::roster::{Me, Side};
use super::setup::Setup;
use super::tables::{breakpoints, Ammo, CombatRecord, Status};
use serde::{Deserialize, Serialize};

/// The step of the scenario cycle, in the text's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Each side secretly picks Attack or Defend (not in the first scenario).
    Posture,
    /// Housekeeping and refit, each side on its own, in secret.
    Refit,
    /// Postures are shown (after the refit purchases, before forces are chosen).
    Reveal,
    /// Both sides attack: a die each, the higher attacks; a tie rolls again.
    RollOff,
    /// Each side chooses the elements, artillery and aircraft it fields.
    Forces,
    /// The battle on the table: the turn-record chart and ammunition rolls.
    Battle,
    /// The battle's results, entered element by element.
    Results,
    /// Cleanup: status, escapes, ammunition, wrecks, paperwork.
    Cleanup,
    /// The calendar is done: the umpire judges the campaign by its conditions.
    Judge,
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Posture => "Posture",
            Phase::Refit => "Housekeeping and refit",
            Phase::Reveal => "Reveal postures",
            Phase::RollOff => "Both attack: roll-off",
            Phase::Forces => "Choose forces",
            Phase::Battle => "The battle",
            Phase::Results => "Battle results",
            Phase::Cleanup => "Cleanup",
            Phase::Judge => "Judge the campaign",
            Phase::Over => "Campaign over",
        }
    }
}

/// One line of a ledger: what was earned or spent, and how much (negative when spent).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedgerLine {
    pub what: String,
    pub amount: i32,
}

/// One kind of points (CPP or FPP): earned, spent on what, and the balance, never below zero.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Account {
    pub earned: u32,
    pub spent: u32,
    pub lines: Vec<LedgerLine>,
}

impl Account {
    pub fn opening(amount: u16) -> Account {
        let mut a = Account::default();
        if amount > 0 {
            a.earn(amount, "At the start");
        }
        a
    }
    pub fn balance(&self) -> u32 {
        // Never spent past what was earned in play; a seat copy from outside may say so.
        self.earned.saturating_sub(self.spent)
    }
    pub fn earn(&mut self, amount: u16, what: &str) {
        self.earned += amount as u32;
        self.lines.push(LedgerLine { what: what.into(), amount: amount as i32 });
    }
    /// Whether `amount` may be spent, or the balance it lacks.
    pub fn may_spend(&self, amount: u16) -> Result<(), u32> {
        if amount as u32 > self.balance() {
            return Err(self.balance());
        }
        Ok(())
    }
    /// Spends `amount`, or says the balance it lacks (the balance is never below zero).
    pub fn spend(&mut self, amount: u16, what: &str) -> Result<(), u32> {
        self.may_spend(amount)?;
        // Nothing spent (a smoke roll with no extra CPP) is no line of the ledger.
        if amount > 0 {
            self.spent += amount as u32;
            self.lines.push(LedgerLine { what: what.into(), amount: -(amount as i32) });
        }
        Ok(())
    }
}

/// A manoeuvre element as the campaign carries it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Element {
    pub me: Me,
    /// Stands at full strength (when it joined the roster, or was formed by combining):
    /// combining reads casualties against it, since breakpoints start afresh each day.
    pub full: u16,
    /// Stands when breakpoints were last reckoned (a morning, or a combining).
    pub strength: u16,
    /// End-of-scenario status, the umpire's judgement, and how many stands are in it.
    pub status: Status,
    pub pocket: u16,
    /// The status the element began the current scenario in.
    pub began: Status,
    pub ammo: Ammo,
    /// What happened since its last rating roll.
    pub record: CombatRecord,
    /// Fought in the last scenario.
    pub fought: bool,
    /// AFVs lost in the last scenario (knocked out or abandoned), for the withdrawal roll.
    pub afvs_lost_last: u16,
    /// Knocked-out vehicles awaiting repair, and abandoned ones.
    pub wrecks: u16,
    pub abandoned: u16,
    /// Repair attempts made at this repair time (one per vehicle). Under issue 28's readings
    /// only the failed ones count (a repaired vehicle has left `wrecks` or `abandoned`, so
    /// counting it too would take another vehicle's attempt); before, every attempt counted.
    pub repair_tried: u16,
    /// Of the failed attempts at this repair time, those on abandoned vehicles (issue 28's
    /// readings): the rest were on knocked-out ones.
    #[serde(default)]
    pub abandoned_failed: u16,
    /// Vehicles repaired since the element last took the field: back in its stands and
    /// vehicles, but unknown to the enemy, who last saw it at the battle's end (the repair
    /// rolls are secret), until the next battle shows it.
    #[serde(default)]
    pub repaired: u16,
    /// Left the campaign by the armour-withdrawal roll.
    pub withdrawn: bool,
    /// Absorbed by a combining, or down to no stands.
    pub eliminated: bool,
}

impl Element {
    pub fn new(me: Me) -> Element {
        Element {
            strength: me.stands,
            full: me.stands,
            me,
            status: Status::Normal,
            pocket: 0,
            began: Status::Normal,
            ammo: Ammo::Normal,
            record: CombatRecord::default(),
            fought: false,
            afvs_lost_last: 0,
            wrecks: 0,
            abandoned: 0,
            repair_tried: 0,
            abandoned_failed: 0,
            repaired: 0,
            withdrawn: false,
            eliminated: false,
        }
    }
    /// Still on the active roster.
    pub fn active(&self) -> bool {
        !self.withdrawn && !self.eliminated
    }
    /// Stands lost since breakpoints were last reckoned.
    pub fn lost(&self) -> u16 {
        self.strength.saturating_sub(self.me.stands)
    }
    /// Stands lost at which the 25, 50 and 75% breakpoints fall.
    pub fn breakpoints(&self) -> [u16; 3] {
        breakpoints(self.strength)
    }
    /// The highest breakpoint (25, 50 or 75%) its losses since they were reckoned have
    /// reached, if any.
    pub fn breakpoint_reached(&self) -> Option<u32> {
        let lost = self.lost();
        super::tables::BREAKPOINTS_PERCENT
            .iter()
            .zip(self.breakpoints())
            .filter(|&(_, at)| lost > 0 && lost >= at)
            .map(|(p, _)| *p)
            .next_back()
    }
    pub fn rating(&self) -> Rating {
        self.me.rating
    }
    /// Stands in a pocket (isolated or cut off) that may still roll to escape.
    pub fn may_escape(&self) -> bool {
        self.active() && self.pocket > 0 && super::eligibility::escape_due(self.status)
    }
    /// An armour element with knocked-out or abandoned vehicles not yet tried at this repair
    /// time (one attempt per vehicle; a withdrawn element's repaired vehicles do not return).
    /// Whether its nation repairs at all is the rules' `repair_nation_allows`.
    pub fn repair_waiting(&self) -> bool {
        self.me.class == super::tables::MeClass::Armour
            && !self.eliminated
            && self.wrecks + self.abandoned > self.repair_tried
    }
}

/// Air support bought in a refit: its flight and the day it flies (lost if unused).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flight {
    pub rg: String,
    pub aircraft: u8,
    pub day: usize,
    pub used: bool,
}

/// A fortification bought in secret: its type and place; placed at the next setup, where it
/// must be; seen by the enemy once revealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fortification {
    pub kind: String,
    pub place: String,
    pub placed: bool,
    pub revealed: bool,
}

/// Off-board artillery held of one RG row, with smoke missions and pre-registered points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battery {
    pub rg: String,
    pub stock: ObaStock,
    pub smoke_missions: u8,
    /// Smoke rolls made: one per module bought.
    pub smoke_rolls: u8,
    pub preregistered: u8,
}

impl Battery {
    /// One smoke-mission roll per module bought: whether one is left.
    pub fn smoke_roll_due(&self) -> bool {
        self.smoke_rolls < self.stock.bought
    }
}

/// One side's part of the position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideState {
    pub roster: Vec<Element>,
    pub cpp: Account,
    pub fpp: Account,
    /// This refit's CPP roll: the CPP gained, once rolled.
    pub cpp_roll: Option<u16>,
    pub refit_done: bool,
    /// RG rows had over the campaign (base force included): row ID and count.
    pub bought: Vec<(String, u8)>,
    /// Fortifications bought per chart row over the campaign.
    pub forts_bought: Vec<(String, u8)>,
    pub batteries: Vec<Battery>,
    pub flights: Vec<Flight>,
    pub forts: Vec<Fortification>,
    /// Elements that took this refit's withdrawal or rating roll.
    pub withdrawal_rolled: Vec<String>,
    pub rating_rolled: Vec<String>,
    /// RG rows bought on this campaign day (elements and FPP), against their per-day limits.
    #[serde(default)]
    pub bought_today: Vec<(String, u8)>,
    /// This refit's removal attempts: the obstacle and its place (an enemy element's ID for a
    /// wreck), as entered (one attempt per item and place).
    #[serde(default)]
    pub removals_tried: Vec<(Obstacle, String)>,
    /// Elements, artillery and air fielded in this scenario, once chosen.
    pub forces: Option<Forces>,
}

impl SideState {
    pub fn element(&self, id: &str) -> Option<&Element> {
        self.roster.iter().find(|e| e.me.id == id)
    }
    pub fn element_mut(&mut self, id: &str) -> Option<&mut Element> {
        self.roster.iter_mut().find(|e| e.me.id == id)
    }
    pub fn had(&self, rg: &str) -> u8 {
        self.bought.iter().find(|b| b.0 == rg).map_or(0, |b| b.1)
    }
    pub fn had_today(&self, rg: &str) -> u8 {
        self.bought_today.iter().find(|b| b.0 == rg).map_or(0, |b| b.1)
    }
    pub fn add_had(list: &mut Vec<(String, u8)>, key: &str, n: u8) {
        match list.iter_mut().find(|b| b.0 == key) {
            Some(b) => b.1 += n,
            None => list.push((key.to_string(), n)),
        }
    }
    pub fn battery(&self, rg: &str) -> Option<&Battery> {
        self.batteries.iter().find(|b| b.rg == rg)
    }
    /// The side's scheduled reinforcements of `day` join its roster at the start of the day,
    /// free: a line of its CPP ledger says so (their campaign count was taken at the start).
    pub fn arrive(&mut self, side: &Side, day: usize) {
        for a in side.scheduled.iter().filter(|a| a.day == day) {
            if self.element(&a.me.id).is_none() {
                self.roster.push(Element::new(a.me.clone()));
                let what = format!("{} {} arrived (scheduled), free", a.me.id, a.me.name);
                self.cpp.lines.push(LedgerLine { what, amount: 0 });
            }
        }
    }
}

/// What a side fields in one scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forces {
    pub elements: Vec<String>,
    /// OBA rows called on in this scenario.
    pub artillery: Vec<String>,
    pub aircraft: bool,
    /// Fielded elements still hidden from the enemy (deployed beyond spotting distance, not
    /// yet spotted).
    #[serde(default)]
    pub hidden: Vec<String>,
}

impl Forces {
    /// A fielded element the enemy has seen (or will see once the battle begins).
    pub fn seen(&self, id: &str) -> bool {
        self.elements.iter().any(|e| e == id) && !self.hidden.iter().any(|h| h == id)
    }
}

/// One scenario of the calendar, as played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioRecord {
    pub day: usize,
    pub slot: Slot,
    pub postures: [Posture; 2],
    /// `None`: both defended, no battle.
    pub attacker: Option<u8>,
    /// Turns the battle lasted, when fought.
    pub turns: Option<u8>,
    /// The umpire's paperwork: the MLR, exact stands, the conditions for the next refit.
    pub notes: Vec<String>,
}

/// The campaign's end, as the umpire judges it by the victory conditions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// The winning side, or `None` for a draw.
    pub winner: Option<u8>,
    pub note: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Index into the setup's days, and into that day's scenarios.
    pub day: usize,
    pub slot: usize,
    /// Scenarios begun so far, this one included (1 in the first).
    pub scenario: u32,
    pub phase: Phase,
    pub postures: [Option<Posture>; 2],
    pub revealed: bool,
    /// The attacker of this scenario, once known.
    pub attacker: Option<u8>,
    /// The last turn checked on the turn-record chart.
    pub turn_checked: u8,
    pub sides: [SideState; 2],
    /// The battle's reports of this scenario, by side and element.
    pub reports: Vec<(u8, String, Report)>,
    pub calendar: Vec<ScenarioRecord>,
    pub verdict: Option<Verdict>,
}

/// What happened to one element in the battle, entered by the umpire after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// Stands knocked out (eliminated), vehicles among them.
    pub lost: u16,
    /// Of those, AFVs knocked out (wrecks that may be repaired) and abandoned.
    pub afvs_knocked_out: u16,
    pub afvs_abandoned: u16,
    pub panicked: u16,
    pub enemy_knocked_out: u16,
    pub close_combat_wins: u16,
    pub close_combat_losses: u16,
}

impl State {
    pub fn start(setup: &Setup) -> State {
        let side = |i: usize| {
            let s = &setup.sides[i];
            // The base force and the scheduled reinforcements count against their rows'
            // campaign limits from the start (a purchase cannot take a scheduled one's place).
            let mut bought = Vec::new();
            for me in s.roster.iter().chain(s.scheduled.iter().map(|a| &a.me)) {
                if let Some(rg) = &me.rg {
                    SideState::add_had(&mut bought, rg, 1);
                }
            }
            let mut st = SideState {
                roster: s.roster.iter().cloned().map(Element::new).collect(),
                cpp: Account::opening(s.cpp),
                fpp: Account::opening(s.fpp),
                cpp_roll: None,
                refit_done: false,
                bought,
                forts_bought: Vec::new(),
                batteries: Vec::new(),
                flights: Vec::new(),
                forts: Vec::new(),
                withdrawal_rolled: Vec::new(),
                rating_rolled: Vec::new(),
                bought_today: Vec::new(),
                removals_tried: Vec::new(),
                forces: None,
            };
            st.arrive(s, 0);
            st
        };
        let a = setup.first_attacker as usize;
        let mut postures = [Some(Posture::Defend); 2];
        postures[a] = Some(Posture::Attack);
        State {
            day: 0,
            slot: 0,
            scenario: 1,
            phase: Phase::Refit,
            postures,
            revealed: true,
            attacker: None,
            turn_checked: 10,
            sides: [side(0), side(1)],
            reports: Vec::new(),
            calendar: Vec::new(),
            verdict: None,
        }
    }

    pub fn side(&self, side: u8) -> &SideState {
        &self.sides[side as usize]
    }

    pub fn slot(&self, setup: &Setup) -> Slot {
        setup.days[self.day].slots[self.slot]
    }

    /// The day's last scenario.
    pub fn last_of_day(&self, setup: &Setup) -> bool {
        self.slot + 1 == setup.days[self.day].slots.len()
    }

    /// The scenario before this one was a night attack by `side` (its CPP roll takes -5).
    pub fn attacked_at_night(&self, side: u8) -> bool {
        self.calendar.last().is_some_and(|r| r.slot == Slot::Night && r.attacker == Some(side))
    }

    /// The turn whose start the turn-record chart is read at next (from turn 11), if any is
    /// left before the last turn ends the battle anyway.
    pub fn next_turn_check(&self) -> Option<u8> {
        let t = self.turn_checked.saturating_add(1).max(11);
        (t <= super::tables::LAST_TURN).then_some(t)
    }

    /// The first scenario of the campaign (attacker and defender preset, no rating rolls).
    pub fn first_scenario(&self) -> bool {
        self.scenario == 1
    }
}

impl CombatRecord {
    /// A new scenario's results: what the rating roll reads "in the previous scenario" starts
    /// afresh; the scenarios started isolated or cut off still add up (cumulative).
    pub fn new_scenario(&mut self) {
        let (isolated, cut_off) = (self.scenarios_started_isolated, self.scenarios_started_cut_off);
        *self = CombatRecord {
            scenarios_started_isolated: isolated,
            scenarios_started_cut_off: cut_off,
            ..Default::default()
        };
    }
}
