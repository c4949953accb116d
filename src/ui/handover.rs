//! The one hand-over: a card asks to pass the device to a named seat; a tap by that seat
//! opens what only it may see (the campaign screen then shows that seat's view); "not me",
//! Escape or acting closes it again, and the card says the seat is done without saying what
//! it did. Used wherever a choice must stay secret from the others at the table.

use crate::engine::Seat;
use crate::ui::reactive::effect;
use leptos::prelude::*;
use std::sync::Arc;

/// A seat that acts behind the hand-over.
#[derive(Clone, Debug, PartialEq)]
pub struct Hand {
    pub seat: Seat,
    pub name: String,
    /// Test id part: the card is `handover-{key}`, its button `reveal-{key}`.
    pub key: String,
}

/// The words and test ids of one hand-over.
#[derive(Clone, Copy)]
pub struct Words {
    /// What the seat does, after "I am Anna: " ("choose", "write my list").
    pub action: &'static str,
    /// What a done seat has done, after "Anna " ("has chosen").
    pub done: &'static str,
    /// The open panel's test id.
    pub panel: &'static str,
    /// The close button's test id and words; `None` when the panel has its own.
    pub hide: Option<(&'static str, &'static str)>,
    /// The reveal button's test id, when not `reveal-{key}`.
    pub reveal: Option<&'static str>,
    /// Classes the open panel adds to `secret` (a colour of its own).
    pub class: &'static str,
}

/// Cards for `hands`, or the panel of the one who revealed. `peek` is who the panel is open
/// for (the campaign screen reads it to show that seat's view); `done` says who has acted;
/// `panel` draws the secret part for a seat (it should set `peek` to `None` once acted).
///
/// Generic only here: the card itself is built once, not once per call site and closure type
/// (it was 79 KiB of wasm before wasm-opt over its 50 call sites; issue 32).
pub fn hand_over<V: IntoView + 'static>(
    hands: Vec<Hand>,
    peek: RwSignal<Option<Seat>>,
    done: impl Fn(Seat) -> bool + Send + Sync + 'static,
    words: Words,
    panel: impl Fn(Seat) -> V + Send + Sync + 'static,
) -> AnyView {
    cards(hands, peek, Arc::new(done), words, Arc::new(move |seat| panel(seat).into_any()))
}

/// Who has acted, and the secret part for a seat, as `cards` takes them.
pub type Done = Arc<dyn Fn(Seat) -> bool + Send + Sync>;
pub type Panel = Arc<dyn Fn(Seat) -> AnyView + Send + Sync>;

/// `hand_over` with its closures boxed already.
pub fn cards(hands: Vec<Hand>, peek: RwSignal<Option<Seat>>, done: Done, words: Words, panel: Panel) -> AnyView {
    let hands = Arc::new(hands);
    // The panel takes the focus when it opens: its first control, so Enter acts and Escape
    // reaches it.
    let node = NodeRef::<leptos::html::Div>::new();
    effect(move || {
        if let Some(el) = node.get() {
            if !super::platform::focus_first_control(&el) {
                let _ = el.focus();
            }
        }
    });
    // On a seat's own device only that seat's part shows, open: there is no one to pass it to.
    let own = super::viewer::own_seat();
    let pins = use_context::<super::pin::Pins>();
    (move || {
        if let Some(me) = own {
            return own_device(&hands, me, &done, words, &panel).into_any();
        }
        let open = peek.get().and_then(|seat| hands.iter().find(|h| h.seat == seat).cloned());
        match open {
            Some(hand) => {
                let label = format!("For {} only", hand.name);
                view! {
                    <div class=format!("secret {}", words.class) data-testid=words.panel role="dialog" aria-label=label tabindex="-1" node_ref=node
                        on:keydown=move |ev| if ev.key() == "Escape" { peek.set(None); }>
                        {panel(hand.seat)}
                        {words.hide.map(|(testid, label)| view! {
                            <button class="btn" data-testid=testid on:click=move |_| peek.set(None)>{label}</button>
                        })}
                    </div>
                }
                .into_any()
            }
            None => {
                let cards = hands
                    .iter()
                    .cloned()
                    .map(|hand| {
                        let done = done.clone();
                        let Hand { seat, name, key } = hand;
                        let reveal = words.reveal.map(str::to_string).unwrap_or_else(|| format!("reveal-{key}"));
                        view! {
                            <div class="handover-card" data-testid=format!("handover-{key}")>
                                {move || if done(seat) {
                                    view! { <p class="done">{format!("\u{2714} {name} {} (hidden)", words.done)}</p> }.into_any()
                                } else {
                                    let name = name.clone();
                                    let who = format!("{name}'s PIN");
                                    view! {
                                        <p>{format!("Pass the tablet to {name}. Only {name} should look.")}</p>
                                        <button class="btn primary big" data-testid=reveal.clone()
                                            on:click=move |_| match pins {
                                                // A locked seat opens with its PIN.
                                                Some(p) => p.ask(seat, who.clone(), move || peek.set(Some(seat))),
                                                None => peek.set(Some(seat)),
                                            }>{format!("I am {name}: {}", words.action)}</button>
                                    }.into_any()
                                }}
                            </div>
                        }
                    })
                    .collect_view();
                view! { <div class="handover">{cards}</div> }.into_any()
            }
        }
    })
    .into_any()
}

/// `hand_over` on seat `me`'s own device: its panel while it has something to do, then that it
/// is done; the other seats act on their own devices.
fn own_device(hands: &[Hand], me: Seat, done: &Done, words: Words, panel: &Panel) -> impl IntoView {
    let others = hands
        .iter()
        .filter(|h| h.seat != me)
        .map(|h| {
            let line = if done(h.seat) {
                format!("\u{2714} {} {} (hidden)", h.name, words.done)
            } else {
                format!("{} decides on their own device.", h.name)
            };
            view! { <div class="handover-card" data-testid=format!("handover-{}", h.key)><p>{line}</p></div> }
        })
        .collect_view();
    let mine = hands.iter().find(|h| h.seat == me).map(|h| {
        if done(me) {
            view! { <p class="done">{format!("\u{2714} {} {}: send your reply below.", h.name, words.done)}</p> }
                .into_any()
        } else {
            view! { <div class=format!("secret {}", words.class) data-testid=words.panel>{panel(me)}</div> }.into_any()
        }
    });
    view! { {mine}<div class="handover">{others}</div> }
}
