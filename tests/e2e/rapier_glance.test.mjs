// Rapier Offensive at the table: each kind of step of the sample looked at on a tablet
// (1024x768 and 768x1024) and a phone (390x844). On each, the thing to tap next must be on
// the first screen without scrolling, nothing may scroll sideways, axe-core must find no
// violation, and a screenshot of the first screen goes to target/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { VIEWPORTS, startServer, launchBrowser, newPage, tid, phase, glance as lookAtEverySize } from './harness.mjs';

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

/** The shared look at every size (harness.mjs), its screenshots named `rapier-glance-…`. */
function glance(page, name, action, misses, options) {
  return lookAtEverySize(page, 'rapier', name, action, misses, options);
}

async function typeDice(page, dice) {
  await tid(page, 'dice-input').fill(dice);
  await tid(page, 'dice-submit').click();
}

test('every kind of Rapier step at a glance on tablets and a phone', async (t) => {
  const { page, guard } = await newPage(browser, VIEWPORTS[0], t);
  await guard(page.goto(server.url));
  const start = tid(page, 'start-sample-rapier-offensive');
  if (!(await start.isVisible())) await tid(page, 'new-campaign').click();
  await start.click();
  const misses = [];

  await phase(page, 'Defender deployment', 10_000);
  await glance(page, 'deployment', 'reveal-umpire', misses);
  await tid(page, 'reveal-umpire').click();
  await tid(page, 'spread-rest').click();
  await glance(page, 'deployment-form', 'deploy-defenders', misses);
  await tid(page, 'deploy-defenders').click();

  await phase(page, 'Reconnaissance');
  await glance(page, 'recon', 'roll-app', misses);
  for (const d of ['6 1', '5 2', '6 6']) await typeDice(page, d);

  await phase(page, 'Initial orders');
  await glance(page, 'orders', 'reveal-corps', misses);
  await tid(page, 'reveal-corps').click();
  await glance(page, 'orders-form', 'issue-orders', misses);
  await tid(page, 'issue-orders').click();

  await phase(page, 'Attacker deployment');
  await glance(page, 'attacker-deployment', 'reveal-div1', misses);
  for (const d of [1, 2, 3]) {
    await tid(page, `reveal-div${d}`).click();
    await tid(page, 'fill-line').click();
    if (d === 1) await glance(page, 'division-form', 'fill-line', misses);
    await tid(page, 'deploy-division').click();
    await tid(page, 'division-deploy').waitFor({ state: 'detached' });
  }

  await phase(page, 'Corps fire plan');
  await tid(page, 'reveal-corps').click();
  for (const s of ['a1-l3', 'a2-l3', 'a3-l4']) await tid(page, `map-${s}`).click();
  await glance(page, 'trps', 'plot-trps', misses);
  await tid(page, 'map-a4-l2').click();
  await tid(page, 'plot-trps').click();

  await phase(page, 'Pre-battle bombardment');
  await tid(page, 'map-a1-l2').click();
  await glance(page, 'bombardment', 'roll-app', misses);
  await tid(page, 'end-bombardment').click();

  await phase(page, 'Random event');
  await glance(page, 'random-event', 'face-1', misses);
  await tid(page, 'face-1').click();

  await phase(page, 'Attacker movement');
  await tid(page, 'map-a1-l1').click();
  await tid(page, 'mover-1-1').click();
  await tid(page, 'map-a1-l2').click();
  await glance(page, 'movement', 'move', misses);
  await tid(page, 'move').click();
  await tid(page, 'end-movement').click();
  await phase(page, 'Defender movement');
  await glance(page, 'defender-movement', 'reveal-umpire', misses);
  await tid(page, 'reveal-umpire').click();
  await glance(page, 'defender-movers', 'face-1', misses);
  await tid(page, 'face-2').click();
  // On a phone the map scrolls sideways in its box: a sector picked far right comes to the
  // middle of the box. The tap is dispatched, so nothing but the app scrolls the box.
  await page.setViewportSize(VIEWPORTS[2]);
  await page.evaluate(() => document.querySelector('[data-testid="map-a4-l5"]')
    .dispatchEvent(new MouseEvent('click', { bubbles: true })));
  const off = await page.evaluate(() => {
    const box = document.querySelector('[data-testid="battle-map"]');
    const b = box.getBoundingClientRect();
    const c = document.querySelector('[data-testid="map-a4-l5"] .cell').getBoundingClientRect();
    return { scrolled: box.scrollLeft, off: Math.round(Math.abs(c.left + c.width / 2 - (b.left + b.width / 2))) };
  });
  assert.ok(off.scrolled > 0 && off.off < 40, `the picked sector is not brought into the middle of the map: ${JSON.stringify(off)}`);
  await page.setViewportSize(VIEWPORTS[0]);
  await glance(page, 'defender-move-form', 'moves-left', misses);
  await tid(page, 'cover').click();
  await tid(page, 'end-defender-movement').click();
  await phase(page, 'On-call bombardment');
  await tid(page, 'end-on-call').click();
  await phase(page, 'Defender support fire');
  await tid(page, 'end-support').click();
  await phase(page, 'Attacker support fire');
  await glance(page, 'attacker-support', 'end-support', misses);
  await tid(page, 'end-support').click();

  await phase(page, 'Ground combat');
  await glance(page, 'ground-combat', 'roll-app', misses);
  await typeDice(page, '6 1');
  // The HQ's 6 kills the lone attacker: the fight is over.
  await phase(page, 'Clear minefields');
  await glance(page, 'clear-minefields', 'clear-minefields', misses);

  await tid(page, 'tab-forces').click();
  await tid(page, 'rosters').waitFor();
  await glance(page, 'rosters', 'roster-div1', misses, { fold: false });
  await tid(page, 'tab-rules').click();
  await tid(page, 'readings').waitFor();
  await glance(page, 'rules-reference', 'readings', misses, { fold: false });

  assert.deepEqual(misses, [], `not at a glance:\n${misses.join('\n')}`);
});
