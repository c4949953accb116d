//! Decisions illegal in a live Battlefront: WW2 campaign, made from its position now: a step of
//! another phase, a side that is not on the table or has done that step already, an element
//! not on the roster or not eligible, a number out of range, dice that do not fit. Some start
//! from a decision the grammar draws (lawful now) and change one thing. `bfww2_random.rs`
//! offers them during random play: each must be refused with the typed error it names, and
//! leave the campaign as it was (`grammar_walk::refused`).
#![allow(dead_code)]

use super::grammar_walk::{draw, refused};
use super::rng::Rng;
use field_desk::engine::{Campaign, DecideError, DiceInput};
use field_desk::systems::bfww2_campaign::eligibility::Posture;
use field_desk::systems::bfww2_campaign::refit::{ratings_due, repair_nation_allows, repair_now, withdrawals_due};
use field_desk::systems::bfww2_campaign::tables::{rolls_for_ammo, Status, LAST_TURN};
use field_desk::systems::bfww2_campaign::Obstacle;
use field_desk::systems::bfww2_campaign::{Bfww2Campaign, Decision as D, Phase, Report, RuleError as E, State};
use serde_json::Value;
use std::collections::BTreeMap;

type C = Campaign<Bfww2Campaign>;

/// What refusing an illegal decision must give.
#[derive(Debug)]
enum Expect {
    Rule(E),
    /// Any dice error (the count or a value does not fit the step's dice).
    Dice,
}

/// An illegal decision, its kind (for the tally) and the dice offered with it.
struct Illegal {
    kind: &'static str,
    d: D,
    typed: Option<Vec<u16>>,
    expect: Expect,
}

const NOBODY: &str = "No such element";

/// Offers every illegal decision made from the position now, checks each is refused as named
/// and the campaign left as it was, and counts them by kind in `refused_by`.
pub fn offer_illegal(c: &mut C, rng: &mut Rng, refused_by: &mut BTreeMap<&'static str, usize>) {
    for x in illegal_now(c, rng) {
        let input = match x.typed.clone() {
            Some(v) => DiceInput::Typed(v),
            None => DiceInput::App(&mut *rng),
        };
        let e = refused(c, x.d.clone(), input);
        match (&x.expect, &e) {
            (Expect::Rule(want), DecideError::Rules(got)) if want == got => {}
            (Expect::Dice, DecideError::Dice(_)) => {}
            _ => panic!("{} {:?}: refused with {e:?}, not {:?} (phase {:?})", x.kind, x.d, x.expect, c.state().phase),
        }
        *refused_by.entry(x.kind).or_default() += 1;
    }
}

fn rule(kind: &'static str, d: D, e: E) -> Illegal {
    Illegal { kind, d, typed: None, expect: Expect::Rule(e) }
}

/// The illegal decisions of the position now (a few of each kind that applies).
fn illegal_now(c: &C, rng: &mut Rng) -> Vec<Illegal> {
    let s = c.state();
    let mut out = Vec::new();
    wrong_phase(s, rng, &mut out);
    done_already(s, &mut out);
    not_eligible(c, rng, &mut out);
    refused_before_the_roll(c, rng, &mut out);
    if let Some(d) = draw(c, rng, 50) {
        from_drawn(c, &d, rng, &mut out);
    }
    out
}

/// A step of another phase than the one under way.
fn wrong_phase(s: &State, rng: &mut Rng, out: &mut Vec<Illegal>) {
    let steps = [
        (Phase::Posture, D::ChoosePosture { side: rng.below(2) as u8, posture: Posture::Attack }),
        (Phase::Refit, D::RollCpp { side: rng.below(2) as u8 }),
        (Phase::Reveal, D::RevealPostures),
        (Phase::RollOff, D::RollOff),
        (Phase::Battle, D::CheckTurn { turn: 11 }),
        (Phase::Battle, D::EndBattle { turns: 12 }),
        (Phase::Results, D::EndResults),
        (Phase::Cleanup, D::EndCleanup),
        (Phase::Cleanup, D::Paperwork { note: "Out of turn".into() }),
    ];
    let others: Vec<_> = steps.into_iter().filter(|(p, _)| *p != s.phase).collect();
    let (_, d) = others[rng.below(others.len())].clone();
    out.push(rule("another phase's step", d, E::NotNow { phase: s.phase }));
}

/// A side's step that side has taken already (its posture, refit or forces), or a refit step
/// before its CPP roll.
fn done_already(s: &State, out: &mut Vec<Illegal>) {
    for side in 0..2u8 {
        let st = s.side(side);
        match s.phase {
            Phase::Posture if s.postures[side as usize].is_some() => out.push(rule(
                "a side's step taken already",
                D::ChoosePosture { side, posture: Posture::Defend },
                E::AlreadyDone,
            )),
            Phase::Refit if st.refit_done => {
                out.push(rule("a side's step taken already", D::EndRefit { side }, E::AlreadyDone))
            }
            Phase::Refit if st.cpp_roll.is_none() => {
                out.push(rule("a refit step before the CPP roll", D::EndRefit { side }, E::CppFirst))
            }
            Phase::Refit => out.push(rule("a side's step taken already", D::RollCpp { side }, E::CppRolledAlready)),
            Phase::Forces if st.forces.is_some() => out.push(rule(
                "a side's step taken already",
                D::ChooseForces { side, elements: vec![], artillery: vec![], aircraft: false, hidden: vec![] },
                E::AlreadyDone,
            )),
            _ => {}
        }
    }
}

