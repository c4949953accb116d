#!/usr/bin/env node
// Packs the splitter's small chunks (issue 12), run by scripts/build-split.sh on the wasm-bindgen
// output directory after wasm-opt.
//
// wasm-split writes one chunk for every set of split points that share code: opening one system
// fetched 31 shared chunks besides its own module, most of them a few hundred bytes. Each was a
// request of its own (six at a time over HTTP/1.1, a round trip each on a slow link) and a
// `fetch` and an instantiation on the page's main thread, all started in one task. Here every
// chunk under PACK_BELOW bytes goes into a pack, so opening a system fetches its own module, the
// few large shared chunks, and one pack. The split points that need SHARE_FROM bytes or more of
// small chunks (the systems and the transfer screen) share one pack, pack_shared, holding each
// small chunk once; a split point that needs only a few KB of them (scan) has a pack of its own.
// One pack per split point instead, each with its own copy of every small chunk it needs, made
// the offline download 92 KB gzip heavier (2,279,340 bytes against 2,186,868, issue 32;
// `scripts/wasm-split-figures.mjs` measures the copies) for 13-29 KB less to fetch when a system
// opens before the precache has run (its own pack against the shared one, 47 KB). A chunk is
// instantiated once per page either way.
//
// A pack is itself a valid wasm module, with no code: the 8-byte header, then one custom section
// per chunk, named after it, holding the chunk's bytes. So it is served and compressed as wasm
// (application/wasm) by any host, and the loader slices each chunk out at offsets written here.
//
// __wasm_split.js is rewritten: its prelude (the shared imports and the callback wrapper the main
// module calls through) is kept as the splitter wrote it; each `__wasm_split_load_<split>` then
// fetches its module, its large chunks and its pack at once, instantiates each chunk once, and its
// module last, as the splitter's loader did. A failed load is not remembered: the next call tries
// again. Anything in the splitter's output this script does not recognise stops the build.
//
// A file the service worker has precached (a returning player's device) is read from Cache
// Storage, not fetched: a request the worker answers costs the page's main thread 0.5-1 ms in
// `fetch` itself, seven requests in the one task that opens a system (5-11 ms measured), where
// `caches.match` costs a tenth of that. The files' directory is named after their contents, so any
// cache's copy of an address holds the same bytes (and the worker checked them against the
// build's list when it stored them). Without a copy, no Cache Storage, or one that refuses (a
// private window), the file is fetched as before.
//
//   node scripts/pack-chunks.mjs DIR
import fs from 'node:fs';
import path from 'node:path';
import { lzmaDecode, xz } from './lzma.mjs';
import { SPLITTER_CHUNK, linkCode } from './splitter-output.mjs';

const PACK_BELOW = 32 * 1024;
const SHARE_FROM = 16 * 1024;
const dir = process.argv[2];
const die = (msg) => {
  console.error(`pack-chunks: ERROR: ${msg}`);
  process.exit(1);
};
if (!dir) die('usage: pack-chunks.mjs DIR');
const loaderFile = path.join(dir, '__wasm_split.js');
const src = fs.readFileSync(loaderFile, 'utf8');

// --- the splitter's loader, read -------------------------------------------------------------
const SPLIT = /export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(\(\) => \{\n\s*const src = fetch\(new URL\("\.\/(split_\w+)\.wasm", import\.meta\.url\)\);\n\s*src\.catch\(\(\) => \{\}\);\n\s*return async \(imports\) => \(WebAssembly\.instantiateStreaming\(src, imports\)\);\n\}\n, \[([^\]]*)\]\)\);\n/g;

