// Every seat on its own device (issue 30), Race for X: a whole campaign turn with Anna and
// Boris each on a phone of their own and a third device, a tablet, keeping the campaign. The
// players choose in secret and field their forces on their phones; the keeper rolls the
// table's dice and takes each reply; each phone's copy follows the one it holds. No phone holds
// anything of the other player's secret choice, on screen or in what it stored of its copy.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, newPage, tid, waitText, waitFor, startSample, lastStep, tapDie, toggleUnits,
  fillOutcome, phase, axeCheck, screenshotPath, seatCopyLink, pasteReply,
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

/** The keeper's Share tab: seat `n`'s copy (0 Anna, 1 Boris), short enough for a QR code. */
async function copyFor(keeper, n) {
  const link = await seatCopyLink(keeper, n);
  const chars = link.length - new URL(link).origin.length;
  assert.ok(chars <= 1000, `${chars} characters after the origin`);
  return link;
}

const take = pasteReply;

/**
 * The keeper is the table's tablet, not a player's: the phone's choice, offered as a seal
 * (issue 31), goes as it is. Its plain reply link once made.
 */
async function sendPlainly(p) {
  await waitFor(async () => /#s=fd5\./.test(await tid(p, 'reply-share-link').inputValue()), 'the seal made');
  const seal = await tid(p, 'reply-share-link').inputValue();
  await tid(p, 'send-plainly').click();
  await waitText(tid(p, 'reply').locator('h2'), 'Your reply (1 step)');
  await waitFor(async () => (await tid(p, 'reply-share-link').inputValue()) !== seal, 'the plain reply made');
  return tid(p, 'reply-share-link').inputValue();
}

/** What a phone stored: every localStorage value, as one text. */
const stored = (p) => p.evaluate(() => Object.keys(localStorage).map((k) => localStorage.getItem(k)).join('\n'));

test('a whole Race for X turn with each player on a phone and a third device keeping', async (t) => {
  const { page: keeper, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(startSample(keeper, server.url));
  const anna = await newPage(browser, { width: 390, height: 844 });
  const boris = await newPage(browser, { width: 390, height: 844 });
  const [a, b] = [anna.page, boris.page];
  try {
    // ---- Secret choices, each on a phone. ----
    await a.goto(await copyFor(keeper, 0));
    await copyDrawn(a);
    await b.goto(await copyFor(keeper, 1));
    await copyDrawn(b);
    await tid(a, 'secret-choice').waitFor({ timeout: 10_000 });
    await tid(a, 'choose-attack').click();
    await tid(a, 'reply-share-link').waitFor({ timeout: 10_000 });
    const annaChoice = await sendPlainly(a);
    await tid(b, 'secret-choice').waitFor({ timeout: 10_000 });
    await tid(b, 'choose-regroup').click();
    await tid(b, 'reply-share-link').waitFor({ timeout: 10_000 });
    const borisChoice = await sendPlainly(b);
    // Neither phone knows the other's choice: not on screen, not in what it stored.
    assert.doesNotMatch(norm(await b.locator('body').innerText()), /Anna chose|Anna: Attack/);
    assert.doesNotMatch(await stored(b), /"attack"|"Attack"/i, "Boris's phone holds nothing of Anna's choice");
    assert.doesNotMatch(await stored(a), /"regroup"|"Regroup"/i, "Anna's phone holds nothing of Boris's choice");

    // The keeper takes both; only then is either choice shown.
    await take(keeper, annaChoice, 'Anna');
    await waitText(tid(keeper, 'handover-A'), 'Anna has chosen (hidden)');
    await take(keeper, borisChoice, 'Boris');
    await lastStep(keeper, 'Turn 1: Anna chose Attack; Boris chose Regroup.');
    // The round goes on as the keeper's Share tab offers it: each out-of-date copy in turn.
    // Boris's new copy shows both choices now, and nothing for him to decide.
    await b.goto(await copyFor(keeper, 1));
    await waitText(tid(b, 'notice'), 'replaced the older one', 10_000);
    await copyDrawn(b);
    await waitText(tid(b, 'notice'), 'Your reply was taken: it is in this copy.');
    await tid(b, 'seat-waits').waitFor();
    assert.match(norm(await b.locator('body').innerText()), /Anna chose Attack; Boris chose Regroup/);

    // ---- Anna's part: the table rolls, Anna fields her forces on her phone. ----
    await phase(keeper, 'Type of battle');
    await tapDie(keeper, 4, 'Anna: type of battle: rolled 4: Prepared Defence.');
    await phase(keeper, 'Forces on table');
    await waitText(tid(keeper, 'status'), 'Turn 1');
    await a.goto(await copyFor(keeper, 0));
    await waitText(tid(a, 'notice'), 'replaced the older one', 10_000);
    await tid(a, 'seat-play').waitFor();
    await copyDrawn(a);
    await waitText(tid(a, 'phase-title'), 'Forces on table');
    await toggleUnits(a, [0, 3, 4, 5, 6, 7, 8, 9, 10]);
    await waitText(tid(a, 'force-count'), '9 of 9 chosen');
    await axeCheck(a, "Anna's forces on her phone");
    await a.screenshot({ path: screenshotPath('devices-rfx-forces-390x844.png') });
    await tid(a, 'confirm-forces').click();
    await tid(a, 'reply-share-link').waitFor({ timeout: 10_000 });
    await take(keeper, await tid(a, 'reply-share-link').inputValue(), 'Anna');
    await lastStep(keeper, /^Last: Anna fields 9 of 19 units: /);

    // The rest of her part is the table's: defence, the clock, the outcome, result, move.
    await phase(keeper, 'Defending force');
    await tapDie(keeper, 2, 'Boris defends with S3 option A (rolled 2).');
    await phase(keeper, 'Fight the battle');
    await tapDie(keeper, 5, 'Clock: rolled 5: it ticks to 1 of 12.');
    await fillOutcome(keeper, { objectives: 2, exited: 0, killed: [] });
    await tid(keeper, 'record-outcome').click();
    await phase(keeper, 'Battle result');
    await tapDie(keeper, 3);
    await phase(keeper, 'Zone movement');
    await tid(keeper, 'confirm-move').click();
    await lastStep(keeper, 'Anna moves from Zone 1 to Zone 2.');
    await phase(keeper, 'Recover losses');
    await tid(keeper, 'continue-recovery').click();

    // ---- Boris's part: regroup, no battle on a 3. ----
    await phase(keeper, 'Type of battle');
    await tapDie(keeper, 3, 'Boris: type of battle: rolled 3: no battle.');
    await phase(keeper, 'Recover losses');
    await tid(keeper, 'continue-recovery').click();
    await phase(keeper, 'Offensive actions');
    await waitText(tid(keeper, 'status'), 'Turn 2 · Offensive actions');

    // ---- Both phones take their new copies: turn 2, their own choice open again. ----
    for (const [p, n, name] of [[a, 0, 'Anna'], [b, 1, 'Boris']]) {
      await p.goto(await copyFor(keeper, n));
      await waitText(tid(p, 'notice'), 'replaced the older one', 10_000);
      await copyDrawn(p);
      await waitText(tid(p, 'status'), 'Turn 2 · Offensive actions');
      await tid(p, 'secret-choice').waitFor();
      assert.match(norm(await tid(p, 'seat-copy-whose').textContent()), new RegExp(`^${name}'s view`));
      assert.equal(await tid(p, 'reply').count(), 0, 'no reply left from the older copy');
    }
    // Anna's marker moved on both phones.
    assert.equal(await tid(b, 'marker-A').getAttribute('data-zone'), '2');
    await axeCheck(b, "Boris's phone, turn 2");
    await b.screenshot({ path: screenshotPath('devices-rfx-turn2-390x844.png') });
  } finally {
    await anna.close();
    await boris.close();
  }
});
