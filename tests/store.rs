//! Storage and the stored format: round trips, damaged and future data, a full quota, and
//! the committed fixtures of every released format.

use field_desk::engine::{Campaign, DiceInput};
use field_desk::share::{Document, LoadError, Meta, FORMAT};
use field_desk::store::{self, Backend, Listing, Memory, StoreError};
use field_desk::systems::race_for_x::tables::OffensiveAction;
use field_desk::systems::race_for_x::{sample, BattleOutcome, Decision, Phase, RaceForX, Side};
use field_desk::systems::AnyCampaign;

fn meta(id: &str, name: &str, t: f64) -> Meta {
    Meta { id: id.into(), name: name.into(), created: t, updated: t }
}

/// The sample campaign played through one full turn with typed dice.
fn one_turn() -> Campaign<RaceForX> {
    let mut c = Campaign::<RaceForX>::new(sample::sample_setup()).unwrap();
    let mut play = |d: Decision, dice: Vec<u16>| c.decide(d, DiceInput::Typed(dice)).unwrap();
    play(Decision::ChooseAction { side: Side::A, action: OffensiveAction::Attack }, vec![]);
    play(Decision::ChooseAction { side: Side::B, action: OffensiveAction::Regroup }, vec![]);
    // A: 4 -> Prepared Defence (then 140 - 24 = 116 VP, +2: a 3 makes 5, Advance 1); 9 units: 2 companies (HQ + 3 platoons each) + BC.
    play(Decision::RollBattleType, vec![4]);
    play(Decision::FieldForces { units: vec![0, 3, 4, 5, 6, 7, 8, 9, 10] }, vec![]);
    play(Decision::RollDefence, vec![2]);
    play(Decision::ClockRoll, vec![5]);
    let killed = vec![
        field_desk::systems::race_for_x::StandRef { unit: 4, stand: 0 },
        field_desk::systems::race_for_x::StandRef { unit: 4, stand: 1 },
    ];
    play(Decision::RecordOutcome(BattleOutcome { objectives: 2, exited: 0, killed }), vec![]);
    play(Decision::RollBattleResult, vec![3]);
    play(Decision::ConfirmMovement, vec![]);
    play(
        Decision::ReplaceCommander {
            commander: field_desk::systems::race_for_x::StandRef { unit: 4, stand: 0 },
            replacement: field_desk::systems::race_for_x::StandRef { unit: 4, stand: 2 },
        },
        vec![],
    );
    play(Decision::RollRecovery, vec![5, 2]);
    // B regrouped: 3 -> no battle; nothing lost, nothing to recover.
    play(Decision::RollBattleType, vec![3]);
    play(Decision::RollRecovery, vec![]);
    c
}

#[test]
fn save_load_round_trip_keeps_the_history() {
    let c = one_turn();
    let mut m = Memory::default();
    let doc = Document::new(meta("abc", "Club night", 1.0), &AnyCampaign::RaceForX(c.clone()));
    store::save(&mut m, &doc).unwrap();
    let (back, AnyCampaign::RaceForX(loaded)) = store::load(&m, "abc").unwrap() else {
        panic!("expected a Race for X campaign")
    };
    assert_eq!(back, doc);
    assert_eq!(loaded.state(), c.state());
    assert_eq!(loaded.journal(), c.journal());
}

#[test]
fn a_damaged_campaign_is_listed_with_its_text_and_the_others_still_open() {
    let mut m = Memory::default();
    let good = Document::new(meta("good", "Good", 2.0), &AnyCampaign::RaceForX(one_turn()));
    store::save(&mut m, &good).unwrap();
    m.set(&store::key("bad"), "{\"format\":1,\"meta\":{\"id\":\"bad\",\"name\":\"Broken one\"").unwrap();
    let mut future = serde_json::to_value(&good).unwrap();
    future["format"] = serde_json::json!(FORMAT + 1);
    future["meta"]["id"] = serde_json::json!("future");
    m.set(&store::key("future"), &future.to_string()).unwrap();
    m.set("someone-elses-key", "x").unwrap();

    let list = store::list(&mut m).unwrap();
    assert_eq!(list.len(), 3);
    assert!(matches!(&list[0], Listing::Ok(s) if s.meta.id == "good" && s.turn == 2));
    let broken: Vec<_> = list.iter().filter_map(|l| if let Listing::Broken(b) = l { Some(b) } else { None }).collect();
    assert_eq!(broken.len(), 2);
    let bad = broken.iter().find(|b| b.id == "bad").unwrap();
    assert!(matches!(bad.error, LoadError::NotACampaign(_)));
    assert_eq!(bad.raw, m.get(&store::key("bad")).unwrap().unwrap(), "raw text kept for recovery");
    let fut = broken.iter().find(|b| b.id == "future").unwrap();
    assert_eq!(fut.error, LoadError::TooNew { format: FORMAT + 1 });
    assert!(fut.error.to_string().contains("newer version"));
    assert_eq!(fut.name.as_deref(), Some("Good"));
    // Listing never changes what is stored.
    assert!(m.get(&store::key("bad")).unwrap().is_some());
}

