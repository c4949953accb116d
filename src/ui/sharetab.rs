//! The campaign's Share tab: what may leave this device, by audience.
//! - The campaign link, file and QR code: what every seat may read (a step still hidden from
//!   someone stays here, and the tab says so).
//! - For the umpire: the whole campaign, secrets and all, for their own devices.
//! - Seat links: one seat's view, played on where it opens (its steps come back as a reply).
//!   Where there is an umpire, the umpire sends any seat's view and a seat only its own;
//!   without one, this device keeps the campaign and sends each player theirs.
//! - Taking a reply: pasted here, or opened as a link.

use super::campaign::{holder_choice, Open, SystemUi};
use super::platform;
use super::share::{Sent, SharePanel};
use crate::engine::{Campaign, Reader, Seat};
use crate::share::seat::seat_key;
use crate::share::typed::SeatCopyOf;
use crate::share::Meta;
use crate::ui::reactive::{effect, memo};
use leptos::prelude::*;
use std::sync::Arc;

pub fn share_tab<S: SystemUi>(meta: RwSignal<Meta>, campaign: RwSignal<Campaign<S>>, holder_id: String) -> AnyView {
    let open = expect_context::<Open<S>>();
    let shared = memo(move || {
        campaign.with(|c| match c.share_hold() {
            Some(why) => Err(why),
            None => super::campaign::shared_document(meta.get(), c).map(|d| Sent::campaign(&d.meta.name, d.to_json())),
        })
    });
    let left_out = memo(move || campaign.with(|c| c.left_out()));
    let umpire = campaign.with_untracked(|c| c.umpire());
    let is_umpire = memo(move || umpire.is_some() && open.holder.get() == umpire);
    let pins = expect_context::<super::pin::Pins>();
    view! {
        {holder_choice::<S>(holder_id)}
        {move || match shared.get() {
            Err(why) => view! { <p class="warning" data-testid="share-secret">{why}</p> }.into_any(),
            Ok(first) => {
                let sent = Signal::derive(move || shared.get().unwrap_or_else(|_| first.clone()));
                view! {
                    {move || {
                        let out = left_out.get();
                        (!out.is_empty()).then(|| view! {
                            <p class="note" data-testid="share-left-out">{format!(
                                "Not in this link or file: {}. It goes in once everyone at the table may see it.",
                                out.join(", "))}</p>
                        })
                    }}
                    <SharePanel sent=sent heading="Share this campaign"
                        hint="The whole campaign travels inside the link, after the #: no server ever sees it. Open it on another device to take the campaign along; if that device has an earlier copy, it offers to bring it up to date."/>
                }.into_any()
            }
        }}
        {move || is_umpire.get().then(|| {
            let sent = Signal::derive(move || {
                let doc = campaign.with(|c| super::campaign::document(meta.get(), c));
                Sent::campaign(&doc.meta.name, doc.to_json())
            });
            // A locked umpire's seat gives its PIN again before the whole campaign is made.
            let u = umpire.expect("the umpire holds");
            let shown = RwSignal::new(!pins.locked(u));
            move || if shown.get() {
                view! {
                    <SharePanel sent=sent id="full" heading="The whole campaign, for your own devices"
                        hint="Every secret travels in this one: the hidden deployment, every player's orders and rolls. Open it only on a device of yours that no player will read."/>
                }.into_any()
            } else {
                view! {
                    <button type="button" class="btn" data-testid="full-unlock"
                        on:click=move |_| pins.ask(u, "The umpire's PIN".into(), move || shown.set(true))>"The whole campaign"</button>
                }.into_any()
            }
        })}
        {seat_links::<S>(meta, campaign)}
        <TakeReply id=meta.with_untracked(|m| m.id.clone())/>
    }
    .into_any()
}

/// Pasting a player's reply (a link made on their own device): opened as the link itself
/// would be, so it is checked and taken, or refused in words, by the one path links take.
#[component]
fn TakeReply(id: String) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<&'static str>);
    let take = move || match crate::share::scan::link_fragment(&text.get_untracked()) {
        Some(fragment) => {
            error.set(None);
            text.set(String::new());
            platform::set_hash(&fragment);
        }
        None => error.set(Some("That is not a Field Desk link: paste the whole reply link the player sent.")),
    };
    view! {
        <section class="take-reply" data-testid="take-reply">
            <h2>"Take a player's reply"</h2>
            <p class="hint">"A player who decides on their own device sends back a reply link. Scan its QR code here, open it on this device, or paste it; it is checked against this campaign before anything changes."</p>
            <a class="btn big primary" href=format!("#/scan/{id}") data-testid="scan-open">"Scan a reply"</a>
            <label class="field">
                <span>"Reply link"</span>
                <input type="text" class="wide" data-testid="reply-paste" prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))
                    on:keydown=move |ev| if ev.key() == "Enter" { take(); }/>
            </label>
            <div class="actions">
                <button class="btn primary" data-testid="reply-take" on:click=move |_| take()>"Take the reply"</button>
            </div>
            {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
        </section>
    }
}

