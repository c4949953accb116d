// Typed dice to the end of the race: Anna wins while Boris regroups; then both reach X in the
// same campaign turn, a draw. Every step worked out from the rules README (race-for-x).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, newPage, tid, waitText, startSample, lastStep, choose, tapDie,
  toggleUnits, fillOutcome, phase, readOdds,
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

const zoneOf = (page, side) => tid(page, `marker-${side}`).getAttribute('data-zone');
const NAME = { A: 'Anna', B: 'Boris' };

/**
 * One offensive player's Attack part with no losses: type-of-battle die, units, defence die,
 * outcome (objectives, exited), battle-result die; checks each log line and the movement.
 */
async function attack(page, side, { typeDie, mod, battle, units, defence, objectives, exited, vp, vpMod, resultDie, result, from, to }) {
  const who = NAME[side];
  await phase(page, 'Type of battle');
  await waitText(tid(page, 'whose'), `${who}'s campaign turn · Attack`);
  const total = typeDie + mod;
  await tapDie(page, typeDie, mod
    ? `${who}: type of battle: rolled ${typeDie}, +${mod} = ${total}: ${battle}.`
    : `${who}: type of battle: rolled ${typeDie}: ${battle}.`);
  await phase(page, 'Forces on table');
  await waitText(tid(page, 'force-info'), `Field ${units.length} of 19 units`);
  await toggleUnits(page, units);
  await tid(page, 'confirm-forces').click();
  await lastStep(page, `${who} fields ${units.length} of 19 units`);
  await tapDie(page, defence);
  await phase(page, 'Fight the battle');
  await fillOutcome(page, { objectives, exited });
  await waitText(tid(page, 'vp-preview'), `Victory points: ${vp} (battle result modifier ${vpMod >= 0 ? '+' : ''}${vpMod})`);
  await tid(page, 'record-outcome').click();
  await phase(page, 'Battle result');
  const sum = resultDie + vpMod;
  await tapDie(page, resultDie, `${who}: battle result: rolled ${resultDie}, +${vpMod} = ${sum}: ${result} (${from} to ${to}).`);
  await tid(page, 'confirm-move').click();
  await lastStep(page, `${who} moves from ${from} to ${to}.`);
  // Nothing lost: recovery has nothing to roll.
  await tid(page, 'continue-recovery').click();
  await lastStep(page, `${who}: no lost stands to recover.`);
}

/** Boris regroups and the type-of-battle die (3-6) brings no battle. */
async function regroupNoBattle(page, die) {
  await phase(page, 'Type of battle');
  await waitText(tid(page, 'whose'), "Boris's campaign turn · Regroup");
  await tapDie(page, die, `Boris: type of battle: rolled ${die}: no battle.`);
  await tid(page, 'continue-recovery').click();
  await lastStep(page, 'Boris: no lost stands to recover.');
}

