//! Seat copies: one seat's view of a campaign, as a link or file. Each reader gets exactly
//! their view and the history they may read (nothing of a secret, no gap where one was);
//! Rapier's hidden deployment stays behind; a newer copy replaces the older where it is
//! kept; hostile and damaged links are refused; the released link format keeps opening.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/fixture.rs"]
mod fixture;

use field_desk::engine::{Campaign, DiceInput, HistoryKind, Reader, Seat, System};
use field_desk::share::link::{self, LinkError, Received};
use field_desk::share::seat::{SeatCopy, MAX_SEAT_BYTES, SEAT_FORMAT, SEAT_KIND};
use field_desk::share::Meta;
use field_desk::store::{self, Kept, Memory};
use field_desk::systems::race_for_x::sample::sample_setup;
use field_desk::systems::race_for_x::tables::OffensiveAction::{Attack, Regroup};
use field_desk::systems::race_for_x::{Decision, RaceForX, Side};
use field_desk::systems::rapier_offensive::grid::Sector;
use field_desk::systems::rapier_offensive::seats::{CORPS_COMMANDER, UMPIRE};
use field_desk::systems::rapier_offensive::RapierOffensive;
use field_desk::systems::{AnyCampaign, ViewBody};

const A: Reader = Some(Seat(0));
const B: Reader = Some(Seat(1));

fn meta(id: &str) -> Meta {
    Meta { id: id.into(), name: "Bridge at dawn".into(), created: 1.0e12, updated: 1.0e12 }
}

fn choose(c: &mut Campaign<RaceForX>, side: Side, action: field_desk::systems::race_for_x::tables::OffensiveAction) {
    c.decide(Decision::ChooseAction { side, action }, DiceInput::Typed(vec![])).expect("a legal choice");
}

/// Sends `reader`'s copy through a link and back; checks it is the reader's view, whole.
fn through_link<S: System>(c: &Campaign<S>, any: &AnyCampaign, reader: Reader) -> SeatCopy {
    let copy = SeatCopy::new(meta("0123456789abcdef"), 1.7e12, any.seat_view(reader));
    let text = link::encode_seat(&copy);
    assert!(text.starts_with("fd3."), "{text}");
    let back = match link::read(&format!("https://example.org/field-desk/#s={text}")) {
        Ok(Received::Seat(back)) => back,
        other => panic!("{other:?}"),
    };
    assert_eq!(back, copy, "the link carries the copy exactly");
    assert_eq!(link::decode(&text), Err(LinkError::OneSeat), "it is not a campaign to import");
    assert_eq!(SeatCopy::from_json(&copy.to_json()), Ok(copy.clone()), "the file form too");
    // The history is the reader's, numbered without gaps.
    let lines = c.history_for(reader);
    let json = serde_json::to_value(&copy.view).unwrap();
    let history = json["history"].as_array().unwrap();
    assert_eq!(history.len(), lines.len());
    for (n, (sent, here)) in history.iter().zip(&lines).enumerate() {
        assert_eq!(sent["index"], n, "numbered afresh");
        assert_eq!(sent["text"], here.text.as_str());
    }
    assert_eq!(json["steps"], c.steps());
    copy
}

fn rfx_view(copy: &SeatCopy) -> &field_desk::engine::SeatView<RaceForX> {
    match &copy.view {
        ViewBody::RaceForX(v) => v,
        other => panic!("{other:?}"),
    }
}

#[test]
fn each_side_gets_its_own_view_and_nothing_of_the_other_s_pending_choice() {
    let mut c = Campaign::<RaceForX>::new(sample_setup()).unwrap();
    choose(&mut c, Side::A, Attack);
    assert!(c.undo());
    choose(&mut c, Side::A, Regroup);
    let any = AnyCampaign::RaceForX(c.clone());
    let a = through_link(&c, &any, A);
    let b = through_link(&c, &any, B);
    let table = through_link(&c, &any, None);
    assert_eq!(rfx_view(&a).state.actions(), [Some(Regroup), None], "A reads his own choice");
    for other in [&b, &table] {
        let v = rfx_view(other);
        assert_eq!(v.state.actions(), [None, None], "{:?} does not", other.reader());
        assert_eq!(v.history.len(), 1, "the undone choice leaves no line, not even an undo: {:?}", v.history);
        assert!(v.history[0].text.contains("has chosen an action"));
        assert!(!other.to_json().contains("Regroup") && !other.to_json().contains("\"Attack\""));
    }
    assert_eq!(rfx_view(&a).history.iter().filter(|l| l.kind == HistoryKind::Undo).count(), 1);
    assert_eq!(b.view.reader_name(), c.seat_name(Seat(1)));
    assert_eq!(table.view.reader_name(), "the whole table");
}

