//! Axis of Attack's grammar, its force lists (link version 4): only lists `check_force` takes.
//! The VP for points within what the player holds, the points within what they allow; each
//! platoon the rules let field (`fieldable`), with teams within its range and carried where the
//! mobility rule says so (`must_be_carried`), at least one, and (issue 28's readings) those
//! without working transport carried only as far as the list's carriers take them
//! (`carriers`); air support only for a company that
//! bought some, a load only for a profile that names one (`takes_load`); and a VP option the
//! player may buy (`option_allowed`), with the VP left, never beside air support it would bar
//! (`bars_air`), for platoons it may name (`option_takes`). Also the ways of choosing the
//! grammar's other parts share: `bounded` and `subset`.

use super::carriers::{carrier, carriers_checked, rides, Carrier};
use super::company::Setup;
use super::helpers::*;
use super::lists::{bars_air, takes_load};
use super::state::{AirUse, Fielded, ForceList, GameOption, PlatoonState, Side, State};
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

/// The platoons fielded, in roster order: each the rules let field, flagged in or out (forced
/// in when the list could not end lawfully without it: the last when none is yet), its teams
/// short of its most, carried (forced where it must be). Under issue 28's readings a platoon
/// without working transport marked carried needs carriers (`carriers::check_carried`): each
/// choice keeps a lawful end within reach, the platoons to come fielded at their most.
fn fielded<C: Chooser>(c: &mut C, s: &State, side: Side, g: Option<&[Fielded]>) -> Result<Vec<Fielded>, C::Error> {
    let open: Vec<(u16, u16, u16)> = fieldable(s, side).into_iter().filter(|&(_, min, max)| min <= max).collect();
    if let Some(g) = g {
        let order = g.windows(2).all(|w| w[0].platoon < w[1].platoon);
        if !order || g.iter().any(|f| !open.iter().any(|x| x.0 == f.platoon)) {
            return Err(c.refuse());
        }
    }
    let platoons: Vec<&PlatoonState> =
        open.iter().map(|&(i, _, _)| s.platoon(side, i).ok_or_else(|| c.refuse())).collect::<Result<_, _>>()?;
    let ahead = Ahead::new(s, side, &open, &platoons);
    let mut load = Load::default();
    let mut out = Vec::new();
    for (k, (&(i, min, max), &p)) in open.iter().zip(&platoons).enumerate() {
        let given = g.map(|g| g.iter().find(|f| f.platoon == i));
        let forced = must_be_carried(s, side, p);
        let rider = ahead.checked && rides(p);
        let on_ok = !forced || ahead.fits(&load, u64::from(min), k + 1);
        let off_ok = ahead.fits(&load, 0, k + 1) && (!out.is_empty() || ahead.free[k + 1]);
        let on = if on_ok && off_ok {
            c.flag(FIELDED, given.map(|x| x.is_some()))?
        } else {
            if given.is_some_and(|x| x.is_some() != on_ok) {
                return Err(c.refuse());
            }
            on_ok
        };
        if !on {
            continue;
        }
        let (bottom, top) = ahead.teams(&load, p, forced, min, max, k + 1);
        let given = given.flatten();
        if given.is_some_and(|x| !(bottom..=top).contains(&x.teams)) {
            return Err(c.refuse());
        }
        let teams = top - bounded(c, SHORT, top - bottom, given.map(|x| top - x.teams))?;
        let transported = if forced || (rider && !ahead.fits(&load, u64::from(teams), k + 1)) {
            if given.is_some_and(|x| x.transported != forced) {
                return Err(c.refuse());
            }
            forced
        } else {
            c.flag(TRANSPORTED, given.map(|x| x.transported))?
        };
        load.take(p, teams, transported && rider);
        out.push(Fielded { platoon: i, teams, transported });
    }
    Ok(out)
}

/// What the platoons fielded so far carry and ask to be carried.
#[derive(Default)]
struct Load {
    transport: bool,
    room: u64,
    riders: u64,
}

impl Load {
    fn take(&mut self, p: &PlatoonState, teams: u16, riding: bool) {
        match carrier(p) {
            Some(Carrier::Transport) => self.transport = true,
            Some(Carrier::Tanks) => self.room += u64::from(teams) * u64::from(tables::RIDERS_PER_TANK),
            None => {}
        }
        if riding {
            self.riders += u64::from(teams);
        }
    }
}

/// What the platoons from each place in the list on could add, fielded at their most. Before
/// issue 28's readings nothing needs carrying and every platoon may come alone.
struct Ahead {
    checked: bool,
    /// A Transport platoon among them.
    transport: Vec<bool>,
    /// Teams their tanks could take as riders.
    room: Vec<u64>,
    /// One that may come without being carried.
    free: Vec<bool>,
}

impl Ahead {
    fn new(s: &State, side: Side, open: &[(u16, u16, u16)], platoons: &[&PlatoonState]) -> Ahead {
        let n = open.len();
        let checked = carriers_checked(s);
        let mut a = Ahead { checked, transport: vec![false; n + 1], room: vec![0; n + 1], free: vec![false; n + 1] };
        for k in (0..n).rev() {
            let p = platoons[k];
            let kind = carrier(p);
            a.transport[k] = a.transport[k + 1] || kind == Some(Carrier::Transport);
            let tanks = if kind == Some(Carrier::Tanks) { u64::from(open[k].2) } else { 0 };
            a.room[k] = a.room[k + 1] + tanks * u64::from(tables::RIDERS_PER_TANK);
            a.free[k] = a.free[k + 1] || !checked || !must_be_carried(s, side, p);
        }
        a
    }

    /// Whether `more` teams riding besides the load could still be carried by the end, with
    /// the platoons from `next` on.
    fn fits(&self, load: &Load, more: u64, next: usize) -> bool {
        !self.checked || load.transport || self.transport[next] || load.riders + more <= load.room + self.room[next]
    }

    /// The fewest and most teams this platoon may come with, fielded now: a tank platoon at
    /// least enough for the riders the rest cannot take, one that must be carried at most as
    /// many as can be.
    fn teams(&self, load: &Load, p: &PlatoonState, forced: bool, min: u16, max: u16, next: usize) -> (u16, u16) {
        if !self.checked || load.transport || self.transport[next] {
            return (min, max);
        }
        let room = load.room + self.room[next];
        if forced {
            let most = room.saturating_sub(load.riders).min(u64::from(max)) as u16;
            return (min, most.max(min));
        }
        if carrier(p) == Some(Carrier::Tanks) {
            let short = load.riders.saturating_sub(room);
            let per = u64::from(tables::RIDERS_PER_TANK);
            let least = short.div_ceil(per).min(u64::from(max)) as u16;
            return (least.max(min), max);
        }
        (min, max)
    }
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
