//! Share-link lengths of sample campaigns: figures, not assertions (tests/share_link.rs holds
//! the limits). `cargo run --example link_lengths`.
//!
//! "After the origin" counts what follows `https://example.org` in
//! `https://example.org/field-desk/#s=fd1.…`: the path `/field-desk/` (12 characters, where the
//! tests serve the app), `#s=` (3) and the link payload. "dice ≥" is the least any
//! coding can spend on the faces alone: log2 6 bits a d6, in bytes.
//!
//! The requirement: the sample played for 9 campaign turns with every moving-clock roll in
//! the app (objectives not named) gives at most 600 characters after the origin. Exact
//! figures of this coding (the range-coded link version 4, Race for X's tight grammar, code
//! 8) with the suites' seeded ChaCha8 generator, for the 11 seeds of 1 to 12 whose campaign
//! lasts nine whole turns: 371 to 502; the longest is seed 4 (787 dice), 502 characters (503
//! with link version 1's looser grammar, code 0). (The hand-written splitmix64 generator
//! used before drew other games: 398 to 573, seed 6 the longest, against 1,065 with the
//! deflate coding the range coder replaced.)

#[path = "../tests/support/aoa_legal.rs"]
mod aoa_legal;
#[path = "../tests/support/bfww2_play.rs"]
mod bfww2_play;
#[path = "../tests/support/grammar_walk.rs"]
mod grammar_walk;
#[path = "../tests/share_link/play.rs"]
mod play;
#[path = "../tests/support/rapier_games.rs"]
mod rapier_games;
// The suites' generator, as `play` includes it (the legal-play helpers find it as `super::rng`).
use play::rng;
#[path = "../tests/support/scouting_legal.rs"]
mod scouting_legal;

use field_desk::engine::Action;
use field_desk::share::link;
use field_desk::share::{Document, Meta};
use field_desk::systems::race_for_x::sample;
use field_desk::systems::race_for_x::{Phase, Setup};
use field_desk::systems::AnyCampaign;
use play::{Game, Habits, CLUB, TABLE_CLOCK, TYPED};

const PATH: &str = "/field-desk/";

/// The 9-turn case the requirement names: every clock roll in the app, objectives not named.
const APP_CLOCK: Habits = Habits { name_objectives: false, ..CLUB };

fn meta(name: &str) -> Meta {
    Meta {
        id: "3f9a0c21b47d8e65".into(),
        name: name.into(),
        created: 1_763_700_000_000.0,
        updated: 1_763_712_345_678.0,
    }
}

fn doc(c: &Game, name: &str) -> Document {
    Document::new(meta(name), &AnyCampaign::RaceForX(c.clone()))
}

fn after_origin(d: &Document) -> usize {
    PATH.len() + 1 + link::FRAGMENT_KEY.len() + link::encode(d).len()
}

/// Whole campaign turns played.
fn turns(c: &Game) -> u32 {
    let s = c.state();
    if s.phase() == Phase::Finished {
        s.turn
    } else {
        s.turn - 1
    }
}

fn dice_count(c: &Game) -> usize {
    c.journal().iter().map(|a| if let Action::Decide(e) = a { e.dice.len() } else { 0 }).sum()
}

fn row(label: &str, d: &Document) {
    let coded = link::payload(d);
    let fragment = link::encode(d);
    let AnyCampaign::RaceForX(c) = d.open().expect("replays") else { panic!("expected a Race for X campaign") };
    let dice: Vec<u16> = c
        .journal()
        .iter()
        .flat_map(|a| match a {
            Action::Decide(e) => e.dice.iter().map(|r| r.die.sides()).collect(),
            _ => vec![],
        })
        .collect();
    let bound = (dice.iter().map(|&s| (s as f64).log2()).sum::<f64>() / 8.0).ceil() as u64;
    println!(
        "{label:<44} {:>5} {:>5} {:>5} {:>7} {:>7} {:>9} {:>12}",
        turns(&c),
        c.journal().len(),
        dice.len(),
        bound,
        coded.len(),
        fragment.len(),
        after_origin(d)
    );
}

