// Seat links (issue 9): Boris sends his own view of a Race for X campaign while Anna's choice
// is pending. On another device it opens read-only, says whose view it is and when it was
// made, and shows nothing of Anna's choice. A newer view replaces it there; the older link,
// opened again, does not come back. Whoever holds the tablet sends only what they may read.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, newPage, tid, waitText, waitFor, startSample, lastStep, choose, axeCheck, screenshotPath,
  copyDrawn,
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

/** Boris holds the tablet; the link of his view from the Share tab. */
async function borisLink(page) {
  await tid(page, 'tab-share').click();
  await tid(page, 'holder-1').click();
  await waitFor(async () => (await tid(page, 'holder-1').getAttribute('aria-pressed')) === 'true', 'Boris holds it');
  // Without an umpire this tablet keeps the campaign and sends each player theirs.
  assert.equal(await tid(page, 'seat-link-0').count(), 1, "Anna's view is sent from the keeper too");
  assert.equal(await tid(page, 'seat-link-table').count(), 1);
  await tid(page, 'seat-link-1').click();
  await waitText(tid(page, 'seat').locator('h2'), 'Boris');
  return tid(page, 'seat-share-link').inputValue();
}

test('a seat link carries one view, read-only, and a newer one replaces it', async (t) => {
  const { page, guard } = await newPage(browser, undefined, t);
  await guard(startSample(page, server.url));
  await choose(page, 'A', 'attack');
  await tid(page, 'undo').click();
  await choose(page, 'A', 'regroup');
  await lastStep(page, 'Turn 1: Anna has chosen an action (kept hidden until both have chosen).');

  const first = await borisLink(page);
  assert.match(first, /#s=fd6\./, 'a seat link');
  await axeCheck(page, 'the Share tab with a seat link');
  await page.screenshot({ path: screenshotPath('seat-link-share-1024x768.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath('seat-link-share-390x844.png') });
  await page.setViewportSize({ width: 1024, height: 768 });

  // Boris's own device.
  const other = await newPage(browser);
  try {
    const p2 = other.page;
    await p2.goto(first);
    await tid(p2, 'seat-copy').waitFor({ timeout: 10_000 });
    await copyDrawn(p2);
    await waitText(tid(p2, 'notice'), 'is on this device now.');
    const whose = norm(await tid(p2, 'seat-copy-whose').textContent());
    assert.match(whose, /^Boris.*'s view, made .+\. What you decide here goes to the keeper as a reply/, whose);
    assert.equal(norm(await tid(p2, 'status').textContent()), 'Turn 1 · Offensive actions');
    const lines = (await tid(p2, 'log-line').allInnerTexts()).map(norm);
    assert.deepEqual(lines, ['Turn 1: Anna has chosen an action (kept hidden until both have chosen).'],
      'one line: no undone choice, no undo, nothing of what Anna chose');
    // Boris's own choice is open on his device (its buttons name both actions); the rest of
    // the screen shows nothing of Anna's.
    const own = await tid(p2, 'secret-choice').innerText();
    const body = (await p2.locator('body').innerText()).replace(own, '');
    assert.ok(!/Regroup|chose Attack/.test(body), 'no trace of either choice anywhere on the screen');
    assert.equal(await tid(p2, 'undo').count(), 0, 'nothing to play or undo');
    assert.ok(!(await p2.content()).includes('Back to here'));
    const stored = await p2.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('fielddesk.')));
    assert.ok(stored.some((k) => k.startsWith('fielddesk.seat.1.')), JSON.stringify(stored));
    assert.ok(!stored.some((k) => k.startsWith('fielddesk.campaign.')), 'no campaign was added');
    await axeCheck(p2, 'a received seat view');
    await p2.screenshot({ path: screenshotPath('seat-copy-1024x768.png'), fullPage: true });
    await p2.setViewportSize({ width: 390, height: 844 });
    await p2.screenshot({ path: screenshotPath('seat-copy-390x844.png') });
    await p2.setViewportSize({ width: 1024, height: 768 });

    // Both choose; Boris's newer view replaces the older on his device.
    await tid(page, 'tab-play').click();
    await choose(page, 'B', 'attack');
    await lastStep(page, 'Turn 1: Anna chose Regroup; Boris chose Attack.');
    const second = await borisLink(page);
    assert.notEqual(second, first);
    await p2.goto(second);
    await waitText(tid(p2, 'notice'), 'replaced the older one on this device');
    await copyDrawn(p2);
    await waitText(tid(p2, 'status'), 'Turn 1 · Type of battle');
    const after = (await tid(p2, 'log-line').allInnerTexts()).map(norm);
    assert.equal(after[0], 'Turn 1: Anna chose Regroup; Boris chose Attack.', 'newest first');

    // The older link again: the newer view stays.
    await p2.goto(first);
    await waitText(tid(p2, 'notice'), 'already has a newer');
    await waitText(tid(p2, 'status'), 'Turn 1 · Type of battle');

    // The list shows the view apart from the campaigns; it can be removed.
    await tid(p2, 'home').click();
    await tid(p2, 'seat-copy-row').waitFor();
    assert.equal(await tid(p2, 'seat-copy-row').count(), 1);
    assert.equal(await tid(p2, 'campaign-row').count(), 0, 'a view is not a campaign');
    await axeCheck(p2, 'the list with a received view');
    await tid(p2, 'seat-copy-row').locator('button.campaign-open').click();
    await tid(p2, 'delete-seat-copy').click();
    await tid(p2, 'confirm-remove').click();
    await tid(p2, 'campaign-list').waitFor();
    assert.equal(await tid(p2, 'seat-copy-row').count(), 0);
  } finally {
    await other.close();
  }

  // Whoever holds it, the keeper sends each player theirs.
  await tid(page, 'tab-share').click();
  await tid(page, 'holder-table').click();
  await tid(page, 'seat-link-table').waitFor();
  assert.equal(await tid(page, 'seat-link-1').count(), 1);
  assert.equal(await tid(page, 'full').count(), 0, 'no whole-campaign link without an umpire');
});
