//! A step's choices in progress, kept on this device until the step is taken (`store::draft`):
//! a reload, a closed tab or a flat battery loses none of the units picked so far.

use super::campaign::Open;
use super::platform::LocalStorage;
use crate::engine::System;
use crate::store::{self, DraftPoint};
use leptos::prelude::*;
use serde::{de::DeserializeOwned, Serialize};

/// Given by the campaign screen: the campaign whose drafts its steps keep. Absent on a seat copy
/// and in component tests, where a step's choices live in memory only.
#[derive(Clone)]
pub struct DraftOf(pub String);

/// The campaign, and the point and reader its drafts are kept for now.
fn place<S: System>() -> Option<(String, impl Fn() -> DraftPoint + Copy + 'static)> {
    let DraftOf(id) = use_context::<DraftOf>()?;
    let open = use_context::<Open<S>>()?;
    let point = move || DraftPoint {
        at: open.campaign.with_untracked(|c| c.journal().len()),
        reader: open.reader.get_untracked(),
    };
    Some((id, point))
}

/// What this device kept of the part `part` of the step on screen, for this point of the campaign
/// and this reader.
pub fn restored<S: System, T: DeserializeOwned>(part: &str) -> Option<T> {
    let (id, point) = place::<S>()?;
    crate::share::json::from_value(&store::draft_part(&LocalStorage, &id, point(), part)?).ok()
}

/// Keeps what `value` gives as the part `part`, on every change after the first reading.
pub fn keep<S: System, T: Serialize + 'static>(part: impl Into<String>, value: impl Fn() -> T + 'static) {
    let Some((id, point)) = place::<S>() else { return };
    keep_json(id, Box::new(point), part.into(), Box::new(move || crate::share::json::value_of(&value())));
}

/// `keep`, built once rather than once per part and system (issue 32).
fn keep_json(id: String, point: Box<dyn Fn() -> DraftPoint>, part: String, value: Box<dyn Fn() -> serde_json::Value>) {
    Effect::new(move |first: Option<()>| {
        let v = value();
        if first.is_none() {
            return;
        }
        // A failed write (a full store) only means this draft is not kept.
        let _ = store::set_draft_part(&mut LocalStorage, &id, point(), &part, Some(v));
    });
}

/// A signal for the part `part` of a step's choices, starting from what this device kept for
/// this point of the campaign and this reader (else `default`), and kept on every change.
pub fn kept<S: System, T>(part: impl Into<String>, default: T) -> RwSignal<T>
where
    T: Serialize + DeserializeOwned + Clone + Send + Sync + 'static,
{
    let part = part.into();
    let value = RwSignal::new(restored::<S, T>(&part).unwrap_or(default));
    keep::<S, T>(part, move || value.get());
    value
}
