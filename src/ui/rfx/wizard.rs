//! New campaign (and, before the first decision, edit its setup): size, players, each
//! player's offensive orbat, and the defensive orbats.

use crate::store;
use crate::systems::race_for_x::orbat_text;
use crate::systems::race_for_x::rules::check_new_setup;
use crate::systems::race_for_x::tables::{self, CampaignSize, DefenceOption, ForceSize};
use crate::systems::race_for_x::{
    sample, DefensiveOrbat, Formation, FormationKind, Orbat, RaceForX, Setup, Stand, StandKind, Unit, UnitKind,
};
use crate::systems::SystemId;
use crate::ui::platform::LocalStorage;
use crate::ui::rfx::wizard_paste::{CopyToOther, PasteBox};
use crate::ui::widgets::WizardFooter;
use crate::ui::reactive::{effect, memo};
use leptos::prelude::*;

fn defensive_text(setup: &Setup, size: ForceSize, option: DefenceOption) -> String {
    setup.defensive_orbat(size, option).map(|d| d.lines.join("\n")).unwrap_or_default()
}

/// The setup form. With `edit`, changes the setup of a stored campaign that has no history yet.
#[component]
pub fn NewCampaign(system: SystemId, #[prop(optional)] edit: Option<String>) -> impl IntoView {
    let _ = system;
    let start = match &edit {
        Some(id) => store::load_of::<RaceForX>(&LocalStorage, id).ok().map(|(doc, c)| (doc, c.setup().clone())),
        None => None,
    };
    let mut initial = sample::sample_setup();
    initial.players[0].name = "Player A".into();
    initial.players[1].name = "Player B".into();
    let (initial_name, initial) = match &start {
        Some((doc, s)) => (doc.meta.name.clone(), s.clone()),
        None => ("New campaign".to_string(), initial),
    };
    let name = RwSignal::new(initial_name);
    let size = RwSignal::new(initial.size);
    let players = [RwSignal::new(initial.players[0].name.clone()), RwSignal::new(initial.players[1].name.clone())];
    let orbats = [RwSignal::new(initial.players[0].orbat.clone()), RwSignal::new(initial.players[1].orbat.clone())];
    let defence: Vec<(ForceSize, DefenceOption, RwSignal<String>)> = ForceSize::DEFENSIVE
        .iter()
        .flat_map(|&s| {
            [DefenceOption::A, DefenceOption::B].map(|o| (s, o, RwSignal::new(defensive_text(&initial, s, o))))
        })
        .collect();
    let defence2 = defence.clone();
    let setup = memo(move || Setup {
        size: size.get(),
        players: [0, 1].map(|i| crate::systems::race_for_x::Player {
            name: players[i].get().trim().to_string(),
            orbat: orbats[i].get(),
        }),
        defence: defence2
            .iter()
            .map(|(s, o, t)| DefensiveOrbat {
                size: *s,
                option: *o,
                lines: t.get().lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect(),
            })
            .collect(),
    });
    let problem = memo(move || setup.with(|s| check_new_setup(s).err().map(|e| e.to_string())));
    let save = move || {
        let editing = start.as_ref().map(|(doc, _)| doc);
        Some(crate::ui::campaign::save_setup::<RaceForX>(setup.get_untracked(), &name.get_untracked(), editing))
    };

    view! {
        <section class="page wizard" data-testid="wizard">
            <h1>{if edit.is_some() { "Edit campaign setup" } else { "New Race for X campaign" }}</h1>
            <div class="field">
                <label for="c-name">"Campaign name"</label>
                <input id="c-name" type="text" class="wide" data-testid="wizard-name" prop:value=move || name.get() on:change=move |ev| name.set(event_target_value(&ev))/>
            </div>
            <h2>"Campaign size"</h2>
            <table class="size-table">
                <thead><tr><th>"Force"</th>{CampaignSize::ALL.iter().map(|c| {
                    let c = *c;
                    view! { <th><button class="btn seg" class:on=move || size.get() == c aria-pressed=move || (size.get() == c).to_string() data-testid=format!("size-{}", c.name().to_ascii_lowercase()) on:click=move |_| size.set(c)>{c.name()}</button></th> }
                }).collect_view()}</tr></thead>
                <tbody>{tables::SIZE_POINTS.iter().map(|(s, what, pts)| view! {
                    <tr><td>{format!("{} {}", s.name(), what)}</td>{pts.iter().map(|p| view! { <td>{*p}</td> }).collect_view()}</tr>
                }).collect_view()}</tbody>
            </table>
            <h2>"Players"</h2>
            <div class="row">
                {[0usize, 1].map(|i| view! {
                    <label class="field">
                        <span>{if i == 0 { "Player A (first route)" } else { "Player B (second route)" }}</span>
                        <input type="text" data-testid=format!("player-{i}") prop:value=move || players[i].get() on:change=move |ev| players[i].set(event_target_value(&ev))/>
                    </label>
                }).collect_view()}
            </div>
            {[0usize, 1].map(|i| view! {
                <details class="orbat-box" data-testid=format!("orbat-box-{i}")>
                    <summary><h2>{move || format!("{}'s offensive orbat", players[i].get())}</h2>
                        <span class="hint">{move || orbats[i].with(|o| format!("{}, {}: tap to edit", plural(o.units.len(), "unit"), plural(o.stand_count(), "stand")))}</span></summary>
                    <CopyToOther from=Callback::new(move |()| orbats[i].get_untracked()) to=Callback::new(move |()| orbats[1 - i].get_untracked()) put=Callback::new(move |o| orbats[1 - i].set(o)) to_name=Signal::derive(move || players[1 - i].get()) is_empty=|o: &Orbat| o.units.is_empty() && o.formations.is_empty()/>
                    <OrbatEditor orbat=orbats[i]/>
                </details>
            }).collect_view()}
            <details class="orbat-box">
                <summary><h2>"Defensive orbats"</h2><span class="hint">"S1 to S4: option A needed, option B optional: tap to edit"</span></summary>
                <p class="hint">"One element per line. Prefilled with the small-campaign examples from the rules. Option A of each size is needed; leave option B empty and that size is used without the A/B roll."</p>
                <div class="defence-grid">
                    {defence.into_iter().map(|(s, o, text)| view! {
                        <label class="field">
                            <span>{move || format!("{} option {} ({} points)", s.name(), o.name(), tables::points(s, size.get()))}</span>
                            <textarea rows="5" prop:value=move || text.get() on:change=move |ev| text.set(event_target_value(&ev))></textarea>
                        </label>
                    }).collect_view()}
                </div>
            </details>
            <WizardFooter problem=problem disabled=Signal::derive(move || problem.get().is_some()) save=save
                label=if edit.is_some() { "Save setup" } else { "Create campaign" }/>
        </section>
    }
}

