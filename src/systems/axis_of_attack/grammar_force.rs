//! Axis of Attack's grammar, its force lists (link version 4): only lists `check_force` takes.
//! The VP for points within what the player holds, the points within what they allow; each
//! platoon the rules let field (`fieldable`), with teams within its range and carried where the
//! mobility rule says so (`must_be_carried`), at least one; air support only for a company that
//! bought some, a load only for a profile that names one (`takes_load`); and a VP option the
//! player may buy (`option_allowed`), with the VP left, never beside air support it would bar
//! (`bars_air`), for platoons it may name (`option_takes`). Also the ways of choosing the
//! grammar's other parts share: `bounded` and `subset`.

use super::company::Setup;
use super::helpers::*;
use super::lists::{bars_air, takes_load};
use super::state::{AirUse, Fielded, ForceList, GameOption, Side, State};
use super::tables::{self, AirProfile, OptionKind, Ordnance};
use crate::engine::grammar::{maybe, one_of};
use crate::engine::Chooser;

// Contexts, from 16 (`grammar.rs` has those below).
const VP_FOR_POINTS: u16 = 16;
const POINTS_BELOW: u16 = 17;
const FIELDED: u16 = 18;
const SHORT: u16 = 19;
const TRANSPORTED: u16 = 20;
const AIR: u16 = 21;
const LOAD: u16 = 22;
const OPTION: u16 = 23;
const OPTION_PLATOONS: u16 = 24;
const SHOOTS: u16 = 25;

/// A number from 0 to `most`, small ones cheap; writing, refused past `most`.
pub(super) fn bounded<C: Chooser>(c: &mut C, ctx: u16, most: u16, given: Option<u16>) -> Result<u16, C::Error> {
    if given.is_some_and(|g| g > most) {
        return Err(c.refuse());
    }
    let n = c.count(ctx, given.map(usize::from), most.into())?;
    u16::try_from(n).ok().filter(|&n| n <= most).ok_or_else(|| c.refuse())
}

/// Some of `from`, in its order, a flag each: at most `most`, and at least one when `one` (the
/// last flag is then forced). Writing, a list not so ordered is refused.
pub(super) fn subset<C: Chooser>(
    c: &mut C,
    ctx: u16,
    from: &[u16],
    most: usize,
    one: bool,
    given: Option<&[u16]>,
) -> Result<Vec<u16>, C::Error> {
    if let Some(g) = given {
        let mut at = 0;
        for x in g {
            at += from[at..].iter().position(|y| y == x).ok_or_else(|| c.refuse())? + 1;
        }
    }
    let mut chosen = Vec::new();
    for (k, &x) in from.iter().enumerate() {
        let wanted = given.map(|g| g.contains(&x));
        if chosen.len() >= most {
            if wanted == Some(true) {
                return Err(c.refuse());
            }
            continue;
        }
        let take = if one && chosen.is_empty() && k + 1 == from.len() {
            if wanted == Some(false) {
                return Err(c.refuse());
            }
            true
        } else {
            c.flag(ctx, wanted)?
        };
        if take {
            chosen.push(x);
        }
    }
    if one && chosen.is_empty() {
        return Err(c.refuse());
    }
    Ok(chosen)
}

/// A force list `check_force` takes for `side` now.
pub(super) fn force<C: Chooser>(
    c: &mut C,
    setup: &Setup,
    s: &State,
    side: Side,
    g: Option<&ForceList>,
) -> Result<ForceList, C::Error> {
    let balance = s.balance(side).max(0);
    let most = balance.min(tables::MAX_VP_FOR_POINTS.into()) as u16;
    let vp_for_points = bounded(c, VP_FOR_POINTS, most, g.map(|f| f.vp_for_points.into()))? as u8;
    let allowed = points_allowed(setup, vp_for_points);
    if g.is_some_and(|f| f.points > allowed) {
        return Err(c.refuse());
    }
    let below = c.number(POINTS_BELOW, g.map(|f| u64::from(allowed - f.points)))?;
    let points = u32::try_from(below).ok().and_then(|b| allowed.checked_sub(b)).ok_or_else(|| c.refuse())?;
    let platoons = fielded(c, s, side, g.map(|f| &f.platoons[..]))?;
    let bought = setup.player(side).air.len();
    let air = if bought == 0 {
        if g.is_some_and(|f| f.air.is_some()) {
            return Err(c.refuse());
        }
        None
    } else {
        maybe(c, AIR, g.map(|f| f.air.as_ref()), |c, a| air(c, bought, a))?
    };
    let left = balance - i32::from(vp_for_points);
    let option = option(c, s, side, &platoons, air.is_some(), left, g.map(|f| f.option.as_ref()))?;
    Ok(ForceList { vp_for_points, points, platoons, air, option })
}

