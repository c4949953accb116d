// Crossfire night scouting in the browser, beyond the Atkins example (scouting.test.mjs):
// the cat rule, close combat (modifiers, ties, the ambush bonus), finds lost with a dead
// scout while banked ones survive, a whole team wiped out, the 04:00 deadline, and the clock
// roll after every third move. Every die is typed in; every expected outcome is worked out
// from the rules in the comments (rules text /work/shared/rules/crossfire-scouting.txt and the
// readings in src/systems/crossfire_scouting/rules.rs).
//
// Sample session (src/systems/crossfire_scouting/sample.rs): areas 0 Edge wood (own edge,
// cover), 1 Second wood, 2 Field, 3 Open ground (open), 4 Far wood, 5 Farmhouse, 6 Orchard,
// 7 Hedgerow (all others cover); team 0 Sgt Wilson (0-0, regular), Atkins (0-1, veteran),
// Baker (0-2, regular), Cole (0-3, green); team 1 Cpl Hughes (1-0, regular, special training),
// Evans (1-1, regular, trained), Price (1-2, veteran, trained); the sentries are regular.
//
// Modifiers (rules text 2.1): -1 green, +1 veteran, +1 special training, -1 if that side's foe
// is in cover; only a strictly higher total sees. A spotting attempt types 4 dice: the scout's
// and the sentries' die of his roll, then the sentries' and the scout's die of theirs.
// Close combat (4.2, reading in rules.rs): 1d6 each + quality (sentries' quality for the
// defender), +2 ambush to the defender, plus agreed others; lower loses; a tie is rolled again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, newPage, tid, waitText, lastStep, tapDie, typeDice, phase, readOdds,
} from './harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const text = async (loc) => ((await loc.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** A fresh page on a new sample night, in the Scouting step at 01:00. */
async function sampleNight(t) {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard((async () => {
    await page.goto(server.url);
    await page.evaluate(() => { location.hash = '#/new/crossfire-scouting'; });
    await tid(page, 'scouting-wizard').waitFor();
    await tid(page, 'use-sample').click();
    assert.equal(await tid(page, 'fig-name-0-1').inputValue(), 'Atkins');
    await tid(page, 'create-scouting').click();
    await phase(page, 'Scouting', 10_000);
    await waitText(tid(page, 'clock-text'), 'It is 01:00.');
  })());
  return page;
}

const pick = (page, fig) => tid(page, `pick-${fig}`).click();
async function move(page, fig, to, { open = false } = {}) {
  await pick(page, fig);
  if (open) await tid(page, 'move-open').click();
  await tid(page, `move-to-${to}`).click();
}
/** A spotting attempt with its four typed dice. */
async function spot(page, fig, area, dice) {
  await pick(page, fig);
  await tid(page, `spot-${area}`).click();
  await typeDice(page, dice);
}
/** The defender takes the tablet and answers. */
async function defender(page, action) {
  await tid(page, 'defender-answer').click();
  await tid(page, action).click();
}
/** The defender shows troops in the area just seen. */
async function revealTroops(page, what) {
  await phase(page, 'Reveal');
  await tid(page, 'reveal-what').fill(what);
  await tid(page, 'reveal-troops').click();
}
/** A clock roll with a typed face: 4+ moves the clock 20 minutes (rules text 1.2). */
async function clock(page, face, expected) {
  await phase(page, 'Clock roll');
  await tapDie(page, face);
  if (expected) await waitText(tid(page, 'clock-text'), expected);
}
async function forcesTab(page) {
  await tid(page, 'tab-forces').click();
  await tid(page, 'scout-forces').waitFor();
}
async function playTab(page) {
  await tid(page, 'tab-play').click();
  await tid(page, 'phase-title').waitFor();
}
async function endNight(page) {
  await tid(page, 'end-night').click();
  await tid(page, 'end-night-confirm').click();
  await phase(page, 'Night over');
}

