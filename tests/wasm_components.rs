//! Components in a real browser (wasm-bindgen-test in headless Chromium): the dice widget and
//! the secret offensive-action phase of Race for X; the step on screen read and kept for the next
//! opening (`store::Glimpse`) in the browser's own storage.
#![cfg(target_arch = "wasm32")]

use field_desk::engine::odds::Chance;
use field_desk::engine::{Campaign, DiceSpec, Die, Modifier, RollPreview};
use field_desk::systems::race_for_x::{sample, Phase, RaceForX};
use field_desk::ui::dice::{DiceChoice, DiceRoll};
use field_desk::ui::rfx::{phases::PhaseView, Rfx};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

#[path = "support/wasm.rs"]
mod wasm;
use wasm::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn dice_widget_shows_odds_checks_typed_dice_and_rolls() {
    let root = container();
    let got = RwSignal::new(Vec::<DiceChoice>::new());
    let preview = Signal::derive(|| {
        Some(RollPreview {
            title: "Test".into(),
            dice: DiceSpec::one(Die::D6),
            modifiers: vec![Modifier { label: "Advanced 1 zone last turn".into(), value: 1 }],
            odds: vec![("Advance".into(), Chance::new(1, 2)), ("Stay".into(), Chance::new(1, 2))],
            faces: Some(vec!["1-3".into(), "4-6".into()]),
            note: None,
        })
    });
    let on_roll = Callback::new(move |c: DiceChoice| {
        got.update(|v| v.push(c));
        Ok(())
    });
    let handle = leptos::mount::mount_to(
        root.clone(),
        move || view! { <DiceRoll preview=preview label="test".to_string() on_roll=on_roll/> },
    );
    leptos::task::tick().await;

    assert_eq!(text(&root, "dice-spec"), "1d6");
    assert!(text(&root, "odds").contains("50%"), "odds: {}", text(&root, "odds"));
    // Each result with the faces that give it.
    let faces: Vec<String> = (0..2)
        .map(|i| root.query_selector_all("[data-testid=odds-faces]").unwrap().item(i).unwrap().text_content().unwrap())
        .collect();
    assert_eq!(faces, ["1-3", "4-6"]);
    assert!(text(&root, "modifiers").contains("+1"));

    // An out-of-range entry is refused with a message and plays nothing.
    type_into(&find(&root, "dice-input").unwrap(), "7");
    leptos::task::tick().await;
    find(&root, "dice-submit").unwrap().click();
    leptos::task::tick().await;
    assert!(text(&root, "dice-error").contains("1 to 6"), "error: {}", text(&root, "dice-error"));
    assert!(got.get_untracked().is_empty());

    // A good typed die, a tapped face, and an app roll.
    type_into(&find(&root, "dice-input").unwrap(), "3");
    leptos::task::tick().await;
    find(&root, "dice-submit").unwrap().click();
    leptos::task::tick().await;
    find(&root, "face-5").unwrap().click();
    find(&root, "roll-app").unwrap().click();
    leptos::task::tick().await;
    assert_eq!(got.get_untracked(), vec![DiceChoice::Typed(vec![3]), DiceChoice::Typed(vec![5]), DiceChoice::App]);
    assert!(find(&root, "dice-error").is_none(), "error cleared after a good roll");
    drop(handle);
}

