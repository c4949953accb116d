//! Seat copies from outside, drawn (wasm-bindgen-test in headless Chromium). A copy arrives by a
//! link or a file and was never replayed here; `System::check_view` refuses the ones whose
//! numbers the rules cannot read, and `tests/seat_copy_hostile.rs` asks the rules about the rest
//! natively. Here each system's copy screen (`viewer::copy_screen`: header, map, rosters, log)
//! is drawn for every reader's copy (of the samples and of campaigns played from the grammars),
//! for copies with one number of the position changed to a value a damaged or hostile copy could
//! hold, and for copies with one part of the position or setup changed in structure
//! (`support/reshape.rs`: lists emptied, lengthened, swapped; nulls; other types; fields
//! swapped): each is refused by the check or drawn without a panic (a panic in the browser kills
//! the page, and a kept copy would kill it at every start). Every reshaped copy the check
//! accepts is drawn, once: one that reads as a copy already drawn is not drawn again.
#![cfg(target_arch = "wasm32")]

#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/reshape.rs"]
mod reshape;
#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::{Campaign, DiceInput, Grammar, Reader, Seat};
use field_desk::share::seat::SeatCopy;
use field_desk::share::typed::SeatCopyOf;
use field_desk::share::Meta;
use field_desk::systems::race_for_x::tables::OffensiveAction;
use field_desk::systems::race_for_x::{Decision as RfxDecision, RaceForX, Side};
use field_desk::systems::{AnyCampaign, SystemId};
use field_desk::ui::campaign::SystemUi;
use field_desk::ui::registry::VisitUi;
use field_desk::ui::route::Screen;
use field_desk::ui::{viewer, Banner, Nav};
use leptos::prelude::*;
use serde_json::Value;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn meta() -> Meta {
    Meta { id: "0123456789abcdef".into(), name: "Hostile".into(), created: 1.0e12, updated: 1.0e12 }
}

/// Every reader's copy of a campaign, as JSON.
fn copies(any: &AnyCampaign, seats: u8) -> Vec<String> {
    let readers = (0..seats).map(|s| Some(Seat(s))).chain(std::iter::once(None::<Seat>));
    readers.map(|r: Reader| SeatCopy::new(meta(), 1.7e12, any.seat_view(r)).to_json()).collect()
}

/// The paths of every number under `/view/state` in a copy's JSON.
fn numbers(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Number(_) => out.push(at),
        Value::Array(xs) => xs.iter().enumerate().for_each(|(i, x)| numbers(x, format!("{at}/{i}"), out)),
        Value::Object(m) => {
            m.iter().for_each(|(k, x)| numbers(x, format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")), out))
        }
        _ => {}
    }
}

/// Draws a copy of system `S`; `false` when the check refused it.
async fn drawn<S: SystemUi>(json: &str) -> bool {
    let Ok(copy) = SeatCopyOf::<S>::from_json(json) else { return false };
    let doc = web_sys::window().unwrap().document().unwrap();
    let root: web_sys::HtmlElement = doc.create_element("div").unwrap().unchecked_into();
    doc.body().unwrap().append_child(&root).unwrap();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(Banner(RwSignal::new(None)));
        provide_context(Nav(RwSignal::new(Screen::List)));
        viewer::copy_screen(copy)
    });
    // Effects (and what they draw) run on the next ticks.
    leptos::task::tick().await;
    leptos::task::tick().await;
    let shown = root.query_selector("[data-testid=\"seat-copy\"]").unwrap().is_some();
    let error = root.query_selector("[data-testid=\"load-error\"]").unwrap().is_some();
    assert!(shown || error, "a copy accepted by the check drew neither its screen nor a reason");
    drop(handle);
    root.remove();
    true
}

