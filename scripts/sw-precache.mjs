#!/usr/bin/env node
// Trunk post_build hook (Trunk.toml [[hooks]]): prepares the service worker of a release build.
//
// Trunk runs it after writing the whole build to its staging directory and before that replaces
// dist/, with TRUNK_PROFILE ("debug"/"release") and TRUNK_STAGING_DIR set. In a release build it
//   1. turns index.html's <meta name="field-desk-sw" content="off"> into content="release" (only
//      then does public/register-sw.js register the worker);
//   2. lists every file of the build (relative paths, sorted; sw.js itself and the cold packs excepted) with its
//      SHA-256 integrity, and a build id: a hash of those contents and of the sw.js template;
//   3. where scripts/offline-pack.mjs left an offline pack (pkg-*/offline.json), lists its tail
//      apart and marks each chunk with where it sits in the pack: the worker fetches the tail
//      and unpacks every chunk from it, where the chunks one by one would be about 30% more;
//   4. writes the list into sw.js in place of its `/*__FIELD_DESK_PRECACHE__*/null` placeholder,
//      and public/lzma-decode.js in place of `/*__FIELD_DESK_LZMA__*/`.
// Any change to any file thus changes sw.js's bytes, which is what makes browsers install the new
// version. In a debug build, and under `trunk serve` (Trunk has injected its autoreload script),
// it changes nothing: no service worker in development.
//
// By hand: TRUNK_PROFILE=release TRUNK_STAGING_DIR=some/dir node scripts/sw-precache.mjs
// (some/dir must hold the template sw.js from public/ and an unprepared index.html).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const PLACEHOLDER = '/*__FIELD_DESK_PRECACHE__*/null';
const LZMA_PLACEHOLDER = '/*__FIELD_DESK_LZMA__*/';
const PREPARED = '/*FIELD_DESK_PRECACHE*/';
const MARKER_RE = /(<meta\s+name="field-desk-sw"\s+content=")off("\s*\/?>)/g;
const SW = 'sw.js';

const log = (msg) => console.log(`sw-precache: ${msg}`);
const fail = (msg) => {
  console.error(`sw-precache: error: ${msg}`);
  process.exit(1);
};

const staging = process.env.TRUNK_STAGING_DIR;
const profile = process.env.TRUNK_PROFILE;
if (!staging) fail('TRUNK_STAGING_DIR is not set (this script runs as a Trunk post_build hook)');
const indexPath = path.join(staging, 'index.html');
const swPath = path.join(staging, SW);
if (!fs.existsSync(indexPath)) fail(`${indexPath} not found`);
if (!fs.existsSync(swPath)) fail(`${swPath} not found (index.html must copy public/sw.js)`);

if (profile !== 'release') {
  log(`${profile || 'unknown'} build: no service worker (index.html keeps field-desk-sw "off")`);
  process.exit(0);
}
let html = fs.readFileSync(indexPath, 'utf8');
if (html.includes('.well-known/trunk/ws')) {
  log('trunk serve (autoreload script present): no service worker');
  process.exit(0);
}

// 1. The marker register-sw.js looks for.
const markers = html.match(MARKER_RE) || [];
if (markers.length !== 1) {
  fail(`index.html must hold exactly one <meta name="field-desk-sw" content="off">; found ${markers.length}`);
}
html = html.replace(MARKER_RE, '$1release$2');
fs.writeFileSync(indexPath, html);

// 2. Every file of the build, as the browser will fetch it.
const template = fs.readFileSync(swPath, 'utf8');
if (template.split(PLACEHOLDER).length !== 2) {
  fail(`${SW} must contain the placeholder ${PLACEHOLDER} exactly once (is it the template from public/?)`);
}
if (template.split(LZMA_PLACEHOLDER).length !== 2) fail(`${SW} must contain ${LZMA_PLACEHOLDER} exactly once`);
const decoder = fs.readFileSync(new URL('../public/lzma-decode.js', import.meta.url), 'utf8');
const files = [];
(function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.isFile()) files.push(path.relative(staging, full).split(path.sep).join('/'));
  }
})(staging);
files.sort();
// The cold packs (scripts/pack-chunks.mjs) are for a page that opens a system before the worker
// has its chunks: the worker never fetches them.
const colds = files.filter((f) => /\/cold_[a-z0-9_]+\.lzma$/.test(f));
files.splice(0, files.length, ...files.filter((f) => !colds.includes(f)));

// 3. The offline pack (scripts/offline-pack.mjs wrote it, with its layout, into the pkg-*/
// folder): its tail and layout are not files to precache; each chunk's entry gives the kinds of
// its pieces in the unpacked stream, whose head is the page's main module file.
const layouts = files.filter((f) => path.basename(f) === 'offline.json');
if (layouts.length > 1) fail(`more than one offline.json: ${layouts.join(', ')}`);
let pack = null;
const kindsOf = new Map(); // chunk -> the kinds of its pieces, in file order
if (layouts.length === 1) {
  const folder = path.dirname(layouts[0]);
  const layout = JSON.parse(fs.readFileSync(path.join(staging, layouts[0]), 'utf8'));
  const tail = `${folder}/${layout.tail}`;
  const tailBytes = fs.readFileSync(path.join(staging, tail));
  for (const [chunk, kinds] of Object.entries(layout.chunks)) {
    const url = `${folder}/${chunk}`;
    if (!files.includes(url)) fail(`offline.json names ${url}, which is not in the build`);
    kindsOf.set(url, kinds);
  }
  // The worker places the pieces walking the chunks in the list's order: the pack's order.
  const listed = files.filter((f) => kindsOf.has(f));
  if (listed.join() !== [...kindsOf.keys()].join()) fail('offline.json lists its chunks in another order than the build');
  pack = {
    url: encodeURI(tail),
    integrity: `sha256-${crypto.createHash('sha256').update(tailBytes).digest('base64')}`,
    head: encodeURI(`${folder}/${layout.head}`),
    headSize: layout.headSize,
    size: layout.size,
  };
  files.splice(0, files.length, ...files.filter((f) => f !== layouts[0] && f !== tail));
  log(`offline pack: ${kindsOf.size} chunks in ${tail} (${(tailBytes.length / 1024).toFixed(0)} KiB)`);
}

const build = crypto.createHash('sha256');
build.update(`${SW}\0`).update(template).update('\n');
const list = [];
for (const url of files) {
  if (url === SW) continue;
  const bytes = fs.readFileSync(path.join(staging, url));
  const digest = crypto.createHash('sha256').update(bytes).digest();
  build.update(`${url}\0`).update(digest).update('\n');
  const entry = { url: encodeURI(url), integrity: `sha256-${digest.toString('base64')}` };
  if (kindsOf.has(url)) entry.pack = kindsOf.get(url);
  list.push(entry);
}
if (!list.some((f) => f.url === 'index.html')) fail('index.html missing from the list');
if (pack) build.update(`${pack.url}\0${pack.integrity}\0${JSON.stringify(list.filter((f) => f.pack))}\n`);
const id = build.digest('hex').slice(0, 16);

// 4. Into sw.js.
const precache = JSON.stringify(pack ? { build: id, files: list, pack } : { build: id, files: list });
fs.writeFileSync(
  swPath,
  template.replace(PLACEHOLDER, () => PREPARED + precache).replace(LZMA_PLACEHOLDER, () => decoder),
);
const bytes = list.reduce((n, f) => n + fs.statSync(path.join(staging, decodeURI(f.url))).size, 0);
log(`build ${id}: ${list.length} files precached (${(bytes / 1024).toFixed(0)} KiB), index.html marked release`);
