//! The campaign screen every system shares: title and status, undo and redo, tabs, the log,
//! sharing and file export, saving at every change, and taking newer moves from another tab.
//! A system plugs in its map, its phase components, its rosters and its rules reference
//! through `SystemUi`.

use super::dice::{DiceChoice, ShownRoll};
use super::platform::{self, LocalStorage};
use super::route::Tab;
use super::Banner;
use crate::engine::{Campaign, DecideError, DiceInput, Reader, RollPreview, Seat, System};
use crate::share::typed::Stored;
use crate::share::Meta;
use crate::store;
use crate::systems::Listed;
use crate::ui::reactive::{effect, memo};
use leptos::prelude::*;

/// The open campaign of system `S`, given as context to its components.
pub struct Open<S: System> {
    pub campaign: RwSignal<Campaign<S>>,
    /// Who holds the device (chosen on the campaign screen, remembered per campaign).
    pub holder: RwSignal<Reader>,
    /// The seat a hand-over is open for, who reads the screen meanwhile.
    pub peek: RwSignal<Option<Seat>>,
    /// Who reads the screen now: the hand-over's seat, else the holder.
    pub reader: Memo<Reader>,
    /// The position as the reader may see it: components render this, never the whole one.
    pub state: Memo<S::State>,
    pub setup: Signal<S::Setup>,
    /// The roll just made, shown large until the players move on.
    pub shown: RwSignal<Option<ShownRoll>>,
    /// What a screen reader announces after each action (a polite live region).
    pub announce: RwSignal<String>,
}

impl<S: System> Clone for Open<S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S: System> Copy for Open<S> {}

impl<S: System> Open<S> {
    pub fn new(campaign: RwSignal<Campaign<S>>, holder: Reader) -> Self {
        let holder = RwSignal::new(holder);
        let peek = RwSignal::new(None);
        let reader = memo(move || peek.get().or(holder.get()));
        let state = memo(move || campaign.with(|c| c.view(reader.get())));
        let setup = Signal::derive(move || campaign.with(|c| c.setup().clone()));
        Open {
            campaign,
            holder,
            peek,
            reader,
            state,
            setup,
            shown: RwSignal::new(None),
            announce: RwSignal::new(String::new()),
        }
    }

    /// The seats at the table, named, for hand-overs and the holder's choice.
    pub fn hands(&self, keys: impl Fn(Seat) -> String) -> Vec<super::handover::Hand> {
        self.campaign.with_untracked(|c| {
            c.seats()
                .into_iter()
                .map(|seat| super::handover::Hand { seat, name: c.seat_name(seat), key: keys(seat) })
                .collect()
        })
    }

    /// Whether `seat` has nothing left to do now (a secret choice made).
    pub fn done(&self, seat: Seat) -> bool {
        self.campaign.with(|c| !c.to_act().contains(&seat))
    }

    /// Plays a decision; the typed refusal when the rules (or the dice) refuse it, which the
    /// component showing it puts in words (`refusal`).
    /// Opens a joint roll of `decision` with `with`'s device: the keeper's part, sealed.
    fn open_joint(&self, decision: S::Decision, with: Seat) -> Result<(), DecideError<S::Error>> {
        use crate::engine::campaign::JointError;
        let part = crate::engine::fair::Secret::fresh(&mut platform::entropy());
        let mut result = Ok(());
        self.campaign.update(|c| result = c.commit_joint(with, &decision, part));
        match result {
            Ok(()) => {
                let name = self.campaign.with_untracked(|c| c.seat_name(with));
                self.announce
                    .set(format!("The keeper's part of the roll is sealed. Send {name} a new copy for theirs."));
                Ok(())
            }
            Err(JointError::Decide(e)) => Err(e),
            // The widget offers no joint roll where one is open or the step rolls nothing.
            Err(_) => Err(DecideError::Dice(crate::engine::DiceError::WrongCount { expected: 0, got: 0 })),
        }
    }

