//! A random legal Race for X force, for the random suites and the share-link playthroughs
//! (included with `#[path]` beside `rng.rs`).
#![allow(dead_code)]

use super::rng::Rng;
use field_desk::systems::race_for_x::rules;
use field_desk::systems::race_for_x::state::PlayerState;
use field_desk::systems::race_for_x::Orbat;

/// The order the units are handed to `FieldForces` in.
#[derive(Clone, Copy)]
pub enum Order {
    /// As if tapped at random.
    Shuffled,
    /// As tapped down the list.
    AsListed,
}

/// A force of exactly `n` units honouring the HQ deployment rule.
pub fn legal_force(orbat: &Orbat, p: &PlayerState, n: usize, rng: &mut Rng, order: Order) -> Vec<u16> {
    let fieldable = rules::fieldable_units(orbat, p);
    assert!(n <= fieldable.len(), "asked for {n} units, {} can be fielded", fieldable.len());
    for _ in 0..200 {
        let mut pool = fieldable.clone();
        rng.shuffle(&mut pool);
        let mut set: Vec<u16> = pool[..n].to_vec();
        for _ in 0..20 {
            let required = rules::required_hqs(orbat, p, &set);
            let missing: Vec<u16> = required.iter().copied().filter(|h| !set.contains(h)).collect();
            if missing.is_empty() && set.len() == n {
                match order {
                    Order::Shuffled => rng.shuffle(&mut set),
                    Order::AsListed => set.sort_unstable(),
                }
                return set;
            }
            set.extend(missing);
            while set.len() > n {
                let required = rules::required_hqs(orbat, p, &set);
                let removable: Vec<usize> = (0..set.len()).filter(|&i| !required.contains(&set[i])).collect();
                if removable.is_empty() {
                    break;
                }
                set.remove(rng.pick(&removable));
            }
            while set.len() < n {
                let rest: Vec<u16> = fieldable.iter().copied().filter(|u| !set.contains(u)).collect();
                set.push(rng.pick(&rest));
            }
        }
    }
    panic!("no legal force of {n} units found among {fieldable:?}");
}
