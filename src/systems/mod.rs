//! The rule systems, one folder each, and the one list of them: `systems!` below names each
//! system once (its variant, module, rules type and stored tag); everything that switches on
//! the system (`SystemId`, `AnyCampaign`, `Body`, the samples) is generated from it. A
//! system's words for the home screen are its `INFO`.

pub mod axis_of_attack;
pub mod bfww2_campaign;
pub mod crossfire_scouting;
pub mod race_for_x;
pub mod rapier_offensive;

use crate::engine::{Action, Campaign, Reader, ReplayError, Seat};
use serde::{Deserialize, Serialize};

/// What the home screen says of a system, and its built-in sample.
pub struct Info {
    pub name: &'static str,
    /// What kind of game it is, in a sentence.
    pub about: &'static str,
    /// Who sits at the table.
    pub players: &'static str,
    /// The name a fresh copy of the sample gets.
    pub sample_name: &'static str,
}

/// A system of the one list, knowing its id: what lets one system's code read and write its
/// campaigns' stored and sent forms (`share::typed`) without the other systems' rules.
pub trait Listed: crate::engine::System {
    const ID: SystemId;
}

macro_rules! systems {
    ($($variant:ident: $module:ident::$rules:ident, $tag:literal;)*) => {
        /// Every system Field Desk runs.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum SystemId {
            $(#[serde(rename = $tag)] $variant,)*
        }

        impl SystemId {
            pub const ALL: [SystemId; [$($tag),*].len()] = [$(SystemId::$variant),*];
            pub fn info(self) -> &'static Info {
                match self {
                    $(SystemId::$variant => &$module::INFO,)*
                }
            }
            /// The system's name in links and addresses, as stored.
            pub fn slug(self) -> &'static str {
                match self {
                    $(SystemId::$variant => $tag,)*
                }
            }
            /// A fresh copy of the built-in sample.
            pub fn sample(self) -> Result<AnyCampaign, String> {
                match self {
                    $(SystemId::$variant => Campaign::new($module::sample::sample_setup())
                        .map(AnyCampaign::$variant)
                        .map_err(|e| e.to_string()),)*
                }
            }
        }

        /// A campaign of any system: the closed enum the app and the stored formats switch on.
        #[derive(Clone, Debug)]
        #[allow(
            clippy::large_enum_variant,
            reason = "one open campaign at a time, moved only when opened or saved; boxing buys nothing"
        )]
        pub enum AnyCampaign {
            $($variant(Campaign<$module::$rules>),)*
        }

        /// A campaign's rules data as stored: setup plus journal, tagged by system.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "system")]
        pub enum Body {
            $(#[serde(rename = $tag)] $variant { setup: $module::Setup, journal: Vec<Action<$module::Decision>> },)*
        }

        /// One seat's view of a campaign, tagged by system: what a seat link carries.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "system")]
        // Whether the variants differ enough for the lint depends on the systems listed.
        #[allow(clippy::large_enum_variant, reason = "one copy at a time, made or read once; boxing buys nothing")]
        pub enum ViewBody {
            $(#[serde(rename = $tag)] $variant(crate::engine::SeatView<$module::$rules>),)*
        }

        impl ViewBody {
            pub fn system(&self) -> SystemId {
                match self {
                    $(ViewBody::$variant(_) => SystemId::$variant,)*
                }
            }
            /// Whose view it is.
            pub fn reader(&self) -> Reader {
                match self {
                    $(ViewBody::$variant(v) => v.reader,)*
                }
            }
            /// The reader's name at the table ("the whole table" for no seat).
            pub fn reader_name(&self) -> String {
                match self {
                    $(ViewBody::$variant(v) => match v.reader {
                        Some(seat) => <$module::$rules as crate::engine::System>::seat_name(&v.setup, &v.state, seat),
                        None => "the whole table".to_string(),
                    },)*
                }
            }
            /// Decisions in effect when the view was made.
            pub fn steps(&self) -> usize {
                match self {
                    $(ViewBody::$variant(v) => v.steps,)*
                }
            }
            /// Where the campaign stood, as the reader sees it.
            pub fn status(&self) -> String {
                match self {
                    $(ViewBody::$variant(v) => <$module::$rules as crate::engine::System>::status(&v.setup, &v.state),)*
                }
            }
            /// Whether the setup is one the rules can start from, and the position one its
            /// screens can draw (`System::check_view`): a view read from outside is checked so
            /// before anything (the list, its screen) reads it.
            pub fn check(&self) -> Result<(), String> {
                match self {
                    $(ViewBody::$variant(v) => check_seat_view(v),)*
                }
            }
        }

        $(impl Listed for $module::$rules {
            const ID: SystemId = SystemId::$variant;
        })*

        /// Runs `$body` with `$c` bound to the campaign inside any variant.
        macro_rules! each {
            ($any:expr, $c:ident => $body:expr) => {
                match $any {
                    $(AnyCampaign::$variant($c) => $body,)*
                }
            };
        }

        impl AnyCampaign {
            pub fn system(&self) -> SystemId {
                match self {
                    $(AnyCampaign::$variant(_) => SystemId::$variant,)*
                }
            }
            pub fn open(body: Body) -> Result<AnyCampaign, ReplayError> {
                match body {
                    $(Body::$variant { setup, journal } => Campaign::replay(setup, journal).map(AnyCampaign::$variant),)*
                }
            }
            /// What `reader` may see now, for a seat link.
            pub fn seat_view(&self, reader: Reader) -> ViewBody {
                match self {
                    $(AnyCampaign::$variant(c) => ViewBody::$variant(c.seat_view(reader)),)*
                }
            }
            pub fn body(&self) -> Body {
                match self {
                    $(AnyCampaign::$variant(c) => Body::$variant { setup: c.setup().clone(), journal: c.journal().to_vec() },)*
                }
            }
        }

        impl Body {
            pub fn system(&self) -> SystemId {
                match self {
                    $(Body::$variant { .. } => SystemId::$variant,)*
                }
            }
            /// Lines in the journal (decisions, undos and redos).
            pub fn journal_len(&self) -> usize {
                match self {
                    $(Body::$variant { journal, .. } => journal.len(),)*
                }
            }
            /// Same system and setup, and `older`'s journal is a prefix of this one's: this body is
            /// `older` played on (or the same).
            pub fn extends(&self, older: &Body) -> bool {
                fn prefix<T: PartialEq, D: PartialEq>(s1: &T, j1: &[D], s2: &T, j2: &[D]) -> bool {
                    s1 == s2 && j1.len() >= j2.len() && j1[..j2.len()] == j2[..]
                }
                match (self, older) {
                    $((Body::$variant { setup: s1, journal: j1 }, Body::$variant { setup: s2, journal: j2 }) => {
                        prefix(s1, j1, s2, j2)
                    })*
                    #[allow(unreachable_patterns)]
                    _ => false,
                }
            }
        }
    };
}

