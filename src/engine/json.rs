//! The one way JSON text is read into the app's types (issue 32): the reader of `json_read.rs`
//! and `json_de.rs`, which reads what serde_json reads (and `RawValue`), but a struct from an
//! object only, so serde's array reader of every struct is never linked. Its errors are
//! serde_json's `Error`, with words and place as serde_json's own give them for type errors;
//! its syntax errors say the same things in the same places, in nearly the same words.

use serde::de::{self, DeserializeOwned};

/// `text` read as a `T`: what `serde_json::from_str` reads, but for structs written as arrays.
/// The error says where, as serde_json's do (" at line L column C").
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, serde_json::Error> {
    let mut reader = super::json_read::Reader::new(text);
    let read = T::deserialize(&mut reader).and_then(|value| reader.end().map(|()| value));
    read.map_err(|e| placed(text, e.why().at.unwrap_or(reader.pos()), &e.why().words))
}

/// The error's words and place, as serde_json's `Error`.
#[cold]
fn placed(text: &str, at: usize, words: &str) -> serde_json::Error {
    let before = &text.as_bytes()[..at.min(text.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = before.len() - before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    de::Error::custom(format_args!("{words} at line {line} column {column}"))
}

/// A part of a document kept as text (`RawValue`) read as a `T`, for readers that read the
/// parts every system shares once for all and leave the system's own part to its code (issue
/// 32). Its error is the part's, without the part's own line and column: the reader of the
/// whole document puts its place there.
pub fn part<T: DeserializeOwned, E: de::Error>(raw: &serde_json::value::RawValue) -> Result<T, E> {
    from_str(raw.get()).map_err(|e| E::custom(unplaced(e)))
}

/// An error's words without " at line L column C".
#[inline(never)]
fn unplaced(e: serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::from_str;
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Deserialize)]
    struct Point {
        x: i32,
        y: Option<u8>,
    }

    #[derive(Debug, PartialEq, Deserialize)]
    enum Step {
        Stay,
        Move(Point),
        Jump { to: Point, high: bool },
        Pair(u8, String),
    }

    #[test]
    fn reads_what_serde_json_reads() {
        let text = r#"[{"Move":{"x":-3,"y":null}},"Stay",{"Jump":{"to":{"x":1,"y":2},"high":true}},{"Pair":[7,"a"]}]"#;
        let strict: Vec<Step> = from_str(text).unwrap();
        assert_eq!(strict, serde_json::from_str::<Vec<Step>>(text).unwrap());
        let raw: Box<serde_json::value::RawValue> = from_str(r#" {"a": [1, 2]} "#).unwrap();
        assert_eq!(raw.get(), r#"{"a": [1, 2]}"#);
    }

    #[test]
    fn a_part_read_alone_errs_in_its_own_words() {
        let raw: Box<serde_json::value::RawValue> = from_str(r#"{"x":"1"}"#).unwrap();
        let e = super::part::<Point, serde_json::Error>(&raw).unwrap_err().to_string();
        assert_eq!(e, "invalid type: string \"1\", expected i32");
        let raw: Box<serde_json::value::RawValue> = from_str(r#"{"x":1}"#).unwrap();
        assert_eq!(super::part::<Point, serde_json::Error>(&raw).unwrap(), Point { x: 1, y: None });
    }

    #[test]
    fn refuses_a_struct_in_an_array_and_trailing_text() {
        assert!(serde_json::from_str::<Point>("[1,2]").is_ok());
        let e = from_str::<Point>("[1,2]").unwrap_err().to_string();
        assert!(e.contains("invalid type: sequence"), "{e}");
        assert!(from_str::<Step>(r#"{"Jump":[{"x":1,"y":2},true]}"#).is_err());
        let e = from_str::<Point>(r#"{"x":1,"y":2} x"#).unwrap_err();
        assert_eq!(e.to_string(), "trailing characters at line 1 column 15");
        assert_eq!(
            from_str::<Point>(r#"{"x":"1"}"#).unwrap_err().to_string(),
            serde_json::from_str::<Point>(r#"{"x":"1"}"#).unwrap_err().to_string()
        );
    }

    /// What serde_json reads as a `Value`, this reader reads the same; what it refuses, this
    /// refuses: hand-picked texts, then each mutated at random.
    #[test]
    fn reads_and_refuses_as_serde_json_does() {
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        let mut texts: Vec<String> = [
            "null",
            "true",
            "false",
            "0",
            "-0",
            "12",
            "-12",
            "1.5",
            "-1.5e3",
            "1E+2",
            "1e-2",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "1e400",
            "01",
            "-",
            "1.",
            "1e",
            ".5",
            "+1",
            r#""""#,
            r#""a\"b\\c\/d\b\f\n\r\t""#,
            r#""\u00e9\u20AC""#,
            r#""\ud83d\ude00""#,
            r#""\ud83d""#,
            r#""\ude00""#,
            r#""\ud83d\u0041""#,
            r#""\x""#,
            r#""\u12""#,
            "\"a\tb\"",
            "\"a\u{1}b\"",
            "\"é€😀\"",
            "[]",
            "[1,2]",
            "[1,]",
            "[,1]",
            "[1 2]",
            "{}",
            r#"{"a":1}"#,
            r#"{"a":1,}"#,
            r#"{"a" 1}"#,
            r#"{1:2}"#,
            r#"{"a":1 "b":2}"#,
            " \n\t\r[ 1 , { \"a\" : [ null ] } ] ",
            "[1] x",
            "",
            " ",
            "nul",
            "tru",
            "[",
            "{",
            r#"{"a""#,
            r#"{"a":"#,
            r#""abc"#,
            "[1,[2,[3]]]",
        ]
        .iter()
        .map(|t| t.to_string())
        .collect();
        texts.extend([deep(127), deep(128), deep(129)]);
        let base = texts.clone();
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for text in base.iter().filter(|t| t.len() > 1) {
            for _ in 0..200 {
                let mut bytes = text.clone().into_bytes();
                for _ in 0..1 + next() % 3 {
                    let at = (next() % bytes.len() as u64) as usize;
                    let pick = b"{}[],:\"\\ 0123456789.eE+-tfnulbrx\n";
                    match next() % 3 {
                        0 => bytes[at] = pick[(next() % pick.len() as u64) as usize],
                        1 => bytes.insert(at, pick[(next() % pick.len() as u64) as usize]),
                        _ if bytes.len() > 1 => drop(bytes.remove(at)),
                        _ => {}
                    }
                }
                if let Ok(t) = String::from_utf8(bytes) {
                    texts.push(t);
                }
            }
        }
        for text in &texts {
            let ours = from_str::<serde_json::Value>(text);
            let theirs = serde_json::from_str::<serde_json::Value>(text);
            match (&ours, &theirs) {
                (Ok(a), Ok(b)) => assert!(same(a, b), "{text:?}: ours {a:?}, serde_json's {b:?}"),
                (Err(_), Err(_)) => {}
                _ => panic!("{text:?}: ours {ours:?}, serde_json's {theirs:?}"),
            }
        }
    }

    /// Equal, but for the last digits of a float: neither reader's floats are exact (serde_json's
    /// reads `1e-42` as `9.999999999999999e-43`), and they need not agree to the last place.
    fn same(a: &serde_json::Value, b: &serde_json::Value) -> bool {
        use serde_json::Value;
        match (a, b) {
            (Value::Number(x), Value::Number(y)) if x.is_f64() && y.is_f64() => {
                let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
                x == y || (x - y).abs() <= x.abs().max(y.abs()) * 1e-13
            }
            (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y)),
            (Value::Object(x), Value::Object(y)) => {
                x.len() == y.len() && x.iter().zip(y).all(|((kx, x), (ky, y))| kx == ky && same(x, y))
            }
            _ => a == b,
        }
    }

    #[test]
    fn floats_the_app_writes_read_back_exactly() {
        for f in [1_764_519_123_456.0, 0.5, -225.0, 0.0, 1e21, 123.25] {
            let text = serde_json::to_string(&f).unwrap();
            assert_eq!(from_str::<f64>(&text).unwrap(), f, "{text}");
        }
        assert_eq!(from_str::<f64>("-2.25e2").unwrap(), -225.0);
        assert!(from_str::<f64>("1e309").is_err());
        assert_eq!(from_str::<f64>("1e-400").unwrap(), 0.0);
    }

    #[test]
    fn maps_keyed_by_numbers_and_enums_read_as_serde_json_reads_them() {
        use std::collections::BTreeMap;
        let text = r#"{"3":7,"0":9}"#;
        let ours: BTreeMap<u8, u64> = from_str(text).unwrap();
        assert_eq!(ours, serde_json::from_str::<BTreeMap<u8, u64>>(text).unwrap());
        assert!(from_str::<BTreeMap<u8, u64>>(r#"{"x":1}"#).is_err());
        assert!(from_str::<BTreeMap<u8, u64>>(r#"{"300":1}"#).is_err());
        let steps: Vec<Step> = from_str(r#"["Stay",{"Stay":null}]"#).unwrap();
        assert_eq!(steps, vec![Step::Stay, Step::Stay]);
        assert!(from_str::<Step>(r#"{"Move":{"x":1},"Stay":null}"#).is_err());
        assert!(from_str::<Step>(r#""Move""#).is_err());
        assert!(from_str::<Step>(r#"{"Walk":null}"#).is_err());
    }
}
