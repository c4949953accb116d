//! The Leptos app: a hash-routed shell over the campaign list, the new-campaign wizard,
//! the campaign screen of each system, and the rules reference. Components render state and
//! dispatch decisions; every rule lives in `systems/`.

pub mod camera;
pub mod campaign;
pub mod campaign_view;
pub mod copy_view;
pub mod dialog;
pub mod dice;
pub mod draft;
pub mod failure;
pub mod handover;
pub mod list;
pub mod log;
pub mod opening;
pub mod pin;
pub mod platform;
pub mod reactive;
pub mod registry;
pub mod route;
pub mod scanner;
pub mod share;
pub mod sharetab;
pub mod transfer;
pub mod viewer;
pub mod waiting;
pub mod widgets;

// The UI's list of systems: each system's screens (its `SystemUi`) live in the module named here.
registry::systems_ui! {
    RaceForX: race_for_x::RaceForX => rfx;
    CrossfireScouting: crossfire_scouting::CrossfireScouting => scouting;
    AxisOfAttack: axis_of_attack::AxisOfAttack => aoa;
    RapierOffensive: rapier_offensive::RapierOffensive => rapier;
    Bfww2Campaign: bfww2_campaign::Bfww2Campaign => bfww2;
    // The test suites' example system, in a browser build only with the feature.
    #[cfg(feature = "example-system")]
    DiceDuel: dice_duel::DiceDuel => duel;
}

use crate::ui::reactive::memo;
use leptos::prelude::*;
use route::Screen;

/// Mounts the app on the page's body, in a task after the one that instantiated the module: the
/// first screen is drawn over several short tasks rather than one long one (`App`).
pub fn mount() {
    // Development builds say where a panic happened; the release build leaves the hook and its
    // formatting code out of the first visit's download (a panic is still a trap the page reports).
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
    set_timeout(|| leptos::mount::mount_to_body(App), std::time::Duration::ZERO);
}

/// Which parts of a system's screen may be drawn yet: when it is first drawn
/// (`registry::in_steps`), its frame comes in one task, its header (a map, a clock) in the next
/// and its tab's content in the one after, so that no task is long; what lies below the first
/// screen (a seat copy's forces and log) once the rest has been shown and painted. Wherever
/// nothing provides it (a build without chunks, component tests) all are drawn at once.
#[derive(Clone, Copy)]
pub struct Later {
    pub header: Signal<bool>,
    pub content: Signal<bool>,
    pub below: Signal<bool>,
}

impl Later {
    /// Read where a component is created; read its signals where its parts are drawn.
    pub fn here() -> Later {
        use_context::<Later>().unwrap_or(Later {
            header: Signal::stored(true),
            content: Signal::stored(true),
            below: Signal::stored(true),
        })
    }
}

/// The current screen, read from and written to the location hash.
#[derive(Clone, Copy)]
pub struct Nav(pub RwSignal<Screen>);

impl Nav {
    pub fn go(&self, s: Screen) {
        platform::set_hash(&s.to_hash());
        self.0.set(s);
    }
}

/// A message across the top of the page, for what went wrong (saving failures, imports).
#[derive(Clone, Copy)]
pub struct Banner(pub RwSignal<Option<String>>);

/// A message across the top of the page for news that is not a problem (a seat's view kept),
/// in calm colours and announced politely, so it is never mistaken for an error.
#[derive(Clone, Copy)]
pub struct Notice(pub RwSignal<Option<String>>);