fn played(turns: u32, habits: Habits) -> Game {
    play::sample_after(turns, habits, 9)
}

fn main() {
    // FD_ONLY_COPIES=1: only the following seat copies (FD_COPY_STEPS, FD_COPY_SEEDS: how far).
    if std::env::var("FD_ONLY_COPIES").is_ok() {
        following_copies();
        return;
    }
    println!(
        "Share links, version {} (URL assumed: https://example.org{PATH}#s=fd{}.…)",
        link::LINK_VERSION,
        link::LINK_VERSION
    );
    println!(
        "{:<44} {:>5} {:>5} {:>5} {:>7} {:>7} {:>9} {:>12}",
        "campaign (seed 9)", "turns", "lines", "dice", "dice ≥", "coded", "payload", "after origin"
    );
    row("sample, fresh", &doc(&play::new_sample(), "Sample: Race for X"));
    for turns in [1, 3, 9] {
        row(&format!("sample, {turns} turn(s), app dice"), &doc(&played(turns, CLUB), "Sample: Race for X"));
    }
    row("sample, 9 turns, typed dice", &doc(&played(9, TYPED), "Sample: Race for X"));
    row("sample, 9 turns, clock kept at the table", &doc(&played(9, TABLE_CLOCK), "Sample: Race for X"));
    row(
        "  same, objectives named",
        &doc(&played(9, Habits { name_objectives: true, ..TABLE_CLOCK }), "Sample: Race for X"),
    );
    row(
        "  same, typed dice",
        &doc(&played(9, Habits { dice: play::Dice::Typed, ..TABLE_CLOCK }), "Sample: Race for X"),
    );
    row("sample, 9 turns, app clock, no names", &doc(&played(9, APP_CLOCK), "Sample: Race for X"));
    row("  same, seed 4", &doc(&play::sample_after(9, APP_CLOCK, 4), "Sample: Race for X"));
    let nine = played(9, CLUB);
    let mut with_undo = nine.clone();
    with_undo.undo_to(nine.steps() - 5);
    row("sample, 9 turns, then 5 undos", &doc(&with_undo, "Sample: Race for X"));
    row("sample, 15 turns, app dice", &doc(&played(15, CLUB), "Sample: Race for X"));

    // Without the reference to the built-in sample: the same 9 turns with the setup sent in full.
    let renamed = |c: &Game| {
        let mut setup: Setup = c.setup().clone();
        setup.players[0].orbat.units[0].name = "Battalion HQ (renamed)".into();
        setup.players[1].orbat.units[0].name = "Battalion HQ (renamed)".into();
        setup.defence[0].lines[0].push(' ');
        Game::replay(setup, c.journal().to_vec()).expect("same play")
    };
    row("fresh, setup in full (no sample reference)", &doc(&renamed(&play::new_sample()), "Sample: Race for X"));
    row("9 turns, setup in full (no sample reference)", &doc(&renamed(&nine), "Sample: Race for X"));
    // The setup form's default: the sample battalions and orbats with new player names.
    let mut named = sample::sample_setup();
    named.players[0].name = "Player A".into();
    named.players[1].name = "Player B".into();
    let fresh_named = Game::new(named).unwrap();
    row("fresh, setup form default (renamed players)", &doc(&fresh_named, "New campaign"));

    // The requirement, on every seed of 1 to 12 (tests/share_link.rs asserts the limit on
    // those whose campaign lasts nine whole turns).
    println!();
    println!("Requirement: the sample, 9 turns, every clock roll in the app: characters after the origin (limit 600)");
    println!("{:>6} {:>6} {:>6} {:>10}   objectives named: chars (turns, dice)", "seed", "turns", "dice", "chars");
    let mut worst = (0, 0);
    for seed in 1..=12 {
        let plain = play::sample_after(9, APP_CLOCK, seed);
        let named = play::sample_after(9, CLUB, seed);
        let n = after_origin(&doc(&plain, "Sample: Race for X"));
        let note = if turns(&plain) == 9 { "" } else { " (over early: not counted)" };
        if turns(&plain) == 9 && n > worst.1 {
            worst = (seed, n);
        }
        println!(
            "{seed:>6} {:>6} {:>6} {n:>10}   {} ({}, {}){note}",
            turns(&plain),
            dice_count(&plain),
            after_origin(&doc(&named, "Sample: Race for X")),
            turns(&named),
            dice_count(&named)
        );
    }
    println!("Longest nine-turn link, objectives not named: seed {}, {} characters after the origin", worst.0, worst.1);

    other_systems();
}

