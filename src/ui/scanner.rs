//! The in-app QR scanner's screen (`#/scan`, from the campaign list; `#/scan/<id>`, from a
//! campaign's Share tab), built in its own wasm chunk (`registry::scanner`, chunk `scan`) with
//! the decoder: the camera's picture (`ui/camera.rs`), a line saying what to do, a button to
//! stop. Each look reads the picture (the browser's `BarcodeDetector` where it has one, else
//! `share::scan::decode_rgba`); a Field Desk link stops the camera and opens by the same path as
//! a pasted one (the location hash); any other code is said so, and scanning goes on. The camera
//! stops when the screen goes (Stop, a link read, the back button).

use super::camera::{self, CameraError};
use leptos::prelude::*;

/// Between two looks at the camera.
const LOOK_EVERY_MS: i32 = 150;

#[derive(Clone, Debug, PartialEq)]
enum Looking {
    /// Waiting for the camera (the browser may be asking the player).
    Starting,
    /// The camera runs; nothing read yet.
    Running,
    /// A code was read that is not a Field Desk link.
    NotOurs,
    /// The camera gives no pictures.
    Failed(CameraError),
}

/// The scanner; `back`: the campaign whose Share tab opened it (a reply is looked for), where
/// Stop goes back to; else the campaign list.
pub fn view(back: Option<String>) -> AnyView {
    view! { <Scanner back/> }.into_any()
}

#[component]
fn Scanner(back: Option<String>) -> impl IntoView {
    let video = NodeRef::<leptos::html::Video>::new();
    let state = RwSignal::new(Looking::Starting);
    // Lives as long as the scanner is shown: the loop stops the camera once it is gone.
    let alive = RwSignal::new(true);
    video.on_load(move |element| {
        leptos::task::spawn_local(async move {
            let camera = match camera::open(element).await {
                Ok(camera) => camera,
                Err(e) => {
                    state.try_set(Looking::Failed(e));
                    return;
                }
            };
            state.try_set(Looking::Running);
            while alive.try_get_untracked() == Some(true) {
                camera::pause(LOOK_EVERY_MS).await;
                if alive.try_get_untracked() != Some(true) {
                    break;
                }
                let text = match camera.detect().await {
                    Ok(text) => text,
                    Err(()) => camera.frame().and_then(|(rgba, w, h)| crate::share::scan::decode_rgba(&rgba, w, h)),
                };
                let Some(text) = text else { continue };
                match crate::share::scan::link_fragment(&text) {
                    Some(fragment) => {
                        camera.stop();
                        alive.try_set(false);
                        super::platform::set_hash(&fragment);
                        return;
                    }
                    None => {
                        state.try_set(Looking::NotOurs);
                    }
                }
            }
            camera.stop();
        });
    });
    let reply = back.is_some();
    let back = match back {
        Some(id) => super::route::Screen::Campaign { id, tab: super::route::Tab::Share },
        None => super::route::Screen::List,
    };
    let stop = move |_| {
        alive.set(false);
        super::platform::set_hash(&back.to_hash());
    };
    let line = if reply {
        "Point the camera at the reply's QR code, on the player's screen."
    } else {
        "Point the camera at the Field Desk QR code: a seat's copy or a reply."
    };
    view! {
        <section class="page scanner" data-testid="scanner">
            <h1>{if reply { "Scan a reply" } else { "Scan a code" }}</h1>
            <p class="scan-line" data-testid="scan-line">{line}</p>
            <video node_ref=video class="scan-video" data-testid="scan-video" aria-label="The camera's picture"></video>
            <p class="hint scan-status" role="status" data-testid="scan-status">{move || match state.get() {
                Looking::Starting => "Starting the camera\u{2026}".to_string(),
                Looking::Running => "Looking for a QR code\u{2026}".to_string(),
                Looking::NotOurs => "That QR code is not a Field Desk link. Still looking\u{2026}".to_string(),
                Looking::Failed(_) => String::new(),
            }}</p>
            {move || match state.get() {
                Looking::Failed(e) => Some(view! { <p class="error" role="alert" data-testid="scan-error">{e.to_string()}</p> }),
                _ => None,
            }}
            <p class="hint">"Scan here rather than with the phone's camera app: that app opens the link in the browser, whose storage is not this app's, so the copy or reply would land where Field Desk does not keep it."</p>
            <div class="actions">
                <button class="btn big" data-testid="scan-stop" on:click=stop>"Stop scanning"</button>
            </div>
        </section>
    }
}
