//! The link fixtures of the version the app writes now, checked rather than written by hand:
//! a test makes the link anew from the same campaign and compares it with the stored file, so a
//! change that would make a released link mean something else fails here.
//!
//! A fixture of a released version is never rewritten. When a new link version is released
//! (the check then fails: the app writes another text), keep the old file as it is, give the
//! test the new version's file name, and write the missing file with
//! `FIELD_DESK_NEW_FIXTURES=1 cargo test --test native <the test file>::`: only a file that does not exist
//! yet is ever written. Pulled in with `#[path = "support/fixture.rs"] mod fixture;`.

#![allow(dead_code)]

/// Checks that `made` (a link as the app writes it today) is the text stored at `path`, a path
/// from the crate root. With `FIELD_DESK_NEW_FIXTURES` set and no file at `path`, writes it.
pub fn check_written(path: &str, made: &str) {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("FIELD_DESK_NEW_FIXTURES").is_some() && !std::path::Path::new(&full).exists() {
        std::fs::write(&full, format!("{made}\n")).unwrap_or_else(|e| panic!("{path}: {e}"));
        eprintln!("wrote {path}: {} characters", made.len());
        return;
    }
    let stored = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(
        stored.trim() == made,
        "{path} is no longer what the app writes for its campaign (now {} characters, stored {}): a released \
         link must keep its meaning. If a new link version was released, keep this file, name a new one and \
         write it with FIELD_DESK_NEW_FIXTURES=1 (see tests/support/fixture.rs).",
        made.len(),
        stored.trim().len()
    );
}
