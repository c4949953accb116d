//! The one place in the UI that maps a system to its screens: the setup wizard, the setup
//! form of an unplayed campaign, the rules reference, the campaign screen, a kept seat copy and
//! a fresh sample. A system's screens are its `SystemUi` (ui/campaign.rs); the UI's list of
//! systems (`systems_ui!` in ui/mod.rs, one line each) declares each system's UI module and
//! generates the dispatch below (`by_system`): a system missing from it is a compile error.
//!
//! Code splitting (issue 12, only with the cargo feature `split` and the build of
//! scripts/build-split.sh): each system's screens are one split point (`by_system::chunks`),
//! so every screen of one system goes into that system's wasm chunk, fetched the first time one
//! of them opens. The setup screens of every system (wizard, setup form, and the list's rules
//! page) are one split point of their own (`setup_chunk`): a seat's phone opening its link
//! fetches its system's chunk only, without the wizards (Battlefront's 49 KiB lighter, issue
//! 30). A campaign's Rules tab draws the reference from the system's chunk. The split point is
//! `wasm_split` with its `fallible` option, which is what Leptos's `#[lazy]` expands to under
//! `csr` plus that option: a chunk that cannot be fetched is
//! a message on the page and a retry on the next open, not a panic (which would abort the whole
//! app). A build with the feature that skips the splitter has dangling `__wasm_split` imports
//! and does not start: `trunk build` and `trunk serve` never get the feature.

use super::campaign::SystemUi;
use super::failure::Failure;
#[cfg(feature = "split")]
use super::waiting::lazily;
use super::waiting::{Deferred, Waiting};
use super::{opening, platform, route, share, transfer};
use crate::systems::SystemId;
use leptos::prelude::*;

