//! The models over the range coder: raw bits, bit trees, whole numbers, counts and texts, and
//! `Models`, every adaptive model of a link.

use super::range::{Coder, Prob, HALF, PROB_ONE};
use super::LinkError;

/// `n` bits as they are (n <= 64), high first.
pub(super) fn raw<C: Coder + ?Sized>(c: &mut C, n: u32, v: u64) -> Result<u64, LinkError> {
    let mut out = 0u64;
    let mut left = n;
    while left > 0 {
        let k = left.min(16);
        left -= k;
        let chunk = c.uniform(1 << k, ((v >> left) & ((1 << k) - 1)) as u32)?;
        out |= (chunk as u64) << left;
    }
    Ok(out)
}

/// `n` bits through a binary tree of adaptive models (`probs` has 2^n of them), high first.
pub(super) fn tree<C: Coder + ?Sized>(c: &mut C, probs: &mut [Prob], n: u32, v: u32) -> Result<u32, LinkError> {
    let mut m = 1usize;
    for i in (0..n).rev() {
        let bit = c.bit(&mut probs[m], (v >> i) & 1 == 1)?;
        m = (m << 1) | bit as usize;
    }
    Ok(m as u32 - (1 << n))
}

/// Whole numbers of any size: the count of significant bits (0 to 64) through an adaptive
/// tree, then the bits below the leading 1 as they are. Small and usual values get cheap.
#[derive(Clone)]
pub(super) struct IntModel([Prob; 128]);

impl IntModel {
    pub(super) fn new() -> IntModel {
        IntModel([HALF; 128])
    }
}

pub(super) fn int<C: Coder + ?Sized>(c: &mut C, m: &mut IntModel, v: u64) -> Result<u64, LinkError> {
    let bits = tree(c, &mut m.0, 7, 64 - v.leading_zeros())?;
    if bits > 64 {
        return Err(LinkError::Corrupt);
    }
    if bits <= 1 {
        return Ok(bits as u64);
    }
    let top = 1u64 << (bits - 1);
    Ok(top | raw(c, bits - 1, v & (top - 1))?)
}

/// A count of items about to be decoded, spent from the budget; decoding refuses more
/// than `cap`.
pub(super) fn count<C: Coder + ?Sized>(c: &mut C, m: &mut IntModel, v: usize, cap: usize) -> Result<usize, LinkError> {
    let n = int(c, m, v as u64)?;
    if c.decoding() && n > cap as u64 {
        return Err(LinkError::TooLarge);
    }
    c.spend(n)?;
    Ok(n as usize)
}

/// Texts that were coded before, most recent first: a text that comes again (a stand label,
/// an objective named in another battle) is sent as its place in this list.
const TEXTS_KEPT: usize = 64;

/// The list starts with the names Field Desk gives campaigns, frozen with link version 1.
const PRESET_TEXTS: [&str; 2] = ["Sample: Race for X", "New campaign"];

pub(super) struct TextModel {
    recent: Vec<String>,
    again: Prob,
    place: IntModel,
    len: IntModel,
    /// Bytes through a 256-leaf tree, one per class of the byte before.
    bytes: Vec<[Prob; 256]>,
}

impl TextModel {
    fn new(presets: &[&str]) -> TextModel {
        TextModel {
            recent: presets.iter().map(|s| s.to_string()).collect(),
            again: HALF,
            place: IntModel::new(),
            len: IntModel::new(),
            bytes: BYTE_PRIORS.to_vec(),
        }
    }
}

/// Byte weights before anything is seen, frozen with link version 1: English letter
/// frequencies (per mille), capitals likelier after a space or at the start than within a
/// word, digits, common punctuation; every other byte (UTF-8 included) weighs 1, control
/// characters nothing.
const fn byte_weight(class: usize, b: u8) -> u32 {
    const LOWER: [u32; 26] =
        [82, 15, 28, 43, 127, 22, 20, 61, 70, 2, 8, 40, 24, 67, 75, 19, 1, 60, 63, 91, 28, 10, 24, 2, 20, 1];
    match b {
        b' ' => 150,
        b'a'..=b'z' => LOWER[(b - b'a') as usize],
        b'A'..=b'Z' => {
            let w = LOWER[(b - b'A') as usize] / if class == 0 { 2 } else { 8 };
            if w == 0 {
                1
            } else {
                w
            }
        }
        b'0'..=b'9' => 10,
        b'.' | b',' | b'-' | b'(' | b')' | b'\'' | b':' | b'/' => 4,
        0..=31 | 127 => 0,
        _ => 1,
    }
}

/// The starting models of a byte tree: each node's chance of a 0 is the weight of its left
/// leaves over the weight of all its leaves.
const fn byte_prior(class: usize) -> [Prob; 256] {
    let mut weights = [0u32; 512];
    let mut b = 0;
    while b < 256 {
        weights[256 + b] = byte_weight(class, b as u8);
        b += 1;
    }
    let mut node = 255;
    while node >= 1 {
        weights[node] = weights[2 * node] + weights[2 * node + 1];
        node -= 1;
    }
    let mut probs = [HALF; 256];
    let mut node = 1;
    while node < 256 {
        let (left, all) = (weights[2 * node] as u64, weights[node] as u64);
        // A node nobody reached keeps even odds.
        if let Some(p) = (left * PROB_ONE as u64 + all / 2).checked_div(all) {
            probs[node] = if p < 15 {
                15
            } else if p > 4081 {
                4081
            } else {
                p as Prob
            };
        }
        node += 1;
    }
    probs
}

