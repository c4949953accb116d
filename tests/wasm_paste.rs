//! The wizards' "Paste a list" box and "Copy to" the other side, in a real browser: the Race for
//! X orbat editor starts the box from the current orbat, a text with bad lines changes nothing
//! and lists them, a good one replaces the orbat and can be undone; a copy onto a side that is
//! not empty asks first and can be undone.
#![cfg(target_arch = "wasm32")]

use field_desk::systems::race_for_x::orbat_text;
use field_desk::systems::race_for_x::sample::russian_battalion;
use field_desk::systems::race_for_x::Orbat;
use field_desk::ui::rfx::wizard::OrbatEditor;
use field_desk::ui::rfx::wizard_paste::CopyToOther;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

#[path = "support/wasm.rs"]
mod wasm;
use wasm::text_content as text;
use wasm::*;

wasm_bindgen_test_configure!(run_in_browser);

fn area(root: &El) -> web_sys::HtmlTextAreaElement {
    find(root, "paste-text").expect("the paste box").unchecked_into()
}

#[wasm_bindgen_test]
async fn the_orbat_editor_reads_a_pasted_list_whole_or_not_at_all() {
    let root = container();
    let sample = russian_battalion("Rifle Battalion");
    let orbat = RwSignal::new(sample.clone());
    let handle = leptos::mount::mount_to(root.clone(), move || view! { <OrbatEditor orbat=orbat/> });
    leptos::task::tick().await;

    // The box starts from the current orbat, and shows the format and an example beside it.
    assert_eq!(area(&root).value(), orbat_text::write(&sample));
    assert!(text(&root, "paste-format").contains("Unit name | kind of unit"));
    let label = area(&root).closest("label").unwrap().expect("a label around the box");
    assert!(label.text_content().unwrap().contains("The list"));

    // Bad lines: listed with their numbers, in an alert; the orbat is untouched.
    area(&root)
        .set_value("Battalion | Bn\nP1 | Platoon | Bn | PC, Squad\nP2 | Rifle/SMG platoon | Nowhere | PC, Squad");
    click(&root, "paste-use");
    leptos::task::tick().await;
    let errors = find(&root, "paste-errors").expect("errors listed");
    assert_eq!(errors.get_attribute("role").as_deref(), Some("alert"));
    let said = errors.text_content().unwrap();
    assert!(said.contains("Line 2: \"Platoon\" is not a kind of unit"), "{said}");
    assert!(said.contains("Line 3: no company or battalion is called \"Nowhere\""), "{said}");
    assert_eq!(orbat.get_untracked(), sample);
    assert!(find(&root, "paste-undo").is_none());

    // A good list replaces the orbat, and the rows show it.
    let mut other = russian_battalion("Guards Battalion");
    other.units.truncate(5);
    area(&root).set_value(&orbat_text::write(&other));
    click(&root, "paste-use");
    leptos::task::tick().await;
    assert_eq!(orbat.get_untracked(), other);
    assert!(find(&root, "paste-errors").is_none());
    assert!(text(&root, "paste-used").contains("5 units"), "{}", text(&root, "paste-used"));
    assert_eq!(root.query_selector_all("[data-testid=unit-edit]").unwrap().length(), 5);

    // Undo puts the old orbat back; "Start again" refills the box from it.
    click(&root, "paste-undo");
    leptos::task::tick().await;
    assert_eq!(orbat.get_untracked(), sample);
    area(&root).set_value("scribble");
    click(&root, "paste-reset");
    leptos::task::tick().await;
    assert_eq!(area(&root).value(), orbat_text::write(&sample));
    drop(handle);
}

#[wasm_bindgen_test]
async fn a_copy_onto_a_side_that_is_not_empty_asks_first_and_can_be_undone() {
    let root = container();
    let a = RwSignal::new(russian_battalion("A Battalion"));
    let b = RwSignal::new(russian_battalion("B Battalion"));
    let empty = Orbat { formations: vec![], units: vec![] };
    let handle = leptos::mount::mount_to(root.clone(), move || {
        view! {
            <CopyToOther from=Callback::new(move |()| a.get_untracked()) to=Callback::new(move |()| b.get_untracked())
                put=Callback::new(move |o| b.set(o)) to_name=Signal::derive(|| "Boris".to_string())
                is_empty=|o: &Orbat| o.units.is_empty() && o.formations.is_empty()/>
        }
    });
    leptos::task::tick().await;
    assert!(text(&root, "copy-other").contains("Copy to Boris"));

    // Boris has an orbat: asked first; keeping it changes nothing.
    click(&root, "copy-other");
    leptos::task::tick().await;
    assert!(text(&root, "copy-confirm").contains("Replace everything in Boris's list"));
    click(&root, "copy-keep");
    leptos::task::tick().await;
    assert!(find(&root, "copy-confirm").is_none());
    assert_eq!(b.get_untracked().formations[0].name, "B Battalion");

    click(&root, "copy-other");
    leptos::task::tick().await;
    click(&root, "copy-yes");
    leptos::task::tick().await;
    assert_eq!(b.get_untracked(), a.get_untracked());
    click(&root, "undo-copy");
    leptos::task::tick().await;
    assert_eq!(b.get_untracked().formations[0].name, "B Battalion");

    // Onto an empty side: copied at once, nothing to ask.
    b.set(empty);
    click(&root, "copy-other");
    leptos::task::tick().await;
    assert!(find(&root, "copy-confirm").is_none());
    assert_eq!(b.get_untracked(), a.get_untracked());
    drop(handle);
}
