// Deluxe Axis of Attack: the sample campaign played for three turns with every die typed in,
// every outcome worked out by hand from the rules (/work/shared/rules/axis-of-attack.txt, read
// through the rules README) in the comments and asserted on the page; then a reload, and the
// sector, strengths and campaign VP checked again. Screenshots go to target/screenshots/.
//
// Sample: Anna (German, west, home sector 1) against Boris (Soviet, east, home sector 7).
//   Anna:  0-2 Panzergrenadier platoons (5-7 teams, bought 7: full) · 3 HMG (3-5, 5) ·
//          4 PaK38 (3-5, 5) · 5 Panzer IIIJ (support, all tanks, 3-5, 5) · 6 Armoured cars (2-3, 3)
//   Boris: 0 1st Medium Tank Co (5-10, 10: full) · 1 2nd (bought 7: under strength) ·
//          2 Tank Riders (7-13, 10) · 3 Recon (2-3, 3) · 4 SU-76 (support, 3-5, 5) · 5 DShK (2-3, 3)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, screenshotPath, tid, waitText, waitFor, phase } from './harness.mjs';

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

/**
 * A full-page screenshot. Chromium restores the scroll position late after one, which can move
 * the page under the next click: scroll to the top and let two frames pass first.
 */
async function fullShot(page, path) {
  await page.screenshot({ path, fullPage: true });
  await page.evaluate(() => new Promise((r) => { window.scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(r)); }));
}

