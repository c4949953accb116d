// Backups and campaign files: "Back up everything" downloads every campaign as one file and
// remembers when; a fresh device imports that file through the file input, reviewing each
// campaign before it is stored; one campaign saved to a file travels the same way; a file
// that is not JSON is refused with a plain message and nothing stored.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  axeCheck,
  REPO_ROOT, startServer, launchBrowser, newPage, screenshotPath, tid, waitText, waitFor, startSample, lastStep,
  choose, tapDie, phase,
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
const storageDump = (page) => page.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(localStorage).sort())));
const campaignKeys = (page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('fielddesk.campaign.')).sort());

/** The campaign list as sorted [name, status] pairs. */
async function listRows(page) {
  await tid(page, 'campaign-list').waitFor({ timeout: 10_000 });
  const rows = await tid(page, 'campaign-row').evaluateAll((rows) =>
    rows.map((r) => [r.querySelector('.c-name').textContent.trim(), r.querySelector('.c-status').textContent.trim()]));
  return rows.sort((a, b) => (a.join() < b.join() ? -1 : 1));
}

/** Clicks `button` and returns { name, text } of the file it downloads. */
async function download(page, button, name) {
  const [dl] = await Promise.all([page.waitForEvent('download'), button.click()]);
  assert.equal(await dl.failure(), null, 'the download completes');
  const dir = path.join(REPO_ROOT, 'target', 'e2e-downloads');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name ?? dl.suggestedFilename());
  await dl.saveAs(file);
  return { name: dl.suggestedFilename(), file, text: fs.readFileSync(file, 'utf8') };
}

/** The import review's items as [{ summary, plan, action }] and its errors. */
async function readReview(page) {
  await tid(page, 'import-review').waitFor();
  await axeCheck(page, 'the import review of a file');
  const items = await tid(page, 'import-item').evaluateAll((els) =>
    els.map((el) => ({
      summary: Object.fromEntries([...el.querySelectorAll('dt')].map((dt) => [dt.textContent.trim(), dt.nextElementSibling?.textContent.trim()])),
      plan: el.querySelector('[data-testid="import-plan"]').textContent.trim(),
      action: el.querySelector('[data-testid="import-apply"]').textContent.trim(),
    })));
  return { items, errors: (await tid(page, 'import-error').allTextContents()).map(norm) };
}

test('back up everything, then restore the file on a fresh device', async (t) => {
  // ---- Device 1: two campaigns, one played a little. ----
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  const played = await guard(startSample(page, server.url));
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'regroup');
  await tapDie(page, 4, 'Anna: type of battle: rolled 4: Prepared Defence.');
  await tid(page, 'home').click();
  const untouched = await startSample(page, server.url);
  assert.notEqual(untouched, played);
  await tid(page, 'home').click();
  await waitFor(async () => (await tid(page, 'campaign-row').count()) === 2, 'two campaigns listed');
  const rows = await listRows(page);
  // The second sample is numbered, so the two can be told apart in the list.
  assert.deepEqual(rows.slice().sort(), [
    ['Sample: Race for X', 'Turn 1 · Forces on table'],
    ['Sample: Race for X (2)', 'Turn 1 · Offensive actions'],
  ].sort());
  await waitText(tid(page, 'last-backup'), 'No backup made on this device yet.');

  const t0 = Date.now();
  const backup = await download(page, tid(page, 'backup-all'));
  assert.match(backup.name, /^field-desk-backup-\d{4}-\d{2}-\d{2}\.json$/, backup.name);
  const parsed = JSON.parse(backup.text);
  assert.equal(parsed.format, 1);
  assert.equal(typeof parsed.kind, 'string');
  assert.equal(parsed.campaigns.length, 2);
  assert.deepEqual(parsed.campaigns.map((c) => c.meta.id).sort(), [played, untouched].sort());
  const lastBackup = await waitText(tid(page, 'last-backup'), /^Last backup: \S/);
  assert.doesNotMatch(lastBackup, /No backup/);
  const settings = await page.evaluate(() => JSON.parse(localStorage.getItem('fielddesk.settings')));
  assert.ok(settings.last_backup >= t0 - 1000 && settings.last_backup <= Date.now() + 1000, `last_backup is now: ${settings.last_backup}`);
  // It is remembered across a reload.
  await page.reload();
  await waitText(tid(page, 'last-backup'), lastBackup, 10_000);
  t.diagnostic(`backup file of 2 campaigns: ${backup.text.length} bytes (${backup.name})`);

  // ---- Device 2: fresh; import the backup through the file input. ----
  const d2 = await newPage(browser, { width: 1024, height: 768 }, t);
  await d2.page.goto(server.url);
  await tid(d2.page, 'campaign-list').waitFor({ timeout: 10_000 });
  await tid(d2.page, 'import-file').setInputFiles(backup.file);
  const review = await readReview(d2.page);
  assert.deepEqual(review.errors, []);
  assert.equal(review.items.length, 2);
  for (const it of review.items) {
    assert.equal(it.plan, 'Not on this device yet: it will be added as a campaign.');
    assert.equal(it.action, 'Add this campaign');
    assert.match(it.summary.Campaign, /^Sample: Race for X( \(2\))?$/);
    assert.equal(it.summary.Players, 'Anna vs Boris');
  }
  assert.deepEqual(review.items.map((it) => it.summary.Campaign).sort(), ['Sample: Race for X', 'Sample: Race for X (2)']);
  assert.deepEqual(review.items.map((it) => it.summary['Where it stands']).sort(), rows.map((r) => r[1]).sort());
  assert.deepEqual(await campaignKeys(d2.page), [], 'nothing stored before the player applies');
  const applies = tid(d2.page, 'import-apply');
  for (let i = 0; i < 2; i++) {
    await applies.nth(i).click();
    await waitFor(async () => (await campaignKeys(d2.page)).length === i + 1, `campaign ${i + 1} stored`);
    // A campaign taken in says so on its button, which takes no second press.
    await waitText(applies.nth(i), 'Imported');
    assert.ok(await applies.nth(i).isDisabled(), `import ${i + 1} is disabled once done`);
  }
  await waitText(d2.page.locator('[data-testid="import-review"] [role="status"]'), /^"Sample: Race for X( \(2\))?" imported\.$/);
  await tid(d2.page, 'import-close').click();
  await tid(d2.page, 'import-review').waitFor({ state: 'detached' });
  await waitFor(async () => (await tid(d2.page, 'campaign-row').count()) === 2, 'both campaigns listed on device 2');
  assert.deepEqual(await listRows(d2.page), rows, 'the same campaigns at the same points');
  assert.deepEqual(await campaignKeys(d2.page), [played, untouched].map((id) => `fielddesk.campaign.${id}`).sort());
  // The played one opens where it was.
  await d2.page.goto(`${server.url}#/c/${played}/play`);
  await phase(d2.page, 'Forces on table', 10_000);
  await lastStep(d2.page, 'Anna: type of battle: rolled 4: Prepared Defence.');

  // Importing the same file again: both are already here, nothing changes.
  await d2.page.goto(server.url);
  await tid(d2.page, 'campaign-list').waitFor({ timeout: 10_000 });
  const stored = await storageDump(d2.page);
  await tid(d2.page, 'import-file').setInputFiles(backup.file);
  const again = await readReview(d2.page);
  assert.deepEqual(again.items.map((it) => [it.plan, it.action]), [
    ['This device already has exactly this campaign: nothing to do.', 'Open it'],
    ['This device already has exactly this campaign: nothing to do.', 'Open it'],
  ]);
  await tid(d2.page, 'import-close').click();
  await tid(d2.page, 'import-review').waitFor({ state: 'detached' });
  assert.equal(await storageDump(d2.page), stored);
  // The same file can be picked again (the input is cleared after each pick).
  assert.equal(await tid(d2.page, 'import-file').inputValue(), '');
});

