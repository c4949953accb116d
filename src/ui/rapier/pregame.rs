//! Before the battle, the umpire's and the Staff Officer's steps: the face-down deployment of
//! the defending division (behind the hand-over), the three recon rolls, and the examining of
//! counters whose results only the Staff Officer reads.

use super::phases::error_line;
use super::secret::{behind, words};
use super::{piece_word, sector_key, Ro};
use crate::engine::Seat;
use crate::systems::rapier_offensive::grid::Sector;
use crate::systems::rapier_offensive::seats::{STAFF_OFFICER, UMPIRE};
use crate::systems::rapier_offensive::tables::{self, STACKING};
use crate::systems::rapier_offensive::units::Piece;
use crate::systems::rapier_offensive::{Decision, RapierOffensive};
use leptos::prelude::*;

/// The defender's deployment area, line by line.
fn deployment_sectors() -> Vec<Sector> {
    Sector::all().filter(|s| s.is_defender_deployment()).collect()
}

#[component]
pub fn DeployDefenders() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let counters = ro.setup.with_untracked(|s| s.defender_pieces().len());
    let sample = ro.setup.with_untracked(super::roster::is_sample);
    view! {
        <p class="hint">{format!("The umpire places the defending division's {counters} counters face down on lines L2 to L5, at most {STACKING} a sector. Nobody else looks.")}</p>
        {behind(ro, vec![UMPIRE], words("deploy the defenders", "has deployed", "deploy-panel"), |_| false, move |_| view! { <DeployForm/> })}
        {sample.then(|| view! { <p class="hint" data-testid="illustrative">"The sample's orders of battle are illustrative, not a historical record (see the Forces tab)."</p> })}
    }
}

/// Fisher-Yates over the browser's entropy: the order within a sector numbers the counters,
/// so a shuffled list tells nothing.
fn shuffled<T>(mut v: Vec<T>) -> Vec<T> {
    use rand::Rng;
    let mut rng = crate::ui::platform::entropy();
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
    v
}

