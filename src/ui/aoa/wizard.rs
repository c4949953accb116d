//! New Axis of Attack campaign (and, before the first decision, edit its setup): the two
//! players and their armies, the points, each company's platoons and air support.
//! Text fields commit on change (not per keystroke) so typing keeps focus.

use crate::store;
use crate::systems::axis_of_attack::company::{blank_setup, CARRIER_READINGS};
use crate::systems::axis_of_attack::platoon_text;
use crate::systems::axis_of_attack::rules::check_setup;
use crate::systems::axis_of_attack::tables::{self, Mobility, Mud, Role, Weather};
use crate::systems::axis_of_attack::{sample, AirSupport, AxisOfAttack, Platoon, Player, Setup, Side};
use crate::ui::platform::LocalStorage;
use crate::ui::rfx::wizard_paste::{CopyToOther, PasteBox};
use crate::ui::widgets::WizardFooter;
use crate::ui::reactive::memo;
use leptos::prelude::*;

fn num<T: std::str::FromStr>(ev: &leptos::ev::Event) -> Option<T> {
    event_target_value(ev).trim().parse().ok()
}

fn new_platoon(n: usize) -> Platoon {
    Platoon {
        name: format!("Platoon {n}"),
        role: Role::Combat,
        min_teams: 3,
        max_teams: 5,
        teams: 5,
        points: 0,
        upgrades: String::new(),
        all_tank: false,
        recon: false,
        mobility: Mobility::Foot,
        under_strength: Some(true),
        vehicles: String::new(),
        transport: false,
    }
}

// The paste box's and the copy's view of a company: its platoons (a `Vec`, as they are kept).
#[allow(clippy::ptr_arg)]
fn write_platoons(ps: &Vec<Platoon>) -> String {
    platoon_text::write(ps)
}
#[allow(clippy::ptr_arg)]
fn no_platoons(ps: &Vec<Platoon>) -> bool {
    ps.is_empty()
}
#[allow(clippy::ptr_arg)]
fn platoons_summary(ps: &Vec<Platoon>) -> String {
    let points: u32 = ps.iter().map(|p| p.points).sum();
    format!("{} platoon{}, {points} points", ps.len(), if ps.len() == 1 { "" } else { "s" })
}

