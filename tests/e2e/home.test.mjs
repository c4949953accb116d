// The home screen and the widgets every system shares: a card per system (what it is, who
// plays, its sample, a new campaign, its rules), the loading message, dialogs that Escape
// closes, a roll's result shown large until the players move on, the live region, focus on
// the new step's heading, the typed-dice hint, and axe-core on each of these screens.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  startServer, launchBrowser, newPage, tid, waitFor, waitText, startSample, choose, phase, tapDie,
  axeCheck, screenshotPath, DIST_DIR, lastStep,
} from './harness.mjs';

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

const norm = (s) => (s ?? '').replace(/\s+/g, ' ').trim();
const SYSTEMS = [
  ['race-for-x', 'Race for X', 'Offensive actions'],
  ['crossfire-scouting', 'Crossfire night scouting', null],
  ['axis-of-attack', 'Deluxe Axis of Attack', null],
  ['rapier-offensive', 'Rapier Offensive', 'Defender deployment'],
  ['bfww2-campaign', 'Battlefront: WW2 campaign', 'Housekeeping and refit'],
];

test('index.html draws the list\'s head and the systems before the wasm runs, and the app draws the same', async (t) => {
  const html = fs.readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8');
  assert.match(html, /Loading Field Desk…/);
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  // Hold the wasm back (the main module travels as LZMA): the page shows the message meanwhile.
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(/\.(wasm|lzma)$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(server.url);
  await waitText(page.locator('#boot'), 'Loading Field Desk…');
  // The systems, as the app's cards say them (so nothing the app then draws is larger).
  const cards = (root) =>
    page.locator(`${root} .system-card`).evaluateAll((cs) =>
      cs.map((c) => ['h3', '.system-about', '.system-players'].map((s) => {
        const e = c.querySelector(s);
        const r = e.getBoundingClientRect();
        return [e.textContent.trim(), Math.round(r.width), Math.round(r.height)];
      })),
    );
  const early = await cards('#boot');
  assert.equal(early.length, SYSTEMS.length);
  await axeCheck(page, 'the list drawn by index.html before the app runs');
  release();
  await guard(tid(page, 'campaign-list').waitFor());
  assert.equal(await page.locator('#boot').count(), 0, 'the message is gone once the app runs');
  assert.deepEqual(await cards('[data-testid="campaign-list"]'), early, 'the same cards, in the same sizes');
});

test('the app\'s code cannot be fetched: the first screen says so, in place of "Loading"', async (t) => {
  const { page, errors } = await newPage(browser, { width: 390, height: 844 }, t);
  await page.route('**/*_bg.lzma', (route) => route.abort('internetdisconnected'));
  await page.goto(server.url);
  const failed = page.locator('#boot [data-testid="boot-failed"]');
  await waitText(failed, 'could not be loaded');
  await waitText(failed, 'Check the connection, then reload the page.');
  assert.equal(await page.locator('#boot').getByText('Loading Field Desk…').count(), 0);
  assert.ok(errors.some((e) => /field-desk_bg|Failed to fetch/.test(e)), 'the failure is also in the console');
});

test('the main module is unpacked in a worker, and a damaged file says so in place of "Loading"', async (t) => {
  // Unpacked off the page's thread: the page makes a worker (from a blob) before the app runs.
  const { page, guard } = await newPage(browser, { width: 390, height: 844 }, t);
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(server.url);
  await guard(tid(page, 'campaign-list').waitFor());
  assert.ok(workers.some((u) => u.startsWith('blob:')), `workers made: ${workers.join(', ') || 'none'}`);
  // The file arrives, but its bytes are not the build's: the worker's error reaches the page.
  const broken = await newPage(browser, { width: 390, height: 844 }, t);
  await broken.page.route('**/*_bg.lzma', async (route) => {
    const body = await (await route.fetch()).body();
    for (let i = 2000; i < body.length; i += 97) body[i] ^= 0x5a;
    await route.fulfill({ status: 200, body, contentType: 'application/octet-stream' });
  });
  await broken.page.goto(server.url);
  const failed = broken.page.locator('#boot [data-testid="boot-failed"]');
  await waitText(failed, 'could not be loaded');
  // Either the decoder found the damage or the bytes it gave were not a module.
  assert.ok(broken.errors.some((e) => /field-desk_bg\.lzma|WebAssembly/.test(e)), `console: ${broken.errors.join(' | ')}`);
});

test('every system has a card with what it is, who plays, its sample, a new campaign and its rules', async (t) => {
  for (const [width, height] of [[1024, 768], [768, 1024], [390, 844]]) {
    const { page, guard, close } = await newPage(browser, { width, height }, t);
    await page.goto(server.url);
    await guard(tid(page, 'campaign-list').waitFor());
    for (const [slug, name] of SYSTEMS) {
      const card = tid(page, `system-card-${slug}`);
      assert.match(norm(await card.locator('h3').textContent()), new RegExp(name));
      assert.ok(norm(await card.locator('.system-about').textContent()).length > 40, `${slug}: says what kind of game`);
      assert.match(norm(await card.locator('.system-players').textContent()), /player/);
      for (const id of [`start-sample-${slug}`, `new-${slug}`, `rules-${slug}`]) {
        const box = await tid(page, id).boundingBox();
        assert.ok(box && box.width >= 44 && box.height >= 44, `${id} is a 44px target at ${width}: ${JSON.stringify(box)}`);
      }
    }
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(sideways, 0, `no sideways scroll at ${width}px`);
    await page.screenshot({ path: screenshotPath(`home-${width}x${height}.png`), fullPage: true });
    await axeCheck(page, `the home screen at ${width}x${height}`);
    await close();
  }
});

test("each system's sample starts from its card, and its rules open from the card", async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  for (const [slug, , firstPhase] of SYSTEMS) {
    await page.goto(server.url);
    await guard(tid(page, `start-sample-${slug}`).click());
    await tid(page, 'phase-title').waitFor();
    if (firstPhase) await phase(page, firstPhase);
    assert.match(page.url(), /#\/c\/[0-9a-f]+\/play/);
    // The players act at once: the focus is on the step's first control, not 9 Tabs away.
    await waitFor(() => page.evaluate(() => {
      const a = document.activeElement;
      return !!a && !!a.closest('.play-main .phase') && /^(BUTTON|INPUT|SELECT|TEXTAREA)$/.test(a.tagName);
    }), `the focus on the first action of the ${slug} sample`);
    await axeCheck(page, `the first step of the ${slug} sample`);
    await page.goto(server.url);
    await tid(page, `rules-${slug}`).click();
    await waitFor(async () => page.url().includes(`#/rules/${slug}`), 'the rules route');
    // The reference comes with its system's chunk: check it once drawn, not while it loads.
    await page.locator('h1', { hasText: 'rules reference' }).waitFor({ timeout: 10_000 });
    await axeCheck(page, `the ${slug} rules reference`);
  }
  await page.goto(server.url);
  // The list is drawn once the app has loaded (a slow machine takes a moment).
  await tid(page, 'campaign-row').first().waitFor();
  await waitFor(async () => (await tid(page, 'campaign-row').count()) === 5, 'five samples, one per system');
  const names = (await tid(page, 'campaign-name').allTextContents()).map(norm).sort();
  assert.deepEqual(names, ['Sample: Advance to Rostov', 'Sample: Axis of Attack', 'Sample: Night scouting', 'Sample: Operation Uranus', 'Sample: Race for X'].sort());
  // An umpire's team is counted, not listed name by name.
  const uranus = tid(page, 'campaign-row').filter({ hasText: 'Sample: Operation Uranus' });
  assert.equal(norm(await uranus.locator('.c-players').textContent()), 'Umpire and a team of 5');
  await axeCheck(page, 'the campaign list with five campaigns');
  // "New campaign" at the top takes the keyboard to the system cards.
  await tid(page, 'new-campaign').click();
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'systems-heading');
  // A second sample of the same system gets a number of its own.
  await tid(page, 'start-sample-race-for-x').click();
  await tid(page, 'phase-title').waitFor();
  await page.goto(server.url);
  await waitFor(async () => (await tid(page, 'campaign-row').count()) === 6, 'six campaigns');
  const again = (await tid(page, 'campaign-name').allTextContents()).map(norm);
  assert.ok(again.includes('Sample: Race for X (2)'), again.join(' | '));
  assert.equal(again.filter((n) => n === 'Sample: Race for X').length, 1);
});

