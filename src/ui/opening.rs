//! What a system's code does when one of its campaigns is opened, a seat copy shown or its
//! sample started: the work the shell leaves to the system's chunk (`registry`), because it
//! decodes a stored body and replays it under the rules. Generic over the system, so each
//! chunk holds its own system's instance.

use super::campaign::{self, SystemUi};
use super::failure::Failure;
use super::platform::LocalStorage;
use super::transfer::Taken;
use super::waiting::Deferred;
use super::{route, viewer};
use crate::engine::Campaign;
use crate::store;
use leptos::prelude::*;

/// The campaign screen of a stored campaign of system `S`, or why it cannot be opened. A
/// campaign stored before summaries gets its summary here, so the list has it next time.
/// The screen is made by the `Deferred` returned, after the campaign is read.
pub fn stored<S: SystemUi>(id: String, tab: Signal<route::Tab>) -> Deferred {
    match store::load_of::<S>(&LocalStorage, &id) {
        Ok((doc, c)) => {
            if doc.summary.is_none() {
                // A failed write (a full store) loses nothing: the list works it out again.
                let _ = store::save_of(&mut LocalStorage, &crate::share::typed::Stored::new(doc.meta.clone(), &c));
            }
            Deferred::new(move || campaign::campaign_screen(doc.meta, c, tab).into_any())
        }
        Err(e) => super::load_failed(id, e).into(),
    }
}

/// A copy kept by `follow_in`: seat key, campaign id, the copy (a `SeatCopyOf<S>`).
type JustKept = Option<(String, String, Box<dyn std::any::Any>)>;

thread_local! {
    /// The copy `follow_in` has just kept, for the screen drawn next (`seat_copy`) to take
    /// rather than read back what was just written: parsing it again cost a phone opening its
    /// seat link about 50 ms at CPU 4x (issue 30). Taken, or dropped, by the next `seat_copy`.
    static JUST_KEPT: std::cell::RefCell<JustKept> = const { std::cell::RefCell::new(None) };
}

/// A kept seat copy of system `S`, drawn by its components, or why it cannot be shown.
pub fn seat_copy<S: SystemUi>(seat: String, id: String) -> AnyView {
    let just_kept = JUST_KEPT
        .with_borrow_mut(Option::take)
        .filter(|(s, i, _)| *s == seat && *i == id)
        .and_then(|(_, _, copy)| copy.downcast::<crate::share::typed::SeatCopyOf<S>>().ok());
    if let Some(copy) = just_kept {
        return viewer::copy_screen(*copy);
    }
    match store::load_seat_copy_of::<S>(&LocalStorage, &seat, &id) {
        Ok(copy) => viewer::copy_screen(copy),
        Err(e) => viewer::copy_failed(e),
    }
}

/// Stores a fresh copy of `S`'s sample under `name` and returns its id.
pub fn sample<S: SystemUi>(name: &str, setup: S::Setup) -> Result<String, Failure> {
    // The rules' refusal leaves the system's chunk in its own words (the shell has no `S`).
    let c = Campaign::<S>::new(setup).map_err(|e| Failure::Setup(e.to_string()))?;
    let name = store::free_name(&mut LocalStorage, name)?;
    Ok(campaign::create(&name, &c)?)
}

/// A seat link that follows a copy (`fd6.`) of system `S`, opened by `S`'s code alone: put
/// together with the copy of that campaign and seat on this device, and kept. A phone opening
/// its seat link so fetches its own system's code and not the transfer chunk's every system
/// (issue 30). What it says on failure is what the transfer chunk says of the same link.
pub fn follow_in<S: SystemUi>(hash: &str) -> Taken {
    let follow = match crate::share::link::read_follow(hash) {
        Ok(follow) => follow,
        Err(e) => return Taken::Review(Vec::new(), vec![Failure::Link(e)]),
    };
    let seat = crate::share::seat::seat_key(follow.reader);
    let held = store::load_seat_copy_of::<S>(&LocalStorage, &seat, &follow.id).ok();
    match follow.open_of::<S>(held.as_ref()) {
        Ok(copy) => Taken::Seat(viewer::receive_of(&copy).map(|(words, screen, this_one)| {
            if let (true, route::Screen::SeatCopy { seat, id }) = (this_one, &screen) {
                JUST_KEPT.set(Some((seat.clone(), id.clone(), Box::new(copy))));
            }
            (words, screen)
        })),
        Err(e) => Taken::Failed(Failure::Follow(e)),
    }
}
