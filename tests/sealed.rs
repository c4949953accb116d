//! Sealed choices (issue 31), for every system of the list: from random legal play, every
//! choice made while the position waits on two seats or more is played sealed (each seat's
//! seal taken first, as a reply or, for the keeper's own seat, by deciding with a salt; then
//! the reveals, as replies) and reaches the same position as the same decisions and dice
//! taken directly. At every sealed choice, a changed reveal, a reveal before every seal is in,
//! a reveal with no seal, a second seal and the same seal taken twice are each refused with
//! their own refusal, and nothing changes. Every reader's copy carries the seals, and the
//! decision and salt only once that reader may read the decision.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/reply_link.rs"]
mod reply_link;
#[path = "support/rng.rs"]
mod rng;

use field_desk::engine::campaign::coded;
use field_desk::engine::fair::{Seal, Secret};
use field_desk::engine::{Action, Campaign, DiceInput, HistoryKind, Roll, Seat, System};
use field_desk::share::link::{self, ReplyLink};
use field_desk::share::reply::{part_to, reply_to, reveal_to, seal_to, take, Refusal};
use field_desk::share::seals::{sending, Sending};
use field_desk::share::{Document, Meta};
use field_desk::systems::{Listed, SystemId, Visit};
use reply_link::reply_link;
use rng::Rng;

const ID: &str = "0123456789abcdef";

fn salt(rng: &mut Rng) -> Secret {
    let mut b = [0u8; 16];
    for x in &mut b {
        *x = rng.below(256) as u8;
    }
    Secret(b)
}

/// Takes `reply` and expects `want`, with nothing changed.
fn refused<S: Listed>(k: &mut Campaign<S>, reply: &ReplyLink, want: impl Fn(&Refusal) -> bool, what: &str) {
    let (journal, state) = (k.journal().len(), k.state().clone());
    match take(k, ID, reply) {
        Err(r) if want(&r) => {}
        other => panic!("{}: {what}: {other:?}", S::ID.slug()),
    }
    assert_eq!((k.journal().len(), k.state()), (journal, &state), "{what}: nothing changes");
}

#[derive(Default, Debug)]
struct Figures {
    rounds: usize,
    keeper_sealed: usize,
    refusals: usize,
    /// Steps the other side's device found it must send as a seal (`share::seals::sending`).
    sent_sealed: usize,
}

/// The sample, or (`kept_by`) the sample kept by that side's player in the umpire's place
/// (`System::kept_by`: a Battlefront campaign), set through its JSON as a stored one would be.
struct Sealed {
    kept_by: Option<u8>,
}

fn setup_of<S: Listed>(kept_by: Option<u8>) -> S::Setup {
    let mut v = serde_json::to_value(S::sample()).unwrap();
    if let Some(k) = kept_by {
        v["kept_by"] = k.into();
    }
    let setup: S::Setup = serde_json::from_value(v).unwrap();
    assert_eq!(S::kept_by(&setup).is_some(), kept_by.is_some(), "{}: kept by a side", S::ID.slug());
    setup
}

