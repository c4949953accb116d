//! Structural changes to a seat copy's JSON, for the hostile-copy suites
//! (`tests/seat_copy_hostile.rs` natively, `tests/wasm_seat_copies.rs` drawn).

use serde_json::Value;

/// The kinds of structural change `reshaped_by_kind` makes.
#[allow(dead_code)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// A value made null.
    Null,
    /// A value of another type in its place.
    OtherType,
    /// A list emptied.
    Emptied,
    /// A list shortened by its last item.
    Shorter,
    /// A list lengthened by a copy of its last item.
    Longer,
    /// A list's first and last items swapped.
    Swapped,
    /// An object with one of its fields missing.
    Missing,
    /// An object's first two fields' values swapped.
    FieldsSwapped,
}

/// Every way a part of a copy's JSON is changed in structure: (path, new value). For each part
/// under `at`: null and a value of another type in its place; a list emptied, shortened by its
/// last item, lengthened by a copy of its last item, its first and last items swapped; an
/// object with each of its fields missing in turn, and its first two fields' values swapped.
#[allow(dead_code)]
pub fn reshaped(v: &Value, at: String, out: &mut Vec<(String, Value)>) {
    let mut kinds = Vec::new();
    reshaped_by_kind(v, at, &mut kinds);
    out.extend(kinds.into_iter().map(|(_, path, new)| (path, new)));
}

/// `reshaped`, each change with its kind.
pub fn reshaped_by_kind(v: &Value, at: String, out: &mut Vec<(Kind, String, Value)>) {
    let other = if v.is_string() { Value::from(7) } else { Value::from("x") };
    if !v.is_null() {
        out.push((Kind::Null, at.clone(), Value::Null));
    }
    out.push((Kind::OtherType, at.clone(), other));
    match v {
        Value::Array(xs) => {
            if !xs.is_empty() {
                out.push((Kind::Emptied, at.clone(), Value::Array(vec![])));
                if xs.len() >= 2 {
                    out.push((Kind::Shorter, at.clone(), Value::Array(xs[..xs.len() - 1].to_vec())));
                }
                let mut longer = xs.clone();
                longer.push(xs[xs.len() - 1].clone());
                out.push((Kind::Longer, at.clone(), Value::Array(longer)));
            }
            if xs.len() >= 2 && xs[0] != xs[xs.len() - 1] {
                let mut swapped = xs.clone();
                let n = swapped.len() - 1;
                swapped.swap(0, n);
                out.push((Kind::Swapped, at.clone(), Value::Array(swapped)));
            }
            xs.iter().enumerate().for_each(|(i, x)| reshaped_by_kind(x, format!("{at}/{i}"), out));
        }
        Value::Object(m) => {
            let keys: Vec<&String> = m.keys().collect();
            for k in &keys {
                let mut missing = m.clone();
                missing.remove(*k);
                out.push((Kind::Missing, at.clone(), Value::Object(missing)));
            }
            if keys.len() >= 2 && m[keys[0]] != m[keys[1]] {
                let mut swapped = m.clone();
                swapped.insert(keys[0].clone(), m[keys[1]].clone());
                swapped.insert(keys[1].clone(), m[keys[0]].clone());
                out.push((Kind::FieldsSwapped, at.clone(), Value::Object(swapped)));
            }
            m.iter().for_each(|(k, x)| {
                reshaped_by_kind(x, format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")), out)
            })
        }
        _ => {}
    }
}
