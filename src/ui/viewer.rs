//! A seat copy received on this device (`share::seat`): whose view it is and when it was made,
//! the system's own map and rosters drawn from that view, and the log the seat may read. When
//! the seat has something to decide, the system's phase components are drawn from the view
//! too, and play on this device (`Campaign::at`): the steps taken become a reply, a link and a
//! QR code for the keeper (`share::reply`), kept here until a newer copy arrives.

use super::campaign::{Open, SystemUi};
use super::{platform, route::Screen, Banner, Nav};
use crate::engine::Campaign;
use crate::share::seat::SeatCopy;
use crate::share::typed::SeatCopyOf;
use crate::store;
use crate::ui::reactive::{effect, memo};
use leptos::prelude::*;

/// Keeps a seat copy that arrived (a link, a file): the news to show and where to go, or why it
/// could not be kept (a full store). Kept as its system's copy (`receive_of`).
pub fn receive(copy: &SeatCopy) -> Result<(String, Screen), store::StoreError> {
    struct Receive<'a>(&'a SeatCopy);
    impl crate::systems::Visit for Receive<'_> {
        type Out = Result<(String, Screen), store::StoreError>;
        fn visit<S: crate::systems::Listed>(self) -> Self::Out {
            let typed = SeatCopyOf::<S>::from_json(&self.0.to_json()).map_err(store::StoreError::Load)?;
            receive_of(&typed).map(|(words, screen, _)| (words, screen))
        }
    }
    copy.system().visit(Receive(copy))
}

/// `receive` of a copy of `S`, by `S`'s own code (a seat link opened by its system's chunk);
/// also whether `copy` is the one now kept (not when the device had a newer one).
pub fn receive_of<S: crate::systems::Listed>(
    copy: &SeatCopyOf<S>,
) -> Result<(String, Screen, bool), store::StoreError> {
    let (seat, id) = (copy.seat_key(), copy.meta.id.clone());
    let screen = Screen::SeatCopy { seat: seat.clone(), id: id.clone() };
    let what = format!("{}'s view of \"{}\"", copy.reader_name(), copy.meta.name);
    let sent = sent_reply::<S>(&seat, &id);
    // A step whose seal the new copy shows waiting stays, for its reveal.
    let steps = store::reply_steps(&platform::LocalStorage, &seat, &id);
    let salt = store::seals::current_salt(&platform::LocalStorage, &seat, &id);
    let sealed = match (&steps, &salt) {
        (Some(steps), Some(salt)) => crate::share::seals::seal_waits(&copy.view.view, steps, salt),
        _ => false,
    };
    let taken = sent.map(|reply| copy.view.view.history.iter().any(|l| l.reply == Some(reply) && l.active));
    let kept = store::keep_seat_copy_of(&mut platform::LocalStorage, copy)?;
    if sealed && kept == store::Kept::Replaced {
        // The sealed steps stay for their reveal.
        store::set_reply_steps(&mut platform::LocalStorage, &seat, &id, steps.as_deref())?;
    }
    let this_one = kept != store::Kept::HadNewer;
    Ok((kept_words(&what, kept, sealed, taken), screen, this_one))
}

/// What keeping a received copy did, in words (`what`: whose copy of which campaign; `sealed`:
/// a seal of this device's waits in the copy; `taken`: whether the reply this device sent shows
/// in it). The same for every system, so compiled once (issue 32).
fn kept_words(what: &str, kept: store::Kept, sealed: bool, taken: Option<bool>) -> String {
    match kept {
        store::Kept::New => format!("{what} is on this device now."),
        store::Kept::Replaced => match (sealed, taken) {
            (true, _) => {
                format!("{what} replaced the older one on this device. Your seal was taken: your choice is kept here for its reveal.")
            }
            (false, Some(true)) => {
                format!("{what} replaced the older one on this device. Your reply was taken: it is in this copy.")
            }
            (false, Some(false)) => format!(
                "{what} replaced the older one on this device. Your last reply is not in it: take your step again on this copy and send the new reply."
            ),
            (false, None) => format!("{what} replaced the older one on this device."),
        },
        store::Kept::HadNewer => format!(
            "This device already has a newer {what}, so the one just opened was not kept. Showing the newer one."
        ),
    }
}

