//! The in-app scanner's decoder (`share::scan`): QR codes made as the share panel makes them,
//! drawn into grey frames as a camera might see them, read back to the same text; frames with
//! no code, or whose sizes do not fit, read as nothing and never panic.

use field_desk::share::scan::{decode, decode_rgba, grey_from_rgba, link_fragment, MAX_PIXELS};
use qrcode::{Color, EcLevel, QrCode};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A grey frame of `width` x `height` (light background) with `text`'s QR code drawn at
/// (`left`, `top`), `scale` pixels a module, a quiet zone of four modules around it.
fn frame(text: &str, level: EcLevel, scale: usize, left: usize, top: usize, width: usize, height: usize) -> Vec<u8> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), level).unwrap();
    let n = code.width();
    let colors = code.to_colors();
    let mut grey = vec![235u8; width * height];
    let side = (n + 8) * scale;
    assert!(left + side <= width && top + side <= height, "the code fits the frame");
    for y in 0..side {
        for x in 0..side {
            let (mx, my) = ((x / scale) as isize - 4, (y / scale) as isize - 4);
            let dark = (0..n as isize).contains(&mx)
                && (0..n as isize).contains(&my)
                && colors[my as usize * n + mx as usize] == Color::Dark;
            grey[(top + y) * width + left + x] = if dark { 20 } else { 250 };
        }
    }
    grey
}

fn noisy(mut grey: Vec<u8>, amount: i32, seed: u64) -> Vec<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for p in &mut grey {
        *p = (*p as i32 + rng.random_range(-amount..=amount)).clamp(0, 255) as u8;
    }
    grey
}

const REPLY: &str = "http://127.0.0.1:8080/field-desk/#s=fd5.AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5Ojs8PT4_QEFCQ0RFRkdISUpLTE1OT1BRUlNUVVZXWFlaW1xdXl9gYWJjZGVmZ2hpamtsbW5vcHFy";

#[test]
fn a_reply_code_reads_back_to_its_text() {
    let grey = frame(REPLY, EcLevel::M, 4, 30, 20, 640, 480);
    assert_eq!(decode(&grey, 640, 480).as_deref(), Some(REPLY));
    assert_eq!(link_fragment(&decode(&grey, 640, 480).unwrap()).as_deref(), Some(&REPLY[REPLY.find("s=").unwrap()..]));
}

#[test]
fn a_code_reads_at_several_scales_and_places_with_noise() {
    for (i, (scale, left, top)) in [(3, 0, 0), (5, 100, 10), (2, 300, 200), (6, 40, 0)].into_iter().enumerate() {
        let grey = noisy(frame(REPLY, EcLevel::L, scale, left, top, 640, 480), 20, i as u64);
        assert_eq!(decode(&grey, 640, 480).as_deref(), Some(REPLY), "scale {scale} at ({left}, {top})");
    }
}

#[test]
fn an_rgba_frame_reads_through_its_grey_levels() {
    let grey = frame("fd6.short", EcLevel::M, 4, 10, 10, 200, 160);
    let rgba: Vec<u8> = grey.iter().flat_map(|&g| [g, g, g, 255]).collect();
    assert_eq!(grey_from_rgba(&rgba, 200, 160).unwrap().len(), 200 * 160);
    assert_eq!(decode_rgba(&rgba, 200, 160).as_deref(), Some("fd6.short"));
}

#[test]
fn a_frame_with_no_code_reads_as_nothing() {
    assert_eq!(decode(&vec![200u8; 320 * 240], 320, 240), None);
    assert_eq!(decode(&noisy(vec![128u8; 320 * 240], 120, 7), 320, 240), None);
    // Stripes and squares, no finder patterns that agree.
    let stripes: Vec<u8> = (0..320 * 240).map(|i| if (i % 320) / 7 % 2 == 0 { 0 } else { 255 }).collect();
    assert_eq!(decode(&stripes, 320, 240), None);
}

#[test]
fn sizes_that_do_not_fit_read_as_nothing() {
    let grey = frame(REPLY, EcLevel::M, 4, 30, 20, 640, 480);
    assert_eq!(decode(&grey, 640, 479), None);
    assert_eq!(decode(&grey, 0, 0), None);
    assert_eq!(decode(&[], 0, 10), None);
    assert_eq!(decode(&grey, usize::MAX, 2), None);
    assert_eq!(decode(&grey[..640 * 10], 640, 10), None);
    assert_eq!(decode(&vec![0u8; MAX_PIXELS + 1024], MAX_PIXELS / 1024 + 1, 1024), None);
    assert_eq!(grey_from_rgba(&[1, 2, 3], 1, 1), None);
    assert_eq!(grey_from_rgba(&[], usize::MAX, usize::MAX), None);
    assert_eq!(decode_rgba(&[0; 16], 2, 2), None);
    // Random frames of random small sizes: nothing, no panic.
    let mut rng = ChaCha8Rng::seed_from_u64(30);
    for _ in 0..200 {
        let (w, h) = (rng.random_range(0..90), rng.random_range(0..90));
        let grey: Vec<u8> = (0..w * h).map(|_| if rng.random_bool(0.5) { 0 } else { 255 }).collect();
        let _ = decode(&grey, w, h);
    }
}

#[test]
fn other_codes_are_not_field_desk_links() {
    let grey = frame("https://example.com/menu", EcLevel::M, 4, 10, 10, 320, 240);
    let text = decode(&grey, 320, 240).unwrap();
    assert_eq!(text, "https://example.com/menu");
    assert_eq!(link_fragment(&text), None);
}

/// A camera sees parts of codes, smudges and glare: codes cut, blotted and scaled at random read
/// as their text or as nothing, never a panic (a panic would end the app: `panic = "abort"`).
#[test]
fn damaged_codes_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(32);
    for i in 0..400 {
        let scale = rng.random_range(1..4);
        let text = if i % 2 == 0 { "fd6.short" } else { REPLY };
        let side = (QrCode::with_error_correction_level(text.as_bytes(), EcLevel::L).unwrap().width() + 8) * scale;
        let (w, h) = (side + rng.random_range(0..40), side + rng.random_range(0..40));
        let mut grey =
            frame(text, EcLevel::L, scale, rng.random_range(0..=w - side), rng.random_range(0..=h - side), w, h);
        for _ in 0..rng.random_range(1..12) {
            let (bw, bh) = (rng.random_range(1..w / 2), rng.random_range(1..h / 2));
            let (bx, by) = (rng.random_range(0..w - bw), rng.random_range(0..h - bh));
            let level = rng.random_range(0..=255u8);
            for y in by..by + bh {
                for x in bx..bx + bw {
                    grey[y * w + x] = if rng.random_bool(0.3) { rng.random() } else { level };
                }
            }
        }
        let read = decode(&grey, w, h);
        assert!(read.is_none() || read.as_deref() == Some(text), "frame {i} read as {read:?}");
    }
}
