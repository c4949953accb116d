//! Decisions illegal in a live Rapier Offensive game, made from its position now: another
//! phase's step, the defender's movers rolled twice, a unit moved twice, a unit or counter the
//! game does not hold in a move the grammar drew, dice that do not fit. `rapier_random.rs`
//! offers them during random play: each must be refused with the typed error it names and leave
//! the game as it was (`grammar_walk::refused`).
#![allow(dead_code)]

use super::grammar_walk::{draw, refused};
use super::rng::Rng;
use field_desk::engine::{Campaign, DecideError, DiceInput};
use field_desk::systems::rapier_offensive::state::{Place, UnitRef};
use field_desk::systems::rapier_offensive::{Decision as D, Phase, RapierOffensive, RuleError as E};
use std::collections::BTreeMap;

type C = Campaign<RapierOffensive>;

/// An illegal decision offered: its kind, the decision, dice typed for it (else the app's), the
/// error it must be refused with (`None`: any dice error).
type Offer = (&'static str, D, Option<Vec<u16>>, Option<E>);

/// Offers the illegal decisions of the position now, checks each is refused with the error
/// named (any dice error for dice) and the game left as it was, and counts them by kind.
pub fn offer_illegal(c: &mut C, rng: &mut Rng, refused_by: &mut BTreeMap<&'static str, usize>) {
    let s = c.state().clone();
    let mut offers: Vec<Offer> = Vec::new();
    // Another phase's step.
    let steps = [
        (Phase::Recon, D::RollRecon),
        (Phase::Bombardment, D::EndBombardment),
        (Phase::RandomEvent, D::RollEvent),
        (Phase::AttackerMovement, D::EndMovement),
        (Phase::DefenderMovement, D::EndDefenderMovement),
        (Phase::OnCallBombardment, D::EndOnCall),
        (Phase::GroundCombat, D::CombatRoll),
        (Phase::ClearMinefields, D::ClearMinefields),
    ];
    let others: Vec<_> = steps.into_iter().filter(|(p, _)| *p != s.phase).collect();
    let (_, d) = others[rng.below(others.len())].clone();
    offers.push(("another phase's step", d, None, Some(E::NotNow { phase: s.phase })));
    // The defender's movers rolled twice; a unit moved twice.
    if s.phase == Phase::DefenderMovement && s.defender_movers.is_some() {
        offers.push(("a step taken already", D::RollDefenderMovers, None, Some(E::MoversRolled)));
    }
    if s.phase == Phase::AttackerMovement {
        let moved: Vec<_> = s.units.iter().filter(|u| u.moved && matches!(u.place, Place::On(_))).collect();
        if !moved.is_empty() {
            let u = moved[rng.below(moved.len())];
            let Place::On(at) = u.place else { unreachable!() };
            let d = D::Move { unit: u.origin, path: vec![at], exit: false };
            offers.push(("a step taken already", d, None, Some(E::AlreadyMoved(u.origin))));
        }
    }
    // From a decision the grammar draws (lawful now): one thing changed.
    if let Some(d) = draw(c, rng, 50) {
        match &d {
            D::Move { path, exit, .. } => {
                let unit = UnitRef { division: 9, unit: 999 };
                let x = D::Move { unit, path: path.clone(), exit: *exit };
                offers.push(("a unit or counter not in the game", x, None, Some(E::UnknownUnit(unit))));
            }
            D::DefenderMove { path, .. } => {
                let counter = (s.counters.len() + rng.below(5)) as u16;
                let x = D::DefenderMove { counter, path: path.clone() };
                offers.push(("a unit or counter not in the game", x, None, Some(E::UnknownCounter(counter))));
            }
            _ => {}
        }
        let typed = match c.dice_for(&d) {
            None => vec![1],
            Some(spec) if rng.one_in(1, 2) => vec![1; spec.count as usize + 1],
            Some(spec) => vec![spec.die.sides() + 1; spec.count as usize],
        };
        offers.push(("dice that do not fit", d, Some(typed), None));
    }
    for (kind, d, typed, want) in offers {
        let input = match typed {
            Some(v) => DiceInput::Typed(v),
            None => DiceInput::App(&mut *rng),
        };
        let e = refused(c, d.clone(), input);
        match (&want, &e) {
            (Some(w), DecideError::Rules(got)) if w == got => {}
            (None, DecideError::Dice(_)) => {}
            _ => panic!("{kind} {d:?}: refused with {e:?}, not {want:?} (phase {:?})", s.phase),
        }
        *refused_by.entry(kind).or_default() += 1;
    }
}
