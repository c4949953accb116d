// Crossfire night scouting in the browser: (1) a session on its own replaying the rules'
// worked example (Atkins) with every die typed in from the table; (2) a session started from
// a Race for X battle against a Prepared Defence, whose findings are recorded on that battle.
// Sample session (src/systems/crossfire_scouting/sample.rs): areas 0 Edge wood (own edge),
// 1 Second wood, 2 Field, 3 Open ground (open), 4 Far wood, 5 Farmhouse, 6 Orchard, 7 Hedgerow;
// team 0 Sgt Wilson (0-0, regular), Atkins (0-1, veteran), Baker, Cole; sentries regular.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, newPage, screenshotPath, tid, waitText, startSample, lastStep,
  choose, tapDie, typeDice, toggleUnits, fillOutcome, phase, readOdds,
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

/** From the list to the scouting wizard: the system picker if there is one, else the route. */
async function openScoutingWizard(page, url) {
  await page.goto(url);
  await tid(page, 'campaign-list').waitFor();
  const direct = tid(page, 'new-crossfire-scouting');
  if (!(await direct.isVisible())) {
    await tid(page, 'new-campaign').click();
    try {
      await direct.waitFor({ timeout: 2_000 });
    } catch {
      await page.evaluate(() => { location.hash = '#/new/crossfire-scouting'; });
    }
  }
  if (await direct.isVisible()) await direct.click();
  await tid(page, 'scouting-wizard').waitFor();
}

/** Starts the sample session from the wizard; returns its id. */
async function startSampleNight(page) {
  await tid(page, 'use-sample').click();
  await waitText(tid(page, 'team-edit-0'), ''); // rendered
  assert.equal(await tid(page, 'fig-name-0-1').inputValue(), 'Atkins');
  assert.equal(await tid(page, 'setup-problem').count(), 0);
  await tid(page, 'create-scouting').click();
  await phase(page, 'Scouting', 10_000);
  const m = /#\/c\/([0-9a-f]+)\//.exec(page.url());
  assert.ok(m, `campaign id in ${page.url()}`);
  return m[1];
}

const pick = (page, fig) => tid(page, `pick-${fig}`).click();
async function move(page, to, { open = false } = {}) {
  if (open) await tid(page, 'move-open').click();
  await tid(page, `move-to-${to}`).click();
}
/** The defender takes the tablet and answers. */
async function defender(page, action) {
  await tid(page, 'defender-answer').click();
  await tid(page, action).click();
}

