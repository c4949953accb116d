//! The rules reference: every Axis of Attack table drawn from the arrays the rules apply, in
//! our own words, with the readings taken where the text leaves room.

use crate::systems::axis_of_attack::rules::READINGS_TEXT;
use crate::systems::axis_of_attack::tables::*;
use leptos::prelude::*;

fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

#[component]
pub fn AoaReference() -> impl IntoView {
    view! {
        <section class="page reference" data-testid="rules-reference">
            <h1>"Deluxe Axis of Attack: rules reference"</h1>
            <p class="hint">"These are the tables the app applies, drawn from the same data. Where the published text leaves room, the reading used is listed at the end."</p>

            <h2>"The campaign"</h2>
            <ul>
                <li>{format!("{SECTORS} sectors in a line: the west player's home is sector 1, the east player's sector {SECTORS}. The first game is an {} in sector {START_SECTOR}.", FIRST_MISSION.name())}</li>
                <li>{format!("Each campaign turn is one game. A side wins the campaign by winning as attacker in the enemy home sector. After {TURNS} turns: a minor victory for a side fighting on or next to the enemy home sector, otherwise a stalemate.")}</li>
                <li>"A turn: mission roll (from turn 2); the defender's shift; the 5-VP mission change; table area; force lists in secret; weather; the game; the map move; casualties; reinforcements; support exchanges."</li>
            </ul>

            <h2>"Mission selection"</h2>
            <p>"Each player rolls a die and adds:"</p>
            <ul data-testid="table-mission-modifiers">
                <li>"the victory points he scored in the last game (without the outnumbered bonus);"</li>
                <li>{format!("{} for the higher campaign VP total;", signed(HIGHER_VP_BONUS))}</li>
                <li>{format!("{} for each recon platoon of the last winner left in the enemy half (at least depleted, not Immobile);", signed(PER_RECON_PLATOON))}</li>
                <li>{format!("{} for having won the last game as defender in a mission without Fair Fight.", signed(WON_AS_DEFENDER))}</li>
            </ul>
            <p>{format!("A defender who won a {} may then move the higher total {} up or down (either total when they are level). The higher total picks the mission and attacks; level totals leave the attacker to the mission's own rules.",
                SHIFT_MISSIONS.iter().map(|m| m.name()).collect::<Vec<_>>().join(" or "), DEFENDER_SHIFT)}</p>
            <table data-testid="table-mission"><thead><tr><th>"Higher total"</th><th>"Mission"</th></tr></thead>
                <tbody>{MISSION_SELECTION.iter().rev().map(|(b, m)| view! { <tr><td>{b.to_string()}</td><td>{m.name()}</td></tr> }).collect_view()}</tbody></table>
            <p>{format!("Changing the mission: for {MISSION_CHANGE_COST} campaign VP the player with more VP may move it one row up or down; if he does not, the other player may.")}</p>

            <h2>"Mission results"</h2>
            <table data-testid="table-results"><thead><tr><th>"Mission"</th><th>"Attacker wins"</th><th>"Defender wins"</th></tr></thead>
                <tbody>{MISSION_RESULTS.iter().map(|(m, a, d)| view! {
                    <tr><td>{m.name()}</td><td>{a.name()}</td><td>{d.map_or("\u{2013} (both attack)", |r| r.name())}</td></tr>
                }).collect_view()}</tbody></table>
            <ul>
                <li>"Advance: one sector towards the loser's home. Hold: the same sector again. Retreat: one sector towards the defender's home."</li>
                <li>"Breakthrough: one or two sectors towards the loser's home; after two, every platoon the winner fields in the next game must be operationally mobile or carried."</li>
            </ul>

            <h2>"Table area"</h2>
            <p>{format!("The last game's winner picks the area on the sector map; the other player may shift it {AREA_SHIFT_COST} square per VP. North is the top of the map; west's edge is always west.")}</p>

            <h2>"Forces for a game"</h2>
            <ul>
                <li>{format!("{GAME_POINTS} points, plus {POINTS_PER_VP} per campaign VP spent (at most {MAX_VP_FOR_POINTS} VP).")}</li>
                <li>"Any platoon at least depleted may come with between the book's minimum and the teams its strength allows now; upgrades paid at the start stay available."</li>
                <li>"Force lists, with the air support profile and the VP option, are handed in secretly and shown together."</li>
            </ul>

            <h2>"Outnumbered and outgunned"</h2>
            <table data-testid="table-outnumbered"><thead><tr><th>"Points fewer than the enemy"</th><th>"Bonus VP"</th></tr></thead>
                <tbody>{OUTNUMBERED.iter().map(|(b, v)| view! { <tr><td>{b.to_string()}</td><td>{signed(*v as i32)}</td></tr> }).collect_view()}</tbody></table>
            <p>{format!("Conceding: the other player wins {}-{}, and there is no bonus. Most VP in a game: {MAX_GAME_VP}.", CONCESSION_VP.0, CONCESSION_VP.1)}</p>

            <h2>"VP options (one per player per game)"</h2>
            <table data-testid="table-options"><thead><tr><th>"Option"</th><th>"Cost"</th><th>"Who"</th><th>"What it does"</th></tr></thead>
                <tbody>{OPTIONS.iter().map(|o| view! {
                    <tr><td>{o.name}</td><td>{format!("{} VP{}", o.cost, match o.per { Per::Game => "", Per::Platoon => " per platoon", Per::Shoot => " per shoot" })}</td><td>{o.buyer.text()}</td><td>{o.text}</td></tr>
                }).collect_view()}</tbody></table>

            <h2>"Air support profiles"</h2>
            <table data-testid="table-air"><tbody>{AirProfile::ALL.iter().map(|p| view! { <tr><td>{p.name()}</td><td>{p.text()}</td></tr> }).collect_view()}</tbody></table>

            <h2>"Weather (1d6, the defender rolls)"</h2>
            <table data-testid="table-weather"><thead><tr><th>"Die"</th>{Weather::ALL.iter().map(|w| view! { <th>{format!("After {}", w.name().to_ascii_lowercase())}</th> }).collect_view()}</tr></thead>
                <tbody>{WEATHER.iter().enumerate().map(|(i, row)| view! {
                    <tr><td>{i + 1}</td>{row.iter().map(|w| view! { <td>{w.name()}</td> }).collect_view()}</tr>
                }).collect_view()}</tbody></table>
            <table data-testid="table-weather-effects"><thead><tr><th>"Weather"</th><th>"Ground"</th><th>"Aircraft"</th></tr></thead>
                <tbody>{Weather::ALL.iter().map(|w| view! {
                    <tr><td>{w.name()}</td><td>{format!("{} level{}", signed(w.mud_change() as i32), if w.mud_change().abs() == 1 { "" } else { "s" })}</td><td>{w.air().text()}</td></tr>
                }).collect_view()}</tbody></table>

            <h2>"The ground"</h2>
            <table data-testid="table-mud"><tbody>{Mud::ALL.iter().map(|m| view! {
                <tr><td>{m.name()}</td><td><ul>{m.effects().iter().map(|e| view! { <li>{*e}</li> }).collect_view()}</ul></td></tr>
            }).collect_view()}</tbody></table>

            <h2>"Platoon strength"</h2>
            <table data-testid="table-strength"><tbody>{STRENGTH_LADDER.iter().rev().map(|(s, what)| view! { <tr><td>{s.name()}</td><td>{*what}</td></tr> }).collect_view()}</tbody></table>
            <p>"Strength after a game counts the teams working on the table, the teams left at home, teams that left by their own edge after turn 3, and bailed or bogged vehicles for the winner (the loser loses them). Transport and upgrade teams never count. A platoon without enough transport left becomes Immobile, unless its player lowers its strength to a level its transport carries, or strips identical vehicles from another platoon (which is then Immobile)."</p>

            <h2>"Reinforcements"</h2>
            <table data-testid="table-reinforcement"><thead><tr><th>"Platoon"</th><th>"Each die needs"</th></tr></thead>
                <tbody>{REINFORCEMENT_TARGET.iter().map(|(r, t)| view! { <tr><td>{r.name()}</td><td>{format!("{t}+")}</td></tr> }).collect_view()}</tbody></table>
            <ul>
                <li>{format!("{REINFORCEMENT_DICE} dice a turn, plus {DICE_PER_VP} per campaign VP spent. Any success raises the platoon one level, never above the strength it was bought at.")}</li>
                <li>{format!("{} on each die for a platoon made only of tanks.", signed(ALL_TANK_MODIFIER))}</li>
                <li>{format!("A company below {MIN_DEPLETED_COMBAT} depleted combat platoons may be topped up: the player picks combat platoons to raise to depleted at once, one die per level; they cannot be reinforced again that turn.")}</li>
                <li>"Immobile platoons get their transport back in a turn they did not fight, or when the winner did not push two sectors after a Breakthrough."</li>
                <li>{format!("Exchanging a support platoon (at least depleted) for another costing no more than it is worth now: {EXCHANGE_COST} VP. Points left over are lost (315 points exchanged for a 265-point platoon lose 50).")}</li>
            </ul>

            <h2>"Table rules for every mission"</h2>
            <dl data-testid="table-rules-reference">{TABLE_RULES.iter().map(|(name, text)| view! { <dt>{*name}</dt><dd>{*text}</dd> }).collect_view()}</dl>

            <crate::ui::widgets::PlayingApart rolls="In Axis of Attack every roll matters to both sides: the mission, the weather and the reinforcements are all offered jointly."/>
            <h2>"Readings where the text leaves room"</h2>
            <ul data-testid="readings">
                {READINGS_TEXT.iter().map(|r| view! { <li>{*r}</li> }).collect_view()}
            </ul>
        </section>
    }
}
