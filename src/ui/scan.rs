//! The button that opens the in-app QR scanner (the keeper's Share tab, the campaign list).
//! The scanner itself, with its decoder and camera code, is a chunk of its own
//! (`registry::scanner`), fetched the first time the button is pressed.

use leptos::prelude::*;

/// What the scanner is pointed at, for its words: a seat's reply (the keeper), or any Field
/// Desk code (a seat's device receiving its copy). Any Field Desk link it reads opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanFor {
    Reply,
    AnyLink,
}

/// A large button, `label`, that opens the scanner below it.
#[component]
pub fn ScanButton(purpose: ScanFor, label: &'static str) -> impl IntoView {
    let open = RwSignal::new(false);
    view! {
        <button class="btn big scan-open" data-testid="scan-open" aria-expanded=move || open.get().to_string()
            on:click=move |_| open.update(|o| *o = !*o)>{label}</button>
        {move || open.get().then(|| scanner(purpose, Callback::new(move |_| open.set(false))))}
    }
}

/// The scanner once its chunk is fetched: "opening" until then, or why it did not come.
fn scanner(purpose: ScanFor, close: Callback<()>) -> impl IntoView {
    #[derive(Clone, Copy, PartialEq)]
    enum Chunk {
        Loading,
        Ready,
        Failed,
    }
    let state = RwSignal::new(Chunk::Loading);
    let made = StoredValue::new_local(None::<AnyView>);
    leptos::task::spawn_local(async move {
        match super::registry::scanner(purpose, close).await {
            Ok(view) => {
                made.try_set_value(Some(view));
                state.try_set(Chunk::Ready);
            }
            Err(_) => {
                state.try_set(Chunk::Failed);
            }
        }
    });
    move || match state.get() {
        Chunk::Loading => view! { <p class="hint" role="status">"Opening the scanner\u{2026}"</p> }.into_any(),
        Chunk::Ready => made.try_update_value(Option::take).flatten().unwrap_or_else(|| ().into_any()),
        Chunk::Failed => {
            view! { <p class="error" role="alert">{super::failure::Failure::Unloaded.to_string()}</p> }.into_any()
        }
    }
}
