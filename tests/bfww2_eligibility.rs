//! Who rolls on which table, and when, as the text sets it: one `check` helper, cases as data.

#![cfg(not(target_arch = "wasm32"))]

use field_desk::systems::bfww2_campaign::calendar::Slot::{self, Afternoon, Morning, Night};
use field_desk::systems::bfww2_campaign::eligibility::{self as el, Posture, PostureOutcome, RepairTime};
use field_desk::systems::bfww2_campaign::tables::{EscapeColumn, MeClass, Month, Nation, Status};

use Posture::{Attack, Defend};
use Status::{CutOff, Isolated, Normal};

enum Case {
    Postures([Posture; 2], PostureOutcome),
    /// Class, inside own MLR, nation, (year, month), due.
    Repair(MeClass, bool, Nation, (u16, u8), bool),
    RepairTime(&'static [Slot], Option<RepairTime>),
    /// Side restricted, armour only, status, AFVs lost, due.
    Withdrawal(bool, bool, Status, u16, bool),
    /// Option, slot, first scenario, fought, begins cut off, due.
    Rating(bool, Slot, bool, bool, bool, bool),
    Breakpoints(Slot, Status, bool),
    /// Class, behind own MLR, in an enemy pocket, removable.
    Wreck(MeClass, bool, bool, bool),
    Escape(Status, bool),
    Group(usize, bool),
    Column(bool, EscapeColumn),
}

fn check(case: Case) {
    match case {
        Case::Postures(p, want) => assert_eq!(el::postures(p), want, "{p:?}"),
        Case::Repair(c, inside, n, (y, m), want) => {
            assert_eq!(el::repair_due(c, inside, n, Month::new(y, m)), want, "{c:?} {inside} {n:?} {y}-{m}")
        }
        Case::RepairTime(slots, want) => assert_eq!(el::repair_time(slots), want, "{slots:?}"),
        Case::Withdrawal(r, a, s, l, want) => assert_eq!(el::withdrawal_due(r, a, s, l), want, "{r} {a} {s:?} {l}"),
        Case::Rating(o, slot, first, fought, cut, want) => {
            assert_eq!(el::rating_roll_due(o, slot, first, fought, cut), want, "{o} {slot:?} {first} {fought} {cut}")
        }
        Case::Breakpoints(slot, s, want) => assert_eq!(el::breakpoints_recomputed(slot, s), want, "{slot:?} {s:?}"),
        Case::Wreck(c, behind, pocket, want) => {
            assert_eq!(el::enemy_wreck_removable(c, behind, pocket), want, "{c:?} {behind} {pocket}")
        }
        Case::Escape(s, want) => assert_eq!(el::escape_due(s), want, "{s:?}"),
        Case::Group(n, want) => assert_eq!(el::escape_as_group(n), want, "{n}"),
        Case::Column(v, want) => assert_eq!(el::escape_column(v), want, "{v}"),
    }
}

#[test]
fn every_gate() {
    use MeClass::{Armour, Infantry};
    use Nation::{American, German, Russian};
    for case in [
        Case::Postures([Attack, Defend], PostureOutcome::Attacker(0)),
        Case::Postures([Defend, Attack], PostureOutcome::Attacker(1)),
        Case::Postures([Attack, Attack], PostureOutcome::RollOff),
        Case::Postures([Defend, Defend], PostureOutcome::NoScenario),
        Case::Repair(Armour, true, German, (1942, 12), true),
        Case::Repair(Armour, false, German, (1942, 12), false),
        Case::Repair(Infantry, true, German, (1942, 12), false),
        Case::Repair(Armour, true, Russian, (1942, 12), false),
        Case::Repair(Armour, true, American, (1944, 9), true),
        Case::RepairTime(&[Morning], Some(RepairTime::CleanupAfter(Morning))),
        Case::RepairTime(&[Morning, Afternoon], Some(RepairTime::CleanupAfter(Afternoon))),
        Case::RepairTime(&[Morning, Afternoon, Night], Some(RepairTime::NightRefit)),
        Case::RepairTime(&[Morning, Night], Some(RepairTime::NightRefit)),
        Case::RepairTime(&[], None),
        Case::Withdrawal(true, true, Normal, 1, true),
        Case::Withdrawal(false, true, Normal, 1, false),
        Case::Withdrawal(true, false, Normal, 1, false),
        Case::Withdrawal(true, true, Isolated, 1, false),
        Case::Withdrawal(true, true, CutOff, 2, false),
        Case::Withdrawal(true, true, Normal, 0, false),
        Case::Rating(true, Morning, false, true, false, true),
        Case::Rating(true, Morning, false, false, true, true),
        Case::Rating(true, Morning, false, false, false, false),
        Case::Rating(true, Morning, true, true, true, false),
        Case::Rating(true, Afternoon, false, true, false, false),
        Case::Rating(true, Night, false, true, true, false),
        Case::Rating(false, Morning, false, true, false, false),
        Case::Breakpoints(Morning, Normal, true),
        Case::Breakpoints(Morning, Isolated, false),
        Case::Breakpoints(Morning, CutOff, false),
        Case::Breakpoints(Afternoon, Normal, false),
        Case::Breakpoints(Night, Normal, false),
        Case::Wreck(Armour, true, false, true),
        Case::Wreck(Armour, true, true, false),
        Case::Wreck(Armour, false, false, false),
        Case::Wreck(Infantry, true, false, false),
        Case::Escape(Normal, false),
        Case::Escape(Isolated, true),
        Case::Escape(CutOff, true),
        Case::Group(0, false),
        Case::Group(1, false),
        Case::Group(2, true),
        Case::Column(false, EscapeColumn::Infantry),
        Case::Column(true, EscapeColumn::Vehicle),
    ] {
        check(case);
    }
}
