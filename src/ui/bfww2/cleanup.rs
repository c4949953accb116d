//! Cleanup after a scenario, the umpire's steps: each element's status (normal, isolated or cut
//! off, as the umpire judges it), escape rolls with every modifier, ammunition status,
//! fortifications found by the enemy, armour repair when it is repair time (each side's
//! secret, behind the hand-over), the paperwork for the calendar, and the end of cleanup.

use super::phases::{button, check, error_line, number, select};
use super::posture::outcome_line;
use super::refit::RepairForm;
use super::secret::{behind_sides, words};
use super::Bw;
use crate::systems::bfww2_campaign::refit::repair_now;
use crate::systems::bfww2_campaign::seats::UMPIRE;
use crate::systems::bfww2_campaign::tables::{Ammo, EscapeMod, Status, ESCAPE_MODIFIERS};
use crate::systems::bfww2_campaign::Decision;
use crate::ui::reactive::{effect, memo};
use leptos::prelude::*;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    Status,
    Escape,
    Ammo,
    Forts,
    Repair,
    Paperwork,
}

impl Step {
    const ALL: [Step; 6] = [Step::Status, Step::Escape, Step::Ammo, Step::Forts, Step::Repair, Step::Paperwork];
    fn name(self) -> &'static str {
        match self {
            Step::Status => "Status",
            Step::Escape => "Escapes",
            Step::Ammo => "Ammunition",
            Step::Forts => "Fortifications",
            Step::Repair => "Armour repair",
            Step::Paperwork => "Paperwork",
        }
    }
    fn key(self) -> &'static str {
        match self {
            Step::Status => "status",
            Step::Escape => "escape",
            Step::Ammo => "ammo",
            Step::Forts => "forts",
            Step::Repair => "repair",
            Step::Paperwork => "paperwork",
        }
    }
}

pub fn status_word(s: Status) -> &'static str {
    match s {
        Status::Normal => "Normal",
        Status::Isolated => "Isolated",
        Status::CutOff => "Cut off",
    }
}

pub fn ammo_word(a: Ammo) -> &'static str {
    match a {
        Ammo::Normal => "Normal",
        Ammo::Short => "Short",
        Ammo::Out => "Out",
    }
}