/// Players apart (issue 31): once the other player's device has replied, a roll both sides
/// care about offers the joint roll first, as the primary action; a side's own roll does not,
/// and neither does a table that has heard nothing from the other device.
#[wasm_bindgen_test]
async fn a_roll_both_sides_care_about_is_joint_first_when_players_are_apart() {
    use field_desk::engine::Seat;
    use field_desk::ui::dice::JointRoll;
    let root = container();
    let apart = RwSignal::new(false);
    let own = RwSignal::new(false);
    let got = RwSignal::new(Vec::<DiceChoice>::new());
    let preview = Signal::derive(|| {
        Some(RollPreview {
            title: "Type of battle".into(),
            dice: DiceSpec::one(Die::D6),
            modifiers: vec![],
            odds: vec![("Encounter".into(), Chance::new(1, 1))],
            faces: None,
            note: None,
        })
    });
    let on_roll = Callback::new(move |c: DiceChoice| {
        got.update(|v| v.push(c));
        Ok(())
    });
    let handle = leptos::mount::mount_to(root.clone().unchecked_into(), move || {
        provide_context(JointRoll {
            with: Signal::derive(|| Some((Seat(1), "Boris".to_string()))),
            waiting: Signal::derive(|| None),
            apart: apart.into(),
        });
        view! { <DiceRoll preview=preview label="type of battle".to_string() on_roll=on_roll own=own/> }
    });
    leptos::task::tick().await;
    let primary = |id: &str| find(&root, id).unwrap().class_list().contains("primary");
    assert!(primary("roll-app") && !primary("roll-joint"), "together at the table: the app's roll first");
    assert!(find(&root, "joint-first").is_none());
    apart.set(true);
    leptos::task::tick().await;
    assert!(primary("roll-joint") && !primary("roll-app"), "apart: the joint roll first");
    assert!(text(&root, "joint-first").contains("Boris plays on another device"));
    own.set(true);
    leptos::task::tick().await;
    assert!(primary("roll-app") && !primary("roll-joint"), "a side's own roll stays its own");
    own.set(false);
    leptos::task::tick().await;
    find(&root, "roll-joint").unwrap().click();
    assert_eq!(got.get_untracked(), vec![DiceChoice::Joint(Seat(1))]);
    drop(handle);
}

#[wasm_bindgen_test]
async fn secret_actions_stay_hidden_until_both_have_chosen() {
    let root = container();
    let campaign = RwSignal::new(Campaign::<RaceForX>::new(sample::sample_setup()).unwrap());
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(Rfx::new(campaign, None));
        view! { <PhaseView/> }
    });
    leptos::task::tick().await;
    assert_eq!(text(&root, "phase-title"), "Offensive actions");

    find(&root, "reveal-A").unwrap().click();
    leptos::task::tick().await;
    assert!(find(&root, "secret-choice").is_some());
    // By keyboard: the choice takes the focus (Escape closing it is checked end to end).
    let doc = web_sys::window().unwrap().document().unwrap();
    let focused = doc.active_element().and_then(|e| e.get_attribute("data-testid"));
    assert_eq!(focused.as_deref(), Some("choose-attack"));
    find(&root, "choose-regroup").unwrap().focus().unwrap();
    find(&root, "hide-choice").unwrap().click();
    leptos::task::tick().await;
    assert!(find(&root, "secret-choice").is_none());
    assert!(campaign.with_untracked(|c| c.state().actions()[0].is_none()), "hiding chooses nothing");
    find(&root, "reveal-A").unwrap().click();
    leptos::task::tick().await;
    find(&root, "choose-attack").unwrap().click();
    leptos::task::tick().await;
    // Back on the hand-over screen: Anna's choice is not shown anywhere.
    assert!(find(&root, "secret-choice").is_none());
    assert!(text(&root, "handover-A").contains("has chosen"));
    assert!(!root.inner_text().contains("Attack"), "choice leaked: {}", root.inner_text());

    find(&root, "reveal-B").unwrap().click();
    leptos::task::tick().await;
    find(&root, "choose-regroup").unwrap().click();
    leptos::task::tick().await;
    assert_eq!(campaign.with_untracked(|c| c.state().phase()), Phase::TypeOfBattle);
    assert_eq!(text(&root, "phase-title"), "Type of battle");
    assert!(text(&root, "battle-summary").contains("Anna: Attack"));

    // A typed 4 under Attack with no modifiers: Prepared Defence, then forces.
    find(&root, "face-4").unwrap().click();
    leptos::task::tick().await;
    assert_eq!(text(&root, "phase-title"), "Forces on table");
    assert!(text(&root, "force-info").contains("Field 9 of 19"), "{}", text(&root, "force-info"));

    // "Field the suggested units" fills the picker with a lawful nine, which the player may change.
    find(&root, "suggest-forces").unwrap().click();
    leptos::task::tick().await;
    assert_eq!(text(&root, "force-count"), "9 of 9 chosen");
    assert!(find(&root, "force-problem").is_none(), "{}", text(&root, "force-problem"));
    let pressed = root.query_selector_all("[data-testid=unit-toggle][aria-pressed=true]").unwrap();
    assert_eq!(pressed.length(), 9);
    let first: web_sys::HtmlElement = pressed.item(0).unwrap().unchecked_into();
    first.click();
    leptos::task::tick().await;
    assert_eq!(text(&root, "force-count"), "8 of 9 chosen");
    find(&root, "suggest-forces").unwrap().click();
    leptos::task::tick().await;
    let confirm: web_sys::HtmlButtonElement = find(&root, "confirm-forces").unwrap().unchecked_into();
    assert!(!confirm.disabled(), "the suggestion may be taken as it is");
    confirm.click();
    leptos::task::tick().await;
    let fielded = campaign.with_untracked(|c| c.state().current().map(|b| b.fielded.len()));
    assert_eq!(fielded, Some(9));
    assert_ne!(campaign.with_untracked(|c| c.state().phase()), Phase::FieldForces);
    drop(handle);
}