test('the cat, once a night; then the ambush bonus when the sentries held fire', async (t) => {
  const page = await sampleNight(t);
  // Baker steps into Edge wood: on the own edge (no troops, no close combat), in cover (no
  // reactive spot), so no reaction: straight back to scouting.
  await move(page, '0-2', 0);
  await lastStep(page, 'Baker comes onto the table into Edge wood.');
  await phase(page, 'Scouting');

  // Baker looks into the Farmhouse (cover). His roll: 1 +0 regular -1 sentries in cover = 0
  // against the sentries' 6 +0 regular -1 Baker in cover = 5: he sees nothing. Theirs:
  // 6 -1 = 5 against his 1 -1 = 0: the sentries see him.
  await spot(page, '0-2', 5, '1 6 6 1');
  await phase(page, 'Sentries have seen a scout');
  await waitText(tid(page, 'spotted-text'), 'Baker saw nothing in Farmhouse, but the sentries saw him');
  // The cat (2.2): once per game the scouting player cancels a successful sentry spot; no
  // defender answer is needed, and with nothing seen by Baker only the clock roll is left.
  await tid(page, 'play-cat').click();
  await lastStep(page, 'The cat!');
  await lastStep(page, 'nothing came of the attempt');
  await lastStep(page, 'The cat is used up for the night.');
  // "Regardless of the result, a clock roll is made": 3 is under 4, the clock stays.
  await waitText(tid(page, 'clock-why'), "Baker's spotting attempt took time.");
  await clock(page, 3, 'It is 01:00.');
  await phase(page, 'Scouting');

  // Again, into the Orchard (cover), same dice and the same result: the sentries see him.
  await spot(page, '0-2', 6, '1 6 6 1');
  await phase(page, 'Sentries have seen a scout');
  // The cat has gone: the button is no longer offered, only a note says so.
  await waitText(tid(page, 'cat-used'), 'The cat has already been played tonight.');
  assert.equal(await tid(page, 'play-cat').count(), 0, 'the cat is once a night');
  // 2.1.3: Baker saw nothing, the sentries saw him, the defender holds fire: should Baker
  // walk into the Orchard the defenders fight him with +2.
  await waitText(tid(page, 'spotted-text'), 'the defenders fight him with +2');
  await defender(page, 'hold-fire');
  await lastStep(page, 'The defender holds fire.');
  await clock(page, 2, 'It is 01:00.');
  await phase(page, 'Scouting');

  // Baker walks in. Hidden troops could be there, so the defender is asked; he springs the
  // close combat.
  await move(page, '0-2', 6);
  await phase(page, "Defender's reaction");
  await tid(page, 'defender-answer').click();
  await tid(page, 'react-close').click();
  const mods = await text(tid(page, 'contests'));
  assert.match(mods, /\+2 Ambush: the sentries saw him coming/);
  assert.doesNotMatch(mods, /Baker is/, 'a regular scout has no quality modifier');
  // Baker +0 against the defenders +2 (regular sentries +0, ambush +2): Baker wins when his
  // die beats theirs by 3 or more (3+2+1 = 6 of 36), ties at exactly 2 (4 of 36), loses
  // otherwise (26 of 36).
  assert.deepEqual(Object.values(await readOdds(page)), ['16.7%', '72.2%', '11.1%']);
  // Baker 4 +0 = 4 against 3 +2 = 5: the ambush decides it (without it 4 against 3 would win).
  await typeDice(page, '4 3');
  await lastStep(page, 'Close combat in Orchard: Baker');
  await lastStep(page, 'Baker loses and is killed or taken. The troops stay hidden and may redeploy before the battle.');
  await phase(page, 'Scouting');
  await waitText(tid(page, 'fig-status-0-2'), 'Baker');
  assert.equal(await tid(page, 'pick-0-2').count(), 0, 'a dead scout is not offered any more');
  await forcesTab(page);
  await waitText(tid(page, 'figure-row-0-2'), 'dead');
  await playTab(page);

  // The cat stays spent for the rest of the night: Atkins is seen looking into the Field
  // (Atkins 1 +1 veteran -1 = 1 against 6 -1 = 5; the sentries 6 -1 = 5 against 1 +1 -1 = 1).
  await move(page, '0-1', 0);
  await lastStep(page, 'Atkins comes onto the table into Edge wood.');
  await spot(page, '0-1', 2, '1 6 6 1');
  await phase(page, 'Sentries have seen a scout');
  await tid(page, 'cat-used').waitFor();
  assert.equal(await tid(page, 'play-cat').count(), 0);
});

