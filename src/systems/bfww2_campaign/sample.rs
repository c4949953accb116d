//! The built-in sample, Advance to Rostov (23 to 27 December 1942): five days of one scenario
//! each, no night scenarios, and the text's historical DRM chart. The text gives nothing else,
//! so the rosters, reinforcement and fortification charts here are illustrative, authored for
//! the app (only the German O3's limits come from the text).

use super::calendar::{Day, Slot};
use super::charts::{FortEntry, RgEntry, RgKind, ROSTOV_GERMAN_O3_PER_CAMPAIGN, ROSTOV_GERMAN_O3_PER_DAY};
use super::rating::Rating;
use super::roster::{Me, Side};
use super::setup::Setup;
use super::tables::{MeClass, Month, Nation, ROSTOV_DRM};
use crate::engine::Die;

/// Said wherever the sample's charts are shown.
pub const ILLUSTRATIVE: &str =
    "The Advance to Rostov rosters and purchase charts are illustrative: the rules text gives only its historical modifier chart and the German O3 limits.";

/// The sides' order in the sample.
pub const RUSSIAN: u8 = 0;
pub const GERMAN: u8 = 1;

fn me(id: &str, name: &str, class: MeClass, unit_type: &str, stands: u16, vehicles: u16, rating: Rating) -> Me {
    Me {
        id: id.into(),
        name: name.into(),
        class,
        unit_type: unit_type.into(),
        stands,
        vehicles,
        rating,
        rg: Some(id.trim_end_matches(|c: char| c.is_ascii_digit()).trim_end_matches('-').into()),
    }
}

#[expect(clippy::too_many_arguments, reason = "one chart row per call reads like the chart")]
fn rg(
    id: &str,
    description: &str,
    kind: RgKind,
    rating: Rating,
    cost_cpp: u16,
    per_scenario: u8,
    per_day: Option<u8>,
    per_campaign: u8,
) -> RgEntry {
    RgEntry {
        id: id.into(),
        description: description.into(),
        kind,
        cards: vec![description.into()],
        rating,
        cost_cpp,
        per_scenario,
        per_day,
        per_campaign,
        notes: String::new(),
    }
}

fn forts() -> Vec<FortEntry> {
    vec![
        FortEntry { name: "Wire".into(), cost_fpp: 1, per_campaign: None },
        FortEntry { name: "Minefield".into(), cost_fpp: 2, per_campaign: None },
        FortEntry { name: "Roadblock".into(), cost_fpp: 1, per_campaign: None },
        FortEntry { name: "Improved position".into(), cost_fpp: 1, per_campaign: None },
    ]
}

/// The sample as a new campaign plays it: under the readings new setups take.
pub fn sample_setup() -> Setup {
    sample_setup_read_by(super::setup::READINGS)
}

/// The sample under an earlier (or this) set of readings: link version 4's "the sample" flag
/// names it under the second readings (`SECOND_READINGS`), as it was when links first coded it.
pub fn sample_setup_read_by(readings: u8) -> Setup {
    Setup { readings, ..sample_setup_body() }
}

fn sample_setup_body() -> Setup {
    let days = ROSTOV_DRM
        .iter()
        .map(|&(d, russian, german)| Day {
            name: format!("{d} December"),
            slots: vec![Slot::Morning],
            drm: [russian, german],
        })
        .collect();
    let russian = Side {
        name: "Soviet 24th Tank Corps".into(),
        nation: Nation::Russian,
        armour_withdrawal: true,
        roster: vec![
            me("TB-1", "54th Tank Brigade", MeClass::Armour, "T-34 battalion", 10, 10, Rating::Trained),
            me("TB-2", "130th Tank Brigade", MeClass::Armour, "T-34 battalion", 10, 10, Rating::Trained),
            me(
                "MR-1",
                "24th Motor Rifle Brigade, 1st battalion",
                MeClass::Infantry,
                "Motor rifle battalion",
                12,
                0,
                Rating::Trained,
            ),
            me(
                "MR-2",
                "24th Motor Rifle Brigade, 2nd battalion",
                MeClass::Infantry,
                "Motor rifle battalion",
                12,
                0,
                Rating::Raw,
            ),
        ],
        rg_chart: vec![
            rg("TB", "T-34 tank battalion", RgKind::Manoeuvre, Rating::Trained, 8, 2, None, 3),
            rg("MR", "Motor rifle battalion", RgKind::Manoeuvre, Rating::Raw, 6, 2, None, 4),
            rg("O1", "Regimental artillery", RgKind::OffBoardArtillery, Rating::Trained, 4, 1, Some(1), 3),
            rg("F", "Sapper company (2 FPP)", RgKind::Fpp(2), Rating::Trained, 2, 1, None, 3),
        ],
        fort_chart: forts(),
        cpp: 0,
        fpp: 0,
        scheduled: Vec::new(),
    };
    let german = Side {
        name: "German 6th Panzer Division".into(),
        nation: Nation::German,
        armour_withdrawal: false,
        roster: vec![
            me("PZ-1", "II./Pz.Rgt. 11", MeClass::Armour, "Panzer III/IV battalion", 9, 9, Rating::Veteran),
            me("PG-1", "I./Pz.Gren.Rgt. 4", MeClass::Infantry, "Panzergrenadier battalion", 12, 0, Rating::Veteran),
            me(
                "PG-2",
                "II./Pz.Gren.Rgt. 114",
                MeClass::Infantry,
                "Panzergrenadier battalion",
                12,
                0,
                Rating::Experienced,
            ),
        ],
        rg_chart: vec![
            rg("PZ", "Panzer III/IV battalion", RgKind::Manoeuvre, Rating::Veteran, 10, 1, None, 2),
            rg("PG", "Panzergrenadier battalion", RgKind::Manoeuvre, Rating::Experienced, 7, 2, None, 3),
            rg(
                "O3",
                "Medium artillery battalion",
                RgKind::OffBoardArtillery,
                Rating::Veteran,
                5,
                ROSTOV_GERMAN_O3_PER_DAY,
                Some(ROSTOV_GERMAN_O3_PER_DAY),
                ROSTOV_GERMAN_O3_PER_CAMPAIGN,
            ),
            rg("A1", "Stuka flight", RgKind::Aircraft, Rating::Veteran, 4, 1, Some(1), 3),
            rg("F", "Pioneer company (2 FPP)", RgKind::Fpp(2), Rating::Veteran, 2, 1, None, 3),
        ],
        fort_chart: forts(),
        cpp: 0,
        fpp: 0,
        scheduled: Vec::new(),
    };
    Setup {
        name: "Advance to Rostov".into(),
        month: Month::new(1942, 12),
        days,
        sides: [russian, german],
        first_attacker: RUSSIAN,
        victory: "Illustrative: the Soviet side wins if it holds the road to Rostov on the map's far edge at the end of 27 December; otherwise the German side wins.".into(),
        cpp_table: Setup::default_cpp_table(),
        die: Die::D10,
        rating_changes: true,
        readings: super::setup::READINGS,
        move_order: Default::default(),
        terrain: String::new(),
        weather: String::new(),
        kept_by: None,
    }
}
