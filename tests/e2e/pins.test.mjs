// Locked seats on a shared tablet (issue 30): a seat locked with a PIN on this device cannot be
// held, nor its hand-over opened, nor its copy made, without its PIN, after a reload too; the
// umpire's whole campaign asks the umpire's PIN; a wrong PIN says so in words; the umpire clears a
// forgotten PIN after a confirmation. The PIN is kept only as a salted hash in this browser's
// storage: no link, file or backup holds it, nor its hash.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, newPage, tid, waitFor, phase, axeCheck, REPO_ROOT, startSample } from './harness.mjs';

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

const pressed = async (page, seat) => (await tid(page, `holder-${seat}`).getAttribute('aria-pressed')) === 'true';

/** Holds the tablet as `seat`, giving `pin` if asked. */
async function hold(page, seat, pin) {
  await tid(page, `holder-${seat}`).click();
  if (pin) await give(page, pin);
  await waitFor(() => pressed(page, seat), `holder ${seat}`);
}

/** Gives a PIN in the open PIN dialog. */
async function give(page, pin) {
  await tid(page, 'pin-input').fill(pin);
  await tid(page, 'pin-ok').click();
  await tid(page, 'pin-dialog').waitFor({ state: 'detached' });
}

/** Locks the held seat with `pin`. */
async function lock(page, pin) {
  await tid(page, 'pin-lock').click();
  await tid(page, 'pin-new').fill(pin);
  await tid(page, 'pin-again').fill(pin);
  await tid(page, 'pin-save').click();
  await tid(page, 'pin-set').waitFor({ state: 'detached' });
  await waitFor(async () => (await tid(page, 'pin-lock').textContent()) === 'Change PIN', 'locked');
}

/** Every PIN key of this browser's storage with its text. */
const pins = (page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('fielddesk.pin.')).map((k) => [k, localStorage.getItem(k)]));

async function download(page, button) {
  const [dl] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const dir = path.join(REPO_ROOT, 'target', 'e2e-downloads');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pins-${dl.suggestedFilename()}`);
  await dl.saveAs(file);
  return fs.readFileSync(file, 'utf8');
}

test("Rapier: locked seats ask for their PIN, after a reload too; the umpire clears a forgotten one; no file holds one", async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(page.goto(server.url));
  await tid(page, 'start-sample-rapier-offensive').click();
  await phase(page, 'Defender deployment', 10_000);
  const id = /#\/c\/([0-9a-f]+)\//.exec(page.url())[1];

  // The Corps Commander (seat 1) and the umpire (seat 0) lock their seats.
  await tid(page, 'tab-log').click();
  await hold(page, '1');
  await lock(page, '2468');
  await hold(page, '0');
  await lock(page, '1357');
  const kept = await pins(page);
  assert.deepEqual(kept.map(([k]) => k).sort(), [`fielddesk.pin.${id}.0`, `fielddesk.pin.${id}.1`]);
  const hashes = kept.map(([, v]) => JSON.parse(v).hash);
  for (const [, v] of kept) assert.ok(!v.includes('2468') && !v.includes('1357'), 'only the hash is kept');

  // After a reload, the locked umpire no longer holds the tablet, and the Corps Commander's seat
  // is not reached without his PIN.
  await page.reload();
  await tid(page, 'holder').waitFor();
  assert.ok(await pressed(page, 'table'), 'a locked seat is not held again on opening');
  await tid(page, 'holder-1').click();
  await tid(page, 'pin-dialog').waitFor();
  assert.equal(await tid(page, 'pin-input').getAttribute('inputmode'), 'numeric');
  await tid(page, 'pin-input').fill('1111');
  await tid(page, 'pin-ok').click();
  await waitFor(async () => (await tid(page, 'pin-error').textContent()) === 'Wrong PIN: 4 tries left', 'the wrong PIN said');
  await axeCheck(page, 'the PIN dialog with its error');
  await tid(page, 'pin-cancel').click();
  assert.ok(await pressed(page, 'table'), 'the table still holds the tablet');
  await hold(page, '1', '2468');
  await hold(page, 'table');

  // The umpire's hand-over asks the umpire's PIN.
  await tid(page, 'tab-play').click();
  await tid(page, 'reveal-umpire').click();
  await tid(page, 'pin-dialog').waitFor();
  assert.equal(await tid(page, 'deploy-form').count(), 0, 'nothing of the deployment before the PIN');
  await give(page, '1357');
  await tid(page, 'spread-rest').click();
  await tid(page, 'deploy-defenders').click();
  await phase(page, 'Reconnaissance');

  // The umpire's whole campaign asks his PIN again; it carries no PIN.
  await tid(page, 'tab-share').click();
  await hold(page, '0', '1357');
  await tid(page, 'full-unlock').click();
  await give(page, '1357');
  const full = await tid(page, 'full-share-link').inputValue();
  const file = await download(page, tid(page, 'full-share-file'));
  await tid(page, 'tab-log').click();
  const exported = await download(page, tid(page, 'export-campaign'));

  // The umpire clears the Corps Commander's forgotten PIN after a confirmation and his own PIN.
  await tid(page, 'pin-clear-1').click();
  await tid(page, 'pin-clear').waitFor();
  await axeCheck(page, 'the confirmation of a cleared PIN');
  await tid(page, 'pin-clear-yes').click();
  await give(page, '1357');
  await waitFor(async () => (await pins(page)).length === 1, 'one PIN left');
  await hold(page, 'table');
  await hold(page, '1');

  await page.goto(`${server.url}#/`);
  const backup = await download(page, tid(page, 'backup-all'));
  for (const [what, text] of [['full link', full], ['full file', file], ['campaign file', exported], ['backup', backup]]) {
    for (const h of hashes) assert.ok(!text.includes(h), `${what} holds a PIN's hash`);
    assert.ok(!text.includes('fielddesk.pin'), `${what} names a PIN`);
  }
});

test("Race for X, no umpire: a locked player's copy asks for the PIN; this device's PINs go after a confirmation", async (t) => {
  const { page, guard } = await newPage(browser, { width: 1024, height: 768 }, t);
  await guard(startSample(page, server.url));
  await tid(page, 'tab-share').click();
  await hold(page, '0');
  await lock(page, '8642');
  await hold(page, 'table');
  await tid(page, 'seat-link-0').click();
  await tid(page, 'pin-dialog').waitFor();
  assert.equal(await tid(page, 'seat-share-link').count(), 0, 'no copy before the PIN');
  await give(page, '8642');
  await tid(page, 'seat-share-link').waitFor();
  // Anyone may forget this device's PINs and settings for the campaign, after a confirmation.
  await tid(page, 'pin-forget').click();
  await tid(page, 'forget-device').waitFor();
  assert.match(await tid(page, 'forget-device').textContent(), /every seat's PIN/);
  await axeCheck(page, 'forgetting the device settings');
  await tid(page, 'forget-device-yes').click();
  await waitFor(async () => (await pins(page)).length === 0, 'no PIN left');
  await hold(page, '0');
});
