//! Share links: a whole campaign (setup, history and the dice that were rolled) carried in
//! the `#fragment` of a URL, which browsers never send to a server.
//!
//! # Wire format (version 1's framing, which every later version keeps)
//!
//! ```text
//! https://host/path/#s=fd1.<base64url, no padding>
//!                     |  |   '- coded ++ CRC-32(coded), little endian
//!                     |  '----- the version marker: "fd" + link version + "."
//!                     '-------- FRAGMENT_KEY
//! ```
//!
//! Marker `fd3.` is not a campaign but one seat's view of one (`share::seat`), through the
//! same envelope; `read` tells the two apart, `decode` takes campaigns only.
//!
//! The version marker stays outside the coded part, so a later format is told apart before
//! anything is decoded, and a link from a newer app gets its own message. A payload opens
//! only under the marker the app writes for it (`version_of` its system code); under any
//! other it is refused as damaged. The CRC-32 (IEEE,
//! as zip and PNG use) catches a link that was cut short or mangled on its way through chat
//! apps: the coded bytes carry no redundancy of their own, so a changed byte would
//! otherwise still decode, and often replay.
//!
//! ## The coded bytes
//!
//! One stream of a binary arithmetic coder: a 32-bit range coder as LZMA's (carries
//! propagated through runs of 0xFF), whose first byte, always 0, is not sent, and which ends
//! with the fewest bytes that pin its last range (a reader supplies zeros after them). A
//! reader refuses a stream that does not end exactly so, and the spellings an encoder never
//! writes (a setup in full that equals the sample, a text sent anew that was sent before, a
//! reordering that keeps the order...), so a campaign has one link. Every choice is coded
//! with a probability: adaptive ones (12-bit, moving 1/16 of the way towards each bit
//! seen, one model per context listed below, all fresh at the start of a link) or exact
//! ones (a die face: 1/6 each). What follows, in order:
//!
//! | part    | coding |
//! |---------|--------|
//! | system  | one of 16, uniform: 0 Race for X (read only now), 1 another system as JSON text, 2 night scouting and 3 Axis of Attack through their first grammars (read only now), 4 Rapier Offensive, 5 the Battlefront: WW2 campaign, 6 Axis of Attack, 7 night scouting and 8 Race for X through their tight grammars (link version 4); every code from 4 is a system's own `Descriptor::LINK_CODE` (15: Dice duel, test-only) (what follows the meta is that system's) |
//! | meta    | id: the app's (16 hex digits: flag, then 8 bytes uniform), other hex (flag, byte count, bytes) or text; the name (text); times as whole milliseconds (flag, created, updated less created, as numbers) or as they are (64 bits each) |
//! | setup   | codes 0 and 8: through Race for X's setup grammar (`systems/race_for_x/grammar_setup.rs`, its counts through the meta's count model): flag: the built-in sample; otherwise size (1 of 4), each player's name and orbat (flag: "the sample battalion named …"; otherwise formations and units, each after the first formation with a flag "as the sample battalion's", and in full where it differs), defensive orbats (flag: the sample's; otherwise a count and each with a flag "as the sample's", or in full) |
//! | journal | flag: replayed (below) or plain; the line count (number); the lines |
//!
//! *Numbers*: the count of significant bits (0 to 64) through a 7-level tree of adaptive
//! bits (one tree per kind of number), then the bits under the leading 1 as they are.
//! *Texts*: a flag "again"; again: its place among the 64 texts coded most recently (a
//! number; the list starts as `PRESET_TEXTS`, the names Field Desk gives campaigns);
//! otherwise its byte length (a number) and its UTF-8 bytes, each through a 256-leaf tree of
//! adaptive bits chosen by the class of the byte before (other, lowercase, uppercase,
//! digit, non-ASCII), which start from English letter frequencies (`byte_weight`).
//!
//! ## Replayed journal
//!
//! The usual case: the journal is coded while the engine (`Campaign<RaceForX>`) replays it,
//! so each line is coded knowing the position it is played in, and only what the rules
//! leave open costs anything. Each decision of a code 0 link goes through link version 1's
//! grammar (`systems/race_for_x/grammar_v1.rs`, `GrammarV1`, walked by `generic` as the
//! other systems' are; the exact chances below through `Chooser::chance`): written first as
//! a coder of its own, it was described as a grammar later, choice for choice and model for
//! model, so every `fd1.` link keeps its bytes. Code 8 (below) changes two of its choices.
//! What follows is that grammar:
//!
//! - the line's kind among those possible now (a decision unless the campaign is over; an
//!   undo when something is in effect; a redo when something was undone): "not a
//!   decision", then "redo rather than undo", adaptive by the kind of the line before;
//! - the decision among those of the current step, nothing where the step allows one kind
//!   (rolling for the type of battle, the defence, the result, recovery; movement):
//!   - offensive actions: which player (a flag, when neither has chosen), then
//!     Attack/Regroup (a flag per player);
//!   - forces: the set of units, `units_allowed` of the units with stands left, coded with
//!     the exact chances that make every set equally likely, then a flag "in another order"
//!     and, if set, each unit's place among those left;
//!   - the fight: clock roll (while the clock runs), outcome, note or named objectives, as
//!     up to three flags by context (clock rolled yet, objectives named yet, clock run
//!     out); a note or a name is a text; the outcome is objectives (two flags), which of
//!     the alive stands of the fielded units were killed (a bit each, with the chance the
//!     battle's record so far gives, see `losses`; then the order flag as for forces), and
//!     the stands that exited (a flag "some", then uniform up to the fighting stands left);
//!   - replacing a commander: which of `rules::pending_commanders`, and which of
//!     `rules::replacement_candidates`, each uniform;
//! - the dice: their number and kind are the rules' (`System::dice`) and cost nothing; each
//!   die costs a flag "rolled at the table" (adaptive, by the roller of the die before)
//!   and its face, uniform (log2 6 = 2.585 bits for a d6, the least possible).
//!
//! Code 8 (`fd4.`, what the app writes for Race for X) frames and codes the same, through the
//! system's tight grammar (`systems/race_for_x/grammar.rs`), in which every decision it can
//! express is lawful: the forces are the fieldable units in order, each forced in or out when
//! only one way can still end in a set the rules accept (`race_for_x::forces::completable`,
//! which asks the rules' own check), otherwise in with the exact chance `left / units left`,
//! then the order flag as before; a note with nothing in it is refused. Its choices,
//! contexts and chances are otherwise version 1's, and its setup the same.
//!
//! A line the rules refuse cannot be written this way; decoding, one that the rules refuse
//! (a damaged link that passed the checksum) is `DoesNotReplay`. Decoding is the replay:
//! what comes back opens without a second one.
//!
//! ## Grammar-coded systems (codes 2 and 3, and since version 4 every system's own code)
//!
//! Night scouting, Axis of Attack and the Battlefront: WW2 campaign describe their decisions once, as a grammar
//! (`engine::Grammar`: which decisions the position takes, and their parts), and `generic`
//! walks it with the range coder as an `engine::Chooser` (a pick among n, uniform; a flag or
//! number by the grammar's context, adaptive; a text through the text model). The text list
//! starts with the system's sample name. The setup: a flag "the system's sample", otherwise
//! its JSON text. The journal: the line count (number), then each line coded while the engine
//! replays it, as Race for X's: its kind among those possible now (a decision unless
//! `Grammar::over`), the decision through the grammar, its dice (number and kind from
//! `System::dice`, each a flag "rolled at the table" and its face at its exact chance). A
//! campaign its grammar cannot express, or one past the replay bound, is sent as JSON text
//! (code 1), which decoding weighs whole before replaying. Links of system codes 2 and 3 are
//! marked `fd2.` (link version 2: the same stream, with the version number inside the
//! CRC-32), so an app from before the grammars names them as newer rather than damaged;
//! everything version 1 could say is still written `fd1.`. The grammars (their variant
//! lists, codes and contexts, in `systems/*/grammar.rs`, Axis of Attack's now in
//! `grammar_v2.rs`) are part of link version 2.
//!
//! ## Link version 4 (codes 4, 5, 6 and 7)
//!
//! The same stream again, for the systems given a grammar after version 2 (3 being the
//! seat-link marker): Rapier Offensive (code 4, `systems/rapier_offensive/grammar.rs`, its
//! texts starting with "Sample: Operation Uranus") and the Battlefront: WW2 campaign (code 5,
//! `systems/bfww2_campaign/grammar/`, "Sample: Advance to Rostov"), marked `fd4.` with the
//! version inside the CRC-32, so an app of version 3 or before names the link as newer. Their
//! grammars (variant lists, codes, contexts, and the lists they pick from: Rapier's units,
//! counters, sectors, frontages and lawful sets of losses; BFWW2's refit rolls due, repair
//! time, fielded elements and the sides still to act) are part of version 4. Campaigns of
//! either sent before, as JSON text (code 1, `fd1.`), still open as they did; one its grammar
//! cannot express still goes so. Race for X through its tight grammar (code 8, above, in
//! code 0's framing) is marked `fd4.` too; its `fd1.` links (code 0) still read. Another system coded through a grammar later takes its own
//! code under the same marker (`version_of`).
//!
//! Night scouting's tight grammar (code 7, `systems/crossfire_scouting/grammar.rs`, texts
//! starting as code 2's) offers only the decisions the rules accept, each part among the
//! values the rules' own checks allow, and is marked `fd4.` with the rest of version 4. Its
//! first grammar (code 2, `fd2.`) is kept verbatim as `GrammarV2`
//! (`systems/crossfire_scouting/grammar_v2.rs`): links of code 2 are only read, and open as
//! they always did.
//!
//! Axis of Attack's grammar was tightened in version 4 (code 6,
//! `systems/axis_of_attack/grammar.rs`, "Sample: Axis of Attack"): each phase offers only the
//! decisions the position allows, and each part only what the rules take (force lists by the
//! platoons the rules let field and the VP the player holds, casualty reports by the list
//! handed in, reinforcement dice by the platoons that may take them); those answers are part of
//! version 4. Axis of Attack campaigns are now written so; links of code 3 (`fd2.`) are still
//! read, through the version 2 grammar kept as it was (`grammar_v2.rs`, `GrammarV2`).
//!
//! ## Plain journal
//!
//! A history that does not replay (a damaged document), or would take more than
//! `MAX_REPLAY_COST` to: each line's kind (two adaptive bits), a decision's tag (four, see
//! `TAG_*`), its data with every number in full (units and exits 16 bits, stands 16 + 8,
//! lists by count) and its dice (count, then per die its kind, roller and a 16-bit value).
//! Decoding replays it afterwards, and refuses it with the engine's reason.
//!
//! ## Reading a link never panics, and its work is bounded
//!
//! The decoder accepts any bytes and reads at most 4 zeros past their end; every count
//! is checked against `MAX_LINES`, `MAX_UNITS`, `MAX_STANDS` and `MAX_DECODED` before
//! anything is built, every index against its list. Every link of every system goes through
//! one bounded replay (`budget`): at most `MAX_LINES` lines, and the replay's work (each
//! position costs the system's `System::start_weight` plus the `System::weight` of every
//! decision read so far) against `MAX_REPLAY_COST`, counted before each position is played:
//! as each line is read for a replayed journal, over the whole journal for one read whole
//! (JSON text, a plain journal) before anything is played.
//!
//! Everything is coded through codes fixed in this module, not the systems types' serde
//! derives, so reordering an enum of the rules changes no link. Only the dice that were
//! rolled travel: nothing predicts a future roll (the app draws each roll from the
//! browser's entropy when it is made).
//!
//! # Versions
//!
//! A link version once released keeps loading: add `fd2.` beside `fd1.` rather than
//! changing what `fd1.` means, and commit fixtures for each. Everything the coding depends
//! on is part of the version: the models and their contexts, `PRESET_TEXTS`, the codes
//! and tags here, the sample setup, and the rules' answers to "what may happen now"
//! (`rules::fieldable_units`, `units_allowed`, `pending_commanders`,
//! `replacement_candidates`, `System::dice`, the clock). A change of the rules that changes
//! those answers for an existing history needs a new link version.
//!
//! # Where each part lives
//!
//! This file: the public API, the limits, `LinkError`, and the document (system, meta).
//! `envelope`: marker, base64url, CRC-32 (`seal`, `unseal`). `range`: the range coder.
//! `models`: numbers, texts and `Models`. `codes`: the fixed codes. `race_for_x`: its
//! setup and replayed journal, through its grammar (code 8) or version 1's (code 0). `generic`: the range coder as a
//! `Chooser`, and any grammar-coded system's setup and replayed journal. `plain`: other
//! systems' JSON and the plain journal. `budget`: `ReplayCost`, the one bound of every replay.

