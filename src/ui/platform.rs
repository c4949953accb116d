//! The browser edge: localStorage and its storage event, the clock, entropy, the location,
//! file downloads and picked files, the clipboard, focus. Only this file and the components
//! (through Leptos) talk to web-sys.

use crate::store::{Backend, StoreError};
use gloo_storage::errors::StorageError;
use gloo_storage::Storage;
use serde_json::value::RawValue;
use wasm_bindgen::{JsCast, JsValue};

/// The browser's localStorage as a store backend, through gloo-storage. Documents and settings
/// are JSON text; they go in and out as `RawValue`, so the stored text is exactly what the
/// store wrote (gloo's typed `get`/`set` would otherwise re-encode it), and a stored text that is
/// not JSON (a damaged document) is still handed back whole so the list can show it.
pub struct LocalStorage;

/// gloo-storage's `raw()` panics when storage is switched off; check first and say why.
fn storage() -> Result<web_sys::Storage, StoreError> {
    let w = web_sys::window().ok_or_else(|| StoreError::Unavailable("no window".into()))?;
    match w.local_storage() {
        Ok(Some(_)) => Ok(<gloo_storage::LocalStorage as Storage>::raw()),
        Ok(None) => Err(StoreError::Unavailable("localStorage is switched off".into())),
        Err(e) => Err(StoreError::Unavailable(js_error_text(&e))),
    }
}

/// What the browser refused, kept typed to the component that says it (`Display`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BrowserError {
    /// No file was picked in the file input.
    NoFile,
    /// The picked file is not text.
    NotText,
    /// No window or document to work in.
    NoPage,
    /// The browser's own refusal (its name and message).
    Refused(String),
}

impl std::fmt::Display for BrowserError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BrowserError::NoFile => f.write_str("No file was picked."),
            BrowserError::NotText => f.write_str("The file is not text."),
            BrowserError::NoPage => f.write_str("The browser gave this page no window to work in."),
            BrowserError::Refused(why) => write!(f, "The browser refused ({why})."),
        }
    }
}

fn refused(e: JsValue) -> BrowserError {
    BrowserError::Refused(js_error_text(&e))
}

pub fn js_error_text(e: &JsValue) -> String {
    let name = js_sys::Reflect::get(e, &"name".into()).ok().and_then(|v| v.as_string());
    let msg = js_sys::Reflect::get(e, &"message".into()).ok().and_then(|v| v.as_string());
    match (name, msg) {
        (Some(n), Some(m)) => format!("{n}: {m}"),
        (Some(n), None) => n,
        (None, Some(m)) => m,
        _ => format!("{e:?}"),
    }
}

/// gloo-storage's typed errors in our words.
fn store_error(e: StorageError) -> StoreError {
    match e {
        StorageError::JsError(js) if is_quota_error(&js.name) => StoreError::Full,
        StorageError::JsError(js) => StoreError::Unavailable(format!("{}: {}", js.name, js.message)),
        StorageError::SerdeError(e) => StoreError::Unavailable(format!("not JSON text: {e}")),
        StorageError::KeyNotFound(key) => StoreError::NotFound(key),
    }
}

fn is_quota_error(name: &str) -> bool {
    name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED"
}

impl Backend for LocalStorage {
    fn keys(&self) -> Result<Vec<String>, StoreError> {
        let s = storage()?;
        let n = gloo_storage::LocalStorage::length();
        Ok((0..n).filter_map(|i| s.key(i).ok().flatten()).collect())
    }
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        let s = storage()?;
        let Some(text) = s.get_item(key).map_err(|e| StoreError::Unavailable(js_error_text(&e)))? else {
            return Ok(None);
        };
        // JSON: read as a `RawValue` (the text as stored, without the white space around it),
        // by the app's one JSON reader (issue 32).
        // Not JSON: a damaged document, listed with its text untouched.
        Ok(Some(match crate::engine::json::from_str::<Box<RawValue>>(&text) {
            Ok(raw) => raw.get().to_string(),
            Err(_) => text,
        }))
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        storage()?;
        let raw = crate::engine::json::from_str::<Box<RawValue>>(value)
            .map_err(StorageError::SerdeError)
            .map_err(store_error)?;
        gloo_storage::LocalStorage::set(key, raw).map_err(store_error)
    }
    fn remove(&mut self, key: &str) -> Result<(), StoreError> {
        storage()?;
        gloo_storage::LocalStorage::delete(key);
        Ok(())
    }
}