/// One platoon's fields, with the strength its team count buys (halfway rule, rounded down).
#[component]
pub fn PlatoonFields(
    platoon: RwSignal<Platoon>,
    #[prop(optional)] fixed_role: Option<Role>,
    #[prop(into)] testid: String,
    /// No Transport platoon box: a campaign started before the app read them.
    #[prop(optional)]
    no_transport: bool,
) -> impl IntoView {
    let edit = move |f: &dyn Fn(&mut Platoon)| platoon.update(|p| f(p));
    let strength = move || {
        platoon.with(|p| {
            if !p.team_counts_ok() {
                return "Set a minimum of at least 1 and a maximum no smaller.".to_string();
            }
            let ladder: Vec<String> = p
                .ladder()
                .into_iter()
                .filter(|l| l.fieldable())
                .map(|l| format!("{} {}", l.name().to_ascii_lowercase(), p.teams_at(l)))
                .collect();
            let wasted = p.wasted_teams();
            format!(
                "Bought at {} ({}).{}",
                p.purchased_strength().name().to_ascii_lowercase(),
                ladder.join(", "),
                if wasted > 0 {
                    format!(
                        " {wasted} {} beyond that level and {} for nothing.",
                        if wasted == 1 { "team was bought" } else { "teams were bought" },
                        if wasted == 1 { "counts" } else { "count" }
                    )
                } else {
                    String::new()
                }
            )
        })
    };
    let t = testid.clone();
    let under_id = format!("{t}-under");
    view! {
        <div class="platoon-edit" data-testid=testid.clone()>
            <div class="row">
                <label class="field grow"><span>"Name"</span>
                    <input type="text" data-testid=format!("{t}-name") prop:value=move || platoon.with(|p| p.name.clone()) on:change=move |ev| { let v = event_target_value(&ev); edit(&|p| p.name = v.clone()); }/></label>
                <label class="field narrow"><span>"Points"</span>
                    <input type="number" inputmode="numeric" data-testid=format!("{t}-points") prop:value=move || platoon.with(|p| p.points.to_string()) on:change=move |ev| { if let Some(v) = num::<u32>(&ev) { edit(&|p| p.points = v); } }/></label>
            </div>
            {fixed_role.is_none().then(|| view! {
                <div class="segmented" role="group" aria-label="Role">
                    {Role::ALL.into_iter().map(|r| view! {
                        <button type="button" class="btn seg" class:on=move || platoon.with(|p| p.role == r) aria-pressed=move || platoon.with(|p| p.role == r).to_string() on:click=move |_| edit(&|p| p.role = r)>{r.name()}</button>
                    }).collect_view()}
                </div>
            })}
            <div class="row">
                <label class="field narrow"><span>"Min teams"</span>
                    <input type="number" inputmode="numeric" data-testid=format!("{t}-min") prop:value=move || platoon.with(|p| p.min_teams.to_string()) on:change=move |ev| { if let Some(v) = num::<u16>(&ev) { edit(&|p| p.min_teams = v); } }/></label>
                <label class="field narrow"><span>"Max teams"</span>
                    <input type="number" inputmode="numeric" data-testid=format!("{t}-max") prop:value=move || platoon.with(|p| p.max_teams.to_string()) on:change=move |ev| { if let Some(v) = num::<u16>(&ev) { edit(&|p| p.max_teams = v); } }/></label>
                <label class="field narrow"><span>"Teams bought"</span>
                    <input type="number" inputmode="numeric" data-testid=format!("{t}-teams") prop:value=move || platoon.with(|p| p.teams.to_string()) on:change=move |ev| { if let Some(v) = num::<u16>(&ev) { edit(&|p| p.teams = v); } }/></label>
            </div>
            {move || platoon.with(|p| tables::has_under_strength(p.min_teams, p.max_teams).then(|| tables::halfway(p.min_teams, p.max_teams))).map(|h| view! {
                <label class="check"><input type="checkbox" data-testid=under_id.clone() prop:checked=move || platoon.with(|p| p.under_strength.unwrap_or(true))
                    on:change=move |ev| { let v = event_target_checked(&ev); edit(&|p| p.under_strength = Some(v)); }/>
                    {format!(" The book allows an under-strength size of {h} teams")}</label>
            })}
            <p class="hint" data-testid=format!("{t}-strength")>{strength}</p>
            <label class="field"><span>"Vehicles it moves in (identical ones can be stripped to keep another platoon mobile)"</span>
                <input type="text" class="wide" data-testid=format!("{t}-vehicles") placeholder="e.g. Sd Kfz 251 half-track" prop:value=move || platoon.with(|p| p.vehicles.clone()) on:change=move |ev| { let v = event_target_value(&ev); edit(&|p| p.vehicles = v.trim().to_string()); }/></label>
            <label class="field"><span>"Upgrades and options paid for"</span>
                <input type="text" class="wide" prop:value=move || platoon.with(|p| p.upgrades.clone()) on:change=move |ev| { let v = event_target_value(&ev); edit(&|p| p.upgrades = v.clone()); }/></label>
            <div class="row">
                <label class="check"><input type="checkbox" prop:checked=move || platoon.with(|p| p.all_tank) on:change=move |ev| { let v = event_target_checked(&ev); edit(&|p| p.all_tank = v); }/>" All tank teams"</label>
                <label class="check"><input type="checkbox" prop:checked=move || platoon.with(|p| p.recon) on:change=move |ev| { let v = event_target_checked(&ev); edit(&|p| p.recon = v); }/>" Recon"</label>
                {(!no_transport).then(|| view! {
                    <label class="check"><input type="checkbox" data-testid=format!("{t}-transport") prop:checked=move || platoon.with(|p| p.transport) on:change=move |ev| { let v = event_target_checked(&ev); edit(&|p| p.transport = v); }/>" Transport platoon (carries platoons without transport)"</label>
                })}
            </div>
            <div class="segmented" role="group" aria-label="Transport">
                {Mobility::ALL.into_iter().map(|m| view! {
                    <button type="button" class="btn seg" class:on=move || platoon.with(|p| p.mobility == m) aria-pressed=move || platoon.with(|p| p.mobility == m).to_string() on:click=move |_| edit(&|p| p.mobility = m)>{m.name()}</button>
                }).collect_view()}
            </div>
        </div>
    }
}

