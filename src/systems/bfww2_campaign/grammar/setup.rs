//! The setup in a link: the built-in sample under the second readings as one flag, as link
//! version 4 first wrote it; else a text. The text is the setup's JSON, except for the sample
//! under a later set of readings `r`, written as that number alone ("3"), and that sample kept
//! by side `k` in the umpire's place (`Setup::kept_by`), written "3k0" or "3k1": neither is any
//! setup's JSON text, so every link written before keeps decoding as it did.

use super::super::sample::sample_setup_read_by;
use super::super::setup::{Setup, READINGS, SECOND_READINGS};
use crate::engine::Chooser;

/// Readings whose sample goes as its number: those after the second, up to today's.
fn later(r: u8) -> bool {
    r > SECOND_READINGS && r <= READINGS
}

/// The sample under readings `r`, kept by an umpire or by side `k`.
fn sample(r: u8, kept_by: Option<u8>) -> Setup {
    Setup { kept_by, ..sample_setup_read_by(r) }
}

/// The short text of a sample under later readings (kept by an umpire or by a side), if `s` is one.
fn short(s: &Setup) -> Option<String> {
    let k = s.kept_by.filter(|&k| k < 2);
    (later(s.readings) && s.kept_by == k && *s == sample(s.readings, k)).then(|| match k {
        None => s.readings.to_string(),
        Some(k) => format!("{}k{k}", s.readings),
    })
}

/// The sample a short text names, if it is one exactly as `short` writes it.
fn from_short(text: &str) -> Option<Setup> {
    let (r, k) = match text.split_once('k') {
        Some((r, k)) => (r, Some(k)),
        None => (text, None),
    };
    let r: u8 = r.parse().ok().filter(|&r| later(r))?;
    let k = match k {
        None => None,
        Some("0") => Some(0),
        Some("1") => Some(1),
        Some(_) => return None,
    };
    let s = sample(r, k);
    (short(&s).as_deref() == Some(text)).then_some(s)
}

pub(in super::super) fn setup<C: Chooser>(c: &mut C, given: Option<&Setup>) -> Result<Setup, C::Error> {
    let first = sample_setup_read_by(SECOND_READINGS);
    if c.flag(0, given.map(|g| *g == first))? {
        return Ok(first);
    }
    let text = given.map(|g| short(g).unwrap_or_else(|| serde_json::to_string(g).expect("setups serialise")));
    let text = c.text(text.as_deref())?;
    if let Some(s) = from_short(&text) {
        return Ok(s);
    }
    if text.parse::<u8>().is_ok() {
        // A number names the sample under readings that have one, written as `short` does.
        return Err(c.refuse());
    }
    let setup: Setup = crate::engine::json::from_str(&text).map_err(|_| c.refuse())?;
    if setup == first || short(&setup).is_some() {
        // The writer sends the sample as such.
        return Err(c.refuse());
    }
    Ok(setup)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Known answers: the short texts, and only those exact texts read back.
    #[test]
    fn short_texts_are_exact() {
        for (text, kept) in [("3", None), ("3k0", Some(0)), ("3k1", Some(1))] {
            let s = sample(READINGS, kept);
            assert_eq!(short(&s).as_deref(), Some(text));
            assert_eq!(from_short(text), Some(s));
        }
        for text in ["03k0", "3k2", "3k", "k0", "3k01", "3K0", "2k0", "2", " 3k0", "3k0 ", "+3k1"] {
            assert_eq!(from_short(text), None, "{text}");
        }
        assert_eq!(from_short(&format!("{}k1", READINGS + 1)), None, "readings not known yet");
        // Kept by no side that exists, or under the second readings: no short text.
        assert_eq!(short(&sample(READINGS, Some(2))), None);
        assert_eq!(short(&sample(SECOND_READINGS, Some(0))), None);
    }
}
