//! The scenario cycle as one pure fold: `apply` plays a decision with its dice on a position,
//! or says by a typed error why not. The refit steps are in `refit.rs`.

use super::charts::RgEntry;
use super::decision::Decision;
use super::eligibility::{self, escape_column, postures, PostureOutcome};
use super::errors::RuleError;
use super::refit;
use super::setup::{setup_check, Setup};
use super::state::{Battery, Element, Forces, Phase, ScenarioRecord, SideState, State};
use super::tables::{
    self, attack_roll_off, escape, scenario_ends, EscapeMod, MeClass, Nation, RollOff, Status, LAST_TURN,
    TURN_RECORD_DIE,
};
use crate::engine::{DiceSpec, Die};

pub fn start(setup: &Setup) -> Result<State, RuleError> {
    let problems = setup_check(setup);
    if !problems.is_empty() {
        return Err(RuleError::Setup(problems));
    }
    Ok(State::start(setup))
}

/// The dice a decision takes: the campaign's die for the tables the text leaves unnamed, two
/// d10 as a percentile for the rating roll, the d10 the turn-record chart names.
pub fn dice(setup: &Setup, s: &State, d: &Decision) -> Option<DiceSpec> {
    let one = Some(DiceSpec::one(setup.die));
    match d {
        Decision::RollCpp { side } => {
            let day = setup.days.get(s.day)?;
            let historical = *day.drm.get(*side as usize)?;
            tables::cpp_drm(historical, s.attacked_at_night(*side)).and(one)
        }
        Decision::RepairArmour { .. }
        | Decision::RollWithdrawal { .. }
        | Decision::RollSmoke { .. }
        | Decision::BuyAircraft { .. }
        | Decision::RemoveObstacle { .. }
        | Decision::RollEscape { .. }
        | Decision::RollAmmo { .. } => one,
        Decision::RollRating { .. } => Some(DiceSpec::one(Die::D100)),
        Decision::RollOff => Some(DiceSpec::pool(2, setup.die)),
        Decision::CheckTurn { turn } if *turn < LAST_TURN => Some(DiceSpec::one(TURN_RECORD_DIE)),
        _ => None,
    }
}

pub(crate) fn need(s: &State, phase: Phase) -> Result<(), RuleError> {
    if s.phase == phase {
        Ok(())
    } else {
        Err(RuleError::NotNow { phase: s.phase })
    }
}

pub(crate) fn side_of(s: &mut State, side: u8) -> Result<&mut SideState, RuleError> {
    s.sides.get_mut(side as usize).ok_or(RuleError::UnknownSide(side))
}

pub(crate) fn element_of<'a>(s: &'a mut State, side: u8, me: &str) -> Result<&'a mut Element, RuleError> {
    side_of(s, side)?.element_mut(me).ok_or_else(|| RuleError::UnknownElement(me.to_string()))
}

