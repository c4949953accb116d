#!/usr/bin/env node
// The release build's wasm as one LZMA stream, cut in two (issue 32): scripts/build-split.sh runs
// it on the build's pkg-*/ folder, after wasm-opt and before index.html and the service worker's
// list are written.
//
//   node scripts/offline-pack.mjs PKG_DIR
//
// The stream holds the main module (field-desk_bg.wasm), then every other wasm of the folder
// (the chunks) cut into their sections and grouped by kind: every chunk's types, then every
// chunk's imports, ..., every chunk's code, every chunk's data. xz (LZMA, preset 9e) sees the
// whole stream at once where gzip sees 32 KiB, so what the chunks and the main module share is
// sent once; grouping like with like is 0.7% less again, and the main module as the stream's
// start lets the chunks refer to its bytes (2% less than two streams).
//   field-desk_bg.lzma  the stream's first bytes, as many as decoding the main module reads: the
//                       page fetches it and unpacks the main module (public/lzma-decode.js, head
//                       mode), where gzip would send about 20% more;
//   offline.lzma        the rest of the stream: the service worker fetches it once, unpacks the
//                       whole stream (its head from the page's copy) and stores each chunk,
//                       rebuilt from its sections, under the chunk's own name;
//   offline.json        the kinds of each chunk's pieces, in order (where each sits follows from
//                       them and the sections' sizes in the stream), for scripts/sw-precache.mjs,
//                       which writes it into sw.js (never fetched).
// The chunks stay in the folder as they are: a page that opens a system before the worker has
// run fetches them one by one. field-desk_bg.wasm leaves it: only the page loads it, from the
// .lzma. Every piece is checked here: the head must decode to the main module, the whole stream
// to every chunk.
import fs from 'node:fs';
import path from 'node:path';
import { lzmaDecode, xz } from './lzma.mjs';
import { Cursor, checkWasm } from './wasm-bytes.mjs';

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) {
  console.error('usage: offline-pack.mjs PKG_DIR');
  process.exit(2);
}
const MAIN = 'field-desk_bg.wasm';

/** A wasm's pieces in file order: its 8-byte header (kind -1), then each section (kind: its id). */
function pieces(bytes, file) {
  checkWasm(bytes, file);
  const out = [{ kind: -1, bytes: bytes.subarray(0, 8) }];
  const at = new Cursor(bytes, 8);
  while (at.pos < bytes.length) {
    const start = at.pos;
    const kind = bytes[at.pos++];
    const size = at.leb();
    at.pos += size;
    out.push({ kind, bytes: bytes.subarray(start, at.pos) });
  }
  if (at.pos !== bytes.length) throw new Error(`${file}: a section runs past the end`);
  return out;
}

const main = fs.readFileSync(path.join(dir, MAIN));
const names = fs.readdirSync(dir).filter((f) => f.endsWith('.wasm') && f !== MAIN).sort();
const chunks = names.map((f) => pieces(fs.readFileSync(path.join(dir, f)), f));
const kinds = [...new Set(chunks.flatMap((c) => c.map((p) => p.kind)))].sort((a, b) => a - b);
const parts = [main];
let offset = main.length;
for (const kind of kinds) {
  for (const c of chunks) {
    for (const p of c) {
      if (p.kind !== kind) continue;
      p.at = offset;
      offset += p.bytes.length;
      parts.push(p.bytes);
    }
  }
}
const stream = Buffer.concat(parts);
const lzma = xz(stream);

// The head: the fewest bytes from which the main module decodes (more bytes decode the same).
const decodesMain = (n) => {
  try {
    return Buffer.from(lzmaDecode(lzma.subarray(0, n), main.length, true)).equals(main);
  } catch {
    return false;
  }
};
let lo = 13;
let hi = lzma.length;
if (!decodesMain(hi)) throw new Error('offline-pack: the stream does not start with the main module');
while (lo < hi) {
  const mid = (lo + hi) >> 1;
  if (decodesMain(mid)) hi = mid;
  else lo = mid + 1;
}
const head = lzma.subarray(0, hi);
const tail = lzma.subarray(hi);

// The whole stream, from the two files, gives back every chunk.
const whole = lzmaDecode(lzma, stream.length);
names.forEach((f, i) => {
  const rebuilt = Buffer.concat(chunks[i].map((p) => whole.subarray(p.at, p.at + p.bytes.length)));
  if (!rebuilt.equals(fs.readFileSync(path.join(dir, f)))) throw new Error(`offline-pack: ${f} does not come back whole`);
});

fs.writeFileSync(path.join(dir, 'field-desk_bg.lzma'), head);
fs.writeFileSync(path.join(dir, 'offline.lzma'), tail);
fs.writeFileSync(
  path.join(dir, 'offline.json'),
  JSON.stringify({
    head: 'field-desk_bg.lzma',
    headSize: main.length,
    tail: 'offline.lzma',
    size: stream.length,
    // Each chunk's pieces by kind, in file order: with the stream's own section sizes, that is
    // where every piece sits (public/sw.js's `places`), a few bytes where offsets were 1.2 KB
    // gzip in sw.js.
    chunks: Object.fromEntries(names.map((f, i) => [f, chunks[i].map((p) => p.kind)])),
  }),
);
fs.rmSync(path.join(dir, MAIN));
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(
  `offline-pack: main module ${kib(main.length)} -> ${kib(head.length)} (field-desk_bg.lzma); ` +
    `${names.length} chunks ${kib(stream.length - main.length)} -> ${kib(tail.length)} (offline.lzma)`,
);