/// Lines and dice of any journal.
fn lines_and_dice<D>(journal: &[Action<D>]) -> (usize, usize) {
    let dice = journal.iter().map(|a| if let Action::Decide(e) = a { e.dice.len() } else { 0 }).sum();
    (journal.len(), dice)
}

/// The other systems' samples played with the suites' legal random play (tests/support/),
/// half the dice typed and half the app's. Targets: Axis of Attack 3 turns at most 400
/// characters after the origin; night scouting to the end of the night at most 400.
fn other_systems() {
    println!();
    println!("Axis of Attack: the sample played 3 turns (limit 400 characters after the origin)");
    println!("{:>6} {:>6} {:>6} {:>6} {:>7} {:>12}", "seed", "turns", "lines", "dice", "coded", "after origin");
    let mut worst = (0, 0);
    for seed in 1..=8 {
        let c = aoa_legal::sample_after(3, seed);
        let d = Document::new(meta("Sample: Axis of Attack"), &AnyCampaign::AxisOfAttack(c.clone()));
        let (lines, dice) = lines_and_dice(c.journal());
        let n = after_origin(&d);
        if n > worst.1 {
            worst = (seed, n);
        }
        let turns = c.state().turn - u32::from(c.state().outcome().is_none());
        println!("{seed:>6} {turns:>6} {lines:>6} {dice:>6} {:>7} {n:>12}", link::payload(&d).len());
    }
    println!("Longest: seed {}, {} characters after the origin", worst.0, worst.1);

    println!();
    println!("Night scouting: the sample played to the end of the night (limit 400 characters after the origin)");
    println!("{:>6} {:>6} {:>6} {:>7} {:>12}", "seed", "lines", "dice", "coded", "after origin");
    let mut worst = (0, 0);
    for seed in 1..=8 {
        let c = scouting_legal::night(field_desk::systems::crossfire_scouting::sample::sample_setup(), seed);
        let d = Document::new(meta("Sample: Night scouting"), &AnyCampaign::CrossfireScouting(c.clone()));
        let (lines, dice) = lines_and_dice(c.journal());
        let n = after_origin(&d);
        if n > worst.1 {
            worst = (seed, n);
        }
        println!("{seed:>6} {lines:>6} {dice:>6} {:>7} {n:>12}", link::payload(&d).len());
    }
    println!("Longest: seed {}, {} characters after the origin", worst.0, worst.1);

    rapier();
    bfww2();
    seat_links();
    following_copies();
    replies();
}

