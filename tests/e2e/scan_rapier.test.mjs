// Rapier Offensive with the Corps Commander on his own phone (issue 30): the umpire's tablet
// keeps the campaign and sends him his copy; on his phone he issues the initial orders and,
// once the divisions are deployed, plots the TRPs; each time the umpire takes his reply by
// scanning its QR code with the in-app scanner (Chromium's fake camera playing a video of the
// code, camera.mjs). A Division Commander's new copy, on a third device, shows the orders and
// no TRP: not on the screen, not in the copy his device decoded and keeps.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, launchBrowser, newPage, tid, waitText, waitFor, phase, axeCheck, seatCopyLink, copyDrawn } from './harness.mjs';
import { writeY4m, cameraBrowser, qrOf } from './camera.mjs';

let server;
let browser;
let tabletBrowser;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-scan-rapier-'));
const video = path.join(dir, 'reply.y4m');
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  tabletBrowser = await cameraBrowser(video);
});
after(async () => {
  await tabletBrowser?.close();
  await browser?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const norm = (s) => (s ?? '').replace(/\s+/g, ' ').trim();

async function typeDice(page, dice) {
  await tid(page, 'dice-input').fill(dice);
  await tid(page, 'dice-submit').click();
}

/** The umpire's Share tab: `seat`'s copy link (the umpire holding the tablet). */
const copyFor = (page, seat) => seatCopyLink(page, seat, { holder: '0' });

/** The reply on the phone, as the tablet's camera will see it; the umpire scans it. */
async function scanReply(phone, page) {
  await tid(phone, 'reply-qr').waitFor({ timeout: 10_000 });
  writeY4m(await qrOf(phone, 'reply-qr'), video);
  await tid(page, 'tab-share').click();
  await tid(page, 'scan-open').click();
  await waitFor(async () => (await tid(page, 'scanner').count()) === 0, 'the scanner read the reply', 20_000);
  await waitText(tid(page, 'notice'), 'reply is taken', 20_000);
  await tid(page, 'tab-play').click();
}

/** Every value under a key naming TRPs, anywhere in `value`. */
function trpValues(value, out = []) {
  if (Array.isArray(value)) value.forEach((v) => trpValues(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (/trp/i.test(k)) out.push(v);
      trpValues(v, out);
    }
  }
  return out;
}

test("the Corps Commander's orders and TRPs, made on his phone, are scanned by the umpire", async (t) => {
  const { page, guard } = await newPage(tabletBrowser, { width: 1024, height: 768 }, t);
  await guard(page.goto(server.url));
  await tid(page, 'start-sample-rapier-offensive').click();
  await phase(page, 'Defender deployment', 10_000);
  await tid(page, 'reveal-umpire').click();
  await tid(page, 'spread-rest').click();
  await waitText(tid(page, 'deploy-form'), '50 of 50 counters placed');
  await tid(page, 'deploy-defenders').click();
  await phase(page, 'Reconnaissance');
  await typeDice(page, '2 2');
  await phase(page, 'Examine counters');
  await tid(page, 'reveal-staff').click();
  await tid(page, 'examine-4').click();
  await tid(page, 'examine-5').click();
  await tid(page, 'examine').click();
  await phase(page, 'Reconnaissance');
  await typeDice(page, '6 1');
  await typeDice(page, '5 3');
  await phase(page, 'Initial orders');

  const phone = await newPage(browser, { width: 390, height: 844 });
  const corps = phone.page;
  const division = await newPage(browser, { width: 390, height: 844 });
  try {
    // His copy, opened on his phone: the orders are his to issue there.
    await corps.goto(await copyFor(page, '1'));
    await tid(corps, 'seat-play').waitFor({ timeout: 10_000 });
    await copyDrawn(corps);
    await tid(corps, 'orders-form').waitFor();
    await tid(corps, 'issue-orders').click();
    await scanReply(corps, page);
    await phase(page, 'Attacker deployment');

    // The divisions deploy at the tablet, behind the hand-over.
    for (const d of [1, 2, 3]) {
      await tid(page, `reveal-div${d}`).click();
      await tid(page, 'fill-line').click();
      await tid(page, 'deploy-division').click();
      await tid(page, 'division-deploy').waitFor({ state: 'detached' });
    }
    await phase(page, 'Corps fire plan');

    // His new copy; the TRPs plotted on his phone.
    await corps.goto(await copyFor(page, '1'));
    await tid(corps, 'seat-play').waitFor({ timeout: 10_000 });
    await copyDrawn(corps);
    for (const s of ['a1-l3', 'a2-l3', 'a3-l4', 'a4-l2']) await tid(corps, `map-${s}`).click();
    await tid(corps, 'plot-trps').click();
    await scanReply(corps, page);
    await phase(page, 'Pre-battle bombardment', 10_000);
    // The umpire, holding the tablet, sees the four TRPs he resolves fire on.
    await waitFor(async () => (await tid(page, 'map-trp').count()) === 4, "the TRPs on the umpire's map");

    // A Division Commander's new copy: the orders, no TRP.
    const link = await copyFor(page, '3');
    await division.page.goto(link);
    await tid(division.page, 'seat-copy').waitFor({ timeout: 10_000 });
    await copyDrawn(division.page);
    const seen = norm(await division.page.locator('body').innerText());
    assert.match(seen, /issues the initial orders/, 'the orders are in his copy');
    assert.ok(!/\bTRP/i.test(seen), 'no TRP on his screen');
    assert.equal(await tid(division.page, 'map-trp').count(), 0, 'no TRP drawn');
    await axeCheck(division.page, "a Division Commander's copy after the fire plan");
    // The copy as his device decoded and keeps it: no TRP in it either.
    const kept = await division.page.evaluate(() => Object.values(localStorage));
    const copies = kept.map((v) => { try { return JSON.parse(v); } catch { return null; } }).filter((v) => v && /orders/i.test(JSON.stringify(v)));
    assert.ok(copies.length > 0, 'his copy, with the orders, is kept on his device');
    // (That four are plotted is the table's to know; where, his view leaves out: nulls.)
    const trps = trpValues(copies);
    assert.ok(trps.length > 0, 'his view has the TRPs\' place, left empty');
    for (const v of trps) {
      const none = (x) => x == null || x === false || (Array.isArray(x) && x.every(none));
      assert.ok(none(v), `a TRP: ${JSON.stringify(v)}`);
    }
  } finally {
    await phone.close();
    await division.close();
  }
});
