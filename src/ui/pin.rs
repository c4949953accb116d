//! Locked seats on a shared tablet: a seat's PIN (`store::pins`, kept on this device only) is
//! asked before its view is reached: holding the tablet as it, its hand-over, its copy, the
//! umpire's whole campaign, and undoing its hidden step. Without PINs nothing is asked.
//!
//! `Pins` is the campaign screen's context; `PinPrompt` the one PIN dialog; `lock_controls` the
//! holder's "Lock this seat", the umpire's clearing of a forgotten PIN, and, without an umpire,
//! forgetting this device's PINs and settings for the campaign.

use super::dialog::Modal;
use super::platform::{self, LocalStorage};
use crate::engine::{Campaign, Reader, Seat, System};
use crate::share::seat::seat_key;
use crate::store;
use crate::ui::reactive::effect;
use leptos::prelude::*;
use std::sync::Arc;

/// What waits on a PIN: whose, the dialog's heading, and what runs once it is given.
#[derive(Clone)]
struct Ask {
    seat: Seat,
    title: String,
    /// Not a `Callback`: no owner's end takes it away while it waits.
    then: Arc<dyn Fn() + Send + Sync>,
}

/// The PINs of the open campaign on this device.
#[derive(Clone, Copy)]
pub struct Pins {
    id: StoredValue<String>,
    ask: RwSignal<Option<Ask>>,
    /// Bumped when a PIN is set or cleared, so what reads `locked` is drawn again.
    version: RwSignal<u32>,
}

impl Pins {
    pub fn new(id: String) -> Pins {
        Pins { id: StoredValue::new(id), ask: RwSignal::new(None), version: RwSignal::new(0) }
    }

    pub fn locked(&self, seat: Seat) -> bool {
        self.version.track();
        store::locked(&LocalStorage, &self.id.get_value(), &seat_key(Some(seat)))
    }

    fn any(&self) -> bool {
        self.version.track();
        store::any_locked(&LocalStorage, &self.id.get_value())
    }

    fn changed(&self) {
        self.version.update(|v| *v += 1);
    }

    /// Runs `then` at once if `seat` has no PIN here, else once its PIN is given.
    pub fn ask(&self, seat: Seat, title: String, then: impl Fn() + Send + Sync + 'static) {
        if self.locked(seat) {
            self.ask.set(Some(Ask { seat, title, then: Arc::new(then) }));
        } else {
            then();
        }
    }

    /// Goes back to `steps` decisions in effect (the undo button: one fewer). Once any seat is
    /// locked here, a step hidden from `reader` needs the PIN of the locked seat that took it, and
    /// one of an unlocked seat a confirmation naming it (`confirm`).
    pub fn back_to<S: System>(&self, campaign: RwSignal<Campaign<S>>, reader: Reader, steps: usize, confirm: Confirm) {
        let hidden = if self.any() { campaign.with_untracked(|c| c.hidden_back_to(reader, steps)) } else { vec![] };
        let name = move |s: Seat| campaign.with_untracked(|c| c.seat_name(s));
        let go: Arc<dyn Fn() + Send + Sync> = Arc::new(move || campaign.update(|c| c.undo_to(steps)));
        self.back_over(&hidden, &name, go, confirm);
    }

    /// `back_to` once the campaign has said whose steps are hidden: the same for every system,
    /// so compiled once (issue 32).
    fn back_over(
        &self,
        hidden: &[Option<Seat>],
        name: &dyn Fn(Seat) -> String,
        go: Arc<dyn Fn() + Send + Sync>,
        confirm: Confirm,
    ) {
        let locked: Vec<(Seat, String)> =
            hidden.iter().flatten().copied().filter(|s| self.locked(*s)).map(|s| (s, name(s))).collect();
        let open: Vec<String> = hidden
            .iter()
            .filter(|s| s.is_none_or(|s| !locked.iter().any(|(l, _)| *l == s)))
            .map(|s| s.map_or("someone".into(), name))
            .collect();
        // The latest step's seat is asked first.
        let locked = locked.into_iter().rev().collect();
        let back = Back { locked, go };
        match open.as_slice() {
            [] => self.unlock(back),
            [one] => confirm.set(Some((format!("This undoes {one}'s hidden step. Undo?"), back))),
            more => confirm.set(Some((format!("This undoes hidden steps of {}. Undo?", more.join(" and ")), back))),
        }
    }

