//! The one coder of every system that describes its decisions as a grammar
//! (`engine::Grammar`), Race for X included (within its own framing, `race_for_x`): the range
//! coder walks the grammar as an `engine::Chooser`, and the journal is coded while the engine
//! replays it: each line's kind among those possible now, the decision through the grammar,
//! the dice the rules ask for (count and kind free, each face at its exact chance, a flag
//! "rolled at the table"), every position weighed before it is played.

use super::budget::ReplayCost;
use super::codes::{line_kind, LINE_DECIDE, LINE_UNDO};
use super::models::{code_line_kind, count, int, text, IntModel, Models};
use super::range::{Coder, Prob, HALF};
use super::{LinkError, MAX_LINES};
use crate::engine::{
    Action, Campaign, Chooser, DiceInput, DiceSpec, Entry, GrammarOf, ReplayError, Roll, Roller, System,
};

/// The contexts a grammar names: adaptive flags and numbers, fresh at the start of a link
/// (`Models::grammar`).
pub(super) struct GrammarModels {
    flags: Vec<Prob>,
    numbers: Vec<IntModel>,
}

/// The most contexts a grammar may name.
const CONTEXTS: usize = 1024;

impl GrammarModels {
    pub(super) fn new() -> GrammarModels {
        GrammarModels { flags: vec![HALF; CONTEXTS], numbers: Vec::new() }
    }
    /// The number model of context `ctx` (below `CONTEXTS`): Race for X's setup swaps the
    /// meta's count model in and out of one (`race_for_x::code_setup`).
    pub(super) fn number(&mut self, ctx: u16) -> &mut IntModel {
        let ctx = ctx as usize;
        while self.numbers.len() <= ctx {
            self.numbers.push(IntModel::new());
        }
        &mut self.numbers[ctx]
    }
}

/// The range coder as a `Chooser`: writing, a missing value is refused (`Corrupt`, so the
/// encoder falls back to the plain coding); reading, given values are ignored. Either side
/// through one type (`dyn Coder`), so a grammar walked by it is compiled once (issue 32: the
/// encoder's and decoder's copies of every system's grammar were 100 KB of shipped wasm).
struct LinkChooser<'a> {
    c: &'a mut dyn Coder,
    text: &'a mut super::models::TextModel,
    g: &'a mut GrammarModels,
}

impl LinkChooser<'_> {
    fn given<T: Default>(&self, v: Option<T>) -> Result<T, LinkError> {
        match v {
            Some(v) => Ok(v),
            None if self.c.decoding() => Ok(T::default()),
            None => Err(LinkError::Corrupt),
        }
    }
}

impl Chooser for LinkChooser<'_> {
    type Error = LinkError;
    fn pick(&mut self, n: u32, given: Option<u32>) -> Result<u32, LinkError> {
        if n == 0 || n > 1 << 16 {
            return Err(LinkError::Corrupt);
        }
        let v = self.given(given)?;
        self.c.uniform(n, v)
    }
    fn flag(&mut self, ctx: u16, given: Option<bool>) -> Result<bool, LinkError> {
        let v = self.given(given)?;
        let p = self.g.flags.get_mut(ctx as usize).ok_or(LinkError::Corrupt)?;
        self.c.bit(p, v)
    }
    fn number(&mut self, ctx: u16, given: Option<u64>) -> Result<u64, LinkError> {
        let v = self.given(given)?;
        if ctx as usize >= CONTEXTS {
            return Err(LinkError::Corrupt);
        }
        int(self.c, self.g.number(ctx), v)
    }
    fn text(&mut self, given: Option<&str>) -> Result<String, LinkError> {
        if !self.c.decoding() && given.is_none() {
            return Err(LinkError::Corrupt);
        }
        text(self.c, self.text, given)
    }
    fn count(&mut self, ctx: u16, given: Option<usize>, cap: usize) -> Result<usize, LinkError> {
        let v = self.given(given)?;
        if ctx as usize >= CONTEXTS {
            return Err(LinkError::Corrupt);
        }
        count(self.c, self.g.number(ctx), v, cap)
    }
    /// One exact split of the range (`Coder::split`), as link version 1 coded Race for X's
    /// losses and forces.
    fn chance(&mut self, yes: u32, total: u32, given: Option<bool>) -> Result<bool, LinkError> {
        let v = self.given(given)?;
        let no = total.checked_sub(yes).ok_or(LinkError::Corrupt)?;
        self.c.split(no, total, v)
    }
    fn spend(&mut self, n: u64) -> Result<(), LinkError> {
        self.c.spend(n)
    }
    fn refuse(&self) -> LinkError {
        LinkError::Corrupt
    }
}

fn replay_error(at: usize, message: String) -> LinkError {
    LinkError::DoesNotReplay(ReplayError { at, message }.to_string())
}

type Journal<S> = Vec<Action<<S as crate::engine::System>::Decision>>;
/// Writing, the campaign to code: its setup and journal.
type Given<'a, S> =
    Option<(&'a <S as crate::engine::System>::Setup, &'a [Action<<S as crate::engine::System>::Decision>])>;

