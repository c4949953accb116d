//! The random setups of Battlefront: WW2 campaigns (`tests/bfww2_random.rs`), shared with the
//! link suite (`tests/share_link_bfww2.rs`): varied setups on the Advance to Rostov sides. The
//! decisions come from the system's grammar (`support/grammar_walk.rs`).

#![allow(dead_code)]

use super::rng::Rng;
use field_desk::engine::Die;
use field_desk::systems::bfww2_campaign::calendar::{Day, Slot};
use field_desk::systems::bfww2_campaign::charts::RgKind;
use field_desk::systems::bfww2_campaign::roster::{Me, Scheduled};
use field_desk::systems::bfww2_campaign::sample::sample_setup;
use field_desk::systems::bfww2_campaign::setup::{FIRST_READINGS, READINGS, SECOND_READINGS};
use field_desk::systems::bfww2_campaign::tables::HistoricalDrm;
use field_desk::systems::bfww2_campaign::Setup;

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
    // Campaigns stored before issue 11's second pass keep the first readings, those stored
    // before issue 28 the second.
    setup.readings = match r.below(4) {
        0 => FIRST_READINGS,
        1 => SECOND_READINGS,
        _ => READINGS,
    };
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
