//! Links as older apps wrote them (`encode_older`): for the fixtures that hold every released
//! link version to what it decodes to. The app never writes these.

use super::range::Encoder;
use super::*;

/// A campaign link as an older app wrote it, through a coding this app only reads now (`code`:
/// 0 Race for X through link version 1's grammar, 1 any other system as JSON text, 2 night
/// scouting and 3 Axis of Attack through link version 2's grammars); `None` where that coding
/// cannot express the campaign. For the fixtures that hold each released version to what it
/// decodes to (`tests/every_system.rs`); the app never writes these.
#[doc(hidden)]
pub fn encode_older(doc: &Document, code: u32) -> Option<String> {
    let system = doc.body.system();
    let fits = match code {
        SYSTEM_RACE_FOR_X => system == SystemId::RaceForX,
        SYSTEM_JSON => system != SystemId::RaceForX,
        SYSTEM_SCOUTING => system == SystemId::CrossfireScouting,
        SYSTEM_AXIS_OF_ATTACK => system == SystemId::AxisOfAttack,
        _ => false,
    };
    if !fits || body_fits(&doc.body).is_err() {
        return None;
    }
    let mut e = Encoder::new();
    code_document(&mut e, Some(doc), code != SYSTEM_JSON, Some(code)).ok()?;
    let bytes = e.finish();
    let made = seal_as(&bytes, version_of(&bytes));
    // A coding that cannot say the campaign writes something else (a plain journal, another
    // system's framing): only what reads back to the same campaign is that version's link.
    (decode(&made).ok()?.body == doc.body).then_some(made)
}
