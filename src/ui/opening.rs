//! What a system's code does when one of its campaigns is opened, a seat copy shown or its
//! sample started: the work the shell leaves to the system's chunk (`registry`), because it
//! decodes a stored body and replays it under the rules. Generic over the system, so each
//! chunk holds its own system's instance.

use super::campaign::{self, SystemUi};
use super::platform::LocalStorage;
use super::{route, viewer};
use crate::engine::{Campaign, SeatView};
use crate::store;
use crate::systems::ViewBody;
use leptos::prelude::*;

/// The campaign screen of a stored campaign of system `S`, or why it cannot be opened. A
/// campaign stored before summaries gets its summary here, so the list has it next time.
pub fn stored<S: SystemUi>(id: String, tab: Signal<route::Tab>) -> AnyView {
    let loaded = store::load(&LocalStorage, &id).and_then(|(doc, any)| {
        let c = S::unwrap(any).ok_or_else(|| store::StoreError::NotFound(id.clone()))?;
        Ok((doc, c))
    });
    match loaded {
        Ok((doc, c)) => {
            if doc.summary.is_none() {
                // A failed write (a full store) loses nothing: the list works it out again.
                let _ = store::save(&mut LocalStorage, &doc);
            }
            campaign::campaign_screen(doc.meta, c, tab).into_any()
        }
        Err(e) => super::load_failed(id, e.to_string()),
    }
}

/// A kept seat copy of system `S`, drawn by its components, or why it cannot be shown.
pub fn seat_copy<S: SystemUi>(seat: String, id: String, pick: fn(ViewBody) -> Option<SeatView<S>>) -> AnyView {
    match store::load_seat_copy(&LocalStorage, &seat, &id) {
        Ok(copy) => match pick(copy.view.clone()) {
            Some(v) => viewer::copy_screen(copy, v),
            None => viewer::copy_failed("This view is of another system than its head says.".to_string()),
        },
        Err(e) => viewer::copy_failed(e.to_string()),
    }
}

/// Stores a fresh copy of `S`'s sample under `name` and returns its id.
pub fn sample<S: SystemUi>(name: &str, setup: S::Setup) -> Result<String, String> {
    let c = Campaign::<S>::new(setup).map_err(|e| e.to_string())?;
    super::list::create(name, S::wrap(c))
}
