// Race for X at a glance, at 1024x768, 768x1024 and 390x844: every phase of a turn of the
// sample campaign (typed dice), the wizard with everything open, the hand-over cards and the
// rules reference. On each screen: axe-core finds nothing, the page never scrolls sideways,
// and the dice to tap or the step's main action are on the first screen. Also: the A/B roll
// skipped with one defensive orbat, the wizard's Clear that asks first and can be undone,
// and the secret choice closing on Escape.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  VIEWPORTS, noSideways, onFirstScreen,
  startServer, launchBrowser, newPage, screenshotPath, tid, waitText, startSample, lastStep, choose, tapDie,
  toggleUnits, fillOutcome, phase, axeCheck,
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
  await page.screenshot({ path: screenshotPath(`rfx-glance-${name}-${size}.png`) });
  await axeCheck(page, `Race for X ${name} at ${size}`);
  await noSideways(page, `${name} at ${size}`);
  if (action) await onFirstScreen(page, action, `${name} at ${size}`);
}

async function fill(page, testid, value) {
  const input = tid(page, testid);
  await input.fill(value);
  await input.dispatchEvent('change');
}

for (const vp of VIEWPORTS) {
  const size = `${vp.width}x${vp.height}`;
  test(`every phase of a turn at ${size}: accessible, no sideways scroll, the action on the first screen`, async (t) => {
    const { page, guard } = await newPage(browser, vp, t);
    await guard(startSample(page, server.url));
    await screen(page, size, '01-choose-actions', tid(page, 'reveal-A'));
    // The hand-over card works by keyboard: Enter opens the secret choice, which takes the
    // focus; Escape closes it without choosing.
    await tid(page, 'reveal-A').focus();
    await page.keyboard.press('Enter');
    await tid(page, 'secret-choice').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'choose-attack');
    await screen(page, size, '02-secret-choice', tid(page, 'choose-attack'));
    await page.keyboard.press('Escape');
    await tid(page, 'secret-choice').waitFor({ state: 'detached' });
    await waitText(tid(page, 'handover-A'), 'Pass the tablet');
    await choose(page, 'A', 'attack');
    await choose(page, 'B', 'regroup');

    await phase(page, 'Type of battle');
    await screen(page, size, '03-type-of-battle', tid(page, 'face-4'));
    await tapDie(page, 4, 'Prepared Defence');
    await phase(page, 'Forces on table');
    await screen(page, size, '04-field-forces', tid(page, 'confirm-forces'));
    await toggleUnits(page, [0, 3, 4, 5, 6, 7, 8, 9, 10]);
    await tid(page, 'confirm-forces').click();
    await phase(page, 'Defending force');
    await screen(page, size, '05-defence-roll', tid(page, 'face-2'));
    await tapDie(page, 2, 'option A');
    await phase(page, 'Fight the battle');
    await screen(page, size, '06-fight', tid(page, 'face-5'));
    await tapDie(page, 5, 'Clock');
    // The outcome: the replaced-commander advice sits with the killed stands.
    await waitText(tid(page, 'replaced-during-game'), 'mark the stand that took his place as killed, not the commander');
    await fillOutcome(page, { objectives: 2, killed: ['4-0', '4-1'] });
    await tid(page, 'record-outcome').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`rfx-glance-07-outcome-${size}.png`) });
    await axeCheck(page, `Race for X outcome form at ${size}`);
    await tid(page, 'record-outcome').click();
    await phase(page, 'Battle result');
    await screen(page, size, '08-battle-result', tid(page, 'face-3'));
    await tapDie(page, 3);
    await phase(page, 'Zone movement');
    await screen(page, size, '09-movement', tid(page, 'confirm-move'));
    await tid(page, 'confirm-move').click();
    await phase(page, 'Replace');
    await screen(page, size, '10-replace-commanders', tid(page, 'replacement'));
    await tid(page, 'replacement').first().click();
    await phase(page, 'Recover losses');
    await screen(page, size, '11-recovery', tid(page, 'roll-app'));
    await tid(page, 'dice-input').fill('5 2');
    await tid(page, 'dice-submit').click();
    await lastStep(page, 'ecover');
    // B regrouped: no battle, nothing to recover.
    await phase(page, 'Type of battle');
    await tapDie(page, 3);
    await phase(page, 'Recover losses');
    await screen(page, size, '12-nothing-to-recover', tid(page, 'continue-recovery'));

    // The rules reference, with the readings from rules.rs.
    await tid(page, 'tab-rules').click();
    await waitText(tid(page, 'readings'), 'One defensive orbat of each size (option A) is enough to start');
    await waitText(tid(page, 'readings'), 'not killed: mark the stand that took his place');
    await screen(page, size, '13-rules');
  });
}