/// Every reader's true copy is drawn; then each of up to `budget` numbers of the positions (spread
/// over all of them) is changed to hostile values and the copy drawn or refused; then every part
/// of each is changed in structure, and each copy the check accepts drawn.
async fn check<S: SystemUi>(name: &str, copies: &[String], budget: usize) {
    name_on_panic();
    let start = js_sys::Date::now();
    let (mut tried, mut refused) = (0, 0);
    for json in copies {
        assert!(drawn::<S>(json).await, "{name}: a true copy is refused");
    }
    for json in copies {
        let value: Value = serde_json::from_str(json).unwrap();
        let mut paths = Vec::new();
        numbers(&value["view"]["state"], "/view/state".into(), &mut paths);
        let stride = (paths.len() * copies.len()).div_ceil(budget).max(1);
        for (k, path) in paths.iter().step_by(stride).enumerate() {
            if k % 16 == 0 {
                breathe().await;
            }
            let old = value.pointer(path).unwrap().as_i64().unwrap_or(0);
            for new in [old + 1, 255, 65_535] {
                let mut bad = value.clone();
                *bad.pointer_mut(path).unwrap() = Value::from(new);
                // Named before it is drawn: a panic stops the test here, and the hook says which.
                naming(format!("{name}: {path} = {new} (was {old})"));
                tried += 1;
                if !drawn::<S>(&bad.to_string()).await {
                    refused += 1;
                }
            }
        }
    }
    web_sys::console::log_1(&format!("{name}: {tried} changed copies, {refused} refused, the rest drawn").into());
    assert!(tried > 0, "{name}: no number changed");
    let (mut tried, mut refused, mut same, mut drawing) = (0, 0, 0, 0.0);
    let mut seen: std::collections::HashSet<String> =
        copies.iter().map(|json| SeatCopyOf::<S>::from_json(json).unwrap().to_json()).collect();
    for json in copies {
        let mut value: Value = serde_json::from_str(json).unwrap();
        let mut changes = Vec::new();
        reshape::reshaped(&value["view"]["state"], "/view/state".into(), &mut changes);
        reshape::reshaped(&value["view"]["setup"], "/view/setup".into(), &mut changes);
        // Every change to every part; every one the check accepts is drawn.
        for (k, (path, new)) in changes.into_iter().enumerate() {
            if k % 16 == 0 {
                breathe().await;
            }
            // Changed in place and put back once written out: a copy of the whole document per
            // change cost as much as reading it.
            let was = std::mem::replace(value.pointer_mut(&path).unwrap(), new);
            let bad = value.to_string();
            let new = std::mem::replace(value.pointer_mut(&path).unwrap(), was);
            tried += 1;
            // Most changes never get past reading the copy's types, read as the app reads them:
            // refused here without `from_json` reading the copy's head first.
            if field_desk::engine::json::from_str::<SeatCopyOf<S>>(&bad).is_err() {
                refused += 1;
                continue;
            }
            let Ok(copy) = SeatCopyOf::<S>::from_json(&bad) else {
                refused += 1;
                continue;
            };
            // A change the types read past (a field's default, say) can leave the very copy
            // already drawn: the screen is drawn from the read copy, so it is drawn once.
            if !seen.insert(copy.to_json()) {
                same += 1;
                continue;
            }
            let shown = new.to_string().chars().take(60).collect::<String>();
            naming(format!("{name}: {path} = {shown}"));
            let t = js_sys::Date::now();
            assert!(drawn::<S>(&bad).await);
            drawing += js_sys::Date::now() - t;
        }
    }
    web_sys::console::log_1(
        &format!(
            "{name}: {tried} reshaped copies, {refused} refused, {same} read as one already drawn, the rest drawn ({:.0} s in all, {:.0} s drawing)",
            (js_sys::Date::now() - start) / 1000.0,
            drawing / 1000.0
        )
        .into(),
    );
    assert!(tried > refused + same, "{name}: no reshaped copy was drawn");
}

thread_local! {
    /// The copy being drawn, named in the log only if drawing it panics: a line for each of
    /// about 10,000 drawn copies buried the summaries in the run's output.
    static NAMED: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

fn naming(what: String) {
    NAMED.with(|n| *n.borrow_mut() = what);
}

/// Names the copy being drawn when a panic stops the test (once per page).
fn name_on_panic() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            NAMED.with(|n| web_sys::console::log_1(&format!("while drawing {}", n.borrow()).into()));
            before(info)
        }));
    });
}

