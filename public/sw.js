// Field Desk service worker: the app keeps working with no network.
//
// This file is a template. `trunk build --release` runs the post_build hook
// scripts/sw-precache.mjs, which replaces the PRECACHE placeholder below with this build's id (a
// hash of the contents of every file of the build) and the exact list of its files with their
// SHA-256 integrity. A copy that was not prepared that way (debug build, `trunk serve`) refuses to
// install. public/register-sw.js registers it, only in a release build.
//
// - install: every file of the build (integrity-checked; from the browser's HTTP cache when the
//   page has just fetched it, else from the network) into the cache "field-desk-<build>@<scope>".
//   public/register-sw.js registers the worker only once the app has started, so on a first
//   visit the page's own files are in the HTTP cache by then and nothing is fetched twice.
//   The wasm chunks the page did not fetch come from one file, the offline pack (PRECACHE.pack,
//   LZMA: about 30% less to download than the chunks one by one; scripts/offline-pack.mjs),
//   unpacked here and each chunk checked against its own integrity; should the pack fail, each
//   chunk is fetched on its own.
// - activate: delete the other field-desk-* caches of this scope, take control of open pages.
// - navigations: network first; no network (the browser says it is offline, or no answer within
//   NAV_TIMEOUT_MS, short enough that a tablet on a hanging club network still opens at once):
//   the cached index.html of this build.
// - other same-origin GETs of the build's files: cache first.
// - a waiting new version takes over only when a page asks (message {type: 'SKIP_WAITING'}).
//
// Trunk names the js/wasm after the hash of the wasm *before* wasm-opt, so the same name can
// carry different bytes in two builds: the cache is keyed on the build id, never on names alone.
'use strict';

const PRECACHE = /*__FIELD_DESK_PRECACHE__*/null;

const NAV_TIMEOUT_MS = 600;
const SCOPE_PATH = new URL(self.registration.scope).pathname;
const PREFIX = 'field-desk-';
const SUFFIX = '@' + SCOPE_PATH; // two deployments on one origin keep their own caches
const CACHE = PRECACHE ? PREFIX + PRECACHE.build + SUFFIX : null;
const ROOT = new URL('./', self.location.href); // sw.js sits at the root of the build
const urlOf = (file) => new URL(file, ROOT).href;
const FILES = PRECACHE ? PRECACHE.files.map((f) => ({ ...f, href: urlOf(f.url) })) : [];
const PRECACHED = new Set(FILES.map((f) => f.href));
const INDEX = urlOf('index.html');

/*__FIELD_DESK_LZMA__*/

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

async function precache() {
  if (!PRECACHE) {
    throw new Error('Field Desk: this sw.js was not prepared by a release build; not installing');
  }
  const cache = await caches.open(CACHE);
  const packed = [];
  await Promise.all(
    FILES.map(async (f) => {
      // A retried install keeps what an earlier attempt already fetched and checked.
      if (await cache.match(f.href)) return;
      if (f.pack && PRECACHE.pack) {
        // In the pack, unless the page has just fetched it (a seat link opened on this device).
        const response = await fetch(
          new Request(f.href, { cache: 'only-if-cached', mode: 'same-origin', integrity: f.integrity }),
        ).catch(() => null);
        if (response && response.ok) await cache.put(f.href, response);
        else packed.push(f);
        return;
      }
      await precacheOne(cache, f);
    }),
  );
  if (packed.length > 0) await unpack(cache, packed);
}

/**
 * The chunks `files` from the offline pack into `cache`; each on its own should the pack fail.
 * The pack is one LZMA stream (scripts/offline-pack.mjs): its head is the page's main module
 * file, in the cache by now, its tail the pack's file; each chunk is rebuilt from its pieces.
 */
async function unpack(cache, files) {
  let bytes;
  try {
    const headUrl = urlOf(PRECACHE.pack.head);
    const headFile = FILES.find((f) => f.href === headUrl);
    const head = (await cache.match(headUrl)) || (await fetch(new Request(headUrl, { integrity: headFile.integrity })));
    const tail = await fetch(new Request(urlOf(PRECACHE.pack.url), { integrity: PRECACHE.pack.integrity }));
    if (!head.ok || !tail.ok) throw new Error(`HTTP ${head.status} ${tail.status}`);
    const a = new Uint8Array(await head.arrayBuffer());
    const b = new Uint8Array(await tail.arrayBuffer());
    const stream = new Uint8Array(a.length + b.length);
    stream.set(a);
    stream.set(b, a.length);
    bytes = lzmaDecode(stream, PRECACHE.pack.size);
  } catch (err) {
    await Promise.all(files.map((f) => precacheOne(cache, f)));
    return;
  }
  const at = places(bytes);
  await Promise.all(
    files.map(async (f) => {
      const pieces = at.get(f);
      const body = new Uint8Array(pieces.reduce((n, [, len]) => n + len, 0));
      let to = 0;
      for (const [from, len] of pieces) {
        body.set(bytes.subarray(from, from + len), to);
        to += len;
      }
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
      // Never expected (the pack passed its own integrity): then the chunk on its own.
      if ('sha256-' + btoa(String.fromCharCode(...digest)) !== f.integrity) return precacheOne(cache, f);
      await cache.put(f.href, new Response(body, { headers: { 'Content-Type': 'application/wasm' } }));
    }),
  );
}