/// The seats whose view the holder may send: where there is an umpire, the umpire any (and the
/// table's) and anyone else their own; where there is none, this device keeps the campaign for
/// the players and sends each of them theirs (and the table's).
fn sendable<S: SystemUi>(c: &Campaign<S>, holder: Reader) -> Vec<(Reader, String)> {
    let named = |r: Reader| (r, r.map_or("The whole table".to_string(), |s| c.seat_name(s)));
    match c.umpire() {
        Some(u) if holder != Some(u) => vec![named(holder)],
        _ => c.seats().into_iter().map(Some).chain([None]).map(named).collect(),
    }
}

fn seat_links<S: SystemUi>(meta: RwSignal<Meta>, campaign: RwSignal<Campaign<S>>) -> impl IntoView {
    let open = expect_context::<Open<S>>();
    let choices = memo(move || campaign.with(|c| sendable(c, open.holder.get())));
    let chosen = RwSignal::new(None::<Reader>);
    // Another holder chooses again (a locked seat's copy asks for its PIN).
    effect(move || {
        open.holder.track();
        chosen.set(None);
    });
    let pins = expect_context::<super::pin::Pins>();
    let umpire = campaign.with_untracked(|c| c.umpire());
    // A seat's copy is its view: made for another holder than the seat or the umpire, the seat's
    // PIN first, where it has one.
    let choose = move |reader: Reader| {
        let holder = open.holder.get_untracked();
        match reader.filter(|s| holder != Some(*s) && (umpire.is_none() || holder != umpire)) {
            Some(s) => {
                let title = format!("{}'s PIN", campaign.with_untracked(|c| c.seat_name(s)));
                pins.ask(s, title, move || chosen.set(Some(reader)))
            }
            None => chosen.set(Some(reader)),
        }
    };
    // A choice the holder may no longer send (the holder changed) is dropped.
    let picked = memo(move || chosen.get().filter(|r| choices.with(|c| c.iter().any(|(x, _)| x == r))));
    // Which seats' copies are out of date: their view now is not the one last shown here.
    let noted = RwSignal::new(0u32);
    let digest = move |c: &Campaign<S>, seat| {
        crate::share::reply::view_digest::<S>(&S::view_setup(c.setup(), Some(seat)), &c.view(Some(seat)))
    };
    let stale = memo(move || {
        noted.track();
        let id = meta.with(|m| m.id.clone());
        let sent = crate::store::sent_views(&platform::LocalStorage, &id);
        campaign.with(|c| {
            choices.with(|ch| {
                ch.iter()
                    .filter_map(|(r, name)| r.map(|s| (s, name.clone())))
                    // Only seats that play on a device of their own (sent a copy before).
                    .filter(|(s, _)| sent.get(&s.0).is_some_and(|&d| d != digest(c, *s)))
                    .collect::<Vec<_>>()
            })
        })
    });
    // A seat's copy on screen counts as sent.
    effect(move || {
        if let Some(Some(seat)) = picked.get() {
            let d = campaign.with(|c| digest(c, seat));
            let id = meta.with(|m| m.id.clone());
            if crate::store::note_sent_view(&mut platform::LocalStorage, &id, seat.0, d).is_ok() {
                noted.update(|n| *n += 1);
            }
        }
    });
    let panel = move |reader| seat_panel::<S>(meta, campaign, reader, choices).into_any();
    links_view(stale, picked, choices, Arc::new(choose), Arc::new(panel))
}