test('wizard at every size: everything open is accessible and never scrolls sideways; Clear asks first and undoes', async (t) => {
  for (const vp of VIEWPORTS) {
    const size = `${vp.width}x${vp.height}`;
    const { page, guard } = await newPage(browser, vp, t);
    await guard(page.goto(server.url));
    await tid(page, 'new-campaign').click();
    await tid(page, 'new-race-for-x').click();
    await waitText(page.locator('h1'), 'New Race for X campaign');
    await page.locator('details').evaluateAll((ds) => ds.forEach((d) => { d.open = true; }));
    await page.screenshot({ path: screenshotPath(`rfx-glance-wizard-${size}.png`), fullPage: true });
    await axeCheck(page, `Race for X wizard, everything open, at ${size}`);
    await noSideways(page, `wizard at ${size}`);
    // Every input and select has a name.
    const unnamed = await page.locator('.wizard input, .wizard select, .wizard textarea').evaluateAll((els) =>
      els.filter((e) => !(e.labels?.length || e.getAttribute('aria-label'))).map((e) => e.outerHTML.slice(0, 80)));
    assert.deepEqual(unnamed, []);
    // Size buttons say which is on.
    assert.equal(await tid(page, 'size-small').getAttribute('aria-pressed'), 'true');
    assert.equal(await tid(page, 'size-medium').getAttribute('aria-pressed'), 'false');
    await page.close();
  }

  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(page.goto(server.url));
  await tid(page, 'new-campaign').click();
  await tid(page, 'new-race-for-x').click();
  await page.locator('details').first().evaluate((d) => { d.open = true; });
  const editor = tid(page, 'orbat-editor').first();
  const summary = page.locator('details').first().locator('summary');
  await waitText(summary, '19 units');
  // Clear asks first; Escape or "Keep them" leaves the orbat alone.
  await editor.locator('[data-testid="clear-orbat"]').click();
  await waitText(tid(page, 'clear-confirm'), 'Remove all 19 units');
  await axeCheck(page, 'Race for X wizard, clear confirmation');
  await page.keyboard.press('Escape');
  await tid(page, 'clear-confirm').waitFor({ state: 'detached' });
  await waitText(summary, '19 units');
  await editor.locator('[data-testid="clear-orbat"]').click();
  await tid(page, 'clear-yes').click();
  await waitText(summary, '0 units, 0 stands');
  await waitText(tid(page, 'setup-problem'), 'has no units');
  // ... and can be undone.
  await tid(page, 'undo-clear').click();
  await waitText(summary, '19 units');
  // Plurals: one unit with one stand left.
  await editor.locator('[data-testid="clear-orbat"]').click();
  await tid(page, 'clear-yes').click();
  await editor.locator('[data-testid="add-unit"]').click();
  await waitText(summary, '1 unit, 2 stands');
  await editor.locator('button[aria-label="Remove stand 2"]').click();
  await waitText(summary, '1 unit, 1 stand:');
  // "Remove" is never beside "Add": the add button has a row of its own.
  const addRow = await editor.locator('[data-testid="add-unit"]').evaluate((b) => b.parentElement.className);
  assert.equal(addRow, 'add-row');
});

test('an HQ that commands nothing is refused with the reason; one defensive orbat per size skips the A/B roll', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(page.goto(server.url));
  await tid(page, 'new-campaign').click();
  await tid(page, 'new-race-for-x').click();
  // The wizard comes with its system's chunk: its folds are opened once it is drawn.
  await waitText(page.locator('h1'), 'New Race for X campaign');
  await page.locator('details').evaluateAll((ds) => ds.forEach((d) => { d.open = true; }));
  // Player A's 1st Company HQ (unit 3) loses its company.
  const unit3 = page.locator('[data-testid="orbat-editor"]').first().locator('[data-testid="unit-edit"]').nth(3);
  const company = await unit3.locator('select[aria-label="Its company or battalion"]').inputValue();
  await unit3.locator('select[aria-label="Its company or battalion"]').selectOption('');
  await waitText(tid(page, 'setup-problem'), 'has a CC, so it must command a company');
  assert.ok(await tid(page, 'create-campaign').isDisabled());
  await axeCheck(page, 'Race for X wizard with a setup problem');
  await page.locator('[data-testid="orbat-editor"]').first().locator('[data-testid="unit-edit"]').nth(3)
    .locator('select[aria-label="Its company or battalion"]').selectOption(company);
  await tid(page, 'setup-problem').waitFor({ state: 'detached' });
  // Every option B emptied: option A alone is enough.
  const boxes = page.locator('.defence-grid textarea');
  const n = await boxes.count();
  for (let i = 1; i < n; i += 2) {
    await boxes.nth(i).fill('');
    await boxes.nth(i).dispatchEvent('change');
  }
  await fill(page, 'wizard-name', 'One orbat each');
  assert.equal(await tid(page, 'setup-problem').count(), 0, await page.locator('body').innerText());
  await tid(page, 'create-campaign').click();
  await phase(page, 'Offensive actions', 10_000);
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'attack');
  await tapDie(page, 4, 'Prepared Defence');
  await waitText(tid(page, 'force-info'), 'only option A is prepared, so there is no roll');
  await toggleUnits(page, [0, 3, 4, 5, 6, 7, 8, 9, 10]);
  await tid(page, 'confirm-forces').click();
  // Straight to the battle: no dice asked for the defence, and the log says why.
  await phase(page, 'Fight the battle');
  await lastStep(page, 'Only option A of S3 is prepared, so there is no roll');
  await waitText(tid(page, 'battle-summary'), 'S3 option A');
  await screen(page, '1024x768', 'one-orbat-fight', tid(page, 'face-5'));
});
