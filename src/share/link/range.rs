//! The binary range coder under every link: adaptive and exact probabilities, an encoder and
//! a decoder that share the model code through `Coder`.

use super::{LinkError, MAX_DECODED};

/// An adaptive binary model: the chance of a 0, in 1/4096ths. Starts at one half; each
/// coded bit moves it 1/16 of the way towards what was seen, so it stays within
/// 15/4096..4081/4096 and a bit never costs more than 8.1 bits or less than 0.005.
pub(super) type Prob = u16;
const PROB_BITS: u32 = 12;
pub(super) const PROB_ONE: u32 = 1 << PROB_BITS;
pub(super) const HALF: Prob = 1 << (PROB_BITS - 1);
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
/// coded (which, decoding, is the value read). Object safe: the grammars are walked through
/// `&mut dyn Coder` (`generic::LinkChooser`), so each system's grammar is compiled once, not
/// once per side (issue 32); the code around them stays generic and sees `decoding` as a
/// constant.
pub(super) trait Coder {
    /// Reading a link (the decoder), not writing one.
    fn decoding(&self) -> bool;
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
pub(super) struct Encoder {
    low: u64,
    range: u32,
    cache: u8,
    /// Bytes owed: the cache and the 0xFF bytes after it.
    pending: u64,
    out: Vec<u8>,
}

impl Encoder {
    pub(super) fn new() -> Encoder {
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
    pub(super) fn finish(mut self) -> Vec<u8> {
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
    #[inline]
    fn decoding(&self) -> bool {
        false
    }
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
pub(super) struct Decoder<'a> {
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
    pub(super) fn new(data: &'a [u8]) -> Result<Decoder<'a>, LinkError> {
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
    pub(super) fn finish(&self) -> Result<(), LinkError> {
        let low = self.window.wrapping_sub(self.code) as u64;
        let (k, v) = flush_choice(low, self.range as u64);
        if v as u32 != self.window || self.data.len() + 4 != self.pos + k {
            return Err(LinkError::Corrupt);
        }
        Ok(())
    }
}

impl Coder for Decoder<'_> {
    #[inline]
    fn decoding(&self) -> bool {
        true
    }
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