#[component]
pub fn App() -> impl IntoView {
    let screen = RwSignal::new(Screen::parse(&platform::hash()));
    provide_context(Nav(screen));
    let banner = RwSignal::new(None::<String>);
    provide_context(Banner(banner));
    let notice = RwSignal::new(None::<String>);
    provide_context(Notice(notice));
    // A share link: review what it holds before anything is stored.
    let incoming = RwSignal::new(None::<(Vec<transfer::Incoming>, Vec<failure::Failure>)>);
    // Seat copies received so far: a newer copy of the view on screen redraws it.
    let received = RwSignal::new(0u32);
    // Reading a link needs the code that decodes every system's links: fetched for it.
    let check_link = move || {
        let hash = platform::hash();
        if !crate::share::link::is_link(&hash) {
            return;
        }
        leptos::task::spawn_local(async move {
            match registry::take_in(transfer::Source::Link(hash)).await {
                transfer::Taken::Seat(Ok((message, to))) => {
                    // One seat's view: kept read-only (a newer one replacing the older) and shown.
                    notice.set(Some(message));
                    platform::set_hash(&to.to_hash());
                    received.update(|n| *n += 1);
                }
                transfer::Taken::Seat(Err(e)) => {
                    banner.set(Some(e.to_string()));
                    platform::set_hash("/");
                }
                transfer::Taken::Reply(Ok((message, to))) => {
                    // The campaign it answers, drawn afresh with the reply's steps.
                    notice.set(Some(message));
                    received.update(|n| *n += 1);
                    platform::set_hash(&to.to_hash());
                }
                transfer::Taken::Reply(Err(e)) => {
                    banner.set(Some(e.to_string()));
                    platform::set_hash("/");
                }
                transfer::Taken::Review(items, errors) => incoming.set(Some((items, errors))),
                transfer::Taken::Failed(e) => banner.set(Some(e.to_string())),
            }
        });
    };
    check_link();
    let _ = window_event_listener(leptos::ev::hashchange, move |_| {
        check_link();
        let s = Screen::parse(&platform::hash());
        if screen.get_untracked() != s {
            screen.set(s);
        }
    });

    // The page is rebuilt only when it changes; a tab switch inside a campaign keeps the open
    // campaign (and anything not yet saved) in memory.
    let page = memo(move || match Page::of(&screen.get()) {
        Page::SeatCopy(seat, id, _) => Page::SeatCopy(seat, id, received.get()),
        Page::Campaign(id, _) => Page::Campaign(id, received.get()),
        page => page,
    });
    let tab = Signal::derive(move || match screen.get() {
        Screen::Campaign { tab, .. } => tab,
        _ => route::Tab::Play,
    });

    // The first screen in steps, a task each, so that none is long at a phone's speed (issue 12:
    // Lighthouse counts every task over 50 ms there as blocking): this frame now, the page in the
    // next task, then index.html's drawing gives way to the app's, hidden until then so that the
    // two are never seen together.
    let page_on = RwSignal::new(false);
    let shown = RwSignal::new(false);
    leptos::task::spawn_local(async move {
        platform::next_task().await;
        page_on.set(true);
        platform::next_task().await;
        shown.set(true);
        platform::first_screen_drawn();
    });

    view! {
        <main data-testid="app" class="app" style:display=move || (!shown.get()).then_some("none")>
            <header class="topbar">
                <a class="brand" href="#/" data-testid="home">"Field Desk"</a>
            </header>
            {move || banner.get().map(|msg| view! {
                <div class="banner" role="alert" data-testid="banner">
                    <span>{msg}</span>
                    <button class="btn small" on:click=move |_| banner.set(None)>"Dismiss"</button>
                </div>
            })}
            {move || notice.get().map(|msg| view! {
                <div class="notice" role="status" data-testid="notice">
                    <span>{msg}</span>
                    <button class="btn small" on:click=move |_| notice.set(None)>"Dismiss"</button>
                </div>
            })}
            {move || incoming.get().map(|(items, errors)| registry::import_review(items, errors, Callback::new(move |_| {
                incoming.set(None);
                // The link has done its work; the address goes back to the app's own.
                if crate::share::link::is_link(&platform::hash()) {
                    platform::set_hash("/");
                }
            })))}
            {move || if !page_on.get() { ().into_any() } else { match page.get() {
                Page::List => view! { <list::CampaignList/> }.into_any(),
                Page::New(system) => registry::new_campaign(system),
                Page::Campaign(id, _) => view! { <CampaignScreen id=id tab=tab/> }.into_any(),
                Page::Edit(id) => match crate::store::system_of(&platform::LocalStorage, &id) {
                    Ok(system) => registry::edit_setup(system, id),
                    Err(e) => load_failed(id, e),
                },
                Page::Rules(system) => registry::rules_reference(system),
                Page::SeatCopy(seat, id, _) => view! { <viewer::SeatCopyScreen seat=seat id=id/> }.into_any(),
                Page::Scan(back) => registry::scanner(back),
            }}}
        </main>
    }
}

