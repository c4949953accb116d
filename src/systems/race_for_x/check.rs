//! A position read from outside (a seat copy: never replayed here) checked against its setup
//! before anything draws it (`System::check_view`): each player's losses shaped as their
//! orbat (a flag per stand of every unit), every place on the route, every unit and stand a
//! battle names one of its side's. (That a battle is under way exactly in the steps of a part of
//! the turn, with what each step implies, is checked as the position is read: `stage.rs`.)

use super::orbat::{Orbat, Setup, StandRef};
use super::state::{Battle, Place, State};

pub fn check_view(setup: &Setup, s: &State) -> Result<(), String> {
    for (p, player) in s.players.iter().zip(&setup.players) {
        let units = &player.orbat.units;
        if p.lost.len() != units.len() || p.lost.iter().zip(units).any(|(l, u)| l.len() != u.stands.len()) {
            return Err(format!("its losses of {} are not shaped as their orbat", player.name));
        }
        place(p.place)?;
        if p.last.is_some_and(|l| !(-5..=5).contains(&l.moved)) {
            return Err(format!("{}'s last turn moved more zones than the route has", player.name));
        }
    }
    if s.turn == 0 {
        return Err("its turn is 0".into());
    }
    s.battles.iter().chain(s.current()).try_for_each(|b| battle(setup, b))
}

fn place(p: Place) -> Result<(), String> {
    if (1..=6).contains(&p.raw()) {
        Ok(())
    } else {
        Err(format!("it names a place ({}) not on the route", p.raw()))
    }
}

fn battle(setup: &Setup, b: &Battle) -> Result<(), String> {
    let orbat: &Orbat = &setup.players[b.side.index()].orbat;
    place(b.from)?;
    if let Some(to) = b.to {
        place(to)?;
    }
    for &u in &b.fielded {
        if u as usize >= orbat.units.len() {
            return Err(format!("turn {}'s battle fields unit {}, not in the orbat", b.turn, u as usize + 1));
        }
    }
    let stand = |r: StandRef| {
        if orbat.stand(r).is_some() {
            Ok(())
        } else {
            Err(format!(
                "turn {}'s battle names stand {}/{}, not in the orbat",
                b.turn,
                r.unit as u32 + 1,
                r.stand as u32 + 1
            ))
        }
    };
    let killed = b.outcome.iter().flat_map(|o| o.killed.iter().copied());
    let replaced = b.replacements.iter().flat_map(|&(c, r)| std::iter::once(c).chain(r));
    killed.chain(replaced).chain(b.recovered.iter().copied()).try_for_each(stand)
}
