//! A seat copy's screen as drawn: one function for every system, fed by `viewer::copy_screen`
//! with what one system's copy shows, as signals and callbacks. Drawn from a system's own
//! types it was compiled once per system (issue 32).

use super::log::CampaignLog;
use super::{platform, route::Screen, Banner, Nav};
use crate::engine::{HistoryLine, Seat};
use crate::share::seals::Sending;
use crate::store;
use leptos::prelude::*;

/// What a seat copy's screen shows, worked out by its system's code.
pub struct CopyParts {
    pub name: String,
    pub status: String,
    /// Whose view it is, by name.
    pub whose: String,
    /// When the keeper made it.
    pub made: f64,
    /// Where the copy is stored (`share::seat::seat_key`, the campaign's id).
    pub seat: String,
    pub id: String,
    pub header: fn() -> AnyView,
    pub play: fn() -> AnyView,
    pub forces: fn() -> AnyView,
    /// What this device checked of the seals and joint rolls in the copy: fine, and the words.
    pub checks: Vec<(bool, String)>,
    /// A joint roll's part to send, where one waits for this seat.
    pub part_panel: Option<AnyView>,
    /// Whether the seat has a step to take here (or has taken one).
    pub acts: Memo<bool>,
    /// The copy is one seat's, not the whole table's.
    pub seat_held: bool,
    /// Steps taken on this device.
    pub taken: Memo<usize>,
    pub sending: Memo<Sending>,
    pub reply: Signal<super::share::Sent>,
    pub names_of: Callback<Vec<Seat>, Vec<String>>,
    pub undo: Callback<()>,
    pub send_plainly: Callback<()>,
    pub lines: Signal<Vec<HistoryLine>>,
    pub seat_names: Vec<(Seat, String)>,
}

/// The seat copy's screen.
pub fn copy_view(p: CopyParts) -> AnyView {
    let Banner(banner) = expect_context::<Banner>();
    let nav = expect_context::<Nav>();
    let CopyParts { name, status, whose, made, seat, id, header, play, forces, checks, part_panel, .. } = p;
    let CopyParts { acts, seat_held, taken, sending, reply, names_of, undo, send_plainly, lines, seat_names, .. } = p;
    let confirm = RwSignal::new(false);
    let later = super::Later::here();
    let play = move || {
        if acts.get() {
            view! { <div class="seat-play" data-testid="seat-play">{play()}</div> }.into_any()
        } else if seat_held {
            view! { <p class="note" data-testid="seat-waits">"Nothing for you to decide on this copy. When the keeper sends a newer one, open it here."</p> }.into_any()
        } else {
            ().into_any()
        }
    };
    let reply_panel = move || {
        (taken.get() > 0).then(|| {
            let n = taken.get();
            let (heading, hint) = match sending.get() {
                Sending::Waiting(seats) => {
                    let names = names_of.run(seats);
                    return view! {
                        <section class="share-panel" data-testid="seal-waiting">
                            <h2>"Your seal is taken"</h2>
                            <p>{format!("Still to seal: {}. Once they have, ask the keeper for a new copy: your reveal is made from it.", names.join(", "))}</p>
                        </section>
                        <div class="actions">
                            <button class="btn" data-testid="reply-undo" on:click=move |_| undo.run(())>"Undo my last step"</button>
                        </div>
                    }.into_any();
                }
                Sending::Seal => ("Your seal".to_string(), "Sealed: it tells the keeper that you have chosen, not what. Show it to the keeper; once every seal is in, your next copy lets you reveal your choice, and nobody can change theirs meanwhile."),
                Sending::Reveal => ("Your reveal".to_string(), "Every seal is in. Show this to the keeper: it carries your choice and the secret it was sealed with, so the keeper's device checks it against your seal."),
                Sending::Plain => (format!("Your reply ({n} step{})", if n == 1 { "" } else { "s" }), "Show this QR code to the keeper, or send the link: nothing is decided until the keeper takes it. It carries only your own steps."),
            };
            let sealing = matches!(sending.get(), Sending::Seal);
            view! {
                <super::share::SharePanel sent=reply id="reply" heading=heading hint=hint/>
                {sealing.then(|| view! {
                    <p class="hint">"Seal when the keeper's device is the other player's. If it is nobody's but the table's, your choice can go as it is."
                        <button class="btn" data-testid="send-plainly" on:click=move |_| send_plainly.run(())>"Send my choice plainly"</button>
                    </p>
                })}
                <div class="actions">
                    <button class="btn" data-testid="reply-undo" on:click=move |_| undo.run(())>"Undo my last step"</button>
                </div>
            }.into_any()
        })
    };
    view! {
        <section class="page campaign seat-copy" data-testid="seat-copy">
            <div class="campaign-head">
                <h1 data-testid="campaign-title">{name}</h1>
                <div class="head-line"><p class="status" data-testid="status">{status}</p></div>
            </div>
            <p class="note seat-copy-whose" data-testid="seat-copy-whose">
                <strong>{format!("{whose}'s view")}</strong>
                {format!(", made {}. What you decide here goes to the keeper as a reply; a newer copy replaces this one.", platform::format_time(made))}
            </p>
            <div class="campaign-header">{header()}</div>
            {(!checks.is_empty()).then(|| view! {
                <div data-testid="seal-checks">
                    {checks.into_iter().map(|(ok, line)| view! { <p class=if ok { "note" } else { "error" } role=if ok { "status" } else { "alert" }>{line}</p> }).collect_view()}
                </div>
            })}
            {part_panel}
            {play}
            {reply_panel}
            {move || later.below.get().then(|| {
                let seat_names = seat_names.clone();
                view! {
                    <div class="seat-copy-forces">{forces()}</div>
                    <CampaignLog lines=lines on_back_to=Callback::new(|_| ()) read_only=true seat_names=seat_names/>
                }
            })}
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
