//! The dice widget: shows the dice a roll needs, the modifiers in force and the exact odds,
//! then either rolls in the app or takes the dice rolled at the table.

use crate::engine::RollPreview;
use crate::ui::reactive::memo;
use leptos::prelude::*;

/// Where the dice come from, as the player chose.
#[derive(Clone, Debug, PartialEq)]
pub enum DiceChoice {
    App,
    Typed(Vec<u16>),
    /// A joint roll with this seat's device (`engine::campaign::joint`): the keeper's part now,
    /// the dice once the seat's part is taken.
    Joint(crate::engine::Seat),
}

/// On the keeper's campaign screen: the seat whose device a roll may be made jointly with
/// (by name), and the one a joint roll waits for, if any.
#[derive(Clone, Copy)]
pub struct JointRoll {
    pub with: Signal<Option<(crate::engine::Seat, String)>>,
    pub waiting: Signal<Option<String>>,
    /// That seat's device has sent replies here: its player sits apart, and a roll both sides
    /// care about is offered as a joint roll first.
    pub apart: Signal<bool>,
}

/// What the players just rolled, shown large until they move on.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownRoll {
    /// The journal length right after the roll: the result shows while nothing else happened.
    pub at: usize,
    /// What was rolled for, from the roll's preview ("Type of battle").
    pub title: String,
    pub faces: Vec<u16>,
    /// A single die with modifiers: the die and the modified total.
    pub total: Option<(u16, i32)>,
}

fn signed(v: i32) -> String {
    if v >= 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// `on_roll` plays the decision and returns an error message when the rules refuse it.
#[component]
pub fn DiceRoll(
    #[prop(into)] preview: Signal<Option<RollPreview>>,
    #[prop(into)] label: String,
    on_roll: Callback<DiceChoice, Result<(), String>>,
    /// A roll only the rolling side cares about (`System::own_roll`): never joint first.
    #[prop(optional, into)]
    own: Signal<bool>,
) -> impl IntoView {
    let typed = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let joint = use_context::<JointRoll>();
    let submit = move |choice: DiceChoice| match on_roll.run(choice) {
        Ok(()) => {
            typed.set(String::new());
            error.set(None);
        }
        Err(e) => error.set(Some(e)),
    };
    let submit_typed = move || {
        let Some(p) = preview.get_untracked() else { return };
        match p.dice.parse(&typed.get_untracked()) {
            Ok(v) => submit(DiceChoice::Typed(v)),
            Err(e) => error.set(Some(e.to_string())),
        }
    };
    let label_app = label.clone();
    // Players apart: a roll both sides care about goes to both devices first.
    let joint_first = memo(move || {
        joint.is_some_and(|j| j.apart.get() && j.with.get().is_some() && j.waiting.get().is_none()) && !own.get()
    });

    view! {
        <div class="dice" data-testid="dice">
            {move || preview.get().map(|p| {
                let total = p.total_modifier();
                view! {
                    <div class="dice-head">
                        <span class="dice-spec" data-testid="dice-spec">{p.dice.label()}</span>
                        {(!p.modifiers.is_empty()).then(|| view! {
                            <ul class="modifiers" data-testid="modifiers">
                                {p.modifiers.iter().map(|m| view! {
                                    <li><span class="mod-value">{signed(m.value)}</span>" "{m.label.clone()}</li>
                                }).collect_view()}
                                {(p.modifiers.len() > 1).then(|| view! { <li class="mod-total">"Total "{signed(total)}</li> })}
                            </ul>
                        })}
                    </div>
                }
            })}
            // The dice to tap and the roll button first; the odds beside them on a tablet,
            // under them on a phone.
            <div class="dice-body">
                <div class="dice-act">
                    {move || preview.get().filter(|p| p.dice.count == 1 && p.dice.die.sides() <= 10).map(|p| {
                        let sides = p.dice.die.sides();
                        view! {
                            <div class="face-pad" role="group" aria-label="Tap the number you rolled">
                                <span class="pad-label">"Rolled at the table? Tap it:"</span>
                                <div class="faces" class:many={sides > 6}>
                                    {(1..=sides).map(|v| view! {
                                        <button class="btn face" data-testid=format!("face-{v}")
                                            on:click=move |_| submit(DiceChoice::Typed(vec![v]))>{v}</button>
                                    }).collect_view()}
                                </div>
                            </div>
                        }
                    })}
                    <div class="dice-actions" class:joint-first=move || joint_first.get()>
                        <button class="btn big" class:primary=move || !joint_first.get() data-testid="roll-app" on:click=move |_| submit(DiceChoice::App)>
                            {format!("Roll for me: {label_app}")}
                        </button>
                        {move || joint.and_then(|j| match (j.waiting.get(), j.with.get()) {
                            (Some(name), _) => Some(view! {
                                <p class="note" role="status" data-testid="joint-waiting">{format!("This roll waits for {name}'s part: send {name} a new copy, then take the part {name} sends back.")}</p>
                            }.into_any()),
                            (None, Some((seat, name))) => Some(view! {
                                <button class="btn big roll-joint" class:primary=move || joint_first.get() data-testid="roll-joint" on:click=move |_| submit(DiceChoice::Joint(seat))>
                                    {format!("Roll together with {name}'s device")}
                                </button>
                                {move || joint_first.get().then(|| view! {
                                    <p class="note joint-note" data-testid="joint-first">{format!("{name} plays on another device: both sides care about this roll, so roll it together.")}</p>
                                })}
                            }.into_any()),
                            _ => None,
                        })}
                        <form class="typed" on:submit=move |ev| { ev.prevent_default(); submit_typed(); }>
                            <label>
                                <span>"I rolled"</span>
                                <input type="text" inputmode="numeric" autocomplete="off" data-testid="dice-input"
                                    placeholder=move || preview.get().map(|p| p.dice.typing_hint()).unwrap_or_default()
                                    prop:value=move || typed.get()
                                    on:input=move |ev| typed.set(event_target_value(&ev)) />
                            </label>
                            <button class="btn" type="submit" data-testid="dice-submit">"Use these dice"</button>
                        </form>
                    </div>
                    {move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="dice-error">{e}</p> })}
                </div>
                {move || preview.get().map(|p| view! {
                    <div class="dice-odds">
                        <table class="odds" data-testid="odds">
                            <caption class="visually-hidden">"Chances"</caption>
                            <tbody>
                                {p.odds.iter().enumerate().map(|(i, (what, c))| view! {
                                    <tr>
                                        // The faces that give it, as the table prints them ("1-2").
                                        {p.faces.as_ref().map(|f| view! {
                                            <td class="odds-faces" data-testid="odds-faces">{f.get(i).cloned().unwrap_or_default()}</td>
                                        })}
                                        <td class="odds-what">{what.clone()}</td>
                                        <td class="odds-pct">{c.percent()}</td>
                                        <td class="odds-bar"><span style=format!("width:{}.{}%", c.tenths() / 10, c.tenths() % 10)></span></td>
                                    </tr>
                                }).collect_view()}
                            </tbody>
                        </table>
                        {p.note.clone().map(|n| view! { <p class="note">{n}</p> })}
                    </div>
                })}
            </div>
        </div>
    }
}

