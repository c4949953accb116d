//! A position read from outside (a seat copy: never replayed here) checked against its setup
//! before anything draws it (`System::check_view`): each player's losses shaped as their
//! orbat (a flag per stand of every unit), every place on the route, every unit and stand a
//! battle names one of its side's, and a battle under way in each step of the turn but the first.

use super::orbat::{Orbat, Setup, StandRef};
use super::state::{Battle, Phase, Place, State};

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
    for b in s.battles.iter().chain(&s.current) {
        battle(setup, b)?;
    }
    match (s.phase, &s.current) {
        (Phase::ChooseActions, Some(_)) => Err("a battle is under way while the players choose their actions".into()),
        (Phase::ChooseActions | Phase::Finished, None) | (_, Some(_)) => Ok(()),
        (phase, None) => Err(format!("it is at \"{}\" with no battle under way", phase.name())),
    }
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
