//! A system's decision space, described once (`Grammar`) and walked by any `Chooser`: the
//! link's range encoder and decoder today, a random generator or a counter later. Every
//! choice is given (writing: `Some`, the value to code) or taken (reading: `None`, the value
//! comes out of the chooser); the grammar returns the value either way, so one description
//! serves both directions.

use super::system::System;

/// One side of a coder, or any other walker of a grammar.
pub trait Chooser {
    type Error;
    /// One of `n` (1 to 65,536), each as likely; one of one costs nothing.
    fn pick(&mut self, n: u32, given: Option<u32>) -> Result<u32, Self::Error>;
    /// A yes or no whose chance is learnt as the link goes, one model per `ctx` (below 1,024).
    fn flag(&mut self, ctx: u16, given: Option<bool>) -> Result<bool, Self::Error>;
    /// A whole number, small ones cheap, one model per `ctx` (below 1,024).
    fn number(&mut self, ctx: u16, given: Option<u64>) -> Result<u64, Self::Error>;
    /// A text; a text seen before in the same link is cheap.
    fn text(&mut self, given: Option<&str>) -> Result<String, Self::Error>;
    /// A count of items about to be read, refused (too large) past `cap`.
    fn count(&mut self, ctx: u16, given: Option<usize>, cap: usize) -> Result<usize, Self::Error>;
    /// A yes or no that is yes with a chance of exactly `yes / total` (0 < yes < total <=
    /// 65,536), set by the grammar from the position rather than learnt: Race for X's stands
    /// lost and units fielded (link version 1). By default one of `total`, the first `yes`
    /// of them meaning yes (a link coder codes it as one exact split instead).
    fn chance(&mut self, yes: u32, total: u32, given: Option<bool>) -> Result<bool, Self::Error> {
        if yes == 0 || yes >= total {
            return Err(self.refuse());
        }
        let at = given.map(|g| if g { 0 } else { yes });
        Ok(self.pick(total, at)? < yes)
    }
    /// Counts `n` items about to be built from what was read (a link reader's bound on its
    /// work); nothing for other choosers.
    fn spend(&mut self, _n: u64) -> Result<(), Self::Error> {
        Ok(())
    }
    /// The refusal: writing, a given value the grammar cannot express; reading, a value that
    /// makes no sense.
    fn refuse(&self) -> Self::Error;
}

/// A rule system's decisions and setup as choices. Pure, as the rest of `System`; systems
/// never know which chooser walks them. Everything a grammar depends on (its contexts, the
/// order of its choices, the rules' answers it asks) is part of the link format that codes
/// it: changing one needs a new link version.
pub trait Grammar: System {
    /// The setup (a system may send its sample as one flag, anything else as text).
    fn setup<C: Chooser>(c: &mut C, given: Option<&Self::Setup>) -> Result<Self::Setup, C::Error>;
    /// A decision among those of the position; dice are not part of it (the coder codes
    /// them from `System::dice`).
    fn decision<C: Chooser>(
        setup: &Self::Setup,
        state: &Self::State,
        c: &mut C,
        given: Option<&Self::Decision>,
    ) -> Result<Self::Decision, C::Error>;
    /// No decision is possible any more (the campaign or night is over).
    fn over(setup: &Self::Setup, state: &Self::State) -> bool;
}

/// A grammar of system `S`, not necessarily its current one: a system whose grammar changed
/// keeps the older one (a type of its own implementing this) so links coded with it still
/// read. A system's current grammar (`Grammar`) is one of these through the blanket impl; the
/// link coder walks any of them.
pub trait GrammarOf<S: System> {
    fn setup<C: Chooser>(c: &mut C, given: Option<&S::Setup>) -> Result<S::Setup, C::Error>;
    fn decision<C: Chooser>(
        setup: &S::Setup,
        state: &S::State,
        c: &mut C,
        given: Option<&S::Decision>,
    ) -> Result<S::Decision, C::Error>;
    fn over(setup: &S::Setup, state: &S::State) -> bool;
}

impl<S: Grammar> GrammarOf<S> for S {
    fn setup<C: Chooser>(c: &mut C, given: Option<&S::Setup>) -> Result<S::Setup, C::Error> {
        <S as Grammar>::setup(c, given)
    }
    fn decision<C: Chooser>(
        setup: &S::Setup,
        state: &S::State,
        c: &mut C,
        given: Option<&S::Decision>,
    ) -> Result<S::Decision, C::Error> {
        <S as Grammar>::decision(setup, state, c, given)
    }
    fn over(setup: &S::Setup, state: &S::State) -> bool {
        <S as Grammar>::over(setup, state)
    }
}

/// One of `items`; writing, refused when the given one is not among them.
pub fn one_of<C: Chooser, T: PartialEq + Clone>(c: &mut C, items: &[T], given: Option<&T>) -> Result<T, C::Error> {
    let at = match given {
        Some(g) => Some(items.iter().position(|x| x == g).ok_or_else(|| c.refuse())? as u32),
        None => None,
    };
    if items.is_empty() || items.len() > 1 << 16 {
        return Err(c.refuse());
    }
    let i = c.pick(items.len() as u32, at)? as usize;
    items.get(i).cloned().ok_or_else(|| c.refuse())
}

