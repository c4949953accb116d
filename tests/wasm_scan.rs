//! The in-app QR scanner's screen (wasm-bindgen-test in headless Chromium): its words and a
//! Stop button; where the browser gives no camera (the test browser has none, or refuses it) the
//! reason is said in words, never a panic; Stop goes back to the Share tab it came from. The
//! camera's reasons are worded by `CameraError`'s `Display`. The decoding itself is
//! `tests/qr_scan.rs` (native) and the whole scan `tests/e2e/scan.test.mjs` (Chromium's fake
//! camera).
#![cfg(target_arch = "wasm32")]

#[path = "support/wasm.rs"]
mod wasm;

use field_desk::ui::camera::{pause, CameraError};
use field_desk::ui::scanner;
use wasm::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn the_scanner_opens_says_what_to_do_and_why_the_camera_gives_nothing() {
    let root = container();
    let handle = leptos::mount::mount_to(root.clone(), move || scanner::view(Some("c0ffee".into())));
    tick().await;
    assert!(text_content(&root, "scanner").contains("Scan a reply"));
    assert!(text(&root, "scan-line").contains("Point the camera at the reply's QR code"));
    assert!(text_content(&root, "scanner").contains("whose storage is not this app's"));
    // The camera starts, or the reason it does not is shown in words.
    let mut settled = false;
    for _ in 0..200 {
        let status = text_content(&root, "scan-status");
        if find(&root, "scan-error").is_some() || status.contains("Looking for a QR code") {
            settled = true;
            break;
        }
        pause(25).await;
    }
    assert!(settled, "the camera neither started nor said why: {}", root.inner_text());
    if let Some(error) = find(&root, "scan-error") {
        let said = error.inner_text();
        let worded = [CameraError::Unsupported, CameraError::Refused, CameraError::NoCamera, CameraError::Busy]
            .iter()
            .any(|e| e.to_string() == said)
            || said.starts_with("The camera would not start (");
        assert!(worded, "a camera failure in our words: {said}");
        assert_eq!(error.get_attribute("role").as_deref(), Some("alert"));
    }
    click(&root, "scan-stop");
    tick().await;
    let hash = web_sys::window().unwrap().location().hash().unwrap();
    assert_eq!(hash, "#/c/c0ffee/share", "Stop goes back to the Share tab");
    drop(handle);
}

#[wasm_bindgen_test]
fn camera_failures_say_what_to_do() {
    for e in [CameraError::Unsupported, CameraError::Refused, CameraError::NoCamera, CameraError::Busy] {
        let said = e.to_string();
        assert!(said.ends_with('.') && said.len() > 40, "{said}");
        assert!(!said.contains("Error"), "no browser error names: {said}");
    }
    assert_eq!(CameraError::Other("TypeError: x".into()).to_string(), "The camera would not start (TypeError: x).");
}
