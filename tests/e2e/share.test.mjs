// Sharing a campaign by link and QR code, from "device A" to "device B" (two fresh browser
// contexts, so two separate localStorages), with every die typed in so both sides are exact.
//
//   (a) A plays the sample a few steps; the Share tab's link and its QR code (a screenshot,
//       decoded with jsQR) are the same text; the caption names the QR version.
//   (b) B opens the link: the review shows what it holds and "Add this campaign"; applied, B
//       has the same status, markers and log as A.
//   (c) A plays on; the new link on B offers to bring B's copy up to date (Update).
//   (d) B goes another way (Undo); A's next link on B keeps both (Diverged).
//   (e) damaged, tampered, future-version and garbage links: a plain error, nothing stored.
//   (f) while one player has chosen in secret, the link and QR code leave the choice out and say so.
//
// The tests in this file run in order and share A's and B's pages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import {
  axeCheck,
  startServer, launchBrowser, newPage, screenshotPath, tid, waitText, waitFor, startSample, lastStep,
  choose, tapDie, typeDice, toggleUnits, fillOutcome, phase,
} from './harness.mjs';
import fs from 'node:fs';

let server;
let browser;
/** Device A and device B: pages in their own contexts, kept for the whole file. */
let A;
let B;
let campaignId;
/** Link lengths seen along the way, printed at the end. */
const lengths = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  A = await newPage(browser, { width: 1024, height: 900 });
  B = await newPage(browser, { width: 1024, height: 900 });
});

after(async () => {
  for (const [what, n, p] of lengths) console.log(`share link ${String(n).padStart(5)} chars (fragment payload fd4.… ${String(p).padStart(4)}): ${what}`);
  for (const d of [A, B]) {
    for (const e of d?.errors ?? []) console.log(`page error: ${e}`);
  }
  await A?.close();
  await B?.close();
  await browser?.close();
  await server?.close();
  A?.assertNoPanic();
  B?.assertNoPanic();
});

const norm = (s) => (s ?? '').replace(/\s+/g, ' ').trim();
const zoneOf = (page, side) => tid(page, `marker-${side}`).getAttribute('data-zone');
const storageDump = (page) => page.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(localStorage).sort())));

/** What the campaign screen shows: status, markers, last line and the whole log. */
async function campaignState(page) {
  await tid(page, 'tab-log').click();
  await tid(page, 'log').waitFor();
  const log = (await tid(page, 'log-line').allInnerTexts()).map((l) => norm(l).replace(/ Back to here$/, ''));
  await tid(page, 'tab-play').click();
  await tid(page, 'phase-title').waitFor();
  return {
    title: norm(await tid(page, 'campaign-title').textContent()),
    status: norm(await tid(page, 'status').textContent()),
    markerA: await zoneOf(page, 'A'),
    markerB: await zoneOf(page, 'B'),
    last: norm(await tid(page, 'last-step').textContent()),
    log,
  };
}

/** The campaign list as { name: status }. */
async function listRows(page) {
  await tid(page, 'campaign-list').waitFor();
  return Object.fromEntries(await tid(page, 'campaign-row').evaluateAll((rows) =>
    rows.map((r) => [r.querySelector('.c-name').textContent.trim(), r.querySelector('.c-status').textContent.trim()])));
}

/** Opens the Share tab and returns the link in its input. */
async function shareLink(page, what) {
  await tid(page, 'tab-share').click();
  const input = tid(page, 'share-link');
  await input.waitFor();
  const link = await input.inputValue();
  assert.match(link, new RegExp(`^${server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}#s=fd4\\.[A-Za-z0-9_-]+$`), 'the link is this page with the campaign in its fragment');
  await waitText(page.locator('label.field span').first(), `Link (${link.length} characters)`);
  if (what) lengths.push([what, link.length, link.split('#s=')[1].length]);
  return link;
}

/** Opens a link as a fresh page load (not a hash change on a running app). */
async function openLink(page, link) {
  await page.goto('about:blank');
  await page.goto(link);
  await tid(page, 'import-review').waitFor({ timeout: 10_000 });
}

/** The import review as { items: [{ summary, plan, action }], errors }. */
async function readReview(page) {
  await tid(page, 'import-review').waitFor();
  await axeCheck(page, 'the import review');
  const items = await tid(page, 'import-item').evaluateAll((els) =>
    els.map((el) => ({
      summary: Object.fromEntries(
        [...el.querySelectorAll('dt')].map((dt) => [dt.textContent.trim(), dt.nextElementSibling?.textContent.trim()]),
      ),
      plan: el.querySelector('[data-testid="import-plan"]').textContent.trim(),
      action: el.querySelector('[data-testid="import-apply"]').textContent.trim(),
    })),
  );
  const errors = (await tid(page, 'import-error').allTextContents()).map(norm);
  return { items, errors };
}

