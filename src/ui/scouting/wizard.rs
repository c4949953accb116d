//! A new night-scouting session: scout teams (a leader and his scouts, each named, with
//! quality and special training), the sentries, and the areas of the table. Started on its
//! own, or from a Race for X battle against a hidden defence (the origin rides in the hash).

use crate::store;
use crate::systems::crossfire_scouting::rules::check_setup;
use crate::systems::crossfire_scouting::team_text::{self, TeamsAndAreas};
use crate::systems::crossfire_scouting::{
    sample, Area, CrossfireScouting, Origin, Quality, Scout, Sentries, Setup, Team,
};
use crate::systems::race_for_x::tables::BattleType;
use crate::systems::race_for_x::Side;
use crate::ui::platform::{self, LocalStorage};
use crate::ui::rfx::wizard_paste::PasteBox;
use crate::ui::widgets::WizardFooter;
use crate::ui::reactive::memo;
use leptos::prelude::*;

/// The hash slug of a hidden-defence battle type.
fn battle_slug(b: BattleType) -> Option<&'static str> {
    match b {
        BattleType::PreparedDefence => Some("prepared"),
        BattleType::HastyDefence => Some("hasty"),
        _ => None,
    }
}

/// The wizard's hash for a session before a Race for X battle:
/// `/new/crossfire-scouting?from=<campaign id>/<turn>/<A|B>/<prepared|hasty>`. `None` unless
/// the battle is fought against a hidden defence.
pub fn scouting_hash(campaign: &str, turn: u32, side: Side, battle: BattleType) -> Option<String> {
    Origin::race_for_x(campaign, turn, side, battle)?;
    Some(format!("/new/crossfire-scouting?from={campaign}/{turn}/{}/{}", side.letter(), battle_slug(battle)?))
}

/// Reads the origin from a hash made by `scouting_hash` (with or without the leading `#`).
pub fn origin_from_hash(hash: &str) -> Option<Origin> {
    let (_, query) = hash.split_once('?')?;
    let from = query.split('&').find_map(|kv| kv.strip_prefix("from="))?;
    let parts: Vec<&str> = from.split('/').collect();
    let [id, turn, side, battle] = parts.as_slice() else { return None };
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return None;
    }
    let turn: u32 = turn.parse().ok()?;
    let side = Side::BOTH.into_iter().find(|s| s.letter() == *side)?;
    let battle = BattleType::ALL.into_iter().find(|b| battle_slug(*b) == Some(*battle))?;
    Origin::race_for_x(id, turn, side, battle)
}

/// What a pasted list held: "2 teams, 7 figures, 5 areas".
fn pasted_summary((teams, areas): &TeamsAndAreas) -> String {
    let figures: usize = teams.iter().map(|t| 1 + t.scouts.len()).sum();
    let n = |k: usize, w: &str| format!("{k} {w}{}", if k == 1 { "" } else { "s" });
    format!("{}, {}, {}", n(teams.len(), "team"), n(figures, "figure"), n(areas.len(), "area"))
}

fn blank_setup() -> Setup {
    Setup {
        teams: vec![Team {
            name: "Scout team 1".into(),
            leader: Scout::new("Scout leader", Quality::Regular, false),
            scouts: vec![
                Scout::new("Scout 1", Quality::Regular, false),
                Scout::new("Scout 2", Quality::Regular, false),
            ],
        }],
        sentries: Sentries { quality: Quality::Regular, trained: false },
        areas: Vec::new(),
        origin: None,
    }
}

/// Quality as three segmented buttons.
fn quality_buttons(current: Quality, testid: String, set: impl Fn(Quality) + Copy + 'static) -> impl IntoView {
    view! {
        <div class="segmented" role="group" aria-label="Quality">
            {Quality::ALL.into_iter().map(|q| view! {
                <button class="btn seg" class:on=current == q aria-pressed=(current == q).to_string()
                    data-testid=format!("{testid}-{}", q.name()) on:click=move |_| set(q)>{q.name()}</button>
            }).collect_view()}
        </div>
    }
}

fn toggle(on: bool, label: &'static str, testid: String, flip: impl Fn() + 'static) -> impl IntoView {
    view! {
        <button class="btn toggle" class:on=on aria-pressed=on.to_string() data-testid=testid on:click=move |_| flip()>
            {if on { format!("\u{2714} {label}") } else { label.to_string() }}
        </button>
    }
}

