#!/usr/bin/env bash
# Sizes of the release build in dist/ (run `trunk build --release` first): raw and gzip -9 bytes
# of the wasm, js and css, one line each, plus the total; then what a first visit transfers and where
# the wasm's bytes go. Figures only, no assertions.
set -euo pipefail
cd "$(dirname "$0")/.."
DIST="${1:-dist}"
[ -d "$DIST" ] || { echo "sizes: no $DIST/ directory; run trunk build --release first" >&2; exit 1; }

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

# What a first visit to the campaign list transfers, every request counted (the service worker's
# precache fetches too), measured in headless Chromium with a fresh profile.
echo
node scripts/first-visit.mjs "$DIST"

# Where the wasm's bytes go, by crate, by module and by function (the cargo output before
# wasm-bindgen and wasm-opt, which still has names).
echo
node scripts/wasm-functions.mjs target/wasm32-unknown-unknown/release/field-desk.wasm 40
