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

/// A signal for the part `part` of a step's choices, starting from what this device kept for
/// this point of the campaign and this reader (else `default`), and kept on every change.
pub fn kept<S: System, T>(part: &'static str, default: T) -> RwSignal<T>
where
    T: Serialize + DeserializeOwned + Clone + Send + Sync + 'static,
{
    let Some(DraftOf(id)) = use_context::<DraftOf>() else { return RwSignal::new(default) };
    let Some(open) = use_context::<Open<S>>() else { return RwSignal::new(default) };
    let point = move || DraftPoint {
        at: open.campaign.with_untracked(|c| c.journal().len()),
        reader: open.reader.get_untracked(),
    };
    let start = store::draft_part(&LocalStorage, &id, point(), part)
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or(default);
    let value = RwSignal::new(start);
    Effect::new(move |first: Option<()>| {
        let v = value.get();
        if first.is_none() {
            return;
        }
        // A failed write (a full store) only means this draft is not kept.
        let _ = store::set_draft_part(&mut LocalStorage, &id, point(), part, serde_json::to_value(v).ok());
    });
    value
}
