//! The rule systems, one folder each, and the one list of them: `systems!` below names each
//! system once (its variant, module, rules type and stored tag) and declares its module;
//! everything that switches on the system (`SystemId`, `AnyCampaign`, `Body`, `ViewBody`, the
//! samples, `SystemId::visit`) is generated from it. What a system says of itself (its words,
//! its sample, its link code) is its `Descriptor`, in its own folder. Adding a system: its
//! folder, with `impl Descriptor`, and one line below; then one line in the UI's list
//! (`systems_ui!` in `ui/mod.rs`). Anything left out is a compile error.

use crate::engine::{Action, Campaign, Grammar, Reader, ReplayError, Seat, ViewProblem};
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

/// What a system says of itself, written once in its own folder: the rules (`System`), the
/// grammar its links are coded through (`Grammar`), its words and its sample.
pub trait Descriptor: Grammar {
    /// Its words for the home screen, and its sample's name.
    const INFO: Info;
    /// Its number in campaign links (`share::link`): its own, never another's, never reused
    /// (0 to 3 are link versions 1 and 2's; `share::link` checks the list at compile time).
    const LINK_CODE: u32;
    /// The texts its links' text model starts from (its sample's name first): part of its link
    /// format, so never changed once released.
    const LINK_TEXTS: &'static [&'static str];
    /// The built-in sample's setup.
    fn sample() -> Self::Setup;
    /// A system kept for the test suites only (`dice_duel`): never offered on the home screen.
    const TEST_ONLY: bool = false;
}

/// A system of the one list, knowing its id: what lets one system's code read and write its
/// campaigns' stored and sent forms (`share::typed`) without the other systems' rules.
pub trait Listed: Descriptor + Sized {
    const ID: SystemId;
    /// The stored body of a campaign of this system.
    fn body(setup: Self::Setup, journal: Vec<Action<Self::Decision>>) -> Body;
    /// A stored body's parts when it is of this system.
    fn parts(body: &Body) -> Option<Parts<'_, Self>>;
    /// A campaign of this system as a campaign of any.
    fn any(c: Campaign<Self>) -> AnyCampaign;
    /// A seat's view of a campaign of this system, tagged.
    fn view_body(v: crate::engine::SeatView<Self>) -> ViewBody;
    /// A seat's view when it is of this system.
    fn of_view(v: &ViewBody) -> Option<&crate::engine::SeatView<Self>>;
}

/// A stored body's setup and journal, typed by its system.
pub type Parts<'a, S> = (&'a <S as crate::engine::System>::Setup, &'a [Action<<S as crate::engine::System>::Decision>]);

/// Code generic over the system, run for one system chosen at run time
/// (`SystemId::visit`, `Body::visit`): the one place that switches on the list.
pub trait Visit {
    type Out;
    fn visit<S: Listed>(self) -> Self::Out;
}

/// `Visit` for a stored body, given its parts typed.
pub trait VisitBody {
    type Out;
    fn visit<S: Listed>(self, setup: &S::Setup, journal: &[Action<S::Decision>]) -> Self::Out;
}

