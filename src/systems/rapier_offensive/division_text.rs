//! A division's units as plain text, one line per unit, in the words of the setup form, so a
//! club can paste its own order of battle. `write` then `parse` gives back the same division;
//! `parse` reads the whole text or nothing, with one error per bad line.
//!
//! ```text
//! Division | 26th Tank Corps
//! Corps HQ | HQ
//! 1st Tank Bn | Tanks | assault
//! Mortar Bn | Motorised mortars | division asset
//! ```

use super::units::{ArmourKind, Division, GunKind, InfantryArm, Mobility, Traction, Unit, UnitKind};

/// How the text is laid out, for the form to show beside the box.
pub const FORMAT: &[&str] = &[
    "First a line \"Division | its name\", then one line for each unit; parts separated by |.",
    "Unit name | its type, as the form's list says | assault (if so) | division asset (if so)",
    "Types: HQ; Infantry, Cavalry or Motorised infantry (rifles, SMG or engineers); Horse-drawn or \
     Motorised anti-tank guns, mortars, artillery or rockets; Tanks; Reconnaissance.",
    "Empty lines and lines starting with # are skipped.",
];

/// A short example for the form.
pub const EXAMPLE: &str = "Division | 26th Tank Corps
Corps HQ | HQ
1st Tank Bn | Tanks | assault
Motor Rifle Bn | Motorised infantry (rifles)
Mortar Bn | Motorised mortars | division asset";

const MAX_UNITS: usize = 200;

/// Every unit type a division may hold, in the order the form lists them.
pub fn all_kinds() -> Vec<UnitKind> {
    let mut v = vec![UnitKind::Hq];
    for mobility in [Mobility::Foot, Mobility::Cavalry, Mobility::Motorised] {
        for arm in [InfantryArm::Rifle, InfantryArm::Smg, InfantryArm::Engineer] {
            v.push(UnitKind::Infantry { arm, mobility });
        }
    }
    for traction in [Traction::HorseDrawn, Traction::Motorised] {
        for kind in [GunKind::AntiTank, GunKind::Mortar, GunKind::Artillery, GunKind::Rocket] {
            v.push(UnitKind::Gun { kind, traction });
        }
    }
    v.extend([UnitKind::Armour(ArmourKind::Tanks), UnitKind::Armour(ArmourKind::Recce)]);
    v
}

/// The division as text: its name, then a line per unit.
pub fn write(d: &Division) -> String {
    let mut out = vec![format!("Division | {}", d.name)];
    for u in &d.units {
        let mut line = format!("{} | {}", u.name, u.kind.name());
        if u.assault {
            line.push_str(" | assault");
        }
        if u.division_asset {
            line.push_str(" | division asset");
        }
        out.push(line);
    }
    out.join("\n")
}

/// Reads a division from text: all of it, or one message per bad line ("Line 3: ...").
pub fn parse(text: &str) -> Result<Division, Vec<String>> {
    let kinds = all_kinds();
    let mut errors = Vec::new();
    let mut name: Option<String> = None;
    let mut units = Vec::new();
    for (at, line) in crate::engine::pasted::entries(text) {
        if units.len() + errors.len() >= MAX_UNITS {
            errors.push(format!("The list has more than {MAX_UNITS} units."));
            break;
        }
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        let result = if parts[0].eq_ignore_ascii_case("Division") && parts.len() == 2 {
            match (&name, parts[1]) {
                (_, "") => Err("the division has no name.".to_string()),
                (Some(n), _) => Err(format!("the division is already called \"{n}\": one division a list.")),
                (None, n) => {
                    name = Some(n.to_string());
                    Ok(())
                }
            }
        } else {
            read_unit(&parts, &kinds).map(|u| units.push(u))
        };
        if let Err(e) = result {
            errors.push(format!("Line {at}: {e}"));
        }
    }
    if name.is_none() && errors.is_empty() {
        errors.push("Write the division's name first: \"Division | its name\".".into());
    }
    match name {
        Some(name) if errors.is_empty() => Ok(Division { name, units }),
        _ => Err(errors),
    }
}

fn read_unit(parts: &[&str], kinds: &[UnitKind]) -> Result<Unit, String> {
    if parts.len() < 2 || parts.len() > 4 {
        return Err("a unit line is \"name | type\", then \"assault\" and \"division asset\" if so.".into());
    }
    if parts[0].is_empty() {
        return Err("the unit has no name.".into());
    }
    let kind = kinds.iter().copied().find(|k| k.name().eq_ignore_ascii_case(parts[1])).ok_or_else(|| {
        format!("\"{}\" is not a type of unit; write it as the form's list does, e.g. \"Infantry (rifles)\".", parts[1])
    })?;
    let mut u = Unit::new(parts[0], kind);
    for flag in &parts[2..] {
        match flag.to_ascii_lowercase().as_str() {
            "assault" => u.assault = true,
            "division asset" => u.division_asset = true,
            _ => return Err(format!("\"{flag}\": write \"assault\" or \"division asset\", or nothing.")),
        }
    }
    Ok(u)
}
