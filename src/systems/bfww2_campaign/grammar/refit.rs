//! The refit's decisions of a side whose CPP is rolled: which it can take, then each one's
//! parts (repair, rolls, combining, the purchases).

use super::parts::{bounded, flag_or, from_least, items};
use super::*;
use crate::systems::bfww2_campaign::refit::{
    fortification_lawful, may_combine, preregister_lawful, purchase_lawful, removable_obstacles, removal_affordable,
    removal_allowed, smoke_lawful, Purchase,
};
use crate::systems::bfww2_campaign::state::SideState;

/// The rows of a side's RG chart through which it may make purchase `p` now (the rules'
/// `purchase_lawful`: the row's kind, the chart's limits, the CPP).
fn buyable(setup: &Setup, s: &State, side: u8, p: Purchase) -> Vec<String> {
    let chart = &setup.sides[side as usize].rg_chart;
    chart.iter().filter(|r| purchase_lawful(setup, s, side, &r.id, p).is_ok()).map(|r| r.id.clone()).collect()
}

/// The most of `hi` or less for which `lawful` holds, by halves, when 0 or 1 does (every
/// limit the rules set on a count or a cost only tightens as it grows).
pub(super) fn most(hi: u16, lawful: impl Fn(u16) -> bool) -> u16 {
    let mut lo = 0;
    let mut hi = hi;
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if lawful(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// A purchase's count, 1 to `most`, small ones cheap.
fn count_of<C: Chooser>(c: &mut C, most: u16, given: Option<u8>) -> Result<u8, C::Error> {
    let g = match given {
        Some(g) => Some(u16::from(g).checked_sub(1).ok_or_else(|| c.refuse())?),
        None => None,
    };
    let n = bounded(c, COUNT, most.checked_sub(1).ok_or_else(|| c.refuse())?, g)? + 1;
    u8::try_from(n).map_err(|_| c.refuse())
}

/// The enemy elements whose wreck `side` may try to remove now, by ID (`removal_allowed`).
fn wreck_ids(setup: &Setup, s: &State, side: u8) -> Vec<String> {
    ids(s.side(1 - side).roster.iter())
        .into_iter()
        .filter(|id| removal_allowed(setup, s, side, Obstacle::Wreck, id).is_ok())
        .collect()
}

/// What `side` may try a removal roll on now (issue 28's readings): the enemy's revealed
/// obstacles not yet tried (`removable_obstacles`), and an enemy element's wreck (any place
/// for it then, an element's ID as the list spells it or as the umpire wrote it).
fn removal_options(setup: &Setup, s: &State, side: u8) -> Vec<(Obstacle, String)> {
    let mut out = removable_obstacles(setup, s, side);
    out.extend(wreck_ids(setup, s, side).into_iter().map(|id| (Obstacle::Wreck, id)));
    out
}

/// A side's batteries that may roll for smoke missions now.
fn smoke_batteries(s: &State, side: u8) -> Vec<String> {
    let st = s.side(side);
    st.batteries.iter().filter(|b| smoke_lawful(s, side, &b.rg, 0).is_ok()).map(|b| b.rg.clone()).collect()
}

/// A side's batteries that may take `points` pre-registered points now.
fn preregistrable(s: &State, side: u8, points: u8) -> Vec<String> {
    let st = s.side(side);
    st.batteries.iter().filter(|b| preregister_lawful(s, side, &b.rg, points).is_ok()).map(|b| b.rg.clone()).collect()
}

/// The fortifications of a side's chart it may buy now (the rules' `fortification_lawful`).
fn fortifications(setup: &Setup, s: &State, side: u8) -> Vec<String> {
    let chart = &setup.sides[side as usize].fort_chart;
    chart.iter().filter(|f| fortification_lawful(setup, s, side, &f.name).is_ok()).map(|f| f.name.clone()).collect()
}

/// Active elements of a side that may combine with another (`None`), or into `into`.
fn combinable(st: &SideState, into: Option<&str>) -> Vec<String> {
    let active = ids(st.roster.iter().filter(|e| e.active()));
    match into {
        Some(into) => active.into_iter().filter(|x| may_combine(st, into, x).is_ok()).collect(),
        None => active.iter().filter(|a| active.iter().any(|b| may_combine(st, a, b).is_ok())).cloned().collect(),
    }
}

/// The decisions the refit takes for a side whose CPP is rolled, the most usual first (a
/// purchase only when some row allows one and the side can pay for it).
pub(super) fn refit_codes(setup: &Setup, s: &State, side: u8) -> Vec<u16> {
    let st = s.side(side);
    let withdrawals = !withdrawals_due(setup, s, side).is_empty();
    let ratings = !ratings_due(setup, s, side).is_empty();
    let can_buy = |p: Purchase| !buyable(setup, s, side, p).is_empty();
    let mut codes = Vec::new();
    let mut when = |ok: bool, code: u16| {
        if ok {
            codes.push(code)
        }
    };
    when(withdrawals, WITHDRAWAL);
    when(ratings, RATING);
    when(!withdrawals && !ratings, END_REFIT);
    when(repair_now(setup, s) && !repairable(setup, s, side).is_empty(), REPAIR);
    when(can_buy(Purchase::Reinforcement), REINFORCE);
    when(can_buy(Purchase::Artillery(1)), BUY_ARTILLERY);
    when(!smoke_batteries(s, side).is_empty(), SMOKE);
    when(!preregistrable(s, side, 1).is_empty(), PREREGISTER);
    when(can_buy(Purchase::Aircraft { extra_cpp: 0 }), BUY_AIRCRAFT);
    when(can_buy(Purchase::Fpp(1)), BUY_FPP);
    when(!fortifications(setup, s, side).is_empty(), BUY_FORTIFICATION);
    // Under issue 28's readings, only with something to try it on.
    let something = || !removal_options(setup, s, side).is_empty();
    when(removal_affordable(s, side).is_ok() && (!setup.readings_v3() || something()), REMOVE);
    when(!combinable(st, None).is_empty(), COMBINE);
    codes
}

/// A repair attempt of `side`: the element among those with a vehicle the rules let be tried
/// (`repair_lawful`), which vehicle (forced when only one kind may be), the modifiers (CPP
/// spent only when the side has one).
pub(super) fn repair<C: Chooser>(
    setup: &Setup,
    s: &State,
    c: &mut C,
    side: u8,
    given: Option<&Decision>,
) -> Result<Decision, C::Error> {
    let g = match given {
        Some(Decision::RepairArmour { me, abandoned, in_minefield, spend_cpp, .. }) => {
            Some((me, *abandoned, *in_minefield, *spend_cpp))
        }
        _ => None,
    };
    let me = one_of(c, &repairable(setup, s, side), g.map(|g| g.0))?;
    let forced = match [false, true].map(|a| repair_lawful(setup, s, side, &me, a).is_ok()) {
        [false, _] => Some(true),
        [_, false] => Some(false),
        _ => None,
    };
    let abandoned = flag_or(c, ABANDONED, forced, g.map(|g| g.1))?;
    let in_minefield = c.flag(MINEFIELD, g.map(|g| g.2))?;
    let broke = s.side(side).cpp.may_spend(1).is_err();
    let spend_cpp = flag_or(c, SPEND, broke.then_some(false), g.map(|g| g.3))?;
    Ok(Decision::RepairArmour { side, me, abandoned, in_minefield, spend_cpp })
}

/// A refit step of `side` (its CPP rolled), of code `k`.
pub(super) fn refit_step<C: Chooser>(
    setup: &Setup,
    s: &State,
    c: &mut C,
    side: u8,
    k: u16,
    given: Option<&Decision>,
) -> Result<Decision, C::Error> {
    use Decision as D;
    let st = s.side(side);
    let row_of = |c: &mut C, p: Purchase, g: Option<&String>| one_of(c, &buyable(setup, s, side, p), g);
    let lawful = |rg: &str, p: Purchase| purchase_lawful(setup, s, side, rg, p).is_ok();
    Ok(match k {
        WITHDRAWAL => {
            let me = match given {
                Some(D::RollWithdrawal { me, .. }) => Some(me),
                _ => None,
            };
            D::RollWithdrawal { side, me: one_of(c, &withdrawals_due(setup, s, side), me)? }
        }
        RATING => {
            let me = match given {
                Some(D::RollRating { me, .. }) => Some(me),
                _ => None,
            };
            D::RollRating { side, me: one_of(c, &ratings_due(setup, s, side), me)? }
        }
        END_REFIT => D::EndRefit { side },
        REPAIR => repair(setup, s, c, side, given)?,
        REINFORCE => {
            let g = match given {
                Some(D::Reinforce { rg, element, .. }) => Some((rg, element)),
                _ => None,
            };
            let rg = row_of(c, Purchase::Reinforcement, g.map(|g| g.0))?;
            let e = g.map(|g| g.1);
            let name = c.text(e.map(|e| &*e.name))?;
            let class = one_of(c, &CLASSES, e.map(|e| &e.class))?;
            let unit_type = c.text(e.map(|e| &*e.unit_type))?;
            let stands = from_least(c, STANDS, 1, e.map(|e| e.stands))?;
            let vehicles = bounded(c, VEHICLES, stands, e.map(|e| e.vehicles))?;
            D::Reinforce { side, rg, element: NewElement { name, class, unit_type, stands, vehicles } }
        }
        BUY_ARTILLERY | BUY_FPP => {
            let g = match given {
                Some(D::BuyArtillery { rg, count, .. } | D::BuyFpp { rg, count, .. }) => Some((rg, *count)),
                _ => None,
            };
            if k == BUY_ARTILLERY {
                let rg = row_of(c, Purchase::Artillery(1), g.map(|g| g.0))?;
                let most = most(u8::MAX.into(), |n| lawful(&rg, Purchase::Artillery(n as u8)));
                D::BuyArtillery { side, rg, count: count_of(c, most, g.map(|g| g.1))? }
            } else {
                let rg = row_of(c, Purchase::Fpp(1), g.map(|g| g.0))?;
                let most = most(u8::MAX.into(), |n| lawful(&rg, Purchase::Fpp(n as u8)));
                D::BuyFpp { side, rg, count: count_of(c, most, g.map(|g| g.1))? }
            }
        }
        SMOKE => {
            let g = match given {
                Some(D::RollSmoke { rg, extra_cpp, .. }) => Some((rg, *extra_cpp)),
                _ => None,
            };
            let rg = one_of(c, &smoke_batteries(s, side), g.map(|g| g.0))?;
            let most = most(u16::MAX, |n| smoke_lawful(s, side, &rg, n).is_ok());
            D::RollSmoke { side, rg, extra_cpp: bounded(c, EXTRA_CPP, most, g.map(|g| g.1))? }
        }
        PREREGISTER => {
            let g = match given {
                Some(D::Preregister { rg, points, .. }) => Some((rg, points)),
                _ => None,
            };
            let rg = one_of(c, &preregistrable(s, side, 1), g.map(|g| g.0))?;
            let points: Vec<u8> = [1, 2].into_iter().filter(|&p| preregister_lawful(s, side, &rg, p).is_ok()).collect();
            D::Preregister { side, rg, points: one_of(c, &points, g.map(|g| g.1))? }
        }
        BUY_AIRCRAFT => {
            let g = match given {
                Some(D::BuyAircraft { rg, extra_cpp, .. }) => Some((rg, *extra_cpp)),
                _ => None,
            };
            let rg = row_of(c, Purchase::Aircraft { extra_cpp: 0 }, g.map(|g| g.0))?;
            let most = most(u16::MAX, |n| lawful(&rg, Purchase::Aircraft { extra_cpp: n }));
            D::BuyAircraft { side, rg, extra_cpp: bounded(c, EXTRA_CPP, most, g.map(|g| g.1))? }
        }
        BUY_FORTIFICATION => {
            let g = match given {
                Some(D::BuyFortification { kind, place, .. }) => Some((kind, place)),
                _ => None,
            };
            let kind = one_of(c, &fortifications(setup, s, side), g.map(|g| g.0))?;
            D::BuyFortification { side, kind, place: c.text(g.map(|g| &**g.1))? }
        }
        REMOVE => {
            let g = match given {
                Some(D::RemoveObstacle { obstacle, place, mods, .. }) => Some((obstacle, place, &mods[..])),
                _ => None,
            };
            // The enemy elements whose wreck may be tried (any, under the first readings).
            let enemy = wreck_ids(setup, s, side);
            let (obstacle, forts) = if setup.readings_v3() {
                // Issue 28: a type with something to try it on, then a revealed obstacle's place.
                let options = removal_options(setup, s, side);
                let kinds: Vec<Obstacle> =
                    OBSTACLES.into_iter().filter(|o| options.iter().any(|x| x.0 == *o)).collect();
                let obstacle = one_of(c, &kinds, g.map(|g| g.0))?;
                let places: Vec<String> = options.into_iter().filter(|x| x.0 == obstacle).map(|x| x.1).collect();
                (obstacle, Some(places))
            } else {
                (one_of(c, &OBSTACLES, g.map(|g| g.0))?, None)
            };
            let by_id =
                |c: &mut C| flag_or(c, WRECK_ID, enemy.is_empty().then_some(false), g.map(|g| enemy.contains(g.1)));
            let place = if let Some(places) = forts.filter(|_| obstacle != Obstacle::Wreck) {
                one_of(c, &places, g.map(|g| g.1))?
            } else if obstacle == Obstacle::Wreck && by_id(c)? {
                // A wreck named by its enemy element's ID, as the roster spells it.
                one_of(c, &enemy, g.map(|g| g.1))?
            } else {
                let place = c.text(g.map(|g| &**g.1))?;
                // A place is free text: one the rules refuse (tried already) is never coded.
                if obstacle == Obstacle::Wreck && enemy.contains(&place)
                    || removal_allowed(setup, s, side, obstacle, &place).is_err()
                {
                    return Err(c.refuse());
                }
                place
            };
            let mods = items(c, MODS, &REMOVAL_MODS, g.map(|g| g.2))?;
            D::RemoveObstacle { side, obstacle, place, mods }
        }
        _ => {
            let g = match given {
                Some(D::Combine { into, from, .. }) => Some((into, from)),
                _ => None,
            };
            let into = one_of(c, &combinable(st, None), g.map(|g| g.0))?;
            D::Combine { side, into: into.clone(), from: one_of(c, &combinable(st, Some(&into)), g.map(|g| g.1))? }
        }
    })
}
