// Two full campaign turns of the sample campaign, every die typed in from "the table", every
// outcome worked out by hand from the rules (/work/shared/rules/README.md, race-for-x) in the
// comments and asserted on the page. Screenshots of the key steps go to target/screenshots/.
//
// Sample campaign: Anna (A) and Boris (B), identical 19-unit battalions of 54 stands:
//   0 Battalion HQ (BC, 45mm ATG) · 1 HMG Platoon · 2 Mortar Platoon (2 FOs)
//   3 1st Company HQ (CC, 50mm mortar) · 4-6 1st-3rd Platoon (PC + 3 Rifle)
//   7 2nd Company HQ · 8-10 4th-6th Platoon · 11 3rd Company HQ · 12-14 7th-9th Platoon
//   15-17 Tank 1-3 (one T-26 each) · 18 ATG Company (3 x 45mm ATG)
//   stands: 2 + 2 + 2 + 3 x (2 + 3 x 4) + 3 + 3 = 54. Small campaign.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, newPage, screenshotPath, tid, waitText, startSample, lastStep,
  choose, tapDie, typeDice, toggleUnits, fillOutcome, phase, readOdds, smallTargets,
} from './harness.mjs';
import fs from 'node:fs';

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

const text = async (loc) => ((await loc.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
const zoneOf = (page, side) => tid(page, `marker-${side}`).getAttribute('data-zone');

test('two full campaign turns, typed dice, every outcome asserted', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  // Each key step: a screenshot, and the touch targets under 44 x 44 px seen there (a report
  // for the lead, target/screenshots/rfx-touch-targets-1024x768.txt; no assertion).
  const small = new Map();
  const shot = async (name) => {
    await page.screenshot({ path: screenshotPath(`rfx-${name}-1024x768.png`) });
    for (const s of await smallTargets(page)) {
      const key = `${s.tag} "${s.label}" ${s.w}x${s.h}`;
      if (!small.has(key)) small.set(key, name);
    }
  };
  t.after(() => {
    const lines = [...small].map(([k, where]) => `${k}  (first seen at ${where})`);
    fs.writeFileSync(screenshotPath('rfx-touch-targets-1024x768.txt'), lines.join('\n') + '\n');
    t.diagnostic(`${lines.length} distinct touch targets under 44x44 px on the campaign screens (see target/screenshots/rfx-touch-targets-1024x768.txt)`);
  });

  await guard(startSample(page, server.url));
  assert.equal(await text(tid(page, 'status')), 'Turn 1 · Offensive actions');
  assert.equal(await zoneOf(page, 'A'), '1 Base');
  assert.equal(await zoneOf(page, 'B'), '1 Base');
  await shot('01-choose-actions');

  // ---------------- Turn 1: secret choices. Anna attacks, Boris regroups. ----------------
  await choose(page, 'A', 'attack');
  await lastStep(page, 'Turn 1: Anna has chosen an action (kept hidden until both have chosen).');
  await waitText(tid(page, 'handover-A'), 'Anna has chosen (hidden)');
  // Boris now holds the tablet: nothing on the page may tell him what Anna chose.
  await tid(page, 'reveal-B').click();
  await waitText(tid(page, 'secret-choice'), 'Boris, choose your action');
  const whileBChooses = await page.locator('body').innerText();
  assert.doesNotMatch(whileBChooses, /Anna chose|Anna: Attack|Anna: Regroup|Anna[^\n]*Attack/,
    "Anna's choice is not shown while Boris chooses");
  await shot('02-secret-choice-B');
  await tid(page, 'choose-regroup').click();
  await lastStep(page, 'Turn 1: Anna chose Attack; Boris chose Regroup.');

  // ---- Anna's part, turn 1 (Attack, zone 1, no modifiers) ----
  await phase(page, 'Type of battle');
  await waitText(tid(page, 'whose'), "Anna's campaign turn · Attack");
  await waitText(tid(page, 'battle-summary'), 'Anna: Attack · Boris: Regroup');
  // 1d6 under Attack, no modifier: 1-2 Counter-attack (2/6), 3-5 Prepared (3/6), 6 Hasty (1/6).
  assert.equal(await tid(page, 'modifiers').count(), 0, 'no type-of-battle modifier in turn 1');
  assert.deepEqual(await readOdds(page), { 'Counter-attack': '33.3%', 'Prepared Defence': '50%', 'Hasty Defence': '16.7%' });
  // A 4 is Prepared Defence (3-5).
  await tapDie(page, 4, 'Anna: type of battle: rolled 4: Prepared Defence.');

  // Forces: zone 1 -> 50% of 19 units, rounded down = 9. Prepared Defence in zone 1 = S3 = 75 points.
  await phase(page, 'Forces on table');
  await waitText(tid(page, 'battle-type'), 'Prepared Defence');
  assert.equal(
    await text(tid(page, 'force-info')),
    'Field 9 of 19 units (50%: fighting in zone 1 (base zone), or regroup last campaign turn). The defence will be S3 (75 points): roll A or B next.',
  );
  // BC, HMG, 1st-3rd Platoon and all of 2nd Company, but not the 1st Company HQ: three of its
  // three platoons are out, so its CC must go.
  await toggleUnits(page, [0, 1, 4, 5, 6, 7, 8, 9, 10]);
  await waitText(tid(page, 'force-count'), '9 of 9 chosen');
  await waitText(tid(page, 'force-problem'), '"1st Company HQ" must be fielded: half or more of the units under it are on the table.');
  assert.ok(await tid(page, 'confirm-forces').isDisabled(), 'cannot confirm while an HQ that must go is left out');
  await shot('03-forces-cc-rule');
  // Swap the HMG for the 1st Company HQ, then drop the BC for the HMG: two of three companies
  // are on the table, so the BC must go too.
  await toggleUnits(page, [1, 3, 0, 1]);
  await waitText(tid(page, 'force-problem'), '"Battalion HQ" must be fielded: half or more of the units under it are on the table.');
  assert.match(await text(page.locator('[data-testid="unit-toggle"][data-unit="0"]')), /HQ must go/);
  assert.ok(await tid(page, 'confirm-forces').isDisabled());
  await toggleUnits(page, [1, 0]); // the worked example's 9: two companies + BC
  await waitText(tid(page, 'force-count'), '9 of 9 chosen');
  assert.equal(await tid(page, 'force-problem').count(), 0);
  await tid(page, 'confirm-forces').click();
  await lastStep(page, /^Last: Anna fields 9 of 19 units: /);

  // Defence: 1-3 option A.
  await phase(page, 'Defending force');
  await tapDie(page, 2, 'Boris defends with S3 option A (rolled 2).');

  // Fight: the clock ticks on 5+.
  await phase(page, 'Fight the battle');
  await waitText(tid(page, 'clock-text'), '0 of 12 ticks');
  await tapDie(page, 5, 'Clock: rolled 5: it ticks to 1 of 12.');
  await tapDie(page, 3, 'Clock: rolled 3: no tick (1 of 12).');
  await tapDie(page, 6, 'Clock: rolled 6: it ticks to 2 of 12.');
  await waitText(tid(page, 'clock-text'), '2 of 12 ticks');
  assert.equal(await tid(page, 'clock').getAttribute('aria-label'), '2 of 12 ticks');
  assert.equal(await page.locator('[data-testid="clock"] .tick.done').count(), 2);
  await shot('04-fight-clock');

  // Outcome: both objectives (+140), one fighting stand exited (12, doubled for holding all
  // objectives = +24), 1st Platoon's PC (no VP) and one Rifle (-24) killed:
  // 140 + 24 - 24 = 140 VP -> modifier +2 (106..175).
  await fillOutcome(page, { objectives: 2, exited: 2, killed: ['4-0', '4-1'] });
  await tid(page, 'exited-minus').click();
  await waitText(tid(page, 'exited'), '1');
  await waitText(tid(page, 'vp-preview'), 'Victory points: 140 (battle result modifier +2)');
  await tid(page, 'outcome-form').scrollIntoViewIfNeeded();
  await shot('05-outcome-form');
  await tid(page, 'record-outcome').click();
  await lastStep(page, "Anna's battle: 2 objectives held, 1 stand exited, 2 lost (PC (1st Platoon), Rifle (1st Platoon)): 140 VP (result modifier +2).");

  // Battle result: 1d6 + 2 = 3..8: only a 1 gives 3 (No advance), 2-6 give 4-8 (Advance 1).
  await phase(page, 'Battle result');
  await waitText(tid(page, 'modifiers'), '+2 140 VP');
  assert.deepEqual(await readOdds(page), { 'No advance (Zone 1)': '16.7%', 'Advance 1 zone (Zone 2)': '83.3%' });
  await tapDie(page, 3, 'Anna: battle result: rolled 3, +2 = 5: Advance 1 zone (Zone 1 to Zone 2).');

  // Movement: the marker moves only once confirmed.
  await phase(page, 'Zone movement');
  await waitText(tid(page, 'movement-text'), "Advance 1 zone: move Anna's marker from Zone 1 to Zone 2.");
  assert.equal(await zoneOf(page, 'A'), '1 Base');
  await shot('06-movement');
  await tid(page, 'confirm-move').click();
  await lastStep(page, 'Anna moves from Zone 1 to Zone 2.');
  assert.equal(await zoneOf(page, 'A'), '2');
  assert.equal(await zoneOf(page, 'B'), '1 Base');

  // The PC was killed: a stand of its own platoon takes over (the two Rifles still alive).
  await phase(page, 'Replace commanders');
  await waitText(tid(page, 'replace-commander'), 'PC (1st Platoon) was killed. Who takes over?');
  const candidates = await tid(page, 'replacement').allTextContents();
  assert.deepEqual(candidates, ['Rifle (1st Platoon)', 'Rifle (1st Platoon)']);
  await shot('07-replace-commander');
  await tid(page, 'replacement').first().click();
  await lastStep(page, 'Anna: Rifle (1st Platoon) takes over from the killed PC (1st Platoon).');

  // Recovery: Attack + Advance 1 -> 5+ per lost stand. Lost: the two Rifles of 1st Platoon
  // (one killed, one gone to replace the PC). Dice "5 2": the first comes back, the second not.
  await phase(page, 'Recover losses');
  assert.deepEqual(await tid(page, 'lost-list').locator('li').allTextContents(), ['Rifle (1st Platoon)', 'Rifle (1st Platoon)']);
  await waitText(tid(page, 'dice-spec'), '2d6');
  await waitText(tid(page, 'dice'), 'Each lost stand comes back on 5+ (33.3% a die).');
  // 0 back (2/3)^2 = 44.4%, 1 back 2 * 1/3 * 2/3 = 44.4%, 2 back 1/9 = 11.1%.
  assert.deepEqual(await readOdds(page), { '0 back': '44.4%', '1 back': '44.4%', '2 back': '11.1%' });
  await shot('08-recovery');
  // Typed pools are checked before anything is played.
  await typeDice(page, '5');
  await waitText(tid(page, 'dice-error'), 'This roll needs 2 dice but 1 was typed.');
  await typeDice(page, '5 7');
  await waitText(tid(page, 'dice-error'), 'Die 2 shows 7, but these dice go from 1 to 6.');
  await typeDice(page, '5 x');
  await waitText(tid(page, 'dice-error'), '"x" is not a number.');
  await phase(page, 'Recover losses');
  await typeDice(page, '5 2', 'Anna: recovery at 5+: 1 of 2 lost stands back (Rifle (1st Platoon)).');

  // ---- Boris's part, turn 1 (Regroup) ----
  // Under Regroup only 1-2 (Counter-attack) bring a battle; a 3 is no battle.
  await phase(page, 'Type of battle');
  await waitText(tid(page, 'whose'), "Boris's campaign turn · Regroup");
  assert.deepEqual(await readOdds(page), { 'Counter-attack': '33.3%', 'No battle': '66.7%' });
  await tapDie(page, 3, 'Boris: type of battle: rolled 3: no battle.');
  // No battle: no movement, straight to recovery, and Boris has lost nothing.
  await phase(page, 'Recover losses');
  await waitText(tid(page, 'nothing-lost'), 'No stands are lost: nothing to recover.');
  await tid(page, 'continue-recovery').click();
  await lastStep(page, 'Boris: no lost stands to recover.');

  await phase(page, 'Offensive actions');
  await waitText(tid(page, 'status'), 'Turn 2 · Offensive actions');
  assert.equal(await zoneOf(page, 'A'), '2');
  assert.equal(await zoneOf(page, 'B'), '1 Base');

  // Forces tab: Anna has one Rifle of 1st Platoon lost; Boris nothing.
  await tid(page, 'tab-forces').click();
  await waitText(tid(page, 'losses-A'), '1 of 54 stands lost · 19 units');
  await waitText(tid(page, 'losses-B'), '0 of 54 stands lost · 19 units');
  await shot('09-forces-tab');
  await tid(page, 'tab-play').click();
  await phase(page, 'Offensive actions');

  // ---------------- Turn 2: both attack. ----------------
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'attack');
  await lastStep(page, 'Turn 2: Anna chose Attack; Boris chose Attack.');

  // ---- Anna's part, turn 2: she advanced 1 zone last turn -> +1 on the type of battle. ----
  await phase(page, 'Type of battle');
  await waitText(tid(page, 'modifiers'), '+1 Advanced 1 zone last turn');
  // 1d6 + 1 = 2..7: a 1 -> 2 Counter-attack (1/6); 2-4 -> 3-5 Prepared (3/6); 5-6 -> 6-7 Hasty (2/6).
  assert.deepEqual(await readOdds(page), { 'Counter-attack': '16.7%', 'Prepared Defence': '50%', 'Hasty Defence': '33.3%' });
  await shot('10-turn2-type-of-battle');
  await tapDie(page, 5, 'Anna: type of battle: rolled 5, +1 = 6: Hasty Defence.');

  // Advanced 1 last turn -> 40% of 19 = 7.6 -> 7 units. Hasty Defence in zone 2 = S2 = 50 points.
  await phase(page, 'Forces on table');
  assert.equal(
    await text(tid(page, 'force-info')),
    'Field 7 of 19 units (40%: advanced 1 zone, no advance, or retreated last campaign turn). The defence will be S2 (50 points): roll A or B next.',
  );
  // The worked example's 7: a rifle company (HQ + 3 platoons) + HMG + ATG + a tank.
  await toggleUnits(page, [7, 8, 9, 10, 1, 18, 15]);
  await waitText(tid(page, 'force-count'), '7 of 7 chosen');
  await tid(page, 'confirm-forces').click();
  await lastStep(page, 'Anna fields 7 of 19 units: HMG Platoon, 2nd Company HQ, 4th Platoon, 5th Platoon, 6th Platoon, Tank 1, ATG Company.');
  await tapDie(page, 5, 'Boris defends with S2 option B (rolled 5).');
  await phase(page, 'Fight the battle');
  await tapDie(page, 1, 'Clock: rolled 1: no tick (0 of 12).');
  await waitText(tid(page, 'clock-text'), '0 of 12 ticks');
  // One objective (-35), 4th Platoon's PC (no VP) and Tank 1's T-26 (-24): -59 VP -> -1 (-105..-36).
  await fillOutcome(page, { objectives: 1, exited: 0, killed: ['8-0', '15-0'] });
  await waitText(tid(page, 'vp-preview'), 'Victory points: -59 (battle result modifier -1)');
  await tid(page, 'record-outcome').click();
  await lastStep(page, "Anna's battle: 1 objective held, 0 stands exited, 2 lost (PC (4th Platoon), T-26 (Tank 1)): -59 VP (result modifier -1).");
  // 2 - 1 = 1: No advance (1-3).
  await waitText(tid(page, 'modifiers'), '-1 -59 VP');
  await tapDie(page, 2, 'Anna: battle result: rolled 2, -1 = 1: No advance (Zone 2 to Zone 2).');
  await waitText(tid(page, 'movement-text'), 'No advance: Anna stays in Zone 2.');
  await tid(page, 'confirm-move').click();
  await lastStep(page, 'Anna stays in Zone 2.');
  assert.equal(await zoneOf(page, 'A'), '2');
  await waitText(tid(page, 'replace-commander'), 'PC (4th Platoon) was killed. Who takes over?');
  assert.equal(await tid(page, 'replacement').count(), 3, 'three Rifles of 4th Platoon can step in');
  await tid(page, 'replacement').first().click();
  await lastStep(page, 'Anna: Rifle (4th Platoon) takes over from the killed PC (4th Platoon).');
  // Attack + No advance -> 5+. Lost in orbat order: Rifle (1st Pl., from turn 1), Rifle (4th Pl.),
  // T-26 (Tank 1). Dice "6 1 5": the first and third come back.
  await phase(page, 'Recover losses');
  assert.deepEqual(await tid(page, 'lost-list').locator('li').allTextContents(),
    ['Rifle (1st Platoon)', 'Rifle (4th Platoon)', 'T-26 (Tank 1)']);
  await waitText(tid(page, 'dice-spec'), '3d6');
  await waitText(tid(page, 'dice'), 'Each lost stand comes back on 5+');
  await typeDice(page, '6 1 5', 'Anna: recovery at 5+: 2 of 3 lost stands back (Rifle (1st Platoon), T-26 (Tank 1)).');

  // ---- Boris's part, turn 2: he regrouped last turn (no movement): no modifier, 50% force. ----
  await phase(page, 'Type of battle');
  await waitText(tid(page, 'whose'), "Boris's campaign turn · Attack");
  assert.equal(await tid(page, 'modifiers').count(), 0);
  await tapDie(page, 1, 'Boris: type of battle: rolled 1: Counter-attack.');
  // Counter-attack in zone 1 = S3 (75 points); 50% -> 9 units.
  await waitText(tid(page, 'force-info'), 'Field 9 of 19 units (50%');
  await waitText(tid(page, 'force-info'), 'The defence will be S3 (75 points)');
  await toggleUnits(page, [0, 3, 4, 5, 6, 11, 12, 13, 14]);
  await tid(page, 'confirm-forces').click();
  await lastStep(page, /Boris fields 9 of 19 units: Battalion HQ, 1st Company HQ/);
  await tapDie(page, 4, 'Anna defends with S3 option B (rolled 4).');
  await tapDie(page, 6, 'Clock: rolled 6: it ticks to 1 of 12.');
  // No objective (-140), nothing exited, the 1st Company's CC killed (a fighting stand, -24):
  // -164 VP -> -2 (-175..-106).
  await fillOutcome(page, { objectives: 0, killed: ['3-0'] });
  await waitText(tid(page, 'vp-preview'), 'Victory points: -164 (battle result modifier -2)');
  await tid(page, 'record-outcome').click();
  await lastStep(page, "Boris's battle: 0 objectives held, 0 stands exited, 1 lost (CC (1st Company HQ)): -164 VP (result modifier -2).");
  // 1d6 - 2 = -1..4: 1-2 -> <=0 Retreat (stays: zone 1), 3-5 -> No advance, 6 -> 4 Advance 1.
  await phase(page, 'Battle result');
  assert.deepEqual(await readOdds(page), {
    'Retreat 1 zone (already in zone 1: stays)': '33.3%', 'No advance (Zone 1)': '50%', 'Advance 1 zone (Zone 2)': '16.7%',
  });
  await tapDie(page, 1, 'Boris: battle result: rolled 1, -2 = -1: Retreat 1 zone (Zone 1 to Zone 1).');
  await waitText(tid(page, 'movement-text'), 'Retreat 1 zone: Boris is already in zone 1 and cannot retreat further, so stays.');
  await tid(page, 'confirm-move').click();
  await lastStep(page, 'Boris stays in Zone 1.');
  assert.equal(await zoneOf(page, 'B'), '1 Base');
  // The CC's subordinates: the rest of its HQ (50mm mortar) and the Rifles of its three
  // platoons (PCs cannot step in): 1 + 9 = 10 candidates, its own HQ's mortar first.
  await waitText(tid(page, 'replace-commander'), 'CC (1st Company HQ) was killed. Who takes over?');
  const ccCandidates = await tid(page, 'replacement').allTextContents();
  assert.equal(ccCandidates.length, 10, ccCandidates.join(', '));
  assert.equal(ccCandidates[0], '50mm mortar (1st Company HQ)');
  assert.ok(ccCandidates.every((c) => /^(50mm mortar \(1st Company HQ\)|Rifle \([123](st|nd|rd) Platoon\))$/.test(c)), ccCandidates.join(', '));
  await tid(page, 'replacement').first().click();
  await lastStep(page, 'Boris: 50mm mortar (1st Company HQ) takes over from the killed CC (1st Company HQ).');
  // Recovery after a Retreat result (even one that could not move): 6 under Attack. One lost
  // stand: a single die, so the face pad is offered. A 5 is not enough.
  await phase(page, 'Recover losses');
  assert.deepEqual(await tid(page, 'lost-list').locator('li').allTextContents(), ['50mm mortar (1st Company HQ)']);
  await waitText(tid(page, 'dice'), 'Each lost stand comes back on 6+ (16.7% a die).');
  await tapDie(page, 5, 'Boris: recovery at 6+: 0 of 1 lost stand back.');

  await waitText(tid(page, 'status'), 'Turn 3 · Offensive actions');
  assert.equal(await zoneOf(page, 'A'), '2');
  assert.equal(await zoneOf(page, 'B'), '1 Base');

  await tid(page, 'tab-forces').click();
  // Anna: only the Rifle of 4th Platoon is still lost.
  await waitText(tid(page, 'losses-A'), '1 of 54 stands lost · 19 units');
  await waitText(tid(page, 'losses-B'), '1 of 54 stands lost · 19 units');
  assert.equal(await page.locator('[data-testid="roster-A"] .stand.lost').count(), 1);
  assert.deepEqual(await page.locator('[data-testid="roster-B"] .stand.lost').allTextContents(), ['50mm mortar']);

  // ---------------- The Log tab lists every decision with its dice. ----------------
  await tid(page, 'tab-log').click();
  await tid(page, 'log').waitFor();
  const lines = (await tid(page, 'log-line').allInnerTexts()).map((l) => l.replace(/\s+/g, ' ').trim());
  const has = (re) => assert.ok(lines.some((l) => re.test(l)), `log has a line matching ${re}\n${lines.join('\n')}`);
  has(/^Turn 1: Anna has chosen an action \(kept hidden until both have chosen\)\./);
  has(/^Turn 1: Anna chose Attack; Boris chose Regroup\./);
  has(/^Anna: type of battle: rolled 4: Prepared Defence\. table roll: 4/);
  has(/^Boris defends with S3 option A \(rolled 2\)\. table roll: 2/);
  has(/^Clock: rolled 3: no tick \(1 of 12\)\. table roll: 3/);
  has(/^Anna: battle result: rolled 3, \+2 = 5: Advance 1 zone \(Zone 1 to Zone 2\)\. table roll: 3/);
  has(/^Anna: recovery at 5\+: 1 of 2 lost stands back \(Rifle \(1st Platoon\)\)\. table roll: 5 2/);
  has(/^Boris: type of battle: rolled 3: no battle\. table roll: 3/);
  has(/^Anna: type of battle: rolled 5, \+1 = 6: Hasty Defence\. table roll: 5/);
  has(/^Anna: recovery at 5\+: 2 of 3 lost stands back .* table roll: 6 1 5/);
  has(/^Boris: battle result: rolled 1, -2 = -1: Retreat 1 zone \(Zone 1 to Zone 1\)\. table roll: 1/);
  // 2 choices x 2 turns; Anna 11 steps (3 clock rolls) + 9 (1 clock roll); Boris 2 + 9.
  assert.equal(lines.length, 4 + 11 + 9 + 2 + 9, `decision count\n${lines.join('\n')}`);
  // Newest first.
  assert.match(lines[0], /^Boris: recovery at 6\+: 0 of 1 lost stand back\. table roll: 5/);
  await shot('11-log');
});
