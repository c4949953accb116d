//! An offensive orbat as plain text, one line per company, battalion or unit, in the words the
//! setup form's rows use, so a club can paste its own force instead of entering it control by
//! control. `write` then `parse` gives back the same orbat; `parse` reads the whole text or
//! nothing, with one error per bad line.
//!
//! ```text
//! Battalion | 1st Rifle Battalion
//! Company | 1st Company | 1st Rifle Battalion
//! Battalion HQ | HQ unit | 1st Rifle Battalion | BC, Crew-served weapon (45mm ATG)
//! 1st Platoon | Rifle/SMG platoon | 1st Company | PC, 3 x Squad (Rifle)
//! Tank 1 | Vehicle platoon | Attached | Vehicle (T-26)
//! ```

use super::orbat::{Formation, FormationKind, Orbat, Stand, StandKind, Unit, UnitKind};
use std::fmt;

/// How the text is laid out, for the form to show beside the box.
pub const FORMAT: &[&str] = &[
    "One line for each battalion or company, then one for each unit; parts separated by |.",
    "Battalion | its name",
    "Company | its name | its battalion (leave out if none)",
    "Unit name | kind of unit | its company or battalion, or Attached | its stands",
    "Kinds of unit: Rifle/SMG platoon, HQ unit, Crew-served weapon unit, Vehicle platoon.",
    "Stands, separated by commas: a kind (Squad, Crew-served weapon, Vehicle, PC, CC, BC, RC, FO), \
     its name in brackets when it differs from the kind, and \"3 x\" in front for three alike.",
    "Empty lines and lines starting with # are skipped.",
];

/// A short example for the form.
pub const EXAMPLE: &str = "Battalion | 1st Rifle Battalion
Company | 1st Company | 1st Rifle Battalion
Battalion HQ | HQ unit | 1st Rifle Battalion | BC, Crew-served weapon (45mm ATG)
1st Platoon | Rifle/SMG platoon | 1st Company | PC, 3 x Squad (Rifle)
Tank 1 | Vehicle platoon | Attached | Vehicle (T-26)";

/// What the unit column says of a unit with no company.
const ATTACHED: &str = "Attached";
/// The longer words the form's select uses for the same.
const ATTACHED_LONG: &str = "Attached (no company)";
/// Bounds that keep a pasted text from asking for more than a table can hold.
const MAX_STANDS: usize = 60;
const MAX_LINES: usize = 2000;

/// One thing wrong with the text: the line it is on (from 1), if any, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    pub line: Option<usize>,
    pub problem: String,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(n) => write!(f, "Line {n}: {}", self.problem),
            None => f.write_str(&self.problem),
        }
    }
}

/// The orbat as text, formations first, then units, in the orbat's order.
pub fn write(o: &Orbat) -> String {
    let mut out = Vec::new();
    let fname = |i: u16| o.formations.get(i as usize).map(|f| f.name.as_str()).unwrap_or(ATTACHED);
    for f in &o.formations {
        match (f.kind, f.parent) {
            (FormationKind::Battalion, _) => out.push(format!("Battalion | {}", f.name)),
            (FormationKind::Company, None) => out.push(format!("Company | {}", f.name)),
            (FormationKind::Company, Some(p)) => out.push(format!("Company | {} | {}", f.name, fname(p))),
        }
    }
    for u in &o.units {
        let home = u.formation.map(fname).unwrap_or(ATTACHED);
        out.push(format!("{} | {} | {} | {}", u.name, u.kind.name(), home, write_stands(&u.stands)));
    }
    out.join("\n")
}

fn write_stands(stands: &[Stand]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < stands.len() {
        let s = &stands[i];
        let n = stands[i..].iter().take_while(|t| *t == s).count();
        let one = if s.label == s.kind.name() {
            s.kind.name().to_string()
        } else {
            format!("{} ({})", s.kind.name(), s.label)
        };
        parts.push(if n > 1 { format!("{n} x {one}") } else { one });
        i += n;
    }
    parts.join(", ")
}