/// Moves the keyboard focus to what the player does next on the step on screen (after an
/// action, and once when a sample opens): the dice box of a roll, so typed dice follow one
/// another with no Tab; else the step's first control that takes a press; else its heading.
/// The page does not scroll for it, so a roll's result above stays in sight; the live region
/// has announced what happened.
pub fn focus_next_action() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let next = [
        ".play-main .phase [data-testid=dice-input]",
        ".play-main .phase :is(button, input, select, textarea):not([disabled]):not(.read-all):not([type=hidden])",
    ]
    .iter()
    .find_map(|sel| doc.query_selector(sel).ok().flatten())
    .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    match next {
        Some(el) => {
            let opts = web_sys::FocusOptions::new();
            opts.set_prevent_scroll(true);
            let _ = el.focus_with_options(&opts);
        }
        None => focus_phase_heading(),
    }
}

thread_local! {
    static FOCUS_ON_OPEN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Asks the next campaign screen drawn to put the focus on its first action (a sample just
/// started: the players act at once).
pub fn focus_first_action_on_open() {
    FOCUS_ON_OPEN.with(|f| f.set(true));
}

/// Whether a screen drawn now should focus its first action; asked once.
pub fn take_focus_on_open() -> bool {
    FOCUS_ON_OPEN.with(|f| f.replace(false))
}

/// Moves the keyboard focus to the heading of the step on screen (after an action), so a
/// keyboard or screen-reader user starts from the new step.
pub fn focus_phase_heading() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Ok(Some(h)) = doc.query_selector("[data-testid=phase-title]") {
        let _ = h.set_attribute("tabindex", "-1");
        if let Ok(h) = h.dyn_into::<web_sys::HtmlElement>() {
            // No jump: the page scrolls only when the heading is out of sight, and then just
            // enough to show it (the roll result above it stays in view where it can).
            let opts = web_sys::FocusOptions::new();
            opts.set_prevent_scroll(true);
            let _ = h.focus_with_options(&opts);
            let r = h.get_bounding_client_rect();
            let height = web_sys::window().and_then(|w| w.inner_height().ok()).and_then(|v| v.as_f64()).unwrap_or(0.0);
            if r.top() < 0.0 || r.bottom() > height {
                let s = web_sys::ScrollIntoViewOptions::new();
                s.set_block(web_sys::ScrollLogicalPosition::Nearest);
                h.scroll_into_view_with_scroll_into_view_options(&s);
            }
        }
    }
}

/// Brings the element of test id `testid` into sight (its top, smoothly where the reader allows
/// motion) and focuses its first control: a seat's reply once its part is done. Where it has no
/// control yet (a reply's link still being made, its code still on the way), the element itself
/// takes the focus, so the next Tab reaches its controls.
pub fn show_and_focus(testid: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Ok(Some(el)) = doc.query_selector(&format!("[data-testid={testid}]")) {
        let s = web_sys::ScrollIntoViewOptions::new();
        s.set_block(web_sys::ScrollLogicalPosition::Start);
        el.scroll_into_view_with_scroll_into_view_options(&s);
        if !focus_first_control(&el) {
            let _ = el.set_attribute("tabindex", "-1");
            if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
                let _ = el.focus();
            }
        }
    }
}

/// The step on the campaign screen as drawn now: its heading and its first paragraphs of
/// guidance (for the waiting view of the next opening, `store::Glimpse`).
pub fn drawn_glimpse() -> Option<crate::store::Glimpse> {
    use crate::store::{Glimpse, Para};
    let doc = web_sys::window()?.document()?;
    let title = doc.query_selector(".play-main [data-testid=phase-title]").ok()??;
    let paras = title.closest(".phase").ok()??.query_selector_all(":scope > p.hint, :scope > p.info").ok()?;
    let paras = (0..paras.length()).filter_map(|i| {
        let p = paras.item(i)?.dyn_into::<web_sys::Element>().ok()?;
        Some((Para::from_class(&p.class_name())?, p.text_content()?))
    });
    Glimpse::new(&title.text_content()?, paras)
}