const text = async (loc) => ((await loc.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** Opens the list and starts the Axis of Attack sample; returns the campaign id. */
async function startAoaSample(page, url) {
  await page.goto(url);
  const start = tid(page, 'start-sample-axis-of-attack');
  if (!(await start.isVisible())) await tid(page, 'new-campaign').click();
  await start.click();
  await waitText(tid(page, 'phase-title'), 'Table area', 10_000);
  const m = /#\/c\/([0-9a-f]+)\//.exec(page.url());
  if (!m) throw new Error(`no campaign id in ${page.url()}`);
  return m[1];
}

const sectorHere = async (page) =>
  page.locator('[data-testid^="sector-"][data-here="true"]').getAttribute('data-testid');

async function typeDice(page, dice) {
  await tid(page, 'dice-input').fill(dice);
  await tid(page, 'dice-submit').click();
}

/** Fills and hands in one player's secret force list. */
async function handIn(page, side, { vp = 0, platoons, points, option }) {
  await tid(page, `reveal-${side}`).click();
  await tid(page, 'force-form').waitFor();
  await tid(page, `vp-points-${vp}`).click();
  for (const [i, teams] of platoons) {
    await tid(page, `field-${i}`).click();
    await tid(page, `teams-${i}`).fill(String(teams));
  }
  await tid(page, 'force-points').fill(String(points));
  if (option) await tid(page, `option-${option}`).click();
  await waitFor(async () => (await tid(page, 'force-problem').count()) === 0, `no problem with ${side}'s list`);
  await tid(page, 'submit-force').click();
  await tid(page, 'force-form').waitFor({ state: 'detached' });
}

async function recordResult(page, winner, vpWest, vpEast) {
  await tid(page, `winner-${winner}`).click();
  await tid(page, 'vp-west').fill(String(vpWest));
  await tid(page, 'vp-east').fill(String(vpEast));
}

/** Casualties of one side: { platoon: { on, bailed, immobile } }. */
async function casualties(page, side, rows) {
  for (const [i, r] of Object.entries(rows)) {
    await tid(page, `on-table-${side}-${i}`).fill(String(r.on));
    if (r.bailed) await tid(page, `bailed-${side}-${i}`).fill(String(r.bailed));
    if (r.immobile) await tid(page, `immobile-${side}-${i}`).check();
  }
}

async function assignDice(page, side, { vp = 0, dice = {} }) {
  await tid(page, `reinforce-form-${side}`).waitFor();
  // The form starts with the dice spread over the platoons that can grow: clear them first.
  for (const input of await page.locator(`input[data-testid^="dice-${side}-"]`).all()) await input.fill('0');
  if (vp) await tid(page, `reinforce-vp-${side}`).fill(String(vp));
  for (const [i, n] of Object.entries(dice)) await tid(page, `dice-${side}-${i}`).fill(String(n));
}

const strength = (page, side, i) => text(tid(page, `strength-${side}-${i}`));

test('plays the sample campaign for three turns with typed-in dice, reloads, and checks the sector, strengths and VP', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  const shot = (name) => fullShot(page, screenshotPath(`aoa-${name}-1024x768.png`));
  const id = await guard(startAoaSample(page, server.url));
  assert.equal(await text(tid(page, 'status')), 'Turn 1 · Table area');
  assert.equal(await sectorHere(page), 'sector-4', 'the first game is in the middle sector');
  assert.match(await text(tid(page, 'sector-1')), /German home.*Anna/);
  assert.match(await text(tid(page, 'sector-7')), /Soviet home.*Boris/);
  assert.match(await text(tid(page, 'mission')), /^Encounter/);

  // ================= Turn 1: Encounter in sector 4 =================
  // No winner yet: the area is agreed and cannot be shifted.
  assert.match(await text(tid(page, 'area-who')), /Agree the table area/);
  assert.equal(await tid(page, 'area-shift').count(), 0);
  await tid(page, 'area-note').fill('Village and river bend');
  await tid(page, 'confirm-area').click();
  await phase(page, 'Force lists');
  await shot('01-handover');

  await handIn(page, 'west', { platoons: [[0, 7], [1, 7], [3, 5], [5, 5]], points: 1500 });
  await waitText(tid(page, 'handover-west'), 'Anna has handed in a force list (hidden)');
  await tid(page, 'reveal-east').click();
  await tid(page, 'force-form').waitFor();
  assert.doesNotMatch(await page.locator('body').innerText(), /Panzergrenadier|Anna[^\n]*1500/, "Anna's list is hidden from Boris");
  await shot('02-force-form-east');
  await tid(page, 'hide-force').click();
  await handIn(page, 'east', { platoons: [[0, 10], [1, 7], [3, 3]], points: 1350 });

  // Weather: 5 after clear is cloudy; the ground dries one level, but dry stays dry.
  await phase(page, 'Weather');
  await waitText(tid(page, 'force-west'), 'Anna (German): 1500 points');
  await typeDice(page, '5');
  await phase(page, 'Play the game');
  await waitText(tid(page, 'weather'), 'Cloudy (rolled 5); ground dry');
  await waitText(tid(page, 'weather-card'), 'no aircraft fly');

  // Anna wins 5-2. Boris fielded 150 points fewer: +1 VP. The Encounter winner advances: 4 -> 5.
  await recordResult(page, 'west', 5, 2);
  await waitText(tid(page, 'result-preview'), 'Outnumbered and outgunned: Boris +1 VP (fielded 150 fewer points).');
  await waitText(tid(page, 'result-preview'), 'Advance: the fighting moves from Sector 4 to Sector 5.');
  await shot('03-result');
  await tid(page, 'record-result').click();
  await phase(page, 'Casualties');
  assert.equal(await sectorHere(page), 'sector-5');
  await waitText(tid(page, 'map-move'), 'Advance: the fighting moved from Sector 4 to Sector 5.');

  // Anna: 1st Pzg 4 of 7 left: gutted. HMG 3: depleted. Panzers 3 + 1 bailed (she won: back) = 4: under strength.
  await casualties(page, 'west', { 0: { on: 4 }, 1: { on: 7 }, 3: { on: 3 }, 5: { on: 3, bailed: 1 } });
  await waitText(tid(page, 'would-become-west-0'), '4 teams counted: full strength would become gutted, mobile.');
  await waitText(tid(page, 'would-become-west-5'), '4 teams counted: full strength would become under strength, mobile.');
  await shot('04-casualties');
  await tid(page, 'record-casualties-west').click();
  // Boris: 1st tanks 6 + 2 bailed (he lost: gone) = 6 of 5-10: depleted. Recon 2 of 2-3: depleted.
  await casualties(page, 'east', { 0: { on: 6, bailed: 2 }, 1: { on: 7 }, 3: { on: 2 } });
  await waitText(tid(page, 'would-become-east-0'), '6 teams counted: full strength would become depleted, mobile.');
  await tid(page, 'record-casualties-east').click();

  // Reinforcements. Anna: 4 dice, in list order 1st Pzg (2 dice, 3+), HMG (1, 4+), Panzers (1, 5+ and +1 for tanks = 6).
  await phase(page, 'Reinforcements');
  await assignDice(page, 'west', { dice: { 0: 2, 3: 1, 5: 1 } });
  await waitText(tid(page, 'chance-west-0'), '88.9%'); // 1 - (2/6)^2
  await waitText(tid(page, 'chance-west-5'), '16.7%');
  await waitText(tid(page, 'dice-count-west'), '4 of 4 dice assigned');
  await shot('05-reinforcements');
  // 3 1 -> gutted to depleted; 4 -> HMG up to under strength; 6 -> Panzers full again.
  await typeDice(page, '3 1 4 6');
  await waitText(tid(page, 'reinforced-west'), 'Panzer IIIJ Platoon: rolled [6] needing 6+ → up to full strength');
  // Boris: 1st tanks 2 dice at 4+ (all tanks), recon 2 dice at 6+: 1 2 fail, 5 6 brings the recon back to full.
  await assignDice(page, 'east', { dice: { 0: 2, 3: 2 } });
  await typeDice(page, '1 2 5 6');
  // Exchanges: Boris has 3 VP (fewer than 5), so only Anna (5 VP) is asked.
  await phase(page, 'Exchange support');
  await tid(page, 'exchange-done-east').waitFor();
  await tid(page, 'done-exchanging-west').click();

  // ================= Turn 2: sector 5 =================
  // Anna: +5 (last game's VP) +1 (more campaign VP, 5 to 3). Boris: +2.
  await phase(page, 'Mission roll');
  await waitText(tid(page, 'mission-mods-west'), '+5 5 VP in the last game');
  await waitText(tid(page, 'mission-mods-west'), '+1 Higher campaign VP total');
  await waitText(tid(page, 'mission-mods-east'), '+2 2 VP in the last game');
  await shot('06-mission-roll');
  // 4 + 6 = 10 (Breakthrough, Anna attacks) against 6 + 2 = 8.
  await typeDice(page, '4 6');
  await phase(page, 'Change the mission');
  await waitText(tid(page, 'change-offer'), 'Anna: change the mission for 5 VP?');
  await tid(page, 'change-pass').click();
  // Boris has 3 VP: not offered. The winner, Anna, picks the area; Boris shifts it 1 square for 1 VP.
  await phase(page, 'Table area');
  await waitText(tid(page, 'mission'), 'Breakthrough');
  await waitText(tid(page, 'sides'), 'Anna (German) attacks · Boris (Soviet) defends');
  await tid(page, 'area-note').fill('Hill 112');
  await tid(page, 'area-shift-plus').click();
  await tid(page, 'confirm-area').click();
  await phase(page, 'Force lists');
  // Anna: 1 VP for 1575 points and counterbattery fire (3 VP), 4 of her 5.
  await handIn(page, 'west', { vp: 1, platoons: [[1, 7], [2, 7], [5, 5]], points: 1560, option: 'counterbattery' });
  await handIn(page, 'east', { platoons: [[1, 7], [3, 3], [4, 5]], points: 1200 });
  // Boris defends and rolls: 6 after cloudy is steady rain; the ground gets 2 wetter: muddy.
  await phase(page, 'Weather');
  await waitText(tid(page, 'force-west'), 'VP option: Counterbattery fire (3 VP)');
  await typeDice(page, '6');
  await phase(page, 'Play the game');
  await waitText(tid(page, 'weather-card'), 'Steady Rain · ground Muddy');
  await waitText(tid(page, 'mud-effects'), 'Ploughed fields are difficult going.');
  // Anna wins 4-1; Boris fielded 360 fewer points: +3. A won Breakthrough: push on 1 sector.
  await recordResult(page, 'west', 4, 1);
  await waitText(tid(page, 'result-preview'), 'Boris +3 VP (fielded 360 fewer points)');
  await tid(page, 'record-result').click();
  await phase(page, 'Breakthrough move');
  await tid(page, 'move-1').click();
  await phase(page, 'Casualties');
  assert.equal(await sectorHere(page), 'sector-6');
  // Anna: 2nd Pzg 5 (depleted), 3rd 7, Panzers 4 (under strength). Boris: 2nd tanks 5 (depleted),
  // recon 2 and out of transport (depleted, Immobile), SU-76 5.
  await casualties(page, 'west', { 1: { on: 5 }, 2: { on: 7 }, 5: { on: 4 } });
  await tid(page, 'record-casualties-west').click();
  await casualties(page, 'east', { 1: { on: 5 }, 3: { on: 2, immobile: true }, 4: { on: 5 } });
  await waitText(tid(page, 'would-become-east-3'), 'would become depleted, Immobile.');
  await tid(page, 'record-casualties-east').click();
  // Anna: 2nd Pzg 2 dice at 3+: 2 3 -> full (a panzergrenadier platoon has no under-strength size). Boris: 1 VP for a 5th die; 1st tanks 3 dice
  // (1 1 1, fail), 2nd tanks 2 dice (4 2: a 4 at 4+ -> under strength).
  await phase(page, 'Reinforcements');
  await assignDice(page, 'west', { dice: { 1: 2 } });
  await typeDice(page, '2 3');
  await assignDice(page, 'east', { vp: 1, dice: { 0: 3, 1: 2 } });
  await waitText(tid(page, 'dice-count-east'), '5 of 5 dice assigned');
  await typeDice(page, '1 1 1 4 2');
  // Both now hold 5 VP and could exchange: both decline.
  await phase(page, 'Exchange support');
  await tid(page, 'done-exchanging-west').click();
  await tid(page, 'done-exchanging-east').click();

  // ================= Turn 3: sector 6 =================
  // Anna: +4 (equal VP, no bonus). Boris: +1. Dice 2 and 6: 6 against 7: Cauldron, Boris attacks.
  await phase(page, 'Mission roll');
  await typeDice(page, '2 6');
  // Equal VP: the last winner, Anna, is offered the change first; she pays 5 for Fighting Withdrawal.
  await phase(page, 'Change the mission');
  await waitText(tid(page, 'change-offer'), 'Anna: change the mission for 5 VP?');
  await tid(page, 'change-to-fighting-withdrawal').click();
  await phase(page, 'Table area');
  await waitText(tid(page, 'mission'), 'Fighting Withdrawal (rolled Cauldron; Anna paid 5 VP to change it)');
  await waitText(tid(page, 'sides'), 'Anna (German) defends · Boris (Soviet) attacks');
  await tid(page, 'area-note').fill('Farm');
  await tid(page, 'confirm-area').click();
  await handIn(page, 'west', { platoons: [[1, 6], [2, 7]], points: 1000 });
  await handIn(page, 'east', { platoons: [[0, 5], [1, 7], [4, 5]], points: 1450 });
  // Anna defends and rolls 2 after steady rain: clear; the ground dries 2 levels: dry.
  await phase(page, 'Weather');
  await typeDice(page, '2');
  await phase(page, 'Play the game');
  await waitText(tid(page, 'weather'), 'Clear (rolled 2); ground dry');
  // Anna wins 5-2 as defender, 450 points fewer: +3. A Fighting Withdrawal retreats towards the
  // defender's home whoever wins: 6 -> 5.
  await recordResult(page, 'west', 5, 2);
  await waitText(tid(page, 'result-preview'), 'Retreat: the fighting moves from Sector 6 to Sector 5.');
  await tid(page, 'record-result').click();
  await phase(page, 'Casualties');
  assert.equal(await sectorHere(page), 'sector-5');
  await casualties(page, 'west', { 1: { on: 6 }, 2: { on: 6 } });
  await tid(page, 'record-casualties-west').click();
  await casualties(page, 'east', { 0: { on: 5 }, 1: { on: 5 }, 4: { on: 3 } });
  await tid(page, 'record-casualties-east').click();
  await phase(page, 'Reinforcements');
  await tid(page, 'no-reinforcement-west').click();
  await tid(page, 'no-reinforcement-east').click();
  await phase(page, 'Exchange support');
  await tid(page, 'done-exchanging-west').click();
  await tid(page, 'done-exchanging-east').click();
  await phase(page, 'Mission roll');

  // ================= Reload: everything comes back from storage =================
  const check = async () => {
    assert.equal(await text(tid(page, 'status')), 'Turn 4 · Mission roll');
    assert.equal(await sectorHere(page), 'sector-5');
    // Anna: +5, -1 (points) -3 (counterbattery), +4, -5 (mission change), +5 +3 = 8.
    // Boris: +2 +1, -1 (area shift), +1 +3, -1 (a reinforcement die), +2 = 7.
    await waitText(tid(page, 'vp-balances'), 'Anna: 8 campaign VP · Boris: 7 campaign VP');
    // Anna won as defender in a Fighting Withdrawal: +2 and the shift of the higher total.
    await waitText(tid(page, 'mission-mods-west'), '+2 Won the last game as defender');
    await tid(page, 'adjuster-note').waitFor();
    await tid(page, 'tab-forces').click();
    await tid(page, 'companies').waitFor();
    assert.equal(await strength(page, 'west', 0), 'Depleted (5 teams)');
    // 2nd Pzg: full, fielded 6 of 7 and all 6 left, plus the one at home: full. 3rd Pzg: 6 of 7
    // left is depleted (3 squads or 2, nothing between).
    assert.equal(await strength(page, 'west', 1), 'Full strength (7 teams)');
    assert.equal(await strength(page, 'west', 2), 'Depleted (5 teams)');
    assert.equal(await strength(page, 'west', 3), 'Under strength (4 teams)');
    assert.equal(await strength(page, 'west', 5), 'Under strength (4 teams)');
    assert.equal(await strength(page, 'east', 0), 'Depleted (5 teams)');
    assert.equal(await strength(page, 'east', 1), 'Depleted (5 teams)');
    assert.equal(await strength(page, 'east', 3), 'Depleted (2 teams)', 'mobility restored: no Immobile badge');
    assert.equal(await strength(page, 'east', 4), 'Depleted (3 teams)');
    await waitText(tid(page, 'ledger-total-west'), 'Earned 17 · spent 9 · balance 8');
    await waitText(tid(page, 'ledger-total-east'), 'Earned 9 · spent 2 · balance 7');
    await waitText(tid(page, 'ledger-west'), 'Counterbattery fire');
    await waitText(tid(page, 'ledger-east'), 'Table area shifted 1 square');
    await tid(page, 'tab-play').click();
    await phase(page, 'Mission roll');
  };
  await check();
  await tid(page, 'tab-forces').click();
  await shot('07-forces-tab');
  await tid(page, 'tab-play').click();
  await page.reload();
  await phase(page, 'Mission roll', 10_000);
  assert.ok(page.url().includes(id));
  await check();
  await tid(page, 'tab-rules').click();
  await tid(page, 'table-weather').waitFor();
  await shot('08-rules');
});

test('phone-sized screens: wizard, hand-over, force form and companies', async (t) => {
  const { page, guard } = await newPage(browser, { width: 390, height: 844 }, t);
  const shot = (name) => fullShot(page, screenshotPath(`aoa-${name}-390x844.png`));
  await page.goto(server.url + '#/new/axis-of-attack');
  await guard(tid(page, 'wizard').waitFor());
  await tid(page, 'fill-sample').click();
  await waitText(tid(page, 'company-points-west'), '7 platoons · 1805 of 2000 points');
  await waitText(tid(page, 'platoon-east-1-strength'), 'Bought at under strength (depleted 5, under strength 7, full strength 10).');
  await shot('01-wizard');
  await page.goto(server.url);
  await startAoaSample(page, server.url);
  await shot('02-map-area');
  await tid(page, 'confirm-area').click();
  await tid(page, 'reveal-west').click();
  await tid(page, 'field-0').click();
  await shot('03-force-form');
  await tid(page, 'tab-forces').click();
  await tid(page, 'companies').waitFor();
  await shot('04-companies');
});
