//! Housekeeping and refit (2.1.1), each side's own steps: the CPP roll first, then armour
//! repair, withdrawal, rating rolls, combining, and the purchases within their limits.

use super::apply::{element_of, need, side_of};
use super::calendar::Slot;
use super::charts::{preregistered_cost, FortEntry, LimitProblem, RgEntry, RgKind, PREREGISTERED_PER_MODULE};
use super::decision::{Decision, Obstacle};
use super::eligibility::{rating_roll_due, repair_due, repair_time, withdrawal_due, RepairTime};
use super::errors::RuleError;
use super::rating::Rating;
use super::roster::Me;
use super::setup::Setup;
use super::state::{Battery, Element, Flight, Fortification, Phase, SideState, State};
use super::tables::{
    self, armour_repair, armour_withdrawal, fortification_removal, missions, percentile, rating_change, Nation,
    Removal, RepairMod, Status, Withdrawal, REMOVAL_COST_FPP,
};

use super::removal::removal_key;
pub use super::removal::{destroy_wreck, removable_obstacles, removal_affordable, removal_allowed, revealed_obstacle};

/// Whether armour repair may be tried now: in the night scenario's refit, or in the cleanup
/// of the day's last scenario when the day has no night scenario.
pub fn repair_now(setup: &Setup, s: &State) -> bool {
    let Some(day) = setup.days.get(s.day) else { return false };
    match repair_time(&day.slots) {
        Some(RepairTime::NightRefit) => s.phase == Phase::Refit && s.slot(setup) == Slot::Night,
        Some(RepairTime::CleanupAfter(slot)) => s.phase == Phase::Cleanup && s.slot(setup) == slot,
        None => false,
    }
}

/// The elements of a side that must still take their withdrawal roll in this refit.
pub fn withdrawals_due(setup: &Setup, s: &State, side: u8) -> Vec<String> {
    let st = s.side(side);
    st.roster
        .iter()
        .filter(|e| e.active() && !st.withdrawal_rolled.contains(&e.me.id))
        .filter(|e| {
            withdrawal_due(setup.sides[side as usize].armour_withdrawal, e.me.armour_only(), e.status, e.afvs_lost_last)
        })
        .map(|e| e.me.id.clone())
        .collect()
}

/// The elements of a side that must still take their rating roll in this refit.
pub fn ratings_due(setup: &Setup, s: &State, side: u8) -> Vec<String> {
    let st = s.side(side);
    let slot = s.slot(setup);
    st.roster
        .iter()
        .filter(|e| e.active() && !st.rating_rolled.contains(&e.me.id))
        .filter(|e| {
            rating_roll_due(setup.rating_changes, slot, s.first_scenario(), e.fought, e.status == Status::CutOff)
        })
        .map(|e| e.me.id.clone())
        .collect()
}

/// The repair modifiers that apply.
pub fn repair_mods(nation: Nation, abandoned: bool, in_minefield: bool, spend_cpp: bool) -> Vec<RepairMod> {
    let mut mods = Vec::new();
    if spend_cpp {
        mods.push(RepairMod::CppSpent);
    }
    if in_minefield {
        mods.push(RepairMod::InMinefield);
    }
    if nation == Nation::Russian {
        mods.push(RepairMod::Russian);
    }
    if abandoned {
        mods.push(RepairMod::Abandoned);
    }
    mods
}

fn row<'a>(setup: &'a Setup, side: u8, rg: &str) -> Result<&'a RgEntry, RuleError> {
    let side = setup.sides.get(side as usize).ok_or(RuleError::UnknownSide(side))?;
    side.rg_chart.iter().find(|r| r.id == rg).ok_or_else(|| RuleError::UnknownRg(rg.to_string()))
}

fn spend_cpp(st: &mut SideState, cost: u16, what: &str) -> Result<(), RuleError> {
    st.cpp.spend(cost, what).map_err(|balance| RuleError::Balance { what: "CPP", cost, balance })
}

fn spend_fpp(st: &mut SideState, cost: u16, what: &str) -> Result<(), RuleError> {
    st.fpp.spend(cost, what).map_err(|balance| RuleError::Balance { what: "FPP", cost, balance })
}

