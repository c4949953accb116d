//! Race for X screens: the campaign screen with one component per phase, the map, rosters,
//! the setup wizard and the rules reference.

pub mod map;
pub mod phases;
pub mod reference;
pub mod roster;
pub mod wizard;

use super::dice::DiceChoice;
use super::log::CampaignLog;
use super::platform::{self, LocalStorage};
use super::route::{Screen, Tab};
use super::{Banner, Nav};
use crate::engine::{Campaign, DiceInput};
use crate::share::{Document, Meta};
use crate::store;
use crate::systems::race_for_x::{Decision, RaceForX, Setup, Side, State};
use crate::systems::AnyCampaign;
use leptos::prelude::*;

/// The open Race for X campaign, shared with the phase components.
#[derive(Clone, Copy)]
pub struct Rfx {
    pub campaign: RwSignal<Campaign<RaceForX>>,
    pub state: Memo<State>,
    pub setup: Signal<Setup>,
}

impl Rfx {
    /// Plays a decision; the message says why when the rules refuse it.
    pub fn decide(&self, decision: Decision, dice: DiceChoice) -> Result<(), String> {
        let mut result = Ok(());
        self.campaign.update_untracked(|c| {
            result = match dice {
                DiceChoice::App => c.decide(decision, DiceInput::App(&mut platform::random_u32)),
                DiceChoice::Typed(v) => c.decide(decision, DiceInput::Typed(v)),
            }
            .map_err(|e| e.to_string());
        });
        if result.is_ok() {
            self.campaign.notify();
        }
        result
    }
    pub fn name(&self, side: Side) -> String {
        self.setup.with(|s| s.players[side.index()].name.clone())
    }
    pub fn preview(&self, decision: Decision) -> Signal<Option<crate::engine::RollPreview>> {
        let (setup, state) = (self.setup, self.state);
        Signal::derive(move || state.with(|st| setup.with(|s| crate::systems::race_for_x::preview::preview(s, st, &decision))))
    }
}

