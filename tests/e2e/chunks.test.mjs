// The release build (scripts/build-split.sh) is a small shell plus one wasm chunk per system,
// served under /field-desk/.
// - The campaign list starts without any chunk; opening each system's sample from a cold cache
//   fetches that system's cold pack (its chunk and the chunks it shares with others, in one LZMA
//   file), never another system's, and its screen works; a second system on the same page fetches
//   only what it still needs; a seat link's pack is asked for as the page starts.
// - A chunk that cannot be fetched is a message on the page (no panic), and opening the campaign
//   again once the network is back works.
// - A stored campaign whose system's code is still on its way shows, from its stored summary,
//   its name, where it stands and its last step (the same words its screen then shows), and the
//   step its screen last showed on this device, in a box of the same size; index.html's own
//   script draws the same from storage before the app has even started.
// - Offline after the first visit: the service worker has precached every chunk, so every
//   system's sample opens; no file was fetched twice.
// The service worker is blocked in the first two tests so that every fetch is the page's own.
import { test, before, after } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, tid, waitText, axeCheck, choose, screenshotPath, seatCopyLink, DIST_DIR } from './harness.mjs';

const DIR = DIST_DIR;
// A system's code: its wasm files one by one, or all of them in its cold pack (one LZMA file,
// scripts/pack-chunks.mjs), fetched when nothing of it is on the page or in the precache yet.
const CHUNK_RE = /\/((split|chunk|pack)_[^/]*\.wasm|cold_[^/]*\.lzma)$/;
const own = (chunks) => chunks.filter((u) => /\/split_/.test(u)).map((u) => u.replace(/^.*\/split_(.*)\.wasm$/, '$1'));
const colds = (chunks) => chunks.filter((u) => /\/cold_/.test(u)).map((u) => u.replace(/^.*\/cold_(.*)\.lzma$/, '$1'));
let server;
let browser;

