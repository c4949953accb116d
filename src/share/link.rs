//! Share links: a whole campaign (setup, history and the dice that were rolled) carried in
//! the `#fragment` of a URL, which browsers never send to a server.
//!
//! # Wire format, link version 1
//!
//! ```text
//! https://host/path/#s=fd1.<base64url, no padding>
//!                     |  |   '- deflate(payload) ++ CRC-32(deflate(payload)), little endian
//!                     |  '----- the version marker: "fd" + link version + "."
//!                     '-------- FRAGMENT_KEY
//! ```
//!
//! The version marker stays outside the compressed part, so a later format is told apart
//! before anything is decompressed, and a link from a newer app gets its own message. The
//! CRC-32 (IEEE, as zip and PNG use) catches a link that was cut short or mangled on its
//! way through chat apps: raw deflate has no checksum of its own, and a changed die would
//! otherwise still replay.
//!
//! The payload is a sequence of [postcard] values (varints, no field names), in four parts:
//!
//! | part    | encoding |
//! |---------|----------|
//! | system  | one byte: 0 Race for X (what follows the meta is that system's) |
//! | meta    | `WireMeta`: the id (8 bytes when it is the app's 16 hex digits), the name, created and updated as whole milliseconds (updated as the time since created) |
//! | setup   | `WireSetup`: one byte for the built-in sample; otherwise size, player names, each orbat as "the sample battalion named …" or in full, and the defensive orbats as "the sample's" or in full |
//! | journal | a `u32` line count, then three columns: every line's head and decision tag; every decision's data; every die |
//!
//! Line head (`u32`): 0 undo, 1 redo, 2 decision without dice, 3 decision with dice of
//! mixed kinds (then a `u32` count and one byte `die << 1 | by` per die), and
//! `4 + ((count - 1) << 3 | die << 1 | by)` for a decision with `count` dice all of one kind
//! and one roller (the usual case: one byte for up to 15 dice). `die` is 0 d3, 1 d6, 2 d10,
//! 3 d100; `by` is 0 for the app, 1 for the table. A decision's head is followed by its tag,
//! one byte (`TAG_*` below); its data (an action, the units, an outcome...) goes in the
//! second column, in the order of the lines.
//!
//! Dice column: nothing when no die was rolled; otherwise 0 and the faces packed as digits
//! of a mixed-radix number (`pack_dice`: 2.61 bits a d6), or 1 and each value as a `u16`
//! when some value is not a face of its die (a damaged document; it will not replay).
//!
//! Why columns: deflate then sees long runs of identical heads and tags (a battle's clock
//! rolls), and the dice are packed near their entropy, which deflate alone cannot do.
//! Everything is written through types and codes fixed in this file, not the systems
//! types' serde derives: postcard writes variants by position, so a reordered enum would
//! silently change old links, and `Orbat`'s `skip_serializing_if` fields cannot be read
//! back at all by a format without field names.
//!
//! Only the dice that were rolled travel: nothing predicts a future roll (the app draws
//! each roll from the browser's entropy when it is made). Decoding needs no rules to read a
//! link; it then replays the history, so a link whose log breaks the rules is refused.
//!
//! # Versions
//!
//! A link version once released keeps loading: add `fd2.` beside `fd1.` rather than
//! changing what `fd1.` means, and commit fixtures for each.

use super::{Document, Meta, FORMAT};
use crate::engine::{Action, Die, Entry, Roll, Roller};
use crate::systems::race_for_x::tables::OffensiveAction;
use crate::systems::race_for_x::{
    sample, BattleOutcome, Decision, DefensiveOrbat, Formation, Orbat, Player, Setup, Side, Stand, StandRef, Unit,
};
use crate::systems::Body;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt;

/// The link version this app writes. Every version up to it keeps being read.
pub const LINK_VERSION: u8 = 1;

/// The key of a share link in the URL fragment: `#s=fd1.…`.
pub const FRAGMENT_KEY: &str = "s=";

/// The most text a link may hold; more is refused before it is decoded.
pub const MAX_LINK_CHARS: usize = 1 << 20;
/// The most bytes a link may inflate to (a 9-turn campaign is about 2.3 KB).
pub const MAX_INFLATED: usize = 1 << 20;
/// The most journal lines a link may carry (a 30-turn campaign with every clock roll in
/// the app has about 2,300).
pub const MAX_LINES: usize = 20_000;
/// The most units (and formations) an orbat in a link may have, and stands a unit may have:
/// far above any real orbat, low enough that the rules' checks stay quick.
pub const MAX_UNITS: usize = 500;
pub const MAX_STANDS: usize = 64;
/// The most memory, estimated before replaying, that replaying a link may take (see
/// `ReplayCost`): about a 50-turn campaign.
pub const MAX_REPLAY_COST: usize = 128 << 20;

