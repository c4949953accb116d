// Every seat on its own device (issue 30): a Race for X turn's secret choices with Boris on a
// device of his own. Anna's tablet keeps the campaign and sends Boris his copy; on his phone
// the copy shows his choice to make (and nothing of Anna's), and his choice becomes a reply:
// a short link and a QR code. Opened on the keeper, the reply is taken into the campaign; the
// same reply again, a damaged one, and one made on an older copy are each refused in words,
// with nothing changed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, newPage, tid, waitText, waitFor, startSample, choose, axeCheck, screenshotPath,
  smallTargets,
  copyDrawn,
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

/** The keeper's Share tab: Boris's copy, made with Boris holding the tablet. */
async function borisCopy(page) {
  await tid(page, 'tab-share').click();
  await tid(page, 'holder-1').click();
  await tid(page, 'seat-link-1').click();
  await waitText(tid(page, 'seat').locator('h2'), 'Boris');
  const link = await tid(page, 'seat-share-link').inputValue();
  await tid(page, 'holder-0').click();
  await tid(page, 'tab-play').click();
  return link;
}

test('a seat decides on its own device and the keeper takes its reply', async (t) => {
  const { page, guard } = await newPage(browser, undefined, t);
  await guard(startSample(page, server.url));
  await choose(page, 'A', 'attack');
  const copy = await borisCopy(page);
  assert.match(copy, /#s=fd6\./);

  // Boris's phone.
  const phone = await newPage(browser, { width: 390, height: 844 });
  const p2 = phone.page;
  try {
    await p2.goto(copy);
    await tid(p2, 'seat-play').waitFor({ timeout: 10_000 });
    await copyDrawn(p2);
    // His choice is open at once (no hand-over on his own device); Anna's is only "chosen".
    await tid(p2, 'secret-choice').waitFor();
    // (Boris's view holds nothing of Anna's choice, not even that it is made: the log says so.)
    assert.match(norm(await tid(p2, 'handover-A').textContent()), /^Anna (has chosen \(hidden\)|decides on their own device\.)$/);
    const before = await p2.locator('body').innerText();
    assert.ok(!/Attack(s|ed)\b|chose Attack/.test(before.replace(/Attack\s*A battle is certain/, '')),
      'nothing of what Anna chose');
    await axeCheck(p2, "Boris's copy, his choice to make");
    await p2.screenshot({ path: screenshotPath('reply-choice-390x844.png') });
    await tid(p2, 'choose-regroup').click();

    // The reply: a short link and a QR code, kept on his device.
    await tid(p2, 'reply-share-link').waitFor({ timeout: 10_000 });
    const reply = await tid(p2, 'reply-share-link').inputValue();
    assert.match(reply, /#s=fd5\./, 'a reply link');
    const afterOrigin = reply.slice(new URL(reply).origin.length);
    assert.ok(afterOrigin.length <= 200, `${afterOrigin.length} characters after the origin`);
    await tid(p2, 'reply-qr').waitFor();
    assert.match(norm(await tid(p2, 'seat-play').textContent()), /Boris has chosen: send your reply below/);
    await axeCheck(p2, "Boris's reply");
    // Done on his part, the reply is brought into sight and focused.
    await waitFor(() => p2.evaluate(() => document.activeElement?.closest('[data-testid=reply]') != null), 'the reply focused');
    await p2.screenshot({ path: screenshotPath('reply-shown-390x844.png') });
    assert.deepEqual(await smallTargets(p2), [], 'touch targets of at least 44px');
    for (const [w, h] of [[390, 844], [768, 1024], [1024, 768]]) {
      await p2.setViewportSize({ width: w, height: h });
      await p2.screenshot({ path: screenshotPath(`reply-made-${w}x${h}.png`), fullPage: true });
    }
    await p2.reload();
    await tid(p2, 'reply-share-link').waitFor({ timeout: 10_000 });
    assert.equal(await tid(p2, 'reply-share-link').inputValue(), reply, 'the reply survives a reload');

    // The keeper takes it: both have chosen, and play moves on.
    await page.goto(reply);
    await waitText(tid(page, 'notice'), "Boris's reply is taken.", 10_000);
    await waitFor(async () => /Type of battle/.test(norm(await tid(page, 'status').textContent())), 'play moves on', 10_000);
    await waitText(tid(page, 'last-step'), 'Turn 1: Anna chose Attack; Boris chose Regroup.');
    await axeCheck(page, 'the keeper after taking a reply');

    // Boris's copy is out of date now (Anna's was never sent): the Share tab offers it.
    await tid(page, 'tab-share').click();
    await waitText(tid(page, 'stale-copies'), "Out of date: Boris's copy.");
    await tid(page, 'next-stale-copy').click();
    await waitText(tid(page, 'seat').locator('h2'), 'Boris');
    await tid(page, 'seat-share-link').waitFor();
    await waitFor(async () => (await tid(page, 'stale-copies').count()) === 0, 'nothing out of date once sent');
    await axeCheck(page, 'the keeper sending a new copy');
    const fresh = await tid(page, 'seat-share-link').inputValue();
    assert.match(fresh, /#s=fd6\./);
    assert.ok(fresh.length - new URL(fresh).origin.length <= 1000, `${fresh.length} characters`);
    // A device without the copy it follows says so; the whole copy opens anywhere.
    const stranger = await newPage(browser);
    try {
      await stranger.page.goto(fresh);
      await waitText(tid(stranger.page, 'banner'), 'Ask the keeper for the whole copy', 10_000);
      await tid(page, 'seat-whole').check();
      await waitFor(async () => (await tid(page, 'seat-share-link').inputValue()) !== fresh, 'the whole copy');
      await stranger.page.goto(await tid(page, 'seat-share-link').inputValue());
      await tid(stranger.page, 'seat-copy').waitFor({ timeout: 10_000 });
      await copyDrawn(stranger.page);
      await tid(page, 'seat-whole').uncheck();
      await waitFor(async () => (await tid(page, 'seat-share-link').inputValue()) === fresh, 'back to the short one');
    } finally {
      await stranger.close();
    }
    await tid(page, 'tab-play').click();

    // The same reply again: taken once.
    await page.goto(reply);
    await waitText(tid(page, 'banner'), "Boris's reply was already taken; nothing changed.", 10_000);

    // A damaged one: refused, nothing changed.
    const i = reply.length - 6;
    const damaged = reply.slice(0, i) + (reply[i] === 'A' ? 'B' : 'A') + reply.slice(i + 1);
    await page.goto(damaged);
    await waitFor(async () => /This link is damaged/.test(norm(await page.locator('body').innerText())), 'a damaged reply refused', 10_000);

    // Made on an older copy: Boris changes his mind on the old copy; the keeper has moved on.
    await tid(p2, 'reply-undo').click();
    await tid(p2, 'choose-attack').click();
    await waitFor(async () => (await tid(p2, 'reply-share-link').inputValue()) !== reply, 'a new reply');
    const second = await tid(p2, 'reply-share-link').inputValue();
    await page.goto(second);
    await waitText(tid(page, 'banner'), "Boris's reply was made before this:", 10_000);
    assert.match(norm(await tid(page, 'banner').textContent()), /Send Boris a new copy\./);

    // The new copy replaces the old on his phone, and with it the steps made on the old one.
    await p2.goto(fresh);
    await waitText(tid(p2, 'notice'), 'replaced the older one', 10_000);
    await copyDrawn(p2);
    // His second reply (the changed mind) was never taken: the copy says so.
    await waitText(tid(p2, 'notice'), 'Your last reply is not in it');
    await waitText(tid(p2, 'status'), 'Type of battle');
    assert.equal(await tid(p2, 'reply').count(), 0, 'no reply left from the older copy');
  } finally {
    await phone.close();
  }
});
