// Rapier Offensive: the sample (Operation Uranus) played on one shared tablet held by "the
// whole table": the umpire's face-down deployment behind the hand-over, recon with a counter
// pair examined by the Staff Officer alone, the orders, the divisions' deployment, the TRPs,
// the bombardment, and two full turns with every die typed in (a move into contact, a unit up
// from the Division Reserve, the umpire's movers and a dummy moved and lifted, an on-call
// mission on a TRP, mortar support fire, and ground combat where the umpire names a loss).
// At every step the players' screen is checked: no face-down counter's identity in the DOM's
// text or attributes; the TRPs are not drawn for the table.
//
// The deployment is the "spread the rest" one: piece i (the 15 units, then 6 fortifications,
// 4 minefields, 25 dummies) goes to deployment sector i mod 16 (A1 L2, A2 L2, ... A4 L5), so
// A1 L2 holds the HQ (unit 0), a fortification and two dummies; A2 L2 the 1/8th Inf (unit 1).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, tid, waitText, waitFor, phase, axeCheck, screenshotPath } from './harness.mjs';

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

// Defending units whose counters this game never turns over: their names must never show.
const NEVER_SEEN = ['1/8th Inf', 'Recce Group', 'II/28th Arty', 'I/28th Arty', 'AT Coy'];

/** The players' view holds no face-down counter's identity, in text or attributes. */
async function noSecrets(page, where) {
  const html = await page.evaluate(() => document.querySelector('.campaign').outerHTML);
  assert.equal(await page.locator('[data-face="known"]').count(), 0, `${where}: a counter drawn as known`);
  for (const face of await page.locator('[data-face="down"] text').allTextContents()) {
    assert.equal(face.trim(), '?', `${where}: a face-down counter shows ${face}`);
  }
  assert.doesNotMatch(html, /face down\)/, `${where}: an identity with "face down"`);
  for (const name of NEVER_SEEN) assert.ok(!html.includes(name), `${where}: ${name} shows`);
  assert.ok(!/Dummy|Dum<|>Du</.test(html.replace(/dummies|Dummies|dummy lifted|a dummy/g, '')), `${where}: a dummy named`);
}

/** axe-core on the screen; what it finds is collected and fails the test at its end. */
const axeMisses = [];
async function axe(page, what) {
  try {
    await axeCheck(page, what);
  } catch (e) {
    axeMisses.push(e.message);
  }
}

async function typeDice(page, dice) {
  await tid(page, 'dice-input').fill(dice);
  await tid(page, 'dice-submit').click();
}

/** Types ones for every die of the throw on screen (a miss everywhere). */
async function missAll(page) {
  const spec = await tid(page, 'dice-spec').first().textContent();
  const n = Number(/^(\d+)d/.exec(spec.trim())[1]);
  await typeDice(page, Array(n).fill('1').join(' '));
}

/** Plays steps that need only their button: each [phase title, button test id] in turn. */
async function steps(page, runs) {
  for (const [title, id] of runs) {
    await phase(page, title);
    await tid(page, id).click();
  }
}

/** Throws ones for every die until the ground combat is over, the secrets checked at each throw. */
async function missUntilOver(page, where) {
  while ((await tid(page, 'phase-title').textContent()).includes('Ground combat')) {
    await noSecrets(page, where);
    const before = await tid(page, 'last-step').textContent().catch(() => '');
    await missAll(page);
    await waitFor(async () => (await tid(page, 'last-step').textContent()) !== before, 'the throw is taken');
  }
}

/** The end of a turn once the fighting is over: minefields, HQs, the next turn. */
async function endTurn(page) {
  await steps(page, [['Clear minefields', 'clear-minefields'], ['Replace Division HQ', 'end-turn']]);
}

