// Installable and offline: the web app manifest, the service worker of the release build
// (public/sw.js, prepared by the post_build hook scripts/sw-precache.mjs, registered by
// public/register-sw.js), offline start with the campaign intact, the "new version" bar, and no
// service worker outside a release build.
//
// Every test serves its own copy of dist/ (a rebuild of dist/ during the run cannot change the
// files under a test) under the sub-path /field-desk/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { lzmaDecode } from '../../scripts/lzma.mjs';
import {
  startServer, launchBrowser, newPage, tid, waitFor, waitText, startSample, choose, phase,
  DIST_DIR, REPO_ROOT, BASE_PATH, CHROMIUM_ARGS, CHROMIUM_PATH,
} from './harness.mjs';

const HOOK = path.join(REPO_ROOT, 'scripts', 'sw-precache.mjs');
const SW_TEMPLATE = path.join(REPO_ROOT, 'public', 'sw.js');
const PRECACHE_RE = /\/\*FIELD_DESK_PRECACHE\*\/(\{.*?\});?\n/;
const norm = (s) => (s ?? '').replace(/\s+/g, ' ').trim();

let browser;
const tmpDirs = [];

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

/**
 * A private copy of dist/ (or of `from`). Dot entries are left out: while a `trunk build` runs,
 * its staging directory is dist/.stage.
 */
function copyDist(from = DIST_DIR) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'field-desk-dist-'));
  tmpDirs.push(dir);
  fs.cpSync(from, dir, {
    recursive: true,
    filter: (src) => src === from || !path.basename(src).startsWith('.'),
  });
  return dir;
}

/** The build id and file list the hook wrote into `dir`/sw.js. */
function precacheOf(dir) {
  const m = PRECACHE_RE.exec(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8'));
  assert.ok(m, `${dir}/sw.js has no prepared precache list: was dist/ built with scripts/build-split.sh?`);
  return JSON.parse(m[1]);
}

/** Every file under `dir`, relative, sorted. */
function listFiles(dir) {
  const out = [];
  (function walk(d) {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out.push(path.relative(dir, full).split(path.sep).join('/'));
    }
  })(dir);
  return out.sort();
}

/**
 * Turns a prepared build in `dir` back into what Trunk stages (template sw.js, marker "off"),
 * lets `edit(dir)` change it, and runs the post_build hook over it as Trunk would.
 */
function rebuild(dir, edit = () => {}, env = { TRUNK_PROFILE: 'release' }) {
  const index = path.join(dir, 'index.html');
  fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace(
    /(<meta\s+name="field-desk-sw"\s+content=")release(")/, '$1off$2'));
  fs.copyFileSync(SW_TEMPLATE, path.join(dir, 'sw.js'));
  edit(dir);
  return execFileSync(process.execPath, [HOOK], {
    env: { ...process.env, TRUNK_STAGING_DIR: dir, ...env },
    encoding: 'utf8',
  });
}

/** Waits (up to `timeout` ms) until a service worker controls the page; returns its script URL. */
function controlled(page, timeout = 15_000) {
  return page.evaluate(async (timeout) => {
    const ready = (async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
      return navigator.serviceWorker.controller.scriptURL;
    })();
    const late = new Promise((_, reject) => setTimeout(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      const state = (w) => w?.state ?? 'none';
      reject(new Error(`no service worker controls the page after ${timeout} ms (installing: ${
        state(reg?.installing)}, waiting: ${state(reg?.waiting)}, active: ${state(reg?.active)})`));
    }, timeout));
    return Promise.race([ready, late]);
  }, timeout);
}

/** Field Desk's cache names and, for each, how many entries it holds. */
function cachesOf(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys()) {
      if (name.startsWith('field-desk-')) out[name] = (await (await caches.open(name)).keys()).length;
    }
    return out;
  });
}

