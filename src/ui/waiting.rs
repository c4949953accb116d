//! A screen from a chunk (the split build): what the page shows while the chunk is fetched
//! (`Waiting`), then the screen made and drawn in steps (`lazily`), as `Deferred` hands it over.
//! `registry.rs` decides which chunk; this file, how its screen arrives.

#[cfg(feature = "split")]
use super::platform;
use leptos::prelude::*;

/// What the page shows while a system's code is fetched (the split build only; elsewhere the
/// screen is there at once).
#[derive(Clone, Debug)]
pub enum Waiting {
    /// A line saying so.
    Screens,
    /// The same, for the QR scanner.
    Scanner,
    /// The same, for the review of what came in (a link or a file), in the transfer chunk.
    Review,
    /// A stored campaign's head, from its stored summary: on a slow link the players see at
    /// once which campaign is opening and where it stands; and the step its screen last showed
    /// on this device, drawn as that screen draws it (so the screen that follows, drawn in its
    /// place, adds nothing larger: the page's largest text is painted with the main module).
    Campaign(crate::store::Summary, Option<crate::store::Glimpse>),
}

#[cfg(feature = "split")]
impl Waiting {
    fn view(&self) -> AnyView {
        match self {
            Waiting::Screens | Waiting::Scanner | Waiting::Review => {
                let line = match self {
                    Waiting::Scanner => "Opening the scanner…",
                    Waiting::Review => "Reading what came in…",
                    _ => "Loading this system's screens…",
                };
                view! { <p class="page" role="status" data-testid="chunk-loading">{line}</p> }.into_any()
            }
            Waiting::Campaign(s, glimpse) => view! {
                <section class="page campaign waiting" data-testid="campaign-waiting">
                    <div class="campaign-head">
                        <h1>{s.meta.name.clone()}</h1>
                        <div class="head-line"><p class="status">{s.status.clone()}</p></div>
                    </div>
                    <p class="waiting-line" role="status" data-testid="chunk-loading">
                        {format!("Opening this {} campaign: its screens are on their way…", s.system.name())}
                    </p>
                    {s.last.clone().map(|last| view! {
                        <div class="last-line"><p class="last-step"><span>"Last: "</span>{last}</p></div>
                    })}
                    {(!s.players.is_empty()).then(|| view! { <p class="c-players">{crate::share::players_line(&s.players)}</p> })}
                    // The paragraphs as two optional ones (`Glimpse::MAX_PARAS`): a list of them
                    // would be a view type of its own in the shell, about 900 bytes gzip of it.
                    {glimpse.clone().map(|g| view! {
                        <div class="play" data-testid="campaign-glimpse">
                            <div class="play-main">
                                <div class="phase">
                                    <div class="phase-title-row"><h2 class="phase-title">{g.title.clone()}</h2></div>
                                    {para(&g, 0)}
                                    {para(&g, 1)}
                                </div>
                            </div>
                        </div>
                    })}
                </section>
            }
            .into_any(),
        }
    }
}

/// A glimpse's paragraph `i`, drawn as its screen draws it.
#[cfg(feature = "split")]
fn para(g: &crate::store::Glimpse, i: usize) -> Option<impl IntoView> {
    g.paras.get(i).map(|(kind, text)| view! { <p class=kind.class()>{text.clone()}</p> })
}

/// A screen from a chunk: "Loading" while it is fetched, then the screen, or what went wrong.
///
/// Not `Suspense`/`Suspend`: a screen built inside `Suspend` was used after its disposal when
/// the page changed (e2e axis_of_attack_wizard: "edit before play"). Here the screen is built,
/// once its chunk has arrived, under the owner of the page that asked for it (so it is cleaned up
/// with that page, and a fetch still under way when the page changes is cancelled) and untracked
/// (reading signals while it is built never re-runs the page).
#[cfg(feature = "split")]
pub(super) fn lazily(
    waiting: Waiting,
    here: bool,
    loading: impl std::future::Future<Output = Result<Deferred, leptos::wasm_split::SplitLoaderError>> + 'static,
) -> AnyView {
    // One body for every screen: only the boxing is made once per system.
    waiting_for(waiting, here, Box::pin(loading))
}

#[cfg(feature = "split")]
type Loading =
    std::pin::Pin<Box<dyn std::future::Future<Output = Result<Deferred, leptos::wasm_split::SplitLoaderError>>>>;

