//! One log line per step, in the players' words. A secret step's line is read only by its own
//! side and the umpire (`seats::audience`); a posture's line, which everyone is told of, names
//! no posture.

use super::decision::Decision;
use super::eligibility::Posture;
use super::setup::{MoveOrder, Setup};
use super::state::{Phase, State};
use super::tables::{self, Ammo, Escape, Status};

fn name(setup: &Setup, side: u8) -> &str {
    setup.sides.get(side as usize).map_or("?", |s| s.name.as_str())
}

fn posture(p: Posture) -> &'static str {
    match p {
        Posture::Attack => "attack",
        Posture::Defend => "defend",
    }
}

fn status(s: Status) -> &'static str {
    match s {
        Status::Normal => "normal",
        Status::Isolated => "isolated",
        Status::CutOff => "cut off",
    }
}

fn ammo(a: Ammo) -> &'static str {
    match a {
        Ammo::Normal => "normal",
        Ammo::Short => "short",
        Ammo::Out => "out",
    }
}

fn rating_of(s: &State, side: u8, me: &str) -> String {
    s.side(side).element(me).map_or_else(|| "?".into(), |e| e.me.rating.name().to_ascii_lowercase())
}

/// Who sets up and who moves first in this scenario, by the campaign's move order, naming the
/// sides; `None` until the attacker is known (or when both defend).
pub fn order_of_play(setup: &Setup, s: &State) -> Option<String> {
    let a = s.attacker?;
    let (att, def) = (name(setup, a), name(setup, 1 - a));
    Some(match setup.move_order {
        MoveOrder::AttackerMovesSecond => format!(
            "{def}, defending, sets up first and moves first; {att}, attacking, sets up second and moves second (as the text says)."
        ),
        MoveOrder::AttackerMovesFirst => format!(
            "{def}, defending, sets up first; {att}, attacking, sets up second and moves first (the umpire's ruling)."
        ),
    })
}

