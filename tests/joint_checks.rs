//! Issue 31's second pass: every joint roll is drawn again and checked on the seat's device
//! (not only the last); dice a seat's own device rolled are named as that device's; the rolls
//! both sides care about are offered jointly once the other player's device has replied; and
//! who rolls together follows who keeps the campaign.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/reply_link.rs"]
mod reply_link;

use field_desk::engine::fair::{Seal, Secret};
use field_desk::engine::{Campaign, DiceInput, Roll, Roller, Seat};
use field_desk::share::reply::{part_to, reply_to, take};
use field_desk::share::seals::{roll_checks, RollCheck, Seen};
use field_desk::systems::race_for_x::tables::OffensiveAction;
use field_desk::systems::race_for_x::{Decision, RaceForX, Side};
use field_desk::systems::rapier_offensive::RapierOffensive;
use field_desk::systems::Descriptor;
use reply_link::reply_link;

const ID: &str = "0123456789abcdef";
const ANNA: Seat = Seat(0);
const BORIS: Seat = Seat(1);

/// The sample with both actions chosen: the type of battle is to be rolled.
fn at_the_roll() -> Campaign<RaceForX> {
    let mut c = Campaign::<RaceForX>::new(RaceForX::sample()).unwrap();
    for side in [Side::A, Side::B] {
        c.decide(Decision::ChooseAction { side, action: OffensiveAction::Attack }, DiceInput::Typed(vec![])).unwrap();
    }
    assert!(c.dice_for(&Decision::RollBattleType).is_some(), "the type of battle is rolled next");
    c
}

/// Rolls `d` jointly with Boris's device, his part `mine`: the keeper's part `first`.
fn joint(c: &mut Campaign<RaceForX>, d: Decision, first: Secret, mine: Secret) {
    c.commit_joint(BORIS, &d, first).unwrap();
    let part = reply_link(&part_to::<RaceForX>(ID, &c.seat_view(Some(BORIS)), &mine).unwrap());
    take(c, ID, &part).unwrap();
}

#[test]
fn a_seat_s_device_checks_every_joint_roll_it_took_part_in() {
    let mut c = at_the_roll();
    let (k1, b1) = (Secret([0x11; 16]), Secret([0xb1; 16]));
    joint(&mut c, Decision::RollBattleType, k1, b1);
    // Undone and rolled again jointly: two joint rolls in the history, one in effect.
    assert!(c.undo());
    let (k2, b2) = (Secret([0x22; 16]), Secret([0xb2; 16]));
    joint(&mut c, Decision::RollBattleType, k2, b2);
    let history = c.seat_view(Some(BORIS)).history;
    let seen = vec![
        Seen { by: BORIS, seal: Seal::of_value(&k1), at: 1.0 },
        Seen { by: BORIS, seal: Seal::of_value(&k2), at: 2.0 },
    ];
    let mine = vec![(Seal::of_value(&k1), b1), (Seal::of_value(&k2), b2)];
    let checks: Vec<RollCheck> = roll_checks(&history, &seen, &mine).into_iter().map(|c| c.1).collect();
    assert_eq!(
        checks,
        vec![RollCheck::Holds { at: 1.0 }, RollCheck::Holds { at: 2.0 }],
        "both rolls, not only the last"
    );
    // The first roll's dice changed in the copy: that one fails, the other still holds.
    let mut forged = history.clone();
    let first = forged.iter_mut().find(|l| l.joint.is_some_and(|j| j.first == k1)).unwrap();
    first.dice[0].value = first.dice[0].value % first.dice[0].die.sides() + 1;
    let checks: Vec<RollCheck> = roll_checks(&forged, &seen, &mine).into_iter().map(|c| c.1).collect();
    assert_eq!(checks, vec![RollCheck::Broken, RollCheck::Holds { at: 2.0 }]);
    // The keeper answered its own seal with another part than the one Boris sent.
    let other = vec![(Seal::of_value(&k1), Secret([0xee; 16])), (Seal::of_value(&k2), b2)];
    assert_eq!(roll_checks(&history, &seen, &other)[0].1, RollCheck::Broken);
    // A device that kept no part and saw no seal can only draw the dice again.
    let bare: Vec<RollCheck> = roll_checks(&history, &[], &[]).into_iter().map(|c| c.1).collect();
    assert_eq!(bare, vec![RollCheck::Unchecked, RollCheck::Unchecked]);
    // And every reader's log line draws each roll again from its parts.
    for line in c.seat_view(Some(ANNA)).history.iter().filter(|l| l.joint.is_some()) {
        assert!(line.joint.unwrap().follows(&line.dice));
    }
    assert!(!forged
        .iter()
        .find(|l| l.joint.is_some_and(|j| j.first == k1))
        .unwrap()
        .joint
        .unwrap()
        .follows(&forged.iter().find(|l| l.joint.is_some_and(|j| j.first == k1)).unwrap().dice));
}

#[test]
fn dice_a_seat_s_device_rolled_are_named_as_that_device_s() {
    let mut c = at_the_roll();
    let spec = c.dice_for(&Decision::RollBattleType).unwrap();
    let rolls: Vec<Roll> = (0..spec.count).map(|_| Roll { die: spec.die, value: 1, by: Roller::App }).collect();
    assert!(!c.heard_from(BORIS), "nothing from Boris's device yet");
    let reply =
        reply_link(&reply_to::<RaceForX>(ID, &c.seat_view(Some(BORIS)), &[(Decision::RollBattleType, rolls)]).unwrap());
    take(&mut c, ID, &reply).unwrap();
    assert!(c.heard_from(BORIS) && !c.heard_from(ANNA));
    for reader in [None, Some(ANNA), Some(BORIS)] {
        let line = c.history_for(reader).into_iter().rev().find(|l| !l.dice.is_empty()).unwrap();
        assert_eq!(line.rolled_on, Some(BORIS), "{reader:?} reads that Boris's device rolled it");
    }
    // Undone and rolled on the keeper's device: not named.
    assert!(c.undo());
    c.decide(Decision::RollBattleType, DiceInput::Typed(vec![1; usize::from(spec.count)])).unwrap();
    let line = c.history().into_iter().rev().find(|l| l.active && !l.dice.is_empty()).unwrap();
    assert_eq!(line.rolled_on, None, "typed at the keeper's device");
}

#[test]
fn the_rolls_both_sides_care_about_default_to_joint_and_partners_follow_the_keeper() {
    let c = at_the_roll();
    assert_eq!(c.joint_partner(ANNA), Some(BORIS));
    assert_eq!(c.joint_partner(BORIS), Some(ANNA));
    assert!(c.joint_by_default(&Decision::RollBattleType), "the type of battle matters to both sides");
    assert!(
        !c.joint_by_default(&Decision::ChooseAction { side: Side::A, action: OffensiveAction::Attack }),
        "no dice, no joint roll"
    );
    // An umpire keeps Rapier: nobody rolls together, nothing is sealed.
    let r = Campaign::<RapierOffensive>::new(RapierOffensive::sample()).unwrap();
    assert!(!field_desk::engine::player_keeps::<RapierOffensive>(r.setup()));
    for s in r.seats() {
        assert_eq!(r.joint_partner(s), None);
    }
}
