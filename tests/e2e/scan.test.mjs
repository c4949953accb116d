// The in-app QR scanner (issue 30): the keeper takes a seat's reply by scanning its QR code
// with the camera. Chromium's fake camera plays a Y4M video this test writes from the QR code
// the seat's phone shows (its SVG, drawn into grey frames), so the scanner reads a real
// picture; the decoder is the app's own (quircs, in the scanner's chunk), as Chromium on Linux has
// no BarcodeDetector. A code that is not a Field Desk link is said so, and a device with no
// camera says so in words.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startServer, launchBrowser, newPage, tid, waitText, waitFor, startSample, choose, axeCheck, screenshotPath,
  smallTargets,
  copyDrawn,
} from './harness.mjs';
import { writeY4m, cameraBrowser, qrOf } from './camera.mjs';

let server;
let browser;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-scan-'));
const browsers = [];
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  for (const b of browsers) await b.close();
  await browser?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The list's small targets other than its file input (drawn 1px, its label is the target). */
const scannerSmallTargets = async (page) =>
  (await smallTargets(page)).filter((s) => s.tag !== 'input[data-testid=import-file]');

const norm = (s) => (s ?? '').replace(/\s+/g, ' ').trim();

test('the keeper takes a reply by scanning its QR code', async (t) => {
  // The keeper's tablet: its camera will show the reply's code, written once the reply exists.
  const video = path.join(dir, 'reply.y4m');
  const tablet = await cameraBrowser(video);
  browsers.push(tablet);
  const { page, guard } = await newPage(tablet, undefined, t);
  await guard(startSample(page, server.url));
  await choose(page, 'A', 'attack');
  await tid(page, 'tab-share').click();
  await tid(page, 'holder-1').click();
  await tid(page, 'seat-link-1').click();
  await waitText(tid(page, 'seat').locator('h2'), 'Boris');
  const copy = await tid(page, 'seat-share-link').inputValue();
  await tid(page, 'holder-0').click();
  await tid(page, 'tab-play').click();

  // Boris's phone (no camera here): his choice, and its reply as a QR code.
  const phone = await newPage(browser, { width: 390, height: 844 });
  const p2 = phone.page;
  try {
    await p2.goto(copy);
    await copyDrawn(p2);
    await tid(p2, 'secret-choice').waitFor({ timeout: 10_000 });
    await tid(p2, 'choose-regroup').click();
    await tid(p2, 'reply-qr').waitFor({ timeout: 10_000 });
    const reply = await tid(p2, 'reply-share-link').inputValue();
    writeY4m(await qrOf(p2, 'reply-qr'), video);

    // The phone's list offers "Scan a code"; with no camera it says so in words.
    await p2.goto(server.url);
    await tid(p2, 'scan-open').click();
    await tid(p2, 'scanner').waitFor({ timeout: 10_000 });
    await tid(p2, 'scan-error').waitFor({ timeout: 10_000 });
    assert.match(norm(await tid(p2, 'scan-error').textContent()),
      /camera was not allowed|no camera Field Desk can use|camera would not start|offers no camera/);
    await axeCheck(p2, 'the scanner, no camera');
    assert.deepEqual(await scannerSmallTargets(p2), [], 'touch targets of at least 44px');
    await tid(p2, 'scan-stop').click();
    await waitFor(async () => (await tid(p2, 'scanner').count()) === 0, 'the scanner closed');

    // The keeper scans it on the Share tab: the reply is taken, play moves on.
    await tid(page, 'tab-share').click();
    await tid(page, 'take-reply').waitFor();
    await tid(page, 'scan-open').click();
    await waitText(tid(page, 'notice'), "Boris's reply is taken.", 20_000);
    assert.equal(await tid(page, 'scanner').count(), 0, 'the scanner closed once the link was read');
    await tid(page, 'tab-play').click();
    await waitFor(async () => /Type of battle/.test(norm(await tid(page, 'status').textContent())), 'play moves on', 10_000);
    await waitText(tid(page, 'last-step'), 'Turn 1: Anna chose Attack; Boris chose Regroup.');
    // The same reply scanned again is the same as opened again: taken once.
    await page.goto(reply);
    await waitText(tid(page, 'banner'), "Boris's reply was already taken; nothing changed.", 10_000);
  } finally {
    await phone.close();
  }
});

test('a QR code that is not a Field Desk link is said so, and scanning goes on', async (t) => {
  // A code of another address, drawn by the renderer the share panel uses (other-qr.svg).
  const video = path.join(dir, 'other.y4m');
  writeY4m(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'other-qr.svg'), 'utf8'), video);
  const cam = await cameraBrowser(video);
  browsers.push(cam);
  const { page, guard } = await newPage(cam, { width: 390, height: 844 }, t);
  await guard(page.goto(server.url));
  await tid(page, 'campaign-list').waitFor({ timeout: 10_000 });
  await tid(page, 'scan-open').click();
  await waitText(tid(page, 'scan-status'), 'That QR code is not a Field Desk link. Still looking', 20_000);
  assert.match(norm(await tid(page, 'scan-line').textContent()), /Point the camera at the Field Desk QR code/);
  await axeCheck(page, 'the scanner, looking');
  assert.deepEqual(await scannerSmallTargets(page), [], 'touch targets of at least 44px');
  await page.screenshot({ path: screenshotPath('scanner-390x844.png') });
  assert.ok(page.url().endsWith('#/scan'), 'still scanning');
  await tid(page, 'scan-stop').click();
  await waitFor(async () => (await tid(page, 'scanner').count()) === 0, 'the scanner closed');
});
