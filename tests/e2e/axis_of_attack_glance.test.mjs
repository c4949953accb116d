// Axis of Attack at the table: every step of a turn of the sample campaign looked at on a
// tablet (1024x768 and 768x1024) and a phone (390x844). On each, the thing to tap next must be
// on the first screen without scrolling, nothing may scroll sideways, axe-core must find no
// violation, and a screenshot of the first screen goes to target/screenshots/. The two
// casualty forms are both filled in before one is recorded: the other keeps its numbers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { VIEWPORTS, startServer, launchBrowser, newPage, screenshotPath, tid, waitText, phase, axeCheck, glance as lookAtEverySize } from './harness.mjs';

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

/** The shared look at every size (harness.mjs), its screenshots named `aoa-glance-…`. */
function glance(page, name, action, misses, options) {
  return lookAtEverySize(page, 'aoa', name, action, misses, options);
}

async function typeDice(page, dice) {
  await tid(page, 'dice-input').fill(dice);
  await tid(page, 'dice-submit').click();
}

async function handIn(page, side, platoons, points) {
  await tid(page, `reveal-${side}`).click();
  await tid(page, 'force-form').waitFor();
  await axeCheck(page, `${side}'s force list`);
  for (const [i, teams] of platoons) {
    await tid(page, `field-${i}`).click();
    await tid(page, `teams-${i}`).fill(String(teams));
  }
  await tid(page, 'force-points').fill(String(points));
  await tid(page, 'submit-force').click();
  await tid(page, 'force-form').waitFor({ state: 'detached' });
}

test('every Axis of Attack step at a glance on tablets and a phone; both casualty forms keep their numbers', async (t) => {
  const { page, guard } = await newPage(browser, VIEWPORTS[0], t);
  await guard(page.goto(server.url));
  const start = tid(page, 'start-sample-axis-of-attack');
  if (!(await start.isVisible())) await tid(page, 'new-campaign').click();
  await start.click();
  const misses = [];

  await phase(page, 'Table area');
  await glance(page, 'table-area', 'confirm-area', misses);
  // On a phone the map folds to a button beside the status line; it opens in place.
  await page.setViewportSize(VIEWPORTS[2]);
  assert.equal(await tid(page, 'sector-map').isVisible(), false, 'the map is folded on a phone');
  await waitText(tid(page, 'header-toggle'), 'Sector 4');
  await tid(page, 'header-toggle').click();
  assert.equal(await tid(page, 'header-toggle').getAttribute('aria-expanded'), 'true');
  await tid(page, 'sector-map').waitFor();
  await page.screenshot({ path: screenshotPath('aoa-glance-table-area-map-open-390x844.png') });
  await axeCheck(page, 'the map opened on a phone');
  await tid(page, 'header-toggle').click();
  await tid(page, 'sector-map').waitFor({ state: 'hidden' });
  await page.setViewportSize(VIEWPORTS[0]);
  assert.equal(await tid(page, 'sector-map').isVisible(), true, 'the map is always open on a tablet');
  await tid(page, 'confirm-area').click();

  await phase(page, 'Force lists');
  await glance(page, 'force-lists', 'reveal-west', misses);
  await handIn(page, 'west', [[0, 7], [1, 7], [3, 5]], 1400);
  await handIn(page, 'east', [[0, 10], [1, 7]], 1020);

  await phase(page, 'Weather');
  await glance(page, 'weather', 'roll-app', misses);
  await typeDice(page, '1');

  await phase(page, 'Play the game');
  await glance(page, 'game', 'record-result', misses);
  await tid(page, 'table-rules').locator('summary').click();
  await waitText(tid(page, 'table-rules'), 'Log and earth bunkers');
  await waitText(tid(page, 'table-rules'), 'Independent teams of the company HQ lost in a game are replaced free');
  await tid(page, 'winner-west').click();
  assert.equal(await tid(page, 'winner-west').getAttribute('aria-pressed'), 'true');
  assert.equal(await tid(page, 'winner-none').getAttribute('aria-pressed'), 'false');
  await tid(page, 'vp-west').fill('5');
  await tid(page, 'vp-east').fill('2');
  await tid(page, 'record-result').click();

  // Casualties: both players type, then Anna records; Boris's numbers stay as he typed them.
  await phase(page, 'Casualties');
  await glance(page, 'casualties', 'on-table-west-0', misses);
  await tid(page, 'on-table-west-0').fill('6');
  await tid(page, 'on-table-west-1').fill('4');
  await tid(page, 'on-table-east-0').fill('4');
  await tid(page, 'bailed-east-0').fill('1');
  await tid(page, 'on-table-east-1').fill('5');
  await waitText(tid(page, 'would-become-east-0'), '4 teams counted: full strength would become gutted');
  await tid(page, 'record-casualties-west').click();
  await tid(page, 'casualties-west').waitFor();
  assert.equal(await tid(page, 'on-table-east-0').inputValue(), '4', 'Boris kept 4 tanks left, not his full company');
  assert.equal(await tid(page, 'bailed-east-0').inputValue(), '1');
  assert.equal(await tid(page, 'on-table-east-1').inputValue(), '5');
  await waitText(tid(page, 'would-become-east-0'), '4 teams counted: full strength would become gutted');
  await tid(page, 'record-casualties-east').click();

  // Reinforcements: the dice start assigned, so rolling them is the main action.
  await phase(page, 'Reinforcements');
  await glance(page, 'reinforcements', 'roll-app', misses);
  assert.equal(await tid(page, 'no-reinforcement-west').evaluate((b) => b.classList.contains('primary')), false);
  await tid(page, 'roll-app').click();
  // Boris has one tank company fit to fight: the top-up is offered, the nearest platoon ticked.
  await tid(page, 'top-up-east').waitFor();
  await glance(page, 'top-up', 'top-up-take-east', misses);
  assert.equal(await tid(page, 'top-up-east-0').isChecked(), true);
  await tid(page, 'top-up-take-east').click();
  await tid(page, 'reinforce-form-east').waitFor();
  await tid(page, 'roll-app').click();

  await phase(page, 'Exchange support');
  await glance(page, 'exchanges', 'done-exchanging-west', misses);
  await tid(page, 'exchange-old-west-5').click();
  await tid(page, 'exchange-value-west').fill('315');
  const name = tid(page, 'exchange-new-west-name');
  await name.fill('PaK40 Platoon');
  await name.dispatchEvent('change');
  const points = tid(page, 'exchange-new-west-points');
  await points.fill('265');
  await points.dispatchEvent('change');
  await waitText(tid(page, 'exchange-leftover-west'), '50 points left over will be lost');
  await axeCheck(page, 'the exchange form');
  await tid(page, 'done-exchanging-west').click();
  await tid(page, 'done-exchanging-east').click();

  await phase(page, 'Mission roll');
  await glance(page, 'mission-roll', 'roll-app', misses);

  // The rules reference: no table wider than a phone.
  await tid(page, 'tab-rules').click();
  await tid(page, 'rules-reference').waitFor();
  await waitText(tid(page, 'readings'), 'Stripping identical vehicles');
  await waitText(tid(page, 'table-rules-reference'), 'Off-table artillery');
  await glance(page, 'rules-reference', 'readings', misses, { fold: false });

  assert.deepEqual(misses, [], `not at a glance:\n${misses.join('\n')}`);
});
