//! Share links: a whole campaign (setup, history and the dice that were rolled) carried in
//! the `#fragment` of a URL, which browsers never send to a server.
//!
//! # Wire format, link version 1
//!
//! ```text
//! https://host/path/#s=fd1.<base64url, no padding>
//!                     |  |   '- coded ++ CRC-32(coded), little endian
//!                     |  '----- the version marker: "fd" + link version + "."
//!                     '-------- FRAGMENT_KEY
//! ```
//!
//! The version marker stays outside the coded part, so a later format is told apart before
//! anything is decoded, and a link from a newer app gets its own message. The CRC-32 (IEEE,
//! as zip and PNG use) catches a link that was cut short or mangled on its way through chat
//! apps: the coded bytes carry no redundancy of their own, so a changed byte would
//! otherwise still decode, and often replay.
//!
//! ## The coded bytes
//!
//! One stream of a binary arithmetic coder: a 32-bit range coder as LZMA's (carries
//! propagated through runs of 0xFF), whose first byte, always 0, is not sent, and which ends
//! with the fewest bytes that pin its last range (a reader supplies zeros after them). A
//! reader refuses a stream that does not end exactly so, and the spellings an encoder never
//! writes (a setup in full that equals the sample, a text sent anew that was sent before, a
//! reordering that keeps the order...), so a campaign has one link. Every choice is coded
//! with a probability: adaptive ones (12-bit, moving 1/16 of the way towards each bit
//! seen, one model per context listed below, all fresh at the start of a link) or exact
//! ones (a die face: 1/6 each). What follows, in order:
//!
//! | part    | coding |
//! |---------|--------|
//! | system  | one of 16, uniform: 0 Race for X (what follows the meta is that system's) |
//! | meta    | id: the app's (16 hex digits: flag, then 8 bytes uniform), other hex (flag, byte count, bytes) or text; the name (text); times as whole milliseconds (flag, created, updated less created, as numbers) or as they are (64 bits each) |
//! | setup   | flag: the built-in sample; otherwise size (1 of 4), each player's name and orbat (flag: "the sample battalion named …"; otherwise formations and units, each after the first formation with a flag "as the sample battalion's", and in full where it differs), defensive orbats (flag: the sample's; otherwise a count and each with a flag "as the sample's", or in full) |
//! | journal | flag: replayed (below) or plain; the line count (number); the lines |
//!
//! *Numbers*: the count of significant bits (0 to 64) through a 7-level tree of adaptive
//! bits (one tree per kind of number), then the bits under the leading 1 as they are.
//! *Texts*: a flag "again"; again: its place among the 64 texts coded most recently (a
//! number; the list starts as `PRESET_TEXTS`, the names Field Desk gives campaigns);
//! otherwise its byte length (a number) and its UTF-8 bytes, each through a 256-leaf tree of
//! adaptive bits chosen by the class of the byte before (other, lowercase, uppercase,
//! digit, non-ASCII), which start from English letter frequencies (`byte_weight`).
//!
//! ## Replayed journal
//!
//! The usual case: the journal is coded while the engine (`Campaign<RaceForX>`) replays it,
//! so each line is coded knowing the position it is played in, and only what the rules
//! leave open costs anything:
//!
//! - the line's kind among those possible now (a decision unless the campaign is over; an
//!   undo when something is in effect; a redo when something was undone): "not a
//!   decision", then "redo rather than undo", adaptive by the kind of the line before;
//! - the decision among those of the current step, nothing where the step allows one kind
//!   (rolling for the type of battle, the defence, the result, recovery; movement):
//!   - offensive actions: which player (a flag, when neither has chosen), then
//!     Attack/Regroup (a flag per player);
//!   - forces: the set of units, `units_allowed` of the units with stands left, coded with
//!     the exact chances that make every set equally likely, then a flag "in another order"
//!     and, if set, each unit's place among those left;
//!   - the fight: clock roll (while the clock runs), outcome, note or named objectives, as
//!     up to three flags by context (clock rolled yet, objectives named yet, clock run
//!     out); a note or a name is a text; the outcome is objectives (two flags), which of
//!     the alive stands of the fielded units were killed (a bit each, with the chance the
//!     battle's record so far gives, see `losses`; then the order flag as for forces), and
//!     the stands that exited (a flag "some", then uniform up to the fighting stands left);
//!   - replacing a commander: which of `rules::pending_commanders`, and which of
//!     `rules::replacement_candidates`, each uniform;
//! - the dice: their number and kind are the rules' (`System::dice`) and cost nothing; each
//!   die costs a flag "rolled at the table" (adaptive, by the roller of the die before)
//!   and its face, uniform (log2 6 = 2.585 bits for a d6, the least possible).
//!
//! A line the rules refuse cannot be written this way; decoding, one that the rules refuse
//! (a damaged link that passed the checksum) is `DoesNotReplay`. Decoding is the replay:
//! what comes back opens without a second one.
//!
//! ## Plain journal
//!
//! A history that does not replay (a damaged document), or would take more than
//! `MAX_REPLAY_COST` to: each line's kind (two adaptive bits), a decision's tag (four, see
//! `TAG_*`), its data with every number in full (units and exits 16 bits, stands 16 + 8,
//! lists by count) and its dice (count, then per die its kind, roller and a 16-bit value).
//! Decoding replays it afterwards, and refuses it with the engine's reason.
//!
//! ## Reading a link never panics, and its work is bounded
//!
//! The decoder accepts any bytes and reads at most 4 zeros past their end; every count
//! is checked against `MAX_LINES`, `MAX_UNITS`, `MAX_STANDS` and `MAX_DECODED` before
//! anything is built, every index against its list, and the memory of the replay against
//! `MAX_REPLAY_COST` before each position is played.
//!
//! Everything is coded through codes fixed in this file, not the systems types' serde
//! derives, so reordering an enum of the rules changes no link. Only the dice that were
//! rolled travel: nothing predicts a future roll (the app draws each roll from the
//! browser's entropy when it is made).
//!
//! # Versions
//!
//! A link version once released keeps loading: add `fd2.` beside `fd1.` rather than
//! changing what `fd1.` means, and commit fixtures for each. Everything the coding depends
//! on is part of the version: the models and their contexts, `PRESET_TEXTS`, the codes
//! and tags here, the sample setup, and the rules' answers to "what may happen now"
//! (`rules::fieldable_units`, `units_allowed`, `pending_commanders`,
//! `replacement_candidates`, `System::dice`, the clock). A change of the rules that changes
//! those answers for an existing history needs a new link version.

use super::{Document, Meta, FORMAT};
use crate::engine::{Action, Campaign, DiceInput, DiceSpec, Entry, ReplayError, Roll, Roller, System};
use crate::systems::race_for_x::tables::{OffensiveAction, CLOCK_TICKS};
use crate::systems::race_for_x::{
    rules, sample, BattleOutcome, Decision, DefensiveOrbat, Formation, Orbat, Phase, Player, RaceForX, Setup, Side,
    Stand, StandRef, State, Unit,
};
use crate::systems::Body;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use std::fmt;

/// The link version this app writes. Every version up to it keeps being read.
pub const LINK_VERSION: u8 = 1;

/// The key of a share link in the URL fragment: `#s=fd1.…`.
pub const FRAGMENT_KEY: &str = "s=";

/// The most text a link may hold; more is refused before it is decoded.
pub const MAX_LINK_CHARS: usize = 1 << 20;
/// The most a link may decode to, counted in bytes of text plus items of lists (units,
/// stands, lines, dice...): a 9-turn campaign is under 2,000. Arithmetic coding can make a
/// long run of likely items cost almost nothing, so this count, not the link's length,
/// bounds the work (with `MAX_LINES` and `MAX_REPLAY_COST`).
pub const MAX_DECODED: usize = 1 << 20;
/// The most journal lines a link may carry (a 30-turn campaign with every clock roll in
/// the app has about 2,300).
pub const MAX_LINES: usize = 20_000;
/// The most units (and formations) an orbat in a link may have, and stands a unit may have:
/// far above any real orbat, low enough that the rules' checks stay quick.
pub const MAX_UNITS: usize = 500;
pub const MAX_STANDS: usize = 64;
/// The most memory, estimated before replaying, that replaying a link may take (see
/// `ReplayCost`): about a 50-turn campaign.
pub const MAX_REPLAY_COST: usize = 128 << 20;

/// Why a link does not open. Nothing is stored or changed in any of these cases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// No share link there at all.
    NotALink,
    /// Made by a newer Field Desk.
    FutureVersion { version: u32 },
    /// Cut short or changed on the way (bad characters, checksum or contents).
    Corrupt,
    /// Read fine, but the history does not replay under the rules.
    DoesNotReplay(String),
    /// Bigger than Field Desk opens from a link.
    TooLarge,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::NotALink => write!(f, "This is not a Field Desk campaign link."),
            LinkError::FutureVersion { version } => write!(
                f,
                "This link was made by a newer version of Field Desk (link version {version}; this version reads up to {LINK_VERSION}). Reload the page to update the app, then open the link again."
            ),
            LinkError::Corrupt => write!(
                f,
                "This link is damaged: part of it is missing or was changed on the way. Ask for the link again and copy all of it."
            ),
            LinkError::DoesNotReplay(why) => {
                write!(f, "This link's campaign does not follow the rules, so it cannot be opened ({why}).")
            }
            LinkError::TooLarge => {
                write!(f, "This link holds more than Field Desk opens from a link. Share the campaign as a file instead.")
            }
        }
    }
}