/// Yields to the browser's event loop (a task, not a microtask): the test runner talks to the
/// page between tasks and gives up on one busy for half a minute.
async fn breathe() {
    let wait = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window().unwrap().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0).unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(wait).await.unwrap();
}

/// Every reader's copy of a campaign played from the grammar, `steps` decisions from `start`.
fn played<S: Grammar>(mut c: Campaign<S>, steps: usize, seed: u64, any: fn(Campaign<S>) -> AnyCampaign) -> Vec<String>
where
    S::Decision: std::fmt::Debug,
{
    let mut rng = rng::Rng::new(seed);
    let mut tally = grammar_walk::Tally::default();
    for _ in 0..steps {
        if S::over(c.setup(), c.state()) || !grammar_walk::step(&mut c, &mut rng, 2_000, &mut tally) {
            break;
        }
    }
    let seats = c.seats().len() as u8;
    copies(&any(c), seats)
}

fn sample_copies(system: SystemId) -> Vec<String> {
    let any = system.sample().unwrap();
    copies(&any, any.seats().len() as u8)
}

/// Every system of the UI's list: its sample's copies and three of a random campaign's (the
/// first seat's, the last seat's, the table's: the file stays within the runner's time).
struct Drawn;

impl VisitUi for Drawn {
    type Out = std::pin::Pin<Box<dyn std::future::Future<Output = ()>>>;
    fn visit<S: SystemUi>(self) -> Self::Out {
        Box::pin(async {
            let mut all = sample_copies(S::ID);
            let mut played = played::<S>(Campaign::new(S::sample()).unwrap(), 40, 5, S::any);
            let table = played.pop().unwrap();
            all.extend([played[0].clone(), played[played.len() - 1].clone(), table]);
            check::<S>(S::ID.name(), &all, 300).await;
        })
    }
}

#[wasm_bindgen_test]
async fn every_system_s_copies_are_drawn_or_refused() {
    for system in SystemId::ALL {
        field_desk::ui::by_system::visit(system, Drawn).await;
    }
}

/// Race for X's copies with both secret choices made.
#[wasm_bindgen_test]
async fn race_for_x_copies_are_drawn_or_refused() {
    let mut c = Campaign::<RaceForX>::new(field_desk::systems::race_for_x::sample::sample_setup()).unwrap();
    for (side, action) in [(Side::A, OffensiveAction::Attack), (Side::B, OffensiveAction::Regroup)] {
        c.decide(RfxDecision::ChooseAction { side, action }, DiceInput::Typed(vec![])).unwrap();
    }
    check::<RaceForX>("Race for X", &copies(&AnyCampaign::RaceForX(c), 2), 300).await;
}

