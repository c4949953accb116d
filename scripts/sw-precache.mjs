#!/usr/bin/env node
// Trunk post_build hook (Trunk.toml [[hooks]]): prepares the service worker of a release build.
//
// Trunk runs it after writing the whole build to its staging directory and before that replaces
// dist/, with TRUNK_PROFILE ("debug"/"release") and TRUNK_STAGING_DIR set. In a release build it
//   1. turns index.html's <meta name="field-desk-sw" content="off"> into content="release" (only
//      then does public/register-sw.js register the worker);
//   2. lists every file of the build (relative paths, sorted; sw.js itself excepted) with its
//      SHA-256 integrity, and a build id: a hash of those contents and of the sw.js template;
//   3. packs the wasm chunks the page does not fetch at start (every .wasm under pkg-*/ but the
//      main module field-desk_bg.wasm) into one LZMA stream, pkg-*/offline.lzma, with xz: the
//      worker fetches that one file and unpacks it into its cache, where the chunks one by one
//      would be about 30% more to download (LZMA sees the whole pack; gzip a 32 KiB window);
//   4. writes the list into sw.js in place of its `/*__FIELD_DESK_PRECACHE__*/null` placeholder,
//      and public/lzma-decode.js in place of `/*__FIELD_DESK_LZMA__*/`.
// Any change to any file thus changes sw.js's bytes, which is what makes browsers install the new
// version. In a debug build, and under `trunk serve` (Trunk has injected its autoreload script),
// it changes nothing: no service worker in development.
//
// By hand: TRUNK_PROFILE=release TRUNK_STAGING_DIR=some/dir node scripts/sw-precache.mjs
// (some/dir must hold the template sw.js from public/ and an unprepared index.html).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const PLACEHOLDER = '/*__FIELD_DESK_PRECACHE__*/null';
const LZMA_PLACEHOLDER = '/*__FIELD_DESK_LZMA__*/';
const PACK = 'offline.lzma';
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
// A pack left by an earlier run in this directory is written anew below, never listed.
files.splice(0, files.length, ...files.filter((f) => path.basename(f) !== PACK));

// 3. The offline pack: its members in the order of the sorted list, each at its offset.
const members = files.filter((f) => /^pkg-[^/]+\/[^/]+\.wasm$/.test(f) && !f.endsWith('/field-desk_bg.wasm'));
const at = new Map();
let pack = null;
if (members.length > 0) {
  const parts = members.map((f) => fs.readFileSync(path.join(staging, f)));
  let offset = 0;
  members.forEach((f, i) => {
    at.set(f, [offset, parts[i].length]);
    offset += parts[i].length;
  });
  const url = `${path.dirname(members[0])}/${PACK}`;
  // lc=4, lp=0, pb=0: wasm is bytes, not words (0.5% smaller than xz's default lc=3, pb=2).
  const lzma = execFileSync('xz', ['--format=lzma', '--lzma1=preset=9e,lc=4,lp=0,pb=0', '--stdout'], {
    input: Buffer.concat(parts),
    maxBuffer: 1 << 30,
  });
  fs.writeFileSync(path.join(staging, url), lzma);
  const digest = crypto.createHash('sha256').update(lzma).digest();
  pack = { url: encodeURI(url), integrity: `sha256-${digest.toString('base64')}`, size: offset };
  log(`${members.length} chunks packed: ${(offset / 1024).toFixed(0)} KiB -> ${(lzma.length / 1024).toFixed(0)} KiB (${url})`);
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
  if (at.has(url)) entry.pack = at.get(url);
  list.push(entry);
}
if (!list.some((f) => f.url === 'index.html')) fail('index.html missing from the list');
const id = build.digest('hex').slice(0, 16);

// 4. Into sw.js (the pack's own bytes are in the build id through its members').
const precache = JSON.stringify(pack ? { build: id, files: list, pack } : { build: id, files: list });
fs.writeFileSync(
  swPath,
  template.replace(PLACEHOLDER, () => PREPARED + precache).replace(LZMA_PLACEHOLDER, () => decoder),
);
const bytes = list.reduce((n, f) => n + fs.statSync(path.join(staging, decodeURI(f.url))).size, 0);
log(`build ${id}: ${list.length} files precached (${(bytes / 1024).toFixed(0)} KiB), index.html marked release`);