impl Visit for Sealed {
    type Out = Figures;
    fn visit<S: Listed>(self) -> Figures {
        let mut f = Figures::default();
        for seed in 0..4u64 {
            let mut rng = Rng::new(0x5ea1 + seed);
            // `direct` takes every decision as it is drawn; `keeper` the same ones, sealed.
            let mut direct = Campaign::<S>::new(setup_of::<S>(self.kept_by)).expect("the sample starts");
            let mut keeper = direct.clone();
            let kept = S::kept_by(direct.setup());
            for _ in 0..150 {
                if S::over(direct.setup(), direct.state()) {
                    break;
                }
                let waits = direct.to_act();
                let Some(d1) = grammar_walk::draw(&direct, &mut rng, 200) else { break };
                let by1 = S::actor(direct.setup(), direct.state(), &d1);
                direct.decide(d1.clone(), DiceInput::App(&mut rng)).expect("drawn legal");
                let rolls1 = last_rolls(&direct);
                let second = match by1 {
                    // The same wait goes on for the others (a choice that ends it, a concession,
                    // is not a sealed one).
                    Some(s1)
                        if waits.len() == 2
                            && waits.contains(&s1)
                            && direct.to_act() == waits.iter().copied().filter(|&s| s != s1).collect::<Vec<_>>() =>
                    {
                        // The next choice, if another seat of the same wait takes it.
                        grammar_walk::draw(&direct, &mut rng, 200).and_then(|d2| {
                            let s2 = S::actor(direct.setup(), direct.state(), &d2)?;
                            (s2 != s1 && waits.contains(&s2)).then_some((s1, s2, d2))
                        })
                    }
                    _ => None,
                };
                let Some((s1, s2, d2)) = second else {
                    // Not a sealed choice: taken directly on the keeper too.
                    keeper.decide(d1, DiceInput::Typed(values(&rolls1))).expect("the same step plays");
                    assert_eq!(keeper.state(), direct.state());
                    continue;
                };
                direct.decide(d2.clone(), DiceInput::App(&mut rng)).expect("drawn legal");
                let rolls2 = last_rolls(&direct);
                f.rounds += 1;
                let (salt1, salt2) = (salt(&mut rng), salt(&mut rng));
                // Kept by a side: that side's own choice is always sealed on the keeper's device,
                // and the other side's device finds it must send its choice as a seal first.
                let own = match kept {
                    Some(k) => s1 == k,
                    None => f.rounds % 2 == 0,
                };
                if let Some(k) = kept {
                    let (dk, other) = if s1 == k { (&d1, (s2, &d2, &rolls2)) } else { (&d2, (s1, &d1, &rolls1)) };
                    if s1 == k || s2 == k {
                        assert!(keeper.seals(dk), "the keeping side's simultaneous choice is sealed");
                        let view = keeper.seat_view(Some(other.0));
                        let step = (other.1.clone(), other.2.clone());
                        assert_eq!(sending::<S>(&view, &step, &salt(&mut rng)), Sending::Seal, "{d1:?} {d2:?}");
                        f.sent_sealed += 1;
                    }
                }
                if kept == Some(s2) && direct.to_act().contains(&s2) {
                    // The keeper's step leaves it still choosing (a refit goes on): the other
                    // side's reveal would wait for its end, so this pair is played directly.
                    f.rounds -= 1;
                    keeper.decide(d1, DiceInput::Typed(values(&rolls1))).expect("the same step plays");
                    keeper.decide(d2, DiceInput::Typed(values(&rolls2))).expect("the same step plays");
                    assert_eq!(keeper.state(), direct.state());
                    continue;
                }
                if kept == Some(s2) {
                    // The keeping side chooses second: the other side's seal comes first, then
                    // the keeper's own choice, sealed by deciding; then the other's reveal.
                    let view1 = keeper.seat_view(Some(s1));
                    let (link1, _) = seal_to::<S>(ID, &view1, &(d1.clone(), rolls1.clone()), &salt1).unwrap();
                    take(&mut keeper, ID, &reply_link(&link1)).expect("the other side's seal is taken");
                    keeper
                        .decide_sealed(d2.clone(), DiceInput::Typed(values(&rolls2)), salt2)
                        .expect("the keeper's own");
                    f.keeper_sealed += 1;
                    let view1 = keeper.seat_view(Some(s1));
                    let reveal1 =
                        reply_link(&reveal_to::<S>(ID, &view1, &(d1.clone(), rolls1.clone()), &salt1).unwrap());
                    take(&mut keeper, ID, &reveal1).expect("the other side's reveal is taken");
                    assert_eq!(keeper.state(), direct.state(), "kept by a side: the same position");
                    check_copies(&keeper, s1, s2, &d1, &d2);
                    continue;
                }
                let k0 = keeper.clone();
                // The second seat's seal, made on its copy.
                let (link2, seal2) =
                    seal_to::<S>(ID, &keeper.seat_view(Some(s2)), &(d2.clone(), rolls2.clone()), &salt2)
                        .expect("a seal codes");
                let seal_reply2 = reply_link(&link2);
                // A reveal before every seal is in (the first seat has not sealed yet).
                let early = reply_link(
                    &reveal_to::<S>(ID, &keeper.seat_view(Some(s2)), &(d2.clone(), rolls2.clone()), &salt2).unwrap(),
                );
                refused(&mut keeper, &early, |r| matches!(r, Refusal::NoSeal { .. }), "a reveal with no seal");
                take(&mut keeper, ID, &seal_reply2).expect("the seal is taken");
                refused(
                    &mut keeper,
                    &seal_reply2,
                    |r| matches!(r, Refusal::AlreadyTaken { .. }),
                    "the same seal twice",
                );
                let again = reply_link(
                    &seal_to::<S>(ID, &keeper.seat_view(Some(s2)), &(d2.clone(), rolls2.clone()), &salt(&mut rng))
                        .unwrap()
                        .0,
                );
                refused(&mut keeper, &again, |r| matches!(r, Refusal::AlreadySealed { .. }), "a second seal");
                refused(
                    &mut keeper,
                    &early,
                    |r| matches!(r, Refusal::RevealTooSoon { .. }),
                    "a reveal before every seal",
                );
                let plain = reply_to::<S>(ID, &keeper.seat_view(Some(s2)), &[(d2.clone(), rolls2.clone())]).unwrap();
                let sealed_first = |r: &Refusal| matches!(r, Refusal::SealedFirst { .. });
                refused(&mut keeper, &reply_link(&plain), sealed_first, "a plain reply after a seal");
                f.refusals += 6;
                // Every other reader sees that the seat sealed, and its seal; nothing of the choice.
                for r in keeper.seats() {
                    let view = keeper.seat_view(Some(r));
                    let line = view.history.iter().rev().find(|l| l.kind == HistoryKind::Seal).expect("a seal line");
                    assert_eq!(line.seal.as_ref().and_then(|s| s.seal()), Some(seal2));
                    assert!(line.seal.as_ref().unwrap().open.is_none());
                }
                // The first seat seals: the keeper's own, by deciding with a salt; or by reply.
                if own {
                    f.keeper_sealed += 1;
                    keeper
                        .decide_sealed(d1.clone(), DiceInput::Typed(values(&rolls1)), salt1)
                        .expect("the keeper's own");
                } else {
                    let (link1, _) =
                        seal_to::<S>(ID, &keeper.seat_view(Some(s1)), &(d1.clone(), rolls1.clone()), &salt1).unwrap();
                    take(&mut keeper, ID, &reply_link(&link1)).expect("the first seal is taken");
                    // Changed reveals: another salt, or another decision under the same salt.
                    let view1 = keeper.seat_view(Some(s1));
                    let forged = reply_link(
                        &reveal_to::<S>(ID, &view1, &(d1.clone(), rolls1.clone()), &salt(&mut rng)).unwrap(),
                    );
                    refused(&mut keeper, &forged, |r| matches!(r, Refusal::SealMismatch { .. }), "another salt");
                    f.refusals += 1;
                    let reveal1 =
                        reply_link(&reveal_to::<S>(ID, &view1, &(d1.clone(), rolls1.clone()), &salt1).unwrap());
                    take(&mut keeper, ID, &reveal1).expect("the first reveal is taken");
                }
                if std::env::var("DBG").is_ok() {
                    eprintln!("waits {waits:?} now {:?} d1 {d1:?} d2 {d2:?} s2 {s2:?}", keeper.to_act());
                }
                // The second seat reveals, on the copy it holds now.
                let view2 = keeper.seat_view(Some(s2));
                if let Some(other) = another_decision(&keeper, s2, &d2, &mut rng) {
                    if let Ok(forged) = reveal_to::<S>(ID, &view2, &(other, Vec::new()), &salt2) {
                        let forged = reply_link(&forged);
                        refused(
                            &mut keeper,
                            &forged,
                            |r| matches!(r, Refusal::SealMismatch { .. }),
                            "another decision",
                        );
                        f.refusals += 1;
                    }
                }
                take(
                    &mut keeper,
                    ID,
                    &reply_link(&reveal_to::<S>(ID, &view2, &(d2.clone(), rolls2.clone()), &salt2).unwrap()),
                )
                .expect("the second reveal is taken");
                assert_eq!(
                    keeper.state(),
                    direct.state(),
                    "{}: the sealed round reaches the same position",
                    S::ID.slug()
                );
                assert!(keeper.steps() == k0.steps() + 2);
                check_copies(&keeper, s1, s2, &d1, &d2);
            }
            // Stored whole (JSON), the keeper replays with its seals and salts; a link leaves
            // them out and reaches the same position.
            let json = serde_json::to_string(keeper.journal()).unwrap();
            let back: Vec<Action<S::Decision>> = serde_json::from_str(&json).unwrap();
            let again = Campaign::<S>::replay(keeper.setup().clone(), back).expect("replays");
            assert_eq!(again.state(), keeper.state());
            assert_eq!(again.journal().len(), keeper.journal().len());
            let meta = Meta { id: ID.into(), name: "Sealed".into(), created: 1.7e12, updated: 1.7e12 };
            let doc = Document::new(meta, &S::any(keeper.clone()));
            let sealed = |j: &[Action<S::Decision>]| j.iter().any(|a| matches!(a, Action::Seal(_)));
            assert_eq!(sealed(S::parts(&doc.body).unwrap().1), sealed(keeper.journal()), "a document keeps its seals");
            let linked = link::decode(&link::encode(&doc)).expect("the link opens");
            let (setup, journal) = S::parts(&linked.body).expect("the same system");
            assert!(!journal.iter().any(|a| matches!(a, Action::Seal(_))), "a link leaves seals out");
            let c = Campaign::<S>::replay(setup.clone(), journal.to_vec()).unwrap();
            assert_eq!(c.state(), keeper.state(), "a link reaches the same position");
        }
        f
    }
}

