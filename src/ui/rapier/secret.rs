//! The secret steps: what only some seats may do or read goes through the one hand-over,
//! unless the device's holder is already one of them (then the panel is simply open).

use super::{seat_key, Ro};
use crate::engine::Seat;
use crate::ui::handover::{cards, Done, Hand, Panel, Words};
use leptos::prelude::*;
use std::sync::Arc;

/// The hand-over for `seats` (named from the setup), or the panel itself for a holder among
/// them. `done` says who has nothing left to do.
pub fn behind<V: IntoView + 'static>(
    ro: Ro,
    seats: Vec<Seat>,
    words: Words,
    done: impl Fn(Seat) -> bool + Send + Sync + 'static,
    panel: impl Fn(Seat) -> V + Send + Sync + 'static,
) -> AnyView {
    behind_dyn(ro, seats, words, Arc::new(done), Arc::new(move |seat| panel(seat).into_any()))
}

/// `behind`, built once rather than once per call site (issue 32).
fn behind_dyn(ro: Ro, seats: Vec<Seat>, words: Words, done: Done, panel: Panel) -> AnyView {
    (move || {
        let holder = ro.holder.get();
        match holder.filter(|h| seats.contains(h)) {
            Some(seat) => view! { <div class="secret own" data-testid=words.panel>{panel(seat)}</div> }.into_any(),
            None => {
                let hands: Vec<Hand> =
                    seats.iter().map(|&seat| Hand { seat, name: ro.seat_name(seat), key: seat_key(seat) }).collect();
                cards(hands, ro.peek, done.clone(), words, panel.clone())
            }
        }
    })
    .into_any()
}

/// Words for a hand-over whose panel has its own "cover" button.
pub const fn words(action: &'static str, done: &'static str, panel: &'static str) -> Words {
    Words { action, done, panel, hide: Some(("cover", "Cover the screen")), reveal: None, class: "" }
}
