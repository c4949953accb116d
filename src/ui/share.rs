//! The share screen: the campaign (or one seat's view of it) as a link in the URL fragment
//! (no server sees it), the same link as a QR code to scan from another tablet, and a file
//! when the link is too long.

use super::failure::Failure;
use crate::share::seat::SeatCopy;
use crate::share::{link, Document};
use crate::ui::reactive::{effect, memo};
use leptos::prelude::*;
use qrcode::{EcLevel, QrCode, Version};

/// This page's address with a link payload in its fragment.
fn with_base(payload: &str) -> String {
    let here = super::platform::page_address();
    let base = here.split('#').next().unwrap_or_default().to_string();
    format!("{base}#{}{payload}", link::FRAGMENT_KEY)
}

/// A link longer than a QR code holds: its length in characters. Worded where it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLongForQr {
    pub chars: usize,
}

impl std::fmt::Display for TooLongForQr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "This link is {} characters long, more than a QR code can hold. Save the campaign to a file instead and send that.",
            self.chars
        )
    }
}

/// The QR code as SVG with the version it needed, or why it cannot be drawn.
pub fn qr_svg(text: &str) -> Result<(String, String), TooLongForQr> {
    // Medium error correction while the code stays easy to scan; low for long links.
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
        .ok()
        .filter(|c| matches!(c.version(), Version::Normal(n) if n <= 25))
        .map(|c| (c, "M"))
        .or_else(|| QrCode::with_error_correction_level(text.as_bytes(), EcLevel::L).ok().map(|c| (c, "L")));
    let Some((code, level)) = code else {
        return Err(TooLongForQr { chars: text.len() });
    };
    let version = match code.version() {
        Version::Normal(n) => format!("QR version {n}, error correction {level}"),
        Version::Micro(n) => format!("Micro QR version {n}"),
    };
    let svg = code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(360, 360)
        .quiet_zone(true)
        .dark_color(qrcode::render::svg::Color("#000000"))
        .light_color(qrcode::render::svg::Color("#ffffff"))
        .build();
    Ok((svg, version))
}

/// What a share panel sends: a whole campaign or one seat's view of it, as the JSON its own
/// system's code wrote (`share::typed`), and the file it goes into. The link and QR code are
/// made from it by `make`, in the transfer chunk (which reads every system's forms), so a
/// system's chunk holds neither the link coder nor the QR encoder.
#[derive(Clone, Debug, PartialEq)]
pub struct Sent {
    pub json: String,
    /// The file's name, from the campaign's (and the seat's) name.
    pub file: String,
    /// One seat's view (`SeatCopy`) rather than a campaign (`Document`).
    pub seat: bool,
    /// The copy the seat's device holds, which the link then follows (`share::follow`); the
    /// link of a seat's view without one follows the sample's fresh view.
    pub after: Option<String>,
    /// A reply to that view: the steps taken on it on this device, as JSON
    /// (`share::reply::reply_from_copy`). The link is the reply; the file is the view.
    pub reply: Option<String>,
    /// The salt the reply's step is sealed under, where it goes sealed (`share::seals`).
    pub salt: Option<crate::engine::fair::Secret>,
    /// This seat's part of the joint roll the view shows waiting for it: the reply is that part.
    pub part: Option<crate::engine::fair::Secret>,
}

impl Sent {
    pub fn campaign(name: &str, json: String) -> Sent {
        Sent {
            json,
            file: format!("field-desk-{}.json", file_safe(name)),
            seat: false,
            after: None,
            reply: None,
            salt: None,
            part: None,
        }
    }
    pub fn seat(name: &str, reader: &str, json: String) -> Sent {
        Sent {
            json,
            file: format!("field-desk-view-{}.json", file_safe(&format!("{name} {reader}"))),
            seat: true,
            after: None,
            reply: None,
            salt: None,
            part: None,
        }
    }
    /// One seat's view, as what changed since `after` (the copy its device holds).
    pub fn seat_after(name: &str, reader: &str, json: String, after: Option<String>) -> Sent {
        Sent { after, ..Sent::seat(name, reader, json) }
    }
    /// A reply: `steps` taken on the seat copy `json`.
    pub fn reply(
        name: &str,
        reader: &str,
        json: String,
        steps: String,
        salt: Option<crate::engine::fair::Secret>,
    ) -> Sent {
        Sent { reply: Some(steps), salt, ..Sent::seat(name, reader, json) }
    }
    /// This seat's part of a joint roll, answering the view `json`.
    pub fn part(name: &str, reader: &str, json: String, part: crate::engine::fair::Secret) -> Sent {
        Sent { part: Some(part), ..Sent::seat(name, reader, json) }
    }
    pub fn save(&self) -> Result<(), super::platform::BrowserError> {
        super::platform::download(&self.file, "application/json", &self.json)
    }
}

/// A name as it may stand in a file name.
pub fn file_safe(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect()
}

/// The link of what is sent and its QR code (or why none can be drawn).
#[derive(Clone, Debug, PartialEq)]
pub struct Made {
    pub url: String,
    pub qr: Result<(String, String), TooLongForQr>,
}

