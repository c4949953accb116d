#!/usr/bin/env bash
# The release build (issue 12): a small main wasm and one chunk per system, fetched the first time
# one of its campaigns opens, written to dist/ (or $1), deployable as it is (relative URLs, any
# sub-path, service worker). scripts/test.sh runs the end-to-end tests on it.
#
# Trunk 0.21 cannot run a splitter between cargo and wasm-bindgen, so this script runs the
# pipeline itself (the one cargo-leptos runs for `--split`):
#   1. cargo build --release --features split, linked with --emit-relocs (the splitter needs the
#      relocations) and with Leptos's erase_components cfg (below), into its own target dir
#      (target/split: other RUSTFLAGS would otherwise rebuild the whole of target/ for trunk each
#      time);
#   2. wasm-split-cli (crate wasm_split_cli_support, installed into target/tools on first use):
#      main wasm, one wasm per chunk and __wasm_split.js, the chunks' loader;
#   3. wasm-bindgen --target web --keep-lld-exports (chunks import the main module's memory,
#      table and functions through exports wasm-bindgen would otherwise drop);
#   4. wasm-opt -O3 --low-memory-unused on every wasm (npm binaryen, with the features rustc
#      enables, as index.html passes Trunk), each wasm's functions then ordered for gzip
#      (scripts/order-functions.mjs) and the main module's imports given short names
#      (scripts/short-imports.mjs); then scripts/pack-chunks.mjs puts the many small
#      shared chunks into packs, one the systems share (a request per system instead of some
#      thirty), and rewrites the loader;
#   5. the page: index.html without Trunk's links and with the css written into it, the app's
#      files in pkg-<hash>/ (one build, one directory: a new build never reuses a name), icons,
#      manifest, and the service worker prepared by scripts/sw-precache.mjs (its list holds the
#      chunks too).
# `trunk serve` / `trunk build` stay as they are (without the feature, one wasm): the first is the
# development server. Figures: scripts/sizes.sh, scripts/first-visit.mjs dist --open axis-of-attack.
# The tools (wasm-split-cli, wasm-bindgen, wasm-opt) are scripts/setup.sh's.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
OUT="${1:-dist}"
TARGET_DIR="${SPLIT_TARGET_DIR:-target/split}"
# SPLIT_FEATURES=example-system adds features to the build (the test-only example system, put
# through the splitter as the five are).
FEATURES="split${SPLIT_FEATURES:+,$SPLIT_FEATURES}"
# SPLIT_NAMES=1 keeps the functions' names in every wasm (for profiles: scripts/open-profile.mjs),
# in a target dir of its own; the release build itself never carries them.
NAMES=()
if [ "${SPLIT_NAMES:-}" = 1 ]; then
  export CARGO_PROFILE_RELEASE_STRIP=none
  TARGET_DIR="${SPLIT_TARGET_DIR:-target/split-names}"
  NAMES=(-g)
fi
WASM_OPT_FEATURES=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  --enable-mutable-globals --enable-reference-types --enable-multivalue)

say() { printf 'build-split: %s\n' "$*"; }
die() { printf 'build-split: ERROR: %s\n' "$*" >&2; exit 1; }

# --- tools -----------------------------------------------------------------------------------
command -v wasm-split-cli >/dev/null || die "wasm-split-cli not found: run scripts/setup.sh"
command -v wasm-bindgen >/dev/null || die "wasm-bindgen not found: run scripts/setup.sh"
command -v wasm-opt >/dev/null || die "wasm-opt not found: run scripts/setup.sh"

