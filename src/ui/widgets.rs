//! Pieces several screens share: the foot of every setup wizard, copying a text to the
//! clipboard with a word on how it went, and the rules reference's words on playing apart.

use super::platform;
use super::route::{Screen, Tab};
use super::Nav;
use leptos::prelude::*;

/// The foot of a setup wizard: the reason the setup cannot be saved yet (for the wizards that
/// give it in one line; the others draw their own list above), what went wrong saving, Cancel
/// back to the list, and the button that saves the setup and opens the campaign. `save` stores
/// the setup and gives the campaign's id, or why it could not (`None`: nothing was tried, the
/// wizard shows why itself).
#[component]
pub fn WizardFooter<F, E>(
    #[prop(optional, into)] problem: Option<Signal<Option<String>>>,
    #[prop(into)] disabled: Signal<bool>,
    label: &'static str,
    #[prop(default = "create-campaign")] testid: &'static str,
    save: F,
) -> impl IntoView
where
    F: Fn() -> Option<Result<String, E>> + 'static,
    E: std::fmt::Display + 'static,
{
    // The refusal in words here, where it is shown.
    let save = Box::new(move || save().map(|r| r.map_err(|e| e.to_string())));
    footer(problem, disabled, label, testid, save)
}

/// `WizardFooter`, built once rather than once per wizard (issue 32).
fn footer(
    problem: Option<Signal<Option<String>>>,
    disabled: Signal<bool>,
    label: &'static str,
    testid: &'static str,
    save: Box<dyn Fn() -> Option<Result<String, String>>>,
) -> AnyView {
    let nav = expect_context::<Nav>();
    let error = RwSignal::new(None::<String>);
    let submit = move |_| match save() {
        Some(Ok(id)) => nav.go(Screen::Campaign { id, tab: Tab::Play }),
        Some(Err(e)) => error.set(Some(e)),
        None => {}
    };
    view! {
        {problem.map(|p| move || p.get().map(|p| view! { <p class="warning" data-testid="setup-problem">{p}</p> }))}
        {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
        <div class="actions">
            <a class="btn big" href="#/">"Cancel"</a>
            <button type="button" class="btn primary big" data-testid=testid disabled=move || disabled.get() on:click=submit>
                {label}
            </button>
        </div>
    }
    .into_any()
}

/// Copies `text` to the clipboard (the one copy every copy button makes) and then says in
/// `note` how it went: `done`, or that copying is blocked and the `what` shown above is to be
/// copied by hand.
pub fn copy_with_note(text: &str, done: &'static str, what: &'static str, note: RwSignal<Option<String>>) {
    // Started at once, inside the tap: browsers copy only while the tap's permission lasts.
    let copying = platform::copy_text(text);
    leptos::task::spawn_local(async move {
        note.set(Some(match copying.await {
            Ok(()) => done.to_string(),
            Err(_) => format!("Copying is blocked here: select the {what} above and copy it by hand."),
        }));
    });
}

/// The rules reference's words on playing apart with no umpire (issue 31): sealed choices.
/// `rolls`: which of the system's rolls are offered jointly first, in its own words.
#[component]
pub fn PlayingApart(#[prop(optional, into)] rolls: String) -> impl IntoView {
    view! {
        <h2>"Playing apart: sealed choices and joint rolls"</h2>
        <div data-testid="playing-apart">
            <p>"When each player decides on a device of their own and one of those devices keeps the campaign, a secret choice made at the same time as the other's is sealed. Your device first sends a seal: a fingerprint of your choice and of a secret number only your device knows. The seal tells nothing of what you chose, but no other choice fits it."</p>
            <p>"The keeper's own choice is sealed on the keeper's device in the same way. Once every seal is in, your next copy lets you reveal your choice; the keeper takes it only if it fits your seal. Each copy after that shows the other player's choice with its secret number, and your device checks it against the seal it saw before you revealed: \"Anna's choice matches the seal sent at 20:14\"."</p>
            <p>"A roll can be made together: the keeper's device seals its own secret number first, your device adds one of its own, and the dice are drawn from both and from the roll's place in the log, so neither device alone can choose them or know them in advance. Once the other player's device has sent the keeper a reply, every roll both of you care about is offered as a joint roll first; a roll only one side cares about stays that side's, and at any roll the keeper may still roll on its own device or type the dice rolled at the table."</p>
            {(!rolls.is_empty()).then(|| view! { <p data-testid="joint-rolls">{rolls}</p> })}
            <p>"The log marks each roll as the app's (naming the player's device when it came from there), typed in from the table, or joint. Every device draws each joint roll again from its two numbers, and your copy checks every joint roll you took part in: the keeper's number is the one it sealed before you sent yours, yours is in it, and the dice follow from both."</p>
            <p>"Around one shared tablet nothing of this shows. If the keeper's device belongs to neither player, a choice can go as it is."</p>
        </div>
    }
}