pub fn apply(setup: &Setup, state: &State, d: &Decision, dice: &[u16]) -> Result<State, RuleError> {
    if let Some(side) = d.named_side().filter(|&x| x > 1) {
        return Err(RuleError::UnknownSide(side));
    }
    let mut s = state.clone();
    let die = dice.first().copied().unwrap_or(0);
    match d {
        Decision::ChoosePosture { side, posture } => {
            need(&s, Phase::Posture)?;
            let slot = s.postures.get_mut(*side as usize).ok_or(RuleError::UnknownSide(*side))?;
            if slot.is_some() {
                return Err(RuleError::AlreadyDone);
            }
            *slot = Some(*posture);
            if s.postures.iter().all(Option::is_some) {
                s.phase = Phase::Refit;
            }
        }
        Decision::RevealPostures => {
            need(&s, Phase::Reveal)?;
            reveal(setup, &mut s)?;
        }
        Decision::RollOff => {
            need(&s, Phase::RollOff)?;
            let winner = match attack_roll_off(dice[0], dice[1]) {
                RollOff::FirstAttacks => Some(0),
                RollOff::SecondAttacks => Some(1),
                RollOff::Reroll => None,
            };
            if let Some(w) = winner {
                s.attacker = Some(w);
                if let Some(r) = s.calendar.last_mut() {
                    r.attacker = Some(w);
                }
                s.phase = Phase::Forces;
            }
        }
        Decision::ChooseForces { side, elements, artillery, aircraft, hidden } => {
            need(&s, Phase::Forces)?;
            for (i, h) in hidden.iter().enumerate() {
                if !elements.contains(h) {
                    return Err(RuleError::NotFielded(h.clone()));
                }
                if hidden[..i].contains(h) {
                    return Err(RuleError::NotFieldable(h.clone()));
                }
            }
            choose_forces(setup, &mut s, *side, elements, artillery, *aircraft, hidden)?;
        }
        Decision::Spot { side, me } => {
            need(&s, Phase::Battle)?;
            let f = side_of(&mut s, *side)?.forces.as_mut().ok_or_else(|| RuleError::NotHidden(me.clone()))?;
            let i = f.hidden.iter().position(|h| h == me).ok_or_else(|| RuleError::NotHidden(me.clone()))?;
            f.hidden.remove(i);
        }
        Decision::RollAmmo { side, me } => {
            need(&s, Phase::Battle)?;
            let e = element_of(&mut s, *side, me)?;
            ammo_roll_lawful(e)?;
            e.ammo = e.ammo.after_firing(die);
        }
        Decision::CheckTurn { turn } => {
            need(&s, Phase::Battle)?;
            turn_check_lawful(&s, *turn)?;
            s.turn_checked = *turn;
            if scenario_ends(*turn, die) {
                end_battle(&mut s, *turn);
            }
        }
        Decision::EndBattle { turns } => {
            need(&s, Phase::Battle)?;
            if *turns == 0 {
                return Err(RuleError::BadCount);
            }
            end_battle(&mut s, *turns);
        }
        Decision::Result { side, me, report } => {
            need(&s, Phase::Results)?;
            let fielded = s.side(*side).forces.as_ref().is_some_and(|f| f.elements.contains(me));
            let e = element_of(&mut s, *side, me)?;
            if !fielded {
                return Err(RuleError::NotFielded(me.clone()));
            }
            let afvs = report.afvs_knocked_out + report.afvs_abandoned;
            let soft = e.me.stands - e.me.vehicles;
            if report.lost > e.me.stands || afvs > report.lost || afvs > e.me.vehicles || report.lost - afvs > soft {
                return Err(RuleError::BadReport);
            }
            s.reports.retain(|r| !(r.0 == *side && &r.1 == me));
            s.reports.push((*side, me.clone(), *report));
        }
        Decision::EndResults => {
            need(&s, Phase::Results)?;
            end_results(setup, &mut s)?;
        }
        Decision::SetStatus { side, me, status, stands } => {
            need(&s, Phase::Cleanup)?;
            let e = element_of(&mut s, *side, me)?;
            if !e.active() {
                return Err(RuleError::NotFieldable(me.clone()));
            }
            if *status != Status::Normal && (*stands == 0 || *stands > e.me.stands) {
                return Err(RuleError::BadReport);
            }
            e.status = *status;
            e.pocket = if *status == Status::Normal { 0 } else { *stands };
        }
        Decision::RollEscape { side, me, vehicle, group, mods } => {
            need(&s, Phase::Cleanup)?;
            let mods = escape_mods(setup, &s, *side, me, mods)?;
            let e = element_of(&mut s, *side, me)?;
            let n = *group;
            escape_lawful(e, *vehicle, n)?;
            e.pocket -= n;
            let outcome = escape(die, escape_column(*vehicle), &mods);
            if outcome != tables::Escape::Escape {
                // Abandoned behind the enemy line or eliminated: the stands leave the fighting
                // roster. Under issue 28's readings an armour element's abandoned vehicle stays on
                // its roster awaiting repair, not deployable, until repaired or destroyed by the
                // enemy (2.1.1.3.1, 3 and 5).
                e.me.stands -= n;
                if *vehicle {
                    e.me.vehicles -= n;
                }
                if setup.readings_v3()
                    && *vehicle
                    && outcome == tables::Escape::Abandon
                    && e.me.class == MeClass::Armour
                {
                    e.abandoned += n;
                }
                e.repaired = e.repaired.min(e.me.vehicles);
                e.eliminated = e.me.stands == 0;
            }
            if e.pocket == 0 {
                e.status = Status::Normal;
            }
        }
        Decision::Paperwork { note } => {
            need(&s, Phase::Cleanup)?;
            if let Some(r) = s.calendar.last_mut() {
                r.notes.push(note.clone());
            }
        }
        Decision::SetAmmo { side, me, ammo } => {
            if !matches!(s.phase, Phase::Battle | Phase::Cleanup) {
                return Err(RuleError::NotNow { phase: s.phase });
            }
            element_of(&mut s, *side, me)?.ammo = *ammo;
        }
        Decision::RevealFortification { side, index } => {
            need(&s, Phase::Cleanup)?;
            let f = side_of(&mut s, *side)?.forts.get_mut(*index).ok_or(RuleError::BadCount)?;
            f.revealed = true;
        }
        Decision::EndCleanup => {
            need(&s, Phase::Cleanup)?;
            next_scenario(setup, &mut s);
        }
        Decision::Judge(verdict) => {
            need(&s, Phase::Judge)?;
            s.verdict = Some(verdict.clone());
            s.phase = Phase::Over;
        }
        refit_step => refit::apply(setup, &mut s, refit_step, die)?,
    }
    Ok(s)
}