test('the release build precaches exactly its own files, keyed on their contents', () => {
  const dir = copyDist();
  const { build, files } = precacheOf(dir);
  assert.match(build, /^[0-9a-f]{16}$/);

  // Every file of the build but sw.js itself, the offline pack's tail and layout, and the cold
  // packs (for a page that opens a system before the worker has run), with the integrity of its
  // bytes.
  const { pack } = precacheOf(dir);
  assert.ok(pack, 'the release build has an offline pack');
  const layout = `${path.dirname(pack.url)}/offline.json`;
  const cold = (f) => /\/cold_[a-z0-9_]+\.lzma$/.test(f);
  assert.deepEqual(
    files.map((f) => decodeURI(f.url)),
    listFiles(dir).filter((f) => f !== 'sw.js' && f !== pack.url && f !== layout && !cold(f)),
  );
  for (const f of files) {
    const digest = crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, decodeURI(f.url)))).digest('base64');
    assert.equal(f.integrity, `sha256-${digest}`, f.url);
  }
  // The pack holds every wasm chunk; its head is the page's main module file. Head and tail
  // unpack (with the decoder sw.js carries) to the main module, then each chunk's pieces.
  const sw = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  assert.ok(sw.includes('function lzmaDecode('), 'sw.js carries the decoder');
  // Each cold pack unpacks to its split point's module, its large chunks and the small chunks it
  // needs, as the loader lists them, byte for byte; the precache lists none of them.
  const pkgDir = path.join(dir, path.dirname(pack.url));
  const loader = fs.readFileSync(path.join(pkgDir, '__wasm_split.js'), 'utf8');
  const colds = JSON.parse(/const COLD ?= ?(\{.*?\});/.exec(loader)[1]);
  const points = new Map();
  const inPacks = new Map(); // a small chunk's bytes, from its place in its pack
  for (const m of loader.matchAll(/packedLoad\((.*)\)\);?$/gm)) {
    const [own, large, packName, members] = JSON.parse(`[${m[1]}]`);
    points.set(own, { large, members });
    for (const [chunk, at, length] of members) {
      inPacks.set(chunk, fs.readFileSync(path.join(pkgDir, `${packName}.wasm`)).subarray(at, at + length));
    }
  }
  assert.deepEqual(Object.keys(colds).map((own) => `${path.dirname(pack.url)}/cold_${own.replace(/^split_/, '')}.lzma`).sort(), listFiles(dir).filter(cold).sort());
  for (const [own, sizes] of Object.entries(colds)) {
    const { large, members } = points.get(own);
    const parts = [own, ...large].map((f) => fs.readFileSync(path.join(pkgDir, `${f}.wasm`)));
    assert.deepEqual(parts.map((b) => b.length), sizes, own);
    parts.push(...members.map(([chunk]) => inPacks.get(chunk)));
    const whole = Buffer.concat(parts);
    const name = `cold_${own.replace(/^split_/, '')}.lzma`;
    assert.ok(Buffer.from(lzmaDecode(new Uint8Array(fs.readFileSync(path.join(pkgDir, name))), whole.length)).equals(whole), name);
  }
  const tail = fs.readFileSync(path.join(dir, pack.url));
  assert.equal(pack.integrity, `sha256-${crypto.createHash('sha256').update(tail).digest('base64')}`);
  assert.match(pack.head, /\/field-desk_bg\.lzma$/);
  const head = fs.readFileSync(path.join(dir, pack.head));
  const unpacked = lzmaDecode(new Uint8Array(Buffer.concat([head, tail])), pack.size);
  const members = files.filter((f) => f.pack);
  assert.deepEqual(members.map((f) => f.url), files.filter((f) => f.url.endsWith('.wasm')).map((f) => f.url));
  assert.ok(members.length >= 10, `${members.length} chunks in the pack`);
  // Each chunk rebuilt from its pieces by the worker's own `places` (public/sw.js), run here on
  // the build's list and stream.
  const template = fs.readFileSync(SW_TEMPLATE, 'utf8');
  const source = template.slice(template.indexOf('function places('), template.indexOf('async function precacheOne('));
  const precache = precacheOf(dir);
  const places = new Function('FILES', 'PRECACHE', `${source}\nreturn places;`)(precache.files, precache);
  const at = places(unpacked);
  const rebuilt = new Map(members.map((f) => [f, at.get(precache.files.find((x) => x.url === f.url)).map(([from, len]) => unpacked.subarray(from, from + len))]));
  const [lastFrom, lastLen] = [...at.values()].flat().reduce((m, p) => (p[0] > m[0] ? p : m));
  assert.equal(lastFrom + lastLen, pack.size, 'the pieces fill the stream');
  for (const f of members) {
    assert.ok(Buffer.concat(rebuilt.get(f)).equals(fs.readFileSync(path.join(dir, f.url))), f.url);
  }
  // The head alone gives the main module, as the page unpacks it.
  const main = lzmaDecode(new Uint8Array(head), JSON.parse(fs.readFileSync(path.join(dir, layout), 'utf8')).headSize, true);
  assert.ok(Buffer.from(main.subarray(0, 4)).equals(Buffer.from('\0asm')), 'the head unpacks to a wasm module');
  assert.ok(Buffer.from(unpacked.subarray(0, main.length)).equals(Buffer.from(main)), 'the stream starts with it');
  for (const f of ['index.html', 'manifest.webmanifest', 'register-sw.js', 'icons/icon-192.png', 'icons/icon-512.png']) {
    assert.ok(files.some((x) => x.url === f), `${f} is precached`);
  }
  for (const ext of ['.js', '.wasm']) {
    assert.ok(files.some((x) => x.url.endsWith(ext) && x.url !== 'register-sw.js'), `a hashed ${ext} is precached`);
  }
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  assert.match(html, /<meta name="field-desk-sw" content="release"/, 'index.html is marked as a release');

  // The hook is deterministic; any change of content (even under the same name: trunk names the
  // js/wasm before wasm-opt) gives a new build id.
  rebuild(dir);
  assert.equal(precacheOf(dir).build, build, 'same files, same build id');
  const wasm = files.find((f) => f.url.endsWith('.wasm')).url;
  rebuild(dir, (d) => fs.appendFileSync(path.join(d, wasm), Buffer.from([0])));
  assert.notEqual(precacheOf(dir).build, build, 'a changed wasm byte changes the build id');

  // Debug builds and `trunk serve` (autoreload script in the page) are left alone.
  for (const [env, edit] of [
    [{ TRUNK_PROFILE: 'debug' }, () => {}],
    [{ TRUNK_PROFILE: 'release' }, (d) => fs.appendFileSync(path.join(d, 'index.html'),
      "<script>const url = 'ws://127.0.0.1:8080/.well-known/trunk/ws';</script>")],
  ]) {
    const out = rebuild(dir, edit, env);
    assert.match(out, /no service worker/, out);
    assert.equal(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8'), fs.readFileSync(SW_TEMPLATE, 'utf8'));
    assert.match(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'), /<meta name="field-desk-sw" content="off"/);
  }
});

