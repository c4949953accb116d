#!/usr/bin/env node
// Lighthouse (mobile defaults: a mid-range phone on a throttled 4G link, simulated) on a release
// build (default dist/) served under /field-desk/ by the e2e tests' static server, gzip-compressed as static hosts send it, in Debian's
// Chromium, each load in a fresh profile: the campaign list on a first visit, then an opened
// campaign (a system's sample, Race for X unless --open says another, started on the list and
// loaded again on its address with its storage kept). Prints each
// category's score and the main timings. Figures only, no assertions.
//
//   node scripts/lighthouse.mjs [DIST] [--open SLUG] [--json DIR (each load's whole report)]
//
// LIGHTHOUSE_JS_FLAGS passes V8 flags to the browser, to see where time goes (not what a player
// gets): LIGHTHOUSE_JS_FLAGS=--no-wasm-lazy-compilation compiles every wasm function before it
// first runs, off the main thread, instead of on its first call.
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { startFlow } from 'lighthouse';
import { startServer, REPO_ROOT } from '../tests/e2e/harness.mjs';
import { storedSample } from './stored-sample.mjs';

const args = process.argv.slice(2);
const openAt = args.indexOf('--open');
const slug = openAt >= 0 ? args.splice(openAt, 2)[1] : 'race-for-x';
const jsonAt = args.indexOf('--json');
const jsonDir = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : null;
const dir = path.resolve(REPO_ROOT, args[0] || 'dist');
const jsFlags = process.env.LIGHTHOUSE_JS_FLAGS || '';
if (jsFlags) console.log(`lighthouse: V8 flags ${jsFlags} (an experiment: not what a player's browser does)`);
if (!fs.existsSync(path.join(dir, 'index.html'))) {
  console.log(`lighthouse: ${path.relative(REPO_ROOT, dir)}/index.html not found; build first`);
  process.exit(0);
}

const server = await startServer({ dir, gzip: true });
const launch = () =>
  puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', ...(jsFlags ? [`--js-flags=${jsFlags}`] : [])],
  });
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const AUDITS = [
  ['first-contentful-paint', 'first contentful paint'],
  ['largest-contentful-paint', 'largest contentful paint'],
  ['interactive', 'time to interactive'],
  ['total-blocking-time', 'total blocking time'],
  ['cumulative-layout-shift', 'layout shift'],
  ['total-byte-weight', 'bytes transferred'],
];
const config = { extends: 'lighthouse:default', settings: { onlyCategories: CATEGORIES } };

/** One measured load in a browser of its own (a fresh profile each time). */
async function measure(name, prepare) {
  const browser = await launch();
  try {
    const url = await prepare(browser);
    const page = await browser.newPage();
    const flow = await startFlow(page, { name, config });
    await flow.navigate(url, { name, flags: { disableStorageReset: url !== server.url } });
    const result = await flow.createFlowResult();
    report(result.steps[0]);
    if (jsonDir) {
      fs.mkdirSync(jsonDir, { recursive: true });
      const file = path.join(jsonDir, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
      fs.writeFileSync(file, JSON.stringify(result.steps[0].lhr));
      console.log(`  report: ${file}`);
    }
  } finally {
    await browser.close();
  }
}

function report(step) {
  const lhr = step.lhr;
  console.log(`\n${step.name}: ${lhr.finalDisplayedUrl.replace(server.origin, '')}`);
  if (lhr.runtimeError) console.log(`  not measured: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  for (const c of CATEGORIES) {
    const cat = lhr.categories[c];
    console.log(`  ${cat.title.padEnd(16)} ${cat.score === null ? 'n/a' : Math.round(cat.score * 100)}`);
  }
  for (const [id, label] of AUDITS) {
    const a = lhr.audits[id];
    if (a) console.log(`  ${label.padEnd(26)} ${a.displayValue ?? ''}`);
  }
  const failing = Object.values(lhr.audits).filter(
    (a) => a.score !== null && a.score < 0.9 && ['binary', 'numeric'].includes(a.scoreDisplayMode),
  );
  for (const a of failing) console.log(`  below 0.9: ${a.id} (${a.score}) ${a.displayValue ?? ''}`);
}

try {
  await measure('the campaign list, first visit', async () => server.url);
  // A campaign to open: the sample, started as a player would on a page of its own first (so the
  // campaign is in the profile's storage), then measured loaded afresh on its address with that
  // storage kept.
  await measure(`an opened campaign (${slug} sample)`, async (browser) => {
    return storedSample(browser, server.url, slug);
  });
} finally {
  await server.close();
}
