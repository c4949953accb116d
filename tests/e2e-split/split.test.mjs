// Prototype of issue 12 (not part of scripts/test.sh yet): the split build of
// scripts/build-split.sh in dist-split/, served under /field-desk/ like the release build.
// - The campaign list starts without any chunk; opening a system's sample fetches that system's
//   chunk (and the chunks it shares with others), never another system's, and its screen works.
// - A chunk that cannot be fetched is a message on the page (no panic), and opening the campaign
//   again once the network is back works.
// The service worker is blocked in these tests so that every fetch is the page's own.
//
//   bash scripts/build-split.sh && node --test tests/e2e-split/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer, launchBrowser, tid, waitText, REPO_ROOT } from '../e2e/harness.mjs';

const DIR = path.join(REPO_ROOT, process.env.FIELD_DESK_SPLIT_DIST || 'dist-split');
const CHUNK_RE = /\/(split|chunk)_[^/]*\.wasm$/;
const own = (chunks) => chunks.filter((u) => /\/split_/.test(u)).map((u) => u.replace(/^.*\/split_(.*)\.wasm$/, '$1'));
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

test('the list starts without any chunk; each sample fetches its own system\'s chunk only', async (t) => {
  const { page, errors, chunks } = await pageWithoutWorker(t);
  await page.goto(server.url);
  await tid(page, 'start-sample-race-for-x').waitFor();
  await page.waitForTimeout(500);
  assert.deepEqual(chunks, [], 'no chunk on the campaign list');

  await tid(page, 'start-sample-race-for-x').click();
  await waitText(tid(page, 'phase-title'), 'Offensive actions', 10_000);
  assert.deepEqual(own(chunks), ['race_for_x']);

  chunks.length = 0;
  await page.goto(server.url + '#/');
  await tid(page, 'start-sample-axis-of-attack').click();
  await waitText(tid(page, 'phase-title'), 'Table area', 10_000);
  assert.deepEqual(own(chunks), ['axis_of_attack'], `fetched: ${chunks.join(', ')}`);
  // A reload opens it again (a fresh page fetches the chunk again).
  await page.reload();
  await waitText(tid(page, 'phase-title'), 'Table area', 10_000);
  assert.deepEqual(errors.filter((e) => /panicked|unreachable/.test(e)), []);
});

test('a chunk that cannot be fetched is a message, and opening again works once it can', async (t) => {
  const { page, context, errors } = await pageWithoutWorker(t);
  let blocked = true;
  await context.route(CHUNK_RE, (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
  await page.goto(server.url);
  await tid(page, 'start-sample-axis-of-attack').click();
  await waitText(tid(page, 'chunk-error'), 'could not be loaded', 10_000);
  assert.deepEqual(errors.filter((e) => /panicked|unreachable/.test(e)), [], 'no panic');

  blocked = false;
  await tid(page, 'home').click();
  await tid(page, 'campaign-list').or(tid(page, 'start-sample-race-for-x')).first().waitFor();
  await page.goBack();
  await waitText(tid(page, 'phase-title'), 'Table area', 10_000);
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
  await tid(page, 'start-sample-race-for-x').waitFor();
  // The worker installs once the app has started and takes every file of the build, chunks too.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
  });
  const paths = local.requests.map((r) => r.path);
  const twice = paths.filter((p, i) => paths.indexOf(p) !== i && !p.endsWith('/'));
  assert.deepEqual(twice.filter((p) => !/index\.html$/.test(p)), [], `fetched twice: ${twice.join(', ')}`);
  assert.ok(paths.some((p) => /\/split_axis_of_attack\.wasm$/.test(p)), 'the chunks are precached');

  await context.setOffline(true);
  await local.close();
  open = false;
  for (const [slug, title] of [['race-for-x', 'Offensive actions'], ['crossfire-scouting', ''], ['axis-of-attack', 'Table area']]) {
    await page.goto(local.url + '#/');
    await tid(page, `start-sample-${slug}`).click();
    await waitText(tid(page, 'phase-title'), title, 10_000);
  }
  assert.deepEqual(errors, []);
});
