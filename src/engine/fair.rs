//! Fair at a distance (issue 31): the two pieces of arithmetic its protocol rests on, pinned by
//! known-answer tests as link formats are, so that two devices of different versions agree.
//!
//! - A **seal**: SHA-256 over a coded decision followed by a 128-bit salt (`seal`). Sent before
//!   the decision, it binds its maker to it without telling it; the decision and salt sent
//!   later (the reveal) must hash to it (`Seal::opens`).
//! - A **joint roll**: each side commits to a fresh 128-bit value (its seal is the seal of no
//!   decision under that value as salt: SHA-256 of the value), then both values are shown; the
//!   dice are drawn from SHA-256 over both values and the roll's place in the journal
//!   (`joint_dice`). Neither side can choose or foresee them once it has committed.
//!
//! Drawing is by rejection, so every face is exactly as likely: bytes of the stream
//! SHA-256(first || second || place as 8 bytes little endian || block as 4 bytes little
//! endian), block 0, 1, …; a die of n sides takes the next byte b (two bytes, little endian,
//! for more than 256 sides) and keeps it only if b < the largest multiple of n that fits; the
//! face is b mod n + 1.

use super::dice::Die;
use sha2::{Digest, Sha256};

/// A 128-bit secret: a seal's salt, or a side's value for a joint roll. Stored as hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Secret(pub [u8; 16]);

/// The SHA-256 a side sends before its decision or value. Stored as hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seal(pub [u8; 32]);

impl Secret {
    /// A fresh secret from `rng` (the browser's entropy in the app).
    pub fn fresh(rng: &mut dyn rand::RngCore) -> Secret {
        let mut b = [0; 16];
        rng.fill_bytes(&mut b);
        Secret(b)
    }
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn of_hex<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != 2 * N || !text.is_ascii() {
        return None;
    }
    let mut out = [0; N];
    for (k, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&text[2 * k..2 * k + 2], 16).ok()?;
    }
    Some(out)
}

macro_rules! hex_serde {
    ($t:ident, $n:literal) => {
        impl serde::Serialize for $t {
            fn serialize<Z: serde::Serializer>(&self, z: Z) -> Result<Z::Ok, Z::Error> {
                z.serialize_str(&to_hex(&self.0))
            }
        }
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                of_hex::<$n>(&text)
                    .map($t)
                    .ok_or_else(|| serde::de::Error::custom(concat!("not ", $n, " bytes in hex")))
            }
        }
    };
}
hex_serde!(Secret, 16);
hex_serde!(Seal, 32);

impl Seal {
    /// The seal of `coded` (a decision as the system's grammar codes it) under `salt`.
    pub fn of(coded: &[u8], salt: &Secret) -> Seal {
        let mut h = Sha256::new();
        h.update(coded);
        h.update(salt.0);
        Seal(h.finalize().into())
    }

    /// The seal of a side's value for a joint roll (the seal of no decision under it).
    pub fn of_value(value: &Secret) -> Seal {
        Seal::of(&[], value)
    }

    /// Whether `coded` and `salt` are what was sealed.
    pub fn opens(&self, coded: &[u8], salt: &Secret) -> bool {
        Seal::of(coded, salt) == *self
    }

    pub fn to_hex(&self) -> String {
        to_hex(&self.0)
    }
}

/// The dice of a joint roll: `dice` drawn from the two sides' values and the roll's place in
/// the journal (its index), each face equally likely (see the module's doc).
pub fn joint_dice(first: &Secret, second: &Secret, place: u64, dice: &[Die]) -> Vec<u16> {
    let mut stream = Stream { first, second, place, block: 0, bytes: [0; 32], used: 32 };
    dice.iter().map(|&die| stream.face(die.sides())).collect()
}

/// The bytes the dice are drawn from, block by block.
struct Stream<'a> {
    first: &'a Secret,
    second: &'a Secret,
    place: u64,
    block: u32,
    bytes: [u8; 32],
    used: usize,
}