    /// Asks each locked seat's PIN in turn, then goes back.
    fn unlock(&self, mut back: Back) {
        let pins = *self;
        match back.locked.pop() {
            None => (back.go)(),
            Some((seat, name)) => self.ask(seat, format!("Undo: {name}'s PIN"), move || pins.unlock(back.clone())),
        }
    }
}

/// Going back: the locked seats still to give their PIN (named), then the going.
#[derive(Clone)]
pub struct Back {
    locked: Vec<(Seat, String)>,
    go: Arc<dyn Fn() + Send + Sync>,
}

/// An undo's confirmation in waiting: its heading and what it goes back to.
pub type Confirm = RwSignal<Option<(String, Back)>>;

/// The PIN dialog, while something waits on one.
#[component]
pub fn PinPrompt() -> impl IntoView {
    let pins = expect_context::<Pins>();
    move || {
        pins.ask.get().map(|ask| {
            let pin = RwSignal::new(String::new());
            let error = RwSignal::new(None::<String>);
            let close = Callback::new(move |_| pins.ask.set(None));
            let key = seat_key(Some(ask.seat));
            let submit = move |ev: leptos::ev::SubmitEvent| {
                ev.prevent_default();
                let id = pins.id.get_value();
                match store::try_pin(&mut LocalStorage, &id, &key, &pin.get_untracked(), platform::now()) {
                    Ok(()) => {
                        pins.ask.set(None);
                        (ask.then)();
                    }
                    Err(e) => {
                        pin.set(String::new());
                        error.set(Some(e.to_string()));
                    }
                }
            };
            view! {
                <Modal title=ask.title.clone() on_close=close testid="pin-dialog">
                    <form on:submit=submit>
                        {pin_field("PIN", "pin-input", pin)}
                        {move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="pin-error">{e}</p> })}
                        <div class="actions">
                            <button class="btn big" type="button" data-testid="pin-cancel" on:click=move |_| close.run(())>"Cancel"</button>
                            <button class="btn big primary" type="submit" data-testid="pin-ok">"Open"</button>
                        </div>
                    </form>
                </Modal>
            }
        })
    }
}

/// A labelled PIN input: digits, hidden, never filled in by the browser.
fn pin_field(label: &'static str, testid: &'static str, value: RwSignal<String>) -> impl IntoView {
    view! {
        <label class="field">{label}
            <input type="password" inputmode="numeric" autocomplete="off" maxlength="8" data-testid=testid
                prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev))/>
        </label>
    }
}

/// A confirmation (an undo of a hidden step, clearing a PIN, forgetting this device's settings).
fn confirm_dialog(
    title: String,
    text: &'static str,
    yes: &'static str,
    testid: &'static str,
    shown: RwSignal<bool>,
    then: impl Fn() + Send + Sync + 'static,
) -> AnyView {
    dialog(title, text, yes, testid, shown, Box::new(then))
}

fn dialog(
    title: String,
    text: &'static str,
    yes: &'static str,
    testid: &'static str,
    shown: RwSignal<bool>,
    then: Box<dyn Fn() + Send + Sync>,
) -> AnyView {
    view! {
        <Modal title=title on_close=Callback::new(move |_| shown.set(false)) testid=testid>
            <p>{text}</p>
            <div class="actions">
                <button class="btn big" on:click=move |_| shown.set(false)>"Cancel"</button>
                <button class="btn big danger" data-testid=format!("{testid}-yes") on:click=move |_| { shown.set(false); then(); }>{yes}</button>
            </div>
        </Modal>
    }
    .into_any()
}

