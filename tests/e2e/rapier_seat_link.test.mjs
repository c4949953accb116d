// Rapier Offensive's seat links (issues 9 and 10): after the umpire's hidden deployment the
// whole campaign cannot leave the tablet, but the umpire sends the Corps Commander his view.
// Opened in a second browser context it is read-only, names whose view it is, and draws all
// fifty counters face down with no identity anywhere; the umpire's own view, sent the same
// way, shows them. Only the umpire is offered every seat's view and the whole campaign.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, tid, waitText, waitFor, phase, axeCheck, screenshotPath, copyDrawn } from './harness.mjs';

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

/** The Share tab held by `holder`; the link of `seat`'s view. */
async function seatLink(page, holder, seat) {
  await tid(page, 'tab-share').click();
  await tid(page, `holder-${holder}`).click();
  await waitFor(async () => (await tid(page, `holder-${holder}`).getAttribute('aria-pressed')) === 'true', `holder ${holder}`);
  await tid(page, `seat-link-${seat}`).click();
  await tid(page, 'seat-share-link').waitFor();
  return tid(page, 'seat-share-link').inputValue();
}

/** Opens a seat link in a fresh browser context; `check` reads the received view. */
async function openElsewhere(link, check) {
  const other = await newPage(browser);
  try {
    await other.page.goto(link);
    await tid(other.page, 'seat-copy').waitFor({ timeout: 10_000 });
    await copyDrawn(other.page);
    await check(other.page);
  } finally {
    await other.close();
  }
}

/** The sample started on a fresh page, the umpire's counters deployed face down. */
async function deployed(t) {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(page.goto(server.url));
  await tid(page, 'start-sample-rapier-offensive').click();
  await phase(page, 'Defender deployment', 10_000);
  await tid(page, 'reveal-umpire').click();
  await tid(page, 'spread-rest').click();
  await waitText(tid(page, 'deploy-form'), '50 of 50 counters placed');
  await tid(page, 'deploy-defenders').click();
  return page;
}