#[test]
fn a_tampered_history_does_not_open() {
    let mut m = Memory::default();
    let doc = Document::new(meta("t", "T", 1.0), &AnyCampaign::RaceForX(one_turn()));
    let mut v = serde_json::to_value(&doc).unwrap();
    // The battle-type die becomes a 9 on a d6.
    v["body"]["journal"][2]["Decide"]["dice"][0]["value"] = serde_json::json!(9);
    m.set(&store::key("t"), &v.to_string()).unwrap();
    match store::load(&m, "t") {
        Err(StoreError::Load(LoadError::DoesNotReplay(why))) => assert!(why.contains("line 3"), "{why}"),
        other => panic!("expected a replay error, got {other:?}"),
    }
}

#[test]
fn a_full_quota_is_reported_and_the_saved_copy_survives() {
    let mut m = Memory::default();
    let small =
        Document::new(meta("q", "Q", 1.0), &AnyCampaign::RaceForX(Campaign::new(sample::sample_setup()).unwrap()));
    store::save(&mut m, &small).unwrap();
    let before = m.get(&store::key("q")).unwrap().unwrap();
    m.quota = Some(before.len() + 40);
    let bigger = Document::new(meta("q", "Q", 2.0), &AnyCampaign::RaceForX(one_turn()));
    assert_eq!(store::save(&mut m, &bigger), Err(StoreError::Full));
    assert!(StoreError::Full.to_string().contains("not saved"));
    assert_eq!(m.get(&store::key("q")).unwrap().unwrap(), before);
    assert!(store::load(&m, "q").is_ok());
}

#[test]
fn rename_duplicate_delete() {
    let mut m = Memory::default();
    store::save(&mut m, &Document::new(meta("a", "First", 1.0), &AnyCampaign::RaceForX(one_turn()))).unwrap();
    store::rename(&mut m, "a", "  Renamed ", 5.0).unwrap();
    store::duplicate(&mut m, "a", "b", "Copy", 6.0).unwrap();
    let (a, _) = store::load(&m, "a").unwrap();
    let (b, cb) = store::load(&m, "b").unwrap();
    assert_eq!(a.meta.name, "Renamed");
    assert_eq!(a.meta.updated, 5.0);
    assert_eq!(b.meta, Meta { id: "b".into(), name: "Copy".into(), created: 6.0, updated: 6.0 });
    assert_eq!(cb.turn(), 2);
    store::delete(&mut m, "a").unwrap();
    assert!(matches!(store::load(&m, "a"), Err(StoreError::NotFound(_))));
    assert_eq!(store::list(&mut m).unwrap().len(), 1);
}

/// A second sample (or copy) gets a name of its own: "Sample: Race for X (2)", then "(3)".
#[test]
fn a_taken_name_gets_the_next_free_number() {
    let mut m = Memory::default();
    let base = "Sample: Race for X";
    assert_eq!(store::free_name(&mut m, base).unwrap(), base);
    store::save(&mut m, &Document::new(meta("a", base, 1.0), &AnyCampaign::RaceForX(one_turn()))).unwrap();
    assert_eq!(store::free_name(&mut m, base).unwrap(), "Sample: Race for X (2)");
    let second = store::free_name(&mut m, base).unwrap();
    store::save(&mut m, &Document::new(meta("b", &second, 2.0), &AnyCampaign::RaceForX(one_turn()))).unwrap();
    assert_eq!(store::free_name(&mut m, base).unwrap(), "Sample: Race for X (3)");
    // A name freed again is taken first.
    store::delete(&mut m, "a").unwrap();
    assert_eq!(store::free_name(&mut m, base).unwrap(), base);
    // Only the whole name counts.
    assert_eq!(store::free_name(&mut m, "Sample").unwrap(), "Sample");
}