# --- 1. cargo --------------------------------------------------------------------------------
say "cargo build --release --features $FEATURES (target dir $TARGET_DIR)"
# --cfg erase_components: Leptos's type-erased views (leptos 0.8's `view!` and `#[component]`
# return AnyView and box each reactive `{move || ..}`), so tachys's Render code is compiled once per
# output type, not once per closure and view type: the offline download 2,901,540 -> 2,279,340
# bytes gzip -9, the page's own files 205,172 -> 194,221 (issue 32); nothing drawn differs. Only
# this build has it (the development server and the wasm tests do not).
# std built with the app on a pinned nightly (scripts/setup.sh installs it), where a panic traps
# at once with no message (-Cpanic=immediate-abort): the panic machinery, its formatting and every
# call site's location leave the code (issue 32: the offline download 1,677,015 -> 1,602,124
# bytes gzip -9, the page's own files 182,523 -> 165,588; e2e unchanged). A panic already ended
# the app (`panic = "abort"`); it now says nothing on the console.
RELEASE_TOOLCHAIN="$(cat scripts/release-toolchain)"
RUSTFLAGS="-Clink-args=--emit-relocs --cfg erase_components -Zunstable-options -Cpanic=immediate-abort" \
  CARGO_TARGET_DIR="$TARGET_DIR" cargo "+$RELEASE_TOOLCHAIN" build -Zbuild-std=std,panic_abort \
  --release --locked --target wasm32-unknown-unknown --features "$FEATURES" --bin field-desk
IN="$TARGET_DIR/wasm32-unknown-unknown/release/field-desk.wasm"

# --- 2. split --------------------------------------------------------------------------------
WORK="$TARGET_DIR/split-out"
rm -rf "$WORK"
mkdir -p "$WORK/split" "$WORK/bindgen"
say "wasm-split-cli"
# Twice: the second time with the code every system's screen shares rooted in the main module
# (scripts/shared-in-main.mjs).
mkdir -p "$WORK/first"
wasm-split-cli --out-name field-desk "$IN" "$WORK/first"
node scripts/shared-in-main.mjs root "$IN" "$WORK/first" "$WORK/rooted.wasm"
rm -rf "$WORK/first"
wasm-split-cli --out-name field-desk "$WORK/rooted.wasm" "$WORK/split"
rm "$WORK/rooted.wasm"

# --- 3. wasm-bindgen -------------------------------------------------------------------------
say "wasm-bindgen"
wasm-bindgen "$WORK/split/field-desk.wasm" --out-dir "$WORK/bindgen" --target web \
  --keep-lld-exports --no-demangle --no-typescript