test('close combat: other modifiers, ties rolled again with the same modifiers, the scout wins', async (t) => {
  const page = await sampleNight(t);
  // Cole (green) goes from the start line straight into Second wood: troops could be hidden
  // there, so the defender is asked; he springs a close combat.
  await move(page, '0-3', 1);
  await phase(page, "Defender's reaction");
  await waitText(tid(page, 'reaction-text'), 'Cole moves');
  await tid(page, 'defender-answer').click();
  await tid(page, 'react-close').click();
  // The players agree +2 for Cole and -1 for the defenders from the main rules.
  await tid(page, 'scout-other-plus').click();
  await tid(page, 'scout-other-plus').click();
  await tid(page, 'defender-other-minus').click();
  await waitText(tid(page, 'scout-other'), '+2');
  await waitText(tid(page, 'defender-other'), '-1');
  await waitText(tid(page, 'contests'), '-1 Cole is green');
  await waitText(tid(page, 'contests'), '+2 Other (scout)');
  await waitText(tid(page, 'contests'), '-1 Other (defender)');
  assert.deepEqual(await tid(page, 'contest-total').allTextContents(), ['Total: his die +1', 'Total: his die -1']);
  const mods = await text(tid(page, 'contests'));
  assert.doesNotMatch(mods, /Ambush/, 'no sentry saw Cole try this area');
  // Cole -1 +2 = +1 against the defenders 0 -1 = -1: Cole wins unless their die beats his by
  // 2 or more (10 of 36), so wins 26/36; ties at exactly 2 (4/36); loses at 3+ (6/36).
  assert.deepEqual(Object.values(await readOdds(page)), ['72.2%', '16.7%', '11.1%']);
  // Cole 3 +1 = 4 against 5 -1 = 4: a tie, rolled again.
  await typeDice(page, '3 5');
  await phase(page, 'Close combat tied');
  await waitText(tid(page, 'tie-text'), 'Close combat in Second wood: a tie. Roll again.');
  await lastStep(page, 'a tie: roll again.');
  // The same modifiers carry over to the new roll.
  await waitText(tid(page, 'contests'), '+2 Other (scout)');
  await waitText(tid(page, 'contests'), '-1 Other (defender)');
  // Right after the roll, each side's die, modifiers and total apart.
  await waitText(tid(page, 'last-contest'), 'Cole 3 -1 +2 = 4 against the defenders 5 -1 = 4');
  // Cole 2 +1 = 3 against 4 -1 = 3: a tie again.
  await typeDice(page, '2 4');
  await waitText(tid(page, 'last-step'), /Close combat in Second wood: Cole 2 .*= 3 against the defenders' 4 .*= 3: a tie/);
  await phase(page, 'Close combat tied');
  // Cole 5 +1 = 6 against 5 -1 = 4: Cole wins; the troops are shown to him (4.2).
  await typeDice(page, '5 5');
  await lastStep(page, 'Cole wins: he slips past the sentry');
  await phase(page, 'Reveal');
  await waitText(tid(page, 'reveal-text'), 'Cole won the close combat in Second wood.');
  // Troops that fought cannot be declared absent.
  assert.equal(await tid(page, 'reveal-empty').count(), 0);
  await revealTroops(page, 'a mortar team');
  // A reaction resets the move count and a close combat is no spotting attempt: no clock roll.
  await phase(page, 'Scouting');
  await waitText(tid(page, 'clock-text'), 'It is 01:00.');
  // Cole alone knows it (not banked); nobody may now walk into Second wood (4.2).
  await forcesTab(page);
  await waitText(tid(page, 'find-0'), 'Second wood');
  await waitText(tid(page, 'find-0'), 'troops (a mortar team)');
  await waitText(tid(page, 'find-0'), 'carried: only the finder knows');
  await playTab(page);
  await pick(page, '0-1');
  await tid(page, 'move-to-2').waitFor();
  assert.equal(await tid(page, 'move-to-1').count(), 0, 'scouts may not enter terrain with revealed troops');
});

test('a scout killed: what he alone knew is lost, what he banked survives (Forces tab)', async (t) => {
  const page = await sampleNight(t);
  await move(page, '0-0', 0);
  await lastStep(page, 'Sgt Wilson comes onto the table into Edge wood.');
  await move(page, '0-1', 0);
  await lastStep(page, 'Atkins comes onto the table into Edge wood.');
  // Atkins into the Farmhouse: 6 +1 veteran -1 cover = 6 against 1 -1 = 0, he sees; the
  // sentries 1 -1 = 0 against 6 +1 -1 = 6 do not (2.1.1): the defender shows what is there.
  await spot(page, '0-1', 5, '6 1 1 6');
  await revealTroops(page, 'a rifle section');
  await clock(page, 1, 'It is 01:00.');
  await phase(page, 'Scouting');
  // Base to base with Sgt Wilson, he banks it.
  await pick(page, '0-1');
  await tid(page, 'bank').click();
  await lastStep(page, 'Atkins reports to Sgt Wilson: 1 find banked');
  // Then into the Orchard, same dice: he sees an MG team, and this one he keeps to himself.
  await spot(page, '0-1', 6, '6 1 1 6');
  await revealTroops(page, 'an MG team');
  await clock(page, 1, 'It is 01:00.');
  await phase(page, 'Scouting');
  await forcesTab(page);
  await waitText(tid(page, 'find-0'), 'banked with the scout leader');
  await waitText(tid(page, 'find-1'), 'Orchard');
  await waitText(tid(page, 'find-1'), 'carried: only the finder knows');
  await playTab(page);

  // The Hedgerow: Atkins 1 +1 -1 = 1 against 6 -1 = 5, nothing; the sentries 6 -1 = 5
  // against 1 +1 -1 = 1: they see him (2.1.3). The defender fires.
  await spot(page, '0-1', 7, '1 6 6 1');
  await phase(page, 'Sentries have seen a scout');
  await tid(page, 'defender-answer').click();
  // Atkins is in cover (Edge wood): 4d6, the highest dropped (4.1). Sgt Wilson is not
  // watching the fire (leader-sees left off).
  await waitText(tid(page, 'dice-spec'), '4d6');
  // 6,6,5,1: one 6 dropped, 6 and 5 left: two hits, Atkins is killed.
  await typeDice(page, '6 6 5 1');
  await lastStep(page, 'Atkins is killed.');
  // What only he knew (the Orchard) is lost; the Farmhouse is banked with Sgt Wilson.
  await lastStep(page, 'Lost: what was known of Orchard.');
  // The spotting attempt still costs its clock roll.
  await clock(page, 5, 'It is 01:20.');
  await phase(page, 'Scouting');
  await forcesTab(page);
  await waitText(tid(page, 'figure-row-0-1'), 'dead');
  await waitText(tid(page, 'find-0'), 'Farmhouse');
  await waitText(tid(page, 'find-0'), 'banked with the scout leader');
  await waitText(tid(page, 'find-1'), 'Orchard');
  await waitText(tid(page, 'find-1'), 'lost');
  assert.equal(await tid(page, 'find-2').count(), 0, 'the Hedgerow fired unwatched: nothing is revealed');
  await playTab(page);

  // Sgt Wilson goes home and reports the banked find.
  await move(page, '0-0', 'edge');
  await lastStep(page, 'Sgt Wilson');
  await forcesTab(page);
  await waitText(tid(page, 'find-0'), 'reported to the briefing');
  await waitText(tid(page, 'find-1'), 'lost');
  await playTab(page);
  await endNight(page);
  const summary = await text(tid(page, 'summary'));
  assert.match(summary, /Farmhouse: troops \(a rifle section\) \(Atkins, 01:00\)\./);
  assert.doesNotMatch(summary, /MG team/);
  // The Orchard's find died with Atkins, and the Hedgerow shot him unwatched: both may redeploy.
  assert.match(summary, /The defender may redeploy, hidden, the troops in: Orchard, Hedgerow\./);
});

test('the leader and all his scouts dead: all their finds lost, the defender may redeploy', async (t) => {
  const page = await sampleNight(t);
  await move(page, '1-0', 0);
  await lastStep(page, 'Cpl Hughes comes onto the table into Edge wood.');
  await move(page, '1-1', 0);
  await lastStep(page, 'Evans comes onto the table into Edge wood.');
  // Evans into the Farmhouse: 6 +1 trained -1 cover = 6 against 1 -1 = 0, he sees; the
  // sentries 1 -1 = 0 against 6 +1 -1 = 6 do not. He banks it with Cpl Hughes.
  await spot(page, '1-1', 5, '6 1 1 6');
  await revealTroops(page, 'a rifle section');
  await clock(page, 1);
  await phase(page, 'Scouting');
  await pick(page, '1-1');
  await tid(page, 'bank').click();
  await lastStep(page, 'Evans reports to Cpl Hughes: 1 find banked');
  // Price into the Orchard: 6 +1 veteran +1 trained -1 cover = 7 against 0; the sentries 0
  // against 1 +1 +1 -1 = 2 do not see: he carries the find himself.
  await move(page, '1-2', 0);
  await lastStep(page, 'Price comes onto the table into Edge wood.');
  await spot(page, '1-2', 6, '6 1 1 6');
  await revealTroops(page, 'an MG team');
  await clock(page, 1);
  await phase(page, 'Scouting');

  // Evans walks into Second wood and loses the close combat: 1 +0 regular (training does not
  // count in close combat) against 6 +0 = 6.
  await move(page, '1-1', 1);
  await defender(page, 'react-close');
  await typeDice(page, '1 6');
  await lastStep(page, 'Evans loses and is killed or taken.');
  // His find is banked and Cpl Hughes lives: it is kept.
  await forcesTab(page);
  await waitText(tid(page, 'find-0'), 'banked with the scout leader');
  await playTab(page);
  // Cpl Hughes follows him in and dies the same way (1 against 6): now nobody alive knows the
  // Farmhouse ("only if he and his leader are killed will the information be lost").
  await move(page, '1-0', 1);
  await defender(page, 'react-close');
  await typeDice(page, '1 6');
  await lastStep(page, 'Cpl Hughes loses and is killed or taken.');
  await lastStep(page, 'Lost: what was known of Farmhouse.');
  await phase(page, 'Scouting');
  // With his leader dead Price no longer scouts (rules text: "make their way back").
  await pick(page, '1-2');
  await waitText(tid(page, 'no-spot'), 'Cpl Hughes is dead: Price no longer scouts');
  // Price too walks into Second wood: 1 +1 veteran = 2 against 6. The whole team is dead.
  await tid(page, 'move-to-1').click();
  await defender(page, 'react-close');
  await typeDice(page, '1 6');
  await lastStep(page, 'Price loses and is killed or taken.');
  await lastStep(page, "Everyone of Cpl Hughes's patrol is dead: all the team found goes back to hidden");
  await lastStep(page, 'Lost: what was known of Orchard.');
  await forcesTab(page);
  for (const f of ['1-0', '1-1', '1-2']) await waitText(tid(page, `figure-row-${f}`), 'dead');
  await waitText(tid(page, 'find-0'), 'lost');
  await waitText(tid(page, 'find-1'), 'lost');
  await playTab(page);

  // Sgt Wilson's team never went out; the scouting player calls the night.
  await endNight(page);
  const summary = await text(tid(page, 'summary'));
  assert.match(summary, /The briefing knows nothing of the enemy\./);
  // Lost troop finds (Farmhouse, Orchard) and the close-combat kills in Second wood all go back
  // to hidden, in area order.
  assert.match(summary, /The defender may redeploy, hidden, the troops in: Second wood, Farmhouse, Orchard\./);
  assert.doesNotMatch(summary, /rifle section|MG team/);
});

test('the clock roll after every third move without a spot or reaction; the 04:00 deadline', async (t) => {
  const page = await sampleNight(t);
  const movesNote = (n) => waitText(tid(page, 'pick-0-2'), `move ${n} of 3`);
  // Sgt Wilson comes out first, so Baker can bank with him later (the count is per figure:
  // Wilson's one move adds nothing to Baker's).
  await move(page, '0-0', 0);
  await lastStep(page, 'Sgt Wilson comes onto the table into Edge wood.');
  // Baker's moves into and within Edge wood draw no reaction (own edge, cover).
  await move(page, '0-2', 0);
  await lastStep(page, 'Baker comes onto the table into Edge wood.');
  await movesNote(1);
  await move(page, '0-2', 0);
  await lastStep(page, 'Baker moves on within Edge wood.');
  await movesNote(2);
  await phase(page, 'Scouting');
  // Third move: a clock roll; 4 moves it 20 minutes.
  await move(page, '0-2', 0);
  await waitText(tid(page, 'clock-why'), 'Baker has made three moves in a row without spotting or drawing a reaction.');
  await clock(page, 4, 'It is 01:20.');
  await phase(page, 'Scouting');
  assert.doesNotMatch(await text(tid(page, 'pick-0-2')), /of 3 moves/, 'the count starts again');

  // Two moves, then a spotting attempt (Farmhouse: 6 -1 = 5 against 1 -1 = 0, he sees; the
  // sentries 1 -1 = 0 against 6 -1 = 5 do not): its own clock roll, and the count is reset.
  await move(page, '0-2', 0);
  await movesNote(1);
  await move(page, '0-2', 0);
  await movesNote(2);
  await spot(page, '0-2', 5, '6 1 1 6');
  await revealTroops(page, 'a rifle section');
  await waitText(tid(page, 'clock-why'), "Baker's spotting attempt took time.");
  await clock(page, 3, 'It is 01:20.');
  await phase(page, 'Scouting');
  // Baker banks it with Sgt Wilson (reporting is no move action: the count stays at 0).
  await pick(page, '0-2');
  await tid(page, 'bank').click();
  await lastStep(page, 'Baker reports to Sgt Wilson: 1 find banked');
  assert.doesNotMatch(await text(tid(page, 'pick-0-2')), /of 3 moves/);
  await move(page, '0-2', 0);
  await movesNote(1);
  await move(page, '0-2', 0);
  await movesNote(2);
  // The third move crosses open ground: the defender makes a reactive spotting roll, the
  // sentries 1 +0 against Baker 6 +0 (both regular; a reactive roll takes no cover modifier,
  // rules.rs reading): unseen.
  // A reaction resets the count, so no clock roll follows.
  await move(page, '0-2', 0, { open: true });
  await phase(page, "Defender's reaction");
  await defender(page, 'react-spot');
  await typeDice(page, '1 6');
  await lastStep(page, 'he slips past');
  await phase(page, 'Scouting');
  await waitText(tid(page, 'clock-text'), 'It is 01:20.');
  await move(page, '0-2', 0);
  await movesNote(1);
  await move(page, '0-2', 0);
  await movesNote(2);
  await move(page, '0-2', 0);
  await clock(page, 6, 'It is 01:40.');
  await forcesTab(page);
  await waitText(tid(page, 'find-0'), 'banked with the scout leader');
  await playTab(page);

  // On to 04:00: seven more clock rolls of 4+ (20 minutes each: 01:40 + 140 min = 04:00),
  // each after three moves. Baker and Sgt Wilson are still out; the Farmhouse is banked
  // between them but not reported at the own edge.
  for (let i = 1; i <= 7; i++) {
    for (let m = 0; m < 3; m++) await move(page, '0-2', 0);
    await phase(page, 'Clock roll');
    await tapDie(page, 5);
    if (i < 7) {
      const mins = 40 + 20 * i; // minutes past 01:00 (01:40 is 40)
      const hh = String(1 + Math.floor(mins / 60)).padStart(2, '0');
      const mm = String(mins % 60).padStart(2, '0');
      await waitText(tid(page, 'clock-text'), `It is ${hh}:${mm}.`);
      await phase(page, 'Scouting');
    }
  }
  // The deadline: the night is over, Baker and Sgt Wilson are too late for the briefing, and
  // even the banked find is lost; the Farmhouse troops go back to hidden (rules text: "The same
  // happens if the scouts fail to make it back to their table edge by the deadline").
  await phase(page, 'Night over');
  const summary = await text(tid(page, 'summary'));
  assert.match(summary, /Scouting ended at 04:00\./);
  assert.match(summary, /The briefing knows nothing of the enemy\./);
  assert.match(summary, /The defender may redeploy, hidden, the troops in: Farmhouse\./);
  await lastStep(page, 'Lost: what was known of Farmhouse.');
  await lastStep(page, 'Too late for the briefing: Sgt Wilson, Baker.');
  await waitText(tid(page, 'clock-text'), 'The night ended at 04:00.');
  await waitText(tid(page, 'figure-outcomes'), 'too late for the briefing');
  await forcesTab(page);
  await waitText(tid(page, 'figure-row-0-0'), 'too late for the briefing');
  await waitText(tid(page, 'figure-row-0-2'), 'too late for the briefing');
  await waitText(tid(page, 'find-0'), 'lost');
});