macro_rules! systems {
    ($($(#[$attr:meta])* $variant:ident: $module:ident::$rules:ident, $tag:literal;)*) => {
        $($(#[$attr])* pub mod $module;)*

        /// Every system Field Desk runs.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum SystemId {
            $($(#[$attr])* #[serde(rename = $tag)] $variant,)*
        }

        impl SystemId {
            pub const ALL: [SystemId; [$($(#[$attr])* $tag),*].len()] = [$($(#[$attr])* SystemId::$variant),*];
            /// Each system's `Descriptor::LINK_CODE`, in the order of `ALL`.
            pub const LINK_CODES: [u32; [$($(#[$attr])* $tag),*].len()] =
                [$($(#[$attr])* <$module::$rules as Descriptor>::LINK_CODE),*];
            /// Runs `v` for this system's rules.
            pub fn visit<V: Visit>(self, v: V) -> V::Out {
                match self {
                    $($(#[$attr])* SystemId::$variant => v.visit::<$module::$rules>(),)*
                }
            }
            /// The system's name in links and addresses, as stored.
            pub fn slug(self) -> &'static str {
                match self {
                    $($(#[$attr])* SystemId::$variant => $tag,)*
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
            $($(#[$attr])* $variant(Campaign<$module::$rules>),)*
        }

        /// A campaign's rules data as stored: setup plus journal, tagged by system (JSON by hand:
        /// `wire`).
        #[derive(Clone, Debug, PartialEq)]
        pub enum Body {
            $($(#[$attr])* $variant { setup: <$module::$rules as crate::engine::System>::Setup, journal: Vec<Action<<$module::$rules as crate::engine::System>::Decision>> },)*
        }

        /// One seat's view of a campaign, tagged by system: what a seat link carries (JSON by
        /// hand: `wire`).
        #[derive(Clone, Debug, PartialEq)]
        // Whether the variants differ enough for the lint depends on the systems listed.
        #[allow(clippy::large_enum_variant, reason = "one copy at a time, made or read once; boxing buys nothing")]
        pub enum ViewBody {
            $($(#[$attr])* $variant(crate::engine::SeatView<$module::$rules>),)*
        }

        /// Runs `$body` with `$v` bound to the seat view inside any variant.
        macro_rules! each_view {
            ($any:expr, $v:ident => $body:expr) => {
                match $any {
                    $($(#[$attr])* ViewBody::$variant($v) => $body,)*
                }
            };
        }

        $($(#[$attr])* impl Listed for $module::$rules {
            const ID: SystemId = SystemId::$variant;
            fn body(setup: Self::Setup, journal: Vec<Action<Self::Decision>>) -> Body {
                Body::$variant { setup, journal }
            }
            fn parts(body: &Body) -> Option<Parts<'_, Self>> {
                match body {
                    Body::$variant { setup, journal } => Some((setup, journal)),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
            fn any(c: Campaign<Self>) -> AnyCampaign {
                AnyCampaign::$variant(c)
            }
            fn view_body(v: crate::engine::SeatView<Self>) -> ViewBody {
                ViewBody::$variant(v)
            }
            fn of_view(v: &ViewBody) -> Option<&crate::engine::SeatView<Self>> {
                match v {
                    ViewBody::$variant(v) => Some(v),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        })*

        /// Runs `$body` with `$c` bound to the campaign inside any variant.
        macro_rules! each {
            ($any:expr, $c:ident => $body:expr) => {
                match $any {
                    $($(#[$attr])* AnyCampaign::$variant($c) => $body,)*
                }
            };
        }

        impl AnyCampaign {
            pub fn open(body: Body) -> Result<AnyCampaign, ReplayError> {
                match body {
                    $($(#[$attr])* Body::$variant { setup, journal } => Campaign::replay(setup, journal).map(AnyCampaign::$variant),)*
                }
            }
            /// What `reader` may see now, for a seat link.
            pub fn seat_view(&self, reader: Reader) -> ViewBody {
                match self {
                    $($(#[$attr])* AnyCampaign::$variant(c) => ViewBody::$variant(c.seat_view(reader)),)*
                }
            }
        }

        impl Body {
            /// Runs `v` on this body's parts, typed by its system.
            pub fn visit<V: VisitBody>(&self, v: V) -> V::Out {
                match self {
                    $($(#[$attr])* Body::$variant { setup, journal } => v.visit::<$module::$rules>(setup, journal),)*
                }
            }
            /// Same system and setup, and `older`'s journal is a prefix of this one's: this body is
            /// `older` played on (or the same).
            pub fn extends(&self, older: &Body) -> bool {
                fn prefix<T: PartialEq, D: PartialEq>(s1: &T, j1: &[D], s2: &T, j2: &[D]) -> bool {
                    s1 == s2 && j1.len() >= j2.len() && j1[..j2.len()] == j2[..]
                }
                match (self, older) {
                    $($(#[$attr])* (Body::$variant { setup: s1, journal: j1 }, Body::$variant { setup: s2, journal: j2 }) => {
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
    // The test suites' example system (`dice_duel`): built natively, and for the browser only
    // with the feature `example-system`.
    #[cfg(any(not(target_arch = "wasm32"), feature = "example-system"))]
    DiceDuel: dice_duel::DiceDuel, "dice-duel";
}

pub mod wire;

impl Serialize for Body {
    fn serialize<W: serde::Serializer>(&self, w: W) -> Result<W::Ok, W::Error> {
        struct Write<W>(W);
        impl<W: serde::Serializer> VisitBody for Write<W> {
            type Out = Result<W::Ok, W::Error>;
            fn visit<S: Listed>(self, setup: &S::Setup, journal: &[Action<S::Decision>]) -> Self::Out {
                wire::BodyOut::<S> { system: S::ID, setup, journal }.serialize(self.0)
            }
        }
        self.visit(Write(w))
    }
}

/// Read from JSON text only (`wire`).
impl<'de> Deserialize<'de> for Body {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        wire::read_body(wire::object_text(d)?.get()).map_err(serde::de::Error::custom)
    }
}

impl Serialize for ViewBody {
    fn serialize<W: serde::Serializer>(&self, w: W) -> Result<W::Ok, W::Error> {
        fn write<S: Listed, W: serde::Serializer>(v: &crate::engine::SeatView<S>, w: W) -> Result<W::Ok, W::Error> {
            wire::ViewOut::of(v).serialize(w)
        }
        each_view!(self, v => write(v, w))
    }
}

/// Read from JSON text only (`wire`).
impl<'de> Deserialize<'de> for ViewBody {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        wire::read_view(wire::object_text(d)?.get()).map_err(serde::de::Error::custom)
    }
}

/// Whether a view read from outside the device (a seat copy: never replayed here) is one the
/// list and the screens can read: its setup one the rules start from, its reader one of the
/// setup's seats (or the whole table), and its position one `System::check_view` passes.
pub fn check_seat_view<S: crate::engine::System>(v: &crate::engine::SeatView<S>) -> Result<(), ViewProblem> {
    S::start(&v.setup).map_err(|e| ViewProblem::Setup(e.to_string()))?;
    if let Some(seat) = v.reader {
        if !S::seats(&v.setup).contains(&seat) {
            return Err(ViewProblem::NoSuchSeat { seat: seat.0 });
        }
    }
    S::check_view(&v.setup, &v.state)
}

impl SystemId {
    pub fn info(self) -> &'static Info {
        struct Words;
        impl Visit for Words {
            type Out = &'static Info;
            fn visit<S: Listed>(self) -> &'static Info {
                &S::INFO
            }
        }
        self.visit(Words)
    }
    /// A fresh copy of the built-in sample.
    pub fn sample(self) -> Result<AnyCampaign, String> {
        struct Sample;
        impl Visit for Sample {
            type Out = Result<AnyCampaign, String>;
            fn visit<S: Listed>(self) -> Self::Out {
                let setup = S::sample();
                AnyCampaign::open(S::body(setup, Vec::new())).map_err(|e| e.to_string())
            }
        }
        self.visit(Sample)
    }
    pub fn name(self) -> &'static str {
        self.info().name
    }
    /// Kept for the test suites only (`Descriptor::TEST_ONLY`).
    pub fn test_only(self) -> bool {
        struct TestOnly;
        impl Visit for TestOnly {
            type Out = bool;
            fn visit<S: Listed>(self) -> bool {
                S::TEST_ONLY
            }
        }
        self.visit(TestOnly)
    }
    pub fn about(self) -> &'static str {
        self.info().about
    }
    pub fn players(self) -> &'static str {
        self.info().players
    }
}

impl ViewBody {
    pub fn system(&self) -> SystemId {
        fn id<S: Listed>(_: &crate::engine::SeatView<S>) -> SystemId {
            S::ID
        }
        each_view!(self, v => id(v))
    }
    /// Whose view it is.
    pub fn reader(&self) -> Reader {
        each_view!(self, v => v.reader)
    }
    /// The reader's name at the table ("the whole table" for no seat).
    pub fn reader_name(&self) -> String {
        fn name<S: crate::engine::System>(v: &crate::engine::SeatView<S>) -> String {
            match v.reader {
                Some(seat) => S::seat_name(&v.setup, &v.state, seat),
                None => "the whole table".to_string(),
            }
        }
        each_view!(self, v => name(v))
    }
    /// Decisions in effect when the view was made.
    pub fn steps(&self) -> usize {
        each_view!(self, v => v.steps)
    }
    /// Where the campaign stood, as the reader sees it.
    pub fn status(&self) -> String {
        fn status<S: crate::engine::System>(v: &crate::engine::SeatView<S>) -> String {
            S::status(&v.setup, &v.state)
        }
        each_view!(self, v => status(v))
    }
    /// Whether the setup is one the rules can start from, and the position one its
    /// screens can draw (`System::check_view`): a view read from outside is checked so
    /// before anything (the list, its screen) reads it.
    pub fn check(&self) -> Result<(), ViewProblem> {
        each_view!(self, v => check_seat_view(v))
    }
}

impl Body {
    pub fn system(&self) -> SystemId {
        struct Id;
        impl VisitBody for Id {
            type Out = SystemId;
            fn visit<S: Listed>(self, _: &S::Setup, _: &[Action<S::Decision>]) -> SystemId {
                S::ID
            }
        }
        self.visit(Id)
    }
    /// Lines in the journal (decisions, undos and redos).
    pub fn journal_len(&self) -> usize {
        struct Len;
        impl VisitBody for Len {
            type Out = usize;
            fn visit<S: Listed>(self, _: &S::Setup, journal: &[Action<S::Decision>]) -> usize {
                journal.len()
            }
        }
        self.visit(Len)
    }
}

impl AnyCampaign {
    pub fn system(&self) -> SystemId {
        fn id<S: Listed>(_: &Campaign<S>) -> SystemId {
            S::ID
        }
        each!(self, c => id(c))
    }
    pub fn body(&self) -> Body {
        fn body<S: Listed>(c: &Campaign<S>) -> Body {
            S::body(c.setup().clone(), c.journal().to_vec())
        }
        each!(self, c => body(c))
    }
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
        each!(self, c => c.named_seats())
    }
    pub fn umpire(&self) -> Option<Seat> {
        each!(self, c => c.umpire())
    }
}
