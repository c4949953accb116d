//! The campaign screen as drawn: one function for every system, fed by `campaign_screen`
//! (`campaign.rs`) with what one system's campaign shows, as signals and callbacks. Drawn
//! from a system's own types it was compiled once per system (issue 32).

use super::dice::ShownRoll;
use super::log::CampaignLog;
use super::route::{Screen, Tab};
use super::Nav;
use crate::engine::{HistoryLine, Seat};
use crate::share::Meta;
use leptos::prelude::*;

/// What the campaign screen shows of one system's campaign, as signals and callbacks: the
/// screen itself (`screen`) is then compiled once, not once per system (issue 32).
pub struct Parts {
    pub meta: RwSignal<Meta>,
    pub tab: Signal<Tab>,
    pub not_started: Memo<bool>,
    pub can_undo: Memo<bool>,
    pub can_redo: Memo<bool>,
    pub status: Memo<String>,
    pub history: Signal<Vec<HistoryLine>>,
    pub last_line: Memo<Option<String>>,
    pub undo_label: Memo<String>,
    pub back_to: Callback<usize>,
    pub undo: Callback<()>,
    pub redo: Callback<()>,
    /// The roll to show large, if the reader may see it.
    pub roll: Signal<Option<ShownRoll>>,
    pub shown: RwSignal<Option<ShownRoll>>,
    pub announce: RwSignal<String>,
    pub later: super::Later,
    pub fold: Option<(&'static str, Signal<String>)>,
    pub header: fn() -> AnyView,
    pub play: fn() -> AnyView,
    pub forces: fn() -> AnyView,
    pub rules: fn() -> AnyView,
    pub holder_choice: fn(String) -> AnyView,
    pub share_tab: Callback<String, AnyView>,
    pub seat_names: Callback<(), Vec<(Seat, String)>>,
    pub export: Callback<()>,
    pub confirm_undo: super::pin::Confirm,
}

pub fn screen(p: Parts) -> AnyView {
    let nav = expect_context::<Nav>();
    let Parts { meta, tab, not_started, can_undo, can_redo, status, history, last_line, undo_label, .. } = p;
    let Parts { back_to, undo, redo, roll, shown, announce, later, fold, header, play, forces, rules, .. } = p;
    let Parts { holder_choice, share_tab, seat_names, export, confirm_undo, .. } = p;
    let id = meta.get_untracked().id;
    let edit_href = format!("#/edit/{id}");
    let holder_id = id.clone();
    let tabs = Tab::ALL
        .into_iter()
        .map(|t| {
            let id = id.clone();
            view! {
                <a class="tab" class:active=move || t == tab.get() aria-current=move || (t == tab.get()).then_some("page") href=format!("#{}", Screen::Campaign { id: id.clone(), tab: t }.to_hash())
                    data-testid=format!("tab-{}", t.slug())>{t.label()}</a>
            }
        })
        .collect_view();

    // On a phone the header (clock, map) folds to a button beside the status line.
    let unfolded = RwSignal::new(false);

    view! {
        <section class="page campaign" data-testid="campaign">
            // On a phone undo and redo sit in the top bar's row as arrows (their words kept for
            // screen readers), and the title has the width to itself.
            <div class="campaign-head">
                <h1 data-testid="campaign-title">{move || meta.get().name}</h1>
                <div class="undo-redo">
                    {move || not_started.get().then(|| view! {
                        <a class="btn" data-testid="edit-setup" href=edit_href.clone()>"Edit setup"</a>
                    })}
                    <button class="btn" data-testid="undo" disabled=move || !can_undo.get() title=move || undo_label.get()
                        on:click=move |_| undo.run(())>
                        <span class="arrow" aria-hidden="true">"\u{21B6}"</span><span class="btn-word">" Undo"</span>
                    </button>
                    <button class="btn" data-testid="redo" disabled=move || !can_redo.get()
                        on:click=move |_| redo.run(())>
                        <span class="btn-word">"Redo "</span><span class="arrow" aria-hidden="true">"\u{21B7}"</span>
                    </button>
                </div>
                <div class="head-line">
                    <p class="status" data-testid="status">{move || status.get()}</p>
                    {fold.map(|(what, line)| view! {
                        <button class="btn fold-toggle" data-testid="header-toggle" aria-controls="campaign-header"
                            aria-expanded=move || unfolded.get().to_string() on:click=move |_| unfolded.update(|v| *v = !*v)>
                            <span class="visually-hidden">{format!("{what}: ")}</span><span>{move || line.get()}</span><span class="fold-mark" aria-hidden="true">{move || if unfolded.get() { "\u{25B4}" } else { "\u{25BE}" }}</span>
                        </button>
                    })}
                </div>
            </div>
            <p class="visually-hidden" aria-live="polite" data-testid="announce">{move || announce.get()}</p>
            <div id="campaign-header" class="campaign-header" class:folds=fold.is_some() class:unfolded=move || unfolded.get()>
                {move || later.header.get().then(|| untrack(header))}
            </div>
            <nav class="tabs" aria-label="Campaign">{tabs}</nav>
            // The tab's content, in a task after the header when the screen is first drawn.
            {move || later.content.get().then(|| match tab.get() {
                Tab::Play => view! {
                    <div class="play">
                        {move || match roll.get() {
                            Some(s) => view! {
                                <super::dice::RollResult shown=s last=last_line on_done=Callback::new(move |_| shown.set(None))/>
                            }.into_any(),
                            None => last_line.get().is_some().then(|| view! {
                                <super::dice::LastLine last=last_line long=super::dice::LAST_LINE_LONG/>
                            }).into_any(),
                        }}
                        <div class="play-main">{play()}</div>
                    </div>
                }.into_any(),
                Tab::Forces => forces(),
                Tab::Log => view! {
                    {holder_choice(holder_id.clone())}
                    <CampaignLog lines=history on_back_to=back_to seat_names=seat_names.run(())/>
                }.into_any(),
                Tab::Share => share_tab.run(holder_id.clone()),
                Tab::Rules => rules(),
            })}
            <Show when=move || tab.get() != Tab::Share>
                <div class="actions">
                    <button class="btn" data-testid="export-campaign" on:click=move |_| export.run(())>"Save to a file"</button>
                </div>
            </Show>
            <super::pin::PinPrompt/>
            {super::pin::undo_confirm(confirm_undo)}
            <p class="footer-links"><a href="#/" on:click=move |ev| { ev.prevent_default(); nav.go(Screen::List); }>"All campaigns"</a></p>
        </section>
    }
    .into_any()
}