/// The undo's confirmation of a hidden step, when `Pins::back_to` asks for one.
pub fn undo_confirm(confirm: Confirm) -> impl IntoView {
    let pins = expect_context::<Pins>();
    move || {
        confirm.get().map(|(title, back)| {
            let shown = RwSignal::new(true);
            effect(move || {
                if !shown.get() {
                    confirm.set(None);
                }
            });
            confirm_dialog(title, "No one else sees what it was.", "Undo", "undo-hidden", shown, move || {
                pins.unlock(back.clone())
            })
        })
    }
}

/// Under "who holds this tablet": the held seat's lock; for the umpire, clearing a seat's
/// forgotten PIN; without an umpire, forgetting this device's PINs and settings here.
pub fn lock_controls(holder: RwSignal<Reader>, umpire: Option<Seat>, seats: Vec<(Seat, String)>) -> impl IntoView {
    let pins = expect_context::<Pins>();
    let setting = RwSignal::new(false);
    let clearing = RwSignal::new(None::<(Seat, String)>);
    let forgetting = RwSignal::new(false);
    let names = seats.clone();
    let name_of = move |s: Seat| names.iter().find(|(x, _)| *x == s).map(|(_, n)| n.clone()).unwrap_or_default();
    let held = move || holder.get().map(|s| (s, name_of(s)));
    let held_too = held.clone();
    view! {
        <div class="actions pin-controls">
            {move || held().map(|(seat, _)| view! {
                <button type="button" class="btn" data-testid="pin-lock" on:click=move |_| setting.set(true)>
                    {move || if pins.locked(seat) { "Change PIN" } else { "Lock this seat" }}</button>
            })}
            {move || (umpire.is_some() && holder.get() == umpire).then(|| {
                seats.iter().filter(|(s, _)| Some(*s) != umpire && pins.locked(*s)).map(|(s, n)| {
                    let (s, n) = (*s, n.clone());
                    view! {
                        <button type="button" class="btn" data-testid=format!("pin-clear-{}", s.0)
                            on:click=move |_| clearing.set(Some((s, n.clone())))>{format!("Clear {n}'s PIN")}</button>
                    }
                }).collect_view()
            })}
            {move || (umpire.is_none() && pins.any()).then(|| view! {
                <button type="button" class="btn" data-testid="pin-forget" on:click=move |_| forgetting.set(true)>
                    "Forget this device's PINs and settings for this campaign"</button>
            })}
        </div>
        {move || setting.get().then(|| held_too().map(|(seat, name)| lock_dialog(pins, seat, name, setting)))}
        {move || clearing.get().map(|(seat, name)| {
            let shown = RwSignal::new(true);
            effect(move || {
                if !shown.get() {
                    clearing.set(None);
                }
            });
            let clear = move || {
                let u = umpire.expect("an umpire clears");
                pins.ask(u, "The umpire's PIN".into(), move || {
                    let _ = store::clear_pin(&mut LocalStorage, &pins.id.get_value(), &seat_key(Some(seat)));
                    pins.changed();
                });
            };
            confirm_dialog(format!("Clear {name}'s PIN?"), "Whoever holds this tablet can then open that seat.", "Clear", "pin-clear", shown, clear)
        })}
        {move || forgetting.get().then(|| confirm_dialog(
            "Forget this device's settings?".into(),
            "This clears every seat's PIN, who holds this tablet and steps in progress kept here for this campaign. The campaign stays.",
            "Forget", "forget-device", forgetting, move || {
                let _ = store::forget_device(&mut LocalStorage, &pins.id.get_value());
                holder.set(None);
                pins.changed();
            }))}
    }
}