impl Stream<'_> {
    fn byte(&mut self) -> u8 {
        if self.used == self.bytes.len() {
            let mut h = Sha256::new();
            h.update(self.first.0);
            h.update(self.second.0);
            h.update(self.place.to_le_bytes());
            h.update(self.block.to_le_bytes());
            self.bytes = h.finalize().into();
            self.block += 1;
            self.used = 0;
        }
        self.used += 1;
        self.bytes[self.used - 1]
    }

    /// A face of a die of `sides` sides, by rejection.
    fn face(&mut self, sides: u16) -> u16 {
        let sides = u32::from(sides.max(1));
        let (span, two) = if sides <= 256 { (256u32, false) } else { (65_536u32, true) };
        let limit = span - span % sides;
        loop {
            let b =
                if two { u32::from(u16::from_le_bytes([self.byte(), self.byte()])) } else { u32::from(self.byte()) };
            if b < limit {
                return (b % sides) as u16 + 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret(byte: u8) -> Secret {
        Secret([byte; 16])
    }

    /// Known answers: these figures are part of the format (as link fixtures are).
    #[test]
    fn seals_have_known_answers() {
        assert_eq!(
            Seal::of(b"", &Secret([0; 16])).to_hex(),
            "374708fff7719dd5979ec875d56cd2286f6d3cf7ec317a3b25632aab28ec37bb"
        );
        assert_eq!(
            Seal::of(b"attack", &secret(7)).to_hex(),
            "11f3cff0f7a41bf6e53a770dc6b16770d77a8030bb5045a09a8ed68ab4a5b3f0"
        );
        let s = Seal::of(b"attack", &secret(7));
        assert!(s.opens(b"attack", &secret(7)));
        assert!(!s.opens(b"regroup", &secret(7)), "another decision");
        assert!(!s.opens(b"attack", &secret(8)), "another salt");
        assert_eq!(Seal::of_value(&secret(1)), Seal::of(&[], &secret(1)));
    }

    #[test]
    fn seals_and_secrets_are_stored_as_hex() {
        let s = Seal::of(b"attack", &secret(7));
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, format!("\"{}\"", s.to_hex()));
        assert_eq!(crate::engine::json::from_str::<Seal>(&json).unwrap(), s);
        assert_eq!(serde_json::to_string(&secret(171)).unwrap(), "\"abababababababababababababababab\"");
        for bad in ["\"ab\"", "\"zz\"", "17", "\"é\"", &format!("\"{}0\"", s.to_hex())] {
            assert!(crate::engine::json::from_str::<Seal>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn joint_dice_have_known_answers() {
        let d6 = joint_dice(&secret(1), &secret(2), 0, &[Die::D6; 10]);
        assert_eq!(d6, KNOWN_D6);
        let mixed = joint_dice(&secret(3), &secret(4), 41, &[Die::D3, Die::D10, Die::D100, Die::D6]);
        assert_eq!(mixed, KNOWN_MIXED);
    }

    // Worked out by a second implementation of the module doc's description (Python's hashlib).
    const KNOWN_D6: [u16; 10] = [5, 2, 6, 2, 2, 4, 2, 6, 3, 3];
    const KNOWN_MIXED: [u16; 4] = [1, 10, 44, 4];

    #[test]
    fn the_dice_depend_on_both_values_and_the_place() {
        let base = joint_dice(&secret(1), &secret(2), 5, &[Die::D100; 8]);
        assert_ne!(base, joint_dice(&secret(9), &secret(2), 5, &[Die::D100; 8]));
        assert_ne!(base, joint_dice(&secret(1), &secret(9), 5, &[Die::D100; 8]));
        assert_ne!(base, joint_dice(&secret(1), &secret(2), 6, &[Die::D100; 8]));
        assert_eq!(base, joint_dice(&secret(1), &secret(2), 5, &[Die::D100; 8]));
    }

    /// Every face of every die is exactly as likely: of the byte values a die keeps, each face
    /// takes the same number.
    #[test]
    fn rejection_leaves_every_face_equally_likely() {
        for die in [Die::D3, Die::D6, Die::D10, Die::D100] {
            let n = u32::from(die.sides());
            let limit = 256 - 256 % n;
            let mut count = vec![0u32; n as usize];
            for b in 0..limit {
                count[(b % n) as usize] += 1;
            }
            assert!(count.iter().all(|&c| c == count[0]), "{die:?}");
        }
        // Over many draws every face comes up, within its range.
        let faces = joint_dice(&secret(5), &secret(6), 1, &[Die::D6; 6_000]);
        for f in 1..=6u16 {
            let k = faces.iter().filter(|&&x| x == f).count();
            assert!((850..=1150).contains(&k), "face {f}: {k} of 6,000");
        }
        assert!(faces.iter().all(|&f| (1..=6).contains(&f)));
    }
}