test('the manifest is served under the sub-path, parsed by Chromium, and its icons load', async (t) => {
  const dir = copyDist();
  const server = await startServer({ dir });
  t.after(() => server.close());
  const { page, context, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await page.goto(server.url);
  await guard(tid(page, 'app').first().waitFor({ state: 'attached' }));

  const href = await page.locator('link[rel="manifest"]').evaluate((l) => l.href);
  assert.equal(href, `${server.url}manifest.webmanifest`);
  const got = await page.evaluate(async (href) => {
    const r = await fetch(href);
    return { status: r.status, type: r.headers.get('content-type'), json: await r.json() };
  }, href);
  assert.equal(got.status, 200);
  assert.match(got.type, /^application\/manifest\+json/);
  const m = got.json;
  assert.equal(m.name, 'Field Desk');
  assert.equal(m.short_name, 'Field Desk');
  assert.ok(m.description.length > 10);
  assert.equal(m.start_url, './');
  assert.equal(m.scope, './');
  assert.equal(m.display, 'standalone');
  assert.equal(m.theme_color, '#3b4a32');
  assert.equal(m.background_color, '#f4f1e8');
  const sizes = m.icons.map((i) => `${i.sizes} ${i.type} ${i.purpose}`);
  for (const s of ['192x192 image/png any', '512x512 image/png any', '512x512 image/png maskable']) {
    assert.ok(sizes.includes(s), `icon ${s} in ${sizes}`);
  }
  // No SVG icon: the browser draws one as a document of its own on the page's main thread.
  assert.ok(m.icons.every((i) => i.type === 'image/png'), `only PNG icons: ${sizes}`);

  // Each icon is served below the sub-path; PNGs have the size they declare.
  for (const icon of m.icons) {
    const { status, bytes } = await page.evaluate(async (u) => {
      const r = await fetch(u);
      return { status: r.status, bytes: Array.from(new Uint8Array(await r.arrayBuffer()).slice(0, 32)) };
    }, new URL(icon.src, href).href);
    assert.equal(status, 200, icon.src);
    if (icon.type === 'image/png') {
      const b = Buffer.from(bytes);
      assert.equal(b.subarray(1, 4).toString(), 'PNG', icon.src);
      assert.equal(`${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`, icon.sizes, icon.src);
    }
  }

  // Chromium's own reading of the manifest: no errors, and the values resolved under the sub-path.
  const cdp = await context.newCDPSession(page);
  const { errors, url } = await cdp.send('Page.getAppManifest');
  assert.equal(url, href);
  assert.deepEqual(errors, [], 'Chromium reports no manifest errors');
});

test('the tab icon: written into the page, the same bytes as icons/favicon-32.png', async (t) => {
  const dir = copyDist();
  const server = await startServer({ dir });
  t.after(() => server.close());
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await page.goto(server.url);
  await guard(tid(page, 'app').first().waitFor({ state: 'attached' }));
  const hrefs = await page.locator('link[rel="icon"]').evaluateAll((ls) => ls.map((l) => [l.type, l.href]));
  assert.equal(hrefs.length, 1, `one tab icon: ${hrefs.map((h) => h[0])}`);
  const [type, href] = hrefs[0];
  assert.equal(type, 'image/png', 'a PNG: an SVG icon is drawn as a document of its own');
  const m = /^data:image\/png;base64,(.*)$/.exec(href);
  assert.ok(m, 'no request of its own');
  // (the release build ships no icons/favicon-32.png: nothing asks for it but this test)
  const file = fs.readFileSync(path.join(REPO_ROOT, 'public', 'icons', 'favicon-32.png'));
  assert.ok(Buffer.from(m[1], 'base64').equals(file), 'the page icon is icons/favicon-32.png');
});

test('Chromium finds the app installable (manifest, icons, service worker)', async (t) => {
  const dir = copyDist();
  const server = await startServer({ dir });
  t.after(() => server.close());
  // Browser contexts are off the record, where nothing is installable: a real profile instead.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'field-desk-profile-'));
  tmpDirs.push(profile);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS,
  });
  t.after(() => context.close());
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(server.url);
  await tid(page, 'app').first().waitFor({ state: 'attached' });
  await controlled(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, [], 'no installability errors');
});

