//! The refit's decisions of a side whose CPP is rolled: which it can take, then each one's
//! parts (repair, rolls, combining, the purchases).

use super::parts::{byte_from_least, flag_or, from_least, items};
use super::*;

/// The RG rows of a side's chart whose kind passes `kind`.
fn rows(setup: &Setup, side: u8, kind: impl Fn(RgKind) -> bool) -> Vec<String> {
    setup.sides[side as usize].rg_chart.iter().filter(|r| kind(r.kind)).map(|r| r.id.clone()).collect()
}

/// The decisions the refit takes for a side whose CPP is rolled, the most usual first.
pub(super) fn refit_codes(setup: &Setup, s: &State, side: u8) -> Vec<u16> {
    let st = s.side(side);
    let withdrawals = !withdrawals_due(setup, s, side).is_empty();
    let ratings = !ratings_due(setup, s, side).is_empty();
    let has_rows = |k: fn(RgKind) -> bool| !rows(setup, side, k).is_empty();
    let mut codes = Vec::new();
    let mut when = |ok: bool, code: u16| {
        if ok {
            codes.push(code)
        }
    };
    when(withdrawals, WITHDRAWAL);
    when(ratings, RATING);
    when(!withdrawals && !ratings, END_REFIT);
    when(repair_now(setup, s) && !repairable(s, side).is_empty(), REPAIR);
    when(has_rows(|k| k == RgKind::Manoeuvre), REINFORCE);
    when(has_rows(|k| k == RgKind::OffBoardArtillery), BUY_ARTILLERY);
    when(st.batteries.iter().any(|b| b.stock.held > 0 && b.smoke_roll_due()), SMOKE);
    when(st.batteries.iter().any(|b| u16::from(b.preregistered) < 2 * u16::from(b.stock.held)), PREREGISTER);
    when(has_rows(|k| k == RgKind::Aircraft), BUY_AIRCRAFT);
    when(has_rows(|k| matches!(k, RgKind::Fpp(_))), BUY_FPP);
    when(!setup.sides[side as usize].fort_chart.is_empty(), BUY_FORTIFICATION);
    when(true, REMOVE);
    when(st.roster.iter().filter(|e| e.active()).count() >= 2, COMBINE);
    codes
}