/// The platoons fielded, in roster order: each the rules let field, flagged in or out (the last
/// forced in when none is yet), its teams short of its most, carried (forced where it must be).
fn fielded<C: Chooser>(c: &mut C, s: &State, side: Side, g: Option<&[Fielded]>) -> Result<Vec<Fielded>, C::Error> {
    let open: Vec<(u16, u16, u16)> = fieldable(s, side).into_iter().filter(|&(_, min, max)| min <= max).collect();
    if let Some(g) = g {
        let order = g.windows(2).all(|w| w[0].platoon < w[1].platoon);
        if !order || g.iter().any(|f| !open.iter().any(|x| x.0 == f.platoon)) {
            return Err(c.refuse());
        }
    }
    let mut out = Vec::new();
    for (k, &(i, min, max)) in open.iter().enumerate() {
        let given = g.map(|g| g.iter().find(|f| f.platoon == i));
        let on = if out.is_empty() && k + 1 == open.len() {
            if given.is_some_and(|x| x.is_none()) {
                return Err(c.refuse());
            }
            true
        } else {
            c.flag(FIELDED, given.map(|x| x.is_some()))?
        };
        if !on {
            continue;
        }
        let given = given.flatten();
        if given.is_some_and(|x| !(min..=max).contains(&x.teams)) {
            return Err(c.refuse());
        }
        let teams = max - bounded(c, SHORT, max - min, given.map(|x| max - x.teams))?;
        let p = s.platoon(side, i).ok_or_else(|| c.refuse())?;
        let transported = if must_be_carried(s, side, p) {
            if given.is_some_and(|x| !x.transported) {
                return Err(c.refuse());
            }
            true
        } else {
            c.flag(TRANSPORTED, given.map(|x| x.transported))?
        };
        out.push(Fielded { platoon: i, teams, transported });
    }
    Ok(out)
}

fn air<C: Chooser>(c: &mut C, bought: usize, a: Option<&AirUse>) -> Result<AirUse, C::Error> {
    let aircraft: Vec<u16> = (0..bought.min(1 << 16) as u32).map(|i| i as u16).collect();
    let aircraft = one_of(c, &aircraft, a.map(|a| &a.aircraft))?;
    let profile = one_of(c, &AirProfile::ALL, a.map(|a| &a.profile))?;
    let load = if takes_load(profile) {
        maybe(c, LOAD, a.map(|a| a.load.as_ref()), |c, o| one_of(c, &[Ordnance::Bombs, Ordnance::Rockets], o))?
    } else {
        if a.is_some_and(|a| a.load.is_some()) {
            return Err(c.refuse());
        }
        None
    };
    Ok(AirUse { aircraft, profile, load })
}

/// The VP option, if the player may buy one: among those the mission lets him buy with the
/// `left` VP, and not one that bars the air support he brings; platoons it names among those
/// fielded that it may name, as many as he can pay for; battalion shoots likewise.
fn option<C: Chooser>(
    c: &mut C,
    s: &State,
    side: Side,
    platoons: &[Fielded],
    air: bool,
    left: i32,
    g: Option<Option<&GameOption>>,
) -> Result<Option<GameOption>, C::Error> {
    let named = |kind: OptionKind| -> Vec<u16> {
        platoons.iter().map(|f| f.platoon).filter(|&i| option_takes(s, side, kind, i)).collect()
    };
    let most = |kind: OptionKind| (left / tables::option_row(kind).cost).max(0) as usize;
    let kinds: Vec<OptionKind> = tables::OPTIONS
        .iter()
        .map(|r| r.kind)
        .filter(|&k| option_allowed(s, side, k) && !(air && bars_air(k)) && most(k) > 0)
        .filter(|&k| !matches!(k, OptionKind::ExtraSmoke | OptionKind::PreRegistered) || !named(k).is_empty())
        .collect();
    if kinds.is_empty() {
        if g.is_some_and(|o| o.is_some()) {
            return Err(c.refuse());
        }
        return Ok(None);
    }
    maybe(c, OPTION, g, |c, o| {
        let kind = one_of(c, &kinds, o.map(GameOption::kind).as_ref())?;
        Ok(match kind {
            OptionKind::ExtraSmoke | OptionKind::PreRegistered => {
                let given = match o {
                    Some(GameOption::ExtraSmoke { platoons }) | Some(GameOption::PreRegistered { platoons }) => {
                        Some(&platoons[..])
                    }
                    _ => None,
                };
                let platoons = subset(c, OPTION_PLATOONS, &named(kind), most(kind), true, given)?;
                match kind {
                    OptionKind::ExtraSmoke => GameOption::ExtraSmoke { platoons },
                    _ => GameOption::PreRegistered { platoons },
                }
            }
            OptionKind::BattalionArtillery => {
                let shoots = match o {
                    Some(GameOption::BattalionArtillery { shoots }) if *shoots > 0 => Some(u16::from(*shoots - 1)),
                    Some(_) => return Err(c.refuse()),
                    None => None,
                };
                let extra = bounded(c, SHOOTS, most(kind).min(255) as u16 - 1, shoots)?;
                GameOption::BattalionArtillery { shoots: extra as u8 + 1 }
            }
            OptionKind::NightAttack => GameOption::NightAttack,
            OptionKind::Counterbattery => GameOption::Counterbattery,
            OptionKind::AerialBombardment => GameOption::AerialBombardment,
        })
    })
}
