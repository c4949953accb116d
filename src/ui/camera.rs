//! The camera, for the in-app scanner (`ui/scanner.rs`) alone: a browser edge like
//! `platform.rs`, kept apart so that its code (and the web-sys types it names) goes with the
//! scanner's chunk, not the first visit. Frames come from `getUserMedia` through a video element
//! drawn on a canvas; `BarcodeDetector` reads them where the browser has one, else the caller
//! decodes the frame (`share::scan`, pure Rust).

use js_sys::{Array, Function, Object, Promise, Reflect};
use std::cell::RefCell;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlVideoElement, MediaStream};

/// Why the camera gives no pictures. Worded where it is shown (its `Display`).
#[derive(Clone, Debug, PartialEq)]
pub enum CameraError {
    /// This browser (or an address that is not secure) offers no camera to pages.
    Unsupported,
    /// The player or the browser refused the camera.
    Refused,
    /// No camera on this device.
    NoCamera,
    /// The camera is in use by another app, or failed to start.
    Busy,
    /// Anything else the browser said (its name and message).
    Other(String),
}

impl std::fmt::Display for CameraError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CameraError::Unsupported => f.write_str(
                "This browser offers no camera to Field Desk here. Open the link or paste it instead.",
            ),
            CameraError::Refused => f.write_str(
                "The camera was not allowed. Allow it for Field Desk in the browser's site settings and try again, or paste the link instead.",
            ),
            CameraError::NoCamera => f.write_str("This device has no camera Field Desk can use. Paste the link instead."),
            CameraError::Busy => {
                f.write_str("The camera would not start: another app may be using it. Close that app and try again.")
            }
            CameraError::Other(why) => write!(f, "The camera would not start ({why})."),
        }
    }
}

