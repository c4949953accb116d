//! The JSON reader behind `engine::json::from_str` (issue 32): serde's `Deserializer` over a
//! `&str`, with the parsing in plain functions and only a thin shell generic over the visitor.
//! serde_json's reader compiled its whole parse once per type read (136 KB of wasm after
//! wasm-opt); this one compiles the parse once. What it reads is what serde_json reads (RFC 8259
//! JSON, `RawValue`, at most 128 levels deep); a struct is read from an object only.

use serde::de::{self, Expected, Unexpected};
use std::fmt;

/// Arrays and objects nested this deep are refused, as serde_json refuses them (127 are read).
const MAX_DEPTH: usize = 128;

/// Why a text is not read: the words, and where (a byte offset, once known). Boxed, so that
/// every reader's `Result` stays one word wide (as serde_json's `Error` is).
#[derive(Debug)]
pub struct Error(Box<Why>);

#[derive(Debug)]
pub struct Why {
    pub(super) words: String,
    pub(super) at: Option<usize>,
}

impl Error {
    #[cold]
    fn at(words: &str, at: usize) -> Self {
        Error(Box::new(Why { words: words.to_string(), at: Some(at) }))
    }

    pub(super) fn why(&self) -> &Why {
        &self.0
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0.words)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(Box::new(Why { words: msg.to_string(), at: None }))
    }
}

/// A number as JSON writes it.
pub(super) enum Number {
    Unsigned(u64),
    Negative(i64),
    Float(f64),
}

/// A string read: borrowed from the text when it has no escape.
pub(super) enum Text<'de> {
    Borrowed(&'de str),
    Owned(String),
}

impl Text<'_> {
    pub(super) fn as_str(&self) -> &str {
        match self {
            Text::Borrowed(s) => s,
            Text::Owned(s) => s,
        }
    }
}

/// Powers of ten a `f64` holds exactly.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

/// A well-formed JSON number as a float, or `None` past `f64`'s range. As serde_json reads
/// one without its `float_roundtrip` feature: the digits (the first 19 exactly) times a power
/// of ten, within a few units in the last place; and, unlike core's exact `parse`, without its
/// tables in the page (10 KB).
fn to_float(text: &str) -> Option<f64> {
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (digits, exponent) = match text.find(['e', 'E']) {
        // An exponent past i64 is past any f64: as large as the clamp below.
        Some(at) => {
            let e = &text[at + 1..];
            (&text[..at], e.parse::<i64>().unwrap_or(if e.starts_with('-') { -10_000 } else { 10_000 }))
        }
        None => (text, 0),
    };
    let mut significand: u64 = 0;
    let mut exponent = exponent;
    let mut seen_point = false;
    for b in digits.bytes() {
        match b {
            b'.' => seen_point = true,
            d if significand < 1_000_000_000_000_000_000 => {
                significand = significand * 10 + u64::from(d - b'0');
                if seen_point {
                    exponent -= 1;
                }
            }
            _ if !seen_point => exponent += 1,
            _ => {}
        }
    }
    let mut f = significand as f64;
    let mut exponent = exponent.clamp(-10_000, 10_000) as i32;
    while f != 0.0 && exponent != 0 {
        let step = exponent.unsigned_abs().min(22) as usize;
        if exponent > 0 {
            f *= POW10[step];
            exponent -= step as i32;
            if f.is_infinite() {
                return None;
            }
        } else {
            f /= POW10[step];
            exponent += step as i32;
        }
    }
    Some(if negative { -f } else { f })
}

/// The text and where reading has got to.
pub struct Reader<'de> {
    text: &'de str,
    pos: usize,
    depth: usize,
}

