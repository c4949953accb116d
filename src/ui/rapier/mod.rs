//! Rapier Offensive screens: the battle map above the tabs (tap a sector to pick it), one
//! component per step of the game, the secret steps behind the shared hand-over, the rosters,
//! the setup wizard and the rules reference. Every rule comes from `systems::rapier_offensive`;
//! every screen renders `Open::state`, the position as whoever reads the device may see it.

mod combat;
mod fire;
pub mod map;
mod movement;
mod orders;
pub mod phases;
mod pregame;
pub mod reference;
pub mod roster;
mod secret;
mod summary;
pub mod wizard;

use super::campaign::{Open, SystemUi};
use crate::engine::Seat;
use crate::systems::rapier_offensive::grid::Sector;
use crate::systems::rapier_offensive::seats::{self, CORPS_COMMANDER, STAFF_OFFICER, UMPIRE};
use crate::systems::rapier_offensive::state::{Counter, Target, UnitRef};
use crate::systems::rapier_offensive::units::Piece;
use crate::systems::rapier_offensive::RapierOffensive;
use leptos::prelude::*;

/// "1 counter", "no counters", "3 counters".
pub(crate) fn count(n: usize, one: &str, many: &str) -> String {
    match n {
        0 => format!("no {many}"),
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// "1 unit left", "3 units left": a count with its verb.
pub(crate) fn count_verb(n: usize, one: &str, many: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// The open Rapier Offensive campaign, shared with the phase components.
pub type Ro = Open<RapierOffensive>;

/// What a tap on the map does now: a step that asks for a sector listens while it is drawn
/// (the latest listener hears the tap: a panel opened over a step takes the taps until it
/// closes), and shows the sectors it has picked so far in `marked` (a path, TRPs, a target).
#[derive(Clone, Copy)]
pub struct MapPick {
    pub taps: RwSignal<Vec<(usize, Callback<Sector>)>>,
    pub marked: RwSignal<Vec<Sector>>,
}

/// The map's picking, shared by the map above the tabs and the step below it: found in the
/// context, or made and given there by whichever asks first. A campaign screen drawn again
/// (after the setup was edited, or on coming back to the game) can find the picking of the
/// screen before it, whose signals went with that screen: then a new one is made.
pub fn map_pick() -> MapPick {
    use_context::<MapPick>().filter(|p| p.is_live()).unwrap_or_else(|| {
        let p = MapPick { taps: RwSignal::new(Vec::new()), marked: RwSignal::new(Vec::new()) };
        provide_context(p);
        p
    })
}

impl MapPick {
    /// Whether its signals still exist (their screen has not gone).
    fn is_live(self) -> bool {
        self.taps.try_with_untracked(|_| ()).is_some() && self.marked.try_with_untracked(|_| ()).is_some()
    }
    /// Listens to taps while the calling component is drawn; its marks go when it goes.
    pub fn listen(self, f: impl Fn(Sector) + Send + Sync + 'static) {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let id = NEXT.fetch_add(1, Ordering::Relaxed);
        self.taps.update(|t| t.push((id, Callback::new(f))));
        on_cleanup(move || {
            // The whole screen may be going, the picking with it: nothing then to clear.
            self.taps.try_update(|t| t.retain(|x| x.0 != id));
            self.marked.try_set(Vec::new());
        });
    }
    /// Whoever hears a tap now.
    pub fn listener(self) -> Option<Callback<Sector>> {
        self.taps.with(|t| t.last().map(|x| x.1))
    }
}

impl Open<RapierOffensive> {
    /// An attacking unit's name: "2/137th Gds".
    pub fn unit_name(&self, r: UnitRef) -> String {
        self.setup.with(|s| {
            s.attackers
                .get(r.division as usize)
                .and_then(|d| d.units.get(r.unit as usize))
                .map_or_else(|| format!("unit {}", r.unit + 1), |u| u.name.clone())
        })
    }
    /// An attacking division's name.
    pub fn division_name(&self, d: u8) -> String {
        self.setup
            .with(|s| s.attackers.get(d as usize).map_or_else(|| format!("Division {}", d + 1), |x| x.name.clone()))
    }
    /// A counter as the reader may know it: its identity where the view has it, otherwise
    /// only its number. Never more than the view holds.
    pub fn counter_name(&self, c: &Counter) -> String {
        match c.piece {
            None => format!("Counter {} (face down)", c.id + 1),
            Some(p) => {
                let what = self.piece_name(p);
                if c.revealed {
                    what
                } else {
                    format!("{what} (counter {}, face down)", c.id + 1)
                }
            }
        }
    }
    pub fn piece_name(&self, p: Piece) -> String {
        match p {
            Piece::Unit(i) => self.setup.with(|s| {
                s.defender.units.get(i as usize).map_or_else(|| format!("unit {}", i + 1), |u| u.name.clone())
            }),
            _ => piece_word(p).to_string(),
        }
    }
    /// A shot's or a loss's target by name, from the reader's view.
    pub fn target_name(&self, t: Target) -> String {
        match t {
            Target::Unit(r) => self.unit_name(r),
            Target::Counter(id) => self
                .state
                .with(|s| s.counters.get(id as usize).copied())
                .map_or_else(|| format!("counter {}", id + 1), |c| self.counter_name(&c)),
        }
    }
    /// The seat's player's name and role, as the game stands (after any role swap).
    pub fn seat_name(&self, seat: Seat) -> String {
        self.campaign.with(|c| seats::seat_name_now(c.setup(), c.state(), seat))
    }
    /// Whether the reader sits at the command post (sees the orders and the reserves).
    pub fn at_command_post(&self) -> bool {
        self.reader.get().is_some_and(|r| seats::attackers().contains(&r))
    }
}

/// The word for a counter that is not a fighting unit.
pub fn piece_word(p: Piece) -> &'static str {
    match p {
        Piece::Unit(_) => "Unit",
        Piece::Fortification => "Fortification",
        Piece::Minefield => "Minefield",
        Piece::Dummy => "Dummy",
        Piece::Wire => "Wire",
        Piece::AtObstacle => "Anti-tank obstacles",
    }
}

/// Test-id word of a seat: "umpire", "corps", "staff", "div1".."div3".
pub fn seat_key(seat: Seat) -> String {
    match seat {
        UMPIRE => "umpire".into(),
        CORPS_COMMANDER => "corps".into(),
        STAFF_OFFICER => "staff".into(),
        Seat(n) => format!("div{}", n - 2),
    }
}

/// "a1-l2": a sector in test ids.
pub fn sector_key(s: Sector) -> String {
    format!("a{}-l{}", s.axis, s.line)
}

impl SystemUi for RapierOffensive {
    /// The map's picking, shared by the map above the tabs and the step below it.
    fn contexts() {
        map_pick();
    }
    fn header() -> AnyView {
        view! { <map::BattleMap/> }.into_any()
    }
    fn play() -> AnyView {
        view! { <phases::PhaseView/> }.into_any()
    }
    fn forces() -> AnyView {
        view! { <roster::Rosters/> }.into_any()
    }
    /// The reference with this game's random-event table (the setup may edit it).
    fn rules() -> AnyView {
        let ro = expect_context::<Ro>();
        let events = Signal::derive(move || ro.setup.with(|s| s.events));
        view! { <reference::RapierReference events/> }.into_any()
    }
    fn wizard(edit: Option<String>) -> AnyView {
        match edit {
            Some(id) => view! { <wizard::NewRapierCampaign edit=id/> }.into_any(),
            None => view! { <wizard::NewRapierCampaign/> }.into_any(),
        }
    }
    fn reference() -> AnyView {
        view! { <reference::RapierReference/> }.into_any()
    }
}
