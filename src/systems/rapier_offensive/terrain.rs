//! The difficult-terrain options applied to a move: halting (no passing through difficult
//! ground in one move unless on a road; vehicles kept out of impassable sectors) and bogging
//! (1d6 to enter each new sector). The tables are in `optional.rs`.

use super::grid::Sector;
use super::optional::{bog_class, bogging_target, destroys_wire, is_difficult, Terrain};
use super::setup::Setup;
use super::state::{CounterPlace, State};
use super::units::{Mobility, Piece, UnitKind};
use serde::{Deserialize, Serialize};

/// One sector's ground, as the scenario draws it; sectors not listed are open, no road.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectorGround {
    pub sector: Sector,
    pub ground: Terrain,
    pub road: bool,
    /// Impassable to vehicles (an unfordable river) unless on a road or bridge.
    pub impassable: bool,
}

fn ground(setup: &Setup, x: Sector) -> SectorGround {
    setup.terrain.iter().copied().find(|g| g.sector == x).unwrap_or(SectorGround {
        sector: x,
        ground: Terrain::Open,
        road: false,
        impassable: false,
    })
}

/// Armour, motorised infantry and every gun.
pub fn is_vehicle(kind: UnitKind) -> bool {
    matches!(
        kind,
        UnitKind::Armour(_) | UnitKind::Gun { .. } | UnitKind::Infantry { mobility: Mobility::Motorised, .. }
    )
}

/// The man-made obstacles standing in a sector, as terrain.
fn obstacles(s: &State, x: Sector) -> Vec<Terrain> {
    s.counters_in(x)
        .filter_map(|c| match c.piece {
            Some(Piece::Wire) => Some(Terrain::Wire),
            Some(Piece::AtObstacle) => Some(Terrain::AtObstacles),
            _ => None,
        })
        .collect()
}

/// Halting: whether a unit of `kind` may not pass through `x` (only enter it and stop).
pub fn halts(setup: &Setup, s: &State, x: Sector, kind: UnitKind) -> bool {
    if !setup.options.halting {
        return false;
    }
    let g = ground(setup, x);
    let natural = !g.road && is_difficult(g.ground, kind);
    natural || obstacles(s, x).into_iter().any(|o| is_difficult(o, kind)) || has_minefield(s, x)
}

fn has_minefield(s: &State, x: Sector) -> bool {
    s.counters_in(x).any(|c| c.revealed && c.piece == Some(Piece::Minefield))
}

/// Halting: vehicles stay out of impassable sectors unless a road or bridge crosses them.
pub fn impassable(setup: &Setup, x: Sector, kind: UnitKind) -> bool {
    let g = ground(setup, x);
    setup.options.halting && g.impassable && !g.road && g.ground != Terrain::BridgeOrFord && is_vehicle(kind)
}

/// Bogging: the least score to enter `x`, the hardest of its ground (a road replaces it) and
/// its obstacles; 1 with the option off.
pub fn bog_target(setup: &Setup, s: &State, x: Sector, kind: UnitKind) -> u16 {
    if !setup.options.bogging {
        return 1;
    }
    let g = ground(setup, x);
    let class = bog_class(kind);
    let base = if g.road { Terrain::Road } else { g.ground };
    std::iter::once(base).chain(obstacles(s, x)).filter_map(|t| bogging_target(t, class)).max().unwrap_or(1)
}

/// Armour that bogs its way into wire destroys it.
pub fn crush_wire(s: &mut State, x: Sector, kind: UnitKind) {
    if destroys_wire(Terrain::Wire, bog_class(kind)) {
        for c in s.counters.iter_mut().filter(|c| c.place == CounterPlace::On(x) && c.piece == Some(Piece::Wire)) {
            c.place = CounterPlace::Gone;
            c.revealed = true;
        }
    }
}