/// A screen whose reading is done (a stored campaign decoded and replayed, in the chunk's call)
/// and whose making is left to the caller: with chunks, the task after the call, so that
/// neither makes one long task.
pub struct Deferred(Box<dyn FnOnce() -> AnyView>);

impl Deferred {
    pub fn new(make: impl FnOnce() -> AnyView + 'static) -> Self {
        Deferred(Box::new(make))
    }
    pub(super) fn make(self) -> AnyView {
        (self.0)()
    }
}

impl From<AnyView> for Deferred {
    fn from(view: AnyView) -> Self {
        Deferred::new(move || view)
    }
}

/// The screen under an owner of its own, a child of the page's, for what it provides
/// (`super::Later`, and the screen's own contexts in the chunk), made and drawn under it: an owner
/// keeps its contexts when it is cleaned up, and the page's is used again by the next page, which
/// must not find them. The drawn view holds it.
#[cfg(feature = "split")]
fn waiting_for(waiting: Waiting, here: bool, loading: Loading) -> AnyView {
    let owner = Owner::new();
    let view = owner.with(|| in_steps(waiting, here, loading));
    leptos::tachys::reactive_graph::OwnedView::new_with_owner(view, owner).into_any()
}

#[cfg(feature = "split")]
fn in_steps(waiting: Waiting, here: bool, loading: Loading) -> AnyView {
    #[derive(Clone, Copy, PartialEq)]
    enum Chunk {
        Loading,
        Ready,
        Failed,
    }
    let state = RwSignal::new(Chunk::Loading);
    let what = match waiting {
        Waiting::Scanner => "The scanner",
        Waiting::Review => "The import review",
        _ => "This system's screens",
    };
    let screen = StoredValue::new_local(None::<AnyView>);
    // The screen's frame, its header and its tab's content (`super::Later`) drawn in steps,
    // then the whole shown in place of the waiting view.
    let (header, content, below) = (RwSignal::new(false), RwSignal::new(false), RwSignal::new(false));
    provide_context(super::Later { header: header.into(), content: content.into(), below: below.into() });
    let shown = RwSignal::new(false);
    platform::chunk_loading(true);
    untrack(|| {
        leptos::task::spawn_local_scoped_with_cancellation(async move {
            // Reading the campaign (in the chunk's call), making its screen and drawing it: a
            // task each where the chunk had to be fetched (short tasks, not one long one); not
            // where it is here already (a seat link's copy: each step's layout cost a phone
            // 20-45 ms before the copy showed).
            let step = move || async move {
                if !here {
                    platform::next_task().await;
                }
            };
            // The waiting view is painted first; then the chunk's requests start. Not when the
            // chunk is here already (`here`: a seat link's copy, kept by its system's chunk, is
            // drawn next; painting the waiting view first cost a phone 40-60 ms).
            if !here {
                platform::after_paint().await;
            }
            let loaded = loading.await;
            step().await;
            match loaded {
                Ok(made) => {
                    let view = made.make();
                    step().await;
                    screen.set_value(Some(view));
                    state.set(Chunk::Ready);
                    step().await;
                    header.set(true);
                    step().await;
                    content.set(true);
                    step().await;
                }
                Err(_) => state.set(Chunk::Failed),
            }
            shown.set(true);
            platform::chunk_loading(false);
            // What lies below the first screen, once that is on the screen (a phone opening a
            // seat link sees its copy's top about 100 ms sooner).
            platform::after_paint().await;
            below.set(true);
        })
    });
    let screen = move || {
        match state.get() {
        Chunk::Loading => ().into_any(),
        Chunk::Ready => screen.try_update_value(Option::take).flatten().unwrap_or_else(|| ().into_any()),
        Chunk::Failed => view! {
            <section class="page" role="alert" data-testid="chunk-error">
                <h1>{what}" could not be loaded"</h1>
                <p>"Field Desk fetches these screens the first time they open, and the network did not answer. Nothing is lost: reconnect and open them again."</p>
                <a class="btn" href="#/">"Back to the campaign list"</a>
            </section>
        }
        .into_any(),
    }
    };
    view! {
        {move || if shown.get() { ().into_any() } else { waiting.view() }}
        <div class="drawn" style:display=move || if shown.get() { "contents" } else { "none" }>{screen}</div>
    }
    .into_any()
}
