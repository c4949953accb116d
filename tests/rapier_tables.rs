//! Every row of every Rapier Offensive table, checked against the numbers in the rules text,
//! the README notes and the checklist (not against the code's own constants). One `check`
//! helper; the cases are data.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::Die;
use field_desk::systems::rapier_offensive::grid::Sector;
use field_desk::systems::rapier_offensive::optional::{self, BogClass, Terrain};
use field_desk::systems::rapier_offensive::rules::READINGS;
use field_desk::systems::rapier_offensive::tables::{self, Event, MoveClass, Shooter, TargetClass, Victory};
use field_desk::systems::rapier_offensive::units::{
    ArmourKind, GunKind, InfantryArm, Mobility, Traction, Unit, UnitKind,
};

use TargetClass::{Armour as Arm, Guns, InfantryCavalry as Inf};

const RIFLES: UnitKind = UnitKind::Infantry { arm: InfantryArm::Rifle, mobility: Mobility::Foot };
const SMG: UnitKind = UnitKind::Infantry { arm: InfantryArm::Smg, mobility: Mobility::Foot };
const ENGINEERS: UnitKind = UnitKind::Infantry { arm: InfantryArm::Engineer, mobility: Mobility::Foot };
const CAVALRY: UnitKind = UnitKind::Infantry { arm: InfantryArm::Rifle, mobility: Mobility::Cavalry };
const MOT_INF: UnitKind = UnitKind::Infantry { arm: InfantryArm::Rifle, mobility: Mobility::Motorised };
const AT_HORSE: UnitKind = UnitKind::Gun { kind: GunKind::AntiTank, traction: Traction::HorseDrawn };
const AT_MOT: UnitKind = UnitKind::Gun { kind: GunKind::AntiTank, traction: Traction::Motorised };
const MORTAR: UnitKind = UnitKind::Gun { kind: GunKind::Mortar, traction: Traction::HorseDrawn };
const ARTY_HORSE: UnitKind = UnitKind::Gun { kind: GunKind::Artillery, traction: Traction::HorseDrawn };
const ARTY_MOT: UnitKind = UnitKind::Gun { kind: GunKind::Artillery, traction: Traction::Motorised };
const ROCKETS: UnitKind = UnitKind::Gun { kind: GunKind::Rocket, traction: Traction::Motorised };
const TANKS: UnitKind = UnitKind::Armour(ArmourKind::Tanks);
const RECCE: UnitKind = UnitKind::Armour(ArmourKind::Recce);

