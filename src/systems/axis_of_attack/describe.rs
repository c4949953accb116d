//! Log lines in the players' words. A force list is never shown before both are in.

use super::company::Setup;
use super::rules::{exchange_leftover, platoon_name, player_name, Decision};
use super::state::{ForceList, KeepMobile, MapMove, MissionSelection, Outcome, Phase, Side, State, TurnRecord};
use super::tables::{self, MissionResult};

fn signed(v: i32) -> String {
    if v >= 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

fn plural(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The record of the turn `before` was in, as it stands after the decision.
fn record<'a>(before: &State, after: &'a State) -> Option<&'a TurnRecord> {
    match after.current() {
        Some(t) if t.turn == before.turn => Some(t),
        _ => after.turns.iter().rev().find(|t| t.turn == before.turn),
    }
}

/// The mission roll of the turn `before` was in, as it stands after the decision (still the
/// step's while the defender may shift it).
fn selection<'a>(before: &State, after: &'a State) -> Option<&'a MissionSelection> {
    match after.current() {
        Some(t) if t.turn == before.turn => after.selection(),
        _ => record(before, after).and_then(|t| t.selection.as_ref()),
    }
}

fn lower(s: &str) -> String {
    s.to_ascii_lowercase()
}

fn force_summary(setup: &Setup, state: &State, side: Side, f: &ForceList) -> String {
    let mut parts = vec![format!("{} points", f.points)];
    if f.vp_for_points > 0 {
        parts.push(format!(
            "{} for +{} points",
            plural(f.vp_for_points, "VP", "VP"),
            tables::POINTS_PER_VP * f.vp_for_points as u32
        ));
    }
    let platoons: Vec<String> = f
        .platoons
        .iter()
        .map(|x| {
            let carried = if x.transported { ", carried" } else { "" };
            format!("{} ({} teams{carried})", platoon_name(state, side, x.platoon), x.teams)
        })
        .collect();
    parts.push(platoons.join(", "));
    if let Some(a) = &f.air {
        let plane = setup.player(side).air.get(a.aircraft as usize).map_or("aircraft", |x| x.name.as_str());
        let load = a.load.map_or(String::new(), |l| format!(" carrying {}", l.name()));
        parts.push(format!("{plane} flying {}{load}", a.profile.name()));
    }
    if let Some(o) = &f.option {
        let row = tables::option_row(o.kind());
        let what = match o {
            super::state::GameOption::ExtraSmoke { platoons }
            | super::state::GameOption::PreRegistered { platoons } => {
                let names: Vec<String> = platoons.iter().map(|&i| platoon_name(state, side, i)).collect();
                format!("{} for {}", row.name, names.join(", "))
            }
            super::state::GameOption::BattalionArtillery { shoots } => format!("{} x{shoots}", row.name),
            _ => row.name.to_string(),
        };
        parts.push(format!("{what} ({} VP)", o.cost()));
    }
    format!("{}: {}", player_name(setup, side), parts.join("; "))
}

fn map_line(setup: &Setup, t: &TurnRecord, phase: Phase) -> String {
    if phase == Phase::Breakthrough {
        let w = t.winner().map_or(String::new(), |w| player_name(setup, w));
        return format!("Breakthrough: {w} may push on one or two sectors.");
    }
    let Some(MapMove { result, from, to }) = &t.map else { return String::new() };
    match result {
        _ if from == to => match result {
            MissionResult::Hold => format!("Hold: the next game is fought in {} again.", from.name()),
            _ => format!("{}: the line cannot move past {}, so the fighting stays there.", result.name(), from.name()),
        },
        MissionResult::Retreat => format!("Retreat: the attacker falls back, and the fighting moves to {}.", to.name()),
        _ => format!("{}: the fighting moves to {}.", result.name(), to.name()),
    }
}

fn outcome_line(setup: &Setup, o: Outcome, sector: super::state::Sector, turn: u32) -> String {
    match o {
        Outcome::Victory(s) => format!(
            "{} has won a game as attacker in the enemy's home sector and wins the campaign in turn {turn}!",
            player_name(setup, s)
        ),
        Outcome::MinorVictory(s) => format!(
            "After {} turns the fighting is in {}, on or beside the enemy's home: a minor victory for {}.",
            tables::TURNS,
            sector.name(),
            player_name(setup, s)
        ),
        Outcome::Stalemate => format!(
            "After {} turns the fighting is in {}, far from either home sector: the campaign is a stalemate.",
            tables::TURNS,
            sector.name()
        ),
    }
}