test('a session on its own: the Atkins example, typed dice, every outcome checked', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  const shot = (name) => page.screenshot({ path: screenshotPath(`scouting-${name}-1024x768.png`), fullPage: true });
  await guard(openScoutingWizard(page, server.url));
  // An empty setup says what is missing, from the rules' own check.
  await waitText(tid(page, 'setup-problem'), 'Name at least one area of the table.');
  assert.ok(await tid(page, 'create-scouting').isDisabled());
  await tid(page, 'use-sample').click();
  await shot('01-wizard');
  await startSampleNight(page);
  await waitText(tid(page, 'clock-text'), 'It is 01:00. 3 h 00 min left before 04:00');
  await waitText(tid(page, 'fig-status-0-1'), 'Atkins');

  // "Atkins moves into a wood on his table edge at 0100 hours (first move action)."
  await pick(page, '0-1');
  await move(page, 0);
  await lastStep(page, 'Atkins comes onto the table into Edge wood.');
  await phase(page, 'Scouting');
  // "He pivots, moves into a second wood (second action)": the defender is asked, says nothing.
  await move(page, 1);
  await phase(page, "Defender's reaction");
  await waitText(tid(page, 'reaction-text'), 'Atkins moves from Edge wood to Second wood.');
  assert.equal(await tid(page, 'let-pass').count(), 0, 'the defender answers only once he holds the tablet');
  await defender(page, 'let-pass');
  await lastStep(page, 'The defender lets Atkins go by.');
  // "then into a field (third action) ... he rolls for the clock, and gets a 5. It is now 0120."
  await move(page, 2);
  await defender(page, 'let-pass');
  await phase(page, 'Clock roll');
  await waitText(tid(page, 'clock-why'), 'Atkins has made three moves in a row');
  assert.deepEqual(await readOdds(page), { 'No time passes (still 01:00)': '50%', '20 minutes pass (to 01:20)': '50%' });
  await tapDie(page, 5);
  await waitText(tid(page, 'clock-text'), 'It is 01:20.');
  await phase(page, 'Scouting');

  // "He moves to the edge of the field (one action) and peers into the open ground beyond."
  await move(page, 2);
  await lastStep(page, 'Atkins moves on within Field.');
  await tid(page, 'spot-3').click();
  // Atkins: veteran +1 (open ground gives the sentries no cover). Sentries: regular 0, Atkins in
  // cover -1. Atkins sees on d6+1 > d6-1 (26/36), the sentries on d6-1 > d6+1 (6/36):
  // 26x30, 26x6, 10x6 and 10x30 of 1296.
  const spotOdds = await readOdds(page);
  assert.deepEqual(Object.values(spotOdds), ['60.2%', '12%', '4.6%', '23.1%']);
  assert.match(Object.keys(spotOdds)[2], /^Only the sentries see: the defender may fire, or hold fire/);
  // Each side of each opposed roll apart; no total adds both sides' modifiers.
  await waitText(tid(page, 'contests'), '+1 Atkins is veteran');
  await waitText(tid(page, 'contests'), '-1 Atkins in cover');
  assert.equal(await tid(page, 'modifiers').count(), 0, 'no one list of both sides\' modifiers');
  assert.deepEqual(await tid(page, 'contest-total').allTextContents(), ['Total: his die +1', 'Total: his die -1', 'Total: his die -1', 'Total: his die +1']);
  await shot('02-spotting-odds');
  // "He rolls 1d6 gets a 3 +1 for veteran, = 4 ... They roll 5 -1 = 4, a tie." The phantom
  // spot: the sentries' 6 -1 = 5 beats Atkins' 2 +1 = 3.
  await typeDice(page, '3 5 6 2');
  await phase(page, 'Sentries have seen a scout');
  const spotLine = await text(tid(page, 'last-step'));
  assert.match(spotLine, /3 \+1 = 4/);
  assert.match(spotLine, /5 -1 = 4/);
  await waitText(tid(page, 'spotted-text'), 'Atkins saw nothing in Open ground, but the sentries saw him');
  assert.equal(await tid(page, 'hold-fire').count(), 0, 'hidden until the defender takes the tablet');
  await tid(page, 'defender-answer').click();
  await shot('03-defender-answers');
  // "but does nothing (because he can't, but he doesn't let on)".
  await tid(page, 'hold-fire').click();
  await lastStep(page, 'The defender holds fire.');
  await phase(page, 'Clock roll');
  await tapDie(page, 4);
  await waitText(tid(page, 'clock-text'), 'It is 01:40.');

  // "makes his way across the open to the next wood. The defender ... would like to try and
  // spot him. The defender rolls a 5. Atkins rolls 2 +1 veteran = 3."
  await move(page, 4, { open: true });
  await phase(page, "Defender's reaction");
  await waitText(tid(page, 'reaction-text'), 'across open ground');
  await defender(page, 'react-spot');
  // Sentries d6 > d6+1: 10/36.
  assert.deepEqual(await readOdds(page), { 'Seen: the defender must fire': '27.8%', 'Not seen: he carries on': '72.2%' });
  await typeDice(page, '5 2');
  await phase(page, 'Sentries have seen a scout');
  await waitText(tid(page, 'spotted-text'), 'The defender must now fire');
  // "he fires with the section in the farmhouse, rolling 5d6 ... 3,(6),5,3,4 = one hit".
  await tid(page, 'defender-answer').click();
  assert.equal(await tid(page, 'hold-fire').count(), 0, 'after a reactive spot he may not hold fire');
  await tid(page, 'fire-from').selectOption('5');
  await waitText(tid(page, 'dice-spec'), '5d6');
  const fireOdds = await readOdds(page);
  assert.deepEqual(Object.keys(fireOdds).map((k) => k.split(':')[0]), ['No hits', '1 hit', '2 or more hits']);
  await typeDice(page, '3 6 5 3 4');
  await lastStep(page, '1 hit');
  // "The result sends Atkins retreating to the field."
  await phase(page, 'Retreat');
  await waitText(tid(page, 'retreat-text'), 'into cover');
  await tid(page, 'retreat-to-2').click();
  // "The troops in the farmhouse are revealed, because Atkins has lived to tell the tale."
  await phase(page, 'Reveal');
  assert.equal(await tid(page, 'reveal-empty').count(), 0, 'troops that fired cannot be declared absent');
  await tid(page, 'reveal-what').fill('a rifle section');
  await tid(page, 'reveal-troops').click();
  await phase(page, 'Scouting');
  await waitText(tid(page, 'fig-status-0-1'), '1 not banked');

  // "He moves laterally through the field, and receives more reactive fire, which is 4d6.
  // The sentry rolls 2,5,(5),2 ... another one-hit result".
  await pick(page, '0-1');
  await move(page, 2);
  await defender(page, 'react-fire');
  await tid(page, 'fire-from').selectOption('5');
  await waitText(tid(page, 'dice-spec'), '4d6');
  await typeDice(page, '2 5 5 2');
  await phase(page, 'Retreat');
  // "and Atkins moves further from the farmhouse, out of the field and thus out of LOS".
  await waitText(tid(page, 'retreat-text'), 'out of the firers\' sight');
  await tid(page, 'retreat-to-1').click();
  await phase(page, 'Scouting');

  // "He moves back to his leader and banks ... either his leader or himself to move in the
  // open in LOS of the farmhouse ... He gets away with it, though."
  await pick(page, '0-0');
  await move(page, 0);
  await lastStep(page, 'Sgt Wilson comes onto the table into Edge wood.');
  await pick(page, '0-1');
  await move(page, 0, { open: true });
  await defender(page, 'react-spot');
  await typeDice(page, '3 4');
  await lastStep(page, 'he slips past');
  await phase(page, 'Scouting');
  await pick(page, '0-1');
  await tid(page, 'bank').click();
  await lastStep(page, 'Atkins reports to Sgt Wilson: 1 find banked');
  await tid(page, 'tab-forces').click();
  await waitText(tid(page, 'find-0'), 'banked with the scout leader');
  await waitText(tid(page, 'find-0'), 'troops (a rifle section)');
  await shot('04-forces');
  await tid(page, 'tab-rules').click();
  await waitText(tid(page, 'ref-fire'), 'Killed');
  await waitText(tid(page, 'ref-readings'), 'worst result stands');
  await tid(page, 'tab-play').click();

  // Both go home and report; the night is called.
  await pick(page, '0-1');
  await move(page, 'edge');
  await lastStep(page, 'He is back and done for the night; he reports 1 find to the briefing.');
  await pick(page, '0-0');
  await move(page, 'edge');
  await tid(page, 'end-night').click();
  await tid(page, 'end-night-confirm').click();
  await phase(page, 'Night over');
  await waitText(tid(page, 'summary'), 'Farmhouse: troops (a rifle section) (Atkins, 01:40).');
  assert.equal(await tid(page, 'record-findings').count(), 0, 'a session on its own has no battle to go back to');
  await shot('05-night-over');
});

