//! The forces an attacker may field, as pure checks: `check_forces`, what `rules::apply` asks
//! of a `FieldForces` decision, and `completable`, whether a choice begun (units decided in,
//! units decided out) can still end in a set `check_forces` accepts. The link grammar walks
//! the units asking `completable` of each, so it offers only lawful sets without restating
//! the HQ deployment rule (`rules::required_hqs`).

use super::orbat::{FormationKind, Orbat, StandKind};
use super::rules::{fieldable, fieldable_units, required_hqs, RuleError};
use super::state::PlayerState;

/// Whether `units` may be fielded when `allowed` units are to be: each a unit with stands
/// left, none twice, exactly `allowed` of them, and every HQ the deployment rule forces
/// among them.
pub fn check_forces(orbat: &Orbat, p: &PlayerState, allowed: usize, units: &[u16]) -> Result<(), RuleError> {
    let mut seen = Vec::new();
    for &u in units {
        let unit = orbat.units.get(u as usize).ok_or(RuleError::UnknownUnit(u))?;
        if seen.contains(&u) {
            return Err(RuleError::UnitTwice(unit.name.clone()));
        }
        if !fieldable(p, u as usize) {
            return Err(RuleError::UnitWithoutStands(unit.name.clone()));
        }
        seen.push(u);
    }
    if units.len() != allowed {
        return Err(RuleError::WrongUnitCount { expected: allowed, got: units.len() });
    }
    if let Some(&hq) = required_hqs(orbat, p, units).iter().find(|hq| !units.contains(hq)) {
        return Err(RuleError::CommanderRequired { hq: orbat.units[hq as usize].name.clone() });
    }
    Ok(())
}

/// Whether some set of `allowed` units that `check_forces` accepts holds every unit of
/// `chosen` and none of `refused`. A depth-first search over the fieldable units in order
/// (each in, then out), growing each set by the HQs the deployment rule forces on it (the
/// rule only forces more as more units are fielded), and each set found checked by
/// `check_forces`. Its work is bounded (`WALK_WORK`): past it the answer is no, which can
/// only leave a lawful set out, never let an unlawful one in; and the search from a choice
/// one unit further on is part of this one's, so a walk that asks this at each unit never
/// finds every way on closed.
///
/// Its answers are part of the link format (they shape the forces' bits of code 8), so they
/// stay the search's, bound and all. Only where no lawful set exists at all, which
/// `lawful_set` can prove far more cheaply, is the search (which would answer no, having
/// spent its whole bound looking) skipped.
pub fn completable(orbat: &Orbat, p: &PlayerState, allowed: usize, chosen: &[u16], refused: &[u16]) -> bool {
    let fieldable = fieldable_units(orbat, p);
    let rule = Rule::new(orbat, p);
    if lawful_set(orbat, &rule, allowed, &fieldable, chosen, refused) == Some(false) {
        return false;
    }
    let mut budget = WALK_WORK / (2 * fieldable.len()).max(1);
    if orbat.units.len() <= MASK_UNITS {
        // `chosen` is of distinct fieldable units, none refused (`lawful_set` said no else), so
        // as masks the search takes the same steps.
        let bits = |units: &[u16]| mask(units.iter().map(|&u| u as usize));
        let run = orbat.units.len() * orbat.units.len() + 1;
        let question = Question { rule: &rule, allowed, fieldable: bits(&fieldable), run };
        return question.search(bits(chosen), bits(refused), &mut budget);
    }
    search(orbat, &rule, p, allowed, &fieldable, chosen.to_vec(), &mut refused.to_vec(), &mut budget)
}

/// A force to offer the attacker: `allowed` units that `check_forces` accepts, the ones the
/// text would have him field first. "A player will want to rotate the units fielded thus using
/// those that are still full-strength": units at full strength come first, then the others by
/// the share of their stands left; within each, units that command nothing before HQs, which
/// the deployment rule brings in with their troops (`required_hqs`); then the orbat's order.
/// Each unit in that order is taken with the HQs it forces if some lawful set still holds them
/// all (`completable`), else passed over. Should that order end in no lawful set (the search's
/// bound), the orbat's own order is walked the same way; `None` only when neither finds one.
pub fn suggested_forces(orbat: &Orbat, p: &PlayerState, allowed: usize) -> Option<Vec<u16>> {
    let fieldable = fieldable_units(orbat, p);
    let strength = |u: u16| (p.alive_in(u as usize), orbat.units[u as usize].stands.len());
    let mut preferred = fieldable.clone();
    crate::engine::order::sort_by(&mut preferred, |&a, &b| {
        let ((alive_a, all_a), (alive_b, all_b)) = (strength(a), strength(b));
        let hq = |u: u16| orbat.commanded_formation(u as usize).is_some();
        (alive_a < all_a)
            .cmp(&(alive_b < all_b))
            .then_with(|| (alive_b * all_a).cmp(&(alive_a * all_b)))
            .then_with(|| hq(a).cmp(&hq(b)))
    });
    [preferred, fieldable].iter().find_map(|order| walk_for_forces(orbat, p, allowed, order))
}

