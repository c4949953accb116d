//! The campaign list: open, rename, duplicate, delete (with confirmation), start new or the
//! sample; campaigns that do not load are shown with the reason and their text kept.

use super::platform::{self, LocalStorage};
use super::route::{Screen, Tab};
use super::{Banner, Nav};
use crate::store::{self, Listing};
use crate::systems::SystemId;
use crate::ui::reactive::memo;
use leptos::prelude::*;

#[component]
pub fn CampaignList() -> impl IntoView {
    let Nav(screen) = expect_context::<Nav>();
    let nav = Nav(screen);
    let Banner(banner) = expect_context::<Banner>();
    let super::Notice(notice) = expect_context::<super::Notice>();
    let version = RwSignal::new(0u32);
    let listing = memo(move || {
        version.track();
        store::list(&mut LocalStorage)
    });
    let confirm_delete = RwSignal::new(None::<(String, String)>);
    let renaming = RwSignal::new(None::<(String, String)>);
    let open = move |id: String| nav.go(Screen::Campaign { id, tab: Tab::Play });
    let settings = RwSignal::new(store::settings(&LocalStorage));
    let review = RwSignal::new(None::<(Vec<super::transfer::Incoming>, Vec<super::failure::Failure>)>);
    let file_input = NodeRef::<leptos::html::Input>::new();
    let on_file = move |_| {
        let Some(input) = file_input.get_untracked() else { return };
        leptos::task::spawn_local(async move {
            match super::platform::read_picked_file(&input).await {
                Ok(text) => match super::registry::take_in(super::transfer::Source::File(text)).await {
                    super::transfer::Taken::Seat(Ok((message, to)))
                    | super::transfer::Taken::Reply(Ok((message, to))) => {
                        notice.set(Some(message));
                        nav.go(to);
                    }
                    super::transfer::Taken::Seat(Err(e)) => banner.set(Some(e.to_string())),
                    super::transfer::Taken::Reply(Err(e)) | super::transfer::Taken::Failed(e) => {
                        banner.set(Some(e.to_string()))
                    }
                    super::transfer::Taken::Review(items, errors) => {
                        review.try_set(Some((items, errors)));
                    }
                },
                Err(e) => banner.set(Some(e.to_string())),
            }
            input.set_value("");
        });
    };
    // Campaigns stored before summaries are given theirs once, by the code that reads them.
    if store::summaries_missing(&mut LocalStorage).unwrap_or(false) {
        leptos::task::spawn_local(async move {
            if super::registry::fill_summaries().await > 0 {
                version.try_update(|v| *v += 1);
            }
        });
    }
    let backup = move |_| match super::transfer::backup_everything() {
        Ok(_) => settings.set(store::settings(&LocalStorage)),
        Err(e) => banner.set(Some(e.to_string())),
    };
    let systems_heading = NodeRef::<leptos::html::H2>::new();
    let to_systems = move |_| {
        if let Some(h) = systems_heading.get_untracked() {
            h.scroll_into_view();
            let _ = h.focus();
        }
    };

    view! {
        <section class="page list" data-testid="campaign-list">
            <div class="list-head">
                <h1>"Campaigns"</h1>
                <button class="btn primary big" data-testid="new-campaign" on:click=to_systems>"New campaign"</button>
            </div>
            {move || match listing.get() {
                Err(e) => view! { <p class="error" role="alert">{e.to_string()}</p> }.into_any(),
                Ok(items) if items.is_empty() => view! {
                    <p class="empty">"No campaigns on this device yet. Pick a system below: each has a sample ready in one tap."</p>
                }.into_any(),
                Ok(items) => view! {
                    <ul class="campaigns">
                        {items.into_iter().map(|item| match item {
                            Listing::Ok(s) => {
                                let id = s.meta.id.clone();
                                let (id1, id2, id3, id4) = (id.clone(), id.clone(), id.clone(), id.clone());
                                let name = s.meta.name.clone();
                                let (name2, name3, name4) = (name.clone(), name.clone(), name.clone());
                                view! {
                                    <li class="campaign-row" data-testid="campaign-row">
                                        <button class="campaign-open" on:click=move |_| open(id1.clone())>
                                            <span class="c-name" data-testid="campaign-name">{name.clone()}</span>
                                            <span class="c-system">{s.system.name()}</span>
                                            <span class="c-players">{crate::share::players_line(&s.players)}</span>
                                            <span class="c-status">{s.status.clone()}</span>
                                            <span class="c-time">"Last played "{platform::format_time(s.meta.updated)}</span>
                                        </button>
                                        <div class="row-actions">
                                            <button class="btn small" on:click=move |_| renaming.set(Some((id2.clone(), name2.clone())))>"Rename"</button>
                                            <button class="btn small" data-testid="duplicate" on:click=move |_| {
                                                let r = store::free_name(&mut LocalStorage, &format!("{} (copy)", name3))
                                                    .and_then(|n| store::duplicate(&mut LocalStorage, &id3, &platform::new_id(), &n, platform::now()));
                                                if let Err(e) = r { banner.set(Some(e.to_string())); }
                                                version.update(|v| *v += 1);
                                            }>"Duplicate"</button>
                                            <button class="btn small danger" data-testid="delete" on:click=move |_| confirm_delete.set(Some((id4.clone(), name4.clone())))>"Delete"</button>
                                        </div>
                                    </li>
                                }.into_any()
                            }
                            Listing::Broken(b) => {
                                let raw = b.raw.clone();
                                let id = b.id.clone();
                                let id2 = b.id.clone();
                                view! {
                                    <li class="campaign-row broken" data-testid="broken-row">
                                        <div class="campaign-open">
                                            <span class="c-name">{b.name.clone().unwrap_or_else(|| "Unreadable campaign".into())}</span>
                                            <span class="error">{b.error.to_string()}</span>
                                            <span class="c-time">"Its stored text is kept as it is."</span>
                                        </div>
                                        <div class="row-actions">
                                            <button class="btn small" on:click=move |_| {
                                                if let Err(e) = platform::download(&format!("field-desk-{id}-raw.json"), "application/json", &raw) {
                                                    banner.set(Some(e.to_string()));
                                                }
                                            }>"Download its text"</button>
                                            <button class="btn small danger" on:click=move |_| confirm_delete.set(Some((id2.clone(), "this unreadable campaign".into())))>"Delete"</button>
                                        </div>
                                    </li>
                                }.into_any()
                            }
                        }).collect_view()}
                    </ul>
                }.into_any(),
            }}
            <super::viewer::SeatCopies/>
            <section class="scan-code" data-testid="scan-code">
                <p class="hint">"A seat copy or a reply as a QR code? Scan it here, in the app, so it lands where Field Desk keeps it."</p>
                <a class="btn big" href="#/scan" data-testid="scan-open">"Scan a code"</a>
            </section>
            <section class="systems" aria-labelledby="systems-heading" data-testid="system-picker">
                <h2 id="systems-heading" tabindex="-1" node_ref=systems_heading>"Start a campaign"</h2>
                <ul class="system-cards">
                    {SystemId::ALL.into_iter().map(|sys| {
                        let slug = sys.slug();
                        view! {
                            <li class="system-card" data-testid=format!("system-card-{slug}")>
                                <h3>{sys.name()}</h3>
                                <p class="system-about">{sys.about()}</p>
                                <p class="system-players">{sys.players()}</p>
                                <div class="actions">
                                    <button class="btn primary big" data-testid=format!("start-sample-{slug}") on:click=move |_| leptos::task::spawn_local(async move {
                                        match super::registry::start_sample(sys).await {
                                            Ok(id) => {
                                                platform::focus_first_action_on_open();
                                                open(id)
                                            }
                                            Err(e) => banner.set(Some(e.to_string())),
                                        }
                                    })>"Play the sample"</button>
                                    <button class="btn big" data-testid=format!("new-{slug}") on:click=move |_| nav.go(Screen::New(sys))>"New campaign"</button>
                                    <a class="btn big" href=format!("#/rules/{slug}") data-testid=format!("rules-{slug}")>"Rules"</a>
                                </div>
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </section>
            <div class="actions backup-row">
                <button class="btn" data-testid="backup-all" on:click=backup>"Back up everything"</button>
                <label class="btn file-btn" data-testid="import-file-label">
                    "Import from a file"
                    <input type="file" accept=".json,application/json" class="visually-hidden" data-testid="import-file" node_ref=file_input on:change=on_file/>
                </label>
                <span class="hint" data-testid="last-backup">{move || match settings.get().last_backup {
                    Some(t) => format!("Last backup: {}", platform::format_time(t)),
                    None => "No backup made on this device yet.".to_string(),
                }}</span>
            </div>
            {move || review.get().map(|(items, errors)| super::registry::import_review(items, errors,
                Callback::new(move |_| { review.set(None); version.update(|v| *v += 1); })))}
            <details class="settings" data-testid="settings">
                <summary>"Storage on this device"</summary>
                <p data-testid="persist-status">{move || match settings.get().persisted {
                    Some(true) => "The browser has agreed to keep Field Desk's data (persistent storage).".to_string(),
                    Some(false) => "The browser has not granted persistent storage: it may clear Field Desk's data when space runs low. Back up regularly, or install the app to the home screen.".to_string(),
                    None => "Persistent storage is asked for on the first save.".to_string(),
                }}</p>
            </details>
            {move || confirm_delete.get().map(|(id, name)| view! {
                <super::dialog::Modal title=format!("Delete \"{name}\"?") on_close=Callback::new(move |_| confirm_delete.set(None)) testid="confirm-delete">
                        <p>"The campaign and its whole history will be gone from this device. Export it first if you may want it back."</p>
                        <div class="actions">
                            <button class="btn big" on:click=move |_| confirm_delete.set(None)>"Keep it"</button>
                            <button class="btn big danger" data-testid="confirm-delete-yes" on:click=move |_| {
                                if let Err(e) = store::delete(&mut LocalStorage, &id) { banner.set(Some(e.to_string())); }
                                confirm_delete.set(None);
                                version.update(|v| *v += 1);
                            }>"Delete"</button>
                        </div>
                </super::dialog::Modal>
            })}
            {move || renaming.get().map(|(id, name)| {
                let text = RwSignal::new(name);
                view! {
                    <super::dialog::Modal title="Rename campaign".to_string() on_close=Callback::new(move |_| renaming.set(None)) testid="rename-dialog">
                        <form on:submit=move |ev| {
                            ev.prevent_default();
                            let t = text.get_untracked();
                            if t.trim().is_empty() { return; }
                            if let Err(e) = store::rename(&mut LocalStorage, &id, &t, platform::now()) { banner.set(Some(e.to_string())); }
                            renaming.set(None);
                            version.update(|v| *v += 1);
                        }>
                            <label class="field">"New name"
                            <input type="text" class="wide" data-testid="rename-input" prop:value=move || text.get() on:input=move |ev| text.set(event_target_value(&ev))/>
                            </label>
                            <div class="actions">
                                <button class="btn big" type="button" on:click=move |_| renaming.set(None)>"Cancel"</button>
                                <button class="btn big primary" type="submit">"Rename"</button>
                            </div>
                        </form>
                    </super::dialog::Modal>
                }
            })}
        </section>
    }
}
