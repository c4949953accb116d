//! The share screen: the campaign (or one seat's view of it) as a link in the URL fragment
//! (no server sees it), the same link as a QR code to scan from another tablet, and a file
//! when the link is too long.

use crate::share::seat::SeatCopy;
use crate::share::{link, Document};
use leptos::prelude::*;
use qrcode::{EcLevel, QrCode, Version};

/// The full URL of this page with the campaign in its fragment.
pub fn share_url(doc: &Document) -> String {
    with_base(&link::encode(doc))
}

/// This page's address with a link payload in its fragment.
fn with_base(payload: &str) -> String {
    let here = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    let base = here.split('#').next().unwrap_or_default().to_string();
    format!("{base}#{}{payload}", link::FRAGMENT_KEY)
}

/// The QR code as SVG with the version it needed, or why it cannot be drawn.
pub fn qr_svg(text: &str) -> Result<(String, String), String> {
    // Medium error correction while the code stays easy to scan; low for long links.
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
        .ok()
        .filter(|c| matches!(c.version(), Version::Normal(n) if n <= 25))
        .map(|c| (c, "M"))
        .or_else(|| QrCode::with_error_correction_level(text.as_bytes(), EcLevel::L).ok().map(|c| (c, "L")));
    let Some((code, level)) = code else {
        return Err(format!(
            "This link is {} characters long, more than a QR code can hold. Save the campaign to a file instead and send that.",
            text.len()
        ));
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

/// What a share panel sends: a whole campaign, or one seat's view of it.
#[derive(Clone, Debug, PartialEq)]
#[expect(clippy::large_enum_variant, reason = "made once per link read or shown; boxing buys nothing")]
pub enum Sent {
    Campaign(Document),
    Seat(SeatCopy),
}

impl Sent {
    fn url(&self) -> String {
        match self {
            Sent::Campaign(doc) => share_url(doc),
            Sent::Seat(copy) => with_base(&link::encode_seat(copy)),
        }
    }
    fn save(&self) -> Result<(), String> {
        match self {
            Sent::Campaign(doc) => super::transfer::export_campaign(doc),
            Sent::Seat(copy) => super::transfer::export_seat_copy(copy),
        }
    }
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
    let url = Memo::new(move |_| sent.with(Sent::url));
    let copied = RwSignal::new(None::<String>);
    let qr = Memo::new(move |_| url.with(|u| qr_svg(u)));
    let copy = move |_| {
        let text = url.get_untracked();
        let Some(w) = web_sys::window() else { return };
        let promise = w.navigator().clipboard().write_text(&text);
        leptos::task::spawn_local(async move {
            copied.set(Some(match wasm_bindgen_futures::JsFuture::from(promise).await {
                Ok(_) => "Link copied.".into(),
                Err(_) => "Copying is blocked here: select the link above and copy it by hand.".into(),
            }));
        });
    };
    // The campaign panel keeps its first test ids (`share-link`, `qr`...); others are prefixed.
    let tid = move |part: &str| if id == "share" { part.to_string() } else { format!("{id}-{part}") };
    view! {
        <section class="share" data-testid=id>
            <h2>{heading}</h2>
            <p class="hint">{hint}</p>
            <label class="field">
                <span>{move || format!("Link ({} characters)", url.with(|u| u.len()))}</span>
                <input type="text" readonly class="wide share-link" data-testid=tid("share-link") prop:value=move || url.get()
                    on:focus=move |ev| { event_target::<web_sys::HtmlInputElement>(&ev).select() }/>
            </label>
            <div class="actions">
                <button class="btn primary" data-testid=tid("copy-link") on:click=copy>"Copy link"</button>
                <button class="btn" data-testid=tid("share-file") on:click=move |_| { let _ = sent.with_untracked(Sent::save); }>"Save to a file"</button>
            </div>
            {move || copied.get().map(|m| view! { <p class="info" role="status">{m}</p> })}
            {move || match qr.get() {
                Ok((svg, version)) => view! {
                    <figure class="qr">
                        <div class="qr-code" data-testid=tid("qr") inner_html=svg></div>
                        <figcaption data-testid=tid("qr-version")>{version}" \u{00B7} scan it with the other tablet's camera"</figcaption>
                    </figure>
                }.into_any(),
                Err(why) => view! { <p class="warning" data-testid=tid("qr-too-long")>{why}</p> }.into_any(),
            }}
        </section>
    }
}