/// Any kept copy can be removed from the list, with a confirmation, without opening it: one kept
/// (by an earlier version) with an id the router cannot open, and one whose text does not read.
#[wasm_bindgen_test]
async fn any_kept_copy_is_removed_from_the_list_without_opening_it() {
    use field_desk::store::{Backend, SEAT_PREFIX};
    use field_desk::ui::platform::LocalStorage;
    let mut b = LocalStorage;
    for k in b.keys().unwrap().into_iter().filter(|k| k.starts_with(SEAT_PREFIX)) {
        b.remove(&k).unwrap();
    }
    let mut bad: Value = serde_json::from_str(&sample_copies(SystemId::RaceForX)[0]).unwrap();
    bad["meta"]["id"] = Value::from("a/b/../c");
    b.set(&format!("{SEAT_PREFIX}0.a/b/../c"), &bad.to_string()).unwrap();
    // Not JSON (the store writes JSON only): straight into the browser's storage.
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.set_item(&format!("{SEAT_PREFIX}1.broken"), "{broken").unwrap();
    let doc = web_sys::window().unwrap().document().unwrap();
    let root: web_sys::HtmlElement = doc.create_element("div").unwrap().unchecked_into();
    doc.body().unwrap().append_child(&root).unwrap();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(Banner(RwSignal::new(None)));
        provide_context(Nav(RwSignal::new(Screen::List)));
        view! { <viewer::SeatCopies/> }
    });
    leptos::task::tick().await;
    let rows =
        |root: &web_sys::HtmlElement| root.query_selector_all("[data-testid=\"seat-copy-row\"]").unwrap().length();
    let click = |root: &web_sys::HtmlElement, sel: &str| {
        let el: web_sys::HtmlElement =
            root.query_selector(sel).unwrap().unwrap_or_else(|| panic!("no {sel}")).unchecked_into();
        el.click();
    };
    assert_eq!(rows(&root), 2, "both are listed");
    assert!(root.query_selector(".seat-copies button.campaign-open").unwrap().is_none(), "neither opens");
    for left in [1, 0] {
        click(&root, "[data-testid=\"remove-seat-copy\"]");
        leptos::task::tick().await;
        assert!(root.query_selector("[data-testid=\"confirm-remove-seat-copy\"]").unwrap().is_some(), "asked first");
        click(&root, "[data-testid=\"confirm-remove-seat-copy-yes\"]");
        leptos::task::tick().await;
        assert_eq!(rows(&root), left);
    }
    assert!(b.keys().unwrap().iter().all(|k| !k.starts_with(SEAT_PREFIX)), "both are gone from storage");
    drop(handle);
    root.remove();
}

/// A kept copy its system's check refuses (issue 28's: one list of losses emptied) reaches its
/// screen typed (`StoreError::Load(LoadError::View(ViewProblem::Shape))`) and is worded there:
/// the screen says what is wrong in the check's words, and draws nothing of the copy.
#[wasm_bindgen_test]
async fn a_kept_copy_its_check_refuses_shows_why_in_words() {
    use field_desk::engine::ViewProblem;
    use field_desk::share::LoadError;
    use field_desk::store::{load_seat_copy_of, Backend, StoreError, SEAT_PREFIX};
    use field_desk::ui::platform::LocalStorage;
    let mut bad: Value = serde_json::from_str(&sample_copies(SystemId::RaceForX)[0]).unwrap();
    assert_eq!(bad["view"]["reader"], Value::from(0));
    *bad.pointer_mut("/view/state/players/1/lost/0").unwrap() = Value::Array(vec![]);
    let id = meta().id;
    let mut b = LocalStorage;
    let key = format!("{SEAT_PREFIX}0.{id}");
    b.set(&key, &bad.to_string()).unwrap();
    let Err(e) = load_seat_copy_of::<RaceForX>(&b, "0", &id) else { panic!("the check takes it") };
    assert!(
        matches!(&e, StoreError::Load(LoadError::View(ViewProblem::Shape { like, .. })) if like == "their orbat"),
        "{e:?}"
    );
    let doc = web_sys::window().unwrap().document().unwrap();
    let root: web_sys::HtmlElement = doc.create_element("div").unwrap().unchecked_into();
    doc.body().unwrap().append_child(&root).unwrap();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(Banner(RwSignal::new(None)));
        provide_context(Nav(RwSignal::new(Screen::List)));
        field_desk::ui::registry::seat_copy_screen(SystemId::RaceForX, "0".into(), meta().id)
    });
    leptos::task::tick().await;
    leptos::task::tick().await;
    let shown = root.query_selector("[data-testid=\"load-error\"]").unwrap().expect("the reason is shown");
    assert_eq!(shown.text_content().unwrap(), e.to_string());
    assert!(e.to_string().contains("are not shaped as their orbat"), "{e}");
    assert!(root.query_selector("[data-testid=\"seat-copy\"]").unwrap().is_none(), "nothing of it is drawn");
    drop(handle);
    root.remove();
    b.remove(&key).unwrap();
}