/// One table cell (or modifier) and what the rules say it holds.
enum Case {
    /// Recon dice (axis, line) and the sector, `None` when off the table.
    Recon(u16, u16, Option<(u8, u8)>),
    /// A unit's movement row and its allowance (into contact, not into contact).
    Move(UnitKind, MoveClass, u8, u8),
    /// The raw movement row (for the fixed row, which no unit kind reaches).
    MoveRow(MoveClass, u8, u8),
    /// A unit (kind, assault) shoots on this row with these dice against inf/guns/armour.
    Shoots(UnitKind, bool, Shooter, [u8; 3]),
    /// The column a unit falls in as a target.
    Target(UnitKind, TargetClass),
    /// Dice of a shooter in a sector (attacking it?) against the enemy present.
    Best(Shooter, bool, &'static [TargetClass], u8),
    /// Minefield dice (another defender present?, enemy all engineers?).
    Mines(bool, bool, u8),
    /// Support range of a gun kind.
    Range(GunKind, Option<u8>),
    /// Default random event on a d6 face.
    Event(u16, Event),
    /// Victory: exited of total.
    Victory(usize, usize, Victory),
    /// Bogging: terrain, the three columns' least scores.
    Bog(Terrain, [Option<u16>; 3]),
    /// The bogging column a unit rolls in.
    BogColumn(UnitKind, BogClass),
    /// Halting: is this terrain difficult for this unit?
    Difficult(Terrain, UnitKind, bool),
    /// Moving targets (option on?, moved?, kind) and the score that kills.
    Kill(bool, bool, UnitKind, u16),
    /// Defender movers' die (HQ destroyed?).
    MoversDie(bool, Die),
    /// Headless division: units and how many may move.
    Headless(usize, usize),
}

fn check(case: Case) {
    match case {
        Case::Recon(a, l, want) => {
            let got = tables::recon_target(a, l).map(|s| (s.axis, s.line));
            assert_eq!(got, want, "recon dice {a},{l}");
        }
        Case::Move(kind, class, into, not) => {
            assert_eq!(tables::move_class(kind), class, "{}", kind.name());
            assert_eq!(tables::allowance(class, true), into, "{} into contact", kind.name());
            assert_eq!(tables::allowance(class, false), not, "{} not into contact", kind.name());
        }
        Case::MoveRow(class, into, not) => {
            assert_eq!((tables::allowance(class, true), tables::allowance(class, false)), (into, not), "{class:?}");
        }
        Case::Shoots(kind, assault, row, dice) => {
            let unit = Unit { assault, ..Unit::new("u", kind) };
            assert_eq!(tables::shooter(&unit), row, "{} (assault {assault})", kind.name());
            let got = TargetClass::ALL.map(|t| tables::dice_against(row, t));
            assert_eq!(got, dice, "{row:?} dice vs infantry/guns/armour");
        }
        Case::Target(kind, class) => assert_eq!(tables::target_class(kind), class, "{}", kind.name()),
        Case::Best(shooter, attacking, enemy, want) => {
            assert_eq!(
                tables::ground_dice(shooter, attacking, enemy),
                want,
                "{shooter:?} attacking {attacking} {enemy:?}"
            )
        }
        Case::Mines(other, engineers, want) => {
            assert_eq!(tables::minefield_dice(other, engineers), want, "mines, other {other}, engineers {engineers}")
        }
        Case::Range(kind, want) => assert_eq!(tables::support_range(kind), want, "{kind:?}"),
        Case::Event(face, want) => assert_eq!(tables::DEFAULT_EVENTS[face as usize - 1], want, "event {face}"),
        Case::Victory(exited, total, want) => assert_eq!(tables::victory(exited, total), want, "{exited}/{total}"),
        Case::Bog(terrain, want) => {
            let cols = [BogClass::InfantryCavalry, BogClass::MotorisedOrGuns, BogClass::Armour];
            assert_eq!(cols.map(|c| optional::bogging_target(terrain, c)), want, "{terrain:?}");
        }
        Case::BogColumn(kind, class) => assert_eq!(optional::bog_class(kind), class, "{}", kind.name()),
        Case::Difficult(terrain, kind, want) => {
            assert_eq!(optional::is_difficult(terrain, kind), want, "{terrain:?} for {}", kind.name())
        }
        Case::Kill(option, moved, kind, want) => {
            assert_eq!(
                optional::kill_target(option, moved, kind),
                want,
                "option {option} moved {moved} {}",
                kind.name()
            )
        }
        Case::MoversDie(hq_gone, die) => assert_eq!(tables::defender_movers_die(hq_gone), die),
        Case::Headless(units, want) => assert_eq!(tables::headless_movers(units), want, "{units} units"),
    }
}

#[test]
fn recon_every_pair_of_dice() {
    // Axis 1-4 = A1-A4, 5-6 off the table; line 1-6 = L1-L6.
    for a in 1..=6u16 {
        for l in 1..=6u16 {
            let want = if a <= 4 { Some((a as u8, l as u8)) } else { None };
            check(Case::Recon(a, l, want));
        }
    }
    // L1 and L6 can never hold defenders.
    for s in Sector::all() {
        assert_eq!(s.is_defender_deployment(), (2..=5).contains(&s.line), "{s}");
    }
}

#[test]
fn movement_allowance_every_row() {
    use MoveClass::*;
    for case in [
        Case::MoveRow(Fixed, 0, 0),
        Case::Move(UnitKind::Hq, Slow, 1, 1),
        Case::Move(RIFLES, Slow, 1, 1),
        Case::Move(SMG, Slow, 1, 1),
        Case::Move(ENGINEERS, Slow, 1, 1),
        Case::Move(AT_HORSE, Slow, 1, 1),
        Case::Move(MORTAR, Slow, 1, 1),
        Case::Move(ARTY_HORSE, Slow, 1, 1),
        Case::MoveRow(Slow, 1, 1), // dummies
        Case::Move(CAVALRY, Fast, 2, 3),
        Case::Move(MOT_INF, Fast, 2, 3),
        Case::Move(AT_MOT, Fast, 2, 3),
        Case::Move(ARTY_MOT, Fast, 2, 3),
        Case::Move(ROCKETS, Fast, 2, 3),
        Case::Move(TANKS, Fast, 2, 3),
        Case::Move(RECCE, Fast, 2, 3),
    ] {
        check(case);
    }
    assert_eq!(tables::MOVEMENT.len(), 3);
}

#[test]
fn ground_combat_every_row_and_column() {
    use Shooter::*;
    for case in [
        Case::Shoots(UnitKind::Hq, false, Hq, [1, 1, 1]),
        Case::Shoots(SMG, true, Assault, [2, 2, 1]),
        Case::Shoots(ENGINEERS, true, Assault, [2, 2, 1]),
        Case::Shoots(AT_HORSE, false, AntiTank, [0, 1, 2]),
        Case::Shoots(AT_MOT, false, AntiTank, [0, 1, 2]),
        Case::Shoots(TANKS, false, Tanks, [2, 2, 2]),
        Case::Shoots(ARTY_HORSE, false, Artillery, [2, 2, 2]),
        Case::Shoots(ARTY_MOT, false, Artillery, [2, 2, 2]),
        Case::Shoots(ROCKETS, false, Artillery, [2, 2, 2]),
        Case::Shoots(RIFLES, false, Other, [1, 1, 1]),
        Case::Shoots(SMG, false, Other, [1, 1, 1]), // not flagged assault by the scenario
        Case::Shoots(CAVALRY, false, Other, [1, 1, 1]),
        Case::Shoots(MORTAR, false, Other, [1, 1, 1]),
        Case::Shoots(RECCE, false, Other, [1, 1, 1]),
        Case::Shoots(TANKS, true, Tanks, [2, 2, 2]), // assault is for infantry only
        Case::Target(UnitKind::Hq, Inf),
        Case::Target(RIFLES, Inf),
        Case::Target(CAVALRY, Inf),
        Case::Target(MOT_INF, Inf),
        Case::Target(AT_HORSE, Guns),
        Case::Target(MORTAR, Guns),
        Case::Target(ARTY_MOT, Guns),
        Case::Target(ROCKETS, Guns),
        Case::Target(TANKS, Arm),
        Case::Target(RECCE, Arm),
        // The most advantageous column present; an HQ attacking a sector rolls nothing.
        Case::Best(Hq, false, &[Inf], 1),
        Case::Best(Hq, true, &[Inf, Guns, Arm], 0),
        Case::Best(AntiTank, false, &[Inf], 0),
        Case::Best(AntiTank, false, &[Inf, Guns], 1),
        Case::Best(AntiTank, true, &[Inf, Arm], 2),
        Case::Best(Assault, true, &[Arm], 1),
        Case::Best(Assault, true, &[Arm, Inf], 2),
        Case::Best(Tanks, true, &[], 0),
        // Fortification: +1 die to one other defender. Minefield: +2, or 1 alone; nothing
        // against engineers alone.
        Case::Mines(true, false, 2),
        Case::Mines(false, false, 1),
        Case::Mines(true, true, 0),
        Case::Mines(false, true, 0),
    ] {
        check(case);
    }
    assert_eq!(tables::FORTIFICATION_DICE, 1);
    assert_eq!(tables::GROUND_COMBAT.len(), 6);
    assert_eq!(tables::KILL, 6);
}

#[test]
fn support_range_and_events() {
    for case in [
        Case::Range(GunKind::Mortar, Some(1)),
        Case::Range(GunKind::Artillery, Some(2)),
        Case::Range(GunKind::Rocket, Some(2)),
        Case::Range(GunKind::AntiTank, None),
        Case::Event(1, Event::NoEffect),
        Case::Event(2, Event::NoEffect),
        Case::Event(3, Event::ThickFog),
        Case::Event(4, Event::AttackerAirStrike),
        Case::Event(5, Event::DefenderAirStrike),
        Case::Event(6, Event::ExtraAmmo),
    ] {
        check(case);
    }
    // Every listed event is on the default table.
    for e in Event::ALL {
        assert!(tables::DEFAULT_EVENTS.contains(&e), "{}", e.name());
    }
}

#[test]
fn victory_every_band_and_edge() {
    use Victory::*;
    for case in [
        Case::Victory(17, 17, Total),
        Case::Victory(16, 17, Major),  // 94%
        Case::Victory(15, 17, Major),  // 88%
        Case::Victory(17, 20, Major),  // exactly 85%
        Case::Victory(14, 17, Minor),  // 82%
        Case::Victory(13, 17, Minor),  // 76%
        Case::Victory(15, 20, Minor),  // exactly 75%
        Case::Victory(12, 17, Defeat), // 71%
        Case::Victory(0, 17, Defeat),
        Case::Victory(0, 0, Defeat),
        Case::Victory(99, 100, Major),
        Case::Victory(84, 100, Minor),
        Case::Victory(74, 100, Defeat),
    ] {
        check(case);
    }
}

#[test]
fn bogging_every_row_and_column() {
    use Terrain::*;
    let s = Some;
    for case in [
        Case::Bog(Road, [s(1), s(1), s(1)]),
        Case::Bog(Open, [s(1), s(3), s(2)]),
        Case::Bog(Urban, [s(3), s(4), s(4)]),
        Case::Bog(Woods, [s(3), s(4), s(4)]),
        Case::Bog(Swamp, [s(3), s(5), s(5)]),
        Case::Bog(BridgeOrFord, [s(2), s(4), s(3)]),
        Case::Bog(CanalOrRiver, [s(4), s(5), s(6)]),
        Case::Bog(Wire, [s(5), s(6), s(2)]),
        Case::Bog(AtObstacles, [s(1), s(3), s(3)]),
        Case::Bog(Hills, [None, None, None]),
        Case::BogColumn(UnitKind::Hq, BogClass::InfantryCavalry),
        Case::BogColumn(RIFLES, BogClass::InfantryCavalry),
        Case::BogColumn(CAVALRY, BogClass::InfantryCavalry),
        Case::BogColumn(MOT_INF, BogClass::MotorisedOrGuns),
        Case::BogColumn(AT_HORSE, BogClass::MotorisedOrGuns),
        Case::BogColumn(ARTY_MOT, BogClass::MotorisedOrGuns),
        Case::BogColumn(TANKS, BogClass::Armour),
        Case::BogColumn(RECCE, BogClass::Armour),
    ] {
        check(case);
    }
    assert!(optional::destroys_wire(Wire, BogClass::Armour));
    assert!(!optional::destroys_wire(Wire, BogClass::InfantryCavalry));
    assert!(!optional::destroys_wire(Open, BogClass::Armour));
}

#[test]
fn halting_difficult_ground() {
    use Terrain::*;
    for kind in [RIFLES, CAVALRY, MOT_INF, ARTY_MOT, TANKS] {
        for t in [Urban, Woods, Swamp, CanalOrRiver, Hills] {
            check(Case::Difficult(t, kind, true));
        }
        for t in [Road, Open, BridgeOrFord] {
            check(Case::Difficult(t, kind, false));
        }
    }
    for case in [
        Case::Difficult(AtObstacles, TANKS, true),
        Case::Difficult(AtObstacles, ARTY_HORSE, true),
        Case::Difficult(AtObstacles, MOT_INF, true),
        Case::Difficult(AtObstacles, RIFLES, false),
        Case::Difficult(AtObstacles, CAVALRY, false),
        Case::Difficult(Wire, RIFLES, true),
        Case::Difficult(Wire, CAVALRY, true),
        Case::Difficult(Wire, AT_MOT, true),
        Case::Difficult(Wire, TANKS, false),
        Case::Difficult(Wire, RECCE, false),
    ] {
        check(case);
    }
}

#[test]
fn kill_numbers_movers_and_headless() {
    for case in [
        Case::Kill(false, false, RIFLES, 6),
        Case::Kill(false, true, RIFLES, 6),
        Case::Kill(false, true, CAVALRY, 6),
        Case::Kill(true, false, RIFLES, 6),
        Case::Kill(true, false, CAVALRY, 6),
        Case::Kill(true, true, RIFLES, 5),
        Case::Kill(true, true, TANKS, 5),
        Case::Kill(true, true, CAVALRY, 4),
        Case::MoversDie(false, Die::D6),
        Case::MoversDie(true, Die::D3),
        Case::Headless(17, 8),
        Case::Headless(16, 8),
        Case::Headless(1, 0),
    ] {
        check(case);
    }
}

#[test]
fn counts_and_limits_of_the_text() {
    assert_eq!(tables::STACKING, 6);
    assert_eq!(tables::TURNS, 6);
    assert_eq!((tables::RECON_ATTEMPTS, tables::RECON_EXAMINE), (3, 2));
    assert_eq!(tables::TRPS, 4);
    assert_eq!((tables::PRE_BATTLE_FM, tables::PRE_BATTLE_FM_PER_SECTOR), (16, 2));
    assert_eq!((tables::ON_CALL_FM, tables::ON_CALL_FM_PER_TURN, tables::ON_CALL_FM_PER_TRP_PER_TURN), (8, 4, 2));
    assert_eq!(tables::COMBAT_ROUNDS, 3);
    assert_eq!(tables::SUBORDINATE_TAKES_OVER, 4);
    assert_eq!(tables::DIVISION_UNITS, (15, 17));
    assert_eq!((tables::DEFAULT_FORTIFICATIONS, tables::DEFAULT_MINEFIELDS, tables::DEFAULT_DUMMIES), (6, 4, 25));
    assert_eq!(optional::SCALES.len(), 4);
    assert_eq!(optional::SCALES[2][..3], ["Corps", "Division", "Battalion"]);
    assert!(READINGS.len() >= 10 && READINGS.iter().all(|r| !r.is_empty()));
}
