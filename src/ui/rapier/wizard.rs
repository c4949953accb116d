//! placeholder
use leptos::prelude::*;
#[component]
pub fn NewRapierCampaign(#[prop(optional)] edit: Option<String>) -> impl IntoView {
    let _ = edit;
    view! { <p>"todo"</p> }
}
