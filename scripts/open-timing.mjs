#!/usr/bin/env node
// How long a stored campaign takes to show on a slow link, with the browser's own throttling
// (1.6 Mbps down, 150 ms latency, CPU 4x slower), from a cold cache: a release build (default
// dist/) served gzip-compressed under /field-desk/, the Race for X sample started on a page of its
// own (so it is stored), the service worker and caches cleared, then its address opened afresh,
// three times. Prints when the campaign's head (its name: the summary while the system's code is
// fetched) and when its screen showed. Figures only, no assertions.
//
//   node scripts/open-timing.mjs [DIST]
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { startServer, REPO_ROOT } from '../tests/e2e/harness.mjs';
import { storedSample } from './stored-sample.mjs';
const dir = path.resolve(REPO_ROOT, process.argv[2] || 'dist');
if (!fs.existsSync(path.join(dir, 'index.html'))) {
  console.log('open-timing: no build to measure');
  process.exit(0);
}
const server = await startServer({ dir, gzip: true });
const times = [];
for (let run = 0; run < 3; run++) {
  let browser;
  try {
  browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  const url = await storedSample(browser, server.url, 'race-for-x', { coldCache: true });
  const page = await browser.newPage();
  await page.setCacheEnabled(false);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForSelector('.campaign-head h1', { timeout: 60000 });
  const head = Date.now() - t0;
  await page.waitForSelector('[data-testid="campaign-title"]', { timeout: 60000 });
  times.push([head, Date.now() - t0]);
  await browser.close();
  } catch (e) {
    console.log(`open-timing: run ${run + 1} not measured: ${e.message}`);
    await browser?.close();
  }
}
await server.close();
console.log(path.relative(REPO_ROOT, dir) || dir, times.map(([h, t]) => `head ${h} ms, screen ${t} ms`).join('; '));
