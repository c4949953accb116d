//! Faster entry of a club's own forces in a setup form: a box to paste a whole list into (read
//! by the system's own parser, errors per line, the format shown beside it), and a copy of one
//! side's list to the other. Generic over what is listed, so every wizard can use them; the
//! reading itself lives in the system's folder.

use crate::ui::reactive::effect;
use leptos::prelude::*;

/// "Paste a list": the text of the current list to start from, the format beside the box, and
/// "Use this list", which changes nothing unless the whole text reads. The change can be undone.
#[component]
pub fn PasteBox<T>(
    /// The list being edited, as it is now.
    current: Callback<(), T>,
    /// Puts a list in its place.
    put: Callback<T>,
    /// The system's reader: the list, or one message per bad line.
    parse: fn(&str) -> Result<T, Vec<String>>,
    /// The system's writer: the list as text that `parse` reads back.
    write: fn(&T) -> String,
    /// How the text is laid out, one sentence a line.
    format: &'static [&'static str],
    /// A short example.
    example: &'static str,
    /// How a success reads: "19 units".
    summary: fn(&T) -> String,
) -> impl IntoView
where
    T: Clone + Send + Sync + 'static,
{
    let area = NodeRef::<leptos::html::Textarea>::new();
    let initial = write(&current.run(()));
    let errors = RwSignal::new(Vec::<String>::new());
    let used = RwSignal::new(None::<String>);
    let before = RwSignal::new(None::<T>);
    let use_list = move |_| {
        let Some(a) = area.get_untracked() else { return };
        match parse(&a.value()) {
            Ok(list) => {
                used.set(Some(format!("The list was used: {}.", summary(&list))));
                errors.set(vec![]);
                before.set(Some(current.run(())));
                put.run(list);
            }
            Err(e) => {
                used.set(None);
                errors.set(e);
            }
        }
    };
    let start_over = move |_| {
        if let Some(a) = area.get_untracked() {
            a.set_value(&write(&current.run(())));
        }
        errors.set(vec![]);
    };
    view! {
        <div class="paste-box" data-testid="paste-box">
            <div class="paste-entry">
                <label class="field">
                    <span>"The list, one line each"</span>
                    <textarea rows="12" spellcheck="false" class="paste-text" data-testid="paste-text" node_ref=area prop:value=initial></textarea>
                </label>
                <div class="actions">
                    <button class="btn primary" data-testid="paste-use" on:click=use_list>"Use this list"</button>
                    <button class="btn small" data-testid="paste-reset" on:click=start_over>"Start again from the current list"</button>
                    {move || before.get().map(|old| view! {
                        <button class="btn small" data-testid="paste-undo" on:click=move |_| {
                            put.run(old.clone());
                            before.set(None);
                            used.set(Some("The list from before the paste is back.".into()));
                        }>"Undo paste"</button>
                    })}
                </div>
                {move || used.get().map(|m| view! { <p class="hint" role="status" data-testid="paste-used">{m}</p> })}
                {move || (!errors.get().is_empty()).then(|| view! {
                    <div class="error" role="alert" data-testid="paste-errors">
                        <p>"Nothing was changed. Put these lines right and try again:"</p>
                        <ul>{errors.get().into_iter().map(|e| view! { <li>{e}</li> }).collect_view()}</ul>
                    </div>
                })}
            </div>
            <div class="paste-format" data-testid="paste-format">
                <p><strong>"How to write it"</strong></p>
                {format.iter().map(|l| view! { <p class="hint">{*l}</p> }).collect_view()}
                <p><strong>"Example"</strong></p>
                <pre>{example}</pre>
            </div>
        </div>
    }
}

/// "Copy to the other side": asks first when the other side's list is not empty; the copy can
/// be undone.
#[component]
pub fn CopyToOther<T>(
    /// This side's list.
    from: Callback<(), T>,
    /// The other side's list.
    to: Callback<(), T>,
    /// Puts a list in the other side's place.
    put: Callback<T>,
    /// Whose list is replaced.
    #[prop(into)]
    to_name: Signal<String>,
    is_empty: fn(&T) -> bool,
) -> impl IntoView
where
    T: Clone + Send + Sync + 'static,
{
    let asking = RwSignal::new(false);
    let before = RwSignal::new(None::<T>);
    let keep = NodeRef::<leptos::html::Button>::new();
    effect(move || {
        if let Some(b) = keep.get() {
            let _ = b.focus();
        }
    });
    let copy = move || {
        before.set(Some(to.run(())));
        put.run(from.run(()));
        asking.set(false);
    };
    view! {
        <div class="actions copy-other">
            <button class="btn small" data-testid="copy-other" on:click=move |_| {
                if is_empty(&to.run(())) { copy() } else { asking.set(true) }
            }>{move || format!("Copy to {}", to_name.get())}</button>
            {move || before.get().map(|old| view! {
                <button class="btn small" data-testid="undo-copy" on:click=move |_| { put.run(old.clone()); before.set(None); }>
                    {move || format!("Undo copy to {}", to_name.get())}
                </button>
            })}
        </div>
        {move || before.get().is_some().then(|| view! {
            <p class="hint" role="status" data-testid="copied">{move || format!("Copied: {} now has the same list.", to_name.get())}</p>
        })}
        {move || asking.get().then(|| view! {
            <div class="secret confirm" role="alertdialog" aria-label="Replace the other side's list" data-testid="copy-confirm"
                on:keydown=move |ev| if ev.key() == "Escape" { asking.set(false); }>
                <p class="warning">{move || format!("Replace everything in {}'s list with a copy of this one?", to_name.get())}</p>
                <div class="actions">
                    <button class="btn big" data-testid="copy-keep" node_ref=keep on:click=move |_| asking.set(false)>"Keep theirs"</button>
                    <button class="btn big danger" data-testid="copy-yes" on:click=move |_| copy()>"Replace it"</button>
                </div>
            </div>
        })}
    }
}