/// Every released format keeps loading: the fixture was written by format 1 and must decode
/// to the same position forever.
#[test]
fn format_1_fixture_still_loads() {
    let text = include_str!("fixtures/race-for-x-format-1.json");
    let doc = Document::from_json(text).unwrap();
    assert_eq!(doc.format, 1);
    assert_eq!(doc.meta.name, "Fixture: one turn");
    let AnyCampaign::RaceForX(c) = doc.open().unwrap() else { panic!("expected a Race for X campaign") };
    let s = c.state();
    assert_eq!(s.turn, 2);
    assert_eq!(s.phase(), Phase::ChooseActions);
    assert_eq!(s.players[0].place.name(), "Zone 2");
    // A lost a PC and a rifle; the PC was replaced by a second rifle, one of the two came back.
    assert_eq!(s.players[0].lost_count(), 1);
    assert_eq!(s.players[1].lost_count(), 0);
    assert_eq!(s.battles.len(), 2);
    assert_eq!(c.state(), one_turn().state());
}

fn doc_of(id: &str, c: &Campaign<RaceForX>, t: f64) -> Document {
    Document::new(meta(id, "Shared", t), &AnyCampaign::RaceForX(c.clone()))
}

#[test]
fn import_plans_never_overwrite_silently() {
    use field_desk::store::ImportPlan;
    let mut m = Memory::default();
    let full = one_turn();
    // The same campaign, two decisions earlier.
    let mut early =
        Campaign::<RaceForX>::replay(full.setup().clone(), full.journal()[..full.journal().len() - 2].to_vec())
            .unwrap();

    // Nothing stored: a new campaign, keeping its id.
    let incoming = doc_of("x", &full, 10.0);
    assert_eq!(store::plan_import(&m, &incoming).unwrap(), ImportPlan::New);
    assert_eq!(store::import(&mut m, &incoming, &ImportPlan::New, "fresh", 11.0).unwrap(), "x");

    // The same again: nothing to do.
    assert_eq!(store::plan_import(&m, &incoming).unwrap(), ImportPlan::AlreadyHere { id: "x".into() });

    // Stored copy behind the incoming one: an update, keeping the local name.
    store::save(&mut m, &Document { meta: meta("x", "My name", 1.0), ..doc_of("x", &early, 1.0) }).unwrap();
    let plan = store::plan_import(&m, &incoming).unwrap();
    assert_eq!(plan, ImportPlan::Update { id: "x".into(), new_lines: 2 });
    store::import(&mut m, &incoming, &plan, "fresh", 12.0).unwrap();
    let (d, c) = store::load(&m, "x").unwrap();
    assert_eq!(d.meta.name, "My name");
    assert_eq!(c.turn(), 2);

    // Incoming older than stored: kept as a copy, stored untouched.
    let older = doc_of("x", &early, 5.0);
    let plan = store::plan_import(&m, &older).unwrap();
    assert_eq!(plan, ImportPlan::Older { id: "x".into() });
    assert_eq!(store::import(&mut m, &older, &plan, "copy1", 13.0).unwrap(), "copy1");
    assert_eq!(store::load(&m, "x").unwrap().1.turn(), 2);

    // Diverged: both kept.
    early
        .decide(Decision::ChooseAction { side: Side::B, action: OffensiveAction::Attack }, DiceInput::Typed(vec![]))
        .ok();
    early.undo();
    let diverged = doc_of("x", &early, 6.0);
    let plan = store::plan_import(&m, &diverged).unwrap();
    assert_eq!(plan, ImportPlan::Diverged { id: "x".into() });
    store::import(&mut m, &diverged, &plan, "copy2", 14.0).unwrap();
    assert_eq!(store::list(&mut m).unwrap().len(), 3);
    assert_eq!(store::load(&m, "x").unwrap().0.body, incoming.body);
}

