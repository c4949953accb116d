// Battlefront: WW2 campaign (issue 11): the Advance to Rostov sample through two campaign days
// with every die typed in. Each side's refit goes behind the hand-over (its CPP roll, its rolls
// due, a purchase); day 2 opens with the secret postures, and the other side's screen never
// shows a posture before the reveal. A seat link made on the Share tab opens in a second
// browser context, read-only, with that side's roster and ledger and nothing of the other's.
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

const SOVIET = 'Soviet 24th Tank Corps';
const GERMAN = 'German 6th Panzer Division';

async function typeDice(page, dice, last) {
  await tid(page, 'dice-input').fill(dice);
  await tid(page, 'dice-submit').click();
  if (last) await waitText(tid(page, 'last-step'), last);
}

/** The open panel of the hand-over for side 1 or 2, after "I am ...". */
async function reveal(page, side, panel) {
  await tid(page, `reveal-side${side}`).click();
  await tid(page, panel).waitFor();
}

/** Both sides field every element they have. */
async function forces(page) {
  await phase(page, 'Choose forces');
  for (const side of [1, 2]) {
    await reveal(page, side, 'forces-panel');
    await axeCheck(page, `side ${side} choosing forces`);
    await tid(page, 'choose-forces').click();
    await tid(page, 'forces-panel').waitFor({ state: 'detached' });
  }
}

/** Every fielded element's result: the first as given, the rest none. */
async function results(page, first) {
  await phase(page, 'Battle results');
  if (first) {
    for (const [k, v] of Object.entries(first)) await tid(page, `result-${k}`).fill(String(v));
  }
  for (let i = 0; i < 7; i++) {
    await tid(page, 'enter-result').click();
    await waitFor(async () => (await tid(page, 'results-entered').locator('li').count()) === i + 1, `result ${i + 1} entered`);
  }
  await axeCheck(page, 'the results step');
  await tid(page, 'end-results').click();
  await phase(page, 'Cleanup');
}