#[test]
fn the_corps_commander_s_view_holds_no_face_down_identity() {
    use field_desk::engine::SeatView;
    use field_desk::systems::rapier_offensive::{sample, Decision as D};
    let setup = sample::sample_setup();
    let sectors: Vec<Sector> = Sector::all().filter(|s| s.is_defender_deployment()).collect();
    let counters =
        setup.defender_pieces().into_iter().enumerate().map(|(i, p)| (p, sectors[i % sectors.len()])).collect();
    let mut c = Campaign::<RapierOffensive>::new(setup).unwrap();
    c.decide(D::DeployDefenders { counters }, DiceInput::Typed(vec![])).unwrap();
    assert!(!c.left_out().is_empty(), "the deployment cannot travel in a campaign link");
    let copy = |reader: Reader| {
        let text = serde_json::to_string(&c.seat_view(reader)).unwrap();
        serde_json::from_str::<SeatView<RapierOffensive>>(&text).unwrap()
    };
    let (corps, umpire) = (copy(Some(CORPS_COMMANDER)), copy(Some(UMPIRE)));
    assert!(!corps.state.counters.is_empty());
    assert!(corps.state.counters.iter().all(|x| x.piece.is_none()), "face down for the corps commander");
    assert!(umpire.state.counters.iter().all(|x| x.piece.is_some()), "the umpire's copy has them all");
    assert_eq!(corps.state, c.view(Some(CORPS_COMMANDER)));
    assert!(corps.history.iter().all(|l| l.dice.is_empty()));
    assert_eq!(c.umpire(), Some(UMPIRE));
}

#[test]
fn a_newer_copy_replaces_the_older_and_an_older_one_is_refused() {
    let mut c = Campaign::<RaceForX>::new(sample_setup()).unwrap();
    let copy = |c: &Campaign<RaceForX>, made: f64| {
        SeatCopy::new(meta("abc"), made, AnyCampaign::RaceForX(c.clone()).seat_view(B))
    };
    let first = copy(&c, 100.0);
    choose(&mut c, Side::A, Attack);
    choose(&mut c, Side::B, Attack);
    let later = copy(&c, 200.0);
    let mut b = Memory::default();
    assert_eq!(store::keep_seat_copy(&mut b, &first), Ok(Kept::New));
    assert_eq!(store::keep_seat_copy(&mut b, &later), Ok(Kept::Replaced));
    assert_eq!(store::keep_seat_copy(&mut b, &first), Ok(Kept::HadNewer), "an older copy does not come back");
    assert_eq!(store::keep_seat_copy(&mut b, &later), Ok(Kept::HadNewer), "nor the same one twice");
    assert_eq!(store::load_seat_copy(&b, "1", "abc"), Ok(later.clone()));
    // Another seat's copy of the same campaign is kept beside it.
    let a = SeatCopy::new(meta("abc"), 150.0, AnyCampaign::RaceForX(c.clone()).seat_view(A));
    assert_eq!(store::keep_seat_copy(&mut b, &a), Ok(Kept::New));
    let listed = store::seat_copies(&b).unwrap();
    assert_eq!(listed.iter().map(|l| (l.seat.as_str(), l.made)).collect::<Vec<_>>(), [("1", 200.0), ("0", 150.0)]);
    // The list reads the line kept with each copy, worked out by its system when it was kept.
    assert_eq!(
        (listed[0].reader_name.clone(), listed[0].status.clone()),
        (later.view.reader_name(), later.view.status())
    );
    assert_eq!(listed[0].system, Some(later.system()));
    assert!(listed.iter().all(|l| l.opens && l.key == format!("{}{}.abc", store::SEAT_PREFIX, l.seat)));
    assert_eq!(store::seat_copy_system(&b, "1", "abc"), Ok(later.system()));
    // A copy kept before the line was stored with it still lists, and still opens.
    {
        use field_desk::store::Backend;
        let mut old = Memory::default();
        old.set(&format!("{}1.abc", store::SEAT_PREFIX), &later.to_json()).unwrap();
        let l = store::seat_copies(&old).unwrap();
        assert_eq!((l.len(), l[0].made, l[0].seat.as_str()), (1, 200.0, "1"));
        assert_eq!(store::load_seat_copy(&old, "1", "abc"), Ok(later.clone()));
    }
    assert!(store::list(&mut b).unwrap().is_empty(), "a copy is not a campaign");
    assert!(store::backup(&b).unwrap().campaigns.is_empty());
    // A stored copy that no longer reads gives way to one that does.
    use field_desk::store::Backend;
    b.set(&format!("{}1.abc", store::SEAT_PREFIX), "{broken").unwrap();
    let listed = store::seat_copies(&b).unwrap();
    assert_eq!(listed.len(), 2, "listed, so it can be removed");
    assert_eq!((listed[1].system, listed[1].opens), (None, false), "last, and not opened");
    assert_eq!(store::keep_seat_copy(&mut b, &first), Ok(Kept::Replaced));
    store::delete_seat_copy(&mut b, "1", "abc").unwrap();
    assert!(store::load_seat_copy(&b, "1", "abc").is_err());
}

