//! Questions the screens (and `apply`) ask of a position: who may do what now, and the
//! numbers a rule derives. Re-exported from `rules`.

use super::company::{Platoon, Setup};
use super::company::SECOND_READINGS;
use super::errors::RuleError;
use super::state::*;
use super::tables::{self, Buyer, Mission, Role, Strength};

// ---------------------------------------------------------------------------------------
// Helpers the screens use
// ---------------------------------------------------------------------------------------

/// "Anna".
pub fn player_name(setup: &Setup, side: Side) -> String {
    setup.name(side).trim().to_string()
}

/// A platoon's name on the roster, or its number when there is none such.
pub fn platoon_name(state: &State, side: Side, i: u16) -> String {
    state.platoon(side, i).map_or_else(|| format!("platoon {}", u32::from(i) + 1), |p| p.name().trim().to_string())
}

/// Points allowed on the table after spending `vp` campaign VP on them.
pub fn points_allowed(setup: &Setup, vp: u8) -> u32 {
    setup.game_points + tables::POINTS_PER_VP * vp as u32
}

pub(super) fn higher(totals: [i32; 2]) -> Option<Side> {
    match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => Some(Side::West),
        std::cmp::Ordering::Less => Some(Side::East),
        std::cmp::Ordering::Equal => None,
    }
}

/// Mission-selection modifiers for `side` from the last game: (label, value).
pub fn mission_modifiers(state: &State, side: Side) -> Vec<(String, i32)> {
    let Some(last) = state.last_turn() else { return Vec::new() };
    let mut v = Vec::new();
    if let Some(r) = &last.result {
        let vp = r.vp[side.index()];
        if vp > 0 {
            v.push((format!("{vp} VP in the last game"), vp as i32));
        }
    }
    if state.balance(side) > state.balance(side.other()) {
        v.push(("Higher campaign VP total".to_string(), tables::HIGHER_VP_BONUS));
    }
    if last.winner() == Some(side) && last.recon_bonus > 0 {
        let n = last.recon_bonus;
        v.push((
            format!("{n} recon platoon{} in the enemy half", if n == 1 { "" } else { "s" }),
            n as i32 * tables::PER_RECON_PLATOON,
        ));
    }
    if last.winner() == Some(side) && last.defender() == Some(side) {
        v.push(("Won the last game as defender".to_string(), tables::WON_AS_DEFENDER));
    }
    v
}

/// The player who may shift the higher total: the defender who won the last game in a
/// Breakthrough or Fighting Withdrawal.
pub fn adjuster(state: &State) -> Option<Side> {
    let last = state.last_turn()?;
    let w = last.winner()?;
    (last.defender() == Some(w) && tables::SHIFT_MISSIONS.contains(&last.mission)).then_some(w)
}

/// Whose totals the adjuster may move now: the higher one, or either when tied.
pub fn adjustable_totals(state: &State) -> Vec<Side> {
    state.selection().map_or(Vec::new(), adjustable)
}

/// Whose totals of this roll the adjuster may move.
pub(super) fn adjustable(sel: &MissionSelection) -> Vec<Side> {
    match sel.high {
        Some(h) => vec![h],
        None => Side::BOTH.to_vec(),
    }
}

/// Order in which the mission change is offered: the higher VP balance first; on equal
/// balances the last game's winner first, west when there was none.
pub fn change_order(state: &State) -> [Side; 2] {
    state.change_order()
}

/// The player being offered the 5-VP mission change now, if any.
pub fn change_offer(state: &State) -> Option<Side> {
    state.offer(state.current()?)
}

/// Missions the offered player may change to.
pub fn legal_mission_changes(state: &State) -> Vec<Mission> {
    match (change_offer(state), state.current()) {
        (Some(_), Some(t)) => t.mission.neighbours(),
        _ => Vec::new(),
    }
}

/// Who picks the table area: the last game's winner (none in turn 1 or after a drawn game).
pub fn area_chooser(state: &State) -> Option<Side> {
    state.last_turn().and_then(TurnRecord::winner)
}

/// The most squares the table area may be shifted now: as many as the player who did not
/// choose it can pay for (none when nobody chose it).
pub fn area_shift_most(state: &State) -> u8 {
    area_chooser(state).map_or(0, |c| (state.balance(c.other()).max(0) / tables::AREA_SHIFT_COST).min(255) as u8)
}