/// An element of the roster that the step does not take now: one not hidden spotted, one that
/// did not begin cut off rolling for ammunition, one not fielded given a result, one fielded
/// twice, an inactive one given a status, withdrawal and rating rolls not due.
fn not_eligible(c: &C, rng: &mut Rng, out: &mut Vec<Illegal>) {
    let s = c.state();
    let side = rng.below(2) as u8;
    let st = s.side(side);
    let any = |rng: &mut Rng, f: &dyn Fn(&field_desk::systems::bfww2_campaign::state::Element) -> bool| {
        let ids: Vec<String> = st.roster.iter().filter(|e| f(e)).map(|e| e.me.id.clone()).collect();
        (!ids.is_empty()).then(|| ids[rng.below(ids.len())].clone())
    };
    let kind = "an element not eligible";
    let fielded = |id: &str| st.forces.as_ref().is_some_and(|f| f.elements.iter().any(|x| x == id));
    match s.phase {
        Phase::Battle => {
            let hidden = |id: &str| st.forces.as_ref().is_some_and(|f| f.hidden.iter().any(|x| x == id));
            if let Some(me) = any(rng, &|e| !hidden(&e.me.id)) {
                out.push(rule(kind, D::Spot { side, me: me.clone() }, E::NotHidden(me)));
            }
            if let Some(me) = any(rng, &|e| !rolls_for_ammo(e.began) || !e.active()) {
                out.push(rule(kind, D::RollAmmo { side, me }, E::NoAmmoRoll));
            }
        }
        Phase::Results => {
            if let Some(me) = any(rng, &|e| !fielded(&e.me.id)) {
                let report = Report::default();
                out.push(rule(kind, D::Result { side, me: me.clone(), report }, E::NotFielded(me)));
            }
        }
        Phase::Forces if st.forces.is_none() => {
            if let Some(me) = any(rng, &|e| e.active()) {
                let elements = vec![me.clone(), me.clone()];
                let d = D::ChooseForces { side, elements, artillery: vec![], aircraft: false, hidden: vec![] };
                out.push(rule(kind, d, E::NotFieldable(me)));
            }
            if let Some(me) = any(rng, &|e| !e.active()) {
                let d = D::ChooseForces {
                    side,
                    elements: vec![me.clone()],
                    artillery: vec![],
                    aircraft: false,
                    hidden: vec![],
                };
                out.push(rule(kind, d, E::NotFieldable(me)));
            }
        }
        Phase::Cleanup => {
            if let Some(me) = any(rng, &|e| !e.active()) {
                let d = D::SetStatus { side, me: me.clone(), status: Status::Isolated, stands: 1 };
                out.push(rule(kind, d, E::NotFieldable(me)));
            }
        }
        Phase::Refit if !st.refit_done && st.cpp_roll.is_some() => {
            let due = withdrawals_due(c.setup(), s, side);
            if let Some(me) = any(rng, &|e| !due.contains(&e.me.id)) {
                let e =
                    if st.withdrawal_rolled.contains(&me) { E::RolledAlready(me.clone()) } else { E::NoWithdrawalRoll };
                out.push(rule(kind, D::RollWithdrawal { side, me }, e));
            }
            let due = ratings_due(c.setup(), s, side);
            if let Some(me) = any(rng, &|e| !due.contains(&e.me.id)) {
                let e = if st.rating_rolled.contains(&me) { E::RolledAlready(me.clone()) } else { E::NoRatingRoll };
                out.push(rule(kind, D::RollRating { side, me }, e));
            }
        }
        _ => {}
    }
}

/// Issue 28's refusals, made before any roll: a repair the side's nation and date rule out, a
/// removal roll where no enemy obstacle has been revealed (issue 28's readings), a vehicle's
/// escape for an element in a pocket with no vehicle.
fn refused_before_the_roll(c: &C, rng: &mut Rng, out: &mut Vec<Illegal>) {
    let (setup, s) = (c.setup(), c.state());
    let side = rng.below(2) as u8;
    let st = s.side(side);
    let own_refit = s.phase == Phase::Refit && !st.refit_done && st.cpp_roll.is_some();
    let kind = "refused before the roll";
    if let (true, Err(why), Some(e)) = (
        repair_now(setup, s) && (own_refit || s.phase == Phase::Cleanup),
        repair_nation_allows(setup, side),
        st.roster.first(),
    ) {
        let d = D::RepairArmour { side, me: e.me.id.clone(), abandoned: false, in_minefield: false, spend_cpp: false };
        out.push(rule(kind, d, why));
    }
    if own_refit && setup.readings_v3() {
        let place = format!("Nowhere {}", rng.below(1000));
        let d = D::RemoveObstacle { side, obstacle: Obstacle::Minefield, place: place.clone(), mods: vec![] };
        out.push(rule(kind, d, E::NoObstacle { what: "Minefield".into(), place }));
    }
    if s.phase == Phase::Cleanup {
        if let Some(e) = st.roster.iter().find(|e| e.may_escape() && e.me.vehicles == 0) {
            let d = D::RollEscape { side, me: e.me.id.clone(), vehicle: true, group: 1, mods: vec![] };
            out.push(rule(kind, d, E::NoVehicle(e.me.id.clone())));
        }
    }
}

