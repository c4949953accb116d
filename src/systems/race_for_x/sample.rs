//! The built-in sample campaign, from the text's own examples: a small campaign in which two
//! early-war Russian rifle battalions of 19 units each (BC with a 45mm ATG, HMG and mortar
//! units, three companies of an HQ and three rifle platoons, three tanks, an ATG company) race
//! for X, with the text's eight small-campaign defensive orbats.

use super::orbat::*;
use super::tables::{CampaignSize, DefenceOption, ForceSize};

fn stand(kind: StandKind, label: &str) -> Stand {
    Stand { kind, label: label.to_string() }
}

fn unit(name: &str, kind: UnitKind, formation: Option<u16>, stands: Vec<Stand>) -> Unit {
    Unit { name: name.to_string(), kind, formation, stands }
}

/// A 19-unit early-war Russian rifle battalion with attached tanks and ATGs.
pub fn russian_battalion(battalion: &str) -> Orbat {
    use StandKind::*;
    let mut formations = vec![Formation { name: battalion.to_string(), kind: FormationKind::Battalion, parent: None }];
    let mut units = vec![
        unit("Battalion HQ", UnitKind::Hq, Some(0), vec![stand(Bc, "BC"), stand(CrewServed, "45mm ATG")]),
        unit(
            "HMG Platoon",
            UnitKind::CrewServed,
            Some(0),
            vec![stand(CrewServed, "Maxim HMG"), stand(CrewServed, "Maxim HMG")],
        ),
        unit(
            "Mortar Platoon",
            UnitKind::CrewServed,
            Some(0),
            vec![stand(Fo, "FO 82mm mortars"), stand(Fo, "FO 82mm mortars")],
        ),
    ];
    for (c, company) in ["1st Company", "2nd Company", "3rd Company"].iter().enumerate() {
        formations.push(Formation { name: company.to_string(), kind: FormationKind::Company, parent: Some(0) });
        let f = Some(c as u16 + 1);
        units.push(unit(
            &format!("{company} HQ"),
            UnitKind::Hq,
            f,
            vec![stand(Cc, "CC"), stand(CrewServed, "50mm mortar")],
        ));
        for p in 1..=3 {
            let n = c * 3 + p;
            units.push(unit(
                &format!("{n}{} Platoon", ordinal(n)),
                UnitKind::RiflePlatoon,
                f,
                vec![stand(Pc, "PC"), stand(Squad, "Rifle"), stand(Squad, "Rifle"), stand(Squad, "Rifle")],
            ));
        }
    }
    for t in 1..=3 {
        units.push(unit(&format!("Tank {t}"), UnitKind::Vehicle, None, vec![stand(Vehicle, "T-26")]));
    }
    units.push(unit(
        "ATG Company",
        UnitKind::CrewServed,
        None,
        vec![stand(CrewServed, "45mm ATG"), stand(CrewServed, "45mm ATG"), stand(CrewServed, "45mm ATG")],
    ));
    Orbat { formations, units }
}

fn ordinal(n: usize) -> &'static str {
    match n % 100 {
        11..=13 => "th",
        _ => match n % 10 {
            1 => "st",
            2 => "nd",
            3 => "rd",
            _ => "th",
        },
    }
}

/// The text's eight defensive orbats for a small campaign (S1 = 25 points).
pub fn small_defensive_orbats() -> Vec<DefensiveOrbat> {
    use DefenceOption::*;
    use ForceSize::*;
    let d = |size, option, lines: &[&str]| DefensiveOrbat {
        size,
        option,
        lines: lines.iter().map(|s| s.to_string()).collect(),
    };
    vec![
        d(S1, A, &["PC (+1), 3 x Rifle, IAT", "FO for 81mm (12 FM)"]),
        d(S1, B, &["PC (+1), 2 x Rifle, IAT", "PC (+1), 2 x Rifle, IAT", "FO for 81mm (6 FM)"]),
        d(S2, A, &["PC (+1), 3 x Rifle, IAT", "PC (+1), 3 x Rifle, IAT", "2 x HMG", "2 x FO for 81mm (12 FM)"]),
        d(
            S2,
            B,
            &[
                "CC (+1)",
                "PC (+1), 3 x Rifle, IAT",
                "PC (+1), 2 x Rifle, IAT",
                "PC (+1), 2 x Rifle, IAT",
                "FO for 81mm (6 FM)",
            ],
        ),
        d(
            S3,
            A,
            &[
                "CC (+1)",
                "PC (+1), 3 x Rifle, IAT",
                "PC (+1), 3 x Rifle, IAT",
                "PC (+1), 3 x Rifle, IAT",
                "2 x HMG",
                "1 x FO for 81mm (12 FM)",
                "1 x FO for 81mm (6 FM)",
            ],
        ),
        d(
            S3,
            B,
            &[
                "CC (+1)",
                "PC (+1), 3 x Rifle, IAT",
                "PC (+1), 2 x Rifle, IAT",
                "PC (+1), 2 x Rifle, IAT",
                "FO for 81mm (6 FM)",
                "3 x Tank",
            ],
        ),
        d(
            S4,
            A,
            &[
                "CC (+1)",
                "PC (+1), 3 x Rifle, IAT",
                "PC (+1), 3 x Rifle, IAT",
                "CC (+1)",
                "PC (+1), 3 x Rifle, IAT",
                "PC (+1), 3 x Rifle, IAT",
                "3 x HMG",
                "1 x FO for 81mm (12 FM)",
                "1 x FO for 81mm (8 FM)",
                "1 x FO for Heavy Artillery (4 FM)",
            ],
        ),
        d(
            S4,
            B,
            &[
                "CC (+2)",
                "PC (+2), 3 x Rifle, IAT",
                "PC (+1), 3 x Rifle, IAT",
                "PC (+1), 2 x Rifle, IAT",
                "FO for 81mm (12 FM)",
                "3 x Tank (All Veteran)",
            ],
        ),
    ]
}

/// The sample campaign: ready to play in one click.
pub fn sample_setup() -> Setup {
    Setup {
        size: CampaignSize::Small,
        players: [
            Player { name: "Anna".into(), orbat: russian_battalion("1st Rifle Battalion") },
            Player { name: "Boris".into(), orbat: russian_battalion("2nd Rifle Battalion") },
        ],
        defence: small_defensive_orbats(),
    }
}