#[component]
fn DeployForm() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let error = RwSignal::new(None::<String>);
    let pieces = ro.setup.with_untracked(|s| s.defender_pieces());
    // Counters placed so far survive a reload (kept on this device for the umpire alone).
    let draft = crate::ui::draft::kept::<RapierOffensive, _>("deploy", Vec::<(Piece, Sector)>::new());
    let at = RwSignal::new(Sector { axis: 1, line: 2 });
    let here = move |x: Sector| draft.with(|d| d.iter().filter(|p| p.1 == x).count());
    let left = {
        let pieces = pieces.clone();
        move |p: Piece| {
            pieces.iter().filter(|&&q| q == p).count() - draft.with(|d| d.iter().filter(|q| q.0 == p).count())
        }
    };
    let place = move |p: Piece| {
        let x = at.get_untracked();
        if here(x) < STACKING {
            draft.update(|d| d.push((p, x)));
        }
    };
    let all = pieces.clone();
    let spread = move |_| {
        let sectors = deployment_sectors();
        draft.update(|d| {
            let mut rest: Vec<Piece> = all.clone();
            for (p, _) in d.iter() {
                if let Some(k) = rest.iter().position(|q| q == p) {
                    rest.remove(k);
                }
            }
            let mut k = 0;
            for p in rest {
                for _ in 0..sectors.len() {
                    let x = sectors[k % sectors.len()];
                    k += 1;
                    if d.iter().filter(|q| q.1 == x).count() < STACKING {
                        d.push((p, x));
                        break;
                    }
                }
            }
        })
    };
    let units: Vec<(u16, String)> = ro.setup.with_untracked(|s| {
        s.defender
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| (i as u16, format!("{} ({})", u.name, u.kind.name())))
            .collect()
    });
    let extras: Vec<Piece> = [Piece::Fortification, Piece::Minefield, Piece::Dummy, Piece::Wire, Piece::AtObstacle]
        .into_iter()
        .filter(|p| pieces.contains(p))
        .collect();
    let total = pieces.len();
    let confirm_clear = RwSignal::new(false);
    let left_units = left.clone();
    let left_extras = left.clone();
    view! {
        <div class="deploy-form" data-testid="deploy-form">
            // The step's action comes first, so that it shows without scrolling on a phone.
            <p class="info" data-testid="deploy-count">{move || format!("{} of {total} counters placed.", draft.with(Vec::len))}</p>
            <div class="actions">
                <button class="btn primary big" data-testid="deploy-defenders" disabled=move || draft.with(Vec::len) != total
                    on:click=move |_| { ro.act(Decision::DeployDefenders { counters: shuffled(draft.get_untracked()) }, error); }>"Deploy face down"</button>
                <button type="button" class="btn" data-testid="spread-rest" on:click=spread>"Spread the rest"</button>
                <button type="button" class="btn danger" data-testid="clear-deploy" disabled=move || draft.with(Vec::is_empty)
                    on:click=move |_| confirm_clear.set(true)>"Start again"</button>
            </div>
            {move || confirm_clear.get().then(|| view! {
                <crate::ui::dialog::Modal title="Take every counter off?".to_string() on_close=Callback::new(move |_| confirm_clear.set(false)) testid="confirm-clear-deploy">
                    <p>{move || format!("The {} counters placed so far go back in the box, to be placed again.", draft.with(Vec::len))}</p>
                    <div class="actions">
                        <button type="button" class="btn big" data-testid="confirm-clear-keep" on:click=move |_| confirm_clear.set(false)>"Keep them"</button>
                        <button type="button" class="btn big danger" data-testid="confirm-clear-yes"
                            on:click=move |_| { draft.set(Vec::new()); confirm_clear.set(false); }>"Take them all off"</button>
                    </div>
                </crate::ui::dialog::Modal>
            })}
            {error_line(error)}
            <p class="hint">"Tap a sector, then the counters to put there; \"Spread the rest\" puts the ones left over the free sectors."</p>
            <div class="sector-grid four" role="group" aria-label="Deployment sectors">
                {deployment_sectors().into_iter().map(|x| view! {
                    <button type="button" class="btn seg" class:on=move || at.get() == x aria-pressed=move || (at.get() == x).to_string()
                        data-testid=format!("deploy-at-{}", sector_key(x)) on:click=move |_| at.set(x)>
                        {format!("{x}")}<span class="count">{move || format!(" \u{00B7} {}", here(x))}</span>
                    </button>
                }).collect_view()}
            </div>
            <h3>{move || format!("In {}: {} of {STACKING}", at.get(), here(at.get()))}</h3>
            {move || (here(at.get()) >= STACKING).then(|| view! {
                <p class="warning" data-testid="sector-full">{format!("{} is full: at most {STACKING} counters a sector. Tap another sector to place more, or a counter above to take it off.", at.get())}</p>
            })}
            <ul class="chips">
                {move || draft.get().into_iter().enumerate().filter(|(_, p)| p.1 == at.get()).map(|(k, (p, _))| view! {
                    <li><button type="button" class="btn small" data-testid="deployed-chip" on:click=move |_| draft.update(|d| { d.remove(k); })>
                        {format!("{} \u{2715}", ro.piece_name(p))}</button></li>
                }).collect_view()}
            </ul>
            <div class="choice-buttons">
                {extras.into_iter().map(|p| {
                    let left = left_extras.clone();
                    let left2 = left_extras.clone();
                    view! {
                        <button type="button" class="btn" data-testid=format!("place-{}", piece_word(p).to_ascii_lowercase().replace(' ', "-"))
                            disabled=move || { draft.track(); left(p) == 0 || here(at.get()) >= STACKING } on:click=move |_| place(p)>
                            {move || { draft.track(); format!("+ {} ({} left)", piece_word(p), left2(p)) }}
                        </button>
                    }
                }).collect_view()}
            </div>
            <div class="unit-picks">
                {units.into_iter().map(|(i, name)| {
                    let left = left_units.clone();
                    view! {
                        {move || { draft.track(); (left(Piece::Unit(i)) > 0).then(|| view! {
                            <button type="button" class="btn" data-testid=format!("place-unit-{i}") disabled=move || here(at.get()) >= STACKING
                                on:click=move |_| place(Piece::Unit(i))>{format!("+ {name}")}</button>
                        }) }}
                    }
                }).collect_view()}
            </div>
        </div>
    }
}