before(async () => {
  server = await startServer({ dir: DIR });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Every system the list offers a sample of, by slug, read from the page. */
async function systems(page) {
  await tid(page, 'start-sample-race-for-x').waitFor();
  const ids = await page.locator('[data-testid^="start-sample-"]').evaluateAll((els) => els.map((e) => e.dataset.testid));
  return ids.map((id) => id.replace('start-sample-', ''));
}

/** What the build's loader says each split point fetches, by its name: { large, pack, members }. */
function splitPoints() {
  const pkg = fs.readdirSync(DIR).find((d) => d.startsWith('pkg-'));
  const loader = fs.readFileSync(path.join(DIR, pkg, '__wasm_split.js'), 'utf8');
  const out = {};
  for (const m of loader.matchAll(/__wasm_split_load_(\w+) = wrapAsyncCb\(packedLoad\((.*)\)\);?$/gm)) {
    const [, large, pack, members] = JSON.parse(`[${m[2]}]`);
    out[m[1]] = { large, pack, members: members.map(([chunk]) => chunk) };
  }
  return out;
}

/** The campaign screen of a sample, drawn. */
async function opened(page, slug) {
  await tid(page, 'campaign-title').waitFor({ timeout: 10_000 });
  await tid(page, 'status').waitFor({ timeout: 10_000 });
  assert.ok(!(await tid(page, 'chunk-error').count()), `${slug}: chunk error`);
}

async function pageWithoutWorker(t) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const chunks = [];
  page.on('request', (r) => CHUNK_RE.test(new URL(r.url()).pathname) && chunks.push(r.url()));
  t.after(() => context.close());
  return { page, context, errors, chunks };
}

test('the list starts without any chunk; from a cold cache, each sample fetches its own system\'s cold pack only', async (t) => {
  const probe = await pageWithoutWorker(t);
  await probe.page.goto(server.url);
  const slugs = await systems(probe.page);
  assert.ok(slugs.length >= 4, `systems on the list: ${slugs.join(', ')}`);
  await probe.page.waitForTimeout(500);
  assert.deepEqual(probe.chunks, [], 'no chunk on the campaign list');
  for (const slug of slugs) {
    // A fresh context each time: a cold cache, nothing from the system before.
    const { page, errors, chunks } = await pageWithoutWorker(t);
    await page.goto(server.url);
    await tid(page, `start-sample-${slug}`).click();
    await opened(page, slug);
    // Nothing of it here yet: all its code in one file, its cold pack, and no wasm besides.
    assert.deepEqual(colds(chunks), [slug.replaceAll('-', '_')], `${slug} fetched: ${chunks.join(', ')}`);
    assert.equal(chunks.length, 1, `${slug} fetched: ${chunks.join(', ')}`);
    // A reload opens it again (a fresh page fetches the code again).
    await page.reload();
    await opened(page, slug);
    assert.deepEqual(errors.filter((e) => /panicked|unreachable/.test(e)), [], slug);
  }
});

test('a second system opened on the same page fetches only the files it does not have yet', async (t) => {
  const { page, errors, chunks } = await pageWithoutWorker(t);
  await page.goto(server.url);
  await tid(page, 'start-sample-race-for-x').click();
  await opened(page, 'race-for-x');
  assert.deepEqual(colds(chunks), ['race_for_x']);
  chunks.length = 0;
  await tid(page, 'home').click();
  await tid(page, 'start-sample-crossfire-scouting').click();
  await opened(page, 'crossfire-scouting');
  // Its own module, the large chunks Race for X did not bring and, where it needs a small chunk
  // Race for X did not, the shared pack: no cold pack (it would carry the shared code again), and
  // no file the page already has.
  const { race_for_x: rfx, crossfire_scouting: scouting } = splitPoints();
  const needed = ['split_crossfire_scouting', ...scouting.large.filter((f) => !rfx.large.includes(f))];
  if (scouting.members.some((m) => !rfx.members.includes(m))) needed.push(scouting.pack);
  const names = chunks.map((u) => u.replace(/^.*\/([^/]*)\.wasm$/, '$1'));
  assert.deepEqual(names.sort(), needed.sort(), `fetched: ${chunks.join(', ')}`);
  assert.deepEqual(colds(chunks), [], `fetched: ${chunks.join(', ')}`);
  assert.deepEqual(errors.filter((e) => /panicked|unreachable/.test(e)), [], 'no panic');
});

test("a seat link asks for its system's cold pack before the main module has arrived", async (t) => {
  const keeper = await pageWithoutWorker(t);
  await keeper.page.goto(server.url);
  await tid(keeper.page, 'start-sample-race-for-x').click();
  await opened(keeper.page, 'race-for-x');
  const link = await seatCopyLink(keeper.page, 1, { holder: 1 });
  // A fresh phone: its main module is held back until the cold pack has been asked for, so the
  // page opens only if the loader fetched the pack early, from the link, and not once the app has
  // started and read it (that would wait for ever: the test's timeout).
  const phone = await pageWithoutWorker(t);
  let askedFor;
  const asked = new Promise((r) => (askedFor = r));
  await phone.context.route(/\/cold_[^/]*\.lzma$/, async (route) => {
    askedFor(new URL(route.request().url()).pathname);
    await route.continue();
  });
  await phone.context.route(/_bg\.lzma$/, async (route) => {
    await asked;
    await route.continue();
  });
  await phone.page.goto(link);
  assert.match(await asked, /\/cold_race_for_x\.lzma$/);
  await tid(phone.page, 'campaign-title').waitFor({ timeout: 10_000 });
  assert.deepEqual(colds(phone.chunks), ['race_for_x'], `fetched: ${phone.chunks.join(', ')}`);
  assert.equal(phone.chunks.length, 1, `fetched: ${phone.chunks.join(', ')}`);
  assert.deepEqual(phone.errors.filter((e) => /panicked|unreachable/.test(e)), [], 'no panic');
});

test('a chunk that cannot be fetched is a message, and opening again works once it can', async (t) => {
  const { page, context, errors } = await pageWithoutWorker(t);
  let blocked = true;
  await context.route(CHUNK_RE, (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
  await page.goto(server.url);
  // The sample is made by its system's code: without it, a message, and nothing stored.
  await tid(page, 'start-sample-axis-of-attack').click();
  await waitText(tid(page, 'banner'), 'network did not answer', 10_000);
  assert.equal(await tid(page, 'campaign-row').count(), 0, 'nothing stored');
  blocked = false;
  await tid(page, 'start-sample-axis-of-attack').click();
  await waitText(tid(page, 'phase-title'), 'Table area', 10_000);

  // A stored campaign whose system's code cannot be fetched: the page says so, and opening
  // again once the network is back works.
  blocked = true;
  await page.reload();
  await waitText(tid(page, 'chunk-error'), 'could not be loaded', 10_000);
  assert.deepEqual(errors.filter((e) => /panicked|unreachable/.test(e)), [], 'no panic');
  blocked = false;
  await tid(page, 'home').click();
  await tid(page, 'campaign-list').or(tid(page, 'start-sample-race-for-x')).first().waitFor();
  await page.goBack();
  await waitText(tid(page, 'phase-title'), 'Table area', 10_000);
});

test('the scanner that cannot be fetched says so in its own words', async (t) => {
  const { page, context, errors } = await pageWithoutWorker(t);
  await context.route(CHUNK_RE, (route) => route.abort('internetdisconnected'));
  await page.goto(server.url);
  await tid(page, 'scan-open').click();
  await waitText(tid(page, 'chunk-error'), 'The scanner could not be loaded', 10_000);
  assert.doesNotMatch(await tid(page, 'chunk-error').textContent(), /system/, 'not called a system');
  assert.deepEqual(errors.filter((e) => /panicked|unreachable/.test(e)), [], 'no panic');
});

/**
 * A stored campaign of `slug` opened again with its chunks held back: index.html and then the
 * app's waiting view draw its head and the step its screen last showed (heading and first
 * paragraphs), each paragraph in a box of the size the screen then gives it. `step` brings the
 * fresh sample to the step looked at; `shots` names the screenshots taken on the way.
 */
async function glimpseCheck(t, slug, name, step, shots) {
  const { page, context, errors } = await pageWithoutWorker(t);
  await page.goto(server.url);
  await tid(page, `start-sample-${slug}`).click();
  await opened(page, slug);
  await step(page);
  const text = async (locator) => (await locator.textContent()).replace(/\s+/g, ' ').trim();
  const [title, status] = [await text(tid(page, 'campaign-title')), await text(tid(page, 'status'))];
  const last = (await tid(page, 'last-step').count()) ? await text(tid(page, 'last-step')) : null;
  // The step's first two paragraphs of guidance (store::Glimpse::MAX_PARAS).
  const screenParas = page.locator(':is(.play-main .phase > p.hint, .play-main .phase > p.info)');
  const paras = async (locator) => (await locator.evaluateAll((ps) => ps.slice(0, 2).map((p) => [p.className, p.textContent.replace(/\s+/g, ' ').trim()])));
  const phase = await text(tid(page, 'phase-title'));
  const words = await paras(screenParas);
  assert.ok(words.length > 0, `${slug}: the step has a paragraph to remember`);
  // The step on screen is remembered on the device once drawn (for the next opening).
  await page.waitForFunction((h) => Object.keys(localStorage).some((k) => k.startsWith('fielddesk.glimpse.') && localStorage.getItem(k).includes(h)), words.at(-1)[1].slice(0, 30));
  // Reloaded with every chunk held back until the test lets it through.
  let release;
  const held = new Promise((r) => (release = r));
  await context.route(CHUNK_RE, async (route) => {
    await held;
    await route.continue();
  });
  await page.setViewportSize({ width: 390, height: 844 });
  // First with the app itself held back too: index.html's own script draws the same head and
  // step from storage, so the page reads the same before the app runs as after.
  let releaseApp;
  const heldApp = new Promise((r) => (releaseApp = r));
  await context.route(/_bg\.lzma$/, async (route) => {
    await heldApp;
    await route.continue();
  });
  const drawn = (selector) =>
    page.evaluate((s) => document.querySelector(s).outerHTML.replace(/ data-testid="[^"]*"/g, '').replace(/<!---->/g, '').replace(/>\s+</g, '><'), selector);
  const boxes = (locator) => locator.evaluateAll((ps) => ps.map((p) => { const r = p.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; }));
  await page.reload();
  await page.locator('#boot .waiting .phase > p').first().waitFor();
  const early = await drawn('#boot > section');
  const earlyBoxes = await boxes(page.locator('#boot .waiting .phase > p'));
  if (shots) await page.screenshot({ path: screenshotPath(shots[0]) });
  await axeCheck(page, `a ${slug} campaign drawn by index.html before the app runs`);
  releaseApp();
  const waiting = tid(page, 'campaign-waiting');
  await waiting.waitFor();
  assert.equal(await drawn('[data-testid="campaign-waiting"]'), early, "index.html draws the app's waiting view");
  assert.equal(await text(waiting.locator('h1')), title);
  assert.equal(await text(waiting.locator('.status')), status);
  assert.equal((await waiting.locator('.last-step').count()) ? await text(waiting.locator('.last-step')) : null, last);
  // The step the screen last showed, drawn as the screen draws it: the same words in boxes of
  // the same size (so the screen that follows paints nothing larger).
  const glimpse = tid(page, 'campaign-glimpse');
  assert.equal(await text(glimpse.locator('.phase-title')), phase);
  assert.deepEqual(await paras(glimpse.locator('.phase > p')), words);
  const waitingBoxes = await boxes(glimpse.locator('.phase > p'));
  assert.deepEqual(waitingBoxes, earlyBoxes, "the paragraphs keep their places and sizes from index.html's drawing on");
  await waitText(tid(page, 'chunk-loading'), name);
  if (shots) await page.screenshot({ path: screenshotPath(shots[1]) });
  await axeCheck(page, `a ${slug} campaign opening while its screens are fetched`);
  release();
  await opened(page, slug);
  assert.equal(await tid(page, 'campaign-waiting').count(), 0, 'the waiting head gives way to the screen');
  assert.equal(await text(tid(page, 'campaign-title')), title);
  assert.deepEqual((await boxes(screenParas)).slice(0, 2), waitingBoxes, 'each paragraph keeps its size');
  assert.deepEqual(errors.filter((e) => /panicked|unreachable/.test(e)), [], 'no panic');
}

test('a campaign whose screens are on their way shows its name, where it stands and its last step', async (t) => {
  await glimpseCheck(t, 'race-for-x', 'Race for X', (page) => choose(page, 'A', 'attack'), ['chunks-boot-390x844.png', 'chunks-waiting-390x844.png']);
});

test("the step's bold line of where things stand is drawn early too (Axis of Attack's table area)", async (t) => {
  await glimpseCheck(t, 'axis-of-attack', 'Axis of Attack', async (page) => {
    await waitText(tid(page, 'phase-title'), 'Table area');
    await tid(page, 'area-who').waitFor();
  });
});

test('offline after the first visit: every system opens from the precache, nothing fetched twice', async (t) => {
  const dir = DIR;
  const local = await startServer({ dir });
  let open = true;
  t.after(() => (open ? local.close() : undefined));
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  t.after(() => context.close());
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(local.url);
  const slugs = await systems(page);
  // The worker installs once the app has started and takes every file of the build, chunks too.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
  });
  // The page opened at the build's folder is index.html: the worker takes the browser's copy.
  const paths = local.requests.map((r) => (r.path.endsWith('/') ? `${r.path}index.html` : r.path));
  const twice = paths.filter((p, i) => paths.indexOf(p) !== i);
  assert.deepEqual(twice, [], `fetched twice: ${twice.join(', ')}`);
  // The chunks came in the offline pack, once (public/sw.js), and each is in the worker's cache.
  assert.equal(paths.filter((p) => p.endsWith('/offline.lzma')).length, 1, 'the offline pack is fetched once');
  const cached = await page.evaluate(async () => {
    const out = [];
    for (const name of await caches.keys()) out.push(...(await (await caches.open(name)).keys()).map((r) => r.url));
    return out;
  });
  for (const slug of slugs) {
    const chunk = `/split_${slug.replaceAll('-', '_')}.wasm`;
    assert.ok(cached.some((u) => u.endsWith(chunk)), `${chunk} is precached`);
  }

  await context.setOffline(true);
  await local.close();
  open = false;
  for (const slug of slugs) {
    await page.goto(local.url + '#/');
    await tid(page, `start-sample-${slug}`).click();
    await opened(page, slug);
  }
  assert.deepEqual(errors, []);
});
