//! Bringing campaigns in (from a file or a share link) and out (files, backups). Every import
//! shows what it holds and what it would do before anything is written.

use super::failure::Failure;
use super::platform::{self, LocalStorage};
use super::route::{Screen, Tab};
use super::Nav;
use crate::share::Document;
use crate::store::{self, ImportPlan};
use leptos::prelude::*;

/// One incoming campaign, checked, with what importing it would do. Plain data (its document
/// as text), so the shell can show it without any system's code.
#[derive(Clone, Debug, PartialEq)]
pub struct Incoming {
    pub doc_json: String,
    pub name: String,
    pub plan: ImportPlan,
    pub summary: Vec<(String, String)>,
}

/// Where something coming in was found.
#[derive(Clone, Debug)]
pub enum Source {
    /// The page's address (`#s=...`).
    Link(String),
    /// The text of a file the player picked.
    File(String),
}

/// What reading something that came in found.
#[derive(Clone, Debug)]
pub enum Taken {
    /// One seat's view, kept read-only: the news and where it is shown, or why it was not kept.
    Seat(Result<(String, Screen), store::StoreError>),
    /// Campaigns to review before anything is written, and what could not be read.
    Review(Vec<Incoming>, Vec<Failure>),
    /// A seat's reply, taken into the campaign it answers (`take_reply`): the news and the
    /// campaign's screen, or why it was refused (nothing changed).
    Reply(Result<(String, Screen), Failure>),
    /// Nothing could be read: why.
    Failed(Failure),
}

impl Taken {
    /// With its failures worded here (`Failure::said`): run in the transfer chunk.
    pub fn said(self) -> Taken {
        match self {
            Taken::Review(items, errors) => Taken::Review(items, errors.into_iter().map(Failure::said).collect()),
            Taken::Reply(r) => Taken::Reply(r.map_err(Failure::said)),
            Taken::Failed(e) => Taken::Failed(e.said()),
            seat => seat,
        }
    }
}

/// Reads a link or a file (in the transfer chunk: it decodes any system's campaigns).
pub fn take_in(from: Source) -> Taken {
    use crate::share::link::{read_fragment, LinkError, Received};
    use crate::share::seat::{is_seat_copy, SeatCopy};
    match from {
        Source::Link(hash) => match read_fragment(&hash) {
            None => Taken::Review(Vec::new(), Vec::new()),
            Some(Ok(Received::Seat(copy))) => Taken::Seat(super::viewer::receive(&copy)),
            Some(Ok(Received::Reply(reply))) => Taken::Reply(take_reply(&reply)),
            Some(Ok(Received::Follow(follow))) => {
                // Put together with the copy of this campaign and seat on this device.
                let seat = crate::share::seat::seat_key(follow.reader);
                let held = store::load_seat_copy(&LocalStorage, &seat, &follow.id).ok();
                match follow.open(held.as_ref()) {
                    Ok(copy) => Taken::Seat(super::viewer::receive(&copy)),
                    Err(e) => Taken::Failed(Failure::Follow(e)),
                }
            }
            Some(result) => {
                let (items, errors) = review(vec![result
                    .and_then(|r| match r {
                        Received::Campaign(doc) => Ok(doc),
                        Received::Seat(_) => Err(LinkError::OneSeat),
                        Received::Reply(_) => Err(LinkError::AReply),
                        Received::Follow(_) => Err(LinkError::OneSeat),
                    })
                    .map_err(Failure::Link)]);
                Taken::Review(items, errors)
            }
        },
        Source::File(text) if is_seat_copy(&text) => match SeatCopy::from_json(&text) {
            Ok(copy) => Taken::Seat(super::viewer::receive(&copy)),
            Err(e) => Taken::Failed(Failure::Load(e)),
        },
        Source::File(text) => match crate::share::read_file(&text) {
            Ok(docs) => {
                let (items, errors) = review(docs.into_iter().map(|d| d.map_err(Failure::Load)).collect());
                Taken::Review(items, errors)
            }
            Err(e) => Taken::Failed(Failure::Load(e)),
        },
    }
}

/// Takes a seat's reply into the campaign it answers, if this device keeps it, and stores
/// the result; the news, or the refusal in words (nothing stored).
fn take_reply(reply: &crate::share::link::ReplyLink) -> Result<(String, Screen), Failure> {
    use crate::share::reply::Refusal;
    let id = reply.head.campaign.clone();
    let (mut doc, _) = store::load(&LocalStorage, &id).map_err(|e| match e {
        store::StoreError::NotFound(_) => Failure::Reply(Refusal::NotKept),
        e => Failure::Store(e),
    })?;
    let name = crate::share::reply::take_into(&mut doc, reply).map_err(Failure::Reply)?;
    doc.meta.updated = platform::now();
    store::save(&mut LocalStorage, &doc)?;
    use crate::share::link::ReplyKind;
    let news = match reply.kind().unwrap_or(ReplyKind::Steps) {
        ReplyKind::Seal(_) => {
            format!("{name}'s seal is taken: the choice stays hidden until every seal is in and {name} reveals it.")
        }
        ReplyKind::Reveal(_) => format!("{name}'s reveal matches {name}'s seal, and is taken."),
        ReplyKind::Part(_) => format!("{name}'s part of the roll is taken: the dice are drawn from both parts."),
        ReplyKind::Steps => format!("{name}'s reply is taken."),
    };
    Ok((news, Screen::Campaign { id, tab: super::route::Tab::Play }))
}

/// Carries out a reviewed import (in the transfer chunk); the id the campaign has here.
pub fn import(item: Incoming) -> Result<String, Failure> {
    let doc = Document::from_json(&item.doc_json)?;
    Ok(store::import(&mut LocalStorage, &doc, &item.plan, &platform::new_id(), platform::now())?)
}

