// The shipped scripts minified by terser (npm devDependency): names shortened, what never runs
// dropped (issue 32: the first visit's and a seat link's bytes are budgeted; about 4 KB gzip).
//
//   node scripts/minify-js.mjs DIR/pkg-*/field-desk.js DIR/register-sw.js   a module, a script
//   node scripts/minify-js.mjs DIR/index.html    the page's inline scripts (each as its own kind)
//   node scripts/minify-js.mjs DIR/sw.js         after scripts/sw-precache.mjs wrote its list in
//
// A module (`.js` under pkg-, `type="module"`) may have its top-level names shortened: only its
// exports are seen from outside. A classic script keeps its top-level names (other scripts and
// the tests use them: `lzmaDecode`, `lzmaDecoder`). The precache list in sw.js stays as the
// tests and sw-precache.mjs read it: `/*FIELD_DESK_PRECACHE*/{...json...}` and a line end.
// `__wasm_split.js` is not minified: the tests and wasm-split-figures.mjs read its table lines.
import fs from 'node:fs';
import path from 'node:path';
import { minify } from 'terser';

const PREPARED = '/*FIELD_DESK_PRECACHE*/';
const STANDIN = '__FIELD_DESK_PRECACHE_JSON__';

async function min(code, module, where) {
  const out = await minify(code, { module, ecma: 2020, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (typeof out.code !== 'string') throw new Error(`${where}: terser gave nothing`);
  return out.code;
}

async function page(file) {
  const html = fs.readFileSync(file, 'utf8');
  const parts = [];
  const re = /<script([^>]*)>([\s\S]*?)<\/script>/g;
  let last = 0;
  for (const m of html.matchAll(re)) {
    const [all, attrs, js] = m;
    parts.push(html.slice(last, m.index));
    last = m.index + all.length;
    if (/\bsrc=/.test(attrs) || !js.trim()) {
      parts.push(all);
      continue;
    }
    const type = /\btype="?([\w/+-]+)/.exec(attrs)?.[1];
    if (type && type !== 'module' && type !== 'text/javascript') throw new Error(`${file}: a script of type ${type}`);
    const code = await min(js, type === 'module', `${file} <script${attrs}>`);
    if (/<\/script/i.test(code)) throw new Error(`${file}: "</script" in a minified script`);
    parts.push(`<script${attrs}>${code}</script>`);
  }
  parts.push(html.slice(last));
  return parts.join('');
}

async function worker(file) {
  const text = fs.readFileSync(file, 'utf8');
  const m = /\/\*FIELD_DESK_PRECACHE\*\/(\{.*?\});?\n/.exec(text);
  if (!m) throw new Error(`${file}: no prepared precache list (run scripts/sw-precache.mjs first)`);
  const code = await min(text.replace(PREPARED + m[1], STANDIN), false, file);
  if (code.split(STANDIN).length !== 2) throw new Error(`${file}: the precache list was moved or copied`);
  // The list ends a line, as the tests read it: a line break before the next token is harmless.
  return code.replace(STANDIN, () => `${PREPARED}${m[1]}\n`);
}

for (const file of process.argv.slice(2)) {
  const before = fs.readFileSync(file, 'utf8').length;
  const base = path.basename(file);
  let out;
  if (base.endsWith('.html')) out = await page(file);
  else if (base === 'sw.js') out = await worker(file);
  else out = await min(fs.readFileSync(file, 'utf8'), path.basename(path.dirname(file)).startsWith('pkg-'), file);
  fs.writeFileSync(file, out);
  console.log(`minify-js: ${file}: ${before} -> ${out.length} bytes`);
}
