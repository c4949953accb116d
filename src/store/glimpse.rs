//! What a campaign's screen last showed on this device, for the next opening's early drawing.

use super::{Backend, StoreError};

/// The step a campaign's screen last showed on this device, to whoever holds it (never during a
/// hand-over): its heading and its first paragraphs of guidance. The page draws it while the
/// system's code is fetched, in the same place and size as the screen that follows, so that
/// screen paints nothing larger. It stays on the device, under a key of its own
/// (`GLIMPSE_PREFIX`): no file, link or backup carries it, and it shows nothing the holder's own
/// screen would not show on opening.
///
/// Stored as a JSON list of strings: the heading, then a kind and a text for each paragraph
/// (`["Table area", "info", "…"]`). Glimpses written before paragraphs had kinds are the heading
/// and one hint (`["Offensive actions", "Each player…"]`), read as such here and by index.html.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Glimpse {
    pub title: String,
    pub paras: Vec<(Para, String)>,
}

/// A paragraph of a step as its screen draws it: the class it is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Para {
    /// Guidance in a quieter type (`p.hint`).
    Hint,
    /// Where things stand, in bold (`p.info`).
    Info,
}

impl Para {
    pub fn class(self) -> &'static str {
        match self {
            Para::Hint => "hint",
            Para::Info => "info",
        }
    }

    pub fn from_class(class: &str) -> Option<Para> {
        match class {
            "hint" => Some(Para::Hint),
            "info" => Some(Para::Info),
            _ => None,
        }
    }
}

/// Where a campaign's `Glimpse` is kept.
pub const GLIMPSE_PREFIX: &str = "fielddesk.glimpse.";

impl Glimpse {
    /// Longer words are cut here: a glimpse is a line or two.
    pub const MAX_CHARS: usize = 400;
    /// The paragraphs kept: the first ones of the step.
    pub const MAX_PARAS: usize = 2;

    /// Tidied words (spaces as one, cut at `MAX_CHARS`); empty paragraphs and those past
    /// `MAX_PARAS` are left out. None without a heading.
    pub fn new(title: &str, paras: impl IntoIterator<Item = (Para, String)>) -> Option<Glimpse> {
        let cut = |t: &str| {
            t.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(Self::MAX_CHARS).collect::<String>()
        };
        let title = cut(title);
        let paras = paras
            .into_iter()
            .map(|(kind, text)| (kind, cut(&text)))
            .filter(|(_, text)| !text.is_empty())
            .take(Self::MAX_PARAS)
            .collect();
        (!title.is_empty()).then_some(Glimpse { title, paras })
    }

    fn to_text(&self) -> String {
        let mut words = vec![self.title.as_str()];
        for (kind, text) in &self.paras {
            words.extend([kind.class(), text.as_str()]);
        }
        serde_json::to_string(&words).expect("strings serialise")
    }

    fn from_text(text: &str) -> Option<Glimpse> {
        // Read as written (`set_glimpse` takes words tidied by `Glimpse::new`): the shell reads
        // this on every opening, so it carries no tidying code of its own.
        let words: Vec<String> = crate::engine::json::from_str(text).ok()?;
        let (title, rest) = words.split_first()?;
        if title.trim().is_empty() {
            return None;
        }
        let paras = match rest {
            // Written before paragraphs had kinds: the heading and its hint.
            [hint] => vec![(Para::Hint, hint.clone())],
            _ => rest.chunks_exact(2).map_while(|pair| Some((Para::from_class(&pair[0])?, pair[1].clone()))).collect(),
        };
        let paras = paras.into_iter().filter(|(_, t)| !t.is_empty()).collect();
        Some(Glimpse { title: title.clone(), paras })
    }
}

/// What a campaign's screen last showed on this device (none if unreadable: it is only a glimpse).
pub fn glimpse(b: &dyn Backend, id: &str) -> Option<Glimpse> {
    Glimpse::from_text(&b.get(&format!("{GLIMPSE_PREFIX}{id}")).ok()??)
}

/// Remembers what a campaign's screen shows now (`None`: forgets it). Writes only on a change.
pub fn set_glimpse(b: &mut dyn Backend, id: &str, glimpse: Option<Glimpse>) -> Result<(), StoreError> {
    match glimpse {
        Some(g) if self::glimpse(b, id).as_ref() == Some(&g) => Ok(()),
        Some(g) => b.set(&format!("{GLIMPSE_PREFIX}{id}"), &g.to_text()),
        None => forget_glimpse(b, id),
    }
}

/// Forgets what a campaign's screen showed. Apart from `set_glimpse` so that the list's shell,
/// which deletes campaigns, does not carry the glimpse's writing code.
pub(super) fn forget_glimpse(b: &mut dyn Backend, id: &str) -> Result<(), StoreError> {
    b.remove(&format!("{GLIMPSE_PREFIX}{id}"))
}
