// A club's own forces (issue 28) in the other wizards: each takes a pasted list in its rows'
// words, starting from the current one, refuses a text with a bad line (naming it) and changes
// the rows when the whole text reads. Race for X has its own file (race_for_x_paste.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, tid, waitFor, waitText, axeCheck } from './harness.mjs';

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

async function openWizard(page, card) {
  await page.goto(server.url);
  await tid(page, 'campaign-list').waitFor();
  if (!(await tid(page, card).isVisible())) await tid(page, 'new-campaign').click();
  await tid(page, card).click();
}

const within = (box) => (id) => box.locator(`[data-testid="${id}"]`);

/** In `box`: open its paste area, check a bad line is refused, then paste `edit(current text)`. */
async function paste(page, box, openId, edit, what) {
  const $ = within(box);
  await $(openId).click();
  const current = await $('paste-text').inputValue();
  assert.ok(current.length > 0, 'the box starts from the current list');
  await $('paste-text').fill(`${current}\nnonsense`);
  await $('paste-use').click();
  await waitText($('paste-errors'), `Line ${current.split('\n').length + 1}:`);
  await axeCheck(page, `${what} with a refused list`);
  await $('paste-text').fill(edit(current));
  await $('paste-use').click();
  await waitText($('paste-used'), 'The list was used');
  assert.equal(await $('paste-errors').count(), 0);
}

test('Axis of Attack: platoons pasted into the west company, then copied to the east', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(openWizard(page, 'new-axis-of-attack'));
  const west = tid(page, 'company-form-west');
  await paste(page, west, 'paste-open-west', (text) => text.replace(/^[^|\n]+\|/, 'Club Grenadiers |'), 'the Axis of Attack wizard');
  await waitFor(async () => (await tid(page, 'platoon-west-0-name').inputValue()) === 'Club Grenadiers', 'the pasted name in the row');
  const westCount = (await tid(page, 'company-points-west').textContent()).trim();
  await within(west)('copy-other').click();
  await within(west)('copy-yes').click();
  await waitText(tid(page, 'company-points-east'), westCount.split(' · ')[0]);
  await waitFor(async () => (await tid(page, 'platoon-east-0-name').inputValue()) === 'Club Grenadiers', 'the copy in the east rows');
  await within(west)('undo-copy').click();
  await waitFor(async () => (await tid(page, 'platoon-east-0-name').inputValue()) !== 'Club Grenadiers', 'the east company back');
});

test('night scouting: teams and areas pasted', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(page.goto(server.url));
  await tid(page, 'campaign-list').waitFor();
  await page.evaluate(() => { location.hash = '#/new/crossfire-scouting'; });
  await tid(page, 'scouting-wizard').waitFor();
  const list = [
    'Team | Club patrol',
    'Leader | Sgt Miller | veteran | special training',
    'Scout | Pte Hart | regular',
    'Area | Orchard | cover',
    'Area | Lane | open | on our table edge',
  ].join('\n');
  await paste(page, tid(page, 'scouting-wizard'), 'paste-open', () => list, 'the night-scouting wizard');
  assert.equal(await tid(page, 'team-name-0').inputValue(), 'Club patrol');
  assert.equal(await tid(page, 'fig-name-0-0').inputValue(), 'Sgt Miller');
  assert.equal(await tid(page, 'fig-name-0-1').inputValue(), 'Pte Hart');
  assert.equal(await tid(page, 'area-name-1').inputValue(), 'Lane');
});

test('Rapier: a division pasted under a new name', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(openWizard(page, 'new-rapier-offensive'));
  await tid(page, 'wizard').waitFor();
  const division = tid(page, 'division-1');
  await division.locator('summary').first().click();
  await paste(page, division, 'division-1-paste-open', (text) => text.replace(/^Division \| .*$/m, 'Division | Club Tank Corps'), 'the Rapier wizard');
  await waitText(division.locator('summary h3').first(), 'Club Tank Corps');
  assert.equal(await tid(page, 'setup-problem').count(), 0);
});

test('Battlefront WW2: a roster pasted with one element renamed', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(openWizard(page, 'new-bfww2-campaign'));
  await tid(page, 'wizard').waitFor();
  const side = tid(page, 'section-side-0');
  await side.locator('summary').first().click();
  await paste(page, side, 'side-0-paste-open', (text) => text.replace(/^([^|\n]+\|) [^|\n]+\|/, '$1 Club Battalion |'), 'the BFWW2 wizard');
  assert.equal(await tid(page, 'me-0-0-name').inputValue(), 'Club Battalion');
});
