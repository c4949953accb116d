#!/usr/bin/env node
// Gives the main module's imports from its JS bindings short names (issue 32). wasm-bindgen
// names each one after the function and a 16-digit hash (`__wbg_appendChild_4f1baf9a00be3c74`);
// the name is written twice, in the wasm's import section and as a key of the bindings' import
// object, and the hashes do not compress. Renamed in both places to `w0`, `w1`, ... they cost
// about 4.9 KB gzip less, on the page's own files and so on every first visit and seat open.
//
//   node scripts/short-imports.mjs DIR   (build-split.sh, after wasm-opt: DIR holds
//                                         field-desk_bg.wasm and field-desk.js)
//
// Each import's key must be found exactly once in the bindings, at the start of a line, after
// its indentation (how wasm-bindgen writes its import object); anything else stops the build, so a new wasm-bindgen
// layout is a build error, never a page whose imports do not match.
import fs from 'node:fs';
import path from 'node:path';
import { Cursor, checkWasm, uleb } from './wasm-bytes.mjs';

const MODULE = './field-desk_bg.js';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: short-imports.mjs DIR');
  process.exit(2);
}
const wasmPath = path.join(dir, 'field-desk_bg.wasm');
const jsPath = path.join(dir, 'field-desk.js');
const bytes = fs.readFileSync(wasmPath);
let js = fs.readFileSync(jsPath, 'utf8');

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

checkWasm(bytes, wasmPath);
const at = new Cursor(bytes, 8);
const sections = [bytes.subarray(0, 8)];
let renamed = 0;
while (at.pos < bytes.length) {
  const start = at.pos;
  const id = bytes[at.pos++];
  const size = at.leb();
  const end = at.pos + size;
  if (id !== 2) {
    sections.push(bytes.subarray(start, end));
    at.pos = end;
    continue;
  }
  const count = at.leb();
  const entries = [uleb(count)];
  for (let i = 0; i < count; i++) {
    const { module, field, descriptor } = at.importEntry();
    let name = field;
    if (module === MODULE) {
      name = `w${(renamed++).toString(36)}`;
      const key = new RegExp(`^([ \\t]*)${escape(field)}:`, 'gm');
      const found = js.match(key)?.length ?? 0;
      if (found !== 1) throw new Error(`${jsPath}: the import ${field} is a key ${found} times, not once`);
      js = js.replace(key, `$1${name}:`);
    }
    const moduleBytes = Buffer.from(module);
    const nameBytes = Buffer.from(name);
    entries.push(uleb(moduleBytes.length), moduleBytes, uleb(nameBytes.length), nameBytes, descriptor);
  }
  if (at.pos !== end) throw new Error(`${wasmPath}: the import section did not read to its end`);
  const body = Buffer.concat(entries);
  sections.push(Buffer.from([2]), uleb(body.length), body);
}
if (renamed === 0) throw new Error(`${wasmPath}: no import from ${MODULE}`);
fs.writeFileSync(wasmPath, Buffer.concat(sections));
fs.writeFileSync(jsPath, js);
console.log(`short-imports: ${renamed} imports renamed`);
