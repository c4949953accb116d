//! Log lines in the players' words: what the dice said and what to do next.

use super::rules::{close_combat_area, decision_modifiers, in_cover, scout_in_play, Decision, Opposed};
use super::state::{EndReason, FindStatus, Phase, Stage, State, Status};
use super::tables::{self, FireResult, SpotOutcome};
use super::team::{Place, ScoutRef, Setup};
use crate::engine::Modifier;

fn signed(v: i32) -> String {
    if v >= 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// "3", "3 +1 = 4", "5 -1 +1 = 5".
fn roll_text(die: u16, mods: &[Modifier]) -> String {
    if mods.is_empty() {
        return die.to_string();
    }
    let total = die as i32 + mods.iter().map(|m| m.value).sum::<i32>();
    let parts: Vec<String> = mods.iter().map(|m| signed(m.value)).collect();
    format!("{die} {} = {total}", parts.join(" "))
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn place_text(setup: &Setup, p: Place) -> String {
    setup.place_name(p)
}

pub fn describe(setup: &Setup, before: &State, decision: &Decision, dice: &[u16], after: &State) -> String {
    let n = |r: ScoutRef| setup.name(r);
    let in_play = scout_in_play(before).or_else(|| scout_in_play(after));
    let mut line = match decision {
        Decision::Move { scout, to, in_open } => {
            let b = before.figure(*scout);
            let open = *in_open || matches!(to, Place::Area(a) if setup.area(*a).is_some_and(|x| !x.cover));
            let how = match (*to, b.place, open) {
                (Place::OwnEdge, _, false) => "heads back to the own edge".to_string(),
                (Place::OwnEdge, _, true) => "heads back across open ground to the own edge".to_string(),
                (t, p, false) if t == p => format!("moves on within {}", place_text(setup, t)),
                (t, p, true) if t == p => format!("moves on in the open within {}", place_text(setup, t)),
                (t, Place::OwnEdge, false) => format!("comes onto the table into {}", place_text(setup, t)),
                (t, Place::OwnEdge, true) => {
                    format!("comes onto the table across open ground to {}", place_text(setup, t))
                }
                (t, _, false) => format!("moves into {}", place_text(setup, t)),
                (t, _, true) => format!("crosses open ground to {}", place_text(setup, t)),
            };
            let mut text = format!("{} {how}.", n(*scout));
            let a = after.figure(*scout);
            if a.status == Status::Home && b.status != Status::Home {
                let reported = after
                    .finds
                    .iter()
                    .zip(before.finds.iter())
                    .filter(|(x, y)| x.status == FindStatus::Reported && y.status != FindStatus::Reported)
                    .count();
                text.push_str(" He is back and done for the night");
                if reported > 0 {
                    text.push_str(&format!("; he reports {} to the briefing", plural(reported, "find", "finds")));
                }
                text.push('.');
            } else if matches!(after.phase, Phase::Scouting) && a.moves > 0 {
                text.push_str(&format!(" (Move {} of {} before a clock roll.)", a.moves, tables::MOVES_PER_CLOCK_ROLL));
            }
            text
        }
        Decision::AttemptSpot { scout, area, .. } => {
            let m = decision_modifiers(setup, before, decision).unwrap();
            spot_text(setup, *scout, *area, &m, dice)
        }
        Decision::Bank { scout } => {
            let areas: Vec<String> = before
                .carried_by(*scout)
                .into_iter()
                .map(|i| format!("{}: {}", setup.area_name(before.finds[i].area), before.finds[i].sighting.text()))
                .collect();
            format!(
                "{} reports to {}: {} banked ({}). It is lost now only if both of them die.",
                n(*scout),
                n(scout.leader()),
                plural(areas.len(), "find", "finds"),
                areas.join("; ")
            )
        }
        Decision::EndNight => {
            format!("The scouting player calls the night over at {}.", tables::clock_text(before.clock))
        }
        Decision::LetPass => match in_play {
            Some(s) => format!("The defender lets {} go by.", n(s)),
            None => "The defender lets the move pass.".into(),
        },
        Decision::ReactiveSpot | Decision::ReactiveSpotBy { .. } => {
            let s = in_play.unwrap_or(ScoutRef::new(0, 0));
            let Some(m) = decision_modifiers(setup, before, decision) else { return "Reactive spotting.".into() };
            let sentries = dice[0] as i32 + m.defender_total();
            let scout = dice[1] as i32 + m.scout_total();
            let seen = tables::spots(sentries, scout);
            format!(
                "Reactive spotting at {} in the open: sentries {} against {} {}: {}",
                n(s),
                roll_text(dice[0], &m.defender),
                n(s),
                roll_text(dice[1], &m.scout),
                if seen {
                    "he is seen. The defender must now fire at him, unless the cat saves him."
                } else {
                    "not higher, he slips past."
                }
            )
        }
        Decision::CloseCombat { .. } | Decision::RollAgain => close_combat_text(setup, before, decision, dice, after),
        Decision::Fire { .. } | Decision::Volley => fire_text(setup, before, decision, dice, after),
        Decision::HoldFire => match before.phase {
            Phase::SentriesSpotted { scout, area: Some(a), scout_spots: true, .. } => format!(
                "The defender holds fire. {} saw into {} all the same: the defender shows what is there.",
                n(scout),
                setup.area_name(a)
            ),
            Phase::SentriesSpotted { scout, area: Some(a), .. } => format!(
                "The defender holds fire. {} knows he was seen; should he go into {}, the defender fights him with +2.",
                n(scout),
                setup.area_name(a)
            ),
            _ => "The defender holds fire.".into(),
        },
        Decision::AdmitNoSight => match in_play {
            Some(s) => format!("The defender owns up: no troops of his can see {}. He carries on.", n(s)),
            None => "The defender owns up: no troops can see the scout.".into(),
        },
        Decision::Cat => match before.phase {
            Phase::SentriesSpotted { scout, scout_spots, reactive, area } => {
                let rest = if reactive {
                    "he carries on".to_string()
                } else if scout_spots {
                    format!(
                        "{} still saw into {}: the defender shows what is there",
                        n(scout),
                        setup.area_name(area.unwrap_or(0))
                    )
                } else {
                    "nothing came of the attempt".to_string()
                };
                format!(
                    "The cat! The sentry who saw {} blames the noise on a cat, and laughs. The spot is cancelled: {rest}. (The cat is used up for the night.)",
                    n(scout)
                )
            }
            _ => "The cat is played.".into(),
        },
        Decision::Retreat { to } => match before.phase {
            Phase::Retreat { scout } => {
                let still = after.figure(scout).under_fire;
                format!(
                    "{} falls back to {}{}.",
                    n(scout),
                    place_text(setup, *to),
                    if *to == Place::OwnEdge {
                        ", off the table"
                    } else if still {
                        "; the sentries may still have him in their sights"
                    } else {
                        ", out of their sight"
                    }
                )
            }
            _ => "A scout falls back.".into(),
        },
        Decision::Reveal { what } => match before.phase {
            Phase::Reveal { scout, area, .. } => {
                let kept = after.finds.last().map(|f| f.status);
                let who = match kept {
                    Some(FindStatus::Reported) => "It is reported.".to_string(),
                    Some(FindStatus::Banked) if scout.is_leader() => format!("{} knows it.", n(scout)),
                    Some(FindStatus::Banked) => format!("{} knows it.", n(scout.leader())),
                    _ => format!(
                        "Only {} knows it until he reports to {} or gets back to the own edge.",
                        n(scout),
                        n(scout.leader())
                    ),
                };
                format!("The defender shows {}: {}. {who}", setup.area_name(area), what.text())
            }
            _ => format!("The defender shows: {}.", what.text()),
        },
        Decision::ClockRoll => {
            let moved = tables::clock_advance(dice[0]);
            let why = match before.phase {
                Phase::Clock { reason: super::state::ClockReason::Spotting(s) } => {
                    format!(" after {}'s spotting attempt", n(s))
                }
                Phase::Clock { reason: super::state::ClockReason::ThirdMove(s) } => {
                    format!(" after {}'s third move", n(s))
                }
                _ => String::new(),
            };
            if moved > 0 {
                format!("Clock roll{why}: {}, 20 minutes pass. It is now {}.", dice[0], tables::clock_text(after.clock))
            } else {
                format!(
                    "Clock roll{why}: {}, no time passes. It is still {}.",
                    dice[0],
                    tables::clock_text(after.clock)
                )
            }
        }
    };
    consequences(setup, before, after, &mut line);
    next_hint(setup, before, after, &mut line);
    line
}

fn spot_text(setup: &Setup, scout: ScoutRef, area: u16, m: &Opposed, dice: &[u16]) -> String {
    let n = setup.name(scout);
    let scout_total = dice[0] as i32 + m.scout_total();
    let sentry_total = dice[1] as i32 + m.defender_total();
    let sentry_spot_total = dice[2] as i32 + m.defender_total();
    let scout_hide_total = dice[3] as i32 + m.scout_total();
    let scout_spots = tables::spots(scout_total, sentry_total);
    let sentries_spot = tables::spots(sentry_spot_total, scout_hide_total);
    let first = if scout_spots {
        "higher, he sees into it"
    } else if scout_total == sentry_total {
        "a tie, so he sees nothing"
    } else {
        "lower, he sees nothing"
    };
    let second = if sentries_spot {
        "higher, they see him"
    } else if sentry_spot_total == scout_hide_total {
        "a tie, so he stays unseen"
    } else {
        "lower, he stays unseen"
    };
    let outcome = SpotOutcome::of(scout_spots, sentries_spot);
    format!(
        "{n} tries to spot {}. {n} {} against the sentries' {}: {first}. Sentries {} against {n} {}: {second}. {}: {}.",
        setup.area_name(area),
        roll_text(dice[0], &m.scout),
        roll_text(dice[1], &m.defender),
        roll_text(dice[2], &m.defender),
        roll_text(dice[3], &m.scout),
        outcome.name(),
        outcome.next()
    )
}

fn fire_text(setup: &Setup, before: &State, decision: &Decision, dice: &[u16], after: &State) -> String {
    let (scout, from, unit, of) = match (before.phase, decision) {
        (Phase::Fire { scout, from, units_left, .. }, Decision::Volley) => {
            // Units fired so far are not stored; count down from what is left.
            (scout, from, None, units_left)
        }
        (_, Decision::Fire { from, units, .. }) => {
            (scout_in_play(before).unwrap_or(ScoutRef::new(0, 0)), *from, Some(1u8), *units)
        }
        _ => return "Fire.".into(),
    };
    let n = setup.name(scout);
    let cover = in_cover(setup, before.figure(scout));
    let spec = tables::fire_dice(cover);
    let kept = spec.kept(dice);
    let hits = tables::hits(&spec, dice);
    let dropped = dice.iter().copied().max().unwrap_or(0);
    let who = match unit {
        Some(_) if of > 1 => format!("The first of {of} units in {} fires", setup.area_name(from)),
        Some(_) => format!("Troops in {} fire", setup.area_name(from)),
        None => format!("Another unit in {} fires ({} still to come after it)", setup.area_name(from), of - 1),
    };
    let dice_text: Vec<String> = dice.iter().map(|d| d.to_string()).collect();
    let kept_text: Vec<String> = kept.iter().map(|d| d.to_string()).collect();
    let mut s = format!(
        "{who} at {n} in {}, {}d6: {}; the {dropped} is set aside, leaving {}: {}.",
        if cover { "cover" } else { "the open" },
        spec.count,
        dice_text.join(", "),
        kept_text.join(", "),
        plural(hits as usize, "hit", "hits")
    );
    if !matches!(after.phase, Phase::Fire { .. }) {
        let result = match after.figure(scout).status {
            Status::Dead => FireResult::Killed,
            Status::Retreated => FireResult::Retreat,
            _ => FireResult::CarryOn,
        };
        s.push_str(&match result {
            FireResult::CarryOn => format!(" No harm done: {n} carries on."),
            FireResult::Retreat => String::new(),
            FireResult::Killed => format!(" {n} is killed."),
        });
    }
    s
}

fn close_combat_text(setup: &Setup, before: &State, decision: &Decision, dice: &[u16], after: &State) -> String {
    let (scout, area, m) = match (before.phase, decision) {
        (Phase::CloseCombatTie { scout, .. }, _) | (Phase::Reaction { scout, .. }, Decision::CloseCombat { .. }) => {
            let area = match before.phase {
                Phase::CloseCombatTie { area, .. } => area,
                _ => close_combat_area(setup, before, scout).unwrap_or(0),
            };
            let Some(m) = decision_modifiers(setup, before, decision) else { return "Close combat.".into() };
            (scout, area, m)
        }
        _ => return "Close combat.".into(),
    };
    let n = setup.name(scout);
    let end = match after.phase {
        Phase::CloseCombatTie { .. } => "a tie: roll again.".to_string(),
        _ if after.figure(scout).status == Status::Dead => {
            format!("{n} loses and is killed or taken. The troops stay hidden and may redeploy before the battle.")
        }
        _ => format!(
            "{n} wins: he slips past the sentry, the troops there are shown to him, and they cannot hinder him again."
        ),
    };
    format!(
        "Close combat in {}: {n} {} against the defenders' {}: {end}",
        setup.area_name(area),
        roll_text(dice[0], &m.scout),
        roll_text(dice[1], &m.defender)
    )
}

/// Deaths of whole teams, finds lost, the end of the night.
fn consequences(setup: &Setup, before: &State, after: &State, line: &mut String) {
    for t in 0..after.figures.len() {
        let was = before.figures[t].iter().all(|f| f.status == Status::Dead);
        let now = after.figures[t].iter().all(|f| f.status == Status::Dead);
        if now && !was {
            line.push_str(&format!(
                " Everyone of {} is dead: all the team found goes back to hidden, and the defender may redeploy it.",
                setup.teams[t].name
            ));
        }
    }
    let lost: Vec<String> = before
        .finds
        .iter()
        .zip(after.finds.iter())
        .filter(|(b, a)| b.status != FindStatus::Lost && a.status == FindStatus::Lost)
        .map(|(_, a)| setup.area_name(a.area))
        .collect();
    if !lost.is_empty() {
        line.push_str(&format!(" Lost: what was known of {}.", lost.join(", ")));
    }
    if before.ended.is_none() {
        if let Some(reason) = after.ended {
            let late: Vec<String> = after
                .refs()
                .into_iter()
                .filter(|r| after.figure(*r).status == Status::Late)
                .map(|r| setup.name(r))
                .collect();
            let why = match reason {
                EndReason::Deadline => "It is 04:00: the attack goes in at dawn.",
                EndReason::Called => "The night is over.",
                EndReason::AllDone => "Every figure that went out is back or dead: the night is over.",
            };
            line.push_str(&format!(" {why}"));
            if !late.is_empty() {
                line.push_str(&format!(" Too late for the briefing: {}.", late.join(", ")));
            }
            let known = after.finds.iter().filter(|f| f.status == FindStatus::Reported).count();
            line.push_str(&format!(" The briefing knows {}.", plural(known, "find", "finds")));
        }
    }
}

/// What the players do next, when the step under way changed.
fn next_hint(setup: &Setup, before: &State, after: &State, line: &mut String) {
    if after.phase == before.phase {
        return;
    }
    let n = |r: ScoutRef| setup.name(r);
    let hint = match after.phase {
        Phase::Reaction { scout, stage } => {
            let sc = after.figure(scout);
            let mut options = Vec::new();
            if stage == Stage::Moving && sc.in_open && !sc.under_fire {
                options.push("try a reactive spotting roll".to_string());
            }
            if stage == Stage::Moving && sc.under_fire {
                options.push("fire at him again".to_string());
            }
            if let Some(a) = super::rules::close_combat_area(setup, after, scout) {
                options.push(format!("fight him in close combat if troops are hidden in {}", setup.area_name(a)));
            }
            options.push("let him pass".into());
            format!("Defender: {}.", options.join(", or "))
        }
        Phase::SentriesSpotted { reactive: true, scout, .. } => format!(
            "Defender: fire at {} (or own up that nobody can see him); the scouting player may play the cat{}.",
            n(scout),
            if after.cat_used { " (already used)" } else { "" }
        ),
        Phase::SentriesSpotted { scout, .. } => format!(
            "Defender: fire at {} or hold fire; the scouting player may play the cat{}.",
            n(scout),
            if after.cat_used { " (already used)" } else { "" }
        ),
        Phase::Fire { units_left, .. } => format!("Defender: roll the next unit's volley ({units_left} to go)."),
        Phase::CloseCombatTie { .. } => return,
        Phase::Retreat { scout } => {
            let cover = in_cover(setup, after.figure(scout));
            format!(
                "{} must fall back: one straight move {}.",
                n(scout),
                if cover { "out of the sentries' sight" } else { "into cover" }
            )
        }
        Phase::Reveal { area, .. } => format!("Defender: show what is in {}.", setup.area_name(area)),
        Phase::Clock { reason: super::state::ClockReason::ThirdMove(s) } => {
            format!("That was {}'s third move in a row without incident: roll for the clock.", n(s))
        }
        Phase::Clock { .. } => "Roll for the clock.".into(),
        Phase::Scouting | Phase::Over => return,
    };
    line.push(' ');
    line.push_str(&hint);
}