/// The seat links' section, built once for every system (issue 32): `choose` picks a seat's
/// copy, `panel` draws the one picked.
fn links_view(
    stale: Memo<Vec<(Seat, String)>>,
    picked: Memo<Option<Reader>>,
    choices: Memo<Vec<(Reader, String)>>,
    choose: Arc<dyn Fn(Reader) + Send + Sync>,
    panel: Arc<dyn Fn(Reader) -> AnyView + Send + Sync>,
) -> AnyView {
    let pick = choose.clone();
    view! {
        <section class="seat-links" data-testid="seat-links">
            <h2>"Send a player their view"</h2>
            <p class="hint">"A view shows one player what the rules let them see, and nothing else. Where they have a step to take, they take it on their own device and send back a reply. Send a new view after each phase: it replaces the one they had."</p>
            {move || {
                let stale = stale.get();
                let next = stale.iter().find(|(s, _)| picked.get() != Some(Some(*s))).cloned();
                let choose = choose.clone();
                (!stale.is_empty()).then(|| view! {
                    <div class="stale-copies" data-testid="stale-copies">
                        <p class="note">{format!("Out of date: {}'s copy. Send each player their new one.",
                            stale.iter().map(|(_, n)| n.as_str()).collect::<Vec<_>>().join("'s copy, "))}</p>
                        {next.map(|(seat, name)| view! {
                            <button type="button" class="btn primary" data-testid="next-stale-copy"
                                on:click=move |_| choose(Some(seat))>{format!("{name}'s copy")}</button>
                        })}
                    </div>
                })
            }}
            <div class="segmented">
                {move || choices.get().into_iter().map(|(reader, name)| {
                    let pick = pick.clone();
                    view! {
                        <button type="button" class="btn seg" class:on=move || picked.get() == Some(reader)
                            aria-pressed=move || (picked.get() == Some(reader)).to_string()
                            data-testid=format!("seat-link-{}", seat_key(reader))
                            on:click=move |_| pick(reader)>{name}</button>
                    }
                }).collect_view()}
            </div>
            {move || picked.get().map(|reader| panel(reader))}
        </section>
    }
    .into_any()
}

/// One seat's copy: as what changed since the copy shown here before for that seat (short
/// enough for a QR code; `share::follow`), or whole. The file is always the whole copy.
fn seat_panel<S: SystemUi>(
    meta: RwSignal<Meta>,
    campaign: RwSignal<Campaign<S>>,
    reader: Reader,
    choices: Memo<Vec<(Reader, String)>>,
) -> impl IntoView {
    use crate::share::follow::digest_of_view;
    let key = seat_key(reader);
    // The copy shown, and the one before it: kept so the next one can follow it.
    let record = RwSignal::new(None::<(String, Option<String>)>);
    let whole = RwSignal::new(false);
    effect(move || {
        let id = meta.with(|m| m.id.clone());
        let copy = campaign.with(|c| SeatCopyOf::new(meta.get(), platform::now(), c, reader)).to_json();
        let stored = crate::store::sent_copy(&platform::LocalStorage, &id, &key);
        // Read as this system's copies: a system's screen holds its own rules alone.
        let read = |json: &str| SeatCopyOf::<S>::from_json(json).ok();
        let same = |a: &str, b: &str| {
            read(a).zip(read(b)).is_some_and(|(a, b)| digest_of_view(&a.view) == digest_of_view(&b.view))
        };
        let next = match stored {
            // The same view as the copy shown before: that copy again, following what it followed.
            Some((shown, after)) if same(&shown, &copy) => (shown, after),
            Some((shown, _)) => (copy, Some(shown)),
            None => (copy, None),
        };
        let _ = crate::store::keep_sent_copy(&mut platform::LocalStorage, &id, &key, &next.0, next.1.as_deref());
        record.set(Some(next));
    });
    let sent = Signal::derive(move || {
        let (copy, after) = record.get().unwrap_or_default();
        let name = meta.with(|m| m.name.clone());
        let whose = choices.with(|c| c.iter().find(|(r, _)| *r == reader).map(|(_, n)| n.clone())).unwrap_or_default();
        Sent::seat_after(&name, &whose, copy, if whole.get() { None } else { after })
    });
    let follows = memo(move || record.with(|r| r.as_ref().is_some_and(|(_, a)| a.is_some())));
    let name =
        choices.with_untracked(|c| c.iter().find(|(r, _)| *r == reader).map(|(_, n)| n.clone())).unwrap_or_default();
    let hint = if follows.get_untracked() {
        "Send this to that player alone: it shows what they may see now. It carries only what changed since the copy shown here before; if their device does not have that one, send the whole copy."
    } else {
        "Send this to that player alone: it shows what they may see now."
    };
    view! {
        {move || record.with(|r| r.is_some()).then(|| view! {
            <SharePanel sent=sent id="seat" heading=format!("{name}'s view") hint=hint/>
        })}
        {move || follows.get().then(|| view! {
            <label class="check">
                <input type="checkbox" data-testid="seat-whole" prop:checked=move || whole.get()
                    on:change=move |ev| whole.set(event_target_checked(&ev))/>
                " Whole copy (for a device that missed the last one)"
            </label>
        })}
    }
}
