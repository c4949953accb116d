//! Locked seats (`store::pins`): the salted hash and its check, five wrong tries then a wait of
//! 30 seconds (time handed in), PINs kept apart from campaigns (never in a backup or an export),
//! forgotten with the campaign or the device's settings for it; and which undo takes back a step
//! hidden from the one holding the device (`Campaign::undo_hidden_from`).

#![cfg(not(target_arch = "wasm32"))]

use field_desk::engine::{Campaign, DiceInput, Seat};
use field_desk::share::Meta;
use field_desk::store::{self, Backend, Memory, PinError};
use field_desk::systems::race_for_x::sample::sample_setup;
use field_desk::systems::race_for_x::tables::OffensiveAction::{Attack, Regroup};
use field_desk::systems::race_for_x::{Decision, RaceForX, Side};
use field_desk::systems::AnyCampaign;

const ID: &str = "0123456789abcdef";

fn stored() -> Memory {
    let mut b = Memory::default();
    let c = Campaign::<RaceForX>::new(sample_setup()).unwrap();
    let meta = Meta { id: ID.into(), name: "Locked".into(), created: 1.0, updated: 1.0 };
    let doc = field_desk::share::Document::new(meta, &AnyCampaign::RaceForX(c));
    store::save(&mut b, &doc).unwrap();
    b
}

#[test]
fn a_pin_is_kept_as_a_salted_hash_and_checked() {
    assert!(store::valid_pin("1234") && store::valid_pin("12345678"));
    for bad in ["123", "123456789", "12a4", "", " 1234", "１２３４"] {
        assert!(!store::valid_pin(bad), "{bad:?}");
    }
    let a = store::Lock::new("2468", [1; 16]);
    let b = store::Lock::new("2468", [2; 16]);
    assert_ne!(a.hash(), b.hash(), "the salt changes the hash");
    assert_eq!(a.hash(), store::pin_hash(&[1; 16], "2468"));
    assert_eq!(a.hash().len(), 64, "SHA-256 in hex");
    assert!(a.opens("2468") && !a.opens("2469") && !a.opens("24680"));

    let mut m = stored();
    assert!(!store::locked(&m, ID, "0") && !store::any_locked(&m, ID));
    assert_eq!(store::try_pin(&mut m, ID, "0", "", 0.0), Ok(()), "a seat with no PIN opens");
    assert_eq!(store::set_pin(&mut m, ID, "0", "12", [7; 16]), Err(PinError::Shape));
    store::set_pin(&mut m, ID, "0", "2468", [7; 16]).unwrap();
    assert!(store::locked(&m, ID, "0") && !store::locked(&m, ID, "1") && store::any_locked(&m, ID));
    let raw = m.get(&format!("{}{ID}.0", store::PIN_PREFIX)).unwrap().unwrap();
    assert!(!raw.contains("2468"), "the PIN itself is not kept: {raw}");
    assert_eq!(store::try_pin(&mut m, ID, "0", "2468", 0.0), Ok(()));
    assert_eq!(store::try_pin(&mut m, ID, "0", "1357", 0.0), Err(PinError::Wrong(4)));
    store::clear_pin(&mut m, ID, "0").unwrap();
    assert!(!store::locked(&m, ID, "0"));
}

