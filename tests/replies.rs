//! Replies (`share::reply`), for every system of the list: from random legal play, every
//! decision a seat may take now, made on that seat's copy, travels as a reply link and reaches
//! the same position on the keeper as if it had been taken there; taken twice, it is taken
//! once; from another seat, another campaign, or an older copy, it is refused and nothing
//! changes.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/payload_fuzz.rs"]
mod payload_fuzz;
#[path = "support/reply_link.rs"]
mod reply_link;
#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::{Campaign, DiceInput, Roll, Roller, Seat, System};
use field_desk::share::link::{self, ReplyLink};
use field_desk::share::reply::{reply_to, take, Refusal};
use field_desk::systems::{Listed, SystemId, Visit};
use reply_link::reply_link;
use rng::Rng;

const ID: &str = "0123456789abcdef";

/// The dice `d` takes now, rolled by the seat's device.
fn roll<S: System>(c: &Campaign<S>, d: &S::Decision, rng: &mut Rng) -> Vec<Roll> {
    c.dice_for(d).map_or(Vec::new(), |spec| {
        (0..spec.count)
            .map(|_| Roll { die: spec.die, value: rng.below(spec.die.sides() as usize) as u16 + 1, by: Roller::App })
            .collect()
    })
}

#[derive(Default, Debug)]
struct Figures {
    taken: usize,
    refused_other_seat: usize,
    stale: usize,
    longest: usize,
    lengths: Vec<usize>,
}

struct Travel;

impl Visit for Travel {
    type Out = Figures;
    fn visit<S: Listed>(self) -> Figures {
        let mut f = Figures::default();
        for seed in 0..4u64 {
            let mut rng = Rng::new(0x7e91 + seed);
            let mut c = Campaign::<S>::new(S::sample()).expect("the sample starts");
            // A copy kept from a few steps back: its replies must be refused as stale once the
            // seat's view has changed.
            let mut old: Option<(Seat, field_desk::engine::SeatView<S>)> = None;
            for _step in 0..120 {
                if S::over(c.setup(), c.state()) {
                    break;
                }
                let Some(d) = grammar_walk::draw(&c, &mut rng, 200) else { break };
                let dice = roll(&c, &d, &mut rng);
                let values: Vec<u16> = dice.iter().map(|r| r.value).collect();
                if c.check(&d, &values).is_err() {
                    continue;
                }
                let seat = S::actor(c.setup(), c.state(), &d).or_else(|| c.to_act().first().copied());
                let Some(seat) = seat else {
                    c.decide(d, DiceInput::Typed(values)).expect("checked");
                    continue;
                };
                let copy = c.seat_view(Some(seat));
                let text = match reply_to::<S>(ID, &copy, &[(d.clone(), dice.clone())]) {
                    Ok(t) => t,
                    Err(e) => {
                        let view_dice = S::dice(&copy.setup, &copy.state, &d);
                        panic!("{}: {d:?} with {dice:?} (the view asks {view_dice:?}): {e}", S::INFO.name)
                    }
                };
                let chars = text.len();
                f.longest = f.longest.max(chars);
                f.lengths.push(chars);
                let r = reply_link(&text);
                // The old copy's reply, if its seat's view has moved on since.
                if let Some((s, v)) = &old {
                    if *s != seat || v.steps != copy.steps {
                        let t = reply_to::<S>(ID, v, &[(d.clone(), dice.clone())]);
                        let mut k = c.clone();
                        if let Some(Err(Refusal::Stale { .. })) = t.ok().map(|t| take(&mut k, ID, &reply_link(&t))) {
                            f.stale += 1;
                            assert_eq!(k.journal().len(), c.journal().len(), "a refusal changes nothing");
                        }
                    }
                }
                // Another campaign's keeper refuses it.
                let mut other = c.clone();
                assert_eq!(take(&mut other, "fedcba9876543210", &r), Err(Refusal::OtherCampaign));
                // Another seat's copy sending the same decision is refused when the decision
                // is this seat's.
                for s in c.seats().into_iter().filter(|&s| s != seat) {
                    if S::actor(c.setup(), c.state(), &d) != Some(seat) {
                        break;
                    }
                    let v = c.seat_view(Some(s));
                    if let Ok(t) = reply_to::<S>(ID, &v, &[(d.clone(), dice.clone())]) {
                        let mut k = c.clone();
                        let got = take(&mut k, ID, &reply_link(&t));
                        assert!(got.is_err(), "{}: seat {s:?} took seat {seat:?}'s decision {d:?}", S::INFO.name);
                        assert_eq!(k.journal().len(), c.journal().len(), "a refusal changes nothing");
                        f.refused_other_seat += 1;
                    }
                }
                // The keeper takes it: the same position as deciding here.
                let mut direct = c.clone();
                direct.decide(d.clone(), DiceInput::Typed(values.clone())).expect("checked");
                let taken = take(&mut c, ID, &r);
                assert!(taken.is_ok(), "{}: {d:?} refused: {:?}", S::INFO.name, taken);
                assert_eq!(c.state(), direct.state(), "{}: {d:?} reached another position", S::INFO.name);
                // The seat's next copy shows its reply taken; no other reader's names it.
                assert!(c.seat_view(Some(seat)).history.iter().any(|l| l.reply == Some(r.id)), "{}", S::INFO.name);
                for other in c.seats().into_iter().filter(|&s| s != seat).map(Some).chain([None]) {
                    assert!(c.seat_view(other).history.iter().all(|l| l.reply != Some(r.id)), "{}", S::INFO.name);
                }
                f.taken += 1;
                // Taken twice, it is taken once.
                let len = c.journal().len();
                assert!(matches!(take(&mut c, ID, &r), Err(Refusal::AlreadyTaken { .. })));
                assert_eq!(c.journal().len(), len);
                if rng.below(4) == 0 {
                    old = Some((seat, copy));
                }
            }
        }
        f
    }
}