/// Why a link does not open. Nothing is stored or changed in any of these cases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// No share link there at all.
    NotALink,
    /// Made by a newer Field Desk.
    FutureVersion { version: u32 },
    /// Cut short or changed on the way (bad characters, checksum, compression or contents).
    Corrupt,
    /// Read fine, but the history does not replay under the rules.
    DoesNotReplay(String),
    /// Bigger than Field Desk opens from a link.
    TooLarge,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::NotALink => write!(f, "This is not a Field Desk campaign link."),
            LinkError::FutureVersion { version } => write!(
                f,
                "This link was made by a newer version of Field Desk (link version {version}; this version reads up to {LINK_VERSION}). Reload the page to update the app, then open the link again."
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
        }
    }
}

/// The fragment payload for a campaign, without `#` or key: `fd1.…`.
pub fn encode(doc: &Document) -> String {
    seal(&payload(doc))
}

/// The whole fragment, without `#`: `s=fd1.…`.
pub fn to_fragment(doc: &Document) -> String {
    format!("{FRAGMENT_KEY}{}", encode(doc))
}

/// Reads a link: the payload alone (`fd1.…`), a fragment (`#s=fd1.…`, `s=fd1.…`) or a
/// whole URL. Replays the history, so what comes back opens. Never panics.
pub fn decode(text: &str) -> Result<Document, LinkError> {
    let bytes = unseal(text)?;
    from_payload(&bytes)
}

/// For the location hash (with or without `#`): `None` when it is not a share link (an
/// ordinary screen such as `#/c/abc/play`), otherwise what the link holds.
pub fn from_fragment(hash: &str) -> Option<Result<Document, LinkError>> {
    let hash = hash.trim();
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    hash.strip_prefix(FRAGMENT_KEY).map(decode)
}

// ---------------------------------------------------------------------------------------
// Outer layer: marker, base64url, deflate, checksum
// ---------------------------------------------------------------------------------------

/// Compresses, checksums and marks a payload: `fd1.` + base64url(deflate ++ CRC-32).
/// Exposed for measurements and tests; `encode` is the way to make a link.
pub fn seal(payload: &[u8]) -> String {
    let mut packed = miniz_oxide::deflate::compress_to_vec(payload, 10);
    let crc = crc32(&packed);
    packed.extend_from_slice(&crc.to_le_bytes());
    format!("fd{LINK_VERSION}.{}", URL_SAFE_NO_PAD.encode(packed))
}

/// The inverse of `seal`: the payload of a link of this version.
pub fn unseal(text: &str) -> Result<Vec<u8>, LinkError> {
    if text.len() > MAX_LINK_CHARS {
        return Err(LinkError::TooLarge);
    }
    let text = text.trim();
    // A whole URL: what follows the '#'.
    let text = match text.rfind('#') {
        Some(i) => &text[i + 1..],
        None => text,
    };
    let text = text.strip_prefix(FRAGMENT_KEY).unwrap_or(text);
    let rest = text.strip_prefix("fd").ok_or(LinkError::NotALink)?;
    let dot = rest.find('.').ok_or(LinkError::NotALink)?;
    let digits = &rest[..dot];
    // Decimal, without leading zeros: one spelling per version.
    if digits.is_empty() || digits.len() > 9 || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(LinkError::NotALink);
    }
    let version: u32 = digits.parse().map_err(|_| LinkError::NotALink)?;
    if version > LINK_VERSION as u32 {
        return Err(LinkError::FutureVersion { version });
    }
    if version != 1 {
        return Err(LinkError::NotALink);
    }
    let packed = URL_SAFE_NO_PAD.decode(&rest[dot + 1..]).map_err(|_| LinkError::Corrupt)?;
    if packed.len() < 4 {
        return Err(LinkError::Corrupt);
    }
    let (deflated, sum) = packed.split_at(packed.len() - 4);
    if crc32(deflated).to_le_bytes() != sum {
        return Err(LinkError::Corrupt);
    }
    match miniz_oxide::inflate::decompress_to_vec_with_limit(deflated, MAX_INFLATED) {
        Ok(bytes) => Ok(bytes),
        Err(e) if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput => Err(LinkError::TooLarge),
        Err(_) => Err(LinkError::Corrupt),
    }
}

const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
};

/// CRC-32 (IEEE 802.3, reflected), the checksum of zip, gzip and PNG.
fn crc32(bytes: &[u8]) -> u32 {
    !bytes.iter().fold(!0u32, |c, &b| CRC_TABLE[((c ^ b as u32) & 0xFF) as usize] ^ (c >> 8))
}

// ---------------------------------------------------------------------------------------
// Inner layer: the payload
// ---------------------------------------------------------------------------------------

#[derive(Serialize, Deserialize)]
struct WireMeta {
    id: WireId,
    name: String,
    times: WireTimes,
}

