//! The night-scouting rules reference, in our own words, with every number rendered from the
//! data in `tables.rs` (what is shown is what is applied), and the readings taken where the
//! text leaves room.

use crate::systems::crossfire_scouting::preview::{hit_odds, spot_chance};
use crate::systems::crossfire_scouting::tables::*;
use leptos::prelude::*;

fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

#[component]
pub fn ScoutingReference() -> impl IntoView {
    let spot_rows: Vec<(i32, i32)> = vec![(0, 0), (1, -1), (0, -1), (-1, 0), (1, 0), (2, -1)];
    let [zero_o, one_o, two_o] = hit_odds(false);
    let [zero_c, one_c, two_c] = hit_odds(true);
    view! {
        <section class="reference scouting-reference" data-testid="scouting-reference">
            <h1>"Crossfire night scouting: rules reference"</h1>
            <p>"A few scouts go out by night to find a hidden defender before the dawn attack. The defender has deployed hidden (never in a feature touching the scouting player's table edge) and has only sentries awake. The scouts must be back at their own edge by the deadline to tell the briefing what they found."</p>

            <h2>"The clock"</h2>
            <ul>
                <li>{format!("The night runs from {} to {}.", clock_text(0), clock_text(DEADLINE_MINUTES))}</li>
                <li>{format!("A clock roll is 1d6: {CLOCK_TARGET} or more moves the clock on {CLOCK_STEP_MINUTES} minutes.")}</li>
                <li>{format!("Roll after every spotting attempt, and after a figure's {}rd move action in a row without spotting or drawing a reaction; a spot or a reaction starts the count again.", MOVES_PER_CLOCK_ROLL)}</li>
            </ul>

            <h2>"Spotting: an opposed roll"</h2>
            <p>"A scout touching an area may try to spot it, once per scout per area (bring up another scout to make sure). Two opposed rolls are made: his eyes against the sentries, and the sentries' eyes against him. Each roll is 1d6 plus the roller's modifiers against 1d6 plus the other side's; only a strictly higher total sees."</p>
            <table data-testid="ref-spot-modifiers">
                <thead><tr><th>"Each side's modifier"</th><th>"Value"</th></tr></thead>
                <tbody>
                    {QUALITY.iter().map(|(q, v)| view! { <tr><td>{q.name()}</td><td>{signed(*v)}</td></tr> }).collect_view()}
                    <tr><td>"Special training (night-trained, specialist scouts, stealthy troops)"</td><td>{signed(SPECIAL_TRAINING)}</td></tr>
                    <tr><td>"Its foe is in cover"</td><td>{signed(FOE_IN_COVER)}</td></tr>
                </tbody>
            </table>
            <table data-testid="ref-spot-odds">
                <thead><tr><th>"Spotter's total modifier"</th><th>"Hider's total modifier"</th><th>"Chance to see"</th></tr></thead>
                <tbody>
                    {spot_rows.into_iter().map(|(a, b)| view! { <tr><td>{signed(a)}</td><td>{signed(b)}</td><td>{spot_chance(a, b).percent()}</td></tr> }).collect_view()}
                </tbody>
            </table>
            <table data-testid="ref-spot-outcomes">
                <thead><tr><th>"Outcome"</th><th>"What happens next"</th></tr></thead>
                <tbody>
                    {SpotOutcome::ALL.iter().map(|o| view! { <tr><td>{o.name()}</td><td>{o.next()}</td></tr> }).collect_view()}
                </tbody>
            </table>
            <ul>
                <li>{format!("Ambush: when the sentries saw a scout who saw nothing and the defender held fire, the defenders get {} in close combat should that scout walk into the area. The scouting player knows he was seen: an empty area can look occupied.", signed(AMBUSH_BONUS))}</li>
                <li>"Reactive spotting: a sentry with a line of sight may roll to spot a scout moving in the open. If he sees him, the defender must fire, with any troops that have a line of sight to the scout, or own up that none can see him (so a bluff gives something away)."</li>
                <li>"The cat, once a night: the scouting player cancels one successful spot by the sentries. The sentry sees a cat, blames it for the noise, and laughs."</li>
            </ul>

            <h2>"Fire at a scout"</h2>
            <p>{format!("Only the sentries fire. Per defending unit in the area being scouted (or, for reactive fire at a moving scout, per unit of any troops with a line of sight to him): {FIRE_DICE_OPEN}d6 at a scout in the open, {FIRE_DICE_COVER}d6 at a scout in cover; set the highest die aside and count {HIT_ON}s and 6s among the rest.")}</p>
            <table data-testid="ref-fire">
                <thead><tr><th>"Hits"</th><th>"Result"</th><th>"In the open"</th><th>"In cover"</th></tr></thead>
                <tbody>
                    {FIRE_RESULT.iter().zip([(zero_o, zero_c), (one_o, one_c), (two_o, two_c)]).map(|((band, r), (o, c))| view! {
                        <tr><td>{band.to_string()}</td><td><strong>{r.name()}</strong>": "{r.next()}</td><td>{o.percent()}</td><td>{c.percent()}</td></tr>
                    }).collect_view()}
                </tbody>
            </table>
            <p>"Troops who fire give themselves away (flares, dogs, muzzle flashes): if the scout lives, or his leader watches, they are revealed."</p>

            <h2>"Close combat"</h2>
            <p>"A scout who walks into occupied terrain he did not know about fights one round of close combat. If he wins, the troops are revealed and cannot hinder him again (they stay for the battle). If he loses he is dead or captured and the troops stay hidden. Scouts may not enter terrain whose troops are revealed."</p>

            <h2>"Finds"</h2>
            <ul>
                <li>"A scout who finds something carries it in his head until he reports it to his leader, base to base (banked)."</li>
                <li>"What only a dead scout knew is lost, and those troops may redeploy hidden before the battle. If a leader and all his scouts die, all their finds are lost."</li>
                <li>{format!("Only what comes back to the own edge by {} reaches the briefing.", clock_text(DEADLINE_MINUTES))}</li>
            </ul>

            <crate::ui::widgets::PlayingApart rolls="At night every roll matters to both sides: spotting, reactive spots, fire, close combat and the clock are all offered jointly."/>
            <h2>"How the app reads the rules"</h2>
            <ul data-testid="ref-readings">
                {crate::systems::crossfire_scouting::rules::READINGS.iter().map(|r| view! { <li>{*r}</li> }).collect_view()}
            </ul>
        </section>
    }
}