/// The units of `order` taken one by one while a lawful set of `allowed` can still hold them
/// and the HQs they force; the set found if `check_forces` accepts it.
fn walk_for_forces(orbat: &Orbat, p: &PlayerState, allowed: usize, order: &[u16]) -> Option<Vec<u16>> {
    let (mut chosen, mut refused) = (Vec::new(), Vec::new());
    for &u in order {
        if chosen.len() >= allowed {
            break;
        }
        if chosen.contains(&u) {
            continue;
        }
        let mut with = chosen.clone();
        with.push(u);
        loop {
            let forced: Vec<u16> = required_hqs(orbat, p, &with).into_iter().filter(|h| !with.contains(h)).collect();
            if forced.is_empty() {
                break;
            }
            with.extend(forced);
        }
        if with.len() <= allowed && completable(orbat, p, allowed, &with, &refused) {
            chosen = with;
        } else {
            refused.push(u);
        }
    }
    crate::engine::order::sort(&mut chosen);
    check_forces(orbat, p, allowed, &chosen).is_ok().then_some(chosen)
}

/// A set of units as the bits of a mask, for orbats of at most `MASK_UNITS` units.
type Mask = u128;
const MASK_UNITS: usize = 128;

fn mask(units: impl IntoIterator<Item = usize>) -> Mask {
    units.into_iter().filter(|&u| u < MASK_UNITS).fold(0, |m, u| m | 1 << u)
}

/// `search` over masks: the same sets in the same order, the same work counted, for orbats of
/// at most `MASK_UNITS` units.
struct Question<'a> {
    rule: &'a Rule,
    allowed: usize,
    fieldable: Mask,
    /// The work of a run of the rule, as `search` counts it.
    run: usize,
}

impl Question<'_> {
    fn search(&self, mut set: Mask, refused: Mask, budget: &mut usize) -> bool {
        loop {
            if set.count_ones() as usize > self.allowed || set & refused != 0 {
                return false;
            }
            if *budget < self.run {
                return false;
            }
            *budget -= self.run;
            let forced = self.rule.forced_mask(set) & !set;
            if forced == 0 {
                break;
            }
            set |= forced;
        }
        if set.count_ones() as usize == self.allowed {
            // `check_forces`: units with stands left (distinct, as bits are), every HQ forced.
            return set & !self.fieldable == 0 && self.rule.forced_mask(set) & !set == 0;
        }
        let free = self.fieldable & !set & !refused;
        if set.count_ones() + free.count_ones() < self.allowed as u32 {
            return false;
        }
        if free == 0 {
            return false;
        }
        // The first free unit in the fieldable order (the units' own).
        let next: Mask = 1 << free.trailing_zeros();
        self.search(set | next, refused, budget) || self.search(set, refused | next, budget)
    }
}

/// The deployment rule (`rules::required_hqs`) read once for one orbat and player's losses,
/// so that each run of it during a search costs a count over a few units rather than a pass
/// over the whole orbat per HQ: the same HQs forced, in the same order, for every set.
struct Rule {
    units: usize,
    /// Each HQ the rule may force (with stands left, commanding a company or battalion), in
    /// unit order, and what forces it.
    hqs: Vec<(u16, Forcing)>,
    /// The same as masks.
    masks: Vec<HqMasks>,
}

/// An HQ as a mask and what forces it: a CC's one group of units or a BC's companies, each
/// group a mask with its size.
struct HqMasks {
    hq: Mask,
    cc: bool,
    groups: Vec<(Mask, usize)>,
}

enum Forcing {
    /// A CC: half or more of these units (its company's others).
    Units(Vec<usize>),
    /// A BC: half or more of these companies, each fielded when half or more of its units are.
    Companies(Vec<Vec<usize>>),
}

impl Forcing {
    /// Its groups of units as masks, each with its size.
    fn masks(&self) -> Vec<(Mask, usize)> {
        match self {
            Forcing::Units(units) => vec![(mask(units.iter().copied()), units.len())],
            Forcing::Companies(cs) => cs.iter().map(|c| (mask(c.iter().copied()), c.len())).collect(),
        }
    }
}

/// Half or more of `part` out of `whole` (as the rule counts).
fn half_or_more(part: usize, whole: usize) -> bool {
    whole > 0 && part * 2 >= whole
}