/// Codes what is sent as a link on this page's address, with its QR code. Reads every
/// system's forms: it runs in the transfer chunk (`registry::make_link`).
pub fn make(sent: &Sent) -> Result<Made, Failure> {
    let payload = if let Some(part) = &sent.part {
        let copy = SeatCopy::from_json(&sent.json)?;
        crate::share::reply::part_from_copy(&copy, part).map_err(Failure::MakeReply)?
    } else if let Some(steps) = &sent.reply {
        let copy = SeatCopy::from_json(&sent.json)?;
        crate::share::reply::reply_from_copy(&copy, steps, sent.salt.as_ref()).map_err(Failure::MakeReply)?
    } else if sent.seat {
        let copy = SeatCopy::from_json(&sent.json)?;
        let after = sent.after.as_deref().map(SeatCopy::from_json).transpose()?;
        link::encode_follow(&crate::share::follow::Follow::make(&copy, after.as_ref()), after.as_ref())
    } else {
        let doc = Document::from_json(&sent.json)?;
        link::encode(&doc)
    };
    let url = with_base(&payload);
    let qr = qr_svg(&url);
    Ok(Made { url, qr })
}

/// The link, its QR code and a file of what is sent, with a heading and a line saying what
/// travels. Test ids carry `id` ("share" for the campaign: `share-link`, `qr`...).
#[component]
pub fn SharePanel(
    #[prop(into)] sent: Signal<Sent>,
    #[prop(into)] heading: String,
    #[prop(into)] hint: String,
    #[prop(default = "share")] id: &'static str,
) -> impl IntoView {
    // Made in the transfer chunk, fetched (once) the first time a share panel shows; made
    // again whenever what is sent changes, the last one asked for kept. (A signal and a task,
    // not a `LocalResource`: that would bring Leptos's async-derived machinery into the code
    // every system fetches, issue 32.)
    let made = RwSignal::new(None::<Result<Made, Failure>>);
    let asked = StoredValue::new(0u64);
    effect(move || {
        let sent = sent.get();
        let n = asked.get_value() + 1;
        asked.set_value(n);
        leptos::task::spawn_local(async move {
            let link = super::registry::make_link(sent).await;
            if asked.try_get_value() == Some(n) {
                let _ = made.try_set(Some(link));
            }
        });
    });
    let url = memo(move || made.get().and_then(|m| m.ok()).map(|m| m.url).unwrap_or_default());
    let copied = RwSignal::new(None::<String>);
    let copy = move |_| url.with_untracked(|u| super::widgets::copy_with_note(u, "Link copied.", "link", copied));
    // The campaign panel keeps its first test ids (`share-link`, `qr`...); others are prefixed.
    let tid = move |part: &str| if id == "share" { part.to_string() } else { format!("{id}-{part}") };
    // A panel given the focus while its link was being made (`platform::show_and_focus`) hands
    // it to its first control once the link is there.
    let panel = NodeRef::<leptos::html::Section>::new();
    effect(move || {
        if made.with(|m| matches!(m, Some(Ok(_)))) {
            if let Some(el) = panel.get() {
                let focused = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
                if focused.is_some_and(|f| f == *el) {
                    request_animation_frame(move || {
                        let _ = super::platform::focus_first_control(&el);
                    });
                }
            }
        }
    });
    view! {
        <section class="share" data-testid=id node_ref=panel>
            <h2>{heading}</h2>
            <p class="hint">{hint}</p>
            // The link shows once made: "making" until then, or why it could not be made.
            {move || match made.get() {
                None => view! { <p class="hint" role="status" data-testid=tid("link-making")>"Making the link and its QR code\u{2026}"</p> }.into_any(),
                Some(Err(why)) => view! { <p class="error" role="alert" data-testid=tid("share-failed")>{why.to_string()}</p> }.into_any(),
                Some(Ok(m)) => view! {
                    <label class="field">
                        <span>{format!("Link ({} characters)", m.url.len())}</span>
                        <input type="text" readonly class="wide share-link" data-testid=tid("share-link") prop:value=m.url
                            on:focus=move |ev| super::platform::select_target_text(&ev)/>
                    </label>
                }.into_any(),
            }}
            <div class="actions">
                <button class="btn primary" data-testid=tid("copy-link") disabled=move || url.with(String::is_empty) on:click=copy>"Copy link"</button>
                // A reply travels as its link alone: there is no file of it.
                {move || sent.with(|s| s.reply.is_none()).then(|| view! {
                    <button class="btn" data-testid=tid("share-file") on:click=move |_| { let _ = sent.with_untracked(Sent::save); }>"Save to a file"</button>
                })}
            </div>
            {move || copied.get().map(|m| view! { <p class="info" role="status">{m}</p> })}
            {move || match made.get().and_then(|m| m.ok()).map(|m| m.qr) {
                None => ().into_any(),
                Some(Ok((svg, version))) => view! {
                    <figure class="qr">
                        <div class="qr-code" data-testid=tid("qr") inner_html=svg></div>
                        <figcaption data-testid=tid("qr-version")>{version}" \u{00B7} scan it with the other tablet's camera"</figcaption>
                    </figure>
                }.into_any(),
                Some(Err(why)) => view! { <p class="warning" data-testid=tid("qr-too-long")>{why.to_string()}</p> }.into_any(),
            }}
        </section>
    }
}