/// A decision `seat` may take now other than `d`, if the grammar draws one.
fn another_decision<S: Listed>(c: &Campaign<S>, seat: Seat, d: &S::Decision, rng: &mut Rng) -> Option<S::Decision> {
    (0..50).find_map(|_| {
        grammar_walk::draw(c, rng, 50)
            .filter(|x| x != d && S::actor(c.setup(), c.state(), x) == Some(seat) && c.dice_for(x).is_none())
    })
}

fn values(rolls: &[Roll]) -> Vec<u16> {
    rolls.iter().map(|r| r.value).collect()
}

fn last_rolls<S: System>(c: &Campaign<S>) -> Vec<Roll> {
    c.active_entries().last().map(|e| e.dice.clone()).unwrap_or_default()
}

/// Each seat's copy: its own sealed decision open to it; the other's open only if that seat
/// may read it, and then it opens the seal.
fn check_copies<S: Listed>(k: &Campaign<S>, s1: Seat, s2: Seat, d1: &S::Decision, d2: &S::Decision) {
    for reader in k.seats() {
        let view = k.seat_view(Some(reader));
        let text = serde_json::to_string(&view.history).unwrap();
        for line in view.history.iter().filter(|l| l.kind == HistoryKind::Decision && l.active) {
            let Some(seal) = &line.seal else { continue };
            if seal.open.is_some() {
                assert!(seal.opens(), "an open seal opens");
            }
        }
        // A decision the reader may not read never travels in its copy.
        for (s, d) in [(s1, d1), (s2, d2)] {
            let json = String::from_utf8(coded(d)).unwrap();
            let readable = k
                .history_for(Some(reader))
                .iter()
                .any(|l| l.seal.as_ref().is_some_and(|x| x.open.as_ref().is_some_and(|o| o.0 == json)));
            if reader != s && !readable {
                let escaped = serde_json::to_string(&json).unwrap();
                assert!(!text.contains(&escaped[1..escaped.len() - 1]), "{reader:?} reads {s:?}'s sealed choice");
            }
        }
    }
}