#[test]
fn an_older_tab_cannot_overwrite_a_newer_save() {
    let mut m = Memory::default();
    let full = one_turn();
    let early = Campaign::<RaceForX>::replay(full.setup().clone(), full.journal()[..5].to_vec()).unwrap();
    store::save_guarded(&mut m, &doc_of("t", &early, 1.0)).unwrap();
    store::save_guarded(&mut m, &doc_of("t", &full, 2.0)).unwrap();
    assert_eq!(store::save_guarded(&mut m, &doc_of("t", &early, 3.0)), Err(StoreError::Stale));
    assert_eq!(store::load(&m, "t").unwrap().0.body, doc_of("t", &full, 0.0).body);
}

#[test]
fn backup_file_round_trip_and_bad_files() {
    let mut m = Memory::default();
    store::save(&mut m, &doc_of("one", &one_turn(), 1.0)).unwrap();
    store::save(&mut m, &doc_of("two", &Campaign::new(sample::sample_setup()).unwrap(), 2.0)).unwrap();
    m.set(&store::key("bad"), "not json").unwrap();
    let text = store::backup(&m).unwrap().to_json();
    let read = field_desk::share::read_file(&text).unwrap();
    assert_eq!(read.len(), 3);
    assert_eq!(read.iter().filter(|r| r.is_ok()).count(), 2, "the broken one is carried but reported");
    // A single exported campaign reads as one.
    let single = field_desk::share::read_file(&doc_of("one", &one_turn(), 1.0).to_json()).unwrap();
    assert_eq!(single.len(), 1);
    assert!(matches!(field_desk::share::read_file("{}"), Err(LoadError::NotACampaign(_))));
    assert!(matches!(field_desk::share::read_file("garbage"), Err(LoadError::NotACampaign(_))));
    let mut future: serde_json::Value = serde_json::from_str(&text).unwrap();
    future["format"] = serde_json::json!(FORMAT + 1);
    assert_eq!(field_desk::share::read_file(&future.to_string()), Err(LoadError::TooNew { format: FORMAT + 1 }));
    // Settings survive a round trip and unreadable settings fall back to defaults.
    let s = store::Settings { last_backup: Some(5.0), persisted: Some(true), ..Default::default() };
    store::save_settings(&mut m, &s).unwrap();
    assert_eq!(store::settings(&m), s);
    m.set(store::SETTINGS_KEY, "{{{").unwrap();
    assert_eq!(store::settings(&m), store::Settings::default());
}

