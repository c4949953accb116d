// A club's own forces (issue 28): a 19-unit battalion entered in the Race for X wizard from a
// pasted list, copied to the other side, and played. The goal is under a minute of scripted
// input, against some 360 controls set unit by unit; the test prints how long it took.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startServer, launchBrowser, newPage, tid, waitText, axeCheck } from './harness.mjs';

const CLUB = fs.readFileSync(path.join(REPO_ROOT, 'tests', 'fixtures', 'paste', 'race-for-x-club-battalion.txt'), 'utf8');

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
  await input.fill(value);
  await input.dispatchEvent('change');
}

test('wizard: a pasted 19-unit battalion, copied to the other side, is played', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(page.goto(server.url));
  await tid(page, 'new-campaign').click();
  await tid(page, 'new-race-for-x').click();
  await waitText(page.locator('h1'), 'New Race for X campaign');

  const boxA = tid(page, 'orbat-box-0');
  const boxB = tid(page, 'orbat-box-1');
  const inA = (id) => boxA.locator(`[data-testid="${id}"]`);
  const inB = (id) => boxB.locator(`[data-testid="${id}"]`);

  const started = Date.now();
  await fill(page, 'wizard-name', 'Club battalions');
  await fill(page, 'player-0', 'Greta');
  await fill(page, 'player-1', 'Hans');
  await boxA.locator('summary').first().click();
  await inA('paste-open').click();
  // The box starts from the current orbat, as text, and shows the format beside it.
  const start = await inA('paste-text').inputValue();
  assert.match(start, /^Battalion \| 1st Rifle Battalion$/m);
  await waitText(inA('paste-format'), 'Unit name | kind of unit');
  await axeCheck(page, 'the wizard with the paste box open');

  // A list with bad lines changes nothing and names each line.
  const n = CLUB.trimEnd().split('\n').length;
  await inA('paste-text').fill(`${CLUB.trimEnd()}\nTiger 1 | Tank platoon | Attached | Vehicle (Tiger)\nStuG 4 | Vehicle platoon | 4. Kompanie | Vehicle (StuG III)\n`);
  await inA('paste-use').click();
  await waitText(inA('paste-errors'), `Line ${n + 1}: "Tank platoon" is not a kind of unit`);
  await waitText(inA('paste-errors'), `Line ${n + 2}: no company or battalion is called "4. Kompanie"`);
  assert.equal(await inA('paste-used').count(), 0);
  await waitText(boxA.locator('summary .hint').first(), '19 units, 54 stands');
  await axeCheck(page, 'the paste box listing bad lines');

  // The club's own battalion, pasted whole.
  await inA('paste-text').fill(CLUB);
  await inA('paste-use').click();
  await waitText(inA('paste-used'), 'The list was used: 19 units, 57 stands.');
  assert.equal(await inA('paste-errors').count(), 0);
  await waitText(boxA.locator('summary .hint').first(), '19 units, 57 stands');

  // Copied to Hans, whose orbat is not empty: asked first.
  await inA('copy-other').click();
  await waitText(inA('copy-confirm'), "Replace everything in Hans's list with a copy of this one?");
  await axeCheck(page, 'the wizard asking before replacing the other side');
  await inA('copy-yes').click();
  await waitText(boxB.locator('summary .hint').first(), '19 units, 57 stands');
  const seconds = (Date.now() - started) / 1000;
  t.diagnostic(`figure: a 19-unit battalion pasted and copied to the other side, with a refused list on the way: ${seconds.toFixed(1)} s of scripted input`);
  assert.ok(seconds < 60, `took ${seconds} s`);

  // The copy can be undone, and done again.
  await inA('undo-copy').click();
  await waitText(boxB.locator('summary .hint').first(), '19 units, 54 stands');
  await inA('copy-other').click();
  await inA('copy-yes').click();
  await waitText(boxB.locator('summary .hint').first(), '19 units, 57 stands');
  // Hans's own editor shows the pasted units.
  await boxB.locator('summary').first().click();
  assert.equal(await inB('unit-edit').count(), 19);
  assert.equal(await tid(page, 'setup-problem').count(), 0);

  await tid(page, 'create-campaign').click();
  await waitText(tid(page, 'campaign-title'), 'Club battalions');
  await waitText(tid(page, 'handover-A'), 'Greta');
  await tid(page, 'tab-forces').click();
  for (const side of ['A', 'B']) {
    await waitText(tid(page, `losses-${side}`), '0 of 57 stands lost · 19 units');
    const roster = tid(page, `roster-${side}`);
    for (const unit of ['Bataillonsstab', 'Granatwerfer-Zug', '9. Zug', 'StuG 3', 'PaK-Kompanie']) {
      await waitText(roster, unit);
    }
    await waitText(roster, 'I./Grenadier-Regiment 14');
    await waitText(roster, 'LMG');
  }
  await axeCheck(page, 'the forces of a campaign entered from a pasted list');
});
