//! The one modal dialog: named by its heading, focus moved into it when it opens, Escape and
//! the cancel button both close it. Every confirmation and review in the app uses it.

use crate::ui::reactive::effect;
use leptos::ev;
use leptos::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering};

static NEXT_ID: AtomicU32 = AtomicU32::new(0);

/// A modal over the page. `on_close` runs on Escape; the children hold the buttons (the
/// first focusable one gets the focus, so put the safe choice first).
#[component]
pub fn Modal(
    /// The heading, which also names the dialog for screen readers.
    #[prop(into)]
    title: Signal<String>,
    on_close: Callback<()>,
    #[prop(optional)] testid: &'static str,
    #[prop(optional)] wide: bool,
    children: Children,
) -> impl IntoView {
    let heading_id = format!("dialog-{}", NEXT_ID.fetch_add(1, Ordering::Relaxed));
    let node = NodeRef::<leptos::html::Div>::new();
    let keys = window_event_listener(ev::keydown, move |e| {
        if e.key() == "Escape" {
            e.prevent_default();
            on_close.run(());
        }
    });
    on_cleanup(move || keys.remove());
    effect(move || {
        if let Some(el) = node.get() {
            super::platform::focus_first_control(&el);
        }
    });
    let labelled_by = heading_id.clone();
    let class = if wide { "modal-box wide-box" } else { "modal-box" };
    view! {
        <div class="modal">
            <div class=class role="dialog" aria-modal="true" aria-labelledby=labelled_by data-testid=testid node_ref=node>
                <h2 id=heading_id>{move || title.get()}</h2>
                {children()}
            </div>
        </div>
    }
}