/// Postures are shown: one attacker, a roll-off, or no scenario (housekeeping done already).
fn reveal(setup: &Setup, s: &mut State) -> Result<(), RuleError> {
    let p = match s.postures {
        [Some(a), Some(b)] => [a, b],
        [None, _] => return Err(RuleError::PostureMissing(0)),
        [_, None] => return Err(RuleError::PostureMissing(1)),
    };
    s.revealed = true;
    let outcome = if s.first_scenario() { PostureOutcome::Attacker(setup.first_attacker) } else { postures(p) };
    let attacker = match outcome {
        PostureOutcome::Attacker(a) => Some(a),
        _ => None,
    };
    s.attacker = attacker;
    s.calendar.push(ScenarioRecord {
        day: s.day,
        slot: s.slot(setup),
        postures: p,
        attacker,
        turns: None,
        notes: Vec::new(),
    });
    s.phase = match outcome {
        PostureOutcome::Attacker(_) => Phase::Forces,
        PostureOutcome::RollOff => Phase::RollOff,
        PostureOutcome::NoScenario => {
            for side in &mut s.sides {
                for e in &mut side.roster {
                    e.fought = false;
                    e.afvs_lost_last = 0;
                    if setup.readings_v2() {
                        e.record.new_scenario();
                    }
                }
            }
            Phase::Cleanup
        }
    };
    Ok(())
}

fn choose_forces(
    setup: &Setup,
    s: &mut State,
    side: u8,
    elements: &[String],
    artillery: &[String],
    aircraft: bool,
    hidden: &[String],
) -> Result<(), RuleError> {
    let night = s.slot(setup) == super::calendar::Slot::Night;
    let day = s.day;
    let chart = &setup.sides.get(side as usize).ok_or(RuleError::UnknownSide(side))?.rg_chart;
    let st = side_of(s, side)?;
    if st.forces.is_some() {
        return Err(RuleError::AlreadyDone);
    }
    fieldable(chart, st, elements)?;
    call_artillery(chart, &mut st.batteries, artillery)?;
    if aircraft {
        may_fly_today(st, night, day)?;
        let f = st.flights.iter_mut().find(|f| f.day == day && !f.used).ok_or(RuleError::NoAircraft)?;
        f.used = true;
    }
    st.forces =
        Some(Forces { elements: elements.to_vec(), artillery: artillery.to_vec(), aircraft, hidden: hidden.to_vec() });
    if s.sides.iter().all(|x| x.forces.is_some()) {
        begin_battle(s);
    }
    Ok(())
}

/// Whether element `e` rolls for its ammunition now, or why not: active, and it began the
/// scenario cut off. The grammar's list and `apply` both ask it.
pub(crate) fn ammo_roll_lawful(e: &Element) -> Result<(), RuleError> {
    if !tables::rolls_for_ammo(e.began) || !e.active() {
        return Err(RuleError::NoAmmoRoll);
    }
    Ok(())
}

/// Whether the turn-record chart may be read at `turn` now, or why not: from the next turn
/// not read (`State::next_turn_check`) to the last. The grammar's bounds and `apply` both ask it.
pub(crate) fn turn_check_lawful(s: &State, turn: u8) -> Result<(), RuleError> {
    match s.next_turn_check() {
        Some(least) if (least..=LAST_TURN).contains(&turn) => Ok(()),
        _ => Err(RuleError::BadTurn(turn)),
    }
}

/// Whether a side flies aircraft in this scenario, or why not: not at night, and a flight
/// held for the day not used yet. The grammar and `choose_forces` both ask it.
pub(crate) fn may_fly_today(st: &SideState, night: bool, day: usize) -> Result<(), RuleError> {
    super::charts::may_fly(night)?;
    if !st.flights.iter().any(|f| f.day == day && !f.used) {
        return Err(RuleError::NoAircraft);
    }
    Ok(())
}

