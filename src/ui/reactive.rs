//! Memos and effects built once per value type (issue 32). `Memo::new` and `Effect::new` are
//! generic over their closure, so reactive_graph's code was compiled once per call site (164 memo
//! copies, 74 KiB of wasm before wasm-opt); given a boxed closure it is compiled once per type.

use leptos::prelude::*;

/// A memo of `f`: as `Memo::new(move |_| f())`.
pub fn memo<T: PartialEq + Send + Sync + 'static>(f: impl Fn() -> T + Send + Sync + 'static) -> Memo<T> {
    boxed(Box::new(move |_| f()))
}

/// What a memo computes its value with (the previous value is not used here).
type Compute<T> = Box<dyn Fn(Option<&T>) -> T + Send + Sync>;

fn boxed<T: PartialEq + Send + Sync + 'static>(f: Compute<T>) -> Memo<T> {
    Memo::new(f)
}

/// An effect running `f`: as `Effect::new(move |_| f())`.
pub fn effect(f: impl Fn() + 'static) {
    run(Box::new(move |_| f()))
}

fn run(f: Box<dyn FnMut(Option<()>)>) {
    Effect::new(f);
}
