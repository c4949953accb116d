//! A night-scouting session's scout teams and areas as plain text, one line per team, figure or
//! area, in the words of the setup form, so a club can paste them. `write` then `parse` gives
//! back the same teams and areas; `parse` reads the whole text or nothing, with one error per
//! bad line.
//!
//! ```text
//! Team | Atkins' patrol
//! Leader | Sgt Atkins | veteran | special training
//! Scout | Pte Brown | regular
//! Area | Farmhouse | cover
//! Area | Hedge by the road | cover | on our table edge
//! ```

use super::team::{Area, Quality, Scout, Team};

/// The teams and areas of a session, as the form keeps them.
pub type TeamsAndAreas = (Vec<Team>, Vec<Area>);

/// How the text is laid out, for the form to show beside the box.
pub const FORMAT: &[&str] = &[
    "One line for each team, each figure and each area; parts separated by |.",
    "Team | its name, then its leader and scouts on the lines below:",
    "Leader | name | green, regular or veteran | special training (leave out if none)",
    "Scout | name | green, regular or veteran | special training (leave out if none)",
    "Area | name | cover or open | on our table edge (leave out if not)",
    "Empty lines and lines starting with # are skipped.",
];

/// A short example for the form.
pub const EXAMPLE: &str = "Team | Atkins' patrol
Leader | Sgt Atkins | veteran | special training
Scout | Pte Brown | regular
Scout | Pte Green | green
Area | Farmhouse | cover
Area | Hedge by the road | cover | on our table edge
Area | Field | open";

const MAX_LINES: usize = 500;

/// The teams, then the areas, as text.
pub fn write(list: &TeamsAndAreas) -> String {
    let (teams, areas) = list;
    let mut out = Vec::new();
    let figure = |role: &str, s: &Scout| {
        let mut line = format!("{role} | {} | {}", s.name, s.quality.name());
        if s.trained {
            line.push_str(" | special training");
        }
        line
    };
    for t in teams {
        out.push(format!("Team | {}", t.name));
        out.push(figure("Leader", &t.leader));
        out.extend(t.scouts.iter().map(|s| figure("Scout", s)));
    }
    for a in areas {
        let mut line = format!("Area | {} | {}", a.name, if a.cover { "cover" } else { "open" });
        if a.edge {
            line.push_str(" | on our table edge");
        }
        out.push(line);
    }
    out.join("\n")
}

/// A team being read: its name, the line it started on, its leader so far, its scouts.
struct Reading {
    at: usize,
    name: String,
    leader: Option<Scout>,
    scouts: Vec<Scout>,
}

/// Reads teams and areas from text: all of them, or one message per bad line ("Line 3: ...").
pub fn parse(text: &str) -> Result<TeamsAndAreas, Vec<String>> {
    let mut errors = Vec::new();
    let mut teams: Vec<Reading> = Vec::new();
    let mut areas = Vec::new();
    for (at, line) in crate::engine::pasted::entries(text) {
        if at > MAX_LINES {
            errors.push(format!("The list is longer than {MAX_LINES} lines."));
            break;
        }
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        let kind = parts[0].to_ascii_lowercase();
        let named = parts.get(1).copied().unwrap_or("");
        let result = match kind.as_str() {
            _ if parts.len() < 2 || named.is_empty() => {
                Err("write what it is, then its name: \"Team | name\", \"Leader | name | quality\", \"Area | name | cover\".".to_string())
            }
            "team" if parts.len() == 2 => {
                teams.push(Reading { at, name: named.to_string(), leader: None, scouts: Vec::new() });
                Ok(())
            }
            "team" => Err("a team line is \"Team | its name\".".into()),
            "leader" | "scout" => match (read_figure(&parts), teams.last_mut()) {
                (Err(e), _) => Err(e),
                (Ok(_), None) => Err("write a \"Team | name\" line above its figures.".into()),
                (Ok(s), Some(t)) if kind == "leader" => {
                    if t.leader.is_some() {
                        Err(format!("the team \"{}\" already has a leader.", t.name))
                    } else {
                        t.leader = Some(s);
                        Ok(())
                    }
                }
                (Ok(s), Some(t)) => {
                    t.scouts.push(s);
                    Ok(())
                }
            },
            "area" => read_area(&parts).map(|a| areas.push(a)),
            _ => Err(format!("\"{}\" is none of Team, Leader, Scout, Area.", parts[0])),
        };
        if let Err(e) = result {
            errors.push(format!("Line {at}: {e}"));
        }
    }
    let mut done = Vec::new();
    for t in teams {
        match t.leader {
            Some(leader) => done.push(Team { name: t.name, leader, scouts: t.scouts }),
            None => errors.push(format!("Line {}: the team \"{}\" has no \"Leader | ...\" line.", t.at, t.name)),
        }
    }
    if errors.is_empty() && done.is_empty() && areas.is_empty() {
        errors.push("The list has no teams and no areas.".into());
    }
    if errors.is_empty() {
        Ok((done, areas))
    } else {
        crate::engine::order::sort_by_key(&mut errors, |e| line_of(e));
        Err(errors)
    }
}

fn line_of(e: &str) -> usize {
    e.strip_prefix("Line ").and_then(|r| r.split(':').next()).and_then(|n| n.parse().ok()).unwrap_or(0)
}

fn read_figure(parts: &[&str]) -> Result<Scout, String> {
    if parts.len() < 3 || parts.len() > 4 {
        return Err(format!("a figure line is \"{} | name | quality\", then \"special training\" if so.", parts[0]));
    }
    let quality = Quality::ALL
        .into_iter()
        .find(|q| q.name().eq_ignore_ascii_case(parts[2]))
        .ok_or_else(|| format!("\"{}\" is not a quality; write green, regular or veteran.", parts[2]))?;
    let trained = match parts.get(3) {
        None => false,
        Some(t) if t.eq_ignore_ascii_case("special training") => true,
        Some(t) => return Err(format!("\"{t}\": write \"special training\", or nothing.")),
    };
    Ok(Scout::new(parts[1], quality, trained))
}

fn read_area(parts: &[&str]) -> Result<Area, String> {
    if parts.len() < 3 || parts.len() > 4 {
        return Err(
            "an area line is \"Area | name | cover\" or \"Area | name | open\", then \"on our table edge\" if so."
                .into(),
        );
    }
    let cover = match parts[2].to_ascii_lowercase().as_str() {
        "cover" => true,
        "open" => false,
        _ => return Err(format!("\"{}\": write cover or open.", parts[2])),
    };
    let edge = match parts.get(3) {
        None => false,
        Some(t) if t.eq_ignore_ascii_case("on our table edge") => true,
        Some(t) => return Err(format!("\"{t}\": write \"on our table edge\", or nothing.")),
    };
    Ok(Area::new(parts[1], cover, edge))
}