/// The recon attempts so far, as everyone may know them: where each landed.
fn attempts(ro: Ro) -> impl IntoView {
    move || {
        ro.state.with(|s| {
            s.recon
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let line = match r.target {
                        None => "off the table: wasted".to_string(),
                        Some(t) if r.examined.is_empty() && s.counter_count(t) == 0 => format!("{t}, empty: wasted"),
                        Some(t) => format!("{t}: the Staff Officer examines counters there"),
                    };
                    view! { <li data-testid="recon-attempt">{format!("Attempt {}: {line}", i + 1)}</li> }
                })
                .collect_view()
        })
    }
}

#[component]
pub fn Recon() -> impl IntoView {
    let ro = expect_context::<Ro>();
    view! {
        <p class="hint">{move || ro.state.with(|s| format!("The Staff Officer's reconnaissance, attempt {} of {}: the first die gives the axis (5 or 6 is off the table), the second the line.", s.recon.len() + 1, tables::RECON_ATTEMPTS))}</p>
        {ro.roll(Decision::RollRecon, "the recon dice")}
        <ul class="plain">{attempts(ro)}</ul>
        <ReconReport/>
    }
}

/// What recon saw, for the Staff Officer alone.
#[component]
pub fn ReconReport() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let any = move || ro.state.with(|s| s.recon.iter().any(|r| !r.examined.is_empty()));
    view! {
        {move || any().then(|| behind(ro, vec![STAFF_OFFICER], words("read the recon report", "", "recon-report"), |_| false, move |_| view! { <ReportLines/> }))}
    }
}

#[component]
fn ReportLines() -> impl IntoView {
    let ro = expect_context::<Ro>();
    view! {
        <h3>"Recon report (Staff Officer only)"</h3>
        <ul class="plain" data-testid="recon-lines">
            {move || ro.state.with(|s| s.recon.iter().filter_map(|r| r.target.map(|t| (t, r.examined.clone()))).filter(|(_, e)| !e.is_empty())
                .map(|(t, examined)| {
                    let seen: Vec<String> = examined.iter().filter_map(|&id| s.counters.get(id as usize)).map(|c| ro.counter_name(c)).collect();
                    view! { <li>{format!("{t}: {}", seen.join("; "))}</li> }
                }).collect_view())}
        </ul>
    }
}

#[component]
pub fn Examine() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let sector = move || ro.state.with(|s| s.recon.last().and_then(|r| r.target));
    view! {
        <p class="hint">{move || sector().map(|t| format!("Recon found counters in {t}. The Staff Officer looks at {} of them, alone.", tables::RECON_EXAMINE))}</p>
        <ul class="plain">{attempts(ro)}</ul>
        {behind(ro, vec![STAFF_OFFICER], words("examine the counters", "has examined", "examine-panel"), |_| false, move |_: Seat| view! { <ExamineForm/> })}
    }
}

#[component]
fn ExamineForm() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let error = RwSignal::new(None::<String>);
    let chosen = RwSignal::new(Vec::<u16>::new());
    let (here, need) = ro.state.with_untracked(|s| s.to_examine());
    view! {
        <p class="info">{format!("Pick {need} counters to look under.")}</p>
        <div class="choice-buttons">
            {here.into_iter().map(|id| view! {
                <button type="button" class="btn seg" data-testid=format!("examine-{id}") class:on=move || chosen.with(|c| c.contains(&id))
                    aria-pressed=move || chosen.with(|c| c.contains(&id)).to_string()
                    on:click=move |_| chosen.update(|c| if let Some(k) = c.iter().position(|&x| x == id) { c.remove(k); } else if c.len() < need { c.push(id); })>
                    {format!("Counter {}", id + 1)}</button>
            }).collect_view()}
        </div>
        <button class="btn primary big" data-testid="examine" disabled=move || chosen.with(Vec::len) != need
            on:click=move |_| { ro.act(Decision::Examine { counters: chosen.get_untracked() }, error); }>"Look under these"</button>
        {error_line(error)}
        <ReportLines/>
    }
}
