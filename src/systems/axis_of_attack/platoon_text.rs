//! A company's platoons as plain text, one line per platoon, in the words of the setup form, so
//! a club can paste its own force. `write` then `parse` gives back the same platoons; `parse`
//! reads the whole text or nothing, with one error per bad line.
//!
//! ```text
//! Panzergrenadier Platoon 1 | Combat | 7 teams (5-7) | 245 pts | Vehicles | vehicles: Sd Kfz 251 | no under-strength size
//! Panzer IIIJ Platoon | Combat | 5 teams (3-5) | 550 pts | Vehicles | all tank teams
//! ```

use super::company::Platoon;
use super::tables::{Mobility, Role};

/// How the text is laid out, for the form to show beside the box.
pub const FORMAT: &[&str] = &[
    "One line for each platoon; parts separated by |.",
    "Name | role | teams bought (fewest-most the book allows) | points | transport, then any of:",
    "vehicles: what it moves in | upgrades: what was paid for | all tank teams | recon | transport platoon | \
     no under-strength size",
    "Roles: Combat, HQ or weapons, Support. Transport: Vehicles, Own transport, On foot.",
    "Empty lines and lines starting with # are skipped.",
];

/// A short example for the form.
pub const EXAMPLE: &str = "Grenadier Platoon | Combat | 7 teams (5-7) | 245 pts | Own transport | vehicles: Sd Kfz 251 | no under-strength size
Panzer IIIJ Platoon | Combat | 5 teams (3-5) | 550 pts | Vehicles | all tank teams
Recon Patrol | Support | 2 teams (2-3) | 60 pts | Vehicles | recon | upgrades: extra MG";

/// A limit that keeps a pasted text from asking for more than a company can hold.
const MAX_PLATOONS: usize = 60;

/// The platoons as text, one a line, in order.
pub fn write(platoons: &[Platoon]) -> String {
    platoons.iter().map(write_one).collect::<Vec<_>>().join("\n")
}

fn write_one(p: &Platoon) -> String {
    let mut parts = vec![
        p.name.clone(),
        p.role.name().to_string(),
        format!("{} teams ({}-{})", p.teams, p.min_teams, p.max_teams),
        format!("{} pts", p.points),
        p.mobility.name().to_string(),
    ];
    if !p.vehicles.is_empty() {
        parts.push(format!("vehicles: {}", p.vehicles));
    }
    if !p.upgrades.is_empty() {
        parts.push(format!("upgrades: {}", p.upgrades));
    }
    if p.all_tank {
        parts.push("all tank teams".into());
    }
    if p.recon {
        parts.push("recon".into());
    }
    if p.transport {
        parts.push("transport platoon".into());
    }
    if p.under_strength == Some(false) {
        parts.push("no under-strength size".into());
    }
    parts.join(" | ")
}

/// Reads platoons from text: all of them, or one message per bad line ("Line 3: ...").
pub fn parse(text: &str) -> Result<Vec<Platoon>, Vec<String>> {
    let mut errors = Vec::new();
    let mut platoons = Vec::new();
    for (at, line) in crate::engine::pasted::entries(text) {
        if platoons.len() + errors.len() >= MAX_PLATOONS {
            errors.push(format!("The list has more than {MAX_PLATOONS} platoons."));
            break;
        }
        match read_line(line) {
            Ok(p) => platoons.push(p),
            Err(e) => errors.push(format!("Line {at}: {e}")),
        }
    }
    if errors.is_empty() && platoons.is_empty() {
        errors.push("The list has no platoons.".into());
    }
    if errors.is_empty() {
        Ok(platoons)
    } else {
        Err(errors)
    }
}

fn read_line(line: &str) -> Result<Platoon, String> {
    let parts: Vec<&str> = line.split('|').map(str::trim).collect();
    if parts.len() < 5 {
        return Err(format!(
            "a platoon line has at least 5 parts separated by | (name | role | teams | points | transport); this one has {}.",
            parts.len()
        ));
    }
    let name = parts[0];
    if name.is_empty() {
        return Err("the platoon has no name.".into());
    }
    let role = Role::ALL
        .into_iter()
        .find(|r| r.name().eq_ignore_ascii_case(parts[1]))
        .ok_or_else(|| format!("\"{}\" is not a role; write Combat, HQ or weapons, or Support.", parts[1]))?;
    let (teams, min_teams, max_teams) = read_teams(parts[2])?;
    let points = read_points(parts[3])?;
    let mobility = Mobility::ALL
        .into_iter()
        .find(|m| m.name().eq_ignore_ascii_case(parts[4]))
        .ok_or_else(|| format!("\"{}\" is not a transport; write Vehicles, Own transport or On foot.", parts[4]))?;
    let mut p = Platoon {
        name: name.to_string(),
        role,
        min_teams,
        max_teams,
        teams,
        points,
        upgrades: String::new(),
        all_tank: false,
        recon: false,
        mobility,
        under_strength: Some(true),
        vehicles: String::new(),
        transport: false,
    };
    for extra in &parts[5..] {
        let lower = extra.to_ascii_lowercase();
        if let Some(v) = key(extra, "vehicles:") {
            p.vehicles = v.to_string();
        } else if let Some(u) = key(extra, "upgrades:") {
            p.upgrades = u.to_string();
        } else if lower == "all tank teams" || lower == "all tank" {
            p.all_tank = true;
        } else if lower == "recon" {
            p.recon = true;
        } else if lower == "transport platoon" {
            p.transport = true;
        } else if lower == "no under-strength size" {
            p.under_strength = Some(false);
        } else if !extra.is_empty() {
            return Err(format!(
                "\"{extra}\" is none of vehicles: ..., upgrades: ..., all tank teams, recon, transport platoon, \
                 no under-strength size."
            ));
        }
    }
    Ok(p)
}

/// The text after a "key:" prefix, whatever its case.
fn key<'a>(part: &'a str, prefix: &str) -> Option<&'a str> {
    (part.len() >= prefix.len()
        && part.is_char_boundary(prefix.len())
        && part[..prefix.len()].eq_ignore_ascii_case(prefix))
    .then(|| part[prefix.len()..].trim())
}

/// "7 teams (5-7)": teams bought, fewest and most the book allows.
fn read_teams(s: &str) -> Result<(u16, u16, u16), String> {
    let bad = || {
        format!(
            "\"{s}\": write the teams as \"7 teams (5-7)\": teams bought, then the fewest and most the book allows."
        )
    };
    let (bought, range) = s.split_once('(').ok_or_else(bad)?;
    let bought = bought.trim();
    let bought = bought.strip_suffix("teams").or_else(|| bought.strip_suffix("team")).unwrap_or(bought).trim();
    let (lo, hi) = range.trim().strip_suffix(')').ok_or_else(bad)?.split_once('-').ok_or_else(bad)?;
    let n = |x: &str| x.trim().parse::<u16>().ok().filter(|v| *v <= 99);
    match (n(bought), n(lo), n(hi)) {
        (Some(t), Some(lo), Some(hi)) => Ok((t, lo, hi)),
        _ => Err(bad()),
    }
}

/// "245 pts", "245 points" or "245".
fn read_points(s: &str) -> Result<u32, String> {
    let t = s.trim();
    let t = t.strip_suffix("points").or_else(|| t.strip_suffix("pts")).unwrap_or(t).trim();
    t.parse::<u32>()
        .ok()
        .filter(|p| *p <= 100_000)
        .ok_or_else(|| format!("\"{s}\" is not a number of points (\"245 pts\")."))
}