test('the Rapier sample: setup, recon, deployment, bombardment and two turns, secrets kept', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(page.goto(server.url));
  const start = tid(page, 'start-sample-rapier-offensive');
  if (!(await start.isVisible())) await tid(page, 'new-campaign').click();
  await start.click();
  await phase(page, 'Defender deployment', 10_000);
  await axe(page, 'the umpire hand-over');
  await noSecrets(page, 'before deployment');

  // The umpire deploys behind the hand-over.
  await tid(page, 'reveal-umpire').click();
  await tid(page, 'deploy-form').waitFor();
  await axe(page, 'the deployment form');
  await tid(page, 'spread-rest').click();
  await waitText(tid(page, 'deploy-form'), '50 of 50 counters placed');
  await tid(page, 'deploy-defenders').click();
  await phase(page, 'Reconnaissance');
  await noSecrets(page, 'after deployment');
  assert.equal(await page.locator('[data-face="down"]').count(), 50);

  // Recon: 2 2 lands on A2 L2; the Staff Officer examines two counters there in secret.
  await typeDice(page, '2 2');
  await phase(page, 'Examine counters');
  await tid(page, 'reveal-staff').click();
  await tid(page, 'examine-4').click();
  await tid(page, 'examine-5').click();
  await tid(page, 'examine').click();
  await phase(page, 'Reconnaissance');
  await noSecrets(page, 'after examining');
  // The Staff Officer reads what he saw; covered again, it is gone.
  await tid(page, 'reveal-staff').click();
  await tid(page, 'recon-lines').waitFor();
  assert.match(await tid(page, 'recon-lines').textContent(), /A2 L2: .*;/);
  await tid(page, 'cover').click();
  await tid(page, 'recon-lines').waitFor({ state: 'detached' });
  await noSecrets(page, 'recon report covered');
  await typeDice(page, '6 1');
  await typeDice(page, '5 3');

  // The orders at the command post.
  await phase(page, 'Initial orders');
  await tid(page, 'reveal-corps').click();
  await tid(page, 'orders-form').waitFor();
  await waitText(tid(page, 'break-through-fixed'), '26th Tank Corps');
  await tid(page, 'issue-orders').click();

  await phase(page, 'Attacker deployment');
  for (const d of [1, 2, 3]) {
    await tid(page, `reveal-div${d}`).click();
    await tid(page, 'fill-line').click();
    await tid(page, 'deploy-division').click();
    await tid(page, 'division-deploy').waitFor({ state: 'detached' });
  }
  await phase(page, 'Corps fire plan');
  await noSecrets(page, 'deployed');
  assert.equal(await page.locator('[data-testid="map-unit"]').count(), 24);

  // TRPs: only the Corps Commander sees them on the map.
  await tid(page, 'reveal-corps').click();
  for (const s of ['a1-l3', 'a2-l3', 'a3-l4', 'a4-l2']) await tid(page, `map-${s}`).click();
  assert.equal(await tid(page, 'map-trp').count(), 0, 'no TRP is drawn before plotting');
  await tid(page, 'plot-trps').click();
  await phase(page, 'Pre-battle bombardment');
  assert.equal(await tid(page, 'map-trp').count(), 0, 'the table does not see the TRPs');

  // Bombardment: all ones on A1 L2; a 6 on A2 L2 destroys a counter, which leaves face down.
  await tid(page, 'map-a1-l2').click();
  await waitText(tid(page, 'fm-target'), 'A1 L2: 4 counters');
  await typeDice(page, '1 1 1 1');
  await waitText(tid(page, 'last-step'), 'ire mission');
  await tid(page, 'map-a2-l2').click();
  await typeDice(page, '6 1 1 1');
  await waitFor(async () => (await page.locator('[data-face="down"]').count()) === 49, 'one counter gone');
  await noSecrets(page, 'after the bombardment');
  await tid(page, 'end-bombardment').click();

  // Turn 1: 1/137th Gds goes into A1 L2 and turns its counters over (the dummies are lifted).
  await phase(page, 'Random event');
  await tid(page, 'face-1').click();
  await phase(page, 'Attacker movement');
  await tid(page, 'map-a1-l1').click();
  await tid(page, 'mover-1-1').click();
  await tid(page, 'map-a1-l2').click();
  await waitText(tid(page, 'path-line'), 'A1 L2');
  await tid(page, 'move').click();
  await waitText(tid(page, 'last-step'), 'makes contact');
  await noSecrets(page, 'contact');
  assert.equal(await page.locator('[data-face="up"]').count(), 2, 'the HQ and the fortification face up');
  await tid(page, 'end-movement').click();
  await steps(page, [
    ['Defender movement', 'end-defender-movement'],
    ['On-call bombardment', 'end-on-call'],
    ['Defender support fire', 'end-support'],
    ['Attacker support fire', 'end-support'],
  ]);
  await phase(page, 'Ground combat');
  await waitText(tid(page, 'combat-line'), 'A1 L2, round 1 of 3: the defender fires first');
  await axe(page, 'ground combat');
  await missUntilOver(page, 'ground combat');
  await endTurn(page);

  // Turn 2: a unit comes up from R1 at the command post; the defender rolls its movers;
  // an on-call mission on a TRP; ground combat again.
  await phase(page, 'Random event');
  await waitText(tid(page, 'turn-line'), 'Turn 2 of 6');
  await tid(page, 'face-2').click();
  await phase(page, 'Attacker movement');
  await tid(page, 'reveal-corps').click();
  await tid(page, 'reserves').waitFor();
  await tid(page, 'map-a1-l1').click();
  await tid(page, 'enter-1-13').click();
  await waitText(tid(page, 'last-step'), 'Mortar Bn comes up from the Division Reserve to A1 L1');
  await noSecrets(page, 'reserve entered');
  // The map answers the step again once the reserve panel is covered: 2/137th joins the fight.
  await tid(page, 'map-a1-l1').click();
  await tid(page, 'mover-1-2').click();
  await tid(page, 'map-a1-l2').click();
  await tid(page, 'move').click();
  await waitText(tid(page, 'last-step'), '2/137th Gds moves into A1 L2');
  await tid(page, 'end-movement').click();
  await phase(page, 'Defender movement');
  await tid(page, 'reveal-umpire').click();
  await tid(page, 'face-3').click();
  // One reveal serves the umpire's whole turn: the panel stays open after the roll and the
  // move. The umpire moves a counter of A4 L5 (a fortification and two dummies): a dummy, lifted.
  await waitText(tid(page, 'moves-left'), '3 of 3 moves left');
  await tid(page, 'map-a4-l5').click();
  await page.locator('[data-testid^="dmover-"]').first().click();
  await tid(page, 'map-a4-l4').click();
  await tid(page, 'defender-move').click();
  await waitText(tid(page, 'moves-left'), '2 of 3 moves left');
  await waitText(tid(page, 'last-step'), 'lifted');
  // Covered before the tablet goes back: the table's last step says only what it may know.
  await tid(page, 'cover').click();
  await tid(page, 'defender-move-panel').waitFor({ state: 'detached' });
  await waitText(tid(page, 'last-step'), 'a dummy, lifted from A4 L4');
  await noSecrets(page, 'defender moved');
  await tid(page, 'end-defender-movement').click();
  await phase(page, 'On-call bombardment');
  await tid(page, 'reveal-corps').click();
  await tid(page, 'call-a1-l3').click();
  await missAll(page);
  await waitText(tid(page, 'last-step'), 'On-call fire mission 1 of 8 on A1 L3');
  await noSecrets(page, 'on-call fire');
  await tid(page, 'end-on-call').click();
  await steps(page, [['Defender support fire', 'end-support']]);
  await phase(page, 'Attacker support fire');
  // The mortars fire from A1 L1 at a face-up counter of A1 L2: a 1 misses.
  await tid(page, 'battery-unit-1-13').click();
  await tid(page, 'map-a1-l2').click();
  await page.locator('[data-testid^="target-counter-"]').first().click();
  await typeDice(page, '1');
  await waitText(tid(page, 'last-step'), 'Mortar Bn fires at');
  await waitText(tid(page, 'last-step'), 'no effect');
  await tid(page, 'end-support').click();
  // Round 1: the HQ and the fortification throw 6 and 1: one hit on two rifle battalions, so
  // the umpire names the loss.
  await phase(page, 'Ground combat');
  await typeDice(page, '6 1');
  await tid(page, 'name-losses').waitFor();
  await axe(page, 'naming the losses');
  await tid(page, 'loss-unit-1-1').click();
  await tid(page, 'allocate-losses').click();
  await waitText(tid(page, 'last-step'), 'The umpire names the losses: 1/137th Gds');
  await missUntilOver(page, 'ground combat, turn 2');
  await endTurn(page);
  await phase(page, 'Random event');
  await waitText(tid(page, 'turn-line'), 'Turn 3 of 6');
  await noSecrets(page, 'turn 3');
  await page.screenshot({ path: screenshotPath('rapier-turn-3.png') });

  // The umpire's own view shows what the counters are; the table's does not.
  await tid(page, 'tab-log').click();
  await tid(page, 'holder-0').click();
  await tid(page, 'tab-play').click();
  await phase(page, 'Random event');
  assert.ok((await page.locator('[data-face="known"]').count()) > 20, 'the umpire knows the face-down counters');
  await tid(page, 'tab-forces').click();
  await waitText(tid(page, 'roster-defender'), 'II/28th Arty');
  await axe(page, 'the rosters');
  await tid(page, 'tab-rules').click();
  await tid(page, 'readings').waitFor();
  await axe(page, 'the rules reference');
  assert.deepEqual(axeMisses, []);
});