/// A refit step may be taken: the refit phase, the side's refit not ended, its CPP rolled.
pub(super) fn in_refit(s: &State, side: u8) -> Result<(), RuleError> {
    need(s, Phase::Refit)?;
    let st = s.sides.get(side as usize).ok_or(RuleError::UnknownSide(side))?;
    if st.refit_done {
        return Err(RuleError::AlreadyDone);
    }
    if st.cpp_roll.is_none() {
        return Err(RuleError::CppFirst);
    }
    Ok(())
}

/// A purchase through a row of the RG chart: a reinforcement, artillery modules, a flight
/// with extra CPP for its roll, FPP.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purchase {
    Reinforcement,
    Artillery(u8),
    Aircraft { extra_cpp: u16 },
    Fpp(u8),
}

/// Whether `side` may make purchase `p` through row `rg` now: the checks of `Reinforce`,
/// `BuyArtillery`, `BuyAircraft` and `BuyFpp` before anything is spent or rolled, in their
/// order (the refit under way, a row of the right kind, a count of one or more, the chart's
/// limits, the CPP it costs). The grammar offers only what passes.
pub fn purchase_lawful(setup: &Setup, s: &State, side: u8, rg: &str, p: Purchase) -> Result<(), RuleError> {
    in_refit(s, side)?;
    let r = row(setup, side, rg)?;
    let kind = match p {
        Purchase::Reinforcement => r.kind == RgKind::Manoeuvre,
        Purchase::Artillery(_) => r.kind == RgKind::OffBoardArtillery,
        Purchase::Aircraft { .. } => r.kind == RgKind::Aircraft,
        Purchase::Fpp(_) => matches!(r.kind, RgKind::Fpp(_)),
    };
    if !kind {
        return Err(RuleError::WrongKind(rg.to_string()));
    }
    let st = s.side(side);
    let cost = match p {
        Purchase::Reinforcement => {
            r.may_buy(1, st.had(rg), u16::MAX)?;
            if setup.readings_v2() {
                r.may_buy_today(1, st.had_today(rg))?;
            }
            r.cost_cpp
        }
        Purchase::Artillery(count) => {
            if count == 0 {
                return Err(RuleError::BadCount);
            }
            let morning = s.slot(setup) == Slot::Morning;
            let scenarios = setup.days[s.day].slots.len() as u8;
            let mut stock = st.battery(rg).map_or(Default::default(), |b| b.stock);
            stock.buy(r, count, morning, scenarios)?;
            r.cost_cpp.saturating_mul(count as u16)
        }
        Purchase::Aircraft { extra_cpp } => {
            // Bought in a night refit, the flight flies the next day.
            let day = if s.slot(setup) == Slot::Night { s.day + 1 } else { s.day };
            r.may_buy(1, st.had(rg), u16::MAX)?;
            if setup.readings_v2() {
                // The day limit counts the flights flying that day.
                let flying = st.flights.iter().filter(|f| f.rg == rg && f.day == day).count();
                r.may_buy_today(1, flying.min(255) as u8)?;
            }
            r.cost_cpp.saturating_add(extra_cpp)
        }
        Purchase::Fpp(count) => {
            if count == 0 {
                return Err(RuleError::BadCount);
            }
            r.may_buy(count, st.had(rg), u16::MAX)?;
            if setup.readings_v2() {
                r.may_buy_today(count, st.had_today(rg))?;
            }
            r.cost_cpp.saturating_mul(count as u16)
        }
    };
    st.cpp.may_spend(cost).map_err(|balance| RuleError::Balance { what: "CPP", cost, balance })
}

/// Whether `side` may buy fortification `kind` now: the refit under way, a row of its chart,
/// its campaign limit and the FPP it costs (the checks of `BuyFortification`).
pub fn fortification_lawful<'a>(
    setup: &'a Setup,
    s: &State,
    side: u8,
    kind: &str,
) -> Result<&'a FortEntry, RuleError> {
    in_refit(s, side)?;
    let chart = &setup.sides.get(side as usize).ok_or(RuleError::UnknownSide(side))?.fort_chart;
    let f = chart.iter().find(|f| f.name == kind).ok_or_else(|| RuleError::UnknownFortification(kind.to_string()))?;
    let st = s.side(side);
    let had = st.forts_bought.iter().find(|b| b.0 == kind).map_or(0, |b| b.1);
    f.may_buy(1, had, u16::MAX)?;
    st.fpp.may_spend(f.cost_fpp).map_err(|balance| RuleError::Balance { what: "FPP", cost: f.cost_fpp, balance })?;
    Ok(f)
}