#[test]
fn every_seat_s_decision_travels_as_a_reply_and_reaches_the_same_position() {
    for id in SystemId::ALL {
        let mut f = id.visit(Travel);
        f.lengths.sort_unstable();
        let median = f.lengths.get(f.lengths.len() / 2).copied().unwrap_or(0);
        println!(
            "{id:?}: {} replies taken, {} refused from another seat, {} stale refused; length median {median}, longest {}",
            f.taken, f.refused_other_seat, f.stale, f.longest
        );
        assert!(f.taken > 0, "{id:?}: no reply taken");
        // A typical single decision: at most 200 characters after the origin (`#s=` and this).
        assert!(median + 3 <= 200, "{id:?}: a typical reply is {median} characters");
    }
}

/// A seat's run of steps (as many as it takes in a row from its copy, played on its device's
/// view) travels as one reply and reaches the keeper's position; a run from a copy made before
/// is refused whole.
struct Runs;

impl Visit for Runs {
    type Out = (usize, usize);
    fn visit<S: Listed>(self) -> (usize, usize) {
        let (mut runs, mut longest) = (0, 0);
        for seed in 0..3u64 {
            let mut rng = Rng::new(0x4a11 + seed);
            let mut c = Campaign::<S>::new(S::sample()).expect("the sample starts");
            for _ in 0..60 {
                if S::over(c.setup(), c.state()) {
                    break;
                }
                let Some(d) = grammar_walk::draw(&c, &mut rng, 200) else { break };
                let Some(seat) = S::actor(c.setup(), c.state(), &d) else {
                    let _ = c.decide(d, DiceInput::App(&mut rng));
                    continue;
                };
                // The seat's device: its copy, and the steps it takes in a row on it.
                let copy = c.seat_view(Some(seat));
                let mut device = Campaign::<S>::at(copy.setup.clone(), copy.state.clone());
                let mut keeper = c.clone();
                let mut steps = Vec::new();
                let mut d = Some(d);
                while let Some(next) = d.take() {
                    let dice = roll(&keeper, &next, &mut rng);
                    let values: Vec<u16> = dice.iter().map(|r| r.value).collect();
                    // A step the seat's view cannot play waits for a new copy.
                    if keeper.check(&next, &values).is_err()
                        || device.decide(next.clone(), DiceInput::Typed(values.clone())).is_err()
                    {
                        break;
                    }
                    keeper.decide(next.clone(), DiceInput::Typed(values)).expect("checked");
                    steps.push((next, dice));
                    if steps.len() < 6 && !S::over(keeper.setup(), keeper.state()) {
                        d = grammar_walk::draw(&keeper, &mut rng, 200)
                            .filter(|n| S::actor(keeper.setup(), keeper.state(), n) == Some(seat));
                    }
                }
                if steps.is_empty() {
                    continue;
                }
                let text = reply_to::<S>(ID, &copy, &steps).expect("a run is made into a reply");
                longest = longest.max(text.len());
                let r = reply_link(&text);
                take(&mut c, ID, &r)
                    .unwrap_or_else(|e| panic!("{}: run of {} refused: {e}", S::INFO.name, steps.len()));
                assert_eq!(c.state(), keeper.state(), "{}: a run reached another position", S::INFO.name);
                runs += 1;
            }
        }
        (runs, longest)
    }
}