pub fn describe(setup: &Setup, before: &State, decision: &Decision, dice: &[u16], after: &State) -> String {
    let name = |s: Side| player_name(setup, s);
    let t = record(before, after);
    let mut line = match decision {
        Decision::RollMission => match t.zip(selection(before, after)) {
            Some((t, sel)) => {
                let each = |s: Side| {
                    let i = s.index();
                    let m = sel.rolled[i] - sel.dice[i] as i32;
                    if m == 0 {
                        format!("{} rolled {}", name(s), sel.dice[i])
                    } else {
                        format!("{} rolled {} {} = {}", name(s), sel.dice[i], signed(m), sel.rolled[i])
                    }
                };
                let mut l = format!("Turn {}, mission rolls: {}; {}.", before.turn, each(Side::West), each(Side::East));
                if after.phase() == Phase::MissionAdjust {
                    let by = sel.adjuster.map_or(String::new(), &name);
                    l.push_str(&format!(" {by} held as defender last game and may move the higher total by 1."));
                } else {
                    let who = match (t.rolled_mission.fair_fight(), sel.high) {
                        (true, _) => "both attack".to_string(),
                        (false, Some(h)) => format!("{} attacks", name(h)),
                        (false, None) => "the totals are level, so the mission's own rules say who attacks".to_string(),
                    };
                    l.push_str(&format!(" {} picks {}: {who}.", sel.best(), t.rolled_mission.name()));
                }
                l
            }
            None => "Mission rolled.".to_string(),
        },
        Decision::AdjustMission { target, delta } => {
            let by = selection(before, after).and_then(|x| x.adjuster).map_or(String::new(), &name);
            let mission = t.map_or("", |t| t.rolled_mission.name());
            if *delta == 0 {
                format!("{by} leaves the totals as they are: {mission}.")
            } else {
                let total = selection(before, after).map_or(0, |x| x.totals[target.index()]);
                let how = if *delta > 0 { "adds 1 to" } else { "takes 1 off" };
                format!("{by} {how} {}'s total, now {total}: {mission}.", name(*target))
            }
        }
        Decision::ChangeMission { side, to } => match (to, t.and_then(|t| t.change.as_ref())) {
            (Some(_), Some(c)) => format!(
                "{} spends {} VP to turn {} into {}.",
                name(*side),
                tables::MISSION_CHANGE_COST,
                c.from.name(),
                c.to.name()
            ),
            _ => format!("{} lets the mission stand.", name(*side)),
        },
        Decision::SetAttacker { side } => {
            format!("The totals were level, so the mission's own rules settle it: {} attacks.", name(*side))
        }
        Decision::ChooseArea { area, shift } => {
            let chooser = t.and_then(|t| t.area.as_ref()).and_then(|a| a.chooser);
            let area = area.trim();
            let what = if area.is_empty() { String::new() } else { format!(": {area}") };
            let mut l = match chooser {
                Some(c) => format!("{} chooses the table area{what}.", name(c)),
                None => format!("Table area agreed{what}."),
            };
            if let (Some(c), true) = (chooser, *shift > 0) {
                l.push_str(&format!(
                    " {} pays {} VP to shift it {}.",
                    name(c.other()),
                    *shift as i32 * tables::AREA_SHIFT_COST,
                    plural(*shift, "square", "squares")
                ));
            }
            l
        }
        Decision::SubmitForce { side, .. } => match t {
            Some(t) if t.revealed => {
                let lists: Vec<String> = Side::BOTH
                    .into_iter()
                    .filter_map(|s| t.force(s).map(|f| force_summary(setup, after, s, f)))
                    .collect();
                format!("{} hands in a force list. Both lists are in. {}.", name(*side), lists.join(". "))
            }
            _ => format!("{} hands in a force list (kept hidden until both are in).", name(*side)),
        },
        Decision::RollWeather => match t.and_then(|t| t.weather.as_ref()) {
            Some(w) => {
                let ground = if w.mud == w.mud_before {
                    format!("the ground stays {}", lower(w.mud.name()))
                } else {
                    format!("the ground goes from {} to {}", lower(w.mud_before.name()), lower(w.mud.name()))
                };
                format!(
                    "Weather: rolled {} after {}: {}; {ground}. {}",
                    w.die,
                    lower(w.last.name()),
                    lower(w.weather.name()),
                    w.weather.air().text()
                )
            }
            None => format!("Weather rolled ({}).", dice.first().copied().unwrap_or(0)),
        },
        Decision::Note { text } => format!("Note: {}", text.trim()),
        Decision::Concede { side } => {
            let mut l = format!(
                "{} concedes the game without fighting: {} wins {}-{}.",
                name(*side),
                name(side.other()),
                tables::CONCESSION_VP.0,
                tables::CONCESSION_VP.1
            );
            if let Some(t) = t {
                if t.recon_bonus > 0 {
                    l.push_str(&format!(
                        " {} claims {} for the next mission roll.",
                        name(side.other()),
                        plural(t.recon_bonus, "recon platoon", "recon platoons")
                    ));
                }
                let m = map_line(setup, t, after.phase());
                if !m.is_empty() {
                    l.push(' ');
                    l.push_str(&m);
                }
            }
            l
        }
        Decision::RecordResult(r) => {
            let mut l = match r.winner {
                Some(w) => format!(
                    "{} wins the {} {}-{}.",
                    name(w),
                    t.map_or("game", |t| t.mission.name()),
                    r.vp[w.index()],
                    r.vp[w.other().index()]
                ),
                None => format!("The game ends with no winner, {}-{}.", r.vp[0], r.vp[1]),
            };
            if let Some(t) = t {
                for s in Side::BOTH {
                    let b = t.bonus[s.index()];
                    if b > 0 {
                        let pts = |x: Side| t.forces[x.index()].as_ref().map_or(0, |f| f.points);
                        l.push_str(&format!(
                            " {} fielded {} points against {} and earns {} VP for being outnumbered.",
                            name(s),
                            pts(s),
                            pts(s.other()),
                            b
                        ));
                    }
                }
                if let Some(w) = r.winner.filter(|_| !r.recon.is_empty()) {
                    let names: Vec<String> = r.recon.iter().map(|&i| platoon_name(after, w, i)).collect();
                    l.push_str(&format!(" Recon in the enemy half at the end: {}.", names.join(", ")));
                }
                let m = map_line(setup, t, after.phase());
                if !m.is_empty() {
                    l.push(' ');
                    l.push_str(&m);
                }
            }
            l
        }
        Decision::MoveCampaign { sectors } => {
            let w = t.and_then(TurnRecord::winner).map_or(String::new(), &name);
            let to = t.and_then(|t| t.map.as_ref()).map_or(String::new(), |m| m.to.name());
            if *sectors == 2 {
                format!("{w} breaks through two sectors, to {to}. In the next game every platoon that player fields must be mobile or carried.")
            } else {
                format!("{w} pushes on one sector, to {to}.")
            }
        }
        Decision::RecordCasualties { side, .. } => {
            let lines = t.and_then(|t| t.casualties[side.index()].as_ref());
            match lines {
                Some(lines) => {
                    let parts: Vec<String> = lines
                        .iter()
                        .map(|c| {
                            let n = platoon_name(after, *side, c.report.platoon);
                            let change = if c.before == c.after {
                                format!("stays {}", lower(c.after.name()))
                            } else {
                                format!("{} to {}", lower(c.before.name()), lower(c.after.name()))
                            };
                            let imm = match c.report.keep_mobile {
                                Some(KeepMobile::Lower(l)) => format!(
                                    ", rates {} but lowered to {} to stay mobile",
                                    lower(c.rated.name()),
                                    lower(l.name())
                                ),
                                Some(KeepMobile::Strip(from)) => format!(
                                    ", kept mobile with vehicles stripped from {}, now immobile",
                                    platoon_name(after, *side, from)
                                ),
                                None if c.immobile => ", immobile".to_string(),
                                None => String::new(),
                            };
                            format!("{n} {change} ({} counted{imm})", plural(c.counted, "team", "teams"))
                        })
                        .collect();
                    format!("{} counts the losses: {}.", name(*side), parts.join("; "))
                }
                None => format!("{} counts the losses.", name(*side)),
            }
        }
        Decision::Reinforce { side, vp, .. } => {
            let i = side.index();
            let mut l = String::new();
            if let Some(t) = t {
                if !t.auto[i].is_empty() && !t.topped_up[i] {
                    let auto: Vec<String> = t.auto[i]
                        .iter()
                        .map(|a| format!("{} to {}", platoon_name(after, *side, a.platoon), lower(a.to.name())))
                        .collect();
                    let used: u16 = t.auto[i].iter().map(|a| a.dice).sum();
                    l.push_str(&format!(
                        "{} keeps two combat platoons in the field: {} (using {}). ",
                        name(*side),
                        auto.join(", "),
                        plural(used, "reinforcement die", "reinforcement dice")
                    ));
                }
            }
            let bought =
                if *vp > 0 { format!(", {} bought with VP", plural(*vp, "die", "dice")) } else { String::new() };
            match t.and_then(|t| t.reinforcement[i].as_ref()) {
                Some(r) if !r.lines.is_empty() => {
                    let parts: Vec<String> = r
                        .lines
                        .iter()
                        .map(|x| {
                            let rolled: Vec<String> = x.dice.iter().map(|d| d.to_string()).collect();
                            let what = if x.to != x.from {
                                format!("up to {}", lower(x.to.name()))
                            } else {
                                format!("stays {}", lower(x.from.name()))
                            };
                            format!(
                                "{} rolled {} needing {}+: {what}",
                                platoon_name(after, *side, x.platoon),
                                rolled.join(" "),
                                x.needs
                            )
                        })
                        .collect();
                    l.push_str(&format!("{} reinforces{bought}: {}.", name(*side), parts.join("; ")));
                }
                _ => l.push_str(&format!("{} rolls no reinforcement dice{bought}.", name(*side))),
            }
            if let Some(t) = t {
                if t.reinforcement.iter().all(Option::is_some) && !t.restored.is_empty() {
                    let names: Vec<String> = t.restored.iter().map(|&(s, p)| platoon_name(after, s, p)).collect();
                    l.push_str(&format!(" Transport found again for {}.", names.join(", ")));
                }
            }
            l
        }
        Decision::ExchangeSupport { side, platoon, value, .. } => {
            let new = after.roster(*side).get(before.roster(*side).len());
            match new {
                Some(n) => {
                    let lost = exchange_leftover(*value, n.platoon.points);
                    format!(
                        "{} pays {} VP to swap {} (worth {value} points now) for {} ({} points, {}){}.",
                        name(*side),
                        tables::EXCHANGE_COST,
                        platoon_name(before, *side, *platoon),
                        n.name(),
                        n.platoon.points,
                        lower(n.start.name()),
                        if lost > 0 { format!("; the {lost} points left over are lost") } else { String::new() }
                    )
                }
                None => format!("{} exchanges a support platoon.", name(*side)),
            }
        }
        Decision::DoneExchanging { side } => format!("{} makes no more exchanges this turn.", name(*side)),
        Decision::TopUp { side, platoons } if platoons.is_empty() => format!(
            "{} declines the top-up to two depleted combat platoons and keeps every reinforcement die.",
            name(*side)
        ),
        Decision::TopUp { side, .. } => {
            let auto = t.map_or(&[][..], |t| &t.auto[side.index()][..]);
            let parts: Vec<String> = auto
                .iter()
                .map(|a| {
                    format!(
                        "{} from {} to {}",
                        platoon_name(after, *side, a.platoon),
                        lower(a.from.name()),
                        lower(a.to.name())
                    )
                })
                .collect();
            let used: u16 = auto.iter().map(|a| a.dice).sum();
            format!(
                "{} tops the company up to two depleted combat platoons: {} (using {}; no more dice for them this turn).",
                name(*side),
                parts.join(", "),
                plural(used, "reinforcement die", "reinforcement dice")
            )
        }
    };
    if before.outcome().is_none() {
        if let Some(o) = after.outcome() {
            line.push(' ');
            line.push_str(&outcome_line(setup, o, after.sector, before.turn));
        }
    }
    if after.turn > before.turn && after.outcome().is_none() {
        line.push_str(&format!(" Turn {} begins.", after.turn));
    }
    line
}
