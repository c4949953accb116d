//! The random suite's generator of Battlefront: WW2 campaigns (`tests/bfww2_random.rs`), shared
//! with the link suite (`tests/share_link_bfww2.rs`): varied setups on the Advance to Rostov
//! sides, and the next decision to try (legal or not) from any position.

#![allow(dead_code)]

use super::rng::Rng;
use field_desk::engine::Die;
use field_desk::systems::bfww2_campaign::calendar::{Day, Slot};
use field_desk::systems::bfww2_campaign::charts::RgKind;
use field_desk::systems::bfww2_campaign::eligibility::Posture;
use field_desk::systems::bfww2_campaign::refit::{ratings_due, withdrawals_due};
use field_desk::systems::bfww2_campaign::roster::{Me, Scheduled};
use field_desk::systems::bfww2_campaign::sample::sample_setup;
use field_desk::systems::bfww2_campaign::setup::{FIRST_READINGS, READINGS};
use field_desk::systems::bfww2_campaign::tables::{Ammo, EscapeMod, HistoricalDrm, MeClass, RemovalMod, Status};
use field_desk::systems::bfww2_campaign::{Decision, NewElement, Obstacle, Phase, Report, Setup, State, Verdict};

use Decision as D;

pub fn random_setup(r: &mut Rng) -> Setup {
    let mut setup = sample_setup();
    let days = r.range(1, 4);
    setup.days.truncate(days);
    for day in &mut setup.days {
        day.slots = match r.below(4) {
            0 => vec![Slot::Morning],
            1 => vec![Slot::Morning, Slot::Afternoon],
            2 => vec![Slot::Morning, Slot::Night],
            _ => vec![Slot::Morning, Slot::Afternoon, Slot::Night],
        };
        if r.one_in(1, 5) {
            day.drm[r.below(2)] = HistoricalDrm::NoCpp;
        }
    }
    if r.one_in(1, 4) {
        setup.days.push(Day { name: "Extra".into(), slots: vec![Slot::Morning], drm: [HistoricalDrm::Drm(1); 2] });
    }
    // Scheduled reinforcements now and then, on any day, within their rows' campaign limits.
    let days = setup.days.len();
    for side in &mut setup.sides {
        for n in 0..r.below(3) {
            let room: Vec<String> = side
                .rg_chart
                .iter()
                .filter(|row| {
                    let all = side.roster.iter().chain(side.scheduled.iter().map(|a| &a.me));
                    let had = all.filter(|m| m.rg.as_ref() == Some(&row.id)).count();
                    row.kind == RgKind::Manoeuvre && had < row.per_campaign as usize
                })
                .map(|row| row.id.clone())
                .collect();
            if room.is_empty() {
                break;
            }
            let like = side.roster[r.below(side.roster.len())].clone();
            let me = Me { id: format!("S-{n}"), rg: Some(room[r.below(room.len())].clone()), ..like };
            side.scheduled.push(Scheduled { day: r.below(days), me });
        }
    }
    setup.die = if r.one_in(1, 4) { Die::D6 } else { Die::D10 };
    setup.rating_changes = r.one_in(2, 3);
    // Campaigns stored before issue 11's second pass keep the first readings.
    setup.readings = if r.one_in(1, 4) { FIRST_READINGS } else { READINGS };
    setup.first_attacker = r.below(2) as u8;
    for side in &mut setup.sides {
        side.cpp = r.range(0, 20) as u16;
        side.fpp = r.range(0, 4) as u16;
        side.armour_withdrawal = r.one_in(1, 2);
        side.nation = r.pick(&[
            field_desk::systems::bfww2_campaign::tables::Nation::German,
            field_desk::systems::bfww2_campaign::tables::Nation::Russian,
        ]);
    }
    if r.one_in(1, 3) {
        setup.month = field_desk::systems::bfww2_campaign::tables::Month::new(1944, 8);
    }
    setup
}

pub fn ids(s: &State, side: u8) -> Vec<String> {
    s.side(side).roster.iter().filter(|e| e.active()).map(|e| e.me.id.clone()).collect()
}

pub fn any_id(s: &State, side: u8, r: &mut Rng) -> String {
    let all: Vec<String> = s.side(side).roster.iter().map(|e| e.me.id.clone()).collect();
    all[r.below(all.len())].clone()
}

