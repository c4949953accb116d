//! Dice: what a decision asks for, rolling from a supplied `rand::Rng`, and checking dice typed in
//! from the table. Nothing here reads a random source itself: the caller hands one in.

use rand::Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One kind of die. Percentile is a single roll of 1..=100.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Die {
    D3,
    D6,
    D10,
    D100,
}

impl Die {
    pub fn sides(self) -> u16 {
        match self {
            Die::D3 => 3,
            Die::D6 => 6,
            Die::D10 => 10,
            Die::D100 => 100,
        }
    }
    pub fn label(self) -> &'static str {
        match self {
            Die::D3 => "d3",
            Die::D6 => "d6",
            Die::D10 => "d10",
            Die::D100 => "d100",
        }
    }
}

/// A pool of `count` dice of one kind; the `drop_highest` highest are set aside before the
/// result is read (e.g. 5d6 drop the highest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceSpec {
    pub count: u16,
    pub die: Die,
    pub drop_highest: u8,
}

impl DiceSpec {
    pub const fn one(die: Die) -> DiceSpec {
        DiceSpec { count: 1, die, drop_highest: 0 }
    }
    pub const fn pool(count: u16, die: Die) -> DiceSpec {
        DiceSpec { count, die, drop_highest: 0 }
    }
    pub const fn drop_highest(self, n: u8) -> DiceSpec {
        DiceSpec { drop_highest: n, ..self }
    }

    /// "1d6", "5d6 (drop the highest)", "12d6".
    pub fn label(&self) -> String {
        let mut s = format!("{}{}", self.count, self.die.label());
        if self.drop_highest == 1 {
            s.push_str(" (drop the highest)");
        } else if self.drop_highest > 1 {
            s.push_str(&format!(" (drop the {} highest)", self.drop_highest));
        }
        s
    }

    /// Checks dice typed in from the table: the right count, each die in range.
    pub fn check(&self, values: &[u16]) -> Result<(), DiceError> {
        if values.len() != self.count as usize {
            return Err(DiceError::WrongCount { expected: self.count, got: values.len() });
        }
        let sides = self.die.sides();
        for (index, &value) in values.iter().enumerate() {
            if value < 1 || value > sides {
                return Err(DiceError::OutOfRange { index, value, sides });
            }
        }
        Ok(())
    }

    /// Reads dice typed at the table. Separators (space, comma, plus, slash) are optional for
    /// dice of one digit, so "3 5 6", "3,5,6" and "356" all mean the same three d6.
    /// For percentile dice "00" means 100.
    pub fn parse(&self, text: &str) -> Result<Vec<u16>, DiceError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(DiceError::Empty { expected: self.count });
        }
        let single_digit = self.die.sides() < 10;
        let mut values = Vec::new();
        for token in text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '+' | '/' | ';')) {
            if token.is_empty() {
                continue;
            }
            if !token.chars().all(|c| c.is_ascii_digit()) {
                return Err(DiceError::NotANumber { text: token.to_string() });
            }
            if single_digit {
                values.extend(token.chars().map(|c| c.to_digit(10).unwrap() as u16));
            } else {
                let v: u32 = token.parse().map_err(|_| DiceError::NotANumber { text: token.to_string() })?;
                let v = if self.die == Die::D100 && token == "00" { 100 } else { v };
                values.push(v.min(u16::MAX as u32) as u16);
            }
        }
        self.check(&values)?;
        Ok(values)
    }

    /// Rolls the pool from `rng` (the browser's entropy in the app, a seeded generator in
    /// tests); every face is exactly equally likely.
    pub fn roll<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<u16> {
        (0..self.count).map(|_| roll_die(self.die, rng)).collect()
    }

    /// The hint in the typed-dice box: as many example faces as the roll takes.
    pub fn typing_hint(&self) -> String {
        const FACES: [u16; 8] = [3, 5, 1, 6, 2, 4, 8, 7];
        let sides = self.die.sides();
        let faces: Vec<String> = (0..self.count as usize)
            .map(|i| if sides == 100 { 42 } else { 1 + (FACES[i % FACES.len()] - 1) % sides })
            .map(|v| v.to_string())
            .collect();
        match self.count {
            1 => format!("e.g. {}", faces[0]),
            n => format!("{n} dice, e.g. {}", faces.join(" ")),
        }
    }

    /// The dice that count once the highest are dropped, in the order rolled.
    pub fn kept(&self, values: &[u16]) -> Vec<u16> {
        let mut drop: Vec<usize> = (0..values.len()).collect();
        crate::engine::order::sort_by(&mut drop, |&a, &b| values[b].cmp(&values[a]).then(a.cmp(&b)));
        drop.truncate(self.drop_highest as usize);
        values.iter().enumerate().filter(|(i, _)| !drop.contains(i)).map(|(_, &v)| v).collect()
    }
}

/// One die from `rng`: rand's uniform range sampling is unbiased (no face gets the remainder).
pub fn roll_die<R: Rng + ?Sized>(die: Die, rng: &mut R) -> u16 {
    rng.random_range(1..=die.sides())
}