/// Rapier Offensive (link version 4, through its grammar): the sample fresh, and the random
/// suite's games on the sample (`tests/support/rapier_games.rs`) cut at the start of a turn,
/// against the JSON text of their body (what a version 1 link coded).
fn rapier() {
    use field_desk::systems::rapier_offensive::sample::sample_setup;
    use field_desk::systems::rapier_offensive::Phase;
    println!();
    println!("Rapier Offensive: the sample, fresh and played (random suite's games on the sample)");
    println!(
        "{:<34} {:>6} {:>6} {:>7} {:>12} {:>10}",
        "campaign", "lines", "dice", "coded", "after origin", "body JSON"
    );
    let row = |label: &str, c: rapier_games::C| {
        let (lines, dice) = lines_and_dice(c.journal());
        let d = Document::new(meta("Sample: Operation Uranus"), &AnyCampaign::RapierOffensive(c));
        let json = serde_json::to_string(&d.body).expect("bodies serialise").len();
        println!("{label:<34} {lines:>6} {dice:>6} {:>7} {:>12} {json:>10}", link::payload(&d).len(), after_origin(&d));
    };
    row("sample, fresh", rapier_games::C::new(sample_setup()).expect("the sample starts"));
    // Seeds whose game is on the sample (one in three plays every optional rule).
    for seed in [2, 3, 5, 6] {
        let (setup, whole) = rapier_games::play(seed);
        for turns in [0, 1, 3, 6] {
            // The journal up to the start of turn `turns + 1` (0: the pre-battle steps).
            let mut k = whole.journal().len();
            for n in 0..whole.journal().len() {
                let c = rapier_games::C::replay(setup.clone(), whole.journal()[..n].to_vec()).expect("replays");
                if c.state().phase == Phase::RandomEvent && c.state().turn as usize == turns + 1 {
                    k = n;
                    break;
                }
            }
            let c = rapier_games::C::replay(setup.clone(), whole.journal()[..k].to_vec()).expect("replays");
            let label = match turns {
                0 => format!("seed {seed}, before the battle"),
                6 => format!("seed {seed}, whole game"),
                t => format!("seed {seed}, {t} turn(s)"),
            };
            row(&label, c);
        }
    }
}

/// The Battlefront: WW2 campaign (link version 4, through its grammar): the Advance to Rostov
/// sample fresh, through one scenario cycle (typed dice, as `tests/support/bfww2_play.rs`
/// plays it), and played to the end by the random suite's generator with the app's dice.
fn bfww2() {
    use field_desk::engine::Campaign;
    use field_desk::systems::bfww2_campaign::sample::sample_setup;
    use field_desk::systems::bfww2_campaign::{Bfww2Campaign, Phase};
    println!();
    println!("Battlefront: WW2 campaign: the Advance to Rostov sample (umpire's whole-campaign link, fd4.)");
    println!("{:<44} {:>6} {:>6} {:>7} {:>12}", "campaign", "lines", "dice", "coded", "after origin");
    let line = |label: &str, c: &Campaign<Bfww2Campaign>| {
        let d = Document::new(meta("Sample: Advance to Rostov"), &AnyCampaign::Bfww2Campaign(c.clone()));
        let (lines, dice) = lines_and_dice(c.journal());
        println!("{label:<44} {lines:>6} {dice:>6} {:>7} {:>12}", link::payload(&d).len(), after_origin(&d));
    };
    line("fresh", &Campaign::new(sample_setup()).unwrap());
    let mut cycle = bfww2_play::through_the_first_battle();
    bfww2_play::into_the_second_refit(&mut cycle);
    line("one scenario cycle, typed dice", &cycle);
    for seed in 1..=4 {
        let mut r = rng::Rng::new(seed);
        let setup = sample_setup();
        let mut c = Campaign::<Bfww2Campaign>::new(setup.clone()).unwrap();
        while c.state().phase != Phase::Over {
            // Drawn from the grammar, as the random suite plays.
            grammar_walk::legal_step(&mut c, &mut r, &[], 2_000, &mut grammar_walk::Tally::default());
        }
        line(&format!("whole campaign, random play, seed {seed}"), &c);
    }
}