#[wasm_bindgen_test]
fn the_step_on_screen_is_remembered_in_the_browsers_storage() {
    use field_desk::store::{self, Glimpse, Para};
    use field_desk::ui::platform::{self, LocalStorage};
    // Only this test's step on the page (earlier tests leave their screens).
    let doc = web_sys::window().unwrap().document().unwrap();
    while let Some(old) = doc.query_selector(".play-main").unwrap() {
        old.remove();
    }
    let root = container();
    root.set_inner_html(
        r#"<div class="play-main"><div class="phase"><div class="phase-title-row"><h2 data-testid="phase-title">Offensive
        actions</h2></div><p class="hint">Each player picks   an action.</p><div class="handover"><p class="hint">Not this one.</p></div>
        <p class="info">Turn 2.</p><p class="info">A third paragraph.</p></div></div>"#,
    );
    let drawn = platform::drawn_glimpse().expect("a step is drawn");
    let paras = vec![(Para::Hint, "Each player picks an action.".into()), (Para::Info, "Turn 2.".into())];
    assert_eq!(drawn, Glimpse { title: "Offensive actions".into(), paras });
    // Kept in the browser's own storage, read back the same, forgotten with its campaign.
    let mut ls = LocalStorage;
    store::set_glimpse(&mut ls, "wasm-glimpse", Some(drawn.clone())).unwrap();
    assert_eq!(store::glimpse(&ls, "wasm-glimpse"), Some(drawn));
    store::delete(&mut ls, "wasm-glimpse").unwrap();
    assert_eq!(store::glimpse(&ls, "wasm-glimpse"), None);
    // No step on screen: nothing to remember.
    root.set_inner_html("<p class=\"hint\">A hint with no step.</p>");
    assert_eq!(platform::drawn_glimpse(), None);
}

