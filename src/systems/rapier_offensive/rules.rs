//! Rapier Offensive's rules: the readings taken where the text is damaged or silent.

/// The readings taken where the text leaves room, in the words the rules reference shows.
pub const READINGS: &[&str] = &[
    "Movement of fortifications and minefields is 0 into contact and 0 otherwise (the figures were lost in the capture).",
    "Recon: the axis die reads 1-4 as A1-A4; a 5 or 6 lands off the table and the attempt is wasted. L1 and L6 never hold defenders, so those results are always empty.",
    "A move that enters an enemy-occupied sector ends there and may not be longer than the \"into contact\" figure; any other move may be as long as the \"not into contact\" figure.",
    "Ground combat: an HQ is a target in the infantry/cavalry column; only infantry can be assault troops; rockets shoot on the artillery row; mortars and reconnaissance on the \"other\" row.",
    "Minefields do not affect enemy engineers: their dice cannot kill engineers, and a minefield adds nothing when only engineers are in the sector.",
    "Support fire range is counted in orthogonal sectors: mortars 1, artillery and rockets 2.",
    "Random events, an editable d6 table by default: 1-2 no effect, 3 thick fog, 4 attacker air strike, 5 defender air strike, 6 attacker extra ammunition.",
    "A \"support point\" is one extra die at the support-fire kill number: an air strike is one shot at one unit in any sector, regardless of range; extra ammunition lets one battery roll two dice.",
    "A division without an HQ may move at most half its units, rounded down.",
    "Victory counts the break-through division's units at the start of the game, losses included, by membership at the end; exact shares count (85% is a major victory).",
    "Clearing minefields: the text says \"and there is other enemy in the sector\"; read \"no other enemy\", as the next sentence requires the sector cleared first.",
    "Bogging: HQs roll in the infantry column, any gun in the motorised column; hills have no row and need no roll; a unit that fails stops where it is.",
    "Defending units have no axis of attack: they move orthogonally in any direction.",
    "Exiting: a unit on L6 leaves the table by one more forward step.",
    "A unit entering the table from the Division Reserve must enter an L1 sector within its division's frontage.",
    "The free shot at a unit withdrawing from contact is the chosen enemy unit's ground-combat dice against the withdrawing unit's type, killing on a 6.",
];