/** Decodes the QR code on the Share tab from a screenshot of it. */
async function decodeQr(page, name) {
  const qr = tid(page, 'qr');
  await qr.locator('svg').waitFor();
  const png = await qr.screenshot({ path: screenshotPath(`share-qr-${name}.png`) });
  const img = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length), img.width, img.height);
  assert.ok(found, `jsQR found a QR code in the ${img.width}x${img.height} screenshot (target/screenshots/share-qr-${name}.png)`);
  return { text: found.data, version: found.version, size: [img.width, img.height] };
}

// ---- A's play: turn 1 of the sample (the worked example of race_for_x_two_turns). ----

/** Anna attacks, Boris regroups; Prepared Defence; 9 units; S3 option A; clock 5, 6; the
 * outcome (140 VP); battle result 3 + 2: Advance; the move. Anna's marker ends in zone 2. */
async function playToMove(page) {
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'regroup');
  await lastStep(page, 'Turn 1: Anna chose Attack; Boris chose Regroup.');
  await tapDie(page, 4, 'Anna: type of battle: rolled 4: Prepared Defence.');
  await toggleUnits(page, [0, 3, 4, 5, 6, 7, 8, 9, 10]);
  await tid(page, 'confirm-forces').click();
  await lastStep(page, 'Anna fields 9 of 19 units');
  await tapDie(page, 2, 'Boris defends with S3 option A (rolled 2).');
  await tapDie(page, 5, 'Clock: rolled 5: it ticks to 1 of 12.');
  await tapDie(page, 6, 'Clock: rolled 6: it ticks to 2 of 12.');
  await fillOutcome(page, { objectives: 2, exited: 1, killed: ['4-0', '4-1'] });
  await waitText(tid(page, 'vp-preview'), 'Victory points: 140 (battle result modifier +2)');
  await tid(page, 'record-outcome').click();
  await lastStep(page, "Anna's battle: 2 objectives held, 1 stand exited, 2 lost");
  await tapDie(page, 3, 'Anna: battle result: rolled 3, +2 = 5: Advance 1 zone (Zone 1 to Zone 2).');
  await tid(page, 'confirm-move').click();
  await lastStep(page, 'Anna moves from Zone 1 to Zone 2.');
}

/** Two more steps: the PC's replacement and Anna's recovery ("5 2": one back). */
async function playReplaceAndRecover(page) {
  await tid(page, 'tab-play').click();
  await phase(page, 'Replace commanders');
  await tid(page, 'replacement').first().click();
  await lastStep(page, 'Anna: Rifle (1st Platoon) takes over from the killed PC (1st Platoon).');
  await phase(page, 'Recover losses');
  await typeDice(page, '5 2', 'Anna: recovery at 5+: 1 of 2 lost stands back (Rifle (1st Platoon)).');
}

/** Boris's part of turn 1: no battle (3), nothing to recover: turn 2 begins. */
async function playBorisTurn1(page) {
  await tid(page, 'tab-play').click();
  await phase(page, 'Type of battle');
  await tapDie(page, 3, 'Boris: type of battle: rolled 3: no battle.');
  await tid(page, 'continue-recovery').click();
  await lastStep(page, 'Boris: no lost stands to recover.');
  await waitText(tid(page, 'status'), 'Turn 2 · Offensive actions');
}

let linkB1; // the first link A sends
let stateA1;

test('(a) the Share tab: link and QR code hold the same text', async () => {
  const { page, guard } = A;
  campaignId = await guard(startSample(page, server.url));
  const fresh = await shareLink(page, 'sample, nothing played');
  const qr0 = await decodeQr(page, 'fresh');
  assert.equal(qr0.text, fresh, 'the QR code of the fresh sample decodes to its link');

  await tid(page, 'tab-play').click();
  await playToMove(page);
  assert.equal(await zoneOf(page, 'A'), '2');
  stateA1 = await campaignState(page);

  linkB1 = await shareLink(page, `sample, turn 1 to the move (${stateA1.log.length} log lines)`);
  const caption = norm(await tid(page, 'qr-version').textContent());
  const m = /^QR version (\d+), error correction ([LM]) · scan it with the other tablet's camera$/.exec(caption);
  assert.ok(m, `the caption names the QR version: ${JSON.stringify(caption)}`);
  assert.equal(await tid(page, 'qr-too-long').count(), 0);
  const qr = await decodeQr(page, 'turn1-move');
  assert.equal(qr.text, linkB1, 'the QR code decodes to exactly the link');
  assert.equal(qr.version, Number(m[1]), 'jsQR reads the version the caption names');
  await axeCheck(page, 'the Share tab with a link and its QR code');
  console.log(`QR for a ${linkB1.length}-char link: ${caption.split(' ·')[0]}, screenshot ${qr.size.join('x')} px`);
});