test('one campaign saved to a file opens on a fresh device', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  const id = await guard(startSample(page, server.url));
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'attack');
  await tapDie(page, 6, 'Anna: type of battle: rolled 6: Hasty Defence.');
  const status = norm(await tid(page, 'status').textContent());
  const file = await download(page, tid(page, 'export-campaign'));
  assert.equal(file.name, 'field-desk-sample--race-for-x.json');
  const doc = JSON.parse(file.text);
  assert.equal(doc.meta.id, id);
  assert.equal(doc.meta.name, 'Sample: Race for X');
  // The Share tab's "Save to a file" gives the same document.
  await tid(page, 'tab-share').click();
  const viaShare = await download(page, tid(page, 'share-file'), 'field-desk-share-file.json');
  assert.deepEqual(JSON.parse(viaShare.text).body, doc.body);

  const d2 = await newPage(browser, { width: 1024, height: 768 }, t);
  await d2.page.goto(server.url);
  await tid(d2.page, 'campaign-list').waitFor({ timeout: 10_000 });
  await tid(d2.page, 'import-file').setInputFiles(file.file);
  const { items, errors } = await readReview(d2.page);
  assert.deepEqual(errors, []);
  assert.equal(items.length, 1);
  assert.match(items[0].summary.System, /^Race for X\b/);
  assert.deepEqual(items[0].summary, {
    System: items[0].summary.System,
    Campaign: 'Sample: Race for X',
    Players: 'Anna vs Boris',
    'Where it stands': status,
    'Last entry': 'Anna: type of battle: rolled 6: Hasty Defence.',
  });
  assert.equal(items[0].action, 'Add this campaign');
  await tid(d2.page, 'import-apply').click();
  await tid(d2.page, 'import-review').waitFor({ state: 'detached' });
  await waitFor(() => d2.page.url().endsWith(`#/c/${id}/play`), `opens the imported campaign (${d2.page.url()})`);
  await waitText(tid(d2.page, 'status'), status, 10_000);
  await lastStep(d2.page, 'Anna: type of battle: rolled 6: Hasty Defence.');
});

test('a file that is not a campaign: a plain message, nothing stored', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(startSample(page, server.url));
  await tid(page, 'home').click();
  await tid(page, 'campaign-list').waitFor();
  const before = await storageDump(page);

  await tid(page, 'import-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Shopping: dice, glue, flock\n') });
  const banner = await waitText(tid(page, 'banner').locator('span'), /^This is not a Field Desk campaign \(not readable: .+\)\./);
  t.diagnostic(`non-JSON file: ${norm(banner)}`);
  assert.equal(await tid(page, 'import-review').count(), 0, 'no review for a file that does not read');
  assert.equal(await storageDump(page), before, 'localStorage unchanged');
  await page.screenshot({ path: screenshotPath('backup-not-json-1024x768.png') });
  await tid(page, 'banner').getByRole('button', { name: 'Dismiss' }).click();
  await tid(page, 'banner').waitFor({ state: 'detached' });

  // JSON, but not a campaign.
  await tid(page, 'import-file').setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": "world"}') });
  const banner2 = norm(await waitText(tid(page, 'banner').locator('span'), /^This (is not a Field Desk campaign|campaign is damaged)/));
  t.diagnostic(`JSON that is not a campaign: ${banner2}`);
  assert.equal(await storageDump(page), before, 'localStorage unchanged');
  assert.equal(await tid(page, 'campaign-row').count(), 1);
});