# The loader and the chunks sit next to the bindings they import from.
cp "$WORK/split/__wasm_split.js" "$WORK/bindgen/"
for f in "$WORK"/split/*.wasm; do
  [ "$(basename "$f")" = field-desk.wasm ] || cp "$f" "$WORK/bindgen/"
done
# server_fn's stream classes, which the app never uses, out of the bindings and the main module's
# exports, so that wasm-opt drops their code (scripts/drop-streams.mjs).
node scripts/drop-streams.mjs "$WORK/bindgen"
node scripts/shared-in-main.mjs drop "$WORK/bindgen"

# --- 4. wasm-opt -----------------------------------------------------------------------------
# --low-memory-unused: wasm-opt may fold a pointer's constant offset into the load or store, as
# nothing lives below address 1024 (rustc links the stack first: the stack grows down from 1 MiB
# and the data starts there). The offline download 2,186,868 -> 2,171,964 bytes gzip -9, the
# page's own files 193,754 -> 192,723 (issue 32). `--converge` (-2.5 KB) and `--gufa` (nothing)
# were tried and left out.
# Then, but for a build that keeps its names: every function moved next to the one most like
# it (scripts/order-functions.mjs names them in that order, binaryen moves them), so that gzip
# finds near copies in its window; kept where gzip -9 is smaller for it (not for the smallest
# chunks). The producers and target-features sections are for tools, not browsers: left out.
# Both together: the offline download 1,601,738 -> 1,548,647 bytes gzip -9, the page's own files
# 165,588 -> 162,998 (docs/code-splitting.md).
# -O3, not -Oz: the code grows (3.75 -> 3.93 MB raw) but is more alike, and the one LZMA stream
# (scripts/offline-pack.mjs) sends it in less: 1,001,053 bytes with -Oz, 996,706 with -Os,
# 993,596 with -O2, 978,760 with -O3, 981,765 with -O4 (each with the ordering below;
# the Rust code stays at opt-level "z"). gzip -9 one file at a time is about the same (1,483,396
# with -Oz, 1,481,781 with -O3), so a cold open fetches about as much.
STRIP=(--strip-producers --strip-target-features)
for f in "$WORK"/bindgen/*.wasm; do
  say "wasm-opt -O3 --low-memory-unused $(basename "$f")"
  if [ "${#NAMES[@]}" -gt 0 ]; then
    wasm-opt -O3 --low-memory-unused "${NAMES[@]}" "${WASM_OPT_FEATURES[@]}" "$f" -o "$f"
    continue
  fi
  wasm-opt -O3 --low-memory-unused "${STRIP[@]}" "${WASM_OPT_FEATURES[@]}" "$f" -o "$f"
  node scripts/order-functions.mjs "$f" "$f.named"
  wasm-opt --reorder-functions-by-name "${WASM_OPT_FEATURES[@]}" "$f.named" -o "$f.ordered"
  if [ "$(gzip -9c "$f.ordered" | wc -c)" -lt "$(gzip -9c "$f" | wc -c)" ]; then
    mv "$f.ordered" "$f"
  fi
  rm -f "$f.named" "$f.ordered"
done

say "short-imports"
node scripts/short-imports.mjs "$WORK/bindgen"

say "pack-chunks"
node scripts/pack-chunks.mjs "$WORK/bindgen"

# --- 5. the page -----------------------------------------------------------------------------
hash16() { cat "$@" | sha256sum | cut -c1-16; }
PKG="pkg-$(hash16 "$WORK"/bindgen/*)"
rm -rf "$OUT"
mkdir -p "$OUT/$PKG"
cp "$WORK"/bindgen/* "$OUT/$PKG/"
cp -r public/icons "$OUT/icons"
# Nothing fetches these two, so they are not shipped (nor precached): the tab icon is
# favicon-32.png written into index.html, and icon.svg is the drawing the PNGs are made from.
rm "$OUT/icons/favicon-32.png" "$OUT/icons/icon.svg"
cp public/manifest.webmanifest public/sw.js public/register-sw.js "$OUT/"
# The wasm as one LZMA stream cut in two: the main module's head for the page, the chunks' tail
# for the service worker (scripts/offline-pack.mjs; issue 32).
node scripts/offline-pack.mjs "$OUT/$PKG"
node - "$OUT" "$PKG" <<'EOF'
// index.html as Trunk would write it, but for two things. The css is written into the page (a
// <style>, not a file): the first screen (#boot) is drawn from index.html alone, without waiting a
// round trip for a stylesheet. And the app is fetched once that screen has been painted (the
// browser's first-contentful-paint entry; at once in a hidden tab, which paints nothing, and at
// most 500 ms on), not preloaded: the first paint never waits on, nor shares the link with, the
// app's 170 KB, and it is painted before any of the app's requests end, as it is on a slow link
// (Lighthouse's simulation takes every request that ended before the largest paint to be needed
// for it). A seat link's page fetches it at once, beside its system's cold pack (below).
// The main module travels as LZMA (field-desk_bg.lzma, the head of the offline pack's stream:
// about 20% less than gzip -9 gives), unpacked by public/lzma-decode.js, which the page carries
// inline, then compiled.
// Relative URLs: any sub-path.
const fs = require('node:fs');
const [out, pkg] = process.argv.slice(2);
const mainSize = JSON.parse(fs.readFileSync(`${out}/${pkg}/offline.json`, 'utf8')).headSize;
// Each system's link code and cold pack (scripts/pack-chunks.mjs), for seat links; not shipped.
const seatLinks = fs.readFileSync(`${out}/${pkg}/seat-links.json`, 'utf8');
fs.rmSync(`${out}/${pkg}/seat-links.json`);
const decoder = fs.readFileSync('public/lzma-decode.js', 'utf8');
let html = fs.readFileSync('index.html', 'utf8');
const before = html;
html = html.replace(/^\s*<link data-trunk [^>]*\/>\n/gm, '');
html = html.replace(/^\s*<link data-trunk rel="rust"[\s\S]*?\/>\n/m, '');
if (/data-trunk/.test(html)) throw new Error('index.html: a data-trunk link this script does not know');
if (html === before) throw new Error('index.html: no Trunk links found');
// A seat link that follows a copy (#s=fd6.…) names its system by its payload's first byte (the
// system's link code): on a device whose service worker does not hold the app yet, that system's
// cold pack is asked for at once, and the loader unpacks it as it arrives (see
// scripts/pack-chunks.mjs): a phone on a slow link waits for the bytes once, not for two
// downloads one after the other. A classic script at the top of <head>, run as the page's first
// bytes are parsed: in the module script below (run once the whole page is in) the link stood
// idle for a round trip after the page's last byte.
const early = `<script>
      try {
        const link = /^#s=fd6\\.([A-Za-z0-9_-]{2})/.exec(location.hash);
        const six = (c) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(c);
        const name = link && !navigator.serviceWorker?.controller && ${seatLinks.trim()}[(six(link[1][0]) << 2) | (six(link[1][1]) >> 4)];
        if (name) {
          const response = fetch(\`./${pkg}/cold_\${name}.lzma\`);
          response.catch(() => {});
          // The main module too, at once and not after the first paint: it holds the campaign
          // screen's shared code (scripts/shared-in-main.mjs), and the two share the link.
          const main = fetch('./${pkg}/field-desk_bg.lzma');
          main.catch(() => {});
          globalThis.fieldDeskEarly = { name, response, main };
        }
      } catch {}
    </script>
`;
const css = fs.readFileSync('style/main.css', 'utf8');
if (/<\//.test(css)) throw new Error('style/main.css: "</" would end its <style> early');
const start = `    <style>
${css}    </style>
    <script type="module">
${decoder}
      // The loader (__wasm_split.js) unpacks a split point's cold pack with it too.
      globalThis.lzmaDecoder = lzmaDecoder;
      // The app, fetched once the first screen is on the screen (see scripts/build-split.sh).
      await new Promise((go) => {
        if (document.visibilityState === 'hidden' || globalThis.fieldDeskEarly) return go();
        setTimeout(go, 500);
        // The browser's own word that the first screen is on the screen (its first contentful
        // paint, reported once presented; two frames were not always enough).
        if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
          new PerformanceObserver((list, seen) => {
            if (list.getEntriesByName('first-contentful-paint').length) seen.disconnect(), go();
          }).observe({ type: 'paint', buffered: true });
        } else {
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go)));
        }
      });
      // A seat link's copy is drawn with the time it was made (platform::format_time): the page's
      // first date formatted loads the browser's locale data (90 ms on a phone), so it is done
      // now, while the link is busy with the app's bytes, not after them.
      if (globalThis.fieldDeskEarly) setTimeout(() => new Date().toLocaleString('default', { dateStyle: 'medium', timeStyle: 'short' }));
      const pkg = './${pkg}/';
      // Unpacked, compiled, then started: each in a task of its own (one long task would hold
      // the page).
      const task = () => new Promise((go) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => go();
        channel.port2.postMessage(null);
      });
      // The main module unpacked in a worker as its bytes arrive, and compiled as it comes out
      // of the worker (WebAssembly.compileStreaming): the page's thread stays free (unpacked on
      // it, it took one task of 200-300 ms at Lighthouse's CPU 4x), and the module is compiled
      // by the time its last byte is in. Where no worker can be made, unpacked here once it is in.
      const wasm = (body) => new Response(body, { headers: { 'Content-Type': 'application/wasm' } });
      let broken; // why the unpacking failed, if it did (the compile's own error says less)
      const unpacked = (r) => {
        let worker, code;
        try {
          code = URL.createObjectURL(new Blob([\`const d = (\${lzmaDecoder})(${mainSize}, true);
let sent = 0;
onmessage = ({ data }) => {
  try {
    const n = data ? (d.push(data), d.run(false)) : d.run(true).length;
    if (n > sent) {
      const part = d.out.slice(sent, n);
      sent = n;
      postMessage(part, [part.buffer]);
    }
    if (!data) postMessage(null);
  } catch (e) { postMessage(String(e?.message ?? e)); }
};\`], { type: 'text/javascript' }));
          worker = new Worker(code);
        } catch {
          return r.arrayBuffer().then(async (b) => (await task(), wasm(lzmaDecode(new Uint8Array(b), ${mainSize}, true))));
        }
        return wasm(new ReadableStream({
          start(out) {
            const end = () => (worker.terminate(), URL.revokeObjectURL(code));
            const fail = (e) => ((broken = e), end(), out.error(e));
            worker.onmessage = ({ data }) =>
              typeof data === 'string' ? fail(new Error(\`field-desk_bg.lzma: \${data}\`)) : data ? out.enqueue(data) : (end(), out.close());
            worker.onerror = () => fail(new Error('field-desk_bg.lzma: the worker that unpacks it failed'));
            (async () => {
              const reader = r.body.getReader();
              for (;;) {
                const { done, value } = await reader.read();
                if (done) break;
                worker.postMessage(value, [value.buffer]);
              }
              worker.postMessage(null);
            })().catch(fail);
          },
        }));
      };
      const app = (globalThis.fieldDeskEarly?.main ?? fetch(pkg + 'field-desk_bg.lzma')).then(async (r) => {
        if (!r.ok) throw new Error(\`field-desk_bg.lzma: HTTP \${r.status}\`);
        const module = await WebAssembly.compileStreaming(await unpacked(r)).catch((e) => {
          throw broken ?? e;
        });
        await task();
        return module;
      });
      app.catch(() => {}); // seen below, once the bindings are in
      try {
        const bindings = await import(pkg + 'field-desk.js');
        // Nothing waits for Trunk's start event here: register-sw.js waits for the app's own.
        await bindings.default({ module_or_path: await app });
      } catch (e) {
        // Never a page loading for ever: say so where the page says it is loading.
        const line = document.querySelector('#boot [role=status]');
        if (line) {
          line.textContent = \`Field Desk could not be loaded (\${e.message}). Check the connection, then reload the page.\`;
          line.setAttribute('data-testid', 'boot-failed');
        }
        throw e;
      }
    </script>
  </head>`;
html = html.replace('  </head>', start);
if (!/<meta charset="utf-8" \/>\n/.test(html)) throw new Error('index.html: no <meta charset> to put the early fetch after');
html = html.replace(/(<meta charset="utf-8" \/>\n)/, `$1    ${early}`);
// The css without the spaces only a reader needs (about 300 bytes gzip): runs of white space
// become one, and none is kept around braces, semicolons, commas or after a colon. The sheet has
// no strings and no selector with a space after a colon; a space before one (".a :focus") and
// those calc() needs around + and - are kept.
const minifyCss = (css) =>
  css.replace(/\s+/g, ' ').replace(/\s*([{};,])\s*/g, '$1').replace(/:\s+/g, ':').replace(/;}/g, '}').trim();
