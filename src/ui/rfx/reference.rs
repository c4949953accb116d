//! The rules reference: every Race for X table rendered from the arrays the rules apply.

use crate::systems::race_for_x::tables::*;
use leptos::prelude::*;

fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

fn or_dash(t: Option<u16>) -> String {
    t.map_or("n/a".into(), |v| if v == 6 { "6".into() } else { format!("{v}+") })
}

#[component]
pub fn RulesReference() -> impl IntoView {
    view! {
        <section class="page reference" data-testid="rules-reference">
            <h1>"Race for X: rules reference"</h1>
            <p class="hint">"These tables are the ones the app applies, drawn from the same data. Where the published text was damaged, the reading used is noted."</p>

            <h2>"Campaign turn"</h2>
            <ol>
                <li>"Both players choose Attack or Regroup in secret."</li>
                <li>"Player A's part, then player B's: type of battle; forces on table; fight; battle result and movement; recover losses."</li>
                <li>"At the end of the turn: a player who advanced out of zone 5 takes X and wins, unless the other did too (a draw)."</li>
            </ol>

            <h2>"Campaign size (points)"</h2>
            <table data-testid="table-size"><thead><tr><th>"Size"</th><th>"Force"</th>{CampaignSize::ALL.iter().map(|c| view! { <th>{c.name()}</th> }).collect_view()}</tr></thead>
                <tbody>{SIZE_POINTS.iter().map(|(s, what, pts)| view! {
                    <tr><td>{s.name()}</td><td>{*what}</td>{pts.iter().map(|p| view! { <td>{*p}</td> }).collect_view()}</tr>
                }).collect_view()}</tbody></table>

            <h2>"Type of battle (1d6)"</h2>
            <p>{format!("Modifiers: {} per zone advanced last campaign turn; {} if the player retreated last campaign turn (a retreat rolled in zone 1 moves nobody and is no retreat).", signed(PER_ZONE_ADVANCED), signed(AFTER_RETREAT))}</p>
            <table data-testid="table-battle-type"><thead><tr><th>"Total"</th><th>"Attack"</th><th>"Regroup"</th></tr></thead>
                <tbody>{BATTLE_TYPE.iter().map(|(b, a, r)| view! {
                    <tr><td>{b.to_string()}</td><td>{a.name()}</td><td>{r.map_or("No battle", |t| t.name())}</td></tr>
                }).collect_view()}</tbody></table>

            <h2>"Attacking force (units of the full offensive orbat, rounded down)"</h2>
            <table data-testid="table-force"><thead><tr><th>"Condition"</th><th>"Units"</th></tr></thead>
                <tbody>{FORCE_PERCENT.iter().map(|(_, what, pct)| view! { <tr><td>{*what}</td><td>{format!("{pct}%")}</td></tr> }).collect_view()}</tbody></table>
            <p class="hint">"The 50% row was lost from the published table; its worked example (9 of 19 units) restores it. Where two rows apply, 50% wins. A CC's HQ must be fielded when half or more of the other units of its company are; a BC's when half or more of its companies are (a company counting when half or more of its units are). RC HQs are free."</p>

            <h2>"Defending force"</h2>
            <table data-testid="table-defence"><thead><tr><th>"Battle"</th>{(1..=5).map(|z| view! { <th>{format!("Zone {z}")}</th> }).collect_view()}</tr></thead>
                <tbody>{DEFENCE_SIZE.iter().map(|(b, sizes)| view! {
                    <tr><td>{b.name()}</td>{sizes.iter().map(|s| view! { <td>{s.name()}</td> }).collect_view()}</tr>
                }).collect_view()}</tbody></table>
            <p>"Then 1d6: "{DEFENCE_OPTION.iter().map(|(b, o)| format!("{} option {}", b, o.name())).collect::<Vec<_>>().join("; ")}"."</p>

            <h2>"Fight the battle"</h2>
            <p>{format!("Moving clock: a game lasts {CLOCK_TICKS} ticks; at the end of each defending player's turn the clock ticks on {CLOCK_TARGET}+ (in a counter-attack, the offensive player is the defender).")}</p>

            <h2>"Victory points of the offensive player"</h2>
            <table data-testid="table-vp"><thead><tr><th>"For"</th>{CampaignSize::ALL.iter().map(|c| view! { <th>{c.name()}</th> }).collect_view()}</tr></thead>
                <tbody>
                    <tr><td>"Both terrain objectives"</td>{(0..4).map(|_| view! { <td>{OBJECTIVE_VP[2]}</td> }).collect_view()}</tr>
                    <tr><td>"One terrain objective"</td>{(0..4).map(|_| view! { <td>{OBJECTIVE_VP[1]}</td> }).collect_view()}</tr>
                    <tr><td>"Neither objective"</td>{(0..4).map(|_| view! { <td>{OBJECTIVE_VP[0]}</td> }).collect_view()}</tr>
                    <tr><td>"Each fighting stand exited (doubled when holding both objectives)"</td>{EXIT_VP.iter().map(|v| view! { <td>{*v}</td> }).collect_view()}</tr>
                    <tr><td>"Each own fighting stand killed"</td>{KILLED_VP.iter().map(|v| view! { <td>{*v}</td> }).collect_view()}</tr>
                </tbody></table>
            <p class="hint">"Fighting stands: squads, crew-served weapons, vehicles, CCs, BCs and RCs; not FOs or PCs."</p>

            <h2>"Battle result modifier"</h2>
            <table data-testid="table-vp-mod"><thead><tr><th>"VP"</th><th>"Modifier"</th></tr></thead>
                <tbody>{VP_MODIFIER.iter().map(|(b, m)| view! { <tr><td>{b.to_string()}</td><td>{signed(*m)}</td></tr> }).collect_view()}</tbody></table>

            <h2>"Battle result (1d6 + modifier)"</h2>
            <table data-testid="table-result"><thead><tr><th>"Total"</th><th>"Attack"</th><th>"Regroup"</th></tr></thead>
                <tbody>{BATTLE_RESULT.iter().map(|(b, a, r)| view! { <tr><td>{b.to_string()}</td><td>{a.name()}</td><td>{r.name()}</td></tr> }).collect_view()}</tbody></table>
            <p class="hint">"No battle: no movement. No retreat out of zone 1. An Advance 2 from zone 4 reaches X."</p>

            <h2>"Recover losses (1d6 per lost stand)"</h2>
            <table data-testid="table-recovery"><thead><tr><th>"Battle result"</th><th>"Attack"</th><th>"Regroup"</th></tr></thead>
                <tbody>{RECOVERY.iter().map(|(_, what, a, r)| view! { <tr><td>{*what}</td><td>{or_dash(*a)}</td><td>{or_dash(*r)}</td></tr> }).collect_view()}</tbody></table>
            <p class="hint">"First, every killed commander (PC, CC, BC, RC) is replaced by a squad or crew-served weapon: its own subordinate where one is left, otherwise any. The stand given up counts as lost and may be recovered later. Recovery never brings a unit above its starting strength."</p>
            <crate::ui::widgets::PlayingApart rolls="In Race for X every roll matters to both sides: the type of battle, the defence roll, the clock, the battle result and recovery are all offered jointly."/>
            <h2>"Readings where the text is unclear"</h2>
            <ul data-testid="readings">
                {crate::systems::race_for_x::rules::READINGS.iter().map(|r| view! { <li>{*r}</li> }).collect_view()}
            </ul>
        </section>
    }
}