mod budget;
mod codes;
mod envelope;
mod error;
mod generic;
mod meta;
mod models;
mod older;
mod plain;
mod race_for_x;
mod range;
mod reply;
#[cfg(test)]
mod tests;

pub use envelope::{follow_system, read_follow, reply_link_id, seal, seal_as, unseal, unseal_versioned};
pub use error::LinkError;
pub use older::encode_older;
pub use reply::{
    encode_reply, encode_reply_of, ReplyHead, ReplyKind, ReplyLink, Step, MAX_REPLY_STEPS, REPLY_LINK_VERSION,
};

use super::seat::SeatCopy;
use super::{Document, Meta, FORMAT};
use crate::engine::{Action, System};
use crate::systems::axis_of_attack::{AxisOfAttack, GrammarV2};
use crate::systems::crossfire_scouting::{CrossfireScouting, GrammarV2 as ScoutingV2};
use crate::systems::race_for_x::grammar_v1::GrammarV1;
use crate::systems::race_for_x::RaceForX;
use crate::systems::{Body, Descriptor, Listed, SystemId, Visit};
use budget::{body_fits, work_fits, ReplayCost};
use meta::{code_id, code_meta};
use models::{int, Models, FLAG_REPLAYS};
use range::{Coder, Decoder, Encoder};