#[test]
fn who_holds_the_device_is_remembered_per_campaign() {
    use field_desk::engine::Seat;
    let mut m = Memory::default();
    assert_eq!(store::holder(&m, "one"), None, "the whole table, until someone says otherwise");
    store::set_holder(&mut m, "one", Some(Seat(1))).unwrap();
    store::set_holder(&mut m, "two", Some(Seat(0))).unwrap();
    assert_eq!(store::holder(&m, "one"), Some(Seat(1)));
    assert_eq!(store::holder(&m, "two"), Some(Seat(0)));
    store::set_holder(&mut m, "two", None).unwrap();
    assert_eq!(store::holder(&m, "two"), None);
    // Settings written before holders existed still read, and keep their other facts.
    m.set(store::SETTINGS_KEY, r#"{"last_backup":12.5}"#).unwrap();
    assert_eq!(store::settings(&m).last_backup, Some(12.5));
    assert_eq!(store::holder(&m, "one"), None);
    // Deleting a campaign forgets who held the device for it.
    store::set_holder(&mut m, "one", Some(Seat(1))).unwrap();
    store::delete(&mut m, "one").unwrap();
    assert!(store::settings(&m).holders.is_empty());
}

#[test]
fn what_a_screen_last_showed_is_remembered_on_the_device_only() {
    use field_desk::engine::Seat;
    use store::{Glimpse, Para};
    let mut m = Memory::default();
    assert_eq!(store::glimpse(&m, "one"), None);
    let hint = |t: &str| (Para::Hint, t.to_string());
    let info = |t: &str| (Para::Info, t.to_string());
    // Words are tidied and cut; empty paragraphs are left out, and those past the first two; a
    // step without a heading is not remembered.
    let g =
        Glimpse::new(" Offensive   actions\n", [hint("Each player picks   an action."), info(" "), info("Turn 2.")])
            .unwrap();
    assert_eq!(
        g,
        Glimpse {
            title: "Offensive actions".into(),
            paras: vec![hint("Each player picks an action."), info("Turn 2.")]
        }
    );
    assert_eq!(Glimpse::new("t", [hint("a"), info("b"), hint("c")]).unwrap().paras, vec![hint("a"), info("b")]);
    assert_eq!(Glimpse::new("  ", [hint("a hint")]), None);
    let long = "word ".repeat(200);
    assert_eq!(Glimpse::new("t", [info(&long)]).unwrap().paras[0].1.chars().count(), Glimpse::MAX_CHARS);
    store::set_glimpse(&mut m, "one", Some(g.clone())).unwrap();
    assert_eq!(store::glimpse(&m, "one"), Some(g.clone()));
    assert_eq!(store::glimpse(&m, "two"), None);
    // Unchanged, it is not written again (a full store would otherwise fail at each step).
    let key = format!("{}one", store::GLIMPSE_PREFIX);
    // Stored as the browser's storage keeps every value: JSON, here the heading, then a kind
    // and a text per paragraph (index.html reads the same).
    let spaced = r#"[ "Offensive actions", "hint", "Each player picks an action.", "info", "Turn 2." ]"#;
    m.set(&key, spaced).unwrap();
    store::set_glimpse(&mut m, "one", Some(g.clone())).unwrap();
    assert_eq!(m.get(&key).unwrap().as_deref(), Some(spaced), "an unchanged glimpse was written again");
    // Written before paragraphs had kinds: the heading and its hint.
    m.set(&key, r#"["Offensive actions","Each player picks an action."]"#).unwrap();
    let old = Glimpse { title: "Offensive actions".into(), paras: vec![hint("Each player picks an action.")] };
    assert_eq!(store::glimpse(&m, "one"), Some(old));
    m.set(&key, r#"["Offensive actions",""]"#).unwrap();
    assert_eq!(store::glimpse(&m, "one"), Some(Glimpse { title: "Offensive actions".into(), paras: vec![] }));
    // Damaged text reads as what it can: a heading with the paragraphs before the damage, or
    // nothing.
    m.set(&key, r#"["Only a heading"]"#).unwrap();
    assert_eq!(store::glimpse(&m, "one"), Some(Glimpse { title: "Only a heading".into(), paras: vec![] }));
    m.set(&key, r#"["T","info","kept","bold","not a kind","hint","after it"]"#).unwrap();
    assert_eq!(store::glimpse(&m, "one"), Some(Glimpse { title: "T".into(), paras: vec![info("kept")] }));
    for damaged in ["[]", "not json", r#"{"title":"x"}"#, r#"["  "]"#, r#"["T", 3]"#] {
        m.set(&key, damaged).unwrap();
        assert_eq!(store::glimpse(&m, "one"), None, "{damaged}");
    }
    // The list and backups do not take it for a campaign; a campaign's documents never carry it.
    store::set_glimpse(&mut m, "one", Some(g.clone())).unwrap();
    let c = one_turn();
    store::save_of(&mut m, &field_desk::share::typed::Stored::new(meta("one", "A", 1.0), &c)).unwrap();
    assert!(!m.get(&store::key("one")).unwrap().unwrap().contains(&g.paras[0].1));
    assert_eq!(store::list(&mut m).unwrap().len(), 1);
    assert!(!serde_json::to_string(&store::backup(&m).unwrap()).unwrap().contains(&g.paras[0].1));
    // Another holder forgets it (it shows what the last holder's screen showed); the same
    // holder again does not.
    store::set_holder(&mut m, "one", Some(Seat(1))).unwrap();
    assert_eq!(store::glimpse(&m, "one"), None, "the glimpse outlived its holder");
    store::set_glimpse(&mut m, "one", Some(g.clone())).unwrap();
    store::set_holder(&mut m, "one", Some(Seat(1))).unwrap();
    assert_eq!(store::glimpse(&m, "one"), Some(g.clone()));
    store::set_holder(&mut m, "one", None).unwrap();
    assert_eq!(store::glimpse(&m, "one"), None, "the glimpse outlived its holder");
    store::set_glimpse(&mut m, "one", Some(g.clone())).unwrap();
    // Deleting a campaign forgets its glimpse.
    store::delete(&mut m, "one").unwrap();
    assert_eq!(store::glimpse(&m, "one"), None);
    assert_eq!(m.get(&key).unwrap(), None);
    // Forgetting one that is not there is no error.
    store::set_glimpse(&mut m, "two", None).unwrap();
}

#[test]
fn the_list_reads_summaries_and_gives_older_documents_theirs_once() {
    let mut m = Memory::default();
    // A document of the released format, stored before summaries existed.
    let fixture = include_str!("fixtures/axis-of-attack-format-1.json");
    assert!(!fixture.contains("\"summary\""));
    let doc = Document::from_json(fixture).unwrap();
    let key = store::key(&doc.meta.id);
    m.set(&key, fixture).unwrap();
    let opened = doc.open().unwrap();
    let want = (opened.status(), opened.players(), opened.turn(), opened.last_entry());
    let listed = |m: &mut Memory| match store::list(m).unwrap().remove(0) {
        Listing::Ok(s) => (s.status, s.players, s.turn, s.last),
        Listing::Broken(b) => panic!("listed as broken: {:?}", b.error),
    };
    // The list reads heads only: without a summary, only the system is known, and it says so.
    match store::list(&mut m).unwrap().remove(0) {
        Listing::Ok(s) => {
            assert!(s.pending && s.status == store::NO_SUMMARY_YET, "{s:?}");
            assert_eq!(s.system, field_desk::systems::SystemId::AxisOfAttack);
        }
        Listing::Broken(b) => panic!("listed as broken: {:?}", b.error),
    }
    assert!(store::summaries_missing(&mut m).unwrap());
    assert_eq!(m.get(&key).unwrap().unwrap(), fixture, "listing never writes");
    assert_eq!(store::fill_summaries(&mut m).unwrap(), 1, "worked out by replaying, once");
    assert_eq!(store::fill_summaries(&mut m).unwrap(), 0, "and only once");
    assert!(!store::summaries_missing(&mut m).unwrap());
    assert_eq!(listed(&mut m), want);
    let stored = m.get(&key).unwrap().unwrap();
    assert!(stored.contains("\"summary\""), "stored again with its summary");
    assert_eq!(Document::from_json(&stored).unwrap(), doc, "the same campaign");
    // From now on the list reads the summary alone: a body it could not replay is not read.
    let mut value: serde_json::Value = serde_json::from_str(&stored).unwrap();
    value["body"]["journal"] = serde_json::json!([{ "Decide": { "decision": "RollWeather" } }, "Undo", "Undo", "Undo"]);
    m.set(&key, &value.to_string()).unwrap();
    assert_eq!(listed(&mut m), want, "listed from its summary, without a replay");
    // Opening it still checks the history, and says what is wrong.
    assert!(matches!(store::load(&m, &doc.meta.id), Err(StoreError::Load(_))));
}

#[test]
fn a_campaign_from_a_link_is_stored_with_its_summary() {
    let mut m = Memory::default();
    let c = Campaign::<RaceForX>::new(sample::sample_setup()).unwrap();
    let any = AnyCampaign::RaceForX(c);
    let mut doc =
        Document::new(Meta { id: "0123456789abcdef".into(), name: "L".into(), created: 1.0, updated: 2.0 }, &any);
    doc.summary = None; // as a link or a file brings it
    store::save(&mut m, &doc).unwrap();
    let stored = Document::from_json(&m.get(&store::key("0123456789abcdef")).unwrap().unwrap()).unwrap();
    assert_eq!(stored.summary, Some(field_desk::share::Summary::of(&any)));
}

/// The shell draws an opening campaign from its stored summary alone: the same line the list
/// shows, read without the rules; a campaign not stored is said to be missing.
#[test]
fn one_campaigns_summary_is_its_line_in_the_list() {
    let mut m = Memory::default();
    store::save(&mut m, &doc_of("a", &one_turn(), 5.0)).unwrap();
    store::save(&mut m, &doc_of("b", &Campaign::<RaceForX>::new(sample::sample_setup()).unwrap(), 6.0)).unwrap();
    let listed: Vec<_> = store::list(&mut m)
        .unwrap()
        .into_iter()
        .filter_map(|l| match l {
            Listing::Ok(s) => Some(s),
            Listing::Broken(_) => None,
        })
        .collect();
    assert_eq!(listed.len(), 2);
    for line in listed {
        let one = store::summary(&m, &line.meta.id).unwrap();
        assert_eq!(one, line);
    }
    let a = store::summary(&m, "a").unwrap();
    assert!(a.last.is_some() && a.turn >= 1 && !a.pending, "{a:?}");
    assert!(matches!(store::summary(&m, "nope"), Err(StoreError::NotFound(_))));
}

/// The list's line of players: two sides face each other; an umpire's team is counted.
#[test]
fn the_players_line_counts_a_team() {
    let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(field_desk::share::players_line(&names(&["Anna", "Boris"])), "Anna vs Boris");
    let rapier = names(&["Umpire", "Corps Commander", "Staff Officer", "Div 1", "Div 2", "Div 3"]);
    assert_eq!(field_desk::share::players_line(&rapier), "Umpire and a team of 5");
    assert_eq!(field_desk::share::players_line(&[]), "");
}

/// A step's choices in progress come back after a reload, at the same point and to the same
/// reader only; they never go into a backup, and go with the campaign.
#[test]
fn a_draft_is_kept_per_point_and_reader_and_never_leaves_the_device() {
    use field_desk::engine::Seat;
    use field_desk::store::DraftPoint;
    let mut m = Memory::default();
    store::save(&mut m, &Document::new(meta("a", "Club night", 1.0), &AnyCampaign::RaceForX(one_turn()))).unwrap();
    let anna = DraftPoint { at: 12, reader: Some(Seat(1)) };
    let picked = serde_json::json!([0, 3, 4]);
    store::set_draft_part(&mut m, "a", anna, "forces", Some(picked.clone())).unwrap();
    assert_eq!(store::draft_part(&m, "a", anna, "forces"), Some(picked.clone()));
    // Another part of the same draft sits beside it.
    store::set_draft_part(&mut m, "a", anna, "note", Some(serde_json::json!("x"))).unwrap();
    assert_eq!(store::draft_part(&m, "a", anna, "forces"), Some(picked.clone()));
    // Another reader, or another point of the campaign, is offered nothing.
    let boris = DraftPoint { at: 12, reader: Some(Seat(2)) };
    assert_eq!(store::draft_part(&m, "a", boris, "forces"), None);
    // Another reader's draft at the same point sits beside the first (two secret lists in turn).
    store::set_draft_part(&mut m, "a", boris, "forces", Some(serde_json::json!([9]))).unwrap();
    assert_eq!(store::draft_part(&m, "a", boris, "forces"), Some(serde_json::json!([9])));
    assert_eq!(store::draft_part(&m, "a", anna, "forces"), Some(picked.clone()));
    assert_eq!(store::draft_part(&m, "a", DraftPoint { at: 12, reader: None }, "forces"), None);
    assert_eq!(store::draft_part(&m, "a", DraftPoint { at: 13, reader: Some(Seat(1)) }, "forces"), None);
    // Not in the backup.
    let backup = store::backup(&m).unwrap().to_json();
    assert!(!backup.contains("forces"), "{backup}");
    // A draft at a new point replaces the old ones, every reader's.
    let later = DraftPoint { at: 14, reader: Some(Seat(1)) };
    store::set_draft_part(&mut m, "a", later, "forces", Some(serde_json::json!([1]))).unwrap();
    assert_eq!(store::draft_part(&m, "a", anna, "forces"), None);
    assert_eq!(store::draft_part(&m, "a", boris, "forces"), None);
    // Forgetting the last part forgets the draft.
    store::set_draft_part(&mut m, "a", later, "forces", None).unwrap();
    assert!(m.get("fielddesk.draft.a").unwrap().is_none());
    // Another holder forgets it; so does deleting the campaign.
    store::set_draft_part(&mut m, "a", later, "forces", Some(serde_json::json!([2]))).unwrap();
    store::set_holder(&mut m, "a", Some(Seat(2))).unwrap();
    assert!(m.get("fielddesk.draft.a").unwrap().is_none());
    store::set_draft_part(&mut m, "a", later, "forces", Some(serde_json::json!([2]))).unwrap();
    store::delete(&mut m, "a").unwrap();
    assert!(m.get("fielddesk.draft.a").unwrap().is_none());
    // A draft that does not read is only nothing.
    m.set("fielddesk.draft.a", "{not json").unwrap();
    assert_eq!(store::draft_part(&m, "a", later, "forces"), None);
}