/// A campaign of system `S`: its setup through the grammar `G` (the system's own, or an older
/// one kept for reading old links), then its journal replayed. Encoding, anything the grammar
/// cannot express, or a line the rules refuse, fails the coding (the caller then sends the
/// campaign as JSON text).
pub(super) fn code_campaign<S: System, G: GrammarOf<S>>(
    c: &mut dyn Coder,
    m: &mut Models,
    given: Given<'_, S>,
) -> Result<(S::Setup, Journal<S>), LinkError> {
    let setup = code_setup::<S, G>(c, m, given.map(|g| g.0))?;
    let journal = given.map(|g| g.1);
    let n = int(c, &mut m.lines, journal.map_or(0, |j| j.len() as u64))?;
    if n > MAX_LINES as u64 {
        return Err(LinkError::TooLarge);
    }
    c.spend(n)?;
    let mut cost = ReplayCost::new::<S>(&setup);
    let out = replayed_lines::<S, G>(c, m, &setup, n as usize, journal, &mut cost)?;
    Ok((setup, out))
}

/// A setup through the grammar `G`, its contexts in `m.grammar`. Never inlined: one copy for
/// both sides of the coder.
#[inline(never)]
pub(super) fn code_setup<S: System, G: GrammarOf<S>>(
    c: &mut dyn Coder,
    m: &mut Models,
    given: Option<&S::Setup>,
) -> Result<S::Setup, LinkError> {
    G::setup(&mut LinkChooser { c, text: &mut m.text, g: &mut m.grammar }, given)
}

/// A decision of position `state` through the grammar `G`. Never inlined: one copy for both
/// sides of the coder.
#[inline(never)]
pub(super) fn code_decision<S: System, G: GrammarOf<S>>(
    c: &mut dyn Coder,
    m: &mut Models,
    setup: &S::Setup,
    state: &S::State,
    given: Option<&S::Decision>,
) -> Result<S::Decision, LinkError> {
    G::decision(setup, state, &mut LinkChooser { c, text: &mut m.text, g: &mut m.grammar }, given)
}

/// `n` journal lines coded while the engine replays them: each line's kind among those
/// possible now, a decision through the grammar, its dice. Encoding, a line that does not
/// fit (it breaks the rules) fails the whole coding.
pub(super) fn replayed_lines<S: System, G: GrammarOf<S>>(
    c: &mut dyn Coder,
    m: &mut Models,
    setup: &S::Setup,
    n: usize,
    journal: Option<&[Action<S::Decision>]>,
    cost: &mut ReplayCost,
) -> Result<Journal<S>, LinkError> {
    let mut game = Campaign::<S>::new(setup.clone()).map_err(|e| match c.decoding() {
        true => replay_error(0, format!("setup: {e}")),
        false => LinkError::Corrupt,
    })?;
    let mut out = Vec::with_capacity(n);
    let (mut before, mut roller) = (LINE_DECIDE, 0);
    for at in 0..n {
        let line = journal.map(|j| &j[at]);
        let given = line.map_or(LINE_DECIDE, line_kind);
        let possible = [!G::over(setup, game.state()), game.can_undo(), game.can_redo()];
        let kind = code_line_kind(c, m, possible, before, given)?;
        before = kind;
        match kind {
            LINE_DECIDE => {
                let entry = match line {
                    Some(Action::Decide(e)) => Some(e),
                    _ => None,
                };
                let decision = code_decision::<S, G>(c, m, setup, game.state(), entry.map(|e| &e.decision))?;
                let spec = S::dice(setup, game.state(), &decision);
                let dice = code_dice(c, m, spec, entry.map(|e| &e.dice[..]), &mut roller)?;
                cost.add::<S>(setup, &decision)?;
                let values = dice.iter().map(|r| r.value).collect();
                game.decide(decision.clone(), DiceInput::Typed(values)).map_err(|e| match c.decoding() {
                    true => replay_error(at, e.to_string()),
                    false => LinkError::Corrupt,
                })?;
                out.push(Action::Decide(Entry::new(decision, dice)));
            }
            LINE_UNDO => {
                game.undo();
                out.push(Action::Undo);
            }
            _ => {
                cost.add_state()?;
                game.redo().map_err(|e| replay_error(at, e.to_string()))?;
                out.push(Action::Redo);
            }
        }
    }
    Ok(out)
}

/// The dice the rules ask for: who rolled each (adaptive, by the roller of the die before)
/// and its face, every face as likely.
pub(super) fn code_dice<C: Coder + ?Sized>(
    c: &mut C,
    m: &mut Models,
    spec: Option<DiceSpec>,
    given: Option<&[Roll]>,
    roller: &mut usize,
) -> Result<Vec<Roll>, LinkError> {
    let given = given.unwrap_or(&[]);
    let Some(spec) = spec else {
        return if given.is_empty() { Ok(Vec::new()) } else { Err(LinkError::Corrupt) };
    };
    let (n, sides) = (spec.count as usize, spec.die.sides());
    if !c.decoding() && (given.len() != n || given.iter().any(|r| r.die != spec.die || !(1..=sides).contains(&r.value)))
    {
        return Err(LinkError::Corrupt);
    }
    c.spend(n as u64)?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let g = given.get(i);
        let table = c.bit(&mut m.table[*roller], g.is_some_and(|r| r.by == Roller::Table))?;
        *roller = table as usize;
        let value = c.uniform(sides as u32, g.map_or(0, |r| r.value as u32 - 1))? as u16 + 1;
        out.push(Roll { die: spec.die, value, by: if table { Roller::Table } else { Roller::App } });
    }
    Ok(out)
}