#[derive(Serialize, Deserialize)]
enum WireId {
    /// Lowercase hex digits, two to a byte (the app's ids are 16 of them).
    Hex(Vec<u8>),
    Text(String),
}

#[derive(Serialize, Deserialize)]
enum WireTimes {
    /// Whole milliseconds since 1970; `updated = created + later`.
    Ms { created: u64, later: u64 },
    /// Anything else, as it is.
    Exact { created: f64, updated: f64 },
}

/// The setup. Every part that equals the built-in sample's is sent as a reference to it.
///
/// The references are to `race_for_x::sample` as released with link version 1: the sample
/// is part of the released app and must never change (a test checks it against the
/// format-1 fixture). A new sample would need a new reference variant, added at the end.
#[derive(Serialize, Deserialize)]
enum WireSetup {
    /// `sample::sample_setup()`.
    Sample,
    /// `size`: 0 small, 1 medium, 2 large, 3 huge.
    Parts { size: u8, players: [WirePlayer; 2], defence: WireDefence },
}

#[derive(Serialize, Deserialize)]
struct WirePlayer {
    name: String,
    orbat: WireOrbat,
}

#[derive(Serialize, Deserialize)]
enum WireOrbat {
    /// `sample::russian_battalion(name)`: the sample's battalion, which the setup form also
    /// offers to fill in.
    SampleBattalion(String),
    /// Formations as (name, kind, parent), units in full.
    Full { formations: Vec<(String, u8, Option<u16>)>, units: Vec<WireUnit> },
}

/// `kind`: 0 rifle/SMG platoon, 1 HQ, 2 crew-served, 3 vehicle; stands as (kind, label),
/// kind 0 squad, 1 crew-served, 2 vehicle, 3 PC, 4 CC, 5 BC, 6 RC, 7 FO.
#[derive(Serialize, Deserialize)]
struct WireUnit {
    name: String,
    kind: u8,
    formation: Option<u16>,
    stands: Vec<(u8, String)>,
}

#[derive(Serialize, Deserialize)]
enum WireDefence {
    /// `sample::small_defensive_orbats()`.
    SampleSmall,
    /// (size, option, lines); size 0 to 5 for S1 to S5 and S10, option 0 A, 1 B.
    Full(Vec<(u8, u8, Vec<String>)>),
}

/// Codes of the small enums a setup holds: written as numbers fixed here, not by the
/// position of the variants in their enums.
mod codes {
    use crate::systems::race_for_x::tables::{CampaignSize, DefenceOption, ForceSize};
    use crate::systems::race_for_x::{FormationKind, StandKind, UnitKind};

    macro_rules! table {
        ($to:ident, $from:ident, $t:ty, [$($v:path => $c:literal),* $(,)?]) => {
            pub fn $to(x: $t) -> u8 {
                match x { $($v => $c,)* }
            }
            pub fn $from(c: u8) -> Option<$t> {
                match c { $($c => Some($v),)* _ => None }
            }
        };
    }

    table!(size, size_of, CampaignSize, [
        CampaignSize::Small => 0, CampaignSize::Medium => 1, CampaignSize::Large => 2, CampaignSize::Huge => 3,
    ]);
    table!(force, force_of, ForceSize, [
        ForceSize::S1 => 0, ForceSize::S2 => 1, ForceSize::S3 => 2, ForceSize::S4 => 3, ForceSize::S5 => 4, ForceSize::S10 => 5,
    ]);
    table!(option, option_of, DefenceOption, [DefenceOption::A => 0, DefenceOption::B => 1]);
    table!(formation, formation_of, FormationKind, [FormationKind::Company => 0, FormationKind::Battalion => 1]);
    table!(unit, unit_of, UnitKind, [
        UnitKind::RiflePlatoon => 0, UnitKind::Hq => 1, UnitKind::CrewServed => 2, UnitKind::Vehicle => 3,
    ]);
    table!(stand, stand_of, StandKind, [
        StandKind::Squad => 0, StandKind::CrewServed => 1, StandKind::Vehicle => 2, StandKind::Pc => 3,
        StandKind::Cc => 4, StandKind::Bc => 5, StandKind::Rc => 6, StandKind::Fo => 7,
    ]);
}

// Decision tags, frozen for link version 1 (independent of the order of `Decision`).
const TAG_CHOOSE_ACTION: u8 = 0;
const TAG_ROLL_BATTLE_TYPE: u8 = 1;
const TAG_FIELD_FORCES: u8 = 2;
const TAG_ROLL_DEFENCE: u8 = 3;
const TAG_CLOCK_ROLL: u8 = 4;
const TAG_NAME_OBJECTIVES: u8 = 5;
const TAG_NOTE: u8 = 6;
const TAG_RECORD_OUTCOME: u8 = 7;
const TAG_ROLL_BATTLE_RESULT: u8 = 8;
const TAG_CONFIRM_MOVEMENT: u8 = 9;
const TAG_REPLACE_COMMANDER: u8 = 10;
const TAG_ROLL_RECOVERY: u8 = 11;

