// A secret list half made survives a reload on its own device, comes back only to the seat that
// made it, and goes once handed in (Axis of Attack's force list; a Battlefront refit purchase).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, tid, waitText, axeCheck } from './harness.mjs';

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

test("a force list half made comes back after a reload, to its own player only", async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await page.goto(server.url);
  await guard(tid(page, 'start-sample-axis-of-attack').click());
  await waitText(tid(page, 'phase-title'), 'Table area', 10_000);
  await tid(page, 'confirm-area').click();
  await tid(page, 'reveal-west').click();
  await tid(page, 'force-form').waitFor();
  await tid(page, 'vp-points-1').click();
  await tid(page, 'field-0').click();
  await tid(page, 'force-points').fill('512');
  await page.reload();
  // The hand-over is closed again after the reload: the list shows only once West opens it.
  await tid(page, 'reveal-west').waitFor({ timeout: 10_000 });
  assert.equal(await tid(page, 'force-form').count(), 0);
  await tid(page, 'reveal-west').click();
  await tid(page, 'force-form').waitFor();
  assert.equal(await tid(page, 'field-0').getAttribute('aria-pressed'), 'true');
  assert.equal(await tid(page, 'force-points').inputValue(), '512');
  assert.match(await tid(page, 'vp-points-1').getAttribute('class'), /\bon\b/);
  await axeCheck(page, "West's force list brought back after a reload");
  await tid(page, 'hide-force').click();
  // East, on the same tablet, starts from nothing: West's draft is not East's to see.
  await tid(page, 'reveal-east').click();
  await tid(page, 'force-form').waitFor();
  assert.equal(await tid(page, 'field-0').getAttribute('aria-pressed'), 'false');
  assert.equal(await tid(page, 'force-points').inputValue(), '');
  // East's own half-made list does not wipe out West's.
  await tid(page, 'force-points').fill('300');
  await tid(page, 'hide-force').click();
  await tid(page, 'reveal-west').click();
  await tid(page, 'force-form').waitFor();
  assert.equal(await tid(page, 'force-points').inputValue(), '512');
  await tid(page, 'hide-force').click();
  // Nothing of it is in the stored campaign.
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('fielddesk.campaign.')).map((k) => localStorage.getItem(k)).join(''));
  assert.doesNotMatch(stored, /512/);
});

test("a Battlefront reinforcement half described comes back after a reload, to its side only, until bought", async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await page.goto(server.url);
  await guard(tid(page, 'start-sample-bfww2-campaign').click());
  await waitText(tid(page, 'phase-title'), 'Housekeeping and refit', 10_000);
  await tid(page, 'reveal-side1').click();
  await tid(page, 'face-9').click();
  await tid(page, 'refit-step-reinforce').click();
  await tid(page, 'reinforce-rg').selectOption('MR');
  await tid(page, 'reinforce-name').fill('2nd Motor Rifle');
  await tid(page, 'reinforce-stands').fill('9');
  await page.reload();
  // The hand-over is closed again: the purchase in progress shows only once side 1 opens it.
  await tid(page, 'reveal-side1').waitFor({ timeout: 10_000 });
  assert.equal(await tid(page, 'reinforce-name').count(), 0);
  await tid(page, 'reveal-side1').click();
  await tid(page, 'refit-step-reinforce').click();
  assert.equal(await tid(page, 'reinforce-rg').inputValue(), 'MR');
  assert.equal(await tid(page, 'reinforce-name').inputValue(), '2nd Motor Rifle');
  assert.equal(await tid(page, 'reinforce-stands').inputValue(), '9');
  await axeCheck(page, "side 1's reinforcement brought back after a reload");
  // Nothing of it is in the stored campaign.
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('fielddesk.campaign.')).map((k) => localStorage.getItem(k)).join(''));
  assert.doesNotMatch(stored, /2nd Motor Rifle/);
  // Bought: the next reinforcement starts from a blank form, after a reload too.
  const before = await tid(page, 'refit-balance').innerText();
  await tid(page, 'reinforce').click();
  await page.waitForFunction((b) => document.querySelector('[data-testid="refit-balance"]')?.innerText !== b, before, { timeout: 5_000 });
  await page.reload();
  await tid(page, 'reveal-side1').waitFor({ timeout: 10_000 });
  await tid(page, 'reveal-side1').click();
  await tid(page, 'refit-step-reinforce').click();
  assert.equal(await tid(page, 'reinforce-name').inputValue(), '');
  assert.equal(await tid(page, 'reinforce-stands').inputValue(), '0');
});