impl Rule {
    fn new(orbat: &Orbat, p: &PlayerState) -> Rule {
        let of = |f: u16| (0..orbat.units.len()).filter(move |&u| orbat.units[u].formation == Some(f));
        let mut hqs = Vec::new();
        for (hq, unit) in orbat.units.iter().enumerate() {
            let Some(f) = orbat.commanded_formation(hq) else { continue };
            if p.alive_in(hq) == 0 {
                continue;
            }
            let forcing = match unit.commander() {
                Some(StandKind::Cc) => Forcing::Units(of(f).filter(|&u| u != hq).collect()),
                Some(StandKind::Bc) => Forcing::Companies(
                    (0..orbat.formations.len() as u16)
                        .filter(|&c| {
                            orbat.formations[c as usize].kind == FormationKind::Company
                                && orbat.formations[c as usize].parent == Some(f)
                        })
                        .map(|c| of(c).collect())
                        .collect(),
                ),
                _ => continue,
            };
            hqs.push((hq as u16, forcing));
        }
        let masks = hqs
            .iter()
            .map(|(hq, f)| HqMasks {
                hq: 1 << (*hq as usize % MASK_UNITS),
                cc: matches!(f, Forcing::Units(_)),
                groups: f.masks(),
            })
            .collect();
        Rule { units: orbat.units.len(), hqs, masks }
    }

    /// `forced` of a set as a mask (orbats of at most `MASK_UNITS` units).
    fn forced_mask(&self, set: Mask) -> Mask {
        let fielded = |&(m, len): &(Mask, usize)| half_or_more((set & m).count_ones() as usize, len);
        let mut forced = 0;
        for h in &self.masks {
            let on = if h.cc {
                h.groups.iter().all(fielded)
            } else {
                half_or_more(h.groups.iter().filter(|g| fielded(g)).count(), h.groups.len())
            };
            if on {
                forced |= h.hq;
            }
        }
        forced
    }

    /// `rules::required_hqs` of `set`.
    fn forced(&self, set: &[u16]) -> Vec<u16> {
        let mut on = vec![false; self.units];
        for &u in set {
            if let Some(x) = on.get_mut(u as usize) {
                *x = true;
            }
        }
        let count = |units: &[usize]| units.iter().filter(|&&u| on[u]).count();
        let fielded = |units: &Vec<usize>| half_or_more(count(units), units.len());
        self.hqs
            .iter()
            .filter(|(_, f)| match f {
                Forcing::Units(units) => fielded(units),
                Forcing::Companies(cs) => half_or_more(cs.iter().filter(|c| fielded(c)).count(), cs.len()),
            })
            .map(|(hq, _)| *hq)
            .collect()
    }

    /// `check_forces(..).is_ok()`: each a unit with stands left, none twice, `allowed` of them,
    /// every HQ forced among them.
    fn lawful(&self, p: &PlayerState, allowed: usize, set: &[u16]) -> bool {
        set.len() == allowed
            && set
                .iter()
                .enumerate()
                .all(|(i, &u)| (u as usize) < self.units && p.alive_in(u as usize) > 0 && !set[..i].contains(&u))
            && self.forced(set).iter().all(|h| set.contains(h))
    }
}

/// The work of the searches of one walk over the units (two a unit), counted as the square of
/// the orbat's size for each run of the deployment rule (about what one costs): a thousand
/// runs a search for a battalion of 20 units, where an answer takes a few dozen, and none for
/// an orbat of hundreds (whose forces then go as a plain journal), so reading a crafted link
/// stays quick.
const WALK_WORK: usize = 1 << 24;

#[allow(clippy::too_many_arguments)]
fn search(
    orbat: &Orbat,
    rule: &Rule,
    p: &PlayerState,
    allowed: usize,
    fieldable: &[u16],
    mut set: Vec<u16>,
    refused: &mut Vec<u16>,
    budget: &mut usize,
) -> bool {
    let run = orbat.units.len() * orbat.units.len() + 1;
    loop {
        if set.len() > allowed || set.iter().any(|u| refused.contains(u)) {
            return false;
        }
        if *budget < run {
            return false;
        }
        *budget -= run;
        let forced: Vec<u16> = rule.forced(&set).into_iter().filter(|u| !set.contains(u)).collect();
        if forced.is_empty() {
            break;
        }
        set.extend(forced);
    }
    if set.len() == allowed {
        return rule.lawful(p, allowed, &set);
    }
    let free = fieldable.iter().filter(|u| !set.contains(u) && !refused.contains(u)).count();
    if set.len() + free < allowed {
        return false;
    }
    let Some(&next) = fieldable.iter().find(|u| !set.contains(u) && !refused.contains(u)) else {
        return false;
    };
    let mut with = set.clone();
    with.push(next);
    if search(orbat, rule, p, allowed, fieldable, with, refused, budget) {
        return true;
    }
    refused.push(next);
    let found = search(orbat, rule, p, allowed, fieldable, set, refused, budget);
    refused.pop();
    found
}

