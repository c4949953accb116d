//! Race for X's setup as choices (`engine::Grammar::setup`): the built-in sample as one flag,
//! otherwise each part against the sample's, in full only where it differs. Frozen with link
//! version 1 (released as a hand-written coder, now this grammar, coding the same bytes): the
//! order of the choices, the contexts in `grammar` and the code lists below.
//!
//! The references are to `sample` as released with link version 1: the sample is part of the
//! released app and must never change (a test checks it against the format-1 fixture). A new
//! sample would need a new link version.

use super::grammar::{
    AS_SAMPLE_DEFENCE, AS_SAMPLE_FORMATION, AS_SAMPLE_STANDS, AS_SAMPLE_UNIT, COUNTS, HAS_FORMATION, INDEX,
    MAX_DECODED, MAX_STANDS, MAX_UNITS, SAMPLE, SAMPLE_BATTALION, SAMPLE_DEFENCE,
};
use super::tables::{CampaignSize, DefenceOption, ForceSize};
use super::{sample, DefensiveOrbat, Formation, FormationKind, Orbat, Player, Setup, Stand, StandKind, Unit, UnitKind};
use crate::engine::grammar::{maybe, one_of, small};
use crate::engine::Chooser;

// The codes of link version 1: each kind is coded as its place in its list, uniform.
const SIZES: [CampaignSize; 4] = [CampaignSize::Small, CampaignSize::Medium, CampaignSize::Large, CampaignSize::Huge];
const FORCES: [ForceSize; 6] =
    [ForceSize::S1, ForceSize::S2, ForceSize::S3, ForceSize::S4, ForceSize::S5, ForceSize::S10];
const OPTIONS: [DefenceOption; 2] = [DefenceOption::A, DefenceOption::B];
const FORMATION_KINDS: [FormationKind; 2] = [FormationKind::Company, FormationKind::Battalion];
const UNIT_KINDS: [UnitKind; 4] = [UnitKind::RiflePlatoon, UnitKind::Hq, UnitKind::CrewServed, UnitKind::Vehicle];
const STAND_KINDS: [StandKind; 8] = [
    StandKind::Squad,
    StandKind::CrewServed,
    StandKind::Vehicle,
    StandKind::Pc,
    StandKind::Cc,
    StandKind::Bc,
    StandKind::Rc,
    StandKind::Fo,
];

/// The setup: a flag "the sample"; otherwise the size, each player's name and orbat (a flag
/// "the sample battalion named …", or in full), the defensive orbats (a flag "the sample's",
/// or a count and each with a flag "as the sample's", or in full). Reading, a spelling the
/// writer never uses (a part in full that equals the sample's) is refused.
pub fn setup<C: Chooser>(c: &mut C, given: Option<&Setup>) -> Result<Setup, C::Error> {
    let reading = given.is_none();
    if c.flag(SAMPLE, given.map(|s| *s == sample::sample_setup()))? {
        return Ok(sample::sample_setup());
    }
    let size = one_of(c, &SIZES, given.map(|s| &s.size))?;
    let mut players = Vec::with_capacity(2);
    for i in 0..2 {
        let p = given.map(|s| &s.players[i]);
        let name = c.text(p.map(|p| &*p.name))?;
        let battalion = p.map(|p| match p.orbat.formations.first() {
            Some(f) if p.orbat == sample::russian_battalion(&f.name) => Some(&*f.name),
            _ => None,
        });
        let orbat = if c.flag(SAMPLE_BATTALION, battalion.map(|b| b.is_some()))? {
            sample::russian_battalion(&c.text(battalion.flatten())?)
        } else {
            let orbat = orbat(c, p.map(|p| &p.orbat))?;
            if reading && orbat.formations.first().is_some_and(|f| orbat == sample::russian_battalion(&f.name)) {
                return Err(c.refuse());
            }
            orbat
        };
        players.push(Player { name, orbat });
    }
    let reference = sample::small_defensive_orbats();
    let defence = if c.flag(SAMPLE_DEFENCE, given.map(|s| s.defence == reference))? {
        reference
    } else {
        // Orbat by orbat against the sample's: a flag "as the sample's", or in full.
        let list = given.map(|s| &s.defence[..]);
        let n = c.count(COUNTS, list.map(<[_]>::len), MAX_DECODED)?;
        let mut defence = Vec::with_capacity(n.min(16));
        for i in 0..n {
            let d = list.and_then(|l| l.get(i));
            if let Some(same) = reference.get(i) {
                if c.flag(AS_SAMPLE_DEFENCE, given.map(|_| d == Some(same)))? {
                    defence.push(same.clone());
                    continue;
                }
            }
            let size = one_of(c, &FORCES, d.map(|d| &d.size))?;
            let option = one_of(c, &OPTIONS, d.map(|d| &d.option))?;
            let lines = d.map(|d| &d.lines[..]);
            let k = c.count(COUNTS, lines.map(<[_]>::len), MAX_DECODED)?;
            let lines = (0..k).map(|j| c.text(lines.map(|l| &*l[j]))).collect::<Result<_, _>>()?;
            defence.push(DefensiveOrbat { size, option, lines });
        }
        if reading && defence == reference {
            return Err(c.refuse());
        }
        defence
    };
    let [a, b]: [Player; 2] = players.try_into().map_err(|_| c.refuse())?;
    let setup = Setup { size, players: [a, b], defence };
    if reading && setup == sample::sample_setup() {
        return Err(c.refuse());
    }
    Ok(setup)
}

