//! A side's campaign roster as plain text, one line per manoeuvre element, in the words of the
//! setup form, so a club can paste its own force. `write` then `parse` gives back the same
//! roster; `parse` reads the whole text or nothing, with one error per bad line.
//!
//! ```text
//! PZ-1 | 1st Panzer Company | A: armour | Pz IV company | 10 stands | 10 vehicles | Veteran | Panzer
//! INF-1 | 1st Rifle Company | I: infantry | Rifle company | 10 stands | 0 vehicles | Trained
//! ```

use super::rating::Rating;
use super::roster::Me;
use super::tables::MeClass;

/// The classes, in the order the form lists them.
pub const CLASSES: [MeClass; 5] =
    [MeClass::Armour, MeClass::Infantry, MeClass::OffBoardArtillery, MeClass::Transport, MeClass::Other];

/// A class as the form names it.
pub fn class_name(c: MeClass) -> &'static str {
    match c {
        MeClass::Armour => "A: armour",
        MeClass::Infantry => "I: infantry",
        MeClass::OffBoardArtillery => "O: off-board artillery",
        MeClass::Transport => "T: transport",
        MeClass::Other => "Other",
    }
}

/// How the text is laid out, for the form to show beside the box.
pub const FORMAT: &[&str] = &[
    "One line for each manoeuvre element; parts separated by |.",
    "ID | name | class | unit type | stands | vehicles | rating | reinforcement chart row (leave out if none)",
    "Classes: A: armour, I: infantry, O: off-board artillery, T: transport, Other (or just the letter).",
    "Ratings: Raw, Trained, Experienced, Veteran, Elite. Stands count the command stand.",
    "Empty lines and lines starting with # are skipped.",
];

/// A short example for the form.
pub const EXAMPLE: &str =
    "PZ-1 | 1st Panzer Company | A: armour | Pz IV company | 10 stands | 10 vehicles | Veteran | Panzer
INF-1 | 1st Rifle Company | I: infantry | Rifle company | 10 stands | 0 vehicles | Trained";

const MAX_ELEMENTS: usize = 300;

/// The roster as text, one element a line, in order.
pub fn write(roster: &[Me]) -> String {
    roster
        .iter()
        .map(|m| {
            let mut line = format!(
                "{} | {} | {} | {} | {} stands | {} vehicles | {}",
                m.id,
                m.name,
                class_name(m.class),
                m.unit_type,
                m.stands,
                m.vehicles,
                m.rating.name()
            );
            if let Some(rg) = &m.rg {
                line.push_str(" | ");
                line.push_str(rg);
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Reads a roster from text: all of it, or one message per bad line ("Line 3: ...").
pub fn parse(text: &str) -> Result<Vec<Me>, Vec<String>> {
    let mut errors = Vec::new();
    let mut roster: Vec<Me> = Vec::new();
    let mut ids: Vec<(String, usize)> = Vec::new();
    for (at, line) in crate::engine::pasted::entries(text) {
        if roster.len() + errors.len() >= MAX_ELEMENTS {
            errors.push(format!("The list has more than {MAX_ELEMENTS} elements."));
            break;
        }
        let read = read_line(line).and_then(|m| match ids.iter().find(|(id, _)| *id == m.id) {
            Some((_, first)) => Err(format!("line {first} already has an element with the ID \"{}\".", m.id)),
            None => Ok(m),
        });
        match read {
            Ok(m) => {
                ids.push((m.id.clone(), at));
                roster.push(m);
            }
            Err(e) => errors.push(format!("Line {at}: {e}")),
        }
    }
    if errors.is_empty() && roster.is_empty() {
        errors.push("The list has no elements.".into());
    }
    if errors.is_empty() {
        Ok(roster)
    } else {
        Err(errors)
    }
}

fn read_line(line: &str) -> Result<Me, String> {
    let parts: Vec<&str> = line.split('|').map(str::trim).collect();
    if parts.len() < 7 || parts.len() > 8 {
        return Err(format!(
            "an element line has 7 or 8 parts separated by | (ID | name | class | unit type | stands | vehicles | rating | chart row); this one has {}.",
            parts.len()
        ));
    }
    if parts[0].is_empty() {
        return Err("the element has no ID.".into());
    }
    let class = CLASSES
        .into_iter()
        .find(|c| {
            let n = class_name(*c);
            let letter = n.split(':').next().unwrap_or(n);
            let word = n.split(": ").nth(1).unwrap_or(n);
            [n, letter, word].iter().any(|w| w.eq_ignore_ascii_case(parts[2]))
        })
        .ok_or_else(|| {
            format!(
                "\"{}\" is not a class; write A: armour, I: infantry, O: off-board artillery, T: transport or Other.",
                parts[2]
            )
        })?;
    let stands = count(parts[4], "stands")?;
    let vehicles = count(parts[5], "vehicles")?;
    let rating = Rating::LADDER.into_iter().find(|r| r.name().eq_ignore_ascii_case(parts[6])).ok_or_else(|| {
        format!("\"{}\" is not a rating; write Raw, Trained, Experienced, Veteran or Elite.", parts[6])
    })?;
    let rg = parts.get(7).filter(|r| !r.is_empty() && !r.eq_ignore_ascii_case("No chart row")).map(|r| r.to_string());
    Ok(Me {
        id: parts[0].to_string(),
        name: parts[1].to_string(),
        class,
        unit_type: parts[3].to_string(),
        stands,
        vehicles,
        rating,
        rg,
    })
}

/// "10 stands", "1 stand" or "10": a count up to 999, as the form takes.
fn count(s: &str, what: &str) -> Result<u16, String> {
    let t = s.trim();
    let singular = &what[..what.len() - 1];
    let t = t.strip_suffix(what).or_else(|| t.strip_suffix(singular)).unwrap_or(t).trim();
    t.parse::<u16>().ok().filter(|n| *n <= 999).ok_or_else(|| format!("\"{s}\" is not a number of {what} (0 to 999)."))
}
