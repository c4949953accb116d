//! The grammar's ways of choosing, against the position: which decision among those it can
//! take, a value it forces, counts from a least, a subset of a list in any order, a list of
//! any length.

use super::{LIST_CAP, VARIANT};
use crate::engine::grammar::{one_of, small};
use crate::engine::Chooser;

/// The decision among `codes` (those the position can take, the most usual first): a flag
/// "not this one" for each in turn, by the decision's own context.
pub(super) fn which<C: Chooser>(c: &mut C, codes: &[u16], given: Option<u16>) -> Result<u16, C::Error> {
    if given.is_some_and(|g| !codes.contains(&g)) || codes.is_empty() {
        return Err(c.refuse());
    }
    for &k in &codes[..codes.len() - 1] {
        if !c.flag(VARIANT + k, given.map(|g| g != k))? {
            return Ok(k);
        }
    }
    Ok(codes[codes.len() - 1])
}

/// One value that the position forces: writing, refused when the given one differs.
pub(super) fn only<C: Chooser, T: PartialEq>(c: &mut C, value: T, given: Option<&T>) -> Result<T, C::Error> {
    match given {
        Some(g) if *g != value => Err(c.refuse()),
        _ => Ok(value),
    }
}

/// A flag the position may force (`Some`): writing, refused when the given one differs.
pub(super) fn flag_or<C: Chooser>(
    c: &mut C,
    ctx: u16,
    forced: Option<bool>,
    given: Option<bool>,
) -> Result<bool, C::Error> {
    match forced {
        Some(v) => only(c, v, given.as_ref()),
        None => c.flag(ctx, given),
    }
}

/// Whole numbers counted from `least` (a count that is at least 1 costs nothing for it).
pub(super) fn from_least<C: Chooser>(c: &mut C, ctx: u16, least: u16, given: Option<u16>) -> Result<u16, C::Error> {
    let g = match given {
        Some(g) => Some(g.checked_sub(least).ok_or_else(|| c.refuse())?),
        None => None,
    };
    small(c, ctx, g)?.checked_add(least).ok_or_else(|| c.refuse())
}

pub(super) fn byte_from_least<C: Chooser>(c: &mut C, ctx: u16, least: u16, given: Option<u8>) -> Result<u8, C::Error> {
    let v = from_least(c, ctx, least, given.map(u16::from))?;
    u8::try_from(v).map_err(|_| c.refuse())
}

/// Distinct items of `from`, in any order: a flag per item "in" (none when `joins` says it
/// may not join those already in), then a flag "in another order" and, if set, each one's
/// place among those left.
pub(super) fn subset<C: Chooser>(
    c: &mut C,
    (ctx_in, ctx_order): (u16, u16),
    from: &[String],
    joins: impl Fn(&[String], &String) -> bool,
    given: Option<&[String]>,
) -> Result<Vec<String>, C::Error> {
    if let Some(g) = given {
        if g.iter().enumerate().any(|(i, x)| !from.contains(x) || g[..i].contains(x)) {
            return Err(c.refuse());
        }
    }
    let mut chosen = Vec::new();
    for x in from {
        let forced = (!joins(&chosen, x)).then_some(false);
        if flag_or(c, ctx_in, forced, given.map(|g| g.contains(x)))? {
            chosen.push(x.clone());
        }
    }
    if chosen.len() < 2 || !c.flag(ctx_order, given.map(|g| g != &chosen[..]))? {
        return Ok(chosen);
    }
    let mut left = chosen.clone();
    let mut out = Vec::with_capacity(chosen.len());
    for i in 0..chosen.len() {
        let x = one_of(c, &left, given.map(|g| &g[i]))?;
        left.retain(|y| *y != x);
        out.push(x);
    }
    if out == chosen {
        // The writer sends the roster's order as such.
        return Err(c.refuse());
    }
    Ok(out)
}

/// A list of any length (up to `LIST_CAP`), each item one of `items`.
pub(super) fn items<C: Chooser, T: PartialEq + Clone>(
    c: &mut C,
    ctx: u16,
    items: &[T],
    given: Option<&[T]>,
) -> Result<Vec<T>, C::Error> {
    if items.is_empty() {
        return only(c, Vec::new(), given.map(<[T]>::to_vec).as_ref());
    }
    let n = c.count(ctx, given.map(<[T]>::len), LIST_CAP)?;
    if n > LIST_CAP {
        return Err(c.refuse());
    }
    (0..n).map(|i| one_of(c, items, given.map(|g| &g[i]))).collect()
}

/// One of 0 to `most` (each as likely).
pub(super) fn upto<C: Chooser>(c: &mut C, most: u16, given: Option<u16>) -> Result<u16, C::Error> {
    if given.is_some_and(|g| g > most) {
        return Err(c.refuse());
    }
    Ok(c.pick(most as u32 + 1, given.map(u32::from))? as u16)
}

/// A number of 0 to `most`, small ones cheap: coded as a count, which a reader refuses past
/// `most` and a random walk draws within it.
pub(super) fn bounded<C: Chooser>(c: &mut C, ctx: u16, most: u16, given: Option<u16>) -> Result<u16, C::Error> {
    if given.is_some_and(|g| g > most) {
        return Err(c.refuse());
    }
    let n = c.count(ctx, given.map(usize::from), most.into())?;
    u16::try_from(n).ok().filter(|&n| n <= most).ok_or_else(|| c.refuse())
}

/// A list of items of `from` (repeats allowed, in any order) that `lawful` accepts, as it
/// accepts each of its beginnings (each limit only grows with the list): its length, up to the
/// longest such list (grown an item at a time), then each item among those that keep it
/// lawful. Nothing when not even one item is.
pub(super) fn lawful_items<C: Chooser>(
    c: &mut C,
    ctx: u16,
    from: &[String],
    lawful: impl Fn(&[String]) -> bool,
    given: Option<&[String]>,
) -> Result<Vec<String>, C::Error> {
    let next = |list: &[String]| -> Vec<String> {
        from.iter().filter(|x| lawful(&[list, &[(*x).clone()]].concat())).cloned().collect()
    };
    let mut longest: Vec<String> = Vec::new();
    while longest.len() < LIST_CAP {
        let Some(x) = next(&longest).into_iter().next() else { break };
        longest.push(x);
    }
    if longest.is_empty() {
        return only(c, Vec::new(), given.map(<[String]>::to_vec).as_ref());
    }
    let n = c.count(ctx, given.map(<[String]>::len), longest.len())?;
    if n > longest.len() {
        return Err(c.refuse());
    }
    let mut out: Vec<String> = Vec::with_capacity(n);
    for i in 0..n {
        let x = one_of(c, &next(&out), given.map(|g| &g[i]))?;
        out.push(x);
    }
    Ok(out)
}