/// Whether the option may name this fielded platoon (extra smoke: support platoons only).
pub fn option_takes(state: &State, side: Side, kind: tables::OptionKind, platoon: u16) -> bool {
    kind != tables::OptionKind::ExtraSmoke
        || state.platoon(side, platoon).is_some_and(|p| p.platoon.role == Role::Support)
}

/// Whether `side` may buy the option in this turn's mission.
pub fn option_allowed(state: &State, side: Side, kind: tables::OptionKind) -> bool {
    state.current().is_some_and(|t| option_allowed_in(t, side, kind))
}

/// Whether `side` may buy the option in turn `t`'s mission.
pub(super) fn option_allowed_in(t: &TurnRecord, side: Side, kind: tables::OptionKind) -> bool {
    let db = t.mission.defensive_battle();
    match tables::option_row(kind).buyer {
        Buyer::AttackerInDefensiveBattle => db && t.attacker == Some(side),
        Buyer::DefenderInDefensiveBattle => db && t.attacker == Some(side.other()),
        Buyer::EitherInDefensiveBattle => db,
        Buyer::Anyone => true,
    }
}

/// Platoons `side` may field now (`may_field`), with the least and most teams for each.
pub fn fieldable(state: &State, side: Side) -> Vec<(u16, u16, u16)> {
    state
        .roster(side)
        .iter()
        .enumerate()
        .filter(|(_, p)| may_field(p).is_ok())
        .map(|(i, p)| (i as u16, p.platoon.min_teams, p.max_teams_now()))
        .collect()
}

/// Whether platoon `p` may go on the table, or why not: on the roster and at least depleted.
/// `fieldable` (the grammar's and the screens' list) and the force list's check both ask it.
pub(super) fn may_field(p: &PlatoonState) -> Result<(), RuleError> {
    let name = || p.name().trim().to_string();
    if !p.on_roster() {
        return Err(RuleError::ExchangedAway { platoon: name() });
    }
    if !p.strength.fieldable() {
        return Err(RuleError::NotAvailable { platoon: name(), strength: p.strength });
    }
    Ok(())
}

/// Whether this force needs every platoon mobile or carried (the game after a two-sector move).
pub fn mobility_required(state: &State, side: Side) -> bool {
    state.mobility_rule == Some(side)
}

/// Whether this platoon, if fielded, must be carried (the mobility rule, and it is not
/// operationally mobile itself).
pub fn must_be_carried(state: &State, side: Side, p: &PlatoonState) -> bool {
    mobility_required(state, side) && !p.operationally_mobile()
}

/// The winner's platoons a result may name as recon in the enemy half: the recon platoons of
/// the force he fielded, in roster order.
pub fn recon_claimable(state: &State, winner: Side) -> Vec<u16> {
    let Some(force) = state.current().and_then(|t| t.force(winner)) else { return Vec::new() };
    let mut v: Vec<u16> = force
        .platoons
        .iter()
        .map(|f| f.platoon)
        .filter(|&i| state.platoon(winner, i).is_some_and(|p| p.platoon.recon))
        .collect();
    crate::engine::order::sort(&mut v);
    v.dedup();
    v
}

/// After a won Breakthrough: can the winner take the map two sectors? Needs two sectors of
/// room and every platoon of his force mobile or carried.
pub fn two_sectors_possible(state: &State) -> bool {
    state.current().is_some_and(|t| two_sectors_in(state, t))
}

/// The same for turn `t`.
pub(super) fn two_sectors_in(state: &State, t: &TurnRecord) -> bool {
    let Some(w) = t.winner() else { return false };
    if t.sector.distance(w.other().home()) < 2 {
        return false;
    }
    if t.conceded.is_some() {
        // No game was played: no platoon of his needed moving.
        return true;
    }
    match t.force(w) {
        Some(force) => force
            .platoons
            .iter()
            .all(|f| f.transported || state.platoon(w, f.platoon).is_some_and(PlatoonState::operationally_mobile)),
        None => true,
    }
}

/// How one fielded platoon's report is counted. Fails when the report does not fit; the
/// vehicles a strip takes are checked against the donor's own report by `casualty_lines`.
pub fn casualty_line(state: &State, side: Side, report: &PlatoonReport) -> Result<CasualtyLine, RuleError> {
    casualty_line_in(state, state.current().ok_or(RuleError::CampaignOver)?, side, report)
}

