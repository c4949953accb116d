//! A reply link read back as the keeper reads it, for the suites that make replies.
#![allow(dead_code)]

use field_desk::share::link::{self, Received, ReplyLink};

/// The reply `text` carries; a test fails if it reads as anything else.
pub fn reply_link(text: &str) -> ReplyLink {
    match link::read(text).expect("a reply link reads") {
        Received::Reply(r) => r,
        other => panic!("not read as a reply: {other:?}"),
    }
}