#[component]
pub fn RfxCampaign(meta: Meta, campaign: Campaign<RaceForX>, tab: Signal<Tab>) -> impl IntoView {
    let Banner(banner) = expect_context::<Banner>();
    let nav = expect_context::<Nav>();
    let meta = RwSignal::new(meta);
    let campaign = RwSignal::new(campaign);
    let state = Memo::new(move |_| campaign.with(|c| c.state().clone()));
    let setup = Signal::derive(move || campaign.with(|c| c.setup().clone()));
    let rfx = Rfx { campaign, state, setup };
    provide_context(rfx);

    // Every change is saved at once; a failed save says so and keeps the game in memory.
    // A journal that arrived from another tab is already stored: `saved` skips it.
    let saved = StoredValue::new(campaign.with_untracked(|c| c.journal().len()));
    Effect::new(move |_| {
        let n = campaign.with(|c| c.journal().len());
        if n == saved.get_value() {
            return;
        }
        meta.update_untracked(|m| m.updated = platform::now());
        let doc = campaign.with_untracked(|c| Document::new(meta.get_untracked(), &AnyCampaign::RaceForX(c.clone())));
        match store::save_guarded(&mut LocalStorage, &doc) {
            Ok(()) => {
                saved.set_value(n);
                super::ask_persistence_once(banner);
            }
            Err(e) => banner.set(Some(e.to_string())),
        }
    });

    // Another tab changed this campaign: take its newer history.
    let key = store::key(&meta.get_untracked().id);
    let listener = window_event_listener(leptos::ev::storage, move |ev: web_sys::StorageEvent| {
        if ev.key().as_deref() != Some(key.as_str()) {
            return;
        }
        let id = meta.get_untracked().id;
        if let Ok((doc, AnyCampaign::RaceForX(c))) = store::load(&LocalStorage, &id) {
            let ours = campaign.with_untracked(|x| AnyCampaign::RaceForX(x.clone()).body());
            if doc.body.extends(&ours) && doc.body != ours {
                saved.set_value(c.journal().len());
                meta.set(doc.meta);
                campaign.set(c);
                banner.set(Some("This campaign was updated from another tab.".into()));
            }
        }
    });
    on_cleanup(move || listener.remove());

    let id = meta.get_untracked().id;
    let edit_href = format!("#/edit/{id}");
    let not_started = Memo::new(move |_| campaign.with(|c| c.journal().is_empty()));
    let can_undo = Memo::new(move |_| campaign.with(|c| c.can_undo()));
    let can_redo = Memo::new(move |_| campaign.with(|c| c.can_redo()));
    let history = Signal::derive(move || campaign.with(|c| c.history()));
    let last_line = Memo::new(move |_| {
        campaign.with(|c| c.history().into_iter().rev().find(|l| l.kind == crate::engine::HistoryKind::Decision && l.active).map(|l| l.text))
    });
    let back_to = Callback::new(move |step: usize| {
        campaign.update(|c| c.undo_to(step));
    });

    let tabs = Tab::ALL.into_iter().map(|t| {
        let id = id.clone();
        view! {
            <a class="tab" class:active=move || t == tab.get() href=format!("#{}", Screen::Campaign { id: id.clone(), tab: t }.to_hash())
                data-testid=format!("tab-{}", t.slug())>{t.label()}</a>
        }
    }).collect_view();

    view! {
        <section class="page campaign" data-testid="campaign">
            <div class="campaign-head">
                <div>
                    <h1 data-testid="campaign-title">{move || meta.get().name}</h1>
                    <p class="status" data-testid="status">{move || {
                        let st = state.get();
                        match st.outcome {
                            Some(_) => "Campaign over".to_string(),
                            None => format!("Turn {} \u{00B7} {}", st.turn, st.phase.name()),
                        }
                    }}</p>
                </div>
                <div class="undo-redo">
                    {move || not_started.get().then(|| view! {
                        <a class="btn" data-testid="edit-setup" href=edit_href.clone()>"Edit setup"</a>
                    })}
                    <button class="btn" data-testid="undo" disabled=move || !can_undo.get()
                        on:click=move |_| campaign.update(|c| { c.undo(); })>"\u{21B6} Undo"</button>
                    <button class="btn" data-testid="redo" disabled=move || !can_redo.get()
                        on:click=move |_| campaign.update(|c| { let _ = c.redo(); })>"Redo \u{21B7}"</button>
                </div>
            </div>
            <map::RouteMap/>
            <nav class="tabs">{tabs}</nav>
            {move || match tab.get() {
                Tab::Play => view! {
                    <div class="play">
                        {move || last_line.get().map(|t| view! { <p class="last-step" data-testid="last-step"><span>"Last: "</span>{t}</p> })}
                        <phases::PhaseView/>
                    </div>
                }.into_any(),
                Tab::Forces => view! { <roster::Rosters/> }.into_any(),
                Tab::Log => view! { <CampaignLog lines=history on_back_to=back_to/> }.into_any(),
                Tab::Share => {
                    // A link made between the two secret choices would carry the first one.
                    let secret_pending = move || state.with(|s| s.phase == crate::systems::race_for_x::Phase::ChooseActions && s.actions.iter().any(Option::is_some));
                    let doc = Signal::derive(move || campaign.with(|c| Document::new(meta.get(), &AnyCampaign::RaceForX(c.clone()))));
                    view! {
                        <Show when=move || !secret_pending() fallback=|| view! {
                            <p class="warning" data-testid="share-secret">"One player has already chosen an action in secret; a link now would carry that choice. Share after both have chosen."</p>
                        }>
                            <crate::ui::share::SharePanel doc=doc/>
                        </Show>
                    }.into_any()
                }
                Tab::Rules => view! { <reference::RulesReference/> }.into_any(),
            }}
            <div class="actions">
                <button class="btn" data-testid="export-campaign" on:click=move |_| {
                    let doc = campaign.with_untracked(|c| Document::new(meta.get_untracked(), &AnyCampaign::RaceForX(c.clone())));
                    if let Err(e) = crate::ui::transfer::export_campaign(&doc) { banner.set(Some(e)); }
                }>"Save to a file"</button>
            </div>
            <p class="footer-links"><a href="#/" on:click=move |ev| { ev.prevent_default(); nav.go(Screen::List); }>"All campaigns"</a></p>
        </section>
    }
}