    pub fn decide(&self, decision: S::Decision, dice: DiceChoice) -> Result<(), DecideError<S::Error>> {
        if let DiceChoice::Joint(with) = dice {
            return self.open_joint(decision, with);
        }
        let mut result = Ok(());
        let preview = self.campaign.with_untracked(|c| S::preview(c.setup(), c.state(), &decision));
        self.campaign.update_untracked(|c| {
            // A player's secret choice on the keeper's own device is sealed (`Campaign::seals`):
            // seats on devices of their own then check it against its seal.
            let salt = c.seals(&decision).then(|| crate::engine::fair::Secret::fresh(&mut platform::entropy()));
            let mut rng = platform::entropy();
            let input = match dice {
                DiceChoice::Typed(v) => DiceInput::Typed(v),
                _ => DiceInput::App(&mut rng),
            };
            result = match salt {
                Some(salt) => c.decide_sealed(decision, input, salt),
                None => c.decide(decision, input),
            };
        });
        if result.is_ok() {
            let (at, faces, words) = self.campaign.with_untracked(|c| {
                let faces: Vec<u16> =
                    c.active_entries().last().map(|e| e.dice.iter().map(|r| r.value).collect()).unwrap_or_default();
                (c.journal().len(), faces, c.last_entry_for(self.reader.get_untracked()).unwrap_or_default())
            });
            decided(self.shown, self.announce, self.peek, Decided { at, faces, words, preview });
            self.campaign.notify();
        }
        result
    }

    /// A refusal in words: the system's own for its rules (`System::refusal`, naming what the
    /// setup names), the engine's for dice and steps. Read on the position the refusal left
    /// unchanged.
    pub fn refusal(&self, e: &DecideError<S::Error>) -> String {
        match e {
            DecideError::Rules(r) => self.campaign.with_untracked(|c| S::refusal(c.setup(), c.state(), r)),
            e => e.to_string(),
        }
    }

    /// Plays a decision and says why, in words, when it is refused.
    pub fn decide_or_say(&self, decision: S::Decision, dice: DiceChoice) -> Result<(), String> {
        self.decide(decision, dice).map_err(|e| self.refusal(&e))
    }

    /// Plays a decision without dice: a refusal goes to `error`, in words, which clears on success.
    pub fn act(&self, decision: S::Decision, error: RwSignal<Option<String>>) -> bool {
        match self.decide(decision, DiceChoice::App) {
            Ok(()) => {
                error.set(None);
                true
            }
            Err(e) => {
                error.set(Some(self.refusal(&e)));
                false
            }
        }
    }

    /// The dice, modifiers and odds of a decision's roll, kept up to date.
    pub fn preview(&self, decision: S::Decision) -> Signal<Option<RollPreview>> {
        let (setup, state) = (self.setup, self.state);
        Signal::derive(move || state.with(|st| setup.with(|s| S::preview(s, st, &decision))))
    }

    /// Whether a decision's roll is the rolling side's own (`System::own_roll`), kept up to date.
    pub fn own_roll(&self, decision: S::Decision) -> Signal<bool> {
        let (setup, state) = (self.setup, self.state);
        Signal::derive(move || state.with(|st| setup.with(|s| S::own_roll(s, st, &decision))))
    }

    /// A dice widget wired to a decision.
    pub fn roll(&self, decision: S::Decision, label: &str) -> impl IntoView {
        let open = *self;
        let preview = self.preview(decision.clone());
        let own = self.own_roll(decision.clone());
        let on_roll = Callback::new(move |dice: DiceChoice| open.decide_or_say(decision.clone(), dice));
        view! { <super::dice::DiceRoll preview=preview label=label.to_string() on_roll=on_roll own=own/> }
    }
}

/// What a system adds to the shared campaign screen.
pub trait SystemUi: Listed + Sized {
    /// Gives the contexts the header and the tab's content share (they are drawn in tasks of
    /// their own, so neither can give the other one): called once, before either is made.
    fn contexts() {}
    /// Shown above the tabs (a map, a clock).
    fn header() -> AnyView;
    /// On a phone the header folds away behind a button beside the status line: what the
    /// header is (for screen readers, "Campaign map") and the button's short line ("Sector
    /// 4"). `None` keeps the header open on every screen.
    fn header_fold() -> Option<(&'static str, Signal<String>)> {
        None
    }
    /// The current phase's component.
    fn play() -> AnyView;
    /// Rosters and forces.
    fn forces() -> AnyView;
    /// The rules reference, on the campaign's Rules tab.
    fn rules() -> AnyView;
    /// The setup wizard: a new campaign, or (`edit`) the setup of a stored one with no history.
    fn wizard(edit: Option<String>) -> AnyView;
    /// The rules reference outside any campaign.
    fn reference() -> AnyView;
}

/// Settings a step seldom needs: on a phone they fold to one line that says what they hold
/// (a button opens them); on a tablet they are always open and the button is not shown.
#[component]
pub fn PhoneFold(#[prop(into)] line: Signal<String>, id: &'static str, children: Children) -> impl IntoView {
    let open = RwSignal::new(false);
    view! {
        <div class="phone-fold" class:unfolded=move || open.get()>
            <button class="btn fold-toggle" data-testid=format!("{id}-toggle") aria-controls=id
                aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|v| *v = !*v)>
                <span>{move || line.get()}</span><span class="fold-mark" aria-hidden="true">{move || if open.get() { "\u{25B4}" } else { "\u{25BE}" }}</span>
            </button>
            <div class="fold-body" id=id>{children()}</div>
        </div>
    }
}

