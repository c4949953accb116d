//! Codes fixed for link version 1: the small enums of a setup, the kinds of dice and the kinds
//! of journal lines, written as numbers fixed here, not by the position of the variants in
//! their enums.

use super::LinkError;
use crate::engine::Action;
#[cfg(test)]
use crate::systems::race_for_x::tables::{CampaignSize, DefenceOption, ForceSize};
#[cfg(test)]
use crate::systems::race_for_x::{FormationKind, StandKind, UnitKind};

/// A code read from a link: unknown ones mean a damaged link.
pub(super) fn code<T>(c: Option<T>) -> Result<T, LinkError> {
    c.ok_or(LinkError::Corrupt)
}

#[cfg(test)]
macro_rules! table {
    ($to:ident, $from:ident, $t:ty, [$($v:path => $c:literal),* $(,)?]) => {
        pub(super) fn $to(x: $t) -> u8 {
            match x { $($v => $c,)* }
        }
        pub(super) fn $from(c: u8) -> Option<$t> {
            match c { $($c => Some($v),)* _ => None }
        }
    };
}

#[cfg(test)]
table!(size, size_of, CampaignSize, [
    CampaignSize::Small => 0, CampaignSize::Medium => 1, CampaignSize::Large => 2, CampaignSize::Huge => 3,
]);
#[cfg(test)]
table!(force, force_of, ForceSize, [
    ForceSize::S1 => 0, ForceSize::S2 => 1, ForceSize::S3 => 2, ForceSize::S4 => 3, ForceSize::S5 => 4, ForceSize::S10 => 5,
]);
#[cfg(test)]
table!(option, option_of, DefenceOption, [DefenceOption::A => 0, DefenceOption::B => 1]);
#[cfg(test)]
table!(formation, formation_of, FormationKind, [FormationKind::Company => 0, FormationKind::Battalion => 1]);
#[cfg(test)]
table!(unit, unit_of, UnitKind, [
    UnitKind::RiflePlatoon => 0, UnitKind::Hq => 1, UnitKind::CrewServed => 2, UnitKind::Vehicle => 3,
]);
#[cfg(test)]
table!(stand, stand_of, StandKind, [
    StandKind::Squad => 0, StandKind::CrewServed => 1, StandKind::Vehicle => 2, StandKind::Pc => 3,
    StandKind::Cc => 4, StandKind::Bc => 5, StandKind::Rc => 6, StandKind::Fo => 7,
]);
pub(super) fn die(d: crate::engine::Die) -> u8 {
    use crate::engine::Die;
    match d {
        Die::D3 => 0,
        Die::D6 => 1,
        Die::D10 => 2,
        Die::D100 => 3,
    }
}
pub(super) fn die_of(c: u8) -> Option<crate::engine::Die> {
    use crate::engine::Die;
    [Die::D3, Die::D6, Die::D10, Die::D100].get(c as usize).copied()
}

pub(super) const LINE_DECIDE: usize = 0;
pub(super) const LINE_UNDO: usize = 1;
pub(super) const LINE_REDO: usize = 2;

/// The kind of a journal line, as both journal codings write it.
pub(super) fn line_kind<D>(a: &Action<D>) -> usize {
    match a {
        Action::Decide(_) => LINE_DECIDE,
        Action::Undo => LINE_UNDO,
        Action::Redo => LINE_REDO,
    }
}
