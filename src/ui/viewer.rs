//! A seat copy received on this device (`share::seat`), read-only: whose view it is and when
//! it was made, then the system's own map and rosters drawn from that view, and the log the
//! seat may read. Nothing here plays: a new copy from the sender replaces this one.

use super::campaign::{Open, SystemUi};
use super::log::CampaignLog;
use super::{platform, route::Screen, Banner, Nav};
use crate::engine::Campaign;
use crate::share::seat::SeatCopy;
use crate::share::typed::SeatCopyOf;
use crate::store;
use leptos::prelude::*;

/// Keeps a seat copy that arrived (a link, a file): the news to show and where to go, or why it
/// could not be kept (a full store).
pub fn receive(copy: &SeatCopy) -> Result<(String, Screen), store::StoreError> {
    let screen = Screen::SeatCopy { seat: copy.seat_key(), id: copy.meta.id.clone() };
    let what = format!("{}'s view of \"{}\"", copy.view.reader_name(), copy.meta.name);
    let message = match store::keep_seat_copy(&mut platform::LocalStorage, copy) {
        Ok(store::Kept::New) => format!("{what} is on this device now, read-only."),
        Ok(store::Kept::Replaced) => format!("{what} replaced the older one on this device."),
        Ok(store::Kept::HadNewer) => {
            format!(
                "This device already has a newer {what}, so the one just opened was not kept. Showing the newer one."
            )
        }
        Err(e) => return Err(e),
    };
    Ok((message, screen))
}

