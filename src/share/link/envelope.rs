//! The outer layer of a link: the version marker, base64url and the CRC-32 of the coded
//! bytes (see the wire format in `link`).

use super::{
    coded_system, LinkError, ReplyLink, FOLLOW_LINK_VERSION, FRAGMENT_KEY, MAX_LINK_CHARS, READS_UP_TO,
    REPLY_LINK_VERSION,
};
use crate::systems::SystemId;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;

/// Checksums and marks coded bytes as link version 1: `fd1.` + base64url(bytes ++
/// CRC-32(bytes)). Exposed for measurements and tests; `encode` is the way to make a link.
pub fn seal(coded: &[u8]) -> String {
    seal_as(coded, 1)
}

/// `seal` with the version marker `version` (see `LINK_VERSION`). From version 2 the
/// checksum covers the version too, so a damaged marker is caught like any other damage.
pub fn seal_as(coded: &[u8], version: u8) -> String {
    let mut packed = coded.to_vec();
    packed.extend_from_slice(&checksum(version as u32, coded).to_le_bytes());
    format!("fd{version}.{}", URL_SAFE_NO_PAD.encode(packed))
}

/// The inverse of `seal`: the coded bytes of a link of this version, checksum checked.
pub fn unseal(text: &str) -> Result<Vec<u8>, LinkError> {
    unseal_versioned(text).map(|(_, bytes)| bytes)
}

/// `unseal`, with the version the link was sealed as (3: a seat copy).
pub fn unseal_versioned(text: &str) -> Result<(u32, Vec<u8>), LinkError> {
    if text.len() > MAX_LINK_CHARS {
        return Err(LinkError::TooLarge);
    }
    let text = text.trim();
    // A whole URL: what follows the '#'.
    let text = match text.rfind('#') {
        Some(i) => &text[i + 1..],
        None => text,
    };
    let text = text.strip_prefix(FRAGMENT_KEY).unwrap_or(text);
    let rest = text.strip_prefix("fd").ok_or(LinkError::NotALink)?;
    let dot = rest.find('.').ok_or(LinkError::NotALink)?;
    let digits = &rest[..dot];
    // Decimal, without leading zeros: one spelling per version.
    if digits.is_empty() || digits.len() > 9 || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(LinkError::NotALink);
    }
    let version: u32 = digits.parse().map_err(|_| LinkError::NotALink)?;
    if version > READS_UP_TO as u32 {
        return Err(LinkError::FutureVersion { version });
    }
    if version == 0 {
        return Err(LinkError::NotALink);
    }
    let mut packed = URL_SAFE_NO_PAD.decode(&rest[dot + 1..]).map_err(|_| LinkError::Corrupt)?;
    if packed.len() < 4 {
        return Err(LinkError::Corrupt);
    }
    let sum = packed.split_off(packed.len() - 4);
    if checksum(version, &packed).to_le_bytes()[..] != sum[..] {
        return Err(LinkError::Corrupt);
    }
    Ok((version, packed))
}

/// The CRC-32 of a link's bytes; from version 2, of the version number and the bytes.
fn checksum(version: u32, bytes: &[u8]) -> u32 {
    if version == 1 {
        crc32(bytes)
    } else {
        let mut v = version.to_le_bytes().to_vec();
        v.extend_from_slice(bytes);
        crc32(&v)
    }
}

const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
};

/// CRC-32 (IEEE 802.3, reflected), the checksum of zip, gzip and PNG.
fn crc32(bytes: &[u8]) -> u32 {
    !bytes.iter().fold(!0u32, |c, &b| CRC_TABLE[((c ^ b as u32) & 0xFF) as usize] ^ (c >> 8))
}

/// The id of a reply link (`ReplyLink::id`), read without any system's code; `None` for
/// anything else.
pub fn reply_link_id(text: &str) -> Option<u64> {
    let (version, bytes) = unseal_versioned(text).ok()?;
    if version != REPLY_LINK_VERSION as u32 {
        return None;
    }
    ReplyLink::read(bytes).ok().map(|r| r.id)
}

/// The system of a following seat copy's link (`fd6.`), from its first byte alone: which
/// system's code can open it (`FollowLink::open_of`). `None` for any other link; nothing is
/// checked here (the system's code reads the whole link, checksum first).
pub fn follow_system(hash: &str) -> Option<SystemId> {
    // Read as `unseal_versioned` reads it: a whole URL (what follows its '#'), an address's
    // fragment, or the link alone.
    let text = hash.trim();
    let text = text.rfind('#').map_or(text, |i| &text[i + 1..]);
    let text = text.strip_prefix(FRAGMENT_KEY).unwrap_or(text);
    let text = text.strip_prefix(&format!("fd{FOLLOW_LINK_VERSION}."))?;
    let head = URL_SAFE_NO_PAD.decode(text.get(..4)?).ok()?;
    coded_system(u32::from(*head.first()?))
}

/// A following seat copy's link, its envelope opened (`read` for `fd6.` links alone).
pub fn read_follow(hash: &str) -> Result<crate::share::follow::FollowLink, LinkError> {
    let (version, bytes) = unseal_versioned(hash)?;
    if version != FOLLOW_LINK_VERSION as u32 {
        return Err(LinkError::Corrupt);
    }
    crate::share::follow::FollowLink::read(&bytes).ok_or(LinkError::Corrupt)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_is_the_standard_one() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }
}
