//! DEFLATE with a preset dictionary, for seat copies that follow another (`follow`): the text
//! of the copy a device holds starts the compressor's window, so what the next copy says in
//! the same words (unit names, a history line's shape) costs a back-reference.
//!
//! The compressor is fed the dictionary, flushed to a byte boundary (a sync flush keeps the
//! window), then the text; only what follows the flush is sent. The reader rebuilds a stream
//! that holds the dictionary as stored blocks, followed by what was sent, and inflates it:
//! any coding of the dictionary leaves the same window, so this depends on no compressor's
//! exact output.

use miniz_oxide::deflate::core::{
    compress, create_comp_flags_from_zip_params, CompressorOxide, TDEFLFlush, TDEFLStatus,
};

/// The most of a dictionary used: DEFLATE's window, less the longest match.
const WINDOW: usize = 32 * 1024 - 258;

fn window(dictionary: &[u8]) -> &[u8] {
    &dictionary[dictionary.len().saturating_sub(WINDOW)..]
}

/// `data` compressed (raw DEFLATE, best compression) after `dictionary`.
pub fn deflate(dictionary: &[u8], data: &[u8]) -> Vec<u8> {
    let dictionary = window(dictionary);
    let mut c = CompressorOxide::new(create_comp_flags_from_zip_params(9, 0, 0));
    let mut scratch = vec![0; 64 * 1024];
    let mut input = dictionary;
    // The dictionary: fed and flushed, its bytes thrown away.
    loop {
        let (status, used, _) = compress(&mut c, input, &mut scratch, TDEFLFlush::Sync);
        input = &input[used..];
        match status {
            TDEFLStatus::Okay if input.is_empty() => break,
            TDEFLStatus::Okay => {}
            _ => unreachable!("compressing into memory cannot fail"),
        }
    }
    let mut out = Vec::new();
    let mut input = data;
    loop {
        let (status, used, written) = compress(&mut c, input, &mut scratch, TDEFLFlush::Finish);
        out.extend_from_slice(&scratch[..written]);
        input = &input[used..];
        match status {
            TDEFLStatus::Done => return out,
            TDEFLStatus::Okay => {}
            _ => unreachable!("compressing into memory cannot fail"),
        }
    }
}

/// The inverse of `deflate` with the same dictionary: at most `limit` bytes, else `None`
/// (also for bytes that do not inflate).
pub fn inflate(dictionary: &[u8], bytes: &[u8], limit: usize) -> Option<Vec<u8>> {
    let dictionary = window(dictionary);
    let mut stream = Vec::with_capacity(dictionary.len() + 5 + bytes.len());
    // The dictionary as one stored block, not the last: header bits 000, then LEN and NLEN.
    let n = dictionary.len() as u16;
    stream.push(0);
    stream.extend_from_slice(&n.to_le_bytes());
    stream.extend_from_slice(&(!n).to_le_bytes());
    stream.extend_from_slice(dictionary);
    stream.extend_from_slice(bytes);
    let out = miniz_oxide::inflate::decompress_to_vec_with_limit(&stream, dictionary.len() + limit).ok()?;
    out.strip_prefix(dictionary).map(<[u8]>::to_vec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_deflated_after_a_dictionary_inflates_with_it_and_costs_less() {
        let dictionary =
            b"Anna: recovery at 5+: 8 of 28 lost stands back (Rifle (4th Platoon), T-26 (Tank 1)).".repeat(3);
        let data = b"Boris: recovery at 5+: 3 of 12 lost stands back (Rifle (4th Platoon), T-26 (Tank 1)).";
        let primed = deflate(&dictionary, data);
        let plain = miniz_oxide::deflate::compress_to_vec(data, 9);
        assert!(primed.len() < plain.len() / 2, "{} against {}", primed.len(), plain.len());
        assert_eq!(inflate(&dictionary, &primed, 1000).as_deref(), Some(&data[..]));
        assert_ne!(
            inflate(b"another dictionary", &primed, 1000).as_deref(),
            Some(&data[..]),
            "another dictionary reads otherwise"
        );
        assert_eq!(inflate(&dictionary, &primed, 10), None, "over the limit");
        // No dictionary at all, and a long one (only its window counts).
        assert_eq!(inflate(b"", &deflate(b"", data), 1000).as_deref(), Some(&data[..]));
        let long = vec![b'x'; 100_000];
        assert_eq!(inflate(&long, &deflate(&long, data), 1000).as_deref(), Some(&data[..]));
    }
}