const BYTE_PRIORS: [[Prob; 256]; 5] = [byte_prior(0), byte_prior(1), byte_prior(2), byte_prior(3), byte_prior(4)];

/// The class of a byte, the context of the next: other, lowercase, uppercase, digit, non-ASCII.
fn byte_class(b: u8) -> usize {
    match b {
        b'a'..=b'z' => 1,
        b'A'..=b'Z' => 2,
        b'0'..=b'9' => 3,
        0x80.. => 4,
        _ => 0,
    }
}

/// A text: again (its place among the recent ones) or new (length and UTF-8 bytes).
pub(super) fn text<C: Coder + ?Sized>(c: &mut C, m: &mut TextModel, s: Option<&str>) -> Result<String, LinkError> {
    let found = s.and_then(|s| m.recent.iter().position(|r| r == s));
    if !m.recent.is_empty() && c.bit(&mut m.again, found.is_some())? {
        let i = int(c, &mut m.place, found.unwrap_or(0) as u64)?;
        if i >= m.recent.len() as u64 {
            return Err(LinkError::Corrupt);
        }
        let s = m.recent.remove(i as usize);
        c.spend(s.len() as u64)?;
        m.recent.insert(0, s.clone());
        return Ok(s);
    }
    let given = s.unwrap_or("").as_bytes();
    let n = int(c, &mut m.len, given.len() as u64)?;
    c.spend(n)?;
    let mut bytes = Vec::with_capacity(n as usize);
    let mut class = 0;
    for i in 0..n as usize {
        let b = tree(c, &mut m.bytes[class], 8, given.get(i).copied().unwrap_or(0) as u32)? as u8;
        bytes.push(b);
        class = byte_class(b);
    }
    let s = String::from_utf8(bytes).map_err(|_| LinkError::Corrupt)?;
    if c.decoding() && m.recent.contains(&s) {
        // The encoder sends a repeated text as such.
        return Err(LinkError::Corrupt);
    }
    m.recent.insert(0, s.clone());
    m.recent.truncate(TEXTS_KEPT);
    Ok(s)
}

/// Every adaptive model of a link, fresh at its start.
pub(super) struct Models {
    /// The contexts of a system's grammar (Race for X's setup and decisions included).
    pub(super) grammar: super::generic::GrammarModels,
    pub(super) text: TextModel,
    /// Numbers in the meta: id bytes, times. Race for X's setup grammar takes it on for its
    /// counts (formations, units, stands...), as link version 1 coded them
    /// (`race_for_x::code_setup`).
    pub(super) count: IntModel,
    pub(super) flags: [Prob; 4],
    pub(super) lines: IntModel,
    /// Line kind: not a decision; a redo rather than an undo (by the kind of the line before).
    pub(super) not_decide: [Prob; 3],
    pub(super) redo: [Prob; 3],
    /// Rolled at the table, by the roller of the die before.
    pub(super) table: [Prob; 2],
    pub(super) raw_kind: [Prob; 4],
    pub(super) raw_tag: [Prob; 16],
    pub(super) raw_count: IntModel,
    pub(super) raw_table: Prob,
}

impl Models {
    pub(super) fn new() -> Models {
        Models::with_texts(&PRESET_TEXTS)
    }
    /// Models whose text list starts with `presets` (a system's sample name, say) instead of
    /// `PRESET_TEXTS`.
    pub(super) fn with_texts(presets: &[&str]) -> Models {
        Models {
            grammar: super::generic::GrammarModels::new(),
            text: TextModel::new(presets),
            count: IntModel::new(),
            flags: [HALF; 4],
            lines: IntModel::new(),
            not_decide: [HALF; 3],
            redo: [HALF; 3],
            table: [HALF; 2],
            raw_kind: [HALF; 4],
            raw_tag: [HALF; 16],
            raw_count: IntModel::new(),
            raw_table: HALF,
        }
    }
}

// Flags, each its own model (Race for X's setup flags are its grammar's contexts).
pub(super) const FLAG_APP_ID: usize = 0;
pub(super) const FLAG_HEX_ID: usize = 1;
pub(super) const FLAG_MS: usize = 2;
pub(super) const FLAG_REPLAYS: usize = 3;

/// The kind of the next journal line (`codes::LINE_*`) among those `possible` now
/// (decide, undo, redo), by the kind of the line `before` it: free when only one is
/// possible, refused when the given one is not.
pub(super) fn code_line_kind<C: Coder + ?Sized>(
    c: &mut C,
    m: &mut Models,
    possible: [bool; 3],
    before: usize,
    given: usize,
) -> Result<usize, LinkError> {
    use super::codes::{LINE_DECIDE, LINE_REDO, LINE_UNDO};
    if !c.decoding() && !possible[given] {
        return Err(LinkError::Corrupt);
    }
    if possible[0] && (!(possible[1] || possible[2]) || !c.bit(&mut m.not_decide[before], given != LINE_DECIDE)?) {
        Ok(LINE_DECIDE)
    } else if possible[1] && possible[2] {
        Ok(if c.bit(&mut m.redo[before], given == LINE_REDO)? { LINE_REDO } else { LINE_UNDO })
    } else if possible[1] {
        Ok(LINE_UNDO)
    } else if possible[2] {
        Ok(LINE_REDO)
    } else {
        Err(LinkError::Corrupt)
    }
}