test('(b) a fresh device opens the link: review, add, same campaign', async () => {
  assert.ok(linkB1, 'needs the link from (a)');
  const { page } = B;
  await page.goto(server.url);
  await tid(page, 'campaign-list').waitFor({ timeout: 10_000 });
  const before = await storageDump(page);
  await openLink(page, linkB1);
  const review = await readReview(page);
  assert.deepEqual(review.errors, []);
  assert.equal(review.items.length, 1);
  const [item] = review.items;
  assert.match(item.summary.System, /^Race for X\b/, 'the system is named');
  assert.deepEqual(item.summary, {
    System: item.summary.System,
    Campaign: 'Sample: Race for X',
    Players: 'Anna vs Boris',
    'Where it stands': stateA1.status,
    'Last entry': stateA1.last.replace(/^Last: /, ''),
  });
  assert.equal(item.plan, 'Not on this device yet: it will be added as a campaign.');
  assert.equal(item.action, 'Add this campaign');
  assert.equal(await storageDump(page), before, 'nothing is stored before the player says so');

  await tid(page, 'import-apply').click();
  await tid(page, 'import-review').waitFor({ state: 'detached' });
  await waitFor(() => page.url().endsWith(`#/c/${campaignId}/play`), `B opens the campaign under A's id (${page.url()})`);
  await phase(page, 'Replace commanders', 10_000);
  assert.deepEqual(await campaignState(page), stateA1, 'B shows what A shows');
  // The link's work is done: a reload opens the stored campaign, not the review again.
  await page.reload();
  await phase(page, 'Replace commanders', 10_000);
  assert.equal(await tid(page, 'import-review').count(), 0);
});

let stateA2;

test('(c) A plays on; the new link brings B up to date', async () => {
  assert.ok(stateA1, 'needs (a)');
  await tid(A.page, 'tab-play').click();
  await playReplaceAndRecover(A.page);
  stateA2 = await campaignState(A.page);
  const link = await shareLink(A.page, `2 more decisions, ${stateA2.log.length} log lines (Update on B)`);
  assert.equal((await decodeQr(A.page, 'update')).text, link);

  const { page } = B;
  const before = await storageDump(page);
  await openLink(page, link);
  const { items, errors } = await readReview(page);
  assert.deepEqual(errors, []);
  assert.equal(items.length, 1);
  const added = stateA2.log.length - stateA1.log.length;
  assert.equal(added, 2);
  assert.equal(items[0].plan, `This device has an earlier point of the same campaign. Bringing it up to date adds ${added} history lines.`);
  assert.equal(items[0].action, 'Bring mine up to date');
  assert.equal(items[0].summary['Where it stands'], stateA2.status);
  assert.equal(await storageDump(page), before, 'nothing is stored before the player says so');
  await tid(page, 'import-apply').click();
  await tid(page, 'import-review').waitFor({ state: 'detached' });
  await waitFor(() => page.url().endsWith(`#/c/${campaignId}/play`), 'B opens its (updated) campaign');
  await phase(page, 'Type of battle', 10_000);
  assert.deepEqual(await campaignState(page), stateA2, 'B shows what A shows');
  const ids = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('fielddesk.campaign.')));
  assert.deepEqual(ids, [`fielddesk.campaign.${campaignId}`], 'updated in place: still one campaign on B');
});

