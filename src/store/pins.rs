//! Seats locked on this device: each seat's PIN (4 to 8 digits), kept only here as a salted
//! SHA-256 hash, with the count of wrong tries in a row and the time they wait after five.
//!
//! A PIN lives under a key of its own (`PIN_PREFIX`), never in a document, link, file or backup
//! (`backup` and the exports read campaigns' keys alone), and is forgotten with its campaign
//! (`delete`) or with the device's settings for it (`forget_device`). The check is pure: the
//! salt and the clock come from the caller (the browser's entropy and clock in the app).

use super::{Backend, StoreError};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Keys of PINs start with this; then the campaign id, a dot and the seat's key.
pub const PIN_PREFIX: &str = "fielddesk.pin.";

/// Wrong tries in a row before the wait.
pub const TRIES: u32 = 5;
/// The wait after `TRIES` wrong tries, in milliseconds.
pub const WAIT_MS: f64 = 30_000.0;

fn pin_key(id: &str, seat: &str) -> String {
    format!("{PIN_PREFIX}{id}.{seat}")
}

/// A PIN as kept: the salt and the hash (hex), and the wrong tries since the last right one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lock {
    salt: String,
    hash: String,
    #[serde(default)]
    wrong: u32,
    /// Until when (ms since 1970) tries are refused.
    #[serde(default)]
    until: f64,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `pin` is one a seat may set: 4 to 8 digits.
pub fn valid_pin(pin: &str) -> bool {
    (4..=8).contains(&pin.len()) && pin.bytes().all(|b| b.is_ascii_digit())
}

/// The hash of `pin` with `salt`, in hex.
pub fn pin_hash(salt: &[u8], pin: &str) -> String {
    let mut h = Sha256::new();
    h.update(salt);
    h.update(pin.as_bytes());
    hex(&h.finalize())
}

impl Lock {
    /// A lock for `pin` with a fresh `salt`.
    pub fn new(pin: &str, salt: [u8; 16]) -> Lock {
        Lock { salt: hex(&salt), hash: pin_hash(&salt, pin), wrong: 0, until: 0.0 }
    }

    /// Whether `pin` is this lock's.
    pub fn opens(&self, pin: &str) -> bool {
        let salt: Vec<u8> = (0..self.salt.len() / 2)
            .filter_map(|i| u8::from_str_radix(&self.salt[2 * i..2 * i + 2], 16).ok())
            .collect();
        pin_hash(&salt, pin) == self.hash
    }

    /// The hash kept (what a test looks for elsewhere).
    pub fn hash(&self) -> &str {
        &self.hash
    }

    /// Tries `pin` at time `now` (ms): right, wrong with tries left, or refused while waiting.
    pub fn attempt(&mut self, pin: &str, now: f64) -> Result<(), PinError> {
        if now < self.until {
            return Err(PinError::Wait(((self.until - now) / 1000.0).ceil() as u32));
        }
        if self.opens(pin) {
            self.wrong = 0;
            return Ok(());
        }
        self.wrong += 1;
        if self.wrong >= TRIES {
            self.wrong = 0;
            self.until = now + WAIT_MS;
            return Err(PinError::Wait((WAIT_MS / 1000.0) as u32));
        }
        Err(PinError::Wrong(TRIES - self.wrong))
    }
}

/// Why a PIN was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinError {
    /// Wrong, with this many tries left before the wait.
    Wrong(u32),
    /// Too many wrong tries: wait this many seconds.
    Wait(u32),
    /// Not 4 to 8 digits.
    Shape,
    /// The two new PINs differ.
    Differ,
    /// The browser's storage refused.
    Store,
}

impl std::fmt::Display for PinError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PinError::Wrong(1) => f.write_str("Wrong PIN: 1 try left"),
            PinError::Wrong(n) => write!(f, "Wrong PIN: {n} tries left"),
            PinError::Wait(1) => f.write_str("Five wrong tries: wait 1 second"),
            PinError::Wait(s) => write!(f, "Five wrong tries: wait {s} seconds"),
            PinError::Shape => f.write_str("A PIN is 4 to 8 digits"),
            PinError::Differ => f.write_str("The two PINs differ"),
            PinError::Store => f.write_str("The PIN could not be kept"),
        }
    }
}

/// The lock of `seat` (its key, `share::seat::seat_key`) in campaign `id`, if it has one.
pub fn lock(b: &dyn Backend, id: &str, seat: &str) -> Option<Lock> {
    b.get(&pin_key(id, seat)).ok().flatten().and_then(|t| crate::engine::json::from_str(&t).ok())
}

/// Whether `seat` of campaign `id` is locked on this device.
pub fn locked(b: &dyn Backend, id: &str, seat: &str) -> bool {
    lock(b, id, seat).is_some()
}

/// Whether any seat of campaign `id` is locked on this device.
pub fn any_locked(b: &dyn Backend, id: &str) -> bool {
    let prefix = pin_key(id, "");
    b.keys().unwrap_or_default().iter().any(|k| k.starts_with(&prefix))
}

/// Locks `seat` with `pin` (salted with `salt`), replacing any PIN it had.
pub fn set_pin(b: &mut dyn Backend, id: &str, seat: &str, pin: &str, salt: [u8; 16]) -> Result<(), PinError> {
    if !valid_pin(pin) {
        return Err(PinError::Shape);
    }
    let lock = Lock::new(pin, salt);
    b.set(&pin_key(id, seat), &serde_json::to_string(&lock).expect("locks serialise")).map_err(|_| PinError::Store)
}

/// Tries `pin` for `seat` at `now`; a seat with no PIN opens with anything. The count of wrong
/// tries is kept, so a reload does not reset it.
pub fn try_pin(b: &mut dyn Backend, id: &str, seat: &str, pin: &str, now: f64) -> Result<(), PinError> {
    let Some(mut lock) = lock(b, id, seat) else { return Ok(()) };
    let result = lock.attempt(pin, now);
    b.set(&pin_key(id, seat), &serde_json::to_string(&lock).expect("locks serialise")).map_err(|_| PinError::Store)?;
    result
}

/// Unlocks `seat` for good (its PIN removed).
pub fn clear_pin(b: &mut dyn Backend, id: &str, seat: &str) -> Result<(), StoreError> {
    b.remove(&pin_key(id, seat))
}

/// Forgets every PIN of campaign `id`.
pub(super) fn forget_pins(b: &mut dyn Backend, id: &str) -> Result<(), StoreError> {
    let prefix = pin_key(id, "");
    for k in b.keys()?.into_iter().filter(|k| k.starts_with(&prefix)) {
        b.remove(&k)?;
    }
    Ok(())
}