test('dialogs are named, take the focus, and close with Escape', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(startSample(page, server.url));
  await page.goto(server.url);
  await tid(page, 'campaign-row').first().waitFor();

  await tid(page, 'delete').first().click();
  const dialog = page.getByRole('dialog', { name: /Delete "Sample: Race for X"\?/ });
  await dialog.waitFor();
  assert.equal(await dialog.evaluate((d) => d.contains(document.activeElement)), true, 'focus is inside');
  assert.equal(norm(await page.evaluate(() => document.activeElement?.textContent)), 'Keep it', 'the safe choice first');
  await axeCheck(page, 'the delete confirmation');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await tid(page, 'campaign-row').count(), 1, 'Escape deleted nothing');

  await page.getByRole('button', { name: 'Rename' }).first().click();
  const rename = page.getByRole('dialog', { name: 'Rename campaign' });
  await rename.waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'rename-input');
  await axeCheck(page, 'the rename dialog');
  await page.keyboard.press('Escape');
  await rename.waitFor({ state: 'detached' });
  assert.equal(norm(await tid(page, 'campaign-name').first().textContent()), 'Sample: Race for X');
});

test("a roll's result is shown large until the players move on, announced, and the focus goes to the new step", async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(startSample(page, server.url));
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'regroup');
  await phase(page, 'Type of battle');
  // One die: the hint asks for one.
  assert.equal(await tid(page, 'dice-input').getAttribute('placeholder'), 'e.g. 3');
  await tapDie(page, 4);

  const result = tid(page, 'roll-result');
  await result.waitFor();
  assert.deepEqual((await tid(page, 'rr-face').allTextContents()).map(norm), ['4']);
  assert.match(norm(await result.textContent()), /Rolled: /);
  const words = norm(await tid(page, 'last-step').textContent());
  assert.match(words, /^Last: .+/);
  assert.match(norm(await tid(page, 'announce').textContent()), /^Rolled 4\. /, 'the live region says it');
  assert.equal(await tid(page, 'announce').getAttribute('aria-live'), 'polite');
  // The focus goes to what the players do next (here the first unit to field), not the heading.
  await waitFor(async () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'unit-toggle'),
    'the focus on the next step\'s first action');
  const box = await result.boundingBox();
  assert.ok(box && box.y + box.height <= 768, 'the result is on the first screen');
  await page.screenshot({ path: screenshotPath('roll-result-1024x768.png') });
  await axeCheck(page, 'the campaign screen with a roll result');

  // It stays across a tab visit, and "Got it" puts it away (the last-step line stays).
  await tid(page, 'tab-log').click();
  await tid(page, 'tab-play').click();
  await result.waitFor();
  await tid(page, 'roll-result-done').click();
  await result.waitFor({ state: 'detached' });
  assert.equal(norm(await tid(page, 'last-step').textContent()), words);

  // Undo: the result of the undone roll is not shown again.
  await tid(page, 'undo').click();
  await phase(page, 'Type of battle');
  assert.equal(await result.count(), 0);
});

test('typed dice follow one another from the keyboard: after each roll the focus is on the next dice box', async (t) => {
  const { page, guard } = await newPage(browser, { width: 390, height: 844 }, t);
  await guard(startSample(page, server.url));
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'regroup');
  await phase(page, 'Type of battle');
  await tid(page, 'dice-input').focus();
  await page.keyboard.type('4');
  await page.keyboard.press('Enter');
  await phase(page, 'Forces on table');
  for (const u of [0, 3, 4, 5, 6, 7, 8, 9, 10]) await page.locator(`[data-testid="unit-toggle"][data-unit="${u}"]`).click();
  await tid(page, 'confirm-forces').click();
  await phase(page, 'Defending force');
  // No Tab: the dice box of the new roll has the focus, so the next die is typed at once.
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
  await waitFor(async () => (await focused()) === 'dice-input', 'the focus on the defence roll\'s dice box');
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await lastStep(page, 'Boris defends with S3 option A (rolled 2).');
  await phase(page, 'Fight');
  await waitFor(async () => (await focused()) === 'dice-input', 'the focus on the next roll\'s dice box');
  await axeCheck(page, 'a roll typed from the keyboard on a phone');
});
