//! The battle map: the 4 x 6 grid turned on its side so it is wide and short on a tablet (the
//! attack goes left to right: the reserves R2 and R1, lines L1 to L6, then the exit), axes A1
//! to A4 from the top. It draws the reader's view only: a face-down counter is a grey "?"
//! whatever it is, the umpire's own knowledge shows dashed; stacking is drawn counter by
//! counter, the divisions' frontages as bars before L1, and TRPs only where the view has them.
//! A tap on a sector goes to the step that asks for one (`MapPick`).

use super::{map_pick, sector_key, Ro};
use crate::systems::rapier_offensive::grid::{Sector, AXES, LINES};
use crate::systems::rapier_offensive::optional::Terrain;
use crate::systems::rapier_offensive::state::{CounterPlace, Place, State};
use crate::systems::rapier_offensive::units::{ArmourKind, GunKind, InfantryArm, Mobility, Piece, UnitKind};
use crate::ui::reactive::effect;
use leptos::prelude::*;

// The sizes are chosen so the map fills a tablet's width in its height allowance: the
// sectors take the width (the reserve and exit boxes only hold counts), and a sector's six
// counters and six units each sit in one row of boxes wide enough for a two-letter code at
// full width (on a phone the map keeps a legible scale and scrolls sideways in its box).
const LEFT: i32 = 26;
const TOP: i32 = 16;
const RES_W: i32 = 52;
const GAP: i32 = 16;
const CELL_W: i32 = 156;
const CELL_H: i32 = 56;
const BOX: i32 = 24;
const BOX_H: i32 = 22;

/// A short code for a kind of unit, as the counter shows it: two letters at most, so that it
/// stands unsqueezed in its box and reads on a phone. `MAP_KEY` says what each means.
pub fn kind_code(k: UnitKind) -> &'static str {
    match k {
        UnitKind::Hq => "HQ",
        UnitKind::Infantry { arm: InfantryArm::Smg, .. } => "Sm",
        UnitKind::Infantry { arm: InfantryArm::Engineer, .. } => "En",
        UnitKind::Infantry { mobility: Mobility::Cavalry, .. } => "Cv",
        UnitKind::Infantry { mobility: Mobility::Motorised, .. } => "Mo",
        UnitKind::Infantry { .. } => "In",
        UnitKind::Gun { kind: GunKind::AntiTank, .. } => "AT",
        UnitKind::Gun { kind: GunKind::Mortar, .. } => "Mr",
        UnitKind::Gun { kind: GunKind::Artillery, .. } => "Ar",
        UnitKind::Gun { kind: GunKind::Rocket, .. } => "Rk",
        UnitKind::Armour(ArmourKind::Tanks) => "Tk",
        UnitKind::Armour(ArmourKind::Recce) => "Rc",
    }
}

/// The code of a defender's piece the reader knows.
pub fn piece_code(setup: &crate::systems::rapier_offensive::Setup, p: Piece) -> &'static str {
    match p {
        Piece::Unit(i) => setup.defender.units.get(i as usize).map_or("?", |u| kind_code(u.kind)),
        Piece::Fortification => "Fo",
        Piece::Minefield => "Mi",
        Piece::Dummy => "Du",
        Piece::Wire => "Wi",
        Piece::AtObstacle => "AO",
    }
}

/// What each code on the map stands for, in the order the key lists them.
pub const MAP_KEY: [(&str, &str); 18] = [
    ("?", "a face-down counter"),
    ("HQ", "headquarters"),
    ("In", "rifle infantry"),
    ("Sm", "SMG infantry"),
    ("En", "engineers"),
    ("Cv", "cavalry"),
    ("Mo", "motorised infantry"),
    ("AT", "anti-tank guns"),
    ("Mr", "mortars"),
    ("Ar", "artillery"),
    ("Rk", "rockets"),
    ("Tk", "tanks"),
    ("Rc", "recce"),
    ("Fo", "fortification"),
    ("Mi", "minefield"),
    ("Du", "dummy"),
    ("Wi", "wire"),
    ("AO", "anti-tank obstacle"),
];

/// The key's words for a code.
pub fn code_name(code: &str) -> &'static str {
    MAP_KEY.iter().find(|(c, _)| *c == code).map_or("", |(_, n)| *n)
}

fn x_of_line(line: u8) -> i32 {
    LEFT + 2 * RES_W + GAP + (line as i32 - 1) * CELL_W
}
fn y_of_axis(axis: u8) -> i32 {
    TOP + (axis as i32 - 1) * CELL_H
}
const WIDTH: i32 = LEFT + 2 * RES_W + GAP + 6 * CELL_W + RES_W + 4;
const HEIGHT: i32 = TOP + 4 * CELL_H + 4;