/// The fragment payload for a campaign, without `#` or key: `fd1.…`.
pub fn encode(doc: &Document) -> String {
    seal(&payload(doc))
}

/// The whole fragment, without `#`: `s=fd1.…`.
pub fn to_fragment(doc: &Document) -> String {
    format!("{FRAGMENT_KEY}{}", encode(doc))
}

/// Reads a link: the payload alone (`fd1.…`), a fragment (`#s=fd1.…`, `s=fd1.…`) or a
/// whole URL. Replays the history, so what comes back opens. Never panics.
pub fn decode(text: &str) -> Result<Document, LinkError> {
    let bytes = unseal(text)?;
    from_payload(&bytes)
}

/// For the location hash (with or without `#`): `None` when it is not a share link (an
/// ordinary screen such as `#/c/abc/play`), otherwise what the link holds.
pub fn from_fragment(hash: &str) -> Option<Result<Document, LinkError>> {
    let hash = hash.trim();
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    hash.strip_prefix(FRAGMENT_KEY).map(decode)
}

// ---------------------------------------------------------------------------------------
// Outer layer: marker, base64url, checksum
// ---------------------------------------------------------------------------------------

/// Checksums and marks coded bytes: `fd1.` + base64url(bytes ++ CRC-32(bytes)).
/// Exposed for measurements and tests; `encode` is the way to make a link.
pub fn seal(coded: &[u8]) -> String {
    let mut packed = coded.to_vec();
    packed.extend_from_slice(&crc32(coded).to_le_bytes());
    format!("fd{LINK_VERSION}.{}", URL_SAFE_NO_PAD.encode(packed))
}

/// The inverse of `seal`: the coded bytes of a link of this version, checksum checked.
pub fn unseal(text: &str) -> Result<Vec<u8>, LinkError> {
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
    if version > LINK_VERSION as u32 {
        return Err(LinkError::FutureVersion { version });
    }
    if version != 1 {
        return Err(LinkError::NotALink);
    }
    let mut packed = URL_SAFE_NO_PAD.decode(&rest[dot + 1..]).map_err(|_| LinkError::Corrupt)?;
    if packed.len() < 4 {
        return Err(LinkError::Corrupt);
    }
    let sum = packed.split_off(packed.len() - 4);
    if crc32(&packed).to_le_bytes()[..] != sum[..] {
        return Err(LinkError::Corrupt);
    }
    Ok(packed)
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

// ---------------------------------------------------------------------------------------
// The range coder
// ---------------------------------------------------------------------------------------

/// An adaptive binary model: the chance of a 0, in 1/4096ths. Starts at one half; each
/// coded bit moves it 1/16 of the way towards what was seen, so it stays within
/// 15/4096..4081/4096 and a bit never costs more than 8.1 bits or less than 0.005.
type Prob = u16;
const PROB_BITS: u32 = 12;
const PROB_ONE: u32 = 1 << PROB_BITS;
const HALF: Prob = 1 << (PROB_BITS - 1);
const ADAPT: u32 = 4;
/// The range is kept at 2^24 or more: a byte moves out whenever it falls below.
const TOP: u32 = 1 << 24;

fn adapt(p: &mut Prob, bit: bool) {
    if bit {
        *p -= *p >> ADAPT;
    } else {
        *p += ((PROB_ONE - *p as u32) >> ADAPT) as Prob;
    }
}

/// One side of the coder. The model code below is written once, for both sides: every
/// method takes the encoder's value (which the decoder ignores) and returns the value
/// coded (which, decoding, is the value read).
trait Coder {
    const DECODING: bool;
    /// A bit with an adaptive model.
    fn bit(&mut self, p: &mut Prob, bit: bool) -> Result<bool, LinkError>;
    /// A bit that is 0 with a chance of exactly `zeros / total` (0 < zeros < total <= 2^16).
    fn split(&mut self, zeros: u32, total: u32, bit: bool) -> Result<bool, LinkError>;
    /// A value below `n`, every one as likely (1 <= n <= 2^16; n = 1 costs nothing).
    fn uniform(&mut self, n: u32, v: u32) -> Result<u32, LinkError>;
    /// Decoding: counts `n` items against `MAX_DECODED`.
    fn spend(&mut self, n: u64) -> Result<(), LinkError>;
}

/// A 32-bit range encoder (as LZMA's: carries go back through a run of 0xFF bytes).
struct Encoder {
    low: u64,
    range: u32,
    cache: u8,
    /// Bytes owed: the cache and the 0xFF bytes after it.
    pending: u64,
    out: Vec<u8>,
}

impl Encoder {
    fn new() -> Encoder {
        Encoder { low: 0, range: u32::MAX, cache: 0, pending: 1, out: Vec::new() }
    }

    fn shift_low(&mut self) {
        if (self.low as u32) < 0xFF00_0000 || self.low >> 32 != 0 {
            let carry = (self.low >> 32) as u8;
            let mut byte = self.cache;
            loop {
                self.out.push(byte.wrapping_add(carry));
                byte = 0xFF;
                self.pending -= 1;
                if self.pending == 0 {
                    break;
                }
            }
            self.cache = (self.low >> 24) as u8;
        }
        self.pending += 1;
        self.low = (self.low & 0x00FF_FFFF) << 8;
    }

    fn normalize(&mut self) {
        while self.range < TOP {
            self.range <<= 8;
            self.shift_low();
        }
    }

    /// Ends the stream with the fewest bytes that pin a value inside the final range (a
    /// decoder reads zeros past the end), and drops the first byte, always 0.
    fn finish(mut self) -> Vec<u8> {
        let carry = self.low & !0xFFFF_FFFF;
        let (k, v) = flush_choice(self.low & 0xFFFF_FFFF, self.range as u64);
        self.low = carry + v;
        for _ in 0..=k {
            self.shift_low();
        }
        debug_assert_eq!(self.out.first(), Some(&0));
        self.out.remove(0);
        self.out
    }
}

/// The value that ends a stream whose range is `low..low + range` (low below 2^32): the one
/// with the most zero bytes at the end, and how many bytes it needs (0 to 4).
fn flush_choice(low: u64, range: u64) -> (usize, u64) {
    for k in 0..4 {
        let s = 32 - 8 * k as u32;
        let v = (low + (1 << s) - 1) >> s << s;
        if v < low + range {
            return (k, v);
        }
    }
    (4, low)
}

impl Coder for Encoder {
    const DECODING: bool = false;
    fn bit(&mut self, p: &mut Prob, bit: bool) -> Result<bool, LinkError> {
        let bound = (self.range >> PROB_BITS) * *p as u32;
        if bit {
            self.low += bound as u64;
            self.range -= bound;
        } else {
            self.range = bound;
        }
        adapt(p, bit);
        self.normalize();
        Ok(bit)
    }
    fn split(&mut self, zeros: u32, total: u32, bit: bool) -> Result<bool, LinkError> {
        if zeros == 0 || zeros >= total || total > 1 << 16 {
            return Err(LinkError::Corrupt);
        }
        let bound = self.range / total * zeros;
        if bit {
            self.low += bound as u64;
            self.range -= bound;
        } else {
            self.range = bound;
        }
        self.normalize();
        Ok(bit)
    }
    fn uniform(&mut self, n: u32, v: u32) -> Result<u32, LinkError> {
        if v >= n.max(1) || n > 1 << 16 {
            return Err(LinkError::Corrupt);
        }
        if n <= 1 {
            return Ok(0);
        }
        let r = self.range / n;
        self.low += (r * v) as u64;
        // The last value takes what the division leaves over.
        self.range = if v == n - 1 { self.range - r * v } else { r };
        self.normalize();
        Ok(v)
    }
    fn spend(&mut self, _: u64) -> Result<(), LinkError> {
        Ok(())
    }
}

/// The range decoder. Total: any bytes decode to something (the checks around it decide
/// whether that something is a campaign); it reads zeros past the end, but never more
/// than a valid stream can need.
struct Decoder<'a> {
    data: &'a [u8],
    /// Bytes read so far, the zeros past the end included.
    pos: usize,
    range: u32,
    /// The value read, less the low end of the range.
    code: u32,
    /// The last four bytes read.
    window: u32,
    /// What may still be decoded (`MAX_DECODED`).
    budget: u64,
}

