#!/usr/bin/env bash
# Install whatever the Field Desk build and tests need and is missing; fast when all is present.
#
#   wasm32-unknown-unknown target, the release build's pinned nightly (scripts/release-toolchain,
#   with rust-src and its wasm32 target: scripts/build-split.sh builds std with the app),
#   trunk 0.21.14, wasm-bindgen-cli == Cargo.lock's wasm-bindgen,
#   wasm-split-cli 0.2.4 (wasm_split_cli_support),
#   Debian chromium + chromium-driver, xz-utils (the service worker's offline pack is LZMA, made
#   by xz: scripts/sw-precache.mjs), npm devDependencies (binaryen 132 = wasm-opt, terser, playwright-core).
#
# Works as root on a fresh Debian 12 with rustup, cargo, node and npm. Needs crates.io, the npm
# registry, the Debian archive and rustup's channel; downloads nothing else.
# Never install Debian's `binaryen` package: its wasm-opt (108) silently breaks the wasm.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

TRUNK_VERSION=0.21.14
WASM_OPT_VERSION=132

say() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: ERROR: %s\n' "$*" >&2; exit 1; }

for tool in rustup cargo node npm; do
  command -v "$tool" >/dev/null 2>&1 || die "'$tool' not found on PATH; install it first"
done

# --- Rust wasm target --------------------------------------------------------------------------
if rustup target list --installed | grep -qx 'wasm32-unknown-unknown'; then
  say "rust target wasm32-unknown-unknown: present"
else
  say "rust target wasm32-unknown-unknown: installing"
  rustup target add wasm32-unknown-unknown
fi

# --- the release build's nightly ------------------------------------------------------------
# scripts/build-split.sh builds std with the app (-Zbuild-std), so a panic traps at once
# (-Cpanic=immediate-abort): the panic machinery and every call site's location leave the code
# (issue 32: the offline download 1,677,015 -> 1,602,124 bytes gzip -9). Only that build uses it;
# the tests, lints and the development server stay on stable. Pinned: a nightly that builds
# today may not tomorrow: its name is in scripts/release-toolchain, read by both scripts.
RELEASE_TOOLCHAIN="$(cat scripts/release-toolchain)"
if rustup run "$RELEASE_TOOLCHAIN" rustc --version >/dev/null 2>&1 \
  && rustup component list --toolchain "$RELEASE_TOOLCHAIN" --installed 2>/dev/null | grep -q '^rust-src' \
  && rustup target list --toolchain "$RELEASE_TOOLCHAIN" --installed 2>/dev/null | grep -qx 'wasm32-unknown-unknown'; then
  say "rust $RELEASE_TOOLCHAIN (rust-src, wasm32): present"
else
  say "rust $RELEASE_TOOLCHAIN (rust-src, wasm32): installing (about 300 MB)"
  rustup toolchain install "$RELEASE_TOOLCHAIN" --profile minimal --component rust-src --target wasm32-unknown-unknown
fi

# --- rustfmt and clippy (the lint step of scripts/test.sh) ---------------------------------------
missing_components=""
for c in rustfmt clippy; do
  rustup component list --installed 2>/dev/null | grep -q "^$c" || missing_components="$missing_components $c"
done
if [ -z "$missing_components" ]; then
  say "rustfmt + clippy: present"
else
  say "rust components:$missing_components: installing"
  # shellcheck disable=SC2086
  rustup component add $missing_components
fi

# --- trunk -------------------------------------------------------------------------------------
have_trunk="$(trunk --version 2>/dev/null || true)"
if [ "$have_trunk" = "trunk $TRUNK_VERSION" ]; then
  say "trunk $TRUNK_VERSION: present"
else
  say "trunk $TRUNK_VERSION: installing (found: ${have_trunk:-none}; takes about 7 min)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

# --- wasm-bindgen-cli at the Cargo.lock version -------------------------------------------------
if [ ! -f Cargo.lock ]; then
  say "Cargo.lock absent: cargo generate-lockfile"
  cargo generate-lockfile
