// Reload keeps the player's place; Undo/Redo restore exactly; an undone app roll comes back
// with the same die (undo is never a re-roll); the campaign list's rename/duplicate/delete.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, newPage, tid, waitText, waitFor, startSample, lastStep, choose,
  tapDie, toggleUnits, phase,
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

const norm = (s) => (s ?? '').replace(/\s+/g, ' ').trim();

/** Turn 1 up to the Fight with two clock rolls: 5 (tick) and 6 (tick) -> 2 of 12. */
async function toFightWithTwoTicks(page) {
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'regroup');
  await tapDie(page, 4, 'Anna: type of battle: rolled 4: Prepared Defence.');
  await toggleUnits(page, [0, 3, 4, 5, 6, 7, 8, 9, 10]);
  await tid(page, 'confirm-forces').click();
  await lastStep(page, 'Anna fields 9 of 19 units');
  await tapDie(page, 2, 'Boris defends with S3 option A (rolled 2).');
  await tapDie(page, 5, 'Clock: rolled 5: it ticks to 1 of 12.');
  await tapDie(page, 6, 'Clock: rolled 6: it ticks to 2 of 12.');
  await waitText(tid(page, 'clock-text'), '2 of 12 ticks');
}

/** What the play screen shows of the position. */
async function snapshot(page) {
  return {
    status: norm(await tid(page, 'status').textContent()),
    phase: norm(await tid(page, 'phase-title').textContent()),
    clock: (await tid(page, 'clock').count()) ? await tid(page, 'clock').getAttribute('aria-label') : null,
    last: norm(await tid(page, 'last-step').textContent()),
    summary: (await tid(page, 'battle-summary').count()) ? norm(await tid(page, 'battle-summary').innerText()) : null,
    markerA: await tid(page, 'marker-A').getAttribute('data-zone'),
  };
}

async function logLines(page) {
  await tid(page, 'tab-log').click();
  await tid(page, 'log').waitFor();
  const lines = (await tid(page, 'log-line').allInnerTexts()).map(norm);
  await tid(page, 'tab-play').click();
  await tid(page, 'phase-title').waitFor();
  return lines;
}

test('reload mid-battle, undo/redo, undo is never a re-roll', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  const id = await guard(startSample(page, server.url));
  await toFightWithTwoTicks(page);
  const url = page.url();
  assert.ok(url.endsWith(`#/c/${id}/play`), url);
  const before = await snapshot(page);
  assert.deepEqual(before, {
    status: 'Turn 1 · Fight the battle',
    phase: 'Fight the battle',
    clock: '2 of 12 ticks',
    last: 'Last: Clock: rolled 6: it ticks to 2 of 12.',
    summary: before.summary,
    markerA: '1 Base',
  });
  assert.match(before.summary, /Battle Prepared Defence Defence S3 option A Units on table 9/);

  // ---- Reload: same URL, same phase, same clock. ----
  await page.reload();
  await phase(page, 'Fight the battle', 10_000);
  assert.equal(page.url(), url, 'the URL hash keeps the campaign and tab');
  assert.deepEqual(await snapshot(page), before);
  assert.equal(await page.locator('[data-testid="clock"] .tick.done').count(), 2);

  // ---- Undo twice: both clock rolls go; Redo twice: both come back with their dice. ----
  await tid(page, 'undo').click();
  await waitText(tid(page, 'clock-text'), '1 of 12 ticks');
  await lastStep(page, 'Clock: rolled 5: it ticks to 1 of 12.');
  await tid(page, 'undo').click();
  await waitText(tid(page, 'clock-text'), '0 of 12 ticks');
  await lastStep(page, 'Boris defends with S3 option A (rolled 2).');
  assert.ok(await tid(page, 'redo').isEnabled());
  await tid(page, 'redo').click();
  await waitText(tid(page, 'clock-text'), '1 of 12 ticks');
  await tid(page, 'redo').click();
  await waitText(tid(page, 'clock-text'), '2 of 12 ticks');
  assert.deepEqual(await snapshot(page), before, 'undo twice + redo twice restores the same position');
  assert.ok(await tid(page, 'redo').isDisabled(), 'nothing left to redo');

  let lines = await logLines(page);
  // Newest first: two redos, two undos, then the decisions.
  assert.deepEqual(lines.slice(0, 4).map((l) => l.replace(/ Back to here$/, '')), [
    'Redone: Clock: rolled 6: it ticks to 2 of 12.',
    'Redone: Clock: rolled 5: it ticks to 1 of 12.',
    'Undone: Clock: rolled 5: it ticks to 1 of 12.',
    'Undone: Clock: rolled 6: it ticks to 2 of 12.',
  ]);
  assert.match(lines[4], /^Clock: rolled 6: it ticks to 2 of 12\. table roll: 6/);

  // ---- An app roll, undone, then rolled again with "Roll for me": the same die comes back. ----
  await tid(page, 'roll-app').click();
  const first = await lastStep(page, /^Last: Clock: rolled [1-6]/);
  const die = Number(/rolled ([1-6])/.exec(first)[1]);
  const ticks = die >= 5 ? 3 : 2;
  await waitText(tid(page, 'clock-text'), `${ticks} of 12 ticks`);
  lines = await logLines(page);
  assert.match(lines[0], new RegExp(`^Clock: rolled ${die}: .* app roll: ${die}`), 'the app roll is logged with its die');

  await tid(page, 'undo').click();
  await waitText(tid(page, 'clock-text'), '2 of 12 ticks');
  lines = await logLines(page);
  assert.equal(lines[0], `Undone: ${first.replace(/^Last: /, '')}`);

  await tid(page, 'roll-app').click();
  await lastStep(page, first.replace(/^Last: /, ''));
  await waitText(tid(page, 'clock-text'), `${ticks} of 12 ticks`);
  lines = await logLines(page);
  assert.equal(lines[0], `Redone: ${first.replace(/^Last: /, '')}`, 'rolling again after an undo gives the undone die back');
  const appLines = lines.filter((l) => l.includes('app roll:'));
  assert.equal(appLines.length, 1, 'only one app roll was ever made');
  assert.match(appLines[0], new RegExp(`app roll: ${die}`));

  // ---- Reload after an undo keeps the undone state (and the redo). ----
  await tid(page, 'undo').click();
  await waitText(tid(page, 'clock-text'), '2 of 12 ticks');
  await page.reload();
  await phase(page, 'Fight the battle', 10_000);
  await waitText(tid(page, 'clock-text'), '2 of 12 ticks');
  assert.deepEqual(await snapshot(page), before);
  assert.ok(await tid(page, 'redo').isEnabled(), 'redo survives the reload');
  lines = await logLines(page);
  assert.equal(lines[0], `Undone: ${first.replace(/^Last: /, '')}`);
  await tid(page, 'redo').click();
  await waitText(tid(page, 'clock-text'), `${ticks} of 12 ticks`);
});