/// What importing each document read would do, and why the others cannot be imported.
pub fn review(docs: Vec<Result<Document, Failure>>) -> (Vec<Incoming>, Vec<Failure>) {
    let mut ok = Vec::new();
    let mut errors = Vec::new();
    for d in docs {
        match d.and_then(|doc| doc.open().map(|c| (doc, c)).map_err(Failure::Load)) {
            Ok((doc, c)) => match store::plan_import(&LocalStorage, &doc) {
                Ok(plan) => {
                    let summary = vec![
                        ("System".to_string(), c.system().name().to_string()),
                        ("Campaign".to_string(), doc.meta.name.clone()),
                        ("Players".to_string(), crate::share::players_line(&c.players())),
                        ("Where it stands".to_string(), c.status()),
                        ("Last entry".to_string(), c.last_entry().unwrap_or_else(|| "Nothing played yet".into())),
                    ];
                    ok.push(Incoming { doc_json: doc.to_json(), name: doc.meta.name.clone(), plan, summary });
                }
                Err(e) => errors.push(Failure::Store(e)),
            },
            Err(e) => errors.push(e),
        }
    }
    (ok, errors)
}

fn plan_text(p: &ImportPlan) -> String {
    match p {
        ImportPlan::New => "Not on this device yet: it will be added as a campaign.".into(),
        ImportPlan::AlreadyHere { .. } => "This device already has exactly this campaign: nothing to do.".into(),
        ImportPlan::Update { new_lines, .. } => format!(
            "This device has an earlier point of the same campaign. Bringing it up to date adds {new_lines} history line{}.",
            if *new_lines == 1 { "" } else { "s" }
        ),
        ImportPlan::Older { .. } => "This device already has a later point of this campaign. The incoming copy is older; it will be kept as a separate copy, and yours stays as it is.".into(),
        ImportPlan::Diverged { .. } => "This device has the same campaign, but the two histories went different ways. Both will be kept: the incoming one as a separate copy.".into(),
    }
}

fn action_label(p: &ImportPlan) -> &'static str {
    match p {
        ImportPlan::New => "Add this campaign",
        ImportPlan::AlreadyHere { .. } => "Open it",
        ImportPlan::Update { .. } => "Bring mine up to date",
        ImportPlan::Older { .. } | ImportPlan::Diverged { .. } => "Keep both",
    }
}

/// The review as a view (`registry::import_review` draws it from the transfer chunk).
pub fn review_view(items: Vec<Incoming>, errors: Vec<Failure>, on_close: Callback<()>) -> AnyView {
    view! { <ImportReview items=items errors=errors on_close=on_close/> }.into_any()
}

/// A modal listing incoming campaigns with their plans; `on_close` runs when dismissed.
#[component]
pub fn ImportReview(items: Vec<Incoming>, errors: Vec<Failure>, on_close: Callback<()>) -> impl IntoView {
    let nav = expect_context::<Nav>();
    let message = RwSignal::new(None::<String>);
    // The items already taken in: their buttons say so and take no second press.
    let taken = RwSignal::new(Vec::<usize>::new());
    let single = items.len() == 1;
    let items = StoredValue::new(items);
    let apply = move |i: usize| {
        let it = items.with_value(|v| v[i].clone());
        let name = it.name.clone();
        leptos::task::spawn_local(async move {
            match super::registry::import(it).await {
                Ok(id) => {
                    if single {
                        on_close.run(());
                        nav.go(Screen::Campaign { id, tab: Tab::Play });
                    } else {
                        taken.try_update(|t| t.push(i));
                        message.try_set(Some(format!("\"{name}\" imported.")));
                    }
                }
                Err(e) => {
                    message.try_set(Some(e.to_string()));
                }
            }
        });
    };
    view! {
        <super::dialog::Modal title="Import".to_string() on_close=on_close testid="import-review" wide=true>
                {errors.into_iter().map(|e| view! { <p class="error" data-testid="import-error">{e.to_string()}</p> }).collect_view()}
                {items.with_value(|v| v.iter().enumerate().map(|(i, it)| view! {
                    <div class="import-item" data-testid="import-item">
                        <dl class="summary">
                            {it.summary.iter().map(|(k, v)| view! { <dt>{k.clone()}</dt><dd>{v.clone()}</dd> }).collect_view()}
                        </dl>
                        <p class="info" data-testid="import-plan">{plan_text(&it.plan)}</p>
                        {
                            let label = action_label(&it.plan);
                            let done = move || taken.with(|t| t.contains(&i));
                            view! {
                                <button class="btn primary big" data-testid="import-apply" disabled=done
                                    on:click=move |_| apply(i)>{move || if done() { "Imported" } else { label }}</button>
                            }
                        }
                    </div>
                }).collect_view())}
                {move || message.get().map(|m| view! { <p class="info" role="status">{m}</p> })}
                <div class="actions">
                    <button class="btn big" data-testid="import-close" on:click=move |_| on_close.run(())>"Close"</button>
                </div>
        </super::dialog::Modal>
    }
}

/// Downloads every stored campaign as one file and remembers when.
pub fn backup_everything() -> Result<f64, Failure> {
    let b = store::backup(&LocalStorage)?;
    let now = platform::now();
    let day = platform::format_date_for_file(now);
    platform::download(&format!("field-desk-backup-{day}.json"), "application/json", &b.to_json())?;
    let mut s = store::settings(&LocalStorage);
    s.last_backup = Some(now);
    store::save_settings(&mut LocalStorage, &s)?;
    Ok(now)
}
