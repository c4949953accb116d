//! The built-in sample: Operation Uranus, 19 November 1942, the setting Martin Rapier wrote
//! the game for. A Soviet corps of a rifle, a tank and a cavalry division attacks a Romanian
//! infantry division. The orders of battle are illustrative: plausible shapes for the
//! formations named, not a historical record of their battalions.

use super::optional::Options;
use super::setup::{DefenderExtras, Players, Setup};
use super::tables::DEFAULT_EVENTS;
use super::units::{ArmourKind, Division, GunKind, InfantryArm, Mobility, Traction, Unit, UnitKind};

/// Shown with the sample wherever it is offered.
pub const ILLUSTRATIVE: &str = "The sample's orders of battle are illustrative: plausible battalions for a Soviet rifle, tank and cavalry division and a Romanian infantry division in November 1942, not a historical record.";

fn inf(arm: InfantryArm, mobility: Mobility) -> UnitKind {
    UnitKind::Infantry { arm, mobility }
}
fn gun(kind: GunKind, traction: Traction) -> UnitKind {
    UnitKind::Gun { kind, traction }
}
fn many(prefix: &str, n: usize, kind: UnitKind) -> Vec<Unit> {
    (1..=n).map(|i| Unit::new(&format!("{i}/{prefix}"), kind)).collect()
}

/// A rifle division on foot, horse-drawn guns: 16 units.
pub fn rifle_division() -> Division {
    use InfantryArm::*;
    let mut units = vec![Unit::new("47th Gds Rifle Div HQ", UnitKind::Hq)];
    for regt in ["137th Gds", "140th Gds", "142nd Gds"] {
        units.extend(many(regt, 3, UnitKind::RIFLES));
    }
    units.extend([
        Unit::new("SMG Bn", inf(Smg, Mobility::Foot)).assault(),
        Unit::new("Sapper Bn", inf(Engineer, Mobility::Foot)).asset(),
        Unit::new("AT Bn", gun(GunKind::AntiTank, Traction::HorseDrawn)).asset(),
        Unit::new("Mortar Bn", gun(GunKind::Mortar, Traction::HorseDrawn)).asset(),
        Unit::new("I/Arty Regt", gun(GunKind::Artillery, Traction::HorseDrawn)).asset(),
        Unit::new("II/Arty Regt", gun(GunKind::Artillery, Traction::HorseDrawn)),
    ]);
    Division { name: "47th Guards Rifle Division".into(), units }
}

/// A tank corps fought as one division: 17 units, all fast.
pub fn tank_division() -> Division {
    use InfantryArm::*;
    let mut units = vec![Unit::new("26th Tank Corps HQ", UnitKind::Hq)];
    for bde in ["19th Tank Bde", "157th Tank Bde", "216th Tank Bde"] {
        units.extend(many(bde, 2, UnitKind::Armour(ArmourKind::Tanks)));
    }
    units.extend(many("14th Mot Rifle Bde", 3, inf(Rifle, Mobility::Motorised)));
    units.extend([
        Unit::new("Mot SMG Bn", inf(Smg, Mobility::Motorised)).assault(),
        Unit::new("Recce Bn", UnitKind::Armour(ArmourKind::Recce)).asset(),
        Unit::new("Mot AT Bn", gun(GunKind::AntiTank, Traction::Motorised)).asset(),
        Unit::new("I/Mot Arty", gun(GunKind::Artillery, Traction::Motorised)).asset(),
        Unit::new("II/Mot Arty", gun(GunKind::Artillery, Traction::Motorised)),
        Unit::new("Guards Mortar Bn", gun(GunKind::Rocket, Traction::Motorised)).asset(),
        Unit::new("Mot Engineer Bn", inf(Engineer, Mobility::Motorised)),
    ]);
    Division { name: "26th Tank Corps".into(), units }
}

/// A cavalry division with horse artillery and a tank battalion: 15 units.
pub fn cavalry_division() -> Division {
    use InfantryArm::*;
    let mut units = vec![Unit::new("55th Cav Div HQ", UnitKind::Hq)];
    for regt in ["37th Cav", "40th Cav", "42nd Cav", "44th Cav"] {
        units.extend(many(regt, 2, inf(Rifle, Mobility::Cavalry)));
    }
    units.extend([
        Unit::new("Cav SMG Sqn", inf(Smg, Mobility::Cavalry)).assault(),
        Unit::new("Tank Bn", UnitKind::Armour(ArmourKind::Tanks)).asset(),
        Unit::new("Horse Arty I", gun(GunKind::Artillery, Traction::HorseDrawn)).asset(),
        Unit::new("Horse Arty II", gun(GunKind::Artillery, Traction::HorseDrawn)),
        Unit::new("Cav AT Bn", gun(GunKind::AntiTank, Traction::HorseDrawn)).asset(),
        Unit::new("Cav Sapper Sqn", inf(Engineer, Mobility::Cavalry)),
    ]);
    Division { name: "55th Cavalry Division".into(), units }
}

/// The defending Romanian infantry division: 15 units, so 25 dummies match the other 25
/// counters (15 units, 6 fortifications, 4 minefields).
pub fn romanian_division() -> Division {
    let mut units = vec![Unit::new("5th Inf Div HQ", UnitKind::Hq)];
    for regt in ["8th Inf", "9th Inf", "10th Inf"] {
        units.extend(many(regt, 3, UnitKind::RIFLES));
    }
    units.extend([
        Unit::new("Recce Group", inf(InfantryArm::Rifle, Mobility::Cavalry)).asset(),
        Unit::new("AT Coy", gun(GunKind::AntiTank, Traction::HorseDrawn)).asset(),
        Unit::new("Mortar Bn", gun(GunKind::Mortar, Traction::HorseDrawn)).asset(),
        Unit::new("I/28th Arty", gun(GunKind::Artillery, Traction::HorseDrawn)).asset(),
        Unit::new("II/28th Arty", gun(GunKind::Artillery, Traction::HorseDrawn)),
    ]);
    Division { name: "Romanian 5th Infantry Division".into(), units }
}

/// The sample as a game plays it under `readings`: links code the sample under
/// `READINGS_RESERVE_OVERLAP`, the sample of games made before `READINGS_FIXED_ENEMY`, and
/// the sample under that reading, each in a way of its own (`grammar::setup`).
pub fn sample_at(readings: u8) -> Setup {
    Setup { readings, ..sample_setup() }
}

/// The sample as a new game takes it, under the newest readings.
pub fn sample_setup() -> Setup {
    Setup {
        name: "Operation Uranus, 19 November 1942".into(),
        players: Players {
            umpire: "Umpire".into(),
            corps_commander: "Corps Commander".into(),
            staff_officer: "Staff Officer".into(),
            division_commanders: ["Rifle division".into(), "Tank corps".into(), "Cavalry division".into()],
        },
        attackers: [rifle_division(), tank_division(), cavalry_division()],
        defender: romanian_division(),
        extras: DefenderExtras::DEFAULT,
        options: Options::default(),
        events: DEFAULT_EVENTS,
        // The tank corps is the fastest: the scenario names it.
        break_through: Some(1),
        advanced: Default::default(),
        terrain: Vec::new(),
        readings: super::setup::READINGS_FIXED_ENEMY,
    }
}