/// The last roll, large: the faces, the modified total of a single die, and the outcome in
/// words (the log line, given as `last`). `on_done` hides it.
#[component]
pub fn RollResult(
    shown: ShownRoll,
    #[prop(into)] last: Signal<Option<String>>,
    on_done: Callback<()>,
) -> impl IntoView {
    let faces = shown.faces.clone();
    view! {
        <div class="roll-result" data-testid="roll-result">
            <p class="rr-title">{format!("Rolled: {}", shown.title)}</p>
            <div class="rr-body">
                <ul class="rr-faces" aria-label=format!("Dice: {}", faces.iter().map(|f| f.to_string()).collect::<Vec<_>>().join(", "))>
                    {faces.iter().map(|f| view! { <li class="rr-face" data-testid="rr-face">{*f}</li> }).collect_view()}
                </ul>
                {shown.total.map(|(die, total)| view! {
                    <p class="rr-total" data-testid="rr-total">{format!("{die} {} = ", signed(total - die as i32))}<strong>{total}</strong></p>
                })}
            </div>
            <LastLine last=last long=ROLL_WORDS_LONG/>
            <button class="btn rr-done" data-testid="roll-result-done" on:click=move |_| on_done.run(())>"Got it"</button>
        </div>
    }
}

/// Beyond this many characters a step's last line is folded on a phone (two lines shown).
pub const LAST_LINE_LONG: usize = 50;
/// Beyond this many characters a roll's outcome in words is folded on a phone (four lines).
const ROLL_WORDS_LONG: usize = 160;

/// The last step in words. On a phone a long line folds to its first lines (CSS), with a
/// button to read it all; the log keeps every line, and the live region has announced it.
#[component]
pub fn LastLine(#[prop(into)] last: Signal<Option<String>>, long: usize) -> impl IntoView {
    let open = RwSignal::new(false);
    let is_long = move || last.with(|t| t.as_ref().map_or(0, |t| t.chars().count()) > long);
    view! {
        <div class="last-line" class:open=move || open.get() class:long=is_long>
            <p class="last-step" id="last-step" data-testid="last-step"><span>"Last: "</span>{move || last.get().unwrap_or_default()}</p>
            {move || is_long().then(|| view! {
                <button class="btn read-all" data-testid="read-all" aria-controls="last-step" aria-expanded=move || open.get().to_string()
                    on:click=move |_| open.update(|v| *v = !*v)>{move || if open.get() { "Less" } else { "Read all" }}</button>
            })}
        </div>
    }
}
