//! JSON through one reader and one writer (issue 32). Each way serde_json can read or write a
//! type (from text, from bytes, from a `Value`, to a `Value`, pretty) compiles a copy of that
//! type's serde code into the wasm; every system's types are read from text and written compactly,
//! so a `Value` goes through text here. `Body` and `ViewBody` read from text only
//! (`systems::wire`).

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// `value` read as a `T`, through its text.
pub fn from_value<T: DeserializeOwned>(value: &Value) -> Result<T, serde_json::Error> {
    crate::engine::json::from_str(&value.to_string())
}

/// UTF-8 bytes of JSON read as a `T`.
pub fn from_bytes<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, serde_json::Error> {
    let text = std::str::from_utf8(bytes).map_err(|_| serde::de::Error::custom("not UTF-8"))?;
    crate::engine::json::from_str(text)
}

/// `x` as a `Value`, through its text.
pub fn value_of<T: Serialize>(x: &T) -> Value {
    let text = serde_json::to_string(x).expect("written as JSON");
    crate::engine::json::from_str(&text).expect("JSON just written reads back")
}