/// The newest link version this app writes (see `version_of`; 3 is a seat copy, see
/// `share::seat`). Every version up to it keeps being read.
pub const LINK_VERSION: u8 = 4;
/// The version marker of seat links: one seat's view, not a campaign.
pub const SEAT_LINK_VERSION: u8 = 3;
/// The marker of a seat copy that follows the copy a device holds (`share::follow`).
pub const FOLLOW_LINK_VERSION: u8 = 6;
/// The newest marker this app reads: 5 is a reply (`reply`), 6 a following seat copy.
pub const READS_UP_TO: u8 = FOLLOW_LINK_VERSION;

/// The key of a share link in the URL fragment: `#s=fd1.…`.
pub const FRAGMENT_KEY: &str = "s=";

/// The most text a link may hold; more is refused before it is decoded.
pub const MAX_LINK_CHARS: usize = 1 << 20;
/// The most a link may decode to, counted in bytes of text plus items of lists (units,
/// stands, lines, dice...): a 9-turn campaign is under 2,000. Arithmetic coding can make a
/// long run of likely items cost almost nothing, so this count, not the link's length,
/// bounds the work (with `MAX_LINES` and `MAX_REPLAY_COST`).
pub const MAX_DECODED: usize = 1 << 20;
/// The most journal lines a link may carry (a 30-turn campaign with every clock roll in
/// the app has about 2,300).
pub const MAX_LINES: usize = 20_000;
/// The most units (and formations) an orbat in a link may have, and stands a unit may have:
/// far above any real orbat, low enough that the rules' checks stay quick.
pub const MAX_UNITS: usize = 500;
pub const MAX_STANDS: usize = 64;
// Race for X's grammar caps its counts as link version 1 did, with these.
const _: () = {
    use crate::systems::race_for_x::grammar as rfx;
    assert!(rfx::MAX_UNITS == MAX_UNITS && rfx::MAX_STANDS == MAX_STANDS && rfx::MAX_DECODED == MAX_DECODED);
};
/// The most memory, estimated before replaying, that replaying a link may take (see
/// `ReplayCost`): about a 50-turn campaign.
pub const MAX_REPLAY_COST: usize = 128 << 20;

