#!/usr/bin/env node
// What a first visit transfers: serves a release build (default dist/) under the sub-path
// /field-desk/ with the e2e tests' static server, opens the campaign list in headless Chromium with
// a fresh profile, waits until the service worker (if the build has one) is active and the network
// has been quiet for a second, and prints every request the server answered (the page's and the
// service worker's alike), with raw and gzip -9 bytes, then the totals. Files fetched more than once
// are counted each time and marked. With --open SLUG, it then starts that system's sample and
// prints what that step fetched on top. Figures only, no assertions.
//
//   node scripts/first-visit.mjs [DIST] [--open axis-of-attack]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer, launchBrowser, tid, REPO_ROOT } from '../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
const openAt = args.indexOf('--open');
const open = openAt >= 0 ? args.splice(openAt, 2)[1] : null;
const dir = path.resolve(REPO_ROOT, args[0] || 'dist');
if (!fs.existsSync(path.join(dir, 'index.html'))) {
  console.log(`first-visit: ${path.relative(REPO_ROOT, dir)}/index.html not found; build first`);
  process.exit(0);
}

const server = await startServer({ dir });
const browser = await launchBrowser();
const quiet = async (ms = 1000, timeout = 20_000) => {
  // Until no new request has reached the server for `ms`.
  const end = Date.now() + timeout;
  let seen = -1;
  while (Date.now() < end) {
    if (server.requests.length === seen) return;
    seen = server.requests.length;
    await new Promise((r) => setTimeout(r, ms));
  }
};
const gz = new Map();
const gzipOf = (file) => {
  if (!gz.has(file)) gz.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
  return gz.get(file);
};
function report(title, requests, pageOwn = new Set()) {
  let own = 0;
  console.log(title);
  const seen = new Map();
  let raw = 0;
  let zipped = 0;
  for (const r of requests) {
    const rel = decodeURIComponent(new URL(r.path, server.origin).pathname).slice('/field-desk/'.length) || 'index.html';
    const file = path.join(dir, rel);
    const ok = r.status === 200 && fs.existsSync(file) && fs.statSync(file).isFile();
    const size = ok ? fs.statSync(file).size : 0;
    const g = ok ? gzipOf(file) : 0;
    raw += size;
    zipped += g;
    seen.set(rel, (seen.get(rel) ?? 0) + 1);
    if (seen.get(rel) === 1 && pageOwn.has(rel)) own += g;
    const again = seen.get(rel) > 1 ? '  (again)' : '';
    console.log(`  ${String(r.status).padStart(3)} ${String(size).padStart(9)} ${String(g).padStart(8)}  ${rel}${again}`);
  }
  const twice = [...seen.values()].filter((n) => n > 1).length;
  console.log(`  total: ${requests.length} requests, ${raw} bytes raw, ${zipped} bytes gzip -9` +
    (twice ? `; ${twice} files fetched more than once` : ''));
  if (pageOwn.size) {
    console.log(`  of which the page's own files (what it needs to start): ${own} bytes gzip -9; ` +
      `the rest (${zipped - own}) is the service worker's precache and the browser's manifest and icons`);
  }
  return zipped;
}

try {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`console.error: ${msg.text()}`));
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  // What the page itself asked for (answered by the server or by the service worker; not the
  // blob: URL of the worker that unpacks the main module, which is no download).
  const asked = [];
  page.on('response', (r) => !r.url().startsWith('blob:') && asked.push(`${r.url().replace(server.url, '') || 'index.html'}${r.fromServiceWorker() ? ' (service worker)' : ''}`));
  await page.goto(server.url);
  await tid(page, 'start-sample-race-for-x').waitFor({ timeout: 20_000 });
  const sw = await page.evaluate(async () => {
    const meta = document.querySelector('meta[name="field-desk-sw"]');
    if (!('serviceWorker' in navigator) || !meta || meta.content !== 'release') return 'none';
    const reg = await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 15_000))]);
    return reg && reg.active ? 'active' : 'not active after 15 s';
  });
  await quiet();
  const first = server.requests.length;
  const askedFirst = asked.length;
  console.log(`first visit of ${path.relative(REPO_ROOT, dir) || '.'} (service worker: ${sw})`);
  report('  status     bytes     gzip  file', server.requests.slice(0, first),
    new Set(asked.slice(0, askedFirst).map((u) => u.replace(/ \(service worker\)$/, ''))));
  console.log(`  the page itself asked for: ${asked.slice(0, askedFirst).join(', ')}`);
  if (open) {
    await tid(page, `start-sample-${open}`).click();
    await page.waitForFunction(() => /#\/c\//.test(location.hash), null, { timeout: 20_000 });
    const shown = await page
      .waitForSelector('[data-testid="phase-title"], [data-testid="chunk-error"]', { timeout: 20_000 })
      .then((e) => e.textContent())
      .catch(() => 'nothing within 20 s');
    await quiet();
    report(`\nthen opening the ${open} sample (the page shows: ${JSON.stringify(shown.trim())}):`, server.requests.slice(first));
    console.log(`  the page asked for: ${asked.slice(askedFirst).join(', ') || 'nothing'}`);
  }
  for (const e of errors) console.log(`page error: ${e}`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