/// One sector's words for a screen reader, from the view.
fn sector_words(s: &State, x: Sector) -> String {
    let down = s.counters_in(x).filter(|c| c.piece.is_none() || !c.revealed).count();
    let up = s.counters_in(x).filter(|c| c.revealed).count();
    let ours = s.attackers_in(x);
    let mut parts = vec![x.to_string()];
    if down > 0 {
        parts.push(format!("{down} face-down counters"));
    }
    if up > 0 {
        parts.push(format!("{up} face-up counters"));
    }
    if ours > 0 {
        parts.push(format!("{ours} attacking units"));
    }
    if s.trps.contains(&Some(x)) {
        parts.push("a TRP".into());
    }
    parts.join(", ")
}

#[component]
pub fn BattleMap() -> impl IntoView {
    let ro = expect_context::<Ro>();
    let pick = map_pick();
    let state = ro.state;
    let tappable = move || pick.taps.with(|t| !t.is_empty());
    let cells = Sector::all()
        .map(|x| {
            let (cx, cy) = (x_of_line(x.line), y_of_axis(x.axis));
            let tap = move || {
                if let Some(cb) = pick.taps.with_untracked(|t| t.last().map(|x| x.1)) {
                    cb.run(x)
                }
            };
            let marked = move || pick.marked.with(|m| m.iter().position(|&s| s == x));
            // The ground, where the scenario draws one (the terrain options read it).
            let ground = ro.setup.with_untracked(|s| {
                s.terrain.iter().find(|g| g.sector == x).map(|g| {
                    let mut w = super::wizard::ground_name(g.ground).to_string();
                    if g.road && g.ground != Terrain::Road {
                        w.push_str(" + road");
                    }
                    if g.impassable {
                        w.push_str(" (impassable)");
                    }
                    w
                })
            });
            view! {
                <g class="map-cell" class:marked=move || marked().is_some()
                    data-testid=format!("map-{}", sector_key(x))

                    on:click=move |_| tap()
                    >
                    <rect class="cell" x=cx y=cy width=CELL_W - 2 height=CELL_H - 2 rx="3"/>
                    {ground.map(|g| view! { <text class="ground" x=cx + 4 y=cy + CELL_H - 6>{g}</text> })}
                    {move || marked().map(|k| view! {
                        <text class="mark-no" aria-hidden="true" x=cx + CELL_W - 14 y=cy + CELL_H - 8>{k + 1}</text>
                    })}
                    // What stands in the sector, one reactive part for the TRP, the counters and
                    // the units (a map has 24 sectors: each part is made 24 times).
                    {move || {
                        let (trp, counters, units) = state.with(|s| {
                            let counters: Vec<(Option<Piece>, bool)> = s.counters_in(x).map(|c| (c.piece, c.revealed)).collect();
                            let units: Vec<(u8, UnitKind)> = s.units.iter().filter(|u| u.place == Place::On(x))
                                .map(|u| (u.division.unwrap_or(u.origin.division), ro.setup.with_untracked(|st| s.unit(st, u.origin).kind))).collect();
                            (s.trps.contains(&Some(x)), counters, units)
                        });
                        let trp = trp.then(|| view! {
                            <g class="trp" data-testid="map-trp" aria-hidden="true">
                                <circle cx=cx + CELL_W - 12 cy=cy + 10 r="7"/>
                                <line x1=cx + CELL_W - 21 y1=cy + 10 x2=cx + CELL_W - 3 y2=cy + 10/>
                                <line x1=cx + CELL_W - 12 y1=cy + 1 x2=cx + CELL_W - 12 y2=cy + 19/>
                            </g>
                        });
                        let setup = ro.setup.get_untracked();
                        let counters = counters.into_iter().enumerate().map(|(k, (piece, up))| {
                            let bx = cx + 3 + k as i32 * (BOX + 1);
                            let code = piece.map_or("?", |p| piece_code(&setup, p));
                            let face = if up { "up" } else if piece.is_some() { "known" } else { "down" };
                            view! {
                                <g class=format!("counter face-{face}") data-testid="map-counter" data-face=face>
                                    <rect x=bx y=cy + 3 width=BOX height=BOX_H rx="2"/>
                                    <text x=bx + BOX / 2 y=cy + 19>{code}</text>
                                    <title>{code_name(code)}</title>
                                </g>
                            }
                        }).collect_view();
                        let units = units.into_iter().enumerate().map(|(k, (d, kind))| {
                            let bx = cx + 3 + k as i32 * (BOX + 1);
                            view! {
                                <g class=format!("unit div{}", d + 1) data-testid="map-unit">
                                    <rect x=bx y=cy + 29 width=BOX height=BOX_H rx="2"/>
                                    <text x=bx + BOX / 2 y=cy + 45>{kind_code(kind)}</text>
                                    <title>{code_name(kind_code(kind))}</title>
                                </g>
                            }
                        }).collect_view();
                        view! { {trp}{counters}{units} }
                    }}
                    // The tap target covers the sector and says what it holds: the drawing
                    // inside stays out of the accessible name.
                    <rect class="hit" x=cx y=cy width=CELL_W - 2 height=CELL_H - 2 role="button"
                        tabindex=move || if tappable() { "0" } else { "-1" }
                        aria-label=move || state.with(|s| sector_words(s, x))
                        on:keydown=move |ev| if ev.key() == "Enter" || ev.key() == " " { ev.prevent_default(); tap() }/>
                </g>
            }
        })
        .collect_view();
    // The reserves and the exit: counts only, as the view has them.
    let column = move |x: i32, title: &'static str, testid: &'static str, lines: Signal<Vec<String>>| {
        view! {
            <g class="map-box" data-testid=testid>
                <rect class="cell off" x=x y=TOP width=RES_W - 4 height=4 * CELL_H - 2 rx="3"/>
                <text class="box-title" x=x + (RES_W - 4) / 2 y=TOP + 16>{title}</text>
                {move || lines.get().into_iter().enumerate().map(|(k, l)| view! {
                    <text class="box-line" x=x + (RES_W - 4) / 2 y=TOP + 40 + k as i32 * 18>{l}</text>
                }).collect_view()}
            </g>
        }
    };
    let per_division = move |place: Place| {
        Signal::derive(move || {
            state.with(|s| {
                (0..3u8)
                    .filter_map(|d| {
                        let n = s.units.iter().filter(|u| u.place == place && u.division == Some(d)).count();
                        (n > 0).then(|| format!("D{}: {n}", d + 1))
                    })
                    .collect()
            })
        })
    };
    let r2 = Signal::derive(move || {
        state.with(|s| {
            let r2 = s.units.iter().filter(|u| u.place == Place::CorpsReserve).count();
            let off = s.units.iter().filter(|u| u.place == Place::OffTable).count();
            let mut v = Vec::new();
            if r2 > 0 {
                v.push(format!("{r2} units"));
            }
            if off > 0 {
                v.push(format!("{off} off"));
                v.push("table".into());
            }
            v
        })
    });
    let frontages = move || {
        state.with(|s| {
            (0..3u8)
                .filter_map(|d| s.frontage(d).map(|f| (d, f)))
                .map(|(d, f)| {
                    let x = LEFT + 2 * RES_W + 2 + d as i32 * 6;
                    let (y1, y2) = (y_of_axis(f.first) + 2, y_of_axis(f.last) + CELL_H - 4);
                    view! {
                        <rect class=format!("frontage div{}", d + 1) data-testid=format!("frontage-{}", d + 1) x=x y=y1 width="5" height=y2 - y1>
                            <title>{format!("Frontage of division {}: {f}", d + 1)}</title>
                        </rect>
                    }
                })
                .collect_view()
        })
    };
    let summary = move || {
        state.with(|s| {
            // Face down on the table: the umpire knows what they are, the players do not.
            let down = s
                .counters
                .iter()
                .filter(|c| c.place != CounterPlace::Gone && (c.piece.is_none() || !c.revealed))
                .count();
            let ours = s.units.iter().filter(|u| matches!(u.place, Place::On(_))).count();
            let mut line = format!("{down} face-down counters and {ours} attacking units on the table.");
            if s.fog {
                line.push_str(" Thick fog: fire only at sectors next to friends.");
            }
            if tappable() {
                line.push_str(" Tap a sector to pick it.");
            }
            line
        })
    };
    // On a phone the map scrolls sideways: bring the sector just picked (on the map or in a
    // form below it) into the middle of the box, without moving the page.
    let boxed = NodeRef::<leptos::html::Div>::new();
    effect(move || {
        let last = pick.marked.with(|m| m.last().copied());
        if let (Some(x), Some(el)) = (last, boxed.get_untracked()) {
            let scale = el.scroll_width() as f32 / WIDTH as f32;
            let centre = (x_of_line(x.line) + CELL_W / 2) as f32 * scale;
            el.set_scroll_left((centre - el.client_width() as f32 / 2.0).max(0.0) as i32);
        }
    });
    view! {
        // Whether a step listens for taps: one class on the map, not one on each sector.
        <div class="rapier-map" class:tappable=tappable data-testid="battle-map" node_ref=boxed>
            <svg viewBox=format!("0 0 {WIDTH} {HEIGHT}") role="group" aria-label="Battle map: axes A1 to A4 down, lines L1 to L6 across, the attack going right">
                {(1..=LINES).map(|l| view! { <text class="axis-label" x=x_of_line(l) + CELL_W / 2 y=TOP - 5>{format!("L{l}")}</text> }).collect_view()}
                {(1..=AXES).map(|a| view! { <text class="axis-label" x=LEFT / 2 y=y_of_axis(a) + CELL_H / 2 + 4>{format!("A{a}")}</text> }).collect_view()}
                {column(LEFT, "R2", "map-r2", r2)}
                {column(LEFT + RES_W, "R1", "map-r1", per_division(Place::DivisionReserve))}
                {column(x_of_line(LINES) + CELL_W, "Exit", "map-exit", per_division(Place::Exited))}
                {frontages}
                {cells}
            </svg>
            <p class="map-line" data-testid="map-line">{summary}</p>
        </div>
    }
}
