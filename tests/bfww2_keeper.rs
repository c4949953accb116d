//! A Battlefront: WW2 campaign kept by one side in the umpire's place (issue 31,
//! `Setup::kept_by`): a player keeps it, so the keeping side's simultaneous choices are sealed
//! on its device, the other side's device sends its own as seals first, and the two devices
//! roll together; an umpire-kept campaign (every campaign stored before the option) is as it
//! was. The rolls only their side cares about (`System::own_roll`) are classified one by one.
//! A side-kept sample travels in a link as a few characters ("3k0"), and every link written
//! before decodes as it did. Random sealed play of a side-kept campaign is in `tests/sealed.rs`.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::fair::Secret;
use field_desk::engine::{player_keeps, Campaign, DiceInput, Seat, System};
use field_desk::share::link;
use field_desk::share::seals::{sending, Sending};
use field_desk::share::{Document, Meta};
use field_desk::systems::bfww2_campaign::sample::{sample_setup, sample_setup_read_by};
use field_desk::systems::bfww2_campaign::seats::{seat, UMPIRE};
use field_desk::systems::bfww2_campaign::setup::{setup_check, SetupProblem, SECOND_READINGS};
use field_desk::systems::bfww2_campaign::tables::Ammo;
use field_desk::systems::bfww2_campaign::{Bfww2Campaign, Decision, Obstacle, Phase, Setup};
use field_desk::systems::{AnyCampaign, Body};
use rng::Rng;

type C = Campaign<Bfww2Campaign>;

fn kept(k: Option<u8>) -> Setup {
    Setup { kept_by: k, ..sample_setup() }
}

fn meta() -> Meta {
    Meta { id: "6b2e8f0c91a4d737".into(), name: "Kept by a side".into(), created: 1.7e12, updated: 1.7e12 }
}

/// The first step of a side's refit, which the sample starts with: both sides choose unseen.
fn cpp(side: u8) -> Decision {
    Decision::RollCpp { side }
}

#[test]
fn a_side_kept_campaign_is_kept_by_a_player_and_an_umpire_kept_one_is_not() {
    for k in [0u8, 1] {
        let setup = kept(Some(k));
        assert_eq!(Bfww2Campaign::kept_by(&setup), Some(seat(k)));
        assert_eq!(Bfww2Campaign::umpire(&setup), Some(UMPIRE), "the umpire's seat still takes the umpire's steps");
        assert!(player_keeps::<Bfww2Campaign>(&setup));
        assert!(setup_check(&setup).is_empty());
    }
    let umpired = kept(None);
    assert_eq!(Bfww2Campaign::kept_by(&umpired), None);
    assert!(!player_keeps::<Bfww2Campaign>(&umpired));
    // A side that does not exist keeps nothing, and the setup is refused.
    let wrong = kept(Some(2));
    assert_eq!(Bfww2Campaign::kept_by(&wrong), None);
    assert_eq!(setup_check(&wrong), vec![SetupProblem::KeeperUnknown(2)]);
    assert!(C::new(wrong).is_err());
}

#[test]
fn the_keeping_side_seals_its_refit_and_the_other_side_sends_a_seal() {
    for k in [0u8, 1] {
        let c = C::new(kept(Some(k))).unwrap();
        assert_eq!(c.state().phase, Phase::Refit);
        assert_eq!(c.to_act(), vec![seat(0), seat(1)]);
        let other = 1 - k;
        assert!(c.seals(&cpp(k)), "the keeper's own simultaneous choice is sealed");
        assert!(c.seals(&cpp(other)), "so is the other side's, whoever takes it");
        let view = c.seat_view(Some(seat(other)));
        assert_eq!(sending(&view, &(cpp(other), Vec::new()), &Secret([7; 16])), Sending::Seal);
        // The keeper's own step, sealed, keeps its salt; the refit is each side's own, so the
        // other side's copy shows nothing of it and its device still seals its step first.
        let mut after = c.clone();
        after.decide_sealed(cpp(k), DiceInput::Typed(vec![6]), Secret([9; 16])).unwrap();
        assert_eq!(after.active_entries().last().and_then(|e| e.salt), Some(Secret([9; 16])));
        let view = after.seat_view(Some(seat(other)));
        assert_eq!(sending(&view, &(cpp(other), Vec::new()), &Secret([7; 16])), Sending::Seal);
    }
    // Kept by an umpire: nothing is sealed, every step goes plainly.
    let c = C::new(kept(None)).unwrap();
    assert!(!c.seals(&cpp(0)) && !c.seals(&cpp(1)));
    let view = c.seat_view(Some(seat(1)));
    assert_eq!(sending(&view, &(cpp(1), Vec::new()), &Secret([7; 16])), Sending::Plain);
}