/// An orbat in full, item by item against the sample battalion named as its first
/// formation: a flag "as the sample's" for each formation after the first and each unit
/// (and, for a unit that differs, for its stands), with the item in full where it differs.
fn orbat<C: Chooser>(c: &mut C, given: Option<&Orbat>) -> Result<Orbat, C::Error> {
    let list = given.map(|o| &o.formations[..]);
    let n = c.count(COUNTS, list.map(<[_]>::len), MAX_UNITS)?;
    let mut formations: Vec<Formation> = Vec::with_capacity(n.min(MAX_UNITS));
    let mut reference: Option<Orbat> = None;
    for i in 0..n {
        let f = list.and_then(|l| l.get(i));
        if let Some(same) = reference.as_ref().and_then(|r| r.formations.get(i)) {
            if c.flag(AS_SAMPLE_FORMATION, given.map(|_| f == Some(same)))? {
                formations.push(same.clone());
                continue;
            }
        }
        let name = c.text(f.map(|f| &*f.name))?;
        let kind = one_of(c, &FORMATION_KINDS, f.map(|f| &f.kind))?;
        let parent = formation_ref(c, f.map(|f| f.parent))?;
        if i == 0 {
            reference = Some(sample::russian_battalion(&name));
        }
        formations.push(Formation { name, kind, parent });
    }
    let reference = reference.unwrap_or_else(|| sample::russian_battalion(""));
    let list = given.map(|o| &o.units[..]);
    let n = c.count(COUNTS, list.map(<[_]>::len), MAX_UNITS)?;
    let mut units = Vec::with_capacity(n.min(MAX_UNITS));
    for i in 0..n {
        let u = list.and_then(|l| l.get(i));
        let same = reference.units.get(i);
        if let Some(same) = same {
            if c.flag(AS_SAMPLE_UNIT, given.map(|_| u == Some(same)))? {
                units.push(same.clone());
                continue;
            }
        }
        let name = c.text(u.map(|u| &*u.name))?;
        let kind = one_of(c, &UNIT_KINDS, u.map(|u| &u.kind))?;
        let formation = formation_ref(c, u.map(|u| u.formation))?;
        let stands_given = u.map(|u| &u.stands[..]);
        if let Some(same) = same {
            if c.flag(AS_SAMPLE_STANDS, stands_given.map(|s| s == &same.stands[..]))? {
                units.push(Unit { name, kind, formation, stands: same.stands.clone() });
                continue;
            }
        }
        let k = c.count(COUNTS, stands_given.map(<[_]>::len), MAX_STANDS)?;
        let mut stands = Vec::with_capacity(k.min(MAX_STANDS));
        for j in 0..k {
            let s = stands_given.and_then(|l| l.get(j));
            let kind = one_of(c, &STAND_KINDS, s.map(|s| &s.kind))?;
            let label = c.text(s.map(|s| &*s.label))?;
            stands.push(Stand { kind, label });
        }
        units.push(Unit { name, kind, formation, stands });
    }
    Ok(Orbat { formations, units })
}

/// A formation's place in the orbat, if any: a flag, then the index (a number).
fn formation_ref<C: Chooser>(c: &mut C, given: Option<Option<u16>>) -> Result<Option<u16>, C::Error> {
    maybe(c, HAS_FORMATION, given.as_ref().map(Option::as_ref), |c, f| small(c, INDEX, f.copied()))
}
