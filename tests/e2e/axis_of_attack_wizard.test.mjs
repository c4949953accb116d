// The Axis of Attack setup form: companies filled from the sample, the strength each bought
// team count gives under the halfway rule, setup problems that block creation, and setup
// changes allowed only until the first decision.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, tid, waitText, axeCheck } from './harness.mjs';

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

async function fill(page, testid, value) {
  const input = tid(page, testid);
  await input.fill(String(value));
  await input.dispatchEvent('change');
}

test('Axis of Attack wizard: sample companies, halfway rule, problems, edit before play', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(page.goto(server.url));
  await tid(page, 'new-campaign').click();
  await tid(page, 'new-axis-of-attack').click();
  await tid(page, 'wizard').waitFor();
  // A new campaign starts from the sample companies, not empty; counts are in plain words.
  await waitText(tid(page, 'company-points-west'), '7 platoons · 1805 of 2000 points');
  await axeCheck(page, 'the Axis of Attack wizard');
  // Clearing asks first; Escape or "Keep them" keeps them.
  await tid(page, 'clear-west').click();
  await waitText(tid(page, 'confirm-clear-west'), 'Remove all 7 platoons of this company?');
  await axeCheck(page, 'the wizard asking before clearing');
  await tid(page, 'confirm-clear-no-west').press('Escape');
  assert.equal(await tid(page, 'confirm-clear-west').count(), 0, 'Escape closes the question');
  await waitText(tid(page, 'company-points-west'), '7 platoons');
  await tid(page, 'fill-sample').click();
  // Remove is at the top of each platoon, away from "+ Platoon" at the bottom.
  const remove = await tid(page, 'remove-platoon-west-6').boundingBox();
  const add = await tid(page, 'add-platoon-west').boundingBox();
  assert.ok(add.y - (remove.y + remove.height) > 100, `Remove ${JSON.stringify(remove)} is not beside Add ${JSON.stringify(add)}`);
  // Nothing is wider than the screen.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');

  // The sample's panzergrenadiers come at 3 squads or 2: no under-strength size, and 6 teams
  // would buy only a depleted platoon.
  assert.equal(await tid(page, 'platoon-west-0-under').isChecked(), false);
  await fill(page, 'platoon-west-0-teams', 6);
  await waitText(tid(page, 'platoon-west-0-strength'), 'Bought at depleted (depleted 5, full strength 7). 1 team was bought beyond that level and counts for nothing.');
  // The halfway rule where the book allows it: for a platoon of 4 to 7 teams, under strength
  // starts halfway between minimum and maximum, rounded down ((4 + 7) / 2 = 5.5, so 5); 7
  // teams is full strength and 4 (the minimum) is depleted.
  await tid(page, 'platoon-west-0-under').check();
  await fill(page, 'platoon-west-0-min', 4);
  await fill(page, 'platoon-west-0-max', 7);
  await fill(page, 'platoon-west-0-teams', 7);
  await waitText(tid(page, 'platoon-west-0-strength'), /full/i);
  await fill(page, 'platoon-west-0-teams', 4);
  await waitText(tid(page, 'platoon-west-0-strength'), 'Bought at depleted (depleted 4, under strength 5, full strength 7)');
  await fill(page, 'platoon-west-0-teams', 5);
  await waitText(tid(page, 'platoon-west-0-strength'), 'Bought at under strength');

  // A problem blocks creation with a message: the same name for both players.
  await fill(page, 'player-west', 'Kate');
  await fill(page, 'player-east', 'Kate');
  await tid(page, 'setup-problem').waitFor();
  assert.equal(await tid(page, 'create-campaign').isDisabled(), true);
  await fill(page, 'player-east', 'Liam');
  assert.equal(await tid(page, 'setup-problem').count(), 0, 'no problem left');
  await fill(page, 'wizard-name', 'Club AoA');
  await tid(page, 'create-campaign').click();

  await waitText(tid(page, 'campaign-title'), 'Club AoA');
  await waitText(tid(page, 'status'), 'Turn 1');
  await waitText(tid(page, 'sector-map'), 'Kate');
  await waitText(tid(page, 'sector-map'), 'Liam');

  // Before the first decision the setup can be edited; afterwards it is fixed.
  await tid(page, 'edit-setup').click();
  await tid(page, 'wizard').waitFor();
  await fill(page, 'player-east', 'Mira');
  await tid(page, 'create-campaign').click();
  await waitText(tid(page, 'sector-map'), 'Mira');
  assert.equal(await tid(page, 'edit-setup').count(), 1);
});
