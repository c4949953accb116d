//! The Basic Campaign Rules' readings: where the text is damaged or silent, the reading taken,
//! in the words the rules reference shows (the checklist's recommendations).

/// The readings taken where the text leaves room.
pub const READINGS: &[&str] = &[
    "Roll tables: \">N\" reads \"N or more\" and \"<N\" reads \"N or less\" (lost in the capture).",
    "The die of every roll table the text does not name (CPP, repair, withdrawal, fortification removal, aircraft and smoke, escape, ammunition, the attack roll-off) is a d10; a campaign may choose another.",
    "The rating-change roll is percentile on two d10 (00 is 100): more than 100 improves one level, 01-100 no change, less than 01 worsens one level.",
    "Discipline ratings: raw, trained, experienced, veteran, elite. In the app \"rating\" is the discipline rating and \"roll\" the die roll, never both \"DR\".",
    "Turn-record chart: the captured cells \"111\" to \"2010\" are the turn fused with the end range; at the start of turn T (11 or later) a d10 of T-10 or less ends the scenario, and turn 20 always ends it.",
    "CPP are rolled at every refit, with a table the campaign tunes to its number of scenarios a day.",
    "Night attack: the attacking side's CPP roll takes -5; the defender's roll is unmodified.",
    "Armour repair: Germans from 1939 to the end of 1944; Americans, British and Russians from July 1944 to the end of the war; no other nation repairs.",
    "Rating change modifiers \"each turn a unit started a scenario isolated / cut off\" count each scenario (half day) started in that state, cumulatively.",
    "Only one casualties modifier applies to a rating roll: the highest of 25%, 50%, 75% reached.",
    "Combining: both MEs must have suffered 50% or more casualties; the new rating is one below the better of the two, never below raw.",
    "Breakpoints (25%, 50%, 75%): reached at the least whole number of stands lost that is at least the share.",
    "Aircraft and smoke: +1 for each CPP spent beyond the purchase, without a cap; \"after 6/44\" is from July 1944.",
    "The \"T\" class of the escape rule is not defined in the text; it is read as transport (trucks).",
    "Escape: \"<4\\\"\" from friendly lines reads 4\" or less; unarmoured vehicles roll in the AFV column.",
    "Posture: when both sides attack, each rolls a d10 and the higher attacks; a tie is rolled again.",
    "Posture: the attacker sets up second and moves second, as the text says; the umpire may override.",
    "Posture is revealed after all refit purchases and before forces are chosen: purchases are made blind.",
    "Ammunition: a stand that began the scenario cut off rolls a d10 each time it fires; a 1 makes it short, a further 1 out.",
    "An OBA module fired on a day counts once against that day's limit however many scenarios it fires in, and leaves at the day's last cleanup; an unused one carries over.",
    "Advance to Rostov's reinforcement and fortification charts are not in the text; the sample's are illustrative.",
];