/// The fragment payload for a campaign, without `#` or key: `fd1.…`, `fd2.…` or `fd4.…`.
pub fn encode(doc: &Document) -> String {
    let bytes = payload(doc);
    seal_as(&bytes, version_of(&bytes))
}

/// The marker a payload is sealed with: 1 for what link version 1 could already say (Race
/// for X as code 0, and other systems as JSON text), 2 for night scouting and Axis of Attack
/// through their first grammars, 4 for the grammars since, Race for X's tight one (code 8)
/// included (3 is a seat link), so an app
/// from before them says "made by a newer version" rather than "damaged". Every version
/// reads through the same decoder.
fn version_of(bytes: &[u8]) -> u8 {
    let system = Decoder::new(bytes).and_then(|mut d| d.uniform(SYSTEMS, 0)).unwrap_or(SYSTEM_RACE_FOR_X);
    match system {
        SYSTEM_RACE_FOR_X | SYSTEM_JSON => 1,
        SYSTEM_SCOUTING | SYSTEM_AXIS_OF_ATTACK => 2,
        // Every system's own code (`Descriptor::LINK_CODE`), 4 to 15, is link version 4's.
        _ => LINK_VERSION,
    }
}

/// The whole fragment, without `#`: `s=fd1.…`.
pub fn to_fragment(doc: &Document) -> String {
    format!("{FRAGMENT_KEY}{}", encode(doc))
}