impl<'de> Reader<'de> {
    pub fn new(text: &'de str) -> Self {
        Reader { text, pos: 0, depth: 0 }
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Nothing but white space is left.
    pub fn end(&mut self) -> Result<(), Error> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error_here("trailing characters")),
        }
    }

    fn bytes(&self) -> &'de [u8] {
        self.text.as_bytes()
    }

    /// The next byte after white space, not taken.
    pub(super) fn peek(&mut self) -> Option<u8> {
        while let Some(&b) = self.bytes().get(self.pos) {
            if !matches!(b, b' ' | b'\n' | b'\t' | b'\r') {
                return Some(b);
            }
            self.pos += 1;
        }
        None
    }

    /// An error at the next byte (its column counts it, as serde_json's do).
    #[cold]
    pub(super) fn error_here(&self, words: &str) -> Error {
        Error::at(words, self.pos + 1)
    }

    #[cold]
    pub(super) fn eof(&self) -> Error {
        Error::at("EOF while parsing a value", self.pos)
    }

    /// `word` (`true`, `false`, `null`) at the next byte.
    pub(super) fn keyword(&mut self, word: &str) -> Result<(), Error> {
        if self.bytes()[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(())
        } else if self.pos + word.len() > self.bytes().len() {
            Err(self.eof())
        } else {
            Err(self.error_here("expected ident"))
        }
    }

    fn enter(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth >= MAX_DEPTH {
            return Err(self.error_here("recursion limit exceeded"));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// A string, from its opening quote (the next byte).
    pub(super) fn string(&mut self) -> Result<Text<'de>, Error> {
        self.pos += 1;
        let start = self.pos;
        let mut owned: Option<String> = None;
        let mut from = start;
        loop {
            let Some(&b) = self.bytes().get(self.pos) else { return Err(self.eof()) };
            match b {
                b'"' => {
                    let text = match owned {
                        None => Text::Borrowed(&self.text[start..self.pos]),
                        Some(mut s) => {
                            s.push_str(&self.text[from..self.pos]);
                            Text::Owned(s)
                        }
                    };
                    self.pos += 1;
                    return Ok(text);
                }
                b'\\' => {
                    let s = owned.get_or_insert_with(String::new);
                    s.push_str(&self.text[from..self.pos]);
                    self.pos += 1;
                    let Some(&e) = self.bytes().get(self.pos) else { return Err(self.eof()) };
                    self.pos += 1;
                    let c = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode_escape()?,
                        _ => return Err(self.error_here("invalid escape")),
                    };
                    if let Some(s) = owned.as_mut() {
                        s.push(c);
                    }
                    from = self.pos;
                }
                0..=0x1f => {
                    return Err(self.error_here("control character (\\u0000-\\u001F) found while parsing a string"))
                }
                _ => self.pos += 1,
            }
        }
    }

    fn hex4(&mut self) -> Result<u16, Error> {
        let Some(digits) = self.text.get(self.pos..self.pos + 4) else { return Err(self.eof()) };
        let n = u16::from_str_radix(digits, 16)
            .ok()
            .filter(|_| digits.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| self.error_here("invalid escape"))?;
        self.pos += 4;
        Ok(n)
    }

    /// The character of a `\u` escape (its `u` taken), a surrogate pair as one.
    fn unicode_escape(&mut self) -> Result<char, Error> {
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                if !self.bytes()[self.pos..].starts_with(b"\\u") {
                    return Err(self.error_here("lone leading surrogate in hex escape"));
                }
                self.pos += 2;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(self.error_here("lone leading surrogate in hex escape"));
                }
                0x10000 + ((u32::from(first) - 0xD800) << 10) + (u32::from(second) - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(self.error_here("lone trailing surrogate in hex escape")),
            n => u32::from(n),
        };
        char::from_u32(code).ok_or_else(|| self.error_here("invalid unicode code point"))
    }

    /// A number, from its first byte (a digit or `-`).
    pub(super) fn number(&mut self) -> Result<Number, Error> {
        let start = self.pos;
        let bytes = self.bytes();
        let digits = |from: usize| bytes[from..].iter().take_while(|b| b.is_ascii_digit()).count();
        let mut at = start;
        let negative = bytes[at] == b'-';
        if negative {
            at += 1;
        }
        let whole = digits(at);
        if whole == 0 || (whole > 1 && bytes[at] == b'0') {
            self.pos = at;
            return Err(if at >= bytes.len() { self.eof() } else { self.error_here("invalid number") });
        }
        at += whole;
        let mut float = false;
        if bytes.get(at) == Some(&b'.') {
            let fraction = digits(at + 1);
            if fraction == 0 {
                self.pos = at + 1;
                return Err(if at + 1 >= bytes.len() { self.eof() } else { self.error_here("invalid number") });
            }
            at += 1 + fraction;
            float = true;
        }
        if matches!(bytes.get(at), Some(b'e' | b'E')) {
            at += 1;
            if matches!(bytes.get(at), Some(b'+' | b'-')) {
                at += 1;
            }
            let exponent = digits(at);
            if exponent == 0 {
                self.pos = at;
                return Err(if at >= bytes.len() { self.eof() } else { self.error_here("invalid number") });
            }
            at += exponent;
            float = true;
        }
        self.pos = at;
        let text = &self.text[start..at];
        if !float {
            if negative {
                // `-0` is a float, as serde_json reads it.
                if let Ok(n) = text.parse::<i64>() {
                    return Ok(if n == 0 { Number::Float(-0.0) } else { Number::Negative(n) });
                }
            } else if let Ok(n) = text.parse::<u64>() {
                return Ok(Number::Unsigned(n));
            }
        }
        match to_float(text) {
            Some(f) => Ok(Number::Float(f)),
            None => Err(Error::at("number out of range", start + 1)),
        }
    }

    /// Steps over one value, checking it is well formed.
    pub(super) fn skip(&mut self) -> Result<(), Error> {
        match self.peek() {
            None => Err(self.eof()),
            Some(b'"') => self.string().map(drop),
            Some(b'-' | b'0'..=b'9') => self.number().map(drop),
            Some(b't') => self.keyword("true"),
            Some(b'f') => self.keyword("false"),
            Some(b'n') => self.keyword("null"),
            Some(b'[') => {
                self.open()?;
                let mut first = true;
                while self.more(b']', &mut first)? {
                    self.skip()?;
                }
                self.close(b']')
            }
            Some(b'{') => {
                self.open()?;
                let mut first = true;
                while self.more(b'}', &mut first)? {
                    self.key()?;
                    self.skip()?;
                }
                self.close(b'}')
            }
            Some(_) => Err(self.error_here("expected value")),
        }
    }

    /// One value's text as it stands (its surrounding white space left out).
    pub(super) fn raw(&mut self) -> Result<&'de str, Error> {
        self.peek();
        let start = self.pos;
        self.skip()?;
        Ok(&self.text[start..self.pos])
    }

    /// Takes `[` or `{` (the next byte), one level deeper.
    pub(super) fn open(&mut self) -> Result<(), Error> {
        self.enter()?;
        self.pos += 1;
        Ok(())
    }

    /// Takes the closing `]` or `}` (after the last element), one level up.
    pub(super) fn close(&mut self, close: u8) -> Result<(), Error> {
        match self.peek() {
            Some(b) if b == close => {
                self.pos += 1;
                self.leave();
                Ok(())
            }
            Some(b',') => Err(self.error_here("trailing comma")),
            Some(_) => Err(self.error_here(if close == b']' { "trailing characters" } else { "expected `,` or `}`" })),
            None => Err(self.eof()),
        }
    }

    /// Whether another element follows (its comma taken), or the array or object ends here.
    pub(super) fn more(&mut self, close: u8, first: &mut bool) -> Result<bool, Error> {
        match self.peek() {
            None => Err(self.eof()),
            Some(b) if b == close => Ok(false),
            Some(b',') if !*first => {
                self.pos += 1;
                match self.peek() {
                    Some(b) if b == close => Err(self.error_here("trailing comma")),
                    _ => Ok(true),
                }
            }
            Some(_) if *first => {
                *first = false;
                Ok(true)
            }
            Some(_) => Err(self.error_here(if close == b']' { "expected `,` or `]`" } else { "expected `,` or `}`" })),
        }
    }

    /// An object's key and its colon.
    pub(super) fn key(&mut self) -> Result<Text<'de>, Error> {
        match self.peek() {
            Some(b'"') => {}
            None => return Err(self.eof()),
            Some(_) => return Err(self.error_here("key must be a string")),
        }
        let key = self.string()?;
        match self.peek() {
            Some(b':') => {
                self.pos += 1;
                Ok(key)
            }
            None => Err(self.eof()),
            Some(_) => Err(self.error_here("expected `:`")),
        }
    }

    /// What the next value is, for an "invalid type" error (the value is read to say so).
    #[cold]
    pub(super) fn unexpected(&mut self, expected: &dyn Expected) -> Error {
        let found = match self.peek() {
            None => return self.eof(),
            Some(b'"') => match self.string() {
                Ok(s) => return de::Error::invalid_type(Unexpected::Str(s.as_str()), expected),
                Err(e) => return e,
            },
            Some(b'-' | b'0'..=b'9') => match self.number() {
                Ok(Number::Unsigned(n)) => Unexpected::Unsigned(n),
                Ok(Number::Negative(n)) => Unexpected::Signed(n),
                Ok(Number::Float(f)) => Unexpected::Float(f),
                Err(e) => return e,
            },
            Some(b't') => Unexpected::Bool(true),
            Some(b'f') => Unexpected::Bool(false),
            Some(b'n') => Unexpected::Unit,
            Some(b'[') => Unexpected::Seq,
            Some(b'{') => Unexpected::Map,
            Some(_) => return self.error_here("expected value"),
        };
        de::Error::invalid_type(found, expected)
    }

    /// The next value is `null` (taken if so).
    pub(super) fn null(&mut self) -> Result<bool, Error> {
        if self.peek() == Some(b'n') {
            self.keyword("null")?;
            return Ok(true);
        }
        Ok(false)
    }

    /// The next value as a string (for strings, identifiers and keys), or why not.
    pub(super) fn text(&mut self, expected: &dyn Expected) -> Result<Text<'de>, Error> {
        match self.peek() {
            Some(b'"') => self.string(),
            _ => Err(self.unexpected(expected)),
        }
    }

    /// The next value as a number, or why not.
    pub(super) fn numeric(&mut self, expected: &dyn Expected) -> Result<Number, Error> {
        match self.peek() {
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(self.unexpected(expected)),
        }
    }

    /// The next value as a boolean, or why not.
    pub(super) fn boolean(&mut self, expected: &dyn Expected) -> Result<bool, Error> {
        match self.peek() {
            Some(b't') => self.keyword("true").map(|_| true),
            Some(b'f') => self.keyword("false").map(|_| false),
            _ => Err(self.unexpected(expected)),
        }
    }

    /// Opens the next value's `[` or `{`, or says why not.
    pub(super) fn opening(&mut self, open: u8, expected: &dyn Expected) -> Result<(), Error> {
        if self.peek() == Some(open) {
            self.open()
        } else {
            Err(self.unexpected(expected))
        }
    }
}
