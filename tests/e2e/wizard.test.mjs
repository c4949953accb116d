// The new-campaign wizard: defaults that play at once, validation that explains itself,
// setup editable until the first decision and fixed after it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, tid, waitText } from './harness.mjs';

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

async function fill(page, testid, value) {
  const input = tid(page, testid);
  await input.fill(value);
  await input.dispatchEvent('change');
}

test('wizard: create a Medium campaign, validation messages, edit only before play', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(page.goto(server.url));
  await tid(page, 'new-campaign').click();
  await tid(page, 'new-race-for-x').click();
  await waitText(page.locator('h1'), 'New Race for X campaign');

  // Defaults are a playable setup: the create button is enabled.
  assert.equal(await tid(page, 'create-campaign').isDisabled(), false);

  // Two players with the same name are refused with a message, and creation is blocked.
  await fill(page, 'player-0', 'Kate');
  await fill(page, 'player-1', 'Kate');
  await waitText(tid(page, 'setup-problem'), 'different names');
  assert.equal(await tid(page, 'create-campaign').isDisabled(), true);
  // An empty name likewise.
  await fill(page, 'player-1', '');
  await waitText(tid(page, 'setup-problem'), 'Player B needs a name');

  await fill(page, 'player-1', 'Liam');
  await fill(page, 'wizard-name', 'Club night');
  await tid(page, 'size-medium').click();
  assert.equal(await tid(page, 'setup-problem').count(), 0);
  await tid(page, 'create-campaign').click();

  await waitText(tid(page, 'campaign-title'), 'Club night');
  await waitText(tid(page, 'status'), 'Turn 1 · Offensive actions');
  await waitText(tid(page, 'handover-A'), 'Kate');
  await waitText(tid(page, 'handover-B'), 'Liam');

  // Before the first decision the setup can still be edited: rename Liam.
  await tid(page, 'edit-setup').click();
  await waitText(page.locator('h1'), 'Edit campaign setup');
  await fill(page, 'player-1', 'Mira');
  await tid(page, 'create-campaign').click();
  await waitText(tid(page, 'handover-B'), 'Mira');

  // Medium campaign: the rules tab shows the same tables; the VP for exits is 6 per stand.
  // After the first decision the forces are fixed: no edit button.
  await tid(page, 'reveal-A').click();
  await tid(page, 'choose-attack').click();
  await waitText(tid(page, 'handover-A'), 'has chosen');
  assert.equal(await tid(page, 'edit-setup').count(), 0);

  // The list shows it with its players and turn.
  await page.goto(server.url);
  const row = tid(page, 'campaign-row').first();
  await waitText(row, 'Club night');
  await waitText(row, 'Kate vs Mira');
  await waitText(row, 'Turn 1');
});
