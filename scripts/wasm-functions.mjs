#!/usr/bin/env node
// Where the wasm's bytes go, by function and by crate: figures to choose size cuts by (what
// twiggy's `top` prints, without another tool to install). Reads the wasm cargo writes before
// wasm-bindgen and wasm-opt (it still has the function names); the shipped file is smaller, the
// ranking is what counts. Figures only, no assertions.
//
//   node scripts/wasm-functions.mjs [WASM] [TOP]   (sizes.sh: top 40)
//   WF_MATCH='regex' node scripts/wasm-functions.mjs ...   also: the bytes of the functions it matches
//
// WASM defaults to target/wasm32-unknown-unknown/release/field-desk.wasm (left by
// `trunk build --release`; sizes.sh passes the split build's main wasm and chunks), TOP to 25.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { Cursor, checkWasm } from './wasm-bytes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A wasm file's functions (their code's size, demangled name, the symbol as stored, and a hash of
 * the body's bytes) and its sections' sizes; scripts/wasm-split-figures.mjs reads every chunk
 * with it.
 */
export function readWasm(file) {
  const bytes = fs.readFileSync(file);
  checkWasm(bytes, file);
  const at = new Cursor(bytes, 8);
  let importedFunctions = 0;
  const bodies = []; // the code section's bodies, in order: [start, size]
  const names = new Map(); // function index -> name
  const sections = new Map(); // section name -> bytes
  while (at.pos < bytes.length) {
    const id = bytes[at.pos++];
    const size = at.leb();
    const end = at.pos + size;
    let label = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'datacount'][id] ?? `section ${id}`;
    if (id === 2) {
      for (let i = at.leb(); i > 0; i--) {
        if (at.importEntry().kind === 0) importedFunctions++;
      }
    } else if (id === 10) {
      for (let i = at.leb(); i > 0; i--) {
        const n = at.leb();
        bodies.push([at.pos, n]);
        at.pos += n;
      }
    } else if (id === 0) {
      const custom = at.name();
      label = `custom "${custom}"`;
      if (custom === 'name') {
        while (at.pos < end) {
          const sub = bytes[at.pos++];
          const subSize = at.leb();
          const subEnd = at.pos + subSize;
          if (sub === 1) {
            for (let i = at.leb(); i > 0; i--) {
              const index = at.leb();
              names.set(index, at.name());
            }
          }
          at.pos = subEnd;
        }
      }
    }
    sections.set(label, (sections.get(label) ?? 0) + size);
    at.pos = end;
  }
  const functions = bodies.map(([at, size], i) => {
    const symbol = names.get(importedFunctions + i) ?? `function[${importedFunctions + i}]`;
    return { size, symbol, name: demangle(symbol), at, body: createHash('sha1').update(bytes.subarray(at, at + size)).digest('base64') };
  });
  return { bytes, functions, sections, importedFunctions };
}

// rustc's legacy symbol mangling (`_ZN` <len><part>... `17h<hash>E`) back to a path.
const ESCAPES = { SP: '@', BP: '*', RF: '&', LT: '<', GT: '>', LP: '(', RP: ')', C: ',' };
// The prebuilt standard library uses the v0 scheme (`_R...`): read its crate root and the plain
// identifiers after it (`_RNvNtNtCs..._4core3fmt5float29float_to_decimal_common_exact` is
// core::fmt::float::float_to_decimal_common_exact); generic arguments and impl blocks are dropped,
// which is enough to say where the bytes go.
function demangleV0(sym) {
  const root = /C(?:s[0-9A-Za-z]*_)?(\d+)/.exec(sym);
  if (!root) return sym;
  const parts = [];
  let i = root.index + root[0].length;
  let n = Number(root[1]);
  for (;;) {
    if (sym[i] === '_') i++;
    parts.push(sym.slice(i, i + n));
    i += n;
    const m = /^(\d+)/.exec(sym.slice(i));
    if (!m) break;
    i += m[0].length;
    n = Number(m[1]);
  }
  return parts.join('::');
}
export function demangle(sym) {
  if (sym.startsWith('_R')) return demangleV0(sym);
  if (!sym.startsWith('_ZN')) return sym;
  const parts = [];
  let i = 3;
  while (i < sym.length && sym[i] !== 'E') {
    const m = /^\d+/.exec(sym.slice(i));
    if (!m) return sym;
    i += m[0].length;
    parts.push(sym.slice(i, i + Number(m[0])));
    i += Number(m[0]);
  }
  if (parts.length > 1 && /^h[0-9a-f]{16}$/.test(parts[parts.length - 1])) parts.pop();
  return parts
    .map((p) =>
      p
        .replace(/^_\$/, '$')
        .replace(/\$u([0-9a-f]+)\$/g, (all, hex) => String.fromCodePoint(parseInt(hex, 16)))
        .replace(/\$(SP|BP|RF|LT|GT|LP|RP|C)\$/g, (all, k) => ESCAPES[k])
        .replace(/\.\./g, '::'),
    )
    .join('::');
}

export const pct = (n, of) => `${((100 * n) / of).toFixed(1)}%`;