/// A repair attempt of `side`: the element among those with a vehicle waiting, which vehicle
/// (forced when it has only wrecks or only abandoned ones), the modifiers.
pub(super) fn repair<C: Chooser>(
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
    let me = one_of(c, &repairable(s, side), g.map(|g| g.0))?;
    let e = s.side(side).element(&me).ok_or_else(|| c.refuse())?;
    let forced = match (e.wrecks, e.abandoned) {
        (0, _) => Some(true),
        (_, 0) => Some(false),
        _ => None,
    };
    let abandoned = flag_or(c, ABANDONED, forced, g.map(|g| g.1))?;
    let in_minefield = c.flag(MINEFIELD, g.map(|g| g.2))?;
    let spend_cpp = c.flag(SPEND, g.map(|g| g.3))?;
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
    let row_of = |c: &mut C, kind: fn(RgKind) -> bool, g: Option<&String>| one_of(c, &rows(setup, side, kind), g);
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
        REPAIR => repair(s, c, side, given)?,
        REINFORCE => {
            let g = match given {
                Some(D::Reinforce { rg, element, .. }) => Some((rg, element)),
                _ => None,
            };
            let rg = row_of(c, |k| k == RgKind::Manoeuvre, g.map(|g| g.0))?;
            let e = g.map(|g| g.1);
            let name = c.text(e.map(|e| &*e.name))?;
            let class = one_of(c, &CLASSES, e.map(|e| &e.class))?;
            let unit_type = c.text(e.map(|e| &*e.unit_type))?;
            let stands = from_least(c, STANDS, 1, e.map(|e| e.stands))?;
            let vehicles = small(c, VEHICLES, e.map(|e| e.vehicles))?;
            if vehicles > stands {
                return Err(c.refuse());
            }
            D::Reinforce { side, rg, element: NewElement { name, class, unit_type, stands, vehicles } }
        }
        BUY_ARTILLERY | BUY_FPP => {
            let g = match given {
                Some(D::BuyArtillery { rg, count, .. } | D::BuyFpp { rg, count, .. }) => Some((rg, *count)),
                _ => None,
            };
            if k == BUY_ARTILLERY {
                let rg = row_of(c, |k| k == RgKind::OffBoardArtillery, g.map(|g| g.0))?;
                D::BuyArtillery { side, rg, count: byte_from_least(c, COUNT, 1, g.map(|g| g.1))? }
            } else {
                let rg = row_of(c, |k| matches!(k, RgKind::Fpp(_)), g.map(|g| g.0))?;
                D::BuyFpp { side, rg, count: byte_from_least(c, COUNT, 1, g.map(|g| g.1))? }
            }
        }
        SMOKE => {
            let g = match given {
                Some(D::RollSmoke { rg, extra_cpp, .. }) => Some((rg, *extra_cpp)),
                _ => None,
            };
            let held: Vec<String> =
                st.batteries.iter().filter(|b| b.stock.held > 0 && b.smoke_roll_due()).map(|b| b.rg.clone()).collect();
            let rg = one_of(c, &held, g.map(|g| g.0))?;
            D::RollSmoke { side, rg, extra_cpp: small(c, EXTRA_CPP, g.map(|g| g.1))? }
        }
        PREREGISTER => {
            let g = match given {
                Some(D::Preregister { rg, points, .. }) => Some((rg, points)),
                _ => None,
            };
            let held: Vec<String> = st
                .batteries
                .iter()
                .filter(|b| u16::from(b.preregistered) < 2 * u16::from(b.stock.held))
                .map(|b| b.rg.clone())
                .collect();
            let rg = one_of(c, &held, g.map(|g| g.0))?;
            D::Preregister { side, rg, points: one_of(c, &[1, 2], g.map(|g| g.1))? }
        }
        BUY_AIRCRAFT => {
            let g = match given {
                Some(D::BuyAircraft { rg, extra_cpp, .. }) => Some((rg, *extra_cpp)),
                _ => None,
            };
            let rg = row_of(c, |k| k == RgKind::Aircraft, g.map(|g| g.0))?;
            D::BuyAircraft { side, rg, extra_cpp: small(c, EXTRA_CPP, g.map(|g| g.1))? }
        }
        BUY_FORTIFICATION => {
            let g = match given {
                Some(D::BuyFortification { kind, place, .. }) => Some((kind, place)),
                _ => None,
            };
            let kinds: Vec<String> = setup.sides[side as usize].fort_chart.iter().map(|f| f.name.clone()).collect();
            let kind = one_of(c, &kinds, g.map(|g| g.0))?;
            D::BuyFortification { side, kind, place: c.text(g.map(|g| &**g.1))? }
        }
        REMOVE => {
            let g = match given {
                Some(D::RemoveObstacle { obstacle, place, mods, .. }) => Some((obstacle, place, &mods[..])),
                _ => None,
            };
            let obstacle = one_of(c, &OBSTACLES, g.map(|g| g.0))?;
            let enemy = ids(s.side(1 - side).roster.iter());
            let place = if obstacle == Obstacle::Wreck && c.flag(WRECK_ID, g.map(|g| enemy.contains(g.1)))? {
                // A wreck named by its enemy element's ID, as the roster spells it.
                one_of(c, &enemy, g.map(|g| g.1))?
            } else {
                let place = c.text(g.map(|g| &**g.1))?;
                if obstacle == Obstacle::Wreck && enemy.contains(&place) {
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
            let active = ids(st.roster.iter().filter(|e| e.active()));
            let into = one_of(c, &active, g.map(|g| g.0))?;
            let others: Vec<String> = active.into_iter().filter(|x| *x != into).collect();
            D::Combine { side, into, from: one_of(c, &others, g.map(|g| g.1))? }
        }
    })
}
