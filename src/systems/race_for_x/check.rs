//! A position read from outside (a seat copy: never replayed here) checked against its setup
//! before anything draws it (`System::check_view`): each player's losses shaped as their
//! orbat (a flag per stand of every unit), every place on the route, every unit and stand a
//! battle names one of its side's. (That a battle is under way exactly in the steps of a part of
//! the turn, with what each step implies, is checked as the position is read: `stage.rs`.)

use super::orbat::{Orbat, Setup, StandRef};
use super::state::{Battle, Place, State};
use crate::engine::ViewProblem;

pub fn check_view(setup: &Setup, s: &State) -> Result<(), ViewProblem> {
    for (p, player) in s.players.iter().zip(&setup.players) {
        let units = &player.orbat.units;
        if p.lost.len() != units.len() || p.lost.iter().zip(units).any(|(l, u)| l.len() != u.stands.len()) {
            return Err(ViewProblem::shape(format!("its losses of {}", player.name), "their orbat"));
        }
        place(p.place)?;
        if p.last.is_some_and(|l| !(-5..=5).contains(&l.moved)) {
            return Err(ViewProblem::out_of_range(format!("the zones {}'s last turn moved", player.name), p.last.map_or(0, |l| l.moved)));
        }
    }
    if s.turn == 0 {
        return Err(ViewProblem::out_of_range("its turn", 0));
    }
    s.battles.iter().chain(s.current()).try_for_each(|b| battle(setup, b))
}

fn place(p: Place) -> Result<(), ViewProblem> {
    if (1..=6).contains(&p.raw()) {
        Ok(())
    } else {
        Err(ViewProblem::not_there("it", format!("place {}", p.raw()), "on the route"))
    }
}

fn battle(setup: &Setup, b: &Battle) -> Result<(), ViewProblem> {
    let orbat: &Orbat = &setup.players[b.side.index()].orbat;
    place(b.from)?;
    if let Some(to) = b.to {
        place(to)?;
    }
    for &u in &b.fielded {
        if u as usize >= orbat.units.len() {
            return Err(ViewProblem::not_there(
                format!("turn {}'s battle", b.turn),
                format!("unit {}", u as usize + 1),
                "in the orbat",
            ));
        }
    }
    let stand = |r: StandRef| {
        if orbat.stand(r).is_some() {
            Ok(())
        } else {
            Err(ViewProblem::not_there(
                format!("turn {}'s battle", b.turn),
                format!("stand {}/{}", r.unit as u32 + 1, r.stand as u32 + 1),
                "in the orbat",
            ))
        }
    };
    let killed = b.outcome.iter().flat_map(|o| o.killed.iter().copied());
    let replaced = b.replacements.iter().flat_map(|&(c, r)| std::iter::once(c).chain(r));
    killed.chain(replaced).chain(b.recovered.iter().copied()).try_for_each(stand)
}