#[derive(Serialize, Deserialize)]
enum WireUnits {
    /// Unit indices in increasing order, as a bit set: bit `i % 8` of byte `i / 8` is unit `i`.
    Set(Vec<u8>),
    /// In the order chosen.
    List(Vec<u16>),
}

#[derive(Serialize, Deserialize)]
enum WireStands {
    /// Stands in orbat order, by unit: the unit and a bit set of its stands (stands 0 to 7).
    ByUnit(Vec<(u16, u8)>),
    /// In the order tapped.
    List(Vec<(u16, u8)>),
}

fn stand_pair(r: &StandRef) -> (u16, u8) {
    (r.unit, r.stand)
}

fn stand_ref((unit, stand): (u16, u8)) -> StandRef {
    StandRef { unit, stand }
}

/// Writes a decision's tag to `tags` and its data to `args`.
fn write_decision(d: &Decision, tags: &mut Vec<u8>, args: &mut Vec<u8>) {
    let tag = match d {
        Decision::ChooseAction { side, action } => {
            put(args, &((side.index() as u8) << 1 | matches!(action, OffensiveAction::Regroup) as u8));
            TAG_CHOOSE_ACTION
        }
        Decision::RollBattleType => TAG_ROLL_BATTLE_TYPE,
        Decision::FieldForces { units } => {
            let wire = if units.windows(2).all(|w| w[0] < w[1]) {
                let mut set = vec![0u8; units.last().map_or(0, |&u| u as usize / 8 + 1)];
                for &u in units {
                    set[u as usize / 8] |= 1 << (u % 8);
                }
                WireUnits::Set(set)
            } else {
                WireUnits::List(units.clone())
            };
            put(args, &wire);
            TAG_FIELD_FORCES
        }
        Decision::RollDefence => TAG_ROLL_DEFENCE,
        Decision::ClockRoll => TAG_CLOCK_ROLL,
        Decision::NameObjectives { names } => {
            put(args, names);
            TAG_NAME_OBJECTIVES
        }
        Decision::Note { text } => {
            put(args, text);
            TAG_NOTE
        }
        Decision::RecordOutcome(o) => {
            let ordered = o.killed.windows(2).all(|w| w[0] < w[1]) && o.killed.iter().all(|r| r.stand < 8);
            let killed = if ordered {
                let mut by_unit: Vec<(u16, u8)> = Vec::new();
                for r in &o.killed {
                    match by_unit.last_mut() {
                        Some((u, mask)) if *u == r.unit => *mask |= 1 << r.stand,
                        _ => by_unit.push((r.unit, 1 << r.stand)),
                    }
                }
                WireStands::ByUnit(by_unit)
            } else {
                WireStands::List(o.killed.iter().map(stand_pair).collect())
            };
            put(args, &(o.objectives, o.exited, killed));
            TAG_RECORD_OUTCOME
        }
        Decision::RollBattleResult => TAG_ROLL_BATTLE_RESULT,
        Decision::ConfirmMovement => TAG_CONFIRM_MOVEMENT,
        Decision::ReplaceCommander { commander, replacement } => {
            put(args, &(stand_pair(commander), stand_pair(replacement)));
            TAG_REPLACE_COMMANDER
        }
        Decision::RollRecovery => TAG_ROLL_RECOVERY,
    };
    tags.push(tag);
}