systems! {
    RaceForX: race_for_x::RaceForX, "race-for-x";
    CrossfireScouting: crossfire_scouting::CrossfireScouting, "crossfire-scouting";
    AxisOfAttack: axis_of_attack::AxisOfAttack, "axis-of-attack";
    RapierOffensive: rapier_offensive::RapierOffensive, "rapier-offensive";
    Bfww2Campaign: bfww2_campaign::Bfww2Campaign, "bfww2-campaign";
}

/// Whether a view read from outside the device (a seat copy: never replayed here) is one the
/// list and the screens can read: its setup one the rules start from, its reader one of the
/// setup's seats (or the whole table), and its position one `System::check_view` passes.
pub fn check_seat_view<S: crate::engine::System>(v: &crate::engine::SeatView<S>) -> Result<(), String> {
    S::start(&v.setup).map_err(|e| e.to_string())?;
    if let Some(seat) = v.reader {
        if !S::seats(&v.setup).contains(&seat) {
            return Err(format!("it is the view of seat {}, not one at this table", seat.0 as usize + 1));
        }
    }
    S::check_view(&v.setup, &v.state)
}

impl SystemId {
    pub fn name(self) -> &'static str {
        self.info().name
    }
    pub fn about(self) -> &'static str {
        self.info().about
    }
    pub fn players(self) -> &'static str {
        self.info().players
    }
}

impl AnyCampaign {
    /// "Turn 3 · Fight the battle", "Anna won in turn 6".
    pub fn status(&self) -> String {
        each!(self, c => c.status())
    }
    pub fn players(&self) -> Vec<String> {
        each!(self, c => c.players())
    }
    /// The last decision in effect, in the players' words.
    pub fn last_entry(&self) -> Option<String> {
        each!(self, c => c.last_entry())
    }
    pub fn turn(&self) -> u32 {
        each!(self, c => c.turn())
    }
    /// The seats at the table, with their names.
    pub fn seats(&self) -> Vec<(Seat, String)> {
        each!(self, c => c.seats().into_iter().map(|s| (s, c.seat_name(s))).collect())
    }
    pub fn umpire(&self) -> Option<Seat> {
        each!(self, c => c.umpire())
    }
}
