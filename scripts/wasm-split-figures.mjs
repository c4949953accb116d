#!/usr/bin/env node
// The split build's wasm files side by side (issue 32): what each file weighs and which split
// points fetch it, where each file's code comes from (by crate and by module), and what the files
// share: the small chunks every pack copies, and the functions of the same name found in more than
// one file. Figures only, no assertions; scripts/sizes.sh prints them.
//
//   node scripts/wasm-split-figures.mjs DIST SPLIT_OUT
//
// DIST is the release build (its pkg-*/__wasm_split.js, as scripts/pack-chunks.mjs rewrote it,
// says which files each split point fetches); SPLIT_OUT the splitter's output before wasm-bindgen
// and wasm-opt (target/split/split-out/split), which still has the functions' names. The shipped
// files are smaller than the splitter's (wasm-opt), the proportions are what count.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { readWasm, crateOf, moduleOf, groupBy, pct } from './wasm-functions.mjs';

const [distArg, splitArg] = process.argv.slice(2);
if (!distArg || !splitArg) {
  console.error('usage: wasm-split-figures.mjs DIST SPLIT_OUT');
  process.exit(2);
}
const pkg = fs.existsSync(distArg) ? fs.readdirSync(distArg).find((d) => d.startsWith('pkg-')) : undefined;
if (!pkg || !fs.existsSync(path.join(distArg, pkg, '__wasm_split.js')) || !fs.existsSync(splitArg)) {
  console.log(`wasm-split-figures: no split build in ${distArg} or no ${splitArg}; nothing to show`);
  process.exit(0);
}
const dir = path.join(distArg, pkg);
const gzip = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const pad = (v, n) => String(v).padStart(n);
const kb = (n) => (n / 1024).toFixed(1);

// --- which split point fetches what (the loader pack-chunks.mjs wrote) -------------------------
const loader = fs.readFileSync(path.join(dir, '__wasm_split.js'), 'utf8');
const points = []; // { name, own, large: [file], pack, members: [[file, at, length]] }
for (const m of loader.matchAll(/__wasm_split_load_(\w+) = wrapAsyncCb\(packedLoad\((.*)\)\);?$/gm)) {
  const [own, large, pack, members] = JSON.parse(`[${m[2]}]`);
  points.push({ name: m[1], own, large, pack, members });
}
if (!points.length) {
  console.log(`wasm-split-figures: ${dir}/__wasm_split.js has no packed loaders (not written by pack-chunks.mjs?)`);
  process.exit(0);
}
const fetchedBy = new Map(); // file -> [split point]
const by = (file, point) => fetchedBy.set(file, [...(fetchedBy.get(file) ?? []), point]);
for (const p of points) {
  by(p.own, p.name);
  for (const f of p.large) by(f, p.name);
  if (p.pack) by(p.pack, p.name);
}
const packedIn = new Map(); // small chunk -> { packs: Set of pack files, points: [split point], bytes }
for (const p of points) {
  const packBytes = p.pack ? fs.readFileSync(path.join(dir, `${p.pack}.wasm`)) : null;
  for (const [f, at, length] of p.members) {
    const e = packedIn.get(f) ?? { packs: new Set(), points: [], bytes: packBytes.subarray(at, at + length) };
    e.packs.add(p.pack);
    e.points.push(p.name);
    packedIn.set(f, e);
  }
}
const packFiles = [...new Set(points.map((p) => p.pack).filter(Boolean))];
const short = (names) => (names.length === points.length ? 'all' : names.join(' '));

console.log(`Split build's files (${dir}): raw and gzip -9 bytes, and the split points that fetch each`);
console.log(`${'file'.padEnd(30)} ${pad('raw', 9)} ${pad('gzip-9', 8)}  fetched by`);
const shipped = fs.readdirSync(dir).filter((f) => f.endsWith('.wasm')).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
let shippedGz = 0;
for (const f of shipped) {
  const bytes = fs.readFileSync(path.join(dir, f));
  const g = gzip(bytes);
  shippedGz += g;
  const who = short(fetchedBy.get(f.replace(/\.wasm$/, '')) ?? []);
  console.log(`${f.padEnd(30)} ${pad(bytes.length, 9)} ${pad(g, 8)}  ${who}`);
}
console.log(`${'all wasm'.padEnd(30)} ${pad('', 9)} ${pad(shippedGz, 8)}`);
// LZMA already (scripts/build-split.sh, scripts/sw-precache.mjs): the page's main module, and the
// offline pack, which the service worker unpacks into every wasm above.
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.lzma')).sort()) {
  const bytes = fs.readFileSync(path.join(dir, f));
  const who =
    f === 'field-desk_bg.lzma'
      ? '(the page: its main module)'
      : f.startsWith('cold_')
        ? `(a page opening ${f.slice(5, -5)} from nothing: its files above)`
        : '(the service worker: every wasm above)';
  console.log(`${f.padEnd(30)} ${pad(bytes.length, 9)} ${pad(gzip(bytes), 8)}  ${who}`);
}

