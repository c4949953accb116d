//! The page for the browser tests (wasm-bindgen-test in headless Chromium), shared by every
//! `tests/wasm_*.rs`: a container to mount a component on, finding elements by test id, reading
//! them, clicking, typing and choosing as a player does (with the bubbling events the
//! components listen for), and a tick for the reactive system to settle. Pulled in with
//! `#[path = "support/wasm.rs"] mod wasm;` (from another support module: `#[path = "wasm.rs"]`).

#![allow(dead_code)]

use wasm_bindgen::JsCast;

pub type El = web_sys::HtmlElement;

/// A fresh `div` at the end of the page's body.
pub fn container() -> El {
    let doc = web_sys::window().unwrap().document().unwrap();
    let div = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&div).unwrap();
    div.unchecked_into()
}

fn selector(testid: &str) -> String {
    format!("[data-testid=\"{testid}\"]")
}

/// The first element with this test id, of any kind (an SVG map sector too).
pub fn find_element(root: &El, testid: &str) -> Option<web_sys::Element> {
    root.query_selector(&selector(testid)).unwrap()
}

/// The first HTML element with this test id.
pub fn find(root: &El, testid: &str) -> Option<El> {
    find_element(root, testid).map(|e| e.unchecked_into())
}

/// The first HTML element with this test id; fails the test, saying what is on the page, if
/// there is none.
pub fn must(root: &El, testid: &str) -> El {
    find(root, testid).unwrap_or_else(|| panic!("no {testid} in: {}", root.inner_text()))
}

/// Every HTML element with this test id, in page order.
pub fn all(root: &El, testid: &str) -> Vec<El> {
    matching(root, &selector(testid)).into_iter().map(|e| e.unchecked_into()).collect()
}

/// Every element matching a CSS selector, in page order.
pub fn matching(root: &El, css: &str) -> Vec<web_sys::Element> {
    let list = root.query_selector_all(css).unwrap();
    (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.dyn_into().ok()).collect()
}

/// The rendered text (`innerText`) of the element with this test id; empty if there is none.
pub fn text(root: &El, testid: &str) -> String {
    find(root, testid).map(|e| e.inner_text()).unwrap_or_default()
}

/// The text content (`textContent`, hidden parts too) of the element with this test id, of
/// any kind; empty if there is none.
pub fn text_content(root: &El, testid: &str) -> String {
    find_element(root, testid).and_then(|e| e.text_content()).unwrap_or_default()
}

/// Sends a bubbling event of this name, as the browser does.
pub fn fire(el: &web_sys::Element, name: &str) {
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    el.dispatch_event(&web_sys::Event::new_with_event_init_dict(name, &init).unwrap()).unwrap();
}

/// A click as the browser sends it: a real click on an HTML element (a submit button submits
/// its form), a bubbling click event on anything else (the map's SVG sectors).
pub fn click(root: &El, testid: &str) {
    let el = find_element(root, testid).unwrap_or_else(|| panic!("no {testid} in: {}", root.inner_text()));
    match el.dyn_ref::<web_sys::HtmlElement>() {
        Some(html) => html.click(),
        None => fire(&el, "click"),
    }
}

/// Types a value into an input, as a key press does (an `input` event).
pub fn type_into(input: &El, value: &str) {
    input.unchecked_ref::<web_sys::HtmlInputElement>().set_value(value);
    fire(input, "input");
}

/// Types a value into the input or text area with this test id (an `input` event).
pub fn fill(root: &El, testid: &str, value: &str) {
    let el = find(root, testid).unwrap_or_else(|| panic!("no {testid}"));
    match el.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        Some(area) => area.set_value(value),
        None => el.unchecked_ref::<web_sys::HtmlInputElement>().set_value(value),
    }
    fire(&el, "input");
}

/// Types a value into the input with this test id and leaves it (a `change` event).
pub fn enter(root: &El, testid: &str, value: &str) {
    let el = find(root, testid).unwrap_or_else(|| panic!("no {testid}"));
    el.unchecked_ref::<web_sys::HtmlInputElement>().set_value(value);
    fire(&el, "change");
}

/// Chooses an option of the select with this test id (a `change` event).
pub fn choose(root: &El, testid: &str, value: &str) {
    let el = find(root, testid).unwrap_or_else(|| panic!("no {testid}"));
    el.unchecked_ref::<web_sys::HtmlSelectElement>().set_value(value);
    fire(&el, "change");
}

/// Ticks or clears the checkbox with this test id (a `change` event).
pub fn tick_box(root: &El, testid: &str, on: bool) {
    let el = find(root, testid).unwrap_or_else(|| panic!("no {testid}"));
    el.unchecked_ref::<web_sys::HtmlInputElement>().set_checked(on);
    fire(&el, "change");
}

/// The value of the input with this test id.
pub fn value(root: &El, testid: &str) -> String {
    find(root, testid).unwrap_or_else(|| panic!("no {testid}")).unchecked_ref::<web_sys::HtmlInputElement>().value()
}

/// Lets the reactive system run what the last event set off.
pub async fn tick() {
    leptos::task::tick().await;
}
