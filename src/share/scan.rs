//! Reading a Field Desk link from a picture: the in-app scanner's decoder (`ui/scanner.rs`, in
//! a wasm chunk of its own) and what counts as a Field Desk link in scanned or pasted text.
//!
//! A frame is grey levels, one byte a pixel, row after row. `decode` hands it to `quircs`, a
//! pure-Rust QR decoder (a port of quirc), so scanning works in every browser; frames larger than
//! `MAX_PIXELS` or whose bytes do not match their size read as nothing, never a panic.

use super::link::{is_link, FRAGMENT_KEY};

/// The most pixels a frame may have (a 1280x1024 picture); a larger one is not read, so one
/// frame never holds the tab for long. The scanner draws camera frames smaller than this.
pub const MAX_PIXELS: usize = 1280 * 1024;

/// The text of the first QR code found in a grey frame of `width` x `height`, if any.
pub fn decode(grey: &[u8], width: usize, height: usize) -> Option<String> {
    let pixels = width.checked_mul(height)?;
    if width < 21 || height < 21 || pixels > MAX_PIXELS || grey.len() != pixels {
        return None;
    }
    let mut decoder = quircs::Quirc::default();
    let mut codes = decoder.identify(width, height, grey);
    codes.find_map(|code| String::from_utf8(code.ok()?.decode().ok()?.payload).ok())
}

/// The grey levels of an RGBA frame (as a canvas gives it), or `None` where its bytes do not
/// match its size.
pub fn grey_from_rgba(rgba: &[u8], width: usize, height: usize) -> Option<Vec<u8>> {
    let pixels = width.checked_mul(height)?;
    if pixels > MAX_PIXELS || rgba.len() != pixels.checked_mul(4)? {
        return None;
    }
    // Luma by integer weights (0.299, 0.587, 0.114 in 256ths).
    Some(rgba.chunks_exact(4).map(|p| ((77 * p[0] as u32 + 150 * p[1] as u32 + 29 * p[2] as u32) >> 8) as u8).collect())
}

/// The text of the first QR code in an RGBA frame, if any.
pub fn decode_rgba(rgba: &[u8], width: usize, height: usize) -> Option<String> {
    decode(&grey_from_rgba(rgba, width, height)?, width, height)
}

/// The location hash (`s=fd….`) a Field Desk link in `text` opens: a whole link (any origin),
/// its fragment, or the payload alone (`fd5.…`). `None` for any other text: a link from
/// elsewhere, words, an empty scan.
pub fn link_fragment(text: &str) -> Option<String> {
    let text = text.trim();
    let after = text.rsplit('#').next().unwrap_or_default();
    let after = after.strip_prefix(FRAGMENT_KEY).unwrap_or(after);
    let payload_like = after.starts_with("fd")
        && after.find('.').is_some_and(|dot| dot > 2 && after[2..dot].bytes().all(|b| b.is_ascii_digit()));
    let fragment = format!("{FRAGMENT_KEY}{after}");
    (payload_like && is_link(&fragment)).then_some(fragment)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn link_fragments() {
        assert_eq!(link_fragment("https://x.org/app/#s=fd5.abc").as_deref(), Some("s=fd5.abc"));
        assert_eq!(link_fragment("  fd6.xyz\n").as_deref(), Some("s=fd6.xyz"));
        assert_eq!(link_fragment("#s=fd4.q").as_deref(), Some("s=fd4.q"));
        assert_eq!(link_fragment("https://example.com/"), None);
        assert_eq!(link_fragment("s=hello"), None);
        assert_eq!(link_fragment("fd.x"), None);
        assert_eq!(link_fragment(""), None);
    }
}