pub(super) fn document<S: SystemUi>(meta: Meta, c: &Campaign<S>) -> Stored<S> {
    Stored::new(meta, c)
}

/// The campaign as a link, QR code or file carries it: what every seat may read.
pub(super) fn shared_document<S: SystemUi>(meta: Meta, c: &Campaign<S>) -> Result<Stored<S>, String> {
    let shared = c.shareable().map_err(|e| format!("This campaign cannot be shared: {e}"))?;
    Ok(Stored::new(meta, &shared))
}

/// Who holds this device: the whole table or one seat. What the screens, the log and the
/// undo button show follows it; it is remembered for this campaign on this device.
pub(super) fn holder_choice<S: SystemUi>(id: String) -> impl IntoView {
    let open = expect_context::<Open<S>>();
    let seats: Vec<(Option<Seat>, String)> = std::iter::once((None, "The whole table".to_string()))
        .chain(
            open.campaign
                .with_untracked(|c| c.seats().into_iter().map(|s| (Some(s), c.seat_name(s))).collect::<Vec<_>>()),
        )
        .collect();
    let (umpire, named) = open.campaign.with_untracked(|c| (c.umpire(), c.named_seats()));
    super::pin::holders(id, open.holder, seats, umpire, named)
}

/// Brings this tab in line with what another tab stored. localStorage offers no atomic
/// compare-and-write, so two tabs can both save; whatever happens, no history is dropped:
/// - the stored history extends ours: take it;
/// - ours extends the stored one (an older copy was written over ours): write ours again;
/// - they went different ways: keep ours as a separate campaign, then follow the stored one.
///
/// `ours` is the document a refused save tried to write, when there is one.
fn follow_other_tab<S: SystemUi>(
    meta: RwSignal<Meta>,
    campaign: RwSignal<Campaign<S>>,
    saved: StoredValue<usize>,
    banner: RwSignal<Option<String>>,
    ours: Option<Stored<S>>,
) {
    let ours = ours.unwrap_or_else(|| campaign.with_untracked(|c| document(meta.get_untracked(), c)));
    let Ok((stored, c)) = store::load_of::<S>(&LocalStorage, &ours.meta.id) else { return };
    if stored.body.same(&ours.body) {
        return;
    }
    if ours.body.extends(&stored.body) {
        if let Err(e) = store::save_guarded_of(&mut LocalStorage, &ours) {
            banner.set(Some(e.to_string()));
        }
        return;
    }
    let mut message = "This campaign was updated from another tab.".to_string();
    if !stored.body.extends(&ours.body) {
        match store::keep_apart_of(&mut LocalStorage, &ours, &platform::new_id(), platform::now()) {
            Ok(_) => {
                message = format!(
                    "Another tab changed this campaign in a different way. This tab's version is kept in the campaign list as \"{} (imported copy)\".",
                    ours.meta.name
                )
            }
            Err(e) => return banner.set(Some(e.to_string())),
        }
    }
    saved.set_value(c.journal().len());
    meta.set(stored.meta);
    campaign.set(c);
    banner.set(Some(message));
}

/// A decision just played, as the screen shows it: the step, its dice, the words for the
/// log, and the roll's preview made before it.
struct Decided {
    at: usize,
    faces: Vec<u16>,
    words: String,
    preview: Option<RollPreview>,
}

/// What follows every decision on every system's screen: the roll shown large, the words
/// announced, any hand-over closed, the next action focused. Compiled once (issue 32).
fn decided(
    shown: RwSignal<Option<ShownRoll>>,
    announce: RwSignal<String>,
    peek: RwSignal<Option<Seat>>,
    Decided { at, faces, words, preview }: Decided,
) {
    let roll = match (faces.is_empty(), preview) {
        (false, Some(p)) => {
            let total = (p.dice.count == 1 && !p.modifiers.is_empty())
                .then(|| (faces[0], faces[0] as i32 + p.total_modifier()));
            Some(ShownRoll { at, title: p.title, faces: faces.clone(), total })
        }
        _ => None,
    };
    announce.set(match &roll {
        Some(s) => format!("Rolled {}. {words}", s.faces.iter().map(|f| f.to_string()).collect::<Vec<_>>().join(", ")),
        None => words,
    });
    shown.set(roll);
    // A decision ends any hand-over: the device is covered again for the next reader.
    peek.set(None);
    // What the player does next takes the focus once it is drawn.
    request_animation_frame(platform::focus_next_action);
}

