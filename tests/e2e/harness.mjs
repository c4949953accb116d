// Shared helpers for the end-to-end tests (run with `node --test tests/e2e/*.test.mjs`).
//
// - startServer(): plain-Node static server for the release build in dist/, mounted under the
//   sub-path /field-desk/ so every test proves the relative-URL build works below a sub-path.
// - launchBrowser(): Debian's /usr/bin/chromium driven by playwright-core (no browser download).
// - newPage(browser, viewport, t): fresh context (fresh profile) recording console errors and
//   page errors; a Rust panic in the page fails the test.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// The release build of scripts/build-split.sh in dist/; FIELD_DESK_DIST: another build to test
// (relative to the repository), e.g. trunk's unsplit one.
export const DIST_DIR = path.resolve(REPO_ROOT, process.env.FIELD_DESK_DIST || 'dist');
export const BASE_PATH = '/field-desk/';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox', // root in a container: Chromium's sandbox cannot start
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
};

/**
 * Serve `dir` (default dist/) under `basePath` (default /field-desk/) on 127.0.0.1, random port.
 * GET/HEAD only; `${basePath}` and directories serve their index.html; `/field-desk` redirects to
 * `/field-desk/`; anything else (including every path outside basePath) is a 404.
 * With `gzip: true`, text and wasm go gzip-compressed to a client that accepts it, as real
 * static hosts send them (scripts/lighthouse.mjs); the e2e tests keep the plain bytes.
 * Returns { url, origin, port, requests, hang, close }; `requests` logs { method, path, status }.
 */
/** Types a host compresses. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|wasm|manifest\+json)|image\/svg)/;

export async function startServer({ dir = DIST_DIR, basePath = BASE_PATH, gzip = false } = {}) {
  const root = path.resolve(dir);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`${root}/index.html not found: run \`bash scripts/build-split.sh\` first`);
  }
  const requests = [];
  let hanging = false;
  const zipped = new Map();

  const server = http.createServer((req, res) => {
    // A network that hangs: the request is taken and never answered.
    if (hanging) return;
    const send = (status, headers, body) => {
      requests.push({ method: req.method, path: req.url, status });
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    const notFound = () => send(404, { 'content-type': 'text/plain; charset=utf-8' }, 'not found\n');

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }, 'method not allowed\n');
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    } catch {
      return notFound();
    }
    if (pathname === basePath.replace(/\/$/, '')) {
      return send(301, { location: basePath }, '');
    }
    if (!pathname.startsWith(basePath)) return notFound();

    let file = path.resolve(root, '.' + path.posix.normalize('/' + pathname.slice(basePath.length)));
    if (file !== root && !file.startsWith(root + path.sep)) return notFound(); // path traversal
    try {
      if (fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
      let body = fs.readFileSync(file);
      const type = MIME[path.extname(file).toLowerCase()] || 'application/octet-stream';
      const headers = { 'content-type': type, 'cache-control': 'no-cache' };
      if (gzip && COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
        if (!zipped.has(file)) zipped.set(file, zlib.gzipSync(body, { level: 9 }));
        body = zipped.get(file);
        headers['content-encoding'] = 'gzip';
        headers.vary = 'accept-encoding';
      }
      headers['content-length'] = body.length;
      return send(200, headers, body);
    } catch {
      return notFound();
    }
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: origin + basePath,
    origin,
    port,
    requests,
    /** From now on, take requests and never answer them (true), or answer again (false). */
    hang: (on = true) => {
      hanging = on;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** Headless Debian Chromium through playwright-core. */
export async function launchBrowser(options = {}) {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    ...options,
  });
}

const PANIC_RE = /panicked at|RuntimeError: unreachable/;

/**
 * A page in a fresh browser context (fresh profile: no storage, no service worker).
 * Records console errors and uncaught page errors in `errors` (strings); Rust panics
 * (console_error_panic_hook's "panicked at", or a wasm `unreachable` trap) also in `panics`.
 * With the node:test context `t`, the context is closed after the test and the test fails if the
 * page panicked. `guard(promise)` rejects as soon as the page panics (instead of timing out).
 * Returns { page, context, errors, panics, guard, assertNoPanic, close }.
 */
export async function newPage(browser, { width = 1024, height = 768 } = {}, t = undefined) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000); // a missing element fails the test in 10 s, not 30 s
  const errors = [];
  const panics = [];
  let rejectPanic;
  const panicked = new Promise((_, reject) => {
    rejectPanic = reject;
  });
  panicked.catch(() => {}); // only observed through guard()

  const record = (text) => {
    errors.push(text);
    if (PANIC_RE.test(text)) {
      panics.push(text);
      rejectPanic(new Error(`the page panicked: ${text}`));
    }
  };
  page.on('console', (msg) => {
    if (msg.type() === 'error') record(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => record(`pageerror: ${err.stack || err.message || err}`));

  const assertNoPanic = () => {
    if (panics.length > 0) {
      throw new Error(`the page panicked:\n${panics.join('\n')}`);
    }
  };
  const guard = (promise) => Promise.race([promise, panicked]);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await context.close();
  };

  if (t) {
    t.after(async () => {
      for (const e of errors) t.diagnostic(`page error: ${e}`);
      await close();
      assertNoPanic();
    });
  }
  return { page, context, errors, panics, guard, assertNoPanic, close };
}