/**
 * Where each chunk's pieces sit in the unpacked stream (scripts/offline-pack.mjs): after the main
 * module, every chunk's pieces of the first kind (-1: the 8-byte header; else a section, whose
 * size follows its id), in the list's order, then every chunk's of the next kind, and so on.
 */
function places(bytes) {
  const chunks = FILES.filter((f) => f.pack);
  const kinds = [...new Set(chunks.flatMap((f) => f.pack))].sort((a, b) => a - b);
  const out = new Map(chunks.map((f) => [f, []]));
  let at = PRECACHE.pack.headSize;
  for (const kind of kinds) {
    for (const f of chunks) {
      f.pack.forEach((k, i) => {
        if (k !== kind) return;
        let len = 8;
        if (kind >= 0) {
          let p = at + 1;
          let size = 0;
          for (let shift = 1, b = 128; b & 128; shift *= 128) size += ((b = bytes[p++]) & 127) * shift;
          len = p - at + size;
        }
        out.get(f)[i] = [at, len]; // the chunk's own order: its sections are not in id order
        at += len;
      });
    }
  }
  return out;
}

async function precacheOne(cache, f) {
  // The page has just fetched most of these files itself: take the browser's HTTP cache copy
  // (cache: 'force-cache', even if the host said no-cache), so no file is downloaded twice on a
  // first visit. Integrity refuses a stale copy of a same-named file from an older build; then,
  // and for what is not in the HTTP cache, cache: 'reload' fetches it from the network, where
  // integrity makes a file of any other build (a deploy under way) fail the install.
  // The page itself was most likely opened at the build's folder ("/field-desk/"), not at
  // index.html: the browser's copy of that, when its bytes are index.html's (integrity), is
  // the same file, taken without going to the network.
  let response =
    f.href === INDEX
      ? await fetch(
          new Request(ROOT.href, { cache: 'only-if-cached', mode: 'same-origin', integrity: f.integrity }),
        ).catch(() => null)
      : null;
  if (!response || !response.ok) {
    response = await fetch(new Request(f.href, { cache: 'force-cache', integrity: f.integrity })).catch(
      () => null,
    );
  }
  if (!response || !response.ok) {
    response = await fetch(new Request(f.href, { cache: 'reload', integrity: f.integrity }));
  }
  if (!response.ok) throw new Error(`Field Desk: precaching ${f.url}: HTTP ${response.status}`);
  // Hosts that redirect /index.html to / give a "redirected" response, which a navigation
  // may not be answered with: store a plain copy instead.
  await cache.put(f.href, response.redirected ? await unredirected(response) : response);
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name.endsWith(SUFFIX) && name !== CACHE) {
          await caches.delete(name);
        }
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (!PRECACHE || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE_PATH)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, url));
    return;
  }
  url.hash = '';
  if (PRECACHED.has(url.href)) event.respondWith(cacheFirst(request, url.href));
});

async function networkFirst(request, url) {
  try {
    if (self.navigator.onLine === false) throw new Error('the browser is offline');
    return await withTimeout(fetch(request), NAV_TIMEOUT_MS);
  } catch (err) {
    url.hash = '';
    url.search = '';
    // The build's own index.html (never a newer one from the network: it would name files this
    // cache does not hold).
    const hit = (PRECACHED.has(url.href) && (await fromCache(url.href))) || (await fromCache(INDEX));
    if (hit) return hit;
    throw err;
  }
}

async function unredirected(response) {
  const { status, statusText, headers } = response;
  return new Response(await response.blob(), { status, statusText, headers });
}

async function cacheFirst(request, href) {
  return (await fromCache(href)) || fetch(request);
}

// caches.match, not caches.open: a worker that was unregistered, or replaced by a newer one,
// may still answer a page's last requests and must not bring back the cache it lost.
function fromCache(href) {
  return caches.match(href, { cacheName: CACHE });
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
