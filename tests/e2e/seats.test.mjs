// Seats on one tablet (issue 9): Race for X played on one tablet with the hand-over for the
// secret choices; Anna changes her mind (undo) before Boris chooses. Then the log is read as
// each side and as the whole table: nobody but Anna reads her undone choice. A link made
// while a choice is pending leaves it out and says so: opened on a fresh device, the stored
// campaign holds no choice at all. After both have chosen, the link holds the two choices
// that stand and nothing of the undone one. Who holds the tablet is remembered on reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, newPage, tid, waitText, waitFor, startSample, lastStep, choose, axeCheck, screenshotPath,
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

/** The log lines as the chosen holder reads them, oldest first. */
async function logAs(page, holder) {
  await tid(page, 'tab-log').click();
  await tid(page, `holder-${holder}`).click();
  await waitFor(async () => (await tid(page, `holder-${holder}`).getAttribute('aria-pressed')) === 'true', `holder ${holder} chosen`);
  const lines = (await tid(page, 'log-line').allInnerTexts()).map((l) => norm(l).replace(/ Back to here$/, ''));
  return lines.reverse();
}

/** Opens `link` on a fresh device, adds the campaign, and returns its stored document. */
async function openOnFreshDevice(link) {
  const fresh = await newPage(browser);
  try {
    await fresh.page.goto(link);
    await tid(fresh.page, 'import-review').waitFor({ timeout: 10_000 });
    await tid(fresh.page, 'import-apply').click();
    await tid(fresh.page, 'import-review').waitFor({ state: 'detached' });
    await tid(fresh.page, 'phase-title').waitFor();
    const docs = await fresh.page.evaluate(() =>
      Object.entries(localStorage).filter(([k]) => k.startsWith('fielddesk.campaign.')).map(([, v]) => JSON.parse(v)));
    assert.equal(docs.length, 1, 'one campaign added');
    const status = norm(await tid(fresh.page, 'status').textContent());
    return { doc: docs[0], status };
  } finally {
    await fresh.close();
  }
}

const choices = (doc) => doc.body.journal
  .filter((l) => l.Decide && l.Decide.decision.ChooseAction)
  .map((l) => l.Decide.decision.ChooseAction);

test('one tablet: hand-over, an undone secret choice, the log per seat and links without secrets', async (t) => {
  const { page, guard } = await newPage(browser, undefined, t);
  await guard(startSample(page, server.url));

  // The hand-over: a card per player; Anna's opens her choice only.
  await waitText(tid(page, 'handover-A'), 'Pass the tablet to Anna. Only Anna should look.');
  await tid(page, 'reveal-A').click();
  await tid(page, 'secret-choice').waitFor();
  assert.equal(await tid(page, 'handover-B').count(), 0, "Boris's card is covered while Anna chooses");
  await axeCheck(page, 'the hand-over open for Anna');
  // "Not me" covers it again, nothing chosen.
  await tid(page, 'hide-choice').click();
  await tid(page, 'secret-choice').waitFor({ state: 'detached' });
  await choose(page, 'A', 'attack');
  await waitText(tid(page, 'handover-A'), '✔ Anna has chosen (hidden)');
  await lastStep(page, 'Turn 1: Anna has chosen an action (kept hidden until both have chosen).');
  // Anna changes her mind: undo, and choose again behind the hand-over.
  await tid(page, 'undo').click();
  await waitText(tid(page, 'handover-A'), 'Pass the tablet to Anna.');
  await choose(page, 'A', 'regroup');
  await page.screenshot({ path: screenshotPath('seats-pending-1024x768.png') });

  // A link now: the pending choice is left out, and the Share tab says so.
  await tid(page, 'tab-share').click();
  await waitText(tid(page, 'share-left-out'), "Not in this link or file: Anna's hidden step. It goes in once everyone at the table may see it.");
  const pending = await tid(page, 'share-link').inputValue();
  await axeCheck(page, 'the Share tab leaving a pending choice out');
  const early = await openOnFreshDevice(pending);
  assert.deepEqual(choices(early.doc), [], 'the pending link carries no choice, neither the undone one nor the standing one');
  assert.ok(!JSON.stringify(early.doc.body.journal).includes('Undo'), 'nor the undo that took one back');
  assert.equal(early.status, 'Turn 1 · Offensive actions');

  // Boris chooses; both are shown.
  await tid(page, 'tab-play').click();
  await choose(page, 'B', 'attack');
  await lastStep(page, 'Turn 1: Anna chose Regroup; Boris chose Attack.');

  // The log as each reader has it.
  const anna = await logAs(page, '0');
  await page.screenshot({ path: screenshotPath('seats-log-anna-1024x768.png') });
  const boris = await logAs(page, '1');
  const table = await logAs(page, 'table');
  await axeCheck(page, 'the log with the holder choice');
  const undone = (lines) => lines.filter((l) => l.startsWith('Undone:') || l.includes('chose Attack;'));
  assert.equal(anna.length, 4, `Anna reads her change of mind: ${JSON.stringify(anna)}`);
  assert.equal(undone(anna).length, 1);
  for (const [who, lines] of [['Boris', boris], ['the table', table]]) {
    assert.deepEqual(lines, [
      'Turn 1: Anna has chosen an action (kept hidden until both have chosen).',
      'Turn 1: Anna chose Regroup; Boris chose Attack.',
    ], `${who} reads only the choices that stand`);
  }

  // The link after both have chosen: the two choices that stand, no trace of the undone one.
  await tid(page, 'tab-share').click();
  const both = await tid(page, 'share-link').inputValue();
  assert.equal(await tid(page, 'share-left-out').count(), 0, 'nothing is left out now');
  const later = await openOnFreshDevice(both);
  assert.deepEqual(choices(later.doc), [{ side: 'A', action: 'Regroup' }, { side: 'B', action: 'Attack' }]);
  assert.ok(!JSON.stringify(later.doc.body.journal).includes('Undo'), 'the undo of the secret choice stays home');
  assert.equal(later.status, 'Turn 1 · Type of battle');

  // Who holds the tablet is remembered for this campaign on this device.
  await logAs(page, '1');
  await page.reload();
  await tid(page, 'tab-log').click();
  await waitFor(async () => (await tid(page, 'holder-1').getAttribute('aria-pressed')) === 'true', 'Boris still holds it after a reload');
});