#[test]
fn a_seat_s_run_of_steps_travels_as_one_reply() {
    for id in SystemId::ALL {
        let (runs, longest) = id.visit(Runs);
        println!("{id:?}: {runs} runs taken, longest reply {longest} characters");
        assert!(runs > 0, "{id:?}: no run taken");
    }
}

/// Replies from outside are hostile: a million damaged ones (cut, a bit changed, random
/// bytes after a prefix, all past the checksum) read without a panic, and none is taken
/// unless it still reads as a reply the seat may send.
struct Hostile(usize);

impl Visit for Hostile {
    type Out = usize;
    fn visit<S: Listed>(self) -> usize {
        let mut rng = Rng::new(0xbad5eed);
        let mut c = Campaign::<S>::new(S::sample()).expect("the sample starts");
        let mut payloads = Vec::new();
        while payloads.len() < 8 && !S::over(c.setup(), c.state()) {
            let Some(d) = grammar_walk::draw(&c, &mut rng, 200) else { break };
            let dice = roll(&c, &d, &mut rng);
            let values: Vec<u16> = dice.iter().map(|r| r.value).collect();
            if c.check(&d, &values).is_err() {
                continue;
            }
            if let Some(seat) = S::actor(c.setup(), c.state(), &d) {
                let copy = c.seat_view(Some(seat));
                let text = reply_to::<S>(ID, &copy, &[(d.clone(), dice)]).expect("made");
                let (_, bytes) = link::unseal_versioned(&text).expect("unseals");
                payloads.push((seat, c.clone(), bytes));
            }
            c.decide(d, DiceInput::Typed(values)).expect("checked");
        }
        let tried = std::cell::Cell::new(0usize);
        let each = self.0 / payloads.len().max(1) + 1;
        for (k, (seat, keeper, bytes)) in payloads.iter().enumerate() {
            let setup = S::view_setup(keeper.setup(), Some(*seat));
            let state = keeper.view(Some(*seat));
            let one = |b: &[u8], rng: &mut Rng| {
                tried.set(tried.get() + 1);
                if let Ok(r) = ReplyLink::read(b.to_vec()) {
                    let _ = r.steps::<S>(&setup, &state);
                    if rng.below(1024) == 0 {
                        let mut k = keeper.clone();
                        if take(&mut k, ID, &r).is_err() {
                            assert_eq!(k.journal().len(), keeper.journal().len(), "a refusal changes nothing");
                        }
                    }
                }
            };
            for cut in 0..bytes.len() {
                one(&bytes[..cut], &mut rng);
            }
            while tried.get() < each * (k + 1) {
                let b = payload_fuzz::damaged(bytes, &mut rng);
                one(&b, &mut rng);
            }
        }
        tried.get()
    }
}

#[test]
fn a_million_damaged_replies_read_without_a_panic_and_change_nothing_when_refused() {
    let per = 1_000_000 / SystemId::ALL.len() + 1;
    let total: usize = SystemId::ALL.into_iter().map(|id| id.visit(Hostile(per))).sum();
    println!("{total} damaged replies read");
    assert!(total >= 1_000_000);
}
