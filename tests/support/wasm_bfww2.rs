//! Shared pieces of the Battlefront: WW2 browser tests: a page to mount the real step
//! components on (with a holder, as the campaign screen has), finding, reading, clicking and
//! filling by test id, typed dice, and the sample brought to known points of its cycle.

#![allow(dead_code)]

use field_desk::engine::{Campaign, DiceInput, Reader};
use field_desk::systems::bfww2_campaign::sample::sample_setup;
use field_desk::systems::bfww2_campaign::{Bfww2Campaign, Decision, Report};
use field_desk::ui::bfww2::phases::PhaseView;
use field_desk::ui::campaign::Open;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

pub type C = Campaign<Bfww2Campaign>;
pub type Bw = Open<Bfww2Campaign>;
pub type El = web_sys::HtmlElement;

pub fn container() -> El {
    let doc = web_sys::window().unwrap().document().unwrap();
    let div = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&div).unwrap();
    div.unchecked_into()
}

pub fn find(root: &El, testid: &str) -> Option<El> {
    root.query_selector(&format!("[data-testid=\"{testid}\"]")).unwrap().map(|e| e.unchecked_into())
}

pub fn text(root: &El, testid: &str) -> String {
    find(root, testid).unwrap_or_else(|| panic!("no {testid} in: {}", root.inner_text())).inner_text()
}

pub fn click(root: &El, testid: &str) {
    find(root, testid).unwrap_or_else(|| panic!("no {testid} in: {}", root.inner_text())).click();
}

fn event(el: &El, name: &str) {
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    el.dispatch_event(&web_sys::Event::new_with_event_init_dict(name, &init).unwrap()).unwrap();
}

pub fn fill(root: &El, testid: &str, value: &str) {
    let el = find(root, testid).unwrap_or_else(|| panic!("no {testid}"));
    if let Some(area) = el.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        area.set_value(value);
    } else {
        el.unchecked_ref::<web_sys::HtmlInputElement>().set_value(value);
    }
    event(&el, "input");
}

pub fn choose(root: &El, testid: &str, value: &str) {
    let el = find(root, testid).unwrap_or_else(|| panic!("no {testid}"));
    el.unchecked_ref::<web_sys::HtmlSelectElement>().set_value(value);
    event(&el, "change");
}

pub fn tick_box(root: &El, testid: &str, on: bool) {
    let el = find(root, testid).unwrap_or_else(|| panic!("no {testid}"));
    el.unchecked_ref::<web_sys::HtmlInputElement>().set_checked(on);
    event(&el, "change");
}

/// Dice typed into the dice widget, as a player does with dice in hand.
pub fn type_dice(root: &El, dice: &str) {
    fill(root, "dice-input", dice);
    click(root, "dice-submit");
}

pub async fn tick() {
    leptos::task::tick().await;
}

/// The step components as the campaign screen draws them, the device held by `holder`.
pub fn mount_as(c: C, holder: Reader) -> (El, Bw) {
    let root = container();
    let open = Open::new(RwSignal::new(c), holder);
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(open);
        view! { <PhaseView/> }
    });
    handle.forget();
    (root, open)
}

pub fn mount(c: C) -> (El, Bw) {
    mount_as(c, None)
}

pub fn ok(c: &mut C, d: Decision, dice: &[u16]) {
    c.decide(d.clone(), DiceInput::Typed(dice.to_vec())).unwrap_or_else(|e| panic!("{d:?}: {e}"));
}

pub fn s(x: &str) -> String {
    x.to_string()
}

/// The sample played to the results of its first battle, every element fielded.
pub fn at_results() -> C {
    let mut c = C::new(sample_setup()).unwrap();
    ok(&mut c, Decision::RollCpp { side: 0 }, &[7]);
    ok(&mut c, Decision::EndRefit { side: 0 }, &[]);
    ok(&mut c, Decision::RollCpp { side: 1 }, &[5]);
    ok(&mut c, Decision::EndRefit { side: 1 }, &[]);
    ok(&mut c, Decision::RevealPostures, &[]);
    for side in 0..2u8 {
        let elements = c.state().side(side).roster.iter().map(|e| e.me.id.clone()).collect();
        ok(&mut c, Decision::ChooseForces { side, elements, artillery: vec![], aircraft: false, hidden: vec![] }, &[]);
    }
    ok(&mut c, Decision::EndBattle { turns: 12 }, &[]);
    c
}

/// Results entered for every fielded element: `report` for the named ones, none for the rest.
pub fn enter_results(c: &mut C, given: &[(u8, &str, Report)]) {
    for side in 0..2u8 {
        let ids: Vec<String> = c.state().side(side).forces.iter().flat_map(|f| f.elements.clone()).collect();
        for me in ids {
            let report = given.iter().find(|g| g.0 == side && g.1 == me).map_or(Report::default(), |g| g.2);
            ok(c, Decision::Result { side, me, report }, &[]);
        }
    }
    ok(c, Decision::EndResults, &[]);
}

/// The sample at the second day's postures.
pub fn day_two() -> C {
    let mut c = at_results();
    enter_results(&mut c, &[]);
    ok(&mut c, Decision::EndCleanup, &[]);
    c
}