/// Active elements of both sides in the reader's view, as "side:id" options.
fn elements(bw: Bw, only: impl Fn(&crate::systems::bfww2_campaign::state::Element) -> bool) -> Vec<(String, String)> {
    bw.state.with(|s| {
        (0..2u8)
            .flat_map(|side| {
                s.side(side)
                    .roster
                    .iter()
                    .filter(|e| e.active() && only(e))
                    .map(|e| {
                        let extra = if e.pocket > 0 {
                            format!(", {} {}", e.pocket, status_word(e.status).to_ascii_lowercase())
                        } else {
                            String::new()
                        };
                        (
                            format!("{side}:{}", e.me.id),
                            format!(
                                "{} \u{00B7} {} {} ({} stands{extra})",
                                bw.side_name(side),
                                e.me.id,
                                e.me.name,
                                e.me.stands
                            ),
                        )
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    })
}

fn split(v: &str) -> (u8, String) {
    v.split_once(':').map(|(a, b)| (a.parse().unwrap_or(0), b.to_string())).unwrap_or_default()
}

fn keep_valid(list: &[(String, String)], v: RwSignal<String>) {
    if !list.iter().any(|o| o.0 == v.get_untracked()) {
        if let Some(o) = list.first() {
            v.set(o.0.clone());
        }
    }
}

#[component]
pub fn Cleanup() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let step = RwSignal::new(Step::Status);
    let bar = NodeRef::<leptos::html::Div>::new();
    effect(move || {
        step.track();
        super::phases::show_chosen(bar);
    });
    view! {
        {move || outcome_line(bw).map(|l| view! { <p class="info outcome" data-testid="outcome">{l}</p> })}
        <p class="hint">"The umpire judges status, rolls escapes, sets ammunition, reveals fortifications found and writes the notes."</p>
        <div class="segmented wrap cleanup-steps" role="group" aria-label="Cleanup steps" node_ref=bar>
            {Step::ALL.into_iter().map(|x| view! {
                <button type="button" class="btn seg" class:on=move || step.get() == x aria-pressed=move || (step.get() == x).to_string()
                    data-testid=format!("cleanup-step-{}", x.key()) on:click=move |_| step.set(x)>{x.name()}</button>
            }).collect_view()}
        </div>
        <div class="cleanup-step" data-testid="cleanup-step">
            {move || match step.get() {
                Step::Status => view! { <StatusForm/> }.into_any(),
                Step::Escape => view! { <EscapeForm/> }.into_any(),
                Step::Ammo => view! { <AmmoForm/> }.into_any(),
                Step::Forts => view! { <FortReveal/> }.into_any(),
                Step::Repair => view! { <Repair/> }.into_any(),
                Step::Paperwork => view! { <Paperwork/> }.into_any(),
            }}
        </div>
        <div class="actions">{button(bw, Decision::EndCleanup, "End cleanup: next scenario".into(), "end-cleanup".into(), true)}</div>
    }
}

#[component]
fn StatusForm() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let who = RwSignal::new(String::new());
    let status = RwSignal::new("Isolated".to_string());
    let stands = RwSignal::new(1u16);
    let error = RwSignal::new(None::<String>);
    let statuses: Vec<(String, String)> = [Status::Normal, Status::Isolated, Status::CutOff]
        .iter()
        .map(|s| (status_word(*s).into(), status_word(*s).into()))
        .collect();
    view! {
        <p class="hint">"Only an element judged isolated or cut off needs one: with the stands in it."</p>
        {move || {
            let list = elements(bw, |_| true);
            keep_valid(&list, who);
            select("Element", list, who, "status-me".into())
        }}
        <div class="row">
            {select("Status", statuses, status, "status-what".into())}
            {number("Stands in it", stands, "status-stands".into())}
        </div>
        <div class="sticky-action"><button class="btn big primary" data-testid="set-status" on:click=move |_| {
            let (side, me) = split(&who.get_untracked());
            let status = match status.get_untracked().as_str() { "Isolated" => Status::Isolated, "Cut off" => Status::CutOff, _ => Status::Normal };
            bw.act(Decision::SetStatus { side, me, status, stands: stands.get_untracked() }, error);
        }>"Set the status"</button>
        {error_line(error)}</div>
    }
}

#[component]
fn EscapeForm() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let who = RwSignal::new(String::new());
    let vehicle = RwSignal::new(false);
    let group = RwSignal::new(1u16);
    let judged: Vec<(EscapeMod, RwSignal<bool>)> =
        [EscapeMod::UnarmouredVehicle, EscapeMod::NearFriendlyLines, EscapeMod::FullyTrackedAfv]
            .into_iter()
            .map(|m| (m, RwSignal::new(false)))
            .collect();
    let boxes = move |judged: &[(EscapeMod, RwSignal<bool>)]| {
        judged
            .iter()
            .enumerate()
            .map(|(i, (k, on))| {
                let text = ESCAPE_MODIFIERS.iter().find(|m| m.key == *k).map_or("", |m| m.text);
                check(format!("{text} (the umpire judges)"), *on, format!("escape-mod-{i}"))
            })
            .collect_view()
    };
    let list = memo(move || elements(bw, |e| e.may_escape()));
    move || {
        let options = list.get();
        if options.is_empty() {
            return view! { <p class="info" data-testid="no-escapes">"No element is isolated or cut off: no escape roll."</p> }.into_any();
        }
        keep_valid(&options, who);
        let judged = judged.clone();
        view! {
            <p class="hint">"One roll per stand or vehicle; transport vehicles of one group escaping together make one roll. The modifiers read from the campaign (cut off, the previous half day, Russian) are added by the app."</p>
            {select("Element", options, who, "escape-me".into())}
            <div class="checks">
                {check("A vehicle".into(), vehicle, "escape-vehicle".into())}
                {number("Transport vehicles escaping together", group, "escape-group".into())}
                {boxes(&judged)}
            </div>
            {move || {
                let (side, me) = split(&who.get());
                let mods: Vec<EscapeMod> = judged.iter().filter(|(_, on)| on.get()).map(|(k, _)| *k).collect();
                bw.roll(Decision::RollEscape { side, me, vehicle: vehicle.get(), group: group.get().max(1), mods }, "the escape")
            }}
        }
        .into_any()
    }
}

#[component]
fn AmmoForm() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let who = RwSignal::new(String::new());
    let ammo = RwSignal::new("Short".to_string());
    let error = RwSignal::new(None::<String>);
    let levels: Vec<(String, String)> =
        [Ammo::Normal, Ammo::Short, Ammo::Out].iter().map(|a| (ammo_word(*a).into(), ammo_word(*a).into())).collect();
    view! {
        <p class="hint">"An element in normal status recovers its ammunition at the next scenario; isolated and cut-off ones keep what they have."</p>
        {move || {
            let list = elements(bw, |_| true);
            keep_valid(&list, who);
            select("Element", list, who, "ammo-set-me".into())
        }}
        {select("Ammunition", levels, ammo, "ammo-set-what".into())}
        <button class="btn big" data-testid="set-ammo" on:click=move |_| {
            let (side, me) = split(&who.get_untracked());
            let ammo = match ammo.get_untracked().as_str() { "Short" => Ammo::Short, "Out" => Ammo::Out, _ => Ammo::Normal };
            bw.act(Decision::SetAmmo { side, me, ammo }, error);
        }>"Set the ammunition"</button>
        {error_line(error)}
    }
}