#[test]
fn sealed_choices_reach_the_same_positions_and_changed_reveals_are_refused() {
    for id in SystemId::ALL {
        let f = id.visit(Sealed { kept_by: None });
        println!("{}: {f:?}", id.slug());
        if matches!(id, SystemId::RaceForX | SystemId::AxisOfAttack | SystemId::Bfww2Campaign) {
            assert!(f.rounds >= 4 && f.keeper_sealed >= 1, "{}: too few sealed rounds: {f:?}", id.slug());
        }
    }
}

/// A Battlefront campaign kept by one side in the umpire's place (either side): every
/// simultaneous choice of random legal play sealed (the keeping side's by deciding with a salt,
/// the other's as a seal its device knows to send first, then its reveal) reaches the same
/// positions as direct play, with the same refusals along the way.
#[test]
fn a_battlefront_campaign_kept_by_a_side_seals_and_reaches_the_same_positions() {
    for k in [0u8, 1] {
        let f = SystemId::Bfww2Campaign.visit(Sealed { kept_by: Some(k) });
        println!("kept by side {k}: {f:?}");
        assert!(
            f.rounds >= 4 && f.keeper_sealed >= 1 && f.sent_sealed >= f.keeper_sealed,
            "kept by side {k}: too few sealed rounds: {f:?}"
        );
    }
}