test('a new Rapier game from the wizard: the sample to start from, the options, the ground and the event table', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(page.goto(server.url));
  const card = tid(page, 'new-rapier-offensive');
  if (!(await card.isVisible())) await tid(page, 'new-campaign').click();
  await card.click();
  await tid(page, 'wizard').waitFor();
  await waitText(tid(page, 'illustrative'), 'illustrative');
  await tid(page, 'opt-halting').check();
  await tid(page, 'ground-a2-l3').selectOption({ label: 'Woods' });
  await tid(page, 'event-6').selectOption({ label: 'Thick fog' });
  await tid(page, 'bt-open').click();
  const name = tid(page, 'player-umpire');
  await name.fill('');
  await name.dispatchEvent('change');
  await waitText(tid(page, 'setup-problem'), 'The umpire needs a name.');
  assert.equal(await tid(page, 'create-campaign').isDisabled(), true);
  await name.fill('Ute');
  await name.dispatchEvent('change');
  await tid(page, 'setup-problem').waitFor({ state: 'detached' });
  await axe(page, 'the wizard');
  await tid(page, 'create-campaign').click();
  await phase(page, 'Defender deployment');
  await waitText(tid(page, 'reveal-umpire'), 'I am Ute');
  await waitText(tid(page, 'map-a2-l3'), 'Woods');
  await tid(page, 'tab-rules').click();
  await waitText(tid(page, 'table-bogging'), 'Canal/river');
  assert.deepEqual(axeMisses, []);
});

