//! Both companies as they stand now, and each side's campaign VP ledger.

use super::{slug, Aoa};
use crate::systems::axis_of_attack::tables;
use crate::systems::axis_of_attack::{LedgerEntry, LedgerItem, Side};
use leptos::prelude::*;

/// What a ledger line was for, in the players' words.
fn ledger_text(aoa: Aoa, e: &LedgerEntry) -> String {
    match &e.item {
        LedgerItem::GameVp => "Victory points of the game".to_string(),
        LedgerItem::Outnumbered { difference } => {
            format!("Outnumbered and outgunned bonus ({difference} points fewer)")
        }
        LedgerItem::Points { points } => format!("{points} more points on the table"),
        LedgerItem::MissionChange { from, to } => format!("Mission changed from {} to {}", from.name(), to.name()),
        LedgerItem::AreaShift { squares } => {
            format!("Table area shifted {squares} square{}", if *squares == 1 { "" } else { "s" })
        }
        LedgerItem::Option(kind) => tables::option_row(*kind).name.to_string(),
        LedgerItem::ReinforcementDice { dice } => {
            format!("{dice} more reinforcement {}", if *dice == 1 { "die" } else { "dice" })
        }
        LedgerItem::Exchange { old, new } => {
            format!("Exchanged {} for {}", aoa.platoon(e.side, *old), aoa.platoon(e.side, *new))
        }
    }
}

#[component]
pub fn Companies() -> impl IntoView {
    let aoa = expect_context::<Aoa>();
    view! {
        <section class="rosters aoa-rosters" data-testid="companies">
            {Side::BOTH.into_iter().map(|side| view! {
                {move || {
                    let (roster, ledger, earned, spent, balance) = aoa.state.with(|s| (
                        s.roster(side).to_vec(),
                        s.ledger.iter().filter(|e| e.side == side).cloned().collect::<Vec<_>>(),
                        s.earned(side), s.spent(side), s.balance(side),
                    ));
                    let (company, air) = aoa.setup.with(|s| (s.player(side).company.clone(), s.player(side).air.clone()));
                    view! {
                        <div class="roster" data-testid=format!("company-{}", slug(side))>
                            <h2>{format!("{} \u{00B7} {}", aoa.who(side), company)}</h2>
                            <div class="table-scroll">
                            <table class="roster-table">
                                <thead><tr><th>"Platoon"</th><th>"Now"</th><th>"Started"</th><th>"Points"</th><th>"Notes"</th></tr></thead>
                                <tbody>
                                    {roster.iter().enumerate().map(|(i, p)| {
                                        let mut flags = vec![p.platoon.role.name().to_string(), p.platoon.mobility.name().to_string()];
                                        if p.platoon.all_tank { flags.push("all tanks".into()); }
                                        if p.platoon.recon { flags.push("recon".into()); }
                                        if !p.platoon.upgrades.is_empty() { flags.push(format!("upgrades: {}", p.platoon.upgrades)); }
                                        if p.joined > 0 { flags.push(format!("joined turn {}", p.joined)); }
                                        let gone = p.exchanged_for.map(|n| format!("Exchanged for {}", aoa.platoon(side, n)));
                                        view! {
                                            <tr class:gone=gone.is_some() data-testid=format!("platoon-{}-{i}", slug(side))>
                                                <td>{p.name().to_string()}<br/><small>{format!("{} to {} teams", p.platoon.min_teams, p.platoon.max_teams)}</small></td>
                                                <td data-testid=format!("strength-{}-{i}", slug(side))>
                                                    {gone.clone().unwrap_or_else(|| format!("{} ({} teams)", p.strength.name(), p.max_teams_now()))}
                                                    {p.immobile.then(|| view! { <span class="badge" data-testid=format!("immobile-badge-{}-{i}", slug(side))>"Immobile"</span> })}
                                                </td>
                                                <td>{p.start.name()}</td>
                                                <td>{p.platoon.points}</td>
                                                <td><small>{flags.join(" \u{00B7} ")}</small></td>
                                            </tr>
                                        }
                                    }).collect_view()}
                                </tbody>
                            </table>
                            </div>
                            {(!air.is_empty()).then(|| view! {
                                <p class="info">{format!("Air support bought: {}", air.iter().map(|a| format!("{} ({} points)", a.name, a.points)).collect::<Vec<_>>().join(", "))}</p>
                            })}
                            <h3>"Campaign VP"</h3>
                            <p class="vp-line" data-testid=format!("ledger-total-{}", slug(side))>{format!("Earned {earned} \u{00B7} spent {spent} \u{00B7} balance {balance}")}</p>
                            {if ledger.is_empty() {
                                view! { <p class="hint">"No VP earned or spent yet."</p> }.into_any()
                            } else {
                                view! {
                                    <table class="ledger" data-testid=format!("ledger-{}", slug(side))>
                                        <thead><tr><th>"Turn"</th><th>"For"</th><th>"VP"</th></tr></thead>
                                        <tbody>{ledger.iter().map(|e| view! {
                                            <tr class:spent={e.vp < 0}><td>{e.turn}</td><td>{ledger_text(aoa, e)}</td><td>{if e.vp > 0 { format!("+{}", e.vp) } else { e.vp.to_string() }}</td></tr>
                                        }).collect_view()}</tbody>
                                    </table>
                                }.into_any()
                            }}
                        </div>
                    }
                }}
            }).collect_view()}
        </section>
    }
}
