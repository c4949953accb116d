//! Structural changes to a seat copy's JSON, for the hostile-copy suites
//! (`tests/seat_copy_hostile.rs` natively, `tests/wasm_seat_copies.rs` drawn).

use serde_json::Value;

/// Every way a part of a copy's JSON is changed in structure: (path, new value). For each part
/// under `at`: null and a value of another type in its place; a list emptied, lengthened by a
/// copy of its last item, its first and last items swapped; an object's first two fields'
/// values swapped.
pub fn reshaped(v: &Value, at: String, out: &mut Vec<(String, Value)>) {
    let other = if v.is_string() { Value::from(7) } else { Value::from("x") };
    if !v.is_null() {
        out.push((at.clone(), Value::Null));
    }
    out.push((at.clone(), other));
    match v {
        Value::Array(xs) => {
            if !xs.is_empty() {
                out.push((at.clone(), Value::Array(vec![])));
                let mut longer = xs.clone();
                longer.push(xs[xs.len() - 1].clone());
                out.push((at.clone(), Value::Array(longer)));
            }
            if xs.len() >= 2 && xs[0] != xs[xs.len() - 1] {
                let mut swapped = xs.clone();
                let n = swapped.len() - 1;
                swapped.swap(0, n);
                out.push((at.clone(), Value::Array(swapped)));
            }
            xs.iter().enumerate().for_each(|(i, x)| reshaped(x, format!("{at}/{i}"), out));
        }
        Value::Object(m) => {
            let keys: Vec<&String> = m.keys().collect();
            if keys.len() >= 2 && m[keys[0]] != m[keys[1]] {
                let mut swapped = m.clone();
                swapped.insert(keys[0].clone(), m[keys[1]].clone());
                swapped.insert(keys[1].clone(), m[keys[0]].clone());
                out.push((at.clone(), Value::Object(swapped)));
            }
            m.iter().for_each(|(k, x)| reshaped(x, format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")), out))
        }
        _ => {}
    }
}