pub fn rg_of(setup: &Setup, side: u8, r: &mut Rng, kind: impl Fn(RgKind) -> bool) -> String {
    let rows: Vec<&str> =
        setup.sides[side as usize].rg_chart.iter().filter(|x| kind(x.kind)).map(|x| x.id.as_str()).collect();
    if rows.is_empty() || r.one_in(1, 10) {
        "PG".into()
    } else {
        rows[r.below(rows.len())].to_string()
    }
}

pub fn refit_step(setup: &Setup, s: &State, side: u8, r: &mut Rng) -> Decision {
    let st = s.side(side);
    if st.cpp_roll.is_none() {
        return D::RollCpp { side };
    }
    let withdrawals = withdrawals_due(setup, s, side);
    if let Some(me) = withdrawals.first().filter(|_| r.one_in(3, 4)) {
        return D::RollWithdrawal { side, me: me.clone() };
    }
    let ratings = ratings_due(setup, s, side);
    if let Some(me) = ratings.first().filter(|_| r.one_in(3, 4)) {
        return D::RollRating { side, me: me.clone() };
    }
    let me = any_id(s, side, r);
    match r.below(14) {
        0 => D::RepairArmour {
            side,
            me,
            abandoned: r.one_in(1, 3),
            in_minefield: r.one_in(1, 4),
            spend_cpp: r.one_in(1, 2),
        },
        1 => D::Combine { side, into: me, from: any_id(s, side, r) },
        2 => D::Reinforce {
            side,
            rg: rg_of(setup, side, r, |k| k == RgKind::Manoeuvre),
            element: NewElement {
                name: "Reinforcement".into(),
                class: r.pick(&[MeClass::Armour, MeClass::Infantry, MeClass::Transport]),
                unit_type: "Company".into(),
                stands: r.range(0, 10) as u16,
                vehicles: r.range(0, 6) as u16,
            },
        },
        3 => D::BuyArtillery {
            side,
            rg: rg_of(setup, side, r, |k| k == RgKind::OffBoardArtillery),
            count: r.range(0, 3) as u8,
        },
        4 => D::RollSmoke {
            side,
            rg: rg_of(setup, side, r, |k| k == RgKind::OffBoardArtillery),
            extra_cpp: r.range(0, 2) as u16,
        },
        5 => D::Preregister {
            side,
            rg: rg_of(setup, side, r, |k| k == RgKind::OffBoardArtillery),
            points: r.range(0, 3) as u8,
        },
        6 => D::BuyAircraft {
            side,
            rg: rg_of(setup, side, r, |k| k == RgKind::Aircraft),
            extra_cpp: r.range(0, 2) as u16,
        },
        7 => D::BuyFpp { side, rg: rg_of(setup, side, r, |k| matches!(k, RgKind::Fpp(_))), count: r.range(0, 2) as u8 },
        8 => D::BuyFortification {
            side,
            kind: r.pick(&["Wire", "Minefield", "Roadblock", "Improved position", "Moat"]).into(),
            place: r.pick(&["Hill 112", "Farm", "Bridge"]).into(),
        },
        9 => D::RemoveObstacle {
            side,
            obstacle: r.pick(&[Obstacle::Wire, Obstacle::Minefield, Obstacle::Roadblock, Obstacle::Wreck]),
            // A wreck is named by its enemy element; a fortification by its place.
            place: if r.one_in(1, 2) { any_id(s, 1 - side, r) } else { r.pick(&["Hill 112", "Farm", "Bridge"]).into() },
            mods: (0..r.below(3))
                .map(|_| {
                    r.pick(&[
                        RemovalMod::WireOrMinefieldNearMlr,
                        RemovalMod::RoadblockOnMlr,
                        RemovalMod::ThreeEngineerSquads,
                    ])
                })
                .collect(),
        },
        10 => D::RollRating { side, me },
        11 => D::RollWithdrawal { side, me },
        _ => D::EndRefit { side },
    }
}