// What each split point fetches from a cold cache (before the service worker's precache has run),
// beyond the page's own files (issue 32's goal for a system: at most 250 KiB): its cold pack
// (scripts/pack-chunks.mjs), counted as gzip -9 of its bytes as every file here is; beside it,
// its module, its large chunks and its pack gzipped one by one (what a split point opened once
// some of its files are already on the page fetches, file by file).
console.log(`\nOpening each split point from a cold cache: gzip -9 bytes fetched beyond the page's own files`);
console.log(`${'split point'.padEnd(22)} ${pad('cold pack', 18)} ${pad('files one by one', 18)}  files`);
const kib = (n) => `${pad(n, 8)} (${pad((n / 1024).toFixed(0), 3)} KiB)`;
for (const p of points) {
  const files = [p.own, ...p.large, ...(p.pack ? [p.pack] : [])];
  const total = files.reduce((n, f) => n + gzip(fs.readFileSync(path.join(dir, `${f}.wasm`))), 0);
  const coldFile = path.join(dir, `cold_${p.name}.lzma`);
  const cold = fs.existsSync(coldFile) ? kib(gzip(fs.readFileSync(coldFile))) : pad('-', 18);
  console.log(`${p.name.padEnd(22)} ${cold} ${kib(total)}  ${files.join(' ')}`);
}

// --- the packs' copies -------------------------------------------------------------------------
console.log(`\nSmall chunks in the packs (${packedIn.size} chunks in ${packFiles.length} packs; copies: how many packs hold the chunk):`);
console.log(`${'chunk'.padEnd(12)} ${pad('raw', 7)} ${pad('gzip-9', 7)} ${pad('copies', 6)}  needed by`);
let copiesRaw = 0;
let onceRaw = 0;
let copiesGz = 0;
let onceGz = 0;
const order = [...packedIn].sort((a, b) => b[1].bytes.length * b[1].packs.size - a[1].bytes.length * a[1].packs.size || b[1].bytes.length - a[1].bytes.length);
for (const [f, e] of order) {
  const g = gzip(e.bytes);
  copiesRaw += e.bytes.length * e.packs.size;
  onceRaw += e.bytes.length;
  copiesGz += g * e.packs.size;
  onceGz += g;
  console.log(`${f.padEnd(12)} ${pad(e.bytes.length, 7)} ${pad(g, 7)} ${pad(e.packs.size, 6)}  ${short(e.points)} (${[...e.packs].join(' ')})`);
}
const packsGz = packFiles.reduce((a, f) => a + gzip(fs.readFileSync(path.join(dir, `${f}.wasm`))), 0);
const onePack = gzip(Buffer.concat(order.map(([, e]) => e.bytes)));
console.log(
  `the packs hold ${copiesRaw} bytes raw for ${onceRaw} bytes of chunks (${copiesRaw - onceRaw} copied more than once); ` +
    `each chunk gzipped alone: ${copiesGz} bytes for ${onceGz}`,
);
console.log(`the ${packFiles.length} packs gzip -9: ${packsGz} bytes; every packed chunk once, in one file: ${onePack} bytes gzip -9`);

// --- where each file's code comes from ----------------------------------------------------------
const splitFiles = fs
  .readdirSync(splitArg)
  .filter((f) => f.endsWith('.wasm'))
  .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
const files = splitFiles.map((f) => {
  const { functions, sections } = readWasm(path.join(splitArg, f));
  const label = f === 'field-desk.wasm' ? 'main' : f.replace(/\.wasm$/, '').replace(/^split_/, '');
  return { file: f, label, functions, data: sections.get('data') ?? 0, code: functions.reduce((a, x) => a + x.size, 0) };
});
const main = files.filter((f) => f.file === 'field-desk.wasm');
const own = files.filter((f) => f.file.startsWith('split_'));
const chunks = files.filter((f) => f.file.startsWith('chunk_'));
const columns = [...main, ...own, { label: 'chunks', functions: chunks.flatMap((c) => c.functions), data: chunks.reduce((a, c) => a + c.data, 0) }];
const allCode = files.reduce((a, f) => a + f.code, 0);
const heads = columns.map((c) => c.label.replace(/_(campaign|offensive|scouting|for_x|of_attack)$/, '').slice(0, 8));