// What ships carries no comments (the first visit's bytes are budgeted, issue 12): the page's,
// the css's, and the scripts' whole-line ones.
html = html
  .replace(/^[ \t]*<!--[\s\S]*?-->[ \t]*\n/gm, '')
  .replace(/<!--[\s\S]*?-->/g, '')
  .replace(/<style>([\s\S]*?)<\/style>/g, (all, css) =>
    `<style>${minifyCss(css.replace(/^[ \t]*\/\*[\s\S]*?\*\/[ \t]*\n/gm, '').replace(/\/\*[\s\S]*?\*\//g, ''))}</style>`)
  .replace(/<script([^>]*)>([\s\S]*?)<\/script>/g, (all, attrs, js) =>
    `<script${attrs}>${js.replace(/^[ \t]*\/\/.*\n/gm, '')}</script>`)
  // Nor indentation (the page has no <pre> or <textarea>, and no script string spans lines).
  .replace(/^[ \t]+/gm, '');
fs.writeFileSync(`${out}/index.html`, html);
EOF
# The scripts minified by terser (scripts/minify-js.mjs; about 3 KB gzip of the page's own files),
# before the precache list takes their hashes (sw.js, which it does not list, after it writes the
# list in). The loader keeps its table's lines (the tests read them): only comments and indentation go.
node scripts/minify-js.mjs "$OUT/$PKG/field-desk.js" "$OUT/register-sw.js" "$OUT/index.html"
node scripts/shrink-js.mjs "$OUT/$PKG/__wasm_split.js"
TRUNK_PROFILE=release TRUNK_STAGING_DIR="$OUT" node scripts/sw-precache.mjs
node scripts/minify-js.mjs "$OUT/sw.js"
say "done: $OUT/ ($(find "$OUT/$PKG" -name '*.wasm' | wc -l) wasm files in $PKG/)"