test('campaign list: name, turn, last played; rename, duplicate, delete with confirmation', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  const id = await guard(startSample(page, server.url));
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'attack');
  await tapDie(page, 6, 'Anna: type of battle: rolled 6: Hasty Defence.');

  await tid(page, 'home').click();
  await tid(page, 'campaign-list').waitFor();
  const rows = tid(page, 'campaign-row');
  await waitFor(async () => (await rows.count()) === 1, 'one campaign row');
  const row = norm(await rows.first().textContent());
  assert.match(row, /^Sample: Race for X/);
  assert.match(row, /Race for/);
  assert.match(row, /Anna vs Boris/);
  assert.match(row, /Turn 1 · Forces on table/);
  assert.match(row, /Last played \S.*\d/);

  // Rename: the new name is shown, stored, and kept after a reload.
  await rows.first().getByRole('button', { name: 'Rename' }).click();
  await tid(page, 'rename-input').fill('Club night');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await waitText(tid(page, 'campaign-name'), 'Club night');
  const stored = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)).meta.name, `fielddesk.campaign.${id}`);
  assert.equal(stored, 'Club night');
  await page.reload();
  await waitText(tid(page, 'campaign-name'), 'Club night', 10_000);

  // Duplicate: a second row "(copy)" at the same point of play, opening independently.
  await tid(page, 'duplicate').click();
  await waitFor(async () => (await rows.count()) === 2, 'two campaign rows');
  const names = await tid(page, 'campaign-name').allTextContents();
  assert.deepEqual([...names].sort(), ['Club night', 'Club night (copy)']);
  const copyRow = rows.filter({ hasText: 'Club night (copy)' });
  assert.match(norm(await copyRow.textContent()), /Turn 1 · Forces on table/);
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('fielddesk.campaign.')));
  assert.equal(keys.length, 2);

  // Open the copy: it is at the same step.
  await copyRow.locator('.campaign-open').click();
  await phase(page, 'Forces on table', 10_000);
  const copyId = /#\/c\/([0-9a-f]+)\//.exec(page.url())[1];
  assert.notEqual(copyId, id);
  await waitText(tid(page, 'campaign-title'), 'Club night (copy)');
  await tid(page, 'home').click();
  await waitFor(async () => (await rows.count()) === 2, 'two campaign rows');

  // Delete the copy: cancel first (nothing changes), then confirm.
  await rows.filter({ hasText: 'Club night (copy)' }).getByTestId('delete').click();
  await waitText(tid(page, 'confirm-delete'), 'Delete "Club night (copy)"?');
  await tid(page, 'confirm-delete').getByRole('button', { name: 'Keep it' }).click();
  await tid(page, 'confirm-delete').waitFor({ state: 'detached' });
  assert.equal(await rows.count(), 2);
  assert.ok(await page.evaluate((k) => localStorage.getItem(k) !== null, `fielddesk.campaign.${copyId}`));

  await rows.filter({ hasText: 'Club night (copy)' }).getByTestId('delete').click();
  await tid(page, 'confirm-delete-yes').click();
  await tid(page, 'confirm-delete').waitFor({ state: 'detached' });
  await waitFor(async () => (await rows.count()) === 1, 'one campaign row left');
  assert.equal(norm(await tid(page, 'campaign-name').textContent()), 'Club night');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), `fielddesk.campaign.${copyId}`), null);
  assert.notEqual(await page.evaluate((k) => localStorage.getItem(k), `fielddesk.campaign.${id}`), null);

  // The original still opens where it was.
  await rows.first().locator('.campaign-open').click();
  await phase(page, 'Forces on table', 10_000);
});