/// "1 unit", "3 units".
fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

fn kind_from(s: &str) -> Option<UnitKind> {
    UnitKind::ALL.into_iter().find(|k| format!("{k:?}") == s)
}
fn stand_kind_from(s: &str) -> Option<StandKind> {
    StandKind::ALL.into_iter().find(|k| format!("{k:?}") == s)
}

/// Edits an orbat. Text fields commit on change (not per keystroke) so typing keeps focus.
#[component]
pub fn OrbatEditor(orbat: RwSignal<Orbat>) -> impl IntoView {
    let edit = move |f: &dyn Fn(&mut Orbat)| orbat.update(|o| f(o));
    // Clearing asks first; what was cleared can be put back.
    let confirm_clear = RwSignal::new(false);
    let cleared = RwSignal::new(None::<Orbat>);
    // The confirmation takes the focus, so Escape reaches it.
    let keep = NodeRef::<leptos::html::Button>::new();
    effect(move || {
        if let Some(b) = keep.get() {
            let _ = b.focus();
        }
    });
    view! {
        <div class="orbat-editor" data-testid="orbat-editor">
            <div class="actions">
                <button class="btn small" data-testid="fill-sample" on:click=move |_| orbat.set(sample::russian_battalion("Rifle Battalion"))>"Fill with the sample battalion"</button>
                <button class="btn small danger" data-testid="clear-orbat" on:click=move |_| confirm_clear.set(true)>"Clear..."</button>
                {move || cleared.get().map(|old| view! {
                    <button class="btn small" data-testid="undo-clear" on:click=move |_| { orbat.set(old.clone()); cleared.set(None); }>"Undo clear"</button>
                })}
            </div>
            {move || confirm_clear.get().then(|| view! {
                <div class="secret confirm" role="alertdialog" aria-label="Clear the orbat" data-testid="clear-confirm"
                    on:keydown=move |ev| if ev.key() == "Escape" { confirm_clear.set(false); }>
                    <p class="warning">{move || orbat.with(|o| format!("Remove all {} and {} of this orbat?", plural(o.units.len(), "unit"),
                        if o.formations.len() == 1 { "1 company or battalion".to_string() } else { format!("{} companies or battalions", o.formations.len()) }))}</p>
                    <div class="actions">
                        <button class="btn big" data-testid="clear-keep" node_ref=keep on:click=move |_| confirm_clear.set(false)>"Keep them"</button>
                        <button class="btn big danger" data-testid="clear-yes" on:click=move |_| {
                            cleared.set(Some(orbat.get_untracked()));
                            orbat.set(Orbat { formations: vec![], units: vec![] });
                            confirm_clear.set(false);
                        }>"Clear everything"</button>
                    </div>
                </div>
            })}
            <details class="paste" data-testid="paste">
                <summary data-testid="paste-open">"Paste a list"<span class="hint">" (a whole orbat as text, one line each)"</span></summary>
                <PasteBox current=Callback::new(move |()| orbat.get_untracked()) put=Callback::new(move |o| orbat.set(o)) parse=read_orbat write=orbat_text::write format=orbat_text::FORMAT example=orbat_text::EXAMPLE summary=|o: &Orbat| format!("{}, {}", plural(o.units.len(), "unit"), plural(o.stand_count(), "stand"))/>
            </details>
            <h3>"Companies and battalions"</h3>
            {move || orbat.with(|o| o.formations.iter().enumerate().map(|(fi, f)| {
                let battalions: Vec<(usize, String)> = o.formations.iter().enumerate().filter(|(j, x)| *j != fi && x.kind == FormationKind::Battalion).map(|(j, x)| (j, x.name.clone())).collect();
                let parent = f.parent.map(|p| p.to_string()).unwrap_or_default();
                view! {
                    <div class="row formation">
                        <input type="text" aria-label="Company or battalion name" prop:value=f.name.clone() on:change=move |ev| { let v = event_target_value(&ev); edit(&|o| o.formations[fi].name = v.clone()); }/>
                        <select aria-label="Company or battalion" on:change=move |ev| { let v = event_target_value(&ev); edit(&|o| { o.formations[fi].kind = if v == "Battalion" { FormationKind::Battalion } else { FormationKind::Company }; if v == "Battalion" { o.formations[fi].parent = None; } }); }>
                            <option value="Company" selected=f.kind == FormationKind::Company>"Company"</option>
                            <option value="Battalion" selected=f.kind == FormationKind::Battalion>"Battalion"</option>
                        </select>
                        {(f.kind == FormationKind::Company).then(|| view! {
                            <select aria-label="Its battalion" on:change=move |ev| { let v = event_target_value(&ev); edit(&|o| o.formations[fi].parent = v.parse().ok()); }>
                                <option value="" selected=parent.is_empty()>"No battalion"</option>
                                {battalions.into_iter().map(|(j, n)| view! { <option value=j.to_string() selected=parent == j.to_string()>{n}</option> }).collect_view()}
                            </select>
                        })}
                        <button class="btn small danger" on:click=move |_| edit(&|o| remove_formation(o, fi))>"Remove"</button>
                    </div>
                }
            }).collect_view())}
            <div class="add-row"><button class="btn small" on:click=move |_| edit(&|o| o.formations.push(Formation { name: format!("Company {}", o.formations.len() + 1), kind: FormationKind::Company, parent: None }))>"+ Company or battalion"</button></div>
            <h3>"Units"</h3>
            {move || orbat.with(|o| o.units.iter().enumerate().map(|(ui, u)| {
                let formations: Vec<(usize, String)> = o.formations.iter().enumerate().map(|(j, f)| (j, f.name.clone())).collect();
                let current = u.formation.map(|f| f.to_string()).unwrap_or_default();
                let kind = u.kind;
                view! {
                    <div class="unit-edit" data-testid="unit-edit">
                        <div class="row">
                            <input type="text" aria-label="Unit name" prop:value=u.name.clone() on:change=move |ev| { let v = event_target_value(&ev); edit(&|o| o.units[ui].name = v.clone()); }/>
                            <select aria-label="Kind of unit" on:change=move |ev| { let v = event_target_value(&ev); if let Some(k) = kind_from(&v) { edit(&|o| o.units[ui].kind = k); } }>
                                {UnitKind::ALL.into_iter().map(|k| view! { <option value=format!("{k:?}") selected=k == kind>{k.name()}</option> }).collect_view()}
                            </select>
                            <select aria-label="Its company or battalion" on:change=move |ev| { let v = event_target_value(&ev); edit(&|o| o.units[ui].formation = v.parse().ok()); }>
                                <option value="" selected=current.is_empty()>"Attached (no company)"</option>
                                {formations.into_iter().map(|(j, n)| view! { <option value=j.to_string() selected=current == j.to_string()>{n}</option> }).collect_view()}
                            </select>
                            <button class="btn small danger" on:click=move |_| edit(&|o| { o.units.remove(ui); })>"Remove unit"</button>
                        </div>
                        <div class="stands-edit">
                            {u.stands.iter().enumerate().map(|(si, s)| {
                                let sk = s.kind;
                                view! {
                                    <span class="stand-edit">
                                        <select aria-label=format!("Stand {} kind", si + 1) on:change=move |ev| { let v = event_target_value(&ev); if let Some(k) = stand_kind_from(&v) { edit(&|o| o.units[ui].stands[si].kind = k); } }>
                                            {StandKind::ALL.into_iter().map(|k| view! { <option value=format!("{k:?}") selected=k == sk>{k.name()}</option> }).collect_view()}
                                        </select>
                                        <input type="text" size="10" aria-label=format!("Stand {} name", si + 1) prop:value=s.label.clone() on:change=move |ev| { let v = event_target_value(&ev); edit(&|o| o.units[ui].stands[si].label = v.clone()); }/>
                                        <button class="btn small" aria-label=format!("Remove stand {}", si + 1) on:click=move |_| edit(&|o| { o.units[ui].stands.remove(si); })>"\u{2715}"</button>
                                    </span>
                                }
                            }).collect_view()}
                        </div>
                        <div class="add-row">
                            <button class="btn small" on:click=move |_| edit(&|o| o.units[ui].stands.push(Stand { kind: StandKind::Squad, label: "Rifle".into() }))>"+ Stand"</button>
                        </div>
                    </div>
                }
            }).collect_view())}
            <div class="add-row"><button class="btn small" data-testid="add-unit" on:click=move |_| edit(&|o| o.units.push(Unit { name: format!("Unit {}", o.units.len() + 1), kind: UnitKind::RiflePlatoon, formation: None, stands: vec![Stand { kind: StandKind::Pc, label: "PC".into() }, Stand { kind: StandKind::Squad, label: "Rifle".into() }] }))>"+ Unit"</button></div>
        </div>
    }
}

/// The system's reader, its errors as the lines the form lists.
fn read_orbat(text: &str) -> Result<Orbat, Vec<String>> {
    orbat_text::parse(text).map_err(|e| e.iter().map(ToString::to_string).collect())
}

/// Removes a formation and renumbers the references to the ones after it.
fn remove_formation(o: &mut Orbat, fi: usize) {
    o.formations.remove(fi);
    let fix = |r: &mut Option<u16>| {
        *r = match *r {
            Some(x) if x as usize == fi => None,
            Some(x) if x as usize > fi => Some(x - 1),
            other => other,
        }
    };
    for f in &mut o.formations {
        fix(&mut f.parent);
    }
    for u in &mut o.units {
        fix(&mut u.formation);
    }
}