/// Whether `side` may roll for smoke missions of its battery `rg` with `extra_cpp` (the checks
/// of `RollSmoke`: a module held, one roll per module bought, the CPP).
pub fn smoke_lawful(s: &State, side: u8, rg: &str, extra_cpp: u16) -> Result<(), RuleError> {
    in_refit(s, side)?;
    let st = s.side(side);
    let b = st.battery(rg).ok_or(super::charts::LimitProblem::NoneHeld)?;
    if b.stock.held == 0 || b.smoke_rolls >= b.stock.bought {
        return Err(super::charts::LimitProblem::NoneHeld.into());
    }
    st.cpp.may_spend(extra_cpp).map_err(|balance| RuleError::Balance { what: "CPP", cost: extra_cpp, balance })
}

/// Whether `side` may pre-register `points` for its battery `rg` (the checks of `Preregister`:
/// the battery, the most per module held, the CPP).
pub fn preregister_lawful(s: &State, side: u8, rg: &str, points: u8) -> Result<(), RuleError> {
    in_refit(s, side)?;
    let st = s.side(side);
    let b = st.battery(rg).ok_or(super::charts::LimitProblem::NoneHeld)?;
    if points == 0 {
        return Err(RuleError::BadCount);
    }
    let limit = PREREGISTERED_PER_MODULE * b.stock.held;
    if b.preregistered + points > limit {
        return Err(super::charts::LimitProblem::TooManyPreregistered { limit: PREREGISTERED_PER_MODULE }.into());
    }
    let cost = preregistered_cost(points)?;
    st.cpp.may_spend(cost).map_err(|balance| RuleError::Balance { what: "CPP", cost, balance })
}

/// Whether `side`'s nation repairs armour in the campaign's month (2.1.1.2: Germans from 1939
/// to the end of 1944; Americans, British and Russians from July 1944): asked before anything
/// else of a repair, so a screen says why before any roll.
pub fn repair_nation_allows(setup: &Setup, side: u8) -> Result<(), RuleError> {
    let nation = setup.sides.get(side as usize).ok_or(RuleError::UnknownSide(side))?.nation;
    if !tables::repair_allowed(nation, setup.month) {
        return Err(RuleError::RepairNotAllowed { nation, month: setup.month });
    }
    Ok(())
}

/// Whether `side` may try to repair a knocked-out (or, `abandoned`, an abandoned) vehicle of
/// its element `me` now (the checks of `RepairArmour` but the CPP it may spend: the refit
/// under way or the cleanup, at the day's repair time, a nation that repairs that month, an
/// armour element with a vehicle of that kind waiting and not yet tried). Under issue 28's
/// readings each vehicle of each kind has its attempt (the failed ones are counted, since a
/// repaired one has left the count); before, the attempts of both kinds together were held to
/// the vehicles still waiting, so a success took another vehicle's attempt.
pub fn repair_lawful(setup: &Setup, s: &State, side: u8, me: &str, abandoned: bool) -> Result<(), RuleError> {
    if s.phase == Phase::Refit {
        in_refit(s, side)?;
    }
    if !repair_now(setup, s) {
        return Err(RuleError::NotNow { phase: s.phase });
    }
    repair_nation_allows(setup, side)?;
    let nation = setup.sides[side as usize].nation;
    let st = s.sides.get(side as usize).ok_or(RuleError::UnknownSide(side))?;
    let e = st.element(me).ok_or_else(|| RuleError::UnknownElement(me.to_string()))?;
    let waiting = if abandoned { e.abandoned } else { e.wrecks };
    let untried = if setup.readings_v3() {
        let failed = if abandoned { e.abandoned_failed } else { e.repair_tried.saturating_sub(e.abandoned_failed) };
        waiting > failed
    } else {
        e.repair_tried < e.wrecks + e.abandoned
    };
    if e.eliminated || waiting == 0 || !untried || !repair_due(e.me.class, true, nation, setup.month) {
        return Err(RuleError::NoRepair);
    }
    Ok(())
}

