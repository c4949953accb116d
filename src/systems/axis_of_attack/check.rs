//! A position read from outside (a seat copy: never replayed here) checked against its setup
//! before anything draws it (`System::check_view`): each roster holds at least the platoons
//! the setup bought, each platoon's teams within its bounds, every sector on the line, and
//! every platoon, aircraft and exchange a turn names one of its side's.

use super::company::{Platoon, Setup};
use super::state::{ForceList, GameOption, Sector, Side, State, TurnRecord};
use super::tables;
use crate::engine::ViewProblem;

pub fn check_view(setup: &Setup, s: &State) -> Result<(), ViewProblem> {
    if s.turn == 0 {
        return Err(ViewProblem::out_of_range("its turn", 0));
    }
    sector(s.sector)?;
    for side in Side::BOTH {
        let roster = s.roster(side);
        if roster.len() < setup.player(side).platoons.len() {
            return Err(ViewProblem::length(
                format!("{}'s roster", setup.player(side).name),
                setup.player(side).platoons.len(),
                roster.len(),
            ));
        }
        for p in roster {
            platoon(&p.platoon)?;
            if p.exchanged_for.is_some_and(|i| i as usize >= roster.len()) {
                return Err(ViewProblem::not_there(
                    format!("{}'s exchange", p.platoon.name),
                    format!("platoon {}", p.exchanged_for.map_or(0, |i| i as usize + 1)),
                    "on the roster",
                ));
            }
        }
    }
    s.turns.iter().chain(s.current()).try_for_each(|t| turn(setup, s, t))
}

fn sector(x: Sector) -> Result<(), ViewProblem> {
    if (1..=tables::SECTORS).contains(&x.number()) {
        Ok(())
    } else {
        Err(ViewProblem::not_there("it", format!("sector {}", x.number()), "on the line"))
    }
}

fn platoon(p: &Platoon) -> Result<(), ViewProblem> {
    if !p.team_counts_ok() || !(p.min_teams..=p.max_teams).contains(&p.teams) {
        return Err(ViewProblem::out_of_range(format!("{}'s teams", p.name), p.teams));
    }
    Ok(())
}

fn turn(setup: &Setup, s: &State, t: &TurnRecord) -> Result<(), ViewProblem> {
    let on_roster = |side: Side, i: u16| {
        if (i as usize) < s.roster(side).len() {
            Ok(())
        } else {
            Err(ViewProblem::not_there(
                format!("turn {}", t.turn),
                format!("platoon {} of {}", i as usize + 1, side.word()),
                "on the roster",
            ))
        }
    };
    let on_either = |i: u16| on_roster(Side::West, i).or_else(|_| on_roster(Side::East, i));
    sector(t.sector)?;
    if let Some(m) = &t.map {
        sector(m.from)?;
        sector(m.to)?;
    }
    for side in Side::BOTH {
        let k = side.index();
        if let Some(f) = &t.forces[k] {
            force(setup, side, f, &on_roster)?;
        }
        for l in t.casualties[k].iter().flatten() {
            on_roster(side, l.report.platoon)?;
        }
        for a in &t.auto[k] {
            on_roster(side, a.platoon)?;
        }
        for l in t.reinforcement[k].iter().flat_map(|r| &r.lines) {
            on_roster(side, l.platoon)?;
        }
    }
    for &i in t.result.iter().flat_map(|r| &r.recon) {
        on_either(i)?;
    }
    for &(side, i) in &t.restored {
        on_roster(side, i)?;
    }
    for e in &t.exchanges {
        on_roster(e.side, e.old)?;
        on_roster(e.side, e.new)?;
    }
    Ok(())
}

fn force(
    setup: &Setup,
    side: Side,
    f: &ForceList,
    on_roster: &dyn Fn(Side, u16) -> Result<(), ViewProblem>,
) -> Result<(), ViewProblem> {
    for p in &f.platoons {
        on_roster(side, p.platoon)?;
    }
    if let Some(a) = &f.air {
        if a.aircraft as usize >= setup.player(side).air.len() {
            return Err(ViewProblem::not_there(
                format!("{}'s force list", side.word()),
                format!("aircraft {}", a.aircraft as u32 + 1),
                "one bought",
            ));
        }
    }
    match &f.option {
        Some(GameOption::ExtraSmoke { platoons } | GameOption::PreRegistered { platoons }) => {
            platoons.iter().try_for_each(|&i| on_roster(side, i))
        }
        _ => Ok(()),
    }
}
