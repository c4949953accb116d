// Deluxe Axis of Attack, the parts axis_of_attack.test.mjs does not play: a concession, a
// two-sector Breakthrough and the mobility rule of the next force list, a support exchange
// (refused above the platoon's value, accepted at it), the defender's one-point shift of the
// mission total, and the campaign end screen. Every die is typed in; every expected outcome is
// worked out from the rules (/work/shared/rules/axis-of-attack.txt, read through the rules
// README) in the comments.
//
// Sample: Anna (German, west, home Sector 1) against Boris (Soviet, east, home Sector 7); the
// campaign starts with an Encounter in Sector 4.
//   Anna:  0-2 Panzergrenadier platoons (5-7, 7) · 3 HMG · 4 PaK38 · 5 Panzer IIIJ (support,
//          525 points, 3-5, bought 5: full) · 6 Armoured cars (support, recon)
//   Boris: 0 1st Medium Tank Co (5-10, 10) · 1 2nd (7) · 2 Tank Riders (support) ·
//          3 Recon (support, recon, vehicles) · 4 SU-76 (support) · 5 DShK
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, tid, waitText, waitFor, phase } from './harness.mjs';

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

// ---- helpers copied (trimmed) from axis_of_attack.test.mjs, which does not export them ----

const text = async (loc) => ((await loc.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function startAoaSample(page, url) {
  await page.goto(url);
  const start = tid(page, 'start-sample-axis-of-attack');
  if (!(await start.isVisible())) await tid(page, 'new-campaign').click();
  await start.click();
  await waitText(tid(page, 'phase-title'), 'Table area', 10_000);
}

const sectorHere = async (page) =>
  page.locator('[data-testid^="sector-"][data-here="true"]').getAttribute('data-testid');

async function typeDice(page, dice) {
  await tid(page, 'dice-input').fill(dice);
  await tid(page, 'dice-submit').click();
}

/** Fills and hands in one player's secret force list; `carried` lists platoons ticked as carried. */
async function handIn(page, side, { vp = 0, platoons, points, carried = [] }) {
  await tid(page, `reveal-${side}`).click();
  await tid(page, 'force-form').waitFor();
  await tid(page, `vp-points-${vp}`).click();
  for (const [i, teams] of platoons) {
    await tid(page, `field-${i}`).click();
    await tid(page, `teams-${i}`).fill(String(teams));
  }
  for (const i of carried) await tid(page, `carried-${i}`).check();
  await tid(page, 'force-points').fill(String(points));
  await waitFor(async () => (await tid(page, 'force-problem').count()) === 0, `no problem with ${side}'s list`);
  await tid(page, 'submit-force').click();
  await tid(page, 'force-form').waitFor({ state: 'detached' });
}

async function recordResult(page, winner, vpWest, vpEast) {
  await tid(page, `winner-${winner}`).click();
  await tid(page, 'vp-west').fill(String(vpWest));
  await tid(page, 'vp-east').fill(String(vpEast));
}

/** Opens the concede box on the current screen and confirms `side`'s concession. */
async function concede(page, side) {
  await tid(page, 'concede-box').locator('summary').click();
  await tid(page, `concede-${side}`).click();
  await tid(page, 'concede-confirm').click();
}

/** A text input of the platoon editor: it saves on `change`. */
async function fillChange(page, testid, value) {
  const input = tid(page, testid);
  await input.fill(String(value));
  await input.dispatchEvent('change');
}

const noReinforcements = async (page) => {
  await phase(page, 'Reinforcements');
  await tid(page, 'no-reinforcement-west').click();
  await tid(page, 'no-reinforcement-east').click();
};

const strength = (page, side, i) => text(tid(page, `strength-${side}-${i}`));

test('concession, support exchange, two-sector Breakthrough with the mobility rule, and victory in the enemy home sector', async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(startAoaSample(page, server.url));
  assert.equal(await sectorHere(page), 'sector-4');

  // ================= Turn 1: Encounter in Sector 4, Boris concedes =================
  await tid(page, 'confirm-area').click();
  await phase(page, 'Force lists');
  // Anna 1500 points against Boris 1000: 500 fewer would be "over 300: +3" in a played game.
  await handIn(page, 'west', { platoons: [[0, 7], [1, 7], [5, 5]], points: 1500 });
  await handIn(page, 'east', { platoons: [[0, 10]], points: 1000 });
  await phase(page, 'Weather');
  await waitText(tid(page, 'force-east'), 'Boris (Soviet): 1000 points');
  // Rules V ("Conceding"): the opponent scores a 6-1 victory and the conceding player gets no
  // bonus for the lower points. Encounter, attacker (both attack) wins: Advance, 4 -> 5 (towards
  // the loser's home, Sector 7). No game fought: no casualty count, straight to reinforcements.
  await concede(page, 'east');
  await phase(page, 'Reinforcements');
  await waitText(tid(page, 'result'), 'Anna won: Anna 6 – 1 Boris (Boris conceded)');
  assert.equal(await sectorHere(page), 'sector-5');
  await waitText(tid(page, 'map-move'), 'Advance: the fighting moved from Sector 4 to Sector 5.');
  // 6 and 1 campaign VP: no +3 outnumbered bonus for Boris.
  await waitText(tid(page, 'vp-balances'), 'Anna: 6 campaign VP · Boris: 1 campaign VP');
  // Nobody lost a team: nothing below its starting level, no dice to place.
  await noReinforcements(page);

  // ================= Exchange (Anna has 6 VP, Boris 1: only Anna is asked) =================
  // Rules VI: a support platoon at least depleted may be exchanged for 5 VP for a support
  // platoon costing no more than its current value; leftover points are lost.
  await phase(page, 'Exchange support');
  await tid(page, 'exchange-done-east').waitFor();
  await tid(page, 'exchange-old-west-5').click(); // Panzer IIIJ, full: worth its 525 points
  await tid(page, 'exchange-value-west').fill('525');
  await fillChange(page, 'exchange-new-west-name', 'PaK40 Platoon');
  await fillChange(page, 'exchange-new-west-max', 4);
  await fillChange(page, 'exchange-new-west-min', 3);
  await fillChange(page, 'exchange-new-west-teams', 4);
  await tid(page, 'exchange-new-west').getByRole('button', { name: 'On foot' }).click();
  // 530 > 525: refused, the button stays disabled and says why.
  await fillChange(page, 'exchange-new-west-points', 530);
  await waitText(tid(page, 'exchange-west'), '"PaK40 Platoon" costs 530 points, more than the 525 the platoon it replaces is worth now.');
  assert.equal(await tid(page, 'exchange-submit-west').isDisabled(), true, 'a dearer platoon is refused');
  // 525 = 525: allowed (equal or less).
  await fillChange(page, 'exchange-new-west-points', 525);
  await waitFor(async () => !(await tid(page, 'exchange-submit-west').isDisabled()), 'exchange allowed at equal value');
  await tid(page, 'exchange-submit-west').click();
  // Anna is down to 1 VP (< 5): no more exchanges, the turn ends.
  await phase(page, 'Mission roll');
  await waitText(tid(page, 'vp-balances'), 'Anna: 1 campaign VP · Boris: 1 campaign VP');
  await tid(page, 'tab-forces').click();
  await tid(page, 'companies').waitFor();
  await waitText(tid(page, 'ledger-total-west'), 'Earned 6 · spent 5 · balance 1');
  await waitText(tid(page, 'ledger-west'), 'Exchanged Panzer IIIJ Platoon for PaK40 Platoon');
  // No outnumbered line for Boris: he earned only the 1 VP of the concession.
  await waitText(tid(page, 'ledger-total-east'), 'Earned 1 · spent 0 · balance 1');
  assert.doesNotMatch(await text(tid(page, 'ledger-east')), /Outnumbered/);
  assert.equal(await strength(page, 'west', 5), 'Exchanged for PaK40 Platoon');
  // New platoon: 4 teams bought of 3-4, full strength, as if bought at the start.
  assert.equal(await strength(page, 'west', 7), 'Full strength (4 teams)');
  assert.match(await text(tid(page, 'platoon-west-7')), /On foot/);
  assert.equal(await strength(page, 'west', 0), 'Full strength (7 teams)', 'no casualties after a concession');
  await tid(page, 'tab-play').click();

  // ================= Turn 2: Sector 5 =================
  // Anna: +6 (last game's VP); balances 1 and 1: nobody higher. Boris: +1.
  await phase(page, 'Mission roll');
  await waitText(tid(page, 'mission-mods-west'), '+6 6 VP in the last game');
  assert.doesNotMatch(await text(tid(page, 'mission-mods-west')), /Higher campaign VP/);
  // 4 + 6 = 10: Breakthrough, Anna attacks (Boris 1 + 1 = 2). Nobody has 5 VP to change it.
  await typeDice(page, '4 1');
  await phase(page, 'Table area');
  await waitText(tid(page, 'mission'), 'Breakthrough');
  await waitText(tid(page, 'sides'), 'Anna (German) attacks · Boris (Soviet) defends');
  await tid(page, 'confirm-area').click();
  await phase(page, 'Force lists');
  // Boris concedes before any list: Anna wins 6-1 as attacker in a Breakthrough. From Sector 5
  // there are two sectors of room towards Sector 7, and no game means no platoon had to move.
  await concede(page, 'east');
  await phase(page, 'Breakthrough move');
  await waitText(tid(page, 'breakthrough-info'), 'Anna won the Breakthrough in Sector 5.');
  await waitText(tid(page, 'move-1'), 'to Sector 6');
  await waitText(tid(page, 'move-2'), 'to Sector 7');
  await tid(page, 'move-2').click();
  await phase(page, 'Reinforcements');
  assert.equal(await sectorHere(page), 'sector-7');
  await waitText(tid(page, 'vp-balances'), 'Anna: 7 campaign VP · Boris: 2 campaign VP');
  await noReinforcements(page);
  await phase(page, 'Exchange support');
  await tid(page, 'exchange-done-east').waitFor(); // 2 VP
  await tid(page, 'done-exchanging-west').click();

  // ================= Turn 3: Sector 7, Boris's home =================
  // Anna: +6 +1 (7 against 2). Dice 3 and 1: 10 against 2: Breakthrough, Anna attacks.
  await phase(page, 'Mission roll');
  await waitText(tid(page, 'mission-mods-west'), '+1 Higher campaign VP total');
  await typeDice(page, '3 1');
  // Anna (7 VP) is offered the change; she keeps it. Boris (2 VP) is not offered.
  await phase(page, 'Change the mission');
  await waitText(tid(page, 'change-offer'), 'Anna: change the mission for 5 VP?');
  await tid(page, 'change-pass').click();
  await phase(page, 'Table area');
  await tid(page, 'confirm-area').click();
  await phase(page, 'Force lists');
  // After a two-sector move every platoon Anna brings must be operationally mobile or carried.
  await tid(page, 'reveal-west').click();
  await tid(page, 'force-form').waitFor();
  await waitText(tid(page, 'mobility-rule'), 'Last game you broke through two sectors');
  await tid(page, 'field-0').click(); // Panzergrenadiers: own transport, fine
  await tid(page, 'field-7').click(); // the PaK40 bought on foot: not mobile
  await tid(page, 'force-points').fill('1200');
  await waitText(tid(page, 'force-problem'), '"PaK40 Platoon" has no working transport');
  assert.equal(await tid(page, 'submit-force').isDisabled(), true);
  await tid(page, 'carried-7').check();
  // Carried needs a carrier in the list: no Transport platoon, and no tanks yet.
  await waitText(tid(page, 'force-problem'), 'Nothing in this list can carry them');
  assert.equal(await tid(page, 'submit-force').isDisabled(), true);
  // The three armoured cars take up to nine teams as riders (the app cannot tell a towed gun
  // from infantry: keeping guns off the tanks is left to the players).
  await tid(page, 'field-6').click();
  await waitFor(async () => (await tid(page, 'force-problem').count()) === 0, 'carried PaK40 accepted');
  assert.equal(await tid(page, 'carried-0').count(), 0, 'a mobile platoon needs no carrying');
  await tid(page, 'submit-force').click();
  await tid(page, 'force-form').waitFor({ state: 'detached' });
  // Boris's form carries no mobility rule: it binds the breakthrough winner only.
  await tid(page, 'reveal-east').click();
  await tid(page, 'force-form').waitFor();
  assert.equal(await tid(page, 'mobility-rule').count(), 0);
  await tid(page, 'hide-force').click();
  await handIn(page, 'east', { platoons: [[0, 10]], points: 1200 });
  await phase(page, 'Weather');
  await waitText(tid(page, 'force-west'), 'PaK40 Platoon: 4 teams, carried');
  await typeDice(page, '1');
  await phase(page, 'Play the game');
  // Anna wins 4-2 as attacker in Sector 7, Boris's home: the campaign ends at once (rules VII).
  // Equal points: no bonus. Anna 7 + 4 = 11, Boris 2 + 2 = 4.
  await recordResult(page, 'west', 4, 2);
  await waitText(tid(page, 'result-preview'), "Victory: Anna (German) won as attacker in Boris (Soviet)'s home sector.");
  await tid(page, 'record-result').click();
  await phase(page, 'Campaign over');
  await waitText(tid(page, 'outcome'), "Victory: Anna (German) won as attacker in Boris (Soviet)'s home sector.");
  await waitText(tid(page, 'finished'), 'Ended in campaign turn 3, in Sector 7. Campaign VP: Anna 11, Boris 4.');
  assert.equal(await tid(page, 'record-result').count(), 0);
  // It survives a reload.
  await page.reload();
  await phase(page, 'Campaign over', 10_000);
  await waitText(tid(page, 'outcome'), 'Victory: Anna (German)');
  assert.equal(await sectorHere(page), 'sector-7');
});

test("the defender who won a Breakthrough shifts the next mission total by one", async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(startAoaSample(page, server.url));
  // Turn 1: Boris concedes the Encounter: 6-1 to Anna, Advance 4 -> 5.
  await tid(page, 'confirm-area').click();
  await phase(page, 'Force lists');
  await concede(page, 'east');
  await noReinforcements(page);
  await phase(page, 'Exchange support');
  await tid(page, 'done-exchanging-west').click();
  // Turn 2: Anna 3 + 6 + 1 (6 VP against 1) = 10: Breakthrough, Anna attacks, Boris defends.
  await phase(page, 'Mission roll');
  await typeDice(page, '3 1');
  await phase(page, 'Change the mission');
  await tid(page, 'change-pass').click();
  await phase(page, 'Table area');
  await waitText(tid(page, 'sides'), 'Anna (German) attacks · Boris (Soviet) defends');
  await tid(page, 'confirm-area').click();
  // Anna concedes: Boris wins 6-1 as defender of a Breakthrough: Hold, still Sector 5.
  await phase(page, 'Force lists');
  await concede(page, 'west');
  await phase(page, 'Reinforcements');
  assert.equal(await sectorHere(page), 'sector-5');
  await waitText(tid(page, 'vp-balances'), 'Anna: 7 campaign VP · Boris: 7 campaign VP');
  await noReinforcements(page);
  await phase(page, 'Exchange support');
  await tid(page, 'done-exchanging-west').click();
  await tid(page, 'done-exchanging-east').click();
  // Turn 3. Boris: +6 (last VP), +1 (his Recon platoon, claimed on a concession), +2 (won as
  // defender in a mission without Fair Fight); balances equal: no +1. Anna: +1.
  await phase(page, 'Mission roll');
  await waitText(tid(page, 'mission-mods-east'), '+6 6 VP in the last game');
  await waitText(tid(page, 'mission-mods-east'), '+1 1 recon platoon in the enemy half');
  await waitText(tid(page, 'mission-mods-east'), '+2 Won the last game as defender');
  await waitText(tid(page, 'adjuster-note'), 'Boris won the last game as defender in a Breakthrough or Fighting Withdrawal');
  // Dice 1 and 1: Anna 2, Boris 10 (Breakthrough). Boris may move the higher total (his own)
  // one up (11: Breakthrough) or down (9: Encounter).
  await typeDice(page, '1 1');
  await phase(page, "Defender's shift");
  await waitText(tid(page, 'selection'), 'Boris: rolled 1 +9 = 10');
  assert.equal(await tid(page, 'adjust-west-plus').count(), 0, "only the higher total may move");
  await waitText(tid(page, 'adjust-east-plus'), 'Breakthrough, Boris attacks');
  await waitText(tid(page, 'adjust-east-minus'), 'Encounter (both attack)');
  await tid(page, 'adjust-east-minus').click();
  // Equal balances: the last winner, Boris, is offered the change first; he keeps Encounter.
  await phase(page, 'Change the mission');
  await waitText(tid(page, 'selection'), 'Boris: rolled 1 +9 = 10, moved to 9');
  await waitText(tid(page, 'change-offer'), 'Boris: change the mission for 5 VP?');
  await tid(page, 'change-pass').click();
  // Boris passed: the other player, Anna (7 VP), is offered it in turn; she keeps it too.
  await waitText(tid(page, 'change-offer'), 'Anna: change the mission for 5 VP?');
  await tid(page, 'change-pass').click();
  await phase(page, 'Table area');
  await waitText(tid(page, 'mission'), 'Encounter');
  await waitText(tid(page, 'sides'), 'attacks (Encounter: both attack)');
});