impl<'a> Decoder<'a> {
    fn new(data: &'a [u8]) -> Result<Decoder<'a>, LinkError> {
        let mut d = Decoder { data, pos: 0, range: u32::MAX, code: 0, window: 0, budget: MAX_DECODED as u64 };
        for _ in 0..4 {
            d.shift()?;
        }
        if d.code >= d.range {
            return Err(LinkError::Corrupt);
        }
        Ok(d)
    }

    fn shift(&mut self) -> Result<(), LinkError> {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        // A valid stream ends at most 4 bytes before what its decoder reads.
        if self.pos > self.data.len() + 4 {
            return Err(LinkError::Corrupt);
        }
        self.code = (self.code << 8) | b as u32;
        self.window = (self.window << 8) | b as u32;
        Ok(())
    }

    fn normalize(&mut self) -> Result<(), LinkError> {
        while self.range < TOP {
            self.range <<= 8;
            self.shift()?;
        }
        Ok(())
    }

    /// Checks that the stream ends exactly where and how the encoder ends it: one set of
    /// bytes per campaign, nothing after it.
    fn finish(&self) -> Result<(), LinkError> {
        let low = self.window.wrapping_sub(self.code) as u64;
        let (k, v) = flush_choice(low, self.range as u64);
        if v as u32 != self.window || self.data.len() + 4 != self.pos + k {
            return Err(LinkError::Corrupt);
        }
        Ok(())
    }
}

impl Coder for Decoder<'_> {
    const DECODING: bool = true;
    fn bit(&mut self, p: &mut Prob, _: bool) -> Result<bool, LinkError> {
        let bound = (self.range >> PROB_BITS) * *p as u32;
        let bit = self.code >= bound;
        if bit {
            self.code -= bound;
            self.range -= bound;
        } else {
            self.range = bound;
        }
        adapt(p, bit);
        self.normalize()?;
        Ok(bit)
    }
    fn split(&mut self, zeros: u32, total: u32, _: bool) -> Result<bool, LinkError> {
        if zeros == 0 || zeros >= total || total > 1 << 16 {
            return Err(LinkError::Corrupt);
        }
        let bound = self.range / total * zeros;
        let bit = self.code >= bound;
        if bit {
            self.code -= bound;
            self.range -= bound;
        } else {
            self.range = bound;
        }
        self.normalize()?;
        Ok(bit)
    }
    fn uniform(&mut self, n: u32, _: u32) -> Result<u32, LinkError> {
        if n > 1 << 16 {
            return Err(LinkError::Corrupt);
        }
        if n <= 1 {
            return Ok(0);
        }
        let r = self.range / n;
        let v = (self.code / r).min(n - 1);
        self.code -= r * v;
        self.range = if v == n - 1 { self.range - r * v } else { r };
        self.normalize()?;
        Ok(v)
    }
    fn spend(&mut self, n: u64) -> Result<(), LinkError> {
        self.budget = self.budget.checked_sub(n).ok_or(LinkError::TooLarge)?;
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------
// Models: numbers and texts
// ---------------------------------------------------------------------------------------

/// `n` bits as they are (n <= 64), high first.
fn raw<C: Coder>(c: &mut C, n: u32, v: u64) -> Result<u64, LinkError> {
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
fn tree<C: Coder>(c: &mut C, probs: &mut [Prob], n: u32, v: u32) -> Result<u32, LinkError> {
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
struct IntModel([Prob; 128]);

impl IntModel {
    fn new() -> IntModel {
        IntModel([HALF; 128])
    }
}

fn int<C: Coder>(c: &mut C, m: &mut IntModel, v: u64) -> Result<u64, LinkError> {
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
fn count<C: Coder>(c: &mut C, m: &mut IntModel, v: usize, cap: usize) -> Result<usize, LinkError> {
    let n = int(c, m, v as u64)?;
    if C::DECODING && n > cap as u64 {
        return Err(LinkError::TooLarge);
    }
    c.spend(n)?;
    Ok(n as usize)
}

/// A `u16` that is usually small.
fn small_u16<C: Coder>(c: &mut C, m: &mut IntModel, v: u16) -> Result<u16, LinkError> {
    u16::try_from(int(c, m, v as u64)?).map_err(|_| LinkError::Corrupt)
}

/// Texts that were coded before, most recent first: a text that comes again (a stand label,
/// an objective named in another battle) is sent as its place in this list.
const TEXTS_KEPT: usize = 64;

/// The list starts with the names Field Desk gives campaigns, frozen with link version 1.
const PRESET_TEXTS: [&str; 2] = ["Sample: Race for X", "New campaign"];

struct TextModel {
    recent: Vec<String>,
    again: Prob,
    place: IntModel,
    len: IntModel,
    /// Bytes through a 256-leaf tree, one per class of the byte before.
    bytes: Vec<[Prob; 256]>,
}

impl TextModel {
    fn new() -> TextModel {
        TextModel {
            recent: PRESET_TEXTS.iter().map(|s| s.to_string()).collect(),
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
fn text<C: Coder>(c: &mut C, m: &mut TextModel, s: Option<&str>) -> Result<String, LinkError> {
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
    if C::DECODING && m.recent.contains(&s) {
        // The encoder sends a repeated text as such.
        return Err(LinkError::Corrupt);
    }
    m.recent.insert(0, s.clone());
    m.recent.truncate(TEXTS_KEPT);
    Ok(s)
}

/// Every adaptive model of a link, fresh at its start.
struct Models {
    text: TextModel,
    /// Counts in the meta and setup: bytes, formations, units, stands, lines.
    count: IntModel,
    /// Formation indices (parents, units' formations).
    index: IntModel,
    flags: [Prob; 8],
    /// A formation, unit, unit's stands, defensive orbat as the sample's.
    as_sample: [Prob; 4],
    lines: IntModel,
    /// Line kind: not a decision; a redo rather than an undo (by the kind of the line before).
    not_decide: [Prob; 3],
    redo: [Prob; 3],
    side_b_first: Prob,
    regroup: [Prob; 2],
    forces_shuffled: Prob,
    /// Fight: not a clock roll; not the outcome; names rather than a note. By context: clock
    /// rolled yet, objectives named yet (and, for the outcome, the clock still running).
    not_clock: [Prob; 4],
    not_outcome: [Prob; 8],
    names: [Prob; 4],
    objectives: [Prob; 2],
    killed_shuffled: Prob,
    exited: Prob,
    /// Rolled at the table, by the roller of the die before.
    table: [Prob; 2],
    raw_kind: [Prob; 4],
    raw_tag: [Prob; 16],
    raw_count: IntModel,
    raw_table: Prob,
}

impl Models {
    fn new() -> Models {
        Models {
            text: TextModel::new(),
            count: IntModel::new(),
            index: IntModel::new(),
            flags: [HALF; 8],
            as_sample: [HALF; 4],
            lines: IntModel::new(),
            not_decide: [HALF; 3],
            redo: [HALF; 3],
            side_b_first: HALF,
            regroup: [HALF; 2],
            forces_shuffled: HALF,
            not_clock: [HALF; 4],
            not_outcome: [HALF; 8],
            names: [HALF; 4],
            objectives: [HALF; 2],
            killed_shuffled: HALF,
            exited: HALF,
            table: [HALF; 2],
            raw_kind: [HALF; 4],
            raw_tag: [HALF; 16],
            raw_count: IntModel::new(),
            raw_table: HALF,
        }
    }
}

// Flags, each its own model.
const FLAG_APP_ID: usize = 0;
const FLAG_HEX_ID: usize = 1;
const FLAG_MS: usize = 2;
const FLAG_SAMPLE: usize = 3;
const FLAG_SAMPLE_BATTALION: usize = 4;
const FLAG_SAMPLE_DEFENCE: usize = 5;
const FLAG_HAS_FORMATION: usize = 6;
const FLAG_REPLAYS: usize = 7;

// ---------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------

/// The rule system, first thing in the stream: what follows the meta is that system's.
const SYSTEM_RACE_FOR_X: u32 = 0;
/// Any other system: its body as JSON text.
const SYSTEM_JSON: u32 = 1;
const SYSTEMS: u32 = 16;

/// The coded bytes of a campaign (what `seal` checksums and marks).
/// Exposed for measurements and tests; `encode` is the way to make a link.
pub fn payload(doc: &Document) -> Vec<u8> {
    if replay_cost_fits(doc) {
        let mut e = Encoder::new();
        if code_document(&mut e, Some(doc), true).is_ok() {
            return e.finish();
        }
    }
    // A history that does not replay (or too big to): written line by line as it is.
    let mut e = Encoder::new();
    code_document(&mut e, Some(doc), false).expect("every document has a plain coding");
    e.finish()
}

/// Reads coded bytes (see `payload`) and replays them. Exposed for tests.
pub fn from_payload(bytes: &[u8]) -> Result<Document, LinkError> {
    let mut d = Decoder::new(bytes)?;
    let (doc, replayed) = code_document(&mut d, None, false)?;
    d.finish()?;
    if !replayed {
        doc.open().map_err(|e| match e {
            super::LoadError::DoesNotReplay(why) => LinkError::DoesNotReplay(why),
            other => LinkError::DoesNotReplay(other.to_string()),
        })?;
    }
    Ok(doc)
}

/// The whole stream. Encoding, `doc` is the campaign and `replay` asks for the journal to
/// be coded against the rules; decoding, both are ignored. Returns the document and
/// whether its journal went through the rules.
fn code_document<C: Coder>(c: &mut C, doc: Option<&Document>, replay: bool) -> Result<(Document, bool), LinkError> {
    let mut m = Models::new();
    let system = match doc.map(|d| &d.body) {
        Some(Body::RaceForX { .. }) | None => SYSTEM_RACE_FOR_X,
        Some(_) => SYSTEM_JSON,
    };
    let system = c.uniform(SYSTEMS, system)?;
    if system != SYSTEM_RACE_FOR_X && system != SYSTEM_JSON {
        return Err(LinkError::Corrupt);
    }
    let meta = code_meta(c, &mut m, doc.map(|d| &d.meta))?;
    if system == SYSTEM_JSON {
        // Systems without a model of their own travel as the stored JSON of their body, coded
        // with the text model: longer links (the share screen offers a file past QR size).
        let json = doc.map(|d| serde_json::to_string(&d.body).expect("bodies serialise"));
        let json = text(c, &mut m.text, json.as_deref())?;
        let body: Body = serde_json::from_str(&json).map_err(|_| LinkError::Corrupt)?;
        if matches!(body, Body::RaceForX { .. }) {
            return Err(LinkError::Corrupt);
        }
        return Ok((Document { format: FORMAT, meta, body }, false));
    }
    // A new system gets its own `SYSTEM_*` code and its own setup and decision coding.
    let (setup, journal) = match doc.map(|d| &d.body) {
        Some(Body::RaceForX { setup, journal }) => (Some(setup), Some(&journal[..])),
        Some(_) => unreachable!("other systems take the JSON path"),
        None => (None, None),
    };
    let setup = code_setup(c, &mut m, setup)?;
    let mut cost = ReplayCost::new(&setup);
    let replay = c.bit(&mut m.flags[FLAG_REPLAYS], !C::DECODING && replay && RaceForX::start(&setup).is_ok())?;
    let n = int(c, &mut m.lines, journal.map_or(0, |j| j.len() as u64))?;
    if C::DECODING && n > MAX_LINES as u64 {
        return Err(LinkError::TooLarge);
    }
    c.spend(n)?;
    let journal = if replay {
        replayed_lines(c, &mut m, &setup, n as usize, journal, &mut cost)?
    } else {
        plain_lines(c, &mut m, n as usize, journal, &mut cost)?
    };
    Ok((Document { format: FORMAT, meta, body: Body::RaceForX { setup, journal } }, replay))
}

fn code_meta<C: Coder>(c: &mut C, m: &mut Models, meta: Option<&Meta>) -> Result<Meta, LinkError> {
    let id = meta.map_or("", |x| &x.id);
    let hex = !id.is_empty()
        && id.len().is_multiple_of(2)
        && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    let id = if c.bit(&mut m.flags[FLAG_APP_ID], hex && id.len() == 16)? {
        hex_id(c, 8, id)?
    } else if c.bit(&mut m.flags[FLAG_HEX_ID], hex)? {
        let n = count(c, &mut m.count, id.len() / 2, MAX_DECODED)?;
        if n == 0 || n == 8 {
            return Err(LinkError::Corrupt);
        }
        hex_id(c, n, id)?
    } else {
        text(c, &mut m.text, Some(id))?
    };
    let name = text(c, &mut m.text, meta.map(|x| &*x.name))?;
    const EXACT: f64 = (1u64 << 53) as f64;
    let whole = |t: f64| (t.is_finite() && t >= 0.0 && t.fract() == 0.0 && t <= EXACT).then_some(t as u64);
    let (created, updated) = meta.map_or((0.0, 0.0), |x| (x.created, x.updated));
    let ms = match (whole(created), whole(updated)) {
        (Some(c), Some(u)) if u >= c => Some((c, u - c)),
        _ => None,
    };
    let (created, updated) = if c.bit(&mut m.flags[FLAG_MS], ms.is_some())? {
        let (c0, later) = ms.unwrap_or((0, 0));
        let created = int(c, &mut m.count, c0)?;
        let later = int(c, &mut m.count, later)?;
        let updated = created.checked_add(later).filter(|&u| u <= 1 << 53).ok_or(LinkError::Corrupt)?;
        (created as f64, updated as f64)
    } else {
        let exact = (f64::from_bits(raw(c, 64, created.to_bits())?), f64::from_bits(raw(c, 64, updated.to_bits())?));
        if let (Some(c), Some(u)) = (whole(exact.0), whole(exact.1)) {
            if C::DECODING && u >= c {
                return Err(LinkError::Corrupt);
            }
        }
        exact
    };
    Ok(Meta { id, name, created, updated })
}

/// `n` bytes of lowercase hex digits, two to a byte.
fn hex_id<C: Coder>(c: &mut C, n: usize, id: &str) -> Result<String, LinkError> {
    let digit = |b: u8| if b.is_ascii_digit() { b - b'0' } else { b.wrapping_sub(b'a') + 10 };
    let given = id.as_bytes();
    let mut out = String::with_capacity(2 * n);
    for i in 0..n {
        let v = match given.get(2 * i..2 * i + 2) {
            Some(p) => (digit(p[0]) << 4 | digit(p[1])) as u32,
            None => 0,
        };
        out.push_str(&format!("{:02x}", c.uniform(256, v)?));
    }
    Ok(out)
}

/// The setup. Every part that equals the built-in sample's is sent as a reference to it.
///
/// The references are to `race_for_x::sample` as released with link version 1: the sample
/// is part of the released app and must never change (a test checks it against the
/// format-1 fixture). A new sample would need a new link version.
fn code_setup<C: Coder>(c: &mut C, m: &mut Models, setup: Option<&Setup>) -> Result<Setup, LinkError> {
    if c.bit(&mut m.flags[FLAG_SAMPLE], setup.is_some_and(|s| *s == sample::sample_setup()))? {
        return Ok(sample::sample_setup());
    }
    let size = c.uniform(4, setup.map_or(0, |s| codes::size(s.size) as u32))?;
    let size = code(codes::size_of(size as u8))?;
    let mut players = Vec::with_capacity(2);
    for i in 0..2 {
        let given = setup.map(|s| &s.players[i]);
        let name = text(c, &mut m.text, given.map(|p| &*p.name))?;
        let battalion = given.and_then(|p| match p.orbat.formations.first() {
            Some(f) if p.orbat == sample::russian_battalion(&f.name) => Some(&*f.name),
            _ => None,
        });
        let orbat = if c.bit(&mut m.flags[FLAG_SAMPLE_BATTALION], battalion.is_some())? {
            sample::russian_battalion(&text(c, &mut m.text, battalion)?)
        } else {
            let orbat = code_orbat(c, m, given.map(|p| &p.orbat))?;
            if C::DECODING && orbat.formations.first().is_some_and(|f| orbat == sample::russian_battalion(&f.name)) {
                return Err(LinkError::Corrupt);
            }
            orbat
        };
        players.push(Player { name, orbat });
    }
    let defence = if c
        .bit(&mut m.flags[FLAG_SAMPLE_DEFENCE], setup.is_some_and(|s| s.defence == sample::small_defensive_orbats()))?
    {
        sample::small_defensive_orbats()
    } else {
        // Orbat by orbat against the sample's: a flag "as the sample's", or in full.
        let given = setup.map_or(&[][..], |s| &s.defence[..]);
        let reference = sample::small_defensive_orbats();
        let n = count(c, &mut m.count, given.len(), MAX_DECODED)?;
        let mut defence = Vec::with_capacity(n.min(16));
        for i in 0..n {
            let d = given.get(i);
            if let Some(same) = reference.get(i) {
                if c.bit(&mut m.as_sample[3], d == Some(same))? {
                    defence.push(same.clone());
                    continue;
                }
            }
            let size = code(codes::force_of(c.uniform(6, d.map_or(0, |d| codes::force(d.size) as u32))? as u8))?;
            let option = code(codes::option_of(c.uniform(2, d.map_or(0, |d| codes::option(d.option) as u32))? as u8))?;
            let lines = d.map_or(&[][..], |d| &d.lines[..]);
            let k = count(c, &mut m.count, lines.len(), MAX_DECODED)?;
            let lines = (0..k).map(|j| text(c, &mut m.text, lines.get(j).map(|s| &**s))).collect::<Result<_, _>>()?;
            defence.push(DefensiveOrbat { size, option, lines });
        }
        if C::DECODING && defence == sample::small_defensive_orbats() {
            return Err(LinkError::Corrupt);
        }
        defence
    };
    let [a, b]: [Player; 2] = players.try_into().map_err(|_| LinkError::Corrupt)?;
    let setup = Setup { size, players: [a, b], defence };
    if C::DECODING && setup == sample::sample_setup() {
        return Err(LinkError::Corrupt);
    }
    Ok(setup)
}

/// An orbat in full, item by item against the sample battalion named as its first
/// formation: a flag "as the sample's" for each formation after the first and each unit
/// (and, for a unit that differs, for its stands), with the item in full where it differs.
fn code_orbat<C: Coder>(c: &mut C, m: &mut Models, orbat: Option<&Orbat>) -> Result<Orbat, LinkError> {
    let given = orbat.map_or(&[][..], |o| &o.formations[..]);
    let n = count(c, &mut m.count, given.len(), MAX_UNITS)?;
    let mut formations: Vec<Formation> = Vec::with_capacity(n);
    let mut reference: Option<Orbat> = None;
    for i in 0..n {
        let f = given.get(i);
        if let Some(same) = reference.as_ref().and_then(|r| r.formations.get(i)) {
            if c.bit(&mut m.as_sample[0], f == Some(same))? {
                formations.push(same.clone());
                continue;
            }
        }
        let name = text(c, &mut m.text, f.map(|f| &*f.name))?;
        let kind = code(codes::formation_of(c.uniform(2, f.map_or(0, |f| codes::formation(f.kind) as u32))? as u8))?;
        let parent = formation_ref(c, m, f.and_then(|f| f.parent))?;
        if i == 0 {
            reference = Some(sample::russian_battalion(&name));
        }
        formations.push(Formation { name, kind, parent });
    }
    let reference = reference.unwrap_or_else(|| sample::russian_battalion(""));
    let given = orbat.map_or(&[][..], |o| &o.units[..]);
    let n = count(c, &mut m.count, given.len(), MAX_UNITS)?;
    let mut units = Vec::with_capacity(n);
    for i in 0..n {
        let u = given.get(i);
        let same = reference.units.get(i);
        if let Some(same) = same {
            if c.bit(&mut m.as_sample[1], u == Some(same))? {
                units.push(same.clone());
                continue;
            }
        }
        let name = text(c, &mut m.text, u.map(|u| &*u.name))?;
        let kind = code(codes::unit_of(c.uniform(4, u.map_or(0, |u| codes::unit(u.kind) as u32))? as u8))?;
        let formation = formation_ref(c, m, u.and_then(|u| u.formation))?;
        let stands_given = u.map_or(&[][..], |u| &u.stands[..]);
        if let Some(same) = same {
            if c.bit(&mut m.as_sample[2], stands_given == &same.stands[..])? {
                units.push(Unit { name, kind, formation, stands: same.stands.clone() });
                continue;
            }
        }
        let k = count(c, &mut m.count, stands_given.len(), MAX_STANDS)?;
        let mut stands = Vec::with_capacity(k);
        for j in 0..k {
            let s = stands_given.get(j);
            let kind = code(codes::stand_of(c.uniform(8, s.map_or(0, |s| codes::stand(s.kind) as u32))? as u8))?;
            let label = text(c, &mut m.text, s.map(|s| &*s.label))?;
            stands.push(Stand { kind, label });
        }
        units.push(Unit { name, kind, formation, stands });
    }
    Ok(Orbat { formations, units })
}

fn formation_ref<C: Coder>(c: &mut C, m: &mut Models, f: Option<u16>) -> Result<Option<u16>, LinkError> {
    Ok(match c.bit(&mut m.flags[FLAG_HAS_FORMATION], f.is_some())? {
        true => Some(small_u16(c, &mut m.index, f.unwrap_or(0))?),
        false => None,
    })
}

/// A code read from a link: unknown ones mean a damaged link.
fn code<T>(c: Option<T>) -> Result<T, LinkError> {
    c.ok_or(LinkError::Corrupt)
}

/// Codes of the small enums a setup holds: written as numbers fixed here, not by the
/// position of the variants in their enums.
mod codes {
    use crate::systems::race_for_x::tables::{CampaignSize, DefenceOption, ForceSize};
    use crate::systems::race_for_x::{FormationKind, StandKind, UnitKind};

    macro_rules! table {
        ($to:ident, $from:ident, $t:ty, [$($v:path => $c:literal),* $(,)?]) => {
            pub fn $to(x: $t) -> u8 {
                match x { $($v => $c,)* }
            }
            pub fn $from(c: u8) -> Option<$t> {
                match c { $($c => Some($v),)* _ => None }
            }
        };
    }

    table!(size, size_of, CampaignSize, [
        CampaignSize::Small => 0, CampaignSize::Medium => 1, CampaignSize::Large => 2, CampaignSize::Huge => 3,
    ]);
    table!(force, force_of, ForceSize, [
        ForceSize::S1 => 0, ForceSize::S2 => 1, ForceSize::S3 => 2, ForceSize::S4 => 3, ForceSize::S5 => 4, ForceSize::S10 => 5,
    ]);
    table!(option, option_of, DefenceOption, [DefenceOption::A => 0, DefenceOption::B => 1]);
    table!(formation, formation_of, FormationKind, [FormationKind::Company => 0, FormationKind::Battalion => 1]);
    table!(unit, unit_of, UnitKind, [
        UnitKind::RiflePlatoon => 0, UnitKind::Hq => 1, UnitKind::CrewServed => 2, UnitKind::Vehicle => 3,
    ]);
    table!(stand, stand_of, StandKind, [
        StandKind::Squad => 0, StandKind::CrewServed => 1, StandKind::Vehicle => 2, StandKind::Pc => 3,
        StandKind::Cc => 4, StandKind::Bc => 5, StandKind::Rc => 6, StandKind::Fo => 7,
    ]);
    pub fn die(d: crate::engine::Die) -> u8 {
        use crate::engine::Die;
        match d {
            Die::D3 => 0,
            Die::D6 => 1,
            Die::D10 => 2,
            Die::D100 => 3,
        }
    }
    pub fn die_of(c: u8) -> Option<crate::engine::Die> {
        use crate::engine::Die;
        [Die::D3, Die::D6, Die::D10, Die::D100].get(c as usize).copied()
    }
}

// ---------------------------------------------------------------------------------------
// The journal, replayed: every line coded knowing the position it is played in
// ---------------------------------------------------------------------------------------

const LINE_DECIDE: usize = 0;
const LINE_UNDO: usize = 1;
const LINE_REDO: usize = 2;

fn line_kind(a: &Action<Decision>) -> usize {
    match a {
        Action::Decide(_) => LINE_DECIDE,
        Action::Undo => LINE_UNDO,
        Action::Redo => LINE_REDO,
    }
}

fn replay_error(at: usize, message: String) -> LinkError {
    LinkError::DoesNotReplay(ReplayError { at, message }.to_string())
}

/// The journal coded while the engine replays it: each line's kind among those possible
/// now, each decision among those the current step allows, the dice the rules ask for.
/// Encoding, a line that does not fit (it breaks the rules) fails the whole coding, and the
/// journal goes plain instead.
fn replayed_lines<C: Coder>(
    c: &mut C,
    m: &mut Models,
    setup: &Setup,
    n: usize,
    journal: Option<&[Action<Decision>]>,
    cost: &mut ReplayCost,
) -> Result<Vec<Action<Decision>>, LinkError> {
    let mut game = Campaign::<RaceForX>::new(setup.clone()).map_err(|e| replay_error(0, format!("setup: {e}")))?;
    let mut out = Vec::with_capacity(n);
    let (mut before, mut roller) = (LINE_DECIDE, 0);
    for at in 0..n {
        let line = journal.map(|j| &j[at]);
        let given = line.map_or(LINE_DECIDE, line_kind);
        let possible = [game.state().phase != Phase::Finished, game.can_undo(), game.can_redo()];
        if !C::DECODING && !possible[given] {
            return Err(LinkError::Corrupt);
        }
        let kind = if possible[0]
            && (!(possible[1] || possible[2]) || !c.bit(&mut m.not_decide[before], given != LINE_DECIDE)?)
        {
            LINE_DECIDE
        } else if possible[1] && possible[2] {
            if c.bit(&mut m.redo[before], given == LINE_REDO)? {
                LINE_REDO
            } else {
                LINE_UNDO
            }
        } else if possible[1] {
            LINE_UNDO
        } else if possible[2] {
            LINE_REDO
        } else {
            return Err(LinkError::Corrupt);
        };
        before = kind;
        match kind {
            LINE_DECIDE => {
                let entry = match line {
                    Some(Action::Decide(e)) => Some(e),
                    _ => None,
                };
                let decision = code_decision(c, m, setup, game.state(), entry.map(|e| &e.decision))?;
                let spec = RaceForX::dice(setup, game.state(), &decision);
                let dice = code_dice(c, m, spec, entry.map(|e| &e.dice[..]), &mut roller)?;
                if C::DECODING {
                    cost.add(&decision)?;
                }
                let values = dice.iter().map(|r| r.value).collect();
                game.decide(decision.clone(), DiceInput::Typed(values)).map_err(|e| replay_error(at, e.to_string()))?;
                out.push(Action::Decide(Entry::new(decision, dice)));
            }
            LINE_UNDO => {
                game.undo();
                out.push(Action::Undo);
            }
            _ => {
                if C::DECODING {
                    cost.add_state()?;
                }
                game.redo().map_err(|e| replay_error(at, e.to_string()))?;
                out.push(Action::Redo);
            }
        }
    }
    Ok(out)
}

/// A decision of the current step. Encoding, one that does not fit fails (`Corrupt`).
fn code_decision<C: Coder>(
    c: &mut C,
    m: &mut Models,
    setup: &Setup,
    s: &State,
    d: Option<&Decision>,
) -> Result<Decision, LinkError> {
    let bad = || LinkError::Corrupt;
    let only = |x: Decision| match d {
        Some(y) if *y != x => Err(LinkError::Corrupt),
        _ => Ok(x),
    };
    let side = s.offensive_side();
    let orbat = side.map(|side| &setup.players[side.index()].orbat);
    Ok(match s.phase {
        Phase::ChooseActions => {
            let (side, action) = match d {
                Some(Decision::ChooseAction { side, action }) => (*side, *action),
                Some(_) => return Err(bad()),
                None => (Side::A, OffensiveAction::Attack),
            };
            let free: Vec<Side> = Side::BOTH.into_iter().filter(|x| s.actions[x.index()].is_none()).collect();
            let chosen = match free[..] {
                [_, _] => {
                    if c.bit(&mut m.side_b_first, side == Side::B)? {
                        Side::B
                    } else {
                        Side::A
                    }
                }
                [one] => one,
                _ => return Err(bad()),
            };
            if d.is_some() && chosen != side {
                return Err(bad());
            }
            let regroup = c.bit(&mut m.regroup[chosen.index()], action == OffensiveAction::Regroup)?;
            let action = if regroup { OffensiveAction::Regroup } else { OffensiveAction::Attack };
            Decision::ChooseAction { side: chosen, action }
        }
        Phase::TypeOfBattle => only(Decision::RollBattleType)?,
        Phase::FieldForces => {
            let given = match d {
                Some(Decision::FieldForces { units }) => &units[..],
                Some(_) => return Err(bad()),
                None => &[],
            };
            let (side, orbat, b) = (side.ok_or_else(bad)?, orbat.ok_or_else(bad)?, s.current.as_ref().ok_or_else(bad)?);
            let fieldable = rules::fieldable_units(orbat, s.player(side));
            let k = b.units_allowed;
            let member: Vec<bool> = fieldable.iter().map(|u| given.contains(u)).collect();
            if k > fieldable.len() || (d.is_some() && (given.len() != k || member.iter().filter(|&&x| x).count() != k))
            {
                return Err(bad());
            }
            let chosen = subset(c, &fieldable, k, &member)?;
            Decision::FieldForces { units: order(c, &mut m.forces_shuffled, chosen, given)? }
        }
        Phase::DefenceRoll => only(Decision::RollDefence)?,
        Phase::Fight => {
            let b = s.current.as_ref().ok_or_else(bad)?;
            let given = match d {
                Some(Decision::ClockRoll) => 0,
                Some(Decision::RecordOutcome(_)) => 1,
                Some(Decision::Note { .. }) => 2,
                Some(Decision::NameObjectives { .. }) => 3,
                Some(_) => return Err(bad()),
                None => 0,
            };
            let clock_runs = b.clock < CLOCK_TICKS;
            let ctx = (b.clock_rolls > 0) as usize | (b.objectives.iter().any(|o| !o.is_empty()) as usize) << 1;
            let variant = if clock_runs && !c.bit(&mut m.not_clock[ctx], given != 0)? {
                0
            } else if !c.bit(&mut m.not_outcome[ctx | (clock_runs as usize) << 2], given > 1)? {
                1
            } else if c.bit(&mut m.names[ctx], given == 3)? {
                3
            } else {
                2
            };
            if d.is_some() && variant != given {
                return Err(bad());
            }
            match (variant, d) {
                (0, _) => Decision::ClockRoll,
                (1, d) => {
                    let given = match d {
                        Some(Decision::RecordOutcome(o)) => Some(o),
                        _ => None,
                    };
                    let (side, orbat) = (side.ok_or_else(bad)?, orbat.ok_or_else(bad)?);
                    Decision::RecordOutcome(code_outcome(c, m, orbat, s.player(side), &b.fielded, given)?)
                }
                (2, d) => {
                    let given = match d {
                        Some(Decision::Note { text }) => Some(&**text),
                        _ => None,
                    };
                    Decision::Note { text: text(c, &mut m.text, given)? }
                }
                (_, d) => {
                    let given = match d {
                        Some(Decision::NameObjectives { names }) => Some(names),
                        _ => None,
                    };
                    let first = text(c, &mut m.text, given.map(|n| &*n[0]))?;
                    let second = text(c, &mut m.text, given.map(|n| &*n[1]))?;
                    Decision::NameObjectives { names: [first, second] }
                }
            }
        }
        Phase::BattleResult => only(Decision::RollBattleResult)?,
        Phase::Movement => only(Decision::ConfirmMovement)?,
        Phase::ReplaceCommanders => {
            let given = match d {
                Some(Decision::ReplaceCommander { commander, replacement }) => Some((*commander, *replacement)),
                Some(_) => return Err(bad()),
                None => None,
            };
            let (side, orbat) = (side.ok_or_else(bad)?, orbat.ok_or_else(bad)?);
            let p = s.player(side);
            let pending = rules::pending_commanders(orbat, p);
            let commander = pending[pick(c, pending.len(), given.map(|g| pending.iter().position(|&x| x == g.0)))?];
            let candidates = rules::replacement_candidates(orbat, p, commander).0;
            let replacement =
                candidates[pick(c, candidates.len(), given.map(|g| candidates.iter().position(|&x| x == g.1)))?];
            Decision::ReplaceCommander { commander, replacement }
        }
        Phase::Recovery => only(Decision::RollRecovery)?,
        Phase::Finished => return Err(bad()),
    })
}

/// One of `n` (n >= 1), all alike; encoding, `given` must have found the one.
fn pick<C: Coder>(c: &mut C, n: usize, given: Option<Option<usize>>) -> Result<usize, LinkError> {
    if n == 0 || n > 1 << 16 {
        return Err(LinkError::Corrupt);
    }
    let v = match given {
        Some(Some(i)) => i,
        Some(None) => return Err(LinkError::Corrupt),
        None => 0,
    };
    Ok(c.uniform(n as u32, v as u32)? as usize)
}

/// What the offensive player recorded: objectives, the stands killed among those that
/// could be (alive, in a fielded unit), the stands that exited (at most the fighting
/// stands left on the table).
fn code_outcome<C: Coder>(
    c: &mut C,
    m: &mut Models,
    orbat: &Orbat,
    p: &crate::systems::race_for_x::state::PlayerState,
    fielded: &[u16],
    o: Option<&BattleOutcome>,
) -> Result<BattleOutcome, LinkError> {
    let given = o.map_or(0, |o| o.objectives);
    if given > 2 {
        return Err(LinkError::Corrupt);
    }
    let objectives = match c.bit(&mut m.objectives[0], given > 0)? {
        false => 0,
        true => 1 + c.bit(&mut m.objectives[1], given == 2)? as u8,
    };
    let candidates: Vec<StandRef> =
        orbat.stand_refs().filter(|r| fielded.contains(&r.unit) && !p.is_lost(*r)).collect();
    let given = o.map_or(&[][..], |o| &o.killed[..]);
    let member: Vec<bool> = candidates.iter().map(|r| given.contains(r)).collect();
    if o.is_some() && member.iter().filter(|&&x| x).count() != given.len() {
        return Err(LinkError::Corrupt);
    }
    let chosen = losses(c, &candidates, &member)?;
    c.spend(chosen.len() as u64)?;
    let killed = order(c, &mut m.killed_shuffled, chosen, given)?;
    let fighting = |r: &StandRef| orbat.stand(*r).is_some_and(|s| s.kind.is_fighting());
    let max =
        rules::fielded_fighting_stands(orbat, p, fielded).saturating_sub(killed.iter().filter(|r| fighting(r)).count());
    let given = o.map_or(0, |o| o.exited as usize);
    if given > max || max > 1 << 16 {
        return Err(LinkError::Corrupt);
    }
    let exited = if max > 0 && c.bit(&mut m.exited, given > 0)? {
        1 + c.uniform(max as u32, given.saturating_sub(1) as u32)? as u16
    } else {
        0
    };
    Ok(BattleOutcome { objectives, exited, killed })
}

/// Which of `items` are in, in order, each with the chance the battle's record so far
/// gives: `(2 in + 1) / (2 seen + 2)`, a Krichevsky–Trofimov estimate (about log2 of n choose
/// k, plus half of log2 n, bits in all).
fn losses<C: Coder, T: Copy>(c: &mut C, items: &[T], member: &[bool]) -> Result<Vec<T>, LinkError> {
    let (mut outs, mut ins) = (0u32, 0u32);
    let mut out = Vec::new();
    for (i, &x) in items.iter().enumerate() {
        if c.split(2 * outs + 1, 2 * (outs + ins) + 2, member.get(i) == Some(&true))? {
            out.push(x);
            ins += 1;
        } else {
            outs += 1;
        }
    }
    Ok(out)
}

/// `k` of `items`, each in or out with the exact chance that leaves every set of `k`
/// equally likely (log2 of n choose k bits in all).
fn subset<C: Coder, T: Copy>(c: &mut C, items: &[T], k: usize, member: &[bool]) -> Result<Vec<T>, LinkError> {
    let n = items.len();
    let mut left = k;
    let mut out = Vec::with_capacity(k);
    for (i, &x) in items.iter().enumerate() {
        let rest = n - i;
        let take = if left == 0 {
            false
        } else if left == rest {
            true
        } else {
            c.split((rest - left) as u32, rest as u32, member.get(i) == Some(&true))?
        };
        if take {
            out.push(x);
            left -= 1;
        }
    }
    Ok(out)
}

/// The order chosen: as listed (one adaptive bit), or which of those left comes next.
fn order<C: Coder, T: Copy + PartialEq>(
    c: &mut C,
    p: &mut Prob,
    chosen: Vec<T>,
    given: &[T],
) -> Result<Vec<T>, LinkError> {
    let k = chosen.len();
    if k < 2 || !c.bit(p, given != chosen)? {
        return Ok(chosen);
    }
    let mut rest = chosen.clone();
    let mut out = Vec::with_capacity(k);
    for j in 0..k {
        let at = given.get(j).and_then(|g| rest.iter().position(|x| x == g)).unwrap_or(0);
        let i = c.uniform((k - j) as u32, at as u32)? as usize;
        out.push(rest.remove(i));
    }
    if out == chosen {
        // The encoder sends the listed order as such.
        return Err(LinkError::Corrupt);
    }
    Ok(out)
}

/// The dice the rules ask for: who rolled each (adaptive, by the roller of the die before)
/// and its face, every face as likely.
fn code_dice<C: Coder>(
    c: &mut C,
    m: &mut Models,
    spec: Option<DiceSpec>,
    given: Option<&[Roll]>,
    roller: &mut usize,
) -> Result<Vec<Roll>, LinkError> {
    let given = given.unwrap_or(&[]);
    let Some(spec) = spec else {
        return if given.is_empty() { Ok(Vec::new()) } else { Err(LinkError::Corrupt) };
    };
    let (n, sides) = (spec.count as usize, spec.die.sides());
    if !C::DECODING && (given.len() != n || given.iter().any(|r| r.die != spec.die || !(1..=sides).contains(&r.value)))
    {
        return Err(LinkError::Corrupt);
    }
    c.spend(n as u64)?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let g = given.get(i);
        let table = c.bit(&mut m.table[*roller], g.is_some_and(|r| r.by == Roller::Table))?;
        *roller = table as usize;
        let value = c.uniform(sides as u32, g.map_or(0, |r| r.value as u32 - 1))? as u16 + 1;
        out.push(Roll { die: spec.die, value, by: if table { Roller::Table } else { Roller::App } });
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------
// The journal, plain: for a history that does not replay, every line as it is
// ---------------------------------------------------------------------------------------

// Decision tags of the plain coding, frozen for link version 1.
const TAG_CHOOSE_ACTION: u32 = 0;
const TAG_ROLL_BATTLE_TYPE: u32 = 1;
const TAG_FIELD_FORCES: u32 = 2;
const TAG_ROLL_DEFENCE: u32 = 3;
const TAG_CLOCK_ROLL: u32 = 4;
const TAG_NAME_OBJECTIVES: u32 = 5;
const TAG_NOTE: u32 = 6;
const TAG_RECORD_OUTCOME: u32 = 7;
const TAG_ROLL_BATTLE_RESULT: u32 = 8;
const TAG_CONFIRM_MOVEMENT: u32 = 9;
const TAG_REPLACE_COMMANDER: u32 = 10;
const TAG_ROLL_RECOVERY: u32 = 11;

fn tag(d: &Decision) -> u32 {
    match d {
        Decision::ChooseAction { .. } => TAG_CHOOSE_ACTION,
        Decision::RollBattleType => TAG_ROLL_BATTLE_TYPE,
        Decision::FieldForces { .. } => TAG_FIELD_FORCES,
        Decision::RollDefence => TAG_ROLL_DEFENCE,
        Decision::ClockRoll => TAG_CLOCK_ROLL,
        Decision::NameObjectives { .. } => TAG_NAME_OBJECTIVES,
        Decision::Note { .. } => TAG_NOTE,
        Decision::RecordOutcome(_) => TAG_RECORD_OUTCOME,
        Decision::RollBattleResult => TAG_ROLL_BATTLE_RESULT,
        Decision::ConfirmMovement => TAG_CONFIRM_MOVEMENT,
        Decision::ReplaceCommander { .. } => TAG_REPLACE_COMMANDER,
        Decision::RollRecovery => TAG_ROLL_RECOVERY,
    }
}

fn plain_lines<C: Coder>(
    c: &mut C,
    m: &mut Models,
    n: usize,
    journal: Option<&[Action<Decision>]>,
    cost: &mut ReplayCost,
) -> Result<Vec<Action<Decision>>, LinkError> {
    let mut out = Vec::with_capacity(n);
    for at in 0..n {
        let line = journal.map(|j| &j[at]);
        match tree(c, &mut m.raw_kind, 2, line.map_or(0, line_kind) as u32)? as usize {
            LINE_DECIDE => {
                let entry = match line {
                    Some(Action::Decide(e)) => Some(e),
                    _ => None,
                };
                let entry = plain_entry(c, m, entry)?;
                if C::DECODING {
                    cost.add(&entry.decision)?;
                }
                out.push(Action::Decide(entry));
            }
            LINE_UNDO => out.push(Action::Undo),
            LINE_REDO => {
                if C::DECODING {
                    cost.add_state()?;
                }
                out.push(Action::Redo);
            }
            _ => return Err(LinkError::Corrupt),
        }
    }
    Ok(out)
}

fn stand_ref<C: Coder>(c: &mut C, r: Option<&StandRef>) -> Result<StandRef, LinkError> {
    let unit = raw(c, 16, r.map_or(0, |r| r.unit as u64))? as u16;
    let stand = raw(c, 8, r.map_or(0, |r| r.stand as u64))? as u8;
    Ok(StandRef { unit, stand })
}

fn plain_entry<C: Coder>(c: &mut C, m: &mut Models, e: Option<&Entry<Decision>>) -> Result<Entry<Decision>, LinkError> {
    let d = e.map(|e| &e.decision);
    let decision = match tree(c, &mut m.raw_tag, 4, d.map_or(0, tag))? {
        TAG_CHOOSE_ACTION => {
            let (side, action) = match d {
                Some(Decision::ChooseAction { side, action }) => (*side, *action),
                _ => (Side::A, OffensiveAction::Attack),
            };
            let side = if c.uniform(2, side.index() as u32)? == 1 { Side::B } else { Side::A };
            let regroup = c.uniform(2, (action == OffensiveAction::Regroup) as u32)? == 1;
            Decision::ChooseAction {
                side,
                action: if regroup { OffensiveAction::Regroup } else { OffensiveAction::Attack },
            }
        }
        TAG_ROLL_BATTLE_TYPE => Decision::RollBattleType,
        TAG_FIELD_FORCES => {
            let given = match d {
                Some(Decision::FieldForces { units }) => &units[..],
                _ => &[],
            };
            let n = count(c, &mut m.raw_count, given.len(), MAX_DECODED)?;
            let units = (0..n)
                .map(|i| Ok(raw(c, 16, given.get(i).map_or(0, |&u| u as u64))? as u16))
                .collect::<Result<_, LinkError>>()?;
            Decision::FieldForces { units }
        }
        TAG_ROLL_DEFENCE => Decision::RollDefence,
        TAG_CLOCK_ROLL => Decision::ClockRoll,
        TAG_NAME_OBJECTIVES => {
            let given = match d {
                Some(Decision::NameObjectives { names }) => Some(names),
                _ => None,
            };
            let first = text(c, &mut m.text, given.map(|n| &*n[0]))?;
            let second = text(c, &mut m.text, given.map(|n| &*n[1]))?;
            Decision::NameObjectives { names: [first, second] }
        }
        TAG_NOTE => {
            let given = match d {
                Some(Decision::Note { text }) => Some(&**text),
                _ => None,
            };
            Decision::Note { text: text(c, &mut m.text, given)? }
        }
        TAG_RECORD_OUTCOME => {
            let given = match d {
                Some(Decision::RecordOutcome(o)) => Some(o),
                _ => None,
            };
            let objectives = raw(c, 8, given.map_or(0, |o| o.objectives as u64))? as u8;
            let exited = raw(c, 16, given.map_or(0, |o| o.exited as u64))? as u16;
            let killed_given = given.map_or(&[][..], |o| &o.killed[..]);
            let n = count(c, &mut m.raw_count, killed_given.len(), MAX_DECODED)?;
            let killed = (0..n).map(|i| stand_ref(c, killed_given.get(i))).collect::<Result<_, _>>()?;
            Decision::RecordOutcome(BattleOutcome { objectives, exited, killed })
        }
        TAG_ROLL_BATTLE_RESULT => Decision::RollBattleResult,
        TAG_CONFIRM_MOVEMENT => Decision::ConfirmMovement,
        TAG_REPLACE_COMMANDER => {
            let given = match d {
                Some(Decision::ReplaceCommander { commander, replacement }) => Some((commander, replacement)),
                _ => None,
            };
            let commander = stand_ref(c, given.map(|g| g.0))?;
            let replacement = stand_ref(c, given.map(|g| g.1))?;
            Decision::ReplaceCommander { commander, replacement }
        }
        TAG_ROLL_RECOVERY => Decision::RollRecovery,
        _ => return Err(LinkError::Corrupt),
    };
    let given = e.map_or(&[][..], |e| &e.dice[..]);
    let n = count(c, &mut m.raw_count, given.len(), MAX_DECODED)?;
    let mut dice = Vec::with_capacity(n);
    for i in 0..n {
        let g = given.get(i);
        let die = code(codes::die_of(c.uniform(4, g.map_or(0, |r| codes::die(r.die) as u32))? as u8))?;
        let table = c.bit(&mut m.raw_table, g.is_some_and(|r| r.by == Roller::Table))?;
        let value = raw(c, 16, g.map_or(0, |r| r.value as u64))? as u16;
        dice.push(Roll { die, value, by: if table { Roller::Table } else { Roller::App } });
    }
    Ok(Entry::new(decision, dice))
}

// ---------------------------------------------------------------------------------------
// Memory
// ---------------------------------------------------------------------------------------

/// A bound on the memory a replay takes, counted as the lines are read, before each is
/// played. The engine keeps every position of the history, and a position holds every
/// finished part of a turn and every note, so a short link of thousands of notes or empty
/// turns would otherwise take gigabytes. The estimate follows the measured cost (a 30-turn
/// campaign: about 40 MB).
struct ReplayCost {
    /// Bytes of one position: the fixed part, the per-stand flags, parts and texts so far.
    per_state: usize,
    total: usize,
}

impl ReplayCost {
    fn new(setup: &Setup) -> ReplayCost {
        let stands: usize = setup.players.iter().map(|p| p.orbat.units.len() + p.orbat.stand_count()).sum();
        ReplayCost { per_state: 256 + 32 * stands, total: 0 }
    }
    fn add_state(&mut self) -> Result<(), LinkError> {
        self.total = self.total.saturating_add(self.per_state);
        if self.total > MAX_REPLAY_COST {
            return Err(LinkError::TooLarge);
        }
        Ok(())
    }
    fn add(&mut self, d: &Decision) -> Result<(), LinkError> {
        self.per_state = self.per_state.saturating_add(match d {
            // Each part of a turn ends with the recovery roll and stays in every later position.
            Decision::RollRecovery => 512,
            Decision::Note { text } => 64 + text.len(),
            Decision::NameObjectives { names } => 128 + names[0].len() + names[1].len(),
            Decision::FieldForces { units } => 2 * units.len(),
            Decision::RecordOutcome(o) => 32 + 6 * o.killed.len(),
            _ => 0,
        });
        self.add_state()
    }
}

/// Whether a replay of the document stays within `MAX_REPLAY_COST` (the encoder replays
/// the journal it codes; one that does not fit is written plain, and refused on reading).
fn replay_cost_fits(doc: &Document) -> bool {
    let Body::RaceForX { setup, journal } = &doc.body else { return true };
    let mut cost = ReplayCost::new(setup);
    journal.iter().all(|a| match a {
        Action::Decide(e) => cost.add(&e.decision).is_ok(),
        Action::Undo => true,
        Action::Redo => cost.add_state().is_ok(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_is_the_standard_one() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    /// rand's seeded ChaCha8, the test suites' generator.
    struct Rng(rand_chacha::ChaCha8Rng);
    impl Rng {
        fn new(seed: u64) -> Rng {
            Rng(rand::SeedableRng::seed_from_u64(seed))
        }
        fn next(&mut self) -> u64 {
            rand::RngCore::next_u64(&mut self.0)
        }
        fn below(&mut self, n: u64) -> u64 {
            rand::Rng::random_range(&mut self.0, 0..n)
        }
    }

    /// A random mix of every kind of symbol, skewed so that long runs of likely bits occur.
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Op {
        Bit(usize, bool),
        Split(u32, u32, bool),
        Uniform(u32, u32),
    }

    fn script(rng: &mut Rng, n: usize) -> Vec<Op> {
        (0..n)
            .map(|_| match rng.below(3) {
                0 => Op::Bit(rng.below(4) as usize, rng.below(10) == 0),
                1 => {
                    let total = 2 + rng.below((1 << 16) - 1) as u32;
                    let zeros = 1 + rng.below(total as u64 - 1) as u32;
                    Op::Split(zeros, total, rng.below(total as u64) >= zeros as u64)
                }
                _ => {
                    let n = 1 + rng.below(1 << 16) as u32;
                    Op::Uniform(n, rng.below(n as u64) as u32)
                }
            })
            .collect()
    }

    fn run<C: Coder>(c: &mut C, ops: &[Op]) -> Result<Vec<Op>, LinkError> {
        let mut probs = [HALF; 4];
        ops.iter()
            .map(|&op| {
                Ok(match op {
                    Op::Bit(m, b) => Op::Bit(m, c.bit(&mut probs[m], b)?),
                    Op::Split(z, t, b) => Op::Split(z, t, c.split(z, t, b)?),
                    Op::Uniform(n, v) => Op::Uniform(n, c.uniform(n, v)?),
                })
            })
            .collect()
    }

    #[test]
    fn the_range_coder_round_trips_and_ends_in_one_way() {
        let mut rng = Rng::new(1);
        for len in (0..200).chain([1000, 5000]) {
            let ops = script(&mut rng, len);
            let mut e = Encoder::new();
            run(&mut e, &ops).unwrap();
            let bytes = e.finish();
            let mut d = Decoder::new(&bytes).unwrap();
            assert_eq!(run(&mut d, &ops).unwrap(), ops, "{len} symbols");
            d.finish().unwrap();
            // A byte more or less is refused.
            for changed in [
                [&bytes[..], &[0]].concat(),
                [&bytes[..], &[7]].concat(),
                bytes[..bytes.len().saturating_sub(1)].to_vec(),
            ] {
                if changed == bytes {
                    continue;
                }
                let ok = Decoder::new(&changed)
                    .and_then(|mut d| {
                        run(&mut d, &ops).and_then(|read| (read == ops).then_some(d).ok_or(LinkError::Corrupt))
                    })
                    .and_then(|d| d.finish());
                assert!(ok.is_err(), "{len} symbols, {} bytes read from {}", changed.len(), bytes.len());
            }
        }
        // Runs of near-certain bits: thousands of them fit in a few bytes.
        let ops = vec![Op::Bit(0, false); 10_000];
        let mut e = Encoder::new();
        run(&mut e, &ops).unwrap();
        let bytes = e.finish();
        assert!(bytes.len() < 16, "{}", bytes.len());
        let mut d = Decoder::new(&bytes).unwrap();
        assert_eq!(run(&mut d, &ops).unwrap(), ops);
        d.finish().unwrap();
    }

    #[test]
    fn the_range_decoder_reads_any_bytes() {
        let mut rng = Rng::new(2);
        for _ in 0..2_000 {
            let bytes: Vec<u8> = (0..rng.below(12)).map(|_| rng.next() as u8).collect();
            let ops = script(&mut rng, 200);
            if let Ok(mut d) = Decoder::new(&bytes) {
                let _ = run(&mut d, &ops).map(|_| d.finish());
            }
        }
    }

    /// A decision the rules refuse, in a replayed journal (which the encoder never writes:
    /// a damaged link that passed the checksum): the link does not replay.
    #[test]
    fn an_illegal_decision_in_a_replayed_journal_does_not_replay() {
        let setup = sample::sample_setup();
        let mut game = Campaign::<RaceForX>::new(setup.clone()).unwrap();
        let mut dice = [1u16, 6].into_iter().cycle();
        while game.state().phase != Phase::FieldForces {
            let d = match game.state().phase {
                Phase::ChooseActions => Decision::ChooseAction {
                    side: if game.state().actions[0].is_none() { Side::A } else { Side::B },
                    action: OffensiveAction::Attack,
                },
                _ => Decision::RollBattleType,
            };
            let n = game.dice_for(&d).map_or(0, |s| s.count);
            game.decide(d, DiceInput::Typed((0..n).map(|_| dice.next().unwrap()).collect())).unwrap();
        }
        // The three platoons of the 1st Company without its HQ, which must then be fielded.
        let units = vec![1, 2, 4, 5, 6, 15, 16, 17, 18];
        assert_eq!(units.len(), game.state().current.as_ref().unwrap().units_allowed);
        let illegal = Decision::FieldForces { units };
        assert!(game.check(&illegal, &[]).is_err());
        let journal = game.journal().to_vec();
        let meta = Meta { id: "0123456789abcdef".into(), name: "x".into(), created: 0.0, updated: 0.0 };

        let mut e = Encoder::new();
        let mut m = Models::new();
        e.uniform(SYSTEMS, SYSTEM_RACE_FOR_X).unwrap();
        code_meta(&mut e, &mut m, Some(&meta)).unwrap();
        code_setup(&mut e, &mut m, Some(&setup)).unwrap();
        e.bit(&mut m.flags[FLAG_REPLAYS], true).unwrap();
        int(&mut e, &mut m.lines, journal.len() as u64 + 1).unwrap();
        let mut cost = ReplayCost::new(&setup);
        replayed_lines(&mut e, &mut m, &setup, journal.len(), Some(&journal), &mut cost).unwrap();
        e.bit(&mut m.not_decide[LINE_DECIDE], false).unwrap();
        code_decision(&mut e, &mut m, &setup, game.state(), Some(&illegal)).unwrap();
        let bytes = e.finish();

        match from_payload(&bytes) {
            Err(LinkError::DoesNotReplay(why)) => {
                assert!(why.contains(&format!("line {}", journal.len() + 1)) && why.contains("1st Company HQ"), "{why}")
            }
            other => panic!("expected a replay error, got {other:?}"),
        }
    }
}
