// Smoke test: the release build (dist/) loads under the sub-path /field-desk/ and renders the app.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, screenshotPath, BASE_PATH } from './harness.mjs';

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

test('app renders under a sub-path at 1024x768', async (t) => {
  const { page, guard, errors } = await newPage(browser, { width: 1024, height: 768 }, t);

  const response = await page.goto(server.url);
  assert.equal(response?.status(), 200, 'index.html is served');

  await guard(
    page.locator('[data-testid="app"]').first().waitFor({ state: 'attached', timeout: 10_000 }),
  );
  await page.screenshot({ path: screenshotPath('smoke-1024x768.png') });

  // Every asset the page asked for below the sub-path was found (relative URLs work).
  const missing = server.requests.filter((r) => r.path.startsWith(BASE_PATH) && r.status !== 200);
  assert.deepEqual(missing, [], 'all assets under the sub-path load');
  // The main module travels as LZMA (scripts/build-split.sh).
  const wasm = server.requests.filter((r) => r.path.endsWith('_bg.lzma') && r.status === 200);
  assert.ok(wasm.length >= 1, 'the wasm module was fetched');

  const pageErrors = errors.filter((e) => e.startsWith('pageerror:'));
  assert.deepEqual(pageErrors, [], 'no uncaught exceptions in the page');
});