/// Reads a campaign link: the payload alone (`fd1.…`), a fragment (`#s=fd1.…`, `s=fd1.…`)
/// or a whole URL. Replays the history, so what comes back opens. Never panics.
pub fn decode(text: &str) -> Result<Document, LinkError> {
    match read(text)? {
        Received::Campaign(doc) => Ok(doc),
        Received::Seat(_) => Err(LinkError::OneSeat),
        Received::Reply(_) => Err(LinkError::AReply),
        Received::Follow(_) => Err(LinkError::OneSeat),
    }
}

/// What a link carries: a whole campaign, or one seat's view of one.
#[derive(Clone, Debug, PartialEq)]
#[expect(clippy::large_enum_variant, reason = "made once per link read or shown; boxing buys nothing")]
pub enum Received {
    Campaign(Document),
    Seat(SeatCopy),
    /// A decision made on a seat's own device, for the campaign's keeper (`share::reply`).
    Reply(ReplyLink),
    /// One seat's view as what changed since a copy its device holds (`share::follow`).
    Follow(crate::share::follow::FollowLink),
}

/// Reads any link (as `decode` takes it). Never panics.
pub fn read(text: &str) -> Result<Received, LinkError> {
    let (version, bytes) = unseal_versioned(text)?;
    if version == SEAT_LINK_VERSION as u32 {
        SeatCopy::from_payload(&bytes).map(Received::Seat)
    } else if version == FOLLOW_LINK_VERSION as u32 {
        crate::share::follow::FollowLink::read(&bytes).map(Received::Follow).ok_or(LinkError::Corrupt)
    } else if version == REPLY_LINK_VERSION as u32 {
        ReplyLink::read(bytes).map(Received::Reply)
    } else if version != u32::from(version_of(&bytes)) {
        // A marker this app never writes before such a payload: made by hand, not by an app.
        Err(LinkError::Corrupt)
    } else {
        from_payload(&bytes).map(Received::Campaign)
    }
}