test('(d) B went another way: A\'s newer link keeps both', async () => {
  assert.ok(stateA2, 'needs (c)');
  // B undoes Anna's recovery; A plays Boris's part of turn 1.
  const { page } = B;
  await tid(page, 'undo').click();
  await phase(page, 'Recover losses');
  const stateBOwn = await campaignState(page);
  await playBorisTurn1(A.page);
  const stateA3 = await campaignState(A.page);
  const link = await shareLink(A.page, `end of turn 1, ${stateA3.log.length} log lines (Diverged on B)`);

  await openLink(page, link);
  const { items, errors } = await readReview(page);
  assert.deepEqual(errors, []);
  assert.equal(items.length, 1);
  assert.equal(items[0].plan, 'This device has the same campaign, but the two histories went different ways. Both will be kept: the incoming one as a separate copy.');
  assert.equal(items[0].action, 'Keep both');
  await tid(page, 'import-apply').click();
  await tid(page, 'import-review').waitFor({ state: 'detached' });
  await waitFor(() => /#\/c\/[0-9a-f]+\/play$/.test(page.url()) && !page.url().includes(campaignId), `B opens the new copy (${page.url()})`);
  await phase(page, 'Offensive actions', 10_000);
  const copy = await campaignState(page);
  assert.deepEqual(copy, { ...stateA3, title: 'Sample: Race for X (imported copy)' });

  await tid(page, 'home').click();
  await tid(page, 'campaign-list').waitFor();
  await waitFor(async () => (await tid(page, 'campaign-row').count()) === 2, 'two campaigns on B');
  const rows = await listRows(page);
  assert.deepEqual(rows, {
    'Sample: Race for X': stateBOwn.status,
    'Sample: Race for X (imported copy)': stateA3.status,
  });
  // B's own copy is unchanged: still at its undone point.
  await page.goto(`${server.url}#/c/${campaignId}/play`);
  await phase(page, 'Recover losses', 10_000);
  assert.deepEqual(await campaignState(page), stateBOwn, "B's own copy is kept as it was");
});

test('(e) damaged, tampered, future and garbage links: a plain error and nothing stored', async () => {
  assert.ok(linkB1, 'needs (a)');
  const { page } = B;
  const [base, payload] = linkB1.split('#s=');
  const body = payload.slice('fd4.'.length);
  const mid = Math.floor(body.length / 2);
  const swapped = body[mid] === 'A' ? 'B' : 'A';
  const damaged = 'This link is damaged: part of it is missing or was changed on the way. Ask for the link again and copy all of it.';
  const cases = [
    ['cut in half', `${base}#s=${payload.slice(0, Math.floor(payload.length / 2))}`, damaged],
    ['one character changed', `${base}#s=fd4.${body.slice(0, mid)}${swapped}${body.slice(mid + 1)}`, damaged],
    ['future version', `${base}#s=fd9.AAAA`, 'This link was made by a newer version of Field Desk (link version 9; this version reads up to 6). Reload the page to update the app, then open the link again.'],
    ['garbage', `${base}#s=hello`, 'This is not a Field Desk campaign link.'],
  ];
  await page.goto(server.url);
  await tid(page, 'campaign-list').waitFor({ timeout: 10_000 });
  const before = await storageDump(page);
  assert.ok(before.includes('fielddesk.campaign.'), 'B has campaigns that must stay as they are');
  for (const [what, link, message] of cases) {
    await openLink(page, link);
    const { items, errors } = await readReview(page);
    assert.deepEqual(errors, [message], what);
    assert.equal(items.length, 0, `${what}: nothing offered to import`);
    assert.equal(await storageDump(page), before, `${what}: localStorage unchanged`);
    await tid(page, 'import-close').click();
    await tid(page, 'import-review').waitFor({ state: 'detached' });
    await waitFor(() => page.url().endsWith('#/'), `${what}: the address goes back to the list (${page.url()})`);
    assert.equal(await tid(page, 'campaign-row').count(), 2, `${what}: the list is as it was`);
    assert.equal(await storageDump(page), before, `${what}: localStorage unchanged after closing`);
  }
  // The same through a hash change in the running app (a link pasted in the address bar).
  await page.goto(cases[1][1]);
  await waitText(tid(page, 'import-error'), damaged);
  assert.equal(await storageDump(page), before);
  await tid(page, 'import-close').click();
  await tid(page, 'import-review').waitFor({ state: 'detached' });
});

test('(f) a secret choice pending: the link leaves it out and says so', async () => {
  const { page } = A;
  await tid(page, 'tab-play').click();
  await choose(page, 'A', 'regroup');
  await lastStep(page, 'Turn 2: Anna has chosen an action (kept hidden until both have chosen).');
  await tid(page, 'tab-share').click();
  await waitText(tid(page, 'share-left-out'), "Not in this link or file: Anna's hidden step. It goes in once everyone at the table may see it.");
  assert.equal(await tid(page, 'share-secret').count(), 0, 'nothing holds the link back');
  const pending = await shareLink(page, 'turn 2, a choice left out');
  assert.equal((await decodeQr(page, 'turn2-pending')).text, pending, 'the QR code follows the same rule');
  await axeCheck(page, 'the Share tab leaving a secret choice out');
  // (tests/e2e/seats.test.mjs opens such a link and checks it holds no choice.)
  // Once both have chosen, the link holds them.
  await tid(page, 'tab-play').click();
  await choose(page, 'B', 'attack');
  await lastStep(page, 'Turn 2: Anna chose Regroup; Boris chose Attack.');
  const link = await shareLink(page, 'turn 2, both chosen');
  assert.notEqual(link, pending);
  assert.equal(await tid(page, 'share-left-out').count(), 0);
  assert.equal((await decodeQr(page, 'turn2')).text, link);
});