pub fn random_report(s: &State, side: u8, me: &str, r: &mut Rng) -> Report {
    let e = s.side(side).element(me).unwrap();
    let lost = r.range(0, e.me.stands as usize) as u16;
    // Soft stands lost are at most the soft stands there are.
    let soft = e.me.stands - e.me.vehicles;
    let afvs = r.range(lost.saturating_sub(soft) as usize, lost.min(e.me.vehicles) as usize) as u16;
    let ko = r.range(0, afvs as usize) as u16;
    Report {
        lost,
        afvs_knocked_out: ko,
        afvs_abandoned: afvs - ko,
        panicked: r.range(0, 2) as u16,
        enemy_knocked_out: r.range(0, 3) as u16,
        close_combat_wins: r.range(0, 2) as u16,
        close_combat_losses: r.range(0, 2) as u16,
    }
}

pub fn next(setup: &Setup, s: &State, r: &mut Rng) -> Decision {
    let side = r.below(2) as u8;
    match s.phase {
        Phase::Posture => D::ChoosePosture { side, posture: r.pick(&[Posture::Attack, Posture::Defend]) },
        Phase::Refit => {
            let side = if s.side(side).refit_done { 1 - side } else { side };
            refit_step(setup, s, side, r)
        }
        Phase::Reveal => D::RevealPostures,
        Phase::RollOff => D::RollOff,
        Phase::Forces => {
            let side = if s.side(side).forces.is_some() { 1 - side } else { side };
            let elements: Vec<String> = ids(s, side).into_iter().filter(|_| r.one_in(1, 2)).collect();
            let artillery: Vec<String> =
                s.side(side).batteries.iter().flat_map(|b| vec![b.rg.clone(); r.below(3)]).collect();
            let hidden = elements.iter().filter(|_| r.one_in(1, 3)).cloned().collect();
            D::ChooseForces { side, elements, artillery, aircraft: r.one_in(1, 4), hidden }
        }
        Phase::Battle if r.one_in(1, 8) => D::Spot { side, me: any_id(s, side, r) },
        Phase::Battle => match r.below(6) {
            0 => D::RollAmmo { side, me: any_id(s, side, r) },
            1 => D::SetAmmo { side, me: any_id(s, side, r), ammo: r.pick(&[Ammo::Normal, Ammo::Short, Ammo::Out]) },
            2 | 3 => D::CheckTurn { turn: s.turn_checked + 1 },
            _ => D::EndBattle { turns: r.range(0, 20) as u8 },
        },
        Phase::Results => {
            let pending: Vec<(u8, String)> = (0..2u8)
                .flat_map(|i| s.side(i).forces.iter().flat_map(move |f| f.elements.iter().map(move |e| (i, e.clone()))))
                .filter(|(i, e)| !s.reports.iter().any(|x| x.0 == *i && &x.1 == e))
                .collect();
            match pending.first() {
                Some((i, me)) if r.one_in(9, 10) => {
                    D::Result { side: *i, me: me.clone(), report: random_report(s, *i, me, r) }
                }
                _ => D::EndResults,
            }
        }
        Phase::Cleanup => match r.below(9) {
            0 => D::SetStatus {
                side,
                me: any_id(s, side, r),
                status: r.pick(&[Status::Normal, Status::Isolated, Status::CutOff]),
                stands: r.range(0, 4) as u16,
            },
            1 | 2 => D::RollEscape {
                side,
                me: any_id(s, side, r),
                vehicle: r.one_in(1, 3),
                group: r.pick(&[1, 1, 1, 2]),
                mods: (0..r.below(3))
                    .map(|_| {
                        r.pick(&[
                            EscapeMod::NearFriendlyLines,
                            EscapeMod::FullyTrackedAfv,
                            EscapeMod::UnarmouredVehicle,
                        ])
                    })
                    .collect(),
            },
            3 => D::RepairArmour {
                side,
                me: any_id(s, side, r),
                abandoned: r.one_in(1, 3),
                in_minefield: r.one_in(1, 4),
                spend_cpp: r.one_in(1, 2),
            },
            4 => D::RevealFortification { side, index: r.below(3) },
            5 => D::Paperwork { note: "MLR redrawn".into() },
            _ => D::EndCleanup,
        },
        Phase::Judge => D::Judge(Verdict { winner: r.pick(&[None, Some(0), Some(1)]), note: String::new() }),
        Phase::Over => unreachable!("the loop stops"),
    }
}