test('Advance to Rostov: two campaign days with typed dice, secret postures and a seat link', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(page.goto(server.url));
  await tid(page, 'start-sample-bfww2-campaign').click();

  // ---- Day 1, 23 December: the Soviet side attacks (fixed for the first scenario). ----
  await phase(page, 'Housekeeping and refit', 10_000);
  await waitText(tid(page, 'day-line'), 'Day 1 of 5');
  await axeCheck(page, 'the refit hand-over');
  await reveal(page, 1, 'refit-panel');
  // Odds before the roll: the d10 on the CPP table, no modifier on 23 December for the Soviets.
  await waitText(tid(page, 'odds'), '+16 CPP');
  await axeCheck(page, 'the Soviet CPP roll');
  await typeDice(page, '7');
  await waitText(tid(page, 'refit-balance'), 'CPP 14');
  await waitText(tid(page, 'no-rolls-due'), 'No withdrawal or rating roll');
  await tid(page, 'end-refit').click();
  await waitText(tid(page, 'handover-side1'), 'has ended the refit');
  // The table never saw the Soviet balance once covered.
  assert.ok(!(await page.locator('body').innerText()).includes('CPP 14'), 'the Soviet balance is covered');

  await reveal(page, 2, 'refit-panel');
  await waitText(tid(page, 'modifiers'), 'Historical modifier, 23 December');
  await typeDice(page, '5');
  await waitText(tid(page, 'refit-balance'), 'CPP 10');
  await tid(page, 'end-refit').click();

  await phase(page, 'Reveal postures');
  await tid(page, 'reveal-postures').click();
  await forces(page);
  await waitText(tid(page, 'outcome'), `${SOVIET} attacks`);

  await phase(page, 'The battle');
  await axeCheck(page, 'the battle step');
  await tid(page, 'battle-turns').fill('12');
  await tid(page, 'end-battle').click();
  // The 54th Tank Brigade loses three tanks: two knocked out, one abandoned.
  await results(page, { lost: 3, ko: 2, abandoned: 1 });
  await axeCheck(page, 'cleanup');
  await tid(page, 'cleanup-step-paperwork').click();
  await tid(page, 'paperwork-note').fill('MLR along the Aksai');
  await tid(page, 'add-paperwork').click();
  await waitText(tid(page, 'paperwork-notes'), 'MLR along the Aksai');
  await tid(page, 'end-cleanup').click();

  // ---- Day 2, 24 December: secret postures. ----
  await phase(page, 'Posture');
  await waitText(tid(page, 'day-line'), '24 December');
  await reveal(page, 1, 'posture-panel');
  await axeCheck(page, 'the Soviet posture');
  await tid(page, 'posture-attack').click();
  await waitText(tid(page, 'handover-side1'), 'has chosen a posture (hidden)');
  assert.ok(!/attack/i.test(await tid(page, 'handover-side1').innerText()), 'the card names no posture');
  // The German side's screen, hand-over open: no Soviet posture anywhere on it.
  await reveal(page, 2, 'posture-panel');
  const german = await page.locator('body').innerText();
  assert.ok(!/chose to attack/i.test(german) && !german.includes('posture-chosen'), 'no Soviet posture on the German screen');
  assert.equal(await tid(page, 'posture-chosen').count(), 0);
  await tid(page, 'posture-defend').click();
  await phase(page, 'Housekeeping and refit');
  // The log as the German side holds the tablet: the Soviet choice is there, its posture is not.
  await tid(page, 'tab-log').click();
  await tid(page, 'holder-2').click();
  const log = await tid(page, 'campaign').innerText();
  assert.match(log, new RegExp(`${SOVIET} has chosen a posture`));
  assert.ok(!log.includes('CPP roll 7'), 'the German log has no Soviet CPP roll');
  await tid(page, 'holder-table').click();
  await tid(page, 'tab-play').click();

  // Soviet refit: CPP roll, the withdrawal roll of the brigade that lost tanks, rating rolls, artillery.
  await reveal(page, 1, 'refit-panel');
  await typeDice(page, '6');
  await waitText(tid(page, 'refit-balance'), 'CPP 26');
  await waitText(tid(page, 'roll-due-what'), 'Armour withdrawal roll: TB-1');
  await axeCheck(page, 'a withdrawal roll with its odds');
  await typeDice(page, '8');
  for (let i = 0; i < 4; i++) {
    await waitText(tid(page, 'roll-due-what'), 'Rating change roll');
    await typeDice(page, '45');
  }
  await waitText(tid(page, 'no-rolls-due'), 'No withdrawal or rating roll');
  await tid(page, 'refit-step-artillery').click();
  await tid(page, 'buy-artillery').click();
  await waitText(tid(page, 'refit-balance'), 'CPP 22');
  await tid(page, 'battery-O1').waitFor({ timeout: 2_000 }).catch(() => tid(page, 'refit-step-artillery').click());
  await waitText(tid(page, 'battery-O1'), 'O1: 1 held');
  await axeCheck(page, 'the artillery purchase');
  await tid(page, 'end-refit').click();
  await waitText(tid(page, 'handover-side1'), 'has ended the refit');

  // A seat link for the German side, made by the umpire before the German refit.
  await tid(page, 'tab-share').click();
  await tid(page, 'holder-0').click();
  await waitFor(async () => (await tid(page, 'holder-0').getAttribute('aria-pressed')) === 'true', 'the umpire holds the tablet');
  assert.equal(await tid(page, 'share-link').count(), 0, 'the refit keeps the whole campaign on this tablet');
  await tid(page, 'seat-link-2').click();
  await tid(page, 'seat-share-link').waitFor();
  const link = await tid(page, 'seat-share-link').inputValue();
  assert.match(link, /#s=fd6\./, "a following seat copy");
  const other = await newPage(browser);
  try {
    await other.page.goto(link);
    await tid(other.page, 'seat-copy').waitFor({ timeout: 10_000 });
    await copyDrawn(other.page);
    const p = other.page;
    await waitText(tid(p, 'seat-copy-whose'), `${GERMAN}'s view`);
    await tid(p, 'ledger-cpp-side2').waitFor();
    await waitText(tid(p, 'ledger-cpp-side2'), 'balance 10');
    assert.equal(await tid(p, 'ledger-cpp-side1').count(), 0, 'no Soviet ledger');
    await waitText(tid(p, 'roster-side1'), 'Only this side and the umpire');
    const text = await p.locator('body').innerText();
    assert.ok(!text.includes('Regimental artillery') && !text.includes('Artillery O1'), 'no Soviet purchase');
    const day2 = (await tid(p, 'calendar').locator('tr', { hasText: '24 December' }).innerText()).replace(/\s+/g, ' ');
    assert.match(day2, /To come/, `no posture for 24 December before the reveal: ${day2}`);
    assert.ok(!/Attack|Defend/.test(day2), day2);
    assert.ok(!text.includes('CPP roll 6') && !text.includes('withdrawal roll'), 'no Soviet roll');
    assert.equal(await tid(p, 'reveal-side1').count(), 0, 'nothing to play');
    await axeCheck(p, "the German side's received view");
    await p.screenshot({ path: screenshotPath('bfww2-german-view-1024x768.png'), fullPage: true });
  } finally {
    await other.close();
  }
  await tid(page, 'holder-table').click();
  await tid(page, 'tab-play').click();

  await reveal(page, 2, 'refit-panel');
  await typeDice(page, '5');
  await waitText(tid(page, 'refit-balance'), 'CPP 22');
  for (let i = 0; i < 3; i++) {
    await waitText(tid(page, 'roll-due-what'), 'Rating change roll');
    await typeDice(page, '50');
  }
  await tid(page, 'end-refit').click();

  await phase(page, 'Reveal postures');
  await tid(page, 'reveal-postures').click();
  await forces(page);
  await waitText(tid(page, 'outcome'), `${SOVIET}: Attack; ${GERMAN}: Defend. ${SOVIET} attacks.`);
  await phase(page, 'The battle');
  await tid(page, 'battle-turns').fill('10');
  await tid(page, 'end-battle').click();
  await results(page, null);
  await tid(page, 'end-cleanup').click();

  // ---- Day 3 begins; the calendar has both days. ----
  await phase(page, 'Posture');
  await waitText(tid(page, 'day-line'), 'Day 3 of 5');
  await tid(page, 'tab-forces').click();
  const calendar = await tid(page, 'calendar').innerText();
  assert.match(calendar, /23 December, full day/);
  assert.match(calendar, /MLR along the Aksai/);
  assert.match(calendar, /24 December, full day\s+Attack \/ Defend/);
  await axeCheck(page, 'the rosters and calendar as the whole table sees them');
});

