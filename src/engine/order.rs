//! Sorting compiled once (issue 32). The standard library's sort is compiled afresh for every
//! element type and comparator, a few KB of wasm each time; these sort a list of positions with
//! the comparator behind a reference (one compiled sort for the whole app), then put the elements
//! in that order. Stable, as `slice::sort_by` is. The lists sorted here are short (a roster, a
//! hand of dice, the campaign list).

use std::cmp::Ordering;

/// `v` sorted by `cmp`, stably.
pub fn sort_by<T>(v: &mut [T], cmp: impl Fn(&T, &T) -> Ordering) {
    let order = positions(v.len(), &|a, b| cmp(&v[a], &v[b]));
    // Position i takes the element first at order[i]; one already moved is found further along
    // the cycle it was moved on.
    for i in 0..order.len() {
        let mut j = order[i];
        while j < i {
            j = order[j];
        }
        v.swap(i, j);
    }
}

/// `v` in ascending order.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp)
}

/// `v` sorted by `key`, stably.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], key: impl Fn(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)))
}

/// The positions 0..n in the order `cmp` gives them.
fn positions(n: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_as_the_standard_library_does_stably() {
        let mut seed = 7u64;
        let mut next = move || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        for n in 0..40 {
            for _ in 0..50 {
                let v: Vec<(u32, u32)> = (0..n).map(|i| (next() % 5, i)).collect();
                let mut ours = v.clone();
                sort_by_key(&mut ours, |p| p.0);
                let mut std = v.clone();
                std.sort_by_key(|p| p.0);
                assert_eq!(ours, std);
                let mut ours = v.clone();
                sort_by(&mut ours, |a, b| b.cmp(a));
                let mut std = v;
                std.sort_by(|a, b| b.cmp(a));
                assert_eq!(ours, std);
            }
        }
    }
}
