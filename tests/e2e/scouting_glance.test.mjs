// Night scouting at a glance, at 1024x768, 768x1024 and 390x844: every step of the sample
// night (typed dice), the defender's hand-over panel, the wizard with everything open and the
// rules reference. On each screen axe-core finds nothing, the page never scrolls sideways, and
// the dice or the step's action are on the first screen. Also: opposed rolls show each side's
// dice, modifiers and total apart; going home or retreating off the table is never the first
// choice; fire is offered only from legal places; Escape closes the defender's panel.
// Sample: areas 0 Edge wood (own edge), 1 Second wood, 2 Field, 3 Open ground (open), 4 Far
// wood, 5 Farmhouse, 6 Orchard, 7 Hedgerow; team 0 Sgt Wilson (0-0), Atkins (0-1, veteran),
// Baker (0-2, regular), Cole (0-3, green); sentries regular.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  VIEWPORTS, noSideways, onFirstScreen,
  startServer, launchBrowser, newPage, screenshotPath, tid, waitText, lastStep, tapDie, typeDice, phase, axeCheck,
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


/** Everything a screen must pass; `action` is the control to reach without scrolling. */
async function screen(page, size, name, action) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath(`scouting-glance-${name}-${size}.png`) });
  await axeCheck(page, `night scouting ${name} at ${size}`);
  await noSideways(page, `${name} at ${size}`);
  if (action) await onFirstScreen(page, action, `${name} at ${size}`);
}

async function openWizard(page) {
  await page.goto(server.url);
  await tid(page, 'campaign-list').waitFor();
  await page.evaluate(() => { location.hash = '#/new/crossfire-scouting'; });
  await tid(page, 'scouting-wizard').waitFor();
}

