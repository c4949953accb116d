// Fair at a distance (issue 31): a Race for X turn played on two devices with no umpire. The
// tablet keeping the campaign is Anna's; Boris plays on his phone. Boris's secret choice goes
// first as a seal, Anna's is sealed on her own tablet, then Boris reveals: a reveal edited on
// the way is refused and changes nothing; the true one is taken. Boris's next copy checks
// Anna's revealed choice against the seal his phone saw before he revealed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, newPage, tid, waitText, waitFor, startSample, lastStep, choose, axeCheck,
  screenshotPath, seatCopyLink,
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

/** The keeper pastes `link` on its Share tab; the notice it gets. */
async function paste(page, link) {
  // The last notice goes first, so the one read is this paste's.
  for (const id of ['notice', 'banner']) {
    if (await tid(page, id).count()) await tid(page, id).locator('button').first().click().catch(() => {});
  }
  await tid(page, 'tab-share').click();
  await tid(page, 'reply-paste').fill(link);
  await tid(page, 'reply-take').click();
  const said = tid(page, 'notice').or(tid(page, 'banner')).or(page.locator('[role=alert]')).first();
  await said.waitFor({ timeout: 10_000 });
  const text = norm(await said.textContent());
  await tid(page, 'tab-play').click().catch(() => {});
  return text;
}