#[component]
fn FortReveal() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let hidden = memo(move || {
        bw.state.with(|s| {
            (0..2u8)
                .flat_map(|side| {
                    s.side(side)
                        .forts
                        .iter()
                        .enumerate()
                        .filter(|(_, f)| !f.revealed)
                        .map(move |(i, f)| (side, i, format!("{} at {}", f.kind, f.place)))
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        })
    });
    move || {
        let list = hidden.get();
        if list.is_empty() {
            return view! { <p class="info" data-testid="no-hidden-forts">"No hidden fortification this reader may see. (The umpire sees every side's.)"</p> }.into_any();
        }
        view! {
            <p class="hint">"A hidden fortification inside the enemy's control is placed on the map, and the enemy sees it from now on."</p>
            <ul class="forts">{list.into_iter().map(|(side, index, what)| view! {
                <li>{format!("{}: {what} ", bw.side_name(side))}
                    {button(bw, Decision::RevealFortification { side, index }, "Reveal".into(), format!("reveal-fort-{side}-{index}"), false)}</li>
            }).collect_view()}</ul>
        }
        .into_any()
    }
}

#[component]
fn Repair() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let now = memo(move || bw.state.with(|s| bw.setup.with(|st| repair_now(st, s))));
    move || {
        if !now.get() {
            return view! { <p class="info" data-testid="repair-not-now">"No repair now: armour is repaired in the night refit, or in the cleanup of the day's last scenario."</p> }.into_any();
        }
        if bw.holder.get() == Some(UMPIRE) {
            return (0..2u8)
                .map(|side| view! { <div class="card"><h3>{bw.side_name(side)}</h3><RepairForm side=side/></div> })
                .collect_view()
                .into_any();
        }
        view! {
            <p class="hint">"Repair attempts are each side's secret: pass the tablet."</p>
            {behind_sides(bw, words("repair my armour", "", "repair-panel"), |_| false, move |side| view! { <h3>{bw.side_name(side)}</h3><RepairForm side=side/> })}
        }
        .into_any()
    }
}

#[component]
fn Paperwork() -> impl IntoView {
    let bw = expect_context::<Bw>();
    let note = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let notes = memo(move || bw.state.with(|s| s.calendar.last().map(|r| r.notes.clone()).unwrap_or_default()));
    view! {
        <p class="hint">"For the calendar: where the main line of resistance runs, the exact stands, the conditions for the next refit."</p>
        <label class="field"><span>"Note"</span>
            <textarea rows="3" data-testid="paperwork-note" prop:value=move || note.get() on:input=move |ev| note.set(event_target_value(&ev))></textarea></label>
        <button class="btn big" data-testid="add-paperwork" on:click=move |_| {
            if note.get_untracked().trim().is_empty() { error.set(Some("Write the note first.".into())); return; }
            if bw.act(Decision::Paperwork { note: note.get_untracked() }, error) { note.set(String::new()); }
        }>"Add to the calendar"</button>
        {error_line(error)}
        <ul data-testid="paperwork-notes">{move || notes.get().into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
    }
}