/// Whether `elements` may take the field for a side: each of its roster, active, named once,
/// within its row's scenario maximum. The grammar offers only what passes.
pub(crate) fn fieldable(chart: &[RgEntry], st: &SideState, elements: &[String]) -> Result<(), RuleError> {
    for (i, id) in elements.iter().enumerate() {
        let e = st.element(id).ok_or_else(|| RuleError::UnknownElement(id.clone()))?;
        if !e.active() || elements[..i].contains(id) {
            return Err(RuleError::NotFieldable(id.clone()));
        }
    }
    // The scenario maximum counts isolated groups already on the map (which stay there, so
    // they alone never make a choice illegal).
    for row in chart {
        let of_row = |e: &&Element| e.active() && e.me.rg.as_ref() == Some(&row.id);
        let stranded = |e: &&Element| e.status != Status::Normal && e.pocket > 0;
        let on_map = st.roster.iter().filter(of_row).filter(stranded).count() as u8;
        let chosen = st.roster.iter().filter(of_row).filter(|e| !stranded(e) && elements.contains(&e.me.id)).count();
        if chosen > 0 {
            row.may_deploy(chosen as u8, on_map)?;
        }
    }
    Ok(())
}

/// Artillery called on for a scenario, one module per entry: each row's scenario maximum, a
/// module held for each, the day's limit; the modules used are counted in `batteries` (the
/// grammar asks on a copy).
pub(crate) fn call_artillery(
    chart: &[RgEntry],
    batteries: &mut [Battery],
    artillery: &[String],
) -> Result<(), RuleError> {
    let mut rows: Vec<&String> = artillery.iter().collect();
    rows.dedup();
    for rg in rows {
        let row = chart.iter().find(|r| &r.id == rg).ok_or_else(|| RuleError::UnknownRg(rg.clone()))?;
        let n = artillery.iter().filter(|a| *a == rg).count() as u8;
        row.may_deploy(n, 0)?;
        let b = batteries.iter_mut().find(|b| &b.rg == rg).ok_or(super::charts::LimitProblem::NoneHeld)?;
        // A module already fired today fires again without counting again.
        while b.stock.used_today < n {
            b.stock.use_module(row)?;
        }
    }
    Ok(())
}

/// The scenario begins: each element's starting status, ammunition recovered in normal
/// status, isolation counted for the rating roll, bought fortifications placed.
fn begin_battle(s: &mut State) {
    for side in &mut s.sides {
        for e in &mut side.roster {
            // What takes the field is seen as it is, repaired vehicles included.
            e.repaired = 0;
        }
        for e in side.roster.iter_mut().filter(|e| e.active()) {
            e.began = if e.pocket > 0 { e.status } else { Status::Normal };
            e.ammo = tables::ammo_at_start(e.ammo, e.began);
            match e.began {
                Status::Isolated => e.record.scenarios_started_isolated += 1,
                Status::CutOff => e.record.scenarios_started_cut_off += 1,
                Status::Normal => {}
            }
        }
        for f in &mut side.forts {
            f.placed = true;
        }
    }
    s.phase = Phase::Battle;
}

fn end_battle(s: &mut State, turns: u8) {
    if let Some(r) = s.calendar.last_mut() {
        r.turns = Some(turns);
    }
    s.phase = Phase::Results;
}

/// Every fielded element's result is applied: knocked-out stands and vehicles leave the
/// roster (wrecks await repair), panicked stands return, the rating record is this scenario's
/// (under the first readings, it grew until the next rating roll).
fn end_results(setup: &Setup, s: &mut State) -> Result<(), RuleError> {
    let mut missing = Vec::new();
    for (i, side) in s.sides.iter().enumerate() {
        for id in side.forces.iter().flat_map(|f| f.elements.iter()) {
            if !s.reports.iter().any(|r| r.0 as usize == i && &r.1 == id) {
                missing.push(id.clone());
            }
        }
    }
    if !missing.is_empty() {
        return Err(RuleError::ResultsMissing(missing));
    }
    for side in &mut s.sides {
        for e in &mut side.roster {
            e.fought = false;
            e.afvs_lost_last = 0;
            // The rating roll reads "the previous scenario": this one, from now on.
            if setup.readings_v2() {
                e.record.new_scenario();
            }
        }
    }
    for (side, id, r) in s.reports.clone() {
        let e = element_of(s, side, &id)?;
        let afvs = r.afvs_knocked_out + r.afvs_abandoned;
        e.record.stands = e.me.stands;
        e.record.lost = r.lost;
        e.record.panicked += r.panicked;
        e.record.enemy_knocked_out += r.enemy_knocked_out;
        e.record.close_combat_wins += r.close_combat_wins;
        e.record.close_combat_losses += r.close_combat_losses;
        e.me.stands -= r.lost;
        e.me.vehicles -= afvs;
        e.wrecks += r.afvs_knocked_out;
        e.abandoned += r.afvs_abandoned;
        e.fought = true;
        e.afvs_lost_last = afvs;
        e.pocket = e.pocket.min(e.me.stands);
        e.eliminated = e.me.stands == 0;
    }
    s.phase = Phase::Cleanup;
    Ok(())
}

