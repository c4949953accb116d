//! A system's typed stored and sent forms (`share::typed`, `store::*_of`) against the
//! any-system ones they stand in for in that system's code: the same JSON byte for byte, the
//! released fixtures read either way, another system's document refused, and the guarded save
//! and the copy kept apart behaving as `save_guarded` and `import` do.

#[path = "support/bfww2_play.rs"]
mod bfww2_play;
#[path = "support/rapier.rs"]
mod rapier;

use field_desk::engine::Campaign;
use field_desk::share::seat::SeatCopy;
use field_desk::share::typed::{BodyOf, SeatCopyOf, Stored};
use field_desk::share::{Document, LoadError, Meta};
use field_desk::store::{self, Backend, Memory, StoreError};
use field_desk::systems::axis_of_attack::AxisOfAttack;
use field_desk::systems::bfww2_campaign::Bfww2Campaign;
use field_desk::systems::crossfire_scouting::CrossfireScouting;
use field_desk::systems::race_for_x::RaceForX;
use field_desk::systems::rapier_offensive::RapierOffensive;
use field_desk::systems::{AnyCampaign, Listed};

fn meta(id: &str) -> Meta {
    Meta { id: id.into(), name: format!("Campaign {id}"), created: 1.0, updated: 2.0 }
}

/// One campaign checked both ways: stored, sent whole and sent as every seat's view.
fn check<S: Listed>(c: &Campaign<S>, any: AnyCampaign) {
    let m = meta("t1");
    let typed = Stored::new(m.clone(), c).to_json();
    let untyped = Document::new(m.clone(), &any).to_json();
    assert_eq!(typed, untyped, "{}: the stored JSON differs", S::ID.name());
    // Each reads the other's.
    let back = Stored::<S>::from_json(&untyped).unwrap();
    assert_eq!(back.open().unwrap().journal(), c.journal());
    assert_eq!(Document::from_json(&typed).unwrap(), Document::from_json(&untyped).unwrap());
    for reader in c.seats().into_iter().map(Some).chain([None]) {
        let typed = SeatCopyOf::new(m.clone(), 5.0, c, reader);
        let untyped = SeatCopy::new(m.clone(), 5.0, any.seat_view(reader));
        assert_eq!(typed.to_json(), untyped.to_json(), "{}: the seat copy differs", S::ID.name());
        assert_eq!(typed.reader_name(), untyped.view.reader_name());
        assert_eq!(typed.status(), untyped.view.status());
        let read = SeatCopyOf::<S>::from_json(&untyped.to_json()).unwrap();
        assert_eq!(read.to_json(), untyped.to_json());
        assert_eq!(SeatCopy::from_json(&typed.to_json()).unwrap(), untyped);
    }
}

#[test]
fn typed_forms_are_the_any_system_forms_byte_for_byte() {
    for (name, text) in [
        ("race-for-x", include_str!("fixtures/race-for-x-format-1.json")),
        ("crossfire-scouting", include_str!("fixtures/crossfire-scouting-format-1.json")),
        ("axis-of-attack", include_str!("fixtures/axis-of-attack-format-1.json")),
    ] {
        let any = Document::from_json(text).unwrap().open().unwrap();
        match any.clone() {
            AnyCampaign::RaceForX(c) => check(&c, any),
            AnyCampaign::CrossfireScouting(c) => check(&c, any),
            AnyCampaign::AxisOfAttack(c) => check(&c, any),
            _ => panic!("{name}: another system"),
        }
    }
    let rapier = rapier::to_battle(field_desk::systems::rapier_offensive::sample::sample_setup());
    assert!(!rapier.journal().is_empty());
    check::<RapierOffensive>(&rapier, AnyCampaign::RapierOffensive(rapier.clone()));
    let bfww2 = bfww2_play::through_the_first_battle();
    assert!(!bfww2.journal().is_empty());
    check::<Bfww2Campaign>(&bfww2, AnyCampaign::Bfww2Campaign(bfww2.clone()));
}

