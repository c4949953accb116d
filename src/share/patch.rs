//! What changed between two JSON values, as a small JSON value of its own: what a seat copy
//! carries when the seat's device already holds the copy it follows (`seat`), so a copy sent
//! after each phase stays short enough for a QR code.
//!
//! A patch is one of:
//! - `null`: nothing changed (only inside an object or a list, see below);
//! - `{"=": v}`: replaced by `v`;
//! - `{"o": {key: patch, ...}}`: an object whose listed keys changed (`{"-": 0}` removes a key);
//! - `{"a": [n, {index: patch, ...}, [appended...]]}`: a list cut to `n` items, some of them
//!   changed, then items appended; an appended item may be `{"c": [path, patch]}`: the object
//!   at `path` (keys and indices from the root) of the old value, with `patch` applied (a
//!   finished turn's record appended where the turn under way was).
//!
//! `apply` never panics and does bounded work: a patch that does not fit the value it is
//! applied to is refused (`None`).

use serde_json::{Map, Value};

/// Objects of the old value by their keys, for appended items to be made from.
type Shapes<'a> = std::collections::HashMap<Vec<&'a str>, Vec<(Vec<Value>, &'a Value)>>;

/// The most objects of one shape an appended item is compared with.
const CANDIDATES: usize = 24;

fn shapes<'a>(v: &'a Value, path: &mut Vec<Value>, out: &mut Shapes<'a>) {
    match v {
        Value::Object(m) => {
            let keys: Vec<&str> = m.keys().map(String::as_str).collect();
            let list = out.entry(keys).or_default();
            if list.len() < CANDIDATES {
                list.push((path.clone(), v));
            }
            for (k, x) in m {
                path.push(Value::from(k.as_str()));
                shapes(x, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            // The newest items of a list are the likeliest models: walk them first.
            for (i, x) in a.iter().enumerate().rev() {
                path.push(Value::from(i));
                shapes(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// The patch from `old` to `new` (`None`: they are equal).
pub fn diff(old: &Value, new: &Value) -> Option<Value> {
    let mut index = Shapes::new();
    shapes(old, &mut Vec::new(), &mut index);
    diff_in(&index, old, new)
}

fn diff_in(index: &Shapes<'_>, old: &Value, new: &Value) -> Option<Value> {
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
                        if let Some(p) = diff_in(index, was, v) {
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
                if let Some(p) = diff_in(index, &a[i], &b[i]) {
                    changed.insert(i.to_string(), p);
                }
            }
            let appended = Value::Array(b[kept..].iter().map(|v| made_from(index, v)).collect());
            let patch = one("a", Value::Array(vec![Value::from(kept), Value::Object(changed), appended]));
            smaller(patch, new)
        }
        _ => replace(),
    }
}

/// An appended item as it is, or as an old object of the same keys with a patch, whichever
/// is shorter.
fn made_from(index: &Shapes<'_>, v: &Value) -> Value {
    let Value::Object(m) = v else { return v.clone() };
    let keys: Vec<&str> = m.keys().map(String::as_str).collect();
    let mut best = v.clone();
    let mut best_len = v.to_string().len();
    for (path, model) in index.get(&keys).into_iter().flatten() {
        let p = diff_in(&Shapes::new(), model, v).unwrap_or(Value::Null);
        let c = one("c", Value::Array(vec![Value::Array(path.clone()), p]));
        let len = c.to_string().len();
        if len < best_len {
            best = c;
            best_len = len;
        }
    }
    best
}

/// `old` with `patch` applied, or `None` when the patch does not fit it.
pub fn apply(old: &Value, patch: &Value) -> Option<Value> {
    let mut budget = COPY_BUDGET;
    apply_in(old, old, patch, &mut budget)
}

/// The most bytes of JSON all `"c"` items of a patch may copy, so a patch of a few bytes
/// cannot build a huge value.
const COPY_BUDGET: usize = 1 << 20;

fn apply_in(root: &Value, old: &Value, patch: &Value, budget: &mut usize) -> Option<Value> {
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
                        Some(was) => apply_in(root, was, change, budget)?,
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
                out[i] = apply_in(root, &out[i], change, budget)?;
            }
            for item in appended.as_array()? {
                out.push(
                    match item
                        .as_object()
                        .and_then(|m| m.get("c"))
                        .filter(|_| item.as_object().is_some_and(|m| m.len() == 1))
                    {
                        Some(c) => {
                            let [path, change] = c.as_array()?.as_slice() else { return None };
                            let model = at(root, path.as_array()?)?;
                            *budget = budget.checked_sub(model.to_string().len())?;
                            if model.is_object() && change.is_null() {
                                model.clone()
                            } else if model.is_object() {
                                apply_in(root, model, change, budget)?
                            } else {
                                return None;
                            }
                        }
                        None => item.clone(),
                    },
                );
            }
            Some(Value::Array(out))
        }
        _ => None,
    }
}

/// The value at `path` (keys and indices) in `root`.
fn at<'a>(root: &'a Value, path: &[Value]) -> Option<&'a Value> {
    path.iter().try_fold(root, |v, step| match (v, step) {
        (Value::Object(m), Value::String(k)) => m.get(k),
        (Value::Array(a), Value::Number(n)) => a.get(usize::try_from(n.as_u64()?).ok()?),
        _ => None,
    })
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
        // A record moved from the turn under way to the finished turns.
        let record =
            json!({"turn": 3, "casualties": [1, 2, 3, 4, 5, 6, 7, 8], "notes": "a long note about the battle"});
        let old = json!({"current": record, "turns": []});
        let new = json!({"current": {"turn": 4, "casualties": [], "notes": ""}, "turns": [record]});
        let p = diff(&old, &new).unwrap();
        assert!(p.to_string().contains("\"c\""), "{p}");
        assert_eq!(apply(&old, &p), Some(new));
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
        // Copies past the budget: refused, not built.
        let big = json!({"big": "x".repeat(100_000)});
        let many: Vec<Value> = (0..20).map(|_| json!({"c": [["m"], null]})).collect();
        assert_eq!(apply(&json!({"m": big, "l": []}), &json!({"o": {"l": {"a": [0, {}, many]}}})), None);
    }
}