#[test]
fn hostile_and_damaged_seat_links_are_refused() {
    let c = Campaign::<RaceForX>::new(sample_setup()).unwrap();
    let good = SeatCopy::new(meta("abc"), 1.0, AnyCampaign::RaceForX(c).seat_view(A));
    let sealed = |bytes: &[u8]| link::seal_as(bytes, 3);
    let deflate = |text: &str| miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 6);
    // Not DEFLATE at all; DEFLATE of something not a copy; a copy with a setup that cannot start.
    assert_eq!(link::read(&sealed(b"hello")), Err(LinkError::Corrupt));
    assert_eq!(link::read(&sealed(&deflate("[1,2,3]"))), Err(LinkError::Corrupt));
    let mut json: serde_json::Value = serde_json::to_value(&good).unwrap();
    json["view"]["setup"]["players"] = serde_json::json!([]);
    assert_eq!(link::read(&sealed(&deflate(&json.to_string()))), Err(LinkError::Corrupt));
    // A small link that would inflate past the bound stops part-way.
    let bomb = deflate(&" ".repeat(MAX_SEAT_BYTES + 1));
    assert!(bomb.len() < 10_000);
    assert_eq!(link::read(&sealed(&bomb)), Err(LinkError::TooLarge));
    // A copy from a newer app says so.
    let mut newer = serde_json::to_value(&good).unwrap();
    newer["format"] = serde_json::json!(SEAT_FORMAT + 1);
    assert_eq!(link::read(&sealed(&deflate(&newer.to_string()))), Err(LinkError::FutureVersion { version: 2 }));
    // A changed character is caught by the checksum.
    let text = link::encode_seat(&good);
    let mut chars: Vec<char> = text.chars().collect();
    let i = chars.len() / 2;
    chars[i] = if chars[i] == 'A' { 'B' } else { 'A' };
    assert_eq!(link::read(&chars.into_iter().collect::<String>()), Err(LinkError::Corrupt));
    assert!(good.to_json().contains(SEAT_KIND));
}

/// A seat link made by the first release of seat links: it must keep opening as it did.
#[test]
fn the_released_seat_link_opens() {
    let text = stored_fixture("seat-link-v3-race-for-x.txt");
    let Ok(Received::Seat(copy)) = link::read(&text) else { panic!("the fixture opens") };
    assert_eq!(copy.meta.name, "Bridge at dawn");
    assert_eq!(copy.reader(), B);
    assert_eq!(copy.view.steps(), 3);
    assert_eq!(copy.view.status(), rfx_status_pinned());
    let v = rfx_view(&copy);
    assert_eq!(v.state.actions(), [Some(Attack), Some(Regroup)]);
    let kinds: Vec<(HistoryKind, bool)> = v.history.iter().map(|l| (l.kind, l.active)).collect();
    use HistoryKind::{Decision as Dn, Undo};
    assert_eq!(kinds, [(Dn, true), (Dn, true), (Dn, false), (Undo, false), (Dn, true)]);
}

fn rfx_status_pinned() -> String {
    stored_fixture("seat-link-v3-race-for-x.status")
}

fn stored_fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/links/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")).trim().to_string()
}

/// The fixture of `the_released_seat_link_opens` is what the app writes today for the same
/// position, made anew: checked, never rewritten (`support/fixture.rs` says how a new version's
/// fixture is written).
#[test]
fn the_seat_link_fixture_is_what_the_app_writes_for_its_position() {
    let mut c = Campaign::<RaceForX>::new(sample_setup()).unwrap();
    choose(&mut c, Side::A, Attack);
    choose(&mut c, Side::B, Regroup);
    c.decide(Decision::RollBattleType, DiceInput::Typed(vec![4])).unwrap();
    assert!(c.undo());
    c.decide(Decision::RollBattleType, DiceInput::Typed(vec![2])).unwrap();
    let copy = SeatCopy::new(meta("0123456789abcdef"), 1.7e12, AnyCampaign::RaceForX(c.clone()).seat_view(B));
    fixture::check_written("tests/fixtures/links/seat-link-v3-race-for-x.txt", &link::encode_seat(&copy));
    fixture::check_written("tests/fixtures/links/seat-link-v3-race-for-x.status", &copy.view.status());
}