test('the moving clock stops at 12 ticks', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(startSample(page, server.url));
  await toFightWithTwoTicks(page);
  // Ten more 5s and 6s: 12 of 12, then no clock roll is offered any more.
  for (let tick = 3; tick <= 12; tick++) {
    const die = tick % 2 ? 5 : 6;
    await tapDie(page, die, `Clock: rolled ${die}: it ticks to ${tick} of 12.`);
  }
  await waitText(tid(page, 'clock-over'), 'Time is up: the game is over. Record the outcome below.');
  assert.equal(await tid(page, 'clock').getAttribute('aria-label'), '12 of 12 ticks');
  assert.equal(await page.locator('[data-testid="clock"] .tick.done').count(), 12);
  assert.equal(await tid(page, 'face-5').count(), 0, 'no clock roll after 12 ticks');
  // The outcome can still be recorded.
  await tid(page, 'record-outcome').click();
  await phase(page, 'Battle result');
});

test('"Back to here" in the log goes back to a decision, and Redo brings the rest back', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(startSample(page, server.url));
  await toFightWithTwoTicks(page);
  await tid(page, 'tab-log').click();
  await tid(page, 'log').waitFor();
  const defenceLine = tid(page, 'log-line').filter({ hasText: 'Boris defends with S3 option A' });
  await defenceLine.getByRole('button', { name: 'Back to here' }).click();
  const dialog = page.getByRole('dialog');
  await waitText(dialog, 'Go back to this point?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await defenceLine.getByRole('button', { name: 'Back to here' }).click();
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await dialog.waitFor({ state: 'detached' });
  // Both clock rolls are undone (struck through), the defence roll is the last in effect.
  const lines = (await tid(page, 'log-line').allInnerTexts()).map(norm);
  assert.deepEqual(lines.slice(0, 2), [
    'Undone: Clock: rolled 5: it ticks to 1 of 12.',
    'Undone: Clock: rolled 6: it ticks to 2 of 12.',
  ]);
  assert.equal(await page.locator('[data-testid="log-line"].undone').count(), 2);
  await tid(page, 'tab-play').click();
  await waitText(tid(page, 'clock-text'), '0 of 12 ticks');
  await lastStep(page, 'Boris defends with S3 option A (rolled 2).');
  await tid(page, 'redo').click();
  await tid(page, 'redo').click();
  await waitText(tid(page, 'clock-text'), '2 of 12 ticks');
  assert.ok(await tid(page, 'redo').isDisabled());
});

test('units picked but not yet confirmed survive a reload, and go once the step is taken', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  const id = await guard(startSample(page, server.url));
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'regroup');
  await tapDie(page, 4, 'Anna: type of battle: rolled 4: Prepared Defence.');
  await phase(page, 'Forces on table');
  await toggleUnits(page, [0, 3, 4, 5]);
  await waitText(tid(page, 'force-count'), '4 of 9 chosen');
  await page.reload();
  await phase(page, 'Forces on table', 10_000);
  await waitText(tid(page, 'force-count'), '4 of 9 chosen');
  const on = await page.locator('[data-testid="unit-toggle"][aria-pressed="true"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-unit')));
  assert.deepEqual(on.sort(), ['0', '3', '4', '5']);
  // The draft is the device's own: not in the campaign's stored document.
  const doc = await page.evaluate((id) => localStorage.getItem(`fielddesk.campaign.${id}`), id);
  assert.doesNotMatch(doc, /draft/);
  await toggleUnits(page, [6, 7, 8, 9, 10]);
  await tid(page, 'confirm-forces').click();
  await lastStep(page, 'Anna fields 9 of 19 units');
  // Undone, the step starts afresh: the draft belonged to the point before it was taken.
  await tid(page, 'undo').click();
  await phase(page, 'Forces on table');
  await waitText(tid(page, 'force-count'), '0 of 9 chosen');
});