const text = async (loc) => ((await loc.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
const testids = (loc) => loc.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

/** Moves a figure; a defender asked lets it pass, a clock roll due is rolled (a 1). */
async function walk(page, fig, to) {
  await tid(page, `pick-${fig}`).click();
  await tid(page, `move-to-${to}`).click();
  for (;;) {
    await page.waitForTimeout(50);
    const p = await text(tid(page, 'phase-title'));
    if (p === "Defender's reaction") {
      await tid(page, 'defender-answer').click();
      await tid(page, 'let-pass').click();
    } else if (p === 'Clock roll') {
      await tapDie(page, 1);
    } else break;
  }
}

for (const vp of VIEWPORTS) {
  const size = `${vp.width}x${vp.height}`;
  test(`every step of a night at ${size}: accessible, no sideways scroll, the action on the first screen`, async (t) => {
    const { page, guard } = await newPage(browser, vp, t);
    await guard(openWizard(page));
    await tid(page, 'use-sample').click();
    await tid(page, 'create-scouting').click();
    await phase(page, 'Scouting', 10_000);
    await screen(page, size, '01-scouting', tid(page, 'pick-0-1'));
    if (vp.width <= 600) {
      // On a phone the clock and the figures fold behind a button beside the status line.
      assert.equal(await tid(page, 'night-header').isVisible(), false);
      await waitText(tid(page, 'header-toggle'), '3 h 00 left');
      await tid(page, 'header-toggle').click();
      assert.equal(await tid(page, 'header-toggle').getAttribute('aria-expanded'), 'true');
      await tid(page, 'night-clock').waitFor();
      await screen(page, size, '01-header-open', tid(page, 'pick-0-1'));
      await tid(page, 'header-toggle').click();
      await tid(page, 'night-header').waitFor({ state: 'hidden' });
    }

    // Atkins out to the edge wood: going back off the table is offered last, never first.
    await walk(page, '0-1', 0);
    await tid(page, 'pick-0-1').click();
    const moves = await testids(tid(page, 'scout-actions').locator('.chips button[data-testid^="move-to-"]'));
    assert.equal(moves.at(-1), 'move-to-edge', `${moves}`);
    assert.notEqual(moves[0], 'move-to-edge');
    await screen(page, size, '02-figure-picked', tid(page, 'scout-actions').locator('[data-testid^="move-to-"]'));

    // The defender is asked: a hand-over card, then his panel; Escape hides it again.
    await tid(page, 'move-to-1').click();
    await phase(page, "Defender's reaction");
    await screen(page, size, '03-reaction-handover', tid(page, 'defender-answer'));
    await tid(page, 'defender-answer').click();
    await tid(page, 'defender-panel').waitFor();
    await screen(page, size, '04-defender-panel', tid(page, 'let-pass'));
    await page.keyboard.press('Escape');
    await tid(page, 'defender-panel').waitFor({ state: 'detached' });
    await tid(page, 'defender-answer').click();
    await tid(page, 'let-pass').click();
    await tid(page, 'pick-0-1').click();
    await tid(page, 'move-to-2').click();
    await tid(page, 'defender-answer').click();
    await tid(page, 'let-pass').click();
    await phase(page, 'Clock roll');
    await screen(page, size, '05-clock', tid(page, 'face-5'));
    await tapDie(page, 5);
    await phase(page, 'Scouting');

    // A spotting attempt: two opposed rolls, each side's die, modifiers and total apart.
    await tid(page, 'pick-0-1').click();
    await tid(page, 'move-to-2').click();
    await tid(page, 'pick-0-1').click();
    await tid(page, 'spot-3').click();
    await tid(page, 'contests').waitFor();
    const sides = await tid(page, 'contest-side').allTextContents();
    assert.equal(sides.length, 4);
    assert.match(sides[0], /^Atkins.*\+1 Atkins is veteran.*Total: his die \+1$/);
    assert.match(sides[1], /^the sentries.*-1 Atkins in cover.*Total: his die -1$/);
    assert.equal(await tid(page, 'modifiers').count(), 0, 'no list adding both sides up');
    await screen(page, size, '06-spot-roll', tid(page, 'roll-app'));
    await typeDice(page, '3 5 6 2');
    await phase(page, 'Sentries have seen a scout');
    await waitText(tid(page, 'last-contest'), 'Atkins 3 +1 = 4 against the sentries 5 -1 = 4');
    await waitText(tid(page, 'last-contest'), 'the sentries 6 -1 = 5 against Atkins 2 +1 = 3');
    await screen(page, size, '07-sentries-spotted', tid(page, 'defender-answer'));
    if (vp.width <= 600) {
      // The roll's words fold to their first lines on a phone; "Read all" shows every word.
      const cut = () => tid(page, 'last-step').evaluate((p) => p.scrollHeight > p.clientHeight + 1);
      assert.equal(await cut(), true, 'the long outcome is folded');
      await tid(page, 'read-all').click();
      assert.equal(await tid(page, 'read-all').getAttribute('aria-expanded'), 'true');
      assert.equal(await cut(), false, 'every word shows');
      await tid(page, 'read-all').click();
    }
    await tid(page, 'defender-answer').click();
    await tid(page, 'hold-fire').click();
    await phase(page, 'Clock roll');
    await tapDie(page, 4);

    // Across the open: reactive spotting by a unit's own (green) sentries, then fire.
    await tid(page, 'pick-0-1').click();
    await tid(page, 'move-open').click();
    assert.equal(await tid(page, 'move-open').getAttribute('aria-pressed'), 'true');
    await tid(page, 'move-to-4').click();
    await tid(page, 'defender-answer').click();
    await tid(page, 'react-spot').click();
    await tid(page, 'sentries-watching').selectOption({ label: "This unit's own: veteran" });
    await waitText(tid(page, 'contests'), "+1 This unit's sentries are veteran");
    await screen(page, size, '08-reactive-spot', tid(page, 'roll-app'));
    await typeDice(page, '5 2');
    await waitText(tid(page, 'last-contest'), 'the sentries 5 +1 = 6 against Atkins 2 +1 = 3');
    await phase(page, 'Sentries have seen a scout');
    await tid(page, 'defender-answer').click();
    // Fire only from where the rules allow: never from the scouting player's edge wood.
    const from = await tid(page, 'fire-from').locator('option').allTextContents();
    assert.ok(!from.includes('Edge wood') && from.includes('Farmhouse'), `${from}`);
    await tid(page, 'fire-from').selectOption({ label: 'Farmhouse' });
    await screen(page, size, '09-fire', tid(page, 'roll-app'));
    await typeDice(page, '3 6 5 3 4', '1 hit');
    await phase(page, 'Retreat');
    const back = await testids(page.locator('[data-testid^="retreat-to-"]'));
    assert.notEqual(back[0], 'retreat-to-edge', `${back}`);
    if (back.includes('retreat-to-edge')) assert.equal(back.at(-1), 'retreat-to-edge');
    await screen(page, size, '10-retreat', page.locator('[data-testid^="retreat-to-"]'));
    await tid(page, 'retreat-to-2').click();
    await phase(page, 'Reveal');
    await screen(page, size, '11-reveal', tid(page, 'reveal-troops'));
    await tid(page, 'reveal-troops').click();

    // Baker walks into the orchard: close combat against a veteran unit, a tie, then a win.
    await walk(page, '0-2', 0);
    await tid(page, 'pick-0-2').click();
    await tid(page, 'move-to-6').click();
    await tid(page, 'defender-answer').click();
    await tid(page, 'react-close').click();
    await tid(page, 'defenders-quality').selectOption({ label: 'This unit: veteran' });
    await waitText(tid(page, 'contests'), '+1 Defenders are veteran');
    await screen(page, size, '12-close-combat', tid(page, 'roll-app'));
    if (vp.width <= 600) {
      // The other modifiers fold to one line that gives their values.
      assert.equal(await tid(page, 'scout-other-plus').isVisible(), false);
      await tid(page, 'cc-modifiers-toggle').click();
      await tid(page, 'scout-other-plus').click();
      await waitText(tid(page, 'cc-modifiers-toggle'), 'scout +1, defenders 0');
      await axeCheck(page, `close combat's modifiers open at ${size}`);
      await tid(page, 'scout-other-minus').click();
      await tid(page, 'cc-modifiers-toggle').click();
      await tid(page, 'scout-other-plus').waitFor({ state: 'hidden' });
    }
    await typeDice(page, '4 3');
    await phase(page, 'Close combat tied');
    await waitText(tid(page, 'last-contest'), 'Baker 4 against the defenders 3 +1 = 4');
    await waitText(tid(page, 'contests'), '+1 Defenders are veteran');
    await screen(page, size, '13-close-combat-tied', tid(page, 'roll-app'));
    await typeDice(page, '6 1');
    await phase(page, 'Reveal');
    await tid(page, 'reveal-troops').click();
    await phase(page, 'Scouting');

    // Calling the night over asks first; Escape keeps scouting.
    await tid(page, 'end-night').click();
    await tid(page, 'end-night-box').waitFor();
    await screen(page, size, '14-end-night-confirm');
    await page.keyboard.press('Escape');
    await tid(page, 'end-night-box').waitFor({ state: 'detached' });
    await tid(page, 'end-night').click();
    await tid(page, 'end-night-confirm').click();
    await phase(page, 'Night over');
    await screen(page, size, '15-night-over');

    await tid(page, 'tab-rules').click();
    await waitText(tid(page, 'ref-readings'), 'any troops with a line of sight');
    await waitText(tid(page, 'ref-readings'), 'banked at once');
    await waitText(tid(page, 'scouting-reference'), 'a sentry with a line of sight may roll');
    await screen(page, size, '16-rules');
  });
}

test('the scouting wizard at every size: everything labelled, accessible, no sideways scroll', async (t) => {
  for (const vp of VIEWPORTS) {
    const size = `${vp.width}x${vp.height}`;
    const { page, guard } = await newPage(browser, vp, t);
    await guard(openWizard(page));
    await screen(page, size, 'wizard-empty');
    await tid(page, 'use-sample').click();
    await waitText(tid(page, 'team-edit-1'), '');
    await page.screenshot({ path: screenshotPath(`scouting-glance-wizard-${size}.png`), fullPage: true });
    await axeCheck(page, `scouting wizard with the sample at ${size}`);
    await noSideways(page, `scouting wizard at ${size}`);
    const unnamed = await page.locator('.wizard input, .wizard select, .wizard textarea').evaluateAll((els) =>
      els.filter((e) => !(e.labels?.length || e.getAttribute('aria-label'))).map((e) => e.outerHTML.slice(0, 80)));
    assert.deepEqual(unnamed, []);
    // Toggles say whether they are on.
    assert.equal(await tid(page, 'fig-trained-1-0').getAttribute('aria-pressed'), 'true');
    assert.equal(await tid(page, 'fig-trained-0-0').getAttribute('aria-pressed'), 'false');
    // Adding sits apart from removing.
    assert.equal(await tid(page, 'add-scout-0').evaluate((b) => b.parentElement.className), 'add-row');
    await page.close();
  }
});
