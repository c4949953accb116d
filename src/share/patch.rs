//! What changed between two JSON values, as a small JSON value of its own: what a seat copy
//! carries when the seat's device already holds the copy it follows (`seat`), so a copy sent
//! after each phase stays short enough for a QR code.
//!
//! A patch is one of:
//! - `null`: nothing changed (only inside an object or a list, see below);
//! - `{"=": v}`: replaced by `v`;
//! - `{"o": {key: patch, ...}}`: an object whose listed keys changed (`{"-": 0}` removes a key);
//! - `{"a": [n, {index: patch, ...}, [appended...]]}`: a list cut to `n` items, some of them
//!   changed, then items appended.
//!
//! `apply` never panics and does bounded work: a patch that does not fit the value it is
//! applied to is refused (`None`).

use serde_json::{Map, Value};

/// The patch from `old` to `new` (`None`: they are equal).
pub fn diff(old: &Value, new: &Value) -> Option<Value> {
    if old == new {
        return None;
    }
    let replace = || Some(one("=", new.clone()));
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            let mut changed = Map::new();
            for (k, v) in b {
                match a.get(k) {
                    Some(was) => {
                        if let Some(p) = diff(was, v) {
                            changed.insert(k.clone(), p);
                        }
                    }
                    None => {
                        changed.insert(k.clone(), one("=", v.clone()));
                    }
                }
            }
            for k in a.keys().filter(|k| !b.contains_key(*k)) {
                changed.insert(k.clone(), one("-", Value::from(0)));
            }
            let patch = one("o", Value::Object(changed));
            smaller(patch, new)
        }
        (Value::Array(a), Value::Array(b)) => {
            let kept = a.len().min(b.len());
            let mut changed = Map::new();
            for i in 0..kept {
                if let Some(p) = diff(&a[i], &b[i]) {
                    changed.insert(i.to_string(), p);
                }
            }
            let appended = Value::Array(b[kept..].to_vec());
            let patch = one("a", Value::Array(vec![Value::from(kept), Value::Object(changed), appended]));
            smaller(patch, new)
        }
        _ => replace(),
    }
}

/// `old` with `patch` applied, or `None` when the patch does not fit it.
pub fn apply(old: &Value, patch: &Value) -> Option<Value> {
    let Value::Object(p) = patch else { return None };
    if p.len() != 1 {
        return None;
    }
    let (op, arg) = p.iter().next()?;
    match (op.as_str(), old) {
        ("=", _) => Some(arg.clone()),
        ("o", Value::Object(a)) => {
            let mut out = a.clone();
            for (k, change) in arg.as_object()? {
                if change == &one("-", Value::from(0)) {
                    out.remove(k)?;
                } else {
                    let next = match a.get(k) {
                        Some(was) => apply(was, change)?,
                        None => match change.as_object().and_then(|c| c.get("=")) {
                            Some(v) => v.clone(),
                            None => return None,
                        },
                    };
                    out.insert(k.clone(), next);
                }
            }
            Some(Value::Object(out))
        }
        ("a", Value::Array(a)) => {
            let [kept, changed, appended] = arg.as_array()?.as_slice() else { return None };
            let kept = usize::try_from(kept.as_u64()?).ok().filter(|&n| n <= a.len())?;
            let mut out = a[..kept].to_vec();
            for (i, change) in changed.as_object()? {
                let i: usize = i.parse().ok().filter(|&i| i < kept)?;
                out[i] = apply(&out[i], change)?;
            }
            out.extend(appended.as_array()?.iter().cloned());
            Some(Value::Array(out))
        }
        _ => None,
    }
}

fn one(op: &str, v: Value) -> Value {
    let mut m = Map::new();
    m.insert(op.to_string(), v);
    Value::Object(m)
}

/// The patch, or a plain replacement where that is no longer.
fn smaller(patch: Value, new: &Value) -> Option<Value> {
    let whole = one("=", new.clone());
    if patch.to_string().len() <= whole.to_string().len() {
        Some(patch)
    } else {
        Some(whole)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_patch_takes_the_old_value_to_the_new() {
        let pairs = [
            (json!({"a": 1, "b": [1, 2, 3], "c": {"d": "x"}}), json!({"a": 2, "b": [1, 5, 3, 4], "c": {"d": "x"}})),
            (json!({"a": 1, "b": 2}), json!({"a": 1})),
            (json!([1, 2, 3]), json!([1])),
            (json!({"a": null}), json!({"a": {"b": 1}})),
            (json!("x"), json!(3)),
        ];
        for (old, new) in pairs {
            let p = diff(&old, &new).expect("they differ");
            assert_eq!(apply(&old, &p), Some(new.clone()), "{old} -> {new} by {p}");
        }
        assert_eq!(diff(&json!({"a": [1]}), &json!({"a": [1]})), None);
    }

    #[test]
    fn a_patch_that_does_not_fit_is_refused() {
        let long = "a long enough text to be worth keeping";
        let p = diff(&json!([long, long, 3]), &json!([long, long, 4])).unwrap();
        assert!(p.get("a").is_some(), "{p}");
        assert_eq!(apply(&json!([1]), &p), None);
        assert_eq!(apply(&json!({"a": 1}), &json!({"o": {"b": {"-": 0}}})), None);
        assert_eq!(apply(&json!(1), &json!({"x": 1})), None);
        assert_eq!(apply(&json!([1]), &json!({"a": [5, {}, []]})), None);
    }
}