/// A company being edited: its platoons each in a signal so a row keeps focus while typing.
#[derive(Clone, Copy)]
struct CompanyForm {
    player: RwSignal<Player>,
    platoons: RwSignal<Vec<RwSignal<Platoon>>>,
}

impl CompanyForm {
    fn new(p: &Player) -> CompanyForm {
        CompanyForm {
            player: RwSignal::new(p.clone()),
            platoons: RwSignal::new(p.platoons.iter().cloned().map(RwSignal::new).collect()),
        }
    }
    fn fill(&self, p: Player) {
        self.platoons.set(p.platoons.iter().cloned().map(RwSignal::new).collect());
        self.player.update(|x| {
            x.company = p.company.clone();
            x.air = p.air.clone();
            x.platoons = Vec::new();
        });
    }
    fn get(&self) -> Player {
        let mut p = self.player.get();
        p.platoons = self.platoons.get().iter().map(|s| s.get()).collect();
        p
    }
}

/// The setup form. With `edit`, changes the setup of a stored campaign with no history yet.
#[component]
pub fn NewAoaCampaign(#[prop(optional)] edit: Option<String>) -> impl IntoView {
    let start = edit
        .as_ref()
        .and_then(|id| store::load_of::<AxisOfAttack>(&LocalStorage, id).ok())
        .map(|(doc, c)| (doc, c.setup().clone()));
    // A new campaign starts from the sample companies (edit or clear them), as the Race for X
    // wizard starts from its sample battalion.
    let mut initial = sample::sample_setup();
    initial.players[0].name = "West player".into();
    initial.players[1].name = "East player".into();
    let _ = blank_setup;
    let (initial_name, initial) = match &start {
        Some((doc, s)) => (doc.meta.name.clone(), s.clone()),
        None => ("New Axis of Attack campaign".to_string(), initial),
    };
    let name = RwSignal::new(initial_name);
    let starting_points = RwSignal::new(initial.starting_points);
    let game_points = RwSignal::new(initial.game_points);
    let first_weather = RwSignal::new(initial.first_weather);
    let first_mud = RwSignal::new(initial.first_mud);
    let companies = [CompanyForm::new(&initial.players[0]), CompanyForm::new(&initial.players[1])];
    let no_transport = initial.readings < CARRIER_READINGS;
    let setup = memo(move || Setup {
        players: [companies[0].get(), companies[1].get()],
        starting_points: starting_points.get(),
        game_points: game_points.get(),
        first_weather: first_weather.get(),
        first_mud: first_mud.get(),
        readings: initial.readings,
    });
    let problem = memo(move || setup.with(|s| check_setup(s).err().map(|e| e.to_string())));
    let save = move || {
        let editing = start.as_ref().map(|(doc, _)| doc);
        Some(crate::ui::campaign::save_setup::<AxisOfAttack>(setup.get_untracked(), &name.get_untracked(), editing))
    };
    let fill_both = move |_| {
        let s = sample::sample_setup();
        for side in Side::BOTH {
            let c = companies[side.index()];
            let p = s.player(side).clone();
            c.player.update(|x| {
                if x.army.trim().is_empty() {
                    x.army = p.army.clone();
                }
            });
            c.fill(p);
        }
        starting_points.set(s.starting_points);
    };

    view! {
        <section class="page wizard aoa-wizard" data-testid="wizard">
            <h1>{if edit.is_some() { "Edit campaign setup" } else { "New Deluxe Axis of Attack campaign" }}</h1>
            <p class="hint">"Two players fight along seven sectors, each trying to win in the other's home sector. Buy each company with the agreed points; the strength each platoon is bought at is the most it can ever be rebuilt to."</p>
            <div class="field">
                <label for="c-name">"Campaign name"</label>
                <input id="c-name" type="text" class="wide" data-testid="wizard-name" prop:value=move || name.get() on:change=move |ev| name.set(event_target_value(&ev))/>
            </div>
            <div class="row">
                <label class="field narrow"><span>"Starting points per company"</span>
                    <input type="number" inputmode="numeric" data-testid="starting-points" prop:value=move || starting_points.get().to_string() on:change=move |ev| { if let Some(v) = num(&ev) { starting_points.set(v); } }/></label>
                <label class="field narrow"><span>"Points per game before VP"</span>
                    <input type="number" inputmode="numeric" data-testid="game-points" prop:value=move || game_points.get().to_string() on:change=move |ev| { if let Some(v) = num(&ev) { game_points.set(v); } }/></label>
            </div>
            <div class="row">
                <div class="field"><span class="label">"Weather before the first game"</span>
                    <div class="segmented">{Weather::ALL.into_iter().map(|w| view! {
                        <button type="button" class="btn seg" class:on=move || first_weather.get() == w aria-pressed=move || (first_weather.get() == w).to_string() on:click=move |_| first_weather.set(w)>{w.name()}</button>
                    }).collect_view()}</div></div>
                <div class="field"><span class="label">"Ground before the first game"</span>
                    <div class="segmented">{Mud::ALL.into_iter().map(|m| view! {
                        <button type="button" class="btn seg" class:on=move || first_mud.get() == m aria-pressed=move || (first_mud.get() == m).to_string() on:click=move |_| first_mud.set(m)>{m.name()}</button>
                    }).collect_view()}</div></div>
            </div>
            <div class="actions">
                <button type="button" class="btn big" data-testid="fill-sample" on:click=fill_both>"Fill both companies with the sample"</button>
            </div>
            {Side::BOTH.into_iter().map(|side| {
                let c = companies[side.index()];
                let other = companies[1 - side.index()];
                let s = side.word();
                let edit_player = move |f: &dyn Fn(&mut Player)| c.player.update(|p| f(p));
                let confirm_clear = RwSignal::new(false);
                view! {
                    <div class="company-box" data-testid=format!("company-form-{s}")>
                        <h2>{format!("{} player (home sector {})", if side == Side::West { "West" } else { "East" }, side.home().number())}</h2>
                        <div class="row">
                            <label class="field"><span>"Player's name"</span>
                                <input type="text" data-testid=format!("player-{s}") prop:value=move || c.player.with(|p| p.name.clone()) on:change=move |ev| { let v = event_target_value(&ev); edit_player(&|p| p.name = v.clone()); }/></label>
                            <label class="field"><span>"Side / army"</span>
                                <input type="text" data-testid=format!("army-{s}") prop:value=move || c.player.with(|p| p.army.clone()) on:change=move |ev| { let v = event_target_value(&ev); edit_player(&|p| p.army = v.clone()); }/></label>
                            <label class="field"><span>"Company"</span>
                                <input type="text" data-testid=format!("company-{s}") prop:value=move || c.player.with(|p| p.company.clone()) on:change=move |ev| { let v = event_target_value(&ev); edit_player(&|p| p.company = v.clone()); }/></label>
                        </div>
                        <p class="counter" data-testid=format!("company-points-{s}")>{move || {
                            let p = c.get();
                            let n = p.platoons.len();
                            format!("{n} platoon{} \u{00B7} {} of {} points", if n == 1 { "" } else { "s" }, p.points(), starting_points.get())
                        }}</p>
                        <div class="actions">
                            <button type="button" class="btn small" data-testid=format!("fill-{s}") on:click=move |_| {
                                let p = if side == Side::West { sample::german_company("") } else { sample::soviet_company("") };
                                c.fill(p);
                            }>{if side == Side::West { "Fill with the sample German company" } else { "Fill with the sample Soviet company" }}</button>
                            <button type="button" class="btn small danger" data-testid=format!("clear-{s}") aria-expanded=move || confirm_clear.get().to_string()
                                on:click=move |_| confirm_clear.set(true)>"Clear platoons\u{2026}"</button>
                        </div>
                        <CopyToOther from=Callback::new(move |()| untrack(|| c.get().platoons)) to=Callback::new(move |()| untrack(|| other.get().platoons))
                            put=Callback::new(move |ps: Vec<Platoon>| other.platoons.set(ps.into_iter().map(RwSignal::new).collect()))
                            to_name=Signal::derive(move || other.player.with(|p| p.name.clone())) is_empty=no_platoons/>
                        <details class="paste" data-testid=format!("paste-{s}")>
                            <summary data-testid=format!("paste-open-{s}")>"Paste a list"<span class="hint">" (the platoons as text, one line each)"</span></summary>
                            <PasteBox current=Callback::new(move |()| untrack(|| c.get().platoons)) put=Callback::new(move |ps: Vec<Platoon>| c.platoons.set(ps.into_iter().map(RwSignal::new).collect()))
                                parse=platoon_text::parse write=write_platoons format=platoon_text::FORMAT example=platoon_text::EXAMPLE
                                summary=platoons_summary/>
                        </details>
                        {move || confirm_clear.get().then(|| view! {
                            <div class="confirm" role="alertdialog" aria-label="Clear every platoon?" data-testid=format!("confirm-clear-{s}")
                                on:keydown=move |ev| if ev.key() == "Escape" { confirm_clear.set(false) }>
                                <p>{move || { let n = c.platoons.with(Vec::len); format!("Remove all {n} platoon{} of this company?", if n == 1 { "" } else { "s" }) }}</p>
                                <button type="button" class="btn danger" data-testid=format!("confirm-clear-yes-{s}") on:click=move |_| { c.platoons.set(Vec::new()); confirm_clear.set(false); }>"Yes, remove them"</button>
                                <button type="button" class="btn" data-testid=format!("confirm-clear-no-{s}") autofocus=true on:click=move |_| confirm_clear.set(false)>"Keep them"</button>
                            </div>
                        })}
                        <details class="orbat-box" open=true>
                            <summary><h3>"Platoons"</h3></summary>
                            {move || c.platoons.get().into_iter().enumerate().map(|(i, p)| view! {
                                <div class="platoon-card">
                                    <div class="card-head">
                                        <h4>{move || format!("Platoon {}: {}", i + 1, p.with(|x| x.name.clone()))}</h4>
                                        <button type="button" class="btn small danger" data-testid=format!("remove-platoon-{s}-{i}") on:click=move |_| c.platoons.update(|v| { v.remove(i); })>{move || format!("Remove {}", p.with(|x| x.name.clone()))}</button>
                                    </div>
                                    <PlatoonFields platoon=p testid=format!("platoon-{s}-{i}") no_transport=no_transport/>
                                </div>
                            }).collect_view()}
                            <button type="button" class="btn" data-testid=format!("add-platoon-{s}") on:click=move |_| c.platoons.update(|v| v.push(RwSignal::new(new_platoon(v.len() + 1))))>"+ Platoon"</button>
                        </details>
                        <h3>"Air support bought (the most allowed in any game)"</h3>
                        {move || c.player.with(|p| p.air.clone()).into_iter().enumerate().map(|(i, a)| view! {
                            <div class="row">
                                <label class="field grow"><span>"Aircraft"</span>
                                    <input type="text" prop:value=a.name.clone() on:change=move |ev| { let v = event_target_value(&ev); edit_player(&|p| p.air[i].name = v.clone()); }/></label>
                                <label class="field narrow"><span>"Points"</span>
                                    <input type="number" inputmode="numeric" prop:value=a.points.to_string() on:change=move |ev| { if let Some(v) = num::<u32>(&ev) { edit_player(&|p| p.air[i].points = v); } }/></label>
                                <button type="button" class="btn small danger" on:click=move |_| edit_player(&|p| { p.air.remove(i); })>{format!("Remove {}", a.name)}</button>
                            </div>
                        }).collect_view()}
                        <button type="button" class="btn" data-testid=format!("add-air-{s}") on:click=move |_| edit_player(&|p| p.air.push(AirSupport { name: "Air support".into(), points: 0 }))>"+ Air support"</button>
                    </div>
                }
            }).collect_view()}
            <p class="hint">{format!("Each company needs at least {} combat platoons. Under strength is halfway between minimum and maximum, rounded down, where that lies strictly between them and the book allows that size (tick it per platoon: a panzergrenadier platoon of 3 squads or 2 has none).", tables::MIN_DEPLETED_COMBAT)}</p>
            <WizardFooter problem=problem disabled=Signal::derive(move || problem.get().is_some()) save=save
                label=if edit.is_some() { "Save setup" } else { "Create campaign" }/>
        </section>
    }
}