// The crate a function belongs to: the first path segment of its name, looking through the
// `<T as Trait>` and `<impl ...>` wrappers rustc puts around method names.
export function crateOf(n) {
  // `<Type as Trait>::method`: the type's crate, or the trait's for a bare generic (`<F as ...>`).
  const qualified = /^<[&*]?(?:mut\s+|const\s+)?(?:dyn\s+)?(.+?) as ([A-Za-z_][A-Za-z0-9_]*)::/.exec(n);
  if (qualified) {
    const own = /^([A-Za-z_][A-Za-z0-9_]*)::/.exec(qualified[1]);
    return own ? own[1] : qualified[2];
  }
  const m = /^<*(?:impl\s+)?([A-Za-z_][A-Za-z0-9_]*)::/.exec(n);
  if (n.startsWith('__wbindgen_describe')) return '(wasm-bindgen describe, dropped)';
  return m ? m[1] : n.startsWith('__') || /^[a-z_0-9]+$/.test(n) ? '(runtime)' : '(other)';
}
// The module a function belongs to, by the same rule, cut to a depth that says where to cut:
// field_desk::<area>::<system or screen> (field_desk::systems::axis_of_attack, field_desk::ui::aoa),
// core:: and alloc::<module> (core::fmt), and the crate alone for the others (serde_json, qrcode).
export function moduleOf(n) {
  const crate = crateOf(n);
  const qualified = /^<[&*]?(?:mut\s+|const\s+)?(?:dyn\s+)?(.+?) as ([A-Za-z_][A-Za-z0-9_:]*?)(?:<|>)/.exec(n);
  let p = n.replace(/^<+(?:impl\s+)?/, '');
  if (qualified) p = /^[A-Za-z_][A-Za-z0-9_]*::/.test(qualified[1]) ? qualified[1] : qualified[2];
  const segs = p.split('::').map((s) => s.replace(/[<>(){}\[\],\s].*$/, ''));
  if (segs[0] !== crate) return crate;
  const depth = crate === 'field_desk' ? 3 : crate === 'core' || crate === 'alloc' || crate === 'std' ? 2 : 1;
  const out = [];
  for (const s of segs.slice(0, depth)) {
    if (!/^[a-z_][a-z0-9_]*$/.test(s)) break; // a type or function name: the module ends here
    out.push(s);
  }
  return out.join('::') || crate;
}
/** Bytes and count of `functions` grouped by `key` (crateOf, moduleOf), largest first. */
export function groupBy(functions, key) {
  const by = new Map();
  for (const f of functions) {
    const k = key(f.name);
    const e = by.get(k) ?? { size: 0, count: 0 };
    e.size += f.size;
    e.count += 1;
    by.set(k, e);
  }
  return [...by].sort((a, b) => b[1].size - a[1].size);
}

// Run as a script (not imported): the one file's figures.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

function main() {
const file = process.argv[2] || path.join(root, 'target/wasm32-unknown-unknown/release/field-desk.wasm');
const top = Number(process.argv[3] || 25);
if (!fs.existsSync(file)) {
  console.log(`wasm-functions: ${path.relative(root, file)} not found; run trunk build --release first`);
  process.exit(0);
}
const { bytes, functions, sections } = readWasm(file);
const codeTotal = functions.reduce((a, f) => a + f.size, 0);
const byModule = groupBy(functions, moduleOf);
const byCrate = groupBy(functions, crateOf);

console.log(`wasm before wasm-bindgen and wasm-opt: ${path.relative(root, file)}, ${bytes.length} bytes`);
console.log(`  code: ${functions.length} functions, ${codeTotal} bytes; data: ${sections.get('data') ?? 0} bytes`);
console.log(`\nBytes of code by crate (top 15):`);
console.log(`${'crate'.padEnd(34)} ${'bytes'.padStart(9)} ${'share'.padStart(6)} ${'fns'.padStart(6)}`);
for (const [c, e] of byCrate.slice(0, 15)) {
  console.log(`${c.padEnd(34)} ${String(e.size).padStart(9)} ${pct(e.size, codeTotal).padStart(6)} ${String(e.count).padStart(6)}`);
}
console.log(`\nBytes of code by module (top 30; field_desk to three segments, core/alloc to two):`);
console.log(`${'module'.padEnd(44)} ${'bytes'.padStart(9)} ${'share'.padStart(6)} ${'fns'.padStart(6)}`);
for (const [m, e] of byModule.slice(0, 30)) {
  console.log(`${m.padEnd(44)} ${String(e.size).padStart(9)} ${pct(e.size, codeTotal).padStart(6)} ${String(e.count).padStart(6)}`);
}
// WF_MATCH=regex: how much code the functions whose names match take (what a cut would move).
if (process.env.WF_MATCH) {
  const re = new RegExp(process.env.WF_MATCH);
  const hit = functions.filter((f) => re.test(f.name));
  const bytes = hit.reduce((a, f) => a + f.size, 0);
  console.log(`\nFunctions matching /${re.source}/: ${hit.length}, ${bytes} bytes (${pct(bytes, codeTotal)})`);
}
console.log(`\nLargest functions (top ${top}):`);
for (const f of [...functions].sort((a, b) => b.size - a.size).slice(0, top)) {
  const shown = f.name.length > 110 ? `${f.name.slice(0, 107)}...` : f.name;
  console.log(`${String(f.size).padStart(8)} ${pct(f.size, codeTotal).padStart(6)}  ${shown}`);
}
}