test("the umpire sends the Corps Commander his view: every counter face down", async (t) => {
  const page = await deployed(t);
  await phase(page, 'Reconnaissance');

  // A player holding the tablet may send only his own view, and no campaign link at all.
  await tid(page, 'tab-share').click();
  await tid(page, 'holder-1').click();
  await tid(page, 'seat-link-1').waitFor();
  assert.equal(await tid(page, 'seat-link-0').count(), 0, "the umpire's view is not the Corps Commander's to send");
  assert.equal(await tid(page, 'full').count(), 0);
  assert.equal(await tid(page, 'share-link').count(), 0, 'the deployment keeps the whole campaign on this tablet');

  // The umpire may send any seat's view, and take the whole campaign to his own devices.
  const corps = await seatLink(page, '0', '1');
  assert.match(corps, /#s=fd6\./);
  for (const seat of ['2', '3', '4', '5', 'table']) assert.equal(await tid(page, `seat-link-${seat}`).count(), 1, seat);
  await tid(page, 'full').waitFor();
  // The whole campaign goes through its grammar: link version 4.
  assert.match(await tid(page, 'full-share-link').inputValue(), /#s=fd4\./);
  await axeCheck(page, "the umpire's Share tab");
  await page.screenshot({ path: screenshotPath('rapier-umpire-share-1024x768.png') });

  await openElsewhere(corps, async (p) => {
    const whose = (await tid(p, 'seat-copy-whose').textContent()).replace(/\s+/g, ' ');
    assert.match(whose, /\bCorps Commander's view, made /, whose);
    assert.equal(await p.locator('[data-face="known"]').count(), 0, 'no counter drawn as known');
    assert.equal(await p.locator('[data-face="down"]').count(), 50, 'all fifty face down');
    for (const face of await p.locator('[data-face="down"] text').allTextContents()) assert.equal(face.trim(), '?');
    const defender = await tid(p, 'roster-defender').innerText();
    assert.doesNotMatch(defender, /A\d L\d/, 'no defending unit placed on the grid');
    assert.ok(!(await p.content()).includes('face down)'), 'no identity marked face down');
    assert.equal(await tid(p, 'reveal-umpire').count(), 0, 'nothing to play');
    await axeCheck(p, "the Corps Commander's received view");
    await p.screenshot({ path: screenshotPath('rapier-corps-view-1024x768.png'), fullPage: true });
  });

  // The umpire's own view, sent the same way, shows what the counters are.
  const umpire = await seatLink(page, '0', '0');
  await openElsewhere(umpire, async (p) => {
    await waitFor(async () => (await p.locator('[data-face="known"]').count()) > 0, "the umpire's view shows the counters");
  });
});

test("after recon and the fire plan each seat's link holds its own secrets only", async (t) => {
  const page = await deployed(t);

  // Recon lands on A2 L2 (2 2); the Staff Officer looks under two counters there.
  await phase(page, 'Reconnaissance');
  const typeDice = async (dice) => {
    await tid(page, 'dice-input').fill(dice);
    await tid(page, 'dice-submit').click();
  };
  await typeDice('2 2');
  await phase(page, 'Examine counters');
  await tid(page, 'reveal-staff').click();
  await tid(page, 'examine-4').click();
  await tid(page, 'examine-5').click();
  await tid(page, 'examine').click();
  await phase(page, 'Reconnaissance');
  await typeDice('6 1');
  await typeDice('5 3');
  await phase(page, 'Initial orders');
  await tid(page, 'reveal-corps').click();
  await tid(page, 'issue-orders').click();
  await phase(page, 'Attacker deployment');
  for (const d of [1, 2, 3]) {
    await tid(page, `reveal-div${d}`).click();
    await tid(page, 'fill-line').click();
    await tid(page, 'deploy-division').click();
    await tid(page, 'division-deploy').waitFor({ state: 'detached' });
  }
  await phase(page, 'Corps fire plan');
  await tid(page, 'reveal-corps').click();
  for (const s of ['a1-l3', 'a2-l3', 'a3-l4', 'a4-l2']) await tid(page, `map-${s}`).click();
  await tid(page, 'plot-trps').click();
  await phase(page, 'Pre-battle bombardment');

  // The umpire holds the tablet: he sees the TRPs he must resolve fire on.
  await tid(page, 'tab-share').click();
  await tid(page, 'holder-0').click();
  await waitFor(async () => (await tid(page, 'map-trp').count()) === 4, "the umpire's map draws the four TRPs");

  // The Corps Commander's link: his four TRPs, no counter known (recon was the Staff Officer's).
  const corps = await seatLink(page, '0', '1');
  await openElsewhere(corps, async (p) => {
    assert.match((await tid(p, 'seat-copy-whose').textContent()).replace(/\s+/g, ' '), /\bCorps Commander's view/);
    await waitFor(async () => (await tid(p, 'map-trp').count()) === 4, "the Corps Commander's copy draws his TRPs");
    assert.equal(await p.locator('[data-face="known"]').count(), 0, 'the recon findings are not the Corps Commander\'s');
  });

  // The Staff Officer's link: the two counters he looked under, no TRP.
  const staff = await seatLink(page, '0', '2');
  await openElsewhere(staff, async (p) => {
    assert.match((await tid(p, 'seat-copy-whose').textContent()).replace(/\s+/g, ' '), /\bStaff Officer's view/);
    await waitFor(async () => (await p.locator('[data-face="known"]').count()) === 2, 'the Staff Officer sees what he examined');
    assert.equal(await tid(p, 'map-trp').count(), 0, 'the TRPs are the Corps Commander\'s');
    await axeCheck(p, "the Staff Officer's received view");
  });

  // A division commander's link: neither.
  const division = await seatLink(page, '0', '3');
  await openElsewhere(division, async (p) => {
    assert.equal(await tid(p, 'map-trp').count(), 0);
    assert.equal(await p.locator('[data-face="known"]').count(), 0);
    assert.equal(await p.locator('[data-face="down"]').count(), 50);
  });
});