/// The same for turn `t`.
pub(super) fn casualty_line_in(
    state: &State,
    t: &TurnRecord,
    side: Side,
    report: &PlatoonReport,
) -> Result<CasualtyLine, RuleError> {
    let name = || platoon_name(state, side, report.platoon);
    let p = state.platoon(side, report.platoon).ok_or(RuleError::ReportNotFielded { platoon: name() })?;
    let f = t.forces[side.index()]
        .as_ref()
        .and_then(|x| x.fielded(report.platoon))
        .ok_or(RuleError::ReportNotFielded { platoon: name() })?;
    let reported = report.on_table as u32 + report.bailed as u32 + report.exited as u32 + report.routed as u32;
    if reported > f.teams as u32 {
        return Err(RuleError::TooManyTeams {
            platoon: name(),
            fielded: f.teams,
            reported: reported.min(u16::MAX as u32) as u16,
        });
    }
    let motorised = p.platoon.mobility.motorised();
    if (report.immobile || report.keep_mobile.is_some()) && !motorised {
        return Err(RuleError::NoTransportToLose { platoon: name() });
    }
    // Bailed and bogged vehicles come back to the winner (and to both after a game nobody won).
    let recovered = t.winner() != Some(side.other());
    let unused = p.max_teams_now().saturating_sub(f.teams);
    let counted = report.on_table + report.exited + unused + if recovered { report.bailed } else { 0 };
    let rated = p.platoon.strength_of(counted, report.routed);
    let short = short_of_transport(state, p, report.immobile);
    let (after, immobile) = match report.keep_mobile {
        None => (rated, short && rated != Strength::Destroyed),
        Some(_) if !short => return Err(RuleError::NothingToKeepMobile { platoon: name() }),
        Some(KeepMobile::Lower(level)) => {
            if !lowerable(&p.platoon, rated).contains(&level) {
                return Err(RuleError::CannotLowerTo { platoon: name(), level, rated });
            }
            (level, false)
        }
        Some(KeepMobile::Strip(from)) => {
            strip_donor(state, side, report.platoon, from)?;
            (rated, false)
        }
    };
    Ok(CasualtyLine { report: report.clone(), counted, before: p.strength, rated, after, immobile })
}

/// Whether a fielded platoon is short of transport after the game: reported so, or (issue 8's
/// readings) already Immobile, which it stays until reinforcement restores it.
pub fn short_of_transport(state: &State, p: &PlatoonState, report_immobile: bool) -> bool {
    let standing = p.immobile && state.readings >= SECOND_READINGS;
    report_immobile || standing
}

/// Whether `platoon` may be kept mobile by stripping vehicles from `from`, as far as the two
/// platoons go (whether `from` has vehicles to spare is `strip_spare`, over the whole report).
pub fn strip_donor(state: &State, side: Side, platoon: u16, from: u16) -> Result<(), RuleError> {
    let name = || platoon_name(state, side, platoon);
    if from == platoon {
        return Err(RuleError::StripFromItself { platoon: name() });
    }
    let p = state.platoon(side, platoon).ok_or(RuleError::ReportNotFielded { platoon: name() })?;
    let donor = state
        .platoon(side, from)
        .ok_or_else(|| RuleError::NoVehiclesToStrip { platoon: platoon_name(state, side, from) })?;
    let donor_name = donor.name().trim().to_string();
    if !donor.on_roster() {
        return Err(RuleError::ExchangedAway { platoon: donor_name });
    }
    if !donor.platoon.mobility.motorised() {
        return Err(RuleError::NoVehiclesToStrip { platoon: donor_name });
    }
    if !p.platoon.same_vehicles(&donor.platoon) {
        return Err(RuleError::NotIdenticalVehicles { platoon: name(), donor: donor_name });
    }
    Ok(())
}

/// Whether `from` has vehicles to give, by the lines of the player's casualty step: not
/// destroyed, not Immobile, not short of transport itself (by its line when it fought, else as
/// it stands).
pub fn strip_spare(state: &State, side: Side, lines: &[CasualtyLine], from: u16) -> bool {
    match lines.iter().find(|d| d.report.platoon == from) {
        Some(d) => d.after != Strength::Destroyed && !d.immobile && d.report.keep_mobile.is_none(),
        None => state.platoon(side, from).is_some_and(|d| d.strength != Strength::Destroyed && !d.immobile),
    }
}

/// Every report of a player's casualty step, checked together: one per fielded platoon, and
/// every platoon stripped of vehicles able to give them (not destroyed, not Immobile, not
/// short of transport itself).
pub fn casualty_lines(state: &State, side: Side, reports: &[PlatoonReport]) -> Result<Vec<CasualtyLine>, RuleError> {
    casualty_lines_in(state, state.current().ok_or(RuleError::CampaignOver)?, side, reports)
}

