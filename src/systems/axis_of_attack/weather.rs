//! The weather chart, what the weather does to air support, and the ground's mud ladder.
//! Re-exported from `tables`.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Weather {
    Clear,
    Cloudy,
    IntermittentRain,
    SteadyRain,
}

impl Weather {
    /// In the column order of the weather chart.
    pub const ALL: [Weather; 4] = [Weather::Clear, Weather::Cloudy, Weather::IntermittentRain, Weather::SteadyRain];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Weather::Clear => "Clear",
            Weather::Cloudy => "Cloudy",
            Weather::IntermittentRain => "Intermittent Rain",
            Weather::SteadyRain => "Steady Rain",
        }
    }
    /// Change of the mud level for a turn of this weather.
    pub fn mud_change(self) -> i8 {
        match self {
            Weather::Clear => -2,
            Weather::Cloudy => -1,
            Weather::IntermittentRain => 1,
            Weather::SteadyRain => 2,
        }
    }
    pub fn air(self) -> AirEffect {
        match self {
            Weather::Clear => AirEffect::Normal,
            Weather::Cloudy | Weather::SteadyRain => AirEffect::Grounded,
            Weather::IntermittentRain => AirEffect::Harder,
        }
    }
}

/// Weather chart: row by the die (1 to 6), column by last game's weather. Before the first game
/// the setup's weather (clear unless changed) stands in for the last. The mud change of the
/// result applies to the game it is rolled for.
pub const WEATHER: [[Weather; 4]; 6] = {
    use Weather::*;
    [
        [Clear, Clear, Clear, Clear],
        [Clear, Clear, Clear, Clear],
        [Clear, Clear, Clear, Cloudy],
        [Clear, Cloudy, Cloudy, Cloudy],
        [Cloudy, IntermittentRain, SteadyRain, SteadyRain],
        [IntermittentRain, SteadyRain, SteadyRain, IntermittentRain],
    ]
};

pub fn weather(die: u16, last: Weather) -> Weather {
    WEATHER[(die.clamp(1, 6) - 1) as usize][last.index()]
}

/// What the weather does to air support.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AirEffect {
    Normal,
    /// Add 1 to the score needed to get air support.
    Harder,
    /// Neither side flies.
    Grounded,
}

impl AirEffect {
    pub fn text(self) -> &'static str {
        match self {
            AirEffect::Normal => "Aircraft fly as usual.",
            AirEffect::Harder => "Broken rain clouds hide the battlefield: every air support roll needs 1 more.",
            AirEffect::Grounded => "Low cloud overhead: no aircraft fly for either side.",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Mud {
    Dry,
    Wet,
    Muddy,
    Morass,
    Flood,
}

impl Mud {
    /// The ladder, driest first.
    pub const ALL: [Mud; 5] = [Mud::Dry, Mud::Wet, Mud::Muddy, Mud::Morass, Mud::Flood];
    pub fn name(self) -> &'static str {
        match self {
            Mud::Dry => "Dry",
            Mud::Wet => "Wet",
            Mud::Muddy => "Muddy",
            Mud::Morass => "Morass",
            Mud::Flood => "Flood",
        }
    }
    /// Moves up or down the ladder, stopping at Dry and Flood.
    pub fn changed(self, by: i8) -> Mud {
        let i = (self as i8 + by).clamp(0, Mud::ALL.len() as i8 - 1);
        Mud::ALL[i as usize]
    }
    /// The effects on the table, one line each.
    pub fn effects(self) -> &'static [&'static str] {
        match self {
            Mud::Dry => &["Fields are open ground.", "Stream beds and gullies are difficult going."],
            Mud::Wet => &[
                "Ploughed fields: the first player to enter one rolls a die; on 1 or 2 it is muddy and counts as difficult going.",
                "Stream beds and gullies are difficult going.",
            ],
            Mud::Muddy => &[
                "Ploughed fields are difficult going.",
                "Stream beds and gullies are swollen: very difficult going.",
            ],
            Mud::Morass => &[
                "Ploughed fields: the first player to enter one rolls a die; on 1 or 2 it is very difficult going, otherwise difficult.",
                "Stream beds and gullies are swollen: very difficult going.",
            ],
            Mud::Flood => &[
                "Ploughed fields are very difficult going.",
                "All cross-country ground is difficult going.",
                "Streams and gullies cannot be crossed.",
                "Roads count as cross-country ground.",
            ],
        }
    }
}