/// Resolves in a later task of the page (a zero-delay timer): long work split at these points
/// lets the browser paint and answer taps in between.
pub async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            if w.set_timeout_with_callback(&resolve).is_ok() {
                return;
            }
        }
        let _ = resolve.call0(&JsValue::NULL);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Resolves once the page has shown what is drawn now (the task after the frame that follows
/// the next one), or after 100 ms where no frame comes (a tab in the background): work started
/// here does not hold back that paint. One frame is not enough: the task after the next frame
/// can run before that frame reaches the screen, and then a fast download could end before the
/// players see anything.
pub async fn after_paint() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let Some(w) = web_sys::window() else {
            let _ = resolve.call0(&JsValue::NULL);
            return;
        };
        let after_frames = {
            let (w, resolve) = (w.clone(), resolve.clone());
            wasm_bindgen::closure::Closure::once_into_js(move || {
                let next = {
                    let (w, resolve) = (w.clone(), resolve.clone());
                    wasm_bindgen::closure::Closure::once_into_js(move || {
                        let _ = w.set_timeout_with_callback(&resolve);
                    })
                };
                if w.request_animation_frame(next.unchecked_ref()).is_err() {
                    let _ = resolve.call0(&JsValue::NULL);
                }
            })
        };
        if w.request_animation_frame(after_frames.unchecked_ref()).is_err() {
            let _ = resolve.call0(&JsValue::NULL);
        }
        let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 100);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Says that a chunk's code is on its way (`busy`) or has come, for public/register-sw.js: the
/// service worker's background precache waits until what the players wait for has its code.
pub fn chunk_loading(busy: bool) {
    thread_local! {
        static LOADING: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }
    // Several at once (a link's reading code, then the screen it opens): settled when none is.
    let n = LOADING.with(|l| {
        let n = if busy { l.get() + 1 } else { l.get().saturating_sub(1) };
        l.set(n);
        n
    });
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(root) = doc.document_element() else { return };
    if n > 0 {
        let _ = root.set_attribute("data-chunk-loading", "");
    } else {
        let _ = root.remove_attribute("data-chunk-loading");
    }
}

/// Takes away index.html's first screen once the app has drawn its own, and says so to
/// public/register-sw.js (`data-app-drawn` on the root and the `fielddesk-drawn` event): the
/// service worker's precache waits for it, and for a system's code the screen asked for.
pub fn first_screen_drawn() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Some(el) = doc.get_element_by_id("boot") {
        el.remove();
    }
    if let Some(root) = doc.document_element() {
        let _ = root.set_attribute("data-app-drawn", "");
    }
    if let Ok(ev) = web_sys::Event::new("fielddesk-drawn") {
        let _ = doc.dispatch_event(&ev);
    }
}

/// Milliseconds since 1970.
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// The browser's cryptographic entropy (crypto.getRandomValues through getrandom) as a
/// `rand` generator: what the app's dice are rolled from.
/// Every die comes straight from the OS source; a browser without it cannot run the app at all.
pub fn entropy() -> rand::rand_core::UnwrapErr<rand::rngs::OsRng> {
    use rand::TryRngCore;
    rand::rngs::OsRng.unwrap_err()
}

/// A fresh campaign id: 8 random bytes in hex.
pub fn new_id() -> String {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).expect("the browser provides crypto.getRandomValues");
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The location hash without '#'.
pub fn hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .map(|h| h.trim_start_matches('#').to_string())
        .unwrap_or_default()
}

pub fn set_hash(h: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(h);
    }
}

/// This page's whole address, as the browser shows it.
pub fn page_address() -> String {
    web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default()
}