/// Setting, changing or removing the held seat's PIN: a new one twice; the current one first to
/// change or remove it.
fn lock_dialog(pins: Pins, seat: Seat, name: String, shown: RwSignal<bool>) -> impl IntoView {
    let had = pins.locked(seat);
    let (current, new, again) =
        (RwSignal::new(String::new()), RwSignal::new(String::new()), RwSignal::new(String::new()));
    let error = RwSignal::new(None::<String>);
    let key = seat_key(Some(seat));
    let id = pins.id.get_value();
    let apply = move |remove: bool| {
        let mut b = LocalStorage;
        let result =
            if had { store::try_pin(&mut b, &id, &key, &current.get_untracked(), platform::now()) } else { Ok(()) };
        let result = result.and_then(|()| {
            if remove {
                return store::clear_pin(&mut b, &id, &key).map_err(|_| store::PinError::Store);
            }
            let n = new.get_untracked();
            if !store::valid_pin(&n) {
                Err(store::PinError::Shape)
            } else if n != again.get_untracked() {
                Err(store::PinError::Differ)
            } else {
                let mut salt = [0u8; 16];
                rand::RngCore::fill_bytes(&mut platform::entropy(), &mut salt);
                store::set_pin(&mut b, &id, &key, &n, salt)
            }
        });
        match result {
            Ok(()) => {
                shown.set(false);
                pins.changed();
            }
            Err(e) => error.set(Some(e.to_string())),
        }
    };
    let remove = apply.clone();
    let title = if had { format!("{name}'s PIN") } else { format!("Lock {name}'s seat") };
    view! {
        <Modal title=title on_close=Callback::new(move |_| shown.set(false)) testid="pin-set">
            <form on:submit=move |ev| { ev.prevent_default(); apply(false); }>
                {had.then(|| pin_field("Current PIN", "pin-current", current))}
                {pin_field("New PIN (4 to 8 digits)", "pin-new", new)}
                {pin_field("New PIN again", "pin-again", again)}
                {move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="pin-error">{e}</p> })}
                <div class="actions">
                    <button class="btn big" type="button" on:click=move |_| shown.set(false)>"Cancel"</button>
                    {had.then(|| view! { <button class="btn big danger" type="button" data-testid="pin-remove" on:click=move |_| remove(true)>"Remove PIN"</button> })}
                    <button class="btn big primary" type="submit" data-testid="pin-save">"Save"</button>
                </div>
            </form>
        </Modal>
    }
}

/// The holder's choice, built once for every system (issue 32).
pub(super) fn holders(
    id: String,
    holder: RwSignal<Option<Seat>>,
    seats: Vec<(Option<Seat>, String)>,
    umpire: Option<Seat>,
    named: Vec<(Seat, String)>,
) -> AnyView {
    let super::Banner(banner) = expect_context::<super::Banner>();
    let pins = expect_context::<Pins>();
    let buttons = seats
        .into_iter()
        .map(|(seat, name)| {
            let id = id.clone();
            let key = seat.map_or("table".to_string(), |s| s.0.to_string());
            let who = format!("{name}'s PIN");
            view! {
                <button type="button" class="btn seg" class:on=move || holder.get() == seat
                    aria-pressed=move || (holder.get() == seat).to_string()
                    data-testid=format!("holder-{key}")
                    on:click=move |_| {
                        let id = id.clone();
                        let hold = move || {
                            holder.set(seat);
                            if let Err(e) = store::set_holder(&mut LocalStorage, &id, seat) { banner.set(Some(e.to_string())); }
                        };
                        match seat.filter(|_| holder.get_untracked() != seat) {
                            Some(s) => pins.ask(s, who.clone(), hold),
                            None => hold(),
                        }
                    }>{name}</button>
            }
        })
        .collect_view();
    view! {
        <div class="field holder" data-testid="holder">
            <span class="label">"Who holds this tablet"</span>
            <div class="segmented">{buttons}</div>
            <span class="hint">"The screens and the log show what this player may see; secrets of the others stay covered."</span>
            {lock_controls(holder, umpire, named)}
        </div>
    }
    .into_any()
}
