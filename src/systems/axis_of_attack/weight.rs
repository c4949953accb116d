//! Replay work (`System::start_weight`, `System::weight`): roughly the bytes a position holds
//! and each decision leaves in every later one, for the bound a replay from a link obeys.

use super::company::{Platoon, Setup};
use super::rules::Decision;
use super::state::GameOption;

fn platoon(p: &Platoon) -> usize {
    128 + p.name.len() + p.upgrades.len() + p.vehicles.len()
}

/// Both rosters (every position holds them, texts included), the ledger's and turn's fixed
/// parts, and the setup's other texts (a history line may quote them).
pub(super) fn start_weight(setup: &Setup) -> usize {
    let players: usize = setup
        .players
        .iter()
        .map(|p| {
            let air: usize = p.air.iter().map(|a| 16 + a.name.len()).sum();
            p.name.len() + p.army.len() + p.company.len() + air + p.platoons.iter().map(platoon).sum::<usize>()
        })
        .sum();
    1024 + players
}

/// What the decision leaves in the turn under way, the ledger and the rosters.
pub(super) fn weight(d: &Decision) -> usize {
    64 + match d {
        Decision::Note { text } => text.len(),
        Decision::ChooseArea { area, .. } => area.len(),
        Decision::SubmitForce { force, .. } => {
            let option = match &force.option {
                Some(GameOption::ExtraSmoke { platoons }) | Some(GameOption::PreRegistered { platoons }) => {
                    2 * platoons.len()
                }
                _ => 0,
            };
            16 * force.platoons.len() + option
        }
        Decision::RecordResult(r) => 64 + 2 * r.recon.len(),
        Decision::RecordCasualties { reports, .. } => 48 * reports.len(),
        Decision::Reinforce { assign, .. } => 8 * assign.len(),
        Decision::ExchangeSupport { new, .. } => platoon(new),
        Decision::TopUp { platoons, .. } => 4 * platoons.len(),
        _ => 0,
    }
}
