//! Discipline rating, the five-step ladder of an ME (README). Called "rating" in the app so it
//! is never confused with a die roll ("DR" in the text means both).

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Rating {
    Raw,
    Trained,
    Experienced,
    Veteran,
    Elite,
}

impl Rating {
    /// The ladder, worst first.
    pub const LADDER: [Rating; 5] = [Rating::Raw, Rating::Trained, Rating::Experienced, Rating::Veteran, Rating::Elite];

    pub fn name(self) -> &'static str {
        match self {
            Rating::Raw => "Raw",
            Rating::Trained => "Trained",
            Rating::Experienced => "Experienced",
            Rating::Veteran => "Veteran",
            Rating::Elite => "Elite",
        }
    }

    fn step(self) -> usize {
        self as usize
    }

    /// One level better; elite stays elite.
    pub fn better(self) -> Rating {
        Rating::LADDER[(self.step() + 1).min(4)]
    }

    /// One level worse; raw stays raw.
    pub fn worse(self) -> Rating {
        Rating::LADDER[self.step().saturating_sub(1)]
    }

    /// The rating of an ME formed by combining two under-strength MEs: one worse than the
    /// better of the two (Combining understrength ME).
    pub fn combined(a: Rating, b: Rating) -> Rating {
        a.max(b).worse()
    }
}