/// A line read, before names are matched to formations.
enum Line<'a> {
    Formation { at: usize, kind: FormationKind, name: &'a str, parent: Option<&'a str> },
    Unit { at: usize, name: &'a str, kind: UnitKind, home: Option<&'a str>, stands: Vec<Stand> },
}

/// Reads an orbat from text. Nothing comes back unless every line reads.
pub fn parse(text: &str) -> Result<Orbat, Vec<LineError>> {
    let mut errors = Vec::new();
    let mut lines = Vec::new();
    for (at, line) in crate::engine::pasted::entries(text) {
        if at > MAX_LINES {
            errors.push(LineError { line: None, problem: format!("The list is longer than {MAX_LINES} lines.") });
            break;
        }
        match read_line(at, line) {
            Ok(l) => lines.push(l),
            Err(problem) => errors.push(LineError { line: Some(at), problem }),
        }
    }
    // Formations first, so a unit may name a company written below it.
    let mut formations: Vec<(usize, Formation)> = Vec::new();
    for l in &lines {
        if let Line::Formation { at, kind, name, .. } = l {
            if name.eq_ignore_ascii_case(ATTACHED) || name.eq_ignore_ascii_case(ATTACHED_LONG) {
                errors.push(err(
                    *at,
                    format!("\"{name}\" is the word for a unit with no company: call it something else."),
                ));
            } else if let Some((first, _)) = formations.iter().find(|(_, f)| f.name == *name) {
                errors.push(err(*at, format!("line {first} already has a company or battalion called \"{name}\".")));
            } else {
                formations.push((*at, Formation { name: name.to_string(), kind: *kind, parent: None }));
            }
        }
    }
    let find = |name: &str| formations.iter().position(|(_, f)| f.name == name);
    let mut parents = Vec::new();
    let mut units = Vec::new();
    for l in lines {
        match l {
            Line::Formation { at, name, parent: Some(p), .. } => match find(p) {
                Some(j) if formations[j].1.kind == FormationKind::Battalion => parents.push((name, j as u16)),
                Some(_) => errors.push(err(at, format!("\"{p}\" is a company: a company belongs to a battalion."))),
                None => errors.push(err(at, format!("no battalion is called \"{p}\"."))),
            },
            Line::Formation { .. } => {}
            Line::Unit { at, name, kind, home, stands } => {
                let formation = match home {
                    None => None,
                    Some(h) => match find(h) {
                        Some(j) => Some(j as u16),
                        None => {
                            errors.push(err(at, format!("no company or battalion is called \"{h}\"; write it on a line of its own first, or write {ATTACHED}.")));
                            None
                        }
                    },
                };
                units.push(Unit { name: name.to_string(), kind, formation, stands });
            }
        }
    }
    if errors.is_empty() && units.is_empty() {
        errors.push(LineError { line: None, problem: "The list has no units.".into() });
    }
    if units.len() > u16::MAX as usize {
        errors.push(LineError { line: None, problem: "The list has too many units.".into() });
    }
    if !errors.is_empty() {
        crate::engine::order::sort_by_key(&mut errors, |e| e.line);
        return Err(errors);
    }
    let mut formations: Vec<Formation> = formations.into_iter().map(|(_, f)| f).collect();
    for (name, p) in parents {
        if let Some(f) = formations.iter_mut().find(|f| f.name == name) {
            f.parent = Some(p);
        }
    }
    Ok(Orbat { formations, units })
}

fn err(at: usize, problem: String) -> LineError {
    LineError { line: Some(at), problem }
}

