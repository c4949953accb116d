// What a returning player's device holds, for the scripts that time an opening (lighthouse.mjs,
// open-timing.mjs, open-profile.mjs): a system's sample started from the list in a page of its
// own and left there a moment (so it is stored, and its step remembered for the next opening),
// and its service worker installed (every file precached, as on a device that has opened the
// app before: measured without this, the next page competed with the precache still under way);
// with `coldCache`, the service worker and its caches then cleared. Returns the campaign's address.
export async function storedSample(browser, listUrl, slug, { coldCache = false } = {}) {
  const setup = await browser.newPage();
  await setup.goto(listUrl);
  await setup.waitForSelector(`[data-testid="start-sample-${slug}"]`, { timeout: 30_000 });
  await setup.click(`[data-testid="start-sample-${slug}"]`);
  await setup.waitForSelector('[data-testid="campaign-title"]', { timeout: 30_000 });
  // As after a player's look at it: the step on screen is remembered for the next opening.
  await setup
    .waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('fielddesk.glimpse.')), { timeout: 5000 })
    .catch(() => {});
  const url = setup.url();
  // Active once installed, that is once the precache is complete (none under `trunk serve`).
  await setup.evaluate(() =>
    Promise.race([navigator.serviceWorker.ready, new Promise((done) => setTimeout(done, 60_000))]),
  );
  if (coldCache) {
    await setup.evaluate(async () => {
      for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
      for (const k of await caches.keys()) await caches.delete(k);
    });
  }
  await setup.close();
  return url;
}