/// Errors stay typed up to the component that shows them, which words them: a link that does not
/// open (`LinkError`) in the import review; a file that is no campaign (`LoadError`); a setup
/// saved over a campaign already played (`SetupError`) and the storage refusing (`StoreError`)
/// at the foot of a setup form; a link too long for a QR code.
#[wasm_bindgen_test]
async fn typed_errors_reach_the_screen_in_words() {
    use field_desk::engine::DiceInput;
    use field_desk::share::link::{LinkError, FRAGMENT_KEY};
    use field_desk::share::typed::Stored;
    use field_desk::share::{LoadError, Meta};
    use field_desk::store::StoreError;
    use field_desk::systems::race_for_x::tables::OffensiveAction;
    use field_desk::systems::race_for_x::{Decision, Side};
    use field_desk::ui::campaign::{save_setup, SetupError};
    use field_desk::ui::failure::Failure;
    use field_desk::ui::route::Screen;
    use field_desk::ui::transfer::{take_in, ImportReview, Source, Taken};
    use field_desk::ui::widgets::WizardFooter;
    use field_desk::ui::Nav;

    // A damaged link: reviewed, nothing to import, and the review says why in the link's words.
    let Taken::Review(items, errors) = take_in(Source::Link(format!("#{FRAGMENT_KEY}fd4.AAAA!!"))) else {
        panic!("a link is reviewed")
    };
    assert!(items.is_empty());
    assert!(matches!(errors[..], [Failure::Link(LinkError::Corrupt | LinkError::NotALink)]), "{errors:?}");
    // Worded in the transfer chunk, as registry::take_in does.
    let errors: Vec<Failure> = errors.into_iter().map(Failure::said).collect();
    let words = errors[0].to_string();
    let root = container();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(Nav(RwSignal::new(Screen::List)));
        view! { <ImportReview items=items errors=errors on_close=Callback::new(|_| ())/> }
    });
    leptos::task::tick().await;
    let doc = web_sys::window().unwrap().document().unwrap();
    let shown = doc.query_selector("[data-testid=\"import-error\"]").unwrap().expect("the reason is shown");
    assert_eq!(shown.text_content().unwrap(), words);
    assert!(words.starts_with("This link"), "{words}");
    drop(handle);
    root.remove();

    // A file that is not a campaign: typed as the document's load error, worded as it.
    let Taken::Failed(e) = take_in(Source::File("not json".into())) else { panic!("nothing read") };
    assert!(matches!(e, Failure::Load(LoadError::NotACampaign(_))), "{e:?}");
    assert!(e.to_string().starts_with("This is not a Field Desk campaign"), "{e}");

    // A setup saved over a campaign already played: the form's foot says the setup is fixed.
    let mut c = Campaign::<RaceForX>::new(sample::sample_setup()).unwrap();
    c.decide(Decision::ChooseAction { side: Side::A, action: OffensiveAction::Attack }, DiceInput::Typed(vec![]))
        .unwrap();
    let meta = Meta { id: "typed-errors".into(), name: "Played".into(), created: 1.0e12, updated: 1.0e12 };
    let played = Stored::new(meta, &c);
    assert_eq!(save_setup::<RaceForX>(sample::sample_setup(), "Played", Some(&played)), Err(SetupError::Started));
    for (refusal, words) in [
        (SetupError::Started, "Play has started: the setup is fixed now."),
        (SetupError::Store(StoreError::Full), "The browser's storage is full"),
    ] {
        let root = container();
        let handle = leptos::mount::mount_to(root.clone(), move || {
            provide_context(Nav(RwSignal::new(Screen::List)));
            let refusal = refusal.clone();
            view! {
                <WizardFooter disabled=Signal::derive(|| false) label="Save"
                    save=move || Some(Err::<String, SetupError<String>>(refusal.clone()))/>
            }
        });
        leptos::task::tick().await;
        click(&root, "create-campaign");
        leptos::task::tick().await;
        let alert = root.query_selector("[role=alert]").unwrap().expect("the refusal is shown");
        assert!(alert.text_content().unwrap().starts_with(words), "{}", alert.text_content().unwrap());
        drop(handle);
        root.remove();
    }

    // A link longer than a QR code holds: typed with its length, worded with it.
    let long = "x".repeat(5_000);
    let e = field_desk::ui::share::qr_svg(&long).expect_err("too long for a QR code");
    assert_eq!(e, field_desk::ui::share::TooLongForQr { chars: 5_000 });
    assert!(e.to_string().contains("5000 characters long"), "{e}");
}