/// Seat links (`fd3.`: one seat's view, JSON deflated): characters after the origin for each
/// reader, and whether a QR code (version 40, low error correction: 2,953 bytes) holds them.
fn seat_links() {
    use field_desk::engine::{Reader, Seat};
    use field_desk::share::seat::SeatCopy;
    println!();
    println!("Seat links: one reader's view (characters after the origin; QR holds at most 2,953)");
    println!("{:<44} {:>8} {:>8} {:>8}", "campaign", "table", "seat 1", "seat 2");
    let chars = |any: &AnyCampaign, reader: Reader| {
        let copy = SeatCopy::new(meta("Sample"), 1.7e12, any.seat_view(reader));
        PATH.len() + link::FRAGMENT_KEY.len() + link::encode_seat(&copy).len()
    };
    let line = |label: &str, any: AnyCampaign| {
        let n: Vec<usize> = [None, Some(Seat(0)), Some(Seat(1))].into_iter().map(|r| chars(&any, r)).collect();
        println!("{label:<44} {:>8} {:>8} {:>8}", n[0], n[1], n[2]);
    };
    line("Race for X sample, fresh", AnyCampaign::RaceForX(play::new_sample()));
    line("Race for X sample, 9 turns", AnyCampaign::RaceForX(played(9, CLUB)));
    line("Axis of Attack sample, 3 turns (seed 1)", AnyCampaign::AxisOfAttack(aoa_legal::sample_after(3, 1)));
    line(
        "Night scouting sample, whole night (seed 1)",
        AnyCampaign::CrossfireScouting(scouting_legal::night(
            field_desk::systems::crossfire_scouting::sample::sample_setup(),
            1,
        )),
    );
}

/// Replies (`fd5.`: one seat's steps, made on its copy, for the keeper): characters after the
/// origin for every decision a seat takes in random legal play of each system's sample (8
/// seeds, up to 150 steps each). The goal: at most 200 for a typical single decision.
fn replies() {
    use field_desk::engine::{Campaign, DiceInput, Roll, Roller};
    use field_desk::share::reply::reply_to;
    use field_desk::systems::{Listed, SystemId, Visit};
    struct Lengths;
    impl Visit for Lengths {
        type Out = Vec<usize>;
        fn visit<S: Listed>(self) -> Vec<usize> {
            let mut out = Vec::new();
            for seed in 1..=8u64 {
                let mut rng = rng::Rng::new(seed);
                let mut c = Campaign::<S>::new(S::sample()).expect("the sample starts");
                for _ in 0..150 {
                    if S::over(c.setup(), c.state()) {
                        break;
                    }
                    let Some(d) = grammar_walk::draw(&c, &mut rng, 200) else { break };
                    let dice: Vec<Roll> = c.dice_for(&d).map_or(Vec::new(), |spec| {
                        (0..spec.count)
                            .map(|_| Roll {
                                die: spec.die,
                                value: rng.below(spec.die.sides() as usize) as u16 + 1,
                                by: Roller::App,
                            })
                            .collect()
                    });
                    let values: Vec<u16> = dice.iter().map(|r| r.value).collect();
                    if c.check(&d, &values).is_err() {
                        continue;
                    }
                    if let Some(seat) = S::actor(c.setup(), c.state(), &d) {
                        let copy = c.seat_view(Some(seat));
                        if let Ok(r) = reply_to::<S>("0123456789abcdef", &copy, &[(d.clone(), dice)]) {
                            out.push(PATH.len() + link::FRAGMENT_KEY.len() + r.len());
                        }
                    }
                    c.decide(d, DiceInput::Typed(values)).expect("checked");
                }
            }
            out
        }
    }
    println!();
    println!("Replies: one seat's decision, characters after the origin (goal: at most 200 for a typical one)");
    println!("{:<34} {:>8} {:>8} {:>8} {:>8}", "system (8 seeds)", "replies", "median", "longest", "over 200");
    for id in SystemId::ALL {
        let mut n = id.visit(Lengths);
        n.sort_unstable();
        let median = n.get(n.len() / 2).copied().unwrap_or(0);
        let over = n.iter().filter(|&&x| x > 200).count();
        println!("{:<34} {:>8} {:>8} {:>8} {:>8}", id.name(), n.len(), median, n.last().copied().unwrap_or(0), over);
    }
}