fn read_line(at: usize, line: &str) -> Result<Line<'_>, String> {
    let parts: Vec<&str> = line.split('|').map(str::trim).collect();
    let first = parts[0];
    let formation_kind = if first.eq_ignore_ascii_case("Battalion") {
        Some(FormationKind::Battalion)
    } else if first.eq_ignore_ascii_case("Company") {
        Some(FormationKind::Company)
    } else {
        None
    };
    match (formation_kind, parts.len()) {
        (Some(kind), 2 | 3) => {
            let name = parts[1];
            if name.is_empty() {
                return Err(format!("the {} has no name.", first.to_ascii_lowercase()));
            }
            let parent = parts.get(2).copied().filter(|p| !p.is_empty());
            if kind == FormationKind::Battalion && parent.is_some() {
                return Err("a battalion belongs to no one: write \"Battalion | its name\".".into());
            }
            Ok(Line::Formation { at, kind, name, parent })
        }
        (_, 4) => {
            let [name, kind, home, stands] = [parts[0], parts[1], parts[2], parts[3]];
            if name.is_empty() {
                return Err("the unit has no name.".into());
            }
            let Some(kind) = UnitKind::ALL.into_iter().find(|k| k.name().eq_ignore_ascii_case(kind)) else {
                let known: Vec<&str> = UnitKind::ALL.iter().map(|k| k.name()).collect();
                return Err(format!("\"{kind}\" is not a kind of unit; write one of {}.", known.join(", ")));
            };
            let home =
                (!(home.is_empty() || home.eq_ignore_ascii_case(ATTACHED) || home.eq_ignore_ascii_case(ATTACHED_LONG)))
                    .then_some(home);
            let stands = read_stands(stands)?;
            Ok(Line::Unit { at, name, kind, home, stands })
        }
        (Some(_), n) => Err(format!(
            "a {} line has 2 or 3 parts separated by | (kind | name | battalion); this one has {n}.",
            first.to_ascii_lowercase()
        )),
        (None, n) => Err(format!(
            "a unit line has 4 parts separated by | (name | kind of unit | company | stands); this one has {n}."
        )),
    }
}

/// Splits at commas outside brackets.
fn split_stands(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth <= 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(s[start..].trim());
    out
}

fn read_stands(s: &str) -> Result<Vec<Stand>, String> {
    let mut stands = Vec::new();
    if s.trim().is_empty() {
        return Err("the unit has no stands.".into());
    }
    for item in split_stands(s) {
        if item.is_empty() {
            return Err("a stand is missing between two commas.".into());
        }
        let (count, rest) = read_count(item)?;
        let lower = rest.to_ascii_lowercase();
        // The longest kind that the item starts with, followed by a space, a bracket or nothing.
        let kind = StandKind::ALL
            .into_iter()
            .filter(|k| {
                let n = k.name().to_ascii_lowercase();
                lower.starts_with(&n) && matches!(rest[n.len()..].chars().next(), None | Some(' ') | Some('('))
            })
            .max_by_key(|k| k.name().len());
        let Some(kind) = kind else {
            let known: Vec<&str> = StandKind::ALL.iter().map(|k| k.name()).collect();
            return Err(format!("\"{item}\" does not start with a kind of stand ({}).", known.join(", ")));
        };
        let tail = rest[kind.name().len()..].trim();
        let label = if tail.is_empty() {
            kind.name()
        } else if let Some(inner) = tail.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
            inner.trim()
        } else {
            tail
        };
        if stands.len() + count > MAX_STANDS {
            return Err(format!("a unit has at most {MAX_STANDS} stands here."));
        }
        stands.extend((0..count).map(|_| Stand { kind, label: label.to_string() }));
    }
    Ok(stands)
}

/// "3 x Squad", "3x Squad", "3 × Squad": the count and the rest.
fn read_count(item: &str) -> Result<(usize, &str), String> {
    let digits = item.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return Ok((1, item));
    }
    let after = item[digits..].trim_start();
    let rest = after.strip_prefix(['x', 'X', '×']).map(str::trim_start);
    match rest {
        Some(rest) if !rest.is_empty() => match item[..digits].parse::<usize>() {
            Ok(n) if (1..=MAX_STANDS).contains(&n) => Ok((n, rest)),
            _ => Err(format!("\"{item}\": the count is from 1 to {MAX_STANDS}.")),
        },
        _ => Err(format!("\"{item}\": write a count as \"3 x Squad (Rifle)\".")),
    }
}