/// On the first successful save, asks the browser to keep our storage, and records its answer.
pub fn ask_persistence_once(banner: RwSignal<Option<String>>) {
    use crate::store;
    if store::settings(&platform::LocalStorage).persisted.is_some() {
        return;
    }
    leptos::task::spawn_local(async move {
        if let Some(answer) = platform::request_persistence().await {
            let mut s = store::settings(&platform::LocalStorage);
            s.persisted = Some(answer);
            if let Err(e) = store::save_settings(&mut platform::LocalStorage, &s) {
                banner.set(Some(e.to_string()));
            }
        }
    });
}

/// A screen without the campaign tab: what decides whether the page is rebuilt.
#[derive(Clone, Debug, PartialEq)]
enum Page {
    List,
    New(crate::systems::SystemId),
    /// A campaign, and how many links had been received when drawn (a reply taken redraws it).
    Campaign(String, u32),
    Edit(String),
    Rules(crate::systems::SystemId),
    /// A seat copy's seat and campaign, and how many copies had been received when drawn.
    SeatCopy(String, String, u32),
    /// The QR scanner, and the campaign whose Share tab opened it.
    Scan(Option<String>),
}

impl Page {
    fn of(s: &Screen) -> Page {
        match s {
            Screen::List => Page::List,
            Screen::New(x) => Page::New(*x),
            Screen::Campaign { id, .. } => Page::Campaign(id.clone(), 0),
            Screen::Edit(id) => Page::Edit(id.clone()),
            Screen::Rules(x) => Page::Rules(*x),
            Screen::SeatCopy { seat, id } => Page::SeatCopy(seat.clone(), id.clone(), 0),
            Screen::Scan(back) => Page::Scan(back.clone()),
        }
    }
}

/// Opens a stored campaign by id: its system is read from the stored head, and that system's
/// code (fetched the first time) decodes, replays and shows it.
#[component]
fn CampaignScreen(id: String, tab: Signal<route::Tab>) -> impl IntoView {
    match crate::store::summary(&platform::LocalStorage, &id) {
        Ok(summary) => registry::campaign_screen(summary, crate::store::glimpse(&platform::LocalStorage, &id), tab),
        Err(e) => load_failed(id, e),
    }
}

/// Why a stored campaign cannot be opened, with its stored text to download.
pub fn load_failed(id: String, why: crate::store::StoreError) -> AnyView {
    use crate::store;
    let Banner(banner) = expect_context::<Banner>();
    view! {
        <section class="page">
            <h1>"This campaign cannot be opened"</h1>
            <p class="error" data-testid="load-error">{why.to_string()}</p>
            <p>"Its stored text is kept unchanged; download it to keep it safe or to send it for a look."</p>
            <button class="btn" data-testid="download-raw" on:click={
                let id = id.clone();
                move |_| match store::raw(&platform::LocalStorage, &id) {
                    Ok(Some(raw)) => {
                        if let Err(e) = platform::download(&format!("field-desk-{id}-raw.json"), "application/json", &raw) {
                            banner.set(Some(e.to_string()));
                        }
                    }
                    _ => banner.set(Some("Nothing is stored under this campaign.".into())),
                }
            }>"Download its stored text"</button>
            <a class="btn" href="#/">"Back to the campaign list"</a>
        </section>
    }
    .into_any()
}