/// The setup form; `origin` (else the hash's `?from=`) ties the session to a Race for X
/// battle. With `edit`, changes the setup of a stored session that has no history yet.
#[component]
pub fn NewScouting(#[prop(optional)] origin: Option<Origin>, #[prop(optional)] edit: Option<String>) -> impl IntoView {
    let stored = edit
        .as_ref()
        .and_then(|id| store::load_of::<CrossfireScouting>(&LocalStorage, id).ok())
        .map(|(doc, c)| (doc, c.setup().clone()));
    let origin = match &stored {
        Some((_, s)) => s.origin.clone(),
        None => origin.or_else(|| origin_from_hash(&platform::hash())),
    };
    // The Race for X campaign's name, to say where the session comes from.
    let origin_name = origin.as_ref().and_then(|o| store::head(&LocalStorage, &o.campaign).ok().map(|d| d.meta.name));
    let initial_name = match (&origin, &origin_name) {
        (Some(o), Some(n)) => format!("Night scouting: {n}, turn {}", o.turn),
        _ => "Night scouting".to_string(),
    };
    let is_edit = stored.is_some();
    let (initial_name, start) = match &stored {
        Some((doc, s)) => (doc.meta.name.clone(), s.clone()),
        None => (initial_name, blank_setup()),
    };
    let name = RwSignal::new(initial_name);
    let teams = RwSignal::new(start.teams);
    let sentries = RwSignal::new(start.sentries);
    let areas = RwSignal::new(start.areas);
    let origin2 = origin.clone();
    let setup = memo(move || Setup {
        teams: teams.get(),
        sentries: sentries.get(),
        areas: areas.get(),
        origin: origin2.clone(),
    });
    let problem = memo(move || setup.with(|s| check_setup(s).err().map(|e| e.to_string())));
    let use_sample = move |_| {
        let s = sample::sample_setup();
        teams.set(s.teams);
        sentries.set(s.sentries);
        areas.set(s.areas);
    };
    let save = move || {
        let editing = stored.as_ref().map(|(doc, _)| doc);
        Some(crate::ui::campaign::save_setup::<CrossfireScouting>(
            setup.get_untracked(),
            &name.get_untracked(),
            editing,
        ))
    };
    let edit_team = move |t: usize, f: &dyn Fn(&mut Team)| {
        teams.update(|v| {
            if let Some(x) = v.get_mut(t) {
                f(x)
            }
        })
    };
    let edit_figure = move |t: usize, m: usize, f: &dyn Fn(&mut Scout)| {
        teams.update(|v| {
            if let Some(team) = v.get_mut(t) {
                let x = if m == 0 { Some(&mut team.leader) } else { team.scouts.get_mut(m - 1) };
                if let Some(x) = x {
                    f(x)
                }
            }
        })
    };
    let edit_area = move |i: usize, f: &dyn Fn(&mut Area)| {
        areas.update(|v| {
            if let Some(x) = v.get_mut(i) {
                f(x)
            }
        })
    };

    view! {
        <section class="page wizard scouting-wizard" data-testid="scouting-wizard">
            <h1>{if is_edit { "Edit the night-scouting setup" } else { "New night-scouting session" }}</h1>
            {origin.clone().map(|o| view! {
                <p class="origin-line" data-testid="wizard-origin">{format!("Before the Race for X battle{}: turn {}, player {} attacks a {}. The findings can be recorded on that battle at the end of the night.",
                    origin_name.clone().map(|n| format!(" of \u{201C}{n}\u{201D}")).unwrap_or_default(), o.turn, o.side, o.battle)}</p>
            })}
            <p class="hint">"Scouts creep up at night on a defender who has deployed hidden. Name the scout teams, the sentries' quality and the areas of the table; the defender's real positions stay on the table, never in the app."</p>
            <div class="actions">
                <button class="btn big" data-testid="use-sample" on:click=use_sample>"Use the sample (Atkins and the farmhouse)"</button>
            </div>
            <div class="field">
                <label for="s-name">"Session name"</label>
                <input id="s-name" type="text" class="wide" data-testid="wizard-name" prop:value=move || name.get() on:change=move |ev| name.set(event_target_value(&ev))/>
            </div>

            <details class="paste orbat-box" data-testid="paste">
                <summary data-testid="paste-open">"Paste a list"<span class="hint">" (teams, their figures and the areas, one line each)"</span></summary>
                <PasteBox current=Callback::new(move |()| (teams.get_untracked(), areas.get_untracked()))
                    put=Callback::new(move |(t, a): TeamsAndAreas| { teams.set(t); areas.set(a); })
                    parse=team_text::parse write=team_text::write format=team_text::FORMAT example=team_text::EXAMPLE summary=pasted_summary/>
            </details>
            <h2>"Scout teams"</h2>
            <p class="hint">"Each team has a scout leader (the CC figure, say) and his scouts (PC figures). Special training: night-trained or specialist scouts, famously stealthy troops."</p>
            {move || teams.with(|v| v.iter().enumerate().map(|(t, team)| {
                let figures = std::iter::once(&team.leader).chain(team.scouts.iter()).enumerate().map(|(m, x)| {
                    let q = x.quality;
                    let trained = x.trained;
                    view! {
                        <div class="row figure-edit" data-testid=format!("figure-edit-{t}-{m}")>
                            <span class="fig-role">{if m == 0 { "Leader" } else { "Scout" }}</span>
                            <input type="text" data-testid=format!("fig-name-{t}-{m}") aria-label=if m == 0 { "Leader's name" } else { "Scout's name" }
                                prop:value=x.name.clone() on:change=move |ev| { let v = event_target_value(&ev); edit_figure(t, m, &|f| f.name = v.clone()); }/>
                            {quality_buttons(q, format!("fig-q-{t}-{m}"), move |q| edit_figure(t, m, &|f| f.quality = q))}
                            {toggle(trained, "Special training", format!("fig-trained-{t}-{m}"), move || edit_figure(t, m, &|f| f.trained = !f.trained))}
                            {(m > 0).then(|| view! {
                                <button class="btn small danger" data-testid=format!("remove-scout-{t}-{m}") on:click=move |_| edit_team(t, &|x| { x.scouts.remove(m - 1); })>"Remove"</button>
                            })}
                        </div>
                    }
                }).collect_view();
                view! {
                    <div class="orbat-box team-edit" data-testid=format!("team-edit-{t}")>
                        <div class="row">
                            <input type="text" class="wide" data-testid=format!("team-name-{t}") aria-label="Team name"
                                prop:value=team.name.clone() on:change=move |ev| { let v = event_target_value(&ev); edit_team(t, &|x| x.name = v.clone()); }/>
                            <button class="btn small danger" data-testid=format!("remove-team-{t}") on:click=move |_| teams.update(|v| { v.remove(t); })>"Remove team"</button>
                        </div>
                        {figures}
                        <div class="add-row"><button class="btn small" data-testid=format!("add-scout-{t}") on:click=move |_| edit_team(t, &|x| {
                            let n = x.scouts.len() + 1;
                            x.scouts.push(Scout::new(&format!("{} scout {n}", x.name), Quality::Regular, false));
                        })>"+ Scout"</button></div>
                    </div>
                }
            }).collect_view())}
            <div class="add-row"><button class="btn" data-testid="add-team" on:click=move |_| teams.update(|v| {
                let n = v.len() + 1;
                v.push(Team { name: format!("Scout team {n}"), leader: Scout::new(&format!("Leader {n}"), Quality::Regular, false), scouts: vec![] });
            })>"+ Scout team"</button></div>

            <h2>"Sentries"</h2>
            <p class="hint">"The defender has put a man or two from each unit on watch. Give the usual sentries here; when a unit's own sentries differ, the defender says so with the roll."</p>
            {move || { let x = sentries.get(); view! {
                <div class="row">
                    {quality_buttons(x.quality, "sentry-q".into(), move |q| sentries.update(|s| s.quality = q))}
                    {toggle(x.trained, "Special training", "sentry-trained".into(), move || sentries.update(|s| s.trained = !s.trained))}
                </div>
            }}}

            <h2>"Areas of the table"</h2>
            <p class="hint">"Every terrain feature or stretch of open ground a scout may look into, by the name the players use. Areas touching the scouting player's own table edge cannot hold defenders."</p>
            {move || areas.with(|v| v.iter().enumerate().map(|(i, a)| {
                let (cover, edge) = (a.cover, a.edge);
                view! {
                    <div class="row area-edit" data-testid=format!("area-edit-{i}")>
                        <input type="text" data-testid=format!("area-name-{i}") aria-label="Area name"
                            prop:value=a.name.clone() on:change=move |ev| { let v = event_target_value(&ev); edit_area(i, &|x| x.name = v.clone()); }/>
                        {toggle(cover, "Cover", format!("area-cover-{i}"), move || edit_area(i, &|x| x.cover = !x.cover))}
                        {toggle(edge, "On our table edge", format!("area-edge-{i}"), move || edit_area(i, &|x| x.edge = !x.edge))}
                        <button class="btn small danger" data-testid=format!("remove-area-{i}") on:click=move |_| areas.update(|v| { v.remove(i); })>"Remove"</button>
                    </div>
                }
            }).collect_view())}
            <div class="add-row"><button class="btn" data-testid="add-area" on:click=move |_| areas.update(|v| {
                let n = v.len() + 1;
                v.push(Area::new(&format!("Area {n}"), true, false));
            })>"+ Area"</button></div>

            <WizardFooter problem=problem disabled=Signal::derive(move || problem.get().is_some()) save=save
                testid="create-scouting" label=if is_edit { "Save setup" } else { "Start the night" }/>
        </section>
    }
}
