// The Battlefront: WW2 campaign setup wizard and rules reference: opened from the list, a day,
// a roster row and a chart limit changed, the campaign created and found on the list; a setup
// with an error shows its message beside the row and keeps the form; the setup of an unplayed
// campaign edited in place; the rules reference. axe on every screen; screenshots of each at
// the three viewports go to target/screenshots/. The campaign screen itself is not checked
// here (it belongs to the play screens).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { VIEWPORTS, startServer, launchBrowser, newPage, screenshotPath, tid, waitText, waitFor, axeCheck, noSideways } from './harness.mjs';

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

async function openSection(page, name) {
  const section = tid(page, `section-${name}`);
  if (!(await section.evaluate((d) => d.open))) await section.locator('summary').click();
  await waitFor(async () => section.evaluate((d) => d.open), `section ${name} open`);
}

async function openWizard(page) {
  await page.goto(server.url);
  await tid(page, 'campaign-list').waitFor();
  await tid(page, 'new-campaign').click();
  await tid(page, 'new-bfww2-campaign').click();
  await tid(page, 'wizard').waitFor();
}

const norm = (s) => (s ?? '').replace(/\s+/g, ' ').trim();

test('BFWW2 wizard: change a day, a roster row and a chart limit, create, find it on the list, edit it; errors; rules', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(openWizard(page));
  await waitText(tid(page, 'illustrative'), 'illustrative');
  assert.equal(await tid(page, 'wizard-name').inputValue(), 'Advance to Rostov');
  await axeCheck(page, 'the BFWW2 wizard');

  await fill(page, 'wizard-name', 'Club Rostov');
  // A day: renamed, and an afternoon scenario added.
  await openSection(page, 'days');
  await fill(page, 'day-0-name', '23 December (club)');
  await tid(page, 'day-0-afternoon').check();
  await waitText(tid(page, 'section-days').locator('summary'), '5 days, 6 scenarios');
  // A roster row: the first motor rifle battalion down to 10 stands, now experienced.
  await openSection(page, 'side-0');
  await fill(page, 'me-0-2-stands', 10);
  await tid(page, 'me-0-2-rating').selectOption('2');
  // A chart limit: the German O3 used at most once a day.
  await openSection(page, 'side-1');
  await fill(page, 'rg-1-2-day', 1);
  // No umpire: the German player keeps the campaign, so the Soviet side seals (issue 31).
  await tid(page, 'keeper-side2').click();
  assert.equal(await tid(page, 'keeper-side2').getAttribute('aria-pressed'), 'true');
  await waitText(tid(page, 'keeper-words'), "player keeps the campaign");
  assert.match(norm(await tid(page, 'keeper-words').textContent()), /Soviet[^.]*'s player seals each secret choice/);
  await tid(page, 'keeper-side2').screenshot({ path: screenshotPath('bfww2-wizard-keeper-1024x768.png') });
  await axeCheck(page, 'the BFWW2 wizard with its sections open');
  await tid(page, 'create-campaign').click();
  await waitFor(async () => /#\/c\/[0-9a-f]+\/play/.test(page.url()), 'the new campaign opens');
  const id = /#\/c\/([0-9a-f]+)\//.exec(page.url())[1];
  // The campaign's own rules say who keeps it.
  await tid(page, 'tab-rules').click();
  await waitText(tid(page, 'keeper'), "player keeps the campaign");
  await tid(page, 'tab-play').click();

  // On the list: its name and its players.
  await page.goto(server.url);
  await tid(page, 'campaign-row').first().waitFor();
  assert.equal(await tid(page, 'campaign-row').count(), 1);
  const row = norm(await tid(page, 'campaign-row').textContent());
  assert.match(row, /Club Rostov/);
  assert.match(row, /Soviet 24th Tank Corps vs German 6th Panzer Division/);
  await axeCheck(page, 'the list with the new BFWW2 campaign');

  // A setup with an error: the message beside the row, the section counts it, creating is
  // refused with the list of problems, and the form keeps what was typed.
  await openWizard(page);
  await fill(page, 'wizard-name', 'Broken');
  await openSection(page, 'side-1');
  await fill(page, 'me-1-0-vehicles', 12);
  await waitText(tid(page, 'me-1-0-problem'), "German 6th Panzer Division's element PZ-1 has more vehicles than stands.");
  await waitText(tid(page, 'section-side-1').locator('summary'), '1 problem');
  await fill(page, 'me-1-1-stands', 'twelve');
  await waitText(tid(page, 'me-1-1-stands-error'), 'Type a whole number');
  await tid(page, 'create-campaign').click();
  await waitText(tid(page, 'setup-problem'), 'more vehicles than stands');
  assert.match(page.url(), /#\/new\//);
  assert.equal(await tid(page, 'wizard-name').inputValue(), 'Broken');
  assert.equal(await tid(page, 'me-1-0-vehicles').inputValue(), '12');
  assert.equal(await tid(page, 'me-1-1-stands').inputValue(), 'twelve');
  await axeCheck(page, 'the BFWW2 wizard showing problems');
  await tid(page, 'me-1-0').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('bfww2-wizard-row-problem-1024x768.png') });
  await tid(page, 'setup-problem').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('bfww2-wizard-problem-1024x768.png') });
  await page.goto(server.url);
  await tid(page, 'campaign-row').first().waitFor();
  assert.equal(await tid(page, 'campaign-row').count(), 1, 'nothing stored for the broken setup');

  // The setup of the unplayed campaign, edited in place.
  await page.goto(`${server.url}#/edit/${id}`);
  await tid(page, 'wizard').waitFor();
  await waitText(page.locator('h1'), 'Edit campaign setup');
  assert.equal(await tid(page, 'wizard-name').inputValue(), 'Club Rostov');
  await openSection(page, 'days');
  assert.equal(await tid(page, 'day-0-name').inputValue(), '23 December (club)');
  assert.equal(await tid(page, 'day-0-afternoon').isChecked(), true);
  await openSection(page, 'side-0');
  assert.equal(await tid(page, 'me-0-2-stands').inputValue(), '10');
  await fill(page, 'side-0-name', 'Soviet 24th Tank Corps (Badanov)');
  await fill(page, 'wizard-name', 'Club Rostov II');
  await axeCheck(page, 'the BFWW2 setup of a stored campaign');
  await tid(page, 'create-campaign').click();
  await waitFor(async () => page.url().includes(`#/c/${id}/`), 'back to the same campaign');
  await page.goto(server.url);
  await tid(page, 'campaign-row').first().waitFor();
  assert.equal(await tid(page, 'campaign-row').count(), 1, 'saved over, not added');
  const edited = norm(await tid(page, 'campaign-row').textContent());
  assert.match(edited, /Club Rostov II/);
  assert.match(edited, /Soviet 24th Tank Corps \(Badanov\) vs German 6th Panzer Division/);

  // The rules reference from the system's card.
  await tid(page, 'rules-bfww2-campaign').click();
  await tid(page, 'rules-reference').waitFor();
  await waitText(tid(page, 'table-cpp'), '11 or more');
  await waitText(tid(page, 'table-rostov-drm'), 'No CPP');
  await waitText(tid(page, 'readings'), '">N" reads "N or more"');
  await axeCheck(page, 'the BFWW2 rules reference');
});

