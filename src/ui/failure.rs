//! What goes wrong in a step the app takes for the player (storing, reading a link or a file,
//! making a link, fetching a part of the app, the browser's own refusals), kept typed from
//! where it happens to the component that shows it, and worded here, once.

use super::platform::BrowserError;
use crate::share::link::LinkError;
use crate::share::LoadError;
use crate::store::StoreError;
use std::fmt;

/// Why a step the app took for the player did not happen.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// The browser's storage refused or did not hold what was asked.
    Store(StoreError),
    /// A campaign or a seat view that does not read (a file, a stored document).
    Load(LoadError),
    /// A link that does not open.
    Link(LinkError),
    /// A setup the rules do not start from, in the system's own words.
    Setup(String),
    /// The code of a part of the app did not arrive (the network did not answer).
    Unloaded,
    /// The browser refused (a download, a picked file).
    Browser(BrowserError),
    /// A sample was asked of a system's code and a screen came back.
    NotASample,
    /// A seat's reply the keeper refuses (or cannot take here).
    Reply(crate::share::reply::Refusal),
    /// A reply this device cannot make from its copy.
    MakeReply(crate::share::reply::MakeError),
    /// A seat copy that follows one this device does not hold, or does not fit it.
    Follow(crate::share::follow::FollowError),
    /// One of the above worded where it happened, in the transfer chunk (`said`): the words of
    /// links, replies and copies travel with that code, not in the first visit's.
    Said(String),
}

impl Failure {
    /// Links', replies' and copies' failures as their words (in the chunk that reads them: the
    /// shell shows them without carrying their wording); the others as they are.
    pub fn said(self) -> Failure {
        match self {
            Failure::Link(e) => Failure::Said(e.to_string()),
            Failure::Reply(e) => Failure::Said(e.to_string()),
            Failure::MakeReply(e) => Failure::Said(e.to_string()),
            Failure::Follow(e) => Failure::Said(e.to_string()),
            other => other,
        }
    }
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Failure {
        Failure::Store(e)
    }
}

impl From<LoadError> for Failure {
    fn from(e: LoadError) -> Failure {
        Failure::Load(e)
    }
}

impl From<LinkError> for Failure {
    fn from(e: LinkError) -> Failure {
        Failure::Link(e)
    }
}

impl From<BrowserError> for Failure {
    fn from(e: BrowserError) -> Failure {
        Failure::Browser(e)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Store(e) => e.fmt(f),
            Failure::Load(e) => e.fmt(f),
            Failure::Setup(why) => f.write_str(why),
            Failure::Unloaded => f.write_str(
                "This part of Field Desk is fetched the first time it is needed, and the network did not answer. Nothing is lost: reconnect and try again.",
            ),
            Failure::Browser(e) => e.fmt(f),
            Failure::NotASample => f.write_str("Field Desk asked for a sample and got a screen."),
            // Worded by `said` where they happen (the transfer chunk), so these words stay out
            // of the first visit; only a failure shown without it reads this.
            Failure::Link(_) | Failure::Reply(_) | Failure::MakeReply(_) | Failure::Follow(_) => {
                f.write_str("Field Desk could not read or take this.")
            }
            Failure::Said(words) => f.write_str(words),
        }
    }
}
