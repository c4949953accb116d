//! Battlefront: WW2 campaign setup wizard and rules reference in a real browser
//! (wasm-bindgen-test in headless Chromium): the wizard, changed in a few places, stores a
//! setup the rules accept; a bad entry shows its message beside the row and keeps the form;
//! the umpire's map, terrain and weather notes, move order and scheduled reinforcements reach
//! the campaign's Rules tab (the notes and the order to everyone, a side's schedule to that
//! side and the umpire); the reference shows each table's rows as the data holds them.
#![cfg(target_arch = "wasm32")]

use field_desk::engine::Reader;
use field_desk::systems::bfww2_campaign::modifier::{Band, Modifier};
use field_desk::systems::bfww2_campaign::rules::READINGS;
use field_desk::systems::bfww2_campaign::sample::sample_setup;
use field_desk::systems::bfww2_campaign::seats::{seat, UMPIRE};
use field_desk::systems::bfww2_campaign::tables::*;
use field_desk::systems::bfww2_campaign::{setup_check, Bfww2Campaign, MoveOrder, Rating};
use field_desk::systems::AnyCampaign;
use field_desk::ui::bfww2::reference::Bfww2Reference;
use field_desk::ui::bfww2::wizard::NewBfww2Campaign;
use field_desk::ui::campaign::{Open, SystemUi};
use field_desk::ui::platform::LocalStorage;
use field_desk::ui::route::Screen;
use field_desk::ui::Nav;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

#[path = "support/wasm.rs"]
mod wasm;
use wasm::text_content as text;
use wasm::*;

wasm_bindgen_test_configure!(run_in_browser);

fn mount_wizard() -> (web_sys::HtmlElement, Nav) {
    let root = container();
    let nav = Nav(RwSignal::new(Screen::List));
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(nav);
        view! { <NewBfww2Campaign/> }
    });
    handle.forget();
    (root, nav)
}

#[wasm_bindgen_test]
async fn the_wizard_builds_a_valid_setup_with_the_changes_made() {
    let (root, nav) = mount_wizard();
    leptos::task::tick().await;
    assert!(text(&root, "illustrative").contains("illustrative"));
    enter(&root, "wizard-name", "Rostov, club night");
    // A day: renamed, with an afternoon, the German side gets no CPP.
    enter(&root, "day-1-name", "Christmas Eve");
    click(&root, "day-1-afternoon");
    click(&root, "day-1-nocpp-1");
    // A roster row: the first Soviet brigade is now veteran with 8 tanks.
    enter(&root, "me-0-0-stands", "8");
    enter(&root, "me-0-0-vehicles", "8");
    choose(&root, "me-0-0-rating", "3");
    // A chart limit: the German O3 (third row: PZ, PG, O3) may be used once a day.
    enter(&root, "rg-1-2-day", "1");
    // A new element for the Germans that counts against no chart row.
    click(&root, "side-1-add-me");
    leptos::task::tick().await;
    enter(&root, "me-1-3-id", "PI-1");
    leptos::task::tick().await;
    assert!(find(&root, "setup-problem").is_none());
    click(&root, "create-campaign");
    leptos::task::tick().await;
    let id = match nav.0.get_untracked() {
        Screen::Campaign { id, .. } => id,
        other => panic!("still on {other:?}"),
    };
    let (doc, any) = field_desk::store::load(&LocalStorage, &id).unwrap();
    assert_eq!(doc.meta.name, "Rostov, club night");
    let AnyCampaign::Bfww2Campaign(c) = any else { panic!("another system") };
    let s = c.setup();
    assert!(setup_check(s).is_empty());
    assert_eq!(s.name, "Rostov, club night");
    assert_eq!(s.days[1].name, "Christmas Eve");
    assert_eq!(s.days[1].slots.len(), 2);
    assert_eq!(s.days[1].drm[1], HistoricalDrm::NoCpp);
    let me = &s.sides[0].roster[0];
    assert_eq!((me.stands, me.vehicles, me.rating), (8, 8, Rating::Veteran));
    assert_eq!(s.sides[1].rg_chart[2].id, "O3");
    assert_eq!(s.sides[1].rg_chart[2].per_day, Some(1));
    assert_eq!(s.sides[1].roster[3].id, "PI-1");
    // What was not touched is the sample's.
    let sample = sample_setup();
    assert_eq!(s.days[0], sample.days[0]);
    assert_eq!(s.sides[1].fort_chart, sample.sides[1].fort_chart);
    assert_eq!(s.cpp_table, sample.cpp_table);
}

