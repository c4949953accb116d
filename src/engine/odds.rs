//! Exact odds by enumerating every outcome of the dice. No sampling.

use super::dice::DiceSpec;

/// An exact probability `num / den`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chance {
    pub num: u64,
    pub den: u64,
}

impl Chance {
    pub fn new(num: u64, den: u64) -> Chance {
        let g = gcd(num, den).max(1);
        Chance { num: num / g, den: den / g }
    }
    pub fn zero() -> Chance {
        Chance { num: 0, den: 1 }
    }
    pub fn as_f64(&self) -> f64 {
        self.num as f64 / self.den as f64
    }
    /// The chance in tenths of a percent, rounded half up: 167 for 1/6.
    pub fn tenths(&self) -> u64 {
        let twice = u128::from(self.num) * 2000 / u128::from(self.den.max(1));
        twice.div_ceil(2) as u64
    }
    /// "50%", "16.7%", "0.1%", "<0.1%", "100%". Worked out in whole numbers: float formatting
    /// would bring its digit-generation code into every system's chunk (issue 32).
    pub fn percent(&self) -> String {
        if self.num == 0 {
            return "0%".into();
        }
        if self.num == self.den {
            return "100%".into();
        }
        match self.tenths() {
            0 => "<0.1%".into(),
            t if t % 10 == 0 => format!("{}%", t / 10),
            t => format!("{}.{}%", t / 10, t % 10),
        }
    }
    /// "1 in 6" style: "2/6" reduced, e.g. "1/3".
    pub fn fraction(&self) -> String {
        format!("{}/{}", self.num, self.den)
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Largest pool enumerated outcome by outcome (6^7 = 279,936 outcomes).
pub const MAX_ENUMERATED: u64 = 300_000;

/// Number of ordered outcomes of the pool.
pub fn outcome_count(spec: &DiceSpec) -> u64 {
    (spec.die.sides() as u64).saturating_pow(spec.count as u32)
}

/// Calls `visit` once for every ordered outcome of the pool, in ascending order (first die
/// slowest). Panics on pools beyond `MAX_ENUMERATED` outcomes: callers use `binomial` then.
pub fn for_each_outcome(spec: &DiceSpec, mut visit: impl FnMut(&[u16])) {
    assert!(outcome_count(spec) <= MAX_ENUMERATED, "pool too large to enumerate");
    let sides = spec.die.sides();
    let mut dice = vec![1u16; spec.count as usize];
    loop {
        visit(&dice);
        let mut i = dice.len();
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            if dice[i] < sides {
                dice[i] += 1;
                break;
            }
            dice[i] = 1;
        }
    }
}

/// Odds of each result of a table read from the dice: `read` maps one outcome to a result.
/// Results come out in the order they are first met, which for a table read from the total
/// of ascending dice is the table's own order.
pub fn tally<T: PartialEq + Clone>(spec: &DiceSpec, read: impl Fn(&[u16]) -> T) -> Vec<(T, Chance)> {
    let (odds, _) = tallied(spec, false, &read);
    odds
}

/// `tally`, with the faces that give each result as a table prints them ("1-2", "3, 5", "6"):
/// a single die's faces, or the totals of a pool whose result is read from its total (kept
/// dice only). Where a result is not read from one number (opposed dice, counted hits), the
/// faces are `None`: the odds stand alone.
pub fn tally_faced<T: PartialEq + Clone>(spec: &DiceSpec, read: impl Fn(&[u16]) -> T) -> Faced<T> {
    let (odds, faces) = tallied(spec, true, &read);
    Faced { odds, faces }
}

/// The results `read` gives, numbered as first met, for `counted`: the part of a tally that
/// knows the result's type.
fn tallied<T: PartialEq>(
    spec: &DiceSpec,
    faced: bool,
    read: &dyn Fn(&[u16]) -> T,
) -> (Vec<(T, Chance)>, Option<Vec<String>>) {
    let mut results: Vec<T> = Vec::new();
    let (counts, faces) = counted(spec, faced, &mut |dice| {
        let r = read(dice);
        match results.iter().position(|t| *t == r) {
            Some(i) => i,
            None => {
                results.push(r);
                results.len() - 1
            }
        }
    });
    let total = outcome_count(spec);
    (results.into_iter().zip(counts).map(|(t, n)| (t, Chance::new(n, total))).collect(), faces)
}

/// How many outcomes give each result (`number` numbers an outcome's result, new results
/// next), and with `faced` the faces of each. Every table's odds go through this one
/// enumeration (issue 32: compiled once, not once per table read).
#[inline(never)]
fn counted(spec: &DiceSpec, faced: bool, number: &mut dyn FnMut(&[u16]) -> usize) -> (Vec<u64>, Option<Vec<String>>) {
    let mut counts: Vec<u64> = Vec::new();
    let mut by_total: Vec<(u32, usize)> = Vec::new();
    let mut one_number = faced;
    for_each_outcome(spec, |dice| {
        let i = number(dice);
        if i >= counts.len() {
            counts.resize(i + 1, 0);
        }
        counts[i] += 1;
        if !one_number {
            return;
        }
        let total: u32 = spec.kept(dice).iter().map(|&d| d as u32).sum();
        match by_total.iter().find(|(t, _)| *t == total) {
            Some(&(_, j)) if j != i => one_number = false,
            Some(_) => {}
            None => by_total.push((total, i)),
        }
    });
    let faces = one_number.then(|| {
        (0..counts.len())
            .map(|i| {
                let mut totals: Vec<u32> = by_total.iter().filter(|(_, j)| *j == i).map(|(t, _)| *t).collect();
                crate::engine::order::sort(&mut totals);
                ranges(&totals)
            })
            .collect()
    });
    (counts, faces)
}

/// Odds of each result with the faces that give it (`tally_faced`).
#[derive(Clone, Debug, PartialEq)]
pub struct Faced<T> {
    pub odds: Vec<(T, Chance)>,
    pub faces: Option<Vec<String>>,
}

impl<T> Faced<T> {
    /// The results in words, each keeping its faces: what `RollPreview` takes.
    pub fn label(self, words: impl Fn(T) -> String) -> (Vec<(String, Chance)>, Option<Vec<String>>) {
        (self.odds.into_iter().map(|(t, c)| (words(t), c)).collect(), self.faces)
    }
}

/// Sorted numbers as a table prints them: runs as "3-5", the rest by commas ("1, 3-5, 7").
pub fn ranges(sorted: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len() && sorted[j + 1] == sorted[j] + 1 {
            j += 1;
        }
        parts.push(if j > i { format!("{}-{}", sorted[i], sorted[j]) } else { sorted[i].to_string() });
        i = j + 1;
    }
    parts.join(", ")
}