/// Runs `changed` when another tab of this site writes or removes the stored entry `key` (the
/// storage event; this tab's own writes do not raise it). Remove the handle to stop.
pub fn on_other_tab_write(key: String, changed: impl Fn() + 'static) -> leptos::prelude::WindowListenerHandle {
    leptos::prelude::window_event_listener(leptos::ev::storage, move |ev: web_sys::StorageEvent| {
        if ev.key().as_deref() == Some(key.as_str()) {
            changed();
        }
    })
}

/// Puts `text` on the clipboard. The copy starts at once (browsers allow it only inside the
/// player's tap); the future says whether it was done.
pub fn copy_text(text: &str) -> impl std::future::Future<Output = Result<(), BrowserError>> {
    let promise = web_sys::window().map(|w| w.navigator().clipboard().write_text(text));
    async move {
        let promise = promise.ok_or(BrowserError::NoPage)?;
        wasm_bindgen_futures::JsFuture::from(promise).await.map(|_| ()).map_err(refused)
    }
}

/// Reads the text of the first file picked in a file input (the File API).
pub async fn read_picked_file(input: &web_sys::HtmlInputElement) -> Result<String, BrowserError> {
    let file = input.files().and_then(|f| f.get(0)).ok_or(BrowserError::NoFile)?;
    let text = wasm_bindgen_futures::JsFuture::from(file.text()).await.map_err(refused)?;
    text.as_string().ok_or(BrowserError::NotText)
}

/// Moves the focus to the first control (input, select, text area or button) inside `el`, a
/// dialog or panel just opened; `false` where it holds none that can take it (a disabled one
/// cannot).
pub fn focus_first_control(el: &web_sys::Element) -> bool {
    match el.query_selector(":is(input, select, textarea, button):not([disabled])") {
        Ok(Some(first)) => {
            if let Ok(first) = first.dyn_into::<web_sys::HtmlElement>() {
                let _ = first.focus();
            }
            true
        }
        _ => false,
    }
}

/// Selects the whole text of the input an event came from (a link shown to copy by hand).
pub fn select_target_text(ev: &web_sys::Event) {
    leptos::prelude::event_target::<web_sys::HtmlInputElement>(ev).select();
}

/// Whether the element an event came from (a `<details>` just toggled) is open.
pub fn target_open(ev: &web_sys::Event) -> bool {
    leptos::prelude::event_target::<web_sys::Element>(ev).has_attribute("open")
}

/// Offers `text` as a file download.
pub fn download(filename: &str, mime: &str, text: &str) -> Result<(), BrowserError> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).map_err(refused)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(refused)?;
    let doc = web_sys::window().and_then(|w| w.document()).ok_or(BrowserError::NoPage)?;
    let a: web_sys::HtmlAnchorElement = doc.create_element("a").map_err(refused)?.unchecked_into();
    a.set_href(&url);
    a.set_download(filename);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// "21 Nov 2026, 14:05" in the browser's locale.
pub fn format_time(ms: f64) -> String {
    let d = js_sys::Date::new(&JsValue::from_f64(ms));
    let opts = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&opts, &"dateStyle".into(), &"medium".into());
    let _ = js_sys::Reflect::set(&opts, &"timeStyle".into(), &"short".into());
    d.to_locale_string("default", &opts).as_string().unwrap_or_default()
}

/// "2026-11-21" for file names.
pub fn format_date_for_file(ms: f64) -> String {
    let d = js_sys::Date::new(&JsValue::from_f64(ms));
    format!("{:04}-{:02}-{:02}", d.get_full_year(), d.get_month() + 1, d.get_date())
}

/// Asks the browser to keep this site's storage (not evicted under pressure). Resolves to
/// the browser's answer, or `None` where the API is missing.
pub async fn request_persistence() -> Option<bool> {
    let storage = web_sys::window()?.navigator().storage();
    let already = wasm_bindgen_futures::JsFuture::from(storage.persisted().ok()?).await.ok()?.as_bool();
    if already == Some(true) {
        return Some(true);
    }
    wasm_bindgen_futures::JsFuture::from(storage.persist().ok()?).await.ok()?.as_bool()
}