/// Reads the data of a decision with this tag.
fn read_decision(tag: u8, args: &mut Reader<'_>) -> Result<Decision, LinkError> {
    Ok(match tag {
        TAG_CHOOSE_ACTION => {
            let code = args.take::<u8>()?;
            if code > 3 {
                return Err(LinkError::Corrupt);
            }
            let side = if code >> 1 == 0 { Side::A } else { Side::B };
            let action = if code & 1 == 0 { OffensiveAction::Attack } else { OffensiveAction::Regroup };
            Decision::ChooseAction { side, action }
        }
        TAG_ROLL_BATTLE_TYPE => Decision::RollBattleType,
        TAG_FIELD_FORCES => match args.take::<WireUnits>()? {
            WireUnits::Set(set) => {
                if set.len() > (u16::MAX as usize + 1) / 8 {
                    return Err(LinkError::Corrupt);
                }
                let units = (0..set.len() * 8).filter(|&i| set[i / 8] & (1 << (i % 8)) != 0).map(|i| i as u16).collect();
                Decision::FieldForces { units }
            }
            WireUnits::List(units) => Decision::FieldForces { units },
        },
        TAG_ROLL_DEFENCE => Decision::RollDefence,
        TAG_CLOCK_ROLL => Decision::ClockRoll,
        TAG_NAME_OBJECTIVES => Decision::NameObjectives { names: args.take()? },
        TAG_NOTE => Decision::Note { text: args.take()? },
        TAG_RECORD_OUTCOME => {
            let (objectives, exited, killed) = args.take::<(u8, u16, WireStands)>()?;
            let killed = match killed {
                WireStands::ByUnit(units) => units
                    .into_iter()
                    .flat_map(|(unit, mask)| (0..8u8).filter(move |s| mask & (1 << s) != 0).map(move |stand| StandRef { unit, stand }))
                    .collect(),
                WireStands::List(list) => list.into_iter().map(stand_ref).collect(),
            };
            Decision::RecordOutcome(BattleOutcome { objectives, exited, killed })
        }
        TAG_ROLL_BATTLE_RESULT => Decision::RollBattleResult,
        TAG_CONFIRM_MOVEMENT => Decision::ConfirmMovement,
        TAG_REPLACE_COMMANDER => {
            let (commander, replacement) = args.take::<((u16, u8), (u16, u8))>()?;
            Decision::ReplaceCommander { commander: stand_ref(commander), replacement: stand_ref(replacement) }
        }
        TAG_ROLL_RECOVERY => Decision::RollRecovery,
        _ => return Err(LinkError::Corrupt),
    })
}

/// A packed die takes at least log2 3 bits: fewer than six fit a byte.
const DICE_PER_BYTE: usize = 6;

/// The rule system, first byte of the payload: what follows the meta is that system's.
const SYSTEM_RACE_FOR_X: u8 = 0;

const HEAD_UNDO: u32 = 0;
const HEAD_REDO: u32 = 1;
const HEAD_NO_DICE: u32 = 2;
const HEAD_MIXED: u32 = 3;
const HEAD_UNIFORM: u32 = 4;

fn die_code(d: Die) -> u8 {
    match d {
        Die::D3 => 0,
        Die::D6 => 1,
        Die::D10 => 2,
        Die::D100 => 3,
    }
}

fn die_of(code: u8) -> Die {
    match code & 3 {
        0 => Die::D3,
        1 => Die::D6,
        2 => Die::D10,
        _ => Die::D100,
    }
}

fn roll_code(r: &Roll) -> u8 {
    die_code(r.die) << 1 | matches!(r.by, Roller::Table) as u8
}

fn roll_kind(code: u8) -> (Die, Roller) {
    (die_of(code >> 1), if code & 1 == 1 { Roller::Table } else { Roller::App })
}

fn put<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) {
    // Writing to a Vec cannot fail for these types (no maps, no unsized sequences).
    let buf = std::mem::take(out);
    *out = postcard::to_extend(value, buf).expect("postcard writes to a Vec");
}

/// The uncompressed binary encoding of a campaign (the payload `seal` compresses).
/// Exposed for measurements and tests; `encode` is the way to make a link.
pub fn payload(doc: &Document) -> Vec<u8> {
    let mut out = Vec::new();
    // A new system gets its own `SYSTEM_*` byte and its own setup and decision codes.
    let (setup, journal) = match &doc.body {
        Body::RaceForX { setup, journal } => (setup, journal),
    };
    out.push(SYSTEM_RACE_FOR_X);
    put(&mut out, &wire_meta(&doc.meta));
    put(&mut out, &wire_setup(setup));
    put(&mut out, &(journal.len() as u32));
    // Three columns: line heads with decision tags, decision data, dice.
    let mut args: Vec<u8> = Vec::new();
    let mut dice: Vec<Roll> = Vec::new();
    for action in journal {
        match action {
            Action::Undo => put(&mut out, &HEAD_UNDO),
            Action::Redo => put(&mut out, &HEAD_REDO),
            Action::Decide(entry) => {
                match entry.dice.first() {
                    None => put(&mut out, &HEAD_NO_DICE),
                    Some(first) => {
                        let code = roll_code(first);
                        let n = entry.dice.len() as u32;
                        if entry.dice.len() <= u16::MAX as usize && entry.dice.iter().all(|r| roll_code(r) == code) {
                            put(&mut out, &(HEAD_UNIFORM + ((n - 1) << 3 | code as u32)));
                        } else {
                            put(&mut out, &HEAD_MIXED);
                            put(&mut out, &n);
                            out.extend(entry.dice.iter().map(roll_code));
                        }
                    }
                }
                write_decision(&entry.decision, &mut out, &mut args);
                dice.extend_from_slice(&entry.dice);
            }
        }
    }
    out.extend_from_slice(&args);
    write_dice(&mut out, &dice);
    out
}