#[test]
fn five_wrong_tries_in_a_row_wait_thirty_seconds() {
    let mut m = stored();
    store::set_pin(&mut m, ID, "1", "97531", [3; 16]).unwrap();
    let t = 1.7e12;
    for left in [4, 3, 2, 1] {
        assert_eq!(store::try_pin(&mut m, ID, "1", "00000", t), Err(PinError::Wrong(left)));
    }
    assert_eq!(PinError::Wrong(3).to_string(), "Wrong PIN: 3 tries left");
    assert_eq!(store::try_pin(&mut m, ID, "1", "00000", t), Err(PinError::Wait(30)));
    assert_eq!(PinError::Wait(30).to_string(), "Five wrong tries: wait 30 seconds");
    // While waiting, even the right PIN is refused, and the count is kept on the device.
    assert_eq!(store::try_pin(&mut m, ID, "1", "97531", t + 1_000.0), Err(PinError::Wait(29)));
    assert_eq!(store::try_pin(&mut m, ID, "1", "97531", t + 29_999.0), Err(PinError::Wait(1)));
    assert_eq!(store::try_pin(&mut m, ID, "1", "97531", t + 30_000.0), Ok(()));
    // A right PIN resets the count: four wrong ones again before the last try.
    for left in [4, 3] {
        assert_eq!(store::try_pin(&mut m, ID, "1", "1", t + 31_000.0), Err(PinError::Wrong(left)));
    }
    assert_eq!(store::try_pin(&mut m, ID, "1", "97531", t + 31_000.0), Ok(()));
    assert_eq!(store::try_pin(&mut m, ID, "1", "1", t + 31_000.0), Err(PinError::Wrong(4)));
}

#[test]
fn pins_never_reach_a_backup_or_an_export_and_go_with_their_campaign() {
    let mut m = stored();
    store::set_pin(&mut m, ID, "0", "2468", [9; 16]).unwrap();
    store::set_pin(&mut m, ID, "1", "13579", [8; 16]).unwrap();
    let hashes: Vec<String> = ["0", "1"].iter().map(|s| store::lock(&m, ID, s).unwrap().hash().to_string()).collect();
    let backup = serde_json::to_string(&store::backup(&m).unwrap()).unwrap();
    let (doc, _) = store::load(&m, ID).unwrap();
    for text in [backup, doc.to_json(), store::raw(&m, ID).unwrap().unwrap()] {
        for h in &hashes {
            assert!(!text.contains(h.as_str()), "a PIN's hash leaked");
        }
        assert!(!text.contains("fielddesk.pin") && !text.contains("2468"));
    }
    // Forgetting this device's settings for the campaign clears its PINs and leaves the campaign.
    store::set_holder(&mut m, ID, Some(Seat(1))).unwrap();
    store::forget_device(&mut m, ID).unwrap();
    assert!(!store::any_locked(&m, ID) && store::holder(&m, ID).is_none());
    assert!(store::load(&m, ID).is_ok(), "the campaign stays");
    // Deleting the campaign clears them too; another campaign's PIN stays.
    store::set_pin(&mut m, ID, "0", "2468", [9; 16]).unwrap();
    store::set_pin(&mut m, "0123456789abcdef0", "0", "2468", [9; 16]).unwrap();
    store::delete(&mut m, ID).unwrap();
    assert!(m.keys().unwrap().iter().all(|k| !k.contains(ID) || k.contains("abcdef0")), "{:?}", m.keys());
    assert!(store::locked(&m, "0123456789abcdef0", "0"));
}

#[test]
fn an_undo_says_whose_hidden_step_it_takes_back() {
    let mut c = Campaign::<RaceForX>::new(sample_setup()).unwrap();
    assert_eq!(c.undo_hidden_from(None), None, "nothing to undo");
    let choose = |c: &mut Campaign<RaceForX>, side, action| {
        c.decide(Decision::ChooseAction { side, action }, DiceInput::Typed(vec![])).unwrap()
    };
    choose(&mut c, Side::A, Attack);
    assert_eq!(c.undo_hidden_from(None), Some(Some(Seat(0))), "the table may not read Anna's choice");
    assert_eq!(c.undo_hidden_from(Some(Seat(1))), Some(Some(Seat(0))));
    assert_eq!(c.undo_hidden_from(Some(Seat(0))), None, "Anna may");
    assert_eq!(c.hidden_back_to(None, 0), vec![Some(Seat(0))]);
    assert_eq!(c.hidden_back_to(Some(Seat(0)), 0), vec![]);
    choose(&mut c, Side::B, Regroup);
    assert_eq!(c.undo_hidden_from(None), None, "both in: everyone reads them");
    assert_eq!(c.hidden_back_to(None, 0), vec![], "going back over both hides nothing read");
}
