#!/usr/bin/env node
// Where the main thread's time goes when a stored campaign opens from a cold cache: a release
// build (default dist/; build it with SPLIT_NAMES=1 scripts/build-split.sh for function names)
// served gzip-compressed under /field-desk/, a system's sample (Race for X unless --open says
// another) started on a page of its own, the service worker and caches cleared, then its address
// opened afresh with the browser's own throttling (1.6 Mbps, 150 ms, CPU 4x slower, as
// scripts/open-timing.mjs). Prints every main-thread task over 50 ms with what it spent its time
// on (trace events by kind, and the functions that took most of the sampled time in it).
// Figures only, no assertions.
//
//   node scripts/open-profile.mjs [DIST] [--open SLUG] [--list] [--warm] [--trace FILE]
//   --list: profile the campaign list's first visit instead.
//   --warm: keep the service worker and its caches (as Lighthouse's opened campaign, a returning
//           player's device): the files come from the precache, not the throttled network.
// CPU_RATE=1 profiles at the machine's own speed (as Lighthouse observes before its 4x
// simulation); LONG_MS=10 lists every task over 10 ms instead of 50.
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { startServer, REPO_ROOT } from '../tests/e2e/harness.mjs';
import { storedSample } from './stored-sample.mjs';

const args = process.argv.slice(2);
const take = (flag) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args.splice(at, 2)[1] : null;
};
const slug = take('--open') || 'race-for-x';
const traceFile = take('--trace');
const listAt = args.indexOf('--list');
const listOnly = listAt >= 0 && args.splice(listAt, 1);
const warmAt = args.indexOf('--warm');
const warm = warmAt >= 0 && args.splice(warmAt, 1);
const dir = path.resolve(REPO_ROOT, args[0] || 'dist');
if (!fs.existsSync(path.join(dir, 'index.html'))) {
  console.log('open-profile: no build to profile');
  process.exit(0);
}

const server = await startServer({ dir, gzip: true });
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', ...(process.env.JS_FLAGS ? [`--js-flags=${process.env.JS_FLAGS}`] : [])] });
let trace;
try {
  let url = server.url;
  if (!listOnly) {
    url = await storedSample(browser, server.url, slug, { coldCache: !warm });
  }
  const page = await browser.newPage();
  if (!warm) await page.setCacheEnabled(false);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU_RATE || 4) });
  await page.tracing.start({
    categories: [
      'devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'v8.execute',
      'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading',
    ],
  });
  await page.goto(url);
  await page.waitForSelector(listOnly ? '[data-testid^="start-sample-"]' : '[data-testid="campaign-title"]', { timeout: 60000 });
  await new Promise((r) => setTimeout(r, 3000));
  trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString("utf8"));
} finally {
  await browser.close();
  await server.close();
}
if (traceFile) fs.writeFileSync(traceFile, JSON.stringify(trace));

const events = trace.traceEvents;
// The renderer's main thread: where the page's own tasks run.
const parsed = events.find((e) => e.name === 'ParseHTML' && (e.args?.beginData?.url || '').startsWith(server.origin));
const mainThread = { pid: parsed.pid, tid: parsed.tid };
const onMain = events.filter((e) => e.pid === mainThread.pid && e.tid === mainThread.tid);
const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X').sort((a, b) => a.ts - b.ts);
const navStart = (onMain.find((e) => e.name === 'navigationStart') || tasks[0]).ts;

// Sampled stacks (V8's profiler) of the main thread, in the trace's clock: a `Profile` event
// on that thread, and its `ProfileChunk`s (same id) with nodes, samples and time deltas.
const nodes = new Map();
const samples = [];
const profile = events.find((e) => e.name === 'Profile' && e.pid === mainThread.pid && e.tid === mainThread.tid);
if (profile) {
  let ts = profile.args.data.startTime;
  for (const e of events.filter((e) => e.name === 'ProfileChunk' && e.pid === profile.pid && e.id === profile.id)) {
    const data = e.args.data;
    for (const n of data.cpuProfile?.nodes || []) nodes.set(n.id, n);
    const deltas = data.timeDeltas || [];
    (data.cpuProfile?.samples || []).forEach((id, i) => {
      ts += deltas[i] || 0;
      samples.push({ id, ts });
    });
  }
}
// Rust's legacy mangling, shortened: _ZN3foo3bar17h<hash>E -> foo::bar.
const demangle = (name) => {
  const m = /^_ZN(.*)17h[0-9a-f]{16}E/.exec(name);
  if (!m) return name;
  const parts = [];
  let rest = m[1];
  while (rest.length) {
    const n = /^(\d+)/.exec(rest);
    if (!n) break;
    const len = Number(n[1]);
    parts.push(rest.slice(n[1].length, n[1].length + len));
    rest = rest.slice(n[1].length + len);
  }
  return parts.join('::').replace(/\$LT\$/g, '<').replace(/\$GT\$/g, '>').replace(/\$u20\$/g, ' ').replace(/\$RF\$/g, '&')
    .replace(/\$C\$/g, ',').replace(/\$u7b\$/g, '{').replace(/\$u7d\$/g, '}').replace(/\.\./g, '::').replace(/\$u5b\$/g, '[').replace(/\$u5d\$/g, ']');
};
const nameOf = (n) => {
  const f = n.callFrame;
  const file = (f.url || '').split('/').pop();
  return `${demangle(f.functionName || '(anonymous)')}${file ? ` [${file}]` : ''}`;
};
const parents = new Map();
for (const n of nodes.values()) {
  if (n.parent !== undefined) parents.set(n.id, n.parent);
  for (const c of n.children || []) parents.set(c, n.id);
}

const ms = (us) => (us / 1000).toFixed(0);
const long = tasks.filter((t) => t.dur > Number(process.env.LONG_MS || 50) * 1000);
console.log(`${listOnly ? 'campaign list' : `opened ${slug} sample`}: ${long.length} tasks over ${process.env.LONG_MS || 50} ms (CPU ${process.env.CPU_RATE || 4}x slower)`);
for (const t of long) {
  const inside = onMain.filter((e) => e.ph === 'X' && e.ts >= t.ts && e.ts < t.ts + t.dur && e !== t && e.dur > 2000);
  const kinds = new Map();
  for (const e of inside) kinds.set(e.name, (kinds.get(e.name) || 0) + e.dur);
  console.log(`\n  task at ${ms(t.ts - navStart)} ms, ${ms(t.dur)} ms`);
  console.log(`    events: ${[...kinds].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, d]) => `${k} ${ms(d)}`).join(', ')}`);
  const own = samples.filter((s) => s.ts >= t.ts && s.ts < t.ts + t.dur);
  if (!own.length) continue;
  const self = new Map();
  const total = new Map();
  for (let i = 0; i < own.length; i++) {
    const dt = (own[i + 1]?.ts ?? t.ts + t.dur) - own[i].ts;
    const n = nodes.get(own[i].id);
    if (!n) continue;
    self.set(nameOf(n), (self.get(nameOf(n)) || 0) + dt);
    const seen = new Set();
    for (let id = own[i].id; id !== undefined; id = parents.get(id)) {
      const name = nameOf(nodes.get(id));
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) || 0) + dt);
    }
  }
  const top = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k);
  console.log('    self time:');
  for (const [n, d] of top(self, 12)) console.log(`      ${ms(d).padStart(5)} ms  ${n}`);
  console.log('    total time (with callees):');
  for (const [n, d] of top(total, 25)) console.log(`      ${ms(d).padStart(5)} ms  ${n}`);
}
