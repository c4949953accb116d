#!/usr/bin/env node
// Lighthouse (mobile defaults: a mid-range phone on a throttled 4G link, simulated) on a release
// build (default dist/) served under /field-desk/ by the e2e tests' static server, gzip-compressed as static hosts send it, in Debian's
// Chromium, each load in a fresh profile: the campaign list on a first visit, then an opened
// campaign (a system's sample, Race for X unless --open names others, comma-separated, started on the list and
// loaded again on its address). Lighthouse's defaults clear the origin's service worker and Cache
// Storage before it loads a page, not its localStorage: so the opened campaign is measured as a
// returning player whose cached files are gone, the campaign still stored, its system's code
// fetched over the simulated network. Each page is measured --runs times (5
// unless told), as Lighthouse's own guidance on variability advises: one line per run, then the
// median run (Lighthouse's `computeMedianRun`, the run nearest the median first contentful paint
// and time to interactive, as PageSpeed Insights and Lighthouse CI pick it) in full: each
// category's score and the main timings; each run's line ends with its long tasks as Lighthouse
// simulates them (ms, and the script each is charged to). Figures only, no assertions.
//
//   node scripts/lighthouse.mjs [DIST] [--open SLUG[,SLUG...] | --open none] [--runs N] [--json DIR (the median runs' reports)]
//
// LIGHTHOUSE_JS_FLAGS passes V8 flags to the browser, to see where time goes (not what a player
// gets): LIGHTHOUSE_JS_FLAGS=--no-wasm-lazy-compilation compiles every wasm function before it
// first runs, off the main thread, instead of on its first call.
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { startFlow } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { startServer, REPO_ROOT } from '../tests/e2e/harness.mjs';
import { storedSample } from './stored-sample.mjs';

const args = process.argv.slice(2);
const openAt = args.indexOf('--open');
const slugs = (openAt >= 0 ? args.splice(openAt, 2)[1] : 'race-for-x').split(',').filter((s) => s && s !== 'none');
const jsonAt = args.indexOf('--json');
const jsonDir = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : null;
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Math.max(1, Number(args.splice(runsAt, 2)[1]) || 1) : 5;
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

/** One measured load in a browser of its own (a fresh profile each time): its report. */
async function load(name, prepare) {
  const browser = await launch();
  try {
    const url = await prepare(browser);
    const page = await browser.newPage();
    const flow = await startFlow(page, { name, config });
    await flow.navigate(url, { name });
    return (await flow.createFlowResult()).steps[0].lhr;
  } finally {
    await browser.close();
  }
}

/** `runs` loads of one page, a line each, then the median run in full. */
async function measure(name, prepare) {
  const lhrs = [];
  console.log(`\n${name}: ${runs} run${runs === 1 ? '' : 's'}`);
  for (let i = 1; i <= runs; i++) {
    const lhr = await load(name, prepare);
    lhrs.push(lhr);
    const score = (c) => (lhr.categories[c]?.score == null ? 'n/a' : Math.round(lhr.categories[c].score * 100));
    const shown = (id) => lhr.audits[id]?.displayValue ?? '?';
    console.log(
      `  run ${i}: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}; ` +
        `TBT ${shown('total-blocking-time')}, LCP ${shown('largest-contentful-paint')}, TTI ${shown('interactive')}; ` +
        `long tasks ${longTasks(lhr)}`,
    );
  }
  const valid = lhrs.filter((l) => !l.runtimeError);
  const median = valid.length ? computeMedianRun(valid) : lhrs[0];
  report(name, median, lhrs.length > 1 ? ` (median run: run ${lhrs.indexOf(median) + 1})` : '');
  if (jsonDir) {
    fs.mkdirSync(jsonDir, { recursive: true });
    const file = path.join(jsonDir, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify(median));
    console.log(`  report: ${file}`);
  }
}

/** The run's long tasks in the simulation: "146 at 6.8 s (field-desk.js), ...". */
function longTasks(lhr) {
  const items = lhr.audits['long-tasks']?.details?.items ?? [];
  const named = items.map((t) => `${Math.round(t.duration)} at ${(t.startTime / 1000).toFixed(1)} s (${t.url.split('/').pop() || t.url})`);
  return named.join(', ') || 'none';
}

function report(name, lhr, which) {
  console.log(`${name}${which}: ${lhr.finalDisplayedUrl.replace(server.origin, '')}`);
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
  for (const slug of slugs) {
    await measure(`an opened campaign (${slug} sample)`, async (browser) => {
      return storedSample(browser, server.url, slug);
    });
  }
} finally {
  await server.close();
}