#[wasm_bindgen_test]
async fn a_bad_entry_shows_its_message_beside_it_and_keeps_the_form() {
    let (root, nav) = mount_wizard();
    leptos::task::tick().await;
    enter(&root, "wizard-name", "Kept name");
    leptos::task::tick().await;
    // Not a number: the field keeps the text and says what it wants.
    enter(&root, "me-1-0-stands", "nine");
    leptos::task::tick().await;
    assert_eq!(value(&root, "me-1-0-stands"), "nine");
    assert!(text(&root, "me-1-0-stands-error").contains("whole number"), "{}", text(&root, "me-1-0-stands-error"));
    // A change elsewhere in the form does not wipe it.
    enter(&root, "day-0-name", "First day");
    leptos::task::tick().await;
    assert_eq!(value(&root, "me-1-0-stands"), "nine");
    // More vehicles than stands: setup_check's message next to the row, the section counts it.
    enter(&root, "me-1-0-vehicles", "12");
    leptos::task::tick().await;
    let msg = text(&root, "me-1-0-problem");
    assert!(msg.contains("PZ-1") && msg.contains("more vehicles than stands"), "{msg}");
    assert!(text(&root, "section-side-1").contains("1 problem"));
    // A per-day limit above the campaign limit, on a chart row.
    enter(&root, "rg-0-2-day", "9");
    leptos::task::tick().await;
    assert!(text(&root, "rg-0-2-problem").contains("cannot be above the campaign limit"));
    // A gap in the CPP table, gathered into one line.
    click(&root, "cpp-6-remove");
    leptos::task::tick().await;
    assert_eq!(text(&root, "cpp-problem"), "The CPP table has no row for a final roll of -40 to 0.");
    // Creating is refused with every problem listed; nothing typed is lost.
    click(&root, "create-campaign");
    leptos::task::tick().await;
    assert_eq!(nav.0.get_untracked(), Screen::List);
    let summary = text(&root, "setup-problem");
    assert!(summary.contains("more vehicles than stands") && summary.contains("no row for a final roll"), "{summary}");
    assert_eq!(value(&root, "wizard-name"), "Kept name");
    assert_eq!(value(&root, "me-1-0-vehicles"), "12");
    assert_eq!(value(&root, "rg-0-2-day"), "9");
    // Fixed, the messages go and the campaign is made.
    enter(&root, "me-1-0-vehicles", "9");
    enter(&root, "rg-0-2-day", "1");
    click(&root, "cpp-default");
    leptos::task::tick().await;
    assert!(find(&root, "me-1-0-problem").is_none());
    assert!(find(&root, "setup-problem").is_none());
    click(&root, "create-campaign");
    leptos::task::tick().await;
    assert!(matches!(nav.0.get_untracked(), Screen::Campaign { .. }));
}

/// Types into a text area and leaves it.
fn enter_text(root: &web_sys::HtmlElement, testid: &str, value: &str) {
    let el = find(root, testid).unwrap_or_else(|| panic!("no {testid}"));
    el.clone().unchecked_into::<web_sys::HtmlTextAreaElement>().set_value(value);
    fire(&el, "change");
}

/// The campaign's Rules tab as the campaign screen draws it, the device held by `holder`.
fn mount_rules(id: &str, holder: Reader) -> web_sys::HtmlElement {
    let (_, c) = field_desk::store::load_of::<Bfww2Campaign>(&LocalStorage, id).unwrap();
    let root = container();
    let open = Open::new(RwSignal::new(c), holder);
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(open);
        <Bfww2Campaign as SystemUi>::rules()
    });
    handle.forget();
    root
}

