//! The built-in sample campaign, from the text's own examples: a German panzergrenadier
//! company in the west (three 5-to-7-team panzergrenadier platoons, an HMG platoon, a PaK38
//! platoon, five Panzer IIIJ and armoured-car recon) against a Soviet tank company in the east
//! (a full 10-tank medium company with three upgraded tanks, a second bought under strength
//! at 7, tank riders, BA-64 recon, SU-76s and a DShK section). 2,000 points each; games of
//! 1,500. As the text's example says, a panzergrenadier platoon comes at 3 squads or 2, never
//! in between: it has no under-strength level. Campaigns stored from an older sample keep the
//! setup they were started with (and its halfway levels).

use super::company::{AirSupport, Platoon, Player, Setup};
use super::tables::{Mobility, Mud, Role, Weather};

#[allow(clippy::too_many_arguments)]
fn platoon(
    name: &str,
    role: Role,
    min_teams: u16,
    max_teams: u16,
    teams: u16,
    points: u32,
    upgrades: &str,
    all_tank: bool,
    recon: bool,
    mobility: Mobility,
    under_strength: bool,
    vehicles: &str,
) -> Platoon {
    Platoon {
        name: name.to_string(),
        role,
        min_teams,
        max_teams,
        teams,
        points,
        upgrades: upgrades.to_string(),
        all_tank,
        recon,
        mobility,
        under_strength: Some(under_strength),
        vehicles: vehicles.to_string(),
        transport: false,
    }
}

/// Panzergrenadierkompanie. Roster order: 0-2 panzergrenadier platoons, 3 HMG, 4 PaK38,
/// 5 Panzer IIIJ, 6 armoured cars.
pub fn german_company(name: &str) -> Player {
    use Mobility::*;
    use Role::*;
    let pzg = |n: &str| {
        platoon(
            n,
            Combat,
            5,
            7,
            7,
            245,
            "Light mortar; SMG panzerknacker",
            false,
            false,
            Transported,
            false,
            "Sd Kfz 251 half-track",
        )
    };
    Player {
        name: name.to_string(),
        army: "German".to_string(),
        company: "Panzergrenadierkompanie".to_string(),
        platoons: vec![
            pzg("1st Panzergrenadier Platoon"),
            pzg("2nd Panzergrenadier Platoon"),
            pzg("3rd Panzergrenadier Platoon"),
            platoon(
                "HMG Platoon",
                HqWeapons,
                3,
                5,
                5,
                185,
                "",
                false,
                false,
                Transported,
                true,
                "Sd Kfz 251 half-track",
            ),
            platoon("PaK38 Platoon", HqWeapons, 3, 5, 5, 150, "", false, false, Transported, true, "Sd Kfz 10 tractor"),
            platoon("Panzer IIIJ Platoon", Support, 3, 5, 5, 525, "", true, false, Vehicles, true, "Panzer III J"),
            platoon(
                "Armoured Car Patrol",
                Support,
                2,
                3,
                3,
                90,
                "Sd Kfz 222",
                true,
                true,
                Vehicles,
                true,
                "Sd Kfz 222",
            ),
        ],
        air: vec![AirSupport { name: "Limited Ju 87 Stuka".to_string(), points: 120 }],
    }
}

/// Tankovy company. Roster order: 0 and 1 medium tank companies (full 10, under strength 7),
/// 2 tank riders, 3 BA-64 recon, 4 SU-76 battery, 5 DShK section.
pub fn soviet_company(name: &str) -> Player {
    use Mobility::*;
    use Role::*;
    Player {
        name: name.to_string(),
        army: "Soviet".to_string(),
        company: "Tankovy Company".to_string(),
        platoons: vec![
            platoon(
                "1st Medium Tank Company",
                Combat,
                5,
                10,
                10,
                600,
                "Up to 3 tanks upgraded",
                true,
                false,
                Vehicles,
                true,
                "T-34",
            ),
            platoon("2nd Medium Tank Company", Combat, 5, 10, 7, 420, "", true, false, Vehicles, true, "T-34"),
            platoon(
                "Tank Rider Company",
                Support,
                7,
                13,
                10,
                160,
                "Tankodesantniki; komissar",
                false,
                false,
                Foot,
                true,
                "",
            ),
            platoon("Recon Platoon", Support, 2, 3, 3, 70, "BA-64 armoured cars", true, true, Vehicles, true, "BA-64"),
            platoon("SU-76 Battery", Support, 3, 5, 5, 230, "", true, false, Vehicles, true, "SU-76"),
            platoon("DShK Section", HqWeapons, 2, 3, 3, 60, "", false, false, Transported, true, "GAZ truck"),
        ],
        air: vec![AirSupport { name: "Limited Il-2 Shturmovik".to_string(), points: 130 }],
    }
}

/// The sample campaign: ready to play in one click, under the readings new setups take.
pub fn sample_setup() -> Setup {
    sample_setup_read_by(super::company::READINGS)
}

/// The sample under an earlier (or this) set of readings: the links' "the sample" flag names it
/// under issue 8's readings (`SECOND_READINGS`), as it was when links first coded it.
pub fn sample_setup_read_by(readings: u8) -> Setup {
    Setup {
        players: [german_company("Anna"), soviet_company("Boris")],
        starting_points: 2000,
        game_points: super::tables::GAME_POINTS,
        first_weather: Weather::Clear,
        first_mud: Mud::Dry,
        readings,
    }
}
