// Every seat on its own device (issue 30), Battlefront: the umpire's tablet keeps the campaign;
// the Soviet side refits on its own phone (its CPP roll typed there), and its reply is taken on
// the umpire's tablet. The German side's copy, made after, shows nothing of the Soviet refit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, tid, waitText, phase, axeCheck, screenshotPath, smallTargets, seatCopyLink, pasteReply, copyDrawn } from './harness.mjs';

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

/** The umpire's Share tab: side `n`'s copy, short enough for a QR code. */
async function copyFor(page, n) {
  const link = await seatCopyLink(page, n, { holder: '0' });
  assert.ok(link.length - new URL(link).origin.length <= 1000, `${link.length} characters`);
  return link;
}

test("a Battlefront side refits on its own phone and the umpire takes its reply", async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(page.goto(server.url));
  await tid(page, 'start-sample-bfww2-campaign').click();
  await phase(page, 'Housekeeping and refit', 10_000);
  const soviet = await copyFor(page, 1);

  const phone = await newPage(browser, { width: 390, height: 844 });
  const p = phone.page;
  try {
    await p.goto(soviet);
    await tid(p, 'seat-play').waitFor({ timeout: 10_000 });
    await copyDrawn(p);
    // On its own phone the side's refit is open at once, its odds shown before the roll.
    await tid(p, 'refit-panel').waitFor({ timeout: 10_000 });
    await waitText(tid(p, 'odds'), '+16 CPP');
    await axeCheck(p, "the Soviet refit on the side's own phone");
    await p.screenshot({ path: screenshotPath('devices-bfww2-refit-390x844.png') });
    assert.deepEqual(await smallTargets(p), [], 'touch targets of at least 44px');
    await tid(p, 'dice-input').fill('7');
    await tid(p, 'dice-submit').click();
    await waitText(tid(p, 'refit-balance'), 'CPP 14');
    await tid(p, 'end-refit').click();
    await tid(p, 'reply-share-link').waitFor({ timeout: 10_000 });
    const reply = await tid(p, 'reply-share-link').inputValue();
    assert.match(reply, /#s=fd5\./);
    const afterOrigin = reply.length - new URL(reply).origin.length;
    assert.ok(afterOrigin <= 200, `${afterOrigin} characters after the origin`);
    await axeCheck(p, "the Soviet side's reply");
    await p.screenshot({ path: screenshotPath('devices-bfww2-reply-390x844.png') });

    // The umpire pastes the reply: the Soviet refit is done, with its roll, on the tablet.
    await pasteReply(page, reply);
    await tid(page, 'tab-share').click();
    await tid(page, 'holder-table').click();
    await tid(page, 'tab-play').click();
    await waitText(tid(page, 'handover-side1'), 'has ended the refit');
    assert.ok(!norm(await page.locator('body').innerText()).includes('CPP 14'), 'the table does not see the Soviet balance');

    // The German side's copy, made now: nothing of the Soviet refit, on screen or in its log.
    const german = await copyFor(page, 2);
    const other = await newPage(browser, { width: 390, height: 844 });
    try {
      await other.page.goto(german);
      await tid(other.page, 'seat-play').waitFor({ timeout: 10_000 });
      await copyDrawn(other.page);
      await tid(other.page, 'refit-panel').waitFor({ timeout: 10_000 });
      const text = await other.page.locator('body').innerText();
      assert.ok(!text.includes('CPP 14') && !text.includes('CPP roll 7'), 'no Soviet balance or roll');
      assert.equal(await tid(other.page, 'ledger-cpp-side1').count(), 0, 'no Soviet ledger');
      await axeCheck(other.page, "the German side's refit on its own phone");
    } finally {
      await other.close();
    }
  } finally {
    await phone.close();
  }
});
