//! Why a link does not open, in the players' words.

use super::READS_UP_TO;
use std::fmt;

/// Why a link does not open. Nothing is stored or changed in any of these cases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// No share link there at all.
    NotALink,
    /// Made by a newer Field Desk.
    FutureVersion { version: u32 },
    /// Cut short or changed on the way (bad characters, checksum or contents).
    Corrupt,
    /// Read fine, but the history does not replay under the rules.
    DoesNotReplay(String),
    /// Bigger than Field Desk opens from a link.
    TooLarge,
    /// A seat link where a whole campaign was expected.
    OneSeat,
    /// A reply (a seat's decision, for the keeper) where a campaign was expected.
    AReply,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::NotALink => write!(f, "This is not a Field Desk campaign link."),
            LinkError::FutureVersion { version } => write!(
                f,
                "This link was made by a newer version of Field Desk (link version {version}; this version reads up to {READS_UP_TO}). Reload the page to update the app, then open the link again."
            ),
            LinkError::Corrupt => write!(
                f,
                "This link is damaged: part of it is missing or was changed on the way. Ask for the link again and copy all of it."
            ),
            LinkError::DoesNotReplay(why) => {
                write!(f, "This link's campaign does not follow the rules, so it cannot be opened ({why}).")
            }
            LinkError::TooLarge => {
                write!(f, "This link holds more than Field Desk opens from a link. Share the campaign as a file instead.")
            }
            LinkError::AReply => write!(
                f,
                "This link is a player's reply: a decision made on their own device. Take it on the device that keeps the campaign, with \"Take a reply\"."
            ),
            LinkError::OneSeat => write!(
                f,
                "This link carries one player's view of a campaign, not the campaign itself: it opens read-only, and cannot be imported to play on."
            ),
        }
    }
}