/// A following seat copy's link payload, without `#` or key: `fd6.…`; `held` is the copy it
/// follows (as given to `Follow::make`).
pub fn encode_follow(copy: &crate::share::follow::Follow, held: Option<&SeatCopy>) -> String {
    seal_as(&copy.payload(held), FOLLOW_LINK_VERSION)
}

/// A seat copy's link payload, without `#` or key: `fd3.…` (a whole copy, format 1: what
/// apps before following copies read).
pub fn encode_seat(copy: &SeatCopy) -> String {
    seal_as(&copy.payload(), SEAT_LINK_VERSION)
}

/// For the location hash (with or without `#`): `None` when it is not a share link (an
/// ordinary screen such as `#/c/abc/play`), otherwise the campaign it holds.
pub fn from_fragment(hash: &str) -> Option<Result<Document, LinkError>> {
    fragment(hash).map(decode)
}

/// `from_fragment` for any link: a campaign or a seat copy.
pub fn read_fragment(hash: &str) -> Option<Result<Received, LinkError>> {
    fragment(hash).map(read)
}

/// Whether the page's address carries a link (campaign or seat copy), without decoding it.
pub fn is_link(hash: &str) -> bool {
    fragment(hash).is_some()
}

fn fragment(hash: &str) -> Option<&str> {
    let hash = hash.trim();
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    hash.strip_prefix(FRAGMENT_KEY)
}

// ---------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------

/// The rule system, first thing in the stream: what follows the meta is that system's. Codes 0 to
/// 3 are link versions 1 and 2's; every other is a system's own `Descriptor::LINK_CODE`, coded
/// through its grammar (`generic`), Race for X's (8) through its own framing (`race_for_x`).
const SYSTEM_RACE_FOR_X: u32 = 0;
/// Any other system: its body as JSON text (what link version 1 first sent for them, and
/// still the coding of a campaign its grammar cannot express).
const SYSTEM_JSON: u32 = 1;
/// Night scouting through its first grammar (`GrammarV2`), marked `fd2.`: read, no longer written.
const SYSTEM_SCOUTING: u32 = 2;
/// Axis of Attack through its link-version-2 grammar (`GrammarV2`): read, no longer written.
const SYSTEM_AXIS_OF_ATTACK: u32 = 3;
/// Race for X through its tight grammar (`fd4.`), in code 0's framing; code 0 (`fd1.`) is
/// read only, through link version 1's grammar (`GrammarV1`).
const SYSTEM_RACE_FOR_X_TIGHT: u32 = RaceForX::LINK_CODE;
const SYSTEMS: u32 = 16;
// Each system's code is its own, and none is one of link versions 1 and 2's.
const _: () = {
    let codes = SystemId::LINK_CODES;
    let mut i = 0;
    while i < codes.len() {
        assert!(codes[i] > SYSTEM_AXIS_OF_ATTACK && codes[i] < SYSTEMS, "a link code is 4 to 15");
        let mut j = i + 1;
        while j < codes.len() {
            assert!(codes[i] != codes[j], "two systems share a link code");
            j += 1;
        }
        i += 1;
    }
};

/// A system's link code (`Descriptor::LINK_CODE`).
pub fn link_code(system: SystemId) -> u32 {
    system.visit(CodeOf)
}

/// The system whose link code is `code`, if any.
pub fn coded_system(code: u32) -> Option<SystemId> {
    SystemId::ALL.into_iter().zip(SystemId::LINK_CODES).find(|&(_, c)| c == code).map(|(s, _)| s)
}