#[wasm_bindgen_test]
async fn the_umpires_notes_move_order_and_schedule_reach_the_rules_tab() {
    let (root, nav) = mount_wizard();
    leptos::task::tick().await;
    enter(&root, "wizard-name", "Rostov in the snow");
    enter_text(&root, "terrain", "Snow-covered steppe: all open ground is rough.\nThe Aksay is frozen.");
    enter_text(&root, "weather", "Each morning a d10: 1-3 blizzard, no aircraft; 4-10 clear.");
    click(&root, "move-order-first");
    leptos::task::tick().await;
    assert!(text(&root, "move-order-words").contains("moves first"));
    // A German battalion scheduled for 25 December (the third day), under the PZ row.
    click(&root, "sched-1-add");
    leptos::task::tick().await;
    choose(&root, "sched-1-0-day", "2");
    enter(&root, "sched-1-0-id", "PZ-2");
    leptos::task::tick().await;
    assert!(find(&root, "setup-problem").is_none());
    assert!(find(&root, "sched-1-0-problem").is_none());
    click(&root, "create-campaign");
    leptos::task::tick().await;
    let id = match nav.0.get_untracked() {
        Screen::Campaign { id, .. } => id,
        other => panic!("still on {other:?}"),
    };
    let (_, c) = field_desk::store::load_of::<Bfww2Campaign>(&LocalStorage, &id).unwrap();
    let s = c.setup();
    assert!(s.terrain.ends_with("The Aksay is frozen.") && s.weather.contains("blizzard"));
    assert_eq!(s.move_order, MoveOrder::AttackerMovesFirst);
    let pz2 = &s.sides[1].scheduled[0];
    assert_eq!((pz2.day, pz2.me.id.as_str(), pz2.me.rg.as_deref()), (2, "PZ-2", Some("PZ")));
    // The notes and the order are table rules: every holder reads them. The German schedule
    // is the German side's and the umpire's.
    for (holder, reads) in [(None, false), (Some(seat(0)), false), (Some(seat(1)), true), (Some(UMPIRE), true)] {
        let rules = mount_rules(&id, holder);
        leptos::task::tick().await;
        assert!(text(&rules, "terrain").contains("The Aksay is frozen."), "{holder:?}");
        assert!(text(&rules, "weather").contains("1-3 blizzard"), "{holder:?}");
        assert!(text(&rules, "move-order").contains("sets up second and moves first"), "{holder:?}");
        assert_eq!(find(&rules, "scheduled-side2").is_some(), reads, "{holder:?}");
        assert!(find(&rules, "scheduled-side1").is_none(), "the Soviet side has none");
        if reads {
            assert!(text(&rules, "scheduled-side2").contains("25 December"), "{holder:?}");
        }
    }
}

/// Who keeps the campaign (issue 31): an umpire by default; a side's player chosen in the
/// form is stored, said on the Rules tab, and the reference says what is sealed and rolled
/// together when one side keeps it.
#[wasm_bindgen_test]
async fn a_side_s_player_may_keep_the_campaign() {
    let (root, nav) = mount_wizard();
    leptos::task::tick().await;
    let pressed = |key: &str| find(&root, &format!("keeper-{key}")).unwrap().get_attribute("aria-pressed");
    assert_eq!(pressed("umpire").as_deref(), Some("true"), "an umpire keeps by default");
    assert!(text(&root, "keeper-side2").contains("German 6th Panzer Division's player"));
    assert!(text(&root, "keeper-side2").contains("Soviet 24th Tank Corps seals its secret choices"));
    click(&root, "keeper-side2");
    leptos::task::tick().await;
    assert_eq!(pressed("side2").as_deref(), Some("true"));
    assert_eq!(pressed("umpire").as_deref(), Some("false"));
    assert!(text(&root, "keeper-words").starts_with("German 6th Panzer Division's player keeps the campaign"));
    enter(&root, "wizard-name", "Rostov by post");
    click(&root, "create-campaign");
    leptos::task::tick().await;
    let id = match nav.0.get_untracked() {
        Screen::Campaign { id, .. } => id,
        other => panic!("still on {other:?}"),
    };
    let (_, c) = field_desk::store::load_of::<Bfww2Campaign>(&LocalStorage, &id).unwrap();
    assert_eq!(c.setup().kept_by, Some(1));
    for holder in [Some(UMPIRE), Some(seat(0))] {
        let rules = mount_rules(&id, holder);
        leptos::task::tick().await;
        assert!(
            text(&rules, "keeper").contains("Soviet 24th Tank Corps's player seals each secret choice"),
            "{holder:?}"
        );
    }
    let reference = container();
    leptos::mount::mount_to(reference.clone(), || view! { <Bfww2Reference/> }).forget();
    leptos::task::tick().await;
    assert!(text(&reference, "playing-apart").contains("sealed"));
    let words = text(&reference, "playing-apart-bfww2");
    assert!(
        words.contains("The CPP roll, armour repair") && words.contains("discipline-rating change roll"),
        "{words}"
    );
}

/// The rows of a table, each as its cells' text.
fn rows(root: &web_sys::HtmlElement, testid: &str) -> Vec<Vec<String>> {
    let table = find(root, testid).unwrap_or_else(|| panic!("no {testid}"));
    let trs = table.query_selector_all("tbody tr").unwrap();
    (0..trs.length())
        .map(|i| {
            let tds = trs.item(i).unwrap().unchecked_into::<web_sys::Element>().query_selector_all("td").unwrap();
            (0..tds.length()).map(|j| tds.item(j).unwrap().text_content().unwrap_or_default()).collect()
        })
        .collect()
}