/// Chance that one die of the pool's kind shows `target` or more.
pub fn at_least(spec: &DiceSpec, target: i32) -> Chance {
    let sides = spec.die.sides() as i32;
    let hits = (sides - target.max(1) + 1).clamp(0, sides);
    Chance::new(hits as u64, sides as u64)
}

/// Exact distribution of the number of successes among `n` independent tries that each
/// succeed with chance `p`: entry k is the chance of exactly k successes. Computed in
/// rationals over a common denominator `p.den^n`, so exact while that fits in u128;
/// beyond it the figures are rounded (pools of 40+ d6 are never shown to the last digit).
pub fn binomial(n: usize, p: Chance) -> Vec<f64> {
    let mut dist = vec![0f64; n + 1];
    dist[0] = 1.0;
    let (s, f) = (p.as_f64(), 1.0 - p.as_f64());
    for i in 0..n {
        for k in (0..=i + 1).rev() {
            let stay = dist[k] * f;
            let step = if k > 0 { dist[k - 1] * s } else { 0.0 };
            dist[k] = stay + step;
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::Die;

    #[test]
    fn tally_of_one_d6_against_a_threshold() {
        let spec = DiceSpec::one(Die::D6);
        let odds = tally(&spec, |d| d[0] >= 5);
        assert_eq!(odds, vec![(false, Chance::new(2, 3)), (true, Chance::new(1, 3))]);
    }

    #[test]
    fn tally_of_a_dropped_pool() {
        // 5d6, highest dropped, count 5s and 6s among the rest.
        let spec = DiceSpec::pool(5, Die::D6).drop_highest(1);
        let odds = tally(&spec, |d| spec.kept(d).iter().filter(|&&v| v >= 5).count().min(2));
        let sum: f64 = odds.iter().map(|(_, c)| c.as_f64()).sum();
        assert!((sum - 1.0).abs() < 1e-12);
        // No hits: at most one die shows 5+ (it is the one dropped).
        // P = (4/6)^5 + 5 * (2/6) * (4/6)^4
        let zero = odds.iter().find(|(k, _)| *k == 0).unwrap().1;
        assert_eq!(zero, Chance::new(4u64.pow(5) + 5 * 2 * 4u64.pow(4), 6u64.pow(5)));
    }

    #[test]
    fn faces_of_a_single_die_table() {
        // Race for X's type of battle under Attack: 1-2, 3-5, 6.
        let spec = DiceSpec::one(Die::D6);
        let Faced { odds, faces } = tally_faced(&spec, |d| match d[0] {
            1..=2 => "Counter-attack",
            3..=5 => "Prepared",
            _ => "Hasty",
        });
        assert_eq!(odds.len(), 3);
        assert_eq!(faces.unwrap(), vec!["1-2", "3-5", "6"]);
        // Faces that are not one run.
        let faces = tally_faced(&spec, |d| d[0] % 2 == 0).faces;
        assert_eq!(faces.unwrap(), vec!["1, 3, 5", "2, 4, 6"]);
    }

    #[test]
    fn faces_of_a_pool_read_from_its_total_and_none_for_opposed_dice() {
        let two = DiceSpec::pool(2, Die::D6);
        let faces = tally_faced(&two, |d| (d[0] + d[1]) >= 7).faces;
        assert_eq!(faces.unwrap(), vec!["2-6", "7-12"]);
        // The first die against the second is not read from the total.
        let Faced { odds, faces } = tally_faced(&two, |d| d[0] > d[1]);
        assert_eq!(odds.len(), 2);
        assert_eq!(faces, None);
    }

    #[test]
    fn ranges_text() {
        assert_eq!(ranges(&[1, 2, 3, 5, 7, 8]), "1-3, 5, 7-8");
        assert_eq!(ranges(&[4]), "4");
        assert_eq!(ranges(&[]), "");
    }

    #[test]
    fn percent_text() {
        assert_eq!(Chance::new(3, 6).percent(), "50%");
        assert_eq!(Chance::new(1, 6).percent(), "16.7%");
        assert_eq!(Chance::new(0, 6).percent(), "0%");
        assert_eq!(Chance::new(6, 6).percent(), "100%");
        // Rounded to a tenth, and to a whole percent when the tenth is 0.
        assert_eq!(Chance::new(1, 3).percent(), "33.3%");
        assert_eq!(Chance::new(2, 3).percent(), "66.7%");
        assert_eq!(Chance::new(1, 2000).percent(), "0.1%");
        assert_eq!(Chance::new(1, 2001).percent(), "<0.1%");
        assert_eq!(Chance::new(1999, 2000).percent(), "100%");
        assert_eq!(Chance::new(2999, 3000).percent(), "100%");
        assert_eq!(Chance::new(1, 36).percent(), "2.8%");
        assert_eq!(Chance::new(35, 36).percent(), "97.2%");
        assert_eq!(Chance::new(5, 6).tenths(), 833);
        assert_eq!(at_least(&DiceSpec::one(Die::D6), 5), Chance::new(1, 3));
        assert_eq!(at_least(&DiceSpec::one(Die::D6), 7), Chance::zero());
        assert_eq!(at_least(&DiceSpec::one(Die::D6), 0), Chance::new(1, 1));
    }

    #[test]
    fn binomial_sums_to_one() {
        let d = binomial(4, Chance::new(1, 3));
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((d[0] - (2.0f64 / 3.0).powi(4)).abs() < 1e-12);
    }
}