/// The dice section: nothing when no die was rolled; otherwise 0 and the values packed (see
/// `pack_dice`), or 1 and each value as a `u16` when some value is not a face of its die
/// (a damaged document, which will not replay; it is still written as it is).
fn write_dice(out: &mut Vec<u8>, dice: &[Roll]) {
    if dice.is_empty() {
        return;
    }
    if dice.iter().all(|r| (1..=r.die.sides()).contains(&r.value)) {
        out.push(0);
        pack_dice(out, dice);
    } else {
        out.push(1);
        for r in dice {
            put(out, &r.value);
        }
    }
}

/// The faces shown, less one, as the digits of a mixed-radix number whose radices are the
/// dice's sides, first die lowest. The digits go in chunks, each as many as fit below 2^128
/// (49 d6), each chunk little-endian in as few bytes as its largest value needs: a d6 costs
/// 2.61 bits, against log2 6 = 2.58 at best.
fn pack_dice(out: &mut Vec<u8>, dice: &[Roll]) {
    let mut i = 0;
    while i < dice.len() {
        let (mut product, mut value) = (1u128, 0u128);
        while let Some(r) = dice.get(i) {
            let Some(next) = product.checked_mul(r.die.sides() as u128) else { break };
            value += (r.value - 1) as u128 * product;
            product = next;
            i += 1;
        }
        out.extend_from_slice(&value.to_le_bytes()[..chunk_bytes(product)]);
    }
}

/// Bytes for the values below `product` (at least 3, the smallest die).
fn chunk_bytes(product: u128) -> usize {
    (128 - (product - 1).leading_zeros() as usize).div_ceil(8)
}

fn read_dice(r: &mut Reader<'_>, kinds: &[Die]) -> Result<Vec<u16>, LinkError> {
    if kinds.is_empty() {
        return Ok(Vec::new());
    }
    match r.byte()? {
        0 => {
            let mut values = Vec::with_capacity(kinds.len());
            let mut i = 0;
            while i < kinds.len() {
                let start = i;
                let mut product = 1u128;
                while let Some(die) = kinds.get(i) {
                    let Some(next) = product.checked_mul(die.sides() as u128) else { break };
                    product = next;
                    i += 1;
                }
                let n = chunk_bytes(product);
                if r.rest.len() < n {
                    return Err(LinkError::Corrupt);
                }
                let (bytes, rest) = r.rest.split_at(n);
                r.rest = rest;
                let mut le = [0u8; 16];
                le[..n].copy_from_slice(bytes);
                let mut value = u128::from_le_bytes(le);
                if value >= product {
                    return Err(LinkError::Corrupt);
                }
                for die in &kinds[start..i] {
                    let sides = die.sides() as u128;
                    values.push((value % sides) as u16 + 1);
                    value /= sides;
                }
            }
            Ok(values)
        }
        1 => kinds.iter().map(|_| r.take::<u16>()).collect(),
        _ => Err(LinkError::Corrupt),
    }
}

fn wire_meta(meta: &Meta) -> WireMeta {
    let id = if !meta.id.is_empty()
        && meta.id.len().is_multiple_of(2)
        && meta.id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    {
        WireId::Hex(
            meta.id
                .as_bytes()
                .chunks(2)
                .map(|p| (hex_value(p[0]) << 4) | hex_value(p[1]))
                .collect(),
        )
    } else {
        WireId::Text(meta.id.clone())
    };
    let whole = |t: f64| (t.is_finite() && t >= 0.0 && t.fract() == 0.0 && t <= (1u64 << 53) as f64).then_some(t as u64);
    let times = match (whole(meta.created), whole(meta.updated)) {
        (Some(c), Some(u)) if u >= c => WireTimes::Ms { created: c, later: u - c },
        _ => WireTimes::Exact { created: meta.created, updated: meta.updated },
    };
    WireMeta { id, name: meta.name.clone(), times }
}

fn hex_value(b: u8) -> u8 {
    if b.is_ascii_digit() { b - b'0' } else { b - b'a' + 10 }
}

fn meta_of(w: WireMeta) -> Result<Meta, LinkError> {
    let id = match w.id {
        WireId::Hex(bytes) => bytes.iter().map(|b| format!("{b:02x}")).collect(),
        WireId::Text(s) => s,
    };
    let (created, updated) = match w.times {
        WireTimes::Ms { created, later } => {
            let updated = created.checked_add(later).ok_or(LinkError::Corrupt)?;
            (created as f64, updated as f64)
        }
        WireTimes::Exact { created, updated } => (created, updated),
    };
    Ok(Meta { id, name: w.name, created, updated })
}