fn bands<T: Copy>(root: &web_sys::HtmlElement, testid: &str, table: &[Band<T>], say: impl Fn(T) -> String) {
    let got = rows(root, testid);
    let want: Vec<Vec<String>> = table.iter().map(|b| vec![b.label(), say(b.result)]).collect();
    assert_eq!(got, want, "{testid}");
}

fn mods<K>(root: &web_sys::HtmlElement, testid: &str, table: &[Modifier<K>]) {
    let got = rows(root, testid);
    assert_eq!(got.len(), table.len(), "{testid}");
    for (row, m) in got.iter().zip(table) {
        assert_eq!(row[0], m.text);
        assert_eq!(row[1], if m.value > 0 { format!("+{}", m.value) } else { m.value.to_string() });
    }
}

#[wasm_bindgen_test]
async fn the_reference_shows_each_table_from_the_data() {
    let root = container();
    leptos::mount::mount_to(root.clone(), || view! { <Bfww2Reference/> }).forget();
    leptos::task::tick().await;
    bands(&root, "table-cpp", &CPP_REPLENISHMENT, |n| format!("+{n}"));
    assert_eq!(rows(&root, "table-cpp")[0], vec!["11 or more".to_string(), "+18".to_string()]);
    assert_eq!(rows(&root, "table-cpp")[6], vec!["0 or less".to_string(), "+6".to_string()]);
    bands(&root, "table-repair", &ARMOUR_REPAIR, |r| {
        if r == Repair::Repaired {
            "Repaired: the vehicle returns to its element".into()
        } else {
            "No effect".into()
        }
    });
    bands(&root, "table-missions", &MISSIONS, |n| n.to_string());
    assert_eq!(
        rows(&root, "table-withdrawal").iter().map(|r| r[0].clone()).collect::<Vec<_>>(),
        vec!["3 or more", "2 or less"]
    );
    assert_eq!(
        rows(&root, "table-rating").iter().map(|r| r[0].clone()).collect::<Vec<_>>(),
        vec!["101 or more", "1-100", "0 or less"]
    );
    assert_eq!(
        rows(&root, "table-removal").iter().map(|r| r[0].clone()).collect::<Vec<_>>(),
        vec!["6 or more", "5 or less"]
    );
    assert_eq!(
        rows(&root, "table-escape").iter().map(|r| r[0].clone()).collect::<Vec<_>>(),
        vec!["4 or more", "2-3", "1 or less"]
    );
    mods(&root, "table-repair-modifiers", &REPAIR_MODIFIERS);
    mods(&root, "table-rating-modifiers", &RATING_MODIFIERS);
    mods(&root, "table-mission-modifiers", &MISSION_MODIFIERS);
    mods(&root, "table-removal-modifiers", &REMOVAL_MODIFIERS);
    mods(&root, "table-escape-modifiers", &ESCAPE_MODIFIERS);
    // The Rostov chart day by day, the last with no Russian CPP.
    let rostov = rows(&root, "table-rostov-drm");
    assert_eq!(rostov.len(), ROSTOV_DRM.len());
    assert_eq!(rostov[4], vec!["27".to_string(), "No CPP".to_string(), "+5".to_string()]);
    // Repair dates read off the rules' own gate.
    let dates = rows(&root, "table-repair-dates");
    assert!(dates.contains(&vec!["German".to_string(), "Jan 1939 to Dec 1944".to_string()]), "{dates:?}");
    assert!(dates.contains(&vec!["Russian".to_string(), "Jul 1944 to Dec 1945".to_string()]), "{dates:?}");
    // The turn-record chart from turn 11 to 20.
    let turns = rows(&root, "table-turn-record");
    assert_eq!(turns.len(), 10);
    assert_eq!(turns[0], vec!["11".to_string(), "1".to_string()]);
    assert_eq!(turns[9], vec!["20".to_string(), "Always ends".to_string()]);
    // Every reading taken.
    let readings = find(&root, "readings").unwrap().query_selector_all("li").unwrap();
    assert_eq!(readings.length() as usize, READINGS.len());
    // The sample's charts, said to be illustrative.
    assert_eq!(rows(&root, "table-sample-rg-1").len(), sample_setup().sides[1].rg_chart.len());
    assert!(root.text_content().unwrap_or_default().contains("illustrative"));
}