test('Anna attacks every turn and takes X in turn 3 while Boris regroups', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(startSample(page, server.url));

  // Turn 1. Zone 1, no modifier: 4 = Prepared Defence; 50% -> 9 units (2 companies + BC).
  // Both objectives 140 + 2 exited x 24 (12 doubled) = 188 VP -> +3 (>= 176); 6 + 3 = 9: Advance 2.
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'regroup');
  await attack(page, 'A', {
    typeDie: 4, mod: 0, battle: 'Prepared Defence', units: [0, 3, 4, 5, 6, 7, 8, 9, 10], defence: 1,
    objectives: 2, exited: 2, vp: 188, vpMod: 3, resultDie: 6, result: 'Advance 2 zones', from: 'Zone 1', to: 'Zone 3',
  });
  assert.equal(await zoneOf(page, 'A'), '3');
  await regroupNoBattle(page, 3);
  await waitText(tid(page, 'status'), 'Turn 2 · Offensive actions');

  // Turn 2. Advanced 2 last turn: +2 on the type of battle, 30% of 19 = 5.7 -> 5 units.
  // 4 + 2 = 6: Hasty Defence (zone 3: S2). A rifle company + HMG (the worked example's 5).
  // 188 VP again -> +3; 6 + 3 = 9: Advance 2, zone 3 -> zone 5.
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'regroup');
  await phase(page, 'Type of battle');
  await waitText(tid(page, 'modifiers'), '+2 Advanced 2 zones last turn');
  // 1d6 + 2 = 3..8: 1-3 Prepared (50%), 4-5 Hasty (33.3%), 6 Meeting Engagement (16.7%).
  assert.deepEqual(await readOdds(page), { 'Prepared Defence': '50%', 'Hasty Defence': '33.3%', 'Meeting Engagement': '16.7%' });
  await attack(page, 'A', {
    typeDie: 4, mod: 2, battle: 'Hasty Defence', units: [3, 4, 5, 6, 1], defence: 6,
    objectives: 2, exited: 2, vp: 188, vpMod: 3, resultDie: 6, result: 'Advance 2 zones', from: 'Zone 3', to: 'Zone 5',
  });
  assert.equal(await zoneOf(page, 'A'), '5');
  // Boris regrouped last turn with no move: no modifier; 5 is still no battle.
  await phase(page, 'Type of battle');
  assert.equal(await tid(page, 'modifiers').count(), 0);
  await regroupNoBattle(page, 5);
  await waitText(tid(page, 'status'), 'Turn 3 · Offensive actions');

  // Turn 3. Zone 5, +2 again: 3 + 2 = 5 Prepared Defence (zone 5: S2 = 50 points); 5 units.
  // 188 VP -> +3; a 1 makes 4: Advance 1 out of zone 5 -> X.
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'regroup');
  await phase(page, 'Type of battle');
  await tapDie(page, 3, 'Anna: type of battle: rolled 3, +2 = 5: Prepared Defence.');
  await waitText(tid(page, 'force-info'), 'Field 5 of 19 units (30%: advanced 2 zones last campaign turn). The defence will be S2 (50 points)');
  await toggleUnits(page, [11, 12, 13, 14, 18]);
  await tid(page, 'confirm-forces').click();
  await tapDie(page, 2, 'Boris defends with S2 option A (rolled 2).');
  // At most every fielded fighting stand can exit: 3rd Company HQ (CC, 50mm mortar) + 3 x 3
  // Rifles (PCs do not count) + 3 ATGs = 14. A 15th is refused and the outcome cannot be recorded.
  await fillOutcome(page, { objectives: 2, exited: 15 });
  await waitText(tid(page, 'vp-preview'), 'At most 14 fighting stands could have exited.');
  assert.ok(await tid(page, 'record-outcome').isDisabled());
  // Killing one of them (a Rifle) leaves 13 that could exit.
  await page.locator('[data-testid="kill-toggle"][data-stand="12-1"]').click();
  await waitText(tid(page, 'vp-preview'), 'At most 13 fighting stands could have exited.');
  await page.locator('[data-testid="kill-toggle"][data-stand="12-1"]').click();
  for (let i = 15; i > 2; i--) await tid(page, 'exited-minus').click();
  await waitText(tid(page, 'exited'), '2');
  await waitText(tid(page, 'vp-preview'), 'Victory points: 188 (battle result modifier +3)');
  await tid(page, 'record-outcome').click();
  await phase(page, 'Battle result');
  // From zone 5 every advance leaves the route: 1d6 + 3 = 4..9: 1-5 Advance 1 (X), 6 Advance 2 (X).
  assert.deepEqual(await readOdds(page), { 'Advance 1 zone (X)': '83.3%', 'Advance 2 zones (X)': '16.7%' });
  await tapDie(page, 1, 'Anna: battle result: rolled 1, +3 = 4: Advance 1 zone (Zone 5 to X).');
  await waitText(tid(page, 'movement-text'), "Advance 1 zone: move Anna's marker from Zone 5 to X.");
  await tid(page, 'confirm-move').click();
  await lastStep(page, 'Anna moves from Zone 5 to X.');
  assert.equal(await zoneOf(page, 'A'), 'X');
  await tid(page, 'continue-recovery').click();
  // Not over yet: Boris still plays his part of the turn (he could still draw).
  await waitText(tid(page, 'status'), 'Turn 3 · Type of battle');
  assert.equal(await tid(page, 'winner').count(), 0);
  await regroupNoBattle(page, 6);

  await phase(page, 'Campaign over');
  await waitText(tid(page, 'winner'), 'Anna takes X and wins the campaign!');
  await waitText(tid(page, 'finished'), 'Decided in campaign turn 3.');
  await waitText(tid(page, 'status'), 'Anna won in turn 3');
  await lastStep(page, 'Boris: no lost stands to recover. Anna takes X and wins the campaign!');
  assert.equal(await zoneOf(page, 'A'), 'X');
  assert.equal(await zoneOf(page, 'B'), '1 Base');
  assert.equal(await tid(page, 'roll-app').count(), 0, 'nothing left to roll');

  // The list says who won.
  await tid(page, 'home').click();
  await waitText(tid(page, 'campaign-row'), 'Anna won in turn 3');
});

