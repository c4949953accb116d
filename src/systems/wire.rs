//! `Body` and `ViewBody` as JSON, read and written by hand rather than derived (issue 32).
//!
//! The JSON is what serde's internally tagged enums wrote (`{"system": tag, ...fields}`), byte
//! for byte. Derived, reading such an enum buffers the whole object in serde's `Content` and reads
//! every system's types a second time from that buffer: a copy of every system's deserialisers in
//! every wasm that reads a seat copy or a campaign. Here the tag is read first, from the object's
//! text, and then the one system's fields from the same text (the tag is an unknown field to
//! them, and ignored), so each type has one deserialiser: serde_json's from text.
//!
//! So `Body`, `ViewBody` and `share::typed::ViewOf` read from JSON text only (`serde_json`'s
//! `from_str`), never from a `serde_json::Value`: `share::json` turns a value into text first.

use super::{Listed, SystemId, Visit};
use crate::engine::{Action, HistoryLine, Reader, SeatView, System};
use serde::{Deserialize, Serialize};

/// A stored body of `S` as written: its tag, then its fields.
#[derive(Serialize)]
#[serde(bound = "")]
pub struct BodyOut<'a, S: System> {
    pub system: SystemId,
    pub setup: &'a S::Setup,
    pub journal: &'a [Action<S::Decision>],
}

/// A stored body of `S` as read (its tag read before).
#[derive(Deserialize)]
#[serde(bound = "")]
struct BodyIn<S: System> {
    setup: S::Setup,
    journal: Vec<Action<S::Decision>>,
}

/// A seat's view of `S` as written: its tag, then the view's fields.
#[derive(Serialize)]
#[serde(bound = "")]
pub struct ViewOut<'a, S: System> {
    pub system: SystemId,
    pub reader: Reader,
    pub setup: &'a S::Setup,
    pub state: &'a S::State,
    pub history: &'a [HistoryLine],
    pub steps: usize,
}

impl<'a, S: Listed> ViewOut<'a, S> {
    pub fn of(v: &'a SeatView<S>) -> Self {
        ViewOut {
            system: S::ID,
            reader: v.reader,
            setup: &v.setup,
            state: &v.state,
            history: &v.history,
            steps: v.steps,
        }
    }
}

/// The system an object's text is tagged with.
pub fn tag(text: &str) -> Result<SystemId, serde_json::Error> {
    #[derive(Deserialize)]
    struct Tag {
        system: SystemId,
    }
    crate::engine::json::from_str::<Tag>(text).map(|t| t.system)
}

/// A stored body from its text.
pub fn read_body(text: &str) -> Result<super::Body, serde_json::Error> {
    struct Read<'a>(&'a str);
    impl Visit for Read<'_> {
        type Out = Result<super::Body, serde_json::Error>;
        fn visit<S: Listed>(self) -> Self::Out {
            let b: BodyIn<S> = crate::engine::json::from_str(self.0)?;
            Ok(S::body(b.setup, b.journal))
        }
    }
    tag(text)?.visit(Read(text))
}

/// A seat's view of any system from its text.
pub fn read_view(text: &str) -> Result<super::ViewBody, serde_json::Error> {
    struct Read<'a>(&'a str);
    impl Visit for Read<'_> {
        type Out = Result<super::ViewBody, serde_json::Error>;
        fn visit<S: Listed>(self) -> Self::Out {
            read_view_of::<S>(self.0).map(S::view_body)
        }
    }
    tag(text)?.visit(Read(text))
}

/// A seat's view of `S` from its text; one tagged with another system is refused.
pub fn read_view_of<S: Listed>(text: &str) -> Result<SeatView<S>, serde_json::Error> {
    tagged(text, S::ID)?;
    crate::engine::json::from_str(text)
}

/// Whether the text is tagged with system `want` (the same check for every system, compiled
/// once: issue 32).
#[inline(never)]
fn tagged(text: &str, want: SystemId) -> Result<(), serde_json::Error> {
    let system = tag(text)?;
    if system != want {
        return Err(serde::de::Error::custom(format_args!("a {} view, not {}", system.name(), want.name())));
    }
    Ok(())
}

/// An object's text, for the readers above, from within a serde_json deserialiser.
pub fn object_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Box<serde_json::value::RawValue>, D::Error> {
    Box::<serde_json::value::RawValue>::deserialize(d)
}
