// Field Desk: registers the service worker (public/sw.js) in a release build, and offers a reload
// when a new version is waiting.
//
// index.html carries <meta name="field-desk-sw" content="off">. Only `trunk build --release`
// (its post_build hook, scripts/sw-precache.mjs) turns it into content="release"; `trunk serve`
// and debug builds keep "off", and then any Field Desk worker left on this scope (say from a
// release build once served on the same address) is unregistered and its caches deleted, so
// development always runs the code just built.
//
// All URLs are relative to the page: the build works under any sub-path.

const PREFIX = 'field-desk-';
const UPDATE_EVERY_MS = 30 * 60 * 1000; // look for a new version when the page comes back into view

const marker = document.querySelector('meta[name="field-desk-sw"]');
const scope = new URL('./', document.baseURI);

if ('serviceWorker' in navigator) {
  const work = marker && marker.content === 'release' ? started().then(settled).then(register) : removeWorkers();
  work.catch((err) => console.warn('Field Desk: service worker:', err));
}

/**
 * Resolves once the app has drawn its first screen (it marks the page with data-app-drawn and
 * dispatches fielddesk-drawn; by then a system's code that screen needs is on its way, which
 * settled() below waits for), or 10 s after the page's load event if it never does: the worker's
 * precache then finds the page's own files in the HTTP cache instead of downloading them a
 * second time while the page is still loading.
 */
function started() {
  return new Promise((resolve) => {
    if (document.documentElement.hasAttribute('data-app-drawn')) return resolve();
    document.addEventListener('fielddesk-drawn', () => resolve(), { once: true });
    window.addEventListener('load', () => setTimeout(resolve, 10_000), { once: true });
  });
}

/**
 * Resolves once no chunk of the app's code has been on its way for a second (the app marks the
 * page with data-chunk-loading while it fetches one: a system's screens, or the code that reads
 * a link, which then opens a screen of its own), or 15 s on: the precache, which fetches every
 * file of the build, must not share a slow link with the screen the players wait for.
 */
function settled() {
  const end = Date.now() + 15_000;
  return new Promise((resolve) => {
    let quiet = null;
    const look = () => {
      if (document.documentElement.hasAttribute('data-chunk-loading')) quiet = null;
      else quiet ??= Date.now();
      if (Date.now() >= end || (quiet !== null && Date.now() - quiet >= 1000)) return resolve();
      setTimeout(look, 200);
    };
    look();
  });
}

async function register() {
  const reg = await navigator.serviceWorker.register('./sw.js', {
    scope: './',
    updateViaCache: 'none', // every update check fetches sw.js itself, not a cached copy
  });

  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) window.location.reload();
  });

  const region = statusRegion();
  const offer = () => {
    // A waiting worker while another one controls this page is a new version; the first
    // install of all (no controller yet) takes over by itself and needs no reload.
    if (!reg.waiting || !navigator.serviceWorker.controller || region.firstChild) return;
    const bar = document.createElement('div');
    bar.className = 'sw-update';
    bar.dataset.testid = 'update-ready';
    const text = document.createElement('span');
    text.textContent = 'A new version of Field Desk is ready.';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'btn sw-update-reload';
    button.dataset.testid = 'update-reload';
    button.textContent = 'Reload';
    button.addEventListener('click', () => {
      button.disabled = true;
      const waiting = reg.waiting;
      if (waiting) {
        reloading = true; // reload once the new worker controls the page
        waiting.postMessage({ type: 'SKIP_WAITING' });
      } else {
        window.location.reload(); // another tab already switched to the new version
      }
    });
    bar.append(text, ' ', button);
    region.append(bar);
    document.documentElement.classList.add('sw-update-shown');
  };

  const track = (worker) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer();
    });
  };
  offer();
  // The browser checks for a new sw.js on every navigation, so a new version may already be
  // installing before this script runs (no updatefound will come for it).
  track(reg.installing);
  reg.addEventListener('updatefound', () => track(reg.installing));

  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_EVERY_MS) return;
    lastCheck = Date.now();
    reg.update().catch(() => {}); // offline: try again next time
  });
  return reg;
}

/** The polite live region the update bar goes into; present (and empty) from the start. */
function statusRegion() {
  const region = document.createElement('div');
  region.className = 'sw-update-region';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  document.body.append(region);
  return region;
}

/** Not a release build: no worker of ours may control this scope. */
async function removeWorkers() {
  const regs = await navigator.serviceWorker.getRegistrations();
  for (const reg of regs) {
    if (reg.scope.startsWith(scope.href)) await reg.unregister();
  }
  if (window.caches) {
    const suffix = '@' + scope.pathname;
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name.endsWith(suffix)) await caches.delete(name);
    }
  }
}