fn wire_setup(setup: &Setup) -> WireSetup {
    if *setup == sample::sample_setup() {
        return WireSetup::Sample;
    }
    let player = |p: &Player| {
        let orbat = match p.orbat.formations.first() {
            Some(f) if p.orbat == sample::russian_battalion(&f.name) => WireOrbat::SampleBattalion(f.name.clone()),
            _ => WireOrbat::Full {
                formations: p.orbat.formations.iter().map(|f| (f.name.clone(), codes::formation(f.kind), f.parent)).collect(),
                units: p
                    .orbat
                    .units
                    .iter()
                    .map(|u| WireUnit {
                        name: u.name.clone(),
                        kind: codes::unit(u.kind),
                        formation: u.formation,
                        stands: u.stands.iter().map(|s| (codes::stand(s.kind), s.label.clone())).collect(),
                    })
                    .collect(),
            },
        };
        WirePlayer { name: p.name.clone(), orbat }
    };
    let defence = if setup.defence == sample::small_defensive_orbats() {
        WireDefence::SampleSmall
    } else {
        WireDefence::Full(setup.defence.iter().map(|d| (codes::force(d.size), codes::option(d.option), d.lines.clone())).collect())
    };
    WireSetup::Parts {
        size: codes::size(setup.size),
        players: [player(&setup.players[0]), player(&setup.players[1])],
        defence,
    }
}

/// A code read from a link: unknown ones mean a damaged link.
fn code<T>(c: Option<T>) -> Result<T, LinkError> {
    c.ok_or(LinkError::Corrupt)
}

fn setup_of(w: WireSetup) -> Result<Setup, LinkError> {
    match w {
        WireSetup::Sample => Ok(sample::sample_setup()),
        WireSetup::Parts { size, players, defence } => {
            let mut read = Vec::with_capacity(2);
            for p in players {
                let orbat = match p.orbat {
                    WireOrbat::SampleBattalion(name) => sample::russian_battalion(&name),
                    WireOrbat::Full { formations, units } => Orbat {
                        formations: formations
                            .into_iter()
                            .map(|(name, kind, parent)| Ok(Formation { name, kind: code(codes::formation_of(kind))?, parent }))
                            .collect::<Result<_, LinkError>>()?,
                        units: units
                            .into_iter()
                            .map(|u| {
                                Ok(Unit {
                                    name: u.name,
                                    kind: code(codes::unit_of(u.kind))?,
                                    formation: u.formation,
                                    stands: u
                                        .stands
                                        .into_iter()
                                        .map(|(kind, label)| Ok(Stand { kind: code(codes::stand_of(kind))?, label }))
                                        .collect::<Result<_, LinkError>>()?,
                                })
                            })
                            .collect::<Result<_, LinkError>>()?,
                    },
                };
                read.push(Player { name: p.name, orbat });
            }
            let defence = match defence {
                WireDefence::SampleSmall => sample::small_defensive_orbats(),
                WireDefence::Full(d) => d
                    .into_iter()
                    .map(|(size, option, lines)| {
                        Ok(DefensiveOrbat { size: code(codes::force_of(size))?, option: code(codes::option_of(option))?, lines })
                    })
                    .collect::<Result<_, LinkError>>()?,
            };
            let [a, b]: [Player; 2] = read.try_into().map_err(|_| LinkError::Corrupt)?;
            Ok(Setup { size: code(codes::size_of(size))?, players: [a, b], defence })
        }
    }
}

/// A cursor over the payload.
struct Reader<'a> {
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take<T: DeserializeOwned>(&mut self) -> Result<T, LinkError> {
        let (value, rest) = postcard::take_from_bytes::<T>(self.rest).map_err(|_| LinkError::Corrupt)?;
        self.rest = rest;
        Ok(value)
    }
    fn byte(&mut self) -> Result<u8, LinkError> {
        let (&b, rest) = self.rest.split_first().ok_or(LinkError::Corrupt)?;
        self.rest = rest;
        Ok(b)
    }
}

/// A bound on the memory a replay takes, known before replaying. The engine keeps every
/// position of the history, and a position holds every finished part of a turn and every
/// note, so a short link of thousands of notes or empty turns would otherwise take
/// gigabytes. The estimate follows the measured cost (a 30-turn campaign: about 40 MB).
struct ReplayCost {
    /// Bytes of one position: the fixed part, the per-stand flags, parts and texts so far.
    per_state: usize,
    total: usize,
}

impl ReplayCost {
    fn add_state(&mut self) -> Result<(), LinkError> {
        self.total = self.total.saturating_add(self.per_state);
        if self.total > MAX_REPLAY_COST {
            return Err(LinkError::TooLarge);
        }
        Ok(())
    }
    fn add(&mut self, d: &Decision) -> Result<(), LinkError> {
        self.per_state = self.per_state.saturating_add(match d {
            // Each part of a turn ends with the recovery roll and stays in every later position.
            Decision::RollRecovery => 512,
            Decision::Note { text } => 64 + text.len(),
            Decision::NameObjectives { names } => 128 + names[0].len() + names[1].len(),
            Decision::FieldForces { units } => 2 * units.len(),
            Decision::RecordOutcome(o) => 32 + 6 * o.killed.len(),
            _ => 0,
        });
        self.add_state()
    }
}

