// The table at a glance: every odds table says which faces give each result ("1-2
// Counter-attack 33.3%"), and on a phone the odds of the roll at hand are on the first screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, newPage, screenshotPath, tid, startSample, choose, phase, axeCheck, noSideways,
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

/** The odds table as rows of [faces, what, percent]. */
async function oddsRows(page) {
  await tid(page, 'odds').first().waitFor();
  return page.locator('[data-testid="odds"] tr').evaluateAll((trs) => trs.map((tr) => [
    tr.querySelector('.odds-faces')?.textContent ?? null,
    tr.querySelector('.odds-what')?.textContent ?? '',
    tr.querySelector('.odds-pct')?.textContent ?? '',
  ].map((s) => (s === null ? null : s.replace(/\s+/g, ' ').trim()))));
}

for (const vp of [{ width: 390, height: 844 }, { width: 768, height: 1024 }, { width: 1024, height: 768 }]) {
  const size = `${vp.width}x${vp.height}`;
  test(`Race for X's type of battle at ${size}: each result with its faces, the whole table on the first screen`, async (t) => {
    const { page, guard } = await newPage(browser, vp, t);
    await guard(startSample(page, server.url));
    await choose(page, 'A', 'attack');
    await choose(page, 'B', 'regroup');
    await phase(page, 'Type of battle');
    // The published table under Attack, no modifier: 1-2 Counter-attack, 3-5 Prepared, 6 Hasty.
    assert.deepEqual(await oddsRows(page), [
      ['1-2', 'Counter-attack', '33.3%'],
      ['3-5', 'Prepared Defence', '50%'],
      ['6', 'Hasty Defence', '16.7%'],
    ]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath(`odds-faces-rfx-${size}.png`) });
    const box = await tid(page, 'odds').boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= vp.height,
      `the odds table on the first screen at ${size}: ${JSON.stringify(box)}`);
    // A die's faces stand in one row.
    const tops = await page.locator('.faces .btn.face').evaluateAll((bs) => [...new Set(bs.map((b) => Math.round(b.getBoundingClientRect().top)))]);
    assert.equal(tops.length, 1, `the six faces in one row at ${size}: tops ${tops}`);
    await noSideways(page, `type of battle at ${size}`);
    await axeCheck(page, `the type-of-battle roll at ${size}`);
  });
}
