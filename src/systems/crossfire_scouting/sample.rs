//! The built-in sample session, built round the text's worked example: Atkins, a veteran
//! scout, goes out at 01:00 with his team towards a farmhouse held by regular sentries.
//!
//! Areas, by number: 0 Edge wood (on the scouting player's edge), 1 Second wood, 2 Field,
//! 3 Open ground, 4 Far wood, 5 Farmhouse, 6 Orchard, 7 Hedgerow. Team 0 is Sgt Wilson's
//! (Atkins, Baker, Cole); team 1 is Cpl Hughes's night-trained pair (Evans, Price).

use super::team::{Area, Quality, Scout, Sentries, Setup, Team};

pub const EDGE_WOOD: u16 = 0;
pub const SECOND_WOOD: u16 = 1;
pub const FIELD: u16 = 2;
pub const OPEN_GROUND: u16 = 3;
pub const FAR_WOOD: u16 = 4;
pub const FARMHOUSE: u16 = 5;
pub const ORCHARD: u16 = 6;
pub const HEDGEROW: u16 = 7;

pub fn sample_areas() -> Vec<Area> {
    vec![
        Area::new("Edge wood", true, true),
        Area::new("Second wood", true, false),
        Area::new("Field", true, false),
        Area::new("Open ground", false, false),
        Area::new("Far wood", true, false),
        Area::new("Farmhouse", true, false),
        Area::new("Orchard", true, false),
        Area::new("Hedgerow", true, false),
    ]
}

/// Sgt Wilson's team: Atkins (veteran), Baker (regular), Cole (green).
pub fn wilson_team() -> Team {
    Team {
        name: "Sgt Wilson's scouts".into(),
        leader: Scout::new("Sgt Wilson", Quality::Regular, false),
        scouts: vec![
            Scout::new("Atkins", Quality::Veteran, false),
            Scout::new("Baker", Quality::Regular, false),
            Scout::new("Cole", Quality::Green, false),
        ],
    }
}

/// Cpl Hughes's night-trained team: Evans (regular), Price (veteran).
pub fn hughes_team() -> Team {
    Team {
        name: "Cpl Hughes's patrol".into(),
        leader: Scout::new("Cpl Hughes", Quality::Regular, true),
        scouts: vec![Scout::new("Evans", Quality::Regular, true), Scout::new("Price", Quality::Veteran, true)],
    }
}

/// The sample session: two teams against regular sentries, ready to play in one click.
pub fn sample_setup() -> Setup {
    Setup {
        teams: vec![wilson_team(), hughes_team()],
        sentries: Sentries { quality: Quality::Regular, trained: false },
        areas: sample_areas(),
        origin: None,
    }
}
