//! Shared pieces of the Battlefront: WW2 browser tests: a page to mount the real step
//! components on (with a holder, as the campaign screen has), finding, reading, clicking and
//! filling by test id, typed dice, and the sample brought to known points of its cycle.

#![allow(dead_code)]

use field_desk::engine::{Campaign, DiceInput, Reader};
use field_desk::systems::bfww2_campaign::sample::sample_setup;
use field_desk::systems::bfww2_campaign::{Bfww2Campaign, Decision, Report};
use field_desk::ui::bfww2::phases::PhaseView;
use field_desk::ui::campaign::Open;
use leptos::prelude::*;

#[path = "wasm.rs"]
mod wasm;
pub use wasm::*;

pub type C = Campaign<Bfww2Campaign>;
pub type Bw = Open<Bfww2Campaign>;

/// The rendered text of the element with this test id, which must be there.
pub fn text(root: &El, testid: &str) -> String {
    must(root, testid).inner_text()
}

/// Dice typed into the dice widget, as a player does with dice in hand.
pub fn type_dice(root: &El, dice: &str) {
    fill(root, "dice-input", dice);
    click(root, "dice-submit");
}

/// The step components as the campaign screen draws them, the device held by `holder`.
pub fn mount_as(c: C, holder: Reader) -> (El, Bw) {
    let root = container();
    let open = Open::new(RwSignal::new(c), holder);
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(open);
        view! { <PhaseView/> }
    });
    handle.forget();
    (root, open)
}

pub fn mount(c: C) -> (El, Bw) {
    mount_as(c, None)
}

pub fn ok(c: &mut C, d: Decision, dice: &[u16]) {
    c.decide(d.clone(), DiceInput::Typed(dice.to_vec())).unwrap_or_else(|e| panic!("{d:?}: {e}"));
}

pub fn s(x: &str) -> String {
    x.to_string()
}

/// The sample played to the results of its first battle, every element fielded.
pub fn at_results() -> C {
    let mut c = C::new(sample_setup()).unwrap();
    ok(&mut c, Decision::RollCpp { side: 0 }, &[7]);
    ok(&mut c, Decision::EndRefit { side: 0 }, &[]);
    ok(&mut c, Decision::RollCpp { side: 1 }, &[5]);
    ok(&mut c, Decision::EndRefit { side: 1 }, &[]);
    ok(&mut c, Decision::RevealPostures, &[]);
    for side in 0..2u8 {
        let elements = c.state().side(side).roster.iter().map(|e| e.me.id.clone()).collect();
        ok(&mut c, Decision::ChooseForces { side, elements, artillery: vec![], aircraft: false, hidden: vec![] }, &[]);
    }
    ok(&mut c, Decision::EndBattle { turns: 12 }, &[]);
    c
}

/// Results entered for every fielded element: `report` for the named ones, none for the rest.
pub fn enter_results(c: &mut C, given: &[(u8, &str, Report)]) {
    for side in 0..2u8 {
        let ids: Vec<String> = c.state().side(side).forces.iter().flat_map(|f| f.elements.clone()).collect();
        for me in ids {
            let report = given.iter().find(|g| g.0 == side && g.1 == me).map_or(Report::default(), |g| g.2);
            ok(c, Decision::Result { side, me, report }, &[]);
        }
    }
    ok(c, Decision::EndResults, &[]);
}

/// The sample at the second day's postures.
pub fn day_two() -> C {
    let mut c = at_results();
    enter_results(&mut c, &[]);
    ok(&mut c, Decision::EndCleanup, &[]);
    c
}
