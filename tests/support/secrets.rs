//! What every journal must keep, whatever the system: the copy that may leave the device
//! (`shareable_journal`) replays, holds nothing any seat may not read, reaches the same
//! position when no hidden step is in effect, and adds nothing to what the table may read.

#![allow(dead_code)]

use field_desk::engine::{Action, Campaign, HistoryKind, System};

pub fn check_shareable<S: System>(c: &Campaign<S>) {
    let shared = c.shareable_journal();
    let r = Campaign::<S>::replay(c.setup().clone(), shared.clone()).expect("the shareable journal replays");
    let pending = c.left_out().len();
    assert!(
        c.share_hold().is_none(),
        "every system so far can leave its secrets out; hidden and in effect: {:?}",
        debug_hidden(c)
    );
    if pending == 0 {
        assert_eq!(r.state(), c.state(), "the shareable journal reaches the same position");
    }
    assert_eq!(r.steps() + pending, c.steps(), "every decision in effect travels but the hidden ones");
    // Nothing hidden from a seat is left in it, undone or in effect.
    for (line, readers) in r.history().iter().zip(r.readers()) {
        if line.kind == HistoryKind::Decision {
            let readers = readers.expect("a decision has readers");
            assert!(readers.is_public(), "a hidden entry travels: {}", line.text);
        }
    }
    assert!(r.left_out().is_empty());
    // The table reads nothing in the shared copy it could not read here.
    let here: Vec<String> = c.history_for(None).into_iter().map(|l| l.text).collect();
    let mut at = 0;
    for line in r.history_for(None) {
        let found = here[at..].iter().position(|t| *t == line.text);
        let Some(k) = found else { panic!("the shared copy shows the table a new line: {}", line.text) };
        at += k + 1;
    }
    // Each reader's history holds no line of an entry hidden from them.
    let readers = c.readers();
    let all = c.history();
    for reader in c.seats().into_iter().map(Some).chain([None]) {
        for line in c.history_for(reader) {
            let r = readers[line.of].as_ref().expect("every line names a decision");
            let active = all[line.of].active;
            assert!(r.shows_line(reader, active), "{reader:?} reads a hidden line: {}", line.text);
            if !r.dice.admits(reader) {
                assert!(line.dice.is_empty(), "{reader:?} sees hidden dice");
            }
        }
    }
    let decisions = c.journal().iter().filter(|a| matches!(a, Action::Decide(_))).count();
    assert!(shared.len() <= c.journal().len() && decisions >= c.steps());
    check_last_lines(c);
}

/// What the screen says of the latest steps, worked out from the last steps alone
/// (`last_entry_for`, `undo_label_for`, `last_readers`), is what the whole history says, for
/// every reader.
pub fn check_last_lines<S: System>(c: &Campaign<S>) {
    let all = c.history();
    let readers = c.readers();
    assert_eq!(c.last_readers(), readers.last().cloned().flatten(), "who may read the last entry");
    let last = all.iter().rev().find(|l| l.kind == HistoryKind::Decision && l.active);
    for reader in c.seats().into_iter().map(Some).chain([None]) {
        let want = c.history_for(reader).into_iter().rev().find(|l| l.kind == HistoryKind::Decision && l.active);
        assert_eq!(c.last_entry_for(reader), want.map(|l| l.text), "{reader:?}'s last line");
        let label = last.map(|l| {
            let r = readers[l.index].as_ref().expect("a decision has readers");
            if r.shows_line(reader, true) {
                return l.text.clone();
            }
            let Action::Decide(e) = &c.journal()[l.index] else { unreachable!() };
            e.by.map_or("a hidden step".to_string(), |seat| format!("{}'s hidden step", c.seat_name(seat)))
        });
        assert_eq!(c.undo_label_for(reader), label, "{reader:?}'s undo label");
    }
}

/// The entries in effect that some seat may not read, for a failure message.
pub fn debug_hidden<S: System>(c: &Campaign<S>) -> Vec<String> {
    c.history()
        .into_iter()
        .zip(c.readers())
        .filter(|(l, r)| l.active && r.as_ref().is_some_and(|r| !r.is_public()))
        .map(|(l, r)| format!("{} {:?} {:?}", l.index, l.text, r))
        .collect()
}