fn camera_error(e: JsValue) -> CameraError {
    let name = Reflect::get(&e, &"name".into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
    match name.as_str() {
        "NotAllowedError" | "SecurityError" | "PermissionDeniedError" => CameraError::Refused,
        "NotFoundError" | "OverconstrainedError" | "DevicesNotFoundError" => CameraError::NoCamera,
        "NotReadableError" | "AbortError" | "TrackStartError" => CameraError::Busy,
        _ => CameraError::Other(super::platform::js_error_text(&e)),
    }
}

/// The camera, running into `video`. Stop it with `stop` (the scanner does, when it is done or
/// closed).
pub struct Camera {
    stream: MediaStream,
    video: HtmlVideoElement,
    canvas: HtmlCanvasElement,
    /// The browser's `BarcodeDetector` for QR codes, while it works.
    detector: RefCell<Option<Object>>,
}

/// The longest side a frame is drawn at for decoding.
const FRAME_SIDE: u32 = 640;

/// Asks for the back camera (any camera where there is none) and shows it in `video`.
pub async fn open(video: HtmlVideoElement) -> Result<Camera, CameraError> {
    let window = web_sys::window().ok_or(CameraError::Unsupported)?;
    let navigator = window.navigator();
    let has_devices = Reflect::get(&navigator, &"mediaDevices".into()).is_ok_and(|d| !d.is_undefined() && !d.is_null());
    if !has_devices {
        return Err(CameraError::Unsupported);
    }
    let devices = navigator.media_devices().map_err(|_| CameraError::Unsupported)?;
    let wanted = Object::new();
    let _ = Reflect::set(&wanted, &"facingMode".into(), &"environment".into());
    let constraints = web_sys::MediaStreamConstraints::new();
    constraints.set_video(&wanted);
    constraints.set_audio(&JsValue::FALSE);
    let asked = devices.get_user_media_with_constraints(&constraints).map_err(camera_error)?;
    let stream: MediaStream = JsFuture::from(asked).await.map_err(camera_error)?.unchecked_into();
    video.set_muted(true);
    let _ = video.set_attribute("playsinline", "");
    video.set_src_object(Some(&stream));
    if let Ok(playing) = video.play() {
        let _ = JsFuture::from(playing).await;
    }
    let canvas = window
        .document()
        .and_then(|d| d.create_element("canvas").ok())
        .and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
        .ok_or(CameraError::Unsupported)?;
    let camera = Camera { stream, video, canvas, detector: RefCell::new(barcode_detector(&window)) };
    Ok(camera)
}

/// `new BarcodeDetector({ formats: ["qr_code"] })`, where the browser has it.
fn barcode_detector(window: &web_sys::Window) -> Option<Object> {
    let make = Reflect::get(window, &"BarcodeDetector".into()).ok()?.dyn_into::<Function>().ok()?;
    let options = Object::new();
    Reflect::set(&options, &"formats".into(), &Array::of1(&"qr_code".into())).ok()?;
    Reflect::construct(&make, &Array::of1(&options)).ok()?.dyn_into::<Object>().ok()
}

impl Camera {
    /// Whether the browser's own detector reads the frames.
    pub fn has_detector(&self) -> bool {
        self.detector.borrow().is_some()
    }

    /// The text of a QR code the browser's detector sees now: `Ok(None)` where it sees none,
    /// `Err(())` where there is no detector or it failed (it is then dropped, and the frames go
    /// to the caller's decoder).
    pub async fn detect(&self) -> Result<Option<String>, ()> {
        let detector = self.detector.borrow().clone().ok_or(())?;
        let found = async {
            let detect = Reflect::get(&detector, &"detect".into()).ok()?.dyn_into::<Function>().ok()?;
            let promise = detect.call1(&detector, &self.video).ok()?.dyn_into::<Promise>().ok()?;
            let codes = JsFuture::from(promise).await.ok()?;
            let text = Array::from(&codes)
                .iter()
                .find_map(|code| Reflect::get(&code, &"rawValue".into()).ok().and_then(|v| v.as_string()));
            Some(text)
        }
        .await;
        if found.is_none() {
            self.detector.replace(None);
        }
        found.ok_or(())
    }

    /// The picture now as RGBA bytes with its width and height, drawn at most `FRAME_SIDE`
    /// pixels on its longer side; `None` before the camera's first picture.
    pub fn frame(&self) -> Option<(Vec<u8>, usize, usize)> {
        let (w, h) = (self.video.video_width(), self.video.video_height());
        if w == 0 || h == 0 {
            return None;
        }
        let scale = (FRAME_SIDE as f64 / w.max(h) as f64).min(1.0);
        let (w, h) = (((w as f64 * scale) as u32).max(1), ((h as f64 * scale) as u32).max(1));
        self.canvas.set_width(w);
        self.canvas.set_height(h);
        let options = Object::new();
        let _ = Reflect::set(&options, &"willReadFrequently".into(), &JsValue::TRUE);
        let context = self
            .canvas
            .get_context_with_context_options("2d", &options)
            .ok()??
            .dyn_into::<CanvasRenderingContext2d>()
            .ok()?;
        context.draw_image_with_html_video_element_and_dw_and_dh(&self.video, 0.0, 0.0, w as f64, h as f64).ok()?;
        let data = context.get_image_data(0.0, 0.0, w as f64, h as f64).ok()?;
        Some((data.data().0, w as usize, h as usize))
    }

    /// Turns the camera off.
    pub fn stop(&self) {
        for track in self.stream.get_tracks().iter() {
            if let Ok(track) = track.dyn_into::<web_sys::MediaStreamTrack>() {
                track.stop();
            }
        }
        self.video.set_src_object(None);
    }
}

/// Resolves after `ms` milliseconds (between two looks at the camera).
pub async fn pause(ms: i32) {
    let promise = Promise::new(&mut |resolve, _| {
        let set = web_sys::window().map(|w| w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms));
        if !matches!(set, Some(Ok(_))) {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    let _ = JsFuture::from(promise).await;
}