/// One journal line as read from the heads column.
enum Line {
    Undo,
    Redo,
    Decide(u8, Vec<(Die, Roller)>),
}

/// Reads a payload (see `payload`) and replays it. Exposed for tests.
pub fn from_payload(bytes: &[u8]) -> Result<Document, LinkError> {
    let mut r = Reader { rest: bytes };
    if r.byte()? != SYSTEM_RACE_FOR_X {
        return Err(LinkError::Corrupt);
    }
    let meta = meta_of(r.take::<WireMeta>()?)?;
    let setup = setup_of(r.take::<WireSetup>()?)?;
    let orbats = setup.players.iter().map(|p| &p.orbat);
    if orbats.clone().any(|o| o.units.len() > MAX_UNITS || o.formations.len() > MAX_UNITS || o.units.iter().any(|u| u.stands.len() > MAX_STANDS)) {
        return Err(LinkError::TooLarge);
    }
    let stands: usize = orbats.map(|o| o.units.len() + o.stand_count()).sum();
    let count = r.take::<u32>()? as usize;
    if count > MAX_LINES {
        return Err(LinkError::TooLarge);
    }
    // Every line takes at least one byte; a bigger count is a damaged link.
    if count > r.rest.len() {
        return Err(LinkError::Corrupt);
    }
    let mut lines = Vec::with_capacity(count);
    let mut kinds: Vec<Die> = Vec::new();
    for _ in 0..count {
        let head = r.take::<u32>()?;
        let rolls: Vec<(Die, Roller)> = match head {
            HEAD_UNDO => {
                lines.push(Line::Undo);
                continue;
            }
            HEAD_REDO => {
                lines.push(Line::Redo);
                continue;
            }
            HEAD_NO_DICE => Vec::new(),
            HEAD_MIXED => {
                let n = r.take::<u32>()? as usize;
                if n > r.rest.len() {
                    return Err(LinkError::Corrupt);
                }
                (0..n)
                    .map(|_| match r.byte()? {
                        code @ 0..=7 => Ok(roll_kind(code)),
                        _ => Err(LinkError::Corrupt),
                    })
                    .collect::<Result<_, _>>()?
            }
            h => {
                let h = h - HEAD_UNIFORM;
                let n = (h >> 3) as usize + 1;
                if n > u16::MAX as usize || n > DICE_PER_BYTE * r.rest.len() {
                    return Err(LinkError::Corrupt);
                }
                vec![roll_kind((h & 0x7) as u8); n]
            }
        };
        kinds.extend(rolls.iter().map(|k| k.0));
        // Even packed, a die takes more than a sixth of a byte.
        if kinds.len() > DICE_PER_BYTE * r.rest.len() {
            return Err(LinkError::Corrupt);
        }
        lines.push(Line::Decide(r.byte()?, rolls));
    }
    let mut decided = Vec::with_capacity(lines.len());
    let mut cost = ReplayCost { per_state: 256 + 32 * stands, total: 0 };
    for line in lines {
        decided.push(match line {
            Line::Undo => None,
            Line::Redo => {
                cost.add_state()?;
                Some(None)
            }
            Line::Decide(tag, rolls) => {
                let decision = read_decision(tag, &mut r)?;
                cost.add(&decision)?;
                Some(Some((decision, rolls)))
            }
        });
    }
    let mut values = read_dice(&mut r, &kinds)?.into_iter();
    let journal: Vec<Action<Decision>> = decided
        .into_iter()
        .map(|line| match line {
            None => Action::Undo,
            Some(None) => Action::Redo,
            Some(Some((decision, rolls))) => {
                let dice = rolls
                    .into_iter()
                    .map(|(die, by)| Roll { die, value: values.next().expect("one value per die"), by })
                    .collect();
                Action::Decide(Entry { decision, dice })
            }
        })
        .collect();
    if !r.rest.is_empty() {
        return Err(LinkError::Corrupt);
    }
    let doc = Document { format: FORMAT, meta, body: Body::RaceForX { setup, journal } };
    doc.open().map_err(|e| match e {
        super::LoadError::DoesNotReplay(why) => LinkError::DoesNotReplay(why),
        other => LinkError::DoesNotReplay(other.to_string()),
    })?;
    Ok(doc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_is_the_standard_one() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn heads_fit_one_byte_for_common_rolls() {
        let mut out = Vec::new();
        // 15 d6 typed at the table.
        put(&mut out, &(HEAD_UNIFORM + ((15 - 1) << 3 | (1 << 1 | 1))));
        assert_eq!(out.len(), 1);
    }
}