/// The campaign screen of system `S`.
pub fn campaign_screen<S: SystemUi>(meta: Meta, campaign: Campaign<S>, tab: Signal<Tab>) -> impl IntoView {
    let Banner(banner) = expect_context::<Banner>();
    let meta = RwSignal::new(meta);
    let campaign = RwSignal::new(campaign);
    // A locked seat is held again only with its PIN: opened afresh, the table holds the device.
    let id = meta.get_untracked().id;
    let held = store::holder(&LocalStorage, &id).filter(|s| !store::locked(&LocalStorage, &id, &s.0.to_string()));
    let open = Open::new(campaign, held);
    provide_context(open);
    let pins = super::pin::Pins::new(meta.get_untracked().id);
    provide_context(pins);
    let confirm_undo: super::pin::Confirm = RwSignal::new(None);
    provide_context(super::draft::DraftOf(meta.get_untracked().id));
    // With no umpire and two seats, the holder's device may roll together with the other's.
    provide_context(super::dice::JointRoll {
        with: Signal::derive(move || {
            let holder = open.holder.get()?;
            campaign.with(|c| c.joint_partner(holder).map(|other| (other, c.seat_name(other))))
        }),
        waiting: Signal::derive(move || campaign.with(|c| c.pending_joint().map(|p| c.seat_name(p.with)))),
        apart: Signal::derive(move || {
            let holder = open.holder.get();
            campaign.with(|c| holder.and_then(|h| c.joint_partner(h)).is_some_and(|other| c.heard_from(other)))
        }),
    });
    S::contexts();

    // Every change is saved at once; a failed save says so and keeps the game in memory.
    // A journal that arrived from another tab is already stored: `saved` skips it.
    let saved = StoredValue::new(campaign.with_untracked(|c| c.journal().len()));
    effect(move || {
        let n = campaign.with(|c| c.journal().len());
        if n == saved.get_value() {
            return;
        }
        meta.update_untracked(|m| m.updated = platform::now());
        let doc = campaign.with_untracked(|c| document(meta.get_untracked(), c));
        match store::save_guarded_of(&mut LocalStorage, &doc) {
            Ok(()) => {
                saved.set_value(n);
                super::ask_persistence_once(banner);
            }
            Err(store::StoreError::Stale) => {
                // Another tab saved a different history meanwhile: neither is lost.
                follow_other_tab(meta, campaign, saved, banner, Some(doc));
            }
            Err(e) => banner.set(Some(e.to_string())),
        }
    });

    // What the step on screen shows, remembered on this device for the next opening's waiting
    // view (`store::Glimpse`): read from the screen once drawn, and only as the holder
    // reads it (never while a hand-over is open).
    let drawn = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    on_cleanup({
        let drawn = drawn.clone();
        move || drawn.store(false, std::sync::atomic::Ordering::Relaxed)
    });
    let glimpse_id = meta.get_untracked().id;
    // The screen's parts may come in tasks of their own (`super::Later`): the step is read once
    // the tab's content is in.
    let later = super::Later::here();
    effect(move || {
        campaign.track();
        open.reader.track();
        if !later.content.get() || tab.get() != Tab::Play || open.peek.get().is_some() {
            return;
        }
        let (drawn, id) = (drawn.clone(), glimpse_id.clone());
        // In a task of its own once the step is in the page: not in the frame that lays it out.
        set_timeout(
            move || {
                if drawn.load(std::sync::atomic::Ordering::Relaxed) && open.peek.try_get_untracked() == Some(None) {
                    if platform::take_focus_on_open() {
                        platform::focus_next_action();
                    }
                    // A locked seat's screen is not shown before the app runs: nothing is kept.
                    let locked = open.holder.get_untracked().is_some_and(|s| pins.locked(s));
                    if let Some(g) = platform::drawn_glimpse() {
                        // A failed write (a full store) loses nothing: the page just waits plainer.
                        let _ = store::set_glimpse(&mut LocalStorage, &id, (!locked).then_some(g));
                    }
                }
            },
            std::time::Duration::ZERO,
        );
    });

    // Another tab changed this campaign: take its newer history.
    let key = store::key(&meta.get_untracked().id);
    let listener = platform::on_other_tab_write(key, move || follow_other_tab(meta, campaign, saved, banner, None));
    on_cleanup(move || listener.remove());

    let reader = open.reader;
    let parts = super::campaign_view::Parts {
        meta,
        tab,
        not_started: memo(move || campaign.with(|c| c.journal().is_empty())),
        can_undo: memo(move || campaign.with(|c| c.can_undo())),
        can_redo: memo(move || campaign.with(|c| c.can_redo())),
        status: memo(move || campaign.with(|c| c.status())),
        history: Signal::derive(move || campaign.with(|c| c.history_for(reader.get()))),
        last_line: memo(move || campaign.with(|c| c.last_entry_for(reader.get()))),
        undo_label: memo(move || {
            campaign.with(|c| c.undo_label_for(reader.get())).map_or("Undo".to_string(), |l| format!("Undo: {l}"))
        }),
        back_to: Callback::new(move |step: usize| pins.back_to(campaign, reader.get_untracked(), step, confirm_undo)),
        undo: Callback::new(move |()| {
            let last = campaign.with_untracked(|c| c.steps()).saturating_sub(1);
            pins.back_to(campaign, reader.get_untracked(), last, confirm_undo)
        }),
        redo: Callback::new(move |()| {
            campaign.update(|c| {
                let _ = c.redo();
            })
        }),
        // A secret roll's faces show only to a reader who may read them: once the hand-over is
        // covered, the table does not see them.
        roll: Signal::derive(move || {
            let now = campaign.with(|c| c.journal().len());
            let may_read = || campaign.with(|c| c.last_readers().is_none_or(|r| r.dice.admits(reader.get())));
            open.shown.get().filter(|s| s.at == now && may_read())
        }),
        shown: open.shown,
        announce: open.announce,
        later,
        fold: S::header_fold(),
        header: S::header,
        play: S::play,
        forces: S::forces,
        rules: S::rules,
        holder_choice: |id| holder_choice::<S>(id).into_any(),
        share_tab: Callback::new(move |id: String| super::sharetab::share_tab(meta, campaign, id)),
        seat_names: Callback::new(move |()| campaign.with_untracked(|c| c.named_seats())),
        export: Callback::new(move |()| {
            let doc = campaign.with_untracked(|c| shared_document(meta.get_untracked(), c));
            let saved = doc.and_then(|doc| {
                super::share::Sent::campaign(&doc.meta.name, doc.to_json()).save().map_err(|e| e.to_string())
            });
            if let Err(e) = saved {
                banner.set(Some(e));
            }
        }),
        confirm_undo,
    };
    super::campaign_view::screen(parts)
}