/// Joint rolls, for every system of the list: every roll of the table in random legal play is
/// opened jointly with a seat (the keeper's part sealed first), completed by that seat's part
/// sent as a reply, and reaches the same position as the same dice typed directly; each
/// reader who may read the dice checks them and the keeper's part against the seal it saw. A
/// part when none is waited for, from another seat, or taken twice is refused.
#[test]
fn joint_rolls_reach_the_same_positions_and_check_out_on_every_device() {
    struct Joint;
    impl Visit for Joint {
        type Out = usize;
        fn visit<S: Listed>(self) -> usize {
            let mut rolls = 0;
            for seed in 0..6u64 {
                let mut rng = Rng::new(0x101e + seed);
                let mut k = Campaign::<S>::new(S::sample()).expect("the sample starts");
                let seats = k.seats();
                for _ in 0..120 {
                    if S::over(k.setup(), k.state()) {
                        break;
                    }
                    let Some(d) = grammar_walk::draw(&k, &mut rng, 200) else { break };
                    let actor = S::actor(k.setup(), k.state(), &d);
                    if k.dice_for(&d).is_none() || seats.len() < 2 {
                        k.decide(d, DiceInput::App(&mut rng)).expect("drawn legal");
                        continue;
                    }
                    rolls += 1;
                    // With the seat whose roll it is, or for the table's, each seat in turn.
                    let with = actor.unwrap_or(seats[rolls % seats.len()]);
                    let other = *seats.iter().find(|&&s| s != with).unwrap();
                    let mine = salt(&mut rng);
                    // A part before the roll is opened is refused.
                    let early = reply_link(&part_to::<S>(ID, &k.seat_view(Some(with)), &mine).unwrap());
                    refused(&mut k, &early, |r| matches!(r, Refusal::NoJointRoll { .. }), "a part with no roll open");
                    let first = salt(&mut rng);
                    k.commit_joint(with, &d, first).expect("the roll opens");
                    // The keeper's part leaves this device in no file or link before the roll.
                    let hex = serde_json::to_string(&first).unwrap();
                    assert!(
                        !serde_json::to_string(&k.shareable_journal()).unwrap().contains(&hex),
                        "a file holds the part"
                    );
                    // The seat's copy shows the keeper's part sealed, never the part itself.
                    let view = k.seat_view(Some(with));
                    let seen = view
                        .history
                        .iter()
                        .rev()
                        .find_map(|l| l.seal.as_ref().filter(|s| s.joint && s.pending).and_then(|s| s.seal));
                    assert_eq!(seen, Some(Seal::of_value(&first)));
                    assert!(!serde_json::to_string(&view)
                        .unwrap()
                        .contains(&serde_json::to_string(&first).unwrap()[1..33]));
                    let wrong = reply_link(&part_to::<S>(ID, &k.seat_view(Some(other)), &mine).unwrap());
                    refused(&mut k, &wrong, |r| matches!(r, Refusal::NotTheirs { .. }), "another seat's part");
                    let part = reply_link(&part_to::<S>(ID, &view, &mine).unwrap());
                    let mut direct = k.clone();
                    take(&mut k, ID, &part).expect("the part completes the roll");
                    refused(&mut k, &part, |r| matches!(r, Refusal::AlreadyTaken { .. }), "the same part twice");
                    // The same dice, typed directly, reach the same position.
                    let entry = k.active_entries().last().unwrap().clone();
                    assert!(entry.dice.iter().all(|r| r.by == field_desk::engine::Roller::Joint));
                    direct.decide(d, DiceInput::Typed(entry.dice.iter().map(|r| r.value).collect())).unwrap();
                    assert_eq!(direct.state(), k.state(), "{}: the joint roll reaches the same position", S::ID.slug());
                    // Every reader who may read the dice checks them against the seal seen.
                    for reader in k.seats() {
                        let history = k.seat_view(Some(reader)).history;
                        let this = history.into_iter().find(|l| l.joint.is_some_and(|j| j.first == first));
                        if let Some((j, line)) = this.and_then(|l| Some((l.joint?, l))) {
                            assert!(j.holds(&line.dice, &Seal::of_value(&first)), "the roll checks out");
                            let changed = field_desk::engine::campaign::JointShown { first: salt(&mut rng), ..j };
                            assert!(!changed.holds(&line.dice, &Seal::of_value(&first)), "a changed part does not");
                        }
                    }
                }
            }
            rolls
        }
    }
    for id in SystemId::ALL {
        let n = id.visit(Joint);
        println!("{}: {n} joint rolls", id.slug());
        assert!(n >= 2, "{}: too few joint rolls ({n})", id.slug());
    }
}