test('both players reach X in the same campaign turn: a draw', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(startSample(page, server.url));

  // Both play the same dice. Turn 1, zone 1: 4 Prepared; 9 units; 2 objectives, none exited:
  // 140 VP -> +2; 3 + 2 = 5: Advance 1 -> zone 2.
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'attack');
  for (const side of ['A', 'B']) {
    await attack(page, side, {
      typeDie: 4, mod: 0, battle: 'Prepared Defence', units: [0, 3, 4, 5, 6, 7, 8, 9, 10], defence: 3,
      objectives: 2, exited: 0, vp: 140, vpMod: 2, resultDie: 3, result: 'Advance 1 zone', from: 'Zone 1', to: 'Zone 2',
    });
  }
  // Turn 2: +1, 40% -> 7 units; 4 + 1 = 5 Prepared; 188 VP -> +3; 6 + 3 = 9: Advance 2 -> zone 4.
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'attack');
  for (const side of ['A', 'B']) {
    await attack(page, side, {
      typeDie: 4, mod: 1, battle: 'Prepared Defence', units: [7, 8, 9, 10, 1, 18, 15], defence: 4,
      objectives: 2, exited: 2, vp: 188, vpMod: 3, resultDie: 6, result: 'Advance 2 zones', from: 'Zone 2', to: 'Zone 4',
    });
  }
  // Turn 3: +2, 30% -> 5 units; 6 + 2 = 8 Meeting Engagement (zone 4: S4); 188 VP -> +3;
  // 6 + 3 = 9: Advance 2 from zone 4 carries past zone 5 to X.
  await choose(page, 'A', 'attack');
  await choose(page, 'B', 'attack');
  for (const side of ['A', 'B']) {
    await attack(page, side, {
      typeDie: 6, mod: 2, battle: 'Meeting Engagement', units: [3, 4, 5, 6, 1], defence: 5,
      objectives: 2, exited: 2, vp: 188, vpMod: 3, resultDie: 6, result: 'Advance 2 zones', from: 'Zone 4', to: 'X',
    });
    assert.equal(await zoneOf(page, side), 'X');
  }
  await phase(page, 'Campaign over');
  await waitText(tid(page, 'winner'), 'Both players reached X in the same turn: the campaign is a draw.');
  await waitText(tid(page, 'status'), 'Draw in turn 3');
  await lastStep(page, 'Both players reached X this turn: the campaign is a draw.');
  await tid(page, 'home').click();
  await waitText(tid(page, 'campaign-row'), 'Draw in turn 3');
});