test('an unplayed Rapier game is edited in the wizard and saved over itself; once play starts the setup is fixed', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(page.goto(server.url));
  const start = tid(page, 'start-sample-rapier-offensive');
  if (!(await start.isVisible())) await tid(page, 'new-campaign').click();
  await start.click();
  await phase(page, 'Defender deployment', 10_000);
  await waitText(tid(page, 'reveal-umpire'), 'I am Umpire');

  // The wizard opens on the game's own setup.
  await tid(page, 'edit-setup').click();
  await tid(page, 'wizard').waitFor();
  await waitText(page.locator('h1'), 'Edit game setup');
  assert.equal(await tid(page, 'player-umpire').inputValue(), 'Umpire');
  assert.equal(await tid(page, 'extra-dummies').inputValue(), '25');
  const fill = async (id, value) => {
    await tid(page, id).fill(value);
    await tid(page, id).dispatchEvent('change');
  };
  await fill('wizard-name', 'Uranus, club night');
  await fill('player-umpire', 'Ute');
  await fill('extra-dummies', '20');
  await tid(page, 'opt-halting').check();
  await tid(page, 'ground-a2-l3').selectOption({ label: 'Woods' });
  await axe(page, 'the wizard, editing');
  await waitText(tid(page, 'create-campaign'), 'Save setup');
  await tid(page, 'create-campaign').click();

  // The same game, changed: the new name, the umpire, 45 counters, the woods on the map.
  await waitText(tid(page, 'campaign-title'), 'Uranus, club night');
  await phase(page, 'Defender deployment');
  await waitText(tid(page, 'reveal-umpire'), 'I am Ute');
  await waitText(tid(page, 'phase'), "defending division's 45 counters");
  await waitText(tid(page, 'map-a2-l3'), 'Woods');
  await tid(page, 'reveal-umpire').click();
  await tid(page, 'spread-rest').click();
  await waitText(tid(page, 'deploy-count'), '45 of 45 counters placed');
  await tid(page, 'deploy-defenders').click();
  await phase(page, 'Reconnaissance');
  assert.equal(await tid(page, 'edit-setup').count(), 0, 'no editing once play has begun');

  // Saved over itself: one game in the list, under its new name.
  await page.goto(server.url);
  await tid(page, 'campaign-row').first().waitFor();
  assert.equal(await tid(page, 'campaign-row').count(), 1);
  await waitText(tid(page, 'campaign-row'), 'Uranus, club night');
  assert.deepEqual(axeMisses, []);
});