#[test]
fn the_keeper_s_device_rolls_together_with_the_other_side() {
    for k in [0u8, 1] {
        let c = C::new(kept(Some(k))).unwrap();
        let (keeper, other) = (seat(k), seat(1 - k));
        assert_eq!(c.joint_partner(UMPIRE), Some(other), "the umpire's seat on the keeper's device stands for it");
        assert_eq!(c.joint_partner(keeper), Some(other));
        assert_eq!(c.joint_partner(other), Some(keeper));
        assert_eq!(c.joint_partner(Seat(3)), None);
    }
    let c = C::new(kept(None)).unwrap();
    for s in [UMPIRE, seat(0), seat(1)] {
        assert_eq!(c.joint_partner(s), None, "an umpire keeps: no joint rolls");
    }
}

/// Every rolling decision, and whether its roll is the rolling side's own (`own_roll`).
fn rolls() -> Vec<(Decision, bool)> {
    let s = |x: &str| x.to_string();
    vec![
        (Decision::RollRating { side: 0, me: s("TB-1") }, true),
        (Decision::RollCpp { side: 0 }, false),
        (
            Decision::RepairArmour { side: 0, me: s("TB-1"), abandoned: false, in_minefield: false, spend_cpp: false },
            false,
        ),
        (Decision::RollWithdrawal { side: 1, me: s("PzR-1") }, false),
        (Decision::RollSmoke { side: 1, rg: s("O3"), extra_cpp: 0 }, false),
        (Decision::BuyAircraft { side: 1, rg: s("AIR"), extra_cpp: 1 }, false),
        (Decision::RemoveObstacle { side: 0, obstacle: Obstacle::Wire, place: s("hill"), mods: vec![] }, false),
        (Decision::RollEscape { side: 0, me: s("TB-1"), vehicle: true, group: 1, mods: vec![] }, false),
        (Decision::RollAmmo { side: 1, me: s("PzR-1") }, false),
        (Decision::RollOff, false),
        (Decision::CheckTurn { turn: 12 }, false),
    ]
}

fn same_kind(a: &Decision, b: &Decision) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

#[test]
fn only_the_rating_roll_stays_the_rolling_side_s_own() {
    let c = C::new(kept(Some(0))).unwrap();
    for (d, own) in rolls() {
        assert_eq!(Bfww2Campaign::own_roll(c.setup(), c.state(), &d), own, "{d:?}");
    }
    // The table is every rolling decision random play meets (a new one fails here), and the
    // campaign offers each jointly first exactly when it is not the side's own.
    let table = rolls();
    let mut seen = vec![false; table.len()];
    for seed in 0..6u64 {
        let mut rng = Rng::new(0x0_4011 + seed);
        let mut c = C::new(kept(Some((seed % 2) as u8))).unwrap();
        for _ in 0..400 {
            if c.state().phase == Phase::Over {
                break;
            }
            let Some(d) = grammar_walk::draw(&c, &mut rng, 200) else { break };
            if c.dice_for(&d).is_some() {
                let i =
                    table.iter().position(|(t, _)| same_kind(t, &d)).unwrap_or_else(|| panic!("unlisted roll {d:?}"));
                seen[i] = true;
                assert_eq!(c.joint_by_default(&d), !table[i].1, "{d:?}");
            }
            c.decide(d, DiceInput::App(&mut rng)).expect("drawn legal");
        }
    }
    assert!(seen[0] && seen[1] && seen.iter().filter(|&&x| x).count() >= 5, "too few kinds of roll met: {seen:?}");
    // Decisions with no dice are never a roll of anyone's.
    let ammo = Decision::SetAmmo { side: 0, me: "TB-1".into(), ammo: Ammo::Short };
    assert!(!Bfww2Campaign::own_roll(c.setup(), c.state(), &ammo));
}

