//! The secret steps: what only one side (and the umpire) may do or read goes through the one
//! hand-over, unless the device's holder is already that side or the umpire (then the panel
//! is simply open, for the side still to act).

use super::{seat_key, Bw};
use crate::engine::Seat;
use crate::systems::bfww2_campaign::seats::{self, UMPIRE};
use crate::ui::handover::{hand_over, Hand, Words};
use leptos::prelude::*;
use std::sync::Arc;

/// The hand-over for the two sides, or the panel itself for a holder who may read it: a side
/// sees its own panel; the umpire sees the panel of each side still to act, one after the
/// other. `done` says which side has nothing left to do; `panel` draws a side's secret part.
pub fn behind_sides<V: IntoView + 'static>(
    bw: Bw,
    words: Words,
    done: impl Fn(u8) -> bool + Send + Sync + 'static,
    panel: impl Fn(u8) -> V + Send + Sync + 'static,
) -> AnyView {
    sides_dyn(bw, words, Arc::new(done), Arc::new(move |side| panel(side).into_any()))
}

/// `behind_sides`, built once rather than once per call site (issue 32).
fn sides_dyn(
    bw: Bw,
    words: Words,
    done: Arc<dyn Fn(u8) -> bool + Send + Sync>,
    panel: Arc<dyn Fn(u8) -> AnyView + Send + Sync>,
) -> AnyView {
    (move || {
        let holder = bw.holder.get();
        let own = (0..2u8).find(|&i| holder == Some(seats::seat(i)));
        let umpire_side = (holder == Some(UMPIRE)).then(|| (0..2u8).find(|&i| !done(i))).flatten();
        match own.or(umpire_side) {
            Some(side) => view! {
                <div class="secret own" data-testid=words.panel>
                    {(holder == Some(UMPIRE)).then(|| view! { <p class="hint">{format!("The umpire acts for {}.", bw.side_name(side))}</p> })}
                    {panel(side)}
                </div>
            }
            .into_any(),
            None => {
                let hands: Vec<Hand> = (0..2u8)
                    .map(seats::seat)
                    .map(|seat| Hand { seat, name: bw.side_name(seat.0 - 1), key: seat_key(seat) })
                    .collect();
                let (panel, done) = (panel.clone(), done.clone());
                hand_over(hands, bw.peek, move |s: Seat| done(s.0 - 1), words, move |s: Seat| panel(s.0 - 1))
            }
        }
    })
    .into_any()
}

/// Words for a hand-over whose panel gets a "cover" button.
pub const fn words(action: &'static str, done: &'static str, panel: &'static str) -> Words {
    Words { action, done, panel, hide: Some(("cover", "Cover the screen")), reveal: None, class: "" }
}