test('offline: reload with the server gone starts the app with the campaign intact', async (t) => {
  const dir = copyDist();
  const { build, files } = precacheOf(dir);
  const server = await startServer({ dir });
  let serverOpen = true;
  t.after(() => (serverOpen ? server.close() : undefined));
  const { page, context, guard } = await newPage(browser, { width: 1024, height: 768 }, t);

  await guard(startSample(page, server.url));
  await choose(page, 'A', 'attack');
  await waitText(tid(page, 'handover-A'), 'Anna has chosen');
  const url = page.url();
  const status = norm(await tid(page, 'status').textContent());

  // The worker of this build controls the page, with every file of the build in its cache.
  const scriptURL = await controlled(page);
  assert.equal(scriptURL, `${server.url}sw.js`);
  const cacheName = `field-desk-${build}@${BASE_PATH}`;
  await waitFor(async () => (await cachesOf(page))[cacheName] === files.length, 'the precache to fill');
  assert.deepEqual(await cachesOf(page), { [cacheName]: files.length });

  // No network at all: the browser is offline and the server is gone.
  await context.setOffline(true);
  await server.close();
  serverOpen = false;

  await page.reload();
  await guard(tid(page, 'app').first().waitFor({ state: 'attached' }));
  await phase(page, 'Offensive actions', 10_000);
  assert.equal(page.url(), url, 'same campaign, same tab');
  assert.equal(norm(await tid(page, 'status').textContent()), status);
  assert.match(norm(await tid(page, 'handover-A').textContent()), /Anna has chosen \(hidden\)/);
  assert.equal(await tid(page, 'reveal-B').count(), 1, "Boris's choice is still to make");
  assert.equal(await tid(page, 'update-ready').count(), 0, 'no update bar offline');

  // The campaign list, offline.
  await tid(page, 'home').click();
  await tid(page, 'campaign-list').waitFor();
  assert.equal(await tid(page, 'campaign-row').count(), 1);
  assert.match(norm(await tid(page, 'campaign-row').first().textContent()), /Race for X/);

  // A new tab opened offline at the app's address also starts (navigation served from cache).
  const tab = await context.newPage();
  const res = await tab.goto(server.url);
  assert.equal(res?.status(), 200);
  assert.equal(await res?.fromServiceWorker(), true);
  await tid(tab, 'campaign-list').waitFor();
  assert.equal(await tid(tab, 'campaign-row').count(), 1);
  await tab.close();
});

test('a network that hangs: the page opens from the cache of its build', async (t) => {
  const dir = copyDist();
  const { build, files } = precacheOf(dir);
  const server = await startServer({ dir });
  t.after(() => server.close());
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await page.goto(server.url);
  await guard(tid(page, 'campaign-list').waitFor());
  await controlled(page);
  const cacheName = `field-desk-${build}@${BASE_PATH}`;
  await waitFor(async () => (await cachesOf(page))[cacheName] === files.length, 'the precache to fill');

  // The server still takes connections but never answers (club Wi-Fi with no way out).
  server.hang();
  const start = Date.now();
  const res = await page.reload({ timeout: 10_000 });
  await guard(tid(page, 'campaign-list').waitFor({ timeout: 10_000 }));
  const ms = Date.now() - start;
  assert.equal(await res?.fromServiceWorker(), true, 'answered by the service worker');
  t.diagnostic(`figure: reload on a hanging network to the campaign list: ${ms} ms`);
  console.log(`figure: reload on a hanging network to the campaign list: ${ms} ms`);
});