/// Whether element `from` may be combined into `into` (the checks of `Combine`: two active
/// elements of the side that the text lets combine).
pub fn may_combine(st: &SideState, into: &str, from: &str) -> Result<(), RuleError> {
    let a = st.element(into).ok_or_else(|| RuleError::UnknownElement(into.to_string()))?;
    let b = st.element(from).ok_or_else(|| RuleError::UnknownElement(from.to_string()))?;
    fn key(e: &Element) -> (super::tables::MeClass, &str, u16, u16) {
        (e.me.class, e.me.unit_type.as_str(), e.full, e.full.saturating_sub(e.me.stands))
    }
    if into == from || !a.active() || !b.active() || !tables::may_combine(key(a), key(b)) {
        return Err(RuleError::NoCombine);
    }
    Ok(())
}

pub fn apply(setup: &Setup, s: &mut State, d: &Decision, die: u16) -> Result<(), RuleError> {
    match d {
        Decision::RollCpp { side } => {
            need(s, Phase::Refit)?;
            let day = &setup.days[s.day];
            let night = s.attacked_at_night(*side);
            let historical = *day.drm.get(*side as usize).ok_or(RuleError::UnknownSide(*side))?;
            let st = side_of(s, *side)?;
            if st.refit_done {
                return Err(RuleError::AlreadyDone);
            }
            if st.cpp_roll.is_some() {
                return Err(RuleError::CppRolledAlready);
            }
            let gain = tables::cpp_gain(&setup.cpp_table, die, historical, night);
            st.cpp_roll = Some(gain);
            if gain > 0 {
                st.cpp.earn(gain, &format!("CPP roll, {}", day.name));
            }
        }
        Decision::RepairArmour { side, me, abandoned, in_minefield, spend_cpp: spend } => {
            repair_lawful(setup, s, *side, me, *abandoned)?;
            let nation = setup.sides[*side as usize].nation;
            if *spend {
                spend_cpp(side_of(s, *side)?, 1, &format!("Repair attempt, {me}"))?;
            }
            let mods = repair_mods(nation, *abandoned, *in_minefield, *spend);
            let e = element_of(s, *side, me)?;
            let repaired = armour_repair(die, &mods) == tables::Repair::Repaired;
            if !setup.readings_v3() {
                e.repair_tried += 1;
            } else if !repaired {
                // Only a failure uses up an attempt: a repaired vehicle leaves the count.
                e.repair_tried += 1;
                if *abandoned {
                    e.abandoned_failed += 1;
                }
            }
            if repaired {
                if *abandoned {
                    e.abandoned -= 1;
                } else {
                    e.wrecks -= 1;
                }
                // A vehicle of a withdrawn element leaves with it.
                if !e.withdrawn {
                    e.me.stands += 1;
                    e.me.vehicles += 1;
                    e.repaired += 1;
                }
            }
        }
        Decision::RollWithdrawal { side, me } => {
            in_refit(s, *side)?;
            if !withdrawals_due(setup, s, *side).contains(me) {
                element_of(s, *side, me)?;
                if s.side(*side).withdrawal_rolled.contains(me) {
                    return Err(RuleError::RolledAlready(me.clone()));
                }
                return Err(RuleError::NoWithdrawalRoll);
            }
            side_of(s, *side)?.withdrawal_rolled.push(me.clone());
            if armour_withdrawal(die) == Withdrawal::Withdraws {
                element_of(s, *side, me)?.withdrawn = true;
            }
        }
        Decision::RollRating { side, me } => {
            in_refit(s, *side)?;
            if !ratings_due(setup, s, *side).contains(me) {
                element_of(s, *side, me)?;
                if s.side(*side).rating_rolled.contains(me) {
                    return Err(RuleError::RolledAlready(me.clone()));
                }
                return Err(RuleError::NoRatingRoll);
            }
            side_of(s, *side)?.rating_rolled.push(me.clone());
            let e = element_of(s, *side, me)?;
            let (_, after) = rating_change(e.me.rating, (die / 10) % 10, die % 10, &e.record);
            debug_assert_eq!(percentile((die / 10) % 10, die % 10), die);
            e.me.rating = after;
            e.record = Default::default();
        }
        Decision::Combine { side, into, from } => {
            in_refit(s, *side)?;
            let st = side_of(s, *side)?;
            may_combine(st, into, from)?;
            let unknown = |id: &String| RuleError::UnknownElement(id.clone());
            let b = st.element(from).ok_or_else(|| unknown(from))?.clone();
            let a = st.element_mut(into).ok_or_else(|| unknown(into))?;
            // One command stand is kept; the rating is one worse than the better.
            a.me.stands = a.me.stands + b.me.stands - 1;
            // (An all-vehicle element's command stand is a vehicle.)
            a.me.vehicles = (a.me.vehicles + b.me.vehicles).min(a.me.stands);
            a.me.rating = Rating::combined(a.me.rating, b.me.rating);
            a.strength = a.me.stands;
            a.full = a.me.stands;
            a.wrecks += b.wrecks;
            a.abandoned += b.abandoned;
            if setup.readings_v3() {
                // The absorbed element's failed attempts stay made.
                a.repair_tried += b.repair_tried;
                a.abandoned_failed += b.abandoned_failed;
            }
            a.repaired = (a.repaired + b.repaired).min(a.me.vehicles);
            // The absorbed element still counts against its row's campaign total.
            st.element_mut(from).ok_or_else(|| unknown(from))?.eliminated = true;
        }
        Decision::Reinforce { side, rg, element } => {
            purchase_lawful(setup, s, *side, rg, Purchase::Reinforcement)?;
            if element.stands == 0 || element.vehicles > element.stands {
                return Err(RuleError::BadReport);
            }
            let r = row(setup, *side, rg)?;
            let st = side_of(s, *side)?;
            if setup.readings_v2() {
                SideState::add_had(&mut st.bought_today, rg, 1);
            }
            spend_cpp(st, r.cost_cpp, &format!("Reinforcement {rg}"))?;
            SideState::add_had(&mut st.bought, rg, 1);
            // Never the ID of a scheduled reinforcement still to come.
            let scheduled = &setup.sides[*side as usize];
            let mut n = st.had(rg);
            let id = loop {
                let id = format!("{rg}-{n}");
                if st.element(&id).is_none() && scheduled.arrival(&id).is_none() {
                    break id;
                }
                n += 1;
            };
            st.roster.push(Element::new(Me {
                id,
                name: element.name.clone(),
                class: element.class,
                unit_type: element.unit_type.clone(),
                stands: element.stands,
                vehicles: element.vehicles,
                rating: r.rating,
                rg: Some(rg.clone()),
            }));
        }
        Decision::BuyArtillery { side, rg, count } => {
            purchase_lawful(setup, s, *side, rg, Purchase::Artillery(*count))?;
            let r = row(setup, *side, rg)?;
            let morning = s.slot(setup) == Slot::Morning;
            let scenarios = setup.days[s.day].slots.len() as u8;
            let st = side_of(s, *side)?;
            let mut battery = st.battery(rg).cloned().unwrap_or(Battery {
                rg: rg.clone(),
                stock: Default::default(),
                smoke_missions: 0,
                smoke_rolls: 0,
                preregistered: 0,
            });
            battery.stock.buy(r, *count, morning, scenarios)?;
            spend_cpp(st, r.cost_cpp.saturating_mul(*count as u16), &format!("Artillery {rg} x{count}"))?;
            SideState::add_had(&mut st.bought, rg, *count);
            st.batteries.retain(|b| &b.rg != rg);
            st.batteries.push(battery);
        }
        Decision::RollSmoke { side, rg, extra_cpp } => {
            smoke_lawful(s, *side, rg, *extra_cpp)?;
            let st = side_of(s, *side)?;
            spend_cpp(st, *extra_cpp, &format!("Smoke missions {rg}"))?;
            let n = missions(die, *extra_cpp, None);
            let b = st.batteries.iter_mut().find(|b| &b.rg == rg).ok_or(LimitProblem::NoneHeld)?;
            b.smoke_rolls += 1;
            b.smoke_missions += n;
        }
        Decision::Preregister { side, rg, points } => {
            preregister_lawful(s, *side, rg, *points)?;
            let cost = preregistered_cost(*points)?;
            let st = side_of(s, *side)?;
            spend_cpp(st, cost, &format!("Pre-registered points {rg}"))?;
            st.batteries.iter_mut().find(|b| &b.rg == rg).ok_or(LimitProblem::NoneHeld)?.preregistered += points;
        }
        Decision::BuyAircraft { side, rg, extra_cpp } => {
            purchase_lawful(setup, s, *side, rg, Purchase::Aircraft { extra_cpp: *extra_cpp })?;
            let r = row(setup, *side, rg)?;
            // Bought in a night refit, the flight flies the next day.
            let day = if s.slot(setup) == Slot::Night { s.day + 1 } else { s.day };
            let nation = setup.sides[*side as usize].nation;
            let st = side_of(s, *side)?;
            spend_cpp(st, r.cost_cpp.saturating_add(*extra_cpp), &format!("Aircraft {rg}"))?;
            SideState::add_had(&mut st.bought, rg, 1);
            let aircraft = missions(die, *extra_cpp, Some((nation, setup.month)));
            st.flights.push(Flight { rg: rg.clone(), aircraft, day, used: false });
        }
        Decision::BuyFpp { side, rg, count } => {
            purchase_lawful(setup, s, *side, rg, Purchase::Fpp(*count))?;
            let r = row(setup, *side, rg)?;
            let RgKind::Fpp(points) = r.kind else { return Err(RuleError::WrongKind(rg.clone())) };
            let st = side_of(s, *side)?;
            if setup.readings_v2() {
                SideState::add_had(&mut st.bought_today, rg, *count);
            }
            spend_cpp(st, r.cost_cpp.saturating_mul(*count as u16), &format!("FPP {rg} x{count}"))?;
            SideState::add_had(&mut st.bought, rg, *count);
            st.fpp.earn(points.saturating_mul(*count as u16), &format!("Bought through {rg}"));
        }
        Decision::BuyFortification { side, kind, place } => {
            let f = fortification_lawful(setup, s, *side, kind)?;
            let st = side_of(s, *side)?;
            spend_fpp(st, f.cost_fpp, &format!("{kind} at {place}"))?;
            SideState::add_had(&mut st.forts_bought, kind, 1);
            st.forts.push(Fortification { kind: kind.clone(), place: place.clone(), placed: false, revealed: false });
        }
        Decision::RemoveObstacle { side, obstacle, place, mods } => {
            removal_allowed(setup, s, *side, *obstacle, place)?;
            let mut mods = mods.clone();
            crate::engine::order::sort_by_key(&mut mods, |m| *m as u8);
            mods.dedup();
            let st = side_of(s, *side)?;
            spend_fpp(st, REMOVAL_COST_FPP, &format!("Removal: {} at {place}", obstacle.name()))?;
            let eliminated = fortification_removal(die, &mods) == Removal::Eliminated;
            // A fortification is tried once; a wreck destroyed is gone, a wreck that stays has
            // had its attempt.
            if setup.readings_v2() && (*obstacle != Obstacle::Wreck || !eliminated) {
                st.removals_tried.push((*obstacle, removal_key(place)));
            }
            if eliminated && *obstacle == Obstacle::Wreck {
                // The wreck is named by the enemy element it belonged to (as seen on the
                // table): destroyed for good, it can no longer be repaired.
                let enemy = side_of(s, 1 - *side)?;
                if let Some(e) = enemy.roster.iter_mut().find(|e| e.me.id.eq_ignore_ascii_case(place.trim())) {
                    destroy_wreck(e);
                }
            } else if eliminated {
                // A known (revealed) enemy fortification of that type at that place goes.
                if let Some(i) = revealed_obstacle(s, *side, *obstacle, place) {
                    side_of(s, 1 - *side)?.forts.remove(i);
                }
            }
        }
        Decision::EndRefit { side } => {
            in_refit(s, *side)?;
            let mut pending = withdrawals_due(setup, s, *side);
            pending.extend(ratings_due(setup, s, *side));
            if !pending.is_empty() {
                return Err(RuleError::RollsPending(pending));
            }
            side_of(s, *side)?.refit_done = true;
            if s.sides.iter().all(|x| x.refit_done) {
                s.phase = Phase::Reveal;
            }
        }
        _ => unreachable!("apply.rs plays every other decision"),
    }
    Ok(())
}