test('a session from a Race for X Prepared Defence: findings recorded on the battle', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  const rfxId = await guard(startSample(page, server.url));
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'regroup');
  await tapDie(page, 4, 'Anna: type of battle: rolled 4: Prepared Defence.');
  await phase(page, 'Forces on table');
  await toggleUnits(page, [0, 3, 4, 5, 6, 7, 8, 9, 10]);
  await tid(page, 'confirm-forces').click();
  await phase(page, 'Defending force');
  await tapDie(page, 2, 'Boris defends with S3 option A (rolled 2).');
  await phase(page, 'Fight the battle');

  await tid(page, 'start-scouting').click();
  await tid(page, 'scouting-wizard').waitFor();
  assert.match(page.url(), new RegExp(`#/new/crossfire-scouting\\?from=${rfxId}/1/A/prepared$`));
  await waitText(tid(page, 'wizard-origin'), 'turn 1, player A attacks a Prepared Defence');
  const nightId = await startSampleNight(page);
  await waitText(tid(page, 'origin'), 'turn 1, player A');

  // Sgt Wilson steps into the edge wood and looks into the farmhouse: 6 -1 = 5 against 1 -1 = 0,
  // he sees; the sentries 1 -1 = 0 against 6 -1 = 5 do not.
  await pick(page, '0-0');
  await move(page, 0);
  await tid(page, 'spot-5').click();
  await typeDice(page, '6 1 1 6');
  await phase(page, 'Reveal');
  await tid(page, 'reveal-what').fill('an HMG section');
  await tid(page, 'reveal-troops').click();
  await phase(page, 'Clock roll');
  await tapDie(page, 1);
  await phase(page, 'Scouting');
  await pick(page, '0-0');
  await move(page, 'edge');
  await tid(page, 'end-night').click();
  await tid(page, 'end-night-confirm').click();
  await phase(page, 'Night over');
  await waitText(tid(page, 'summary'), 'Farmhouse: troops (an HMG section) (Sgt Wilson, 01:00).');

  await tid(page, 'record-findings').click();
  await phase(page, 'Fight the battle');
  assert.ok(page.url().includes(`#/c/${rfxId}/`), page.url());
  const note = 'Night scouting: Scouting ended at 01:00. Farmhouse: troops (an HMG section) (Sgt Wilson, 01:00).';
  await waitText(page.locator('.notes ul'), note);
  await lastStep(page, 'Night scouting');
  await page.screenshot({ path: screenshotPath('scouting-06-note-on-battle-1024x768.png'), fullPage: true });

  // The battle moves on: the findings can no longer be added, and the summary is offered.
  await fillOutcome(page, { objectives: 0 });
  await tid(page, 'record-outcome').click();
  await phase(page, 'Battle result');
  await page.evaluate((id) => { location.hash = `#/c/${id}/play`; }, nightId);
  await phase(page, 'Night over');
  await tid(page, 'record-findings').click();
  await waitText(tid(page, 'record-error'), 'the campaign has moved on');
  assert.equal(await tid(page, 'summary-text').inputValue(), note);
});

test('small screen: wizard, scouting step and the hand-over at 390x844', async (t) => {
  const { page, guard } = await newPage(browser, { width: 390, height: 844 }, t);
  const shot = (name) => page.screenshot({ path: screenshotPath(`scouting-${name}-390x844.png`), fullPage: true });
  await guard(openScoutingWizard(page, server.url));
  await tid(page, 'use-sample').click();
  await shot('01-wizard');
  await startSampleNight(page);
  await pick(page, '0-1');
  await move(page, 0);
  await tid(page, 'spot-5').click();
  await shot('02-spotting');
  // Moving gives way to an open spot roll; "Not now" brings the moves back.
  await tid(page, 'spot-cancel').click();
  await move(page, 1);
  await phase(page, "Defender's reaction");
  await shot('03-handover');
});