/// The UI's list of systems: `Variant: rules_module::Rules => ui_module;` for each, in the
/// order of `systems!`. Declares each UI module and generates `by_system`, the one switch from
/// a `SystemId` to that system's screens (`made`), through its chunk under `split`.
macro_rules! systems_ui {
    ($($(#[$attr:meta])* $variant:ident: $module:ident::$rules:ident => $ui:ident;)*) => {
        $($(#[$attr])* pub mod $ui;)*

        /// Each system's screens, generated from the list above (see `registry`).
        pub mod by_system {
            #[allow(unused_imports)]
            use super::registry::{made, Made, Want};
            use crate::systems::SystemId;

            /// What `want` asks of `system`, at once (a build without chunks).
            #[cfg(not(feature = "split"))]
            pub fn now(system: SystemId, want: Want) -> Made {
                match system {
                    $($(#[$attr])* SystemId::$variant => made::<crate::systems::$module::$rules>(want),)*
                }
            }

            /// What `want` asks of `system`, once its chunk is fetched.
            #[cfg(feature = "split")]
            pub async fn load(system: SystemId, want: Want) -> Result<Made, leptos::wasm_split::SplitLoaderError> {
                let made = match system {
                    $($(#[$attr])* SystemId::$variant => chunks::$module(want).await,)*
                };
                if made.is_ok() {
                    super::registry::mark_loaded(system);
                }
                made
            }

            /// `system`'s setup screens (`registry::setup_screen`): under `split`, run by the one
            /// split point that holds every system's (`setup_chunk`), not by the system's own.
            pub fn setup(system: SystemId, want: super::registry::Setup) -> leptos::prelude::AnyView {
                match system {
                    $($(#[$attr])* SystemId::$variant => super::registry::setup_made::<crate::systems::$module::$rules>(want),)*
                }
            }

            /// Runs `v` for `system`'s screens (component tests over every system; nothing in the
            /// app calls it, so no build carries it).
            pub fn visit<V: super::registry::VisitUi>(system: SystemId, v: V) -> V::Out {
                match system {
                    $($(#[$attr])* SystemId::$variant => v.visit::<crate::systems::$module::$rules>(),)*
                }
            }

            #[cfg(feature = "split")]
            mod chunks {
                use super::{made, Made, Want};
                use leptos::wasm_split::SplitLoaderError;
                $(
                    $(#[$attr])*
                    #[leptos::wasm_split::wasm_split($module, wasm_split_path = ::leptos::wasm_split, fallible)]
                    pub fn $module(want: Want) -> Result<Made, SplitLoaderError> {
                        Ok(made::<crate::systems::$module::$rules>(want))
                    }
                )*
            }
        }
    };
}
pub(crate) use systems_ui;

/// Code generic over a system's screens, run for one chosen at run time (`by_system::visit`).
pub trait VisitUi {
    type Out;
    fn visit<S: SystemUi>(self) -> Self::Out;
}

/// What is asked of a system's setup screens.
pub enum Setup {
    /// The setup wizard of a new campaign.
    New,
    /// The setup form of a stored campaign that has no history yet.
    Edit(String),
    /// The rules reference.
    Rules,
}

/// What is asked of a system's chunk.
pub enum Want {
    /// A stored campaign's screen, on a tab.
    Screen(String, Signal<route::Tab>),
    /// A seat copy kept on this device (seat key, campaign id).
    Copy(String, String),
    /// A fresh copy of the sample, stored: its id.
    Sample,
    /// A seat link following a copy (`fd6.`, the page's address): read and kept.
    Follow(String),
}

#[cfg(feature = "split")]
thread_local! {
    /// The systems whose chunk has been fetched and run on this page.
    static LOADED: std::cell::RefCell<Vec<SystemId>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Marks `system`'s chunk as fetched and run on this page (`by_system::load`).
#[cfg(feature = "split")]
pub fn mark_loaded(system: SystemId) {
    LOADED.with_borrow_mut(|loaded| {
        if !loaded.contains(&system) {
            loaded.push(system);
        }
    });
}

/// Whether `system`'s chunk has been fetched and run on this page.
#[cfg(feature = "split")]
fn is_loaded(system: SystemId) -> bool {
    LOADED.with_borrow(|loaded| loaded.contains(&system))
}

/// What a system's chunk gives back.
pub enum Made {
    Screen(Deferred),
    Sample(Result<String, Failure>),
    Taken(transfer::Taken),
}

/// What `want` asks of system `S`: the body of each system's split point (setup: `setup_made`).
pub fn made<S: SystemUi>(want: Want) -> Made {
    let screen = |view: AnyView| Made::Screen(view.into());
    match want {
        Want::Screen(id, tab) => Made::Screen(opening::stored::<S>(id, tab)),
        Want::Copy(seat, id) => screen(opening::seat_copy::<S>(seat, id)),
        Want::Sample => Made::Sample(opening::sample::<S>(S::INFO.sample_name, S::sample())),
        Want::Follow(hash) => Made::Taken(opening::follow_in::<S>(&hash).said()),
    }
}

/// What `want` asks of system `S`'s setup screens: the body of the setup split point.
pub fn setup_made<S: SystemUi>(want: Setup) -> AnyView {
    match want {
        Setup::New => S::wizard(None),
        Setup::Edit(id) => S::wizard(Some(id)),
        Setup::Rules => S::reference(),
    }
}

/// A system's setup screen: at once without chunks; with them, a view that waits for the setup
/// chunk (every system's wizard, setup form and rules reference) and then shows the screen.
fn setup_screen(system: SystemId, want: Setup) -> AnyView {
    #[cfg(not(feature = "split"))]
    {
        super::by_system::setup(system, want)
    }
    #[cfg(feature = "split")]
    lazily(Waiting::Screens, false, async move { setup_chunk::setup(system, want).await.map(Deferred::from) })
}

/// A system's screen: at once without chunks; with them, a view that waits for the chunk and
/// then shows the screen.
fn screen(system: SystemId, waiting: Waiting, want: Want) -> AnyView {
    #[cfg(not(feature = "split"))]
    {
        let _ = waiting;
        match super::by_system::now(system, want) {
            Made::Screen(made) => made.make(),
            Made::Sample(_) | Made::Taken(_) => ().into_any(),
        }
    }
    #[cfg(feature = "split")]
    lazily(waiting, is_loaded(system), async move {
        super::by_system::load(system, want).await.map(|made| match made {
            Made::Screen(made) => made,
            Made::Sample(_) | Made::Taken(_) => Deferred::new(|| ().into_any()),
        })
    })
}

/// Each call once: `chunk: fn name(args) -> T { body }`. `calls::name` is async and returns
/// `Result<T, Unloaded>`: without `split` it runs the body at once; with it, the body is a
/// split point in chunk `chunk`, and `Unloaded` says its code could not be fetched.
macro_rules! calls {
    ($($chunk:ident: fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty $body:block)*) => {
        #[cfg(not(feature = "split"))]
        mod calls {
            #[allow(unused_imports)]
            use super::*;
            $(pub async fn $name($($arg: $ty),*) -> Result<$ret, Unloaded> { Ok($body) })*
        }

        #[cfg(feature = "split")]
        mod calls {
            #[allow(unused_imports)]
            use super::*;
            $(pub async fn $name($($arg: $ty),*) -> Result<$ret, Unloaded> {
                // Marked as a screen's chunk is: the precache waits for it (a seat link on a
                // phone's slow link otherwise shared it with the whole build's download).
                platform::chunk_loading(true);
                let done = chunked::$name($($arg),*).await.map_err(|_| Unloaded);
                platform::chunk_loading(false);
                done
            })*
        }

        #[cfg(feature = "split")]
        mod chunked {
            #[allow(unused_imports)]
            use super::*;
            use leptos::wasm_split::SplitLoaderError;
            $(
                #[leptos::wasm_split::wasm_split($chunk, wasm_split_path = ::leptos::wasm_split, fallible)]
                pub fn $name($($arg: $ty),*) -> Result<$ret, SplitLoaderError> {
                    let value: $ret = $body;
                    Ok(value)
                }
            )*
        }
    };
}

calls! {
    // What reads any system's campaigns at once (links, files, backups, documents stored before
    // summaries): a chunk of its own, fetched only when one of these happens.
    // Their failures are worded in the chunk (`Failure::said`), so their words load with it.
    transfer: fn take_in(from: transfer::Source) -> transfer::Taken { transfer::take_in(from).said() }
    transfer: fn import(item: transfer::Incoming) -> Result<String, Failure> { transfer::import(item).map_err(Failure::said) }
    transfer: fn make_link(sent: share::Sent) -> Result<share::Made, Failure> { share::make(&sent).map_err(Failure::said) }
    transfer: fn fill_summaries() -> usize { crate::store::fill_summaries(&mut platform::LocalStorage).unwrap_or(0) }
}

/// The setup form of a system.
pub fn new_campaign(system: SystemId) -> AnyView {
    setup_screen(system, Setup::New)
}

/// The setup form of a stored campaign of `system` that has no history yet.
pub fn edit_setup(system: SystemId, id: String) -> AnyView {
    setup_screen(system, Setup::Edit(id))
}

/// The rules reference of a system.
pub fn rules_reference(system: SystemId) -> AnyView {
    setup_screen(system, Setup::Rules)
}

/// A stored campaign's screen, its system read from `summary`, which the page shows (the
/// campaign's name, where it stands, its last step) while that system's code is fetched.
pub fn campaign_screen(
    summary: crate::store::Summary,
    glimpse: Option<crate::store::Glimpse>,
    tab: Signal<route::Tab>,
) -> AnyView {
    let (system, id) = (summary.system, summary.meta.id.clone());
    screen(system, Waiting::Campaign(summary, glimpse), Want::Screen(id, tab))
}

/// A seat copy kept on this device, drawn by its system's components.
pub fn seat_copy_screen(system: SystemId, seat: String, id: String) -> AnyView {
    screen(system, Waiting::Screens, Want::Copy(seat, id))
}

/// Stores a fresh copy of a system's sample and returns its id.
pub async fn start_sample(system: SystemId) -> Result<String, Failure> {
    #[cfg(not(feature = "split"))]
    let made = Ok::<_, Unloaded>(super::by_system::now(system, Want::Sample));
    #[cfg(feature = "split")]
    let made = super::by_system::load(system, Want::Sample).await.map_err(|_| Unloaded);
    match made {
        Ok(Made::Sample(made)) => made,
        Ok(Made::Screen(_) | Made::Taken(_)) => Err(Failure::NotASample),
        Err(Unloaded) => Err(Failure::Unloaded),
    }
}

/// Reads a link or a file that came in (`transfer::take_in`, in its own chunk). A seat link
/// following a copy (`fd6.`) is read by its own system's chunk instead (`opening::follow_in`):
/// a phone opening its seat link fetches that system's code alone (issue 30).
pub async fn take_in(from: transfer::Source) -> transfer::Taken {
    if let transfer::Source::Link(hash) = &from {
        if let Some(system) = crate::share::link::follow_system(hash) {
            return follow_in(system, hash.clone()).await;
        }
    }
    calls::take_in(from).await.unwrap_or(transfer::Taken::Failed(Failure::Unloaded))
}

/// A following seat link read by `system`'s chunk.
async fn follow_in(system: SystemId, hash: String) -> transfer::Taken {
    #[cfg(not(feature = "split"))]
    let made = Ok::<_, Unloaded>(super::by_system::now(system, Want::Follow(hash)));
    #[cfg(feature = "split")]
    let made = {
        // Marked as a screen's chunk is: the precache waits for it.
        platform::chunk_loading(true);
        let made = super::by_system::load(system, Want::Follow(hash)).await.map_err(|_| Unloaded);
        platform::chunk_loading(false);
        made
    };
    match made {
        Ok(Made::Taken(taken)) => taken,
        Ok(_) | Err(Unloaded) => transfer::Taken::Failed(Failure::Unloaded),
    }
}

/// Imports a reviewed campaign (`transfer::import`, in its own chunk).
pub async fn import(item: transfer::Incoming) -> Result<String, Failure> {
    calls::import(item).await.unwrap_or(Err(Failure::Unloaded))
}

/// The link and QR code of what a share panel sends (`share::make`, in the transfer chunk).
pub async fn make_link(sent: share::Sent) -> Result<share::Made, Failure> {
    calls::make_link(sent).await.unwrap_or(Err(Failure::Unloaded))
}

/// Gives every campaign stored before summaries its summary; how many were given one.
pub async fn fill_summaries() -> usize {
    calls::fill_summaries().await.unwrap_or(0)
}

/// The in-app QR scanner's screen (`ui/scanner.rs`) with its camera code and decoder (quircs):
/// the chunk `scan`, fetched the first time it opens. `back`: the campaign whose Share tab opened it.
pub fn scanner(back: Option<String>) -> AnyView {
    #[cfg(not(feature = "split"))]
    {
        super::scanner::view(back)
    }
    #[cfg(feature = "split")]
    lazily(Waiting::Scanner, false, async move { scan_chunk::scanner(back).await.map(Deferred::from) })
}

/// The review of campaigns that came in (`transfer::ImportReview`): drawn by the transfer
/// chunk, which read them, so the page's own files do not carry it.
pub fn import_review(items: Vec<transfer::Incoming>, errors: Vec<Failure>, on_close: Callback<()>) -> AnyView {
    #[cfg(not(feature = "split"))]
    {
        transfer::review_view(items, errors, on_close)
    }
    #[cfg(feature = "split")]
    lazily(
        Waiting::Review,
        false,
        async move { review_chunk::review(items, errors, on_close).await.map(Deferred::from) },
    )
}

#[cfg(feature = "split")]
mod setup_chunk {
    use super::{Setup, SystemId};
    use leptos::prelude::AnyView;
    use leptos::wasm_split::SplitLoaderError;
    #[leptos::wasm_split::wasm_split(setup, wasm_split_path = ::leptos::wasm_split, fallible)]
    pub fn setup(system: SystemId, want: Setup) -> Result<AnyView, SplitLoaderError> {
        Ok(super::super::by_system::setup(system, want))
    }
}

#[cfg(feature = "split")]
mod review_chunk {
    use super::{transfer, Failure};
    use leptos::prelude::{AnyView, Callback};
    use leptos::wasm_split::SplitLoaderError;
    #[leptos::wasm_split::wasm_split(transfer, wasm_split_path = ::leptos::wasm_split, fallible)]
    pub fn review(
        items: Vec<transfer::Incoming>,
        errors: Vec<Failure>,
        on_close: Callback<()>,
    ) -> Result<AnyView, SplitLoaderError> {
        Ok(transfer::review_view(items, errors, on_close))
    }
}

#[cfg(feature = "split")]
mod scan_chunk {
    use leptos::prelude::AnyView;
    use leptos::wasm_split::SplitLoaderError;
    #[leptos::wasm_split::wasm_split(scan, wasm_split_path = ::leptos::wasm_split, fallible)]
    pub fn scanner(back: Option<String>) -> Result<AnyView, SplitLoaderError> {
        Ok(crate::ui::scanner::view(back))
    }
}

/// A chunk's code could not be fetched.
#[derive(Clone, Copy, Debug)]
pub struct Unloaded;
