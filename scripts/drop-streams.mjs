#!/usr/bin/env node
// Takes out of the main module and its bindings the three JS stream classes nothing uses
// (issue 32). Leptos brings server_fn, whose wasm-streams exports IntoUnderlyingSource,
// IntoUnderlyingSink and IntoUnderlyingByteSource to JS: the app has no server and never makes
// one, but wasm-bindgen writes each as a JS class over wasm exports, and the exports keep their
// code alive. Here the classes (and their finalization registries) leave field-desk.js and the
// exports leave field-desk_bg.wasm, so that wasm-opt then drops the code behind them.
//
//   node scripts/drop-streams.mjs DIR   (build-split.sh, after wasm-bindgen and before wasm-opt)
//
// Anything not as expected (another count of classes, registries or exports, a name still used
// after) stops the build.
import fs from 'node:fs';
import path from 'node:path';
import { withExports } from './wasm-bytes.mjs';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: drop-streams.mjs DIR');
  process.exit(2);
}
const fail = (msg) => {
  console.error(`drop-streams: error: ${msg}`);
  process.exit(1);
};
const CLASSES = ['IntoUnderlyingByteSource', 'IntoUnderlyingSink', 'IntoUnderlyingSource'];
const EXPORT_RE = /^(__wbg_)?intounderlying(bytesource|sink|source)_/;

// --- the bindings --------------------------------------------------------------------------------
const jsPath = path.join(dir, 'field-desk.js');
let js = fs.readFileSync(jsPath, 'utf8');
for (const name of CLASSES) {
  const cls = new RegExp(`^export class ${name} \\{\\n[\\s\\S]*?^\\}\\n(if \\(Symbol\\.dispose\\) ${name}\\.prototype\\[Symbol\\.dispose\\] = ${name}\\.prototype\\.free;\\n)?`, 'gm');
  const reg = new RegExp(`^const ${name}Finalization = \\(typeof FinalizationRegistry === 'undefined'\\)\\n.*\\n.*\\n`, 'gm');
  for (const [what, re] of [['class', cls], ['registry', reg]]) {
    const found = js.match(re) || [];
    if (found.length !== 1) fail(`field-desk.js: ${found.length} ${what} blocks for ${name}, expected 1`);
    js = js.replace(re, '');
  }
  if (new RegExp(`\\b${name}\\b`).test(js)) fail(`field-desk.js still names ${name}`);
}
if (/intounderlying/.test(js)) fail('field-desk.js still calls an intounderlying export');
// The byte source's `type` getter was the one reader of this table.
const ENUM_RE = /^const __wbindgen_enum_ReadableStreamType = .*\n/m;
if (ENUM_RE.test(js) && js.split('__wbindgen_enum_ReadableStreamType').length === 2) js = js.replace(ENUM_RE, '');
fs.writeFileSync(jsPath, js);

// --- the main module's exports -------------------------------------------------------------------
const wasmPath = path.join(dir, 'field-desk_bg.wasm');
let dropped = 0;
let out;
try {
  out = withExports(fs.readFileSync(wasmPath), wasmPath, (entries) =>
    entries.filter((e) => {
      const ours = EXPORT_RE.test(e.name);
      if (ours) dropped++;
      return !ours;
    }),
  );
} catch (e) {
  fail(e.message);
}
if (dropped < CLASSES.length * 3) fail(`field-desk_bg.wasm: only ${dropped} stream exports found`);
fs.writeFileSync(wasmPath, out);
console.log(`drop-streams: ${CLASSES.length} classes out of field-desk.js, ${dropped} exports out of field-desk_bg.wasm`);
