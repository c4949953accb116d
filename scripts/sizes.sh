#!/usr/bin/env bash
# Sizes of the release build in dist/ (run `bash scripts/build-split.sh` first): raw and gzip -9 bytes
# of the wasm, js and css, one line each, plus the total; then what a first visit transfers and where
# the wasm's bytes go (for the split build: every file, and what the files share). Figures only, no
# assertions.
set -euo pipefail
cd "$(dirname "$0")/.."
DIST="${1:-dist}"
[ -d "$DIST" ] || { echo "sizes: no $DIST/ directory; run bash scripts/build-split.sh first" >&2; exit 1; }

total_raw=0
total_gz=0
printf '%-6s %10s %10s  %s\n' kind raw gzip-9 files
for ext in wasm js css; do
  raw=0
  gz=0
  names=()
  while IFS= read -r -d '' f; do
    r=$(wc -c <"$f")
    g=$(gzip -9 -c "$f" | wc -c)
    raw=$((raw + r))
    gz=$((gz + g))
    names+=("${f#"$DIST"/}")
  done < <(find "$DIST" -type f -name "*.$ext" -print0 | sort -z)
  total_raw=$((total_raw + raw))
  total_gz=$((total_gz + gz))
  printf '%-6s %10d %10d  %s\n' "$ext" "$raw" "$gz" "${names[*]:-(none)}"
done
printf '%-6s %10d %10d\n' total "$total_raw" "$total_gz"

# Each wasm file on its own (a split build has a main wasm and one chunk per system, plus the
# chunks that several systems share; chunk_N.wasm's systems are named in __wasm_split.js).
if [ "$(find "$DIST" -name '*.wasm' | wc -l)" -gt 1 ]; then
  echo
  printf '%-6s %10s %10s  %s\n' wasm raw gzip-9 file
  while IFS= read -r -d '' f; do
    printf '%-6s %10d %10d  %s\n' '' "$(wc -c <"$f")" "$(gzip -9 -c "$f" | wc -c)" "${f#"$DIST"/}"
  done < <(find "$DIST" -type f \( -name '*.wasm' -o -name '*.lzma' \) -print0 | sort -z)
  echo "       (.lzma: LZMA already, gzip adds nothing: the main module, and the offline pack of every other wasm)"
  grep -ho '/\* [a-z_, ]* \*/' "$DIST"/*/__wasm_split.js 2>/dev/null | sed 's/^/       shared chunk of: /' || true
fi

# What a first visit to the campaign list transfers, every request counted (the service worker's
# precache fetches too), measured in headless Chromium with a fresh profile.
echo
node scripts/first-visit.mjs "$DIST"

# Lighthouse (mobile defaults) on the campaign list and on an opened campaign of each system (the
# systems index.html's boot cards name, which tests/boot.rs holds to the app's list).
echo
systems=$(grep -o 'data-system="[^"]*"' index.html | sed 's/^data-system="//; s/"$//' | paste -sd, -)
node scripts/lighthouse.mjs "$DIST" --open "$systems"
node scripts/open-timing.mjs "$DIST"
node scripts/seat-open-timing.mjs "$DIST"

# Where the wasm's bytes go, by crate, by module and by function (the cargo output before
# wasm-bindgen and wasm-opt, which still has names). A split build (scripts/build-split.sh):
# its main wasm and each chunk as the splitter wrote them.
SPLIT_OUT="${SPLIT_TARGET_DIR:-target/split}/split-out/split"
if compgen -G "$DIST/pkg-*/__wasm_split.js" >/dev/null && [ -d "$SPLIT_OUT" ]; then
  echo
  node scripts/wasm-functions.mjs "$SPLIT_OUT/field-desk.wasm" 40
  for f in "$SPLIT_OUT"/split_*.wasm; do
    echo
    node scripts/wasm-functions.mjs "$f" 10
  done
  # Every file side by side (issue 32): each one's size and who fetches it, its code by crate and
  # module, the small chunks the packs copy, and the functions found in more than one file.
  echo
  node scripts/wasm-split-figures.mjs "$DIST" "$SPLIT_OUT"
else
  echo
  node scripts/wasm-functions.mjs target/wasm32-unknown-unknown/release/field-desk.wasm 40
fi
