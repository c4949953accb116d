// Stored campaigns that do not open are listed with the reason and kept byte for byte; the
// good one still opens. A full localStorage shows a banner and leaves the last save intact.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  axeCheck,
  startServer, launchBrowser, newPage, tid, waitText, waitFor, startSample, lastStep, choose, phase,
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
const KEY = (id) => `fielddesk.campaign.${id}`;
const getItem = (page, k) => page.evaluate((key) => localStorage.getItem(key), k);

test('corrupt and future-format campaigns are listed as broken, kept, and the good one opens', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  const id = await guard(startSample(page, server.url));
  await choose(page, 'A', 'attack');
  await lastStep(page, 'Turn 1: Anna has chosen an action');
  const good = await getItem(page, KEY(id));
  assert.ok(good && JSON.parse(good).format === 1, 'the good campaign is stored in format 1');

  // Cut-off JSON, and the good campaign re-labelled as written by a future Field Desk.
  const corrupt = '{"format":1,"meta":{"id":"bad","name":"Broken one"';
  const futureDoc = JSON.parse(good);
  futureDoc.format = 99;
  futureDoc.meta.id = 'future';
  futureDoc.meta.name = 'From the future';
  const future = JSON.stringify(futureDoc);
  await page.evaluate(([c, f]) => {
    localStorage.setItem('fielddesk.campaign.bad', c);
    localStorage.setItem('fielddesk.campaign.future', f);
    localStorage.setItem('someone-elses-key', 'not ours');
  }, [corrupt, future]);

  await page.goto(server.url);
  await tid(page, 'campaign-list').waitFor({ timeout: 10_000 });
  await waitFor(async () => (await tid(page, 'broken-row').count()) === 2, 'two broken rows');
  await axeCheck(page, 'the list with broken campaigns');
  assert.equal(await tid(page, 'campaign-row').count(), 1, 'the good campaign is listed normally');
  const broken = (await tid(page, 'broken-row').allInnerTexts()).map(norm);
  // Broken rows come sorted by id: "bad", then "future".
  assert.match(broken[0], /^Unreadable campaign This is not a Field Desk campaign \(not readable: .+\)\. Its stored text is kept as it is\./);
  assert.match(broken[0], /Download its text/);
  assert.match(broken[1], /^From the future This campaign was saved by a newer version of Field Desk \(format 99; this version reads up to 1\)\. Reload the page to update the app\./);

  // Opening a broken one directly says why, and still changes nothing.
  await page.goto(`${server.url}#/c/future/play`);
  await waitText(tid(page, 'load-error'), 'saved by a newer version of Field Desk (format 99', 10_000);
  await page.goto(`${server.url}#/c/bad/play`);
  await waitText(tid(page, 'load-error'), 'This is not a Field Desk campaign', 10_000);
  await axeCheck(page, 'a campaign that does not load');

  // The good one still opens, at its step.
  await page.goto(server.url);
  await tid(page, 'campaign-row').locator('.campaign-open').click();
  await phase(page, 'Offensive actions', 10_000);
  await waitText(tid(page, 'handover-A'), 'Anna has chosen (hidden)');
  await choose(page, 'B', 'regroup');
  await lastStep(page, 'Turn 1: Anna chose Attack; Boris chose Regroup.');

  // Raw texts untouched by listing, opening and playing.
  assert.equal(await getItem(page, KEY('bad')), corrupt);
  assert.equal(await getItem(page, KEY('future')), future);
  assert.equal(await getItem(page, 'someone-elses-key'), 'not ours');
});

test('full storage: a banner says so and the last saved text is unchanged', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  const id = await guard(startSample(page, server.url));
  await choose(page, 'A', 'attack');
  await lastStep(page, 'Turn 1: Anna has chosen an action');
  const saved = await getItem(page, KEY(id));
  assert.ok(saved);

  // Fill localStorage to the brim with other keys: big chunks, then ever smaller ones, until
  // even one more character does not fit. Then free a little (10 characters), far less than
  // the next save adds to the campaign (a journal line is ~50 characters).
  const filled = await page.evaluate(() => {
    let n = 0;
    let size = 1 << 20;
    let last = null;
    while (size >= 1) {
      try {
        localStorage.setItem(`filler.${n}`, 'x'.repeat(size));
        last = `filler.${n}`;
        n++;
      } catch (e) {
        if (e.name !== 'QuotaExceededError') throw e;
        size = Math.floor(size / 2);
      }
    }
    const v = localStorage.getItem(last);
    localStorage.setItem(last, v.slice(0, Math.max(0, v.length - 10)));
    return n;
  });
  assert.ok(filled > 1, 'filler keys written');

  await tid(page, 'reveal-B').click();
  await tid(page, 'choose-regroup').click();
  // The game goes on in memory...
  await lastStep(page, 'Turn 1: Anna chose Attack; Boris chose Regroup.');
  await phase(page, 'Type of battle');
  // ...but the save failed, and the banner says so.
  await waitText(tid(page, 'banner'), "The browser's storage is full, so the latest change was not saved.");
  await waitText(tid(page, 'banner'), 'Everything saved before is safe.');
  await axeCheck(page, 'the campaign screen with the storage-full banner');
  assert.equal(await getItem(page, KEY(id)), saved, 'the previously saved campaign text is unchanged');

  // Free the space again: the next decision saves, with the whole history.
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('filler.')) localStorage.removeItem(k);
  });
  await tid(page, 'banner').getByRole('button', { name: 'Dismiss' }).click();
  await tid(page, 'banner').waitFor({ state: 'detached' });
  await tid(page, 'face-4').click();
  await lastStep(page, 'Anna: type of battle: rolled 4: Prepared Defence.');
  await waitFor(async () => (await getItem(page, KEY(id))) !== saved, 'the campaign saved again');
  const journal = JSON.parse(await getItem(page, KEY(id))).body;
  assert.match(JSON.stringify(journal), /Regroup/, 'the decision that failed to save is in the next save');
  await page.reload();
  await phase(page, 'Forces on table', 10_000);
  assert.equal(await tid(page, 'banner').filter({ hasText: 'storage is full' }).count(), 0);
});

/** Fills localStorage until not even one more character fits. */
function fillStorage(page) {
  return page.evaluate(() => {
    let n = 0;
    let size = 1 << 20;
    while (size >= 1) {
      try {
        localStorage.setItem(`filler.${n}`, 'x'.repeat(size));
        n++;
      } catch (e) {
        if (e.name !== 'QuotaExceededError') throw e;
        size = Math.floor(size / 2);
      }
    }
    return n;
  });
}

// A decision whose save failed stays in play across tab changes (the campaign screen is
// rebuilt only when another campaign or page is opened), as the banner promises.
test('full storage: a decision that could not be saved survives a tab change', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(startSample(page, server.url));
  await choose(page, 'A', 'attack');
  await lastStep(page, 'Turn 1: Anna has chosen an action');
  await fillStorage(page);
  await choose(page, 'B', 'regroup');
  await phase(page, 'Type of battle');
  await waitText(tid(page, 'banner'), 'storage is full');
  await tid(page, 'tab-log').click();
  await tid(page, 'log').waitFor();
  await tid(page, 'tab-play').click();
  await tid(page, 'phase-title').waitFor();
  assert.equal(norm(await tid(page, 'status').textContent()), 'Turn 1 · Type of battle', "Boris's choice is still in play");
});