test('BFWW2 wizard and reference at the three screen sizes', async (t) => {
  for (const size of VIEWPORTS) {
    const name = `${size.width}x${size.height}`;
    const { page, guard, close } = await newPage(browser, size, t);
    await guard(openWizard(page));
    await noSideways(page, `the BFWW2 wizard at ${name}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath(`bfww2-wizard-${name}.png`) });
    // The action is reachable: the sections fold, so Create is near the top.
    const create = await tid(page, 'create-campaign').boundingBox();
    assert.ok(create && create.height >= 44, `Create is a big target at ${name}`);
    await openSection(page, 'side-0');
    await tid(page, 'me-0-0').scrollIntoViewIfNeeded();
    await noSideways(page, `the BFWW2 roster at ${name}`);
    await page.screenshot({ path: screenshotPath(`bfww2-wizard-roster-${name}.png`) });
    await openSection(page, 'days');
    await tid(page, 'day-0').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`bfww2-wizard-days-${name}.png`) });
    await axeCheck(page, `the BFWW2 wizard at ${name}`);
    await page.goto(`${server.url}#/rules/bfww2-campaign`);
    await tid(page, 'rules-reference').waitFor();
    await noSideways(page, `the BFWW2 reference at ${name}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath(`bfww2-reference-${name}.png`) });
    await tid(page, 'table-escape').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`bfww2-reference-escape-${name}.png`) });
    await axeCheck(page, `the BFWW2 reference at ${name}`);
    await close();
  }
});