/// The reply this device made on its copy of campaign `id` for `seat`, if it holds steps taken
/// there: its id (`share::reply`), to tell whether the copy that arrived shows it.
fn sent_reply<S: crate::systems::Listed>(seat: &str, id: &str) -> Option<u64> {
    let steps = store::reply_steps(&platform::LocalStorage, seat, id)?;
    let held = store::load_seat_copy_of::<S>(&platform::LocalStorage, seat, id).ok()?;
    let salt = store::seals::current_salt(&platform::LocalStorage, seat, id);
    let payload = crate::share::reply::reply_from_view(id, &held.view.view, &steps, salt.as_ref()).ok()?;
    crate::share::link::reply_link_id(&payload)
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
                    <p class="hint">"Each shows one player what the rules let them see, as it stood when it was sent; what they decide on it goes back to the keeper as a reply."</p>
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

/// The seat whose own device this is (a seat copy's), given to the components that play on it.
#[derive(Clone, Copy)]
pub struct OwnSeat(pub crate::engine::Seat);

/// Whether the components are drawn on a shared tablet (the campaign itself), where what they
/// show follows who holds it; false on a seat copy.
pub fn on_shared_tablet() -> bool {
    use_context::<SeatCopyShown>().is_none()
}

/// The seat whose own device draws the components, if they are drawn on one.
pub fn own_seat() -> Option<crate::engine::Seat> {
    use_context::<OwnSeat>().map(|o| o.0)
}

/// The position a seat's device plays on: the copy's view, with the steps taken here since
/// (kept in storage) played on it again. A step that no longer plays ends the list.
fn device_campaign<S: SystemUi>(view: &crate::engine::SeatView<S>, steps: Option<String>) -> Campaign<S> {
    let mut c = Campaign::<S>::at(view.setup.clone(), view.state.clone());
    let steps: Vec<crate::share::link::Step<S>> =
        steps.and_then(|s| crate::engine::json::from_str(&s).ok()).unwrap_or_default();
    if let Some(seat) = view.reader {
        for (decision, dice) in steps {
            if c.decide_for_seat(seat, decision, dice, 0).is_err() {
                break;
            }
        }
    }
    c
}

/// The steps taken on this device, as a reply carries them.
fn steps_json<S: SystemUi>(c: &Campaign<S>) -> String {
    let steps: Vec<(&S::Decision, &Vec<crate::engine::Roll>)> =
        c.active_entries().map(|e| (&e.decision, &e.dice)).collect();
    serde_json::to_string(&steps).expect("steps serialise")
}

/// The checks of other seats' revealed choices (`share::seals::checks`) in words: whether each
/// holds, and the line.
/// What the device says of the joint rolls it checked (`share::seals::roll_checks`): each
/// one that fails by name, then how many hold.
fn roll_words(
    rolls: &[(usize, crate::share::seals::RollCheck)],
    history: &[crate::engine::HistoryLine],
) -> Vec<(bool, String)> {
    use crate::share::seals::RollCheck;
    let text = |i: usize| history.iter().find(|l| l.index == i).map(|l| l.text.clone()).unwrap_or_default();
    let mut words: Vec<(bool, String)> = rolls
        .iter()
        .filter(|r| r.1 == RollCheck::Broken)
        .map(|r| (false, format!("A joint roll does not check out (\"{}\"): its dice are not the ones drawn from the keeper's sealed part and yours.", text(r.0))))
        .collect();
    let holds: Vec<f64> =
        rolls.iter().filter_map(|r| if let RollCheck::Holds { at } = r.1 { Some(at) } else { None }).collect();
    match holds.as_slice() {
        [] => {}
        [at] => words.push((true, format!("The joint roll checks out: the keeper's part is the one sealed at {}, and your part is in it.", platform::format_time(*at)))),
        many => words.push((true, format!("All {} joint rolls you took part in check out: each keeper's part was sealed before you sent yours, and your part is in each.", many.len()))),
    }
    let unchecked = rolls.iter().filter(|r| r.1 == RollCheck::Unchecked).count();
    if unchecked > 0 {
        words.push((true, format!("{unchecked} joint roll(s) drawn again from their two parts: the dice follow. This device did not keep the parts to check them further.")));
    }
    words
}

fn seal_words<S: SystemUi>(c: &Campaign<S>, found: &[crate::share::seals::Check]) -> Vec<(bool, String)> {
    use crate::share::seals::Check;
    found
        .iter()
        .map(|check| match *check {
            Check::Matches { by, at } => {
                (true, format!("{}'s choice matches the seal sent at {}.", c.seat_name(by), platform::format_time(at)))
            }
            Check::Broken { by, at: Some(at) } => (
                false,
                format!(
                    "{}'s choice does not match the seal sent at {}: it was changed after sealing.",
                    c.seat_name(by),
                    platform::format_time(at)
                ),
            ),
            Check::Broken { by, at: None } => (
                false,
                format!("{}'s choice in this copy does not match its own seal: the copy was changed.", c.seat_name(by)),
            ),
            Check::Unseen { by } => (
                true,
                format!(
                    "{}'s choice was sealed before any copy this device holds: nothing to check it against.",
                    c.seat_name(by)
                ),
            ),
        })
        .collect()
}

/// A seat copy of system `S`, drawn by that system's components from the copy's view.
pub fn copy_screen<S: SystemUi>(copy: SeatCopyOf<S>) -> AnyView {
    let Banner(banner) = expect_context::<Banner>();
    // A setup the rules do not start from cannot be drawn.
    if let Err(e) = Campaign::<S>::new(copy.view.view.setup.clone()) {
        return view! { <section class="page"><p class="error" data-testid="load-error">{e.to_string()}</p></section> }
            .into_any();
    }
    let whose = copy.reader_name();
    let status = copy.status();
    let (seat, id) = (crate::share::seat::seat_key(copy.reader()), copy.meta.id.clone());
    let copy_json = copy.to_json();
    let name = copy.meta.name.clone();
    let view = copy.view.view;
    let device = RwSignal::new(device_campaign::<S>(&view, store::reply_steps(&platform::LocalStorage, &seat, &id)));
    let open = Open::new(device, view.reader);
    provide_context(open);
    provide_context(SeatCopyShown);
    if let Some(me) = view.reader {
        provide_context(OwnSeat(me));
    }
    S::contexts();
    // What this device has seen of other seats' seals, checked against the choices revealed
    // in this copy; then this copy's seals are remembered too.
    let checks = {
        let seen = store::seals::seen(&platform::LocalStorage, &seat, &id);
        let found = crate::share::seals::checks(&view.history, view.reader, &seen);
        let mine = store::seals::sent_parts(&platform::LocalStorage, &seat, &id);
        let rolls = crate::share::seals::roll_checks(&view.history, &seen, &mine);
        let shown = crate::share::seals::shown(&view.history);
        if let Err(e) = store::seals::remember(&mut platform::LocalStorage, &seat, &id, &shown, copy.made) {
            banner.set(Some(e.to_string()));
        }
        let mut words = device.with_untracked(|c| seal_words::<S>(c, &found));
        words.extend(roll_words(&rolls, &view.history));
        words
    };
    // A joint roll waiting for this seat's part: the part to send.
    let part_panel = crate::share::seals::roll_waits(&view.history, view.reader).map(|sealed| {
        let fresh = || crate::engine::fair::Secret::fresh(&mut platform::entropy());
        match store::seals::part(&mut platform::LocalStorage, &seat, &id, sealed, fresh) {
            Ok(part) => {
                let sent = Signal::stored(super::share::Sent::part(&copy.meta.name, &whose, copy_json.clone(), part));
                view! {
                    <super::share::SharePanel sent=sent id="part" heading="Your part of the roll"
                        hint="The keeper has sealed its part of a roll with you. Show this to the keeper: the dice are drawn from both parts, so neither device alone chooses them."/>
                }.into_any()
            }
            Err(e) => view! { <p class="error" role="alert">{e.to_string()}</p> }.into_any(),
        }
    });
    // Every step taken here is kept at once: nothing is lost if the page closes. A step that
    // may go sealed gets its salt with it, forgotten once its steps are.
    let salt = RwSignal::new(store::seals::current_salt(&platform::LocalStorage, &seat, &id));
    // Sent plainly after all (the keeper's device is nobody's but the table's): the salt goes,
    // and the store keeps the choice, so the reply stays the same one after a reload.
    let keys = StoredValue::new((seat.clone(), id.clone()));
    let send_plainly =
        move || match keys.with_value(|(s, i)| store::seals::send_plainly(&mut platform::LocalStorage, s, i)) {
            Ok(()) => {
                salt.set(None);
            }
            Err(e) => banner.set(Some(e.to_string())),
        };
    let (rseat, rid) = (seat.clone(), id.clone());
    effect(move || {
        let steps = device.with(|c| (c.steps() > 0).then(|| steps_json::<S>(c)));
        let mut kept = store::set_reply_steps(&mut platform::LocalStorage, &rseat, &rid, steps.as_deref());
        if kept.is_ok() {
            let b = &mut platform::LocalStorage;
            kept = match steps {
                Some(_) => {
                    store::seals::salt(b, &rseat, &rid, || crate::engine::fair::Secret::fresh(&mut platform::entropy()))
                        .map(|s| salt.set(s))
                }
                None => store::seals::forget_salt(b, &rseat, &rid).map(|_| salt.set(None)),
            };
        }
        if let Err(e) = kept {
            banner.set(Some(e.to_string()));
        }
    });
    let me = view.reader;
    let acts = memo(move || device.with(|c| me.is_some_and(|m| c.to_act().contains(&m) || c.steps() > 0)));
    let taken = memo(move || device.with(Campaign::steps));
    let reply = {
        let whose = whose.clone();
        Signal::derive(move || {
            let steps = device.with(steps_json::<S>);
            super::share::Sent::reply(&name, &whose, copy_json.clone(), steps, salt.get())
        })
    };
    // What the step goes as: a plain reply, a seal, a reveal, or nothing yet.
    let held_view = StoredValue::new_local(view.clone());
    let sending = memo(move || {
        use crate::share::seals::{sending, Sending};
        let step = device.with(|c| c.active_entries().next().map(|e| (e.decision.clone(), e.dice.clone())));
        match (step, salt.get(), device.with(Campaign::steps)) {
            (Some(step), Some(s), 1) => held_view.with_value(|v| sending::<S>(v, &step, &s)),
            _ => Sending::Plain,
        }
    });
    // Once the seat has nothing more to do here, its reply is what it needs: shown and focused.
    let done = memo(move || device.with(|c| c.steps() > 0 && me.is_some_and(|m| !c.to_act().contains(&m))));
    Effect::new(move |was: Option<bool>| {
        let now = done.get();
        if now && was == Some(false) {
            request_animation_frame(|| platform::show_and_focus("reply"));
        }
        now
    });
    // A seat with a step to take sees it first: on a phone the copy's heading and notes would
    // otherwise push the step below the fold.
    // Likewise a reveal to send, or a part of a joint roll.
    if part_panel.is_some() {
        request_animation_frame(|| platform::show_and_focus("part"));
    } else if matches!(sending.get_untracked(), crate::share::seals::Sending::Reveal) {
        request_animation_frame(|| platform::show_and_focus("reply"));
    } else if acts.get_untracked() && taken.get_untracked() == 0 {
        request_animation_frame(|| platform::show_and_focus("seat-play"));
    }
    super::copy_view::copy_view(super::copy_view::CopyParts {
        name: copy.meta.name.clone(),
        status,
        whose,
        made: copy.made,
        seat,
        id,
        header: S::header,
        play: S::play,
        forces: S::forces,
        checks,
        part_panel,
        acts,
        seat_held: me.is_some(),
        taken,
        sending,
        reply,
        names_of: Callback::new(move |seats: Vec<crate::engine::Seat>| {
            device.with(|c| seats.iter().map(|&s| c.seat_name(s)).collect())
        }),
        undo: Callback::new(move |()| {
            device.update(|c| {
                c.undo();
            })
        }),
        send_plainly: Callback::new(move |()| send_plainly()),
        lines: Signal::stored(view.history),
        seat_names: device.with_untracked(|c| c.named_seats()),
    })
}