/// Whether a set `check_forces` accepts holds every unit of `chosen` and none of `refused`,
/// decided exactly, or `None` past its bound (as many runs of the rule as the search may make). Two facts of the deployment rule
/// (`required_hqs`) make it a small search: a unit that commands no formation counts only by
/// the formation it belongs to, so such units of one formation are interchangeable and only
/// how many are fielded matters; and the rule is monotone (more units fielded never force
/// fewer HQs). So each way of taking the HQs still open in or out is tried, and then counts of
/// the other units, formation by formation: once the HQs forced are not all in the set, no
/// more of those units can mend it, which cuts that count and every larger one.
fn lawful_set(
    orbat: &Orbat,
    rule: &Rule,
    allowed: usize,
    fieldable: &[u16],
    chosen: &[u16],
    refused: &[u16],
) -> Option<bool> {
    for (i, u) in chosen.iter().enumerate() {
        // A unit without stands, twice, or refused too: `check_forces` refuses every set.
        if !fieldable.contains(u) || chosen[..i].contains(u) || refused.contains(u) {
            return Some(false);
        }
    }
    let free: Vec<u16> = fieldable.iter().copied().filter(|u| !chosen.contains(u) && !refused.contains(u)).collect();
    if chosen.len() > allowed || chosen.len() + free.len() < allowed {
        return Some(false);
    }
    let commands = |u: &u16| orbat.commanded_formation(*u as usize).is_some();
    let hqs: Vec<u16> = free.iter().copied().filter(commands).collect();
    if hqs.len() > MOST_OPEN_HQS {
        return None;
    }
    // The other free units by the formation they belong to.
    let mut groups: Vec<(Option<u16>, Vec<u16>)> = Vec::new();
    for u in free.iter().copied().filter(|u| !commands(u)) {
        let f = orbat.units[u as usize].formation;
        match groups.iter_mut().find(|g| g.0 == f) {
            Some(g) => g.1.push(u),
            None => groups.push((f, vec![u])),
        }
    }
    let groups: Vec<Vec<u16>> = groups.into_iter().map(|g| g.1).collect();
    let room: usize = groups.iter().map(Vec::len).sum();
    // Never more runs of the rule than the search's own bound allows it.
    let run = orbat.units.len() * orbat.units.len() + 1;
    let mut work = WALK_WORK / (2 * fieldable.len()).max(1) / run;
    for mask in 0..1u32 << hqs.len() {
        let mut set = chosen.to_vec();
        set.extend(hqs.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, u)| *u));
        if set.len() > allowed || set.len() + room < allowed {
            continue;
        }
        match closed(rule, &set, &mut work) {
            None => return None,
            Some(false) => continue,
            Some(true) => {}
        }
        let need = allowed - set.len();
        match fill(rule, &groups, need, &mut set, &mut work) {
            Some(false) => {}
            found => return found,
        }
    }
    Some(false)
}

/// HQs still open past which `lawful_set` does not look (two ways each).
const MOST_OPEN_HQS: usize = 10;

/// Whether the rule forces no HQ beyond `set`: a run of it, counted against `work`.
fn closed(rule: &Rule, set: &[u16], work: &mut usize) -> Option<bool> {
    *work = work.checked_sub(1)?;
    if rule.units <= MASK_UNITS {
        let m = set.iter().fold(0 as Mask, |m, &u| m | 1 << u);
        return Some(rule.forced_mask(m) & !m == 0);
    }
    Some(rule.forced(set).iter().all(|h| set.contains(h)))
}

/// Whether `need` more units from `groups` (each group's units interchangeable) can be added to
/// `set`, which the rule is closed on, so that it stays closed. `set` is as it was on return.
fn fill(rule: &Rule, groups: &[Vec<u16>], need: usize, set: &mut Vec<u16>, work: &mut usize) -> Option<bool> {
    let Some((first, rest)) = groups.split_first() else { return Some(need == 0) };
    if need == 0 {
        return Some(true);
    }
    let room: usize = rest.iter().map(Vec::len).sum();
    let (lo, hi) = (need.saturating_sub(room), need.min(first.len()));
    let base = set.len();
    let mut found = Some(false);
    for n in lo..=hi {
        set.truncate(base);
        set.extend(&first[..n]);
        match closed(rule, set, work) {
            None => {
                found = None;
                break;
            }
            // More of this group cannot mend a set the rule is not closed on (monotone).
            Some(false) => break,
            Some(true) => {}
        }
        found = fill(rule, rest, need - n, set, work);
        if found != Some(false) {
            break;
        }
    }
    set.truncate(base);
    found
}
