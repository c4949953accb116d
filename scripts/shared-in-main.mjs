#!/usr/bin/env node
// The code every system's screen shares, in the main module (issue 32), run by
// scripts/build-split.sh around the splitter.
//
// The splitter puts a function needed by several split points, and not by the main module, into a
// chunk of its own, fetched by each of them. The campaign screen's shared parts (its frame, the
// dice, the log, the share tab, and the Leptos code they instantiate) are such a chunk: every
// system needs it and nothing else does, so the first campaign a device opens fetches it, and it
// made opening a campaign from a cold cache 288-289 KiB beyond the page for two systems (goal
// 250). Here that chunk's functions are made roots of the main module: it comes with the page
// (within the page's own budget), and no system's cold pack carries it: 151-221 KiB. A player who
// opens a campaign, which is what the list is for, fetched it anyway. What those functions call
// in chunks the setup or the transfer screen share with the systems comes into the main module
// too (the splitter puts anything the main module reaches there).
//
//   node scripts/shared-in-main.mjs root IN FIRST_SPLIT_DIR OUT
//       IN: the wasm cargo linked; FIRST_SPLIT_DIR: the splitter's output for IN. Writes OUT: IN
//       with an export (`__fd_page_<n>`) for each function of the chunks whose split points are
//       exactly the systems' (the splitter roots every export in the main module).
//   node scripts/shared-in-main.mjs drop DIR
//       after wasm-bindgen: those exports out of DIR/field-desk_bg.wasm again, so that wasm-opt
//       treats the functions as it treats the rest of the main module.
//
// Anything not as expected (no such chunk, a name not found in IN, no export to drop) stops the
// build.
import fs from 'node:fs';
import path from 'node:path';
import { Cursor, uleb, withExports } from './wasm-bytes.mjs';
import { SPLITTER_CHUNK, linkCode } from './splitter-output.mjs';
import { readWasm } from './wasm-functions.mjs';

const PREFIX = '__fd_page_';
// The campaign screen's other tabs and panels (the share tab, the log, the seats' copies and
// PINs) are not rooted: what the main module's code does not reach of them stays in the chunk.
// With them rooted the page's own files came to 206,909 bytes gzip (goal 204,800); without,
// 199,518, and the slowest cold open (Rapier) 226,685 bytes instead of 217,900.
// Each must name a module the chunk has functions of: one renamed stops the build, where the page
// would otherwise grow unseen.
const LATER = ['sharetab', 'share', 'log', 'copy_view', 'pin'];
const later = (name) => LATER.find((m) => name.startsWith(`field_desk::ui::${m}::`));
const fail = (msg) => {
  console.error(`shared-in-main: error: ${msg}`);
  process.exit(1);
};

/** The systems' split points in `loader`: those named after a system's module. */
function systems(loader) {
  return [...loader.matchAll(/export const __wasm_split_load_(\w+) =/g)]
    .map(([, name]) => name)
    .filter((name) => linkCode(name) !== null)
    .sort();
}

/** Whether a function's body (after its size) is the splitter's call through the table to
 *  another module's function. */
function isShim(bytes) {
  const at = new Cursor(bytes, 0);
  if (at.leb() !== 0) return false; // no locals
  while (bytes[at.pos] === 0x20) {
    at.pos++;
    at.leb();
  }
  if (bytes[at.pos++] !== 0x41) return false; // i32.const
  at.leb();
  if (bytes[at.pos++] !== 0x11) return false; // call_indirect
  at.leb();
  return bytes[at.pos++] === 0 && bytes[at.pos++] === 0x0b && at.pos === bytes.length;
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'root' && args.length === 3) {
  const [input, firstDir, out] = args;
  const loader = fs.readFileSync(path.join(firstDir, '__wasm_split.js'), 'utf8');
  const wanted = systems(loader).join(' ');
  const chunks = [...loader.matchAll(SPLITTER_CHUNK)]
    .filter(([, sets]) => sets.split(/[ ,]+/).filter(Boolean).sort().join(' ') === wanted)
    .map(([, , , file]) => file);
  if (!chunks.length) fail(`no chunk is needed by exactly the systems (${wanted})`);
  const { functions, importedFunctions: imported } = readWasm(input);
  const indexOf = new Map(functions.map((f, i) => [f.symbol, imported + i]));
  const roots = new Set();
  const left = new Set();
  for (const chunk of chunks) {
    const file = path.join(firstDir, `${chunk}.wasm`);
    const { bytes, functions: defined } = readWasm(file);
    defined.forEach((f) => {
      if (isShim(bytes.subarray(f.at, f.at + f.size))) return;
      const module = later(f.name);
      if (module) return void left.add(module);
      const index = indexOf.get(f.symbol);
      if (index === undefined) fail(`${chunk}: ${f.symbol} is not a function of ${input}`);
      roots.add(index);
    });
  }
  const unseen = LATER.filter((m) => !left.has(m));
  if (unseen.length) fail(`LATER names ${unseen.map((m) => `ui::${m}`).join(', ')}, of which ${chunks.join(', ')} has no function (renamed?)`);
  const bytes = withExports(fs.readFileSync(input), input, (entries) => [
    ...entries,
    ...[...roots].map((index, n) => {
      const name = Buffer.from(`${PREFIX}${n}`);
      return { name: `${PREFIX}${n}`, bytes: Buffer.concat([uleb(name.length), name, Buffer.from([0]), uleb(index)]) };
    }),
  ]);
  fs.writeFileSync(out, bytes);
  console.log(`shared-in-main: ${roots.size} functions of ${chunks.join(', ')} rooted in the main module`);
} else if (mode === 'drop' && args.length === 1) {
  const file = path.join(args[0], 'field-desk_bg.wasm');
  let dropped = 0;
  const bytes = withExports(fs.readFileSync(file), file, (entries) =>
    entries.filter((e) => {
      const ours = e.name.startsWith(PREFIX);
      if (ours) dropped++;
      return !ours;
    }),
  );
  if (!dropped) fail(`${file}: no ${PREFIX} export to drop`);
  fs.writeFileSync(file, bytes);
  console.log(`shared-in-main: ${dropped} exports dropped`);
} else {
  console.error('usage: shared-in-main.mjs root IN FIRST_SPLIT_DIR OUT | drop DIR');
  process.exit(2);
}