/// The same for turn `t`.
pub(super) fn casualty_lines_in(
    state: &State,
    t: &TurnRecord,
    side: Side,
    reports: &[PlatoonReport],
) -> Result<Vec<CasualtyLine>, RuleError> {
    let mut lines = Vec::new();
    for (k, r) in reports.iter().enumerate() {
        if reports[..k].iter().any(|x| x.platoon == r.platoon) {
            return Err(RuleError::PlatoonTwice { platoon: platoon_name(state, side, r.platoon) });
        }
        lines.push(casualty_line_in(state, t, side, r)?);
    }
    if let Some(force) = t.forces[side.index()].as_ref() {
        if let Some(f) = force.platoons.iter().find(|f| !reports.iter().any(|r| r.platoon == f.platoon)) {
            return Err(RuleError::ReportMissing { platoon: platoon_name(state, side, f.platoon) });
        }
    }
    for l in &lines {
        let Some(KeepMobile::Strip(from)) = l.report.keep_mobile else { continue };
        if !strip_spare(state, side, &lines, from) {
            return Err(RuleError::NoVehiclesToStrip { platoon: platoon_name(state, side, from) });
        }
    }
    Ok(lines)
}

/// Levels a platoon short of transport could be lowered to, to stay mobile.
pub fn lower_levels(state: &State, side: Side, line: &CasualtyLine) -> Vec<Strength> {
    state.platoon(side, line.report.platoon).map_or(Vec::new(), |p| lowerable(&p.platoon, line.rated))
}

/// Levels of `platoon`'s ladder below `rated` that still take the field: what a platoon short of
/// transport may be lowered to (`lower_levels` and the casualty line's check both ask it).
pub(super) fn lowerable(platoon: &Platoon, rated: Strength) -> Vec<Strength> {
    platoon.ladder().into_iter().filter(|l| l.fieldable() && *l < rated).collect()
}

/// Platoons that move in the same vehicles as `platoon` and could give some up.
pub fn strip_donors(state: &State, side: Side, platoon: u16) -> Vec<u16> {
    let Some(p) = state.platoon(side, platoon) else { return Vec::new() };
    state
        .roster(side)
        .iter()
        .enumerate()
        .filter(|(i, d)| {
            *i as u16 != platoon
                && d.on_roster()
                && d.platoon.mobility.motorised()
                && d.strength != Strength::Destroyed
                && !d.immobile
                && p.platoon.same_vehicles(&d.platoon)
        })
        .map(|(i, _)| i as u16)
        .collect()
}

/// Combat platoons short of depleted a company needs to reach two depleted ones.
pub fn top_up_short(state: &State, side: Side) -> usize {
    let ok = state.roster(side).iter().filter(|p| p.available() && p.platoon.role == Role::Combat).count();
    tables::MIN_DEPLETED_COMBAT.saturating_sub(ok)
}

/// Dice (one per level) topping this platoon up to depleted uses.
pub fn top_up_dice(p: &PlatoonState) -> u16 {
    p.platoon.ladder().iter().filter(|&&l| l > p.strength && !l.fieldable()).count() as u16 + 1
}

/// Combat platoons the top-up may raise, nearest to depleted first (then roster order).
pub fn top_up_candidates(state: &State, side: Side) -> Vec<u16> {
    let mut v: Vec<(u16, u16)> = state
        .roster(side)
        .iter()
        .enumerate()
        .filter(|(_, p)| p.on_roster() && p.platoon.role == Role::Combat && !p.strength.fieldable())
        .map(|(i, p)| (top_up_dice(p), i as u16))
        .collect();
    crate::engine::order::sort(&mut v);
    v.into_iter().map(|(_, i)| i).collect()
}

/// Issue 8's readings: the top-up `side` may take now, as the most platoons it may raise.
pub fn top_up_offer(state: &State, side: Side) -> Option<usize> {
    match &state.step {
        Step::Turn { at: At::Reinforcements, record } => top_up_open(state, record, side),
        _ => None,
    }
}

/// The same in turn `t`'s reinforcements.
pub(super) fn top_up_open(state: &State, t: &TurnRecord, side: Side) -> Option<usize> {
    let open = state.readings >= SECOND_READINGS
        && !t.topped_up[side.index()]
        && t.reinforcement[side.index()].is_none();
    let most = top_up_short(state, side).min(top_up_candidates(state, side).len());
    (open && most > 0).then_some(most)
}