/// Whether element `e` may roll to escape with `group` of its stands (`vehicle`: of its
/// vehicles) now (the checks of `RollEscape` on the element: still in a pocket, with that many
/// of the kind; one roll per stand or vehicle, but a group of transport vehicles escapes on
/// one roll).
pub fn escape_lawful(e: &Element, vehicle: bool, group: u16) -> Result<(), RuleError> {
    let n = group;
    let has = if vehicle { e.me.vehicles >= n } else { e.me.stands - e.me.vehicles >= n };
    let lawful = n == 1 || (vehicle && e.me.class == MeClass::Transport && eligibility::escape_as_group(n as usize));
    if !eligibility::escape_due(e.status) || n == 0 || e.pocket == 0 || !e.active() {
        return Err(RuleError::NoEscape);
    }
    if vehicle && e.me.vehicles == 0 {
        // In a pocket, but with no vehicle: said as such, not as no pocket.
        return Err(RuleError::NoVehicle(e.me.id.clone()));
    }
    if e.pocket < n || !has || !lawful {
        return Err(RuleError::NoEscape);
    }
    Ok(())
}

/// The escape modifiers: the judged ones as given, the rest read from the position.
pub(crate) fn escape_mods(
    setup: &Setup,
    s: &State,
    side: u8,
    me: &str,
    judged: &[EscapeMod],
) -> Result<Vec<EscapeMod>, RuleError> {
    let e = s.sides.get(side as usize).ok_or(RuleError::UnknownSide(side))?;
    let e = e.element(me).ok_or_else(|| RuleError::UnknownElement(me.to_string()))?;
    let mut mods: Vec<EscapeMod> = judged
        .iter()
        .copied()
        .filter(|m| {
            matches!(m, EscapeMod::UnarmouredVehicle | EscapeMod::NearFriendlyLines | EscapeMod::FullyTrackedAfv)
        })
        .collect();
    mods.dedup();
    let day = &setup.days[s.day];
    if s.slot(setup) == super::calendar::Slot::Morning && day.slots.len() > 1 {
        mods.push(EscapeMod::PreviousHalfDayMorning);
    }
    if e.status == Status::CutOff {
        mods.push(EscapeMod::CutOff);
    }
    if setup.sides[side as usize].nation == Nation::Russian {
        mods.push(EscapeMod::Russian);
    }
    Ok(mods)
}

/// The cycle moves on: the next scenario of the day, or the next day (artillery used today
/// leaves, unused aircraft are lost, breakpoints are reckoned afresh), or the umpire's verdict.
fn next_scenario(setup: &Setup, s: &mut State) {
    let end_of_day = s.last_of_day(setup);
    for side in &mut s.sides {
        side.cpp_roll = None;
        side.refit_done = false;
        side.forces = None;
        side.withdrawal_rolled.clear();
        side.rating_rolled.clear();
        side.removals_tried.clear();
        for e in &mut side.roster {
            e.repair_tried = 0;
            e.abandoned_failed = 0;
        }
        if end_of_day {
            for b in &mut side.batteries {
                b.stock.end_day();
                b.preregistered = 0;
            }
            let today = s.day;
            side.flights.retain(|f| f.day > today);
            side.bought_today.clear();
        }
    }
    s.reports.clear();
    s.postures = [None, None];
    s.revealed = false;
    s.attacker = None;
    s.turn_checked = 10;
    if end_of_day {
        s.day += 1;
        s.slot = 0;
        for side in &mut s.sides {
            for e in side
                .roster
                .iter_mut()
                .filter(|e| eligibility::breakpoints_recomputed(super::calendar::Slot::Morning, e.status))
            {
                e.strength = e.me.stands;
            }
        }
        // The new day's scheduled reinforcements join, before its first posture and refit.
        if s.day < setup.days.len() {
            for (side, st) in setup.sides.iter().zip(&mut s.sides) {
                st.arrive(side, s.day);
            }
        }
    } else {
        s.slot += 1;
    }
    if s.day >= setup.days.len() {
        s.phase = Phase::Judge;
    } else {
        s.scenario += 1;
        s.phase = Phase::Posture;
    }
}