/// `d` as JSON with the field `key` of its variant set to `v`, if it has that field.
fn with_field(d: &D, key: &str, v: Value) -> Option<D> {
    let mut j = serde_json::to_value(d).unwrap();
    let inner = j.as_object_mut()?.values_mut().next()?.as_object_mut()?;
    *inner.get_mut(key)? = v;
    Some(serde_json::from_value(j).expect("still a decision"))
}

/// From a decision the grammar drew (lawful now), one thing changed: a side not on the table,
/// an element not on the roster, a number out of range, dice that do not fit.
fn from_drawn(c: &C, d: &D, rng: &mut Rng, out: &mut Vec<Illegal>) {
    let s = c.state();
    let side = 2 + rng.below(254) as u8;
    if let Some(x) = with_field(d, "side", side.into()) {
        out.push(rule("a side not on the table", x, E::UnknownSide(side)));
    }
    if let Some(x) = with_field(d, "winner", side.into()) {
        out.push(rule("a side not on the table", x, E::UnknownSide(side)));
    }
    let unknown = match d {
        D::Spot { .. } => E::NotHidden(NOBODY.into()),
        _ => E::UnknownElement(NOBODY.into()),
    };
    if let Some(x) = with_field(d, "me", NOBODY.into()) {
        out.push(rule("an element not on the roster", x, unknown));
    }
    if let D::ChooseForces { side, elements, artillery, aircraft, hidden } = d {
        let mut elements = elements.clone();
        elements.insert(rng.below(elements.len() + 1), NOBODY.into());
        let x = D::ChooseForces {
            side: *side,
            elements,
            artillery: artillery.clone(),
            aircraft: *aircraft,
            hidden: hidden.clone(),
        };
        out.push(rule("an element not on the roster", x, E::UnknownElement(NOBODY.into())));
    }
    if let Some((x, e)) = out_of_range(s, d, rng) {
        out.push(rule("a number out of range", x, e));
    }
    let typed = match c.dice_for(d) {
        None => vec![1],
        Some(spec) if rng.one_in(1, 2) => vec![1; spec.count as usize + 1],
        Some(spec) => vec![spec.die.sides() + 1; spec.count as usize],
    };
    out.push(Illegal { kind: "dice that do not fit", d: d.clone(), typed: Some(typed), expect: Expect::Dice });
}

/// `d` with one of its numbers out of range, and the error that must refuse it.
fn out_of_range(s: &State, d: &D, rng: &mut Rng) -> Option<(D, E)> {
    let stands = |side: u8, me: &str| s.side(side).element(me).map_or(0, |e| e.me.stands);
    Some(match d.clone() {
        D::Reinforce { side, rg, mut element } => {
            element.stands = 0;
            (D::Reinforce { side, rg, element }, E::BadReport)
        }
        D::BuyArtillery { side, rg, .. } => (D::BuyArtillery { side, rg, count: 0 }, E::BadCount),
        D::BuyFpp { side, rg, .. } => (D::BuyFpp { side, rg, count: 0 }, E::BadCount),
        D::Preregister { side, rg, .. } => (D::Preregister { side, rg, points: 0 }, E::BadCount),
        D::Result { side, me, mut report } => {
            report.lost = stands(side, &me) + 1;
            (D::Result { side, me, report }, E::BadReport)
        }
        D::SetStatus { side, me, .. } => {
            let stands = if rng.one_in(1, 2) { 0 } else { stands(side, &me) + 1 };
            (D::SetStatus { side, me, status: Status::CutOff, stands }, E::BadReport)
        }
        D::CheckTurn { .. } => {
            let turn = match rng.below(3) {
                0 => rng.below(11) as u8,
                // One already read, or the one before the chart starts.
                1 if s.turn_checked >= 11 => s.turn_checked,
                1 => 10,
                _ => LAST_TURN + 1 + rng.below(200) as u8,
            };
            (D::CheckTurn { turn }, E::BadTurn(turn))
        }
        D::EndBattle { .. } => (D::EndBattle { turns: 0 }, E::BadCount),
        D::RevealFortification { side, .. } => {
            let index = s.side(side).forts.len() + rng.below(3);
            (D::RevealFortification { side, index }, E::BadCount)
        }
        D::RollEscape { side, me, vehicle, mods, .. } => {
            (D::RollEscape { side, me, vehicle, group: 0, mods }, E::NoEscape)
        }
        _ => return None,
    })
}