/// The coded bytes of a campaign (what `seal` checksums and marks).
/// Exposed for measurements and tests; `encode` is the way to make a link.
pub fn payload(doc: &Document) -> Vec<u8> {
    // Seal lines are the keeper's to check (`engine::campaign::seal`): a link leaves them out,
    // as it leaves out replies and salts. They change no position.
    let unsealed;
    let doc = match without_seals(&doc.body) {
        Some(body) => {
            unsealed = Document { body, ..doc.clone() };
            &unsealed
        }
        None => doc,
    };
    // A Race for X journal whose replay would take more than the bound is written plain (and
    // refused on reading), as link version 1 always did.
    // Other systems' journals past the bound travel as JSON text, refused on reading.
    let fits = match &doc.body {
        Body::RaceForX { setup, journal } => work_fits::<RaceForX>(setup, journal).is_ok(),
        other => body_fits(other).is_ok(),
    };
    if fits {
        let mut e = Encoder::new();
        if code_document(&mut e, Some(doc), true, None).is_ok() {
            return e.finish();
        }
    }
    // A history that does not replay (or too big to): written line by line as it is.
    let mut e = Encoder::new();
    code_document(&mut e, Some(doc), false, None).expect("every document has a plain coding");
    e.finish()
}

/// `body` without its seal lines, if it has any.
fn without_seals(body: &Body) -> Option<Body> {
    struct Strip;
    impl crate::systems::VisitBody for Strip {
        type Out = Option<Body>;
        fn visit<S: Listed>(self, setup: &S::Setup, journal: &[Action<S::Decision>]) -> Self::Out {
            journal.iter().any(|a| matches!(a, Action::Seal(_))).then(|| {
                let kept = journal.iter().filter(|a| !matches!(a, Action::Seal(_))).cloned().collect();
                S::body(setup.clone(), kept)
            })
        }
    }
    body.visit(Strip)
}

/// The one replay bound (`budget`: lines and work), for campaigns that come in other ways than
/// a link (a file, a backup): checked before a position is played.
pub fn replay_fits(body: &Body) -> Result<(), LinkError> {
    body_fits(body)
}

/// Reads coded bytes (see `payload`) and replays them. Exposed for tests.
pub fn from_payload(bytes: &[u8]) -> Result<Document, LinkError> {
    let mut d = Decoder::new(bytes)?;
    let (doc, replayed) = code_document(&mut d, None, false, None)?;
    d.finish()?;
    if !replayed {
        // Read whole (JSON text, or a plain journal already weighed line by line): weighed
        // again, whole, before a position is played.
        body_fits(&doc.body)?;
        doc.open().map_err(|e| match e {
            super::LoadError::DoesNotReplay(why) => LinkError::DoesNotReplay(why),
            other => LinkError::DoesNotReplay(other.to_string()),
        })?;
    }
    Ok(doc)
}

/// The whole stream. Encoding, `doc` is the campaign and `replay` asks for the journal to
/// be coded against the rules; decoding, both are ignored. Returns the document and
/// whether its journal went through the rules.
/// Compiled once: the encoder and the decoder walk it through `dyn Coder` (issue 32: a copy
/// for each was 22 KB of code).
#[inline(never)]
fn code_document(
    c: &mut dyn Coder,
    doc: Option<&Document>,
    replay: bool,
    older: Option<u32>,
) -> Result<(Document, bool), LinkError> {
    let system = match doc.map(|d| &d.body) {
        _ if older.is_some() => older.unwrap_or(SYSTEM_JSON),
        Some(Body::RaceForX { .. }) => SYSTEM_RACE_FOR_X_TIGHT,
        None => SYSTEM_RACE_FOR_X,
        Some(body) if replay => body.system().visit(CodeOf),
        Some(_) => SYSTEM_JSON,
    };
    let system = c.uniform(SYSTEMS, system)?;
    let given = doc.map(|d| &d.body);
    let format = FORMAT;
    // Each system's texts start from its sample's name (link versions 1 and 2's as they did).
    let (meta, body) = match system {
        SYSTEM_RACE_FOR_X | SYSTEM_RACE_FOR_X_TIGHT => return race_for_x_document(c, doc, replay, system),
        SYSTEM_JSON => {
            let mut m = Models::new();
            let meta = code_meta(c, &mut m, doc.map(|d| &d.meta))?;
            let body = plain::json_body(c, &mut m, given)?;
            return Ok((Document { format, meta, summary: None, body }, false));
        }
        SYSTEM_SCOUTING => {
            let mut m = Models::with_texts(&["Sample: Night scouting", "New campaign"]);
            let meta = code_meta(c, &mut m, doc.map(|d| &d.meta))?;
            let given = given.and_then(CrossfireScouting::parts);
            let (setup, journal) = generic::code_campaign::<CrossfireScouting, ScoutingV2>(c, &mut m, given)?;
            (meta, CrossfireScouting::body(setup, journal))
        }
        SYSTEM_AXIS_OF_ATTACK => {
            let mut m = Models::with_texts(&["Sample: Axis of Attack", "New campaign"]);
            let meta = code_meta(c, &mut m, doc.map(|d| &d.meta))?;
            let given = given.and_then(AxisOfAttack::parts);
            let (setup, journal) = generic::code_campaign::<AxisOfAttack, GrammarV2>(c, &mut m, given)?;
            (meta, AxisOfAttack::body(setup, journal))
        }
        code => {
            let id = coded_system(code).ok_or(LinkError::Corrupt)?;
            id.visit(Coded { c, doc })?
        }
    };
    Ok((Document { format, meta, summary: None, body }, true))
}