/// The received views, for the campaign list. Each can be removed from here, without opening
/// it (with a confirmation): a copy whose screen cannot be drawn or reached can still go.
#[component]
pub fn SeatCopies() -> impl IntoView {
    let nav = expect_context::<Nav>();
    let Banner(banner) = expect_context::<Banner>();
    let version = RwSignal::new(0u32);
    let removing = RwSignal::new(None::<(String, String)>);
    let listing = move || {
        version.track();
        store::seat_copies(&platform::LocalStorage)
    };
    view! {
        {move || match listing() {
            Err(e) => {
                banner.set(Some(e.to_string()));
                ().into_any()
            }
            Ok(copies) if copies.is_empty() => ().into_any(),
            Ok(copies) => view! {
                <section class="seat-copies" data-testid="seat-copies">
                    <h2>"Views sent to this device"</h2>
                    <p class="hint">"Read-only: each shows one player what the rules let them see, as it stood when it was sent."</p>
                    <ul class="campaigns">
                        {copies.into_iter().map(|c| {
                            let screen = Screen::SeatCopy { seat: c.seat.clone(), id: c.meta.id.clone() };
                            let what = if c.opens {
                                format!("{}'s view of \"{}\"", c.reader_name, c.meta.name)
                            } else {
                                "this view".to_string()
                            };
                            let key = c.key.clone();
                            let system = c.system.map(|s| s.name()).unwrap_or_default();
                            let lines = view! {
                                <span class="c-name">{c.meta.name.clone()}</span>
                                <span class="c-system">{system}</span>
                                <span class="c-players">{format!("{}'s view", c.reader_name)}</span>
                                <span class="c-status">{c.status.clone()}</span>
                                {c.made.is_finite().then(|| view! { <span class="c-time">"Sent "{platform::format_time(c.made)}</span> })}
                            };
                            let opener = if c.opens {
                                view! {
                                    <button class="campaign-open" on:click=move |_| nav.go(screen.clone())>{lines}</button>
                                }.into_any()
                            } else {
                                view! {
                                    <div class="campaign-open">
                                        {lines}
                                        <span class="error">"It cannot be opened: it came with a campaign id this app never gives."</span>
                                    </div>
                                }.into_any()
                            };
                            view! {
                                <li class="campaign-row" data-testid="seat-copy-row">
                                    {opener}
                                    <div class="row-actions">
                                        <button class="btn small danger" data-testid="remove-seat-copy" on:click=move |_| removing.set(Some((key.clone(), what.clone())))>"Remove"</button>
                                    </div>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                </section>
            }
            .into_any(),
        }}
        {move || removing.get().map(|(key, what)| view! {
            <super::dialog::Modal title=format!("Remove {what}?") on_close=Callback::new(move |_| removing.set(None)) testid="confirm-remove-seat-copy">
                <p>"Only this copy goes; the campaign itself is on the device that sent it, which can send it again."</p>
                <div class="actions">
                    <button class="btn big" on:click=move |_| removing.set(None)>"Keep it"</button>
                    <button class="btn big danger" data-testid="confirm-remove-seat-copy-yes" on:click=move |_| {
                        if let Err(e) = store::delete_seat_copy_at(&mut platform::LocalStorage, &key) {
                            banner.set(Some(e.to_string()));
                        }
                        removing.set(None);
                        version.update(|v| *v += 1);
                    }>"Remove"</button>
                </div>
            </super::dialog::Modal>
        })}
    }
}

/// The screen of a stored seat copy (`#/v/<seat>/<campaign id>`): its system is read from the
/// copy's head, and that system's code draws it.
#[component]
pub fn SeatCopyScreen(seat: String, id: String) -> impl IntoView {
    match store::seat_copy_system(&platform::LocalStorage, &seat, &id) {
        Ok(system) => super::registry::seat_copy_screen(system, seat, id),
        Err(e) => copy_failed(e),
    }
}

/// Why a kept seat copy cannot be shown.
pub fn copy_failed(why: store::StoreError) -> AnyView {
    view! {
        <section class="page">
            <h1>"This view cannot be shown"</h1>
            <p class="error" data-testid="load-error">{why.to_string()}</p>
            <p>"Ask for a new one: the player who holds the campaign can send it again from its Share tab."</p>
            <a class="btn" href="#/">"Back to the campaign list"</a>
        </section>
    }
    .into_any()
}

/// Given to a seat copy's components: what they draw is one seat's copy on its own device,
/// not a shared tablet whose holder can change.
#[derive(Clone, Copy)]
pub struct SeatCopyShown;

/// Whether the components are drawn on a shared tablet (the campaign itself), where what they
/// show follows who holds it; false on a seat copy.
pub fn on_shared_tablet() -> bool {
    use_context::<SeatCopyShown>().is_none()
}

/// A seat copy of system `S`, drawn by that system's components from the copy's view.
pub fn copy_screen<S: SystemUi>(copy: SeatCopyOf<S>) -> AnyView {
    let Banner(banner) = expect_context::<Banner>();
    let nav = expect_context::<Nav>();
    let campaign = match Campaign::<S>::new(copy.view.view.setup.clone()) {
        Ok(c) => c,
        Err(e) => {
            return view! { <section class="page"><p class="error" data-testid="load-error">{e.to_string()}</p></section> }
                .into_any()
        }
    };
    let whose = copy.reader_name();
    let status = copy.status();
    let (seat, id) = (crate::share::seat::seat_key(copy.reader()), copy.meta.id.clone());
    let view = copy.view.view;
    let open = Open::fixed(campaign, view.reader, view.state);
    provide_context(open);
    provide_context(SeatCopyShown);
    S::contexts();
    let lines = Signal::stored(view.history);
    let confirm = RwSignal::new(false);
    view! {
        <section class="page campaign seat-copy" data-testid="seat-copy">
            <div class="campaign-head">
                <h1 data-testid="campaign-title">{copy.meta.name.clone()}</h1>
                <div class="head-line"><p class="status" data-testid="status">{status}</p></div>
            </div>
            <p class="note seat-copy-whose" data-testid="seat-copy-whose">
                <strong>{format!("{whose}'s view")}</strong>
                {format!(", made {}. Read-only: a newer view sent to this device replaces it.", platform::format_time(copy.made))}
            </p>
            <div class="campaign-header">{S::header()}</div>
            <div class="seat-copy-forces">{S::forces()}</div>
            <CampaignLog lines=lines on_back_to=Callback::new(|_| ()) read_only=true/>
            <div class="actions">
                <button class="btn" data-testid="delete-seat-copy" on:click=move |_| confirm.set(true)>"Remove this view"</button>
            </div>
            {move || confirm.get().then(|| {
                let (seat, id) = (seat.clone(), id.clone());
                view! {
                    <super::dialog::Modal title="Remove this view?".to_string() on_close=Callback::new(move |_| confirm.set(false)) testid="confirm-delete-seat-copy">
                        <p>"Only this copy goes; the campaign itself is on the device that sent it, which can send it again."</p>
                        <div class="actions">
                            <button class="btn big" on:click=move |_| confirm.set(false)>"Cancel"</button>
                            <button class="btn big danger" data-testid="confirm-remove" on:click=move |_| {
                                match store::delete_seat_copy(&mut platform::LocalStorage, &seat, &id) {
                                    Ok(()) => nav.go(Screen::List),
                                    Err(e) => banner.set(Some(e.to_string())),
                                }
                            }>"Remove"</button>
                        </div>
                    </super::dialog::Modal>
                }
            })}
            <p class="footer-links"><a href="#/" on:click=move |ev| { ev.prevent_default(); nav.go(Screen::List); }>"All campaigns"</a></p>
        </section>
    }
    .into_any()
}