const first = src.search(/\/\* [a-z0-9_, ]+ \*\/\nconst __chunk_/);
const firstSplit = src.indexOf('export const __wasm_split_load_');
const bodyStart = first >= 0 ? Math.min(first, firstSplit) : firstSplit;
if (bodyStart < 0) die(`${loaderFile}: no loaders found (did the splitter's output change?)`);
const prelude = src.slice(0, bodyStart);
for (const needed of ['function getSharedImports()', 'function wrapAsyncCb(', 'import { initSync }']) {
  if (!prelude.includes(needed)) die(`${loaderFile}: the prelude has no \`${needed}\` (did the splitter's output change?)`);
}
const chunkOf = new Map(); // __chunk_N -> { file, sets }
const splits = []; // { name, file, deps: [__chunk_N] }
let rest = src.slice(bodyStart);
rest = rest.replace(SPLITTER_CHUNK, (_, sets, id, file) => {
  chunkOf.set(id, { file, sets });
  return '';
});
rest = rest.replace(SPLIT, (_, name, file, deps) => {
  splits.push({ name, file, deps: deps.split(',').map((d) => d.trim()).filter(Boolean) });
  return '';
});
if (rest.trim() !== '') die(`${loaderFile}: text this script does not know:\n${rest.trim().slice(0, 400)}`);
if (!splits.length) die(`${loaderFile}: no split points found`);
for (const s of splits) for (const d of s.deps) if (!chunkOf.has(d)) die(`${s.name}: unknown chunk ${d}`);