test('a new build shows "a new version is ready" and Reload switches to it', async (t) => {
  const dir = copyDist();
  const first = precacheOf(dir).build;
  const server = await startServer({ dir });
  t.after(() => server.close());
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);

  await page.goto(server.url);
  await guard(tid(page, 'app').first().waitFor({ state: 'attached' }));
  await controlled(page);
  assert.deepEqual(Object.keys(await cachesOf(page)), [`field-desk-${first}@${BASE_PATH}`]);
  assert.equal(await tid(page, 'update-ready').count(), 0, 'no bar on the first visit');

  // Deploy a new build in place: index.html changed, the hook run again.
  rebuild(dir, (d) => {
    const f = path.join(d, 'index.html');
    fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace('</body>', '<!-- second build --></body>'));
  });
  const second = precacheOf(dir).build;
  assert.notEqual(second, first);

  // Loading the page again finds the new sw.js; it installs and waits while the old one runs.
  await page.reload();
  await guard(tid(page, 'app').first().waitFor({ state: 'attached' }));
  const bar = tid(page, 'update-ready');
  await bar.waitFor({ state: 'visible', timeout: 10_000 });
  assert.equal(norm(await bar.textContent()), 'A new version of Field Desk is ready. Reload');
  assert.equal(await bar.evaluate((el) => el.closest('[role="status"]') !== null), true, 'in a status region');
  const box = await tid(page, 'update-reload').boundingBox();
  assert.ok(box && box.height >= 48 && box.width >= 48, `Reload is a 48px target: ${JSON.stringify(box)}`);
  // index.html is network first (it already is the new one); the old worker still controls
  // the page and serves the files of its own build, the new one waits.
  assert.deepEqual(await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return { waiting: !!reg.waiting, controlled: !!navigator.serviceWorker.controller };
  }), { waiting: true, controlled: true });
  assert.ok(`field-desk-${first}@${BASE_PATH}` in (await cachesOf(page)), 'the old cache is still there');

  // Reload: the waiting worker takes over, the page reloads into the new build, old cache gone.
  await Promise.all([
    page.waitForEvent('framenavigated', { timeout: 10_000 }),
    tid(page, 'update-reload').click(),
  ]);
  await guard(tid(page, 'app').first().waitFor({ state: 'attached' }));
  await waitFor(async () => (await page.content()).includes('second build'), 'the new index.html');
  await waitFor(async () => {
    const names = Object.keys(await cachesOf(page));
    return names.length === 1 && names[0] === `field-desk-${second}@${BASE_PATH}`;
  }, 'only the new build cache');
  assert.equal(await tid(page, 'update-ready').count(), 0, 'the bar is gone after the switch');
  const active = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).waiting);
  assert.equal(active, null, 'nothing left waiting');
});

test('no service worker outside a release build; a leftover one is removed', async (t) => {
  // A build whose index.html was not marked by the hook (a debug build, `trunk serve`).
  const dir = copyDist();
  const index = path.join(dir, 'index.html');
  const release = fs.readFileSync(index, 'utf8');
  const dev = release.replace('content="release"', 'content="off"');
  assert.notEqual(dev, release);
  fs.writeFileSync(index, dev);
  const server = await startServer({ dir });
  t.after(() => server.close());

  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await page.goto(server.url);
  await guard(tid(page, 'app').first().waitFor({ state: 'attached' }));
  await page.waitForLoadState('load');
  await page.waitForTimeout(500); // register-sw.js has run by now; give a registration time to show
  assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0);
  assert.equal(server.requests.filter((r) => r.path.endsWith('/sw.js')).length, 0, 'sw.js never fetched');

  // The release build once served at this address left a worker: the dev page removes it.
  fs.writeFileSync(index, release);
  await page.reload();
  await controlled(page);
  assert.equal(Object.keys(await cachesOf(page)).length, 1);
  fs.writeFileSync(index, dev);
  await page.reload(); // network first: the dev index.html
  await guard(tid(page, 'app').first().waitFor({ state: 'attached' }));
  await waitFor(async () => (await page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).length)) === 0, 'the worker to be unregistered');
  await waitFor(async () => Object.keys(await cachesOf(page)).length === 0, 'its caches to be deleted');
  await page.reload();
  assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null, 'not controlled');
});
