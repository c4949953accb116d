#!/usr/bin/env node
// Puts a wasm's functions in an order that gzip compresses better (issue 32): each function
// next to the one most like it, so that gzip's 32 KiB window holds a near copy of what it is
// compressing. The code's meaning does not change; only where each function sits.
//
//   node scripts/order-functions.mjs IN.wasm OUT.wasm
//   wasm-opt --reorder-functions-by-name OUT.wasm -o FINAL.wasm   (build-split.sh does both)
//
// This script does not move code itself: it writes a name section whose names sort in the
// chosen order ("f000000", "f000001", ...), and binaryen's `--reorder-functions-by-name`
// moves the functions and renumbers every call, table entry and export (its output drops the
// names again). Rust's monomorphised copies of one generic, and serde's readers of one shape,
// are near copies of one another, scattered by rustc and the splitter: side by side they cost
// gzip little: on the build of `cf1643f` the offline download went 1,601,738 -> 1,548,647 bytes
// gzip -9 (docs/code-splitting.md).
//
// Likeness: MinHash over the body's 4-byte windows (96 hashes). Order: start at the first
// function, then always the most alike of those left (ties: the earliest). Deterministic: the
// same input gives the same output, so a build stays reproducible.
import fs from 'node:fs';
import { Cursor, checkWasm, uleb } from './wasm-bytes.mjs';

const HASHES = 96;

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: order-functions.mjs IN.wasm OUT.wasm');
  process.exit(2);
}
const bytes = fs.readFileSync(input);
checkWasm(bytes, input);

// The sections, kept byte for byte but for a name section (replaced); the imported functions'
// count (they come first in the index space) and the code section's bodies.
const at = new Cursor(bytes, 8);
let imported = 0;
const bodies = [];
const kept = [];
while (at.pos < bytes.length) {
  const start = at.pos;
  const id = bytes[at.pos++];
  const size = at.leb();
  const end = at.pos + size;
  let drop = false;
  if (id === 0) {
    drop = at.name() === 'name';
  } else if (id === 2) {
    for (let i = at.leb(); i > 0; i--) {
      if (at.importEntry().kind === 0) imported++;
    }
  } else if (id === 10) {
    for (let i = at.leb(); i > 0; i--) {
      const n = at.leb();
      bodies.push(bytes.subarray(at.pos, at.pos + n));
      at.pos += n;
    }
  }
  if (!drop) kept.push(bytes.subarray(start, end));
  at.pos = end;
}

// MinHash signatures: for each of HASHES hash functions, the least hash of the body's 4-byte
// windows. Two bodies agree on a hash as often as their sets of windows overlap (Jaccard).
const seeds = Array.from({ length: HASHES }, (_, i) => Math.imul(i + 1, 0x9e3779b1) >>> 0);
function mix(x, seed) {
  x = Math.imul(x ^ seed, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}
const signatures = bodies.map((body) => {
  const least = new Uint32Array(HASHES).fill(0xffffffff);
  for (let i = 0; i + 4 <= body.length; i++) {
    const window = body.readUInt32LE(i);
    for (let k = 0; k < HASHES; k++) {
      const h = mix(window, seeds[k]);
      if (h < least[k]) least[k] = h;
    }
  }
  return least;
});
function alike(a, b) {
  const x = signatures[a];
  const y = signatures[b];
  let same = 0;
  for (let k = 0; k < HASHES; k++) if (x[k] === y[k]) same++;
  return same;
}

// The chain: from the first function, always on to the most alike of those left.
const order = [];
if (bodies.length) {
  const left = Array.from({ length: bodies.length - 1 }, (_, i) => i + 1);
  let at = 0;
  order.push(0);
  while (left.length) {
    let best = 0;
    let bestScore = -1;
    for (let j = 0; j < left.length; j++) {
      const score = alike(at, left[j]);
      if (score > bestScore) {
        bestScore = score;
        best = j;
        if (score === HASHES) break;
      }
    }
    at = left[best];
    left.splice(best, 1);
    order.push(at);
  }
}
const place = new Array(bodies.length);
order.forEach((fn, i) => {
  place[fn] = i;
});

// The name section: function names only, imports first ("a..."), then "f<place>".
const width = 7;
const entries = [];
for (let i = 0; i < imported; i++) entries.push([i, `a${String(i).padStart(width, '0')}`]);
for (let i = 0; i < bodies.length; i++) entries.push([imported + i, `f${String(place[i]).padStart(width, '0')}`]);
const names = Buffer.concat([
  uleb(entries.length),
  ...entries.map(([index, name]) => Buffer.concat([uleb(index), uleb(name.length), Buffer.from(name)])),
]);
const sectionName = Buffer.from('name');
const content = Buffer.concat([uleb(sectionName.length), sectionName, Buffer.from([1]), uleb(names.length), names]);
fs.writeFileSync(output, Buffer.concat([bytes.subarray(0, 8), ...kept, Buffer.from([0]), uleb(content.length), content]));