/// The variant of a decision, `0..n`: a flag "not this one" for each in turn, by context
/// (`ctx` to `ctx + n - 2`), so the variants a position usually takes cost little.
pub fn variant<C: Chooser>(c: &mut C, ctx: u16, n: u16, given: Option<u16>) -> Result<u16, C::Error> {
    for i in 0..n.saturating_sub(1) {
        if !c.flag(ctx + i, given.map(|g| g != i))? {
            return Ok(i);
        }
    }
    if given.is_some_and(|g| g >= n) {
        return Err(c.refuse());
    }
    Ok(n.saturating_sub(1))
}

/// A number that must fit a `u16`.
pub fn small<C: Chooser>(c: &mut C, ctx: u16, given: Option<u16>) -> Result<u16, C::Error> {
    let v = c.number(ctx, given.map(u64::from))?;
    u16::try_from(v).map_err(|_| c.refuse())
}

/// A number that must fit a `u8`.
pub fn byte<C: Chooser>(c: &mut C, ctx: u16, given: Option<u8>) -> Result<u8, C::Error> {
    let v = c.number(ctx, given.map(u64::from))?;
    u8::try_from(v).map_err(|_| c.refuse())
}

/// A small signed number (zig-zag: 0, -1, 1, -2...).
pub fn signed<C: Chooser>(c: &mut C, ctx: u16, given: Option<i8>) -> Result<i8, C::Error> {
    let zig = given.map(|v| ((v as i16) << 1 ^ (v as i16) >> 15) as u16 as u64);
    let z = c.number(ctx, zig)?;
    let z = u16::try_from(z).map_err(|_| c.refuse())?;
    i8::try_from((z >> 1) as i16 ^ -((z & 1) as i16)).map_err(|_| c.refuse())
}

/// A list of `u16`s: its length (refused past `cap`), then each.
pub fn list<C: Chooser>(c: &mut C, ctx: u16, given: Option<&[u16]>, cap: usize) -> Result<Vec<u16>, C::Error> {
    let n = c.count(ctx, given.map(<[u16]>::len), cap)?;
    (0..n).map(|i| small(c, ctx + 1, given.map(|g| g[i]))).collect()
}

/// An optional part: a flag, then the part.
pub fn maybe<C: Chooser, T>(
    c: &mut C,
    ctx: u16,
    given: Option<Option<&T>>,
    part: impl FnOnce(&mut C, Option<&T>) -> Result<T, C::Error>,
) -> Result<Option<T>, C::Error> {
    if c.flag(ctx, given.map(|g| g.is_some()))? {
        Ok(Some(part(c, given.flatten())?))
    } else {
        Ok(None)
    }
}

/// A setup as its system's sample (one flag) or as JSON text.
pub fn setup_as_text<C: Chooser, T>(c: &mut C, sample: T, given: Option<&T>) -> Result<T, C::Error>
where
    T: PartialEq + serde::Serialize + serde::de::DeserializeOwned,
{
    if c.flag(0, given.map(|g| *g == sample))? {
        return Ok(sample);
    }
    let json = given.map(|g| serde_json::to_string(g).expect("setups serialise"));
    let text = c.text(json.as_deref())?;
    let setup: T = crate::engine::json::from_str(&text).map_err(|_| c.refuse())?;
    if setup == sample {
        // The writer sends the sample as such.
        return Err(c.refuse());
    }
    Ok(setup)
}

/// A setup whose sample changed with later readings of the rules: the sample under the readings
/// a system's links first knew (`first`) as one flag, as those links wrote it; else its JSON
/// text, where the sample under a later set of readings `r` (`later(r)`, its setup
/// `sample_by(r)`) is written as that number alone ("3"), which no setup's JSON text is. Links
/// written before keep decoding as they did.
pub fn setup_by_readings<C: Chooser, T>(
    c: &mut C,
    given: Option<&T>,
    first: T,
    readings: impl Fn(&T) -> u8,
    later: impl Fn(u8) -> bool,
    sample_by: impl Fn(u8) -> T,
) -> Result<T, C::Error>
where
    T: PartialEq + serde::Serialize + serde::de::DeserializeOwned,
{
    if c.flag(0, given.map(|g| *g == first))? {
        return Ok(first);
    }
    let text = given.map(|g| match readings(g) {
        r if later(r) && *g == sample_by(r) => r.to_string(),
        _ => serde_json::to_string(g).expect("setups serialise"),
    });
    let text = c.text(text.as_deref())?;
    if let Ok(r) = text.parse::<u8>() {
        return if later(r) && text == r.to_string() { Ok(sample_by(r)) } else { Err(c.refuse()) };
    }
    let setup: T = crate::engine::json::from_str(&text).map_err(|_| c.refuse())?;
    let r = readings(&setup);
    if setup == first || (later(r) && setup == sample_by(r)) {
        // The writer sends the sample as such.
        return Err(c.refuse());
    }
    Ok(setup)
}