fn link_of(setup: Setup) -> String {
    link::encode(&Document::new(meta(), &AnyCampaign::Bfww2Campaign(C::new(setup).unwrap())))
}

fn opened(text: &str) -> Setup {
    let d = link::decode(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let Body::Bfww2Campaign { setup, .. } = d.body else { panic!("a BFWW2 campaign") };
    setup
}

/// Known answers: the side-kept sample goes as "3k0" or "3k1" (a few characters, like the
/// sample's "3"), and opens to the same setup; an umpire-kept sample goes as before.
#[test]
fn a_side_kept_sample_goes_in_a_link_as_a_few_characters() {
    let umpired = link_of(kept(None));
    assert_eq!(umpired, "fd4.W1lvYap2frU6CMc5EcT4FUQUOc4gIVgggAAIr8RRQ54");
    for k in [0u8, 1] {
        let text = link_of(kept(Some(k)));
        assert!(text.len() < umpired.len() + 8, "{text} against {umpired}");
        assert_eq!(opened(&text), kept(Some(k)));
    }
    assert_eq!(link_of(kept(Some(0))), "fd4.W1lvYap2frU6CMc5EcT4FUQUOc4gIVgggAAUT69qu-BTeEc");
    assert_eq!(link_of(kept(Some(1))), "fd4.W1lvYap2frU6CMc5EcT4FUQUOc4gIVgggAAUT690SJnPjbc");
    // Another side-kept setup still travels whole, and the earlier readings' sample kept by a
    // side too (its JSON: the short forms are for later readings).
    let mut other = kept(Some(1));
    other.sides[0].name = "Soviet 25th Tank Corps".into();
    assert_eq!(opened(&link_of(other.clone())), other);
    let earlier = Setup { kept_by: Some(0), ..sample_setup_read_by(SECOND_READINGS) };
    let text = link_of(earlier.clone());
    assert!(text.len() > 500, "{}", text.len());
    assert_eq!(opened(&text), earlier);
}

/// Every BFWW2 link the app wrote before the option opens to a campaign kept by an umpire, and
/// what is written for such a campaign (stored document, link) carries no word of a keeper.
#[test]
fn links_and_documents_from_before_open_as_kept_by_an_umpire() {
    for path in
        ["tests/fixtures/links/bfww2-campaign-v4-sample-played.txt", "tests/fixtures/links/bfww2-campaign-v1-json.txt"]
    {
        let text = std::fs::read_to_string(path).unwrap();
        let d = link::decode(text.trim()).unwrap_or_else(|e| panic!("{path}: {e}"));
        let Body::Bfww2Campaign { setup, .. } = &d.body else { panic!("a BFWW2 campaign") };
        assert_eq!(setup.kept_by, None, "{path}");
        assert!(!serde_json::to_string(&d).unwrap().contains("kept_by"), "{path}");
    }
    let fixtures = std::fs::read_to_string("tests/fixtures/systems/bfww2-campaign.txt").unwrap();
    for line in fixtures.lines().filter(|l| !l.trim().is_empty()) {
        let text = line.split('\t').next().unwrap();
        let setup = opened(text);
        assert_eq!(setup.kept_by, None);
        assert!(!player_keeps::<Bfww2Campaign>(&setup));
    }
    // A document stored before: its setup has no keeper and reads as kept by an umpire.
    let json = serde_json::to_string(&sample_setup()).unwrap();
    assert!(!json.contains("kept_by"));
    let back: Setup = serde_json::from_str(&json).unwrap();
    assert_eq!(back.kept_by, None);
    let side_kept = serde_json::to_string(&kept(Some(1))).unwrap();
    assert!(side_kept.contains("\"kept_by\":1"));
}