/** Absolute path for a screenshot under target/screenshots/ (the directory is created). */
export function screenshotPath(name) {
  const dir = path.join(REPO_ROOT, 'target', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

// ---- Small driving helpers for the campaign tests (playwright-core has no `expect`). ----

/** Locator for a data-testid. */
export function tid(page, id) {
  return page.locator(`[data-testid="${id}"]`);
}

/**
 * Polls until `fn()` returns a truthy value (returned) or `timeout` ms pass (throws with the
 * last value seen, described by `what`).
 */
export async function waitFor(fn, what = 'condition', timeout = 5_000) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last seen: ${String(last)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Waits until a seat copy's screen is drawn whole: its forces and log come a frame after the top
 * (`Later::below`), so what a test reads of the screen (its text, axe, a screenshot) waits for
 * them. After a link opened on a page already showing a copy (only the address's hash changes),
 * call it once something of the new copy is seen: until then the old copy is still there.
 */
export async function copyDrawn(page, timeout = 10_000) {
  await page.locator('[data-testid="seat-copy"] [data-testid="log"]').waitFor({ timeout });
}

/** Waits until the locator's text matches (a RegExp, or a string it must contain); returns it. */
export async function waitText(locator, expected, timeout = 5_000) {
  let seen = '';
  try {
    await waitFor(async () => {
      seen = (await locator.first().textContent({ timeout: 500 })) ?? '';
      return expected instanceof RegExp ? expected.test(seen) : seen.includes(expected);
    }, `text ${expected}`, timeout);
  } catch {
    throw new Error(`expected text ${expected} but saw ${JSON.stringify(seen)}`);
  }
  return seen;
}

// ---- Race for X: one call per step of play (dice always typed in, so outcomes are fixed). ----

/** Opens the app's list and starts the sample campaign; returns its id (from the URL hash). */
export async function startSample(page, url) {
  await page.goto(url);
  await tid(page, 'start-sample-race-for-x').click();
  await waitText(tid(page, 'phase-title'), 'Offensive actions', 10_000);
  const m = /#\/c\/([0-9a-f]+)\//.exec(page.url());
  if (!m) throw new Error(`no campaign id in ${page.url()}`);
  return m[1];
}

/** Waits for the "Last:" line to show the decision just taken. */
export function lastStep(page, expected) {
  return waitText(tid(page, 'last-step'), expected);
}

/** A player's secret choice: side 'A' or 'B', action 'attack' or 'regroup'. */
export async function choose(page, side, action) {
  await tid(page, `reveal-${side}`).click();
  await tid(page, `choose-${action}`).click();
  await tid(page, 'secret-choice').waitFor({ state: 'detached' });
}

/** Taps face `n` of a single-die roll and waits for the log line it makes. */
export async function tapDie(page, n, expectedLast) {
  await tid(page, `face-${n}`).click();
  if (expectedLast) await lastStep(page, expectedLast);
}

/** Types a pool of dice ("5 2 6") and waits for the log line it makes. */
export async function typeDice(page, text, expectedLast) {
  await tid(page, 'dice-input').fill(text);
  await tid(page, 'dice-submit').click();
  if (expectedLast) await lastStep(page, expectedLast);
}

/** Clicks unit toggles by orbat index (toggling: a second click takes a unit off again). */
export async function toggleUnits(page, units) {
  for (const u of units) await page.locator(`[data-testid="unit-toggle"][data-unit="${u}"]`).click();
}

/** Fills in the outcome form (objectives 0..2, stands exited, killed "unit-stand" refs). */
export async function fillOutcome(page, { objectives = 0, exited = 0, killed = [] }) {
  await tid(page, `objectives-${objectives}`).click();
  for (let i = 0; i < exited; i++) await tid(page, 'exited-plus').click();
  await waitText(tid(page, 'exited'), String(exited));
  for (const k of killed) await page.locator(`[data-testid="kill-toggle"][data-stand="${k}"]`).click();
}

/** The phase title once it reads `name`. */
export function phase(page, name, timeout) {
  return waitText(tid(page, 'phase-title'), name, timeout);
}

/** The dice widget's odds table as { "what": "pct" }. */
export async function readOdds(page) {
  await tid(page, 'odds').first().waitFor();
  const rows = await page.locator('[data-testid="odds"] tr').evaluateAll((trs) =>
    trs.map((tr) => [tr.querySelector('.odds-what')?.textContent ?? '', tr.querySelector('.odds-pct')?.textContent ?? '']),
  );
  return Object.fromEntries(rows);
}

/**
 * Visible button/input/select/a/label.btn elements smaller than `min` x `min` CSS px (the
 * same measure as scripts/screenshots.mjs), as { tag, label, w, h }. Figures only.
 */
export function smallTargets(page, min = 44) {
  return page.evaluate((min) => {
    const out = [];
    for (const el of document.querySelectorAll('button, input, select, a, label.btn')) {
      if (el.matches('input[type="hidden"]')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || (r.width >= min && r.height >= min)) continue;
      const label = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || el.getAttribute('type') || '')
        .trim().replace(/\s+/g, ' ').slice(0, 40);
      const testid = el.getAttribute('data-testid');
      out.push({ tag: el.tagName.toLowerCase() + (testid ? `[data-testid=${testid}]` : ''), label, w: Math.round(r.width), h: Math.round(r.height) });
    }
    return out;
  }, min);
}

const AXE_SOURCE_PATH = path.join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js');

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules plus best practices) on the page as it is now and
 * throws, listing every violation with its nodes, when there is any. `what` names the screen in
 * the message. Call it on every screen a test visits, dialogs and open wizards included.
 */
export async function axeCheck(page, what) {
  const loaded = await page.evaluate(() => typeof window.axe !== 'undefined');
  if (!loaded) await page.addScriptTag({ path: AXE_SOURCE_PATH });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`),
    }));
  });
  if (violations.length > 0) {
    const lines = violations.map((v) => `- ${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.join('\n    ')}`);
    throw new Error(`axe-core found ${violations.length} violation(s) on ${what}:\n${lines.join('\n')}`);
  }
}

/** The three screens every step is judged on: a landscape and a portrait tablet, a phone. */
export const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];

/** Fails when the page scrolls sideways. */
export async function noSideways(page, what) {
  const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(sw <= cw, `${what}: the page scrolls sideways (${sw} > ${cw} px)`);
}

/** Fails unless the element is visible with the page scrolled to the top. */
export async function onFirstScreen(page, locator, what) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await locator.first().waitFor();
  const box = await locator.first().boundingBox();
  const vh = page.viewportSize().height;
  assert.ok(box && box.y >= 0 && box.y + Math.min(box.height, 44) <= vh, `${what}: not on the first screen (${JSON.stringify(box)}, viewport ${vh} px high)`);
}

/**
 * Looks at the current screen at every size in `VIEWPORTS`. `action` (a test id) must lie
 * inside the first screen (unless `fold` is false), the page must not be wider than the window
 * and axe-core must find nothing; what fails is pushed to `misses` (the caller fails the test
 * on them at its end). A screenshot of the first screen at each size goes to
 * target/screenshots/`prefix`-glance-`name`-WxH.png.
 */
export async function glance(page, prefix, name, action, misses, { fold = true } = {}) {
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => { window.scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(r)); }));
    await page.screenshot({ path: screenshotPath(`${prefix}-glance-${name}-${size.width}x${size.height}.png`) });
    const box = await tid(page, action).first().boundingBox();
    if (fold && (!box || box.y + box.height > size.height)) {
      misses.push(`${name} at ${size.width}x${size.height}: ${action} ${box ? `ends at ${Math.round(box.y + box.height)} px` : 'is not shown'}`);
    }
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (wide > 0) misses.push(`${name} at ${size.width}x${size.height}: the page scrolls ${wide} px sideways`);
    try {
      await axeCheck(page, `the ${name} step at ${size.width}x${size.height}`);
    } catch (e) {
      misses.push(e.message);
    }
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

// ---- Several devices (issue 30): the keeper's Share tab. ----

/**
 * The keeper's Share tab: seat `seat`'s copy as a link (`fd6.`), made with `holder` holding the
 * tablet where given (the umpire: `'0'`); back on the Play tab after.
 */
export async function seatCopyLink(page, seat, { holder } = {}) {
  await tid(page, 'tab-share').click();
  if (holder !== undefined) {
    await tid(page, `holder-${holder}`).click();
    await waitFor(async () => (await tid(page, `holder-${holder}`).getAttribute('aria-pressed')) === 'true', `seat ${holder} holds the tablet`);
  }
  await tid(page, `seat-link-${seat}`).click();
  await tid(page, 'seat-share-link').waitFor();
  await waitFor(async () => /#s=fd6\./.test(await tid(page, 'seat-share-link').inputValue()), 'a following seat copy');
  const link = await tid(page, 'seat-share-link').inputValue();
  await tid(page, 'tab-play').click();
  return link;
}

/** The keeper pastes a reply on its Share tab and sees it taken (`who`'s, when named). */
export async function pasteReply(page, reply, who = '') {
  await tid(page, 'tab-share').click();
  await tid(page, 'reply-paste').fill(reply);
  await tid(page, 'reply-take').click();
  await waitText(tid(page, 'notice'), who ? `${who}'s reply is taken.` : 'reply is taken', 10_000);
  await tid(page, 'tab-play').click();
}