pub fn describe(setup: &Setup, before: &State, d: &Decision, dice: &[u16], after: &State) -> String {
    let die = dice.first().copied().unwrap_or(0);
    let die2 = dice.get(1).copied().unwrap_or(0);
    let n = |side: &u8| name(setup, *side).to_string();
    match d {
        Decision::ChoosePosture { side, .. } => format!("{} has chosen a posture.", n(side)),
        Decision::RollCpp { side } => match after.side(*side).cpp_roll {
            Some(g) if !dice.is_empty() => {
                format!("{}: CPP roll {die}, +{g} CPP (balance {}).", n(side), after.side(*side).cpp.balance())
            }
            _ => format!("{}: no CPP today.", n(side)),
        },
        Decision::RepairArmour { side, me, abandoned, .. } => {
            let what = if *abandoned { "abandoned vehicle" } else { "knocked-out vehicle" };
            let done = after.side(*side).element(me).map(|e| e.wrecks + e.abandoned)
                < before.side(*side).element(me).map(|e| e.wrecks + e.abandoned);
            format!(
                "{}: repair of a {what} of {me}, roll {die}: {}.",
                n(side),
                if done { "repaired" } else { "no effect" }
            )
        }
        Decision::RollWithdrawal { side, me } => {
            let gone = after.side(*side).element(me).is_some_and(|e| e.withdrawn);
            format!("{}: withdrawal roll for {me}, {die}: {}.", n(side), if gone { "withdrawn" } else { "retained" })
        }
        Decision::RollRating { side, me } => format!(
            "{}: rating roll for {me}, {die:02}: {} to {}.",
            n(side),
            rating_of(before, *side, me),
            rating_of(after, *side, me)
        ),
        Decision::Combine { side, into, from } => {
            format!("{}: {from} combines into {into}, now {}.", n(side), rating_of(after, *side, into))
        }
        Decision::Reinforce { side, rg, element } => {
            let id = after.side(*side).roster.last().map_or("?", |e| e.me.id.as_str());
            format!("{}: buys reinforcement {rg}, {} ({id}).", n(side), element.name)
        }
        Decision::BuyArtillery { side, rg, count } => format!("{}: buys {count} artillery {rg}.", n(side)),
        Decision::RollSmoke { side, rg, .. } => {
            let m = after.side(*side).battery(rg).map_or(0, |b| b.smoke_missions);
            format!("{}: smoke missions for {rg}, roll {die}: {m} in hand.", n(side))
        }
        Decision::Preregister { side, rg, points } => format!("{}: {points} pre-registered points for {rg}.", n(side)),
        Decision::BuyAircraft { side, rg, .. } => {
            let a = after.side(*side).flights.last().map_or(0, |f| f.aircraft);
            format!("{}: buys air support {rg}, roll {die}: a flight of {a}.", n(side))
        }
        Decision::BuyFpp { side, rg, count } => format!("{}: buys FPP through {rg} x{count}.", n(side)),
        Decision::BuyFortification { side, kind, place } => format!("{}: {kind} at {place}.", n(side)),
        Decision::RemoveObstacle { side, obstacle, place, mods } => {
            // As `apply` reads them: each modifier once.
            let mut mods = mods.clone();
            crate::engine::order::sort_by_key(&mut mods, |m| *m as u8);
            mods.dedup();
            let what = match tables::fortification_removal(die, &mods) {
                tables::Removal::Eliminated => "eliminated",
                tables::Removal::NoEffect => "no effect",
            };
            format!("{}: removal roll against {} at {place}, {die}: {what}.", n(side), obstacle.name().to_ascii_lowercase())
        }
        Decision::Spot { side, me } => format!("{}'s {me} is spotted.", n(side)),
        Decision::EndRefit { side } => format!("{} has finished its refit.", n(side)),
        Decision::RevealPostures => {
            let p = |i: usize| before.postures[i].map_or("?", posture);
            let outcome = match (after.phase, after.attacker) {
                (_, Some(a)) => format!("{} attacks.", n(&a)),
                (Phase::RollOff, _) => "Both attack: roll off.".to_string(),
                _ => "Both defend: no battle.".to_string(),
            };
            format!("Postures: {} {}, {} {}. {outcome}", n(&0), p(0), n(&1), p(1))
        }
        Decision::RollOff => match after.attacker {
            Some(a) => format!("Roll-off {die} against {}: {} attacks.", die2, n(&a)),
            None => format!("Roll-off {die} against {die2}: a tie, roll again."),
        },
        Decision::ChooseForces { side, elements, artillery, aircraft, hidden } => {
            let mut parts = vec![elements.join(", ")];
            if !hidden.is_empty() {
                parts.push(format!("starting hidden {}", hidden.join(", ")));
            }
            if !artillery.is_empty() {
                parts.push(format!("artillery {}", artillery.join(", ")));
            }
            if *aircraft {
                parts.push("air support".into());
            }
            format!("{} fields {}.", n(side), parts.join("; "))
        }
        Decision::RollAmmo { side, me } => {
            let a = after.side(*side).element(me).map_or(Ammo::Normal, |e| e.ammo);
            format!("{} {me}: ammunition roll {die}: {}.", n(side), ammo(a))
        }
        Decision::CheckTurn { turn } => {
            if after.phase == Phase::Results {
                format!("Turn {turn}: the scenario ends.")
            } else {
                format!("Turn {turn}: roll {die}, the battle goes on.")
            }
        }
        Decision::EndBattle { turns } => format!("The battle ends after {turns} turns."),
        Decision::Result { side, me, report } => format!(
            "{} {me}: {} stands lost ({} vehicles knocked out, {} abandoned), {} panicked.",
            n(side),
            report.lost,
            report.afvs_knocked_out,
            report.afvs_abandoned,
            report.panicked
        ),
        Decision::EndResults => "Results entered.".to_string(),
        Decision::SetStatus { side, me, status: st, stands } => match st {
            Status::Normal => format!("{} {me}: normal status.", n(side)),
            st => format!("{} {me}: {stands} stands {}.", n(side), status(*st)),
        },
        Decision::RollEscape { side, me, vehicle, group, mods } => {
            let outcome = super::apply::escape_mods(setup, before, *side, me, mods)
                .map(|m| tables::escape(die, super::eligibility::escape_column(*vehicle), &m));
            let waits = after.side(*side).element(me).map(|e| e.abandoned)
                > before.side(*side).element(me).map(|e| e.abandoned);
            let what = match outcome {
                Ok(Escape::Escape) => "escapes",
                Ok(Escape::Abandon) if waits => "abandoned (it stays on the roster awaiting repair)",
                Ok(Escape::Abandon) => "abandoned",
                Ok(Escape::Eliminated) => "eliminated",
                Err(_) => "?",
            };
            let who = if *group > 1 { format!(" ({group} transport vehicles together)") } else { String::new() };
            format!("{} {me}: escape roll {die}{who}: {what}.", n(side))
        }
        Decision::SetAmmo { side, me, ammo: a } => format!("{} {me}: ammunition {}.", n(side), ammo(*a)),
        Decision::RevealFortification { side, index } => {
            let f = after.side(*side).forts.get(*index);
            format!(
                "{}'s {} at {} is placed on the map.",
                n(side),
                f.map_or("?", |f| &f.kind),
                f.map_or("?", |f| &f.place)
            )
        }
        Decision::Paperwork { note } => format!("Paperwork: {note}"),
        Decision::EndCleanup => match after.phase {
            Phase::Judge => "Cleanup done: the calendar is over.".to_string(),
            _ => {
                let day = &setup.days[after.day];
                format!("Cleanup done. Next: {}.", day.scenario_label(day.slots[after.slot]))
            }
        },
        Decision::Judge(v) => match v.winner {
            Some(w) => format!("{} wins the campaign. {}", n(&w), v.note),
            None => format!("The campaign is drawn. {}", v.note),
        },
    }
}
