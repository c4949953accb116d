//! The camera, for the in-app scanner (`ui/scanner.rs`) alone: a browser edge like
//! `platform.rs`, kept apart so that its code (and the web-sys types it names) goes with the
//! scanner's chunk, not the first visit. Frames come from `getUserMedia` through a video element
//! drawn on a canvas; `BarcodeDetector` reads them where the browser has one, else the caller
//! decodes the frame (`share::scan`, pure Rust).
//!
//! The browser is called by name (`Reflect` and `Function::call`), not through web-sys's typed
//! bindings: each typed binding is a function of glue in the page's own script and an import of
//! the main module, loaded on every first visit; these calls add none.

use js_sys::{Array, Function, Object, Promise, Reflect};
use std::cell::RefCell;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

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

/// `target[key]`, undefined where it is missing.
fn get(target: &JsValue, key: &str) -> JsValue {
    Reflect::get(target, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

fn set(target: &JsValue, key: &str, value: &JsValue) {
    let _ = Reflect::set(target, &key.into(), value);
}

/// `target[method](...args)`; an error where it is not a function or throws.
fn call(target: &JsValue, method: &str, args: &[&JsValue]) -> Result<JsValue, JsValue> {
    let f = get(target, method);
    if !f.is_function() {
        return Err(JsValue::from_str(method));
    }
    let f: &Function = f.unchecked_ref();
    match args {
        [] => f.call0(target),
        [a] => f.call1(target, a),
        [a, b] => f.call2(target, a, b),
        _ => Reflect::apply(f, target, &args.iter().copied().collect::<Array>()),
    }
}

/// The value a promise that `result` holds resolves to.
async fn settled(result: Result<JsValue, JsValue>) -> Result<JsValue, JsValue> {
    let promise = result?;
    JsFuture::from(promise.unchecked_into::<Promise>()).await
}

/// The camera, running into `video`. Stop it with `stop` (the scanner does, when it is done or
/// the screen goes).
pub struct Camera {
    stream: JsValue,
    video: JsValue,
    canvas: JsValue,
    /// The browser's `BarcodeDetector` for QR codes, while it works.
    detector: RefCell<Option<JsValue>>,
}

/// The longest side a frame is drawn at for decoding.
const FRAME_SIDE: f64 = 640.0;

/// Asks for the back camera (any camera where there is none) and shows it in `video`.
pub async fn open(video: impl Into<JsValue>) -> Result<Camera, CameraError> {
    let video: JsValue = video.into();
    let window: JsValue = js_sys::global().into();
    let devices = get(&get(&window, "navigator"), "mediaDevices");
    if devices.is_undefined() || devices.is_null() {
        return Err(CameraError::Unsupported);
    }
    let (wanted, constraints) = (Object::new(), Object::new());
    set(&wanted, "facingMode", &"environment".into());
    set(&constraints, "video", &wanted);
    set(&constraints, "audio", &JsValue::FALSE);
    let stream = settled(call(&devices, "getUserMedia", &[&constraints])).await.map_err(camera_error)?;
    set(&video, "muted", &JsValue::TRUE);
    let _ = call(&video, "setAttribute", &[&"playsinline".into(), &"".into()]);
    set(&video, "srcObject", &stream);
    let _ = settled(call(&video, "play", &[])).await;
    let canvas = call(&get(&window, "document"), "createElement", &[&"canvas".into()]).map_err(camera_error)?;
    let detector = barcode_detector(&window);
    Ok(Camera { stream, video, canvas, detector: RefCell::new(detector) })
}

/// `new BarcodeDetector({ formats: ["qr_code"] })`, where the browser has it.
fn barcode_detector(window: &JsValue) -> Option<JsValue> {
    let make = get(window, "BarcodeDetector");
    if !make.is_function() {
        return None;
    }
    let options = Object::new();
    set(&options, "formats", &Array::of1(&"qr_code".into()));
    Reflect::construct(make.unchecked_ref::<Function>(), &Array::of1(&options)).ok()
}

impl Camera {
    /// The text of a QR code the browser's detector sees now: `Ok(None)` where it sees none,
    /// `Err(())` where there is no detector or it failed (it is then dropped, and the frames go
    /// to the caller's decoder).
    pub async fn detect(&self) -> Result<Option<String>, ()> {
        let detector = self.detector.borrow().clone().ok_or(())?;
        match settled(call(&detector, "detect", &[&self.video])).await {
            Ok(codes) => Ok(Array::from(&codes).iter().find_map(|code| get(&code, "rawValue").as_string())),
            Err(_) => {
                self.detector.replace(None);
                Err(())
            }
        }
    }

    /// The picture now as RGBA bytes with its width and height, drawn at most `FRAME_SIDE`
    /// pixels on its longer side; `None` before the camera's first picture.
    pub fn frame(&self) -> Option<(Vec<u8>, usize, usize)> {
        let (w, h) = (get(&self.video, "videoWidth").as_f64()?, get(&self.video, "videoHeight").as_f64()?);
        if w < 1.0 || h < 1.0 {
            return None;
        }
        let scale = (FRAME_SIDE / w.max(h)).min(1.0);
        let (w, h) = ((w * scale).floor().max(1.0), (h * scale).floor().max(1.0));
        set(&self.canvas, "width", &w.into());
        set(&self.canvas, "height", &h.into());
        let options = Object::new();
        set(&options, "willReadFrequently", &JsValue::TRUE);
        let context = call(&self.canvas, "getContext", &[&"2d".into(), &options]).ok()?;
        let (zero, wv, hv) = (JsValue::from(0.0), JsValue::from(w), JsValue::from(h));
        call(&context, "drawImage", &[&self.video, &zero, &zero, &wv, &hv]).ok()?;
        let data = get(&call(&context, "getImageData", &[&zero, &zero, &wv, &hv]).ok()?, "data");
        let bytes = js_sys::Uint8Array::new(&get(&data, "buffer")).to_vec();
        Some((bytes, w as usize, h as usize))
    }

    /// Turns the camera off.
    pub fn stop(&self) {
        if let Ok(tracks) = call(&self.stream, "getTracks", &[]) {
            for track in Array::from(&tracks).iter() {
                let _ = call(&track, "stop", &[]);
            }
        }
        set(&self.video, "srcObject", &JsValue::NULL);
    }
}

/// Resolves after `ms` milliseconds (between two looks at the camera).
pub async fn pause(ms: i32) {
    let promise = Promise::new(&mut |resolve, _| {
        let window: JsValue = js_sys::global().into();
        if call(&window, "setTimeout", &[&resolve, &ms.into()]).is_err() {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    let _ = JsFuture::from(promise).await;
}