/// The top-up as first offered to the player: the candidates nearest to depleted, as many as
/// the offer allows, each taken while its dice still fit in the turn's reinforcement dice.
/// Empty when no top-up is offered.
pub fn top_up_suggestion(state: &State, side: Side) -> Vec<u16> {
    let most = top_up_offer(state, side).unwrap_or(0);
    let mut dice = 0;
    let mut picked = Vec::new();
    for (k, i) in top_up_candidates(state, side).into_iter().enumerate() {
        let d = state.platoon(side, i).map_or(0, top_up_dice);
        if k < most && dice + d <= tables::REINFORCEMENT_DICE {
            dice += d;
            picked.push(i);
        }
    }
    picked
}

/// Points lost in an exchange: the old platoon's value beyond the new one's cost.
pub fn exchange_leftover(value: u32, new_points: u32) -> u32 {
    value.saturating_sub(new_points)
}

/// Reinforcement dice `side` has this turn after spending `vp` (auto-upgrades already taken).
pub fn reinforcement_dice(state: &State, side: Side, vp: u8) -> u16 {
    reinforcement_dice_in(state.current(), side, vp)
}

/// The same in turn `t` (none: no top-up taken).
pub(super) fn reinforcement_dice_in(t: Option<&TurnRecord>, side: Side, vp: u8) -> u16 {
    let auto: u16 = t.map_or(0, |t| t.auto[side.index()].iter().map(|a| a.dice).sum());
    (tables::REINFORCEMENT_DICE + tables::DICE_PER_VP * vp as u16).saturating_sub(auto)
}

/// Platoons that may receive reinforcement dice now (`may_reinforce`).
pub fn reinforceable(state: &State, side: Side) -> Vec<u16> {
    let roster = state.roster(side).iter().enumerate();
    roster.filter(|&(i, p)| may_reinforce(state.current(), side, i as u16, p).is_ok()).map(|(i, _)| i as u16).collect()
}

/// Whether platoon `i` of `side` (`p`) may receive reinforcement dice in turn `t`, or why not:
/// on the roster, not upgraded by itself this turn, below its starting strength.
/// `reinforceable` and the reinforcement's check both ask it.
pub(super) fn may_reinforce(t: Option<&TurnRecord>, side: Side, i: u16, p: &PlatoonState) -> Result<(), RuleError> {
    let name = || p.name().trim().to_string();
    if !p.on_roster() {
        return Err(RuleError::ExchangedAway { platoon: name() });
    }
    if t.is_some_and(|t| t.auto[side.index()].iter().any(|a| a.platoon == i)) {
        return Err(RuleError::AutoUpgraded { platoon: name() });
    }
    if p.strength >= p.start {
        return Err(RuleError::AtStartingStrength { platoon: name(), strength: p.strength });
    }
    Ok(())
}

/// Support platoons `side` could exchange (`may_exchange_away`).
pub fn exchangeable(state: &State, side: Side) -> Vec<u16> {
    let roster = state.roster(side).iter().enumerate();
    roster.filter(|(_, p)| may_exchange_away(p).is_ok()).map(|(i, _)| i as u16).collect()
}

/// Whether platoon `p` may be exchanged for another, or why not: a support platoon on the
/// roster, at least depleted. `exchangeable` and the exchange's check both ask it.
pub(super) fn may_exchange_away(p: &PlatoonState) -> Result<(), RuleError> {
    let name = || p.name().trim().to_string();
    if !p.on_roster() {
        return Err(RuleError::ExchangedAway { platoon: name() });
    }
    if p.platoon.role != Role::Support {
        return Err(RuleError::NotSupport { platoon: name() });
    }
    if !p.strength.fieldable() {
        return Err(RuleError::TooWeakToExchange { platoon: name(), strength: p.strength });
    }
    Ok(())
}

/// Whether `side` could exchange a support platoon now (one at least depleted, and 5 VP).
pub fn can_exchange(state: &State, side: Side) -> bool {
    state.balance(side) >= tables::EXCHANGE_COST && !exchangeable(state, side).is_empty()
}

/// The outcome after the last turn, by where the fighting stands.
pub fn final_outcome(sector: Sector) -> Outcome {
    for side in Side::BOTH {
        if sector.distance(side.other().home()) <= 1 {
            return Outcome::MinorVictory(side);
        }
    }
    Outcome::Stalemate
}