// --- packs -----------------------------------------------------------------------------------
const size = (name) => fs.statSync(path.join(dir, `${name}.wasm`)).size;
const leb = (n) => {
  const out = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return Buffer.from(out);
};
const packed = new Set();
const plan = [];
const smallOf = (s) => s.deps.map((d) => chunkOf.get(d).file).filter((f) => size(f) < PACK_BELOW);
const largeOf = (s) => s.deps.map((d) => chunkOf.get(d).file).filter((f) => size(f) >= PACK_BELOW);
const bytesOf = (files) => files.reduce((a, f) => a + size(f), 0);
/** Writes `files` into one pack `name`; returns each one's [file, offset, length] in it. */
function writePack(name, files) {
  const parts = [Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00])];
  const members = new Map();
  let at = 8;
  for (const f of files) {
    const bytes = fs.readFileSync(path.join(dir, `${f}.wasm`));
    const label = Buffer.from(f);
    const payload = Buffer.concat([leb(label.length), label, bytes]);
    const head = Buffer.concat([Buffer.from([0]), leb(payload.length), leb(label.length), label]);
    members.set(f, [f, at + head.length, bytes.length]);
    parts.push(head, bytes);
    at += head.length + bytes.length;
    packed.add(f);
  }
  fs.writeFileSync(path.join(dir, `${name}.wasm`), Buffer.concat(parts));
  return members;
}
// The split points whose small chunks come to SHARE_FROM bytes or more share one pack, holding
// each of their small chunks once; the others (a few KB) keep a pack of their own.
const sharing = splits.filter((s) => bytesOf(smallOf(s)) >= SHARE_FROM);
const sharedFiles = [...new Set(sharing.flatMap(smallOf))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
const sharedMembers = sharedFiles.length ? writePack('pack_shared', sharedFiles) : new Map();
for (const s of splits) {
  const small = smallOf(s);
  let pack = null;
  let members = [];
  if (small.length && sharing.includes(s)) {
    pack = 'pack_shared';
    members = small.map((f) => sharedMembers.get(f));
  } else if (small.length) {
    pack = `pack_${s.name}`;
    const own = writePack(pack, small);
    members = small.map((f) => own.get(f));
  }
  plan.push({ ...s, pack, members, large: largeOf(s) });
}
// A chunk every split point took from a pack is no longer fetched on its own.
const stillFetched = new Set(plan.flatMap((p) => p.large));
for (const f of packed) if (!stillFetched.has(f)) fs.rmSync(path.join(dir, `${f}.wasm`));

// --- seat links fetched early (issue 30) -----------------------------------------------------
// A seat link that follows a copy (#s=fd6.…) names its system by the first byte of its payload,
// the system's link code (`Descriptor::LINK_CODE`, src/systems/<module>/mod.rs; `FollowLink`).
// index.html's script reads it from the address as the page starts and fetches that system's
// cold pack at once (where no service worker holds the app yet), beside the main module, instead
// of after the app has started and read the link: a phone on a slow link then waits for the
// bytes once, not for two downloads one after the other. The codes
// are read from the sources here; a system split point without one stops the build.
const follows = {};
for (const p of plan) {
  let code;
  try {
    code = linkCode(p.name);
  } catch (e) {
    die(e.message);
  }
  if (code !== null) follows[code] = p.name;
}
if (!Object.keys(follows).length) die('no system split points found for seat links');
// For scripts/build-split.sh, which writes the codes into index.html (and leaves this file out).
fs.writeFileSync(path.join(dir, 'seat-links.json'), JSON.stringify(follows));

// --- cold packs (issues 30, 32) ---------------------------------------------------------------
// A split point opened before any of its files is on the page or in the precache (a phone opening
// a seat link, a first visit opening a system before the service worker has run) fetches its files
// as one LZMA file, cold_<point>.lzma: its module, its large chunks and the small chunks it needs
// (its share of its pack), one after the other, unpacked by the page's own decoder
// (public/lzma-decode.js, which index.html carries for the main module) in a worker while it
// downloads. About 30% less than the same files gzipped one by one. The precache never lists
// them (the service worker has the offline pack), and a split point opened once some of its
// files are already here fetches only the files it still needs, as before.
const cold = {};
for (const p of plan) {
  // Of its pack, only the small chunks it needs (the shared pack holds every split point's).
  const packBytes = p.pack ? fs.readFileSync(path.join(dir, `${p.pack}.wasm`)) : null;
  const files = [p.file, ...p.large, ...p.members.map(([f]) => f)];
  const bytes = [
    ...[p.file, ...p.large].map((f) => fs.readFileSync(path.join(dir, `${f}.wasm`))),
    ...p.members.map(([, at, length]) => packBytes.subarray(at, at + length)),
  ];
  const whole = Buffer.concat(bytes);
  const lzma = xz(whole);
  if (!Buffer.from(lzmaDecode(lzma, whole.length)).equals(whole)) die(`cold_${p.name}.lzma does not unpack to its files`);
  fs.writeFileSync(path.join(dir, `cold_${p.name}.lzma`), lzma);
  // The loader knows the rest: the pack's name from the module's, the small chunks' sizes
  // from their places in the pack.
  if (p.file !== `split_${p.name}`) die(`${p.file}: a split point's module is not split_<its name>`);
  cold[p.file] = bytes.slice(0, 1 + p.large.length).map((b) => b.length);
}

// --- the new loader --------------------------------------------------------------------------
const loaders = plan
  .map(
    (p) =>
      `/* ${p.name}: its module, ${p.large.length} large shared chunks, ${p.members.length} small ones in ${p.pack ?? 'no pack'} */\n` +
      `export const __wasm_split_load_${p.name} = wrapAsyncCb(packedLoad(${JSON.stringify(p.file)}, ${JSON.stringify(p.large)}, ${JSON.stringify(p.pack)}, ${JSON.stringify(p.members)}));\n`,
  )
  .join('');
const out = `${prelude}// Rewritten by scripts/pack-chunks.mjs: small chunks come in one pack per split point, and a
// split point opened from nothing comes in one LZMA file.
const instances = new Map();
/** Instantiates the chunk \`name\` once per page; a failure is forgotten, so a later call retries. */
function once(name, make) {
    let p = instances.get(name);
    if (p === undefined) {
        p = make();
        p.catch(() => { if (instances.get(name) === p) instances.delete(name); });
        instances.set(name, p);
    }
    return p;
}
/** A task of its own, so that one long task does not hold the page. */
const task = () => new Promise((go) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => go();
    channel.port2.postMessage(null);
});
// Each split point's cold pack (cold_<its name>.lzma, see scripts/pack-chunks.mjs), by its module:
// the sizes of the module and of its large chunks, which come first in it, then its small chunks
// (their sizes are their lengths in the pack). It is unpacked by index.html's LZMA decoder, in a
// worker, while it downloads.
const COLD = ${JSON.stringify(cold)};
// Each split point's large chunks and small chunks, by its module (packedLoad, below).
const points = new Map();
const lzmaDecoder = globalThis.lzmaDecoder;
// Each pack's bytes, once fetched (see packBytes below).
const packBytesOf = new Map();
// The files of a cold pack on its way, each handed to the first load that asks for it.
const unpacked = new Map();
// Set when a cold pack could not be had: from then on, files one by one.
let coldFailed = false;
/** Whether split point \`own\` comes in its cold pack: none of its files here yet, nor precached. */
async function cold(own, large, members) {
    if (coldFailed || !lzmaDecoder || !COLD[own] || unpacked.has(own) || instances.has(own)) return false;
    if ([...large, ...members.map(([name]) => name)].some((f) => instances.has(f))) return false;
    return !(await precached(new URL(\`./\${own}.wasm\`, import.meta.url)));
}
/** Fetches split point \`own\`'s cold pack and hands out each of its files once it is unpacked. */
function fromCold(own, response) {
    const name = own.slice('split_'.length);
    const [large, members] = points.get(own);
    const sizes = COLD[own];
    const files = [[own, sizes[0]], ...large.map((f, i) => [f, sizes[i + 1]]), ...members.map(([f, , size]) => [f, size])];
    const handed = files.map(([file]) => {
        let give, refuse;
        const bytes = new Promise((ok, no) => ((give = ok), (refuse = no)));
        bytes.catch(() => { if (unpacked.get(file) === bytes) unpacked.delete(file); });
        unpacked.set(file, bytes);
        return { give, refuse };
    });
    unpack(name, files.map(([, size]) => size), (i, bytes) => handed[i].give(bytes), response).catch((e) => {
        coldFailed = true;
        for (const h of handed) h.refuse(e);
    });
}
/** The worker's side: the pack fed as it arrives, each file posted back once it is whole. */
function unpacker(lzmaDecoder) {
    let decoder, sizes, next = 0, end = 0;
    onmessage = ({ data }) => {
        try {
            if (data.sizes) {
                sizes = data.sizes;
                decoder = lzmaDecoder(sizes.reduce((a, b) => a + b, 0));
                return;
            }
            if (data.bytes) decoder.push(data.bytes);
            const out = data.bytes ? decoder.run(false) : decoder.run(true).length;
            for (; next < sizes.length && end + sizes[next] <= out; end += sizes[next++]) {
                const file = decoder.out.slice(end, end + sizes[next]);
                postMessage({ file }, [file.buffer]);
            }
        } catch (e) {
            postMessage({ error: String(e?.message ?? e) });
        }
    };
}
/**
 * Fetches cold pack \`name\` (or takes \`response\`, already asked for) and unpacks it in a worker
 * as its bytes arrive, giving each file to \`got\`.
 */
async function unpack(name, sizes, got, response) {
    const r = await (response ?? fetch(new URL(\`./cold_\${name}.lzma\`, import.meta.url)));
    if (!r.ok) throw new Error(\`cold_\${name}.lzma: HTTP \${r.status}\`);
    // The decoder's text passed in (in index.html's minified script it has another name).
    const code = URL.createObjectURL(new Blob([\`(\${unpacker})(\${lzmaDecoder});\`], { type: 'text/javascript' }));
    const worker = new Worker(code);
    try {
        let i = 0;
        const done = new Promise((ok, no) => {
            worker.onmessage = ({ data }) => {
                if (data.error) return no(new Error(\`cold_\${name}.lzma: \${data.error}\`));
                got(i++, data.file);
                if (i === sizes.length) ok();
            };
            worker.onerror = () => no(new Error(\`cold_\${name}.lzma: the worker that unpacks it failed\`));
        });
        worker.postMessage({ sizes });
        const reader = r.body.getReader();
        for (;;) {
            const { done: all, value } = await reader.read();
            if (all) break;
            worker.postMessage({ bytes: value }, [value.buffer]);
        }
        worker.postMessage({ end: true });
        await done;
    } finally {
        worker.terminate();
        URL.revokeObjectURL(code);
    }
}
/** A file of this build: unpacked from a cold pack, the precache's copy, or else fetched. */
async function fetched(file) {
    const mine = unpacked.get(file);
    if (mine !== undefined) {
        unpacked.delete(file);
        return new Response(await mine, { headers: { 'Content-Type': 'application/wasm' } });
    }
    const url = new URL(\`./\${file}.wasm\`, import.meta.url);
    const kept = await precached(url);
    if (kept) return kept;
    const r = await fetch(url);
    if (!r.ok) throw new Error(\`\${file}.wasm: HTTP \${r.status}\`);
    return r;
}
/** The precache's copy of \`url\`, or null (none, no Cache Storage, or it refused). */
async function precached(url) {
    try {
        const r = typeof caches === 'undefined' ? undefined : await caches.match(url.href);
        return r?.ok ? r : null;
    } catch {
        return null;
    }
}
/**
 * A chunk compiled as its bytes arrive, handed on in a task of its own: the end of the compile
 * (on this thread when the last bytes land) and what runs next (instantiating it, then the
 * system's code) are two short tasks, not one long one.
 */
async function compiled(response) {
    const module = await WebAssembly.compileStreaming(response);
    await task();
    return module;
}
// A pack's bytes, fetched once for every split point that takes chunks from it (a seat link
// opens the transfer screen, then a system's: the second would otherwise fetch it again).
function packBytes(pack) {
    let bytes = packBytesOf.get(pack);
    if (bytes === undefined) {
        bytes = fetched(pack).then((r) => r.arrayBuffer());
        bytes.catch(() => { if (packBytesOf.get(pack) === bytes) packBytesOf.delete(pack); });
        packBytesOf.set(pack, bytes);
    }
    return bytes;
}
function packedLoad(own, large, pack, members) {
    points.set(own, [large, members]);
    let loading = undefined;
    const load = async () => {
        if (await cold(own, large, members)) fromCold(own);
        const imports = getSharedImports();
        // Its module compiled as soon as its bytes are in, beside the chunks it needs first.
        const ownModule = instances.has(own) ? null : fetched(own).then(compiled);
        ownModule?.catch(() => {});
        const fromPack = ([name, at, length]) => once(name, async () => {
            const mine = unpacked.get(name);
            unpacked.delete(name);
            return WebAssembly.instantiate(mine ? await mine : new Uint8Array(await packBytes(pack), at, length), imports);
        });
        const fromFile = (name) => once(name, async () => WebAssembly.instantiate(await compiled(fetched(name)), imports));
        await Promise.all([...large.map(fromFile), ...members.map(fromPack)]);
        return once(own, async () => WebAssembly.instantiate(await (ownModule ?? compiled(fetched(own))), imports));
    };
    return () => {
        if (loading === undefined) {
            const thisLoad = load();
            thisLoad.catch(() => { if (loading === thisLoad) loading = undefined; });
            loading = thisLoad;
        }
        return loading;
    };
}
${loaders}// A seat link's cold pack, already asked for by index.html as the page started (see
// scripts/pack-chunks.mjs), is unpacked from the start.
try {
    const sent = globalThis.fieldDeskEarly;
    const own = sent && \`split_\${sent.name}\`;
    if (own && COLD[own]) fromCold(own, sent.response);
} catch {}
`;
fs.writeFileSync(loaderFile, out);

const gone = [...packed].filter((f) => !stillFetched.has(f)).length;
for (const p of plan) {
  const bytes = p.pack ? fs.statSync(path.join(dir, `${p.pack}.wasm`)).size : 0;
  console.log(`pack-chunks: ${p.name}: ${p.large.length} large chunks, ${p.members.length} small in ${p.pack ?? '-'} (${bytes} bytes)`);
}
console.log(`pack-chunks: ${chunkOf.size} chunks, ${gone} now only in packs`);
