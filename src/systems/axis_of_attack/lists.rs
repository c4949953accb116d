//! Force lists and results checked against the rules, and the lists shown once both are in.
//! Called from `rules::apply`.

use super::company::Setup;
use super::errors::RuleError;
use super::helpers::*;
use super::rules::spend;
use super::state::*;
use super::tables::{self, AirProfile, OptionKind};

pub(super) fn check_force(
    setup: &Setup,
    s: &State,
    t: &TurnRecord,
    side: Side,
    force: &ForceList,
) -> Result<(), RuleError> {
    let player = player_name(setup, side);
    if force.vp_for_points > tables::MAX_VP_FOR_POINTS {
        return Err(RuleError::TooManyVpForPoints { got: force.vp_for_points });
    }
    let allowed = points_allowed(setup, force.vp_for_points);
    if force.points > allowed {
        return Err(RuleError::OverPoints { player, points: force.points, allowed });
    }
    if force.platoons.is_empty() {
        return Err(RuleError::EmptyForce { player });
    }
    for (k, f) in force.platoons.iter().enumerate() {
        let p =
            s.platoon(side, f.platoon).ok_or(RuleError::UnknownPlatoon { player: player.clone(), index: f.platoon })?;
        let name = p.name().trim().to_string();
        if force.platoons[..k].iter().any(|x| x.platoon == f.platoon) {
            return Err(RuleError::PlatoonTwice { platoon: name });
        }
        may_field(p)?;
        let (min, max) = (p.platoon.min_teams, p.max_teams_now());
        if !(min..=max).contains(&f.teams) {
            return Err(RuleError::TeamsOutOfRange { platoon: name, min, max, got: f.teams });
        }
        if must_be_carried(s, side, p) && !f.transported {
            return Err(RuleError::NeedsTransport { platoon: name });
        }
    }
    super::carriers::check_carried(s, side, &force.platoons)?;
    if let Some(air) = &force.air {
        let bought = &setup.player(side).air;
        if bought.is_empty() {
            return Err(RuleError::NoAirSupport { player });
        }
        if air.aircraft as usize >= bought.len() {
            return Err(RuleError::UnknownAircraft { player, index: air.aircraft });
        }
        if air.load.is_some() && !takes_load(air.profile) {
            return Err(RuleError::LoadWithoutInterdiction);
        }
        if force.option.as_ref().is_some_and(|o| bars_air(o.kind())) {
            return Err(RuleError::AirWithBombardment);
        }
    }
    if let Some(option) = &force.option {
        let row = tables::option_row(option.kind());
        if !option_allowed_in(t, side, option.kind()) {
            return Err(RuleError::OptionNotForYou { option: row.name, who: row.buyer.text() });
        }
        match option {
            GameOption::ExtraSmoke { platoons } | GameOption::PreRegistered { platoons } => {
                if platoons.is_empty() {
                    return Err(RuleError::OptionNeedsPlatoons { option: row.name });
                }
                for (k, &i) in platoons.iter().enumerate() {
                    let name = platoon_name(s, side, i);
                    if force.fielded(i).is_none() {
                        return Err(RuleError::OptionPlatoonNotFielded { option: row.name, platoon: name });
                    }
                    if platoons[..k].contains(&i) {
                        return Err(RuleError::PlatoonTwice { platoon: name });
                    }
                    if !option_takes(s, side, option.kind(), i) {
                        return Err(RuleError::SmokeNotSupport { platoon: name });
                    }
                }
            }
            GameOption::BattalionArtillery { shoots: 0 } => return Err(RuleError::NoShoots),
            _ => {}
        }
    }
    let need = force.cost();
    let have = s.balance(side);
    if need > have {
        return Err(RuleError::NotEnoughVp { player, need, have });
    }
    Ok(())
}

/// Whether air support flown with this profile names its load (bombs or rockets).
pub(super) fn takes_load(profile: AirProfile) -> bool {
    profile == AirProfile::BattlefieldInterdiction
}

/// Whether buying this option leaves the game without air support.
pub(super) fn bars_air(kind: OptionKind) -> bool {
    kind == OptionKind::AerialBombardment
}

pub(super) fn check_result(setup: &Setup, s: &State, t: &TurnRecord, r: &GameResult) -> Result<(), RuleError> {
    if let Some(&got) = r.vp.iter().find(|&&v| v > tables::MAX_GAME_VP) {
        return Err(RuleError::VpTooHigh { got });
    }
    let Some(w) = r.winner else {
        return if r.recon.is_empty() { Ok(()) } else { Err(RuleError::ReconWithoutWinner) };
    };
    if r.vp[w.index()] <= r.vp[w.other().index()] {
        return Err(RuleError::WinnerNeedsMoreVp { player: player_name(setup, w) });
    }
    for (k, &i) in r.recon.iter().enumerate() {
        let p = s.platoon(w, i).ok_or(RuleError::UnknownPlatoon { player: player_name(setup, w), index: i })?;
        let name = p.name().trim().to_string();
        if r.recon[..k].contains(&i) {
            return Err(RuleError::PlatoonTwice { platoon: name });
        }
        if !p.platoon.recon {
            return Err(RuleError::NotRecon { platoon: name });
        }
        if t.force(w).and_then(|f| f.fielded(i)).is_none() {
            return Err(RuleError::ReconNotFielded { platoon: name });
        }
    }
    Ok(())
}

/// Both lists are in: the VP they buy are spent.
pub(super) fn reveal_forces(setup: &Setup, s: &mut State, forces: &[Option<ForceList>; 2]) -> Result<(), RuleError> {
    for (side, f) in Side::BOTH.into_iter().zip(forces) {
        let Some(f) = f else { continue };
        if f.vp_for_points > 0 {
            let points = tables::POINTS_PER_VP * f.vp_for_points as u32;
            spend(setup, s, side, f.vp_for_points as i32, LedgerItem::Points { points })?;
        }
        if let Some(o) = &f.option {
            spend(setup, s, side, o.cost(), LedgerItem::Option(o.kind()))?;
        }
    }
    Ok(())
}