/// A system's link code.
pub(super) struct CodeOf;

impl Visit for CodeOf {
    type Out = u32;
    fn visit<S: Listed>(self) -> u32 {
        S::LINK_CODE
    }
}

/// The meta and a campaign of the system visited, through its grammar (`generic`), its texts
/// starting from its `LINK_TEXTS`.
struct Coded<'a> {
    c: &'a mut dyn Coder,
    doc: Option<&'a Document>,
}

impl Visit for Coded<'_> {
    type Out = Result<(Meta, Body), LinkError>;
    fn visit<S: Listed>(self) -> Self::Out {
        let mut m = Models::with_texts(S::LINK_TEXTS);
        let meta = code_meta(self.c, &mut m, self.doc.map(|d| &d.meta))?;
        let given = self.doc.and_then(|d| S::parts(&d.body));
        let (setup, journal) = generic::code_campaign::<S, S>(self.c, &mut m, given)?;
        Ok((meta, S::body(setup, journal)))
    }
}

/// Race for X's document, in link version 1's framing: through its tight grammar (code 8) or
/// version 1's (code 0).
fn race_for_x_document(
    c: &mut dyn Coder,
    doc: Option<&Document>,
    replay: bool,
    system: u32,
) -> Result<(Document, bool), LinkError> {
    let mut m = Models::new();
    let meta = code_meta(c, &mut m, doc.map(|d| &d.meta))?;
    let (setup, journal) = match doc.map(|d| RaceForX::parts(&d.body)) {
        Some(Some((setup, journal))) => (Some(setup), Some(journal)),
        Some(None) => unreachable!("only Race for X's campaigns are framed so"),
        None => (None, None),
    };
    let setup = race_for_x::code_setup(c, &mut m, setup)?;
    let mut cost = ReplayCost::new::<RaceForX>(&setup);
    let replay = c.bit(&mut m.flags[FLAG_REPLAYS], !c.decoding() && replay && RaceForX::start(&setup).is_ok())?;
    let n = int(c, &mut m.lines, journal.map_or(0, |j| j.len() as u64))?;
    if c.decoding() && n > MAX_LINES as u64 {
        return Err(LinkError::TooLarge);
    }
    c.spend(n)?;
    let journal = if replay && system == SYSTEM_RACE_FOR_X_TIGHT {
        race_for_x::replayed_lines::<RaceForX>(c, &mut m, &setup, n as usize, journal, &mut cost)?
    } else if replay {
        race_for_x::replayed_lines::<GrammarV1>(c, &mut m, &setup, n as usize, journal, &mut cost)?
    } else {
        plain::plain_lines(c, &mut m, &setup, n as usize, journal, &mut cost)?
    };
    Ok((Document { format: FORMAT, meta, summary: None, body: Body::RaceForX { setup, journal } }, replay))
}