/// How the walk weights a system's choices: Race for X as the table plays it (one action in
/// six a regroup: drawn evenly, the race is a random walk that ran past 10,000 steps in one
/// seed); the others evenly.
fn table_flags(id: field_desk::systems::SystemId) -> &'static [(u16, usize)] {
    match id {
        field_desk::systems::SystemId::RaceForX => grammar_walk::RACE_FOR_X_AT_THE_TABLE,
        _ => &[],
    }
}

/// Seat copies as sent after every change of a seat's view (`fd6.`: what changed since the copy
/// its device holds; the first, since the sample's fresh view), for every seat of every
/// system's sample in the suites' random legal play (8 seeds, weighted by `table_flags`),
/// played to its end (or `FD_COPY_STEPS` steps). Printed: the games that ended, the longest's
/// steps, the copies measured and the longest, and the longest copy sent only when a seat
/// comes to act (following the one it held when it last acted).
fn following_copies() {
    let steps_max: usize = std::env::var("FD_COPY_STEPS").ok().and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
    let seeds: u64 = std::env::var("FD_COPY_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(8);
    use field_desk::engine::{Campaign, Reader};
    use field_desk::share::follow::Follow;
    use field_desk::share::seat::SeatCopy;
    use field_desk::systems::{Listed, SystemId, Visit};
    struct Worst(usize, u64);
    impl Visit for Worst {
        /// Copies measured, and the longest: characters after the origin, seat, seed and step;
        /// then the longest of the copies sent only when a seat comes to act (following the
        /// one it held when it last acted), with where.
        /// Last, the games played to their end, and the longest game's steps.
        type Out = (usize, usize, Reader, u64, usize, usize, Reader, u64, usize, u64, usize);
        fn visit<S: Listed>(self) -> Self::Out {
            // The seeds shared between two threads (the machines that run this have two cores),
            // each seed played start to end on one of them; their worsts merged after.
            let Worst(steps_max, seeds) = self;
            let halves: Vec<Self::Out> = std::thread::scope(|s| {
                let jobs: Vec<_> = (0..2u64)
                    .map(|half| s.spawn(move || Self::seeds::<S>(steps_max, (1..=seeds).filter(|k| k % 2 == half))))
                    .collect();
                jobs.into_iter().map(|j| j.join().expect("a seed's play panicked")).collect()
            });
            let mut worst = (0, 0, None, 0, 0, 0, None, 0, 0, 0, 0);
            for h in halves {
                worst.0 += h.0;
                if (h.1, std::cmp::Reverse(h.3)) > (worst.1, std::cmp::Reverse(worst.3)) {
                    (worst.1, worst.2, worst.3, worst.4) = (h.1, h.2, h.3, h.4);
                }
                if (h.5, std::cmp::Reverse(h.7)) > (worst.5, std::cmp::Reverse(worst.7)) {
                    (worst.5, worst.6, worst.7, worst.8) = (h.5, h.6, h.7, h.8);
                }
                worst.9 += h.9;
                worst.10 = worst.10.max(h.10);
            }
            worst
        }
    }
    impl Worst {
        /// Copies measured and the worsts (as `Visit::Out`) over `seeds`, in the order given.
        fn seeds<S: Listed>(steps_max: usize, seeds: impl Iterator<Item = u64>) -> <Self as Visit>::Out {
            let mut worst = (0, 0, None, 0, 0, 0, None, 0, 0, 0, 0);
            for seed in seeds {
                let mut rng = rng::Rng::new(seed);
                let mut c = Campaign::<S>::new(S::sample()).expect("the sample starts");
                let readers: Vec<Reader> = c.seats().into_iter().map(Some).chain([None]).collect();
                let copy = |c: &Campaign<S>, r: Reader, k: usize| {
                    SeatCopy::new(meta("Sample"), 1.7e12 + k as f64, S::view_body(c.seat_view(r)))
                };
                let chars = |now: &SeatCopy, held: Option<&SeatCopy>| {
                    let f = Follow::make(now, held);
                    PATH.len() + link::FRAGMENT_KEY.len() + link::encode_follow(&f, held).len()
                };
                let mut held: Vec<Option<SeatCopy>> = vec![None; readers.len()];
                // Sent only when the seat comes to act.
                let mut acting: Vec<(bool, Option<SeatCopy>)> = vec![(false, None); readers.len()];
                let mut tally = grammar_walk::Tally::default();
                let weights = grammar_walk::Weights { flags: table_flags(S::ID), numbers: &[] };
                for k in 0..steps_max {
                    worst.10 = worst.10.max(k);
                    let to_act = c.to_act();
                    for (i, &r) in readers.iter().enumerate() {
                        let acts = r.is_some_and(|s| to_act.contains(&s));
                        let comes = acts && !acting[i].0;
                        acting[i].0 = acts;
                        let now = copy(&c, r, k);
                        if comes {
                            let n = chars(&now, acting[i].1.as_ref());
                            if n > worst.5 {
                                (worst.5, worst.6, worst.7, worst.8) = (n, r, seed, k);
                            }
                            acting[i].1 = Some(now.clone());
                        }
                        if held[i].as_ref().is_some_and(|h| h.view == now.view) {
                            continue;
                        }
                        let n = chars(&now, held[i].as_ref());
                        worst.0 += 1;
                        if n > worst.1 {
                            (worst.1, worst.2, worst.3, worst.4) = (n, r, seed, k);
                        }
                        held[i] = Some(now);
                    }
                    if S::over(c.setup(), c.state()) {
                        worst.9 += 1;
                        break;
                    }
                    // Taken as the app's keeper takes it: a player's secret choice sealed.
                    let taken =
                        grammar_walk::step_taken_by(&mut c, &mut rng, weights, 2_000, &mut tally, |c, d, rng| {
                            if c.seals(&d) {
                                let salt = field_desk::engine::fair::Secret::fresh(rng);
                                c.decide_sealed(d, field_desk::engine::DiceInput::App(rng), salt).is_ok()
                            } else {
                                c.decide(d, field_desk::engine::DiceInput::App(rng)).is_ok()
                            }
                        });
                    if !taken {
                        break;
                    }
                }
            }
            worst
        }
    }
    println!();
    println!("Seat copies sent after each change of the seat's view (fd6.: what changed since the copy it holds), samples played {}, 8 seeds (limit 1,000); and sent only when a seat comes to act", if steps_max == usize::MAX { "to their end".to_string() } else { format!("{steps_max} steps or to their end") });
    println!(
        "{:<38} {:>6} {:>6} {:>8} {:>8} {:<32} {:>8}   where",
        "system", "ended", "steps", "copies", "longest", "where", "to act"
    );
    let mut all = (0, String::new());
    let place = |r: Reader, seed: u64, step: usize| {
        let who = r.map_or("the table".to_string(), |s| format!("seat {}", s.0 + 1));
        format!("{who}, seed {seed}, step {step}")
    };
    for id in SystemId::ALL {
        let (n, longest, reader, seed, step, acts, ar, aseed, astep, ended, steps) = id.visit(Worst(steps_max, seeds));
        let at = place(reader, seed, step);
        let ended = format!("{ended}/{seeds}");
        println!(
            "{:<38} {ended:>6} {steps:>6} {:>8} {:>8} {at:<32} {:>8}   {}",
            id.name(),
            n,
            longest,
            acts,
            place(ar, aseed, astep)
        );
        if longest > all.0 {
            all = (longest, format!("{}, {at}", id.name()));
        }
    }
    println!("Longest seat copy: {} characters after the origin ({})", all.0, all.1);
}