function matrix(title, key, rows) {
  console.log(`\n${title} (KiB of code before wasm-opt; ${columns.length - 1} modules and the ${chunks.length} shared chunks together)`);
  console.log(`${''.padEnd(40)} ${heads.map((h) => pad(h, 8)).join(' ')} ${pad('all', 8)}`);
  const cells = columns.map((c) => new Map(groupBy(c.functions, key)));
  const totals = groupBy(columns.flatMap((c) => c.functions), key);
  for (const [k, e] of totals.slice(0, rows)) {
    const label = k.length > 40 ? `${k.slice(0, 37)}...` : k;
    console.log(`${label.padEnd(40)} ${cells.map((m) => pad(m.has(k) ? kb(m.get(k).size) : '-', 8)).join(' ')} ${pad(kb(e.size), 8)}`);
  }
  const sums = columns.map((c) => c.functions.reduce((a, f) => a + f.size, 0));
  console.log(`${'(all code)'.padEnd(40)} ${sums.map((s) => pad(kb(s), 8)).join(' ')} ${pad(kb(allCode), 8)}`);
  const data = columns.map((c) => c.data);
  console.log(`${'(data section, beside the code)'.padEnd(40)} ${data.map((s) => pad(kb(s), 8)).join(' ')} ${pad(kb(data.reduce((a, b) => a + b, 0)), 8)}`);
}
matrix('Code by crate and file', crateOf, 15);
matrix('Code by module and file (field_desk to three segments, core/alloc to two)', moduleOf, 30);

console.log(`\nShared chunks' code: bytes before wasm-opt, largest crates, and who fetches each (packed: in the packs)`);
for (const c of [...chunks].sort((a, b) => b.code - a.code)) {
  const name = c.file.replace(/\.wasm$/, '');
  const crates = groupBy(c.functions, crateOf)
    .slice(0, 3)
    .map(([k, e]) => `${k} ${pct(e.size, c.code)}`)
    .join(', ');
  const who = packedIn.has(name) ? `packed: ${short(packedIn.get(name).points)}` : short(fetchedBy.get(name) ?? []);
  console.log(`${name.padEnd(10)} ${pad(c.code, 8)} ${pad(c.functions.length, 5)} fns  ${crates.padEnd(54)} ${who}`);
}

// --- the same function in several files ---------------------------------------------------------
// By name (demangled, without rustc's hash: the generic copies of one function for several types
// share a name), by symbol (rustc's name with the hash: the same instance), and by body (the same
// bytes of code, whatever the name).
function shared(key, label) {
  const seen = new Map(); // key -> { files: Set, size: sum, max, name }
  for (const f of files) {
    for (const fn of f.functions) {
      const k = key(fn);
      const e = seen.get(k) ?? { files: new Set(), size: 0, max: 0, count: 0, name: fn.name };
      e.files.add(f.label);
      e.size += fn.size;
      e.count += 1;
      e.max = Math.max(e.max, fn.size);
      seen.set(k, e);
    }
  }
  const multi = [...seen.values()].filter((e) => e.files.size > 1);
  // What the copies cost beyond one: everything but the largest copy.
  const extra = multi.reduce((a, e) => a + e.size - e.max, 0);
  console.log(`  ${label}: ${multi.length} in more than one file, ${multi.reduce((a, e) => a + e.count, 0)} functions, ` +
    `${extra} bytes beyond one copy each (${pct(extra, allCode)} of all code)`);
  return multi;
}
console.log(`\nFunctions found in more than one wasm file (of ${files.length}, ${allCode} bytes of code in all):`);
shared((f) => f.symbol, 'same symbol (one instance in several files: mostly the splitter\'s stubs of a few bytes that call the main module)');
const byBody = shared((f) => f.body, 'same body bytes');
const byName = shared((f) => f.name, 'same name');
const byNameCrate = new Map();
for (const e of byName) {
  const c = crateOf(e.name);
  byNameCrate.set(c, (byNameCrate.get(c) ?? 0) + e.size - e.max);
}
console.log(`  same name, bytes beyond one copy by crate: ${[...byNameCrate].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([c, n]) => `${c} ${n}`).join(', ')}`);
console.log(`  largest (bytes beyond one copy, files, name):`);
for (const e of [...byName].sort((a, b) => b.size - b.max - (a.size - a.max)).slice(0, 15)) {
  const n = e.name.length > 96 ? `${e.name.slice(0, 93)}...` : e.name;
  console.log(`  ${pad(e.size - e.max, 8)} ${pad(e.files.size, 3)}  ${n}`);
}
const bodyExtra = [...byBody].sort((a, b) => b.size - b.max - (a.size - a.max)).slice(0, 8);
console.log(`  largest same-body copies (bytes beyond one copy, files, one name):`);
for (const e of bodyExtra) {
  const n = e.name.length > 96 ? `${e.name.slice(0, 93)}...` : e.name;
  console.log(`  ${pad(e.size - e.max, 8)} ${pad(e.files.size, 3)}  ${n}`);
}