/** The reply link shown on a phone, once its heading says `heading`. */
async function replyLink(p, heading) {
  await waitText(tid(p, 'reply').locator('h2'), heading, 10_000);
  await waitFor(async () => /#s=fd5\./.test(await tid(p, 'reply-share-link').inputValue()), 'a reply link');
  return tid(p, 'reply-share-link').inputValue();
}

test('a Race for X turn played apart: sealed choices, a tampered reveal refused, seals checked', async (t) => {
  const { page: tablet, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(startSample(tablet, server.url));
  const phone = await newPage(browser, { width: 390, height: 844 });
  const b = phone.page;
  try {
    // Anna's tablet sends Boris his copy.
    await b.goto(await seatCopyLink(tablet, 1, { holder: 0 }));
    await copyDrawn(b);
    await tid(b, 'secret-choice').waitFor({ timeout: 10_000 });
    await tid(b, 'choose-regroup').click();
    // Anna has not chosen: Boris's choice goes as a seal, which tells nothing of it.
    const seal = await replyLink(b, 'Your seal');
    assert.ok(seal.length - new URL(seal).origin.length <= 200, 'a short seal');
    await axeCheck(b, "Boris's seal");
    await b.screenshot({ path: screenshotPath('sealed-seal-390x844.png') });
    let said = await paste(tablet, seal);
    assert.match(said, /Boris's seal is taken/);
    await waitText(tid(tablet, 'status'), 'Turn 1');
    assert.doesNotMatch(norm(await tablet.locator('body').innerText()), /Boris chose Regroup/);

    // Anna chooses on her tablet: sealed there before any reveal is taken.
    await choose(tablet, 'A', 'attack');
    // Boris's new copy: his seal is waiting, and Anna's; his phone offers the reveal.
    await b.goto(await seatCopyLink(tablet, 1));
    const reveal = await replyLink(b, 'Your reveal');
    await copyDrawn(b);
    assert.doesNotMatch(norm(await b.locator('body').innerText()), /Anna chose Attack/, 'Anna\'s choice still hidden');
    await axeCheck(b, "Boris's reveal");
    await b.screenshot({ path: screenshotPath('sealed-reveal-390x844.png') });

    // A reveal edited on the way is refused, and nothing changes.
    const payload = reveal.slice(reveal.indexOf('fd5.') + 4);
    const k = payload.length - 12;
    const edited = reveal.slice(0, reveal.indexOf('fd5.') + 4) + payload.slice(0, k) + (payload[k] === 'A' ? 'B' : 'A') + payload.slice(k + 1);
    const url = new URL(await tid(tablet, 'tab-play').getAttribute('href'), tablet.url()).href;
    await tablet.goto(edited);
    await waitFor(async () => /This link is damaged/.test(norm(await tablet.locator('body').innerText())), 'the edited reveal refused', 10_000);
    await tid(tablet, 'import-review').getByRole('button', { name: 'Close' }).click();
    await tablet.goto(url);
    await tid(tablet, 'tab-share').waitFor({ timeout: 10_000 });
    assert.doesNotMatch(norm(await tid(tablet, 'last-step').textContent()), /Boris chose/, 'nothing changed');

    // The true reveal matches the seal and is taken: both choices shown.
    said = await paste(tablet, reveal);
    assert.match(said, /Boris's reveal matches Boris's seal/);
    await lastStep(tablet, 'Turn 1: Anna chose Attack; Boris chose Regroup.');
    await axeCheck(tablet, 'the keeper after a reveal');
    // The same reveal again changes nothing.
    said = await paste(tablet, reveal);
    assert.match(said, /already taken/);
    await tablet.goto(url);

    // Boris's phone has replied, so he plays apart: the type of battle, which both sides care
    // about, offers the joint roll first, as the main action.
    await waitText(tid(tablet, 'joint-first'), 'Boris plays on another device');
    assert.match(await tid(tablet, 'roll-joint').getAttribute('class'), /primary/);
    assert.doesNotMatch(await tid(tablet, 'roll-app').getAttribute('class'), /primary/);
    await tablet.screenshot({ path: screenshotPath('joint-first-1024x768.png') });
    await tablet.setViewportSize({ width: 390, height: 844 });
    await tablet.screenshot({ path: screenshotPath('joint-first-390x844.png') });
    await tablet.setViewportSize({ width: 1024, height: 768 });
    // The type of battle is rolled together: Anna's tablet seals its part first.
    await tid(tablet, 'roll-joint').click();
    await waitText(tid(tablet, 'joint-waiting'), "This roll waits for Boris's part");
    await axeCheck(tablet, 'the keeper waiting for a part of a joint roll');
    await tablet.screenshot({ path: screenshotPath('joint-waiting-1024x768.png') });

    // Boris's next copy: Anna's choice checked against the seal his phone saw before he
    // revealed; and his part of the roll to send.
    await b.goto(await seatCopyLink(tablet, 1));
    await waitText(tid(b, 'seal-checks'), "Anna's choice matches the seal sent at", 10_000);
    await copyDrawn(b);
    assert.match(norm(await b.locator('body').innerText()), /Anna chose Attack; Boris chose Regroup/);
    await waitText(tid(b, 'part').locator('h2'), 'Your part of the roll', 10_000);
    await waitFor(async () => /#s=fd5\./.test(await tid(b, 'part-share-link').inputValue()), 'a part link');
    const part = await tid(b, 'part-share-link').inputValue();
    await axeCheck(b, "Boris's part of a joint roll");
    await b.screenshot({ path: screenshotPath('joint-part-390x844.png') });
    said = await paste(tablet, part);
    assert.match(said, /Boris's part of the roll is taken/);
    await waitFor(async () => /type of battle: rolled \d/.test(norm(await tid(tablet, 'last-step').textContent())), 'the roll made');
    await tid(tablet, 'tab-log').click();
    assert.match(norm(await tid(tablet, 'log').textContent()), /joint roll, checks out: \d/);
    await tid(tablet, 'tab-play').click();
    said = await paste(tablet, part);
    assert.match(said, /already taken/, 'the same part again changes nothing');
    await tablet.goto(url);

    // Boris's phone checks the roll: the dice drawn from both parts, Anna's the one sealed.
    await b.goto(await seatCopyLink(tablet, 1));
    await waitText(tid(b, 'seal-checks'), 'The joint roll checks out', 10_000);
    await copyDrawn(b);
    await axeCheck(b, "Boris's phone checking the joint roll");
    for (const [w, h] of [[390, 844], [768, 1024], [1024, 768]]) {
      await b.setViewportSize({ width: w, height: h });
      await b.screenshot({ path: screenshotPath(`sealed-checked-${w}x${h}.png`) });
    }
  } finally {
    await phone.context?.close?.();
  }
});