/** A side's refit: the CPP roll (or the day with none), every roll due, the end. */
async function quickRefit(page, side, cpp) {
  await reveal(page, side, 'refit-panel');
  if (await tid(page, 'cpp-none').count()) await tid(page, 'cpp-none').click();
  else await typeDice(page, cpp);
  await tid(page, 'cpp-gained').waitFor();
  for (let i = 0; i < 10 && (await tid(page, 'roll-due-what').count()); i++) {
    const before = await tid(page, 'roll-due-what').innerText();
    await typeDice(page, before.includes('withdrawal') ? '9' : '50');
    await waitFor(async () => (await tid(page, 'roll-due-what').count()) === 0 || (await tid(page, 'rolls-due').innerText()) !== '', 'the next roll');
  }
  await tid(page, 'no-rolls-due').waitFor();
  await tid(page, 'end-refit').click();
  await tid(page, 'refit-panel').waitFor({ state: 'detached' });
}

test('both sides defending means no battle; a day with no CPP; the umpire judges the campaign', async (t) => {
  const { page, guard } = await newPage(browser, { width: 768, height: 1024 }, t);
  await guard(page.goto(server.url));
  await tid(page, 'start-sample-bfww2-campaign').click();
  await phase(page, 'Housekeeping and refit', 10_000);
  await quickRefit(page, 1, '3');
  await quickRefit(page, 2, '3');
  await tid(page, 'reveal-postures').click();
  await forces(page);
  await phase(page, 'The battle');
  await tid(page, 'end-battle').click();
  await results(page, null);
  await tid(page, 'end-cleanup').click();

  for (const day of ['24 December', '25 December', '26 December', '27 December']) {
    await phase(page, 'Posture');
    await waitText(tid(page, 'day-line'), day);
    for (const side of [1, 2]) {
      await reveal(page, side, 'posture-panel');
      await tid(page, 'posture-defend').click();
      await tid(page, 'posture-panel').waitFor({ state: 'detached' });
    }
    await phase(page, 'Housekeeping and refit');
    if (day === '27 December') {
      // The Rostov chart gives the Soviet side no CPP on the 27th: no roll, and it says so.
      await reveal(page, 1, 'refit-panel');
      await tid(page, 'cpp-none').waitFor();
      assert.equal(await tid(page, 'dice').count(), 0, 'no dice on a day with no CPP');
      await tid(page, 'cover').click();
    }
    await quickRefit(page, 1, '3');
    await quickRefit(page, 2, '3');
    await tid(page, 'reveal-postures').click();
    await phase(page, 'Cleanup');
    await waitText(tid(page, 'outcome'), 'Both defend: no battle this scenario.');
    await tid(page, 'end-cleanup').click();
  }

  await phase(page, 'Judge the campaign');
  await waitText(tid(page, 'victory-conditions'), 'road to Rostov');
  await axeCheck(page, 'the judgement');
  await tid(page, 'verdict-winner').selectOption('1');
  await tid(page, 'verdict-note').fill('The road stayed closed.');
  await tid(page, 'judge').click();
  await phase(page, 'Campaign over');
  await waitText(tid(page, 'campaign-result'), `${GERMAN} wins the campaign. The road stayed closed.`);
  const calendar = await tid(page, 'calendar').innerText();
  assert.equal((calendar.match(/Both defend: no battle/g) ?? []).length, 4, calendar);
  assert.ok(!calendar.includes('To come'), calendar);
  await axeCheck(page, 'the campaign summary');
  await page.screenshot({ path: screenshotPath('bfww2-over-768x1024.png'), fullPage: true });
});