/// Who produced a die: the app (from the browser's entropy) or a player at the table, or two
/// devices together (a joint roll, `engine::campaign::joint`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Roller {
    App,
    Table,
    Joint,
}

/// One die as recorded in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub die: Die,
    pub value: u16,
    pub by: Roller,
}

pub fn values(rolls: &[Roll]) -> Vec<u16> {
    rolls.iter().map(|r| r.value).collect()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiceError {
    Empty {
        expected: u16,
    },
    WrongCount {
        expected: u16,
        got: usize,
    },
    OutOfRange {
        index: usize,
        value: u16,
        sides: u16,
    },
    NotANumber {
        text: String,
    },
    /// Stored dice do not match what the decision needs (a damaged log).
    WrongDie,
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceError::Empty { expected } => write!(f, "Type the {} you rolled.", dice_word(*expected)),
            DiceError::WrongCount { expected, got } => write!(
                f,
                "This roll needs {} but {} {} typed.",
                dice_word(*expected),
                got,
                if *got == 1 { "was" } else { "were" }
            ),
            DiceError::OutOfRange { index, value, sides } => {
                write!(f, "Die {} shows {}, but these dice go from 1 to {}.", index + 1, value, sides)
            }
            DiceError::NotANumber { text } => write!(f, "\"{text}\" is not a number."),
            DiceError::WrongDie => write!(f, "The recorded dice are not the kind this roll uses."),
        }
    }
}

fn dice_word(n: u16) -> String {
    if n == 1 {
        "1 die".to_string()
    } else {
        format!("{n} dice")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_accepts_table_shorthand() {
        let three = DiceSpec::pool(3, Die::D6);
        assert_eq!(three.parse("3 5 6"), Ok(vec![3, 5, 6]));
        assert_eq!(three.parse("3,5,6"), Ok(vec![3, 5, 6]));
        assert_eq!(three.parse("356"), Ok(vec![3, 5, 6]));
        assert_eq!(three.parse("35"), Err(DiceError::WrongCount { expected: 3, got: 2 }));
        assert_eq!(three.parse("357"), Err(DiceError::OutOfRange { index: 2, value: 7, sides: 6 }));
        assert_eq!(three.parse("305"), Err(DiceError::OutOfRange { index: 1, value: 0, sides: 6 }));
        assert_eq!(three.parse(""), Err(DiceError::Empty { expected: 3 }));
        assert!(matches!(three.parse("3 x 5"), Err(DiceError::NotANumber { .. })));
        let d10 = DiceSpec::pool(2, Die::D10);
        assert_eq!(d10.parse("10 1"), Ok(vec![10, 1]));
        assert!(d10.parse("101").is_err());
        let pct = DiceSpec::one(Die::D100);
        assert_eq!(pct.parse("00"), Ok(vec![100]));
        assert_eq!(pct.parse("07"), Ok(vec![7]));
        assert!(pct.parse("101").is_err());
        let d3 = DiceSpec::one(Die::D3);
        assert!(d3.parse("4").is_err());
    }

    #[test]
    fn roll_covers_every_face_evenly_and_stays_in_range() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for die in [Die::D3, Die::D6, Die::D10, Die::D100] {
            let n = 400 * die.sides() as usize;
            let rolled = DiceSpec::pool(n as u16, die).roll(&mut rng);
            let mut seen = vec![0usize; die.sides() as usize];
            for &v in &rolled {
                assert!(v >= 1 && v <= die.sides(), "{v} on a {die:?}");
                seen[v as usize - 1] += 1;
            }
            // 400 expected per face; a fair die lands well inside 250..550.
            assert!(seen.iter().all(|&c| (250..550).contains(&c)), "{die:?}: {seen:?}");
        }
    }

    #[test]
    fn the_typing_hint_shows_as_many_dice_as_the_roll_takes() {
        assert_eq!(DiceSpec::one(Die::D6).typing_hint(), "e.g. 3");
        assert_eq!(DiceSpec::pool(2, Die::D6).typing_hint(), "2 dice, e.g. 3 5");
        assert_eq!(DiceSpec::pool(5, Die::D6).typing_hint(), "5 dice, e.g. 3 5 1 6 2");
        assert_eq!(DiceSpec::pool(3, Die::D3).typing_hint(), "3 dice, e.g. 3 2 1");
        assert_eq!(DiceSpec::one(Die::D100).typing_hint(), "e.g. 42");
        assert_eq!(DiceSpec::pool(2, Die::D10).typing_hint(), "2 dice, e.g. 3 5");
    }

    #[test]
    fn kept_drops_the_highest() {
        let spec = DiceSpec::pool(5, Die::D6).drop_highest(1);
        assert_eq!(spec.kept(&[6, 2, 6, 5, 1]), vec![2, 6, 5, 1]);
        assert_eq!(spec.label(), "5d6 (drop the highest)");
    }
}