fi
WB_VERSION="$(awk '
  /^\[\[package\]\]/ { name = "" }
  /^name = / { name = $3; gsub(/"/, "", name) }
  /^version = / && name == "wasm-bindgen" { v = $3; gsub(/"/, "", v); print v; exit }
' Cargo.lock)"
[ -n "$WB_VERSION" ] || die "no wasm-bindgen package in Cargo.lock"

trunk_wb="$(sed -n 's/^[[:space:]]*wasm_bindgen[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' Trunk.toml)"
[ "$trunk_wb" = "$WB_VERSION" ] || die "Trunk.toml [tools] wasm_bindgen = \"$trunk_wb\" but Cargo.lock has wasm-bindgen $WB_VERSION; make them equal"

have_wb="$(wasm-bindgen --version 2>/dev/null || true)"
have_wbtr="$(wasm-bindgen-test-runner --version 2>/dev/null || true)"
if [ "$have_wb" = "wasm-bindgen $WB_VERSION" ] && [ "$have_wbtr" = "wasm-bindgen-test-runner $WB_VERSION" ]; then
  say "wasm-bindgen-cli $WB_VERSION: present"
else
  say "wasm-bindgen-cli $WB_VERSION: installing (found: ${have_wb:-none}; takes about 2 min)"
  # Not --locked: the crate's own lockfile pins a webpki-roots version the registry lacks.
  cargo install wasm-bindgen-cli --version "$WB_VERSION" --force
fi

# --- wasm-split-cli (the release build: scripts/build-split.sh splits the wasm per system) --------
WSC_VERSION=0.2.4
if command -v wasm-split-cli >/dev/null 2>&1 \
  && grep -q "wasm_split_cli_support $WSC_VERSION " "${CARGO_HOME:-$HOME/.cargo}/.crates.toml" 2>/dev/null; then
  say "wasm-split-cli $WSC_VERSION: present"
else
  say "wasm-split-cli $WSC_VERSION: installing (takes about 4 min)"
  cargo install wasm_split_cli_support --version "$WSC_VERSION" --features build-binary --locked
fi

# --- Crate sources ---------------------------------------------------------------------------------
# Trunk.toml has `offline = true`, so trunk runs `cargo build --offline`: fetch the crates first
# (for every target, wasm32 included). Quick and network-free when everything is cached.
if cargo fetch --offline --quiet >/dev/null 2>&1; then
  say "crates: all in the local cargo cache"
else
  say "crates: cargo fetch"
  cargo fetch --quiet
fi

# --- Chromium, chromedriver and xz (Debian packages) ----------------------------------------------
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] && command -v xz >/dev/null 2>&1; then
  say "chromium + chromedriver + xz: present"
else
  say "chromium + chromedriver + xz: installing with apt-get"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || die "need root (or sudo) to apt-get install chromium chromium-driver xz-utils"
    SUDO=sudo
  fi
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver fonts-liberation xz-utils
fi

# --- npm devDependencies (wasm-opt from npm binaryen, playwright-core without browsers) -----------
# node_modules/.package-lock.json is npm's record of the last install into node_modules.
if [ -f package-lock.json ]; then
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "npm packages: npm ci"
    npm ci --no-audit --no-fund --loglevel=error
  else
    say "npm packages: up to date"
  fi
else
  say "npm packages: npm install (no package-lock.json yet)"
  npm install --no-audit --no-fund --loglevel=error
fi

# --- Final checks --------------------------------------------------------------------------------
wasm_opt_out="$(node_modules/.bin/wasm-opt --version 2>/dev/null || true)"
case "$wasm_opt_out" in
  "wasm-opt version $WASM_OPT_VERSION "* | "wasm-opt version $WASM_OPT_VERSION") ;;
  *) die "node_modules/.bin/wasm-opt --version reported '${wasm_opt_out:-nothing}', expected version $WASM_OPT_VERSION" ;;
esac
[ "$(command -v wasm-opt)" = "$PWD/node_modules/.bin/wasm-opt" ] \
  || die "wasm-opt on PATH is $(command -v wasm-opt), expected node_modules/.bin/wasm-opt"
say "ready: $(trunk --version), $(wasm-bindgen --version), $wasm_opt_out, $(/usr/bin/chromium --version 2>/dev/null | head -n1)"
