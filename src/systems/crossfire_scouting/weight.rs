//! Replay work (`System::start_weight`, `System::weight`): roughly the bytes a position holds
//! and each decision leaves in every later one, for the bound a replay from a link obeys.

use super::rules::Decision;
use super::team::{Scout, Setup};

/// Every figure's state, the rules' walks over the areas, and the setup's texts (a history
/// line may quote any of them).
pub(super) fn start_weight(setup: &Setup) -> usize {
    let scout = |s: &Scout| 96 + s.name.len();
    let teams: usize =
        setup.teams.iter().map(|t| t.name.len() + scout(&t.leader) + t.scouts.iter().map(scout).sum::<usize>()).sum();
    let areas: usize = setup.areas.iter().map(|a| 32 + a.name.len()).sum();
    1024 + teams + areas
}

/// A spotting attempt is remembered (areas tried, finds); a reveal adds a find; the rest
/// moves what is there.
pub(super) fn weight(d: &Decision) -> usize {
    match d {
        Decision::AttemptSpot { .. } | Decision::Reveal { .. } => 32,
        _ => 8,
    }
}