#[test]
fn a_released_fixture_opens_typed_to_the_same_position() {
    let text = include_str!("fixtures/axis-of-attack-format-1.json");
    let AnyCampaign::AxisOfAttack(old) = Document::from_json(text).unwrap().open().unwrap() else { panic!() };
    let typed = Stored::<AxisOfAttack>::from_json(text).unwrap();
    let c = typed.open().unwrap();
    assert_eq!(c.state(), old.state());
    assert_eq!(c.journal().len(), old.journal().len());
}

#[test]
fn another_systems_document_is_refused_by_name() {
    let text = include_str!("fixtures/race-for-x-format-1.json");
    let Err(LoadError::Damaged(why)) = Stored::<CrossfireScouting>::from_json(text) else {
        panic!("a Race for X document read as night scouting")
    };
    assert!(why.contains("Race for X"), "{why}");
    assert!(matches!(Stored::<RaceForX>::from_json("{\"format\":99}"), Err(LoadError::TooNew { format: 99 })));
    assert!(BodyOf::<RaceForX>::read("{\"system\":\"nonesuch\"}").is_err());
    let any = Document::from_json(text).unwrap().open().unwrap();
    let copy = SeatCopy::new(meta("v"), 1.0, any.seat_view(None)).to_json();
    let Err(LoadError::Damaged(why)) = SeatCopyOf::<AxisOfAttack>::from_json(&copy) else {
        panic!("read as another system's")
    };
    assert!(why.contains("Race for X"), "{why}");
    assert!(SeatCopyOf::<RaceForX>::from_json(&copy).is_ok());
}

#[test]
fn the_typed_guarded_save_and_the_copy_kept_apart() {
    let text = include_str!("fixtures/race-for-x-format-1.json");
    let doc = Stored::<RaceForX>::from_json(text).unwrap();
    let full = doc.open().unwrap();
    let mut b = Memory::default();
    let id = doc.meta.id.clone();
    store::save_of(&mut b, &Stored::new(doc.meta.clone(), &full)).unwrap();
    // An earlier point of the same history (a line cut off) may not overwrite the stored one.
    let cut = full.journal()[..full.journal().len() - 1].to_vec();
    let cut_doc = Stored::new(doc.meta.clone(), &Campaign::<RaceForX>::replay(full.setup().clone(), cut).unwrap());
    assert_eq!(store::save_guarded_of(&mut b, &cut_doc), Err(StoreError::Stale));
    // The same history played on (an undo is a line too) may.
    let mut on = full.clone();
    assert!(on.undo());
    store::save_guarded_of(&mut b, &Stored::new(doc.meta.clone(), &on)).unwrap();
    let (back, c) = store::load_of::<RaceForX>(&b, &id).unwrap();
    assert_eq!(c.journal(), on.journal());
    assert!(back.summary.is_some());
    // A diverged history goes in beside it, named as an imported copy.
    let kept = store::keep_apart_of(&mut b, &cut_doc, "fresh", 9.0).unwrap();
    assert_eq!(kept, "fresh");
    let (apart, _) = store::load_of::<RaceForX>(&b, "fresh").unwrap();
    assert_eq!(apart.meta.name, format!("{} (imported copy)", doc.meta.name));
    assert_eq!((apart.meta.created, apart.meta.updated), (9.0, 9.0));
    assert!(store::load_of::<RaceForX>(&b, &id).is_ok(), "the stored one is untouched");
    // Another system's reader is told it is another system's.
    assert!(matches!(store::load_of::<AxisOfAttack>(&b, &id), Err(StoreError::Load(LoadError::Damaged(_)))));
    assert_eq!(store::head(&b, &id).unwrap().meta.name, doc.meta.name);
    assert!(b.get(&store::key("fresh")).unwrap().is_some());
}
