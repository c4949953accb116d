//! The rules reference: every Battlefront: WW2 campaign table drawn from the arrays and
//! functions the rules apply (`tables.rs`, `charts.rs`, `modifier.rs`), in our own words, with
//! every reading taken where the text is damaged or silent.

use super::reference_tables::*;
use crate::systems::bfww2_campaign::charts::{
    PREREGISTERED_COST_CPP, PREREGISTERED_PER_MODULE, ROSTOV_GERMAN_O3_PER_CAMPAIGN, ROSTOV_GERMAN_O3_PER_DAY,
};
use crate::systems::bfww2_campaign::rules::{PLAYING_APART, READINGS};
use crate::systems::bfww2_campaign::sample::{sample_setup, ILLUSTRATIVE};
use crate::systems::bfww2_campaign::tables::*;
use crate::systems::bfww2_campaign::{MoveOrder, Rating};
use leptos::prelude::*;

#[component]
pub fn Bfww2Reference() -> impl IntoView {
    let die = DEFAULT_DIE.label();
    let sample = sample_setup();
    let ladder = Rating::LADDER.iter().map(|r| r.name()).collect::<Vec<_>>().join(", ");
    let combined = [
        (Rating::Experienced, Rating::Experienced),
        (Rating::Veteran, Rating::Experienced),
        (Rating::Raw, Rating::Raw),
    ]
    .map(|(a, b)| format!("{} and {} give {}", a.name(), b.name(), Rating::combined(a, b).name()).to_ascii_lowercase())
    .join("; ");
    let breakpoints = BREAKPOINTS_PERCENT.map(|p| format!("{p}%")).join(", ");
    let example = breakpoints_example(10);
    view! {
        <section class="page reference" data-testid="rules-reference">
            <h1>"Battlefront: WW2 campaign: rules reference"</h1>
            <p class="hint">{format!("These are the tables the app applies, drawn from the same data. \u{201c}9 or more\u{201d} is the text's \u{201c}>9\u{201d} and \u{201c}0 or less\u{201d} its \u{201c}<0\u{201d}. Rolls are on a {die} unless the campaign's setup names another die; where the published text is damaged or silent, the reading used is listed at the end.")}</p>

            <h2>"The campaign"</h2>
            <ul>
                <li>"Campaign days of one to three scenarios: a morning (alone, the full day), then an optional afternoon and an optional night."</li>
                <li>"Each scenario: posture (secret; the first scenario's attacker is set by the umpire), refit, forces, the battle on the table, the results per element, cleanup."</li>
                <li>{format!("Discipline ratings, worst first: {ladder}.")}</li>
            </ul>

            <h2>"CPP replenishment"</h2>
            <p>{format!("Each side rolls in secret at every refit and adds the day's historical modifier; after a night scenario the side that attacked also takes {}. The campaign may set its own table.", signed(NIGHT_ATTACK_DRM))}</p>
            {roll_table("table-cpp", "Final roll", "CPP gained", &CPP_REPLENISHMENT, |n| format!("+{n}"))}
            <h3>"Advance to Rostov historical modifiers"</h3>
            {rostov_chart()}

            <h2>"Armour repair"</h2>
            <p>{format!("One roll per knocked-out or abandoned vehicle of an armour (A) element inside its own lines. At most {REPAIR_CPP_MAX} CPP may be spent on a roll.")}</p>
            {roll_table("table-repair", "Final roll", "Result", &ARMOUR_REPAIR, repair_name)}
            {modifiers("table-repair-modifiers", &REPAIR_MODIFIERS)}
            {repair_dates()}

            <h2>"Armour withdrawal"</h2>
            <p>"For a side under the restriction: a secret roll for each tank-only element in normal status that lost a vehicle last scenario."</p>
            {roll_table("table-withdrawal", "Roll", "Result", &ARMOUR_WITHDRAWAL, withdrawal_name)}

            <h2>"Discipline rating change (optional)"</h2>
            <p>"A percentile roll on two d10 (00 is 100), plus the modifiers; only the highest casualties modifier counts."</p>
            {roll_table("table-rating", "Final roll", "Rating", &RATING_CHANGE, rating_change_name)}
            {modifiers("table-rating-modifiers", &RATING_MODIFIERS)}

            <h2>"Combining and breakpoints"</h2>
            <ul data-testid="table-combine">
                <li>{format!("Two elements of the same class and type (or both infantry), each with {COMBINE_CASUALTIES_PERCENT}% or more casualties, may combine. The new rating is one below the better: {combined}.")}</li>
                <li>{format!("Breakpoints at {breakpoints} of the stands at the day's start; {example}.")}</li>
            </ul>

            <h2>"Aircraft and smoke missions"</h2>
            {roll_table("table-missions", "Final roll", "Aircraft or smoke missions", &MISSIONS, |n| n.to_string())}
            {modifiers("table-mission-modifiers", &MISSION_MODIFIERS)}
            <p>{format!("Pre-registered points: {PREREGISTERED_COST_CPP} CPP each, at most {PREREGISTERED_PER_MODULE} per artillery module; they last the day. In Advance to Rostov the German O3 may be bought {ROSTOV_GERMAN_O3_PER_CAMPAIGN} times in the campaign and used {ROSTOV_GERMAN_O3_PER_DAY} times a day.")}</p>

            <h2>"Fortification removal"</h2>
            <p>{format!("{REMOVAL_COST_FPP} FPP per attempt, one attempt per item and place; also for wrecks and enemy A-class stands behind the line. The engineer modifier needs {ENGINEER_SQUADS} engineer squads not isolated.")}</p>
            {roll_table("table-removal", "Final roll", "Result", &FORTIFICATION_REMOVAL, removal_name)}
            {modifiers("table-removal-modifiers", &REMOVAL_MODIFIERS)}

            <h2>"Escape from isolation"</h2>
            <p>{format!("At cleanup, for each stand isolated or cut off. \u{201c}Near friendly lines\u{201d} is {NEAR_FRIENDLY_LINES_INCHES}\" or less.")}</p>
            {escape_table()}
            {modifiers("table-escape-modifiers", &ESCAPE_MODIFIERS)}

            <h2>"Ammunition"</h2>
            <p>{format!("A stand that began the scenario cut off rolls a die each time it fires: a {AMMO_FAILS_ON} takes it one step down. A stand in normal status starts the next scenario with normal ammunition.")}</p>
            {ammo_table()}

            <h2>"Turn-record chart"</h2>
            <p>{format!("When one side wants to stop, a {} at the start of each turn from turn 11; turn {LAST_TURN} always ends the scenario.", TURN_RECORD_DIE.label())}</p>
            {turn_record()}

            <h2>"Posture"</h2>
            <p>{format!("Attack against defend: {} A campaign's umpire may have the attacker move first; its Rules tab says which. ", MoveOrder::AttackerMovesSecond.words())}"Both attack: each rolls a die, the higher attacks, a tie rolls again. Both defend: no battle, but the refit still happens."</p>

            <crate::ui::widgets::PlayingApart/>
            <div data-testid="playing-apart-bfww2">{PLAYING_APART.iter().map(|p| view! { <p>{*p}</p> }).collect_view()}</div>

            <h2>"The sample: Advance to Rostov"</h2>
            <p class="note">{ILLUSTRATIVE}</p>
            {sample_sides(&sample)}

            <h2>"Readings taken"</h2>
            <ol class="readings" data-testid="readings">{READINGS.iter().map(|r| view! { <li>{*r}</li> }).collect_view()}</ol>
        </section>
    }
}

/// "an element of 10 stands breaks at 3, 5 and 8 lost", from `breakpoints`.
fn breakpoints_example(stands: u16) -> String {
    let [a, b, c] = breakpoints(stands);
    format!("an element of {stands} stands reaches them at {a}, {b} and {c} lost")
}