/// The end of every setup form: stores a new campaign of system `S`, or, with `editing`, gives
/// a stored campaign that has no history yet its new setup and name. Returns the campaign's id.
pub fn save_setup<S: SystemUi>(
    setup: S::Setup,
    name: &str,
    editing: Option<&Stored<S>>,
) -> Result<String, SetupError<S::Error>> {
    let c = Campaign::<S>::new(setup).map_err(SetupError::Rules)?;
    match editing {
        Some(doc) => {
            if !doc.body.journal.is_empty() {
                return Err(SetupError::Started);
            }
            let meta = Meta { name: name.to_string(), updated: platform::now(), ..doc.meta.clone() };
            // Written afresh, so the list's summary tells the new players and status.
            let doc = Stored::new(meta, &c);
            store::save_of(&mut LocalStorage, &doc).map_err(SetupError::Store)?;
            Ok(doc.meta.id)
        }
        None => create(name, &c).map_err(SetupError::Store),
    }
}

/// Why a setup form's campaign was not saved, typed to the form that words it.
#[derive(Clone, Debug, PartialEq)]
pub enum SetupError<E> {
    /// The rules do not start from this setup (the system's own words for why).
    Rules(E),
    /// A stored campaign whose play has started keeps its setup.
    Started,
    /// The browser's storage refused.
    Store(store::StoreError),
}

impl<E: std::fmt::Display> std::fmt::Display for SetupError<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Rules(e) => e.fmt(f),
            SetupError::Started => f.write_str("Play has started: the setup is fixed now."),
            SetupError::Store(e) => e.fmt(f),
        }
    }
}

/// Creates and stores a campaign, returning its id.
pub fn create<S: SystemUi>(name: &str, c: &Campaign<S>) -> Result<String, store::StoreError> {
    let id = platform::new_id();
    let now = platform::now();
    let doc = Stored::new(Meta { id: id.clone(), name: name.to_string(), created: now, updated: now }, c);
    store::save_of(&mut LocalStorage, &doc)?;
    Ok(id)
}
